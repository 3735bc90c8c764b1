"""What Paublillo counts of a player's play at a table, for the player's page: the raises their team made, and
the deals played for a raise (envido or more) that their team won or lost.

Paublillo is played in teams, so each figure is the player's team's: a deal with raises is won by the team
that scores its stake (by two tricks, or by a raise the other team refused) and lost by the other. A deal
without raises, on alver, or void is no bet.

>>> from games.paublillo.rules import GAME
>>> table = GAME.table(["Ana", "Bea", "Luis", "Eva"])
>>> records = [GAME.parse(table, r) for r in (
...     {"bets": [{"team": "A", "stake": "envido"}], "tricks": "ABA"},
...     {"bets": [{"team": "B", "stake": "envido"}], "tricks": "BAB"},
...     {"bets": [{"team": "B", "stake": 3}, {"team": "A", "stake": "seis"}], "refused": True},
...     {"tricks": "BB"})]
>>> [(s.key, s.value, s.out_of) for s in statistics(table, 0, records)]  # Ana, team A
[('raises', 2, None), ('bets_won', 2, 3), ('bets_lost', 1, 3)]
"""

from __future__ import annotations

from collections.abc import Sequence

from games.paublillo.betting import settle_bets
from games.paublillo.options import PaublilloOptions
from games.paublillo.record import PaublilloRecord
from games.paublillo.teams import team_of
from referee.game import Statistic, TableSpec
from referee.text import _

RAISES = _("Raises made by their team")
BETS_WON = _("Deals played for a raise, won")
BETS_LOST = _("Deals played for a raise, lost")


def statistics(table: TableSpec[PaublilloOptions], seat: int,
               records: Sequence[PaublilloRecord]) -> tuple[Statistic, ...]:
    """The raises ``seat``'s team made over ``records``, and the deals with raises it won and lost (each out
    of the deals with raises)."""
    team = team_of(table, seat)
    raises = won = bet_deals = 0
    for record in records:
        if record.void or not record.bets:
            continue
        raises += sum(1 for bet in record.bets if bet.team is team)
        scorer = settle_bets(record.bets, record.refused).scorer
        if scorer is None and record.tricks is not None:
            scorer = record.tricks.taker
        bet_deals += 1
        won += 1 if scorer is team else 0
    return (Statistic("raises", RAISES, raises),
            Statistic("bets_won", BETS_WON, won, bet_deals),
            Statistic("bets_lost", BETS_LOST, bet_deals - won, bet_deals))
