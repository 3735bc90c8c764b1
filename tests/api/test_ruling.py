"""POST /api/games/{game}/ruling: a situation in, the referee's ruling out, citing the rule.

Tarot cards are codes: trumps T1–T21, the Excuse EX, suit cards rank + suit (KH, 7S, CD a Knight).
"""

import pytest
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cards import full_deck
from referee.game import all_games
from tests.api.conftest import JsonClient, assert_answered, json_values, mostly, record_values

RULING = "/api/games/tarot/ruling"
TABLE = ["N", "E", "S", "W"]


def rule(api, situation, players=TABLE, **body):
    if players is not None:
        body["players"] = players
    return api.post(RULING, {"situation": situation, **body})


def test_following_suit_is_legal(api):
    """"Follow the suit that was led if you can." ♥ led, the King of ♥ played."""
    response = rule(api, {"hand": ["KH", "2H", "T5", "EX"], "trick": ["7H"], "card": "KH"})
    assert response.status_code == 200
    ruling = response.json()
    assert ruling["legal"] is True
    assert ruling["rule"] == "Follow suit"
    assert "King of hearts: may be played" in ruling["explanation"]
    assert ruling["legal_cards"] == ["KH", "2H", "EX"]
    assert ruling["winner"] is None


def test_trumping_while_holding_the_suit_led_is_illegal(api):
    ruling = rule(api, {"hand": ["KH", "2H", "T5", "EX"], "trick": ["7H"], "card": "T5"}).json()
    assert ruling["legal"] is False
    assert ruling["rule"] == "Follow suit"
    assert "T5" not in ruling["legal_cards"]
    assert "must follow suit" in ruling["reasons"]["T5"]


def test_pisser_a_lower_trump_when_void(api):
    """"If you cannot [follow], you must play a trump ... and play a lower trump when you cannot (pisser)."""
    ruling = rule(api, {"hand": ["KH", "T5"], "trick": ["7S", "T8"], "card": "T5"}).json()
    assert ruling["legal"] is True
    assert ruling["legal_cards"] == ["T5"]
    assert ruling["rule"].startswith("Pisser")


def test_without_a_card_every_legal_card_is_listed(api):
    ruling = rule(api, {"hand": ["KH", "2H", "T5", "EX"], "trick": ["7H"]}).json()
    assert ruling["legal_cards"] == ["KH", "2H", "EX"]
    assert set(ruling["reasons"]) == {"KH", "2H", "T5", "EX"}


def test_the_winner_of_a_trick_by_player(api):
    """"The highest trump takes the trick." The Petit (T1) does not beat the 3."""
    trick = [{"player": "N", "card": "7H"}, {"player": "E", "card": "T3"}, {"player": "S", "card": "KH"},
             {"player": "W", "card": "T1"}]
    ruling = rule(api, {"trick": trick}).json()
    assert ruling["winner"] == "E"
    assert ruling["legal"] is None
    assert ruling["rule"] == "Who wins the trick"


def test_the_winner_of_a_trick_from_who_led(api):
    # S led: S 7H, W T3, N KH, E T1.
    assert rule(api, {"trick": ["7H", "T3", "KH", "T1"], "leader": "S"}).json()["winner"] == "W"


def test_the_winner_of_a_trick_as_a_card(api):
    """Without players named, the winning card."""
    assert rule(api, {"trick": ["7H", "2H", "KH"]}, players=None).json()["winner"] == "KH"


def test_players_default_to_the_smallest_table(api):
    response = rule(api, {"hand": ["KH", "T5"], "trick": ["7S"], "card": "KH"}, players=None)
    assert response.status_code == 200
    assert response.json()["legal"] is False


def test_cards_may_be_a_string(api):
    assert rule(api, {"hand": "KH 2H", "trick": "7H", "card": "2H"}).json()["legal"] is True


def test_the_ruling_speaks_the_request_language():
    body = {"players": TABLE, "situation": {"hand": ["KH", "T5"], "trick": ["7H"], "card": "T5"}}
    ruling = JsonClient("es").post(RULING, body).json()
    with translation.override("es"):
        assert ruling["rule"] == translation.gettext("Follow suit")


# -- one message per field ------------------------------------------------------------------------------

def errors_of(response, status=422):
    assert response.status_code == status, response.content
    assert response.json()["detail"]
    return response.json()["errors"]


def test_a_card_that_is_not_a_tarot_card(api):
    errors = errors_of(rule(api, {"hand": ["KH"], "card": "QQ"}))
    assert list(errors) == ["situation.card"]
    assert "QQ" in errors["situation.card"]


def test_a_bad_card_in_the_trick(api):
    assert "situation.trick" in errors_of(rule(api, {"trick": ["7X"]}))


def test_situation_is_required_and_an_object(api):
    assert list(errors_of(api.post(RULING, {"players": TABLE}))) == ["situation"]
    assert list(errors_of(rule(api, "KH on 7H"))) == ["situation"]


def test_wrong_players(api):
    assert list(errors_of(rule(api, {"trick": ["7H"]}, players=["N", "E"]))) == ["players"]


def test_unknown_option(api):
    assert "options.jokers" in errors_of(rule(api, {"trick": ["7H"]}, options={"jokers": True}))


def test_unknown_game(api):
    response = api.post("/api/games/whist/ruling", {"situation": {}})
    assert response.status_code == 404


def test_not_json(api):
    assert "body" in errors_of(api.post(RULING, raw=b"{'situation': {}}"), status=400)


def test_a_game_crashing_on_odd_input_is_400(api, countdown):
    response = api.post("/api/games/countdown/ruling", {"situation": {"card": ["K", "H"]}})
    assert list(errors_of(response, status=400)) == ["situation"]
    ruling = api.post("/api/games/countdown/ruling", {"situation": {"card": "kh"}}).json()
    assert ruling == {"legal": None, "rule": "No rule", "explanation": "Card KH.", "legal_cards": [],
                      "reasons": {}, "winner": None}


@pytest.mark.parametrize("game", [g.slug for g in all_games()])
def test_every_game_answers_an_empty_situation_with_a_message(api, game):
    response = api.post(f"/api/games/{game}/ruling", {"situation": {}})
    assert_answered(response)


# -- never a 500 ----------------------------------------------------------------------------------------

def situations():
    described = {g["slug"]: g for g in JsonClient().get("/api/games").json()}
    cases = []
    for game in all_games():
        data = described[game.slug]
        codes = [card.code for card in full_deck(game.deck)]
        counts = sorted(int(n) for n in data["record_fields"]) or list(game.player_counts)
        tables = st.sampled_from(counts).map(lambda n: [f"P{i}" for i in range(1, n + 1)])
        cases.append(st.tuples(st.just(game.slug), tables.flatmap(
            lambda names, fields=data["ruling_fields"], codes=codes: st.fixed_dictionaries(
                {"players": st.just(names),
                 "situation": mostly(record_values(fields, names, codes), json_values)}))))
    junk = st.tuples(st.sampled_from([g.slug for g in all_games()]),
                     json_values | st.dictionaries(st.sampled_from(["players", "options", "situation"]),
                                                   json_values))
    return st.one_of(*cases, junk)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.deferred(situations))
def test_fuzz_ruling_never_500(case):
    slug, body = case
    assert_answered(JsonClient().post(f"/api/games/{slug}/ruling", body))
