"""The Spanish ranking Tresillo and L'Ombre share (seed 003, "The Ranking of Cards"), on the 40-card pack.

Whatever the trump suit, the Ace of espadas (**Spadillo**) is the highest trump and the Ace of bastos
(**Basto**) the third; the **Manilla** (the seed's "Mallillio") is second: the 2 of a black trump suit, the 7
of a red one. Those three are the **matadors**. In a red trump suit the Ace (**Punto**) is fourth. Then black
trumps run King, Knight, Jack, 7 … 3 (11 trumps) and red ones King, Knight, Jack, 2 … 6 (12 trumps). Out of
trumps, black suits run King down to 2 and red suits King, Knight, Jack, 1 … 7.

Cards are Spanish codes: ``1E`` Ace of espadas, ``7C`` 7 of copas, ``12O`` King of oros, ``11B`` Knight
(caballo), ``10B`` Jack (sota). Suits: ``O`` oros, ``C`` copas (red); ``E`` espadas, ``B`` bastos (black).

>>> [c.code for c in trump_order("O")]
['1E', '7O', '1B', '1O', '12O', '11O', '10O', '2O', '3O', '4O', '5O', '6O']
>>> [c.code for c in trump_order("B")]
['1E', '2B', '1B', '12B', '11B', '10B', '7B', '6B', '5B', '4B', '3B']
>>> [c.code for c in plain_order("C", "E")]
['12C', '11C', '10C', '1C', '2C', '3C', '4C', '5C', '6C', '7C']
>>> [c.code for c in plain_order("E", "O")]
['12E', '11E', '10E', '7E', '6E', '5E', '4E', '3E', '2E']
>>> matador_count([Card.parse(c, "spanish40") for c in "1E 2E 1B 12E 11E 7E".split()], "E")
5
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from referee.cards import Card
from referee.text import Text, _

RED = ("O", "C")
BLACK = ("E", "B")
SUITS = ("O", "C", "E", "B")
SPADILLO = Card("E", "1")
BASTO = Card("B", "1")
TRUMP = "T"  # the suit a trump follows as, whatever it shows

SUIT_WORDS: dict[str, Text] = {"O": _("oros"), "C": _("copas"), "E": _("espadas"), "B": _("bastos")}


def manilla(trump: str) -> Card:
    """The second matador: the 2 of a black trump suit, the 7 of a red one."""
    return Card(trump, "7" if trump in RED else "2")


def punto(trump: str) -> Card | None:
    """The fourth trump in a red trump suit (its Ace); none in a black one (its Ace is Spadillo or Basto)."""
    return Card(trump, "1") if trump in RED else None


@cache
def trump_order(trump: str) -> tuple[Card, ...]:
    """The trumps, highest first."""
    top = [SPADILLO, manilla(trump), BASTO]
    if trump in RED:
        top.append(Card(trump, "1"))
        rest = ("12", "11", "10", "2", "3", "4", "5", "6")
    else:
        rest = ("12", "11", "10", "7", "6", "5", "4", "3")
    return tuple(top) + tuple(Card(trump, r) for r in rest)


@cache
def plain_order(suit: str, trump: str) -> tuple[Card, ...]:
    """A suit that is not trumps, highest first (the black Aces are always trumps, so never in it)."""
    ranks = ("12", "11", "10", "1", "2", "3", "4", "5", "6", "7") if suit in RED else (
        "12", "11", "10", "7", "6", "5", "4", "3", "2")
    trumps = set(trump_order(trump))
    return tuple(c for c in (Card(suit, r) for r in ranks) if c not in trumps)


def matadors(trump: str) -> tuple[Card, ...]:
    """Spadillo, Manilla, Basto."""
    return trump_order(trump)[:3]


def is_trump(card: Card, trump: str) -> bool:
    return card in trump_order(trump)


def is_matador(card: Card, trump: str) -> bool:
    return card in matadors(trump)


def suit_of(card: Card, trump: str) -> str:
    """The suit a card follows as: :data:`TRUMP` for every trump (Spadillo and Basto whatever they show)."""
    return TRUMP if is_trump(card, trump) else card.suit


def power(card: Card, trump: str) -> int:
    """Higher is stronger within its suit (trumps among trumps, a plain suit within itself)."""
    order = trump_order(trump) if is_trump(card, trump) else plain_order(card.suit, trump)
    return len(order) - order.index(card)


def matador_count(hand: Iterable[Card], trump: str) -> int:
    """The matadors a hand counts (seed 003): 0 without all three; with them, the unbroken run of trumps from
    Spadillo down (3 to 9 in a deal: a hand has nine cards)."""
    held = set(hand)
    count = 0
    for card in trump_order(trump):
        if card not in held:
            break
        count += 1
    return count if count >= 3 else 0


CARD_NAMES: dict[str, Text] = {"spadillo": _("Spadillo"), "manilla": _("Manilla"), "basto": _("Basto"),
                               "punto": _("Punto")}


def name_of(card: Card, trump: str) -> Text | None:
    """The card's own name when it has one in this deal (Spadillo, Manilla, Basto, Punto)."""
    if card == SPADILLO:
        return CARD_NAMES["spadillo"]
    if card == BASTO:
        return CARD_NAMES["basto"]
    if card == manilla(trump):
        return CARD_NAMES["manilla"]
    if card == punto(trump):
        return CARD_NAMES["punto"]
    return None
