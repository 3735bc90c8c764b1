"""Burro's referee, one test per rule of play, each quoting the seed (003, "Burro" and "Portuguese Variant").

Cards are Spanish codes: number then suit (O oros, C copas, E espadas, B bastos); 12 is the King, 1 the Ace."""

from __future__ import annotations

from typing import Any

import pytest

from games.burro.rules import GAME
from games.burro.rules_text import SECTION_KEYS
from referee.game import InvalidRecord, Ruling
from tests.said import bracket_in_a_bracket, said_in

PLAYERS = ["Ana", "Bea", "Carl", "Dani"]


def ask(situation: dict[str, Any], **options: Any) -> Ruling:
    return GAME.ruling(GAME.table(PLAYERS, options), situation)


def codes(cards: Any) -> list[str]:
    return [card.code for card in cards]


def refused(situation: dict[str, Any], **options: Any) -> dict[str, str]:
    with pytest.raises(InvalidRecord) as caught:
        ask(situation, **options)
    return {field: str(message) for field, message in caught.value.errors.items()}


# -- leading and following ---------------------------------------------------------------------------------------

def test_the_leader_may_lead_any_card():
    """Seed: "The first player leads a card to a trick"."""
    ruling = ask({"hand": ["3O", "12C", "5E"], "card": "12C"})
    assert ruling.legal is True and str(ruling.rule) == "Leading"
    assert codes(ruling.legal_cards) == ["3O", "12C", "5E"]


def test_follow_suit_when_you_can():
    """Seed: "players must follow suit"."""
    ruling = ask({"hand": ["3O", "12C", "9O"], "trick": ["7O"], "card": "9O"})
    assert ruling.legal is True and str(ruling.rule) == "Follow suit"
    assert codes(ruling.legal_cards) == ["3O", "9O"]
    assert str(ruling.explanation) == "9 of oros: may be played. A card of oros, the suit led."


def test_another_suit_may_not_be_played_while_holding_the_suit_led():
    ruling = ask({"hand": ["3O", "12C", "5E"], "trick": ["7O"], "card": "12C"})
    assert ruling.legal is False and str(ruling.rule) == "Follow suit"
    assert str(ruling.explanation) == ("King (rey) of copas: may not be played. The suit led is oros and you hold "
                                       "some: play one of them.")
    assert str(ruling.reasons[ruling.legal_cards[0]]) == "A card of oros, the suit led."


def test_card_by_card_a_card_of_another_suit_says_the_suit_led_and_that_you_hold_some():
    """Said as one sentence a player reads beside the card ("Not oros: you hold oros" read as a contradiction)."""
    ruling = ask({"hand": ["3O", "12C", "5E"], "trick": ["7O"], "card": "12C"})
    other = [card for card in ruling.reasons if card.code == "12C"]
    assert str(ruling.reasons[other[0]]) == "The suit led is oros and you hold some: you must follow suit."


def test_without_the_suit_led_draw_until_you_can_follow():
    """Seed: "If they cannot, they must draw cards until they have a card of the led suit to play." No card of
    another suit may go to the trick, and the player must draw."""
    play = ask({"hand": ["12C", "5E"], "trick": ["7O"], "card": "12C"})
    assert play.legal is False and str(play.rule) == "Draw until you can follow" and play.legal_cards == ()
    draw = ask({"question": "draw", "hand": ["12C", "5E"], "trick": ["7O"]})
    assert draw.legal is True and str(draw.rule) == "Draw until you can follow"
    assert "you must draw from the stock, one card at a time, until you draw one" in str(draw.explanation)


def test_the_stock_is_empty_the_player_passes():
    """Seed: "If the draw pile runs out, the player simply passes.\""""
    play = ask({"hand": ["12C", "5E"], "trick": ["7O"], "stock_empty": True})
    assert play.legal is None and play.legal_cards == () and str(play.rule) == "The stock is empty: pass"
    draw = ask({"question": "draw", "hand": ["12C", "5E"], "trick": ["7O"], "stock_empty": True})
    assert draw.legal is False and str(draw.rule) == "The stock is empty: pass"


def test_spanish_stop_drawing_once_you_draw_the_suit_led():
    """Seed: draw "until they have a card of the led suit to play". Having drawn the 2 of oros, stop and play
    it."""
    draw = ask({"question": "draw", "hand": ["12C", "2O"], "trick": ["7O"], "drawn": True})
    assert draw.legal is False and str(draw.rule) == "Draw until you can follow"
    assert codes(draw.legal_cards) == ["2O"]
    play = ask({"hand": ["12C", "2O"], "trick": ["7O"], "drawn": True, "card": "2O"})
    assert play.legal is True


def test_portuguese_players_may_keep_drawing_after_finding_the_suit_led():
    """Seed: "players may continue to draw even after finding a card of the suit led"."""
    draw = ask({"question": "draw", "hand": ["12C", "2O"], "trick": ["7O"], "drawn": True}, variant="portuguese")
    assert draw.legal is True and str(draw.rule) == "Portuguese: you may keep drawing"
    play = ask({"hand": ["12C", "2O"], "trick": ["7O"], "drawn": True}, variant="portuguese")
    assert "draw instead" in str(play.explanation) and codes(play.legal_cards) == ["2O"]


def test_nobody_draws_while_holding_the_suit_led():
    """Drawing is for a player who cannot follow: holding the suit led from the start, play it (Portuguese
    too: only a player already drawing may keep on)."""
    for variant in ("spanish48", "portuguese"):
        draw = ask({"question": "draw", "hand": ["12C", "2O"], "trick": ["7O"]}, variant=variant)
        assert draw.legal is False and str(draw.rule) == "No drawing while you can follow"


def test_an_empty_stock_stops_even_a_portuguese_player_drawing():
    draw = ask({"question": "draw", "hand": ["12C", "2O"], "trick": ["7O"], "drawn": True, "stock_empty": True},
               variant="portuguese")
    assert draw.legal is False and str(draw.rule) == "Follow suit" and codes(draw.legal_cards) == ["2O"]


def test_house_rule_a_portuguese_player_may_draw_while_holding_the_suit_led():
    """House rule (off by default): drawing at will in the Portuguese game."""
    situation = {"question": "draw", "hand": ["12C", "2O"], "trick": ["7O"]}
    ruling = ask(situation, variant="portuguese", draw_at_will=True)
    assert ruling.legal is True and str(ruling.rule) == "House rule: drawing at will"
    assert ask(situation, variant="portuguese").legal is False
    play = ask({"hand": ["12C", "2O"], "trick": ["7O"]}, variant="portuguese", draw_at_will=True)
    assert str(play.explanation) == ("The suit led is oros and you hold some: play one of them or, in the "
                                     "Portuguese game, draw instead.")


def test_the_leader_never_draws():
    draw = ask({"question": "draw", "hand": ["12C", "2O"]})
    assert draw.legal is False and str(draw.rule) == "No drawing while you can follow"
    assert "the leader plays any card and never draws" in str(draw.explanation)


# -- the trick ------------------------------------------------------------------------------------------------------

def test_the_highest_card_of_the_suit_led_takes_the_trick_king_high_ace_low():
    """Seed: "Cards are ranked King high down to Ace low." "Tricks are won by the highest card of the led suit,
    and that player leads a card to the next trick." In the 48-card deck the 9 is above the 8 and below the
    Jack (10)."""
    ruling = ask({"question": "trick", "trick": ["1O", "9O", "8O", "7O"]})
    assert ruling.winner.code == "9O" and str(ruling.rule) == "Who takes the trick"
    assert ask({"question": "trick", "trick": ["9O", "10O", "11O"]}).winner.code == "11O"
    king = ask({"question": "trick", "trick": ["1O", "12O", "11O"]})
    assert king.winner.code == "12O"
    assert str(king.explanation) == ("The King (rey) of oros is the highest card of oros, the suit led: King (rey) "
                                     "of oros takes the trick and leads the next one.")


def test_the_winner_by_name_when_the_players_are_given():
    ruling = ask({"question": "trick", "trick": ["7O", "12O", "1O"], "players": ["Bea", "Dani", "Ana"]})
    assert ruling.winner_seat.name == "Dani" and ruling.to_json()["winner"] == "Dani"


# Seed 003: "The first player leads a card to a trick ... that player leads a card to the next trick"; "If the draw
# pile runs out, the player simply passes"; "Players who run out of cards drop out of play". RULINGS.md (General):
# players are entered in the order of play. The cards go round the table from who led, skipping who plays none.

def test_the_winner_is_named_from_who_led_in_the_order_of_play():
    """Ana, Bea, Carl, Dani at the table; Carl led the 7 of oros, then Dani the King, then Ana the Ace: Dani's King,
    the highest, takes the trick, and Dani leads the next one."""
    ruling = ask({"question": "trick", "leader": "Carl", "trick": ["7O", "12O", "1O"]})
    assert ruling.winner_seat.name == "Dani" and ruling.winner.code == "12O"
    assert str(ruling.explanation) == ("Dani wins the trick with the King (rey) of oros, the highest card of oros, "
                                       "the suit led, and leads the next one.")


def test_who_plays_no_card_to_the_trick_is_skipped():
    """The stock empty, Dani held no oros and passed (or had no cards left): after Carl comes Ana, then Bea. Carl's
    7, Ana's King, Bea's Ace: Ana takes it (skipping nobody, Dani would have been named instead)."""
    ruling = ask({"question": "trick", "leader": "Carl", "out": ["Dani"], "trick": ["7O", "12O", "1O"]})
    assert ruling.winner_seat.name == "Ana"


def test_a_leader_who_plays_no_card_is_refused_beside_who_led():
    assert refused({"question": "trick", "leader": "Dani", "out": ["Dani"], "trick": ["7O", "12O"]}) == {
        "leader": "Dani plays no card to this trick, so did not lead it."}
    assert refused({"question": "trick", "leader": "Ana", "out": ["Bea", "Dani"], "trick": ["7O", "12O", "1O"]}) == {
        "out": "3 cards, but only 2 players play to this trick."}


def test_a_legal_card_that_ends_the_trick_is_told_who_takes_it():
    """Bea led the 7 of oros and Carl played the 3; Dani passed; Ana, the last to play, may follow with her King of
    oros, and it takes the trick: Ana's. Before the last card, nobody is named."""
    ruling = ask({"leader": "Bea", "out": ["Dani"], "trick": ["7O", "3O"], "hand": ["12O", "5C"], "card": "12O"})
    assert ruling.legal is True and ruling.winner_seat.name == "Ana"
    assert str(ruling.explanation).endswith("Ana wins the trick with the King (rey) of oros, the highest card of "
                                            "oros, the suit led, and leads the next one.")
    assert ask({"leader": "Bea", "trick": ["7O", "3O"], "hand": ["12O", "5C"], "card": "12O"}).winner is None


def test_a_trick_without_a_hand_asks_who_takes_it():
    assert ask({"trick": ["7O", "12O"]}).winner.code == "12O"


def test_a_trick_of_one_card_goes_to_its_leader():
    """The others passed (or are out): the lead takes the trick."""
    assert ask({"question": "trick", "trick": ["3B"]}).winner.code == "3B"


def test_a_trick_holds_only_cards_of_the_suit_led():
    assert refused({"question": "trick", "trick": ["7O", "12C"]}) == {
        "trick": "King (rey) of copas is not of the suit led (oros): a player who cannot follow draws or passes, "
                 "and never plays another suit."}


# -- Burro em pé ----------------------------------------------------------------------------------------------------

def test_burro_em_pe_whoever_knocks_the_stock_over_takes_it_all():
    """Seed: "If a player knocks over the stock while drawing, they are required to pick up the entire pile.\""""
    ruling = ask({"question": "knocked"}, variant="portuguese", em_pe=True)
    assert str(ruling.rule) == "Knocking the stock over"
    assert str(ruling.explanation).startswith("You knocked the stock over while drawing: take the whole stock")
    drawing = ask({"question": "draw", "hand": ["12C"], "trick": ["7O"]}, variant="portuguese", em_pe=True)
    assert "whoever knocks the stock over takes it all" in str(drawing.explanation)


def test_the_stock_stands_up_only_in_burro_em_pe():
    assert refused({"question": "knocked"}) == {
        "question": "Only in Burro em pé does the stock stand up to be knocked over; at this table it lies flat."}
    assert ask({"question": "knocked", "variant": "em_pe"}).rule.key == "burro-em-pe"


# -- the deck and the situation -------------------------------------------------------------------------------------

def test_8s_and_9s_only_in_the_48_card_deck():
    assert codes(ask({"hand": ["8O", "9C"]}).legal_cards) == ["8O", "9C"]
    assert refused({"hand": ["8O", "9C"]}, variant="spanish40") == {
        "hand": "8O is not in the 40-card deck: it has no 8s or 9s."}
    assert refused({"trick": ["9O"], "variant": "portuguese"}) == {
        "trick": "9O is not in the 40-card deck: it has no 8s or 9s."}


def test_the_variant_asked_rules_instead_of_the_tables():
    situation = {"question": "draw", "hand": ["12C", "2O"], "trick": ["7O"], "drawn": True}
    assert ask({**situation, "variant": "portuguese"}).legal is True
    assert ask({**situation, "variant": "spanish48"}, variant="portuguese").legal is False
    assert refused({**situation, "variant": "italian"}) == {
        "variant": "The variant is spanish48, spanish40, portuguese or em_pe."}


def test_a_situation_that_cannot_be_gets_a_message_per_field():
    assert refused({}) == {"hand": "Give the hand of the player to play, or the cards of a trick to find who "
                                   "takes it."}
    assert refused({"hand": ["7O", "3C"], "trick": ["7O"]}) == {
        "hand": "7 of oros cannot be both in the hand and in the trick."}
    assert refused({"hand": ["7O"], "card": "3C"}) == {"card": "3 of copas is not in the hand given."}
    assert refused({"question": "draw", "trick": ["7O"]}) == {
        "hand": "Give the cards the player holds now (those drawn this turn included)."}
    assert refused({"question": "trick"}) == {"trick": "Give the cards of the trick, lead first, to find who "
                                                       "takes it."}
    assert refused({"question": "trick", "trick": ["7O", "12O"], "players": ["Ana"]}) == {
        "players": "Name who played each of the 2 cards of the trick, in order."}


def seated(situation: dict[str, Any]) -> dict[str, Any]:
    """An example as asked at this table: its "Player 2" is the table's second player, as on the referee page."""
    return {key: PLAYERS[int(value.split()[-1]) - 1] if isinstance(value, str) and value.startswith("Player ")
            else value for key, value in situation.items()}


def test_every_ruling_cites_a_rule_of_the_rules_page():
    situations = [seated(dict(example.situation)) for example in GAME.examples] + [
        {"hand": ["3O"]}, {"hand": ["12C"], "trick": ["7O"], "stock_empty": True},
        {"question": "draw", "hand": ["12C"], "trick": ["7O"]}]
    for situation in situations:
        rule = ask(dict(situation)).rule
        assert rule.key in SECTION_KEYS, (situation, rule)


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_a_card_not_of_the_suit_led_is_refused_without_a_bracket_in_a_bracket(language):
    """French names a Spanish suit with its Spanish name in brackets ("deniers (oros)"): "not of the suit led
    (deniers (oros))" put a bracket in a bracket. A suit in brackets is said in one word."""

    with pytest.raises(InvalidRecord) as caught:
        ask({"question": "trick", "trick": ["7O", "12C"]})
    said = said_in(language, caught.value.errors["trick"])
    assert bracket_in_a_bracket(said) is None, said
