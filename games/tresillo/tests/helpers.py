"""Reading a Tresillo or L'Ombre night by the players' names, as the hand-worked examples do."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.tresillo.ombre import OMBRE, OmbreState
from games.tresillo.tresillo import TRESILLO, TresilloState
from referee.game import InvalidRecord, Outcome, TableSpec
from referee.ledger import Debt, Ledger
from referee.text import _

PLAYERS = ("Ana", "Bea", "Carl")  # Ana deals first: Bea is the eldest, then Carl
FOUR = ("Ana", "Bea", "Carl", "Dani")


def named(table: TableSpec[Any], values: Sequence[int] | Mapping[int, int]) -> dict[str, int]:
    items = values.items() if isinstance(values, Mapping) else enumerate(values)
    return {table.players[seat]: value for seat, value in items}


def carried_over(table: TableSpec[Any], *, nets: Sequence[int], plato: int, middle: int,
                 debts: Sequence[tuple[str, int]] = ()) -> TresilloState:
    """A Tresillo night carried over from paper (RULINGS.md, General: a table may start from a game under way,
    with its plato and sheet): each player's net, the plato, the middle pool and the open debts (who, how
    much), Ana to deal. Only for what a night played at Tapete cannot reach (two equal open debts); every
    other test plays its night from the first deal."""
    assert sum(nets) + plato + middle == 0
    sheet = tuple(Debt(i + 1, table.players.index(who), amount, _("Reserved puesta"), deal=0)
                  for i, (who, amount) in enumerate(debts))
    ledger = Ledger(tuple(nets), {"plato": plato, "middle": middle}, sheet)
    return TresilloState(totals=tuple(nets), dealer=0, ledger=ledger)


def tresillo(state: TresilloState | None = None, players: Sequence[str] = PLAYERS, options: Any = None,
             **raw: Any) -> tuple[TresilloState, Outcome, dict[str, int]]:
    table = TRESILLO.table(list(players), options)
    before = state if state is not None else TRESILLO.initial_state(table)
    after, outcome = TRESILLO.apply(table, before, raw)
    return after, outcome, named(table, outcome.scores)


def ombre(state: OmbreState | None = None, players: Sequence[str] = PLAYERS,
          **raw: Any) -> tuple[OmbreState, Outcome, dict[str, int]]:
    table = OMBRE.table(list(players))
    before = state if state is not None else OMBRE.initial_state(table)
    after, outcome = OMBRE.apply(table, before, raw)
    return after, outcome, named(table, outcome.scores)


def refused(game: Any, state: Any, players: Sequence[str] = PLAYERS, **raw: Any) -> dict[str, str]:
    """The messages per field of a refused record."""
    table = game.table(list(players))
    try:
        game.apply(table, state if state is not None else game.initial_state(table), raw)
    except InvalidRecord as refusal:
        return {key: str(message) for key, message in refusal.errors.items()}
    raise AssertionError("the record was accepted")


def sheet(state: TresilloState) -> list[tuple[str, int, int, int | None]]:
    """The Reserved Puesta sheet: (who, amount, written at deal, crossed out at deal)."""
    return [(PLAYERS[d.debtor] if d.debtor < 3 else FOUR[d.debtor], d.amount, d.deal, d.paid_deal)
            for d in state.ledger.debts]
