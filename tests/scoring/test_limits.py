"""Rate limits per client (issue 9): over the limit, a 429 with a message, on the pages and in the API; nothing
already recorded is lost."""

import re

import pytest

from scoring.models import Deal, Table

from .conftest import plain_deal


@pytest.fixture
def limits(settings, monkeypatch):
    settings.RATELIMIT_ENABLE = True
    settings.RATE_LIMITS = {"new_table": "2/m", "write": "3/m", "tap": "4/m", "score": "2/m", "admin_login": "2/m"}
    # One minute for the whole test: a count's window may start at any second, and a test crossing into the next
    # minute would see its count start again (it did, once in a full run).
    import django_ratelimit.core

    monkeypatch.setattr(django_ratelimit.core, "time", type("Clock", (), {"time": staticmethod(lambda: 1_700_000_030)}))


def test_starting_tables_from_one_client_is_limited(client, db, limits):
    body = {"player_0": "Ana", "player_1": "Bea", "player_2": "Cy", "first_dealer": "0"}
    answers = [client.post("/new/tarot/", body).status_code for _ in range(3)]
    assert answers == [302, 302, 429]
    assert Table.objects.count() == 2
    refused = client.post("/new/tarot/", body)
    assert "Too many changes from this phone in a minute" in refused.content.decode()
    response = client.post("/api/tables", {"game": "tarot", "players": ["A", "B", "C"]},
                           content_type="application/json")
    assert response.status_code == 429 and "Too many" in response.json()["detail"]


def test_recording_is_limited_and_nothing_recorded_is_lost(client, tarot4, limits):
    url = f"/t/{tarot4.edit_token}/deal/"
    statuses = [client.post(url, plain_deal()).status_code for _ in range(4)]
    assert statuses == [302, 302, 302, 429]
    assert Deal.objects.filter(table=tarot4).count() == 3
    assert client.get(f"/t/{tarot4.edit_token}/").status_code == 200  # reading is never limited


def test_cards_tapped_one_by_one_are_limited_and_the_deal_under_way_is_kept(client, db, limits):
    """A tap is a write (the deal under way is kept on the server): counted, and over the rate the page says to
    wait where the card goes (htmx swaps it: static/app/play.js), the cards tapped before kept."""
    from scoring import services
    table = services.create_table(game="tarot", players=["N", "E", "S", "W"], first_dealer=3)
    url = f"/t/{table.edit_token}/play/"
    assert client.post(url, {"taker": "S", "contract": "garde"}).status_code == 302  # 1: the contract
    taps = [client.post(url + "card/", {"card": card}, HTTP_HX_REQUEST="true") for card in ("1S", "2S", "3S", "4S")]
    assert [tap.status_code for tap in taps] == [200, 200, 200, 429]
    refused = taps[-1]
    assert refused["Retry-After"] == "60"
    html = refused.content.decode()
    assert 'id="play-body"' in html and "Too many changes from this phone in a minute" in html
    assert re.findall(r'<span class="c">([^<]*)</span>', html) == ["1♠", "2♠", "3♠"]  # the taps before it kept


def test_the_score_api_and_admin_logins_are_limited(client, db, limits):
    body = {"players": ["N", "S", "E", "W"], "deals": [plain_deal()]}
    answers = [client.post("/api/games/tarot/score", body, content_type="application/json") for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 429]
    assert answers[-1].json()["detail"] == ("Too many requests from this phone in a minute. Wait a moment and try "
                                            "again.")  # a question changes nothing: no "nothing was lost"
    assert answers[-1]["Retry-After"] == "60"
    logins = [client.post("/admin/login/", {"username": "x", "password": "y"}) for _ in range(3)]
    assert logins[-1].status_code == 429 and logins[-1]["Retry-After"] == "60"
    assert "Too many requests from this phone" in logins[-1].content.decode()


def test_behind_the_tls_proxy_each_phone_has_its_own_count(client, db, limits, settings):
    """Every request reaches the app from the proxy's address: counted by it, one phone's burst would stop every
    phone. The proxy adds each phone's address last to X-Forwarded-For; what a phone writes further left, or
    sends without the proxy, changes nothing."""
    settings.PROXY_SETS_FORWARDED_FOR, settings.PROXY_ADDRESSES = True, ("127.0.0.0/8", "::1")
    body = {"player_0": "Ana", "player_1": "Bea", "player_2": "Cy", "first_dealer": "0"}

    def start(forwarded: str, remote: str = "127.0.0.1") -> int:
        return client.post("/new/tarot/", body, HTTP_X_FORWARDED_FOR=forwarded, REMOTE_ADDR=remote).status_code

    assert [start("203.0.113.7") for _ in range(3)] == [302, 302, 429]
    assert start("203.0.113.8") == 302  # another phone
    assert start("198.51.100.1, 203.0.113.7") == 429  # an address the phone wrote itself does not count
    assert [start("198.51.100.9", remote="192.0.2.5") for _ in range(3)] == [302, 302, 429]  # not the proxy: its
    # own connection counts, whatever it says
    assert Table.objects.count() == 5
    settings.PROXY_SETS_FORWARDED_FOR = False  # a proxy that only passes the header on: what a phone says of its
    assert [start(f"198.51.100.{n}") for n in (70, 71, 72)] == [302, 302, 429]  # address counts for nothing
