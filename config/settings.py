"""Tapete settings: every value comes from the environment, with a working default."""

import os
import tempfile
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name: str, default: bool) -> bool:
    return os.environ.get(name, str(default)).lower() in {"1", "true", "yes", "on"}


def envlist(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# Development is asked for (DEBUG=true, as the tests do); anything else is production, whose server refuses to
# start without a SECRET_KEY of its own (config/serving.py) rather than sign sessions with a published one. The
# key is left empty then, so commands that sign nothing (check, makemigrations, migrate) still run.
DEBUG = envbool("DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY and DEBUG:
    SECRET_KEY = "django-insecure-development-only-key-never-used-with-DEBUG-off"
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.forms",  # widget templates found like any other (FORM_RENDERER below)
    "django_htmx",
    "template_partials",
    "ninja",
    "scoring",
    # Every game is an app of its own, found by itself: one folder under games/ is one game.
    *sorted(f"games.{d.name}" for d in (BASE_DIR / "games").iterdir() if (d / "apps.py").is_file()),
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "scoring.middleware.api_errors_in_json",
]

# Content security policy (django-csp): scripts, styles and images from this site only; no inline script.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "worker-src": ["'self'"],  # the service worker, /sw.js
        "manifest-src": ["'self'"],
    },
}

ROOT_URLCONF = "config.urls"
FORM_RENDERER = "scoring.forms.FormRenderer"  # the project's templates; a group of buttons points at its message
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        # Each gunicorn worker keeps its connection (checked before reuse) rather than open one per request.
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "600")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {})
    DATABASES["default"]["OPTIONS"]["init_command"] = "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
    DATABASES["default"]["OPTIONS"]["transaction_mode"] = "IMMEDIATE"
    # Tests use a file too, so that threads racing on a table meet SQLite's real locking (an in-memory test
    # database is shared-cache, which locks differently from the file every deployment uses).
    DATABASES["default"]["TEST"] = {"NAME": os.path.join(tempfile.gettempdir(), f"tapete-test-{os.getpid()}.sqlite3")}

DATA_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024  # the score API takes a whole night of deals

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("es", "Español"), ("fr", "Français")]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["config.formats"]  # English dates day first, month named (config/formats/en)
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))  # collectstatic writes here
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "config.storage.CompressedStaticFiles"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}


CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    # Rate limits count in the database, so every app process shares them. (The counts are not atomic: under
    # a burst a few requests more may pass. A deployment on several machines points this at memcached or
    # Redis with RATELIMIT_CACHE_URL-style settings of its own.)
    "ratelimit": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "tapete_ratelimit"},
}
RATELIMIT_USE_CACHE = "ratelimit"
RATELIMIT_ENABLE = envbool("RATELIMIT", True)
# Per client (IP address) and minute: starting tables, changing tables, the stateless score API, admin logins.
# "tap": each card entered card by card (a deal is 40–78 taps; a venue's phones may share one address).
RATE_LIMITS = {"new_table": "20/m", "write": "120/m", "tap": "600/m", "score": "60/m", "admin_login": "10/m"}

# Sessions in the database alone: a deal entered card by card lives in its phone's session, and every worker must
# read the same one (a cache in each process served each worker its own stale copy: cards came and went).
SESSION_ENGINE = "django.contrib.sessions.backends.db"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 365 * 2  # the device that starts a table keeps editing it
# HTTPS only in production; `make run` serves the phones at home over plain HTTP (HTTPS=false) with DEBUG off.
HTTPS = envbool("HTTPS", not DEBUG)
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", HTTPS)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000" if HTTPS else "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", HTTPS)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # a load balancer probes over plain HTTP
BEHIND_TLS_PROXY = envbool("BEHIND_TLS_PROXY", False)
if BEHIND_TLS_PROXY:  # only behind a proxy that overwrites X-Forwarded-Proto
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Behind a proxy that adds each phone's address to X-Forwarded-For (PROXY_SETS_FORWARDED_FOR=true; a proxy that
# only passes the header on would let a phone name any address), a request from one of the proxy's own addresses
# (FORWARDED_ALLOW_IPS, as gunicorn reads it: addresses or networks) says in that header's last address which
# phone it comes from, and rate limits count per phone by it (scoring.limits).
PROXY_SETS_FORWARDED_FOR = envbool("PROXY_SETS_FORWARDED_FOR", False)
PROXY_ADDRESSES = tuple(a.strip() for a in os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1").split(",") if a.strip())
RATELIMIT_IP_META_KEY = "scoring.limits.client_address"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"redact_tokens": {"()": "scoring.logs.RedactTokens"}},  # link tokens never reach a log
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["redact_tokens"]}},
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {
        # Django's own request and server loggers, with the same filtered handler.
        "django.request": {"handlers": ["console"], "level": "WARNING", "propagate": False},
        "django.server": {"handlers": ["console"], "level": "INFO", "propagate": False},
    },
}
