"""Properties of any Burro game, whatever the order of the losers (Hypothesis): every letter is one hand lost,
nobody passes five letters, the game ends exactly when someone spells BURRO, the winners have the fewest
letters, deciders are played by the tied players only, and settling up always sums to zero."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.burro.rules import GAME, LETTERS
from referee.game import InvalidRecord


@settings(max_examples=200, deadline=None)
@given(size=st.integers(2, 8), picks=st.lists(st.integers(0, 7), max_size=60), voids=st.sets(st.integers(0, 59)))
def test_any_game_keeps_the_letters_straight(size, picks, voids):
    table = GAME.table([f"P{i}" for i in range(size)])
    state = GAME.initial_state(table)
    lost = 0
    for index, pick in enumerate(picks):
        playing = GAME.active_players(table, state)
        record = {"void": True} if index in voids else {"loser": table.players[playing[pick % len(playing)]]}
        won_before = GAME.winners(table, state)
        if len(won_before) == 1:  # the game is won: nothing more may be recorded
            try:
                GAME.apply(table, state, record)
            except InvalidRecord:
                break
            raise AssertionError("a hand was recorded after the game was won")
        state, outcome = GAME.apply(table, state, record)
        lost += 0 if outcome.void else 1
        assert sum(state.totals) == lost
        assert max(state.totals) <= LETTERS
        assert outcome.game_over == (max(state.totals) >= LETTERS)
        if outcome.game_over:
            assert all(state.totals[w] == min(state.totals) for w in outcome.winners)
        if won_before:  # a decider: only the tied players could lose it
            assert outcome.void or outcome.details.loser.index in won_before
        for per_point in (True, False):
            assert sum(GAME.balances(table, state, per_point=per_point).values()) == 0
