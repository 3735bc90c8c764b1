"""French Tarot rulings: which cards may be played, who wins a trick, whether an écart or a poignée is legal.

:class:`TarotTrickRules` is the game's :class:`~referee.tricks.TrickRules`. A situation (as the referee page
and the API send it, read by :func:`referee.tricks.parse_situation`):

- a play: ``{"hand": ["KH", "T5", ...], "trick": ["7H", "T12"], "card": "T5"}``. ``trick`` is the cards
  already played, in order, as codes or as ``{"player": ..., "card": ...}``; ``card`` is optional (without it
  the ruling lists every legal card). At five players ``first_trick`` (bool) with ``called_card`` (``"KH"``)
  or ``called_suit`` (``"H"``; the King of that suit is meant) brings in the opening-lead rule.
- a complete trick (as many cards as players, no ``hand``): the winner. ``last_trick`` and ``chelem``
  (bools) say whether it is the last trick of a side that took every other one (the Excuse led there wins).
  The winner is the player's name when the trick names players, or when ``leader`` names who led;
  otherwise the winning card's code.
- an écart: ``{"question": "ecart", "hand": [...], "ecart": [...]}``, the hand being the taker's after
  taking the chien (30 cards at three players, 24 at four, 18 at five); without the hand, a King, a bout or
  the wrong count is still ruled on, and only a trump asks for the hand.
- a poignée: ``{"question": "poignee", "poignee": [...]}`` the cards shown, with the player's ``hand`` if known;
  or the ``hand`` alone, for the largest poignée it may show (:mod:`games.tarot.poignee`).
- petit sec: ``{"question": "petit_sec", "hand": [...]}``, the player's hand or just its trumps and Excuse: whether
  the Petit is the only trump, without the Excuse, which voids the deal (:mod:`games.tarot.petit_sec`).

>>> from games.tarot.rules import GAME
>>> table = GAME.table(["N", "E", "S", "W"])
>>> GAME.ruling(table, {"hand": ["KH", "2H", "T5", "EX"], "trick": ["7H"]}).to_json()["legal_cards"]
['KH', '2H', 'EX']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence

from games.tarot.numbers import CALLABLE_RANKS, CHIEN_SIZE, HAND_SIZE
from games.tarot.petit_sec import petit_sec_ruling
from games.tarot.poignee import poignee_ruling
from games.tarot.rules_text import (
    P_ECART,
    P_EXCUSE,
    P_FOLLOW,
    P_LEAD,
    P_OPENING,
    P_TRUMPS_LED,
    P_WINNER,
    SECTIONS,
)
from referee.cards import SUIT_NAMES, SUIT_SYMBOLS, TAROT_RANKS, TRUMP, Card, DeckKind, card_letters, card_name
from referee.game import Rule, Ruling
from referee.parse import Errors, InvalidRecord
from referee.text import Text, _, and_join, and_join_of, join, ngettext
from referee.tricks import Judgement, Play, Situation, SituationShape, Trick, Verdict, trick_winner

# Each ruling's rule names the paragraph of the rules page it rests on, which the referee quotes.
_PLAY, _CHIEN, _FIVE = SECTIONS["play"], SECTIONS["chien"], SECTIONS["five-players"]
RULE_LEAD = _PLAY.rule(P_LEAD, _("Leading: any card"))
RULE_EXCUSE_LED = _PLAY.rule(P_EXCUSE, _("The Excuse was led: the next card sets the suit"))
RULE_FOLLOW = _PLAY.rule(P_FOLLOW, _("Follow suit"))
RULE_FOLLOW_TRUMPS = _PLAY.rule(P_TRUMPS_LED, _("Follow suit"))  # trumps led, none of yours beats the highest
RULE_TRUMP = _PLAY.rule(P_FOLLOW, _("Trump when void"))
RULE_OVERTRUMP = _PLAY.rule(P_FOLLOW, _("Overtrump"))  # a plain suit led and trumped
RULE_OVERTRUMP_TRUMPS = _PLAY.rule(P_TRUMPS_LED, _("Overtrump"))  # trumps led: beat them, even your partner's
RULE_PISSER = _PLAY.rule(P_FOLLOW, _("Pisser: trump even if you cannot overtrump"))
RULE_DISCARD = _PLAY.rule(P_FOLLOW, _("Discard when you can neither follow nor trump"))
RULE_EXCUSE = _PLAY.rule(P_EXCUSE, _("The Excuse may always be played"))
RULE_OPENING = _FIVE.rule(P_OPENING, _("Opening lead at five players"))
RULE_WINNER = _PLAY.rule(P_WINNER, _("Who wins the trick"))
RULE_ECART = _CHIEN.rule(P_ECART, _("The écart"))
MAY_GO_DOWN = _("Cards that may go in the écart:")


# -- the rules of play ------------------------------------------------------------------------------------

def suit_mark(suit: str) -> str:
    return "trumps" if suit == TRUMP else SUIT_SYMBOLS.get(suit, suit)


def said(card: Card) -> Text:
    """A trump as a sentence says it after "the": by its number, as players do ("the 16"), the 1 by its name
    ("the Petit"); any other card by its name.

    >>> str(said(Card("T", "16"))), str(said(Card("T", "1"))), str(said(Card("H", "K")))
    ('16', 'Petit', 'King of hearts')
    """
    if card.is_trump:
        return _("Petit") if card.rank == "1" else Text(card.rank)
    return card_name(card, DeckKind.TAROT)


def chips(cards: Sequence[Card]) -> Text:
    """Cards listed as their chips show them, in the reader's letters: "R♥ 3♠ T21 Excuse" in French.

    >>> str(chips([Card("H", "K"), Card("T", "21"), Card("EX", "")]))
    'K♥ T21 Excuse'
    """
    return join([_("Excuse") if c.is_excuse else Text(c.code) if c.is_trump else card_letters(c) for c in cards],
                " ")


def the_card(card: Card) -> Text:
    """A card with its article where a sentence names it, which French and Spanish choose by the card ("la
    Dame", "le Roi", "l’Excuse"): "the Queen of hearts", "the 16", "the Excuse".

    >>> [str(the_card(Card(s, r))) for s, r in (("H", "Q"), ("S", "7"), ("T", "16"), ("EX", ""))]
    ['the Queen of hearts', 'the 7 of spades', 'the 16', 'the Excuse']
    """
    if card.is_excuse:
        return _("the Excuse")
    if card.is_trump:
        return _("the %(n)s", n=said(card))
    suit = SUIT_NAMES["french"][card.suit]
    if card.rank == "K":
        return _("the King of %(suit)s", suit=suit)
    if card.rank == "Q":
        return _("the Queen of %(suit)s", suit=suit)
    if card.rank == "C":
        return _("the Knight of %(suit)s", suit=suit)
    if card.rank == "J":
        return _("the Jack of %(suit)s", suit=suit)
    return _("the %(rank)s of %(suit)s", rank=card.rank, suit=suit)


# Several cards of one rank named at once, "the Kings of %(suits)s": the suits said once each, as the catalogues
# name them, listed after "of" as each language does (and_join_of: "picas, corazones y tréboles"; "pique, de cœur
# et de trèfle").
THE_RANKS_OF: dict[str, Text] = {
    "K": _("the Kings of %(suits)s"),
    "Q": _("the Queens of %(suits)s"),
    "C": _("the Knights of %(suits)s"),
}


def the_cards(cards: Sequence[Card]) -> Text:
    """Cards named in a sentence, those of one rank together: "the Kings of spades, hearts and clubs" (not "the
    King of spades, the King of hearts and the King of clubs"), one card as :func:`the_card` names it, the ranks
    in the order they come.

    >>> str(the_cards([Card("S", "K"), Card("H", "K"), Card("C", "K")])), str(the_cards([Card("C", "K")]))
    ('the Kings of spades, hearts and clubs', 'the King of clubs')
    >>> str(the_cards([Card("C", "K"), Card("S", "Q"), Card("H", "Q")]))
    'the King of clubs and the Queens of spades and hearts'
    """
    groups: dict[str, list[Card]] = {}
    for card in cards:
        key = card.rank if card.rank in THE_RANKS_OF else card.code
        groups.setdefault(key, []).append(card)
    said = [the_card(group[0]) if len(group) == 1 else
            Text(THE_RANKS_OF[rank].template, {"suits": and_join_of([SUIT_NAMES["french"][c.suit] for c in group])})
            for rank, group in groups.items()]
    return and_join(said)


def led_suit(trick: Sequence[Card]) -> str | None:
    """The suit that must be followed: the first card that is not the Excuse (led Excuse: the next card)."""
    for card in trick:
        if not card.is_excuse:
            return card.suit
    return None


def highest_trump(trick: Sequence[Card]) -> Card | None:
    trumps = [c for c in trick if c.is_trump]
    return max(trumps, key=lambda c: c.number) if trumps else None


def legal_plays(hand: Sequence[Card], trick: Sequence[Card], called: Card | None = None,
                player: str | None = None) -> Judgement:
    """The cards of ``hand`` that may go to ``trick``; ``called`` brings in the five-player opening lead. With
    ``player`` (a play the cards of a deal judge after it was made), a rule that refuses a card is said of that
    player, in the past ("Cris had no ♠"), not to the one asking ("you have no ♠").

    >>> from referee.cards import parse_cards
    >>> j = legal_plays(parse_cards("2H T3 T15 EX", "tarot"), parse_cards("7S T10", "tarot"))
    >>> [c.code for c in j.legal], str(j.rule)
    (['T15', 'EX'], 'Overtrump')
    """
    suit = led_suit(trick)
    trumps = [c for c in hand if c.is_trump]
    top = highest_trump(trick)

    def ruled(rule: Rule, explanation: Text, legal: Sequence[Card], why_ok: Text, why_not: Text,
              said_of: Text | None = None) -> Judgement:
        if player is not None and said_of is not None:  # why the player's card was refused, said of the player
            explanation = why_not = said_of
        reasons: dict[Card, Text] = {}
        for card in hand:
            if card.is_excuse:
                reasons[card] = _("The Excuse may be played at any time, instead of obeying.")
            else:
                reasons[card] = why_ok if card in legal else why_not
        allowed = tuple(c for c in hand if c in legal or c.is_excuse)
        excuse_rules: dict[Card, Rule | Text] = {c: RULE_EXCUSE for c in hand if c.is_excuse}
        return Judgement(rule, explanation, allowed, reasons, excuse_rules)

    if suit is None:
        if called is not None and not trick:
            banned = [c for c in hand if c.suit == called.suit and c != called]
            others = [c for c in hand if c not in banned]
            if banned and [c for c in others if not c.is_excuse]:
                opening = ruled(RULE_OPENING,
                                _("At five players the first trick may not be led in the called suit (%(suit)s), "
                                  "except with the called card %(called)s itself.", suit=suit_mark(called.suit),
                                  called=said(called)),
                                others, _("Any card but the called suit may open the deal."),
                                _("Not the called suit (%(suit)s) on the first lead, unless it is the called card "
                                  "%(called)s.", suit=suit_mark(called.suit), called=said(called)))
                if called in opening.reasons:  # of the called suit, but the one card of it that may open
                    opening = dataclasses.replace(opening, reasons={
                        **opening.reasons, called: _("The called card itself may open the deal.")})
                return opening
        if trick:
            return ruled(RULE_EXCUSE_LED,
                         _("The Excuse was led, so it sets no suit: play any card, and that card sets the suit "
                           "for the others."),
                         hand, _("Any card may follow a led Excuse."), _("Any card may follow a led Excuse."))
        return ruled(RULE_LEAD, _("The leader may lead any card."), hand, _("Any card may be led."),
                     _("Any card may be led."))

    if suit == TRUMP:
        if not trumps:
            return ruled(RULE_DISCARD, _("Trumps were led and you have none: play any card."),
                         hand, _("You have no trump: any card will do."), _("Any card will do."))
        higher = [c for c in trumps if top is None or c.number > top.number]
        top_code = said(top) if top else ""
        if higher:
            return ruled(RULE_OVERTRUMP_TRUMPS,
                         _("Trumps were led: you must beat the highest trump in the trick, %(top)s, even if your "
                           "partner played it, since you can.", top=top_code),
                         higher, _("Beats the %(top)s, as you must.", top=top_code),
                         _("You must beat the %(top)s with a higher trump, and you hold one.", top=top_code),
                         _("Trumps were led and %(name)s could beat the %(top)s, the highest trump in the trick: "
                           "%(name)s had to, even over a partner.", name=player, top=top_code))
        return ruled(RULE_FOLLOW_TRUMPS, _("Trumps were led: you cannot beat the %(top)s, so play any trump.",
                                          top=top_code),
                     trumps, _("A trump, as trumps were led; you cannot beat the %(top)s.", top=top_code),
                     _("Trumps were led and you hold trumps: play one."),
                     _("Trumps were led and %(name)s held trumps: %(name)s had to play one.", name=player))

    mark = suit_mark(suit)
    following = [c for c in hand if c.suit == suit]
    if following:
        return ruled(RULE_FOLLOW,
                     _("%(suit)s was led and you hold %(suit)s: you must play one (or the Excuse).", suit=mark),
                     following, _("Follows the suit led, %(suit)s.", suit=mark),
                     _("You hold %(suit)s, the suit led: you must follow suit.", suit=mark),
                     _("%(suit)s was led and %(name)s held %(suit)s: %(name)s had to play one (or the Excuse).",
                       suit=mark, name=player))
    if not trumps:
        return ruled(RULE_DISCARD, _("You have no %(suit)s and no trump: throw any card.", suit=mark),
                     hand, _("You can neither follow %(suit)s nor trump: any card will do.", suit=mark),
                     _("Any card will do."))
    if top is None:
        return ruled(RULE_TRUMP, _("You have no %(suit)s, the suit led: you must play a trump.", suit=mark),
                     trumps, _("A trump, as you have no %(suit)s.", suit=mark),
                     _("You have no %(suit)s but hold trumps: you must trump.", suit=mark),
                     _("%(name)s had no %(suit)s, the suit led: %(name)s had to play a trump.", suit=mark,
                       name=player))
    higher = [c for c in trumps if c.number > top.number]
    if higher:
        return ruled(RULE_OVERTRUMP,
                     _("You have no %(suit)s and the trick is already trumped with the %(top)s: you must play a "
                       "higher trump, since you hold one.", suit=mark, top=said(top)),
                     higher, _("Beats the %(top)s, as you must.", top=said(top)),
                     _("The trick is trumped with the %(top)s and you can beat it: you must overtrump.",
                       top=said(top)),
                     _("%(name)s had no %(suit)s and the trick was already trumped with the %(top)s: %(name)s had "
                       "to play a higher trump, holding one.", suit=mark, top=said(top), name=player))
    return ruled(RULE_PISSER,
                 _("You have no %(suit)s and cannot beat the %(top)s: you must still play a trump (pisser).",
                   suit=mark, top=said(top)),
                 trumps, _("A lower trump: you cannot beat the %(top)s but must still trump.", top=said(top)),
                 _("You have no %(suit)s but hold trumps: you must trump, even under the %(top)s.",
                   suit=mark, top=said(top)),
                 _("%(name)s had no %(suit)s and could not beat the %(top)s: %(name)s still had to play a trump "
                   "(pisser).", suit=mark, top=said(top), name=player))


def _strength(excuse_wins: bool) -> Callable[[Play, Trick], tuple[int, ...] | None]:
    def strength(play: Play, trick: Trick) -> tuple[int, ...] | None:
        card = play.card
        if card.is_excuse:
            return (3, 0) if excuse_wins else None
        if card.is_trump:
            return (2, card.number)
        if card.suit == led_suit(trick.cards()):
            return (1, TAROT_RANKS.index(card.rank))
        return None
    return strength


def winning_index(trick: Sequence[Card], chelem_last_trick: bool = False) -> int:
    """Index of the winning card: highest trump, else highest of the suit led; the Excuse never wins,
    except led to the last trick of a chelem.

    >>> from referee.cards import parse_cards
    >>> winning_index(parse_cards("EX 3H KH T2", "tarot"))
    3
    """
    excuse_wins = chelem_last_trick and bool(trick) and trick[0].is_excuse
    plays = Trick.of(trick)
    best = trick_winner(plays, _strength(excuse_wins))
    assert best is not None  # a trick of three or more cards has a card that is not the Excuse
    return plays.plays.index(best)


def trick_verdict(trick: Trick, last_trick: bool, chelem: bool) -> Verdict:
    """Who takes a complete trick, why, and a note per card."""
    cards = trick.cards()
    index = winning_index(cards, last_trick and chelem)
    best = cards[index]
    seat = trick.plays[index].seat
    who = seat.name if seat is not None else _("whoever played %(card)s", card=the_card(best))
    reasons: dict[Card, Text] = {}
    if best.is_excuse:
        explanation = _("The Excuse led to the last trick of a chelem wins it: %(who)s takes the trick.", who=who)
    elif best.is_trump:
        explanation = _("The %(card)s is the highest trump: %(who)s takes the trick.", card=said(best), who=who)
    else:
        explanation = _("No trump was played: %(card)s is the highest %(suit)s, the suit led, so %(who)s takes "
                        "the trick.", card=the_card(best), suit=suit_mark(best.suit), who=who)
    led = next((c.suit for c in cards if not c.is_excuse), None)  # the Excuse led, the next card sets the suit
    for position, card in enumerate(cards):
        if position == index:
            reasons[card] = _("Wins the trick.")
        elif best.is_excuse:
            reasons[card] = _("The Excuse led to the last trick of a chelem takes it.")
        elif card.is_excuse:
            reasons[card] = _("The Excuse never wins a trick.")
        elif card.is_trump:
            reasons[card] = _("A lower trump.")
        elif card.suit == led and best.is_trump:
            reasons[card] = _("Of the suit led, but a trump, the %(card)s, takes the trick.", card=said(best))
        elif card.suit == led:
            reasons[card] = _("Lower than %(card)s.", card=the_card(best))
        else:
            reasons[card] = _("Not the suit led and not a trump: it cannot win.")
    notes: list[Text] = []
    if any(c.is_excuse for c in cards) and not best.is_excuse:
        if cards[0].is_excuse:
            notes.append(_("The Excuse was led, so the next card set the suit."))
        if last_trick:
            notes.append(_("In the last trick, outside a chelem, the Excuse goes to the side that wins the "
                           "trick."))
        else:
            notes.append(_("Its owner keeps the Excuse and gives the winner a ½-point card for it."))
    for note in notes:
        explanation = _("%(main)s %(note)s", main=explanation, note=note)
    return Verdict(index, RULE_WINNER, explanation, reasons)


def ecart_ruling(players: int, hand: Sequence[Card], ecart: Sequence[Card]) -> Ruling:
    """Is this écart legal? No King, no bout; trumps only when unavoidable (and shown); the right count.

    :class:`InvalidRecord` when the hand is not the taker's whole hand with the chien, or the écart not in it.
    """
    errors = Errors()
    size = CHIEN_SIZE[players]
    expected = HAND_SIZE[players] + size
    if len(hand) != expected:
        errors.add("hand", _("With the chien the taker holds %(cards)s cards at %(n)s players, not %(given)s.",
                             cards=expected, n=players, given=len(hand)))
    missing = [c for c in ecart if c not in hand]
    if missing and "hand" not in errors:
        errors.add("ecart", _("%(code)s is not in the taker's hand.", code=card_name(missing[0], DeckKind.TAROT)))
    if not ecart and "ecart" not in errors:
        errors.add("ecart", _("Give the cards put down as the écart."))
    errors.raise_if_any()

    plain = [c for c in hand if not c.is_trump and not c.is_excuse and c.rank != "K"]
    trumps_needed = max(0, size - len(plain))
    may = tuple(c for c in hand if c in plain or (trumps_needed and c.is_trump and not c.is_bout))
    reasons: dict[Card, Text] = {}
    faults: list[Text] = []
    trumps_in = [c for c in ecart if c.is_trump and not c.is_bout]
    for card in ecart:
        if (never := _never_down(card)) is not None:
            reasons[card] = never
        elif card.is_trump and not trumps_needed:
            reasons[card] = _("A trump may go in only when nothing else can: you have %(plain)s other cards.",
                              plain=len(plain))
        elif card.is_trump and not plain:
            reasons[card] = _("Allowed and shown: you have no other card to put down.")
        elif card.is_trump:
            reasons[card] = ngettext("Allowed and shown: you have only %(n)s other card to put down.",
                                     "Allowed and shown: you have only %(n)s other cards to put down.", len(plain))
        else:
            reasons[card] = _("Allowed.")
    faults.extend(_kings_and_bouts(ecart))
    if len(trumps_in) > trumps_needed and not trumps_needed:
        faults.append(_("Trumps go in only when unavoidable: you hold %(plain)s other cards that may go down, so "
                        "no trump may go in here.", plain=len(plain)))
    elif len(trumps_in) > trumps_needed and not plain:
        faults.append(_("Trumps go in only when unavoidable: with no other card that may go down, no more than "
                        "%(most)s of them here, not %(given)s.", most=trumps_needed, given=len(trumps_in)))
    elif len(trumps_in) > trumps_needed:
        faults.append(ngettext(
            "Trumps go in only when unavoidable: you hold %(n)s other card that may go down, so no more than "
            "%(most)s of them here, not %(given)s.",
            "Trumps go in only when unavoidable: you hold %(n)s other cards that may go down, so no more than "
            "%(most)s of them here, not %(given)s.", len(plain), most=trumps_needed, given=len(trumps_in)))
    faults.extend(_miscounted(players, ecart))
    if faults:
        return _not_legal(faults, may, reasons)
    if trumps_in:
        named = join([card_name(c, DeckKind.TAROT) for c in trumps_in])
        if len(trumps_in) == 1:  # the taker holds all but one of the cards the écart needs: several, then
            explanation = _("A legal écart: with only %(plain)s cards that are neither trump nor King, one trump "
                            "must go down, shown to the table: %(trumps)s.", plain=len(plain), trumps=named)
        elif not plain:
            explanation = _("A legal écart: with no card that is neither a trump nor a King, %(n)s trumps must go "
                            "down, shown to the table: %(trumps)s.", n=len(trumps_in), trumps=named)
        elif len(plain) == 1:
            explanation = _("A legal écart: with only one card that is neither a trump nor a King, %(n)s trumps "
                            "must go down, shown to the table: %(trumps)s.", n=len(trumps_in), trumps=named)
        else:
            explanation = _("A legal écart: with only %(plain)s cards that are neither trump nor King, %(n)s trumps "
                            "must go down, shown to the table: %(trumps)s.", plain=len(plain), n=len(trumps_in),
                            trumps=named)
    else:
        explanation = _("A legal écart: %(size)s cards, no King, no bout and no trump.", size=size)
    return Ruling(True, RULE_ECART, explanation, may, reasons, legal_cards_title=MAY_GO_DOWN)


def ecart_without_hand(players: int, ecart: Sequence[Card]) -> Ruling:
    """The écart asked about without the taker's hand: a King or a bout never goes down and the count is the
    chien's, whatever the hand, so those are ruled on at once; only a trump needs the hand (it goes down when
    nothing else can). :class:`InvalidRecord` under ``hand`` when the answer depends on it."""
    if not ecart:
        raise InvalidRecord({"ecart": _("Give the cards put down as the écart.")})
    reasons: dict[Card, Text] = {}
    for card in ecart:
        if (never := _never_down(card)) is not None:
            reasons[card] = never
        elif not card.is_trump:  # a trump's reason depends on the hand, not given: it is left out
            reasons[card] = _("Allowed.")
    may = tuple(c for c in ecart if not c.is_trump and not c.is_excuse and c.rank != "K")
    faults = [*_kings_and_bouts(ecart), *_miscounted(players, ecart)]
    if faults:
        return _not_legal(faults, may, reasons)
    if any(c.is_trump for c in ecart):
        raise InvalidRecord({"hand": _("A trump goes in the écart only when the taker has nothing else to put "
                                       "there: give the taker's whole hand with the chien to know.")})
    return Ruling(True, RULE_ECART, _("A legal écart: %(size)s cards, no King, no bout and no trump.",
                                      size=CHIEN_SIZE[players]), may, reasons, legal_cards_title=MAY_GO_DOWN)


# What an écart breaks whatever else the taker holds: with the hand (ecart_ruling) or without it.
def _never_down(card: Card) -> Text | None:
    """Why ``card`` may never go in the écart (a bout, a King), or None."""
    if card.is_bout:
        return _("A bout never goes in the écart.")
    if card.rank == "K" and not card.is_trump:
        return _("A King never goes in the écart.")
    return None


def _kings_and_bouts(ecart: Sequence[Card]) -> list[Text]:
    bad = [c for c in ecart if _never_down(c) is not None]
    return [_("No King and no bout may go in the écart (%(cards)s).",
              cards=join([card_name(c, DeckKind.TAROT) for c in bad]))] if bad else []


def _miscounted(players: int, ecart: Sequence[Card]) -> list[Text]:
    size = CHIEN_SIZE[players]
    return [_("The écart is %(size)s cards at %(n)s players, not %(given)s.", size=size, n=players,
              given=len(ecart))] if len(ecart) != size else []


def _not_legal(faults: Sequence[Text], may: Sequence[Card], reasons: Mapping[Card, Text]) -> Ruling:
    explanation = _("Not a legal écart.")
    for fault in faults:
        explanation = _("%(main)s %(note)s", main=explanation, note=fault)
    return Ruling(False, RULE_ECART, explanation, tuple(may), reasons, legal_cards_title=MAY_GO_DOWN)


# -- the referee ------------------------------------------------------------------------------------------

class TarotTrickRules:
    """French Tarot's :class:`~referee.tricks.TrickRules`: legal plays, the trick's winner, and the écart."""

    shape = SituationShape(deck=DeckKind.TAROT, called=True, flags=("first_trick", "last_trick", "chelem"),
                           more=("ecart", "poignee"), questions=("play", "trick", "ecart", "poignee", "petit_sec"),
                           hand_size=HAND_SIZE)

    def validate(self, context: Situation, errors: Errors) -> None:
        """Only at five players is a card called, and it is a King (or a Queen, Knight or Jack)."""
        called = context.called
        if called is None:
            return
        if context.table.size != 5:
            errors.add("called_card", _("Only at five players does the taker call a card."))
        elif called.is_trump or called.is_excuse or called.rank not in CALLABLE_RANKS:
            errors.add("called_card", _("The called card is a King (or a Queen, Knight or Jack)."))

    def legal_plays(self, context: Situation, hand: Sequence[Card], trick: Trick) -> Judgement:
        opening = context.called if context.flag("first_trick") else None
        player = context.player.name if context.player is not None else None
        return legal_plays(hand, trick.cards(), opening, player)

    def winner(self, context: Situation, trick: Trick) -> Verdict:
        return trick_verdict(trick, context.flag("last_trick"), context.flag("chelem"))

    def other_question(self, context: Situation) -> Ruling:
        """The écart (``question: "ecart"``): the taker's hand with the chien, and the cards put down; a poignée
        (``question: "poignee"``): the cards shown, or the hand alone (:mod:`games.tarot.poignee`); petit sec
        (``question: "petit_sec"``): the player's hand, or its trumps and Excuse (:mod:`games.tarot.petit_sec`)."""
        if context.question == "petit_sec":
            return petit_sec_ruling(context.table.size, context.hand or ())
        if context.question == "poignee":
            return poignee_ruling(context.table.size, context.hand or (), context.more.get("poignee", ()))
        if context.question != "ecart":  # pragma: no cover - the shape allows no other question
            raise InvalidRecord({"question": _("Ask about a play or an écart.")})
        if not context.hand:  # a King, a bout or the count needs no hand; a trump does (ecart_without_hand)
            return ecart_without_hand(context.table.size, context.more.get("ecart", ()))
        return ecart_ruling(context.table.size, context.hand, context.more.get("ecart", ()))
