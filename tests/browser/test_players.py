"""Players across tables on a phone: start a table on this phone, play a night, then open the players page
from home and a player's page, on the smallest phone (320 px) and in French, as a player would.

The night (French Tarot, 4 players; RULINGS.md): E's Garde with 2 bouts and 49 is made by 8 → +198; E's Prise
with 2 bouts and 34 fails by 7 → −96; E's Garde sans with 2 bouts and 45 is made by 4 → +348. E took 3
contracts and made 2, +450 over 3 deals: +150.0 a deal.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import Table

NIGHT = [
    {"taker": "E", "contract": "garde", "bouts": 2, "points": 49},
    {"taker": "E", "contract": "prise", "bouts": 2, "points": 34},
    {"taker": "E", "contract": "garde_sans", "bouts": 2, "points": 45},
]


def fits(page: Page) -> None:
    width, phone = page.evaluate("document.documentElement.scrollWidth"), page.viewport_size["width"]
    assert width <= phone, f"the page is {width}px wide on a {phone}px phone"


def small_targets(page: Page) -> list[str]:
    """Links and buttons in the page's main part shorter than 44 px."""
    return page.evaluate("""() => [...document.querySelectorAll('main a, main button')]
        .filter(e => e.getBoundingClientRect().height < 44).map(e => e.textContent.trim())""")


def test_a_players_history_and_statistics_from_the_home_page(live_server, page: Page, screenshot):
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(f"{live_server.url}/new/tarot/")
    for seat, name in enumerate(["N", "S", "E", "W"], start=1):
        page.get_by_role("textbox", name=f"Player {seat}.", exact=True).press_sequentially(name)
    page.get_by_role("button", name="Start the table").click()
    expect(page.get_by_role("heading", name="Record deal 1")).to_be_visible()
    table = Table.objects.get()
    for record in NIGHT:
        services.record_deal(table, record)

    page.goto(live_server.url)
    page.get_by_role("link", name="Players: history and statistics").click()
    expect(page.get_by_role("heading", name="Players")).to_be_visible()
    expect(page.locator(".player-row strong")).to_have_text(["E", "N", "S", "W"])
    fits(page)
    assert small_targets(page) == []
    screenshot("players-320")

    page.get_by_role("link", name=re.compile(r"^E\b")).click()
    expect(page.get_by_role("heading", name="E", exact=True)).to_be_visible()
    expect(page.locator("#deals-played")).to_have_text("3")
    tarot = page.locator(".game-stats")
    expect(tarot.get_by_role("row", name=re.compile("Contracts taken"))).to_contain_text("3")
    expect(tarot.get_by_role("row", name=re.compile("Contracts made"))).to_contain_text("2 of 3")
    expect(tarot.locator(".stat-average")).to_contain_text("+150.0")
    expect(tarot.locator(".stat-average")).to_contain_text("+450 over 3 deals")
    expect(page.locator(".sitting")).to_contain_text("under way")
    fits(page)
    assert small_targets(page) == []
    screenshot("player-320")

    page.get_by_role("button", name="FR").click()
    expect(tarot.locator(".stat-average")).to_contain_text("+150,0")
    fits(page)
    screenshot("player-320-fr")

    page.locator(".sitting").click()  # on to the table, to score the next deal
    expect(page).to_have_url(f"{live_server.url}/t/{table.edit_token}/")


def test_a_friend_joins_mid_night_on_the_smallest_phone(live_server, page: Page, screenshot):
    """Three deals at four, then O sits down after W: the night so far stays in the history, with its scores,
    and a new game at five starts on the same page, W dealing (N, S and E dealt the three deals)."""
    page.set_viewport_size({"width": 320, "height": 640})
    table = services.create_table(game="tarot", players=["N", "S", "E", "W"])
    for record in NIGHT:
        services.record_deal(table, record)
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    page.get_by_role("link", name="Players", exact=True).click()
    page.get_by_role("textbox", name="Who joins").fill("O")
    expect(page.get_by_role("combobox", name="Sits after")).to_have_value("3")
    fits(page)
    assert small_targets(page) == []
    screenshot("players-join-320")
    page.get_by_role("button", name="Add to the table").click()
    expect(page.get_by_role("heading", name="Close this game?")).to_be_visible()  # the game under way closes
    fits(page)
    assert small_targets(page) == []
    page.get_by_role("button", name="Close this game and start the new one").click()

    expect(page.get_by_role("heading", name="Record deal 1")).to_be_visible()
    expect(page.locator("#live")).to_contain_text("O")
    expect(page.get_by_text("Deals next:")).to_contain_text("W")
    page.get_by_role("link", name="History").click()
    page.get_by_role("link", name="the game before, with its scores and settle-up").click()
    expect(page.locator("#live")).to_contain_text("+450")  # E: +198 − 96 + 348
    screenshot("players-game-before-320")


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_joining_a_game_under_way_asks_first_cancel_keeps_the_table_and_confirm_changes_it(live_server, page: Page,
                                                                                          screenshot, language):
    """A friend sits down after three deals: "Add to the table" first says what happens — this game closes, its
    standings kept as they are and settled on their own, a new game with five — and asks; Cancel leaves the
    table as it was, and only the confirmation changes it (found by a tester: one tap closed the game)."""
    table = services.create_table(game="tarot", players=["N", "S", "E", "W"])
    for record in NIGHT:
        services.record_deal(table, record)
    page.goto(f"{live_server.url}/t/{table.edit_token}/players/")
    if language != "en":
        page.get_by_role("button", name=language.upper(), exact=True).click()
        expect(page.locator("html")).to_have_attribute("lang", language)

    def ask() -> None:
        page.locator("#id_join-name").fill("O")
        page.locator("#join-form button[type=submit]").click()
        expect(page.locator("#confirm-seats")).to_be_visible()

    ask()
    expect(page.locator("#confirm-what")).to_contain_text("O")
    expect(page.locator("#confirm-closes")).to_contain_text("N, S, E, W")
    expect(page.locator("#confirm-standings .name")).to_have_text(["E", "N", "S", "W"])
    expect(page.locator("#confirm-standings .score").first).to_contain_text("450")
    expect(page.locator("#confirm-new")).to_contain_text("N, S, E, W, O")
    if language == "en":
        expect(page.get_by_role("heading", name="Close this game?")).to_be_visible()
        expect(page.locator("#confirm-closes")).to_contain_text("after 3 deals")
        expect(page.locator("#confirm-new")).to_contain_text("W deals first.")
    fits(page)
    assert small_targets(page) == []
    screenshot(full_page=False)

    page.locator("#cancel-change").click()
    expect(page.locator("#join-form")).to_be_visible()
    live = Table.objects.get(pk=table.pk)
    assert services.table_spec(live).players == ("N", "S", "E", "W") and services.standings(live).deal_count == 3
    assert Table.objects.count() == 1

    ask()
    page.locator("#confirm-change").click()
    expect(page).to_have_url(f"{live_server.url}/t/{table.edit_token}/")
    expect(page.locator("#live")).to_contain_text("O")
    live = Table.objects.get(pk=table.pk)
    assert services.table_spec(live).players == ("N", "S", "E", "W", "O") and services.standings(live).deal_count == 0
    assert Table.objects.filter(closed=True).count() == 1


def test_a_watcher_sees_the_game_closed_when_someone_leaves_without_reloading(live_server, page: Page, browser,
                                                                              browser_context_args, screenshot):
    """A watcher's phone (390 px) follows the table while, on the scorekeeper's, E leaves after three deals: the
    standings go back to 0 and the deals leave the page, and the watcher's page says, without a reload, which game
    closed and after how many deals, linking it (a tester's watcher took the three deals for lost)."""
    table = services.create_table(game="tarot", players=["N", "S", "E", "W", "O"])
    for taker in ["N", "S", "E"]:
        services.record_deal(table, {"taker": taker, "partner": taker, "contract": "garde", "bouts": 2,
                                     "points": 49})
    watching = browser.new_context(**browser_context_args)
    try:
        watcher = watching.new_page()
        watcher.goto(f"{live_server.url}/t/{table.view_token}/")
        expect(watcher.locator("#next-up")).to_contain_text("3 deals")
        expect(watcher.locator("#game-before")).to_have_count(0)
        watcher.evaluate("window.notReloaded = true")  # gone if the page were loaded again

        page.goto(f"{live_server.url}/t/{table.edit_token}/players/")
        page.locator("#id_leave-seat").select_option(label="E")
        page.locator("#leave-form button[type=submit]").click()
        page.locator("#confirm-change").click()
        expect(page.locator("#game-before")).to_have_text("Game 1 closed when the players changed (3 deals) →")

        line = watcher.locator("#game-before")
        expect(line).to_have_text("Game 1 closed when the players changed (3 deals) →", timeout=5000)
        expect(watcher.locator("#next-up")).to_contain_text("0 deals")
        assert watcher.evaluate("window.notReloaded") is True
        box = line.bounding_box()
        assert box is not None and box["height"] >= 44  # a tap target of its own
        fits(watcher)
        watcher.screenshot(path=str(screenshot("scorekeeper", full_page=False).with_name(
            "test_a_watcher_sees_the_game_closed_when_someone_leaves_without_reloading-watcher.png")))
        line.click()
        expect(watcher.locator("#closed")).to_be_visible()  # the game closed, as it stood
        expect(watcher.locator("#next-up")).to_contain_text("3 deals")
    finally:
        watching.close()
