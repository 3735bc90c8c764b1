"""What every game module answers (see DESIGN.md, "A game module answers").

A game is a :class:`Game` subclass registered in :mod:`referee.games`. The app and the API only ever talk to
this interface: they never know a game's rules.

- ``options`` and ``record_fields`` describe the table's options and a deal record, for forms and the API.
- ``validate(table, state, record)`` returns the normalised record or raises :class:`InvalidRecord` with one
  message per field.
- ``apply(table, state, record)`` validates then scores one deal: ``(state', outcome)``. ``state`` is a
  JSON-able dict the app caches per deal; it always holds ``totals`` (per side), ``dealer`` (the seat index of
  who deals this deal) and ``deals`` (deals applied), plus whatever the game carries between deals.
- ``ruling(table, situation)`` answers "is this play legal?" and "who wins this trick?", citing the rule.
- ``rules`` is the rules page, in our own words.

All scores are integers (Tarot's half points are settled inside the deal); money is integer minor units.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from referee.cards import DeckKind
from referee.text import Text, _

OptionKind = Literal["bool", "int", "choice"]
FieldKind = Literal["player", "players", "choice", "int", "decimal", "bool", "card", "cards", "list", "text"]


@dataclass(frozen=True)
class Option:
    """A table option: a variant or a house rule, with its default."""

    key: str
    label: Text
    kind: OptionKind
    default: Any
    choices: tuple[tuple[str, Text], ...] = ()
    help: Text | None = None
    minimum: int | None = None
    maximum: int | None = None
    house_rule: bool = False  # shown on the table page so nobody is surprised


@dataclass(frozen=True)
class Field:
    """One field of a deal record, described for forms (segmented buttons when choices are few) and the API."""

    name: str
    label: Text
    kind: FieldKind
    required: bool = True
    choices: tuple[tuple[str, Text], ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    step: float | None = None
    default: Any = None
    help: Text | None = None
    fields: tuple[Field, ...] = ()  # the item's fields when kind == "list"

    def to_json(self) -> dict[str, Any]:
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
        return data


@dataclass(frozen=True)
class TableSpec:
    """A table as the rules see it: players in the order of play, options, teams (team games)."""

    players: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    teams: tuple[tuple[str, ...], ...] = ()
    first_dealer: int = 0

    @property
    def size(self) -> int:
        return len(self.players)

    def player_named(self, value: Any) -> str | None:
        """The table's spelling of a player's name (exact, else ignoring case and spaces); None if unknown."""
        if not isinstance(value, str):
            return None
        if value in self.players:
            return value
        wanted = value.strip().casefold()
        return next((p for p in self.players if p.casefold() == wanted), None)

    def after(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places on in the order of play."""
        return (seat + steps) % len(self.players)


class InvalidRecord(Exception):
    """A record (or a situation, or options) that cannot be: one message per field; ``"__all__"`` for the whole."""

    def __init__(self, errors: Mapping[str, Text | str]):
        self.errors: dict[str, Text] = {k: v if isinstance(v, Text) else Text(v) for k, v in errors.items()}
        super().__init__("; ".join(f"{k}: {v}" for k, v in self.errors.items()))


class Errors:
    """Collects field errors while validating; ``raise_if_any()`` at the end."""

    def __init__(self) -> None:
        self.errors: dict[str, Text] = {}

    def add(self, name: str, message: Text) -> None:
        self.errors.setdefault(name, message)

    def __contains__(self, name: str) -> bool:
        return name in self.errors

    def __bool__(self) -> bool:
        return bool(self.errors)

    def raise_if_any(self) -> None:
        if self.errors:
            raise InvalidRecord(self.errors)


@dataclass(frozen=True)
class MoneyMove:
    """Money (or chips) moving: ``payer`` and ``payee`` are player names or pots (``"pot:cabeza"``)."""

    payer: str
    payee: str
    amount: int
    reason: Text

    def to_json(self) -> dict[str, Any]:
        return {"payer": self.payer, "payee": self.payee, "amount": self.amount, "reason": str(self.reason),
                "reason_i18n": self.reason.to_i18n()}


@dataclass
class Outcome:
    """What one deal did: score deltas per side, money moves, the breakdown to read aloud, flags."""

    scores: dict[str, int]
    breakdown: list[Text]
    money: list[MoneyMove] = field(default_factory=list)
    void: bool = False
    dealer: int = 0
    next_dealer: int = 0
    game_over: bool = False
    winners: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)  # game-specific, JSON-able (e.g. the lulo list)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": self.scores,
            "breakdown": [str(line) for line in self.breakdown],
            "breakdown_i18n": [line.to_i18n() for line in self.breakdown],
            "money": [m.to_json() for m in self.money],
            "void": self.void,
            "dealer": self.dealer,
            "next_dealer": self.next_dealer,
            "game_over": self.game_over,
            "winners": self.winners,
            "extra": self.extra,
        }


@dataclass
class Ruling:
    """The referee's answer: is it legal, which rule says so, and (for a full trick) who wins."""

    legal: bool | None
    rule: Text
    explanation: Text
    legal_cards: list[str] = field(default_factory=list)
    reasons: dict[str, Text] = field(default_factory=dict)  # card code -> why it is (not) legal
    winner: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "rule": str(self.rule),
            "explanation": str(self.explanation),
            "legal_cards": self.legal_cards,
            "reasons": {k: str(v) for k, v in self.reasons.items()},
            "winner": self.winner,
        }


@dataclass(frozen=True)
class RulesSection:
    title: Text
    paragraphs: tuple[Text, ...]


VOID_FIELD = Field("void", _("Void deal (misdeal, petit sec, all passed)"), "bool", required=False, default=False)


class Game(ABC):
    """Base class: subclasses set the class attributes and implement the abstract methods."""

    slug: str = ""
    name: str = ""
    player_counts: tuple[int, ...] = ()
    deck: DeckKind = DeckKind.FRENCH52
    team_game: bool = False
    stake_unit: Text = _("point")  # what the table's stake is paid per: a point, or a chip (Toruro)
    options: tuple[Option, ...] = ()
    rules: tuple[RulesSection, ...] = ()
    ruling_fields: tuple[Field, ...] = ()

    # -- what it is ---------------------------------------------------------------------------------------
    def describe(self) -> dict[str, Any]:
        return {
            "slug": self.slug,
            "name": self.name,
            "player_counts": list(self.player_counts),
            "deck": self.deck.value,
            "teams": self.team_game,
            "stake_unit": str(self.stake_unit),
            "options": [
                {"key": o.key, "label": str(o.label), "kind": o.kind, "default": o.default,
                 "choices": [{"value": v, "label": str(lbl)} for v, lbl in o.choices],
                 "house_rule": o.house_rule, "minimum": o.minimum, "maximum": o.maximum}
                for o in self.options
            ],
        }

    def table(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
              teams: Sequence[Sequence[str]] = (), first_dealer: int = 0) -> TableSpec:
        """A checked :class:`TableSpec`: raises :class:`InvalidRecord` on a bad player count or option."""
        errors = Errors()
        players = tuple(p.strip() for p in players)
        if len(players) not in self.player_counts:
            counts = ", ".join(str(n) for n in self.player_counts)
            errors.add("players", _("%(game)s is played by %(counts)s players, not %(n)s.",
                                    game=self.name, counts=counts, n=len(players)))
        if any(not p for p in players):
            errors.add("players", _("Every player needs a name."))
        if len(set(p.casefold() for p in players)) != len(players):
            errors.add("players", _("Two players have the same name."))
        merged = self.clean_options(options or {}, errors)
        if not 0 <= first_dealer < max(len(players), 1):
            errors.add("first_dealer", _("The first dealer must be one of the players."))
        errors.raise_if_any()
        spec = TableSpec(players, merged, tuple(tuple(t) for t in teams), first_dealer)
        if self.team_game:
            spec = self.seat_teams(spec)
        return spec

    def clean_options(self, options: Mapping[str, Any], errors: Errors) -> dict[str, Any]:
        known = {o.key: o for o in self.options}
        for key in options:
            if key not in known:
                errors.add(f"options.{key}", _("Unknown option for %(game)s.", game=self.name))
        merged: dict[str, Any] = {}
        for opt in self.options:
            value = options.get(opt.key, opt.default)
            if opt.kind == "bool":
                if isinstance(value, str):
                    value = value.lower() in ("1", "true", "on", "yes")
                value = bool(value)
            elif opt.kind == "int":
                try:
                    value = int(value)
                except (TypeError, ValueError):
                    errors.add(f"options.{opt.key}", _("Enter a whole number."))
                    continue
                if (opt.minimum is not None and value < opt.minimum) or (
                        opt.maximum is not None and value > opt.maximum):
                    errors.add(f"options.{opt.key}", _("Must be between %(lo)s and %(hi)s.",
                                                       lo=opt.minimum, hi=opt.maximum))
            elif opt.kind == "choice" and value not in {v for v, _lbl in opt.choices}:
                errors.add(f"options.{opt.key}", _("Not one of the choices."))
            merged[opt.key] = value
        return merged

    def seat_teams(self, table: TableSpec) -> TableSpec:
        """Team games override this to check or derive the teams."""
        return table

    def sides(self, table: TableSpec) -> list[str]:
        """Who scores: the players, or the teams' names in team games."""
        return list(table.players)

    @abstractmethod
    def record_fields(self, table: TableSpec) -> tuple[Field, ...]:
        """The fields of a deal record at this table, in the order a person records them."""

    # -- deals --------------------------------------------------------------------------------------------
    def initial_state(self, table: TableSpec) -> dict[str, Any]:
        return {"totals": {side: 0 for side in self.sides(table)}, "dealer": table.first_dealer, "deals": 0}

    def copy_state(self, state: Mapping[str, Any]) -> dict[str, Any]:
        """A private copy for ``score`` to change. Deep by default; games with flat state copy less."""
        return copy.deepcopy(dict(state))

    @abstractmethod
    def validate(self, table: TableSpec, state: Mapping[str, Any], record: Mapping[str, Any]) -> dict[str, Any]:
        """The record, normalised (parsed numbers, canonical keys); :class:`InvalidRecord` if it cannot be."""

    def fact(self, table: TableSpec, state: Mapping[str, Any], record: Mapping[str, Any]) -> dict[str, Any]:
        """The record as stored, for a valid ``record`` after ``state``: what was entered, plus whatever pins
        its meaning should an earlier deal be corrected (Toruro: who owed each lulo paid). By default, as is."""
        return dict(record)

    @abstractmethod
    def score(self, table: TableSpec, state: dict[str, Any], record: dict[str, Any]) -> Outcome:
        """Score a valid record. May update game-specific keys of ``state`` in place (it is a private copy)."""

    def next_dealer(self, table: TableSpec, state: Mapping[str, Any], record: Mapping[str, Any]) -> int:
        return table.after(state["dealer"])

    def winners(self, table: TableSpec, state: Mapping[str, Any]) -> list[str]:
        """The winners if the game is over after this state, else an empty list."""
        return []

    def apply(self, table: TableSpec, state: Mapping[str, Any],
              record: Mapping[str, Any]) -> tuple[dict[str, Any], Outcome]:
        clean = self.validate(table, state, record)
        new_state = self.copy_state(state)
        if clean.get("void"):
            outcome = Outcome({side: 0 for side in self.sides(table)}, [_("Void deal: no score.")], void=True)
        else:
            outcome = self.score(table, new_state, clean)
        outcome.dealer = state["dealer"]
        outcome.next_dealer = self.next_dealer(table, state, clean)
        totals = new_state["totals"]
        for side, delta in outcome.scores.items():
            totals[side] = totals.get(side, 0) + delta
        new_state["dealer"] = outcome.next_dealer
        new_state["deals"] = state["deals"] + 1
        outcome.winners = self.winners(table, new_state)
        outcome.game_over = bool(outcome.winners)
        return new_state, outcome

    def replay(self, table: TableSpec, records: Iterable[Mapping[str, Any]],
               state: Mapping[str, Any] | None = None) -> Iterator[tuple[dict[str, Any], Outcome]]:
        """Apply records in turn from ``state`` (or the start); yields ``(state_after, outcome)`` per deal."""
        current: Mapping[str, Any] = state if state is not None else self.initial_state(table)
        for record in records:
            current, outcome = self.apply(table, current, record)
            yield dict(current), outcome

    # -- settling up --------------------------------------------------------------------------------------
    def balances(self, table: TableSpec, state: Mapping[str, Any], **choices: Any) -> dict[str, int]:
        """Each player's net in settlement units (points or chips), summing to zero. Point games: totals."""
        return {p: int(state["totals"].get(p, 0)) for p in table.players}

    def display_state(self, table: TableSpec, state: Mapping[str, Any]) -> dict[str, Any]:
        """Game-specific things to show beside the standings (lulo list, pots, alver...): JSON-able values or
        :class:`Text`, which the page and the API say in the reader's language."""
        return {}

    # -- the referee --------------------------------------------------------------------------------------
    @abstractmethod
    def ruling(self, table: TableSpec, situation: Mapping[str, Any]) -> Ruling:
        """Is this play legal here, and who wins this trick, citing the rule; :class:`InvalidRecord` if the
        situation cannot be."""
