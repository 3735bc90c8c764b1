"""Casita Robada's referee, one test per rule, named after it: capture by rank, a matching pile stolen instead of
the centre, cards left to the last capturer; the seed's own example as the golden case."""

from __future__ import annotations

import pytest

from games.casita.rules import GAME
from games.casita.rules_text import (
    P_CAPTURE,
    P_LEFT_OVER,
    P_NO_CAPTURE,
    P_NO_MATCH,
    P_OWN_PILE,
    P_STEAL,
    RULES,
    SECTION_KEYS,
)
from referee.cards import Card
from referee.game import InvalidRecord
from tests.said import bracket_in_a_bracket, said_in

TWO = ["Ana", "Bea"]
THREE = ["Ana", "Bea", "Carl"]


def rule(players=TWO, options=None, **situation):
    return GAME.ruling(GAME.table(players, options or {}), situation)


def said(ruling) -> str:
    return str(ruling.explanation)


def quoted(ruling):
    """The paragraph of the rules page the ruling rests on, which the referee quotes beside it."""
    section = next(section for section in RULES if section.key == ruling.rule.key)
    return section.paragraphs[ruling.rule.paragraph]


def test_the_seeds_example_ten_nothing_six_captures_five_steals():
    """Seed: "I can play the 10 to the table, capturing nothing. Or, play the 6 and capture the 6 from the table,
    and put them both on top of my pile. Finally, if I play the 5, I capture my opponent's entire pile"."""
    ruling = rule(hand=["10O", "6C", "5E"], centre=["6B", "2O", "12C"], piles=[{"player": "Bea", "top": "5B"}])
    assert ruling.legal is None and str(ruling.rule) == "Capturing from the centre"
    reasons = {card.code: str(why) for card, why in ruling.reasons.items()}
    assert reasons == {
        "10O": "Jack (sota) of oros matches no card in the centre and no other player's pile: it stays in the centre.",
        "6C": "6 of copas captures 6 of bastos from the centre: 2 cards go onto your pile, 6 of copas on top.",
        "5E": "5 of espadas matches the top of Bea's pile: you steal that whole pile and put it on yours, 5 of "
              "espadas on top.",
    }


def test_a_card_captures_every_centre_card_of_its_rank():
    """Seed: "If you match ranks with any of the cards there, you capture them. Take your card and all matching
    cards". Suits do not matter: the 7 of oros takes the 7s of copas and espadas, not the 6."""
    ruling = rule(card="7O", centre=["7C", "6C", "7E"])
    assert str(ruling.rule) == "Capturing from the centre" and ruling.rule.key in SECTION_KEYS
    assert said(ruling) == ("7 of oros captures 7 of copas, 7 of espadas from the centre: 3 cards go onto your pile, "
                            "7 of oros on top.")


def test_a_card_matching_nothing_stays_in_the_centre():
    """Seed: "If you didn't match anything, your card stays in the middle."""
    ruling = rule(card="3B", centre=["7C", "6C"], piles=["12O"])
    assert ruling.legal is None and str(ruling.rule) == "Capturing from the centre"
    assert "it stays in the centre" in said(ruling)


def test_a_card_matching_a_piles_top_steals_it_instead_of_capturing_from_the_centre():
    """Seed: "If the card you play matches the top card of someone's pile, then instead of taking cards from the
    middle, you capture that player's entire pile." RULINGS: "**instead of** capturing from the centre"."""
    ruling = rule(card="5O", centre=["5C", "7E"], piles=[{"player": "Bea", "top": "5E"}])
    assert str(ruling.rule) == "Stealing a pile" and ruling.rule.key == "stealing"
    assert said(ruling) == ("5 of oros matches the top of Bea's pile: you steal that whole pile and put it on yours, "
                            "5 of oros on top. 5 of copas stays in the centre: stealing is instead of capturing from "
                            "the centre.")
    two = rule(card="5O", centre=["5C", "5B"], piles=["5E"])
    assert said(two).endswith("5 of copas, 5 of bastos stay in the centre: stealing is instead of capturing from "
                              "the centre.")


def test_taking_the_centre_when_a_pile_matches_is_not_legal_the_card_steals_that_pile_instead():
    """The answer says what happens here (who steals what, and what stays in the centre); the rule's own words
    are quoted beside it, not repeated in the answer (a tester read them twice)."""
    ruling = rule(question="centre", card="5O", centre=["5C", "7E"], piles=[{"player": "Bea", "top": "5E"}])
    assert ruling.legal is False and str(ruling.rule) == "Stealing a pile" and quoted(ruling) == P_STEAL
    assert said(ruling) == ("No. 5 of oros matches the top of Bea's pile: you steal that whole pile and put it on "
                            "yours, 5 of oros on top. 5 of copas stays in the centre: stealing is instead of "
                            "capturing from the centre.")
    assert str(P_STEAL) not in said(ruling)


def test_taking_the_centre_without_a_card_of_that_rank_is_not_legal():
    ruling = rule(question="centre", card="4O", centre=["5C", "7E"])
    assert ruling.legal is False and str(ruling.rule) == "Capturing from the centre" and quoted(ruling) == P_NO_MATCH
    assert said(ruling) == "No: no card in the centre has the rank of 4 of oros, so it stays in the centre."


def test_taking_the_centre_with_a_matching_card_is_legal():
    ruling = rule(question="centre", card="12O", centre=["12C", "7E"], piles=["3B"])
    assert ruling.legal is True
    assert said(ruling) == ("Yes. King (rey) of oros captures King (rey) of copas from the centre: 2 cards go onto "
                            "your pile, King (rey) of oros on top.")


def test_stealing_a_matching_pile_is_legal():
    ruling = rule(question="steal", card="11B", piles=[{"player": "Bea", "top": "11O"}])
    assert ruling.legal is True and str(ruling.rule) == "Stealing a pile"
    assert said(ruling).startswith("Yes. Horse (caballo) of bastos matches the top of Bea's pile")


def test_ones_own_pile_cannot_be_stolen():
    """RULINGS: "A card matching the top of another player's pile steals the whole pile": one's own pile is
    not another player's; the card captures from the centre as usual."""
    ruling = rule(question="steal", card="7O", centre=["7C"], own_pile="7B", piles=["2E"])
    assert ruling.legal is False and str(ruling.rule) == "Stealing a pile"
    assert said(ruling) == "No: 7 of oros matches only the top of your own pile, which you cannot steal."
    assert quoted(ruling) == P_OWN_PILE
    take = rule(card="7O", centre=["7C"], own_pile="7B")
    assert str(take.rule) == "Capturing from the centre"
    assert said(take) == ("7 of oros captures 7 of copas from the centre: 2 cards go onto your pile, 7 of oros on "
                          "top. The top of your own pile does not count.")


def test_several_matching_piles_the_player_steals_one_of_them_by_default():
    """House rule (the texts are silent): at three or four players a card matching several piles' tops steals
    one of them, the player's choice; or, with the option, all of them."""
    situation = {"card": "6O", "piles": [{"player": "Bea", "top": "6C"}, {"player": "Carl", "top": "6E"}]}
    one = rule(THREE, **situation)
    assert said(one) == ("6 of oros matches the top of Bea's pile and Carl's pile: you steal one of these piles, "
                         "whichever you choose (house rule), and put it on yours, 6 of oros on top.")
    every = rule(THREE, {"several_piles": "all"}, **situation)
    assert said(every) == ("6 of oros matches the top of Bea's pile and Carl's pile: you steal all of them (house "
                           "rule) and put them on yours, 6 of oros on top.")


def test_which_cards_of_a_hand_may_steal():
    ruling = rule(question="steal", hand=["5O", "6B", "12E"], centre=["6C"], piles=["12B", "3O"])
    assert ruling.legal is None and [c.code for c in ruling.legal_cards] == ["12E"]
    assert set(ruling.reasons) == {Card("O", "5"), Card("B", "6"), Card("E", "12")}


def test_which_cards_of_a_hand_may_capture_from_the_centre():
    ruling = rule(question="centre", hand=["5O", "6B", "12E"], centre=["6C", "12C"], piles=["12B"])
    assert [c.code for c in ruling.legal_cards] == ["6B"]  # the 12 steals the pile instead


def test_cards_left_in_the_centre_go_to_the_last_capturer():
    """Seed: "any remaining cards in the center go to the last player who made a match"; a steal is a capture."""
    ruling = rule(question="end", centre=["3O", "6B"], last_capturer="bea")
    assert str(ruling.rule) == "Cards left at the end" and ruling.rule.key == "cards-left"
    assert said(ruling) == ("The 2 cards left in the centre go to Bea, the last player who captured: 3 of oros, "
                            "6 of bastos.")
    assert quoted(ruling) == P_LEFT_OVER
    anyone = rule(question="end", centre=["3O"])
    assert said(anyone).startswith("The card left in the centre goes to the last player who captured: 3 of oros.")


def test_nobody_captured_all_deal_the_deal_is_void_by_default():
    """House rule (no last capturer, and the texts are silent): the deal is void and dealt again; or the dealer
    takes the cards left."""
    void = rule(question="end", centre=["3O"], nobody_captured=True)
    assert said(void) == "Nobody captured: the deal is void and is dealt again (house rule)."
    assert quoted(void) == P_NO_CAPTURE
    dealer = rule(options={"no_capture": "dealer"}, question="end", centre=["3O"], nobody_captured=True)
    assert said(dealer).startswith("Nobody captured: the dealer takes the cards left in the centre (house rule).")


SPANISH_HINT = ("Number + suit (O oros, C copas, E espadas, B bastos): 1O (Ace), 3C, 12E (King), 11B (Horse), "
                "10O (Jack).")


@pytest.mark.parametrize(("situation", "field", "message"), [
    ({}, "card", "Which card is played? Or give your hand to see what each card would take."),
    ({"card": "ZZ"}, "card", "ZZ is not a card of this game. " + SPANISH_HINT),
    ({"card": "KH"}, "card", "KH is not a card of this game. " + SPANISH_HINT),  # a French card, Spanish deck
    ({"card": "5O", "centre": ["5O"]}, "centre", "5 of oros is given twice: there is one of each card."),
    ({"card": "5O", "hand": ["6O", "7O"]}, "card", "5 of oros is not in the hand given."),
    ({"card": "5O", "piles": [{"player": "Eva", "top": "5C"}]}, "piles.0.player", "Eva is not playing at this table."),
    ({"card": "5O", "piles": [{"player": "Bea"}]}, "piles.0.top", "Give the pile's top card."),
    ({"card": "5O", "piles": 5}, "piles", "Give the top card of each other player's pile, like 5E 12B."),
    ({"question": "end", "last_capturer": "Ana", "nobody_captured": True}, "nobody_captured",
     "Somebody captured last, or nobody captured: not both."),
    ({"question": "bluff", "card": "5O"}, "question", "Ask what a card takes, whether it may capture from the centre "
                                                      "or steal a pile, or who gets the cards left at the end."),
    ({"card": "5O", "trick": ["5C"]}, "trick", "Unknown field for Casita Robada."),
])
def test_a_situation_that_cannot_be_is_refused_beside_the_field(situation, field, message):
    with pytest.raises(InvalidRecord) as refused:
        rule(**situation)
    assert str(refused.value.errors[field]) == message


@pytest.mark.parametrize("situation", [["5O"], "5O", None])
def test_a_situation_that_is_not_an_object_is_refused(situation):
    with pytest.raises(InvalidRecord) as refused:
        GAME.ruling(GAME.table(TWO), situation)
    assert str(refused.value.errors["__all__"]) == ("Send the situation as an object: the question, the card "
                                                   "played, the centre, the piles.")


def test_the_tables_deck_reads_the_cards():
    ruling = GAME.ruling(GAME.table(TWO, {"deck": "french52"}), {"card": "KH", "centre": ["KS", "2C"]})
    assert str(ruling.explanation) == ("King of hearts captures King of spades from the centre: 2 cards go onto "
                                       "your pile, King of hearts on top.")


def test_the_rules_quoted_are_on_the_rules_page():
    paragraphs = [p for section in RULES for p in section.paragraphs]
    assert P_CAPTURE in paragraphs and P_STEAL in paragraphs and P_LEFT_OVER in paragraphs


def test_every_example_gets_an_answer():
    table = GAME.table(["Player 1", "Player 2", "Player 3", "Player 4"])
    for example in GAME.examples:
        assert GAME.ruling(table, example.situation).explanation


def test_a_pile_whose_owner_is_not_given_is_named_by_its_top_card_not_by_a_number():
    """The players see a pile's top card, not its place in the form's list (found by a tester: "pile 1")."""
    ruling = rule(card="6O", centre=["3C"], piles=["2B", "6E", "6C"])
    assert said(ruling).startswith("6 of oros matches the top of the 6 of espadas pile and the 6 of copas pile: ")
    assert "pile 2" not in said(ruling) and "pile 3" not in said(ruling)


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_the_cards_left_in_the_centre_are_listed_without_a_bracket_in_a_bracket(language):
    """French names a card of the Spanish deck with its Spanish suit in brackets ("3 de deniers (oros)"), English a
    court card with its Spanish name ("Horse (caballo) of copas"): "The 2 cards left in the centre (3 de deniers
    (oros), …)" put a bracket in a bracket. The cards come last, after a colon."""

    for centre in (["3O", "11C"], ["11C"]):
        ruling = rule(question="end", centre=centre, last_capturer="bea")
        said = said_in(language, ruling.explanation)
        assert bracket_in_a_bracket(said) is None, said
