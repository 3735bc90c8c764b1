"""Middleware of the app's own."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

API_PREFIX = "/api/"


View = Callable[[HttpRequest], HttpResponse]


def api_method_not_allowed(get_response: View) -> View:
    """A wrong method on the JSON API answers in the API's own error shape, with the methods it allows."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if response.status_code == 405 and request.path.startswith(API_PREFIX) \
                and not response.get("Content-Type", "").startswith("application/json"):
            allowed = response.get("Allow", "")
            answer = JsonResponse({"detail": _("This address does not take %(method)s. It takes: %(allowed)s.")
                                   % {"method": request.method, "allowed": allowed or "—"}, "errors": {}},
                                  status=405)
            if allowed:
                answer["Allow"] = allowed
            return answer
        return response

    return middleware
