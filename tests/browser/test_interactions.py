"""How many taps and keystrokes it takes to record a plain deal on a phone: the app's core promise is few.

Every Playwright action is counted: a tap or click is 1, a key press is 1, and typed text counts one per
character (so typing "49" is 2). The figure is printed and written to test-results/interactions.json for
``make bench`` to report.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Keyboard, Locator, Mouse, Page, Touchscreen, expect

from scoring import services

BUDGET = 6  # taker, contract, bouts, two digits (the points box has the focus once the bouts are tapped), Save
RESULTS = Path(__file__).resolve().parents[2] / "test-results" / "interactions.json"


class Interactions:
    """Counts what a person does with their fingers while ``counting`` is on."""

    def __init__(self) -> None:
        self.count = 0
        self.log: list[str] = []
        self.counting = False

    def add(self, n: int, what: str) -> None:
        if self.counting:
            self.count += n
            self.log.append(f"{what} (+{n})")


@pytest.fixture
def interactions(monkeypatch) -> Interactions:
    """Wrap every way a test can touch the page, so nothing goes uncounted."""
    counter = Interactions()

    def wrap(cls, name, cost):
        original = getattr(cls, name)

        def counted(self, *args, **kwargs):
            target = re.search(r"selector='(.*)'>$", repr(self)) if cls is Locator else None
            counter.add(cost(*args, **kwargs), f"{name} {target.group(1) if target else args[:1]}")
            return original(self, *args, **kwargs)

        monkeypatch.setattr(cls, name, counted)

    one = lambda *a, **k: 1  # noqa: E731
    chars = lambda text="", *a, **k: len(k.get("text", k.get("value", text)))  # noqa: E731
    for name in ("click", "dblclick", "tap", "check", "uncheck", "set_checked", "select_option", "press"):
        wrap(Locator, name, one)
    for name in ("fill", "press_sequentially", "type"):
        wrap(Locator, name, chars)
    wrap(Keyboard, "press", one)
    wrap(Keyboard, "type", chars)
    wrap(Keyboard, "insert_text", chars)
    wrap(Mouse, "click", one)
    wrap(Mouse, "dblclick", one)
    wrap(Touchscreen, "tap", one)
    for name in ("click", "dblclick", "tap", "check", "uncheck", "press"):
        wrap(Page, name, one)
    for name in ("fill", "type"):
        wrap(Page, name, lambda selector="", value="", *a, **k: len(k.get("value", k.get("text", value))))
    return counter


def tap_choice(page: Page, group: str, option: str) -> None:
    """Tap the segmented button ``option`` in the radio group ``group``."""
    page.get_by_role("radiogroup", name=group, exact=True).get_by_text(option, exact=True).tap()


def test_plain_four_player_deal_in_six_interactions(live_server, page: Page, interactions, screenshot):
    table = services.create_table(game="tarot", players=["N", "S", "E", "W"])
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    expect(page.get_by_role("heading", name="Record deal 1")).to_be_visible()

    interactions.counting = True
    tap_choice(page, "Taker", "E")
    tap_choice(page, "Contract", "Garde ×2")
    tap_choice(page, "Bouts held by the attack", "2")
    page.keyboard.type("49")
    page.get_by_role("button", name="Save").tap()
    interactions.counting = False

    # E's Garde, 2 bouts, 49 points: made by 8, (25 + 8) × 2 = 66 → E +198, each defender −66.
    expect(page.get_by_role("alert").filter(has_text="Deal 1 saved.")).to_be_visible()
    rows = page.get_by_role("table", name="Standings").get_by_role("row")
    expect(rows).to_have_text([re.compile(r"1\s+E\b.*\+198", re.S), re.compile(r"2\s+N\b.*−66", re.S),
                               re.compile(r"2\s+S\b.*−66", re.S), re.compile(r"2\s+W\b.*−66", re.S)])  # level: 2nd
    screenshot()

    n = interactions.count
    print("INTERACTIONS plain 4-player deal:", n)
    print("  " + "\n  ".join(interactions.log))
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({"plain_4_player_tarot_deal": {
        "interactions": n, "budget": BUDGET, "steps": interactions.log}}, indent=2, ensure_ascii=False) + "\n")
    assert n <= BUDGET, interactions.log
