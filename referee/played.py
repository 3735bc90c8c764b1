"""A deal played card by card, as values: who played which card, the tricks they make, and what is wrong.

A :class:`PlayedDeal` holds the seats dealt in (in the order of play), who leads the first trick and the plays
in order (seat, card, face down). Every ``len(seats)`` plays make a trick; the winner of a trick (asked of
the game's :class:`~referee.tricks.TrickRules`) leads the next one, unless the game's :class:`Course` says
otherwise (Paublillo's vuelta). Adding a card, undoing the last one or correcting any card gives a new deal;
everything after the corrected card is derived again.

Each play may carry **flags**, each citing its rule. A flagged play is still recorded: it is a fact of the
deal, and the person at the table decides what to do about it.

- at once: a card already played (:attr:`FlagKind.PLAYED`), a card that is not in the deck
  (:attr:`FlagKind.NOT_IN_DECK`), a card set aside before play (:attr:`FlagKind.ASIDE`), a play out of turn
  (:attr:`FlagKind.OUT_OF_TURN`), a card played face down where it may not be (:attr:`FlagKind.FACE_DOWN`), and
  a play that is illegal whatever the rest of the hand (:attr:`FlagKind.ILLEGAL`): ``legal_plays`` refuses it
  from the cards the seat is known to hold then;
- **a revoke proven later** (:attr:`FlagKind.REVOKE`). The hand a seat held at trick *i* includes every card
  it plays from trick *i* on. A play *p* at trick *i* is proven illegal when *p* is not among
  ``legal_plays(context, known_i, trick_i)``, ``known_i`` being the seat's plays from trick *i* on (*p*
  included), with any card known to be in its hand from the start (``known``) and not played before trick *i*.
  The flag names both tricks: the one where the revoke was, and the first trick by which the seat had played
  a card that proves it. It cites the rule the play broke as judged from every card known (``known_i`` with all
  the seat's later plays), and the first trick that proves *that* rule: a seat that discards on a lead it could
  follow, and shows a trump before it shows the suit led, broke "follow suit", not "trump when void" (which the
  trump alone would prove, as if it had none of the suit led).

**The monotonicity assumption.** A seat's true hand at trick *i* is a superset of ``known_i``. The flag is
sound only if, for the game's rules, more cards in a hand only add obligations: whenever a card is illegal
from a hand *S*, it is illegal from every hand *H* ⊇ *S* (equivalently, ``legal(H) ∩ S ⊆ legal(S)``). Follow
suit, trump when void, overtrump, Paublillo's trump lead with the lone monja exemption, and Tarot's opening
lead at five all have that shape: a card is forbidden because the hand holds some other card, and a larger
hand still holds it. A game whose rule *allows* a card because of another card held would break it; each
game's tests check the assumption on its rules. It also lets the search be short: a play legal from the
largest known hand is legal from every smaller one, so only a play refused there is searched for the trick
that first proves it (the rule it broke).

A tiny game shows it (follow suit, the highest card of the suit led wins):

>>> from referee.cards import Card, DeckKind
>>> from referee.game import Options, TableSpec
>>> from referee.tricks import Judgement, Situation, SituationShape, Verdict
>>> RANKS = "23456789TJQKA"
>>> class Whist:
...     shape = SituationShape(deck=DeckKind.FRENCH52)
...     def legal_plays(self, context, hand, trick):
...         suit = trick.led.suit if trick.led else None
...         follow = tuple(c for c in hand if c.suit == suit)
...         return Judgement(_("Follow suit"), _("Follow suit if you can."), follow or tuple(hand))
...     def winner(self, context, trick):
...         led = trick.plays[0].card.suit
...         best = max((p for p in trick.plays if p.card.suit == led), key=lambda p: RANKS.index(p.card.rank[0]))
...         return Verdict(trick.plays.index(best), _("Highest of the suit led"), _("It wins."))
>>> table = TableSpec(("Ana", "Bea"), Options())
>>> deal = PlayedDeal.new(Whist(), Situation(table), table.seat(0), tricks=3)
>>> for code in ["2S", "KS", "AS", "3H", "5D", "4S"]:
...     deal = deal.add(Card.parse(code, "french52"))
>>> [(t.number, t.leader.name, t.winner.name) for t in deal.tricks]
[(1, 'Ana', 'Bea'), (2, 'Bea', 'Bea'), (3, 'Bea', 'Bea')]
>>> [(f.index, f.kind.value, f.trick, f.proven_by) for f in deal.flags]
[(3, 'revoke', 2, 3)]
>>> print(deal.flags[0].explanation)
Ana played 3 of hearts in trick 2, but played 4 of spades in trick 3, so held it then. Follow suit if you can.
>>> deal.correct(3, Card.parse("4S", "french52")).correct(5, Card.parse("3H", "french52")).flags
()
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING

from referee.cards import Card, card_name, deck_cards
from referee.parse import Errors, InvalidRecord
from referee.text import Text, _, join
from referee.tricks import Judgement, Play, Situation, Trick, TrickRules, Verdict
from referee.values import Seat

if TYPE_CHECKING:
    from referee.game import Rule

RULE_ONE_OF_EACH = _("One of each card")
RULE_THE_DECK = _("The deck")
RULE_IN_TURN = _("Play goes round in order")
RULE_FACE_UP = _("Every card face up")


class FlagKind(StrEnum):
    PLAYED = "played"  # the card was already played
    ASIDE = "aside"  # the card is known to be out of play (cards set aside before play)
    NOT_IN_DECK = "not_in_deck"
    OUT_OF_TURN = "out_of_turn"
    FACE_DOWN = "face_down"  # face down where the game does not allow it
    ILLEGAL = "illegal"  # illegal whatever the rest of the hand (from what the seat is known to hold then)
    REVOKE = "revoke"  # proven illegal by a card the seat played in a later trick


UNSOUND = (FlagKind.PLAYED, FlagKind.NOT_IN_DECK, FlagKind.ASIDE)  # the deal cannot be counted until corrected


@dataclass(frozen=True)
class Flag:
    """What is wrong with one play: its position in the deal (from 0), the trick it went to (from 1), the rule
    and why; for a revoke, the trick where the card that proves it was played."""

    index: int
    kind: FlagKind
    rule: Rule | Text
    explanation: Text
    trick: int
    proven_by: int | None = None


@dataclass(frozen=True)
class PlayedTrick:
    """One trick as derived: its number (from 1), who led, the plays with their seats, and (once complete and
    made of cards a winner can be found for) the verdict and the winner."""

    number: int
    leader: Seat
    trick: Trick
    complete: bool
    verdict: Verdict | None = None

    @property
    def winner(self) -> Seat | None:
        return self.trick.plays[self.verdict.index].seat if self.verdict is not None else None

    @property
    def winning_card(self) -> Card | None:
        return self.trick.plays[self.verdict.index].card if self.verdict is not None else None


@dataclass(frozen=True)
class Course:
    """How a game's deal runs from trick to trick beyond its TrickRules. The usual course: the situation of a
    trick is the deal's with the trick, its leader and number, and the ``first_trick``/``last_trick`` flags
    where the game asks them; the winner leads the next trick; a face-down card only where the game has any.
    A game subclasses it (a frozen dataclass) for what it knows more (Tarot's chelem, Paublillo's vuelta)."""

    def situation(self, deal: PlayedDeal, number: int, leader: Seat, trick: Trick,
                  earlier: Sequence[PlayedTrick]) -> Situation:
        """The situation of trick ``number`` with ``trick`` played so far; ``earlier`` the tricks before it."""
        flags = dict(deal.context.flags)
        asked = deal.rules.shape.flags
        if "first_trick" in asked:
            flags["first_trick"] = number == 1
        if "last_trick" in asked:
            flags["last_trick"] = number == deal.tricks_in_deal
        return dataclasses.replace(deal.context, trick=trick, leader=leader, trick_number=number, flags=flags,
                                   hand=None, card=None, card_face_down=False)

    def next_leader(self, deal: PlayedDeal, done: PlayedTrick) -> Seat:
        """Who leads after ``done``: its winner (its leader again when no winner can be found)."""
        return done.winner or done.leader

    def may_end(self, deal: PlayedDeal, tricks: Sequence[PlayedTrick]) -> bool:
        """Whether the deal may end after ``tricks`` (each complete) with tricks left unplayed: never in the
        usual course (Paublillo once a team has two tricks; Tresillo's primeras, L'Ombre's first five)."""
        return False

    def face_down_name(self, deal: PlayedDeal, done: PlayedTrick, position: int) -> Text | None:
        """The name the game gives the card played face down at ``position`` of trick ``done``, where it has one
        (Paublillo's vuelta); ``None`` in the usual course: it is a card face down and nothing more."""
        return None

    def referee_fields(self, deal: PlayedDeal) -> Mapping[str, str | list[str]]:
        """What the referee's form is told of this deal beyond its situation, by the names of the game's
        ``ruling_fields`` (who sits the deal out at a table of four; who went, a name per player tapped): nothing
        in the usual course."""
        return {}

    def play_flag(self, deal: PlayedDeal, context: Situation, play: Play,
                  completes: bool) -> tuple[Rule | Text, Text] | None:
        """A rule a play breaks beyond the cards it may be (face down), as ``(rule, why)``; ``None`` if none."""
        if play.face_down and not deal.rules.shape.face_down:
            return RULE_FACE_UP, _("In this game every card is played face up.")
        return None


@dataclass(frozen=True)
class _Derived:
    seated: tuple[Play, ...]
    tricks: tuple[PlayedTrick, ...]
    flags: tuple[Flag, ...]  # the flags seen at once (not the revokes)
    contexts: tuple[Situation, ...]  # each trick's situation before its first card


@dataclass(frozen=True)
class PlayedDeal:
    """A deal played card by card (see the module's docstring). ``context`` is the deal's situation (the
    table, the trump, the turned or called card); ``known`` the cards known to be in a seat's hand from the
    start (by seat index: a poignée shown, a hand laid down); ``aside`` the cards known to be out of play (cards
    set aside before play); ``ended`` that what was said ended the deal before its tricks were played out (a
    raise refused, a side giving up): no card more is asked, and whatever was played before stays as played. A
    play naming no seat is by whoever's turn it is.
    """

    rules: TrickRules
    context: Situation
    seats: tuple[Seat, ...]
    first_leader: Seat
    tricks_in_deal: int
    plays: tuple[Play, ...] = ()
    known: Mapping[int, frozenset[Card]] = field(default_factory=dict)
    course: Course = Course()
    aside: frozenset[Card] = frozenset()
    ended: bool = False

    @classmethod
    def new(cls, rules: TrickRules, context: Situation, first_leader: Seat, *, tricks: int,
            seats: Sequence[Seat] | None = None, known: Mapping[int, Iterable[Card]] | None = None,
            course: Course | None = None, aside: Iterable[Card] = (), ended: bool = False) -> PlayedDeal:
        """A deal with no card played yet; ``seats`` are the table's unless some sit out."""
        chosen = tuple(seats) if seats is not None else context.table.seats()
        return cls(rules, context, chosen, first_leader, tricks, (),
                   {seat: frozenset(cards) for seat, cards in (known or {}).items()}, course or Course(),
                   frozenset(aside), ended)

    # -- changing it ----------------------------------------------------------------------------------------
    def add(self, card: Card, face_down: bool = False, seat: Seat | None = None) -> PlayedDeal:
        """The deal with one more card played (by ``seat``, else by whoever's turn it is)."""
        if self.complete:
            raise InvalidRecord({"card": _("Every trick of the deal has been played.")})
        return dataclasses.replace(self, plays=(*self.plays, self._play(card, face_down, seat)))

    def undo(self) -> PlayedDeal:
        """The deal without its last card."""
        if not self.plays:
            raise InvalidRecord({"card": _("No card has been played yet.")})
        return dataclasses.replace(self, plays=self.plays[:-1])

    def correct(self, index: int, card: Card, face_down: bool = False, seat: Seat | None = None) -> PlayedDeal:
        """The deal with play ``index`` (from 0) replaced; everything after it is derived again."""
        if not 0 <= index < len(self.plays):
            raise InvalidRecord({"index": _("There is no play %(n)s in this deal.", n=index + 1)})
        plays = list(self.plays)
        plays[index] = self._play(card, face_down, seat)
        return dataclasses.replace(self, plays=tuple(plays))

    def _play(self, card: Card, face_down: bool, seat: Seat | None) -> Play:
        if seat is not None and seat not in self.seats:
            sitting_out = getattr(self.rules, "sitting_out", None)  # the game's words for it (Toruro: did not go)
            said = sitting_out(seat) if sitting_out is not None else _("%(name)s is not dealt in.", name=str(seat))
            raise InvalidRecord({"seat": said})
        if seat is not None:
            seat = next(s for s in self.seats if s == seat)  # the name it has at this table
        return Play(seat, card, face_down)

    # -- what it says -------------------------------------------------------------------------------------
    @property
    def complete(self) -> bool:
        """Every trick of the deal has been played."""
        return len(self.plays) >= self.tricks_in_deal * len(self.seats)

    @property
    def over(self) -> bool:
        """Every trick played, what was said ended the deal (``ended``), or the tricks played are complete and the
        game's course lets the deal end there."""
        if self.complete or self.ended:
            return True
        tricks = self.tricks
        return bool(tricks) and tricks[-1].complete and self.course.may_end(self, tricks)

    @property
    def tricks(self) -> tuple[PlayedTrick, ...]:
        """The tricks so far, the last one perhaps incomplete."""
        return self._derived.tricks

    @property
    def seated(self) -> tuple[Play, ...]:
        """The plays with who played each (a play naming no seat: whoever's turn it was)."""
        return self._derived.seated

    @cached_property
    def flags(self) -> tuple[Flag, ...]:
        """Every flag, by play then kind."""
        derived = self._derived
        unsound = {f.index for f in derived.flags if f.kind in UNSOUND}
        flags = [*derived.flags, *self._revokes(derived.seated, derived.tricks, derived.contexts, unsound)]
        flags.sort(key=lambda f: (f.index, list(FlagKind).index(f.kind)))
        return tuple(flags)

    def flags_of(self, index: int) -> tuple[Flag, ...]:
        return tuple(f for f in self.flags if f.index == index)

    @property
    def next_seat(self) -> Seat | None:
        """Who plays next; ``None`` once the deal is complete, or ended by what was said."""
        if self.complete or self.ended:
            return None
        tricks = self.tricks
        if not tricks:
            return self.first_leader
        last = tricks[-1]
        if last.complete:
            return self.course.next_leader(self, last)
        return self._after(last.leader, len(last.trick))

    def _after(self, seat: Seat, steps: int) -> Seat:
        at = self.seats.index(seat)
        return self.seats[(at + steps) % len(self.seats)]

    # -- the derivation -----------------------------------------------------------------------------------
    @cached_property
    def _derived(self) -> _Derived:
        size = len(self.seats)
        deck = deck_cards(self.rules.shape.deck)
        seated: list[Play] = []
        tricks: list[PlayedTrick] = []
        flags: list[Flag] = []
        seen: dict[Card, int] = {}
        contexts: list[Situation] = []  # each trick's situation before its first card
        leader = self.first_leader
        for start in range(0, len(self.plays), size):
            number = start // size + 1
            plays: list[Play] = []
            sound = True  # every card a card of the deck, each once in the trick: a winner can be found
            for position, given in enumerate(self.plays[start:start + size]):
                index = start + position
                expected = self._after(leader, position)
                seat = given.seat or expected
                play = Play(seat, given.card, given.face_down)
                card = play.card
                if card not in deck:
                    sound = False
                    flags.append(Flag(index, FlagKind.NOT_IN_DECK, RULE_THE_DECK,
                                      _("%(card)s is not a card of this game's deck.", card=card.code), number))
                elif card in self.aside:
                    sound = False
                    flags.append(Flag(index, FlagKind.ASIDE, RULE_ONE_OF_EACH,
                                      _("%(card)s was put aside before play: it cannot be played in this deal.",
                                        card=card_name(card, self.rules.shape.deck)),
                                      number))
                elif card in seen:
                    sound = sound and seen[card] != number
                    flags.append(Flag(index, FlagKind.PLAYED, RULE_ONE_OF_EACH,
                                      _("%(card)s was already played in trick %(trick)s: there is one of each "
                                        "card.", card=card_name(card, self.rules.shape.deck), trick=seen[card]),
                                      number))
                else:
                    seen[card] = number
                if seat != expected:
                    flags.append(Flag(index, FlagKind.OUT_OF_TURN, RULE_IN_TURN,
                                      _("It was %(expected)s's turn to play, not %(name)s's.",
                                        expected=expected.name, name=seat.name), number))
                context = self.course.situation(self, number, leader, Trick(tuple(plays)), tricks)
                broken = self.course.play_flag(self, context, play, position == size - 1)
                if broken is not None:
                    flags.append(Flag(index, FlagKind.FACE_DOWN, broken[0], broken[1], number))
                plays.append(play)
                seated.append(play)
            trick = Trick(tuple(plays))
            contexts.append(self.course.situation(self, number, leader, Trick(), tricks))
            complete = len(plays) == size
            verdict = None
            if complete and sound:
                verdict = self.rules.winner(self.course.situation(self, number, leader, trick, tricks), trick)
            done = PlayedTrick(number, leader, trick, complete, verdict)
            tricks.append(done)
            if complete:
                leader = self.course.next_leader(self, done)
        return _Derived(tuple(seated), tuple(tricks), tuple(flags), tuple(contexts))

    def _revokes(self, seated: tuple[Play, ...], tricks: Sequence[PlayedTrick], contexts: Sequence[Situation],
                 unsound: set[int]) -> list[Flag]:
        """The plays the cards played later (and the cards known from the start) prove illegal."""
        size = len(self.seats)
        # by seat: the cards it played, trick by trick (cards not in the deck or played twice left out)
        played: dict[Seat, dict[int, list[Card]]] = {seat: {} for seat in self.seats}
        for index, play in enumerate(seated):
            if index not in unsound and play.seat is not None:
                played[play.seat].setdefault(index // size + 1, []).append(play.card)
        last = len(tricks)
        flags: list[Flag] = []
        for index, play in enumerate(seated):
            if index in unsound or play.seat is None:
                continue
            seat, card, number = play.seat, play.card, index // size + 1
            by_trick = played[seat]
            before = {c for t, cards in by_trick.items() if t < number for c in cards}
            held = set(self.known.get(seat.index, frozenset())) - before
            everything = held | {c for t, cards in by_trick.items() if t >= number for c in cards}
            trick = Trick(tricks[number - 1].trick.plays[:index % size])
            context = dataclasses.replace(contexts[number - 1], trick=trick, player=seat)  # said of the player
            verdict = self.rules.legal_plays(context, sorted(everything), trick)
            if card in verdict.legal:
                continue
            broken = verdict.card_rules.get(card, verdict.rule)  # the rule broken: judged from all that is known
            hand = held | {card}
            for proof in range(number, last + 1):
                hand |= set(by_trick.get(proof, ()))
                judgement = self.rules.legal_plays(context, sorted(hand), trick)
                if card not in judgement.legal and judgement.card_rules.get(card, judgement.rule) == broken:
                    flags.append(self._refusal(index, play, number, proof, judgement, by_trick.get(proof, []),
                                               self.rules.shape.deck))
                    break
        return flags

    @staticmethod
    def _refusal(index: int, play: Play, number: int, proof: int, judgement: Judgement,
                 proving: Sequence[Card], deck: str) -> Flag:
        seat, card = play.seat, play.card
        said = card_name(card, deck)
        assert seat is not None
        rule = judgement.card_rules.get(card, judgement.rule)
        if proof == number:
            why = judgement.reasons.get(card, judgement.explanation)
            return Flag(index, FlagKind.ILLEGAL, rule, _("%(name)s played %(card)s in trick %(trick)s: %(why)s",
                                                         name=seat.name, card=said, trick=number, why=why),
                        number, number)
        shown = join([card_name(c, deck) for c in proving])
        return Flag(index, FlagKind.REVOKE, rule,
                    _("%(name)s played %(card)s in trick %(trick)s, but played %(proof)s in trick %(later)s, so "
                      "held it then. %(why)s", name=seat.name, card=said, trick=number, proof=shown,
                      later=proof, why=judgement.explanation),
                    number, proof)


def seat_cards(deal: PlayedDeal) -> dict[Seat, tuple[Card, ...]]:
    """The cards each seat played, in order (a card played twice counted where it was first played)."""
    found: dict[Seat, list[Card]] = {seat: [] for seat in deal.seats}
    seen: set[Card] = set()
    for play in deal.seated:
        if play.seat is not None and play.card not in seen:
            found[play.seat].append(play.card)
            seen.add(play.card)
    return {seat: tuple(cards) for seat, cards in found.items()}


def require_sound_cards(deal: PlayedDeal, errors: Errors) -> None:
    """A deal is counted from its cards only once none is played twice or foreign to the deck: the first such
    card is asked to be corrected (under ``plays``)."""
    unsound = [f for f in deal.flags if f.kind in UNSOUND]
    if unsound:
        errors.add("plays", _("Correct the card played in trick %(trick)s first: %(why)s", trick=unsound[0].trick,
                              why=unsound[0].explanation))
