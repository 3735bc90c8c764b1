"""Paublillo through the API: listed, scored per team (hand-computed below), said in the asker's language,
and ruled on. Ana, Bea, Luis, Eva in the order of play: team A is Ana & Luis, team B Bea & Eva."""

from tests.api.conftest import JsonClient  # the `api` fixture is in this folder's conftest

PLAYERS = ["Ana", "Bea", "Luis", "Eva"]
ENVIDO_ACCEPTED = {"bets": [{"team": "A", "stake": "envido"}], "tricks": "ABA"}  # A +3
SEIS_REFUSED = {"bets": [{"team": "B", "stake": "envido"}, {"team": "A", "stake": "seis"}],
                "refused": True}  # B refuses A's seis: A scores the envido that stood, +3
MONJA_THEN_B = {"monja": True, "tricks": "BB"}  # Luis deals, team A: monja +1; B takes the deal, +1


def score(api, deals, **body):
    return api.post("/api/games/paublillo/score", {"players": PLAYERS, "deals": deals, **body})


def test_paublillo_is_listed_with_its_player_counts(api):
    games = {g["slug"]: g for g in api.get("/api/games").json()}
    assert games["paublillo"]["player_counts"] == [2, 4, 6, 8]


def test_scores_are_per_team_deal_by_deal(api):
    body = score(api, [ENVIDO_ACCEPTED, SEIS_REFUSED, MONJA_THEN_B]).json()
    assert [d["scores"] for d in body["deals"]] == [{"A": 3, "B": 0}, {"A": 3, "B": 0}, {"A": 1, "B": 1}]
    assert [d["totals"] for d in body["deals"]] == [{"A": 3, "B": 0}, {"A": 6, "B": 0}, {"A": 7, "B": 1}]
    assert body["totals"] == {"A": 7, "B": 1} and not body["game_over"]
    assert [d["dealer"] for d in body["deals"]] == ["Ana", "Bea", "Luis"] and body["dealer"] == "Eva"
    teams = body["state"]["teams"]
    assert [(t["members"], t["score_text"]) for t in teams] == [(["Ana", "Luis"], "1 buena"),
                                                                (["Bea", "Eva"], "1 mala")]


def test_a_game_reaching_twelve_names_the_winning_team(api):
    doce = {"bets": [{"team": "A", "stake": 3}, {"team": "B", "stake": 6}, {"team": "A", "stake": 9},
                     {"team": "B", "stake": 12}], "tricks": "AA"}
    body = score(api, [doce]).json()
    assert body["totals"] == {"A": 12, "B": 0}
    assert body["game_over"] and body["winners"] == ["A"]


def test_the_breakdown_and_the_state_are_said_in_the_askers_language():
    body = score(JsonClient("fr"), [ENVIDO_ACCEPTED]).json()
    assert body["deals"][0]["breakdown"][-1] == "Score\u00a0: A 3 malas, B 0."  # French puts a space before :
    assert body["state"]["alver_text"] == "Personne n’est en alver."
    ruling = JsonClient("es").post("/api/games/paublillo/ruling", {"players": PLAYERS, "situation": {
        "trump": "O", "trick": [{"player": "Ana", "card": "5O"}], "hand": ["7O", "2O", "12C"], "card": "12C"}})
    said = ruling.json()
    assert said["rule"] == "Tras una salida de triunfo", said
    assert said["explanation"] == ("Rey de copas: no se puede jugar, porque se salió con triunfo y el jugador tiene 7 "
                                   "de oros, 2 de oros.")


def test_the_lone_monja_need_not_follow_a_trump_lead(api):
    response = api.post("/api/games/paublillo/ruling", {"players": PLAYERS, "situation": {
        "trump": "O", "trick": [{"player": "Ana", "card": "5O"}], "hand": ["4O", "12C"], "card": "12C"}})
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is True and body["rule"] == "The monja need not be played"
    assert body["legal_cards"] == ["4O", "12C"]


def test_a_raise_by_the_same_team_twice_is_refused_with_the_rule(api):
    twice = {"bets": [{"team": "A", "stake": 3}, {"team": "A", "stake": 6}], "tricks": "AA"}
    response = score(api, [twice])
    assert response.status_code == 422
    assert response.json()["errors"] == {"deals.0.bets.1.team": "A cannot raise twice in a row: only the team "
                                         "that accepted the latest raise (B) may raise next."}


def test_a_raise_with_a_word_of_its_own_is_refused_not_dropped(api):
    """A client that misspells a raise's field ("stakes") hears it beside the raise, rather than the word being
    dropped (issue 9: unknown fields are refused)."""
    response = score(api, [{"bets": [{"team": "A", "stakes": 3}], "tricks": "AA"}])
    assert response.status_code == 422
    assert response.json()["errors"] == {"deals.0.bets.0": "Each raise names the team and the stake."}


def test_the_referee_answers_the_betting_through_the_api(api):
    """Seed 000: "There can be a series of reenvidar by alternate teams": the API's referee takes the betting
    question as the referee page does, and a question that cannot be is refused per field."""
    response = api.post("/api/games/paublillo/ruling", {"players": PLAYERS, "situation": {
        "question": "betting", "raised_to": "envido", "raised_by": "B", "raise_by": "A"}})
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["legal"] is True and body["rule"] == "Who may raise"
    wrong = api.post("/api/games/paublillo/ruling", {"players": PLAYERS, "situation": {
        "question": "betting", "refused": True}})
    assert wrong.status_code == 422 and wrong.json()["errors"] == {"situation.refused": "There is no raise to refuse."}
