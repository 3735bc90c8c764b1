"""Hypothesis nights: thousands of random legal deals of each game, at three and at four. After every deal the
money is conserved (players + plato + middle, or + stakes, = 0, and the totals are the ledger's; what lay in the
pots before a deal + what it paid in = what it took out + what lies there after, as its history checks), no debt is
lost or collected twice, and settling up sums to zero with or without the open reserved puestas."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.tresillo.family import result
from games.tresillo.ombre import OMBRE
from games.tresillo.tresillo import TRESILLO

NIGHT = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)


@st.composite
def splits(draw) -> tuple[int, int, int]:
    """Nine tricks among three players."""
    first = draw(st.integers(0, 9))
    second = draw(st.integers(0, 9 - first))
    return first, second, 9 - first - second


@st.composite
def tresillo_deals(draw):
    return {"hombre_at": draw(st.integers(0, 2)), "tricks": draw(splits()),
            "bid": draw(st.sampled_from(["juego", "vuelta", "solo"])), "estuche": draw(st.booleans()),
            "extra": draw(st.sampled_from(["", "primeras", "bola"])), "void": draw(st.integers(0, 19)) == 0}


@st.composite
def ombre_deals(draw):
    return {"hombre_at": draw(st.integers(0, 2)), "tricks": draw(splits()), "all_passed": draw(st.booleans()),
            "taken_in": draw(st.integers(0, 9)), "matadors": draw(st.sampled_from([0, 3, 4, 5, 9])),
            "first_five_at": draw(st.sampled_from([None, 0, 1, 2])), "voll": draw(st.booleans()),
            "void": draw(st.integers(0, 19)) == 0}


def tresillo_record(table, state, plan):
    order = TRESILLO.speaking_order(table, state)
    if plan["void"]:
        return {"void": True}
    tricks = list(plan["tricks"])
    hombre = plan["hombre_at"]
    extra = plan["extra"]
    if extra == "primeras":
        tricks = [0, 0, 0]
        tricks[hombre] = 5
        tricks[(hombre + 1) % 3] = 4
    elif extra == "bola":
        tricks = [0, 0, 0]
        tricks[hombre] = 9
    names = [table.players[s] for s in order]
    record = {"hombre": names[hombre], "bid": plan["bid"], "tricks": dict(zip(names, tricks, strict=True))}
    if extra:
        record[extra] = True
    if plan["estuche"] and tricks[hombre] >= 3:
        record["estuche"] = True
    return record


def ombre_record(table, state, plan):
    order = OMBRE.speaking_order(table, state)
    if plan["void"]:
        return {"void": True}
    names = [table.players[s] for s in order]
    tricks = list(plan["tricks"])
    hombre = 0 if plan["all_passed"] else plan["hombre_at"]
    passed = names if plan["all_passed"] else names[:hombre]
    record = {"hombre": names[hombre], "passed": passed, "taken_in": plan["taken_in"],
              "tricks": dict(zip(names, tricks, strict=True))}
    if plan["matadors"] <= tricks[hombre]:
        record["matadors"] = plan["matadors"]
    five = plan["first_five_at"]
    if five is not None and tricks[five] >= 5:
        record["first_five"] = names[five]
        record["voll"] = plan["voll"]
    return record


def pots_check_holds(outcome, after) -> bool:
    """The history's check of a deal: what lay in the pots before it + what was paid into them (its moves) =
    what was taken out of them + what lies there after it."""
    paid_in = sum(m.amount for m in outcome.moves if isinstance(m.payee, str) and not isinstance(m.payer, str))
    taken_out = sum(m.amount for m in outcome.moves if isinstance(m.payer, str) and not isinstance(m.payee, str))
    return outcome.details.pots_before + paid_in == taken_out + after.ledger.pots_total()


def open_ids(state) -> set[int]:
    return {d.id for d in state.ledger.open_debts()}


@NIGHT
@given(st.sampled_from([3, 4]), st.sampled_from(["apart", "shares"]), st.lists(tresillo_deals(), min_size=1,
                                                                               max_size=40))
def test_a_tresillo_night_conserves_every_tanto_and_collects_no_debt_twice(size, sitting_out, plans):
    table = TRESILLO.table(["Ana", "Bea", "Carl", "Dani"][:size], {"sitting_out": sitting_out})
    state = TRESILLO.initial_state(table)
    for plan in plans:
        before = state
        state, outcome = TRESILLO.apply(table, state, tresillo_record(table, state, plan))
        ledger = state.ledger
        assert ledger.conserved and state.totals == ledger.players
        assert sum(outcome.scores) + ledger.pots_total() - before.ledger.pots_total() == 0
        assert outcome.void or pots_check_holds(outcome, state)
        # Debts are never lost: every debt written stays on the sheet as it was written; at most one is
        # crossed out per deal, only on a sacado in a reserved puesta, and a crossed-out debt never opens again.
        for old, new in zip(before.ledger.debts, ledger.debts, strict=False):
            assert (new.id, new.debtor, new.amount, new.deal) == (old.id, old.debtor, old.amount, old.deal)
            assert new.paid_deal == old.paid_deal or (old.paid_deal is None and new.paid_deal == state.deals)
        assert len(ledger.debts) >= len(before.ledger.debts)
        crossed = open_ids(before) - open_ids(state)
        assert len(crossed) <= 1
        if crossed:
            assert outcome.details.result == "sacado" and outcome.details.situation == "reserved"
        for include in (False, True):
            assert sum(TRESILLO.balances(table, state, include_open_puestas=include).values()) == 0


@NIGHT
@given(st.sampled_from([3, 4]), st.sampled_from(["apart", "shares"]), st.lists(ombre_deals(), min_size=1,
                                                                               max_size=40))
def test_an_ombre_night_conserves_every_counter(size, sitting_out, plans):
    table = OMBRE.table(["Ana", "Bea", "Carl", "Dani"][:size], {"sitting_out": sitting_out})
    state = OMBRE.initial_state(table)
    for plan in plans:
        state, outcome = OMBRE.apply(table, state, ombre_record(table, state, plan))
        assert state.ledger.conserved and state.totals == state.ledger.players
        assert outcome.void or pots_check_holds(outcome, state)
        if not outcome.void:
            empty = outcome.details.result != "repuesto"
            assert (state.ledger.pots["stakes"] == 0) == empty
        assert sum(OMBRE.balances(table, state).values()) == 0


@NIGHT
@given(splits(), st.integers(0, 2))
def test_every_split_of_nine_tricks_is_exactly_one_of_sacado_codillo_repuesto(tricks, hombre):
    opponents = {seat: n for seat, n in enumerate(tricks) if seat != hombre}
    outcome, winner = result(tricks[hombre], opponents)
    best = max(tricks)
    if outcome == "sacado":
        assert tricks[hombre] == best and tricks.count(best) == 1
    elif outcome == "codillo":
        assert winner is not None and tricks[winner] == best and tricks.count(best) == 1
    else:
        assert tricks.count(best) > 1
