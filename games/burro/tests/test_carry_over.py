"""A Burro game under way on paper (RULINGS, General): each player's letters, carried over once; the game then
plays on as if its earlier hands had been recorded here."""

from __future__ import annotations

import dataclasses

import pytest

from games.burro.rules import GAME, BurroState
from referee.game import InvalidRecord

PLAYERS = ["Ana", "Bea", "Cris", "Dani"]
HANDS = ({"loser": "Bea"}, {"void": True}, {"loser": "Ana"}, {"loser": "Bea"}, {"loser": "Dani"}, {"loser": "Bea"})


def night() -> tuple[object, BurroState]:
    table = GAME.table(PLAYERS)
    state = GAME.initial_state(table)
    for hand in HANDS:
        state, _outcome = GAME.apply(table, state, hand)
    return table, state


def test_a_game_carried_over_ends_on_the_same_hand_with_the_same_winner():
    table, paper = night()
    here = GAME.table(PLAYERS, first_dealer=paper.dealer)
    state = GAME.carry_over(here, {f"total_{seat}": n for seat, n in enumerate(paper.totals)})
    assert state == dataclasses.replace(paper, deals=0)
    for hand in ({"loser": "Bea"}, {"loser": "Bea"}):  # Bea spells BURRO: Cris wins with no letter
        paper, outcome = GAME.apply(table, paper, hand)
        state, carried_outcome = GAME.apply(here, state, hand)
        assert carried_outcome.scores == outcome.scores
        assert dataclasses.replace(state, deals=0) == dataclasses.replace(paper, deals=0)
    assert GAME.winners(here, state) == GAME.winners(table, paper) == (2,)


def test_a_tie_after_a_carried_game_is_played_off_in_a_decider():
    table = GAME.table(PLAYERS)
    state = GAME.carry_over(table, {"total_0": "4", "total_1": "1", "total_2": "1", "total_3": "3"})
    state, _outcome = GAME.apply(table, state, {"loser": "Ana"})
    assert GAME.winners(table, state) == (1, 2) and GAME.active_players(table, state) == (1, 2)


def test_five_letters_end_the_game_so_a_game_under_way_has_at_most_four():
    table = GAME.table(PLAYERS)
    with pytest.raises(InvalidRecord) as refused:
        GAME.carry_over(table, {"total_0": "5"})
    assert str(refused.value.errors["total_0"]) == "From 0 to 4 letters: the fifth ends the game."
