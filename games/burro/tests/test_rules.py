"""Burro's scoring, one test per rule, each quoting the rule text it checks (seed 003, "Burro"; RULINGS.md
"Burro"). Ana, Bea, Carl (and Dani) in the order of play; Ana deals first."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from games.burro.rules import GAME, BurroState
from referee.cards import DeckKind, full_deck
from referee.game import InvalidRecord
from referee.text import Text
from tests.said import said_in

THREE = ["Ana", "Bea", "Carl"]
FOUR = ["Ana", "Bea", "Carl", "Dani"]


def play(players: list[str], *hands: dict[str, Any] | str, options: dict[str, Any] | None = None,
         ) -> tuple[Any, BurroState, list[Any]]:
    """Apply hands (a loser's name, or a whole record) from the start; the table, the state, the outcomes."""
    table = GAME.table(players, options or {})
    state = GAME.initial_state(table)
    outcomes = []
    for hand in hands:
        state, outcome = GAME.apply(table, state, {"loser": hand} if isinstance(hand, str) else hand)
        outcomes.append(outcome)
    return table, state, outcomes


def shown(table: Any, state: BurroState) -> dict[str, str]:
    return {name: str(GAME.show_total(table, state, seat)) for seat, name in enumerate(table.players)}


# -- players, cards, the deal ----------------------------------------------------------------------------------

def test_two_to_eight_players():
    """RULINGS.md: "2 to 8 players." Seed: "Up to 8 players can play"."""
    assert GAME.player_counts == (2, 3, 4, 5, 6, 7, 8)
    with pytest.raises(InvalidRecord) as refused:
        GAME.table(["Solo"])
    assert "Burro is played by 2, 3, 4, 5, 6, 7 or 8 players, not 1." in str(refused.value.errors["players"])


def test_the_spanish_game_is_usually_played_with_the_48_card_deck():
    """Seed: "usually with a 48-card deck (which includes the 8 and 9 of each suit), although the more common
    40-card deck can be used, as well." "Deal each player 4 cards, and set the rest aside as a draw pile.\""""
    usual = GAME.table(FOUR)
    assert usual.options.variant == "spanish48" and usual.deck is DeckKind.SPANISH48
    assert len(full_deck(usual.deck)) == 48
    # 48 cards, 4 each to 4 players: 48 − 16 = 32 in the stock.
    assert GAME.display_state(usual, GAME.initial_state(usual))["stock"] == 32
    forty = GAME.table(FOUR, {"variant": "spanish40"})
    assert forty.deck is DeckKind.SPANISH40
    assert GAME.display_state(forty, GAME.initial_state(forty))["cards_each"] == 4
    assert GAME.display_state(forty, GAME.initial_state(forty))["stock"] == 24  # 40 − 16


def test_the_portuguese_game_deals_5_cards_from_the_40_card_deck():
    """Seed: "In Portugal, the 40-card deck is used, and gameplay is the same except that the deal is 5
    cards"."""
    table = GAME.table(FOUR, {"variant": "portuguese"})
    assert table.deck is DeckKind.SPANISH40
    state = GAME.display_state(table, GAME.initial_state(table))
    assert (state["cards_each"], state["stock"]) == (5, 20)  # 40 − 4 × 5
    eight = GAME.table([f"P{i}" for i in range(1, 9)], {"variant": "portuguese"})
    assert GAME.display_state(eight, GAME.initial_state(eight))["stock"] == 0  # 8 × 5 = 40: no stock at all


def test_burro_em_pe_is_a_portuguese_game():
    """Seed: "In Burro Deitado, the stock is face-down as normal, but there is another game, Burro em Pé" (in the
    Portuguese variant)."""
    assert GAME.table(THREE, {"variant": "portuguese", "em_pe": True}).options.em_pe
    with pytest.raises(InvalidRecord) as refused:
        GAME.table(THREE, {"em_pe": True})
    assert str(refused.value.errors["options.em_pe"]) == ("Burro em pé is a Portuguese game: choose the Portuguese "
                                                          "variant for it.")
    assert refused.value.rules["options.em_pe"].key == "burro-em-pe"


def test_house_rule_drawing_at_will_is_a_portuguese_option_off_by_default():
    """Not in the seed: "players may continue to draw even after finding a card of the suit led" is read as
    going on drawing once drawing; a table may let a Portuguese player draw while holding the suit led."""
    option = next(o for o in GAME.options if o.key == "draw_at_will")
    assert option.house_rule and option.default is False
    assert GAME.table(THREE, {"variant": "portuguese", "draw_at_will": True}).options.draw_at_will
    with pytest.raises(InvalidRecord) as refused:
        GAME.table(THREE, {"draw_at_will": True})
    assert str(refused.value.errors["options.draw_at_will"]) == (
        "In the Spanish game a player who can follow suit never draws: this house rule is for the Portuguese game.")


def test_an_unknown_variant_is_refused_beside_the_option():
    with pytest.raises(InvalidRecord) as refused:
        GAME.table(THREE, {"variant": "italian"})
    assert "options.variant" in refused.value.errors


def test_the_deal_passes_to_the_next_player_who_leads_after_the_dealer():
    """RULINGS.md: "the first to speak and to lead is the player after the dealer, and the deal passes to that
    player." Ana deals hand 1 and Bea leads; Bea deals hand 2 and Carl leads; a misdeal passes the deal too."""
    table, state, outcomes = play(THREE)
    assert (GAME.dealer(table, state), GAME.leader(table, state)) == (0, 1)
    table, state, outcomes = play(THREE, "Carl", {"void": True})
    assert [o.dealer for o in outcomes] == [0, 1]
    assert (GAME.dealer(table, state), GAME.leader(table, state)) == (2, 0)


# -- the letters ------------------------------------------------------------------------------------------------

def test_the_last_player_holding_cards_takes_the_next_letter():
    """Seed: "the last player holding cards receives a penalty point, one more letter toward spelling burro.\""""
    table, state, outcomes = play(THREE, "Bea")
    assert outcomes[0].scores == (0, 1, 0)
    assert state.totals == (0, 1, 0)
    assert [str(line) for line in outcomes[0].breakdown] == ["Bea was left holding cards and takes a letter, now B."]
    assert outcomes[0].details.loser.name == "Bea" and outcomes[0].details.letters == "B"


def test_letters_spell_b_u_r_r_o_and_are_shown_as_letters():
    """Seed: "the titular B-U-R-R-O is how you track the five penalty points": the total is said as letters,
    never as "+3"; no letter yet is a dash."""
    table, state, _outcomes = play(THREE, "Bea", "Bea", "Carl", "Bea", "Bea")
    assert shown(table, state) == {"Ana": "—", "Bea": "B-U-R-R", "Carl": "B"}


def test_a_misdeal_gives_nobody_a_letter():
    """RULINGS.md: "Every deal may be recorded as void (misdeal…): no score, dealer advances"."""
    table, state, outcomes = play(THREE, {"void": True})
    assert outcomes[0].void and outcomes[0].scores == (0, 0, 0) and state.totals == (0, 0, 0)
    assert str(outcomes[0].breakdown[0]) == "Misdeal: nobody takes a letter."
    assert GAME.dealer(table, state) == 1


# -- the end of the game ------------------------------------------------------------------------------------------

def test_the_fifth_letter_ends_the_game_at_once():
    """RULINGS.md: "The fifth letter ends the game at once"; seed: "Once someone has spelled the complete word,
    the player with the least points wins the game." Bea B-U-R-R, Carl B: Bea's fifth letter ends it, Ana wins
    with no letter."""
    table, state, outcomes = play(THREE, "Bea", "Bea", "Carl", "Bea", "Bea")
    assert not outcomes[-1].game_over  # four letters: not yet
    state, outcome = GAME.apply(table, state, {"loser": "Bea"})
    assert outcome.game_over and outcome.winners == (0,)
    assert [str(line) for line in outcome.breakdown] == [
        "Bea was left holding cards and takes a letter, now B-U-R-R-O.",
        "Bea has spelled BURRO: the game is over.",
        "Ana wins with the fewest letters (no letter).",
    ]


def test_fewest_letters_wins_and_ranks_first():
    """Seed: "The winner will be the player with the least letters spelling burro." Ana B-U, Bea B-U-R-R-O,
    Carl B: Carl wins; the standings read Carl, Ana, Bea."""
    table, state, outcomes = play(THREE, "Ana", "Bea", "Ana", "Bea", "Carl", "Bea", "Bea", "Bea")
    assert outcomes[-1].winners == (2,)
    assert GAME.ranking(table, state) == (2, 0, 1)
    assert GAME.lower_wins


def test_no_hand_after_the_game_is_won():
    """The game is over once someone spells BURRO; with one player on the fewest letters, nothing follows."""
    table, state, _outcomes = play(THREE, "Carl", *["Bea"] * 5)
    with pytest.raises(InvalidRecord) as refused:
        GAME.apply(table, state, {"loser": "Ana"})
    assert str(refused.value.errors["__all__"]).startswith("The game is over: Ana won with the fewest letters")
    assert refused.value.rules["__all__"].key == "end"


# -- ties and the decider -----------------------------------------------------------------------------------------

def test_tied_leaders_share_the_win():
    """RULINGS.md: "fewest letters wins and tied leaders share the win unless they play a decider"."""
    table, state, outcomes = play(THREE, *["Ana"] * 5)  # Bea and Carl, no letter each
    assert outcomes[-1].game_over and outcomes[-1].winners == (1, 2)
    assert str(outcomes[-1].breakdown[-1]) == ("Bea and Carl are tied for the fewest letters (no letter): they "
                                              "share the win, or play a decider.")
    # Ana pays the difference once, 5 − 0 = 5, and the tied winners share it: 2½ each.
    assert GAME.balances(table, state) == {0: -5, 1: Fraction(5, 2), 2: Fraction(5, 2)}


def test_only_the_tied_players_play_the_decider():
    """RULINGS.md: "only the tied players play it". Ana spells BURRO, Bea and Dani have B, Carl B-U: the decider
    is Bea's and Dani's. The deal keeps turning (hand 8 is Dani's deal) and the first tied player after the dealer
    leads."""
    table, state, _outcomes = play(FOUR, "Bea", "Carl", "Dani", "Carl", *["Ana"] * 5)
    assert GAME.active_players(table, state) == (1, 3)
    assert GAME.dealer(table, state) == 1  # nine hands dealt: Ana, Bea, … Ana; Bea deals the tenth
    assert GAME.leader(table, state) == 3  # Carl is not in it: Dani leads
    assert GAME.display_state(table, state)["tied"] == ["Bea", "Dani"]
    assert GAME.display_state(table, state)["stock"] == 40  # 48 − 2 × 4: only the tied players are dealt in


def test_house_rule_who_deals_a_decider():
    """Tapete's house rule (the texts do not say who deals a decider): by default the deal keeps turning, so the
    dealer in turn deals it even when not in it; or the first tied player from the dealer in turn deals it.
    Ana spells BURRO, Bea and Dani are tied with B, and a misdeal after the tie makes Carl the dealer in turn."""
    hands = ("Bea", "Carl", "Dani", "Carl", *["Ana"] * 5, {"void": True})
    table, state, _outcomes = play(FOUR, *hands)
    assert table.options.decider_dealer == "turn"
    assert (GAME.dealer(table, state), GAME.leader(table, state)) == (2, 3)  # Carl deals, Dani leads
    state, outcome = GAME.apply(table, state, {"loser": "Dani"})
    assert outcome.dealer == 2 and GAME.dealer(table, state) == 3  # the deal passes on to Dani

    table, state, _outcomes = play(FOUR, *hands, options={"decider_dealer": "tied"})
    assert (GAME.dealer(table, state), GAME.leader(table, state)) == (3, 1)  # Dani deals, Bea leads
    assert GAME.display_state(table, state)["dealer"] == "Dani"
    state, outcome = GAME.apply(table, state, {"loser": "Dani"})
    assert outcome.dealer == 3 and GAME.dealer(table, state) == 0  # the deal passes on from Dani, to Ana


def test_the_deciders_loser_takes_a_letter_and_fewest_letters_then_wins():
    """RULINGS.md: "its loser takes a letter as in any hand, and fewest letters then wins". Bea B, Carl B: Carl
    loses the decider, B-U; Bea wins with B."""
    table, state, _outcomes = play(THREE, "Bea", "Carl", *["Ana"] * 5)
    state, outcome = GAME.apply(table, state, {"loser": "Carl"})
    assert outcome.scores == (0, 0, 1) and state.totals == (5, 1, 2)
    assert outcome.winners == (1,) and outcome.game_over
    assert outcome.details.decider and [s.name for s in outcome.details.players] == ["Bea", "Carl"]
    assert [str(line) for line in outcome.breakdown] == [
        "Decider between Bea and Carl: Carl lost it and takes a letter, now B-U.",
        "Bea wins with the fewest letters (B).",
    ]
    assert state.deciders == 1


def test_a_hand_after_a_tie_is_the_decider():
    """Once the game is over with a tie, the next hand is the decider: Tapete marks it (and stores it so)."""
    table, state, _outcomes = play(THREE, *["Ana"] * 5)
    record = GAME.complete(table, state, GAME.parse(table, {"loser": "Bea"}))
    assert record.decider
    assert record.to_json()["decider"] is True


def test_a_misdeal_after_a_tie_is_not_a_decider():
    """RULINGS.md, General: a void deal has "no score"; a misdeal after the tie is no decider played, so it is
    stored as a plain misdeal, and the next hand is still the decider."""
    table, state, _outcomes = play(THREE, *["Ana"] * 5)
    misdeal = GAME.complete(table, state, GAME.parse(table, {"void": True}))
    assert not misdeal.decider and misdeal.to_json() == {"loser": None, "decider": False, "void": True}
    state, _outcome = GAME.apply(table, state, misdeal)
    assert GAME.complete(table, state, GAME.parse(table, {"loser": "Bea"})).decider


def test_another_decider_may_follow_or_they_share():
    """RULINGS.md: "(another decider may follow, or they share)". Four players, Ana spells BURRO and Bea, Carl
    and Dani have none: Dani loses the first decider (B); Bea and Carl are still tied and play another; Carl
    loses it and Bea wins."""
    table, state, _outcomes = play(FOUR, *["Ana"] * 5)
    state, first = GAME.apply(table, state, {"loser": "Dani"})
    assert first.winners == (1, 2) and GAME.active_players(table, state) == (1, 2)
    assert str(first.breakdown[-1]).startswith("Bea and Carl are tied for the fewest letters")
    state, second = GAME.apply(table, state, {"loser": "Carl", "decider": True})
    assert second.winners == (1,) and state.totals == (5, 0, 1, 1) and state.deciders == 2


def test_a_three_way_tie_is_named_in_full():
    table, state, outcomes = play(FOUR, *["Ana"] * 5)
    assert str(outcomes[-1].breakdown[-1]).startswith("Bea, Carl and Dani are tied for the fewest letters")


# -- the seed's game, from beginning to end ------------------------------------------------------------------------

def test_golden_a_whole_game_as_the_seed_tells_it():
    """Seed: "the titular B-U-R-R-O is how you track the five penalty points before ending the game. The winner
    will be the player with the least letters spelling burro. … If there is a tie, the tied players may play
    another hand to determine the winner."

    Hands: Ana, Bea, Ana, Carl, Ana, Ana, Ana lose: Ana B-U-R-R-O (5), Bea B (1), Carl B (1): the game is over
    with Bea and Carl tied. They play another hand; Carl loses it: Carl B-U (2), and Bea wins with B.
    Settled at 0.50 a letter: Ana pays 5 − 1 = 4 letters (2.00), Carl 2 − 1 = 1 (0.50), Bea takes 5 (2.50);
    a stake a lost game instead: Ana and Carl pay 1 each, Bea takes 2."""
    table, state, outcomes = play(THREE, "Ana", "Bea", "Ana", "Carl", "Ana", "Ana", "Ana")
    assert [o.game_over for o in outcomes] == [False] * 6 + [True]
    assert outcomes[-1].winners == (1, 2)
    state, decider = GAME.apply(table, state, {"loser": "Carl"})
    assert shown(table, state) == {"Ana": "B-U-R-R-O", "Bea": "B", "Carl": "B-U"}
    assert decider.winners == (1,)
    assert GAME.balances(table, state) == {0: -4, 1: 5, 2: -1}
    assert GAME.balances(table, state, per_point=False) == {0: -1, 1: 2, 2: -1}


# -- settling up ---------------------------------------------------------------------------------------------------

def test_settle_up_by_rank_each_loser_pays_the_winner_the_difference_or_a_stake():
    """Each loser pays the winner the difference in letters × the stake, or one stake per lost game: the choice
    is made when settling up. Ana B-U-R-R-O, Bea —, Carl B-U-R: Ana pays 5, Carl 3; or 1 each."""
    table, state, _outcomes = play(THREE, "Carl", "Carl", "Carl", *["Ana"] * 5)
    assert [option.key for option in GAME.settle_options] == ["per_point"]
    assert GAME.settle_options[0].default is True
    assert GAME.balances(table, state) == {0: -5, 1: 8, 2: -3}
    assert GAME.balances(table, state, per_point=False) == {0: -1, 1: 2, 2: -1}
    assert str(GAME.stake_unit) == "letter"


def test_the_loser_s_line_says_the_letters_now_held_and_deals_stored_before_still_read_in_every_language() -> None:
    """"takes a letter: B-U" read as if "B-U" were the letter taken (a new user): the line says the letters the
    loser now has. A deal stored with the old line (its breakdown is kept as recorded) still reads translated."""
    table = GAME.table(["Ana", "Bea", "Carl"])
    state, outcome = GAME.apply(table, GAME.initial_state(table), {"loser": "Bea"})
    assert said_in("es", outcome.breakdown[0]) == "Bea se quedó con cartas y se lleva una letra; ya lleva B."
    stored = Text("%(player)s was left holding cards and takes a letter: %(letters)s.", {"player": "Bea",
                                                                                         "letters": "B-U"})
    assert said_in("fr", stored) == "Bea a encore des cartes en main et prend une lettre\u00a0: B-U."
