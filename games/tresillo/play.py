"""The referee shared by Tresillo and L'Ombre, through the shared trick protocol (:mod:`referee.tricks`):
"may I play this?" (follow suit; a trump lead forces trumps; a matador is forced out only by another matador
led, or only by a higher one where the table says so) and "who wins this trick?" (the highest trump, else the
highest card of the suit led), citing the rule.

>>> from referee.cards import parse_cards
>>> from referee.tricks import Situation, Trick
>>> hand = tuple(parse_cards("1E 5O 12C", "spanish40"))
>>> judged = REFEREE.legal_plays(Situation(None, trump="O"), hand, Trick.of(parse_cards("3O", "spanish40")))
>>> [c.code for c in judged.legal]   # a trump led: 5O must go, and Spadillo may (a trump)
['1E', '5O']
>>> judged = REFEREE.legal_plays(Situation(None, trump="O"), hand[:1] + hand[2:],
...                              Trick.of(parse_cards("3O", "spanish40")))
>>> [c.code for c in judged.legal]   # only a matador left: it is not forced out by the 3
['1E', '12C']
>>> verdict = REFEREE.winner(Situation(None, trump="B"), Trick.of(parse_cards("12C 2C 3B", "spanish40")))
>>> verdict.index   # the 3 of bastos, a trump, beats the King of copas
2
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from referee import parse
from referee.cards import Card, DeckKind, spanish_card_name
from referee.game import Example, Field, InvalidRecord, Ruling, TableSpec
from referee.parse import Errors
from referee.text import Text, _, and_join, join, pgettext
from referee.tricks import LEADER_FIELD, Judgement, Situation, SituationShape, Trick, Verdict, rule_on
from referee.values import Seat

from .options import ANY_MATADOR, HIGHER_MATADOR
from .ranking import SUIT_WORDS, TRUMP, is_matador, is_trump, name_of, power, suit_of
from .rules_text import RULE_FOLLOW, RULE_LEAD, RULE_MATADORS_HIGHER, RULE_PLAYERS, RULE_TRUMPS_LED, RULE_WINNER

SHAPE = SituationShape(deck=DeckKind.SPANISH40, trump=True, trick_number=9, hand_size={3: 9, 4: 9},
                       players_in={4: 3})  # at four the dealer sits out: three cards make a trick


def card_words(card: Card, trump: str) -> Text:
    """A card as said aloud, with its name in this deal if it has one: "Ace of espadas (Spadillo)"."""
    named = name_of(card, trump)
    said = spanish_card_name(card)
    if named is None:
        return said
    return pgettext("a card and the name it has in this deal", "%(card)s (%(name)s)", card=said, name=named)


def matador_words(card: Card, trump: str) -> Text:
    """A matador in a list of them: its name alone ("Spadillo"), or the card when it has none."""
    return name_of(card, trump) or spanish_card_name(card)


class HombreReferee:
    """The trick rules of Tresillo and L'Ombre (the same for both)."""

    shape: SituationShape = SHAPE

    def card_said(self, context: Situation, card: Card) -> Text:
        return card_words(card, context.trump or "O")

    def validate(self, context: Situation, errors: Errors) -> None:
        if context.trump is None:
            errors.add("trump", _("Which suit is trumps? Give it: O oros, C copas, E espadas, B bastos."))

    def legal_plays(self, context: Situation, hand: Sequence[Card], trick: Trick) -> Judgement:
        """The cards of ``hand`` that may go to ``trick``, and why. With ``context.player`` (a play the cards of a
        deal judge after it was made), a rule that refuses a card is said of that player, in the past ("Bea held
        copas: Bea had to follow suit"), not to the one asking ("you hold some")."""
        trump = context.trump or "O"
        led = trick.led
        name = context.player.name if context.player is not None else None

        def said(to_you: Text, of_player: Text) -> Text:
            return to_you if name is None else of_player
        if led is None:
            return Judgement(RULE_LEAD, _("You lead: any card may be led."), tuple(hand))
        if suit_of(led, trump) != TRUMP:
            same = tuple(c for c in hand if suit_of(c, trump) == led.suit)
            if same:
                return Judgement(RULE_FOLLOW, said(
                    _("%(suit)s were led and you hold some: you must follow suit.", suit=SUIT_WORDS[led.suit]),
                    _("%(suit)s were led and %(name)s held some: %(name)s had to follow suit.",
                      suit=SUIT_WORDS[led.suit], name=name)), same,
                                 {c: _("It follows suit.") for c in same})
            return Judgement(RULE_FOLLOW, _("You hold no %(suit)s: you may play any card, and need not trump.",
                                            suit=SUIT_WORDS[led.suit]), tuple(hand))
        trumps = tuple(c for c in hand if is_trump(c, trump))
        if not trumps:
            return Judgement(RULE_TRUMPS_LED, _("A trump was led and you hold none: you may play any card."),
                             tuple(hand))
        plain_trumps = [c for c in trumps if not is_matador(c, trump)]
        if plain_trumps:
            return Judgement(RULE_TRUMPS_LED, said(
                _("A trump was led and you hold trumps: you must play a trump."),
                _("A trump was led and %(name)s held trumps: %(name)s had to play a trump.", name=name)),
                             trumps, {c: _("It is a trump.") for c in trumps})
        return matadors_only(context, trumps, hand, led, said)

    def winner(self, context: Situation, trick: Trick) -> Verdict:
        trump = context.trump or "O"
        index = winning_index(trick.cards(), trump)
        best = trick.plays[index].card
        if is_trump(best, trump):
            why = _("%(card)s is the highest trump in the trick.", card=card_words(best, trump))
        else:
            led = trick.led
            assert led is not None
            why = _("No trump was played: %(card)s is the highest %(suit)s, the suit led.",
                    card=card_words(best, trump), suit=SUIT_WORDS[led.suit])
        return Verdict(index, RULE_WINNER, why)

    def other_question(self, context: Situation) -> Ruling:
        raise InvalidRecord({"question": _("Ask about a play or a trick.")})


def matadors_only(context: Situation, trumps: Sequence[Card], hand: Sequence[Card], led: Card,
                  said: Callable[[Text, Text], Text]) -> Judgement:
    """A trump led to a hand whose only trumps are matadors. Seed 003: "the three Matador cards can only be forced
    out by the other Matadors". By default any other matador led forces them out, as the words say; at a table
    playing the house rule ``matadors_forced``: higher (the traditional reading), only a higher one does."""
    trump = context.trump or "O"
    if not is_matador(led, trump):
        return Judgement(RULE_TRUMPS_LED, _("Your only trumps are matadors, and a trump that is not a matador never "
                                            "forces them out: you may keep them and play any card."), tuple(hand))
    name = context.player.name if context.player is not None else None
    led_said = card_words(led, trump)
    outranked = [c for c in trumps if power(led, trump) > power(c, trump)]
    by_higher = getattr(getattr(context.table, "options", None), "matadors_forced", ANY_MATADOR) == HIGHER_MATADOR
    trumps_only = {c: _("It is a trump.") for c in trumps}
    if by_higher and outranked:
        forced = and_join([matador_words(c, trump) for c in outranked])
        return Judgement(RULE_MATADORS_HIGHER, said(
            _("Your only trumps are matadors, and %(led)s was led, higher than your %(forced)s: a higher matador "
              "forces a lower one out (house rule, played at this table), so you must play a trump.",
              led=led_said, forced=forced),
            _("%(name)s's only trumps were matadors, and %(led)s was led, higher than %(name)s's %(forced)s: a "
              "higher matador forces a lower one out (house rule, played at this table), so %(name)s had to play a "
              "trump.", name=name, led=led_said, forced=forced)),
                         tuple(trumps), trumps_only)
    if by_higher:
        return Judgement(RULE_MATADORS_HIGHER, _("Your only trumps are matadors, and %(led)s is a lower matador: "
                                                 "at this table only a higher matador led forces them out (house "
                                                 "rule), so you may keep them and play any card.", led=led_said),
                         tuple(hand))
    forcing = said(
        _("Your only trumps are matadors, and %(led)s, another matador, was led: it forces them out, so you "
          "must play a trump.", led=led_said),
        _("%(name)s's only trumps were matadors, and %(led)s, another matador, was led: it forced them "
          "out, so %(name)s had to play a trump.", name=name, led=led_said))
    if outranked:  # a higher matador led: every reading forces them out
        return Judgement(RULE_TRUMPS_LED, forcing, tuple(trumps), trumps_only)
    kept = and_join([matador_words(c, trump) for c in trumps])
    note = _("Tapete reads seed 003 as written; at a table that plays the traditional house rule “only a higher "
             "matador forces one out”, %(led)s does not force out %(kept)s.", led=led_said, kept=kept)
    return Judgement(RULE_TRUMPS_LED, join([forcing, note], " "), tuple(trumps), trumps_only,
                     also=(RULE_MATADORS_HIGHER,))


def winning_index(cards: Sequence[Card], trump: str) -> int:
    """The index of the card that takes the trick: the highest trump, else the highest of the suit led."""
    led_suit = suit_of(cards[0], trump)

    def key(card: Card) -> tuple[int, int]:
        suit = suit_of(card, trump)
        if suit == TRUMP:
            return (2, power(card, trump))
        if suit == led_suit:
            return (1, power(card, trump))
        return (0, 0)

    return max(range(len(cards)), key=lambda i: (key(cards[i]), -i))


REFEREE = HombreReferee()

# The play question's own fields ("may I play this? who wins the trick?"); who deals is asked by every question
# (:mod:`games.tresillo.bid_referee` puts them together with the bidding's, for each game's referee page).
PLAY_FIELDS: tuple[Field, ...] = (
    Field("trump", _("Trumps"), "choice", choices=tuple((s, SUIT_WORDS[s]) for s in ("O", "C", "E", "B"))),
    Field("trick", _("Cards played to this trick, in order"), "cards", required=False),
    Field("hand", _("The hand of the player to play"), "cards", required=False),
    Field("card", _("The card played"), "card", required=False),
    LEADER_FIELD,
)
DEALER_FIELD = Field("dealer", _("Who deals (at four, the dealer sits the deal out)"), "player", required=False,
                     help=_("The player after the dealer, the eldest, speaks first in the bidding."))

EXAMPLES: tuple[Example, ...] = (
    Example(_("Oros are trumps and the 3 of oros is led: must Spadillo go?"),
            {"trump": "O", "trick": ["3O"], "hand": ["1E", "12C", "4E"], "card": "12C"}),
    Example(_("Bastos are trumps: who wins King of copas, 2 of copas, 3 of bastos?"),
            {"trump": "B", "trick": ["12C", "2C", "3B"]}),
    Example(_("Copas are trumps: is the Ace of copas (Punto) beaten by the King of copas?"),
            {"trump": "C", "trick": ["1C", "12C", "5E"]}),
)


def ruling(table: TableSpec[Any], situation: Mapping[str, Any]) -> Ruling:
    """The referee's answer. Three play to a trick: at a table of four the dealer sits the deal out, so a
    question that names players (who led, who played a card) says who deals; the trick then goes round the
    three dealt in, skipping him.

    >>> four = TableSpec(("Ana", "Bea", "Carl", "Dani"), None)   # Bea deals: Carl leads, then Dani, then Ana
    >>> answer = ruling(four, {"trump": "O", "dealer": "Bea", "leader": "Carl", "trick": ["3O", "7O", "1E"]})
    >>> answer.winner.code, answer.winner_seat.name
    ('1E', 'Ana')
    """
    if not isinstance(situation, Mapping) or table.size == 3:
        return rule_on(REFEREE, table, situation)
    errors = Errors()
    dealer = parse.seat(table.players, situation.get("dealer"), "dealer", errors)
    asked = {key: value for key, value in situation.items() if key != "dealer"}
    errors.raise_if_any()
    trick = asked.get("trick")
    names = (not parse.is_blank(asked.get("leader", asked.get("led_by"))) or
             (isinstance(trick, list | tuple) and any(isinstance(p, Mapping) and not parse.is_blank(p.get("player"))
                                                      for p in trick)))
    if dealer is None:
        if names:
            errors.add("dealer", _("At a table of four the dealer sits the deal out: say who deals, so the trick "
                                   "goes round the three dealt in."), rule=RULE_PLAYERS)
            errors.raise_if_any()
        return rule_on(REFEREE, table, asked)
    dealt_in = tuple(table.after(dealer.index, k) for k in (1, 2, 3))
    for key in ("leader", "led_by"):
        if key in asked and parse.find_seat(table.players, asked[key]) == dealer:
            errors.add("leader", _("%(name)s deals and sits this deal out: the leader is one of %(names)s.",
                                   name=dealer.name, names=join([table.players[s] for s in dealt_in])),
                       rule=RULE_PLAYERS)
    if isinstance(trick, list | tuple):
        for play in trick:
            if isinstance(play, Mapping) and parse.find_seat(table.players, play.get("player")) == dealer:
                errors.add("trick", _("%(name)s deals and sits this deal out, so plays no card.",
                                      name=dealer.name), rule=RULE_PLAYERS)
    errors.raise_if_any()
    three = dataclasses.replace(table, players=tuple(table.players[s] for s in dealt_in))
    answer = rule_on(REFEREE, three, asked)
    if answer.winner_seat is not None:
        seat = dealt_in[answer.winner_seat.index]
        answer = dataclasses.replace(answer, winner_seat=Seat(seat, table.players[seat]))
    return answer
