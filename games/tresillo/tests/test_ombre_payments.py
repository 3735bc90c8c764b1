"""L'Ombre's payments (seed 003, the 1657 rules, as RULINGS.md reads them), one test per rule, with the
arithmetic written out. Counters: a lesser is 1, a greater 5.

Three players in the order of play: Ana, Bea, Carl; Ana deals, Bea is the eldest (speaks first), then Carl.
Every deal: players' nets + stakes = 0.
"""

from __future__ import annotations

from games.tresillo.ombre import OMBRE

from .helpers import PLAYERS, ombre

TABLE = OMBRE.table(list(PLAYERS))
# After Bea's repuesto in the first deal (Ana deals): 15 + 3 taken in = 18, doubled to 36; Bea deals next and
# Carl is the eldest.
CARRIED, _outcome = OMBRE.apply(TABLE, OMBRE.initial_state(TABLE),
                                {"hombre": "Bea", "taken_in": 3, "tricks": {"Bea": 3, "Carl": 3, "Ana": 3}})


def stakes(state) -> int:
    return state.ledger.pots["stakes"]


def test_empty_stakes_open_with_a_greater_counter_from_each_player():
    state, outcome, nets = ombre(hombre="Bea", taken_in=3, tricks={"Bea": 5, "Carl": 2, "Ana": 2})
    assert "The stakes are empty: each player dealt in puts in a greater counter (15)." == str(outcome.breakdown[1])
    assert outcome.details.stakes_in_play == 15 + 3


def test_each_card_taken_in_costs_the_hombre_a_lesser_counter():
    _state, outcome, _nets = ombre(hombre="Bea", taken_in=3, tricks={"Bea": 5, "Carl": 2, "Ana": 2})
    assert "Bea takes in 3 cards: 3 lesser counters to the stakes." in [str(line) for line in outcome.breakdown]
    state, outcome, _nets = ombre(hombre="Bea", taken_in=1, tricks={"Bea": 5, "Carl": 2, "Ana": 2})
    assert "Bea takes in one card: one lesser counter to the stakes." in [str(line) for line in outcome.breakdown]
    assert outcome.details.stakes_in_play == 15 + 1


def test_stakes_carried_over_open_with_a_lesser_counter_from_the_eldest():
    assert CARRIED.ledger.players == (-5, -5 - 3 - 18, -5) and stakes(CARRIED) == 36
    state, outcome, nets = ombre(CARRIED, hombre="Carl", taken_in=3, tricks={"Carl": 5, "Bea": 2, "Ana": 2})
    # 36 + the eldest Carl's 1 + 3 taken in = 40 to Carl, and 1 from each opponent.
    assert outcome.details.stakes_in_play == 36 + 1 + 3
    assert nets == {"Ana": -1, "Bea": -1, "Carl": -1 - 3 + 40 + 2}


def test_sacado_the_hombre_takes_the_stakes_and_a_lesser_counter_from_each_opponent():
    state, outcome, nets = ombre(hombre="Bea", taken_in=3, tricks={"Bea": 5, "Carl": 2, "Ana": 2})
    assert nets == {"Ana": -5 - 1, "Bea": -5 - 3 + 18 + 2, "Carl": -5 - 1}
    assert stakes(state) == 0


def test_codillo_the_player_with_most_tricks_takes_the_stakes_and_as_much_again_from_the_hombre():
    state, outcome, nets = ombre(hombre="Bea", taken_in=3, tricks={"Bea": 3, "Carl": 4, "Ana": 2})
    assert nets == {"Ana": -5, "Bea": -5 - 3 - 18, "Carl": -5 + 18 + 18}
    assert stakes(state) == 0 and outcome.details.winner == "Carl"


def test_repuesto_the_hombre_pays_the_stakes_total_in_doubling_them():
    state, outcome, nets = ombre(hombre="Bea", taken_in=3, tricks={"Bea": 3, "Carl": 3, "Ana": 3})
    assert nets == {"Ana": -5, "Bea": -5 - 3 - 18, "Carl": -5}
    assert stakes(state) == 2 * 18


def test_tricks_one_four_four_are_a_repuesto():
    state, outcome, nets = ombre(hombre="Bea", taken_in=3, tricks={"Bea": 1, "Carl": 4, "Ana": 4})
    assert outcome.details.result == "repuesto" and stakes(state) == 36


def test_each_player_who_passed_before_the_hombre_pays_a_lesser_counter():
    state, outcome, nets = ombre(hombre="Ana", passed=["Bea", "Carl"], taken_in=2,
                                 tricks={"Ana": 5, "Bea": 2, "Carl": 2})
    # 15 + 2 passes + 2 taken in = 19 to Ana, and 1 from each opponent.
    assert nets == {"Ana": -5 - 2 + 19 + 2, "Bea": -5 - 1 - 1, "Carl": -5 - 1 - 1}


def test_all_three_passed_all_three_pay_and_the_eldest_is_the_hombre():
    state, outcome, nets = ombre(hombre="Bea", passed=["Ana", "Bea", "Carl"], taken_in=1,
                                 tricks={"Bea": 5, "Ana": 2, "Carl": 2})
    # 15 + 3 passes + 1 taken in = 19 to Bea.
    assert nets == {"Ana": -5 - 1 - 1, "Bea": -5 - 1 - 1 + 19 + 2, "Carl": -5 - 1 - 1}


def test_each_card_the_hombre_takes_in_costs_a_lesser_counter():
    state, outcome, nets = ombre(hombre="Bea", taken_in=6, tricks={"Bea": 3, "Carl": 3, "Ana": 3})
    assert nets["Bea"] == -5 - 6 - (15 + 6)


def test_without_taking_in_each_opponent_pays_a_greater_counter_at_once_and_keeps_it_on_a_sacado():
    state, outcome, nets = ombre(hombre="Bea", taken_in=0, tricks={"Bea": 5, "Carl": 2, "Ana": 2})
    assert nets == {"Ana": -5 - 5 - 1, "Bea": -5 + 10 + 15 + 2, "Carl": -5 - 5 - 1}


def test_without_taking_in_and_no_sacado_the_hombre_returns_it_and_pays_another_to_each():
    state, outcome, nets = ombre(hombre="Bea", taken_in=0, tricks={"Bea": 3, "Carl": 3, "Ana": 3})
    # Repuesto: Bea pays 15 in; the greater counters come back, and 5 more each: −10 net beside the stakes.
    assert nets == {"Ana": -5 - 5 + 10, "Bea": -5 + 10 - 15 - 20, "Carl": -5 - 5 + 10}
    assert stakes(state) == 30


def test_matadors_three_greater_counters_from_each_opponent_for_the_three_on_a_sacado():
    state, outcome, nets = ombre(hombre="Bea", taken_in=3, matadors=3, tricks={"Bea": 5, "Carl": 2, "Ana": 2})
    assert nets == {"Ana": -6 - 15, "Bea": 12 + 30, "Carl": -6 - 15}


def test_matadors_the_three_alone_are_said_as_three_greater_counters_not_15_plus_0():
    """Seed 003: "when they are all in hand the Others pay for them three of the greater Counters apiece"; with
    no further trump in the run there is nothing to add, and the line read aloud says so."""
    state, outcome, nets = ombre(hombre="Bea", taken_in=3, matadors=3, tricks={"Bea": 5, "Carl": 2, "Ana": 2})
    lines = [str(line) for line in outcome.breakdown]
    assert "3 matadors: each opponent pays 3 greater counters = 15." in lines
    assert not any("15 + 0" in line for line in lines)


def test_matadors_a_lesser_counter_more_for_each_further_trump_in_the_run():
    state, outcome, nets = ombre(hombre="Bea", taken_in=3, matadors=5, tricks={"Bea": 5, "Carl": 2, "Ana": 2})
    assert nets == {"Ana": -6 - 17, "Bea": 12 + 34, "Carl": -6 - 17}  # 15 + 2 each
    assert "5 matadors: each opponent pays 15 + 2 = 17." in [str(line) for line in outcome.breakdown]


def test_matadors_are_paid_only_on_the_hombres_sacado():
    state, outcome, nets = ombre(hombre="Bea", taken_in=3, matadors=3, tricks={"Bea": 3, "Carl": 3, "Ana": 3})
    assert nets == {"Ana": -5, "Bea": -5 - 3 - 18, "Carl": -5}
    assert "3 matadors, not paid: matadors are paid only on the Hombre's sacado." in [str(line) for line in
                                                                                         outcome.breakdown]


def test_the_first_five_tricks_earn_a_lesser_counter_from_each_other_player_whoever_wins_them():
    state, outcome, nets = ombre(hombre="Bea", taken_in=3, first_five="Carl",
                                 tricks={"Bea": 2, "Carl": 5, "Ana": 2})
    # Codillo to Carl (18 and 18 again), and 1 from Ana and Bea for his first five.
    assert nets == {"Ana": -5 - 1, "Bea": -5 - 3 - 18 - 1, "Carl": -5 + 36 + 2}


def test_a_voll_made_earns_a_greater_counter_from_each_other_player_instead_of_the_lesser():
    state, outcome, nets = ombre(hombre="Bea", taken_in=3, first_five="Bea", voll=True,
                                 tricks={"Bea": 9, "Carl": 0, "Ana": 0})
    assert nets == {"Ana": -6 - 5, "Bea": 12 + 10, "Carl": -6 - 5}


def test_a_voll_failed_earns_nothing_not_even_the_lesser():
    state, outcome, nets = ombre(hombre="Bea", taken_in=3, first_five="Bea", voll=True,
                                 tricks={"Bea": 7, "Carl": 2, "Ana": 0})
    assert nets == {"Ana": -6, "Bea": 12, "Carl": -6}


def test_at_four_the_dealer_sits_out_and_the_three_dealt_in_open_the_stakes():
    state, outcome, nets = ombre(players=("Ana", "Bea", "Carl", "Dani"), hombre="Bea", taken_in=3,
                                 tricks={"Bea": 5, "Carl": 2, "Dani": 2})
    assert nets == {"Ana": 0, "Bea": 12, "Carl": -6, "Dani": -6}


def test_house_rule_at_four_the_player_sitting_out_pays_and_collects_like_an_opponent():
    table = OMBRE.table(["Ana", "Bea", "Carl", "Dani"], {"sitting_out": "shares"})
    state, outcome = OMBRE.apply(table, OMBRE.initial_state(table), {
        "hombre": "Bea", "taken_in": 0, "matadors": 3, "first_five": "Bea",
        "tricks": {"Bea": 5, "Carl": 2, "Dani": 2}})
    # Ana deals and sits out: no greater counter to the stakes (15 from the three dealt in), but like Carl
    # and Dani she pays Bea a greater for playing without taking in, a lesser for the sacado, 15 for the
    # matadors and a lesser for the first five: 5 + 1 + 15 + 1 = 22 each.
    assert outcome.scores == (-22, -5 + 15 + 3 * 22, -5 - 22, -5 - 22)


def test_settling_shares_the_stakes_equally():
    assert OMBRE.balances(TABLE, CARRIED) == {0: -5 + 12, 1: -26 + 12, 2: -5 + 12}
    assert [str(note) for note in OMBRE.settle_notes(TABLE, CARRIED)] == ["The stakes: 36, 12 to each player."]


# -- more cells, on nights played from the start ------------------------------------------------------------------

def test_codillo_with_carried_stakes_the_winner_takes_them_and_as_much_again_from_the_hombre():
    deals = [{"hombre": "Bea", "taken_in": 3, "tricks": {"Bea": 3, "Carl": 3, "Ana": 3}},   # Ana deals: 36 carried
             {"hombre": "Carl", "taken_in": 2, "tricks": {"Carl": 3, "Ana": 4, "Bea": 2}}]  # Bea deals
    *_before, (state, outcome) = OMBRE.replay(TABLE, deals)
    # 36 + the eldest Carl's lesser + 2 taken in = 39 to Ana, and 39 again from Carl.
    assert outcome.details.stakes_in_play == 36 + 1 + 2
    assert outcome.scores == (39 + 39, 0, -1 - 2 - 39)
    assert stakes(state) == 0


def test_codillo_after_playing_without_taking_in_costs_the_hombre_the_codillo_and_ten_more():
    state, outcome, nets = ombre(hombre="Bea", taken_in=0, tricks={"Bea": 3, "Carl": 4, "Ana": 2})
    # Carl takes the stakes, 15, and 15 from Bea; Bea returns each greater counter and pays another (10 each).
    assert nets == {"Ana": -5 - 5 + 10, "Bea": -5 + 10 - 15 - 20, "Carl": -5 - 5 + 15 + 15 + 10}


def test_matadors_and_the_first_five_tricks_are_both_paid():
    state, outcome, nets = ombre(hombre="Bea", taken_in=3, matadors=4, first_five="Bea",
                                 tricks={"Bea": 6, "Carl": 2, "Ana": 1})
    # Each opponent: a lesser for the first five, a lesser for the sacado, 15 + 1 for four matadors.
    assert nets == {"Ana": -5 - 1 - 1 - 16, "Bea": -5 - 3 + 18 + 2 + 2 + 32, "Carl": -5 - 1 - 1 - 16}


# -- the seed's own figures -------------------------------------------------------------------------------------

def paid(outcome, reasons: tuple[str, ...]) -> dict[int, int]:
    """Each seat's net from the moves given for these reasons."""
    net: dict[int, int] = {}
    for move in outcome.moves:
        if str(move.reason) in reasons:
            net[move.payer] = net.get(move.payer, 0) - move.amount
            net[move.payee] = net.get(move.payee, 0) + move.amount
    return net


WITHOUT = ("Playing without taking in", "Playing without taking in, failed")


def test_seed_without_taking_in_the_hombre_stands_to_gain_or_lose_ten_and_each_other_player_five():
    """Seed: "the Hombre stands to gain or lose 10 bets on this gamble, where each of the other players may
    gain or lose 5 each"."""
    state, won, nets = ombre(hombre="Bea", taken_in=0, tricks={"Bea": 5, "Carl": 2, "Ana": 2})
    assert paid(won, WITHOUT) == {0: -5, 1: +10, 2: -5}
    state, lost, nets = ombre(hombre="Bea", taken_in=0, tricks={"Bea": 3, "Carl": 3, "Ana": 3})
    assert paid(lost, WITHOUT) == {0: +5, 1: -10, 2: +5}  # +10 at once, then 5 back and 5 more to each


def test_seed_the_others_pay_three_of_the_greater_counters_apiece_for_the_matadors():
    """Seed: "when they are all in hand the Others pay for them three of the greater Counters apiece; ... for
    all which the others are to pay you one Kounter apiece"."""
    state, outcome, nets = ombre(hombre="Bea", taken_in=3, matadors=3, tricks={"Bea": 5, "Carl": 2, "Ana": 2})
    assert paid(outcome, ("Matadors",)) == {0: -3 * 5, 1: 2 * 3 * 5, 2: -3 * 5}
    state, outcome, nets = ombre(hombre="Bea", taken_in=3, matadors=6, tricks={"Bea": 6, "Carl": 2, "Ana": 1})
    assert paid(outcome, ("Matadors",)) == {0: -(15 + 3), 1: 2 * (15 + 3), 2: -(15 + 3)}


def test_a_void_deal_says_who_dealt_it_as_a_deal_played_does():
    """Found by a tester: a misdeal's lines did not say who dealt it, where a deal played's first line does. After
    deal 1 (Ana dealt) the deal passes to Bea: deal 2, misdealt or played, is "dealt by Bea"."""
    _state, void, _nets = ombre(CARRIED, void=True)
    _state, played, _nets = ombre(CARRIED, hombre="Carl", taken_in=3, tricks={"Carl": 5, "Bea": 2, "Ana": 2})
    assert [str(line) for line in void.breakdown] == [
        "Deal 2, dealt by Bea.", "Void deal (misdeal): nothing is paid; the stakes stay."]
    assert str(played.breakdown[0]) == str(void.breakdown[0])
