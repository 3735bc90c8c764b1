"""French Tarot's referee on petit sec, one rule per test.

"If, after the deal, a player has only the 1 of trumps and neither the excuse nor any other trump, they can
declare a cancelled hand, and the cards are redealt." (seed 003) "Petit sec cancels the deal." and "Every deal
may be recorded as void (misdeal, petit sec, all passed): no score" (RULINGS.md)
"""

from __future__ import annotations

from typing import Any

import pytest

from games.tarot.petit_sec import RULE_PETIT_SEC
from games.tarot.rules import EXAMPLES, GAME
from referee.game import Ruling
from referee.parse import InvalidRecord
from scoring.views.rules import citation

FOUR = GAME.table(["N", "E", "S", "W"])
# Eighteen cards at four players: no trump, no Excuse, beside what each test adds.
PLAIN = "KH QH 9H 4H KS CS 8S 6S 2S JD 10D 7D 3D QC 9C 5C".split()


def asked(hand: list[str], table: Any = FOUR) -> Ruling:
    return GAME.ruling(table, {"question": "petit_sec", "hand": hand})


def test_the_petit_alone_without_the_excuse_is_petit_sec_and_voids_the_deal() -> None:
    """Seed 003: "a player has only the 1 of trumps and neither the excuse nor any other trump, they can declare
    a cancelled hand, and the cards are redealt"; RULINGS.md: "Petit sec cancels the deal"."""
    ruling = asked(["T1", *PLAIN, "1C"])
    assert ruling.legal is None and ruling.rule == RULE_PETIT_SEC
    assert str(ruling.explanation) == (
        "Petit sec: the Petit is the player's only trump and they have no Excuse. The deal is cancelled and the "
        "cards are dealt again: record it as a void deal, nobody scores.")
    quoted = citation(GAME, ruling.rule)
    assert quoted is not None and "petit sec" in str(quoted["quote"]) and quoted["anchor"] == "chien"


def test_the_petit_with_the_excuse_is_not_petit_sec() -> None:
    """Seed 003: "only the 1 of trumps and neither the excuse nor any other trump": with the Excuse, it is not."""
    ruling = asked(["T1", "EX", *PLAIN])
    assert str(ruling.explanation) == "Not petit sec: the Petit is held with the Excuse, so the deal is played."


def test_the_petit_with_another_trump_is_not_petit_sec() -> None:
    """Seed 003: "only the 1 of trumps and neither the excuse nor any other trump": with another trump, it is
    not (the Excuse beside it changes nothing)."""
    assert str(asked(["T1", "T21", *PLAIN]).explanation) == (
        "Not petit sec: the Petit is held with 1 other trump, so the deal is played.")
    assert str(asked(["T1", "T2", "T3", "EX", *PLAIN[:14]]).explanation) == (
        "Not petit sec: the Petit is held with 2 other trumps, so the deal is played.")


def test_petit_sec_needs_the_petit() -> None:
    """Seed 003: "a player has only the 1 of trumps": a hand without the Petit is no petit sec, even with no
    trump at all."""
    assert str(asked([*PLAIN, "1C", "2C"]).explanation) == (
        "Not petit sec: the hand holds no Petit (trump 1), so the deal is played.")


def test_petit_sec_is_judged_from_the_trumps_and_excuse_alone() -> None:
    """Seed 003 names only trumps and the Excuse: the other cards need not be given, and the Petit alone is a
    petit sec."""
    assert str(asked(["T1"]).explanation).startswith("Petit sec:")


@pytest.mark.parametrize(("hand", "message"), [
    ([], "Give the player's hand, or at least every trump they hold and the Excuse if they have it."),
    (["T1", *PLAIN, "1C", "2C"], "A hand has 18 cards at 4 players, not 19."),
])
def test_petit_sec_is_asked_of_a_hand_that_can_be(hand: list[str], message: str) -> None:
    """Seed 003: "4 Players: 18 cards each": no hand, or one of more cards than a player holds, is refused."""
    with pytest.raises(InvalidRecord) as info:
        asked(hand)
    assert {k: str(v) for k, v in info.value.errors.items()} == {"hand": message}


def test_the_referee_page_offers_petit_sec_as_an_example() -> None:
    """The tester's dispute, tappable: seed 003's "only the 1 of trumps and neither the excuse nor any other
    trump"."""
    example = next(e for e in EXAMPLES if e.situation.get("question") == "petit_sec")
    assert str(GAME.ruling(FOUR, example.situation).explanation).startswith("Petit sec:")


def test_a_card_given_twice_is_named_not_coded() -> None:
    """Seed 003: "the 78-card French-suited tarot deck": each card once; the refusal names the card as the page
    does ("Trump 1"), not by its code "T1" (found by the referee tester)."""
    with pytest.raises(InvalidRecord) as info:
        asked(["T1", "T1"])
    assert str(info.value.errors["hand"]) == "Trump 1 is given twice: there is one of each card."
