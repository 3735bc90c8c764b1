"""Who may do what: one token per link. The edit token edits; the view token only reads."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404

from scoring.models import Table

RECENT_KEY = "recent_tables"
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,64}")  # what ``new_token`` makes (URL-safe base64), at most max_length


@dataclass
class Access:
    table: Table
    token: str
    can_edit: bool


def resolve(token: str) -> Access:
    """The table a link token opens, and whether it may edit. 404 for an unknown token."""
    table = None
    if TOKEN_SHAPE.fullmatch(token):  # else not a token, and not for the database (PostgreSQL refuses a NUL)
        table = Table.objects.filter(Q(edit_token=token) | Q(view_token=token)).first()
    if table is None:
        raise Http404("No table behind this link.")
    return Access(table, token, token == table.edit_token)


def resolve_for_edit(token: str) -> Access:
    access = resolve(token)
    if not access.can_edit:
        raise PermissionDenied("This is the view link: it cannot change the table.")
    return access


def device_key(request) -> str:
    """A stable key for this browser: its session, created on first use."""
    if not request.session.session_key:
        request.session.save()
    return request.session.session_key or ""


def remember_table(request, table: Table, token: str) -> None:
    recent = [t for t in request.session.get(RECENT_KEY, []) if t != token]
    request.session[RECENT_KEY] = ([token] + recent)[:20]
