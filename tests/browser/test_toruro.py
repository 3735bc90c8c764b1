"""A Toruro night on a phone, end to end: start a 6-player table with a chip value, record the first deals
through the Toruro form (a lulo paid in a split, with the live "adds up to" check; a split that does not add
up refused beside the split with nothing lost; a misplay lulo), a free tenth lulo, an Ace turned (everyone
ticked; unticking one is refused, said beside who went), the last lulo paid and the night over, and the
settle-up with its transfers.

Rosa's 2nd to 9th lulos, and paying off the list before the last deal, are recorded with services (as the
form would), so the decisive deals go through the UI while the test stays short.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import Table
from tests.browser.test_card_entry import tap_card

PLAYERS = ["Ana", "Luis", "Pepe", "Marta", "Juan", "Rosa"]


def pick_card(page: Page, suit: str, rank: str) -> None:
    """The turned card in the card picker every card field uses: "Tap the card", the suit's tab, the card."""
    field = page.locator("#field-turned_card")
    panel = field.locator("[data-card-panel]")
    if not panel.is_visible():
        field.locator("[data-card-open]").click()
    panel.locator(f'[data-tab="{suit}"]').click()
    panel.locator(f'[data-code="{rank}{suit}"]').click()
    if panel.is_visible():
        panel.locator("[data-card-done]").click()
    expect(page.locator("#id_turned_card")).to_have_value(f"{rank}{suit}")


def went(page: Page, *names: str) -> None:
    form = page.locator("#record")
    for name in names:
        form.locator("#field-went label", has_text=re.compile(rf"^{name}$")).click()


def trick(page: Page, index: int, name: str) -> None:
    page.locator(f'#field-tricks [data-trick="{index}"] input[value="{name}"] + label').click()


def save(page: Page) -> None:
    page.locator("#record button[type=submit]").click()


def test_a_toruro_night_on_a_phone(live_server, page: Page, screenshot):
    page.set_default_timeout(8000)
    # -- start the table: six players, 0.50 EUR a chip, the house rules as they come ---------------------------
    page.goto(f"{live_server.url}/new/toruro/")
    expect(page.locator("#field-stake")).to_contain_text("Stake per chip")
    expect(page.locator("#field-opt_free_tenth input")).to_be_checked()
    for i, name in enumerate(PLAYERS):
        page.fill(f"#id_player_{i}", name)
    page.fill("#id_stake", "0,50")
    page.locator("#new-table button[type=submit]").click()
    expect(page.locator("#this-deal")).to_contain_text("Deal 1: Ana deals")
    expect(page.locator("#this-deal")).to_contain_text("Cabeza 1 Barriga 1 Cola 1 = 3 chips")
    expect(page.locator("#went-forced")).to_contain_text("everyone goes")
    table = Table.objects.get()
    assert table.stake_minor == 50

    # -- deal 1: everyone goes (ticked for us); the 3 of copas turned, so the 7 of copas plays as the 3 --------
    pick_card(page, "C", "3")
    expect(page.locator("[data-seven-note]")).to_have_text("Copas are trumps. The 7 of copas plays as the 3.")
    trick(page, 0, "Luis")
    trick(page, 1, "Pepe")
    trick(page, 2, "Pepe")
    save(page)
    expect(page.locator("#messages")).to_contain_text("Deal 1 saved.")
    expect(page.locator("#lulo-list")).to_contain_text("4 open, 12 chips owed (6.00 EUR)")
    expect(page.locator("#conservation")).to_contain_text("Paid in 3 = taken out 3 + in the pots 0 ✓")

    # -- deal 2 (Luis deals): Marta pays lulo #1; a split of 2 + 0 + 0 does not add up to 3 --------------------
    form = page.locator("#record")
    form.locator('label[for="id_payments__0__lulo_1"]').click()
    form.locator("#id_payments__0__cabeza").fill("2")
    expect(form.locator("[data-split-check]")).to_have_text("Adds up to 2 of 3")
    form.locator("#id_payments__0__cabeza").fill("2.5")  # not whole chips: not read as 2, never "adds up"
    expect(form.locator("[data-split-check]")).to_have_text("Adds up to 2.5 of 3")
    form.locator("#id_payments__0__cabeza").fill("2")
    pick_card(page, "E", "4")
    expect(page.locator("[data-seven-note]")).to_contain_text("the 7 is just a 7")
    went(page, "Pepe", "Marta")
    # Only who went is offered for the tricks.
    expect(page.locator('#field-tricks [data-trick="0"] input[value="Ana"] + label')).to_be_hidden()
    trick(page, 0, "Pepe")
    trick(page, 1, "Marta")
    trick(page, 2, "Pepe")
    page.locator("#field-misplays > summary").click()
    expect(page.locator('[data-misplay="1"]')).to_be_hidden()  # one empty row at a time, up to 10
    page.select_option("#id_misplays__0__player", "Pepe")
    page.select_option("#id_misplays__0__rule", "follow_suit")
    expect(page.locator('[data-misplay="1"]')).to_be_visible()
    expect(page.locator('[data-misplay="2"]')).to_be_hidden()
    save(page)
    expect(page.locator("#field-payments .field-error")).to_contain_text(
        "Lulo #1 is 3 chips, but the split (cabeza 2, barriga 0, cola 0) adds up to 2.")
    screenshot("refused")
    assert Table.objects.get().deals.count() == 1
    # Nothing lost: the lulo, the card, who went, the tricks and the misplay are all still there.
    expect(page.locator("#id_payments__0__lulo_1")).to_be_checked()
    expect(page.locator("#id_turned_card")).to_have_value("4E")
    # A card typed in the box is said as it is typed, so the buttons below have moved before the next tap.
    box = page.locator("#id_turned_card")
    box.fill("")
    box.press_sequentially("5O")
    expect(page.locator("[data-seven-note]")).to_contain_text("Oros are trumps.")
    expect(box).to_be_focused()
    box.fill("4E")
    expect(page.locator("#id_went_0")).to_be_checked()  # Pepe speaks first
    expect(page.locator('input[name="tricks__1__player"][value="Marta"]')).to_be_checked()
    expect(page.locator("#id_misplays__0__rule")).to_have_value("follow_suit")
    page.locator("#id_payments__0__cola").fill("1")
    expect(page.locator("[data-split-check]")).to_have_text("Adds up to 3 of 3 ✓")
    expect(page.locator('[data-trick="0"] [data-pot-chips="cabeza"]')).to_have_text("3")
    save(page)
    expect(page.locator("#messages")).to_contain_text("Deal 2 saved.")
    expect(page.locator("#lulo-1")).to_contain_text(re.compile(r"paid\s*deal 2"))
    expect(page.locator("#lulo-5")).to_contain_text("Pepe")
    expect(page.locator("#lulo-5")).to_contain_text("Follow suit")
    expect(page.locator("#lulo-5")).to_contain_text("open")
    expect(page.locator("#conservation")).to_contain_text("Paid in 9 = taken out 9 + in the pots 0 ✓")
    page.goto(f"{live_server.url}/t/{table.edit_token}/")  # the picture for the docs: the board mid-night
    page.evaluate("window.scrollTo({top: document.getElementById('this-deal').getBoundingClientRect().top"
                  " + window.scrollY - 8, behavior: 'instant'})")
    screenshot("board", full_page=False)  # test-results/screenshots/; docs/screenshots/toruro.png is one of these

    # -- Rosa keeps leading wrongly when she goes alone: her 2nd to 9th lulos --------------------------------
    for _ in range(8):
        services.record_deal(table, {"turned_card": "4O", "went": ["Rosa"], "tricks": ["Rosa"] * 3,
                                     "misplays": [{"player": "Rosa", "rule": "lead_ace"}]})
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    expect(page.locator("#lulo-counts .count", has_text="Rosa")).to_contain_text("9 next is free")

    # -- deal 11 (Marta deals): Juan pays lulo #2 evenly; Rosa goes, takes nothing: her 10th lulo, free ------
    form = page.locator("#record")
    form.locator('label[for="id_payments__0__lulo_2"]').click()
    pick_card(page, "B", "12")
    went(page, "Juan", "Rosa", "Luis")
    trick(page, 0, "Juan")
    trick(page, 1, "Luis")
    trick(page, 2, "Juan")
    expect(page.locator("#deal-preview .preview-problem")).to_contain_text("adds up to 0")
    # The split's buttons fill the boxes as typing would: the live preview hears of it (a tester found it
    # left as it was on a deal's edit form, where nothing else had been changed).
    form.locator('[data-fill="even"]').click()
    expect(form.locator("[data-split-check]")).to_have_text("Adds up to 3 of 3 ✓")
    expect(page.locator("#deal-preview").get_by_role("table", name="Score of this deal")).to_be_visible()
    save(page)
    expect(page.locator("#messages")).to_contain_text("Deal 11 saved.")
    free = page.locator("#lulo-list tr.free")
    expect(free).to_have_count(1)
    expect(free).to_contain_text("Rosa")
    expect(free).to_contain_text("free")
    expect(page.locator("#lulo-counts .count", has_text="Rosa")).to_have_text("Rosa 10")
    page.locator("#ledger > summary").click()
    expect(page.locator("#conservation")).to_contain_text("✓")
    # its folded part, left out of the first load, drawn as it opens
    expect(page.locator("#ledger-line")).to_contain_text("The ledger: Players")
    expect(page.locator('#ledger tr[data-player="Rosa"]')).to_be_visible()
    screenshot("free-tenth")

    # -- pay the list down to its last lulo, then the last deal through the form: the night is over ----------
    while True:
        st = services.standings(table)
        payable = st.extra["payable"]
        if st.extra["open_total"] == payable[0]["amount"]:
            break
        services.record_deal(table, {"turned_card": "4O", "went": [],
                                     "payments": [{"lulo": payable[0]["id"], "cabeza": payable[0]["amount"]}]})
    last = payable[0]
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    expect(page.locator("#lulo-list")).to_contain_text("1 open")
    form = page.locator("#record")
    form.locator(f'label[for="id_payments__0__lulo_{last["id"]}"]').click()
    form.locator('[data-fill="cola"]').click()
    pick_card(page, "O", "1")
    # An Ace turned: everyone must go, ticked for us with the reason.
    expect(page.locator("#went-ace")).to_be_visible()
    expect(page.locator('#field-went input[name="went"]:checked')).to_have_count(6)
    trick(page, 0, "Ana")
    trick(page, 1, "Luis")
    trick(page, 2, "Pepe")
    went(page, "Marta")  # untick her: refused, and the page says why
    save(page)
    expect(page.locator("#field-went .field-error")).to_contain_text("The turned card is an Ace: everyone must go")
    expect(page.locator('#field-went input[name="went"]:checked')).to_have_count(5)  # as entered
    # It was the 4 of oros after all: only Ana, Luis and Pepe went, one trick each.
    pick_card(page, "O", "4")
    expect(page.locator("#went-ace")).to_be_hidden()
    went(page, "Juan", "Rosa")
    save(page)
    expect(page.locator("#night-over")).to_contain_text("Nobody owes anything: the night is over.")
    expect(page.locator("#game-over")).to_be_visible()
    expect(page.locator("#lulo-list")).to_contain_text("nobody owes anything")
    expect(page.locator("#conservation")).to_contain_text("✓")
    page.evaluate("window.scrollTo(0, 0)")
    shot = screenshot("night-over")

    # -- settle up: per chip, open lulos counted or not (none are open now), the fewest transfers -------------
    page.locator("a", has_text="Settle up").first.click()
    expect(page.locator("label[for=id_stake]")).to_have_text("Stake per chip")
    expect(page.locator("#settle-result")).to_contain_text("pays")
    expect(page.locator("#settle-result")).to_contain_text("0.50 EUR per chip.")
    screenshot("settle")
    assert shot.is_file()


def test_the_referee_asked_from_a_deal_entered_card_by_card_says_who_takes_the_trick(live_server, page: Page,
                                                                                     screenshot):
    """A deal entered card by card, then "was this legal?" on the card that ends a trick: the referee is told who
    went (a trick holds a card from each of them; games/toruro/cards.py, ToruroCourse.referee_fields) and who led,
    so its ruling on that card also names who takes the trick. Ana deals the first deal with "everyone goes" off;
    the 5 of bastos is turned; only Pepe and Marta go, so Pepe leads: his 6 of oros, Marta's Ace of oros takes the
    cabeza; Marta leads the caballo of copas, Pepe follows with the 3 and takes the barriga; his 7 of bastos, the
    only trump, takes the cola.

    Then the second trick asked from the table with taps: who went (Pepe, Marta), who led (Marta), her caballo
    of copas (typed in the page's letters, then tapped) and Pepe's 3 (the picker says whose turn it is among those
    who went): Pepe wins the trick."""
    table = services.create_table(game="toruro", players=["Ana", "Luis", "Pepe", "Marta", "Juan"],
                                  options={"first_deal_all_go": False})
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    page.locator("#card-by-card").click()
    turned = page.locator('[data-card-widget]:has(input[name="turned_card"])')
    turned.locator("[data-card-open]").click()
    turned.locator('[data-tab="B"]').click()
    turned.locator('[data-code="5B"]').click()
    for name in ("Pepe", "Marta"):
        page.locator("#contract").get_by_text(name, exact=True).click()
    page.locator("#start-cards").click()
    expect(page.locator(".play-turn")).to_contain_text("Pepe to play")
    cards = ("6O", "1O", "11C", "3C", "7B", "4E")
    for number, code in enumerate(cards, start=1):
        tap_card(page, code, code[-1])
        if number < len(cards):  # the page has taken it
            expect(page.locator(f'button[name="card"][value="{code}"]')).to_be_disabled()
    expect(page.locator("#derived")).to_contain_text("Marta")
    page.locator("#save-cards").click()
    expect(page.get_by_text("Deal 1 saved.")).to_be_visible()

    page.goto(f"{live_server.url}/t/{table.edit_token}/deal/1/")
    page.get_by_role("link", name="Was Marta's Ace of oros legal?").click()
    expect(page.locator('input[name="went"]:checked')).to_have_count(2)
    expect(page.locator('input[name="went"][value="Marta"]')).to_be_checked()
    expect(page.locator('input[name="leader"][value="Pepe"]')).to_be_checked()
    ruling = page.locator("#ruling")
    expect(ruling).to_contain_text("may be played")
    expect(ruling).to_contain_text("Marta wins the trick with the highest oros (the suit led), Ace of oros.")
    expect(page.locator("#winner")).to_contain_text("Wins the trick: Marta")
    screenshot(full_page=False)

    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    page.get_by_role("link", name="Ask the referee").click()
    page.locator("#field-trump label", has_text="bastos").click()
    for name in ("Pepe", "Marta"):
        page.locator("#field-went label", has_text=re.compile(rf"^{name}$")).click()
    page.locator("#field-leader label", has_text=re.compile(r"^Marta$")).click()
    cards = page.locator("#field-trick")
    cards.locator("[data-card-open]").click()
    expect(cards.get_by_text("Marta to play")).to_be_visible()
    # Her caballo typed in the page's letters (H, Horse), as the referee's boxes read them: the 11 of copas, taken
    # here and greyed in the hand, and its button takes it off (it stayed unpressed, and a tap made "HC 11C")
    cards.locator("[data-card-input]").press_sequentially("HC")
    cards.locator('[data-tab="C"]').click()
    horse = cards.locator('[data-code="11C"]')
    expect(horse).to_have_attribute("aria-pressed", "true")
    expect(page.locator('#field-hand [data-code="11C"]')).to_be_disabled()
    horse.click()
    expect(cards.locator("[data-card-input]")).to_have_value("")
    horse.click()
    expect(cards.get_by_text("Pepe to play")).to_be_visible()  # not Juan, the next seat: he did not go
    cards.locator('[data-code="3C"]').click()
    page.get_by_role("button", name="Ask the referee").click()
    expect(page.locator("#winner")).to_contain_text("Wins the trick: Pepe")
    expect(page.locator("#ruling")).to_contain_text("Pepe wins the trick with the highest copas (the suit led), "
                                                    "3 of copas.")
    screenshot("asked-with-taps", full_page=False)


def test_the_turned_card_chip_says_the_cards_name_and_stays_when_the_language_changes(live_server, page: Page):
    """The chip of a card picked says the card as a player says it and as the deal's lines name it ("Caballo de
    copas", not "11 copas"), in the reader's language; a language chosen mid-deal brings the card back with its
    chip, and the button still offers to change the card (a tester: the chip was gone, the button said "Touchez
    la carte" although the card was kept)."""
    table = services.create_table(game="toruro", players=PLAYERS)
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    page.get_by_role("button", name="ES", exact=True).click()
    pick_card(page, "C", "11")
    field = page.locator("#field-turned_card")
    expect(field.locator("[data-chip]")).to_have_text("Caballo de copas")

    page.get_by_role("button", name="FR", exact=True).click()
    expect(page.locator("#id_turned_card")).to_have_value("11C")
    expect(field.locator("[data-chip]")).to_have_text("Cavalier de coupes (copas)")
    expect(field.locator("[data-card-open]")).to_have_text("Changer la carte ▾")


def test_a_play_rule_broken_is_offered_for_who_went_and_its_rule_reads_whole(live_server, page: Page, screenshot):
    """Only a player who went plays cards, so only they can break a play rule: the rows offer them alone (as the
    tricks do), and the rule chosen reads whole on a phone, wrapped (a tester: "Fallar si no puedes as…", and
    players who did not go offered)."""
    table = services.create_table(game="toruro", players=PLAYERS, options={"first_deal_all_go": False})
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    page.get_by_role("button", name="ES", exact=True).click()
    went(page, "Pepe", "Marta")
    page.locator("#field-misplays > summary").click()
    who = page.locator("#id_misplays__0__player")
    offered = who.evaluate("s => [...s.options].filter(o => o.value && !o.hidden && !o.disabled).map(o => o.value)")
    assert offered == ["Pepe", "Marta"]

    rule = page.locator("#id_misplays__0__rule")
    rule.select_option("follow_suit")  # "Asistir al palo": one line
    one_line = rule.bounding_box()["height"]
    rule.select_option("lead_three_or_king")  # "Primera baza: salir con el 3 o el rey de triunfo si se tienen…"
    box = rule.bounding_box()
    assert box["height"] > 1.5 * one_line  # wrapped, not cut
    assert box["x"] + box["width"] <= 390
    screenshot(full_page=False)


def test_an_open_ledger_stays_open_as_the_live_region_is_redrawn_with_the_new_figures(live_server, page: Page,
                                                                                       screenshot):
    """A watcher reading the ledger while another phone records a deal: the live region is drawn again for the new
    version and the ledger with it, still open, its folded part drawn for the new version (a tester lost their
    place every deal: the ledger came back closed, its body undrawn). Deal 1: everyone goes, Luis takes the
    cabeza, Pepe the barriga and the cola; Marta owes lulo #1 (3 chips). Deal 2: Marta pays it."""
    page.set_default_timeout(8000)
    table = services.create_table(game="toruro", players=PLAYERS, stake_minor=50, currency="EUR")
    services.record_deal(table, {"turned_card": "4O", "went": PLAYERS, "tricks": ["Luis", "Pepe", "Pepe"]})
    page.goto(f"{live_server.url}/t/{table.view_token}/")
    ledger = page.locator("#ledger")
    ledger.locator("summary").click()
    expect(page.locator("#paid-in")).to_contain_text("(3 chips × 1 deal played) + lulos paid 0.")
    expect(ledger.locator('tr[data-player="Marta"] td').nth(1)).to_contain_text("3")

    services.record_deal(table, {"turned_card": "4O", "went": [], "payments": [{"lulo": 1, "cabeza": 3}]})
    expect(page.locator("#next-up")).to_contain_text("2 deals")  # the live region, drawn again
    expect(ledger).to_have_attribute("open", "")
    expect(page.locator("#paid-in")).to_be_visible()
    expect(page.locator("#paid-in")).to_contain_text("(3 chips × 2 deals played) + lulos paid 3.")
    expect(page.locator("#ledger-line")).to_contain_text("The ledger: Players")
    expect(ledger.locator('tr[data-player="Marta"] td').nth(1)).to_have_text("—")  # her lulo paid
    ledger.scroll_into_view_if_needed()
    screenshot(full_page=False)


def test_the_scorekeepers_open_ledger_stays_open_after_undoing_a_deal(live_server, page: Page):
    """On the scorekeeper's phone a deal undone (as one recorded) redraws the table's body through htmx: the open
    ledger comes back open, drawn for the table as it is now (it came back closed: the scorekeeper lost the
    place too). Deal 1: everyone goes, Marta owes lulo #1; deal 2: she pays it; deal 2 undone: she owes it again."""
    page.set_default_timeout(8000)
    table = services.create_table(game="toruro", players=PLAYERS, stake_minor=50, currency="EUR")
    services.record_deal(table, {"turned_card": "4O", "went": PLAYERS, "tricks": ["Luis", "Pepe", "Pepe"]})
    services.record_deal(table, {"turned_card": "4O", "went": [], "payments": [{"lulo": 1, "cabeza": 3}]})
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    ledger = page.locator("#ledger")
    ledger.locator("summary").click()
    expect(page.locator("#paid-in")).to_contain_text("(3 chips × 2 deals played) + lulos paid 3.")

    page.locator("details.undo > summary").click()
    page.get_by_role("button", name="Yes, undo deal 2").click()
    expect(page.locator("#messages")).to_contain_text("undone")
    expect(page.locator("#ledger")).to_have_attribute("open", "")
    expect(page.locator("#paid-in")).to_contain_text("(3 chips × 1 deal played) + lulos paid 0.")
    expect(page.locator('#ledger tr[data-player="Marta"] td').nth(1)).to_contain_text("3")


def test_the_lulo_list_asked_of_the_referee_from_a_table_on_a_phone(live_server, page: Page, screenshot):
    """Seed 002: "Any player, starting with the dealer, who owes one of the least-valued lulos can choose to pay it".
    After the first deal (everyone goes; Luis takes the cabeza, Pepe the barriga and the cola), Marta, Juan, Rosa
    and Ana owe 3 chips each and Luis deals. From the table, "Ask the referee", one tap on the lulo list: the
    night is already in the form (who deals, the open lulos), the play question's fields are gone, and the answer
    names who is asked first."""
    table = services.create_table(game="toruro", players=PLAYERS)
    services.record_deal(table, {"turned_card": "4O", "went": PLAYERS, "tricks": ["Luis", "Pepe", "Pepe"]})
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    page.get_by_role("link", name="Ask the referee").click()
    page.get_by_text("The lulo list: who pays first?").click()
    expect(page.locator("#field-hand")).to_be_hidden()
    expect(page.locator("#id_lulos_3")).to_have_value("3")  # Marta's, from the table
    expect(page.get_by_role("radio", name="Luis", exact=True).first).to_be_checked()
    page.get_by_role("button", name="Ask the referee").click()
    expect(page.locator("#rule")).to_have_text("Paying lulos")
    expect(page.locator("#ruling")).to_contain_text(
        "They are asked in this order, starting with the dealer (Luis): Marta, Juan, Rosa, Ana.")
    screenshot(full_page=False)
