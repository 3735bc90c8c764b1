"""Middleware of the app's own."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

API_PREFIX = "/api/"


View = Callable[[HttpRequest], HttpResponse]


def api_errors_in_json(get_response: View) -> View:
    """Every error the JSON API answers is in its own error shape (``detail`` and ``errors``), also those that
    Django answers before the API sees the request: a wrong method (with the methods it allows), an address the
    API does not have, a server error (the database gone)."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        status = response.status_code
        if not request.path.startswith(API_PREFIX) or status not in (404, 405) and status < 500 \
                or response.get("Content-Type", "").startswith("application/json"):
            return response
        allowed = response.get("Allow", "")
        if status == 405:
            detail = _("This address does not take %(method)s. It takes: %(allowed)s.") % {
                "method": request.method, "allowed": allowed or "—"}
        elif status == 404:
            detail = _("The API has no such address: its addresses are listed at %(docs)s.") % {
                "docs": f"{API_PREFIX}docs"}
        else:
            detail = _("Something went wrong on the server. Nothing you recorded was lost: try again in a moment.")
        answer = JsonResponse({"detail": detail, "errors": {}}, status=status)
        if allowed:
            answer["Allow"] = allowed
        return answer

    return middleware
