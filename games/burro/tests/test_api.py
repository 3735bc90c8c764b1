"""Burro through the API: its record schema published, hands scored into letters with running totals, the end
of the game, the winners, the decider, and refusals beside the field (``deals.<n>.<field>``). Ana, Bea, Carl in
the order of play."""

from scoring.api_schemas import ScoreOut
from tests.api.conftest import JsonClient  # the `api` fixture is in this folder's conftest

PLAYERS = ["Ana", "Bea", "Carl"]
SCORE = "/api/games/burro/score"


def score(api, deals, **body):
    return api.post(SCORE, {"players": PLAYERS, "deals": deals, **body})


def test_the_record_schema_is_published(api):
    game = api.get("/api/games/burro").json()
    assert game["player_counts"] == [2, 3, 4, 5, 6, 7, 8]
    assert [(f["name"], f["kind"], f["required"]) for f in game["record_schema"]] == [
        ("loser", "player", True), ("decider", "bool", False), ("void", "bool", False),
        ("between", "players", False)]
    assert [o["key"] for o in game["options"]] == ["variant", "em_pe", "draw_at_will", "decider_dealer"]
    assert [o["house_rule"] for o in game["options"]] == [False, False, True, True]
    assert [c["value"] for c in game["options"][0]["choices"]] == ["spanish48", "spanish40", "portuguese"]
    assert [f["name"] for f in game["ruling_fields"]][:3] == ["question", "variant", "hand"]


def test_each_hand_gives_the_losers_letter_and_the_running_totals(api):
    response = score(api, [{"loser": "Bea"}, {"loser": "Bea"}, {"void": True}, {"loser": "Carl"}])
    assert response.status_code == 200, response.json()
    body = response.json()
    ScoreOut.model_validate(body)
    assert [d["scores"] for d in body["deals"]] == [
        {"Ana": 0, "Bea": 1, "Carl": 0}, {"Ana": 0, "Bea": 1, "Carl": 0}, {"Ana": 0, "Bea": 0, "Carl": 0},
        {"Ana": 0, "Bea": 0, "Carl": 1}]
    assert [d["totals"] for d in body["deals"]] == [
        {"Ana": 0, "Bea": 1, "Carl": 0}, {"Ana": 0, "Bea": 2, "Carl": 0}, {"Ana": 0, "Bea": 2, "Carl": 0},
        {"Ana": 0, "Bea": 2, "Carl": 1}]
    assert [d["extra"].get("letters") for d in body["deals"]] == ["B", "B-U", None, "B"]
    assert body["deals"][3]["extra"]["sheet"] == {"Ana": "—", "Bea": "B-U", "Carl": "B"}  # everyone's letters
    assert body["deals"][1]["breakdown"] == ["Bea was left holding cards and takes a letter, now B-U."]
    assert body["deals"][2]["void"] is True
    assert [d["dealer"] for d in body["deals"]] == ["Ana", "Bea", "Carl", "Ana"] and body["dealer"] == "Bea"
    assert body["state"]["letters"] == {"Ana": "—", "Bea": "B-U", "Carl": "B"}
    assert body["game_over"] is False and body["winners"] == []


def test_the_fifth_letter_ends_the_game_and_names_the_winner(api):
    body = score(api, [{"loser": "Carl"}] + [{"loser": "Bea"}] * 5).json()
    assert body["totals"] == {"Ana": 0, "Bea": 5, "Carl": 1}
    assert body["game_over"] is True and body["winners"] == ["Ana"]
    assert body["deals"][-1]["game_over"] is True and body["deals"][-2]["game_over"] is False
    assert body["deals"][-1]["breakdown"][-1] == "Ana wins with the fewest letters (no letter)."


def test_a_tie_then_the_decider(api):
    tied = [{"loser": "Ana"}] * 5
    body = score(api, tied).json()
    assert body["game_over"] is True and body["winners"] == ["Bea", "Carl"]
    assert body["state"]["tied"] == ["Bea", "Carl"]
    body = score(api, tied + [{"loser": "Carl"}]).json()
    assert body["winners"] == ["Bea"] and body["totals"] == {"Ana": 5, "Bea": 0, "Carl": 1}
    assert body["deals"][-1]["extra"]["decider"] is True
    assert body["deals"][-1]["breakdown"][0] == "Decider between Bea and Carl: Carl lost it and takes a letter, now B."


def test_invalid_hands_are_refused_beside_the_field(api):
    response = score(api, [{"loser": "Bea"}, {"loser": "Eve"}])
    assert response.status_code == 422
    assert response.json()["errors"] == {"deals.1.loser": "Eve is not playing at this table."}
    response = score(api, [{"loser": "Ana"}] * 5 + [{"loser": "Ana"}])
    assert response.status_code == 422
    assert response.json()["errors"] == {
        "deals.5.loser": "Only Bea and Carl play the decider: Ana was not tied for the fewest letters."}
    response = score(api, [{"loser": "Bea", "decider": True}])
    assert list(response.json()["errors"]) == ["deals.0.decider"]


def test_options_are_checked_beside_the_option(api):
    response = score(api, [], options={"em_pe": True})
    assert response.status_code == 422
    assert response.json()["errors"] == {
        "options.em_pe": "Burro em pé is a Portuguese game: choose the Portuguese variant for it."}
    body = score(api, [], options={"variant": "portuguese", "em_pe": True}).json()
    assert body["state"]["cards_each"] == 5 and body["state"]["stock"] == 25  # 40 − 3 × 5


def test_the_letters_and_breakdown_in_the_askers_language():
    body = JsonClient("es").post(SCORE, {"players": PLAYERS, "deals": [{"loser": "Bea"}]}).json()
    assert body["deals"][0]["breakdown"] == ["Bea se quedó con cartas y se lleva una letra; ya lleva B."]
    body = JsonClient("fr").post(SCORE, {"players": PLAYERS, "deals": [{"void": True}]}).json()
    assert body["deals"][0]["breakdown"] == ["Maldonne\u00a0: personne ne prend de lettre."]


def test_the_referee_through_the_api(api):
    response = api.post("/api/games/burro/ruling", {"players": PLAYERS, "situation": {
        "hand": ["3O", "12C"], "trick": ["7O"], "card": "12C"}})
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is False and body["rule"] == "Follow suit" and body["legal_cards"] == ["3O"]
    response = api.post("/api/games/burro/ruling", {"players": PLAYERS, "situation": {"question": "knocked"}})
    assert response.status_code == 422 and list(response.json()["errors"]) == ["situation.question"]


def test_the_api_names_the_winner_from_who_led_and_keeps_who_played_each_card(api):
    """The page's rule through the API: Carl led 7O, then Ana played 12O and Bea 1O: Ana. The older ``players`` (who
    played each card) still answers; a leader who plays no card is a 422 beside who led."""
    def ask(situation):
        return api.post("/api/games/burro/ruling", {"players": PLAYERS, "situation": {
            "question": "trick", "trick": ["7O", "12O", "1O"], **situation}})

    body = ask({"leader": "Carl"}).json()
    assert body["winner"] == "Ana" and body["explanation"].startswith("Ana wins the trick with the King (rey) of oros")
    assert ask({"players": ["Carl", "Ana", "Bea"]}).json()["winner"] == "Ana"
    refused = ask({"leader": "Bea", "out": ["Bea"], "trick": ["7O", "12O"]})
    assert refused.status_code == 422
    assert refused.json()["errors"] == {"situation.leader": "Bea plays no card to this trick, so did not lead it."}
