"""A Paublillo deal as recorded: who dealt, the monja, the alver choice, the raises, a refusal, the tricks.

What a phone form or the API sends (every key but the ones a deal needs is optional)::

    {
      "dealer":  "Ana",            # who dealt, only to correct the expected dealer (a name or a seat)
      "monja":   false,            # the 4 of trumps was turned up: the dealer's team scores 1 (not on alver)
      "alver":   "play",           # only when exactly one team is on 11 at the start of play:
                                   #   "play" (for 3) or "give_up" (the other team scores 1)
      "bets":    [{"team": "A", "stake": 3}, {"team": "B", "stake": "seis"}],
                                   # the raises in order; stake 3/6/9/12 or envido/seis/nueve/doce
      "refused": true,             # the last raise was refused: the deal ends, the raisers score the stake
                                   #   that stood before it (envido 1, seis 3, nueve 6, doce 9)
      "tricks":  "ABA",            # who won each trick, until a team has two: one of the six buttons
                                   #   AA, ABA, ABB, BB, BAB, BAA (a list ["A", "B", "A"] or "A, B, A" is
                                   #   accepted too); empty when the deal ended on a refusal or a give-up
      "void":    false,            # misdeal: no score, the deal passes on
      "plays":   {"leader": "Ana", "turned": "6O", "cards": ["4E", "2O", ...], "face_down": [7]}
                                   # only for a deal entered card by card: who led the first trick, the
                                   #   turned card, every card in the order played, and the positions
                                   #   (from 0) of the cards played face down (games.paublillo.cards)
    }

:func:`parse_record` reads only the syntax, a message per field (``"dealer"``, ``"alver"``, ``"bets"``,
``"bets.<i>"``, ``"bets.<i>.team"``, ``"bets.<i>.stake"``, ``"tricks"``, ``"tricks.<i>"``...); whether the
record can follow the score (a raise out of turn, betting on alver) is the game's ``check``.

>>> from referee.game import TableSpec
>>> from games.paublillo.options import PaublilloOptions
>>> table = TableSpec(("Ana", "Bea", "Luis", "Eva"), PaublilloOptions())
>>> record = parse_record(table, {"bets": [{"team": "b", "stake": "envido"}], "tricks": "B, A, B"})
>>> record.bets, record.tricks.winners
((Bet(team=<Team.B: 'B'>, stake=3),), (<Team.B: 'B'>, <Team.A: 'A'>, <Team.B: 'B'>))
>>> record.to_json()["tricks"], parse_record(table, record.to_json()) == record
('BAB', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from games.paublillo.teams import Team, label
from referee import parse
from referee.cards import Card, DeckKind
from referee.game import Errors, Field, InvalidRecord, RecordWithCards, Seat, TableSpec, Values
from referee.text import Text, _

STAKES = (3, 6, 9, 12)
BET_NAMES: dict[int, str] = {3: "envido", 6: "seis", 9: "nueve", 12: "doce"}
BET_ALIASES: dict[str, int] = {
    "envido": 3, "seis": 6, "nueve": 9, "doce": 12, "six": 6, "nine": 9, "twelve": 12,
}
FIELDS = ("dealer", "monja", "alver", "bets", "refused", "tricks", "void", "plays")
PLAYS_KEYS = frozenset({"leader", "turned", "cards", "face_down"})
MAX_PLAYED = 3 * 8  # three tricks at the largest table

TEAM_IS_A_OR_B = _("The team is A or B.")
STAKE_IS = _("The stake is envido (3), seis (6), nueve (9) or doce (12).")
TRICK_WON_BY = _("A trick is won by team A or team B.")


@dataclass(frozen=True)
class Bet(Values):
    """A raise: the team that made it, and the stake it proposed (3, 6, 9, 12; past 12 is refused by check)."""

    team: Team
    stake: int

    @property
    def name(self) -> str:
        return BET_NAMES.get(self.stake, str(self.stake))


class Tricks(StrEnum):
    """Who won each trick, until a team had two: the six ways a deal can be played out."""

    AA = "AA"
    ABA = "ABA"
    ABB = "ABB"
    BB = "BB"
    BAB = "BAB"
    BAA = "BAA"

    @property
    def winners(self) -> tuple[Team, ...]:
        return tuple(Team(letter) for letter in self.value)

    @property
    def taker(self) -> Team:
        """The team that won two tricks."""
        return max(Team, key=self.value.count)


class AlverChoice(StrEnum):
    PLAY = "play"  # the team on alver plays for 3
    GIVE_UP = "give_up"  # the other team scores 1


@dataclass(frozen=True)
class PaublilloPlays(Values):
    """The cards of a deal entered card by card, kept with the record they made (:mod:`games.paublillo.cards`):
    who led the first trick, the turned card (its suit is trumps), every card in the order played, and the
    positions (from 0) of those played face down."""

    leader: Seat
    turned: Card
    cards: tuple[Card, ...]
    face_down: tuple[int, ...] = ()


@dataclass(frozen=True)
class PaublilloRecord(RecordWithCards):
    """One deal, normalised. ``dealer`` is set only to correct who dealt (``None``: the dealer in turn)."""

    dealer: Seat | None = None
    monja: bool = False
    alver: AlverChoice | None = None
    bets: tuple[Bet, ...] = ()
    refused: bool = False
    tricks: Tricks | None = None
    void: bool = False
    plays: PaublilloPlays | None = None  # the cards, when the deal was entered card by card


def parse_record(table: TableSpec[Any], raw: Mapping[str, Any]) -> PaublilloRecord:
    """The record as sent, read field by field: :class:`InvalidRecord` with a message per field."""
    if not isinstance(raw, Mapping):
        raise InvalidRecord({"__all__": _("A deal record is a set of fields.")})
    errors = Errors()
    parse.unknown_fields(raw, FIELDS, errors, "Paublillo")
    dealer = parse.seat(table.players, raw.get("dealer"), "dealer", errors)
    void = parse.yes_no(raw.get("void"), "void", errors)
    if void:  # a misdeal: whatever else was filled in does not count
        errors.raise_if_any()
        return PaublilloRecord(dealer=dealer, void=True)
    monja = parse.yes_no(raw.get("monja"), "monja", errors)
    alver = parse.choice(raw.get("alver"), list(AlverChoice), "alver", errors,
                         wrong=_("The team on alver either plays (for 3) or gives up."))
    bets = read_bets(raw.get("bets"), errors)
    refused = parse.yes_no(raw.get("refused"), "refused", errors)
    tricks = read_tricks(raw.get("tricks"), errors)
    plays = read_plays(table, raw.get("plays"), errors)
    errors.raise_if_any()
    return PaublilloRecord(dealer, monja, alver, bets, refused, tricks, plays=plays)


def read_plays(table: TableSpec[Any], raw: Any, errors: Errors) -> PaublilloPlays | None:
    """The cards kept with a deal entered card by card: who led, the turned card, the cards in order (at most
    three tricks) and which went face down. Their shape only: what they make is :mod:`games.paublillo.cards`'.

    >>> from referee.game import Options
    >>> plays = read_plays(TableSpec(("Ana", "Bea"), Options()), {"leader": "Bea", "turned": "6O",
    ...                    "cards": ["4E", "2E"], "face_down": [1]}, Errors())
    >>> plays.leader.name, plays.turned.code, [c.code for c in plays.cards], plays.face_down
    ('Bea', '6O', ['4E', '2E'], (1,))
    >>> plays.to_json()["face_down"], PaublilloPlays.from_json(plays.to_json()) == plays
    ([1], True)
    """
    if parse.is_blank(raw):
        return None
    if not isinstance(raw, Mapping) or any(k not in PLAYS_KEYS for k in raw):
        errors.add("plays", _("The cards of a deal are {leader, turned, cards, face_down}."))
        return None
    leader = parse.seat(table.players, raw.get("leader"), "plays", errors, blank=_("Say who led the first trick."))
    turned = parse.card(raw.get("turned"), DeckKind.SPANISH40, "plays", errors,
                        blank=_("Say which card was turned up: its suit is trumps."))
    cards = parse.cards(raw.get("cards") or [], DeckKind.SPANISH40, "plays", errors, unique=False)
    limit = min(MAX_PLAYED, 3 * table.size)
    if len(cards) > limit:
        errors.add("plays", _("A deal has at most %(n)s cards played.", n=limit))
        return None
    down = raw.get("face_down") or []
    if not isinstance(down, list | tuple) or any(type(i) is not int or not 0 <= i < len(cards) for i in down):
        errors.add("plays", _("The cards played face down are given by their positions among the cards, from 0."))
        return None
    if leader is None or turned is None or "plays" in errors:
        return None
    return PaublilloPlays(leader, turned, cards, tuple(sorted(set(down))))


def read_stake(value: Any, field: str, errors: Errors) -> int | None:
    """A raise's stake: its number (a positive multiple of 3) or its name (envido, seis, nueve, doce)."""
    if isinstance(value, str) and value.strip().lower() in BET_ALIASES:
        return BET_ALIASES[value.strip().lower()]
    stake = parse.whole_number(value, field, errors, minimum=1, blank=STAKE_IS, wrong=STAKE_IS)
    if stake is not None and stake % 3:
        errors.add(field, STAKE_IS)
        return None
    return stake


def read_bets(value: Any, errors: Errors) -> tuple[Bet, ...]:
    if parse.is_blank(value):
        return ()
    if not isinstance(value, list | tuple):
        errors.add("bets", _("The raises are a list: who raised, and to what."))
        return ()
    bets: list[Bet] = []
    for i, item in enumerate(value):
        if not isinstance(item, Mapping) or not set(item) <= {"team", "stake"}:  # nothing else: a word misspelt
            errors.add(f"bets.{i}", _("Each raise names the team and the stake."))       # is not silently dropped
            continue
        team = parse.choice(item.get("team"), list(Team), f"bets.{i}.team", errors, blank=TEAM_IS_A_OR_B,
                            wrong=TEAM_IS_A_OR_B)
        stake = read_stake(item.get("stake"), f"bets.{i}.stake", errors)
        if team is not None and stake is not None:
            bets.append(Bet(team, stake))
    return tuple(bets)


def read_tricks(value: Any, errors: Errors) -> Tricks | None:
    """Who won each trick: ``"ABA"``, ``"A, B, A"``, ``"A-B-A"`` or ``["A", "B", "A"]``; a team with two ends
    the deal."""
    if parse.is_blank(value):
        return None
    items: list[Any]
    if isinstance(value, str):
        items = [c for c in value.replace(",", " ").replace("-", " ") if not c.isspace()]
    elif isinstance(value, list | tuple):
        items = list(value)
    else:
        errors.add("tricks", _("List who won each trick: A or B."))
        return None
    won: list[Team] = []
    for i, item in enumerate(items):
        team = parse.choice(item, list(Team), f"tricks.{i}", errors, blank=TRICK_WON_BY, wrong=TRICK_WON_BY)
        if team is None:
            return None
        if max((won.count(t) for t in Team), default=0) >= 2:
            errors.add(f"tricks.{i}", _(
                "The deal ends as soon as a team has won two tricks: no trick is played after that."))
            return None
        won.append(team)
    if not won:
        return None
    if max(won.count(t) for t in Team) < 2:
        errors.add("tricks", _("The deal is played until a team has won two of the three tricks."))
        return None
    return Tricks("".join(won))


def record_fields(table: TableSpec[Any]) -> tuple[Field, ...]:
    """The form (and the API schema) of a deal at ``table``."""
    team_choices = tuple((team.value, _("%(side)s: %(names)s", side=team.value, names=label(table, team)))
                         for team in Team)
    stake_choices = tuple((str(s), _("%(name)s (%(stake)s)", name=BET_NAMES[s], stake=s)) for s in STAKES)
    trick_choices = tuple((seq.value, _("%(tricks)s", tricks=" ".join(seq.value))) for seq in Tricks)
    alver_choices: tuple[tuple[str, Text], ...] = (
        (AlverChoice.PLAY.value, _("Plays for 3")),
        (AlverChoice.GIVE_UP.value, _("Gives up (the others score 1)")))
    return (
        Field("dealer", _("Dealer"), "player", required=False,
              help=_("Only to correct who dealt; the deal then passes to the player after them.")),
        Field("monja", _("Monja turned up (the 4 of trumps)"), "bool", required=False, default=False,
              help=_("The dealer's team scores 1 at once, unless it is on alver.")),
        Field("alver", _("Team on alver"), "choice", required=False, choices=alver_choices,
              help=_("Only when one team (not both) is on 11 at the start of play.")),
        Field("bets", _("Raises, in order"), "list", required=False, default=[], maximum=4,
              help=_("Envido (3) first, then seis (6), nueve (9), doce (12), the teams taking turns."),
              fields=(
                  Field("team", _("Raised by"), "choice", choices=team_choices),
                  Field("stake", _("To"), "choice", choices=stake_choices),
              )),
        Field("refused", _("The last raise was refused"), "bool", required=False, default=False,
              help=_("The deal ends: the raisers score the stake before the raise (1, 3, 6 or 9).")),
        Field("tricks", _("Trick winners, in order"), "choice", required=False, choices=trick_choices,
              help=_("Who won each trick until a team had two. Leave empty after a refusal or a give-up.")),
        Field("void", _("Void deal (misdeal): no score, the deal passes on"), "bool", required=False,
              default=False),
    )
