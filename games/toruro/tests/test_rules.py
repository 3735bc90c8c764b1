"""Toruro's rules, one test per rule of the text (seed 002), of RULINGS.md and of each house rule.

Each docstring quotes the rule it checks. Five players in the order of play: Ana, Luis, Pepe, Marta, Juan.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from games.toruro.rules import GAME
from games.toruro.state import ToruroState
from referee.cards import DeckKind
from referee.game import InvalidRecord, Outcome, Settlement, TableSpec

from .helpers import (
    at_start,
    balances,
    counts,
    extra,
    in_pots,
    lulo_list,
    moves,
    named,
    payable,
    winners,
    with_counts,
)

P5 = ("Ana", "Luis", "Pepe", "Marta", "Juan")

# Deal 1, Ana deals, everyone goes: Luis takes the cabeza, Pepe the barriga and the cola.
# From Ana's left: Marta #1, Juan #2, Ana #3 took no trick: 3 chips each.
FIRST = {"turned_card": "4O", "went": list(P5), "tricks": ["Luis", "Pepe", "Pepe"]}


def table(**options: Any) -> TableSpec[Any]:
    return GAME.table(P5, options)


def play(tbl: TableSpec[Any], *records: dict[str, Any],
         state: ToruroState | None = None) -> tuple[ToruroState, list[Outcome]]:
    current = state if state is not None else GAME.initial_state(tbl)
    outcomes = []
    for record in records:
        current, outcome = GAME.apply(tbl, current, record)
        outcomes.append(outcome)
    return current, outcomes


def lines(outcome: Outcome) -> list[str]:
    return [str(line) for line in outcome.breakdown]


def pay(lulo: int, cabeza: int = 0, barriga: int = 0, cola: int = 0) -> dict[str, int]:
    return {"lulo": lulo, "cabeza": cabeza, "barriga": barriga, "cola": cola}


def test_the_game_is_toruro_for_5_to_10_players_with_a_spanish_40_deck() -> None:
    """"A trick-taking gambling card game for 5+ players." — "You'll need a Spanish deck of cards"."""
    assert (GAME.slug, GAME.name, GAME.player_counts, GAME.deck) == (
        "toruro", "Toruro", (5, 6, 7, 8, 9, 10), DeckKind.SPANISH40)
    description = json.loads(json.dumps(GAME.describe()))
    assert {o["key"]: o["default"] for o in description["options"]} == {
        "free_tenth": True, "trump_ace_all_go": True, "first_deal_all_go": True, "lulos_per_deal": 1,
        "one_lulo_per_deal": True, "play_out_pots": False}
    assert all(o["house_rule"] for o in description["options"])
    json.dumps([f.to_json() for f in GAME.record_fields(table())])
    json.dumps([f.to_json() for f in GAME.ruling_fields])
    assert GAME.settlement is Settlement.LEDGER and description["settlement"] == "ledger"
    with pytest.raises(InvalidRecord):
        GAME.table(P5[:4])


def test_rules_page_covers_every_part_of_the_game_in_our_own_words() -> None:
    """The rules page: cards and ranking, pots, paying lulos, the deal and the turned card, going and
    exchanging, leading, following, the lulo list, the end, house rules 1–4 (Andres' own rule 5 only as a
    joke, never an option)."""
    titles = [str(s.title) for s in GAME.rules]
    assert titles == ["Cards and ranking", "The three pots", "Paying lulos", "The deal and the turned card",
                      "Going and exchanging", "Leading", "Following", "The lulo list", "The end of the night",
                      "House rules (options of the table)"]
    house = " ".join(str(p) for p in GAME.rules[-1].paragraphs)
    for n in ("1.", "2.", "3.", "4."):
        assert n in house
    assert "Andres" in house and "5." not in house
    assert not any("cups" in o.key or "copas" in o.key for o in GAME.options)


def test_rules_page_says_what_becomes_of_the_pots_when_nobody_owes_and_names_tapetes_own_house_rules() -> None:
    """Every option of the table is on the rules page, Tapete's own two as well (one lulo per player per deal,
    play out the pots): a player who wonders where the chips left in the pots go can read it there."""
    end = " ".join(str(p) for p in GAME.rules[-2].paragraphs)
    assert "chips are left in the pots with nobody owing: the night ends and they go back to who put them in" in end
    house = " ".join(str(p) for p in GAME.rules[-1].paragraphs)
    assert "commits one lulo, not one per offence" in house
    assert "chips left in the pots when nobody owes go back to who put them in" in house


def test_dealer_puts_one_chip_in_each_pot() -> None:
    """"At the start of each round, the dealer ... will place three of the lowest-valued chips in three
    separate pots ... called the cabeza (head), barriga (belly), and cola (tail)."""
    tbl = table()
    _state, (out,) = play(tbl, FIRST)
    assert "Dealer Ana antes 1 chip in each pot (3 chips)." in lines(out)
    dealer_moves = [m for m in moves(tbl, out) if m[0] == "Ana"]
    assert dealer_moves == [("Ana", "pot:cabeza", 1), ("Ana", "pot:barriga", 1), ("Ana", "pot:cola", 1)]


def test_the_deal_passes_to_the_next_player_in_the_order_of_play() -> None:
    """RULINGS: "the player after the dealer in the order of play speaks and leads first, and deals next"."""
    tbl = GAME.table(P5, first_dealer=3)
    state = GAME.initial_state(tbl)
    assert GAME.display_state(tbl, state)["next_dealer"] == "Marta"
    assert GAME.display_state(tbl, state)["first_to_speak"] == "Juan"
    state, (out,) = play(tbl, {**FIRST, "tricks": ["Juan", "Ana", "Ana"]}, state=state)
    assert (out.dealer, out.next_dealer, state.dealer) == (3, 4, 4)
    assert GAME.display_state(tbl, state)["next_dealer"] == "Juan"


def test_tricks_win_cabeza_then_barriga_then_cola() -> None:
    """"The first trick taken will win the cabeza, the second, the barriga, and the third the cola."""
    tbl = table()
    # Deal 2, Luis deals; Marta pays lulo #1 (3) all on the cola: pots 1/1/4.
    state, (_first, out) = play(tbl, FIRST, {"turned_card": "5B", "payments": [pay(1, cola=3)],
                                             "went": ["Pepe", "Juan"], "tricks": ["Juan", "Pepe", "Pepe"]})
    assert ["Cabeza (1 chip) to Juan.", "Barriga (1 chip) to Pepe.", "Cola (4 chips) to Pepe."] == [
        line for line in lines(out) if " to " in line and "chip" in line]
    assert named(tbl, out.scores) == {"Ana": 0, "Luis": -3, "Pepe": 5, "Marta": -3, "Juan": 1}
    assert [m for m in moves(tbl, out) if m[0].startswith("pot:")] == [
        ("pot:cabeza", "Juan", 1), ("pot:barriga", "Pepe", 1), ("pot:cola", "Pepe", 4)]
    assert in_pots(state) == {"cabeza": 0, "barriga": 0, "cola": 0}


def test_first_round_only_the_dealers_chips_are_in_play() -> None:
    """"The first round, the dealer's chips will be the only ones available for claiming"."""
    tbl = table()
    state = GAME.initial_state(tbl)
    assert at_start(state) == {"cabeza": 1, "barriga": 1, "cola": 1, "total": 3}
    assert payable(tbl, state) == []
    with pytest.raises(InvalidRecord) as err:
        GAME.apply(tbl, state, {**FIRST, "payments": [pay(1, 1, 1, 1)]})
    assert "There is no lulo #1 on the list." in str(err.value)


def test_lulos_are_paid_from_the_lowest_up() -> None:
    """"Remember: lulos must be payed starting from the lowest-valued ones, so each time, the stakes are a
    little bit higher!\""""
    tbl = table()
    # Deal 2: Marta pays #1 (3); pots 2/2/2 = 6; Pepe goes and takes nothing: lulo #4, 6 chips.
    state, _ = play(tbl, FIRST, {"turned_card": "5B", "payments": [pay(1, 1, 1, 1)], "went": ["Pepe", "Juan"],
                                 "tricks": ["Juan", "Juan", "Juan"]})
    # Pepe deals deal 3: from him, Juan (#2) comes before Ana (#3); Pepe's #4 (6 chips) must wait.
    assert [(lulo["id"], lulo["amount"]) for lulo in payable(tbl, state)] == [(2, 3), (3, 3)]
    with pytest.raises(InvalidRecord) as err:
        GAME.apply(tbl, state, {"turned_card": "5B", "payments": [pay(4, 6)], "went": []})
    assert err.value.errors["payments"].template.startswith("Lulos are paid lowest first")


def test_the_first_from_the_dealer_who_owes_a_lowest_lulo_and_chooses_pays() -> None:
    """"Any player, starting with the dealer, who owes one of the least-valued lulos can choose to pay it (and
    no other player can pay it this round...)." RULINGS: "among players who owe the lowest amount, the first
    from the dealer round the table who chooses pays"."""
    tbl = table()
    state, _ = play(tbl, FIRST)  # Luis deals next; #1 Marta, #2 Juan, #3 Ana owe 3 each.
    assert [(lulo["player"], lulo["from_dealer"]) for lulo in payable(tbl, state)] == [
        ("Marta", 2), ("Juan", 3), ("Ana", 4)]
    # Marta, first in turn, declines; Juan pays. Nobody else pays this deal (one lulo per deal).
    state, (out,) = play(tbl, {"turned_card": "5B", "payments": [pay(2, 3)], "went": []}, state=state)
    assert "Juan pays lulo #2 (3 chips): cabeza 3, barriga 0, cola 0." in lines(out)
    # The turn of the next deal starts from its dealer, Pepe: Marta is still first.
    assert [lulo["player"] for lulo in payable(tbl, state)] == ["Marta", "Ana"]


def test_one_lulo_is_paid_per_deal() -> None:
    """"(and no other player can pay it this round... they must wait until the next rounds)"; RULINGS: "One
    lulo per deal (house rule 4: 2 or 3)"."""
    tbl = table()
    state, _ = play(tbl, FIRST)
    with pytest.raises(InvalidRecord) as err:
        GAME.apply(tbl, state, {"turned_card": "5B", "payments": [pay(1, 3), pay(2, 3)], "went": []})
    assert str(err.value.errors["payments"]) == "One lulo at most may be paid in a deal (2 given)."


def test_the_payer_splits_the_whole_debt_over_the_pots_as_they_like() -> None:
    """"The player paying the lulo must place the full debt divided in the three pots any way he/she likes ...
    After the full debt has been payed to the pot, the lulo is scratched from the list."""
    tbl = table()
    state, _ = play(tbl, FIRST)
    for split in ((3, 0, 0), (0, 3, 0), (0, 0, 3), (1, 1, 1), (0, 1, 2)):
        record = {"turned_card": "5B", "payments": [pay(1, *split)], "went": []}
        after, (out,) = play(tbl, record, state=state)
        assert (after.ledger.pots["cabeza"], after.ledger.pots["barriga"], after.ledger.pots["cola"]) == tuple(
            1 + s for s in split)
        assert [m[2] for m in moves(tbl, out) if m[0] == "Marta"] == [s for s in split if s]
        assert after.ledger.debt(1).paid_deal == 2
        assert GAME.display_state(tbl, after)["lulo_list"][0]["status"] == "paid"
        assert 1 not in [lulo["id"] for lulo in payable(tbl, after)]


@pytest.mark.parametrize(("turned", "seven_as"), [
    ("10C", "10"), ("11C", "11"), ("12C", "12"), ("3C", "3"), ("1C", "1"),
    ("7C", None), ("6C", None), ("5C", None), ("4C", None), ("2C", None),
])
def test_the_turned_card_makes_trumps_and_the_seven_stands_in_for_a_sota_or_higher(
        turned: str, seven_as: str | None) -> None:
    """"The suit of the card is the trump suit. Also, if the card rank is a sota or higher, the 7 on this suit
    is considered as this face-up card." Sota or higher in Toruro's ranking: sota, caballo, King, 3, Ace."""
    tbl = table(first_deal_all_go=False, trump_ace_all_go=False)
    _state, (out,) = play(tbl, {"turned_card": turned, "went": []})
    assert extra(out)["trump"] == "C"
    assert extra(out)["seven_as_turned"] == seven_as
    stand_in = [line for line in lines(out) if "plays as" in line]
    assert bool(stand_in) == (seven_as is not None)


def test_a_player_who_does_not_go_sits_the_deal_out() -> None:
    """"If you decide not to go, you sit out this round of three cards." No trick, no lulo, no chip."""
    tbl = table()
    state, (_first, out) = play(tbl, FIRST, {"turned_card": "5B", "went": ["Pepe", "Juan"],
                                             "tricks": ["Juan", "Pepe", "Juan"]})
    assert named(tbl, out.scores)["Ana"] == 0 and named(tbl, out.scores)["Marta"] == 0
    assert extra(out)["new_lulos"] == []
    assert [lulo["player"] for lulo in lulo_list(tbl, state)] == ["Marta", "Juan", "Ana"]


def test_going_and_taking_no_trick_is_a_lulo() -> None:
    """"Any player decided to "go" and did not take any pot ... commits "lulo" and is placed on the dreaded
    Lulo list."""
    tbl = table()
    state, (out,) = play(tbl, FIRST)
    assert [(lulo["id"], lulo["player"], lulo["reason"]) for lulo in lulo_list(tbl, state)] == [
        (1, "Marta", "no_trick"), (2, "Juan", "no_trick"), (3, "Ana", "no_trick")]
    assert "Marta went and took no trick: lulo." in lines(out)
    assert "Lulo #1: Marta owes 3 chips." in lines(out)


def test_in_french_a_player_who_went_is_said_whoever_they_are() -> None:
    """French would agree "allé"/"allée" with the player: the lines say it without a participle."""
    from django.utils import translation

    from scoring.services import translate

    _state, (out,) = play(table(), FIRST)
    with translation.override("fr"):
        said = [translate(line) for line in out.breakdown]
    assert "Marta\u00a0: aucun pli en y allant, lulo." in said
    assert not any("y est allé" in line for line in said)


def test_breaking_a_play_rule_is_a_lulo_and_the_pots_won_are_kept() -> None:
    """"... OR any player who misplayed a rule ... commits "lulo"." RULINGS: "A rule-breaker keeps any pot
    they won"."""
    tbl = table()
    state, (out,) = play(tbl, {**FIRST, "misplays": [{"player": "Pepe", "rule": "trump_when_void"}]})
    assert named(tbl, out.scores)["Pepe"] == 2
    pepe = [lulo for lulo in lulo_list(tbl, state) if lulo["player"] == "Pepe"]
    assert [(lulo["reason"], lulo["misplay"], lulo["amount"]) for lulo in pepe] == [
        ("misplay", "trump_when_void", 3)]
    assert "Pepe broke the rule “Trump when you cannot follow suit”: lulo (any pot won is kept)." in lines(
        out)


def test_the_lulo_is_everything_in_the_pots_when_play_starts() -> None:
    """"This player now owes the total amount of money available for this round (that is, the initial pot
    placed by the dealer, plus any lulo money payed by another player ...)". RULINGS: "everything in the three
    pots when play starts (the dealer's three chips, lulo money paid in this deal, and any pots carried
    over)"."""
    tbl = table()
    # Deal 2 (Luis): Marta pays #1 (3); nobody goes: 6 chips stay. Deal 3 (Pepe): Juan pays #2 (3).
    state, _ = play(tbl, FIRST, {"turned_card": "5B", "payments": [pay(1, 1, 1, 1)], "went": []})
    assert at_start(state, pay(2, 0, 0, 3)) == {"cabeza": 3, "barriga": 3, "cola": 6, "total": 12}
    # Carried 6 + Pepe's 3 + Juan's 3 = 12: Marta, going without a trick, owes 12.
    state, (out,) = play(tbl, {"turned_card": "5B", "payments": [pay(2, 0, 0, 3)], "went": ["Marta", "Ana"],
                               "tricks": ["Ana", "Ana", "Ana"]}, state=state)
    assert lulo_list(tbl, state)[-1] == {"id": 4, "player": "Marta", "amount": 12, "worth": 12, "deal": 3,
                                         "reason": "no_trick", "misplay": None, "free": False, "paid_deal": None,
                                         "status": "open"}
    assert extra(out)["pots_at_start"] == 12


def test_each_player_who_commits_lulo_owes_the_full_amount() -> None:
    """RULINGS: "Each player who commits lulo owes that full amount" (it is not shared among them)."""
    tbl = table()
    state, _ = play(tbl, FIRST)
    assert [lulo["amount"] for lulo in lulo_list(tbl, state)] == [3, 3, 3]
    assert GAME.display_state(tbl, state)["open_total"] == 9


def test_nobody_goes_and_the_pots_carry_over() -> None:
    """RULINGS: "If nobody goes, the pots stay and carry over to the next deal."""
    tbl = table()
    state, (_first, out) = play(tbl, FIRST, {"turned_card": "5B", "payments": [pay(1, 3)], "went": []})
    assert in_pots(state) == {"cabeza": 4, "barriga": 1, "cola": 1}
    assert named(tbl, out.scores) == {"Ana": 0, "Luis": -3, "Pepe": 0, "Marta": -3, "Juan": 0}
    assert not [m for m in moves(tbl, out) if m[0].startswith("pot:")]
    assert "Nobody went: the pots (6 chips) stay for the next deal." in lines(out)
    # Next deal, Pepe antes on top: 5/2/2 before any lulo is paid.
    assert at_start(state)["total"] == 9


def test_a_player_who_goes_alone_takes_all_three_pots() -> None:
    """"If you decide not to go, you sit out". Only one goes: they play the three tricks alone and take
    them."""
    tbl = table()
    state, (_first, out) = play(tbl, FIRST, {"turned_card": "5B", "payments": [pay(1, 1, 1, 1)],
                                             "went": ["Ana"], "tricks": ["Ana", "Ana", "Ana"]})
    assert named(tbl, out.scores) == {"Ana": 6, "Luis": -3, "Pepe": 0, "Marta": -3, "Juan": 0}
    assert extra(out)["new_lulos"] == []
    with pytest.raises(InvalidRecord):
        GAME.apply(tbl, state, {"turned_card": "5B", "went": ["Ana"], "tricks": ["Ana", "Luis", "Ana"]})


def test_the_game_ends_when_nobody_owes_anything() -> None:
    """"The game only ends whenever all players are free from debt and owe nothing." The winners are the
    players with the best net."""
    tbl = table()
    # Deal 1: Luis 1, Pepe 2 (3 lulos of 3). Deals 2–4: #1, #2, #3 paid 1/1/1; Pepe goes alone and wins 6.
    state, outs = play(tbl, FIRST, *[{"turned_card": "5B", "payments": [pay(n, 1, 1, 1)], "went": ["Pepe"],
                                      "tricks": ["Pepe"] * 3} for n in (1, 2, 3)])
    assert [o.game_over for o in outs] == [False, False, False, True]
    # Dealers Ana, Luis, Pepe, Marta. Ana: −3 (ante) −3 (#3) = −6. Luis: +1 −3 (ante) = −2.
    # Pepe: +2 −3 (ante) + 6 × 3 = 17. Marta: −3 (#1) −3 (ante) = −6. Juan: −3 (#2). Sum 0.
    assert named(tbl, state.totals) == {"Ana": -6, "Luis": -2, "Pepe": 17, "Marta": -6, "Juan": -3}
    assert winners(tbl, outs[-1].winners) == ["Pepe"]
    assert winners(tbl, GAME.winners(tbl, state)) == ["Pepe"]
    with pytest.raises(InvalidRecord) as err:
        GAME.apply(tbl, state, {"turned_card": "5B", "went": []})
    assert str(err.value.errors["__all__"]) == "The night is over: nobody owes anything."
    assert payable(tbl, state) == [] and GAME.display_state(tbl, state)["game_over"]


def test_the_game_does_not_end_before_the_first_deal_and_ties_share_the_win() -> None:
    """RULINGS: "The game ends when, after at least one deal, nobody owes anything"."""
    tbl = table(first_deal_all_go=False)
    state = GAME.initial_state(tbl)
    assert GAME.winners(tbl, state) == ()
    # Three go on the first deal and each takes a trick: no lulo, nobody owes, the pots are empty: over.
    state, (out,) = play(tbl, {"turned_card": "5B", "went": ["Luis", "Pepe", "Marta"],
                               "tricks": ["Luis", "Pepe", "Marta"]}, state=state)
    assert out.game_over and winners(tbl, out.winners) == ["Luis", "Pepe", "Marta"]


def test_the_lulo_list_keeps_every_lulo() -> None:
    """The paper list: a paid lulo is scratched, not erased; each shows who, how much, when, paid or open."""
    tbl = table()
    state, _ = play(tbl, FIRST, {"turned_card": "5B", "payments": [pay(1, 3)], "went": []})
    shown = GAME.display_state(tbl, state)["lulo_list"]
    assert [(s["id"], s["player"], s["amount"], s["deal"], s["status"], s["paid_deal"]) for s in shown] == [
        (1, "Marta", 3, 1, "paid", 2), (2, "Juan", 3, 1, "open", None), (3, "Ana", 3, 1, "open", None)]


def test_house_rule_1_every_tenth_lulo_is_free() -> None:
    """"1. Every tenth lulo is a freebie: so if you already have 9 lulos (payed or not) and once again you
    commit lulo, this one's for free (but obviously, the next one isn't). This also applies for the
    twentieth, thirtieth and so on..."""
    tbl = table()
    state = with_counts(tbl, GAME.initial_state(tbl), Marta=9, Juan=19, Ana=10)
    state, (out,) = play(tbl, FIRST, state=state)
    by_player = {lulo["player"]: lulo for lulo in lulo_list(tbl, state)}
    marta = by_player["Marta"]
    assert (marta["free"], marta["amount"], marta["worth"]) == (True, 0, 3)
    assert (by_player["Juan"]["free"], by_player["Juan"]["amount"]) == (True, 0)
    assert (by_player["Ana"]["free"], by_player["Ana"]["amount"]) == (False, 3)  # the 11th is not free
    assert "Lulo #1 is Marta's lulo number 10: free (every tenth lulo is free)." in lines(out)
    assert [lulo["id"] for lulo in payable(tbl, state)] == [3]
    assert GAME.display_state(tbl, state)["lulo_list"][0]["status"] == "free"
    assert GAME.display_state(tbl, state)["lulo_counts"]["Marta"] == {"count": 10, "next_free": 20}
    # The free lulo cannot be paid.
    with pytest.raises(InvalidRecord) as err:
        GAME.apply(tbl, state, {"turned_card": "5B", "payments": [pay(1, 0)], "went": []})
    assert "was free" in str(err.value)
    # Off: the tenth costs like any other.
    off = table(free_tenth=False)
    state = with_counts(off, GAME.initial_state(off), Marta=9)
    state, _ = play(off, FIRST, state=state)
    assert not state.ledger.debt(1).free and state.ledger.debt(1).amount == 3
    assert GAME.display_state(off, state)["lulo_counts"]["Marta"] == {"count": 10, "next_free": None}


def test_house_rule_2_if_the_trump_card_is_an_ace_everyone_must_go() -> None:
    """"2. If the trump card is an Ace, everyone must "go"."""
    tbl = table()
    state, _ = play(tbl, FIRST)
    with pytest.raises(InvalidRecord) as err:
        GAME.apply(tbl, state, {"turned_card": "1E", "went": ["Pepe", "Juan"], "tricks": ["Pepe"] * 3})
    assert str(err.value.errors["went"]) == (
        "The turned card is an Ace: everyone must go (house rule 2); Marta, Ana, Luis did not.")
    GAME.apply(tbl, state, {"turned_card": "1E", "went": list(P5), "tricks": ["Pepe"] * 3})
    off = table(trump_ace_all_go=False)
    state, _ = play(off, FIRST)
    GAME.apply(off, state, {"turned_card": "1E", "went": ["Pepe"], "tricks": ["Pepe"] * 3})


def test_house_rule_3_on_the_first_round_everyone_must_go() -> None:
    """"3. On the very first round, everyone must "go" so that there are some lulos to pay for starters!\""""
    tbl = table()
    state = GAME.initial_state(tbl)
    with pytest.raises(InvalidRecord) as err:
        GAME.apply(tbl, state, {"turned_card": "4O", "went": []})
    assert str(err.value.errors["went"]).startswith("On the first deal everyone must go (house rule 3)")
    # A void first deal (misdeal) does not count: the next deal is still the first one played.
    state, _ = play(tbl, {"void": True}, state=state)
    with pytest.raises(InvalidRecord):
        GAME.apply(tbl, state, {"turned_card": "4O", "went": ["Luis"], "tricks": ["Luis"] * 3})
    state, _ = play(tbl, {**FIRST, "tricks": ["Pepe", "Pepe", "Pepe"]}, state=state)
    GAME.apply(tbl, state, {"turned_card": "4O", "went": []})  # second deal: free to stay out
    off = table(first_deal_all_go=False)
    state, (out,) = play(off, {"turned_card": "4O", "went": []})
    assert off.options.first_deal_all_go is False and named(off, out.scores)["Ana"] == -3


def test_house_rule_4_two_or_three_lulos_per_deal() -> None:
    """"4. If the game is dragging too much, start paying 2 or even 3 lulos at the same time."""
    tbl = table(lulos_per_deal=3)
    state, _ = play(tbl, FIRST)
    assert len(payable(tbl, state)) == 3
    state, (out,) = play(tbl, {"turned_card": "5B", "payments": [pay(1, 3), pay(2, 0, 3), pay(3, 0, 0, 3)],
                               "went": []}, state=state)
    assert in_pots(state) == {"cabeza": 4, "barriga": 4, "cola": 4}
    assert named(tbl, out.scores) == {"Ana": -3, "Luis": -3, "Pepe": 0, "Marta": -3, "Juan": -3}
    with pytest.raises(InvalidRecord):
        GAME.table(P5, {"lulos_per_deal": 4})
    two = table(lulos_per_deal=2)
    state, _ = play(two, FIRST)
    assert len(payable(two, state)) == 3  # all three owe the lowest amount: any two may pay
    with pytest.raises(InvalidRecord):
        GAME.apply(two, state, {"turned_card": "5B", "payments": [pay(1, 3), pay(2, 3), pay(3, 3)],
                                "went": []})


def test_house_rule_one_lulo_per_player_per_deal() -> None:
    """Neither text says whether a player who took no trick AND broke a rule (or broke two) commits one lulo
    or two: the seed's "did not take any pot OR ... misplayed" reads as one. House rule ``one_lulo_per_deal``
    (on): one lulo; off: one lulo per offence."""
    record = {**FIRST, "misplays": [{"player": "Marta", "rule": "follow_suit"},
                                    {"player": "Marta", "rule": "play_higher_to_trump_lead"}]}
    tbl = table()
    state, _ = play(tbl, record)
    assert [(lulo["player"], lulo["reason"], lulo["misplay"]) for lulo in lulo_list(tbl, state)] == [
        ("Marta", "no_trick", "follow_suit"), ("Juan", "no_trick", None), ("Ana", "no_trick", None)]
    assert counts(tbl, state)["Marta"] == 1
    state, _ = play(table(one_lulo_per_deal=False), record)
    assert [(lulo["player"], lulo["reason"], lulo["misplay"]) for lulo in lulo_list(tbl, state)] == [
        ("Marta", "no_trick", None), ("Marta", "misplay", "follow_suit"),
        ("Marta", "misplay", "play_higher_to_trump_lead"), ("Juan", "no_trick", None),
        ("Ana", "no_trick", None)]
    assert counts(tbl, state)["Marta"] == 3


def test_house_rule_play_out_the_pots_before_the_night_ends() -> None:
    """When the last lulo is paid in a deal where nobody goes, chips are left in the pots with nobody owing.
    House rule ``play_out_pots`` (off by default, per RULINGS: the night ends when nobody owes) on: the night
    goes on until someone wins them; off: the night ends and the chips go back to whoever put them in."""
    records = [FIRST, *[{"turned_card": "5B", "payments": [pay(n, 1, 1, 1)], "went": []} for n in (1, 2, 3)]]
    state, outs = play(table(play_out_pots=True), *records)
    # Deals 2–4: 3 antes + 3 lulo chips each = 18 chips in the pots, nobody owing.
    assert not outs[-1].game_over and state.ledger.pots_total() == 18
    # Deal 5, Juan deals (−3) and goes alone: 21 chips, net +18. Now the night is over.
    alone = {"turned_card": "5B", "went": ["Juan"], "tricks": ["Juan"] * 3}
    state, (out,) = play(table(play_out_pots=True), alone, state=state)
    assert out.game_over and out.scores[4] == 18  # Juan
    tbl = table()
    state, outs = play(tbl, *records)
    assert outs[-1].game_over
    # The 18 chips on the table go back to who put them in: antes of deals 2–4 (Luis, Pepe, Marta) and lulos
    # #1 Marta, #2 Juan, #3 Ana, 3 chips each. Totals Ana −6, Luis −2, Pepe −1, Marta −6, Juan −3.
    assert named(tbl, state.pot_shares) == {"Ana": 3, "Luis": 3, "Pepe": 3, "Marta": 6, "Juan": 3}
    assert balances(tbl, state) == {"Ana": -3, "Luis": 1, "Pepe": 2, "Marta": 0, "Juan": 0}
    assert winners(tbl, outs[-1].winners) == ["Pepe"]


def test_the_last_lulo_paid_in_a_deal_nobody_goes_ends_the_night_and_the_breakdown_says_the_pots_go_back() -> None:
    """The night ends when nobody owes anything (RULINGS), and with ``play_out_pots`` off the chips left in the
    pots go back to who put them: the deal's breakdown says so, not that the pots "stay for the next deal"
    (there is none). With the house rule on, or while a lulo is still open, they do stay."""
    records = [FIRST, *[{"turned_card": "5B", "payments": [pay(n, 1, 1, 1)], "went": []} for n in (1, 2, 3)]]
    tbl = table()
    _state, outs = play(tbl, *records)
    assert "Nobody went: the pots (12 chips) stay for the next deal." in lines(outs[2])  # lulo #3 still open
    assert outs[-1].game_over
    assert "Nobody went, and nobody owes a lulo any more: the night is over. The pots (18 chips) go back to who " \
           "put them: Juan 3, Ana 3, Luis 3, Pepe 3 and Marta 6." in lines(outs[-1])
    assert not any("stay for the next deal" in line for line in lines(outs[-1]))
    _state, outs = play(table(play_out_pots=True), *records)
    assert "Nobody went: the pots (18 chips) stay for the next deal." in lines(outs[-1])


def test_the_net_of_the_deal_that_ends_the_night_is_said_before_the_pots_go_back() -> None:
    """A tester read "The pots (9 chips) go back to who put them: Carlos 6 and Ana 3." then "Net this deal: Ana
    −3, Carlos −6." as a contradiction. The deal's net is what it paid in (the dealer's ante, the lulo paid); the
    chips coming back are counted apart, in the standings ("−1 (−4, 3 back from the pots)"): the line says so."""
    records = [FIRST, *[{"turned_card": "5B", "payments": [pay(n, 1, 1, 1)], "went": []} for n in (1, 2, 3)]]
    _state, outs = play(table(), *records)
    nets = [line for line in lines(outs[-1]) if line.startswith("Net this deal")]
    # the last deal: its dealer, Ana, antes 3 (−3) and lulo #3's debtor, Marta, pays 3 into the pots (−3)
    assert nets == ["Net this deal, before the pots go back: Ana −3, Marta −3."]
    assert [line for line in lines(outs[2]) if line.startswith("Net this deal")][0].startswith("Net this deal: ")


def test_once_the_night_is_over_settling_up_gives_the_pots_back_whatever_the_choice() -> None:
    """The same night: over, 18 chips in the pots (Juan 3, Ana 3, Luis 3, Pepe 3, Marta 6). Nothing is owed, so
    counting the open lulos has nothing to count: both answers give the pots back to who put them, as the deal's
    breakdown said (a reviewer: "Yes" shared them equally instead), and settle-up need not ask."""
    records = [FIRST, *[{"turned_card": "5B", "payments": [pay(n, 1, 1, 1)], "went": []} for n in (1, 2, 3)]]
    tbl = table()
    state, _outs = play(tbl, *records)
    assert balances(tbl, state, include_open_lulos=True) == balances(tbl, state)
    assert [str(note) for note in GAME.settle_notes(tbl, state, include_open_lulos=True)] == [
        "The pots: 18 chips, back to who put them: Juan 3, Ana 3, Luis 3, Pepe 3 and Marta 6."]  # as the deal said


def test_a_void_deal_moves_nothing() -> None:
    """RULINGS: "Every deal may be recorded as void (misdeal ...): no score". No ante, no payment, no lulo;
    the pots and the lulo list stay as they were; the deal passes on."""
    tbl = table()
    state, _ = play(tbl, FIRST, {"turned_card": "5B", "payments": [pay(1, 3)], "went": []})
    after, (out,) = play(tbl, {"void": True, "turned_card": "5B", "went": ["Ana"]}, state=state)
    assert out.void and out.moves == () and set(out.scores) == {0}
    assert after.ledger == state.ledger and after.totals == state.totals and after.played == state.played
    assert (after.deals, after.dealer) == (state.deals + 1, state.dealer + 1)
    assert extra(out)["pots"] == in_pots(state) and extra(out)["lulos"] == []
    assert lines(out) == ["Void deal (misdeal): no chip moves; the pots and the lulo list stay as they were."]
    with pytest.raises(InvalidRecord) as err:
        GAME.apply(tbl, state, {"void": True, "payments": [pay(2, 3)]})
    assert "payments" in err.value.errors


def test_every_chip_moved_is_a_money_move_and_matches_the_scores() -> None:
    """RULINGS: "Per deal and over the night, money is conserved: what players paid in equals what they took
    out plus what still lies on the table or on a debt list"."""
    tbl = table()
    state, outs = play(tbl, FIRST, {"turned_card": "5B", "payments": [pay(1, 2, 0, 1)],
                                    "went": ["Juan", "Ana"], "tricks": ["Ana", "Juan", "Ana"]})
    for out in outs:
        net = {p: 0 for p in P5}
        pots = {"cabeza": 0, "barriga": 0, "cola": 0}
        for payer, payee, amount in moves(tbl, out):
            assert amount > 0
            for who, sign in ((payer, -1), (payee, 1)):
                if who.startswith("pot:"):
                    pots[who[4:]] += sign * amount
                else:
                    net[who] += sign * amount
        assert net == named(tbl, out.scores)
        assert sum(net.values()) + sum(pots.values()) == 0
    assert sum(state.totals) + state.ledger.pots_total() == 0
    assert state.ledger.conserved and state.totals == state.ledger.players


def test_balances_sum_to_zero_counting_open_lulos_or_not() -> None:
    """Settling mid-night. Default: open lulos are let off and the chips in the pots go back to whoever put
    them there. With ``include_open_lulos``: every open lulo is paid now and all the chips on the table are
    shared equally (odd chips one each from the player after the dealer)."""
    tbl = table()
    state, _ = play(tbl, FIRST, {"turned_card": "5B", "payments": [pay(1, 3)], "went": []})
    # Totals: Ana −3, Luis 1 − 3 = −2, Pepe 2, Marta −3, Juan 0; pots 6 (Luis 3, Marta 3);
    # open: Juan 3, Ana 3.
    assert named(tbl, state.totals) == {"Ana": -3, "Luis": -2, "Pepe": 2, "Marta": -3, "Juan": 0}
    assert balances(tbl, state) == {"Ana": -3, "Luis": 1, "Pepe": 2, "Marta": 0, "Juan": 0}
    # Counting debts: Juan −3, Ana −3; on the table 6 + 6 = 12 = 2 each, 2 odd chips to Marta and Juan
    # (Pepe deals next: the order from his left is Marta, Juan, Ana, Luis, Pepe).
    assert balances(tbl, state, include_open_lulos=True) == {"Ana": -4, "Luis": 0, "Pepe": 4, "Marta": 0,
                                                              "Juan": 0}
    assert sum(balances(tbl, state).values()) == 0
    assert [o.key for o in GAME.settle_options] == ["include_open_lulos"]
    assert str(GAME.settle_options[0].label) == "Count the lulos still owed (open lulos)"


def test_settling_mid_night_says_how_the_pots_and_open_lulos_were_counted() -> None:
    """The balances of a night stopped before it ends can be checked by hand: the settle-up page says which
    open lulos were let off or paid, whose chips came back from the pots, and who got the odd chips."""
    tbl = table()
    state, _ = play(tbl, FIRST, {"turned_card": "5B", "payments": [pay(1, 3)], "went": []})
    # As above: pots 6 (Luis 3 paid in, Marta 3 as dealer); open Juan 3, Ana 3; Pepe deals next.
    assert [str(note) for note in GAME.settle_notes(tbl, state)] == [
        "Open lulos let off: Juan 3 and Ana 3.",
        "The pots: 6 chips, back to who put them: Marta 3 and Luis 3."]
    assert [str(note) for note in GAME.settle_notes(tbl, state, include_open_lulos=True)] == [
        "Open lulos paid now: Juan 3 and Ana 3.",
        "On the table: 12 chips, 2 to each player and the 2 left over one each to Marta and Juan, from the "
        "player after Pepe, who deals next."]


def test_counting_the_open_lulos_pays_each_debtors_lulos_in_one_payment_into_the_cabeza() -> None:
    """Seed: "The player paying the lulo must place the full debt divided in the three pots any way he/she
    likes." Settling up now, counting them, each debtor pays all his open lulos at once; the three pots are
    shared out together, so the split decides nothing, and it all goes into the cabeza ("for example, all the
    chips on the cabeza"). The balances, the notes and the table page read these moves (``settling_moves``)."""
    tbl = table()
    state, _ = play(tbl, FIRST, {"turned_card": "3C", "payments": [pay(1, cabeza=3)], "went": ["Pepe", "Juan"],
                                 "tricks": ["Pepe", "Pepe", "Pepe"]})
    # Deal 2, Luis deals: Marta pays #1 into the cabeza (pots 4/1/1); Pepe takes all 6, Juan went without a
    # trick: lulo #4, 6 chips. Nets: Ana −3, Luis +1 − 3 = −2, Pepe +2 + 6 = +8, Marta −3, Juan 0; pots empty.
    # Open: #2 Juan 3, #3 Ana 3, #4 Juan 6.
    assert named(tbl, state.totals) == {"Ana": -3, "Luis": -2, "Pepe": 8, "Marta": -3, "Juan": 0}
    paid_in = GAME.settling_moves(tbl, state, include_open_lulos=True)
    assert [(tbl.players[m.payer], m.payee, m.amount, str(m.reason)) for m in paid_in] == [
        ("Juan", "cabeza", 9, "2 open lulos (3 + 6), paid into the cabeza"),
        ("Ana", "cabeza", 3, "open lulo, paid into the cabeza")]
    # 12 on the table, 2 each and the 2 odd chips to Marta and Juan (Pepe deals next): Ana −3 − 3 + 2 = −4,
    # Luis −2 + 2 = 0, Pepe +8 + 2 = +10, Marta −3 + 3 = 0, Juan 0 − 9 + 3 = −6.
    assert balances(tbl, state, include_open_lulos=True) == {"Ana": -4, "Luis": 0, "Pepe": 10, "Marta": 0,
                                                              "Juan": -6}
    assert [str(note) for note in GAME.settle_notes(tbl, state, include_open_lulos=True)] == [
        "Open lulos paid now: Juan 9 and Ana 3.",
        "On the table: 12 chips, 2 to each player and the 2 left over one each to Marta and Juan, from the "
        "player after Pepe, who deals next."]
    assert GAME.settling_moves(tbl, state) == ()  # let off: nobody pays anything in


def test_settling_with_empty_pots_and_nobody_owing_has_nothing_to_explain() -> None:
    tbl = table()
    state = GAME.initial_state(tbl)
    assert GAME.settle_notes(tbl, state) == GAME.settle_notes(tbl, state, include_open_lulos=True) == ()


def test_display_state_shows_the_list_counts_pots_dealer_and_nets() -> None:
    """The table page: the lulo list, each player's count towards the free tenth, the pots, who deals next and
    everyone's net."""
    tbl = table()
    state, _ = play(tbl, FIRST, {"turned_card": "5B", "payments": [pay(1, 3)], "went": []})
    shown = json.loads(json.dumps(GAME.display_state(tbl, state)))
    assert shown["pots"] == {"cabeza": 4, "barriga": 1, "cola": 1} and shown["pots_total"] == 6
    assert shown["owed"] == {"Ana": 3, "Luis": 0, "Pepe": 0, "Marta": 0, "Juan": 3}
    assert shown["lulo_counts"]["Marta"] == {"count": 1, "next_free": 10}
    assert shown["next_dealer"] == "Pepe" and shown["nets"] == named(tbl, state.totals)
    assert shown["pots_at_start"]["total"] == 9 and not shown["first_deal"] and not shown["game_over"]


def test_state_and_outcome_are_json() -> None:
    """The app caches the state per deal and serves outcomes through the API: both must be JSON."""
    tbl = table()
    state, outs = play(tbl, FIRST, {"turned_card": "3C", "payments": [pay(2, 1, 1, 1)],
                                    "went": ["Ana", "Luis"], "tricks": ["Ana", "Ana", "Luis"],
                                    "misplays": [{"player": "Ana", "rule": "lead_ace"}]})
    assert ToruroState.from_json(json.loads(json.dumps(state.to_json()))) == state
    assert dataclasses.replace(state, ledger=state.ledger) == state
    for out in outs:
        data = json.loads(json.dumps(out.to_json()))
        assert data["details"]["lulos"] and "pots" in data["details"]


def test_a_night_over_with_chips_in_the_pots_shows_them_back_with_who_put_them_in() -> None:
    """RULINGS: the night ends "when, after at least one deal, nobody owes anything"; the chips then lying in the
    pots go back to who put them in (settling up, ``play_out_pots`` off), and the table shows the same nets.

    Deal 1, Ana deals (house rule 3 off): Luis and Pepe go, Luis takes all three tricks: Luis +3, Ana −3 (her
    ante), Pepe lulo #1 (3 chips). Deal 2, Luis deals (−3): Pepe pays lulo #1 into the cabeza (−3); nobody goes.
    Nobody owes: the night is over with 3 + 3 = 6 chips in the pots, Luis's ante and Pepe's lulo.
    Nets: Ana −3, Luis +3 − 3 = 0, Pepe −3, Marta 0, Juan 0; with the pots back: Luis +3, Pepe 0."""
    tbl = table(first_deal_all_go=False)
    state, _ = play(tbl, {"turned_card": "4O", "went": ["Luis", "Pepe"], "tricks": ["Luis", "Luis", "Luis"]},
                    {"turned_card": "5B", "went": [], "payments": [pay(1, cabeza=3)]})
    assert state.totals == (-3, 0, -3, 0, 0) and winners(tbl, GAME.winners(tbl, state)) == ["Luis"]
    shown = [str(GAME.show_total(tbl, state, seat)) for seat in range(5)]
    assert shown == ["−3", "+3 (0, 3 back from the pots)", "0 (−3, 3 back from the pots)", "0", "0"]
    assert [GAME.standing(tbl, state, seat) for seat in range(5)] == [-3, 3, 0, 0, 0]  # coloured and ranked so
    assert [P5[seat] for seat in GAME.ranking(tbl, state)] == ["Luis", "Pepe", "Marta", "Juan", "Ana"]
