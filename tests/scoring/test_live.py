"""Live: phones following the table poll ``live/?v=<version>``; 204 while nothing changed, else the fresh
standings region (and the recap, swapped out of band), never the record form someone may be typing in."""

import re

from scoring import services

from .conftest import plain_deal


def live(client, table, version, token=None):
    return client.get(f"/t/{token or table.view_token}/live/", {"v": version}, HTTP_HX_REQUEST="true")


def test_nothing_new_is_204_no_content(client, tarot4):
    response = live(client, tarot4, tarot4.version)
    assert response.status_code == 204 and response.content == b""


def test_a_new_deal_sends_the_standings_partial_with_the_new_version(client, tarot4):
    seen = tarot4.version
    services.record_deal(tarot4, plain_deal())

    response = live(client, tarot4, seen)

    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html
    assert html.lstrip().startswith('<section id="live"')
    assert f'live/?v={tarot4.version}"' in html and 'hx-trigger="every 2s"' in html
    assert "+198" in html
    assert '<section id="recap" hx-swap-oob="true">' in html and 'id="breakdown"' in html
    assert "<form id=\"record\"" not in html


def test_an_undo_elsewhere_is_seen_too(client, tarot4):
    services.record_deal(tarot4, plain_deal())
    seen = tarot4.version
    services.undo_last(tarot4)
    html = live(client, tarot4, seen).content.decode()
    assert 'id="no-deals"' in html


def test_editors_get_the_undo_button_in_the_recap_but_never_the_form(client, tarot4):
    services.record_deal(tarot4, plain_deal())
    html = live(client, tarot4, 0, token=tarot4.edit_token).content.decode()
    assert "/undo/" in html and '<form id="record"' not in html


def test_the_page_polls_only_the_live_region(client, tarot4):
    html = client.get(f"/t/{tarot4.edit_token}/").content.decode()
    polling = re.findall(r'<(\w+) id="(\w+)"[^>]*hx-trigger="every 2s"', html, re.S)
    assert polling == [("section", "live")]
    assert html.index('id="live"') < html.index('<form id="record"')


def test_a_missing_or_odd_version_gets_the_partial(client, tarot4):
    assert client.get(f"/t/{tarot4.view_token}/live/").status_code == 200
    assert live(client, tarot4, "abc").status_code == 200


def test_unknown_token_is_404(client, db):
    assert client.get("/t/nope/live/", {"v": 0}).status_code == 404


def test_watching_a_table_creates_no_session_and_writes_nothing(tarot4, django_assert_max_num_queries):
    """A friend who scans the view QR code reads the table; the server stores nothing about them."""
    from django.contrib.sessions.models import Session
    from django.test import Client

    from scoring.models import Table

    viewer = Client()
    version = tarot4.version
    for path in ("", "live/", "history/", "chart.svg"):
        assert viewer.get(f"/t/{tarot4.view_token}/{path}").status_code == 200, path
    assert not Session.objects.exists()
    assert Table.objects.get(pk=tarot4.pk).version == version
    assert tarot4.view_token in viewer.get("/").content.decode()  # remembered on the phone, in a cookie
    assert not Session.objects.exists()


def test_an_unchanged_table_answers_304_and_a_changed_one_the_new_page(client, tarot4):
    """Django's condition on the table's version: a phone that has the page is told it has not changed."""
    url = f"/t/{tarot4.view_token}/"
    first = client.get(url)
    assert first.status_code == 200 and first["ETag"] and "no-cache" in first["Cache-Control"]
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    live = client.get(f"{url}live/")
    assert client.get(f"{url}live/", HTTP_IF_NONE_MATCH=live["ETag"]).status_code == 304

    services.record_deal(tarot4, plain_deal())
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200 and again["ETag"] != first["ETag"]
    assert client.get(f"{url}live/", HTTP_IF_NONE_MATCH=live["ETag"]).status_code == 200


def test_looking_around_creates_no_session_either(db):
    """The home page, a game's new-table form, its rules and its referee: read, nothing stored."""
    from django.contrib.sessions.models import Session
    from django.test import Client

    visitor = Client()
    for path in ("/", "/new/", "/new/tarot/", "/rules/tarot/", "/referee/tarot/", "/api/games"):
        assert visitor.get(path).status_code == 200, path
    assert not Session.objects.exists()


def test_a_player_joining_is_seen_in_the_header_too(client, tarot4):
    """The standings follow a change of players; the header's line of players must too (a tester's watching
    phones kept "N → S → E → W" after a fifth joined): the poll carries it out of band."""
    from scoring import seating
    services.record_deal(tarot4, plain_deal())
    version = tarot4.version
    assert 'hx-swap-oob="true"' not in client.get(f"/t/{tarot4.view_token}/").content.decode().split(
        'id="players-line"')[1][:40]  # the page itself draws it in place
    seating.change_seats(tarot4, ["N", "S", "E", "W", "O"])
    html = live(client, tarot4, version).content.decode()
    line = re.search(r'<p [^>]*id="players-line" hx-swap-oob="true">(.*?)</p>', html, re.S)
    assert line and "N → S → E → W → O" in line.group(1)
