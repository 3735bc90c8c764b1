"""Betting: envido (3), seis (6), nueve (9), doce (12), the teams taking turns; a refusal ends the deal.

A deal starts worth 1. Each raise adds 3, up to doce; only the team that accepted the latest raise may raise
next. Refusing a raise gives the raisers the stake that stood before it (envido 1, seis 3, nueve 6, doce 9).

>>> from games.paublillo.record import Bet
>>> from games.paublillo.teams import Team
>>> betting = settle_bets((Bet(Team.A, 3), Bet(Team.B, 6)), refused=True)
>>> betting.stake, betting.scorer, [str(line) for line in betting.lines]
(3, <Team.B: 'B'>, ['Envido by A accepted (3).', 'Seis by B refused → B scores 3, the stake before the raise.'])
>>> errors = Errors()
>>> check_raises((Bet(Team.A, 3), Bet(Team.A, 6)), errors)
>>> str(errors.errors["bets.1.team"])
'A cannot raise twice in a row: only the team that accepted the latest raise (B) may raise next.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.paublillo.record import BET_NAMES, Bet
from games.paublillo.stones import TARGET
from games.paublillo.teams import Team
from games.paublillo.words import BETTING
from referee.game import Errors
from referee.text import Text, _

STEP = 3  # each raise adds 3
PAST_DOCE = _("Doce (12) is the highest stake: nobody can raise past 12.")


def check_past_doce(bets: Sequence[Bet], errors: Errors) -> None:
    """No raise proposes more than 12."""
    for i, bet in enumerate(bets):
        if bet.stake > TARGET:
            errors.add(f"bets.{i}", PAST_DOCE, rule=BETTING)


def check_raises(bets: Sequence[Bet], errors: Errors) -> None:
    """The raises go 3, 6, 9, 12, by the teams in turn; the first wrong one is refused, citing the rule."""
    previous: Bet | None = None
    for i, bet in enumerate(bets):
        expected = STEP if previous is None else previous.stake + STEP
        if previous is not None and bet.team == previous.team:
            errors.add(f"bets.{i}.team", _(
                "%(team)s cannot raise twice in a row: only the team that accepted the latest raise "
                "(%(other)s) may raise next.", team=bet.team.value, other=bet.team.other.value), rule=BETTING)
            return
        if expected > TARGET:
            errors.add(f"bets.{i}", PAST_DOCE, rule=BETTING)
            return
        if bet.stake != expected:
            if previous is None:
                errors.add(f"bets.{i}.stake", _(
                    "The first raise is the envido, from 1 to 3; %(stake)s is not.", stake=bet.stake), rule=BETTING)
            else:
                errors.add(f"bets.{i}.stake", _(
                    "Each raise adds 3: after %(prev)s (%(prev_name)s) comes %(next)s (%(next_name)s), "
                    "not %(stake)s.", prev=previous.stake, prev_name=previous.name, next=expected,
                    next_name=BET_NAMES[expected], stake=bet.stake), rule=BETTING)
            return
        previous = bet


@dataclass(frozen=True)
class Betting:
    """What the betting made of a deal: its stake, the team that scores it if a refusal ended the deal, and
    the lines that say so."""

    stake: int
    scorer: Team | None
    lines: tuple[Text, ...]


def settle_bets(bets: Sequence[Bet], refused: bool) -> Betting:
    """The deal's stake after ``bets`` (checked), the last one ``refused`` or not."""
    stake, scorer, lines = 1, None, []
    for n, bet in enumerate(bets):
        label = bet.name.capitalize()
        if refused and n == len(bets) - 1:
            stake = bet.stake - STEP if bet.stake > STEP else 1
            scorer = bet.team
            lines.append(_("%(bet)s by %(team)s refused → %(team)s scores %(stake)s, the stake before the raise.",
                           bet=label, team=bet.team.value, stake=stake))
        else:
            stake = bet.stake
            lines.append(_("%(bet)s by %(team)s accepted (%(stake)s).", bet=label, team=bet.team.value,
                           stake=stake))
    if not bets:
        lines.append(_("No raise: the deal is worth 1."))
    return Betting(stake, scorer, tuple(lines))
