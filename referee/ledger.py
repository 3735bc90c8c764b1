"""Money kept straight: players, named pots and debts, with moves that conserve money.

A :class:`Ledger` holds every seat's balance and every named pot (Toruro's cabeza, barriga and cola;
Tresillo's plato and middle pool; L'Ombre's stakes). Money only ever *moves* from one account to another, so
the players' balances plus the pots always sum to zero: :meth:`Ledger.move` asserts it after every move.

Debts (Toruro's lulos, Tresillo's reserved puestas) are promises, not money: a debt is written when it is
incurred and marked paid (or free) when it is settled; the money it brings moves separately.

>>> ledger = Ledger.open(3, pots=("cabeza", "cola"))
>>> ledger, move = ledger.move(0, "cabeza", 2, _("ante"))
>>> ledger, _move = ledger.move("cabeza", 1, 2, _("won the cabeza"))
>>> ledger.players, dict(ledger.pots), ledger.conserved
((-2, 2, 0), {'cabeza': 0, 'cola': 0}, True)
>>> ledger, debt = ledger.owe(2, 3, _("lulo"), deal=1)
>>> [d.id for d in ledger.open_debts()], ledger.paid(debt.id, deal=2).open_debts()
([1], ())
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from referee.text import Text, _, minus
from referee.values import Values

Account = int | str
"""A seat (an int), or a named pot (a str)."""


class Unbalanced(AssertionError):
    """A move that would create or destroy money: a bug, never a user's mistake."""


@dataclass(frozen=True)
class Move(Values):
    """Money (or chips) moving from ``payer`` to ``payee``, for ``reason``."""

    payer: Account
    payee: Account
    amount: int
    reason: Text

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Move:
        return cls(data["payer"], data["payee"], int(data["amount"]), Text.from_i18n(data.get("reason", "")))


@dataclass(frozen=True)
class Debt(Values):
    """Money owed: by ``debtor`` (a seat), ``amount``, since ``deal``; paid at ``paid_deal`` or forgiven."""

    id: int
    debtor: int
    amount: int
    reason: Text
    deal: int
    paid_deal: int | None = None
    free: bool = False
    worth: int = 0  # what a forgiven debt would have cost
    detail: str = ""  # the game's own word for why (a rule's key)

    @property
    def open(self) -> bool:
        return self.paid_deal is None and not self.free


@dataclass(frozen=True)
class Ledger(Values):
    players: tuple[int, ...]
    pots: Mapping[str, int] = field(default_factory=dict)
    debts: tuple[Debt, ...] = ()

    @classmethod
    def open(cls, seats: int, pots: Iterable[str] = ()) -> Ledger:
        return cls((0,) * seats, {name: 0 for name in pots})

    @property
    def conserved(self) -> bool:
        return sum(self.players) + sum(self.pots.values()) == 0

    def balance(self, account: Account) -> int:
        return self.players[account] if isinstance(account, int) else self.pots[account]

    def move(self, payer: Account, payee: Account, amount: int, reason: Text) -> tuple[Ledger, Move]:
        """The ledger after ``amount`` moves from ``payer`` to ``payee``, and the move."""
        if amount < 0:
            raise Unbalanced(f"a move of {amount} is negative")
        players = list(self.players)
        pots = dict(self.pots)
        for account, change in ((payer, -amount), (payee, amount)):
            if isinstance(account, int):
                if not 0 <= account < len(players):
                    raise KeyError(f"no seat {account}")
                players[account] += change
            elif account in pots:
                pots[account] += change
            else:
                raise KeyError(f"no pot named {account!r}")
        after = replace(self, players=tuple(players), pots=pots)
        if not after.conserved:
            raise Unbalanced("money was created or destroyed")
        return after, Move(payer, payee, amount, reason)

    def moved(self, moves: Iterable[Move]) -> Ledger:
        ledger = self
        for m in moves:
            ledger, _m = ledger.move(m.payer, m.payee, m.amount, m.reason)
        return ledger

    def pots_total(self) -> int:
        return sum(self.pots.values())

    def nets(self, seats: int | None = None) -> dict[int, int]:
        """Each seat's balance; with money left in pots these do not sum to zero (see the game's settlement)."""
        return {seat: amount for seat, amount in enumerate(self.players[:seats])}

    # -- debts ----------------------------------------------------------------------------------------------
    def owe(self, debtor: int, amount: int, reason: Text, *, deal: int, free: bool = False,
            detail: str = "") -> tuple[Ledger, Debt]:
        """Write a debt (a forgiven one costs nothing and keeps its ``worth``)."""
        debt = Debt(len(self.debts) + 1, debtor, 0 if free else amount, reason, deal, free=free,
                    worth=amount, detail=detail)
        return replace(self, debts=self.debts + (debt,)), debt

    def debt(self, debt_id: int) -> Debt:
        if not 1 <= debt_id <= len(self.debts):
            raise KeyError(f"no debt {debt_id}")
        return self.debts[debt_id - 1]

    def paid(self, debt_id: int, *, deal: int) -> Ledger:
        """Mark a debt paid at ``deal`` (its money moves separately, through :meth:`move`)."""
        debt = self.debt(debt_id)
        if not debt.open:
            raise ValueError(f"debt {debt_id} is not open")
        debts = list(self.debts)
        debts[debt_id - 1] = replace(debt, paid_deal=deal)
        return replace(self, debts=tuple(debts))

    def open_debts(self) -> tuple[Debt, ...]:
        return tuple(d for d in self.debts if d.open)

    def open_by_debtor(self) -> dict[int, tuple[int, ...]]:
        """Each debtor's open debts, their amounts in the order of the list, debtors in the order it first names
        them (a debt of nothing left out): what settling up now would have each pay in.

        >>> ledger, _d = Ledger.open(3).owe(2, 21, _("r"), deal=1)
        >>> ledger, _d = ledger.owe(0, 3, _("r"), deal=2)
        >>> ledger, _d = ledger.owe(2, 8, _("r"), deal=3)
        >>> ledger.open_by_debtor()
        {2: (21, 8), 0: (3,)}
        """
        owed: dict[int, tuple[int, ...]] = {}
        for debt in self.open_debts():
            if debt.amount:
                owed[debt.debtor] = (*owed.get(debt.debtor, ()), debt.amount)
        return owed

    def any_open(self) -> bool:
        """Whether a debt is still open, looked for from the newest (which are the likeliest open): asked after
        every deal, where a long night's list would make each deal read it all."""
        return any(d.open for d in reversed(self.debts))

    def owed(self, seats: int) -> dict[int, int]:
        """What each seat still owes in open debts."""
        owed = dict.fromkeys(range(seats), 0)
        for debt in self.open_debts():
            owed[debt.debtor] += debt.amount
        return owed

    def check_line(self) -> Text:
        """The conservation check as the table page shows it: players + pots = 0, a negative with a real minus.

        >>> str(Ledger.open(2, pots=("plato",)).move(0, "plato", 6, _("stake"))[0].check_line())
        'Players −6 + pots 6 = 0'
        """
        players, pots = sum(self.players), self.pots_total()
        return _("Players %(players)s + pots %(pots)s = %(sum)s", players=minus(players), pots=minus(pots),
                 sum=minus(players + pots))


class Books:
    """A deal's money as it moves: the ledger after each move, and the moves in order (a move of nothing is
    no move). Each seat's net for the deal is what it took out minus what it paid in.

    >>> books = Books(Ledger.open(3, pots=("plato",)))
    >>> books.move(0, "plato", 4, _("stake")); books.move("plato", 2, 4, _("won")); books.move(1, 2, 0, _("x"))
    >>> books.nets(3), len(books.moves), books.ledger.conserved
    ((-4, 0, 4), 2, True)
    """

    def __init__(self, ledger: Ledger):
        self.ledger = ledger
        self.moves: list[Move] = []

    def move(self, payer: Account, payee: Account, amount: int, reason: Text) -> None:
        if amount:
            self.ledger, moved = self.ledger.move(payer, payee, amount, reason)
            self.moves.append(moved)

    def nets(self, seats: int) -> tuple[int, ...]:
        net = [0] * seats
        for m in self.moves:
            if isinstance(m.payer, int):
                net[m.payer] -= m.amount
            if isinstance(m.payee, int):
                net[m.payee] += m.amount
        return tuple(net)
