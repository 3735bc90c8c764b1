"""Players across tables: a player's history and statistics over the tables of a device, or of an account.

A player is a :class:`~scoring.models.Player` (a name as one device, or one account, uses it). The tables in
scope are those the device started (or the account owns); a player's history is the tables they sat at among
them. Each table's active deals are replayed from their records, so every figure is derived from the facts:

- per table: the player's final total the game's way, won / lost / under way, the deals they played (dealt
  in, not void), what their side scored over the night (its deals' scores and what the end of the game gives
  back, as its standing counts it: chips left in a pot going back; never what a game carried from paper
  started with), and the game's own figures (``Game.statistics``);
- per game: tables played, won, lost and under way, deals played, the average score per deal (never mixing
  games: their units differ), and the game's figures added up across its tables.

A table's replay for a seat is cached under the table's version, so a player page drawn again after nothing
changed replays nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Max, Q, QuerySet
from django.db.models.functions import Lower
from django.utils.formats import number_format

from referee.game import Game, InvalidRecord, Outcome, Record, State, Statistic, TableSpec, get_game
from referee.text import Text, signed
from scoring import services
from scoring.models import Deal, Player, Table

logger = logging.getLogger(__name__)
CACHE_SECONDS = 60 * 60
TENTH = Decimal("0.1")


class Result(StrEnum):
    WON = "won"
    LOST = "lost"
    UNDER_WAY = "under_way"


# -- whose tables -------------------------------------------------------------------------------------------

def tables_of(device: str, user: Any = None) -> QuerySet[Table]:
    """The tables in scope: the signed-in account's, else those this device started; none for neither."""
    if getattr(user, "is_authenticated", False):
        return Table.objects.filter(owner=user)
    if device:
        return Table.objects.filter(owner_device=device)
    return Table.objects.none()


@dataclass(frozen=True)
class PlayerRow:
    """A player on the players page: how many of the tables in scope they sat at, and when last."""

    player: Player
    tables: int
    last_played: Any  # a datetime


def players_of(tables: QuerySet[Table]) -> list[PlayerRow]:
    """The players seated at ``tables``, by name (one query)."""
    seated = Q(seats__table__in=tables)
    players = (Player.objects.filter(seated).distinct()
               .annotate(n_tables=Count("seats", filter=seated, distinct=True),
                         last=Max("seats__table__updated", filter=seated))
               .order_by(Lower("name"), "pk"))
    return [PlayerRow(p, p.n_tables, p.last) for p in players]


# -- one table, one seat ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Play:
    """What one seat did at one table, from a replay of its active deals (cached: no model inside)."""

    total: Text  # the final total of their side, the game's way
    result: Result
    deals: int  # deals played: dealt in, not void
    points: int  # their side's scores over the night (a dealer sitting the deal out may still pay in), with what
    # the end of the game gives back beyond them (its standing less its total): what the table's line counts
    statistics: tuple[Statistic, ...]
    unreadable: int | None = None  # the number of a stored deal the rules cannot read: the figures stop before it


@dataclass(frozen=True)
class Sitting:
    """A table the player sat at, with what they did there."""

    table: Table
    game: Game[Any, Any, Any]
    play: Play


def side_of(game: Game[Any, Any, Any], spec: TableSpec[Any], seat: int) -> int:
    """The side a seat scores with: its team in a team game, else the seat itself."""
    if game.team_game and spec.teams:
        return next((side for side, seats in enumerate(spec.teams) if seat in seats), seat)
    return seat


def replay(game: Game[Any, Any, Any], spec: TableSpec[Any], seat: int, stored: Iterable[Deal],
           start: State | None = None) -> Play:
    """Apply the table's active deals (in order) again from ``start`` (the game's initial state by default),
    counting for ``seat``."""
    side = side_of(game, spec, seat)
    state = start if start is not None else game.initial_state(spec)
    records: list[Record] = []
    outcomes: list[Outcome] = []
    deals = points = 0
    unreadable = None
    for deal in stored:
        try:
            record = game.complete(spec, state, game.parse(spec, deal.record))
        except Exception:  # a stored record its rules cannot read (changed by hand?): said, never a 500
            logger.warning("Deal %s of table %s cannot be read", deal.number, deal.table_id, exc_info=True)
            unreadable = deal.number
            break
        dealt_in = seat in game.active_players(spec, state)
        try:
            state, outcome = game.apply(spec, state, record)
        except InvalidRecord:
            logger.warning("Deal %s of table %s no longer applies", deal.number, deal.table_id, exc_info=True)
            unreadable = deal.number
            break
        records.append(record)
        outcomes.append(outcome)
        points += outcome.scores[side]
        if dealt_in and not outcome.void:
            deals += 1
    points += game.standing(spec, state, side) - state.totals[side]  # what the end of the game gives back
    last = outcomes[-1] if outcomes else None
    if last is not None and last.game_over:
        result = Result.WON if side in last.winners else Result.LOST
    else:
        result = Result.UNDER_WAY
    return Play(game.show_total(spec, state, side), result, deals, points,
                game.statistics(spec, seat, tuple(records), tuple(outcomes), state), unreadable)


def _cache_key(table: Table, seat: int) -> str:
    return f"player-play2:{table.pk}:{table.version}:{table.updated.isoformat()}:{seat}"


def sittings(player: Player, tables: QuerySet[Table]) -> list[Sitting]:
    """The tables among ``tables`` where ``player`` sat, most recent first, each replayed for their seat (from
    the cache when the table has not changed). Tables of a game no longer installed are left out."""
    found = list(tables.filter(seats__player=player).order_by("-created", "-pk"))
    seats = dict(player.seats.filter(table__in=[t.pk for t in found]).values_list("table_id", "position"))
    keys = {table.pk: _cache_key(table, seats[table.pk]) for table in found if table.pk in seats}
    cached = cache.get_many(list(keys.values()))
    missing = [table.pk for table in found if table.pk in keys and keys[table.pk] not in cached]
    by_table: dict[int, list[Deal]] = {pk: [] for pk in missing}
    if missing:
        for deal in (Deal.objects.filter(table__in=missing, withdrawn=False).order_by("table", "number")
                     .only("table", "number", "record")):
            by_table[deal.table_id].append(deal)
    result = []
    for table in found:
        try:
            game = get_game(table.game)
        except KeyError:
            continue
        if table.pk not in keys:
            continue
        play = cached.get(keys[table.pk])
        if play is None:
            spec = services.table_spec(table)
            start = services.state_before(table, 1, game, spec)  # where the table starts (as its standings do)
            play = replay(game, spec, seats[table.pk], by_table[table.pk], start)
            cache.set(keys[table.pk], play, CACHE_SECONDS)
        result.append(Sitting(table, game, play))
    return result


# -- per game -----------------------------------------------------------------------------------------------

@dataclass
class GameSummary:
    """A player's figures at one game, over its tables: never mixed with another game's."""

    game: Game[Any, Any, Any]
    played: int = 0
    won: int = 0
    lost: int = 0
    under_way: int = 0
    deals: int = 0
    points: int = 0
    statistics: list[Statistic] = field(default_factory=list)

    @property
    def average(self) -> Decimal | None:
        """The average score per deal played, to a tenth (half up); None before any deal."""
        if not self.deals:
            return None
        return (Decimal(self.points) / Decimal(self.deals)).quantize(TENTH, rounding=ROUND_HALF_UP)

    @property
    def average_text(self) -> str:
        """The average as the page shows it: signed, to a tenth, in the reader's language (+22.0, −2,3)."""
        average = self.average
        if average is None:
            return ""
        shown = number_format(abs(average), 1)
        return f"+{shown}" if average > 0 else f"−{shown}" if average < 0 else shown

    @property
    def points_text(self) -> str:
        return signed(self.points)

    @property
    def shown_statistics(self) -> list[Statistic]:
        """The game's figures worth showing: a figure out of nothing says nothing."""
        return [s for s in self.statistics if s.out_of is None or s.out_of > 0]


def add_up(found: Iterable[Statistic], into: list[Statistic]) -> None:
    """Add figures into ``into`` by key (the first table's label and order, new keys after)."""
    index = {s.key: i for i, s in enumerate(into)}
    for stat in found:
        if stat.key in index:
            old = into[index[stat.key]]
            out_of = None if old.out_of is None and stat.out_of is None else (old.out_of or 0) + (stat.out_of or 0)
            into[index[stat.key]] = Statistic(old.key, old.label, old.value + stat.value, out_of)
        else:
            index[stat.key] = len(into)
            into.append(stat)


def by_game(found: Sequence[Sitting]) -> list[GameSummary]:
    """Each game's figures over its tables, games in the order the player last played them."""
    games: dict[str, GameSummary] = {}
    for sitting in found:
        summary = games.setdefault(sitting.game.slug, GameSummary(sitting.game))
        play = sitting.play
        summary.played += 1
        summary.won += int(play.result is Result.WON)
        summary.lost += int(play.result is Result.LOST)
        summary.under_way += int(play.result is Result.UNDER_WAY)
        summary.deals += play.deals
        summary.points += play.points
        add_up(play.statistics, summary.statistics)
    return list(games.values())


@dataclass(frozen=True)
class History:
    """A player's page: their tables and their figures per game, and the counts over every game."""

    player: Player
    sittings: list[Sitting]
    games: list[GameSummary]

    @property
    def played(self) -> int:
        return len(self.sittings)

    @property
    def won(self) -> int:
        return sum(1 for s in self.sittings if s.play.result is Result.WON)

    @property
    def deals(self) -> int:
        return sum(s.play.deals for s in self.sittings)


def history(player: Player, tables: QuerySet[Table]) -> History:
    found = sittings(player, tables)
    return History(player, found, by_game(found))
