"""The promise: bad input always gets a clear message beside its field (in the API, a 4xx with a message per
field), nothing already recorded is lost, and never a 500.

Every URL is attacked here with unknown tokens, the view token on edit actions, the wrong method, and garbled
posts to each game's forms. The test client re-raises any exception a view lets out, so a 500 fails loudly.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import services
from scoring.models import Deal, DealRevision, Player, Table

from .conftest import plain_deal
from .test_home import field_error

TAROT = {3: ["N", "E", "W"], 4: ["N", "S", "E", "W"], 5: ["N", "S", "E", "W", "O"]}
PAUBLILLO = {2: ["Ana", "Bea"], 4: ["Ana", "Bea", "Cy", "Dan"], 6: ["Ana", "Bea", "Cy", "Dan", "Eva", "Fer"]}
TORURO = {5: ["Ana", "Luis", "Pepe", "Marta", "Juan"], 6: ["Ana", "Luis", "Pepe", "Marta", "Juan", "Rosa"]}
TABLES = ([("tarot", p) for p in TAROT.values()] + [("paublillo", p) for p in PAUBLILLO.values()]
          + [("toruro", p) for p in TORURO.values()])
TABLE_IDS = [f"{game}{len(players)}" for game, players in TABLES]

GOOD = {
    "tarot": {"taker": "E", "contract": "garde", "bouts": "2", "points": "49"},
    "paublillo": {"tricks": "ABA"},
    "toruro": {"turned_card": "4O"},
}
WEIRD = ["", " ", "-1", "-99999999999999999999999999", "99999999999999999999999999999999", "1e400", "1e-400",
         "1E999999999999", "NaN", "inf", "-inf", "0x10", "4.5", "4,5", "१२", "٣", "𝟡", "½", "Ünïcødé ☃",
         "A" * 5000, "\x00", "None", "null", "[]", "{}", "true", "0" * 400 + "1", "9" * 5000]

SIMPLE_EDIT_URLS = ["deal/", "deal/1/edit/", "deal/1/restore/", "undo/", "revert/{rev}/"]


def errors_shown(html: str) -> bool:
    return ("field-error" in html or "form-errors" in html or "alert-danger" in html
            or 'id="conflict"' in html)


def make(game: str, players: list[str], **kwargs: Any) -> Table:
    return services.create_table(game=game, players=players, **kwargs)


@pytest.fixture
def paublillo4(db) -> Table:
    return make("paublillo", PAUBLILLO[4])


@pytest.fixture(params=TABLES, ids=TABLE_IDS)
def any_table(request, db) -> Table:
    game, players = request.param
    return make(game, players)


def good_post(table: Table) -> dict[str, Any]:
    data = dict(GOOD[table.game])
    if table.game == "tarot" and table.seats.count() == 5:
        data["partner"] = "N"
    if table.game == "toruro":  # the first deal: everyone goes
        names = [s.player.name for s in services.seats_of(table)]
        data.update(went=names, tricks__0__player=names[1], tricks__1__player=names[2],
                    tricks__2__player=names[2])
    return data


def record_one(client: Client, table: Table) -> None:
    response = client.post(f"/t/{table.edit_token}/deal/", good_post(table))
    assert response.status_code == 302, response.content.decode()[:3000]


# -- tokens, methods ----------------------------------------------------------------------------------------

TOKEN_GETS = ["", "live/", "chart.svg", "deal/", "deal/1/", "deal/1/edit/", "history/", "share/", "qr/view.svg",
              "qr/edit.svg", "settle/"]
TOKEN_POSTS = ["deal/", "deal/1/edit/", "deal/1/restore/", "undo/", "revert/1/", "settle/"]
BAD_TOKENS = ["nope", "x" * 300, "%E2%98%83", "'; DROP TABLE scoring_table; --", "..", "%00"]


@pytest.mark.parametrize("token", BAD_TOKENS)
def test_unknown_tokens_are_404_everywhere(client, db, token):
    for path in TOKEN_GETS:
        assert client.get(f"/t/{token}/{path}").status_code in (404, 405), path
    for path in TOKEN_POSTS:
        assert client.post(f"/t/{token}/{path}", {"stake": "1", "currency": "EUR"}).status_code == 404, path
    for path in (f"/api/tables/{token}", f"/api/tables/{token}/deals", f"/api/tables/{token}/undo"):
        response = client.get(path) if path.endswith(token) else client.post(path, "{}", "application/json")
        assert response.status_code in (404, 405, 422), path


def test_the_view_token_on_every_edit_action_is_403_with_a_message(client, any_table):
    record_one(client, any_table)
    rev = DealRevision.objects.filter(deal__table=any_table).first().pk
    token = any_table.view_token
    posts = ["deal/", "deal/1/edit/", "deal/1/restore/", "undo/", f"revert/{rev}/", "settle/"]
    for path in posts:
        response = client.post(f"/t/{token}/{path}", {**good_post(any_table), "stake": "1", "currency": "EUR"})
        assert response.status_code == 403, path
        assert "view link" in response.content.decode(), path
    for path in ("deal/", "deal/1/edit/", "qr/edit.svg"):
        response = client.get(f"/t/{token}/{path}")
        assert response.status_code == 403, path
    assert Deal.objects.filter(table=any_table).count() == 1
    for method, path, body in (("post", "deals", {"record": {}}), ("put", "deals/1", {"record": {}}),
                               ("post", "undo", None), ("post", "deals/1/restore", None),
                               ("put", "stake", {"stake_minor": 1, "currency": "EUR"})):
        response = getattr(client, method)(f"/api/tables/{token}/{path}", json.dumps(body) if body else "",
                                           content_type="application/json")
        assert response.status_code == 403, path
        assert response.json()["detail"]


def test_wrong_methods_are_405_not_500(client, tarot4):
    record_one(client, tarot4)
    t = tarot4.edit_token
    for path in ("/", "/healthz", f"/t/{t}/", f"/t/{t}/live/", f"/t/{t}/chart.svg", f"/t/{t}/deal/1/",
                 f"/t/{t}/history/", f"/t/{t}/share/", f"/t/{t}/qr/view.svg", "/rules/tarot/"):
        assert client.post(path).status_code == 405, path
    for path in (f"/t/{t}/deal/1/restore/", f"/t/{t}/undo/", f"/t/{t}/revert/1/"):
        assert client.get(path).status_code == 405, path
    for path in (f"/t/{t}/deal/", f"/t/{t}/deal/1/edit/", f"/t/{t}/settle/", "/new/tarot/", "/referee/tarot/"):
        assert client.put(path).status_code == 405, path
        assert client.delete(path).status_code == 405, path
    assert Deal.objects.count() == 1


def test_wrong_methods_on_the_api_answer_in_json_with_the_methods_allowed(client, tarot4):
    t = tarot4.edit_token
    for method, path in (("delete", "/api/games"), ("get", "/api/games/tarot/score"), ("put", f"/api/tables/{t}/undo"),
                         ("get", f"/api/tables/{t}/deals")):
        response = getattr(client, method)(path)
        assert response.status_code == 405, path
        assert response["Content-Type"] == "application/json", path
        assert method.upper() in response.json()["detail"] and response["Allow"], path


def test_an_address_the_api_does_not_have_answers_in_json(client, db):
    for path in ("/api/nope", "/api/tables", "/api/games/tarot/scores", "/api/tables/x/y/z"):
        response = client.get(path)
        assert response.status_code in (404, 405), path
        assert response["Content-Type"] == "application/json", path
        assert response.json()["detail"], path


def test_a_server_error_in_the_api_answers_in_json(client, db, monkeypatch):
    """The database gone, or any fault: the API's own error shape, not the HTML page."""
    from django.db import DatabaseError

    from scoring import api

    def broken(*args, **kwargs):
        raise DatabaseError("the database went away")

    monkeypatch.setattr(api, "game_or_404", broken)
    client.raise_request_exception = False
    response = client.post("/api/games/tarot/score", {"players": ["A", "B", "C"], "deals": []},
                           content_type="application/json")
    assert response.status_code == 500 and response["Content-Type"] == "application/json"
    assert "Nothing you recorded was lost" in response.json()["detail"]


# -- deal numbers and revisions that do not exist -----------------------------------------------------------

HUGE = "9" * 30


@pytest.mark.parametrize("number", ["0", "2", "999999", "2147483648", "9223372036854775808", HUGE])
def test_deal_numbers_that_do_not_exist_are_404(client, tarot4, number):
    record_one(client, tarot4)
    t = tarot4.edit_token
    assert client.get(f"/t/{t}/deal/{number}/").status_code == 404
    assert client.get(f"/t/{t}/deal/{number}/edit/").status_code == 404
    assert client.post(f"/t/{t}/deal/{number}/edit/", good_post(tarot4)).status_code == 404
    assert client.post(f"/t/{t}/deal/{number}/restore/").status_code == 404
    assert client.post(f"/t/{t}/revert/{number}/").status_code == 404
    assert client.put(f"/api/tables/{t}/deals/{number}", json.dumps({"record": plain_deal()}),
                      content_type="application/json").status_code in (404, 422)
    assert client.post(f"/api/tables/{t}/deals/{number}/restore").status_code in (404, 422)
    assert Deal.objects.get().revision == 1


def test_revert_to_a_revision_of_another_table_is_404(client, tarot4, tarot5):
    services.record_deal(tarot5, plain_deal(partner="N"))
    services.record_deal(tarot4, plain_deal())
    other = DealRevision.objects.get(deal__table=tarot5)
    assert client.post(f"/t/{tarot4.edit_token}/revert/{other.pk}/").status_code == 404
    assert Deal.objects.get(table=tarot5).revision == 1


def test_undo_on_an_empty_table_says_so(client, any_table):
    response = client.post(f"/t/{any_table.edit_token}/undo/", follow=True)
    assert response.status_code == 200 and "no deal to undo" in response.content.decode()
    response = client.post(f"/t/{any_table.edit_token}/undo/", HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "no deal to undo" in response.content.decode()
    assert client.post(f"/api/tables/{any_table.edit_token}/undo").status_code == 409


def test_restoring_an_active_deal_says_it_is_in_play(client, any_table):
    record_one(client, any_table)
    response = client.post(f"/t/{any_table.edit_token}/deal/1/restore/", follow=True)
    assert response.status_code == 200 and "already in play" in response.content.decode()
    assert client.post(f"/api/tables/{any_table.edit_token}/deals/1/restore").status_code == 409
    assert Deal.objects.get().revision == 1


def test_next_must_not_redirect_off_site(client, tarot4):
    record_one(client, tarot4)
    for nxt in ("https://evil.example/", "//evil.example/", "javascript:alert(1)", "\x00", "☃"):
        response = client.post(f"/t/{tarot4.edit_token}/undo/", {"next": nxt})
        assert response.status_code == 302 and "evil" not in response["Location"]


# -- the record form, each game -----------------------------------------------------------------------------

def record_fields(table: Table) -> list[str]:
    """Every input name the record form of this table draws."""
    from referee.game import get_game
    from scoring.forms import RecordForm

    form = RecordForm(get_game(table.game), services.table_spec(table))
    return list(form.fields)


def assert_refused(client: Client, table: Table, data: Any, htmx: bool = False) -> str:
    """Post to the record form: either a deal is saved, or the page says why and nothing changed."""
    count = Deal.objects.filter(table=table).count()
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = client.post(f"/t/{table.edit_token}/deal/", data, **headers)
    html = response.content.decode()
    assert response.status_code in (200, 302)
    if Deal.objects.filter(table=table).count() == count + 1:  # it was a valid deal after all
        return ""
    assert response.status_code == 200
    assert errors_shown(html), html[:2000]
    assert Deal.objects.filter(table=table).count() == count
    return html


@pytest.mark.parametrize(("game", "players"), [("tarot", TAROT[5]), ("paublillo", PAUBLILLO[6]),
                                               ("toruro", TORURO[6])], ids=["tarot5", "paublillo6", "toruro6"])
def test_every_field_with_weird_values(client, db, game, players):
    """Each field gets a rotating share of the weird values, so that every value meets many fields and every
    field many values, at a fraction of the cost of every pair (each refusal renders the whole page)."""
    table = make(game, players)
    record_one(client, table)
    share = 7
    for i, name in enumerate(record_fields(table)):
        for k in range(share):
            value = WEIRD[(i * share + k) % len(WEIRD)]
            assert_refused(client, table, {**good_post(table), name: value})


def test_empty_and_missing_posts(client, any_table):
    assert_refused(client, any_table, {})
    assert_refused(client, any_table, {"deal_number": "1"}, htmx=True)
    assert_refused(client, any_table, {"deal_number": ""})
    assert_refused(client, any_table, {"deal_number": "abc"})
    assert_refused(client, any_table, {"deal_number": HUGE})
    assert_refused(client, any_table, {"deal_number": "-5"})
    assert_refused(client, any_table, {"void": "maybe"})


def test_repeated_keys_and_rows_out_of_range(client, any_table):
    fields = record_fields(any_table)
    data = {name: ["a", "b", ""] for name in fields}
    assert_refused(client, any_table, data)
    rows = {n.split("__")[0]: n.split("__", 2)[2] if n.count("__") == 2 else "" for n in fields if "__" in n}
    for group, sub in rows.items():
        for index in ("99", "19", "20", "21", "-1", "00", "0001", "9" * 30, "x", "", "١"):
            key = f"{group}__{index}__{sub}" if sub else f"{group}__{index}"
            assert_refused(client, any_table, {**good_post(any_table), key: "x"})
            assert_refused(client, any_table, {**good_post(any_table), key: "1"})
            assert_refused(client, any_table, {key: ""})
        assert_refused(client, any_table, {**good_post(any_table), f"{group}-99-{sub}": "x"})


def test_a_raw_body_that_is_not_a_form(client, any_table):
    for body, ctype in (("\xff\xfe garbage", "application/x-www-form-urlencoded"),
                        ("{\"taker\": 1}", "application/json"), ("%%%%", "application/x-www-form-urlencoded"),
                        ("a=" + "%ZZ" * 10, "application/x-www-form-urlencoded"),
                        ("--x\r\n", "multipart/form-data; boundary=x")):
        response = client.generic("POST", f"/t/{any_table.edit_token}/deal/", body, content_type=ctype)
        assert response.status_code in (200, 400), body
    assert not Deal.objects.exists()


def test_edit_with_garbage_keeps_the_deal(client, any_table):
    record_one(client, any_table)
    before = Deal.objects.get().record
    for name in record_fields(any_table):
        for value in ("", "-1", HUGE, "☃", "1e400"):
            response = client.post(f"/t/{any_table.edit_token}/deal/1/edit/", {**good_post(any_table), name: value})
            assert response.status_code in (200, 302)
            if response.status_code == 200:
                assert errors_shown(response.content.decode())
    assert client.post(f"/t/{any_table.edit_token}/deal/1/edit/", {}).status_code == 200
    deal = Deal.objects.get()
    assert deal.record == before or deal.revision > 1


# -- hypothesis: random dicts at the record endpoint ---------------------------------------------------------

values = st.one_of(st.text(max_size=12), st.integers(-10**30, 10**30).map(str), st.sampled_from(WEIRD),
                   st.lists(st.text(max_size=5), max_size=3))


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_random_posts_never_500_and_never_lose_a_deal(game, players, db, django_db_blocker):
    table = make(game, players)
    client = Client()
    record_one(client, table)
    fields = record_fields(table) + ["void", "deal_number", "x", "poignees__3__side", "bets__5__team",
                                     "payments__12__lulo"]
    keys = st.one_of(st.sampled_from(fields), st.text(max_size=10))

    @settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))  # the rules: contract/
    @given(st.dictionaries(keys, values, max_size=8), st.booleans())
    def attack(data, base):
        count = Deal.objects.filter(table=table).count()
        body = {**good_post(table), **data} if base else data
        response = client.post(f"/t/{table.edit_token}/deal/", body)
        assert response.status_code in (200, 302)
        after = Deal.objects.filter(table=table).count()
        if response.status_code == 200:
            assert errors_shown(response.content.decode())
            assert after == count
        else:
            assert after == count + 1
        response = client.post(f"/t/{table.edit_token}/deal/1/edit/", body)
        assert response.status_code in (200, 302)

    attack()


# -- undo / restore / revert round trips --------------------------------------------------------------------

def test_undo_restore_revert_round_trip(client, any_table):
    record_one(client, any_table)
    t = any_table.edit_token
    assert client.post(f"/t/{t}/undo/").status_code == 302
    assert client.post(f"/t/{t}/undo/").status_code == 302
    assert client.post(f"/t/{t}/deal/1/restore/").status_code == 302
    assert client.post(f"/t/{t}/deal/1/restore/", HTTP_HX_REQUEST="true").status_code == 200
    for rev in DealRevision.objects.filter(deal__table=any_table):
        assert client.post(f"/t/{t}/revert/{rev.pk}/").status_code == 302
    assert client.get(f"/t/{t}/history/?page=x&log=-1").status_code == 200
    assert client.get(f"/t/{t}/history/?page={HUGE}&log={HUGE}").status_code == 200
    assert client.get(f"/t/{t}/deal/1/").status_code == 200
    assert Deal.objects.filter(table=any_table).count() == 1


# -- settle -------------------------------------------------------------------------------------------------

STAKES = ["", " ", "-1", "0", "0.001", "1e400", "1E+5", "NaN", "Infinity", "-0", "€", "€€1", "1,2,3", "1.2.3",
          "99999999999999999999999", "100000", "100000.01", "0x10", "☃", "٣", "1" * 25, "sNaN", "1e-999999999"]


@pytest.mark.parametrize("stake", STAKES)
def test_settle_with_bad_and_huge_stakes(client, any_table, stake):
    record_one(client, any_table)
    t = any_table.edit_token
    response = client.get(f"/t/{t}/settle/", {"stake": stake, "currency": "EUR"})
    assert response.status_code == 200
    response = client.post(f"/t/{t}/settle/", {"stake": stake, "currency": "EUR"})
    assert response.status_code in (302, 400)
    if response.status_code == 400:
        assert errors_shown(response.content.decode()) or "invalid-feedback" in response.content.decode()
    response = client.get(f"/t/{any_table.view_token}/settle/", {"stake": stake, "currency": "☃☃☃☃☃☃☃☃☃"})
    assert response.status_code == 200


def test_settle_with_weird_choices(client, any_table):
    record_one(client, any_table)
    t = any_table.edit_token
    for value in WEIRD[:20]:
        data = {"stake": "1", "currency": "EUR", "include_open_lulos": value, "anything": value}
        assert client.get(f"/t/{t}/settle/", data).status_code == 200
        assert client.post(f"/t/{t}/settle/", data).status_code in (302, 400)
        assert client.get(f"/t/{t}/settle/", data, HTTP_HX_REQUEST="true").status_code == 200


# -- referee ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["tarot", "paublillo", "toruro"])
def test_referee_with_garbage_cards(client, db, game):
    from referee.game import get_game

    rules = get_game(game)
    names = [f.name for f in rules.ruling_fields]
    for value in WEIRD + ["KH KH KH", "T22", "0O", "13C", "EX EX", "[{\"card\": 5}]", "[1, 2]", "{\"a\": []}",
                          "[[[]]]", "[{}]", "[null]", "\"x\"", "5", "[{\"card\": \"5O\", \"player\": 7}]"]:
        for name in names:
            for method in ("get", "post"):
                response = getattr(client, method)(f"/referee/{game}/", {"ask": "1", name: value})
                assert response.status_code == 200, (name, value)
        response = client.get(f"/referee/{game}/", {"ask": "1", "seats": value, **{n: value for n in names}})
        assert response.status_code == 200
    assert client.get(f"/referee/{game}/", {"table": "nope"}).status_code == 404
    assert client.get("/referee/nope/").status_code == 404
    assert client.get("/rules/nope/").status_code == 404
    assert client.get(f"/rules/{game}/", {"table": "nope"}).status_code == 404


def test_referee_with_a_table_of_another_game(client, tarot4):
    assert client.get("/referee/toruro/", {"table": tarot4.view_token, "ask": "1"}).status_code == 200
    assert client.get("/rules/toruro/", {"table": tarot4.view_token}).status_code == 200


# -- new tables ---------------------------------------------------------------------------------------------

def new(client: Client, game: str, **data: Any):
    return client.post(f"/new/{game}/", {"first_dealer": "0", "stake": "0", "currency": "EUR", **data})


def names(*players: str) -> dict[str, str]:
    return {f"player_{i}": p for i, p in enumerate(players)}


@pytest.mark.parametrize("game", ["tarot", "paublillo", "toruro"])
def test_new_table_refusals_are_shown_and_store_nothing(client, db, game):
    long = "L" * 41
    attempts = [
        {},
        names("Ana"),
        names("Ana", "Ana", "Bea", "Cy", "Dan"),
        names("Ana", "ana", "Bea", "Cy", "Dan"),
        names("Ana", " Ana ", "Bea", "Cy", "Dan"),
        names(long, "Bea", "Cy", "Dan", "Eva"),
        names("A" * 40 + "é", "Bea", "Cy", "Dan", "Eva"),
        names(" " * 50 + "Ana", "Bea", "Cy", "Dan", "Eva"),
        names("Ana", "Bea", "Cy", "Dan", "Eva", "Fer", "Gil", "Hal", "Ivo", "Jon", "Kim"),
        {**names("Ana", "Bea", "Cy", "Dan", "Eva", "Fer"), "first_dealer": "99"},
        {**names("Ana", "Bea", "Cy", "Dan", "Eva", "Fer"), "first_dealer": "5", "player_5": ""},
        {**names("Ana", "Bea", "Cy", "Dan", "Eva", "Fer"), "first_dealer": "-1"},
        {**names("Ana", "Bea", "Cy", "Dan", "Eva", "Fer"), "first_dealer": "x"},
        {**names("Ana", "Bea", "Cy", "Dan", "Eva", "Fer"), "first_dealer": HUGE},
        {**names("Ana", "Bea", "Cy", "Dan", "Eva", "Fer"), "team_0": "Z", "team_1": "☃"},
        {**names("Ana", "Bea", "Cy", "Dan"), "team_0": "A", "team_1": "A", "team_2": "A", "team_3": "A"},
        {**names("Ana", "Bea", "Cy", "Dan"), "team_0": "A", "team_1": "B"},
        {**names("Ana", "Bea", "Cy", "Dan", "Eva", "Fer"), "stake": "-1"},
        {**names("Ana", "Bea", "Cy", "Dan", "Eva", "Fer"), "stake": "1e400"},
        {**names("Ana", "Bea", "Cy", "Dan", "Eva", "Fer"), "stake": HUGE},
        {**names("Ana", "Bea", "Cy", "Dan", "Eva", "Fer"), "stake": "0.001"},
        {**names("Ana", "Bea", "Cy", "Dan", "Eva", "Fer"), "stake": "NaN"},
        {**names("Ana", "Bea", "Cy", "Dan", "Eva", "Fer"), "currency_other": "X" * 9},
        {**names("Ana", "Bea", "Cy", "Dan", "Eva", "Fer"), "currency": "XXX"},
        {**names("Ana", "Bea", "Cy", "Dan", "Eva", "Fer"), "name": "N" * 81},
        {**names("", "", "", "", "", "")},
    ]
    from referee.game import get_game

    for option in get_game(game).options:
        for value in ("x", "-1", HUGE, "1e400", "☃", "999"):
            attempts.append({**names("Ana", "Bea", "Cy", "Dan", "Eva", "Fer"), f"opt_{option.key}": value})
    for data in attempts:
        before = Table.objects.count()
        response = new(client, game, **data)
        assert response.status_code in (200, 302), data
        if response.status_code == 200:
            assert errors_shown(response.content.decode()), data
            assert Table.objects.count() == before
    assert all(len(p.name) <= 40 for p in Player.objects.all())


def test_new_table_with_an_unknown_game(client, db):
    assert client.get("/new/nope/").status_code == 404
    assert client.post("/new/nope/", names("Ana", "Bea")).status_code == 404
    assert client.get("/new/", {"game": "nope"}).status_code == 404
    assert client.get("/new/", {"game": "../../etc"}).status_code == 404
    assert client.get("/new/", {"game": "☃"}).status_code == 404


# -- the rest -----------------------------------------------------------------------------------------------

def test_chart_qr_live_share_history_on_an_empty_table(client, any_table):
    for token in (any_table.edit_token, any_table.view_token):
        assert client.get(f"/t/{token}/chart.svg").status_code == 200
        assert client.get(f"/t/{token}/qr/view.svg").status_code == 200
        assert client.get(f"/t/{token}/qr/nope.svg").status_code == 404
        assert client.get(f"/t/{token}/share/").status_code == 200
        assert client.get(f"/t/{token}/history/").status_code == 200
        assert client.get(f"/t/{token}/settle/").status_code == 200
        assert client.get(f"/t/{token}/").status_code == 200
        for v in ("", "x", "-1", HUGE, "☃", "0", "1", "\x00"):
            assert client.get(f"/t/{token}/live/", {"v": v}).status_code in (200, 204)
        assert client.get(f"/t/{token}/live/?v=1&v=2").status_code in (200, 204)
    assert client.get(f"/t/{any_table.edit_token}/deal/").status_code == 200


def test_language_switching(client, tarot4):
    for lang in ("es", "fr", "en", "xx", "", "☃", "e" * 500):
        for nxt in ("/", f"/t/{tarot4.edit_token}/", "https://evil.example/", "", "☃"):
            response = client.post("/i18n/setlang/", {"language": lang, "next": nxt})
            assert response.status_code in (204, 302), (lang, nxt)
            assert "evil" not in response.get("Location", "")
    assert client.get(f"/t/{tarot4.edit_token}/", HTTP_ACCEPT_LANGUAGE="xx;q=☃, es").status_code == 200


def test_home_with_a_garbled_session(client, tarot4):
    session = client.session
    session["recent_tables"] = [tarot4.edit_token, "nope", ""]
    session.save()
    assert client.get("/").status_code == 200
    client.cookies["recent"] = "garbled:signature"
    assert client.get("/").status_code == 200


# -- the API ------------------------------------------------------------------------------------------------

def api(client: Client, method: str, path: str, body: Any = None):
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return getattr(client, method)(f"/api/{path}", data, content_type="application/json")


@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_api_garbage_is_a_4xx_with_messages(client, db, game, players):
    table = make(game, players)
    t = table.edit_token
    bodies = ["", "not json", "[]", "1", "null", "{\"record\": NaN}", "{\"record\": []}", "{\"record\": 1}",
              {"record": {"x": 1}}, {"record": {}}, {"record": {"void": "maybe"}},
              {"record": {k: v for k in ("taker", "contract", "bouts", "points", "tricks", "turned_card", "went",
                                         "payments", "bets", "poignees", "dealer", "misplays")
                          for v in ([{"a": [1]}],)}},
              {"record": {k: 10**40 for k in ("bouts", "points", "tricks", "turned_card", "went", "payments")}},
              {"record": {k: -1 for k in ("bouts", "points", "tricks", "turned_card", "went", "payments")}},
              {"record": {k: "☃" for k in ("bouts", "points", "tricks", "turned_card", "went", "payments")}},
              {"record": {"payments": [{"lulo": 10**40}], "poignees": [{"size": 10**40}], "bets": [{"stake": []}]}},
              {"record": plain_deal(), "expected_number": 10**40},
              {"record": plain_deal(), "expected_number": "x"}]
    for body in bodies:
        for method, path in (("post", f"tables/{t}/deals"), ("post", f"games/{game}/score")):
            payload = body
            if path.endswith("score") and isinstance(body, dict):
                if "expected_number" in body:
                    continue
                payload = {"players": players, "deals": [body.get("record")]}
            response = api(client, method, path, payload)
            assert 400 <= response.status_code < 500, (path, body, response.content)
            assert response.json()["detail"]
    assert not Deal.objects.exists()


# -- NUL characters: PostgreSQL stores no NUL in text nor \u0000 in jsonb ------------------------------------

@pytest.mark.parametrize(("game", "players"), TABLES, ids=TABLE_IDS)
def test_nul_characters_in_the_record_form_and_the_api(client, db, game, players):
    table = make(game, players)
    for name in record_fields(table):
        assert_refused(client, table, {**good_post(table), name: "a\x00b"})
    record = {"taker": "E\x00", "turned_card": "4O\x00", "tricks": "AB\x00A", "x\x00": 1, "void": False}
    response = api(client, "post", f"tables/{table.edit_token}/deals", {"record": record})
    assert 400 <= response.status_code < 500 and response.json()["errors"]
    response = api(client, "post", f"games/{game}/score", {"players": players, "deals": [record]})
    assert 400 <= response.status_code < 500 and response.json()["errors"]


def test_nul_characters_in_new_tables(client, db):
    response = new(client, "tarot", **names("A\x00na", "Bea", "Cy", "Dan"), name="Fri\x00day")
    assert response.status_code == 200 and errors_shown(response.content.decode())
    for body in ({"game": "tarot", "players": ["A\x00na", "Bea", "Cy", "Dan"]},
                 {"game": "tarot", "players": ["Ana", "Bea", "Cy", "Dan"], "name": "Fri\x00day"},
                 {"game": "tarot", "players": ["Ana", "Bea", "Cy", "Dan"], "currency": "E\x00R"},
                 {"game": "tarot", "players": ["Ana", "Bea", "Cy", "Dan"], "options": {"x\x00": "\x00"}},
                 {"game": "paublillo", "players": ["Ana", "Bea", "Cy", "Dan"], "teams": ["A\x00"] * 4}):
        response = api(client, "post", "tables", body)
        assert 400 <= response.status_code < 500, (body, response.content)
        assert response.json()["errors"]
    assert not Table.objects.exists()


# -- regressions: each a 500 (or worse) found here ------------------------------------------------------------

def test_regression_a_next_that_is_not_a_path_goes_to_the_default_page(client, tarot4):
    """redirect("☃") took the word for a view name: NoReverseMatch, a 500."""
    record_one(client, tarot4)
    for nxt in ("☃", "history", "table", "x.y"):
        response = client.post(f"/t/{tarot4.edit_token}/undo/", {"next": nxt})
        assert response.status_code == 302 and response["Location"] == f"/t/{tarot4.edit_token}/"
    response = client.post(f"/t/{tarot4.edit_token}/deal/1/restore/", {"next": "/somewhere/"})
    assert response["Location"] == "/somewhere/"


def test_regression_a_stake_too_large_to_round_is_refused_beside_the_field(client, db):
    """Decimal.quantize raised InvalidOperation on 1e400 before the "too high" check: a 500."""
    for stake, message in (("9" * 30, "too high"), ("1e400", "Enter an amount")):
        response = new(client, "tarot", **names("Ana", "Bea", "Cy", "Dan"), stake=stake)
        assert response.status_code == 200
        assert message in field_error(response.content.decode(), "stake")
    assert not Table.objects.exists()


def test_regression_points_with_an_enormous_exponent_are_refused_beside_the_field(client, tarot4):
    """int(Decimal("1E999999999999")) ran out of memory (a 500); "1e-999999999" would be a gigabyte of text."""
    for points in ("1E999999999999", "1e-999999999", "1e31"):
        response = client.post(f"/t/{tarot4.edit_token}/deal/", {**good_post(tarot4), "points": points})
        assert response.status_code == 200
        assert "Enter a number" in field_error(response.content.decode(), "points")
    assert not Deal.objects.exists()


def test_regression_the_api_refuses_an_enormous_whole_number_at_once(client, db):
    """Tarot read "1e300000" bouts as a whole number: int() of it takes seconds (1e9999999: hours)."""
    from referee.parse import Errors, number

    errors = Errors()
    assert number("1e9999999", "points", errors) is None and number("1e-9999999", "points", errors) is None
    response = api(client, "post", "games/tarot/score",
                   {"players": TAROT[4], "deals": [plain_deal(bouts="1e300000")]})
    assert response.status_code == 422 and "deals.0.bouts" in response.json()["errors"]


def test_regression_an_unreadable_deal_number_is_not_an_error_nobody_can_see(client, paublillo4):
    """The hidden deal_number "abc" failed the form with no field to show it beside, every time: stuck."""
    response = client.post(f"/t/{paublillo4.edit_token}/deal/", {"deal_number": "abc", "tricks": "ABA"})
    assert response.status_code == 302 and Deal.objects.count() == 1


def test_regression_a_token_with_a_nul_is_404_not_a_database_error(client, tarot4):
    """PostgreSQL refuses a NUL in a query parameter: /t/%00/ was a 500 there."""
    assert client.get("/t/%00/").status_code == 404
    assert client.get("/api/tables/a%00b").status_code == 404
    assert client.get("/referee/tarot/", {"table": "\x00"}).status_code == 404


@pytest.mark.parametrize("body", [
    {"game": "tarot", "players": ["A\x00na", "Bea", "Cy", "Dan"]},
    {"game": "tarot", "players": ["Ana", "Bea", "Cy", "Dan"], "name": "Fri\x00day"},
])
def test_regression_the_api_refuses_a_nul_in_any_text_with_its_path(client, db, body):
    """PostgreSQL stores no NUL in text nor \\u0000 in jsonb: creating a table, or a Toruro record with an
    extra key (kept as sent), was a 500 there."""
    response = api(client, "post", "tables", body)
    assert response.status_code == 422
    assert list(response.json()["errors"]) in (["players.0"], ["name"])
    table = make("toruro", TORURO[5])
    record = {"turned_card": "4O", "went": TORURO[5], "tricks": ["Luis", "Pepe", "Pepe"], "note": "\x00"}
    response = api(client, "post", f"tables/{table.edit_token}/deals", {"record": record})
    assert response.status_code == 422 and list(response.json()["errors"]) == ["record.note"]
    assert not Deal.objects.exists()


def test_regression_a_superscript_digit_is_read_as_no_number(client, db):
    """"²".isdigit() is true but int("²") raises: choosing lulo "²" on the Toruro form was a 500, and the API
    answered "could not be read" with no field; "T²" did the same to the Tarot referee."""
    table = make("toruro", TORURO[6])
    record_one(client, table)  # four players took no trick: their lulos are payable now
    for lulo in ("²", "--1", "٣"):
        html = assert_refused(client, table, {**good_post(table), "went": [], "payments__0__lulo": lulo,
                                              "payments__0__cabeza": "1"})
        assert html
    response = api(client, "post", f"tables/{table.edit_token}/deals",
                   {"record": {"turned_card": "4O", "went": [], "payments": [{"lulo": "²", "cabeza": 1}]}})
    assert response.status_code == 422
    assert "Which lulo is paid?" in response.json()["errors"]["record.payments"]
    response = client.get("/referee/tarot/", {"ask": "1", "hand": "T² T3", "card": "T²"})
    assert response.status_code == 200
    assert Deal.objects.filter(table=table).count() == 1


@pytest.mark.parametrize("table_game", ["tarot", "toruro"])
def test_regression_a_5000_digit_deal_number_in_the_record_form_is_no_number(client, db, table_game):
    """Issue 9: int() refuses more than 4,300 digits; the hidden deal number is then simply no number."""
    table = make(table_game, TAROT[4] if table_game == "tarot" else TORURO[5])
    body = {**good_post(table), "deal_number": "9" * 5000}
    response = client.post(f"/t/{table.edit_token}/deal/", body)
    assert response.status_code == 302 and Deal.objects.filter(table=table).count() == 1
    assert client.post(f"/t/{table.edit_token}/undo/", {"number": "9" * 5000}).status_code == 302
    assert client.post(f"/t/{table.edit_token}/deal/1/edit/", body).status_code in (200, 302)


def test_regression_a_5000_digit_lulo_in_the_toruro_record_form_is_a_message(client, db):
    """A tester's fuzz: the lulo chosen is compared as the buttons send it, never int() of 5,000 digits."""
    table = make("toruro", TORURO[5])
    record_one(client, table)
    response = client.post(f"/t/{table.edit_token}/deal/", {"turned_card": "5B", "payments__0__lulo": "9" * 5000,
                                                             "payments__0__cabeza": "3"})
    assert response.status_code == 200 and errors_shown(response.content.decode())
    assert Deal.objects.filter(table=table).count() == 1


@pytest.mark.parametrize("action", ["join", "leave"])
def test_regression_a_5000_digit_number_as_the_seats_seen_is_no_list(client, db, action):
    """The players page sends back the seats it showed, as JSON: a number too long for int() is unreadable JSON
    like any other, so the change goes on as from a page that did not say."""
    table = make("tarot", TAROT[4])
    body = {"action": action, f"{action}-players": "9" * 5000}
    body.update({"join-name": "Zed", "join-after": "0"} if action == "join" else {"leave-seat": "0"})
    response = client.post(f"/t/{table.edit_token}/players/", body)
    assert response.status_code in (200, 302)


@pytest.mark.parametrize("action", [[], {}, 3])
def test_regression_a_revision_action_of_another_type_in_a_table_file_is_a_message(client, db, action):
    from scoring import transfer

    table = make("tarot", TAROT[4])
    record_one(client, table)
    document = json.loads(transfer.export_json(table))
    document["deals"][0]["revisions"][0]["action"] = action
    response = client.post("/api/table-files", json.dumps(document), content_type="application/json")
    assert response.status_code == 422, response.content[:500]
    assert any(key.endswith("revisions.0.action") for key in response.json()["errors"])


@pytest.mark.parametrize("body", [
    {"game": "tarot", "players": ["A\ud800na", "Bea", "Cy", "Dan"]},
    {"game": "tarot", "players": ["Ana", "Bea", "Cy", "Dan"], "name": "Fri\udfffday"},
    {"game": "tarot", "players": ["Ana", "Bea", "Cy", "Dan"], "options": {"\ud83c": True}},
])
def test_regression_the_api_refuses_a_lone_surrogate_in_any_text_with_its_path(client, db, body):
    """Half of a UTF-16 pair (\\ud800) is no character, and PostgreSQL cannot store it: in an unknown Toruro
    field it was a 500 there. Refused with the text's path on both databases; a whole pair (an emoji) is fine."""
    response = api(client, "post", "tables", body)
    assert response.status_code == 422
    assert list(response.json()["errors"]) in (["players.0"], ["name"], ["options.\ud83c"])
    table = make("toruro", TORURO[5])
    record = {"turned_card": "4O", "went": TORURO[5], "tricks": ["Luis", "Pepe", "Pepe"], "x": "\ud800"}
    response = api(client, "post", f"tables/{table.edit_token}/deals", {"record": record})
    assert response.status_code == 422 and list(response.json()["errors"]) == ["record.x"]
    assert not Deal.objects.exists()
    response = api(client, "post", "tables", {"game": "tarot", "players": ["Ana 🍺", "Bea", "Cy", "Dan"]})
    assert response.status_code == 201
