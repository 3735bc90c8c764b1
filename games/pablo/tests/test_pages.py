"""Pablo's pages: a new table with its variant, the table page saying which variant it plays, rounds recorded
through the phone form (cards or points; a bad row refused beside it, nothing lost), editing a round, the end of
the game, settling up by rank, the rules page and the referee page, the demo tables."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.core.management import call_command

from games.pablo.demo import DEMO_TABLES
from games.pablo.rules_text import ALL_RULES, RULES
from scoring import services
from scoring.models import Table
from scoring.services import translate

FOUR = ["Ana", "Bea", "Carl", "Dani"]


@pytest.fixture
def english(db) -> Table:
    return services.create_table(game="pablo", players=FOUR, options={"variant": "english"})


@pytest.fixture
def french(db) -> Table:
    return services.create_table(game="pablo", players=FOUR)


def page(client, table: Table, **headers: str) -> str:
    response = client.get(f"/t/{table.edit_token}/", headers=headers)
    assert response.status_code == 200
    return response.content.decode()


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def form(caller: str, *rows: dict[str, Any]) -> dict[str, str]:
    """What the phone form posts: the caller, then per row the player and their cards or points."""
    data = {"caller": caller}
    for i, row in enumerate(rows):
        data[f"hands__{i}__player"] = FOUR[i]
        for key, value in row.items():
            data[f"hands__{i}__{key}"] = str(value)
    return data


def test_the_new_table_form_offers_the_two_variants(client, db):
    html = client.get("/new/pablo/").content.decode()
    assert 'name="opt_variant" value="french"' in html and 'name="opt_variant" value="english"' in html


def test_the_table_says_which_variant_it_plays(client, english, french):
    english_page = text_of(page(client, english))
    assert "English variant" in english_page and "exactly 50 goes back to 0" in english_page
    french_page = text_of(page(client, french))
    assert "French variant" in french_page and "Game to 100" in french_page
    assert ": 100 to 100" not in french_page  # far from the end: nothing to say yet
    services.record_deal(french, {"caller": "Ana", "hands": [{"points": 70}, {"points": 2}, {"points": 3},
                                                             {"points": 4}]})
    assert "Ana: 20 to 100" in text_of(page(client, french))  # 70 + 10 = 80: 20 to go


def test_the_variant_in_spanish_and_french(client, english):
    assert "Variante inglesa" in text_of(page(client, english, **{"Accept-Language": "es"}))
    assert "Variante anglaise" in text_of(page(client, english, **{"Accept-Language": "fr"}))


def test_the_hint_says_the_cards_with_the_letters_the_picker_shows(client, english):
    """The picker shows R, D, S (rey, dama, sota) in Spanish and R, D, V in French: so does the hint."""
    assert "A = −1 · R♥ R♦ = 0 · S D R♠ R♣ = 10" in text_of(page(client, english, **{"Accept-Language": "es"}))
    assert "A = −1 · R♥ R♦ = 0 · V D R♠ R♣ = 10" in text_of(page(client, english, **{"Accept-Language": "fr"}))
    assert "A = −1 · K♥ K♦ = 0 · J Q K♠ K♣ = 10" in text_of(page(client, english))


def test_the_variant_line_names_the_cards_with_the_letters_the_hint_uses(client, french, english):
    """The picker and the hint show R (rey, roi), D (dama, dame) and S (sota) or V (valet) in Spanish and French:
    the line saying what the variant counts, the variant's choice on the new table form and the rules page name
    the cards with the same letters (found by a tester: "J Q K 10, K♦ 0" beside "R♦ = 0")."""
    for language, faces, king in (("es", "S D R", "R"), ("fr", "V D R", "R"), ("en", "J Q K", "K")):
        headers = {"Accept-Language": language}
        table = text_of(page(client, french, **headers))
        assert f"A = 1 · {king}♦ = 0 · {faces} = 10" in table  # the hint beside the form
        assert f"{faces} 10, {king}♦ 0" in table  # the variant's line above it
        new_table = text_of(client.get("/new/pablo/", headers=headers).content.decode())
        assert f"100, {king}♦ 0" in new_table
        rules = text_of(client.get("/rules/pablo/", headers=headers).content.decode())
        assert f"({king}♦) 0" in rules and f"({king}♥, {king}♦) 0" in rules
        if language != "en":
            assert "K♦" not in table + new_table + rules
            assert "J Q" not in text_of(page(client, english, **headers))


def test_a_round_recorded_from_the_form_with_cards_and_points(client, english):
    """Ana A♠ K♦ = −1 + 0 = −1, lowest: −1; Bea 7 typed; Carl no cards ("No cards" sends "-"): 0, not below −1;
    Dani Q♣ 2♦ = 12."""
    response = client.post(f"/t/{english.edit_token}/deal/",
                           form("Ana", {"cards": "AS KD"}, {"points": 7}, {"cards": "-"}, {"cards": "QC 2D"}))
    assert response.status_code == 302
    deal = english.deals.get()
    assert deal.record["hands"][0] == {"player": {"seat": 0, "name": "Ana"}, "cards": ["AS", "KD"], "points": -1}
    assert deal.record["hands"][1]["cards"] is None and deal.record["hands"][1]["points"] == 7
    assert deal.record["hands"][2] == {"player": {"seat": 2, "name": "Carl"}, "cards": [], "points": 0}
    html = text_of(page(client, english))
    assert "Ana: A♠ K♦ = −1" in html  # a true minus sign, as in the totals
    assert "Ana: A♠ K♦ = -1" not in html
    french = text_of(page(client, english, **{"Accept-Language": "fr"}))
    assert "Dani : D♣ 2♦ = 12" in french  # the picker's letters: D for dame, R for roi (spaces made plain)
    assert "Ana : A♠ R♦ = −1" in french
    assert "Carl: no cards, 0" in html
    assert "Dani lost the round (12) and deals the next one." in html
    assert "Deals next: Dani" in html and "Starts: Ana" in html


def test_a_bad_row_is_refused_beside_it_and_nothing_is_lost(client, english):
    response = client.post(f"/t/{english.edit_token}/deal/",
                           form("Ana", {"cards": "AS KD"}, {"points": 7}, {"cards": "AS"}, {}))
    assert response.status_code == 200
    html = response.content.decode()
    hand2 = html[html.index('id="hand-2"'):html.index('id="hand-3"')]
    hand3 = html[html.index('id="hand-3"'):html.index('id="field-void"')]
    assert "A♠ is also in Ana&#x27;s hand: there is one of each card." in hand2
    assert "Tap Dani&#x27;s cards or type their points." in hand3
    assert 'value="AS KD"' in html and 'name="hands__1__points"' in html and 'value="7"' in html
    assert not english.deals.exists()


def test_typed_hands_that_no_deck_holds_are_refused_above_the_hands(client, english):
    """Three hands typed −2 need six aces; an English deck has four."""
    response = client.post(f"/t/{english.edit_token}/deal/",
                           form("Ana", {"points": -2}, {"points": -2}, {"points": -2}, {"points": 9}))
    html = response.content.decode()
    hands = html[html.index('id="field-hands"'):html.index('id="hand-0"')]
    assert "The hands typed below 0 add up to −6, but the cards not tapped go no lower than −4" in hands
    assert html.count('value="-2"') == 3 and not english.deals.exists()


@pytest.mark.parametrize("variant", ["french", "english"])
def test_points_are_typed_on_a_number_pad(client, db, variant):
    """Both variants open the number pad; English negatives come from the ± button."""
    table = services.create_table(game="pablo", players=FOUR, options={"variant": variant})
    html = page(client, table)
    assert html.count('inputmode="numeric" name="hands__') == 4


def test_the_caller_is_asked_beside_its_buttons(client, english):
    data = form("", {"points": 1}, {"points": 2}, {"points": 3}, {"points": 4})
    html = client.post(f"/t/{english.edit_token}/deal/", data).content.decode()
    caller = html[html.index('id="field-caller"'):html.index('id="field-hands"')]
    assert "Who called Pablo?" in caller and "invalid-feedback" in caller


def test_a_missing_caller_is_asked_with_every_other_message_in_one_save(client, english):
    """No caller and A♠ in two hands: both said at once, not the second only once the first is mended."""
    data = form("", {"cards": "AS KD"}, {"points": 7}, {"cards": "AS"}, {"points": 4})
    html = client.post(f"/t/{english.edit_token}/deal/", data).content.decode()
    caller = html[html.index('id="field-caller"'):html.index('id="field-hands"')]
    hand2 = html[html.index('id="hand-2"'):html.index('id="hand-3"')]
    assert "Who called Pablo?" in caller
    assert "A♠ is also in Ana&#x27;s hand: there is one of each card." in hand2
    assert not english.deals.exists()


def test_a_number_that_cannot_be_read_is_said_with_the_missing_caller_in_one_save(client, english):
    """Points "lots" cannot be read, and nobody called: both messages come back at once, the rest kept."""
    data = form("", {"points": 1}, {"points": "lots"}, {"points": 3}, {"points": 4})
    html = client.post(f"/t/{english.edit_token}/deal/", data).content.decode()
    caller = html[html.index('id="field-caller"'):html.index('id="field-hands"')]
    hand1 = html[html.index('id="hand-1"'):html.index('id="hand-2"')]
    assert "Who called Pablo?" in caller
    assert "invalid-feedback" in hand1 and 'value="lots"' in html
    assert not english.deals.exists()


def test_editing_a_round_shows_its_cards(client, french):
    services.record_deal(french, {"caller": "Ana", "hands": [{"cards": "KD AS"}, {"points": 9}, {"points": 15},
                                                             {"cards": []}]})
    assert "Ana: K♦ A♠ = 1" in text_of(client.get(f"/t/{french.view_token}/deal/1/").content.decode())
    html = client.get(f"/t/{french.edit_token}/deal/1/edit/").content.decode()
    assert 'value="KD AS"' in html and "K♦" in html
    assert re.search(r'name="hands__3__cards"[^>]*value="-"', html)  # Dani: no cards left, kept as such
    response = client.post(f"/t/{french.edit_token}/deal/1/edit/",
                           form("Ana", {"cards": "KD 2S"}, {"points": 9}, {"points": 15}, {"points": 0}))
    assert response.status_code == 302
    assert french.deals.get().record["hands"][0]["points"] == 2


def test_the_game_over_page_offers_a_rematch(client, english):
    services.record_deal(english, {"caller": "Ana", "hands": [{"points": 1}, {"points": 2}, {"points": 51},
                                                              {"points": 3}]})
    html = page(client, english)
    assert 'id="game-over"' in html and "Winner: Ana" in html
    assert '<form id="record"' not in html and 'id="rematch"' in html


def test_settle_up_by_rank(client, french):
    """Totals −5, 9, 15, 22 at 0.10 a point: Bea pays (9 + 5) × 0.10 = 1.40, Carl 20 × 0.10 = 2.00, Dani
    27 × 0.10 = 2.70, so Ana receives 6.10. A fixed stake per loss: three losers pay 0.10 each, Ana 0.30."""
    services.record_deal(french, {"caller": "Ana", "hands": [{"cards": "KD AS 2C"}, {"points": 9},
                                                             {"points": 15}, {"points": 22}]})
    html = text_of(client.get(f"/t/{french.view_token}/settle/", {"stake": "0.10"}).content.decode())
    assert "Bea pays Ana 1.40 EUR Carl pays Ana 2.00 EUR Dani pays Ana 2.70 EUR" in html
    assert "Ana +61 +6.10 EUR" in html
    fixed = text_of(client.get(f"/t/{french.view_token}/settle/", {"stake": "0.10", "per_point": "no"})
                    .content.decode())
    assert "Bea pays Ana 0.10 EUR Carl pays Ana 0.10 EUR Dani pays Ana 0.10 EUR" in fixed
    assert "Ana +3 +0.30 EUR" in fixed


def test_the_rules_page_has_every_section_and_every_cited_rule(client, db):
    html = client.get("/rules/pablo/").content.decode()
    for section in RULES:
        assert f'id="{section.key}"' in html
    keys = {section.key: translate(section.title) for section in RULES}
    for rule in ALL_RULES:
        assert keys[rule.key] == translate(rule.title)


def test_the_rules_page_in_french(client, db):
    html = client.get("/rules/pablo/", headers={"Accept-Language": "fr"}).content.decode()
    assert "Deux jeux nommés Pablo" in html and "(R♦) 0" in html


def test_the_referee_page_answers_the_pair_example(client, db):
    page_ = client.get("/referee/pablo/")
    example = next(e for e in page_.context["examples"] if "pair of 5s" in e["title"])
    answer = client.get("/referee/pablo/?" + example["query"]).context["answer"]
    assert answer["legal"] is True and "4♥ 3♥ 8♣ (15 points)" in answer["explanation"]


def test_the_referee_page_with_a_tables_variant(client, english):
    response = client.get("/referee/pablo/", {"ask": "1", "table": english.view_token, "question": "power",
                                              "drawn": "10S"})
    assert response.context["answer"]["legal"] is True  # English: the 10 peeks


def quoted(client, language: str, **situation: Any) -> str:
    """The paragraph of the rules page the referee quotes for ``situation``, read in ``language``."""
    response = client.get("/referee/pablo/", {"ask": "1", **situation}, headers={"Accept-Language": language})
    return response.context["answer"]["cite"]["quote"]


@pytest.mark.parametrize(("language", "quote"), [
    ("en", "When a card lies on top of the discard pile, anyone may put a card of the same number"),
    ("es", "Cuando hay una carta encima del descarte, cualquiera puede poner encima una carta del mismo número"),
])
def test_a_match_quotes_the_paragraph_on_matching_the_top_of_the_discard_pile(client, db, language, quote):
    """Seed 004, "Matching Cards": "2-of-a-kind matches may be played from your field to the discard pile if the
    number is identical to the current top card of the discard pile." The page's own example (the 5♣ on the 5♥)
    rests on that paragraph, not on the next one, about matching another player's card (a tester saw that one
    quoted in every language)."""
    said = quoted(client, language, variant="english", question="match", discard_top="5H", cards="5C",
                  hand="5C KD 9S 2H")
    assert said.startswith(quote)


@pytest.mark.parametrize(("language", "quote", "card"), [
    ("en", "English variant: 10, peek at one of your own cards; Jack, spy on one card of another player", "JS"),
    ("es", "Variante inglesa: 10, mira una de tus cartas; J, espía una carta de otro", "JS"),
    ("en", "English variant: 10, peek at one of your own cards", "10S"),
    ("es", "Variante inglesa: 10, mira una de tus cartas", "10S"),
])
def test_an_english_power_quotes_what_the_english_cards_do(client, db, language, quote, card):
    """Seed 004, "Special cards": "Peek (10) — Look at one of your own cards; Spy (J) — Look at one of another
    player's cards". The Jack and the 10 rest on the English variant's powers, not on the French variant's (a
    tester saw those quoted on the Spanish page) nor on when a power works, which never says what they do."""
    said = quoted(client, language, variant="english", question="power", drawn=card, source="stock")
    assert said.startswith(quote)


@pytest.mark.parametrize(("language", "quote"), [
    ("en", "French variant (from the stock only): 7, look at one of your own cards; 8, swap"),
    ("es", "Variante francesa (solo del mazo): 7, mira una de tus cartas; 8, cambia"),
])
def test_a_french_10_quotes_the_french_powers_which_are_only_the_7_and_the_8(client, db, language, quote):
    """Seed 001 §4: only the 7 and the 8 have a power; the 10 has none in the French variant."""
    said = quoted(client, language, variant="french", question="power", drawn="10S", source="stock")
    assert said.startswith(quote)


def test_king_spares_caller_the_reading_and_the_house_rule_on_the_rules_page_the_table_and_the_referee(client, db):
    """Seed 004 protects the caller "from any swapping abilities" without saying whether the King's look is part
    of its swap: the rules page states Tapete's reading and the house rule under "Where the texts are silent", the
    referee quotes it, and a table that plays the house rule shows it."""
    rules = html.unescape(text_of(client.get("/rules/pablo/").content.decode()))
    readings = rules[rules.rindex("Where the texts are silent"):]  # the section, not its line in the contents
    assert "a King may still look at one of the caller's cards, but not swap it" in readings
    assert "House rule (table option): no King on the caller at all, not even to look." in readings
    assert "though a King may still look" not in rules  # the caller's protection says only what the text says
    situation = {"variant": "english", "question": "power", "drawn": "KS", "player": "Ana", "target": "Bea",
                 "caller": "Bea"}
    seats = {"player": "Player 1", "target": "Player 2", "caller": "Player 2"}  # the referee without a table
    assert quoted(client, "en", **{**situation, **seats}).startswith(
        "English variant, after Pablo: the text protects the caller")
    spared = services.create_table(game="pablo", players=FOUR, options={"variant": "english",
                                                                        "king_spares_caller": True})
    assert "no King on the caller at all, not even to look" in html.unescape(text_of(page(client, spared)))
    response = client.get("/referee/pablo/", {"ask": "1", "table": spared.view_token, **situation})
    assert response.context["answer"]["legal"] is False


@pytest.mark.parametrize(("variant", "row", "said", "score"), [
    # Seed 001 §7.1: "Si un autre joueur avait autant ou moins de points, alors il perd la manche. Il subit alors
    # un malus de 10 points qu'il ajoute à la valeur de ses cartes."
    ("french", {"cards": "5S"}, "Ana called Pablo with 5, but Bea has 5: 5 + 10 = 15.", 15),
    # Seed 004, "Score": "In the event of a tie, the player who called Pablo receives 5 penalty points on top of
    # their score."
    ("english", {"cards": "5S"}, "Ana called Pablo with 5, and Bea ties: 5 + 5 = 10.", 10),
])
def test_golden_a_caller_tied_for_the_lowest_from_the_phone_form(client, db, variant, row, said, score):
    """A Pablo tied for the fewest points, recorded through the phone form: Ana calls with 5♠ (5), Bea has 5 too.
    French: the caller who does not have strictly fewer points loses the round, cards + 10 = 15. English: a tie
    costs 5, 5 + 5 = 10. The rules page and the line under the variant say it the same way."""
    table = services.create_table(game="pablo", players=FOUR, options={"variant": variant})
    response = client.post(f"/t/{table.edit_token}/deal/",
                           form("Ana", row, {"points": 5}, {"points": 9}, {"cards": "QC 2D"}))
    assert response.status_code == 302
    assert table.deals.get().outcome["scores"] == [score, 5, 9, 12]
    shown = text_of(page(client, table))
    assert said in shown
    rules = text_of(client.get("/rules/pablo/").content.decode())
    if variant == "french":
        assert "If anyone has as few or fewer, the caller scores their cards + 10." in rules
        assert "otherwise, even tied, cards + 10" in shown
    else:
        assert "+ 5 if someone has the same lowest score" in rules
        assert "A Pablo beaten costs 10 more, tied 5." in shown


def test_the_demo_tables_load(db):
    call_command("load_demo")
    for demo in DEMO_TABLES:
        table = Table.objects.get(name=demo["name"])
        assert table.deals.count() == len(demo["records"])
    french = services.standings(Table.objects.get(name="Demo — Pablo (French)"))
    # Amélie −5 + 11 + 9, Bruno 15 + 16 + 17, Chloé 22 + 6 + 14, David 26 + 20 + 0
    assert french.state.totals == (15, 48, 42, 46)
    english = services.standings(Table.objects.get(name="Demo — Pablo (English)"))
    assert english.state.totals == (15, 37, 45, 0)  # Dev 18 + 9 + 23 = 50: back to 0


def field_box(html_: str, name: str) -> str:
    """The opening tag of a referee field's box (its questions and whether it is hidden)."""
    found = re.search(rf'<div class="mb-3" id="field-{name}"[^>]*>', html_)
    assert found, name
    return found.group(0)


def test_the_referee_scores_a_round_at_a_table_under_each_players_name(client, english):
    """Seed 004 "Score": "If the player who called Pablo does not have the lowest score, he or she receives 10
    penalty points on top of their score" (Ana 6 + 10 = 16, Carl has 2). Asked from a table, the scoring question
    names each player; it shows only its own fields (the caller, each player's cards or points, the totals), and
    what another question's fields hold is not its business."""
    blank = client.get("/referee/pablo/", {"table": english.view_token}).content.decode()
    assert "Ana: or the cards left" in blank and "Dani: points" in blank and "Carl: points so far" in blank
    assert "hidden" in field_box(blank, "points_0") and "hidden" not in field_box(blank, "cards")
    response = client.get("/referee/pablo/", {"ask": "1", "table": english.view_token, "question": "score",
                                              "caller": "Ana", "points_0": "6", "cards_1": "8H", "points_2": "2",
                                              "points_3": "11", "cards": "ZZ"})
    page_ = response.content.decode()
    answer = response.context["answer"]
    assert answer["legal"] is None and answer["cite"]["anchor"] == "scoring"
    assert answer["explanation"].startswith("This round: Ana 16, Bea 8, Carl 2, Dani 11.\nAna called Pablo with 6, "
                                            "but Carl has fewer (2): 6 + 10 = 16.")
    assert "hidden" not in field_box(page_, "points_0") and "hidden" not in field_box(page_, "caller")
    assert "hidden" in field_box(page_, "cards") and "hidden" in field_box(page_, "moment")


def test_a_round_the_referee_cannot_score_is_said_beside_each_field(client, french):
    """Seed 001 §3 and §7: each player's cards or points are counted, a card being in one hand: a message beside
    the field that cannot be, the rest kept."""
    response = client.get("/referee/pablo/", {"ask": "1", "table": french.view_token, "question": "score",
                                              "caller": "Ana", "cards_0": "KD 2S", "cards_1": "KD",
                                              "points_2": "3"})
    form = response.context["form"]
    assert response.context["answer"] is None
    assert form.errors["cards_1"] == ["K♦ is also in Ana's hand: there is one of each card."]
    assert form.errors["points_3"] == ["Tap Dani's cards or type their points."]


def test_without_a_table_a_losing_tie_asks_for_the_totals_beside_the_field_not_zeros(client, db):
    """Seed 004: "in the case of a losing tie, the player with the highest overall score shuffles and deals." Found
    by a tester on the referee page without a table, in English: who dealt given, the totals blank, the answer named
    a dealer by their totals as if 0. The totals are asked for beside the first tied player's, nothing answered."""
    response = client.get("/referee/pablo/", {"ask": "1", "question": "score", "variant": "english",
                                              "caller": "Player 1", "points_0": "2", "points_1": "9",
                                              "points_2": "9", "points_3": "5", "dealer": "Player 1"})
    assert response.context["answer"] is None
    assert response.context["form"].errors["total_1"] == [
        "Player 2 and Player 3 tied for the loss: the one with the highest total deals the next round. Enter the "
        "points so far of Player 2 and Player 3, or leave who dealt this round blank."]


def test_the_scoring_question_asked_from_a_table_starts_from_its_totals(client, english):
    """Seed 004: "if a player scores exactly 50 points, that player's score gets reset to 0": whether a round
    lands on 50 depends on the totals, which the table knows. After a round (Ana called with 4, Bea tied: Ana
    4 + 5 = 9, Bea 4, Carl 20, Dani 7), the referee asked from the table has them."""
    services.record_deal(english, {"caller": "Ana", "hands": [{"points": 4}, {"points": 4}, {"points": 20},
                                                              {"points": 7}]})
    html_ = client.get("/referee/pablo/", {"table": english.view_token}).content.decode()
    for seat, total in enumerate((9, 4, 20, 7)):
        assert f'name="total_{seat}" id="id_total_{seat}" value="{total}"' in html_


def test_asked_from_a_table_the_scoring_answer_names_who_deals_next_as_the_table_then_does(client, french):
    """RULINGS.md, General: the deal passes to the player after the dealer (seed 001 is silent). The table knows
    who deals the round under way (Ana, its first dealer): the referee asked from it has her, and names Bea for
    the next round, quoting that paragraph beside the scoring's; recorded, the round passes the deal to Bea."""
    assert client.get("/referee/pablo/", {"table": french.view_token}).context["form"]["dealer"].value() == "Ana"
    round_ = {"question": "score", "caller": "Ana", "points_0": "3", "points_1": "5", "points_2": "9",
              "points_3": "8", "dealer": "Ana"}
    response = client.get("/referee/pablo/", {"ask": "1", "table": french.view_token, **round_})
    answer = response.context["answer"]
    assert answer["explanation"].endswith("\nAna dealt this round: Bea deals the next one.")
    assert [cite["anchor"] for cite in answer["also"]] == ["next"]
    assert "French variant: the deal passes to the next player in turn" in response.content.decode()
    services.record_deal(french, {"caller": "Ana", "hands": [{"points": 3}, {"points": 5}, {"points": 9},
                                                             {"points": 8}]})
    assert services.standings(french).dealer == "Bea"


@pytest.mark.parametrize("players", [FOUR[:3], [*FOUR, "Eli", "Fer", "Gus", "Hal"]])
def test_every_referee_example_is_answered_on_the_page_at_any_table(client, db, players):
    """Seeds 001 and 004: each example the referee page offers is answered from a table of 3 as of 8, its seats the
    first ones (a scoring example gives points for every seat of the largest table; a number there is points, not a
    seat), quoting the paragraph it rests on."""
    table = services.create_table(game="pablo", players=players, options={"variant": "english"})
    for example in client.get("/referee/pablo/", {"table": table.view_token}).context["examples"]:
        answer = client.get(f"/referee/pablo/?{example['query']}").context["answer"]
        assert answer is not None and answer["cite"]["quote"], example["title"]


def test_a_total_counts_toward_the_end_and_is_not_coloured_a_loss(client, english):
    """Every total is points toward 50, the winner's too: in red, every player read as losing (a tester)."""
    services.record_deal(english, {"caller": "Ana", "hands": [{"points": 1}, {"points": 2}, {"points": 3},
                                                              {"points": 4}]})
    standings = re.findall(r'<td class="score ([^"]*)">', page(client, english))
    assert len(standings) == 4 and all(cls.strip() == "" for cls in standings), standings
