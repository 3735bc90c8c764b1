"""The night: the games one group played in one evening, settled up at once at its end.

People settle money (or rounds of beer) once, when they get up from the table, whatever was played. A night's
games are linked three ways, and the night of a game is every game reached through them:

- a change of players closes the game so far (:mod:`scoring.seating`: its "earlier" and "later" links);
- a rematch starts a new table with the same players (:func:`scoring.services.rematch`: the finished game's
  ``rematch`` change names it, and the rematch links back to it by :attr:`Table.rematch_of`, an indexed key);
- a person settling up adds another game played that night by (some of) the same players
  (:func:`add_to_night`, kept as :attr:`Table.night_with` on both tables and logged in both histories as a
  ``night`` change; :func:`take_out_of_night` undoes it the same way). Only a game this phone started or holds
  the edit link of, active in the last :data:`RECENT_HOURS` hours, sharing a player's name, is offered
  (:func:`games_to_add`).

A game the night went on from (closed when the players changed, or followed by its rematch) is settled on its
own page and sends to the later game's page for the whole night (:func:`went_on`): every other game's page shows
the same night, the same games in the same order, numbered as they were played (:func:`night_games`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import suppress
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Count, Exists, Max, OuterRef, Q
from django.utils import timezone

from referee.game import Game, get_game
from referee.text import Text
from scoring import services
from scoring.access import TOKEN_SHAPE
from scoring.models import Table, TableChange

MOST = 50  # games walked in one night (a file imported may link anything: the walk ends)
RECENT_HOURS = 12  # "tonight": a game active this long ago may still be added
LINKS = (TableChange.Kind.SEATS, TableChange.Kind.REMATCH)


def _token(details: Any, key: str) -> str | None:
    """The token ``details`` links under ``key``, if it has the shape links make (a file may say anything)."""
    value = details.get(key) if isinstance(details, dict) else None
    return value if isinstance(value, str) and TOKEN_SHAPE.fullmatch(value) else None


def _links(table: Table) -> tuple[set[str], set[int], datetime]:
    """The view tokens and pks of the games ``table`` is linked to, and when its game began: a game that began
    when the players changed began then (the table keeps its first ``created``); any other, when it was made."""
    tokens: set[str] = set()
    began, earlier_seen, later_seen = table.created, False, False
    for kind, details, created in table.changes.filter(kind__in=LINKS).order_by("-pk").values_list(
            "kind", "details", "created"):
        if kind == TableChange.Kind.REMATCH:
            tokens.update(t for t in (_token(details, "later"),) if t)
            continue
        if not earlier_seen and (earlier := _token(details, "earlier")):  # the latest change that began it
            tokens.add(earlier)
            began, earlier_seen = created, True
        if not later_seen and (later := _token(details, "later")):
            tokens.add(later)
            later_seen = True
    if (origin := table.rematch_of) is not None:  # the game this one is the rematch of (read with it: night_games)
        tokens.add(origin.view_token)
    pks = set(table.night_with.values_list("pk", flat=True))
    return tokens, pks, began


def _known(table: Table) -> bool:
    try:
        get_game(table.game)
    except KeyError:
        return False
    return True


def full_title(table: Table) -> str:
    """The game as the night's lists name it, as the home page lists tables, in the reader's language: its name
    and the game it is ("Friday at Ana's · <the game's name>"), the game alone for a table without a name, and
    what tells the game's tables apart where it has kinds of them (its ``variant_name``)."""
    try:
        game = get_game(table.game)
    except KeyError:
        return table.title
    return _titled(table.name, game, game.variant_name(services.table_spec(table)))


def _titled(name: str, game: Game[Any, Any, Any], variant: Text | None = None) -> str:
    """"Friday at Ana's · <the game> · <its variant>" in the reader's language, the name left out if blank."""
    said = [services.translate(game.name), *([services.translate(variant)] if variant else [])]
    return " · ".join([name, *said] if name else said)


def night_games(table: Table, most: int = MOST) -> list[Table]:
    """Every game of ``table``'s night, ``table`` among them, in the order they began, each with its ``number``
    in the night (the first game is 1), ``deals_played``, ``player_names``, ``full_title`` (:func:`full_title`),
    ``began``, ``added`` (how many games it was added to by hand) and ``chain`` (the view tokens of the games a
    rematch or a change of players links it to: :func:`played_on`). A game of a kind this app no longer knows is
    left out."""
    found: dict[int, Table] = {}
    frontier = [table]
    while frontier and len(found) < most:
        tokens: set[str] = set()
        pks: set[int] = set()
        for game in frontier:
            found[game.pk] = game
            linked, added, game.began = _links(game)  # type: ignore[attr-defined]
            game.chain = linked  # type: ignore[attr-defined]  # the games a rematch or a change of players links it to
            tokens |= linked
            pks |= added
        reached = Table.objects.filter(Q(view_token__in=tokens) | Q(pk__in=pks)).exclude(pk__in=list(found))
        frontier = [game for game in reached.select_related("rematch_of") if _known(game)][:max(0, most - len(found))]
    counts = dict(Table.objects.filter(pk__in=list(found)).annotate(
        played=Count("deals", filter=Q(deals__withdrawn=False), distinct=True)).values_list("pk", "played"))
    added = dict(Table.objects.filter(pk__in=list(found)).annotate(n=Count("night_with")).values_list("pk", "n"))
    games = sorted(found.values(), key=lambda game: (game.began, game.pk))  # type: ignore[attr-defined]
    for number, game in enumerate(games, start=1):
        game.number = number  # type: ignore[attr-defined]
        game.deals_played = counts.get(game.pk, 0)  # type: ignore[attr-defined]
        game.added = added.get(game.pk, 0)  # type: ignore[attr-defined]
        game.player_names = services.table_spec(game).players  # type: ignore[attr-defined]
        game.full_title = full_title(game)  # type: ignore[attr-defined]
    return games


def went_on(table: Table) -> Table | None:
    """The game the night went on in after this one: the table a closed game's players went on at, or the
    rematch started from it; None for a game nothing followed (its page adds up the whole night)."""
    for kind, details in table.changes.filter(kind__in=LINKS).order_by("-pk").values_list("kind", "details"):
        later = _token(details, "later") if kind == TableChange.Kind.REMATCH or (
            isinstance(details, dict) and details.get("ends")) else None
        if later and (game := Table.objects.filter(view_token=later).exclude(pk=table.pk).first()):
            return game
    return None


def names_of(games: Iterable[Table]) -> set[str]:
    """Every player's name in ``games`` (:func:`night_games` gives them), as names are compared: case aside."""
    return {name.casefold() for game in games for name in game.player_names}  # type: ignore[attr-defined]


def games_to_add(night: Sequence[Table], *, device: str, user: Any, tokens: Sequence[str]) -> list[Table]:
    """The games this phone may add to ``night`` (:func:`night_games`): those it started (its ``device``, its
    account) or holds the edit link of (``tokens``, the links it opened), active in the last
    :data:`RECENT_HOURS` hours, not in the night already, nothing having followed them (the night it went on
    in is the one offered), and sharing at least one player's name with the night (case aside). The latest
    first, each with ``player_names``, ``deals_played`` and ``full_title``."""
    mine = Q(edit_token__in=list(tokens)) if tokens else Q(pk__in=[])
    if device:
        mine |= Q(owner_device=device)
    if getattr(user, "is_authenticated", False):
        mine |= Q(owner=user)
    since = timezone.now() - timedelta(hours=RECENT_HOURS)
    rematched = TableChange.objects.filter(table=OuterRef("pk"), kind=TableChange.Kind.REMATCH)
    candidates = (Table.objects.filter(mine, closed=False).exclude(pk__in=[game.pk for game in night])
                  .annotate(last_deal=Max("deals__updated"), rematched=Exists(rematched))
                  .filter(Q(updated__gte=since) | Q(last_deal__gte=since), rematched=False)
                  .annotate(played=Count("deals", filter=Q(deals__withdrawn=False), distinct=True))
                  .order_by("-updated", "-pk")[:MOST])
    names, found = names_of(night), []
    for game in candidates:
        if not _known(game):
            continue
        game.player_names = services.table_spec(game).players  # type: ignore[attr-defined]
        game.deals_played = game.played  # type: ignore[attr-defined]
        game.full_title = full_title(game)  # type: ignore[attr-defined]
        if names & {name.casefold() for name in game.player_names}:  # type: ignore[attr-defined]
            found.append(game)
    return found


def _log(table: Table, other: Table, added: bool, author: str) -> None:
    TableChange.objects.create(table=table, kind=TableChange.Kind.NIGHT, author=author,
                               after_deals=services.active_deals(table).count(),
                               details={"added": added, "game": other.title, "table": other.view_token,
                                        "name": other.name, "kind": other.game,  # said in the reader's words
                                        "players": list(services.table_spec(other).players)})


def logged_title(details: Any) -> str:
    """The game a night's history line names, as :func:`full_title` says it in the reader's language (its name
    and its game), from the name and the kind of game the line kept; the title it was logged with for a line
    that kept neither (logged before, or read from a file, which may say anything)."""
    name, kind = (details.get("name"), details.get("kind")) if isinstance(details, dict) else (None, None)
    if isinstance(name, str) and isinstance(kind, str):
        with suppress(KeyError):
            return _titled(name, get_game(kind))
    logged = details.get("game") if isinstance(details, dict) else None
    return logged if isinstance(logged, str) else ""


def add_to_night(table: Table, other: Table, *, author: str = "") -> bool:
    """``other`` joins ``table``'s night (both tables' rows locked, in the order of their keys, so that two
    phones adding at once are served one after the other); logged in both histories. False if it was in the
    night already (another phone added it meanwhile, the same tap sent twice): nothing changes."""
    with transaction.atomic():
        for game in sorted((table, other), key=lambda game: game.pk):
            services._lock(game)
        if other.pk == table.pk or any(game.pk == other.pk for game in night_games(table)):
            return False
        table.night_with.add(other)
        _log(table, other, True, author)
        _log(other, table, True, author)
    return True


def played_on(games: Sequence[Table]) -> dict[int, list[Table]]:
    """Each game of a night (:func:`night_games`) with the games played on from it or before it, itself
    included: those a rematch or a change of players links, which no tap takes out of the night; by pk."""
    by_token = {game.view_token: game for game in games}
    group: dict[int, list[Table]] = {}
    for game in games:
        if game.pk in group:
            continue
        found, frontier = {game.pk: game}, [game]
        while frontier:
            frontier = [by_token[token] for one in frontier for token in getattr(one, "chain", ())
                        if token in by_token and by_token[token].pk not in found]
            found.update((one.pk, one) for one in frontier)
        for one in found.values():
            group[one.pk] = list(found.values())
    return group


def take_out_of_night(tables: Sequence[Table], *, author: str = "") -> bool:
    """``tables`` (a game and those played on from it or before it: :func:`played_on`) leave the night they were
    added to by hand: every by-hand link between them and another game goes (each row locked, in the order of
    their keys), logged in both histories; False if there was none (taken out meanwhile)."""
    inside = {table.pk for table in tables}
    with transaction.atomic():
        links = [(table, other) for table in tables for other in table.night_with.exclude(pk__in=inside)]
        for game in sorted({game.pk: game for pair in links for game in pair}.values(), key=lambda game: game.pk):
            services._lock(game)
        # as they are now that no other phone may change them
        links = [(table, other) for table in tables for other in table.night_with.exclude(pk__in=inside)]
        if not links:
            return False
        for table, other in links:
            table.night_with.remove(other)
            _log(table, other, False, author)
            _log(other, table, False, author)
    return True
