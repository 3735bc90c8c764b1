"""Who may do what: one token per link. The edit token edits; the view token only reads."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import connection
from django.http import Http404
from django.utils.translation import gettext_noop

from scoring import rows
from scoring.models import Table

RECENT_KEY = "recent_tables"
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what ``new_token`` makes (URL-safe base64), at most max_length


@dataclass
class Access:
    table: Table
    token: str
    can_edit: bool


def resolve(token: str) -> Access:
    """The table a link token opens, and whether it may edit. 404 for an unknown token.

    Every page and every write asks this first, so its SELECT is written once (:func:`_by_token`) and only run
    here: the ORM's building of the same query cost ten times reading the row (~0.35 ms against 0.03 ms)."""
    table = None
    if TOKEN_SHAPE.fullmatch(token):  # else not a token, and not for the database (PostgreSQL refuses a NUL)
        table = next(iter(rows.instances(Table, _by_token(), [token, token])), None)
    if table is None:
        raise Http404("No table behind this link.")
    return Access(table, token, token == table.edit_token and not table.closed)  # a closed game is kept as it was


@cache
def _by_token() -> str:
    """The table row behind either token: every column, so the row is a whole :class:`Table` (converted by
    its fields, as the ORM would). No ORDER BY: each token is a unique index, and the database uses both."""
    meta, quote = Table._meta, connection.ops.quote_name
    edit, view = (quote(meta.get_field(name).column) for name in ("edit_token", "view_token"))
    return f"SELECT {rows.columns(Table)} FROM {quote(meta.db_table)} WHERE {edit} = %s OR {view} = %s"


@dataclass(frozen=True)
class Version:
    """What a link token opens, as far as "has it changed?" needs: the table's id and version, its last save
    (a stake), and whether the token is the edit one."""

    table_id: int
    version: int
    updated: str
    can_edit: bool


def version_of(token: str) -> Version | None:
    """The table's version behind a link token, or None. Every phone watching a table asks this every two
    seconds, so it is one indexed SELECT of four columns, written out: the ORM's building of the same query
    costs ten times the query itself (~0.3 ms against 0.03 ms on SQLite)."""
    if not TOKEN_SHAPE.fullmatch(token):
        return None
    with connection.cursor() as cursor:
        cursor.execute(_version_sql(), [token, token])
        row = cursor.fetchone()
    return Version(row[0], row[1], str(row[2]), row[3] == token) if row else None


@cache  # the SQL is built once per process
def _version_sql() -> str:
    meta, quote = Table._meta, connection.ops.quote_name
    columns = ", ".join(quote(meta.get_field(name).column) for name in ("id", "version", "updated", "edit_token"))
    return (f"SELECT {columns} FROM {quote(meta.db_table)} WHERE {quote(meta.get_field('edit_token').column)} = %s"
            f" OR {quote(meta.get_field('view_token').column)} = %s")


CLOSED = gettext_noop("This game ended when the players changed: it is kept as it stood. The table goes on in the "
                      "game after it.")


def resolve_for_edit(token: str) -> Access:
    access = resolve(token)
    if not access.can_edit:
        raise PermissionDenied(CLOSED if access.table.closed else "This is the view link: it cannot change the table.")
    return access


def device_key(request, create: bool = True) -> str:
    """A stable key for this browser: its session, created on first use (``create``: when it writes)."""
    if not request.session.session_key and create:
        request.session.save()
    return request.session.session_key or ""


RECENT_COOKIE = "recent"
RECENT_MAX = 20
RECENT_SECONDS = 60 * 60 * 24 * 365


def recent_tokens(request) -> list[str]:
    """The links this browser opened, most recent first: kept in a signed cookie, so that opening a table
    writes nothing on the server (older browsers kept them in their session)."""
    raw = request.get_signed_cookie(RECENT_COOKIE, default="", salt=RECENT_COOKIE)
    tokens = [t for t in raw.split(",") if TOKEN_SHAPE.fullmatch(t)]
    if not tokens and request.COOKIES.get("sessionid"):
        tokens = [t for t in request.session.get(RECENT_KEY, []) if isinstance(t, str) and TOKEN_SHAPE.fullmatch(t)]
    return tokens[:RECENT_MAX]


def remember_table(request, response, token: str) -> None:
    """Put ``token`` first among this browser's recent tables (a cookie on ``response``)."""
    recent = recent_tokens(request)
    if recent[:1] == [token]:
        return
    tokens = ([token] + [t for t in recent if t != token])[:RECENT_MAX]
    response.set_signed_cookie(RECENT_COOKIE, ",".join(tokens), salt=RECENT_COOKIE, max_age=RECENT_SECONDS,
                               httponly=True, samesite="Lax", secure=request.is_secure())


def author_of(request: Any, create: bool = True) -> str:
    """Who made a change: the account's name, or a short tag of this phone (never its session key). To show
    a reader which changes are theirs (``create=False``), a phone without a session is nobody yet."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return user.get_username()
    key = device_key(request, create=create)
    return "#" + hashlib.sha256(key.encode()).hexdigest()[:6] if key else ""
