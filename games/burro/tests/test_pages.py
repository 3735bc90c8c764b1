"""Burro's pages: starting a table (the variants), the table page (letters as letters, the fewest first, the
variant and the deal, the decider), recording hands through its phone form (refusals beside the field), the
rules page in three languages and settling up by rank."""

from __future__ import annotations

import re
from typing import Any

import pytest

from scoring import services
from scoring.models import Table

PLAYERS = ["Ana", "Bea", "Carl"]


@pytest.fixture
def burro(db) -> Table:
    return services.create_table(game="burro", players=PLAYERS)


def hands(table: Table, *losers: str) -> None:
    for loser in losers:
        services.record_deal(table, {"loser": loser})


def page(client, table: Table, language: str = "en") -> str:
    response = client.get(f"/t/{table.edit_token}/", headers={"Accept-Language": language})
    assert response.status_code == 200
    return response.content.decode()


def between(html: str, start: str, end: str) -> str:
    begin = html.index(start)
    return html[begin:html.index(end, begin)]


def standings(html: str) -> list[tuple[str, str]]:
    """(name, letters) from the standings, best first."""
    rows = re.findall(r'<td class="name">\s*([^<\s][^<]*?)\s*(?:<span[^>]*>[^<]*</span>)?\s*</td>\s*'
                      r'<td class="score[^"]*">([^<]*)</td>', html)
    return [(name.strip(), letters) for name, letters in rows]


def post(client, table: Table, **data: Any):
    return client.post(f"/t/{table.edit_token}/deal/", {"deal_number": services.next_number(table), **data})


# -- starting a table -----------------------------------------------------------------------------------------

def test_new_table_offers_the_variants_and_burro_em_pe(client, db):
    html = client.get("/new/burro/").content.decode()
    for label in ("Spanish, 48 cards: deal 4, draw until you can follow",
                  "Spanish, 40 cards: deal 4, draw until you can follow",
                  "Portuguese, 40 cards: deal 5, you may keep drawing",
                  "Burro em pé (Portuguese): the stock stands in two piles"):
        assert label in html
    data = {"player_0": "Ana", "player_1": "Bea", "first_dealer": "0", "stake": "0", "currency": "EUR",
            "opt_variant": "portuguese", "opt_em_pe": "on"}
    response = client.post("/new/burro/", data)
    assert response.status_code == 302
    table = Table.objects.get()
    assert services.table_spec(table).options.em_pe is True


def test_the_house_rule_is_shown_on_the_table_page(client, db):
    table = services.create_table(game="burro", players=PLAYERS,
                                  options={"variant": "portuguese", "draw_at_will": True})
    html = page(client, table)
    assert "House rules:" in html and "Portuguese: a player may draw even while holding the suit led" in html
    assert "Portuguese, 40 cards: deal 5, you may keep drawing" in html
    assert "Next hand: 5 cards each; 25 stay in the stock." in html  # 40 − 3 × 5


def test_burro_em_pe_with_the_spanish_game_is_refused_beside_the_option(client, db):
    data = {"player_0": "Ana", "player_1": "Bea", "first_dealer": "0", "stake": "0", "currency": "EUR",
            "opt_variant": "spanish48", "opt_em_pe": "on"}
    response = client.post("/new/burro/", data)
    assert response.status_code == 200
    html = response.content.decode()
    field = between(html, 'id="field-opt_em_pe"', 'class="form-text"')
    assert ('id="id_opt_em_pe_error">Burro em pé is a Portuguese game: choose the Portuguese variant for '
            'it.</div>') in field
    assert not Table.objects.exists()


# -- the table page -------------------------------------------------------------------------------------------

def test_the_table_page_shows_letters_fewest_first_and_the_deal(client, burro):
    hands(burro, "Bea", "Bea", "Carl", "Bea")
    html = page(client, burro)
    assert standings(html) == [("Ana", "—"), ("Carl", "B"), ("Bea", "B-U-R")]
    state = between(html, 'id="burro-state"', "</div>\n")
    assert "Spanish, 48 cards: deal 4, draw until you can follow" in state
    # 48 − 3 × 4 = 36 cards stay in the stock.
    assert "Next hand: 4 cards each; 36 stay in the stock." in state
    # Four hands dealt by Ana, Bea, Carl, Ana: Bea deals the fifth, Carl leads.
    assert re.search(r"Bea\s*<span class=\"next\">deals next</span>", html)
    assert re.search(r"Carl\s*<span class=\"next\">leads next</span>", html)
    assert "Bea was left holding cards and takes a letter, now B-U-R." in html


def test_the_table_page_speaks_spanish_and_french(client, burro):
    hands(burro, "Bea")
    spanish = page(client, burro, "es")
    assert "Bea se quedó con cartas y se lleva una letra; ya lleva B." in spanish
    assert "¿Quién se quedó con cartas?" in spanish
    french = page(client, burro, "fr")
    assert "Qui a encore des cartes en main\u00a0?" in french


def test_recording_a_hand_is_one_tap_and_save(client, burro):
    response = post(client, burro, loser="Carl")
    assert response.status_code == 302
    assert services.standings(burro).totals == {"Ana": 0, "Bea": 0, "Carl": 1}
    html = page(client, burro)
    loser = between(html, 'id="field-loser"', "</fieldset>")
    assert [value for value in re.findall(r'name="loser" value="([^"]*)"', loser)] == PLAYERS


def test_a_hand_without_a_loser_is_refused_beside_the_field(client, burro):
    response = post(client, burro)
    assert response.status_code == 200
    field = between(response.content.decode(), 'id="field-loser"', "</fieldset>")
    assert re.findall(r'class="[^"]*field-error[^"]*" id="id_loser_error">([^<]*)</div>', field) == [
        "Who was left holding cards? Tap their name."]
    assert 'role="radiogroup" aria-labelledby="loser-question">' in field
    # Each button says it is wrong and why, as a text box does (a screen reader on a button never reads the group's).
    buttons = re.findall(r'<input [^>]*name="loser"[^>]*>', field)
    assert len(buttons) == 3 and all('aria-invalid="true" aria-describedby="id_loser_error"' in b for b in buttons)
    assert not burro.deals.exists()
    spanish = client.post(f"/t/{burro.edit_token}/deal/", {"deal_number": 1}, headers={"Accept-Language": "es"})
    assert "¿Quién se quedó con cartas? Toca su nombre." in between(spanish.content.decode(), 'id="field-loser"',
                                                                   "</fieldset>")


def test_a_misdeal_is_recorded_without_a_loser(client, burro):
    assert post(client, burro, void="on").status_code == 302
    deal = burro.deals.get()
    assert deal.outcome["void"] is True
    response = post(client, burro, void="on", loser="Ana")
    field = between(response.content.decode(), 'id="field-loser"', "</fieldset>")
    assert "A misdeal has no loser: leave it empty, or untick the misdeal." in field


def test_a_tie_that_may_play_a_decider_can_also_be_rematched(client, burro):
    """RULINGS.md: tied winners share the win or play a decider. A table that shares it goes on to its rematch
    (a tester found the Rematch button only after a decider was recorded)."""
    hands(burro, *["Ana"] * 5)
    html = page(client, burro)
    assert "Winners: Bea, Carl" in html and 'id="field-loser"' in html  # the decider may still be recorded
    assert f'action="/t/{burro.edit_token}/rematch/"' in html


def test_the_decider_offers_only_the_tied_players(client, burro):
    hands(burro, *["Ana"] * 5)
    html = page(client, burro)
    assert 'id="game-over"' in html and "Winners: Bea, Carl" in html
    assert "Bea and Carl are tied for the fewest letters." in between(html, 'id="burro-tie"', "</div>")
    assert "Decider: 4 cards each to Bea and Carl; 40 stay in the stock." in html  # 48 − 2 × 4
    loser = between(html, 'id="field-loser"', "</fieldset>")
    assert '<legend class="form-label mb-1" id="loser-question">Who lost the decider?</legend>' in loser
    assert 'role="radiogroup" aria-labelledby="loser-question"' in loser  # the buttons are named by the legend
    assert re.findall(r'name="loser" value="([^"]*)"', loser) == ["Bea", "Carl"]
    # Ana was not tied: posting her anyway is refused beside the field, citing the decider rule.
    response = post(client, burro, loser="Ana")
    field = between(response.content.decode(), 'id="field-loser"', "</fieldset>")
    assert "Only Bea and Carl play the decider: Ana was not tied for the fewest letters." in field
    assert post(client, burro, loser="Carl").status_code == 302
    html = page(client, burro)
    assert "Winner: Bea" in html
    assert 'id="rematch"' in html and '<form id="record"' not in html


def test_once_the_game_is_won_there_is_nothing_to_record(client, burro):
    hands(burro, "Carl", *["Bea"] * 5)
    html = page(client, burro)
    assert "Winner: Ana" in html
    assert 'id="rematch"' in html  # the form gives way to the rematch, as in every game
    assert '<form id="record"' not in html and 'id="burro-turn"' not in html
    assert "Ana wins with the fewest letters (no letter)." in html


def test_editing_a_hand_offers_every_player(client, burro):
    hands(burro, "Bea")
    html = client.get(f"/t/{burro.edit_token}/deal/1/edit/").content.decode()
    loser = between(html, 'id="field-loser"', "</fieldset>")
    assert re.findall(r'name="loser" value="([^"]*)"', loser) == PLAYERS
    assert re.search(r'value="Bea"[^>]*checked', loser)


# -- the rules page, the referee, settling up ---------------------------------------------------------------------

def test_correcting_an_earlier_hand_with_a_misdeal_after_the_tie(burro):
    """Ana spells BURRO in hands 1-5, Bea and Carl tie with no letter, and hand 6 is a misdeal. Hand 1 was in fact
    lost by Bea: the correction is accepted (the misdeal is no decider), and the game is not over any more."""
    hands(burro, *["Ana"] * 5)
    services.record_deal(burro, {"void": True})
    services.edit_deal(burro.deals.get(number=1), {"loser": "Bea"})
    assert burro.deals.get(number=6).record == {"loser": None, "decider": False, "void": True}
    now = services.standings(burro)
    assert now.totals == {"Ana": 4, "Bea": 1, "Carl": 0} and not now.game_over


def test_a_correction_that_would_tie_other_players_than_the_decider_was_played_between_is_refused(db):
    """RULINGS.md: only the players tied for the fewest letters play the decider. Ana takes hand 1, Dani spells
    BURRO in hands 2-6, and Bea and Carl, tied with no letter, play the decider, which Carl loses: Bea wins. Hand 1
    "was in fact lost by Bea" would leave Ana and Carl tied: not the decider that was played, so the correction
    is refused, naming it, and nothing changes."""
    table = services.create_table(game="burro", players=["Ana", "Bea", "Carl", "Dani"])
    hands(table, "Ana", *["Dani"] * 5, "Carl")
    decider = table.deals.get(number=7).record
    assert decider["decider"] is True and [s["name"] for s in decider["between"]] == ["Bea", "Carl"]
    with pytest.raises(services.ChangeRefused) as refused:
        services.edit_deal(table.deals.get(number=1), {"loser": "Bea"})
    assert "This decider was played between Bea and Carl, but the letters now leave Ana and Carl tied" \
        in str(refused.value)
    assert table.deals.get(number=1).record["loser"]["name"] == "Ana"
    assert services.standings(table).winners == ["Bea"]


def test_the_rules_page_in_three_languages(client, db):
    english = client.get("/rules/burro/").content.decode()
    assert "Drawing from the stock" in english and "Burro em pé" in english
    assert 'href="/referee/burro/"' in english
    # Tapete's own readings are said to be Tapete's, not the game's.
    assert "Tapete&#x27;s reading (the texts do not say): if the last two players play their last cards" in english
    assert "Tapete (house rule): the deal keeps passing in turn, so the dealer in turn deals the decider" in english
    spanish = client.get("/rules/burro/", headers={"Accept-Language": "es"}).content.decode()
    assert "Robar del mazo" in spanish
    french = client.get("/rules/burro/", headers={"Accept-Language": "fr"}).content.decode()
    assert "Piocher" in french and "Le départage" in french


def test_the_referee_page_rules_on_following_suit(client, burro):
    response = client.get("/referee/burro/", {"ask": "1", "hand": "3O 12C", "trick": "7O", "card": "12C",
                                             "table": burro.view_token})
    answer = response.context["answer"]
    assert answer["legal"] is False and answer["rule"] == "Follow suit"
    assert [c["code"] for c in answer["legal_cards"]] == ["3O"]


def test_the_referee_page_asks_who_led_from_the_table_and_names_who_takes_the_trick(client, burro):
    """From the table, who leads is already tapped (Bea: Ana deals first) and who plays no card is tapped on;
    who played each card is not asked. Bea led 7O, Carl passed, Ana played the King: Ana takes it."""
    html = client.get("/referee/burro/", {"table": burro.view_token}).content.decode()
    assert re.search(r'<input type="radio" name="leader" value="Bea"[^>]*checked', html)
    assert 'type="checkbox" name="out" value="Carl"' in html and 'name="players"' not in html
    response = client.get("/referee/burro/", {"ask": "1", "table": burro.view_token, "question": "trick",
                                             "leader": "Bea", "out": "Carl", "trick": "7O 12O"})
    assert response.context["answer"]["winner"]["text"] == "Ana"
    assert "Ana wins the trick with the King (rey) of oros" in response.context["answer"]["explanation"]


def test_settle_up_by_letters_or_by_lost_game(client, burro):
    hands(burro, "Carl", "Carl", "Carl", *["Ana"] * 5)  # Ana B-U-R-R-O, Bea —, Carl B-U-R: Bea wins
    url = f"/t/{burro.view_token}/settle/"
    by_letter = client.get(url, {"stake": "0.50", "currency": "EUR", "per_point": "yes"}).context["result"]
    # Ana pays 5 letters × 0.50 = 2.50, Carl 3 × 0.50 = 1.50, to Bea.
    assert by_letter["transfers"] == [("Ana", "Bea", 250), ("Carl", "Bea", 150)]
    by_game = client.get(url, {"stake": "0.50", "currency": "EUR", "per_point": "no"}).context["result"]
    assert by_game["transfers"] == [("Ana", "Bea", 50), ("Carl", "Bea", 50)]
    html = client.get(url).content.decode()
    assert "Stake per letter" in html and "Pay for every letter" in html


@pytest.mark.parametrize("data", [
    {"loser": "☃"}, {"loser": "x" * 5000}, {"loser": "Ana", "void": "☃"},
    {"decider": "on", "loser": "Ana"}, {"void": "on", "decider": "on"}, {"loser": "\x00"},
])
def test_weird_posts_are_refused_with_a_message_and_store_nothing(client, burro, data):
    response = post(client, burro, **data)
    assert response.status_code == 200
    assert 'class="invalid-feedback' in response.content.decode() or "alert-danger" in response.content.decode()
    assert not burro.deals.exists()


@pytest.mark.parametrize("situation", [
    {"hand": "ZZ 12C", "trick": "7O"}, {"hand": "8O", "variant": "spanish40"}, {"trick": "7O 12C", "question": "trick"},
    {"question": "knocked"}, {"hand": "1O 1O"}, {"trick": "1O 2O 3O 4O 5O"}, {"question": "bluff"},
])
def test_the_referee_page_answers_garbage_beside_the_field(client, db, situation):
    response = client.get("/referee/burro/", {"ask": "1", **situation})
    assert response.status_code == 200
    assert response.context["answer"] is None and response.context["form"].errors
