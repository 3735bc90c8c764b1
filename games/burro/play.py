"""Burro's referee: leading, following suit, the drawing obligation (Spanish: draw until you can follow;
Portuguese: you may keep drawing), passing on an empty stock, who takes a trick, and Burro em pé's fallen stock.

A situation, as the referee page and the API send it, is read by :func:`referee.tricks.parse_situation`::

    {
      "question": "play",            # "play" (may this card be played? which may?), "draw" (may or must I draw?),
                                     #   "trick" (who takes this trick?) or "knocked" (I knocked the stock over)
      "variant": "portuguese",       # optional: the rules to rule by (spanish48, spanish40, portuguese, em_pe);
                                     #   by default the table's
      "hand": ["3O", "12C"],         # the cards of the player to play, as they are now (drawn cards included)
      "leader": "Ana",               # optional: who led this trick, for its winner by name
      "out": ["Carl"],               # optional: who plays no card to this trick (out of cards, or passed)
      "trick": ["7O", "10O"],        # the cards already played to this trick, lead first
      "card": "12C",                 # optional: the card they mean to play
      "stock_empty": false,          # the stock is empty
      "drawn": false,                # they have already drawn this turn (they could not follow)
      "players": ["Ana", "Bea"]      # optional: who played each card of the trick, named in order (the older
                                     #   way to name the winner: who led says it)
    }

Cards are Spanish codes (``"1O"`` Ace of oros, ``"12C"`` King of copas); the 8s and 9s only in the 48-card deck.
A trick only ever holds cards of the suit led: a player who cannot follow draws until they can, or passes. The
cards go round the table in the order of play from who led, skipping who plays none ("If the draw pile runs out,
the player simply passes"; "Players who run out of cards drop out of play").

>>> from games.burro.rules import GAME
>>> table = GAME.table(["Ana", "Bea", "Carl"])
>>> ruling = GAME.ruling(table, {"hand": ["3O", "12C"], "trick": ["7O"], "card": "12C"})
>>> ruling.legal, str(ruling.rule), [c.code for c in ruling.legal_cards]
(False, 'Follow suit', ['3O'])
>>> str(GAME.ruling(table, {"hand": ["12C", "5E"], "trick": ["7O"]}).rule)
'Draw until you can follow'
>>> GAME.ruling(table, {"question": "trick", "trick": ["7O", "12O", "1O"], "leader": "Bea"}).to_json()["winner"]
'Carl'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.burro.options import BurroOptions, Variant
from games.burro.rules_text import (
    RULE_DRAW,
    RULE_DRAW_AT_WILL,
    RULE_FOLLOW,
    RULE_KEEP_DRAWING,
    RULE_KNOCKED,
    RULE_LEAD,
    RULE_NO_DRAW,
    RULE_PASS,
    RULE_TRICK,
)
from referee import parse
from referee.cards import SPANISH_SUITS_IN_BRACKETS, SUIT_NAMES, Card, DeckKind, deck_cards, spanish_card_name
from referee.game import Errors, Example, Field, Ruling, TableSpec
from referee.text import Text, _
from referee.tricks import (
    LEADER_FIELD,
    Judgement,
    Play,
    Situation,
    SituationShape,
    Trick,
    parse_situation,
    with_players,
)
from referee.values import Seat

QUESTIONS = ("play", "draw", "trick", "knocked")
EM_PE = "em_pe"
SHAPE = SituationShape(deck=DeckKind.SPANISH48, flags=("stock_empty", "drawn"), questions=QUESTIONS)
TRICK_QUESTIONS = ("play", "trick")  # the questions about a trick's cards, who led it and who plays to it
# Who played each card of the trick, named in order: the API's way to name the winner before who led was asked.
PLAYED_BY = Field("players", _("Who played each card of the trick (for the winner by name)"), "players",
                  required=False)
RULING_FIELDS: tuple[Field, ...] = (
    Field("question", _("Question"), "choice", required=False, default="play",
          choices=(("play", _("May I play this card?")), ("draw", _("May I (must I) draw?")),
                   ("trick", _("Who takes the trick?")), ("knocked", _("I knocked the stock over")))),
    Field("variant", _("Rules to rule by"), "choice", required=False,
          choices=((Variant.SPANISH48.value, _("Spanish, 48")), (Variant.SPANISH40.value, _("Spanish, 40")),
                   (Variant.PORTUGUESE.value, _("Portuguese")), (EM_PE, _("Burro em pé"))),
          help=_("Leave it for the table's variant.")),
    Field("hand", _("The hand of the player to play, as it is now"), "cards", required=False,
          help=_("Cards drawn this turn included.")),
    dataclasses.replace(LEADER_FIELD, questions=TRICK_QUESTIONS),
    Field("out", _("Who plays no card to this trick"), "players", required=False, questions=TRICK_QUESTIONS,
          unordered=True, in_trick="out", help=_("Out of cards, or passed with the stock empty.")),
    Field("trick", _("Cards already played to this trick, lead first"), "cards", required=False, default=[]),
    Field("card", _("The card they want to play"), "card", required=False,
          help=_("Leave it empty to see every card that may be played.")),
    Field("stock_empty", _("The stock is empty"), "bool", required=False, default=False,
          help=_("Then a player who cannot follow suit passes instead of drawing.")),
    Field("drawn", _("They have already drawn this turn"), "bool", required=False, default=False,
          help=_("For “May I (must I) draw?”: they could not follow suit and have drawn from the stock.")),
    PLAYED_BY,
)

EXAMPLES: tuple[Example, ...] = (
    Example(_("I hold the suit led: must I play it?"), {"hand": ["3O", "12C", "5E"], "trick": ["7O"], "card": "12C"}),
    Example(_("I have none of the suit led: may I play another card?"),
            {"hand": ["12C", "5E"], "trick": ["7O"], "card": "12C"}),
    Example(_("The stock is empty and I cannot follow"), {"hand": ["12C", "5E"], "trick": ["7O"], "stock_empty": True}),
    Example(_("Spanish: I have just drawn a card of the suit led. May I keep drawing?"),
            {"question": "draw", "variant": "spanish48", "hand": ["12C", "2O"], "trick": ["7O"], "drawn": True}),
    Example(_("Portuguese: I have just drawn a card of the suit led. May I keep drawing?"),
            {"question": "draw", "variant": "portuguese", "hand": ["12C", "2O"], "trick": ["7O"], "drawn": True}),
    Example(_("Who takes this trick?"), {"question": "trick", "leader": "Player 2", "trick": ["7O", "12O", "1O"]}),
    Example(_("Burro em pé: I knocked the stock over"), {"question": "knocked", "variant": EM_PE}),
)


@dataclass(frozen=True)
class InForce:
    """The rules a situation is ruled by: Portuguese or not, Burro em pé or not, the deck, and the house rule
    that lets a Portuguese player draw while holding the suit led."""

    portuguese: bool
    em_pe: bool
    deck: DeckKind
    draw_at_will: bool = False


def in_force(options: BurroOptions, deck: DeckKind, asked: str | None) -> InForce:
    """The table's rules, or those the situation asks for (``variant``); the table's house rule stays in
    force in the Portuguese game."""
    if asked is None:
        return InForce(options.portuguese, options.em_pe, deck, options.draw_at_will)
    portuguese = asked in (Variant.PORTUGUESE, EM_PE)
    return InForce(portuguese, asked == EM_PE,
                   DeckKind.SPANISH48 if asked == Variant.SPANISH48 else DeckKind.SPANISH40,
                   portuguese and options.draw_at_will)


def suit_name(suit: str) -> Text:
    return SUIT_NAMES["spanish"][suit]


def card_name(card: Card) -> Text:
    """A card as said aloud.

    >>> str(card_name(Card("O", "12"))), str(card_name(Card("E", "9")))
    ('King (rey) of oros', '9 of espadas')
    """
    return spanish_card_name(card)


def strength(card: Card) -> int:
    """King (12) high down to Ace (1) low: the card's number."""
    return card.number


# -- the rules of play ------------------------------------------------------------------------------------

def legal_plays(hand: Sequence[Card], trick: Sequence[Card], *, stock_empty: bool, may_draw_on: bool = False,
                ) -> Judgement:
    """The cards of ``hand`` that may go to ``trick``: any card to lead; else a card of the suit led if the
    hand holds one; else none (draw, or pass on an empty stock). ``may_draw_on``: the player may draw instead
    (a Portuguese player already drawing, or the house rule).

    >>> from referee.cards import parse_cards
    >>> judged = legal_plays(parse_cards("3O 12C 9O", "spanish48"), parse_cards("7O", "spanish48"), stock_empty=False)
    >>> [c.code for c in judged.legal], str(judged.rule)
    (['3O', '9O'], 'Follow suit')
    >>> str(legal_plays(parse_cards("12C", "spanish48"), parse_cards("7O", "spanish48"), stock_empty=True).rule)
    'The stock is empty: pass'
    """
    if not trick:
        reasons = {card: _("Any card may be led.") for card in hand}
        return Judgement(RULE_LEAD, _("Nobody has played yet: the leader plays any card, and its suit is the "
                                      "suit led."), tuple(hand), reasons)
    suit = trick[0].suit
    name = suit_name(suit)
    following = tuple(card for card in hand if card.suit == suit)
    if following:
        explanation = _("The suit led is %(suit)s and you hold some: play one of them.", suit=name)
        if may_draw_on:
            explanation = _("The suit led is %(suit)s and you hold some: play one of them or, in the Portuguese "
                            "game, draw instead.", suit=name)
        reasons = {card: _("A card of %(suit)s, the suit led.", suit=name) if card in following else
                   _("The suit led is %(suit)s and you hold some: you must follow suit.", suit=name) for card in hand}
        return Judgement(RULE_FOLLOW, explanation, following, reasons)
    cannot = {card: _("Not %(suit)s, the suit led: it cannot go to this trick.", suit=name) for card in hand}
    if stock_empty:
        return Judgement(RULE_PASS, _("You hold no %(suit)s, the suit led, and the stock is empty: you pass and "
                                      "play no card to this trick.", suit=name), (), cannot)
    return Judgement(RULE_DRAW, _("You hold no %(suit)s, the suit led: you may not play another suit. Draw from "
                                  "the stock, one card at a time, until you draw a card of %(suit)s, and play "
                                  "it; if the stock runs out first, you pass.", suit=name), (), cannot)


def may_draw(hand: Sequence[Card], trick: Sequence[Card], rules: InForce, *, stock_empty: bool,
             drawn: bool) -> Ruling:
    """May (or must) the player draw from the stock now?

    >>> from referee.cards import parse_cards
    >>> spanish, portuguese = InForce(False, False, DeckKind.SPANISH48), InForce(True, False, DeckKind.SPANISH40)
    >>> hand, trick = parse_cards("12C 2O", "spanish40"), parse_cards("7O", "spanish40")
    >>> may_draw(hand, trick, spanish, stock_empty=False, drawn=True).legal
    False
    >>> may_draw(hand, trick, portuguese, stock_empty=False, drawn=True).legal
    True
    """
    if not trick:
        return Ruling(False, RULE_NO_DRAW, _("Nobody has played to this trick yet: the leader plays any card and "
                                             "never draws."), tuple(hand))
    suit = trick[0].suit
    name = suit_name(suit)
    following = tuple(card for card in hand if card.suit == suit)
    if following and stock_empty:
        return Ruling(False, RULE_FOLLOW, _("The stock is empty, so nobody draws: you hold %(suit)s, the suit led, "
                                            "so play one.", suit=name), following)
    if following and drawn and rules.portuguese:
        return Ruling(True, RULE_KEEP_DRAWING,
                      _("You have drawn a card of %(suit)s, the suit led. In the Portuguese game you may go on "
                        "drawing, or stop and play a card of %(suit)s.", suit=name), following)
    if following and drawn:
        return Ruling(False, RULE_DRAW, _("You have drawn a card of %(suit)s, the suit led: stop drawing and play "
                                          "it. Only the Portuguese game lets you keep drawing.", suit=name),
                      following)
    if following and rules.draw_at_will:
        return Ruling(True, RULE_DRAW_AT_WILL,
                      _("You hold %(suit)s, the suit led, but this table's house rule lets a Portuguese player draw "
                        "instead of following: you may draw, or play a card of %(suit)s.", suit=name), following)
    if following:
        return Ruling(False, RULE_NO_DRAW, _("You hold %(suit)s, the suit led: you must play one. Only a player "
                                             "who cannot follow suit draws.", suit=name), following)
    if stock_empty:
        return Ruling(False, RULE_PASS, _("The stock is empty, so you cannot draw; with no %(suit)s you pass and "
                                          "play no card to this trick.", suit=name))
    explanation = _("You hold no %(suit)s, the suit led: you must draw from the stock, one card at a time, until "
                    "you draw one, and play it; if the stock runs out first, you pass.", suit=name)
    if rules.em_pe:
        explanation = _("%(rule)s Burro em pé: draw with care, for whoever knocks the stock over takes it all.",
                        rule=explanation)
    return Ruling(True, RULE_DRAW, explanation)


def knocked(rules: InForce, hand: Sequence[Card], trick: Sequence[Card]) -> Ruling:
    """Burro em pé: the stock was knocked over while drawing."""
    explanation = _("You knocked the stock over while drawing: take the whole stock into your hand. The stock is "
                    "then empty, so play a card of the suit led if you now hold one; if not, you pass.")
    if trick and hand:
        suit = trick[0].suit
        following = tuple(card for card in hand if card.suit == suit)
        return Ruling(None, RULE_KNOCKED, explanation, following)
    return Ruling(None, RULE_KNOCKED, explanation)


def trick_winner(trick: Trick) -> Ruling:
    """The highest card of the suit led takes the trick (every card in it is of that suit), said with who played it
    where the trick names its players."""
    best = max(trick.plays, key=lambda play: strength(play.card))
    reasons = {play.card: _("Takes the trick.") if play is best else
               _("Lower than the %(card)s.", card=card_name(best.card)) for play in trick.plays}
    if best.seat is not None:
        explanation = _("%(who)s wins the trick with the %(card)s, the highest card of %(suit)s, the suit led, and "
                        "leads the next one.", who=best.seat.name, card=card_name(best.card),
                        suit=suit_name(best.card.suit))
    else:
        explanation = _("The %(card)s is the highest card of %(suit)s, the suit led: %(who)s takes the trick and "
                        "leads the next one.", card=card_name(best.card), suit=suit_name(best.card.suit),
                        who=card_name(best.card))
    return Ruling(None, RULE_TRICK, explanation, (), reasons, winner=best.card, winner_seat=best.seat)


# -- the referee ------------------------------------------------------------------------------------------

def answer(table: TableSpec[BurroOptions], raw: Mapping[str, Any]) -> Ruling:
    """The referee's answer to a situation as sent (see the module's docstring)."""
    context = parse_situation(table, raw, SHAPE)
    errors = Errors()
    asked = parse.choice(raw.get("variant"), [v.value for v in Variant] + [EM_PE], "variant", errors,
                         wrong=_("The variant is spanish48, spanish40, portuguese or em_pe."))
    rules = in_force(table.options, table.deck, asked)
    hand = context.hand or ()
    trick = context.trick
    check_deck(context, rules.deck, errors)
    both = [card for card in hand if card in trick.cards()]
    if both:
        errors.add("hand", _("%(code)s cannot be both in the hand and in the trick.",
                             code=spanish_card_name(both[0])))
    if trick.plays:
        suit = trick.plays[0].card.suit
        other = next((play.card for play in trick.plays if play.card.suit != suit), None)
        if other is not None:
            errors.add("trick", _("%(code)s is not of the suit led (%(suit)s): a player who cannot follow draws "
                                  "or passes, and never plays another suit.", code=spanish_card_name(other),
                                  suit=SPANISH_SUITS_IN_BRACKETS[suit]))
    players = parse.seats(table.players, raw.get("players"), "players", errors)
    if players and len(players) != len(trick) and "trick" not in errors:
        errors.add("players", _("Name who played each of the %(n)s cards of the trick, in order.", n=len(trick)))
    out = parse.seats(table.players, raw.get("out"), "out", errors)
    playing = tuple(seat for seat in table.seats() if seat not in out)  # in the order of play
    check_turn(context, players, out, playing, errors)
    question = context.question
    if question == "knocked" and not rules.em_pe:
        errors.add("question", _("Only in Burro em pé does the stock stand up to be knocked over; at this table "
                                 "it lies flat."))
    elif question == "trick" and not trick.plays:
        errors.add("trick", _("Give the cards of the trick, lead first, to find who takes it."))
    elif question == "draw" and context.hand is None:
        errors.add("hand", _("Give the cards the player holds now (those drawn this turn included)."))
    elif question == "play" and context.hand is None and not trick.plays:
        errors.add("hand", _("Give the hand of the player to play, or the cards of a trick to find who takes it."))
    if context.card is not None and context.hand is not None and context.card not in hand:
        errors.add("card", _("%(code)s is not in the hand given.", code=spanish_card_name(context.card)))
    errors.raise_if_any()

    if question == "knocked":
        return knocked(rules, hand, trick.cards())
    if question == "trick" or (question == "play" and context.hand is None):
        return trick_winner(with_players(trick, context.leader, players, playing))
    stock_empty, drawn = context.flag("stock_empty"), context.flag("drawn")
    if question == "draw":
        return may_draw(hand, trick.cards(), rules, stock_empty=stock_empty, drawn=drawn)
    may_draw_on = rules.portuguese and (drawn or rules.draw_at_will) and not stock_empty
    judgement = legal_plays(hand, trick.cards(), stock_empty=stock_empty, may_draw_on=may_draw_on)
    ruled = verdict(context, judgement)
    if not ruled.legal or context.card is None or len(trick) + 1 < len(playing):
        return ruled
    # the card ends the trick (every player who plays to it has): who takes it, too (the rule cited stays the play's)
    done = trick_winner(with_players(Trick((*trick.plays, Play(None, context.card))), context.leader, players, playing))
    return dataclasses.replace(ruled, explanation=_("%(why)s %(winner)s", why=ruled.explanation,
                                                    winner=done.explanation),
                               winner=done.winner, winner_seat=done.winner_seat)


def check_turn(context: Situation, players: Sequence[Seat], out: Sequence[Seat], playing: Sequence[Seat],
               errors: Errors) -> None:
    """Who led and who plays no card, against the trick: the leader plays to it, and it holds a card at most
    from each player who does."""
    leader, cards = context.leader, len(context.trick) + (1 if context.card is not None else 0)
    where = "out" if out else "trick"  # who plays none is the field that makes too few; else the cards are many
    if cards > len(playing) and where not in errors:
        errors.add(where, _("%(k)s cards, but only %(n)s players play to this trick.", k=cards, n=len(playing)))
    if leader is None or "leader" in errors:
        return
    if leader in out:
        errors.add("leader", _("%(name)s plays no card to this trick, so did not lead it.", name=leader.name))
    elif players and players[0] != leader:
        errors.add("leader", _("%(name)s led this trick, not %(leader)s.", name=players[0].name, leader=leader.name))


def check_deck(context: Situation, deck: DeckKind, errors: Errors) -> None:
    """The 8s and 9s only in the 48-card deck: a message on the field that names one."""
    if deck is DeckKind.SPANISH48:
        return
    cards = deck_cards(deck)
    given: tuple[tuple[str, Sequence[Card]], ...] = (
        ("hand", context.hand or ()), ("trick", context.trick.cards()),
        ("card", (context.card,) if context.card is not None else ()))
    for name, found in given:
        missing = next((card for card in found if card not in cards), None)
        if missing is not None:
            errors.add(name, _("%(code)s is not in the 40-card deck: it has no 8s or 9s.", code=missing.code))


def verdict(context: Situation, judgement: Judgement) -> Ruling:
    card = context.card
    if card is None:
        return Ruling(None, judgement.rule, judgement.explanation, judgement.legal, judgement.reasons)
    legal = card in judgement.legal
    name = card_name(card)
    explanation = (_("%(card)s: may be played. %(reason)s", card=name, reason=judgement.reasons[card]) if legal
                   else _("%(card)s: may not be played. %(rule)s", card=name, rule=judgement.explanation))
    return Ruling(legal, judgement.rule, explanation, judgement.legal, judgement.reasons)

