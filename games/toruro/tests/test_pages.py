"""Toruro's pages: the new table with a chip value and the house rules, the table page (this deal's dealer and
pots, the lulos that may be paid, the lulo list with statuses and counts, the ledger and its check), recording
through the Toruro form (a lulo paid in a split, a misplay lulo, impossible records refused beside the field with
nothing lost), the end of the night, the chips moved on the deal and history pages, and settling up per chip.

Six players in the order of play: Ana, Luis, Pepe, Marta, Juan, Rosa; Ana deals first, Luis speaks first.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from scoring import services
from scoring.models import Deal, Table
from tests.scoring.test_home import field_error

PLAYERS = ["Ana", "Luis", "Pepe", "Marta", "Juan", "Rosa"]
# Deal 1 (Ana deals, all must go): Luis takes the cabeza, Pepe the barriga and the cola. No trick, in order
# from Ana's left: Marta #1, Juan #2, Rosa #3, Ana #4, 3 chips each.
DEAL1 = {"turned_card": "4O", "went": PLAYERS, "tricks": ["Luis", "Pepe", "Pepe"]}


def seat(name: str) -> dict[str, Any]:
    """A player's seat as a stored record names it."""
    return {"seat": PLAYERS.index(name), "name": name}


def text(html: str) -> str:
    """The page as words, tags dropped and spaces squeezed."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = html.replace("&nbsp;", " ")  # a no-break space reads as a space
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'").strip()


def section(html: str, element_id: str) -> str:
    match = re.search(rf'id="{element_id}".*?(?=<section|<details class="ledger|</form>|$)', html, re.S)
    assert match, f"no #{element_id}"
    return text(match.group(0))


def lulo_row(html: str, lulo: int) -> str:
    match = re.search(rf'<tr class="lulo [a-z]+" id="lulo-{lulo}".*?</tr>', html, re.S)
    assert match, f"no lulo #{lulo}"
    return text(match.group(0))


@pytest.fixture
def night(db) -> Table:
    return services.create_table(game="toruro", players=PLAYERS, stake_minor=50, currency="EUR")


def page(client, table: Table, **query: str) -> str:
    return client.get(f"/t/{table.edit_token}/", query).content.decode()


def post(client, table: Table, htmx: bool = False, **data: Any):
    body = {"deal_number": str(services.next_number(table)), **data}
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(f"/t/{table.edit_token}/deal/", body, **headers)


# -- a new table ----------------------------------------------------------------------------------------------

def test_the_new_table_page_asks_a_chip_value_and_shows_the_house_rules_with_their_defaults(client, db):
    html = client.get("/new/toruro/").content.decode()

    assert "5–10 players" in text(html)
    assert "Stake per chip" in html and "Money per chip" in html and "Stake per point" not in html
    for label in ("Every tenth lulo is free", "Ace turned: everyone goes", "First deal: everyone goes",
                  "Lulos paid per deal", "At most one lulo per player per deal",
                  "Play out the pots before the night ends"):
        assert label in html
    assert re.search(r'name="opt_free_tenth"[^>]*checked', html)
    assert re.search(r'name="opt_first_deal_all_go"[^>]*checked', html)
    assert not re.search(r'name="opt_play_out_pots"[^>]*checked', html)
    assert re.search(r'name="opt_lulos_per_deal"[^>]*value="1"', html)


def test_starting_a_toruro_night_for_six_with_a_chip_value(client, db):
    data = {f"player_{i}": name for i, name in enumerate(PLAYERS)}
    data.update({"first_dealer": "0", "stake": "0,50", "currency": "EUR", "opt_free_tenth": "on",
                 "opt_trump_ace_all_go": "on", "opt_first_deal_all_go": "on", "opt_lulos_per_deal": "2",
                 "opt_one_lulo_per_deal": "on"})
    response = client.post("/new/toruro/", data)

    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/t/{table.edit_token}/"
    assert table.game == "toruro" and table.stake_minor == 50 and table.currency == "EUR"
    assert table.options["lulos_per_deal"] == 2 and table.options["play_out_pots"] is False
    html = page(client, table)
    assert "Lulos paid per deal: 2" in text(html)


def test_too_few_players_is_refused_beside_the_players(client, db):
    response = client.post("/new/toruro/", {"player_0": "Ana", "player_1": "Luis", "player_2": "Pepe",
                                            "first_dealer": "0", "stake": "0", "currency": "EUR"})
    assert response.status_code == 200 and not Table.objects.exists()
    assert "5" in field_error(response.content.decode(), "players")


# -- the table page -------------------------------------------------------------------------------------------

def test_before_the_first_deal_the_page_shows_the_dealer_the_pots_and_an_empty_lulo_list(client, night):
    html = page(client, night)

    deal = section(html, "this-deal")
    assert "Deal 1: Ana deals" in deal and "Luis speaks first" in deal
    assert "Cabeza 1 Barriga 1 Cola 1 = 3 chips" in deal
    assert "Ana antes 1 chip in each pot." in deal
    assert "First deal: no lulo to pay yet." in deal
    assert "No lulo yet." in section(html, "lulo-list") and "nobody owes anything" in section(html, "lulo-list")
    assert "Paid in" not in text(html) and 'id="ledger"' not in html  # no bookkeeping before the first ante
    # The form: everyone ticked on the first deal, with the reason; the speakers in order from Luis.
    assert "First deal: everyone goes (house rule 3)." in html
    went = re.findall(r'name="went" id="id_went_\d" value="(\w+)"[^>]*?( checked)?>', html)
    assert went == [(p, " checked") for p in ["Luis", "Pepe", "Marta", "Juan", "Rosa", "Ana"]]
    assert "payments__0__lulo" not in html  # nothing to pay yet


def test_after_the_first_deal_the_lulo_list_payable_lulos_counts_and_the_check(client, night):
    services.record_deal(night, DEAL1)
    html = page(client, night, ledger="1")  # the ledger's folded part as its opening draws it

    deal = section(html, "this-deal")
    assert "Deal 2: Luis deals" in deal and "Pepe speaks first" in deal
    assert "Cabeza 1 Barriga 1 Cola 1 = 3 chips" in deal
    # Lowest first, then in order from the dealer Luis: Marta, Juan, Rosa, Ana; with the money at 0.50 a chip.
    payable = re.findall(r'class="payable-lulo text-nowrap" data-player="(\w+)" data-ids="([\d ]+)">', html)
    assert payable == [("Marta", "1"), ("Juan", "2"), ("Rosa", "3"), ("Ana", "4")]
    assert "May be paid now (one lulo): Marta 3 #1 · Juan 3 #2 · Rosa 3 #3 · Ana 3 #4" in deal

    lulos = section(html, "lulo-list")
    assert "4 open, 12 chips owed (6.00 EUR)" in lulos
    assert lulo_row(html, 1) == "1 Marta went, took no trick 3 1.50 EUR 1 open"
    assert lulo_row(html, 4) == "4 Ana went, took no trick 3 1.50 EUR 1 open"
    counts = dict(re.findall(r'class="count[^"]*">(\w+) <strong>(\d+)</strong>', html))
    assert counts == {"Ana": "1", "Luis": "0", "Pepe": "0", "Marta": "1", "Juan": "1", "Rosa": "1"}
    assert "Lulos committed (every 10th is free):" in lulos

    assert "Paid in 3 = taken out 3 + in the pots 0 ✓" in text(html)
    assert "Paid in: antes 3 (3 chips × 1 deal played) + lulos paid 0." in text(html)
    # The ledger's own line: the players' nets and the pots sum to zero (deal 1: all 3 chips were won back).
    assert "The ledger: Players 0 + pots 0 = 0" in text(html)
    ledger = re.search(r'<tr data-player="Ana">.*?</tr>', html, re.S).group(0)
    assert text(ledger) == "Ana −3 −1.50 EUR 3 1.50 EUR —"
    # The payment choice in the form: the payable lulos, with who owes them and the amount.
    assert re.findall(r'name="payments__0__lulo" id="[^"]+" value="(\d*)"', html) == ["", "1", "2", "3", "4"]


def test_the_ledger_folded_under_the_check_is_drawn_when_it_is_opened(client, night):
    """The ledger's table of every player's net, debts and chips in the pots is folded under the night's check:
    the first load leaves it out (a table of ten in French weighed 40.8 of the 40 KB a first load may), and
    opening it fetches it (?ledger=1); without JavaScript that address is the page with the ledger drawn open.
    The check is always shown."""
    services.record_deal(night, DEAL1)
    html = page(client, night)
    assert "Paid in 3 = taken out 3 + in the pots 0 ✓" in text(html)
    assert 'id="paid-in"' not in html and "The ledger:" not in html
    placeholder = re.search(r'<div id="ledger-body"[^>]*>', html).group(0)
    assert f'hx-get="/t/{night.edit_token}/?ledger=1"' in placeholder
    assert 'hx-trigger="toggle from:#ledger once"' in placeholder and 'hx-swap="outerHTML"' in placeholder
    assert f'<a href="/t/{night.edit_token}/?ledger=1#ledger">' in html  # no JavaScript: the page, opened
    opened = page(client, night, ledger="1")
    assert opened.startswith("<!doctype html>") and 'id="lulo-list"' in opened and 'id="record"' in opened
    assert re.search(r'<details class="ledger mb-2" id="ledger" data-open-param="ledger" open>', opened)
    assert "The ledger: Players 0 + pots 0 = 0" in text(section(opened, "ledger-body"))


def test_opening_the_ledger_fetches_the_ledger_alone_not_the_whole_page(client, night):
    """Opened with JavaScript, the ledger asks htmx's way for ?ledger=1 and is answered its folded part alone (it
    replaces the placeholder as it is), not the table page to pick it out of; the same address without htmx is
    the whole page, so the two are never mistaken for each other in a phone's cache (each its own ETag)."""
    services.record_deal(night, DEAL1)
    whole = client.get(f"/t/{night.edit_token}/", {"ledger": "1"})
    part = client.get(f"/t/{night.edit_token}/", {"ledger": "1"}, HTTP_HX_REQUEST="true")
    body = part.content.decode()
    assert part.status_code == 200
    assert body.strip().startswith('<div id="ledger-body">') and body.strip().endswith("</div>")
    assert body.count('id="ledger-body"') == 1
    assert "The ledger: Players 0 + pots 0 = 0" in text(body)
    assert text(re.search(r'<tr data-player="Ana">.*?</tr>', body, re.S).group(0)) == "Ana −3 −1.50 EUR 3 1.50 EUR —"
    for elsewhere in ('id="lulo-list"', 'id="conservation"', 'id="live"', 'id="record"', "<html", "<details"):
        assert elsewhere not in body
    assert len(body) < len(whole.content.decode()) / 4
    assert whole["ETag"] != part["ETag"] and "HX-Request" in part["Vary"] and "HX-Request" in whole["Vary"]
    again = client.get(f"/t/{night.edit_token}/", {"ledger": "1"}, HTTP_HX_REQUEST="true",
                       HTTP_IF_NONE_MATCH=whole["ETag"])
    assert again.status_code == 200 and again.content.decode() == body  # never a 304 for the page


def test_the_live_region_asked_with_the_ledger_open_draws_it_open_with_the_new_figures(client, night):
    """A watcher's live region, redrawn after a deal while their ledger is open, asks for it open (?ledger=1, put
    in by static/app/app.js for an open fold) and gets it drawn for the new version; closed, it stays folded."""
    services.record_deal(night, DEAL1)
    version = Table.objects.get(pk=night.pk).version
    services.record_deal(night, {"turned_card": "4O", "went": [], "payments": [{"lulo": 1, "cabeza": 3}]})
    live = client.get(f"/t/{night.view_token}/live/", {"v": version, "ledger": "1"}).content.decode()
    assert re.search(r'<details class="ledger mb-2" id="ledger" data-open-param="ledger" open>', live)
    assert "Paid in: antes 6 (3 chips × 2 deals played) + lulos paid 3." in text(live)
    marta = re.search(r'<tr data-player="Marta">.*?</tr>', live, re.S).group(0)
    assert text(marta) == "Marta −3 −1.50 EUR — 3"  # her lulo paid: owes nothing, 3 chips of hers in the pots
    folded = client.get(f"/t/{night.view_token}/live/", {"v": version}).content.decode()
    assert re.search(r'id="ledger" data-open-param="ledger">', folded) and 'id="paid-in"' not in folded


def test_a_view_link_sees_the_board_but_no_form(client, night):
    services.record_deal(night, DEAL1)
    html = client.get(f"/t/{night.view_token}/").content.decode()
    assert 'id="lulo-list"' in html and 'id="conservation"' in html and 'id="this-deal"' in html
    assert 'id="record"' not in html


def test_the_big_screen_shows_the_pots_and_the_lulo_list_beside_the_standings(client, night):
    """What a Toruro table watches most across the room (a tester: the big screen showed the standings only),
    and it follows the night: the board a watching screen polls carries them too."""
    services.record_deal(night, DEAL1)
    html = client.get(f"/t/{night.view_token}/big/").content.decode()
    assert "Cabeza 1 Barriga 1 Cola 1 = 3 chips" in text(section(html, "this-deal"))
    assert "Deal 2: Luis deals" in text(section(html, "this-deal"))  # numbered as on the table page
    assert lulo_row(html, 1) == "1 Marta went, took no trick 3 1.50 EUR 1 open"
    polled = client.get(f"/t/{night.view_token}/big/", {"v": "0"}, HTTP_HX_REQUEST="true").content.decode()
    assert polled.lstrip().startswith('<section id="board"') and 'id="lulo-list"' in polled


# -- recording through the form -------------------------------------------------------------------------------

DEAL2_FORM = {
    # Marta pays lulo #1 (3 chips): 2 on the cabeza, 1 on the cola. Pots 3/1/2 = 6.
    "payments__0__lulo": "1", "payments__0__cabeza": "2", "payments__0__barriga": "", "payments__0__cola": "1",
    "turned_card": "3c",
    "went": ["Pepe", "Marta"],
    "tricks__0__player": "Pepe", "tricks__1__player": "Marta", "tricks__2__player": "Pepe",
    # Pepe took two pots but did not follow suit: a lulo of 6 (he keeps the pots).
    "misplays__0__player": "Pepe", "misplays__0__rule": "follow_suit",
}


def test_a_lulo_paid_in_a_split_and_a_misplay_lulo_recorded_through_the_form(client, night):
    services.record_deal(night, DEAL1)
    response = post(client, night, **DEAL2_FORM)

    assert response.status_code == 302
    deal = Deal.objects.get(number=2)
    # Stored as the rules read it, with who owed the lulo, which the form did not need to send: it pins the
    # payment to Marta.
    assert deal.record == {"turned_card": "3C",
                           "payments": [{"lulo": 1, "player": seat("Marta"), "cabeza": 2, "cola": 1}],
                           "went": [seat("Pepe"), seat("Marta")],
                           "tricks": [{"player": seat("Pepe")}, {"player": seat("Marta")}, {"player": seat("Pepe")}],
                           "misplays": [{"player": seat("Pepe"), "rule": "follow_suit"}], "void": False}
    assert deal.outcome["scores"] == [0, -3, 5, -2, 0, 0]  # Ana, Luis, Pepe, Marta, Juan, Rosa
    html = client.get(response["Location"], {"ledger": "1"}).content.decode()
    assert "Deal 2 saved." in html
    assert lulo_row(html, 1) == "1 Marta went, took no trick 3 1.50 EUR 1 paid deal 2"
    assert lulo_row(html, 5) == "5 Pepe Follow suit 6 3.00 EUR 2 open"
    assert "Paid in 9 = taken out 9 + in the pots 0 ✓" in text(html)
    assert "Paid in: antes 6 (3 chips × 2 deals played) + lulos paid 3." in text(html)
    # Next deal: lowest first, from the dealer Pepe: Juan, Rosa, Ana (3 each); Pepe's 6 waits.
    assert re.findall(r'name="payments__0__lulo" id="[^"]+" value="(\d*)"', html) == ["", "2", "3", "4"]


def test_a_trick_by_someone_who_did_not_go_is_refused_beside_the_tricks_and_nothing_is_lost(client, night):
    services.record_deal(night, DEAL1)
    response = post(client, night, **{**DEAL2_FORM, "tricks__1__player": "Ana"})

    html = response.content.decode()
    assert response.status_code == 200 and Deal.objects.count() == 1
    assert "Ana did not go, so cannot have taken a trick." in field_error(html, "tricks")
    assert "Nothing was saved, and nothing you entered is lost." in html
    # Everything entered comes back.
    assert re.search(r'name="payments__0__lulo" id="[^"]+" value="1"[^>]*checked', html)
    assert 'name="payments__0__cabeza" id="id_payments__0__cabeza" value="2"' in html
    assert 'name="payments__0__cola" id="id_payments__0__cola" value="1"' in html
    assert re.search(r'<input type="text" name="turned_card" value="3C"[^>]* id="id_turned_card"', html)
    assert re.findall(r'name="went" id="id_went_\d" value="(\w+)"[^>]*checked', html) == ["Pepe", "Marta"]
    assert re.search(r'name="tricks__1__player" id="[^"]+" value="Ana"[^>]*checked', html)
    assert re.search(r'<option value="follow_suit" selected>', html)
    assert 'id="field-misplays" open' in html


def test_a_split_that_does_not_add_up_is_refused_beside_the_split(client, night):
    services.record_deal(night, DEAL1)
    response = post(client, night, **{**DEAL2_FORM, "payments__0__cola": ""})

    html = response.content.decode()
    assert Deal.objects.count() == 1
    assert ("Lulo #1 is 3 chips, but the split (cabeza 2, barriga 0, cola 0) adds up to 2."
            in field_error(html, "payments"))
    assert field_error(html, "tricks") == ""
    assert 'name="payments__0__cabeza" id="id_payments__0__cabeza" value="2"' in html


def test_a_lulo_that_is_not_among_the_lowest_is_refused_beside_the_payment(client, night):
    services.record_deal(night, DEAL1)
    services.record_deal(night, {"turned_card": "3C", "payments": [{"lulo": 1, "cabeza": 2, "cola": 1}],
                                 "went": ["Pepe", "Marta"], "tricks": ["Pepe", "Marta", "Pepe"],
                                 "misplays": [{"player": "Pepe", "rule": "follow_suit"}]})
    # Lulo #5 (Pepe, 6 chips) is not payable while 3-chip lulos are open; a stale phone offers it anyway.
    response = post(client, night, payments__0__lulo="5", payments__0__cabeza="6", turned_card="4B",
                    went=["Juan", "Rosa"], tricks__0__player="Juan", tricks__1__player="Juan",
                    tricks__2__player="Rosa")

    html = response.content.decode()
    assert Deal.objects.count() == 2
    assert "Lulos are paid lowest first: lulo #5 is 6 chips" in field_error(html, "payments")
    assert re.search(r'name="payments__0__lulo" id="id_payments__0__lulo_stray" value="5"[^>]*checked', html)


def test_a_deal_kept_after_a_clash_says_beside_the_payment_that_its_lulo_was_paid_in_the_other_deal(client, night):
    """Two phones record deal 2: B's, paying lulo #1, arrives first; A's, saved offline paying lulo #1 too, is
    kept in the form for deal 3. Lulo #1 is no longer offered: the form says whose it was and that deal 2 paid
    it, beside the payment (a tester: a bare red "#1")."""
    services.record_deal(night, DEAL1)
    services.record_deal(night, {"turned_card": "5E", "payments": [{"lulo": 1, "cabeza": 3}], "went": ["Pepe"],
                                 "tricks": ["Pepe", "Pepe", "Pepe"]})
    response = client.post(f"/t/{night.edit_token}/deal/", {
        **DEAL2_FORM, "deal_number": "2", "outbox": "1", "client_id": "0b0a5a3e-6a44-4b7e-9d0c-6c1b3f7d2e11"},
        HTTP_HX_REQUEST="true")

    html = response.content.decode()
    assert Deal.objects.count() == 2
    assert "Deal 2 was recorded by another phone before this one was sent" in html
    assert re.search(r'id="id_payments__0__lulo_stray" value="1"[^>]*checked', html)
    assert "#1 Marta" in text(section(html, "field-payments"))
    assert field_error(html, "payments") == "Lulo #1 was paid in deal 2: choose another."
    assert re.search(r'id="id_payments__0__lulo_stray" value="1"[^>]*aria-invalid="true"', html)


def test_nonsense_in_the_payment_comes_back_as_typed_with_a_message(client, night):
    services.record_deal(night, DEAL1)
    response = post(client, night, **{**DEAL2_FORM, "payments__0__lulo": "x", "payments__1__lulo": "2",
                                      "payments__1__cabeza": "3"})

    html = response.content.decode()
    assert response.status_code == 200 and Deal.objects.count() == 1
    assert "Enter a whole number." in field_error(html, "payments")
    assert re.search(r'id="id_payments__0__lulo_stray" value="x"[^>]*checked', html)
    # A second payment, more than the house rule allows, is kept on screen to be corrected.
    assert re.search(r'name="payments__1__lulo" id="id_payments__1__lulo_2" value="2"[^>]*checked', html)


def test_with_htmx_the_body_comes_back_with_the_next_deal(client, night):
    services.record_deal(night, DEAL1)
    response = post(client, night, htmx=True, **DEAL2_FORM)

    html = response.content.decode()
    assert html.lstrip().startswith('<div id="table-body">') and "Deal 2 saved." in html
    assert "Record deal 3" in html and "Deal 3: Pepe deals" in text(html)


def test_the_turned_card_is_required_and_must_be_a_spanish_card(client, night):
    response = post(client, night, turned_card="9C", went=PLAYERS, tricks__0__player="Ana",
                    tricks__1__player="Ana", tricks__2__player="Ana")
    assert "9C is not a card of the Spanish 40-card deck." in field_error(response.content.decode(), "turned_card")
    response = post(client, night, went=PLAYERS)
    assert field_error(response.content.decode(), "turned_card") == "Which card was turned? Its suit is trumps."


def test_everyone_must_go_on_the_first_deal_said_beside_who_went(client, night):
    response = post(client, night, turned_card="4O", went=["Luis", "Pepe"], tricks__0__player="Luis",
                    tricks__1__player="Pepe", tricks__2__player="Pepe")
    html = response.content.decode()
    assert "On the first deal everyone must go (house rule 3); Marta, Juan, Rosa, Ana did not." in field_error(
        html, "went")
    assert not Deal.objects.exists()


# -- a free tenth, the end of the night, and the money pages ---------------------------------------------------

def rosa_alone_breaks_the_lead(table: Table, times: int) -> None:
    """Rosa goes alone, takes the three pots but leads wrongly: a misplay lulo (of 3) each time."""
    for _ in range(times):
        services.record_deal(table, {"turned_card": "4O", "went": ["Rosa"], "tricks": ["Rosa"] * 3,
                                     "misplays": [{"player": "Rosa", "rule": "lead_ace"}]})


def test_a_tenth_lulo_is_free_and_the_list_says_so(client, night):
    services.record_deal(night, DEAL1)  # Rosa's first lulo
    rosa_alone_breaks_the_lead(night, 8)  # her 2nd to 9th
    html = page(client, night)
    assert re.search(r'class="count next-free">Rosa <strong>9</strong> <span class="badge[^"]*">next is '
                     r'free</span>', html)

    # Her nine equal lulos are one choice in the form (paying any of them is the same): her oldest.
    assert re.findall(r'name="payments__0__lulo" id="[^"]+" value="(\d*)"', html) == ["", "1", "2", "3", "4"]
    assert "and 8 more like it" in html
    assert 'data-player="Rosa" data-ids="3 5 6 7 8 9 10 11 12"' in html and "#3,#5…" in html

    rosa_alone_breaks_the_lead(night, 1)  # her 10th: free
    html = page(client, night)
    last = len(services.standings(night).state.ledger.debts)
    assert lulo_row(html, last) == f"{last} Rosa First trick: lead the Ace of trumps 3 0 10 free"
    assert re.search(r'class="count">Rosa <strong>10</strong></span>', html)
    assert "Paid in 30 = taken out 30 + in the pots 0 ✓" in text(html)


def test_paying_two_lulos_a_deal_one_player_may_pay_two_of_hers(client, db):
    table = services.create_table(game="toruro", players=PLAYERS, options={"lulos_per_deal": 2})
    services.record_deal(table, DEAL1)
    rosa_alone_breaks_the_lead(table, 1)  # Rosa owes #3 and #5, 3 chips each
    html = page(client, table)
    assert "May be paid now (2 lulos):" in text(html)
    assert 'id="id_payments__0__lulo_3"' in html and 'id="id_payments__1__lulo_5"' in html

    response = post(client, table, payments__0__lulo="3", payments__0__cabeza="3", payments__1__lulo="5",
                    payments__1__barriga="3", turned_card="4B", went=["Rosa", "Ana"], tricks__0__player="Rosa",
                    tricks__1__player="Ana", tricks__2__player="Ana")
    assert response.status_code == 302
    assert Deal.objects.get(number=3).record["payments"] == [{"lulo": 3, "player": seat("Rosa"), "cabeza": 3},
                                                               {"lulo": 5, "player": seat("Rosa"), "barriga": 3}]


def pay_everything_but_the_last(table: Table) -> None:
    """Pay the open lulos one per deal, nobody going (the pots grow), until one is left."""
    while True:
        st = services.standings(table)
        payable = st.extra["payable"]
        if st.extra["open_total"] == payable[0]["amount"]:
            return
        services.record_deal(table, {"turned_card": "4O", "went": [],
                                     "payments": [{"lulo": payable[0]["id"], "cabeza": payable[0]["amount"]}]})


def test_the_night_ends_when_nobody_owes_anything_and_says_so(client, night):
    services.record_deal(night, DEAL1)
    pay_everything_but_the_last(night)  # Marta, Juan, Rosa paid, all on the cabeza, nobody going
    html = page(client, night)
    # Paid in: 4 deals' antes (12) + 3 lulos (9); taken out: deal 1's 3 pots; the rest lies in the pots.
    assert "Paid in 21 = taken out 3 + in the pots 18 ✓" in text(html)
    assert "on top of 18 chips carried over" in text(html)
    assert "Cabeza 13 Barriga 4 Cola 4 = 21 chips" in section(html, "this-deal")

    # The last lulo (Ana's #4, 3 chips) paid all on the cola; Luis, Pepe and Juan go and take a trick each.
    response = post(client, night, payments__0__lulo="4", payments__0__cola="3", turned_card="12E",
                    went=["Luis", "Pepe", "Juan"], tricks__0__player="Luis", tricks__1__player="Pepe",
                    tricks__2__player="Juan")
    assert response.status_code == 302
    html = page(client, night)
    assert "Nobody owes anything: the night is over." in text(html)
    assert 'id="game-over"' in html and "Winner: Luis" in text(html)  # the cabeza's 13 chips
    assert "nobody owes anything" in section(html, "lulo-list")
    assert 'id="this-deal"' not in html
    assert "Paid in 27 = taken out 27 + in the pots 0 ✓" in text(html)
    st = services.standings(night)
    assert st.game_over and st.winners == ["Luis"]


def test_the_deal_and_history_pages_list_every_chip_moved_with_the_deal_check(client, night):
    services.record_deal(night, DEAL1)
    services.record_deal(night, {"turned_card": "3C", "went": []})  # nobody goes: 3 chips carry over
    services.record_deal(night, {"turned_card": "3C", "payments": [{"lulo": 2, "cabeza": 1, "barriga": 1,
                                                                    "cola": 1}],
                                 "went": ["Marta", "Juan"], "tricks": ["Marta", "Juan", "Juan"]})

    html = client.get(f"/t/{night.edit_token}/deal/3/").content.decode()
    moves = text(re.search(r'id="money".*?</section>', html, re.S).group(0))
    assert "Pepe → Cabeza Dealer's chip in the Cabeza 1" in moves
    assert "Juan → Barriga Lulo #2 into the Barriga 1" in moves
    assert "Cabeza → Marta Cabeza won 3" in moves
    assert "In the pots before 3 + paid in 6 = taken out 9 + in the pots 0 ✓" in moves
    section = re.search(r'id="money".*?</section>', html, re.S).group(0)  # named once, by its heading
    assert section.count("Moved in this deal") == 1 and 'aria-labelledby="money-title"' in section

    first = text(re.search(r'id="money".*?</section>',
                           client.get(f"/t/{night.edit_token}/deal/1/").content.decode(), re.S).group(0))
    assert "Paid in 3 = taken out 3 + in the pots 0 ✓" in first

    history = client.get(f"/t/{night.edit_token}/history/").content.decode()
    assert "Moved in this deal · Paid in 3 = taken out 0 + in the pots 3 ✓" in text(history)  # deal 2: nobody went
    assert "Moved in this deal · In the pots before 3 + paid in 6 = taken out 9 + in the pots 0 ✓" in text(history)


def test_editing_a_deal_offers_the_lulos_payable_before_it(client, night):
    services.record_deal(night, DEAL1)
    services.record_deal(night, {"turned_card": "3C", "payments": [{"lulo": 1, "cabeza": 3}],
                                 "went": ["Pepe", "Marta"], "tricks": ["Pepe", "Marta", "Pepe"]})
    html = client.get(f"/t/{night.edit_token}/deal/2/edit/").content.decode()

    assert "Edit deal 2" in html and "Dealer: Luis" in html
    assert re.search(r'name="payments__0__lulo" id="[^"]+" value="1"[^>]*checked', html)
    assert 'name="payments__0__cabeza" id="id_payments__0__cabeza" value="3"' in html
    assert re.findall(r'name="went" id="id_went_\d" value="(\w+)"[^>]*checked', html) == ["Pepe", "Marta"]

    response = client.post(f"/t/{night.edit_token}/deal/2/edit/", {
        "payments__0__lulo": "1", "payments__0__cabeza": "1", "payments__0__barriga": "1",
        "payments__0__cola": "1", "turned_card": "3C", "went": ["Pepe", "Marta"], "tricks__0__player": "Pepe",
        "tricks__1__player": "Marta", "tricks__2__player": "Pepe"})
    assert response.status_code == 302
    assert Deal.objects.get(number=2).record["payments"] == [{"lulo": 1, "player": seat("Marta"), "cabeza": 1,
                                                               "barriga": 1, "cola": 1}]


def test_settling_up_reads_per_chip_and_offers_to_count_the_open_lulos(client, night):
    services.record_deal(night, DEAL1)
    html = client.get(f"/t/{night.edit_token}/settle/").content.decode()
    words = text(html)

    assert "Stake per chip" in words and "0.50 EUR per chip." in words and "Stake per point" not in words
    assert "Count the lulos still owed (open lulos)" in words
    # Open lulos let off: Ana −3 (1.50), Luis +1, Pepe +2.
    assert "Ana pays Pepe 1.00 EUR" in words and "Ana pays Luis 0.50 EUR" in words
    counted = text(client.get(f"/t/{night.edit_token}/settle/?stake=0.50&currency=EUR&include_open_lulos=yes")
                   .content.decode())
    # Counted: the 12 chips owed are shared by all six (2 each): Ana −3−3+2 = −4, Luis +3, Pepe +4, others −1.
    assert "−2.00 EUR" in counted and "+2.00 EUR" in counted


def test_settling_up_mid_night_says_which_lulos_were_let_off_or_paid_and_how_the_chips_were_shared(client, night):
    services.record_deal(night, DEAL1)
    let_off = text(client.get(f"/t/{night.edit_token}/settle/").content.decode())
    assert "Open lulos let off: Marta 3, Juan 3, Rosa 3 and Ana 3." in let_off
    counted = text(client.get(f"/t/{night.edit_token}/settle/?stake=0.50&currency=EUR&include_open_lulos=yes")
                   .content.decode())
    assert "Open lulos paid now: Marta 3, Juan 3, Rosa 3 and Ana 3." in counted
    assert "On the table: 12 chips, 2 to each player." in counted


def juan_owes_two_lulos(client, table: Table, *, counted: bool) -> None:
    """Deal 1 (DEAL1, Ana deals): Ana −3, Luis +1, Pepe +2; lulos #1 Marta, #2 Juan, #3 Rosa, #4 Ana, 3 each.
    Deal 2, Luis deals: Marta pays #1 into the cabeza (pots 4/1/1 = 6); Pepe takes all three (+6), Juan went
    without a trick: lulo #5, 6 chips. Deal 3, Pepe deals: Rosa pays #3 into the barriga (pots 1/4/1 = 6),
    nobody goes: the pots stay. Nets: Ana −3, Luis +1 − 3 = −2, Pepe +2 + 6 − 3 = +5, Marta −3, Juan 0,
    Rosa −3 (−6, the pots); open: #2 Juan 3, #4 Ana 3, #5 Juan 6; Marta deals next. Then the settle-up's choice
    saved from the edit link, at 0.50 EUR a chip."""
    services.record_deal(table, DEAL1)
    services.record_deal(table, {"turned_card": "3C", "payments": [{"lulo": 1, "cabeza": 3}],
                                 "went": ["Pepe", "Juan"], "tricks": ["Pepe", "Pepe", "Pepe"]})
    services.record_deal(table, {"turned_card": "5B", "payments": [{"lulo": 3, "barriga": 3}], "went": []})
    saved = client.post(f"/t/{table.edit_token}/settle/", {"stake": "0.50", "currency": "EUR",
                                                           "include_open_lulos": "yes" if counted else "no"})
    assert saved.status_code == 302


def net_column(html: str) -> dict[str, int]:
    """The ledger's Net column on the table page, row by row: a player's net, a player's payment in, a pot."""
    ledger = html[html.index('id="ledger-body"'):]
    rows = re.findall(r'<tr data-(player|paid-in|pot)="([^"]+)">.*?<strong>([^<]+)</strong>', ledger, re.S)
    return {f"{kind} {name}": int(amount.replace("−", "-")) for kind, name, amount in rows}


def test_open_lulos_counted_at_the_settle_up_are_each_debtors_row_on_the_table_page_and_sheet(client, night):
    """Counted (saved as yes), each debtor pays all his open lulos in, one payment each, into the cabeza (the
    seed's payer splits a lulo among the pots as he likes; settling up shares them out together): Juan 3 + 6 =
    9 (4.50 EUR), Ana 3 (1.50 EUR). The cabeza 1 + 12 = 13, the barriga 4, the cola 1: 18 on the table, 3 to
    each. The Net column adds up to zero: −3 − 2 + 5 − 3 + 0 − 3 (the nets) − 9 − 3 (paid in) + 13 + 4 + 1 (the
    pots) = 0. Each player's settle-up amount is the net, the payment in and the share: Ana −3 − 3 + 3 = −3
    (−1.50 EUR), Luis −2 + 3 = +1, Pepe +5 + 3 = +8 (4.00 EUR), Marta −3 + 3 = 0, Juan 0 − 9 + 3 = −6 (−3.00
    EUR), Rosa −3 + 3 = 0; the sheet says the same under its totals."""
    juan_owes_two_lulos(client, night, counted=True)
    html = page(client, night, ledger="1")
    column = net_column(html)
    assert column == {"player Ana": -3, "player Luis": -2, "player Pepe": 5, "player Marta": -3,
                      "player Juan": 0, "player Rosa": -3, "paid-in Juan": -9, "paid-in Ana": -3,
                      "pot Cabeza": 13, "pot Barriga": 4, "pot Cola": 1}
    assert sum(column.values()) == 0
    words = text(html)
    assert "Juan −9 −4.50 EUR 2 open lulos (3 + 6), paid into the cabeza" in words
    assert "Ana −3 −1.50 EUR open lulo, paid into the cabeza" in words
    assert "Cabeza 13 6.50 EUR 1 left on the table + 12 paid in" in words
    assert "Barriga 4 2.00 EUR left on the table" in words and "Cola 1 0.50 EUR left on the table" in words
    assert ("If you settle up now: Open lulos paid now: Juan 9 and Ana 3. On the table: 18 chips, 3 to each "
            "player.") in words
    settle = text(client.get(f"/t/{night.view_token}/settle/").content.decode())
    for row in ("Ana −3 −1.50 EUR", "Luis +1 +0.50 EUR", "Pepe +8 +4.00 EUR", "Marta 0 0.00 EUR",
                "Juan −6 −3.00 EUR", "Rosa 0 0.00 EUR"):
        assert row in settle
    assert "Open lulos paid now: Juan 9 and Ana 3. On the table: 18 chips, 3 to each player." in settle
    sheet = text(client.get(f"/t/{night.view_token}/sheet/").content.decode())
    assert ("Total −3 −2 +5 −3 0 −3 If you settle up now, paid in first: Juan −9 = −4.50 EUR (2 open lulos "
            "(3 + 6), paid into the cabeza) , Ana −3 = −1.50 EUR (open lulo, paid into the cabeza) . On the "
            "table: cabeza 13 = 6.50 EUR (1 left on the table + 12 paid in), barriga 4 = 2.00 EUR, cola 1 = 0.50 "
            "EUR. Open lulos paid now: Juan 9 and Ana 3. On the table: 18 chips, 3 to each player.") in sheet


def test_open_lulos_let_off_at_the_settle_up_add_no_row_and_the_pots_go_back_to_who_put_them(client, night):
    """Let off (saved as no), the table page's ledger is as it always was: the players' nets, no row for
    Juan's or Ana's lulos, nothing said about settling up. The pots go back to who put them: Rosa 3 (her
    lulo), Pepe 3 (his ante): Ana −3 (−1.50 EUR), Luis −2 (−1.00 EUR), Pepe +5 + 3 = +8 (4.00 EUR), Marta −3
    (−1.50 EUR), Juan 0, Rosa −3 + 3 = 0, as the settle-up pays them; the sheet leaves the pots on the table."""
    juan_owes_two_lulos(client, night, counted=False)
    html = page(client, night, ledger="1")
    assert net_column(html) == {"player Ana": -3, "player Luis": -2, "player Pepe": 5, "player Marta": -3,
                                "player Juan": 0, "player Rosa": -3}
    assert 'class="on-table"' not in html and 'id="on-table"' not in html and "paid into" not in html
    settle = text(client.get(f"/t/{night.view_token}/settle/").content.decode())
    for row in ("Ana −3 −1.50 EUR", "Luis −2 −1.00 EUR", "Pepe +8 +4.00 EUR", "Marta −3 −1.50 EUR",
                "Juan 0 0.00 EUR", "Rosa 0 0.00 EUR"):
        assert row in settle
    assert ("Open lulos let off: Juan 3, Ana 3 and Juan 6. The pots: 6 chips, back to who put them: Rosa 3 and "
            "Pepe 3.") in settle  # from Marta, who deals next, round the table
    sheet = text(client.get(f"/t/{night.view_token}/sheet/").content.decode())
    assert ("Total −3 −2 +5 −3 0 −3 Left on the table: cabeza 1 = 0.50 EUR, barriga 4 = 2.00 EUR, cola 1 = 0.50 "
            "EUR. If you settle up now: Open lulos let off: Juan 3, Ana 3 and Juan 6. The pots: 6 chips, back to "
            "who put them: Rosa 3 and Pepe 3.") in sheet
    assert "paid in first" not in sheet


def test_open_lulos_counted_with_the_pots_empty_are_still_each_debtors_row(client, night):
    """After deal 1 every pot was won: nothing lies on the table, but counted, Marta, Juan, Rosa and Ana each
    pay 3 into the cabeza: 12 chips, 2 to each. Net column: −3 + 1 + 2 (the nets) − 3 × 4 + 12 = 0; Ana −3 − 3
    + 2 = −4 (−2.00 EUR), Luis +1 + 2 = +3, Pepe +2 + 2 = +4, Marta, Juan, Rosa −3 + 2 = −1 (−0.50 EUR)."""
    services.record_deal(night, DEAL1)
    services.set_stake(night, 50, "EUR", {"include_open_lulos": True})
    column = net_column(page(client, night, ledger="1"))
    assert column == {"player Ana": -3, "player Luis": 1, "player Pepe": 2, "player Marta": 0, "player Juan": 0,
                      "player Rosa": 0, "paid-in Marta": -3, "paid-in Juan": -3, "paid-in Rosa": -3,
                      "paid-in Ana": -3, "pot Cabeza": 12}
    assert sum(column.values()) == 0
    settle = text(client.get(f"/t/{night.view_token}/settle/").content.decode())
    assert "Ana −4 −2.00 EUR" in settle and "Pepe +4 +2.00 EUR" in settle and "Marta −1 −0.50 EUR" in settle


def test_a_deal_sent_after_the_deal_that_ended_the_night_is_refused_with_why(client, db):
    """RULINGS: the game ends when, after at least one deal, nobody owes anything. A phone that saved deal 5
    offline, not knowing deal 4 ended the night, sends it: 409 and why, nothing stored (it was answered 200 with
    the finished table, no form and no word, and the phone took it for sent: found by a tester)."""
    players = ["Juan", "Ana", "Luis", "Pepe", "Marta"]
    table = services.create_table(game="toruro", players=players)
    services.record_deal(table, {"turned_card": "4O", "went": players, "tricks": ["Luis", "Pepe", "Pepe"]})
    for lulo in (1, 2, 3):  # nobody goes; each open lulo paid in, a chip in each pot: nobody owes after deal 4
        services.record_deal(table, {"turned_card": "5B", "went": [],
                                     "payments": [{"lulo": lulo, "cabeza": 1, "barriga": 1, "cola": 1}]})
    response = post(client, table, htmx=True, turned_card="6B", outbox="1")
    assert response.status_code == 409
    assert "The game ended with deal 4: deal 5 was not saved." in text(response.content.decode())
    assert table.deals.count() == 4


# -- correcting an earlier deal never moves a payment to another debtor -----------------------------------------

def test_a_payment_is_stored_with_its_debtor_and_a_correction_that_would_renumber_it_is_refused(client, night):
    """Juan pays lulo #2 in deal 2. Correcting deal 1 so that Juan took the cabeza (and Luis none) renumbers
    the list from Ana's left: Luis #1, Marta #2, Rosa #3, Ana #4. Deal 2 would then have Marta's lulo paid
    with Juan's chips: the correction is refused, naming deal 2, and nothing changes."""
    services.record_deal(night, DEAL1)
    services.record_deal(night, {"turned_card": "5B", "went": [], "payments": [{"lulo": 2, "cabeza": 3}]})
    assert Deal.objects.get(number=2).record["payments"] == [{"lulo": 2, "player": seat("Juan"), "cabeza": 3}]
    before = services.standings(night).state
    first = Deal.objects.get(number=1).record

    response = client.post(f"/t/{night.edit_token}/deal/1/edit/", {
        "turned_card": "4O", "went": PLAYERS, "tricks__0__player": "Juan", "tricks__1__player": "Pepe",
        "tricks__2__player": "Pepe"})
    assert response.status_code == 200
    assert "This change would make deal 2 impossible. Lulo #2 is Marta&#x27;s, not Juan&#x27;s." in \
        response.content.decode()
    assert Deal.objects.get(number=1).record == first and Deal.objects.get(number=1).revision == 1
    assert services.standings(night).state == before


def test_a_payment_naming_the_wrong_debtor_is_refused(night):
    services.record_deal(night, DEAL1)
    with pytest.raises(services.InvalidRecord) as refused:
        services.record_deal(night, {"turned_card": "5B", "went": [],
                                     "payments": [{"lulo": 2, "cabeza": 3, "player": "Marta"}]})
    assert str(refused.value.errors["payments"]) == "Lulo #2 is Juan's, not Marta's."
    assert Deal.objects.count() == 1


def test_the_ledger_check_counts_what_the_deals_moved_so_it_can_fail(client, night):
    """The check is the ledger's (players' nets + pots = 0), said as paid in (from the antes and the lulo
    list) = taken out (the chips the deals moved out of the pots) + in the pots: a state where they disagree
    (one chip taken out that no deal moved, or a chip in a player's net that came from nowhere) shows the
    alarm."""
    services.record_deal(night, DEAL1)
    assert "Paid in 3 = taken out 3 + in the pots 0 ✓" in text(page(client, night))
    deal = Deal.objects.get(number=1)
    good = json.loads(json.dumps(deal.state_after))
    for broken in ("chips", "ledger"):
        state = json.loads(json.dumps(good))
        if broken == "chips":
            state["chips"]["taken_out"] += 1
        else:
            state["ledger"]["players"][0] += 1
        Deal.objects.filter(pk=deal.pk).update(state_after=state)
        night.refresh_from_db()
        Table.objects.filter(pk=night.pk).update(version=night.version + 1)  # the page cache is per version
        assert "does not add up: please report this table" in text(page(client, night)), broken


def test_one_lulo_for_two_offences_names_both_on_the_list(client, night):
    """With one lulo a deal (the default), Marta went, took no trick and also failed to follow suit: her one
    lulo says both, so nobody has to remember the broken rule."""
    services.record_deal(night, {**DEAL1, "misplays": [{"player": "Marta", "rule": "follow_suit"}]})
    marta = next(debt for debt in services.standings(night).state.ledger.debts if debt.debtor == 3)
    assert lulo_row(page(client, night), marta.id).startswith(
        f"{marta.id} Marta went, took no trick, and broke “Follow suit”")


def test_a_deal_page_lists_every_chip_moved_with_the_deals_own_check(client, night):
    services.record_deal(night, DEAL1)
    html = client.get(f"/t/{night.view_token}/deal/1/").content.decode()
    # Deal 1: Ana deals and antes one chip in each pot (paid in 3); the three pots are won (taken out 3).
    check = re.search(r'id="money-check">(.*?)</p>', html, re.S).group(1)
    assert "Paid in 3 = taken out 3 + in the pots 0" in text(check) and "✓" in check


def test_a_lulo_paid_reads_with_its_pots_named_in_the_history():
    """A payment is a row of numbers: each after its label, not "2, 1, 1, 1, Eva" (found by a tester)."""
    from games.toruro.rules import GAME
    from scoring.views.deals import describe_record
    table = GAME.table(["Ana", "Bea", "Eva", "Dani", "Luis"])
    lines = dict(describe_record(GAME, table, {"payments": [{"lulo": 2, "cabeza": 1, "barriga": 1, "cola": 1,
                                                             "player": {"seat": 2, "name": "Eva"}}]}))
    assert lines["Lulos paid"] == "Lulo #2, Cabeza 1, Barriga 1, Cola 1, Eva"


def test_a_game_closed_when_the_players_changed_shows_no_next_deal(client, night):
    """Kept as it stood: its lulo list and pots, but no "Deal 2: … deals" panel (a tester read a closed game's
    page as if it went on)."""
    from scoring import seating
    services.record_deal(night, {"turned_card": "5B", "went": list(services.table_spec(night).players),
                                 "tricks": ["Ana", "Ana", "Ana"]})
    assert 'id="this-deal"' in page(client, night)
    closed = seating.change_seats(night, [*services.table_spec(night).players, "Zoe"])
    assert closed is not None
    html = client.get(f"/t/{closed.view_token}/").content.decode()
    assert 'id="this-deal"' not in html and 'id="lulo-list"' in html


def test_joining_a_night_under_way_says_first_what_becomes_of_its_open_lulos_and_its_pots(client, night):
    """Someone joining closes the night as it stands (scoring.seating). Before it is confirmed, the players page
    says what becomes of what lies on the table, which the standings do not show: the lulos still owed and the
    chips in the pots stay with the closed night, settled up on its own (let off and given back to who put them,
    or all shared equally if its settle-up counts the lulos still owed), and the new night starts with empty pots
    and no lulo (found by player-testers: the page said nothing of them). After deal 1, Marta pays lulo #1 a chip
    a pot in deal 2 and nobody goes: Juan, Rosa and Ana still owe 3 chips each, and the pots hold 6."""
    services.record_deal(night, DEAL1)
    services.record_deal(night, {"turned_card": "5B", "went": [],
                                 "payments": [{"lulo": 1, "cabeza": 1, "barriga": 1, "cola": 1}]})
    sent = {"action": "join", "join-name": "Zoe", "join-after": "5", "join-players": json.dumps(PLAYERS)}

    html = client.post(f"/t/{night.edit_token}/players/", sent).content.decode()

    notes = [text(note) for note in re.findall(r'<p class="confirm-note">(.*?)</p>', html, re.S)]
    assert notes == [
        "3 lulos are still owed (9 chips): they are not carried into the new game. Settling this game up lets them "
        "off, unless you choose there to count the lulos still owed: then they are paid and the chips on the table "
        "are shared equally.",
        "6 chips lie in the pots: the new game starts with empty pots. Settling this game up gives them back to "
        "whoever put them there (shared equally if you count the lulos still owed)."]
    assert client.post(f"/t/{night.edit_token}/players/", {**sent, "join-confirm": "1"}).status_code == 302
    new = services.standings(Table.objects.get(pk=night.pk)).state.ledger
    assert new.pots_total() == 0 and not new.debts
    closed = services.standings(Table.objects.get(closed=True)).state.ledger
    assert closed.pots_total() == 6 and [debt.amount for debt in closed.open_debts()] == [3, 3, 3]


def test_a_watcher_sees_the_next_deals_number_as_the_scorekeeper_does(client, night):
    """Before the first deal, and again once the players changed and a new night began, the watcher's page read
    "Ana deals" where the scorekeeper's read "Deal 1: Ana deals" (a tester); and so did the region both phones
    poll."""
    from scoring import seating
    for link in (night.edit_token, night.view_token):
        assert "Deal 1: Ana deals" in section(client.get(f"/t/{link}/").content.decode(), "this-deal")
        assert "Deal 1: Ana deals" in section(client.get(f"/t/{link}/live/").content.decode(), "this-deal")
    services.record_deal(night, DEAL1)
    seating.change_seats(night, PLAYERS[:-1])  # Rosa leaves: the deal passes on to Luis
    assert "Deal 1: Luis deals" in section(client.get(f"/t/{night.view_token}/").content.decode(), "this-deal")


def test_an_undone_deal_with_a_lulo_paid_reads_as_its_breakdown_in_the_history(client, night):
    """Not "Lulos paid Lulo #1, Cabeza 2, Cola 1, Marta" (a tester): the deal's own words, as when it counted."""
    services.record_deal(night, DEAL1)
    services.record_deal(night, {"turned_card": "3C", "went": ["Pepe", "Marta"], "tricks": ["Pepe", "Marta", "Pepe"],
                                 "payments": [{"lulo": 1, "player": "Marta", "cabeza": 2, "cola": 1}]})
    counted = text(client.get(f"/t/{night.view_token}/deal/2/").content.decode())
    services.undo_last(night)
    article = re.search(r'id="deal-2".*?</article>', client.get(f"/t/{night.view_token}/history/").content.decode(),
                        re.S).group(0)
    assert "Lulos paid" not in text(article)
    assert "Marta pays lulo #1 (3 chips): cabeza 2, barriga 0, cola 1." in text(article) and \
        "Marta pays lulo #1 (3 chips): cabeza 2, barriga 0, cola 1." in counted


def test_the_earlier_lulos_folded_under_the_list_stay_open_as_the_live_region_is_redrawn(client, night):
    """A watcher who opened "N earlier lulos" keeps them open when the next deal redraws the live region: the
    region is asked with ?lulos=1 (static/app/app.js) and draws them open."""
    services.record_deal(night, DEAL1)  # Ana, Marta, Juan and Rosa take no trick: lulos #1-#4
    rosa_alone_breaks_the_lead(night, 7)  # and seven more of Rosa's: a long list (over ten)
    for _ in range(5):  # each deal a lowest open lulo is paid into the cabeza, and nobody goes
        debts = [d for d in services.standings(night).state.ledger.debts if d.open]
        debt = min(debts, key=lambda d: d.amount)
        services.record_deal(night, {"turned_card": "4O", "went": [], "tricks": [],
                                     "payments": [{"lulo": debt.id, "cabeza": debt.amount}]})
    version = Table.objects.get(pk=night.pk).version
    folded = client.get(f"/t/{night.view_token}/live/", {"v": version - 1}).content.decode()
    opened = client.get(f"/t/{night.view_token}/live/", {"v": version - 1, "lulos": "1"}).content.decode()
    assert '<details class="earlier-lulos" data-open-param="lulos"><summary' in folded
    assert '<details class="earlier-lulos" data-open-param="lulos" open><summary' in opened


def test_a_total_with_chips_back_from_the_pots_shows_its_figure_large_and_its_reason_under_it(client, db):
    """The night over with chips in the pots: each standing says what it is made of, "−3 (−6, 3 back from the
    pots)". Said in one large line it pushed the names to a letter a line ("C/a/r/l/o/s", a tester, on the big
    screen and the table page): the figure stays large, the reason goes under it in small type."""
    table = services.create_table(game="toruro", players=["Juan", "Ana", "Luis", "Pepe", "Marta"])
    services.record_deal(table, {"turned_card": "4O", "went": ["Juan", "Ana", "Luis", "Pepe", "Marta"],
                                 "tricks": ["Luis", "Pepe", "Pepe"]})
    for lulo in (1, 2, 3):  # nobody goes; each open lulo paid in, a chip in each pot
        services.record_deal(table, {"turned_card": "5B", "went": [],
                                     "payments": [{"lulo": lulo, "cabeza": 1, "barriga": 1, "cola": 1}]})
    assert services.standings(table).game_over
    for url in (f"/t/{table.edit_token}/", f"/t/{table.view_token}/big/"):
        html = client.get(url).content.decode()
        scores = re.findall(r'<td class="score[^"]*">(.*?)</td>', html, re.S)
        assert scores and all(re.fullmatch(r'[+−]?\d+( <span class="total-note">\(.+\)</span>)?', s) for s in scores)
        assert any("back from the pots)</span>" in s for s in scores)


def field_box(html: str, name: str) -> str:
    """The opening tag of a referee field's box (its questions and whether it is hidden)."""
    found = re.search(rf'<div class="mb-3" id="field-{name}"[^>]*>', html)
    assert found, name
    return found.group(0)


@pytest.mark.django_db
def test_the_referee_asked_from_a_table_starts_the_lulo_list_from_the_night(client):
    """Seed 002: "Any player, starting with the dealer, who owes one of the least-valued lulos can choose to pay
    it". After deal 1 (Marta, Juan, Rosa and Ana owe 3 each; Luis deals next), the referee asked from the table
    has the night in its lulo question: who deals, each player's open lulos; its going and lulo questions show only
    their own fields; asked, it answers from them."""
    table = services.create_table(game="toruro", players=PLAYERS)
    services.record_deal(table, DEAL1)
    blank = client.get("/referee/toruro/", {"table": table.view_token}).content.decode()
    assert re.search(r'<input type="radio" name="dealer" value="Luis"[^>]*checked', blank)
    assert re.search(r'name="lulos_3" id="id_lulos_3" value="3"', blank) and "Rosa: open lulos" in blank
    assert "hidden" in field_box(blank, "lulos_3") and "hidden" not in field_box(blank, "hand")
    assert "hidden" not in field_box(blank, "turned_card")  # the play question's, and going's
    response = client.get("/referee/toruro/", {"ask": "1", "table": table.view_token, "question": "lulos",
                                               "dealer": "Luis", "lulos_3": "3", "lulos_4": "3", "lulos_5": "3",
                                               "lulos_0": "3", "payer": "Rosa", "hand": "ZZ"})
    answer = response.context["answer"]
    assert answer["legal"] is True and answer["cite"]["anchor"] == "paying-lulos"
    assert answer["explanation"].startswith("Rosa may pay their 3-chip lulo this deal, if Marta and Juan, asked "
                                            "before them, do not pay first.")
    page = response.content.decode()
    assert "do not pay first.<br>Lulos are paid lowest first" in page  # a line each
    assert "hidden" in field_box(page, "hand") and "hidden" not in field_box(page, "payer")
    assert "hidden" in field_box(page, "turned_card")
    going = client.get("/referee/toruro/", {"ask": "1", "table": table.view_token, "question": "going",
                                            "turned_card": "1O", "stayed_out": "Rosa"}).context["answer"]
    assert going["legal"] is False and going["cite"]["anchor"] == "house-rules-options-of-the-table"


@pytest.mark.django_db
def test_the_pots_question_asked_from_a_table_shows_each_players_lulos_committed(client):
    """Seed 002, house rule 1: "if you already have 9 lulos (payed or not) and once again you commit lulo, this
    one's for free": who collects and owes depends on each player's count, which the table knows. After deal 1
    (Marta, Juan, Rosa and Ana commit one each), the pots question has them under each name; the lulo question
    does not ask them."""
    table = services.create_table(game="toruro", players=PLAYERS)
    services.record_deal(table, DEAL1)
    blank = client.get("/referee/toruro/", {"table": table.view_token}).content.decode()
    for seat, count in enumerate((1, 0, 0, 1, 1, 1)):
        assert f'name="count_{seat}" id="id_count_{seat}" value="{count}"' in blank
    assert "Marta: lulos committed so far" in blank and 'data-questions="pots"' in field_box(blank, "count_3")
    response = client.get("/referee/toruro/", {"ask": "1", "table": table.view_token, "question": "pots",
                                               "dealer": "Luis", "cabeza_to": "Pepe", "barriga_to": "Pepe",
                                               "cola_to": "Pepe", "no_trick": "Juan", "count_4": "9"})
    assert "Juan went and took no trick: their lulo number 10, free" in response.context["answer"]["explanation"]
    assert "hidden" not in field_box(response.content.decode(), "count_4")


@pytest.mark.django_db
def test_every_referee_example_is_answered_on_the_page_with_its_rule_quoted(client):
    """Seed 002 and RULINGS.md: each example the referee page offers (plays, going, the lulo list, the pots) is
    answered, quoting the paragraph it rests on, at a table of five as at one of ten (its seats the first ones)."""
    for players in (PLAYERS[:5], [*PLAYERS, "Eva", "Noa", "Iker", "Leo"]):
        table = services.create_table(game="toruro", players=players)
        page = client.get("/referee/toruro/", {"table": table.view_token})
        for example in page.context["examples"]:
            answer = client.get(f"/referee/toruro/?{example['query']}").context["answer"]
            assert answer is not None and answer["cite"]["quote"], example["title"]
