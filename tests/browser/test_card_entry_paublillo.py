"""A whole 4-player Paublillo deal entered card by card on a phone: from the table page, the contract (the turned
card tapped on the card picker; a slow double tap on "Start the cards" lands on nothing: "Change the contract" and
"Throw this deal away…" are links at the top), then 12 cards, each one or two taps (the suit's tab or the
face-down toggle, then the card), the vuelta played face down, the record the cards make, saved.

Deal V of games/paublillo/tests/test_cards.py, the 6 of oros turned: Bea takes trick 1 with the 2 of oros; Ana's
6 of copas face down is the vuelta, Luis's Horse of copas takes trick 2 and Ana leads the third, which her 7 of
oros (the only trump left) takes: B, A, A. No raise: team A scores 1."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from games.paublillo.tests.test_cards import DEAL_V
from scoring import services
from scoring.models import Deal
from tests.browser.test_card_entry import box_of, started_clear_of, tap_card


def test_a_paublillo_deal_with_the_vuelta_entered_card_by_card_on_a_phone(live_server, page: Page, screenshot):
    table = services.create_table(game="paublillo", players=["Ana", "Bea", "Luis", "Eva"], first_dealer=3)
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    page.locator("#card-by-card").click()
    expect(page.locator("#contract")).to_be_visible()
    turned = page.locator('[data-card-widget]:has(input[name="turned"])')
    turned.locator("[data-card-open]").click()
    turned.locator('[data-tab="O"]').click()
    turned.locator('[data-code="6O"]').click()
    expect(page.locator('input[name="turned"]')).to_have_value("6O")
    page.locator("#contract details.more summary").click()  # what a deal may also say: none of it here
    screenshot("contract")
    page.locator("#contract details.more summary").click()  # closed again, as a tester had it
    page.locator("#start-cards").scroll_into_view_if_needed()
    start = box_of(page, "#start-cards")
    page.locator("#start-cards").click()
    expect(page.locator(".play-turn")).to_contain_text("Ana to play")
    started_clear_of(page, start)  # "Change the contract" was right there (a tester's double tap landed on it)

    taps: list[int] = []
    codes = [c for trick in DEAL_V for c in trick.split()]
    for number, given in enumerate(codes, start=1):
        code, face_down = given.rstrip("*"), given.endswith("*")
        count = 0
        if face_down:
            expect(page.locator("[data-play-picker][data-ready]")).to_have_count(1)
            page.locator('label[for="face-down"]').click()
            count += 1
            expect(page.locator("#face-down")).to_be_checked()
        taps.append(count + tap_card(page, code, code[-1]))
        if number < len(codes):
            expect(page.locator(f'button[name="card"][value="{code}"]')).to_be_disabled()
        if face_down:
            chip = page.locator('.play-card[data-face-down]')
            expect(chip).to_contain_text("vuelta")  # the last card of the second trick, face down: the vuelta
            expect(chip).to_contain_text("Ana")
            screenshot("vuelta", full_page=False)
    assert max(taps) <= 2, taps
    print(f"taps per card: {sum(taps) / len(taps):.2f} on average, at most {max(taps)}: {taps}")

    derived = page.locator("#derived")
    expect(derived).to_contain_text("Ana's vuelta, face down: 6 of copas.")
    expect(derived).to_contain_text("Team A takes two tricks: B A A.")
    expect(page.locator(".play-trick-head")).to_have_count(3)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width  # no horizontal scroll at phone width
    screenshot("derived")
    page.locator("#save-cards").click()
    expect(page.get_by_text("Deal 1 saved.")).to_be_visible()
    deal = Deal.objects.get(table=table)
    assert deal.record["tricks"] == "BAA" and deal.record["plays"]["face_down"] == [7]
    assert len(deal.record["plays"]["cards"]) == 12 and deal.outcome["scores"] == [1, 0]



def test_a_card_the_server_refuses_says_why_on_the_page(live_server, page: Page):
    """A card refused is answered 400 with the page saying why; htmx drops an answer with an error status unless
    told (static/app/play.js): before, the tap did nothing at all. (A Save refused answers 409 or 429 the same
    way.) Here the button's card is made one the deck does not have, as a stale page could send."""
    table = services.create_table(game="paublillo", players=["Ana", "Bea", "Luis", "Eva"], first_dealer=3)
    page.goto(f"{live_server.url}/t/{table.edit_token}/play/")
    turned = page.locator('[data-card-widget]:has(input[name="turned"])')
    turned.locator("[data-card-open]").click()
    turned.locator('[data-tab="O"]').click()
    turned.locator('[data-code="6O"]').click()
    page.locator("#start-cards").click()
    tap_card(page, "4E", "E")
    expect(page.locator('button[name="card"][value="4E"]')).to_be_disabled()
    page.evaluate("""document.querySelector('button[name="card"][value="2E"]').value = "ZZ";""")
    tap_card(page, "ZZ", "E")
    expect(page.locator("#play-error")).to_contain_text("Tap a card of the deck.")
    expect(page.locator('button[name="card"][value="4E"]')).to_be_disabled()  # the card before, kept
