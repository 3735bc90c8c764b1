"""Shared fixtures for the scoring pages: a 4-player and a 5-player Tarot table, and their links.

Cheap on purpose: tables are made through ``services`` (as the views do), with no deals unless a test adds
them. ``pool`` is a made-up game for the generic paths Tarot never takes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from referee import parse
from referee.game import _REGISTRY as REGISTRY
from referee.game import Errors, Field, InvalidRecord, Options, Ruling, Seat, TableSpec, all_games
from referee.text import _
from scoring import services
from scoring.models import Table
from tests.pool_game import PoolState, Take, TakeFromPool

PLAYERS4 = ["N", "S", "E", "W"]
PLAYERS5 = ["N", "S", "E", "W", "O"]


def plain_deal(**changes: Any) -> dict[str, Any]:
    """FFT example 1 without the extras: E takes a Garde, 2 bouts, 49 points -> E +198, each defender -66."""
    return {"taker": "E", "contract": "garde", "bouts": 2, "points": 49, **changes}


def add_deals(table: Table, count: int) -> None:
    """``count`` plain deals through services, each taken by the next player round the table."""
    for i in range(count):
        if table.seats.count() == 4:
            services.record_deal(table, plain_deal(taker=PLAYERS4[i % 4]))
        else:  # at five the record names the partner: the taker himself, alone
            services.record_deal(table, plain_deal(taker=PLAYERS5[i % 5], partner=PLAYERS5[i % 5]))


@pytest.fixture
def tarot4(db) -> Table:
    return services.create_table(game="tarot", players=PLAYERS4, name="Friday")


@pytest.fixture
def tarot5(db) -> Table:
    return services.create_table(game="tarot", players=PLAYERS5)


@pytest.fixture
def edit_url(tarot4) -> str:
    return f"/t/{tarot4.edit_token}/"


@pytest.fixture
def view_url(tarot4) -> str:
    return f"/t/{tarot4.view_token}/"


# -- a made-up game for the generic paths Tarot never takes --------------------------------------------------


@dataclass(frozen=True)
class PoolTake(Take):
    bets: tuple[int, ...] = ()
    witnesses: tuple[Seat, ...] = ()


class Pool(TakeFromPool):
    """Each deal a player takes 1–10 points from a pool of 20 (never more than is left), with optional side
    bets of 1–5 each. A later deal can become impossible when an earlier one changes: ChangeRefused."""

    slug = "pool"
    name = "Pool"
    record_type = PoolTake

    def ruling(self, table: TableSpec[Options], situation: Mapping[str, Any]) -> Ruling:
        raise InvalidRecord({"situation": _("Pool has no cards to rule on.")})

    def record_fields(self, table: TableSpec[Options]) -> tuple[Field, ...]:
        return (Field("player", _("Player"), "player"),
                Field("points", _("Points"), "int", minimum=1, maximum=10),
                Field("bets", _("Side bets"), "list", required=False, maximum=2,
                      fields=(Field("value", _("Bet"), "int", minimum=1, maximum=5),)),
                Field("witnesses", _("Witnesses"), "players", required=False, default=[]))

    def parse(self, table: TableSpec[Options], raw: Mapping[str, Any]) -> PoolTake:
        errors = Errors()
        player, points = self.read_take(table, raw, errors)
        bets = []
        for i, bet in enumerate(raw.get("bets") or []):
            value = parse.whole_number(bet, f"bets.{i}", errors, wrong=_("A bet is 1 to 5."), minimum=1, maximum=5)
            if value is not None:
                bets.append(value)
        witnesses = parse.seats(table.players, raw.get("witnesses"), "witnesses", errors)
        if player is not None and player in witnesses:
            errors.add("__all__", _("Nobody witnesses their own deal."))
        errors.raise_if_any()
        assert player is not None and points is not None
        return PoolTake(player, points, tuple(bets), witnesses)

    def display_state(self, table: TableSpec[Options], state: PoolState) -> dict[str, Any]:
        return {"left_in_pool": state.left, "pots": {"main": state.left, "side": 0}}


@pytest.fixture
def pool(db, monkeypatch) -> Table:
    """A 2-player table of the made-up game, registered for one test beside the real games."""
    all_games()
    monkeypatch.setitem(REGISTRY, "pool", Pool())
    return services.create_table(game="pool", players=["Ana", "Bea"])
