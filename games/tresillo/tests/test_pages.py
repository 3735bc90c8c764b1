"""The Tresillo and L'Ombre pages: the table page (who deals and sits out, the situation and the amount in play
or the stakes, the Reserved Puesta sheet, the ledger's check), recording through the phone form (the third
player's tricks worked out), impossible records refused beside the field with nothing lost, settling up with
and without the open reserved puestas, and the score API.

Three players in the order of play: Ana, Bea, Carl; Ana deals first, Bea speaks first.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from games.tresillo.presenter import collect_notes
from referee.ledger import Ledger
from referee.text import _
from scoring import services
from scoring.models import Table

PLAYERS = ["Ana", "Bea", "Carl"]


def text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = html.replace("&nbsp;", " ")  # a no-break space reads as a space
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'").strip()


def post(client, table: Table, **data: Any):
    body = {"deal_number": str(services.next_number(table)), **data}
    return client.post(f"/t/{table.edit_token}/deal/", body)


def tricks(**counts: Any) -> dict[str, Any]:
    """The three steppers as the form posts them, in the order of play from the eldest."""
    data: dict[str, Any] = {}
    for i, (name, n) in enumerate(counts.items()):
        data[f"tricks__{i}__player"] = name
        data[f"tricks__{i}__tricks"] = n
    return data


@pytest.fixture
def night(db) -> Table:
    return services.create_table(game="tresillo", players=PLAYERS, stake_minor=10, currency="EUR")


def page(client, table: Table) -> str:
    return client.get(f"/t/{table.edit_token}/").content.decode()


def test_the_table_page_shows_the_dealer_the_situation_and_the_amount_in_play(client, night):
    html = page(client, night)
    words = text(html)
    assert "Ana deals · Bea speaks first" in words
    # The eldest speaks first; the Hombre, not yet known, leads the first trick (seed 003): not "Leads: Bea".
    assert "Leads:" not in words
    assert re.search(r'Bea\s*<span class="next">speaks first</span>', html) and "leads next" not in words
    assert "First puesta : plato 6 after the top-up + 4 = 10 in play" in words
    assert "Players 0 + plato 0 + middle 0 = 0 ✓" in words
    assert "Plato 0 · middle pool 0 · each player puts a 5 in the middle pool first" in words


def test_a_deal_is_recorded_from_the_phone_form_with_the_third_players_tricks_worked_out(client, night):
    response = post(client, night, hombre="Bea", bid="juego", **tricks(Bea=5, Carl=2, Ana=""))
    assert response.status_code in (200, 302)
    deal = night.deals.get()
    assert deal.record["tricks"][0] == {"player": {"seat": 0, "name": "Ana"}, "tricks": 2}
    words = text(page(client, night))
    assert "Players −10 + plato 0 + middle 10 = 0 ✓" in words


def test_each_deal_in_the_history_checks_what_lay_in_the_pots_before_and_after_it(client, night):
    """A tester: Toruro's history checked each deal's chips ("✓"), Tresillo's and L'Ombre's only said what was
    paid in and taken out. Deal 1: 5 each into the middle pool and the dealer's 1 (16 paid in), a 5 moved from
    the middle to the plato, Bea's sacado takes the plato's 6: 10 left in the middle. Deal 2: 10 before, the
    dealer's 1 in, another 5 from the middle, Carl's sacado takes 6: 5 left. (The history lists the latest
    first.)"""
    assert post(client, night, hombre="Bea", bid="juego", **tricks(Bea=4, Carl=3, Ana="")).status_code == 302
    assert post(client, night, hombre="Carl", bid="juego", **tricks(Carl=5, Ana=2, Bea="")).status_code == 302
    words = text(client.get(f"/t/{night.edit_token}/history/").content.decode())
    checks = re.findall(r"Moved in this deal · ([^✓✗]*[✓✗])", words)
    assert checks == ["The plato and the middle pool: before 10 + paid in 1 = taken out 6 + left 5 ✓",
                      "The plato and the middle pool: paid in 16 = taken out 6 + left 10 ✓"]
    ombre = services.create_table(game="ombre", players=["Ana", "Bea", "Carl"])
    assert post(client, ombre, hombre="Bea", taken_in="3", **tricks(Bea=3, Carl=3, Ana=3)).status_code == 302
    words = text(client.get(f"/t/{ombre.edit_token}/history/").content.decode())
    assert "Moved in this deal · The stakes: paid in 36 = taken out 0 + left 36 ✓" in words


def test_the_reserved_puesta_sheet_is_kept_on_the_page_and_crossed_out_when_collected(client, night):
    post(client, night, hombre="Bea", bid="juego", **tricks(Bea=4, Carl=4, Ana=1))  # repuesto, first puesta
    post(client, night, hombre="Carl", bid="juego", **tricks(Carl=4, Ana=4, Bea=1))  # repuesto in the plato
    words = text(page(client, night))
    assert "Reserved Puesta sheet · 1 open, 21 tantos" in words
    assert "1 Carl 21 deal 2 open a sacado collects it" in words
    assert "Reserved puesta : highest debt 21 + plato 18 = 39 in play" in words
    post(client, night, hombre="Ana", bid="juego", **tricks(Ana=5, Bea=2, Carl=2))  # Ana's sacado collects it
    html = page(client, night)
    assert 'class="crossed" id="puesta-1"' in html and "crossed out, deal 3" in text(html)


def test_impossible_records_are_refused_beside_the_field_and_nothing_is_lost(client, night):
    response = post(client, night, hombre="Bea", bid="juego", primeras="on", **tricks(Bea=4, Carl=3, Ana=3))
    html = response.content.decode()
    assert night.deals.count() == 0
    assert 'id="id_tricks_error"' in html and "These tricks add up to 10: 1 more than 9." in html
    assert 'value="4"' in html and 'id="id_primeras" checked' in html
    response = post(client, night, hombre="Bea", bid="juego", primeras="on", **tricks(Bea=4, Carl=3, Ana=2))
    assert 'id="id_primeras_error"' in response.content.decode()


def test_settling_up_with_or_without_the_open_reserved_puestas(client, night):
    post(client, night, hombre="Bea", bid="juego", **tricks(Bea=4, Carl=4, Ana=1))
    post(client, night, hombre="Carl", bid="juego", **tricks(Carl=4, Ana=4, Bea=1))
    # Nets: Ana −5 −1 = −6, Bea −5 −10 −1 = −16, Carl −5; plato 17 (16 + Bea's 1), middle 10; Carl owes 21.
    state = services.standings(night).state
    assert state.ledger.players == (-6, -16, -5) and dict(state.ledger.pots) == {"plato": 17, "middle": 10}
    settle = f"/t/{night.view_token}/settle/?stake=0.10&currency=EUR&include_open_puestas="
    # Without: the plato and middle, 27, shared 9 each: Ana −6 + 9 = +3, Bea −16 + 9 = −7, Carl −5 + 9 = +4.
    without = text(client.get(settle + "no").content.decode())
    assert "Count the open reserved puestas" in without
    assert "Bea pays Ana 0.30 EUR" in without and "Bea pays Carl 0.40 EUR" in without
    # With: Carl pays his 21 into the plato first; 48 shared 16 each: Ana +10, Bea 0, Carl −5 − 21 + 16 = −10.
    with_debts = text(client.get(settle + "yes").content.decode())
    assert "Carl pays Ana 1.00 EUR" in with_debts and "Bea pays" not in with_debts
    assert "The plato and the middle pool: 27, 9 to each player." in without
    assert "The plato and the middle pool, with the open puestas paid in: 48, 16 to each player." in with_debts


def carl_owes_21(client, table: Table, *, counted: bool) -> None:
    """Deal 1, Ana deals: each puts a 5 in the middle (15); Ana moves a 5 into the plato and adds 1 (plato 6,
    middle 10). Bea's juego ties Carl 4-4 (Ana 1): a repuesto in the first puesta, Bea pays 6 + 4 = 10 into the
    plato (16). Deal 2, Bea deals and adds 1 (plato 17); Carl's juego ties Ana 4-4 (Bea 1): a repuesto in the
    plato, 17 + 4 = 21 written under Carl's name. Nets: Ana −5 − 1 = −6, Bea −5 − 10 − 1 = −16, Carl −5 (−27);
    plato 17 + middle 10 = 27. Then the settle-up's choice saved from the edit link, at 0.10 EUR a tanto."""
    post(client, table, hombre="Bea", bid="juego", **tricks(Bea=4, Carl=4, Ana=1))
    post(client, table, hombre="Carl", bid="juego", **tricks(Carl=4, Ana=4, Bea=1))
    saved = client.post(f"/t/{table.edit_token}/settle/", {"stake": "0.10", "currency": "EUR",
                                                           "include_open_puestas": "yes" if counted else "no"})
    assert saved.status_code == 302


def net_column(html: str) -> dict[str, int]:
    """The ledger's Net column on the table page, row by row: a player's net, a player's payment in, a pot."""
    rows = re.findall(r'<tr data-(player|paid-in|pot)="([^"]+)">.*?<strong>([^<]+)</strong>', html)
    return {f"{kind} {name}": int(amount.replace("−", "-")) for kind, name, amount in rows}


def test_open_puestas_counted_at_the_settle_up_are_each_debtors_row_on_the_table_page_and_sheet(client, night):
    """Counted (saved as yes), Carl pays his open 21 into the plato before it is shared: the plato 17 + 21 = 38,
    the middle 10, 48 on the table, 16 to each. The table page's Net column says it row by row, and adds up to
    zero: −6 − 16 − 5 (the nets) − 21 (Carl's puesta, 2.10 EUR) + 38 (the plato, 3.80 EUR) + 10 (the middle) = 0.
    Each player's settle-up amount is the net, the payment in and the share: Ana −6 + 16 = +10 (1.00 EUR), Bea
    −16 + 16 = 0, Carl −5 − 21 + 16 = −10 (−1.00 EUR); the sheet says the same under its totals."""
    carl_owes_21(client, night, counted=True)
    html = client.get(f"/t/{night.edit_token}/?ledger=1").content.decode()
    column = net_column(html)
    assert column == {"player Ana": -6, "player Bea": -16, "player Carl": -5, "paid-in Carl": -21,
                      "pot Plato": 38, "pot Middle pool": 10}
    assert sum(column.values()) == 0
    words = text(html)
    assert "Carl open reserved puesta, paid into the plato −21 −2.10 EUR" in words
    assert "Plato 17 left on the table + 21 paid in 38 3.80 EUR" in words
    assert "Middle pool left on the table 10 1.00 EUR" in words
    settle = text(client.get(f"/t/{night.view_token}/settle/").content.decode())
    assert "Ana +10 +1.00 EUR" in settle and "Bea 0 0.00 EUR" in settle and "Carl −10 −1.00 EUR" in settle
    assert "Carl pays Ana 1.00 EUR" in settle
    sheet = text(client.get(f"/t/{night.view_token}/sheet/").content.decode())
    assert ("Total −6 −16 −5 If you settle up now, paid in first: Carl −21 = −2.10 EUR (open reserved puesta, "
            "paid into the plato) . On the table: plato 38 = 3.80 EUR (17 left on the table + 21 paid in), middle "
            "pool 10 = 1.00 EUR. The plato and the middle pool, with the open puestas paid in: 48, 16 to each "
            "player.") in sheet


def test_open_puestas_left_out_of_the_settle_up_add_no_row_and_the_pots_are_as_they_lie(client, night):
    """Left out (saved as no), the sheet is torn up: no row for Carl's 21. The Net column: −6 − 16 − 5 + 17 (the
    plato, 1.70 EUR) + 10 (the middle) = 0; 27 on the table, 9 to each: Ana −6 + 9 = +3 (0.30 EUR), Bea −16 + 9 =
    −7 (−0.70 EUR), Carl −5 + 9 = +4 (0.40 EUR), as the settle-up pays them."""
    carl_owes_21(client, night, counted=False)
    html = client.get(f"/t/{night.edit_token}/?ledger=1").content.decode()
    column = net_column(html)
    assert column == {"player Ana": -6, "player Bea": -16, "player Carl": -5, "pot Plato": 17,
                      "pot Middle pool": 10}
    assert sum(column.values()) == 0
    assert "Plato left on the table 17 1.70 EUR" in text(html) and "paid into the plato" not in text(html)
    settle = text(client.get(f"/t/{night.view_token}/settle/").content.decode())
    assert "Ana +3 +0.30 EUR" in settle and "Bea −7 −0.70 EUR" in settle and "Carl +4 +0.40 EUR" in settle
    sheet = text(client.get(f"/t/{night.view_token}/sheet/").content.decode())
    assert ("Total −6 −16 −5 Left on the table: plato 17 = 1.70 EUR, middle pool 10 = 1.00 EUR. If you settle up "
            "now: The plato and the middle pool: 27, 9 to each player.") in sheet and "paid in first" not in sheet


def test_an_open_puesta_counted_on_an_empty_table_is_still_said(client, db):
    """A night carried over from paper with nothing in the plato or the middle and Carl owing 6: nothing lies on
    the table, but counted, Carl's 6 is paid into the plato and shared, 2 each (Ana +2, Bea +2, Carl −6 + 2 = −4).
    The column: 0 + 0 + 0 − 6 + 6 = 0."""
    table = services.create_table(game="tresillo", players=PLAYERS, stake_minor=10, currency="EUR")
    services.carry_over(table, {"total_0": "0", "total_1": "0", "total_2": "0", "plato": "0", "middle": "0",
                                "sheet": "Carl 6"})
    services.set_stake(table, 10, "EUR", {"include_open_puestas": True})
    column = net_column(client.get(f"/t/{table.edit_token}/?ledger=1").content.decode())
    assert column == {"player Ana": 0, "player Bea": 0, "player Carl": 0, "paid-in Carl": -6, "pot Plato": 6}
    settle = text(client.get(f"/t/{table.view_token}/settle/").content.decode())
    assert "Ana +2 +0.20 EUR" in settle and "Carl −4 −0.40 EUR" in settle


@pytest.mark.django_db
def test_the_score_api_answers_each_deals_nets_plato_middle_sheet_situation_and_outcome(api):
    deals = [{"hombre": "Bea", "bid": "juego", "tricks": {"Bea": 4, "Carl": 4, "Ana": 1}},
             {"hombre": "Carl", "bid": "juego", "tricks": {"Carl": 3, "Ana": 5, "Bea": 1}}]
    answer = api.post("/api/games/tresillo/score", {"players": PLAYERS, "deals": deals}).json()
    second = answer["deals"][1]
    assert second["scores"] == {"Ana": 21, "Bea": -1, "Carl": -21}  # Bea deals: her 1 tops up the plato
    assert second["extra"]["situation"] == "plato" and second["extra"]["result"] == "codillo"
    assert second["extra"]["plato"] == 17 and second["extra"]["middle"] == 10
    assert second["extra"]["sheet"] == [{"id": 1, "player": "Carl", "amount": 21, "deal": 2, "crossed": None}]
    assert answer["state"]["plato"] == 17 and answer["state"]["situation"] == "reserved"


@pytest.mark.django_db
def test_the_api_publishes_both_games_record_schemas(api):
    games = {g["slug"]: g for g in api.get("/api/games").json()}
    assert {f["name"] for f in games["tresillo"]["record_schema"]} >= {"hombre", "bid", "tricks", "estuche"}
    assert {f["name"] for f in games["ombre"]["record_schema"]} >= {"hombre", "passed", "taken_in", "matadors"}


@pytest.mark.django_db
def test_the_ombre_table_page_shows_the_stakes_and_the_check(client):
    table = services.create_table(game="ombre", players=["Ana", "Bea", "Carl", "Dani"])
    words = text(page(client, table))
    assert "Ana sits out" in words and "Stakes empty: each player dealt in puts in a greater counter (15)." in words
    response = post(client, table, hombre="Bea", taken_in="3", **tricks(Bea=3, Carl=3, Dani=3))
    assert response.status_code in (200, 302) and table.deals.count() == 1
    words = text(page(client, table))
    assert "Stakes carried over: 36" in words and "Players −36 + stakes 36 = 0 ✓" in words


def test_the_ledgers_check_wraps_between_its_terms_never_between_a_word_and_its_number(client, night):
    """At 390 px the check took two lines, "… + centro 5 =" over "0 ✓": each number now stays with its word."""
    html = page(client, night)
    assert "Players\u00a00 + plato\u00a00 + middle\u00a00 =\u00a00\u00a0<span" in html


def test_editing_a_deal_shows_what_was_recorded_and_replays_the_night(client, night):
    post(client, night, hombre="Bea", bid="vuelta", **tricks(Bea=5, Carl=2, Ana=2))
    html = client.get(f"/t/{night.edit_token}/deal/1/edit/").content.decode()
    assert 'id="id_hombre_0" value="Bea" autocomplete="off" checked' in html
    assert 'id="id_bid_vuelta" value="vuelta" autocomplete="off" checked' in html
    assert 'name="tricks__0__tricks" id="id_tricks__0__tricks" value="5"' in html
    response = client.post(f"/t/{night.edit_token}/deal/1/edit/",
                           {"hombre": "Bea", "bid": "juego", **tricks(Bea=4, Carl=4, Ana=1)})
    assert response.status_code in (200, 302)
    state = services.standings(night).state
    assert dict(state.ledger.pots) == {"plato": 16, "middle": 10}  # now a repuesto: 10 into the plato


# -- the review's findings ----------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_the_cards_taken_in_have_no_default_so_an_untouched_stepper_is_refused_not_scored(client):
    # A stepper left at 0 would score "played without taking in" (a greater counter from each opponent).
    table = services.create_table(game="ombre", players=PLAYERS)
    html = client.get(f"/t/{table.edit_token}/").content.decode()
    assert 'name="taken_in" id="id_taken_in" value=""' in html
    response = post(client, table, hombre="Bea", **tricks(Bea=5, Carl=2, Ana=2))
    assert table.deals.count() == 0
    assert 'id="id_taken_in_error"' in response.content.decode()


@pytest.mark.django_db
def test_who_passed_is_read_with_its_message_on_each_checkbox(client):
    """The tester's deal: Brian (eldest) the Hombre and Carla ticked as passed, a pass after the bid. The message is
    beside the checkboxes; a screen reader on any of them hears it, as on the tricks' number boxes (found by a
    tester: the checkboxes said nothing)."""
    table = services.create_table(game="ombre", players=["Ana", "Brian", "Carla"])
    response = post(client, table, hombre="Brian", passed=["Carla"], taken_in="3",
                    **tricks(Brian=5, Carla=2, Ana=3))
    html = response.content.decode().split('<template id="blank-record">')[0]  # not the outbox's blank form
    assert table.deals.count() == 0
    assert re.search(r'id="id_passed_error">A pass after the bid: Brian bid game', html)
    for name, error in (("passed", "id_passed_error"), (r"tricks__\d__tricks", "id_tricks_error")):
        inputs = re.findall(rf'<input [^>]*name="{name}"[^>]*>', html)
        assert len(inputs) == 3, name
        assert all('aria-invalid="true"' in i and f'aria-describedby="{error}"' in i for i in inputs), name
    # Nothing else was wrong: the Hombre's buttons say no message.
    assert all("aria-invalid" not in i for i in re.findall(r'<input [^>]*name="hombre"[^>]*>', html))


@pytest.mark.django_db
def test_a_count_out_of_range_is_said_with_what_the_rules_say_of_the_rest(client):
    """Cards taken in "12" (at most 9) and Carla ticked as passed after Brian's bid: one save says both, "Must be
    between 0 and 9." beside the cards taken in and "A pass after the bid" beside who passed (found by a tester:
    the first hid the second until it was mended). The same when the count is left out, and when a deal is
    edited."""
    table = services.create_table(game="ombre", players=["Ana", "Brian", "Carla"])
    deal = tricks(Brian=5, Carla=2, Ana=2)

    def said(response) -> str:
        return response.content.decode().split('<template id="blank-record">')[0]  # not the outbox's blank form

    html = said(post(client, table, hombre="Brian", passed=["Carla"], taken_in="12", **deal))
    assert table.deals.count() == 0
    assert 'id="id_taken_in_error">Must be between 0 and 9.' in html
    assert html.count("A pass after the bid: Brian bid game") == 1
    assert re.search(r'id="id_passed_error">A pass after the bid: Brian bid game', html)

    html = said(post(client, table, hombre="Brian", passed=["Carla"], **deal))  # left out
    assert 'id="id_taken_in_error"' in html and 'id="id_passed_error">A pass after the bid' in html

    services.record_deal(table, {"hombre": "Brian", "taken_in": 3, "tricks": {"Brian": 5, "Carla": 2, "Ana": 2}})
    edited = client.post(f"/t/{table.edit_token}/deal/1/edit/", {
        "revision": "1", "hombre": "Brian", "passed": ["Carla"], "taken_in": "12", **deal})
    html = said(edited)
    assert 'id="id_taken_in_error">Must be between 0 and 9.' in html
    assert 'id="id_passed_error">A pass after the bid: Brian bid game' in html


@pytest.mark.django_db
def test_an_optional_count_the_form_cannot_read_is_said_with_what_the_rules_say_of_the_rest(client):
    """The matadors claimed "x" (optional: left empty, none are claimed) and Carla ticked as passed after Brian's
    bid: "Enter a whole number." beside the matadors and the pass beside who passed, in one save. The form
    cannot read "x": it is not left empty, so it is stood in for by each count it may be (found by a helper:
    read as left empty, the rules read the rest and never checked it against the table)."""
    table = services.create_table(game="ombre", players=["Ana", "Brian", "Carla"])
    response = post(client, table, hombre="Brian", passed=["Carla"], taken_in="3", matadors="x",
                    **tricks(Brian=5, Carla=2, Ana=2))
    html = response.content.decode().split('<template id="blank-record">')[0]
    assert table.deals.count() == 0
    assert re.search(r'id="id_matadors_error">Enter a whole number.', html)
    assert re.search(r'id="id_passed_error">A pass after the bid: Brian bid game', html)


@pytest.mark.django_db
@pytest.mark.parametrize("count", ["12", "x"])
def test_a_trick_count_the_rules_cannot_read_is_said_with_what_the_rules_say_of_the_rest(client, count):
    """Ana's tricks "12" (at most 9), or "x", and Carla ticked as passed after Brian's bid: one save says both,
    beside the tricks and "A pass after the bid" beside who passed, new or edited (a list was never stood in
    for: the pass was said only once the count was mended). Ana's count is stood in for by each count she may
    have taken, or none (worked out), Brian's and Carla's kept as typed: the pass is wrong whatever Ana took."""
    table = services.create_table(game="ombre", players=["Ana", "Brian", "Carla"])
    deal = tricks(Brian=5, Carla=2, Ana=count)

    def said(response) -> str:
        return response.content.decode().split('<template id="blank-record">')[0]  # not the outbox's blank form

    wrong = "Give each player&#x27;s tricks: a whole number from 0 to 9." if count == "12" else "Enter a whole number."
    html = said(post(client, table, hombre="Brian", passed=["Carla"], taken_in="3", **deal))
    assert table.deals.count() == 0
    assert wrong in html
    assert html.count("A pass after the bid: Brian bid game") == 1
    assert re.search(r'id="id_passed_error">A pass after the bid: Brian bid game', html)

    services.record_deal(table, {"hombre": "Brian", "taken_in": 3, "tricks": {"Brian": 5, "Carla": 2, "Ana": 2}})
    html = said(client.post(f"/t/{table.edit_token}/deal/1/edit/", {
        "revision": "1", "hombre": "Brian", "passed": ["Carla"], "taken_in": "3", **deal}))
    assert wrong in html
    assert re.search(r'id="id_passed_error">A pass after the bid: Brian bid game', html)
    assert table.deals.get().revision == 1


@pytest.mark.django_db
def test_the_ombre_forms_groups_are_named_for_a_screen_reader(client):
    """Who passed and who won the first five tricks: each group is named by its question (found by a tester: the
    first five's radio group had no name)."""
    table = services.create_table(game="ombre", players=PLAYERS)
    html = client.get(f"/t/{table.edit_token}/deal/").content.decode()
    for label, question in (("passed-label", "Who passed before the Hombre bid"),
                            ("first-five-label", "Who won the first five tricks")):
        assert f'id="{label}">{question}</legend>' in html
        assert re.search(rf'role="(radio)?group" aria-labelledby="{label}">', html)


@pytest.mark.django_db
def test_the_api_asks_the_cards_taken_in(api):
    deals = [{"hombre": "Bea", "tricks": {"Bea": 5, "Carl": 2, "Ana": 2}}]
    response = api.post("/api/games/ombre/score", {"players": PLAYERS, "deals": deals})
    assert response.status_code == 422
    assert response.json()["errors"] == {"deals.0.taken_in": "How many cards did the Hombre take in? 0 if none."}


def test_two_trick_counts_over_nine_are_refused_beside_the_tricks_with_the_third_left_blank(client, night):
    # Bea 6 + Carl 5 = 11 = 2 more than 9: no count for Ana can make nine.
    response = post(client, night, hombre="Bea", bid="juego", **tricks(Bea=6, Carl=5, Ana=""))
    assert night.deals.count() == 0
    html = response.content.decode()
    assert 'id="id_tricks_error"' in html and "These tricks add up to 11: 2 more than 9." in html


@pytest.mark.django_db
def test_the_api_refuses_two_trick_counts_over_nine_as_too_many(api):
    deals = [{"hombre": "Bea", "bid": "juego", "tricks": {"Bea": 6, "Carl": 5}}]
    response = api.post("/api/games/tresillo/score", {"players": PLAYERS, "deals": deals})
    assert response.status_code == 422
    assert response.json()["errors"] == {"deals.0.tricks": "These tricks add up to 11: 2 more than 9."}


@pytest.mark.django_db
def test_at_four_the_table_page_says_the_house_rule_for_the_player_sitting_out(client):
    table = services.create_table(game="tresillo", players=PLAYERS + ["Dani"],
                                  options={"sitting_out": "shares"})
    words = text(page(client, table))
    assert "Ana sits out house rule: Pays and collects like an opponent" in words
    plain = services.create_table(game="tresillo", players=PLAYERS + ["Dani"])
    assert "Ana sits out house rule: Pays and collects nothing" in text(page(client, plain))


def test_under_the_own_house_rule_the_sheet_marks_the_equal_debt_each_players_sacado_crosses_out():
    # Open debts written at Tapete's table always grow (the highest + the plato); equal ones come from a sheet
    # carried over from paper. Carl's 21 was written first, Bea's 21 second.
    ledger, _debt = Ledger.open(3, ("plato", "middle")).owe(2, 21, _("Reserved puesta"), deal=1)
    ledger, _debt = ledger.owe(1, 21, _("Reserved puesta"), deal=2)
    assert collect_notes(ledger, tuple(PLAYERS), "oldest") == {1: {"note": "collects"}}
    assert collect_notes(ledger, tuple(PLAYERS), "own") == {1: {"note": "unless"},
                                                          2: {"note": "own", "player": "Bea"}}


def bidding(*said: tuple[str, str]) -> dict[str, Any]:
    """The bidding rows as the form posts them."""
    data: dict[str, Any] = {}
    for i, (name, bid) in enumerate(said):
        data[f"bids__{i}__player"] = name
        data[f"bids__{i}__bid"] = bid
    return data


def test_the_bidding_on_the_phone_form_makes_the_hombre_by_the_tie_rule(client, night):
    # Bea juego, Carl juego, Ana passes, Bea passes: Carl gave juego last, so Carl is the Hombre.
    response = post(client, night, bid="juego", **bidding(("Bea", "juego"), ("Carl", "juego"), ("Ana", "pass"),
                                                           ("Bea", "pass")), **tricks(Carl=5, Bea=2, Ana=2))
    assert response.status_code in (200, 302)
    assert night.deals.get().record["hombre"] == {"seat": 2, "name": "Carl"}


def test_a_lower_bid_after_a_higher_one_is_refused_beside_the_bidding_on_the_phone_form(client, night):
    response = post(client, night, bid="juego", **bidding(("Bea", "vuelta"), ("Carl", "juego")),
                    **tricks(Bea=5, Carl=2, Ana=2))
    html = response.content.decode()
    assert night.deals.count() == 0
    assert 'id="id_bids_error"' in html
    assert "Carl bid juego after vuelta: a bid must be at least the highest so far." in html
    assert '<option value="vuelta" selected>' in html  # nothing typed is lost


@pytest.mark.parametrize("slug", ["tresillo", "ombre"])
def test_the_dealer_field_reads_as_the_dealer_not_as_a_note_to_developers(slug):
    """A deal's lines said "Dealer (Tapete knows it: sent only to be checked): Bea" (found by a tester)."""
    from referee.game import get_game
    from scoring.views.deals import describe_record
    game = get_game(slug)
    table = game.table(["Ana", "Bea", "Cy"])
    assert ("Dealer", "Bea") in describe_record(game, table, {"dealer": {"seat": 1, "name": "Bea"}})


@pytest.mark.parametrize(("game", "players", "language", "move"), [
    ("tresillo", PLAYERS, "es", "Ana → Centro"), ("tresillo", PLAYERS, "en", "Ana → Middle pool"),
    ("ombre", ["Ana", "Bea", "Carl", "Dani"], "fr", "Bea → Mise")])
def test_a_deals_money_moves_name_the_pots_in_the_readers_language(db, client, game, players, language, move):
    """Deal 1 funds the pots (Tresillo: a 5 from each into the middle; L'Ombre: a greater counter from each
    player dealt in, Ana the dealer sitting out, into the stakes): its page names the pot as the table says
    it, not by its stored key ("Middle", "Stakes")."""
    table = services.create_table(game=game, players=players)
    counts = tricks(Bea=5, Carl=2, Ana=2) if game == "tresillo" else tricks(Bea=3, Carl=3, Dani=3)
    post(client, table, hombre="Bea", **({"bid": "juego"} if game == "tresillo" else {"taken_in": "3"}), **counts)
    assert table.deals.count() == 1
    moves = text(client.get(f"/t/{table.edit_token}/deal/1/", HTTP_ACCEPT_LANGUAGE=language).content.decode())
    assert move in moves


def test_a_player_joining_is_told_first_what_becomes_of_the_open_puestas_and_the_plato(client, night):
    """Someone joining closes the game as it stands (scoring.seating); the players page says first what it
    leaves on the table, which its standings do not show. Deal 1 (Ana deals): 5 each into the middle (15), the
    empty plato takes a 5 from it and Ana's tanto (plato 6, middle 10); Bea's repuesto pays 6 + 4 = 10 into the
    plato (16). Deal 2 (Bea deals, plato 17): Carl's repuesto in the plato writes 17 + 4 = 21 under him, a
    reserved puesta still open. On the table: 17 + 10 = 27, 9 to each of the three."""
    post(client, night, hombre="Bea", bid="juego", **tricks(Bea=4, Carl=4, Ana=1))  # repuesto, first puesta
    post(client, night, hombre="Carl", bid="juego", **tricks(Carl=4, Ana=4, Bea=1))  # repuesto in the plato
    sent = {"action": "join", "join-name": "Dani", "join-after": "2", "join-players": json.dumps(PLAYERS)}
    html = client.post(f"/t/{night.edit_token}/players/", sent).content.decode()
    notes = [text(note) for note in re.findall(r'<p class="confirm-note">(.*?)</p>', html, re.S)]
    assert notes == [
        "1 reserved puesta is still open (21 tantos): it is not carried into the new game. Settling this game up "
        "leaves it out, unless you choose there to count the open reserved puestas.",
        "The new game starts with an empty table; settling this game up shares out what lies on it. The plato and "
        "the middle pool: 27, 9 to each player."]


def test_ombre_players_changing_are_told_the_stakes_are_shared_out_by_the_closed_games_settle_up(db, client):
    """Deal 1 at four (Ana deals and sits out): a greater counter (5) from each of the three dealt in opens the
    stakes (15), Bea takes in 3 cards (3 lesser counters: 18) and ties her tricks 3-3-3, a repuesto: she pays
    the stakes' 18 in, 36. Dani leaving closes the game: its settle-up shares the 36 among its four players."""
    table = services.create_table(game="ombre", players=["Ana", "Bea", "Carl", "Dani"])
    post(client, table, hombre="Bea", taken_in="3", **tricks(Bea=3, Carl=3, Dani=3))
    sent = {"action": "leave", "leave-seat": "3", "leave-players": json.dumps(["Ana", "Bea", "Carl", "Dani"])}
    html = client.post(f"/t/{table.edit_token}/players/", sent).content.decode()
    notes = [text(note) for note in re.findall(r'<p class="confirm-note">(.*?)</p>', html, re.S)]
    assert notes == ["The new game starts with an empty table; settling this game up shares out what lies on it. "
                     "The stakes: 36, 9 to each player."]


@pytest.mark.django_db
def test_game_code_failing_on_a_stand_in_still_answers_the_form_with_its_own_message(client, monkeypatch):
    """What the rules say of the rest is worked out on values nobody sent: game code failing on one of them
    (here, every check) is logged and the form still answers with the count's own message, never a 500."""
    from games.tresillo.ombre import OMBRE

    def broken(*args, **kwargs):
        raise RuntimeError("a game's bug on a value nobody sent")

    monkeypatch.setattr(type(OMBRE), "check", broken)
    table = services.create_table(game="ombre", players=["Ana", "Brian", "Carla"])
    response = post(client, table, hombre="Brian", passed=["Carla"], taken_in="12", **tricks(Brian=5, Carla=2, Ana=2))
    assert response.status_code == 200 and table.deals.count() == 0  # the form drawn again, with its message
    assert 'id="id_taken_in_error">Must be between 0 and 9.' in response.content.decode()


def test_a_puesta_written_on_paper_says_so_not_deal_0(client, db):
    """A Spanish tester carried a night over from paper: its open puestas said "Apuntada: mano 0"."""
    table = services.create_table(game="tresillo", players=PLAYERS)
    services.carry_over(table, {"total_0": "-9", "total_1": "-3", "total_2": "-3", "plato": "0", "middle": "15",
                                "sheet": "Ana 4"})
    page = text(client.get(f"/t/{table.edit_token}/").content.decode())
    assert "Ana 4 on paper open" in page and "deal 0" not in page
    services.record_deal(table, {"hombre": "Bea", "bid": "juego", "tricks": {"Bea": 4, "Carl": 3, "Ana": 2}})
    page = text(client.get(f"/t/{table.edit_token}/").content.decode())
    assert "on paper" in page and "deal 0" not in page


def test_a_bidding_all_three_passed_on_the_phone_form_is_the_void_deal_and_the_history_says_so(client, night):
    """A Spanish tester: the only way to record a deal everyone passed was "¿Mal repartida?", and the history then
    said "Mano nula (mal dada)" for a hand nobody misdealt. The three passes given as the bidding are the deal
    (the Hombre's bid and the steppers left as the form has them); the history says all three passed, the deal's
    page shows the passes."""
    response = post(client, night, bid="juego", **bidding(("Bea", "pass"), ("Carl", "pass"), ("Ana", "pass")),
                    **tricks(Bea="", Carl="", Ana=""))
    assert response.status_code == 302
    deal = night.deals.get()
    assert deal.outcome["void"] and "void" not in deal.record
    words = text(client.get(f"/t/{night.edit_token}/history/", HTTP_ACCEPT_LANGUAGE="es").content.decode())
    assert "mal dada" not in words and "Mano nula" not in words
    words = text(client.get(f"/t/{night.edit_token}/deal/1/", HTTP_ACCEPT_LANGUAGE="es").content.decode())
    assert "Bea, paso; Carl, paso; Ana, paso" in words and "mal dada" not in words
    words = text(client.get(f"/t/{night.edit_token}/history/").content.decode())
    assert "All three passed: the deal is not played; nothing is paid and the deal passes on." in words
    assert "misdeal" not in words


def test_after_a_bidding_error_only_the_rows_given_are_marked_not_the_empty_ones(client, night):
    """A tester: after a bidding refused, all six rows of the bidding turned red, the four unused ones too. Carl
    spoke first, not Bea (the eldest): his row is marked, the message is said once below the rows."""
    html = post(client, night, bid="juego", **bidding(("Carl", "juego")),
                **tricks(Bea=5, Carl=2, Ana=2)).content.decode()
    selects = re.findall(r'<select class="form-select" name="bids__(\d)__\w+"([^>]*)>', html)
    assert {row for row, _attributes in selects} == {"0", "1", "2", "3", "4", "5"}
    assert [row for row, attributes in selects if 'aria-invalid="true"' in attributes] == ["0", "0"]
    assert 'id="id_bids_error"' in html


def test_the_historys_money_check_says_plato_and_middle_not_pots_in_spanish(client, night):
    """A Spanish tester: Tresillo's history said "En los pozos antes 22 + …", Toruro's word; a Tresillo table
    says plato and centro (the game names what its tantos lie in; Toruro keeps its pots)."""
    assert post(client, night, hombre="Bea", bid="juego", **tricks(Bea=4, Carl=3, Ana="")).status_code == 302
    assert post(client, night, hombre="Carl", bid="juego", **tricks(Carl=5, Ana=2, Bea="")).status_code == 302
    words = text(client.get(f"/t/{night.edit_token}/history/", HTTP_ACCEPT_LANGUAGE="es").content.decode())
    assert "pozos" not in words
    assert len(re.findall(r"Movido en esta mano · El plato y el centro: [^✓✗]*✓", words)) == 2


@pytest.mark.parametrize(("language", "line", "label"), [("es", "Reparte Ana · Habla primero Bea", "Reparte:"),
                                                        ("en", "Ana deals · Bea speaks first", "Deals next:")])
def test_who_deals_and_speaks_first_is_said_once_on_the_table_page(client, night, language, line, label):
    """A Spanish tester at 390 px: "Reparte: Ana · Habla primero: Bea" under the standings, then "Reparte Ana ·
    Habla primero Bea" in this deal's box. The box says it (with who sits out at four); the line under the
    standings keeps only the deals played. (The record form's own first line says who deals and what is in
    play.)"""
    html = client.get(f"/t/{night.edit_token}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    words = text(html)
    assert words.count(line) == 1 and label not in words
    assert re.search(r'id="next-up">\s*<span class="text-body-secondary small text-nowrap">0 ', html)


def test_the_sheet_writes_a_deal_all_three_passed_as_such_and_a_misdeal_as_void(client, night):
    assert post(client, night, bid="juego", **bidding(("Bea", "pass"), ("Carl", "pass"), ("Ana", "pass"))).status_code \
        == 302
    big = text(client.get(f"/t/{night.view_token}/big/").content.decode())
    assert "Deal 1 · all passed" in big  # the big screen says the last deal as the sheet does
    assert post(client, night, void="on").status_code == 302
    html = client.get(f"/t/{night.edit_token}/sheet/").content.decode()
    assert re.findall(r'class="void-cell">([^<]*)<', html) == ["all passed", "void"]
    assert "Deal 2 · void" in text(client.get(f"/t/{night.view_token}/big/").content.decode())


def test_the_csv_writes_a_deal_all_three_passed_as_such_and_a_misdeal_as_void(client, night):
    """As the sheet writes them (found by a tester: a void deal was a row of zeros in the spreadsheet). Nothing
    moves in either (seed 003; RULINGS.md, General: void, "all passed"): the totals stay at 0."""
    assert post(client, night, bid="juego", **bidding(("Bea", "pass"), ("Carl", "pass"), ("Ana", "pass"))).status_code \
        == 302
    assert post(client, night, void="on").status_code == 302
    lines = client.get(f"/t/{night.view_token}/export.csv").content.decode("utf-8-sig").splitlines()
    assert lines[1:] == ["1,Ana,all passed,all passed,all passed,0,0,0", "2,Bea,void,void,void,0,0,0"]


# -- the stakes left on the table: the table page, the sheet and the settle-up agree ---------------------------

@pytest.fixture
def stakes_left(db) -> Table:
    """The tester's L'Ombre night at deal 10 (found by a tester): Amélie −134, Bruno +7, Chloé +45, and 82 lesser
    counters left in the stakes after a remise; Bruno deals next; a counter is worth 0.10 EUR."""
    table = services.create_table(game="ombre", players=["Amélie", "Bruno", "Chloé"], first_dealer=1,
                                  stake_minor=10, currency="EUR")
    services.carry_over(table, {"total_0": "-134", "total_1": "7", "total_2": "45", "stakes": "82"})
    return table


def test_the_ledger_counts_the_stakes_left_on_the_table_so_it_adds_up_to_zero(client, stakes_left):
    """The nets add up to −134 + 7 + 45 = −82: the stakes' row, 82 (82 × 0.10 = 8.20 EUR), brings the column to 0,
    and the page says how settling up now shares them: 82 = 3 × 27 + 1, the odd one to Chloé, after Bruno."""
    words = text(client.get(f"/t/{stakes_left.edit_token}/?ledger=1").content.decode())
    assert "Players −82 + stakes 82 = 0 ✓" in words
    assert "Stakes left on the table 82 8.20 EUR" in words
    assert ("If you settle up now: The stakes: 82, 27 to each player and "
            "the one left over to Chloé, the player after Bruno, who deals next.") in words


def test_the_settle_up_pays_the_nets_with_the_shares_of_the_stakes_the_table_page_announces(client, stakes_left):
    """Amélie −134 + 27 = −107, Bruno 7 + 27 = 34, Chloé 45 + 27 + 1 = 73 (sum 0): at 0.10 EUR a counter,
    −10.70, +3.40 and +7.30 EUR."""
    words = text(client.get(f"/t/{stakes_left.edit_token}/settle/").content.decode())
    assert "Amélie −107 −10.70 EUR" in words and "Bruno +34 +3.40 EUR" in words and "Chloé +73 +7.30 EUR" in words


def test_the_sheet_says_the_stakes_left_on_the_table_under_its_totals(client, stakes_left):
    """The totals add up to −82: the line under them says the 82 in the stakes (8.20 EUR) and how they are shared."""
    words = text(client.get(f"/t/{stakes_left.edit_token}/sheet/").content.decode())
    assert "Total −134 +7 +45 Left on the table: stakes 82 = 8.20 EUR. If you settle up now: The stakes: 82, 27 " \
           "to each player" in words
