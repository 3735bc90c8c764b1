"""Scoring a round, the end of the game, and who deals and starts next: one rule per test, for each variant,
with the arithmetic written out (seed 001 §7–8, seed 004 "Score" and "Ending the Game", RULINGS.md)."""

from __future__ import annotations

import pytest

from games.pablo.rules import GAME
from referee.game import InvalidRecord

from .helpers import lines, play, round_, table

# -- French: seed 001 §7 ------------------------------------------------------------------------------------


def test_french_a_caller_with_strictly_fewest_points_scores_minus_5():
    """Seed 001 §7.1: "Si le joueur a effectivement moins de points que les autres ... un bonus de -5 points"."""
    state, (outcome,) = play(table(), round_("Ana", "KD AS 2C", 9, 15, 22))  # Ana 0 + 1 + 2 = 3 < 9
    assert outcome.scores == (-5, 9, 15, 22)
    assert state.totals == (-5, 9, 15, 22)
    assert "Ana called Pablo with 3, strictly the fewest: −5 instead of the cards." in lines(outcome)


def test_french_a_caller_tied_for_fewest_scores_cards_plus_10():
    """Seed 001 §7.1: "Si un autre joueur avait autant ou moins de points ... un malus de 10 points qu'il ajoute à
    la valeur de ses cartes": 6 + 10 = 16."""
    _state, (outcome,) = play(table(), round_("Bea", 11, 6, 6, 20))
    assert outcome.scores == (11, 16, 6, 20)
    assert "Bea called Pablo with 6, but Carl has 6: 6 + 10 = 16." in lines(outcome)


def test_french_a_caller_beaten_scores_cards_plus_10():
    """Seed 001 §7.1: 11 + 10 = 21 when Dani had 4."""
    _state, (outcome,) = play(table(), round_("Ana", 11, 12, 30, 4))
    assert outcome.scores == (21, 12, 30, 4)


def test_french_a_caller_tied_by_two_players_names_them_both():
    """Seed 001 §7.1, Bea's 6 tied by Carl and Dani: 6 + 10 = 16, said of both of them."""
    _state, (outcome,) = play(table(), round_("Bea", 11, 6, 6, 6))
    assert outcome.scores == (11, 16, 6, 6)
    assert "Bea called Pablo with 6, but Carl and Dani have 6: 6 + 10 = 16." in lines(outcome)


def test_french_the_others_score_the_value_of_their_cards():
    """Seed 001 §7.2: "Les autres joueurs ont pour score la valeur de leurs cartes": J♠ Q♥ 7♦ = 27."""
    _state, (outcome,) = play(table(), round_("Ana", 1, "JS QH 7D", 12, 13))
    assert outcome.scores[1] == 27
    assert "Bea: J♠ Q♥ 7♦ = 27" in lines(outcome)


def test_french_a_player_with_no_cards_scores_0_and_beats_the_caller():
    """RULINGS.md: "a player with no cards scores 0"; the caller's 4 is then not the fewest: 4 + 10 = 14."""
    _state, (outcome,) = play(table(), round_("Carl", 9, 17, "AH AD 2S", []))
    assert outcome.scores == (9, 17, 14, 0)
    assert "Dani: no cards, 0" in lines(outcome)


def test_french_the_game_ends_when_someone_reaches_100_and_the_lowest_total_wins():
    """Seed 001 §8: "La partie prend fin lorsqu'un joueur atteint ou dépasse 100 points. Le joueur ayant le moins
    de points est alors déclaré vainqueur." Round 1: Ana beaten, 30 + 10 = 40. Round 2: Bea strictly fewest,
    −5. Totals Ana 40 + 20 = 60, Bea 10 − 5 = 5, Carl 60 + 40 = 100 exactly: over; Bea's 5 is lowest."""
    spec = table()
    state, outcomes = play(spec, round_("Ana", 30, 10, 60, 50), round_("Bea", 20, 15, 40, 30))
    assert state.totals == (60, 5, 100, 80)
    assert outcomes[-1].game_over and outcomes[-1].winners == (1,)
    assert lines(outcomes[-1])[-2:] == ["Carl reached 100: the game is over.", "Lowest total, 5: Bea wins."]


def test_french_two_players_reaching_100_together_are_both_named_the_verb_agreeing():
    """Round 1: Ana beaten, 30 + 10 = 40; Carl and Dani 100 each: both over, "have reached" (French "ont
    atteint", a tester saw "Amélie et Chloé a atteint"). Bea's 10 is lowest."""
    _state, outcomes = play(table(), round_("Ana", 30, 10, 100, 100))
    assert lines(outcomes[-1])[-2:] == ["Carl and Dani have reached 100: the game is over.",
                                         "Lowest total, 10: Bea wins."]


def test_french_every_player_at_100_or_more_is_named_with_their_total():
    """Seed 001 §8 ends the game when "un joueur atteint ou dépasse 100 points": the line names every player who
    did, each with their own total when they differ. Round 1: Ana beaten, 30 + 10 = 40; Carl 104, Dani 100."""
    _state, outcomes = play(table(), round_("Ana", 30, 10, 104, 100))
    assert lines(outcomes[-1])[-2:] == ["Carl (104) and Dani (100) have reached 100: the game is over.",
                                         "Lowest total, 10: Bea wins."]


def test_french_99_does_not_end_the_game():
    _state, (outcome,) = play(table(), round_("Ana", 5, 10, 99, 50))  # Ana 5 < 10: −5
    assert not outcome.game_over and outcome.winners == ()


def test_french_players_tied_for_the_lowest_total_share_the_win():
    """RULINGS.md (French): "lowest total wins (ties share the win)"."""
    state, (outcome,) = play(table(), round_("Ana", 20, 20, 100, 30))  # Ana 20 = Bea 20: 20 + 10 = 30
    assert state.totals == (30, 20, 100, 30)
    assert outcome.winners == (1,)
    state, (outcome,) = play(table(), round_("Dani", 30, 30, 100, 50))  # Dani beaten: 60
    assert outcome.winners == (0, 1)
    assert "Lowest total, 30: Ana and Bea share the win." in lines(outcome)


def test_french_the_deal_passes_on_and_the_player_after_the_dealer_starts():
    """Seed 001 §2: "Le joueur à gauche de celui qui a distribué commence"; RULINGS.md General: the deal passes
    to the next player."""
    spec = table()
    start = GAME.initial_state(spec)
    assert (GAME.dealer(spec, start), GAME.leader(spec, start)) == (0, 1)
    state, (outcome,) = play(spec, round_("Ana", 1, 2, 3, 4))
    assert (outcome.dealer, outcome.next_dealer) == (0, 1)
    assert (GAME.dealer(spec, state), GAME.leader(spec, state)) == (1, 2)


# -- English: seed 004 "Score" ------------------------------------------------------------------------------


def test_english_a_caller_with_the_lowest_score_scores_just_their_cards():
    """Seed 004: "Everyone receives the points in their hand" — no bonus for a good Pablo: A♠ 2♥ = −1 + 2 = 1."""
    _state, (outcome,) = play(table("english"), round_("Ana", "AS 2H", 5, 8, 9))
    assert outcome.scores == (1, 5, 8, 9)
    assert "Ana called Pablo with 1, the lowest: no penalty." in lines(outcome)


def test_english_a_caller_beaten_gets_10_penalty_points():
    """Seed 004: "If the player who called Pablo does not have the lowest score, he or she receives 10 penalty
    points on top of their score": 7 + 10 = 17."""
    _state, (outcome,) = play(table("english"), round_("Bea", 9, 7, 3, 12))
    assert outcome.scores == (9, 17, 3, 12)
    assert "Bea called Pablo with 7, but Carl has fewer (3): 7 + 10 = 17." in lines(outcome)


def test_english_a_caller_tied_gets_5_penalty_points():
    """Seed 004: "In the event of a tie, the player who called Pablo receives 5 penalty points": 4 + 5 = 9."""
    _state, (outcome,) = play(table("english"), round_("Ana", 4, 4, 20, 11))
    assert outcome.scores == (9, 4, 20, 11)
    assert "Ana called Pablo with 4, and Bea ties: 4 + 5 = 9." in lines(outcome)


def test_english_a_caller_tied_by_two_players():
    """Seed 004, a tie with two others: 4 + 5 = 9, both named."""
    _state, (outcome,) = play(table("english"), round_("Ana", 4, 4, 4, 11))
    assert outcome.scores == (9, 4, 4, 11)
    assert "Ana called Pablo with 4, and Bea and Carl tie: 4 + 5 = 9." in lines(outcome)


def test_english_a_caller_tied_with_one_player_but_beaten_by_another_gets_10():
    """Seed 004: "If the player who called Pablo does not have the lowest score, he or she receives 10 penalty
    points": Ana's 4 ties Bea's 4, but Carl's 2 is lower, so Ana is beaten, not tied: 4 + 10 = 14."""
    _state, (outcome,) = play(table("english"), round_("Ana", 4, 4, 2, 11))
    assert outcome.scores == (14, 4, 2, 11)
    assert "Ana called Pablo with 4, but Carl has fewer (2): 4 + 10 = 14." in lines(outcome)


def test_english_minus_signs_in_the_breakdown():
    """Aces −1: Ana calls with A♠ A♥ = −1 − 1 = −2, below Bea's A♦ = −1: the lowest. At another table Carl calls
    with −1 (typed), tied by Dani's −1: −1 + 5 = 4. Every minus is a true minus sign (U+2212), as in the totals."""
    _state, (outcome,) = play(table("english"), round_("Ana", "AS AH", "AD", 5, 7))
    assert "Ana: A♠ A♥ = −2" in lines(outcome)
    assert "Ana called Pablo with −2, the lowest: no penalty." in lines(outcome)
    assert "Ana won the round (−2) and starts the next one." in lines(outcome)
    _state, (tied,) = play(table("english"), round_("Carl", 3, 5, -1, -1))
    assert "Carl: −1 (typed)" in lines(tied)
    assert "Carl called Pablo with −1, and Dani ties: −1 + 5 = 4." in lines(tied)
    assert not any("-" in line for line in lines(outcome) + lines(tied))


def test_english_negative_points_from_aces():
    """Seed 004: aces −1: A♠ A♥ K♦ = −1 − 1 + 0 = −2, and the total goes below 0."""
    state, (outcome,) = play(table("english"), round_("Ana", "AS AH KD", 3, 5, 7))
    assert outcome.scores[0] == -2 and state.totals[0] == -2
    assert str(GAME.show_total(table("english"), state, 0)) == "−2"


def test_english_golden_exactly_50_goes_back_to_0():
    """Seed 004: "if a player scores exactly 50 points, that player's score gets reset to 0!" Carl: 38 + 12 = 50
    → 0, and the game goes on (nobody passed 50)."""
    spec = table("english")
    state, outcomes = play(spec, round_("Ana", 2, 10, 38, 20), round_("Ana", 1, 9, 12, 3))
    assert state.totals == (3, 19, 0, 23)
    assert "Carl has exactly 50: back to 0!" in lines(outcomes[-1])
    assert not outcomes[-1].game_over


def test_english_exactly_50_for_a_player_who_did_not_call():
    """Seed 004: "if a player scores exactly 50 points, that player's score gets reset to 0!" — anyone, not only
    the caller: Ana calls both rounds; Dani 30 + 20 = 50 → 0."""
    state, outcomes = play(table("english"), round_("Ana", 1, 10, 12, 30), round_("Ana", 2, 9, 8, 20))
    assert state.totals == (3, 19, 20, 0)
    assert "Dani has exactly 50: back to 0!" in lines(outcomes[-1])


def test_english_exactly_50_for_two_players_in_one_round():
    """Seed 004's reset, for each player on exactly 50: Bea 40 + 10 = 50 and Carl 45 + 5 = 50, both back to 0;
    nobody passed 50, the game goes on."""
    state, outcomes = play(table("english"), round_("Ana", 1, 40, 45, 30), round_("Ana", 2, 10, 5, 8))
    assert state.totals == (3, 0, 0, 38)
    assert lines(outcomes[-1])[-4:-2] == ["Bea has exactly 50: back to 0!", "Carl has exactly 50: back to 0!"]
    assert not outcomes[-1].game_over


def test_english_golden_exactly_50_counts_the_penalty():
    """Seed 004: "If you are about to lose, you can try to total your score to exactly 50 in order to reset – but
    don't forget to take into account any penalty scores!" Dev, on 27, calls with K♠ 3♥ = 13 but Alice has 5:
    13 + 10 = 23, and 27 + 23 = 50 → 0."""
    spec = table("english", ["Alice", "Ben", "Cara", "Dev"])
    state, outcomes = play(spec, round_("Alice", 10, 23, 37, 27), round_("Dev", 5, 14, 8, "KS 3H"))
    assert outcomes[-1].scores == (5, 14, 8, 23)
    assert state.totals == (15, 37, 45, 0)
    assert "Dev has exactly 50: back to 0!" in lines(outcomes[-1])


def test_english_the_game_ends_once_someone_passes_50_and_the_lowest_total_wins():
    """Seed 004: "Once a player exceeds 50 points, the player with the lowest score wins": Carl 40 + 11 = 51."""
    state, outcomes = play(table("english"), round_("Ana", 2, 10, 40, 20), round_("Ana", 1, 9, 11, 3))
    assert state.totals == (3, 19, 51, 23)
    assert outcomes[-1].game_over and outcomes[-1].winners == (0,)
    assert lines(outcomes[-1])[-2:] == ["Carl passed 50 (51): the game is over.", "Lowest total, 3: Ana wins."]


def test_english_every_player_past_50_is_named_with_their_total():
    """Seed 004: "Once a player exceeds 50 points": a tester's deal 5 said only "Cara passed 50 (53)" while Dan, on
    51, had passed 50 too. Ana calls with the fewest twice: 2 + 1 = 3; Bea 10 + 9 = 19; Cara 40 + 13 = 53; Dan
    30 + 21 = 51. Both are named, as lists are said elsewhere, each with their total."""
    state, outcomes = play(table("english", ["Ana", "Bea", "Cara", "Dan"]), round_("Ana", 2, 10, 40, 30),
                           round_("Ana", 1, 9, 13, 21))
    assert state.totals == (3, 19, 53, 51)
    assert lines(outcomes[-1])[-2:] == ["Cara (53) and Dan (51) passed 50: the game is over.",
                                         "Lowest total, 3: Ana wins."]


def test_english_no_next_round_once_the_game_is_over():
    """The round that ends the game says who won the game, not who starts or deals a round nobody plays."""
    _state, outcomes = play(table("english"), round_("Ana", 2, 10, 40, 20), round_("Ana", 1, 9, 11, 3))
    assert not any("next one" in line or "next round" in line for line in lines(outcomes[-1]))
    assert any("starts the next one" in line for line in lines(outcomes[0]))  # the game went on after round 1


def test_english_a_player_with_no_cards_scores_0():
    """RULINGS.md: "Both: a player with no cards scores 0"; the caller with 2 is beaten by it: 2 + 10 = 12."""
    _state, (outcome,) = play(table("english"), round_("Ana", "2S", [], 5, 6))
    assert outcome.scores == (12, 0, 5, 6)


# -- English: who deals and who starts ----------------------------------------------------------------------


def test_english_the_rounds_winner_starts_and_its_loser_deals():
    """Seed 004: "In the rounds that follow, the winner goes first, the loser shuffles and deals." Carl 3 won,
    Dani 25 lost."""
    spec = table("english")
    state, (outcome,) = play(spec, round_("Ana", 9, 7, 3, 25))
    assert outcome.next_dealer == 3
    assert (GAME.dealer(spec, state), GAME.leader(spec, state)) == (3, 2)
    assert "Carl won the round (3) and starts the next one." in lines(outcome)
    assert "Dani lost the round (25) and deals the next one." in lines(outcome)


def test_english_a_winning_tie_goes_to_the_lowest_overall_score():
    """Seed 004: "In the case of a winning tie, the person with the lowest overall score goes first". Round 2:
    Bea and Dani both have 2; totals after: Bea 10 + 2 = 12, Dani 5 + 2 = 7: Dani starts."""
    spec = table("english")
    state, outcomes = play(spec, round_("Ana", 8, 10, 20, 5), round_("Carl", 9, 2, 15, 2))
    assert GAME.leader(spec, state) == 3
    assert "Bea and Dani tied for the win: Dani, with the lowest total (7), starts the next round." in \
        lines(outcomes[-1])


def test_english_a_losing_tie_goes_to_the_highest_overall_score():
    """Seed 004: "in the case of a losing tie, the player with the highest overall score shuffles and deals".
    Round 2: Ana and Carl both have 20; totals after: Ana 1 + 20 = 21, Carl 19 + 20 = 39: Carl deals."""
    spec = table("english")
    state, outcomes = play(spec, round_("Bea", 1, 2, 19, 3), round_("Bea", 20, 3, 20, 9))
    assert GAME.dealer(spec, state) == 2
    assert outcomes[-1].next_dealer == 2
    assert "Ana and Carl tied for the loss: Carl, with the highest total (39), deals the next round." in \
        lines(outcomes[-1])


def test_english_still_tied_goes_in_turn_from_the_dealer():
    """Tapete's reading where seed 004 is silent: still tied on total, the first in turn after the round's dealer
    (Ana) starts: Bea before Dani; the first loser in turn after the new starter deals: Carl before Ana."""
    spec = table("english")
    state, (outcome,) = play(spec, round_("Carl", 9, 2, 5, 2))  # Carl beaten: 5 + 10 = 15; Bea 2, Dani 2
    assert GAME.leader(spec, state) == 1  # Bea, first in turn after Ana (the dealer)
    assert "Bea and Dani tied for the win and on total: Bea, first in turn, starts the next round." in lines(outcome)
    state, (outcome,) = play(spec, round_("Bea", 9, 1, 5, 9))  # Bea won with 1; Ana and Dani lost with 9, on 9
    assert GAME.dealer(spec, state) == 3  # Dani: first in turn after Bea, the new starter
    assert "Ana and Dani tied for the loss and on total: Dani, first in turn, deals the next round." in lines(outcome)


def test_english_a_misdeal_passes_the_deal_on_and_the_last_winner_still_starts():
    """RULINGS.md, General: a void deal scores nothing and the "dealer advances". Carl won round 1 and Dani, its
    loser, dealt the misdeal: Ana deals next and Carl still starts."""
    spec = table("english")
    state, (first, void) = play(spec, round_("Ana", 9, 7, 3, 25), {"void": True})
    assert void.void and void.scores == (0, 0, 0, 0)
    assert (void.dealer, void.next_dealer) == (3, 0) and GAME.leader(spec, state) == 2


def test_english_after_a_misdeal_the_last_winner_does_not_start_when_dealing():
    """Dani won round 1 and Carl, its loser, dealt the misdeal: Dani deals next, so Ana, after her, starts."""
    spec = table("english")
    state, _outcomes = play(spec, round_("Ana", 9, 7, 25, 3), {"void": True})
    assert (GAME.dealer(spec, state), GAME.leader(spec, state)) == (3, 0)


def test_house_rule_the_english_round_goes_by_the_score_with_the_penalty():
    """Off (the text): Ana, caller, has 20 cards' points + 10 = 30, Dani 25: Dani lost the round on the cards.
    On: Ana's 30 is the worst score of the round, so Ana deals."""
    record = round_("Ana", 20, 7, 3, 25)
    _state, (plain,) = play(table("english"), record)
    _state, (house,) = play(table("english", round_by_score=True), record)
    assert (plain.next_dealer, house.next_dealer) == (3, 0)
    assert "Ana lost the round (30) and deals the next one." in lines(house)
    with pytest.raises(InvalidRecord) as refused:
        table("french", round_by_score=True)
    assert "options.round_by_score" in refused.value.errors


def test_french_a_misdeal_passes_the_deal_on():
    spec = table()
    state, (void,) = play(spec, {"void": True})
    assert void.void and (void.dealer, void.next_dealer) == (0, 1) and state.totals == (0, 0, 0, 0)
    assert "Misdeal: nobody scores; the deal passes on." in lines(void)


# -- after the end ------------------------------------------------------------------------------------------


def test_no_round_after_the_game_is_over():
    """Seed 001 §8 / seed 004: the game is over; Tapete refuses a further round, citing the end rule."""
    spec = table("english")
    state, _outcomes = play(spec, round_("Ana", 2, 10, 51, 20))
    with pytest.raises(InvalidRecord) as refused:
        GAME.apply(spec, state, round_("Ana", 1, 2, 3, 4))
    assert "The game is over" in str(refused.value.errors["__all__"])
    assert refused.value.rules["__all__"].key == "end"


# -- settle up by rank ---------------------------------------------------------------------------------------


def test_settle_up_each_loser_pays_the_winner_the_difference():
    """The issue: "each loser pays the winner the difference × stake". Totals −5, 9, 15, 22: Bea pays 14, Carl
    20, Dani 27 to Ana: 61."""
    spec = table()
    state, _outcomes = play(spec, round_("Ana", "KD AS 2C", 9, 15, 22))
    assert GAME.balances(spec, state) == {0: 61, 1: -14, 2: -20, 3: -27}


def test_settle_up_a_fixed_stake_per_loss():
    """The issue: "or a fixed stake per loss: an option": three losers pay one stake each to Ana."""
    spec = table()
    state, _outcomes = play(spec, round_("Ana", "KD AS 2C", 9, 15, 22))
    assert GAME.balances(spec, state, per_point=False) == {0: 3, 1: -1, 2: -1, 3: -1}
    assert [o.key for o in GAME.settle_options] == ["per_point"]


def test_lowest_total_ranks_first():
    spec = table()
    state, _outcomes = play(spec, round_("Ana", "KD AS 2C", 9, 15, 22))
    assert GAME.ranking(spec, state) == (0, 1, 2, 3)
    state, _outcomes = play(spec, round_("Ana", 30, 9, 15, 22))
    assert GAME.ranking(spec, state) == (1, 2, 3, 0)
