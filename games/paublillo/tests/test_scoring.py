"""Paublillo scoring, one rule per test (seed 000 and RULINGS.md, "Paublillo")."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from games.paublillo.record import PaublilloRecord
from games.paublillo.rules import GAME, PaublilloState, on_alver
from referee.game import InvalidRecord, TableSpec
from scoring.services import translate

PLAYERS = ["Ana", "Bea", "Luis", "Eva"]  # A: Ana & Luis, B: Bea & Eva


def table(**options: Any) -> TableSpec:
    return GAME.table(PLAYERS, options)


def state_at(a: int, b: int, dealer: int = 0) -> PaublilloState:
    return GAME.initial_state(table()).replace(totals=(a, b), dealer=dealer, alver=on_alver((a, b)))


def play(record: dict[str, Any], a: int = 0, b: int = 0, dealer: int = 0, **options: Any):
    return GAME.apply(table(**options), state_at(a, b, dealer), record)


def normalised(record: dict[str, Any], a: int = 0, b: int = 0, dealer: int = 0,
               **options: Any) -> PaublilloRecord:
    """The record as it is stored: parsed, completed from the state before it, and checked."""
    t, state = table(**options), state_at(a, b, dealer)
    clean = GAME.complete(t, state, GAME.parse(t, record))
    GAME.check(t, state, clean)
    return clean


def errors_of(record: dict[str, Any], a: int = 0, b: int = 0, dealer: int = 0,
              **options: Any) -> dict[str, str]:
    with pytest.raises(InvalidRecord) as info:
        GAME.apply(table(**options), state_at(a, b, dealer), record)
    return {k: str(v) for k, v in info.value.errors.items()}


def teams(values) -> dict[str, int]:
    """Scores or totals per side, by the teams' letters."""
    return dict(zip(GAME.sides(table()), values, strict=True))


def winners(values) -> list[str]:
    return [GAME.sides(table())[side] for side in values]


def lines(outcome) -> list[str]:
    return [str(line) for line in outcome.breakdown]


def bets(first: str, *stakes: int) -> list[dict[str, Any]]:
    other = "B" if first == "A" else "A"
    return [{"team": first if i % 2 == 0 else other, "stake": s} for i, s in enumerate(stakes)]


# -- the stake -----------------------------------------------------------------------------------------------

def test_a_deal_without_bets_is_worth_1():
    """"Initially the score for the team that wins the majority of tricks is 1 point"."""
    state, outcome = play({"tricks": ["B", "A", "B"]})
    assert teams(outcome.scores) == {"A": 0, "B": 1}
    assert teams(state.totals) == {"A": 0, "B": 1}
    assert "No raise: the deal is worth 1." in lines(outcome)
    assert "Tricks: B, A, B → B takes two tricks and the deal." in lines(outcome)


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
    assert teams(outcome.scores)[raiser] == scored
    assert sum(outcome.scores) == scored
    assert outcome.details.ended == "refused"
    assert any(line.endswith(f"refused → {raiser} scores {scored}, the stake before the raise.")
               for line in lines(outcome))


def test_refusing_envido_resigns_the_deal():
    """Seed: "'No accepta' (fold)... The play ends, the team that bet scores 1 point"."""
    _state, outcome = play({"bets": [{"team": "B", "stake": "envido"}], "refused": True})
    assert teams(outcome.scores) == {"A": 0, "B": 1}
    assert lines(outcome)[1] == "Envido by B refused → B scores 1, the stake before the raise."


def test_refusing_a_reenvido_gives_the_reenvido_team_the_previous_stake():
    """Seed: "The team that said 'envido' must now decide whether to resign and give the opponents 3
    points"."""
    _state, outcome = play({"bets": [{"team": "A", "stake": 3}, {"team": "B", "stake": 6}], "refused": True})
    assert teams(outcome.scores) == {"A": 0, "B": 3}
    assert lines(outcome)[1:3] == ["Envido by A accepted (3).",
                                   "Seis by B refused → B scores 3, the stake before the raise."]


@pytest.mark.parametrize("stakes", [(3,), (3, 6), (3, 6, 9), (3, 6, 9, 12)],
                         ids=["envido 3", "seis 6", "nueve 9", "doce 12"])
def test_an_accepted_raise_is_the_stake_won_by_the_team_with_two_tricks(stakes):
    """RULINGS: "Otherwise the team with two of the three tricks scores the stake"."""
    _state, outcome = play({"bets": bets("B", *stakes), "tricks": "AA"})
    assert teams(outcome.scores) == {"A": stakes[-1], "B": 0}
    assert outcome.details.stake == stakes[-1]
    assert outcome.details.ended == "tricks"


def test_the_raiser_can_lose_the_stake():
    """Seed: "'Juegue' (play). The proposal is accepted... The winners will score 3 points"."""
    _state, outcome = play({"bets": [{"team": "A", "stake": 3}], "tricks": "BAB"})
    assert teams(outcome.scores) == {"A": 0, "B": 3}


def test_raises_may_be_named_envido_seis_nueve_doce():
    """Seed: "the first reenvido is made by saying 'seis' [six], the second 'nueve' [nine] and the last
    'doce' [twelve]"."""
    record = {"bets": [{"team": "a", "stake": "envido"}, {"team": "B", "stake": "seis"},
                       {"team": "A", "stake": "Nueve"}, {"team": "B", "stake": "12"}], "tricks": "BB"}
    clean = normalised(record)
    assert clean.to_json()["bets"] == bets("A", 3, 6, 9, 12)
    assert teams(GAME.apply(table(), state_at(0, 0), record)[1].scores) == {"A": 0, "B": 12}


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
        assert normalised({"tricks": tricks}).to_json()["tricks"] == "ABA"


# -- monja ---------------------------------------------------------------------------------------------------

def test_monja_scores_1_for_the_dealers_team():
    """Seed: "If the turned up card is the top trump - the four or monja - the dealer's team immediately
    scores 1 point"."""
    state, outcome = play({"monja": True, "tricks": "BB"}, dealer=2)  # Luis deals for A
    assert teams(outcome.scores) == {"A": 1, "B": 1}
    assert outcome.details.monja_point == "A"
    assert "Monja turned up: the dealer's team A scores 1." in lines(outcome)
    state, outcome = play({"monja": True, "bets": [{"team": "B", "stake": 3}], "refused": True}, dealer=1)
    assert teams(outcome.scores) == {"A": 0, "B": 2}


def test_monja_goes_to_the_team_of_the_dealer_named_in_the_record():
    """The record may correct who dealt; the monja point follows the real dealer."""
    _state, outcome = play({"dealer": "Bea", "monja": True, "tricks": "AA"}, dealer=0)
    assert teams(outcome.scores) == {"A": 1, "B": 1}


def test_no_monja_point_for_a_team_on_alver():
    """Seed: "If the dealer's team is on alver they do not score anything for turning up the 4 of trumps"."""
    _state, outcome = play({"monja": True, "alver": "play", "tricks": "BB"}, a=11, b=3, dealer=0)
    assert teams(outcome.scores) == {"A": 0, "B": 3}
    assert outcome.details.monja_point is None
    assert "Monja turned up, but the dealer's team A is on alver (11): no point." in lines(outcome)


def test_monja_point_to_11_puts_the_dealers_team_on_alver_at_once():
    """House rule monja_alver_at_once (default on): the monja point is scored "immediately", before play, and
    "at the start of the play the team on alver must decide whether to play the cards for 3 points"."""
    errors = errors_of({"monja": True, "bets": [{"team": "B", "stake": 3}], "tricks": "AA"}, a=10, b=4)
    assert errors == {"alver": "A is on alver (11): record whether they play for 3 or give up.",
                      "bets": "No betting while a team is on alver: A is on 11."}
    state, outcome = play({"monja": True, "alver": "play", "tricks": "ABA"}, a=10, b=4)
    assert teams(outcome.scores) == {"A": 4, "B": 0}
    assert teams(state.totals) == {"A": 14, "B": 4}
    assert winners(GAME.winners(table(), state)) == ["A"]


def test_monja_point_to_11_alver_from_next_deal_when_house_rule_is_off():
    """House rule monja_alver_at_once off: the deal that takes the dealer's team to 11 is played as usual."""
    state, outcome = play({"monja": True, "bets": [{"team": "B", "stake": 3}], "tricks": "BB"}, a=10, b=4,
                          monja_alver_at_once=False)
    assert teams(outcome.scores) == {"A": 1, "B": 3}
    assert [team.value for team in state.alver] == ["A"]
    assert "alver" in errors_of({"monja": True, "alver": "play", "tricks": "AA"}, a=10, b=4,
                                monja_alver_at_once=False)


def test_monja_to_11_when_the_other_team_is_on_11_makes_both_on_alver():
    """With the default house rule, 10 + monja against 11 means both teams are on 11: play for 1."""
    _state, outcome = play({"monja": True, "tricks": "AA"}, a=10, b=11)
    assert teams(outcome.scores) == {"A": 2, "B": 0}
    assert "Both teams are on alver (11): no betting, the deal is played for 1." in lines(outcome)


# -- alver ---------------------------------------------------------------------------------------------------

def test_alver_team_plays_for_3_and_wins_the_game():
    """Seed: "the team on alver must decide whether to play the cards for 3 points"."""
    state, outcome = play({"alver": "play", "tricks": "BAB"}, a=4, b=11)
    assert teams(outcome.scores) == {"A": 0, "B": 3}
    assert "B is on alver and plays for 3." in lines(outcome)
    assert outcome.game_over and winners(outcome.winners) == ["B"]


def test_alver_team_plays_for_3_and_loses():
    """Playing on alver is for 3 either way: the other team scores 3 if it wins two tricks."""
    state, outcome = play({"alver": "play", "tricks": "AA"}, a=4, b=11)
    assert teams(outcome.scores) == {"A": 3, "B": 0}
    assert teams(state.totals) == {"A": 7, "B": 11}
    assert not outcome.game_over


def test_alver_team_gives_up_and_the_other_team_scores_1():
    """Seed: "or whether to give up, throwing in the cards giving the other team 1 point"."""
    _state, outcome = play({"alver": "give_up"}, a=11, b=8)
    assert teams(outcome.scores) == {"A": 0, "B": 1}
    assert outcome.details.ended == "give_up"
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
    assert teams(outcome.scores) == {"A": 0, "B": 1}
    assert outcome.details.stake == 1
    assert winners(outcome.winners) == ["B"] and teams(state.totals) == {"A": 11, "B": 12}


def test_both_teams_on_11_no_betting_and_no_choice():
    """Seed: "If both teams are on alver, having 11 points each, there is no betting"."""
    assert errors_of({"bets": [{"team": "A", "stake": 3}], "tricks": "AA"}, a=11, b=11) == {
        "bets": "No betting while a team is on alver: both teams are on 11."}
    assert errors_of({"alver": "play", "tricks": "AA"}, a=11, b=11) == {
        "alver": "Both teams are on 11: nobody chooses, the deal is played for 1."}


def test_reaching_11_is_announced_as_alver_for_the_next_deal():
    """Alver is shown as soon as a team reaches 11."""
    state, outcome = play({"bets": [{"team": "A", "stake": 3}], "tricks": "AA"}, a=8)
    assert [team.value for team in state.alver] == ["A"]
    assert lines(outcome)[-1] == "On alver for the next deal: A."


def test_both_teams_on_alver_for_the_next_deal_are_said_as_a_sentence_lists_them():
    """B, on 11, gives up: A scores 1 and is on 11 too. The line says "A and B" in the reader's language
    ("A y B", "A et B"), not "A & B" (a tester, on a Spanish page)."""
    _state, outcome = play({"alver": "give_up"}, a=10, b=11)
    assert lines(outcome)[-1] == "On alver for the next deal: A and B."
    with translation.override("es"):
        assert translate(outcome.breakdown[-1]) == "En alver para la mano siguiente: A y B."


# -- the end of the game -------------------------------------------------------------------------------------

def test_the_game_is_won_at_exactly_12():
    """Seed: "The first team that achieves a score of 12 points (6 goods) or more wins the game"."""
    state, outcome = play({"bets": [{"team": "B", "stake": 3}], "tricks": "BB"}, a=2, b=9)
    assert teams(state.totals) == {"A": 2, "B": 12}
    assert outcome.game_over and winners(outcome.winners) == ["B"]
    assert winners(GAME.winners(table(), state)) == ["B"]
    assert lines(outcome)[-1] == "Score: A 2 malas, B 6 buenas."


def test_the_game_is_won_past_12():
    """Seed: "to reach or exceed the target score of 12 points"."""
    state, outcome = play({"bets": bets("A", 3, 6, 9), "tricks": "AA"}, a=7, b=10)
    assert teams(state.totals) == {"A": 16, "B": 10}
    assert winners(outcome.winners) == ["A"]


def test_no_deal_after_the_game_is_won():
    """The game is over at 12: nothing more can be recorded."""
    assert errors_of({"tricks": "AA"}, a=12, b=3) == {"__all__": "The game is over: A reached 12."}


def test_game_not_over_below_12():
    state, outcome = play({"tricks": "AA"}, a=10, b=10)
    assert state.totals[0] == 11 and not outcome.game_over and winners(GAME.winners(table(), state)) == []


# -- the record ----------------------------------------------------------------------------------------------

def test_void_deal_scores_nothing_and_the_deal_passes_on():
    """RULINGS General: "Every deal may be recorded as void... no score, dealer advances as the rules say"."""
    state, outcome = play({"void": True, "monja": True, "tricks": "AA"}, dealer=3)
    assert outcome.void and teams(outcome.scores) == {"A": 0, "B": 0}
    assert state.dealer == 0 and state.deals == 1


def test_unknown_fields_are_rejected():
    """A mistyped field must not be silently ignored: it could change the score."""
    assert errors_of({"refuse": True, "tricks": "AA"}) == {
        "refuse": "Unknown field for Paublillo."}


def test_flags_are_yes_or_no():
    assert errors_of({"monja": "perhaps", "tricks": "AA"}) == {"monja": "Answer yes or no."}
    clean = normalised({"monja": "true", "tricks": "AA"})
    assert clean.monja is True


def test_dealer_must_be_at_the_table():
    assert errors_of({"dealer": "Zoe", "tricks": "AA"}) == {"dealer": "Zoe is not playing at this table."}


def test_the_stored_record_is_the_full_normalised_record():
    """The normalised record holds every key (the dealer only when corrected: in turn, Bea here), and reading
    it again changes nothing."""
    record = {"bets": [{"team": "b", "stake": "envido"}], "tricks": "BAB"}
    clean = normalised(record, dealer=1)
    assert clean.to_json() == {"dealer": None, "monja": False, "alver": None, "bets": [{"team": "B", "stake": 3}],
                               "refused": False, "tricks": "BAB", "void": False}
    assert normalised(clean.to_json(), dealer=1) == clean
    assert GAME.parse(table(), clean.to_json()) == clean
    assert GAME.record_from_json(clean.to_json()) == clean
    _state, outcome = GAME.apply(table(), state_at(0, 0, dealer=1), clean)
    assert outcome.dealer == 1 and lines(outcome)[0] == "Bea dealt (team B); Luis leads."
    corrected = normalised({**record, "dealer": "luis"}, dealer=1)
    assert corrected.to_json()["dealer"] == {"seat": 2, "name": "Luis"}
    assert GAME.parse(table(), corrected.to_json()) == corrected


def test_breakdown_reads_like_the_table_would_say_it():
    """RULINGS General: every outcome carries a breakdown a player would say aloud."""
    _state, outcome = play({"monja": True, "bets": bets("A", 3, 6), "tricks": "ABA"}, a=3, b=5, dealer=1)
    assert lines(outcome) == [
        "Bea dealt (team B); Luis leads.",
        "Monja turned up: the dealer's team B scores 1.",
        "Envido by A accepted (3).",
        "Seis by B accepted (6).",
        "Tricks: A, B, A → A takes two tricks and the deal.",
        "A scores 6.",
        "Score: A 3 buenas, B 6 malas (fuera de malas).",
    ]
    assert outcome.to_json()["breakdown"][0][0] == "%(dealer)s dealt (team %(team)s); %(leader)s leads."


@pytest.mark.parametrize(("tricks", "said"), [
    pytest.param("AA", "Tricks: A, A → A takes two tricks and the deal.", id="two straight"),
    pytest.param("BAB", "Tricks: B, A, B → B takes two tricks and the deal.", id="two of three"),
])
def test_the_tricks_line_says_the_team_with_two_tricks_takes_the_deal(tricks, said):
    """Seed: "The cards are played out in three tricks and each team's objective is to win at least two of them."
    The line says the team took two tricks and with them the deal, as a player would ("A gana dos bazas y la
    mano"), not a count of the tricks played ("A wins 2 of 2", a tester)."""
    _state, outcome = play({"tricks": tricks})
    assert said in lines(outcome)
    assert not any(" of 2" in line or " of 3" in line for line in lines(outcome))


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
        normalised({"tricks": value})
    assert fields["bets"].to_json()["fields"][1]["choices"][0] == {"value": "3", "label": "envido (3)"}


# -- parse and check ---------------------------------------------------------------------------------------

def test_a_refusal_cites_the_rule_it_breaks_and_a_misspelling_cites_none():
    """A raise out of turn is read (it is well formed) and refused by the betting rule; a team that is not A
    or B is refused while reading, with no rule to cite."""
    record = {"bets": [{"team": "A", "stake": 3}, {"team": "A", "stake": 6}], "tricks": "AA"}
    assert GAME.parse(table(), record).bets[1].team == "A"
    with pytest.raises(InvalidRecord) as info:
        GAME.apply(table(), state_at(0, 0), record)
    rule = info.value.rules["bets.1.team"]
    assert (rule.key, str(rule)) == ("betting-envido-seis-nueve-doce", "Betting: envido, seis, nueve, doce")
    assert rule.key in {section.key for section in GAME.rules}
    with pytest.raises(InvalidRecord) as info:
        GAME.parse(table(), {"bets": [{"team": "C", "stake": 3}], "tricks": "AA"})
    assert info.value.rules == {} and list(info.value.errors) == ["bets.0.team"]


@pytest.mark.parametrize(("record", "a", "b", "field", "key"), [
    ({"bets": [{"team": "A", "stake": 15}], "tricks": "AA"}, 0, 0, "bets.0", "betting-envido-seis-nueve-doce"),
    ({"refused": True}, 0, 0, "refused", "betting-envido-seis-nueve-doce"),
    ({"bets": [{"team": "A", "stake": 3}], "alver": "play", "tricks": "AA"}, 11, 0, "bets", "alver"),
    ({"tricks": "AA"}, 11, 0, "alver", "alver"),
    ({}, 0, 0, "tricks", "play-and-following"),
    ({"tricks": "AA"}, 12, 0, "__all__", "players-and-teams"),
])
def test_every_refusal_by_the_rules_cites_a_section_of_the_rules_page(record, a, b, field, key):
    with pytest.raises(InvalidRecord) as info:
        GAME.apply(table(), state_at(a, b), record)
    assert info.value.rules[field].key == key


@pytest.mark.parametrize("players", [["Ana", "Bea"], PLAYERS, PLAYERS + ["Pau", "Sol"],
                                     PLAYERS + ["Pau", "Sol", "Juan", "Rosa"]])
def test_the_example_deals_score_as_their_description_says(players):
    t = GAME.table(players)
    states = [state for state, _outcome in GAME.replay(t, GAME.example_records(t))]
    assert [teams(state.totals) for state in states] == [
        {"A": 3, "B": 0}, {"A": 6, "B": 0}, {"A": 7, "B": 1}, {"A": 7, "B": 1}, {"A": 7, "B": 2}]
