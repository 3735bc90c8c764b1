"""Temporary: proves the Chromium + Playwright + live_server wiring. Replace with real page tests.

It serves its own URLconf (just the admin) so it does not depend on the app's views being importable
while they are being written; delete the `urls` mark to run it against config.urls instead.
"""

import re

import pytest
from django.contrib import admin
from django.urls import path
from playwright.sync_api import expect

urlpatterns = [path("admin/", admin.site.urls)]


@pytest.mark.urls(__name__)
def test_admin_login_page_loads(live_server, page, screenshot):
    response = page.goto(f"{live_server.url}/admin/login/")

    assert response is not None and response.ok, response and response.status
    expect(page).to_have_title(re.compile("Django|Log in"))
    expect(page.locator("input[name=username]")).to_be_visible()
    assert screenshot().is_file()
