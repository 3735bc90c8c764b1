"""Casita Robada through the API: its record schema published, a match scored deal by deal (hand-computed
below), refusals beside the field, answers in the asker's language, and the referee.

Ana, Bea and Carl in the order of play; 40 Spanish cards unless said."""

from tests.api.conftest import JsonClient  # the `api` fixture is in this folder's conftest

PLAYERS = ["Ana", "Bea", "Carl"]
ANA_WINS = {"captured": [{"player": "Ana", "cards": 20}, {"player": "Bea", "cards": 12},
                         {"player": "Carl", "cards": 8}]}
TIE = {"captured": {"Ana": 14, "Bea": 14}}  # Carl left out: 40 − 28 = 12; Ana and Bea tie for the most
CARL_WINS = {"captured": [6, 4, 30]}


def score(api, deals, **body):
    return api.post("/api/games/casita/score", {"players": PLAYERS, "deals": deals, **body})


def test_the_record_schema_is_published(api):
    games = {g["slug"]: g for g in api.get("/api/games").json()}
    casita = games["casita"]
    assert casita["player_counts"] == [2, 3, 4] and casita["deck"] == "spanish40"
    assert [o["key"] for o in casita["options"]] == ["deck", "match", "target", "several_piles", "no_capture"]
    assert [o["key"] for o in casita["options"] if o["house_rule"]] == ["several_piles", "no_capture"]
    schema = {f["name"]: f for f in casita["record_fields"]["3"]}
    assert list(schema) == ["captured", "void"]
    captured = schema["captured"]
    assert captured["kind"] == "list" and captured["maximum"] == 3 and captured["required"]
    assert [(f["name"], f["kind"]) for f in captured["fields"]] == [("player", "player"), ("cards", "int")]
    assert captured["fields"][1]["maximum"] == 40 and not captured["fields"][1]["required"]


def test_a_match_is_scored_deal_by_deal(api):
    """A match of 3 deals. 1: Ana 20 → Ana. 2: Ana 14, Bea 14, Carl 12 → both. 3: Carl 30 → Carl.
    Deals won: Ana 2, Bea 1, Carl 1: Ana wins the match."""
    body = score(api, [ANA_WINS, TIE, CARL_WINS], options={"target": 3}).json()
    assert [d["scores"] for d in body["deals"]] == [{"Ana": 1, "Bea": 0, "Carl": 0}, {"Ana": 1, "Bea": 1, "Carl": 0},
                                                   {"Ana": 0, "Bea": 0, "Carl": 1}]
    assert [d["totals"] for d in body["deals"]] == [{"Ana": 1, "Bea": 0, "Carl": 0}, {"Ana": 2, "Bea": 1, "Carl": 0},
                                                   {"Ana": 2, "Bea": 1, "Carl": 1}]
    assert [d["extra"]["captured"] for d in body["deals"]] == [{"Ana": 20, "Bea": 12, "Carl": 8},
                                                              {"Ana": 14, "Bea": 14, "Carl": 12},
                                                              {"Ana": 6, "Bea": 4, "Carl": 30}]
    assert [[s["name"] for s in d["extra"]["deal_winners"]] for d in body["deals"]] == [["Ana"], ["Ana", "Bea"],
                                                                                        ["Carl"]]
    assert [d["game_over"] for d in body["deals"]] == [False, False, True]
    assert body["game_over"] and body["winners"] == ["Ana"] and body["totals"] == {"Ana": 2, "Bea": 1, "Carl": 1}
    assert [d["dealer"] for d in body["deals"]] == ["Ana", "Bea", "Carl"]
    assert body["deals"][1]["breakdown"] == ["Ana 14 · Bea 14 · Carl 12: 40 cards",
                                             "Ana and Bea tie for the most, 14 cards: each wins the deal.",
                                             "Deals won: Ana 2, Bea 1, Carl 0."]
    assert body["state"]["match_over"] and body["state"]["winners"] == ["Ana"]
    assert body["state"]["match_text"] == "A match of 3 deals, won by the most deals won: all played."


def test_first_to_two_ends_when_someone_has_two(api):
    body = score(api, [ANA_WINS, TIE], options={"match": "first_to", "target": 2}).json()
    assert body["game_over"] and body["winners"] == ["Ana"]


def test_counts_off_the_deck_are_refused_saying_by_how_much(api):
    response = score(api, [ANA_WINS, {"captured": [20, 12, 6]}], options={"target": 3})
    assert response.status_code == 422
    assert response.json()["errors"] == {
        "deals.1.captured": "These counts add up to 38: 2 fewer than the 40 cards of the deck."}


def test_a_deal_after_the_match_is_refused_citing_the_rule(api):
    response = score(api, [ANA_WINS, CARL_WINS])  # a match of one deal, by default
    assert response.status_code == 422
    assert response.json()["errors"] == {
        "deals.1": "The match is over: Ana won it. Start a new table for another match."}


def test_answers_in_the_askers_language():
    spanish = score(JsonClient("es"), [ANA_WINS]).json()
    assert spanish["deals"][0]["breakdown"][1] == "Ana gana la mano con 20 cartas."
    french = score(JsonClient("fr"), [{"captured": [20, 20, 1]}])
    assert french.status_code == 422
    assert french.json()["errors"]["deals.0.captured.2"].startswith("Carl ne peut pas avoir exactement 1 carte")


def test_the_referee_answers(api):
    response = api.post("/api/games/casita/ruling", {"players": PLAYERS, "situation": {
        "question": "centre", "card": "5O", "centre": ["5C"], "piles": [{"player": "Bea", "top": "5E"}]}})
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is False and body["rule"] == "Stealing a pile"
    assert body["explanation"].startswith("No. 5 of oros matches the top of Bea's pile: you steal that whole pile")


def test_a_table_records_a_deal_with_a_blank_count(api, db):
    created = api.post("/api/tables", {"game": "casita", "players": PLAYERS, "options": {"target": 2}}).json()
    edit = created["edit_token"]
    response = api.post(f"/api/tables/{edit}/deals", {"record": {"captured": {"Ana": 25, "Bea": 6}}})
    assert response.status_code == 201, response.json()
    deal = response.json()
    assert deal["record"]["captured"][2] == {"player": {"seat": 2, "name": "Carl"}, "cards": 9}
    assert deal["totals"] == {"Ana": 1, "Bea": 0, "Carl": 0}
    table = api.get(f"/api/tables/{created['view_token']}").json()
    assert table["display_state"]["deals_left"] == 1 and not table["game_over"]
