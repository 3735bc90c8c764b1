"""What a game keeping a ledger leaves on the table between deals (stakes carried after a remise, a plato, chips in
the pots) that its standings do not count, and how settling up now shares it out, in the game's words.

The players' nets alone do not sum to zero while money lies in a pot: the table page's ledger and the score sheet
say what lies there, so that the nets and it add up to zero and the settle-up's amounts are no surprise. A game
whose standings already count it (pots given back to who put them in once the night is over) shows nothing more.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scoring.presenters import presenter_for
from scoring.templatetags.ledger import chips_money

if TYPE_CHECKING:
    from scoring.services import Standings


@dataclass(frozen=True)
class Pot:
    name: str  # as the game's players say it (Presenter.pot_names)
    amount: int
    money: str  # at the table's stake, "" when it plays for honour


@dataclass(frozen=True)
class OnTable:
    pots: tuple[Pot, ...]  # the pots holding anything
    total: int
    money: str
    notes: tuple[str, ...]  # how settling up now shares it out (the game's settle_notes, the table's choices)


def left_on_table(st: Standings) -> OnTable | None:
    """What lies in the game's pots that its standings leave out, or None (no ledger, nothing in the pots, or the
    standings count it already: they sum to zero with it)."""
    from scoring import services

    ledger: Any = st.ledger
    if ledger is None or not ledger.pots_total():
        return None
    if sum(st.standings.values()) == sum(ledger.players) + ledger.pots_total():
        return None  # the standings give the pots back already
    table, presenter = st.table, presenter_for(st.table.game)
    pots = tuple(Pot(presenter.pot_name(pot), amount, chips_money(amount, table))
                 for pot, amount in ledger.pots.items() if amount)
    choices = services.saved_settle_choices(table, st.game)
    notes = tuple(services.translate(note) for note in st.game.settle_notes(st.spec, st.state, **choices))
    return OnTable(pots, ledger.pots_total(), chips_money(ledger.pots_total(), table), notes)
