"""The score sheet and the live preview on a phone, end to end: five players record two deals, watching the
score appear under the form before each Save, then open the running score sheet on the smallest phone (320 px)
and the big screen.

The numbers are Tarot's at five (RULINGS.md, French Tarot): 2 bouts need 41 points, a deal is worth
(25 + the margin) × the contract's multiplier from each defender; the attack's share splits 2/3 to the taker and
1/3 to the called partner."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, Route, expect

from referee.game import get_game
from scoring import services
from scoring.access import resolve
from tests.browser.test_tarot import expect_fits_phone, fill_deal, new_table, save_deal, signed

PLAYERS = ["Ana", "Beatriz", "Cid", "Dolores", "Eva"]


def expect_preview(page: Page, scores: dict[str, int]) -> None:
    """The preview under the form shows each side's score for this deal, before anything is saved."""
    preview = page.locator("#deal-preview")
    expect(preview).to_contain_text("If you save now")
    rows = preview.get_by_role("table", name="Score of this deal").locator("tbody").get_by_role("row")
    expect(rows).to_have_text([re.compile(rf"^\s*{re.escape(name)}\s*{re.escape(signed(score))}(?!\d)")
                               for name, score in scores.items()])


def test_the_preview_before_save_then_the_sheet_on_a_320px_phone(live_server, page: Page, screenshot):
    new_table(page, live_server, PLAYERS, from_home=False)

    # Half filled: the preview says what is still missing.
    page.get_by_role("radiogroup", name="Taker", exact=True).get_by_text("Ana", exact=True).click()
    expect(page.locator("#deal-preview")).to_contain_text("Incomplete")

    # Deal 1: Ana's garde with Cid, 2 bouts, 51 points: 51 − 41 = 10 → (25 + 10) × 2 = 70 a defender;
    # the attack's 3 × 70 = 210: Ana +140, Cid +70; Beatriz, Dolores, Eva −70 each.
    fill_deal(page, taker="Ana", contract="garde", partner="Cid", bouts=2, points=51)
    expect_preview(page, {"Ana": 140, "Beatriz": -70, "Cid": 70, "Dolores": -70, "Eva": -70})
    expect(page.locator("#deal-preview")).to_contain_text("(25 + 10) × 2 = 70")
    page.locator("#deal-preview").scroll_into_view_if_needed()
    screenshot("preview", full_page=False)
    save_deal(page, 1)

    # Deal 2: Dolores alone (partner herself), prise, 1 bout, 40 points: 40 − 51 = −11 → (25 + 11) × 1 = 36
    # to each of four defenders: Dolores −144, the others +36.
    fill_deal(page, taker="Dolores", contract="prise", partner="Dolores", bouts=1, points=40)
    expect_preview(page, {"Ana": 36, "Beatriz": 36, "Cid": 36, "Dolores": -144, "Eva": 36})
    save_deal(page, 2)

    page.set_viewport_size({"width": 320, "height": 640})
    page.get_by_role("link", name="Score sheet").click()
    expect(page.get_by_role("heading", name="Score sheet")).to_be_visible()
    sheet = page.get_by_role("table", name="Score sheet")
    # Ana dealt deal 1, Beatriz deal 2.
    expect(sheet.get_by_role("link", name="Deal 1, dealt by Ana")).to_be_visible()
    expect(sheet.get_by_role("link", name="Deal 2, dealt by Beatriz")).to_be_visible()
    # Totals: Ana 140 + 36 = +176, Beatriz −70 + 36 = −34, Cid 70 + 36 = +106, Dolores −70 − 144 = −214,
    # Eva −34.
    expect(sheet.locator("tfoot td")).to_have_text(["+176", "−34", "+106", "−214", "−34"])
    expect_fits_phone(page)
    # The table itself fits too (nothing to scroll sideways inside it at five players).
    assert page.evaluate("document.querySelector('.sheet-scroll').scrollWidth") <= \
        page.evaluate("document.querySelector('.sheet-scroll').clientWidth")
    for link in sheet.get_by_role("link").all():
        assert link.bounding_box()["height"] >= 44  # a deal's row is a tap target
    screenshot("sheet-320")

    sheet.get_by_role("link", name="Deal 2, dealt by Beatriz").click()
    expect(page).to_have_url(re.compile(r"/deal/2/$"))

    page.go_back()
    page.get_by_role("link", name="Big screen").click()
    expect(page.locator("#board")).to_contain_text("Deals next: Cid")
    expect_fits_phone(page)
    screenshot("big-320")

    page.set_viewport_size({"width": 1280, "height": 720})  # a TV across the room
    expect(page.locator("#board")).to_contain_text("+176")
    screenshot("big-tv", full_page=False)

    # Another phone records deal 3 (Cid deals): Eva alone, garde, 2 bouts, 49 points: 49 − 41 = 8 →
    # (25 + 8) × 2 = 66 from each of four defenders: Eva +264, so −34 + 264 = +230. The board follows by itself.
    table = resolve(re.search(r"/t/([^/]+)/big/", page.url).group(1)).table
    services.record_deal(table, {"taker": "Eva", "partner": "Eva", "contract": "garde", "bouts": 2, "points": 49})
    expect(page.locator("#board")).to_contain_text("+230", timeout=8000)
    expect(page.locator("#board")).to_contain_text("Deals next: Dolores")


LONG_NAMES = ["Emmanuelle", "Maximilien", "Bartholomew", "Guillermina", "Anne-Sophie"]

# Where a name's text lies on the page: on how many lines, whether a box of it cuts it (an ellipsis), and its box.
TEXT_LAYOUT = """(element) => {
  const range = document.createRange(), lines = new Set();
  const text = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  while (text.nextNode()) {
    range.selectNodeContents(text.currentNode);
    for (const rect of range.getClientRects()) lines.add(Math.round(rect.bottom));
  }
  range.selectNodeContents(element);
  const cut = [element, ...element.querySelectorAll("*")].some((box) =>
    getComputedStyle(box).overflowX !== "visible" && box.scrollWidth > box.clientWidth);
  const {x, y, width, height} = range.getBoundingClientRect();
  return {text: element.textContent.trim(), lines: lines.size, cut, x, y, width, height};
}"""


def expect_names_whole(cells: Locator, names: list[str], within: Locator) -> None:
    """Each name on one line and not cut, in the order of the columns, no two overlapping, all inside ``within``
    (the phone's width: the box does not scroll sideways)."""
    boxes = [cell.evaluate(TEXT_LAYOUT) for cell in cells.all()]
    assert [box["text"] for box in boxes] == names
    for box in boxes:
        assert box["lines"] == 1 and not box["cut"], box
    for a, b in zip(boxes, boxes[1:], strict=False):
        assert a["x"] + a["width"] <= b["x"] + b["width"]  # in the order of the columns
    for i, a in enumerate(boxes):  # no two names overlap
        for b in boxes[i + 1:]:
            assert (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                    or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]), (a, b)
    box = within.bounding_box()
    assert all(box["x"] <= name["x"] and name["x"] + name["width"] <= box["x"] + box["width"] for name in boxes)
    assert within.evaluate("box => box.scrollWidth <= box.clientWidth")


def test_five_long_names_are_read_whole_on_the_table_page_and_the_sheet_on_a_390px_phone(live_server, page: Page,
                                                                                           screenshot):
    """At five the columns are narrow: on the table page's recent deals as on the sheet, every other name sits a
    line higher, so that each runs over its neighbour's column and is read whole, "Emmanuelle", neither broken
    in the middle, "Emmanu/elle", nor cut, "Em…" (found by testers), and no name covers another. Under each deal's
    number on the sheet, who dealt it: a long name shortened to its first letters, "Emma.", which name one
    player of the table only."""
    table = services.create_table(game="tarot", players=LONG_NAMES)
    for taker, partner in zip(LONG_NAMES, LONG_NAMES[2:] + LONG_NAMES[:2], strict=True):  # each deals once
        services.record_deal(table, {"taker": taker, "partner": partner, "contract": "garde", "bouts": 2,
                                     "points": 49})
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/t/{table.view_token}/")
    recent = page.locator(".recent-scroll")
    expect_names_whole(recent.locator("thead th.num"), LONG_NAMES, within=recent)
    recent.scroll_into_view_if_needed()
    screenshot("recent-deals-390", full_page=False)

    page.goto(f"{live_server.url}/t/{table.view_token}/sheet/")
    expect_names_whole(page.locator("#sheet thead th.side"), LONG_NAMES, within=page.locator(".sheet-scroll"))
    sheet = page.get_by_role("table", name="Score sheet")
    for number, dealer in enumerate(LONG_NAMES, start=1):  # Emmanuelle deals first, then each in turn
        mark = sheet.get_by_role("link", name=f"Deal {number}, dealt by {dealer}").locator(".dealer")
        layout = mark.evaluate(TEXT_LAYOUT)
        assert layout["lines"] == 1 and not layout["cut"], layout
        assert [name for name in LONG_NAMES if name.startswith(layout["text"].rstrip("."))] == [dealer], layout
    screenshot("sheet-390", full_page=False)


def test_two_names_on_one_line_of_the_recent_deals_never_run_into_each_other(live_server, page: Page):
    """Two long names on the same line, every other column apart, each free to run over its neighbour's column:
    a column widened by scores of three figures ("+116", "+120") gave a name more room than its neighbours' columns
    had, and "Jean-Baptiste" ran into "Pierre Emmanuel" ("Jean-BaptistePierre Emmanuel", one name to a
    player). Up to seven players the players' columns are alike, so a name stops short of the next one on its
    line (a name longer than two columns ends in an ellipsis)."""
    names = ["María José", "Jean-Baptiste", "Ana Lucía", "Pierre Emmanuel", "Guadalupe"]
    table = services.create_table(game="tarot", players=names)
    # Garde, 2 bouts, 45, 46, 47 points: (25 + 4) × 2 = 58, then 60, 62 from each defender, the taker twice that.
    for points, (taker, partner) in enumerate([("María José", "Ana Lucía"), ("Jean-Baptiste", "Guadalupe"),
                                               ("Pierre Emmanuel", "María José")], start=45):
        services.record_deal(table, {"taker": taker, "partner": partner, "contract": "garde", "bouts": 2,
                                     "points": points})
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/t/{table.view_token}/")
    spans = page.locator(".recent-deals thead th.num span")
    boxes = [span.bounding_box() for span in spans.all()]
    assert [span.text_content() for span in spans.all()] == names
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                     or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])
            assert apart, (a, b)
    cells = page.locator(".recent-deals tbody tr:first-child td").all()
    widths = {round(cell.bounding_box()["width"]) for cell in cells}
    assert len(widths) == 1, widths  # the players' columns alike


ROW_MIDDLES = """row => [row.querySelector("th a"), ...row.querySelectorAll("td")].map(cell => {
    const range = document.createRange(); range.selectNodeContents(cell);
    const box = range.getBoundingClientRect(); return box.top + box.height / 2; })"""
# Where each score's own figures are, without the letters over it (its last text).
SCORE_MIDDLES = """row => [...row.querySelectorAll("td")].map(cell => {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT); let last = null;
    while (walker.nextNode()) if (walker.currentNode.textContent.trim()) last = walker.currentNode;
    const range = document.createRange(); range.selectNodeContents(last);
    const box = range.getBoundingClientRect(); return box.top + box.height / 2; })"""


def test_each_recent_deals_number_is_on_the_line_of_its_scores_on_a_390px_phone(live_server, page: Page):
    """A deal's number in the recent deals is a link as tall as a finger (44 px), its number in the middle of it:
    the scores beside it sat at the top of the row, 10 px higher than their deal's number, which read as the
    number of the row below (found by a tester). Each row's number and scores are on one line (measured in one
    go: the page may still move between two measures, as the live region is drawn), the taker's score too, under
    its contract's letter ("G"), level with the defenders' beside it."""
    table = services.create_table(game="tarot", players=["Ana", "Bruno", "Chloé", "Didier"])
    for points in (45, 30):  # Garde, 2 bouts: made by 4 (+174 / −58), then down by 11 (−216 / +72)
        services.record_deal(table, {"taker": "Bruno", "contract": "garde", "bouts": 2, "points": points})
    page.set_viewport_size({"width": 390, "height": 844})
    # The chart above the rows is drawn when scrolled to, in the place kept for it: nothing below it moves (it
    # came in 227 px tall between two measures of a full run, and in Casita under a tap on "Settle up"). Its
    # drawing is held back here until the rows are measured without it.
    held: list[Route] = []
    page.route("**/chart.svg?*", lambda route: held.append(route))
    with page.expect_request("**/chart.svg?*"):
        page.goto(f"{live_server.url}/t/{table.view_token}/")
        page.locator("#chart").scroll_into_view_if_needed()
    rows = page.locator(".recent-deals tbody tr")
    expect(rows).to_have_count(2)
    for _ in range(20):  # the request is out: its handler is called next
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1 and page.locator("#chart polyline").count() == 0
    top_on_the_page = "row => row.getBoundingClientRect().top + window.scrollY"
    before = rows.first.evaluate(top_on_the_page)
    held[0].continue_()
    expect(page.locator("#chart polyline")).to_have_count(4)
    assert rows.first.evaluate(top_on_the_page) == before
    for row in rows.all():
        number, *scores = row.evaluate(ROW_MIDDLES)
        assert len(scores) == 4 and all(abs(score - number) <= 2 for score in scores), (row.inner_text(), number,
                                                                                         scores)
        figures = row.evaluate(SCORE_MIDDLES)
        assert all(abs(figure - number) <= 2 for figure in figures), (row.inner_text(), number, figures)


MANY_NAMES = ["Emmanuelle", "Maximilien", "Maximiliano", "Bartholomew", "Guillermina", "Anne-Sophie", "Constantin",
              "Wilhelmina", "Ana", "Bo"]


def test_eight_or_ten_long_names_on_the_sheet_each_whole_or_shortened_to_one_players_name_on_a_390px_phone(
        live_server, page: Page, screenshot):
    """At six or more the columns are narrower still ("Ma…", "Gua…", found by a tester), and two names that start
    alike, Maximilien and Maximiliano, looked the same: every third name sits a line higher than the next, each
    free to run over two neighbours' columns, so it is read whole up to three columns wide; a name longer than
    that is shortened as under a deal's number, to its first letters and a full stop, "Maximilie." and
    "Maximilia.", which name one player of the table only. The page never scrolls sideways."""
    for game, players in (("pablo", MANY_NAMES[:8]), ("toruro", MANY_NAMES)):
        table = services.create_table(game=game, players=players)
        for raw in get_game(game).example_records(services.table_spec(table)):
            services.record_deal(table, raw)
        page.set_viewport_size({"width": 390, "height": 844})
        page.goto(f"{live_server.url}/t/{table.view_token}/sheet/")
        heads = page.locator("#sheet thead th.side")
        expect(heads).to_have_count(len(players))
        boxes = []
        for head, name in zip(heads.all(), players, strict=True):
            shown = head.locator("span").first
            layout = shown.evaluate(TEXT_LAYOUT)
            assert layout["lines"] == 1 and not layout["cut"], layout  # on one line, not cut by the column
            assert [other for other in players if other.startswith(layout["text"].removesuffix("."))] == [name], \
                layout  # the whole name, or its first letters naming this player only
            expect(head).to_have_accessible_name(name)  # a screen reader hears the whole name
            boxes.append(layout)
        for i, a in enumerate(boxes):  # no two names overlap
            for b in boxes[i + 1:]:
                assert (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                        or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"]), (a, b)
        expect_fits_phone(page)
        screenshot(f"{game}-{len(players)}-390", full_page=False)


HYPHENATED = ["Jean-Baptiste", "Marie-Hélène", "Anne-Sophie", "Pierre-Louis", "Éloïse"]


def test_a_hyphenated_name_on_the_big_screen_breaks_at_its_hyphen_only_when_it_cannot_fit_on_a_line(
        live_server, page: Page, screenshot):
    """Testers at a French table read "Jean-" over "Baptiste" in the big screen's standings, and "Pierre-" over
    "Louis" after "Entame :": a name is read whole wherever it fits on a line by itself, on a phone as on a TV
    (where four-figure scores sat beside the standings squeezed into half the screen by an empty panel); only a
    name longer than a line wraps, and the page never scrolls sideways."""
    table = services.create_table(game="tarot", players=HYPHENATED)
    for _deal in range(3):  # garde contre, 3 bouts, 89 points, then one lost with none: four-figure totals
        services.record_deal(table, {"taker": "Jean-Baptiste", "partner": "Anne-Sophie", "contract": "garde_contre",
                                     "bouts": 3, "points": 89})
        services.record_deal(table, {"taker": "Marie-Hélène", "partner": "Pierre-Louis", "contract": "garde_contre",
                                     "bouts": 0, "points": 20})
    page.set_extra_http_headers({"Accept-Language": "fr"})
    for width, height in ((390, 844), (1280, 720)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{live_server.url}/t/{table.view_token}/big/")
        expect(page.locator("#big-next")).to_contain_text("Donneur : Marie-Hélène · Entame : Anne-Sophie")
        names = page.locator(".big-standings .name")
        expect(names).to_have_count(5)
        for name in [*names.all(), *page.locator("#big-next strong").all()]:
            layout = name.evaluate(  # the name: the box's first text, before "donne maintenant"
                "box => { const range = document.createRange(); range.selectNodeContents(box.firstChild);"
                " return {text: box.firstChild.textContent.trim(),"
                " lines: new Set([...range.getClientRects()].map((r) => Math.round(r.bottom))).size}; }")
            assert layout["text"] in HYPHENATED and layout["lines"] == 1, (width, layout)
        expect_fits_phone(page)
        screenshot(f"big-{width}", full_page=False)


# The lines a box's text is laid out on, each as it reads: a character whose box lies left of the one before it
# starts a new line (the text runs left to right).
LINES_OF = r"""(box) => {
  const lines = [], range = document.createRange(), text = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  let left = -Infinity;
  while (text.nextNode()) {
    const node = text.currentNode;
    for (let i = 0; i < node.length; i++) {
      range.setStart(node, i); range.setEnd(node, i + 1);
      const rect = [...range.getClientRects()].find((r) => r.width > 0);
      if (!rect) continue;  // a space collapsed where the line breaks
      if (rect.left < left - 1 || !lines.length) lines.push("");
      lines[lines.length - 1] += node.data[i];
      left = rect.left;
    }
  }
  return lines.map((line) => line.replace(/\s+/g, " ").trim());
}"""

TESTERS = ["Mathieu", "Stéphanie", "Jean-Baptiste", "Bérangère", "Guillaume"]


def test_who_deals_and_who_leads_never_leave_a_separator_at_the_end_of_a_line(live_server, page: Page, screenshot):
    """"Donneur : … · Entame : … · 6 donnes": a tester on a 390 px phone saw a "·" left at the end of a line where
    the line wrapped after it. A separator goes with the item after it ("· Entame : Jean-Baptiste"), so a line
    may start with one but never ends with one, whatever the phone's width, on the table page and the big
    screen, in French and in Spanish."""
    table = services.create_table(game="tarot", players=TESTERS)
    for taker in TESTERS[:2]:  # two deals: Jean-Baptiste deals next, Bérangère leads
        services.record_deal(table, {"taker": taker, "partner": taker, "contract": "garde", "bouts": 2,
                                     "points": 49})
    for language, said in (("fr", "Donneur : Jean-Baptiste · Entame : Bérangère · 2 donnes"),
                            ("es", "Reparte: Jean-Baptiste · Sale: Bérangère · 2 manos")):
        page.set_extra_http_headers({"Accept-Language": language})
        for path, line in (("", "#next-up"), ("big/", "#big-next")):
            page.set_viewport_size({"width": 390, "height": 844})
            page.goto(f"{live_server.url}/t/{table.view_token}/{path}")
            expect(page.locator(line)).to_contain_text(said if not path else said.rsplit(" · ", 1)[0])
            screenshot(f"{language}-{path.strip('/') or 'table'}-390", full_page=False)
            for width in range(300, 431, 2):
                page.set_viewport_size({"width": width, "height": 844})
                lines = page.locator(line).evaluate(LINES_OF)
                assert not [text for text in lines if text.endswith("·")], (language, path, width, lines)


def test_a_name_on_the_line_of_who_deals_is_never_broken_at_its_hyphen(live_server, page: Page):
    """"Entame : Jean-" over "Baptiste": the same tester, on the table page in French. A name stays whole on the
    line of who deals and who leads, at any phone's width."""
    table = services.create_table(game="tarot", players=TESTERS)
    services.record_deal(table, {"taker": "Mathieu", "partner": "Mathieu", "contract": "garde", "bouts": 2,
                                 "points": 49})  # Stéphanie deals next, Jean-Baptiste leads
    page.set_extra_http_headers({"Accept-Language": "fr"})
    page.goto(f"{live_server.url}/t/{table.view_token}/")
    expect(page.locator("#next-up")).to_contain_text("Donneur : Stéphanie · Entame : Jean-Baptiste")
    broken = []
    for width in range(300, 431, 2):
        page.set_viewport_size({"width": width, "height": 844})
        broken += [(width, text) for text in page.locator("#next-up").evaluate(LINES_OF) if text.endswith("-")]
    assert broken == []


def test_by_the_takers_score_the_contract_as_a_paper_sheet_writes_it_without_widening_a_phone(live_server, page: Page,
                                                                                             screenshot):
    """A Tarot player's paper sheet says who took each deal and which contract (a tester missed it on the sheet and
    the big screen): the contract's letters by the taker's score, on its line on a 390 px phone even beside a score
    of four figures, above it on a 320 px one rather than widen the page; the big screen says it whole. At five the
    partner's score has its ☆ on the same terms, and a taker alone has none beside him. The petit au bout and the
    chelem follow the contract (PAB, ChA), above the score where the column has no room for them all."""
    table = services.create_table(game="tarot", players=TESTERS)
    # Guillaume alone, garde sans, 3 bouts, 91 points, chelem announced and made, petit au bout:
    # (25 + 55) × 4 + 10 × 4 + 400 = 760 a defender, 4 × 760 = +3040. Stéphanie alone, garde contre, 0 bouts,
    # 10 points: fails by 46 → (25 + 46) × 6 = 426 a defender, 4 × 426 = −1704. Jean-Baptiste with Mathieu, garde
    # sans, 2 bouts, 70 points: made by 29 → (25 + 29) × 4 = 216, 2 × 216 = +432, Mathieu +216.
    for record in ({"taker": "Guillaume", "partner": "Guillaume", "contract": "garde_sans", "bouts": 3, "points": 91,
                    "chelem": "announced_made", "petit_au_bout": "attack"},
                   {"taker": "Stéphanie", "partner": "Stéphanie", "contract": "garde_contre", "bouts": 0, "points": 10},
                   {"taker": "Jean-Baptiste", "partner": "Mathieu", "contract": "garde_sans", "bouts": 2,
                    "points": 70}):
        services.record_deal(table, record)
    page.goto(f"{live_server.url}/t/{table.view_token}/sheet/")
    for width in (390, 320):
        page.set_viewport_size({"width": width, "height": 844})
        marks = page.locator("#sheet .deal-mark")
        # deal 3: Mathieu's column comes first
        expect(marks).to_have_text(["GS", "PAB", "ChA", "GC", "\N{WHITE STAR}", "GS"])
        for mark, score in zip(marks.all(), ["+3040", "+3040", "+3040", "−1704", "+216", "+432"], strict=True):
            cell = mark.locator("xpath=..")
            expect(cell).to_have_text(re.compile(rf"{re.escape(score)}$"))
            if width == 390 and score != "+3040":  # a contract's letters and the score on one line
                assert cell.bounding_box()["height"] < 2 * mark.bounding_box()["height"], width
        expect_fits_phone(page)
        screenshot(f"sheet-{width}", full_page=False)
    expect(page.locator("#sheet-deal-1 .deal-score").nth(4)).to_contain_text("Taker: Guillaume, Garde sans, no partner")
    expect(page.locator("#sheet-deal-3 .deal-score").nth(0)).to_contain_text("Partner: Mathieu")
    expect(page.locator("#sheet-legend")).to_contain_text(
        "By the partner's score (who held the called card): ☆; a deal without ☆ was played by the taker alone.")

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/t/{table.view_token}/big/")
    expect(page.locator("#big-last .which")).to_have_text(
        "Deal 3 · Taker: Jean-Baptiste, Garde sans · Partner: Mathieu")
    expect_fits_phone(page)


def test_four_short_names_head_the_recent_deals_on_one_line_on_a_390px_phone(live_server, page: Page):
    """Four names that fit their columns are written on one line: on two lines, every other one a line higher,
    "Alice" and "Cara" above "Ben" and "Dan" read as out of line (a tester, at a Pablo table)."""
    table = services.create_table(game="tarot", players=["Alice", "Ben", "Cara", "Dan"])
    services.record_deal(table, {"taker": "Ben", "contract": "garde", "bouts": 2, "points": 45})
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/t/{table.view_token}/")
    spans = page.locator(".recent-deals thead th.num span")
    expect(spans).to_have_count(4)
    # measured in one go: the page may still move between two measures, as the live region is drawn
    tops = set(spans.evaluate_all("spans => spans.map(span => Math.round(span.getBoundingClientRect().top))"))
    assert len(tops) == 1, tops
    expect_names_whole(page.locator(".recent-deals thead th.num"), ["Alice", "Ben", "Cara", "Dan"],
                       within=page.locator(".recent-scroll"))


def test_the_edit_form_previews_the_corrected_deal_before_save(live_server, page: Page, screenshot):
    """A tester found the deal page's Edit without the record form's preview: its htmx was switched off. Then
    its refusal of card points out of range only ~2,000 px below the box, after the open "More"."""
    table = services.create_table(game="tarot", players=["Ana", "Beatriz", "Cid", "Dolores"])
    # Deal 1: Cid's garde, 2 bouts, 49 points, petit au bout to the attack (it opens "More" on the edit form):
    # 49 − 41 = 8 → (25 + 8 + 10) × 2 = 86 from each defender, Cid +258.
    services.record_deal(table, {"taker": "Cid", "contract": "garde", "bouts": 2, "points": 49,
                                 "petit_au_bout": "attack"})
    page.goto(f"{live_server.url}/t/{table.edit_token}/deal/1/")
    page.get_by_role("link", name="Edit").click()
    expect(page.locator("details.more")).to_have_attribute("open", "")
    points = page.get_by_role("textbox", name="Card points")
    points.click()
    points.press("Control+a")
    points.press_sequentially("60")
    # As corrected: 60 − 41 = 19 → (25 + 19 + 10) × 2 = 108 from each defender, 3 × 108 = 324 to Cid.
    rows = page.locator("#deal-preview").get_by_role("table", name="Score of this deal").locator("tbody tr")
    expect(rows).to_have_text([re.compile(rf"^\s*{name}\s*{re.escape(score)}\s*\(was {re.escape(was)}\)\s*"
                                          rf"{re.escape(score)}\s*$")
                               for name, score, was in (("Ana", signed(-108), signed(-86)),
                                                        ("Beatriz", signed(-108), signed(-86)),
                                                        ("Cid", signed(324), signed(258)),
                                                        ("Dolores", signed(-108), signed(-86)))])
    page.locator("#deal-preview").scroll_into_view_if_needed()
    screenshot(full_page=False)
    assert services.standings(table).totals["Cid"] == 258  # nothing saved yet
    # Points out of range: refused where the box is, in view with it, as on a new deal's form.
    points.press("Control+a")
    points.press_sequentially("95")
    problem = page.locator("#deal-preview .preview-problem")
    expect(problem).to_have_text("Card points: Card points run from 0 to 91.")
    box, said = points.bounding_box(), problem.bounding_box()
    assert box and said and 0 < said["y"] - (box["y"] + box["height"]) < 120, (box, said)
    expect(problem).to_be_in_viewport()
    screenshot("refused", full_page=False)
