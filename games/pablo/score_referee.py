"""The referee on a round's scoring: given each player's cards left (or their points) and who called Pablo, what
each scores this round and why; with the totals before the round, who lands on exactly 50 (English) and whether
the game is over.

A scoring question (``question: "score"``), as the referee page and the API send it: the seat's number (from 0,
in the order of play) in each field's name, as a game under way on paper is entered (:mod:`games.pablo.carry`)::

    {
      "question": "score",
      "variant": "english",           # blank: the table's
      "caller": "Ana",                # who called Pablo
      "cards_0": ["KD", "2S", "AH"],  # a player's cards left (codes, or one string "KD 2S AH") ...
      "points_1": 21,                 # ... or their points (both: they must agree)
      "total_1": 45,                  # total before the round (blank: 0; English, a tied one: asked)
      "dealer": "Carl"                # who dealt this round (blank: who deals the next one is not said)
    }

The question is read into a round's record and scored by :func:`games.pablo.count.play_round`, the code that scores
the record form, so the referee and the score sheet never disagree (seed 001 §7 and §8, seed 004 "Score" and
"Ending the Game"; RULINGS.md, Pablo). Given who dealt, the answer names who deals the next round, as
:meth:`games.pablo.rules.Pablo.next_dealer` decides it for a recorded round (seed 004: "the loser shuffles and
deals"; the French text is silent: RULINGS.md, General, "the deal passes to" the player after the dealer). In
English a tie for the round's win or loss is broken on the totals: a tied player's total left blank is asked
for beside their field, never read as 0 (any other blank total is 0).

>>> from games.pablo.rules import GAME
>>> table = GAME.table(["Ana", "Bea", "Carl"])
>>> ruling = score_ruling(table, {"caller": "Ana", "points_0": 3, "points_1": 3, "points_2": 9})
>>> print(ruling.explanation)
This round: Ana 13, Bea 3, Carl 9.
Ana called Pablo with 3, but Bea has 3: 3 + 10 = 13.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from referee import parse
from referee.game import Errors, Field, InvalidRecord, Rule, Ruling, TableSpec
from referee.text import Text, _, and_join, join

from . import carry, count
from .options import PabloOptions, Variant
from .record import PabloRecord, parse_hands
from .rules_text import (
    RULE_END_ENGLISH,
    RULE_END_FRENCH,
    RULE_NEXT_ENGLISH,
    RULE_NEXT_FRENCH,
    RULE_SCORE_ENGLISH,
    RULE_SCORE_FRENCH,
)
from .values import number_text

if TYPE_CHECKING:
    from .rules import PabloState

Table = TableSpec[PabloOptions]
QUESTION = "score"
MOST_PLAYERS = 8


def seat_fields(name: str | Text, seat: int) -> tuple[Field, Field]:
    """A player's points, or their cards left, under the player's name (points first: a number is one tap on the
    number pad; the cards when their values are the dispute)."""
    return (Field(f"points_{seat}", _("%(name)s: points", name=name), "int", required=False,
                  questions=(QUESTION,)),
            Field(f"cards_{seat}", _("%(name)s: or the cards left", name=name), "cards", required=False,
                  questions=(QUESTION,)))


TOTALS_HELP = _("To see who lands on exactly 50 (English: back to 0) or whose total ends the game; in English, also "
                "who of the players tied for the round's win or loss starts or deals next. Blank: 0, except a tied "
                "player's: it is asked for.")


def total_field(name: str | Text, seat: int) -> Field:
    """A player's total before the round, as a game under way on paper is entered (the same label)."""
    return Field(f"total_{seat}", _("%(name)s: points so far", name=name), "int", required=False,
                 questions=(QUESTION,), help=TOTALS_HELP if seat == 0 else None)


# Asked from a table, the table fills it (who deals the round under way), as it fills each total.
DEALER = Field("dealer", _("Who dealt this round"), "player", required=False, questions=(QUESTION,),
               help=_("To see who deals the next one."))


def score_fields(names: Sequence[str | Text]) -> tuple[Field, ...]:
    """The scoring question's fields for these players, in seat order: each one's cards and points, then each
    one's total so far and who dealt (asked less often: last)."""
    return (*(f for seat, name in enumerate(names) for f in seat_fields(name, seat)),
            *(total_field(name, seat) for seat, name in enumerate(names)), DEALER)


# Every seat of the largest table, for the API's description of the referee's fields.
DESCRIBED = score_fields([_("Player %(n)s", n=seat + 1) for seat in range(MOST_PLAYERS)])


def _variant_table(table: Table, raw: Mapping[str, Any], errors: Errors) -> Table:
    """The table, playing the variant asked about (blank: its own)."""
    variant = parse.choice(raw.get("variant"), [v.value for v in Variant], "variant", errors,
                           default=table.options.variant)
    if variant is None or variant == table.options.variant:
        return table
    return dataclasses.replace(table, options=dataclasses.replace(table.options, variant=variant))


def _moved(refused: InvalidRecord, errors: Errors) -> None:
    """A message of the record's reading (``hands.2.points``), on the referee's field (``points_2``)."""
    for key, message in refused.errors.items():
        parts = key.split(".")
        if parts[0] == "hands" and len(parts) >= 2 and parts[1].isdigit():
            errors.add(f"cards_{parts[1]}" if parts[2:] == ["cards"] else f"points_{parts[1]}", message)
        else:
            errors.add("__all__", message)


def read_round(table: Table, raw: Mapping[str, Any]) -> tuple[Table, PabloRecord, PabloState, frozenset[int], bool]:
    """The question as the round's record and the state before it (the totals given, else 0; its dealer, if
    given), at the table of the variant asked; the seats whose total was given, and whether the dealer was.
    :class:`InvalidRecord` with a message per field."""
    from .rules import GAME  # the rules import this module's question through the referee

    errors = Errors()
    spec = _variant_table(table, raw, errors)
    caller = parse.seat(table.players, raw.get("caller"), "caller", errors, blank=_("Who called Pablo?"))
    dealer = parse.seat(table.players, raw.get("dealer"), "dealer", errors)
    entries = [{"player": name, "cards": raw.get(f"cards_{seat}"), "points": raw.get(f"points_{seat}")}
               for seat, name in enumerate(table.players)]
    read = Errors()
    hands = parse_hands(spec, entries, read)
    if read:
        _moved(InvalidRecord(read.errors), errors)
    totals = {f"total_{seat}": raw.get(f"total_{seat}") for seat in range(table.size)}
    state = GAME.initial_state(spec)
    try:
        state = carry.carry_over(spec, totals, state)  # a game under way: not over, exactly 50 is 0
    except InvalidRecord as exc:
        errors.add_all(exc)
    errors.raise_if_any()
    if dealer is not None:
        state = dataclasses.replace(state, dealer=dealer.index)
    given = frozenset(seat for seat in range(table.size) if not parse.is_blank(totals[f"total_{seat}"]))
    return spec, PabloRecord(caller=caller, hands=hands), state, given, dealer is not None


def next_deal(table: Table, state: PabloState, record: PabloRecord, result: count.RoundResult) -> tuple[Text, ...]:
    """Who deals the next round (English: and who starts it, and why), as a recorded round decides it
    (:meth:`~games.pablo.rules.Pablo.next_dealer`; English: its loser, :func:`.count.next_round`'s lines)."""
    from .rules import GAME

    if table.options.kind is Variant.ENGLISH:
        return result.next_lines
    names = table.players
    return (_("%(dealer)s dealt this round: %(p)s deals the next one.", dealer=names[state.dealer],
              p=names[GAME.next_dealer(table, state, record)]),)


def ask_for_tied_totals(table: Table, result: count.RoundResult, given: frozenset[int]) -> None:
    """English, asked who deals next: a tie for the round's win or loss is broken on the totals (seed 004: "In the
    case of a winning tie, the person with the lowest overall score goes first and in the case of a losing tie,
    the player with the highest overall score shuffles and deals"), so a tied player's total left blank is asked
    for beside the first such player's field, naming each one missing, never read as 0 (``given``: the seats whose
    total was given). Without a tie the answer needs none of them. :class:`InvalidRecord`."""
    winners, losers = count.winners_and_losers(count.ranked(table, result.points, result.scores))
    errors = Errors()
    missing = [s for s in losers if s not in given]
    if len(losers) > 1 and missing:
        errors.add(f"total_{missing[0]}", _(
            "%(who)s tied for the loss: the one with the highest total deals the next round. Enter the points so "
            "far of %(missing)s, or leave who dealt this round blank.",
            who=and_join([table.players[s] for s in losers]), missing=and_join([table.players[s] for s in missing])),
            rule=RULE_NEXT_ENGLISH)
    missing = [s for s in winners if s not in given]
    if len(winners) > 1 and missing:
        errors.add(f"total_{missing[0]}", _(
            "%(who)s tied for the win: the one with the lowest total starts the next round. Enter the points so "
            "far of %(missing)s, or leave who dealt this round blank.",
            who=and_join([table.players[s] for s in winners]), missing=and_join([table.players[s] for s in missing])),
            rule=RULE_NEXT_ENGLISH)
    errors.raise_if_any()


def score_ruling(table: Table, raw: Mapping[str, Any]) -> Ruling:
    """What each player scores this round and why, citing the paragraph it rests on: the caller's score in the
    variant; a total back to 0 at exactly 50, or the end of the game, when the totals given lead there. Given
    who dealt, who deals next: in French the player after the dealer; in English the round's loser, a tie broken
    on the totals, a tied player's asked for when left blank (:func:`ask_for_tied_totals`)."""
    spec, record, state, given, dealt = read_round(table, raw)
    result = count.play_round(spec, state, record)
    names = spec.players
    english = spec.options.kind is Variant.ENGLISH
    if dealt and english and not result.end_lines:
        ask_for_tied_totals(spec, result, given)
    said = join([f"{names[seat]} {number_text(score)}" for seat, score in enumerate(result.scores)], ", ")
    lines: list[Text] = [_("This round: %(scores)s.", scores=said), result.called]
    tapped = [count.hand_line(hand) for hand in record.hands if hand.cards is not None]
    if tapped:  # how the cards count (a player with none: 0)
        lines.append(_("Cards: %(hands)s.", hands=join(tapped, "; ")))
    if given or result.reset or result.end_lines:
        after = join([f"{names[seat]} {number_text(total)}" for seat, total in enumerate(result.totals)], ", ")
        lines.append(_("Totals after the round: %(totals)s.", totals=after))
        lines.extend(result.reset_lines)
        lines.extend(result.end_lines)
    also: tuple[Rule, ...] = ()
    if dealt and not result.end_lines:  # once the game is over, no round follows
        lines.extend(next_deal(spec, state, record, result))
        also = (RULE_NEXT_ENGLISH if english else RULE_NEXT_FRENCH,)
    if result.reset:
        rule = RULE_END_ENGLISH
    elif result.end_lines:
        rule = RULE_END_ENGLISH if english else RULE_END_FRENCH
    else:
        rule = RULE_SCORE_ENGLISH if english else RULE_SCORE_FRENCH
    return Ruling(None, rule, join(lines, "\n"), also=also)  # a line each, as the score sheet's breakdown
