"""Rate limits per client (django-ratelimit): starting tables, changing tables, the cards tapped in one by one,
the score API, admin logins.

A request over its limit is answered 429 with a message: a page in the reader's language, or the API's JSON.
"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Callable
from functools import cache, wraps
from typing import Any

from django.conf import settings
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django_ratelimit.core import is_ratelimited

UNSAFE = ("POST", "PUT", "PATCH", "DELETE")
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
logger = logging.getLogger(__name__)


def over_limit(request: HttpRequest, group: str) -> bool:
    """Count this request in ``group`` (per client address) and say whether it is over the group's rate."""
    if not getattr(settings, "RATELIMIT_ENABLE", True) or request.method not in UNSAFE:
        return False
    rate = settings.RATE_LIMITS[group]
    try:
        return bool(is_ratelimited(request, group=f"tapete.{group}", key="ip", rate=rate, method=UNSAFE,
                                   increment=True))
    except DatabaseError:  # the counts cannot be kept (no cache table): serve the person rather than fail
        logger.warning("Rate limits could not be counted", exc_info=True)
        return False


def client_address(request: HttpRequest) -> str:
    """The address a request's limits count under: the connection's; or, behind a proxy that adds each phone's
    address to X-Forwarded-For (``PROXY_SETS_FORWARDED_FOR``) and from one of its addresses
    (``PROXY_ADDRESSES``, or a Unix socket), that header's last address, the one the proxy itself added: a phone
    can put any address further left, not there. Without it every phone would share the proxy's count."""
    direct = request.META.get("REMOTE_ADDR") or ""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if settings.PROXY_SETS_FORWARDED_FOR and forwarded and (not direct or _from_proxy(direct)):
        try:
            return str(ipaddress.ip_address(forwarded.rsplit(",", 1)[-1].strip()))
        except ValueError:
            pass
    return direct


def _from_proxy(address: str) -> bool:
    """Whether ``address`` is one of the proxy's (an address or a network of ``PROXY_ADDRESSES``, or ``*``)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    networks, anyone = _proxy_networks(tuple(settings.PROXY_ADDRESSES))
    return anyone or any(ip in network for network in networks)


@cache
def _proxy_networks(addresses: tuple[str, ...]) -> tuple[tuple[Network, ...], bool]:
    """``PROXY_ADDRESSES`` read once: its networks (an address is a network of one), and whether ``*`` is there."""
    networks = []
    for allowed in addresses:
        try:
            networks.append(ipaddress.ip_network(allowed, strict=False))
        except ValueError:
            continue
    return tuple(networks), "*" in addresses


RETRY_AFTER = "60"  # seconds: the limits count per minute


def message(group: str) -> str:
    """What a 429 says: a change refused keeps what was recorded; a question or a login asked too often."""
    if group in ("new_table", "write", "tap"):
        return _("Too many changes from this phone in a minute. Wait a moment and try again: nothing was lost.")
    return _("Too many requests from this phone in a minute. Wait a moment and try again.")


def retry_later(response: HttpResponse) -> HttpResponse:
    """A 429 answer, saying when to try again (the limits count per minute)."""
    response["Retry-After"] = RETRY_AFTER
    return response


def limited(group: str) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """A page view counted in ``group``: over the limit, a 429 page says to wait."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if over_limit(request, group):
                return retry_later(render(request, "429.html", {"message": message(group)}, status=429))
            return view(request, *args, **kwargs)

        return wrapped

    return decorate
