"""A French Tarot game under way on paper (RULINGS, General): each player's score so far and, when the table
plays a set number of deals, how many were scored.

Every deal's marks add up to zero, so a sheet's scores do too: a sheet whose every score is given and that does
not add up to zero is refused (a figure copied wrong); a blank score is 0, unchecked. A game of N deals is over
at N, so fewer were scored.

>>> from games.tarot.rules import GAME
>>> table = GAME.table(["N", "S", "E", "W"], {"rounds": 8})
>>> state = GAME.carry_over(table, {"total_0": "120", "total_1": "-40", "total_2": "-40", "total_3": "-40",
...                                 "played": "5"})
>>> state.totals, state.played
((120, -40, -40, -40), 5)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from games.tarot.options import TarotOptions
from referee import parse
from referee.game import MAX_CARRIED, Errors, Field, TableSpec
from referee.text import _

if TYPE_CHECKING:
    from games.tarot.rules import TarotState

Table = TableSpec[TarotOptions]


def carried_fields(table: Table, totals: tuple[Field, ...]) -> tuple[Field, ...]:
    """The scores (``totals``: the generic fields), and the deals scored when the game has a number of deals."""
    rounds = table.options.rounds
    if rounds <= 0:
        return totals
    return (*totals, Field("played", _("Deals scored so far (of %(n)s)", n=rounds), "int", required=False,
                           default=0, minimum=0, maximum=rounds - 1,
                           help=_("Void deals do not count.")))


def carry_over(table: Table, raw: Mapping[str, Any], start: TarotState) -> TarotState:
    """The scores (adding up to zero when all are given) and the deals scored (fewer than the game's number)."""
    errors = Errors()
    last = f"total_{table.size - 1}"
    totals = tuple(parse.whole_number(raw.get(f"total_{seat}"), f"total_{seat}", errors, minimum=-MAX_CARRIED,
                                      maximum=MAX_CARRIED) or 0 for seat in range(table.size))
    total: int = sum(totals)
    every = all(not parse.is_blank(raw.get(f"total_{seat}")) for seat in range(table.size))
    if not errors and every and total:
        errors.add(last, _("These scores add up to %(sum)s: every Tarot deal adds up to 0, so the scores so far "
                           "do too. Check the figures copied.", sum=total))
    rounds = table.options.rounds
    played = 0
    if rounds > 0:
        played = parse.whole_number(raw.get("played"), "played", errors, minimum=0, maximum=rounds - 1, wrong=_(
            "From 0 to %(most)s: a game of %(n)s deals is over once they are all scored.", most=rounds - 1,
            n=rounds)) or 0
    errors.raise_if_any()
    return dataclasses.replace(start, totals=totals, played=played)
