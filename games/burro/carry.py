"""A Burro game under way on paper (RULINGS, General): each player's letters so far, 0 to 4.

The fifth letter ends the game at once, so a game under way has nobody on five; who deals next is the
table's first dealer.

>>> from games.burro.rules import GAME
>>> table = GAME.table(["Ana", "Bea", "Cris"])
>>> GAME.carry_over(table, {"total_0": "2", "total_2": "4"}).totals
(2, 0, 4)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from games.burro.options import BurroOptions
from referee import parse
from referee.game import Errors, Field, TableSpec
from referee.text import _

if TYPE_CHECKING:
    from games.burro.rules import BurroState

Table = TableSpec[BurroOptions]
MOST = 4  # the fifth letter ends the game


def carried_fields(table: Table) -> tuple[Field, ...]:
    return tuple(Field(f"total_{seat}", _("%(name)s: letters so far", name=name), "int", required=False,
                       default=0, minimum=0, maximum=MOST, help=_("B 1, B-U 2, B-U-R 3, B-U-R-R 4."))
                 for seat, name in enumerate(table.players))


def carry_over(table: Table, raw: Mapping[str, Any], start: BurroState) -> BurroState:
    errors = Errors()
    totals = tuple(parse.whole_number(raw.get(f"total_{seat}"), f"total_{seat}", errors, minimum=0, maximum=MOST,
                                      wrong=_("From 0 to 4 letters: the fifth ends the game."))
                   or 0 for seat in range(table.size))
    errors.raise_if_any()
    return dataclasses.replace(start, totals=totals)
