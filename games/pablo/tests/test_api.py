"""Pablo through the API: its record schema published, rounds scored per variant (hand-computed below), the
exact-50 reset, game over and winners, messages per field, the referee; in the asker's language."""

from __future__ import annotations

from tests.api.conftest import JsonClient  # the `api` fixture is in this folder's conftest

PLAYERS = ["Alice", "Ben", "Cara", "Dev"]
SCORE = "/api/games/pablo/score"

FRENCH_HINT = "Rank + suit (S ♠, H ♥, D ♦, C ♣): AS, KH, 10D, 7C."  # after a code no card has



def rounds(*records):
    return list(records)


def score(api, deals, **body):
    return api.post(SCORE, {"players": PLAYERS, "deals": deals, **body})


def test_the_record_schema_is_published(api):
    game = api.get("/api/games/pablo").json()
    assert [o["key"] for o in game["options"]] == ["variant", "one_hand", "empty_field_discards", "round_by_score",
                                                 "king_spares_caller"]
    schema = game["record_fields"]["4"]
    assert [f["name"] for f in schema] == ["caller", "hands", "void"]
    hands = next(f for f in schema if f["name"] == "hands")
    assert [f["name"] for f in hands["fields"]] == ["player", "cards", "points"]
    assert {f["name"] for f in game["ruling_fields"]} >= {"question", "cards", "discard_top", "drawn", "caller"}


def points_bounds(fields):
    hands = next(f for f in fields if f["name"] == "hands")
    points = next(f for f in hands["fields"] if f["name"] == "points")
    return points["minimum"], points["maximum"]


def test_each_variant_publishes_its_own_points_bounds(api):
    """One deck, four players. French: 4 × (1 + … + 10) + 11 pictures × 10 (the K♦ is 0) = 220 + 110 = 330, never
    below 0. English: 2–10 is 4 × 54 = 216, J, Q and black K are 10 cards × 10 = 100 → 316; four aces −4."""
    game = api.get("/api/games/pablo").json()
    assert points_bounds(game["record_fields"]["4"]) == (0, 330)
    english = game["record_fields_by_choice"]["variant"]["english"]
    assert points_bounds(english["4"]) == (-4, 316)
    assert "french" not in game["record_fields_by_choice"]["variant"]  # the default is in record_fields


def test_english_rounds_scored_with_the_exact_50_reset_and_the_end(api):
    """1. Alice A♠ 2♥ K♦ 3♣ = 4, lowest: 4; Ben 12; Cara 10♠ J♦ 5♣ = 25; Dev 18 → 4, 12, 25, 18.
    2. Dev calls with K♠ 3♥ = 13, Alice has 5: 13 + 10 = 23 → Dev 41... and Ben 14, Cara 8 → 9, 26, 33, 41.
    3. Ben calls with 2, strictly lowest; Dev 9: 41 + 9 = 50 → back to 0; Cara 20: 53 → past 50, the end:
    totals 17, 28, 53, 0 — Dev, back at 0, wins."""
    deals = rounds(
        {"caller": "Alice", "hands": [{"cards": ["AS", "2H", "KD", "3C"]}, {"points": 12},
                                      {"cards": "10S JD 5C"}, {"points": 18}]},
        {"caller": "Dev", "hands": [{"points": 5}, {"points": 14}, {"points": 8}, {"cards": ["KS", "3H"]}]},
        {"caller": "Ben", "hands": [{"points": 8}, {"points": 2}, {"points": 20}, {"points": 9}]},
    )
    body = score(api, deals, options={"variant": "english"}).json()
    assert [d["scores"] for d in body["deals"]] == [
        {"Alice": 4, "Ben": 12, "Cara": 25, "Dev": 18},
        {"Alice": 5, "Ben": 14, "Cara": 8, "Dev": 23},
        {"Alice": 8, "Ben": 2, "Cara": 20, "Dev": 9},
    ]
    assert [d["totals"] for d in body["deals"]] == [
        {"Alice": 4, "Ben": 12, "Cara": 25, "Dev": 18},
        {"Alice": 9, "Ben": 26, "Cara": 33, "Dev": 41},
        {"Alice": 17, "Ben": 28, "Cara": 53, "Dev": 0},
    ]
    assert "Dev has exactly 50: back to 0!" in body["deals"][2]["breakdown"]
    assert body["game_over"] and body["winners"] == ["Dev"]
    assert body["deals"][0]["extra"]["starts_next"] == {"seat": 0, "name": "Alice"}
    assert body["deals"][0]["next_dealer"] == "Cara"
    assert body["state"]["variant"] == "english" and body["state"]["game_ends"] == 50


def test_french_rounds_and_the_good_pablo(api):
    """Alice K♦ A♠ 2♣ = 3, strictly fewest: −5. The others their cards."""
    body = score(api, [{"caller": "Alice", "hands": [{"cards": "KD AS 2C"}, {"points": 9}, {"points": 15},
                                                     {"cards": "QS 7D 9H"}]}]).json()
    assert body["totals"] == {"Alice": -5, "Ben": 9, "Cara": 15, "Dev": 26}
    assert body["deals"][0]["extra"]["points"] == [3, 9, 15, 26]
    assert body["deals"][0]["extra"]["caller_outcome"] == "fewest"
    assert body["dealer"] == "Ben" and not body["game_over"]


def test_a_bad_round_is_refused_with_a_message_per_field(api):
    response = score(api, [{"caller": "Alice", "hands": [{"points": 1}, {"cards": "KD ZZ"}, {"points": 3},
                                                         {}]}])
    assert response.status_code == 422
    errors = response.json()["errors"]
    assert errors["deals.0.hands.1.cards"] == "ZZ is not a card of this game. " + FRENCH_HINT
    assert errors["deals.0.hands.3"] == "Tap Dev's cards or type their points."


def test_the_breakdown_is_said_in_the_askers_language():
    deal = {"caller": "Alice", "hands": [{"points": 4}, {"points": 4}, {"points": 9}, {"points": 9}]}
    french = score(JsonClient("fr"), [deal]).json()["deals"][0]["breakdown"]
    spanish = score(JsonClient("es"), [deal], options={"variant": "english"}).json()["deals"][0]["breakdown"]
    assert "Alice a annoncé Pablo avec 4, mais Ben a 4\u00a0: 4 + 10 = 14." in french
    assert "Alice cantó Pablo con 4, y Ben empata: 4 + 5 = 9." in spanish


def test_the_referee_through_the_api(api):
    body = api.post("/api/games/pablo/ruling", {"players": PLAYERS, "situation": {
        "question": "match", "hand": ["5S", "3H", "8C", "5D"], "cards": ["5S", "5D"], "drawn": "4H"}}).json()
    assert body["legal"] is True and body["rule"] == "Pairs, triples and quadruples (French)"
    english = api.post("/api/games/pablo/ruling", {"players": PLAYERS, "options": {"variant": "english"},
                                                   "situation": {"question": "power", "drawn": "QS",
                                                                 "player": "Alice", "target": "Ben",
                                                                 "caller": "Ben"}}).json()
    assert english["legal"] is False and english["rule"] == "Calling Pablo"
    refused = api.post("/api/games/pablo/ruling", {"situation": {"question": "match"}})
    assert refused.status_code == 422 and "situation.cards" in refused.json()["errors"]


def test_the_referee_scores_a_round_through_the_api(api):
    """Seed 004 "Score": "In the event of a tie, the player who called Pablo receives 5 penalty points on top of
    their score" (Alice 4 + 5 = 9), and "if a player scores exactly 50 points, that player's score gets reset to
    0" (Ben 46 + 4 = 50 → 0). The referee's scoring question through the API, as the referee page sends it: a
    field per seat."""
    body = api.post("/api/games/pablo/ruling", {"players": PLAYERS, "options": {"variant": "english"}, "situation": {
        "question": "score", "caller": "Alice", "cards_0": ["AH", "5S"], "points_1": 4, "points_2": 9,
        "points_3": "12", "total_1": 46}})
    assert body.status_code == 200, body.json()
    answer = body.json()
    assert answer["legal"] is None and answer["rule"] == "The end of the game"
    assert answer["explanation"].startswith(
        "This round: Alice 9, Ben 4, Cara 9, Dev 12.\nAlice called Pablo with 4, and Ben ties: 4 + 5 = 9.")
    assert "Ben has exactly 50: back to 0!" in answer["explanation"]


def test_a_round_the_referee_cannot_score_gets_a_message_per_field_through_the_api(api):
    """Seed 001 §1: one 52-card deck, so a card is in one hand; every player's cards or points are needed to know
    who has the fewest; never a 500 for a value that is no number."""
    response = api.post("/api/games/pablo/ruling", {"players": PLAYERS, "situation": {
        "question": "score", "cards_0": "KD 2S", "cards_1": "KD", "points_2": "lots", "points_3": 3,
        "total_3": 100}})
    assert response.status_code == 422
    assert response.json()["errors"] == {
        "situation.caller": "Who called Pablo?",
        "situation.cards_1": "K♦ is also in Alice's hand: there is one of each card.",
        "situation.points_2": "Enter a whole number.",
        "situation.total_3": "Under 100: at 100 the game is over."}
    for junk in ([1], {"a": 1}, None, "5" * 400, -10**30):
        response = api.post("/api/games/pablo/ruling", {"players": PLAYERS, "situation": {
            "question": "score", "caller": "Alice", "cards_0": junk, "points_1": junk, "total_2": junk}})
        assert response.status_code in (200, 422), junk


def test_the_rule_on_who_deals_next_comes_with_the_score_through_the_api(api):
    """As on the referee page: a round scored with who dealt it names the next dealer and cites, besides the
    scoring's rule, the rule on who deals (seed 004: "the loser shuffles and deals": Dev, 12, the most)."""
    answer = api.post("/api/games/pablo/ruling", {"players": PLAYERS, "options": {"variant": "english"}, "situation": {
        "question": "score", "caller": "Alice", "points_0": 2, "points_1": 4, "points_2": 9, "points_3": 12,
        "dealer": "Ben"}}).json()
    assert "Dev lost the round (12) and deals the next one." in answer["explanation"], answer
    assert [rule["rule_key"] for rule in answer["also"]] and all(rule["rule"] for rule in answer["also"])
