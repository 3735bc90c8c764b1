"""Tresillo and L'Ombre end to end on a phone.

Tresillo: Ana, Bea and Carl start a table at 0.10 EUR a tanto and record a night with the phone form: the
Hombre, the bid and three trick steppers (the third worked out as they tap), a repuesto in the first puesta, a
repuesto in the plato that writes a debt on the Reserved Puesta sheet; settle up while it is open, with and
without it; a record refused beside the tricks, a sacado in the reserved puesta that crosses the debt out; settle
up again. L'Ombre at four: the dealer sits out, the cards taken in start blank, a pass after the bid is refused
beside the passes, a repuesto carries the stakes over, settle up. Ana deals first, Bea speaks first.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from scoring import services

PLAYERS = ["Ana", "Bea", "Carl"]


def start(page: Page, url: str, game: str, players: list[str]) -> None:
    page.goto(f"{url}/new/{game}/")
    for i, name in enumerate(players):
        page.fill(f"#id_player_{i}", name)
    page.fill("#id_stake", "0.10")
    page.locator("#new-table button[type=submit]").click()
    expect(page.locator("#hombre-state")).to_be_visible()


def hombre(page: Page, name: str) -> None:
    page.locator("#field-hombre label", has_text=name).click()


def tap(page: Page, row: int, times: int) -> None:
    plus = page.locator(f"#field-tricks .trick-row:nth-of-type({row + 1}) [data-step='1']")
    for _ in range(times):
        plus.click()


def save(page: Page, number: int) -> None:
    page.locator("#record button[type=submit]").click()
    expect(page.locator("#messages")).to_contain_text(f"Deal {number} saved")


def settle(page: Page, table_url: str, include_open_puestas: str | None = None) -> None:
    page.goto(table_url.rstrip("/") + "/settle/")
    if include_open_puestas is not None:
        page.locator("fieldset", has_text="Count the open reserved puestas").locator(
            "label", has_text=include_open_puestas).click()
    page.locator("#settle-body button[type=submit]").click()
    expect(page.locator("#settle-result")).to_be_visible()


def test_a_tresillo_night_on_a_phone(live_server, page: Page, screenshot):
    start(page, live_server.url, "tresillo", PLAYERS)
    expect(page.locator("#this-deal")).to_contain_text("Ana deals · Bea speaks first")
    expect(page.locator("#situation")).to_contain_text("First puesta: plato 6 after the top-up + 4 = 10 in play")
    expect(page.locator("#record-dealer")).to_contain_text("Ana deals")
    screenshot("table", full_page=False)

    # 1. Bea plays juego and ties Carl 4-4 (Ana 1): a repuesto in the first puesta, 10 into the plato.
    hombre(page, "Bea")
    page.locator("label[for=id_bid_juego]").click()
    page.fill("#id_tricks__0__tricks", "12")
    page.fill("#id_tricks__1__tricks", "-1")  # not a count: no "12 of 9 tricks" while it is there
    expect(page.locator("#tricks-check")).to_have_text("")
    page.fill("#id_tricks__0__tricks", "")
    page.fill("#id_tricks__1__tricks", "")
    tap(page, 0, 4)  # Bea
    tap(page, 1, 4)  # Carl
    expect(page.locator("#id_tricks__2__tricks")).to_have_attribute("placeholder", "1")
    expect(page.locator("#tricks-check")).to_have_text("Ana: 1 (worked out).")
    page.locator("#field-tricks").scroll_into_view_if_needed()
    screenshot("record-form", full_page=False)
    save(page, 1)
    expect(page.locator("#breakdown")).to_contain_text("Bea pays 10 into the plato.")
    expect(page.locator("#conservation")).to_contain_text("Players −26 + plato 16 + middle 10 = 0 ✓")

    # 2. Bea deals; Carl (eldest) plays vuelta and ties Ana: a repuesto in the plato, 21 on the sheet, and
    # Carl pays his vuelta, 1, to each opponent.
    hombre(page, "Carl")
    page.locator("label[for=id_bid_vuelta]").click()
    tap(page, 0, 4)  # Carl
    tap(page, 1, 4)  # Ana
    save(page, 2)
    expect(page.locator("#puesta-1")).to_contain_text("Carl")
    expect(page.locator("#puesta-1")).to_contain_text("21")
    expect(page.locator("#sheet-open")).to_contain_text("1 open, 21 tantos")
    expect(page.locator("#situation")).to_contain_text("Reserved puesta: highest debt 21 + plato 18 = 39 in play")
    # Nets: Ana −6 + 1 = −5, Bea −15 − 1 + 1 = −15, Carl −5 − 2 = −7; plato 17, middle 10.
    expect(page.locator("#conservation")).to_contain_text("Players −27 + plato 17 + middle 10 = 0 ✓")
    table_url = page.url

    # Settle while Carl's 21 is open. Without it: 27 on the table, 9 each: Ana −5 + 9 = +4, Bea −15 + 9 = −6,
    # Carl −7 + 9 = +2, at 0.10 a tanto.
    settle(page, table_url, "No")
    expect(page.locator("#settle-result")).to_contain_text("Bea pays Ana 0.40 EUR")
    expect(page.locator("#settle-result")).to_contain_text("Bea pays Carl 0.20 EUR")
    # With it: Carl pays his 21 into the plato first, 48 on the table, 16 each: Ana −5 + 16 = +11,
    # Bea −15 + 16 = +1, Carl −7 − 21 + 16 = −12.
    settle(page, table_url, "Yes")
    expect(page.locator("#settle-result")).to_contain_text("Carl pays Ana 1.10 EUR")
    expect(page.locator("#settle-result")).to_contain_text("Carl pays Bea 0.10 EUR")
    screenshot("settle-open", full_page=False)
    page.goto(table_url)

    # A record that cannot be: 5 + 3 + 2 = 10 tricks, refused beside the tricks; nothing lost.
    hombre(page, "Ana")
    page.fill("#id_tricks__0__tricks", "5")
    page.fill("#id_tricks__1__tricks", "3")
    page.fill("#id_tricks__2__tricks", "2")
    page.locator("#record button[type=submit]").click()
    expect(page.locator("#id_tricks_error")).to_have_text("These tricks add up to 10: 1 more than 9.")
    expect(page.locator("#id_tricks__0__tricks")).to_have_value("5")
    page.locator("#field-tricks").scroll_into_view_if_needed()
    screenshot("refused", full_page=False)

    # 3. Corrected: Ana 5, Bea 3, Carl 1: Ana's sacado takes the plato and Carl's 21; the debt is crossed out.
    page.fill("#id_tricks__2__tricks", "1")
    save(page, 3)
    expect(page.locator("#breakdown")).to_contain_text("Carl pays the highest debt, 21, to Ana: crossed out.")
    expect(page.locator("#puesta-1")).to_contain_text("crossed out, deal 3")
    expect(page.locator("#conservation")).to_contain_text("= 0 ✓")
    page.reload()
    screenshot("after-sacado")

    # Settle up: nothing open now, so with and without the open puestas agree, and the page no longer asks (a
    # tester: a question whose answers change nothing). Nets: Ana −5 + 18 + 21 = +34, Bea −15,
    # Carl −7 − 1 − 21 = −29; the middle's 10 shared 3, 4 (Bea, after the dealer Ana), 3: Ana +37, Bea −11, Carl −26.
    settle(page, table_url)
    expect(page.locator("fieldset", has_text="Count the open reserved puestas")).to_have_count(0)
    expect(page.locator("#settle-result")).to_contain_text("Bea pays Ana 1.10 EUR")
    expect(page.locator("#settle-result")).to_contain_text("Carl pays Ana 2.60 EUR")
    screenshot("settle", full_page=False)


def test_an_ombre_night_at_four_on_a_phone(live_server, page: Page, screenshot):
    start(page, live_server.url, "ombre", PLAYERS + ["Dani"])
    expect(page.locator("#this-deal")).to_contain_text("Ana sits out")
    expect(page.locator("#stakes")).to_contain_text(
        "Stakes empty: each player dealt in puts in a greater counter (15).")
    expect(page.locator("#field-hombre label")).to_have_count(3)  # Ana deals and sits out
    expect(page.locator("#id_taken_in")).to_have_value("")  # no default: 0 would mean "without taking in"

    # A pass after the bid: Bea (eldest) bid game, so Carl cannot have passed.
    hombre(page, "Bea")
    page.locator("#field-passed label", has_text="Carl").click()
    page.fill("#id_taken_in", "3")
    tap(page, 0, 3)
    tap(page, 1, 3)
    page.locator("#record button[type=submit]").click()
    expect(page.locator("#id_passed_error")).to_have_text(
        "A pass after the bid: Bea bid game and the bidding stopped, so Carl did not pass.")
    screenshot("refused", full_page=False)
    page.locator("#field-passed label", has_text="Carl").click()
    save(page, 1)
    expect(page.locator("#breakdown")).to_contain_text("Repuesto: Bea pays the stakes' total, 18, in: 36 carried over.")
    expect(page.locator("#stakes")).to_contain_text("Stakes carried over: 36")
    expect(page.locator("#conservation")).to_contain_text("Players −36 + stakes 36 = 0 ✓")
    expect(page.locator("#this-deal")).to_contain_text("Bea sits out")
    screenshot("table", full_page=False)

    # Settle: the stakes, 36, shared 9 each: Ana 0 + 9, Bea −26 + 9 = −17, Carl and Dani −5 + 9 = +4, at
    # 0.10 a lesser counter.
    settle(page, page.url)
    expect(page.locator("#settle-result")).to_contain_text("Bea pays Ana 0.90 EUR")
    expect(page.locator("#settle-result")).to_contain_text("Bea pays Carl 0.40 EUR")
    expect(page.locator("#settle-result")).to_contain_text("Bea pays Dani 0.40 EUR")


def test_the_ledgers_toggle_shows_one_arrow_and_stays_open_as_deals_come_in(live_server, page: Page, screenshot):
    """The ledger folds under its check with our ▾ alone, as the other games' ledgers do (a tester saw the
    browser's triangle before the check as well); a watcher who opened it keeps it open as another phone records
    a deal, with the new nets. Bea wins a juego 5-2-2, then Ana one 6-2-1 (recorded as the API would)."""
    def tricks(**counts: int) -> list[dict[str, object]]:
        return [{"player": name, "tricks": n} for name, n in counts.items()]

    table = services.create_table(game="tresillo", players=PLAYERS, stake_minor=10, currency="EUR")
    services.record_deal(table, {"hombre": "Bea", "bid": "juego", "tricks": tricks(Bea=5, Carl=2, Ana=2)})
    page.set_default_timeout(8000)
    page.goto(f"{live_server.url}/t/{table.view_token}/")
    ledger = page.locator("#ledger")
    toggle = ledger.locator("summary")
    # No marker of the browser's (a summary is a list item with a disclosure triangle): only our ▾.
    assert toggle.evaluate("s => getComputedStyle(s).display !== 'list-item'"
                           " || getComputedStyle(s).listStyleType === 'none'")
    assert toggle.inner_text().count("▾") == 1
    toggle.scroll_into_view_if_needed()
    screenshot("toggle", full_page=False)

    toggle.click()
    bea = ledger.locator('tr[data-player="Bea"] td').first
    before = bea.inner_text()
    services.record_deal(table, {"hombre": "Ana", "bid": "juego", "tricks": tricks(Ana=6, Bea=2, Carl=1)})
    expect(page.locator("#next-up")).to_contain_text("2 deals")
    expect(ledger).to_have_attribute("open", "")
    expect(bea).not_to_have_text(before)
    expect(bea).to_be_visible()
