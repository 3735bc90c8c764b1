"""A deal played card by card (referee/played.py): tricks, who leads, and the flags, each citing its rule.

"The plays in order, grouped into tricks whose leader is the previous trick's winner. [...] At once: a card
already played, a card not in the deck, a play out of turn, and a play illegal whatever the rest of the hand;
a revoke proven later [...], naming both tricks. The person may still record a flagged play." (issue 12)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.paublillo.play import TRICK_RULES as PAUBLILLO
from referee.cards import Card, full_deck, parse_cards
from referee.game import Options, TableSpec
from referee.parse import InvalidRecord
from referee.played import FlagKind, PlayedDeal
from referee.text import _
from referee.tricks import Judgement, Situation, SituationShape, Trick, Verdict

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


class Whist:
    """Follow suit if you can; the highest card of the suit led wins."""

    shape = SituationShape(deck="french52")  # type: ignore[arg-type]

    def validate(self, context: Situation, errors: object) -> None:
        return None

    def legal_plays(self, context: Situation, hand: Sequence[Card], trick: Trick) -> Judgement:
        suit = trick.led.suit if trick.led else None
        follow = tuple(c for c in hand if c.suit == suit)
        return Judgement(_("Follow suit"), _("Follow suit if you can."), follow or tuple(hand))

    def winner(self, context: Situation, trick: Trick) -> Verdict:
        led = trick.plays[0].card.suit
        best = max((p for p in trick.plays if p.card.suit == led), key=lambda p: RANKS.index(p.card.rank))
        return Verdict(trick.plays.index(best), _("Highest of the suit led"), _("It wins."))

    def other_question(self, context: Situation) -> None:  # pragma: no cover - never asked here
        raise NotImplementedError


TABLE = TableSpec(("Ana", "Bea", "Cris"), Options())
ANA, BEA, CRIS = TABLE.seats()


def start(tricks: int = 4, **known: str) -> PlayedDeal:
    hands = {TABLE.seats()[["ana", "bea", "cris"].index(k)].index: parse_cards(v, "french52")
             for k, v in known.items()}
    return PlayedDeal.new(Whist(), Situation(TABLE), ANA, tricks=tricks, known=hands)


def play(deal: PlayedDeal, codes: str) -> PlayedDeal:
    for code in codes.split():
        deal = deal.add(Card.parse(code, "french52"))
    return deal


def kinds(deal: PlayedDeal) -> list[tuple[int, FlagKind]]:
    return [(f.index, f.kind) for f in deal.flags]


def test_the_winner_of_a_trick_leads_the_next() -> None:
    deal = play(start(), "2S KS 5S  3H AH 4H")
    assert [(t.leader, t.winner) for t in deal.tricks] == [(ANA, BEA), (BEA, CRIS)]
    assert [p.seat for p in deal.seated] == [ANA, BEA, CRIS, BEA, CRIS, ANA]
    assert deal.next_seat == CRIS


def test_a_trick_in_progress_has_no_winner_yet() -> None:
    deal = play(start(), "2S KS")
    (trick,) = deal.tricks
    assert not trick.complete and trick.winner is None and deal.next_seat == CRIS


def test_a_card_already_played_is_flagged_at_once_and_recorded() -> None:
    deal = play(start(), "2S KS 5S  KS")
    assert kinds(deal) == [(3, FlagKind.PLAYED)]
    assert "already played in trick 1" in str(deal.flags[0].explanation)
    assert len(deal.plays) == 4


def test_a_card_not_in_the_deck_is_flagged_at_once() -> None:
    deal = start().add(Card("T", "21"))
    assert kinds(deal) == [(0, FlagKind.NOT_IN_DECK)]


def test_a_play_out_of_turn_is_flagged_at_once() -> None:
    deal = start().add(Card.parse("2S", "french52"), seat=BEA)
    assert kinds(deal) == [(0, FlagKind.OUT_OF_TURN)]
    assert str(deal.flags[0].explanation) == "It was Ana's turn to play, not Bea's."


def test_a_card_face_down_where_every_card_is_face_up_is_flagged() -> None:
    deal = start().add(Card.parse("2S", "french52"), face_down=True)
    assert kinds(deal) == [(0, FlagKind.FACE_DOWN)]


def test_a_play_illegal_from_what_the_seat_is_known_to_hold_is_flagged_at_once() -> None:
    """Bea showed the 9♠ (known from the start): throwing a heart on a spade lead is illegal at once."""
    deal = play(start(bea="9S"), "2S 3H")
    (flag,) = deal.flags
    assert (flag.kind, flag.trick, flag.proven_by) == (FlagKind.ILLEGAL, 1, 1)


def test_a_revoke_is_flagged_when_a_later_card_proves_it_naming_both_tricks() -> None:
    deal = play(start(), "2S 3H 5S  4D 7D 6D")  # Cris takes trick 1 and leads trick 2; Ana takes it
    assert deal.flags == ()  # nothing proves Bea held a spade
    deal = play(deal, "8C 10S 9C")  # Ana leads; Bea's 10♠ shows she held a spade in trick 1
    (flag,) = deal.flags
    assert (flag.index, flag.kind, flag.trick, flag.proven_by) == (1, FlagKind.REVOKE, 1, 3)
    assert str(flag.explanation) == ("Bea played 3 of hearts in trick 1, but played 10 of spades in trick 3, so "
                                     "held it then. Follow suit if you can.")


class TrumpWhist(Whist):
    """Follow suit if you can; if you cannot, trump (hearts) if you can: two rules, as in the Spanish games."""

    FOLLOW = _("Follow suit")
    TRUMP = _("Trump when you cannot follow suit")

    def legal_plays(self, context: Situation, hand: Sequence[Card], trick: Trick) -> Judgement:
        if trick.led is None:
            return Judgement(_("Leading"), _("Lead any card."), tuple(hand))
        follow = tuple(c for c in hand if c.suit == trick.led.suit)
        if follow:
            return Judgement(self.FOLLOW, _("You hold the suit led: you must follow suit."), follow)
        trumps = tuple(c for c in hand if c.suit == "H")
        if trumps:
            return Judgement(self.TRUMP, _("You hold none of the suit led: you must trump."), trumps)
        return Judgement(_("Discard"), _("Play any card."), tuple(hand))

    def winner(self, context: Situation, trick: Trick) -> Verdict:
        led = trick.plays[0].card.suit
        suit = "H" if any(p.card.suit == "H" for p in trick.plays) else led
        best = max((p for p in trick.plays if p.card.suit == suit), key=lambda p: RANKS.index(p.card.rank))
        return Verdict(trick.plays.index(best), _("Highest trump, else of the suit led"), _("It wins."))


def test_a_revoke_names_the_rule_all_the_cards_prove_broken_and_the_trick_that_proves_it() -> None:
    """"In the order dealt, players must then play a card of the same suit if they can. If not, they must play a
    trump card if they have one" (seed 003, French Tarot). Bea discards a diamond on a spade lead, shows a trump
    in trick 2 (had she no spade, she broke "trump"), then a spade in trick 3: she held a spade, so she broke
    "follow suit", proven by trick 3, and the flag does not say she had none (found by a tester, in Toruro)."""
    deal = PlayedDeal.new(TrumpWhist(), Situation(TABLE), ANA, tricks=3)
    deal = play(deal, "2S 3D 5S  4C 7C 2H")  # Cris takes trick 1 and leads trick 2; Bea trumps it
    (flag,) = deal.flags
    assert (flag.rule, flag.trick, flag.proven_by) == (TrumpWhist.TRUMP, 1, 2)  # all that the cards say so far
    deal = play(deal, "10S 6S 9S")  # Bea leads the 10 of spades: she held it in trick 1
    (flag,) = deal.flags
    assert (flag.index, flag.kind, flag.rule, flag.trick, flag.proven_by) == (1, FlagKind.REVOKE, TrumpWhist.FOLLOW,
                                                                              1, 3)
    assert str(flag.explanation) == ("Bea played 3 of diamonds in trick 1, but played 10 of spades in trick 3, so "
                                     "held it then. You hold the suit led: you must follow suit.")


def test_undo_takes_back_the_last_card() -> None:
    deal = play(start(), "2S 3H 5S  4D")
    assert deal.undo().plays == deal.plays[:-1] and deal.undo().next_seat == CRIS
    with pytest.raises(InvalidRecord):
        start().undo()


def test_correcting_a_card_derives_everything_after_it_again() -> None:
    deal = play(start(), "2S 3S 5S  4D 6D 7D")  # Cris takes trick 1 with the 5♠ and leads the 4♦
    assert [t.winner for t in deal.tricks] == [CRIS, BEA]
    fixed = deal.correct(1, Card.parse("KS", "french52"))  # Bea's card was the King: Bea leads trick 2
    assert [t.winner for t in fixed.tricks] == [BEA, ANA]
    assert [p.seat for p in fixed.seated[3:]] == [BEA, CRIS, ANA]


def test_no_card_after_the_last_trick_and_no_seat_not_dealt_in() -> None:
    deal = play(start(tricks=1), "2S 3S 5S")
    assert deal.complete and deal.next_seat is None
    with pytest.raises(InvalidRecord):
        deal.add(Card.parse("6S", "french52"))
    with pytest.raises(InvalidRecord):
        start().add(Card.parse("6S", "french52"), seat=TABLE.seat(0).__class__(7, "Eve"))


def test_a_whole_legal_deal_knowing_every_hand_has_no_flag() -> None:
    deal = play(start(tricks=2, ana="2S 4D", bea="3S 6D", cris="5S 7D"), "2S 3S 5S  7D 4D 6D")
    assert deal.flags == () and dataclasses.replace(deal, known={}).flags == ()


# -- the monotonicity assumption, on Paublillo's rules ------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_paublillo_more_cards_only_add_obligations(data) -> None:
    """A card refused from some cards of a hand is refused from the whole hand, the lone monja included."""
    deck = list(full_deck("spanish40"))
    chosen = data.draw(st.lists(st.sampled_from(deck), min_size=2, max_size=6, unique=True))
    trump = data.draw(st.sampled_from("OCEB"))
    trick, hand = chosen[:1], chosen[1:]
    part = data.draw(st.lists(st.sampled_from(hand), min_size=1, unique=True))
    context = Situation(TABLE, trump=trump)
    whole = set(PAUBLILLO.legal_plays(context, hand, Trick.of(trick)).legal)
    some = set(PAUBLILLO.legal_plays(context, part, Trick.of(trick)).legal)
    assert whole & set(part) <= some
