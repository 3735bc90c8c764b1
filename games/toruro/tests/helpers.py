"""Reading a Toruro night by the players' names, as the rule texts and the hand-worked examples do."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.toruro import lulos, pots
from games.toruro.record import Payment
from games.toruro.rules import GAME
from games.toruro.state import ToruroState
from referee.game import Outcome, TableSpec


def named(table: TableSpec[Any], values: Sequence[int] | Mapping[int, int]) -> dict[str, int]:
    """Per seat values (a tuple, or ``{seat: value}``) by the players' names."""
    items = values.items() if isinstance(values, Mapping) else enumerate(values)
    return {table.players[seat]: value for seat, value in items}


def names(table: TableSpec[Any], seats: Iterable[int]) -> list[str]:
    return [table.players[seat] for seat in seats]


def account(table: TableSpec[Any], value: int | str) -> str:
    """A ledger account as the API names it: a player, or ``pot:cabeza``."""
    return table.players[value] if isinstance(value, int) else f"pot:{value}"


def moves(table: TableSpec[Any], outcome: Outcome) -> list[tuple[str, str, int]]:
    return [(account(table, m.payer), account(table, m.payee), m.amount) for m in outcome.moves]


def extra(outcome: Outcome) -> dict[str, Any]:
    """The outcome's details as the API shows them (``extra``)."""
    assert outcome.details is not None
    return outcome.details.to_json()


def in_pots(state: ToruroState) -> dict[str, int]:
    return dict(state.ledger.pots)


def lulo_list(table: TableSpec[Any], state: ToruroState) -> list[dict[str, Any]]:
    """The lulo list as the API shows it: id, player, amount, worth, deal, reason, misplay, free, paid_deal,
    status."""
    return [line.to_json() for line in lulos.lulo_list(state, table.players)]


def payable(table: TableSpec[Any], state: ToruroState) -> list[dict[str, Any]]:
    return [lulo.to_json() for lulo in lulos.payable(table, state)]


def at_start(state: ToruroState, *payments: Mapping[str, int]) -> dict[str, int]:
    return pots.at_start(state, [Payment(**p) for p in payments])


def counts(table: TableSpec[Any], state: ToruroState) -> dict[str, int]:
    return named(table, state.lulo_counts)


def with_counts(table: TableSpec[Any], state: ToruroState, **by_name: int) -> ToruroState:
    """The state with players arriving with lulos on their count from an earlier night."""
    current = list(state.lulo_counts)
    for name, count in by_name.items():
        current[table.players.index(name)] = count
    return dataclasses.replace(state, lulo_counts=tuple(current))


def balances(table: TableSpec[Any], state: ToruroState, **choices: Any) -> dict[str, int]:
    return named(table, GAME.balances(table, state, **choices))


def winners(table: TableSpec[Any], seats: Iterable[int]) -> list[str]:
    return names(table, seats)
