"""Card codes as people type them: a refused code that a digit 0 read as the letter O makes a card of the deck is
answered with that card ("3O" reads as "30" in a monospace field: the Spanish oros), never taken for it."""

from __future__ import annotations

import pytest

from referee import parse
from referee.cards import DeckKind


def refused(code: str, deck: DeckKind) -> str:
    errors = parse.Errors()
    assert parse.card(code, deck, "card", errors) is None  # never guessed: the code is refused
    return str(errors.errors["card"])


@pytest.mark.parametrize(("code", "said"), [
    ("30", "30 is not a card of this game. Did you mean 3O (3 of oros)?"),
    ("120", "120 is not a card of this game. Did you mean 12O (King (rey) of oros)?"),
    ("100", "100 is not a card of this game. Did you mean 10O (Jack (sota) of oros)?"),
])
def test_a_zero_typed_for_the_letter_o_of_oros_is_refused_naming_the_card_it_means(code, said):
    assert refused(code, DeckKind.SPANISH40) == said


def test_a_rank_typed_without_its_suit_is_not_read_as_an_o_either():
    """"10" may be the Ace of oros with a 0 for its O, or the sota with its suit left out: no guess between the
    two (a reviewer), only how the codes go."""
    said = refused("10", DeckKind.SPANISH40)
    assert "Did you mean" not in said and "Number + suit" in said


def test_a_zero_for_the_o_of_a_card_the_deck_does_not_have_means_nothing():
    """No 8 in the 40-card deck: 80 is refused with how the codes go, as any other code."""
    assert "Did you mean" not in refused("80", DeckKind.SPANISH40)
    assert refused("80", DeckKind.SPANISH48).endswith("Did you mean 8O (8 of oros)?")
    assert "Number + suit" in refused("80", DeckKind.SPANISH40)


@pytest.mark.parametrize(("deck", "hint"), [(DeckKind.FRENCH52, "Rank + suit"), (DeckKind.TAROT, "Trumps T1")])
def test_a_deck_without_a_suit_o_reads_no_zero_as_one(deck, hint):
    said = refused("30", deck)
    assert said.startswith(f"30 is not a card of this game. {hint}") and "Did you mean" not in said


def test_every_card_of_a_list_is_read_so():
    errors = parse.Errors()
    assert parse.cards("1O 30 7E", DeckKind.SPANISH40, "hand", errors) == ()
    assert str(errors.errors["hand"]) == "30 is not a card of this game. Did you mean 3O (3 of oros)?"
