"""Paublillo's referee on the betting, one rule per test (seed 000, "Betting (envidar)" and "Alver"; RULINGS.md,
Paublillo). The answers come from games.paublillo.betting, the code that scores a deal's raises and refusals."""

from __future__ import annotations

from typing import Any

import pytest

from games.paublillo.rules import GAME
from games.paublillo.words import BOTH_ON_ALVER, ENVIDO, NO_BET_ON_ALVER, RAISING, REFUSAL
from referee.game import InvalidRecord, Ruling
from scoring.views.rules import citation

FOUR = GAME.table(["Ana", "Bea", "Luis", "Eva"])


def bet(**situation: Any) -> Ruling:
    return GAME.ruling(FOUR, {"question": "betting", **situation})


def refused(**situation: Any) -> dict[str, str]:
    with pytest.raises(InvalidRecord) as info:
        bet(**situation)
    return {k: str(v) for k, v in info.value.errors.items()}


def test_before_any_raise_either_team_may_say_envido() -> None:
    """Seed 000: "At their turn to play, before playing a card, a player may say 'envido', which is a proposal to
    raise the score for the current deal from 1 point to 3."."""
    for team in ("A", "B"):
        ruling = bet(raise_by=team)
        assert (ruling.legal, ruling.rule) == (True, ENVIDO)
        assert str(ruling.explanation) == (
            f"No raise yet: {team} may say envido, raising the deal from 1 to 3, at a player's turn before playing "
            "a card.")


def test_only_the_team_that_accepted_the_latest_raise_may_raise_next() -> None:
    """Seed 000: "A reenvidar can be made immediately in response to a bet, or later in the game any player of the
    team that accepted the most recent envido can reenvidar at their turn." RULINGS.md: "only the team that
    accepted the latest raise may raise next"."""
    ours = bet(raised_to="envido", raised_by="B", raise_by="A")
    assert (ours.legal, ours.rule) == (True, RAISING)
    assert str(ours.explanation) == (
        "A may raise to seis (6): the latest raise, envido, was B's, so A may raise next, at once in answer to it "
        "or later at a player's turn.")
    again = bet(raised_to="seis", raised_by="A", raise_by="A")
    assert (again.legal, again.rule) == (False, RAISING)
    assert str(again.explanation) == (
        "A cannot raise twice in a row: only the team that accepted the latest raise (B) may raise next.")


def test_raises_go_up_by_3_to_doce_and_no_further() -> None:
    """Seed 000: "There can be a series of reenvidar by alternate teams, each increasing the score by 3 points up
    to a maximum of 12."."""
    assert str(bet(raised_to="nueve", raised_by="A", raise_by="B").explanation).startswith(
        "B may raise to doce (12):")
    for team in ("A", "B"):
        past = bet(raised_to="doce", raised_by="B", raise_by=team)
        assert (past.legal, str(past.explanation)) == (False, "Doce (12) is the highest stake: nobody can raise "
                                                              "past 12.")


@pytest.mark.parametrize(("raised_to", "scores"), [("envido", 1), ("seis", 3), ("nueve", 6), ("doce", 9)])
def test_a_refused_raise_gives_the_raisers_the_stake_before_it(raised_to: str, scores: int) -> None:
    """Seed 000: "'No accepta' (fold). ... The play ends, the team that bet scores 1 point" and "The team that said
    'envido' must now decide whether to resign and give the opponents 3 points". RULINGS.md: "refuse envido → 1;
    refuse seis → 3; refuse nueve → 6; refuse doce → 9"."""
    ruling = bet(raised_to=raised_to, raised_by="A", refused=True)
    assert (ruling.legal, ruling.rule) == (None, REFUSAL)
    assert str(ruling.explanation) == (
        f"{raised_to.capitalize()} by A refused → A scores {scores}, the stake before the raise. The deal ends "
        "there: the cards are thrown in.")


def test_the_referee_scores_a_refusal_as_the_score_sheet_does() -> None:
    """Seed 000: "The team that said 'envido' must now decide whether to resign and give the opponents 3 points":
    the referee's answer and a recorded deal with the same raises score the same (one implementation)."""
    _state, outcome = GAME.apply(FOUR, GAME.initial_state(FOUR), {
        "bets": [{"team": "A", "stake": 3}, {"team": "B", "stake": 6}, {"team": "A", "stake": 9}], "refused": True})
    said = str(bet(raised_to="nueve", raised_by="A", refused=True).explanation)
    assert outcome.scores == (6, 0) and str(outcome.breakdown[-3]) in said


def test_a_raise_accepted_sets_the_stake_and_the_other_team_raises_next() -> None:
    """Seed 000: "'Juegue' (play). The proposal is accepted, the player who bet plays to the trick and the game
    continues. The winners will score 3 points."; "each increasing the score by 3 points"; refused, "the team that
    bet scores 1 point"."""
    assert str(bet().explanation) == (
        "No raise yet: the deal is worth 1. Either team may say envido (3) at a player's turn, before playing a "
        "card.")
    ruling = bet(raised_to="6", raised_by="A")
    assert (ruling.legal, ruling.rule) == (None, RAISING)
    assert str(ruling.explanation) == (
        "Seis by A: accepted, the deal is worth 6; refused, A scores 3. Only B may raise next, to nueve (9).")
    assert str(bet(raised_to="12", raised_by="B").explanation) == (
        "Doce by B: accepted, the deal is worth 12; refused, B scores 9. Doce (12) is the highest stake: nobody "
        "can raise past 12.")


def test_nobody_bets_while_a_team_is_on_alver() -> None:
    """Seed 000: "When a team is on alver no betting is possible, but at the start of the play the team on alver
    must decide whether to play the cards for 3 points or whether to give up, throwing in the cards giving the
    other team 1 point."."""
    for team in ("A", "B"):
        ruling = bet(score_a=11, score_b=7, raise_by=team)
        assert (ruling.legal, ruling.rule) == (False, NO_BET_ON_ALVER)
        assert str(ruling.explanation) == (
            "A is on alver (11): nobody may bet, neither A nor B. At the start of play A chooses: play the hand "
            "for 3, or give up and B scores 1.")
    assert bet(score_b="11").legal is None
    assert refused(score_b=11, raised_to="envido", raised_by="A") == {
        "raised_to": "No betting while a team is on alver: B is on 11."}


def test_both_teams_on_alver_play_for_1_without_betting() -> None:
    """Seed 000: "If both teams are on alver, having 11 points each, there is no betting. ... the winners of the
    majority of tricks scoring 1 point and thereby winning the game."."""
    ruling = bet(score_a=11, score_b=11, raise_by="B")
    assert (ruling.legal, ruling.rule) == (False, BOTH_ON_ALVER)
    assert str(ruling.explanation) == (
        "Both teams are on alver (11): nobody may bet. The hand is played for 1, and the team that takes two "
        "tricks wins the game.")


@pytest.mark.parametrize(("situation", "errors"), [
    ({"refused": True}, {"refused": "There is no raise to refuse."}),
    ({"raised_to": "seis"}, {"raised_by": "Which team made the latest raise?"}),
    ({"raised_by": "A"}, {"raised_to": "Which was the latest raise: envido, seis, nueve or doce?"}),
    ({"raised_to": 15, "raised_by": "A"}, {"raised_to": "Doce (12) is the highest stake: nobody can raise past 12."}),
    ({"raised_to": 4, "raised_by": "A"}, {"raised_to": "The stake is envido (3), seis (6), nueve (9) or doce (12)."}),
    ({"raised_to": "nueve", "raised_by": "A", "refused": True, "raise_by": "B"},
     {"raise_by": "A refused raise ends the deal: nobody raises after it."}),
    ({"score_a": 12}, {"score_a": "Must be between 0 and 11."}),
    ({"raise_by": "C"}, {"raise_by": "The team is A or B."}),
])
def test_a_betting_question_that_cannot_be_is_refused_field_by_field(situation: dict[str, Any],
                                                                     errors: dict[str, str]) -> None:
    """Seed 000: "The play ends" on a refusal, and the stakes are 3, 6, 9 and 12 ("up to a maximum of 12"); a
    team on 12 has won ("The first team that achieves a score of 12 points ... wins the game")."""
    assert refused(**situation) == errors


@pytest.mark.parametrize("situation", [
    {"raise_by": "A"}, {"raised_to": "3", "raised_by": "B", "raise_by": "A"}, {"raised_to": "9", "raised_by": "A"},
    {"raised_to": "9", "raised_by": "A", "refused": True}, {"score_a": 11, "raise_by": "B"},
    {"score_a": 11, "score_b": 11},
])
def test_every_betting_answer_quotes_the_paragraph_it_rests_on(situation: dict[str, Any]) -> None:
    """Tapete's promise: the ruling, and the rule shown (a paragraph of the rules page, quoted)."""
    cited = citation(GAME, bet(**situation).rule)
    assert cited is not None and cited["quote"]
