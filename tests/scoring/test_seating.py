"""Someone joins or leaves between deals (scoring.seating; house reading "a change of players starts a new
game"): the game so far is kept as it stands, read-only, and the table goes on under the same links with the new
players from the start of a game."""

from __future__ import annotations

import re
import uuid
from html import unescape

import pytest

from referee.game import InvalidRecord
from scoring import seating, services, transfer
from scoring.models import Deal, Table, TableChange

from .conftest import PLAYERS4, PLAYERS5, add_deals, plain_deal


def players_url(table: Table) -> str:
    return f"/t/{table.edit_token}/players/"


def test_a_player_who_joins_starts_a_new_game_under_the_same_links(client, tarot4):
    add_deals(tarot4, 3)  # taken by N, S, E: N +198 -66 -66 = 66, S 66, E 66, W -198
    before = services.standings(tarot4)
    assert before.dealer == "W"  # N, S and E dealt: W deals next

    response = client.post(players_url(tarot4), {"action": "join", "join-name": "O", "join-after": "3",
                                                 "join-confirm": "1"})

    assert response.status_code == 302 and response["Location"] == f"/t/{tarot4.edit_token}/"
    live = Table.objects.get(pk=tarot4.pk)
    st = services.standings(live)
    assert st.spec.players == ("N", "S", "E", "W", "O") and st.deal_count == 0
    assert st.totals == {"N": 0, "S": 0, "E": 0, "W": 0, "O": 0}
    assert st.dealer == "W"  # the deal passes on as it would have
    assert (live.edit_token, live.view_token) == (tarot4.edit_token, tarot4.view_token)


def test_the_game_so_far_is_kept_as_it_stood_with_its_settle_up(client, tarot4):
    add_deals(tarot4, 3)
    before = services.standings(tarot4).totals

    services_closed = seating.change_seats(tarot4, ["N", "S", "E", "W", "O"])

    assert services_closed is not None
    closed = Table.objects.get(pk=services_closed.pk)
    assert services.standings(closed).totals == before == {"N": 66, "S": 66, "E": 66, "W": -198}
    assert list(closed.deals.order_by("number").values_list("number", flat=True)) == [1, 2, 3]
    assert [r.action for r in Deal.objects.get(table=closed, number=1).revisions.all()] == ["record"]
    assert client.get(f"/t/{closed.view_token}/settle/").status_code == 200
    assert closed.edit_token not in client.get(f"/t/{tarot4.edit_token}/history/").content.decode()


def test_the_settle_up_after_a_change_of_players_leads_to_each_earlier_game(client, tarot4):
    """Each game is settled on its own page; the table's settle-up says so and links every game before it (a
    tester settling from the table link paid out only the last game, with no word of the ones before)."""
    add_deals(tarot4, 3)
    first = seating.change_seats(tarot4, ["N", "S", "E", "W", "O"])
    add_deals(tarot4, 1)
    second = seating.change_seats(tarot4, ["N", "S", "E", "W"])
    assert first is not None and second is not None
    html = client.get(f"/t/{tarot4.edit_token}/settle/").content.decode()
    earlier = re.search(r'<div class="alert alert-info py-2" id="earlier-games">.*?</div>', html, re.S).group(0)
    links = re.findall(r'<a class="alert-link" href="/t/([^/]+)/settle/">Game (\d): (\d+) deals?', earlier)
    assert links == [(first.view_token, "1", "3"), (second.view_token, "2", "1")]  # numbered as the night went
    assert "·&nbsp;N, S, E, W, O</li>" in earlier and "·&nbsp;N, S, E, W</li>" in earlier  # told apart by their players
    assert 'id="earlier-games"' not in client.get(f"/t/{first.view_token}/settle/").content.decode()


def test_the_share_page_offers_the_files_of_every_earlier_game(client, tarot4):
    """The table file holds the game under way; a tester importing it elsewhere lost the six deals of the two
    games before it. The Share page names those games and links their own files."""
    add_deals(tarot4, 3)
    first = seating.change_seats(tarot4, ["N", "S", "E", "W", "O"])
    add_deals(tarot4, 1)
    assert first is not None
    html = client.get(f"/t/{tarot4.edit_token}/share/").content.decode()
    files = html[html.index('id="earlier-files"'):]
    assert "Game 1: 3 deals" in files and "·&nbsp;N, S, E, W<br>" in files
    assert f'href="/t/{first.view_token}/export.json"' in files and f'href="/t/{first.view_token}/export.csv"' in files
    exported = client.get(f"/t/{first.view_token}/export.json").json()
    assert [deal["number"] for deal in exported["deals"]] == [1, 2, 3]


def test_the_share_page_numbers_tonights_games_as_the_settle_up_does(client, tarot4):
    """Game 1, then its rematch, game 2, closed when O joined; game 3 under way. The Share page lists the
    night's other games with their files, numbered as the settle-up lists them (it counted the games the players
    changed only, and called game 2 "Game 1")."""
    add_deals(tarot4, 1)
    table = services.rematch(tarot4)
    add_deals(table, 2)
    second = seating.change_seats(table, PLAYERS5)
    assert second is not None
    add_deals(table, 1)
    html = client.get(f"/t/{table.edit_token}/share/").content.decode()
    files = html[html.index('id="earlier-files"'):]
    shared = re.findall(r'href="/t/([^/]+)/export.json"', files)
    numbered = re.findall(r"Game (\d): (\d) deals?", files)
    settle = client.get(f"/t/{table.edit_token}/settle/").content.decode()
    settled = re.findall(r'<a class="alert-link" href="/t/([^/]+)/settle/">Game (\d): (\d) deals?', settle)
    assert settled == [(tarot4.view_token, "1", "1"), (second.view_token, "2", "2")]
    assert list(zip(shared, numbered, strict=True)) == [(token, (n, deals)) for token, n, deals in settled]


def test_the_change_is_in_the_history_of_both_games_with_links(client, tarot4):
    add_deals(tarot4, 2)
    closed = seating.change_seats(tarot4, ["N", "S", "E", "W", "O"], author="Ana")
    assert closed is not None

    now = TableChange.objects.get(table=tarot4, kind=TableChange.Kind.SEATS)
    assert now.details["joined"] == ["O"] and now.details["left"] == [] and now.details["deals"] == 2
    assert now.details["earlier"] == closed.view_token and now.author == "Ana"
    html = client.get(f"/t/{tarot4.edit_token}/history/").content.decode()
    assert "O joined" in html and f"/t/{closed.view_token}/" in html
    earlier = client.get(f"/t/{closed.view_token}/history/").content.decode()
    assert "O joined" in earlier and f"/t/{tarot4.view_token}/" in earlier


def test_a_player_who_leaves_hands_the_deal_to_the_next_player_still_seated(client, tarot5):
    add_deals(tarot5, 2)  # N and S dealt: E deals next
    assert services.standings(tarot5).dealer == "E"

    response = client.post(players_url(tarot5), {"action": "leave", "leave-seat": "2", "leave-confirm": "1"})

    assert response.status_code == 302
    st = services.standings(Table.objects.get(pk=tarot5.pk))
    assert st.spec.players == ("N", "S", "W", "O") and st.dealer == "W"
    assert TableChange.objects.get(table=tarot5, kind=TableChange.Kind.SEATS).details["left"] == ["E"]


def test_a_change_that_closes_the_game_first_says_what_it_does_and_changes_nothing(client, tarot4):
    """Joining a game under way closes it: the players page first says so — which game closes (its game, its
    players, its deals), that its standings are kept and settled up on their own, who plays the new game and
    who deals first — and asks to confirm; until then nothing changes (found by a tester: one tap on "Add to the
    table" closed the game)."""
    add_deals(tarot4, 3)  # N +66, S +66, E +66, W -198; W deals next
    sent = {"action": "join", "join-name": "O", "join-after": "3", "join-players": '["N", "S", "E", "W"]'}

    response = client.post(players_url(tarot4), sent)

    assert response.status_code == 200
    html = response.content.decode()
    assert "Close this game?" in html and "O joins the table." in html
    assert "French Tarot with N, S, E, W, after 3 deals: its scores are kept as they stand, in the history, and it " \
           "is settled up on its own." in html
    assert re.findall(r'<td class="name">(\w+)</td><td class="score [a-z]+">([^<]+)</td>', html) == [
        ("N", "+66"), ("S", "+66"), ("E", "+66"), ("W", "−198")]
    assert "From zero, with the same options and stake: N, S, E, W, O. W deals first." in html
    assert f'href="/t/{tarot4.edit_token}/players/" id="cancel-change">Cancel</a>' in html
    for name, value in (("action", "join"), ("join-name", "O"), ("join-after", "3"), ("join-confirm", "1")):
        assert f'name="{name}" value="{value}"' in html, name
    live = Table.objects.get(pk=tarot4.pk)
    assert services.table_spec(live).players == tuple(PLAYERS4) and services.standings(live).deal_count == 3
    assert Table.objects.count() == 1 and not TableChange.objects.exists()

    assert client.post(players_url(tarot4), {**sent, "join-confirm": "1"}).status_code == 302
    assert services.table_spec(Table.objects.get(pk=tarot4.pk)).players == ("N", "S", "E", "W", "O")
    assert Table.objects.filter(closed=True).count() == 1


def test_a_player_leaving_a_game_under_way_is_confirmed_too(client, tarot5):
    add_deals(tarot5, 1)
    html = client.post(players_url(tarot5), {"action": "leave", "leave-seat": "2"}).content.decode()
    assert "Close this game?" in html and "E leaves the table." in html and "after 1 deal:" in html
    assert "From zero, with the same options and stake: N, S, W, O." in html
    assert services.table_spec(Table.objects.get(pk=tarot5.pk)).players == ("N", "S", "E", "W", "O")


def test_a_game_carried_over_from_paper_is_confirmed_before_it_closes(client, tarot4):
    services.carry_over(tarot4, {"total_0": "120", "total_1": "-40", "total_2": "-40", "total_3": "-40"})
    assert "The game so far ends as it stands" in client.get(players_url(tarot4)).content.decode()
    html = client.post(players_url(tarot4), {"action": "join", "join-name": "O", "join-after": "3"}).content.decode()
    assert "French Tarot with N, S, E, W: its scores are kept as they stand" in html and "+120" in html
    assert Table.objects.get(pk=tarot4.pk).carried is not None


def test_a_change_that_closes_nothing_is_made_at_once(client, tarot4):
    response = client.post(players_url(tarot4), {"action": "join", "join-name": "O", "join-after": "3"})
    assert response.status_code == 302
    assert services.table_spec(Table.objects.get(pk=tarot4.pk)).players == ("N", "S", "E", "W", "O")


def test_a_change_the_game_refuses_is_said_beside_the_form_not_offered_to_confirm(client, tarot4):
    add_deals(tarot4, 1)
    html = client.post(players_url(tarot4), {"action": "join", "join-name": "n", "join-after": "0"}
                       ).content.decode()
    assert "Two players have the same name: N and n." in html and "Close this game?" not in html


def test_a_confirmation_sent_after_the_players_changed_elsewhere_changes_nothing_more(client, tarot4):
    add_deals(tarot4, 1)
    sent = {"action": "join", "join-name": "O", "join-after": "2", "join-players": '["N", "S", "E", "W"]'}
    assert "Close this game?" in client.post(players_url(tarot4), sent).content.decode()
    seating.change_seats(tarot4, ["N", "S", "E"])  # meanwhile, on another phone, W left
    html = client.post(players_url(tarot4), {**sent, "join-confirm": "1"}).content.decode()
    assert "The players changed meanwhile" in html
    assert services.table_spec(Table.objects.get(pk=tarot4.pk)).players == ("N", "S", "E")


def test_before_the_first_deal_the_players_just_change(tarot4):
    assert seating.change_seats(tarot4, ["N", "S", "E"]) is None
    assert services.table_spec(Table.objects.get(pk=tarot4.pk)).players == ("N", "S", "E")
    assert Table.objects.count() == 1


def test_a_count_the_game_is_not_played_by_is_refused_beside_the_form(client, tarot5):
    add_deals(tarot5, 1)
    html = client.post(players_url(tarot5), {"action": "join", "join-name": "Zoe", "join-after": "4"}
                       ).content.decode()
    assert "is played by 3, 4 or 5 players, not 6." in html
    assert services.table_spec(tarot5).players == ("N", "S", "E", "W", "O") and tarot5.deals.count() == 1


def test_the_page_offers_only_what_the_game_allows(client, tarot5, tarot4):
    at_five = client.get(players_url(tarot5)).content.decode()
    assert 'id="leave-form"' in at_five and 'id="join-form"' not in at_five
    at_four = client.get(players_url(tarot4)).content.decode()
    assert 'id="leave-form"' in at_four and 'id="join-form"' in at_four


def test_a_team_game_keeps_its_seats(client, db):
    table = services.create_table(game="paublillo", players=["Ana", "Bea", "Luis", "Eva"])
    assert 'id="join-form"' not in client.get(players_url(table)).content.decode()
    with pytest.raises(InvalidRecord, match="teams are chosen when a table starts"):
        seating.change_seats(table, ["Ana", "Bea", "Luis", "Eva", "Juan", "Sol"])


def test_a_name_already_seated_cannot_join(client, tarot4):
    html = client.post(players_url(tarot4), {"action": "join", "join-name": "n", "join-after": "0"}
                       ).content.decode()
    assert "Two players have the same name: N and n." in html
    assert services.table_spec(tarot4).players == tuple(PLAYERS4)


def test_a_blank_name_is_asked_for_beside_its_field(client, tarot4):
    html = client.post(players_url(tarot4), {"action": "join", "join-name": "", "join-after": "0"}
                       ).content.decode()
    assert "Give the name of who joins." in html and 'aria-describedby="id_join-name_error"' in html
    # not Django's generic "This field is required." (a tester's French page said "Ce champ est obligatoire.")


def test_leaving_without_choosing_who_asks_for_who_beside_the_field(client, tarot4):
    html = client.post(players_url(tarot4), {"action": "leave", "leave-seat": "",
                                             "leave-players": '["N", "S", "E", "W"]'}).content.decode()
    assert "Choose who leaves." in html and 'aria-describedby="id_leave-seat_error"' in html
    assert "This field is required." not in html
    assert services.table_spec(tarot4).players == tuple(PLAYERS4)


@pytest.mark.parametrize("after", ["7", "-1", "x", ""])
def test_a_seat_to_sit_after_that_no_one_has_is_said_beside_the_field(client, tarot4, after):
    """A "Sits after" sent by hand (a seat number no one has at four, a word, nothing) is said beside that choice,
    in the app's words, not Django's "Select a valid choice" or "This field is required." (nothing was said
    anywhere): the name typed is kept and nothing changes."""
    response = client.post(players_url(tarot4), {"action": "join", "join-name": "Zoe", "join-after": after,
                                                 "join-players": '["N", "S", "E", "W"]'})
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="id_join-after_error">Choose who the new player sits after.</div>' in html
    assert re.search(r'<select [^>]*name="join-after"[^>]*\s+aria-invalid="true" '
                     r'aria-describedby="id_join-after_error"', html)
    assert "valid choice" not in html and "This field is required." not in html
    assert re.search(r'name="join-name"\s+id="id_join-name" value="Zoe"', html)
    assert services.table_spec(tarot4).players == tuple(PLAYERS4)


def test_a_seat_to_leave_that_no_one_has_is_said_beside_the_field(client, tarot4):
    html = client.post(players_url(tarot4), {"action": "leave", "leave-seat": "9",
                                             "leave-players": '["N", "S", "E", "W"]'}).content.decode()
    assert 'id="id_leave-seat_error">Choose who leaves.</div>' in html and "valid choice" not in html
    assert services.table_spec(tarot4).players == tuple(PLAYERS4)


def test_the_view_link_cannot_change_the_players(client, tarot4):
    response = client.post(f"/t/{tarot4.view_token}/players/", {"action": "leave", "leave-seat": "0"})
    assert response.status_code in (403, 404)
    assert services.table_spec(tarot4).players == tuple(PLAYERS4)


def test_an_exported_table_does_not_carry_the_link_to_the_game_before(tarot4):
    from scoring import transfer

    add_deals(tarot4, 1)
    closed = seating.change_seats(tarot4, ["N", "S", "E", "W", "O"])
    assert closed is not None
    exported = transfer.export_json(tarot4).decode()
    assert closed.view_token not in exported and closed.edit_token not in exported
    assert '"joined":["O"]' in exported


# -- two phones, a tap sent twice, a page left open ---------------------------------------------------------

def test_a_deal_worked_out_on_the_seats_before_the_change_is_not_stored_on_the_new_ones(tarot5):
    """A phone read the 5-seat table (no deal yet), then O left on another phone: its deal naming O as taker is
    refused, not stored at the 4-seat table with O's score lost."""
    stale = Table.objects.get(pk=tarot5.pk)
    services.table_spec(stale)  # the request has read the table and its players
    seating.change_seats(tarot5, ["N", "S", "E", "W"])

    with pytest.raises(InvalidRecord):
        services.record_deal(stale, {"taker": "O", "partner": "O", "contract": "garde", "bouts": 2, "points": 49})
    assert not Table.objects.get(pk=tarot5.pk).deals.exists()


def test_a_leave_sent_twice_removes_one_player(client, tarot5):
    sent = {"action": "leave", "leave-seat": "1", "leave-players": '["N", "S", "E", "W", "O"]'}
    assert client.post(players_url(tarot5), sent).status_code == 302
    html = client.post(players_url(tarot5), sent).content.decode()
    assert "The players changed meanwhile" in html
    assert services.table_spec(Table.objects.get(pk=tarot5.pk)).players == ("N", "E", "W", "O")


def test_the_game_so_far_cannot_be_changed_by_its_old_edit_link(client, tarot4):
    add_deals(tarot4, 1)
    closed = seating.change_seats(tarot4, ["N", "S", "E", "W", "O"])
    assert closed is not None
    response = client.post(f"/api/tables/{closed.edit_token}/deals", {"record": {
        "taker": "N", "contract": "garde", "bouts": 2, "points": 49}}, content_type="application/json")
    assert response.status_code == 403 and "ended when the players changed" in response.json()["detail"]
    page = client.get(f"/t/{closed.edit_token}/").content.decode()
    assert 'id="record"' not in page and closed.deals.count() == 1
    assert closed.get_absolute_url() == f"/t/{closed.view_token}/"  # how the players' pages link it


def test_a_score_carried_from_paper_is_kept_with_the_game_it_belongs_to(tarot4):
    services.carry_over(tarot4, {"total_0": "120", "total_1": "-40", "total_2": "-40", "total_3": "-40"})
    closed = seating.change_seats(tarot4, ["N", "S", "E", "W", "O"])
    assert closed is not None and services.standings(closed).totals["N"] == 120
    assert Table.objects.get(pk=tarot4.pk).carried is None


def test_one_player_joins_or_leaves_at_a_time(tarot4):
    with pytest.raises(InvalidRecord, match="One player joins or leaves at a time"):
        seating.change_seats(tarot4, ["N", "S"])


def test_a_history_imported_with_a_link_of_any_shape_still_opens(client, tarot4):
    TableChange.objects.create(table=tarot4, kind=TableChange.Kind.SEATS, details={
        "joined": ["O"], "left": [], "players": ["N", "S", "E", "W", "O"], "ends": True, "later": "a/b"})
    response = client.get(f"/t/{tarot4.edit_token}/history/")
    assert response.status_code == 200 and "this game ends here" in response.content.decode()


def test_the_game_so_far_says_it_ended_and_links_the_game_after(client, tarot4):
    add_deals(tarot4, 1)
    closed = seating.change_seats(tarot4, ["N", "S", "E", "W", "O"])
    assert closed is not None
    page = client.get(f"/t/{closed.view_token}/").content.decode()
    assert 'id="closed"' in page and f'href="/t/{tarot4.view_token}/"' in page
    assert "Deals next:" not in page
    refused = client.get(f"/t/{closed.edit_token}/players/")
    assert refused.status_code == 403 and "Ask whoever keeps the score" not in refused.content.decode()


def test_a_retry_of_a_deal_recorded_before_someone_joined_answers_that_deal_and_records_nothing(client, tarot4):
    """The phone's answer was lost, someone joined, the phone sends the deal again with its client id (the API,
    without the expected number): the deal stored in the game closed meanwhile is answered, as that game has it."""
    body = {"record": plain_deal(taker="N"), "client_id": str(uuid.uuid4())}
    url = f"/api/tables/{tarot4.edit_token}/deals"
    first = client.post(url, body, content_type="application/json")
    assert first.status_code == 201
    closed = seating.change_seats(tarot4, ["N", "S", "E", "W", "O"])
    assert closed is not None

    again = client.post(url, body, content_type="application/json")

    assert again.status_code == 200, again.content
    assert again.json()["number"] == 1 and again.json()["scores"] == first.json()["scores"] == {
        "N": 198, "S": -66, "E": -66, "W": -66}  # the four players of that game, not the five of this one
    assert tarot4.deals.count() == 0 and closed.deals.count() == 1


def outbox_resend(client, table: Table, data: dict) -> str:
    """The record form as a phone's outbox sends it (offline.js): the entries, the client id, htmx."""
    response = client.post(f"/t/{table.edit_token}/deal/", data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("after", [["N", "S", "E", "W", "O"], ["N", "S", "E"]], ids=["joined", "left"])
def test_a_deal_resent_from_the_outbox_after_the_players_changed_says_which_game_kept_it(client, tarot4, after):
    """Saved at four, its answer lost, sent again after someone joined (the form now asks a partner) or left:
    the table says it was saved in the game before, and the outbox lets it go (no error in the answer)."""
    data = {"taker": "N", "contract": "garde", "bouts": "2", "points": "49", "client_id": str(uuid.uuid4()),
            "deal_number": "1"}
    outbox_resend(client, tarot4, data)
    closed = seating.change_seats(tarot4, after)
    assert closed is not None

    html = outbox_resend(client, tarot4, data)

    assert "Deal 1 was already saved, in the game before the players changed." in html
    assert 'id="conflict"' not in html and "form-errors" not in html
    assert tarot4.deals.count() == 0 and closed.deals.count() == 1


def test_a_retry_is_answered_from_the_first_game_after_two_changes_of_players(tarot4):
    client_id = uuid.uuid4()
    services.record_deal(tarot4, plain_deal(taker="N"), client_id=client_id)
    first = seating.change_seats(tarot4, ["N", "S", "E", "W", "O"])
    services.record_deal(tarot4, plain_deal(taker="O", partner="N"))
    seating.change_seats(tarot4, ["N", "S", "E", "W"])

    again = services.record_deal(tarot4, plain_deal(taker="N"), client_id=client_id)

    assert again.repeated and again.earlier_game and first is not None and again.table_id == first.pk
    assert tarot4.deals.count() == 0


def test_a_copy_of_the_game_before_imported_elsewhere_does_not_hide_a_retry(tarot4):
    """An imported file keeps its deals' client ids at a table of its own (no link to this one): the retry
    still finds the deal in the game closed here."""
    client_id = uuid.uuid4()
    services.record_deal(tarot4, plain_deal(taker="N"), client_id=client_id)
    closed = seating.change_seats(tarot4, ["N", "S", "E", "W", "O"])
    assert closed is not None
    transfer.import_table(transfer.export_json(closed))

    again = services.record_deal(tarot4, plain_deal(taker="N", partner="N"), client_id=client_id)

    assert again.repeated and again.table_id == closed.pk and tarot4.deals.count() == 0


def test_a_retry_of_a_deal_undone_and_replaced_before_the_change_is_not_recorded(tarot4):
    client_id = uuid.uuid4()
    services.record_deal(tarot4, plain_deal(taker="N"), client_id=client_id)
    services.undo_last(tarot4)
    services.record_deal(tarot4, plain_deal(taker="S"), client_id=uuid.uuid4())
    seating.change_seats(tarot4, ["N", "S", "E", "W", "O"])

    with pytest.raises(services.DealReplaced):
        services.record_deal(tarot4, plain_deal(taker="N", partner="N"), client_id=client_id)
    assert tarot4.deals.count() == 0


def test_a_client_id_already_used_at_another_table_does_not_stop_a_deal_here(tarot4, tarot5):
    client_id = uuid.uuid4()
    services.record_deal(tarot5, plain_deal(taker="N", partner="N"), client_id=client_id)

    here = services.record_deal(tarot4, plain_deal(taker="N"), client_id=client_id)

    assert not getattr(here, "repeated", False) and here.table_id == tarot4.pk and here.number == 1
    assert services.record_deal(tarot4, plain_deal(taker="N"), client_id=client_id).repeated  # its retry here
    assert tarot4.deals.count() == 1


@pytest.mark.parametrize(("language", "words"), [("es", ("Se sienta después de", "Quién se va")),
                                                 ("fr", ("S’assoit après", "Qui part"))])
def test_the_players_page_speaks_the_readers_language(client, tarot4, language, words):
    html = client.get(f"/t/{tarot4.edit_token}/players/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert all(word in html for word in words), [w for w in words if w not in html]
    assert "Sits after" not in html and "Who leaves" not in html


def hidden(html: str, name: str) -> str:
    """The value a page's hidden field ``name`` sends back."""
    found = re.search(rf'<input type="hidden" name="{re.escape(name)}" value="([^"]*)"', html)
    assert found, name
    return unescape(found.group(1))


def option(html: str, select: str, label: str) -> str:
    """The value of the option ``label`` in the page's select ``select``."""
    found = re.search(rf'<select[^>]* name="{re.escape(select)}".*?</select>', html, re.S)
    assert found, select
    values = dict((text, value) for value, text in re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>',
                                                                 found.group(0)))
    return values[label]


@pytest.mark.parametrize(("sent", "after"), [
    ({"action": "leave", "leave-seat": "4", "leave-players": '["N", "S", "E", "W", "O"]', "leave-confirm": "1"},
     ("N", "S", "E", "W")),
    ({"action": "join", "join-name": "Zoe", "join-after": "4", "join-players": '["N", "S", "E", "W", "O"]',
      "join-confirm": "1"}, ("N", "S", "E", "W")),
    ({"action": "join", "join-name": "", "join-after": "4", "join-players": '["N", "S", "E", "W", "O"]'},
     ("N", "S", "E", "W")),
], ids=["leave-sent-twice", "join-after-a-seat-gone", "join-without-a-name"])
def test_a_confirmation_on_players_gone_meanwhile_says_the_players_changed(client, tarot5, sent, after):
    """The page showed five players; O left meanwhile (another phone, or this very tap sent twice): the seat the
    page offered is no longer there, and the answer says so first (whatever else is wrong with the form), not
    Django's "Select a valid choice. 4 is not one of the available choices."."""
    add_deals(tarot5, 1)
    seating.change_seats(tarot5, ["N", "S", "E", "W"])

    html = client.post(players_url(tarot5), sent).content.decode()

    assert "The players changed meanwhile" in html and "valid choice" not in html and "Give the name" not in html
    assert services.table_spec(Table.objects.get(pk=tarot5.pk)).players == after


def test_after_the_players_changed_meanwhile_the_page_shown_makes_the_change(client, tarot5):
    """W left on another phone while this page still showed five: E's leaving is refused once, and the page then
    shows the four players as they are, so leaving from it works (it was refused every time until a reload)."""
    seating.change_seats(tarot5, ["N", "S", "E", "O"])  # meanwhile, on another phone
    stale = {"action": "leave", "leave-seat": "2", "leave-players": '["N", "S", "E", "W", "O"]'}
    refused = client.post(players_url(tarot5), stale).content.decode()
    assert "The players changed meanwhile" in refused

    again = {"action": "leave", "leave-players": hidden(refused, "leave-players"),
             "leave-seat": option(refused, "leave-seat", "E")}
    assert client.post(players_url(tarot5), again).status_code == 302
    assert services.table_spec(Table.objects.get(pk=tarot5.pk)).players == ("N", "S", "O")


def asked_again(response, table: Table, closes_after: str, deals: int) -> str:
    """The confirmation drawn again, as it is now, because a deal was recorded meanwhile: nothing changed."""
    html = response.content.decode()
    assert response.status_code == 200 and "Close this game?" in html and closes_after in html
    assert "A deal was recorded or corrected on another phone meanwhile" in html
    live = Table.objects.get(pk=table.pk)
    assert services.table_spec(live).players == tuple(PLAYERS4) and live.deals.count() == deals
    assert Table.objects.count() == 1
    return html


def test_a_deal_recorded_while_the_change_was_made_is_not_closed_unasked(client, tarot4, monkeypatch):
    """No deal yet, so someone joining just changes the players; but a deal is recorded on another phone between
    that reading and the change: nothing changes, and the page asks, saying what closes now."""
    preview, landed = seating.preview_seats, []

    def a_deal_lands_meanwhile(*args, **kwargs):
        change = preview(*args, **kwargs)
        if not landed:
            landed.append(services.record_deal(Table.objects.get(pk=tarot4.pk), plain_deal(taker="N")))
        return change

    monkeypatch.setattr(seating, "preview_seats", a_deal_lands_meanwhile)
    response = client.post(players_url(tarot4), {"action": "join", "join-name": "O", "join-after": "3"})

    asked_again(response, tarot4, "after 1 deal:", deals=1)


def test_a_confirmation_drawn_before_a_deal_recorded_meanwhile_asks_again_with_that_deal(client, tarot4):
    """The confirmation said the game closes after 3 deals; a fourth is recorded on another phone before the
    tap: nothing changes, the confirmation is drawn again with 4 deals and their standings, and says why."""
    add_deals(tarot4, 3)
    first = client.post(players_url(tarot4), {"action": "join", "join-name": "O", "join-after": "3"}).content.decode()
    assert "after 3 deals:" in first
    confirmed = {"action": "join", "join-name": "O", "join-after": "3", "join-confirm": "1",
                 "join-players": hidden(first, "join-players"), "join-version": hidden(first, "join-version")}
    services.record_deal(Table.objects.get(pk=tarot4.pk), plain_deal(taker="W"))  # on another phone

    again = client.post(players_url(tarot4), confirmed)

    html = asked_again(again, tarot4, "after 4 deals:", deals=4)
    confirmed["join-version"] = hidden(html, "join-version")
    assert client.post(players_url(tarot4), confirmed).status_code == 302
    closed = Table.objects.get(closed=True)
    assert closed.deals.count() == 4


def test_a_table_changing_under_every_try_of_a_change_that_closes_nothing_asks_to_try_again(client, tarot4,
                                                                                           monkeypatch):
    """Before the first deal, the stake changed on another phone under each of three tries: nothing changes, and
    the page says why (no endless retry, no 500)."""
    preview = seating.preview_seats

    def the_stake_changes_meanwhile(table, *args, **kwargs):
        change = preview(table, *args, **kwargs)
        services.set_stake(Table.objects.get(pk=tarot4.pk), change.version, "EUR")
        return change

    monkeypatch.setattr(seating, "preview_seats", the_stake_changes_meanwhile)
    html = client.post(players_url(tarot4), {"action": "join", "join-name": "O", "join-after": "3"}).content.decode()

    assert "The table changed on another phone meanwhile: nothing was changed. Try again." in html
    assert services.table_spec(Table.objects.get(pk=tarot4.pk)).players == tuple(PLAYERS4)


def test_the_confirmation_works_the_standings_out_once(client, tarot4, monkeypatch):
    add_deals(tarot4, 2)
    calls = []
    standings = services.standings
    monkeypatch.setattr(services, "standings", lambda table: calls.append(table) or standings(table))

    html = client.post(players_url(tarot4), {"action": "join", "join-name": "O", "join-after": "3"}).content.decode()

    assert "Close this game?" in html and len(calls) == 1


@pytest.mark.parametrize("odd", [
    {"action": "join", "join-name": "O", "join-after": "3", "join-confirm": "1", "join-version": "abc"},
    {"action": "join", "join-name": "O", "join-after": "3", "join-confirm": "1", "join-version": "9" * 5000},
    {"action": "join", "join-name": "O", "join-after": "3", "join-confirm": "1", "join-version": "-3"},
    {"action": "join", "join-name": "O", "join-after": "3", "join-confirm": "1", "join-version": "²"},
], ids=["words", "huge", "negative", "superscript"])
def test_a_confirmation_with_an_unreadable_version_is_asked_again(client, tarot4, odd):
    add_deals(tarot4, 1)
    response = client.post(players_url(tarot4), odd)
    html = response.content.decode()
    assert response.status_code == 200 and "Close this game?" in html
    assert services.table_spec(Table.objects.get(pk=tarot4.pk)).players == tuple(PLAYERS4)


@pytest.mark.parametrize("odd", [
    {"action": "leave", "leave-seat": "99"},
    {"action": "leave", "leave-seat": "-1"},
    {"action": "leave", "leave-seat": "x", "leave-confirm": "yes"},
    {"action": "leave"},
    {"action": "join", "join-name": "O", "join-after": "99", "join-confirm": "1"},
    {"action": "join", "join-name": "O", "join-after": "3", "join-players": "{not json"},
    {"action": "join", "join-name": "O", "join-after": "3", "join-players": '{"N": 1}'},
    {"action": "join", "join-name": "O", "join-after": "3", "join-players": "[1, null, 2]"},
    {"action": "join", "join-name": "O", "join-after": "3", "join-players": "9" * 5000},
], ids=["seat-far", "seat-negative", "seat-words", "no-seat", "after-far", "players-garbled", "players-object",
        "players-numbers", "players-huge"])
def test_odd_values_posted_to_the_players_page_change_nothing_and_never_fail(client, tarot4, odd):
    add_deals(tarot4, 1)
    response = client.post(players_url(tarot4), odd)
    assert response.status_code == 200
    assert services.table_spec(Table.objects.get(pk=tarot4.pk)).players == tuple(PLAYERS4)


# -- the table page after a change of players: the game just closed is said and linked -----------------------

def game_before_line(html: str) -> str | None:
    """The line the table page says the game closed when the players changed in, as text, with its link."""
    found = re.search(r'<a class="tap-link small" id="game-before" href="([^"]+)">([^<]*)</a>', html)
    return f"{unescape(found.group(2))} [{found.group(1)}]" if found else None


def test_after_someone_leaves_the_table_page_links_the_game_just_closed_for_every_phone(client, tarot5):
    """Five deals, then O leaves: the new game starts at 0 with no deals, and a watcher who saw the five deals
    vanish took them for lost (a tester). The table page says which game closed and after how many deals, and
    links it — on the edit link, the view link and the region a watcher's phone polls (no reload)."""
    add_deals(tarot5, 5)
    seen = Table.objects.get(pk=tarot5.pk).version
    closed = seating.change_seats(tarot5, ["N", "S", "E", "W"])
    assert closed is not None

    said = f"Game 1 closed when the players changed (5 deals) → [/t/{closed.view_token}/]"
    assert game_before_line(client.get(f"/t/{tarot5.edit_token}/").content.decode()) == \
        f"Game 1 closed when the players changed (5 deals) → [/t/{closed.edit_token}/]"  # for who may edit
    assert game_before_line(client.get(f"/t/{tarot5.view_token}/").content.decode()) == said
    polled = client.get(f"/t/{tarot5.view_token}/live/", {"v": seen}).content.decode()
    assert game_before_line(polled) == said


def test_an_editor_going_back_to_the_closed_game_and_on_again_keeps_editing(client, tarot5):
    """A tester came with the edit link, opened the game just closed, tapped "The game after it" and landed on the
    view-only page of the game under way. Who comes with an edit link goes through the closed game's own edit
    link (read-only, as a closed game is) and back to the edit link; a watcher only ever to view links."""
    add_deals(tarot5, 1)
    closed = seating.change_seats(tarot5, ["N", "S", "E", "W"])
    closed_page = client.get(f"/t/{closed.edit_token}/").content.decode()
    assert 'id="record"' not in closed_page  # a closed game changes no more
    assert re.search(rf'id="closed">.*<a href="/t/{tarot5.edit_token}/">The game after it</a>', closed_page)
    watched = client.get(f"/t/{closed.view_token}/").content.decode()
    assert re.search(rf'<a href="/t/{tarot5.view_token}/">The game after it</a>', watched)
    assert tarot5.edit_token not in watched and closed.edit_token not in watched


def test_the_game_closed_is_still_linked_after_the_new_games_first_deals_and_numbered_in_the_night(client, tarot4):
    add_deals(tarot4, 1)
    seating.change_seats(tarot4, ["N", "S", "E", "W", "O"])
    add_deals(tarot4, 2)
    assert "Game 1 closed when the players changed (1 deal) →" in game_before_line(
        client.get(f"/t/{tarot4.view_token}/").content.decode())
    second = seating.change_seats(tarot4, ["N", "S", "E", "W"])
    assert second is not None
    assert game_before_line(client.get(f"/t/{tarot4.view_token}/").content.decode()) == \
        f"Game 2 closed when the players changed (2 deals) → [/t/{second.view_token}/]"


def test_a_table_with_no_game_before_it_says_nothing_of_one(client, tarot4):
    """Nor a game closed itself, nor a change before the first deal (nothing closed)."""
    add_deals(tarot4, 1)
    assert 'id="game-before"' not in client.get(f"/t/{tarot4.edit_token}/").content.decode()
    closed = seating.change_seats(tarot4, ["N", "S", "E", "W", "O"])
    assert closed is not None
    assert 'id="game-before"' not in client.get(f"/t/{closed.view_token}/").content.decode()
    fresh = services.create_table(game="tarot", players=PLAYERS4)
    assert seating.change_seats(fresh, ["N", "S", "E"]) is None
    assert 'id="game-before"' not in client.get(f"/t/{fresh.edit_token}/").content.decode()


def test_someone_joining_before_the_new_games_first_deal_keeps_the_link_to_the_game_closed(client, tarot5):
    add_deals(tarot5, 5)
    closed = seating.change_seats(tarot5, ["N", "S", "E", "W"])
    assert seating.change_seats(tarot5, ["N", "S", "E", "W", "G"]) is None  # no deal yet: the same game
    assert closed is not None
    assert game_before_line(client.get(f"/t/{tarot5.view_token}/").content.decode()) == \
        f"Game 1 closed when the players changed (5 deals) → [/t/{closed.view_token}/]"


def test_a_change_of_players_made_before_the_games_were_numbered_is_numbered_by_walking_back(client, tarot4):
    add_deals(tarot4, 1)
    seating.change_seats(tarot4, ["N", "S", "E", "W", "O"])
    add_deals(tarot4, 1)
    seating.change_seats(tarot4, ["N", "S", "E", "W"])
    for change in TableChange.objects.filter(kind=TableChange.Kind.SEATS):
        change.details.pop("game", None)  # as stored before
        change.save()
    assert "Game 2 closed when the players changed (1 deal)" in game_before_line(
        client.get(f"/t/{tarot4.view_token}/").content.decode())


def test_the_line_costs_one_query_however_many_games_came_before(client, tarot4):
    """The table page's queries do not grow with the night (tests/bench): one game before or three, the same."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries() -> int:
        cache.clear()  # a full render, not the page as cached
        with CaptureQueriesContext(connection) as captured:
            assert client.get(f"/t/{tarot4.view_token}/").status_code == 200
        return len(captured)

    add_deals(tarot4, 1)
    seating.change_seats(tarot4, ["N", "S", "E", "W", "O"])
    add_deals(tarot4, 1)
    after_one = queries()
    seating.change_seats(tarot4, ["N", "S", "E", "W"])
    add_deals(tarot4, 1)
    seating.change_seats(tarot4, ["N", "S", "E", "W", "O"])
    add_deals(tarot4, 1)
    seating.change_seats(tarot4, ["N", "S", "E", "W"])
    add_deals(tarot4, 1)
    assert "Game 4 closed" in game_before_line(client.get(f"/t/{tarot4.view_token}/").content.decode())
    assert queries() == after_one


# -- the history says what a change of players did ---------------------------------------------------------------

def test_a_join_before_the_first_deal_reads_as_the_same_game_in_the_history(client, tarot5):
    """After O left (a new game), G sits down before its first deal: no game closes, and the history says so —
    not "a new game" (a tester: it read as a second new game)."""
    add_deals(tarot5, 5)
    seating.change_seats(tarot5, ["N", "S", "E", "W"])
    seating.change_seats(tarot5, ["N", "S", "E", "W", "G"])
    html = unescape(client.get(f"/t/{tarot5.edit_token}/history/").content.decode())
    changes = [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", item)).strip() for item in re.findall(
        r'<li class="list-group-item table-change">(.*?)<div class="small', html, re.S)]
    assert changes == [
        "G joined — no deal yet, so the same game, now with N, S, E, W, G",
        "O left (after deal 5) — a new game with N, S, E, W — the game before, with its scores and settle-up"]
    french = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", unescape(client.get(
        f"/t/{tarot5.edit_token}/history/", headers={"Accept-Language": "fr"}).content.decode())))
    assert "Arrivée de G —" in french and "Départ de O (après la donne 5) —" in french  # no colon, no gender


def history_lines(client, token: str) -> list[str]:  # noqa: ANN001
    html = unescape(client.get(f"/t/{token}/history/").content.decode())
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", item)).strip() for item in re.findall(
        r'<li class="list-group-item table-change">(.*?)<div class="small', html, re.S)]


def test_the_nights_lines_of_the_games_before_show_in_the_history_of_the_game_played_now(client, tarot4):
    """Burro was added to tonight's settle-up during game 1; O joined (game 1 closed with its changes); Burro was
    taken out during game 2. The table's history, where the players look, says both (they stayed with game 1,
    and "taken out" read as if it had never been added); each line is written once, in the game it was logged
    in, and game 1's own history still says what happened during it."""
    from scoring import night

    burro = services.create_table(game="burro", players=["N", "S", "Zoe"])
    add_deals(tarot4, 1)
    assert night.add_to_night(tarot4, burro)
    first = seating.change_seats(tarot4, PLAYERS5)
    assert first is not None
    add_deals(tarot4, 1)
    assert night.take_out_of_night([tarot4])

    now = history_lines(client, tarot4.view_token)

    assert now == ["Taken out of tonight's settle-up: Burro (N, S, Zoe)",
                   "O joined (after deal 1) — a new game with N, S, E, W, O — the game before, with its scores and "
                   "settle-up",
                   "Added to tonight's settle-up: Burro (N, S, Zoe)"]
    assert history_lines(client, first.view_token) == [
        "O joined (after deal 1) — this game ends here; the table goes on with N, S, E, W, O — the game after",
        "Added to tonight's settle-up: Burro (N, S, Zoe)"]
    assert TableChange.objects.filter(kind="night", table__in=[tarot4, first]).count() == 2  # written once each


def test_a_rematchs_history_shows_the_nights_lines_of_the_game_it_rematched(client, tarot4):
    """As after a change of players: Burro was added to tonight's settle-up during game 1, then came its rematch,
    and Burro was taken out from the rematch's settle-up (the link taken out was game 1's, so both lines were
    logged in game 1). The rematch's history, where the players look now, says both, and so does a rematch of
    the rematch; each line is written once, in the game it was logged in."""
    from scoring import night

    burro = services.create_table(game="burro", players=["N", "S", "Zoe"])
    add_deals(tarot4, 1)
    assert night.add_to_night(tarot4, burro)
    rematch = services.rematch(tarot4)
    assert night.take_out_of_night([burro])
    both = ["Taken out of tonight's settle-up: Burro (N, S, Zoe)", "Added to tonight's settle-up: Burro (N, S, Zoe)"]

    assert history_lines(client, rematch.view_token) == both
    assert history_lines(client, services.rematch(rematch).view_token) == both
    assert TableChange.objects.filter(kind="night", table__in=[tarot4]).count() == 2  # written once each
    assert not TableChange.objects.filter(kind="night", table__rematch_of__isnull=False).exists()


def test_the_history_does_not_say_nothing_changed_under_the_changes_it_lists(client, tarot4):
    """No deal yet in the new game, so no deal's change to log: its "Nothing has changed yet." sat right under
    the table's two changes listed (a tester)."""
    add_deals(tarot4, 1)
    seating.change_seats(tarot4, ["N", "S", "E", "W", "O"])
    html = client.get(f"/t/{tarot4.edit_token}/history/").content.decode()
    assert 'id="table-changes"' in html and "Nothing has changed yet." not in html
    fresh = services.create_table(game="tarot", players=PLAYERS4)
    assert "Nothing has changed yet." in client.get(f"/t/{fresh.edit_token}/history/").content.decode()


def test_the_confirmation_does_not_colour_a_count_toward_the_end_as_a_gain(client, db):
    """Casita's totals are deals won, counting toward the match for every player: none is a gain or a loss, so
    the standings before a change of players colour none of them (as the table page and the sheet do not)."""
    table = services.create_table(game="casita", players=["Ana", "Bea", "Cid"])
    for record in services.get_game("casita").example_records(services.table_spec(table))[:1]:
        services.record_deal(table, record)
    html = client.post(players_url(table), {"action": "leave", "leave-seat": "2"}).content.decode()
    assert "Close this game?" in html
    standings = re.search(r'<table class="table standings mb-3" id="confirm-standings">.*?</table>', html, re.S)
    assert re.findall(r'<td class="score ([^"]*)">', standings.group(0)) == ["", "", ""]
