"""A table's life between deals: numbers without gaps, the end of the game, a rematch, players changed, and a
game carried over from paper (RULINGS, General)."""

from __future__ import annotations

import re
import uuid

import pytest

from referee.game import InvalidRecord
from scoring import seating, services
from scoring.models import Deal, DealRevision, Table, TableChange

from .conftest import PLAYERS4, PLAYERS5, add_deals, plain_deal


def active_numbers(table: Table) -> list[int]:
    return list(table.deals.filter(withdrawn=False).order_by("number").values_list("number", flat=True))


# -- deal numbers ---------------------------------------------------------------------------------------------

def test_the_deal_after_an_undo_takes_the_undone_deals_number(tarot4):
    add_deals(tarot4, 3)
    services.undo_last(tarot4)
    assert services.next_number(tarot4) == 3

    deal = services.record_deal(tarot4, plain_deal(taker="N"))

    assert deal.number == 3 and active_numbers(tarot4) == [1, 2, 3]
    assert tarot4.deals.count() == 3


def test_the_undone_deal_stays_in_the_history_of_its_number(tarot4):
    add_deals(tarot4, 3)  # deal 3 taken by E
    services.undo_last(tarot4)
    services.record_deal(tarot4, plain_deal(taker="N"))

    revisions = list(Deal.objects.get(table=tarot4, number=3).revisions.order_by("revision")
                     .values_list("action", "withdrawn", "record__taker__name"))
    assert revisions == [("record", False, "E"), ("undo", True, "E"), ("record", False, "N")]


def test_two_undone_deals_are_replaced_in_order(tarot4):
    add_deals(tarot4, 4)
    services.undo_last(tarot4)
    services.undo_last(tarot4)
    assert [services.record_deal(tarot4, plain_deal()).number for _ in range(3)] == [3, 4, 5]
    assert active_numbers(tarot4) == [1, 2, 3, 4, 5]


def test_the_table_page_counts_as_many_deals_as_the_last_deals_number(client, tarot4, edit_url):
    add_deals(tarot4, 3)
    services.undo_last(tarot4)
    html = client.get(edit_url).content.decode()
    assert "2 deals" in html and "Record deal 3" in html and "Undo deal 2" in html


def test_a_resend_of_a_deal_undone_and_replaced_is_not_recorded_again(tarot4):
    first = uuid.uuid4()
    services.record_deal(tarot4, plain_deal(), client_id=first)
    services.undo_last(tarot4)
    services.record_deal(tarot4, plain_deal(taker="N"), client_id=uuid.uuid4())

    with pytest.raises(services.DealReplaced, match="saved as deal 1, then undone"):
        services.record_deal(tarot4, plain_deal(), client_id=first)
    assert tarot4.deals.count() == 1
    assert DealRevision.objects.filter(deal__table=tarot4, action="record").count() == 2


def test_the_api_answers_a_replaced_resend_with_409(client, tarot4):
    first = str(uuid.uuid4())
    url = f"/api/tables/{tarot4.edit_token}/deals"
    assert client.post(url, {"record": plain_deal(), "client_id": first}, "application/json").status_code == 201
    services.undo_last(tarot4)
    services.record_deal(tarot4, plain_deal(taker="N"))

    response = client.post(url, {"record": plain_deal(), "client_id": first}, "application/json")
    assert response.status_code == 409 and "undone" in response.json()["detail"]


# -- the end of the game --------------------------------------------------------------------------------------

@pytest.fixture
def two_deal_tarot(db) -> Table:
    """A Tarot game of two deals (the rounds option)."""
    return services.create_table(game="tarot", players=PLAYERS4, options={"rounds": 2})


def test_no_deal_is_recorded_once_the_game_is_over(two_deal_tarot):
    add_deals(two_deal_tarot, 2)
    with pytest.raises(InvalidRecord, match="The game is over: N and S won"):
        services.record_deal(two_deal_tarot, plain_deal())
    assert two_deal_tarot.deals.count() == 2


def test_the_form_gives_way_to_the_rematch_once_the_game_is_over(client, two_deal_tarot):
    add_deals(two_deal_tarot, 2)
    html = client.get(f"/t/{two_deal_tarot.edit_token}/").content.decode()
    assert 'id="game-over"' in html and 'id="rematch"' in html and 'id="record"' not in html
    assert client.get(f"/t/{two_deal_tarot.edit_token}/deal/").status_code == 302


def test_the_deals_scored_of_the_rounds_are_said_in_the_readers_language(client, two_deal_tarot):
    """Not "Deals scored 1 / Rounds 2" in English on a French page: one line, in French."""
    add_deals(two_deal_tarot, 1)
    html = client.get(f"/t/{two_deal_tarot.view_token}/", headers={"Accept-Language": "fr"}).content.decode()
    assert "Donnes marquées\u00a0: 1 sur 2" in html and "Deals scored" not in html


def test_a_deal_lost_to_the_one_that_ended_the_game_is_said_with_its_entries(client, two_deal_tarot):
    """Two phones save deal 2, the last: the second hears that the first's deal ended the game, and sees what it
    had entered (there is no form left to keep it in)."""
    add_deals(two_deal_tarot, 1)
    services.record_deal(two_deal_tarot, plain_deal(taker="S"))  # the first phone
    form = {"deal_number": "2", **{k: str(v) for k, v in plain_deal(taker="E").items()}}
    html = client.post(f"/t/{two_deal_tarot.edit_token}/deal/", form).content.decode()
    assert "Deal 2 was just recorded by another phone" in html and "kept below" not in html
    assert "It ended the game, so your entries cannot be saved: Taker: E; Contract: Garde" in html
    assert 'id="record"' not in html and two_deal_tarot.deals.count() == 2
    assert client.post(f"/t/{two_deal_tarot.edit_token}/deal/", form).status_code == 409


def test_a_deal_saved_offline_after_the_one_that_ended_the_game_is_refused_not_dropped(client, two_deal_tarot):
    """A phone that saved deals 2 and 3 offline sends them: deal 2 ends the game, deal 3 is answered 409 with why
    (not 200 and the finished table, which the phone took for "sent" and dropped), and is not stored."""
    add_deals(two_deal_tarot, 2)
    form = {"deal_number": "3", "client_id": str(uuid.uuid4()), "outbox": "1",
            **{k: str(v) for k, v in plain_deal().items()}}
    url = f"/t/{two_deal_tarot.edit_token}/deal/"
    for headers in ({}, {"HX-Request": "true"}):
        response = client.post(url, form, headers=headers)
        assert response.status_code == 409
        assert 'id="conflict">The game ended with deal 2: deal 3 was not saved.<' in response.content.decode()
    assert two_deal_tarot.deals.count() == 2


def test_the_api_refuses_a_deal_after_the_end_and_stores_nothing(client, two_deal_tarot):
    add_deals(two_deal_tarot, 2)
    response = client.post(f"/api/tables/{two_deal_tarot.edit_token}/deals",
                           {"record": plain_deal(), "expected_number": 3, "client_id": str(uuid.uuid4())},
                           "application/json")
    assert response.status_code == 422
    assert "The game is over: N and S won." in response.json()["detail"]
    assert two_deal_tarot.deals.count() == 2


def test_a_repeat_of_the_deal_that_ended_the_game_is_answered_as_saved(client, two_deal_tarot):
    """A double tap, or a retry whose answer was lost, of the last deal: the deal stored, not a refusal."""
    add_deals(two_deal_tarot, 1)
    last = str(uuid.uuid4())
    form = {"deal_number": "2", "client_id": last, **{k: str(v) for k, v in plain_deal().items()}}
    url = f"/t/{two_deal_tarot.edit_token}/deal/"
    assert client.post(url, form).status_code == 302  # the deal that ends the game
    again = client.post(url, form, headers={"HX-Request": "true"})
    assert again.status_code == 200 and "Deal 2 was already saved." in again.content.decode()

    api = client.post(f"/api/tables/{two_deal_tarot.edit_token}/deals",
                      {"record": plain_deal(), "expected_number": 2, "client_id": last}, "application/json")
    assert api.status_code == 200 and api.json()["number"] == 2
    assert two_deal_tarot.deals.count() == 2


def test_undoing_the_last_deal_reopens_the_game(client, two_deal_tarot):
    add_deals(two_deal_tarot, 2)
    services.undo_last(two_deal_tarot)
    assert services.standings(two_deal_tarot).accepts_deals
    assert services.record_deal(two_deal_tarot, plain_deal()).number == 2


# -- rematch --------------------------------------------------------------------------------------------------

def test_a_rematch_is_the_same_players_teams_and_options_in_one_tap(client, two_deal_tarot):
    add_deals(two_deal_tarot, 2)
    two_deal_tarot.stake_minor = 10
    two_deal_tarot.save()

    response = client.post(f"/t/{two_deal_tarot.edit_token}/rematch/")

    new = Table.objects.exclude(pk=two_deal_tarot.pk).get()
    assert response.status_code == 302 and response["Location"] == f"/t/{new.edit_token}/"
    assert services.table_spec(new).players == tuple(PLAYERS4)
    assert new.options == two_deal_tarot.options and new.stake_minor == 10
    assert list(new.seats.values_list("player_id", flat=True)) == list(
        two_deal_tarot.seats.values_list("player_id", flat=True))
    assert new.first_dealer == 2  # two deals dealt by N then S: E deals next
    assert new.deals.count() == 0


def test_a_rematch_keeps_the_settle_up_choices_saved_with_the_stake(two_deal_tarot):
    add_deals(two_deal_tarot, 2)
    services.set_stake(two_deal_tarot, 10, "EUR", {"per_point": False})
    assert services.saved_settle_choices(services.rematch(two_deal_tarot)) == {"per_point": False}


def test_a_rematch_is_started_once_and_the_old_table_leads_to_it(client, two_deal_tarot):
    """A second phone (or the back button) tapping Rematch again gets the table already started, not another
    one; the finished game's page, on either link, then leads to the rematch."""
    add_deals(two_deal_tarot, 2)
    first = client.post(f"/t/{two_deal_tarot.edit_token}/rematch/")
    again = client.post(f"/t/{two_deal_tarot.edit_token}/rematch/")
    new = Table.objects.exclude(pk=two_deal_tarot.pk).get()
    assert first["Location"] == again["Location"] == f"/t/{new.edit_token}/"
    edit_page = client.get(f"/t/{two_deal_tarot.edit_token}/").content.decode()
    assert f'href="/t/{new.edit_token}/"' in edit_page and "Go to the rematch" in edit_page
    assert f'action="/t/{two_deal_tarot.edit_token}/rematch/"' not in edit_page
    view_page = client.get(f"/t/{two_deal_tarot.view_token}/").content.decode()
    assert f'href="/t/{new.view_token}/"' in view_page and new.edit_token not in view_page
    history = client.get(f"/t/{two_deal_tarot.view_token}/history/").content.decode()
    assert "Rematch started" in history and new.edit_token not in history
    assert f'href="/t/{new.view_token}/" class="rematch-link"' in history
    history = client.get(f"/t/{two_deal_tarot.edit_token}/history/").content.decode()
    assert f'href="/t/{new.edit_token}/" class="rematch-link"' in history  # who may edit goes on editing
    exported = client.get(f"/t/{two_deal_tarot.view_token}/export.json").content.decode()
    assert '"rematch"' in exported and new.edit_token not in exported and new.view_token not in exported


def test_a_rematch_names_the_game_it_was_started_from_and_a_change_of_players_there_keeps_it_to_the_game_so_far(
        two_deal_tarot):
    """The rematch links back to the finished game (the night is walked by it). Should the finished game's table
    then change players, the game so far closes with its rematch, as it does with its changes."""
    add_deals(two_deal_tarot, 2)
    new = services.rematch(two_deal_tarot)
    assert new.rematch_of == two_deal_tarot and list(two_deal_tarot.rematches.all()) == [new]

    closed = seating.change_seats(two_deal_tarot, PLAYERS5)

    assert closed is not None and Table.objects.get(pk=new.pk).rematch_of == closed
    assert services.rematch_started(closed) == new  # its "rematch started" change went with it too


def test_the_rematch_button_promises_the_same_teams_only_in_a_team_game(client, two_deal_tarot):
    """A helper's Burro and Pablo nights ended on "the same players, teams and options": there were no teams."""
    add_deals(two_deal_tarot, 2)
    html = client.get(f"/t/{two_deal_tarot.edit_token}/").content.decode()
    assert "A new table with the same players and options." in html and "teams" not in html

    night = services.create_table(game="paublillo", players=["Ana", "Beto", "Carla", "Dani"])
    for _ in range(11):  # a point a deal to team A, then on alver at 11 it plays for 3 and wins
        services.record_deal(night, {"tricks": "AA"})
    services.record_deal(night, {"alver": "play", "tricks": "AA"})
    html = client.get(f"/t/{night.edit_token}/").content.decode()
    assert "A new table with the same players, teams and options." in html


def test_a_rematch_keeps_the_teams(db):
    table = services.create_table(game="paublillo", players=["Ana", "Bea", "Cris", "Dani"])
    new = services.rematch(table)
    assert services.table_spec(new).teams == services.table_spec(table).teams
    assert list(new.seats.values_list("team", flat=True)) == list(table.seats.values_list("team", flat=True))


def test_the_old_view_link_says_a_new_game_has_started_and_links_the_rematchs_view_link(client, two_deal_tarot):
    """A tester's watching phone kept showing "Game over — Winner: …" after the Rematch, with no way to the new
    game. The finished game's view link says a new game has started and links the rematch's view link, never its
    edit link; the edit link leads on to the rematch's edit link."""
    add_deals(two_deal_tarot, 2)
    new = services.rematch(two_deal_tarot)
    view_page = client.get(f"/t/{two_deal_tarot.view_token}/").content.decode()
    said = re.search(r'<section id="rematch".*?</section>', view_page, re.S).group(0)
    assert "A new game has started" in said and f'href="/t/{new.view_token}/"' in said
    assert new.edit_token not in view_page
    edit_page = client.get(f"/t/{two_deal_tarot.edit_token}/").content.decode()
    assert "A new game has started" in edit_page and f'href="/t/{new.edit_token}/"' in edit_page


def test_a_phone_watching_the_finished_game_sees_the_rematch_at_its_next_poll(client, two_deal_tarot):
    """The live region a watching phone polls answers 304 (or 204) while the table is unchanged: the rematch
    changes the finished table's version, so the poll after it answers the region with the new game's view link,
    as does the big screen's."""
    add_deals(two_deal_tarot, 2)
    seen = Table.objects.get(pk=two_deal_tarot.pk).version
    live = f"/t/{two_deal_tarot.view_token}/live/"
    before = client.get(live, {"v": 0}, HTTP_HX_REQUEST="true")
    assert client.get(live, {"v": 0}, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 304
    assert client.get(live, {"v": seen}, HTTP_HX_REQUEST="true").status_code == 204

    new = services.rematch(two_deal_tarot)

    assert Table.objects.get(pk=two_deal_tarot.pk).version == seen + 1
    again = client.get(live, {"v": 0}, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=before["ETag"])
    assert again.status_code == 200 and again["ETag"] != before["ETag"]
    polled = client.get(live, {"v": seen}, HTTP_HX_REQUEST="true")
    html = polled.content.decode()
    assert polled.status_code == 200 and 'id="new-game"' in html and f'href="/t/{new.view_token}/"' in html
    assert new.edit_token not in html
    board = client.get(f"/t/{two_deal_tarot.view_token}/big/", {"v": seen}, HTTP_HX_REQUEST="true").content.decode()
    assert 'id="new-game"' in board and f'href="/t/{new.view_token}/big/"' in board and new.edit_token not in board


def test_a_view_link_cannot_start_a_rematch(client, two_deal_tarot):
    assert client.post(f"/t/{two_deal_tarot.view_token}/rematch/").status_code == 403
    assert Table.objects.count() == 1


# -- players between deals ------------------------------------------------------------------------------------

def test_a_name_corrected_is_said_everywhere_and_logged(client, tarot4):
    add_deals(tarot4, 3)  # taken by N, S, E
    response = client.post(f"/t/{tarot4.edit_token}/players/",
                           {"seat_0": "Nico", "seat_1": "S", "seat_2": "E", "seat_3": "W"})

    assert response.status_code == 302
    st = services.standings(Table.objects.get(pk=tarot4.pk))
    assert st.spec.players == ("Nico", "S", "E", "W") and st.totals["Nico"] == 198 - 66 - 66
    assert "Nico" in str(Deal.objects.get(table=tarot4, number=1).outcome["breakdown"])
    change = TableChange.objects.get(table=tarot4)
    assert change.details == {"seats": [{"seat": 0, "before": "N", "after": "Nico"}]} and change.after_deals == 3
    assert "N → Nico" in client.get(f"/t/{tarot4.edit_token}/history/").content.decode()


def test_two_players_may_swap_names(tarot4):
    add_deals(tarot4, 1)
    services.change_players(tarot4, ["S", "N", "E", "W"])
    assert services.table_spec(tarot4).players == ("S", "N", "E", "W")


def test_a_player_name_twice_is_refused_beside_the_form(client, tarot4):
    html = client.post(f"/t/{tarot4.edit_token}/players/",
                       {"seat_0": "N", "seat_1": "n", "seat_2": "E", "seat_3": "W"}).content.decode()
    assert "Two players have the same name: N and n." in html
    assert services.table_spec(tarot4).players == tuple(PLAYERS4) and not TableChange.objects.exists()


# -- a game under way on paper --------------------------------------------------------------------------------

def test_a_game_from_paper_starts_from_its_scores(client, tarot4):
    response = client.post(f"/t/{tarot4.edit_token}/carry-over/",
                           {"total_0": "120", "total_1": "-40", "total_2": "-40", "total_3": "-40"})
    assert response.status_code == 302

    tarot4 = Table.objects.get(pk=tarot4.pk)
    add_deals(tarot4, 1)  # N takes: +198, the others -66 each
    assert services.standings(tarot4).totals == {"N": 120 + 198, "S": -40 - 66, "E": -40 - 66, "W": -40 - 66}
    html = client.get(f"/t/{tarot4.edit_token}/history/").content.decode()
    assert "Carried over from paper" in html and "N&nbsp;+120" in html


def test_a_game_is_carried_over_only_before_the_first_deal(tarot4):
    add_deals(tarot4, 1)
    with pytest.raises(services.ChangeRefused):
        services.carry_over(tarot4, {"total_0": "10"})
    assert tarot4.carried is None


def test_a_carried_score_that_is_not_a_number_is_refused_beside_its_field(client, tarot4):
    html = client.post(f"/t/{tarot4.edit_token}/carry-over/", {"total_0": "lots"}).content.decode()
    assert "Enter a whole number." in html
    assert Table.objects.get(pk=tarot4.pk).carried is None


def test_a_carried_score_out_of_range_is_refused_in_the_apps_own_words(client, db):
    """Spanish speaks to the player with "tú" everywhere: not Django's "Asegúrese de que este valor…"."""
    table = services.create_table(game="paublillo", players=["Ana", "Bea"])
    html = client.post(f"/t/{table.edit_token}/carry-over/", {"total_0": "12"},
                       headers={"Accept-Language": "es"}).content.decode()
    assert "Debe ser como máximo 11." in html and "Asegúrese" not in html


def test_an_edit_of_the_first_deal_replays_from_the_carried_scores(tarot4):
    services.carry_over(tarot4, {"total_0": "100"})
    add_deals(tarot4, 2)
    services.edit_deal(tarot4.deals.get(number=1), plain_deal(taker="W"))
    # deal 1 now taken by W (+198, others -66), deal 2 by S (+198, others -66)
    assert services.standings(tarot4).totals == {"N": 100 - 66 - 66, "S": -66 + 198, "E": -66 - 66, "W": 198 - 66}


# -- another game with the same players ------------------------------------------------------------------------

def test_a_finished_game_offers_another_game_with_the_same_players(client, two_deal_tarot):
    """A tester's French night went from Burro to Casita Robada: the rematch repeats the game, and the new table
    form asked the four names again. Only to whoever may change the table (the link carries its edit link)."""
    add_deals(two_deal_tarot, 2)
    html = client.get(f"/t/{two_deal_tarot.edit_token}/").content.decode()
    assert f'href="/new/?table={two_deal_tarot.edit_token}"' in html and "Another game, the same players" in html
    assert 'id="another-game"' not in client.get(f"/t/{two_deal_tarot.view_token}/").content.decode()


def test_the_next_game_of_tonight_is_started_with_the_players_before_it(client, two_deal_tarot):
    two_deal_tarot.name, two_deal_tarot.currency = "Samedi chez Chloé", "🍺"
    two_deal_tarot.save()
    after = f"?table={two_deal_tarot.edit_token}"
    chosen = client.get(f"/new/{after}&game=burro")
    assert chosen.status_code == 302 and chosen["Location"] == f"/new/burro/{after}"
    html = client.get(f"/new/burro/{after}").content.decode()
    assert 'id="game-before"' in html and "Samedi chez Chloé" in html
    for seat, name in enumerate(PLAYERS4):  # in their order of play
        assert re.search(rf'<input[^>]*name="player_{seat}"[^>]*value="{name}"', html)
    assert re.search(r'<input[^>]*name="name"[^>]*value="Samedi chez Chloé"', html)
    assert re.search(r'<input[^>]*name="currency"[^>]*value="🍺"[^>]*checked', html)
    assert f'href="/new/tarot/{after}"' in html  # choosing another game keeps them


def test_the_next_game_joins_tonights_settle_up(client, two_deal_tarot):
    form = {"table": two_deal_tarot.edit_token, "first_dealer": "0", "currency": "EUR", "stake": "0",
            **{f"player_{seat}": name for seat, name in enumerate(PLAYERS4)}}
    response = client.post("/new/burro/", form)
    new = Table.objects.exclude(pk=two_deal_tarot.pk).get()
    assert response.status_code == 302 and new.game == "burro"
    assert list(two_deal_tarot.night_with.all()) == [new]
    assert TableChange.objects.filter(kind=TableChange.Kind.NIGHT).count() == 2  # said in both histories
    page = client.get(response["Location"]).content.decode()
    assert "Added to tonight&#x27;s settle-up" in page or "Added to tonight's settle-up" in page


def test_a_view_link_starts_a_game_of_its_own(client, two_deal_tarot):
    """Only whoever may change a table adds a game to its night: a view link (or a link to no table) is ignored,
    and the form is empty as on any new table."""
    for token in (two_deal_tarot.view_token, "not-a-token", ""):
        html = client.get(f"/new/burro/?table={token}").content.decode()
        assert 'id="game-before"' not in html and 'name="table"' not in html and 'value="N"' not in html
    form = {"table": two_deal_tarot.view_token, "first_dealer": "0", "currency": "EUR", "stake": "0",
            **{f"player_{seat}": name for seat, name in enumerate(PLAYERS4)}}
    assert client.post("/new/burro/", form).status_code == 302
    assert not two_deal_tarot.night_with.exists()


def test_the_next_game_keeps_a_currency_typed_by_hand(client, two_deal_tarot):
    """A night in pesos mexicanos stays in them: a currency with no button of its own comes as typed."""
    two_deal_tarot.currency = "MXN"
    two_deal_tarot.save()
    response = client.get(f"/new/burro/?table={two_deal_tarot.edit_token}")
    assert re.search(r'<input[^>]*name="currency_other"[^>]*value="MXN"', response.content.decode())
    assert "no-store" in response["Cache-Control"]  # it holds the edit link of the game before


def test_a_double_tap_on_start_starts_the_next_game_once_and_adds_it_to_tonight_once(client, two_deal_tarot):
    """A reviewer: two taps on "Start the table" made two games of tonight, the settle-up listing one of 0 deals.
    Both taps send the form's client id: the second goes to the game the first started, and adds nothing."""
    form = {"table": two_deal_tarot.edit_token, "first_dealer": "0", "currency": "EUR", "stake": "0",
            "client_id": str(uuid.uuid4()), **{f"player_{seat}": name for seat, name in enumerate(PLAYERS4)}}
    first, second = client.post("/new/burro/", form), client.post("/new/burro/", form)
    new = Table.objects.exclude(pk=two_deal_tarot.pk).get()
    assert first["Location"] == second["Location"] == f"/t/{new.edit_token}/"
    assert list(two_deal_tarot.night_with.all()) == [new]
    assert TableChange.objects.filter(kind=TableChange.Kind.NIGHT).count() == 2  # once in each history
    another_form = {**form, "client_id": str(uuid.uuid4())}  # the same players from another form: another game
    assert client.post("/new/burro/", another_form)["Location"] != first["Location"]
    assert two_deal_tarot.night_with.count() == 2
