"""An edit of a deal entered card by card, from its edit form and the API: its cards stay with it as long as the
record saved is the one they make (the game's rules play them again); an edit they contradict is said before
anything is saved, with the way to correct the cards instead, and drops them only when saved so knowingly.
(A tester lost a deal's cards by saving its edit form untouched: the form does not carry them.)

Deal A is test_card_entry.py's (games/tarot/tests/test_cards.py, counted there by hand): S's Garde with 2 bouts
and 53 points, the petit au bout to the attack (S +282, the others −94 each)."""

from __future__ import annotations

import re

import pytest

from scoring import services
from scoring.models import DealRevision, Table
from tests.api.conftest import JsonClient
from tests.scoring.drawn_form import as_drawn
from tests.scoring.test_card_entry import CARDS_A, SEATS, saved_deal_a
from tests.scoring.test_home import field_error


@pytest.fixture
def table(db) -> Table:
    return services.create_table(game="tarot", players=SEATS, first_dealer=3)  # W deals, N leads (as in Deal A)


def edit_url(table: Table, number: int = 1) -> str:
    return f"/t/{table.edit_token}/deal/{number}/edit/"


def drawn_edit_form(client, table: Table) -> dict:
    return as_drawn(client.get(edit_url(table)).content.decode())


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_an_edit_saved_untouched_keeps_the_cards_and_stores_no_revision(client, table):
    """History → Deal 1 → Edit → Save, nothing touched: the deal is as it was, cards and all, and the page says
    nothing changed (a revision is a change)."""
    deal = saved_deal_a(client, table)
    response = client.post(edit_url(table), drawn_edit_form(client, table), follow=True)
    assert messages_of(response)[-1] == "Deal 1: nothing changed."
    deal.refresh_from_db()
    assert deal.revision == 1 and deal.record["plays"]["cards"] == CARDS_A
    assert DealRevision.objects.filter(deal=deal).count() == 1
    page = client.get(f"/t/{table.edit_token}/deal/1/").content.decode()
    assert "The cards, trick by trick" in page and f"/t/{table.edit_token}/deal/1/cards/" in page


def test_an_edit_the_cards_agree_with_keeps_them(client, table):
    """A Prise for the Garde: the cards decide the bouts and the points, not the contract's multiplier; they still
    make the record saved. 53 points with 2 bouts is 12 over the 41 needed: (25 + 12) × 1 + 10 for the petit au
    bout = 47 from each defender, S +141 (the Garde was twice that: +282)."""
    deal = saved_deal_a(client, table)
    response = client.post(edit_url(table), {**drawn_edit_form(client, table), "contract": "prise"}, follow=True)
    assert messages_of(response)[-1] == "Deal 1 changed."
    deal.refresh_from_db()
    assert deal.revision == 2 and deal.record["contract"] == "prise"
    assert deal.record["plays"]["cards"] == CARDS_A and deal.outcome["scores"] == [-47, -47, 141, -47]


def test_an_edit_the_cards_contradict_saves_nothing_and_says_so_before_saving(client, table):
    """3 bouts where the cards give the attack 2: nothing is saved; the form says the cards say 2, that saving
    these entries drops the cards, and offers to correct the cards instead; its Save now says what it does."""
    deal = saved_deal_a(client, table)
    data = {**drawn_edit_form(client, table), "bouts": "3"}
    response = client.post(edit_url(table), data)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Deal 1 was entered card by card, and its cards say otherwise than the fields marked below. Nothing " \
           "was saved." in html
    assert field_error(html, "bouts") == "The cards say: 2."
    assert 'name="bouts" value="3"' in html  # the entries kept
    assert re.search(r'<button class="btn btn-danger btn-lg" type="submit" name="drop_cards" value="1">\s*Save '
                     r'without the cards</button>', html)
    assert 'form="cards-correction">Correct the cards instead</button>' in html
    assert f'<form id="cards-correction" method="post" action="/t/{table.edit_token}/deal/1/cards/">' in html
    deal.refresh_from_db()
    assert deal.revision == 1 and deal.record["bouts"] == 2 and deal.record["plays"]["cards"] == CARDS_A


def test_correcting_the_cards_instead_opens_them_card_by_card(client, table):
    saved_deal_a(client, table)
    html = client.get(edit_url(table)).content.decode()
    assert "Entered card by card: its cards stay with it as long as what you save agrees with them." in html
    response = client.post(f"/t/{table.edit_token}/deal/1/cards/", as_drawn(html, "cards-correction"))
    assert response.status_code == 302 and response["Location"] == f"/t/{table.edit_token}/play/"
    assert "Deal 1: its cards" in client.get(response["Location"]).content.decode()


def test_saving_without_the_cards_knowingly_drops_them_and_the_history_keeps_them(client, table):
    deal = saved_deal_a(client, table)
    data = {**drawn_edit_form(client, table), "bouts": "3", "drop_cards": "1"}
    response = client.post(edit_url(table), data, follow=True)
    assert messages_of(response)[-1] == ("Deal 1 changed. Its cards were dropped: its earlier revisions in the "
                                         "history keep them.")
    deal.refresh_from_db()
    assert deal.revision == 2 and deal.record["bouts"] == 3 and "plays" not in deal.record
    first = DealRevision.objects.get(deal=deal, revision=1)
    assert first.record["plays"]["cards"] == CARDS_A  # a revert brings them back


def test_saving_without_the_cards_entries_they_agree_with_keeps_them(client, table):
    """The second Save drops the cards only if they still say otherwise: entries put back as the cards have them
    keep the cards."""
    deal = saved_deal_a(client, table)
    data = {**drawn_edit_form(client, table), "contract": "prise", "drop_cards": "1"}
    client.post(edit_url(table), data)
    deal.refresh_from_db()
    assert deal.revision == 2 and deal.record["plays"]["cards"] == CARDS_A


def test_a_deal_entered_as_numbers_says_nothing_of_cards(client, table):
    client.post(f"/t/{table.edit_token}/deal/", {"taker": "S", "contract": "garde", "bouts": "2", "points": "53"})
    html = client.get(edit_url(table)).content.decode()
    assert "Entered card by card" not in html and "cards-correction" not in html


# -- the API ------------------------------------------------------------------------------------------------

@pytest.fixture
def api() -> JsonClient:
    return JsonClient()


def put(api: JsonClient, table: Table, record: dict, **more) -> tuple[int, dict]:
    response = api.put(f"/api/tables/{table.edit_token}/deals/1", {"record": record, **more})
    return response.status_code, response.json()


def read_back(api: JsonClient, table: Table) -> dict:
    """Deal 1's record as the API reads it, without its cards (a client that edits the numbers only)."""
    deal = api.get(f"/api/tables/{table.view_token}").json()["deals"][0]
    return {key: value for key, value in deal["record"].items() if key != "plays"}


def test_the_api_keeps_the_cards_of_a_record_sent_back_without_them(client, api, table):
    deal = saved_deal_a(client, table)
    status, answer = put(api, table, read_back(api, table), revision=1)
    assert status == 200 and answer["unchanged"] and not answer["cards_dropped"]
    assert answer["revision"] == 1 and answer["record"]["plays"]["cards"] == CARDS_A
    status, answer = put(api, table, {**read_back(api, table), "contract": "prise"})
    assert status == 200 and answer["revision"] == 2 and not answer["unchanged"]
    assert answer["record"]["plays"]["cards"] == CARDS_A and not answer["cards_dropped"]
    deal.refresh_from_db()
    assert deal.record["plays"]["cards"] == CARDS_A


def test_the_api_drops_the_cards_a_record_contradicts_and_says_what_they_said(client, api, table):
    deal = saved_deal_a(client, table)
    status, answer = put(api, table, {**read_back(api, table), "bouts": 3, "points": "57"})
    assert status == 200 and answer["cards_dropped"]
    assert answer["cards_said"] == {"bouts": 2, "points": "53"}
    assert "plays" not in answer["record"] and answer["record"]["bouts"] == 3
    deal.refresh_from_db()
    assert deal.revision == 2 and "plays" not in deal.record


def test_the_api_stores_a_record_sent_with_its_plays_null_without_cards(client, api, table):
    saved_deal_a(client, table)
    status, answer = put(api, table, {**read_back(api, table), "plays": None})
    assert status == 200 and "plays" not in answer["record"] and not answer["cards_dropped"]
    assert answer["revision"] == 2


def test_the_edit_forms_preview_says_what_the_cards_say_before_save(client, table):
    """The live preview under the edit form says what Save would: 3 bouts where the cards give the attack 2 (a
    reviewer: the preview showed a clean score that Save then refused)."""
    saved_deal_a(client, table)
    data = {**drawn_edit_form(client, table), "bouts": "3"}
    html = client.post(f"/t/{table.edit_token}/preview/?deal=1", data).content.decode()
    assert re.search(r'class="[^"]*preview-problem">Bouts[^<]*: The cards say: 2\.</p>', html), html
    agreed = client.post(f"/t/{table.edit_token}/preview/?deal=1", {**data, "bouts": "2"}).content.decode()
    assert "preview-problem" not in agreed and "+282" in agreed  # as stored: S +282
