"""POST /api/games/{game}/score: the stateless calculator.

The golden case is the FFT rulebook's sheet of five worked deals (RULINGS.md): N −446, S +1346, E −390,
W −510. Bad input answers with one message per field, keyed by its path in the body; never a 500.
"""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cards import full_deck
from referee.game import all_games
from scoring.api_schemas import MAX_DEALS, ScoreOut
from tests.api.conftest import (
    FFT_DEALS,
    FFT_PLAYERS,
    FFT_TOTALS,
    JsonClient,
    assert_answered,
    json_scalars,
    json_values,
    mostly,
    plausible_value,
    record_values,
)

SCORE = "/api/games/tarot/score"


def score(api, deals, players=FFT_PLAYERS, **body):
    return api.post(SCORE, {"players": players, "deals": deals, **body})


# -- the FFT's sheet ------------------------------------------------------------------------------------

def test_the_fft_sheet_of_five_deals(api):
    response = score(api, [record for record, _ in FFT_DEALS])
    assert response.status_code == 200, response.json()
    data = response.json()
    assert data["totals"] == FFT_TOTALS
    assert [d["scores"] for d in data["deals"]] == [scores for _, scores in FFT_DEALS]
    assert data["game_over"] is False and data["winners"] == []
    ScoreOut.model_validate(data)  # the documented shape (the endpoint answers without re-validating)


@pytest.mark.parametrize("index", range(5))
def test_each_fft_deal_alone(api, index):
    record, expected = FFT_DEALS[index]
    deal = score(api, [record]).json()["deals"][0]
    assert deal["scores"] == expected
    assert sum(deal["scores"].values()) == 0  # every deal sums to zero
    assert deal["void"] is False
    assert deal["breakdown"] and all(isinstance(line, str) and line for line in deal["breakdown"])


def test_the_first_deal_reads_as_the_rulebook_says(api):
    """"Garde, 2 bouts, 49 points: 49 − 41 = 8; (25 + 8) × 2 = 66; poignée +20; petit au bout +20 → 106"."""
    lines = " / ".join(score(api, [FFT_DEALS[0][0]]).json()["deals"][0]["breakdown"])
    for part in ("49", "41", "66", "+20", "106"):
        assert part in lines


def test_running_totals_deal_numbers_and_dealers(api):
    data = score(api, [record for record, _ in FFT_DEALS]).json()
    running = {p: 0 for p in FFT_PLAYERS}
    for number, (deal, (_, scores)) in enumerate(zip(data["deals"], FFT_DEALS, strict=True), start=1):
        running = {p: running[p] + scores[p] for p in FFT_PLAYERS}
        assert deal["number"] == number
        assert deal["totals"] == running
    # The deal passes round in the order of play, from the first dealer.
    assert [d["dealer"] for d in data["deals"]] == ["N", "S", "E", "W", "N"]
    assert [d["next_dealer"] for d in data["deals"]] == ["S", "E", "W", "N", "S"]
    assert data["dealer"] == "S"


def test_first_dealer(api):
    data = score(api, [FFT_DEALS[0][0]], first_dealer=2).json()
    assert data["deals"][0]["dealer"] == "E" and data["dealer"] == "W"


def test_a_void_deal_scores_nothing_and_passes_the_deal(api):
    deal = score(api, [{"void": True}]).json()["deals"][0]
    assert deal["void"] is True
    assert deal["scores"] == {p: 0 for p in FFT_PLAYERS}
    assert deal["next_dealer"] == "S"


def test_game_over_and_winners_with_a_number_of_deals(api):
    data = score(api, [record for record, _ in FFT_DEALS[:2]], options={"rounds": 2}).json()
    assert data["game_over"] is True
    assert data["winners"] == ["E"]  # E 318 − 76 = 242, W −106 + 228 = 122
    assert data["deals"][-1]["game_over"] is True
    assert data["state"] == {"deals_scored": 2, "rounds": 2}


def test_five_players_with_a_partner(api):
    players = ["A", "B", "C", "D", "E"]
    record = {"taker": "A", "partner": "C", "contract": "garde", "bouts": 2, "points": 41}
    data = score(api, [record], players=players).json()
    # Garde made by 0: (25 + 0) × 2 = 50 from each defender; the taker wins 2 units, the partner 1.
    assert data["totals"] == {"A": 100, "B": -50, "C": 50, "D": -50, "E": -50}


def test_no_deals_is_an_empty_sheet(api):
    data = score(api, []).json()
    assert data["deals"] == [] and data["totals"] == {p: 0 for p in FFT_PLAYERS}
    assert data["dealer"] == "N"


def test_an_empty_body_means_an_empty_list_of_deals(api):
    response = api.post(SCORE, {"players": FFT_PLAYERS})
    assert response.status_code == 200
    assert response.json()["deals"] == []


def test_many_deals(api):
    records = [record for record, _ in FFT_DEALS] * 200
    data = score(api, records).json()
    assert len(data["deals"]) == 1000
    assert data["totals"] == {p: 200 * v for p, v in FFT_TOTALS.items()}


# -- one message per field ------------------------------------------------------------------------------

def errors_of(response, status=422):
    assert response.status_code == status, response.content
    data = response.json()
    assert data["detail"]
    return data["errors"]


def test_bad_bouts(api):
    errors = errors_of(score(api, [{**FFT_DEALS[0][0], "bouts": 5}]))
    assert list(errors) == ["deals.0.bouts"]
    assert "0, 1, 2 or 3" in errors["deals.0.bouts"]


def test_each_bad_field_has_its_message(api):
    errors = errors_of(score(api, [{"taker": "X", "contract": "garde", "bouts": 2, "points": 92}]))
    assert {"deals.0.taker", "deals.0.points"} <= set(errors)


def test_stops_at_the_first_invalid_deal(api):
    deals = [FFT_DEALS[0][0], {**FFT_DEALS[1][0], "points": "lots"}, {"taker": "nobody"}]
    errors = errors_of(score(api, deals))
    assert list(errors) == ["deals.1.points"]


def test_an_unknown_record_field(api):
    errors = errors_of(score(api, [{**FFT_DEALS[0][0], "trumps": 12}]))
    assert "deals.0.trumps" in errors


def test_partner_only_at_five(api):
    errors = errors_of(score(api, [{**FFT_DEALS[0][0], "partner": "N"}]))
    assert "deals.0.partner" in errors


def test_unknown_game_is_404(api):
    response = api.post("/api/games/whist/score", {"players": FFT_PLAYERS, "deals": []})
    assert response.status_code == 404
    assert "whist" in response.json()["detail"]


@pytest.mark.parametrize("players", [["N", "S"], ["A", "B", "C", "D", "E", "F"], ["N", "S", "n", "W"],
                                     ["N", "", "E", "W"]])
def test_wrong_players(api, players):
    errors = errors_of(score(api, [], players=players))
    assert list(errors) == ["players"]


def test_player_count_message_names_the_counts(api):
    errors = errors_of(score(api, [], players=["N", "S"]))
    assert "3, 4 or 5" in errors["players"]


def test_players_missing_or_not_names(api):
    assert "players" in errors_of(api.post(SCORE, {"deals": []}))
    assert "players.1" in errors_of(api.post(SCORE, {"players": ["N", 7, "E", "W"]}))


def test_options_by_key(api):
    errors = errors_of(score(api, [], options={"rounds": "many", "jokers": True}))
    assert errors == {"options.rounds": errors["options.rounds"], "options.jokers": errors["options.jokers"]}


def test_a_misere_needs_the_house_rule(api):
    errors = errors_of(score(api, [{**FFT_DEALS[3][0], "misere": ["E"]}]))
    assert "deals.0.misere" in errors
    response = score(api, [{**FFT_DEALS[3][0], "misere": ["E"]}], options={"misere": True})
    assert response.status_code == 200, response.json()


def test_first_dealer_out_of_the_table(api):
    assert "first_dealer" in errors_of(score(api, [], first_dealer=4))


def test_not_json(api):
    errors = errors_of(api.post(SCORE, raw=b"{players: [N, S, E, W]"), status=400)
    assert "body" in errors


@pytest.mark.parametrize("raw", [b"NaN", b'{"players": ["N", "S", "E", "W"], "deals": [{"points": NaN}]}',
                                 b'{"players": ["N", "S", "E", "W"], "first_dealer": Infinity}'])
def test_nan_and_infinity_are_not_json(api, raw):
    assert "body" in errors_of(api.post(SCORE, raw=raw), status=400)


def test_not_utf8(api):
    assert errors_of(api.post(SCORE, raw=b'{"players": ["\xff"]}'), status=400)


def test_empty_body(api):
    assert "body" in errors_of(api.post(SCORE, raw=b""))


@pytest.mark.parametrize("body", [[1, 2], "deals", 42, None])
def test_body_not_an_object(api, body):
    assert errors_of(api.post(SCORE, raw=json.dumps(body))) == {"body": "Send a JSON object."}


def test_deals_not_a_list(api):
    errors = errors_of(api.post(SCORE, {"players": FFT_PLAYERS, "deals": {"taker": "E"}}))
    assert list(errors) == ["deals"]


def test_a_record_that_is_a_string(api):
    errors = errors_of(score(api, [FFT_DEALS[0][0], "E garde 49"]))
    assert list(errors) == ["deals.1"]


def test_only_the_first_bad_record_type_is_named(api):
    errors = errors_of(score(api, ["x", 3, None]))
    assert list(errors) == ["deals.0"]


def test_deals_are_capped(api):
    errors = errors_of(score(api, [{"void": True}] * (MAX_DEALS + 1)))
    assert str(MAX_DEALS) in errors["deals"]


def test_a_game_crashing_on_odd_input_is_400_not_500(api, countdown):
    response = api.post("/api/games/countdown/score",
                        {"players": ["A", "B"], "deals": [{"player": "A", "points": 3}, {"crash": "x"}]})
    errors = errors_of(response, status=400)
    assert list(errors) == ["deals.1"]


def test_a_made_up_game_scores_through_the_same_endpoint(api, countdown):
    deals = [{"player": "A", "points": 10}, {"player": "B", "points": 4}, {"player": "A", "points": 6}]
    data = api.post("/api/games/countdown/score", {"players": ["A", "B"], "deals": deals}).json()
    assert data["totals"] == {"A": 16, "B": 4}
    assert data["game_over"] is True and data["winners"] == ["A"]
    assert data["state"] == {"left": 0}
    assert data["deals"][1]["breakdown"] == ["B takes 4."]
    # A deal the state before it makes impossible: its own field, under its index.
    deals.append({"player": "B", "points": 1})
    errors = errors_of(api.post("/api/games/countdown/score", {"players": ["A", "B"], "deals": deals}))
    assert errors == {"deals.3.points": "Only 0 left."}


# -- never a 500 ----------------------------------------------------------------------------------------

def game_bodies(game, describe):
    """Bodies for one game: mostly a proper table with records of the declared fields, plausible values
    (so that scoring runs), sometimes anything in any field."""
    codes = [card.code for card in full_deck(game.deck)]
    tables = st.sampled_from(sorted(int(n) for n in describe["record_fields"])).map(
        lambda n: [f"P{i}" for i in range(1, n + 1)])
    options = st.fixed_dictionaries({}, optional={
        o["key"]: st.sampled_from([o["default"]] + [c["value"] for c in o["choices"]])
        for o in describe["options"]})

    @st.composite
    def plausible(draw):
        names = draw(tables)
        record = record_values(describe["record_fields"][str(len(names))], names, codes)
        return draw(st.fixed_dictionaries({"players": st.just(names), "deals": st.lists(record, max_size=6)},
                                          optional={"options": options,
                                                    "first_dealer": st.integers(0, len(names) - 1)}))

    @st.composite
    def junk(draw):
        names = draw(tables | st.lists(st.text(max_size=6), max_size=6))
        fields = describe["record_fields"].get(str(len(names))) or describe["record_schema"]
        return draw(st.fixed_dictionaries({"players": st.just(names)}, optional={
            "deals": st.lists(mostly(record_values(fields, names, codes), json_values), max_size=4),
            "options": mostly(options, json_values),
            "teams": st.lists(st.lists(st.sampled_from(names) if names else st.text(max_size=3), max_size=4),
                              min_size=2, max_size=3) | json_values,
            "first_dealer": mostly(st.integers(-1, 10), json_scalars),
            "situation": json_values,
        }))

    return mostly(plausible(), junk(), odds=2)


def all_bodies():
    client = JsonClient()
    described = {g["slug"]: g for g in client.get("/api/games").json()}
    per_game = [st.tuples(st.just(g.slug), game_bodies(g, described[g.slug])) for g in all_games()]
    keys = st.sampled_from(["players", "deals", "options", "teams", "first_dealer"])
    anything = st.tuples(st.sampled_from([g.slug for g in all_games()] + ["nope"]),
                         json_values | st.dictionaries(keys, json_values))
    return st.one_of(*per_game, anything)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.deferred(all_bodies))
def test_fuzz_score_never_500(case):
    slug, body = case
    assert_answered(JsonClient().post(f"/api/games/{slug}/score", body))


@settings(max_examples=60, deadline=None)
@given(raw=st.binary(max_size=60) | st.text(max_size=60).map(str.encode))
def test_fuzz_raw_bodies_never_500(raw):
    assert_answered(JsonClient().post(SCORE, raw=raw))


def test_fuzz_cards_in_records(api):
    """Card fields (Tarot's called card at five) with every card of the deck and some that are not."""
    tarot = next(g for g in all_games() if g.slug == "tarot")
    codes = [c.code for c in full_deck(tarot.deck)] + ["ZZ", "", "T22", "1"]
    for code in codes:
        record = {"taker": "A", "partner": "B", "called_card": code, "contract": "garde", "bouts": 2,
                  "points": 41}
        assert_answered(score(api, [record], players=["A", "B", "C", "D", "E"]))


@st.composite
def mutated_fft_records(draw):
    """A worked deal of the rulebook with a field or two changed, dropped or added: deep in validation."""
    record = dict(draw(st.sampled_from([record for record, _ in FFT_DEALS])))
    fields = JsonClient().get("/api/games/tarot").json()["record_fields"]["4"]
    for _ in range(draw(st.integers(1, 2))):
        field = draw(st.sampled_from(fields))
        action = draw(st.sampled_from(["set", "set", "drop"]))
        if action == "drop":
            record.pop(field["name"], None)
        else:
            record[field["name"]] = draw(mostly(plausible_value(field, FFT_PLAYERS, []), json_values, odds=2))
    return record


@settings(max_examples=200, deadline=None)
@given(records=st.lists(mutated_fft_records(), min_size=1, max_size=3))
def test_fuzz_changed_fft_deals_never_500(records):
    response = JsonClient().post(SCORE, {"players": FFT_PLAYERS, "deals": records})
    assert_answered(response)
    if response.status_code == 200:
        assert all(sum(d["scores"].values()) == 0 for d in response.json()["deals"])
