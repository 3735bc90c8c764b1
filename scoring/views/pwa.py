"""The installable app: its web app manifest and its service worker.

The service worker is served from the site's root (``/sw.js``) so that its scope is the whole site. Its body is
a few lines written here (the static URLs of Workbox's modules, of the app shell to precache and of
``static/app/sw.js``, the worker's own logic) so that it changes whenever a static file does: a phone compares
the worker byte for byte and installs the new one. It is never cached for long.

The icons under ``static/app/icons/`` were drawn once from ``static/app/favicon.svg`` (and ``maskable.svg``, the
same card inside the safe zone of a full-bleed square) by Debian's Chromium, through Playwright: an ``<img>`` of
the SVG at 192, 512 (and 180 for ``apple-touch-icon.png``) CSS pixels, screenshotted with a transparent
background.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.utils import get_app_template_dirs
from django.templatetags.static import static
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language, get_language_bidi
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

THEME_COLOUR = "#1f6f43"  # the felt of static/app/favicon.svg

# Workbox's modules, in the order each needs the ones before it (static/vendor/workbox/README.md).
WORKBOX = tuple(f"vendor/workbox/workbox-{name}.prod.js" for name in
                ("core", "routing", "strategies", "precaching", "expiration"))
WORKER = "app/sw.js"
# Precached when the worker installs, so that every page reloads offline whole: every static file a template
# names (the layout, the table page, each game's record form and state), and the icon of the installed app.
SHELL_EXTRA = ("app/icons/icon-192.png",)
STATIC_TAG = re.compile(r"""{%\s*static\s+['"]([^'"]+)['"]\s*%}""")
ICONS = (
    ("app/icons/icon-192.png", "192x192", "image/png", "any"),
    ("app/icons/icon-512.png", "512x512", "image/png", "any"),
    ("app/icons/maskable-192.png", "192x192", "image/png", "maskable"),
    ("app/icons/maskable-512.png", "512x512", "image/png", "maskable"),
    ("app/favicon.svg", "any", "image/svg+xml", "any"),
)


def _static_url(name: str) -> str | None:
    """The file's URL (hashed in production), or None for a file that is not there."""
    try:
        return str(static(name))
    except ValueError:  # the manifest storage knows no such file
        return None


def _content_hash(path: str) -> str:
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()[:16]


def _precache_entry(name: str) -> dict[str, Any] | None:
    """Workbox's precache entry for a static file: a hashed URL (production) needs no revision; an unhashed one
    carries a hash of the file, so that the worker fetches it again when it changes. None for a missing file."""
    url = _static_url(name)
    if url is None:
        return None
    if url != settings.STATIC_URL + name:
        return {"url": url, "revision": None}
    path = finders.find(name)
    if not path or not isinstance(path, str):
        return None
    return {"url": url, "revision": _content_hash(path)}


def _import_url(name: str) -> str | None:
    """A script for the worker to import, by a URL that changes with the file (hashed, or with ``?v=``)."""
    entry = _precache_entry(name)
    if entry is None:
        return None
    return entry["url"] if entry["revision"] is None else f"{entry['url']}?v={entry['revision']}"


def _template_dirs() -> list[Path]:
    """The project's templates: its own folder and its apps' (the games'), not those of installed packages."""
    apps = [Path(d) for d in get_app_template_dirs("templates")]
    return [Path(d) for engine in settings.TEMPLATES for d in engine.get("DIRS", [])] + [
        d for d in apps if settings.BASE_DIR in d.parents and "site-packages" not in d.parts]


@cache
def _named_by_templates(dirs: tuple[Path, ...]) -> tuple[str, ...]:
    """The static files the templates under ``dirs`` name, in a stable order (read once per process)."""
    names = {name for folder in dirs for path in folder.rglob("*.html")
             for name in STATIC_TAG.findall(path.read_text(encoding="utf-8"))}
    return tuple(sorted(names))


def shell() -> list[str]:
    """What the worker precaches: every static file a template names, then the icon."""
    scan = _named_by_templates.__wrapped__ if settings.DEBUG else _named_by_templates  # DEBUG: edits show at once
    named = scan(tuple(_template_dirs()))
    return [*named, *(name for name in SHELL_EXTRA if name not in named)]


def worker_config() -> dict[str, Any]:
    """What static/app/sw.js reads from ``self.TAPETE``."""
    return {
        "precache": [entry for entry in map(_precache_entry, shell()) if entry is not None],
        "staticPrefix": settings.STATIC_URL,
        "home": reverse("home"),
        # A table's page, with the token as the placeholder: the worker matches any token there.
        "tablePage": reverse("table", args=["TOKEN"]).split("TOKEN"),
    }


def worker_source() -> str:
    scripts = [url for url in map(_import_url, (*WORKBOX, WORKER)) if url is not None]
    return (
        "/* Tapete's service worker: its logic is in static/app/sw.js; the URLs below change when a file does. */\n"
        f"self.TAPETE = {json.dumps(worker_config(), sort_keys=True)};\n"
        f"importScripts({', '.join(json.dumps(url) for url in scripts)});\n"
    )


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(worker_source(), content_type="text/javascript; charset=utf-8")
    # Asked again on every visit (a phone then compares it), never kept stale: the browser checks it anyway
    # at least once a day, but a worker stuck on an old version would keep serving an old shell.
    patch_cache_control(response, no_cache=True, max_age=0)
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def manifest(request: HttpRequest) -> HttpResponse:
    icons = [{"src": url, "sizes": sizes, "type": kind, "purpose": purpose}
             for name, sizes, kind, purpose in ICONS if (url := _static_url(name)) is not None]
    home = reverse("home")
    data = {
        "id": home,
        "name": "Tapete",
        "short_name": "Tapete",
        "description": _("The scorekeeper and referee for card games played at the table."),
        "lang": get_language() or settings.LANGUAGE_CODE,
        "dir": "rtl" if get_language_bidi() else "ltr",
        "start_url": home,
        "scope": home,
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": THEME_COLOUR,
        "categories": ["games", "utilities"],
        "icons": icons,
    }
    response = JsonResponse(data, content_type="application/manifest+json",
                            json_dumps_params={"ensure_ascii": False})
    patch_cache_control(response, no_cache=True)  # its icons' hashed names change with a deployment
    return response
