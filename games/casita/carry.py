"""A Casita Robada match under way on paper (RULINGS, General): the deals each player has won, and the deals
played (void ones not).

Every deal played has a winner (several when tied), so the deals won add up to at least the deals played,
and nobody has won more than were played. A match already over (N deals played, or someone on N wins) is
not under way.

>>> from games.casita.rules import GAME
>>> table = GAME.table(["Ana", "Bea"], {"target": 5})
>>> state = GAME.carry_over(table, {"total_0": "2", "total_1": "1", "played": "3"})
>>> state.totals, state.played
((2, 1), 3)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from games.casita.match import FIRST_TO, match_winners
from games.casita.options import TARGET_MAX, CasitaOptions
from referee import parse
from referee.game import Errors, Field, TableSpec
from referee.text import _

if TYPE_CHECKING:
    from games.casita.rules import CasitaState

Table = TableSpec[CasitaOptions]
MAX_PLAYED = 10 * TARGET_MAX  # a match of "first to N" may take more deals than N (ties), never this many


def carried_fields(table: Table) -> tuple[Field, ...]:
    """The deals won per player, then the deals played."""
    return (*(Field(f"total_{seat}", _("%(name)s: deals won so far", name=name), "int", required=False, default=0,
                    minimum=0, maximum=MAX_PLAYED) for seat, name in enumerate(table.players)),
            Field("played", _("Deals played so far"), "int", required=False, default=0, minimum=0,
                  maximum=MAX_PLAYED, help=_("Void deals do not count. A tied deal is won by each player tied.")))


def carry_over(table: Table, raw: Mapping[str, Any], start: CasitaState) -> CasitaState:
    """The deals won and played, as a match still under way can have them."""
    errors = Errors()
    wins = tuple(parse.whole_number(raw.get(f"total_{seat}"), f"total_{seat}", errors, minimum=0,
                                    maximum=MAX_PLAYED) or 0 for seat in range(table.size))
    played = parse.whole_number(raw.get("played"), "played", errors, minimum=0, maximum=MAX_PLAYED) or 0
    errors.raise_if_any()
    for seat, won in enumerate(wins):
        if won > played:
            errors.add(f"total_{seat}", _("%(name)s has won %(won)s deals of %(played)s played: more than were "
                                          "played.", name=table.players[seat], won=won, played=played))
    if played > sum(wins):
        errors.add("played", _("%(played)s deals played, but only %(won)s won: every deal has a winner (each "
                               "player tied for the most cards wins it).", played=played, won=sum(wins)))
    errors.raise_if_any()
    options = table.options
    if match_winners(options.match, options.target, played=played, wins=wins):
        if options.match == FIRST_TO:
            won = next(seat for seat in range(table.size) if wins[seat] >= options.target)
            errors.add(f"total_{won}", _("%(name)s has %(won)s deals won: the match, first to %(n)s, is already "
                                         "over.", name=table.players[won], won=wins[won], n=options.target))
        else:
            errors.add("played", _("A match of %(n)s deals is over once they are played: fewer than %(n)s were "
                                   "played in a match under way.", n=options.target))
    errors.raise_if_any()
    return dataclasses.replace(start, totals=wins, played=played)
