"""The lulo list: the ledger's debts, as the paper list had them (who, how much, from which deal, why, open,
paid or free), which of them may be paid next deal, and when the night is over.

A lulo is a :class:`referee.ledger.Debt`: ``detail`` says why (``"no_trick"``, ``"misplay:follow_suit"``, or
``"no_trick:follow_suit"`` when one lulo stands for both offences); a free tenth lulo costs nothing and keeps
what it would have cost in ``worth``. Lulos are never removed: a paid one is marked paid.

>>> from referee.ledger import Ledger
>>> ledger, debt = Ledger.open(5).owe(3, 3, debt_reason("no_trick", "follow_suit"), deal=1,
...                                  detail=detail("no_trick", "follow_suit"))
>>> line = lulo_line(debt, ("Ana", "Luis", "Pepe", "Marta", "Juan"))
>>> line.to_json()
{'id': 1, 'player': 'Marta', 'amount': 3, 'worth': 3, 'deal': 1, 'reason': 'no_trick', \
'misplay': 'follow_suit', 'free': False, 'paid_deal': None, 'status': 'open'}
>>> str(debt.reason), str(why(*reason_of(debt)))
('went, took no trick', 'went, took no trick, and broke “Follow suit”')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from referee.game import TableSpec
from referee.ledger import Debt
from referee.text import Text, _, join
from referee.values import Values

from .options import ToruroOptions
from .record import Payment, payments_read
from .state import ToruroState
from .words import RULE_NAMES

NO_TRICK = "no_trick"
MISPLAY = "misplay"


CARRIED = "carried"  # a lulo owed before the night was continued here (games.toruro.carry)


def detail(reason: str, misplay: str | None) -> str:
    """Why a lulo was committed, as the ledger's debt keeps it."""
    return f"{reason}:{misplay}" if misplay else reason


def reason_of(debt: Debt) -> tuple[str, str | None]:
    """``(reason, misplay)`` back from a debt's detail."""
    reason, _sep, misplay = debt.detail.partition(":")
    return reason, misplay or None


def debt_reason(reason: str, misplay: str | None) -> Text:
    """The debt's reason as the ledger keeps it: one text without texts inside (the rule broken alongside
    going without a trick is in the debt's ``detail``, and :func:`why` says both)."""
    if reason == MISPLAY and misplay in RULE_NAMES:
        return RULE_NAMES[misplay]
    return _("broke a play rule") if reason == MISPLAY else _("went, took no trick")


def why(reason: str, misplay: str | None) -> Text:
    """Why a lulo was committed, as the list says it."""
    if reason == CARRIED:
        return _("carried over from paper")
    if reason == MISPLAY:
        return RULE_NAMES[misplay] if misplay in RULE_NAMES else _("broke a play rule")
    if misplay in RULE_NAMES:  # one lulo for both offences (house rule one_lulo_per_deal): say both
        return _("went, took no trick, and broke “%(rule)s”", rule=RULE_NAMES[misplay])
    return _("went, took no trick")


def status(debt: Debt) -> str:
    return "free" if debt.free else "paid" if debt.paid_deal is not None else "open"


@dataclass(frozen=True)
class LuloLine(Values):
    """One line of the lulo list, as the API and the pages show it (the player by name)."""

    id: int
    player: str
    amount: int
    worth: int
    deal: int
    reason: str
    misplay: str | None
    free: bool
    paid_deal: int | None
    status: str

    def to_json(self) -> dict[str, Any]:
        return dict(vars(self))  # plain values only: quicker than the generic codec on a long night's list


@dataclass(frozen=True)
class PayableLulo(Values):
    """A lulo that may be paid next deal; ``from_dealer`` is its debtor's place from the dealer (0: the
    dealer, 1: the next player...): among equal amounts the first from the dealer who chooses pays."""

    id: int
    player: str
    amount: int
    worth: int
    deal: int
    reason: str
    misplay: str | None
    free: bool
    paid_deal: int | None
    from_dealer: int

    def to_json(self) -> dict[str, Any]:
        return dict(vars(self))


def _fields(debt: Debt, players: Sequence[str]) -> dict[str, Any]:
    reason, misplay = reason_of(debt)
    return {"id": debt.id, "player": players[debt.debtor], "amount": debt.amount, "worth": debt.worth,
            "deal": debt.deal, "reason": reason, "misplay": misplay, "free": debt.free,
            "paid_deal": debt.paid_deal}


def lulo_line(debt: Debt, players: Sequence[str]) -> LuloLine:
    return LuloLine(**_fields(debt, players), status=status(debt))


def lulo_list(state: ToruroState, players: Sequence[str]) -> tuple[LuloLine, ...]:
    return tuple(lulo_line(debt, players) for debt in state.ledger.debts)


def lines_of(state: ToruroState, players: Sequence[str], ids: Iterable[int]) -> tuple[LuloLine, ...]:
    """The lines of the lulos numbered ``ids``, as they stand in ``state``, by number."""
    return tuple(lulo_line(state.ledger.debts[i - 1], players) for i in sorted(set(ids)))


def paid_line(player: str, debt: Debt, pay: Payment) -> Text:
    """A lulo paid into the pots as the deal's breakdown says it: who pays which lulo, what it costs, and each
    pot's chips."""
    return _("%(player)s pays lulo #%(id)s (%(amount)s chips): cabeza %(c)s, barriga %(b)s, cola %(k)s.",
             player=player, id=debt.id, amount=debt.amount, c=pay.cabeza, b=pay.barriga, k=pay.cola)


def paid_words(table: TableSpec[ToruroOptions], state: ToruroState, raw: Any) -> Text | None:
    """The lulos paid in a record or a contract (``raw``, as sent) said as the deal's breakdown says them, each
    from the lulo list before the deal (``state``); None if they do not read or a lulo is not on the list (what
    is wrong with them is the rules' check to say).

    >>> from games.toruro.rules import GAME
    >>> table = GAME.table(["Ana", "Luis", "Pepe", "Marta", "Juan"])
    >>> state, _out = GAME.apply(table, GAME.initial_state(table), {"turned_card": "5B",  # everyone goes
    ...                          "went": list(table.players), "tricks": ["Luis", "Luis", "Luis"]})
    >>> str(paid_words(table, state, [{"lulo": "2", "barriga": 1, "cola": 2}]))
    'Marta pays lulo #2 (3 chips): cabeza 0, barriga 1, cola 2.'
    >>> paid_words(table, state, [{"lulo": 9}]) is None
    True
    """
    payments = payments_read(table.players, raw)
    if not payments or any(not 1 <= pay.lulo <= len(state.ledger.debts) for pay in payments):
        return None
    debts = [state.ledger.debt(pay.lulo) for pay in payments]
    return join([paid_line(table.players[debt.debtor], debt, pay)
                 for debt, pay in zip(debts, payments, strict=True)], " ")


def night_over(table: TableSpec[ToruroOptions], state: ToruroState) -> bool:
    """"The game ends when, after at least one deal, nobody owes anything" (and, with ``play_out_pots``,
    nothing is left in the pots)."""
    if state.played < 1 or state.ledger.any_open():
        return False
    return not (table.options.play_out_pots and state.ledger.pots_total())


def by_kind(payable: Sequence[PayableLulo]) -> list[tuple[PayableLulo, ...]]:
    """Payable lulos by player and amount, in the order they may be paid: paying any of one player's equal
    lulos is the same, so each kind is one choice (the record form's, the card-by-card contract's)."""
    kinds: dict[tuple[str, int], list[PayableLulo]] = {}
    for lulo in payable:
        kinds.setdefault((lulo.player, lulo.amount), []).append(lulo)
    return [tuple(kind) for kind in kinds.values()]


def payable(table: TableSpec[ToruroOptions], state: ToruroState) -> tuple[PayableLulo, ...]:
    """The lulos that may be paid this deal, lowest first, then in order from the dealer round the table.

    With ``lulos_per_deal`` = n, these are the open lulos no dearer than the n-th lowest one."""
    if night_over(table, state):
        return ()
    from_dealer = {table.after(state.dealer, k): k for k in range(table.size)}
    debts = sorted(state.ledger.open_debts(), key=lambda d: (d.amount, from_dealer[d.debtor], d.id))
    if not debts:
        return ()
    cutoff = debts[min(table.options.lulos_per_deal, len(debts)) - 1].amount
    return tuple(PayableLulo(**_fields(d, table.players), from_dealer=from_dealer[d.debtor])
                 for d in debts if d.amount <= cutoff)
