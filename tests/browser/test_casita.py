"""Casita Robada end to end on a phone: three players start a table for a match of first to 2 deals won, record
it deal by deal (a count per player, the last one left blank), see a count of 1 flagged as they type, a wrong total
refused beside the counts, the match end, the form closed, and settle up.

Ana, Bea and Carl in the order of play, 40 Spanish cards. Ana deals first, then Bea, then Carl.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

PLAYERS = ["Ana", "Bea", "Carl"]


def count(page: Page, seat: int, cards: str) -> None:
    page.fill(f"#id_captured__{seat}__cards", cards)


def save(page: Page, number: int) -> None:
    page.locator("#record button[type=submit]").click()
    expect(page.locator("#messages")).to_contain_text(f"Deal {number} saved")


def standing(page: Page, name: str):
    return page.locator("table.standings tr", has=page.locator("td.name", has_text=name)).locator("td.score")


def test_three_players_record_a_match_of_first_to_two(live_server, page: Page, screenshot):
    page.goto(f"{live_server.url}/new/casita/")
    for i, name in enumerate(PLAYERS):
        page.fill(f"#id_player_{i}", name)
    page.locator('label[for="id_opt_match_1"]').click()  # first to N deals won
    page.fill("#id_opt_target", "2")
    page.locator("#field-opt_deck").scroll_into_view_if_needed()
    screenshot("options", full_page=False)
    page.locator("#new-table button[type=submit]").click()
    expect(page.locator("#casita-match")).to_contain_text("First to 2 deals won wins the match.")
    expect(page.locator("#casita-match")).to_contain_text("The scores are deals won.")
    expect(page.locator("#next-up")).to_contain_text("Deals next: Ana · Starts: Bea")

    # 1. Ana 22, Bea 10, Carl left blank: the form shows he gets the other 8 and that Ana wins the deal.
    count(page, 0, "22")
    count(page, 1, "10")
    expect(page.locator("#id_captured__2__cards")).to_have_attribute("placeholder", "8")
    expect(page.locator("#count-check")).to_have_text("Carl gets the other 8. 40 of 40 cards. ✓ Ana wins the deal.")
    page.locator("#field-captured").scroll_into_view_if_needed()
    screenshot("counts", full_page=False)
    save(page, 1)
    expect(standing(page, "Ana")).to_have_text("1")
    expect(standing(page, "Carl")).to_have_text("0")
    expect(page.locator("#breakdown")).to_contain_text("Ana 22 · Bea 10 · Carl 8: 40 cards")
    expect(page.locator("#next-up")).to_contain_text("Deals next: Bea · Starts: Carl")

    # A pile never holds exactly one card: Ana 25 and Bea 14 would leave Carl 1, and the form says so at once.
    count(page, 0, "25")
    count(page, 1, "14")
    expect(page.locator("#count-check")).to_have_text(
        "Carl gets the other 1. 40 of 40 cards. Carl cannot have exactly 1 card: every capture takes at least two, "
        "the card played and one it matches.")
    expect(page.locator("#count-check")).to_have_class(re.compile(r"\boff\b"))

    # 2. Counts that add up to 38 are refused beside the counts, saying by how much; nothing is lost.
    count(page, 0, "12")
    count(page, 1, "14")
    count(page, 2, "12")
    expect(page.locator("#count-check")).to_have_text("38 of 40 cards: 2 still to count.")
    page.locator("#record button[type=submit]").click()
    error = page.locator("#field-captured > .field-error")
    expect(error).to_have_text("These counts add up to 38: 2 fewer than the 40 cards of the deck.")
    expect(page.locator("#id_captured__1__cards")).to_have_value("14")
    expect(standing(page, "Ana")).to_have_text("1")
    screenshot("refused", full_page=False)
    # Bea counted again: 16, not 14. Bea wins the deal.
    count(page, 1, "16")
    expect(page.locator("#count-check")).to_have_text("40 of 40 cards. ✓ Bea wins the deal.")
    save(page, 2)
    expect(standing(page, "Bea")).to_have_text("1")

    # 3. A misdeal: void, nobody wins it and the deal passes on (Carl dealt it; Ana deals next).
    page.locator("#record details.more summary").click()
    page.locator("label[for=id_void]").click()
    save(page, 3)
    expect(page.locator("#breakdown")).to_contain_text("Void deal")
    expect(page.locator("#next-up")).to_contain_text("Deals next: Ana · Starts: Bea")

    # 4. Ana 15, Bea 15, Carl 10: a tie for the most, both win the deal and both reach 2: the match is over,
    #    and they share it.
    count(page, 0, "15")
    count(page, 1, "15")
    expect(page.locator("#count-check")).to_have_text(
        "Carl gets the other 10. 40 of 40 cards. ✓ Ana and Bea tie for the most: each wins the deal.")
    save(page, 4)
    expect(page.locator("#game-over")).to_contain_text("Winners: Ana, Bea")
    expect(standing(page, "Ana")).to_have_text("2")
    expect(standing(page, "Bea")).to_have_text("2")
    expect(page.locator("#breakdown")).to_contain_text("The match is over: Ana and Bea share the win.")
    expect(page.get_by_role("button", name="Rematch")).to_be_visible()  # the form gives way to the rematch
    expect(page.locator("#record input")).to_have_count(0)
    page.reload()
    screenshot("match-over")

    # Settle up by the difference in deals won: Carl (0) pays 2 × 1.00 once, and Ana and Bea (2 each), tied,
    # share it: 1.00 each.
    page.locator("a", has_text="Settle up").click()
    page.fill("#id_stake", "1")
    page.locator("#settle-body button[type=submit]").click()
    transfers = page.locator("#settle-result li")
    expect(transfers).to_have_count(2)
    expect(transfers.nth(0)).to_contain_text("Carl pays Ana")
    expect(transfers.nth(0)).to_contain_text("1.00 EUR")
    expect(transfers.nth(1)).to_contain_text("Carl pays Bea")
    expect(transfers.nth(1)).to_contain_text("1.00 EUR")
    screenshot("settle")


def test_the_referee_on_a_phone(live_server, page: Page, screenshot):
    """From the rules page to the referee: a 5 that matches both a centre card and a pile's top may not take the
    centre card (it steals the pile instead); then the seed's own example, card by card."""
    page.goto(f"{live_server.url}/rules/casita/")
    expect(page.locator("#stealing")).to_contain_text("Stealing a pile")
    screenshot("rules", full_page=False)
    page.goto(f"{live_server.url}/referee/casita/")
    page.locator("a", has_text="may I take the centre 5?").click()
    expect(page.locator("#verdict")).to_have_text("NOT LEGAL")
    expect(page.locator("#rule")).to_have_text("Stealing a pile")
    expect(page.locator("#ruling")).to_contain_text("you steal that whole pile")
    expect(page.locator("#rule-quote")).to_contain_text("steal that whole pile instead of capturing from the centre")
    screenshot("not-legal", full_page=False)

    page.fill("#id_card", "")
    page.fill("#id_hand", "10O 6C 5E")
    page.fill("#id_centre", "6B 2O 12C")
    page.fill("#id_piles", "5B")
    page.locator('label[for="id_question_0"]').click()
    page.locator("#referee-body button[type=submit]").click()
    reasons = page.locator("#ruling li")
    expect(reasons).to_have_count(3)
    expect(reasons.nth(0)).to_contain_text("it stays in the centre")
    expect(reasons.nth(1)).to_contain_text("6 of copas captures 6 of bastos from the centre")
    expect(reasons.nth(2)).to_contain_text(
        "5 of espadas matches the top of the 5 of bastos pile: you steal that whole pile")
    screenshot("hand")


def test_a_table_in_spanish_with_two_players(live_server, page: Page, screenshot):
    """Two players, the 48-card deck, in Spanish: one count typed, the other worked out, the deal won."""
    page.goto(f"{live_server.url}/new/casita/")
    page.locator("button[name=language][value=es]").click()
    page.fill("#id_player_0", "Lucía")
    page.fill("#id_player_1", "Mateo")
    page.locator('label[for="id_opt_deck_1"]').click()  # Spanish, 48 cards
    page.locator("#new-table button[type=submit]").click()
    expect(page.locator("#casita-match")).to_contain_text("Una partida de una mano.")
    count(page, 1, "26")
    expect(page.locator("#count-check")).to_have_text(
        "Lucía se lleva el resto: 22. 48 de 48 cartas. ✓ Mateo gana la mano.")
    screenshot("counts", full_page=False)
    page.locator("#record button[type=submit]").click()
    expect(page.locator("#game-over")).to_contain_text("Mateo")
    expect(page.locator("#breakdown")).to_contain_text("Mateo gana la mano con 26 cartas.")
    expect(page.get_by_role("button", name="Revancha")).to_be_visible()
    screenshot("over", full_page=False)
