"""Pablo's referee: may I put these cards down (a French pair, an English match), use this card's power, call
Pablo now, keep the card I drew? Each answer cites its section of the rules page.

The situation, as the referee page and the API send it (every field optional but what the question needs):
``variant`` (the table's by default), ``question`` (``match``, ``power``, ``call`` or ``keep``), ``cards`` (the
cards put down), ``discard_top``, ``drawn`` (the card drawn this turn), ``source`` (``stock``, ``discard`` or
``field``: put down as a match), ``kept`` (kept in the field, not discarded), ``hand`` (the player's cards
before, to see them after), ``player``, ``target`` (the other player of a spy or a swap, or whose card was
matched), ``caller`` (who has called Pablo), ``moment`` (``end_of_turn``, ``during_turn``, ``other_turn``) and
``no_cards`` (the player's field is empty).

>>> from games.pablo.rules import GAME
>>> table = GAME.table(["Ana", "Bea", "Carl"])
>>> answer = ruling(table, {"question": "match", "hand": "5S 3H 8C 5D", "cards": "5S 5D", "drawn": "4H"})
>>> answer.legal, str(answer.rule), str(answer.explanation).split(". ")[-1]
(True, 'Pairs, triples and quadruples (French)', 'Your cards after: 4♥ 3♥ 8♣ (15 points).')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee import parse
from referee.cards import Card, DeckKind
from referee.game import Example, Field, Rule, Ruling, TableSpec
from referee.parse import Errors, InvalidRecord
from referee.text import Text, _, join
from referee.values import Seat

from .options import PabloOptions, Variant
from .record import card_list
from .rules_text import (
    RULE_CALL,
    RULE_CALLER_PROTECTED,
    RULE_EMPTY_FIELD,
    RULE_ENGLISH_DRAW,
    RULE_ENGLISH_POWERS,
    RULE_FRENCH_POWERS,
    RULE_KEPT_IN_PLACE,
    RULE_KING_LOOKS,
    RULE_LAST_TURNS,
    RULE_MATCH,
    RULE_MATCH_NO_POWER,
    RULE_MATCH_OTHERS,
    RULE_PAIRS,
    RULE_POWER_WHEN,
    RULE_TURN,
    RULE_WRONG_MATCH,
    RULE_WRONG_PAIR,
)
from .score_referee import DESCRIBED, score_fields, score_ruling
from .score_referee import QUESTION as SCORE
from .values import card_text, cards_text, decks_for, hand_value, number_text

Table = TableSpec[PabloOptions]

QUESTIONS: tuple[tuple[str, Text], ...] = (
    ("match", _("Put cards down (match, pair)")),
    ("power", _("Use a card's power")),
    ("call", _("Call Pablo")),
    ("keep", _("Keep the card drawn")),
    (SCORE, _("Score a round")),
)
SOURCES: tuple[tuple[str, Text], ...] = (
    ("stock", _("The stock (draw pile)")),
    ("discard", _("The discard pile")),
    ("field", _("A field, as a match")),
)
MOMENTS: tuple[tuple[str, Text], ...] = (
    ("end_of_turn", _("At the end of my turn, before the next player draws")),
    ("during_turn", _("Before finishing my turn")),
    ("other_turn", _("During another player's turn")),
)
VARIANTS: tuple[tuple[str, Text], ...] = (
    (Variant.FRENCH.value, _("French")),
    (Variant.ENGLISH.value, _("English")),
)

# The referee form: the variant and the question, then each question's own fields (the page shows those of the
# question asked: ``questions``); the scoring question's are per seat (:meth:`~games.pablo.rules.Pablo.referee_fields`).
BASE_FIELDS: tuple[Field, ...] = (
    Field("variant", _("Variant"), "choice", required=False, choices=VARIANTS,
          help=_("Empty: the table's variant (French without a table).")),
    Field("question", _("Question"), "choice", required=False, default="match", choices=QUESTIONS),
    Field("cards", _("Cards put down"), "cards", required=False, questions=("match",),
          help=_("English: the one card put on the discard pile as a match. French: the pair, triple or "
                 "quadruple.")),
    Field("discard_top", _("Top card of the discard pile"), "card", required=False, questions=("match",),
          help=_("English match: the card to match.")),
    Field("drawn", _("Card drawn this turn"), "card", required=False, questions=("match", "power", "keep"),
          help=_("A power: the card with the power. A French pair: the card that takes its place.")),
    Field("source", _("Where that card came from"), "choice", required=False, default="stock", choices=SOURCES,
          questions=("power",)),
    Field("kept", _("Kept in the field instead of discarded"), "bool", required=False, default=False,
          questions=("power",),
          help=_("A power works only on a card drawn from the stock that goes straight onto the discard pile.")),
    Field("hand", _("Your cards before (to see them after)"), "cards", required=False, questions=("match",)),
    Field("player", _("Who plays"), "player", required=False, questions=("match", "power", "call", "keep")),
    Field("target", _("The other player (spy, swap, or whose card was matched)"), "player", required=False,
          questions=("match", "power")),
    Field("caller", _("Who has called Pablo, if anyone"), "player", required=False,
          questions=("power", "call", "keep", SCORE)),
    Field("moment", _("When (to call Pablo)"), "choice", required=False, default="end_of_turn", choices=MOMENTS,
          questions=("call",)),
    Field("no_cards", _("No cards left in the field"), "bool", required=False, default=False,
          questions=("power", "keep"),
          help=_("Nothing to swap or look at, and a card drawn must be discarded.")),
)
# Described for the API: every seat of the largest table.
RULING_FIELDS: tuple[Field, ...] = (*BASE_FIELDS, *DESCRIBED)

@dataclass(frozen=True)
class PabloExample(Example):
    """An example with the verdict the referee gives it (the tests check each one; a round's scoring has none)."""

    legal: bool | None


def seats(entries: Sequence[int], **more: Any) -> dict[str, Any]:
    """A scoring example's points, seat by seat for the largest table (a smaller one asks its own seats only):
    the example reads the same at any table, its players being the first seats."""
    return {"question": SCORE, **{f"points_{seat}": points for seat, points in enumerate(entries)}, **more}




EXAMPLES: tuple[PabloExample, ...] = (
    PabloExample(_("French: I hold 5 3 / 8 5 and draw a 4. May I replace my pair of 5s?"),
                 {"variant": "french", "question": "match", "hand": ["5S", "3H", "8C", "5D"], "cards": ["5S", "5D"],
                  "drawn": "4H"}, legal=True),
    PabloExample(_("French: I put down 5 and 6 as a pair…"),
                 {"variant": "french", "question": "match", "hand": ["5S", "3H", "8C", "6D"], "cards": ["5S", "6D"],
                  "drawn": "4H"}, legal=False),
    PabloExample(_("English: a 5 is on the discard pile. May I put my 5 on it?"),
                 {"variant": "english", "question": "match", "discard_top": "5H", "cards": ["5C"],
                  "hand": ["5C", "KD", "9S", "2H"]}, legal=True),
    PabloExample(_("English: I put a 6 on the 5 of the discard pile…"),
                 {"variant": "english", "question": "match", "discard_top": "5H", "cards": ["6C"],
                  "hand": ["6C", "KD", "9S", "2H"]}, legal=False),
    PabloExample(_("English: Player 2 called Pablo. May I swap with them with my Queen?"),
                 {"variant": "english", "question": "power", "drawn": "QS", "source": "stock", "player": "Player 1",
                  "target": "Player 2", "caller": "Player 2"}, legal=False),
    PabloExample(_("English: Player 2 called Pablo. May my King look at one of their cards?"),
                 {"variant": "english", "question": "power", "drawn": "KS", "source": "stock", "player": "Player 1",
                  "target": "Player 2", "caller": "Player 2"}, legal=True),
    PabloExample(_("English: may I use the King I just kept in my field?"),
                 {"variant": "english", "question": "power", "drawn": "KS", "source": "stock", "kept": True},
                 legal=False),
    PabloExample(_("French: may I look at a card with the 7 I took from the discard pile?"),
                 {"variant": "french", "question": "power", "drawn": "7H", "source": "discard"}, legal=False),
    PabloExample(_("May I call Pablo during another player's turn?"),
                 {"question": "call", "moment": "other_turn"}, legal=False),
    PabloExample(_("French: I called Pablo with 3 and Player 2 has 3 too. What do I score?"),
                 {"variant": "french", "caller": "Player 1", **seats([3, 3, 9, 12, 15, 7, 20, 11])}, legal=None),
    PabloExample(_("English: I called Pablo with 4 and Player 2 has 4 too. What do I score?"),
                 {"variant": "english", "caller": "Player 1", **seats([4, 4, 9, 12, 15, 7, 20, 11])}, legal=None),
    PabloExample(_("English: I was on 41 and tied my Pablo. Do I go back to 0?"),
                 {"variant": "english", "caller": "Player 1", **seats([4, 4, 9, 12, 15, 7, 20, 11], total_0=41)},
                 legal=None),
)


@dataclass(frozen=True)
class Situation:
    variant: Variant
    question: str
    cards: tuple[Card, ...]
    discard_top: Card | None
    drawn: Card | None
    source: str
    kept: bool
    hand: tuple[Card, ...] | None
    player: Seat | None
    target: Seat | None
    caller: Seat | None
    moment: str
    no_cards: bool
    empty_field_discards: bool
    decks: int = 1  # 52-card decks shuffled together: how many copies of a card there are
    king_spares_caller: bool = False  # English house rule: no King on the caller at all, not even to look


def read_situation(table: Table, raw: Mapping[str, Any]) -> Situation:
    """The situation as sent: :class:`InvalidRecord` with a message per field."""
    errors = Errors()
    if not isinstance(raw, Mapping):
        errors.add("__all__", _("Describe the situation: the question, and the cards it is about."))
        errors.raise_if_any()
    variant = parse.choice(raw.get("variant"), [v.value for v in Variant], "variant", errors,
                           default=table.options.variant)
    question = parse.choice(raw.get("question"), [q for q, _label in QUESTIONS], "question", errors,
                            default="match")
    copies = decks_for(Variant(variant or table.options.variant), table.size)
    cards = card_list(raw.get("cards"), "cards", copies, errors) or ()
    discard_top = parse.card(raw.get("discard_top"), DeckKind.FRENCH52, "discard_top", errors)
    drawn = parse.card(raw.get("drawn"), DeckKind.FRENCH52, "drawn", errors)
    source = parse.choice(raw.get("source"), [s for s, _label in SOURCES], "source", errors, default="stock")
    kept = parse.yes_no(raw.get("kept"), "kept", errors)
    given = raw.get("hand")
    hand = None if parse.is_blank(given) or given == [] else card_list(given, "hand", copies, errors)
    if not errors:
        _impossible(cards, hand, drawn, discard_top, copies, errors)
    player = parse.seat(table.players, raw.get("player"), "player", errors)
    target = parse.seat(table.players, raw.get("target"), "target", errors)
    caller = parse.seat(table.players, raw.get("caller"), "caller", errors)
    moment = parse.choice(raw.get("moment"), [m for m, _label in MOMENTS], "moment", errors, default="end_of_turn")
    no_cards = parse.yes_no(raw.get("no_cards"), "no_cards", errors)
    errors.raise_if_any()
    assert variant is not None and question is not None and source is not None and moment is not None
    return Situation(Variant(variant), question, cards, discard_top, drawn, source, kept, hand, player, target,
                     caller, moment, no_cards, table.options.empty_field_discards, copies,
                     table.options.king_spares_caller)


def _impossible(cards: Sequence[Card], hand: Sequence[Card] | None, drawn: Card | None, top: Card | None,
                copies: int, errors: Errors) -> None:
    """A message on each card the table cannot hold: the card drawn, or the top of the discard pile, when the
    player's cards (or the cards put down) already hold every copy of it."""
    held = Counter(hand if hand is not None else cards)
    if drawn is not None and held[drawn] + 1 > copies:
        errors.add("drawn", _("%(card)s is among your cards: it cannot be the card drawn as well.",
                              card=card_text(drawn)) if copies == 1 else
                   _("Both %(card)s are among your cards: it cannot be the card drawn as well.",
                     card=card_text(drawn)))
    if top is not None and hand is not None and Counter(hand)[top] + 1 > copies:
        errors.add("discard_top", _("%(card)s is among your cards: it cannot be on the discard pile as well.",
                                    card=card_text(top)) if copies == 1 else
                   _("Both %(card)s are among your cards: it cannot be on the discard pile as well.",
                     card=card_text(top)))


def referee_fields(table: Table) -> tuple[Field, ...]:
    """The referee form at ``table``: the scoring question asks each player's cards or points under their name."""
    return (*BASE_FIELDS, *score_fields(table.players))


def ruling(table: Table, raw: Mapping[str, Any]) -> Ruling:
    """The referee's answer to ``raw`` at ``table``, citing the rule: a round's scoring
    (:func:`games.pablo.score_referee.score_ruling`), else a play."""
    if parse.question_of(raw) == SCORE:
        return score_ruling(table, raw)
    situation = read_situation(table, raw)
    answer = {"match": match, "power": power, "call": call, "keep": keep}[situation.question]  # not the score
    return answer(situation)


# -- putting cards down --------------------------------------------------------------------------------------

def _missing(field: str, message: Text) -> InvalidRecord:
    return InvalidRecord({field: message})


def _after(cards: Sequence[Card], variant: Variant) -> Text:
    if not cards:
        return _("Your cards after: none (0 points).")
    return _("Your cards after: %(cards)s (%(n)s points).", cards=cards_text(cards),
             n=number_text(hand_value(cards, variant)))


def _without(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card] | None:
    """``hand`` less ``cards`` (each once), or ``None`` if a card is not in it."""
    left = list(hand)
    for card in cards:
        if card not in left:
            return None
        left.remove(card)
    return left


def match(situation: Situation) -> Ruling:
    if situation.variant is Variant.FRENCH:
        return french_pair(situation)
    return english_match(situation)


SET_MOST = 4  # a quadruple: every card of a rank in one deck


def french_pair(situation: Situation) -> Ruling:
    """Seed 001, §5: before drawing, a pair (triple, quadruple) held may be replaced by the card drawn; a wrong
    pair goes back, and the card drawn is kept as well."""
    cards, hand, drawn = situation.cards, situation.hand, situation.drawn
    if not cards:
        raise _missing("cards", _("Give the cards put down together: a pair, a triple or a quadruple."))
    if hand is not None and _without(hand, cards) is None:
        raise _missing("cards", _("Those cards are not all among your cards before."))
    most = SET_MOST * situation.decks
    if len(cards) > most:
        raise _missing("cards", _("At most %(n)s cards go down together: a pair, a triple or a quadruple.", n=most)
                       if situation.decks == 1 else
                       _("At most %(n)s cards go down together: there are %(n)s of each rank in two decks.", n=most))
    shown = cards_text(cards)
    if len(cards) == 1:
        return Ruling(False, RULE_PAIRS, _(
            "In the French variant a single card cannot be matched: only a pair, a triple or a quadruple you "
            "hold may go on the discard pile, replaced by the card you draw."))
    drawn_text = card_text(drawn) if drawn is not None else _("the card you draw")
    if len({card.rank for card in cards}) == 1:
        parts = [_("%(cards)s are a set of the same rank: they go on the discard pile and %(drawn)s takes their "
                   "place, one card in place of %(n)s.", cards=shown, drawn=drawn_text, n=len(cards))]
        if hand is not None and drawn is not None:
            after = list(hand)
            after[after.index(cards[0])] = drawn
            for card in cards[1:]:
                after.remove(card)
            parts.append(_after(after, situation.variant))
        return Ruling(True, RULE_PAIRS, join(parts, " "))
    parts = [_("%(cards)s are not a pair: take them back where they were and keep %(drawn)s as well, one card "
               "more.", cards=shown, drawn=drawn_text)]
    if hand is not None and drawn is not None:
        parts.append(_after([*hand, drawn], situation.variant))
    return Ruling(False, RULE_WRONG_PAIR, join(parts, " "))


def english_match(situation: Situation) -> Ruling:
    """Seed 004, "Matching Cards": one card of the same number as the top of the discard pile; a wrong match
    goes back and costs a penalty card."""
    top, cards, hand = situation.discard_top, situation.cards, situation.hand
    if top is None:
        raise _missing("discard_top", _("Give the top card of the discard pile."))
    if not cards:
        raise _missing("cards", _("Give the card put down on the discard pile."))
    if top in cards:
        raise _missing("cards", _("%(card)s is the top of the discard pile: it cannot be put down on itself.",
                                  card=card_text(top)))
    own = situation.target is None or situation.target == situation.player
    if own and hand is not None and _without(hand, cards) is None:
        raise _missing("cards", _("That card is not among your cards before."))
    if len(cards) > 1:
        return Ruling(False, RULE_MATCH, _(
            "Only one card may match the card on the discard pile: the fastest player gets to discard."))
    card = cards[0]
    if card.rank == top.rank:
        parts = [_("%(card)s matches the %(top)s on the discard pile: it goes on the pile.",
                   card=card_text(card), top=card_text(top))]
        if not own and situation.target is not None:
            parts.append(_("It was %(p)s's card: you may give %(p)s one of your own cards in its place.",
                           p=situation.target.name))
        if card.rank in ("10", "J", "Q", "K"):
            parts.append(_("A card put down as a match has no power."))
        if own and hand is not None:
            left = _without(hand, cards)
            assert left is not None
            parts.append(_after(left, situation.variant))
        return Ruling(True, RULE_MATCH if own else RULE_MATCH_OTHERS, join(parts, " "))
    parts = [_("%(card)s does not match the %(top)s: show it to everyone, put it back where it was, and draw a "
               "penalty card from the draw pile (look at it, then add it face down to your field). The %(top)s "
               "may still be matched.", card=card_text(card), top=card_text(top))]
    if own and hand is not None:
        parts.append(_("You will have %(n)s cards.", n=len(hand) + 1))
    return Ruling(False, RULE_WRONG_MATCH, join(parts, " "))


# -- powers --------------------------------------------------------------------------------------------------

POWERS: dict[Variant, dict[str, Text]] = {
    Variant.FRENCH: {
        "7": _("The 7: look at one of your own cards."),
        "8": _("The 8: swap one of your cards with a card of another player; only you may look at the card you "
               "get."),
    },
    Variant.ENGLISH: {
        "10": _("The 10 (peek): look at one of your own cards."),
        "J": _("The Jack (spy): look at one card of another player, without anyone else seeing it."),
        "Q": _("The Queen (swap): swap one of your cards with one of another player's, neither of you looking. "
               "The swap must be made."),
        "K": _("The King (special swap): look at one card of another player, then swap one of your cards with "
               "one of theirs if you like."),
    },
}
SWAPS: dict[Variant, frozenset[str]] = {Variant.FRENCH: frozenset({"8"}), Variant.ENGLISH: frozenset({"Q", "K"})}
PEEKS: dict[Variant, frozenset[str]] = {Variant.FRENCH: frozenset({"7"}), Variant.ENGLISH: frozenset({"10"})}
OTHERS: dict[Variant, frozenset[str]] = {Variant.FRENCH: frozenset({"8"}),
                                         Variant.ENGLISH: frozenset({"J", "Q", "K"})}


def _no_turn_left(situation: Situation) -> Ruling | None:
    """Seed 001 §6 and seed 004 "Calling Pablo": once Pablo is called, every *other* player plays one more turn;
    the caller has no turn left (matching is not a turn: it stays open to the caller)."""
    caller = situation.caller
    if caller is None or situation.player is None or situation.player != caller:
        return None
    return Ruling(False, RULE_LAST_TURNS, _(
        "You called Pablo: no more turns for you. Every other player plays one last turn, and the round ends when "
        "it comes back to you."))


def power(situation: Situation) -> Ruling:
    """Seed 001, §4 (7 and 8, only just drawn from the stock); seed 004, "Special cards" (10, J, Q, K, only when
    drawn and discarded in the same turn; the caller protected from swaps). The caller has no turn left."""
    card, variant = situation.drawn, situation.variant
    if (refused := _no_turn_left(situation)) is not None:
        return refused
    if card is None:
        raise _missing("drawn", _("Give the card whose power you want to use."))
    powers = POWERS[variant]
    name = card_text(card)
    these = RULE_FRENCH_POWERS if variant is Variant.FRENCH else RULE_ENGLISH_POWERS  # what this variant's cards do
    if card.rank not in powers:
        ranks = "7, 8" if variant is Variant.FRENCH else _("10, J, Q, K")  # French says 10, V, D, R
        return Ruling(False, these, _("%(card)s has no power in this variant (only %(ranks)s): it counts for "
                                            "its value.", card=name, ranks=ranks))
    if situation.source == "field":
        return Ruling(False, RULE_POWER_WHEN if variant is Variant.FRENCH else RULE_MATCH_NO_POWER, _(
            "%(card)s was put down as a match: a card put down so has no power.", card=name))
    if situation.source == "discard":
        if variant is Variant.FRENCH:
            return Ruling(False, RULE_POWER_WHEN, _(
                "%(card)s was taken from the discard pile: a power works only on a card just drawn from the "
                "stock.", card=name))
        return Ruling(False, RULE_ENGLISH_DRAW, _(
            "In the English variant you always draw from the draw pile: a power works only on a card drawn "
            "from it and discarded in the same turn."))
    if situation.kept:
        return Ruling(False, RULE_POWER_WHEN, _(
            "%(card)s was kept in your field: a power works only when the card drawn goes straight onto the "
            "discard pile, in the same turn.", card=name))
    swap = card.rank in SWAPS[variant]
    if swap and situation.no_cards:
        if variant is Variant.ENGLISH and situation.empty_field_discards and card.rank == "Q":
            return Ruling(False, RULE_EMPTY_FIELD, _(
                "With no cards in your field there is nothing to swap: you discard the Queen and draw one more "
                "card."))
        return Ruling(False, these, _("With no cards in your field there is nothing to swap."))
    if card.rank in PEEKS[variant] and situation.no_cards:
        return Ruling(False, these, _("With no cards in your field there is nothing to look at."))
    player, target, caller = situation.player, situation.target, situation.caller
    if card.rank in OTHERS[variant] and target is not None and player is not None and target == player:
        return Ruling(False, these, _("%(card)s works on another player's card, not on your own.", card=name))
    parts = [powers[card.rank]]
    if swap and caller is not None and caller != player:
        if variant is Variant.ENGLISH:
            if target is not None and target == caller and card.rank == "Q":
                return Ruling(False, RULE_CALLER_PROTECTED, _(
                    "%(p)s called Pablo and is protected from swaps until the end of the round: swap with another "
                    "player.", p=caller.name))
            # Seed 004 does not say whether the King's look is part of its swap: Tapete's reading, or the house rule.
            if target is not None and target == caller and situation.king_spares_caller:
                return Ruling(False, RULE_KING_LOOKS, _(
                    "%(p)s called Pablo: at this table (house rule) a King is not used on the caller at all, not "
                    "even to look. Use it on another player.", p=caller.name))
            if target is not None and target == caller:
                return Ruling(True, RULE_KING_LOOKS, _(
                    "You may look at one of %(p)s's cards, but look only, no swap: %(p)s called Pablo and is "
                    "protected from swaps until the end of the round.", p=caller.name))
            if card.rank == "K" and situation.king_spares_caller:
                parts.append(_("Not on %(p)s, who called Pablo: at this table (house rule) a King does not even "
                               "look at the caller's cards.", p=caller.name))
            else:
                parts.append(_("Not with %(p)s, who called Pablo and is protected from swaps.", p=caller.name))
        else:
            parts.append(_("The French text does not protect the caller: %(p)s's cards may be swapped too.",
                           p=caller.name))
    if variant is Variant.FRENCH:  # "il n'y a pas d'obligation à utiliser le pouvoir d'une carte"
        parts.append(_("You may also just leave it on the discard pile: using a power is never compulsory."))
    elif card.rank != "Q":  # "may be used for their points or for their action", but the Queen's swap must be made
        parts.append(_("You may also just leave it on the discard pile: this power need not be used."))
    return Ruling(True, these, join(parts, " "))


# -- calling Pablo -------------------------------------------------------------------------------------------

def call(situation: Situation) -> Ruling:
    """Both seeds: Pablo is called at the end of one's own turn, never out of turn; once a round."""
    caller, player = situation.caller, situation.player
    if situation.moment == "other_turn":
        return Ruling(False, RULE_CALL, _(
            "Not during someone else's turn: Pablo is called only at the end of your own turn."))
    if situation.moment == "during_turn":
        return Ruling(False, RULE_CALL, _(
            "Finish your turn first: Pablo is called at the end of your own turn, after playing and before the "
            "next player draws."))
    if caller is not None:
        if player is not None and player == caller:
            return Ruling(False, RULE_LAST_TURNS, _("You have already called Pablo this round."))
        return Ruling(False, RULE_LAST_TURNS, _(
            "%(p)s has already called Pablo: this is everyone's last turn, and the round ends when it is "
            "%(p)s's turn again.", p=caller.name))
    return Ruling(True, RULE_CALL, _(
        "Call it now, after your turn and before the next player draws: every other player then plays one last "
        "turn."))


# -- keeping the card drawn ----------------------------------------------------------------------------------

def keep(situation: Situation) -> Ruling:
    """Seed 001 §2 and seed 004 "To Play": a card drawn is kept face down *in place of* one of your cards, so
    with no cards left there is nothing to replace and it is discarded (the English advanced rule says so too,
    and adds that a Queen discarded so draws one more card). The caller has no turn left."""
    if (refused := _no_turn_left(situation)) is not None:
        return refused
    card = situation.drawn
    name = card_text(card) if card is not None else _("the card")
    english = situation.variant is Variant.ENGLISH
    if situation.no_cards:
        if english and situation.empty_field_discards and card is not None and card.rank == "Q":
            return Ruling(False, RULE_EMPTY_FIELD, _(
                "With no cards in your field you must discard %(card)s, and as it is a Queen you draw one more "
                "card.", card=name))
        if english and situation.empty_field_discards:
            return Ruling(False, RULE_EMPTY_FIELD, _("With no cards in your field you must discard %(card)s.",
                                                  card=name))
        return Ruling(False, RULE_KEPT_IN_PLACE, _(
            "You must discard %(card)s: a card drawn is kept only in place of one of your cards, and you have none "
            "left.", card=name))
    parts = [_("Keep %(card)s face down in place of one of your cards, and put that card face up on the discard "
               "pile.", card=name)]
    if card is not None and card.rank in POWERS[situation.variant]:
        parts.append(_("Kept, it has no power."))
    return Ruling(True, RULE_TURN, join(parts, " "))


def cited_rules() -> tuple[Rule, ...]:
    """Every rule an answer may cite, each naming the paragraph of the rules page it rests on."""
    return (RULE_CALL, RULE_CALLER_PROTECTED, RULE_EMPTY_FIELD, RULE_ENGLISH_DRAW, RULE_ENGLISH_POWERS,
            RULE_FRENCH_POWERS, RULE_KEPT_IN_PLACE, RULE_KING_LOOKS, RULE_LAST_TURNS, RULE_MATCH,
            RULE_MATCH_NO_POWER, RULE_MATCH_OTHERS, RULE_PAIRS, RULE_POWER_WHEN, RULE_TURN, RULE_WRONG_MATCH,
            RULE_WRONG_PAIR)
