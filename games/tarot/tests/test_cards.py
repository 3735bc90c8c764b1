"""French Tarot derived from its cards: real deals played card by card, counted by hand.

"Card points: bouts and Kings 4½, Queens 3½, Knights 2½, Jacks 1½, others ½; 91 in all." "The Excuse may be
played at any time and never wins a trick except as the last card of a chelem; [...] played in the last trick
outside a chelem it goes to the other side." "Petit au bout ±10 × multiplier, to the side that took the last
trick containing the Petit, whatever the result." (RULINGS.md, French Tarot)

Points in the comments are in half points (½ = 1, Jack 3, Knight 5, Queen 7, King or bout 9), as the code
counts them: the whole deck is 182.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Sequence

import pytest
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.tarot.cards import contract_record, derive, new_deal, partner
from games.tarot.numbers import HAND_SIZE
from games.tarot.play import legal_plays
from games.tarot.record import Chelem, PetitAuBout
from games.tarot.rules import GAME
from referee.cards import Card, full_deck, parse_cards
from referee.parse import InvalidRecord
from referee.played import FlagKind, PlayedDeal
from scoring.services import translate

FOUR = GAME.table(["N", "E", "S", "W"])  # in the order of play; W deals, N leads the first trick
N, E, S, W = FOUR.seats()


def cards(codes: str) -> list[Card]:
    return parse_cards(codes, "tarot")


def played(deal: PlayedDeal, tricks: Sequence[str]) -> PlayedDeal:
    """Each trick's cards in the order played (its leader first): whoever's turn it is plays each."""
    for trick in tricks:
        for card in cards(trick):
            deal = deal.add(card)
    return deal


def winners(deal: PlayedDeal) -> str:
    return " ".join(t.winner.name if t.winner else "?" for t in deal.tricks)


def hands(deal: PlayedDeal) -> dict[str, set[Card]]:
    found: dict[str, set[Card]] = {}
    for play in deal.seated:
        assert play.seat is not None
        found.setdefault(play.seat.name, set()).add(play.card)
    return found


# -- Deal A: S takes a Garde; 2 bouts, 53 points, petit au bout, E's Excuse exchanged -------------------------
# Hands (after S's écart 3S 9H 10H 10C 9D 10D; the chien was KD QC 3S 9H 10H 10C):
#   N 5S 9S CS KH QH 6H 3C 6C 7C 3D 5D 6D T2 T3 T4 T5 T6 8D
#   E 6S 10S 4S 1H 4H JH KC 4C 8C 4D CD 7D T7 T8 T9 T10 EX 9C
#   S KS QS 2S 2H 5H 7H 1C QC CC KD 1D T21 T20 T19 T18 T17 T16 T1
#   W 7S 8S JS 3H CH 8H 2C 5C JC 2D QD JD T11 T12 T13 T14 T15 1S
DEAL_A = (
    "5S 6S KS 7S",     # 1  N leads; S takes with KS: 1+1+9+1 = 12
    "QS 8S 9S 10S",    # 2  S: QS wins: 7+1+1+1 = 10
    "2S JS CS 4S",     # 3  N's Knight: 1+3+5+1 = 10 (defence)
    "KH 1H 2H 3H",     # 4  N: 9+1+1+1 = 12 (defence)
    "QH 4H 5H CH",     # 5  N: 7+1+1+5 = 14 (defence)
    "6H JH 7H 8H",     # 6  E's Jack: 1+3+1+1 = 6 (defence)
    "KC 1C 2C 3C",     # 7  E leads the King: 9+1+1+1 = 12 (defence)
    "4C QC 5C 6C",     # 8  S's Queen: 1+7+1+1 = 10
    "CC JC 7C 8C",     # 9  S: 5+3+1+1 = 10
    "KD 2D 3D 4D",     # 10 S: 9+1+1+1 = 12
    "1D QD 5D CD",     # 11 W's Queen: 1+7+1+5 = 14 (defence)
    "JD 6D 7D T16",    # 12 W leads; S, void in ♦, trumps: 3+1+1+1 = 6
    "T21 T11 T2 T7",   # 13 S draws trumps: 9+1+1+1 = 12
    "T20 T12 T3 T8",   # 14 S: 4
    "T19 T13 T4 T9",   # 15 S: 4
    "T18 T14 T5 T10",  # 16 S: 4
    "T17 T15 T6 EX",   # 17 S: 1+1+1 = 3, and the ½ E gives for its Excuse: 4; E keeps the Excuse (9 − 1 = 8)
    "T1 1S 8D 9C",     # 18 S's Petit takes the last trick (nobody has a trump left): 9+1+1+1 = 12
)
# S: 12+10+10+10+12+6 = 60 in suits, 12+4+4+4+4+12 = 40 in trumps, écart 6 × ½ = 6: 106 halves = 53 points.
# Defence: 10+12+14+6+12+14 = 68, and its Excuse 8: 76. 106 + 76 = 182.
# Bouts: the 21 and the Petit. Garde, 53 − 41 = 12: (25 + 12) × 2 = 74; petit au bout +20: 94 each.
WINNERS_A = "S S N N N E E S S S W S S S S S S S"
ECART_A = "3S 9H 10H 10C 9D 10D"
CHIEN_A = "KD QC 3S 9H 10H 10C"

# -- Deal B: E takes a Prise; its own Excuse exchanged, the Petit caught in the last trick ----------------------
# Hands (after E's écart 1S 3S 9H 8D 9D 10D):
#   N 6S 10S 4S 1H 4H JH KC 4C 8C 4D CD 7D T6 T7 T8 T9 T10 T11
#   E KS QS 2S 2H 5H 7H 1C QC CC KD 1D T21 T20 T19 T16 T3 T1 EX
#   S 7S 8S JS 3H CH 8H 2C 5C JC 2D QD JD T12 T13 T14 T15 T17 9C
#   W 5S 9S CS KH QH 6H 3C 6C 7C 3D 5D 6D T2 T4 T5 T18 10H 10C
DEAL_B = (
    "5S 6S KS 7S",     # 1  W leads; E's King: 12
    "QS 8S 9S 10S",    # 2  E: 10
    "2S JS CS 4S",     # 3  W's Knight: 10 (defence)
    "KH 1H 2H 3H",     # 4  W: 12 (defence)
    "QH 4H 5H CH",     # 5  W: 14 (defence)
    "6H JH 7H 8H",     # 6  N's Jack: 6 (defence)
    "KC 1C 2C 3C",     # 7  N: 12 (defence)
    "4C QC 5C 6C",     # 8  E: 10
    "CC JC 7C 8C",     # 9  E: 10
    "KD 2D 3D 4D",     # 10 E: 12
    "1D QD 5D CD",     # 11 S's Queen: 14 (defence)
    "JD 6D 7D T16",    # 12 S leads; E trumps: 6
    "T21 T12 T2 T6",   # 13 E: 9+1+1+1 = 12
    "T20 T13 T4 T7",   # 14 E: 4
    "T19 T14 T5 T8",   # 15 E: 4
    "EX T15 T18 T9",   # 16 E leads the Excuse; S's 15 sets trumps, W must beat it: T18. W takes 1+1+1 = 3 and
                       #    the ½ E gives for its Excuse: 4 (defence); E keeps the Excuse: 9 − 1 = 8
    "10H T10 T3 T17",  # 17 W leads; N trumps, E cannot beat the 10 and pisses the 3, S overtrumps: 1+1+1+1 = 4
    "9C 10C T11 T1",   # 18 S leads; N trumps, E must trump with its Petit, under N's 11: 1+1+1+9 = 12 (defence)
)
# E: 12+10+10+10+12+6 = 60, 12+4+4 = 20, the Excuse 8, écart 6: 94 halves = 47 points.
# Defence: 68 + 4 + 4 + 12 = 88. 94 + 88 = 182.
# Bouts: the 21 and the Excuse (the Petit went to the defence). Prise, 47 − 41 = 6: 25 + 6 = 31; the defence's
# petit au bout −10: 21 each.
WINNERS_B = "E E W W W N N E E E S E E E E W S N"
ECART_B = "1S 3S 9H 8D 9D 10D"

# -- Deal C: N takes a Garde sans, shows a simple poignée, announces and makes the chelem ---------------------
# Hands (the chien, unseen, 1H 2H 3H 1D 2D 3D, counts for N):
#   N T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T1 EX KS QS CS JS 10S
#   E T2 T3 T4 9S 8S 7S KH QH CH JH 10H 4C 3C 2C 1C 9D 8D 7D
#   S T5 T6 T7 6S 5S 4S KD QD CD JD 10D KC 8C 7C 9H 8H 7H 6H
#   W T8 T9 T10 3S 2S 1S QC CC JC 10C 9C 6C 5C 5H 4H 6D 5D 4D
DEAL_C = (
    "T21 T2 T5 T8", "T20 T3 T6 T9", "T19 T4 T7 T10",  # 1-3 N draws every trump
    "KS 9S 6S 3S", "QS 8S 5S 2S", "CS 7S 4S 1S",      # 4-6 N's spades, followed
    "JS KH KD QC", "10S QH QD CC",                    # 7-8 the defence has no spade and no trump left
    "T18 CH CD JC", "T17 JH JD 10C", "T16 10H 10D 9C", "T15 4C KC 6C", "T14 3C 8C 5C", "T13 2C 7C 5H",
    "T12 1C 9H 4H", "T11 9D 8H 6D",                   # 9-16 N's trumps
    "T1 8D 7H 5D",                                    # 17 the Petit wins: nobody has a trump
    "EX 7D 6H 4D",                                    # 18 led to finish the chelem, the Excuse wins
)
# N takes every trick and the chien counts for it: all 182 halves, 91 points, the three bouts. The last trick
# taken with the Excuse, the Petit in the one before is au bout (seed 003), multiplied as the contract is.
# Garde sans, 91 − 36 = 55: (25 + 55) × 4 = 320; poignée +20; petit au bout 10 × 4 = 40; chelem announced
# and made +400: 780 each, N +2340.
CONTRACT_C = {"taker": "N", "contract": "garde_sans", "chelem": "announced_made",
              "poignees": [{"side": "attack", "size": "simple"}]}


def deal_a() -> PlayedDeal:
    return played(new_deal(FOUR, taker=S, first_leader=N), DEAL_A)


def deal_b() -> PlayedDeal:
    return played(new_deal(FOUR, taker=E, first_leader=W), DEAL_B)


def deal_c() -> PlayedDeal:
    return played(new_deal(FOUR, taker=N, first_leader=N), DEAL_C)


# -- the deals ---------------------------------------------------------------------------------------------

def test_each_written_deal_is_a_whole_deal_of_the_tarot_deck() -> None:
    """"The deck has 78 cards [...] Everyone gets [...] 18 each at four, [...] the chien (6 cards)"."""
    for tricks, aside in ((DEAL_A, ECART_A), (DEAL_B, ECART_B), (DEAL_C, "1H 2H 3H 1D 2D 3D")):
        every = [c for trick in tricks for c in cards(trick)] + cards(aside)
        assert len(tricks) == 18 and all(len(cards(t)) == 4 for t in tricks)
        assert sorted(every) == sorted(full_deck("tarot"))


@pytest.mark.parametrize(("make", "expected"), [(deal_a, WINNERS_A), (deal_b, WINNERS_B), (deal_c, "N " * 17 + "N")])
def test_the_winner_of_each_trick_leads_the_next(make, expected) -> None:
    deal = make()
    assert deal.complete and winners(deal) == expected.strip()
    assert [t.leader for t in deal.tricks[1:]] == [t.winner for t in deal.tricks[:-1]]


@pytest.mark.parametrize("make", [deal_a, deal_b, deal_c])
def test_a_legal_deal_has_no_flags_even_knowing_every_hand(make) -> None:
    deal = make()
    assert deal.flags == ()
    known = {seat.index: frozenset(hands(deal)[seat.name]) for seat in FOUR.seats()}
    assert dataclasses.replace(deal, known=known).flags == ()


def test_deal_a_garde_made_with_the_petit_au_bout() -> None:
    contract = contract_record(FOUR, {"taker": "S", "contract": "garde"})
    found = derive(FOUR, contract, deal_a(), chien=cards(CHIEN_A), ecart=cards(ECART_A))
    assert (found.attack_halves, found.defence_halves, found.bouts) == (106, 76, 2)
    assert found.petit_au_bout is PetitAuBout.ATTACK and found.chelem is Chelem.NONE
    assert sorted(found.aside) == sorted(cards(ECART_A))
    state, outcome = GAME.apply(FOUR, GAME.initial_state(FOUR), found.record.to_json())
    assert found.record.points == "53" and outcome.scores == (-94, -94, 282, -94)


def test_deal_b_prise_made_with_the_petit_lost_in_the_last_trick() -> None:
    contract = contract_record(FOUR, {"taker": "E", "contract": "prise"})
    found = derive(FOUR, contract, deal_b(), ecart=cards(ECART_B))
    assert (found.attack_halves, found.defence_halves, found.bouts) == (94, 88, 2)
    assert found.petit_au_bout is PetitAuBout.DEFENCE
    _state, outcome = GAME.apply(FOUR, GAME.initial_state(FOUR), found.record.to_json())
    assert found.record.points == "47" and outcome.scores == (-21, 63, -21, -21)


def test_deal_c_chelem_announced_and_made_with_the_excuse_led_last_the_petit_au_bout_a_trick_before() -> None:
    """Seed 003: “If winning all the tricks and taking the last one with the Fool, petit au bout is scored by
    playing the 1 of Trumps in the next-to-last trick.”"""
    contract = contract_record(FOUR, CONTRACT_C)
    deal = deal_c()
    last = deal.tricks[-1]
    assert last.winning_card == Card("EX", "0") and last.winner == N
    found = derive(FOUR, contract, deal, chien=cards("1H 2H 3H 1D 2D 3D"))
    assert (found.attack_halves, found.bouts, found.chelem) == (182, 3, Chelem.ANNOUNCED_MADE)
    assert found.petit_au_bout is PetitAuBout.ATTACK  # the Petit took trick 17, the next-to-last
    _state, outcome = GAME.apply(FOUR, GAME.initial_state(FOUR), found.record.to_json())
    assert outcome.scores == (2340, -780, -780, -780)


def test_the_rules_page_says_the_petit_au_bout_of_a_chelem_finished_with_the_excuse() -> None:
    """"If winning all the tricks and taking the last one with the Fool, petit au bout is scored by playing the 1 of
    Trumps in the next-to-last trick" (seed 003): the rules page says it too, after what it said before (whose
    paragraph the rulings quote keeps its place)."""
    (section,) = [s for s in GAME.rules if s.key == "petit-au-bout"]
    said = [str(p) for p in section.paragraphs]
    assert said[0].startswith("Taking the last trick with the Petit in it is worth 10 times")
    assert said[1] == ("A side that wins every trick and takes the last one with the Excuse scores the petit au "
                       "bout by playing the Petit in the next-to-last trick.")


def test_a_taker_who_announces_the_chelem_leads_the_first_trick() -> None:
    """Seed 003: the side "announces chelem before the first play, and leads to the first trick"; otherwise the
    player after the dealer leads (the first deal's dealer is N: E)."""
    state = GAME.initial_state(FOUR)
    assert GAME.first_lead(FOUR, state, {"taker": "S", "contract": "garde"})[1] == E.index
    assert GAME.first_lead(FOUR, state, {"taker": "S", "contract": "garde", "chelem_announced": True})[1] == S.index


def test_what_the_cards_say_of_a_chelem_is_a_sentence_in_every_language() -> None:
    """Deal C: the lines shown before the score say the chelem as a sentence, not a form's choice after a colon
    ("Chelem : Annoncé et réussi (+400)", a tester), and count bouts and points as the breakdown does."""
    _record, lines = GAME.record_from_plays(FOUR, {"taker": "N", "contract": "garde_sans", "chelem_announced": True},
                                            deal_c())
    said = [str(line) for line in lines]
    assert said[0] == "The attack (N): 91 points and 3 bouts; the defence: 0 points."
    assert "Chelem announced and made: the attack took every trick." in said
    with translation.override("fr"):
        assert not any(re.search(r"Chelem\W+Annoncé", translate(line)) for line in lines)


def test_a_chelem_announced_but_not_made_fails() -> None:
    contract = contract_record(FOUR, {"taker": "S", "contract": "garde", "chelem": "announced_failed"})
    assert derive(FOUR, contract, deal_a(), ecart=cards(ECART_A)).chelem is Chelem.ANNOUNCED_FAILED


# -- the Excuse ---------------------------------------------------------------------------------------------

def test_the_excuse_stays_with_its_owner_who_gives_a_half_point_card() -> None:
    """Deal A, trick 17: E's Excuse to S's trick. E keeps it (4½) and gives S ½ for it."""
    found = derive(FOUR, contract_record(FOUR, {"taker": "S", "contract": "garde"}), deal_a())
    excuse = found.excuse
    assert excuse is not None
    assert (excuse.owner, excuse.trick, excuse.winner, excuse.kept, excuse.half_point) == (E, 17, S, True, True)


def test_the_takers_own_excuse_is_exchanged_too() -> None:
    """Deal B, trick 16: E leads its Excuse, W takes the trick; E keeps the Excuse and gives W ½."""
    found = derive(FOUR, contract_record(FOUR, {"taker": "E", "contract": "prise"}), deal_b())
    excuse = found.excuse
    assert excuse is not None and (excuse.owner, excuse.winner, excuse.kept, excuse.half_point) == (E, W, True, True)
    assert found.bouts == 2  # it is still the attack's bout


def test_the_excuse_played_to_the_last_trick_goes_to_the_side_that_takes_it() -> None:
    """Deal A with E keeping its Excuse for the last trick: E throws the 9♣ on trick 17 (1+1+1+1 = 4, as
    before with the exchange) and the Excuse on trick 18, which S takes with the Petit: 9+1+1+9 = 20. S has 60
    in suits, 12+4+4+4+4+20 = 48 in trumps and 6 in the écart: 114 halves = 57 points, and the three bouts."""
    tricks = list(DEAL_A)
    tricks[16], tricks[17] = "T17 T15 T6 9C", "T1 1S 8D EX"
    deal = played(new_deal(FOUR, taker=S, first_leader=N), tricks)
    assert deal.flags == ()
    found = derive(FOUR, contract_record(FOUR, {"taker": "S", "contract": "garde"}), deal)
    assert (found.attack_halves, found.bouts) == (114, 3)
    assert found.excuse is not None and not found.excuse.kept and not found.excuse.half_point


def test_the_defence_keeping_its_excuse_against_a_chelem_still_owes_the_half_point() -> None:
    """Deal C with N's Excuse swapped for E's King of hearts: E throws the Excuse on trick 7, N leads the King
    of hearts to the last trick. N takes every trick; E keeps its Excuse and owes ½ with no trick to give it
    from: N holds 182 − 9 + 1 = 174 halves = 87 points and two bouts ("87 when the defence kept its Excuse")."""
    tricks = list(DEAL_C)
    tricks[6], tricks[17] = "JS EX KD QC", "KH 7D 6H 4D"
    deal = played(new_deal(FOUR, taker=N, first_leader=N), tricks)
    assert deal.flags == () and winners(deal).split() == ["N"] * 18
    contract = contract_record(FOUR, {"taker": "N", "contract": "garde_sans", "chelem": "announced_made"})
    found = derive(FOUR, contract, deal)
    assert (found.attack_halves, found.bouts, found.chelem) == (174, 2, Chelem.ANNOUNCED_MADE)
    assert found.excuse is not None and (found.excuse.owner, found.excuse.trick, found.excuse.half_point) == (
        E, 7, True)
    _state, outcome = GAME.apply(FOUR, GAME.initial_state(FOUR), found.record.to_json())
    assert outcome.scores[0] == 3 * ((25 + 87 - 41) * 4 + 400)


def test_a_taker_holding_only_its_excuse_and_no_trick_still_owes_the_half_point() -> None:
    """The same deal with E as the taker in a garde contre: E takes no trick and its one bout is the Excuse,
    which it keeps and owes ½ for, as the defence does above. E holds 9 − 1 = 8 halves = 4 points with one
    bout (51 needed): down by 47, (25 + 47) × 6 = 432, and the defence's chelem +200: each defender +632."""
    tricks = list(DEAL_C)
    tricks[6], tricks[17] = "JS EX KD QC", "KH 7D 6H 4D"
    deal = played(new_deal(FOUR, taker=E, first_leader=N), tricks)
    found = derive(FOUR, contract_record(FOUR, {"taker": "E", "contract": "garde_contre"}), deal)
    assert (found.attack_halves, found.bouts, found.chelem) == (8, 1, Chelem.DEFENCE)
    assert found.record.points == "4"
    _state, outcome = GAME.apply(FOUR, GAME.initial_state(FOUR), found.record.to_json())
    assert outcome.scores == (632, -3 * 632, 632, 632)


# -- the partner at five -------------------------------------------------------------------------------------

def test_the_called_kings_holder_becomes_the_partner_when_the_king_is_played() -> None:
    table = GAME.table(["A", "B", "C", "D", "E"])
    king = Card("H", "K")
    for seed in range(50):  # the first shuffle where another player than the taker holds the King of hearts
        deal, dealt = random_deal(table, random.Random(seed), taker=0, called=king)
        holder = next((seat for seat, held in dealt.items() if king in held), 0)
        if holder != 0:
            break
    steps = next(i for i, p in enumerate(deal.seated) if p.card == king)
    before = dataclasses.replace(deal, plays=deal.plays[:steps])
    assert partner(before) is None
    assert partner(before.add(Card("H", "K"))) == table.seat(holder)
    found = derive(table, contract_record(table, {"taker": "A", "contract": "garde", "called_card": "KH"}), deal)
    assert found.record.partner == table.seat(holder)
    assert set(found.attack) == {table.seat(0), table.seat(holder)}


# -- refusals -----------------------------------------------------------------------------------------------

def test_a_deal_not_over_is_not_counted() -> None:
    deal = deal_a().undo()
    with pytest.raises(InvalidRecord) as refused:
        derive(FOUR, contract_record(FOUR, {"taker": "S", "contract": "garde"}), deal)
    assert "71 of the 72" in str(refused.value.errors["plays"])


def test_the_ecart_is_the_cards_nobody_played_and_a_legal_one() -> None:
    contract = contract_record(FOUR, {"taker": "S", "contract": "garde"})
    with pytest.raises(InvalidRecord) as refused:
        derive(FOUR, contract, deal_a(), ecart=cards("3S 9H 10H 10C 9D KD"))
    assert "nobody played" in str(refused.value.errors["ecart"])


def test_an_illegal_ecart_is_refused_with_its_rule() -> None:
    """Deal C's chien as an écart would be fine, but a Garde sans has none."""
    contract = contract_record(FOUR, {"taker": "N", "contract": "garde_sans"})
    with pytest.raises(InvalidRecord) as refused:
        derive(FOUR, contract, deal_c(), ecart=cards("1H 2H 3H 1D 2D 3D"))
    assert refused.value.rules["ecart"].key == "chien"


def test_the_chien_goes_to_the_takers_hand() -> None:
    contract = contract_record(FOUR, {"taker": "S", "contract": "garde"})
    with pytest.raises(InvalidRecord) as refused:
        derive(FOUR, contract, deal_a(), chien=cards("KH QC 3S 9H 10H 10C"))  # N played the KH
    assert "K♥ went to another player" in str(refused.value.errors["chien"])


# -- the revoke ---------------------------------------------------------------------------------------------

def test_a_revoke_is_named_with_the_trick_that_proves_it() -> None:
    """Deal A with E throwing the 9♣ on N's Queen of hearts in trick 5 and the 4♥ in the last trick: E still
    held hearts in trick 5, as its Jack of hearts in trick 6 proves."""
    tricks = list(DEAL_A)
    tricks[4], tricks[17] = "QH 9C 5H CH", "T1 1S 8D 4H"
    deal = played(new_deal(FOUR, taker=S, first_leader=N), tricks[:5])
    assert deal.flags == ()  # nothing proves it yet
    deal = played(deal, tricks[5:6])
    (flag,) = deal.flags
    assert (flag.kind, flag.index, flag.trick, flag.proven_by) == (FlagKind.REVOKE, 17, 5, 6)
    assert str(flag.rule) == "Follow suit"
    assert str(flag.explanation) == ("E played 9 of clubs in trick 5, but played Jack of hearts in trick 6, so "
                                     "held it then. ♥ was led and E held ♥: E had to play one (or the Excuse).")
    whole = played(deal, tricks[6:])
    assert [f.kind for f in whole.flags] == [FlagKind.REVOKE]  # recorded all the same: a fact of the deal
    assert derive(FOUR, contract_record(FOUR, {"taker": "S", "contract": "garde"}), whole).attack_halves == 106


def test_a_revoke_is_said_of_the_player_who_made_it_in_every_language() -> None:
    """"If void, trump" (RULINGS.md): E throws the 3 of clubs on N's spade lead, then trumps a heart with the 16, so
    held a trump in trick 1. The proof is about E, so it says "E had no ♠ […]: E had to play a trump", not "you"
    (a tester read "[…] so held it then. You have no ♠, the suit led: you must play a trump")."""
    deal = played(new_deal(FOUR, taker=S, first_leader=N), ["5S 3C KS 7S", "2H 3H 4H T16"])
    (flag,) = deal.flags
    assert (flag.kind, flag.trick, flag.proven_by, str(flag.rule)) == (FlagKind.REVOKE, 1, 2, "Trump when void")
    assert str(flag.explanation) == ("E played 3 of clubs in trick 1, but played Trump 16 in trick 2, so held it "
                                     "then. E had no ♠, the suit led: E had to play a trump.")
    for language in ("fr", "es"):
        with translation.override(language):
            said = translate(flag.explanation)
        assert not re.search(r"\b(vous|you|tienes|debes)\b", said, re.IGNORECASE), said


def test_undo_and_correct_a_card() -> None:
    deal = deal_a()
    wrong = deal.correct(5, Card("C", "K"))  # W's 8♠ in trick 2 entered as the King of clubs
    assert [(f.index, f.kind, f.trick, f.proven_by) for f in wrong.flags] == [
        (5, FlagKind.REVOKE, 2, 3),  # W's Jack of spades in trick 3 shows W could follow
        (24, FlagKind.PLAYED, 7, None),  # E leads the King of clubs to trick 7
    ]
    assert wrong.correct(5, Card("S", "8")) == deal
    shorter = deal.undo().undo()
    assert len(shorter.plays) == 70 and shorter.next_seat == N
    assert shorter.add(Card("D", "8")).add(Card("C", "9")).plays == deal.plays


def test_correcting_a_card_derives_everything_after_it_again() -> None:
    """Trick 12 with S playing the T16 entered as the T21: S still wins it, but its T21 in trick 13 is then a card
    played twice, which stops the count until corrected."""
    deal = deal_a()
    index = 11 * 4 + 3
    changed = deal.correct(index, Card("T", "21"))
    assert [f.kind for f in changed.flags] == [FlagKind.PLAYED]
    with pytest.raises(InvalidRecord):
        derive(FOUR, contract_record(FOUR, {"taker": "S", "contract": "garde"}), changed)
    assert changed.correct(index, Card("T", "16")) == deal


# -- any legal deal -----------------------------------------------------------------------------------------

def random_deal(table, rnd: random.Random, taker: int, called: Card | None = None) -> tuple[PlayedDeal, dict]:
    """Deal the 78 cards and play legal cards picked at random from the referee's legal plays."""
    n = table.size
    deck = list(full_deck("tarot"))
    rnd.shuffle(deck)
    size = HAND_SIZE[n]
    # The cards nobody plays are the écart in a prise or a garde, which holds no trump, King or Excuse: the chien
    # is dealt from the plain cards, so that the deal is one a table could play whatever the contract.
    chien = [c for c in deck if c.suit in "SHDC" and c.rank != "K"][:len(deck) - n * size]
    deck = [c for c in deck if c not in chien]
    dealt = {i: set(deck[i * size:(i + 1) * size]) for i in range(n)}
    held = {i: set(c) for i, c in dealt.items()}
    deal = new_deal(table, taker=table.seat(taker), first_leader=table.seat(rnd.randrange(n)), called=called)
    while not deal.complete:
        seat = deal.next_seat
        last = deal.tricks[-1] if deal.tricks else None
        trick = last.trick.cards() if last is not None and not last.complete else []
        first = not deal.tricks or (len(deal.tricks) == 1 and not deal.tricks[0].complete)
        legal = legal_plays(sorted(held[seat.index]), trick, called if first else None).legal
        card = rnd.choice(legal)
        held[seat.index].discard(card)
        deal = deal.add(card)
    return deal, dealt


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.sampled_from([3, 4, 5]), seed=st.integers(0, 2**32 - 1),
       contract=st.sampled_from(["prise", "garde", "garde_sans", "garde_contre"]), taker=st.integers(0, 4))
def test_a_random_legal_deal_has_no_flags_and_its_points_add_to_91(n, seed, contract, taker) -> None:
    table = GAME.table(["A", "B", "C", "D", "E"][:n])
    rnd = random.Random(seed)
    called = Card(rnd.choice("SHDC"), "K") if n == 5 else None
    deal, dealt = random_deal(table, rnd, taker % n, called)
    assert deal.flags == ()
    raw = {"taker": table.players[taker % n], "contract": contract}
    if called is not None:
        raw["called_card"] = called.code
    found = derive(table, contract_record(table, raw), deal)
    assert found.attack_halves + found.defence_halves == 182
    state, outcome = GAME.apply(table, GAME.initial_state(table), found.record.to_json())
    assert sum(outcome.scores) == 0
    if called is not None:
        holder = next(i for i, held in dealt.items() if called in held) if any(
            called in held for held in dealt.values()) else None
        expected = table.seat(holder) if holder is not None else table.seat(taker % n)
        assert found.record.partner == expected


# -- the monotonicity the revoke rests on -------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_more_cards_in_a_hand_only_add_obligations(data) -> None:
    """A card refused from some cards of a hand is refused from the whole hand (referee.played's assumption)."""
    deck = list(full_deck("tarot"))
    chosen = data.draw(st.lists(st.sampled_from(deck), min_size=1, max_size=22, unique=True))
    trick_size = data.draw(st.integers(0, min(4, len(chosen) - 1)))
    trick, hand = chosen[:trick_size], chosen[trick_size:]
    part = data.draw(st.lists(st.sampled_from(hand), min_size=1, unique=True))
    called = data.draw(st.sampled_from([None, Card("H", "K"), Card("S", "Q")])) if not trick else None
    whole = set(legal_plays(hand, trick, called).legal)
    some = set(legal_plays(part, trick, called).legal)
    assert whole & set(part) <= some


def test_the_game_turns_a_deal_played_card_by_card_into_its_record() -> None:
    record = GAME.record_from_tricks(FOUR, {"taker": "S", "contract": "garde", "bouts": 3, "points": 91},
                                     deal_a(), ecart=cards(ECART_A))
    assert (record.bouts, record.points, record.petit_au_bout) == (2, "53", PetitAuBout.ATTACK)
    assert GAME.parse(FOUR, record.to_json()) == record


@pytest.mark.parametrize(("contract", "aside", "in_play"), [
    ("garde", ECART_A, "KD"),  # the chien goes to the taker's hand: its King is played; the écart is not
    ("garde_sans", CHIEN_A, "9S"),  # nobody picks up the chien
])
def test_a_card_put_aside_before_play_is_flagged_when_played(contract, aside, in_play) -> None:
    said = {"taker": "S", "contract": contract, "chien": CHIEN_A.split(), "ecart": ECART_A.split()}
    deal = GAME.played_deal(FOUR, said, N)
    put_down = cards(aside)[0]
    assert [f.kind for f in deal.add(put_down).flags] == [FlagKind.ASIDE]
    assert deal.add(Card.parse(in_play, "tarot")).flags == ()


# -- a poignée the cards disprove -----------------------------------------------------------------------------

def poignees(*shown: tuple[str, str]) -> list[dict[str, str]]:
    return [{"side": side, "size": size} for side, size in shown]


@pytest.mark.parametrize("shown", [
    poignees(("attack", "triple")),  # a tester: 15 trumps, and S played 7 (the 21, the 20 to the 16, the Petit)
    poignees(("attack", "simple")),  # 10
    poignees(("defence", "simple")),  # N, E and W played 5 trumps each, E's counting its Excuse
])
def test_a_poignee_needs_as_many_trumps_as_the_cards_show_a_player_of_its_side_held(shown) -> None:
    """"Poignée thresholds (simple/double/triple): […] 4 players 10/13/15. The Excuse may stand for a missing
    trump only if the player has no other trump beyond those shown" (RULINGS.md). Deal A played out shows every
    hand: nobody held 10 trumps, so no poignée could be shown, and the record is refused citing the rule."""
    contract = contract_record(FOUR, {"taker": "S", "contract": "garde", "poignees": shown})
    with pytest.raises(InvalidRecord) as refused:
        derive(FOUR, contract, deal_a(), ecart=cards(ECART_A))
    assert refused.value.rules["poignees"].key == "poignee"
    if shown[0]["side"] == "attack":
        assert str(refused.value.errors["poignees"]).startswith(
            f"The attack showed a {shown[0]['size']} poignée ({15 if shown[0]['size'] == 'triple' else 10} trumps at "
            "4 players), but S, alone in the attack, held only 7 trumps in this deal, the Excuse counted.")
    else:
        assert str(refused.value.errors["poignees"]) == (
            "The defence showed a simple poignée (10 trumps at 4 players), but its players held only 5 (N), 5 (E) "
            "and 5 (W) trumps in this deal, the Excuse counted.")


def test_a_poignee_of_the_trumps_and_the_excuse_the_taker_held_stands() -> None:
    """Deal C: N played twelve trumps and the Excuse, 13 with the Excuse standing in for a trump: a double poignée
    (13) stands, a triple (15) cannot be."""
    contract = {**CONTRACT_C, "poignees": poignees(("attack", "double"))}
    assert derive(FOUR, contract_record(FOUR, contract), deal_c()).record.poignees
    with pytest.raises(InvalidRecord) as refused:
        derive(FOUR, contract_record(FOUR, {**CONTRACT_C, "poignees": poignees(("attack", "triple"))}), deal_c())
    assert "N, alone in the attack, held only 13 trumps" in str(refused.value.errors["poignees"])


def test_at_five_the_partner_may_have_shown_the_attacks_poignee() -> None:
    """At five the attack is the taker and the called King's holder: the record says which side showed a
    poignée, not who, so it stands when either held its trumps (8 for a simple one), and two need two players
    holding enough. A shuffle where Ana takes, calls the King of hearts and Dan holds it with eight trumps (the
    Excuse counted); Ana has five, no defender more than four."""
    five = GAME.table(["Ana", "Bea", "Cris", "Dan", "Eva"])
    deal, dealt = random_deal(five, random.Random(39), taker=0, called=Card("H", "K"))
    held = {five.players[i]: sum(c.is_trump or c.is_excuse for c in hand) for i, hand in dealt.items()}
    assert held == {"Ana": 5, "Bea": 4, "Cris": 4, "Dan": 8, "Eva": 1}
    said = {"taker": "Ana", "contract": "garde", "called_card": "KH"}

    def derived(*shown: tuple[str, str]):
        return derive(five, contract_record(five, {**said, "poignees": poignees(*shown)}), deal)

    assert derived(("attack", "simple")).record.partner == five.seat(3)
    for shown in [(("attack", "double"),), (("attack", "simple"), ("attack", "simple")), (("defence", "simple"),)]:
        with pytest.raises(InvalidRecord) as refused:
            derived(*shown)
        assert refused.value.rules["poignees"].key == "poignee"
    with pytest.raises(InvalidRecord) as refused:
        derived(("attack", "simple"), ("attack", "simple"))
    assert str(refused.value.errors["poignees"]) == (
        "The attack showed a simple poignée and a simple poignée (8 and 8 trumps at 5 players), but its players held "
        "only 8 (Dan) and 5 (Ana) trumps in this deal, the Excuse counted.")


# -- a Queen called without the four Kings ----------------------------------------------------------------------

FIVE_NAMES = ["Ana", "Bea", "Cris", "Dan", "Eva"]


def played_hands(table, hands: dict[int, list[Card]], first_leader: int, taker: int, called: Card,
                 seed: int = 0) -> PlayedDeal:
    """The deal of these hands played out, each player picking a legal card at random."""
    rnd = random.Random(seed)
    held = {i: set(hand) for i, hand in hands.items()}
    deal = new_deal(table, taker=table.seat(taker), first_leader=table.seat(first_leader), called=called)
    while not deal.complete:
        seat = deal.next_seat
        last = deal.tricks[-1] if deal.tricks else None
        trick = last.trick.cards() if last is not None and not last.complete else []
        first = not deal.tricks or (len(deal.tricks) == 1 and not deal.tricks[0].complete)
        card = rnd.choice(legal_plays(sorted(held[seat.index]), trick, called if first else None).legal)
        held[seat.index].discard(card)
        deal = deal.add(card)
    return deal


def hands_with(ana: list[str], chien: list[str], seed: int = 7) -> tuple[dict[int, list[Card]], list[Card]]:
    """Five hands of 15 and a chien of 3: Ana's holding ``ana`` and no other King, the chien ``chien`` and plain
    cards, the rest shuffled among the others; the Queen of spades with Bea."""
    deck = [c for c in full_deck("tarot") if c.code not in {*ana, *chien, "QS"}]
    random.Random(seed).shuffle(deck)
    plain = [c for c in deck if c.suit in "SHDC" and c.rank != "K"][:3 - len(chien)]
    aside = cards(" ".join(chien)) + plain
    deck = [c for c in deck if c not in plain]
    filler = [c for c in deck if c.rank != "K"][:15 - len(ana)]  # no other King
    mine = cards(" ".join(ana)) + filler
    others = [Card("S", "Q"), *[c for c in deck if c not in filler]]
    hands = {0: mine, **{i: others[(i - 1) * 15:i * 15] for i in range(1, 5)}}
    assert all(len(h) == 15 for h in hands.values()) and len(aside) == 3
    return hands, aside


@pytest.mark.parametrize(("contract", "ana", "chien", "missing"), [
    ("garde_sans", ["KS", "KC", "KD"], ["KH"], "the King of hearts"),  # a tester: nobody takes the chien up
    ("garde_contre", ["KS", "KC", "KD"], ["KH"], "the King of hearts"),
    ("garde", ["KS", "KC"], [], "the Kings of hearts and diamonds"),  # played by other players
])
def test_a_queen_is_called_only_by_a_taker_holding_all_four_kings(contract, ana, chien, missing) -> None:
    """"5 players: the taker calls a King (a Queen if he holds all four Kings, then Knight, then Jack)"
    (RULINGS.md). Ana calls the Queen of spades; the cards show a King she never held: one another player played,
    or one left in the chien of a garde sans or contre, which nobody takes up."""
    five = GAME.table(FIVE_NAMES)
    hands, _aside = hands_with(ana, chien)
    deal = played_hands(five, hands, first_leader=1, taker=0, called=Card("S", "Q"))
    said = contract_record(five, {"taker": "Ana", "contract": contract, "called_card": "QS"})
    with pytest.raises(InvalidRecord) as refused:
        derive(five, said, deal)
    assert refused.value.rules["called_card"].key == "five-players"
    assert str(refused.value.errors["called_card"]) == (
        "Ana called the Queen of spades, but a Queen is called only by a taker holding all four Kings, and Ana "
        f"lacked {missing}.")


@pytest.mark.parametrize(("called", "ana", "missing"), [
    ("QS", ["KD"], {"en": ["the Kings of spades, hearts and clubs"],
                    "es": ["los Reyes de picas, corazones y tréboles"],
                    "fr": ["les Rois de pique, de cœur et de trèfle"]}),
    ("CS", ["KS", "KH", "KD", "QH"], {"en": ["the King of clubs and the Queens of spades, diamonds and clubs"],
                                      "es": ["el Rey de tréboles y las Damas de picas, diamantes y tréboles"],
                                      "fr": ["le Roi de trèfle et les Dames de pique, de carreau et de trèfle"]}),
])
@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_the_cards_a_taker_calling_a_queen_or_a_knight_did_not_hold_are_named_a_rank_at_a_time(called, ana, missing,
                                                                                                language) -> None:
    """A tester read "and Ana did not hold the King of spades, the King of hearts and the King of clubs": the
    cards of one rank are said together, "the Kings of spades, hearts and clubs" ("los Reyes de picas, corazones y
    tréboles"; French says its "de" before each suit, "les Rois de pique, de cœur et de trèfle", not "de pique,
    cœur et trèfle": a tester), one card alone as before, "the King of clubs and the Queens of spades, diamonds
    and clubs". A Knight called needs all four Kings and all four Queens: Bea holds the Queen of spades."""
    five = GAME.table(FIVE_NAMES)
    hands, _aside = hands_with(ana, [])
    deal = played_hands(five, hands, first_leader=1, taker=0, called=Card(called[1], called[0]))
    said = contract_record(five, {"taker": "Ana", "contract": "garde", "called_card": called})
    with pytest.raises(InvalidRecord) as refused:
        derive(five, said, deal)
    with translation.override(language):
        said = translate(refused.value.errors["called_card"])
    assert all(part in said for part in missing[language]), said
    if language == "en":
        assert said.endswith(f"and Ana lacked {missing['en'][0]}."), said


def test_the_kings_of_the_chien_a_taker_takes_up_are_the_takers() -> None:
    """In a Garde the taker takes the chien into hand: with the King of hearts from it, Ana holds all four Kings
    and may call a Queen. A Knight needs all four Queens too."""
    five = GAME.table(FIVE_NAMES)
    hands, aside = hands_with(["KS", "KC", "KD", "KH"], [])
    deal = played_hands(five, hands, first_leader=1, taker=0, called=Card("S", "Q"))
    chien = [Card("H", "K"), *aside[:2]]  # the King came from the chien; two plain cards of it went back down
    said = contract_record(five, {"taker": "Ana", "contract": "garde", "called_card": "QS"})
    found = derive(five, said, deal, chien=chien)
    assert found.record.partner == five.seat(1)  # Bea, with the Queen of spades
    knight = contract_record(five, {"taker": "Ana", "contract": "garde", "called_card": "CS"})
    with pytest.raises(InvalidRecord) as refused:
        derive(five, knight, deal)
    assert "a Knight is called only by a taker holding all four Kings and all four Queens" in str(
        refused.value.errors["called_card"])


def test_a_trump_in_the_ecart_is_not_in_the_poignee_shown_after_it() -> None:
    """A poignée is "declaring a certain number of trumps held before playing a card to the first trick" (seed
    003), after the écart: a trump the taker discarded is not among them (a tester: a Garde's poignée passed on a
    trump left in the écart). At five a simple poignée is 8; Ana plays the 2 to the 7 and the Excuse, 7, and the
    20 went down with her écart; her partner and the defence hold fewer: refused."""
    five = GAME.table(FIVE_NAMES)
    ana = cards("T2 T3 T4 T5 T6 T7 EX 2H 3H 4H 5H 6H 7H 8H 9H")
    aside = cards("T20 2D 3D")
    rest = [c for c in full_deck("tarot") if c not in {*ana, *aside}]
    rest.sort(key=lambda c: (c.suit != "T", c.code))  # the other trumps dealt round, 3 or 4 each
    hands = {0: ana, **{seat: rest[seat - 1::4] for seat in range(1, 5)}}
    deal = played_hands(five, hands, first_leader=1, taker=0, called=Card("S", "K"))
    said = contract_record(five, {"taker": "Ana", "contract": "garde", "called_card": "KS",
                                  "poignees": poignees(("attack", "simple"))})
    with pytest.raises(InvalidRecord) as refused:
        derive(five, said, deal)
    assert "Ana" in str(refused.value.errors["poignees"]) and "7 (Ana)" in str(refused.value.errors["poignees"])
