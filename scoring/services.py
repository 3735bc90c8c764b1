"""What the views and the API do to tables and deals, in one place.

Every write goes through here so the rules are applied once: the game module validates a record against the
state before it, the deal is stored as a fact with a revision, and the derived cache (``outcome``,
``state_after``) is brought up to date from the first changed deal on. Adding a deal reads one cached state
and applies one record: O(1) however long the night.
"""

from __future__ import annotations

import copy
import json
import logging
import re
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache as once
from typing import Any

from django.core.cache import cache
from django.core.serializers.json import DjangoJSONEncoder
from django.db import IntegrityError, connection, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from referee.game import Game, InvalidRecord, Outcome, Rule, State, TableSpec, get_game
from referee.text import CONTEXT, Text, fill, is_text, plural_count, plural_forms, without_context, words_of
from scoring import rows
from scoring.kept_cards import CardsSayOtherwise, with_kept_cards
from scoring.models import Deal, DealRevision, Player, Seat, Table, TableChange

logger = logging.getLogger(__name__)
MAX_DEALS = 20_000  # deals a table keeps (bounded work: a correction to deal 1 replays them all)


class DealConflict(Exception):
    """Another phone recorded this deal number first (or undid the deals before it): ``number`` is the last
    deal in play now."""

    def __init__(self, number: int, *, undone: bool = False):
        self.number, self.undone = number, undone
        if undone:
            super().__init__(_("Another phone undid deals meanwhile: the next deal is deal %(next)s. Nothing was "
                               "recorded.") % {"next": number + 1})
        else:
            super().__init__(_("Deal %(n)s was just recorded by another phone. Here it is; nothing was lost.")
                             % {"n": number})


class NotTheNextNumber(Exception):
    """A client expected a deal number the table has not reached: no other phone is involved, the number is
    wrong."""

    def __init__(self, expected: int, number: int):
        self.expected, self.number = expected, number
        super().__init__(_("The next deal here is deal %(n)s, not deal %(expected)s.")
                         % {"n": number, "expected": expected})


class ChangeRefused(Exception):
    """An edit, undo or restore that would make the table impossible (a later deal no longer valid)."""


# -- the table as the rules see it ----------------------------------------------------------------------------

def seats_of(table: Table) -> list[Seat]:
    """The table's seats in order, each with its player: those a list of tables prefetched, if it did (the home
    page: one query for all its tables' seats, not one more per table whose spec is not cached yet)."""
    cached = getattr(table, "_seats_cache", None)
    if cached is None and "seats" in getattr(table, "_prefetched_objects_cache", {}):
        cached = sorted(table.seats.all(), key=lambda seat: seat.position)
    if cached is None:
        cached = list(table.seats.select_related("player").order_by("position"))
        table._seats_cache = cached  # type: ignore[attr-defined]
    return cached


def table_spec(table: Table) -> TableSpec[Any]:
    """The table as its rules see it. Seats and options change only when the table is saved (``updated``: the
    admin's changes to a player or a seat save their tables too), so the spec is kept in the process's cache
    under that: a deal recorded or a page drawn does not read the seats again."""
    cached = getattr(table, "_spec_cache", None)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    key = f"table-spec:{table.pk}:{table.updated.isoformat()}" if table.pk and table.updated else None
    if key and (cached := _SPECS.get(key)) is not None:  # this process made or read it: as it is (frozen)
        table._spec_cache = cached  # type: ignore[attr-defined]
        return cached
    if key and (cached := cache.get(key)) is not None:
        table._spec_cache = _keep_spec(key, cached)  # type: ignore[attr-defined]
        return cached  # type: ignore[no-any-return]
    seats = seats_of(table)
    players = tuple(s.player.name for s in seats)
    teams: dict[str, list[int]] = {}
    for s in seats:
        if s.team:
            teams.setdefault(s.team, []).append(s.position)
    game = get_game(table.game)
    spec = game.table(players, table.options, tuple(tuple(m) for _k, m in sorted(teams.items())),
                      table.first_dealer)
    table._spec_cache = spec  # type: ignore[attr-defined]
    if key:
        cache.set(key, _keep_spec(key, spec), 60 * 60)
    return spec


_SPECS: dict[str, TableSpec[Any]] = {}  # the specs this process used last, by table and last save
_SPECS_KEPT = 1024


def _keep_spec(key: str, spec: TableSpec[Any]) -> TableSpec[Any]:
    """Keep ``spec`` in this process as it is, where the cache gives a copy (unpickled at every read: a
    tenth of the Python of recording a deal). It is frozen, and its key changes whenever the table is saved."""
    if len(_SPECS) >= _SPECS_KEPT:
        _SPECS.clear()
    _SPECS[key] = spec
    return spec


def table_for(game: str, players: Sequence[str], options: Mapping[str, Any] | None = None,
              teams: Sequence[str] = (), first_dealer: int = 0) -> TableSpec[Any]:
    """The table these players, teams and options make, as the game's rules read it; :class:`InvalidRecord`
    with a message per field if they cannot."""
    try:
        rules = get_game(game)
    except KeyError:
        raise InvalidRecord({"game": _("Unknown game.")}) from None
    team_members: dict[str, list[str]] = {}
    for seat, team in zip(players, teams, strict=False):
        if team:
            team_members.setdefault(team, []).append(seat.strip())
    return rules.table(players, options or {}, tuple(tuple(m) for _k, m in sorted(team_members.items())),
                       first_dealer)


@transaction.atomic
def create_table(*, game: str, players: Sequence[str], options: Mapping[str, Any] | None = None,
                 teams: Sequence[str] = (), stake_minor: int = 0, currency: str = "EUR", name: str = "",
                 first_dealer: int = 0, device: str = "", user: Any = None,
                 client_id: uuid.UUID | None = None) -> Table:
    """Start a table. ``teams`` optionally gives a team letter per seat. Raises :class:`InvalidRecord`.

    ``client_id`` (a UUID the new table form or an API client makes for this start) makes a second tap or a
    retry safe: the table already started under it is returned (with ``table.repeated`` set), as it is, and
    nothing new is started. Two requests with the same id at the same moment start one table: the column is
    unique, and the one that loses the race reads the table the other started."""
    started = started_under(client_id)
    if started is not None:
        return started
    spec = table_for(game, players, options, teams, first_dealer)
    try:
        with transaction.atomic():
            table = Table.objects.create(game=game, name=name, options=spec.options.to_json(),
                                         stake_minor=stake_minor, currency=currency, first_dealer=first_dealer,
                                         owner_device=device, client_id=client_id,
                                         owner=user if getattr(user, "is_authenticated", False) else None)
            team_of = {seat: letter for letter, members in zip("ABCDEFGH", spec.teams, strict=False)
                       for seat in members}
            for position, player_name in enumerate(spec.players):
                player = _player_named(player_name, device, user)
                Seat.objects.create(table=table, player=player, position=position, team=team_of.get(position, ""))
    except IntegrityError:
        started = started_under(client_id)  # the same id, committed by another request meanwhile
        if started is None:
            raise
        return started
    return table


def started_under(client_id: uuid.UUID | None) -> Table | None:
    """The table started under ``client_id`` (:func:`create_table`), with ``repeated`` set; None for none."""
    if client_id is None:
        return None
    table = Table.objects.filter(client_id=client_id).first()
    if table is not None:
        table.repeated = True  # type: ignore[attr-defined]
    return table


@transaction.atomic
def rematch(table: Table, *, device: str = "", user: Any = None) -> Table:
    """A new table with the same players in the same seats and teams, the same options and stake; the deal
    passes on as it would have in the game just played. Once per game: asked again (a second phone, a double
    tap, the back button), the rematch already started is the answer."""
    with transaction.atomic():
        _lock(table)
        started = rematch_started(table)
        if started is not None:
            return started
        st = standings(table)
        new = Table.objects.create(game=table.game, name=table.name, options=table.options,
                                   stake_minor=table.stake_minor, currency=table.currency,
                                   settle_choices=table.settle_choices,
                                   first_dealer=st.game.dealer(st.spec, st.state),
                                   owner_device=device or table.owner_device,
                                   owner=user if getattr(user, "is_authenticated", False) else table.owner,
                                   rematch_of=table)
        Seat.objects.bulk_create(Seat(table=new, player_id=seat.player_id, position=seat.position, team=seat.team)
                                 for seat in seats_of(table))
        TableChange.objects.create(table=table, kind=TableChange.Kind.REMATCH, after_deals=st.deal_count,
                                   details={"later": new.view_token, "edit": new.edit_token})
        return new


def rematch_started(table: Table) -> Table | None:
    """The table the rematch of this game was started at, if it was."""
    started = table.changes.filter(kind=TableChange.Kind.REMATCH).first()
    details = started.details if started is not None and isinstance(started.details, dict) else {}
    return Table.objects.filter(edit_token=details.get("edit", "")).first() if details.get("edit") else None


# -- the table between deals: players, a game carried over from paper --------------------------------------

def change_players(table: Table, names: Sequence[str], *, device: str = "", user: Any = None,
                   author: str = "") -> list[dict[str, Any]]:
    """Seat by seat, who plays now: a name corrected, or another person taking a seat (with its score).
    The same rules as a new table (names given, none twice); every deal's record keeps its seat, so nothing
    recorded moves, and every cached breakdown is said again with the names as they are now. Logged as a
    :class:`TableChange`; the changes made are returned.

    As for corrections (:func:`_change`), the replay of the night runs before the lock, on the table as read at
    its version, and the lock is held for the writes alone; done again under the lock if another phone wrote."""
    game, spec = get_game(table.game), table_spec(table)
    renamed = game.table(names, spec.options, spec.teams, spec.first_dealer)  # InvalidRecord, as a new table
    for attempt in range(3):
        version = Table.objects.values_list("version", flat=True).get(pk=table.pk)
        seats = list(table.seats.select_related("player").order_by("position"))
        changed = [(seat, name) for seat, name in zip(seats, renamed.players, strict=True) if seat.player.name != name]
        if not changed:
            return []
        last_resort = attempt == 2  # a busy table: derived under the lock
        caches = None if last_resort else _derive(_with_spec(table, renamed), 1)  # before any lock (SQLite's)
        with transaction.atomic():
            if last_resort:
                _lock(table)
                caches = _derive(_with_spec(table, renamed), 1)
            elif not _bump(table, version):
                continue
            Seat.objects.filter(pk__in=[seat.pk for seat, _name in changed]).delete()  # a swap never collides
            Seat.objects.bulk_create(Seat(table=table, player=_player_named(name, device or table.owner_device, user),
                                          position=seat.position, team=seat.team) for seat, name in changed)
            log = [{"seat": seat.position, "before": seat.player.name, "after": name} for seat, name in changed]
            TableChange.objects.create(table=table, kind=TableChange.Kind.PLAYERS, details={"seats": log},
                                       after_deals=active_deals(table).count(), author=author)
            _renew(table)
            _write_caches(caches)
            return log
    raise AssertionError("unreachable")  # pragma: no cover - the third attempt always writes


def _with_spec(table: Table, spec: TableSpec[Any]) -> Table:
    """The table as its rules would see it with ``spec`` (players changed, not yet saved)."""
    seen = copy.copy(table)
    seen._spec_cache = spec  # type: ignore[attr-defined]
    return seen


def carry_over(table: Table, raw: Mapping[str, Any], *, author: str = "") -> State:
    """Start the table from a game under way on paper: the state it is in (each side's score so far, and
    what else the game carries), entered before the first deal. :class:`InvalidRecord` per field;
    :class:`ChangeRefused` once a deal is recorded."""
    game, spec = get_game(table.game), table_spec(table)
    state = game.carry_over(spec, raw)
    with transaction.atomic():
        _lock(table)
        if table.deals.exists():
            raise ChangeRefused(_("A game from paper is carried over before the first deal is recorded."))
        Table.objects.filter(pk=table.pk).update(carried=state.to_json())
        table.carried = state.to_json()
        sides = game.sides(spec)
        TableChange.objects.create(table=table, kind=TableChange.Kind.CARRIED, author=author, details={
            "totals": [{"side": side, "total": total} for side, total in zip(sides, state.totals, strict=True)],
            "state": table.carried})
        _renew(table)
    return state


def _renew(table: Table) -> None:
    """The table changed under its pages and its cached spec: saved anew (inside the caller's lock)."""
    now = timezone.now()
    Table.objects.filter(pk=table.pk).update(updated=now)
    table.updated = now
    for cached in ("_spec_cache", "_seats_cache"):
        table.__dict__.pop(cached, None)


def _player_named(name: str, device: str, user: Any) -> Player:
    known = Player.objects.filter(name__iexact=name)
    if getattr(user, "is_authenticated", False):
        known = known.filter(user=user)
    elif device:
        known = known.filter(device=device)
    else:
        known = known.none()
    player = known.first()
    if player is None:
        player = Player.objects.create(name=name, device=device,
                                       user=user if getattr(user, "is_authenticated", False) else None)
    return player


def known_player_names(device: str, user: Any = None) -> list[str]:
    """Names already used on this device (or by this account), most recent first."""
    players = Player.objects.all()
    if getattr(user, "is_authenticated", False):
        players = players.filter(user=user)
    elif device:
        players = players.filter(device=device)
    else:
        return []
    names: list[str] = []
    for name in players.order_by("-created").values_list("name", flat=True)[:40]:
        if name.casefold() not in {n.casefold() for n in names}:
            names.append(name)
    return names


# -- standings (derived) --------------------------------------------------------------------------------------

@dataclass
class Standings:
    table: Table
    game: Game[Any, Any, Any]
    spec: TableSpec[Any]
    state: State
    last_deal: Deal | None
    deal_count: int
    extra: Mapping[str, Any] = field(default_factory=dict)
    problem: str = ""  # a stored deal the rules cannot read: the standings stop before it

    @property
    def sides(self) -> tuple[str, ...]:
        return self.game.sides(self.spec)

    @property
    def totals(self) -> dict[str, int]:
        """Each side's total by its label, in side order."""
        return dict(zip(self.sides, self.state.totals, strict=False))

    @property
    def standings(self) -> dict[str, int]:
        """Each side's standing by its label, as its line shows and ranks it (:meth:`Game.standing`)."""
        return standings_of(self.game, self.spec, self.state)

    @property
    def dealer(self) -> str:
        return self.spec.players[self.game.dealer(self.spec, self.state)]

    @property
    def leader(self) -> str:
        return self.spec.players[self.game.leader(self.spec, self.state)]

    @property
    def ledger(self) -> Any:
        """The game's ledger, when it keeps one (its conservation line is shown on the table page)."""
        return getattr(self.state, "ledger", None)

    @property
    def next_deal_number(self) -> int:
        """The number the next deal takes, after the last deal in play (as :func:`next_number`, without a query)."""
        return self.last_deal.number + 1 if self.last_deal else 1

    @property
    def last_outcome(self) -> dict[str, Any] | None:
        return self.last_deal.outcome if self.last_deal else None

    @property
    def game_over(self) -> bool:
        return bool(self.last_outcome and self.last_outcome.get("game_over"))

    @property
    def winners(self) -> list[str]:
        """The winning sides' labels when the game is over."""
        if not self.last_outcome:
            return []
        sides = self.sides
        return [sides[i] for i in self.last_outcome.get("winners", []) if isinstance(i, int) and i < len(sides)]

    @property
    def accepts_deals(self) -> bool:
        """Whether another deal may be recorded: not once the game is over (unless the game plays on, as a
        decider between players tied does)."""
        return not self.game.winners(self.spec, self.state) or self.game.plays_on(self.spec, self.state)

    def total_text(self, side: int) -> str:
        return translate(self.game.show_total(self.spec, self.state, side))

    def ranking(self) -> list[tuple[str, int]]:
        """Sides from best to worst total (ties in seating order): (label, total)."""
        sides = self.sides
        game, spec, state = self.game, self.spec, self.state
        return [(sides[i], game.standing(spec, state, i)) for i in game.ranking(spec, state)]


def active_deals(table: Table):  # type: ignore[no-untyped-def]
    return table.deals.filter(withdrawn=False).order_by("number")


def state_of(game: Game[Any, Any, Any], spec: TableSpec[Any], stored: Mapping[str, Any] | None,
             table: Table | None = None) -> State:
    """A cached state as the game's typed value (for none, where ``table`` starts)."""
    if stored:
        return game.state_from_json(stored)
    return start_state(table, game, spec) if table is not None else game.initial_state(spec)


def start_state(table: Table, game: Game[Any, Any, Any], spec: TableSpec[Any]) -> State:
    """Where the table's first deal starts: the game's start, or a game carried over from paper."""
    return game.state_from_json(table.carried) if table.carried else game.initial_state(spec)


def standings(table: Table) -> Standings:
    """The table now: the last active deal's cached state (two queries, whatever the number of deals)."""
    game = get_game(table.game)
    spec = table_spec(table)
    last = active_deals(table).order_by("-number").first()
    problem = ""
    if last is not None and last.state_after is None:  # a cache emptied (by a migration): derived in memory
        try:
            state = state_before(table, last.number + 1, game, spec)
        except ChangeRefused as refused:  # a deal its rules cannot read: the table up to it, and why
            problem = str(refused)
            last = active_deals(table).filter(state_after__isnull=False).order_by("-number").first()
            state = state_of(game, spec, last.state_after if last else None, table)
    else:
        state = state_of(game, spec, last.state_after if last else None, table)
    count = active_deals(table).count() if last else 0
    return Standings(table, game, spec, state, last, count, game.display_state(spec, state), problem)


def standings_of(game: Game[Any, Any, Any], spec: TableSpec[Any], state: State) -> dict[str, int]:
    """Each side's standing by its label: its total, with what the end of the game gives back."""
    sides = game.sides(spec)[:len(state.totals)]  # as the totals beside them: a side without a total is left out
    return {side: game.standing(spec, state, index) for index, side in enumerate(sides)}


def side_scores(game: Game[Any, Any, Any], spec: TableSpec[Any], outcome: Mapping[str, Any] | None) -> dict[str, int]:
    """A stored outcome's scores by side label."""
    scores = (outcome or {}).get("scores") or []
    return dict(zip(game.sides(spec), scores, strict=False))


def scores_in_order(game: Game[Any, Any, Any], spec: TableSpec[Any], outcome: Mapping[str, Any] | None,
                    labels: Mapping[str, str]) -> list[tuple[str, int]]:
    """A deal's scores as (label, score) in the game's order of sides (seating order)."""
    return [(labels.get(side, side), score) for side, score in side_scores(game, spec, outcome).items()]


POT_PREFIX = "pot:"


def account_name(spec: TableSpec[Any], account: Any) -> str:
    """A ledger account as the API and the pages name it: a seat by its player's name, a pot as ``pot:name``."""
    if isinstance(account, int) and not isinstance(account, bool) and 0 <= account < spec.size:
        return spec.players[account]
    return f"{POT_PREFIX}{account}"


def outcome_view(game: Game[Any, Any, Any], spec: TableSpec[Any], outcome: Mapping[str, Any] | None) -> dict[str, Any]:
    """A stored outcome with sides by label and seats by name: scores, winners, money moved, details."""
    outcome = outcome or {}
    sides = game.sides(spec)
    return {
        "scores": dict(zip(sides, outcome.get("scores") or [], strict=False)),
        "winners": [sides[i] for i in outcome.get("winners", []) if isinstance(i, int) and 0 <= i < len(sides)],
        "money": [{"payer": account_name(spec, m.get("payer")), "payee": account_name(spec, m.get("payee")),
                   "amount": int(m.get("amount", 0)), "reason": m.get("reason", "")}
                  for m in outcome.get("moves", [])],
        "details": outcome.get("details") or {},
    }


def state_before(table: Table, number: int, game: Game[Any, Any, Any], spec: TableSpec[Any]) -> State:
    """The state the active deals before ``number`` leave: the cached one, or (a cache emptied by a migration)
    derived in memory from the last cached state, writing nothing. :class:`ChangeRefused` for a stored deal
    the rules cannot read."""
    previous = active_deals(table).filter(number__lt=number).order_by("-number").first()
    if previous is None:
        return start_state(table, game, spec)
    if previous.state_after is not None:
        return game.state_from_json(previous.state_after)
    cached = active_deals(table).filter(number__lt=number, state_after__isnull=False).order_by("-number").first()
    state = state_of(game, spec, cached.state_after if cached else None, table)
    for deal in active_deals(table).filter(number__gt=cached.number if cached else 0, number__lt=number):
        state, _outcome = replay_one(game, spec, state, deal)
    return state


def replay_one(game: Game[Any, Any, Any], spec: TableSpec[Any], state: State, deal: Deal) -> tuple[State, Outcome]:
    """Apply a stored deal again, read afresh by its rules (a record changed by hand is checked like any other).

    :class:`ChangeRefused` naming the deal when it is no longer possible or cannot be read."""
    try:
        record = game.complete(spec, state, game.parse(spec, deal.record))
    except Exception as exc:  # a stored record its rules cannot read (changed by hand?): said, never a 500
        logger.warning("Deal %s of table %s cannot be read", deal.number, deal.table_id, exc_info=True)
        raise ChangeRefused(_("Deal %(n)s cannot be read: correct it from the history.")
                            % {"n": deal.number}) from exc
    try:
        return game.apply(spec, state, record)
    except InvalidRecord as exc:
        first = next(iter(exc.errors.values()))
        raise ChangeRefused(_("This change would make deal %(n)s impossible. %(why)s")
                            % {"n": deal.number, "why": translate(first)}) from exc


def outcome_if_restored(table: Table, deal: Deal, game: Game[Any, Any, Any], spec: TableSpec[Any],
                        before: State | None = None) -> dict[str, Any] | None:
    """What an undone deal would say were it restored (its record read by its rules on the deals in play before
    it; ``before``, their state, when the caller has it), as a recorded deal's stored outcome says it: its
    breakdown in the game's words, its scores, its moves. None if its rules no longer take it there. Writes
    nothing."""
    try:
        state = before if before is not None else state_before(table, deal.number, game, spec)
        return replay_one(game, spec, state, deal)[1].to_json()
    except ChangeRefused:
        return None
    except Exception:  # a game's code failing on an old record: the page lists its fields instead, never a 500
        logger.warning("Undone deal %s of table %s cannot be worked out", deal.number, deal.table_id, exc_info=True)
        return None


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    return outcome.to_json()


def checked_record(game: Game[Any, Any, Any], spec: TableSpec[Any], before: State, raw: Mapping[str, Any]) -> Any:
    """A record as sent, parsed and completed from the state before it: what is stored as the fact."""
    record = raw if isinstance(raw, game.record_type) else game.parse(spec, raw)
    return game.complete(spec, before, record)


def next_number(table: Table) -> int:
    """The number the next deal takes: after the last deal in play. Undone deals after it are replaced by the
    next ones recorded (their history kept), so the numbers have no gaps."""
    return (active_deals(table).aggregate(m=Max("number"))["m"] or 0) + 1


# -- writes ---------------------------------------------------------------------------------------------------
# Every write takes the table's row lock first (PostgreSQL: an UPDATE of the table's version holds its row;
# SQLite: the database's write lock, as transactions begin IMMEDIATE) and reads what it changes afresh inside the
# transaction, so two phones acting at once are served one after the other, each on the state the other left. A
# write that no longer makes sense once the other has gone first (undo the deal another phone just undid) is
# refused as a :class:`Conflict` naming what won; nothing is lost.

class Conflict(Exception):
    """Another phone changed the table first: what it did is said, and nothing is changed here."""


class DealUndone(Conflict):
    def __init__(self, number: int):
        self.number = number
        super().__init__(_("Deal %(n)s was just undone by another phone. Nothing else changed.") % {"n": number})


class DealNotLast(Conflict):
    def __init__(self, number: int, last: int):
        self.number = number
        super().__init__(_("Deal %(n)s is no longer the last: deal %(last)s was recorded since. Nothing was "
                           "undone.") % {"n": number, "last": last})


class DealChanged(Conflict):
    """An edit made on a deal another phone changed (edited, undid, restored) since the edit began: ``revision``
    is the deal's now, the one a second, knowing save gives."""

    def __init__(self, number: int, revision: int):
        self.number, self.revision = number, revision
        super().__init__(_("Deal %(n)s was just changed on another phone. Nothing was saved: your entries are "
                           "kept below. Save again to replace the deal with them.") % {"n": number})


class NoSuchDeal(Exception):
    def __init__(self, number: int):
        self.number = number
        super().__init__(_("There is no deal %(n)s at this table.") % {"n": number})


class DealRestored(Conflict):
    def __init__(self, number: int):
        self.number = number
        super().__init__(_("Deal %(n)s is already in play.") % {"n": number})


class DealReplaced(Conflict):
    """A retry of a deal that was undone since, and another deal recorded in its place."""

    def __init__(self, number: int):
        self.number = number
        super().__init__(_("The deal this phone sent was saved as deal %(n)s, then undone, and another deal has "
                           "been recorded in its place. It was not recorded again.") % {"n": number})


def _lock(table: Table) -> Table:
    """Take the table's row lock for this transaction by telling live views it changes (version + 1): the
    UPDATE holds the row until commit (PostgreSQL), and SQLite's transactions already hold the write lock.
    One query, where a SELECT … FOR UPDATE and a later bump would be two; a refused write rolls it back. Its
    SQL is written once (:func:`_bump_sql`): a record that lost the race to another phone runs it while
    holding the lock, where the ORM's building of it cost ten times running it."""
    with connection.cursor() as cursor:
        cursor.execute(_bump_sql(checked=False), [table.pk])
    table.version += 1
    return table


def _reread(table: Table) -> Table:
    """``table`` as the database has it now (inside the caller's lock, or before it), its cached spec and seats
    dropped: someone may have joined or left since the request read it (:mod:`scoring.seating`). Read as
    :meth:`~django.db.models.Model.refresh_from_db` would, with SQL written once (:func:`scoring.rows.reload`)."""
    rows.reload(table)
    for cached in ("_spec_cache", "_seats_cache"):
        table.__dict__.pop(cached, None)
    return table


def _revise(deal: Deal, action: str, author: str) -> None:
    DealRevision.objects.create(deal=deal, revision=deal.revision, action=action, record=deal.record,
                                withdrawn=deal.withdrawn, author=author,
                                client_id=deal.client_id if action == DealRevision.Action.RECORD else None)


@dataclass
class _Planned:
    """A new deal worked out from the table under its lock, ready to insert."""

    number: int
    record: dict[str, Any]
    outcome: dict[str, Any]
    state_after: dict[str, Any]
    replaces: Deal | None = None  # the undone deal whose number this one takes


def record_deal(table: Table, record: Mapping[str, Any] | Any, *, expected_number: int | None = None,
                author: str = "", client_id: Any = None) -> Deal:
    """Validate and store a new deal. Raises :class:`InvalidRecord` or :class:`DealConflict`.

    ``client_id`` (a UUID a phone gives each deal) makes a retry safe: the deal already stored under it is
    returned (with ``deal.repeated`` set) and nothing new is recorded.

    The deal is worked out under the table's lock, on the table as it is then: a record is one record applied
    to the last deal's cached state, whatever the length of the night, so the lock is held for tens of
    microseconds of rules besides its SQL. (Worked out before the lock and checked against the table's version
    after, as corrections are (:func:`_change`), four records in five lost the race under load to another phone
    writing meanwhile, and were then worked out again under the lock: twice the work, the second time with
    every other writer waiting.) The table as the request read it is kept when nobody wrote since; otherwise
    it is read again, as someone may have joined or left. A retry takes the lock to look, and gives it back
    unmoved. (A table whose cached states a migration emptied derives the state in memory, which stops at the
    first deal its rules cannot read: see :func:`state_before`.)"""
    bumped = False
    try:
        with transaction.atomic():
            if _bump(table, table.version):
                table.version += 1
                bumped = True
            else:
                _lock(table)
                bumped = True
                _reread(table)  # as it is now: someone may have joined or left
            planned = _plan_record(table, record, expected_number, client_id)
            if isinstance(planned, Deal):
                raise _Repeated(planned)  # a retry: the lock is given back, the table's version unmoved
            return _insert(table, planned, client_id, author)
    except BaseException as refused:
        if bumped:
            table.version -= 1  # rolled back with the rest
        if isinstance(refused, _Repeated):
            return refused.deal
        if isinstance(refused, IntegrityError):
            raise DealConflict(next_number(table) - 1) from None
        raise


class _Repeated(Exception):  # noqa: N818 - not an error: the deal a retry already recorded
    def __init__(self, deal: Deal):
        self.deal = deal


def _bump(table: Table, version: int) -> bool:
    """Take the table's write lock if it is still at ``version``, moving it to the next version (one UPDATE,
    its SQL written once); False if another phone wrote since."""
    with connection.cursor() as cursor:
        cursor.execute(_bump_sql(), [table.pk, version])
        return bool(cursor.rowcount)


@once
def _bump_sql(checked: bool = True) -> str:
    """The UPDATE moving the table to its next version: ``checked``, only if it is still at the version given."""
    meta, quote = Table._meta, connection.ops.quote_name
    table, key, version = quote(meta.db_table), quote(meta.pk.column), quote(meta.get_field("version").column)
    still = f" AND {version} = %s" if checked else ""
    return f"UPDATE {table} SET {version} = ({version} + 1) WHERE ({key} = %s{still})"


@dataclass
class _Latest:
    """The table's last deal as the next one needs it."""

    number: int
    withdrawn: bool
    state_after: dict[str, Any] | None


def _latest(table: Table, client_id: Any) -> tuple[_Latest | None, int | None]:
    """One SELECT for what every new deal reads: the table's last deal (by the unique index on the table and
    the number), None for a table without deals; and with a client id, the pk of the deal last recorded under
    it (a retry): this table's, else one at another table, which may be the game closed here when the players
    changed (:func:`sent_before`). Written once (:func:`_latest_sql`): the ORM's building of these two queries
    cost ten times running them."""
    params: list[Any] = [table.pk]
    if client_id is not None:
        params = [DealRevision._meta.get_field("client_id").get_db_prep_value(client_id, connection), table.pk,
                  table.pk]
    with connection.cursor() as cursor:
        cursor.execute(_latest_sql(client_id is not None), params)
        row = cursor.fetchone()
    sent = row[3] if row is not None and client_id is not None else None
    if row is None or row[0] is None:
        return None, sent
    state = Deal._meta.get_field("state_after").from_db_value(row[2], None, connection)  # type: ignore[attr-defined]
    return _Latest(row[0], bool(row[1]), state), sent


@once
def _latest_sql(with_client_id: bool) -> str:
    quote, deal, revision = connection.ops.quote_name, Deal._meta, DealRevision._meta
    column = {name: quote(deal.get_field(name).column) for name in ("table", "number", "withdrawn", "state_after")}
    last = (f"SELECT d.{column['number']}, d.{column['withdrawn']}, d.{column['state_after']} FROM"
            f" {quote(deal.db_table)} d WHERE d.{column['table']} = %s ORDER BY d.{column['number']} DESC LIMIT 1")
    if not with_client_id:
        return last
    deal_id, client_id = (quote(revision.get_field(name).column) for name in ("deal", "client_id"))
    key = quote(deal.pk.column)
    sent = (f"SELECT r.{deal_id} FROM {quote(revision.db_table)} r INNER JOIN {quote(deal.db_table)} s"
            f" ON r.{deal_id} = s.{key} WHERE r.{client_id} = %s"
            f" ORDER BY CASE WHEN s.{column['table']} = %s THEN 0 ELSE 1 END, r.{quote(revision.pk.column)} DESC"
            f" LIMIT 1")  # this table's first, then the latest elsewhere (the game closed before, see below)
    # One row even at a table without deals: the client id may have been recorded in the game closed before.
    return (f"SELECT d.{column['number']}, d.{column['withdrawn']}, d.{column['state_after']}, ({sent})"
            f" FROM (SELECT 1 AS one) o LEFT JOIN ({last}) d ON 1 = 1")


def sent_before(table: Table, client_id: Any, found: int | None = None) -> Deal | None:
    """The deal recorded under ``client_id`` (a retry, or a phone's outbox sending again): at this table, or in
    a game closed here when the players changed (the retry of a deal whose answer was lost before someone
    joined or left: answered with the deal as that game stored it, never recorded again in the new game).
    ``found``: the pk :func:`_latest` found, if it was read already. None when no deal of this table or of
    its earlier games has the id (another table's, such as a copy imported, does not count). Raises
    :class:`DealReplaced` for a deal undone and replaced since."""
    if client_id is None:
        return None
    if found is None:
        found = _latest(table, client_id)[1]
        if found is None:
            return None
    stored = Deal.objects.select_related("table").get(pk=found)
    if stored.table_id == table.pk:
        stored.table = table
    else:
        earlier = TableChange.objects.filter(kind=TableChange.Kind.SEATS, details__later=table.view_token,
                                             table__closed=True).values("table_id")
        revision = (DealRevision.objects.filter(client_id=client_id, deal__table_id__in=earlier)
                    .select_related("deal__table").order_by("-pk").first())
        if revision is None:
            return None
        stored = revision.deal
        stored.earlier_game = True  # type: ignore[attr-defined]
    if stored.client_id != client_id:
        raise DealReplaced(stored.number)
    stored.repeated = True  # type: ignore[attr-defined]
    return stored


def _plan_record(table: Table, record: Mapping[str, Any] | Any, expected_number: int | None,
                 client_id: Any) -> _Planned | Deal:
    """The deal as it would be stored now, or the deal already stored under ``client_id``."""
    latest, sent = _latest(table, client_id)
    if sent is not None:
        stored = sent_before(table, client_id, found=sent)
        if stored is not None:
            return stored
    game, spec = get_game(table.game), table_spec(table)
    replaces = None
    if latest is not None and latest.withdrawn:  # undone deals at the end: the first of them is replaced
        latest = active_deals(table).order_by("-number").only("table_id", "number", "withdrawn",
                                                               "state_after").first()
        replaces = table.deals.only("pk", "number", "revision").filter(
            number=latest.number + 1 if latest else 1, withdrawn=True).first()
    number = latest.number + 1 if latest else 1
    if number > MAX_DEALS:
        raise InvalidRecord({"__all__": _("A table keeps at most %(n)s deals: start a new table for the "
                                          "next game.") % {"n": MAX_DEALS}})
    if expected_number is not None and expected_number < number:
        raise DealConflict(number - 1)
    if expected_number is not None and expected_number > number:
        reached = table.deals.aggregate(m=Max("number"))["m"] or 0  # undone deals at the end included
        if expected_number > reached + 1:
            raise NotTheNextNumber(expected_number, number)
        raise DealConflict(number - 1, undone=True)
    if latest is None:
        before = start_state(table, game, spec)
    elif not latest.withdrawn and latest.state_after is not None:
        before = game.state_from_json(latest.state_after)  # the usual case: one query for both
    else:
        before = state_before(table, number, game, spec)  # derived in memory if a cache was emptied
    fact = checked_record(game, spec, before, record)
    state, outcome = game.apply(spec, before, fact)
    return _Planned(number, fact.to_json(), outcome.to_json(), state.to_json(), replaces)


def _insert(table: Table, planned: _Planned, client_id: Any, author: str) -> Deal:
    if planned.replaces is None:  # the usual case: the deal's row and its first revision's, two INSERTs
        deal = Deal(table=table, number=planned.number, record=planned.record, client_id=client_id,
                    outcome=planned.outcome, state_after=planned.state_after)
        batch = rows.Batch()
        deal_row, revision_row = rows.Insert(deal, batch), rows.Insert(DealRevision(
            deal=deal, revision=deal.revision, action=DealRevision.Action.RECORD, record=deal.record,
            withdrawn=False, author=author, client_id=client_id), batch)
        deal_row.run()
        revision_row.set("deal", deal)
        revision_row.run()
        return deal
    deal = planned.replaces
    # the undone deal's row, its earlier revisions kept: a new record, as its next revision
    deal.table = table
    deal.record, deal.withdrawn, deal.client_id = planned.record, False, client_id
    deal.outcome, deal.state_after, deal.revision = planned.outcome, planned.state_after, deal.revision + 1
    deal.created = timezone.now()
    deal.save(update_fields=["record", "withdrawn", "client_id", "outcome", "state_after", "revision",
                             "created", "updated"])
    _revise(deal, DealRevision.Action.RECORD, author)
    return deal


def recompute_from(table: Table, number: int) -> None:
    """Re-derive the cached outcome and state of every deal from ``number`` on (inside a write).

    Raises :class:`ChangeRefused` naming the first later deal the change would make impossible.
    """
    _write_caches(_derive(table, number))


@dataclass
class Caches:
    """Derived caches ready to store: the first row's (the changed deal's), and every row's as the database
    takes them, so that the lock is held for the writes alone."""

    first: tuple[dict[str, Any] | None, dict[str, Any] | None]
    rows: list[tuple[Any, Any, int]]


def _derive(table: Table, number: int, changed: Deal | None = None, *, only_changed: bool = False) -> Caches:
    """The cached outcome and state of every deal from ``number`` on, replayed with ``changed`` (a deal about
    to be saved) in place of its stored row; ``only_changed``: the rows of the deals whose stored caches differ
    alone. Reads only: a change to deal 1 of a long night replays it all here, before any lock is taken (see
    :func:`_change`). :class:`ChangeRefused` as :func:`replay_one`."""
    game = get_game(table.game)
    spec = table_spec(table)
    state = state_before(table, number, game, spec)
    outcome_field, state_field = Deal._meta.get_field("outcome"), Deal._meta.get_field("state_after")
    first: tuple[dict[str, Any] | None, dict[str, Any] | None] = (None, None)
    rows = []
    read = ("table_id", "number", "record", "withdrawn", *(("outcome", "state_after") if only_changed else ()))
    deals = table.deals.filter(number__gte=number).order_by("number").only(*read)
    for index, deal in enumerate(deals.iterator(chunk_size=2000)):
        if changed is not None and deal.pk == changed.pk:
            deal = changed
        cached: tuple[dict[str, Any] | None, dict[str, Any] | None] = (None, None)
        if not deal.withdrawn:
            state, outcome = replay_one(game, spec, state, deal)
            cached = (outcome.to_json(), state.to_json())
        if index == 0:
            first = cached
        if only_changed and [deal.outcome, deal.state_after] == _as_stored(cached):
            continue
        rows.append((outcome_field.get_db_prep_save(cached[0], connection),
                     state_field.get_db_prep_save(cached[1], connection), deal.pk))
    return Caches(first, rows)


def _as_stored(value: Any) -> Any:
    """A value as the database gives it back: its JSON read again (a tuple as a list, a decimal as text)."""
    return json.loads(json.dumps(value, cls=DjangoJSONEncoder))


def rederive(table: Table) -> int:
    """Derive every deal's cached outcome and state again from its stored record, by its game's rules as they are
    now: after an upgrade changed what a game says of a deal (its breakdown's wording) or works out from it, the
    deals stored before it say what the rules now say. Only the deals whose caches differ are written, with the
    table's version moved (every page and phone then reads them afresh); a table nothing changed in is left
    alone. The number of deals written.

    Worked out before the lock, as a correction is (:func:`_change`): a long night's replay never holds the
    write lock, which is taken only if nobody wrote meanwhile (else it is worked out again, then, as a last
    resort, under the lock). :class:`ChangeRefused` naming the first deal its rules no longer take (nothing is
    written: its table keeps the caches it had)."""
    for _attempt in range(2):
        version = Table.objects.values_list("version", flat=True).get(pk=table.pk)
        if version != table.version:
            _reread(table)
        caches = _derive(table, 1, only_changed=True)
        if not caches.rows:
            return 0
        with transaction.atomic():
            if _bump(table, version):
                table.version = version + 1
                _write_caches(caches)
                return len(caches.rows)
    with transaction.atomic():
        locked = _reread(_lock(table))
        caches = _derive(locked, 1, only_changed=True)
        _write_caches(caches)
        return len(caches.rows)


def _write_caches(caches: Caches) -> None:
    """Store derived caches with one statement run for every row (``executemany``): for a long night this is
    what the write lock is held for, and Django's ``bulk_update`` (a CASE per row) is several times slower."""
    if not caches.rows:
        return
    quote = connection.ops.quote_name
    outcome, state_after = Deal._meta.get_field("outcome"), Deal._meta.get_field("state_after")
    sql = (f"UPDATE {quote(Deal._meta.db_table)} SET {quote(outcome.column)} = %s, "
           f"{quote(state_after.column)} = %s WHERE {quote(Deal._meta.pk.column)} = %s")  # type: ignore[union-attr]
    with connection.cursor() as cursor:
        cursor.executemany(sql, caches.rows)


def _change(table: Table, find: Callable[[Table], Deal], prepare: Callable[[Table, Deal], list[str]],
            action: str, author: str) -> Deal:
    """Change one deal (``prepare`` changes the fresh copy ``find`` returns and names the fields it changed;
    it may refuse) and re-derive every deal after it.

    The replay after an early deal of a long night is the slow part, so it runs before the lock: on the table
    as read at its version. The lock is then taken only if the table is still at that version, and held just
    for the writes, so a correction to deal 1 of 20,000 never holds SQLite's only write lock for seconds. If
    another phone wrote in between, the change is derived again from what it left (once), then, as a last
    resort, under the lock (correct, if slower for a long night)."""
    for _attempt in range(2):
        version = Table.objects.values_list("version", flat=True).get(pk=table.pk)
        if version != table.version:  # another phone wrote since the request read it: its players may differ
            _reread(table)
        fresh = find(table)
        fields = prepare(table, fresh)
        caches = _derive(table, fresh.number, fresh)
        with transaction.atomic():
            if _bump(table, version):
                table.version = version + 1
                _store(fresh, fields, caches, action, author)
                return fresh
    with transaction.atomic():
        locked = _reread(_lock(table))
        fresh = find(locked)
        fields = prepare(locked, fresh)
        _store(fresh, fields, _derive(locked, fresh.number, fresh), action, author)
        return fresh


def _store(fresh: Deal, fields: list[str], caches: Caches, action: str, author: str) -> None:
    fresh.revision += 1
    fresh.save(update_fields=[*fields, "revision", "updated"])
    _write_caches(caches)
    fresh.outcome, fresh.state_after = caches.first
    _revise(fresh, action, author)


def _by_pk(deal: Deal) -> Callable[[Table], Deal]:
    def find(table: Table) -> Deal:
        fresh = Deal.objects.get(pk=deal.pk)
        fresh.table = table
        return fresh
    return find


def check_later_deals(table: Table, deal: Deal, fact: Any) -> None:
    """What saving ``fact`` (a checked record) as ``deal`` would refuse: :class:`ChangeRefused` naming the first
    later deal it makes impossible, as :func:`edit_deal` says it. Reads only (the record form's live preview)."""
    changed = Deal(pk=deal.pk, table=table, number=deal.number, record=fact.to_json(), withdrawn=deal.withdrawn)
    _derive(table, deal.number, changed)


def edit_deal(deal: Deal, record: Mapping[str, Any] | Any, *, author: str = "",
              action: str = DealRevision.Action.EDIT, expected_revision: int | None = None,
              drop_cards: bool = False) -> Deal:
    """Store a new revision of ``deal`` with ``record``; standings recompute from it on.

    ``expected_revision`` is the revision the person edited: if another phone changed the deal since,
    :class:`DealChanged`, and nothing is stored (the other phone's change is not silently replaced).

    A record sent without the cards of a deal entered card by card keeps them when they make it
    (:mod:`scoring.kept_cards`); when they say otherwise, :class:`~scoring.kept_cards.CardsSayOtherwise` and nothing
    is stored, unless ``drop_cards``: the record is then stored as sent, and ``deal.cards_dropped`` holds what
    the cards said. A record that leaves the deal as it is stores nothing (``deal.unchanged``): a revision is a
    change."""
    dropped: list[CardsSayOtherwise] = []

    def prepare(table: Table, fresh: Deal) -> list[str]:
        game, spec = get_game(table.game), table_spec(table)
        before = state_before(table, fresh.number, game, spec)
        fact = checked_record(game, spec, before, record)  # field errors first
        game.apply(spec, before, fact)  # then the rules, against the state before this deal
        dropped.clear()
        try:
            kept = with_kept_cards(game, spec, fresh.record, record,
                                   lambda given: checked_record(game, spec, before, given).to_json())
            if kept is not record:  # the cards put back: the rules judge the record with them too
                fact = checked_record(game, spec, before, kept)
                game.apply(spec, before, fact)
        except InvalidRecord as exc:
            dropped.append(CardsSayOtherwise(why=exc.errors))
        except CardsSayOtherwise as exc:
            dropped.append(exc)
        stored = fact.to_json()
        if expected_revision is not None and fresh.revision != expected_revision:
            if stored == fresh.record:  # this very edit, sent twice (a double tap, a retry)
                raise _AlreadyEdited
            raise DealChanged(fresh.number, fresh.revision)
        if dropped and not drop_cards:
            raise dropped[0]
        if stored == fresh.record:
            raise _Unchanged
        fresh.record = stored
        return ["record"]

    try:
        _copy(_change(deal.table, _by_pk(deal), prepare, action, author), deal)
    except (_AlreadyEdited, _Unchanged) as exc:
        _copy(Deal.objects.get(pk=deal.pk), deal)
        deal.unchanged = isinstance(exc, _Unchanged)  # type: ignore[attr-defined]
        return deal
    deal.cards_dropped = dropped[0] if dropped else None  # type: ignore[attr-defined]
    return deal


class _Unchanged(Exception):
    """An edit that leaves the deal's record as it is: nothing to store."""


class _AlreadyEdited(Exception):
    """An edit whose record the deal already holds: nothing to store."""


def _withdraw(withdrawn: bool) -> Callable[[Table, Deal], list[str]]:
    def prepare(table: Table, fresh: Deal) -> list[str]:
        if fresh.withdrawn == withdrawn:
            raise DealUndone(fresh.number) if withdrawn else DealRestored(fresh.number)
        fresh.withdrawn = withdrawn
        return ["withdrawn"]
    return prepare


def set_withdrawn(deal: Deal, withdrawn: bool, *, author: str = "") -> Deal:
    """Undo (withdraw) or restore a deal. :class:`Conflict` when another phone just did the same."""
    action = DealRevision.Action.UNDO if withdrawn else DealRevision.Action.RESTORE
    _copy(_change(deal.table, _by_pk(deal), _withdraw(withdrawn), action, author), deal)
    return deal


def undo_last(table: Table, *, author: str = "", number: int | None = None) -> Deal | None:
    """Withdraw the latest active deal (it stays in the history and can be restored).

    ``number`` is the deal the person saw as the last: if another phone undid it first, that is said
    (:class:`DealUndone`) rather than undoing the deal before it too."""
    def last(table: Table) -> Deal:
        found = active_deals(table).order_by("-number").first()
        if number is not None and (found is None or found.number != number):
            seen = table.deals.filter(number=number).only("withdrawn").first()
            if seen is None:
                raise NoSuchDeal(number)
            if not seen.withdrawn and found is not None:
                raise DealNotLast(number, found.number)
            raise DealUndone(number)
        if found is None:
            raise _NothingToUndo
        return found

    try:
        return _change(table, last, _withdraw(True), DealRevision.Action.UNDO, author)
    except _NothingToUndo:
        return None


class _NothingToUndo(Exception):
    pass


def revert_to(revision: DealRevision, *, author: str = "", expected_revision: int | None = None) -> Deal:
    """Bring a deal back to what it was at ``revision`` (itself a new revision).

    ``expected_revision`` is the deal's revision the person saw when asking: if another phone changed the deal
    since, :class:`RevertStale`, and nothing is stored (a revert sent twice finds the deal already back)."""
    def prepare(table: Table, fresh: Deal) -> list[str]:
        if expected_revision is not None and fresh.revision != expected_revision:
            if (fresh.record, fresh.withdrawn) == (revision.record, revision.withdrawn):
                raise _AlreadyEdited
            raise RevertStale(fresh.number, revision.revision)
        fresh.record = revision.record
        fresh.withdrawn = revision.withdrawn
        return ["record", "withdrawn"]

    try:
        _copy(_change(revision.deal.table, _by_pk(revision.deal), prepare, DealRevision.Action.REVERT, author),
              revision.deal)
    except _AlreadyEdited:
        _copy(Deal.objects.get(pk=revision.deal.pk), revision.deal)
    return revision.deal


class RevertStale(Conflict):
    def __init__(self, number: int, revision: int):
        super().__init__(_("Deal %(n)s was just changed on another phone: nothing was reverted. Its history below "
                           "shows it as it is now; revert to revision %(r)s again if you still want it.")
                         % {"n": number, "r": revision})


def saved_settle_choices(table: Table, game: Game[Any, Any, Any] | None = None) -> dict[str, Any]:
    """The settle-up choices saved with the table's stake (:func:`set_stake`), by keyword of its game's
    ``balances``; none saved, or not a mapping: none. With its ``game``, only each one the game still offers
    and of the kind its default is (another value, from a file say, is not read)."""
    saved = dict(table.settle_choices) if isinstance(table.settle_choices, Mapping) else {}
    if game is None:
        return saved
    return {option.key: saved[option.key] for option in game.settle_options
            if option.key in saved and type(saved[option.key]) is type(option.default)}


def set_stake(table: Table, stake_minor: int, currency: str, choices: Mapping[str, Any] | None = None) -> None:
    """The table's stake and currency, and its settle-up ``choices`` if given (over the ones saved before, which
    it keeps: a choice not given stays as saved), for settling up: a write like any other, under the table's
    lock, the saved choices read again inside it. Two phones saving at once are served one after the other: the
    later keeps what the earlier saved of choices it does not give, and replaces those it gives."""
    with transaction.atomic():
        _lock(table)
        fields: dict[str, Any] = {"stake_minor": stake_minor, "currency": currency, "updated": timezone.now()}
        if choices is not None:
            stored = Table.objects.filter(pk=table.pk).values_list("settle_choices", flat=True).get()
            fields["settle_choices"] = {**(stored if isinstance(stored, Mapping) else {}), **choices}
        Table.objects.filter(pk=table.pk).update(**fields)
    table.stake_minor, table.currency = stake_minor, currency
    if "settle_choices" in fields:
        table.settle_choices = fields["settle_choices"]


def _copy(fresh: Deal, deal: Deal) -> None:
    """The caller's copy of a deal brought up to date."""
    for name in ("record", "withdrawn", "revision", "outcome", "state_after"):
        setattr(deal, name, getattr(fresh, name))


# -- text -----------------------------------------------------------------------------------------------------

def translate(text: Text | str | list[Any]) -> str:
    """Translate a referee :class:`Text` (or its stored ``[template, params]`` form) into the active language."""
    if isinstance(text, Rule):
        text = text.title
    if isinstance(text, Text):
        template, params = text.template, text.params
    elif isinstance(text, list | tuple) and len(text) == 2:
        template, params = text[0], text[1]
    else:
        return _(text) if isinstance(text, str) and text else str(text)
    try:
        return filled(gettext_of(template, params), params, translate)
    except (KeyError, TypeError, ValueError):
        return str(Text(template, params))


def filled(translated: str, params: Any, say: Callable[[Any], str]) -> str:
    """``translated`` (a template in the reader's language) filled with ``params``, each text among them said by
    ``say``, as a sentence writes them (:func:`referee.text.fill`: a capital on a game's word opening it, no
    second stop after a name ending with one), French elisions made (:func:`elided`). Raises what ``%`` raises
    on a template and values that do not match."""
    if not params:
        return translated
    words: frozenset[str] = frozenset()
    if isinstance(params, dict) and any(is_text(v) for v in params.values()):  # a card's name inside a ruling...
        words = words_of(params)
        params = {k: say(v) if is_text(v) else v for k, v in params.items()}
    return fill(elided(translated, params), params, words)


# French elides "de" and "que" before a vowel, and a name or word put in a sentence must follow suit.
_BEFORE_A_VALUE = re.compile(r"\b([Dd]e|[Qq]ue) %\((\w+)\)s")
_VOWELS = frozenset("AEIOUÀÂÄÉÈÊËÎÏÔÖÛÙÜŒÆaeiouàâäéèêëîïôöûùüœæ")  # not Y (Yann) nor H (Hugo, Hélène: either)


def elided(template: str, params: Mapping[str, Any]) -> str:
    """A translated ``template`` as French writes it with these ``params`` in: "les cartes d’%(name)s" when the
    name is Ana, "de %(name)s" for Bea (in another language, as it is). Only the template's own "de" and "que"
    elide: a name's own words ("Maria de Oliveira") are left as the player wrote them."""
    if "%(" not in template or not (get_language() or "").startswith("fr"):
        return template

    def one(match: re.Match[str]) -> str:
        value = str(params.get(match.group(2), ""))
        return f"{match.group(1)[:-1]}’%({match.group(2)})s" if value[:1] in _VOWELS else match.group(0)

    return _BEFORE_A_VALUE.sub(one, template)


def gettext_of(template: str, params: Any = None) -> str:
    """gettext for a referee template, its context (:func:`referee.text.pgettext`) included: a template
    without a translation is said as it is, without its context. A plural template (:func:`referee.text.ngettext`)
    takes the form its ``n`` among ``params`` picks in the reader's language."""
    forms = plural_forms(template)
    if forms is not None:
        return ngettext(forms[0], forms[1], plural_count(params if isinstance(params, Mapping) else {}))
    translated = _(template)
    return without_context(translated) if CONTEXT in translated else translated


def field_errors(exc: InvalidRecord) -> dict[str, str]:
    return {name: translate(message) for name, message in exc.errors.items()}
