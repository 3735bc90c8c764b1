"""Card values, one rule per test, quoting the texts (seed 001 §3; seed 004 "Score"; RULINGS.md)."""

from __future__ import annotations

import pytest

from games.pablo.options import Variant
from games.pablo.rules import GAME
from games.pablo.values import card_value, decks_for, hand_value, points_bounds
from referee.cards import Card, DeckKind, full_deck, parse_cards

FRENCH, ENGLISH = Variant.FRENCH, Variant.ENGLISH


def value(code: str, variant: Variant) -> int:
    return card_value(Card.parse(code, DeckKind.FRENCH52), variant)


@pytest.mark.parametrize("code, points", [("AS", 1), ("2H", 2), ("7C", 7), ("10D", 10)])
def test_french_numbers_count_their_value(code, points):
    """Seed 001: "1, 2, 3, 4, 5, 6, 7, 8, 9, 10 : valeur numérique" (the Ace is the 1)."""
    assert value(code, FRENCH) == points


@pytest.mark.parametrize("code", ["JS", "QH", "KS", "KH", "KC"])
def test_french_jacks_queens_and_kings_count_10(code):
    """Seed 001: "Valets, Dames, Rois (sauf roi de carreaux) : 10 points"."""
    assert value(code, FRENCH) == 10


def test_french_king_of_diamonds_counts_0():
    """Seed 001: "Roi de carreaux : 0 point"."""
    assert value("KD", FRENCH) == 0


def test_english_aces_count_minus_one():
    """Seed 004: "Aces are worth -1points"."""
    assert [value(f"A{s}", ENGLISH) for s in "SHDC"] == [-1, -1, -1, -1]


def test_english_red_kings_count_0_and_black_kings_10():
    """Seed 004: "the Red Kings (King of Hearts and King of Diamonds) are worth 0 points"; picture cards 10."""
    assert [value(f"K{s}", ENGLISH) for s in "HDSC"] == [0, 0, 10, 10]


@pytest.mark.parametrize("code, points", [("2S", 2), ("10H", 10), ("JD", 10), ("QC", 10)])
def test_english_numbers_and_pictures(code, points):
    """Seed 004: "2 is worth 2 points, 10 is worth 10 points ... picture cards (Jack, Queen, King) being worth 10"."""
    assert value(code, ENGLISH) == points


def test_a_player_with_no_cards_has_0():
    """RULINGS.md, both variants: "a player with no cards scores 0"."""
    assert hand_value((), FRENCH) == hand_value((), ENGLISH) == 0


def test_the_french_texts_pair_example_hand_after_is_15():
    """Seed 001 §5: after replacing the pair of 5s with a 4 the cards are 4 3 / 8: 4 + 3 + 8 = 15."""
    assert hand_value(parse_cards("4H 3S 8C", "french52"), FRENCH) == 15


def test_one_deck_up_to_six_players_then_two_in_the_french_variant():
    """Seed 001: "de 3 à 6 ... Il est possible d'augmenter le nombre de joueurs en ajoutant un second jeu"."""
    assert [decks_for(FRENCH, n) for n in (3, 6, 7, 8)] == [1, 1, 2, 2]
    assert [decks_for(ENGLISH, n) for n in (3, 8)] == [1, 1]


def test_typed_points_are_bounded_by_what_a_hand_can_hold():
    """One deck: French 4 × (1 + … + 10) + 11 pictures × 10 = 220 + 110 = 330, never below 0; English:
    2–10 is 4 × 54 = 216, J Q and black K 10 cards × 10 = 100 → 316, and four aces −4."""
    assert points_bounds(FRENCH, 1) == (0, 330)
    assert points_bounds(ENGLISH, 1) == (-4, 316)
    assert points_bounds(FRENCH, 2) == (0, 660)
    french_sum = sum(card_value(c, FRENCH) for c in full_deck(DeckKind.FRENCH52))
    assert french_sum == 330


def test_the_game_describes_its_two_variants():
    variant = next(o for o in GAME.options if o.key == "variant")
    assert variant.default == "french" and [v for v, _label in variant.choices] == ["french", "english"]
    assert GAME.lower_wins and GAME.player_counts == (3, 4, 5, 6, 7, 8)
