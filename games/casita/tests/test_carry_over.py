"""A Casita Robada match under way on paper (RULINGS, General): deals won per player and deals played, carried
over once; the match then plays on as if its earlier deals had been recorded here."""

from __future__ import annotations

import dataclasses

import pytest

from games.casita.rules import GAME, CasitaState
from referee.game import InvalidRecord

PLAYERS = ["Ana", "Bea", "Cris"]
DEALS = ({"captured": [20, 12, 8]}, {"captured": [10, 15, 15]}, {"void": True}, {"captured": [5, 30, 5]})


def night(options: dict[str, object]) -> tuple[object, CasitaState]:
    table = GAME.table(PLAYERS, options)
    state = GAME.initial_state(table)
    for deal in DEALS:
        state, _outcome = GAME.apply(table, state, deal)
    return table, state


def carried(state: CasitaState, options: dict[str, object]) -> tuple[object, CasitaState]:
    table = GAME.table(PLAYERS, options, first_dealer=state.dealer)
    raw = {f"total_{seat}": won for seat, won in enumerate(state.totals)} | {"played": state.played}
    return table, GAME.carry_over(table, raw)


@pytest.mark.parametrize("options", [{"target": 4}, {"match": "first_to", "target": 3}])
def test_a_match_carried_over_ends_with_the_same_deal_and_winners(options):
    table, paper = night(options)
    assert paper.totals == (1, 2, 1) and paper.played == 3
    here, state = carried(paper, options)
    assert state == dataclasses.replace(paper, deals=0)
    deal = {"captured": [2, 30, 8]}
    after, outcome = GAME.apply(table, paper, deal)
    carried_after, carried_outcome = GAME.apply(here, state, deal)
    assert carried_outcome.scores == outcome.scores
    assert dataclasses.replace(carried_after, deals=0) == dataclasses.replace(after, deals=0)
    assert GAME.winners(here, carried_after) == GAME.winners(table, after) == (1,)


def test_nobody_has_won_more_deals_than_were_played():
    table = GAME.table(PLAYERS, {"target": 5})
    with pytest.raises(InvalidRecord) as refused:
        GAME.carry_over(table, {"total_0": "3", "played": "2"})
    assert str(refused.value.errors["total_0"]) == "Ana has won 3 deals of 2 played: more than were played."


def test_every_deal_played_has_a_winner():
    table = GAME.table(PLAYERS, {"target": 5})
    with pytest.raises(InvalidRecord) as refused:
        GAME.carry_over(table, {"total_0": "1", "played": "2"})
    assert "every deal has a winner" in str(refused.value.errors["played"])


def test_a_match_already_over_is_refused():
    first_to = GAME.table(PLAYERS, {"match": "first_to", "target": 2})
    with pytest.raises(InvalidRecord) as refused:
        GAME.carry_over(first_to, {"total_1": "2", "played": "2"})
    assert str(refused.value.errors["total_1"]) == "Bea has 2 deals won: the match, first to 2, is already over."
    of_deals = GAME.table(PLAYERS, {"target": 2})
    with pytest.raises(InvalidRecord) as refused:
        GAME.carry_over(of_deals, {"total_0": "1", "total_1": "1", "played": "2"})
    assert "played" in refused.value.errors
