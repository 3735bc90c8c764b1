"""Toruro play: the ranking, the 7 of trumps standing in for the turned card, the play rules and tricks.

Cards are Spanish 40 codes (``"1O"`` Ace of oros, ``"12C"`` King of copas, ``"10E"`` sota of espadas).
Within every suit the order, highest first, is A, 3, King, caballo, sota, 7, 6, 5, 4, 2.

>>> from referee.cards import Card, parse_cards
>>> trick_winner_index([Card.parse(c, "spanish40") for c in ("12O", "3O", "2C")], trump="C", seven_as=None)
2
>>> rule, verdicts = judge_play(parse_cards("1B 7O 4E", "spanish40"), [], 1, trump="B", seven_as=None)
>>> rule, [str(c) for c, broken in verdicts.items() if broken is None]
('lead_ace', ['1B'])
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.cards import Card
from referee.text import Text, _, join

# Lowest to highest: the index is the strength within a suit.
RANK_ORDER: tuple[str, ...] = ("2", "4", "5", "6", "7", "10", "11", "12", "3", "1")
# "Sota or higher" in Toruro's ranking: sota, caballo, rey, 3, Ace.
SEVEN_STANDS_IN_FOR: frozenset[str] = frozenset({"10", "11", "12", "3", "1"})

RANK_NAMES: dict[str, Text] = {
    "1": _("Ace"), "2": _("2"), "3": _("3"), "4": _("4"), "5": _("5"), "6": _("6"), "7": _("7"),
    "10": _("sota"), "11": _("caballo"), "12": _("King"),
}

# The play rules whose breach is a lulo (the keys deal records use), in the rules page's order.
MISPLAY_RULES: tuple[str, ...] = (
    "lead_ace",
    "lead_three_or_king",
    "lead_highest_trump_second",
    "follow_suit",
    "trump_when_void",
    "play_higher_to_trump_lead",
)
LEAD_RULES: frozenset[str] = frozenset({"lead_ace", "lead_three_or_king", "lead_highest_trump_second"})
FIRST_LEAD_RULES: frozenset[str] = frozenset({"lead_ace", "lead_three_or_king"})

RULE_NAMES: dict[str, Text] = {
    "lead_ace": _("First trick: lead the Ace of trumps"),
    "lead_three_or_king": _("First trick: lead the 3 or the King of trumps when holding both"),
    "lead_highest_trump_second": _("Second trick: lead your highest trump"),
    "follow_suit": _("Follow suit"),
    "trump_when_void": _("Trump when you cannot follow suit"),
    "play_higher_to_trump_lead": _("Play higher to a trump lead"),
    # Situations where no obligation binds (no breach possible, so not misplay keys):
    "free_lead": _("Free lead"),
    "free_discard": _("Free discard"),
    "trick_winner": _("Who takes the trick"),
}


def seven_stands_in_for(turned: Card | None) -> str | None:
    """The rank the 7 of trumps plays as: the turned card's when that is a sota or higher, else ``None``."""
    if turned is not None and turned.rank in SEVEN_STANDS_IN_FOR:
        return turned.rank
    return None


def effective_rank(card: Card, trump: str, seven_as: str | None) -> str:
    """The rank a card plays as: the 7 of trumps is the turned card when that is a sota or higher."""
    if seven_as is not None and card.suit == trump and card.rank == "7":
        return seven_as
    return card.rank


def strength(card: Card, trump: str, seven_as: str | None) -> int:
    """A card's place in its suit, 0 (the 2) to 9 (the Ace)."""
    return RANK_ORDER.index(effective_rank(card, trump, seven_as))


def card_name(card: Card, trump: str, seven_as: str | None) -> Text:
    """``3C``, or ``7C (as the 3)`` when the 7 of trumps stands in for the turned card."""
    if effective_rank(card, trump, seven_as) != card.rank:
        return _("%(card)s (as the %(rank)s)", card=card.code,
                 rank=RANK_NAMES[effective_rank(card, trump, seven_as)])
    return _("%(card)s", card=card.code)


def trick_winner_index(cards: Sequence[Card], trump: str, seven_as: str | None) -> int:
    """Which card takes the trick: the highest trump if any was played, else the highest of the suit led."""
    if not cards:
        raise ValueError("an empty trick has no winner")
    suit = trump if any(c.suit == trump for c in cards) else cards[0].suit
    best = -1
    best_strength = -1
    for i, card in enumerate(cards):
        if card.suit == suit and strength(card, trump, seven_as) > best_strength:
            best, best_strength = i, strength(card, trump, seven_as)
    return best


def _holds(hand: Sequence[Card], rank: str, trump: str, seven_as: str | None) -> list[Card]:
    return [c for c in hand if c.suit == trump and effective_rank(c, trump, seven_as) == rank]


def judge_play(hand: Sequence[Card], trick: Sequence[Card], trick_number: int, trump: str,
               seven_as: str | None) -> tuple[str, dict[Card, str | None]]:
    """The rule that governs this play and, for each card in ``hand``, ``None`` if it may be played or the key
    of the rule playing it breaks (a lulo).

    ``trick`` is the cards already played to this trick in order (empty: the player leads).
    """
    verdicts: dict[Card, str | None] = {}

    def only(allowed: Sequence[Card], broken: str) -> dict[Card, str | None]:
        return {c: (None if c in allowed else broken) for c in hand}

    trumps = [c for c in hand if c.suit == trump]
    if not trick:
        if trick_number == 1:
            aces = _holds(hand, "1", trump, seven_as)
            if aces:
                return "lead_ace", only(aces, "lead_ace")
            threes = _holds(hand, "3", trump, seven_as)
            kings = _holds(hand, "12", trump, seven_as)
            if threes and kings:
                return "lead_three_or_king", only(threes + kings, "lead_three_or_king")
        elif trick_number == 2 and trumps:
            top = max(strength(c, trump, seven_as) for c in trumps)
            highest = [c for c in trumps if strength(c, trump, seven_as) == top]
            return "lead_highest_trump_second", only(highest, "lead_highest_trump_second")
        return "free_lead", {c: None for c in hand}

    led = trick[0].suit
    if led == trump:
        if not trumps:
            return "free_discard", {c: None for c in hand}
        top_played = max((strength(c, trump, seven_as) for c in trick if c.suit == trump), default=-1)
        higher = [c for c in trumps if strength(c, trump, seven_as) > top_played]
        if higher:
            for c in hand:
                if c in higher:
                    verdicts[c] = None
                elif c.suit == trump:
                    verdicts[c] = "play_higher_to_trump_lead"
                else:
                    verdicts[c] = "follow_suit"
            return "play_higher_to_trump_lead", verdicts
        return "follow_suit", only(trumps, "follow_suit")
    followers = [c for c in hand if c.suit == led]
    if followers:
        return "follow_suit", only(followers, "follow_suit")
    if trumps:
        return "trump_when_void", only(trumps, "trump_when_void")
    return "free_discard", {c: None for c in hand}


# -- rulings ------------------------------------------------------------------------------------------------

SUIT_WORDS: dict[str, Text] = {"O": _("oros"), "C": _("copas"), "E": _("espadas"), "B": _("bastos")}


def explain(rule: str, hand: Sequence[Card], trick: Sequence[Card], trick_number: int, trump: str,
            seven_as: str | None, allowed: Sequence[Card]) -> Text:
    """Why ``rule`` governs this play, in the words a player would use; ends with what breaking it costs."""
    trump_word = SUIT_WORDS[trump]
    names = join([card_name(c, trump, seven_as) for c in allowed])
    if rule == "lead_ace":
        return _("You lead the first trick and hold the Ace of trumps (%(cards)s): you must lead it. "
                 "Breaking this rule is a lulo.", cards=names)
    if rule == "lead_three_or_king":
        return _("You lead the first trick and hold both the 3 and the King of trumps (%(cards)s): you must "
                 "lead one of them. Breaking this rule is a lulo.", cards=names)
    if rule == "lead_highest_trump_second":
        return _("You lead the second trick and hold trumps: you must lead your highest trump (%(cards)s). "
                 "Breaking this rule is a lulo.", cards=names)
    if rule == "free_lead":
        if trick_number == 1:
            return _("You lead the first trick holding neither the Ace of trumps (%(trump)s) nor both its 3 "
                     "and King: lead any card.", trump=trump_word)
        if trick_number == 2:
            return _("You lead the second trick holding no trump (%(trump)s): lead any card.",
                     trump=trump_word)
        return _("The lead to the third trick is free: lead any card.")
    led = trick[0] if trick else None
    if rule == "play_higher_to_trump_lead":
        top = max((c for c in trick if c.suit == trump), key=lambda c: strength(c, trump, seven_as))
        return _("Trumps (%(trump)s) were led: you must play a trump higher than every card played so far "
                 "(the best is %(top)s) when you can: %(cards)s. Breaking this rule is a lulo.",
                 trump=trump_word, top=card_name(top, trump, seven_as), cards=names)
    if rule == "follow_suit" and led is not None and led.suit == trump:
        return _("Trumps (%(trump)s) were led and you hold trumps, none higher than those played: you must "
                 "still follow with a trump (%(cards)s). Breaking this rule is a lulo.",
                 trump=trump_word, cards=names)
    if rule == "follow_suit" and led is not None:
        return _("%(suit)s were led and you hold %(suit)s: you must follow suit (%(cards)s). Breaking this "
                 "rule is a lulo.", suit=SUIT_WORDS[led.suit], cards=names)
    if rule == "trump_when_void" and led is not None:
        return _("You hold no %(suit)s, the suit led: you must play a trump (%(trump)s): %(cards)s. Breaking "
                 "this rule is a lulo.", suit=SUIT_WORDS[led.suit], trump=trump_word, cards=names)
    if led is not None and led.suit == trump:
        return _("Trumps were led and you hold none: play any card.")
    return _("You cannot follow suit and hold no trump (%(trump)s): play any card.", trump=trump_word)


def winner_explanation(cards: Sequence[Card], trump: str, seven_as: str | None, index: int,
                       who: str | None) -> Text:
    best = card_name(cards[index], trump, seven_as)
    taker = who if who is not None else str(best)
    if any(c.suit == trump for c in cards):
        return _("Trumps (%(trump)s) were played: the highest trump, %(card)s, takes the trick: %(who)s. "
                 "Order in every suit: Ace, 3, King, caballo, sota, 7, 6, 5, 4, 2.",
                 trump=SUIT_WORDS[trump], card=best, who=taker)
    return _("No trump was played: the highest %(suit)s (the suit led), %(card)s, takes the trick: %(who)s. "
             "Order in every suit: Ace, 3, King, caballo, sota, 7, 6, 5, 4, 2.",
             suit=SUIT_WORDS[cards[0].suit], card=best, who=taker)
