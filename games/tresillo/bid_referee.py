"""The referee on the bidding of Tresillo and L'Ombre: who speaks now, may this player bid this (or pass), does a
bid overcall another, who is the Hombre, what a player may do after passing, and (L'Ombre) who pays to pass.

A bidding question (``question: "bidding"``), as the referee page and the API send it::

    {
      "question": "bidding",
      "dealer": "Ana",             # who deals: the eldest, the player after him, speaks first (at four he sits out)
      "passed": ["Bea"],           # who has passed so far, in any order
      "speaker": "Carl",           # who wants to speak now (blank: whoever's turn it is)
      "says": "vuelta",            # Tresillo: juego, vuelta, solo or pass; L'Ombre: game or pass
                                   #   (blank: what may they say?)
      "highest": "juego",          # Tresillo: the highest bid so far (blank or "none": no bid yet)
      "highest_by": "Ana",         #   and the last player to give it
      "hombre": "Carl"             # L'Ombre: who bid game, if anyone has
    }

What was said so far is read into the bidding as a deal's record is checked (:class:`~games.tresillo.bidding.
Auction`, :class:`~games.tresillo.bidding.OmbreAuction`, :func:`~games.tresillo.bidding.check_passes`), and what
the player wants to say is judged by the code that refuses it in a record, so the referee and the score sheet
never disagree (seed 003, "The Goal and Bidding" and "Game Evolution – Tresillo"; RULINGS.md, Tresillo and L'Ombre).

>>> from games.tresillo.tresillo import TRESILLO
>>> table = TRESILLO.table(["Ana", "Bea", "Carl"])   # Ana deals: Bea speaks first, then Carl, then Ana
>>> ruling = tresillo_bidding_ruling(TRESILLO, table, {"dealer": "Ana", "highest": "vuelta", "highest_by": "Bea",
...                                                    "says": "juego"})
>>> ruling.legal, str(ruling.explanation)
(False, 'Carl bid juego after vuelta: a bid must be at least the highest so far.')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referee import parse
from referee.game import Example, Field, InvalidRecord, Ruling, TableSpec
from referee.parse import Errors
from referee.text import Text, _, and_join, join, ngettext, or_join

from .bidding import ALL_PASSED, BID_WORDS, GAME, SAID_WORDS, Auction, OmbreAuction, check_passes
from .play import DEALER_FIELD, PLAY_FIELDS
from .record import BIDS, PASS
from .rules_text import RULE_BIDS, RULE_FOURTH, RULE_OMBRE_BIDS, RULE_TURNS

if TYPE_CHECKING:
    from .family import HombreGame

BIDDING = "bidding"  # the question
NO_BID = frozenset({"none", "0"})  # the highest bid, when there is none yet
WHO_DEALS = _("Who deals? The player after the dealer, the eldest, speaks first.")


def asks_bidding(situation: Any) -> bool:
    """Whether a situation as sent asks the bidding question."""
    return parse.question_of(situation) == BIDDING


# -- what the question says, typed ----------------------------------------------------------------------------

@dataclass(frozen=True)
class TresilloQuestion:
    """Tresillo's bidding so far, and who wants to say what now (either may be unknown)."""

    auction: Auction
    speaker: int | None = None
    says: str | None = None


@dataclass(frozen=True)
class OmbreQuestion:
    """L'Ombre's bidding so far, and who wants to say what now (either may be unknown)."""

    auction: OmbreAuction
    speaker: int | None = None
    says: str | None = None


def _dealt_in(game: HombreGame[Any, Any, Any], table: TableSpec[Any], raw: Mapping[str, Any],
              errors: Errors) -> tuple[int, ...]:
    """The three dealt in, from the eldest, as the game orders them for a deal this player deals."""
    dealer = parse.seat(table.players, raw.get("dealer"), "dealer", errors, blank=WHO_DEALS)
    if dealer is None:
        return ()
    return game.speaking_order(table, dataclasses.replace(game.initial_state(table), dealer=dealer.index))


def _read(raw: Any) -> Mapping[str, Any]:
    if not isinstance(raw, Mapping):
        raise InvalidRecord({"__all__": _("Describe the bidding: who deals, who has passed, the highest bid.")})
    return raw


def _passes_in_turn(names: Sequence[str], order: tuple[int, ...], passed: Sequence[int], errors: Errors) -> None:
    """Before anyone bids, the players pass in turn from the eldest: ``passed`` are the first of ``order``."""
    first = next((seat for seat in order if seat not in passed), None)
    if first is None:  # all three passed, in turn
        return
    later = [seat for seat in order[order.index(first) + 1:] if seat in passed]
    if later:
        errors.add("passed", _("Nobody has bid yet, so the players passed in turn from the eldest: %(name)s cannot "
                               "have passed before %(first)s.", name=names[later[0]], first=names[first]),
                   rule=RULE_TURNS)


def _sitting_out(names: Sequence[str], order: tuple[int, ...], field: str, seats: Sequence[int],
                 errors: Errors) -> None:
    out = [seat for seat in seats if seat not in order]
    if order and out:
        errors.add(field, _("%(name)s sits this deal out and does not bid.", name=names[out[0]]), rule=RULE_FOURTH)


def parse_tresillo_question(game: HombreGame[Any, Any, Any], table: TableSpec[Any],
                            raw: Any) -> TresilloQuestion:
    """The question as sent, field by field (:class:`InvalidRecord` with a message per field), then what it says
    of the bidding so far, which must be a bidding that can be (a player who passed holds no bid...)."""
    raw = _read(raw)
    errors = Errors()
    names = table.players
    order = _dealt_in(game, table, raw, errors)
    passed = [seat.index for seat in parse.seats(names, raw.get("passed"), "passed", errors)]
    given = raw.get("highest")
    highest = None
    if not parse.is_blank(given) and str(given).strip().lower() not in NO_BID:
        highest = parse.choice(given, BIDS, "highest", errors,
                               wrong=_("The highest bid so far is juego, vuelta or solo (or none yet)."))
    by = parse.seat(names, raw.get("highest_by"), "highest_by", errors)
    speaker = parse.seat(names, raw.get("speaker"), "speaker", errors)
    says = parse.choice(raw.get("says"), (*BIDS, PASS), "says", errors,
                        wrong=_("A bid is juego, vuelta or solo, or pass."))
    if highest is not None and by is None and "highest_by" not in errors:
        errors.add("highest_by", _("Who gave the highest bid so far?"))
    if highest is None and by is not None and "highest" not in errors:
        errors.add("highest", _("Which is the highest bid so far: juego, vuelta or solo?"))
    errors.raise_if_any()
    _sitting_out(names, order, "passed", passed, errors)
    _sitting_out(names, order, "highest_by", [by.index] if by is not None else [], errors)
    if by is not None and by.index in passed and "passed" not in errors:
        errors.add("passed", _("%(name)s holds the highest bid, so has not passed: a player who passed speaks no "
                               "more.", name=by.name), rule=RULE_TURNS)
    if highest is None and "passed" not in errors:
        _passes_in_turn(names, order, passed, errors)
    errors.raise_if_any()
    holder = (by.index, str(highest)) if by is not None and highest is not None else None
    return TresilloQuestion(Auction(order, frozenset(passed), holder), speaker.index if speaker else None,
                            str(says) if says is not None else None)


def parse_ombre_question(game: HombreGame[Any, Any, Any], table: TableSpec[Any], raw: Any) -> OmbreQuestion:
    """The question as sent, field by field, then what it says of the bidding so far: who passed beside who bid
    game is checked as a record's (:func:`~games.tresillo.bidding.check_passes`), and before anyone bids the
    players passed in turn from the eldest."""
    raw = _read(raw)
    errors = Errors()
    names = table.players
    order = _dealt_in(game, table, raw, errors)
    passed = [seat.index for seat in parse.seats(names, raw.get("passed"), "passed", errors)]
    hombre = parse.seat(names, raw.get("hombre"), "hombre", errors)
    speaker = parse.seat(names, raw.get("speaker"), "speaker", errors)
    says = parse.choice(raw.get("says"), (GAME, PASS), "says", errors, wrong=_("Bid game, or pass."))
    errors.raise_if_any()
    if hombre is not None and hombre.index not in order:
        errors.add("hombre", _("%(name)s deals this deal and sits it out: the Hombre is one of %(names)s.",
                               name=hombre.name, names=join([names[seat] for seat in order])), rule=RULE_FOURTH)
    elif hombre is not None:
        check_passes(names, order, hombre.index, passed, errors)
    else:
        _sitting_out(names, order, "passed", passed, errors)
        if "passed" not in errors:
            _passes_in_turn(names, order, passed, errors)
    errors.raise_if_any()
    in_turn = tuple(seat for seat in order if seat in passed)
    bid_by = hombre.index if hombre is not None and hombre.index not in passed else None
    return OmbreQuestion(OmbreAuction(order, in_turn, bid_by), speaker.index if speaker else None,
                         str(says) if says is not None else None)


# -- Tresillo's answers ---------------------------------------------------------------------------------------

def tresillo_bidding_ruling(game: HombreGame[Any, Any, Any], table: TableSpec[Any], raw: Any) -> Ruling:
    """The answer to a Tresillo bidding question as sent (:func:`parse_tresillo_question`), quoting its rule."""
    question = parse_tresillo_question(game, table, raw)
    auction, names = question.auction, table.players
    if question.speaker is None and question.says is None:
        return _tresillo_stands(auction, names)
    speaker = question.speaker if question.speaker is not None else auction.turn
    if speaker is None:  # something said after the end, by whoever's turn it would be
        stands = _tresillo_stands(auction, names)
        return Ruling(False, stands.rule, stands.explanation)
    refused = auction.refusal(speaker, question.says or PASS, names)
    if refused is not None:
        return Ruling(False, refused[1], refused[0])
    if question.says is None:
        return Ruling(None, RULE_TURNS, _tresillo_may_say(auction, speaker, names))
    return _tresillo_said(auction, speaker, question.says, names)


def _hombre_at(auction: Auction, names: Sequence[str]) -> Text:
    assert auction.highest is not None
    seat, bid = auction.highest
    return _("The bidding is over: two players have passed, and %(name)s, who holds the highest bid, is the Hombre "
             "at %(bid)s.", name=names[seat], bid=BID_WORDS[bid])


def _tresillo_stands(auction: Auction, names: Sequence[str]) -> Ruling:
    """Where the bidding stands: over (who is the Hombre, or nobody), or who speaks now and what they may say."""
    if auction.all_passed:
        return Ruling(None, RULE_TURNS, ALL_PASSED)
    if auction.over:
        return Ruling(None, RULE_TURNS, _hombre_at(auction, names))
    assert auction.turn is not None
    return Ruling(None, RULE_TURNS, _tresillo_may_say(auction, auction.turn, names))


def _tresillo_may_say(auction: Auction, seat: int, names: Sequence[str]) -> Text:
    if auction.highest is None:
        return _("No bid yet: %(name)s speaks now, and may bid juego, vuelta or solo, or pass.", name=names[seat])
    holder, bid = auction.highest
    return _("The highest bid so far is %(bid)s, %(holder)s's. %(name)s speaks now, and may bid %(bids)s, or pass: "
             "a bid must be at least the highest so far, and of equal bids the last to give it is the Hombre.",
             bid=BID_WORDS[bid], holder=names[holder], name=names[seat],
             bids=or_join([BID_WORDS[b] for b in auction.bids_allowed()]))


def _tresillo_next(auction: Auction, names: Sequence[str]) -> Text:
    """What follows once something was said: the end of the bidding, or who speaks next."""
    if auction.all_passed:
        return ALL_PASSED
    if auction.over:
        return _hombre_at(auction, names)
    assert auction.turn is not None
    return _("%(name)s speaks next.", name=names[auction.turn])


def _tresillo_said(auction: Auction, seat: int, said: str, names: Sequence[str]) -> Ruling:
    """``seat`` may say ``said`` (checked): why, and what follows."""
    name, after = names[seat], auction.after(seat, said)
    rule = RULE_BIDS
    if said == PASS:
        rule, main = RULE_TURNS, _("%(name)s may pass, and then speaks no more in this bidding (nobody pays to "
                                   "pass).", name=name)
    elif auction.highest is None:
        rule, main = RULE_TURNS, _("%(name)s may bid %(bid)s, the first bid.", name=name, bid=BID_WORDS[said])
    elif auction.highest[1] == said:
        main = _("%(name)s may bid %(bid)s, equal to %(holder)s's: of equal bids the last to give it is the Hombre, "
                 "so %(name)s now holds the bid.", name=name, bid=BID_WORDS[said], holder=names[auction.highest[0]])
    else:
        main = _("%(name)s may bid %(bid)s: it is higher than %(holder)s's %(highest)s.", name=name,
                 bid=BID_WORDS[said], holder=names[auction.highest[0]], highest=BID_WORDS[auction.highest[1]])
    return Ruling(True, rule, join([main, _tresillo_next(after, names)], " "))


# -- L'Ombre's answers ----------------------------------------------------------------------------------------

def ombre_bidding_ruling(game: HombreGame[Any, Any, Any], table: TableSpec[Any], raw: Any) -> Ruling:
    """The answer to a L'Ombre bidding question as sent (:func:`parse_ombre_question`), quoting its rule."""
    question = parse_ombre_question(game, table, raw)
    auction, names = question.auction, table.players
    if question.speaker is None and question.says is None:
        return Ruling(None, RULE_OMBRE_BIDS, _ombre_stands(auction, names))
    speaker = question.speaker if question.speaker is not None else auction.turn
    if speaker is None:  # something said after the end, by whoever's turn it would be
        return Ruling(False, RULE_OMBRE_BIDS, _ombre_stands(auction, names))
    refused = auction.refusal(speaker, question.says or PASS, names)
    if refused is not None:
        return Ruling(False, refused[1], refused[0])
    if question.says is None:
        return Ruling(None, RULE_OMBRE_BIDS, _ombre_may_say(auction, speaker, names))
    name, after = names[speaker], auction.after(speaker, question.says)
    if question.says == GAME:
        main = _("%(name)s may bid game: %(name)s is then the Hombre, and the bidding stops.", name=name)
        return Ruling(True, RULE_OMBRE_BIDS, join([main, _paid_to_pass(after, names)], " "))
    main = _("%(name)s may pass, and pays a lesser counter to the stakes.", name=name)
    if after.all_passed:
        return Ruling(True, RULE_OMBRE_BIDS, join([main, _(
            "All three have then passed: each pays a lesser counter, and the eldest, %(name)s, is the Hombre.",
            name=names[after.order[0]])], " "))
    assert after.turn is not None
    return Ruling(True, RULE_OMBRE_BIDS, join([main, _("%(name)s speaks next.", name=names[after.turn])], " "))


def _paid_to_pass(auction: OmbreAuction, names: Sequence[str]) -> Text:
    """Who passed, each paying a lesser counter to the stakes (seed 003: "When you pass, you pay one Lesser
    Counter to the stakes")."""
    if not auction.passed:
        return _("Nobody passed before, so nobody pays for passing.")
    return ngettext("%(names)s passed, and pays a lesser counter to the stakes.",
                    "%(names)s passed, and pay a lesser counter each to the stakes.", len(auction.passed),
                    names=and_join([names[seat] for seat in auction.passed]))


def _ombre_stands(auction: OmbreAuction, names: Sequence[str]) -> Text:
    """Where the bidding stands: who bid game, or all three passed, and who pays; or who speaks now."""
    if auction.bid_by is not None:
        bid = _("%(hombre)s bid game: %(hombre)s is the Hombre, and the bidding is over.",
                hombre=names[auction.bid_by])
        return join([bid, _paid_to_pass(auction, names)], " ")
    if auction.all_passed:
        return join([_("All three passed: the eldest, %(name)s, is the Hombre.", name=names[auction.order[0]]),
                     _paid_to_pass(auction, names)], " ")
    assert auction.turn is not None
    return _ombre_may_say(auction, auction.turn, names)


def _ombre_may_say(auction: OmbreAuction, seat: int, names: Sequence[str]) -> Text:
    may = _("%(name)s speaks now, and may bid game (and is then the Hombre: the bidding stops) or pass (a lesser "
            "counter to the stakes).", name=names[seat])
    return join([may, _paid_to_pass(auction, names)], " ") if auction.passed else may


# -- the referee page -----------------------------------------------------------------------------------------

QUESTION = Field("question", _("Question"), "choice", required=False, default="play",
                 choices=(("play", _("May this card be played? / Who wins the trick?")),
                          (BIDDING, _("Bidding: may I bid? Who is the Hombre?"))))
SPEAKER = Field("speaker", _("Who wants to speak now"), "player", required=False,
                help=_("Leave it blank for whoever's turn it is."))
PASSED = Field("passed", _("Who has passed"), "players", required=False, default=[], unordered=True)
TRESILLO_BIDDING_FIELDS: tuple[Field, ...] = (
    Field("highest", _("Highest bid so far"), "choice", required=False, default="none",
          choices=(("none", _("No bid yet")), *((b, BID_WORDS[b]) for b in BIDS))),
    Field("highest_by", _("Bid by"), "player", required=False,
          help=_("If two players gave it, the last to give it.")),
    PASSED,
    SPEAKER,
    Field("says", _("What they want to say"), "choice", required=False,
          choices=tuple((b, SAID_WORDS[b]) for b in (*BIDS, PASS)),
          help=_("Leave it blank to see what they may say.")),
)
OMBRE_BIDDING_FIELDS: tuple[Field, ...] = (
    PASSED,
    Field("hombre", _("Who bid game, if anyone has"), "player", required=False),
    SPEAKER,
    Field("says", _("What they want to say"), "choice", required=False,
          choices=((GAME, _("bid game")), (PASS, SAID_WORDS[PASS])),
          help=_("Leave it blank to see what they may say.")),
)


def ruling_fields(bidding: Sequence[Field]) -> tuple[Field, ...]:
    """A game's referee form: the question, the play's fields, who deals (asked by both), the bidding's fields;
    the page shows each question's own."""
    return (QUESTION, *(dataclasses.replace(f, questions=("play",)) for f in PLAY_FIELDS), DEALER_FIELD,
            *(dataclasses.replace(f, questions=(BIDDING,)) for f in bidding))


TRESILLO_RULING_FIELDS = ruling_fields(TRESILLO_BIDDING_FIELDS)
OMBRE_RULING_FIELDS = ruling_fields(OMBRE_BIDDING_FIELDS)

# The disputes of a bidding, for the referee page. Players are named by seat, and "Player 1" deals, so Player 2
# speaks first, then Player 3; the third to speak (Player 1 at three, Player 4 at four, where the dealer sits out)
# is left for the referee to name, so that each example asks the same at a table of three and of four.
TRESILLO_EXAMPLES: tuple[Example, ...] = (
    Example(_("Vuelta was bid: may the next player bid juego?"),
            {"question": BIDDING, "dealer": "Player 1", "highest": "vuelta", "highest_by": "Player 2",
             "speaker": "Player 3", "says": "juego"}),
    Example(_("Juego was bid: may the next player say juego too, and take the bid?"),
            {"question": BIDDING, "dealer": "Player 1", "highest": "juego", "highest_by": "Player 3", "says": "juego"}),
    Example(_("I passed: may I bid now?"),
            {"question": BIDDING, "dealer": "Player 1", "highest": "juego", "highest_by": "Player 3",
             "passed": ["Player 2"], "speaker": "Player 2", "says": "vuelta"}),
    Example(_("Vuelta, then a pass: if the last player passes too, who is the Hombre?"),
            {"question": BIDDING, "dealer": "Player 1", "highest": "vuelta", "highest_by": "Player 2",
             "passed": ["Player 3"], "says": PASS}),
)
OMBRE_EXAMPLES: tuple[Example, ...] = (
    Example(_("They bid game: may I outbid them?"),
            {"question": BIDDING, "dealer": "Player 1", "hombre": "Player 2", "speaker": "Player 3", "says": GAME}),
    Example(_("I passed: may I bid game now?"),
            {"question": BIDDING, "dealer": "Player 1", "passed": ["Player 2"], "speaker": "Player 2", "says": GAME}),
    Example(_("Two passed: may the last player bid game, and what do the others pay?"),
            {"question": BIDDING, "dealer": "Player 1", "passed": ["Player 2", "Player 3"], "says": GAME}),
    Example(_("Two passed and the last player passes too: who is the Hombre?"),
            {"question": BIDDING, "dealer": "Player 1", "passed": ["Player 2", "Player 3"], "says": PASS}),
)
