"""Burro end to end on a phone: three players start a table and record a whole game to B-U-R-R-O, with what
happens at a real table: a hand saved without a loser (refused beside the field), a misdeal, the last hand undone
and recorded again, a tie for the fewest letters, the decider only the tied players play, the winner, and
settling up at so much a letter; then the rematch, which a friend's phone watching the finished game follows, and
one settle-up for the whole night, another game of the night added to it and taken out again.

Ana, Bea, Carl in the order of play; Ana deals first. Hand 1 Bea loses (B); 2 is a misdeal; Ana loses 3 to 7
and spells B-U-R-R-O: Carl, with no letter, wins. Hand 7 is undone: Carl loses hand 8 (B) and Ana hand 9
(B-U-R-R-O): Bea and Carl are tied with B. Carl loses the decider (B-U): Bea wins. The rematch: Bea loses a hand
(B), Ana five (B-U-R-R-O): Carl wins.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from scoring import services

PLAYERS = ["Ana", "Bea", "Carl"]


def lose(page: Page, name: str) -> None:
    """Tap who was left holding cards."""
    page.locator("#field-loser label", has_text=name).click()
    expect(page.locator("#field-loser").get_by_role("radio", name=name, exact=True)).to_be_checked()


def save(page: Page, number: int) -> None:
    page.locator("#record button[type=submit]").click()
    expect(page.locator("#messages")).to_contain_text(f"Deal {number} saved")


def letters(page: Page) -> dict[str, str]:
    """Each player's letters as the standings show them, best first."""
    rows = page.locator("table.standings tbody tr")
    shown = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        name = row.locator("td.name").inner_text().split("\n")[0].strip()
        shown[name] = row.locator("td.score").inner_text().strip()
    return shown


def test_three_players_play_burro_to_a_decider_then_a_rematch_and_settle_the_whole_night(
        live_server, page: Page, browser, browser_context_args, screenshot):
    page.goto(f"{live_server.url}/new/burro/")
    for i, name in enumerate(PLAYERS):
        page.fill(f"#id_player_{i}", name)
    page.fill("#id_stake", "0.50")
    page.locator("#new-table button[type=submit]").click()
    expect(page.locator("#burro-variant")).to_contain_text("Spanish, 48 cards: deal 4, draw until you can follow")
    # 48 cards, 4 each to three players: 36 stay in the stock.
    expect(page.locator("#burro-turn")).to_have_text("Next hand: 4 cards each; 36 stay in the stock.")
    expect(page.locator("#next-up")).to_contain_text("Deals next: Ana · Leads: Bea")
    screenshot("start", full_page=False)

    # A hand saved without naming anyone is refused beside the field, and nothing is saved.
    page.locator("#record button[type=submit]").click()
    expect(page.locator("#field-loser .field-error")).to_have_text("Who was left holding cards? Tap their name.")
    expect(page.get_by_role("radiogroup", name="Who was left holding cards?")).to_be_visible()
    expect(page.locator("#no-deals")).to_be_visible()

    # 1. Bea is left holding cards: B.
    lose(page, "Bea")
    save(page, 1)
    assert letters(page) == {"Ana": "—", "Carl": "—", "Bea": "B"}
    expect(page.locator("#breakdown")).to_contain_text("Bea was left holding cards and takes a letter, now B.")

    # 2. A misdeal: nobody takes a letter, the deal passes on.
    page.locator("#record summary", has_text="Misdeal?").click()
    page.locator("label[for=id_void]").click()
    save(page, 2)
    expect(page.locator("#breakdown")).to_contain_text("Misdeal: nobody takes a letter.")
    expect(page.locator("#next-up")).to_contain_text("Deals next: Carl")

    # 3–7. Ana loses five hands running: B, B-U, B-U-R, B-U-R-R, B-U-R-R-O. The fifth letter ends the game.
    for number in range(3, 8):
        lose(page, "Ana")
        save(page, number)
    expect(page.locator("#game-over")).to_contain_text("Winner: Carl")  # Carl has no letter, Bea has B
    assert letters(page) == {"Carl": "—", "Bea": "B", "Ana": "B-U-R-R-O"}
    expect(page.locator("#breakdown")).to_contain_text("Ana has spelled BURRO: the game is over.")
    expect(page.get_by_role("button", name="Rematch")).to_be_visible()  # the form gives way to the rematch
    expect(page.locator("form#record")).to_have_count(0)
    screenshot("game-over", full_page=False)

    # Undo the last hand and record it the other way: Carl is left holding cards (B), then Ana (B-U-R-R-O):
    # Bea and Carl are tied with B, and play the decider.
    page.locator("details.undo summary").click()
    page.locator("details.undo button[type=submit]").click()
    expect(page.locator("#messages")).to_contain_text("Deal 7 undone.")
    lose(page, "Carl")
    save(page, 7)  # the undone deal's number, taken again: no gap
    lose(page, "Ana")
    save(page, 8)
    expect(page.locator("#game-over")).to_contain_text("Winners: Bea, Carl")
    expect(page.locator("#burro-tie")).to_contain_text("Bea and Carl are tied for the fewest letters.")
    expect(page.locator("#field-loser legend")).to_have_text("Who lost the decider?")
    expect(page.get_by_role("radiogroup", name="Who lost the decider?")).to_be_visible()  # named as the legend
    expect(page.locator("#field-loser label")).to_have_text(["Bea", "Carl"])  # Ana is not in it
    # Only the tied players are dealt in: 48 − 2 × 4 = 40 in the stock; the deal keeps turning.
    expect(page.locator("#burro-turn")).to_have_text("Decider: 4 cards each to Bea and Carl; 40 stay in the stock.")
    page.locator("#field-loser").scroll_into_view_if_needed()
    screenshot("decider", full_page=False)

    # 10. The decider: Carl loses it and takes a letter (B-U); Bea wins with B.
    lose(page, "Carl")
    save(page, 9)
    expect(page.locator("#game-over")).to_contain_text("Winner: Bea")
    assert letters(page) == {"Bea": "B", "Carl": "B-U", "Ana": "B-U-R-R-O"}
    expect(page.locator("#breakdown")).to_contain_text("Decider between Bea and Carl: Carl lost it and takes a "
                                                       "letter, now B-U.")
    screenshot("winner")

    # Settle up at 0.50 a letter: Ana pays 5 − 1 = 4 letters (2.00), Carl 2 − 1 = 1 (0.50), to Bea.
    page.locator("a", has_text="Settle up").click()
    expect(page.locator("label[for=id_stake]")).to_have_text("Stake per letter")
    page.locator("#settle-body button[type=submit]").click()
    transfers = page.locator("#settle-result ol li")
    expect(transfers).to_have_count(2)
    expect(transfers.nth(0)).to_contain_text("Ana pays Bea")
    expect(transfers.nth(0)).to_contain_text("2.00")
    expect(transfers.nth(1)).to_contain_text("Carl pays Bea")
    expect(transfers.nth(1)).to_contain_text("0.50")
    screenshot("settle")

    # A friend's phone watches the finished game by its view link; the scorekeeper taps Rematch. At its next poll,
    # without a reload, the friend's page says a new game has started and links the rematch's view link.
    table_url = page.url.split("settle/")[0]
    page.goto(table_url + "share/")
    view_url = page.locator("#link-view").input_value()
    watching = browser.new_context(**browser_context_args)
    try:
        watcher = watching.new_page()
        watcher.goto(view_url)
        expect(watcher.locator("#game-over")).to_contain_text("Winner: Bea")
        watcher.evaluate("window.notReloaded = true")  # gone if the page were loaded again
        page.goto(table_url)
        page.get_by_role("button", name="Rematch").click()
        expect(page.locator("#no-deals")).to_be_visible()
        expect(watcher.locator("#new-game")).to_have_text(
            "A new game has started: the rematch, at a new table with the same players.", timeout=6000)
        assert watcher.evaluate("window.notReloaded") is True
        watcher.screenshot(path=str(screenshot("rematch", full_page=False).with_name(
            "test_three_players_play_burro_to_a_decider_then_a_rematch_and_settle_the_whole_night-watcher.png")))
        watcher.get_by_role("link", name="Go to the rematch").click()
        expect(watcher.locator("#players-line")).to_contain_text("view only")  # its view link, never the edit one
        expect(watcher.locator("#no-deals")).to_be_visible()
    finally:
        watching.close()

    # The rematch: Bea loses a hand, Ana five; Carl, with no letter, wins.
    lose(page, "Bea")
    save(page, 1)
    for number in range(2, 7):
        lose(page, "Ana")
        save(page, number)
    expect(page.locator("#game-over")).to_contain_text("Winner: Carl")

    # The whole night at 0.50 a letter. Game 1: Ana −4 letters (−2.00), Carl −1 (−0.50), Bea +2.50. The rematch:
    # Ana pays Carl 5 letters (2.50), Bea 1 (0.50): Carl +3.00. Table by table, 4 payments (Bea and Carl paying
    # each other 0.50 back and forth); the night, Ana −2.00 − 2.50 = −4.50, Bea +2.50 − 0.50 = +2.00, Carl −0.50 +
    # 3.00 = +2.50: Ana pays Bea 2.00 and Carl 2.50.
    page.locator("a", has_text="Settle up").click()
    expect(page.locator("#to-night")).to_have_text("The whole night: 2 payments settle every game at once ↓")
    night = page.locator("#night ol li")
    expect(night).to_have_count(2)
    expect(night.nth(0)).to_contain_text("Ana pays Bea")
    expect(night.nth(0)).to_contain_text("2.00 EUR")
    expect(night.nth(1)).to_contain_text("Ana pays Carl")
    expect(night.nth(1)).to_contain_text("2.50 EUR")
    page.locator("#to-night").click()
    expect(page.locator("#night-title")).to_be_in_viewport()  # the link takes them to the night's payments
    page.wait_for_timeout(500)  # the smooth scroll ends
    screenshot("whole-night", full_page=False)

    # Earlier that night, on this phone, Ana, Bea and Dora had played a round of Pablo at 0.10 a point: Ana called
    # with 1, strictly the fewest (−5), Bea 7, Dora 9: Bea pays 7 + 5 = 12 points (1.20), Dora 14 (1.40), Ana
    # +2.60. Added to the night (at its own stake: a point is not a letter): Ana −4.50 + 2.60 = −1.90, Bea +2.00 −
    # 1.20 = +0.80, Carl +2.50, Dora −1.40 (Pablo only); no two of them cancel out: 3 payments.
    device = next(c["value"] for c in page.context.cookies() if c["name"] == "sessionid")
    pablo = services.create_table(game="pablo", players=["Ana", "Bea", "Dora"], stake_minor=10, currency="EUR",
                                  device=device)
    services.record_deal(pablo, {"caller": "Ana", "hands": [{"player": "Ana", "points": 1},
                                                            {"player": "Bea", "points": 7},
                                                            {"player": "Dora", "points": 9}]})
    page.reload()
    page.locator("#add-game summary").click()
    page.locator("#add-game button[type=submit]").click()  # nothing chosen: said beside the choice
    expect(page.locator("#add-game .invalid-feedback")).to_have_text("Choose the game to add.")
    page.locator("#add-game label", has_text="Pablo").click()
    screenshot("add-game", full_page=False)
    page.locator("#add-game button[type=submit]").click()
    expect(page.locator(".alert", has_text="Pablo is added to tonight's settle-up.")).to_be_visible()
    expect(page.locator("#to-night")).to_have_text("The whole night: 3 payments settle every game at once ↓")
    expect(page.locator("#night")).to_contain_text(
        "is a different card game: it counts at its own stake, 0.10 EUR per point.")
    rows = page.locator("#night-players tbody tr")
    expect(rows).to_have_count(4)
    expect(page.locator("#night-players")).to_contain_text("Dora")
    expect(page.locator("#night-players")).to_contain_text("−1.40 EUR")
    expect(page.locator("#night-players")).to_contain_text("−1.90 EUR")
    page.locator("#night").scroll_into_view_if_needed()
    screenshot("night-with-another-game", full_page=False)

    # Taken out again: the night is the two games of Burro.
    page.get_by_role("button", name="Take it out of tonight's settle-up").click()
    expect(page.locator(".alert", has_text="Pablo is no longer in tonight's settle-up.")).to_be_visible()
    expect(page.locator("#to-night")).to_have_text("The whole night: 2 payments settle every game at once ↓")


def test_the_referee_rules_on_following_suit_and_drawing(live_server, page: Page, screenshot):
    """At the table someone plays a copas on an oros lead while holding oros: the referee says no, citing the
    rule; then, in the Portuguese game, a player who has just drawn an oros may keep drawing."""
    page.goto(f"{live_server.url}/referee/burro/")
    page.get_by_role("link", name="I hold the suit led: must I play it?").click()
    expect(page.locator("#verdict")).to_have_text("NOT LEGAL")
    expect(page.locator("#rule")).to_have_text("Follow suit")
    expect(page.locator("#ruling")).to_contain_text("The suit led is oros and you hold some: play one of them.")
    screenshot("follow-suit", full_page=False)
    page.locator("summary", has_text="Examples: tap one to try it").click()  # folded once a ruling shows
    page.get_by_role("link", name="Portuguese: I have just drawn a card of the suit led. May I keep drawing?").click()
    expect(page.locator("#verdict")).to_have_text("LEGAL")
    expect(page.locator("#rule")).to_have_text("Portuguese: you may keep drawing")
    page.locator("#ruling").scroll_into_view_if_needed()
    screenshot("keep-drawing", full_page=False)
