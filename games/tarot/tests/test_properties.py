"""Properties of French Tarot that hold for every valid deal and every situation (hypothesis).

"Every deal sums to zero." "Unit score = (25 + |margin|) × multiplier, sign + if the contract is made,
− if it fails." "A 5-player record always names the partner [...] A blank partner is refused." (RULINGS.md)
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.tarot.numbers import ATTACK_BOUNDS, CHIEN_SIZE, MULTIPLIERS, POIGNEE_TRUMPS, TARGETS, ecart_max_halves
from games.tarot.record import Chelem, PoigneeSize
from games.tarot.rules import GAME, TarotDetails
from referee.cards import full_deck
from referee.parse import InvalidRecord

CHELEMS = [c.value for c in Chelem]
POIGNEE_SIZES = [size.value for size in PoigneeSize]

PLAYERS = {3: ["A", "B", "C"], 4: ["N", "S", "E", "W"], 5: ["A", "B", "C", "D", "E"]}
TABLES = {n: GAME.table(p, {"misere": True}) for n, p in PLAYERS.items()}


@st.composite
def deals(draw: st.DrawFn, players: int) -> dict[str, Any]:
    names = PLAYERS[players]
    taker = draw(st.sampled_from(names))
    contract = draw(st.sampled_from(sorted(MULTIPLIERS)))
    record: dict[str, Any] = {"taker": taker, "contract": contract}
    alone = True
    if players == 5:
        partner = draw(st.sampled_from(names))  # the taker himself when he plays alone
        record["partner"] = partner
        alone = partner == taker
    chelem = draw(st.sampled_from(CHELEMS))
    chien = CHIEN_SIZE[players]
    if chelem in ("announced_made", "unannounced_made") and contract != "garde_contre":
        bouts, lo, hi = draw(st.sampled_from([(3, 182, 182), (2, 173, 174)]))
    elif chelem in ("announced_made", "unannounced_made"):
        bouts = draw(st.integers(0, 3))
        least, most = ATTACK_BOUNDS[players, contract, bouts]
        lo, hi = max(182 - 9 * chien - 8, least), most
    elif chelem == "defence":
        kept = {"garde_sans": 9 * chien, "garde_contre": 0}.get(contract, ecart_max_halves(players))
        bouts = draw(st.integers(0, 3 if contract == "garde_sans" else 1))
        lo, hi = ATTACK_BOUNDS[players, contract, bouts][0], kept + 8  # its own Excuse for 4: it owes ½
    else:
        bouts = draw(st.integers(0, 3))
        lo, hi = ATTACK_BOUNDS[players, contract, bouts]
        hi = min(hi, 181)
    step = 2 if players == 4 else 1
    first, last = -(-lo // step), hi // step
    halves = step * draw(st.integers(first, max(first, last)))
    attack = Decimal(halves) / 2
    if draw(st.booleans()):
        record.update(points=str(91 - attack), points_side="defence")
    else:
        record.update(points=str(attack), points_side="attack")
    record["bouts"] = bouts

    petit = ["none"]
    if bouts >= 1 and chelem != "defence":
        petit.append("attack")
    if bouts <= 2 and chelem not in ("announced_made", "unannounced_made"):
        petit.append("defence")
    record["petit_au_bout"] = draw(st.sampled_from(petit))
    record["chelem"] = chelem

    seats = {"attack": 1 if alone else 2, "defence": players - (1 if alone else 2)}
    poignees: list[dict[str, str]] = []
    trumps = 0
    shows = st.tuples(st.sampled_from(["attack", "defence"]), st.sampled_from(POIGNEE_SIZES))
    for side, size in draw(st.lists(shows, max_size=4)):
        shown = POIGNEE_TRUMPS[players][size]
        if sum(p["side"] == side for p in poignees) < seats[side] and trumps + shown <= 22:
            poignees.append({"side": side, "size": size})
            trumps += shown
    record["poignees"] = poignees
    record["misere"] = draw(st.lists(st.sampled_from(names), unique=True, max_size=2))
    return record


any_deal = st.sampled_from([3, 4, 5]).flatmap(lambda n: st.tuples(st.just(n), deals(n)))


@given(any_deal)
@settings(max_examples=400, deadline=None)
def test_every_valid_deal_sums_to_zero(case: tuple[int, dict[str, Any]]) -> None:
    """Every deal sums to zero, at 3, 4 and 5 players."""
    players, record = case
    table = TABLES[players]
    _state, outcome = GAME.apply(table, GAME.initial_state(table), record)
    assert sum(outcome.scores) == 0
    assert len(outcome.scores) == players
    assert all(isinstance(v, int) for v in outcome.scores)


@given(any_deal)
@settings(max_examples=400, deadline=None)
def test_unit_sign_follows_made_or_failed(case: tuple[int, dict[str, Any]]) -> None:
    """Unit score … sign + if the contract is made, − if it fails (the petit au bout, at 10 × multiplier,
    never outweighs the 25 × multiplier; only an announced chelem's −200 can turn a made contract round)."""
    players, record = case
    record = {**record, "misere": []}
    table = TABLES[players]
    outcome = GAME.apply(table, GAME.initial_state(table), record)[1]
    attack = Decimal(record["points"])
    if record["points_side"] == "defence":
        attack = 91 - attack
    made = attack >= TARGETS[record["bouts"]]
    details = outcome.details
    assert isinstance(details, TarotDetails)
    assert details.made is made
    if record["chelem"] != "announced_failed":
        assert (details.unit > 0) is made
        assert (outcome.scores[PLAYERS[players].index(record["taker"])] > 0) is made


@given(any_deal)
@settings(max_examples=200, deadline=None)
def test_a_normalised_record_validates_to_itself(case: tuple[int, dict[str, Any]]) -> None:
    """The record is stored as the rules returned it, and reads back the same (through JSON)."""
    players, record = case
    table = TABLES[players]
    clean = GAME.parse(table, record)
    stored = json.loads(json.dumps(clean.to_json()))
    assert GAME.parse(table, stored) == clean
    assert GAME.parse(table, stored).to_json() == clean.to_json()
    assert GAME.record_from_json(stored) == clean
    GAME.check(table, GAME.initial_state(table), GAME.parse(table, stored))


@given(st.sampled_from(["", " ", None]), deals(5))
@settings(max_examples=100, deadline=None)
def test_a_blank_partner_at_five_is_always_refused_beside_the_field(blank: Any, record: dict[str, Any]) -> None:
    """A 5-player record always names the partner; a blank partner is refused, never read as "alone"."""
    table = TABLES[5]
    try:
        GAME.apply(table, GAME.initial_state(table), {**record, "partner": blank})
    except InvalidRecord as exc:
        assert "partner" in exc.errors
    else:
        raise AssertionError("a blank partner was accepted")


junk = st.recursive(st.none() | st.booleans() | st.integers(-200, 200) | st.floats() | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                               max_size=3), max_leaves=6)
record_keys = st.sampled_from(["taker", "contract", "partner", "called_card", "bouts", "points",
                               "points_side", "poignees", "petit_au_bout", "chelem", "misere", "void",
                               "other"])


@given(st.sampled_from([3, 4, 5]), st.dictionaries(record_keys, junk, max_size=8))
@settings(max_examples=400, deadline=None)
def test_any_input_is_a_record_or_field_errors(players: int, record: dict[str, Any]) -> None:
    """Invalid input answers with a message per field. Never 500."""
    table = TABLES[players]
    try:
        GAME.apply(table, GAME.initial_state(table), record)
    except InvalidRecord as exc:
        assert exc.errors and all(str(message) for message in exc.errors.values())


DECK = [c.code for c in full_deck("tarot")]


@st.composite
def situations(draw: st.DrawFn) -> tuple[int, list[str], list[str]]:
    players = draw(st.sampled_from([3, 4, 5]))
    cards = draw(st.permutations(DECK))
    in_trick = draw(st.integers(0, players - 1))
    in_hand = draw(st.integers(1, 15))
    return players, cards[:in_hand], cards[in_hand:in_hand + in_trick]


@given(situations())
@settings(max_examples=300, deadline=None)
def test_a_hand_always_has_a_legal_card_and_each_listed_card_is_ruled_legal(
        case: tuple[int, list[str], list[str]]) -> None:
    players, hand, trick = case
    table = TABLES[players]
    ruling = GAME.ruling(table, {"hand": hand, "trick": trick}).to_json()
    assert ruling["legal_cards"] and set(ruling["reasons"]) == set(hand)
    for card in hand:
        answer = GAME.ruling(table, {"hand": hand, "trick": trick, "card": card})
        assert answer.legal is (card in ruling["legal_cards"])


@given(st.sampled_from([3, 4, 5]).flatmap(lambda n: st.tuples(st.just(n), st.permutations(DECK))))
@settings(max_examples=200, deadline=None)
def test_a_complete_trick_has_one_winner_and_never_the_excuse(case: tuple[int, list[str]]) -> None:
    players, cards = case
    trick = cards[:players]
    ruling = GAME.ruling(TABLES[players], {"trick": trick}).to_json()
    assert ruling["winner"] in trick and ruling["winner"] != "EX"
    trumps = [int(c[1:]) for c in trick if c.startswith("T")]
    if trumps:
        assert ruling["winner"] == f"T{max(trumps)}"
