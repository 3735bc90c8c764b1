"""Export and import of a table: a lossless JSON file (importing it gives the same table, every revision kept)
and a CSV for spreadsheets. A night of every game at every table size goes out and comes back the same; bad
files are refused with a message per problem, and leave nothing behind."""

from __future__ import annotations

import csv
import io
import json
import uuid
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import DatabaseError
from django.urls import reverse

from referee.game import Game, InvalidRecord, all_games
from scoring import seating, services, transfer
from scoring.models import Deal, DealRevision, Player, Seat, Table
from tests.scoring.conftest import plain_deal

pytestmark = pytest.mark.django_db

GAMES = all_games()
SIZES = [(game, size) for game in GAMES for size in game.player_counts]
AUTHORS = ("Zoë's phone", "api", "")


# -- a night of any game ---------------------------------------------------------------------------------------


def play_a_night(game: Game[Any, Any, Any], size: int) -> Table:
    """The game's example deals recorded from three phones (some with a client id), the last one edited to
    another deal the game accepts there, undone and restored, reverted to what it first said, then undone."""
    players = [f"Jugadör {i} ñ" for i in range(1, size + 1)]
    table = services.create_table(game=game.slug, players=players, name="Viernes · à la mesa", stake_minor=25,
                                  currency="€", first_dealer=size - 1)
    examples = game.example_records(services.table_spec(table))
    for i, raw in enumerate(examples):
        services.record_deal(table, raw, author=AUTHORS[i % 3], client_id=uuid.uuid4() if i % 2 == 0 else None)
    try:  # a game with fewer examples plays them again, while its rules take them
        for raw in examples * 2 if len(examples) < 3 else ():
            services.record_deal(table, raw, author=AUTHORS[1])
    except InvalidRecord:
        pass
    last = table.deals.order_by("-number").first()
    assert last is not None
    services.edit_deal(last, another_deal(game, table, last, examples), author="Bea")
    services.undo_last(table, author="Carl")
    services.set_withdrawn(last, False, author=AUTHORS[0])
    services.revert_to(last.revisions.get(revision=1), author="Bea")
    services.undo_last(table, author="Dani")
    return table


def another_deal(game: Game[Any, Any, Any], table: Table, last: Deal, examples: Any) -> Any:
    """An example deal the game accepts in place of the last one and that says something else (if any)."""
    spec = services.table_spec(table)
    before = services.state_before(table, last.number, game, spec)
    for raw in examples[::-1]:
        try:
            fact = services.checked_record(game, spec, before, raw)
            game.apply(spec, before, fact)
        except InvalidRecord:
            continue
        if fact.to_json() != last.record:
            return raw
    return last.record


def snapshot(table: Table) -> dict[str, Any]:
    """All that must survive a file: the table's fields, seats, deals (with their derived caches), every
    revision in the history's order, and the standings."""
    table = Table.objects.get(pk=table.pk)
    now = services.standings(table)
    return {
        "table": {name: getattr(table, name) for name in ("game", "name", "options", "stake_minor", "currency",
                                                          "first_dealer", "carried", "created")},
        "seats": list(table.seats.order_by("position").values_list("position", "player__name", "team")),
        "deals": list(table.deals.order_by("number").values_list(
            "number", "record", "withdrawn", "revision", "client_id", "outcome", "state_after", "created")),
        "history": list(DealRevision.objects.filter(deal__table=table).order_by("-created", "-pk").values_list(
            "deal__number", "revision", "action", "record", "withdrawn", "author", "client_id", "created")),
        "changes": list(table.changes.order_by("created", "pk").values_list("kind", "after_deals", "details",
                                                                             "author", "created")),
        "standings": (now.totals, now.dealer, now.leader, now.ranking(), now.deal_count, now.game_over,
                      now.winners),
    }


@pytest.mark.parametrize(("game", "size"), SIZES, ids=[f"{g.slug}-{n}" for g, n in SIZES])
def test_a_night_of_every_game_comes_back_the_same_from_its_file(game, size):
    table = play_a_night(game, size)
    data = transfer.export_json(table)

    imported = transfer.import_table(data)

    assert imported.pk != table.pk
    assert snapshot(imported) == snapshot(table)
    # every deal's record, then an undo, a restore, a revert and an undo of the last (and its edit, where the game
    # has another deal to put in its place: Casita's one deal edited with itself changes nothing, and stores nothing)
    assert DealRevision.objects.filter(deal__table=imported).count() >= table.deals.count() + 4
    again = json.loads(transfer.export_json(imported))
    first = json.loads(data)
    assert {**again, "exported": None} == {**first, "exported": None}


@pytest.mark.parametrize("game", GAMES, ids=[g.slug for g in GAMES])
def test_players_changed_during_the_night_come_back_with_the_tables_change_log(game):
    """Records keep the names their seats had; the file keeps who sits there now and the log of the change."""
    size = game.player_counts[0]
    table = services.create_table(game=game.slug, players=[f"P{i}" for i in range(1, size + 1)])
    examples = game.example_records(services.table_spec(table))
    services.record_deal(table, examples[0])
    services.change_players(table, ["Nora", *(f"P{i}" for i in range(2, size + 1))], author="Bea")
    table = Table.objects.get(pk=table.pk)
    for raw in game.example_records(services.table_spec(table))[1:]:
        services.record_deal(table, raw)

    imported = transfer.import_table(transfer.export_json(table))

    assert snapshot(imported) == snapshot(table)
    assert snapshot(imported)["changes"][0][0] == "players"


@pytest.mark.parametrize("game", GAMES, ids=[g.slug for g in GAMES])
def test_a_deal_undone_and_replaced_and_a_player_joining_or_leaving_come_back_the_same(game):
    """What the night above does not do: a deal recorded in place of an undone one (its row and history kept,
    a new client id), then someone joining or leaving, which closes the game so far as a table of its own.
    Every file the app writes imports again, to the same table."""
    size = game.player_counts[0]
    table = play_a_night(game, size)
    spec = services.table_spec(table)
    before = services.state_before(table, table.deals.count(), game, spec)
    for raw in game.example_records(spec)[::-1]:  # one the game takes in place of the undone last deal
        try:
            game.apply(spec, before, raw)
        except InvalidRecord:
            continue
        replaced = services.record_deal(table, raw, author="Eli", client_id=uuid.uuid4())
        break
    else:
        pytest.fail("no example takes the undone deal's place")
    assert [r.action for r in replaced.revisions.order_by("revision")][-2:] == ["undo", "record"]
    allowed = seating.may_change_seats(game, services.table_spec(table))
    players = list(services.table_spec(table).players)
    if allowed["join"]:
        closed = seating.change_seats(table, [*players, "Nueva"], author="Bea")
    elif allowed["leave"]:
        closed = seating.change_seats(table, players[1:], author="Bea")
    else:
        closed = None
    assert closed is not None or services.table_spec(table).teams  # only a team game keeps its players

    for exported in [table] if closed is None else [table, closed]:
        exported = Table.objects.get(pk=exported.pk)  # as the download reads it, by its link
        imported = transfer.import_table(transfer.export_json(exported))
        expected = snapshot(exported)  # but the links between the game closed and the one going on: never in a file
        expected["changes"] = [(kind, after, transfer._without_links(details), *rest)
                               for kind, after, details, *rest in expected["changes"]]
        assert snapshot(imported) == expected


def test_a_game_carried_over_from_paper_comes_back_with_its_deals():
    table = services.create_table(game="tarot", players=["N", "S", "E", "W"])
    services.carry_over(table, {"total_0": 120, "total_1": -40, "total_2": -40, "total_3": -40}, author="Ana")
    services.record_deal(table, plain_deal())

    imported = transfer.import_table(transfer.export_json(table))

    assert imported.carried == table.carried
    assert snapshot(imported) == snapshot(table)
    assert services.standings(imported).totals == {"N": 54, "S": -106, "E": 158, "W": -106}


def test_a_carried_game_that_is_not_the_games_state_is_refused():
    document = tarot_file()
    document["table"]["carried"] = {"totals": [1, 2]}

    errors = refusal(document)

    assert list(errors) == ["table.carried"]
    assert errors["table.carried"].startswith("The game carried over from paper: ")


def test_the_night_played_has_every_kind_of_change():
    """The round trip above is only as good as the night: it has each action, and a deal out of play."""
    table = play_a_night(get_game_named("tarot"), 4)

    actions = set(DealRevision.objects.filter(deal__table=table).values_list("action", flat=True))
    assert actions == set(DealRevision.Action.values)
    assert table.deals.filter(withdrawn=True).exists()
    assert table.deals.exclude(client_id=None).exists()
    last = table.deals.order_by("-number").first()
    assert last.revisions.get(revision=2).record != last.revisions.get(revision=1).record  # edited to another deal


def get_game_named(slug: str) -> Game[Any, Any, Any]:
    return next(game for game in GAMES if game.slug == slug)


def test_the_file_never_holds_the_links_nor_the_phone_that_started_the_table():
    table = services.create_table(game="tarot", players=["N", "S", "E", "W"], device="secret-session-key")
    services.record_deal(table, plain_deal())

    text = transfer.export_json(table).decode()

    for secret in (table.edit_token, table.view_token, "secret-session-key"):
        assert secret not in text


def test_an_imported_table_has_new_links():
    table = play_a_night(get_game_named("tarot"), 3)

    imported = transfer.import_table(transfer.export_json(table))

    assert {imported.edit_token, imported.view_token}.isdisjoint({table.edit_token, table.view_token})


def test_the_id_a_table_was_started_under_stays_with_it_and_each_copy_imported_is_a_new_start():
    """The id is the start's, not the table's to share: a file never holds it, so a file imported twice (or next
    to the table it came from) makes two tables, never the table already started under it."""
    start = uuid.uuid4()
    table = services.create_table(game="tarot", players=["N", "S", "E", "W"], client_id=start)
    data = transfer.export_json(table)
    assert str(start) not in data.decode() and start.hex not in data.decode()

    copies = [transfer.import_table(data), transfer.import_table(data)]

    assert len({table.pk, *(copy.pk for copy in copies)}) == 3
    assert [copy.client_id for copy in copies] == [None, None]
    assert services.started_under(start) == table


def test_a_file_naming_a_tables_client_id_is_refused_beside_it():
    table = services.create_table(game="tarot", players=["N", "S", "E", "W"])
    document = json.loads(transfer.export_json(table))
    document["table"]["client_id"] = str(uuid.uuid4())

    with pytest.raises(transfer.ImportRefused) as refused:
        transfer.import_table(json.dumps(document).encode())

    assert list(refused.value.errors) == ["table.client_id"]
    assert Table.objects.count() == 1


def test_a_file_without_a_newer_field_imports_with_its_default():
    """A field added to tables later (here: as if "name" were new) is missing from older files."""
    table = services.create_table(game="tarot", players=["N", "S", "E", "W"], name="Friday")
    document = json.loads(transfer.export_json(table))
    del document["table"]["name"]

    imported = transfer.import_table(json.dumps(document).encode())

    assert imported.name == ""


def test_deals_whose_caches_were_emptied_are_derived_again():
    table = services.create_table(game="tarot", players=["N", "S", "E", "W"])
    for taker in "ESN":
        services.record_deal(table, plain_deal(taker=taker))
    expected = snapshot(table)
    Deal.objects.filter(table=table).update(outcome=None, state_after=None)  # as a migration may leave them

    imported = transfer.import_table(transfer.export_json(table))

    assert snapshot(imported)["deals"] == expected["deals"]


# -- CSV -----------------------------------------------------------------------------------------------------


@pytest.fixture
def accented():
    """Four players with accents; Ève then José take a Garde with 2 bouts and 49 points: +198, the others
    -66 each; a third deal is undone."""
    table = services.create_table(game="tarot", players=["Zoë", "José", "Ève", "Íñigo"])
    services.record_deal(table, plain_deal(taker="Ève"))
    services.record_deal(table, plain_deal(taker="José"))
    services.record_deal(table, plain_deal(taker="Zoë"))
    services.undo_last(table)
    return table


def test_the_csv_has_a_row_per_deal_in_play_with_scores_and_running_totals(client, accented):
    response = client.get(reverse("export_csv", args=[accented.view_token]))

    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response.content.startswith(b"\xef\xbb\xbf")  # the BOM: Excel reads the accents right
    assert response.content.decode("utf-8-sig") == (
        "Deal,Dealer,Zoë,José,Ève,Íñigo,Zoë total,José total,Ève total,Íñigo total\r\n"
        "1,Zoë,-66,-66,198,-66,-66,-66,198,-66\r\n"
        "2,José,-66,198,-66,-66,-132,132,132,-132\r\n"
    )


def test_the_csv_is_a_download_named_after_the_table(client, accented):
    response = client.get(reverse("export_csv", args=[accented.edit_token]))

    assert response["Content-Disposition"].startswith('attachment; filename="tapete-french-tarot-')
    assert response["Content-Disposition"].endswith('.csv"')
    assert "no-store" in response["Cache-Control"]


def test_a_name_that_would_start_a_formula_is_kept_as_text_in_the_csv():
    table = services.create_table(game="tarot", players=["=HYPERLINK(1)", "S", "E", "W"])
    services.record_deal(table, plain_deal())

    rows = list(csv.reader(io.StringIO(transfer.export_csv(table).lstrip("\ufeff"))))

    assert rows[0][2] == "'=HYPERLINK(1)"
    assert rows[1][1] == "'=HYPERLINK(1)"  # the dealer
    assert rows[1][2] == "-66"  # numbers stay numbers


def test_the_csv_header_speaks_the_readers_language(client, accented):
    response = client.get(reverse("export_csv", args=[accented.view_token]), HTTP_ACCEPT_LANGUAGE="es")

    header = response.content.decode("utf-8-sig").splitlines()[0]
    assert header.split(";")[2:6] == ["Zoë", "José", "Ève", "Íñigo"]


@pytest.mark.parametrize(("language", "separator"), [("en", ","), ("es", ";"), ("fr", ";")])
def test_the_csv_is_separated_as_the_readers_spreadsheet_expects(client, accented, language, separator):
    """Spanish and French spreadsheets split a file on semicolons (their decimal point is a comma): a
    comma-separated file opened there in one column (found by a tester)."""
    response = client.get(reverse("export_csv", args=[accented.view_token]), HTTP_ACCEPT_LANGUAGE=language)
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=separator))
    assert len(rows[0]) == 2 + 2 * 4 and rows[1][0] == "1" and rows[1][2:6] == ["-66", "-66", "198", "-66"]


@pytest.mark.parametrize(("language", "separator", "void"), [("en", ",", "void"), ("es", ";", "nula"),
                                                             ("fr", ";", "nulle")])
def test_a_void_deal_is_written_void_in_the_csv_not_as_zeros(client, accented, language, separator, void):
    """Found by a tester: a void deal (here a petit sec, RULINGS.md, General: "no score") was a row of zeros, as if
    it had been played and scored nothing. Its scores say what the score sheet writes across them ("void", in the
    reader's language as the headers are); the totals after it stay those after deal 2: -132 132 132 -132."""
    services.record_deal(accented, {"void": True})
    response = client.get(reverse("export_csv", args=[accented.view_token]), HTTP_ACCEPT_LANGUAGE=language)
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=separator))
    assert rows[-1] == ["3", "Ève", void, void, void, void, "-132", "132", "132", "-132"]


def test_a_table_with_a_void_deal_still_comes_back_the_same_from_its_file(accented):
    """The CSV is for spreadsheets: the app imports only its own JSON file (a CSV is refused as not JSON), and
    that file keeps the void deal as it was recorded."""
    services.record_deal(accented, {"void": True})

    imported = transfer.import_table(transfer.export_json(accented))

    assert snapshot(imported) == snapshot(accented)
    assert transfer.export_csv(imported) == transfer.export_csv(accented)
    with pytest.raises(transfer.ImportRefused) as refused:
        transfer.read(transfer.export_csv(accented).encode())
    assert "it is not JSON" in refused.value.errors["file"]


# -- the pages -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("which", ["edit", "view"])
def test_the_share_page_links_both_exports_for_either_link(client, accented, which):
    token = accented.edit_token if which == "edit" else accented.view_token

    html = client.get(reverse("share", args=[token])).content.decode()

    assert reverse("export_json", args=[token]) in html
    assert reverse("export_csv", args=[token]) in html
    assert client.get(reverse("export_json", args=[token])).status_code == 200


def test_the_json_download_is_the_table_file(client, accented):
    response = client.get(reverse("export_json", args=[accented.view_token]))

    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"].endswith('.json"')
    document = json.loads(response.content)
    assert (document["format"], document["version"]) == (transfer.FORMAT, transfer.FORMAT_VERSION)
    assert [d["withdrawn"] for d in document["deals"]] == [False, False, True]


def test_an_unknown_link_has_no_file(client):
    assert client.get(reverse("export_json", args=["nope"])).status_code == 404
    assert client.get(reverse("export_csv", args=["nope"])).status_code == 404


def test_the_home_page_leads_to_the_import_page(client):
    assert reverse("import_table") in client.get("/").content.decode()
    response = client.get(reverse("import_table"))
    assert response.status_code == 200
    assert 'enctype="multipart/form-data"' in response.content.decode()


def upload(client, data: bytes, **extra):
    return client.post(reverse("import_table"), {"file": SimpleUploadedFile("table.json", data)}, **extra)


def test_importing_a_file_opens_the_new_table_with_its_edit_link(client, accented):
    response = upload(client, transfer.export_json(accented))

    imported = Table.objects.exclude(pk=accented.pk).get()
    assert response.status_code == 302
    assert response["Location"] == reverse("table", args=[imported.edit_token])
    assert imported.edit_token in client.get("/").content.decode()  # among this phone's recent tables
    assert snapshot(imported)["deals"] == snapshot(accented)["deals"]


def test_importing_needs_the_csrf_token(accented):
    from django.test import Client

    response = upload(Client(enforce_csrf_checks=True), transfer.export_json(accented))

    assert response.status_code == 403
    assert Table.objects.count() == 1


def test_the_import_page_asks_for_a_file(client):
    response = client.post(reverse("import_table"), {})

    assert response.status_code == 400
    assert "field-error" in response.content.decode()


# -- bad files are refused, with a message per problem, and leave nothing behind ------------------------------


def tarot_file(**changes: Any) -> dict[str, Any]:
    table = services.create_table(game="tarot", players=["N", "S", "E", "W"])
    for taker in "ESN":
        services.record_deal(table, plain_deal(taker=taker))
    document = json.loads(transfer.export_json(table))
    document.update(changes)
    return document


def change_record(document: dict[str, Any], index: int, **changes: Any) -> None:
    """The record of deal ``index + 1`` changed in the file as its history says it: the deal and its last
    revision alike (a file whose deal says one thing and its history another is refused for that alone)."""
    deal = document["deals"][index]
    for record in (deal["record"], deal["revisions"][-1]["record"]):
        record.update(changes)


def refusal(data: bytes | dict[str, Any]) -> dict[str, str]:
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    before = (Table.objects.count(), Seat.objects.count(), Deal.objects.count(), DealRevision.objects.count())
    with pytest.raises(transfer.ImportRefused) as refused:
        transfer.import_table(raw)
    after = (Table.objects.count(), Seat.objects.count(), Deal.objects.count(), DealRevision.objects.count())
    assert after == before, "a refused file leaves nothing behind"
    return refused.value.errors


def test_a_file_that_is_not_json_is_refused(client):
    assert refusal(b"taker,points\nE,49\n") == {
        "file": "This file is not a table exported from Tapete: it is not JSON. (line 1, column 1)"}
    response = upload(client, b"\x89PNG\r\n")
    assert response.status_code == 400
    assert "it is not JSON" in response.content.decode()


def test_a_json_file_that_is_not_a_table_file_is_refused():
    assert refusal({"players": ["N"]}) == {"format": "This file is not a table exported from Tapete."}
    assert refusal(b"[1, 2]") == {"format": "This file is not a table exported from Tapete."}


def test_a_table_file_without_its_table_says_so_and_names_every_key_it_does_not_know():
    """A tester's file, {"format": "tapete-table", "version": 1, "qqq": 1}, was answered "There is no game called
    None." (a word of the code), and its unknown key went unsaid."""
    assert refusal({"format": "tapete-table", "version": 1, "qqq": 1}) == {
        "qqq": "Unknown field: check its spelling.", "table": "This file is not a table exported from Tapete."}
    assert refusal({"format": "tapete-table", "version": 1, "table": [1]}) == {"table": "Must be a JSON object."}
    document = tarot_file()
    del document["table"]["game"]
    assert refusal(document) == {"table.game": "This field is required."}


def test_a_file_of_another_format_version_is_refused():
    assert refusal(tarot_file(version=2)) == {
        "version": "This file is in format version 2; this Tapete reads version 1."}


def test_a_file_of_an_unknown_game_is_refused():
    document = tarot_file()
    document["table"]["game"] = "canasta"

    assert refusal(document) == {"table.game": "There is no game called canasta."}


def test_a_record_the_game_refuses_is_named_by_its_deal_and_why(client):
    document = tarot_file()
    change_record(document, 1, points=95)  # more than the 91 points in the deck

    errors = refusal(document)

    assert list(errors) == ["deals.1.record.points"]
    assert errors["deals.1.record.points"].startswith("Deal 2: ")
    response = upload(client, json.dumps(document).encode())
    assert response.status_code == 400
    html = response.content.decode()
    assert "Nothing was imported." in html and "Deal 2: " in html


def test_a_record_that_cannot_follow_the_deals_before_it_is_refused(pool):
    """The made-up Pool game holds 20 points: a file whose deals take 25 from it breaks its rule at deal 3."""
    for points in (10, 5):
        services.record_deal(pool, {"player": "Ana", "points": points})
    document = json.loads(transfer.export_json(pool))
    document["deals"].append({**document["deals"][0], "number": 3, "client_id": None})

    errors = refusal(document)

    assert list(errors) == ["deals.2.record.points"]
    assert errors["deals.2.record.points"].startswith("Deal 3: ")


def test_an_old_revision_the_game_cannot_read_is_refused():
    document = tarot_file()
    deal = document["deals"][0]
    deal["revisions"].append({**deal["revisions"][0], "revision": 2, "action": "edit", "client_id": None})
    deal["revision"] = 2
    deal["revisions"][0]["record"] = {"taker": "Nobody"}  # what it said before it was edited

    errors = refusal(document)

    assert all(key.startswith("deals.0.revisions.0.record") for key in errors)
    assert all(message.startswith("Deal 1, revision 1: ") for message in errors.values())


def test_a_record_of_the_wrong_shape_is_refused_not_a_crash():
    document = tarot_file()
    document["deals"][0]["record"] = {"taker": {"seat": [1, 2]}, "points": {"a": None}}

    errors = refusal(document)

    assert list(errors)[0].startswith("deals.0.record")


def test_every_problem_of_shape_is_said_at_once_by_its_place():
    document = tarot_file()
    document["table"]["stake_minor"] = -1
    document["seats"][0]["name"] = ""
    document["deals"][0]["withdrawn"] = "no"
    document["deals"][1]["revisions"][0]["action"] = "delete"
    document["deals"][2]["revisions"][0]["created"] = "yesterday"

    errors = refusal(document)

    assert set(errors) == {"table.stake_minor", "seats.0.name", "deals.0.withdrawn",
                           "deals.1.revisions.0.action", "deals.2.revisions.0.created"}
    assert errors["deals.0.withdrawn"] == "Must be true or false."


def test_deals_are_numbered_in_order_without_gaps():
    document = tarot_file()
    document["deals"][2]["number"] = 7

    assert refusal(document) == {"deals.2.number": "Deals are numbered 1, 2, 3… in order: this one should be 3."}


def test_two_deals_with_the_same_client_id_are_refused():
    document = tarot_file()
    same = str(uuid.uuid4())
    for deal in document["deals"][:2]:
        deal["client_id"] = deal["revisions"][0]["client_id"] = same

    assert refusal(document) == {"deals.1.client_id": "Two deals have the same client id."}


def test_revisions_of_a_deal_are_numbered_in_order_up_to_the_deals():
    document = tarot_file()
    document["deals"][0]["revisions"].append({**document["deals"][0]["revisions"][0], "action": "edit"})

    assert refusal(document) == {"deals.0.revisions.1.revision": "Deal 1: Its revisions are numbered 1, 2, 3… in "
                                                                  "order: this one should be 2."}
    document["deals"][0]["revisions"][1]["revision"] = 2
    assert refusal(document) == {"deals.0.revision": "Deal 1: Its revision is the number of its last revision, 2."}
    document["deals"][0]["revision"] = 3
    assert refusal(document) == {"deals.0.revision": "Deal 1: Its revision is the number of its last revision, 2."}
    document["deals"][0]["revision"] = 2
    assert transfer.import_table(json.dumps(document).encode()).deals.get(number=1).revision == 2


# -- a deal is as its history left it ----------------------------------------------------------------------


def test_a_deal_whose_record_its_history_never_said_is_refused(client):
    """Found by a tester: deal 1 recorded AA, its record changed to BB in the file and its only revision left as
    AA imported, and the new table scored BB while its history said it was only ever AA."""
    table = services.create_table(game="paublillo", players=["Ana", "Bea", "Carla", "Dora"],
                                  teams=["A", "B", "A", "B"])
    services.record_deal(table, {"tricks": "AA"})
    document = client.get(f"/api/tables/{table.view_token}/file").json()
    document["deals"][0]["record"]["tricks"] = "BB"
    said = {"deals.0.record": "Deal 1: Its record is not the one its last revision (revision 1) holds: a deal is as "
                              "its latest change left it."}

    response = client.post("/api/table-files", json.dumps(document), content_type="application/json")

    assert response.status_code == 422
    assert response.json()["errors"] == said
    assert Table.objects.count() == 1
    assert refusal(document) == said
    response = upload(client, json.dumps(document).encode())
    assert response.status_code == 400
    assert "Deal 1: Its record is not the one its last revision (revision 1) holds" in response.content.decode()
    assert Table.objects.count() == 1


def with_history(document: dict[str, Any], *steps: tuple[str, str, bool]) -> dict[str, Any]:
    """Deal 1 of the file with the history ``steps`` (action, record: "E", "S" or "N" for deal 1, 2 or 3's, and
    withdrawn), the deal as the last step left it; the other deals as they were."""
    records = {deal["record"]["taker"]["name"]: deal["record"] for deal in document["deals"]}
    first = document["deals"][0]
    revisions = [{**first["revisions"][0], "revision": n, "action": action, "record": records[taker],
                  "withdrawn": withdrawn} for n, (action, taker, withdrawn) in enumerate(steps, start=1)]
    document["deals"][0] = {**first, "record": revisions[-1]["record"], "withdrawn": revisions[-1]["withdrawn"],
                            "revision": len(revisions), "revisions": revisions}
    return document


@pytest.mark.parametrize("steps", [
    [("record", "E", False), ("undo", "E", True), ("record", "S", False)],  # recorded in place of the undone deal
    [("record", "E", False), ("edit", "S", False), ("undo", "S", True), ("restore", "S", False),
     ("revert", "E", False), ("undo", "E", True)],
    [("record", "E", False), ("undo", "E", True), ("edit", "S", True), ("revert", "E", True),
     ("revert", "E", False)],
])
def test_a_history_the_app_writes_imports(steps):
    imported = transfer.import_table(json.dumps(with_history(tarot_file(), *steps)).encode())

    deal = imported.deals.get(number=1)
    assert [r.action for r in deal.revisions.order_by("revision")] == [action for action, _t, _w in steps]
    assert (deal.record["taker"]["name"], deal.withdrawn, deal.revision) == (steps[-1][1], steps[-1][2], len(steps))


@pytest.mark.parametrize(("steps", "where", "why"), [
    ([("edit", "E", False)], "revisions.0", "Deal 1, revision 1: The first revision records the deal (“record”), "
                                            "in play (not withdrawn)."),
    ([("record", "E", True)], "revisions.0", "Deal 1, revision 1: The first revision records the deal (“record”), "
                                             "in play (not withdrawn)."),
    ([("record", "E", False), ("record", "S", False)], "revisions.1",
     "Deal 1, revision 2: “record” takes the place of a deal undone: the revision before has it withdrawn, and "
     "this one in play."),
    ([("record", "E", False), ("undo", "S", True)], "revisions.1",
     "Deal 1, revision 2: “undo” withdraws a deal in play and keeps its record."),
    ([("record", "E", False), ("undo", "E", False)], "revisions.1",
     "Deal 1, revision 2: “undo” withdraws a deal in play and keeps its record."),
    ([("record", "E", False), ("restore", "E", False)], "revisions.1",
     "Deal 1, revision 2: “restore” puts a withdrawn deal back in play and keeps its record."),
    ([("record", "E", False), ("edit", "S", True)], "revisions.1",
     "Deal 1, revision 2: “edit” changes the record, not whether the deal is withdrawn."),
    ([("record", "E", False), ("edit", "S", False), ("revert", "N", False)], "revisions.2",
     "Deal 1, revision 3: “revert” brings back the record and the withdrawn state of an earlier revision."),
    ([("record", "E", False), ("edit", "S", False), ("revert", "S", True)], "revisions.2",
     "Deal 1, revision 3: “revert” brings back the record and the withdrawn state of an earlier revision."),
])
def test_a_revision_that_did_not_do_what_its_action_says_is_refused(steps, where, why):
    assert refusal(with_history(tarot_file(), *steps)) == {f"deals.0.{where}": why}


def test_a_deal_withdrawn_or_not_as_its_history_never_said_is_refused():
    document = with_history(tarot_file(), ("record", "E", False), ("undo", "E", True))
    document["deals"][0]["withdrawn"] = False

    assert refusal(document) == {"deals.0.withdrawn": "Deal 1: Its last revision (revision 2) has it withdrawn."}
    document["deals"][0]["revisions"][1]["withdrawn"] = False
    document["deals"][0]["revisions"][1]["action"] = "edit"
    document["deals"][0]["withdrawn"] = True
    assert refusal(document) == {"deals.0.withdrawn": "Deal 1: Its last revision (revision 2) has it in play."}


def test_a_client_id_the_history_does_not_give_the_deal_is_refused():
    document = with_history(tarot_file(), ("record", "E", False), ("undo", "E", True), ("record", "S", False))
    deal, earlier, later = document["deals"][0], str(uuid.uuid4()), str(uuid.uuid4())
    deal["revisions"][0]["client_id"], deal["revisions"][2]["client_id"] = earlier, later
    deal["client_id"] = earlier  # the deal recorded first, not the one that took its place

    assert refusal(document) == {"deals.0.client_id": "Deal 1: Its client id is the one of the last revision that "
                                                      "recorded it (revision 3)."}
    deal["client_id"] = later
    deal["revisions"][1]["client_id"] = later  # on the undo
    assert refusal(document) == {"deals.0.revisions.1.client_id": "Deal 1, revision 2: Only a revision that "
                                                                  "records the deal has a client id."}
    deal["revisions"][1]["client_id"] = None
    assert transfer.import_table(json.dumps(document).encode()).deals.get(number=1).client_id == uuid.UUID(later)


def test_a_history_nested_too_deep_to_compare_is_refused_not_a_crash(client, monkeypatch):
    """Records nested nearly as deep as JSON is read can be too deep to compare a little further down the stack
    (Python's recursion limit): the record is said unreadable, as the game would say it."""
    def too_deep(*args: Any) -> None:
        raise RecursionError

    monkeypatch.setattr(transfer, "_check_history", too_deep)

    response = client.post("/api/table-files", json.dumps(tarot_file()), content_type="application/json")

    assert response.status_code == 422
    assert response.json()["errors"] == {f"deals.{i}.record": f"Deal {i + 1}: this record could not be read: check "
                                                               "its values and their types." for i in range(3)}


# -- a key the file format does not have ----------------------------------------------------------------------


def with_a_change(document: dict[str, Any]) -> dict[str, Any]:
    document["changes"] = [{"kind": "players", "after_deals": 0, "details": {"seats": []}, "author": "",
                            "created": document["table"]["created"]}]
    return document


@pytest.mark.parametrize("where", ["game", "table.zzz", "seats.0.nick", "deals.0.qqq", "deals.2.revisions.0.by",
                                   "changes.0.note"])
def test_a_key_the_file_format_does_not_have_is_refused_beside_it(where):
    document = with_a_change(tarot_file())
    *path, key = where.split(".")
    place: Any = document
    for step in path:
        place = place[int(step)] if isinstance(place, list) else place[step]
    place[key] = "nope"

    assert refusal(document) == {where: "Unknown field: check its spelling."}


def test_every_key_the_app_writes_is_known():
    """The keys refused above are all but those export() writes: a file with each of them imports."""
    document = with_a_change(tarot_file())
    assert set(document) == transfer.FILE_KEYS
    assert set(document["table"]) == transfer.TABLE_KEYS
    assert set(document["seats"][0]) == transfer.SEAT_KEYS
    assert set(document["deals"][0]) == transfer.DEAL_KEYS
    assert set(document["deals"][0]["revisions"][0]) == transfer.REVISION_KEYS
    assert set(document["changes"][0]) == transfer.CHANGE_KEYS
    assert transfer.import_table(json.dumps(document).encode()).changes.count() == 1


def test_the_api_and_the_page_refuse_unknown_keys_and_store_nothing(client):
    """Found by a tester: a top-level "game", table.zzz and deals[0].qqq were imported with a 201."""
    document = tarot_file()
    document["game"] = "nope"
    document["table"]["zzz"] = 1
    document["deals"][0]["qqq"] = True

    response = client.post("/api/table-files", json.dumps(document), content_type="application/json")

    assert response.status_code == 422
    assert response.json()["errors"] == {place: "Unknown field: check its spelling."
                                         for place in ("game", "table.zzz", "deals.0.qqq")}
    response = upload(client, json.dumps(document).encode())
    assert response.status_code == 400
    html = response.content.decode()
    assert "Nothing was imported." in html and "deals.0.qqq" in html and "Unknown field: check its spelling." in html
    assert Table.objects.count() == 1  # the one tarot_file() made


def test_a_player_count_the_game_does_not_play_is_refused():
    document = tarot_file()
    document["seats"] = document["seats"][:2]

    errors = refusal(document)

    assert list(errors) == ["seats"]
    assert "not 2" in errors["seats"]


def test_text_no_database_stores_is_refused_by_its_place():
    document = tarot_file()
    document["deals"][0]["revisions"][0]["author"] = "Ana\x00"

    errors = refusal(document)

    assert list(errors) == ["deals.0.revisions.0.author"]


def test_more_deals_than_a_table_keeps_are_refused():
    document = tarot_file()
    document["deals"] = [{}] * (services.MAX_DEALS + 1)

    assert refusal(document) == {"deals": f"At most {services.MAX_DEALS} items."}


def test_a_file_too_large_is_refused_before_it_is_read(client, monkeypatch):
    monkeypatch.setattr(transfer, "MAX_FILE_BYTES", 1024 * 1024)
    padded = b" " * (1024 * 1024) + json.dumps(tarot_file()).encode()  # JSON for all that, but too large

    assert refusal(padded) == {"file": "The file is too large: at most 1 MB."}
    response = upload(client, padded + b" " * (64 * 1024))
    assert response.status_code == 413
    assert "The file is too large: at most 1 MB." in response.content.decode()
    assert Table.objects.count() == 1  # the one tarot_file() made


def test_a_failure_while_writing_leaves_no_partial_table(monkeypatch):
    """Seats and the table are written before the deals: a failure there takes them back too."""
    document = tarot_file()

    def fail(*args: Any, **kwargs: Any) -> None:
        raise DatabaseError("disk full")

    monkeypatch.setattr(transfer, "_write_deals", fail)

    assert refusal(document) == {"file": "This file could not be stored: nothing was imported."}


def test_the_new_players_are_this_phones(client, accented):
    upload(client, transfer.export_json(accented))

    imported = Table.objects.exclude(pk=accented.pk).get()
    device = imported.owner_device
    assert device
    assert set(Player.objects.filter(seats__table=imported).values_list("device", flat=True)) <= {device, ""}


# -- the API ---------------------------------------------------------------------------------------------------


def test_the_api_gives_the_table_file_with_either_token(client, accented):
    for token in (accented.edit_token, accented.view_token):
        response = client.get(f"/api/tables/{token}/file")
        assert response.status_code == 200
        assert {**response.json(), "exported": None} == {**json.loads(transfer.export_json(accented)),
                                                         "exported": None}


def test_the_api_imports_a_file_sent_as_the_body(client, accented):
    response = client.post("/api/table-files", transfer.export_json(accented), content_type="application/json")

    assert response.status_code == 201
    imported = Table.objects.get(edit_token=response.json()["edit_token"])
    assert snapshot(imported)["history"] == snapshot(accented)["history"]
    assert response.json()["urls"]["edit"].endswith(f"/t/{imported.edit_token}/")


def test_the_api_imports_a_file_sent_as_a_multipart_file(client, accented):
    response = client.post("/api/table-files", {"file": SimpleUploadedFile("t.json", transfer.export_json(accented))})

    assert response.status_code == 201
    assert Table.objects.filter(view_token=response.json()["view_token"]).exists()


def test_the_api_refuses_a_bad_file_with_a_message_per_place(client):
    document = tarot_file()
    change_record(document, 1, points=95)

    response = client.post("/api/table-files", json.dumps(document), content_type="application/json")

    assert response.status_code == 422
    body = response.json()
    assert list(body["errors"]) == ["deals.1.record.points"]
    assert body["detail"].startswith("deals.1.record.points: Deal 2: ")


def test_the_api_answers_400_to_a_body_that_is_not_json(client):
    response = client.post("/api/table-files", "not json", content_type="application/json")

    assert response.status_code == 400
    assert response.json()["errors"]["file"].startswith("This file is not a table exported from Tapete")
    response = client.post("/api/table-files", {"other": "x"})
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["file"]
