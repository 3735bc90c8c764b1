"""A Burro hand as recorded: who was left holding cards (the loser), whether it was a decider, or a misdeal.

>>> from games.burro.rules import GAME
>>> table = GAME.table(["Ana", "Bea", "Carl"])
>>> parse_record(table, {"loser": " bea "})
BurroRecord(loser=Seat(index=1, name='Bea'), decider=False, void=False, between=())
>>> parse_record(table, {"loser": "Eve", "void": "maybe"})
Traceback (most recent call last):
...
referee.parse.InvalidRecord: loser: Eve is not playing at this table.; void: Answer yes or no.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee import parse
from referee.game import Errors, Field, Record, TableSpec
from referee.text import _
from referee.values import Seat

NAME = "Burro"
FIELDS = ("loser", "decider", "void", "between")
NO_LOSER = _("Who was left holding cards? Tap their name.")  # also on the form, for a hand saved without one


@dataclass(frozen=True)
class BurroRecord(Record):
    """``loser``: the last player still holding cards (none only in a misdeal); ``decider``: the hand played by
    the tied leaders once the game is over, and ``between``: who they were (Tapete marks both itself, see
    ``Burro.complete``; a misdeal it leaves as it is)."""

    loser: Seat | None
    decider: bool = False
    void: bool = False
    between: tuple[Seat, ...] = ()  # a decider's players, the tied leaders (Tapete writes them, see complete)

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        if not self.between:  # every hand but a decider: stored as before there were any
            data.pop("between")
        return data


def record_fields(table: TableSpec[Any]) -> tuple[Field, ...]:
    return (
        Field("loser", _("Who was left holding cards?"), "player",
              help=_("The last player still holding cards takes the next letter of B-U-R-R-O.")),
        Field("decider", _("Decider between the players tied for the fewest letters"), "bool", required=False,
              default=False,
              help=_("Once the game is over with a tie for the fewest letters, the next hand is the decider: "
                     "Tapete marks it by itself.")),
        Field("void", _("Misdeal: nobody takes a letter"), "bool", required=False, default=False),
        Field("between", _("Decider played between"), "players", required=False, default=[],
              help=_("Tapete writes it with the decider: the players tied then. A correction that ties others "
                     "is refused.")),
    )


def parse_record(table: TableSpec[Any], raw: Mapping[str, Any]) -> BurroRecord:
    """Read a hand as sent (a form, the API): a message per field."""
    errors = Errors()
    if not isinstance(raw, Mapping):
        errors.add("__all__", _("Send the hand as an object: who was left holding cards."))
        errors.raise_if_any()
    parse.unknown_fields(raw, FIELDS, errors, NAME)
    loser = parse.seat(table.players, raw.get("loser"), "loser", errors)
    decider = parse.yes_no(raw.get("decider"), "decider", errors)
    void = parse.yes_no(raw.get("void"), "void", errors)
    between = () if parse.is_blank(raw.get("between")) else parse.seats(table.players, raw.get("between"),
                                                                         "between", errors)
    if void and loser is not None:
        errors.add("loser", _("A misdeal has no loser: leave it empty, or untick the misdeal."))
    elif not void and parse.is_blank(raw.get("loser")):
        errors.add("loser", NO_LOSER)
    errors.raise_if_any()
    return BurroRecord(loser=None if void else loser, decider=decider, void=void,
                       between=between if decider else ())
