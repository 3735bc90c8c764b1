"""The card picker: one widget for every field that names any card (the referee's hand, trick and card, a record's
turned card), whatever the deck; and the few cards a field takes (a called card), to tap by name
(:class:`CardChoices`).

Without JavaScript it is a plain text box for card codes (``KH 10S T21``, ``12E``), read by the rules' own parser.
With ``static/app/cards.js`` it is the deck as suits × ranks: a tab per suit (a deck's numbered trumps 1–21 and
the Excuse as a group of their own), one tap a card, ranks named in the reader's language (roi / rey / King),
cards taken in another field of the same form greyed out, an optional face-down mark, and who is to play.

>>> from django.utils import translation
>>> with translation.override("en"):
...     groups = deck_groups("french52")
>>> [g["key"] for g in groups], len(groups[0]["cards"]), groups[0]["cards"][-1]["name"]
(['S', 'H', 'D', 'C'], 13, 'Ace of spades')
>>> with translation.override("en"):
...     king = next(c for c in deck_groups("spanish40")[1]["cards"] if c["code"] == "12C")
>>> king["short"], king["word"], king["name"]
('12', 'King', 'King of copas')
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from referee.cards import (
    EXCUSE,
    FRENCH_SUITED,
    RANK_LETTERS,
    SPANISH_SUITS_IN_BRACKETS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    TRUMP,
    DeckKind,
    card_codes,
    full_deck,
)
from scoring.services import elided, translate

RED_SUITS = frozenset({"H", "D"})

# A rank as a card shows it (a letter in the reader's language) and as it is said (roi, rey, King).
FRENCH_RANK_WORDS: dict[str, Any] = {
    "A": gettext_lazy("Ace"), "K": gettext_lazy("King"), "Q": gettext_lazy("Queen"),
    "C": gettext_lazy("Knight"), "J": gettext_lazy("Jack"),
}
# Spanish cards print their number (10, 11, 12): the word says what a player calls it, in the words the referee
# names them by (referee.cards.SPANISH_RANK_NAMES: "Jack (sota)"), short enough for a button.
SPANISH_RANK_WORDS: dict[str, Any] = {
    "1": gettext_lazy("Ace"), "10": pgettext_lazy("the 10 of a Spanish deck", "Jack"),
    "11": pgettext_lazy("the 11 of a Spanish deck", "Horse"), "12": gettext_lazy("King"),
}


def _suit_family(deck: DeckKind) -> str:
    return "french" if deck in FRENCH_SUITED else "spanish"


def suit_name(suit: str, deck: DeckKind) -> str:
    return translate(SUIT_NAMES[_suit_family(deck)][suit])


def named_in(suit: str, deck: DeckKind) -> str:
    """How a card of ``suit`` is named, its rank left to fill in (``%(rank)s``), French eliding "de" before a
    vowel.

    >>> from django.utils import translation
    >>> with translation.override("fr"):
    ...     named_in("E", DeckKind.SPANISH40), named_in("C", DeckKind.SPANISH40), named_in("H", DeckKind.FRENCH52)
    ('%(rank)s d’épées (espadas)', '%(rank)s de coupes (copas)', '%(rank)s de cœur')
    """
    name = suit_name(suit, deck)
    return elided(_("%(rank)s of %(suit)s"), {"suit": name}).replace("%(suit)s", name)


def card_words(code: str, deck: DeckKind | str) -> dict[str, Any]:
    """How a card reads on the picker: ``short`` (on the button), ``word`` (the rank's name, where it has one),
    ``name`` (said in full, for screen readers and chips' labels), ``text`` (a chip: ``R♥``, ``Trump 21``,
    ``12 espadas``), ``suit`` (a Spanish card's suit, which a chip may show under its number; else blank),
    ``under`` (what a played card's chip shows under its ``short``: a Spanish card's suit, "trump" under a
    numbered trump and "Excuse" under its star, where ``T16`` and a bare ``★`` read as codes; else blank: the
    mark says it, ``R♥``)."""
    deck = DeckKind(deck)
    card = next(c for c in full_deck(deck) if c.code == code)
    french = deck in FRENCH_SUITED
    if card.suit == EXCUSE:
        word = _("Excuse")
        return {"code": code, "short": "★", "word": word, "name": word, "text": "★", "suit": "", "under": word,
                "red": False}
    if card.suit == TRUMP:
        name = _("Trump %(n)s") % {"n": card.rank}
        # a chip and an answer say the trump's word (no one at a table writes "T16"); the box keeps the code
        return {"code": code, "short": card.rank, "word": "", "name": name, "text": name, "suit": "",
                "under": pgettext("under a trump's number on a played card", "trump"), "red": False}
    words = FRENCH_RANK_WORDS if french else SPANISH_RANK_WORDS
    word = str(words.get(card.rank, ""))
    short = translate(RANK_LETTERS[card.rank]) if french and card.rank in RANK_LETTERS else card.rank
    name = named_in(card.suit, deck) % {"rank": word or card.rank}
    # A chip says a Spanish suit in one word of the reader's language, as the referee names it in brackets ("6
    # deniers" in French, "6 oros" in Spanish): "6O" reads as sixty, "6 deniers (oros)" does not fit a chip.
    printed = "" if french else translate(SPANISH_SUITS_IN_BRACKETS[card.suit])
    mark = SUIT_SYMBOLS[card.suit] if french else f" {printed}"
    return {"code": code, "short": short, "word": word, "name": name, "text": f"{short}{mark}",
            "suit": printed, "under": printed, "red": french and card.suit in RED_SUITS}


def deck_groups(deck: DeckKind | str) -> list[dict[str, Any]]:
    """The deck as the picker's tabs: one per suit, low to high, and numbered trumps with the Excuse last."""
    deck = DeckKind(deck)
    french = deck in FRENCH_SUITED
    groups: dict[str, dict[str, Any]] = {}
    for card in full_deck(deck):
        key = TRUMP if card.suit in (TRUMP, EXCUSE) else card.suit
        if key not in groups:
            if key == TRUMP:
                label, name = "1–21 ★", translate(SUIT_NAMES["french"][TRUMP])
            else:
                name = suit_name(key, deck)
                label = SUIT_SYMBOLS[key] if french else name
            groups[key] = {"key": key, "label": label, "name": name, "red": french and key in RED_SUITS,
                           "cards": []}
        groups[key]["cards"].append(card_words(card.code, deck))
    return list(groups.values())


def single_quoted(text: str) -> SafeString:
    """``text`` safe inside an attribute in single quotes: JSON's double quotes stay as they are, not 40 bytes of
    ``&quot;`` a suit (the table page's first load is counted to the byte: tests/browser/test_reach.py).

    >>> print(single_quoted('["it' + "'" + 's <b> & co"]'))
    ["it&#x27;s &lt;b&gt; &amp; co"]
    """
    return mark_safe(text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&#x27;"))


def deck_words(deck: DeckKind | str) -> dict[str, Any]:
    """The deck in few words, for cards.js to draw it (so a page carries no button of it): ``suits`` (key, tab
    label, name, red, the mark a chip shows, how its cards are named: :func:`named_in`), ``ranks`` (code, as
    shown, the rank's word) of every suit, low to high, and in a deck with trumps ``trumps`` (key, tab label,
    name, how a trump is named, how many, the Excuse's code, mark and word). cards.js names each card from them as
    :func:`card_words` does: the suit's ranks in each suit, then the trumps 1 to n and the Excuse.

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     words = deck_words("spanish40")
    >>> words["suits"][1], words["ranks"][-1], "trumps" in words
    (['C', 'copas', 'copas', 0, ' copas', '%(rank)s of copas'], ['12', '12', 'King'], False)
    """
    deck = DeckKind(deck)
    groups = deck_groups(deck)
    suits = [g for g in groups if g["key"] != TRUMP]
    ranks = [c["code"][:-len(suits[0]["key"])] for c in suits[0]["cards"]]
    words: dict[str, Any] = {
        "suits": [[g["key"], g["label"], g["name"], int(g["red"]), g["cards"][0]["text"].removeprefix(
            g["cards"][0]["short"]), named_in(g["key"], deck)] for g in suits],
        "ranks": [[rank, c["short"], c["word"]] for rank, c in zip(ranks, suits[0]["cards"], strict=True)],
    }
    trumps = next((g for g in groups if g["key"] == TRUMP), None)
    if trumps is not None:
        excuse = trumps["cards"][-1]
        words["trumps"] = [TRUMP, trumps["label"], trumps["name"], _("Trump %(n)s"), len(trumps["cards"]) - 1,
                           excuse["code"], excuse["text"], excuse["word"]]
    return words


class CardChoices(forms.RadioSelect):
    """The few cards a field takes (the taker's called card), one tap each, each named as said aloud ("Roi de
    cœur", "Rey de corazones"), nothing to type: the first rank's cards in view (and "—" for none, where none
    may be), the other ranks under a fold named by their words ("Dame, Cavalier, Valet"), drawn open when it
    holds the card chosen. Radio buttons, as segmented ones look: no script.

    >>> from django.utils import translation
    >>> widget = CardChoices("french52", choices=[("", "—"), ("KS", "King of spades"), ("KH", "King of hearts"),
    ...                                           ("QS", "Queen of spades"), ("JS", "Jack of spades")])
    >>> with translation.override("fr"):
    ...     drawn = widget.get_context("called_card", "QS", {"id": "id_called_card"})["widget"]
    >>> [o["value"] for o in drawn["shown"]], [o["value"] for o in drawn["folded"]], drawn["fold"], drawn["open"]
    (['', 'KS', 'KH'], ['QS', 'JS'], 'Dame, Valet', True)
    """

    template_name = "scoring/widgets/card_choices.html"

    def __init__(self, deck: DeckKind | str, *, label: str = "", attrs: dict[str, Any] | None = None,
                 choices: Any = ()):
        super().__init__({"class": "btn-check", "autocomplete": "off", **(attrs or {})}, choices)
        self.deck, self.label = DeckKind(deck), label

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        options = [option for _group, group, _index in context["widget"]["optgroups"] for option in group]
        ranks = {card.code: card.rank for card in full_deck(self.deck)}
        first = next((ranks[o["value"]] for o in options if o["value"] in ranks), None)
        shown = [o for o in options if ranks.get(o["value"], first) == first]
        folded = [o for o in options if ranks.get(o["value"], first) != first]
        words = dict.fromkeys(card_words(o["value"], self.deck)["word"] for o in folded)
        context["widget"].update(group_label=self.label, shown=shown, folded=folded, fold=", ".join(words),
                                 open=any(o["selected"] for o in folded))
        return context


class CardPicker(forms.TextInput):
    """Card codes in a text box, and (with JavaScript) the deck to tap them in.

    ``many``: several cards (a hand, a trick, in order) or one. ``face_down``: a card may be marked face down
    (sent as ``12E*``). ``source``: the name of the field whose cards this one is picked from first (the card
    to play, from the hand). ``exclusive``: a card taken here is greyed out in the form's other exclusive
    pickers (one of each card; ``copies`` when several decks are shuffled together). ``turn``: the players in
    order and the name of the field saying who led, so the picker names who is to play; ``in_field`` (or
    ``out_field``): the field whose players tapped on are those who play the trick (or play no card to it).
    ``letters``: the field reads cards typed in the page's letters too (``RH`` on a French page,
    scoring.typed_cards), so the picker shows them as their cards; other fields read codes only."""

    template_name = "scoring/widgets/card_picker.html"
    is_card_picker = True

    def __init__(self, deck: DeckKind | str, *, many: bool = False, face_down: bool = False, source: str = "",
                 exclusive: bool | None = None, copies: int = 1, players: Sequence[str] = (),
                 leader_field: str = "", turn_of: str = "", in_field: str = "", out_field: str = "",
                 letters: bool = False, attrs: dict[str, Any] | None = None):
        base = {"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false", "autocorrect": "off",
                "data-card-input": ""}
        super().__init__({**base, **(attrs or {})})
        self.deck = DeckKind(deck)
        self.many, self.face_down, self.source = many, face_down, source
        self.exclusive = many and not source if exclusive is None else exclusive
        self.copies, self.players, self.leader_field, self.turn_of = copies, list(players), leader_field, turn_of
        self.in_field, self.out_field, self.letters = in_field, out_field, letters

    def format_value(self, value: Any) -> str | None:
        if isinstance(value, list | tuple):
            return " ".join(str(v) for v in value)
        return super().format_value(value)

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        context["widget"].update(
            deck=self.deck.value, symbols=self.deck in FRENCH_SUITED,
            words=single_quoted(json.dumps(deck_words(self.deck), ensure_ascii=False, separators=(",", ":"))),
            many=self.many, face_down=self.face_down,
            source=self.source, exclusive=self.exclusive, copies=self.copies, players="|".join(self.players),
            leader_field=self.leader_field, turn_of=self.turn_of, in_field=self.in_field, out_field=self.out_field,
            letters=self.letters, chosen=self.chosen(context["widget"]["value"]))
        return context

    def chosen(self, value: Any) -> list[dict[str, Any]]:
        """The cards in the box, as chips (a code the deck does not have is left to the form's message). A chip
        says ``chip``: a card of a deck whose suits are symbols as its corner shows it ("R♥" in Spanish), a
        Spanish card by its name, as players say it and as a deal's lines name it ("As de copas", not "1 copas"),
        as cards.js draws it.

        >>> from django.utils import translation
        >>> with translation.override("es"):
        ...     spanish, french = CardPicker("spanish40").chosen("1C 12b"), CardPicker("french52").chosen("KH")
        >>> [c["chip"] for c in spanish], french[0]["chip"]
        (['As de copas', 'Rey de bastos'], 'R♥')
        """
        known = {c.code for c in full_deck(self.deck)}
        symbols = self.deck in FRENCH_SUITED
        chips = []
        for raw in card_codes(value) or []:
            text = str(raw).strip().upper()
            down = text.endswith("*") or (text.startswith("(") and text.endswith(")"))
            code = text.strip("()*")
            if code in known:
                words = card_words(code, self.deck)
                chips.append({**words, "chip": words["text"] if symbols else words["name"], "down": down})
        return chips
