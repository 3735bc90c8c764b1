"""The three pots: the dealer's chip in each, what lies in them when play starts (which is what a lulo costs),
and sharing chips out when a night is settled before it ends.

>>> from games.toruro.state import initial
>>> at_start(initial(5, 0))
{'cabeza': 1, 'barriga': 1, 'cola': 1, 'total': 3}
>>> share_equally(7, [2, 3, 4])
{2: 3, 3: 2, 4: 2}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .record import Payment
from .state import ToruroState
from .words import POTS

__all__ = ["ANTE", "POTS", "at_start", "share_equally"]

ANTE = 1  # the dealer's chip in each pot ("three of the lowest-valued chips")


def at_start(state: ToruroState, payments: Iterable[Payment] = ()) -> dict[str, int]:
    """What lies in each pot when play starts: carried pots + the dealer's chips (+ ``payments``' splits).

    ``total`` is the lulo anyone who commits one this deal will owe."""
    pots = {pot: state.ledger.pots[pot] + ANTE for pot in POTS}
    for pay in payments:
        for pot, chips in pay.split.items():
            pots[pot] += chips
    return {**pots, "total": sum(pots[pot] for pot in POTS)}


def share_equally(amount: int, seats: Sequence[int]) -> dict[int, int]:
    """Split ``amount`` chips equally; the odd chips go one each to the first of ``seats``."""
    each, rest = divmod(amount, len(seats))
    return {seat: each + (1 if i < rest else 0) for i, seat in enumerate(seats)}
