"""What Toruro counts of a player's play at a table, for the player's page: the deals they went (out of the
deals played), the pots they won, and their lulos: committed, free (every tenth) and paid.

Lulos are counted from the lulo list the night ends with (the state's ledger: every lulo stays on it, paid,
free or open), so a lulo for going without a trick and one for a broken play rule count alike.

>>> from games.toruro.rules import GAME
>>> table = GAME.table(["Ana", "Luis", "Pepe", "Marta", "Juan"])
>>> state, records = GAME.initial_state(table), []
>>> for raw in GAME.example_records(table):
...     record = GAME.complete(table, state, GAME.parse(table, raw))
...     state, _outcome = GAME.apply(table, state, record)
...     records.append(record)
>>> [(s.key, s.value, s.out_of) for s in statistics(table, 3, records, state)]  # Marta: lulo #1, paid next deal
[('went', 2, 3), ('pots_won', 2, None), ('lulos', 1, None), ('lulos_free', 0, None), ('lulos_paid', 1, None)]
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.game import Statistic, TableSpec
from referee.text import _

from .options import ToruroOptions
from .record import ToruroRecord
from .state import ToruroState

WENT = _("Deals they went")
POTS_WON = _("Pots won")
LULOS = _("Lulos committed")
FREE = _("Free lulos (every tenth)")
PAID = _("Lulos paid")


def statistics(table: TableSpec[ToruroOptions], seat: int, records: Sequence[ToruroRecord],
               state: ToruroState) -> tuple[Statistic, ...]:
    """``seat``'s deals gone (out of the deals played, void ones left out) and pots won over ``records``, and
    their lulos on the list in ``state`` (the state after the last deal)."""
    played = [record for record in records if not record.void]
    went = sum(1 for record in played if any(s.index == seat for s in record.went))
    pots = sum(1 for record in played for taker in record.takers if taker.index == seat)
    theirs = [debt for debt in state.ledger.debts if debt.debtor == seat]
    return (Statistic("went", WENT, went, len(played)),
            Statistic("pots_won", POTS_WON, pots),
            Statistic("lulos", LULOS, len(theirs)),
            Statistic("lulos_free", FREE, sum(1 for debt in theirs if debt.free)),
            Statistic("lulos_paid", PAID, sum(1 for debt in theirs if debt.paid_deal is not None)))
