"""Tricks, shared by every trick game: plays, one situation parser, and the :class:`TrickRules` protocol.

A game's referee is a :class:`TrickRules`: ``legal_plays(context, hand, trick)`` says which cards of a hand
may go to a trick and ``winner(context, trick)`` who takes a complete trick, each answer citing its rule.
:func:`parse_situation` reads what the referee page and the API send (hand, trick, card, who led, trumps, the
turned or called card, trick number, flags) into a typed :class:`Situation`, once for every game; and
:func:`rule_on` turns the answers into the :class:`~referee.game.Ruling` a person reads.

>>> from referee.cards import parse_cards
>>> trick = Trick.of(parse_cards("7H KH 2S", "french52"))
>>> trick.led.code, [p.card.code for p in trick.plays]
('7H', ['7H', 'KH', '2S'])
>>> best = trick_winner(trick, lambda play, t: (1, "23456789JQKA".index(play.card.rank[-1]))
...                     if play.card.suit == t.led.suit else None)
>>> best.card.code
'KH'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from referee import parse
from referee.cards import Card, DeckKind, card_codes, card_name
from referee.game import Field
from referee.parse import Errors
from referee.text import Text, _
from referee.values import Seat

if TYPE_CHECKING:
    from referee.game import Rule, Ruling, TableSpec

SUIT_LETTERS = {"S": "S", "H": "H", "D": "D", "C": "C", "O": "O", "E": "E", "B": "B",
                "♠": "S", "♥": "H", "♦": "D", "♣": "C", "OROS": "O", "COPAS": "C", "ESPADAS": "E", "BASTOS": "B",
                "SPADES": "S", "HEARTS": "H", "DIAMONDS": "D", "CLUBS": "C"}


@dataclass(frozen=True)
class Play:
    """One card played to a trick: by which seat (when known), face down or not."""

    seat: Seat | None
    card: Card
    face_down: bool = False


@dataclass(frozen=True)
class Trick:
    plays: tuple[Play, ...] = ()

    @classmethod
    def of(cls, cards: Sequence[Card]) -> Trick:
        return cls(tuple(Play(None, c) for c in cards))

    @property
    def led(self) -> Card | None:
        return self.plays[0].card if self.plays else None

    def cards(self) -> list[Card]:
        return [p.card for p in self.plays]

    def __len__(self) -> int:
        return len(self.plays)

    def round_from(self, leader: Seat, playing: Sequence[Seat]) -> Trick:
        """The trick with who played each card: ``playing`` (the seats that play to it, in the order of play) in
        turn from ``leader``, who is one of them. Plays naming a seat keep it.

        >>> from referee.cards import parse_cards
        >>> ana, bea, cy, dan = (Seat(i, name) for i, name in enumerate(("Ana", "Bea", "Cy", "Dan")))
        >>> trick = Trick.of(parse_cards("7H KH 2H", "french52")).round_from(dan, (ana, cy, dan))  # Bea sits out
        >>> [p.seat.name for p in trick.plays]
        ['Dan', 'Ana', 'Cy']
        """
        first = playing.index(leader)
        return Trick(tuple(p if p.seat is not None else
                           Play(playing[(first + i) % len(playing)], p.card, p.face_down)
                           for i, p in enumerate(self.plays)))

    def played_by(self, seats: Sequence[Seat]) -> Trick:
        """The trick with who played each card named in order, a seat per card (the API's ``players``)."""
        return Trick(tuple(Play(seat, p.card, p.face_down) for seat, p in zip(seats, self.plays, strict=True)))


def with_players(trick: Trick, leader: Seat | None, players: Sequence[Seat], playing: Sequence[Seat]) -> Trick:
    """The trick with who played each card: as ``players`` names them in order (a seat per card; naming all but
    the last card of a whole trick, that card is the one player left), else in turn from ``leader`` round
    ``playing`` (those who play to the trick, in the order of play; who went, in Toruro); unnamed without either.

    >>> from referee.cards import parse_cards
    >>> ana, bea, cy = (Seat(i, name) for i, name in enumerate(("Ana", "Bea", "Cy")))
    >>> trick = Trick.of(parse_cards("7H KH 2H", "french52"))
    >>> [p.seat.name for p in with_players(trick, None, (cy, ana), (ana, bea, cy)).plays]
    ['Cy', 'Ana', 'Bea']
    >>> [p.seat.name for p in with_players(trick, bea, (), (ana, bea, cy)).plays]
    ['Bea', 'Cy', 'Ana']
    """
    left = [seat for seat in playing if seat not in players]
    if players and len(players) == len(trick) - 1 == len(playing) - 1 and len(left) == 1:
        players = (*players, left[0])
    if players and len(players) == len(trick):
        return trick.played_by(players)
    if leader is not None:
        return trick.round_from(leader, playing)
    return trick


def in_play_order(table: TableSpec[Any], seats: Iterable[Seat]) -> tuple[Seat, ...]:
    """``seats`` in the table's order of play, each once: those who play a trick (who went, in Toruro).

    >>> from referee.game import Options, TableSpec
    >>> table = TableSpec(("Ana", "Bea", "Cy", "Dan"), Options())
    >>> [s.name for s in in_play_order(table, (table.seat(3), table.seat(0), table.seat(3)))]
    ['Ana', 'Dan']
    """
    chosen = {seat.index for seat in seats}
    return tuple(seat for seat in table.seats() if seat.index in chosen)


def trick_winner(trick: Trick, strength: Callable[[Play, Trick], tuple[int, ...] | None]) -> Play | None:
    """The play with the greatest strength; earlier plays win ties. ``None`` if nothing can win."""
    best: Play | None = None
    best_key: tuple[int, ...] | None = None
    for play in trick.plays:
        key = strength(play, trick)
        if key is not None and (best_key is None or key > best_key):
            best, best_key = play, key
    return best


def cards_of_suit(hand: Sequence[Card], suit: str) -> list[Card]:
    return [c for c in hand if c.suit == suit]


# -- the situation ------------------------------------------------------------------------------------------

# "Who led this trick?", asked the same in every trick game: a button per seat on the referee page (the table's
# leader already tapped when it is opened from a table). With it, the cards of the trick go round from who led,
# in the order of play, so the referee names who played each and who takes the trick.
LEADER_FIELD = Field("leader", _("Who led this trick"), "player", required=False)


@dataclass(frozen=True)
class Situation:
    """What the referee is asked about, read once for every game.

    ``hand`` is ``None`` when no hand was given (a question about a complete trick); ``trick`` the cards
    played so far, in order; ``card`` the card asked about; ``leader`` who led the trick; ``trump`` the trump
    suit (a letter); ``turned`` the turned card; ``called`` the card called at five-player Tarot;
    ``trick_number`` from 1; ``flags`` the yes/no questions a game asks (``first_trick``, ``last_trick``...);
    ``more`` further lists of cards a game asks for (Tarot's ``ecart``); ``question`` what is asked; ``player``,
    when a deal's cards judge a play already made, who made it: a game may then say its rule of that player ("Cris
    had no ♠") rather than to the one asking ("you have no ♠")."""

    table: TableSpec[Any]
    hand: tuple[Card, ...] | None = None
    trick: Trick = Trick()
    card: Card | None = None
    card_face_down: bool = False
    leader: Seat | None = None
    trump: str | None = None
    turned: Card | None = None
    called: Card | None = None
    trick_number: int | None = None
    flags: Mapping[str, bool] = field(default_factory=dict)
    more: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)
    question: str = "play"
    players_in: int | None = None  # players dealt in, where one sits out (Tresillo at four); else the table
    player: Seat | None = None  # whose play is judged after the fact (a revoke the cards prove): said of them

    @property
    def complete(self) -> bool:
        """Every player dealt in has played to the trick."""
        return len(self.trick) >= (self.players_in or self.table.size)

    def flag(self, name: str) -> bool:
        return bool(self.flags.get(name))


@dataclass(frozen=True)
class SituationShape:
    """Which parts of a situation a game reads, and how (its :class:`TrickRules` declares one)."""

    deck: DeckKind
    trump: bool = False  # a trump suit is asked (or taken from the turned card)
    turned: bool = False  # a turned card
    called: bool = False  # a called card (or suit: its King)
    trick_number: int = 0  # the number of tricks in a deal (0: not asked)
    face_down: bool = False  # plays may be face down
    flags: tuple[str, ...] = ()
    more: tuple[str, ...] = ()
    questions: tuple[str, ...] = ("play", "trick")
    hand_size: Mapping[int, int] = field(default_factory=dict)  # at most this many cards, by players
    players_in: Mapping[int, int] = field(default_factory=dict)  # players dealt in, by players at the table


def parse_situation(table: TableSpec[Any], raw: Mapping[str, Any], shape: SituationShape) -> Situation:
    """Read a situation as the referee page and the API send it; :class:`InvalidRecord` per field.

    ``trick`` is a list of codes (``["7H", "KH"]``, or one string), or of ``{"card", "player", "face_down"}``;
    a code ending in ``*`` or written ``(7H)`` is face down. ``hand`` and ``card`` are codes; ``leader`` (or
    ``led_by``) a player; ``trump`` a suit letter or name; ``turned_card``, ``called_card`` (or
    ``called_suit``) codes."""
    errors = Errors()
    if not isinstance(raw, Mapping):
        errors.add("__all__", _("Describe the situation: hand, trick, card."))
        errors.raise_if_any()
    deck = shape.deck
    question = str(raw.get("question") or "play").strip().lower()
    if question not in shape.questions:
        errors.add("question", _("Ask about a play or a trick."))
    given = raw.get("hand")
    hand = None if parse.is_blank(given) or given == [] else parse.cards(given, deck, "hand", errors)
    trick = _trick(table, raw.get("trick"), shape, errors)
    card = parse.card(raw.get("card"), deck, "card", errors)
    card_face_down = shape.face_down and parse.yes_no(raw.get("face_down"), "face_down", errors)
    leader_raw = raw.get("leader", raw.get("led_by"))
    leader = parse.seat(table.players, leader_raw, "leader", errors)
    turned = parse.card(raw.get("turned_card"), deck, "turned_card", errors) if shape.turned else None
    trump = None
    if shape.trump:
        trump_raw = raw.get("trump")
        if not parse.is_blank(trump_raw):
            trump = SUIT_LETTERS.get(str(trump_raw).strip().upper())
            if trump is None or trump not in _suits(deck):
                errors.add("trump", _("The trump suit is one of %(suits)s.", suits=", ".join(_suits(deck))))
                trump = None
        elif turned is not None:
            trump = turned.suit
    called = None
    if shape.called:
        if not parse.is_blank(raw.get("called_card")):
            called = parse.card(raw.get("called_card"), deck, "called_card", errors)
        elif not parse.is_blank(raw.get("called_suit")):
            suit = SUIT_LETTERS.get(str(raw.get("called_suit")).strip().upper())
            if suit is None or suit not in _suits(deck):
                errors.add("called_suit", _("The called suit is S, H, D or C."))
            else:
                called = Card(suit, "K")
    trick_number = None
    if shape.trick_number:
        trick_number = parse.whole_number(raw.get("trick_number"), "trick_number", errors, minimum=1,
                                          maximum=shape.trick_number)
    flags = {name: parse.yes_no(raw.get(name), name, errors) for name in shape.flags}
    more = {name: parse.cards(raw.get(name), deck, name, errors) for name in shape.more}
    errors.raise_if_any()
    return Situation(table, hand, trick, card, card_face_down, leader, trump, turned, called, trick_number,
                     flags, more, question, shape.players_in.get(table.size))


def _suits(deck: DeckKind) -> tuple[str, ...]:
    return ("O", "C", "E", "B") if deck in (DeckKind.SPANISH40, DeckKind.SPANISH48) else ("S", "H", "D", "C")


def _trick(table: TableSpec[Any], value: Any, shape: SituationShape, errors: Errors) -> Trick:
    if parse.is_blank(value) or value == []:
        return Trick()
    entries: list[Any]
    if isinstance(value, str):
        entries = list(card_codes(value) or [])
    elif isinstance(value, list | tuple):
        entries = list(value)
    else:
        errors.add("trick", _("Give the trick as a list of cards in the order played."))
        return Trick()
    plays: list[Play] = []
    for entry in entries:
        face_down = False
        player: Any = None
        code: Any = entry
        if isinstance(entry, Mapping):
            code, player = entry.get("card"), entry.get("player")
            face_down = parse.yes_no(entry.get("face_down"), "trick", errors)
        elif isinstance(entry, str):
            text = entry.strip()
            if text.endswith("*") or (text.startswith("(") and text.endswith(")")):
                face_down, code = True, text.strip("()*")
        if face_down and not shape.face_down:
            errors.add("trick", _("In this game every card is played face up."))
            return Trick()
        card = parse.card(code, shape.deck, "trick", errors)
        if card is None:
            if "trick" not in errors:
                errors.add("trick", _("Give the trick as a list of cards in the order played."))
            return Trick()
        if any(p.card == card for p in plays):
            errors.add("trick", _("%(code)s is given twice: there is one of each card.",
                                  code=card_name(card, shape.deck)))
            return Trick()
        seat = None
        if not parse.is_blank(player):
            seat = parse.seat(table.players, player, "trick", errors)
            if seat is None:
                return Trick()
            if any(p.seat == seat for p in plays):
                errors.add("trick", _("%(name)s has already played to this trick.", name=seat.name))
                return Trick()
        plays.append(Play(seat, card, face_down))
    players_in = shape.players_in.get(table.size, table.size)
    if len(plays) > players_in:
        errors.add("trick", _("A trick has one card per player: %(n)s here, not %(given)s.", n=players_in,
                              given=len(plays)))
        return Trick()
    return Trick(tuple(plays))


# -- the protocol -------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Judgement:
    """Which cards of a hand may go to a trick: the rule in force, why, and a reason per card."""

    rule: Rule | Text
    explanation: Text
    legal: tuple[Card, ...]
    reasons: Mapping[Card, Text] = field(default_factory=dict)
    card_rules: Mapping[Card, Rule | Text] = field(default_factory=dict)  # a card's own rule (the Excuse)
    also: tuple[Rule, ...] = ()  # a rule the explanation names besides (a house rule the table could choose)


@dataclass(frozen=True)
class Verdict:
    """Who takes a complete trick: the winning play's index, the rule, why, and a note per card."""

    index: int
    rule: Rule | Text
    explanation: Text
    reasons: Mapping[Card, Text] = field(default_factory=dict)


@runtime_checkable
class TrickRules(Protocol):
    """What a trick game's referee answers. ``shape`` says what a situation holds for this game."""

    shape: SituationShape

    def validate(self, context: Situation, errors: Errors) -> None:
        """Add a message per field for a situation that cannot be in this game (hand sizes, a trump needed)."""

    def legal_plays(self, context: Situation, hand: Sequence[Card], trick: Trick) -> Judgement:
        """The cards of ``hand`` that may go to ``trick``, citing the rule."""

    def winner(self, context: Situation, trick: Trick) -> Verdict:
        """Who takes the complete ``trick``, citing the rule."""

    def other_question(self, context: Situation) -> Ruling:
        """A game's own question (Tarot's écart); only called for questions beyond "play" and "trick"."""

    # Optional: ``card_said(context, card) -> Text``, the card asked about as the verdict says it ("King (rey)
    # of copas"); its name in the deck (:func:`~referee.cards.card_name`) without it.
    # Optional: ``sitting_out(seat) -> Text``, why a player left out of the deal plays no card (Toruro's "did not
    # go"); "<name> is not dealt in" without it.


def rule_on(rules: TrickRules, table: TableSpec[Any], raw: Mapping[str, Any]) -> Ruling:
    """The referee's answer to a situation as sent (see :func:`parse_situation`)."""
    from referee.game import InvalidRecord, Ruling

    context = parse_situation(table, raw, rules.shape)
    errors = Errors()
    if context.question not in ("play", "trick"):
        return rules.other_question(context)
    hand = context.hand or ()
    sizes = rules.shape.hand_size
    if sizes and len(hand) > sizes.get(table.size, len(hand)):
        errors.add("hand", _("A hand has %(cards)s cards at %(n)s players, not %(given)s.",
                             cards=sizes[table.size], n=table.size, given=len(hand)))
    both = [c for c in hand if c in context.trick.cards()]
    if both:
        errors.add("hand", _("%(code)s cannot be both in the hand and in the trick.",
                             code=card_name(both[0], rules.shape.deck)))
    if context.complete and (hand or (context.card is not None and context.hand is not None)):
        errors.add("trick", _("Every player has played to this trick: nothing more can go on it."))
    if not context.complete and "trick" not in errors:
        if not hand:
            errors.add("hand", _("Give the hand of the player to play (or a complete trick for its winner)."))
        elif context.card is not None and context.card not in hand:
            errors.add("card", _("%(code)s is not in the hand given.", code=card_name(context.card, rules.shape.deck)))
    rules.validate(context, errors)
    errors.raise_if_any()

    if context.complete:
        trick = context.trick
        if context.leader is not None and all(p.seat is None for p in trick.plays):
            trick = trick.round_from(context.leader, table.seats())
        verdict = rules.winner(context, trick)
        play = trick.plays[verdict.index]
        return Ruling(None, verdict.rule, verdict.explanation, (), verdict.reasons, play.card, play.seat)

    judgement = rules.legal_plays(context, hand, context.trick)
    card = context.card
    if card is None:
        return Ruling(None, judgement.rule, judgement.explanation, judgement.legal, judgement.reasons,
                      also=judgement.also)
    legal = card in judgement.legal
    rule = judgement.card_rules.get(card, judgement.rule)
    reason = judgement.reasons.get(card, judgement.explanation)
    said = rules.card_said(context, card) if hasattr(rules, "card_said") else card_name(card, rules.shape.deck)
    explanation = (_("%(card)s: may be played. %(reason)s", card=said, reason=reason) if legal else
                   _("%(card)s: may not be played. %(rule)s", card=said, rule=judgement.explanation))
    if not isinstance(raw, Mapping):  # pragma: no cover - parse_situation refused it
        raise InvalidRecord({"__all__": _("Describe the situation: hand, trick, card.")})
    if not legal or len(context.trick) + 1 < (context.players_in or table.size):
        return Ruling(legal, rule, explanation, judgement.legal, judgement.reasons, also=judgement.also)
    # the card completes the trick: who takes it, too (the rule cited stays the play's)
    done = completed(context, card)
    verdict = rules.winner(dataclasses.replace(context, trick=done), done)
    best = done.plays[verdict.index]
    return Ruling(legal, rule, _("%(why)s %(winner)s", why=explanation, winner=verdict.explanation),
                  judgement.legal, judgement.reasons, best.card, best.seat, also=judgement.also)


def completed(context: Situation, card: Card) -> Trick:
    """The trick with ``card`` played last, each card's player named where who led is known (the situation's
    ``leader``, or the lead's own player).

    >>> from referee.game import Options, TableSpec
    >>> from referee.cards import parse_cards
    >>> table = TableSpec(("Ana", "Bea", "Cy"), Options())
    >>> context = Situation(table, trick=Trick.of(parse_cards("7H KH", "french52")), leader=table.seat(2))
    >>> [(p.seat.name, p.card.code) for p in completed(context, Card("H", "2")).plays]
    [('Cy', '7H'), ('Ana', 'KH'), ('Bea', '2H')]
    """
    table, plays = context.table, context.trick.plays
    done = Trick((*plays, Play(None, card, context.card_face_down)))
    first = context.leader or (plays[0].seat if plays else None)
    if first is None:
        return done
    return done.round_from(table.seat(first.index), table.seats())
