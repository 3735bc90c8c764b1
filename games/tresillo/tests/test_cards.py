"""Tresillo and L'Ombre derived from their cards: real deals played card by card, counted by hand.

"Spadillo [...] is the highest trump and [...] Basto the third; the Manilla [...] is second: the 2 of a black
trump suit, the 7 of a red one. [...] In a red trump suit the Ace (Punto) is fourth." "When a trump is led (a
matador included), you must play a trump if you hold one. But “the three Matador cards can only be forced out by
the other Matadors”: if your only trumps are matadors, you may keep them and play another card, unless the card
led is another matador." (seed 003, the rules page; the house rule ``matadors_forced``: only a higher one)
"Primeras = the Hombre stopped after winning the first five tricks (record him with 5, the 4 unplayed tricks
split between the opponents); bola = all 9 tricks; never both. Estuche needs at least 3 Hombre tricks."
(RULINGS.md, Tresillo)

Ana, Bea and Carl in the order of play; Carl deals, so Ana is the eldest and leads. Oros are trumps: Spadillo
1E, Manilla 7O, Basto 1B, Punto 1O, then 12O 11O 10O 2O 3O 4O 5O 6O; copas run 12 11 10 1 2 … 7.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.tresillo.cards import (
    derive_ombre,
    derive_tresillo,
    new_deal,
    ombre_contract,
    tresillo_contract,
)
from games.tresillo.ombre import OMBRE
from games.tresillo.play import REFEREE
from games.tresillo.tresillo import TRESILLO
from referee.cards import Card, full_deck
from referee.parse import InvalidRecord
from referee.played import FlagKind, PlayedDeal
from referee.tricks import Situation, Trick

THREE = TRESILLO.table(["Ana", "Bea", "Carl"], first_dealer=2)
OMBRE_THREE = OMBRE.table(["Ana", "Bea", "Carl"], first_dealer=2)
ANA, BEA, CARL = THREE.seats()


def cards(codes: str) -> list[Card]:
    return [Card.parse(c, "spanish40") for c in codes.split()]


def played(deal: PlayedDeal, tricks: Sequence[str]) -> PlayedDeal:
    for trick in tricks:
        for card in cards(trick):
            deal = deal.add(card)
    return deal


def fresh(table=THREE, ombre: bool = False) -> PlayedDeal:
    return new_deal(table, "O", dealer=table.seat(2), hombre=table.seat(0), ombre=ombre)


# -- Deal E: Ana, the Hombre, holds the estuche and takes every trick --------------------------------------------
# Hands: Ana 1E 7O 1B 12O 11O 12C 11C 12E 12B · Bea 1O 2O 3O 10C 1C 11E 10E 11B 10B ·
#        Carl 4O 5O 2C 3C 4C 7E 6E 7B 6B
DEAL_E = (
    "1E 3O 4O",     # 1 Spadillo leads; Bea and Carl hold plain trumps, so must trump: Ana
    "7O 2O 5O",     # 2 Manilla: Ana
    "1B 1O 2C",     # 3 Basto; Bea's last trump is Punto; Carl has none left: Ana
    "12O 10B 6B",   # 4 nobody else has a trump: Ana
    "11O 11B 7B",   # 5 Ana: the first five tricks
    "12C 10C 3C",   # 6 both follow copas; the King is highest: Ana
    "11C 1C 4C",    # 7 the Knight is over the Ace in a red plain suit: Ana
    "12E 11E 7E",   # 8 Ana
    "12B 10E 6E",   # 9 both void in bastos: Ana
)
# Tresillo, first puesta: each puts 5 in the middle; Carl, the dealer, finds the plato empty, moves a 5 from the
# middle into it and adds 1: Carl −6, Ana −5, Bea −5, plato 6. Ana's sacado: the plato (6) and 1 from each
# opponent, and the bonuses from each: estuche 1, bola 8. Bea and Carl pay 1 + 9 = 10 each:
# Ana −5 + 6 + 20 = +21, Bea −15, Carl −16 (the middle keeps 10).
# Stopped after five (primeras): 1 + estuche 1 + primeras 1 = 3 from each: Ana −5 + 6 + 6 = +7, Bea −8, Carl −9.


def test_the_winner_of_each_trick_leads_the_next_and_a_legal_deal_has_no_flags() -> None:
    deal = played(fresh(), DEAL_E)
    assert deal.flags == () and deal.complete
    assert [t.winner for t in deal.tricks] == [ANA] * 9 and [t.leader for t in deal.tricks] == [ANA] * 9


def test_tresillo_bola_and_estuche_from_the_cards() -> None:
    found = derive_tresillo(THREE, tresillo_contract(THREE, {"hombre": "Ana", "bid": "juego"}),
                            played(fresh(), DEAL_E))
    record = found.record
    assert record.counts(3) == (9, 0, 0) and (record.estuche, record.primeras, record.bola) == (True, False, True)
    _state, outcome = TRESILLO.apply(THREE, TRESILLO.initial_state(THREE), record.to_json())
    assert outcome.scores == (21, -15, -16)


def test_tresillo_primeras_when_the_hombre_stops_after_the_first_five() -> None:
    deal = played(fresh(), DEAL_E[:5])
    assert deal.over and not deal.complete
    found = derive_tresillo(THREE, tresillo_contract(THREE, {"hombre": "Ana", "bid": "juego"}), deal)
    record = found.record
    assert record.counts(3) == (5, 2, 2) and (record.estuche, record.primeras, record.bola) == (True, True, False)
    _state, outcome = TRESILLO.apply(THREE, TRESILLO.initial_state(THREE), record.to_json())
    assert outcome.scores == (7, -8, -9)


def test_the_hombre_is_worked_out_from_the_bidding() -> None:
    contract = tresillo_contract(THREE, {"bids": [{"player": "Ana", "bid": "juego"}, {"player": "Bea", "bid": "pass"},
                                                  {"player": "Carl", "bid": "pass"}]})
    record = derive_tresillo(THREE, contract, played(fresh(), DEAL_E)).record
    assert record.hombre == ANA and record.bid == "juego" and record.bola


def test_an_opponents_first_five_do_not_end_a_tresillo_deal() -> None:
    """Bea as the Hombre: Ana's first five tricks do not stop the deal."""
    deal = new_deal(THREE, "O", dealer=CARL, hombre=BEA)
    deal = played(deal, DEAL_E[:5])
    assert not deal.over
    with pytest.raises(InvalidRecord) as refused:
        derive_tresillo(THREE, tresillo_contract(THREE, {"hombre": "Bea", "bid": "juego"}), deal)
    assert "not over" in str(refused.value.errors["plays"])


# Deal B: deal E with Ana's Basto and Carl's 4 of oros swapped.
# Hands: Ana 1E 7O 4O 12O 11O 12C 11C 12E 12B · Bea as in deal E · Carl 1B 5O 2C 3C 4C 7E 6E 7B 6B
DEAL_B = (
    "1E 3O 5O",     # 1 Spadillo: Carl holds a plain trump (5O) besides Basto, so must trump: Ana
    "7O 2O 1B",     # 2 Manilla, a higher matador, forces Carl's Basto out: Ana
    "4O 1O 2C",     # 3 Bea's Punto is over the 4: Bea
    "10B 6B 12B",   # 4 Bea leads bastos; both follow; the King: Ana
    "12O 11B 7B",   # 5 Ana
    "11O 10E 7E",   # 6 Ana
    "12C 10C 3C",   # 7 Ana
    "11C 1C 4C",    # 8 Ana
    "12E 11E 6E",   # 9 Ana
)
# Ana 8, Bea 1, Carl 0: a sacado without estuche or bola, first puesta: Ana takes the plato (6) and 1 from each:
# Ana −5 + 6 + 2 = +3, Bea −6, Carl −6 − 1 = −7.


def test_no_estuche_without_the_three_matadors() -> None:
    deal = played(fresh(), DEAL_B)
    assert deal.flags == ()
    found = derive_tresillo(THREE, tresillo_contract(THREE, {"hombre": "Ana", "bid": "juego", "estuche": True}),
                            deal)
    assert found.record.counts(3) == (8, 1, 0) and not found.record.estuche and not found.record.bola
    _state, outcome = TRESILLO.apply(THREE, TRESILLO.initial_state(THREE), found.record.to_json())
    assert outcome.scores == (3, -6, -7)
    ombre = derive_ombre(OMBRE_THREE, ombre_contract(OMBRE_THREE, {"hombre": "Ana", "taken_in": 0}),
                         played(fresh(OMBRE_THREE, ombre=True), DEAL_B)).record
    assert ombre.matadors == 0 and ombre.first_five is None


def test_a_lone_matador_is_not_forced_out_by_a_lower_trump() -> None:
    """Carl's only trump is Basto: he keeps it when Ana leads the King of oros, and plays it in the second
    trick; that proves nothing against him. Led Spadillo, a higher matador, forces it out: the same play is a
    revoke."""
    kept = played(fresh(), ["12O 2O 5C", "11O 3O 1B"])
    assert kept.flags == () and kept.tricks[1].winner == CARL
    forced = played(fresh(), ["1E 2O 5C", "11O 3O 1B"])
    (flag,) = forced.flags
    assert (flag.kind, flag.index, flag.trick, flag.proven_by) == (FlagKind.REVOKE, 2, 1, 2)


MATADOR_LED = ("1B 2O 5C", "12C 10C 1E")  # Ana leads the Basto; Carl, whose only trump is Spadillo, throws 5C


@pytest.mark.parametrize("ombre", [False, True], ids=["tresillo", "ombre"])
def test_matadors_forced_any_a_lower_matador_led_forces_a_higher_one_out(ombre: bool) -> None:
    """Seed 003, as the table plays it by default (``matadors_forced``: any): "Leading trumps or Matadors forces
    other players to use any trumps in their hand, although the three Matador cards can only be forced out by the
    other Matadors". The Basto led is another matador: Carl's lone Spadillo had to go, and his Spadillo in the
    second trick proves he held it: a revoke, judged by the same rule as the referee's."""
    table = (OMBRE if ombre else TRESILLO).table(["Ana", "Bea", "Carl"], first_dealer=2)
    deal = played(fresh(table, ombre=ombre), MATADOR_LED)
    (flag,) = deal.flags
    assert (flag.kind, flag.index, flag.trick, flag.proven_by) == (FlagKind.REVOKE, 2, 1, 2)
    assert "another matador, was led: it forced them out, so Carl had to play a trump" in str(flag.explanation)


@pytest.mark.parametrize("ombre", [False, True], ids=["tresillo", "ombre"])
def test_matadors_forced_higher_a_lower_matador_led_does_not_force_a_higher_one_out(ombre: bool) -> None:
    """The house rule ``matadors_forced``: higher (Hoyle's "the superior, if led, forces the inferior"): the Basto
    led is lower than Carl's Spadillo, which he may keep. The same cards are no revoke."""
    table = (OMBRE if ombre else TRESILLO).table(["Ana", "Bea", "Carl"], {"matadors_forced": "higher"},
                                                 first_dealer=2)
    assert played(fresh(table, ombre=ombre), MATADOR_LED).flags == ()


# Which lone matador (or plain trump) led forces out which lone matador held, by hand from seed 003 and the house
# rule: by default any other matador does; with the house rule only a higher one (Spadillo 1E > Manilla 7O >
# Basto 1B); the King of oros, no matador, never does.
FORCED_OUT = {
    ("any", "1E", "7O"): True, ("any", "1E", "1B"): True, ("any", "7O", "1B"): True,
    ("any", "7O", "1E"): True, ("any", "1B", "1E"): True, ("any", "1B", "7O"): True,
    ("higher", "1E", "7O"): True, ("higher", "1E", "1B"): True, ("higher", "7O", "1B"): True,
    ("higher", "7O", "1E"): False, ("higher", "1B", "1E"): False, ("higher", "1B", "7O"): False,
    ("any", "12O", "1E"): False, ("higher", "12O", "1E"): False,
}


@pytest.mark.parametrize("ombre", [False, True], ids=["tresillo", "ombre"])
@pytest.mark.parametrize(("reading", "led", "held"), list(FORCED_OUT),
                         ids=[" ".join(key) for key in FORCED_OUT])
def test_the_card_by_card_check_and_the_referee_force_out_the_same_matadors(ombre: bool, reading: str, led: str,
                                                                           held: str) -> None:
    """Ana leads ``led``; Carl, whose only trump is ``held``, throws the 5 of copas, and plays ``held`` in the
    second trick, which proves he had it. The deal entered card by card flags a revoke exactly when the referee,
    asked about the same hand at the same table, says the 5 of copas may not be played: one rule book."""
    game = OMBRE if ombre else TRESILLO
    table = game.table(["Ana", "Bea", "Carl"], {"matadors_forced": reading}, first_dealer=2)
    deal = played(fresh(table, ombre=ombre), [f"{led} 2O 5C", f"12C 10C {held}"])
    answer = game.ruling(table, {"trump": "O", "trick": led, "hand": f"{held} 5C", "card": "5C"})
    assert [f.kind for f in deal.flags] == ([FlagKind.REVOKE] if FORCED_OUT[reading, led, held] else [])
    assert answer.legal is not FORCED_OUT[reading, led, held]
    assert all(flag.rule == answer.rule for flag in deal.flags)


# Deal P: Ana stops after five tricks with Basto and Punto still in her hand.
# Hands: Ana 1E 7O 1O 12O 12C 11C 12E 1B 12B · Bea 2O 3O 10C 1C 11E 10E 11B 10B 4C ·
#        Carl 4O 5O 2C 3C 7E 6E 7B 6B 5C
DEAL_P = (
    "1E 2O 4O",     # 1 Ana
    "7O 3O 5O",     # 2 Ana: the opponents have no trump left
    "12C 10C 2C",   # 3 Ana
    "11C 1C 3C",    # 4 Ana
    "12E 11E 7E",   # 5 Ana: primeras, she stops
)


def test_an_estuche_or_matadors_left_unseen_stand_as_given_when_the_cards_allow() -> None:
    """Ana played Spadillo and Manilla; Basto is in her unseen hand: the estuche given stands (3 from each, as
    for deal E's primeras). In L'Ombre her four matadors (with Punto) stand too: nobody else played a trump of
    the run (Spadillo, Manilla, Basto, Punto, 12O, 11O, 10O; Bea's 2 of oros breaks it at seven)."""
    record = TRESILLO.record_from_tricks(THREE, {"hombre": "Ana", "bid": "juego", "estuche": True},
                                         played(fresh(), DEAL_P))
    assert (record.estuche, record.primeras) == (True, True)
    _state, outcome = TRESILLO.apply(THREE, TRESILLO.initial_state(THREE), record.to_json())
    assert outcome.scores == (7, -8, -9)
    assert not TRESILLO.record_from_tricks(THREE, {"hombre": "Ana", "bid": "juego"}, played(fresh(), DEAL_P)).estuche
    ombre = OMBRE.record_from_tricks(OMBRE_THREE, {"hombre": "Ana", "taken_in": 0, "matadors": 4},
                                     played(fresh(OMBRE_THREE, ombre=True), DEAL_P))
    assert ombre.matadors == 4


def test_an_estuche_the_cards_contradict_is_refused() -> None:
    """Deal P with Carl holding Basto (for Ana's 4 of oros): he plays it to the first trick."""
    tricks = ["1E 2O 1B", *DEAL_P[1:]]
    with pytest.raises(InvalidRecord) as refused:
        TRESILLO.record_from_tricks(THREE, {"hombre": "Ana", "bid": "juego", "estuche": True},
                                    played(fresh(), tricks))
    assert "matador" in str(refused.value.errors["estuche"])
    with pytest.raises(InvalidRecord) as refused:
        OMBRE.record_from_tricks(OMBRE_THREE, {"hombre": "Ana", "taken_in": 0, "matadors": 4},
                                 played(fresh(OMBRE_THREE, ombre=True), tricks))
    assert "matadors" in refused.value.errors


# -- the revoke ---------------------------------------------------------------------------------------------

def test_a_revoke_is_named_with_the_trick_that_proves_it() -> None:
    """Deal E with Bea throwing the Knight of espadas on Ana's King of copas in trick 6 and the 10 of copas on
    the King of espadas in trick 8: she held copas in trick 6, as her Ace of copas in trick 7 proves."""
    tricks = list(DEAL_E)
    tricks[5], tricks[7] = "12C 11E 3C", "12E 10C 7E"
    deal = played(fresh(), tricks[:6])
    assert deal.flags == ()
    deal = played(deal, tricks[6:7])
    (flag,) = deal.flags
    assert (flag.kind, flag.index, flag.trick, flag.proven_by) == (FlagKind.REVOKE, 16, 6, 7)
    assert str(flag.explanation).startswith("Bea played Horse (caballo) of espadas in trick 6, but played Ace of "
                                            "copas in trick 7")
    whole = played(deal, tricks[7:])
    assert derive_tresillo(THREE, tresillo_contract(THREE, {"hombre": "Ana", "bid": "juego"}),
                           whole).record.counts(3) == (9, 0, 0)


# -- L'Ombre ------------------------------------------------------------------------------------------------

def test_ombre_matadors_and_the_first_five_from_the_cards() -> None:
    """Ana counts Spadillo, Manilla, Basto: Punto is Bea's, so the run stops at three. She won the first five.
    L'Ombre, a first deal: a greater (5) from each opens the stakes (15); Ana bids first and takes in 2 cards (2
    lessers to the stakes: 17). Her sacado: the stakes (17) and a lesser from each; three matadors: three greater
    counters (15) from each; the first five: a lesser from each. Ana −5 − 2 + 17 + 2 + 30 + 2 = +44, Bea and Carl
    −5 − 1 − 15 − 1 = −22."""
    deal = played(fresh(OMBRE_THREE, ombre=True), DEAL_E)
    found = derive_ombre(OMBRE_THREE, ombre_contract(OMBRE_THREE, {"hombre": "Ana", "taken_in": 2}), deal)
    record = found.record
    assert record.counts(3) == (9, 0, 0) and record.matadors == 3 and record.first_five == ANA
    _state, outcome = OMBRE.apply(OMBRE_THREE, OMBRE.initial_state(OMBRE_THREE), record.to_json())
    assert outcome.scores == (44, -22, -22)


def test_ombre_the_voll_declared_and_made() -> None:
    """As above with the voll declared instead of the first five's lesser: a greater from each, made with all
    nine tricks: Ana −5 − 2 + 17 + 2 + 30 + 10 = +52, Bea and Carl −5 − 1 − 15 − 5 = −26."""
    deal = played(fresh(OMBRE_THREE, ombre=True), DEAL_E)
    record = OMBRE.record_from_tricks(OMBRE_THREE, {"hombre": "Ana", "taken_in": 2, "voll": True}, deal)
    _state, outcome = OMBRE.apply(OMBRE_THREE, OMBRE.initial_state(OMBRE_THREE), record.to_json())
    assert outcome.scores == (52, -26, -26)


def test_ombre_a_deal_stopped_after_the_first_five_cannot_be_played_for_the_voll() -> None:
    deal = played(fresh(OMBRE_THREE, ombre=True), DEAL_E[:5])
    assert deal.over
    record = OMBRE.record_from_tricks(OMBRE_THREE, {"hombre": "Ana", "taken_in": 2}, deal)
    assert record.counts(3) == (5, 2, 2) and record.first_five == ANA and record.matadors == 3
    with pytest.raises(InvalidRecord) as refused:
        OMBRE.record_from_tricks(OMBRE_THREE, {"hombre": "Ana", "taken_in": 2, "voll": True}, deal)
    assert "voll" in refused.value.errors


# -- at four, the dealer sits out ---------------------------------------------------------------------------

def test_at_four_the_dealer_sits_out_and_the_three_others_play() -> None:
    four = TRESILLO.table(["Ana", "Bea", "Carl", "Dani"], first_dealer=3)
    deal = played(new_deal(four, "O", dealer=four.seat(3), hombre=four.seat(0)), DEAL_E)
    record = TRESILLO.record_from_tricks(four, {"hombre": "Ana", "bid": "solo"}, deal)
    assert record.counts(4) == (9, 0, 0, None) and record.bola
    TRESILLO.apply(four, TRESILLO.initial_state(four), record.to_json())


def test_the_game_turns_a_deal_played_card_by_card_into_its_record() -> None:
    record = TRESILLO.record_from_tricks(THREE, {"hombre": "Ana", "bid": "juego", "tricks": {"Bea": 9}},
                                         played(fresh(), DEAL_E))
    assert record.counts(3) == (9, 0, 0) and TRESILLO.parse(THREE, record.to_json()) == record


# -- any legal deal -----------------------------------------------------------------------------------------

def random_deal(table, rnd: random.Random, ombre: bool) -> tuple[PlayedDeal, int]:
    deck = list(full_deck("spanish40"))
    rnd.shuffle(deck)
    dealer = rnd.randrange(table.size)
    hombre_at = rnd.randrange(3)
    deal = new_deal(table, rnd.choice("OCEB"), dealer=table.seat(dealer), ombre=ombre)
    hombre = deal.seats[hombre_at]
    deal = new_deal(table, deal.context.trump, dealer=table.seat(dealer), hombre=hombre, ombre=ombre)
    held = {s.index: set(deck[i * 9:(i + 1) * 9]) for i, s in enumerate(deal.seats)}
    while not deal.complete and not (deal.over and rnd.random() < 0.5):
        seat = deal.next_seat
        last = deal.tricks[-1] if deal.tricks else None
        trick = last.trick if last is not None and not last.complete else Trick()
        legal = REFEREE.legal_plays(Situation(table, trump=deal.context.trump), sorted(held[seat.index]),
                                    trick).legal
        chosen = rnd.choice(legal)
        held[seat.index].discard(chosen)
        deal = deal.add(chosen)
    return deal, dealer


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.sampled_from([3, 4]), seed=st.integers(0, 2**32 - 1), ombre=st.booleans())
def test_a_random_legal_deal_has_no_flags_and_derives_a_record_the_game_accepts(n, seed, ombre) -> None:
    game = OMBRE if ombre else TRESILLO
    rnd = random.Random(seed)
    probe = game.table(["A", "B", "C", "D"][:n])
    deal, dealer = random_deal(probe, rnd, ombre)
    table = game.table(["A", "B", "C", "D"][:n], first_dealer=dealer)
    assert deal.flags == () and deal.over
    hombre = deal.course.hombre
    if ombre:
        order = list(deal.seats)
        raw = {"hombre": hombre.name, "taken_in": 0, "passed": [s.name for s in order[:order.index(hombre)]]}
        record = OMBRE.record_from_tricks(table, raw, deal)
    else:
        record = TRESILLO.record_from_tricks(table, {"hombre": hombre.name, "bid": "juego"}, deal)
    assert sum(t or 0 for t in record.counts(n)) == 9
    _state, outcome = game.apply(table, game.initial_state(table), record.to_json())
    assert outcome.scores is not None


# -- the monotonicity the revoke rests on -------------------------------------------------------------------

@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_more_cards_in_a_hand_only_add_obligations(data) -> None:
    """A card refused from some cards of a hand is refused from the whole hand (referee.played's assumption),
    the matadors' exemption included."""
    deck = list(full_deck("spanish40"))
    trump = data.draw(st.sampled_from("OCEB"))
    chosen = data.draw(st.lists(st.sampled_from(deck), min_size=2, max_size=12, unique=True))
    trick_size = data.draw(st.integers(0, min(2, len(chosen) - 1)))
    trick, hand = Trick.of(chosen[:trick_size]), chosen[trick_size:]
    part = data.draw(st.lists(st.sampled_from(hand), min_size=1, unique=True))
    context = Situation(THREE, trump=trump)
    whole = set(REFEREE.legal_plays(context, hand, trick).legal)
    some = set(REFEREE.legal_plays(context, part, trick).legal)
    assert whole & set(part) <= some
