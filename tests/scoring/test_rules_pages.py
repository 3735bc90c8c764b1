"""The rules page and the referee, for every registered game."""

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from referee.game import all_games
from scoring import services
from scoring.services import translate

pytestmark = pytest.mark.django_db

GAMES = [game.slug for game in all_games()]


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# -- rules ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("slug", GAMES)
def test_rules_page_shows_every_section_with_a_table_of_contents(client, slug):
    game = next(g for g in all_games() if g.slug == slug)
    assert game.rules, f"{slug} has no rules sections"

    response = client.get(reverse("rules", args=[slug]))

    assert response.status_code == 200
    html = response.content.decode()
    for section in response.context["sections"]:
        assert f'href="#{section["anchor"]}"' in html
        assert f'id="{section["anchor"]}"' in html
    for section in game.rules:
        assert escape(translate(section.title)) in html
        for paragraph in section.paragraphs:
            assert escape(translate(paragraph)) in html


def test_rules_page_links_to_the_referee(client):
    html = client.get(reverse("rules", args=["tarot"])).content.decode()
    assert f'href="{reverse("referee", args=["tarot"])}"' in html


def test_the_referee_without_a_table_is_one_tap_from_home_then_one_per_game(client):
    """A dispute at a table that Tapete does not keep: home → "Ask the referee" → the game's referee (and rules)."""
    home = client.get(reverse("home")).content.decode()
    assert f'href="{reverse("referee_index")}"' in home

    response = client.get(reverse("referee_index"))

    assert response.status_code == 200
    html = response.content.decode()
    for slug in GAMES:
        assert f'href="{reverse("referee", args=[slug])}"' in html
        assert f'href="{reverse("rules", args=[slug])}"' in html
        assert client.get(reverse("referee", args=[slug])).status_code == 200


def test_rules_are_translated(client):
    response = client.get(reverse("rules", args=["tarot"]), headers={"Accept-Language": "fr"})

    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="fr">' in html
    assert "Les cartes et leurs points" in html
    assert "Sommaire" in html


def test_unknown_game_is_404(client):
    assert client.get(reverse("rules", args=["poker"])).status_code == 404
    assert client.get(reverse("referee", args=["poker"])).status_code == 404


# -- referee -------------------------------------------------------------------------------------------

def ask(client, game="tarot", **situation):
    return client.get(reverse("referee", args=[game]), {"ask": "1", **situation})


@pytest.mark.parametrize("slug", GAMES)
def test_referee_form_is_built_from_the_ruling_fields(client, slug):
    game = next(g for g in all_games() if g.slug == slug)

    response = client.get(reverse("referee", args=[slug]))

    assert response.status_code == 200
    html = response.content.decode()
    asked = game.referee_fields(response.context["spec"])  # at the page's table (a question per seat: its seats)
    for field in asked:
        assert f'name="{field.name}"' in html
    assert {f.name for f in asked} <= {f.name for f in game.ruling_fields}  # each one the API describes
    assert response.context["answer"] is None


def test_not_legal_in_big_letters_with_the_rule_and_the_legal_cards(client):
    # Clubs led, trumped with the 9; no club: the player must overtrump with the 12, not play the 5.
    response = ask(client, hand="T5 T12 KS 3S", trick="7C T9", card="T5")

    html = response.content.decode()
    assert '<p class="display-5 fw-bold text-danger mb-1" id="verdict">NOT LEGAL</p>' in html
    assert '<h2 class="h4 mb-2" id="rule">Overtrump</h2>' in html
    answer = response.context["answer"]
    assert answer["legal"] is False
    assert [c["code"] for c in answer["legal_cards"]] == ["T12"]
    assert "Trump 5: may not be played." in answer["explanation"]
    assert {item["card"]["code"]: item["legal"] for item in answer["reasons"]} == {
        "T5": False, "T12": True, "KS": False, "3S": False}
    assert "K♠" in text_of(html)


def test_the_verdict_in_spanish_and_french(client):
    url = reverse("referee", args=["tarot"])
    query = {"ask": "1", "hand": "T5 T12 KS 3S", "trick": "7C T9", "card": "T5"}

    spanish = client.get(url, query, headers={"Accept-Language": "es"}).content.decode()
    french = client.get(url, query, headers={"Accept-Language": "fr"}).content.decode()

    assert 'id="verdict">NO LEGAL</p>' in spanish
    assert 'id="verdict">INTERDIT</p>' in french
    assert "Surcouper" in french


def test_legal_in_big_letters(client):
    # Pisser: the 3 cannot beat the 9 but the player must still trump.
    response = ask(client, hand="T3 KS 3S", trick="7C T9", card="t3")

    html = response.content.decode()
    assert 'id="verdict">LEGAL</p>' in html
    assert "Pisser" in response.context["answer"]["rule"]


def test_without_a_card_the_referee_lists_the_legal_cards(client):
    response = ask(client, hand="KH, 2H, T5, EX", trick="7H")

    answer = response.context["answer"]
    assert answer["legal"] is None
    assert [c["code"] for c in answer["legal_cards"]] == ["KH", "2H", "EX"]
    html = response.content.decode()
    assert 'id="verdict"' not in html
    assert "Cards you may play:" in html


def test_the_winner_of_a_full_trick(client):
    response = ask(client, trick="KH T1 QH 2H")

    html = response.content.decode()
    assert response.context["answer"]["winner"]["code"] == "T1"
    assert re.search(r'id="winner">Wins the trick: <span[^>]*><span aria-hidden="true">Trump 1</span>'
                     r'<span class="visually-hidden">Trump 1</span></span>', html)
    assert "Who wins the trick" in html
    assert "✗" not in html  # no legal/illegal marks on a winner question


def test_cards_are_shown_as_the_pickers_chips_in_the_readers_language(client):
    """The French picker shows R for roi: so does the answer (not K), and the Excuse is its star."""
    html = client.get(reverse("referee", args=["tarot"]), {"ask": "1", "trick": "QH", "card": "EX",
                                                             "hand": "EX KH 2H"},
                      headers={"Accept-Language": "fr"}).content.decode()
    assert '<span aria-hidden="true">R♥</span><span class="visually-hidden">Roi de cœur</span>' in html
    assert '<span aria-hidden="true">★</span><span class="visually-hidden">Excuse</span>' in html
    assert ">K♥<" not in html and ">EX<" not in html


def test_a_trump_is_shown_by_its_word_not_its_code(client):
    """A French table reads "Atout 3", as a screen reader hears it; no one at a table writes "T3"."""
    html = client.get(reverse("referee", args=["tarot"]), {"ask": "1", "trick": "7C T3", "hand": "T12 KS",
                                                             "card": "T12"},
                      headers={"Accept-Language": "fr"}).content.decode()
    start = html.index('id="ruling"')
    answer = html[start:html.index("<form", start)]
    assert '<span aria-hidden="true">Atout 12</span><span class="visually-hidden">Atout 12</span>' in answer
    assert not re.search(r">T\d+<", html)  # neither in the answer nor in the box's chips


def test_the_winner_by_name_with_the_leader(client):
    response = ask(client, trick="KH T1 QH 2H", leader="Player 2")

    assert response.context["answer"]["winner"]["text"] == "Player 3"


def test_a_bad_card_gets_a_message_beside_its_field(client):
    response = ask(client, hand="ZZ KH", trick="7H")

    assert response.status_code == 200
    assert response.context["answer"] is None
    errors = response.context["form"].errors
    assert "ZZ" in errors["hand"][0]
    html = response.content.decode()
    block = html[html.index('id="field-hand"'):html.index('id="field-trick"')]
    assert "invalid-feedback" in block and "ZZ" in block


def test_a_card_not_in_the_hand(client):
    response = ask(client, hand="KH 2H", trick="7H", card="3H")

    assert "3 of hearts is not in the hand given." in response.context["form"].errors["card"][0]


def test_a_bad_field_value_from_django_forms(client):
    response = ask(client, question="bluff")

    assert "question" in response.context["form"].errors
    assert response.context["answer"] is None


def test_a_refused_question_says_so_at_the_top_of_the_form_and_links_to_the_first_message(client):
    """Pablo, a round scored with two players' points not numbers: the messages lie far down the form, out of
    sight on a phone; its top says so, as the new-table page does, and a tap goes to the first (Player 2's)."""
    html = ask(client, "pablo", question="score", points_1="x", points_3="y").content.decode()

    form = html[html.index("<form"):]
    summary = re.search(r'<div class="alert alert-danger py-2 form-errors" role="alert">(.*?)</div>\s*</div>', form,
                        re.S)
    assert summary and form.index(summary.group(0)) < form.index('id="field-')  # above every field
    assert "Please check the fields marked below." in summary.group(1)
    assert re.search(r'<a [^>]*href="#field-points_1"[^>]*>.*Player 2: points</a>', summary.group(1), re.S)
    assert 'id="field-points_1" tabindex="-1"' in html  # the link moves the focus there (the next tab: its box)
    assert "Enter a whole number." in form[form.index('id="field-points_1"'):form.index('id="field-points_2"')]


def test_an_answered_question_has_no_summary_of_messages(client):
    html = ask(client, trick="KH T1 QH 2H").content.decode()

    assert "form-errors" not in html and 'tabindex="-1"' not in html


def test_each_message_and_hint_of_the_referee_form_is_read_with_its_field(client):
    """Every id a field points at is in the page: a radio group's message as a card box's hint and message."""
    html = ask(client, question="bluff").content.decode()
    buttons = re.findall(r'<input [^>]*name="question"[^>]*>', html)
    assert buttons and all('aria-invalid="true" aria-describedby="id_question_error"' in b for b in buttons)
    hand = ask(client, hand="ZZ KH", trick="7H").content.decode()
    assert re.search(r'<input [^>]*name="hand"[^>]*aria-invalid="true"', hand)
    for page, error in ((html, "id_question_error"), (hand, "id_hand_error")):
        described = {i for ids in re.findall(r'aria-describedby="([^"]+)"', page) for i in ids.split()}
        assert error in described and "id_hand_helptext" in described
        assert all(f'id="{i}"' in page for i in described)


@pytest.mark.parametrize("language", ["en", "es", "fr"])
@pytest.mark.parametrize("slug, field", [("casita", "piles"), ("paublillo", "trick")])
def test_a_list_of_cards_is_explained_to_players_as_cards_not_json(client, slug, field, language):
    """A player at a table taps or types cards; JSON is the API's (it documents it in its own description)."""
    html = client.get(reverse("referee", args=[slug]), headers={"Accept-Language": language}).content.decode()

    help_text = re.search(rf'<div class="form-text" id="id_{field}_helptext">(.*?)</div>', html, re.S)
    assert help_text and "JSON" not in help_text.group(1)
    if language == "en":
        assert "Card codes separated by spaces" in help_text.group(1)
    assert "JSON" not in text_of(html)


def test_the_player_count_changes_the_table(client):
    response = ask(client, seats="5", trick="KH T1 QH 2H")
    assert response.context["spec"].size == 5
    assert response.context["answer"] is None  # four cards do not complete a trick at five
    assert "hand" in response.context["form"].errors

    response = ask(client, seats="5", trick="KH T1 QH 2H 3H")
    assert response.context["answer"]["winner"]["code"] == "T1"


def test_players_and_options_from_a_table(client):
    table = services.create_table(game="tarot", players=["Ana", "Bea", "Carl"])

    response = ask(client, table=table.view_token, trick="KH T1 QH", leader="Bea")

    assert response.context["answer"]["winner"]["text"] == "Carl"
    html = response.content.decode()
    assert 'name="seats"' not in html
    assert f'name="table" value="{table.view_token}"' in html
    assert f'href="{reverse("table", args=[table.view_token])}"' in html


def test_post_works_too(client):
    response = client.post(reverse("referee", args=["tarot"]), {"ask": "1", "trick": "KH T1 QH 2H"})
    assert response.context["answer"]["winner"]["code"] == "T1"


def test_htmx_gets_the_partial_with_form_and_answer(client):
    response = client.get(reverse("referee", args=["tarot"]), {"ask": "1", "trick": "KH T1 QH 2H"},
                          headers={"HX-Request": "true"})

    html = response.content.decode()
    assert html.lstrip().startswith('<div id="referee-body">')
    assert "<html" not in html
    assert 'id="winner"' in html and 'name="hand"' in html


@pytest.mark.parametrize("slug", [game.slug for game in all_games() if game.examples])
def test_every_example_gets_an_answer(client, slug):
    page = client.get(reverse("referee", args=[slug]))
    examples = page.context["examples"]
    assert examples
    for example in examples:
        assert f'href="?{escape(example["query"])}"' in page.content.decode()
        response = client.get(reverse("referee", args=[slug]) + "?" + example["query"])
        assert response.context["answer"] is not None, (example, response.context["form"].errors)


def test_the_overtrump_example_is_not_legal(client):
    page = client.get(reverse("referee", args=["tarot"]))
    example = next(e for e in page.context["examples"] if e["title"] == "Must I overtrump?")

    response = client.get(reverse("referee", args=["tarot"]) + "?" + example["query"])

    assert response.context["answer"]["legal"] is False
    assert 'value="T5 T12 KS 3S"' in response.content.decode()  # the form is filled in


def test_a_set_put_aside_says_allowed_to_a_screen_reader_not_may_be_played(client, db):
    """The cards of an écart are put down, not played: what a screen reader hears beside each says "allowed" or
    "not allowed" (it said "may be played")."""
    html = ask(client, "tarot", question="ecart", hand="KH QH 2H 3H 4H KS QS 5S 6S CD JD 7D 8C T1 T21 EX T2 T3 T4 "
                                                   "T5 T6 T7 T8 T9", ecart="KH 3H 4H 5S 6S 7D").content.decode()
    hidden = re.findall(r'<span class="visually-hidden">([^<]*)</span>', html)
    assert "not allowed" in hidden and "allowed" in hidden and "may be played" not in hidden
