"""A Toruro night under way on paper (RULINGS, General): nets, the three pots, the open lulos and the lulos
committed, carried over once; the night then plays on as if its earlier deals had been recorded here."""

from __future__ import annotations

import pytest

from games.toruro import lulos
from games.toruro.rules import GAME
from games.toruro.state import ToruroState
from referee.game import InvalidRecord

PLAYERS = ["Ana", "Luis", "Pepe", "Marta", "Juan"]


def night() -> tuple[object, ToruroState]:
    table = GAME.table(PLAYERS)
    state = GAME.initial_state(table)
    for record in GAME.example_records(table):
        state, _outcome = GAME.apply(table, state, record)
    return table, state


def paper_of(state: ToruroState) -> dict[str, object]:
    """What the paper sheet says: nets, pots, each player's open lulos, the lulos each committed."""
    raw: dict[str, object] = {f"total_{seat}": net for seat, net in enumerate(state.totals)}
    raw |= dict(state.ledger.pots)
    for seat in range(len(PLAYERS)):
        raw[f"lulos_{seat}"] = " ".join(str(d.amount) for d in state.ledger.open_debts() if d.debtor == seat)
        raw[f"count_{seat}"] = state.lulo_counts[seat]
    return raw


def position(state: ToruroState) -> tuple[object, ...]:
    """What the night's play depends on (the list's numbering and its closed lines are the paper's history)."""
    owed = sorted((d.debtor, d.amount) for d in state.ledger.open_debts())
    return (state.totals, dict(state.ledger.pots), owed, state.lulo_counts, state.pot_shares, state.dealer,
            state.played > 0)


def pay_lowest(table: object, state: ToruroState, **record: object) -> dict[str, object]:
    lowest = lulos.payable(table, state)[0]  # type: ignore[arg-type]
    return {"turned_card": "5B", "payments": [{"lulo": lowest.id, "cabeza": lowest.amount}], **record}


def test_a_night_carried_over_is_where_the_paper_left_it():
    table, paper = night()
    here = GAME.table(PLAYERS, first_dealer=paper.dealer)
    state = GAME.carry_over(here, paper_of(paper))
    assert position(state) == position(paper)
    assert [(p.player, p.amount) for p in lulos.payable(here, state)] == [
        (p.player, p.amount) for p in lulos.payable(table, paper)]


@pytest.mark.parametrize("then", [{"went": []}, {"went": ["Ana", "Luis"], "tricks": ["Ana", "Ana", "Ana"]}])
def test_the_next_deal_moves_the_same_chips(then):
    table, paper = night()
    here = GAME.table(PLAYERS, first_dealer=paper.dealer)
    state = GAME.carry_over(here, paper_of(paper))
    after, outcome = GAME.apply(table, paper, pay_lowest(table, paper, **then))
    carried_after, carried_outcome = GAME.apply(here, state, pay_lowest(here, state, **then))
    assert carried_outcome.scores == outcome.scores
    assert position(carried_after) == position(after)
    assert GAME.balances(here, carried_after) == GAME.balances(table, after)


def test_the_first_deal_here_is_not_the_first_deal_of_the_night():
    table = GAME.table(PLAYERS)
    state = GAME.carry_over(table, {"total_0": "-3", "total_1": "3", "lulos_2": "3"})
    _after, outcome = GAME.apply(table, state, {"turned_card": "4O", "went": []})  # house rule 3 does not apply
    assert outcome.scores == (-3, 0, 0, 0, 0)


def test_the_tenth_lulo_carried_on_from_paper_is_free():
    table = GAME.table(PLAYERS)
    state = GAME.carry_over(table, {"lulos_1": "3", "count_1": "9", "total_1": "-2", "total_2": "2"})
    after, _outcome = GAME.apply(table, state, {"turned_card": "4O", "went": ["Luis", "Pepe"],
                                                "tricks": ["Pepe", "Pepe", "Pepe"]})
    assert after.ledger.debts[-1].free and after.lulo_counts[1] == 10


def test_nets_and_pots_add_up_to_zero():
    table = GAME.table(PLAYERS)
    with pytest.raises(InvalidRecord) as refused:
        GAME.carry_over(table, {"total_0": "-3", "cabeza": "2", "lulos_0": "3"})
    assert str(refused.value.errors["total_4"]).startswith("The nets and the pots add up to −1:")


def test_a_night_where_nobody_owes_is_over_and_refused():
    table = GAME.table(PLAYERS)
    with pytest.raises(InvalidRecord) as refused:
        GAME.carry_over(table, {"total_0": "-3", "total_1": "3"})
    assert str(refused.value.errors["lulos_0"]).startswith("Nobody owes a lulo: that night is over")


def test_open_lulos_are_amounts_in_chips():
    table = GAME.table(PLAYERS)
    with pytest.raises(InvalidRecord) as refused:
        GAME.carry_over(table, {"lulos_3": "3 six"})
    assert str(refused.value.errors["lulos_3"]) == "Write the chips of each open lulo, separated by spaces: 3 6."


def test_lulos_committed_are_at_least_those_still_open():
    table = GAME.table(PLAYERS)
    with pytest.raises(InvalidRecord) as refused:
        GAME.carry_over(table, {"lulos_3": "3 6", "count_3": "1"})
    assert str(refused.value.errors["count_3"]) == "Marta owes 2 open lulos: at least 2 committed."


@pytest.mark.django_db
def test_the_page_takes_the_open_lulos_as_text_and_refuses_a_bad_one_beside_it(client):
    from scoring import services
    from scoring.models import Table

    table = services.create_table(game="toruro", players=PLAYERS)
    url = f"/t/{table.edit_token}/carry-over/"
    html = client.post(url, {"lulos_3": "3 six"}).content.decode()
    assert 'id="id_lulos_3_error">Write the chips of each open lulo, separated by spaces: 3 6.' in html
    assert client.post(url, {"total_0": "-3", "total_3": "3", "lulos_3": "3 6"}).status_code == 302
    state = services.standings(Table.objects.get(pk=table.pk)).state
    assert [(d.debtor, d.amount) for d in state.ledger.open_debts()] == [(3, 3), (3, 6)]


@pytest.mark.django_db
def test_a_night_carried_over_from_paper_checks_out_in_chips_before_and_after_its_next_deal(client):
    """The table's chip check (paid in = taken out + in the pots) counts the chips the paper night left in the
    pots as paid in, and only the deals dealt here as anted: a carried-over night never shows "does not add
    up". Paper: Ana −1, the cabeza holding 1 chip, Marta owing a lulo of 3."""
    from scoring import services
    from scoring.models import Table

    table = services.create_table(game="toruro", players=PLAYERS)
    assert client.post(f"/t/{table.edit_token}/carry-over/", {"total_0": "-1", "cabeza": "1", "lulos_3": "3"}
                       ).status_code == 302
    page = client.get(f"/t/{table.edit_token}/?ledger=1").content.decode()
    assert "does not add up" not in page and "Paid in 1 = taken out 0 + in the pots 1" in page
    assert "And 1 chip in the pots carried over from paper." in page
    # Ana deals (+3 antes): 4 chips in play; Luis goes alone and takes them all.
    services.record_deal(Table.objects.get(pk=table.pk), {"turned_card": "5B", "went": ["Luis"],
                                                          "tricks": ["Luis", "Luis", "Luis"]})
    page = client.get(f"/t/{table.edit_token}/?ledger=1").content.decode()
    assert "does not add up" not in page and "Paid in 4 = taken out 4 + in the pots 0" in page
    assert "Paid in: antes 3 (3 chips × 1 deal played)" in page
