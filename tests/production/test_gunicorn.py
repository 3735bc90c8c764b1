"""Tapete under gunicorn, as deployed (DEBUG off, a SECRET_KEY, collected and compressed static files), on the
suite's database (SQLite or PostgreSQL): the health check, static files, the access log, and a short load
test — 30 phones recording on 10 tables for 20 seconds while one phone keeps editing the latest deals and
another keeps undoing and restoring them: no 5xx, no deal lost or recorded twice, standings equal a replay."""

from __future__ import annotations

import http.client
import os
import random
import re
import threading
import time
import uuid
from collections import Counter, defaultdict
from typing import Any

import pytest

from referee.game import get_game
from scoring import services
from scoring.models import Deal, DealRevision, Table
from tests.gunicorn_server import Server, gunicorn, send
from tests.scoring.test_concurrency import assert_cache_is_a_replay

pytestmark = pytest.mark.django_db(transaction=True)
PLAYERS = ["Ana", "Bea", "Cris", "Dani"]
LOAD_SECONDS = float(os.environ.get("LOAD_SECONDS", "20"))


@pytest.fixture(scope="module")
def server(django_db_setup, django_db_blocker, tmp_path_factory):
    with django_db_blocker.unblock(), gunicorn(tmp_path_factory.mktemp("gunicorn"), RATELIMIT="false") as served:
        yield served


def new_table(server: Server) -> dict[str, Any]:
    status, body, _ = server.request("POST", "/api/tables", {"game": "tarot", "players": PLAYERS})
    assert status == 201, body
    return body


def a_deal(rng: random.Random) -> dict[str, Any]:
    bouts = rng.randint(0, 3)
    return {"taker": rng.choice(PLAYERS), "contract": rng.choice(["prise", "garde", "garde_sans"]),
            "bouts": bouts, "points": rng.randint(int(4.5 * bouts + 0.5) + 10, 80 - 4 * (3 - bouts))}


def test_the_health_check_answers_with_the_database(server):
    status, body, _ = server.request("GET", "/healthz")
    assert (status, body) == (200, {"status": "ok", "database": "ok"})


def test_static_files_are_served_compressed_with_a_long_cache(server):
    status, page, _ = server.request("GET", f"/t/{new_table(server)['view_token']}/")
    assert status == 200
    stylesheet = re.search(rb'href="(/static/[^"]+\.css)"', page)
    assert stylesheet and re.search(rb"\.[0-9a-f]{12}\.css$", stylesheet[1])  # hashed by the manifest
    status, _, response = server.request("GET", stylesheet[1].decode(), headers={"Accept-Encoding": "gzip"})
    assert status == 200
    assert response.getheader("Content-Encoding") == "gzip"
    assert "max-age=315360000" in response.getheader("Cache-Control", "")


def test_the_access_log_never_shows_a_link_token(server):
    table = new_table(server)
    edit = table["edit_token"]
    for path in (f"/t/{edit}/", f"/t/{table['view_token']}/live/?v=1", f"/api/tables/{edit}",
                 f"/referee/tarot/?table={edit}", f"/rules/tarot/?table={edit}",  # the table page's links
                 f"/t/%{ord(edit[0]):X}{edit[1:]}/"):  # a character percent-encoded
        referer = f"http://x/referee/tarot/?ask=1&table={edit}"
        assert server.request("GET", path, headers={"Referer": referer})[0] == 200, path
    time.sleep(0.5)
    log = server.log.read_text()
    assert re.search(r'"GET /t/…/live/\?v=1 HTTP/1\.1" 200', log), log[-2000:]
    assert re.search(r'"GET /referee/tarot/\?table=… HTTP/1\.1" 200', log), log[-2000:]
    assert table["edit_token"] not in log and table["view_token"] not in log


class Night:
    """What the phones were told, to compare with what was stored."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.statuses: Counter[tuple[str, int]] = Counter()
        self.recorded: dict[str, dict[str, int]] = defaultdict(dict)  # token -> client id -> deal number
        self.undone: dict[str, set[int]] = defaultdict(set)
        self.wrong: list[str] = []

    def saw(self, who: str, status: int, allowed: tuple[int, ...]) -> None:
        with self.lock:
            self.statuses[(who, status)] += 1
            if status not in allowed:
                self.wrong.append(f"{who}: {status}")


def phone(server: Server) -> http.client.HTTPConnection:
    return http.client.HTTPConnection(server.host, server.port, timeout=60)


def writer(server: Server, token: str, seed: int, until: float, night: Night) -> None:
    rng, conn = random.Random(seed), phone(server)
    while time.monotonic() < until:
        body = {"record": a_deal(rng), "client_id": str(uuid.uuid4())}
        status, deal, _ = send(conn, "POST", f"/api/tables/{token}/deals", body)
        night.saw("record", status, (201,))
        if status != 201:
            continue
        with night.lock:
            night.recorded[token][body["client_id"]] = deal["number"]
        if rng.random() < 0.05:  # the answer was lost: the phone sends the same deal again
            status, again, _ = send(conn, "POST", f"/api/tables/{token}/deals", body)
            night.saw("retry", status, (200, 409))  # 409: undone meanwhile, and another deal took its number
            if status == 200 and again["number"] != deal["number"]:
                night.wrong.append(f"retry got deal {again['number']}, not {deal['number']}")


def latest(conn: http.client.HTTPConnection, token: str) -> int | None:
    status, table, _ = send(conn, "GET", f"/api/tables/{token}")
    return table["deals"][-1]["number"] if status == 200 and table["deals"] else None


def editor(server: Server, tokens: list[str], until: float, night: Night) -> None:
    rng, conn = random.Random(1), phone(server)
    while time.monotonic() < until:
        token = rng.choice(tokens)
        if (number := latest(conn, token)) is not None:
            status, _, _ = send(conn, "PUT", f"/api/tables/{token}/deals/{number}", {"record": a_deal(rng)})
            night.saw("edit", status, (200,))


def undoer(server: Server, tokens: list[str], until: float, night: Night) -> None:
    rng, conn = random.Random(2), phone(server)
    while time.monotonic() < until:
        token = rng.choice(tokens)
        if rng.random() < 0.5:  # the deal it saw as the last: 409 if another was recorded after it meanwhile
            if (seen := latest(conn, token)) is None:
                continue
            status, undone, _ = send(conn, "POST", f"/api/tables/{token}/undo?number={seen}")
            night.saw("undo seen", status, (200, 409))
        else:  # whatever is the last deal now
            status, undone, _ = send(conn, "POST", f"/api/tables/{token}/undo")
            night.saw("undo", status, (200, 409))  # 409: no deal yet
        if status != 200:
            continue
        number = undone["number"]
        with night.lock:
            night.undone[token].add(number)
        if rng.random() < 0.5:
            status, _, _ = send(conn, "POST", f"/api/tables/{token}/deals/{number}/restore")
            night.saw("restore", status, (200, 409))  # 409: another deal was recorded in its place first
            if status == 200:
                with night.lock:
                    night.undone[token].discard(number)


def test_thirty_phones_recording_on_ten_tables_with_a_racing_editor_and_undoer(server):
    tokens = [new_table(server)["edit_token"] for _ in range(10)]
    night, until = Night(), time.monotonic() + LOAD_SECONDS
    phones = [threading.Thread(target=writer, args=(server, tokens[i % 10], i, until, night)) for i in range(30)]
    phones += [threading.Thread(target=editor, args=(server, tokens, until, night)),
               threading.Thread(target=undoer, args=(server, tokens, until, night))]
    for thread in phones:
        thread.start()
    for thread in phones:
        thread.join(LOAD_SECONDS + 120)
    print("\nload:", dict(sorted(night.statuses.items())))

    assert not night.wrong, Counter(night.wrong).most_common(5)
    assert sum(n for (who, _), n in night.statuses.items() if who == "record") > 100
    assert night.statuses[("edit", 200)] > 0 and night.statuses[("undo", 200)] > 0
    game = get_game("tarot")
    for token in tokens:
        table = Table.objects.get(edit_token=token)
        # Every acknowledged deal was recorded once, under the number it was told (an undone deal's number is
        # taken by the next deal recorded: its record stays in the deal's revisions).
        stored = dict(DealRevision.objects.filter(deal__table=table, action="record")
                      .values_list("client_id", "deal__number"))
        told = {uuid.UUID(cid): number for cid, number in night.recorded[token].items()}
        assert stored == told, "a deal was lost, moved or recorded twice"
        active = list(table.deals.filter(withdrawn=False).order_by("number").values_list("number", flat=True))
        assert active == list(range(1, len(active) + 1)), "a gap in the deal numbers"
        assert set(table.deals.filter(withdrawn=True).values_list("number", flat=True)) <= night.undone[token]
        for number in night.undone[token]:  # each deal undone is still undone, or was replaced since
            deal = table.deals.get(number=number)
            actions = list(deal.revisions.order_by("revision").values_list("action", flat=True))
            assert deal.withdrawn or actions[actions.index("undo"):].count("record") >= 1, (number, actions)
        assert_cache_is_a_replay(table)
        spec = services.table_spec(table)
        replayed = list(game.replay(spec, [game.record_from_json(d.record)
                                           for d in table.deals.filter(withdrawn=False).order_by("number")]))
        status, shown, _ = server.request("GET", f"/api/tables/{token}")
        assert shown["totals"] == dict(zip(PLAYERS, replayed[-1][0].totals if replayed else (0,) * 4,
                                           strict=True))
    assert Deal.objects.filter(client_id__isnull=True).count() == 0
