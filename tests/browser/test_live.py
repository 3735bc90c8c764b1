"""Two phones recording at one table: the live view brings this phone the other's deal, and the record form
follows it (it stayed on the deal recorded meanwhile, its hidden number too, so that its Save was refused; found
by a tester). A form nobody has started becomes the form for the next deal, as the server draws it (its number,
who deals); a form holding entries keeps them, all of them, as the next deal, and says why above them: they may
be the very deal the other phone recorded."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import Deal
from tests.browser.test_offline import choose, fill_plain_garde

ANOTHER_PHONES_DEAL = {"taker": "N", "contract": "prise", "bouts": 1, "points": 51}


def test_a_form_nobody_has_started_follows_the_deal_another_phone_records(live_server, page: Page, screenshot):
    """Pablo's form says who deals the round: after the other phone's round 1 (Alice lowest, Carla highest),
    Carla deals and Alice starts round 2."""
    table = services.create_table(game="pablo", players=["Alice", "Ben", "Carla", "Dev"],
                                  options={"variant": "english"})
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    expect(page.locator("#pablo-round")).to_have_text("English variant: Alice deals, Ben starts.")
    services.record_deal(table, {"caller": "Alice", "hands": [
        {"player": "Alice", "points": 3}, {"player": "Ben", "points": 12},
        {"player": "Carla", "points": 20}, {"player": "Dev", "points": 7}]})
    expect(page.locator("#next-up")).to_contain_text("Deals next: Carla", timeout=10_000)
    expect(page.get_by_role("heading", name="Record deal 2")).to_be_visible()
    expect(page.locator('#record [name="deal_number"]')).to_have_value("2")
    expect(page.locator("#pablo-round")).to_have_text("English variant: Carla deals, Alice starts.")
    expect(page.locator("#record [data-outbox-message]")).to_have_count(0)  # nothing of this phone's to explain
    screenshot()

    page.locator("#field-caller label", has_text="Ben").click()
    for row, points in enumerate((4, 2, 9, 11)):
        page.fill(f"#id_hands__{row}__points", str(points))
    page.locator("#record button[type=submit]").click()
    expect(page.locator("#messages")).to_contain_text("Deal 2 saved")
    assert [deal.number for deal in Deal.objects.filter(table=table).order_by("number")] == [1, 2]


def test_entries_typed_when_another_phone_records_a_deal_are_kept_as_the_next_deal(live_server, page: Page,
                                                                                 screenshot):
    """E's Garde is entered on this phone while the other phone records N's Prise as deal 1: this phone's
    entries stay, as deal 2, with the words the server says when it refuses such a save; saved, they are deal 2."""
    table = services.create_table(game="tarot", players=["N", "S", "E", "W"])
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    expect(page.get_by_role("heading", name="Record deal 1")).to_be_visible()
    fill_plain_garde(page)
    services.record_deal(table, ANOTHER_PHONES_DEAL)
    expect(page.locator("#next-up")).to_contain_text("1 deal", timeout=10_000)
    expect(page.get_by_role("heading", name="Record deal 2")).to_be_visible()
    expect(page.locator('#record [name="deal_number"]')).to_have_value("2")
    expect(page.locator("#record [data-outbox-message]")).to_have_text(
        "Deal 1 was just recorded by another phone. Here it is; nothing was lost. Your entries are kept below as "
        "deal 2: save them only if they are another deal.")
    for group, option in (("Taker", "E"), ("Contract", "Garde ×2"), ("Bouts held by the attack", "2")):
        expect(page.get_by_role("radiogroup", name=group, exact=True).get_by_role("radio", name=option)).to_be_checked()
    expect(page.get_by_role("textbox", name="Card points")).to_have_value("49")
    screenshot()

    choose(page, "Bouts held by the attack", "2")  # still the person's to change
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#messages")).to_contain_text("Deal 2 saved")
    expect(page.get_by_role("heading", name="Record deal 3")).to_be_visible()
    deals = list(Deal.objects.filter(table=table).order_by("number"))
    assert [(deal.number, deal.record["taker"]["name"]) for deal in deals] == [(1, "N"), (2, "E")]
