"""Cards typed on the referee page in the letters of its language (scoring/typed_cards.py): a French player's roi,
dame, cavalier, valet (R D C V), a Spanish player's sota, caballo, rey on the Spanish deck (S C R), the codes
(English letters, what the API takes) in every language, and a code that may be two cards asked, never guessed
(found by a tester: the boxes took English letters only, "K" for the King)."""

from __future__ import annotations

from html import unescape

import pytest
from django import forms
from django.core.validators import MaxLengthValidator
from django.utils import translation

from scoring import services
from scoring.typed_cards import example, letters_key, typed_code


def read(code: str, deck: str, language: str) -> str:
    with translation.override(language):
        return typed_code(code, deck)


def refusal(code: str, deck: str, language: str) -> str:
    with translation.override(language), pytest.raises(forms.ValidationError) as refused:
        typed_code(code, deck)
    return " ".join(refused.value.messages)


def test_a_french_page_reads_roi_dame_cavalier_valet_as_the_cards_show_them():
    assert [read(code, "tarot", "fr") for code in ("RH", "ds", "CD", "VH", "R♥")] == ["KH", "QS", "CD", "JH", "KH"]


def test_a_spanish_page_reads_sota_caballo_rey_on_the_spanish_deck():
    assert [read(code, "spanish48", "es") for code in ("SO", "CC", "RE", "AB")] == ["10O", "11C", "12E", "1B"]


def test_a_french_page_reads_valet_cavalier_roi_on_the_spanish_deck():
    assert [read(code, "spanish40", "fr") for code in ("VO", "CC", "RB")] == ["10O", "11C", "12B"]


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_the_codes_read_as_they_always_did_in_every_language(language):
    said = {("KH", "tarot"): "KH", ("CH", "tarot"): "CH", ("T21", "tarot"): "T21", ("KC", "french52"): "KC",
            ("10C", "french52"): "10C", ("12C", "spanish40"): "12C", ("1O", "spanish48"): "1O"}
    assert {key: read(*key, language) for key in said} == said


def test_a_face_down_mark_stays_on_a_card_typed_in_french():
    assert [read(code, "spanish40", "fr") for code in ("RC*", "(VO)")] == ["12C*", "(10O)"]


def test_a_french_rank_letter_before_c_is_asked_not_read_as_clubs():
    """R then C: the codes say trèfle (C is clubs), a French reader may mean cœur or carreau: the three are offered,
    each as a phone's keys type it so that it reads as that card alone (KC, the code, for the roi de trèfle; a
    tester: ♣ is not on a phone's keyboard), and nothing is read."""
    said = refusal("RC", "tarot", "fr")
    assert "RC" in said and all(choice in said for choice in ("KC (Roi de trèfle)", "RH (Roi de cœur)",
                                                              "RD (Roi de carreau)"))


def test_a_french_cavalier_before_c_is_asked_though_the_codes_read_it():
    """CC is the Knight of clubs in the codes, but both its letters are the French reader's too (C cavalier; C cœur
    or carreau): asked, as RC is (a reviewer: the page listed "C cavalier" and read CC as clubs)."""
    said = refusal("CC", "tarot", "fr")
    assert all(choice in said for choice in ("C♣ (Cavalier de trèfle)", "CH (Cavalier de cœur)", "CD ("))  # CC: asked
    assert read("CC", "tarot", "en") == "CC"  # in English C is clubs only


def test_a_spanish_rank_letter_before_c_on_french_suits_is_asked_clubs_or_corazones():
    said = refusal("SC", "french52", "es")
    assert all(choice in said for choice in ("JC (", "SH (")) and "SD" not in said  # diamantes is D, as the code


def test_a_code_that_is_no_card_is_left_to_the_rules_message():
    assert read("XO", "spanish40", "fr") == "XO"
    assert read("CC", "french52", "fr") == "CC"  # no cavalier in 52 cards: the rules say it is no card of the game


def test_an_empty_box_shows_an_example_in_the_pages_letters():
    with translation.override("fr"):
        assert (example("tarot", "cards"), example("spanish40", "card")) == ("RH 10S T21", "RC")
    with translation.override("en"):
        assert (example("tarot", "cards"), example("spanish40", "cards")) == ("KH 10S T21", "1O KC 7E")


def test_the_letters_are_said_once_where_they_are_not_the_codes_own():
    with translation.override("en"):
        assert letters_key("tarot") == ""  # the codes' letters are English
    with translation.override("fr"):
        key = letters_key("tarot")
    assert all(item in key for item in ("R\u00a0roi", "D\u00a0dame", "C\u00a0cavalier", "V\u00a0valet", "H\u00a0♥"))
    with translation.override("es"):
        key = letters_key("spanish40")
    assert all(item in key for item in ("S\u00a0sota (10)", "C\u00a0caballo (11)", "R\u00a0rey (12)", "O\u00a0oros"))


# -- the referee page -------------------------------------------------------------------------------------------

def ask(client, game: str, language: str, **situation: str) -> str:
    response = client.get(f"/referee/{game}/", {"ask": "1", **situation}, headers={"Accept-Language": language})
    assert response.status_code == 200
    return unescape(response.content.decode())


def test_the_referee_rules_on_a_hand_typed_in_french_letters(client, db):
    """Roi de coupes typed RC on the Spanish deck (C is coupes there, as in the codes): must follow oros."""
    html = ask(client, "burro", "fr", hand="3O RC 5E", trick="7O", card="RC")
    assert 'id="ruling"' in html and "Roi (rey) de coupes (copas)" in html
    assert 'value="3O RC 5E"' in html  # the box keeps what was typed


def test_an_ambiguous_code_gets_its_message_beside_the_hand_and_no_ruling(client, db):
    html = ask(client, "tarot", "fr", hand="RH DC", trick="10H")
    field = html[html.index('id="field-hand"'):html.index('id="field-trick"')]
    assert "QC (" in field and "DH (" in field and "DD (" in field
    assert 'id="ruling"' not in html


@pytest.mark.parametrize("field", ["hand", "trick", "card"])
def test_a_box_longer_than_it_takes_is_refused_before_any_card_is_read(client, db, field):
    """A paste of thousands of characters: Django's message beside the box, never a 500 (a trump code of 4,400
    digits was one: int() refuses it) nor a worker busy reading it code by code."""
    pasted = "T" + "1" * 4400
    html = ask(client, "tarot", "fr", **{field: pasted}).replace(pasted, "")
    with translation.override("fr"), pytest.raises(forms.ValidationError) as django_says:
        MaxLengthValidator(400)(pasted)
    error = html[html.index(f'id="id_{field}_error"'):]
    assert error[:error.index("</div>")].endswith(django_says.value.messages[0]) and 'id="ruling"' not in html


def test_a_table_referee_reads_the_letters_too(client, db):
    table = services.create_table(game="casita", players=["Ana", "Bea"])
    html = ask(client, "casita", "es", table=table.edit_token, card="SO", centre="10C 7E")
    assert "Sota de oros" in html and "Sota de copas" in html
