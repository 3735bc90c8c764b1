"""Burro end to end on a phone: three players start a table and record a whole game to B-U-R-R-O, with what
happens at a real table: a hand saved without a loser (refused beside the field), a misdeal, the last hand undone
and recorded again, a tie for the fewest letters, the decider only the tied players play, the winner, and
settling up at so much a letter.

Ana, Bea, Carl in the order of play; Ana deals first. Hand 1 Bea loses (B); 2 is a misdeal; Ana loses 3 to 7
and spells B-U-R-R-O: Carl, with no letter, wins. Hand 7 is undone: Carl loses hand 8 (B) and Ana hand 9
(B-U-R-R-O): Bea and Carl are tied with B. Carl loses the decider (B-U): Bea wins.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

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


def test_three_players_play_burro_to_a_decider(live_server, page: Page, screenshot):
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
