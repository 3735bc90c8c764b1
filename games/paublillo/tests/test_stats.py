"""What Paublillo counts of a player for their page (games/paublillo/stats.py): the raises their team made,
and the deals played for a raise that their team won or lost (seed 000; RULINGS.md, "Paublillo").

Teams: Ana & Luis are A, Bea & Eva are B. A deal with raises is won by the team that scores its stake: two
tricks of three, or a raise the other team refused (the raisers score the stake that stood before it).
"""

from __future__ import annotations

from typing import Any

from games.paublillo.rules import GAME

PLAYERS = ["Ana", "Bea", "Luis", "Eva"]
ANA, BEA, LUIS = 0, 1, 2


def figures(seat: int, deals: list[dict[str, Any]]) -> dict[str, tuple[int, int | None]]:
    table = GAME.table(PLAYERS)
    state, records, outcomes = GAME.initial_state(table), [], []
    for raw in deals:
        record = GAME.complete(table, state, GAME.parse(table, raw))
        state, outcome = GAME.apply(table, state, record)
        records.append(record)
        outcomes.append(outcome)
    return {s.key: (s.value, s.out_of) for s in GAME.statistics(table, seat, records, outcomes, state)}


ENVIDO_A_WON = {"bets": [{"team": "A", "stake": "envido"}], "tricks": "ABA"}
ENVIDO_B_SEIS_A_WON_BY_B = {"bets": [{"team": "B", "stake": "envido"}, {"team": "A", "stake": "seis"}],
                            "tricks": "BAB"}
SEIS_REFUSED = {"bets": [{"team": "B", "stake": "envido"}, {"team": "A", "stake": "seis"}], "refused": True}


def test_a_raise_accepted_and_won_with_two_tricks_is_a_bet_won():
    assert figures(ANA, [ENVIDO_A_WON])["bets_won"] == (1, 1)
    assert figures(BEA, [ENVIDO_A_WON])["bets_lost"] == (1, 1)


def test_a_refused_raise_wins_the_bet_for_the_raisers():
    """B's envido accepted, A's seis refused: A scores 3, the stake before the raise."""
    assert figures(ANA, [SEIS_REFUSED])["bets_won"] == (1, 1)
    assert figures(BEA, [SEIS_REFUSED])["bets_lost"] == (1, 1)


def test_partners_share_their_teams_figures():
    deals = [ENVIDO_A_WON, ENVIDO_B_SEIS_A_WON_BY_B]
    assert figures(ANA, deals) == figures(LUIS, deals)


def test_every_raise_by_the_team_counts():
    """A raised envido in the first deal and seis in the second: 2; B raised envido once."""
    deals = [ENVIDO_A_WON, ENVIDO_B_SEIS_A_WON_BY_B]
    assert figures(ANA, deals)["raises"] == (2, None)
    assert figures(BEA, deals)["raises"] == (1, None)
    assert figures(ANA, deals)["bets_won"] == (1, 2)
    assert figures(ANA, deals)["bets_lost"] == (1, 2)


def test_a_deal_without_raises_or_void_is_no_bet():
    found = figures(ANA, [{"tricks": "AA"}, {"void": True}])
    assert found["bets_won"] == (0, 0) and found["bets_lost"] == (0, 0) and found["raises"] == (0, None)


def test_a_deal_on_alver_is_no_bet():
    """A reaches 11 (a nueve won with two tricks, then two deals for 1), so the next deal is played on alver,
    without betting: it is not a bet."""
    to_eleven = [
        {"bets": [{"team": "A", "stake": 3}, {"team": "B", "stake": 6}, {"team": "A", "stake": 9}],
         "tricks": "AA"},  # A 9
        {"tricks": "AA"},  # A 10
        {"tricks": "AA"},  # A 11: on alver
        {"alver": "play", "tricks": "BB"},  # played for 3, won by B
    ]
    found = figures(ANA, to_eleven)
    assert found["bets_won"] == (1, 1) and found["bets_lost"] == (0, 1)
