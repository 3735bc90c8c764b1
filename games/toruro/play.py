"""Toruro play: the ranking, the 7 of trumps standing in for the turned card, the play rules and the trick.

Cards are Spanish 40 codes (``"1O"`` Ace of oros, ``"12C"`` King of copas, ``"10E"`` sota of espadas).
Within every suit the order, highest first, is A, 3, King, caballo, sota, 7, 6, 5, 4, 2.

>>> from referee.cards import Card, parse_cards
>>> trick_winner_index([Card.parse(c, "spanish40") for c in ("12O", "3O", "2C")], trump="C", seven_as=None)
2
>>> rule, verdicts = judge_play(parse_cards("1B 7O 4E", "spanish40"), [], 1, trump="B", seven_as=None)
>>> rule, [str(c) for c, broken in verdicts.items() if broken is None]
('lead_ace', ['1B'])

:data:`REFEREE` is Toruro's referee, a :class:`~referee.tricks.TrickRules`; :func:`ruling` answers a situation as
the referee page and the API send it:

>>> from games.toruro.rules import GAME
>>> table = GAME.table(["Ana", "Luis", "Pepe", "Marta", "Juan"])
>>> answer = ruling(table, {"turned_card": "3C", "trick_number": 1, "hand": ["1C", "5O", "7C"], "card": "5O"})
>>> answer.legal, [c.code for c in answer.legal_cards], str(answer.rule)
(False, ['1C'], 'First trick: lead the Ace of trumps')
>>> ruling(table, {"trump": "O", "trick": ["5O", "2C"], "players": ["Ana", "Pepe"]}).to_json()["winner"]
'Ana'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

from referee import parse
from referee.cards import SPANISH_SUITS_IN_BRACKETS, Card, DeckKind, spanish_card_name
from referee.game import InvalidRecord, Ruling, TableSpec
from referee.parse import Errors
from referee.text import Text, _, join
from referee.tricks import (
    Judgement,
    Play,
    Situation,
    SituationShape,
    Trick,
    Verdict,
    in_play_order,
    parse_situation,
    with_players,
)
from referee.values import Seat

from .words import FREE_LEAD, RANK_NAMES, RULE, RULE_NAMES, SUIT_WORDS

# Lowest to highest: the index is the strength within a suit.
RANK_ORDER: tuple[str, ...] = ("2", "4", "5", "6", "7", "10", "11", "12", "3", "1")
# "Sota or higher" in Toruro's ranking: sota, caballo, rey, 3, Ace.
SEVEN_STANDS_IN_FOR: frozenset[str] = frozenset({"10", "11", "12", "3", "1"})
TRICKS = 3  # cards per hand, tricks per deal


class PlayRule(StrEnum):
    """The play rules whose breach is a lulo (the keys deal records use), in the rules page's order."""

    LEAD_ACE = "lead_ace"
    LEAD_THREE_OR_KING = "lead_three_or_king"
    LEAD_HIGHEST_TRUMP_SECOND = "lead_highest_trump_second"
    FOLLOW_SUIT = "follow_suit"
    TRUMP_WHEN_VOID = "trump_when_void"
    PLAY_HIGHER_TO_TRUMP_LEAD = "play_higher_to_trump_lead"


MISPLAY_RULES: tuple[str, ...] = tuple(rule.value for rule in PlayRule)
LEAD_RULES: frozenset[str] = frozenset({"lead_ace", "lead_three_or_king", "lead_highest_trump_second"})
FIRST_LEAD_RULES: frozenset[str] = frozenset({"lead_ace", "lead_three_or_king"})
FOLLOW_RULES: frozenset[str] = frozenset({"follow_suit", "trump_when_void", "play_higher_to_trump_lead"})


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
    """"3 of copas", or "7 of copas played as the 3" when the 7 of trumps stands in for the turned card: in
    words, not in brackets, since a card's name may end in one already (French "7 de coupes (copas)"), and
    "7 de coupes (copas) (comme Roi)" read as a bracket after a bracket (found by the referee tester)."""
    if effective_rank(card, trump, seven_as) != card.rank:
        return _("%(card)s played as the %(rank)s", card=spanish_card_name(card),
                 rank=RANK_NAMES[effective_rank(card, trump, seven_as)])
    return spanish_card_name(card)


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


# -- what the referee says --------------------------------------------------------------------------------------

LULO = _("Breaking this rule is a lulo.")  # after a rule that binds, where no card asked about keeps it

def explain(rule: str, hand: Sequence[Card], trick: Sequence[Card], trick_number: int, trump: str,
            seven_as: str | None, allowed: Sequence[Card], player: str | None = None) -> Text:
    """Why ``rule`` governs this play, in the words a player would use (what breaking it costs is said apart:
    :data:`LULO`, only where a card breaks it). With ``player`` (a play the cards of a deal judge after it was
    made), a rule that refuses a card is said of that player, in the past ("Pepe held copas: Pepe had to follow
    suit"), not to the one asking ("you hold copas")."""
    trump_word = SPANISH_SUITS_IN_BRACKETS[trump]  # said in brackets: one word (not French "deniers (oros)")
    names = join([card_name(c, trump, seven_as) for c in allowed])
    if player is not None and len(allowed) < len(hand):
        said = said_of(player, rule, trick, trump, seven_as, names)
        if said is not None:
            return said
    if rule == "lead_ace":
        return _("You lead the first trick and hold the Ace of trumps, so you must lead it: %(cards)s.",
                 cards=names)
    if rule == "lead_three_or_king":
        return _("You lead the first trick and hold both the 3 and the King of trumps, so you must lead one of "
                 "them: %(cards)s.", cards=names)
    if rule == "lead_highest_trump_second":
        return _("You lead the second trick and hold trumps: you must lead your highest trump, %(cards)s.",
                 cards=names)
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
        return _("Trumps (%(trump)s) were led, so you must play a trump higher than every card played so far, "
                 "the best being %(top)s, when you can: %(cards)s.",
                 trump=trump_word, top=card_name(top, trump, seven_as), cards=names)
    if rule == "follow_suit" and led is not None and led.suit == trump:
        return _("Trumps (%(trump)s) were led and you hold trumps, none higher than those played, so you must "
                 "still follow with a trump: %(cards)s.", trump=trump_word, cards=names)
    if rule == "follow_suit" and led is not None:
        return _("The lead is in %(suit)s and you hold %(suit)s, so you must follow suit: %(cards)s.",
                 suit=SUIT_WORDS[led.suit], cards=names)
    if rule == "trump_when_void" and led is not None:
        return _("You hold no %(suit)s, the suit led, so you must play a trump (%(trump)s): %(cards)s.",
                 suit=SUIT_WORDS[led.suit], trump=trump_word, cards=names)
    if led is not None and led.suit == trump:
        return _("Trumps were led and you hold none: play any card.")
    return _("You cannot follow suit and hold no trump (%(trump)s): play any card.", trump=trump_word)


def said_of(player: str, rule: str, trick: Sequence[Card], trump: str, seven_as: str | None,
            names: Text) -> Text | None:
    """A rule that refused a card of ``player``, said of them in the past; ``None`` for a rule that refuses none."""
    trump_word = SPANISH_SUITS_IN_BRACKETS[trump]  # said in brackets: one word (not French "deniers (oros)")
    if rule == "lead_ace":
        return _("%(name)s led the first trick holding the Ace of trumps, so %(name)s had to lead it: %(cards)s.",
                 name=player, cards=names)
    if rule == "lead_three_or_king":
        return _("%(name)s led the first trick holding both the 3 and the King of trumps, so %(name)s had to "
                 "lead one of them: %(cards)s.", name=player, cards=names)
    if rule == "lead_highest_trump_second":
        return _("%(name)s led the second trick holding trumps: %(name)s had to lead the highest, %(cards)s.",
                 name=player, cards=names)
    led = trick[0] if trick else None
    if led is None:
        return None
    if rule == "play_higher_to_trump_lead":
        top = max((c for c in trick if c.suit == trump), key=lambda c: strength(c, trump, seven_as))
        return _("Trumps (%(trump)s) were led and %(name)s could play a trump higher than every card played so "
                 "far, the best being %(top)s, so %(name)s had to: %(cards)s.", trump=trump_word, name=player,
                 top=card_name(top, trump, seven_as), cards=names)
    if rule == "follow_suit" and led.suit == trump:
        return _("Trumps (%(trump)s) were led and %(name)s held trumps, none higher than those played, so %(name)s "
                 "still had to follow with a trump: %(cards)s.", trump=trump_word, name=player, cards=names)
    if rule == "follow_suit":
        return _("The lead was in %(suit)s and %(name)s held %(suit)s, so %(name)s had to follow suit: %(cards)s.",
                 suit=SUIT_WORDS[led.suit], name=player, cards=names)
    if rule == "trump_when_void":
        return _("%(name)s held no %(suit)s, the suit led, so %(name)s had to play a trump (%(trump)s): %(cards)s.",
                 name=player, suit=SUIT_WORDS[led.suit], trump=trump_word, cards=names)
    return None


def winner_explanation(cards: Sequence[Card], trump: str, seven_as: str | None, index: int,
                       who: str | None) -> Text:
    """Who takes the trick and why; without ``who`` (nobody named), the card is the answer, said once (not
    "7 of copas played as the King, takes the trick: 7 of copas played as the King", found by the referee
    tester)."""
    best = card_name(cards[index], trump, seven_as)
    trumped = any(c.suit == trump for c in cards)
    if who is None and trumped:
        return _("Trumps (%(trump)s) were played: the highest trump, %(card)s, takes the trick. "
                 "Order in every suit: Ace, 3, King, caballo, sota, 7, 6, 5, 4, 2.",
                 trump=SPANISH_SUITS_IN_BRACKETS[trump], card=best)
    if who is None:
        return _("No trump was played: the highest %(suit)s (the suit led), %(card)s, takes the trick. "
                 "Order in every suit: Ace, 3, King, caballo, sota, 7, 6, 5, 4, 2.",
                 suit=SUIT_WORDS[cards[0].suit], card=best)
    if trumped:
        return _("Trumps (%(trump)s) were played: %(who)s wins the trick with the highest trump, %(card)s. "
                 "Order in every suit: Ace, 3, King, caballo, sota, 7, 6, 5, 4, 2.",
                 trump=SPANISH_SUITS_IN_BRACKETS[trump], card=best, who=who)
    return _("No trump was played: %(who)s wins the trick with the highest %(suit)s (the suit led), %(card)s. "
             "Order in every suit: Ace, 3, King, caballo, sota, 7, 6, 5, 4, 2.",
             suit=SUIT_WORDS[cards[0].suit], card=best, who=who)


# -- the referee: Toruro's TrickRules -------------------------------------------------------------------------

TURNED_LIES_BY_THE_POTS = "%(card)s is the turned card: it lies face up by the pots, nobody plays it."


class ToruroTrickRules:
    """Toruro's referee (a :class:`~referee.tricks.TrickRules`).

    A Toruro trick holds a card from each player who went, not one per seat: with no hand given, the cards
    given (and the card just played) are the whole trick, and the question is who takes it."""

    shape = SituationShape(deck=DeckKind.SPANISH40, trump=True, turned=True, trick_number=TRICKS)

    @staticmethod
    def trump(context: Situation) -> str:
        """The trump suit: the turned card's (``validate`` refuses a situation with neither)."""
        if context.turned is not None:
            return context.turned.suit
        assert context.trump is not None
        return context.trump

    def validate(self, context: Situation, errors: Errors) -> None:
        turned, hand, trick, card = context.turned, context.hand, context.trick.cards(), context.card
        if turned is not None:
            if context.trump is not None and context.trump != turned.suit:
                errors.add("trump", _("The turned card %(card)s makes %(suit)s trumps.", card=spanish_card_name(turned),
                                      suit=SUIT_WORDS[turned.suit]))
        elif context.trump is None:
            errors.add("trump", _("Give the turned card (or at least the trump suit)."))
        seen: set[Card] = set()
        for field, cards in (("trick", trick), ("hand", list(hand or ()))):
            for c in cards:
                if c in seen:
                    errors.add(field, _("%(card)s appears twice.", card=spanish_card_name(c)))
                if c == turned:
                    errors.add(field, _(TURNED_LIES_BY_THE_POTS, card=spanish_card_name(c)))
                seen.add(c)
        if card is not None and card == turned:
            errors.add("card", _(TURNED_LIES_BY_THE_POTS, card=spanish_card_name(card)))
        size = context.table.size
        if len(trick) + (1 if card is not None or hand is not None else 0) > size:
            errors.add("trick", _("%(n)s players play at most %(n)s cards to a trick.", n=size))
        if hand is not None:
            number = context.trick_number
            if number is None:
                errors.add("trick_number", _("Which trick: 1, 2 or 3?"))
            elif len(hand) != TRICKS + 1 - number:
                held = TRICKS + 1 - number
                errors.add("hand", _("In trick %(t)s the player holds one card, not %(k)s.", t=number, k=len(hand))
                           if held == 1 else _("In trick %(t)s the player holds %(n)s cards, not %(k)s.", t=number,
                                                n=held, k=len(hand)))
            if card is not None and card not in hand:
                errors.add("card", _("%(card)s is not in the hand.", card=spanish_card_name(card)))
        else:
            if not trick and card is None and not errors:
                errors.add("trick", _("Give the hand to judge a play, or the cards of the trick to find who "
                                      "takes it."))
            if card is not None and card in trick:
                errors.add("card", _("%(card)s appears twice.", card=spanish_card_name(card)))

    def legal_plays(self, context: Situation, hand: Sequence[Card], trick: Trick) -> Judgement:
        """The cards that may be played and why; the explanation says the rule's price (a lulo) where a card of
        ``hand`` breaks it (a flagged play, a list of what may be played)."""
        return self.priced(self.judged(context, hand, trick), hand)

    @staticmethod
    def priced(judgement: Judgement, hand: Sequence[Card]) -> Judgement:
        """``judgement`` with the rule's price said (a lulo) where a card of ``hand`` breaks it."""
        if any(c not in judgement.legal for c in hand):
            return dataclasses.replace(judgement, explanation=join([judgement.explanation, LULO], " "))
        return judgement

    def judged(self, context: Situation, hand: Sequence[Card], trick: Trick) -> Judgement:
        """:meth:`legal_plays` without the price of breaking the rule: a card asked about says its own."""
        trump, seven_as = self.trump(context), seven_stands_in_for(context.turned)
        number = context.trick_number or 1
        rule, verdicts = judge_play(hand, trick.cards(), number, trump, seven_as)
        allowed = tuple(c for c in hand if verdicts[c] is None)
        reasons: dict[Card, Text] = {}
        for c in hand:
            broken = verdicts[c]
            if broken is None:
                reasons[c] = _("%(card)s: may be played.", card=card_name(c, trump, seven_as))
            else:
                reasons[c] = _("%(card)s breaks “%(rule)s”: a lulo.", card=card_name(c, trump, seven_as),
                               rule=RULE_NAMES[broken])
        player = context.player.name if context.player is not None else None  # a play judged after the fact
        explanation = explain(rule, hand, trick.cards(), number, trump, seven_as, allowed, player)
        cited = FREE_LEAD[number] if rule == "free_lead" else RULE[rule]  # its paragraph on the rules page
        return Judgement(cited, explanation, allowed, reasons)

    def winner(self, context: Situation, trick: Trick) -> Verdict:
        trump, seven_as = self.trump(context), seven_stands_in_for(context.turned)
        cards = trick.cards()
        index = trick_winner_index(cards, trump, seven_as)
        seat = trick.plays[index].seat
        who = seat.name if seat is not None else None
        won_as = effective_rank(cards[index], trump, seven_as) != cards[index].rank  # the 7 played as the turned card
        return Verdict(index, RULE["seven_as_turned" if won_as else "trick_winner"],
                       winner_explanation(cards, trump, seven_as, index, who))

    @staticmethod
    def sitting_out(seat: Seat) -> Text:
        """Why a player who did not go plays no card (dealt cards, they sit the deal out)."""
        return _("%(name)s did not go: only those who went play.", name=seat.name)

    def other_question(self, context: Situation) -> Ruling:  # pragma: no cover - the shape asks none
        raise InvalidRecord({"question": _("Ask about a play or a trick.")})


REFEREE = ToruroTrickRules()


def ruling(table: TableSpec[Any], situation: Mapping[str, Any]) -> Ruling:
    """Answer "may this card be played?" (with ``hand``) or "who takes this trick?" (without).

    The situation, read by :func:`referee.tricks.parse_situation`: ``turned_card`` (or ``trump``, a suit),
    ``trick_number`` 1–3, ``trick`` (the cards already played, in order; empty: the player leads), ``hand``
    (the player's cards: 3, 2 or 1 for tricks 1, 2, 3), ``card`` (the card played, optional), ``leader`` (who
    led the trick); and Toruro's own ``went`` (who went: a trick holds a card from each, going round them in the
    order of play from who led, so the winner is named, and a legal card that ends the trick is also told who
    takes it) and ``players`` (who played each card, named in order: the API's older way to name the winner).

    Seed 002: "the card playing starts with the first player on the dealer's left who is 'going'", and whoever
    takes a trick "also becomes the leading player": only those who went play, in the order of play.

    >>> from games.toruro.rules import GAME
    >>> table = GAME.table(["Ana", "Luis", "Pepe", "Marta", "Juan"])   # Luis, Marta and Juan went; Marta led
    >>> answer = ruling(table, {"trump": "O", "went": ["Luis", "Marta", "Juan"], "leader": "Marta",
    ...                         "trick": ["5C", "1C", "2O"]})
    >>> answer.winner.code, answer.winner_seat.name
    ('2O', 'Luis')

    Toruro answers here rather than through :func:`referee.tricks.rule_on` for two things that function does
    not know: a trick is whole with the cards of those who went (fewer than the seats), and the verdict on a
    card asked about is said as "<why this rule governs> <card> may be played / breaks <rule>: a lulo."
    """
    context = parse_situation(table, situation, REFEREE.shape)
    errors = Errors()
    REFEREE.validate(context, errors)
    players = parse.seats(table.players, situation.get("players"), "players", errors)
    went = parse.seats(table.players, situation.get("went"), "went", errors)
    given = len(context.trick) + (1 if context.card is not None else 0)
    if context.hand is None and "players" not in errors and players and len(players) != given:
        errors.add("players", _("Name who played each of the %(n)s cards.", n=given))
    if went and "went" not in errors:
        _check_went(context, players, went, errors)
    playing = in_play_order(table, went) if went else table.seats()  # who went, else (not said) everyone
    _check_leader(context, players, went, playing, given, errors)
    errors.raise_if_any()

    if context.hand is None:
        plays = context.trick.plays + ((Play(None, context.card),) if context.card is not None else ())
        trick = with_players(Trick(plays), context.leader, players, playing)
        verdict = REFEREE.winner(context, trick)
        play = trick.plays[verdict.index]
        return Ruling(None, verdict.rule, verdict.explanation, winner=play.card, winner_seat=play.seat)

    bare = REFEREE.judged(context, context.hand, context.trick)  # judged once: priced for the list, not the card
    judgement = REFEREE.priced(bare, context.hand)
    explanation, legal = judgement.explanation, None
    if context.card is not None:  # the card's verdict says the lulo, only where it breaks the rule
        legal = context.card in judgement.legal
        explanation = _("%(explanation)s %(verdict)s", explanation=bare.explanation,
                        verdict=judgement.reasons[context.card])
    if not legal or len(context.trick) + 1 < len(playing):
        return Ruling(legal, judgement.rule, explanation, judgement.legal, judgement.reasons)
    # the card ends the trick (a card from each who went, or from every seat): who takes it, too (the rule cited
    # stays the play's)
    assert context.card is not None
    done = with_players(Trick((*context.trick.plays, Play(None, context.card))), context.leader, players, playing)
    verdict = REFEREE.winner(context, done)
    best = done.plays[verdict.index]
    return Ruling(legal, judgement.rule, _("%(why)s %(winner)s", why=explanation, winner=verdict.explanation),
                  judgement.legal, judgement.reasons, best.card, best.seat)


def _check_went(context: Situation, players: Sequence[Seat], went: Sequence[Seat], errors: Errors) -> None:
    """Who went, against the trick: a card from each of them at most, played by them."""
    cards = len(context.trick) + (1 if context.card is not None or context.hand is not None else 0)
    if cards > len(went):  # fewer is a trick under way: who holds it so far is still asked
        errors.add("went", _("A trick holds a card from each player who went: %(n)s here, not %(k)s.",
                             n=len(went), k=cards))
    for seat in players:
        if seat not in went:
            errors.add("players", REFEREE.sitting_out(seat))
            return


def _check_leader(context: Situation, players: Sequence[Seat], went: Sequence[Seat], playing: Sequence[Seat],
                  given: int, errors: Errors) -> None:
    """Who led, against who went and who played the cards: one who went, the player of the lead. To name who
    plays after them, who went is needed, unless the cards show that everyone did (one from each seat)."""
    leader = context.leader
    if leader is None or "leader" in errors:
        return
    if leader not in playing:
        errors.add("leader", REFEREE.sitting_out(leader))
    elif players and players[0] != leader:
        errors.add("leader", _("%(name)s led this trick, not %(leader)s.", name=players[0].name, leader=leader.name))
    elif (not went and not players and context.hand is None and 1 < given < context.table.size
          and "went" not in errors):
        errors.add("went", _("Say who went too: the trick goes round them from who led."))
