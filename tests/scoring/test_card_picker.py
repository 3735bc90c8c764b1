"""The card picker (scoring.widgets.CardPicker): one widget for every field that names cards.

It draws the game's deck as suits × ranks with the ranks named in the reader's language, works without
JavaScript as a box for card codes, and what it posts is read by the same parsers as before.
"""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation

from referee.cards import DeckKind, full_deck
from referee.game import get_game
from scoring import services
from scoring.forms import RecordForm
from scoring.views.rules import ListField
from scoring.widgets import CardChoices, CardPicker, card_words, deck_groups

pytestmark = pytest.mark.django_db

SUITS = {DeckKind.TAROT: 5, DeckKind.FRENCH52: 4, DeckKind.SPANISH40: 4, DeckKind.SPANISH48: 4}


def render(deck: DeckKind | str, value: str = "", language: str = "en", **options) -> str:
    with translation.override(language):
        return CardPicker(deck, **options).render("cards", value)


def drawn(html: str) -> list[dict]:
    """The deck as static/app/cards.js draws it from the widget's data-deck-words (its groups() function, step by
    step): each suit's ranks, then the trumps 1 to n and the Excuse."""
    words = json.loads(unescape(re.search(r"data-deck-words='([^']*)'", html).group(1)))
    groups = [{"key": key, "label": label, "name": name, "red": bool(red), "cards": [
        {"code": rank + key, "short": short, "word": word, "text": short + mark,
         "name": named % {"rank": word or rank}} for rank, short, word in words["ranks"]]}
        for key, label, name, red, mark, named in words["suits"]]
    if "trumps" in words:
        key, label, name, named, count, excuse, mark, word = words["trumps"]
        cards = [{"code": f"{key}{n}", "short": str(n), "word": "", "text": named % {"n": n}, "name": named % {"n": n}}
                 for n in range(1, count + 1)]
        cards.append({"code": excuse, "short": mark, "word": word, "text": mark, "name": word})
        groups.append({"key": key, "label": label, "name": name, "red": False, "cards": cards})
    return groups


def labels(html: str) -> dict[str, str]:
    """Each card's code and the name it is read by."""
    return {card["code"]: card["name"] for group in drawn(html) for card in group["cards"]}


# -- the deck --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("deck", list(DeckKind))
def test_every_card_of_the_deck_is_one_tap_in_its_suit(deck):
    groups = drawn(render(deck))

    assert sorted(card["code"] for group in groups for card in group["cards"]) == sorted(
        c.code for c in full_deck(deck))
    assert len(groups) == SUITS[deck]


@pytest.mark.parametrize("language", ["en", "es", "fr"])
@pytest.mark.parametrize("deck", list(DeckKind))
def test_the_deck_drawn_from_its_words_is_the_deck_the_server_names(deck, language):
    """The few words a picker carries draw, card for card, what scoring.widgets names (chips, play pages)."""
    html = render(deck, language=language)
    with translation.override(language):
        named = deck_groups(deck)

    assert drawn(html) == [{**group, "cards": [{k: card[k] for k in ("code", "short", "word", "text", "name")}
                                               for card in group["cards"]]} for group in named]


def test_the_deck_is_drawn_by_the_script_not_carried_in_the_page():
    html = render("tarot")

    assert "data-code=" not in html and 'role="tab"' not in html
    assert len(re.findall(r"data-deck-words=", html)) == 1


def test_tarot_trumps_and_the_excuse_are_a_group_of_their_own():
    trumps = drawn(render("tarot"))[-1]

    assert trumps["key"] == "T"
    assert [card["code"] for card in trumps["cards"]] == [f"T{n}" for n in range(1, 22)] + ["EX"]


@pytest.mark.parametrize(("language", "deck", "code", "name"), [
    ("en", "tarot", "KH", "King of hearts"),
    ("es", "tarot", "KH", "Rey de corazones"),
    ("fr", "tarot", "KH", "Roi de cœur"),
    ("en", "tarot", "T21", "Trump 21"),
    ("fr", "tarot", "EX", "Excuse"),
    ("en", "french52", "AS", "Ace of spades"),
    ("es", "french52", "AS", "As de picas"),
    ("fr", "french52", "AS", "As de pique"),
    ("en", "spanish40", "12C", "King of copas"),
    ("es", "spanish40", "12C", "Rey de copas"),
    ("fr", "spanish40", "12C", "Roi de coupes (copas)"),
    ("fr", "spanish40", "7E", "7 d’épées (espadas)"),
    ("es", "spanish40", "10O", "Sota de oros"),
    ("es", "spanish48", "11B", "Caballo de bastos"),
    ("en", "spanish40", "10O", "Jack of oros"),  # as the referee says, "Jack (sota) of oros": not "sota", then "King"
    ("en", "spanish48", "11B", "Horse of bastos"),
    ("fr", "spanish40", "10O", "Valet de deniers (oros)"),
])
def test_cards_are_named_in_the_readers_language(language, deck, code, name):
    assert labels(render(deck, language=language))[code] == name


@pytest.mark.parametrize(("language", "suits"), [
    ("en", ["spades", "hearts", "diamonds", "clubs", "trumps"]),
    ("es", ["picas", "corazones", "diamantes", "tréboles", "triunfos"]),
    ("fr", ["pique", "cœur", "carreau", "trèfle", "atouts"]),
])
def test_suit_tabs_are_named_in_the_readers_language(language, suits):
    assert [group["name"] for group in drawn(render("tarot", language=language))] == suits


@pytest.mark.parametrize(("language", "words"), [
    ("es", {"QH": "Dama de corazones", "CH": "Caballo de corazones", "JH": "Sota de corazones"}),  # as the Tarot words
    ("fr", {"QH": "Dame de cœur", "CH": "Cavalier de cœur", "JH": "Valet de cœur"}),
])
def test_tarot_court_cards_are_named_in_the_readers_language(language, words):
    named = labels(render("tarot", language=language))
    assert {code: named[code] for code in words} == words


def test_spanish_ranks_show_their_number_and_their_name():
    cards = {card["code"]: card for group in drawn(render("spanish40", language="es")) for card in group["cards"]}

    assert (cards["11C"]["short"], cards["11C"]["word"], cards["11C"]["text"]) == ("11", "Caballo", "11 copas")
    with translation.override("es"):
        assert card_words("11C", "spanish40")["suit"] == "copas"  # a played card's chip shows it under its number
        assert card_words("KH", "tarot")["suit"] == ""  # the mark says it: R♥


def test_a_played_tarot_trump_or_excuse_chip_says_trump_or_excuse_under_it_not_a_code():
    """A trick's chips read as cards, not codes: "16" over "trump" (not "T16"), the star over "Excuse"; a suit
    card's mark says its suit (K♥), a Spanish card's suit is under its number."""
    with translation.override("en"):
        said = {code: (card_words(code, "tarot")["short"], card_words(code, "tarot")["under"])
                for code in ("T16", "EX", "KH")}
        assert said == {"T16": ("16", "trump"), "EX": ("★", "Excuse"), "KH": ("K", "")}
        assert card_words("11C", "spanish40")["under"] == "copas"


# -- without JavaScript, and what it posts ---------------------------------------------------------------

def test_without_javascript_it_is_a_box_for_card_codes():
    html = render("tarot", value="KH T21")

    assert re.search(r'<input type="text" name="cards" value="KH T21"[^>]*data-card-input', html)
    assert re.search(r'<div class="cardpick-ui" hidden data-card-ui>', html)  # shown by cards.js only
    assert re.search(r'<button [^>]*\shidden data-card-open', html)  # shown by app.js
    assert "<script" not in html and "<link" not in html  # the picker's script and styles come when it is used
    assert re.search(r'data-assets="/static/app/cards\.min\.css /static/app/cards\.min\.js"', html)


@pytest.mark.parametrize(("game", "players", "name", "example"), [
    ("toruro", 5, "turned_card", "e.g. 12C"),  # Tarot's called card, its French deck's, is tapped: no box
])
def test_a_card_box_shows_an_example_its_own_deck_takes(game, players, name, example):
    rules = get_game(game)
    spec = rules.table([f"P{i}" for i in range(players)], {})
    form = RecordForm(rules, spec)
    placeholder = form.fields[name].widget.attrs["placeholder"]
    assert placeholder == example
    code = example.removeprefix("e.g. ")
    assert code in {card.code for card in full_deck(rules.deck_for(spec))}


def test_the_cards_in_the_box_show_as_chips():
    html = render("tarot", value="kh t21 zz")

    chips = re.findall(r'data-chip="([^"]+)"[^>]*>([^<]+)</button>', html)
    assert chips == [("KH", "K♥"), ("T21", "Trump 21")]  # ZZ is left to the form's message beside the field


@pytest.mark.parametrize(("language", "chips"), [
    ("es", ["As de copas", "Rey de bastos"]),
    ("fr", ["As de coupes (copas)", "Roi de bâtons (bastos)"]),
    ("en", ["Ace of copas", "King of bastos"]),
])
def test_a_spanish_cards_chip_says_its_name_as_players_say_it(language, chips):
    """"As de copas", as a Spanish player says it and as the deal's breakdown names it, not "1 copas" (a tester)."""
    html = render("spanish40", value="1C 12B", language=language)

    assert [unescape(text) for _code, text in re.findall(r'data-chip="([^"]+)"[^>]*>([^<]+)</button>', html)] == chips


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


def test_a_record_form_card_field_is_the_picker_or_the_few_cards_it_takes_and_its_value_parses():
    """Any card of the deck (Toruro's turned card): the picker. The few cards a game names (Tarot's called card
    at five): those cards to tap (games/tarot/tests/test_called_card.py). What either posts, the rules read."""
    game = get_game("tarot")
    table = services.create_table(game="tarot", players=["N", "S", "E", "W", "O"])
    spec = services.table_spec(table)
    data = {"taker": "E", "contract": "garde", "partner": "S", "called_card": "kh", "bouts": "2",
            "points": "49"}

    form = RecordForm(game, spec, data)

    assert isinstance(form.fields["called_card"].widget, CardChoices)
    assert form.is_valid(), form.errors
    record = form.record()
    assert game.parse(spec, record).called_card.code == "KH"
    toruro = get_game("toruro")
    assert isinstance(RecordForm(toruro, toruro.table([f"P{i}" for i in range(5)])).fields["turned_card"].widget,
                      CardPicker)


@pytest.mark.parametrize(("language", "suit", "said"), [
    ("fr", "E", "7 d’épées (espadas)"), ("fr", "C", "7 de coupes (copas)"), ("es", "E", "7 de espadas"),
    ("en", "E", "7 of espadas"),
])
def test_a_spanish_card_named_in_a_sentence_says_its_suit_as_the_language_does(language, suit, said):
    """The referee and the deal's lines name a Spanish card: French elides "de" before épées."""
    from referee.cards import Card, card_name

    with translation.override(language):
        assert services.translate(card_name(Card(suit, "7"), DeckKind.SPANISH40)) == said


@pytest.mark.parametrize(("language", "chip"), [("fr", "12 coupes"), ("es", "12 copas"), ("en", "12 copas")])
def test_a_spanish_cards_chip_says_its_suit_in_one_word_of_the_pages_language(language, chip):
    """As the referee names a Spanish suit in brackets ("deniers", "coupes" in French): a tester read "12 copas" on
    French Burro and Casita Robada pages, where every other word was French."""
    with translation.override(language):
        said = card_words("12C", "spanish48")
    assert (said["text"], said["under"]) == (chip, chip.split()[1])


def test_the_burro_referee_shows_the_card_played_and_the_cards_allowed_with_their_suit_in_french(client, db):
    situation = {"ask": "1", "hand": "3O 12C", "trick": "7O", "card": "12C"}
    response = client.get("/referee/burro/", situation, headers={"Accept-Language": "fr"})
    html = unescape(response.content.decode())
    assert "12 coupes" in html and "3 deniers" in html and "12 copas" not in html and "3 oros" not in html


def test_only_the_referees_card_boxes_read_the_pages_letters(client):
    """A box that reads cards typed in the page's letters ("RH", the roi de cœur on a French page) says so, for
    cards.js to show them as their cards: the referee's, whose fields read them (scoring/typed_cards.py). A record
    form's card box reads codes only, as its Save does (a French Pablo hand showed "RH" as R♥; Save refused it)."""
    def boxes(url: str) -> list[str]:
        html = client.get(url, headers={"Accept-Language": "fr"}).content.decode()
        return re.findall(r"<div class=\"cardpick\" data-card-widget[^>]*>", html)

    table = services.create_table(game="pablo", players=["Ana", "Bea", "Carl"])
    referee, record = boxes("/referee/pablo/"), boxes(f"/t/{table.edit_token}/")

    assert referee and all("data-letters" in box for box in referee)
    assert record and not any("data-letters" in box for box in record)
