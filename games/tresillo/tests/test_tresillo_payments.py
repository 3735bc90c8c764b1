"""Tresillo's payments, one test per cell of the seed's table (three situations × sacado, repuesto, codillo),
with the top-up, the amount in play, the Reserved Puesta sheet and the bonuses, as RULINGS.md reads them.

Three players in the order of play: Ana, Bea, Carl; Ana deals (at three she plays too), Bea is the eldest.
Every deal: players' nets + plato + middle = 0.
"""

from __future__ import annotations

from games.tresillo.tresillo import TRESILLO

from .helpers import PLAYERS, carried_over, refused, sheet, tresillo

TABLE = TRESILLO.table(list(PLAYERS))


def played(records, players=PLAYERS):
    """The state a night leaves: these deals recorded from the first (Ana deals it)."""
    table = TRESILLO.table(list(players))
    return list(TRESILLO.replay(table, records))[-1][0]
SACADO = {"Bea": 5, "Ana": 2, "Carl": 2}
REPUESTO = {"Bea": 4, "Carl": 4, "Ana": 1}
CODILLO = {"Bea": 3, "Carl": 4, "Ana": 2}


def pots(state) -> tuple[int, int]:
    return state.ledger.pots["plato"], state.ledger.pots["middle"]


def conserved(state) -> bool:
    return sum(state.ledger.players) + state.ledger.pots_total() == 0 and state.totals == state.ledger.players


# -- the middle pool and the dealer's top-up ------------------------------------------------------------------

def test_before_the_first_deal_each_player_puts_a_five_in_the_middle_and_the_dealer_tops_up_the_empty_plato():
    state, outcome, nets = tresillo(hombre="Bea", bid="juego", tricks=SACADO)
    # 3 × 5 = 15 in the middle; 5 of it into the plato with Ana's 1: plato 6, middle 10 (before Bea wins it).
    assert [str(line) for line in outcome.breakdown][1:3] == [
        "Before the first deal each player puts a 5 into the middle pool.",
        "The plato is empty: Ana moves a 5 from the middle and adds 1."]
    assert outcome.details.amount_in_play == 6 + 4
    assert pots(state) == (0, 10)


# The nights these tests start from, played from the first deal (Ana deals it, then Bea, then Carl).
FIRST_REPUESTO = [{"hombre": "Bea", "bid": "juego", "tricks": REPUESTO}]  # plato 6 + 10 = 16; Bea deals next
TWO_SACADOS = [{"hombre": "Bea", "bid": "juego", "tricks": SACADO},  # middle 15 − 5 = 10
               {"hombre": "Carl", "bid": "juego", "tricks": {"Carl": 5, "Ana": 2, "Bea": 2}}]  # 10 − 5 = 5
CARL_OWES_21 = FIRST_REPUESTO + [{"hombre": "Carl", "bid": "juego", "tricks": {"Carl": 4, "Ana": 4, "Bea": 1}}]
ANA_OWES_39 = CARL_OWES_21 + [{"hombre": "Ana", "bid": "juego", "tricks": {"Ana": 4, "Bea": 4, "Carl": 1}}]


def test_a_deal_all_three_passed_is_void_nothing_moves_and_the_next_player_deals():
    """RULINGS.md, General: "Every deal may be recorded as void (misdeal, petit sec, all passed): no score, dealer
    advances as the rules say"; the Tresillo texts say nothing more of it, so nothing moves, as for a misdeal (not
    even the dealer's tanto). After Bea's repuesto in deal 1 (plato 6 + 10 = 16, middle 15 − 5 = 10; nets Ana
    −5 − 1 = −6, Bea −5 − 10 = −15, Carl −5) Bea deals deal 2 and Carl, Ana and Bea pass: the plato keeps 16,
    the middle 10, the nets stay. Carl deals deal 3 and finds 16 in the plato: a puesta in the plato, his 1 added,
    16 + 1 + 4 = 21 in play."""
    passes = [{"player": who, "bid": "pass"} for who in ("Carl", "Ana", "Bea")]
    state, outcome, nets = tresillo(played(FIRST_REPUESTO), bids=passes)
    assert outcome.void and outcome.moves == () and nets == {"Ana": 0, "Bea": 0, "Carl": 0}
    assert [str(line) for line in outcome.breakdown] == [  # said under who dealt it, as a deal played is
        "Deal 2, dealt by Bea.", "All three passed: the deal is not played; nothing is paid and the deal passes on."]
    assert pots(state) == (16, 10) and state.totals == (-6, -15, -5) and sheet(state) == []
    assert PLAYERS[state.dealer] == "Carl" and conserved(state)
    state, outcome, nets = tresillo(state, hombre="Ana", bid="juego", tricks={"Ana": 5, "Bea": 2, "Carl": 2})
    assert str(outcome.breakdown[0]) == "Deal 3, dealt by Carl: puesta in the plato."
    assert outcome.details.amount_in_play == 16 + 1 + 4


def test_a_deal_all_three_passed_is_kept_as_its_bidding_not_as_a_misdeal():
    """What is stored says the passes, so the history reads the bidding, never "Void deal (misdeal)"; read back,
    it is the same void deal."""
    passes = [{"player": who, "bid": "pass"} for who in ("Bea", "Carl", "Ana")]
    record = TRESILLO.parse(TABLE, {"bids": passes, "bid": "juego"})
    stored = record.to_json()
    assert "void" not in stored and stored["bid"] == "" and [b["bid"] for b in stored["bids"]] == ["pass"] * 3
    assert TRESILLO.record_from_json(stored) == record and record.void
    misdeal = TRESILLO.parse(TABLE, {"void": True})
    assert misdeal.to_json()["void"] is True and not misdeal.all_passed


def test_a_dealer_who_finds_tantos_in_the_plato_adds_just_one():
    state, outcome, nets = tresillo(played(FIRST_REPUESTO), hombre="Bea", bid="juego", tricks=REPUESTO)
    assert "Bea adds 1 to the plato." in [str(line) for line in outcome.breakdown]
    assert outcome.details.amount_in_play == 16 + 1 + 4
    assert pots(state) == (17, 10)


def test_an_empty_plato_takes_a_five_from_the_middle_without_refilling_it_while_it_has_one():
    before = played(TWO_SACADOS)
    assert pots(before) == (0, 5)
    state, outcome, nets = tresillo(before, hombre="Bea", bid="juego", tricks=SACADO)  # Carl deals
    assert nets == {"Ana": -1, "Bea": 6 + 2, "Carl": -1 - 1}  # nobody puts a new 5 in
    assert pots(state) == (0, 0)


def test_when_the_middle_is_empty_and_a_five_is_needed_each_player_puts_in_another_five_first():
    before = played(TWO_SACADOS + [{"hombre": "Bea", "bid": "juego", "tricks": SACADO}])
    assert pots(before) == (0, 0)
    state, outcome, nets = tresillo(before, hombre="Bea", bid="juego", tricks=SACADO)  # Ana deals
    assert "The middle pool is empty: each player puts another 5 into it." in [
        str(line) for line in outcome.breakdown]
    assert nets == {"Ana": -5 - 1 - 1, "Bea": -5 + 6 + 2, "Carl": -5 - 1}
    assert pots(state) == (0, 10) and conserved(state)


# -- first puesta -----------------------------------------------------------------------------------------------

def test_first_puesta_sacado_the_hombre_takes_the_plato_and_one_from_each_opponent():
    state, outcome, nets = tresillo(hombre="Bea", bid="juego", tricks=SACADO)
    # Everyone −5 into the middle; Ana −1 top-up; Bea takes the plato 6 and 1 from Ana and Carl.
    assert nets == {"Ana": -5 - 1 - 1, "Bea": -5 + 6 + 1 + 1, "Carl": -5 - 1}
    assert outcome.details.situation == "first" and outcome.details.result == "sacado"
    assert pots(state) == (0, 10) and conserved(state) and sheet(state) == []


def test_first_puesta_repuesto_the_hombre_pays_the_amount_in_play_into_the_plato():
    state, outcome, nets = tresillo(hombre="Bea", bid="juego", tricks=REPUESTO)
    # Amount in play = plato 6 + 4 = 10, paid by Bea into the plato: 6 + 10 = 16.
    assert nets == {"Ana": -5 - 1, "Bea": -5 - 10, "Carl": -5}
    assert pots(state) == (16, 10) and conserved(state) and sheet(state) == []


def test_first_puesta_codillo_the_hombre_pays_the_winning_opponent_and_as_much_into_the_plato():
    state, outcome, nets = tresillo(hombre="Bea", bid="juego", tricks=CODILLO)
    # Amount in play 10: Carl (4 tricks) gets 10, the plato gets 10.
    assert nets == {"Ana": -5 - 1, "Bea": -5 - 10 - 10, "Carl": -5 + 10}
    assert outcome.details.winner == "Carl"
    assert pots(state) == (16, 10) and conserved(state)


# -- puesta in the plato ---------------------------------------------------------------------------------------

IN_PLATO = played(FIRST_REPUESTO)  # nets −6, −15, −5; plato 16, middle 10; Bea deals (and plays, at three)


def test_puesta_in_the_plato_sacado_the_hombre_takes_the_plato_and_one_from_each_opponent():
    state, outcome, nets = tresillo(IN_PLATO, hombre="Bea", bid="juego", tricks=SACADO)
    # Plato 16 + Bea's 1 = 17 to Bea, and 1 each from Ana and Carl.
    assert outcome.details.situation == "plato"
    assert nets == {"Ana": -1, "Bea": -1 + 17 + 2, "Carl": -1}
    assert pots(state) == (0, 10) and conserved(state)


def test_puesta_in_the_plato_repuesto_the_amount_in_play_is_written_on_the_sheet_and_no_money_moves():
    state, outcome, nets = tresillo(IN_PLATO, hombre="Bea", bid="juego", tricks=REPUESTO)
    # Amount in play = 17 + 4 = 21, written under Bea; only Bea's top-up moved.
    assert nets == {"Ana": 0, "Bea": -1, "Carl": 0}
    assert sheet(state) == [("Bea", 21, 2, None)]
    assert pots(state) == (17, 10) and conserved(state)


def test_puesta_in_the_plato_codillo_the_hombre_pays_the_winner_and_writes_the_amount_on_the_sheet():
    state, outcome, nets = tresillo(IN_PLATO, hombre="Bea", bid="juego", tricks=CODILLO)
    assert nets == {"Ana": 0, "Bea": -1 - 21, "Carl": 21}
    assert sheet(state) == [("Bea", 21, 2, None)]
    assert pots(state) == (17, 10) and conserved(state)


# -- reserved puesta -------------------------------------------------------------------------------------------

# Carl's repuesto in the plato writes 21 (17 + 4); Ana's in the reserved puesta 39 (21 + plato 18).
RESERVED = played(ANA_OWES_39)  # plato 18, middle 10; Ana deals deal 4


def test_reserved_puesta_sacado_the_highest_debtor_pays_the_hombre_and_the_debt_is_crossed_out():
    state, outcome, nets = tresillo(RESERVED, hombre="Bea", bid="juego", tricks=SACADO)
    # Plato 18 + Ana's 1 = 19 to Bea; Ana owes the highest debt, 39, and pays it to Bea. No extra 1 each.
    assert outcome.details.situation == "reserved" and outcome.details.amount_in_play == 39 + 19
    assert nets == {"Ana": -1 - 39, "Bea": 19 + 39, "Carl": 0}
    assert sheet(state) == [("Carl", 21, 2, None), ("Ana", 39, 3, 4)]
    assert pots(state) == (0, 10) and conserved(state)


def test_reserved_puesta_sacado_on_the_hombres_own_highest_debt_crosses_it_out_and_nothing_is_paid():
    state, outcome, nets = tresillo(RESERVED, hombre="Ana", bid="juego", tricks={"Ana": 5, "Bea": 2, "Carl": 2})
    # Ana tops up 1 and takes the plato 19; her own 39 is crossed out.
    assert nets == {"Ana": -1 + 19, "Bea": 0, "Carl": 0}
    assert sheet(state) == [("Carl", 21, 2, None), ("Ana", 39, 3, 4)]


def test_reserved_puesta_repuesto_writes_the_amount_in_play_and_the_debt_used_stays_on_the_sheet():
    state, outcome, nets = tresillo(RESERVED, hombre="Bea", bid="juego", tricks=REPUESTO)
    # Amount in play = highest debt 39 + plato 19 = 58, under Bea; the plato keeps its 19.
    assert nets == {"Ana": -1, "Bea": 0, "Carl": 0}
    assert sheet(state) == [("Carl", 21, 2, None), ("Ana", 39, 3, None), ("Bea", 58, 4, None)]
    assert pots(state) == (19, 10)


def test_reserved_puesta_codillo_the_hombre_pays_the_winner_and_writes_the_amount_on_the_sheet():
    state, outcome, nets = tresillo(RESERVED, hombre="Bea", bid="juego", tricks=CODILLO)
    assert nets == {"Ana": -1, "Bea": -58, "Carl": 58}
    assert sheet(state)[-1] == ("Bea", 58, 4, None)
    assert pots(state) == (19, 10) and conserved(state)


def test_the_situation_is_judged_before_the_top_up_an_open_debt_with_an_empty_plato_is_a_reserved_puesta():
    # Bea's sacado collects Ana's 39 and empties the plato; Carl's 21 stays open.
    before = played(ANA_OWES_39 + [{"hombre": "Bea", "bid": "juego", "tricks": SACADO}])
    assert pots(before) == (0, 10) and sheet(before)[0] == ("Carl", 21, 2, None)
    state, outcome, nets = tresillo(before, hombre="Ana", bid="juego", tricks={"Ana": 5, "Bea": 2, "Carl": 2})
    # Bea deals. Top-up: 5 from the middle + Bea's 1 = 6; amount in play = 21 + 6 = 27; Carl pays 21 to Ana.
    assert outcome.details.situation == "reserved" and outcome.details.amount_in_play == 21 + 6
    assert nets == {"Ana": 6 + 21, "Bea": -1, "Carl": -21}


# Open debts written at Tapete's table always grow (each is the highest so far + the plato), so two equal
# ones come only from a sheet carried over from paper (RULINGS.md, General): Carl's 21, then Bea's 21.
EQUAL = carried_over(TABLE, nets=(-6, -15, -5), plato=16, middle=10, debts=[("Carl", 21), ("Bea", 21)])


def test_of_two_equal_highest_debts_a_sacado_collects_the_one_written_first():
    state, outcome, nets = tresillo(EQUAL, hombre="Bea", bid="juego", tricks=SACADO)
    assert nets == {"Ana": -1, "Bea": 17 + 21, "Carl": -21}


def test_house_rule_of_two_equal_highest_debts_a_sacado_crosses_out_the_hombres_own():
    before = EQUAL
    state, outcome, nets = tresillo(before, options={"equal_debts": "own"}, hombre="Bea", bid="juego",
                                    tricks=SACADO)
    assert nets == {"Ana": -1, "Bea": 17, "Carl": 0}
    assert sheet(state) == [("Carl", 21, 0, None), ("Bea", 21, 0, 1)]  # carried over: "deal 0"


def test_tricks_one_four_four_are_a_repuesto():
    state, outcome, nets = tresillo(hombre="Bea", bid="juego", tricks={"Bea": 1, "Ana": 4, "Carl": 4})
    assert outcome.details.result == "repuesto" and outcome.details.winner is None
    assert nets["Bea"] == -5 - 10


# -- bonuses ----------------------------------------------------------------------------------------------------

def test_vuelta_one_tanto_from_each_opponent_to_a_hombre_who_wins_a_sacado():
    state, outcome, nets = tresillo(hombre="Bea", bid="vuelta", tricks=SACADO)
    assert nets == {"Ana": -7 - 1, "Bea": 3 + 2, "Carl": -6 - 1}


def test_solo_two_tantos_paid_by_a_hombre_who_loses_to_each_opponent():
    state, outcome, nets = tresillo(hombre="Bea", bid="solo", tricks=CODILLO)
    # Codillo as above (Bea −25, Carl +5, Ana −6), then 2 to each opponent.
    assert nets == {"Ana": -6 + 2, "Bea": -25 - 4, "Carl": 5 + 2}


def test_estuche_and_primeras_one_tanto_each_and_bonuses_add_up():
    state, outcome, nets = tresillo(hombre="Bea", bid="solo", estuche=True, primeras=True,
                                    tricks={"Bea": 5, "Ana": 2, "Carl": 2})
    # solo 2 + estuche 1 + primeras 1 = 4 from each opponent.
    assert outcome.details.bonus == 4
    assert nets == {"Ana": -7 - 4, "Bea": 3 + 8, "Carl": -6 - 4}


def test_bola_eight_tantos_from_each_opponent():
    state, outcome, nets = tresillo(hombre="Bea", bid="juego", tricks={"Bea": 9, "Ana": 0, "Carl": 0}, bola=True)
    assert nets == {"Ana": -7 - 8, "Bea": 3 + 16, "Carl": -6 - 8}


def test_bola_is_all_nine_tricks_so_nine_tricks_make_the_bola_even_unticked():
    state, outcome, nets = tresillo(hombre="Bea", bid="juego", tricks={"Bea": 9, "Ana": 0, "Carl": 0})
    # As with the box ticked: the first-puesta sacado (plato 6, 1 each) and 8 from each opponent.
    assert nets == {"Ana": -7 - 8, "Bea": 3 + 16, "Carl": -6 - 8}
    assert outcome.details.bonus == 8
    assert "Bola: Bea took all nine tricks." in [str(line) for line in outcome.breakdown]


def test_estuche_is_paid_by_a_hombre_who_only_gets_a_repuesto():
    state, outcome, nets = tresillo(hombre="Bea", bid="juego", estuche=True, tricks=REPUESTO)
    assert nets == {"Ana": -6 + 1, "Bea": -15 - 2, "Carl": -5 + 1}


# -- at four, the dealer sits out -----------------------------------------------------------------------------

def test_at_four_the_dealer_sits_out_but_tops_up_and_everyone_funds_the_middle():
    state, outcome, nets = tresillo(players=("Ana", "Bea", "Carl", "Dani"), hombre="Bea", bid="juego",
                                    tricks={"Bea": 5, "Carl": 2, "Dani": 2})
    # Four 5s into the middle (20); 5 to the plato with Ana's 1; Bea takes 6 and 1 from Carl and Dani.
    assert nets == {"Ana": -5 - 1, "Bea": -5 + 6 + 2, "Carl": -6, "Dani": -6}
    assert pots(state) == (0, 15)
    table = TRESILLO.table(["Ana", "Bea", "Carl", "Dani"])
    assert TRESILLO.active_players(table, state) == (0, 2, 3)  # Bea deals next and sits out


def test_at_four_the_player_sitting_out_pays_and_collects_nothing_but_the_dealers_tanto():
    state, outcome, nets = tresillo(players=("Ana", "Bea", "Carl", "Dani"), hombre="Bea", bid="vuelta",
                                    tricks={"Bea": 5, "Carl": 2, "Dani": 2})
    # Ana deals and sits out: her 5 to the middle and her 1 to the plato, no tanto and no vuelta to Bea.
    assert nets == {"Ana": -5 - 1, "Bea": -5 + 6 + 2 + 2, "Carl": -5 - 1 - 1, "Dani": -5 - 1 - 1}


def test_house_rule_at_four_the_player_sitting_out_pays_and_collects_like_an_opponent():
    four = ("Ana", "Bea", "Carl", "Dani")
    state, outcome, nets = tresillo(players=four, options={"sitting_out": "shares"}, hombre="Bea",
                                    bid="vuelta", tricks={"Bea": 5, "Carl": 2, "Dani": 2})
    # Ana sits out but pays Bea's sacado tanto and vuelta like Carl and Dani: 3 × (1 + 1) = 6 to Bea.
    assert nets == {"Ana": -5 - 1 - 2, "Bea": -5 + 6 + 6, "Carl": -5 - 2, "Dani": -5 - 2}
    assert "Ana sits out and, by the house rule, pays and collects like an opponent." in [
        str(line) for line in outcome.breakdown]
    state, outcome, nets = tresillo(players=four, options={"sitting_out": "shares"}, hombre="Bea",
                                    bid="vuelta", tricks={"Bea": 3, "Carl": 4, "Dani": 2})
    # Codillo to Carl (10, and 10 into the plato): only Carl wins it; Bea's vuelta goes to all three.
    assert nets == {"Ana": -5 - 1 + 1, "Bea": -5 - 20 - 3, "Carl": -5 + 10 + 1, "Dani": -5 + 1}


def test_the_settlement_shares_the_plato_and_middle_and_may_count_the_open_reserved_puestas():
    state = played(CARL_OWES_21)  # nets −6, −16, −5; plato 17, middle 10; Carl owes 21
    # Without: 27 on the table, 9 each.
    assert TRESILLO.balances(TABLE, state) == {0: -6 + 9, 1: -16 + 9, 2: -5 + 9}
    # With: Carl pays his 21 into the plato first: 48 on the table, 16 each.
    assert TRESILLO.balances(TABLE, state, include_open_puestas=True) == {0: -6 + 16, 1: -16 + 16,
                                                                         2: -5 - 21 + 16}


def test_the_settlement_says_how_the_plato_and_middle_were_shared_and_who_took_the_odd_tantos():
    """The rules page's reading (odd tantos one each from the player after the dealer), said on the settling."""
    notes = [str(note) for note in TRESILLO.settle_notes(TABLE, played(CARL_OWES_21))]
    assert notes == ["The plato and the middle pool: 27, 9 to each player."]  # 17 + 10 = 27 = 3 × 9
    notes = [str(n) for n in TRESILLO.settle_notes(TABLE, played(CARL_OWES_21), include_open_puestas=True)]
    assert notes == ["The plato and the middle pool, with the open puestas paid in: 48, 16 to each player."]
    # IN_PLATO: 16 + 10 = 26 = 3 × 8 + 2; Bea deals next, so Carl and then Ana take one more each.
    assert TRESILLO.balances(TABLE, IN_PLATO) == {0: -6 + 8 + 1, 1: -15 + 8, 2: -5 + 8 + 1}
    assert [str(note) for note in TRESILLO.settle_notes(TABLE, IN_PLATO)] == [
        "The plato and the middle pool: 26, 8 to each player and the 2 left over one each to Carl and Ana, "
        "from the player after Bea, who deals next."]
    # RESERVED: 18 + 10 = 28 = 3 × 9 + 1; Ana deals, so Bea takes the one left over.
    assert [str(note) for note in TRESILLO.settle_notes(TABLE, RESERVED)] == [
        "The plato and the middle pool: 28, 9 to each player and the one left over to Bea, the player after "
        "Ana, who deals next."]


# -- bidding ----------------------------------------------------------------------------------------------------

def test_bidding_the_highest_bid_makes_the_hombre_juego_below_vuelta_below_solo():
    from games.tresillo.bidding import hombre_of

    assert hombre_of([(1, "juego"), (2, "vuelta"), (0, None), (1, "solo"), (2, None)]) == (1, "solo")


def test_bidding_of_two_equal_bids_the_last_to_give_it_is_the_hombre():
    # Bea (eldest) juego, Carl juego, Ana passes, Bea passes: Carl gave juego last.
    bids = [{"player": "Bea", "bid": "juego"}, {"player": "Carl", "bid": "juego"},
            {"player": "Ana", "bid": "pass"}, {"player": "Bea", "bid": "pass"}]
    state, outcome, nets = tresillo(bids=bids, tricks={"Carl": 5, "Bea": 2, "Ana": 2})
    assert outcome.details.result == "sacado" and nets == {"Ana": -7, "Bea": -6, "Carl": 3}
    assert str(outcome.breakdown[1]) == ("Bidding: Bea juego, Carl juego, Ana pass, Bea pass. Carl is the "
                                         "Hombre at juego (the highest bid; of equal bids, the last to give it).")


def test_the_bidding_makes_the_bid_paid_as_a_bonus():
    # Bea juego, Carl vuelta, Ana solo, Bea and Carl pass: Ana's solo, 2 from each opponent on her sacado.
    bids = [{"player": "Bea", "bid": "juego"}, {"player": "Carl", "bid": "vuelta"}, {"player": "Ana", "bid": "solo"},
            {"player": "Bea", "bid": "pass"}, {"player": "Carl", "bid": "pass"}]
    state, outcome, nets = tresillo(bids=bids, tricks={"Ana": 5, "Bea": 2, "Carl": 2})
    assert nets == {"Ana": -5 - 1 + 6 + 2 + 4, "Bea": -5 - 1 - 2, "Carl": -5 - 1 - 2}


def test_the_bidding_checks_the_hombre_recorded():
    bids = [{"player": "Bea", "bid": "juego"}, {"player": "Carl", "bid": "juego"},
            {"player": "Ana", "bid": "pass"}, {"player": "Bea", "bid": "pass"}]
    assert refused(TRESILLO, None, bids=bids, hombre="Bea", bid="juego", tricks=SACADO) == {
        "hombre": "The bidding makes Carl the Hombre (the highest bid, juego; of equal bids the last to give it), "
                  "not Bea."}


def test_a_lower_bid_after_a_higher_one_is_refused_beside_the_bidding():
    bids = [{"player": "Bea", "bid": "vuelta"}, {"player": "Carl", "bid": "juego"}]
    assert refused(TRESILLO, None, bids=bids, tricks=SACADO) == {
        "bids": "Carl bid juego after vuelta: a bid must be at least the highest so far."}


def test_the_bidding_goes_round_from_the_eldest_and_a_player_who_passed_speaks_no_more():
    assert refused(TRESILLO, None, bids=[{"player": "Carl", "bid": "juego"}], tricks=SACADO) == {
        "bids": "Bea speaks here, not Carl: the bidding goes round from the eldest, and a player who passed "
                "speaks no more."}
    bids = [{"player": "Bea", "bid": "pass"}, {"player": "Carl", "bid": "juego"}, {"player": "Ana", "bid": "juego"},
            {"player": "Bea", "bid": "vuelta"}]
    assert refused(TRESILLO, None, bids=bids, tricks=SACADO) == {
        "bids": "Bea has passed, and a player who passed speaks no more: Carl speaks here."}
    bids = [{"player": "Bea", "bid": "pass"}, {"player": "Carl", "bid": "juego"}, {"player": "Ana", "bid": "pass"},
            {"player": "Bea", "bid": "vuelta"}]
    assert refused(TRESILLO, None, bids=bids, tricks=SACADO) == {
        "bids": "The bidding was over before Bea spoke: two players had passed."}


# -- bonuses in every situation, on a night played from the start -----------------------------------------------

def test_bonuses_in_a_reserved_puesta_a_vuelta_sacado_is_paid_its_bonus_but_no_tanto_from_each_opponent():
    table = TRESILLO.table(list(PLAYERS))
    deals = [{"hombre": "Bea", "bid": "juego", "tricks": {"Bea": 4, "Carl": 4, "Ana": 1}},   # Ana deals: plato 16
             {"hombre": "Carl", "bid": "juego", "tricks": {"Carl": 4, "Ana": 4, "Bea": 1}},  # Bea: Carl owes 21
             {"hombre": "Bea", "bid": "vuelta", "tricks": {"Bea": 5, "Ana": 2, "Carl": 2}}]  # Carl deals
    *_before, (state, outcome) = TRESILLO.replay(table, deals)
    # Plato 17 + Carl's 1 = 18 to Bea; Carl's debt, 21, to Bea; the vuelta, 1, from Ana and from Carl.
    assert outcome.details.situation == "reserved"
    assert outcome.scores == (-1, 18 + 21 + 2, -1 - 21 - 1)


def test_bonuses_on_a_loss_in_a_puesta_in_the_plato_the_hombre_pays_them_to_each_opponent():
    table = TRESILLO.table(list(PLAYERS))
    deals = [{"hombre": "Bea", "bid": "juego", "tricks": {"Bea": 4, "Carl": 4, "Ana": 1}},   # Ana deals: plato 16
             {"hombre": "Carl", "bid": "solo", "tricks": {"Carl": 3, "Ana": 4, "Bea": 2}}]   # Bea deals
    *_before, (state, outcome) = TRESILLO.replay(table, deals)
    # Plato 16 + Bea's 1 = 17, 17 + 4 = 21 in play: Carl pays Ana 21 (codillo) and writes 21 on the sheet;
    # the solo, 2, to Ana and to Bea.
    assert outcome.details.situation == "plato" and outcome.details.result == "codillo"
    assert outcome.scores == (21 + 2, -1 + 2, -21 - 2 - 2)
    assert sheet(state) == [("Carl", 21, 2, None)]
