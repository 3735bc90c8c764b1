"""Invalid hands are refused with a message beside the field: what cannot be read (``parse``), and what breaks
a rule given the letters before it (``check``, citing the rule)."""

from __future__ import annotations

from typing import Any

import pytest

from games.burro.rules import GAME
from referee.game import InvalidRecord

PLAYERS = ["Ana", "Bea", "Carl"]


def refused(raw: Any, *before: dict[str, Any]) -> InvalidRecord:
    table = GAME.table(PLAYERS)
    state = GAME.initial_state(table)
    for hand in before:
        state, _outcome = GAME.apply(table, state, hand)
    with pytest.raises(InvalidRecord) as caught:
        GAME.apply(table, state, raw)
    return caught.value


def messages(error: InvalidRecord) -> dict[str, str]:
    return {field: str(message) for field, message in error.errors.items()}


# -- what cannot be read ---------------------------------------------------------------------------------------

def test_nobody_named_asks_who_was_left_holding_cards():
    assert messages(refused({})) == {"loser": "Who was left holding cards? Tap their name."}
    assert messages(refused({"loser": "  "})) == {"loser": "Who was left holding cards? Tap their name."}


def test_a_player_who_is_not_at_the_table():
    assert messages(refused({"loser": "Eve"})) == {"loser": "Eve is not playing at this table."}


def test_a_misdeal_has_no_loser():
    assert messages(refused({"loser": "Ana", "void": True})) == {
        "loser": "A misdeal has no loser: leave it empty, or untick the misdeal."}


def test_yes_or_no_fields_take_yes_or_no():
    assert messages(refused({"loser": "Ana", "void": "perhaps", "decider": 7})) == {
        "decider": "Answer yes or no.", "void": "Answer yes or no."}


def test_an_unknown_field_is_named():
    assert messages(refused({"loser": "Ana", "points": 3})) == {"points": "Unknown field for Burro."}


def test_a_record_that_is_not_an_object():
    assert "__all__" in refused(["Ana"]).errors


def test_names_are_read_loosely_and_stored_as_seats():
    table = GAME.table(PLAYERS)
    assert GAME.parse(table, {"loser": " carl "}).to_json() == {
        "loser": {"seat": 2, "name": "Carl"}, "decider": False, "void": False}
    assert GAME.parse(table, {"loser": 1}).loser.name == "Bea"  # a seat number, as forms send it


# -- what breaks a rule -----------------------------------------------------------------------------------------

def test_a_decider_before_the_game_is_over_is_refused():
    """RULINGS.md: "A decider is refused before the game is over"."""
    error = refused({"loser": "Ana", "decider": True}, {"loser": "Bea"})
    assert messages(error) == {"decider": "A decider is played only once the game is over, between the players "
                                          "tied for the fewest letters: nobody has five letters yet."}
    assert error.rules["decider"].key == "decider"


def test_a_decider_without_a_tie_is_refused():
    """RULINGS.md: a decider is refused "without a tie". Carl has B, Bea spells BURRO: Ana won alone."""
    error = refused({"loser": "Ana", "decider": True}, {"loser": "Carl"}, *[{"loser": "Bea"}] * 5)
    assert messages(error) == {"decider": "The game is over: Ana won with the fewest letters (no letter). There is "
                                          "no tie to decide; start a new game."}
    assert error.rules["decider"].key == "decider"


def test_a_decider_lost_by_a_player_who_was_not_tied_is_refused():
    """RULINGS.md: a decider is refused "with a loser who was not tied". Ana spells BURRO; Bea and Carl play
    the decider, so Ana cannot lose it."""
    error = refused({"loser": "Ana"}, *[{"loser": "Ana"}] * 5)
    assert messages(error) == {"loser": "Only Bea and Carl play the decider: Ana was not tied for the fewest "
                                        "letters."}
    assert error.rules["loser"].key == "decider"


def test_a_misdealt_decider_is_a_misdeal_like_any_other():
    table = GAME.table(PLAYERS)
    state = GAME.initial_state(table)
    for _hand in range(5):
        state, _outcome = GAME.apply(table, state, {"loser": "Ana"})
    state, outcome = GAME.apply(table, state, {"void": True})
    assert outcome.void and GAME.active_players(table, state) == (1, 2)
