"""A Pablo game under way on paper (RULINGS, General): each player's points so far and, in the English game,
who starts the next round (the last round's winner).

Who deals next is the table's first dealer. A game under way is not over: French, everyone under 100;
English, nobody past 50, and nobody on exactly 50 (that total went back to 0).

>>> from games.pablo.rules import GAME
>>> table = GAME.table(["Ana", "Bea", "Cris"], {"variant": "english"})
>>> state = GAME.carry_over(table, {"total_0": "12", "total_1": "-1", "total_2": "40", "starter": "Bea"})
>>> state.totals, state.starter
((12, -1, 40), 1)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from games.pablo.count import ENGLISH_END, FRENCH_END
from games.pablo.options import PabloOptions, Variant
from referee import parse
from referee.game import MAX_CARRIED, Errors, Field, TableSpec
from referee.text import Text, _

if TYPE_CHECKING:
    from games.pablo.rules import PabloState

Table = TableSpec[PabloOptions]


def carried_fields(table: Table) -> tuple[Field, ...]:
    """The points per player; at an English table, who starts the next round."""
    english = table.options.kind is Variant.ENGLISH
    most = ENGLISH_END if english else FRENCH_END - 1
    fields = tuple(Field(f"total_{seat}", _("%(name)s: points so far", name=name), "int", required=False,
                         default=0, minimum=-MAX_CARRIED, maximum=most)
                   for seat, name in enumerate(table.players))
    if not english:
        return fields
    players = tuple((name, Text(name)) for name in table.players)
    return (*fields, Field("starter", _("Who starts the next round"), "player", required=False, choices=players,
                           help=_("The last round's winner. Blank: the player after the dealer.")))


def carry_over(table: Table, raw: Mapping[str, Any], start: PabloState) -> PabloState:
    """The points of a game not yet over, and who starts (English)."""
    errors = Errors()
    english = table.options.kind is Variant.ENGLISH
    if english:
        wrong = _("At most 50: past 50 the game is over (and exactly 50 went back to 0).")
        most = ENGLISH_END
    else:
        wrong = _("Under 100: at 100 the game is over.")
        most = FRENCH_END - 1
    totals = []
    for seat in range(table.size):
        name = f"total_{seat}"
        total = parse.whole_number(raw.get(name), name, errors, minimum=-MAX_CARRIED, maximum=MAX_CARRIED) or 0
        if english and total == ENGLISH_END:
            errors.add(name, _("Exactly 50 goes back to 0: enter 0."))
        elif total > most:
            errors.add(name, wrong)
        totals.append(total)
    starter = None
    if english and not parse.is_blank(raw.get("starter")):
        found = parse.seat(table.players, raw.get("starter"), "starter", errors)
        starter = found.index if found is not None else None
    errors.raise_if_any()
    return dataclasses.replace(start, totals=tuple(totals), starter=starter)
