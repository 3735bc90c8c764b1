"""Casita Robada's referee: what a card played takes (capture by rank, or a pile stolen instead), and who gets
the cards left in the centre at the end. Every answer cites a section of the rules page.

What the referee page and the API send (card codes of the table's deck; a pile is its top card, with whose it
is when known)::

    {"question": "take", "card": "5O", "centre": ["5C", "7E"], "piles": [{"player": "Bea", "top": "5E"}]}
    {"question": "end", "centre": ["3O", "6B"], "last_capturer": "Bea"}

>>> from games.casita.rules import GAME
>>> table = GAME.table(["Ana", "Bea"])
>>> ruling = answer(table, {"card": "6O", "centre": ["6C", "10E"]})
>>> str(ruling.rule)
'Capturing from the centre'
>>> str(ruling.explanation)
'6 of oros captures 6 of copas from the centre: 2 cards go onto your pile, 6 of oros on top.'
>>> ruling = answer(table, {"question": "centre", "card": "5O", "centre": ["5C"], "piles": ["5E"]})
>>> ruling.legal, str(ruling.rule)
(False, 'Stealing a pile')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.casita.options import CasitaOptions
from games.casita.rules_text import (
    P_SEVERAL,
    P_STEAL,
    RULE_CAPTURE,
    RULE_LEFT_OVER,
    RULE_NO_CAPTURE,
    RULE_NO_MATCH,
    RULE_OWN_PILE,
    RULE_SEVERAL,
    RULE_STEAL,
)
from referee import parse
from referee.cards import Card, DeckKind, card_name
from referee.game import Example, Field, Rule, Ruling, TableSpec
from referee.parse import Errors
from referee.text import Text, _, and_join, join

QUESTIONS: tuple[tuple[str, Text], ...] = (
    ("take", _("What does my card take?")),
    ("centre", _("May I capture from the centre?")),
    ("steal", _("May I steal a pile?")),
    ("end", _("Who gets the cards left at the end?")),
)
SITUATION_KEYS = frozenset({"question", "card", "hand", "centre", "piles", "own_pile", "last_capturer",
                            "nobody_captured"})
PILE_KEYS = frozenset({"player", "top"})

RULING_FIELDS: tuple[Field, ...] = (
    Field("question", _("Question"), "choice", required=False, default="take", choices=QUESTIONS),
    Field("card", _("Card played"), "card", required=False,
          help=_("Leave empty and give your hand to see what each of its cards would take.")),
    Field("centre", _("Cards face up in the centre"), "cards", required=False, default=[]),
    Field("piles", _("Top card of each other player's pile"), "list", required=False, default=[],
          fields=(Field("player", _("Whose pile"), "player", required=False),
                  Field("top", _("Top card"), "card"))),
    Field("own_pile", _("Top card of your own pile"), "card", required=False),
    Field("hand", _("Your hand"), "cards", required=False),
    Field("last_capturer", _("Who captured last (for the cards left at the end)"), "player", required=False),
    Field("nobody_captured", _("Nobody captured in the whole deal"), "bool", required=False, default=False,
          help=_("For the cards left in the centre at the end: the texts do not say, so the table's house rule "
                 "does (the dealer takes them, or the deal is dealt again).")),
)

EXAMPLES: tuple[Example, ...] = (
    Example(_("My 6 matches a 6 in the centre: what do I take?"),
            {"card": "6O", "centre": ["6C", "6E", "10B", "3O"]}),
    Example(_("My 5 matches a 5 in the centre and the top of a pile: may I take the centre 5?"),
            {"question": "centre", "card": "5O", "centre": ["5C", "7E"], "piles": ["5E", "2B"]}),
    Example(_("Which card of my hand takes what?"),
            {"hand": ["5O", "6B", "10C", "12E"], "centre": ["6C", "1O", "7E"], "piles": ["12B"]}),
    Example(_("May I steal my own pile?"),
            {"question": "steal", "card": "7O", "centre": ["3C"], "own_pile": "7B", "piles": ["2E"]}),
    Example(_("The last card is played: who gets the cards left in the centre?"),
            {"question": "end", "centre": ["3O", "6B", "11C"]}),
)


@dataclass(frozen=True)
class Pile:
    """Another player's pile, as the referee sees it: its top card, and whose it is (or, when nobody said, the pile
    named by its top card: "the 5 of espadas pile")."""

    top: Card
    name: Text

    @property
    def rank(self) -> str:
        return self.top.rank


@dataclass(frozen=True)
class Situation:
    question: str
    card: Card | None
    hand: tuple[Card, ...] | None
    centre: tuple[Card, ...]
    piles: tuple[Pile, ...]
    own_pile: Card | None
    last_capturer: str | None
    nobody_captured: bool
    deck: DeckKind


# -- reading the situation ------------------------------------------------------------------------------------

def _piles(table: TableSpec[CasitaOptions], raw: Any, errors: Errors) -> tuple[Pile, ...]:
    """Each other player's pile: a top card, or ``{"player": ..., "top": ...}``."""
    if parse.is_blank(raw) or raw == [] or raw == ():
        return ()
    items = [code for code in raw.replace(",", " ").split()] if isinstance(raw, str) else raw
    if not isinstance(items, list | tuple):
        errors.add("piles", _("Give the top card of each other player's pile, like 5E 12B."))
        return ()
    found: list[Pile] = []
    for index, item in enumerate(items):
        where = f"piles.{index}"
        player = None
        if isinstance(item, Mapping):
            unknown = [str(key) for key in item if key not in PILE_KEYS]
            if unknown:
                errors.add(where, _("Unknown field %(key)s: a pile is its top card and whose it is.",
                                    key=unknown[0][:40]))
                return ()
            if not parse.is_blank(item.get("player")):
                player = parse.seat(table.players, item.get("player"), f"{where}.player", errors)
                if player is None:
                    return ()
            value = item.get("top")
        else:
            value = item
        top = parse.card(value, table.deck, f"{where}.top", errors, blank=_("Give the pile's top card."))
        if top is None:
            return ()
        # A pile whose owner is not given is named by the card the players see on it, not by its place in a list.
        name = (_("%(name)s's pile", name=player.name) if player
                else _("the %(card)s pile", card=card_name(top, table.deck)))
        found.append(Pile(top, name))
    return tuple(found)


def read_situation(table: TableSpec[CasitaOptions], situation: Mapping[str, Any]) -> Situation:
    """The situation as typed values; :class:`~referee.parse.InvalidRecord` with a message per field."""
    errors = Errors()
    if not isinstance(situation, Mapping):
        errors.add("__all__", _("Send the situation as an object: the question, the card played, the centre, "
                                "the piles."))
        errors.raise_if_any()
    parse.unknown_fields(situation, SITUATION_KEYS, errors, "Casita Robada")
    deck: DeckKind = table.deck
    question = parse.choice(situation.get("question"), [q for q, _label in QUESTIONS], "question", errors,
                            default="take", wrong=_("Ask what a card takes, whether it may capture from the centre "
                                                    "or steal a pile, or who gets the cards left at the end."))
    card = parse.card(situation.get("card"), deck, "card", errors)
    hand_value = situation.get("hand")
    hand = None if parse.is_blank(hand_value) or hand_value == [] else parse.cards(hand_value, deck, "hand", errors)
    centre = parse.cards(situation.get("centre"), deck, "centre", errors)
    piles = _piles(table, situation.get("piles"), errors)
    own = parse.card(situation.get("own_pile"), deck, "own_pile", errors)
    last = parse.seat(table.players, situation.get("last_capturer"), "last_capturer", errors)
    nobody = parse.yes_no(situation.get("nobody_captured"), "nobody_captured", errors)
    if errors:
        errors.raise_if_any()
    if card is not None and hand and card not in hand:
        errors.add("card", _("%(code)s is not in the hand given.", code=card_name(card, deck)))
    seen: dict[Card, str] = {}
    given = [("hand", c) for c in hand or ()] + ([("card", card)] if card is not None and not hand else [])
    given += [("centre", c) for c in centre] + [("piles", p.top) for p in piles]
    given += [("own_pile", own)] if own is not None else []
    for name, one in given:
        if one in seen:
            errors.add(name, _("%(code)s is given twice: there is one of each card.", code=card_name(one, deck)))
        seen[one] = name
    if question == "end":
        if last is not None and nobody:
            errors.add("nobody_captured", _("Somebody captured last, or nobody captured: not both."))
    elif card is None and not hand:
        errors.add("card", _("Which card is played? Or give your hand to see what each card would take."))
    errors.raise_if_any()
    assert question is not None
    return Situation(question, card, hand, centre, piles, own, last.name if last else None, nobody, deck)


# -- the answers ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Take:
    """What a card takes: the piles it steals (when any matches) or the centre cards of its rank."""

    card: Card
    piles: tuple[Pile, ...]
    centre: tuple[Card, ...]
    blocked: tuple[Card, ...]  # centre cards of its rank left there because it steals instead
    own_match: bool  # it matches only the top of the player's own pile
    deck: DeckKind

    def name(self, card: Card | None = None) -> Text:
        """``card`` (the card played, by default) as said aloud in the table's deck."""
        return card_name(card or self.card, self.deck)

    @property
    def steals(self) -> bool:
        return bool(self.piles)


def what_it_takes(card: Card, situation: Situation) -> Take:
    piles = tuple(p for p in situation.piles if p.rank == card.rank)
    centre = tuple(c for c in situation.centre if c.rank == card.rank)
    own = situation.own_pile is not None and situation.own_pile.rank == card.rank
    if piles:
        return Take(card, piles, (), centre, False, situation.deck)
    return Take(card, (), centre, (), own, situation.deck)


def _said(take: Take, several: str) -> Text:
    """What the card takes, said in a sentence or two."""
    card = take.name()
    if take.steals:
        names = and_join([p.name for p in take.piles])
        if len(take.piles) == 1:
            said = _("%(card)s matches the top of %(piles)s: you steal that whole pile and put it on yours, %(card)s "
                     "on top.", card=card, piles=names)
        elif several == "all":
            said = _("%(card)s matches the top of %(piles)s: you steal all of them (house rule) and put them on "
                     "yours, %(card)s on top.", card=card, piles=names)
        else:
            said = _("%(card)s matches the top of %(piles)s: you steal one of these piles, whichever you choose "
                     "(house rule), and put it on yours, %(card)s on top.", card=card, piles=names)
        if len(take.blocked) == 1:
            said = _("%(said)s %(card)s stays in the centre: stealing is instead of capturing from the centre.",
                     said=said, card=take.name(take.blocked[0]))
        elif take.blocked:
            said = _("%(said)s %(cards)s stay in the centre: stealing is instead of capturing from the centre.",
                     said=said, cards=join([take.name(c) for c in take.blocked]))
        return said
    if take.centre:
        said = _("%(card)s captures %(cards)s from the centre: %(n)s cards go onto your pile, %(card)s on top.",
                 card=card, cards=join([take.name(c) for c in take.centre]), n=len(take.centre) + 1)
    else:
        said = _("%(card)s matches no card in the centre and no other player's pile: it stays in the centre.",
                 card=card)
    if take.own_match:
        said = _("%(said)s The top of your own pile does not count.", said=said)
    return said


def _rule_of(take: Take) -> Rule:
    """The rule (and its paragraph) that what the card takes rests on."""
    if take.steals:
        return RULE_SEVERAL if len(take.piles) > 1 else RULE_STEAL
    return RULE_CAPTURE if take.centre else RULE_NO_MATCH


def _verdict(question: str, take: Take) -> bool | None:
    if question == "centre":
        return bool(take.centre)
    if question == "steal":
        return take.steals
    return None


def _why_not(question: str, take: Take, several: str) -> Text:
    """Why the card may not capture from the centre, or steal a pile: what it does in this situation (the rule's
    own words are quoted beside it)."""
    card = take.name()
    if question == "centre" and take.steals:
        return _("No. %(said)s", said=_said(take, several))
    if question == "centre":
        return _("No: no card in the centre has the rank of %(card)s, so it stays in the centre.", card=card)
    if take.own_match:
        return _("No: %(card)s matches only the top of your own pile, which you cannot steal.", card=card)
    return _("No: %(card)s matches the top of no other player's pile. %(said)s", card=card,
             said=_said(take, several))


def _rule_for(question: str, take: Take) -> Rule:
    """The rule a "no" rests on: the card steals instead, has nothing in the centre, or matches only one's own
    pile."""
    if question == "centre":
        return RULE_STEAL if take.steals else RULE_NO_MATCH
    return RULE_OWN_PILE if take.own_match else RULE_STEAL


def _one_card(situation: Situation, card: Card, several: str) -> Ruling:
    take = what_it_takes(card, situation)
    legal = _verdict(situation.question, take)
    if legal is False:
        return Ruling(False, _rule_for(situation.question, take), _why_not(situation.question, take, several))
    said = _said(take, several)
    if legal:
        said = _("Yes. %(said)s", said=said)
    return Ruling(legal, _rule_of(take), said)


def _whole_hand(situation: Situation, hand: Sequence[Card], several: str) -> Ruling:
    takes = [what_it_takes(card, situation) for card in hand]
    reasons = {take.card: _said(take, several) for take in takes}
    question = situation.question
    if question == "take":
        return Ruling(None, RULE_CAPTURE, _("What each card of your hand would take."), reasons=reasons)
    able = tuple(take.card for take in takes if _verdict(question, take))
    if question == "centre":
        explanation = _("Cards that capture from the centre: those of a rank in the centre that match no other "
                        "player's pile. %(rule)s", rule=P_STEAL)
        rule = RULE_CAPTURE
    else:
        explanation = _("Cards that steal a pile: those of the rank of another player's pile top.")
        rule = RULE_STEAL
    if not able:
        explanation = _("None of these cards can. %(why)s", why=explanation)
    return Ruling(None, rule, explanation, legal_cards=able, reasons=reasons)


def _end(table: TableSpec[CasitaOptions], situation: Situation) -> Ruling:
    left = len(situation.centre)
    cards = join([card_name(c, situation.deck) for c in situation.centre])
    if situation.nobody_captured:
        if table.options.no_capture == "dealer":
            said = _("Nobody captured: the dealer takes the cards left in the centre (house rule).")
        else:
            said = _("Nobody captured: the deal is void and is dealt again (house rule).")
        return Ruling(None, RULE_NO_CAPTURE, said)
    name = situation.last_capturer
    if name is None:
        who = _("the last player who captured")
    else:
        who = _("%(name)s, the last player who captured", name=name)
    if left == 1:
        said = _("The card left in the centre goes to %(who)s: %(cards)s.", cards=cards, who=who)
    elif left:
        said = _("The %(n)s cards left in the centre go to %(who)s: %(cards)s.", n=left, cards=cards, who=who)
    else:
        said = _("The cards left in the centre, if any, go to %(who)s.", who=who)
    return Ruling(None, RULE_LEFT_OVER, said)


def answer(table: TableSpec[CasitaOptions], situation: Mapping[str, Any]) -> Ruling:
    """The referee's ruling on ``situation``; :class:`~referee.parse.InvalidRecord` if it cannot be read."""
    read = read_situation(table, situation)
    several = table.options.several_piles
    if read.question == "end":
        return _end(table, read)
    if read.card is not None:
        return _one_card(read, read.card, several)
    assert read.hand is not None
    return _whole_hand(read, read.hand, several)


__all__ = ["EXAMPLES", "P_SEVERAL", "RULING_FIELDS", "answer", "read_situation", "what_it_takes"]
