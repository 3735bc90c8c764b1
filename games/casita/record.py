"""A Casita Robada deal record: each player's count of captured cards, or a void deal.

What a phone or a client sends, any of::

    {"captured": [{"player": "Ana", "cards": 22}, {"player": "Bea", "cards": 18}]}
    {"captured": {"Ana": 22, "Bea": 18}}
    {"captured": [22, 18]}                      (in the order of play)
    {"void": true}

One count may be left out or blank: it is the deck less the others (the counts always add up to the deck, so
the last one is known). :func:`parse_record` reads the syntax, one message per field, and refuses a count of
exactly one card beside the count that says it (a rule: it cites it); that the counts add up to the deck is the
game's ``check``.

>>> from games.casita.rules import GAME
>>> table = GAME.table(["Ana", "Bea"])
>>> record = parse_record(table, {"captured": [{"player": " ana ", "cards": "22"}, {"player": "Bea"}]})
>>> record.counts, [str(c.player) for c in record.captured]
((22, 18), ['Ana', 'Bea'])
>>> parse_record(table, record.to_json()) == record == parse_record(table, {"captured": {"Bea": 18, "Ana": 22}})
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

from games.casita.options import CasitaOptions
from games.casita.rules_text import RULE_COUNTING
from referee import parse
from referee.cards import full_deck
from referee.game import Field, Record, TableSpec
from referee.parse import Errors, InvalidRecord
from referee.text import Text, _
from referee.values import Seat, Values

GAME_NAME = "Casita Robada"
RECORD_KEYS = frozenset({"captured", "void"})
ROW_KEYS = frozenset({"player", "cards"})

__all__ = ["Capture", "CasitaRecord", "InvalidRecord", "deck_size", "parse_record", "record_fields"]


@dataclass(frozen=True)
class Capture(Values):
    """One player's pile at the end of a deal: whose, and how many cards."""

    player: Seat
    cards: int


@dataclass(frozen=True)
class CasitaRecord(Record):
    """One deal, normalised: a count per player in seat order, or ``CasitaRecord(void=True)`` and nothing else."""

    captured: tuple[Capture, ...] = ()
    void: bool = False

    @property
    def counts(self) -> tuple[int, ...]:
        """The counts in seat order."""
        return tuple(c.cards for c in self.captured)

    def to_json(self) -> dict[str, Any]:
        return {"void": True} if self.void else {"captured": [c.to_json() for c in self.captured]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(void=True) if data.get("void") else super().from_json(data)


def deck_size(table: TableSpec[CasitaOptions]) -> int:
    """Cards in this table's deck: 40, 48 or 52."""
    return len(full_deck(table.deck))


# -- the form -----------------------------------------------------------------------------------------------

def record_fields(table: TableSpec[CasitaOptions]) -> tuple[Field, ...]:
    """A row per player (the form draws them all, in the order of play), then a void deal."""
    deck = deck_size(table)
    return (
        Field("captured", _("Cards captured"), "list", maximum=table.size,
              help=_("Each player's count; they add up to the %(deck)s cards of the deck, so one may be left blank "
                     "and is worked out from the others.", deck=deck),
              fields=(Field("player", _("Player"), "player"),
                      Field("cards", _("Cards"), "int", required=False, minimum=0, maximum=deck, step=1))),
        Field("void", _("Void deal (misdeal)"), "bool", required=False, default=False),
    )


# -- reading a record ---------------------------------------------------------------------------------------

WRONG_SHAPE = _("Give each player's count: a list of {player, cards}, a {player: cards} object, or a list of "
                "numbers in the order of play.")


def _count(value: Any, path: str, deck: int, errors: Errors) -> int | None:
    """A count as given: ``None`` for a blank (to be worked out); a message when it cannot be a count."""
    return parse.whole_number(value, path, errors, minimum=0, maximum=deck,
                              wrong=_("A count is a whole number from 0 to %(deck)s.", deck=deck))


def _rows(table: TableSpec[CasitaOptions], rows: Sequence[Any], deck: int, errors: Errors) -> dict[int, Any]:
    """``[{"player": ..., "cards": ...}]``: seat → (count or None, the path of its count)."""
    given: dict[int, Any] = {}
    for index, row in enumerate(rows):
        where = f"captured.{index}"
        if not isinstance(row, Mapping):
            errors.add(where, _("Each row is a {player, cards} pair."))
            continue
        unknown = [str(key) for key in row if key not in ROW_KEYS]
        if unknown:
            errors.add(where, _("Unknown field %(key)s: a row is a player and their cards.", key=unknown[0][:40]))
            continue
        seat = parse.seat(table.players, row.get("player"), f"{where}.player", errors,
                          blank=_("Whose count is this? Pick the player."))
        cards = _count(row.get("cards"), f"{where}.cards", deck, errors)
        if seat is None:
            continue
        if seat.index in given:
            errors.add(f"{where}.player", _("%(name)s is given twice.", name=seat.name))
            continue
        given[seat.index] = (cards, f"{where}.cards")
    return given


def _by_name(table: TableSpec[CasitaOptions], counts: Mapping[Any, Any], deck: int,
             errors: Errors) -> dict[int, Any]:
    """``{"Ana": 22, "Bea": 18}``: seat → (count or None, the path of its count)."""
    given: dict[int, Any] = {}
    for name, value in counts.items():
        where = f"captured.{str(name)[:40]}"
        seat = parse.find_seat(table.players, name)
        if seat is None:
            errors.add(where, _("%(name)s is not playing at this table.", name=str(name)[:40]))
            continue
        if seat.index in given:
            errors.add(where, _("%(name)s is given twice.", name=seat.name))
            continue
        given[seat.index] = (_count(value, where, deck, errors), where)
    return given


def _in_order(table: TableSpec[CasitaOptions], counts: Sequence[Any], deck: int, errors: Errors) -> dict[int, Any]:
    """``[22, 18]``: one count per player in the order of play."""
    if len(counts) != table.size:
        errors.add("captured", _("Give one count per player, in the order of play: %(n)s here.", n=table.size))
        return {}
    return {seat: (_count(value, f"captured.{seat}", deck, errors), f"captured.{seat}")
            for seat, value in enumerate(counts)}


def _read_counts(table: TableSpec[CasitaOptions], raw: Any, errors: Errors) -> tuple[int, ...] | None:
    """The counts in seat order, the one blank count worked out; None (with messages) if they cannot be read."""
    deck = deck_size(table)
    if parse.is_blank(raw):
        raw = []
    if isinstance(raw, Mapping):
        given = _by_name(table, raw, deck, errors)
    elif isinstance(raw, list | tuple) and raw and all(isinstance(row, Mapping) for row in raw):
        given = _rows(table, raw, deck, errors)
    elif isinstance(raw, list | tuple) and raw and not any(isinstance(v, Mapping | list | tuple) for v in raw):
        given = _in_order(table, raw, deck, errors)
    elif isinstance(raw, list | tuple) and not raw:
        given = {}
    else:
        errors.add("captured", WRONG_SHAPE)
        return None
    if errors:
        return None
    blanks = [seat for seat in range(table.size) if given.get(seat, (None, ""))[0] is None]
    if len(blanks) > 1:
        names = ", ".join(table.players[seat] for seat in blanks)
        message = _("How many cards did each of %(names)s capture? Only one count may be left blank.", names=names)
        for seat in blanks:
            errors.add(given[seat][1] if seat in given else "captured", message)
        return None
    counts = [given[seat][0] if seat in given else None for seat in range(table.size)]
    if blanks:
        (seat,) = blanks
        others = sum(c for c in counts if c is not None)
        if others > deck:
            errors.add("captured", _("The other counts already add up to %(sum)s, %(over)s more than the %(deck)s "
                                     "cards of the deck.", sum=others, over=others - deck, deck=deck),
                       rule=RULE_COUNTING)
            return None
        counts[seat] = deck - others
    for seat, count in enumerate(counts):
        if count == 1:
            errors.add(given[seat][1] if seat in given else "captured",
                       _("%(name)s cannot have exactly 1 card: every capture takes at least two, the card played "
                         "and one it matches.", name=table.players[seat]), rule=RULE_COUNTING)
    if errors:
        return None
    return tuple(c for c in counts if c is not None)


def parse_record(table: TableSpec[CasitaOptions], raw: Mapping[str, Any]) -> CasitaRecord:
    """The record as typed values; :class:`InvalidRecord` with a message per field (``captured.1.cards``).

    Unknown keys are refused; ``void`` alone is a whole record (any counts with it are not kept)."""
    errors = Errors()
    if not isinstance(raw, Mapping):
        errors.add("__all__", _("Send the deal as an object: each player's count of cards captured."))
        errors.raise_if_any()
    parse.unknown_fields(raw, RECORD_KEYS, errors, GAME_NAME)
    if parse.yes_no(raw.get("void"), "void", errors):
        errors.raise_if_any()
        return CasitaRecord(void=True)
    counts = _read_counts(table, raw.get("captured"), errors)
    errors.raise_if_any()
    assert counts is not None
    return CasitaRecord(tuple(Capture(table.seat(seat), cards) for seat, cards in enumerate(counts)))


def counts_line(table: TableSpec[CasitaOptions], counts: Sequence[int]) -> Text:
    """"Ana 22 · Bea 18": the counts as a player reads them out."""
    return Text(" · ".join(f"%(p{i})s %(n{i})s" for i in range(len(counts))),
                {**{f"p{i}": name for i, name in enumerate(table.players)},
                 **{f"n{i}": n for i, n in enumerate(counts)}})
