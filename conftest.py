"""Fixtures shared by every test package. Keep this small: game-specific helpers live beside their tests."""

import pytest
from django.conf import settings as django_settings
from django.utils import translation


def pytest_configure(config):
    # WhiteNoise warns once per middleware load when STATIC_ROOT has not been collected; tests never collect.
    config.addinivalue_line("filterwarnings", "ignore:No directory at:UserWarning")


@pytest.fixture(autouse=True)
def _no_rate_limits(settings):
    """Tests post far faster than any phone: rate limits are off, except where a test turns them on."""
    settings.RATELIMIT_ENABLE = False


@pytest.fixture(autouse=True)
def _plain_static_storage(settings):
    """Serve static files from the finders, whatever DEBUG was at import time.

    With DEBUG=false the settings pick WhiteNoise's manifest storage, where `{% static %}` needs a prior
    `collectstatic`; tests must not depend on that.
    """
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _in_the_sites_language():
    """Every test starts in the site's language: a page asked for in another (Accept-Language) leaves that
    language active in the thread, and a later test would read its messages in it."""
    translation.activate(django_settings.LANGUAGE_CODE)
    yield
    translation.deactivate()
