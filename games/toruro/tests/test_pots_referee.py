"""Toruro's referee on who collects and who owes in a deal, one rule per test (seed 002, "The Three Pots", "The
Lulo List"; RULINGS.md, Toruro). The chips are worked out by Toruro.deal_chips, the score sheet's own code: a test
records the same deal and compares. Seed 002 works no deal through: hand-computed, the arithmetic beside each.

Ana, Luis, Pepe, Marta, Juan in the order of play; Ana deals."""

from __future__ import annotations

from typing import Any

import pytest

from games.toruro.rules import GAME
from games.toruro.words import RULE
from referee.game import InvalidRecord, Ruling
from scoring.views.rules import citation

PLAYERS = ["Ana", "Luis", "Pepe", "Marta", "Juan"]
FIVE = GAME.table(PLAYERS)
# Ana antes a chip a pot; Marta pays a 3-chip lulo all on the cabeza: cabeza 1 + 3 = 4, barriga 1, cola 1 = 6.
PAID = {"dealer": "Ana", "paid_by": "Marta", "paid_cabeza": 3}
TRICKS = {"cabeza_to": "Pepe", "barriga_to": "Pepe", "cola_to": "Luis"}


def asked(table: Any = FIVE, **situation: Any) -> Ruling:
    return GAME.ruling(table, {"question": "pots", **situation})


def lines(ruling: Ruling) -> list[str]:
    return str(ruling.explanation).split("\n")


def test_each_trick_wins_its_pot_as_it_lies_when_play_starts() -> None:
    """Seed 002: "The first trick taken will win the cabeza, the second, the barriga, and the third the cola", and
    the lulo paid goes into the pots "divided in the three pots any way he/she likes": Pepe takes the cabeza 4 and
    the barriga 1 = 5, Luis the cola 1. Nets: Ana −3 (her chips), Marta −3 (her lulo), Pepe +5, Luis +1."""
    ruling = asked(**PAID, **TRICKS)
    assert (ruling.legal, ruling.rule) == (None, RULE["pots_won"])
    assert lines(ruling) == [
        "In play: cabeza 4, barriga 1, cola 1 = 6 chips; a lulo this deal costs 6.",
        "Luis takes the Cola (1): 1 chip.",
        "Pepe takes the Cabeza (4) and the Barriga (1): 5 chips.",
        "Net this deal: Ana −3, Luis +1, Pepe +5, Marta −3."]


def test_a_player_who_went_and_took_no_pot_owes_all_the_money_in_play() -> None:
    """Seed 002: "Any player decided to “go” and did not take any pot ... commits “lulo” ... This player now owes the
    total amount of money available for this round (that is, the initial pot placed by the dealer, plus any lulo
    money payed by another player": Juan owes 3 + 3 = 6."""
    ruling = asked(**PAID, **TRICKS, no_trick="Juan")
    assert ruling.rule == RULE["lulo_owed"]
    assert "Juan went and took no trick: a lulo, 6 chips owed." in lines(ruling)


def test_a_player_who_broke_a_play_rule_keeps_the_pots_won_and_owes_a_lulo() -> None:
    """Seed 002: "any player who misplayed a rule (... not playing a trump if available ...) commits “lulo”";
    RULINGS.md: "A rule-breaker keeps any pot they won." Pepe keeps his 5 and owes 6."""
    said = lines(asked(**PAID, **TRICKS, broke_rule="Pepe", rule="trump_when_void"))
    assert said[2:5] == ["Pepe takes the Cabeza (4) and the Barriga (1): 5 chips.",
                         "Pepe broke “Trump when you cannot follow suit”: a lulo, 6 chips owed.",
                         "Pepe keeps what they won: breaking a rule does not take a pot back."]


@pytest.mark.parametrize(("one_lulo", "owed"), [
    (True, ["Juan took no trick and broke “Follow suit”: one lulo, 6 chips owed."]),
    (False, ["Juan went and took no trick: a lulo, 6 chips owed.", "Juan broke “Follow suit”: a lulo, 6 chips owed."]),
])
def test_one_lulo_per_deal_for_two_offences_unless_the_table_says_otherwise(one_lulo: bool, owed: list[str]) -> None:
    """Seed 002 lists both offences ("did not take any pot OR ... misplayed a rule") without saying whether one
    player commits two lulos for both: Tapete's house rule one_lulo_per_deal (on by default) makes it one."""
    table = GAME.table(PLAYERS, {"one_lulo_per_deal": one_lulo})
    said = lines(asked(table, **PAID, **TRICKS, no_trick="Juan", broke_rule="Juan", rule="follow_suit"))
    assert [line for line in said if line.startswith("Juan")] == owed


def test_if_nobody_goes_the_pots_stay() -> None:
    """RULINGS.md: "If nobody goes, the pots stay and carry over to the next deal": 2 left + 3 from Ana = 5."""
    ruling = asked(dealer="Ana", cola=2)
    assert ruling.rule == RULE["nobody_goes"]
    assert lines(ruling) == ["In play: cabeza 1, barriga 1, cola 3 = 5 chips; a lulo this deal costs 5.",
                             "Nobody went: the pots (5 chips) stay for the next deal."]


def test_the_referee_says_what_the_score_sheet_records() -> None:
    """Seed 002, "The Lulo List": the same deal recorded after a first one (Marta, Juan and Ana owe 3; Luis deals
    deal 2, Marta pays her lulo on the cabeza, Pepe and Juan go, Pepe takes all three) and asked of the referee
    give the same pots, lulos and nets."""
    state, _outcome = GAME.apply(FIVE, GAME.initial_state(FIVE), {"turned_card": "4O", "went": PLAYERS,
                                                                   "tricks": ["Luis", "Pepe", "Pepe"]})
    after, outcome = GAME.apply(FIVE, state, {"turned_card": "5B", "payments": [{"lulo": 1, "cabeza": 3}],
                                              "went": ["Pepe", "Juan"], "tricks": ["Pepe", "Pepe", "Pepe"]})
    said = lines(asked(dealer="Luis", paid_by="Marta", paid_cabeza=3, cabeza_to="Pepe", barriga_to="Pepe",
                       cola_to="Pepe", no_trick="Juan"))
    recorded = [str(line) for line in outcome.breakdown]
    assert said[0] in recorded and said[-1] in recorded  # what is in play, and each player's net
    assert [(debt.debtor, debt.amount) for debt in after.ledger.debts[3:]] == [(4, 6)]
    assert "Juan went and took no trick: a lulo, 6 chips owed." in said


def test_every_tenth_lulo_is_free_counting_those_committed_so_far() -> None:
    """Seed 002, house rule 1: "if you already have 9 lulos (payed or not) and once again you commit lulo, this
    one's for free (but obviously, the next one isn't)". Juan has committed 9: his tenth costs nothing; with 8,
    his ninth costs the 6 chips in play. The score sheet, from a night carried over with the same counts, agrees."""
    free = lines(asked(**PAID, **TRICKS, no_trick="Juan", count_4=9))
    assert "Juan went and took no trick: their lulo number 10, free (every tenth lulo is free)." in free
    assert free[-1] == "Net this deal: Ana −3, Luis +1, Pepe +5, Marta −3."
    assert "Juan went and took no trick: a lulo, 6 chips owed." in lines(asked(**PAID, **TRICKS, no_trick="Juan",
                                                                             count_4=8))
    night = GAME.carry_over(FIVE, {"total_3": "-3", "cabeza": "3", "lulos_3": "3", "count_4": "9"})
    after, _outcome = GAME.apply(FIVE, night, {"turned_card": "5B", "payments": [{"lulo": 1, "cabeza": 3}],
                                               "went": ["Luis", "Pepe", "Juan"], "tricks": ["Pepe", "Pepe", "Luis"]})
    assert [(debt.debtor, debt.free) for debt in after.ledger.debts[1:]] == [(4, True)]


def test_of_two_lulos_in_one_deal_only_the_tenth_is_free() -> None:
    """Seed 002, house rule 1, "but obviously, the next one isn't": with two lulos for two offences (house rule
    one_lulo_per_deal off), Juan at 8 commits his ninth (6 chips) and his tenth (free)."""
    table = GAME.table(PLAYERS, {"one_lulo_per_deal": False})
    said = lines(asked(table, **PAID, **TRICKS, no_trick="Juan", broke_rule="Juan", rule="follow_suit", count_4=8))
    assert [line for line in said if line.startswith("Juan")] == [
        "Juan went and took no trick: a lulo, 6 chips owed.",
        "Juan broke “Follow suit”: their lulo number 10, free (every tenth lulo is free)."]


def test_without_the_free_tenth_no_count_is_asked_and_every_lulo_costs() -> None:
    """Seed 002's house rule 1 is a house rule: a table without it asks no lulo count, and a tenth lulo costs."""
    table = GAME.table(PLAYERS, {"free_tenth": False})
    assert not [f for f in GAME.referee_fields(table) if f.name.startswith("count_")]
    assert [f.name for f in GAME.referee_fields(FIVE) if f.name.startswith("count_")] == [
        f"count_{seat}" for seat in range(5)]
    assert "Juan went and took no trick: a lulo, 6 chips owed." in lines(asked(table, **PAID, **TRICKS,
                                                                             no_trick="Juan", count_4=9))


@pytest.mark.parametrize(("situation", "errors"), [
    ({"cabeza_to": "Pepe", "no_trick": "Pepe", "paid_cola": 2, "broke_rule": "Juan"},
     {"paid_by": "Who paid these chips in?", "rule": "Which rule did Juan break?",
      "barriga_to": "Who took the Barriga? Whoever goes plays the three tricks.",
      "cola_to": "Who took the Cola? Whoever goes plays the three tricks.", "no_trick": "Pepe took a trick.",
      "dealer": "Who deals this deal?"}),
    ({"dealer": "Ana", **TRICKS, "broke_rule": "Juan", "rule": "lead_ace"},
     {"broke_rule": "Luis led the first trick (the first player after the dealer who went), not Juan."}),
    ({"dealer": "Ana", "paid_by": "Luis", "cabeza_to": "Zoe", "rule": "bluff"},
     {"cabeza_to": "Zoe is not playing at this table.", "rule": "Not one of the choices.",
      "paid_cabeza": "How many chips did Luis put in each pot?"}),
    ({**PAID, **TRICKS, "count_3": "0", "count_4": "x"},
     {"count_3": "Marta owes 1 open lulos: at least 1 committed.", "count_4": "Enter a whole number."}),
])
def test_a_deal_that_cannot_be_is_refused_field_by_field(situation: dict[str, Any], errors: dict[str, str]) -> None:
    """Seed 002: three tricks are played by those who go ("the card playing starts with the first player on the
    dealer's left who is “going”"), so the first lead is the first goer's; a lulo paid is paid by someone."""
    with pytest.raises(InvalidRecord) as info:
        asked(**situation)
    assert {k: str(v) for k, v in info.value.errors.items()} == errors


@pytest.mark.parametrize(("situation", "quoted"), [
    ({**PAID, **TRICKS}, "At the start of each deal the dealer puts one chip in each of the three pots"),
    ({**PAID, **TRICKS, "no_trick": "Juan"}, "A player who went and took no trick commits lulo"),
    ({"dealer": "Ana"}, "If nobody goes, nothing is played and the pots stay on the table"),
])
def test_every_pots_answer_quotes_the_paragraph_it_rests_on(situation: dict[str, Any], quoted: str) -> None:
    """Tapete's promise: the ruling, and the rule shown (the paragraph of the rules page it rests on, quoted)."""
    cited = citation(GAME, asked(**situation).rule)
    assert cited is not None and cited["quote"].startswith(quoted)
