"""A French Tarot deal record: its typed values, its form, and reading it from what a person sends.

What a phone form or the API sends (numbers may arrive as strings, names in any case)::

    {"taker": "E", "contract": "garde", "bouts": 2, "points": "49", "points_side": "attack",
     "poignees": [{"side": "attack", "size": "simple"}], "petit_au_bout": "attack", "chelem": "none"}

plus ``partner`` (always, at five players: the taker himself when he plays alone) and ``called_card`` at five
players, ``misere`` (players) with the house rule, and ``void`` for a deal that does not count.
:func:`parse_record` reads it field by field (one message per field); the relations between fields are the
game's ``check`` (:mod:`games.tarot.check`). Card points are kept as a canonical string (``"49"``,
``"40.5"``), so what is stored reads back the same.

>>> from games.tarot.rules import GAME
>>> table = GAME.table(["N", "S", "E", "W"])
>>> record = parse_record(table, {"taker": " e ", "contract": "Garde", "bouts": "2", "points": "49,0"})
>>> record.taker, record.contract, record.bouts, record.points, record.halves
(Seat(index=2, name='E'), <Contract.GARDE: 'garde'>, 2, '49', 98)
>>> parse_record(table, record.to_json()) == record
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Any, Self

from games.tarot.numbers import (
    CALLABLE_RANKS,
    HALVES_BY_POINTS,
    HAND_SIZE,
    POIGNEE_TRUMPS,
    TOTAL_HALVES,
    halves_of,
    points_of,
)
from games.tarot.options import TarotOptions
from referee import parse
from referee.cards import FRENCH_SUITS, Card, DeckKind, card_name
from referee.game import Field, RecordWithCards, TableSpec
from referee.parse import Errors
from referee.text import Text, _
from referee.values import Seat, Values

GAME_NAME = "French Tarot"


class Contract(StrEnum):
    PRISE = "prise"
    GARDE = "garde"
    GARDE_SANS = "garde_sans"
    GARDE_CONTRE = "garde_contre"


class Side(StrEnum):
    ATTACK = "attack"
    DEFENCE = "defence"


class PetitAuBout(StrEnum):
    NONE = "none"
    ATTACK = "attack"
    DEFENCE = "defence"


class Chelem(StrEnum):
    NONE = "none"
    ANNOUNCED_MADE = "announced_made"
    UNANNOUNCED_MADE = "unannounced_made"
    ANNOUNCED_FAILED = "announced_failed"
    DEFENCE = "defence"

    @property
    def by_attack(self) -> bool:
        """The attack took every trick."""
        return self in (Chelem.ANNOUNCED_MADE, Chelem.UNANNOUNCED_MADE)


class PoigneeSize(StrEnum):
    SIMPLE = "simple"
    DOUBLE = "double"
    TRIPLE = "triple"


CONTRACT_ALIASES: dict[str, str] = {"petite": "prise", "garde_sans_le_chien": "garde_sans",
                                    "garde_contre_le_chien": "garde_contre"}
US_SPELLING: dict[str, str] = {"defense": "defence"}


@dataclass(frozen=True)
class Poignee(Values):
    """A poignée shown: by which side, and its size."""

    side: Side
    size: PoigneeSize


@dataclass(frozen=True)
class PlayedCards(Values):
    """The cards of a deal entered card by card, kept with the record they made (:mod:`games.tarot.cards`):
    who led the first trick, every card in the order played (each trick's winner leads the next), and the
    chien and écart when they were given."""

    leader: Seat
    cards: tuple[Card, ...]
    chien: tuple[Card, ...] = ()
    ecart: tuple[Card, ...] = ()


@dataclass(frozen=True)
class TarotRecord(RecordWithCards):
    """One deal, normalised. A void deal is ``TarotRecord(void=True)`` and nothing else."""

    taker: Seat | None = None
    contract: Contract | None = None
    partner: Seat | None = None  # five players: the called card's holder, or the taker when he plays alone
    called_card: Card | None = None  # five players, for the record
    bouts: int = 0
    points: str = "0"  # card points counted by ``points_side``, canonical: "49", "40.5"
    points_side: Side = Side.ATTACK
    poignees: tuple[Poignee, ...] = ()
    petit_au_bout: PetitAuBout = PetitAuBout.NONE
    chelem: Chelem = Chelem.NONE
    misere: tuple[Seat, ...] = ()  # the house rule: who declared it, in seat order
    void: bool = False
    plays: PlayedCards | None = None  # the cards, when the deal was entered card by card

    @property
    def halves(self) -> int:
        """The points given, in half points."""
        return halves_of(self.points)

    @property
    def attack_halves(self) -> int:
        """The attack's card points, in half points, whichever side counted."""
        return TOTAL_HALVES - self.halves if self.points_side is Side.DEFENCE else self.halves

    @property
    def alone(self) -> bool:
        """The taker plays alone: always at three and four players; at five when he is his own partner."""
        return self.partner is None or self.partner == self.taker

    def to_json(self) -> dict[str, Any]:
        if self.void:
            return {"void": True}
        return super().to_json()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(void=True) if data.get("void") else super().from_json(data)


# The choices as parse.choice takes them, and the messages without parameters: built once, not per deal.
CONTRACTS: dict[str, Contract] = {c.value: c for c in Contract}
SIDES: dict[str, Side] = {s.value: s for s in Side}
PETITS: dict[str, PetitAuBout] = {p.value: p for p in PetitAuBout}
CHELEMS: dict[str, Chelem] = {c.value: c for c in Chelem}
POIGNEE_SIZES: dict[str, PoigneeSize] = {p.value: p for p in PoigneeSize}

WHO_TOOK = _("Who took? Pick the taker.")
PICK_CONTRACT = _("Pick the contract: prise, garde, garde sans or garde contre.")
WRONG_CONTRACT = _("The contract is prise, garde, garde sans or garde contre.")
HOW_MANY_BOUTS = _("How many bouts does the attack hold (0 to 3)?")
WRONG_BOUTS = _("Bouts are 0, 1, 2 or 3: the Petit, the 21 and the Excuse.")
WRONG_SIDE = _("Points are counted by the attack or by the defence.")
WRONG_PETIT = _("The petit au bout went to the attack, to the defence, or nobody.")
WRONG_CHELEM = _("Chelem is none, announced and made, made unannounced, announced and failed, or made by the "
                 "defence.")
WHO_IS_PARTNER = _("Who holds the called card? Pick the partner, or the taker when playing alone.")
NO_POINTS = _("Enter the card points counted.")
WRONG_POINTS = _("Enter the card points as a number, like 49 or 40.5.")

RECORD_KEYS = frozenset({"taker", "contract", "partner", "called_card", "bouts", "points", "points_side",
                         "poignees", "petit_au_bout", "chelem", "misere", "void", "plays"})
PLAYS_KEYS = frozenset({"leader", "cards", "chien", "ecart"})
POIGNEE_KEYS = frozenset({"side", "size"})


# -- the form -----------------------------------------------------------------------------------------------

CONTRACT_CHOICES: tuple[tuple[str, Text], ...] = (
    ("prise", _("Prise (Petite) ×1")),
    ("garde", _("Garde ×2")),
    ("garde_sans", _("Garde sans le chien ×4")),
    ("garde_contre", _("Garde contre le chien ×6")),
)
SIDE_CHOICES: tuple[tuple[str, Text], ...] = (("attack", _("Attack")), ("defence", _("Defence")))
PETIT_CHOICES: tuple[tuple[str, Text], ...] = (
    ("none", _("Not played last")), ("attack", _("Attack")), ("defence", _("Defence")),
)
CHELEM_CHOICES: tuple[tuple[str, Text], ...] = (
    ("none", _("No chelem")),
    ("announced_made", _("Announced and made (+400)")),
    ("unannounced_made", _("Made, not announced (+200)")),
    ("announced_failed", _("Announced and failed (−200)")),
    ("defence", _("Made by the defence (+200 each)")),
)
POINTS_SIDE_CHOICES: tuple[tuple[str, Text], ...] = (
    ("attack", _("Attack's points")), ("defence", _("Defence's points")),
)
POIGNEE_SIZE_CHOICES: tuple[tuple[str, Text], ...] = (
    ("simple", _("Simple (+20)")), ("double", _("Double (+30)")), ("triple", _("Triple (+40)")),
)
# The cards a taker may call, named as said aloud (Roi de cœur, Rey de corazones): the Kings first, then the
# Queens, Knights and Jacks, called only by a taker holding every card above them (RULINGS.md).
CALLED_CARD_CHOICES: tuple[tuple[str, Text], ...] = tuple(
    (card.code, card_name(card, DeckKind.TAROT))
    for card in (Card(suit, rank) for rank in CALLABLE_RANKS for suit in FRENCH_SUITS))


def record_fields(table: TableSpec[TarotOptions]) -> tuple[Field, ...]:
    """The fields of a deal, in the order a person records it."""
    n = table.size
    fields: list[Field] = [
        Field("taker", _("Taker"), "player"),
        Field("contract", _("Contract"), "choice", choices=CONTRACT_CHOICES),
    ]
    if n == 5:
        fields.append(Field("partner", _("Partner (the called card's holder)"), "player",
                            help=_("Pick the taker when playing alone (the called card was the taker's own, "
                                   "or in the chien).")))
        fields.append(Field("called_card", _("Called card"), "card", required=False, choices=CALLED_CARD_CHOICES,
                            help=_("For the record: a King, or a Queen, Knight or Jack when the taker "
                                   "holds the Kings.")))
    fields += [
        Field("bouts", _("Bouts held by the attack"), "int", minimum=0, maximum=3, step=1),
        Field("points", _("Card points"), "decimal", minimum=0, maximum=91, step=1 if n == 4 else 0.5,
              help=_("Counted by the side chosen below; halves at 3 and 5 players.")),
        Field("points_side", _("Points counted by"), "choice", required=False, choices=POINTS_SIDE_CHOICES,
              default="attack"),
        Field("poignees", _("Poignées shown"), "list", required=False, default=[],
              fields=(Field("side", _("Shown by"), "choice", choices=SIDE_CHOICES),
                      Field("size", _("Size"), "choice", choices=POIGNEE_SIZE_CHOICES)),
              help=_("Trumps to show: simple %(simple)s, double %(double)s, triple %(triple)s.",
                     **POIGNEE_TRUMPS[n])),
        Field("petit_au_bout", _("Petit au bout"), "choice", required=False, choices=PETIT_CHOICES,
              default="none"),
        Field("chelem", _("Chelem"), "choice", required=False, choices=CHELEM_CHOICES, default="none"),
    ]
    if table.options.misere:
        fields.append(Field("misere", _("Misère declared by"), "players", required=False, default=[]))
    fields.append(Field("void", _("Void deal (misdeal, petit sec, all passed)"), "bool", required=False,
                        default=False))
    return tuple(fields)


# -- reading a record ---------------------------------------------------------------------------------------

def parse_record(table: TableSpec[TarotOptions], raw: Mapping[str, Any]) -> TarotRecord:
    """The record as typed values; :class:`~referee.parse.InvalidRecord` with a message per field.

    Field by field: unknown keys; the taker a player; the contract one of four; ``bouts`` 0–3; ``points``
    0–91 by half points (whole at four players, where each side holds an even number of cards); who counted
    them; ``partner`` (required) and ``called_card`` only at five players, the called card a King, Queen,
    Knight or Jack; each poignée a side and a size; petit au bout and chelem among their choices; ``misere``
    only with the house rule on, players each once; ``void`` alone is a whole record."""
    errors = Errors()
    parse.unknown_fields(raw, RECORD_KEYS, errors, GAME_NAME)
    if parse.yes_no(raw.get("void"), "void", errors):
        errors.raise_if_any()
        return TarotRecord(void=True)
    players = table.players
    taker = parse.seat(players, raw.get("taker"), "taker", errors, blank=WHO_TOOK)
    contract = parse.choice(raw.get("contract"), CONTRACTS, "contract", errors, aliases=CONTRACT_ALIASES,
                            blank=PICK_CONTRACT, wrong=WRONG_CONTRACT)
    partner, called = _partner(table, raw, errors)
    bouts = parse.whole_number(raw.get("bouts"), "bouts", errors, minimum=0, maximum=3, blank=HOW_MANY_BOUTS,
                               wrong=WRONG_BOUTS)
    halves = _points(table.size, raw.get("points"), errors)
    side = parse.choice(raw.get("points_side"), SIDES, "points_side", errors, default=Side.ATTACK,
                        aliases=US_SPELLING, wrong=WRONG_SIDE)
    poignees = _poignees(table.size, raw.get("poignees"), errors)
    petit = parse.choice(raw.get("petit_au_bout"), PETITS, "petit_au_bout", errors, default=PetitAuBout.NONE,
                         aliases=US_SPELLING, wrong=WRONG_PETIT)
    chelem = parse.choice(raw.get("chelem"), CHELEMS, "chelem", errors, default=Chelem.NONE, wrong=WRONG_CHELEM)
    misere = _misere(table, raw.get("misere"), errors)
    plays = _plays(table, raw.get("plays"), errors)
    errors.raise_if_any()
    assert taker is not None and contract is not None and bouts is not None and halves is not None
    assert side is not None and petit is not None and chelem is not None
    return TarotRecord(taker=taker, contract=contract, partner=partner, called_card=called, bouts=bouts,
                       points=points_of(halves), points_side=side, poignees=poignees, petit_au_bout=petit,
                       chelem=chelem, misere=misere, plays=plays)


def _plays(table: TableSpec[TarotOptions], raw: Any, errors: Errors) -> PlayedCards | None:
    """The cards kept with a deal entered card by card: who led, the cards in order (at most the deck), the
    chien and the écart. Their shape only: what they make is :mod:`games.tarot.cards`' to say."""
    if parse.is_blank(raw):
        return None
    if not isinstance(raw, Mapping) or any(k not in PLAYS_KEYS for k in raw):
        errors.add("plays", _("The cards of a deal are {leader, cards, chien, ecart}."))
        return None
    leader = parse.seat(table.players, raw.get("leader"), "plays", errors,
                        blank=_("Say who led the first trick."))
    cards = parse.cards(raw.get("cards") or [], DeckKind.TAROT, "plays", errors, unique=False)
    chien = parse.cards(raw.get("chien") or [], DeckKind.TAROT, "plays", errors)
    ecart = parse.cards(raw.get("ecart") or [], DeckKind.TAROT, "plays", errors)
    if len(cards) > HAND_SIZE[table.size] * table.size:
        errors.add("plays", _("A deal has %(n)s cards played.", n=HAND_SIZE[table.size] * table.size))
        return None
    if leader is None or "plays" in errors:
        return None
    return PlayedCards(leader, cards, chien, ecart)


def _partner(table: TableSpec[TarotOptions], raw: Mapping[str, Any],
             errors: Errors) -> tuple[Seat | None, Card | None]:
    """Partner and called card: at five players the partner is always named (the taker when alone)."""
    partner_value, called_value = raw.get("partner"), raw.get("called_card")
    if table.size != 5:
        if not parse.is_blank(partner_value):
            errors.add("partner", _("Only at five players does the taker call a partner."))
        if not parse.is_blank(called_value):
            errors.add("called_card", _("Only at five players does the taker call a card."))
        return None, None
    partner = parse.seat(table.players, partner_value, "partner", errors, blank=WHO_IS_PARTNER)
    called = None
    if not parse.is_blank(called_value):
        called = parse.card(called_value, DeckKind.TAROT, "called_card", errors,
                            wrong=_("%(code)s is not a Tarot card.", code=_shown(called_value)))
    if called is not None and (called.is_trump or called.is_excuse or called.rank not in CALLABLE_RANKS):
        errors.add("called_card", _("The taker calls a King (a Queen, Knight or Jack only when holding the "
                                    "Kings), never a trump or a pip card."))
        called = None
    return partner, called


def _points(players: int, raw: Any, errors: Errors) -> int | None:
    """The card points given, in half points: 0–91 by halves, whole at four players; else None."""
    if type(raw) is int and 0 <= raw <= 91:  # whole points, as a phone or a client sends them
        return 2 * raw
    if type(raw) is str:  # as a record stores them: "49", "40.5"
        stored = HALVES_BY_POINTS.get(raw)
        if stored is not None and (players != 4 or stored % 2 == 0):
            return stored
    points = parse.number(raw, "points", errors, blank=NO_POINTS, wrong=WRONG_POINTS)
    if points is None:
        return None
    if not 0 <= points <= 91:
        errors.add("points", _("Card points run from 0 to 91."))
        return None
    halves = points * 2
    if halves != halves.to_integral_value():
        errors.add("points", _("Card points go by half points: 40, 40.5, 41..."))
        return None
    if players == 4 and int(halves) % 2:
        errors.add("points", _("At four players each side holds an even number of cards, so the points are "
                               "whole."))
        return None
    return int(halves)


def _poignees(players: int, raw: Any, errors: Errors) -> tuple[Poignee, ...]:
    """Each poignée's side and size (how many each side may show is a rule: see the game's ``check``)."""
    if parse.is_blank(raw) or raw == [] or raw == ():
        return ()
    if not isinstance(raw, list | tuple):
        errors.add("poignees", _("Poignées are a list of {side, size}."))
        return ()
    found: list[Poignee] = []
    for index, item in enumerate(raw):
        n = index + 1
        if not isinstance(item, Mapping):
            errors.add("poignees", _("Poignée %(n)s: give the side that showed it and its size.", n=n))
            return ()
        unknown = [str(k) for k in item if k not in POIGNEE_KEYS]
        if unknown:
            errors.add("poignees", _("Poignée %(n)s: unknown field %(key)s.", n=n, key=unknown[0]))
            return ()
        which_side = _("Poignée %(n)s: shown by the attack or by the defence?", n=n)
        side = parse.choice(item.get("side"), SIDES, "poignees", errors, aliases=US_SPELLING,
                            blank=which_side, wrong=which_side)
        if side is None:
            return ()
        which_size = _("Poignée %(n)s: the size is simple, double or triple.", n=n)
        size = parse.choice(item.get("size"), POIGNEE_SIZES, "poignees", errors, blank=which_size,
                            wrong=which_size)
        if size is None:
            return ()
        trumps = POIGNEE_TRUMPS[players][size]
        if trumps > HAND_SIZE[players]:
            errors.add("poignees", _("A %(size)s poignée needs %(trumps)s trumps, more than a hand of %(cards)s "
                                     "cards.", size=str(size), trumps=trumps, cards=HAND_SIZE[players]))
            return ()
        found.append(Poignee(side, size))
    return tuple(found)


def _misere(table: TableSpec[TarotOptions], raw: Any, errors: Errors) -> tuple[Seat, ...]:
    """Who declared misère (the house rule), in seat order, each once."""
    if parse.is_blank(raw) or raw == [] or raw == ():
        return ()
    if not table.options.misere:
        errors.add("misere", _("Misère is a house rule that is off at this table."))
        return ()
    if not isinstance(raw, str | list | tuple):
        errors.add("misere", _("Misère is a list of players."))
        return ()
    seats = parse.seats(table.players, raw, "misere", errors, unique=False)
    for index, seat in enumerate(seats):
        if seat in seats[:index]:
            errors.add("misere", _("%(name)s is listed twice: a misère counts once.", name=seat.name))
            return ()
    return tuple(sorted(seats, key=lambda s: s.index))


def _shown(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:39] + "…"


def decimal_points(record: TarotRecord) -> Decimal:
    """The attack's card points as a number (``Decimal("40.5")``)."""
    return Decimal(record.attack_halves) / 2
