"""Toruro derived from its cards: real deals played card by card, the pots and the lulos worked out by hand.

"The ace is the highest card in any suit, but the next-to-highest rank is the 3. Then [...] rey, caballero,
sota, 7, 6, 5, 4, and finally, 2." "On the first round, the starting player must: Place the Ace of trump if
he/she has it [...] all the other players must follow suit if possible. If they can't, they must play a trump
card." "Any player decided to 'go' and did not take any pot OR any player who misplayed a rule [...] commits
'lulo'." (seed 002) "A rule-breaker keeps any pot they won." (RULINGS.md, Toruro)

Ana, Luis, Pepe, Marta and Juan sit in the order of play; Ana deals the first deal, so Luis leads; everyone goes
(house rule 3). The 5 of bastos is turned: bastos are trumps (a 5: the 7 stands in for nothing).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.toruro.cards import contract_record, derive, new_deal
from games.toruro.play import REFEREE, PlayRule
from games.toruro.rules import GAME
from referee.cards import Card, full_deck
from referee.parse import InvalidRecord
from referee.played import FlagKind, PlayedDeal
from referee.tricks import Situation, Trick

FIVE = GAME.table(["Ana", "Luis", "Pepe", "Marta", "Juan"])  # Ana deals first
ANA, LUIS, PEPE, MARTA, JUAN = FIVE.seats()
TURNED = Card("B", "5")
CONTRACT = {"turned_card": "5B", "went": ["Ana", "Luis", "Pepe", "Marta", "Juan"]}


def cards(codes: str) -> list[Card]:
    return [Card.parse(c, "spanish40") for c in codes.split()]


def played(deal: PlayedDeal, tricks: Sequence[str]) -> PlayedDeal:
    for trick in tricks:
        for card in cards(trick):
            deal = deal.add(card)
    return deal


def fresh(went: Sequence = (), turned: Card = TURNED) -> PlayedDeal:
    """A deal Ana dealt, played by those who went (everyone when not said)."""
    return new_deal(FIVE, turned, dealer=ANA, went=went or FIVE.seats())


def debts(state) -> list[tuple[str, int]]:
    return [(FIVE.players[d.debtor], d.amount) for d in state.ledger.debts]


# -- Deal M: Pepe trumps holding copas, proven when he leads his 3 of copas -------------------------------------
# Hands: Luis 12O 4C 2E · Pepe 6O 7B 3C · Marta 1O 11C 4E · Juan 2O 10E 6C · Ana 7O 12C 3E
DEAL_M = (
    "12O 6O 1O 2O 7O",    # 1 Luis leads freely (no Ace of trumps, not both 3 and King); all follow oros; the
                          #   Ace is highest: Marta takes the cabeza
    "11C 6C 12C 4C 7B",   # 2 Marta leads copas; Pepe trumps with the 7 of bastos though he holds the 3 of copas:
                          #   the only trump takes the barriga: Pepe
    "3C 4E 10E 3E 2E",    # 3 Pepe leads the 3 of copas (proving his revoke); nobody else has copas or trumps:
                          #   Pepe takes the cola
)
# Pots: the first deal's pots are Ana's three chips, one a pot: Marta +1, Pepe +2, Ana −3.
# Lulos of 3 (the money in the pots when play started): Luis, Juan and Ana took no trick; Pepe broke
# "follow suit" (and keeps his two pots).

# -- Deal L: Luis leads the oros holding the Ace of trumps ----------------------------------------------------
# Hands: Luis 12O 1B 2E · Pepe 6O 7B 3C · Marta 1O 11C 4E · Juan 2O 10E 6C · Ana 7O 12C 3E
DEAL_L = (
    "12O 6O 1O 2O 7O",    # 1 Luis should have led the Ace of bastos; Marta's Ace of oros takes the cabeza
    "11C 6C 12C 1B 3C",   # 2 Luis, void in copas, must trump: the Ace of bastos takes the barriga
    "2E 7B 4E 10E 3E",    # 3 Luis leads espadas; Pepe, void, trumps: his 7 of bastos takes the cola
)


def test_the_winner_of_each_trick_takes_its_pot_and_leads_the_next() -> None:
    deal = played(fresh(), DEAL_M)
    assert [t.winner for t in deal.tricks] == [MARTA, PEPE, PEPE]
    assert [t.leader for t in deal.tricks] == [LUIS, MARTA, PEPE]


def test_a_misplay_proven_later_is_a_lulo_and_the_rule_breaker_keeps_his_pots() -> None:
    deal = played(fresh(), DEAL_M)
    (flag,) = deal.flags
    assert (flag.kind, flag.index, flag.trick, flag.proven_by) == (FlagKind.REVOKE, 9, 2, 3)
    found = derive(FIVE, contract_record(FIVE, CONTRACT), deal)
    assert found.takers == (MARTA, PEPE, PEPE)
    assert [(m.misplay.player, m.misplay.rule) for m in found.misplays] == [(PEPE, PlayRule.FOLLOW_SUIT)]
    state, outcome = GAME.apply(FIVE, GAME.initial_state(FIVE), found.record.to_json())
    assert outcome.scores == (-3, 0, 2, 1, 0)
    assert sorted(debts(state)) == [("Ana", 3), ("Juan", 3), ("Luis", 3), ("Pepe", 3)]


def test_the_same_deal_played_rightly_has_no_lulo_for_pepe() -> None:
    """Pepe follows with his 3 of copas (the highest copas: he still takes the barriga) and leads the 7 of
    bastos to the third trick, which nobody can trump: the same pots, no misplay."""
    deal = played(fresh(), [DEAL_M[0], "11C 6C 12C 4C 3C", "7B 4E 10E 3E 2E"])
    assert deal.flags == ()
    found = derive(FIVE, contract_record(FIVE, CONTRACT), deal)
    assert found.takers == (MARTA, PEPE, PEPE) and found.record.misplays == ()
    state, _outcome = GAME.apply(FIVE, GAME.initial_state(FIVE), found.record.to_json())
    assert sorted(debts(state)) == [("Ana", 3), ("Juan", 3), ("Luis", 3)]


def test_a_first_lead_without_the_ace_of_trumps_is_proven_when_the_ace_is_played() -> None:
    deal = played(fresh(), DEAL_L[:1])
    assert deal.flags == ()
    deal = played(deal, DEAL_L[1:])
    (flag,) = deal.flags
    assert (flag.kind, flag.index, flag.trick, flag.proven_by) == (FlagKind.REVOKE, 0, 1, 2)
    assert str(flag.rule) == "First trick: lead the Ace of trumps"
    found = derive(FIVE, contract_record(FIVE, CONTRACT), deal)
    assert found.takers == (MARTA, LUIS, PEPE)
    assert [(m.player, m.rule) for m in found.record.misplays] == [(LUIS, PlayRule.LEAD_ACE)]
    state, outcome = GAME.apply(FIVE, GAME.initial_state(FIVE), found.record.to_json())
    assert outcome.scores == (-3, 1, 1, 1, 0)  # each taker a pot; Luis keeps the barriga
    assert sorted(debts(state)) == [("Ana", 3), ("Juan", 3), ("Luis", 3)]


def test_a_play_illegal_from_what_is_known_is_flagged_at_once() -> None:
    """Luis shows his hand (known from the start): leading the King of oros over his Ace of bastos is flagged
    at the first card."""
    known = {LUIS.index: cards("12O 1B 2E")}
    deal = new_deal(FIVE, TURNED, dealer=ANA, went=FIVE.seats(), known=known).add(Card("O", "12"))
    (flag,) = deal.flags
    assert (flag.kind, flag.proven_by) == (FlagKind.ILLEGAL, 1)


def test_the_seven_of_trumps_stands_in_for_a_turned_ace() -> None:
    """The Ace of bastos turned: Luis's 7 of bastos plays as the Ace, so he must lead it to the first trick,
    and it beats Pepe's 3 of bastos."""
    turned = Card("B", "1")
    deal = played(fresh(turned=turned), ["7B 3B 1O 2O 7O"])
    assert deal.flags == () and deal.tricks[0].winner == LUIS
    wrong = played(fresh(turned=turned), ["12O 6O 1O 2O 7O", "11C 6C 12C 7B 3C"])
    assert [f.kind for f in wrong.flags] == [FlagKind.REVOKE]


def test_only_those_who_went_play_and_the_first_of_them_leads() -> None:
    """Luis and Juan stay out: Pepe, Marta and Ana play; Pepe, first after the dealer, leads."""
    went = (PEPE, MARTA, ANA)
    deal = played(fresh(went=went), ["6O 1O 7O", "11C 12C 3C", "7B 4E 3E"])
    assert [t.winner for t in deal.tricks] == [MARTA, PEPE, PEPE]
    contract = contract_record(FIVE, {"turned_card": "5B", "went": ["Pepe", "Marta", "Ana"]})
    found = derive(FIVE, contract, deal)
    assert found.record.takers == (MARTA, PEPE, PEPE)


def test_a_deal_not_over_is_not_counted() -> None:
    with pytest.raises(InvalidRecord) as refused:
        derive(FIVE, contract_record(FIVE, CONTRACT), played(fresh(), DEAL_M).undo())
    assert "14 of the 15" in str(refused.value.errors["plays"])


def test_the_turned_card_lies_by_the_pots() -> None:
    deal = played(fresh(), [DEAL_M[0], "11C 6C 12C 4C 5B", "3C 4E 10E 3E 2E"])
    with pytest.raises(InvalidRecord) as refused:
        derive(FIVE, contract_record(FIVE, CONTRACT), deal)
    assert "turned card" in str(refused.value.errors["plays"])


def test_the_cards_are_played_by_those_who_went() -> None:
    contract = contract_record(FIVE, {"turned_card": "5B", "went": ["Pepe", "Marta"]})
    with pytest.raises(InvalidRecord) as refused:
        derive(FIVE, contract, played(fresh(), DEAL_M))
    assert "went" in refused.value.errors


def test_the_game_turns_a_deal_played_card_by_card_into_its_record() -> None:
    record = GAME.record_from_tricks(FIVE, {**CONTRACT, "tricks": ["Ana", "Ana", "Ana"], "misplays": []},
                                     played(fresh(), DEAL_M))
    assert record.takers == (MARTA, PEPE, PEPE) and len(record.misplays) == 1
    assert GAME.parse(FIVE, record.to_json()) == record


def test_nobody_went_leaves_no_trick_and_no_misplay() -> None:
    record = GAME.record_from_tricks(FIVE, {"turned_card": "5B", "went": []}, None)
    assert record.tricks == () and record.misplays == ()


# -- any legal deal -----------------------------------------------------------------------------------------

def random_deal(table, rnd: random.Random) -> tuple[PlayedDeal, Card]:
    """Turn a card, deal three to each who goes and play legal cards picked at random from the referee's."""
    deck = list(full_deck("spanish40"))
    rnd.shuffle(deck)
    turned, rest = deck[0], deck[1:]
    went = [s for s in table.seats() if rnd.random() < 0.7] or [table.seat(0)]
    held = {s.index: set(rest[i * 3:(i + 1) * 3]) for i, s in enumerate(went)}
    deal = new_deal(table, turned, dealer=table.seat(rnd.randrange(table.size)), went=went)
    while not deal.complete:
        seat = deal.next_seat
        last = deal.tricks[-1] if deal.tricks else None
        trick = last.trick if last is not None and not last.complete else Trick()
        number = len(deal.tricks) + (0 if trick.plays else 1)
        context = Situation(table, trump=turned.suit, turned=turned, trick_number=number)
        legal = REFEREE.legal_plays(context, sorted(held[seat.index]), trick).legal
        chosen = rnd.choice(legal)
        held[seat.index].discard(chosen)
        deal = deal.add(chosen)
    return deal, turned


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(5, 10), seed=st.integers(0, 2**32 - 1))
def test_a_random_legal_deal_has_no_flags_and_derives_a_record_the_game_accepts(n, seed) -> None:
    table = GAME.table([f"P{i}" for i in range(n)], {"first_deal_all_go": False, "trump_ace_all_go": False})
    deal, turned = random_deal(table, random.Random(seed))
    assert deal.flags == ()
    contract = contract_record(table, {"turned_card": turned.code, "went": [s.name for s in deal.seats]})
    found = derive(table, contract, deal)
    assert found.record.misplays == () and len(found.takers) == 3
    state, outcome = GAME.apply(table, GAME.initial_state(table), found.record.to_json())
    assert sum(outcome.scores) + sum(state.ledger.pots.values()) == 0
    losers = {s for s in deal.seats if s not in found.takers}
    assert {table.seat(d.debtor) for d in state.ledger.debts} == losers


# -- the monotonicity the revoke rests on -------------------------------------------------------------------

@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_more_cards_in_a_hand_only_add_obligations(data) -> None:
    """A card refused from some cards of a hand is refused from the whole hand (referee.played's assumption):
    the lead rules (the Ace, the 3 and King, the highest trump to the second trick) and the following rules."""
    deck = list(full_deck("spanish40"))
    turned = data.draw(st.sampled_from(deck))
    chosen = data.draw(st.lists(st.sampled_from([c for c in deck if c != turned]), min_size=2, max_size=12,
                                unique=True))
    trick_size = data.draw(st.integers(0, min(9, len(chosen) - 1)))
    trick, hand = Trick.of(chosen[:trick_size]), chosen[trick_size:]
    part = data.draw(st.lists(st.sampled_from(hand), min_size=1, unique=True))
    context = Situation(FIVE, trump=turned.suit, turned=turned, trick_number=data.draw(st.integers(1, 3)))
    whole = set(REFEREE.legal_plays(context, hand, trick).legal)
    some = set(REFEREE.legal_plays(context, part, trick).legal)
    assert whole & set(part) <= some
