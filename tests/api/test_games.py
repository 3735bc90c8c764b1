"""GET /api/games and /api/games/{game}: what each game is and what its deal records and situations hold.
Plus the OpenAPI schema and the docs page."""

from django.utils import translation

from referee.game import all_games
from tests.api.conftest import JsonClient


def by_slug(games):
    return {g["slug"]: g for g in games}


def names(fields):
    return [f["name"] for f in fields]


def test_lists_every_registered_game(api):
    response = api.get("/api/games")
    assert response.status_code == 200
    games = by_slug(response.json())
    assert set(games) == {g.slug for g in all_games()}
    for game in all_games():
        data = games[game.slug]
        assert data["name"] == game.name
        assert data["player_counts"] == list(game.player_counts)
        assert [o["key"] for o in data["options"]] == [o.key for o in game.options]
        # Record fields for each player count a table can be sampled at, and the smallest as the schema.
        assert data["record_fields"], game.slug
        assert set(data["record_fields"]) <= {str(n) for n in game.player_counts}
        assert data["record_schema"] == next(iter(data["record_fields"].values()))
        assert names(data["ruling_fields"]) == [f.name for f in game.ruling_fields]


def test_tarot_record_fields_depend_on_the_player_count(api):
    tarot = api.get("/api/games/tarot").json()
    assert set(tarot["record_fields"]) == {"3", "4", "5"}
    assert tarot["record_schema"] == tarot["record_fields"]["3"]
    # Only at five does the taker call a partner.
    assert "partner" in names(tarot["record_fields"]["5"])
    assert "partner" not in names(tarot["record_fields"]["4"])
    assert "partner" not in names(tarot["record_fields"]["3"])
    fields = {f["name"]: f for f in tarot["record_fields"]["4"]}
    for key in ("taker", "contract", "bouts", "points", "points_side", "poignees", "petit_au_bout", "chelem",
                "void"):
        assert key in fields
    assert [c["value"] for c in fields["contract"]["choices"]] == ["prise", "garde", "garde_sans",
                                                                     "garde_contre"]
    assert fields["bouts"]["minimum"] == 0 and fields["bouts"]["maximum"] == 3
    assert names(fields["poignees"]["fields"]) == ["side", "size"]
    assert all(isinstance(f["label"], str) and f["label"] for f in fields.values())


def test_a_game_entered_card_by_card_lists_its_contracts_fields(api):
    """The plays endpoints take a `contract` "as `play_fields` list it": the game's description lists them (a
    client developer found no such key, and learnt Paublillo's `turned` by trial and error)."""
    paublillo = api.get("/api/games/paublillo").json()
    assert "turned" in names(paublillo["play_fields"]["4"]) and "tricks" not in names(paublillo["play_fields"]["4"])
    assert "called_card" in names(api.get("/api/games/tarot").json()["play_fields"]["5"])
    assert api.get("/api/games/burro").json()["play_fields"] == {}  # no card-by-card entry


def test_tarot_misere_field_comes_with_its_house_rule(api):
    tarot = api.get("/api/games/tarot").json()
    assert "misere" not in names(tarot["record_schema"])
    assert names(tarot["record_fields_by_option"]["misere"]) == ["misere"]
    misere = {o["key"]: o for o in tarot["options"]}["misere"]
    assert misere["default"] is False and misere["house_rule"] is True and misere["kind"] == "bool"


def test_tarot_ruling_fields(api):
    tarot = api.get("/api/games/tarot").json()
    assert {"hand", "trick", "card"} <= set(names(tarot["ruling_fields"]))


def test_a_players_field_taken_in_no_order_says_so(api):
    """Who has passed at Tresillo is some of the players, tapped in any order; who played a trick's cards is not."""
    fields = {f["name"]: f for f in api.get("/api/games/tresillo").json()["ruling_fields"]}
    assert fields["passed"]["kind"] == "players" and fields["passed"]["unordered"] is True
    assert not any(f.get("unordered") for f in api.get("/api/games/tarot").json()["ruling_fields"])


def test_one_game_is_the_same_as_in_the_list(api):
    listed = by_slug(api.get("/api/games").json())
    for slug, data in listed.items():
        response = api.get(f"/api/games/{slug}")
        assert response.status_code == 200
        assert response.json() == data


def test_unknown_game_is_404_with_a_message(api):
    response = api.get("/api/games/whist")
    assert response.status_code == 404
    assert "whist" in response.json()["detail"]


def test_a_made_up_game_is_served_like_the_others(api, countdown):
    """Nothing in the API knows a game: registering one is enough."""
    data = api.get("/api/games/countdown").json()
    assert data["record_fields"] == {"2": data["record_schema"], "3": data["record_schema"]}
    assert names(data["record_schema"]) == ["player", "points"]
    assert "countdown" in by_slug(api.get("/api/games").json())


def test_openapi_schema_documents_the_endpoints(api):
    response = api.get("/api/openapi.json")
    assert response.status_code == 200
    schema = response.json()
    paths = schema["paths"]
    for path in ("/api/games", "/api/games/{game}", "/api/games/{game}/score", "/api/games/{game}/ruling",
                 "/api/tables", "/api/tables/{token}", "/api/tables/{token}/deals",
                 "/api/tables/{token}/deals/{number}", "/api/tables/{token}/undo",
                 "/api/tables/{token}/deals/{number}/restore"):
        assert path in paths, path
    components = schema["components"]["schemas"]
    for name in ("ScoreIn", "ScoreOut", "RulingIn", "RulingOut", "TableIn", "TableOut", "ErrorOut"):
        assert name in components
    assert "/api/games" in components["ScoreIn"]["properties"]["deals"]["description"]
    assert "422" in paths["/api/games/{game}/score"]["post"]["responses"]
    assert "409" in paths["/api/tables/{token}/deals"]["post"]["responses"]


def test_docs_page(api):
    response = api.get("/api/docs")
    assert response.status_code == 200
    assert b"openapi.json" in response.content


def test_labels_speak_the_request_language():
    """Labels come through gettext in the language the request asks for (Accept-Language)."""
    for language in ("es", "fr"):
        taker = JsonClient(language).get("/api/games/tarot").json()["record_schema"][0]
        with translation.override(language):
            assert taker["label"] == translation.gettext("Taker")
    assert JsonClient("en").get("/api/games/tarot").json()["record_schema"][0]["label"] == "Taker"
