"""The installable app (issue 13): the web app manifest, the service worker, and what the pages carry for them.

The worker's behaviour in a browser (a deal saved offline, a page reloaded from the cache) is told end to end in
tests/browser/test_offline.py; here, what the server answers.
"""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.urls import reverse

from scoring import services
from scoring.views import pwa

WORKBOX_ORDER = ["core", "routing", "strategies", "precaching", "expiration"]


def worker(client) -> tuple[dict, list[str]]:
    """The worker's configuration (``self.TAPETE``) and the scripts it imports, in order."""
    body = client.get("/sw.js").content.decode()
    config = json.loads(re.search(r"^self\.TAPETE = (.*);$", body, re.M).group(1))
    imports = re.search(r"^importScripts\((.*)\);$", body, re.M).group(1)
    return config, json.loads(f"[{imports}]")


def served(url: str) -> bytes:
    """The static file behind ``url`` (the test client serves no static files: the tests run with DEBUG off)."""
    assert url.startswith(settings.STATIC_URL), url
    path = finders.find(url.removeprefix(settings.STATIC_URL).split("?")[0])
    assert path, url
    return Path(path).read_bytes()


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


# -- the service worker ------------------------------------------------------------------------------------------

def test_the_worker_is_served_from_the_sites_root_so_its_scope_is_the_whole_site(client):
    assert reverse("service_worker") == "/sw.js"
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"


def test_the_worker_is_asked_for_afresh_never_kept_stale(client):
    cache_control = client.get("/sw.js")["Cache-Control"]

    assert "no-cache" in cache_control and "max-age=0" in cache_control


def test_the_worker_loads_workbox_from_this_site_then_its_own_logic(client):
    _, imports = worker(client)

    names = [re.search(r"/([\w.-]+?)\.js", url).group(1) for url in imports]
    assert names == [f"workbox-{name}.prod" for name in WORKBOX_ORDER] + ["sw"]
    for url in imports:
        assert url.startswith("/static/")
        assert served(url)


def test_the_worker_precaches_every_style_and_script_of_a_table_page(client, edit_url):
    html = client.get(edit_url).content.decode()
    loaded = set(re.findall(r'<link rel="stylesheet" href="([^"]+)"', html))
    loaded |= set(re.findall(r'<script src="([^"]+)"', html))
    config, _ = worker(client)

    precached = {entry["url"] for entry in config["precache"]}
    assert {"/static/app/offline.min.js", "/static/app/app.min.js", "/static/app/app.min.css"} <= loaded
    assert loaded <= precached
    for url in precached:
        assert served(url)


def test_the_worker_precaches_what_the_card_picker_loads_when_it_is_first_used(client, db):
    """app.js loads the picker's stylesheet and script (its data-assets) on the first tap: offline too."""
    toruro = services.create_table(game="toruro", players=["Ana", "Bea", "Cid", "Dan", "Eva"])
    html = client.get(f"/t/{toruro.edit_token}/").content.decode()  # the turned card is a card picker
    assets = set(re.findall(r'data-assets="([^"]+)"', html))
    config, _ = worker(client)

    assert len(assets) == 1
    assert set(assets.pop().split()) == {"/static/app/cards.min.css", "/static/app/cards.min.js"}
    assert {"/static/app/cards.min.css", "/static/app/cards.min.js"} <= {entry["url"] for entry in config["precache"]}


def test_the_worker_keeps_table_pages_and_the_home_page(client, edit_url):
    config, _ = worker(client)

    before, after = config["tablePage"]
    assert edit_url.startswith(before) and edit_url.endswith(after)
    assert config["home"] == reverse("home")
    assert config["staticPrefix"] == "/static/"


def test_an_unhashed_file_is_precached_with_a_hash_of_its_content_so_a_change_updates_the_worker(
        client, settings, tmp_path, monkeypatch):
    settings.STATICFILES_DIRS = [*settings.STATICFILES_DIRS, tmp_path]
    monkeypatch.setattr(pwa, "SHELL_EXTRA", ("probe.js",))
    (tmp_path / "probe.js").write_text("// one")
    before = client.get("/sw.js").content
    first = next(e for e in worker(client)[0]["precache"] if e["url"] == "/static/probe.js")

    (tmp_path / "probe.js").write_text("// two")
    second = next(e for e in worker(client)[0]["precache"] if e["url"] == "/static/probe.js")

    assert first["revision"] and second["revision"] and first["revision"] != second["revision"]
    assert client.get("/sw.js").content != before


def test_a_hashed_file_needs_no_revision(monkeypatch):
    monkeypatch.setattr(pwa, "static", lambda name: "/static/" + name.replace(".", ".0123abcd.", 1))

    entry = pwa._precache_entry("app/app.js")

    assert entry == {"url": "/static/app/app.0123abcd.js", "revision": None}


def test_a_file_that_is_not_there_is_left_out(monkeypatch):
    def missing(name):
        raise ValueError(f"Missing staticfiles manifest entry for '{name}'")

    monkeypatch.setattr(pwa, "static", missing)

    assert pwa._precache_entry("app/gone.js") is None


def test_the_content_security_policy_lets_this_site_be_a_worker_and_a_manifest(client, db):
    policy = client.get("/")["Content-Security-Policy"]

    assert "worker-src 'self'" in policy
    assert "manifest-src 'self'" in policy


@pytest.mark.parametrize("path", ["/sw.js", "/manifest.webmanifest"])
def test_only_get(client, path):
    assert client.post(path).status_code == 405


# -- the manifest ------------------------------------------------------------------------------------------------

def test_the_manifest_makes_tapete_an_app_that_opens_at_home_on_its_own(client):
    response = client.get(reverse("manifest"))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = response.json()
    assert manifest["name"] == manifest["short_name"] == "Tapete"
    assert manifest["start_url"] == manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert manifest["description"]


def test_the_manifest_has_192_and_512_pixel_icons_and_a_maskable_one(client):
    icons = client.get(reverse("manifest")).json()["icons"]

    pngs = [icon for icon in icons if icon["type"] == "image/png"]
    for icon in pngs:
        width, height = png_size(served(icon["src"]))
        assert icon["sizes"] == f"{width}x{height}"
    assert {icon["sizes"] for icon in pngs if icon["purpose"] == "any"} >= {"192x192", "512x512"}
    assert any(icon["purpose"] == "maskable" and icon["sizes"] == "512x512" for icon in pngs)


def test_the_manifest_speaks_the_persons_language(client):
    assert client.get(reverse("manifest"), HTTP_ACCEPT_LANGUAGE="es").json()["lang"] == "es"
    assert client.get(reverse("manifest"), HTTP_ACCEPT_LANGUAGE="fr").json()["lang"] == "fr"


# -- what the pages carry ----------------------------------------------------------------------------------------

def test_every_page_links_the_manifest_and_registers_the_worker(client, view_url):
    for path in ("/", view_url):
        html = client.get(path).content.decode()
        assert '<link rel="manifest" href="/manifest.webmanifest">' in html, path
        assert 'data-sw="/sw.js"' in html, path
        assert '<meta name="theme-color"' in html, path


def test_the_edit_link_has_an_outbox_and_the_view_link_none(client, edit_url, view_url):
    edit = client.get(edit_url).content.decode()
    view = client.get(view_url).content.decode()

    assert 'id="outbox"' in edit and "Waiting to send" in edit
    assert 'id="outbox"' not in view


def test_a_table_page_has_the_stale_notice_and_the_keep_awake_toggle_both_hidden_until_needed(client, view_url):
    html = client.get(view_url).content.decode()

    assert re.search(r'<p id="stale"[^>]*\shidden\s', html)
    assert 'data-text="Offline — last updated at {time}"' in html
    assert re.search(r'<button[^>]*id="keep-awake"[^>]*\shidden>Keep screen on</button>', html)


def test_the_share_page_offers_the_phones_share_sheet_for_the_view_link_only(client, tarot4):
    html = client.get(reverse("share", args=[tarot4.edit_token])).content.decode()

    shared = re.findall(r'data-share="([^"]+)"', html)
    assert shared == [f"http://testserver/t/{tarot4.view_token}/"]
    assert re.search(r"<button[^>]*data-share=[^>]*\shidden>", html)
    assert f'data-copy="http://testserver/t/{tarot4.view_token}/"' in html  # the fallback stays



@pytest.mark.django_db
@pytest.mark.parametrize(("game", "players", "says_debts"), [
    ("paublillo", ["Ana", "Bea", "Luis", "Eva"], False),  # no debts: the sentence without them
    ("toruro", ["Ana", "Bea", "Luis", "Eva", "Juan"], True),  # its form pays the lulos earlier deals made
])
def test_the_outbox_speaks_of_debts_only_where_the_record_form_pays_them(client, game, players, says_debts):
    """Found by a tester: a Paublillo table's outbox said "a debt they make cannot be paid in it", a game without
    debts. The sentence reads whole either way."""
    from scoring import services

    table = services.create_table(game=game, players=players)
    outbox = client.get(f"/t/{table.edit_token}/").content.decode().split('id="outbox"')[1].split("</section>")[0]
    debt = ("What they change is not in the form yet (a debt they make cannot be paid in it): check the next deal "
            "once they are sent.")
    plain = "What they change is not in the form yet: check the next deal once they are sent."
    assert (debt in outbox, plain in outbox) == (says_debts, not says_debts)
