"""A whole 4-player French Tarot deal entered card by card on a phone: from the table page, the contract, then
72 cards, each one or two taps (the suit's tab, then the card), the record the cards make, saved. Along the way
Undo takes back the first card, a wrong card that proves a revoke, and the last card: each time the picker and
Undo stay where they were on the screen. "Throw this deal away…" and "Change the contract" are never where
"Start the cards" was, nor where Save is.

Deal A of games/tarot/tests/test_cards.py: S's Garde, 2 bouts, 53 points, the petit au bout: S +282."""

from __future__ import annotations

from typing import Any

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


def places(page: Page, tap: tuple[float, float] | None = None) -> dict[str, Any]:
    """Where the picker (the next card to pick) and Undo are on the screen; with ``tap``, whether a tap there would
    open "Throw this deal away…"."""
    return page.evaluate("""(tap) => {
      const top = (selector) => document.querySelector(selector)?.getBoundingClientRect().top ?? null;
      const under = tap && document.elementFromPoint(tap[0], tap[1]);
      return {picker: top("#picker"), undo: top("#undo-card"), discard: !!(under && under.closest("details.discard"))};
    }""", tap)


def undo_keeps_the_place(page: Page, played: int) -> None:
    """Undo, tapped where it is: afterwards the picker and Undo are where they were, whatever came or went above
    or below them, so a second quick tap there undoes another card, never "Throw this deal away…"."""
    expect(page.locator(".play-progress")).to_contain_text(f"{played} of 72 cards")
    undo = page.locator("#undo-card")
    undo.scroll_into_view_if_needed()
    box = undo.bounding_box()
    assert box is not None
    before = places(page)
    undo.click()
    expect(page.locator(".play-progress")).to_contain_text(f"{played - 1} of 72 cards")
    expect(page.locator("[data-play-picker][data-ready]")).to_have_count(1)
    after = places(page, (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
    assert not after["discard"], (before, after)
    # to a pixel (the page scrolls by whole device pixels); after the last card no picker, then one just above Undo
    assert after["undo"] is not None and abs(after["undo"] - before["undo"]) < 1, (before, after)
    if before["picker"] is not None:
        assert abs(after["picker"] - before["picker"]) < 1, (before, after)


def box_of(page: Page, selector: str) -> dict[str, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    """Whether two boxes on the screen share any point: a slow double tap on one may land on the other."""
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


TOP_LINKS = ("details.discard summary", "#change-contract")  # at the top of the cards, out of the thumb's way


def started_clear_of(page: Page, start: dict[str, float]) -> None:
    """Just after "Start the cards": a slow double tap where it was lands on neither link at the top, and Undo
    (wherever it is) is disabled before the first card."""
    for link in TOP_LINKS:
        assert not overlap(start, box_of(page, link)), (link, start)
    expect(page.locator("#undo-card")).to_be_disabled()


def test_a_whole_deal_entered_card_by_card_on_a_phone(live_server, page: Page, screenshot):
    table = services.create_table(game="tarot", players=["N", "E", "S", "W"], first_dealer=3)
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    page.locator("#card-by-card").click()
    expect(page.locator("#contract")).to_be_visible()
    for group, option in (("Taker", "S"), ("Contract", "Garde ×2")):
        radiogroup = page.get_by_role("radiogroup", name=group, exact=True)
        radiogroup.get_by_text(option, exact=True).click()
    page.locator("#start-cards").scroll_into_view_if_needed()
    start = box_of(page, "#start-cards")
    page.locator("#start-cards").click()
    expect(page.locator(".play-turn")).to_contain_text("N to play")
    started_clear_of(page, start)

    taps: list[int] = []
    cards = [c for trick in DEAL_A for c in trick.split()]
    for number, code in enumerate(cards, start=1):
        if number == 49:  # S leads N's 8♦ by mistake, proving a revoke in trick 12 (S trumped ♦): taken back
            tap_card(page, "8D", "D")
            expect(page.locator(".play-flag")).to_contain_text("Illegal play in trick 12, proven by trick 13")
            undo_keeps_the_place(page, number)
            expect(page.locator(".play-flag")).to_have_count(0)
        taps.append(tap_card(page, code, group_of(code)))
        if number < len(cards):
            expect(page.locator(f'button[name="card"][value="{code}"]')).to_be_disabled()
        if number == 4:
            screenshot("first-trick", full_page=False)
        if number in (1, len(cards)):  # the first card taken back, and the last: then played again
            undo_keeps_the_place(page, number)
            tap_card(page, code, group_of(code))
            expect(page.locator(".play-progress")).to_contain_text(f"{number} of 72 cards")
    assert max(taps) <= 2, taps
    print(f"taps per card: {sum(taps) / len(taps):.2f} on average, at most {max(taps)}")

    derived = page.locator("#derived")
    expect(derived).to_contain_text("The attack (S): 53 points and 2 bouts")
    expect(derived).to_contain_text("Petit au bout: to the attack.")
    expect(derived).to_contain_text("+282")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width  # no horizontal scroll at phone width
    screenshot("derived")
    for link in TOP_LINKS:
        assert not overlap(box_of(page, "#save-cards"), box_of(page, link)), link
    page.locator("#save-cards").click()
    expect(page.get_by_text("Deal 1 saved.")).to_be_visible()
    deal = Deal.objects.get(table=table)
    assert deal.record["points"] == "53" and len(deal.record["plays"]["cards"]) == 72
    assert deal.outcome["scores"] == [-94, -94, 282, -94]
