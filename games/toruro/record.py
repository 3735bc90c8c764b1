"""A Toruro deal as recorded: the turned card, the lulos paid before the deal (each with who owed it and its
split over the pots), who went, who took each trick, the play rules broken, or a misdeal; and, for a deal
entered card by card, its cards (:class:`PlayedCards`).

:func:`parse_record` reads what a phone form or the API sends (names in any case, seats, numbers as text) into
a :class:`ToruroRecord`, a message per field; whether the record can follow the night so far is the rules'
``check``. What is stored is ``record.to_json()``, and reading it back gives the same record:

>>> table = ("Ana", "Luis", "Pepe", "Marta", "Juan")
>>> record = parse_record(table, {"turned_card": "5b", "payments": [{"lulo": "2", "cola": "3"}],
...                               "went": ["ana", "MARTA"], "tricks": [{"player": "Ana"}, "marta", "Ana"]})
>>> record.turned_card.code, record.payments[0].cola, [s.name for s in record.went], record.takers[1].name
('5B', 3, ['Ana', 'Marta'], 'Marta')
>>> record.to_json()["payments"]
[{'lulo': 2, 'cola': 3, 'player': None}]
>>> parse_record(table, record.to_json()) == record
True
>>> parse_record(table, {"turned_card": "9O", "went": ["Eve"], "notes": "x" * 99})
Traceback (most recent call last):
...
referee.parse.InvalidRecord: notes: Unknown field for Toruro.; turned_card: 9O is not a card of the Spanish \
40-card deck. Number + suit (O oros, C copas, E espadas, B bastos): 1O (Ace), 3C, 12E (King), 11B (Horse), 10O \
(Jack).; went: Eve is not playing at this table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee import parse
from referee.cards import Card, DeckKind
from referee.game import RecordWithCards
from referee.parse import Errors, InvalidRecord
from referee.text import _
from referee.values import Seat, Values, encode

from .play import MISPLAY_RULES, PlayRule
from .words import POT_NAMES, POTS

FIELDS: tuple[str, ...] = ("turned_card", "payments", "went", "tricks", "misplays", "void", "plays")
PAYMENT_FIELDS: frozenset[str] = frozenset({"lulo", "player", *POTS})
MISPLAY_FIELDS: frozenset[str] = frozenset({"player", "rule"})
PLAYS_KEYS: frozenset[str] = frozenset({"leader", "cards"})
CARDS_IN_HAND = 3  # cards each player who went plays
SHOWN = 40  # a value quoted in a message is cut to this many characters


@dataclass(frozen=True)
class Payment(Values):
    """A lulo paid into the pots before the deal: its number on the list, who owed it (the debtor's seat,
    pinned when the deal is stored), and the chips put on each pot."""

    lulo: int
    player: Seat | None = None
    cabeza: int = 0
    barriga: int = 0
    cola: int = 0

    @property
    def split(self) -> dict[str, int]:
        return {"cabeza": self.cabeza, "barriga": self.barriga, "cola": self.cola}

    @property
    def total(self) -> int:
        return self.cabeza + self.barriga + self.cola

    def to_json(self) -> dict[str, Any]:
        """The pots that get nothing are left out, as the form leaves them empty; who owed it comes last."""
        data: dict[str, Any] = {"lulo": self.lulo}
        data.update({pot: chips for pot, chips in self.split.items() if chips})
        data["player"] = encode(self.player)
        return data


@dataclass(frozen=True)
class Taken(Values):
    """Who took a trick (and so its pot)."""

    player: Seat


@dataclass(frozen=True)
class Misplay(Values):
    """A play rule broken: by whom, which (one entry per card played)."""

    player: Seat
    rule: PlayRule


@dataclass(frozen=True)
class PlayedCards(Values):
    """The cards of a deal entered card by card, kept with the record they made (:mod:`games.toruro.cards`):
    who led the first trick (the first player after the dealer who went) and every card in the order played
    (each trick's winner leads the next)."""

    leader: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class ToruroRecord(RecordWithCards):
    turned_card: Card | None = None
    payments: tuple[Payment, ...] = ()
    went: tuple[Seat, ...] = ()
    tricks: tuple[Taken, ...] = ()
    misplays: tuple[Misplay, ...] = ()
    void: bool = False
    plays: PlayedCards | None = None  # the cards, when the deal was entered card by card

    @property
    def takers(self) -> tuple[Seat, ...]:
        """Who took tricks 1, 2 and 3 (cabeza, barriga, cola); none if nobody went."""
        return tuple(t.player for t in self.tricks)


def _shown(value: Any) -> str:
    text = str(value)
    return text if len(text) <= SHOWN else text[:SHOWN - 1] + "…"


def _items(raw: Any, field: str, errors: Errors, message: Any) -> list[Any] | None:
    """A list as sent (``None`` and ``""`` are none); a message on ``field`` for anything else."""
    if parse.is_blank(raw):
        return []
    if not isinstance(raw, list | tuple):
        errors.add(field, message)
        return None
    return list(raw)


def _payments(players: Sequence[str], raw: Any, errors: Errors) -> tuple[Payment, ...]:
    items = _items(raw, "payments", errors, _("Payments are a list of lulos paid."))
    found: list[Payment] = []
    for item in items or ():
        if not isinstance(item, Mapping) or set(item) - PAYMENT_FIELDS:
            errors.add("payments", _("Each payment names a lulo and its split over the three pots."))
            return ()
        lulo = parse.whole_number(item.get("lulo"), "payments", errors, minimum=1,
                                  blank=_("Which lulo is paid? Give its number on the lulo list."),
                                  wrong=_("Which lulo is paid? Give its number on the lulo list."))
        if lulo is None:
            return ()
        debtor = parse.seat(players, item.get("player"), "payments", errors)
        split: dict[str, int] = {}
        for pot in POTS:
            chips = parse.whole_number(item.get(pot), "payments", errors, minimum=0, wrong=_(
                "Lulo #%(id)s: the %(pot)s gets a whole number of chips, 0 or more.", id=lulo, pot=POT_NAMES[pot]))
            if chips is None and "payments" in errors:
                return ()
            split[pot] = chips or 0
        if "payments" in errors:
            return ()
        found.append(Payment(lulo, debtor, **split))
    return tuple(found)


def payments_read(players: Sequence[str], raw: Any) -> tuple[Payment, ...] | None:
    """The lulos paid as a record or a contract sends them, read as the record reads them; None if they do not
    read."""
    errors = Errors()
    found = _payments(players, raw, errors)
    return None if errors else found


def _players(players: Sequence[str], raw: Any, field: str, errors: Errors, *, unique: bool) -> tuple[Seat, ...]:
    """Players as sent: names, seats, or ``{"player": ...}`` as the form's list rows send them."""
    if isinstance(raw, list | tuple):
        raw = [item["player"] if isinstance(item, Mapping) and "player" in item and "seat" not in item else item
               for item in raw]
    return parse.seats(players, raw, field, errors, unique=unique)


def _misplays(players: Sequence[str], raw: Any, errors: Errors) -> tuple[Misplay, ...]:
    items = _items(raw, "misplays", errors, _("Misplays: a list of who broke which rule."))
    found: list[Misplay] = []
    for item in items or ():
        if not isinstance(item, Mapping) or set(item) - MISPLAY_FIELDS:
            errors.add("misplays", _("Each misplay names a player and the rule broken."))
            return ()
        player = parse.seat(players, item.get("player"), "misplays", errors,
                            blank=_("Each misplay names a player and the rule broken."))
        rule = parse.choice(item.get("rule"), list(PlayRule), "misplays", errors,
                            blank=_("Each misplay names a player and the rule broken."),
                            wrong=_("%(rule)s is not a Toruro play rule (one of: %(rules)s).",
                                    rule=_shown(item.get("rule")), rules=", ".join(MISPLAY_RULES)))
        if player is None or rule is None:
            return ()
        found.append(Misplay(player, rule))
    return tuple(found)


def _plays(players: Sequence[str], raw: Any, errors: Errors) -> PlayedCards | None:
    """The cards kept with a deal entered card by card: who led and the cards in order (three from each who
    went, at most). Their shape only: what they make is :mod:`games.toruro.cards`' to say (the rules' check)."""
    if parse.is_blank(raw):
        return None
    if not isinstance(raw, Mapping) or set(raw) - PLAYS_KEYS:
        errors.add("plays", _("The cards of a deal are {leader, cards}."))
        return None
    leader = parse.seat(players, raw.get("leader"), "plays", errors, blank=_("Say who led the first trick."))
    cards = parse.cards(raw.get("cards") or [], DeckKind.SPANISH40, "plays", errors, unique=False)
    if len(cards) > CARDS_IN_HAND * len(players):
        errors.add("plays", _("A deal has %(n)s cards played.", n=CARDS_IN_HAND * len(players)))
        return None
    if leader is None or "plays" in errors:
        return None
    return PlayedCards(leader, cards)


def parse_record(players: Sequence[str], raw: Mapping[str, Any]) -> ToruroRecord:
    """The record sent, read: :class:`InvalidRecord` with a message per field. Syntax only: whether it can
    follow the night so far (a lulo on the list, tricks by players who went...) is the rules' check."""
    errors = Errors()
    if not isinstance(raw, Mapping):
        raise InvalidRecord({"__all__": _("A deal record is a set of fields.")})
    parse.unknown_fields(raw, FIELDS, errors, "Toruro")
    void = parse.yes_no(raw.get("void"), "void", errors)
    payments = _payments(players, raw.get("payments"), errors)
    if void:  # a misdeal: nothing else is read (a payment in it is the rules' to refuse)
        errors.raise_if_any()
        return ToruroRecord(payments=payments, void=True)
    turned = parse.card(raw.get("turned_card"), DeckKind.SPANISH40, "turned_card", errors,
                        blank=_("Which card was turned? Its suit is trumps."),
                        wrong=_("%(card)s is not a card of the Spanish 40-card deck.",
                                card=_shown(raw.get("turned_card"))))
    went = _players(players, raw.get("went"), "went", errors, unique=True)
    tricks = _players(players, raw.get("tricks"), "tricks", errors, unique=False)
    misplays = _misplays(players, raw.get("misplays"), errors)
    plays = _plays(players, raw.get("plays"), errors)
    errors.raise_if_any()
    return ToruroRecord(turned, payments, went, tuple(Taken(p) for p in tricks), misplays, False, plays)
