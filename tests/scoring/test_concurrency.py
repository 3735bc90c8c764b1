"""Two phones acting on a table at the same moment, with real threads on the real database (SQLite or
PostgreSQL, whichever the suite runs on): never a 500, never a duplicate revision, and the cached standings
always equal a fresh replay of the deals."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client

from referee.game import get_game
from scoring import night, services
from scoring.models import Deal, DealRevision, Table

from .conftest import PLAYERS4, plain_deal

pytestmark = pytest.mark.django_db(transaction=True)
ROUNDS = 4


def at_once(*actions: Callable[[], Any]) -> list[Any]:
    """Run the actions in threads released together; each answer (or the exception it raised), in order."""
    barrier = threading.Barrier(len(actions))
    results: list[Any] = [None] * len(actions)

    def run(index: int, action: Callable[[], Any]) -> None:
        try:
            barrier.wait()
            results[index] = action()
        except Exception as exc:  # a 500 from the test client, a database error...
            results[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, a)) for i, a in enumerate(actions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results


def post(path: str, data: dict[str, Any]) -> Callable[[], Any]:
    return lambda: Client().post(path, data)


def assert_answered(results: list[Any]) -> None:
    for result in results:
        assert not isinstance(result, Exception), repr(result)
        assert result.status_code in (200, 302), result.status_code


def assert_cache_is_a_replay(table: Table) -> None:
    game, spec = get_game(table.game), services.table_spec(table)
    state = game.initial_state(spec)
    for deal in table.deals.filter(withdrawn=False).order_by("number"):
        state, outcome = game.apply(spec, state, game.record_from_json(deal.record))
        assert deal.state_after == state.to_json(), f"deal {deal.number} is stale"
        assert deal.outcome == outcome.to_json()
    assert not table.deals.filter(withdrawn=True, state_after__isnull=False).exists()
    for deal in table.deals.all():
        revisions = list(deal.revisions.values_list("revision", flat=True))
        assert sorted(revisions) == list(range(1, deal.revision + 1))


def new_table(deals: int) -> Table:
    table = services.create_table(game="tarot", players=PLAYERS4)
    for i in range(deals):
        services.record_deal(table, plain_deal(taker=PLAYERS4[i % 4]))
    return table


def form(number: int, **changes: Any) -> dict[str, Any]:
    return {**plain_deal(**changes), "deal_number": str(number)}


def test_record_and_undo_at_once():
    for _round in range(ROUNDS):
        table = new_table(2)
        edit = f"/t/{table.edit_token}/"
        results = at_once(post(edit + "deal/", form(3, taker="W")), post(edit + "undo/", {"number": "2"}))
        assert_answered(results)
        assert_cache_is_a_replay(table)
        # Either the record came first (deal 3 recorded; the undo of deal 2, no longer the last, refused), or the
        # undo did (deal 2 undone; the form meant for deal 3 is answered with a conflict, its entries kept,
        # since the next deal is now 2 again). Never a gap, never both.
        active = list(table.deals.filter(withdrawn=False).values_list("number", flat=True))
        recorded = DealRevision.objects.filter(deal__table=table, action="record").count()
        undone = list(table.deals.filter(withdrawn=True).values_list("number", flat=True))
        assert (active, recorded, undone) in (([1, 2, 3], 3, []), ([1], 2, [2]))


def test_record_and_edit_at_once():
    for _round in range(ROUNDS):
        table = new_table(2)
        edit = f"/t/{table.edit_token}/"
        results = at_once(post(edit + "deal/", form(3, taker="W")),
                          post(edit + "deal/1/edit/", {**plain_deal(taker="N", contract="prise")}))
        assert_answered(results)
        assert_cache_is_a_replay(table)
        assert table.deals.count() == 3 and table.deals.get(number=1).revision == 2


def test_two_edits_of_one_deal_at_once():
    for _round in range(ROUNDS):
        table = new_table(2)
        edit = f"/t/{table.edit_token}/deal/1/edit/"
        results = at_once(post(edit, plain_deal(taker="N", contract="prise")),
                          post(edit, plain_deal(taker="S", contract="garde_sans")))
        assert_answered(results)
        assert_cache_is_a_replay(table)
        deal = table.deals.get(number=1)
        assert deal.revision == 3 and DealRevision.objects.filter(deal=deal).count() == 3


def test_two_undos_of_the_last_deal_at_once():
    for _round in range(ROUNDS):
        table = new_table(3)
        undo = f"/t/{table.edit_token}/undo/"
        results = at_once(post(undo, {"number": "3"}), post(undo, {"number": "3"}))
        assert_answered(results)
        assert_cache_is_a_replay(table)
        assert list(table.deals.filter(withdrawn=True).values_list("number", flat=True)) == [3]  # only deal 3


def test_two_restores_at_once():
    for _round in range(ROUNDS):
        table = new_table(3)
        services.undo_last(table)
        restore = f"/t/{table.edit_token}/deal/3/restore/"
        results = at_once(post(restore, {}), post(restore, {}))
        assert_answered(results)
        assert_cache_is_a_replay(table)
        deal = table.deals.get(number=3)
        assert not deal.withdrawn and deal.revision == 3  # recorded, undone, restored once


def test_the_same_deal_sent_twice_at_once_is_recorded_once():
    for _round in range(ROUNDS):
        table = new_table(1)
        body = {**form(2, taker="S"), "client_id": "6f1c3a52-8a53-4a57-9d7e-1b2f3c4d5e6f"}
        results = at_once(post(f"/t/{table.edit_token}/deal/", body), post(f"/t/{table.edit_token}/deal/", body))
        assert_answered(results)
        assert Deal.objects.filter(table=table).count() == 2
        assert_cache_is_a_replay(table)


def start_form(**extra: str) -> dict[str, str]:
    """The new table form as "Start the table" sends it, with a client id of its own."""
    return {"first_dealer": "0", "currency": "EUR", "stake": "0", "client_id": str(uuid.uuid4()),
            **{f"player_{seat}": name for seat, name in enumerate(PLAYERS4)}, **extra}


def test_start_sent_twice_at_once_starts_one_table():
    """Two taps on "Start the table" served at the same moment: one table, both answers lead to it."""
    for _round in range(ROUNDS):
        form = start_form()
        results = at_once(post("/new/tarot/", form), post("/new/tarot/", form))
        assert_answered(results)
        table = Table.objects.get(client_id=form["client_id"])
        assert [result["Location"] for result in results] == [f"/t/{table.edit_token}/"] * 2


def test_the_next_game_of_tonight_started_twice_at_once_is_started_and_added_to_tonight_once():
    for _round in range(ROUNDS):
        before = new_table(0)
        form = start_form(table=before.edit_token)
        results = at_once(post("/new/burro/", form), post("/new/burro/", form))
        assert_answered(results)
        game = Table.objects.get(client_id=form["client_id"])
        assert [result["Location"] for result in results] == [f"/t/{game.edit_token}/"] * 2
        assert list(before.night_with.values_list("pk", flat=True)) == [game.pk]
        assert before.changes.filter(kind="night").count() == game.changes.filter(kind="night").count() == 1


def same_phone(key: str) -> Client:
    """A client of the phone known by the session ``key`` (each thread has its own)."""
    phone = Client()
    phone.cookies[settings.SESSION_COOKIE_NAME] = key
    return phone


def test_two_phones_adding_the_same_game_to_the_night_at_once_link_it_once():
    """Two phones of the same table add the same other game of tonight at the same moment (or one phone sends the
    tap twice): the rows are locked, so the game is linked once and each history says it once; both are answered
    with the page (one "added", one "already in")."""
    for _round in range(ROUNDS):
        device = Client().session.session_key
        table = services.create_table(game="tarot", players=PLAYERS4, device=device)
        other = services.create_table(game="burro", players=["N", "S"], device=device)
        path, add = f"/t/{table.edit_token}/settle/", {"action": "add", "game": other.pk}
        assert_answered(at_once(partial(same_phone(device).post, path, add),
                                partial(same_phone(device).post, path, add)))
        assert list(table.night_with.values_list("pk", flat=True)) == [other.pk]
        assert table.changes.filter(kind="night").count() == other.changes.filter(kind="night").count() == 1


def test_a_game_added_and_taken_out_of_the_night_at_once_ends_one_way_or_the_other():
    """One phone takes a game out of the night while another adds a third: never a 500, and each history says
    what was done, in the order it was done."""
    for _round in range(ROUNDS):
        device = Client().session.session_key
        table = services.create_table(game="tarot", players=PLAYERS4, device=device)
        added = services.create_table(game="burro", players=["N", "S"], device=device)
        third = services.create_table(game="burro", players=["E", "W"], device=device)
        night.add_to_night(table, added)
        path = f"/t/{table.edit_token}/settle/"
        assert_answered(at_once(partial(same_phone(device).post, path, {"action": "take_out", "game": added.pk}),
                                partial(same_phone(device).post, path, {"action": "add", "game": third.pk})))
        assert not added.night_with.exists() and list(third.night_with.values_list("pk", flat=True)) == [table.pk]
        assert [c.details["added"] for c in added.changes.filter(kind="night").order_by("pk")] == [True, False]
