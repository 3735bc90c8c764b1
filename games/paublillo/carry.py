"""A Paublillo game under way on paper (RULINGS, General): each team's points so far, entered once.

The points say everything the game carries: malas and buenas, the stones, and who is on alver (11) all follow
from them; who deals next is the table's first dealer. A team on 12 has won, so a game under way has 0 to 11.

>>> from games.paublillo.rules import GAME
>>> table = GAME.table(["Ana", "Bea", "Luis", "Eva"])
>>> state = GAME.carry_over(table, {"total_0": "11", "total_1": "4"})
>>> state.totals, state.alver
((11, 4), (<Team.A: 'A'>,))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from games.paublillo import teams
from games.paublillo.options import PaublilloOptions
from games.paublillo.stones import ALVER
from games.paublillo.teams import Team
from referee import parse
from referee.game import Errors, Field, TableSpec
from referee.text import _

if TYPE_CHECKING:
    from games.paublillo.rules import PaublilloState

Table = TableSpec[PaublilloOptions]


def carried_fields(table: Table) -> tuple[Field, ...]:
    """Each team's points so far, 0 to 11."""
    return tuple(Field(f"total_{team.side}", _("Team %(team)s (%(names)s): points so far", team=team.value,
                                                names=teams.label(table, team)),
                       "int", required=False, default=0, minimum=0, maximum=ALVER,
                       help=_("Malas count 1 to 6, buenas 7 to 11: 3 buenas is 9 points. 11 is alver."))
                 for team in Team)


def carry_over(table: Table, raw: Mapping[str, Any], start: PaublilloState) -> PaublilloState:
    """The state after the paper's deals: the points (a blank is 0) and the teams on alver they make."""
    errors = Errors()
    totals = tuple(parse.whole_number(raw.get(f"total_{team.side}"), f"total_{team.side}", errors, minimum=0,
                                      maximum=ALVER,
                                      wrong=_("From 0 to 11 points: a team on 12 has already won the game."))
                   or 0 for team in Team)
    errors.raise_if_any()
    alver = tuple(team for team in Team if totals[team.side] == ALVER)
    return dataclasses.replace(start, totals=totals, alver=alver)
