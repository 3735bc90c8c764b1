"""Fixtures for the Tresillo and L'Ombre page and API tests."""

import pytest

from tests.api.conftest import JsonClient


@pytest.fixture
def api() -> JsonClient:
    return JsonClient()
