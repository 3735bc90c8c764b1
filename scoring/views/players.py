"""Players across tables: the players of this device's tables (or the signed-in account's), and each one's
history and statistics. Reading them creates no session: the session is read only if its cookie exists."""

from __future__ import annotations

from django.conf import settings
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scoring import stats
from scoring.access import device_key
from scoring.models import Player, Table


def tables_in_scope(request: HttpRequest) -> QuerySet[Table]:
    """The tables of the signed-in account, else of this device (none for a browser without a session)."""
    has_session = settings.SESSION_COOKIE_NAME in request.COOKIES
    device = device_key(request, create=False) if has_session else ""
    return stats.tables_of(device, getattr(request, "user", None) if has_session else None)


@require_GET
def players(request: HttpRequest) -> HttpResponse:
    return render(request, "scoring/players.html", {"rows": stats.players_of(tables_in_scope(request))})


@require_GET
def player(request: HttpRequest, pk: int) -> HttpResponse:
    """A player's tables and figures; 404 for a player who never sat at a table in scope."""
    tables = tables_in_scope(request)
    found = Player.objects.filter(pk=pk, seats__table__in=tables).first()
    if found is None:
        raise Http404("No such player at this device's tables.")
    return render(request, "scoring/player.html", {"history": stats.history(found, tables)})
