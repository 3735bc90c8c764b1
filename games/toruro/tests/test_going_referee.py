"""Toruro's referee on going (ir), one rule per test (seed 002, "Deciding Whether to Go" and its house rules 2,
3 and 5; RULINGS.md, Toruro). The answers come from games.toruro.going.everyone_must_go, which the record's check
uses too."""

from __future__ import annotations

from typing import Any

import pytest

from games.toruro.rules import GAME
from games.toruro.words import RULE
from referee.game import InvalidRecord, Ruling
from scoring.views.rules import citation

PLAYERS = ["Ana", "Luis", "Pepe", "Marta", "Juan"]
FIVE = GAME.table(PLAYERS)


def going(table: Any = FIVE, **situation: Any) -> Ruling:
    return GAME.ruling(table, {"question": "going", **situation})


def said(ruling: Ruling) -> str:
    return str(ruling.explanation)


def test_house_rule_2_if_the_turned_card_is_an_ace_everyone_must_go() -> None:
    """Seed 002, house rules: "2. If the trump card is an Ace, everyone must "go"." (on by default: RULINGS.md,
    "Trump Ace: all must go (house rule 2, on)")."""
    ruling = going(turned_card="1E", stayed_out=["Pepe"])
    assert (ruling.legal, ruling.rule) == (False, RULE["trump_ace_all_go"])
    assert said(ruling) == ("The turned card is an Ace (Ace of espadas): everyone must go this deal (house rule 2, "
                            "played at this table). Pepe may not stay out.")
    asked = going(turned_card="1E")
    assert asked.legal is None and said(asked).endswith("Nobody may stay out.")


def test_house_rule_3_on_the_very_first_deal_everyone_must_go() -> None:
    """Seed 002, house rules: "3. On the very first round, everyone must "go" so that there are some lulos to pay
    for starters!" (on by default). Whatever the card turned."""
    ruling = going(first_deal=True, turned_card="5B", stayed_out="Juan, Ana")
    assert (ruling.legal, ruling.rule) == (False, RULE["first_deal_all_go"])
    assert said(ruling) == ("This is the first deal of the night: everyone must go (house rule 3, played at this "
                            "table), so that there are lulos to pay. Juan and Ana may not stay out.")


def test_otherwise_each_player_decides_whether_to_go() -> None:
    """Seed 002: "each player must now decide whether or not they're going to try to take any of the pots ... If
    you decide to “go,” you will play this round and you will risk being placed on the Lulo list if you do not take
    at least one trick. If you decide not to go, you sit out this round of three cards.\""""
    ruling = going(turned_card="5B", stayed_out=["Pepe", "Marta"])
    assert (ruling.legal, ruling.rule) == (True, RULE["going_choice"])
    assert said(ruling) == ("Nobody has to go this deal: each player chooses, starting with the player after the "
                            "dealer. Pepe and Marta may stay out of this deal. Whoever goes plays the three "
                            "tricks, and commits lulo without taking one.")
    assert going(turned_card="5B").legal is None


@pytest.mark.parametrize(("option", "situation"), [
    ("trump_ace_all_go", {"turned_card": "1O"}),
    ("first_deal_all_go", {"first_deal": True, "turned_card": "4O"}),
])
def test_a_table_without_the_house_rule_lets_each_player_choose(option: str, situation: dict[str, Any]) -> None:
    """Seed 002 calls them "House Rules": a table may not play them (RULINGS.md: "a house-rule option on the
    table"); without it, nobody has to go."""
    table = GAME.table(PLAYERS, {option: False})
    ruling = going(table, stayed_out=["Luis"], **situation)
    assert (ruling.legal, ruling.rule) == (True, RULE["going_choice"])


def test_andres_rule_on_copas_obliges_nobody() -> None:
    """Seed 002: "Andres' personal rule (this one is only applied by me, so it's not an official rule): 5. If the
    trump is cups, I'll always go!!!" Copas turned: each player still chooses."""
    ruling = going(turned_card="6C", stayed_out=["Ana"])
    assert ruling.legal is True
    assert "Copas being trumps obliges nobody: always going then is Andres' own rule, not the table's." in said(ruling)


def test_if_nobody_goes_the_pots_stay_for_the_next_deal() -> None:
    """RULINGS.md, Toruro: "If nobody goes, the pots stay and carry over to the next deal.\""""
    ruling = going(turned_card="5B", stayed_out=PLAYERS)
    assert (ruling.legal, ruling.rule) == (True, RULE["nobody_goes"])
    assert said(ruling).endswith("If nobody goes, nothing is played and the pots stay on the table for the next "
                                 "deal.")


def test_a_player_who_goes_alone_takes_all_three_pots() -> None:
    """Seed 002: "The first trick taken will win the cabeza, the second, the barriga, and the third the cola": a
    player who goes alone takes every trick (Tapete's reading, games.toruro.rules)."""
    ruling = going(turned_card="5B", stayed_out=["Ana", "Luis", "Pepe", "Juan"])
    assert ruling.rule == RULE["going_alone"]
    assert said(ruling).endswith("Only Marta goes: they play the three tricks alone and take all three pots.")


def test_the_referee_and_the_record_say_the_same_of_an_ace() -> None:
    """Seed 002, house rule 2: a deal recorded with someone out under an Ace is refused by the same rule the
    referee gives."""
    state = GAME.initial_state(FIVE)
    state, _outcome = GAME.apply(FIVE, state, {"turned_card": "4O", "went": PLAYERS, "tricks": ["Luis"] * 3})
    with pytest.raises(InvalidRecord) as info:
        GAME.apply(FIVE, state, {"turned_card": "1C", "went": ["Pepe", "Marta"], "tricks": ["Pepe"] * 3})
    assert str(info.value.errors["went"]) == ("The turned card is an Ace: everyone must go (house rule 2); Juan, "
                                              "Ana, Luis did not.")
    assert going(turned_card="1C", stayed_out=["Juan", "Ana", "Luis"]).legal is False


@pytest.mark.parametrize(("situation", "errors"), [
    ({}, {"turned_card": "Which card was turned? If it is an Ace, everyone must go (house rule 2)."}),
    ({"turned_card": "13O", "stayed_out": "Zoe", "first_deal": "perhaps"},
     {"turned_card": "13O is not a card of this game. Number + suit (O oros, C copas, E espadas, B "
                     "bastos): 1O (Ace), 3C, 12E (King), 11B (Horse), 10O (Jack).",
      "stayed_out": "Zoe is not playing at this table.", "first_deal": "Answer yes or no."}),
])
def test_a_going_question_that_cannot_be_is_refused_field_by_field(situation: dict[str, Any],
                                                                   errors: dict[str, str]) -> None:
    """Seed 002: "a Spanish deck of cards" (no 13), players at the table; house rule 2 needs the card turned."""
    with pytest.raises(InvalidRecord) as info:
        going(**situation)
    assert {k: str(v) for k, v in info.value.errors.items()} == errors


@pytest.mark.parametrize(("situation", "quoted"), [
    ({"turned_card": "1O"}, "2. If the turned card is an Ace, everyone must go."),
    ({"first_deal": True}, "3. On the very first deal, everyone must go"),
    ({"turned_card": "5B"}, "Starting with the player after the dealer, each player says whether they go."),
    ({"turned_card": "5B", "stayed_out": PLAYERS}, "If nobody goes, nothing is played and the pots stay"),
    ({"turned_card": "5B", "stayed_out": PLAYERS[1:]}, "If only one player goes, they play the three tricks alone"),
])
def test_every_going_answer_quotes_the_paragraph_it_rests_on(situation: dict[str, Any], quoted: str) -> None:
    """Tapete's promise: the ruling, and the rule shown (the paragraph of the rules page it rests on, quoted)."""
    cited = citation(GAME, going(**situation).rule)
    assert cited is not None and cited["quote"].startswith(quoted)
