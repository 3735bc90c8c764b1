"""What the views and the API do to tables and deals, in one place.

Every write goes through here so the rules are applied once: the game module validates a record against the
state before it, the deal is stored as a fact with a revision, and the derived cache (``outcome``,
``state_after``) is brought up to date from the first changed deal on. Adding a deal reads one cached state
and applies one record: O(1) however long the night.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, Max
from django.utils.translation import gettext as _

from referee.games import get_game
from referee.games.base import Game, InvalidRecord, TableSpec
from referee.text import Text
from scoring.models import Deal, DealRevision, Player, Seat, Table


class DealConflict(Exception):
    """Another phone recorded this deal number first."""

    def __init__(self, number: int):
        self.number = number
        super().__init__(_("Deal %(n)s was just recorded by another phone. Here it is; nothing was lost.")
                         % {"n": number})


class ChangeRefused(Exception):
    """An edit, undo or restore that would make the table impossible (a later deal no longer valid)."""


# -- the table as the rules see it ----------------------------------------------------------------------------

def seats_of(table: Table) -> list[Seat]:
    cached = getattr(table, "_seats_cache", None)
    if cached is None:
        cached = list(table.seats.select_related("player").order_by("position"))
        table._seats_cache = cached  # type: ignore[attr-defined]
    return cached


def table_spec(table: Table) -> TableSpec:
    seats = seats_of(table)
    players = tuple(s.player.name for s in seats)
    teams: dict[str, list[str]] = {}
    for s in seats:
        if s.team:
            teams.setdefault(s.team, []).append(s.player.name)
    game = get_game(table.game)
    return game.table(players, table.options, tuple(tuple(m) for _k, m in sorted(teams.items())),
                      table.first_dealer)


@transaction.atomic
def create_table(*, game: str, players: Sequence[str], options: Mapping[str, Any] | None = None,
                 teams: Sequence[str] = (), stake_minor: int = 0, currency: str = "EUR", name: str = "",
                 first_dealer: int = 0, device: str = "", user: Any = None) -> Table:
    """Start a table. ``teams`` optionally gives a team letter per seat. Raises :class:`InvalidRecord`."""
    try:
        rules = get_game(game)
    except KeyError:
        raise InvalidRecord({"game": _("Unknown game.")}) from None
    team_members: dict[str, list[str]] = {}
    for seat, team in zip(players, teams, strict=False):
        if team:
            team_members.setdefault(team, []).append(seat.strip())
    spec = rules.table(players, options or {}, tuple(tuple(m) for _k, m in sorted(team_members.items())),
                       first_dealer)
    table = Table.objects.create(game=game, name=name, options=dict(spec.options), stake_minor=stake_minor,
                                 currency=currency, first_dealer=first_dealer, owner_device=device,
                                 owner=user if getattr(user, "is_authenticated", False) else None)
    team_of = {p: letter for letter, members in zip("ABCDEFGH", spec.teams, strict=False) for p in members}
    for position, player_name in enumerate(spec.players):
        player = _player_named(player_name, device, user)
        Seat.objects.create(table=table, player=player, position=position, team=team_of.get(player_name, ""))
    return table


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
    game: Game
    spec: TableSpec
    state: dict[str, Any]
    last_deal: Deal | None
    deal_count: int
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def totals(self) -> dict[str, int]:
        return self.state["totals"]

    @property
    def dealer(self) -> str:
        return self.spec.players[self.state["dealer"]]

    @property
    def leader(self) -> str:
        return self.spec.players[self.spec.after(self.state["dealer"])]

    @property
    def last_outcome(self) -> dict[str, Any] | None:
        return self.last_deal.outcome if self.last_deal else None

    @property
    def game_over(self) -> bool:
        return bool(self.last_outcome and self.last_outcome.get("game_over"))

    @property
    def winners(self) -> list[str]:
        return list(self.last_outcome.get("winners", [])) if self.last_outcome else []

    def ranking(self) -> list[tuple[str, int]]:
        """Sides from best to worst total (ties in seating order)."""
        order = {side: i for i, side in enumerate(self.game.sides(self.spec))}
        return sorted(self.totals.items(), key=lambda kv: (-kv[1], order.get(kv[0], 99)))


def active_deals(table: Table):
    return table.deals.filter(withdrawn=False).order_by("number")


def standings(table: Table) -> Standings:
    """The table now: the last active deal's cached state (two queries, whatever the number of deals)."""
    game = get_game(table.game)
    spec = table_spec(table)
    last = active_deals(table).order_by("-number").first()
    state = last.state_after if last and last.state_after else game.initial_state(spec)
    count = active_deals(table).count() if last else 0
    return Standings(table, game, spec, state, last, count, game.display_state(spec, state))


def scores_in_order(game: Game, spec: TableSpec, outcome: Mapping[str, Any] | None,
                    labels: Mapping[str, str]) -> list[tuple[str, int]]:
    """A deal's scores as (label, score) in the game's order of sides (seating order), not in the order the
    database kept the keys (PostgreSQL's jsonb sorts them)."""
    scores = (outcome or {}).get("scores") or {}
    return [(labels.get(side, side), scores[side]) for side in game.sides(spec) if side in scores]


def state_before(table: Table, number: int, game: Game, spec: TableSpec) -> dict[str, Any]:
    previous = active_deals(table).filter(number__lt=number).order_by("-number").first()
    if previous is None or previous.state_after is None:
        return game.initial_state(spec)
    return previous.state_after


def next_number(table: Table) -> int:
    return (table.deals.aggregate(m=Max("number"))["m"] or 0) + 1


# -- writes ---------------------------------------------------------------------------------------------------

def _bump(table: Table) -> None:
    """Tell live views the table changed. The in-memory copy follows without a re-read (a concurrent bump
    only makes a live view poll once more)."""
    Table.objects.filter(pk=table.pk).update(version=F("version") + 1)
    table.version += 1


def _revise(deal: Deal, action: str, author: str) -> None:
    DealRevision.objects.create(deal=deal, revision=deal.revision, action=action, record=deal.record,
                                withdrawn=deal.withdrawn, author=author)


def record_deal(table: Table, record: Mapping[str, Any], *, expected_number: int | None = None,
                author: str = "") -> Deal:
    """Validate and store a new deal. Raises :class:`InvalidRecord` or :class:`DealConflict`."""
    game = get_game(table.game)
    spec = table_spec(table)
    try:
        with transaction.atomic():
            latest = table.deals.order_by("-number").only("table_id", "number", "withdrawn", "state_after").first()
            number = latest.number + 1 if latest else 1
            if expected_number is not None and expected_number != number:
                raise DealConflict(number - 1)
            if latest is None:
                before = game.initial_state(spec)
            elif not latest.withdrawn and latest.state_after is not None:
                before = latest.state_after  # the usual case: one query finds the number and the state
            else:
                before = state_before(table, number, game, spec)
            state, outcome = game.apply(spec, before, record)
            deal = Deal.objects.create(table=table, number=number, record=game.fact(spec, before, record),
                                       outcome=outcome.to_json(), state_after=state)
            _revise(deal, DealRevision.Action.RECORD, author)
            _bump(table)
    except IntegrityError:
        raise DealConflict(next_number(table) - 1) from None
    return deal


def recompute_from(table: Table, number: int) -> None:
    """Re-derive the cached outcome and state of every active deal from ``number`` on.

    Raises :class:`ChangeRefused` naming the first later deal the change would make impossible.
    """
    game = get_game(table.game)
    spec = table_spec(table)
    state = state_before(table, number, game, spec)
    for deal in active_deals(table).filter(number__gte=number):
        try:
            state, outcome = game.apply(spec, state, deal.record)
        except InvalidRecord as exc:
            first = next(iter(exc.errors.values()))
            raise ChangeRefused(_("This change would make deal %(n)s impossible: %(why)s")
                                % {"n": deal.number, "why": translate(first)}) from exc
        Deal.objects.filter(pk=deal.pk).update(outcome=outcome.to_json(), state_after=state)
    Deal.objects.filter(table=table, withdrawn=True, number__gte=number).update(outcome=None, state_after=None)


@transaction.atomic
def edit_deal(deal: Deal, record: Mapping[str, Any], *, author: str = "",
              action: str = DealRevision.Action.EDIT) -> Deal:
    """Store a new revision of ``deal`` with ``record``; standings recompute from it on."""
    game = get_game(deal.table.game)
    spec = table_spec(deal.table)
    before = state_before(deal.table, deal.number, game, spec)
    game.validate(spec, before, record)  # field errors first
    deal.record = game.fact(spec, before, record)
    deal.revision += 1
    deal.save(update_fields=["record", "revision", "updated"])
    if not deal.withdrawn:
        recompute_from(deal.table, deal.number)
    _revise(deal, action, author)
    _bump(deal.table)
    return deal


@transaction.atomic
def set_withdrawn(deal: Deal, withdrawn: bool, *, author: str = "") -> Deal:
    deal.withdrawn = withdrawn
    deal.revision += 1
    deal.save(update_fields=["withdrawn", "revision", "updated"])
    recompute_from(deal.table, deal.number)
    _revise(deal, DealRevision.Action.UNDO if withdrawn else DealRevision.Action.RESTORE, author)
    _bump(deal.table)
    return deal


def undo_last(table: Table, *, author: str = "") -> Deal | None:
    """Withdraw the latest active deal (it stays in the history and can be restored)."""
    last = active_deals(table).order_by("-number").first()
    if last is None:
        return None
    return set_withdrawn(last, True, author=author)


@transaction.atomic
def revert_to(revision: DealRevision, *, author: str = "") -> Deal:
    """Bring a deal back to what it was at ``revision`` (itself a new revision)."""
    deal = revision.deal
    deal.record = revision.record
    deal.withdrawn = revision.withdrawn
    deal.revision += 1
    deal.save(update_fields=["record", "withdrawn", "revision", "updated"])
    recompute_from(deal.table, deal.number)
    _revise(deal, DealRevision.Action.REVERT, author)
    _bump(deal.table)
    return deal


# -- text -----------------------------------------------------------------------------------------------------

def translate(text: Text | str | list[Any]) -> str:
    """Translate a referee :class:`Text` (or its stored ``[template, params]`` form) into the active language."""
    if isinstance(text, Text):
        template, params = text.template, text.params
    elif isinstance(text, list | tuple) and len(text) == 2:
        template, params = text[0], text[1]
    else:
        return _(text) if isinstance(text, str) and text else str(text)
    if isinstance(params, dict):
        params = {k: translate(v) if _is_text(v) else v for k, v in params.items()}
    translated = _(template)
    try:
        return translated % params if params else translated
    except (KeyError, TypeError, ValueError):
        return template % params if params else template


def _is_text(value: Any) -> bool:
    return isinstance(value, Text) or (
        isinstance(value, list | tuple) and len(value) == 2 and isinstance(value[0], str)
        and isinstance(value[1], dict))


def field_errors(exc: InvalidRecord) -> dict[str, str]:
    return {name: translate(message) for name, message in exc.errors.items()}
