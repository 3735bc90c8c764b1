"""Impossible records are refused, each beside its field and citing its rule (the issue's list)."""

from __future__ import annotations

from games.tresillo.ombre import OMBRE
from games.tresillo.tresillo import TRESILLO

from .helpers import FOUR, refused

SACADO = {"Bea": 5, "Ana": 2, "Carl": 2}


def test_tricks_that_do_not_add_up_to_nine_are_refused():
    assert refused(TRESILLO, None, hombre="Bea", bid="juego", tricks={"Bea": 5, "Ana": 3, "Carl": 2}) == {
        "tricks": "These tricks add up to 10: 1 more than 9."}  # 5 + 3 + 2
    assert refused(TRESILLO, None, hombre="Bea", bid="juego", tricks={"Bea": 5, "Ana": 1, "Carl": 2}) == {
        "tricks": "These tricks add up to 8: nine tricks are played."}  # 5 + 1 + 2


def test_two_counts_over_nine_are_refused_as_too_many_even_with_the_third_left_blank():
    # Bea 6 + Carl 5 = 11: no count for Ana can make nine.
    assert refused(TRESILLO, None, hombre="Bea", bid="juego", tricks={"Bea": 6, "Carl": 5}) == {
        "tricks": "These tricks add up to 11: 2 more than 9."}


def test_the_third_players_tricks_are_worked_out_from_the_other_two():
    table = TRESILLO.table(["Ana", "Bea", "Carl"])
    record = TRESILLO.complete(table, TRESILLO.initial_state(table),
                               TRESILLO.parse(table, {"hombre": "Bea", "bid": "juego",
                                                      "tricks": {"Bea": 6, "Carl": 1}}))
    assert record.counts(3) == (9 - 6 - 1, 6, 1)


def test_two_blank_counts_are_refused():
    assert "tricks" in refused(TRESILLO, None, hombre="Bea", bid="juego", tricks={"Bea": 5})


def test_primeras_with_fewer_than_five_tricks_is_refused():
    messages = refused(TRESILLO, None, hombre="Bea", bid="juego", primeras=True,
                       tricks={"Bea": 4, "Ana": 3, "Carl": 2})
    assert messages["primeras"].startswith("Primeras: the Hombre won the first five tricks and stopped")


def test_bola_without_nine_tricks_is_refused():
    assert refused(TRESILLO, None, hombre="Bea", bid="juego", bola=True, tricks=SACADO) == {
        "bola": "Bola is all nine tricks: the Hombre has 5."}


def test_primeras_and_bola_together_are_refused():
    assert "bola" in refused(TRESILLO, None, hombre="Bea", bid="juego", bola=True, primeras=True,
                             tricks={"Bea": 9, "Ana": 0, "Carl": 0})


def test_estuche_with_fewer_than_three_tricks_is_refused():
    assert "estuche" in refused(TRESILLO, None, hombre="Bea", bid="juego", estuche=True,
                                tricks={"Bea": 2, "Ana": 5, "Carl": 2})


def test_a_dealer_out_of_turn_is_refused():
    assert refused(TRESILLO, None, dealer="Carl", hombre="Bea", bid="juego", tricks=SACADO) == {
        "dealer": "Ana deals this deal (the deal passes in the order of play), not Carl."}


def test_at_four_the_dealer_who_sits_out_cannot_be_the_hombre_nor_take_tricks():
    messages = refused(TRESILLO, None, FOUR, hombre="Ana", bid="juego", tricks={"Ana": 5, "Bea": 2, "Carl": 2})
    assert messages["hombre"] == "Ana deals this deal and sits it out: the Hombre is one of Bea, Carl, Dani."
    assert messages["tricks"] == "Ana sits this deal out and takes no trick."


def test_an_unknown_bid_is_refused():
    assert refused(TRESILLO, None, hombre="Bea", bid="grand", tricks=SACADO) == {
        "bid": "The bid is juego, vuelta or solo."}


# -- L'Ombre ---------------------------------------------------------------------------------------------------

def test_a_pass_after_the_bid_is_refused():
    assert refused(OMBRE, None, hombre="Bea", passed=["Carl"], taken_in=2, tricks=SACADO) == {
        "passed": "A pass after the bid: Bea bid game and the bidding stopped, so Carl did not pass."}


def test_a_player_who_spoke_before_the_hombre_passed():
    assert refused(OMBRE, None, hombre="Ana", passed=["Bea"], taken_in=2,
                   tricks={"Ana": 5, "Bea": 2, "Carl": 2}) == {
        "passed": "Carl spoke before Ana and did not bid game, so passed: tick Carl."}


def test_when_all_three_pass_the_eldest_is_the_hombre():
    assert refused(OMBRE, None, hombre="Carl", passed=["Ana", "Bea", "Carl"], taken_in=2,
                   tricks={"Carl": 5, "Bea": 2, "Ana": 2}) == {
        "hombre": "All three passed, so the eldest, Bea, is the Hombre."}


def test_matadors_one_or_two_are_refused():
    assert refused(OMBRE, None, hombre="Bea", taken_in=2, matadors=2, tricks=SACADO) == {
        "matadors": "Matadors count from the three: 0, or 3 to 9 (not 2)."}


def test_matadors_over_the_hombres_tricks_are_refused():
    assert "matadors" in refused(OMBRE, None, hombre="Bea", taken_in=2, matadors=6, tricks=SACADO)


def test_matadors_over_nine_are_refused():
    assert refused(OMBRE, None, hombre="Bea", taken_in=2, matadors=10, tricks=SACADO) == {
        "matadors": "Must be between 0 and 9."}


def test_the_first_five_tricks_need_five_tricks():
    assert "first_five" in refused(OMBRE, None, hombre="Bea", taken_in=2, first_five="Ana", tricks=SACADO)


def test_a_voll_needs_the_player_who_won_the_first_five():
    assert "voll" in refused(OMBRE, None, hombre="Bea", taken_in=2, voll=True, tricks=SACADO)


def test_cards_taken_in_are_asked():
    assert refused(OMBRE, None, hombre="Bea", tricks=SACADO) == {
        "taken_in": "How many cards did the Hombre take in? 0 if none."}


def test_passes_only_still_go_round_in_turn_from_the_eldest():
    """Three passes make the void deal only if they are the bidding: from the eldest (Bea), each of the three
    dealt in once; at four, Ana deals and sits out."""
    passes = [{"player": who, "bid": "pass"} for who in ("Carl", "Bea", "Ana")]
    assert refused(TRESILLO, None, bids=passes) == {"bids": "Bea speaks here, not Carl: the bidding goes round "
                                                            "from the eldest, and a player who passed speaks no more."}
    passes = [{"player": who, "bid": "pass"} for who in ("Bea", "Carl", "Ana")]
    assert refused(TRESILLO, None, players=FOUR, bids=passes) == {
        "bids": "Ana sits this deal out and does not bid."}
    assert refused(TRESILLO, None, bids=passes[:2]) == {
        "bids": "The bidding is not over: Ana speaks next (nobody has bid yet)."}


def test_a_bidding_that_is_not_over_is_refused():
    assert refused(TRESILLO, None, bids=[{"player": "Bea", "bid": "juego"}], tricks=SACADO) == {
        "bids": "The bidding is not over: Carl speaks next (it ends when two have passed)."}


def test_two_passes_before_any_bid_leave_the_third_to_speak():
    """Seed 003: "you can raise the bid as it goes around the table, until the other two players pass": two passes
    end the bidding only once someone has bid, so after Bea and Carl pass Ana still speaks (the check used to fail
    here on its own assertion)."""
    bids = [{"player": "Bea", "bid": "pass"}, {"player": "Carl", "bid": "pass"}]
    assert refused(TRESILLO, None, bids=bids, tricks=SACADO) == {
        "bids": "The bidding is not over: Ana speaks next (nobody has bid yet)."}


def test_three_passes_with_a_deal_played_are_refused_not_thrown_away():
    """Three passes are the void deal; a Hombre, tricks taken or a bonus beside them is a deal played: refused
    beside each field, so three passes tapped by mistake on a sacado never lose its money unseen (a reviewer)."""
    passes = [{"player": who, "bid": "pass"} for who in ("Bea", "Carl", "Ana")]
    assert refused(TRESILLO, None, bids=passes, hombre="Bea", tricks=SACADO, bola=True) == {
        "hombre": "All three passed: nobody is the Hombre. Clear the Hombre, or correct the bidding.",
        "tricks": "All three passed: no trick was played. Clear the tricks, or correct the bidding.",
        "bola": "All three passed: nothing was played. Turn this off, or correct the bidding."}
    assert refused(TRESILLO, None, bids=passes, void="maybe") == {"void": "Answer yes or no."}
    table = TRESILLO.table(["Ana", "Bea", "Carl"])  # as the phone form sends it: steppers at 0, a bid ticked
    after, outcome = TRESILLO.apply(table, TRESILLO.initial_state(table),
                                    {"bids": passes, "tricks": {"Bea": 0, "Carl": 0, "Ana": 0}, "bid": "juego"})
    assert outcome.void and after.ledger.pots == TRESILLO.initial_state(table).ledger.pots
