"""What a Toruro night carries from deal to deal: the ledger (every player's net, the three pots and the lulo
list), who put the chips now lying in the pots, each player's count of lulos, the deals played.

Everything is counted in whole chips (the app multiplies by the table's chip value). Money only moves through
:meth:`referee.ledger.Ledger.move`, so the players' nets plus the pots are always zero; the lulos are the
ledger's debts (promises, not money, until paid).

>>> state = initial(5, first_dealer=0)
>>> state.ledger.pots, state.ledger.conserved, state.pot_shares
({'cabeza': 0, 'barriga': 0, 'cola': 0}, True, (0, 0, 0, 0, 0))
>>> ToruroState.from_json(state.to_json()) == state
True
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.game import State
from referee.ledger import Ledger
from referee.values import Values

from .words import POTS


@dataclass(frozen=True)
class Chips(Values):
    """Chips put into and taken out of the pots over the night, counted from the deals' moves."""

    paid_in: int = 0
    taken_out: int = 0


@dataclass(frozen=True, kw_only=True)
class ToruroState(State):
    """``totals`` are the players' nets (the ledger's balances); ``played`` counts the deals played (not
    void): "the first deal" is ``played == 0``."""

    ledger: Ledger
    played: int = 0
    pot_shares: tuple[int, ...] = ()  # per seat: their chips now in the pots (to give back if the night stops)
    lulo_counts: tuple[int, ...] = ()  # per seat: lulos committed (towards every tenth being free)
    chips: Chips = Chips()


def initial(seats: int, first_dealer: int) -> ToruroState:
    return ToruroState(totals=(0,) * seats, dealer=first_dealer, ledger=Ledger.open(seats, POTS),
                       pot_shares=(0,) * seats, lulo_counts=(0,) * seats)
