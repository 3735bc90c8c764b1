"""/api/tables: start a table, read it with either link token, record, edit, undo and restore deals with the
edit token. The view token only reads (403 on a write); an unknown token is 404. No CSRF cookie needed."""

import pytest

from scoring.models import Deal, DealRevision, Table
from tests.api.conftest import FFT_DEALS, FFT_PLAYERS, FFT_TOTALS, as_stored

pytestmark = pytest.mark.django_db

GARDE_49 = FFT_DEALS[0][0]


def create(api, **body):
    body = {"game": "tarot", "players": FFT_PLAYERS, **body}
    response = api.post("/api/tables", body)
    assert response.status_code == 201, response.content
    return response.json()


@pytest.fixture
def table(api):
    return create(api, name="Friday", stake_minor=5, currency="EUR")


def read(api, token):
    response = api.get(f"/api/tables/{token}")
    assert response.status_code == 200, response.content
    return response.json()


def record(api, token, rec, **body):
    return api.post(f"/api/tables/{token}/deals", {"record": rec, **body})


def edit(api, token, number, rec):
    return api.put(f"/api/tables/{token}/deals/{number}", {"record": rec})


def errors_of(response, status):
    assert response.status_code == status, response.content
    assert response.json()["detail"]
    return response.json()["errors"]


# -- start and read ---------------------------------------------------------------------------------------

def test_create_answers_two_tokens_and_the_links(api, table):
    assert table["view_token"] != table["edit_token"]
    assert min(len(table["view_token"]), len(table["edit_token"])) >= 22  # ≥ 128 bits, URL-safe
    urls = table["urls"]
    assert urls["edit"].endswith(f"/t/{table['edit_token']}/")
    assert urls["view"].endswith(f"/t/{table['view_token']}/")
    assert urls["api_view"].endswith(f"/api/tables/{table['view_token']}")
    assert urls["api_edit"].endswith(f"/api/tables/{table['edit_token']}")
    stored = Table.objects.get(edit_token=table["edit_token"])
    assert (stored.game, stored.name, stored.stake_minor) == ("tarot", "Friday", 5)


def test_read_a_new_table(api, table):
    data = read(api, table["edit_token"])
    assert data["game"] == "tarot" and data["game_name"] == "French Tarot"
    assert data["name"] == "Friday" and data["stake_minor"] == 5 and data["currency"] == "EUR"
    assert [p["name"] for p in data["players"]] == FFT_PLAYERS
    assert [p["seat"] for p in data["players"]] == [0, 1, 2, 3]
    assert data["options"] == {"misere": False, "rounds": 0}
    assert data["totals"] == {p: 0 for p in FFT_PLAYERS}
    assert (data["dealer"], data["leader"]) == ("N", "S")
    assert data["deals"] == [] and data["deal_count"] == 0 and data["next_number"] == 1
    assert data["game_over"] is False and data["winners"] == []
    assert data["can_edit"] is True


def test_the_view_token_reads_the_same_table_but_cannot_edit(api, table):
    record(api, table["edit_token"], GARDE_49)
    by_edit = read(api, table["edit_token"])
    by_view = read(api, table["view_token"])
    assert by_view["can_edit"] is False
    assert {**by_view, "can_edit": True} == by_edit
    assert table["edit_token"] not in str(by_view)  # the view link never reveals the edit link


def test_options_first_dealer_and_teams(api):
    token = create(api, options={"misere": True}, first_dealer=3)["edit_token"]
    data = read(api, token)
    assert data["options"]["misere"] is True
    assert data["dealer"] == "W" and data["leader"] == "N"


def test_a_team_game_seats_teams_from_letters(api):
    players = ["Ana", "Bea", "Carla", "Dora"]
    token = create(api, game="paublillo", players=players, teams=["A", "B", "A", "B"])["edit_token"]
    seats = read(api, token)["players"]
    assert [s["team"] for s in seats] == ["A", "B", "A", "B"]


def test_teams_are_refused_for_a_game_not_played_in_teams(api):
    refused = api.post("/api/tables", {"game": "pablo", "players": ["a", "b", "c"], "teams": ["A", "B", "A"]})
    assert errors_of(refused, 422) == {"teams": "Pablo is not played in teams."}
    assert not Table.objects.exists()


def test_create_with_errors_per_field(api):
    assert "game" in errors_of(api.post("/api/tables", {"game": "whist", "players": FFT_PLAYERS}), 422)
    two = api.post("/api/tables", {"game": "tarot", "players": ["N", "S"]})
    assert list(errors_of(two, 422)) == ["players"]
    errors = errors_of(api.post("/api/tables", {"game": "tarot", "players": FFT_PLAYERS,
                                                "options": {"rounds": -1}}), 422)
    assert "options.rounds" in errors
    long_name = api.post("/api/tables", {"game": "tarot", "players": ["x" * 41, "S", "E"]})
    assert "players.0" in errors_of(long_name, 422)
    assert "stake_minor" in errors_of(api.post("/api/tables", {"game": "tarot", "players": FFT_PLAYERS,
                                                               "stake_minor": -5}), 422)
    assert "body" in errors_of(api.post("/api/tables", raw=b"game=tarot"), 400)
    assert not Table.objects.exists()


def test_a_start_sent_again_with_the_same_client_id_answers_the_table_already_started(api):
    """A client whose 201 was lost sends the start again with the same id: the table it started comes back."""
    body = {"game": "tarot", "players": FFT_PLAYERS, "client_id": "2c6a7c1e-2f7d-4c55-8a7e-3c2d1e0f9a8b"}
    first, again = api.post("/api/tables", body), api.post("/api/tables", body)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json() == first.json()
    assert Table.objects.count() == 1
    other = api.post("/api/tables", {**body, "client_id": "3c6a7c1e-2f7d-4c55-8a7e-3c2d1e0f9a8b"})
    assert other.status_code == 201 and other.json()["edit_token"] != first.json()["edit_token"]
    assert Table.objects.count() == 2


@pytest.mark.parametrize("client_id", ["not-a-uuid", 12, ""])
def test_a_client_id_that_is_not_a_uuid_is_refused_beside_it(api, client_id):
    errors = errors_of(api.post("/api/tables", {"game": "tarot", "players": FFT_PLAYERS, "client_id": client_id}),
                       422)
    assert list(errors) == ["client_id"] and "UUID" in errors["client_id"]
    assert not Table.objects.exists()


def test_unknown_token_is_404(api):
    assert api.get("/api/tables/not-a-token").status_code == 404
    assert record(api, "not-a-token", GARDE_49).status_code == 404
    assert api.post("/api/tables/not-a-token/undo").status_code == 404
    assert api.put("/api/tables/not-a-token/deals/1", {"record": GARDE_49}).status_code == 404
    assert api.post("/api/tables/not-a-token/deals/1/restore").status_code == 404
    assert "link" in api.get("/api/tables/not-a-token").json()["detail"]


# -- recording --------------------------------------------------------------------------------------------

def test_record_the_fft_sheet(api, table):
    token = table["edit_token"]
    for number, (rec, scores) in enumerate(FFT_DEALS, start=1):
        response = record(api, token, rec, expected_number=number)
        assert response.status_code == 201, response.content
        deal = response.json()
        assert deal["number"] == number and deal["revision"] == 1
        assert deal["scores"] == scores
        assert deal["breakdown"]
    data = read(api, token)
    assert data["totals"] == FFT_TOTALS
    assert [d["number"] for d in data["deals"]] == [1, 2, 3, 4, 5]
    assert data["deals"][-1]["totals"] == FFT_TOTALS
    assert (data["dealer"], data["leader"]) == ("S", "E")  # five deals from N: N S E W N, then S
    assert data["version"] == 5 and data["deal_count"] == 5 and data["next_number"] == 6


def test_the_deal_answer(api, table):
    deal = record(api, table["edit_token"], GARDE_49).json()
    assert deal["record"] == as_stored(GARDE_49)
    assert deal["dealer"] == "N" and deal["next_dealer"] == "S"
    assert deal["totals"] == FFT_DEALS[0][1]
    assert deal["void"] is False and deal["withdrawn"] is False
    assert any("106" in line for line in deal["breakdown"])


def test_a_deal_is_stored_as_the_rules_read_it_not_as_sent(api, table):
    """Issue 8: ``{"taker": " e ", "contract": "Garde", "points": "49,0"}`` used to be stored and shown as sent."""
    deal = record(api, table["edit_token"], {"taker": " e ", "contract": "Garde", "bouts": 2, "points": "49,0"})
    stored = deal.json()["record"]
    assert stored["taker"] == {"seat": 2, "name": "E"}
    assert (stored["contract"], stored["points"], stored["bouts"]) == ("garde", "49", 2)
    assert Deal.objects.get().record == stored
    assert read(api, table["edit_token"])["deals"][0]["record"] == stored


def test_a_bad_record_stores_nothing(api, table):
    errors = errors_of(record(api, table["edit_token"], {**GARDE_49, "bouts": 4}), 422)
    assert list(errors) == ["record.bouts"]
    assert "record" in errors_of(record(api, table["edit_token"], "E garde"), 422)
    assert "record" in errors_of(api.post(f"/api/tables/{table['edit_token']}/deals", {}), 422)
    assert not Deal.objects.exists()
    assert read(api, table["edit_token"])["version"] == 0


def test_two_phones_record_deal_2_at_once(api, table):
    """The loser of the race hears that deal 2 was just recorded, sees it, and nothing is lost."""
    token = table["edit_token"]
    assert record(api, token, FFT_DEALS[0][0], expected_number=1).status_code == 201
    assert record(api, token, FFT_DEALS[1][0], expected_number=2).status_code == 201
    late = record(api, token, FFT_DEALS[2][0], expected_number=2)
    assert late.status_code == 409
    body = late.json()
    assert "Deal 2 was just recorded by another phone" in body["detail"]
    assert body["deal_count"] == 2 and body["next_number"] == 3
    assert body["deal"]["number"] == 2 and body["deal"]["record"] == as_stored(FFT_DEALS[1][0])
    assert Deal.objects.count() == 2
    assert record(api, token, FFT_DEALS[2][0], expected_number=body["next_number"]).status_code == 201


def test_a_misspelt_key_in_the_body_is_refused_and_nothing_recorded(api, table):
    """`clientId` for `client_id`: silently dropped, a retry would record the deal twice."""
    response = record(api, table["edit_token"], GARDE_49, clientId="0b6a7c1e-2f7d-4c55-8a7e-3c2d1e0f9a8b")
    assert response.status_code == 422
    assert response.json()["errors"] == {"clientId": "Unknown field: check its spelling."}
    assert Deal.objects.count() == 0


@pytest.mark.parametrize("number", [0, -3])
def test_an_expected_number_below_one_is_no_deal_number(api, table, number):
    response = record(api, table["edit_token"], GARDE_49, expected_number=number)
    assert response.status_code == 422 and response.json()["errors"] == {"expected_number": "Must be at least 1."}


def test_after_an_undo_the_table_names_the_undone_deals_number_as_the_next(api, table):
    """Deal numbers have no gaps: the next deal recorded takes the undone deal's number, so a client sending the
    table's `next_number` as `expected_number` is not told another phone undid deals."""
    token = table["edit_token"]
    for _deal in range(3):
        record(api, token, GARDE_49)
    assert api.post(f"/api/tables/{token}/undo?number=3").status_code == 200
    body = api.get(f"/api/tables/{token}").json()
    assert body["next_number"] == 3 and [d["number"] for d in body["withdrawn_deals"]] == [3]
    assert record(api, token, GARDE_49, expected_number=body["next_number"]).status_code == 201


def test_expected_number_ahead_after_another_phone_undid_is_a_conflict_too(api, table):
    token = table["edit_token"]
    record(api, token, GARDE_49)
    record(api, token, GARDE_49)
    assert api.post(f"/api/tables/{token}/undo?number=2").status_code == 200  # the other phone
    response = record(api, token, GARDE_49, expected_number=3)
    assert response.status_code == 409
    body = response.json()
    assert body["detail"] == "Another phone undid deals meanwhile: the next deal is deal 2. Nothing was recorded."
    assert body["next_number"] == 2 and body["deal"]["number"] == 1
    assert Deal.objects.filter(withdrawn=False).count() == 1


def test_expected_number_no_deal_reached_is_a_field_error(api, table):
    response = record(api, table["edit_token"], GARDE_49, expected_number=5)
    assert response.status_code == 422
    assert response.json()["errors"] == {"expected_number": "The next deal here is deal 1, not deal 5."}
    assert not Deal.objects.exists()


# -- edit, undo, restore ------------------------------------------------------------------------------------

def test_edit_a_deal_stores_a_new_revision(api, table):
    token = table["edit_token"]
    for rec, _ in FFT_DEALS[:2]:
        record(api, token, rec)
    changed = {**GARDE_49, "points": 56}  # 49 → 56: (25 + 15) × 2 + 20 + 20 = 120
    response = api.put(f"/api/tables/{token}/deals/1", {"record": changed})
    assert response.status_code == 200, response.content
    deal = response.json()
    assert deal["revision"] == 2 and deal["record"] == as_stored(changed)
    assert deal["scores"] == {"N": -120, "S": -120, "E": 360, "W": -120}
    data = read(api, token)
    assert data["totals"] == {"N": -196, "S": -196, "E": 284, "W": 108}  # deal 2 re-added on top
    assert DealRevision.objects.filter(deal__number=1).count() == 2


def test_an_edit_of_a_revision_another_phone_changed_since_answers_409_with_the_deal_now(api, table):
    token = table["edit_token"]
    record(api, token, GARDE_49)
    first = api.put(f"/api/tables/{token}/deals/1", {"record": {**GARDE_49, "points": 56}, "revision": 1})
    assert first.status_code == 200 and first.json()["revision"] == 2

    late = api.put(f"/api/tables/{token}/deals/1", {"record": {**GARDE_49, "points": 60}, "revision": 1})

    assert late.status_code == 409
    body = late.json()
    assert body["detail"].startswith("Deal 1 was changed on another phone since revision 1: nothing was saved.")
    assert body["deal"]["revision"] == 2 and body["deal"]["record"] == as_stored({**GARDE_49, "points": 56})
    assert read(api, token)["deals"][0]["revision"] == 2
    current = api.put(f"/api/tables/{token}/deals/1", {"record": {**GARDE_49, "points": 60}, "revision": 2})
    assert current.status_code == 200 and current.json()["record"] == as_stored({**GARDE_49, "points": 60})
    retried = api.put(f"/api/tables/{token}/deals/1", {"record": {**GARDE_49, "points": 60}, "revision": 2})
    assert retried.status_code == 200 and retried.json()["revision"] == 3  # the same edit again: stored once
    assert api.put(f"/api/tables/{token}/deals/1", {"record": GARDE_49, "revision": 0}).status_code == 422


def test_edit_errors(api, table):
    token = table["edit_token"]
    record(api, token, GARDE_49)
    assert list(errors_of(api.put(f"/api/tables/{token}/deals/1", {"record": {**GARDE_49, "bouts": "x"}}),
                          422)) == ["record.bouts"]
    assert api.put(f"/api/tables/{token}/deals/2", {"record": GARDE_49}).status_code == 404
    assert "number" in errors_of(api.put(f"/api/tables/{token}/deals/one", {"record": GARDE_49}), 422)
    assert read(api, token)["deals"][0]["revision"] == 1


# -- a deal the rules cannot read whole: what they say of the rest, as the record form says it -----------------

OMBRE_TRICKS = {"Brian": 5, "Carla": 2, "Ana": 2}  # Ana deals: Brian speaks first, then Carla


def test_a_count_out_of_range_is_said_with_what_the_rules_say_of_the_rest(api):
    """L'Ombre: the cards taken in 12 (at most 9) and Carla said to have passed after Brian's bid. One answer says
    both, "Must be between 0 and 9." for the cards taken in and "A pass after the bid" for who passed, as the
    record form does (the API said only the first); the same when the count is left out, and when a deal is
    edited. Nothing is recorded or changed."""
    token = create(api, game="ombre", players=["Ana", "Brian", "Carla"])["edit_token"]
    bad = {"hombre": "Brian", "passed": ["Carla"], "taken_in": 12, "tricks": OMBRE_TRICKS}

    errors = errors_of(record(api, token, bad), 422)
    assert errors["record.taken_in"] == "Must be between 0 and 9."
    assert errors["record.passed"].startswith("A pass after the bid: Brian bid game")
    left_out = errors_of(record(api, token, {k: v for k, v in bad.items() if k != "taken_in"}), 422)
    assert set(left_out) == {"record.taken_in", "record.passed"}
    assert not Deal.objects.exists()

    assert record(api, token, {"hombre": "Brian", "taken_in": 3, "tricks": OMBRE_TRICKS}).status_code == 201
    errors = errors_of(edit(api, token, 1, bad), 422)
    assert errors["record.taken_in"] == "Must be between 0 and 9."
    assert errors["record.passed"].startswith("A pass after the bid: Brian bid game")
    assert read(api, token)["deals"][0]["revision"] == 1


def test_a_trick_count_out_of_range_is_said_with_what_the_rules_say_of_the_rest(api):
    """L'Ombre, the tricks as the form's rows: Ana's 12 (at most 9) and Carla said to have passed after Brian's bid.
    One answer says both: Ana's count is stood in for by each count she may have taken, or none (worked out),
    the others kept as sent, and the pass is wrong whatever she took."""
    token = create(api, game="ombre", players=["Ana", "Brian", "Carla"])["edit_token"]
    rows = [{"player": "Brian", "tricks": 5}, {"player": "Carla", "tricks": 2}, {"player": "Ana", "tricks": 12}]
    bad = {"hombre": "Brian", "passed": ["Carla"], "taken_in": 3, "tricks": rows}

    errors = errors_of(record(api, token, bad), 422)
    assert errors["record.tricks"] == "Give each player's tricks: a whole number from 0 to 9."
    assert errors["record.passed"].startswith("A pass after the bid: Brian bid game")
    assert not Deal.objects.exists()


def test_a_message_said_of_the_rest_holds_whatever_the_field_left_out_holds(api, table):
    """Tarot: S takes with 2 bouts and 10 points, the contract left out: "Pick the contract", and nothing of the
    points, though a prise or a garde needs 13: a garde contre takes 10. What holds whatever the contract is said:
    the attack that took the Petit in the last trick holds at least one bout."""
    token = table["edit_token"]
    deal = {"taker": "S", "bouts": 2, "points": 10}
    assert list(errors_of(record(api, token, deal), 422)) == ["record.contract"]

    errors = errors_of(record(api, token, {**deal, "bouts": 0, "points": 40, "petit_au_bout": "attack"}), 422)
    assert set(errors) == {"record.contract", "record.petit_au_bout"}
    assert "holds at least one bout" in errors["record.petit_au_bout"]
    assert record(api, token, {**deal, "contract": "garde_contre"}).status_code == 201


def test_undo_withdraws_the_latest_deal_and_restore_brings_it_back(api, table):
    token = table["edit_token"]
    for rec, _ in FFT_DEALS[:2]:
        record(api, token, rec)
    undone = api.post(f"/api/tables/{token}/undo")
    assert undone.status_code == 200
    assert undone.json()["number"] == 2 and undone.json()["withdrawn"] is True
    data = read(api, token)
    assert data["totals"] == FFT_DEALS[0][1]
    assert [d["number"] for d in data["deals"]] == [1]
    assert [d["number"] for d in data["withdrawn_deals"]] == [2]
    assert (data["dealer"], data["next_number"]) == ("S", 2)  # the next deal recorded takes number 2 again

    restored = api.post(f"/api/tables/{token}/deals/2/restore")
    assert restored.status_code == 200
    assert restored.json()["withdrawn"] is False and restored.json()["scores"] == FFT_DEALS[1][1]
    data = read(api, token)
    assert [d["number"] for d in data["deals"]] == [1, 2] and data["withdrawn_deals"] == []


def test_undo_with_nothing_to_undo_is_409(api, table):
    response = api.post(f"/api/tables/{table['edit_token']}/undo")
    assert response.status_code == 409
    assert response.json()["detail"] == "There is no deal to undo."


def test_restore_errors(api, table):
    token = table["edit_token"]
    record(api, token, GARDE_49)
    assert api.post(f"/api/tables/{token}/deals/1/restore").status_code == 409  # not undone
    assert api.post(f"/api/tables/{token}/deals/9/restore").status_code == 404


def test_a_change_that_makes_a_later_deal_impossible_is_409(api, countdown):
    """Countdown: 20 points in the pool; each deal takes some. Taking more earlier starves a later deal."""
    token = create(api, game="countdown", players=["A", "B"])["edit_token"]
    record(api, token, {"player": "A", "points": 10})
    record(api, token, {"player": "B", "points": 10})
    # Deal 1 down to 1: 19 left for deal 2, which takes 10; then deal 3 takes the last 9.
    assert edit(api, token, 1, {"player": "A", "points": 1}).status_code == 200
    assert record(api, token, {"player": "A", "points": 9}).status_code == 201
    # Deal 1 up to 2 would leave 8 for deal 3's 9: refused, naming deal 3, and nothing changes.
    refused = edit(api, token, 1, {"player": "A", "points": 2})
    assert refused.status_code == 409
    assert "deal 3" in refused.json()["detail"]
    assert read(api, token)["totals"] == {"A": 10, "B": 10}
    # Undo deal 3, raise deal 1, and restoring deal 3 is refused in turn.
    api.post(f"/api/tables/{token}/undo")
    assert edit(api, token, 1, {"player": "A", "points": 5}).status_code == 200
    refused = api.post(f"/api/tables/{token}/deals/3/restore")
    assert refused.status_code == 409
    assert read(api, token)["totals"] == {"A": 5, "B": 10}


def test_a_game_crashing_on_an_odd_record_is_400(api, countdown):
    token = create(api, game="countdown", players=["A", "B"])["edit_token"]
    assert list(errors_of(record(api, token, {"crash": "x"}), 400)) == ["record"]
    assert not Deal.objects.exists()


# -- who may do what ----------------------------------------------------------------------------------------

def test_the_view_token_cannot_write(api, table):
    edit, view = table["edit_token"], table["view_token"]
    record(api, edit, GARDE_49)
    api.post(f"/api/tables/{edit}/undo")
    writes = [
        record(api, view, GARDE_49),
        api.put(f"/api/tables/{view}/deals/1", {"record": GARDE_49}),
        api.post(f"/api/tables/{view}/undo"),
        api.post(f"/api/tables/{view}/deals/1/restore"),
    ]
    for response in writes:
        assert response.status_code == 403
        assert response.json()["detail"] == "This is the view link: it cannot change the table."
    assert Deal.objects.get().withdrawn is True and Deal.objects.get().revision == 2


def test_scripts_post_without_a_csrf_cookie(api):
    """The JSON client enforces CSRF checks like a browser session would; the API needs no CSRF cookie."""
    assert api.client.handler.enforce_csrf_checks
    assert "csrftoken" not in api.client.cookies
    # The check is real: a Django form view refuses the same client without a CSRF token.
    assert api.client.post("/i18n/setlang/", {"language": "fr"}).status_code == 403
    token = create(api)["edit_token"]
    assert record(api, token, GARDE_49).status_code == 201
    assert api.put(f"/api/tables/{token}/deals/1", {"record": GARDE_49}).status_code == 200
    assert api.post(f"/api/tables/{token}/undo").status_code == 200
    assert api.post(f"/api/tables/{token}/deals/1/restore").status_code == 200
    assert api.post("/api/games/tarot/score", {"players": FFT_PLAYERS, "deals": []}).status_code == 200


def test_a_retry_with_the_same_client_id_records_nothing_new(api, table):
    """A phone whose 201 was lost sends the deal again with the same id: the deal already stored comes back."""
    body = {"record": GARDE_49, "client_id": "0b6a7c1e-2f7d-4c55-8a7e-3c2d1e0f9a8b"}
    first = api.post(f"/api/tables/{table['edit_token']}/deals", body)
    again = api.post(f"/api/tables/{table['edit_token']}/deals", body)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["number"] == first.json()["number"] == 1
    assert Deal.objects.count() == 1
    other = api.post(f"/api/tables/{table['edit_token']}/deals",
                     {"record": GARDE_49, "client_id": "1b6a7c1e-2f7d-4c55-8a7e-3c2d1e0f9a8b"})
    assert other.status_code == 201 and other.json()["number"] == 2


def test_undoing_a_deal_another_phone_just_undid_is_a_409(api, table):
    token = table["edit_token"]
    record(api, token, GARDE_49)
    record(api, token, GARDE_49)
    assert api.post(f"/api/tables/{token}/undo?number=2").status_code == 200
    late = api.post(f"/api/tables/{token}/undo?number=2")
    assert late.status_code == 409 and "just undone by another phone" in late.json()["detail"]
    assert list(Deal.objects.filter(withdrawn=True).values_list("number", flat=True)) == [2]  # deal 1 kept


def test_undoing_a_deal_that_is_no_longer_the_last_says_which_is(api, table):
    token = table["edit_token"]
    record(api, token, GARDE_49)
    record(api, token, GARDE_49)
    record(api, token, GARDE_49)  # deal 3, recorded by another phone
    late = api.post(f"/api/tables/{token}/undo?number=2")
    assert late.status_code == 409
    assert late.json()["detail"] == "Deal 2 is no longer the last: deal 3 was recorded since. Nothing was undone."
    assert not Deal.objects.filter(withdrawn=True).exists()


def test_undoing_a_deal_that_never_was_is_a_404(api, table):
    response = api.post(f"/api/tables/{table['edit_token']}/undo?number=7")
    assert response.status_code == 404 and response.json()["detail"] == "There is no deal 7 at this table."
    assert not Deal.objects.filter(withdrawn=True).exists()
