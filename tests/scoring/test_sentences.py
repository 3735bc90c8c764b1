"""A sentence that ends with a player's name ends with one full stop, whatever the name: "dealt by Ana Ma.", not
"Ana Ma.." (found by a tester). The games' own sentences (referee.text.fill: the pages and the API) and the pages'
sentences that a translation may end with a name ({% filter one_stop %}) alike; the name itself is kept as
written."""

from __future__ import annotations

import re
from html import unescape

import pytest

from scoring import services
from scoring.api import Translator

pytestmark = pytest.mark.django_db

NAME = "Ana Ma."  # a name a player typed with an abbreviation's stop


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def page(client, url: str, language: str) -> str:
    response = client.get(url, headers={"Accept-Language": language})
    assert response.status_code == 200
    return text_of(response.content.decode())


@pytest.mark.parametrize(("language", "said"), [("en", "Deal 1, dealt by Ana Ma."), ("es", "Mano 1, da Ana Ma."),
                                                ("fr", "Donne 1, donnée par Ana Ma.")])
def test_a_deal_dealt_by_a_name_that_ends_with_a_stop_says_it_with_one(client, language, said):
    table = services.create_table(game="ombre", players=[NAME, "Bea", "Carl", "Dan"], first_dealer=0)
    services.record_deal(table, {"hombre": "Bea", "taken_in": 3, "tricks": {"Bea": 5, "Carl": 2, "Dan": 2}})
    deal = page(client, f"/t/{table.view_token}/deal/1/", language)
    assert f"{said} " in deal and "Ma.." not in deal
    stored = table.deals.get(number=1).outcome["breakdown"][0]
    from django.utils import translation

    with translation.override(language):
        assert Translator()(stored) == services.translate(stored) == said  # the API says it as the page does


def test_the_pages_own_sentences_end_with_one_stop_after_such_a_name_too(client):
    pablo = services.create_table(game="pablo", players=["Bea", "Carl", "Dani", NAME], first_dealer=2)
    assert "reparte Dani, empieza Ana Ma. " in page(client, f"/t/{pablo.edit_token}/", "es")

    toruro = services.create_table(game="toruro", players=["Bea", "Carl", "Dani", "Eva", NAME], first_dealer=3)
    assert "In the order they speak, from Ana Ma. Nobody" in page(client, f"/t/{toruro.edit_token}/", "en")

    tarot = services.create_table(game="tarot", players=["Bea", "Carl", "Dani", NAME])
    referee = page(client, f"/referee/tarot/?table={tarot.view_token}", "fr")
    assert "Bea, Carl, Dani, Ana Ma. " in referee
    for said in (page(client, f"/t/{pablo.edit_token}/", "es"), page(client, f"/t/{toruro.edit_token}/", "en"),
                 referee):
        assert "Ma.." not in said


def test_the_players_page_s_sentences_end_with_one_stop_after_such_a_name(client):
    """The confirmation of a player joining a game under way ("From zero…: N, S, E, W, Ana Ma. W deals first.")
    and the message once done end a list of names with one stop (found by a tester: "Zoé L.. Carla deals
    first")."""
    from scoring.models import Deal

    tarot = services.create_table(game="tarot", players=["N", "S", "E", "W"])
    services.record_deal(tarot, {"taker": "N", "contract": "garde", "bouts": 2, "points": 45})
    sent = {"action": "join", "join-name": NAME, "join-after": "3", "join-players": '["N", "S", "E", "W"]'}
    confirm = text_of(client.post(f"/t/{tarot.edit_token}/players/", sent).content.decode())
    assert "From zero, with the same options and stake: N, S, E, W, Ana Ma. S deals first." in confirm
    response = client.post(f"/t/{tarot.edit_token}/players/", {**sent, "join-confirm": "1"}, follow=True)
    said = text_of(response.content.decode())
    assert "a new game starts with N, S, E, W, Ana Ma. " in said and "Ma.." not in said + confirm
    assert Deal.objects.filter(table__closed=True).count() == 1
