"""Shared fixtures for the scoring pages: a 4-player and a 5-player Tarot table, and their links.

Cheap on purpose: tables are made through ``services`` (as the views do), with no deals unless a test adds
them. ``pool`` is a made-up game for the generic paths Tarot never takes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from referee.games import _REGISTRY as REGISTRY
from referee.games import all_games
from referee.games.base import Errors, Field, InvalidRecord, Ruling, TableSpec
from referee.text import _
from scoring import services
from scoring.models import Table
from tests.pool_game import TakeFromPool

PLAYERS4 = ["N", "S", "E", "W"]
PLAYERS5 = ["N", "S", "E", "W", "O"]


def plain_deal(**changes: Any) -> dict[str, Any]:
    """FFT example 1 without the extras: E takes a Garde, 2 bouts, 49 points -> E +198, each defender -66."""
    return {"taker": "E", "contract": "garde", "bouts": 2, "points": 49, **changes}


def add_deals(table: Table, count: int) -> None:
    """``count`` plain deals through services, each taken by the next player round the table."""
    for i in range(count):
        services.record_deal(table, plain_deal(taker=PLAYERS4[i % 4] if table.seats.count() == 4
                                               else PLAYERS5[i % 5]))


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


class Pool(TakeFromPool):
    """Each deal a player takes 1–10 points from a pool of 20 (never more than is left), with optional side
    bets of 1–5 each. A later deal can become impossible when an earlier one changes: ChangeRefused."""

    slug = "pool"
    name = "Pool"

    def ruling(self, table: TableSpec, situation: Mapping[str, Any]) -> Ruling:
        raise InvalidRecord({"situation": _("Pool has no cards to rule on.")})

    def record_fields(self, table: TableSpec) -> tuple[Field, ...]:
        return (Field("player", _("Player"), "player"),
                Field("points", _("Points"), "int", minimum=1, maximum=10),
                Field("bets", _("Side bets"), "list", required=False, maximum=2,
                      fields=(Field("value", _("Bet"), "int", minimum=1, maximum=5),)),
                Field("witnesses", _("Witnesses"), "players", required=False, default=[]))

    def validate(self, table: TableSpec, state: Mapping[str, Any],
                 record: Mapping[str, Any]) -> dict[str, Any]:
        errors = Errors()
        self.check_take(table, state, record, errors)
        for i, bet in enumerate(record.get("bets", [])):
            if not isinstance(bet, int) or not 1 <= bet <= 5:
                errors.add(f"bets.{i}", _("A bet is 1 to 5."))
        if record.get("witnesses") and record.get("player") in record["witnesses"]:
            errors.add("__all__", _("Nobody witnesses their own deal."))
        errors.raise_if_any()
        return dict(record)

    def display_state(self, table: TableSpec, state: Mapping[str, Any]) -> dict[str, Any]:
        return {"left_in_pool": state["left"], "pots": {"main": state["left"], "side": 0}}


@pytest.fixture
def pool(db, monkeypatch) -> Table:
    """A 2-player table of the made-up game, registered for one test beside the real games."""
    all_games()
    monkeypatch.setitem(REGISTRY, "pool", Pool())
    return services.create_table(game="pool", players=["Ana", "Bea"])
