"""What French Tarot counts of a player's play at a table, for the player's page: contracts taken and made
(in all and by contract), contracts beaten in defence, and at five players how often the player was called.

A contract is made when the attack reaches its target (:func:`games.tarot.count.count_deal`); a void deal
counts for nothing.

>>> from games.tarot.rules import GAME
>>> table = GAME.table(["N", "S", "E", "W"])
>>> records = [GAME.parse(table, r) for r in (
...     {"taker": "E", "contract": "garde", "bouts": 2, "points": 49},
...     {"taker": "E", "contract": "prise", "bouts": 2, "points": 34},
...     {"void": True})]
>>> [(s.key, s.value, s.out_of) for s in statistics(table, 2, records)]
[('taken', 2, None), ('made', 1, 2), ('made.prise', 0, 1), ('made.garde', 1, 1), ('beaten', 0, 0)]
"""

from __future__ import annotations

from collections.abc import Sequence

from games.tarot.count import count_deal
from games.tarot.numbers import CONTRACT_NAMES
from games.tarot.options import TarotOptions
from games.tarot.record import Contract, TarotRecord
from referee.game import Statistic, TableSpec
from referee.text import _

TAKEN = _("Contracts taken")
MADE = _("Contracts made")
BEATEN = _("Contracts beaten in defence")
CALLED = _("Called as partner")


def statistics(table: TableSpec[TarotOptions], seat: int, records: Sequence[TarotRecord]) -> tuple[Statistic, ...]:
    """``seat``'s contracts over ``records`` (the table's deals in order): taken, made (in all and by contract,
    in the order of the contracts, for those taken), beaten in defence (out of those defended) and, at five
    players, the deals in which the taker called them."""
    taken: dict[Contract, int] = {}
    made: dict[Contract, int] = {}
    defended = beaten = called = 0
    for record in records:
        if record.void or record.taker is None or record.contract is None:
            continue
        won = count_deal(record).made
        if record.taker.index == seat:
            taken[record.contract] = taken.get(record.contract, 0) + 1
            made[record.contract] = made.get(record.contract, 0) + (1 if won else 0)
        elif not record.alone and record.partner is not None and record.partner.index == seat:
            called += 1
        else:
            defended += 1
            beaten += 0 if won else 1
    found = [Statistic("taken", TAKEN, sum(taken.values())),
             Statistic("made", MADE, sum(made.values()), sum(taken.values()))]
    found += [Statistic(f"made.{contract.value}", _("%(contract)s made", contract=CONTRACT_NAMES[contract.value]),
                        made[contract], taken[contract])
              for contract in Contract if contract in taken]
    found.append(Statistic("beaten", BEATEN, beaten, defended))
    if table.size == 5:
        found.append(Statistic("called", CALLED, called))
    return tuple(found)
