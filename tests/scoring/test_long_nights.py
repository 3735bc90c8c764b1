"""A correction to an early deal of a long night replays every deal after it. The replay runs before the write
lock is taken; the lock is held for a fixed number of statements whatever the length of the night, so one
phone correcting deal 1 of 20,000 never stalls the other tables' writes (SQLite has one write lock)."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import services
from scoring.models import Deal

from .conftest import PLAYERS4, add_deals, plain_deal
from .test_concurrency import assert_cache_is_a_replay

pytestmark = pytest.mark.django_db(transaction=True)
LOCK = re.compile(r'UPDATE "scoring_table" SET "version"', re.IGNORECASE)


def statements_under_the_lock(deals: int, change) -> list[str]:  # noqa: ANN001
    table = services.create_table(game="tarot", players=PLAYERS4)
    add_deals(table, deals)
    with CaptureQueriesContext(connection) as queries:
        change(table)
    sqls = [q["sql"] for q in queries.captured_queries]
    locked_at = next(i for i, sql in enumerate(sqls) if LOCK.search(sql))
    assert_cache_is_a_replay(table)
    return sqls[locked_at:]


@pytest.mark.parametrize("change", [
    pytest.param(lambda t: services.edit_deal(t.deals.get(number=1), plain_deal(points=56)), id="edit"),
    pytest.param(lambda t: services.set_withdrawn(t.deals.get(number=1), True), id="undo"),
    pytest.param(lambda t: services.revert_to(t.deals.get(number=1).revisions.get(revision=1)), id="revert"),
])
def test_a_correction_holds_the_lock_for_the_same_statements_on_a_short_and_a_long_night(change):
    short, long = statements_under_the_lock(3, change), statements_under_the_lock(40, change)
    assert len(short) == len(long) <= 6  # the lock, the deal, the caches (one executemany), the revision…
    assert not any(sql.lstrip().upper().startswith("SELECT") and "scoring_deal" in sql and "number" in sql
                   and ">=" in sql for sql in long), "the replay ran under the lock"


def test_a_phone_writing_during_the_replay_is_seen_and_the_correction_derived_again(monkeypatch):
    table = services.create_table(game="tarot", players=PLAYERS4)
    add_deals(table, 5)
    derive, calls = services._derive, []

    def another_phone_records_meanwhile(*args, **kwargs):  # noqa: ANN002, ANN003
        calls.append(1)
        if len(calls) == 1:
            services.record_deal(table, plain_deal(taker="W"))  # deal 6, while deal 1 is being replayed
        return derive(*args, **kwargs)

    monkeypatch.setattr(services, "_derive", another_phone_records_meanwhile)
    services.edit_deal(table.deals.get(number=1), plain_deal(points=60))
    assert len(calls) == 2  # the first replay was thrown away: it had not seen deal 6
    assert table.deals.count() == 6
    assert table.deals.get(number=1).record["points"] == "60"  # points are stored as the rules normalised them
    assert_cache_is_a_replay(table)


def test_a_table_busy_with_writes_still_gets_its_correction_under_the_lock(monkeypatch):
    table = services.create_table(game="tarot", players=PLAYERS4)
    add_deals(table, 3)
    derive, calls = services._derive, []

    def a_write_every_time(*args, **kwargs):  # noqa: ANN002, ANN003
        calls.append(1)
        if len(calls) <= 2:  # both lock-free tries lose their race; the third derives under the lock
            services.record_deal(table, plain_deal(taker="N"))
        return derive(*args, **kwargs)

    monkeypatch.setattr(services, "_derive", a_write_every_time)
    services.edit_deal(table.deals.get(number=2), plain_deal(points=70))
    assert len(calls) == 3
    assert table.deals.get(number=2).record["points"] == "70" and table.deals.get(number=2).revision == 2
    assert Deal.objects.filter(table=table).count() == 5
    assert_cache_is_a_replay(table)
