"""Paublillo scoring, one rule per test (seed 000 and RULINGS.md, "Paublillo")."""

from __future__ import annotations

from typing import Any

import pytest

from referee.games.base import InvalidRecord, TableSpec
from referee.games.paublillo import GAME

PLAYERS = ["Ana", "Bea", "Luis", "Eva"]  # A: Ana & Luis, B: Bea & Eva


def table(**options: Any) -> TableSpec:
    return GAME.table(PLAYERS, options)


def state_at(a: int, b: int, dealer: int = 0) -> dict[str, Any]:
    state = GAME.initial_state(table())
    state["totals"] = {"A": a, "B": b}
    state["dealer"] = dealer
    return state


def play(record: dict[str, Any], a: int = 0, b: int = 0, dealer: int = 0, **options: Any):
    return GAME.apply(table(**options), state_at(a, b, dealer), record)


def errors_of(record: dict[str, Any], a: int = 0, b: int = 0, dealer: int = 0,
              **options: Any) -> dict[str, str]:
    with pytest.raises(InvalidRecord) as info:
        GAME.validate(table(**options), state_at(a, b, dealer), record)
    return {k: str(v) for k, v in info.value.errors.items()}


def lines(outcome) -> list[str]:
    return [str(line) for line in outcome.breakdown]


def bets(first: str, *stakes: int) -> list[dict[str, Any]]:
    other = "B" if first == "A" else "A"
    return [{"team": first if i % 2 == 0 else other, "stake": s} for i, s in enumerate(stakes)]


# -- the stake -----------------------------------------------------------------------------------------------

def test_a_deal_without_bets_is_worth_1():
    """"Initially the score for the team that wins the majority of tricks is 1 point"."""
    state, outcome = play({"tricks": ["B", "A", "B"]})
    assert outcome.scores == {"A": 0, "B": 1}
    assert state["totals"] == {"A": 0, "B": 1}
    assert "No raise: the deal is worth 1." in lines(outcome)
    assert "Tricks: B, A, B → B wins 2 of 3." in lines(outcome)


@pytest.mark.parametrize(("stakes", "scored"), [
    pytest.param((3,), 1, id="refuse envido → 1"),
    pytest.param((3, 6), 3, id="refuse seis → 3"),
    pytest.param((3, 6, 9), 6, id="refuse nueve → 6"),
    pytest.param((3, 6, 9, 12), 9, id="refuse doce → 9"),
])
def test_refusing_a_raise_gives_the_raisers_the_stake_before_it(stakes, scored):
    """RULINGS: "Refusing a raise ends the deal: the raising team scores the stake that stood before that
    raise (refuse envido → 1; refuse seis → 3; refuse nueve → 6; refuse doce → 9)"."""
    record = {"bets": bets("A", *stakes), "refused": True}
    raiser = record["bets"][-1]["team"]
    _state, outcome = play(record)
    assert outcome.scores[raiser] == scored
    assert sum(outcome.scores.values()) == scored
    assert outcome.extra["ended"] == "refused"
    assert any(line.endswith(f"refused → {raiser} scores {scored}, the stake before the raise.")
               for line in lines(outcome))


def test_refusing_envido_resigns_the_deal():
    """Seed: "'No accepta' (fold)... The play ends, the team that bet scores 1 point"."""
    _state, outcome = play({"bets": [{"team": "B", "stake": "envido"}], "refused": True})
    assert outcome.scores == {"A": 0, "B": 1}
    assert lines(outcome)[1] == "Envido by B refused → B scores 1, the stake before the raise."


def test_refusing_a_reenvido_gives_the_reenvido_team_the_previous_stake():
    """Seed: "The team that said 'envido' must now decide whether to resign and give the opponents 3
    points"."""
    _state, outcome = play({"bets": [{"team": "A", "stake": 3}, {"team": "B", "stake": 6}], "refused": True})
    assert outcome.scores == {"A": 0, "B": 3}
    assert lines(outcome)[1:3] == ["Envido by A accepted (3).",
                                   "Seis by B refused → B scores 3, the stake before the raise."]


@pytest.mark.parametrize("stakes", [(3,), (3, 6), (3, 6, 9), (3, 6, 9, 12)],
                         ids=["envido 3", "seis 6", "nueve 9", "doce 12"])
def test_an_accepted_raise_is_the_stake_won_by_the_team_with_two_tricks(stakes):
    """RULINGS: "Otherwise the team with two of the three tricks scores the stake"."""
    _state, outcome = play({"bets": bets("B", *stakes), "tricks": "AA"})
    assert outcome.scores == {"A": stakes[-1], "B": 0}
    assert outcome.extra["stake"] == stakes[-1]
    assert outcome.extra["ended"] == "tricks"


def test_the_raiser_can_lose_the_stake():
    """Seed: "'Juegue' (play). The proposal is accepted... The winners will score 3 points"."""
    _state, outcome = play({"bets": [{"team": "A", "stake": 3}], "tricks": "BAB"})
    assert outcome.scores == {"A": 0, "B": 3}


def test_raises_may_be_named_envido_seis_nueve_doce():
    """Seed: "the first reenvido is made by saying 'seis' [six], the second 'nueve' [nine] and the last
    'doce' [twelve]"."""
    record = {"bets": [{"team": "a", "stake": "envido"}, {"team": "B", "stake": "seis"},
                       {"team": "A", "stake": "Nueve"}, {"team": "B", "stake": "12"}], "tricks": "BB"}
    clean = GAME.validate(table(), state_at(0, 0), record)
    assert clean["bets"] == bets("A", 3, 6, 9, 12)
    assert GAME.apply(table(), state_at(0, 0), record)[1].scores == {"A": 0, "B": 12}


# -- raises that cannot be -----------------------------------------------------------------------------------

def test_a_team_cannot_raise_twice_in_a_row():
    """RULINGS: "only the team that accepted the latest raise may raise next"."""
    errors = errors_of({"bets": [{"team": "A", "stake": 3}, {"team": "A", "stake": 6}], "tricks": "AA"})
    assert errors == {"bets.1.team": "A cannot raise twice in a row: only the team that accepted the latest "
                                     "raise (B) may raise next."}


def test_raises_go_3_6_9_12_in_order():
    """RULINGS: "Raises go 1 → 3 (envido) → 6 → 9 → 12 (reenvidos)"."""
    errors = errors_of({"bets": [{"team": "A", "stake": 3}, {"team": "B", "stake": 9}], "tricks": "AA"})
    assert errors == {"bets.1.stake": "Each raise adds 3: after 3 (envido) comes 6 (seis), not 9."}


def test_the_first_raise_is_the_envido():
    """Seed: "'envido', which is a proposal to raise the score for the current deal from 1 point to 3"."""
    errors = errors_of({"bets": [{"team": "A", "stake": 6}], "tricks": "AA"})
    assert errors == {"bets.0.stake": "The first raise is the envido, from 1 to 3; 6 is not."}


def test_no_raise_past_12():
    """Seed: "each increasing the score by 3 points up to a maximum of 12"."""
    record = {"bets": bets("A", 3, 6, 9, 12) + [{"team": "A", "stake": 15}], "tricks": "AA"}
    assert errors_of(record) == {"bets.4": "Doce (12) is the highest stake: nobody can raise past 12."}
    assert errors_of({"bets": [{"team": "A", "stake": 15}], "tricks": "AA"}) == {
        "bets.0": "Doce (12) is the highest stake: nobody can raise past 12."}


def test_a_raise_names_a_team_and_a_stake():
    """Record format: each raise is {"team": "A" or "B", "stake": 3, 6, 9, 12 or its name}."""
    errors = errors_of({"bets": [{"team": "C", "stake": "siete"}, "envido"], "tricks": "AA"})
    assert set(errors) == {"bets.0.team", "bets.0.stake", "bets.1"}
    assert errors_of({"bets": "envido", "tricks": "AA"}) == {
        "bets": "The raises are a list: who raised, and to what."}


def test_refusal_needs_a_raise():
    """Seed: "The opposing team must reply" — only a bet can be refused."""
    assert errors_of({"refused": True}) == {"refused": "There is no raise to refuse."}


def test_a_refusal_ends_the_deal_so_no_tricks_are_recorded():
    """Seed: "The play ends... and the cards are thrown in"."""
    errors = errors_of({"bets": [{"team": "A", "stake": 3}], "refused": True, "tricks": "AA"})
    assert list(errors) == ["tricks"]
    assert "A refused raise ends the deal" in errors["tricks"]


# -- tricks --------------------------------------------------------------------------------------------------

def test_the_deal_ends_when_a_team_has_two_tricks():
    """Seed: "The cards are played out in three tricks and each team's objective is to win at least two"."""
    assert errors_of({"tricks": "AAB"}) == {
        "tricks.2": "The deal ends as soon as a team has won two tricks: no trick is played after that."}


def test_a_played_deal_needs_a_team_with_two_tricks():
    """The deal is only over when one team has won two tricks."""
    assert errors_of({"tricks": "AB"}) == {
        "tricks": "The deal is played until a team has won two of the three tricks."}
    assert errors_of({}) == {"tricks": "Record who won each trick until a team had two."}


def test_tricks_are_won_by_team_a_or_b():
    """Record format: trick winners are "A" or "B"."""
    assert errors_of({"tricks": ["A", "C", "A"]}) == {"tricks.1": "A trick is won by team A or team B."}
    assert errors_of({"tricks": 3}) == {"tricks": "List who won each trick: A or B."}


def test_tricks_may_be_a_list_or_a_string():
    """Record format: "ABA" (the form's button), ["A", "B", "A"] and "A, B, A" are the same."""
    for tricks in (["A", "B", "A"], "ABA", "a, b, a", "A-B-A"):
        assert GAME.validate(table(), state_at(0, 0), {"tricks": tricks})["tricks"] == "ABA"


# -- monja ---------------------------------------------------------------------------------------------------

def test_monja_scores_1_for_the_dealers_team():
    """Seed: "If the turned up card is the top trump - the four or monja - the dealer's team immediately
    scores 1 point"."""
    state, outcome = play({"monja": True, "tricks": "BB"}, dealer=2)  # Luis deals for A
    assert outcome.scores == {"A": 1, "B": 1}
    assert outcome.extra["monja_point"] == "A"
    assert "Monja turned up: the dealer's team A scores 1." in lines(outcome)
    state, outcome = play({"monja": True, "bets": [{"team": "B", "stake": 3}], "refused": True}, dealer=1)
    assert outcome.scores == {"A": 0, "B": 2}


def test_monja_goes_to_the_team_of_the_dealer_named_in_the_record():
    """The record may correct who dealt; the monja point follows the real dealer."""
    _state, outcome = play({"dealer": "Bea", "monja": True, "tricks": "AA"}, dealer=0)
    assert outcome.scores == {"A": 1, "B": 1}


def test_no_monja_point_for_a_team_on_alver():
    """Seed: "If the dealer's team is on alver they do not score anything for turning up the 4 of trumps"."""
    _state, outcome = play({"monja": True, "alver": "play", "tricks": "BB"}, a=11, b=3, dealer=0)
    assert outcome.scores == {"A": 0, "B": 3}
    assert outcome.extra["monja_point"] is None
    assert "Monja turned up, but the dealer's team A is on alver (11): no point." in lines(outcome)


def test_monja_point_to_11_puts_the_dealers_team_on_alver_at_once():
    """House rule monja_alver_at_once (default on): the monja point is scored "immediately", before play, and
    "at the start of the play the team on alver must decide whether to play the cards for 3 points"."""
    errors = errors_of({"monja": True, "bets": [{"team": "B", "stake": 3}], "tricks": "AA"}, a=10, b=4)
    assert errors == {"alver": "A is on alver (11): record whether they play for 3 or give up.",
                      "bets": "No betting while a team is on alver: A is on 11."}
    state, outcome = play({"monja": True, "alver": "play", "tricks": "ABA"}, a=10, b=4)
    assert outcome.scores == {"A": 4, "B": 0}
    assert state["totals"] == {"A": 14, "B": 4}
    assert GAME.winners(table(), state) == ["A"]


def test_monja_point_to_11_alver_from_next_deal_when_house_rule_is_off():
    """House rule monja_alver_at_once off: the deal that takes the dealer's team to 11 is played as usual."""
    state, outcome = play({"monja": True, "bets": [{"team": "B", "stake": 3}], "tricks": "BB"}, a=10, b=4,
                          monja_alver_at_once=False)
    assert outcome.scores == {"A": 1, "B": 3}
    assert state["alver"] == ["A"]
    assert "alver" in errors_of({"monja": True, "alver": "play", "tricks": "AA"}, a=10, b=4,
                                monja_alver_at_once=False)


def test_monja_to_11_when_the_other_team_is_on_11_makes_both_on_alver():
    """With the default house rule, 10 + monja against 11 means both teams are on 11: play for 1."""
    _state, outcome = play({"monja": True, "tricks": "AA"}, a=10, b=11)
    assert outcome.scores == {"A": 2, "B": 0}
    assert "Both teams are on alver (11): no betting, the deal is played for 1." in lines(outcome)


# -- alver ---------------------------------------------------------------------------------------------------

def test_alver_team_plays_for_3_and_wins_the_game():
    """Seed: "the team on alver must decide whether to play the cards for 3 points"."""
    state, outcome = play({"alver": "play", "tricks": "BAB"}, a=4, b=11)
    assert outcome.scores == {"A": 0, "B": 3}
    assert "B is on alver and plays for 3." in lines(outcome)
    assert outcome.game_over and outcome.winners == ["B"]


def test_alver_team_plays_for_3_and_loses():
    """Playing on alver is for 3 either way: the other team scores 3 if it wins two tricks."""
    state, outcome = play({"alver": "play", "tricks": "AA"}, a=4, b=11)
    assert outcome.scores == {"A": 3, "B": 0}
    assert state["totals"] == {"A": 7, "B": 11}
    assert not outcome.game_over


def test_alver_team_gives_up_and_the_other_team_scores_1():
    """Seed: "or whether to give up, throwing in the cards giving the other team 1 point"."""
    _state, outcome = play({"alver": "give_up"}, a=11, b=8)
    assert outcome.scores == {"A": 0, "B": 1}
    assert outcome.extra["ended"] == "give_up"
    assert "A is on alver and gives up: B scores 1." in lines(outcome)
    assert errors_of({"alver": "give_up", "tricks": "AA"}, a=11, b=8) == {
        "tricks": "A gave up on alver: the cards are thrown in, no tricks are played."}


def test_the_team_on_alver_must_choose():
    """Seed: "the team on alver must decide"."""
    assert errors_of({"tricks": "AA"}, a=11, b=2) == {
        "alver": "A is on alver (11): record whether they play for 3 or give up."}
    assert errors_of({"alver": "maybe", "tricks": "AA"}, a=11, b=2) == {
        "alver": "The team on alver either plays (for 3) or gives up."}
    assert errors_of({"alver": "play"}, a=11, b=2) == {
        "tricks": "Record who won each trick until a team had two."}


def test_alver_choice_only_when_a_team_is_on_11():
    """Seed: "A team that has a cumulative score of 11 points is said to be on alver"."""
    assert errors_of({"alver": "play", "tricks": "AA"}, a=10, b=9) == {
        "alver": "Nobody is on alver (11): there is no choice to make."}


def test_no_betting_while_a_team_is_on_alver():
    """Seed: "When a team is on alver no betting is possible"."""
    errors = errors_of({"alver": "play", "bets": [{"team": "A", "stake": 3}], "refused": True}, a=5, b=11)
    assert errors["bets"] == "No betting while a team is on alver: B is on 11."
    assert errors["refused"] == "No betting while a team is on alver, so there is no raise to refuse."


def test_both_teams_on_11_play_for_1_and_the_winner_takes_the_game():
    """Seed: "If both teams are on alver... the winners of the majority of tricks scoring 1 point and thereby
    winning the game"."""
    state, outcome = play({"tricks": "ABB"}, a=11, b=11)
    assert outcome.scores == {"A": 0, "B": 1}
    assert outcome.extra["stake"] == 1
    assert outcome.winners == ["B"] and state["totals"] == {"A": 11, "B": 12}


def test_both_teams_on_11_no_betting_and_no_choice():
    """Seed: "If both teams are on alver, having 11 points each, there is no betting"."""
    assert errors_of({"bets": [{"team": "A", "stake": 3}], "tricks": "AA"}, a=11, b=11) == {
        "bets": "No betting while a team is on alver: both teams are on 11."}
    assert errors_of({"alver": "play", "tricks": "AA"}, a=11, b=11) == {
        "alver": "Both teams are on 11: nobody chooses, the deal is played for 1."}


def test_reaching_11_is_announced_as_alver_for_the_next_deal():
    """Alver is shown as soon as a team reaches 11."""
    state, outcome = play({"bets": [{"team": "A", "stake": 3}], "tricks": "AA"}, a=8)
    assert state["alver"] == ["A"]
    assert lines(outcome)[-1] == "On alver for the next deal: A."


# -- the end of the game -------------------------------------------------------------------------------------

def test_the_game_is_won_at_exactly_12():
    """Seed: "The first team that achieves a score of 12 points (6 goods) or more wins the game"."""
    state, outcome = play({"bets": [{"team": "B", "stake": 3}], "tricks": "BB"}, a=2, b=9)
    assert state["totals"] == {"A": 2, "B": 12}
    assert outcome.game_over and outcome.winners == ["B"]
    assert GAME.winners(table(), state) == ["B"]
    assert lines(outcome)[-1] == "Score: A 2 malas, B 6 buenas."


def test_the_game_is_won_past_12():
    """Seed: "to reach or exceed the target score of 12 points"."""
    state, outcome = play({"bets": bets("A", 3, 6, 9), "tricks": "AA"}, a=7, b=10)
    assert state["totals"] == {"A": 16, "B": 10}
    assert outcome.winners == ["A"]


def test_no_deal_after_the_game_is_won():
    """The game is over at 12: nothing more can be recorded."""
    assert errors_of({"tricks": "AA"}, a=12, b=3) == {"__all__": "The game is over: A reached 12."}


def test_game_not_over_below_12():
    state, outcome = play({"tricks": "AA"}, a=10, b=10)
    assert state["totals"]["A"] == 11 and not outcome.game_over and GAME.winners(table(), state) == []


# -- the record ----------------------------------------------------------------------------------------------

def test_void_deal_scores_nothing_and_the_deal_passes_on():
    """RULINGS General: "Every deal may be recorded as void... no score, dealer advances as the rules say"."""
    state, outcome = play({"void": True, "monja": True, "tricks": "AA"}, dealer=3)
    assert outcome.void and outcome.scores == {"A": 0, "B": 0}
    assert state["dealer"] == 0 and state["deals"] == 1


def test_unknown_fields_are_rejected():
    """A mistyped field must not be silently ignored: it could change the score."""
    assert errors_of({"refuse": True, "tricks": "AA"}) == {
        "refuse": "Paublillo records have no field refuse."}


def test_flags_are_yes_or_no():
    assert errors_of({"monja": "perhaps", "tricks": "AA"}) == {"monja": "Answer yes or no."}
    clean = GAME.validate(table(), state_at(0, 0), {"monja": "true", "tricks": "AA"})
    assert clean["monja"] is True


def test_dealer_must_be_at_the_table():
    assert errors_of({"dealer": "Zoe", "tricks": "AA"}) == {"dealer": "Zoe is not at this table."}


def test_validate_gives_the_full_normalised_record():
    """The normalised record holds every key, and validating it again changes nothing."""
    record = {"bets": [{"team": "b", "stake": "envido"}], "tricks": "BAB"}
    clean = GAME.validate(table(), state_at(0, 0, dealer=1), record)
    assert clean == {"dealer": "Bea", "monja": False, "alver": None, "bets": [{"team": "B", "stake": 3}],
                     "refused": False, "tricks": "BAB", "void": False}
    assert GAME.validate(table(), state_at(0, 0, dealer=1), clean) == clean


def test_breakdown_reads_like_the_table_would_say_it():
    """RULINGS General: every outcome carries a breakdown a player would say aloud."""
    _state, outcome = play({"monja": True, "bets": bets("A", 3, 6), "tricks": "ABA"}, a=3, b=5, dealer=1)
    assert lines(outcome) == [
        "Bea dealt (team B); Luis leads.",
        "Monja turned up: the dealer's team B scores 1.",
        "Envido by A accepted (3).",
        "Seis by B accepted (6).",
        "Tricks: A, B, A → A wins 2 of 3.",
        "A scores 6.",
        "Score: A 3 buenas, B 6 malas (fuera de malas).",
    ]
    assert outcome.to_json()["breakdown_i18n"][0][0] == "%(dealer)s dealt (team %(team)s); %(leader)s leads."


def test_record_fields_for_the_phone_form():
    fields = {f.name: f for f in GAME.record_fields(table())}
    assert list(fields) == ["dealer", "monja", "alver", "bets", "refused", "tricks", "void"]
    assert fields["dealer"].kind == "player" and fields["monja"].kind == "bool"
    assert [v for v, _ in fields["alver"].choices] == ["play", "give_up"]
    team, stake = fields["bets"].fields
    assert [str(lbl) for _, lbl in team.choices] == ["A: Ana & Luis", "B: Bea & Eva"]
    assert [(v, str(lbl)) for v, lbl in stake.choices] == [
        ("3", "envido (3)"), ("6", "seis (6)"), ("9", "nueve (9)"), ("12", "doce (12)")]
    assert {v for v, _ in fields["tricks"].choices} == {"AA", "ABA", "ABB", "BB", "BAB", "BAA"}
    for value, _label in fields["tricks"].choices:  # every button is a valid record
        GAME.validate(table(), state_at(0, 0), {"tricks": value})
    assert fields["bets"].to_json()["fields"][1]["choices"][0] == {"value": "3", "label": "envido (3)"}
