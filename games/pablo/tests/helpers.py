"""Small helpers that read like a score sheet: a table of a variant, a round from points or cards."""

from __future__ import annotations

from typing import Any

from games.pablo.rules import GAME

FOUR = ["Ana", "Bea", "Carl", "Dani"]


def table(variant: str = "french", players: list[str] | None = None, **options: Any):
    return GAME.table(players or FOUR, {"variant": variant, **options})


def hands(*entries: Any) -> list[dict[str, Any]]:
    """One entry per player in seat order: an int is typed points, a string or list is cards."""
    return [{"points": e} if isinstance(e, int) else {"cards": e} for e in entries]


def round_(caller: str, *entries: Any) -> dict[str, Any]:
    return {"caller": caller, "hands": hands(*entries)}


def play(spec, *records: dict[str, Any]):
    """Apply rounds from the start: the state after the last and every outcome."""
    state = GAME.initial_state(spec)
    outcomes = []
    for record in records:
        state, outcome = GAME.apply(spec, state, record)
        outcomes.append(outcome)
    return state, outcomes


def lines(outcome) -> list[str]:
    return [str(line) for line in outcome.breakdown]
