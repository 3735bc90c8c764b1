"""French Tarot's referee on the poignée, one rule per test.

"Poignée: a bonus for declaring a certain number of trumps held before playing a card to the first trick.
Single Poignée: 20 points (3-13/4-10/5-8); Double Poignée: 30 points (3-15/4-13/5-10); Triple Poignée: 40
points (3-18/4-15/5-13)." (seed 003) "The Excuse may stand for a missing trump only if the player has no other
trump beyond those shown." (RULINGS.md) "Poignée 20/30/40 not multiplied, always to the side that wins the
deal (whoever showed it)." (RULINGS.md)
"""

from __future__ import annotations

from typing import Any

import pytest

from games.tarot.poignee import RULE_POIGNEE_SHOWN, RULE_POIGNEE_TRUMPS
from games.tarot.rules import GAME
from referee.game import Ruling
from referee.parse import InvalidRecord
from scoring.views.rules import citation

FOUR = GAME.table(["N", "E", "S", "W"])
THREE = GAME.table(["A", "B", "C"])
FIVE = GAME.table(["A", "B", "C", "D", "E"])


def trumps(*numbers: int) -> list[str]:
    return [f"T{n}" for n in numbers]


def shown(cards: list[str], hand: list[str] | None = None, table: Any = FOUR) -> Ruling:
    situation: dict[str, Any] = {"question": "poignee", "poignee": cards}
    if hand is not None:
        situation["hand"] = hand
    return GAME.ruling(table, situation)


# A hand at four players (18 cards): nine trumps, the Excuse and eight plain cards.
NINE_AND_THE_EXCUSE = trumps(2, 4, 7, 9, 11, 14, 16, 19, 21) + ["EX", "KH", "QH", "2H", "5S", "7S", "1D", "3D", "4C"]


def test_a_simple_poignee_at_four_players_is_ten_trumps() -> None:
    """4-10: ten trumps shown at four players make a simple poignée, worth 20."""
    ruling = shown(trumps(*range(1, 11)))
    assert ruling.legal is True and ruling.rule == RULE_POIGNEE_TRUMPS
    assert str(ruling.explanation) == (
        "A simple poignée: 10 trumps shown at four players (10 needed). It is worth 20, not multiplied, to the "
        "side that wins the deal, whoever showed it.")


@pytest.mark.parametrize(("table", "count", "size", "bonus"), [
    (THREE, 13, "simple", 20), (THREE, 15, "double", 30), (THREE, 18, "triple", 40),
    (FOUR, 10, "simple", 20), (FOUR, 13, "double", 30), (FOUR, 15, "triple", 40),
    (FIVE, 8, "simple", 20), (FIVE, 10, "double", 30), (FIVE, 13, "triple", 40),
])
def test_the_trumps_each_poignee_needs_by_players(table: Any, count: int, size: str, bonus: int) -> None:
    """3-13/15/18, 4-10/13/15, 5-8/10/13: the threshold makes the poignée, one fewer does not reach it."""
    ruling = shown(trumps(*range(1, count + 1)), table=table)
    assert ruling.legal is True
    assert str(ruling.explanation).startswith(f"A {size} poignée: {count} trumps shown")
    assert f"It is worth {bonus}, not multiplied" in str(ruling.explanation)
    below = shown(trumps(*range(1, count)), table=table)
    assert not str(below.explanation).startswith(f"A {size} poignée"), below.explanation


def test_too_few_trumps_are_not_a_poignee() -> None:
    """Seven trumps at five players: a simple one needs 8."""
    ruling = shown(trumps(*range(1, 8)), table=FIVE)
    assert ruling.legal is False
    assert str(ruling.explanation) == "Not a poignée: 7 trumps shown at five players (8 needed for a simple one)."


def test_showing_more_trumps_than_needed_is_still_the_poignee_they_reach() -> None:
    """Eleven trumps at four players: more than a simple's 10, fewer than a double's 13: a simple."""
    ruling = shown(trumps(*range(1, 12)))
    assert ruling.legal is True and str(ruling.explanation).startswith(
        "A simple poignée: 11 trumps shown at four players (10 needed).")


def test_a_poignee_shows_trumps_only() -> None:
    ruling = shown(trumps(*range(1, 10)) + ["KH"])
    assert ruling.legal is False and ruling.rule == RULE_POIGNEE_SHOWN
    assert str(ruling.explanation) == "Not a poignée: only trumps are shown (and the Excuse), not King of hearts."
    assert str(ruling.reasons[next(c for c in ruling.reasons if c.code == "KH")]).startswith("Not a trump")


def test_the_excuse_stands_for_a_missing_trump_when_no_other_trump_is_left_out() -> None:
    """Nine trumps and the Excuse, all the trumps of the hand: a simple poignée at four players."""
    ruling = shown(trumps(2, 4, 7, 9, 11, 14, 16, 19, 21) + ["EX"], NINE_AND_THE_EXCUSE)
    assert ruling.legal is True
    assert str(ruling.explanation).startswith("A simple poignée: 9 trumps and the Excuse shown at four players")


def test_the_excuse_does_not_stand_for_a_trump_while_another_is_left_out() -> None:
    """Eight trumps and the Excuse shown, the 21 kept back: not a poignée."""
    ruling = shown(trumps(2, 4, 7, 9, 11, 14, 16, 19) + ["EX"], NINE_AND_THE_EXCUSE)
    assert ruling.legal is False and ruling.rule == RULE_POIGNEE_SHOWN
    assert str(ruling.explanation) == ("Not a poignée: the Excuse stands in for a trump only when no other trump is "
                                       "left out, and Trump 21 is.")
    assert "T21" in [c.code for c in ruling.legal_cards]  # what may be shown: every trump, the 21 too


def test_without_the_hand_the_excuse_shown_says_no_other_trump_is_held() -> None:
    ruling = shown(trumps(*range(1, 10)) + ["EX"])
    assert ruling.legal is True
    assert "Showing the Excuse says the player has no other trump" in str(ruling.explanation)


def test_the_hand_alone_says_which_poignee_it_may_show() -> None:
    """Nine trumps and the Excuse at four players: a simple, the Excuse shown with every trump."""
    ruling = GAME.ruling(FOUR, {"question": "poignee", "hand": NINE_AND_THE_EXCUSE})
    assert ruling.legal is True
    assert str(ruling.explanation).startswith(
        "A simple poignée: 9 trumps and the Excuse in the hand at four players (10 needed). The Excuse stands in "
        "for the trump missing: show it with every one of your trumps.")
    assert sorted(c.code for c in ruling.legal_cards) == sorted(trumps(2, 4, 7, 9, 11, 14, 16, 19, 21) + ["EX"])
    assert str(ruling.legal_cards_title) == "Cards that may be shown:"


def test_a_hand_with_too_few_trumps_has_no_poignee() -> None:
    hand = trumps(1, 2, 3) + ["KH", "QH", "2H", "5S", "7S", "1D", "3D", "4C", "KC", "QC", "2C", "3C", "4S", "6S",
                              "8S"]
    ruling = GAME.ruling(FOUR, {"question": "poignee", "hand": hand})
    assert ruling.legal is False
    assert str(ruling.explanation) == "No poignée: 3 trumps in the hand at four players (10 needed for a simple one)."


def test_the_cards_shown_are_in_the_hand() -> None:
    with pytest.raises(InvalidRecord) as caught:
        shown(trumps(*range(1, 11)), NINE_AND_THE_EXCUSE)
    assert str(caught.value.errors["poignee"]) == "Trump 1 is not in the hand."


def test_a_poignee_question_needs_the_cards_shown_or_the_hand() -> None:
    with pytest.raises(InvalidRecord) as caught:
        GAME.ruling(FOUR, {"question": "poignee"})
    assert "Give the cards shown as the poignée" in str(caught.value.errors["poignee"])


def test_the_poignee_rulings_quote_the_rules_page() -> None:
    """Each ruling quotes the paragraph of the rules page's Poignée section it rests on."""
    quoted = citation(GAME, RULE_POIGNEE_SHOWN), citation(GAME, RULE_POIGNEE_TRUMPS)
    assert [(q or {}).get("anchor") for q in quoted] == ["poignee", "poignee"]
    assert [str((q or {}).get("quote", ""))[:13] for q in quoted] == ["A player with", "Trumps needed"]


def test_a_hand_or_a_poignee_longer_than_a_hand_is_refused() -> None:
    """A reviewer: a 22-card hand at four players was answered "a triple poignée"; a hand there is 18 cards."""
    with pytest.raises(InvalidRecord) as caught:
        GAME.ruling(FOUR, {"question": "poignee", "hand": trumps(*range(1, 22)) + ["EX"]})
    assert str(caught.value.errors["hand"]) == "A hand has 18 cards at 4 players, not 22."
    with pytest.raises(InvalidRecord) as caught:
        shown(trumps(*range(1, 20)), table=FOUR)
    assert str(caught.value.errors["poignee"]) == ("A poignée is shown from a hand of 18 cards at 4 players: not 19 "
                                                  "cards.")
