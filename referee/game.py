"""The typed game interface and its registry (DESIGN.md, "The game interface").

A game is a :class:`Game` over three frozen dataclasses of its own: its options (:class:`Options`), a deal's
record (:class:`Record`) and the state carried from deal to deal (:class:`State`). The app and the API only
ever talk to this interface; they never know a game's rules.

- ``parse(table, raw) -> Record``: syntax, one message per field (:class:`~referee.parse.InvalidRecord`);
- ``check(table, state, record)``: the rules a record breaks given the state before it, each citing its rule;
- ``score(table, state, record) -> (State, Outcome)``: pure; the game adds the deal's scores to the totals
  itself (:meth:`State.scored`), so a deal may also reset them;
- ``apply`` = parse → check → score, then who deals next and whether the game is over. Never overridden.

Seats are numbers (0 is the first in the order of play); records name seats as :class:`~referee.values.Seat`,
with the name the player had, so renaming a player never orphans a record. Scores and totals are per *side*:
the seats, or the teams in a team game (:meth:`Game.sides`).

A small made-up game shows the whole interface:

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Take(Record):
...     player: Seat
...     points: int
>>> class Pool(Game[Options, Take, State]):
...     slug, name, player_counts = "pool", "Pool", (2, 3)
...     record_type = Take
...     def record_fields(self, table): return ()
...     def parse(self, table, raw):
...         errors = Errors()
...         player = parse.seat(table.players, raw.get("player"), "player", errors, blank=_("Who?"))
...         points = parse.whole_number(raw.get("points"), "points", errors, minimum=1, maximum=10)
...         errors.raise_if_any()
...         return Take(player, points)
...     def score(self, table, state, record):
...         scores = table.per_seat({record.player.index: record.points})
...         line = _("%(p)s takes %(n)s.", p=record.player, n=record.points)
...         return state.scored(scores), Outcome(scores=scores, breakdown=(line,))
>>> game = Pool()
>>> table = game.table(["Ana", "Bea"])
>>> state, outcome = game.apply(table, game.initial_state(table), {"player": " bea ", "points": "7"})
>>> state.totals, state.dealer, outcome.scores, str(outcome.breakdown[0])
((0, 7), 1, (0, 7), 'Bea takes 7.')
>>> game.apply(table, state, {"player": "Eve", "points": 11})
Traceback (most recent call last):
...
referee.parse.InvalidRecord: player: Eve is not playing at this table.; points: Must be between 1 and 10.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from importlib import import_module
from importlib.util import find_spec
from pkgutil import iter_modules
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar, final

from referee import parse
from referee.cards import Card, DeckKind
from referee.parse import Errors, InvalidRecord
from referee.settlement import Units
from referee.text import Text, _, and_join, or_join, signed
from referee.values import Seat, Values

if TYPE_CHECKING:
    from referee.ledger import Move
    from referee.tricks import TrickRules

__all__ = [
    "Errors", "Example", "Field", "Game", "InvalidRecord", "Option", "Options", "Outcome", "Record", "Rule",
    "Ruling", "RulesSection", "Seat", "Settlement", "State", "Statistic", "TableSpec", "Values", "all_games",
    "get_game", "option", "register",
]

MAX_CARRIED = 1_000_000  # a score carried over from paper: bounded, as every number a person types
FieldKind = Literal["player", "players", "choice", "int", "decimal", "bool", "card", "cards", "list", "text"]
OptionKind = Literal["bool", "int", "choice"]


# -- what the rules cite ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Rule:
    """A rule of the game, as the rules page states it: ``key`` is its anchor there, ``title`` its name, and
    ``paragraph`` (from 0) the paragraph of that section a ruling under it rests on, which the referee quotes.
    A ruling under a section of several paragraphs names one (:meth:`RulesSection.rule` names it by the
    paragraph itself); without one the referee quotes a section's only paragraph, and of a longer section
    nothing (it links to the section)."""

    key: str
    title: Text
    paragraph: int | None = None

    def __str__(self) -> str:
        return str(self.title)


@dataclass(frozen=True)
class RulesSection:
    """A section of the rules page: its title, its paragraphs and its anchor (``key``)."""

    title: Text
    paragraphs: tuple[Text, ...]
    key: str = ""

    def rule(self, paragraph: Text, title: Text | None = None) -> Rule:
        """The rule a ruling cites when it rests on ``paragraph`` of this section, under ``title`` (the
        section's by default). The paragraph is named by itself, not by its place, so a paragraph added to the
        section never moves a quote:

        >>> from referee.text import _
        >>> section = RulesSection(_("Play"), (_("Lead any card."), _("Follow suit.")), "play")
        >>> rule = section.rule(_("Follow suit."), _("Follow suit"))
        >>> rule.key, str(rule), rule.paragraph
        ('play', 'Follow suit', 1)
        >>> section.rule(_("Trump."))
        Traceback (most recent call last):
        ...
        ValueError: tuple.index(x): x not in tuple
        """
        return Rule(self.key, self.title if title is None else title, self.paragraphs.index(paragraph))


@dataclass(frozen=True)
class Example:
    """A situation to try on the referee page: its question and the situation (as the API takes it)."""

    title: Text
    situation: Mapping[str, Any]


# -- options ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Option:
    """A table option as forms and the API describe it: a variant or a house rule, with its default."""

    key: str
    label: Text
    kind: OptionKind
    default: Any
    choices: tuple[tuple[str, Text], ...] = ()
    help: Text | None = None
    minimum: int | None = None
    maximum: int | None = None
    house_rule: bool = False  # shown on the table page so nobody is surprised
    shown_with: tuple[str, Any] | None = None  # offered only with this other option's value (a variant's rule)


def option(default: Any, label: Text, *, help: Text | None = None, house_rule: bool = False,
           choices: tuple[tuple[str, Text], ...] = (), minimum: int | None = None,
           maximum: int | None = None, shown_with: tuple[str, Any] | None = None) -> Any:
    """A field of an :class:`Options` dataclass, with what a form says of it. ``shown_with`` (an option's key
    and value) offers it only with that value: a variant's own rule."""
    meta = {"label": label, "help": help, "house_rule": house_rule, "choices": choices, "minimum": minimum,
            "maximum": maximum, "shown_with": shown_with}
    return field(default=default, metadata={"option": meta})


@dataclass(frozen=True)
class Options(Values):
    """A game's options: subclass with fields made by :func:`option`. No options by default."""


# -- records, states, outcomes ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Record(Values):
    """A deal's record, normalised: what is stored as the fact. Games subclass it."""


class RecordWithCards(Record):
    """A record that may keep the cards of a deal entered card by card, as its ``plays`` field: stored only
    when there are some, so that a deal entered as numbers stores what it always stored."""

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        if getattr(self, "plays", None) is None:
            data.pop("plays", None)
        return data


@dataclass(frozen=True, kw_only=True)
class State(Values):
    """What a deal leaves for the next: totals per side, who deals, deals recorded. Games may subclass it."""

    totals: tuple[int, ...]
    dealer: int = 0
    deals: int = 0

    def scored(self, scores: Sequence[int]) -> Any:
        """This state with ``scores`` (per side) added to the totals."""
        return dataclasses.replace(self, totals=tuple(t + s for t, s in zip(self.totals, scores, strict=True)))


@dataclass(frozen=True, kw_only=True)
class Outcome(Values):
    """What one deal did: score per side, the breakdown read aloud, money moved, and what ``apply`` adds."""

    scores: tuple[int, ...]
    breakdown: tuple[Text, ...] = ()
    moves: tuple[Move, ...] = ()
    void: bool = False
    dealer: int = 0
    next_dealer: int = 0
    game_over: bool = False
    winners: tuple[int, ...] = ()  # sides
    details: Values | None = None  # game-specific, typed

    def __init_subclass__(cls, **kwargs: Any) -> None:  # pragma: no cover - nothing subclasses it
        super().__init_subclass__(**kwargs)

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        data["breakdown"] = [line.to_i18n() for line in self.breakdown]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        from referee.ledger import Move

        return cls(scores=tuple(data.get("scores", ())),
                   breakdown=tuple(Text.from_i18n(t) for t in data.get("breakdown", ())),
                   moves=tuple(Move.from_json(m) for m in data.get("moves", ())),
                   void=bool(data.get("void")), dealer=int(data.get("dealer", 0)),
                   next_dealer=int(data.get("next_dealer", 0)), game_over=bool(data.get("game_over")),
                   winners=tuple(data.get("winners", ())))


@dataclass(frozen=True)
class Ruling:
    """The referee's answer: is it legal, which rule says so, and (for a full trick) who wins."""

    legal: bool | None
    rule: Rule | Text
    explanation: Text
    legal_cards: tuple[Card, ...] = ()
    reasons: Mapping[Card, Text] = field(default_factory=dict)  # why each card is (not) legal
    winner: Card | None = None
    winner_seat: Seat | None = None
    legal_cards_title: Text | None = None  # what ``legal_cards`` are, when not the cards that may be played
    also: tuple[Rule, ...] = ()  # the rules a further part of the answer rests on (who deals next, after a score)

    def to_json(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "rule": str(self.rule),
            "rule_key": self.rule.key if isinstance(self.rule, Rule) else None,
            "explanation": str(self.explanation),
            "legal_cards": [c.code for c in self.legal_cards],
            "reasons": {c.code: str(v) for c, v in self.reasons.items()},
            # who takes the trick: the player when the trick says who played, else the winning card
            "winner": self.winner_seat.name if self.winner_seat else self.winner.code if self.winner else None,
            "winning_card": self.winner.code if self.winner else None,
        }


@dataclass(frozen=True)
class Statistic:
    """A figure of one player's play at a game, beyond the generic ones (games, wins, deals, average score):
    "Contracts made: 2 of 3". Figures with the same ``key`` add up across tables; ``out_of``, when given, is
    what ``value`` counts out of (a figure out of nothing is not shown)."""

    key: str
    label: Text
    value: int
    out_of: int | None = None


# -- the table as the rules see it --------------------------------------------------------------------------

O = TypeVar("O", bound=Options)  # noqa: E741
R = TypeVar("R", bound=Record)
S = TypeVar("S", bound=State)


@dataclass(frozen=True)
class TableSpec(Generic[O]):
    """A table: players in the order of play (seat 0 first), options, teams as seats, first dealer, deck."""

    players: tuple[str, ...]
    options: O
    teams: tuple[tuple[int, ...], ...] = ()
    first_dealer: int = 0
    deck: DeckKind = DeckKind.FRENCH52

    @property
    def size(self) -> int:
        return len(self.players)

    def seat(self, index: int) -> Seat:
        return Seat(index, self.players[index])

    def seats(self) -> tuple[Seat, ...]:
        return tuple(Seat(i, name) for i, name in enumerate(self.players))

    def after(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places on in the order of play."""
        return (seat + steps) % len(self.players)

    def per_seat(self, amounts: Mapping[int, int]) -> tuple[int, ...]:
        """A tuple with an entry per seat from ``{seat: amount}`` (0 for the others)."""
        return tuple(amounts.get(i, 0) for i in range(len(self.players)))

    def player_named(self, value: Any) -> str | None:
        """The table's spelling of a player's name (exact, else ignoring case and spaces); None if unknown."""
        found = parse.find_seat(self.players, value)
        return found.name if found else None


class Settlement(StrEnum):
    POINTS = "points"  # totals × stake
    RANK = "rank"  # losers pay winners by rank
    LEDGER = "ledger"  # the money the game's ledger kept


@dataclass(frozen=True)
class Field:
    """One field of a deal record, described for forms (segmented buttons when choices are few) and the API."""

    name: str
    label: Text
    kind: FieldKind
    required: bool = True
    # A "card" field's choices: the only cards it takes, by code and name, offered to tap (the taker's called
    # card); without them any card of the deck, typed or picked.
    choices: tuple[tuple[str, Text], ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    step: float | None = None
    default: Any = None
    help: Text | None = None
    fields: tuple[Field, ...] = ()  # the item's fields when kind == "list"
    # A referee field asked for some of the game's questions only (its ``question`` field's values): the page
    # shows it with those, and sends it only with those. Empty: every question.
    questions: tuple[str, ...] = ()
    # A referee "players" field that names some of the players in no particular order (who has passed): the page
    # offers each player as a button to tap on or off, as a record form does. Otherwise the referee takes names
    # in the order given (who played each card of the trick).
    unordered: bool = False
    # A referee "players" (or "player") field that says who plays the trick: "in", those named play it (who went,
    # in Toruro); "out", those named play no card to it (who passed, in Burro; at four, the dealer who sits the
    # deal out, in Tresillo and L'Ombre). The trick goes round the others in the order of play from who led, and
    # the page's card picker says whose turn it is among them. Empty: it says neither.
    in_trick: Literal["", "in", "out"] = ""

    def to_json(self) -> dict[str, Any]:
        """The field as the API describes it: only what differs from the defaults, beside name, label and kind.

        >>> Field("passed", _("Who has passed"), "players", required=False, unordered=True).to_json()
        {'name': 'passed', 'label': 'Who has passed', 'kind': 'players', 'required': False, 'unordered': True}
        """
        data: dict[str, Any] = {"name": self.name, "label": str(self.label), "kind": self.kind,
                                "required": self.required}
        if self.choices:
            data["choices"] = [{"value": v, "label": str(lbl)} for v, lbl in self.choices]
        for key in ("minimum", "maximum", "step", "default"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        if self.help:
            data["help"] = str(self.help)
        if self.fields:
            data["fields"] = [f.to_json() for f in self.fields]
        if self.questions:
            data["questions"] = list(self.questions)
        if self.unordered:
            data["unordered"] = True
        return data


VOID_FIELD = Field("void", _("Void deal (misdeal, petit sec, all passed)"), "bool", required=False, default=False)


# -- the game -----------------------------------------------------------------------------------------------

class Game(ABC, Generic[O, R, S]):
    """Base class: a game sets the class attributes and answers ``record_fields``, ``parse`` and ``score``."""

    slug: str = ""
    name: str = ""
    player_counts: tuple[int, ...] = ()
    usual_players: int = 0  # most tables (the referee's example table); 0: four if allowed, else the fewest
    deck: DeckKind = DeckKind.FRENCH52
    team_game: bool = False
    team_count: int = 2  # in a team game, how many teams
    lower_wins: bool = False  # the lowest total wins (Pablo, Burro)
    # A total is a net won or lost (+66, −12), coloured by its sign; False: a count toward the game's end, which
    # every side has more of as the game goes (Paublillo's malas and buenas, Casita's deals won, Pablo's points and
    # Burro's letters): no side's total is coloured as a gain but the winners'.
    signed_totals: bool = True
    settlement: Settlement = Settlement.POINTS
    stake_unit: Text = _("point")  # what the table's stake is paid per: a point, a chip, a losing player
    stake_units: Text = _("Points")  # the same counted, as a column of balances is headed: "Chips", "Letters"
    leader_label: Text = _("Leads:")  # who :meth:`leader` is, as the table page names them
    leader_tag: Text = _("leads next")  # the same beside their name in the standings
    options_type: type[Options] = Options
    record_type: type[Record] = Record
    state_type: type[State] = State
    rules: tuple[RulesSection, ...] = ()
    examples: tuple[Example, ...] = ()
    ruling_fields: tuple[Field, ...] = ()
    settle_options: tuple[Option, ...] = ()  # keywords of ``balances`` a person chooses when settling up
    trick_rules: TrickRules | None = None

    # -- what it is -----------------------------------------------------------------------------------------
    @property
    def options(self) -> tuple[Option, ...]:
        """The options as forms and the API describe them, from the fields of :attr:`options_type`."""
        found = []
        for f in dataclasses.fields(self.options_type):
            meta = f.metadata.get("option", {})
            kind: OptionKind = "choice" if meta.get("choices") else "bool" if isinstance(f.default, bool) else "int"
            found.append(Option(f.name, meta.get("label", Text(f.name)), kind, f.default, meta.get("choices", ()),
                                meta.get("help"), meta.get("minimum"), meta.get("maximum"),
                                bool(meta.get("house_rule")), meta.get("shown_with")))
        return tuple(found)

    def describe(self) -> dict[str, Any]:
        return {
            "slug": self.slug,
            "name": self.name,
            "player_counts": list(self.player_counts),
            "deck": self.deck.value,
            "teams": self.team_game,
            "lower_wins": self.lower_wins,
            "settlement": self.settlement.value,
            "stake_unit": str(self.stake_unit),
            "options": [
                {"key": o.key, "label": str(o.label), "kind": o.kind, "default": o.default,
                 "choices": [{"value": v, "label": str(lbl)} for v, lbl in o.choices],
                 "house_rule": o.house_rule, "minimum": o.minimum, "maximum": o.maximum,
                 "shown_with": {"option": o.shown_with[0], "value": o.shown_with[1]} if o.shown_with else None}
                for o in self.options
            ],
        }

    def table(self, players: Sequence[str], options: Mapping[str, Any] | Options | None = None,
              teams: Sequence[Sequence[Any]] = (), first_dealer: int = 0) -> TableSpec[O]:
        """A checked table: :class:`InvalidRecord` on a bad player count, option or team.

        ``teams`` name each team's players (names or seats)."""
        errors = Errors()
        names = tuple(p.strip() for p in players)
        if len(names) not in self.player_counts:
            counts = or_join([str(n) for n in self.player_counts])
            errors.add("players", _("%(game)s is played by %(counts)s players, not %(n)s.",
                                    game=_(self.name), counts=counts, n=len(names)))  # the name as the reader says it
        if any(not p for p in names):
            errors.add("players", _("Every player needs a name."))
        alike: dict[str, list[str]] = {}
        for name in names:
            if name:
                alike.setdefault(name.casefold(), []).append(name)
        same = next((typed for typed in alike.values() if len(typed) > 1), None)
        if same:  # which two, as typed: "Ana" and "ana" are one name (capitals do not count)
            errors.add("players", _("Two players have the same name: %(names)s.",
                                    names=and_join(list(dict.fromkeys(same)))))
        chosen = options if isinstance(options, Options) else self.parse_options(options or {}, errors)
        if not 0 <= first_dealer < max(len(names), 1):
            errors.add("first_dealer", _("The first dealer must be one of the players."))
        team_seats: list[tuple[int, ...]] = []
        if teams and not self.team_game:
            errors.add("teams", _("%(game)s is not played in teams.", game=self.name))
            teams = ()
        for team in teams:
            members = []
            for member in team:
                found = parse.find_seat(names, member)
                if found is None and not isinstance(member, str):
                    errors.add("teams", _("Name each team's players as the table names them."))
                elif found is None:
                    errors.add("teams", _("%(name)s is not playing at this table.", name=member[:40]))
                else:
                    members.append(found.index)
            team_seats.append(tuple(members))
        errors.raise_if_any()
        spec: TableSpec[O] = TableSpec(names, chosen, tuple(team_seats), first_dealer,  # type: ignore[arg-type]
                                       DeckKind.FRENCH52)
        spec = dataclasses.replace(spec, deck=self.deck_for(spec))
        return self.seat_teams(spec) if self.team_game else spec

    def parse_options(self, raw: Mapping[str, Any], errors: Errors) -> O:
        known = {o.key: o for o in self.options}
        for key in raw:
            if key not in known:
                errors.add(f"options.{str(key)[:40]}", _("Unknown option for %(game)s.", game=self.name))
        values: dict[str, Any] = {}
        for opt in self.options:
            if opt.key not in raw:
                continue
            value, name = raw[opt.key], f"options.{opt.key}"
            if opt.kind == "bool":
                values[opt.key] = parse.yes_no(value, name, errors)
            elif opt.kind == "int":
                number = parse.whole_number(value, name, errors, minimum=opt.minimum, maximum=opt.maximum)
                if number is not None:
                    values[opt.key] = number
            else:
                picked = parse.choice(value, [v for v, _label in opt.choices], name, errors, default=opt.default)
                if picked is not None:
                    values[opt.key] = picked
        return self.options_type(**values)  # type: ignore[return-value]

    def deck_for(self, table: TableSpec[O]) -> DeckKind:
        """The deck this table plays with (an option may choose it)."""
        return self.deck

    def seat_teams(self, table: TableSpec[O]) -> TableSpec[O]:
        """Team games override this to check or derive the teams."""
        return table

    def sides(self, table: TableSpec[O]) -> tuple[str, ...]:
        """Who scores, by name: the players, or the teams in a team game (labels, in side order)."""
        return table.players

    @abstractmethod
    def record_fields(self, table: TableSpec[O]) -> tuple[Field, ...]:
        """The fields of a deal record at this table, in the order a person records them."""

    # -- deals ----------------------------------------------------------------------------------------------
    def initial_state(self, table: TableSpec[O]) -> S:
        return self.state_type(totals=(0,) * len(self.sides(table)), dealer=table.first_dealer)  # type: ignore[return-value]

    def carried_fields(self, table: TableSpec[O]) -> tuple[Field, ...]:
        """What a game already under way on paper brings to its first deal here (RULINGS, General): by
        default each side's score so far. A game that carries more state (a list of debts, a pot) adds it."""
        return tuple(Field(f"total_{side}", _("%(side)s: score so far", side=name), "int", required=False,
                           default=0, minimum=-MAX_CARRIED, maximum=MAX_CARRIED)
                     for side, name in enumerate(self.sides(table)))

    def carry_over(self, table: TableSpec[O], raw: Mapping[str, Any]) -> S:
        """The state a game under way on paper is in, from what :meth:`carried_fields` asked (a blank score is
        0): :class:`InvalidRecord` with a message per field."""
        errors = Errors()
        totals = tuple(parse.whole_number(raw.get(f"total_{side}"), f"total_{side}", errors,
                                          minimum=-MAX_CARRIED, maximum=MAX_CARRIED) or 0
                       for side in range(len(self.sides(table))))
        errors.raise_if_any()
        return dataclasses.replace(self.initial_state(table), totals=totals)

    @abstractmethod
    def parse(self, table: TableSpec[O], raw: Mapping[str, Any]) -> R:
        """Read a record as sent (a form, the API): :class:`InvalidRecord` with a message per field."""

    def upgrade(self, table: TableSpec[O], stored: Mapping[str, Any]) -> Mapping[str, Any]:
        """A record stored by an earlier version of these rules, as this version reads it (the data
        migration calls it before ``parse``). By default, as it is."""
        return stored

    def complete(self, table: TableSpec[O], state: S, record: R) -> R:
        """The record as stored, completed from the state before it where that pins its meaning should an
        earlier deal be corrected (Toruro: who owed each lulo paid). By default the record as parsed."""
        return record

    def check(self, table: TableSpec[O], state: S, record: R) -> None:
        """Raise :class:`InvalidRecord` (citing the rule per field) if ``record`` cannot follow ``state``."""

    def example_records(self, table: TableSpec[O]) -> tuple[Mapping[str, Any], ...]:
        """Valid deals in a row from the start at ``table``, as a client sends them. The contract tests play
        them at every player count, and the API documents the game with them: every game gives some."""
        return ()

    def variant_name(self, table: TableSpec[O]) -> Text | None:
        """What tells this table from the game's other tables in a list of them (Pablo's "English variant"),
        or None when the game has one kind of table."""
        return None

    def display_state(self, table: TableSpec[O], state: S) -> Mapping[str, Any]:
        """What the API shows of the state beyond the totals (the lulo list, the stones...): JSON-able values
        or :class:`Text`, said in the reader's language."""
        return {}

    @abstractmethod
    def score(self, table: TableSpec[O], state: S, record: R) -> tuple[S, Outcome]:
        """The state after a checked record, and what the deal did. Pure."""

    def score_void(self, table: TableSpec[O], state: S, record: R) -> tuple[S, Outcome]:
        """A void deal (a misdeal): nothing scores."""
        return state, Outcome(scores=(0,) * len(state.totals), breakdown=(_("Void deal: no score."),), void=True)

    def dealer_of(self, table: TableSpec[O], state: S, record: R) -> int:
        """Who dealt the deal ``record`` describes (a game may let the record correct it)."""
        return state.dealer

    def next_dealer(self, table: TableSpec[O], state: S, record: R) -> int:
        return table.after(self.dealer_of(table, state, record))

    def winners(self, table: TableSpec[O], state: S) -> tuple[int, ...]:
        """The winning sides if the game is over after ``state``, else ``()``."""
        return ()

    def plays_on(self, table: TableSpec[O], state: S) -> bool:
        """Whether a deal may still follow ``state`` once it has winners (Burro's decider between players tied
        for the fewest letters). By default a game with winners is over."""
        return False

    @final
    def check_not_over(self, table: TableSpec[O], state: S) -> None:
        """No deal after the game is over, in every game (a game may first refuse it in its own words)."""
        won = self.winners(table, state)
        if won and not self.plays_on(table, state):
            sides = self.sides(table)
            raise InvalidRecord({"__all__": _(
                "The game is over: %(winners)s won. Start a rematch for the next game, or undo or correct a deal.",
                winners=and_join([sides[side] for side in won]))})

    def statistics(self, table: TableSpec[O], seat: int, records: Sequence[R], outcomes: Sequence[Outcome],
                   state: S) -> tuple[Statistic, ...]:
        """What the game counts of ``seat``'s play at a table, for the player's page: ``records`` and
        ``outcomes`` are the table's deals in order (void ones too) as ``apply`` took and returned them,
        ``state`` the state after the last. None by default."""
        return ()

    def record_from_json(self, data: Mapping[str, Any]) -> R:
        return self.record_type.from_json(data)  # type: ignore[return-value]

    def state_from_json(self, data: Mapping[str, Any]) -> S:
        return self.state_type.from_json(data)  # type: ignore[return-value]

    @final
    def apply(self, table: TableSpec[O], state: S, record: R | Mapping[str, Any]) -> tuple[S, Outcome]:
        """Parse (unless given a record), check and score one deal; the state after and the outcome."""
        clean: R = record if isinstance(record, self.record_type) else self.parse(table, record)  # type: ignore[arg-type]
        clean = self.complete(table, state, clean)
        self.check(table, state, clean)
        self.check_not_over(table, state)
        if getattr(clean, "void", False):
            after, outcome = self.score_void(table, state, clean)
        else:
            after, outcome = self.score(table, state, clean)
        dealer = self.dealer_of(table, state, clean)
        next_dealer = self.next_dealer(table, state, clean)
        after = _with(after, dealer=next_dealer, deals=state.deals + 1)
        winners = self.winners(table, after)
        outcome = _with(outcome, dealer=dealer, next_dealer=next_dealer, winners=winners, game_over=bool(winners))
        return after, outcome

    def replay(self, table: TableSpec[O], records: Iterable[R | Mapping[str, Any]],
               state: S | None = None) -> Iterator[tuple[S, Outcome]]:
        """Apply records in turn from ``state`` (or the start); yields ``(state_after, outcome)`` per deal."""
        current = state if state is not None else self.initial_state(table)
        for record in records:
            current, outcome = self.apply(table, current, record)
            yield current, outcome

    # -- who plays, deals and leads -------------------------------------------------------------------------
    def active_players(self, table: TableSpec[O], state: S) -> tuple[int, ...]:
        """The seats dealt in next deal (Tresillo's fourth sits out in turn)."""
        return tuple(range(table.size))

    def dealer(self, table: TableSpec[O], state: S) -> int:
        return state.dealer

    def leader(self, table: TableSpec[O], state: S) -> int:
        """Who leads (or plays first) next deal: by default the next active player after the dealer."""
        active = self.active_players(table, state)
        for step in range(1, table.size + 1):
            seat = table.after(state.dealer, step)
            if seat in active:
                return seat
        return table.after(state.dealer)

    def first_lead(self, table: TableSpec[O], state: S, contract: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
        """For a deal entered card by card: the contract as its deal is played under, and who leads its first
        trick. By default the contract as said and :meth:`leader`; a game whose contract decides who leads
        (a taker who leads) says so, and may add what its deal needs to know (the dealer)."""
        return dict(contract), self.leader(table, state)

    # -- showing and settling -------------------------------------------------------------------------------
    def show_total(self, table: TableSpec[O], state: S, side: int) -> Text:
        """A side's total as the table says it: ``+66`` by default; "3 buenas", "B-U-R" in other games."""
        value = state.totals[side]
        return Text(signed(value))

    def total_note(self, table: TableSpec[O], state: S, side: int, outcome: Mapping[str, Any]) -> Text | None:
        """What a deal did to a side's total that its score does not show, in a few characters the score sheet
        writes in small type under that total, in a column as narrow as a number (Pablo's exactly 50 going back
        to 0: "50 → 0"); by default nothing."""
        return None

    def record_words(self, table: TableSpec[O], state: S, record: Mapping[str, Any]) -> Mapping[str, Text]:
        """What a record's fields (or a contract's, said before the cards) say in the game's own words, by field
        name, where the value alone would not say it: Toruro's lulo paid reads "6, barriga 3, cola 3" without
        the lulo list of ``state`` (the state before the deal) to say whose lulo #6 is and what it cost. A field
        left out reads as its value does; nothing by default."""
        return {}

    def standing(self, table: TableSpec[O], state: S, side: int) -> int:
        """The number a side's line in the standings shows, is coloured and ranked by: its total (a game whose
        end gives something back, as Toruro's pots, says so)."""
        return state.totals[side]

    def ranking(self, table: TableSpec[O], state: S) -> tuple[int, ...]:
        """Sides from best to worst :meth:`standing` (ties in seating order)."""
        sign = 1 if self.lower_wins else -1
        return tuple(sorted(range(len(state.totals)), key=lambda side: (sign * self.standing(table, state, side),
                                                                         side)))

    def balances(self, table: TableSpec[O], state: S, **choices: Any) -> Mapping[int, Units]:
        """Each seat's net in stake units, summing to zero, as the game's :attr:`settlement` says:

        - by points: the totals when they sum to zero (Tarot); otherwise every side pays every other the
          difference of their totals (the lower pays when higher wins, and the other way round);
        - by rank: every side pays the winner the difference (or one stake per game lost: ``per_point=False``);
          tied winners share what each pays;
        - from a ledger: each seat's balance, with what lies in the pots shared out equally.

        In a team game each member of a side settles the side's amount."""
        from referee import settlement

        totals = state.totals
        if self.settlement is Settlement.RANK:
            nets = settlement.by_rank(totals, lower_wins=self.lower_wins,
                                      per_point=bool(choices.get("per_point", True)))
        elif self.settlement is Settlement.LEDGER:
            ledger = getattr(state, "ledger", None)
            if ledger is None:
                raise TypeError(f"{self.slug} settles from a ledger but its state has none")
            share, odd = divmod(ledger.pots_total(), table.size)
            return {seat: amount + share + (1 if seat < odd else 0) for seat, amount in enumerate(ledger.players)}
        elif sum(totals) == 0:
            nets = dict(enumerate(totals))
        else:
            sign = -1 if self.lower_wins else 1
            nets = {side: sign * (len(totals) * total - sum(totals)) for side, total in enumerate(totals)}
        if self.team_game and table.teams:
            return {seat: nets[side] for side, seats in enumerate(table.teams) for seat in seats}
        return {seat: nets[seat] for seat in range(table.size)}

    def paid_per(self, **choices: Any) -> Text:
        """What one stake pays for under the settlement ``choices``: :attr:`stake_unit`, or one stake per losing
        player when the game's ``per_point`` choice (paying the difference) is turned off."""
        return self.stake_unit if choices.get("per_point", True) else _("losing player")

    def units_counted(self, **choices: Any) -> Text:
        """What a balance counts under the settlement ``choices``, as a column of them is headed: the plural of
        :meth:`paid_per` (:attr:`stake_units`), or the stakes won or paid when one stake is paid per losing player
        (a column "Losing players" read "+2" beside the winner)."""
        return self.stake_units if choices.get("per_point", True) else _("Stakes won or paid")

    def settle_notes(self, table: TableSpec[O], state: S, **choices: Any) -> tuple[Text, ...]:
        """What the settle-up page says under the balances of how they were worked out, where the totals alone
        do not show it (a pot shared out, say): nothing by default."""
        return ()

    def settling_moves(self, table: TableSpec[O], state: S, **choices: Any) -> tuple[Move, ...]:
        """What settling up now has players pay into the game's pots before what lies there is shared out (a
        debt still open, under the settle-up's ``choices``), as ledger moves from a seat to a pot: nothing by
        default. A game whose :meth:`balances` counts such payments reads them from here, and so do the pages
        that say what lies on the table (:mod:`scoring.on_table`): one computation for both."""
        return ()

    # -- the referee ----------------------------------------------------------------------------------------
    def referee_fields(self, table: TableSpec[O]) -> tuple[Field, ...]:
        """The referee form's fields at ``table``: :attr:`ruling_fields` by default. A game with a question
        about each player (Pablo's points in a round, Toruro's open lulos) asks it per seat, under the seat's
        name, as :meth:`carried_fields` does; its :attr:`ruling_fields` then describe every seat of its largest
        table, for the API."""
        return self.ruling_fields

    def referee_initial(self, table: TableSpec[O], state: S) -> Mapping[str, Any]:
        """What the table already knows that a referee question asks, as the referee form reads it (by field
        name): asked from a table, the form starts from it (who deals, what each player owes). Nothing by
        default."""
        return {}

    def ruling(self, table: TableSpec[O], situation: Mapping[str, Any]) -> Ruling:
        """Is this play legal here, and who wins this trick, citing the rule; :class:`InvalidRecord` if the
        situation cannot be. Trick games answer through their :attr:`trick_rules`."""
        if self.trick_rules is None:
            raise InvalidRecord({"__all__": _("%(game)s has no referee.", game=self.name)})
        from referee.tricks import rule_on

        return rule_on(self.trick_rules, table, situation)


V = TypeVar("V")


def _with(value: V, **changes: Any) -> V:
    """A frozen dataclass with some fields changed, for values ``apply`` itself made valid: the fields are
    copied as they are (``dataclasses.replace`` would re-run ``__init__``, a third of a long replay)."""
    new = object.__new__(type(value))
    new.__dict__.update(value.__dict__, **changes)
    return new


# -- the registry -------------------------------------------------------------------------------------------

_REGISTRY: dict[str, Game[Any, Any, Any]] = {}
_PACKAGE = "games"
_discovered: list[str] = []


def register(game: Game[Any, Any, Any]) -> Game[Any, Any, Any]:
    _REGISTRY[game.slug] = game
    return game


def discover(package: str = _PACKAGE) -> None:
    """Register the ``GAME`` of every ``<package>.<slug>.rules`` module: a new folder is a new game. (A family
    of games sharing their rules, as Tresillo and L'Ombre, is one folder whose ``rules`` module gives
    ``GAMES``, a tuple, instead.)"""
    _discovered.append(package)
    root = import_module(package)
    for module in sorted(iter_modules(root.__path__), key=lambda m: m.name):
        if module.ispkg and find_spec(f"{package}.{module.name}.rules") is not None:
            rules = import_module(f"{package}.{module.name}.rules")
            for game in getattr(rules, "GAMES", None) or (rules.GAME,):
                register(game)


def get_game(slug: str) -> Game[Any, Any, Any]:
    """The game for ``slug``; ``KeyError`` if there is none."""
    if not _discovered:
        discover()
    return _REGISTRY[slug]


def all_games() -> list[Game[Any, Any, Any]]:
    if not _discovered:
        discover()
    return list(_REGISTRY.values())
