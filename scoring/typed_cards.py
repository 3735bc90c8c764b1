"""Cards as a person types them on a page, in the letters of the page's language: a French player writes the King
of hearts ``RH`` (roi), a Spanish one the caballo de copas ``CC``, as the picker's buttons name the ranks. The codes
(``KH``, ``11C``: what the API takes) read as they always did, in every language. A code that could be two cards
to the reader (French ``RC``: in the codes C is clubs, to a French reader cœur or carreau) is refused with the cards
it may be, never guessed.

The letters come from the words the page already shows (:mod:`scoring.widgets`): a French-suited rank's letter
(R, D, C, V in French; R, D, C, S in Spanish), a Spanish-deck rank's word's initial (Sota, Caballo, Rey; Valet,
Cavalier, Roi; Jack, Horse, King). Two ranks with one initial in a language would make it no letter at all.

>>> from django.utils import translation
>>> with translation.override("fr"):
...     typed_code("rh", "french52"), typed_code("KH", "french52"), example("french52", "cards")
('KH', 'KH', 'RH 10S AD')
>>> with translation.override("es"):
...     typed_code("SO", "spanish40"), typed_code("12O", "spanish40"), example("spanish40", "card")
('10O', '12O', 'RC')
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from referee.cards import (
    CARD_EXAMPLES,
    FRENCH_SUITED,
    RANK_LETTERS,
    SPANISH_SUITS_IN_BRACKETS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    AmbiguousCard,
    Card,
    CardError,
    DeckKind,
    ReaderLetters,
    card_name,
    deck_cards,
    read_card,
)
from referee.text import or_join
from scoring.services import translate
from scoring.widgets import FRENCH_RANK_WORDS, SPANISH_RANK_WORDS


def _initial(word: str) -> str:
    """A word's first letter as typed: upper case, without its accent (É of "épées" is E)."""
    return unicodedata.normalize("NFD", word.strip()[:1])[:1].upper()


def _suit_word(suit: str, deck: DeckKind) -> str:
    """A suit in one word of the page's language: pique, cœur; deniers, coupes."""
    if deck in FRENCH_SUITED:
        return translate(SUIT_NAMES["french"][suit])
    return translate(SPANISH_SUITS_IN_BRACKETS[suit])


def _ranks(deck: DeckKind) -> dict[str, str]:
    """The rank codes of ``deck`` that have a word, by their letter in the page's language."""
    in_deck = {card.rank for card in deck_cards(deck)}
    if deck in FRENCH_SUITED:
        said = {rank: translate(letter) for rank, letter in RANK_LETTERS.items()}
    else:
        said = {rank: _initial(str(word)) for rank, word in SPANISH_RANK_WORDS.items()}
    found: dict[str, str] = {}
    shared: set[str] = set()
    for rank, letter in said.items():
        letter = letter.upper()
        if rank not in in_deck or not letter:
            continue
        if letter in found:
            shared.add(letter)
        found[letter] = rank
    return {letter: rank for letter, rank in found.items() if letter not in shared}


def reader_letters(deck: DeckKind | str) -> ReaderLetters:
    """How the page's language writes the cards of ``deck``: its rank letters, and the suit letters of the codes
    it gives to another suit (French and Spanish C: clubs in the codes, cœur / corazones to the reader)."""
    deck = DeckKind(deck)
    suits = sorted({card.suit for card in deck_cards(deck)} & set(SUIT_SYMBOLS if deck in FRENCH_SUITED else "OCEB"))
    initials = {suit: _initial(_suit_word(suit, deck)) for suit in suits}
    others = {letter: tuple(s for s in ("S", "H", "D", "C", "O", "E", "B") if s in initials and s != letter
                            and initials[s] == letter) for letter in suits}
    return ReaderLetters(_ranks(deck), {letter: found for letter, found in others.items() if found})


def own_letters(deck: DeckKind | str) -> dict[str, str]:
    """The rank letters of the page's language that are not the codes' own (none in English with French suits)."""
    deck = DeckKind(deck)
    return {letter: rank for letter, rank in reader_letters(deck).ranks.items() if letter != rank}


def typed_code(code: str, deck: DeckKind | str, letters: ReaderLetters | None = None) -> str:
    """The card code a person typed means (``RH`` on a French page: ``KH``; a face-down mark kept); a code that is
    no card is given back as typed, for the rules to refuse with their message. :class:`forms.ValidationError`
    names the cards an ambiguous code may be and how to type each. ``letters``: the page's
    (:func:`reader_letters`), when several codes are read."""
    text = code.strip().upper()
    bare = text.strip("()*")
    try:
        card = read_card(bare, deck, letters or reader_letters(deck))
    except AmbiguousCard as refused:
        raise forms.ValidationError(ambiguous_message(refused, DeckKind(deck)), code="ambiguous_card") from None
    except CardError:
        return text
    return text.replace(bare, card.code)


def ambiguous_message(refused: AmbiguousCard, deck: DeckKind) -> str:
    """What a code that may be several cards says beside its field: which, and how to type each."""
    letter = refused.code.strip()[:-1].upper()
    choices = [_("%(code)s (%(card)s)") % {"code": typeable(card, letter, deck),
                                           "card": translate(card_name(card, deck))} for card in refused.cards]
    code_suit = refused.cards[0].suit
    return _("%(code)s: which card? In card codes %(letter)s is %(suit)s; in this language it can be another suit. "
             "Type %(choices)s.") % {"code": refused.code, "letter": code_suit, "suit": _suit_word(code_suit, deck),
                                     "choices": translate(or_join(choices))}


def typeable(card: Card, letter: str, deck: DeckKind) -> str:
    """How to type ``card`` so that it reads as that card alone on this page, with the keys of a phone where
    possible: the page's ``letter`` with the suit's code (French ``RH``, roi de cœur), else the card's code (``KC``,
    roi de trèfle), else the letter with the suit's symbol (``C♣``: the cavalier de trèfle, whose code ``CC`` a
    French reader may mean otherwise)."""
    letters = reader_letters(deck)
    for code in (letter + card.suit, card.code, letter + SUIT_SYMBOLS.get(card.suit, card.suit)):
        try:
            if read_card(code, deck, letters) == card:
                return code
        except CardError:  # AmbiguousCard too
            continue
    return card.code


def example(deck: DeckKind | str, kind: str) -> str:
    """Codes to show in an empty card box (``kind``: one ``card`` or several ``cards``), written with the page's
    letters where they have one: ``RH 10S T21`` in French."""
    deck = DeckKind(deck)
    by_rank = {rank: letter for letter, rank in own_letters(deck).items() if rank != "1"}  # an Ace shows its 1
    shown = []
    for code in CARD_EXAMPLES[deck][kind].split():
        card = Card.parse(code, deck)
        shown.append(by_rank[card.rank] + card.suit if card.rank in by_rank and not card.is_trump else code)
    return " ".join(shown)


def letters_key(deck: DeckKind | str) -> str:
    """The page's letters for ``deck`` said once ("Ranks as called here: R roi, D dame…; then the suit: S ♠…"),
    or ``""`` where they are the codes' own (English with French suits)."""
    deck = DeckKind(deck)
    if not own_letters(deck):
        return ""
    french = deck in FRENCH_SUITED
    ranks = []
    for letter, rank in reader_letters(deck).ranks.items():
        word = str(FRENCH_RANK_WORDS[rank] if french else SPANISH_RANK_WORDS[rank]).lower()
        # a letter and its word, kept together on a line; the same in every language (no words of its own)
        ranks.append(f"{letter}\u00a0{word}" if french else f"{letter}\u00a0{word} ({rank})")
    suits = [f"{suit}\u00a0{SUIT_SYMBOLS[suit] if french else _suit_word(suit, deck)}"
             for suit in (("S", "H", "D", "C") if french else ("O", "C", "E", "B"))]
    return _("Typing? The ranks as they are called here: %(ranks)s; then the suit: %(suits)s.") % {
        "ranks": ", ".join(ranks), "suits": ", ".join(suits)}


def typed_codes(codes: list[str], deck: DeckKind | str) -> list[str]:
    """:func:`typed_code` of each code, the messages of every ambiguous one together."""
    found, messages, letters = [], [], reader_letters(deck)
    for code in codes:
        try:
            found.append(typed_code(code, deck, letters))
        except forms.ValidationError as refused:
            messages.extend(refused.messages)
    if messages:
        raise forms.ValidationError(messages)
    return found


def typed_items(items: Any, key: str, deck: DeckKind | str) -> Any:
    """A list field's items with their card (``key``) as the code typed means."""
    if not isinstance(items, list):
        return items
    messages: list[str] = []
    letters = reader_letters(deck)
    for item in items:
        if isinstance(item, dict) and isinstance(item.get(key), str):
            try:
                item[key] = typed_code(item[key], deck, letters)
            except forms.ValidationError as refused:
                messages.extend(refused.messages)
    if messages:
        raise forms.ValidationError(messages)
    return items
