"""The referee for Paublillo's tricks: ranking with trumps, following trumps (the lone monja apart), face-down
cards, the vuelta, and who takes a trick.

A situation is read by :func:`referee.tricks.parse_situation` (the shape below says what Paublillo asks)::

    {
      "trump": "O",                                # the trump suit letter (O, C, E, B) or its name
      "leader": "Ana",                             # optional: who led this trick (or the lead's "player"
                                                   #   below); without it, the answer names cards, not players
      "trick": [{"player": "Ana", "card": "5C", "face_down": false}, ...],
                                                   # the cards already played to this trick, lead first
      "hand": ["4O", "12C", "2E"],                 # the cards of the player to play (not needed to
                                                   #   find the winner of a complete trick)
      "card": "12C",                               # optional: the card this player means to play
      "face_down": false,                          # optional: played face down
      "trick_number": 2                            # optional 1-3; needed only where the vuelta matters
    }

>>> from referee.game import Options, TableSpec
>>> table = TableSpec(("Ana", "Bea", "Luis", "Eva"), Options())
>>> ruling = TRICK_RULES.answer(table, {"trump": "O", "trick": [{"player": "Ana", "card": "5O"}],
...                               "hand": ["12C", "7O"], "card": "12C"})
>>> ruling.legal, str(ruling.rule), [c.code for c in ruling.legal_cards]
(False, 'Following a trump lead', ['7O'])
>>> done = TRICK_RULES.answer(table, {"trump": "O", "leader": "Luis", "trick": ["5C", "6C", "7C", "4O*"],
...                             "trick_number": 2})
>>> done.winner_seat.name, str(done.rule)
('Bea', 'The vuelta')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from games.paublillo.bet_referee import BETTING_FIELDS
from games.paublillo.words import (
    FACE_DOWN,
    FACE_UP_TO_TRUMP,
    FOLLOWING_PLAIN,
    FOLLOWING_TRUMP,
    LEADING,
    MONJA_EXEMPTION,
    R_FACE_DOWN,
    R_FACE_UP_TRUMP,
    TRICK_WINNER,
    VUELTA,
)
from referee.cards import (
    SPANISH_OF_SUIT,
    SPANISH_RANK_NAMES,
    SPANISH_SUITS,
    SPANISH_SUITS_IN_BRACKETS,
    SUIT_NAMES,
    Card,
    DeckKind,
    spanish_card_name,
)
from referee.game import Errors, Example, Field, InvalidRecord, Rule, Ruling, TableSpec
from referee.text import Text, _, join
from referee.tricks import (
    LEADER_FIELD,
    Judgement,
    Play,
    Situation,
    SituationShape,
    Trick,
    Verdict,
    parse_situation,
    trick_winner,
)

TRUMP_ORDER = ("4", "3", "2", "12", "11", "10", "1", "7", "6", "5")  # highest first
PLAIN_ORDER = ("12", "11", "10", "1", "7", "6", "5", "4", "3", "2")
TRICKS = 3
VUELTA_TRICK = 2
WHICH_TRICK_TRUMP = _("Which trick is this? A face-down last card to a trump lead is allowed only as the "
                      "vuelta, in the second trick.")
VUELTA_COUNTS = _("The last card of the second trick is played face down: it is the vuelta, which counts as if it "
                  "were face up.")
WHICH_TRICK = _("Which trick is this? A face-down last card wins only as the vuelta, in the second trick.")

QUESTION = Field("question", _("Question"), "choice", required=False, default="play",
                 choices=(("play", _("May this card be played? / Who wins the trick?")),
                          ("betting", _("Betting: may we raise? What does a refusal score?"))))
PLAY_FIELDS = (
    Field("trump", _("Trumps"), "choice", required=False,
          choices=tuple((s, SUIT_NAMES["spanish"][s]) for s in SPANISH_SUITS)),
    LEADER_FIELD,
    Field("trick", _("Cards already played to this trick, lead first"), "list", required=False, default=[],
          fields=(Field("player", _("Player"), "player", required=False),
                  Field("card", _("Card"), "card"),
                  Field("face_down", _("Face down"), "bool", required=False, default=False))),
    Field("hand", _("The hand of the player to play"), "cards", required=False),
    Field("card", _("The card they want to play"), "card", required=False),
    Field("face_down", _("Played face down"), "bool", required=False, default=False,
          help=_("A card face down cannot win the trick, except the vuelta, the last card of the second trick: "
                 "give the trick number.")),
    Field("trick_number", _("Trick number"), "int", required=False, minimum=1, maximum=3, step=1),
)
# The referee form: the question, then each question's own fields (the page shows those of the question asked).
RULING_FIELDS = (QUESTION, *(dataclasses.replace(f, questions=("play",)) for f in PLAY_FIELDS),
                 *(dataclasses.replace(f, questions=("betting",)) for f in BETTING_FIELDS))

# The disputes a Paublillo table has, for the referee page (players named by seat: "Player 1" led).
EXAMPLES: tuple[Example, ...] = (
    Example(_("My only trump is the monja: must I play it?"),
            {"trump": "O", "leader": "Player 1", "trick": ["5O"], "hand": ["4O", "12C", "2E"], "card": "12C"}),
    Example(_("Trumps were led: must I play a trump?"),
            {"trump": "O", "leader": "Player 1", "trick": ["5O"], "hand": ["7O", "12C", "2E"], "card": "12C"}),
    Example(_("A plain suit was led: must I follow suit?"),
            {"trump": "B", "leader": "Player 1", "trick": ["5C"], "hand": ["12O", "3B", "2C"], "card": "12O"}),
    Example(_("Trumps were led: may I play a card face down?"),
            {"trump": "O", "leader": "Player 1", "trick": ["5O"], "hand": ["12C", "2E"], "card": "2E",
             "face_down": True}),
    Example(_("The vuelta: does my face-down card win the second trick?"),
            {"trump": "O", "leader": "Player 1", "trick": ["5C", "6C", "7C"], "hand": ["3O"], "card": "3O",
             "face_down": True, "trick_number": 2}),
    Example(_("May a card played face down win the first trick?"),
            {"trump": "O", "leader": "Player 1", "trick": ["5C", "3O*", "6C", "7C"], "trick_number": 1}),
    Example(_("Oros were turned: does the monja beat the paublillo?"),
            {"trump": "O", "leader": "Player 1", "trick": ["3O", "12O", "4O", "2O"]}),
    Example(_("Who wins: the Ace or the 7 of the suit led?"),
            {"trump": "E", "leader": "Player 1", "trick": ["7C", "1C", "3C", "12O"]}),
    Example(_("They said envido and we accepted: may we raise now?"),
            {"question": "betting", "raised_to": "envido", "raised_by": "B", "raise_by": "A"}),
    Example(_("We said seis: may we raise again?"),
            {"question": "betting", "raised_to": "seis", "raised_by": "A", "raise_by": "A"}),
    Example(_("They refused our nueve: what do we score?"),
            {"question": "betting", "raised_to": "nueve", "raised_by": "A", "refused": True}),
    Example(_("We are on 11 (alver): may they bet?"),
            {"question": "betting", "score_a": 11, "score_b": 7, "raise_by": "B"}),
)


def trump_strength(card: Card, trump: str) -> tuple[int, int]:
    """How strong ``card`` is as a trump or in a plain suit: ``(1, k)`` for trumps, ``(0, k)`` otherwise.

    >>> trump_strength(Card("O", "5"), "O") < trump_strength(Card("O", "4"), "O")
    True
    >>> trump_strength(Card("C", "12"), "O") < trump_strength(Card("O", "5"), "O")
    True
    """
    if card.suit == trump:
        return 1, len(TRUMP_ORDER) - TRUMP_ORDER.index(card.rank)
    return 0, len(PLAIN_ORDER) - PLAIN_ORDER.index(card.rank)


def card_name(card: Card, trump: str | None = None) -> Text:
    """A card as said aloud: "King (rey) of copas", "4 of oros (monja)".

    >>> str(card_name(Card("O", "4"), "O")), str(card_name(Card("C", "12")))
    ('4 of oros (monja)', 'King (rey) of copas')
    """
    if trump is not None and card.suit == trump and card.rank in ("4", "3"):
        nick = "monja" if card.rank == "4" else "paublillo"
        return _("%(rank)s %(of_suit)s (%(nick)s)", rank=SPANISH_RANK_NAMES.get(card.rank, card.rank),
                 of_suit=SPANISH_OF_SUIT[card.suit], nick=nick)
    return spanish_card_name(card)


def lead_seat(context: Situation, trick: Trick) -> int | None:
    """Who led: the lead's player if the trick says it, else the situation's ``leader``."""
    if trick.plays and trick.plays[0].seat is not None:
        return trick.plays[0].seat.index
    return context.leader.index if context.leader is not None else None


def seated(context: Situation, trick: Trick) -> Trick:
    """The trick with who played each card, from who led."""
    first = lead_seat(context, trick)
    if first is None:
        return trick
    return trick.round_from(context.table.seat(first), context.table.seats())


def named(play: Play, trump: str) -> Text | str:
    """Who played a card, where the trick says it; else the card."""
    return play.seat.name if play.seat is not None else card_name(play.card, trump)


def face_down_cards(plays: Sequence[Play]) -> Text:
    """The cards played face down, said with who played them where the trick says it: "King (rey) of copas (Bea)"
    (as the deal's breakdown says them; not "Bea (King (rey) of copas)", a bracket in a bracket), or the card
    alone."""
    return join([_("%(card)s (%(name)s)", card=card_name(p.card), name=p.seat.name) if p.seat is not None
                 else card_name(p.card) for p in plays])


def takes(best: Play, trump: str) -> Text:
    """Who takes the trick and why: the highest trump that counts, else the highest card of the suit led."""
    name = card_name(best.card, trump)
    if best.seat is None:  # nobody named as the lead: the card is the answer
        if best.card.suit == trump:
            return _("%(card)s takes the trick: the highest trump that counts.", card=name)
        return _("%(card)s takes the trick: the highest card of the suit led, with no trump that counts.",
                 card=name)
    if best.card.suit == trump:
        return _("%(player)s wins with the %(card)s, the highest trump that counts.", player=best.seat.name,
                 card=name)
    return _("%(player)s wins with the %(card)s, the highest card of the suit led, with no trump that counts.",
             player=best.seat.name, card=name)


class PaublilloTrickRules:
    """Paublillo's :class:`~referee.tricks.TrickRules`: which cards may be played, and who takes a trick."""

    shape = SituationShape(deck=DeckKind.SPANISH40, trump=True, face_down=True, trick_number=TRICKS)

    # -- the situation ----------------------------------------------------------------------------------------
    def validate(self, context: Situation, errors: Errors) -> None:
        """What cannot be in Paublillo: no trump suit, play out of order from who led, too many
        cards in hand, a card asked about that is not there, a face-down card where none may be."""
        table, trick, hand, card = context.table, context.trick, context.hand, context.card
        trump, number = context.trump, context.trick_number
        if trump is None:
            errors.add("trump", _("Name the trump suit: O (oros), C (copas), E (espadas) or B (bastos)."))
        self._order(context, errors)
        seen = set(trick.cards())
        if hand is not None:
            for held in hand:
                if held in seen:
                    errors.add("hand", _("%(card)s is already on the table in this trick.", card=card_name(held)))
            limit = TRICKS if number is None else TRICKS + 1 - number
            if len(hand) > limit:
                errors.add("hand", _("A player holds at most %(n)s cards at this point.", n=limit))
        if card is not None:
            if context.complete:
                errors.add("card", _("The trick is complete: nobody is left to play."))
            if hand is None:
                errors.add("hand", _("Give the player's hand: whether a card may be played depends on it."))
            elif card not in hand:
                errors.add("card", _("%(card)s is not in the hand.", card=card_name(card)))
            if card in seen:
                errors.add("card", _("%(card)s is already in the trick.", card=card_name(card)))
        elif not context.complete and hand is None:
            errors.add("hand", _("Give the player's hand to see what they may play, or a complete trick to "
                                 "find its winner."))
        if trump is None:
            return
        plays = trick.plays
        if plays and plays[0].face_down:
            errors.add("trick.0.face_down", _("The lead is always face up."))
        led_trump = bool(plays) and plays[0].card.suit == trump
        for i, play in enumerate(plays[1:], start=1):
            is_last = i == table.size - 1
            if play.face_down and led_trump and not is_last:
                errors.add(f"trick.{i}.face_down", R_FACE_UP_TRUMP)
            elif play.face_down and led_trump and number != VUELTA_TRICK:
                if number is None:
                    errors.add("trick_number", WHICH_TRICK_TRUMP)
                else:
                    errors.add(f"trick.{i}.face_down", R_FACE_UP_TRUMP)
        if context.complete and plays[-1].face_down and number is None and not errors:
            errors.add("trick_number", WHICH_TRICK)  # asked once the rest is right: it is the last question

    @staticmethod
    def _order(context: Situation, errors: Errors) -> None:
        """Play goes round in order from whoever is named as the lead (if anyone is)."""
        table, plays = context.table, context.trick.plays
        if not plays:
            return
        first = lead_seat(context, context.trick)
        if first is None:  # nobody named: the answer names cards, not players
            return
        if context.leader is not None and context.leader.index != first:
            errors.add("trick.0.player", _("%(name)s led this trick, not %(leader)s.",
                                           name=table.players[first], leader=context.leader.name))
            return
        seat = first
        for i, play in enumerate(plays[1:], start=1):
            expected = table.after(seat)
            if play.seat is not None and play.seat.index != expected:
                errors.add(f"trick.{i}.player", _("Play goes round in order: after %(prev)s comes %(next)s.",
                                                  prev=table.players[seat], next=table.players[expected]))
                return
            seat = expected

    # -- following --------------------------------------------------------------------------------------------
    def legal_plays(self, context: Situation, hand: Sequence[Card], trick: Trick) -> Judgement:
        """Any card may be led; to a trump lead a trump if the player has one (the lone monja apart); to a
        plain lead anything. With ``context.player`` (a play the cards of a deal judge after it was made), the
        rule that refuses a card is said of that player, in the past ("Bea held 2 of oros: Bea had to play a
        trump"), not of "the player" who holds the hand asked about."""
        trump = context.trump or ""
        plays = trick.plays
        legal: list[Card] = []
        reasons: dict[Card, Text] = {}
        rules: dict[Card, Rule | Text] = {}
        for card in hand:
            ok, rule, why = self._legal_card(card, hand, plays, trump)
            reasons[card], rules[card] = why, rule
            if ok:
                legal.append(card)
        if context.player is not None and len(legal) < len(hand):  # only a trump lead refuses a card
            said = _("A trump was led and %(name)s held %(held)s: %(name)s had to play a trump.",
                     name=context.player.name, held=join([card_name(c, trump) for c in hand if c.suit == trump]))
            reasons.update({card: said for card in hand if card not in legal})
            return Judgement(FOLLOWING_TRUMP, said, tuple(legal), reasons, rules)
        # what this hand may do here (the rule's own words are the quote beside the answer)
        if not plays:
            rule, explanation = LEADING, _("The player leads: any card of the hand may be led, face up.")
        elif plays[0].card.suit == trump:
            rule, explanation = FOLLOWING_TRUMP, self._to_trump_lead(hand, trump)
        else:
            rule, explanation = FOLLOWING_PLAIN, _("A plain suit (%(suit)s) was led: any card of the hand may be "
                                                   "played, face up or face down.",
                                                   suit=SPANISH_SUITS_IN_BRACKETS[plays[0].card.suit])
        return Judgement(rule, explanation, tuple(legal), reasons, rules)

    @staticmethod
    def _to_trump_lead(hand: Sequence[Card], trump: str) -> Text:
        """What a hand may play to a trump lead: a trump if it holds one, the lone monja apart."""
        trumps = [c for c in hand if c.suit == trump]
        if not trumps:
            return _("A trump was led and the player holds no trump: any card may be played.")
        if all(c.rank == "4" for c in trumps):
            return _("A trump was led and the player's only trump is the monja: any card may be played.")
        return _("A trump was led and the player holds %(held)s: a trump must be played.",
                 held=join([card_name(c, trump) for c in trumps]))

    @staticmethod
    def _legal_card(card: Card, hand: Sequence[Card], plays: Sequence[Play], trump: str) -> tuple[bool, Rule, Text]:
        """Whether ``card`` (played face up) may be played from ``hand`` to the trick so far, and why: what
        happens here, short (the rule it rests on is quoted beside the answer)."""
        name = card_name(card, trump)
        if not plays:
            return True, LEADING, _("%(card)s: may be led.", card=name)
        if plays[0].card.suit != trump:
            return True, FOLLOWING_PLAIN, _("%(card)s: may be played, as a plain suit was led.", card=name)
        trumps = [c for c in hand if c.suit == trump]
        if card.suit == trump:
            return True, FOLLOWING_TRUMP, _("%(card)s: a trump, so it may be played.", card=name)
        if not trumps:
            return True, FOLLOWING_TRUMP, _("%(card)s: may be played, as the player has no trump.", card=name)
        if all(c.rank == "4" for c in trumps):
            return True, MONJA_EXEMPTION, _("%(card)s: may be played, as the player's only trump is the monja.",
                                            card=name)
        held = join([card_name(c, trump) for c in trumps])
        return False, FOLLOWING_TRUMP, _("%(card)s: may not be played, as a trump was led and the player holds "
                                         "%(held)s.", card=name, held=held)

    @staticmethod
    def _face_down(plays: Sequence[Play], trump: str, number: int | None, completes: bool) -> tuple[bool, Rule, Text]:
        """Whether a card may go face down here (the card itself being a legal one), and what happens (the rule
        it rests on is quoted beside the answer)."""
        if not plays:
            return False, LEADING, _("The lead may not be face down.")
        if completes and number == VUELTA_TRICK:
            return True, VUELTA, VUELTA_COUNTS
        if plays[0].card.suit == trump:
            if completes and number is None:
                raise InvalidRecord({"trick_number": WHICH_TRICK_TRUMP})
            return False, FACE_UP_TO_TRUMP, _("A trump was led, so this card must be played face up.")
        return True, FACE_DOWN, _("A plain suit was led, so this card may go face down, but then it cannot win the "
                                  "trick.")

    # -- who takes the trick ----------------------------------------------------------------------------------
    def winner(self, context: Situation, trick: Trick) -> Verdict:
        """The highest face-up trump, else the highest face-up card of the suit led; the vuelta counts."""
        trick = seated(context, trick)
        if trick.plays[-1].face_down and context.trick_number is None:
            raise InvalidRecord({"trick_number": WHICH_TRICK})
        return self._verdict(trick, context.trump or "", context.trick_number)

    @staticmethod
    def _verdict(trick: Trick, trump: str, number: int | None) -> Verdict:
        plays = trick.plays
        last = plays[-1]
        vuelta = number == VUELTA_TRICK and last.face_down
        led = plays[0].card.suit

        def counts(play: Play) -> bool:
            return not play.face_down or (vuelta and play is last)

        def strength(play: Play, _trick: Trick) -> tuple[int, ...] | None:
            if not counts(play):
                return None
            kind, rank = trump_strength(play.card, trump)
            if kind == 0 and play.card.suit != led:
                return None
            return kind, rank

        best = trick_winner(trick, strength)
        if best is None:  # every card face down: only a lead could be, and the lead is always face up
            raise InvalidRecord({"trick.0.face_down": _("The lead is always face up.")})
        index = plays.index(best)
        down = [p for p in plays if not counts(p)]
        if not vuelta:  # who takes it and with what (the rule, R_WINNER, is the quote beside the answer)
            explanation = takes(best, trump)
            if down:
                explanation = _("%(why)s %(face)s Face down: %(down)s.", why=explanation, face=R_FACE_DOWN,
                                down=face_down_cards(down))
            return Verdict(index, TRICK_WINNER, explanation)
        # The vuelta first: the exception it is to "a face-down card cannot win" (the quote states the rule).
        said = [VUELTA_COUNTS, takes(best, trump)]
        if down:
            said.append(_("Other cards played face down do not count: %(down)s.", down=face_down_cards(down)))
        if last.seat is None:
            said.append(_("Whoever played the vuelta leads the third trick."))
        elif best is last:
            said.append(_("%(player)s played the vuelta and leads the third trick.", player=last.seat.name))
        else:
            said.append(_("%(player)s played the vuelta and so leads the third trick, not %(winner)s.",
                          player=last.seat.name, winner=named(best, trump)))
        return Verdict(index, VUELTA, join(said, " "))

    def other_question(self, context: Situation) -> Ruling:
        raise InvalidRecord({"question": _("Ask about a play or a trick.")})

    # -- the answer, in Paublillo's words ---------------------------------------------------------------------
    def answer(self, table: TableSpec[Any], raw: Mapping[str, Any]) -> Ruling:
        """The referee's answer to a situation as sent: may this card be played (face up or down), which cards
        may, or who takes the complete trick; for a card that completes the trick, who takes it too."""
        context = parse_situation(table, raw, self.shape)
        errors = Errors()
        self.validate(context, errors)
        errors.raise_if_any()
        trump = context.trump or ""
        trick = seated(context, context.trick)
        if context.complete:
            verdict = self.winner(context, trick)
            best = trick.plays[verdict.index]
            return Ruling(None, verdict.rule, verdict.explanation, winner=best.card, winner_seat=best.seat)
        hand = context.hand or ()
        judgement = self.legal_plays(context, hand, trick)
        card = context.card
        if card is None:
            return Ruling(None, judgement.rule, judgement.explanation, judgement.legal, judgement.reasons)
        legal = card in judgement.legal
        rule = judgement.card_rules.get(card, judgement.rule)
        explanation = judgement.reasons.get(card, judgement.explanation)
        face_down = context.card_face_down
        number = context.trick_number
        completes = len(trick) == table.size - 1
        if legal and face_down:
            legal, rule, explanation = self._face_down(trick.plays, trump, number, completes)
        if not (legal and completes):
            return Ruling(legal, rule, explanation, judgement.legal, judgement.reasons)
        first = lead_seat(context, trick)
        player = table.seat(table.after(first, len(trick))) if first is not None else None
        final = Trick((*trick.plays, Play(player, card, face_down)))
        if face_down and number is None:  # to a plain lead: the vuelta in the second trick, else not counted
            as_vuelta = self._verdict(final, trump, VUELTA_TRICK)
            otherwise = self._verdict(final, trump, 1)
            if as_vuelta.index != otherwise.index:
                explanation = _("In the second trick this card is the vuelta, which counts as if it were face "
                                "up: %(vuelta)s wins. In another trick a card face down cannot win: %(other)s "
                                "wins.", vuelta=named(final.plays[as_vuelta.index], trump),
                                other=named(final.plays[otherwise.index], trump))
                return Ruling(legal, VUELTA, explanation, judgement.legal, judgement.reasons)
            number = 1
        done = self._verdict(final, trump, number)
        best = final.plays[done.index]
        if done.rule == VUELTA:
            rule, explanation = done.rule, done.explanation
        else:  # face down, the card may go so; the winner's answer says it does not count
            why = _("A plain suit was led, so this card may go face down.") if face_down else explanation
            explanation = _("%(why)s %(winner)s", why=why, winner=done.explanation)
        return Ruling(legal, rule, explanation, judgement.legal, judgement.reasons, winner=best.card,
                      winner_seat=best.seat)


TRICK_RULES = PaublilloTrickRules()
