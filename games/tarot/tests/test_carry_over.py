"""A French Tarot game under way on paper (RULINGS, General): each player's score and, in a game of N deals,
the deals scored, carried over once; the game then plays on as if its earlier deals had been recorded here."""

from __future__ import annotations

import dataclasses

import pytest

from games.tarot.rules import GAME, TarotState
from referee.game import InvalidRecord

PLAYERS = ["N", "S", "E", "W"]


def night(rounds: int, deals: int) -> tuple[object, TarotState]:
    table = GAME.table(PLAYERS, {"rounds": rounds})
    state = GAME.initial_state(table)
    records = GAME.example_records(table)
    for i in range(deals):
        state, _outcome = GAME.apply(table, state, records[i % len(records)])
    return table, state


def carried(state: TarotState, rounds: int) -> tuple[object, TarotState]:
    table = GAME.table(PLAYERS, {"rounds": rounds}, first_dealer=state.dealer)
    raw = {f"total_{seat}": str(total) for seat, total in enumerate(state.totals)} | {"played": str(state.played)}
    return table, GAME.carry_over(table, raw)


def test_a_game_of_n_deals_carried_over_ends_after_the_same_deal():
    table, paper = night(rounds=4, deals=4)  # two scored, a void deal, one more scored: 3 of 4
    assert paper.played == 3
    here, state = carried(paper, rounds=4)
    assert state == dataclasses.replace(paper, deals=0)
    deal = {"taker": "S", "contract": "prise", "bouts": 1, "points": 60}
    after, outcome = GAME.apply(table, paper, deal)
    carried_after, carried_outcome = GAME.apply(here, state, deal)
    assert carried_outcome.scores == outcome.scores and carried_after.totals == after.totals
    assert GAME.winners(here, carried_after) == GAME.winners(table, after) != ()


def test_the_scores_so_far_add_up_to_zero():
    table = GAME.table(PLAYERS)
    with pytest.raises(InvalidRecord) as refused:
        GAME.carry_over(table, {"total_0": "120", "total_1": "-40", "total_2": "-40", "total_3": "-30"})
    assert str(refused.value.errors["total_3"]).startswith("These scores add up to 10: every Tarot deal adds up to 0")


def test_a_game_of_n_deals_with_all_n_scored_is_over_and_refused():
    table = GAME.table(PLAYERS, {"rounds": 4})
    with pytest.raises(InvalidRecord) as refused:
        GAME.carry_over(table, {"played": "4"})
    assert str(refused.value.errors["played"]) == ("From 0 to 3: a game of 4 deals is over once they are all "
                                                   "scored.")


def test_without_a_number_of_deals_only_the_scores_are_asked():
    assert [f.name for f in GAME.carried_fields(GAME.table(PLAYERS))] == ["total_0", "total_1", "total_2", "total_3"]
    assert [f.name for f in GAME.carried_fields(GAME.table(PLAYERS, {"rounds": 8}))][-1] == "played"


def test_a_blank_score_is_zero_and_the_sum_is_checked_only_on_a_full_sheet():
    table = GAME.table(PLAYERS)
    assert GAME.carry_over(table, {"total_0": "10"}).totals == (10, 0, 0, 0)
