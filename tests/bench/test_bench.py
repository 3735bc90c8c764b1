"""Benchmarks: ``make bench``. Figures are printed (and written to test-results/bench.json), not asserted
against a clock: timing assertions flake. Query counts are asserted, since they are exact.

Targets (issue "Foundations and French Tarot"): replay of 10,000 Tarot deals ≤ 50 ms; recording a deal and
rendering the table page at 10 and at 10,000 deals within 1.5× and 2× a bare Django view measured in the same
run; SQL queries per table page flat; first load of the table page ≤ 60 KB gzipped.
"""

from __future__ import annotations

import gzip
import http.cookiejar
import json
import random
import re
import statistics
import time
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from referee.game import get_game
from scoring import services
from scoring.models import Deal, DealRevision

pytestmark = [pytest.mark.bench]
RESULTS: dict[str, object] = {}
PLAYERS = ["N", "S", "E", "W"]


def plain_tarot_records(count: int, seed: int = 7) -> list[dict]:
    """Random valid 4-player deals: the spread of contracts, bouts and points of a real night."""
    rng = random.Random(seed)
    records = []
    for _ in range(count):
        bouts = rng.randint(0, 3)
        low, high = int(4.5 * bouts + 0.5), int(91 - 4.5 * (3 - bouts))
        records.append({
            "taker": rng.choice(PLAYERS),
            "contract": rng.choice(["prise", "prise", "garde", "garde", "garde_sans", "garde_contre"]),
            "bouts": bouts,
            "points": rng.randint(max(low, 20), min(high, 70)),
            "petit_au_bout": rng.choice(
                ["none"] * 8 + (["attack"] if bouts else []) + (["defence"] if bouts < 3 else [])),
        })
    return records


def best_of(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def report(key: str, value: object) -> None:
    RESULTS[key] = value
    print(f"BENCH {key}: {value}")
    out = Path(settings.BASE_DIR) / "test-results" / "bench.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(RESULTS, indent=2))


def test_replay_10000_tarot_deals():
    game = get_game("tarot")
    spec = game.table(PLAYERS)
    records = plain_tarot_records(10_000)
    seconds = best_of(lambda: list(game.replay(spec, records)), repeat=5)
    report("replay_10000_tarot_deals_ms", round(seconds * 1000, 1))
    # As a correction to the first deal replays a night: each stored record read again by its rules.
    stored = [game.parse(spec, record).to_json() for record in records]
    seconds = best_of(lambda: list(game.replay(spec, (game.parse(spec, r) for r in stored))), repeat=5)
    report("replay_10000_stored_tarot_deals_ms", round(seconds * 1000, 1))


def _table_with_deals(count: int):
    """A table holding ``count`` deals, written in bulk with their derived states (as record_deal would)."""
    table = services.create_table(game="tarot", players=PLAYERS, name=f"bench {count}")
    game, spec = get_game("tarot"), services.table_spec(table)
    deals = [Deal(table=table, number=i + 1, record=game.parse(spec, rec).to_json(), outcome=outcome.to_json(),
                  state_after=state.to_json())
             for i, (rec, (state, outcome)) in enumerate(zip(
                 plain_tarot_records(count), game.replay(spec, plain_tarot_records(count)), strict=True))]
    Deal.objects.bulk_create(deals, batch_size=1000)
    DealRevision.objects.bulk_create(
        [DealRevision(deal=d, revision=1, action="record", record=d.record) for d in
         Deal.objects.filter(table=table)], batch_size=1000)
    return table


# One phone: it keeps its cookies (session, CSRF) from one request to the next, as a browser does.
PHONE = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))


def _get(url: str, headers: dict | None = None) -> bytes:
    request = urllib.request.Request(url, headers=headers or {})
    with PHONE.open(request) as response:
        return response.read()


def _post_json(url: str, body: dict) -> bytes:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with PHONE.open(request) as response:
        assert response.status == 201
        return response.read()


def _interleaved(bare, measured, n: int) -> tuple[float, float]:
    """Median seconds of ``bare`` and of ``measured``, called alternately so both see the same machine."""
    for fn in (bare, measured, bare, measured):
        fn()
    bare_times, measured_times = [], []
    for _ in range(n):
        for fn, times in ((bare, bare_times), (measured, measured_times)):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
    return statistics.median(bare_times), statistics.median(measured_times)


@pytest.mark.django_db(transaction=True)
def test_table_page_and_record_against_bare_view(live_server):
    """Over HTTP to the live server, one request at a time, from one phone that keeps its cookies: the table
    page as the phone gets it (an unchanged table comes from the page cache), and recording a deal through the
    API, each interleaved with the bare view."""
    def bare():
        return _get(live_server.url + "/healthz")

    for count in (10, 10_000):
        table = _table_with_deals(count)
        page_url = f"{live_server.url}/t/{table.edit_token}/"
        base, page = _interleaved(bare, lambda url=page_url: _get(url), 200)
        report(f"bare_view_ms_{count}", round(base * 1000, 2))
        report(f"table_page_{count}_deals_ms", round(page * 1000, 2))
        report(f"table_page_{count}_deals_ratio", round(page / base, 2))

        records = iter(plain_tarot_records(400, seed=count))
        deals_url = f"{live_server.url}/api/tables/{table.edit_token}/deals"
        base, record = _interleaved(bare, lambda u=deals_url, r=records: _post_json(u, {"record": next(r)}), 150)
        report(f"record_deal_{count}_deals_ms", round(record * 1000, 2))
        report(f"record_deal_{count}_deals_ratio", round(record / base, 2))


@pytest.mark.django_db
def test_queries_per_table_page_do_not_grow(client):
    counts = {}
    for count in (10, 10_000):
        table = _table_with_deals(count)
        client.get(f"/t/{table.edit_token}/")  # warm caches that are per-process, not per-table
        cache.clear()  # count the queries of a full render, not of a page-cache hit
        with CaptureQueriesContext(connection) as queries:
            response = client.get(f"/t/{table.edit_token}/")
        assert response.status_code == 200
        counts[count] = len(queries)
        report(f"queries_table_page_{count}_deals", len(queries))
    assert counts[10_000] == counts[10]


@pytest.mark.django_db
def test_first_load_bytes_gzipped(client):
    table = _table_with_deals(10)
    response = client.get(f"/t/{table.edit_token}/", HTTP_ACCEPT_ENCODING="gzip")
    body = response.content
    page_gz = len(body) if response.get("Content-Encoding") == "gzip" else len(gzip.compress(body, 9))
    html = gzip.decompress(body).decode() if response.get("Content-Encoding") == "gzip" else body.decode()
    assets = re.findall(r'(?:href|src)="/static/([^"]+)"', html)
    asset_gz = {}
    for asset in assets:
        path = finders.find(asset)
        asset_gz[asset] = len(gzip.compress(Path(path).read_bytes(), 9))
    total = page_gz + sum(asset_gz.values())
    report("first_load_gzipped_bytes", {"page": page_gz, **asset_gz, "total": total})
