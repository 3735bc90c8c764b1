"""The card picker (scoring.widgets.CardPicker): one widget for every field that names cards.

It draws the game's deck as suits × ranks with the ranks named in the reader's language, works without
JavaScript as a box for card codes, and what it posts is read by the same parsers as before.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from referee.cards import DeckKind, full_deck
from referee.game import get_game
from scoring import services
from scoring.forms import RecordForm
from scoring.views.rules import ListField
from scoring.widgets import CardPicker

pytestmark = pytest.mark.django_db

SUITS = {DeckKind.TAROT: 5, DeckKind.FRENCH52: 4, DeckKind.SPANISH40: 4, DeckKind.SPANISH48: 4}


def render(deck: DeckKind | str, value: str = "", language: str = "en", **options) -> str:
    with translation.override(language):
        return CardPicker(deck, **options).render("cards", value)


def labels(html: str) -> dict[str, str]:
    """Each card button's code and the name it is read by."""
    return dict(re.findall(r'data-code="([^"]+)" data-text="[^"]*" aria-label="([^"]+)"', html))


# -- the deck --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("deck", list(DeckKind))
def test_every_card_of_the_deck_is_one_tap_in_its_suit(deck):
    html = render(deck)

    codes = re.findall(r'data-code="([^"]+)"', html)
    assert sorted(codes) == sorted(c.code for c in full_deck(deck))
    assert len(re.findall(r'role="tabpanel"', html)) == SUITS[deck]
    assert len(re.findall(r'role="tab"', html)) == SUITS[deck]


def test_tarot_trumps_and_the_excuse_are_a_group_of_their_own():
    html = render("tarot")

    trumps = html[html.index('data-group="T"'):]
    trumps = trumps[:trumps.index("</div>")]
    assert re.findall(r'data-code="([^"]+)"', trumps) == [f"T{n}" for n in range(1, 22)] + ["EX"]


@pytest.mark.parametrize(("language", "deck", "code", "name"), [
    ("en", "tarot", "KH", "King of hearts"),
    ("es", "tarot", "KH", "Rey de corazones"),
    ("fr", "tarot", "KH", "Roi de cœur"),
    ("en", "french52", "AS", "Ace of spades"),
    ("es", "french52", "AS", "As de picas"),
    ("fr", "french52", "AS", "As de pique"),
    ("en", "spanish40", "12C", "King of copas"),
    ("es", "spanish40", "12C", "Rey de copas"),
    ("fr", "spanish40", "12C", "Roi de coupes (copas)"),
    ("es", "spanish40", "10O", "sota de oros"),
    ("es", "spanish48", "11B", "caballo de bastos"),
])
def test_cards_are_named_in_the_readers_language(language, deck, code, name):
    assert labels(render(deck, language=language))[code] == escape(name)


@pytest.mark.parametrize(("language", "suits"), [
    ("en", ["spades", "hearts", "diamonds", "clubs", "trumps"]),
    ("es", ["picas", "corazones", "diamantes", "tréboles", "triunfos"]),
    ("fr", ["pique", "cœur", "carreau", "trèfle", "atouts"]),
])
def test_suit_tabs_are_named_in_the_readers_language(language, suits):
    html = render("tarot", language=language)

    assert re.findall(r'role="tab"[^>]*aria-label="([^"]+)"', html) == suits


@pytest.mark.parametrize(("language", "words"), [
    ("es", {"QH": "Dama de corazones", "CH": "Caballo de corazones", "JH": "Sota de corazones"}),  # as the Tarot words
    ("fr", {"QH": "Dame de cœur", "CH": "Cavalier de cœur", "JH": "Valet de cœur"}),
])
def test_tarot_court_cards_are_named_in_the_readers_language(language, words):
    named = labels(render("tarot", language=language))
    assert {code: named[code] for code in words} == {code: escape(name) for code, name in words.items()}


def test_spanish_ranks_show_their_number_and_their_name():
    html = render("spanish40", language="es")

    button = re.search(r'data-code="11C"[^>]*>(.*?)</button>', html).group(1)
    assert button == '<span class="r">11</span><span class="w">caballo</span>'


# -- without JavaScript, and what it posts ---------------------------------------------------------------

def test_without_javascript_it_is_a_box_for_card_codes():
    html = render("tarot", value="KH T21")

    assert re.search(r'<input type="text" name="cards" value="KH T21"[^>]*data-card-input', html)
    assert re.search(r'<div class="cardpick-ui" hidden data-card-ui>', html)  # shown by cards.js only
    assert "<script src=" in html and "cards.js" in html


def test_the_cards_in_the_box_show_as_chips():
    html = render("tarot", value="kh t21 zz")

    chips = re.findall(r'data-chip="([^"]+)"[^>]*>([^<]+)</button>', html)
    assert chips == [("KH", "K♥"), ("T21", "T21")]  # ZZ is left to the form's message beside the field


def test_the_referee_reads_what_the_picker_posts(client):
    response = client.get(reverse("referee", args=["tarot"]),
                          {"ask": "1", "hand": "T5 T12 KS 3S", "trick": "7C T9", "card": "T5"})

    assert response.context["answer"]["legal"] is False
    html = response.content.decode()
    for name in ("hand", "trick", "card"):
        assert re.search(rf'<div class="cardpick" data-card-widget data-deck="tarot"[^>]*>\s*'
                         rf'<input type="text" name="{name}"', html)


def test_a_face_down_card_in_a_trick_is_a_star():
    field = ListField(card_key="card", down_key="face_down")

    assert field.to_python("5o 12E* (7B)") == [{"card": "5O"}, {"card": "12E", "face_down": True},
                                             {"card": "7B", "face_down": True}]
    assert field.prepare_value([{"card": "5O"}, {"card": "12E", "face_down": True}]) == "5O 12E*"


def test_a_record_form_card_field_is_the_picker_and_its_value_parses():
    game = get_game("tarot")
    table = services.create_table(game="tarot", players=["N", "S", "E", "W", "O"])
    spec = services.table_spec(table)
    data = {"taker": "E", "contract": "garde", "partner": "S", "called_card": "kh", "bouts": "2",
            "points": "49"}

    form = RecordForm(game, spec, data)

    assert isinstance(form.fields["called_card"].widget, CardPicker)
    assert 'data-deck="tarot"' in str(form["called_card"])
    assert form.is_valid(), form.errors
    record = form.record()
    assert game.parse(spec, record).called_card.code == "KH"


def test_the_record_page_draws_the_picker_for_the_called_card(client):
    table = services.create_table(game="tarot", players=["N", "S", "E", "W", "O"])

    html = client.get(reverse("table", args=[table.edit_token])).content.decode()

    assert re.search(r'data-card-widget data-deck="tarot" data-symbols data-many="0"', html)
    assert 'name="called_card"' in html
