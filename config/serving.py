"""What every way of serving Tapete checks first (gunicorn through config.wsgi or config.asgi, and
``manage.py serve``): a production server never starts without a SECRET_KEY of its own."""

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

NO_KEY = ("SECRET_KEY is not set. In production set SECRET_KEY to a long random value (for instance "
          "python3 -c 'import secrets; print(secrets.token_urlsafe(50))'); for development on this machine set "
          "DEBUG=true.")


def refuse_without_secret_key() -> None:
    try:
        settings.SECRET_KEY  # noqa: B018 - Django refuses an empty key when it is read
    except ImproperlyConfigured:
        raise ImproperlyConfigured(NO_KEY) from None
