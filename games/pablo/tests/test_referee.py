"""The referee, one rule per test, quoting the texts: French pairs (seed 001 §5, with its own example), English
matching (seed 004 "Matching Cards", Examples I and II), powers (seed 001 §4, seed 004 "Special cards"),
calling Pablo (both), and the English advanced rule for an empty field."""

from __future__ import annotations

import pytest

from games.pablo.play import EXAMPLES
from games.pablo.rules import GAME
from games.pablo.rules_text import RULE_KING_LOOKS, SECTION_KEYS
from referee.game import InvalidRecord

from .helpers import table


def ask(variant: str = "french", *, options: dict | None = None, **situation):
    spec = table(variant, ["Ana", "Bea", "Carl"], **(options or {}))
    return GAME.ruling(spec, situation)


def said(answer) -> str:
    return str(answer.explanation)


# -- French: pairs, triples and quadruples (seed 001 §5) ------------------------------------------------------

def test_golden_the_french_texts_pair_replacement():
    """Seed 001 §5, its own example: "Un joueur possède les cartes suivantes : 5 3 / 8 5. Il tire alors un 4 et
    décide de remplacer sa paire de 5. Son jeu devient donc le suivant : 4 3 / 8" — 4 + 3 + 8 = 15."""
    answer = ask(question="match", hand="5S 3H 8C 5D", cards="5S 5D", drawn="4H")
    assert answer.legal is True
    assert answer.rule.key == "pairs"
    assert "Your cards after: 4♥ 3♥ 8♣ (15 points)." in said(answer)


def test_french_a_wrong_pair_goes_back_and_the_card_drawn_is_kept_too():
    """Seed 001 §5: "Si le joueur s'est trompé ... il reprend ses deux cartes et conserve la carte piochée, se
    retrouvant finalement avec une carte supplémentaire": 5 3 8 6 + 4 = five cards, 26 points."""
    answer = ask(question="match", hand="5S 3H 8C 6D", cards="5S 6D", drawn="4H")
    assert answer.legal is False and answer.rule.key == "pairs"
    assert "not a pair" in said(answer)
    assert "Your cards after: 5♠ 3♥ 8♣ 6♦ 4♥ (26 points)." in said(answer)


def test_french_triples_and_quadruples_work_the_same_way():
    """Seed 001 §5: "La même règle s'applique pour les triples et les quadruples.\""""
    answer = ask(question="match", hand="9S 9H 9D 2C", cards="9S 9H 9D", drawn="KD")
    assert answer.legal is True and "Your cards after: K♦ 2♣ (2 points)." in said(answer)


def test_french_a_single_card_cannot_match():
    """Seed 001 has no matching of a single card: only a pair (or more) is put down."""
    assert ask(question="match", cards="5S", discard_top="5H").legal is False


def test_the_cards_put_down_must_be_among_the_hand_given():
    with pytest.raises(InvalidRecord) as info:
        ask(question="match", hand="5S 3H 8C 6D", cards="5S 5D", drawn="4H")
    assert set(info.value.errors) == {"cards"}


def refused(**situation) -> dict[str, str]:
    with pytest.raises(InvalidRecord) as info:
        ask(**situation)
    return {key: str(message) for key, message in info.value.errors.items()}


def test_french_a_set_is_at_most_a_quadruple():
    """Seed 001 §5: "paires, triples et quadruples"; a deck holds 4 cards of a rank, so 5 cards never go down."""
    assert refused(question="match", cards="9S 9H 9D 9C 2C", drawn="4H") == {
        "cards": "At most 4 cards go down together: a pair, a triple or a quadruple."}


def test_french_with_two_decks_a_set_is_at_most_8_cards():
    """Seed 001 §1: more players, a second deck: 4 × 2 = 8 nines may go down together, never 9 cards."""
    spec = table("french", ["P1", "P2", "P3", "P4", "P5", "P6", "P7"])
    eight = "9S 9H 9D 9C 9S 9H 9D 9C"
    answer = GAME.ruling(spec, {"question": "match", "cards": eight, "drawn": "2C"})
    assert answer.legal is True and "one card in place of 8" in said(answer)
    with pytest.raises(InvalidRecord) as info:
        GAME.ruling(spec, {"question": "match", "cards": eight + " 2S", "drawn": "2C"})
    assert str(info.value.errors["cards"]) == ("At most 8 cards go down together: there are 8 of each rank in two "
                                               "decks.")
    with pytest.raises(InvalidRecord) as info:
        GAME.ruling(spec, {"question": "match", "cards": "9S 9S 9S", "drawn": "2C"})
    assert str(info.value.errors["cards"]) == "9♠ is given three times: there are two of each card."


def test_french_a_card_put_down_twice_is_refused():
    """One deck: there is one 5♠, so a "pair" 5♠ 5♠ cannot be on the table."""
    assert refused(question="match", cards="5S 5S", drawn="4H") == {
        "cards": "5♠ is given twice: there is one of each card."}


def test_french_the_card_drawn_is_not_one_of_the_cards_held():
    """With one deck the 5♠ drawn cannot also be among the cards put down or the cards held."""
    assert refused(question="match", cards="5S 5D", drawn="5S") == {
        "drawn": "5♠ is among your cards: it cannot be the card drawn as well."}
    assert refused(question="match", hand="5S 3H 8C 5D", cards="5S 5D", drawn="3H") == {
        "drawn": "3♥ is among your cards: it cannot be the card drawn as well."}


def test_french_with_two_decks_the_card_drawn_may_be_the_other_copy():
    """Seven players, two decks: a second 3♥ may be drawn while one is held, not a third."""
    spec = table("french", ["P1", "P2", "P3", "P4", "P5", "P6", "P7"])
    answer = GAME.ruling(spec, {"question": "match", "hand": "5S 3H 8C 5D", "cards": "5S 5D", "drawn": "3H"})
    assert answer.legal is True and "Your cards after: 3♥ 3♥ 8♣ (14 points)." in said(answer)  # 3 + 3 + 8
    with pytest.raises(InvalidRecord) as info:
        GAME.ruling(spec, {"question": "match", "hand": "5S 3H 3H 5D", "cards": "5S 5D", "drawn": "3H"})
    assert str(info.value.errors["drawn"]) == "Both 3♥ are among your cards: it cannot be the card drawn as well."


# -- English: matching the discard (seed 004 "Matching Cards") ------------------------------------------------

def test_english_a_card_of_the_same_number_matches_the_top_of_the_discard():
    """Seed 004 Example I: "If you have a 5 in your field and draw another 5, you may place the drawn 5 into the
    discard pile and also get rid of the 5 from your field." Your cards after: K♦ 9♠ 2♥ = 0 + 9 + 2 = 11."""
    answer = ask("english", question="match", discard_top="5H", cards="5C", hand="5C KD 9S 2H")
    assert answer.legal is True and answer.rule.key == "matching"
    assert "Your cards after: K♦ 9♠ 2♥ (11 points)." in said(answer)


def test_english_a_wrong_match_goes_back_and_costs_a_penalty_card():
    """Seed 004 Example II: "show the incorrect match to everyone and return the card face-down back to its
    original position. You then draw another card ... As an incorrect match has been made, the 5 can still be
    matched"."""
    answer = ask("english", question="match", discard_top="5H", cards="6C", hand="6C KD 9S 2H")
    assert answer.legal is False and answer.rule.key == "matching"
    assert "draw a penalty card" in said(answer) and "The 5♥ may still be matched." in said(answer)
    assert "You will have 5 cards." in said(answer)


def test_english_only_one_card_may_match():
    """Seed 004: "Only one card may be used to match the discarded card (the faster one gets to discard!)"."""
    answer = ask("english", question="match", discard_top="5H", cards="5C 5S")
    assert answer.legal is False and "Only one card may match" in said(answer)


def test_english_pictures_match_by_rank():
    answer = ask("english", question="match", discard_top="JH", cards="JS")
    assert answer.legal is True and "A card put down as a match has no power." in said(answer)


def test_english_matching_another_players_card_then_give_them_one_of_yours():
    """Seed 004: "A player may discard another player's matching card and then replace the discarded card with one
    of their own"."""
    answer = ask("english", question="match", discard_top="5H", cards="5D", player="Ana", target="Bea")
    assert answer.legal is True and "you may give Bea one of your own cards in its place" in said(answer)


def test_the_top_of_the_discard_is_not_put_down_on_itself():
    with pytest.raises(InvalidRecord) as info:
        ask("english", question="match", discard_top="5H", cards="5H")
    assert set(info.value.errors) == {"cards"}


def test_english_the_cards_held_are_each_held_once():
    """One deck: a hand 5♣ 5♣ cannot be."""
    assert refused(variant="english", question="match", discard_top="5H", cards="5C", hand="5C 5C 9S") == {
        "hand": "5♣ is given twice: there is one of each card."}


def test_english_the_top_of_the_discard_is_not_among_the_cards_held():
    """One deck: the 5♥ on the discard pile cannot also be in your field."""
    assert refused(variant="english", question="match", discard_top="5H", cards="5C", hand="5C 5H 9S") == {
        "discard_top": "5♥ is among your cards: it cannot be on the discard pile as well."}


def test_an_empty_entry_in_a_list_of_cards_is_not_a_card():
    errors = refused(variant="english", question="match", discard_top="5H", cards=["5C", None])
    assert errors == {"cards": "An empty entry is not a card: give card codes such as KD 10S AH."}


def test_a_match_needs_the_top_of_the_discard():
    with pytest.raises(InvalidRecord) as info:
        ask("english", question="match", cards="5C")
    assert set(info.value.errors) == {"discard_top"}


# -- powers --------------------------------------------------------------------------------------------------

def test_french_the_7_and_the_8_have_powers_from_the_stock():
    """Seed 001 §4: "7 : ... regarder une carte de son jeu. 8 : ... échanger une carte de son jeu avec une carte
    d'un autre joueur"."""
    seven = ask(question="power", drawn="7H", source="stock")
    eight = ask(question="power", drawn="8C", source="stock", player="Ana", target="Bea")
    assert (seven.legal, eight.legal) == (True, True)
    assert "look at one of your own cards" in said(seven) and "swap one of your cards" in said(eight)


def test_french_a_power_only_on_a_card_just_drawn_from_the_stock():
    """Seed 001 §4: "Ce pouvoir est valable uniquement lorsque la carte vient d'être tirée de la pioche.\""""
    answer = ask(question="power", drawn="7H", source="discard")
    assert answer.legal is False and answer.rule.key == "powers"
    assert "taken from the discard pile" in said(answer)


def test_french_other_cards_have_no_power():
    assert ask(question="power", drawn="QH").legal is False


def test_french_the_caller_is_not_protected_from_the_8():
    """Seed 001 says nothing of protecting the caller: the 8 may swap with them."""
    answer = ask(question="power", drawn="8C", player="Ana", target="Bea", caller="Bea")
    assert answer.legal is True and "does not protect the caller" in said(answer)


@pytest.mark.parametrize("rank, words", [("10", "peek"), ("J", "spy"), ("Q", "swap"), ("K", "special swap")])
def test_english_special_cards(rank, words):
    """Seed 004: "Peek (10) ... Spy (J) ... Swap (Q) ... Special Swap (K)"."""
    answer = ask("english", question="power", drawn=f"{rank}S", source="stock")
    assert answer.legal is True and words in said(answer)


def test_english_a_card_without_power_names_the_ones_with_powers_in_the_readers_letters():
    """Seed 004's powers are the 10, J, Q and K: read in French as 10, V, D, R (a tester saw "J, Q, K")."""
    from django.utils import translation
    answer = ask("english", question="power", drawn="5S", source="stock")
    assert answer.legal is False and "(only 10, J, Q, K)" in said(answer)
    from scoring.services import translate
    with translation.override("fr"):
        assert "(seulement 10, V, D, R)" in translate(answer.explanation)


def test_english_the_queens_swap_must_be_made():
    """Seed 004: "A swap must be made"."""
    answer = said(ask("english", question="power", drawn="QS"))
    assert answer.count("The swap must be made.") == 1 and "never compulsory" not in answer


def test_english_special_cards_may_be_used_for_their_points_but_the_queens_swap_must_be_made():
    """Seed 004: "Special cards may be used for their points or for their action", and of the Queen alone "A swap
    must be made": the 10, J and K may be left unused, but a power is not "never compulsory" in this variant (a
    tester, beside the Queen's answer). Seed 001 §4 ("il n'y a pas d'obligation à utiliser le pouvoir d'une
    carte") still says never."""
    for drawn in ("10S", "JS", "KS"):
        answer = said(ask("english", question="power", drawn=drawn))
        assert answer.endswith("You may also just leave it on the discard pile: this power need not be used.")
        assert "never compulsory" not in answer
    assert said(ask("french", question="power", drawn="7S")).endswith("using a power is never compulsory.")


def test_english_a_power_only_when_drawn_and_discarded_in_the_same_turn():
    """Seed 004: "the action may be used only when the special card is drawn and discarded in the same turn"."""
    answer = ask("english", question="power", drawn="KS", source="stock", kept=True)
    assert answer.legal is False and answer.rule.key == "powers"


def test_english_a_matching_special_card_has_no_power():
    """Seed 004: "When creating matches with Special cards, the matching card does not have any special
    abilities"."""
    answer = ask("english", question="power", drawn="JS", source="field")
    assert answer.legal is False and answer.rule.key == "matching"


def test_english_the_caller_is_protected_from_swaps():
    """Seed 004: "the person calling Pablo is protected from any swapping abilities"."""
    answer = ask("english", question="power", drawn="QS", player="Ana", target="Bea", caller="Bea")
    assert answer.legal is False and answer.rule.key == "calling"
    assert "Bea called Pablo and is protected from swaps" in said(answer)


def test_english_the_caller_may_still_be_spied_on():
    """Seed 004 protects the caller from swapping only: the Jack (spy) still looks."""
    assert ask("english", question="power", drawn="JS", player="Ana", target="Bea", caller="Bea").legal is True


def test_king_spares_caller_off_the_king_may_look_at_the_callers_card_but_not_swap():
    """Seed 004: the caller "is protected from any swapping abilities"; whether the King's look ("you may look at
    one of another player's cards before deciding to swap") is part of its swap, the text does not say. Tapete's
    reading (house rule ``king_spares_caller`` off, the default): a look is not a swap, so look only, no swap,
    citing that reading on the rules page."""
    answer = ask("english", question="power", drawn="KS", player="Ana", target="Bea", caller="Bea")
    assert answer.legal is True and answer.rule == RULE_KING_LOOKS and answer.rule.key == "readings"
    assert "look only, no swap" in said(answer)
    anyone = ask("english", question="power", drawn="KS", player="Ana", caller="Bea")  # no target named yet
    assert anyone.legal is True and "Not with Bea, who called Pablo and is protected from swaps." in said(anyone)


def test_king_spares_caller_on_no_king_on_the_caller_not_even_to_look():
    """The house rule ``king_spares_caller`` on: the King is a swap card, and the caller is protected from it
    altogether; the Jack, which only looks, still may."""
    on = {"king_spares_caller": True}
    answer = ask("english", options=on, question="power", drawn="KS", player="Ana", target="Bea", caller="Bea")
    assert answer.legal is False and answer.rule == RULE_KING_LOOKS
    assert "at this table (house rule) a King is not used on the caller at all, not even to look" in said(answer)
    anyone = ask("english", options=on, question="power", drawn="KS", player="Ana", caller="Bea")
    assert anyone.legal is True and "a King does not even look at the caller's cards" in said(anyone)
    assert ask("english", options=on, question="power", drawn="JS", player="Ana", target="Bea",
               caller="Bea").legal is True
    queen = ask("english", options=on, question="power", drawn="QS", player="Ana", target="Bea", caller="Bea")
    assert queen.legal is False and queen.rule.key == "calling"  # the Queen's swap: the text itself


def test_king_spares_caller_is_an_english_tables_house_rule():
    """Only an English table may choose it (the French text protects nobody): a house rule, off unless chosen,
    offered with the English variant only. (The table page showing it is in test_pages.)"""
    with pytest.raises(InvalidRecord) as refused:
        table("french", ["Ana", "Bea", "Carl"], king_spares_caller=True)
    assert "options.king_spares_caller" in refused.value.errors
    option = next(o for o in GAME.options if o.key == "king_spares_caller")
    assert option.house_rule and option.default is False and option.shown_with == ("variant", "english")


def test_the_caller_has_no_turn_left_for_a_power():
    """Seed 004: "Once Pablo is called, all of the players other than the one who called Pablo each play one more
    turn"; seed 001 §6: the round ends "quand c'est au tour de l'annonceur". No turn, no card drawn, no power."""
    for variant, card in (("english", "10S"), ("french", "7H")):
        answer = ask(variant, question="power", drawn=card, player="Bea", caller="Bea")
        assert answer.legal is False and answer.rule.key == "calling"
        assert "You called Pablo: no more turns for you." in said(answer)


def test_the_caller_may_still_match():
    """Seed 004: "(the person who called Pablo can still match cards)"."""
    answer = ask("english", question="match", discard_top="5H", cards="5C", player="Bea", caller="Bea")
    assert answer.legal is True


@pytest.mark.parametrize("variant, card", [("french", "7H"), ("english", "10S")])
def test_a_peek_needs_a_card_of_ones_own(variant, card):
    """Seed 001 §4 (7) and seed 004 (10, peek): "look at one of your own cards": with none left, nothing to see."""
    answer = ask(variant, question="power", drawn=card, no_cards=True)
    assert answer.legal is False and "nothing to look at" in said(answer)


def test_a_power_on_another_player_not_on_oneself():
    assert ask("english", question="power", drawn="QS", player="Ana", target="Ana").legal is False


# -- calling Pablo -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", ["french", "english"])
def test_pablo_is_called_at_the_end_of_ones_own_turn(variant):
    """Seed 001 §6: "il annonce « Pablo » juste après avoir joué et avant que le joueur suivant ne pioche"; seed 004:
    "that player may call Pablo at the end of his/her turn"."""
    answer = ask(variant, question="call", moment="end_of_turn")
    assert answer.legal is True and answer.rule.key == "calling"


@pytest.mark.parametrize("variant", ["french", "english"])
def test_pablo_is_never_called_out_of_turn(variant):
    """Seed 004: "A player may not call Pablo out of turn.\""""
    answer = ask(variant, question="call", moment="other_turn")
    assert answer.legal is False and "Not during someone else's turn" in said(answer)


def test_pablo_is_not_called_before_finishing_ones_turn():
    assert ask(question="call", moment="during_turn").legal is False


def test_pablo_is_called_once_a_round():
    answer = ask(question="call", moment="end_of_turn", player="Ana", caller="Bea")
    assert answer.legal is False and "Bea has already called Pablo" in said(answer)


# -- the English advanced rule: an empty field --------------------------------------------------------------

def test_advanced_rule_with_no_cards_the_card_drawn_is_discarded():
    """Seed 004, advanced rule 2: "When a player has 0 cards in their field, they have to discard whatever card
    they draw. If the discarded card is a queen, they have to draw 1 more card"."""
    on = {"empty_field_discards": True}
    answer = ask("english", options=on, question="keep", drawn="7S", no_cards=True)
    assert answer.legal is False and answer.rule.key == "advanced"
    queen = ask("english", options=on, question="keep", drawn="QH", no_cards=True)
    assert queen.legal is False and "draw one more card" in said(queen)


def test_keeping_the_card_drawn():
    """Seed 001 §2: "placer la carte dans son jeu face cachée à la place de n'importe quelle autre carte"."""
    answer = ask(question="keep", drawn="8S")
    assert answer.legal is True and "Kept, it has no power." in said(answer)


@pytest.mark.parametrize("variant", ["french", "english"])
def test_with_no_cards_left_the_card_drawn_is_discarded(variant):
    """Seed 001 §2 ("à la place de n'importe quelle autre carte") and seed 004 ("replace, face-down, one of your
    own cards"): a card is kept only in place of one of yours, so with none left it is discarded, whatever the
    advanced rule (off here)."""
    answer = ask(variant, question="keep", drawn="8S", no_cards=True)
    assert answer.legal is False and answer.rule.key == "turn"
    assert "You must discard 8♠" in said(answer)


def test_the_caller_has_no_turn_left_to_keep_a_card():
    answer = ask("english", question="keep", drawn="8S", player="Bea", caller="Bea")
    assert answer.legal is False and answer.rule.key == "calling"


# -- the situation itself ------------------------------------------------------------------------------------

def test_a_bad_situation_gets_a_message_per_field():
    with pytest.raises(InvalidRecord) as info:
        ask(question="bluff", drawn="ZZ", caller="Zoe", moment="never")
    assert set(info.value.errors) == {"question", "drawn", "caller", "moment"}


def test_the_variant_may_be_asked_for_whatever_the_table():
    spec = table("french", ["Ana", "Bea", "Carl"])
    assert GAME.ruling(spec, {"variant": "english", "question": "power", "drawn": "10S"}).legal is True
    assert GAME.ruling(spec, {"question": "power", "drawn": "10S"}).legal is False  # French: no power


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda example: str(example.title)[:40])
def test_every_example_gets_its_verdict_and_cites_a_rule_of_the_rules_page(example):
    spec = GAME.table(["Player 1", "Player 2", "Player 3", "Player 4"])
    answer = GAME.ruling(spec, example.situation)
    assert answer.rule.key in SECTION_KEYS
    assert answer.legal is example.legal
