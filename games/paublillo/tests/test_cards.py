"""Paublillo derived from its cards: real deals played card by card, the tricks worked out by hand.

"Trumps: 4, 3, 2, King, Horse, Jack, Ace, 7, 6, 5. Other suits: King, Horse, Jack, Ace, 7, 6, 5, 4, 3, 2."
"If the card that is led is a trump, each of the other players must play a trump if possible, except that a
player whose only trump is the 4 does not have to play it." "A face down card cannot win the trick. An exception
to this rule is the vuelta [...] The player who played the face down (vuelta) card acquires the right to lead to
the third trick, irrespective of whether the face down card won the second trick or not." (seed 000)

Ana and Luis are team A, Bea and Eva team B, in the order of play. Eva deals, so Ana leads the first trick.
A card written ``6C*`` is played face down.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import pytest
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.paublillo.cards import contract_record, derive, new_deal
from games.paublillo.play import TRICK_RULES, VUELTA_TRICK
from games.paublillo.record import Tricks
from games.paublillo.rules import GAME
from games.paublillo.teams import Team
from referee.cards import Card, full_deck
from referee.parse import InvalidRecord
from referee.played import FlagKind, PlayedDeal
from referee.tricks import Situation, Trick
from scoring.services import translate

FOUR = GAME.table(["Ana", "Bea", "Luis", "Eva"], first_dealer=3)
ANA, BEA, LUIS, EVA = FOUR.seats()
OROS_TURNED = Card("O", "6")  # oros are trumps


def card(code: str) -> Card:
    return Card.parse(code.rstrip("*"), "spanish40")


def played(deal: PlayedDeal, tricks: Sequence[str]) -> PlayedDeal:
    """Each trick's cards in the order played (its leader first), ``*`` for face down: whoever's turn it is."""
    for trick in tricks:
        for code in trick.split():
            deal = deal.add(card(code), face_down=code.endswith("*"))
    return deal


def fresh() -> PlayedDeal:
    return new_deal(FOUR, turned=OROS_TURNED, first_leader=ANA)


def names(seats) -> list[str]:
    return [s.name for s in seats]


# -- Deal V: the vuelta that does not win, and still leads ------------------------------------------------------
# Hands: Ana 4E 6C 7O · Bea 2O 3C 5B · Luis 11C 2E 12B · Eva 1C 3B 12E; the 6 of oros turned.
DEAL_V = (
    "4E 2O 2E 12E",    # 1 Ana leads espadas; Bea trumps with the 2 of oros, which wins: B
    "3C 11C 1C 6C*",   # 2 Bea leads copas; Ana's 6C face down is the vuelta: counted face up it is under Luis's
                       #   Horse (King, Horse, Jack, Ace, 7, 6...), so Luis wins for A; Ana leads the third
    "7O 5B 12B 3B",    # 3 Ana leads the 7 of oros, the only trump left: A
)
# Tricks B, A, A: team A takes two. Envido by B accepted (3): A scores 3.

# -- Deal W: the vuelta card wins the second trick ---------------------------------------------------------------
# Hands: Ana 4E 6C 7O · Bea 2O 3C 5B · Luis 11C 2E 12B · Eva 1C 3B 12E (as in deal V)
DEAL_W = (
    "4E 2O 2E 12E",    # 1 B, as before
    "3C 11C 1C 7O*",   # 2 Ana's vuelta is the 7 of oros: counted as if face up, the only trump wins: A
    "6C 5B 12B 3B",    # 3 Ana leads the 6 of copas, the only copas: A
)


def test_the_vuelta_player_leads_the_third_trick_even_when_another_won_the_second() -> None:
    deal = played(fresh(), DEAL_V)
    assert deal.flags == () and deal.over
    assert names(t.winner for t in deal.tricks) == ["Bea", "Luis", "Ana"]
    assert names(t.leader for t in deal.tricks) == ["Ana", "Bea", "Ana"]  # Luis won the second, Ana leads


def test_deal_v_with_an_envido_accepted_scores_three_for_team_a() -> None:
    contract = contract_record(FOUR, {"bets": [{"team": "B", "stake": "envido"}]})
    found = derive(FOUR, contract, played(fresh(), DEAL_V))
    assert found.record.tricks is Tricks.BAA and found.vuelta == ANA
    assert found.teams == (Team.B, Team.A, Team.A)
    assert [p.card.code for p in found.face_down] == ["6C"]
    state, outcome = GAME.apply(FOUR, GAME.initial_state(FOUR), found.record.to_json())
    assert outcome.scores == (3, 0) and state.totals == (3, 0)


def test_the_vuelta_card_counts_as_if_face_up() -> None:
    deal = played(fresh(), DEAL_W)
    assert deal.flags == ()
    assert names(t.winner for t in deal.tricks) == ["Bea", "Ana", "Ana"]
    assert deal.tricks[1].winning_card == Card("O", "7")


def test_only_the_face_down_last_card_of_the_second_trick_is_named_the_vuelta() -> None:
    """Seed, "Vuelta": the last player to the second trick "may play their card face down... This is known as a
    vuelta". Luis's 2 of espadas face down to the espadas lead of trick 1 is a card face down, nothing more."""
    deal = played(fresh(), ("4E 2O 2E* 12E", *DEAL_V[1:]))
    assert deal.flags == ()
    named = [[deal.course.face_down_name(deal, done, i) for i, p in enumerate(done.trick.plays) if p.face_down]
             for done in deal.tricks]
    assert [[name and str(name) for name in trick] for trick in named] == [[None], ["vuelta"], []]


def test_a_face_down_card_cannot_win_a_trick_other_than_the_vuelta() -> None:
    """Bea's 2 of oros face down in the first trick is a trump, but counts for nothing: Eva's King of espadas,
    the highest face-up espadas, wins."""
    deal = played(fresh(), ["4E 2O* 2E 12E"])
    assert deal.flags == () and deal.tricks[0].winner == EVA


def test_the_deal_may_end_once_a_team_has_two_tricks() -> None:
    """Ana's paublillo (3 of oros) takes the first trick, her King of copas the second: A has two, no third."""
    # Hands: Ana 3O 12C 5E · Bea 2O 7C 4B · Luis 11C 2E 6B · Eva 1C 3B 5O
    deal = played(fresh(), ["3O 2O 2E 5O", "12C 7C 11C 1C"])
    assert deal.flags == () and deal.over and not deal.complete
    found = derive(FOUR, contract_record(FOUR, {}), deal)
    assert found.record.tricks is Tricks.AA
    _state, outcome = GAME.apply(FOUR, GAME.initial_state(FOUR), found.record.to_json())
    assert outcome.scores == (1, 0)  # a deal without raises is worth 1


def test_after_a_vuelta_the_third_trick_is_played_all_the_same() -> None:
    """The vuelta card is shown only at the end of the third trick: two tricks to A are not the end yet."""
    deal = played(fresh(), ["4E 2O 2E 12E", "3C 11C 1C 7O*"])
    assert deal.tricks[1].winner == ANA and not deal.over
    deal = played(fresh(), ["12E 2O 2E 4E", "3C 11C 1C 7O*"])  # Bea leads the second after her 2 of oros
    assert not deal.over
    with pytest.raises(InvalidRecord) as refused:
        derive(FOUR, contract_record(FOUR, {}), deal)
    assert "not over" in str(refused.value.errors["plays"])


def test_a_refused_raise_ends_the_deal_and_the_cards_played_do_not_count() -> None:
    """B raised envido, A seis, B refused: A scores the envido that stood (3), whatever the first trick."""
    contract = contract_record(FOUR, {"bets": [{"team": "B", "stake": 3}, {"team": "A", "stake": 6}],
                                      "refused": True, "tricks": "BB"})
    found = derive(FOUR, contract, played(fresh(), DEAL_V[:1]))
    assert found.record.tricks is None and found.winners == (BEA,)
    _state, outcome = GAME.apply(FOUR, GAME.initial_state(FOUR), found.record.to_json())
    assert outcome.scores == (3, 0)


# -- flags ------------------------------------------------------------------------------------------------------

def test_a_revoke_to_a_trump_lead_is_proven_by_the_trump_played_later() -> None:
    """Ana leads the 7 of oros; Bea throws the 3 of copas, then plays the 2 of oros in the second trick: she
    held a trump when one was led."""
    deal = played(fresh(), ["7O 3C 2E 1C"])
    assert deal.flags == ()  # nothing proves it yet
    deal = played(deal, ["4E 2O 12B 12E"])
    (flag,) = deal.flags
    assert (flag.kind, flag.index, flag.trick, flag.proven_by) == (FlagKind.REVOKE, 1, 1, 2)
    assert str(flag.rule) == "Following a trump lead"
    assert str(flag.explanation).startswith("Bea played 3 of copas in trick 1, but played 2 of oros in trick 2, so "
                                            "held it then")


def test_the_vuelta_face_down_still_has_to_follow_a_trump_lead() -> None:
    """Seed 000: the vuelta "is allowed even if a trump was led to the second trick" frees the card from being
    played face up ("In a trick to which a trump is led, all the other players must play their cards face up"),
    not from following: "each of the other players must play a trump if possible" (the monja alone excepted;
    RULINGS.md). Eva's vuelta to Ana's trump lead is the King of copas face down; leading the third trick with the
    2 of oros proves she held a trump: a revoke, as it would be face up."""
    deal = played(fresh(), ["12E 5E 6E 7E", "5O 10O 7O 12C*"])
    assert deal.flags == ()  # face down, nothing proves it yet
    deal = played(deal, ["2O 3C 4C 5C"])
    (flag,) = deal.flags
    assert (flag.kind, flag.index, flag.trick, flag.proven_by) == (FlagKind.REVOKE, 7, 2, 3)  # the 8th card played
    assert str(flag.rule) == "Following a trump lead"
    assert str(flag.explanation).endswith("A trump was led and Eva held 2 of oros: Eva had to play a trump.")


def test_a_revoke_is_said_of_the_player_who_made_it_in_every_language() -> None:
    """"each of the other players must play a trump if possible" (seed 000): Bea's 2 of oros in the second trick
    proves she held a trump when she threw the 3 of copas on Ana's trump lead. The proof is about Bea, so it says
    "Bea held 2 of oros: Bea had to play a trump", not the rule's paragraph, quoted beside it, nor "the player"."""
    deal = played(fresh(), ["7O 3C 2E 1C", "4E 2O 12B 12E"])
    (flag,) = deal.flags
    assert str(flag.explanation) == ("Bea played 3 of copas in trick 1, but played 2 of oros in trick 2, so held it "
                                     "then. A trump was led and Bea held 2 of oros: Bea had to play a trump.")
    for language, rule in (("es", "Bea debía jugar triunfo."), ("fr", "Bea devait jouer atout.")):
        with translation.override(language):
            said = translate(flag.explanation)
        assert said.endswith(rule), said
        assert not re.search(r"\b(you|player|jugador|joueur|tienes|debes|vous)\b", said, re.IGNORECASE), said


def test_a_lone_monja_need_not_follow_a_trump_lead() -> None:
    """Bea's only trump is the monja (4 of oros): she may keep it when trumps are led."""
    deal = played(fresh(), ["7O 3C 2E 1C", "4E 4O 12B 12E"])
    assert deal.flags == ()


def test_a_face_down_card_to_a_trump_lead_is_flagged_unless_it_is_the_vuelta() -> None:
    deal = played(fresh(), ["7O 2O 2E* 1C"])
    (flag,) = deal.flags
    assert (flag.kind, flag.index) == (FlagKind.FACE_DOWN, 2)
    vuelta = played(fresh(), ["4E 2O 2E 12E", "3O 11C 1C 5O*"])  # the vuelta may go face down to a trump lead
    assert vuelta.flags == ()


def test_the_lead_is_always_face_up() -> None:
    (flag,) = played(fresh(), ["4E*"]).flags
    assert flag.kind is FlagKind.FACE_DOWN and str(flag.rule) == "Leading"


def test_the_turned_card_is_not_played() -> None:
    deal = played(fresh(), ["4E 6O 2E 12E", "6C 11C 1C 3B", "7O 5B 12B 3C"])
    with pytest.raises(InvalidRecord) as refused:
        derive(FOUR, contract_record(FOUR, {}), deal)
    assert "6 of oros was put aside before play" in str(refused.value.errors["plays"])


def test_the_turned_card_is_flagged_the_moment_it_is_played() -> None:
    """Seed: "The turned up trump card and the remaining undealt cards are not used during the play": the 6 of
    oros turned up is out of play, flagged when tapped (and the referee of a deal given as its plays says so)."""
    (flag,) = played(fresh(), ["4E 6O"]).flags
    assert flag.kind is FlagKind.ASIDE and flag.index == 1


def test_the_game_turns_a_deal_played_card_by_card_into_its_record() -> None:
    record = GAME.record_from_tricks(FOUR, {"bets": [{"team": "B", "stake": "envido"}], "tricks": "BB"},
                                     played(fresh(), DEAL_V))
    assert record.tricks is Tricks.BAA and GAME.parse(FOUR, record.to_json()) == record


# -- any legal deal -----------------------------------------------------------------------------------------

def random_deal(table, rnd: random.Random) -> PlayedDeal:
    """Turn a card, deal three to each and play legal cards picked at random (face down at random where a card
    may go face down), until the deal may end or every trick is played."""
    deck = list(full_deck("spanish40"))
    rnd.shuffle(deck)
    turned, rest = deck[0], deck[1:]
    n = table.size
    held = {i: set(rest[i * 3:(i + 1) * 3]) for i in range(n)}
    deal = new_deal(table, turned=turned, first_leader=table.seat(rnd.randrange(n)))
    while not deal.complete and not (deal.over and rnd.random() < 0.5):
        seat = deal.next_seat
        last = deal.tricks[-1] if deal.tricks else None
        trick = last.trick if last is not None and not last.complete else Trick()
        number = len(deal.tricks) + (0 if trick.plays else 1)
        legal = TRICK_RULES.legal_plays(Situation(table, trump=turned.suit), sorted(held[seat.index]), trick).legal
        chosen = rnd.choice(legal)
        last_card = len(trick) == n - 1
        plain = bool(trick.plays) and trick.plays[0].card.suit != turned.suit
        may_hide = bool(trick.plays) and (plain or (last_card and number == VUELTA_TRICK))
        held[seat.index].discard(chosen)
        deal = deal.add(chosen, face_down=may_hide and rnd.random() < 0.3)
    return deal


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.sampled_from([2, 4, 6, 8]), seed=st.integers(0, 2**32 - 1))
def test_a_random_legal_deal_has_no_flags_and_derives_a_record_the_game_accepts(n, seed) -> None:
    table = GAME.table(["A", "B", "C", "D", "E", "F", "G", "H"][:n])
    deal = random_deal(table, random.Random(seed))
    assert deal.flags == () and deal.over
    found = derive(table, contract_record(table, {}), deal)
    won = found.record.tricks
    assert won is not None and max(won.value.count(t) for t in "AB") == 2
    _state, outcome = GAME.apply(table, GAME.initial_state(table), found.record.to_json())
    assert outcome.scores[won.taker.side] == 1 and sum(outcome.scores) == 1


# -- the monotonicity the revoke rests on -------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_more_cards_in_a_hand_only_add_obligations(data) -> None:
    """A card refused from some cards of a hand is refused from the whole hand (referee.played's assumption),
    the lone monja's exemption included."""
    deck = list(full_deck("spanish40"))
    trump = data.draw(st.sampled_from("OCEB"))
    chosen = data.draw(st.lists(st.sampled_from(deck), min_size=2, max_size=12, unique=True))
    trick_size = data.draw(st.integers(0, min(7, len(chosen) - 1)))
    trick, hand = Trick.of(chosen[:trick_size]), chosen[trick_size:]
    part = data.draw(st.lists(st.sampled_from(hand), min_size=1, unique=True))
    context = Situation(FOUR, trump=trump)
    whole = set(TRICK_RULES.legal_plays(context, hand, trick).legal)
    some = set(TRICK_RULES.legal_plays(context, part, trick).legal)
    assert whole & set(part) <= some
