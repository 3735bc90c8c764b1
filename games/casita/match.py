"""Who wins a deal and who wins the match (RULINGS.md, Casita Robada): pure functions over counts and totals.

A deal is won by the most cards, players tied for the most all winning it. A match is a number of deals (most
deals won wins, ties share) or first to N deals won (over after the first deal in which someone has N; all
who have N share).

>>> deal_winners((20, 11, 9)), deal_winners((15, 15, 10))
((0,), (0, 1))
>>> match_winners("deals", 3, played=3, wins=(2, 1)), match_winners("deals", 3, played=2, wins=(2, 0))
((0,), ())
>>> match_winners("first_to", 2, played=3, wins=(2, 2, 0))
(0, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

DEALS = "deals"
FIRST_TO = "first_to"


def deal_winners(counts: Sequence[int]) -> tuple[int, ...]:
    """The seats with the most cards (all of them in a tie)."""
    best = max(counts)
    return tuple(seat for seat, count in enumerate(counts) if count == best)


def match_winners(match: str, target: int, *, played: int, wins: Sequence[int]) -> tuple[int, ...]:
    """The seats that won the match once it is over after ``played`` deals (void ones not counted) with
    ``wins`` deals won each; ``()`` while it goes on."""
    if not wins:
        return ()
    if match == FIRST_TO:
        return tuple(seat for seat, won in enumerate(wins) if won >= target)
    if played < target:
        return ()
    best = max(wins)
    return tuple(seat for seat, won in enumerate(wins) if won == best)


def deals_left(match: str, target: int, *, played: int) -> int | None:
    """Deals still to play in a match of a set number of deals (0 when over); None for first to N."""
    if match == FIRST_TO:
        return None
    return max(target - played, 0)
