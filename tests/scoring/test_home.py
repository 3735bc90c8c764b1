"""Home (start a table, recent tables) and starting a table: game, players in order, options, stake."""

import re
import uuid
from datetime import timedelta
from html import unescape
from io import StringIO

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from referee.game import all_games, get_game
from scoring import demos, services, transfer
from scoring.models import Player, Table


def field_error(html: str, field: str) -> str:
    """The message shown beside ``field`` (its wrapper has id="field-<name>"), or ""."""
    match = re.search(rf'id="field-{field}".*?(?=id="field-|</form>)', html, re.S)
    assert match, f"no field {field}"
    errors = re.findall(r'class="invalid-feedback d-block field-error"[^>]*>([^<]*)<', match.group(0))
    return " ".join(errors)


def start(client, game="tarot", **data):
    post = {"player_0": "Ana", "player_1": "Bea", "player_2": "Cy", "player_3": "Dan",
            "first_dealer": "0", "stake": "0", "currency": "EUR", **data}
    return client.post(f"/new/{game}/", {k: v for k, v in post.items() if v is not None})


# -- home ---------------------------------------------------------------------------------------------------

def test_home_lists_every_game_with_its_player_counts(client, db):
    html = client.get("/").content.decode()
    assert "Start a table" in html
    assert 'href="/new/tarot/"' in html and "French Tarot" in html and "3, 4, 5 players" in html
    assert 'id="no-recent"' in html


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_each_language_button_names_its_language_in_its_own_words(client, db, language):
    """Not in the page's words: a Pablo table's "English" variant is "Inglesa" in Spanish, a language is not."""
    html = client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    buttons = re.findall(r'name="language" value="(\w+)" title="([^"]+)"', html)
    assert buttons == [("en", "English"), ("es", "Español"), ("fr", "Français")]


def test_home_lists_the_tables_opened_on_this_device_newest_first(client, tarot4, tarot5):
    client.get(f"/t/{tarot5.view_token}/")
    client.get(f"/t/{tarot4.edit_token}/")

    html = client.get("/").content.decode()
    first, second = html.index(f"/t/{tarot4.edit_token}/"), html.index(f"/t/{tarot5.view_token}/")
    assert first < second
    assert "Friday" in html and "N, S, E, W" in html and "view only" in html
    spanish = client.get("/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Tarot francés ·&nbsp;N, S, E, W" in spanish and "Friday" in spanish  # the game's name in Spanish


def test_each_recent_table_says_when_it_was_last_played_and_how_many_deals_it_holds(client, tarot4):
    """A tester: "Friday at Ana's — 10 minutes ago" above tables of 4 minutes ago, though its last deal was 2
    minutes ago (a deal did not count as the table's last activity); a game and its rematch, of the same name,
    could not be told apart: each now says its deals."""
    client.get(f"/t/{tarot4.edit_token}/")
    Table.objects.filter(pk=tarot4.pk).update(updated=timezone.now() - timedelta(minutes=10))
    html = client.get("/").content.decode()
    assert "10\xa0minutes ago" in html and " deal" not in html
    services.record_deal(tarot4, {"taker": "N", "contract": "garde", "bouts": 2, "points": 49})
    html = client.get("/").content.decode()
    assert "just now" in html and "N, S, E, W ·&nbsp;<span class=\"text-nowrap\">1 deal" in html


def test_the_home_page_reads_its_tables_seats_once_whatever_their_number(client, db):
    """Each listed table says its variant (Pablo's), from the table's spec: where no spec was cached yet (a worker
    just started, a table saved since), each table's seats were read once more, a query per table listed (found
    by the reviewer). The seats prefetched for the list are the spec's."""
    def cold_home() -> int:
        cache.clear()
        services._SPECS.clear()
        with CaptureQueriesContext(connection) as queries:
            assert client.get("/").status_code == 200
        return len(queries)

    def opened(variant: str) -> None:
        table = services.create_table(game="pablo", players=["A", "B", "C"], options={"variant": variant})
        client.get(f"/t/{table.view_token}/")

    opened("french")
    opened("english")
    two = cold_home()
    for _ in range(3):
        opened("french")
    html = client.get("/").content.decode()
    assert html.count("French variant") == 4 and html.count("English variant") == 1
    assert cold_home() == two


def test_a_table_played_under_a_minute_ago_was_played_just_now_not_0_minutes_ago(client, tarot4):
    """Testers read "hace 0 minutos" under a table they had just played: under a minute is "just now"; a minute
    on, the minutes are counted as before."""
    client.get(f"/t/{tarot4.edit_token}/")
    Table.objects.filter(pk=tarot4.pk).update(updated=timezone.now() - timedelta(seconds=50))
    html = client.get("/").content.decode()
    assert "just now" in html and "0\xa0minutes" not in html and " ago" not in html
    Table.objects.filter(pk=tarot4.pk).update(updated=timezone.now() - timedelta(seconds=70))
    html = client.get("/").content.decode()
    assert "1\xa0minute ago" in html and "just now" not in html


def test_another_device_does_not_see_my_tables(client, tarot4, django_user_model):
    client.get(f"/t/{tarot4.edit_token}/")
    from django.test import Client
    assert tarot4.edit_token not in Client().get("/").content.decode()


# -- starting a table --------------------------------------------------------------------------------------

def test_the_demo_tables_make_run_loaded_are_offered_to_every_phone_with_their_edit_link(client, db):
    """A new user scanned `make run`'s QR code: the home page said nothing of the demo tables it had loaded (their
    links were only in the terminal). A demo table opened on this phone is listed once, among its recent ones;
    a table merely named like a demo is not one, nor a demo game closed when its players changed."""
    call_command("load_demo", base_url="http://127.0.0.1", stdout=StringIO())
    lookalike = services.create_table(game="tarot", players=["A", "B", "C"], name="Demo — mine")
    services.record_deal(lookalike, {"taker": "A", "contract": "prise", "bouts": 1, "points": 51})
    loaded = Table.objects.filter(name__startswith="Demo — ").exclude(pk=lookalike.pk)
    html = client.get("/").content.decode()
    listed = html[html.index('id="demos"'):]
    assert {t.edit_token for t in loaded} == set(re.findall(r'class="[^"]*demo-table" href="/t/([\w-]+)/"', listed))
    assert lookalike.edit_token not in html and lookalike.view_token not in html
    assert "English variant ·&nbsp;Alice" in listed and "French variant ·&nbsp;Amélie" in listed  # two Pablos apart
    games = [str(get_game(t.game).name) for t in loaded]  # each by its game's name (a name in English)
    shipped = sum(len(demos.shipped(game)) for game in all_games())
    assert loaded.count() == shipped and all(f"<strong>{name}</strong>" in unescape(listed) for name in games)
    opened = loaded.first()
    client.get(f"/t/{opened.view_token}/")
    html = client.get("/").content.decode()
    assert html.count(f"/t/{opened.view_token}/") == 1 and f"/t/{opened.edit_token}/" not in html
    assert len(re.findall(r"demo-table", html)) == loaded.count() - 1
    Table.objects.filter(pk__in=[t.pk for t in loaded]).update(closed=True)
    assert 'id="demos"' not in client.get("/").content.decode()


def test_a_demo_tables_copy_imported_from_its_file_is_not_offered_to_every_phone(client, db):
    """A table file keeps who recorded each deal, load_demo included: a copy of a demo table imported from its
    file (someone trying the import), or any file saying load_demo, was listed on every phone's home page with its
    edit link (found by the reviewer). Only the demo table load_demo made is offered."""
    call_command("load_demo", base_url="http://127.0.0.1", stdout=StringIO())
    demo = Table.objects.get(name="Demo — Paublillo")
    copy = transfer.import_table(transfer.export_json(demo))
    forged = transfer.import_table(transfer.export_json(demo).replace("Demo — Paublillo".encode(), b"Free chips"))
    assert (copy.name, forged.name) == ("Demo — Paublillo", "Free chips")
    assert set(copy.deals.values_list("revisions__author", flat=True)) == {demos.AUTHOR}  # as the file said
    html = client.get("/").content.decode()
    assert f"/t/{demo.edit_token}/" in html
    assert copy.edit_token not in html and forged.edit_token not in html
    again = StringIO()
    call_command("load_demo", base_url="http://127.0.0.1", stdout=again)  # run again: the demo's links, not the copy's
    assert demo.edit_token in again.getvalue() and copy.edit_token not in again.getvalue()


def test_new_without_a_game_offers_the_games_and_goes_on_to_the_chosen_one(client, db):
    html = client.get("/new/").content.decode()
    assert 'name="game"' in html and 'value="tarot"' in html
    response = client.get("/new/", {"game": "tarot"})
    assert response.status_code == 302 and response["Location"] == "/new/tarot/"


def test_unknown_game_is_404(client, db):
    assert client.get("/new/chess/").status_code == 404
    assert client.get("/new/", {"game": "chess"}).status_code == 404


def test_the_form_has_a_seat_per_player_the_options_and_the_stake(client, db):
    html = client.get("/new/tarot/").content.decode()
    assert all(f'name="player_{i}"' in html for i in range(5)) and 'name="player_5"' not in html
    assert 'name="opt_misere"' in html and 'role="switch"' in html and "house rule" in html
    assert 'name="opt_rounds"' in html and 'inputmode="numeric"' in html
    assert 'name="first_dealer"' in html and 'name="stake"' in html and 'value="EUR"' in html


def test_a_valid_table_starts_remembers_the_device_and_opens_on_the_edit_link(client, db):
    response = start(client, first_dealer="2", name="Friday", stake="0,10", currency="COP",
                     opt_misere="on", opt_rounds="12")

    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/t/{table.edit_token}/"
    assert [s.player.name for s in table.seats.order_by("position")] == ["Ana", "Bea", "Cy", "Dan"]
    assert (table.name, table.first_dealer, table.stake_minor, table.currency) == ("Friday", 2, 10, "COP")
    assert table.options == {"misere": True, "rounds": 12}
    assert table.edit_token in client.get("/").content.decode()  # among this phone's recent tables
    assert services.standings(table).dealer == "Cy"


def test_empty_seats_at_the_end_mean_fewer_players_and_another_currency_can_be_typed(client, db):
    start(client, player_3="", currency_other="mxn")
    table = Table.objects.get()
    assert table.seats.count() == 3 and table.currency == "MXN"


def test_the_first_dealer_is_the_player_in_the_seat_chosen_even_after_an_empty_seat(client, db):
    """Seats 1, 2 and 4 named, seat 3 left empty: the table is Ana, Bea, Dan, and seat 4 chosen to deal first is
    Dan (it was the table's fourth seat, which Dan is not: the first dealer slipped, or was refused)."""
    start(client, player_2="", first_dealer="3")
    table = Table.objects.get()
    assert [s.player.name for s in table.seats.order_by("position")] == ["Ana", "Bea", "Dan"]
    assert table.first_dealer == 2


def test_a_team_game_offers_a_letter_for_each_of_its_teams(client, db):
    """Paublillo is played in two teams: A or B beside each seat, not A to D (a tester)."""
    html = client.get("/new/paublillo/").content.decode()
    select = re.search(r'<select name="team_0".*?</select>', html, re.S).group(0)
    assert re.findall(r'<option value="([^"]*)"', select) == ["", "A", "B"]


def test_names_used_on_this_device_are_offered(client, db):
    start(client)
    html = client.get("/new/tarot/").content.decode()
    assert '<datalist id="known-names">' in html
    assert 'data-chip="Ana"' in html and 'data-chip="Dan"' in html
    assert Player.objects.count() == 4
    start(client)  # the same names again: the same players
    assert Player.objects.count() == 4


@pytest.mark.parametrize(("data", "field", "message"), [
    ({"player_1": "", "player_2": "", "player_3": ""}, "players", "played by 3, 4 or 5 players, not 1"),
    ({"player_1": "ana"}, "players", "Two players have the same name"),
    ({"first_dealer": "4"}, "first_dealer", "Seat 5 has no player: choose who deals first among the names."),
    ({"opt_rounds": "-1"}, "opt_rounds", "Must be between 0 and 100"),
    ({"opt_rounds": "many"}, "opt_rounds", "Enter a whole number"),
    ({"stake": "abc"}, "stake", "Enter an amount, like 0.10 or 2."),
    ({"stake": "0.125"}, "stake", "At most two decimals"),
    ({"stake": "-1"}, "stake", "cannot be negative"),
    ({"player_0": "A" * 41}, "player_0", "at most 40 characters"),
])
def test_each_mistake_is_shown_beside_its_field_and_nothing_is_created(client, db, data, field, message):
    response = start(client, **data)

    assert response.status_code == 200
    html = response.content.decode()
    assert message in field_error(html, field), field_error(html, field)
    assert not Table.objects.exists()
    assert 'value="Ana"' in html or data.get("player_0")  # what was typed is still there


@pytest.mark.parametrize(("typed", "named"), [("ana", "Ana and ana"), ("Ana", "Ana")])
def test_two_players_with_the_same_name_are_named_capitals_or_not(client, db, typed, named):
    """"Ana" and "ana" are one name to the table (capitals do not count): the message said only "Two players
    have the same name.", and a newcomer who saw two different names did not know which two (found by a tester)."""
    html = start(client, player_2=typed).content.decode()

    assert field_error(html, "players") == f"Two players have the same name: {named}."
    assert not Table.objects.exists()


def test_a_stake_of_a_thousand_written_the_spanish_way_is_a_thousand(client, db):
    """ "1.000" COP is a thousand pesos a point (money has at most two decimals: the point groups thousands)."""
    start(client, stake="1.000", currency="COP")
    assert Table.objects.get().stake_minor == 1000 * 100


def test_a_bad_stake_and_too_few_players_are_both_said_in_one_save(client, db):
    """The stake cannot be read and only one seat is filled: both messages at once, each beside its field."""
    response = start(client, player_1="", player_2="", player_3="", stake="abc")
    html = response.content.decode()
    assert "Enter an amount" in field_error(html, "stake")
    assert "played by 3, 4 or 5 players, not 1" in field_error(html, "players")
    assert not Table.objects.exists()


def test_an_empty_post_shows_the_form_again(client, db):
    response = client.post("/new/tarot/", {})
    assert response.status_code == 200 and not Table.objects.exists()


def test_a_name_too_long_is_not_also_said_to_make_the_count_wrong(client, db):
    """Four names typed, one of them too long: the table has four players, whatever the length says."""
    response = start(client, game="paublillo", player_3="D" * 41)
    html = response.content.decode()
    assert "at most 40 characters" in field_error(html, "player_3")
    assert "not 3" not in html


def test_a_wrong_player_count_is_said_in_the_readers_words(client, db):
    """The game's name and the counts as a sentence says them: "Le Tarot se joue à 3, 4 ou 5 joueurs" (a tester
    saw "Le French Tarot … 3, 4, 5"), and Spanish says "u" before an o sound: "2, 4, 6 u 8"."""
    client.cookies["django_language"] = "fr"
    html = start(client, player_1="", player_2="").content.decode()
    assert "Le Tarot se joue à 3, 4 ou 5 joueurs, pas 2." in field_error(html, "players")
    client.cookies["django_language"] = "es"
    html = start(client, "paublillo", player_3="").content.decode()
    assert "2, 4, 6 u 8" in field_error(html, "players")


@pytest.mark.parametrize(("language", "label"), [("en", "Team of player 2"), ("es", "Equipo del jugador 2"),
                                                 ("fr", "Équipe du joueur 2")])
def test_each_team_select_is_named_by_its_seat_and_the_name_typed_beside_it(client, db, language, label):
    """A screen reader reads "Team of player 2 Bea", in the reader's language, not a bare "combobox" (found by a
    tester): the select is labelled by a hidden label and by the name box, whose value it follows as it is typed."""
    html = client.get("/new/paublillo/", headers={"Accept-Language": language}).content.decode()
    assert f'<span id="id_team_1_label" hidden>{label}</span>' in html
    assert re.search(r'<select name="team_1" [^>]*aria-labelledby="id_team_1_label id_player_1"', html)
    assert 'id="id_player_1"' in html


def test_the_game_choice_and_the_hints_beside_the_fields_are_read_with_them(client, db):
    """The games' radio group is named by its question; each hint a field points at is in the page."""
    assert re.search(r'<legend [^>]*id="game-label">Game</legend>\s*<div class="seg" role="radiogroup" '
                     r'aria-labelledby="game-label">', client.get("/new/").content.decode())
    html = client.get("/new/tarot/").content.decode()
    described = set(re.findall(r'aria-describedby="([^"]+)"', html))
    assert "id_stake_helptext" in described
    assert all(f'id="{i}"' in html for ids in described for i in ids.split())


# -- one tap, one table: the form's client id -----------------------------------------------------------------

def client_id_in(html: str) -> str:
    """The client id the new table form carries (its hidden input), as drawn."""
    match = re.search(r'<input type="hidden" name="client_id" value="([^"]*)"', html)
    assert match, "no client id in the form"
    return match.group(1)


def test_each_new_table_form_carries_a_client_id_of_its_own_and_no_cache_keeps_it(client, db):
    """Two visitors given the same form (from a cache) would start one table between them."""
    first, second = client.get("/new/tarot/"), client.get("/new/tarot/")

    ids = [client_id_in(page.content.decode()) for page in (first, second)]
    assert all(uuid.UUID(id_) for id_ in ids) and ids[0] != ids[1]
    assert {"private", "no-store"} <= {part.strip() for part in first["Cache-Control"].split(",")}
    # nor a browser going back (Firefox refills hidden fields): the names changed and sent again start anew
    assert re.search(r'<input type="hidden" name="client_id" [^>]*autocomplete="off"', first.content.decode())


def test_the_client_id_is_kept_when_the_form_comes_back_with_a_message(client, db):
    sent = str(uuid.uuid4())

    html = start(client, stake="-1", client_id=sent).content.decode()

    assert "cannot be negative" in field_error(html, "stake") and client_id_in(html) == sent


def test_start_sent_twice_with_the_same_client_id_starts_one_table_and_both_go_to_it(client, db):
    """A double tap on "Start the table", a retry after a slow answer, the same form sent again."""
    sent = str(uuid.uuid4())

    first, second = start(client, client_id=sent), start(client, client_id=sent)

    table = Table.objects.get()
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"] == f"/t/{table.edit_token}/"
    assert str(table.client_id) == sent


def test_the_same_players_sent_from_another_form_start_another_table(client, db):
    """Another form drawn (another client id) is another start, whatever it holds."""
    first, second = start(client, client_id=str(uuid.uuid4())), start(client, client_id=str(uuid.uuid4()))

    assert Table.objects.count() == 2 and first["Location"] != second["Location"]


@pytest.mark.parametrize("sent", ["", "not-an-id", None])
def test_a_form_without_a_readable_client_id_still_starts_its_table(client, db, sent):
    """A page drawn before forms carried one, or a tampered one: no id, never a message nobody can see."""
    assert start(client, client_id=sent).status_code == 302
    assert Table.objects.get().client_id is None
