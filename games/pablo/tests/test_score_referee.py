"""The referee on a round's scoring, one rule per test, quoting the texts: the caller's bonus or penalty and the
others' cards (seed 001 §7, seed 004 "Score"), what the cards are worth (seed 001 §3, seed 004), the English
exact-50 reset and the end of the game (seed 001 §8, seed 004 "Ending the Game"). Neither text works a round's
score through, so the cases are hand-computed, the arithmetic beside them. The answers come from
games.pablo.count, the code that scores the record form: a test checks that both say the same."""

from __future__ import annotations

from typing import Any

import pytest

from games.pablo.play import EXAMPLES
from games.pablo.rules import GAME
from games.pablo.rules_text import (
    RULE_END_ENGLISH,
    RULE_END_FRENCH,
    RULE_NEXT_ENGLISH,
    RULE_NEXT_FRENCH,
    RULE_SCORE_ENGLISH,
    RULE_SCORE_FRENCH,
)
from referee.game import InvalidRecord, Ruling
from scoring.views.rules import citation

from .helpers import table

THREE = ["Ana", "Bea", "Carl"]


def scored(variant: str = "french", players: list[str] | None = None, **situation: Any) -> Ruling:
    return GAME.ruling(table(variant, players or THREE), {"question": "score", **situation})


def said(ruling: Ruling) -> str:
    return str(ruling.explanation)


def refused(variant: str, situation: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(InvalidRecord) as info:
        GAME.ruling(table(variant, THREE), {"question": "score", **situation})
    return {key: str(message) for key, message in info.value.errors.items()}


# -- French (seed 001 §7) ---------------------------------------------------------------------------------------

def test_french_a_caller_with_strictly_the_fewest_points_scores_minus_5():
    """Seed 001 §7.1: "Si le joueur a effectivement moins de points que les autres il remporte la manche et son
    score est un bonus de -5 points." Ana 3 < Bea 5 and Carl 9: Ana −5, instead of her 3."""
    ruling = scored(caller="Ana", points_0=3, points_1=5, points_2=9)
    assert ruling.legal is None and ruling.rule == RULE_SCORE_FRENCH
    assert said(ruling) == ("This round: Ana −5, Bea 5, Carl 9.\nAna called Pablo with 3, strictly the fewest: −5 "
                            "instead of the cards.")


def test_french_a_caller_tied_for_the_fewest_loses_the_round_and_scores_cards_plus_10():
    """Seed 001 §7.1: "Si un autre joueur avait autant ou moins de points, alors il perd la manche. Il subit alors
    un malus de 10 points qu'il ajoute à la valeur de ses cartes." A tie is "autant": Ana 3 + 10 = 13."""
    assert said(scored(caller="Ana", points_0=3, points_1=3, points_2=9)) == (
        "This round: Ana 13, Bea 3, Carl 9.\nAna called Pablo with 3, but Bea has 3: 3 + 10 = 13.")


def test_french_a_caller_beaten_scores_cards_plus_10():
    """Seed 001 §7.1: "Si un autre joueur avait autant ou moins de points ... un malus de 10 points qu'il ajoute à
    la valeur de ses cartes." Carl 2 < Ana 6: Ana 6 + 10 = 16."""
    assert said(scored(caller="Ana", points_0=6, points_1=8, points_2=2)) == (
        "This round: Ana 16, Bea 8, Carl 2.\nAna called Pablo with 6, but Carl has 2: 6 + 10 = 16.")


def test_french_the_others_score_the_value_of_their_cards():
    """Seed 001 §7.2: "Les autres joueurs ont pour score la valeur de leurs cartes", and §3: "Valets, Dames, Rois
    (sauf roi de carreaux) : 10 points", "Roi de carreaux : 0 point", the Ace its number. Bea: Q♥ 9♣ = 10 + 9 =
    19; Carl: K♦ A♠ 7♥ = 0 + 1 + 7 = 8 < Ana's 15, so Ana scores 15 + 10 = 25."""
    ruling = scored(caller="Ana", points_0=15, cards_1="QH 9C", cards_2=["KD", "AS", "7H"])
    assert said(ruling) == ("This round: Ana 25, Bea 19, Carl 8.\nAna called Pablo with 15, but Carl has 8: 15 + 10 "
                            "= 25.\nCards: Bea: Q♥ 9♣ = 19; Carl: K♦ A♠ 7♥ = 8.")


def test_golden_the_french_texts_own_hand_after_the_pair_counts_15():
    """Seed 001 §5, its own example: after replacing the pair of 5s "Son jeu devient donc le suivant : 4 3 / 8",
    4 + 3 + 8 = 15. Called with it against 16 and 20, strictly the fewest: −5."""
    assert said(scored(caller="Ana", cards_0="4H 3S 8C", points_1=16, points_2=20)) == (
        "This round: Ana −5, Bea 16, Carl 20.\nAna called Pablo with 15, strictly the fewest: −5 instead of the "
        "cards.\nCards: Ana: 4♥ 3♠ 8♣ = 15.")


def test_french_the_game_ends_when_a_player_reaches_100_and_the_lowest_total_wins():
    """Seed 001 §8: "La partie prend fin lorsqu'un joueur atteint ou dépasse 100 points. Le joueur ayant le moins de
    points est alors déclaré vainqueur." Carl 91 + 9 = 100 (reaches it); Bea 30 + 3 = 33 is the lowest total
    (Ana 40 + 13 = 53, her Pablo tied)."""
    ruling = scored(caller="Ana", points_0=3, points_1=3, points_2=9, total_0=40, total_1=30, total_2=91)
    assert ruling.rule == RULE_END_FRENCH
    assert said(ruling).endswith("Totals after the round: Ana 53, Bea 33, Carl 100.\nCarl reached 100: the game is "
                                 "over.\nLowest total, 33: Bea wins.")


# -- English (seed 004 "Score") ---------------------------------------------------------------------------------

def test_english_a_caller_with_the_lowest_score_just_scores_the_cards():
    """Seed 004: "The player with the lowest score wins the round. Everyone receives the points in their hand."
    Ana 2 < 5 and 9: Ana 2, no penalty (and no bonus: that is the French game)."""
    ruling = scored("english", caller="Ana", points_0=2, points_1=5, points_2=9)
    assert ruling.rule == RULE_SCORE_ENGLISH
    assert said(ruling) == "This round: Ana 2, Bea 5, Carl 9.\nAna called Pablo with 2, the lowest: no penalty."


def test_english_a_caller_without_the_lowest_score_receives_10_penalty_points():
    """Seed 004: "If the player who called Pablo does not have the lowest score, he or she receives 10 penalty
    points on top of their score." Carl 2 < Ana 6: Ana 6 + 10 = 16."""
    assert said(scored("english", caller="Ana", points_0=6, points_1=8, points_2=2)) == (
        "This round: Ana 16, Bea 8, Carl 2.\nAna called Pablo with 6, but Carl has fewer (2): 6 + 10 = 16.")


def test_english_a_caller_tied_for_the_lowest_receives_5_penalty_points():
    """Seed 004: "In the event of a tie, the player who called Pablo receives 5 penalty points on top of their
    score." Ana 4 = Bea 4: Ana 4 + 5 = 9; the same round in the French game costs 10 (test above)."""
    assert said(scored("english", caller="Ana", points_0=4, points_1=4, points_2=9)) == (
        "This round: Ana 9, Bea 4, Carl 9.\nAna called Pablo with 4, and Bea ties: 4 + 5 = 9.")


def test_english_aces_are_minus_1_and_red_kings_0():
    """Seed 004: "Aces are worth -1points and the Red Kings (King of Hearts and King of Diamonds) are worth 0
    points", "picture cards (Jack, Queen, King) being worth 10 points". Ana: A♠ K♥ K♦ = −1 + 0 + 0 = −1; Bea:
    K♠ J♣ = 20; Carl 3. Ana is lowest: −1."""
    assert said(scored("english", caller="Ana", cards_0="AS KH KD", cards_1="KS JC", points_2=3)) == (
        "This round: Ana −1, Bea 20, Carl 3.\nAna called Pablo with −1, the lowest: no penalty.\nCards: Ana: A♠ K♥ "
        "K♦ = −1; Bea: K♠ J♣ = 20.")


def test_english_exactly_50_with_the_penalty_resets_to_0():
    """Seed 004: "if a player scores exactly 50 points, that player's score gets reset to 0! ... don't forget to
    take into account any penalty scores!" Ana 41 + (4 + 5, her Pablo tied) = 50 → 0."""
    ruling = scored("english", caller="Ana", points_0=4, points_1=4, points_2=9, total_0=41)
    assert ruling.rule == RULE_END_ENGLISH
    assert said(ruling) == ("This round: Ana 9, Bea 4, Carl 9.\nAna called Pablo with 4, and Bea ties: 4 + 5 = 9.\n"
                            "Totals after the round: Ana 0, Bea 4, Carl 9.\nAna has exactly 50: back to 0!")


def test_english_a_round_score_of_exactly_50_resets_even_from_0():
    """Seed 004: "if a player scores exactly 50 points, that player's score gets reset to 0!": from no total (0),
    Bea's 40 + 10 penalty (Carl 3 fewer) = 50 → 0, said although no total was asked."""
    assert said(scored("english", caller="Bea", points_0=12, points_1=40, points_2=3)).endswith(
        "Totals after the round: Ana 12, Bea 0, Carl 3.\nBea has exactly 50: back to 0!")


def test_english_the_game_ends_once_a_player_exceeds_50():
    """Seed 004: "Once a player exceeds 50 points, the player with the lowest score wins." Carl 45 + 9 = 54 > 50;
    Ana 10 + 2 = 12 is the lowest."""
    ruling = scored("english", caller="Ana", points_0=2, points_1=5, points_2=9, total_0=10, total_1=20, total_2=45)
    assert ruling.rule == RULE_END_ENGLISH
    assert said(ruling).endswith("Totals after the round: Ana 12, Bea 25, Carl 54.\nCarl passed 50 (54): the game is "
                                 "over.\nLowest total, 12: Ana wins.")


# -- both ---------------------------------------------------------------------------------------------------

# -- who deals the next round (seed 004; the French text is silent: RULINGS.md, General) ---------------------------

def test_french_the_deal_passes_to_the_player_after_this_rounds_dealer():
    """Seed 001 says only who starts the game ("Le joueur à gauche de celui qui a distribué commence"); RULINGS.md,
    General: "the deal passes to" the player after the dealer. Carl dealt; after Carl comes Ana (Ana, Bea, Carl)."""
    ruling = scored(caller="Ana", points_0=3, points_1=5, points_2=9, dealer="Carl")
    assert said(ruling) == ("This round: Ana −5, Bea 5, Carl 9.\nAna called Pablo with 3, strictly the fewest: −5 "
                            "instead of the cards.\nCarl dealt this round: Ana deals the next one.")
    assert ruling.rule == RULE_SCORE_FRENCH and ruling.also == (RULE_NEXT_FRENCH,)


def test_english_the_rounds_loser_deals_the_next_one_and_its_winner_starts():
    """Seed 004: "In the rounds that follow, the winner goes first, the loser shuffles and deals." Ana 2 is the
    fewest, Carl 9 the most: Ana starts, Carl deals, whoever dealt this round (Bea)."""
    ruling = scored("english", caller="Ana", points_0=2, points_1=5, points_2=9, dealer="Bea")
    assert said(ruling) == ("This round: Ana 2, Bea 5, Carl 9.\nAna called Pablo with 2, the lowest: no penalty.\n"
                            "Ana won the round (2) and starts the next one.\nCarl lost the round (9) and deals the "
                            "next one.")
    assert ruling.rule == RULE_SCORE_ENGLISH and ruling.also == (RULE_NEXT_ENGLISH,)


def test_english_a_losing_tie_deals_by_the_highest_total():
    """Seed 004: "in the case of a losing tie, the player with the highest overall score shuffles and deals." Bea
    and Carl both have 9; Bea 20 + 9 = 29 > Carl 10 + 9 = 19: Bea deals."""
    ruling = scored("english", caller="Ana", points_0=2, points_1=9, points_2=9, total_1=20, total_2=10,
                    dealer="Ana")
    assert said(ruling).endswith("Bea and Carl tied for the loss: Bea, with the highest total (29), deals the next "
                                 "round.")


def test_english_a_losing_tie_without_the_totals_asks_for_them_beside_the_field():
    """Seed 004: "in the case of a losing tie, the player with the highest overall score shuffles and deals." Found
    by a tester: with who dealt given and the totals left blank, Bea and Carl (9 each) were told apart on totals
    of 0 + 9 = 9 each, totals nobody gave. The totals are asked for beside Bea's, never read as zeros."""
    assert refused("english", {"caller": "Ana", "points_0": 2, "points_1": 9, "points_2": 9, "dealer": "Ana"}) == {
        "total_1": "Bea and Carl tied for the loss: the one with the highest total deals the next round. Enter "
                   "the points so far of Bea and Carl, or leave who dealt this round blank."}


def test_english_a_losing_tie_asks_for_the_tied_totals_though_another_players_is_given():
    """Seed 004: "in the case of a losing tie, the player with the highest overall score shuffles and deals." Found
    by a reviewer: Ana's total given (10), Bea's and Carl's blank, the tie was broken on 0 + 9 = 9 each ("Bea and
    Carl tied for the loss and on total: Bea, first in turn, deals"). Ana is not in the tie: both are asked for."""
    assert refused("english", {"caller": "Ana", "points_0": 2, "points_1": 9, "points_2": 9, "total_0": 10,
                               "dealer": "Ana"}) == {
        "total_1": "Bea and Carl tied for the loss: the one with the highest total deals the next round. Enter "
                   "the points so far of Bea and Carl, or leave who dealt this round blank."}


def test_english_a_losing_tie_asks_for_the_tied_total_left_blank_beside_it():
    """Seed 004: "in the case of a losing tie, the player with the highest overall score shuffles and deals." Found
    by a reviewer: Bea's total given (30), Carl's blank, Bea dealt "with the highest total (39)" against Carl's
    0 + 9 = 9, a total nobody gave. Carl's is asked for beside his field, by name."""
    assert refused("english", {"caller": "Ana", "points_0": 2, "points_1": 9, "points_2": 9, "total_1": 30,
                               "dealer": "Ana"}) == {
        "total_2": "Bea and Carl tied for the loss: the one with the highest total deals the next round. Enter "
                   "the points so far of Carl, or leave who dealt this round blank."}


def test_english_a_winning_tie_without_the_totals_asks_for_them_beside_the_field():
    """Seed 004: "In the case of a winning tie, the person with the lowest overall score goes first." Ana and Bea
    have 4 card points each (Ana's Pablo tied: 4 + 5 = 9), Carl 9 deals; who of Ana and Bea starts needs their
    totals."""
    assert refused("english", {"caller": "Ana", "points_0": 4, "points_1": 4, "points_2": 9, "dealer": "Carl"}) == {
        "total_0": "Ana and Bea tied for the win: the one with the lowest total starts the next round. Enter the "
                   "points so far of Ana and Bea, or leave who dealt this round blank."}


def test_english_a_winning_tie_asks_for_the_tied_total_left_blank_beside_it():
    """Seed 004: "In the case of a winning tie, the person with the lowest overall score goes first." Ana and Bea
    have 4 card points each, Ana's total given (10) and Bea's blank: who starts needs Bea's, asked for beside it."""
    assert refused("english", {"caller": "Ana", "points_0": 4, "points_1": 4, "points_2": 9, "total_0": 10,
                               "dealer": "Carl"}) == {
        "total_1": "Ana and Bea tied for the win: the one with the lowest total starts the next round. Enter the "
                   "points so far of Bea, or leave who dealt this round blank."}


def test_english_a_winning_tie_with_the_tied_totals_given_starts_by_the_lowest():
    """Seed 004: "In the case of a winning tie, the person with the lowest overall score goes first." Ana and Bea
    have 4 card points each (Ana's Pablo tied: 4 + 5 = 9); Ana 10 + 9 = 19 > Bea 12 + 4 = 16: Bea starts. Carl's
    total, left blank, is not in the tie (Carl 9 loses alone: he deals)."""
    ruling = scored("english", caller="Ana", points_0=4, points_1=4, points_2=9, total_0=10, total_1=12,
                    dealer="Carl")
    assert said(ruling).endswith("Ana and Bea tied for the win: Bea, with the lowest total (16), starts the next "
                                 "round.\nCarl lost the round (9) and deals the next one.")


def test_english_without_a_tie_the_loser_deals_whatever_the_totals():
    """Seed 004: "the winner goes first, the loser shuffles and deals": one winner and one loser need no total.
    Ana 2 the fewest, Bea 9 the most: Bea deals, the totals left blank."""
    assert said(scored("english", caller="Ana", points_0=2, points_1=9, points_2=5, dealer="Carl")).endswith(
        "Ana won the round (2) and starts the next one.\nBea lost the round (9) and deals the next one.")


def test_english_totals_of_0_given_are_totals():
    """A game at its start has every total at 0 (the referee asked from a new table gives them): tied on them too,
    the first in turn after the new starter, Ana, deals (Bea 0 + 9 = Carl 0 + 9)."""
    ruling = scored("english", caller="Ana", points_0=2, points_1=9, points_2=9, total_0=0, total_1=0, total_2=0,
                    dealer="Ana")
    assert said(ruling).endswith("Bea and Carl tied for the loss and on total: Bea, first in turn, deals the next "
                                 "round.")


def test_french_the_deal_passes_on_without_the_totals_whatever_the_ties():
    """RULINGS.md, General: "the deal passes to" the player after the dealer, which needs no total: Bea and Carl
    tie on 9, Carl dealt, Ana deals next."""
    assert said(scored(caller="Ana", points_0=3, points_1=9, points_2=9, dealer="Carl")).endswith(
        "\nCarl dealt this round: Ana deals the next one.")


@pytest.mark.parametrize(("variant", "dealer"), [("french", 0), ("french", 3), ("english", 1), ("english", 2)])
def test_the_referee_names_the_next_dealer_the_score_sheet_then_has(variant, dealer):
    """RULINGS.md, General and Pablo ("its loser deals"): the next dealer named by the referee is the one a recorded
    round passes the deal to (one implementation, Pablo.next_dealer)."""
    spec = GAME.table(["Ana", "Bea", "Carl", "Dani"], {"variant": variant}, first_dealer=dealer)
    record = {"caller": "Bea", "hands": [{"points": 7}, {"points": 4}, {"points": 12}, {"points": 3}]}
    after, _outcome = GAME.apply(spec, GAME.initial_state(spec), record)
    situation = {"question": "score", "caller": "Bea", "dealer": spec.players[dealer], "points_0": 7,
                 "points_1": 4, "points_2": 12, "points_3": 3}
    (line,) = [line for line in said(GAME.ruling(spec, situation)).split("\n") if "deals the next" in line]
    next_dealer = spec.players[GAME.dealer(spec, after)]
    assert line.startswith(f"{next_dealer} lost") if variant == "english" else line.endswith(
        f": {next_dealer} deals the next one.")


@pytest.mark.parametrize("variant", ["french", "english"])
def test_no_next_dealer_is_named_once_the_game_is_over(variant):
    """Seed 001 §8 and seed 004 "Ending the Game": the game is over, no round follows: Carl 45 + 9 = 54 passes 50,
    and in French 95 + 9 = 104 reaches 100."""
    ruling = scored(variant, caller="Ana", points_0=2, points_1=5, points_2=9, total_2=45 if variant == "english"
                    else 95, dealer="Bea")
    assert "deals" not in said(ruling) and ruling.also == ()


def test_without_who_dealt_the_next_dealer_is_not_named():
    """The French text and RULINGS.md pass the deal on from this round's dealer: not given, nobody is named."""
    ruling = scored(caller="Ana", points_0=3, points_1=5, points_2=9)
    assert "deals" not in said(ruling) and ruling.also == ()


def test_a_dealer_not_at_the_table_is_refused_beside_the_field():
    assert refused("french", {"caller": "Ana", "points_0": 1, "points_1": 2, "points_2": 3, "dealer": "Zoe"}) == {
        "dealer": "Zoe is not playing at this table."}


def test_the_next_deal_quotes_its_paragraph_of_the_rules_page():
    """The paragraph the next dealer rests on, quoted beside the scoring's: "Who deals and who starts"."""
    for variant, quoted in (("french", "French variant: the deal passes to the next player in turn"),
                            ("english", "English variant: the round's winner (fewest card points) starts")):
        (rule,) = scored(variant, caller="Ana", points_0=1, points_1=2, points_2=3, dealer="Ana").also
        cited = citation(GAME, rule)
        assert cited is not None and cited["anchor"] == "next" and cited["quote"].startswith(quoted)


@pytest.mark.parametrize("variant", ["french", "english"])
def test_a_player_with_no_cards_left_scores_0(variant):
    """RULINGS.md, Pablo: "Both: a player with no cards scores 0." Bea has none (an empty list): 0 < Ana's 1, so
    Ana's Pablo is beaten: 1 + 10 = 11 in both variants."""
    ruling = scored(variant, caller="Ana", points_0=1, cards_1=[], points_2=7)
    assert said(ruling).startswith("This round: Ana 11, Bea 0, Carl 7.")
    assert "Bea: no cards, 0" in said(ruling)


@pytest.mark.parametrize(("variant", "record"), [
    ("french", {"caller": "Ana", "hands": [{"points": 3}, {"points": 3}, {"cards": "KD QS 2C"}]}),
    ("english", {"caller": "Bea", "hands": [{"cards": "AH 4S"}, {"points": 3}, {"points": 3}]}),
    ("english", {"caller": "Carl", "hands": [{"points": 20}, {"points": 12}, {"cards": "AS AC"}]}),
])
def test_the_referee_scores_a_round_as_the_score_sheet_does(variant, record):
    """Seed 001 §7 and seed 004 "Score": the referee's answer and the same round recorded score alike (one
    implementation, games.pablo.count)."""
    spec = table(variant, THREE)
    _state, outcome = GAME.apply(spec, GAME.initial_state(spec), record)
    situation: dict[str, Any] = {"caller": record["caller"]}
    for seat, hand in enumerate(record["hands"]):
        situation.update({f"{key}_{seat}": value for key, value in hand.items()})
    answer = said(scored(variant, **situation))
    assert answer.startswith("This round: " + ", ".join(f"{name} {str(score).replace('-', '−')}"
                                                        for name, score in zip(THREE, outcome.scores, strict=True)))
    assert str(outcome.breakdown[3]) in answer  # the caller's line, word for word


def test_the_variant_asked_wins_over_the_tables():
    """Seeds 001 and 004 are two games: at a French table, the English variant's round may still be asked (a tie
    costs 5 there, 10 in French)."""
    spec = table("french", THREE)
    english = GAME.ruling(spec, {"question": "score", "variant": "english", "caller": "Ana", "points_0": 4,
                                 "points_1": 4, "points_2": 9})
    assert said(english).startswith("This round: Ana 9,")


@pytest.mark.parametrize(("variant", "situation", "errors"), [
    ("french", {}, {"caller": "Who called Pablo?", "points_0": "Tap Ana's cards or type their points.",
                    "points_1": "Tap Bea's cards or type their points.",
                    "points_2": "Tap Carl's cards or type their points."}),
    ("french", {"caller": "Zoe", "points_0": "x", "cards_1": "KD KD", "points_2": 4},
     {"caller": "Zoe is not playing at this table.", "points_0": "Enter a whole number.",
      "cards_1": "K♦ is given twice: there is one of each card."}),
    ("french", {"caller": "Ana", "cards_0": "KD 2S", "points_0": 5, "points_1": 3, "points_2": 4},
     {"points_0": "Ana's cards make 2, not 5."}),
    ("french", {"caller": "Ana", "cards_0": "KD 2S", "cards_1": "KD", "points_2": 4},
     {"cards_1": "K♦ is also in Ana's hand: there is one of each card."}),
    ("french", {"caller": "Ana", "points_0": 1, "points_1": 2, "points_2": 3, "total_1": 100},
     {"total_1": "Under 100: at 100 the game is over."}),
    ("english", {"caller": "Ana", "points_0": 1, "points_1": 2, "points_2": 3, "total_2": 50},
     {"total_2": "Exactly 50 goes back to 0: enter 0."}),
    ("english", {"caller": "Ana", "points_0": -5, "points_1": 2, "points_2": 3},
     {"points_0": "Must be between -4 and 316."}),
    ("french", {"caller": "Ana", "points_0": 1, "points_1": 2, "points_2": 3, "variant": "german"},
     {"variant": "Not one of the choices."}),
])
def test_a_round_that_cannot_be_is_refused_field_by_field(variant, situation, errors):
    """Seed 001 §1 and seed 004: one 52-card deck (each card once); seed 001 §8 and seed 004 "Ending the Game": a
    total at the end is no game under way; each player's cards or points, as the record form asks them."""
    assert refused(variant, situation) == errors


def test_every_scoring_answer_quotes_the_paragraph_it_rests_on():
    """Tapete's promise: the ruling, and the rule shown (the paragraph of the rules page it rests on, quoted): each
    variant's scoring, and its end of the game when a total goes back to 0 or ends it."""
    for ruling, quoted in (
            (scored(caller="Ana", points_0=1, points_1=2, points_2=3), "French variant: a caller who really has"),
            (scored("english", caller="Ana", points_0=1, points_1=2, points_2=3),
             "English variant: the lowest score wins the round."),
            (scored("english", caller="Ana", points_0=1, points_1=2, points_2=3, total_1=48),
             "English variant: a player whose total comes to exactly 50 (penalties included) goes back to 0."),
            (scored(caller="Ana", points_0=1, points_1=2, points_2=3, total_2=99),
             "French variant: the game ends when someone reaches or passes 100")):
        cited = citation(GAME, ruling.rule)
        assert cited is not None and cited["quote"].startswith(quoted), ruling.rule


@pytest.mark.parametrize("size", [3, 4, 8])
def test_the_scoring_examples_read_the_same_at_any_table(size):
    """The referee page's scoring examples give a seat's points for every seat of the largest table, so that a
    table of 3 or 8 asks them as well, its players being the first seats."""
    spec = GAME.table([f"Player {n}" for n in range(1, size + 1)], {"variant": "english"})
    for example in (e for e in EXAMPLES if e.situation.get("question") == "score"):
        assert said(GAME.ruling(spec, example.situation)).startswith("This round: Player 1 ")
