"""A Paublillo game under way on paper (RULINGS, General): each team's points, and the alver they make, carried
over once; the game then plays on exactly as if its earlier deals had been recorded here."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from games.paublillo.rules import GAME, PaublilloState
from games.paublillo.teams import Team
from referee.game import InvalidRecord

PLAYERS = ["Ana", "Bea", "Luis", "Eva"]
# A raise accepted and won three times (A 9), a deal of 1 to B, two of 1 to A: A is on alver, 11 to 1.
NIGHT = (
    {"bets": [{"team": "A", "stake": "envido"}], "tricks": "ABA"},
    {"bets": [{"team": "A", "stake": "envido"}], "tricks": "AA"},
    {"tricks": "BB"},
    {"bets": [{"team": "B", "stake": "envido"}], "tricks": "AA"},
    {"tricks": "AA"},
    {"tricks": "BAA"},
)


def played(records: Sequence[Mapping[str, Any]]) -> tuple[Any, PaublilloState]:
    table = GAME.table(PLAYERS)
    state = GAME.initial_state(table)
    for record in records:
        state, _outcome = GAME.apply(table, state, record)
    return table, state


def position(state: PaublilloState) -> PaublilloState:
    """The state but for the count of deals recorded here (the paper's deals are not recorded)."""
    return dataclasses.replace(state, deals=0)


def carried(state: PaublilloState) -> tuple[Any, PaublilloState]:
    table = GAME.table(PLAYERS, first_dealer=state.dealer)
    raw = {f"total_{side}": str(total) for side, total in enumerate(state.totals)}
    return table, GAME.carry_over(table, raw)


def test_a_game_carried_over_is_where_the_paper_left_it_alver_included():
    table, night = played(NIGHT)
    assert night.totals == (11, 1) and night.alver == (Team.A,)
    _table, state = carried(night)
    assert state == position(night)


@pytest.mark.parametrize("next_deal", [{"alver": "play", "tricks": "BAB"}, {"alver": "give_up"},
                                       {"alver": "play", "monja": True, "tricks": "AA"}])
def test_the_next_deal_scores_the_same_as_after_the_recorded_deals(next_deal):
    table, night = played(NIGHT)
    after, outcome = GAME.apply(table, night, next_deal)
    carried_table, state = carried(night)
    carried_after, carried_outcome = GAME.apply(carried_table, state, next_deal)
    assert carried_outcome.scores == outcome.scores
    assert [str(line) for line in carried_outcome.breakdown] == [str(line) for line in outcome.breakdown]
    assert position(carried_after) == position(after)
    assert GAME.winners(carried_table, carried_after) == GAME.winners(table, after)


def test_no_betting_on_alver_holds_for_a_carried_game():
    table, state = carried(played(NIGHT)[1])
    with pytest.raises(InvalidRecord) as refused:
        GAME.apply(table, state, {"bets": [{"team": "B", "stake": "envido"}], "tricks": "BB"})
    assert "bets" in refused.value.errors


def test_both_teams_on_eleven_play_for_one():
    table = GAME.table(PLAYERS)
    state = GAME.carry_over(table, {"total_0": 11, "total_1": 11})
    assert state.alver == (Team.A, Team.B)
    _after, outcome = GAME.apply(table, state, {"tricks": "BB"})
    assert outcome.scores == (0, 1)


def test_a_team_on_twelve_has_won_and_is_refused():
    table = GAME.table(PLAYERS)
    with pytest.raises(InvalidRecord) as refused:
        GAME.carry_over(table, {"total_0": "12", "total_1": "3"})
    assert str(refused.value.errors["total_0"]) == "From 0 to 11 points: a team on 12 has already won the game."


def test_a_score_that_is_not_a_number_is_refused_beside_its_field():
    table = GAME.table(PLAYERS)
    with pytest.raises(InvalidRecord) as refused:
        GAME.carry_over(table, {"total_0": "3", "total_1": "lots"})
    assert set(refused.value.errors) == {"total_1"}


@pytest.mark.django_db
def test_the_page_asks_each_team_for_its_points(client):
    from scoring import services
    from scoring.models import Table

    table = services.create_table(game="paublillo", players=PLAYERS)
    html = client.get(f"/t/{table.edit_token}/carry-over/").content.decode()
    assert "Team A (Ana &amp; Luis): points so far" in html and 'name="total_1"' in html
    response = client.post(f"/t/{table.edit_token}/carry-over/", {"total_0": "11", "total_1": "2"})
    assert response.status_code == 302
    assert services.standings(Table.objects.get(pk=table.pk)).state.alver == (Team.A,)


@pytest.mark.django_db
def test_the_sheet_and_its_csv_start_from_the_game_carried_over(client):
    """The sheet's first row is where its running totals start, A 11 (5 buenas: 6 malas, then buenas) and B 2
    from paper; the first deal here (A on alver gives up: B scores 1) runs on from it, B 2 + 1 = 3."""
    from scoring import services
    from scoring.models import Table

    table = services.create_table(game="paublillo", players=PLAYERS)
    client.post(f"/t/{table.edit_token}/carry-over/", {"total_0": "11", "total_1": "2"})
    table = Table.objects.get(pk=table.pk)
    sheet = client.get(f"/t/{table.view_token}/sheet/").content.decode()
    first = sheet[sheet.index('id="sheet-carried"'):sheet.index("</tr>", sheet.index('id="sheet-carried"'))]
    assert "Carried over from paper" in first and "5 buenas" in first and "2 malas" in first
    services.record_deal(table, {"alver": "give_up"})
    sheet = client.get(f"/t/{table.view_token}/sheet/").content.decode()
    assert sheet.index('id="sheet-carried"') < sheet.index('id="sheet-deal-1"')
    deal = sheet[sheet.index('id="sheet-deal-1"'):sheet.index("</tr>", sheet.index('id="sheet-deal-1"'))]
    assert "3 malas" in deal
    rows = client.get(f"/t/{table.view_token}/export.csv").content.decode().lstrip("\ufeff").splitlines()
    assert rows[1:] == ["Carried over from paper,,,,11,2", "1,Ana,0,1,11,3"]
