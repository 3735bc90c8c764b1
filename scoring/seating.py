"""Someone joins the table, or leaves it, between deals.

The rule texts say nothing of a player joining or leaving a game under way, and a game's scoring often
depends on how many play (a game may score differently at four and at five players; a pot holds what its
players put in). Tapete takes the reading of a real table (house reading "a change of players starts a new
game", named in README.md): **the game so far ends as it stands** — its deals, its scores and its settle-up are
kept, read-only, under a link of their own in the table's history — and **the table goes on with the new
players from the start of a game**, the same options and stake, the deal passing on to whoever would have dealt
next (or the next player still seated). The table keeps its links, so every phone watching it goes on watching.

Where the game does not allow it there is nothing to offer: a count of players the game is not played by (it is
refused as it is for a new table), or a game of fixed teams (its teams are chosen at a new table).
A name corrected, or someone else taking a seat with its score, is :func:`scoring.services.change_players`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from referee.game import Game, InvalidRecord, TableSpec, get_game
from scoring import services
from scoring.access import TOKEN_SHAPE
from scoring.models import Deal, Seat, Table, TableChange
from scoring.night import night_games

STALE = gettext_lazy("The players changed meanwhile (on another phone, or this change was sent twice): check them "
                     "and try again.")


class PlayersChanged(InvalidRecord):
    """The players are no longer the ones the page showed (another phone changed them, or the same tap was sent
    twice): the change is refused, to be made again on the players as they are now."""

    def __init__(self) -> None:
        super().__init__({"players": str(STALE)})


class TableMoved(services.Conflict):
    """The table is no longer at the version the change was worked out at (a deal recorded or corrected on another
    phone meanwhile): nothing changed; the change is to be said again as it is now, as the game it closes may
    differ. The table has been read again."""

    def __init__(self) -> None:
        super().__init__(_("A deal was recorded or corrected on another phone meanwhile: nothing was changed yet."))


def same_players(names: Sequence[str], others: Sequence[str]) -> bool:
    """Whether ``names`` are the players ``others`` are, seat by seat (a name's case aside).

    >>> same_players(["Ana", "bea"], ["ana", "Bea"]), same_players(["Ana", "Bea"], ["Bea", "Ana"])
    (True, False)
    """
    return [n.casefold() for n in names] == [n.casefold() for n in others]


def may_change_seats(game: Game[Any, Any, Any], spec: TableSpec[Any]) -> dict[str, bool]:
    """What the game allows at this table: ``join`` (one more player) and ``leave`` (one fewer)."""
    if spec.teams:
        return {"join": False, "leave": False}
    return {"join": spec.size + 1 in game.player_counts, "leave": spec.size - 1 in game.player_counts}


def joined(players: Sequence[str], name: str, after: int) -> list[str]:
    """The order of play with ``name`` seated after seat ``after`` (-1: first).

    >>> joined(["Ana", "Bea", "Luis"], "Eva", 0)
    ['Ana', 'Eva', 'Bea', 'Luis']
    """
    names = list(players)
    names.insert(after + 1, name.strip())
    return names


def left(players: Sequence[str], seat: int) -> list[str]:
    """The order of play without seat ``seat``.

    >>> left(["Ana", "Bea", "Luis"], 1)
    ['Ana', 'Luis']
    """
    return [name for index, name in enumerate(players) if index != seat]


def next_dealer_among(before: Sequence[str], dealer: int, after: Sequence[str]) -> int:
    """Who deals first in the new order: the player who would have dealt next, or, if he left, the first player
    still seated after him in the old order.

    >>> next_dealer_among(["Ana", "Bea", "Luis"], 1, ["Ana", "Luis", "Eva"])
    1
    >>> next_dealer_among(["Ana", "Bea", "Luis"], 1, ["Ana", "Luis"])
    1
    >>> next_dealer_among(["Ana", "Bea", "Luis"], 2, ["Ana", "Bea"])
    0
    """
    seats = {name.casefold(): index for index, name in enumerate(after)}
    for step in range(len(before)):
        found = seats.get(before[(dealer + step) % len(before)].casefold())
        if found is not None:
            return found
    return 0


@dataclass(frozen=True)
class SeatChange:
    """What a change of players does, said before it is made (the players page asks to confirm a change that
    closes the game): the order of play before and after, who joins and who leaves, who deals first in the new
    game, and whether the game so far closes (something was played or carried over) after how many deals, with
    the ``standings`` it closes on; worked out on the table at ``version``, which :func:`change_seats` is given
    back so as to refuse the change if the table moved since."""

    before: tuple[str, ...]
    after: tuple[str, ...]
    joined: tuple[str, ...]
    left: tuple[str, ...]
    dealer: str
    closes: bool
    deals: int
    version: int
    standings: services.Standings = field(compare=False, repr=False)


def _check(game: Game[Any, Any, Any], spec: TableSpec[Any], names: Sequence[str], seen: Sequence[str] | None) -> None:
    """What is refused before anything is read under lock: the same checks as a new table (per field), a change
    on seats that are no longer ``seen``, and anything but one player joining or leaving."""
    if spec.teams:
        raise InvalidRecord({"players": _("The teams are chosen when a table starts: for other players or "
                                          "teams, start a new table.")})
    if seen is not None and not same_players(seen, spec.players):
        raise PlayersChanged
    if len(names) == spec.size:
        raise InvalidRecord({"players": _("Nobody joins or leaves.")})
    if abs(len(names) - spec.size) != 1:
        raise InvalidRecord({"players": _("One player joins or leaves at a time.")})
    game.table(names, spec.options)  # the count, the names: refused as for a new table


def _what_changes(table: Table, game: Game[Any, Any, Any], st: services.Standings,
                  names: Sequence[str]) -> tuple[TableSpec[Any], SeatChange]:
    """The new table (the deal passing on) and the change as it would be made now (``table.version`` read before
    the standings ``st``)."""
    before = tuple(st.spec.players)
    after = game.table(names, st.spec.options, (), next_dealer_among(before, game.dealer(st.spec, st.state), names))
    kept, was = {n.casefold() for n in after.players}, {b.casefold() for b in before}
    return after, SeatChange(before=before, after=tuple(after.players),
                             joined=tuple(n for n in after.players if n.casefold() not in was),
                             left=tuple(n for n in before if n.casefold() not in kept),
                             dealer=after.players[after.first_dealer],
                             closes=table.deals.exists() or bool(table.carried),
                             deals=services.active_deals(table).count(), version=table.version, standings=st)


def preview_seats(table: Table, names: Sequence[str], *, seen: Sequence[str] | None = None) -> SeatChange:
    """What :func:`change_seats` would do with ``names``, changing nothing; refused as it would be (the players
    no longer ``seen``: :class:`PlayersChanged`)."""
    game, spec = get_game(table.game), services.table_spec(table)
    _check(game, spec, names, seen)
    return _what_changes(table, game, services.standings(table), names)[1]


def change_seats(table: Table, names: Sequence[str], *, seen: Sequence[str] | None = None,
                 version: int | None = None, device: str = "", user: Any = None, author: str = "") -> Table | None:
    """The table goes on with ``names`` (one joined or one left): the game so far is closed as a table of its
    own, which is returned (``None`` when nothing was played or carried yet: the seats just change). The same
    checks as a new table (:class:`InvalidRecord` per field); refused if the players are no longer ``seen``
    (the ones the page showed: another phone, or the same tap sent twice, changed them meanwhile:
    :class:`PlayersChanged`), or if the table is no longer at ``version``, the one the change was said at
    (:attr:`SeatChange.version`: a deal recorded meanwhile changes what closes, or makes a game close that did
    not: :class:`TableMoved`, the table read again)."""
    game, spec = get_game(table.game), services.table_spec(table)
    _check(game, spec, names, seen)
    with transaction.atomic():
        if version is None:
            services._lock(table)
        elif not services._bump(table, version):  # the table's lock, only if it is still at that version
            services._reread(table)  # as it is now, for the change to be said again
            raise TableMoved
        services._reread(table)
        st = services.standings(table)
        if seen is not None and not same_players(seen, st.spec.players):
            raise PlayersChanged
        after, seats = _what_changes(table, game, st, names)
        played = seats.deals
        number = _number_in_the_night(table) if seats.closes else 0  # the closing game's
        closed = _close_game_so_far(table) if seats.closes else None
        Seat.objects.filter(table=table).delete()
        Seat.objects.bulk_create(Seat(table=table, player=services._player_named(name, device or table.owner_device,
                                                                                  user), position=position)
                                 for position, name in enumerate(after.players))
        Table.objects.filter(pk=table.pk).update(first_dealer=after.first_dealer, carried=None)
        table.first_dealer, table.carried = after.first_dealer, None
        change = {"joined": list(seats.joined), "left": list(seats.left), "before": list(seats.before),
                  "players": list(after.players), "deals": played}
        if closed is not None:  # "ends": this game ends here (a file keeps it; never the links, see transfer)
            # Each game links the other by its view link, and by its edit link for who came with one: an editor
            # going back to the closed game and on again keeps editing (a tester landed on "view only").
            TableChange.objects.create(table=closed, kind=TableChange.Kind.SEATS, after_deals=played,
                                       author=author, details={**change, "ends": True, "later": table.view_token,
                                                               "later_edit": table.edit_token})
        TableChange.objects.create(table=table, kind=TableChange.Kind.SEATS, after_deals=0, author=author,
                                   details={**change, "ends": False, "earlier": closed.view_token if closed else "",
                                            **({"game": number, "earlier_edit": closed.edit_token} if closed else {})})
        services._renew(table)
    return closed


def _number_in_the_night(table: Table) -> int:
    """The game under way at ``table``'s number in its night (:func:`scoring.night.night_games`: a rematch or a
    game added by hand before it counts too), as the settle-up numbers it."""
    return next((game.number for game in night_games(table) if game.pk == table.pk),  # type: ignore[attr-defined]
                len(earlier_games(table)) + 1)


def _close_game_so_far(table: Table) -> Table:
    """The game so far as a table of its own, with new links (the edit link is never shown: it is kept as it
    stands): its deals with their revisions and cached standings, its seats and its earlier changes, and the
    rematch started from it (a game over may still change players)."""
    closed = Table.objects.create(game=table.game, name=table.name, options=table.options,
                                  stake_minor=table.stake_minor, currency=table.currency,
                                  settle_choices=table.settle_choices,
                                  first_dealer=table.first_dealer, owner_device=table.owner_device,
                                  owner=table.owner, carried=table.carried, version=1, closed=True)
    Table.objects.filter(pk=closed.pk).update(created=table.created)
    Deal.objects.filter(table=table).update(table=closed)
    Seat.objects.filter(table=table).update(table=closed)
    TableChange.objects.filter(table=table).update(table=closed)
    Table.objects.filter(rematch_of=table).update(rematch_of=closed)  # it followed the game so far, as its change
    return closed


def earlier_games(table: Table, most: int = 50, *, rematched: bool = False) -> list[Table]:
    """The games played at this table before the players changed (each closed then, kept as it stood with its
    own changes, settled on its own page), the latest first. Their numbers in the night are the night's
    (:func:`scoring.night.night_games`: a rematch or a game added by hand counts too). With ``rematched``, the
    game this one is the rematch of too, and the games before that one, through either link: every game the
    night went on from to reach this one. A file imported may name anything: only tokens of the shape links make
    are looked up, and a loop ends."""
    found: list[Table] = []
    frontier = [table]
    while frontier and len(found) < most:
        for before in _just_before(frontier.pop(0), rematched):
            if before.pk != table.pk and all(game.pk != before.pk for game in found):
                found.append(before)
                frontier.append(before)
    return found[:most]


def _just_before(game: Table, rematched: bool) -> list[Table]:
    """The game closed when ``game`` began (its players changed) and, if ``rematched``, the game it is the
    rematch of."""
    token = _linked(game, "earlier")
    before = [Table.objects.filter(view_token=token).first()] if token else []
    if rematched and game.rematch_of_id is not None:
        before.append(Table.objects.filter(pk=game.rematch_of_id).first())
    return [one for one in before if one is not None]


def table_history(table: Table) -> QuerySet[TableChange]:
    """The changes the table's history lists, the latest first: its own, and the night's lines of the games
    played at it before the players changed and of the game it is the rematch of (a game added to tonight's
    settle-up or taken out of it: each earlier game kept them as they were logged, while the night goes on at
    this table, where the players look)."""
    earlier = [game.pk for game in earlier_games(table, rematched=True)]
    return TableChange.objects.filter(Q(table=table) | Q(table__in=earlier, kind=TableChange.Kind.NIGHT))


@dataclass(frozen=True)
class GameBefore:
    """The game closed when this one began (the players changed): its ``number`` in the night, the ``deals`` it
    was closed after, its view ``token`` and its ``edit_token`` (for who may edit here; "" for a change made
    before it was kept)."""

    number: int
    deals: int
    token: str
    edit_token: str = ""


def game_before(table: Table) -> GameBefore | None:
    """The game this one began from when the players changed, as the change said it (one query: the table page
    says it to every phone, a watcher's too, so that the deals gone from the page are not taken for lost); None
    for a game that began at a new table. A change made before the night's games were numbered is numbered
    by walking back through them."""
    details = _latest_details(table, "earlier")
    if details is None:
        return None
    deals, number = details.get("deals"), details.get("game")
    edit = details.get("earlier_edit")
    return GameBefore(number=number if _whole(number) else len(earlier_games(table)),
                      deals=deals if _whole(deals) else 0, token=details["earlier"],
                      edit_token=edit if isinstance(edit, str) and TOKEN_SHAPE.fullmatch(edit) else "")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def later_game(table: Table, *, editing: bool = False) -> str | None:
    """The view token of the game a closed game's night went on in (the table's, which keeps its links), or
    None for a game still under way; its edit token for who came with the closed game's edit link
    (``editing``), where the change kept it."""
    if not table.closed:
        return None
    return (editing and _linked(table, "later_edit")) or _linked(table, "later")


def _linked(table: Table, key: str) -> str | None:
    """The token its latest change of players links under ``key`` ("earlier", "later"), if it has the shape of
    one."""
    details = _latest_details(table, key)
    return details[key] if details is not None else None


def _latest_details(table: Table, key: str) -> dict[str, Any] | None:
    """The details of its latest change of players that links a token of the shape links make under ``key``."""
    return next((details for details in table.changes.filter(kind=TableChange.Kind.SEATS)
                 .order_by("-pk").values_list("details", flat=True)
                 if isinstance(details, dict) and isinstance(details.get(key), str)
                 and TOKEN_SHAPE.fullmatch(details[key])), None)
