"""The called card at five players, tapped, never typed.

Seed 003, "The Partner (only with 5 players)": "After the discard, but before beginning play, the taker names a
King of a suit. The player holding that king is now the taker's partner [...] If nobody has the named king, the
taker names the Queen of a suit, and so on." RULINGS.md: "the taker calls a King (a Queen if he holds all four
Kings, then Knight, then Jack)."

A tester on the French page typed "RC" (roi de cœur), refused, then "CC" (cavalier de cœur), taken as the Knight
of clubs, C being clubs in the codes. The record form, the card-by-card contract and the referee now offer the
cards to tap, named as the page's language says them, the Kings first and the others under a fold; the record
and the API keep the card's code, as before.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from games.tarot.record import CALLED_CARD_CHOICES
from referee.text import Text
from scoring import services
from scoring.models import Deal, Table
from tests.api.conftest import JsonClient

FIVE = ["Ana", "Bea", "Cid", "Dan", "Eva"]


@pytest.fixture
def five(db) -> Table:
    return services.create_table(game="tarot", players=FIVE)


def called_card(html: str) -> tuple[list[tuple[str, str]], str, str]:
    """The called card field as drawn: each button (its code, the name it shows, in order), the words of its
    fold and whether the fold is drawn open."""
    field = re.search(r'<fieldset[^>]*id="field-called_card".*?</fieldset>', html, re.S)
    assert field, "no called card field"
    drawn = field.group(0)
    buttons = re.findall(r'<input type="radio" name="called_card" value="([^"]*)"[^>]*>\s*<label[^>]*>([^<]*)</label>',
                         drawn)
    fold = re.search(r"<details([^>]*)><summary>([^<]*)</summary>", drawn)
    assert fold, "no fold"
    assert 'type="text"' not in drawn  # nothing to type
    return [(code, unescape(name)) for code, name in buttons], unescape(fold.group(2)), fold.group(1)


def test_the_taker_calls_a_king_or_else_a_queen_a_knight_or_a_jack() -> None:
    """The cards offered are the four Kings first, then the Queens, the Knights and the Jacks: nothing else."""
    assert [code for code, _name in CALLED_CARD_CHOICES] == [
        "KS", "KH", "KD", "KC", "QS", "QH", "QD", "QC", "CS", "CH", "CD", "CC", "JS", "JH", "JD", "JC"]
    assert [str(name) for _code, name in CALLED_CARD_CHOICES[:2]] == ["King of spades", "King of hearts"]
    assert all(isinstance(name, Text) for _code, name in CALLED_CARD_CHOICES)  # said in the reader's language


@pytest.mark.parametrize(("language", "kings", "fold", "knight_of_hearts"), [
    ("fr", ["Roi de pique", "Roi de cœur", "Roi de carreau", "Roi de trèfle"], "Dame, Cavalier, Valet",
     "Cavalier de cœur"),
    ("es", ["Rey de picas", "Rey de corazones", "Rey de diamantes", "Rey de tréboles"], "Dama, Caballo, Sota",
     "Caballo de corazones"),
    ("en", ["King of spades", "King of hearts", "King of diamonds", "King of clubs"], "Queen, Knight, Jack",
     "Knight of hearts"),
])
def test_the_record_form_at_five_offers_the_kings_to_tap_named_in_the_pages_language(
        client, five, language, kings, fold, knight_of_hearts):
    """The Kings in view (and "—": the called card is for the record), the Queens, Knights and Jacks under a
    fold named by their ranks; each card by its name, as the presenter and the referee say it, no code."""
    html = client.get(f"/t/{five.edit_token}/", headers={"Accept-Language": language}).content.decode()

    buttons, words, _open = called_card(html)
    assert [name for _code, name in buttons[:5]] == ["—", *kings]
    assert words == fold
    assert ("CH", knight_of_hearts) in buttons and len(buttons) == 17


def test_a_called_card_tapped_is_stored_as_its_code(client, five):
    """The Cavalier de cœur tapped is stored as CH (the code the record and the API always kept), and the deal
    opened again shows it tapped, its fold open."""
    response = client.post(f"/t/{five.edit_token}/deal/", {
        "taker": "Ana", "contract": "garde", "partner": "Cid", "called_card": "CH", "bouts": "2", "points": "51",
        "points_side": "attack", "petit_au_bout": "none", "chelem": "none", "deal_number": "1"})

    assert response.status_code == 302
    assert Deal.objects.get().record["called_card"] == "CH"
    html = client.get(f"/t/{five.edit_token}/deal/1/edit/", headers={"Accept-Language": "fr"}).content.decode()
    _buttons, _words, fold = called_card(html)
    assert re.search(r'value="CH"[^>]*checked', html) and " open" in fold


def test_the_api_keeps_the_called_cards_code(five):
    """The API is published: it takes and answers the code; its field is still a card, and lists the codes it
    takes with their names."""
    api = JsonClient()
    answer = api.post(f"/api/tables/{five.edit_token}/deals", {"record": {
        "taker": "Ana", "contract": "garde", "partner": "Cid", "called_card": "kh", "bouts": 2, "points": 51}})
    assert answer.status_code == 201, answer.content
    assert answer.json()["record"]["called_card"] == "KH"

    fields = {f["name"]: f for f in api.get("/api/games/tarot").json()["record_fields"]["5"]}
    assert fields["called_card"]["kind"] == "card"
    assert [c["value"] for c in fields["called_card"]["choices"]][:5] == ["KS", "KH", "KD", "KC", "QS"]
    assert fields["called_card"]["choices"][1]["label"] == "King of hearts"


def test_the_card_by_card_contract_asks_the_called_card_as_cards_to_tap(client, five):
    """Entered card by card, the called card is said before the first card: required there, no "—"."""
    html = client.get(f"/t/{five.edit_token}/play/", headers={"Accept-Language": "es"}).content.decode()

    buttons, words, _open = called_card(html)
    assert [name for _code, name in buttons[:4]] == ["Rey de picas", "Rey de corazones", "Rey de diamantes",
                                                    "Rey de tréboles"]
    assert ("", "—") not in buttons and words == "Dama, Caballo, Sota"


def test_the_referees_called_card_is_tapped_too(client, db):
    """The referee's question at five (may the called suit lead the first trick?) asks the called card the same
    way; a link's code in lower case is the card, shown tapped."""
    html = client.get("/referee/tarot/", {"ask": "1", "seats": "5", "hand": "2H KH 3S", "first_trick": "on",
                                          "called_card": "kh", "card": "2H"},
                      headers={"Accept-Language": "fr"}).content.decode()

    assert re.search(r'value="KH"[^>]*checked', html)
    assert re.search(r'<label[^>]*for="id_called_card_2">Roi de cœur</label>', html)
    assert "Carte appelée" in html and "Roi de cœur" in unescape(html)
    assert 'name="called_card" autocomplete' not in html  # no box
