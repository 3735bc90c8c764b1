"""Paublillo properties over random games and random tricks (hypothesis), against an oracle written from the
seed's words rather than from the module."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.paublillo.rules import GAME, PaublilloState
from games.paublillo.stones import stones
from referee.cards import full_deck
from referee.game import InvalidRecord
from referee.text import Text

# Seed: "Trumps: 4, 3, 2, King, Horse, Jack, Ace, 7, 6, 5.
#        Other suits : King, Horse, Jack, Ace, 7, 6, 5, 4, 3, 2."
SEED_TRUMPS = ["4", "3", "2", "12", "11", "10", "1", "7", "6", "5"]
SEED_PLAIN = ["12", "11", "10", "1", "7", "6", "5", "4", "3", "2"]
SEQUENCES = ["AA", "ABA", "ABB", "BB", "BAB", "BAA"]
DECK = [c.code for c in full_deck("spanish40")]


def draw_record(data: st.DataObject, table, state: PaublilloState, at_once: bool) -> tuple[dict, dict]:
    """A valid record for ``state`` and what the seed says it scores: ``(record, expected deltas)``."""
    record: dict[str, Any] = {}
    seat = state.dealer
    if data.draw(st.integers(0, 9)) == 0:
        seat = data.draw(st.integers(0, table.size - 1))
        record["dealer"] = table.players[seat]
    if data.draw(st.integers(0, 19)) == 0:
        record["void"] = True
        return record, {"A": 0, "B": 0}
    totals = dict(zip("AB", state.totals, strict=True))
    dealer_side = "AB"[seat % 2]
    expected = {"A": 0, "B": 0}
    if data.draw(st.booleans()):
        record["monja"] = True
        if totals[dealer_side] != 11:
            expected[dealer_side] += 1
    at_play = {s: totals[s] + (expected[s] if at_once else 0) for s in "AB"}
    alver = [s for s in "AB" if at_play[s] == 11]
    if len(alver) == 1:
        choice = data.draw(st.sampled_from(["play", "give_up"]))
        record["alver"] = choice
        if choice == "give_up":
            expected["B" if alver[0] == "A" else "A"] += 1
            return record, expected
        stake = 3
    elif len(alver) == 2:
        stake = 1
    else:
        raises = data.draw(st.integers(0, 4))
        first = data.draw(st.sampled_from("AB"))
        other = "B" if first == "A" else "A"
        record["bets"] = [{"team": (first, other)[i % 2], "stake": 3 * (i + 1)} for i in range(raises)]
        if raises and data.draw(st.booleans()):
            record["refused"] = True
            expected[record["bets"][-1]["team"]] += 3 * (raises - 1) or 1
            return record, expected
        stake = 3 * raises or 1
    tricks = data.draw(st.sampled_from(SEQUENCES))
    record["tricks"] = tricks if data.draw(st.booleans()) else list(tricks)
    expected[max("AB", key=tricks.count)] += stake
    return record, expected


@settings(max_examples=300, deadline=None)
@given(st.data(), st.sampled_from([2, 4, 6, 8]), st.booleans())
def test_random_games_score_as_the_seed_says(data, n, at_once):
    """Over random valid deals: the stake scored is 1, 3, 6, 9 or 12 (the monja point apart), scores never
    go down, the game ends exactly when a team reaches 12, and validating a normalised record changes
    nothing."""
    table = GAME.table([f"P{i}" for i in range(n)], {"monja_alver_at_once": at_once},
                       first_dealer=data.draw(st.integers(0, n - 1)))
    state = GAME.initial_state(table)
    while not GAME.winners(table, state) and state.deals < 80:
        record, expected = draw_record(data, table, state, at_once)
        clean = GAME.complete(table, state, GAME.parse(table, record))
        GAME.check(table, state, clean)
        assert GAME.parse(table, clean.to_json()) == clean  # the stored fact reads back the same
        assert GAME.record_from_json(json.loads(json.dumps(clean.to_json()))) == clean
        before = state
        state, outcome = GAME.apply(table, state, record)
        assert dict(zip("AB", outcome.scores, strict=True)) == expected, (record, before.totals)
        assert GAME.apply(table, before, clean) == (state, outcome)  # the stored fact scores the same
        json.dumps([outcome.to_json(), state.to_json()])
        assert GAME.state_from_json(json.loads(json.dumps(state.to_json()))) == state
        json.dumps(GAME.display_state(table, state), default=Text.to_i18n)  # texts are said by the app
        for side in (0, 1):
            assert state.totals[side] >= before.totals[side]
        if not outcome.void:
            assert outcome.details.stake in (1, 3, 6, 9, 12)
            monja = 1 if outcome.details.monja_point else 0
            assert sum(outcome.scores) == outcome.details.stake + monja
        assert outcome.next_dealer == table.after(outcome.dealer)
        assert state.dealer == outcome.next_dealer
        assert outcome.game_over == (max(state.totals) >= 12)
        assert [t.value for t in state.alver] == [s for s, total in zip("AB", state.totals, strict=True) if total == 11]
        shown = GAME.display_state(table, state)
        assert [t["score"] for t in shown["teams"]] == list(state.totals)
    if GAME.winners(table, state):
        balances = GAME.balances(table, state)
        assert sum(balances.values()) == 0
        assert sorted(balances.values()) == [-1] * (n // 2) + [1] * (n // 2)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 20) | st.sampled_from(
        ["A", "B", "C", "", "ABA", "envido", "seis", "doce", "play", "give_up", "Ana", "true", "12", "15",
         ",", " ", "A B", "nueve"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["team", "stake", "x"]), inner, max_size=3),
    max_leaves=12,
)


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.sampled_from(["dealer", "monja", "alver", "bets", "refused", "tricks", "void"]),
                       JSONISH, max_size=7),
       st.integers(0, 11), st.integers(0, 11))
def test_any_record_is_scored_or_refused_field_by_field(record, a, b):
    """Whatever a form or the API sends, the answer is a score or field errors, never a crash."""
    table = GAME.table(["Ana", "Bea", "Luis", "Eva"])
    state = GAME.initial_state(table).replace(totals=(a, b))
    try:
        new_state, outcome = GAME.apply(table, state, record)
    except InvalidRecord as exc:
        assert exc.errors
        return
    assert outcome.void or outcome.details.stake in (1, 3, 6, 9, 12)
    assert all(new_state.totals[s] >= state.totals[s] for s in (0, 1))


def seed_winner(plays: list[tuple[str, str, bool]], trump: str, vuelta: bool) -> str:
    """The seed's words: highest face-up trump, else highest face-up card of the suit led; the vuelta card
    counts as face up."""
    last = len(plays) - 1
    counting = [(p, c) for i, (p, c, down) in enumerate(plays) if not down or (vuelta and i == last)]
    trumps = [(p, c) for p, c in counting if c[-1] == trump]
    if trumps:
        return min(trumps, key=lambda pc: SEED_TRUMPS.index(pc[1][:-1]))[0]
    led = plays[0][1][-1]
    return min([(p, c) for p, c in counting if c[-1] == led], key=lambda pc: SEED_PLAIN.index(pc[1][:-1]))[0]


@settings(max_examples=400, deadline=None)
@given(st.data(), st.sampled_from([2, 4, 6, 8]), st.sampled_from("OCEB"), st.integers(1, 3))
def test_random_tricks_are_won_as_the_seed_says(data, n, trump, number):
    table = GAME.table([f"P{i}" for i in range(n)])
    cards = data.draw(st.permutations(DECK))[:n]
    leader = data.draw(st.integers(0, n - 1))
    led_trump = cards[0][-1] == trump
    plays = []
    for i, card in enumerate(cards):
        last_of_second = number == 2 and i == n - 1
        down = i > 0 and (not led_trump or last_of_second) and data.draw(st.booleans())
        plays.append((table.players[(leader + i) % n], card, down))
    situation = {"trump": trump, "trick_number": number,
                 "trick": [{"player": p, "card": c, "face_down": d} for p, c, d in plays]}
    ruling = GAME.ruling(table, situation)
    assert ruling.winner_seat.name == seed_winner(plays, trump, vuelta=number == 2 and plays[-1][2])


@settings(max_examples=400, deadline=None)
@given(st.data(), st.sampled_from([2, 4, 6]), st.sampled_from("OCEB"), st.integers(1, 3))
def test_a_player_always_has_a_legal_card_and_follows_trumps(data, n, trump, number):
    """Seed: to a trump lead "each of the other players must play a trump if possible, except that a player
    whose only trump is the 4 does not have to play it"; otherwise any card."""
    table = GAME.table([f"P{i}" for i in range(n)])
    deck = data.draw(st.permutations(DECK))
    played = data.draw(st.integers(0, n - 1))
    trick_cards, hand = deck[:played], deck[played:played + 4 - number]
    situation = {"trump": trump, "trick_number": number, "hand": hand,
                 "trick": [{"player": "P0" if i == 0 else None, "card": c}
                           for i, c in enumerate(trick_cards)]}
    ruling = GAME.ruling(table, situation)
    legal = {card.code for card in ruling.legal_cards}
    assert legal
    assert {card.code for card in ruling.reasons} == set(hand)
    trumps = [c for c in hand if c.endswith(trump)]
    if trick_cards and trick_cards[0].endswith(trump) and trumps and trumps != [f"4{trump}"]:
        assert legal == set(trumps)
    else:
        assert legal == set(hand)
    for card in hand:
        assert GAME.ruling(table, {**situation, "card": card}).legal == (card in legal)


@given(st.integers(0, 12), st.integers(0, 12), st.booleans())
def test_stones_always_fit_the_twelve(score, other, keep_six):
    """Seed: "A set of 12 'stones' is used - two of these stones should look different from the other
    ten"."""
    mine, theirs = stones(score, other, keep_six), stones(other, score, keep_six)
    assert mine[0] + theirs[0] <= 10 and mine[1] + theirs[1] <= 2
    plain, special = mine
    if special:
        assert score == 7 + plain
    else:
        assert score == plain or (score == 6 and plain == 0)
