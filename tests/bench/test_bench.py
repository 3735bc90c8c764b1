"""Benchmarks: ``make bench``. Figures are printed (and written to test-results/bench.json), not asserted
against a clock: timing assertions flake. Query counts are asserted, since they are exact.

Targets: replay of 10,000 Tarot deals ≤ 50 ms; SQL queries per table page flat; first load of the table page
≤ 60 KB gzipped; and, through gunicorn under concurrent load beside a floor served by the same gunicorn in
the same run (``tests/bench/floor.py``): recording a deal ≤ 1.5× the one-INSERT view at 10 and at 10,000
deals, the table page for a new viewer ≤ 2× the bare view, an unchanged live poll ≤ 1.2× the bare view.
"""

from __future__ import annotations

import gzip
import http.client
import json
import os
import random
import re
import statistics
import threading
import time
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
from tests.gunicorn_server import gunicorn, send

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


CLIENTS = int(os.environ.get("BENCH_CLIENTS", "8"))  # phones at once
PHASE_SECONDS = float(os.environ.get("BENCH_PHASE_SECONDS", "2"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))


def _load(server, request, seconds: float) -> list[float]:
    """``CLIENTS`` phones calling ``request(conn)`` back to back for ``seconds``: every call's latency."""
    latencies: list[float] = []
    errors: list[str] = []
    until = time.monotonic() + seconds

    def phone() -> None:
        conn = http.client.HTTPConnection(server.host, server.port, timeout=60)
        mine = []
        while time.monotonic() < until:
            start = time.perf_counter()
            status = request(conn)
            mine.append(time.perf_counter() - start)
            if status >= 400:
                errors.append(str(status))
        latencies.extend(mine)

    threads = [threading.Thread(target=phone) for _ in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors[:5]
    return latencies


def _get(path: str):
    return lambda conn: send(conn, "GET", path)[0]


def _post(path: str, body):
    return lambda conn: send(conn, "POST", path, body() if callable(body) else body)[0]


@pytest.mark.django_db(transaction=True)
def test_through_gunicorn_against_the_floor(tmp_path):
    """As phones meet the app: gunicorn (4 workers, DEBUG off) under ``CLIENTS`` concurrent clients, each
    measured phase interleaved with the floor it is compared to (``tests/bench/floor.py``, same server, same
    run), round after round; medians over all rounds."""
    tables = {count: _table_with_deals(count) for count in (10, 10_000)}
    records = iter(plain_tarot_records(200_000, seed=3))
    phases = {
        "bare view": _get("/floor/bare"),
        "one-INSERT view": _post("/floor/insert", {}),
        "table page, new viewer (no cookies)": _get(f"/t/{tables[10].view_token}/"),
        "live poll, unchanged": None,  # its path needs the table's version, read when the phase runs
        **{f"record a deal at {count} deals": _post(f"/api/tables/{table.edit_token}/deals",
                                                    lambda: {"record": next(records)})
           for count, table in tables.items()},
    }
    latencies: dict[str, list[float]] = {name: [] for name in phases}
    with gunicorn(tmp_path, workers=4, DJANGO_SETTINGS_MODULE="tests.bench.floor_settings",
                  RATELIMIT="false") as server:
        for _round in range(ROUNDS):
            for count, table in tables.items():  # each round records at 10 and at 10,000 deals, as named (a round
                Deal.objects.filter(table=table, number__gt=count).delete()  # adds thousands; a table keeps 20,000)
            for name, request in phases.items():
                if request is None:
                    tables[10].refresh_from_db()
                    request = _get(f"/t/{tables[10].view_token}/live/?v={tables[10].version}")
                latencies[name] += _load(server, request, PHASE_SECONDS)
    medians = {name: statistics.median(values) * 1000 for name, values in latencies.items()}
    for name, values in latencies.items():
        report(f"gunicorn: {name}: median ms", round(medians[name], 2))
        report(f"gunicorn: {name}: requests/s", round(len(values) / (ROUNDS * PHASE_SECONDS)))
    targets = [("table page, new viewer (no cookies)", "bare view", 2.0),
               ("live poll, unchanged", "bare view", 1.2),
               ("record a deal at 10 deals", "one-INSERT view", 1.5),
               ("record a deal at 10000 deals", "one-INSERT view", 1.5)]
    for measured, floor, target in targets:
        ratio = medians[measured] / medians[floor]
        report(f"ratio: {measured} / {floor} (target <= {target})", round(ratio, 2))


IN_PROCESS_ROUNDS = int(os.environ.get("BENCH_IN_PROCESS_ROUNDS", "500"))


@pytest.mark.django_db(transaction=True)
def test_in_process_against_the_floor(client, settings):
    """The same comparison without gunicorn, the network or the other processes on the machine: each request
    through Django's test client (every middleware, the floor's URLs), its CPU time in this process
    (``time.process_time``), the phases interleaved request by request; medians. Steadier than the gunicorn
    figures on a busy machine, and it shows what is Tapete's own work."""
    settings.ROOT_URLCONF, settings.RATELIMIT_ENABLE = "tests.bench.floor", False
    tables = {count: _table_with_deals(count) for count in (10, 10_000)}
    records = iter(plain_tarot_records(IN_PROCESS_ROUNDS * 4, seed=5))

    def record(table):  # noqa: ANN001, ANN202
        return lambda: client.post(f"/api/tables/{table.edit_token}/deals", json.dumps({"record": next(records)}),
                                   content_type="application/json")

    phases = {"bare view": lambda: client.get("/floor/bare"),
              "one-INSERT view": lambda: client.post("/floor/insert"),
              **{f"record a deal at {count} deals": record(table) for count, table in tables.items()}}
    times: dict[str, list[float]] = {name: [] for name in phases}
    for _round in range(IN_PROCESS_ROUNDS):
        for name, request in phases.items():
            start = time.process_time()
            response = request()
            times[name].append(time.process_time() - start)
            assert response.status_code < 400, response.content
    medians = {name: statistics.median(values) * 1000 for name, values in times.items()}
    for name, median in medians.items():
        report(f"in process: {name}: median CPU ms", round(median, 3))
    for count in tables:
        ratio = medians[f"record a deal at {count} deals"] / medians["one-INSERT view"]
        report(f"in process: ratio: record a deal at {count} deals / one-INSERT view", round(ratio, 2))


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
