"""A whole 4-player French Tarot deal entered card by card on a phone: from the table page, the contract, then
72 cards, each one or two taps (the suit's tab, then the card), the record the cards make, saved.

Deal A of games/tarot/tests/test_cards.py: S's Garde, 2 bouts, 53 points, the petit au bout: S +282."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from games.tarot.tests.test_cards import DEAL_A
from scoring import services
from scoring.models import Deal

MINUS = "\u2212"


def group_of(code: str) -> str:
    return "T" if code.startswith("T") or code == "EX" else code[-1]


def tap_card(page: Page, code: str, group: str) -> int:
    """Tap ``code`` on the card-by-card picker, its suit's tab first if another suit is shown: the taps it took."""
    taps = 0
    expect(page.locator("[data-play-picker][data-ready]")).to_have_count(1)  # play.js has shown one suit
    grid = page.locator(f'[data-play-group="{group}"]')
    if not grid.is_visible():
        page.locator(f'[data-play-tab="{group}"]').click()
        taps += 1
    grid.locator(f'button[value="{code}"]').click()
    return taps + 1


def test_a_whole_deal_entered_card_by_card_on_a_phone(live_server, page: Page, screenshot):
    table = services.create_table(game="tarot", players=["N", "E", "S", "W"], first_dealer=3)
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    page.locator("#card-by-card").click()
    expect(page.locator("#contract")).to_be_visible()
    for group, option in (("Taker", "S"), ("Contract", "Garde ×2")):
        radiogroup = page.get_by_role("radiogroup", name=group, exact=True)
        radiogroup.get_by_text(option, exact=True).click()
    page.locator("#start-cards").click()
    expect(page.locator(".play-turn")).to_contain_text("N to play")

    taps: list[int] = []
    cards = [c for trick in DEAL_A for c in trick.split()]
    for number, code in enumerate(cards, start=1):
        taps.append(tap_card(page, code, group_of(code)))
        if number < len(cards):
            expect(page.locator(f'button[name="card"][value="{code}"]')).to_be_disabled()
        if number == 4:
            screenshot("first-trick", full_page=False)
    assert max(taps) <= 2, taps
    print(f"taps per card: {sum(taps) / len(taps):.2f} on average, at most {max(taps)}")

    derived = page.locator("#derived")
    expect(derived).to_contain_text("The attack (S): 53 points and 2 bouts")
    expect(derived).to_contain_text("Petit au bout: to the attack.")
    expect(derived).to_contain_text("+282")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width  # no horizontal scroll at phone width
    screenshot("derived")
    page.locator("#save-cards").click()
    expect(page.get_by_text("Deal 1 saved.")).to_be_visible()
    deal = Deal.objects.get(table=table)
    assert deal.record["points"] == "53" and len(deal.record["plays"]["cards"]) == 72
    assert deal.outcome["scores"] == [-94, -94, 282, -94]
