"""Tresillo and L'Ombre under way on paper (RULINGS, General): the nets, the plato, the middle pool and the
Reserved Puesta sheet (Tresillo), the stakes (L'Ombre), carried over once; the night then plays on as if its
earlier deals had been recorded here."""

from __future__ import annotations

from typing import Any

import pytest

from games.tresillo.ombre import OMBRE, STAKES
from games.tresillo.tresillo import MIDDLE, PLATO, TRESILLO
from referee.game import InvalidRecord

PLAYERS = ["Ana", "Bea", "Carl"]


def night(game: Any, players: list[str], deals: int) -> tuple[Any, Any]:
    table = game.table(players)
    state = game.initial_state(table)
    for record in game.example_records(table)[:deals]:
        state, _outcome = game.apply(table, state, record)
    return table, state


def position(state: Any) -> tuple[object, ...]:
    """What the night's play depends on: nets, what lies on the table, the open debts in the order written."""
    return (state.totals, dict(state.ledger.pots), [(d.debtor, d.amount) for d in state.ledger.open_debts()],
            state.dealer)


def tresillo_paper(state: Any, players: list[str]) -> dict[str, object]:
    raw: dict[str, object] = {f"total_{seat}": net for seat, net in enumerate(state.totals)}
    raw |= {PLATO: state.ledger.pots[PLATO], MIDDLE: state.ledger.pots[MIDDLE]}
    raw["sheet"] = ", ".join(f"{players[d.debtor]} {d.amount}" for d in state.ledger.open_debts())
    return raw


@pytest.mark.parametrize("players", [PLAYERS, [*PLAYERS, "Dora"]])
def test_a_tresillo_night_carried_over_collects_the_same_reserved_puesta(players):
    table, paper = night(TRESILLO, players, 3)  # the third deal's repuesto wrote a debt on the sheet
    assert paper.ledger.open_debts()
    here = TRESILLO.table(players, first_dealer=paper.dealer)
    state = TRESILLO.carry_over(here, tresillo_paper(paper, players))
    assert position(state) == position(paper)
    record = TRESILLO.example_records(table)[3]  # a solo sacado with estuche: collects the highest debt
    after, outcome = TRESILLO.apply(table, paper, record)
    carried_after, carried_outcome = TRESILLO.apply(here, state, record)
    assert carried_outcome.scores == outcome.scores
    assert position(carried_after) == position(after)
    assert TRESILLO.balances(here, carried_after) == TRESILLO.balances(table, after)


def test_a_carried_night_empty_middle_pool_is_refilled_as_any_other():
    table = TRESILLO.table(PLAYERS)
    state = TRESILLO.carry_over(table, {"total_0": "4", "total_1": "-4"})
    after, _outcome = TRESILLO.apply(table, state, {"hombre": "Bea", "bid": "juego", "tricks": {"Bea": 5, "Carl": 2}})
    assert after.ledger.pots[MIDDLE] == 10 and after.ledger.conserved


def test_of_two_equal_debts_the_one_written_first_is_collected():
    table = TRESILLO.table(PLAYERS)
    state = TRESILLO.carry_over(table, {"total_0": "-1", "total_1": "-2", "total_2": "-2", PLATO: "5",
                                        "sheet": "Carl 7, Bea 7"})
    after, _outcome = TRESILLO.apply(table, state, {"hombre": "Ana", "bid": "juego", "tricks": {"Ana": 5, "Bea": 2}})
    assert [(d.debtor, d.open) for d in after.ledger.debts] == [(2, False), (1, True)]


def test_nets_and_what_lies_on_the_table_add_up_to_zero():
    table = TRESILLO.table(PLAYERS)
    with pytest.raises(InvalidRecord) as refused:
        TRESILLO.carry_over(table, {"total_0": "-15", PLATO: "6", MIDDLE: "10"})
    assert str(refused.value.errors["total_2"]).startswith("The nets and what lies on the table add up to +1:")


def test_the_middle_pool_holds_five_tanto_pieces():
    table = TRESILLO.table(PLAYERS)
    with pytest.raises(InvalidRecord) as refused:
        TRESILLO.carry_over(table, {"total_0": "-7", MIDDLE: "7"})
    assert str(refused.value.errors[MIDDLE]) == "The middle pool holds 5-tanto pieces: 7 is not a multiple of 5."


@pytest.mark.parametrize(("sheet", "message"), [
    ("Ana seven", "Write each open line as a name and an amount, separated by commas: Ana 7, Bea 12."),
    ("Zoe 7", "Zoe is not playing at this table."),
    ("12", "Write each open line as a name and an amount, separated by commas: Ana 7, Bea 12."),
])
def test_a_sheet_line_is_a_player_and_an_amount(sheet, message):
    table = TRESILLO.table(PLAYERS)
    with pytest.raises(InvalidRecord) as refused:
        TRESILLO.carry_over(table, {"sheet": sheet})
    assert str(refused.value.errors["sheet"]) == message


def test_an_ombre_night_carried_over_with_stakes_plays_on_the_same():
    table, paper = night(OMBRE, PLAYERS, 2)  # the second deal's repuesto leaves stakes for the next
    assert paper.ledger.pots[STAKES] == 36
    here = OMBRE.table(PLAYERS, first_dealer=paper.dealer)
    raw = {f"total_{seat}": net for seat, net in enumerate(paper.totals)} | {STAKES: paper.ledger.pots[STAKES]}
    state = OMBRE.carry_over(here, raw)
    assert position(state) == position(paper)
    eldest, second, third = (PLAYERS[s] for s in OMBRE.speaking_order(table, paper))
    record = {"hombre": eldest, "taken_in": 2, "tricks": {eldest: 5, second: 2, third: 2}}
    after, outcome = OMBRE.apply(table, paper, record)
    carried_after, carried_outcome = OMBRE.apply(here, state, record)
    assert carried_outcome.scores == outcome.scores and position(carried_after) == position(after)


def test_ombre_nets_and_stakes_add_up_to_zero():
    table = OMBRE.table(PLAYERS)
    with pytest.raises(InvalidRecord) as refused:
        OMBRE.carry_over(table, {"total_0": "-20", STAKES: "15"})
    assert str(refused.value.errors["total_2"]).startswith("The nets and what lies on the table add up to −5:")
