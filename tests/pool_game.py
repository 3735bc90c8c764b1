"""The core of the made-up games that reach the app's generic paths (tests/api's Countdown, tests/scoring's
Pool): each deal one player takes 1–10 points from a pool of 20, never more than is left, so a change to an
earlier deal can make a later one impossible."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee import parse
from referee.game import Errors, Game, Options, Outcome, Record, Rule, Seat, State, TableSpec
from referee.text import _

POOL = 20
TAKE = Rule("take", _("Take no more than is left"))


@dataclass(frozen=True)
class Take(Record):
    player: Seat
    points: int


@dataclass(frozen=True, kw_only=True)
class PoolState(State):
    left: int = POOL


class TakeFromPool(Game[Options, Take, PoolState]):
    player_counts = (2, 3)
    record_type = Take
    state_type = PoolState

    def read_take(self, table: TableSpec[Options], raw: Mapping[str, Any],
                  errors: Errors) -> tuple[Seat | None, int | None]:
        player = parse.seat(table.players, raw.get("player"), "player", errors, blank=_("Pick a player."))
        points = parse.whole_number(raw.get("points"), "points", errors, minimum=1, maximum=10,
                                    blank=_("From 1 to 10."), wrong=_("From 1 to 10."))
        return player, points

    def parse(self, table: TableSpec[Options], raw: Mapping[str, Any]) -> Take:
        errors = Errors()
        player, points = self.read_take(table, raw, errors)
        errors.raise_if_any()
        assert player is not None and points is not None
        return Take(player, points)

    def check(self, table: TableSpec[Options], state: PoolState, record: Take) -> None:
        """A player takes no more than is left."""
        if record.points > state.left:
            errors = Errors()
            errors.add("points", _("Only %(left)s left.", left=state.left), rule=TAKE)
            errors.raise_if_any()

    def score(self, table: TableSpec[Options], state: PoolState, record: Take) -> tuple[PoolState, Outcome]:
        scores = table.per_seat({record.player.index: record.points})
        after = state.scored(scores).replace(left=state.left - record.points)
        return after, Outcome(scores=scores, breakdown=(_("%(p)s takes %(n)s.", p=record.player.name,
                                                          n=record.points),))
