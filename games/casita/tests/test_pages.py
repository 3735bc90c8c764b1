"""Casita Robada's pages: starting a table with its options, the table page (the match beside the standings),
recording deals through its phone form (a box per player, one left blank), refusals beside the counts, the form
closed once the match is over, editing a deal, the house rules shown, the rules page, the referee and the demo."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.casita.demo import DEMO_TABLES
from games.casita.rules import GAME
from scoring import services
from scoring.management.commands.load_demo import Command
from scoring.models import Table

PLAYERS = ["Ana", "Bea", "Carl"]


@pytest.fixture
def casita3(db) -> Table:
    return services.create_table(game="casita", players=PLAYERS, options={"target": 2})


def page(client, table: Table) -> str:
    response = client.get(f"/t/{table.edit_token}/")
    assert response.status_code == 200
    return response.content.decode()


def counts(*values: Any) -> dict[str, Any]:
    """The record form's inputs: a hidden name and a count box per seat."""
    data: dict[str, Any] = {}
    for seat, (name, value) in enumerate(zip(PLAYERS, values, strict=True)):
        data[f"captured__{seat}__player"] = name
        data[f"captured__{seat}__cards"] = value
    return data


def post(client, table: Table, **data: Any):
    return client.post(f"/t/{table.edit_token}/deal/", {"deal_number": services.next_number(table), **data})


def field(html: str, element_id: str) -> str:
    """The markup of the element with ``element_id`` up to the next count row or the end of the fieldset."""
    start = html.index(f'id="{element_id}"')
    ends = [i for i in (html.find('class="count-row', start + 1), html.find("</fieldset>", start)) if i > 0]
    return html[start:min(ends)]


def test_a_new_table_with_a_deck_and_a_match(client, db):
    data = {"player_0": "Ana", "player_1": "Bea", "first_dealer": "0", "currency": "EUR", "stake": "0.50",
            "opt_deck": "french52", "opt_match": "first_to", "opt_target": "3", "opt_several_piles": "one",
            "opt_no_capture": "void"}
    response = client.post("/new/casita/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    table = Table.objects.get()
    assert table.options == {"deck": "french52", "match": "first_to", "target": 3, "several_piles": "one",
                             "no_capture": "void"}
    html = client.get(response["Location"]).content.decode()
    assert "First to 3 deals won wins the match." in html and "52-card deck" in html
    assert 'max="52"' in html and "House rules:" not in html


def test_a_changed_house_rule_is_shown_on_the_table(client, db):
    table = services.create_table(game="casita", players=PLAYERS, options={"several_piles": "all"})
    html = page(client, table)
    assert "House rules:" in html and "Steal all of them" in html


def test_the_form_is_a_box_per_player_in_the_order_of_play(client, casita3):
    html = page(client, casita3)
    assert "The scores are deals won. A match of 2 deals, won by the most deals won: 0 played, 2 to go." in html
    for seat, name in enumerate(PLAYERS):
        assert f'<input type="hidden" name="captured__{seat}__player" value="{name}">' in html
        assert f'name="captured__{seat}__cards" id="id_captured__{seat}__cards"' in html
    assert html.index('for="id_captured__0__cards">Ana<') < html.index('for="id_captured__2__cards">Carl<')
    assert 'src="/static/casita/record.min.js"' in html


def test_recording_a_deal_with_the_last_count_left_blank(client, casita3):
    response = post(client, casita3, **counts("22", "10", ""))
    assert response.status_code == 302
    deal = casita3.deals.get()
    assert deal.record["captured"][2] == {"player": {"seat": 2, "name": "Carl"}, "cards": 8}
    html = page(client, casita3)
    assert "Ana 22 · Bea 10 · Carl 8: 40 cards" in html
    assert "1 played, the last one to go." in html


def test_counts_off_the_deck_are_refused_beside_the_counts_and_kept(client, casita3):
    response = post(client, casita3, **counts("12", "14", "12"))
    assert response.status_code == 200
    html = response.content.decode()
    box = field(html, "field-captured")
    assert "These counts add up to 38: 2 fewer than the 40 cards of the deck." in box
    assert 'value="14"' in html and casita3.deals.count() == 0


def test_a_bad_count_is_refused_beside_its_box(client, casita3):
    response = post(client, casita3, **counts("20", "1", "19"))
    html = response.content.decode()
    row = field(html, "id_captured__1__cards")
    assert "Bea cannot have exactly 1 card" in row and 'aria-invalid="true"' in row
    assert "cannot have exactly" not in field(html, "id_captured__0__cards")
    response = post(client, casita3, **counts("20", "", ""))
    html = response.content.decode()
    assert "Only one count may be left blank." in field(html, "id_captured__1__cards")
    assert "Only one count may be left blank." in field(html, "id_captured__2__cards")


def test_a_misdeal_is_a_void_deal(client, casita3):
    response = post(client, casita3, void="on", **counts("", "", ""))
    assert response.status_code == 302
    assert casita3.deals.get().record == {"void": True}
    assert "Void deal: nobody wins it" in page(client, casita3)


def test_once_the_match_is_over_the_form_is_closed_and_a_deal_refused(client, casita3):
    post(client, casita3, **counts("22", "10", "8"))
    post(client, casita3, **counts("30", "6", "4"))  # Ana 2 of 2 deals: the match is over
    html = page(client, casita3)
    assert 'id="game-over"' in html and 'id="rematch"' in html
    assert 'name="captured__0__cards"' not in html
    response = post(client, casita3, **counts("22", "10", "8"))
    assert "The match is over: Ana won it." in response.content.decode()
    assert casita3.deals.count() == 2


def test_editing_a_deal_shows_its_counts_and_recomputes(client, casita3):
    post(client, casita3, **counts("22", "10", "8"))
    edit = client.get(f"/t/{casita3.edit_token}/deal/1/edit/")
    html = edit.content.decode()
    assert 'value="22"' in html and 'value="10"' in html and 'value="8"' in html
    response = client.post(f"/t/{casita3.edit_token}/deal/1/edit/", counts("10", "22", ""))
    assert response.status_code == 302
    assert services.standings(casita3).totals == {"Ana": 0, "Bea": 1, "Carl": 0}


def test_the_deal_page_reads_the_counts(client, casita3):
    post(client, casita3, **counts("22", "10", "8"))
    html = client.get(f"/t/{casita3.view_token}/deal/1/").content.decode()
    assert "Ana, 22; Bea, 10; Carl, 8" in html


def test_the_rules_page_in_three_languages(client, db):
    english = client.get("/rules/casita/").content.decode()
    assert "Stealing a pile" in english and 'id="stealing"' in english
    spanish = client.get("/rules/casita/", headers={"Accept-Language": "es"}).content.decode()
    assert "Robar una pila" in spanish
    french = client.get("/rules/casita/", headers={"Accept-Language": "fr"}).content.decode()
    assert "Voler un tas" in french


def test_the_referee_page_answers_from_a_table(client, casita3):
    response = client.get("/referee/casita/", {"ask": "1", "table": casita3.view_token, "question": "centre",
                                               "card": "5O", "centre": "5C 7E", "piles": "5E"})
    answer = response.context["answer"]
    assert answer["legal"] is False and answer["rule"] == "Stealing a pile"
    assert 'id="verdict">NOT LEGAL</p>' in response.content.decode()


def test_the_referee_in_french_names_the_piles_a_card_steals(client, casita3):
    """French contracts "de le tas" to "du tas", and the cards are named, not coded."""
    piles = json.dumps([{"player": "Bea", "top": "7E"}, {"player": "Carl", "top": "7B"}])
    response = client.get("/referee/casita/", {"ask": "1", "table": casita3.view_token, "question": "steal",
                                               "card": "7O", "piles": piles}, HTTP_ACCEPT_LANGUAGE="fr")
    assert response.context["answer"]["explanation"].startswith(
        "Oui. 7 de deniers (oros) a le rang du dessus de plusieurs tas (tas de Bea et tas de Carl)\u00a0: vous volez "
        "l’un de ces tas")
    one = client.get("/referee/casita/", {"ask": "1", "table": casita3.view_token, "question": "steal",
                                          "card": "7O", "piles": json.dumps([{"player": "Bea", "top": "7E"}])},
                     HTTP_ACCEPT_LANGUAGE="fr")
    assert "a le rang du dessus du tas de Bea\u00a0: vous volez ce tas entier" in one.context["answer"]["explanation"]


def test_settle_up_by_the_difference_in_deals_won(client, casita3):
    """A match of two deals: Ana wins both, Bea ties her for the second; Ana 2, Bea 1, Carl 0 deals won. At 0.50
    a deal won Bea pays Ana 1 × 0.50 and Carl 2 × 0.50 = 1.00; at a fixed stake each pays 0.50."""
    post(client, casita3, **counts("22", "10", "8"))
    post(client, casita3, **counts("16", "16", "8"))
    assert services.standings(casita3).totals == {"Ana": 2, "Bea": 1, "Carl": 0}
    response = client.get(f"/t/{casita3.view_token}/settle/", {"stake": "0.50", "currency": "EUR",
                                                               "per_point": "yes"})
    assert response.context["result"]["transfers"] == [("Bea", "Ana", 50), ("Carl", "Ana", 100)]
    fixed = client.get(f"/t/{casita3.view_token}/settle/", {"stake": "0.50", "currency": "EUR", "per_point": "no"})
    assert fixed.context["result"]["transfers"] == [("Bea", "Ana", 50), ("Carl", "Ana", 50)]
    assert "Stake per deal won" in response.content.decode()
    assert "0.50 EUR per losing player" in fixed.content.decode()


def test_the_demo_table_loads(db):
    """``load_demo`` records it like any other table: Lucía 2, Mateo 2, Sofía 0, first to 3, not over."""
    table = Command().create(GAME, DEMO_TABLES[0])
    now = services.standings(table)
    assert table.name == "Demo — Casita Robada" and table.stake_minor == 100
    assert now.totals == {"Lucía": 2, "Mateo": 2, "Sofía": 0} and not now.game_over and now.deal_count == 4
    assert now.dealer == "Mateo"  # the four deals (the misdeal too) were dealt by Lucía, Mateo, Sofía, Lucía



def test_the_record_page_of_its_own(client, casita3):
    html = client.get(f"/t/{casita3.edit_token}/deal/").content.decode()
    assert 'name="captured__1__cards"' in html and 'data-deck="40"' in html


def test_the_forms_live_messages_are_in_the_readers_language(client, casita3):
    html = client.get(f"/t/{casita3.edit_token}/", headers={"Accept-Language": "fr"}).content.decode()
    assert 'data-msg-rest="%(name)s a le reste : %(n)s."' in html
    assert "Cartes prises" in html and "Les scores sont les donnes gagnées." in html
    assert ('data-msg-one="%(name)s ne peut pas avoir exactement 1 carte\u00a0: chaque prise en emporte au '
            'moins deux, la carte jouée et une carte égale."') in html
    assert "Maldonne\u00a0?" in html  # French typography: a no-break space before : ? ! ;, as in every game
    spanish = client.get(f"/t/{casita3.edit_token}/", headers={"Accept-Language": "es"}).content.decode()
    assert 'data-msg-short="%(sum)s de %(deck)s cartas: %(n)s por contar."' in spanish
