"""A Pablo round as recorded: who called Pablo, and each player's cards (tapped in the picker, as card codes) or
their points (typed). Read once here, a message per field; the record as stored is normalised: one hand per
seat in seat order, the cards as codes (or none when only points were typed) and the points always.

>>> from games.pablo.rules import GAME
>>> table = GAME.table(["Ana", "Bea", "Carl"])
>>> record = parse_record(table, {"caller": "ana", "hands": [
...     {"player": "Ana", "cards": "KD 2S ah"}, {"points": 14}, {"player": "Carl", "cards": []}]})
>>> record.caller, [(h.player.name, h.cards and [c.code for c in h.cards], h.points) for h in record.hands]
(Seat(index=0, name='Ana'), [('Ana', ['KD', '2S', 'AH'], 3), ('Bea', None, 14), ('Carl', (), 0)])
>>> parse_record(table, {"caller": "Ana", "hands": [{"cards": "KD 2S"}, {"points": 14}, {"points": 3}]}
...              ).to_json()["hands"][0]
{'player': {'seat': 0, 'name': 'Ana'}, 'cards': ['KD', '2S'], 'points': 2}

The record form sends :data:`NO_CARDS` (``"-"``) for a player with no cards left, as an empty list:

>>> parse_record(table, {"caller": "Ana", "hands": [{"points": 4}, {"cards": ["-"]}, {"points": 3}]}).hands[1]
Hand(player=Seat(index=1, name='Bea'), cards=(), points=0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee import parse
from referee.cards import Card, DeckKind, full_deck
from referee.game import Field, Record, TableSpec
from referee.parse import Errors
from referee.text import _, join
from referee.values import Seat, Values

from .options import PabloOptions, Variant
from .values import card_text, card_value, decks_for, hand_value, number_text, points_bounds, special_cards

FIELDS: tuple[str, ...] = ("caller", "hands", "void")
HAND_FIELDS: tuple[str, ...] = ("player", "cards", "points")
NAME = "Pablo"
NO_CARDS = "-"  # what the record form sends for "no cards left" (an empty box is read as nothing given)

Table = TableSpec[PabloOptions]


@dataclass(frozen=True)
class Hand(Values):
    """One player's cards at the end of a round: the cards when tapped (``()`` for none), ``None`` when only
    the points were typed; the points always."""

    player: Seat
    cards: tuple[Card, ...] | None
    points: int


@dataclass(frozen=True)
class PabloRecord(Record):
    """A round, normalised. A misdeal is ``PabloRecord(void=True)`` and nothing else."""

    caller: Seat | None = None
    hands: tuple[Hand, ...] = ()
    void: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"void": True} if self.void else super().to_json()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PabloRecord:
        return cls(void=True) if data.get("void") else super().from_json(data)


def variant_of(table: Table) -> Variant:
    return table.options.kind


def decks(table: Table) -> int:
    return decks_for(variant_of(table), table.size)


def record_fields(table: Table) -> tuple[Field, ...]:
    lo, hi = points_bounds(variant_of(table), decks(table))
    return (
        Field("caller", _("Who called Pablo"), "player"),
        Field("hands", _("Each player's cards, or their points"), "list", maximum=table.size,
              help=_("One entry per player: tap their cards (codes such as KD 10S AH) or type their points. "
                     "No cards left: an empty list of cards (“-” in the form's box), 0 points. %(values)s.",
                     values=special_cards(variant_of(table))),
              fields=(
                  Field("player", _("Player"), "player"),
                  Field("cards", _("Cards"), "cards", required=False),
                  Field("points", _("Points"), "int", required=False, minimum=lo, maximum=hi),
              )),
        Field("void", _("Misdeal: nobody scores, the cards are dealt again"), "bool", required=False,
              default=False),
    )


def parse_record(table: Table, raw: Mapping[str, Any]) -> PabloRecord:
    """Read a round as a form or a client sends it: :class:`~referee.parse.InvalidRecord` with a message per
    field (``caller``, ``hands``, ``hands.2.points``...)."""
    errors = Errors()
    if not isinstance(raw, Mapping):
        errors.add("__all__", _("Send the round as an object: caller, hands."))
        errors.raise_if_any()
    parse.unknown_fields(raw, FIELDS, errors, NAME)
    if parse.yes_no(raw.get("void"), "void", errors):
        errors.raise_if_any()  # a misdeal is the whole record: only a stray field is wrong with it
        return PabloRecord(void=True)
    caller = parse.seat(table.players, raw.get("caller"), "caller", errors, blank=_("Who called Pablo?"))
    hands = parse_hands(table, raw.get("hands"), errors)
    errors.raise_if_any()
    return PabloRecord(caller=caller, hands=hands)


def parse_hands(table: Table, value: Any, errors: Errors) -> tuple[Hand, ...]:
    variant, copies = variant_of(table), decks(table)
    lo, hi = points_bounds(variant, copies)
    if parse.is_blank(value):
        errors.add("hands", _("Give each player's cards or points."))
        return ()
    if not isinstance(value, list | tuple) or not value:
        errors.add("hands", _("Give a list with an entry per player: their cards or their points."))
        return ()
    if len(value) != table.size:
        errors.add("hands", _("Give an entry for each of the %(n)s players, not %(given)s.", n=table.size,
                              given=len(value)))
        return ()
    found: dict[int, Hand] = {}
    holders: dict[Card, list[str]] = {}  # who already holds each card, in the order given
    for index, item in enumerate(value):
        path = f"hands.{index}"
        if not isinstance(item, Mapping):
            errors.add(path, _("Each entry is an object: player, and cards or points."))
            continue
        for key in item:
            if key not in HAND_FIELDS:
                errors.add(f"{path}.{str(key)[:40]}", _("Unknown field for %(game)s.", game=NAME))
        if parse.is_blank(item.get("player")):
            player: Seat | None = table.seat(index)
        else:
            player = parse.seat(table.players, item.get("player"), f"{path}.player", errors)
        if player is None:
            continue
        if player.index in found:
            errors.add(f"{path}.player", _("%(name)s has two entries.", name=player.name))
            continue
        cards = hand_cards(item.get("cards"), f"{path}.cards", copies, errors)
        points = parse.whole_number(item.get("points"), f"{path}.points", errors, minimum=lo, maximum=hi)
        if f"{path}.cards" in errors or f"{path}.points" in errors:
            continue
        if cards is not None:
            value_of_cards = hand_value(cards, variant)
            if points is not None and points != value_of_cards:
                errors.add(f"{path}.points", _("%(name)s's cards make %(value)s, not %(points)s.",
                                               name=player.name, value=value_of_cards, points=points))
                continue
            points = value_of_cards
            for card in dict.fromkeys(cards):
                others = holders.setdefault(card, [])
                if len(others) + cards.count(card) > copies:
                    name = card_text(card)
                    if copies == 1:
                        message = _("%(card)s is also in %(p)s's hand: there is one of each card.", card=name,
                                    p=others[0])
                    elif len(others) == 1:
                        message = _("%(card)s is also in %(p)s's hand: there are two of each card.", card=name,
                                    p=others[0])
                    else:
                        message = _("%(card)s is also in the hands of %(who)s: there are two of each card.",
                                    card=name, who=join(others))
                    errors.add(f"{path}.cards", message)
                others.append(player.name)
        elif points is None:
            errors.add(path, _("Tap %(name)s's cards or type their points.", name=player.name))
            continue
        found[player.index] = Hand(player, cards, points)
    if errors:
        return ()
    hands = tuple(found[seat] for seat in sorted(found))
    check_typed_points_against_cards_left(hands, variant, copies, errors)
    return () if errors else hands


def check_typed_points_against_cards_left(hands: tuple[Hand, ...], variant: Variant, copies: int,
                                          errors: Errors) -> None:
    """The typed hands together must fit in the cards nobody tapped: their points above 0 within those cards'
    positive points, their points below 0 (English aces) within those cards' negative ones.

    >>> from referee.values import Seat
    >>> typed = [Hand(Seat(i, n), None, -3) for i, n in enumerate(["Ana", "Bea"])]
    >>> errors = Errors()
    >>> check_typed_points_against_cards_left(tuple(typed), Variant.ENGLISH, 1, errors)
    >>> str(errors.errors["hands"])
    'The hands typed below 0 add up to −6, but the cards not tapped go no lower than −4 (their aces).'
    """
    left = Counter(dict.fromkeys(full_deck(DeckKind.FRENCH52), copies))
    left.subtract(card for hand in hands for card in hand.cards or ())
    values = [(card_value(card, variant), count) for card, count in left.items()]
    most = sum(value * count for value, count in values if value > 0)
    least = sum(value * count for value, count in values if value < 0)
    typed = [hand.points for hand in hands if hand.cards is None]
    above, below = sum(p for p in typed if p > 0), sum(p for p in typed if p < 0)
    if above > most:
        errors.add("hands", _("The typed points add up to %(n)s, but the cards not tapped hold %(most)s in all.",
                              n=number_text(above), most=number_text(most)))
    elif below < least:
        errors.add("hands", _("The hands typed below 0 add up to %(n)s, but the cards not tapped go no lower "
                              "than %(least)s (their aces).", n=number_text(below), least=number_text(least)))


def hand_cards(value: Any, field: str, copies: int, errors: Errors) -> tuple[Card, ...] | None:
    """The cards of one hand: ``None`` when not given (blank), ``()`` for an empty list or the form's
    :data:`NO_CARDS` (no cards left)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if _is_no_cards(value):
        return ()
    return card_list(value, field, copies, errors)


def card_list(value: Any, field: str, copies: int, errors: Errors) -> tuple[Card, ...] | None:
    """A list of cards (codes, or one string): each entry a card, each card at most ``copies`` times (the decks
    shuffled together); ``None`` with a message on ``field`` otherwise."""
    if isinstance(value, list | tuple) and any(parse.is_blank(entry) for entry in value):
        errors.add(field, _("An empty entry is not a card: give card codes such as KD 10S AH."))
        return None
    cards = parse.cards(value, DeckKind.FRENCH52, field, errors, unique=False)
    if field in errors:
        return None
    for card, count in Counter(cards).items():
        if count > copies:
            errors.add(field, _("%(card)s is given twice: there is one of each card.", card=card_text(card))
                       if copies == 1 else
                       _("%(card)s is given three times: there are two of each card.", card=card_text(card)))
            return None
    return cards


def _is_no_cards(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip() == NO_CARDS
    return isinstance(value, list | tuple) and len(value) == 1 and value[0] == NO_CARDS
