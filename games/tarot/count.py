"""The FFT arithmetic of one deal: target, margin, the unit each defender pays, and how the attack shares it.

>>> from games.tarot.rules import GAME
>>> table = GAME.table(["N", "S", "E", "W"])
>>> record = GAME.parse(table, {"taker": "S", "contract": "prise", "bouts": 2, "points": "34",
...                             "poignees": [{"side": "attack", "size": "simple"}], "petit_au_bout": "attack"})
>>> deal = count_deal(record)
>>> deal.made, deal.margin, deal.base, deal.poignees, deal.petit_au_bout, deal.unit
(False, 7, -32, -20, 10, -42)
"""

from __future__ import annotations

from decimal import Decimal
from typing import NamedTuple

from games.tarot.numbers import (
    CHELEM_BONUS,
    MULTIPLIERS,
    PETIT_AU_BOUT_BASE,
    PETIT_AU_BOUT_SIGN,
    POIGNEE_BONUS,
    TARGETS,
)
from games.tarot.record import Poignee, TarotRecord


class DealCount(NamedTuple):
    """The attack's result in one deal, before it is shared out among the players."""

    attack_halves: int  # the attack's card points, in half points
    target: int
    made: bool
    margin: int  # whole points, the half point given to the winning side; always >= 0
    multiplier: int
    base: int  # (25 + margin) × multiplier, signed from the attack's side
    petit_au_bout: int  # signed from the attack's side
    poignees: int  # signed from the attack's side
    chelem: int  # signed from the attack's side
    unit: int  # what each defender pays the attack (negative: receives)

    @property
    def attack_points(self) -> Decimal:
        return Decimal(self.attack_halves) / 2


def count_deal(record: TarotRecord) -> DealCount:
    """The attack's unit for a checked record: base, petit au bout, poignées and chelem, from its side."""
    assert record.contract is not None
    attack = record.attack_halves
    target = TARGETS[record.bouts]
    difference = attack - 2 * target
    made = difference >= 0
    # The half point goes to the side that wins: 41½ against 41 is made by 1, 40½ fails by 1.
    margin = (abs(difference) + 1) // 2
    multiplier = MULTIPLIERS[record.contract]
    sign = 1 if made else -1
    base = sign * (25 + margin) * multiplier
    petit = PETIT_AU_BOUT_SIGN[record.petit_au_bout] * PETIT_AU_BOUT_BASE * multiplier
    poignees = sign * poignee_bonuses(record.poignees)
    chelem = CHELEM_BONUS[record.chelem]
    return DealCount(attack, target, made, margin, multiplier, base, petit, poignees, chelem,
                     base + petit + poignees + chelem)


def poignee_bonuses(poignees: tuple[Poignee, ...]) -> int:
    """The poignées' bonuses added up (not multiplied; to the side that wins the deal)."""
    return sum(POIGNEE_BONUS[p.size] for p in poignees)


def attack_shares(players: int, alone: bool) -> tuple[int, int]:
    """How many units the taker and the partner win for one unit from each defender.

    >>> attack_shares(3, True), attack_shares(4, True), attack_shares(5, False), attack_shares(5, True)
    ((2, 0), (3, 0), (2, 1), (4, 0))
    """
    if players == 3:
        return 2, 0
    if players == 4:
        return 3, 0
    return (4, 0) if alone else (2, 1)
