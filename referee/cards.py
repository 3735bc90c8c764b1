"""Cards, suits, ranks and decks: Tarot 78, Spanish 40/48, French 52.

Cards are written as short codes, the same in records, the API and tests:

- French and Tarot suit cards: rank then suit letter: ``"KS"`` (King of spades), ``"10H"``, ``"AC"``, ``"7D"``.
  Tarot court cards: ``K`` King, ``Q`` Queen, ``C`` Knight (cavalier), ``J`` Jack (valet); pips 1–10 (``1H``).
- Tarot trumps ``"T1"`` (the Petit) to ``"T21"``; the Excuse ``"EX"``.
- Spanish cards: number then suit letter: ``O`` oros (coins), ``C`` copas (cups), ``E`` espadas (swords),
  ``B`` bastos (batons): ``"1O"`` (Ace of coins), ``"12E"`` (King of swords), ``"10B"`` (Jack/sota of batons).

>>> Card.parse("T21", "tarot").is_bout
True
>>> str(Card.parse("12e", "spanish40"))
'12E'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from referee.text import Text, _, pgettext


class DeckKind(StrEnum):
    TAROT = "tarot"
    SPANISH40 = "spanish40"
    SPANISH48 = "spanish48"
    FRENCH52 = "french52"


FRENCH_SUITS = ("S", "H", "D", "C")
SPANISH_SUITS = ("O", "C", "E", "B")
TRUMP = "T"
EXCUSE = "EX"
LONGEST_CODE = len("EXCUSE")  # the longest way a card is written (the Excuse in full; T21, 10C, 12O)

SUIT_NAMES: dict[str, dict[str, Text]] = {
    "french": {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs"), "T": _("trumps")},
    "spanish": {"O": _("oros"), "C": _("copas"), "E": _("espadas"), "B": _("bastos")},
}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SYMBOL_SUITS = frozenset(SUIT_SYMBOLS.values())
_SUIT_OF_SYMBOL = str.maketrans({symbol: suit for suit, symbol in SUIT_SYMBOLS.items()})  # "K♥" -> "KH"
# The rank letters a French-suited card shows in the reader's language (RANK_LETTERS: R roi/rey, D dame/dama,
# V valet, S sota), read back only before a suit symbol, as the chip shows them ("R♥", "V♣"): before a suit
# letter they would misread a French "RC" (roi de cœur) as the King of clubs, C being clubs in the codes.
READER_RANK_LETTERS = {"R": "K", "D": "Q", "V": "J", "S": "J"}
# A Spanish suit said in brackets ("Trumps (%(trump)s) were led"): one word, as the reader calls the suit, where
# SUIT_NAMES may say it with a gloss in brackets of its own (French "deniers (oros)") and a bracket would nest.
SPANISH_SUITS_IN_BRACKETS: dict[str, Text] = {
    "O": pgettext("a Spanish suit said in brackets: one word, no second name in brackets", "oros"),
    "C": pgettext("a Spanish suit said in brackets: one word, no second name in brackets", "copas"),
    "E": pgettext("a Spanish suit said in brackets: one word, no second name in brackets", "espadas"),
    "B": pgettext("a Spanish suit said in brackets: one word, no second name in brackets", "bastos"),
}
FRENCH_SUITED = frozenset({DeckKind.TAROT, DeckKind.FRENCH52})  # suits shown as ♠ ♥ ♦ ♣

# What a card box takes, by deck: one card, several (the codes the picker writes, whatever the language).
CARD_EXAMPLES: dict[DeckKind, dict[str, str]] = {
    DeckKind.TAROT: {"card": "KH", "cards": "KH 10S T21"},
    DeckKind.FRENCH52: {"card": "KH", "cards": "KH 10S AD"},
    DeckKind.SPANISH40: {"card": "12C", "cards": "1O 12C 7E"},
    DeckKind.SPANISH48: {"card": "12C", "cards": "1O 12C 9E"},
}
DECK_HINTS: dict[DeckKind, Text] = {
    DeckKind.TAROT: _("Trumps T1 to T21, the Excuse EX, other cards rank + suit "
                      "(S ♠, H ♥, D ♦, C ♣): KH, QC, CD (Knight), JS, 10S, 1H."),
    DeckKind.FRENCH52: _("Rank + suit (S ♠, H ♥, D ♦, C ♣): AS, KH, 10D, 7C."),
    DeckKind.SPANISH40: _("Number + suit (O oros, C copas, E espadas, B bastos): 1O (Ace), 3C, "
                          "12E (King), 11B (Horse), 10O (Jack)."),
    DeckKind.SPANISH48: _("Number + suit (O oros, C copas, E espadas, B bastos): 1O (Ace), 3C, "
                          "12E (King), 9B."),
}
"""How to type a deck's cards, for the referee page's hint."""

TAROT_RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K")
FRENCH_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SPANISH40_RANKS = ("1", "2", "3", "4", "5", "6", "7", "10", "11", "12")
SPANISH48_RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12")


class CardError(ValueError):
    """A card code that does not name a card of the deck."""


@dataclass(frozen=True, order=True)
class Card:
    """One card. ``suit`` is a suit letter, ``"T"`` for Tarot trumps or ``"EX"`` for the Excuse."""

    suit: str
    rank: str

    @property
    def code(self) -> str:
        if self.suit == EXCUSE:
            return EXCUSE
        if self.suit == TRUMP:
            return f"T{self.rank}"
        return f"{self.rank}{self.suit}"

    def __str__(self) -> str:
        return self.code

    @property
    def is_trump(self) -> bool:
        """A Tarot trump (1–21); other games have a trump *suit* chosen per deal."""
        return self.suit == TRUMP

    @property
    def is_excuse(self) -> bool:
        return self.suit == EXCUSE

    @property
    def number(self) -> int:
        """The rank as a number where it is one (Tarot trumps, pips, Spanish cards); 0 otherwise."""
        return int(self.rank) if self.rank.isdigit() else 0

    @property
    def is_bout(self) -> bool:
        """The Tarot bouts (oudlers): the Petit (T1), the 21 and the Excuse."""
        return self.is_excuse or (self.is_trump and self.rank in ("1", "21"))

    @classmethod
    def parse(cls, code: str, deck: DeckKind | str) -> Card:
        """Read a card code for ``deck``; raise :class:`CardError` if it is not a card of that deck. A
        French-suited card may also be typed as its chip shows it in the reader's letters, with its suit symbol.

        >>> Card.parse("KH", "tarot"), Card.parse("R♥", "tarot"), Card.parse("v♣", "french52")
        (Card(suit='H', rank='K'), Card(suit='H', rank='K'), Card(suit='C', rank='J'))
        """
        deck = DeckKind(deck)
        raw = code.strip().upper()
        if len(raw) > LONGEST_CODE:  # no card; and not for int(), which refuses 4,300 digits with its own error
            raise CardError(f"{code[:LONGEST_CODE + 1]!r}… is not a card of the {deck.value} deck")
        if deck in FRENCH_SUITED and raw[-1:] in SYMBOL_SUITS and raw[:-1] in READER_RANK_LETTERS:
            raw = READER_RANK_LETTERS[raw[:-1]] + raw[-1:]  # "R♥" as the chip shows it in French: "K♥"
        raw = raw.translate(_SUIT_OF_SYMBOL)
        if deck is DeckKind.TAROT:
            if raw in (EXCUSE, "EXCUSE", "0"):
                card = cls(EXCUSE, "0")
            elif raw.startswith("T") and raw[1:].isascii() and raw[1:].isdigit():
                card = cls(TRUMP, str(int(raw[1:])))
            else:
                card = cls(raw[-1:], raw[:-1])
        else:
            card = cls(raw[-1:], raw[:-1].lstrip("0") or "0")
        if card not in deck_cards(deck):
            raise CardError(f"{code!r} is not a card of the {deck.value} deck")
        return card


def meant_by(code: str, deck: DeckKind | str) -> Card | None:
    """The one card of ``deck`` that a code it refused means with a digit 0 read as the letter O, which looks
    like it in many fonts: the Spanish decks' oros (``"30"`` for ``"3O"``); ``None`` where no card is meant, or
    more than one (never a guess between two), and in a deck with no suit O.

    >>> meant_by("30", "spanish40"), meant_by("100", "spanish40"), meant_by("30", "french52")
    (Card(suit='O', rank='3'), Card(suit='O', rank='10'), None)
    >>> meant_by("80", "spanish40"), meant_by("80", "spanish48")  # no 8 in the 40-card deck
    (None, Card(suit='O', rank='8'))
    >>> meant_by("10", "spanish40"), meant_by("100", "spanish40")  # "10": a 10 (sota) without its suit? no guess
    (None, Card(suit='O', rank='10'))
    """
    raw = code.strip().upper()
    if raw in SPANISH48_RANKS:  # a rank typed without its suit as much as a 0 for an O
        return None
    zeros = [i for i, char in enumerate(raw) if char == "0"]
    tried = {raw[:i] + "O" + raw[i + 1:] for i in zeros} | ({raw.replace("0", "O")} if zeros else set())
    found: set[Card] = set()
    for candidate in tried:
        try:
            found.add(Card.parse(candidate, deck))
        except CardError:
            continue
    return found.pop() if len(found) == 1 else None


class AmbiguousCard(CardError):
    """A code typed in a reader's letters that may name more than one card: ``cards``, the codes' reading first."""

    def __init__(self, code: str, cards: tuple[Card, ...]):
        super().__init__(f"{code!r} may be any of {', '.join(c.code for c in cards)}")
        self.code, self.cards = code, cards


@dataclass(frozen=True)
class ReaderLetters:
    """How a reader writes cards in their own language: ``ranks``, a rank's letter in that language and the rank it
    names (French ``{"R": "K", "D": "Q", "V": "J"}``, the Spanish deck in Spanish ``{"S": "10", "C": "11"}``);
    ``suits``, a suit letter of the codes and the other suits the language writes with that letter (French
    ``{"C": ("H", "D")}``: C is clubs in the codes, cœur or carreau to a French reader)."""

    ranks: Mapping[str, str] = field(default_factory=dict)
    suits: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


def read_card(code: str, deck: DeckKind | str, letters: ReaderLetters) -> Card:
    """A card as a person types it: a code (``"KH"``, ``"K♥"``, what the API takes) is what it says, in every
    language; else its rank in the reader's ``letters`` then a suit (``"RH"``, ``"R♥"``: the King of hearts in
    French). A reader's rank letter with a suit letter the reader's language gives another suit (French ``"RC"``:
    roi de trèfle in the codes, but C is cœur and carreau in French; ``"CC"`` too, though the codes read it) is
    :class:`AmbiguousCard`, never a guess; anything else no card of the deck, :class:`CardError`.

    >>> french = ReaderLetters({"R": "K", "D": "Q", "C": "C", "V": "J"}, {"C": ("H", "D")})
    >>> read_card("RH", "tarot", french), read_card("KC", "tarot", french), read_card("CH", "tarot", french)
    (Card(suit='H', rank='K'), Card(suit='C', rank='K'), Card(suit='H', rank='C'))
    >>> try:
    ...     read_card("RC", "tarot", french)
    ... except AmbiguousCard as refused:
    ...     [card.code for card in refused.cards]
    ['KC', 'KH', 'KD']
    >>> try:  # a code too (the Knight of clubs), but both its letters are the reader's: which C?
    ...     read_card("CC", "tarot", french)
    ... except AmbiguousCard as refused:
    ...     [card.code for card in refused.cards]
    ['CC', 'CH', 'CD']
    >>> read_card("RC", "spanish40", ReaderLetters({"R": "12", "S": "10", "C": "11"}))  # rey de copas
    Card(suit='C', rank='12')
    """
    deck = DeckKind(deck)
    raw = code.strip().upper()
    rank, suit = raw[:-1], raw[-1:]
    try:
        card = Card.parse(code, deck)
    except CardError:
        if rank not in letters.ranks:
            raise
    else:
        if rank not in letters.ranks or suit not in letters.suits:
            return card
    card = Card.parse(letters.ranks[rank] + suit, deck)
    others = tuple(Card(other, card.rank) for other in letters.suits.get(suit, ()))
    if others:
        raise AmbiguousCard(code.strip(), (card, *others))
    return card


def _build(deck: DeckKind) -> tuple[Card, ...]:
    if deck is DeckKind.TAROT:
        suits = tuple(Card(s, r) for s in FRENCH_SUITS for r in TAROT_RANKS)
        return suits + tuple(Card(TRUMP, str(n)) for n in range(1, 22)) + (Card(EXCUSE, "0"),)
    if deck is DeckKind.FRENCH52:
        return tuple(Card(s, r) for s in FRENCH_SUITS for r in FRENCH_RANKS)
    ranks = SPANISH40_RANKS if deck is DeckKind.SPANISH40 else SPANISH48_RANKS
    return tuple(Card(s, r) for s in SPANISH_SUITS for r in ranks)


_DECKS = {deck: _build(deck) for deck in DeckKind}
_DECK_SETS = {deck: frozenset(cards) for deck, cards in _DECKS.items()}


def deck_cards(deck: DeckKind | str) -> frozenset[Card]:
    return _DECK_SETS[DeckKind(deck)]


def full_deck(deck: DeckKind | str) -> tuple[Card, ...]:
    """The deck in a fixed order (suit by suit, low to high)."""
    return _DECKS[DeckKind(deck)]


def card_codes(value: Any) -> list[Any] | None:
    """Card codes as a person or a client gives them: a list, or one string separated by spaces or commas
    (``"KH, 10S T21"``); ``[]`` for nothing given, ``None`` for anything that is not a list of codes."""
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return value.replace(",", " ").split()
    if isinstance(value, list | tuple):
        return list(value)
    return None


def parse_cards(codes: list[str] | str, deck: DeckKind | str) -> list[Card]:
    """Parse a list of codes (or one string separated by spaces or commas)."""
    return [Card.parse(c, deck) for c in card_codes(codes) or []]


TAROT_POINTS_HALVES = {"K": 9, "Q": 7, "C": 5, "J": 3}


def tarot_points_halves(card: Card) -> int:
    """A card's Tarot point value in half points (bouts and Kings 4½ → 9; others ½ → 1)."""
    if card.is_bout:
        return 9
    if card.is_trump:
        return 1
    return TAROT_POINTS_HALVES.get(card.rank, 1)


SPANISH_RANK_NAMES: dict[str, Text] = {
    "1": _("Ace"), "10": _("Jack (sota)"), "11": _("Horse (caballo)"), "12": _("King (rey)"),
}


# "of" and a Spanish suit, said as one (French elides its "de": "d'épées").
SPANISH_OF_SUIT: dict[str, Text] = {"O": _("of oros"), "C": _("of copas"), "E": _("of espadas"), "B": _("of bastos")}


def spanish_card_name(card: Card) -> Text:
    """A Spanish card as said aloud: "King (rey) of copas", "5 of oros".

    >>> str(spanish_card_name(Card("C", "12"))), str(spanish_card_name(Card("O", "5")))
    ('King (rey) of copas', '5 of oros')
    """
    return _("%(rank)s %(of_suit)s", rank=SPANISH_RANK_NAMES.get(card.rank, card.rank),
             of_suit=SPANISH_OF_SUIT[card.suit])


FRENCH_RANK_NAMES: dict[str, Text] = {
    "A": _("Ace"), "K": _("King"), "Q": _("Queen"), "C": _("Knight"), "J": _("Jack"),
}


# A French-suited rank as a card shows it, in the reader's letters (R for roi and rey, V for valet).
RANK_LETTERS: dict[str, Text] = {
    "A": pgettext("card rank, one letter: Ace", "A"),
    "K": pgettext("card rank, one letter: King", "K"),
    "Q": pgettext("card rank, one letter: Queen", "Q"),
    "C": pgettext("card rank, one letter: Knight (cavalier)", "C"),
    "J": pgettext("card rank, one letter: Jack", "J"),
}


def card_letters(card: Card) -> Text:
    """A French-suited card as its corner shows it, in the reader's letters: "K♦" (R♦ in French), "10♠".

    >>> str(card_letters(Card("D", "K"))), str(card_letters(Card("S", "10")))
    ('K♦', '10♠')
    """
    return _("%(rank)s%(suit)s", rank=RANK_LETTERS.get(card.rank, card.rank),
             suit=SUIT_SYMBOLS.get(card.suit, card.suit))


def card_name(card: Card, deck: DeckKind | str) -> Text:
    """A card as said aloud, in its deck (``C`` is copas in one and clubs in another): "King of hearts",
    "Trump 21", "Excuse", "King (rey) of copas".

    >>> [str(card_name(Card(s, r), d)) for s, r, d in (("H", "K", "tarot"), ("T", "21", "tarot"),
    ...                                                  ("EX", "", "tarot"), ("C", "12", "spanish40"))]
    ['King of hearts', 'Trump 21', 'Excuse', 'King (rey) of copas']
    """
    if DeckKind(deck) not in FRENCH_SUITED:
        return spanish_card_name(card)
    if card.suit == EXCUSE:
        return _("Excuse")
    if card.suit == TRUMP:
        return _("Trump %(n)s", n=card.rank)
    return _("%(rank)s of %(suit)s", rank=FRENCH_RANK_NAMES.get(card.rank, card.rank),
             suit=SUIT_NAMES["french"][card.suit])
