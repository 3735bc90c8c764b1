"""Share a table: the view link for everyone, the edit link only for those who already hold it; QR codes."""

from __future__ import annotations

import io

import segno
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_GET

from scoring.access import resolve
from scoring.night import night_games

WHICH = ("view", "edit")


def link_for(request: HttpRequest, token: str) -> str:
    """The table's page opened with ``token``, as an absolute URL (what a QR code or a message carries)."""
    return request.build_absolute_uri(reverse("table", args=[token]))


@require_GET
def share(request: HttpRequest, token: str) -> HttpResponse:
    access = resolve(token)
    table = access.table
    links = [{"which": "view", "url": link_for(request, table.view_token)}]
    if access.can_edit:
        links.append({"which": "edit", "url": link_for(request, table.edit_token)})
    night = night_games(table)  # numbered as the settle-up numbers them
    response = render(request, "scoring/share.html", {
        "access": access, "table": table, "token": token, "links": links,
        "others": [game for game in night if game.pk != table.pk],
        "mixed": any(game.game != table.game for game in night),
    })
    patch_cache_control(response, private=True, no_store=True)  # the page may carry the edit link
    return response


@require_GET
def qr(request: HttpRequest, token: str, which: str) -> HttpResponse:
    """The link's QR code as SVG. The edit QR only for the edit link (403 for the view link)."""
    if which not in WHICH:
        raise Http404("No such link.")
    access = resolve(token)
    if which == "edit" and not access.can_edit:
        raise PermissionDenied("The view link cannot show the edit link.")
    table = access.table
    url = link_for(request, table.edit_token if which == "edit" else table.view_token)
    code = segno.make(url, error="m")
    buffer = io.BytesIO()
    # A white quiet zone so phones read it in dark mode too; no fixed size: the page sizes it.
    code.save(buffer, kind="svg", scale=8, border=4, dark="#000", light="#fff", xmldecl=False,
              omitsize=True, title=url)
    response = HttpResponse(buffer.getvalue(), content_type="image/svg+xml")
    # The code only changes if the host does: cache it a day, privately (it encodes a secret link).
    patch_cache_control(response, private=True, max_age=86400, immutable=True)
    response["Content-Disposition"] = f'inline; filename="tapete-{which}.svg"'
    return response
