"""The core of the made-up games that reach the app's generic paths (tests/api's Countdown, tests/scoring's
Pool): each deal one player takes 1–10 points from a pool of 20, never more than is left, so a change to an
earlier deal can make a later one impossible."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.games.base import Errors, Game, Outcome, TableSpec
from referee.text import _

POOL = 20


class TakeFromPool(Game):
    player_counts = (2, 3)

    def initial_state(self, table: TableSpec) -> dict[str, Any]:
        return {**super().initial_state(table), "left": POOL}

    @staticmethod
    def check_take(table: TableSpec, state: Mapping[str, Any], record: Mapping[str, Any],
                   errors: Errors) -> None:
        """A player of the table takes 1–10, no more than is left."""
        if record.get("player") not in table.players:
            errors.add("player", _("Pick a player."))
        points = record.get("points")
        if not isinstance(points, int) or not 1 <= points <= 10:
            errors.add("points", _("From 1 to 10."))
        elif points > state["left"]:
            errors.add("points", _("Only %(left)s left.", left=state["left"]))

    def score(self, table: TableSpec, state: dict[str, Any], record: dict[str, Any]) -> Outcome:
        state["left"] -= record["points"]
        return Outcome({record["player"]: record["points"]},
                       [_("%(p)s takes %(n)s.", p=record["player"], n=record["points"])])
