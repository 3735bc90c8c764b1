"""What a game keeping a ledger leaves on the table between deals (stakes carried after a remise, a plato, chips in
the pots) that its standings do not count, and how settling up now shares it out, in the game's words.

The players' nets alone do not sum to zero while money lies in a pot: the table page's ledger and the score sheet
say what lies there, so that the nets and it add up to zero and the settle-up's amounts are no surprise. Where
the table's settle-up choices have players pay something in first (a debt still open), each such player's payment
is a row of its own, out of the player's net and into the pot's, as the settle-up counts it: each player's
settle-up amount is then the net, the payment in and the share of the pots. A game whose standings already count
the pots (given back to who put them in once the night is over) shows nothing more.
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
    amount: int  # as settling up now finds it: what lies there, and what is paid in first
    money: str  # at the table's stake, "" when it plays for honour
    paid_in: int = 0  # of ``amount``, what settling up now pays in first (the game's settling_moves)

    @property
    def lying(self) -> int:
        """What lies in the pot now."""
        return self.amount - self.paid_in


@dataclass(frozen=True)
class PaidIn:
    """What a player pays into the pots when settling up now (a debt still open, counted by the table's
    settle-up choices): a row beside the nets, out of the player's."""

    player: str
    amount: int  # negative: it comes out of the player's net
    money: str  # signed, at the table's stake; "" when it plays for honour
    said: str  # what it is, in the game's words (its settling moves' reasons)


@dataclass(frozen=True)
class OnTable:
    pots: tuple[Pot, ...]  # the pots holding anything when settling up now
    total: int
    money: str
    notes: tuple[str, ...]  # how settling up now shares it out (the game's settle_notes, the table's choices)
    paid_in: tuple[PaidIn, ...] = ()  # what the players pay in first, by player


def left_on_table(st: Standings) -> OnTable | None:
    """What lies in the game's pots that its standings leave out, with what settling up now pays into them first
    (the game's ``settling_moves`` under the table's saved choices: the settle-up's own), or None (no ledger,
    nothing in the pots, or the standings count it already: they sum to zero with it). The nets, the players'
    payments in and the pots add up to zero."""
    from scoring import services

    ledger: Any = st.ledger
    if ledger is None:
        return None
    table, presenter = st.table, presenter_for(st.table.game)
    choices = services.saved_settle_choices(table, st.game)
    moves = st.game.settling_moves(st.spec, st.state, **choices)
    settling = ledger.moved(moves)
    if not settling.pots_total():
        return None
    if ledger.pots_total() and sum(st.standings.values()) == sum(ledger.players) + ledger.pots_total():
        return None  # the standings give the pots back already
    # in the game's own order (its ledger as a night starts): a state read back from PostgreSQL's jsonb keeps no order
    order = list(getattr(st.game.initial_state(st.spec), "ledger", ledger).pots)
    pots = tuple(Pot(presenter.pot_name(pot), amount, chips_money(amount, table), amount - ledger.pots[pot])
                 for pot, amount in sorted(settling.pots.items(), key=lambda item: (
                     order.index(item[0]) if item[0] in order else len(order), item[0])) if amount)
    said: dict[int, list[str]] = {}  # by the seat each move comes from or goes to (pot to pot moves no player)
    for move in moves:
        seat = move.payer if isinstance(move.payer, int) else move.payee
        if isinstance(seat, int):
            said.setdefault(seat, []).append(services.translate(move.reason))
    paid_in = tuple(PaidIn(st.spec.players[seat], settling.players[seat] - ledger.players[seat],
                           chips_money(settling.players[seat] - ledger.players[seat], table, signed=True),
                           "; ".join(reasons)) for seat, reasons in said.items())
    notes = tuple(services.translate(note) for note in st.game.settle_notes(st.spec, st.state, **choices))
    return OnTable(pots, settling.pots_total(), chips_money(settling.pots_total(), table), notes, paid_in)
