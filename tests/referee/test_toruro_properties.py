"""Properties of Toruro nights, on thousands of random legal nights: no chip is lost or made, and no debt on
the lulo list is lost, changed or paid twice.

Each night: 5–10 players, random options, players arriving with random lulo counts (so free tenths happen),
and up to 8 deals drawn from what the rules allow at that moment (payments lowest first, split at random;
who goes; who takes each trick; misplays where they can happen; now and then a void deal).
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cards import DeckKind, full_deck
from referee.games.base import InvalidRecord
from referee.games.toruro import (
    GAME,
    balances,
    display_state,
    is_open,
    open_lulos,
    order_from,
    pots_at_start,
)
from referee.games.toruro_play import FIRST_LEAD_RULES

NAMES = ("Ana", "Luis", "Pepe", "Marta", "Juan", "Rosa", "Eva", "Tomás", "Inés", "Raúl")
CARDS = [card.code for card in full_deck(DeckKind.SPANISH40)]
FOLLOW = ("follow_suit", "trump_when_void", "play_higher_to_trump_lead")


def legal_record(rnd: random.Random, table: Any, state: dict[str, Any]) -> dict[str, Any]:
    """A deal record the rules allow from ``state``."""
    if rnd.randrange(25) == 0:
        return {"void": True}
    turned = rnd.choice(CARDS)
    payments = []
    remaining = open_lulos(state)
    for _ in range(rnd.randint(0, min(int(table.options["lulos_per_deal"]), len(remaining)))):
        lowest = min(lulo["amount"] for lulo in remaining)
        lulo = rnd.choice([debt for debt in remaining if debt["amount"] == lowest])
        remaining.remove(lulo)
        cabeza = rnd.randint(0, lulo["amount"])
        barriga = rnd.randint(0, lulo["amount"] - cabeza)
        payments.append({"lulo": lulo["id"], "cabeza": cabeza, "barriga": barriga,
                         "cola": lulo["amount"] - cabeza - barriga})
    must_all = (table.options["first_deal_all_go"] and state["played"] == 0) or (
        table.options["trump_ace_all_go"] and turned in ("1O", "1C", "1E", "1B"))
    if must_all:
        went = list(table.players)
    else:
        went = rnd.sample(table.players, rnd.choice([0, 0, 1, 2, 2, 3, 3, 4, table.size]))
    tricks = [rnd.choice(went) for _ in range(3)] if went else []
    misplays: list[dict[str, str]] = []
    if went and rnd.randrange(4) == 0:
        # Every misplay that can happen: one per card played, a lead rule only by that trick's leader.
        first = [p for p in order_from(table, state["dealer"], include_seat=False) if p in went][0]
        leaders = [first, tricks[0], tricks[1]]
        slots = [(first, rule) for rule in sorted(FIRST_LEAD_RULES)]
        slots += [(tricks[0], "lead_highest_trump_second")] + [(p, rule) for p in went for rule in FOLLOW]
        picked: dict[tuple[str, int], tuple[str, str]] = {}
        for _ in range(rnd.randint(1, 3)):
            player, rule = rnd.choice(slots)
            if rule in FIRST_LEAD_RULES:
                trick = 0
            elif rule == "lead_highest_trump_second":
                trick = 1
            else:
                followed = [t for t in range(3) if leaders[t] != player]
                if not followed:
                    continue
                trick = rnd.choice(followed)
            picked[(player, trick)] = (player, rule)  # one card per player per trick
        misplays = [{"player": player, "rule": rule} for player, rule in picked.values()]
    return {"turned_card": turned, "payments": payments, "went": went, "tricks": tricks, "misplays": misplays}


def pot_total(state: dict[str, Any]) -> int:
    return sum(state["pots"].values())


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(5, 10), per_deal=st.integers(1, 3),
       free_tenth=st.booleans(), ace_all=st.booleans(), first_all=st.booleans(), one_lulo=st.booleans(),
       play_out=st.booleans(), first_dealer=st.integers(0, 9))
def test_money_is_conserved_and_no_debt_is_lost_or_paid_twice(
        seed: int, n: int, per_deal: int, free_tenth: bool, ace_all: bool, first_all: bool, one_lulo: bool,
        play_out: bool, first_dealer: int) -> None:
    rnd = random.Random(seed)  # the night's deals, drawn from what the rules allow as the night goes
    table = GAME.table(NAMES[:n], {"lulos_per_deal": per_deal, "free_tenth": free_tenth,
                                   "trump_ace_all_go": ace_all, "first_deal_all_go": first_all,
                                   "one_lulo_per_deal": one_lulo, "play_out_pots": play_out},
                       first_dealer=first_dealer % n)
    state = GAME.initial_state(table)
    for p in table.players:
        state["lulo_counts"][p] = rnd.randint(0, 11)
    counts_before_night = dict(state["lulo_counts"])
    into_pots = out_of_pots = 0

    for _ in range(rnd.randint(1, 12)):
        if GAME.winners(table, state):
            break
        record = legal_record(rnd, table, state)
        clean = GAME.validate(table, state, record)
        assert GAME.validate(table, state, clean) == clean  # normalising is idempotent
        at_start = pots_at_start(table, state, clean["payments"])["total"]
        new, outcome = GAME.apply(table, state, record)

        # Chips: conserved in the deal and over the night; every chip moved is a money move.
        assert sum(outcome.scores.values()) + pot_total(new) - pot_total(state) == 0
        assert sum(new["totals"].values()) + pot_total(new) == 0
        net = {p: 0 for p in table.players}
        for move in outcome.money:
            assert move.amount > 0
            if move.payee.startswith("pot:"):
                net[move.payer] -= move.amount
                into_pots += move.amount
            else:
                assert move.payer.startswith("pot:")
                net[move.payee] += move.amount
                out_of_pots += move.amount
        assert net == outcome.scores
        assert into_pots == out_of_pots + pot_total(new)
        assert new["chips"] == {"paid_in": into_pots, "taken_out": out_of_pots}  # the ledger's own count
        assert all(v >= 0 for v in new["pots"].values())

        # Debts: nothing lost or changed, paid only the ones paid now, each once, for its full amount.
        paid_now = {pay["lulo"]: pay for pay in clean["payments"]}
        assert len(new["lulos"]) >= len(state["lulos"])
        for old, now in zip(state["lulos"], new["lulos"], strict=False):
            assert {k: v for k, v in now.items() if k != "paid_deal"} == {
                k: v for k, v in old.items() if k != "paid_deal"}
            if old["id"] in paid_now:
                assert old["paid_deal"] is None and not old["free"]
                assert now["paid_deal"] == new["deals"]
                pay = paid_now[old["id"]]
                assert pay["cabeza"] + pay["barriga"] + pay["cola"] == old["amount"]
            else:
                assert now["paid_deal"] == old["paid_deal"]
        added = new["lulos"][len(state["lulos"]):]
        assert [lulo["id"] for lulo in added] == list(range(len(state["lulos"]) + 1,
                                                            len(new["lulos"]) + 1))
        assert [lulo["id"] for lulo in added] == outcome.extra["new_lulos"]
        for lulo in added:
            assert lulo["worth"] == at_start and lulo["deal"] == new["deals"] and lulo["paid_deal"] is None
            assert lulo["amount"] == (0 if lulo["free"] else at_start)
        if outcome.void or not clean["went"]:
            assert added == []
        # Who commits lulo: exactly the players who went and took no trick or broke a rule.
        offenders = {p for p in clean["went"] if p not in clean["tricks"]} | {
            m["player"] for m in clean["misplays"]}
        assert {lulo["player"] for lulo in added} == (set() if outcome.void else offenders)
        for p in table.players:
            mine = [lulo for lulo in new["lulos"] if lulo["player"] == p]
            assert new["lulo_counts"][p] == counts_before_night[p] + len(mine)
            for k, lulo in enumerate(mine, start=counts_before_night[p] + 1):
                assert lulo["free"] == (free_tenth and k % 10 == 0)

        # Settling at any moment is zero-sum, both ways; the table page is JSON.
        assert sum(balances(table, new).values()) == 0
        assert sum(balances(table, new, include_open_lulos=True).values()) == 0
        json.dumps(display_state(table, new))
        json.dumps(outcome.to_json())
        assert outcome.game_over == (not open_lulos(new) and new["played"] > 0 and (
            pot_total(new) == 0 or not play_out))
        if outcome.void:
            assert {k: v for k, v in new.items() if k not in ("deals", "dealer")} == {
                k: v for k, v in state.items() if k not in ("deals", "dealer")}
        state = new


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(5, 10), per_deal=st.integers(1, 3))
def test_a_payment_out_of_turn_is_always_refused_and_changes_nothing(seed: int, n: int,
                                                                     per_deal: int) -> None:
    """Whatever the night so far: paying a lulo dearer than one still open, one already paid or free, or a
    split that does not add up, is refused, and the state is left as it was."""
    rnd = random.Random(seed)
    table = GAME.table(NAMES[:n], {"lulos_per_deal": per_deal})
    state = GAME.initial_state(table)
    for _ in range(rnd.randint(1, 6)):
        if GAME.winners(table, state):
            return
        state, _outcome = GAME.apply(table, state, legal_record(rnd, table, state))
    if GAME.winners(table, state):
        return
    debts = open_lulos(state)
    lowest = min((lulo["amount"] for lulo in debts), default=None)
    bad: list[dict[str, Any]] = []
    bad += [{"lulo": lulo["id"], "cabeza": lulo["amount"]} for lulo in debts if lulo["amount"] != lowest]
    bad += [{"lulo": lulo["id"], "cabeza": lulo["worth"]} for lulo in state["lulos"] if not is_open(lulo)]
    bad += [{"lulo": lulo["id"], "cabeza": lulo["amount"] + rnd.choice([-1, 1])} for lulo in debts
            if lulo["amount"] == lowest]
    bad.append({"lulo": len(state["lulos"]) + 1, "cabeza": 1})
    snapshot = json.dumps(state, sort_keys=True)
    for payment in bad:
        try:
            GAME.apply(table, state, {"turned_card": "5B", "payments": [payment], "went": []})
        except InvalidRecord as err:
            assert "payments" in err.errors
        else:
            raise AssertionError(f"accepted {payment}")
    assert json.dumps(state, sort_keys=True) == snapshot
