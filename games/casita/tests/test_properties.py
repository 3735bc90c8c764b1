"""Properties of Casita Robada's scoring over any counts a deal can have (Hypothesis): the deal's winners are
exactly the players with the most cards, the totals are the deals won, a blank count is always the rest of the
deck, and settling up always sums to zero."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.casita.record import deck_size
from games.casita.rules import GAME

DECKS = ("spanish40", "spanish48", "french52")


@st.composite
def deals(draw):
    """A table (2–4 players, a deck) and counts that can be: adding up to the deck, none of exactly 1."""
    players = [f"P{i}" for i in range(draw(st.integers(2, 4)))]
    table = GAME.table(players, {"deck": draw(st.sampled_from(DECKS)), "target": 99})
    deck = deck_size(table)
    counts = []
    left = deck
    for _seat in players[:-1]:
        n = draw(st.integers(0, left).filter(lambda n, left=left: n != 1 and left - n != 1))
        counts.append(n)
        left -= n
    counts.append(left)
    return table, counts


@settings(max_examples=200, deadline=None)
@given(deals())
def test_the_deals_winners_are_exactly_the_players_with_the_most_cards(deal):
    table, counts = deal
    state, outcome = GAME.apply(table, GAME.initial_state(table), {"captured": counts})
    best = max(counts)
    assert outcome.scores == tuple(1 if n == best else 0 for n in counts)
    assert state.totals == outcome.scores and sum(outcome.details.captured.values()) == deck_size(table)


@settings(max_examples=200, deadline=None)
@given(deals(), st.data())
def test_a_blank_count_is_always_the_rest_of_the_deck(deal, data):
    table, counts = deal
    blank = data.draw(st.integers(0, table.size - 1))
    given = [None if seat == blank else n for seat, n in enumerate(counts)]
    record = GAME.parse(table, {"captured": given})
    assert record.counts == tuple(counts)


@settings(max_examples=100, deadline=None)
@given(st.lists(deals(), min_size=1, max_size=6), st.booleans())
def test_settling_up_sums_to_zero(played, per_point):
    table = played[0][0]
    state = GAME.initial_state(table)
    for other, counts in played:
        if other.size == table.size and other.deck == table.deck:
            state, _outcome = GAME.apply(table, state, {"captured": counts})
    balances = GAME.balances(table, state, per_point=per_point)
    assert sum(balances.values()) == 0 and set(balances) == set(range(table.size))
    assert sum(state.totals) >= state.played
