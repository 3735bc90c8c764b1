"""Toruro's referee on the lulo list, one rule per test (seed 002, "The Three Pots", "The Lulo List", "Game End"
and house rule 4; RULINGS.md, Toruro). The answers come from the code the record form and the ledger use
(games.toruro.lulos.payable, games.toruro.pots.at_start, games.toruro.carry.under_way): a test plays a night and
checks the referee against what the score sheet then does. Seed 002 works no night through: the cases are
hand-computed, the arithmetic beside them.

Ana, Luis, Pepe, Marta, Juan in the order of play."""

from __future__ import annotations

from typing import Any

import pytest

from games.toruro import lulos
from games.toruro.rules import GAME
from games.toruro.words import RULE
from referee.game import InvalidRecord, Ruling
from scoring.views.rules import citation

PLAYERS = ["Ana", "Luis", "Pepe", "Marta", "Juan"]
FIVE = GAME.table(PLAYERS)
# Pepe (seat 2) and Marta (3) owe 3 chips each, Luis (1) 6.
LIST = {"lulos_2": "3", "lulos_3": "3", "lulos_1": "6"}


def asked(table: Any = FIVE, **situation: Any) -> Ruling:
    return GAME.ruling(table, {"question": "lulos", **situation})


def lines(ruling: Ruling) -> list[str]:
    return str(ruling.explanation).split("\n")


def test_lulos_are_paid_from_the_lowest_amount_up() -> None:
    """Seed 002: "Remember: lulos must be payed starting from the lowest-valued ones, so each time, the stakes are
    a little bit higher!" Luis's 6 waits while 3-chip lulos are open."""
    ruling = asked(dealer="Ana", **LIST)
    assert (ruling.legal, ruling.rule) == (None, RULE["lowest_first"])
    said = lines(ruling)
    assert said[0] == "Lulos are paid lowest first: the lowest open lulos are 3 chips, owed by Pepe and Marta."
    assert said[2] == "Dearer lulos wait for later deals: Luis 6."


def test_among_equal_lulos_the_dealer_is_asked_first_then_round_the_table() -> None:
    """Seed 002: "Any player, starting with the dealer, who owes one of the least-valued lulos can choose to pay it
    (and no other player can pay it this round... they must wait until the next rounds)." RULINGS.md: "among
    players who owe the lowest amount, the first from the dealer round the table who chooses pays". Marta deals:
    Marta, then Juan, Ana, Luis, Pepe — Marta before Pepe; Ana deals: Pepe before Marta."""
    assert lines(asked(dealer="Marta", **LIST))[1] == (
        "They are asked in this order, starting with the dealer (Marta): Marta, Pepe. The first who chooses to pay "
        "one pays it, and nobody else pays this deal.")
    assert lines(asked(dealer="Ana", **LIST))[1].startswith(
        "They are asked in this order, starting with the dealer (Ana): Pepe, Marta.")
    second = asked(dealer="Ana", payer="Marta", **LIST)
    assert second.legal is True
    assert lines(second)[0] == ("Marta may pay their 3-chip lulo this deal, if Pepe, asked before them, does not pay "
                                "first.")


def test_a_lulo_dearer_than_the_lowest_may_not_be_paid() -> None:
    """Seed 002: "lulos must be payed starting from the lowest-valued ones": Luis's 6 cannot be paid while 3-chip
    lulos are open; a player who owes nothing has nothing to pay."""
    ruling = asked(dealer="Ana", payer="Luis", **LIST)
    assert (ruling.legal, ruling.rule) == (False, RULE["lowest_first"])
    assert lines(ruling)[0] == ("Luis may not pay now: their lowest lulo is 6 chips, and 3-chip lulos are still "
                                "open.")
    assert lines(asked(dealer="Ana", payer="Juan", **LIST))[0] == (
        "Juan owes no lulo: there is nothing for them to pay.")


def test_one_lulo_a_deal_and_house_rule_4_pays_2_or_3() -> None:
    """Seed 002: "no other player can pay it this round"; house rule "4. If the game is dragging too much, start
    paying 2 or even 3 lulos at the same time." Two a deal: the two 3s (3 + 3 = 6 paid in, 3 + 6 = 9 in the pots
    when play starts); Luis's 6 and Marta's second lulo, 9, wait."""
    table = GAME.table(PLAYERS, {"lulos_per_deal": 2})
    ruling = asked(table, dealer="Ana", **{**LIST, "lulos_3": "3 9"})
    assert ruling.rule == RULE["lulos_per_deal"]
    assert lines(ruling) == [
        "This table pays up to 2 lulos a deal (house rule 4): lowest first and, among lulos of the same amount, "
        "starting with the dealer (Ana): Pepe 3, Marta 3.",
        "Dearer lulos wait for later deals: Luis 6, Marta 9.",
        "Paid, they bring the pots to 9 chips when play starts (3 from the dealer, 6 paid in): whoever commits a "
        "lulo this deal owes 9."]


def test_at_2_lulos_a_deal_a_lulo_is_paid_unless_2_asked_before_it_pay() -> None:
    """House rule 4 at two a deal (a reviewer: the answer said "if Pepe and Marta do not pay first", as if either
    paying kept Juan out). Pepe, Marta and Juan owe 3 each, Ana deals: asked Pepe, Marta, Juan. Marta has one
    asked before her, fewer than 2: she may pay whatever Pepe does. Juan is paid unless both pay first."""
    table = GAME.table(PLAYERS, {"lulos_per_deal": 2})
    three = {"lulos_2": "3", "lulos_3": "3", "lulos_4": "3"}
    marta = asked(table, dealer="Ana", payer="Marta", **three)
    assert marta.legal is True and lines(marta)[0] == "Marta may pay their 3-chip lulo this deal."
    juan = asked(table, dealer="Ana", payer="Juan", **three)
    assert juan.legal is True and lines(juan)[0] == (
        "Juan may pay their 3-chip lulo this deal if fewer than 2 of the lulos asked before it are paid first: "
        "Pepe 3 and Marta 3.")


def test_a_lulo_costs_everything_in_the_pots_when_play_starts() -> None:
    """Seed 002: "This player now owes the total amount of money available for this round (that is, the initial pot
    placed by the dealer, plus any lulo money payed by another player in any round but the first)." RULINGS.md:
    "everything in the three pots when play starts (the dealer's three chips, lulo money paid in this deal, and any
    pots carried over)": 2 chips left in the cola + 3 from the dealer + Pepe's 3 = 8."""
    assert lines(asked(dealer="Ana", cola=2, **LIST))[-1] == (
        "Paid, it brings the pots to 8 chips when play starts (2 left in them, 3 from the dealer, 3 paid in): "
        "whoever commits a lulo this deal owes 8.")


def test_the_night_ends_when_nobody_owes_anything() -> None:
    """Seed 002, "Game End": "The game only ends whenever all players are free from debt and owe nothing."
    RULINGS.md: chips left in the pots go back (house rule play_out_pots off)."""
    ruling = asked(dealer="Ana", cabeza=2, cola=2)
    assert (ruling.legal, ruling.rule) == (None, RULE["night_over"])
    assert str(ruling.explanation) == ("Nobody owes a lulo: the night is over, since it ends when nobody owes "
                                       "anything. The 4 chips left in the pots go back to who put them.")
    played_out = asked(GAME.table(PLAYERS, {"play_out_pots": True}), dealer="Ana", cola=4, payer="Ana")
    assert (played_out.legal, played_out.rule) == (False, RULE["pots_left"])


def test_nothing_owed_and_nothing_in_the_pots_is_the_night_before_its_first_deal_or_after_its_last() -> None:
    """RULINGS.md: the night ends when, "after at least one deal", nobody owes anything. Asked before the first
    deal (a tester: it said the night was over), the list is empty and the pots too, as after a night's last deal
    played out: the referee says both."""
    ruling = asked(dealer="Ana")
    assert str(ruling.explanation) == (
        "Nobody owes a lulo. Before the first deal of the night, only the dealer's chips are in play and there is "
        "no lulo to pay; after at least one deal, the night is over, since it ends when nobody owes anything.")


def test_the_referee_says_what_the_score_sheet_then_does() -> None:
    """Seed 002: "lulos must be payed starting from the lowest-valued ones" and "This player now owes the total
    amount of money available for this round". A night: deal 1, everyone goes (house rule 3), Luis takes the
    cabeza, Pepe the barriga and the cola: Marta, Juan and Ana owe 3 each. Asked from the table after it (the form
    starts from the night: who deals, the open lulos), the referee says Marta may pay first and a lulo then costs
    3 + 3 = 6; the deal recorded with Marta's lulo paid and Juan going without a trick gives Juan a lulo of 6."""
    state, _outcome = GAME.apply(FIVE, GAME.initial_state(FIVE), {"turned_card": "4O", "went": PLAYERS,
                                                                   "tricks": ["Luis", "Pepe", "Pepe"]})
    situation = {key: value for key, value in GAME.referee_initial(FIVE, state).items() if key != "first_deal"}
    ruling = asked(**situation)
    said = lines(ruling)
    assert said[0] == "Lulos are paid lowest first: the lowest open lulos are 3 chips, owed by Marta, Juan and Ana."
    assert said[1].startswith("They are asked in this order, starting with the dealer (Luis): Marta, Juan, Ana.")
    assert said[-1].endswith("whoever commits a lulo this deal owes 6.")
    first = lulos.payable(FIVE, state)[0]
    assert (first.player, first.amount) == ("Marta", 3)  # what the record form offers first
    after, _outcome = GAME.apply(FIVE, state, {"turned_card": "5B", "payments": [{"lulo": first.id, "cola": 3}],
                                               "went": ["Pepe", "Juan"], "tricks": ["Pepe", "Pepe", "Pepe"]})
    assert [(debt.debtor, debt.amount) for debt in after.ledger.debts[3:]] == [(4, 6)]


@pytest.mark.parametrize(("situation", "errors"), [
    ({}, {"dealer": "Who deals this deal?"}),
    ({"dealer": "Zoe", "lulos_0": "3 x", "cola": -1, "payer": "Q"},
     {"payer": "Q is not playing at this table.", "dealer": "Zoe is not playing at this table.",
      "lulos_0": "Write the chips of each open lulo, separated by spaces: 3 6.", "cola": "Must be between 0 and "
      "1000000."}),
    ({"dealer": "Ana", "lulos_4": "0"}, {"lulos_4": "Write the chips of each open lulo, separated by spaces: 3 6."}),
])
def test_a_lulo_question_that_cannot_be_is_refused_field_by_field(situation: dict[str, Any],
                                                                  errors: dict[str, str]) -> None:
    """Seed 002: lulos are amounts of chips owed by players at the table; the dealer is one of them."""
    with pytest.raises(InvalidRecord) as info:
        asked(**situation)
    assert {k: str(v) for k, v in info.value.errors.items()} == errors


LOWEST_FIRST = "Before the deal, lulos are paid from the lowest amount up."


@pytest.mark.parametrize(("situation", "quoted"), [
    ({"dealer": "Ana", **LIST}, LOWEST_FIRST), ({"dealer": "Ana", "payer": "Luis", **LIST}, LOWEST_FIRST),
    ({"dealer": "Ana"}, "The game ends when, after at least one deal, nobody owes anything."),
    ({"dealer": "Ana", "lulos_0": "3"}, LOWEST_FIRST),
])
def test_every_lulo_answer_quotes_the_paragraph_it_rests_on(situation: dict[str, Any], quoted: str) -> None:
    """Tapete's promise: the ruling, and the rule shown (the paragraph of the rules page it rests on, quoted)."""
    cited = citation(GAME, asked(**situation).rule)
    assert cited is not None and cited["quote"].startswith(quoted)
