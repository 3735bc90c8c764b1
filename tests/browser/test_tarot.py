"""French Tarot on a phone, end to end: what a person at the table lives through.

Each test is a story: start a table and score the FFT's worked examples, a five-player deal with a partner,
undo / restore / edit, a bad entry, a second phone following live, settling up. Locators are the ones a person
(or a screen reader) uses: roles, accessible names and labels.

The golden numbers come from /work/shared/RULINGS.md (French Tarot, the FFT's five worked examples).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

import pytest
from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import Deal

MINUS = "−"  # the app prints a real minus sign

CONTRACTS = {
    "prise": "Prise (Petite) ×1",
    "garde": "Garde ×2",
    "garde_sans": "Garde sans le chien ×4",
    "garde_contre": "Garde contre le chien ×6",
}
SIDES = {"attack": "Attack", "defence": "Defence"}
POIGNEES = {"simple": "Simple (+20)", "double": "Double (+30)", "triple": "Triple (+40)"}
CHELEMS = {"announced_made": "Announced and made (+400)"}

# The FFT rulebook's five worked deals (4 players N, S, E, W), as records for the services layer...
FFT_RECORDS: list[dict] = [
    {"taker": "E", "contract": "garde", "bouts": 2, "points": 49,
     "poignees": [{"side": "attack", "size": "simple"}], "petit_au_bout": "attack"},
    {"taker": "W", "contract": "garde_sans", "bouts": 2, "points": 45, "petit_au_bout": "defence"},
    {"taker": "S", "contract": "prise", "bouts": 2, "points": 34,
     "poignees": [{"side": "attack", "size": "simple"}], "petit_au_bout": "attack"},
    {"taker": "N", "contract": "garde", "bouts": 2, "points": 52,
     "poignees": [{"side": "defence", "size": "simple"}]},
    {"taker": "S", "contract": "garde", "bouts": 2, "points": 87, "chelem": "announced_made",
     "poignees": [{"side": "attack", "size": "simple"}], "petit_au_bout": "attack"},
]
# ... and what each one gives (RULINGS.md): 1. E +318, others −106;  2. W +228, others −76;
# 3. S −126, others +42;  4. N +276, others −92;  5. S +1746, others −582.
FFT_TOTALS = {"N": -446, "S": 1346, "E": -390, "W": -510}
AFTER_FOUR = {"N": -446 + 582, "S": 1346 - 1746, "E": -390 + 582, "W": -510 + 582}  # deal 5 taken back


# -- helpers: what a person does on the page ------------------------------------------------------------

def signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"{MINUS}{-value}" if value < 0 else "0"


def choose(scope, group: str, option: str, nth: int = 0) -> None:
    """Tap the segmented button ``option`` of the radio group named ``group`` (its label is what shows)."""
    radiogroup = scope.get_by_role("radiogroup", name=group, exact=True).nth(nth)
    radiogroup.get_by_text(option, exact=True).click()
    expect(radiogroup.get_by_role("radio", name=option, exact=True)).to_be_checked()


def open_more(page: Page) -> None:
    """Open the "More ▾" section of the record form (it is a <details>)."""
    more = page.get_by_text("More ▾")
    if not more.locator("xpath=..").evaluate("d => d.open"):
        more.click()
    expect(page.get_by_role("radiogroup", name="Petit au bout")).to_be_visible()


def fill_deal(page: Page, *, taker: str, contract: str, bouts: int, points: int | str,
              partner: str | None = None, poignees: Iterable[tuple[str, str]] = (),
              petit_au_bout: str | None = None, chelem: str | None = None) -> None:
    """Fill the record form as a player would: tap, tap, tap, type the points, and the extras behind More."""
    choose(page, "Taker", taker)
    choose(page, "Contract", CONTRACTS[contract])
    if partner is not None:
        choose(page, "Partner (the called card's holder)", partner)
    choose(page, "Bouts held by the attack", str(bouts))
    points_box = page.get_by_role("textbox", name="Card points")
    points_box.click()
    points_box.press("Control+a")
    points_box.press_sequentially(str(points))
    poignees = list(poignees)
    if poignees or petit_au_bout or chelem:
        open_more(page)
    for row, (side, size) in enumerate(poignees):
        choose(page, "Shown by", SIDES[side], nth=row)
        choose(page, "Size", POIGNEES[size], nth=row)
    if petit_au_bout:
        choose(page, "Petit au bout", SIDES[petit_au_bout])
    if chelem:
        choose(page, "Chelem", CHELEMS[chelem])


def save_deal(page: Page, number: int) -> None:
    """Tap Save and wait for the table to come back ready for the next deal."""
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("alert").filter(has_text=f"Deal {number} saved.")).to_be_visible()
    expect(page.get_by_role("heading", name=f"Record deal {number + 1}")).to_be_visible()


def expect_totals(page: Page, totals: Mapping[str, int]) -> None:
    """The standings, best first (ties in seating order, sharing their place: 1, 2, 2, 4), each row: rank, name,
    signed total."""
    seats = list(totals)
    ranking = sorted(totals.items(), key=lambda kv: (-kv[1], seats.index(kv[0])))
    ranks = [1 + sum(other > total for _name, other in ranking) for _name, total in ranking]
    rows = page.get_by_role("table", name="Standings").get_by_role("row")
    expect(rows).to_have_text([
        re.compile(rf"^\s*{rank}\s+{re.escape(name)}\b.*\s{re.escape(signed(total))}\s*$", re.S)
        for rank, (name, total) in zip(ranks, ranking, strict=True)
    ])


def expect_fits_phone(page: Page) -> None:
    """Nothing wider than the phone: a page that overflows sideways makes the browser zoom out and shift."""
    width, phone = page.evaluate("document.documentElement.scrollWidth"), page.viewport_size["width"]
    assert width <= phone, f"the page is {width}px wide on a {phone}px phone"


def new_table(page: Page, live_server, names: list[str], *, from_home: bool = True) -> None:
    """Start a French Tarot table from the home page, typing the names seat by seat."""
    if from_home:
        page.goto(live_server.url)
        page.get_by_role("link", name=re.compile(r"^French Tarot")).click()
    else:
        page.goto(f"{live_server.url}/new/tarot/")
    expect(page.get_by_role("heading", name="New table")).to_be_visible()
    for seat, name in enumerate(names, start=1):
        page.get_by_role("textbox", name=f"Player {seat}.", exact=True).press_sequentially(name)
    dealers = page.get_by_role("radiogroup", name="First dealer")  # a button per name, none for an empty seat
    expect(dealers.locator("label:visible")).to_have_text(names)
    assert all(box["height"] < 60 for box in (label.bounding_box() for label in dealers.locator("label:visible").all()))
    page.get_by_role("button", name="Start the table").click()
    expect(page.get_by_role("heading", name="Record deal 1")).to_be_visible()
    expect(page.get_by_text(" → ".join(names), exact=True)).to_be_visible()


@pytest.fixture
def fft_table(db):
    """A 4-player table (N, S, E, W; N deals first) holding the FFT's five deals, recorded server-side."""
    table = services.create_table(game="tarot", players=["N", "S", "E", "W"])
    for record in FFT_RECORDS:
        services.record_deal(table, record)
    return table


# -- 1. the FFT's five worked deals, typed on the phone ----------------------------------------------------

def test_fft_worked_examples_through_the_form(live_server, page: Page, screenshot):
    new_table(page, live_server, ["N", "S", "E", "W"])
    expect_totals(page, {"N": 0, "S": 0, "E": 0, "W": 0})
    expect(page.get_by_text("No deals yet.")).to_be_visible()
    screenshot("empty")

    fill_deal(page, taker="E", contract="garde", bouts=2, points=49,
              poignees=[("attack", "simple")], petit_au_bout="attack")
    save_deal(page, 1)
    # (25 + 8) × 2 = 66, +20 poignée, +20 petit au bout = 106 → E +318, each defender −106
    expect_totals(page, {"N": -106, "S": -106, "E": 318, "W": -106})

    fill_deal(page, taker="W", contract="garde_sans", bouts=2, points=45, petit_au_bout="defence")
    save_deal(page, 2)
    fill_deal(page, taker="S", contract="prise", bouts=2, points=34,
              poignees=[("attack", "simple")], petit_au_bout="attack")
    save_deal(page, 3)
    fill_deal(page, taker="N", contract="garde", bouts=2, points=52, poignees=[("defence", "simple")])
    save_deal(page, 4)
    fill_deal(page, taker="S", contract="garde", bouts=2, points=87, chelem="announced_made",
              poignees=[("attack", "simple")], petit_au_bout="attack")
    screenshot("deal-5-filled")
    save_deal(page, 5)

    expect_totals(page, FFT_TOTALS)
    # The last deal's breakdown: (46 + 25) × 2 + 20 + 20 + 400 = 582 → S +1746, others −582.
    expect(page.get_by_role("heading", name="Deal 5", exact=True)).to_be_visible()
    breakdown = page.locator("#breakdown").get_by_role("listitem")
    expect(breakdown).to_have_text([
        f"Garde, 2 bouts, 87 points: 87 {MINUS} 41 = 46",
        "Made by 46: (25 + 46) × 2 = 142",
        "Petit au bout to the attack: 10 × 2 = +20",
        "Simple poignée: +20",
        "Poignées are not multiplied and go to the side that wins the deal: the attack.",
        "Chelem announced and made: +400",
        "→ Each defender −582; taker S +1746",
    ])
    expect(page.locator("#last-scores")).to_have_text(
        re.compile(rf"N {MINUS}582\s*S \+1746\s*E {MINUS}582\s*W {MINUS}582"))
    # N dealt first; the deal passes round the table in the order of play: N, S, E, W, N → S deals the 6th.
    expect(page.locator("#next-up")).to_contain_text("Deals next: S")
    expect(page.locator("#next-up")).to_contain_text("5 deals")
    expect(page.get_by_role("table", name="Standings").get_by_role("row").filter(has_text="deals next")
           ).to_contain_text("S")
    expect_fits_phone(page)  # long breakdown lines wrap
    screenshot("after-five")


# -- 2. five players, a called partner --------------------------------------------------------------------

def test_five_players_with_a_called_partner(live_server, page: Page, screenshot):
    """A game carried over from paper, then its first deal, saved once the partner forgotten is picked. Each message
    says what the last action did and goes with the next answer (a tester: "Se ha traído la partida en papel."
    stayed above the first deal's); a field's message goes once the player changes that field, and the summary
    with the last of them (a tester: "Qui a la carte appelée ?" stayed red after the partner was picked). Ana
    calls the Knight of hearts, tapped by its name under the Kings' fold (a tester on the French page typed "CC",
    cavalier de cœur, into a box of codes, and the Knight of clubs was called); a second deal saved without a
    connection says its called card by its field's label and its name while it waits, not "KS", and the taker and
    the partner by their fields' labels, without the partner's gloss in brackets (it read "Ana · Garde ×2 · Cid",
    found by a tester on the French page: which is the taker?)."""
    players = ["Ana", "Bea", "Cid", "Dan", "Eva"]
    new_table(page, live_server, players, from_home=False)
    page.get_by_role("link", name="Continue a game from paper").click()
    for name, total in zip(players, (40, -10, -10, -10, -10), strict=True):
        page.get_by_role("spinbutton", name=f"{name}: score so far").fill(str(total))
    page.get_by_role("button", name="Carry it over").click()
    messages = page.locator("#messages").get_by_role("alert")
    expect(messages).to_have_text(["The game from paper is carried over."])

    fill_deal(page, taker="Ana", contract="garde", bouts=2, points=51)  # the partner forgotten
    page.get_by_role("button", name="Save").click()
    partner = page.locator("#field-partner")
    expect(partner.locator(".field-error")).to_have_text("Who holds the called card? Pick the partner, or the taker "
                                                         "when playing alone.")
    summary = page.get_by_role("alert").filter(has_text="Please check the fields marked below.")
    expect(summary).to_be_visible()
    expect(messages).to_have_count(0)  # the carry-over is not this Save's answer
    choose(page, "Partner (the called card's holder)", "Cid")
    expect(partner.locator(".field-error")).to_have_count(0)
    expect(partner.get_by_role("radio", name="Cid")).not_to_have_attribute("aria-invalid", "true")
    expect(summary).to_have_count(0)
    open_more(page)
    called = page.get_by_role("radiogroup", name="Called card", exact=True)
    expect(called.locator("label:visible")).to_have_text(
        ["—", "King of spades", "King of hearts", "King of diamonds", "King of clubs"])
    called.get_by_text("Queen, Knight, Jack", exact=True).click()
    choose(page, "Called card", "Knight of hearts")
    expect_fits_phone(page)
    screenshot("filled")
    save_deal(page, 1)
    expect(messages).to_have_text(["Deal 1 saved."])
    # 2 bouts need 41; 51 makes it by 10: (25 + 10) × 2 = 70 a defender.
    # The attack's 3 × 70 = 210 splits 2/3, 1/3: taker Ana +140, partner Cid +70; Bea, Dan, Eva −70 each,
    # on top of the scores carried over from paper.
    expect_totals(page, {"Ana": 40 + 140, "Bea": -10 - 70, "Cid": -10 + 70, "Dan": -10 - 70, "Eva": -10 - 70})
    expect(page.locator("#breakdown").get_by_role("listitem").last).to_have_text(
        "→ Each defender −70; taker Ana +140 (2 × 70), partner Cid +70")
    assert Deal.objects.get().record["called_card"] == "CH"  # stored as its code, as the API answers it

    fill_deal(page, taker="Ana", contract="garde", partner="Cid", bouts=2, points=51)
    open_more(page)
    choose(page, "Called card", "King of spades")
    page.context.set_offline(True)
    page.get_by_role("button", name="Save").click()
    expect(page.locator('#outbox [data-slot="summary"]')).to_have_text(re.compile(
        r"^Taker Ana ·\sGarde ×2 ·\sPartner Cid ·\sBouts held by the attack 2 ·\sCard points 51 ·\s"
        r"Called card King of spades$"))
    page.context.set_offline(False)
    expect(page.get_by_role("status").filter(has_text="Sent now that the connection is back: Deal 2.")).to_be_visible()
    screenshot("saved")


# -- 3. undo, restore, edit ---------------------------------------------------------------------------

def test_undo_restore_and_edit_a_past_deal(live_server, page: Page, fft_table, screenshot):
    page.goto(f"{live_server.url}/t/{fft_table.edit_token}/")
    expect_totals(page, FFT_TOTALS)

    # Undo asks first: the button only shows once "Undo deal 5…" is opened.
    confirm = page.get_by_role("button", name="Yes, undo deal 5")
    expect(confirm).to_be_hidden()
    page.get_by_text("Undo deal 5…").click()
    screenshot("undo-confirm")
    confirm.click()
    expect(page.get_by_role("alert").filter(has_text="Deal 5 undone.")).to_be_visible()
    expect_totals(page, AFTER_FOUR)  # N +136, S −400, E +192, W +72
    expect(page.get_by_role("heading", name="Deal 4", exact=True)).to_be_visible()
    expect(page.locator("#next-up")).to_contain_text("4 deals")

    page.get_by_role("link", name="History").click()
    changes = page.locator("#changes").get_by_role("listitem")
    expect(changes.first).to_contain_text("Deal 5 undone")
    deal_5 = page.get_by_role("article").filter(has=page.get_by_role("heading", name="Deal 5"))
    expect(deal_5).to_contain_text("undone")
    screenshot("history-undone")

    deal_5.get_by_role("button", name="Restore").click()
    expect(page.get_by_role("alert").filter(has_text="Deal 5 restored.")).to_be_visible()
    expect(changes.first).to_contain_text("Deal 5 restored")
    expect(deal_5).not_to_contain_text("undone")

    # Deal 3 was S's Prise, 34 points: fell by 7 (S −126, others +42). Make it 41: "juste fait", made by 0:
    # 25 + 0, the poignée +20 now goes to the attack, petit au bout +10 → 55 → S +165, others −55.
    deal_3 = page.get_by_role("article").filter(has=page.get_by_role("heading", name="Deal 3"))
    deal_3.get_by_role("link", name="Edit").click()
    expect(page.get_by_role("heading", name="Edit deal 3")).to_be_visible()
    points = page.get_by_role("textbox", name="Card points")
    expect(points).to_have_value("34")
    expect(page.get_by_role("radiogroup", name="Taker").get_by_role("radio", name="S")).to_be_checked()
    points.fill("41")
    page.get_by_role("button", name="Save").click()

    expect(page.get_by_role("alert").filter(has_text="Deal 3 changed")).to_be_visible()
    expect(changes.first).to_contain_text("Deal 3 edited")
    expect(deal_3).to_contain_text("Juste fait, made by 0: (25 + 0) × 1 = 25")
    expect(deal_3).to_contain_text(f"N {MINUS}55 · S +165 · E {MINUS}55 · W {MINUS}55")
    expect_fits_phone(page)
    screenshot("history-edited")

    page.get_by_role("link", name="Table").click()
    # Every total moves by deal 3's change: S −126 → +165 (+291), others +42 → −55 (−97 each).
    expect_totals(page, {"N": -446 - 97, "S": 1346 + 291, "E": -390 - 97, "W": -510 - 97})


# -- 4. a bad entry: the message by the field, nothing lost -------------------------------------------------

@pytest.mark.parametrize(("bouts", "points", "message"), [
    (3, "10", re.compile(r"bouts.*\b10\b")),  # three bouts are 13½ points by themselves
    (2, "92", re.compile(r"91")),  # there are 91 points in the pack
], ids=["3-bouts-10-points", "92-points"])
def test_bad_points_message_beside_the_field(live_server, page: Page, fft_table, screenshot,
                                              bouts, points, message):
    page.goto(f"{live_server.url}/t/{fft_table.edit_token}/")
    fill_deal(page, taker="E", contract="garde", bouts=bouts, points=points)
    page.get_by_role("button", name="Save").click()

    expect(page.get_by_role("alert").filter(has_text="Please check the fields marked below.")).to_be_visible()
    field = page.locator("#field-points")  # the points field's own block: label, input, message, hint
    box = field.get_by_role("textbox", name="Card points")
    expect(box).to_have_value(points)
    error = field.locator(".field-error")
    expect(error).to_have_count(1)
    expect(error).to_have_text(message)
    # ...and tied to the input, so a screen reader reads it with the field.
    expect(box).to_have_attribute("aria-invalid", "true")
    expect(box).to_have_accessible_description(re.compile(re.escape(error.inner_text())))
    # Beside it: right under the input, not at the top of the form.
    box_at, error_at = box.bounding_box(), error.bounding_box()
    assert 0 <= error_at["y"] - (box_at["y"] + box_at["height"]) < 40, (box_at, error_at)
    screenshot()

    # What was typed is still there, and nothing already recorded was lost.
    for group, option in [("Taker", "E"), ("Contract", CONTRACTS["garde"]), ("Bouts held by the attack", str(bouts))]:
        expect(page.get_by_role("radiogroup", name=group).get_by_role("radio", name=option, exact=True)
               ).to_be_checked()
    expect(page.get_by_role("heading", name="Record deal 6")).to_be_visible()
    expect_totals(page, FFT_TOTALS)
    expect(page.locator("#next-up")).to_contain_text("5 deals")


# -- 5. a second phone follows live on the view link ---------------------------------------------------

def test_view_link_follows_live(live_server, page: Page, browser, browser_context_args, screenshot):
    table = services.create_table(game="tarot", players=["N", "S", "E", "W"])
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    page.get_by_role("link", name="Share").click()
    expect(page.get_by_role("heading", name="View link")).to_be_visible()
    view_url = page.locator("#share-view").get_by_role("textbox", name="Link").input_value()
    assert table.view_token in view_url and table.edit_token not in view_url

    other = browser.new_context(**browser_context_args)
    try:
        viewer = other.new_page()
        viewer.goto(view_url)
        expect(viewer.get_by_text("view only")).to_be_visible()
        expect(viewer.get_by_role("button", name="Save")).to_have_count(0)
        expect(viewer.get_by_role("heading", name=re.compile("Record deal"))).to_have_count(0)
        expect(viewer.get_by_role("radiogroup")).to_have_count(0)
        expect(viewer.get_by_text(re.compile(r"Undo deal"))).to_have_count(0)
        expect_totals(viewer, {"N": 0, "S": 0, "E": 0, "W": 0})
        viewer.evaluate("window.notReloaded = true")  # gone if the page were loaded again

        page.get_by_role("link", name="← Table").click()
        fill_deal(page, taker="E", contract="garde", bouts=2, points=49)
        save_deal(page, 1)
        # (25 + 8) × 2 = 66 → E +198, others −66; the viewer sees it without reloading.
        rows = viewer.get_by_role("table", name="Standings").get_by_role("row")
        expect(rows.first).to_have_text(re.compile(r"1\s+E\b.*\+198", re.S), timeout=3000)
        expect_totals(viewer, {"N": -66, "S": -66, "E": 198, "W": -66})
        expect(viewer.get_by_role("heading", name="Deal 1", exact=True)).to_be_visible()
        assert viewer.evaluate("window.notReloaded") is True
        expect(viewer.get_by_text(re.compile(r"Undo deal"))).to_have_count(0)
        viewer.screenshot(path=str(screenshot("editor").with_name("test_view_link_follows_live-viewer.png")),
                          full_page=True)
    finally:
        other.close()


# -- 6. settle up ----------------------------------------------------------------------------------------

def test_settle_up_after_the_fft_deals(live_server, page: Page, fft_table, screenshot):
    page.goto(f"{live_server.url}/t/{fft_table.edit_token}/")
    page.get_by_role("link", name="Settle up").click()
    page.get_by_label("Stake per point").fill("0.10")
    page.get_by_label("Currency").fill("EUR")
    page.get_by_role("button", name="Work out who pays whom").click()

    result = page.locator("#settle-result")
    expect(result.get_by_role("heading", name="Who pays whom")).to_be_visible()
    # N −446, S +1346, E −390, W −510 at 0.10 EUR a point: S receives 134.60 from the other three.
    transfers = result.get_by_role("listitem")
    expect(transfers).to_have_count(3)
    assert sorted(" ".join(t.split()) for t in transfers.all_inner_texts()) == [
        "E pays S 39.00 EUR", "N pays S 44.60 EUR", "W pays S 51.00 EUR"], transfers.all_inner_texts()
    nets = result.get_by_role("table").get_by_role("row")
    expect(nets).to_have_text([
        re.compile(r"Player\s+Points\s+Money"),
        re.compile(rf"N\s+{MINUS}446\s+{MINUS}44\.60 EUR"),
        re.compile(r"S\s+\+1346\s+\+134\.60 EUR"),
        re.compile(rf"E\s+{MINUS}390\s+{MINUS}39\.00 EUR"),
        re.compile(rf"W\s+{MINUS}510\s+{MINUS}51\.00 EUR"),
    ])
    expect_fits_phone(page)
    screenshot()
