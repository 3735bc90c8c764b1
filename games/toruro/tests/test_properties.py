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

from games.toruro.play import FIRST_LEAD_RULES
from games.toruro.rules import GAME
from games.toruro.state import ToruroState
from referee.cards import DeckKind, full_deck
from referee.game import InvalidRecord

from .helpers import at_start, balances, extra, lulo_list, named, with_counts

NAMES = ("Ana", "Luis", "Pepe", "Marta", "Juan", "Rosa", "Eva", "Tomás", "Inés", "Raúl")
CARDS = [card.code for card in full_deck(DeckKind.SPANISH40)]
FOLLOW = ("follow_suit", "trump_when_void", "play_higher_to_trump_lead")


def open_lulos(table: Any, state: ToruroState) -> list[dict[str, Any]]:
    return [lulo for lulo in lulo_list(table, state) if lulo["status"] == "open"]


def legal_record(rnd: random.Random, table: Any, state: ToruroState) -> dict[str, Any]:
    """A deal record the rules allow from ``state``."""
    if rnd.randrange(25) == 0:
        return {"void": True}
    turned = rnd.choice(CARDS)
    payments = []
    remaining = open_lulos(table, state)
    for _ in range(rnd.randint(0, min(table.options.lulos_per_deal, len(remaining)))):
        lowest = min(lulo["amount"] for lulo in remaining)
        lulo = rnd.choice([debt for debt in remaining if debt["amount"] == lowest])
        remaining.remove(lulo)
        cabeza = rnd.randint(0, lulo["amount"])
        barriga = rnd.randint(0, lulo["amount"] - cabeza)
        payments.append({"lulo": lulo["id"], "cabeza": cabeza, "barriga": barriga,
                         "cola": lulo["amount"] - cabeza - barriga})
    must_all = (table.options.first_deal_all_go and state.played == 0) or (
        table.options.trump_ace_all_go and turned in ("1O", "1C", "1E", "1B"))
    if must_all:
        went = list(table.players)
    else:
        went = rnd.sample(table.players, rnd.choice([0, 0, 1, 2, 2, 3, 3, 4, table.size]))
    tricks = [rnd.choice(went) for _ in range(3)] if went else []
    misplays: list[dict[str, str]] = []
    if went and rnd.randrange(4) == 0:
        # Every misplay that can happen: one per card played, a lead rule only by that trick's leader.
        first = [p for p in (table.players[table.after(state.dealer, k)] for k in range(1, table.size + 1))
                 if p in went][0]
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


def pot_total(state: ToruroState) -> int:
    return state.ledger.pots_total()


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
    state = with_counts(table, GAME.initial_state(table), **{p: rnd.randint(0, 11) for p in table.players})
    counts_before_night = named(table, state.lulo_counts)
    into_pots = out_of_pots = 0

    for _ in range(rnd.randint(1, 12)):
        if GAME.winners(table, state):
            break
        record = legal_record(rnd, table, state)
        clean = GAME.complete(table, state, GAME.parse(table, record))
        assert GAME.parse(table, clean.to_json()) == clean  # normalising is idempotent: stored, read back
        assert GAME.complete(table, state, clean) == clean
        in_play = at_start(state, *({"lulo": p.lulo, **p.split} for p in clean.payments))["total"]
        new, outcome = GAME.apply(table, state, record)

        # Chips: conserved in the deal and over the night; every chip moved is a money move.
        assert sum(outcome.scores) + pot_total(new) - pot_total(state) == 0
        assert sum(new.totals) + pot_total(new) == 0
        assert new.ledger.conserved and new.totals == new.ledger.players
        net = {p: 0 for p in table.players}
        for move in outcome.moves:
            assert move.amount > 0
            if isinstance(move.payee, str):
                assert isinstance(move.payer, int)
                net[table.players[move.payer]] -= move.amount
                into_pots += move.amount
            else:
                assert isinstance(move.payer, str)
                net[table.players[move.payee]] += move.amount
                out_of_pots += move.amount
        assert net == named(table, outcome.scores)
        assert into_pots == out_of_pots + pot_total(new)
        assert new.chips.to_json() == {"paid_in": into_pots, "taken_out": out_of_pots}  # the state's own count
        assert all(v >= 0 for v in new.ledger.pots.values())

        # Debts: nothing lost or changed, paid only the ones paid now, each once, for its full amount.
        paid_now = {pay.lulo: pay for pay in clean.payments}
        before_list, after_list = lulo_list(table, state), lulo_list(table, new)
        assert len(after_list) >= len(before_list)
        for old, now in zip(before_list, after_list, strict=False):
            assert {k: v for k, v in now.items() if k not in ("paid_deal", "status")} == {
                k: v for k, v in old.items() if k not in ("paid_deal", "status")}
            if old["id"] in paid_now:
                assert old["paid_deal"] is None and not old["free"]
                assert now["paid_deal"] == new.deals
                pay = paid_now[old["id"]]
                assert pay.cabeza + pay.barriga + pay.cola == old["amount"]
                assert pay.player is not None and pay.player.name == old["player"]
            else:
                assert now["paid_deal"] == old["paid_deal"]
        added = after_list[len(before_list):]
        assert [lulo["id"] for lulo in added] == list(range(len(before_list) + 1, len(after_list) + 1))
        assert [lulo["id"] for lulo in added] == extra(outcome)["new_lulos"]
        for lulo in added:
            assert lulo["worth"] == in_play and lulo["deal"] == new.deals and lulo["paid_deal"] is None
            assert lulo["amount"] == (0 if lulo["free"] else in_play)
        if outcome.void or not clean.went:
            assert added == []
        # Who commits lulo: exactly the players who went and took no trick or broke a rule.
        offenders = {p.name for p in clean.went if p not in clean.takers} | {m.player.name for m in clean.misplays}
        assert {lulo["player"] for lulo in added} == (set() if outcome.void else offenders)
        for p in table.players:
            mine = [lulo for lulo in after_list if lulo["player"] == p]
            assert named(table, new.lulo_counts)[p] == counts_before_night[p] + len(mine)
            for k, lulo in enumerate(mine, start=counts_before_night[p] + 1):
                assert lulo["free"] == (free_tenth and k % 10 == 0)

        # Settling at any moment is zero-sum, both ways; the table page is JSON.
        assert sum(balances(table, new).values()) == 0
        assert sum(balances(table, new, include_open_lulos=True).values()) == 0
        json.dumps(GAME.display_state(table, new))
        json.dumps(outcome.to_json())
        still_open = [lulo for lulo in after_list if lulo["status"] == "open"]
        assert outcome.game_over == (not still_open and new.played > 0 and (pot_total(new) == 0 or not play_out))
        if outcome.void:
            assert {k: v for k, v in new.to_json().items() if k not in ("deals", "dealer")} == {
                k: v for k, v in state.to_json().items() if k not in ("deals", "dealer")}
        state = new
    # The night as the app caches it, deal by deal: JSON, and read back the same.
    assert ToruroState.from_json(json.loads(json.dumps(state.to_json()))) == state


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
    debts = open_lulos(table, state)
    lowest = min((lulo["amount"] for lulo in debts), default=None)
    bad: list[dict[str, Any]] = []
    bad += [{"lulo": lulo["id"], "cabeza": lulo["amount"]} for lulo in debts if lulo["amount"] != lowest]
    bad += [{"lulo": lulo["id"], "cabeza": lulo["worth"]} for lulo in lulo_list(table, state)
            if lulo["status"] != "open"]
    bad += [{"lulo": lulo["id"], "cabeza": lulo["amount"] + rnd.choice([-1, 1])} for lulo in debts
            if lulo["amount"] == lowest]
    bad.append({"lulo": len(state.ledger.debts) + 1, "cabeza": 1})
    snapshot = json.dumps(state.to_json(), sort_keys=True)
    for payment in bad:
        try:
            GAME.apply(table, state, {"turned_card": "5B", "payments": [payment], "went": []})
        except InvalidRecord as err:
            assert "payments" in err.errors
        else:
            raise AssertionError(f"accepted {payment}")
    assert json.dumps(state.to_json(), sort_keys=True) == snapshot
