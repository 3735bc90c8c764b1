"""A Pablo game under way on paper (RULINGS, General): each player's points and, in the English game, who starts
the next round, carried over once; the game then plays on as if its earlier rounds had been recorded here."""

from __future__ import annotations

import dataclasses

import pytest

from games.pablo.rules import GAME, PabloState
from referee.game import InvalidRecord

PLAYERS = ["Ana", "Bea", "Cris", "Dani"]


def night(variant: str) -> tuple[object, PabloState]:
    table = GAME.table(PLAYERS, {"variant": variant})
    state = GAME.initial_state(table)
    for record in GAME.example_records(table):
        state, _outcome = GAME.apply(table, state, record)
    return table, state


def carried(state: PabloState, variant: str) -> tuple[object, PabloState]:
    table = GAME.table(PLAYERS, {"variant": variant}, first_dealer=state.dealer)
    raw: dict[str, object] = {f"total_{seat}": total for seat, total in enumerate(state.totals)}
    if state.starter is not None:
        raw["starter"] = PLAYERS[state.starter]
    return table, GAME.carry_over(table, raw)


def position(state: PabloState) -> PabloState:
    """The state but for the counts of deals and rounds recorded here."""
    return dataclasses.replace(state, deals=0, rounds=0)


@pytest.mark.parametrize("variant", ["french", "english"])
def test_a_game_carried_over_plays_the_next_round_the_same(variant):
    table, paper = night(variant)
    here, state = carried(paper, variant)
    assert position(state) == position(paper)
    assert GAME.leader(here, state) == GAME.leader(table, paper)
    record = {"caller": "Bea", "hands": [{"player": "Ana", "points": 9}, {"player": "Bea", "points": 3},
                                         {"player": "Cris", "points": 20}, {"player": "Dani", "points": 6}]}
    after, outcome = GAME.apply(table, paper, record)
    carried_after, carried_outcome = GAME.apply(here, state, record)
    assert carried_outcome.scores == outcome.scores
    assert position(carried_after) == position(after)
    assert GAME.next_dealer(here, state, GAME.parse(here, record)) == GAME.next_dealer(table, paper,
                                                                                       GAME.parse(table, record))


def test_exactly_fifty_from_paper_went_back_to_zero_in_the_english_game():
    table = GAME.table(PLAYERS, {"variant": "english"})
    with pytest.raises(InvalidRecord) as refused:
        GAME.carry_over(table, {"total_2": "50"})
    assert str(refused.value.errors["total_2"]) == "Exactly 50 goes back to 0: enter 0."


def test_a_carried_total_reaching_exactly_fifty_goes_back_to_zero():
    table = GAME.table(PLAYERS, {"variant": "english"})
    state = GAME.carry_over(table, {"total_0": "44"})
    record = {"caller": "Bea", "hands": [{"player": "Ana", "points": 6}, {"player": "Bea", "points": 1},
                                         {"player": "Cris", "points": 9}, {"player": "Dani", "points": 7}]}
    after, _outcome = GAME.apply(table, state, record)
    assert after.totals[0] == 0


def test_a_game_already_over_is_refused():
    french = GAME.table(PLAYERS)
    with pytest.raises(InvalidRecord) as refused:
        GAME.carry_over(french, {"total_1": "100"})
    assert str(refused.value.errors["total_1"]) == "Under 100: at 100 the game is over."
    english = GAME.table(PLAYERS, {"variant": "english"})
    with pytest.raises(InvalidRecord) as refused:
        GAME.carry_over(english, {"total_1": "51"})
    assert "past 50 the game is over" in str(refused.value.errors["total_1"])


def test_who_starts_is_a_player_at_the_table():
    table = GAME.table(PLAYERS, {"variant": "english"})
    with pytest.raises(InvalidRecord) as refused:
        GAME.carry_over(table, {"starter": "Zoe"})
    assert str(refused.value.errors["starter"]) == "Zoe is not playing at this table."


@pytest.mark.django_db
def test_the_page_offers_who_starts_as_a_choice_of_players(client):
    from scoring import services
    from scoring.models import Table

    table = services.create_table(game="pablo", players=PLAYERS, options={"variant": "english"})
    html = client.get(f"/t/{table.edit_token}/carry-over/").content.decode()
    assert '<select class="form-select form-select-lg" name="starter"' in html and '<option value="Cris">' in html
    response = client.post(f"/t/{table.edit_token}/carry-over/", {"total_0": "12", "starter": "Cris"})
    assert response.status_code == 302
    state = services.standings(Table.objects.get(pk=table.pk)).state
    assert state.totals == (12, 0, 0, 0) and state.starter == 2
