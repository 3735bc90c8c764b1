"""Every registered game's pages, over HTTP (Django's test client re-raises whatever a view lets out, so a 500
fails here): a table at each size with its example deals recorded, every page of it, the record form posted
empty and with weird values in every field (a message beside a field, never a 500, nothing lost), the rules and
referee pages, the start form, and the API's score endpoint with the examples. A new game is tested here
without editing a list."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from referee.game import Game, all_games
from scoring import services
from scoring.models import Table

GAMES = all_games()
WEIRD = ["", "-1", "99999999999999999999999999", "1e400", "NaN", "½", "Ünïcødé ☃", "\x00", "A" * 3000]


def tables_with_deals(game: Game[Any, Any, Any]) -> list[Table]:
    tables = []
    for count in game.player_counts:
        players = [f"Player {i}" for i in range(1, count + 1)]
        table = services.create_table(game=game.slug, players=players)
        for raw in game.example_records(services.table_spec(table)):
            services.record_deal(table, raw)
        tables.append(table)
    return tables


@pytest.fixture(params=GAMES, ids=[g.slug for g in GAMES])
def game(request) -> Game[Any, Any, Any]:
    return request.param


@pytest.mark.django_db
def test_every_page_of_a_table_answers_at_every_size(client: Client, game):
    for table in tables_with_deals(game):
        deals = table.deals.count()
        assert deals > 0
        for token in (table.edit_token, table.view_token):
            for path in ("", "live/", "chart.svg", "deal/1/", "history/", "share/", "settle/"):
                response = client.get(f"/t/{token}/{path}")
                assert response.status_code == 200, (game.slug, path, response.status_code)
        response = client.get(f"/t/{table.edit_token}/deal/1/edit/")
        assert response.status_code == 200
        response = client.get(f"/api/tables/{table.view_token}")
        assert response.status_code == 200 and response.json()["deal_count"] == deals


@pytest.mark.django_db
def test_the_record_form_refuses_weird_input_beside_a_field_and_loses_nothing(client: Client, game):
    table = tables_with_deals(game)[0]
    before = table.deals.count()
    names = [f.name for f in game.record_fields(services.table_spec(table))]
    for weird in WEIRD:
        for name in names:
            response = client.post(f"/t/{table.edit_token}/deal/", {name: weird, f"{name}__0__player": weird})
            assert response.status_code in (200, 302, 400, 409), (game.slug, name, weird, response.status_code)
    response = client.post(f"/t/{table.edit_token}/deal/", {})
    assert response.status_code in (200, 400, 409)
    html = response.content.decode()
    assert "field-error" in html or "form-errors" in html or "alert" in html, game.slug
    assert table.deals.filter(withdrawn=False).count() >= before  # weird posts never undo what was recorded


@pytest.mark.django_db
def test_rules_referee_and_start_pages_answer(client: Client, game):
    for path in (f"/rules/{game.slug}/", f"/referee/{game.slug}/", f"/new/{game.slug}/"):
        assert client.get(path).status_code == 200, path
    for language in ("es", "fr"):
        response = client.get(f"/rules/{game.slug}/", HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200


@pytest.mark.django_db
def test_the_score_api_answers_each_example_deal(client: Client, game):
    for count in game.player_counts:
        players = [f"Player {i}" for i in range(1, count + 1)]
        records = list(game.example_records(game.table(players)))
        response = client.post(f"/api/games/{game.slug}/score", json.dumps({"players": players, "deals": records}),
                               content_type="application/json")
        assert response.status_code == 200, (count, response.content[:500])
        assert len(response.json()["deals"]) == len(records)
