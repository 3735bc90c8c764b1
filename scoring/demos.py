"""Demo tables: each game's own (``games/<slug>/demo.py``, ``DEMO_TABLES``), loaded by ``make run``
(``manage.py load_demo``) and recorded like any other table, their deals by :data:`AUTHOR`."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from importlib.util import find_spec
from typing import Any

from django.db.models import Min, QuerySet

from referee.game import Game, all_games
from scoring.models import DealRevision, Table

AUTHOR = "load_demo"  # who recorded a demo table's deals: how the home page knows a demo table


def shipped(game: Game[Any, Any, Any]) -> tuple[Mapping[str, Any], ...]:
    """The demo tables a game ships beside its rules, if any. (A family of games in one folder ships them
    together, each naming its ``game``.)"""
    package = type(game).__module__.rsplit(".", 1)[0]
    name = f"{package}.demo"
    if find_spec(name) is None:
        return ()
    return tuple(demo for demo in import_module(name).DEMO_TABLES if demo.get("game", game.slug) == game.slug)


def named(name: str) -> Table | None:
    """The demo table of that name, once loaded: the first table given the name, the one ``load_demo`` made
    (or found, and left alone). A copy imported from its table file later is someone's own table."""
    return Table.objects.filter(name=name).order_by("pk").first()


def loaded() -> QuerySet[Table]:
    """The demo tables this server holds, still open: on the home page, a new phone on the home
    network can try one without finding its link in a terminal. Each is the first table of a shipped demo's
    name (:func:`named`) whose first deal ``load_demo`` recorded: an imported file keeps its authors, so a copy
    of a demo table (or any file saying ``load_demo``) would otherwise be listed, its edit link with it, on
    every phone."""
    names = [demo["name"] for game in all_games() for demo in shipped(game)]
    first_of_name = Table.objects.filter(name__in=names).order_by().values("name").annotate(
        first=Min("pk")).values("first")
    first_deals = DealRevision.objects.filter(revision=1, author=AUTHOR, deal__number=1).values("deal__table_id")
    return Table.objects.filter(pk__in=first_of_name).filter(pk__in=first_deals, closed=False)
