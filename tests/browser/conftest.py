"""End-to-end tests in Debian's Chromium through Playwright (never `playwright install`).

Without Chromium these tests are skipped on a developer's machine, and fail when CI is set.
"""

import os
import re
from pathlib import Path

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API + the ORM in live_server

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
HERE = Path(__file__).resolve().parent


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in {"", "0", "false", "no", "off"}


def chromium_present() -> bool:
    return os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(config, items):
    """Mark every test under tests/browser `browser`; skip or fail them all when Chromium is missing."""
    ours = [item for item in items if HERE in item.path.parents]
    for item in ours:
        item.add_marker(pytest.mark.browser)
    if ours and not chromium_present() and not in_ci():
        skip = pytest.mark.skip(
            reason=f"no Chromium at {CHROMIUM} (apt-get install chromium; or set CHROMIUM_PATH)"
        )
        for item in ours:
            item.add_marker(skip)


@pytest.fixture(scope="session", autouse=True)
def _chromium_required():
    """Under CI a missing Chromium is an error in every browser test, never a silent skip."""
    if not chromium_present():
        pytest.fail(
            f"CI is set but there is no Chromium at {CHROMIUM}: install Debian's chromium "
            "(apt-get install chromium chromium-driver) or set CHROMIUM_PATH. "
            "Browser tests must not be skipped in CI.",
            pytrace=False,
        )


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """A phone held in one hand: 390×844 CSS pixels, touch, retina."""
    return {
        **browser_context_args,
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 2,
    }


@pytest.fixture
def screenshot(page, request):
    """Save the page as test-results/screenshots/<test name>[-<suffix>].png and return the path.

    `screenshot()` in a test, or `screenshot("after-save")` for several per test.
    """
    folder = request.config.rootpath / "test-results" / "screenshots"

    def take(suffix: str = "", *, full_page: bool = True) -> Path:
        name = re.sub(r"\[chromium\]$", "", request.node.name) + (f"-{suffix}" if suffix else "")
        path = folder / (re.sub(r"[^\w.-]+", "_", name).strip("_") + ".png")
        folder.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return take
