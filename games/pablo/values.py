"""What a card is worth in each variant, how cards are shown, and how many decks a table plays with.

French (seed 001): Ace 1, 2 to 10 their number, Jacks, Queens and Kings 10, but the King of diamonds 0.
English (seed 004): Ace −1, 2 to 10 their number, Jacks, Queens and black Kings 10, red Kings (♥ ♦) 0.

>>> from referee.cards import parse_cards
>>> [card_value(c, Variant.FRENCH) for c in parse_cards("AS KD KS 7H", "french52")]
[1, 0, 10, 7]
>>> [card_value(c, Variant.ENGLISH) for c in parse_cards("AS KD KH KS QC", "french52")]
[-1, 0, 0, 10, 10]
>>> hand_value(parse_cards("5S 3H 8C 5D", "french52"), Variant.FRENCH), str(card_text(Card("D", "K")))
(21, 'K♦')
>>> number_text(-2), number_text(7)
('−2', '7')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from referee.cards import Card, DeckKind, card_letters, full_deck
from referee.text import Text, join

from .options import Variant

FACES = frozenset({"J", "Q", "K"})
RED = frozenset({"H", "D"})
MAX_ONE_DECK = 6  # the French text: 3 to 6 players with one deck, more with a second


def card_value(card: Card, variant: Variant) -> int:
    """The points ``card`` counts at the end of a round."""
    if card.rank == "A":
        return -1 if variant is Variant.ENGLISH else 1
    if card.rank == "K":
        if variant is Variant.ENGLISH:
            return 0 if card.suit in RED else 10
        return 0 if card.suit == "D" else 10
    if card.rank in FACES:
        return 10
    return int(card.rank)


def hand_value(cards: Iterable[Card], variant: Variant) -> int:
    """The points of a player's cards; no cards is 0."""
    return sum(card_value(card, variant) for card in cards)


def card_text(card: Card) -> Text:
    """A card as a person reads it, in their letters: ``K♦`` (``R♦`` in French), ``10♠``."""
    return card_letters(card)


def cards_text(cards: Sequence[Card]) -> Text:
    return join([card_text(card) for card in cards], " ")


def number_text(n: int) -> str:
    """Points as the sheet writes them, with a true minus sign: ``−1``, ``12``."""
    return f"−{-n}" if n < 0 else str(n)


def decks_for(variant: Variant, players: int) -> int:
    """How many 52-card decks are shuffled together: the French text adds a second one past six players."""
    return 2 if variant is Variant.FRENCH and players > MAX_ONE_DECK else 1


def points_bounds(variant: Variant, decks: int) -> tuple[int, int]:
    """The fewest and most points one hand can hold: every negative card, or every positive one."""
    values = [card_value(card, variant) for card in full_deck(DeckKind.FRENCH52)]
    return decks * sum(v for v in values if v < 0), decks * sum(v for v in values if v > 0)


def special_cards(variant: Variant, letters: Mapping[str, str] | None = None) -> str:
    """The cards whose value is not their face, as the form's hint says them: with the card codes' letters, or
    with ``letters`` (the reader's, as the card picker shows them: R for rey and roi).

    >>> special_cards(Variant.FRENCH), special_cards(Variant.FRENCH, {"A": "A", "J": "S", "Q": "D", "K": "R"})
    ('A = 1 · K♦ = 0 · J Q K = 10', 'A = 1 · R♦ = 0 · S D R = 10')
    """
    a, j, q, k = ((letters or {}).get(rank, rank) for rank in "AJQK")
    if variant is Variant.ENGLISH:
        return f"{a} = −1 · {k}♥ {k}♦ = 0 · {j} {q} {k}♠ {k}♣ = 10"
    return f"{a} = 1 · {k}♦ = 0 · {j} {q} {k} = 10"
