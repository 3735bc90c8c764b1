"""The live preview of a deal's score on the record form, before Save: the entries scored against the table as it
stands (or, when editing, against the state before that deal), or what is missing, or the first message. It
reads only: no deal, no revision, no version bump, no session, no write of any kind."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from scoring import services
from scoring.models import Deal, DealRevision, Table

from .conftest import plain_deal

MINUS = "−"


def preview(client, table: Table, data: dict, **params) -> str:
    query = "&".join(f"{k}={v}" for k, v in params.items())
    response = client.post(f"/t/{table.edit_token}/preview/" + (f"?{query}" if query else ""), data,
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode()


def lines(html: str) -> list[tuple[str, str, str]]:
    """The preview's table: (side, the deal's score, the total after it)."""
    return [(side, score, total) for side, score, _was, total in rows(html)]


def rows(html: str) -> list[tuple[str, str, str, str]]:
    """The preview's table: (side, the deal's score, "(was …)" when editing changes it, the total after it)."""
    return re.findall(r'<tr><th scope="row">(.*?)</th><td class="num \w*">(.*?)'
                      r'(?: <small class="was[^"]*">(.*?)</small>)?</td><td class="num">(.*?)</td></tr>', html)


def test_a_valid_entry_previews_its_exact_score(client, tarot4):
    html = preview(client, tarot4, {"taker": "E", "contract": "garde", "bouts": "2", "points": "49"})
    # Garde, 2 bouts need 41: 49 − 41 = 8 → (25 + 8) × 2 = 66 from each defender, 3 × 66 = 198 to E.
    assert lines(html) == [("N", f"{MINUS}66", f"{MINUS}66"), ("S", f"{MINUS}66", f"{MINUS}66"),
                           ("E", "+198", "+198"), ("W", f"{MINUS}66", f"{MINUS}66")]
    assert "49 − 41 = 8" in html and "(25 + 8) × 2 = 66" in html  # the breakdown, read aloud
    assert "not saved yet" in html


def test_the_totals_after_it_run_on_from_the_table_as_it_stands(client, tarot4):
    services.record_deal(tarot4, plain_deal())  # E +198, the others −66
    html = preview(client, tarot4, {"taker": "S", "contract": "prise", "bouts": "1", "points": "40"})
    # Prise, 1 bout needs 51: 40 − 51 = −11 → lost, (25 + 11) × 1 = 36 to each defender; S pays 3 × 36 = 108.
    assert lines(html) == [("N", "+36", f"{MINUS}30"), ("S", f"{MINUS}108", f"{MINUS}174"),
                           ("E", "+36", "+234"), ("W", "+36", f"{MINUS}30")]


def test_editing_a_deal_previews_it_against_the_state_before_it(client, tarot4):
    services.record_deal(tarot4, plain_deal())
    services.record_deal(tarot4, plain_deal(taker="S"))
    html = preview(client, tarot4, {"taker": "N", "contract": "garde", "bouts": "2", "points": "49"}, deal=1)
    # Deal 1 as N's garde: N +198 from zero (the state before deal 1), not from the −66 − 66 = −132 N holds now.
    assert lines(html)[0] == ("N", "+198", "+198")


def test_editing_an_undone_deal_previews_its_score_and_no_total(client, tarot4):
    services.record_deal(tarot4, plain_deal())
    services.undo_last(tarot4)
    html = preview(client, tarot4, {"taker": "N", "contract": "garde", "bouts": "2", "points": "49"}, deal=1)
    # N's garde: +198 for the deal itself; undone, it moves no total, so the preview shows none.
    assert re.findall(r'<tr><th scope="row">(.*?)</th><td class="num \w*">(.*?)</td></tr>', html)[0] == ("N", "+198")
    assert not lines(html) and ">Total<" not in html
    assert "This deal is undone: what it scores counts for nobody until it is restored." in html


def test_an_incomplete_entry_says_what_is_still_to_fill_in(client, tarot4):
    html = preview(client, tarot4, {"taker": "E", "contract": "garde"})
    assert "Incomplete" in html and "Bouts held by the attack" in html and "Card points" in html
    assert not lines(html)


def test_an_entry_the_rules_refuse_shows_the_first_message(client, tarot4):
    html = preview(client, tarot4, {"taker": "E", "contract": "garde", "bouts": "2", "points": "95"})
    assert re.search(r'class="[^"]*preview-problem">Card points: Card points run from 0 to 91\.</p>', html)
    assert not lines(html)


def test_an_entry_that_is_not_a_number_shows_the_fields_message(client, tarot4):
    html = preview(client, tarot4, {"taker": "E", "contract": "garde", "bouts": "2", "points": "4x"})
    assert "Card points: Enter a number, like 49 or 40.5." in html


def test_a_void_deal_previews_as_void(client, tarot4):
    html = preview(client, tarot4, {"void": "on"})
    assert ">void</span>" in html and lines(html)[0] == ("N", "0", "0")


def test_nothing_is_written(client, tarot4):
    services.record_deal(tarot4, plain_deal())
    tarot4.refresh_from_db()
    version, deals, revisions = tarot4.version, Deal.objects.count(), DealRevision.objects.count()
    with CaptureQueriesContext(connection) as queries:
        preview(client, tarot4, {"taker": "S", "contract": "garde", "bouts": "2", "points": "49"})
        preview(client, tarot4, {"taker": "S", "contract": "garde", "bouts": "2", "points": "95"})
    tarot4.refresh_from_db()
    assert (tarot4.version, Deal.objects.count(), DealRevision.objects.count()) == (version, deals, revisions)
    writes = [q["sql"] for q in queries.captured_queries if not q["sql"].lstrip().upper().startswith("SELECT")]
    assert writes == []


def test_no_session_is_created(client, tarot4):
    response = client.post(f"/t/{tarot4.edit_token}/preview/", {"taker": "E"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "sessionid" not in response.cookies


def test_the_view_link_cannot_preview(client, tarot4):
    assert client.post(f"/t/{tarot4.view_token}/preview/", {"taker": "E"}).status_code == 403


@pytest.mark.parametrize("data", [
    {"taker": "Nobody", "contract": "garde", "bouts": "2", "points": "49"},
    {"taker": "E", "contract": "x" * 5000, "bouts": "9" * 400, "points": "1e999"},
    {"poignees__0__side": "attack", "poignees__99999__size": "simple", "deal_number": "-1"},
    {"taker": ["E", "S"], "csrfmiddlewaretoken": "nonsense"},
])
def test_bad_entries_never_fail(client, tarot4, data):
    html = preview(client, tarot4, data)
    assert "preview-problem" in html or "preview-incomplete" in html


@pytest.mark.parametrize("deal", ["0", "abc", "99999999999"])
def test_a_bad_deal_number_is_read_as_a_new_deal(client, tarot4, deal):
    html = preview(client, tarot4, {"taker": "E", "contract": "garde", "bouts": "2", "points": "49"}, deal=deal)
    assert lines(html)[2] == ("E", "+198", "+198")


def test_the_record_form_asks_for_the_preview_as_it_is_filled_in(client, tarot4, edit_url):
    html = client.get(edit_url).content.decode()
    area = re.search(r'<section id="deal-preview"[^>]*>', html).group(0)
    assert f'hx-post="/t/{tarot4.edit_token}/preview/"' in area
    assert 'hx-include="closest form"' in area and "from:closest form delay:" in area
    # Inside the record form, before Save: without JavaScript it is an empty section and the form posts as ever.
    form = re.search(r'<form id="record".*?</form>', html, re.S).group(0)
    assert 'id="deal-preview"' in form and form.index('id="deal-preview"') < form.index(">Save<")


def test_the_edit_form_previews_that_deal(client, tarot4):
    services.record_deal(tarot4, plain_deal())
    html = client.get(f"/t/{tarot4.edit_token}/deal/1/edit/").content.decode()
    assert f'hx-post="/t/{tarot4.edit_token}/preview/?deal=1"' in html
    # htmx is not switched off around it (as on the new-deal page of its own, whose form's htmx targets the table
    # page): an hx-disable anywhere above the section would leave it empty, as a tester found it.
    assert "hx-disable" not in html[:html.index('id="deal-preview"')]
    assert "#}" not in html  # the page's own note stays a comment (a {# #} on two lines is printed as text)


def test_the_preview_follows_the_main_fields_of_an_edit_whose_more_is_open(client, tarot4):
    """A tester found '95' in the card points refused only ~2,000 px lower, after the open 'More' (a stored
    petit au bout opens it): the preview sits right under the main fields, as on a new deal's form."""
    services.record_deal(tarot4, plain_deal(petit_au_bout="attack"))
    form = re.search(r'<form id="record".*?</form>',
                     client.get(f"/t/{tarot4.edit_token}/deal/1/edit/").content.decode(), re.S).group(0)
    assert "<details class=\"more mb-2\" open>" in form and form.count('id="deal-preview"') == 1
    assert form.index('id="field-points"') < form.index('id="deal-preview"') < form.index('<details class="more')


def test_the_preview_follows_a_new_deals_more_while_it_is_closed(client, tarot4):
    form = re.search(r'<form id="record".*?</form>',
                     client.get(f"/t/{tarot4.edit_token}/").content.decode(), re.S).group(0)
    assert '<details class="more mb-2">' in form and form.count('id="deal-preview"') == 1
    assert form.index('<details class="more') < form.index('id="deal-preview"') < form.index(">Save<")


def test_the_preview_of_an_edit_shows_the_new_scores_beside_the_stored_ones(client, tarot4):
    services.record_deal(tarot4, plain_deal())  # stored: E +198, each defender −66
    services.record_deal(tarot4, plain_deal(taker="S"))
    html = preview(client, tarot4, {"taker": "E", "contract": "garde", "bouts": "2", "points": "60"}, deal=1)
    # Garde, 2 bouts need 41: 60 − 41 = 19 → (25 + 19) × 2 = 88 from each defender, 3 × 88 = 264 to E.
    # Deal 1's totals are its scores (nothing before it); the column says whose totals they are.
    assert rows(html) == [("N", f"{MINUS}88", f"(was {MINUS}66)", f"{MINUS}88"),
                          ("S", f"{MINUS}88", f"(was {MINUS}66)", f"{MINUS}88"),
                          ("E", "+264", "(was +198)", "+264"),
                          ("W", f"{MINUS}88", f"(was {MINUS}66)", f"{MINUS}88")]
    assert ">After deal 1<" in html and ">Total<" not in html


def test_the_preview_of_an_edit_says_nothing_was_where_a_score_stays(client, tarot4):
    services.record_deal(tarot4, plain_deal())
    html = preview(client, tarot4, plain_deal(points="49"), deal=1)  # the deal as stored: E +198, −66 each
    assert rows(html)[2] == ("E", "+198", "", "+198") and "(was" not in html


def test_an_edit_the_rules_refuse_shows_the_record_forms_message(client, tarot4):
    services.record_deal(tarot4, plain_deal())
    entries = {"taker": "E", "contract": "garde", "bouts": "2", "points": "95"}
    problem = re.compile(r'class="[^"]*preview-problem">(.*?)</p>')
    edited = problem.search(preview(client, tarot4, entries, deal=1)).group(1)
    assert edited == "Card points: Card points run from 0 to 91."
    assert edited == problem.search(preview(client, tarot4, entries)).group(1)  # the record form's, word for word


def test_an_edit_is_scored_against_the_state_before_that_deal_not_the_last(client, pool):
    # The pool holds 20; a player takes no more than is left.
    services.record_deal(pool, {"player": "Ana", "points": 10})  # 20 − 10 = 10 left
    services.record_deal(pool, {"player": "Bea", "points": 2})   # 10 − 2 = 8 left
    services.record_deal(pool, {"player": "Ana", "points": 3})   # 8 − 3 = 5 left now
    html = preview(client, pool, {"player": "Bea", "points": "7"}, deal=2)
    # Deal 2 as Bea's 7: 7 ≤ the 10 left before it (against the 5 left now it would be refused); then 3 left,
    # enough for deal 3's 3. Totals after deal 2: Ana 10 + 0 = 10, Bea 0 + 7 = +7.
    assert rows(html) == [("Ana", "0", "", "+10"), ("Bea", "+7", "(was +2)", "+7")]
    assert "preview-problem" not in html


def test_an_edit_that_would_make_a_later_deal_impossible_says_so_before_save(client, pool):
    services.record_deal(pool, {"player": "Ana", "points": 10})
    services.record_deal(pool, {"player": "Bea", "points": 2})
    services.record_deal(pool, {"player": "Ana", "points": 3})
    html = preview(client, pool, {"player": "Bea", "points": "8"}, deal=2)
    # 10 − 8 = 2 left after deal 2: deal 3's 3 no longer fits. Save says the same, and stores nothing.
    assert "This change would make deal 3 impossible. Only 2 left." in html and not rows(html)
    saved = client.post(f"/t/{pool.edit_token}/deal/2/edit/", {"player": "Bea", "points": "8"})
    assert "This change would make deal 3 impossible. Only 2 left." in saved.content.decode()


def test_the_preview_of_an_edit_replays_only_a_few_later_deals(client, pool, monkeypatch):
    # Each keystroke asks again and no rate limit counts a read: past LATER_DEALS_REPLAYED later deals the
    # preview leaves them to Save, which still refuses.
    monkeypatch.setattr("scoring.views.preview.LATER_DEALS_REPLAYED", 0)
    services.record_deal(pool, {"player": "Ana", "points": 10})
    services.record_deal(pool, {"player": "Bea", "points": 2})
    services.record_deal(pool, {"player": "Ana", "points": 3})
    html = preview(client, pool, {"player": "Bea", "points": "8"}, deal=2)
    assert "impossible" not in html and rows(html)[1][1:3] == ("+8", "(was +2)")
    saved = client.post(f"/t/{pool.edit_token}/deal/2/edit/", {"player": "Bea", "points": "8"})
    assert "This change would make deal 3 impossible. Only 2 left." in saved.content.decode()


def test_the_preview_speaks_the_readers_language(client, tarot4):
    response = client.post(f"/t/{tarot4.edit_token}/preview/", {"taker": "E", "contract": "garde"},
                           HTTP_ACCEPT_LANGUAGE="fr")
    with translation.override("fr"):
        card_points = translation.gettext("Card points")
    assert card_points != "Card points" and card_points in response.content.decode()
