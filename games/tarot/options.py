"""A French Tarot table's options: the misère house rule, and how many deals make a game.

>>> TarotOptions(), TarotOptions(misere=True, rounds=8).to_json()
(TarotOptions(misere=False, rounds=0), {'misere': True, 'rounds': 8})
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.game import Options, option
from referee.text import _


@dataclass(frozen=True)
class TarotOptions(Options):
    misere: bool = option(
        False, _("Misère: a hand with no trump and no court card scores 10 from each player"), house_rule=True,
        help=_("Not in the FFT rules: a variant some tables play. Off by default."))
    rounds: int = option(
        0, _("Number of deals (0: play as long as you like)"), minimum=0, maximum=100,
        help=_("When that many deals have been scored, the highest total wins."))
