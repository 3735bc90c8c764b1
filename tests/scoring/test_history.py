"""History: every deal (undone ones greyed, restorable), edit, undo, restore, revert, the change log, one deal
with its revisions. Changes are POST only, need the edit link, and never lose anything."""

import re

import pytest

from scoring import services
from scoring.models import Deal, DealRevision

from .conftest import add_deals, plain_deal
from .test_home import field_error


def url(table, path=""):
    return f"/t/{table.edit_token}/{path}"


def test_history_lists_every_deal_newest_first_with_scores_and_breakdown(client, tarot4):
    add_deals(tarot4, 3)
    services.undo_last(tarot4)

    html = client.get(url(tarot4, "history/")).content.decode()
    numbers = re.findall(r'id="deal-(\d+)"', html)
    assert numbers == ["3", "2", "1"]
    assert re.search(r'class="card mb-2 deal-row withdrawn[^"]*" id="deal-3"', html)
    assert "Restore" in html and f'action="/t/{tarot4.edit_token}/deal/3/restore/"' in html
    assert "+198" in html and 'class="breakdown small' in html
    assert html.count(">Edit<") == 3


def test_the_change_log_shows_each_change_with_revert(client, tarot4):
    add_deals(tarot4, 1)
    deal = Deal.objects.get()
    services.edit_deal(deal, plain_deal(taker="N", contract="prise"), author="#beef01")

    html = client.get(url(tarot4, "history/")).content.decode()
    changes = re.findall(r'class="list-group-item[^"]*change" id="rev-(\d+)"', html)
    assert len(changes) == 2
    first = DealRevision.objects.get(deal=deal, revision=1)
    assert f'action="/t/{tarot4.edit_token}/revert/{first.pk}/"' in html
    assert "edited" in html and "#beef01" in html
    # Asked on the page, as Undo is (not the browser's own dialog), naming the revision the log shows
    assert "hx-confirm" not in html and "Bring deal 1 back to revision 1?" in html and "rev. 1</span>" in html


def test_history_is_paginated(client, tarot4, monkeypatch):
    from scoring.views import deals as deal_views
    monkeypatch.setattr(deal_views, "PER_PAGE", 2)
    add_deals(tarot4, 5)
    html = client.get(url(tarot4, "history/"), {"page": 2}).content.decode()
    assert re.findall(r'id="deal-(\d+)"', html) == ["3", "2"]
    assert "2 / 3" in html


def test_the_view_link_reads_the_history_but_has_no_buttons(client, tarot4):
    add_deals(tarot4, 2)
    html = client.get(f"/t/{tarot4.view_token}/history/").content.decode()
    assert 'id="deal-2"' in html and ">Edit<" not in html and "Revert" not in html and "/undo/" not in html


def test_undo_is_post_only_and_withdraws_the_last_deal(client, tarot4):
    add_deals(tarot4, 2)
    assert client.get(url(tarot4, "undo/")).status_code == 405

    response = client.post(url(tarot4, "undo/"))
    assert response.status_code == 302 and response["Location"] == url(tarot4)
    assert Deal.objects.get(number=2).withdrawn
    assert "Deal 2 undone" in client.get(url(tarot4)).content.decode()


def test_undo_of_a_deal_the_page_shows_as_last_says_what_happened_since(client, tarot4):
    """The page sends the deal it showed as the last: recorded over since, or never there, nothing is undone."""
    add_deals(tarot4, 2)
    html = client.post(url(tarot4, "undo/"), {"number": "1"}, follow=True).content.decode()
    assert "Deal 1 is no longer the last: deal 2 was recorded since. Nothing was undone." in html
    html = client.post(url(tarot4, "undo/"), {"number": "9"}, follow=True).content.decode()
    assert "There is no deal 9 at this table." in html
    assert not Deal.objects.filter(withdrawn=True).exists()


def test_undo_with_htmx_returns_the_fresh_table_body(client, tarot4):
    add_deals(tarot4, 1)
    html = client.post(url(tarot4, "undo/"), HTTP_HX_REQUEST="true").content.decode()
    assert html.lstrip().startswith('<div id="table-body">') and "Deal 1 undone" in html
    assert 'id="no-deals"' in html


def test_undo_from_the_history_goes_back_there(client, tarot4):
    add_deals(tarot4, 1)
    response = client.post(url(tarot4, "undo/"), {"next": url(tarot4, "history/")})
    assert response["Location"] == url(tarot4, "history/")


def test_undo_with_nothing_to_undo_says_so(client, tarot4):
    client.post(url(tarot4, "undo/"))
    assert "no deal to undo" in client.get(url(tarot4)).content.decode()


def test_a_deal_just_undone_is_restored_from_the_table_page(client, tarot4):
    """The undo message says the deal "stays in the history, where you can restore it", and a tester looked for
    the button on the table page: the latest deal undone is restored from there too, until another is recorded
    (which takes its number). Only with the edit link."""
    add_deals(tarot4, 2)
    client.post(url(tarot4, "undo/"))
    html = client.get(url(tarot4)).content.decode()
    assert 'id="restore-undone"' in html and "Deal 2 is undone: it counts for nobody." in html
    assert f'action="{url(tarot4, "deal/2/restore/")}"' in html
    assert 'id="restore-undone"' not in client.get(f"/t/{tarot4.view_token}/").content.decode()

    html = client.post(url(tarot4, "deal/2/restore/"), HTTP_HX_REQUEST="true").content.decode()
    assert "Deal 2 restored." in html and 'id="restore-undone"' not in html
    assert not Deal.objects.get(number=2).withdrawn

    client.post(url(tarot4, "undo/"))
    services.record_deal(tarot4, plain_deal(taker="N"))  # deal 2 again, in place of the one undone
    assert 'id="restore-undone"' not in client.get(url(tarot4)).content.decode()


def test_after_two_undos_the_table_page_restores_the_earlier_first(client, tarot4):
    """Deals 3 and then 2 undone: restoring 3 first would count it on a night without deal 2 (a reviewer). The
    page offers deal 2, the one the next deal would replace; then deal 3."""
    add_deals(tarot4, 3)
    client.post(url(tarot4, "undo/"))
    client.post(url(tarot4, "undo/"))
    assert "Restore deal 2" in client.get(url(tarot4)).content.decode()
    client.post(url(tarot4, "deal/2/restore/"))
    assert "Restore deal 3" in client.get(url(tarot4)).content.decode()


def test_restore_brings_an_undone_deal_back(client, tarot4):
    add_deals(tarot4, 1)
    services.undo_last(tarot4)
    response = client.post(url(tarot4, "deal/1/restore/"))
    assert response.status_code == 302
    assert not Deal.objects.get().withdrawn
    assert services.standings(tarot4).deal_count == 1


def test_restore_that_no_longer_fits_is_refused_with_a_message(client, pool):
    services.record_deal(pool, {"player": "Ana", "points": 10})
    services.record_deal(pool, {"player": "Ana", "points": 1})
    services.record_deal(pool, {"player": "Bea", "points": 9})
    services.undo_last(pool)
    services.undo_last(pool)
    services.record_deal(pool, {"player": "Bea", "points": 10})  # replaces deal 2: 20 taken

    response = client.post(f"/t/{pool.edit_token}/deal/3/restore/", follow=True)
    assert "would make deal 3 impossible" in response.content.decode()
    assert Deal.objects.get(number=3).withdrawn


def test_edit_shows_the_stored_record_and_saves_a_new_revision(client, tarot4):
    add_deals(tarot4, 2)
    html = client.get(url(tarot4, "deal/1/edit/")).content.decode()
    assert "Edit deal 1" in html and re.search(r'name="taker" value="N"[^>]*checked', html)
    assert 'name="points" value="49"' in html

    data = {"taker": "W", "contract": "prise", "bouts": "2", "points": "49", "points_side": "attack",
            "petit_au_bout": "none", "chelem": "none", "next": url(tarot4, "history/")}
    response = client.post(url(tarot4, "deal/1/edit/"), data)

    assert response.status_code == 302 and response["Location"] == url(tarot4, "history/")
    deal = Deal.objects.get(number=1)
    assert deal.record["taker"] == {"seat": 3, "name": "W"} and deal.revision == 2
    assert services.standings(tarot4).totals["W"] == 3 * 33 - 66


def test_an_edit_saved_after_another_phone_changed_the_deal_is_refused_and_the_deal_now_shown(client, tarot4):
    """Two phones open deal 1's edit form; one saves first. The second phone's save must not silently put back
    what the first one changed: nothing is stored, its entries stay in the form beside the deal as it now is,
    and a second Save (knowing) replaces it."""
    add_deals(tarot4, 1)
    phone_a = client.get(url(tarot4, "deal/1/edit/")).content.decode()
    assert 'name="revision" value="1"' in phone_a
    first = {"taker": "W", "contract": "prise", "bouts": "2", "points": "49", "points_side": "attack",
             "petit_au_bout": "none", "chelem": "none", "revision": "1"}
    assert client.post(url(tarot4, "deal/1/edit/"), first).status_code == 302  # phone B, first
    late = {**first, "taker": "S", "points": "51"}  # phone A, from the form it drew at revision 1

    response = client.post(url(tarot4, "deal/1/edit/"), late)

    html = response.content.decode()
    assert response.status_code == 200
    assert "Deal 1 was just changed on another phone. Nothing was saved" in html
    assert re.search(r'id="deal-now"><div>Taker: W</div><div>Contract: Prise[^<]*</div>.*<div>Card points: 49</div>',
                     html)
    assert 'name="points" value="51"' in html and 'name="revision" value="2"' in html
    deal = Deal.objects.get(number=1)
    assert deal.revision == 2 and deal.record["taker"]["name"] == "W" and deal.record["points"] == "49"

    again = client.post(url(tarot4, "deal/1/edit/"), {**late, "revision": "2"})
    assert again.status_code == 302
    deal.refresh_from_db()
    assert deal.revision == 3 and deal.record["taker"]["name"] == "S" and deal.record["points"] == "51"


def test_an_edit_saved_twice_is_stored_once_and_not_called_a_conflict(client, tarot4):
    """A double tap on Save sends the same revision twice: the second finds its own edit, not another phone's."""
    add_deals(tarot4, 1)
    data = {"taker": "W", "contract": "prise", "bouts": "2", "points": "49", "points_side": "attack",
            "petit_au_bout": "none", "chelem": "none", "revision": "1"}
    assert client.post(url(tarot4, "deal/1/edit/"), data).status_code == 302
    assert client.post(url(tarot4, "deal/1/edit/"), data).status_code == 302
    assert Deal.objects.get(number=1).revision == 2


def test_an_edit_that_changes_nothing_stores_no_revision_and_says_so(client, tarot4):
    """A revision is a change: Save on the edit form as it was drawn leaves deal 1 at revision 1."""
    add_deals(tarot4, 1)
    data = {"taker": "N", "contract": "garde", "bouts": "2", "points": "49", "points_side": "attack",
            "petit_au_bout": "none", "chelem": "none", "revision": "1"}
    assert Deal.objects.get(number=1).record["points"] == "49"
    html = client.post(url(tarot4, "deal/1/edit/"), data, follow=True).content.decode()
    assert "Deal 1: nothing changed." in html
    assert Deal.objects.get(number=1).revision == 1 and DealRevision.objects.count() == 1


def test_an_edit_form_opened_before_an_undo_is_refused_too(client, tarot4):
    add_deals(tarot4, 2)
    services.undo_last(tarot4)  # deal 2, revision 2, while its edit form is open at revision 1
    data = {"taker": "W", "contract": "prise", "bouts": "2", "points": "49", "points_side": "attack",
            "petit_au_bout": "none", "chelem": "none", "revision": "1"}
    html = client.post(url(tarot4, "deal/2/edit/"), data).content.decode()
    assert "Deal 2 was just changed on another phone" in html
    assert Deal.objects.get(number=2).revision == 2


def test_editing_an_undone_deal_says_it_stays_undone_and_moves_no_score(client, tarot4):
    add_deals(tarot4, 1)
    services.undo_last(tarot4)
    data = {"taker": "W", "contract": "prise", "bouts": "2", "points": "49", "points_side": "attack",
            "petit_au_bout": "none", "chelem": "none"}
    html = client.post(url(tarot4, "deal/1/edit/"), data, follow=True).content.decode()
    assert "Deal 1 changed. It stays undone and counts for nobody" in html
    assert "were recomputed" not in html
    assert Deal.objects.get(number=1).withdrawn and set(services.standings(tarot4).totals.values()) == {0}


def test_edit_mistakes_are_shown_beside_the_field(client, tarot4):
    add_deals(tarot4, 1)
    response = client.post(url(tarot4, "deal/1/edit/"), {"taker": "W", "contract": "garde", "bouts": "2",
                                                          "points": "4"})
    assert "at least" in field_error(response.content.decode(), "points")
    assert Deal.objects.get().revision == 1


def test_an_edit_that_breaks_a_later_deal_is_refused_and_nothing_changes(client, pool):
    services.record_deal(pool, {"player": "Ana", "points": 5})
    services.record_deal(pool, {"player": "Bea", "points": 10})
    services.record_deal(pool, {"player": "Ana", "points": 5})

    response = client.post(f"/t/{pool.edit_token}/deal/1/edit/", {"player": "Ana", "points": "10"})

    html = response.content.decode()
    assert response.status_code == 200 and "would make deal 3 impossible" in html
    assert 'class="alert alert-danger py-2 form-errors"' in html
    assert Deal.objects.get(number=1).record["points"] == 5


def test_revert_brings_back_an_old_revision(client, tarot4):
    add_deals(tarot4, 1)
    deal = Deal.objects.get()
    services.edit_deal(deal, plain_deal(taker="S"))
    first = DealRevision.objects.get(deal=deal, revision=1)

    response = client.post(url(tarot4, f"revert/{first.pk}/"))

    assert response.status_code == 302
    deal.refresh_from_db()
    assert deal.record["taker"] == {"seat": 0, "name": "N"} and deal.revision == 3

    # Revision 1 is how the deal reads again: reverting to it would change nothing, so it is not offered; the
    # edit (revision 2) is.
    html = client.get(url(tarot4, "history/")).content.decode()
    second = DealRevision.objects.get(deal=deal, revision=2)
    assert f"/revert/{first.pk}/" not in html and f"/revert/{second.pk}/" in html


def test_a_revert_asked_on_a_page_drawn_before_another_phones_edit_changes_nothing(client, tarot4):
    """Phone A shows the history at revision 2 and asks to revert to revision 1; meanwhile phone B edits the
    deal (revision 3). A's revert is refused and B's edit kept; a revert sent twice is stored once."""
    add_deals(tarot4, 1)
    deal = Deal.objects.get()
    services.edit_deal(deal, plain_deal(taker="S"))
    first = DealRevision.objects.get(deal=deal, revision=1)
    html = client.get(url(tarot4, "history/")).content.decode()
    assert 'name="revision" value="2"' in html  # what phone A's page sends back
    services.edit_deal(deal, plain_deal(taker="E"))  # phone B

    response = client.post(url(tarot4, f"revert/{first.pk}/"), {"revision": "2"}, follow=True)

    assert "Deal 1 was just changed on another phone: nothing was reverted" in response.content.decode()
    deal.refresh_from_db()
    assert deal.record["taker"]["name"] == "E" and deal.revision == 3
    for _tap in range(2):  # asked again on the fresh page, with a double tap
        assert client.post(url(tarot4, f"revert/{first.pk}/"), {"revision": "3"}).status_code == 302
    deal.refresh_from_db()
    assert deal.record["taker"]["name"] == "N" and deal.revision == 4


def test_revert_of_another_tables_revision_is_404(client, tarot4, tarot5):
    add_deals(tarot5, 1)
    other = DealRevision.objects.get()
    assert client.post(url(tarot4, f"revert/{other.pk}/")).status_code == 404


def test_the_deal_page_shows_the_record_and_every_revision(client, tarot4):
    add_deals(tarot4, 1)
    deal = Deal.objects.get()
    services.edit_deal(deal, plain_deal(taker="S"))

    html = client.get(url(tarot4, "deal/1/")).content.decode()
    assert "Deal 1" in html and "Taker" in html and "Garde" in html
    assert len(re.findall(r'class="list-group-item revision"', html)) == 2
    assert client.get(url(tarot4, "deal/9/")).status_code == 404
    french = client.get(url(tarot4, "deal/1/"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Preneur\u00a0: N ·" in french  # the earlier revision's line, with French's space before a colon


@pytest.mark.parametrize("path", ["undo/", "deal/1/restore/", "deal/1/edit/", "revert/1/"])
def test_the_view_link_cannot_change_anything(client, tarot4, path):
    add_deals(tarot4, 1)
    response = client.post(f"/t/{tarot4.view_token}/{path}")
    assert response.status_code == 403
    assert not Deal.objects.get().withdrawn and Deal.objects.get().revision == 1


def test_changes_need_the_csrf_token(tarot4):
    from django.test import Client
    add_deals(tarot4, 1)
    assert Client(enforce_csrf_checks=True).post(url(tarot4, "undo/")).status_code == 403
    assert not Deal.objects.get().withdrawn


def test_a_long_night_is_paged_deals_and_change_log_apart(client, tarot4):
    add_deals(tarot4, 51)  # 50 a page
    html = client.get(url(tarot4, "history/")).content.decode()
    assert '<a class="page-link" href="?page=2">Older</a>' in html
    assert '<a class="page-link" href="?log=2">Older</a>' in html
    assert html.count('<span class="page-link">1 / 2</span>') == 2
    older = client.get(url(tarot4, "history/?page=2")).content.decode()
    assert re.findall(r'id="deal-(\d+)"', older) == ["1"]
    assert '<a class="page-link" href="?page=1">Newer</a>' in older


def test_an_undone_deal_shows_what_it_said_so_restoring_it_is_no_leap_in_the_dark(client, tarot4):
    add_deals(tarot4, 2)  # deal 2: S takes a Garde, 2 bouts, 49 points
    client.post(url(tarot4, "undo/"))
    html = client.get(url(tarot4, "history/")).content.decode()
    article = html[html.index('id="deal-2"'):]
    article = article[:article.index("</article>")]
    assert "Restore" in article and "Garde" in article and "49" in article


def test_a_player_who_took_no_trick_is_shown_with_his_zero(client, db):
    """A Tresillo deal: Bea (Hombre) 5 tricks, Carl 4, Ana 0: the deal page reads "Ana, 0", not "Ana"."""
    table = services.create_table(game="tresillo", players=["Ana", "Bea", "Carl"])
    services.record_deal(table, {"hombre": "Bea", "bid": "juego", "tricks": {"Bea": 5, "Carl": 4, "Ana": 0}})
    html = client.get(f"/t/{table.view_token}/deal/1/").content.decode()
    assert "Ana, 0" in html and "Bea, 5" in html


def test_english_dates_read_one_way_anywhere(client, tarot4):
    """Day first, month named, 24 hours: "25 Nov 2026, 16:04", never "11/25/2026 4:04 p.m." (a British phone reads
    that as the 11th of a 25th month)."""
    add_deals(tarot4, 1)
    html = client.get(url(tarot4, "history/")).content.decode()
    assert re.search(r"\b\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d\b", html)
    assert not re.search(r"\b\d{1,2}/\d{1,2}/\d{4}\b|[ap]\.m\.", html)


def test_half_points_read_as_the_reader_writes_them(client, db):
    """A deal entered as "45,5" in French comes back "45,5" in its edit form and its history, not "45.5"."""
    table = services.create_table(game="tarot", players=["N", "E", "W"])
    services.record_deal(table, {"taker": "E", "contract": "garde", "bouts": 2, "points": "45.5"})
    french = {"Accept-Language": "fr"}
    form = client.get(f"/t/{table.edit_token}/deal/1/edit/", headers=french).content.decode()
    assert 'name="points" value="45,5"' in form
    deal = client.get(f"/t/{table.edit_token}/deal/1/", headers=french).content.decode()
    assert "45,5" in deal and "45.5" not in deal
    english = client.get(f"/t/{table.edit_token}/deal/1/edit/").content.decode()
    assert 'name="points" value="45.5"' in english


def test_an_undo_revision_says_undone_once(client, tarot4):
    """The revision that undid a deal reads "Revision 2 · undone", without a second "undone" badge; the deal's
    heading keeps its badge."""
    add_deals(tarot4, 2)
    client.post(url(tarot4, "undo/"))
    html = client.get(url(tarot4, "deal/2/")).content.decode()
    item = html[html.index('class="list-group-item revision"'):]
    item = item[:item.index("</li>")]
    assert re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", item)).count("undone") == 1
    heading = html[html.index("<h1"):html.index("</h1>")]
    assert "undone" in heading


def breakdown_lines(html: str) -> list[str]:
    """The lines of the first breakdown in ``html``, as read."""
    found = re.search(r'<ul class="breakdown[^"]*"[^>]*>(.*?)</ul>', html, re.S)
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", line)).strip()
            for line in re.findall(r"<li>(.*?)</li>", found.group(1), re.S)] if found else []


def test_an_undone_deal_reads_in_the_games_own_words_as_a_recorded_deal_does(client, tarot4):
    """Undone, a deal read as its record's fields ("Lulos paid Lulo #4, Cola 3, Ana", a tester); it reads as the
    breakdown it had when it counted — what it would say if restored — in the history and on its own page."""
    add_deals(tarot4, 2)  # deal 2: S takes a Garde, 2 bouts, 49 points
    counted = breakdown_lines(client.get(url(tarot4, "deal/2/")).content.decode())
    assert counted[0] == "Garde, 2 bouts, 49 points: 49 − 41 = 8"
    client.post(url(tarot4, "undo/"))

    html = client.get(url(tarot4, "history/")).content.decode()
    article = html[html.index('id="deal-2"'):]
    article = article[:article.index("</article>")]
    assert breakdown_lines(article) == counted and "record-lines" not in article
    assert breakdown_lines(client.get(url(tarot4, "deal/2/")).content.decode()) == counted


def test_an_undone_deal_its_rules_no_longer_take_shows_what_was_entered(client, pool):
    """Deal 2 replaced since, deal 3 could not be restored (20 points taken already): its fields, not an error."""
    services.record_deal(pool, {"player": "Ana", "points": 10})
    services.record_deal(pool, {"player": "Ana", "points": 1})
    services.record_deal(pool, {"player": "Bea", "points": 9})
    services.undo_last(pool)
    services.undo_last(pool)
    services.record_deal(pool, {"player": "Bea", "points": 10})

    html = client.get(f"/t/{pool.edit_token}/history/").content.decode()
    article = html[html.index('id="deal-3"'):]
    article = article[:article.index("</article>")]
    assert "record-lines" in article and "Bea" in article and "9" in article
    assert client.get(f"/t/{pool.edit_token}/deal/3/").status_code == 200


def test_an_undone_deal_the_games_code_fails_on_shows_what_was_entered_never_a_500(client, tarot4, monkeypatch):
    """A game's code failing on an old record (not a refusal: a bug) leaves the page as it was before undone deals
    were worked out: their fields."""
    add_deals(tarot4, 2)
    client.post(url(tarot4, "undo/"))
    game = type(services.standings(tarot4).game)

    def broken(*args, **kwargs):
        raise KeyError("a bug")

    monkeypatch.setattr(game, "apply", broken)
    for page in ("history/", "deal/2/"):
        response = client.get(url(tarot4, page))
        assert response.status_code == 200 and "record-lines" in response.content.decode(), page


def test_editing_the_last_deal_does_not_say_later_scores_were_recomputed(client, tarot4):
    """No deal comes after it: "the scores after it were recomputed" said of none (a tester)."""
    add_deals(tarot4, 2)
    data = {"taker": "W", "contract": "prise", "bouts": "2", "points": "49", "points_side": "attack",
            "petit_au_bout": "none", "chelem": "none"}
    html = client.post(url(tarot4, "deal/2/edit/"), data, follow=True).content.decode()
    assert "Deal 2 changed." in html and "recomputed" not in html
    html = client.post(url(tarot4, "deal/1/edit/"), data, follow=True).content.decode()
    assert "Deal 1 changed; the scores after it were recomputed." in html
