"""The path every phone takes at every deal, kept short (``make bench`` measures it; these hold what it must not
lose): a deal recorded through the API reads the table, takes its lock, reads its last deal and writes the
deal and its revision, whatever the length of the night; the rows written without the ORM's query building
are the rows the ORM writes; the answer, sent without validating it again, has DealOut's shape.

Run with the suite (not marked ``bench``)."""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from referee.game import all_games
from scoring import rows, services
from scoring.access import resolve
from scoring.api_schemas import DealOut
from scoring.models import Deal, DealRevision, Table
from tests.scoring.test_concurrency import assert_cache_is_a_replay

from .test_bench import PLAYERS, _table_with_deals, plain_tarot_records

pytestmark = pytest.mark.django_db
TRANSACTION = re.compile(r"^\s*(BEGIN|COMMIT|SAVEPOINT|RELEASE|ROLLBACK)", re.IGNORECASE)


def post(token: str, body: dict[str, Any]):
    return Client().post(f"/api/tables/{token}/deals", json.dumps(body), content_type="application/json")


def statements_of_a_record(table: Table, **body: Any) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        response = post(table.edit_token, {"record": plain_tarot_records(1, seed=table.pk)[0], **body})
    assert response.status_code == 201, response.content
    return [q["sql"] for q in queries.captured_queries if not TRANSACTION.match(q["sql"])]


def kinds(statements: list[str]) -> list[str]:
    return [sql.split(None, 1)[0].upper() for sql in statements]


def test_recording_a_deal_is_two_reads_and_three_writes_on_a_short_and_a_long_night():
    short, long = _table_with_deals(3), _table_with_deals(2_000)
    for table in (short, long):
        assert kinds(statements_of_a_record(table)) == [
            "SELECT",  # the table behind the token
            "UPDATE",  # its lock, if nobody wrote since (its version moves on)
            "SELECT",  # the last deal
            "INSERT", "INSERT"]  # the deal and its first revision


def test_a_client_id_is_checked_in_the_same_read_as_the_last_deal():
    table = _table_with_deals(3)
    statements = statements_of_a_record(table, client_id=str(uuid.uuid4()))
    assert kinds(statements) == ["SELECT", "UPDATE", "SELECT", "INSERT", "INSERT"]


def test_a_retry_is_found_by_its_client_id_and_nothing_is_stored():
    table = _table_with_deals(3)
    body = {"record": plain_tarot_records(1)[0], "client_id": str(uuid.uuid4())}
    first = post(table.edit_token, body)
    version = Table.objects.get(pk=table.pk).version
    with CaptureQueriesContext(connection) as queries:
        again = post(table.edit_token, body)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()
    statements = [q["sql"] for q in queries.captured_queries]
    assert not [sql for sql in statements if kinds([sql])[0] in ("INSERT", "DELETE")]
    assert Table.objects.get(pk=table.pk).version == version  # the lock taken to look is given back, unmoved
    assert Deal.objects.filter(table=table).count() == 4 and DealRevision.objects.filter(deal__table=table).count() == 4


def row(model: type, pk: int) -> dict[str, Any]:
    """A stored row as the database holds it (no conversion), without its id and times."""
    quote = connection.ops.quote_name
    names = [f.column for f in model._meta.concrete_fields if f.column not in ("id", "created", "updated")]
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {', '.join(quote(n) for n in names)} FROM {quote(model._meta.db_table)} "
                       f"WHERE {quote('id')} = %s", [pk])
        return dict(zip(names, cursor.fetchone(), strict=True))


def test_a_deal_and_its_revision_are_stored_as_the_orm_stores_them():
    table = _table_with_deals(3)
    client_id = uuid.uuid4()
    deal = services.record_deal(table, plain_tarot_records(1)[0], author="api", client_id=client_id)
    revision = DealRevision.objects.get(deal=deal)
    by_orm = Deal.objects.create(table=table, number=99, record=deal.record, client_id=uuid.uuid4(),
                                 outcome=deal.outcome, state_after=deal.state_after)
    orm_revision = DealRevision.objects.create(deal=by_orm, revision=1, action="record", record=deal.record,
                                               author="api", client_id=by_orm.client_id)
    assert row(Deal, deal.pk) == {**row(Deal, by_orm.pk), "number": deal.number,
                                  "client_id": row(Deal, deal.pk)["client_id"]}
    assert row(DealRevision, revision.pk) == {**row(DealRevision, orm_revision.pk), "deal_id": deal.pk,
                                              "client_id": row(DealRevision, revision.pk)["client_id"]}
    stored = Deal.objects.get(pk=deal.pk)
    assert (stored.client_id, stored.record, stored.outcome, stored.state_after) == (
        client_id, deal.record, deal.outcome, deal.state_after)
    assert stored.created == deal.created == stored.updated == revision.created  # one save, one time


def test_a_table_read_by_its_token_is_the_table_the_orm_reads():
    table = services.create_table(game="tarot", players=PLAYERS, options={"misere": True}, name="Lundi")
    Table.objects.filter(pk=table.pk).update(carried={"totals": [1, -1, 0, 0]})
    fields = [f.attname for f in Table._meta.concrete_fields]
    by_orm = Table.objects.get(pk=table.pk)
    for token in (table.edit_token, table.view_token):
        found = resolve(token).table
        assert [getattr(found, f) for f in fields] == [getattr(by_orm, f) for f in fields]
        assert found._state.adding is False and found._state.db == "default"


def test_a_table_read_again_under_the_lock_is_the_table_refresh_from_db_reads():
    table = services.create_table(game="tarot", players=PLAYERS, name="Lundi")
    stale, fields = Table.objects.get(pk=table.pk), [f.attname for f in Table._meta.concrete_fields]
    owner = get_user_model().objects.create_user("ana")
    Table.objects.filter(pk=table.pk).update(name="Mardi", options={"misere": True}, carried={"totals": [1, -1, 0, 0]},
                                             closed=True, version=7, stake_minor=50, owner=owner)
    rows.reload(stale)
    by_orm = Table.objects.get(pk=table.pk)
    assert [getattr(stale, f) for f in fields] == [getattr(by_orm, f) for f in fields]
    assert (stale.name, stale.version, stale.closed, stale.owner) == ("Mardi", 7, True, owner)
    owner.delete()  # the owner's account goes: its tables' key is emptied, the table's version unmoved
    rows.reload(stale)
    assert stale.owner_id is None and stale.owner is None
    Table.objects.filter(pk=table.pk).delete()
    with pytest.raises(Table.DoesNotExist):
        rows.reload(stale)


def test_rows_read_by_their_own_sql_convert_as_the_orm_does():
    table = services.create_table(game="tarot", players=PLAYERS)
    read = rows.instances(Table, f"SELECT {rows.columns(Table)} FROM scoring_table WHERE id = %s", [table.pk])
    assert [t.updated for t in read] == [Table.objects.get(pk=table.pk).updated]


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.slug)
def test_the_answer_to_a_recorded_deal_has_the_shape_dealout_documents(game):
    size = min(game.player_counts)
    players = [f"P{i}" for i in range(1, size + 1)]
    table = services.create_table(game=game.slug, players=players)
    for raw in game.example_records(game.table(players)):
        answer = post(table.edit_token, {"record": raw, "client_id": str(uuid.uuid4())}).json()
        assert answer == json.loads(json.dumps(DealOut.model_validate(answer).model_dump(mode="json")))


def test_a_retry_of_an_undone_deal_answers_it_without_totals_as_dealout_documents():
    table = _table_with_deals(3)
    body = {"record": plain_tarot_records(1)[0], "client_id": str(uuid.uuid4())}
    assert post(table.edit_token, body).status_code == 201
    services.undo_last(table)
    again = post(table.edit_token, body)
    assert again.status_code == 200
    assert again.json()["withdrawn"] is True and again.json()["totals"] is None
    assert again.json() == json.loads(json.dumps(DealOut.model_validate(again.json()).model_dump(mode="json")))


def test_a_deal_another_phone_recorded_meanwhile_is_seen_and_this_one_worked_out_on_it():
    table = services.create_table(game="tarot", players=PLAYERS)
    services.record_deal(table, plain_tarot_records(1, seed=1)[0])
    # another phone records deal 2 between this phone's read of the table and its lock
    services.record_deal(Table.objects.get(pk=table.pk), plain_tarot_records(1, seed=2)[0], author="other")
    with CaptureQueriesContext(connection) as queries:
        deal = services.record_deal(table, plain_tarot_records(1, seed=3)[0], author="this")
    assert deal.number == 3 and table.deals.get(number=2).revisions.get().author == "other"
    assert table.version == Table.objects.get(pk=table.pk).version == 3
    assert_cache_is_a_replay(table)
    statements = kinds([q["sql"] for q in queries.captured_queries if not TRANSACTION.match(q["sql"])])
    assert statements == ["UPDATE",  # this phone's version no longer holds...
                          "UPDATE", "SELECT",  # ...so it takes the lock and reads the table again (someone may
                          # have joined or left)...
                          "SELECT", "INSERT", "INSERT"]  # ...and works its deal out on deal 2


def test_a_refused_record_leaves_the_table_at_its_version():
    table = services.create_table(game="tarot", players=PLAYERS)
    services.record_deal(table, plain_tarot_records(1, seed=1)[0])
    with pytest.raises(services.InvalidRecord):
        services.record_deal(table, {"taker": "nobody"})
    assert table.version == Table.objects.get(pk=table.pk).version == 1
    assert services.record_deal(table, plain_tarot_records(1, seed=2)[0]).number == 2


def test_a_refusal_or_a_retry_after_another_phone_wrote_leaves_the_table_as_that_phone_left_it():
    table = services.create_table(game="tarot", players=PLAYERS)
    first = services.record_deal(table, plain_tarot_records(1, seed=1)[0], client_id=uuid.uuid4())
    stale = Table.objects.get(pk=table.pk)
    services.record_deal(table, plain_tarot_records(1, seed=2)[0])  # another phone, meanwhile
    with pytest.raises(services.InvalidRecord):
        services.record_deal(stale, {"taker": "nobody"})
    assert stale.version == Table.objects.get(pk=table.pk).version == 2
    stale.version = 1  # as the request read it
    again = services.record_deal(stale, first.record, client_id=first.client_id)
    assert again.pk == first.pk and again.repeated
    assert stale.version == Table.objects.get(pk=table.pk).version == 2
    user = get_user_model().objects.create_user("bea")
    Table.objects.filter(pk=table.pk).update(owner=user)
    stale = Table.objects.get(pk=table.pk)  # holds the owner's key, not the owner
    services.record_deal(table, plain_tarot_records(1, seed=3)[0])  # another phone, meanwhile
    user.delete()  # and the owner's account goes: the table's key emptied
    assert services.record_deal(stale, plain_tarot_records(1, seed=4)[0]).number == 4
    assert stale.version == Table.objects.get(pk=table.pk).version == 4 and stale.owner is None
