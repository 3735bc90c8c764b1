"""Fixtures for Pablo's page and API tests (the project's own are in the root conftest.py)."""

import pytest

from tests.api.conftest import JsonClient


@pytest.fixture
def api() -> JsonClient:
    return JsonClient()
