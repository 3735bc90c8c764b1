"""Trick-taking machinery shared by the games: plays, tricks, and the winner under a ranking.

A game supplies the *ranking* (how strong a card is in this trick) and its own following rules;
this module only does the bookkeeping every trick game shares.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from referee.cards import Card


@dataclass(frozen=True)
class Play:
    player: str
    card: Card
    face_down: bool = False


@dataclass(frozen=True)
class Trick:
    plays: tuple[Play, ...]

    @property
    def led(self) -> Card | None:
        return self.plays[0].card if self.plays else None

    def cards(self) -> list[Card]:
        return [p.card for p in self.plays]


Strength = Callable[[Card, "Trick"], "tuple[int, ...] | None"]
"""How strong ``card`` is in ``trick``: a comparable tuple, or ``None`` if it cannot win at all."""


def trick_winner(trick: Trick, strength: Callable[[Play, Trick], tuple[int, ...] | None]) -> Play | None:
    """The play with the greatest strength; earlier plays win ties. ``None`` if nothing can win."""
    best: Play | None = None
    best_key: tuple[int, ...] | None = None
    for play in trick.plays:
        key = strength(play, trick)
        if key is not None and (best_key is None or key > best_key):
            best, best_key = play, key
    return best


def cards_of_suit(hand: Sequence[Card], suit: str) -> list[Card]:
    return [c for c in hand if c.suit == suit]
