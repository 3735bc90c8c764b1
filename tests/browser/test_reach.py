"""Weight and reach (issue 13): what a phone at the table downloads, and whether every player can use it.

- The first load of a table page, as ``make run`` serves it (gunicorn, DEBUG off, collected and compressed
  static files): the page and everything it loads, counted as the bytes of each response body on the wire
  (gzipped where the server gzips), is at most 40 KB, for every demo table (``manage.py load_demo``) and a
  table of every game that ships none, in English, Spanish and French.
- The main pages of one table per game (table, record form, history, settle up, rules, and the new-table form
  of its game), in the three languages, on the narrowest and the widest phone (320 and 412 CSS pixels), with
  every <details> open: no serious or critical accessibility violation (axe-core, WCAG 2.2 AA), every control
  and group of controls named in the accessibility tree a screen reader reads (Chromium's), no sideways scroll,
  and every button, link and field of the main content at least 44 px tall and wide (a link inside running
  text is exempt, as in WCAG 2.5.8).
- A plain 4-player Tarot deal in at most six taps and keystrokes: tests/browser/test_interactions.py.
"""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from playwright.sync_api import Browser, Page

from referee.game import all_games, get_game
from scoring import services
from scoring.models import Table
from tests.gunicorn_server import Server, gunicorn

pytestmark = pytest.mark.django_db(transaction=True)

FIRST_LOAD_BUDGET = 40 * 1024  # bytes, gzipped as served
# The heaviest, Toruro at 10 players in French, was 39.8 KB on 2026-11-24: its board (pots, lulo list, ledger) and
# record form (lulos to pay with their splits, the turned card, who went, three tricks, play rules broken) come to
# 8.7 KB of page; the page is gzipped with up to 100 random bytes (Django's GZipMiddleware, against BREACH).
TAP = 44  # CSS pixels, each way
PHONES = (320, 412)  # CSS pixels wide: the narrowest and the widest phone held in one hand
LANGUAGES = ("en", "es", "fr")
AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
LONG_NAMES = ["Maximiliano Fernández-Castellanos", "Anne-Charlotte de La Rochefoucauld",
              "Guadalupe Inmaculada", "Jean-Baptiste Poquelin", "Bartholomew Featherstonehaugh"]
EIGHT_NAMES = ["Maximiliano", "Guadalupita", "Fitzgerald", "Evangeline", "Bartholomew", "Anastasia", "Constantine",
               "Wilhelmina"]  # a whole table of one-word names, none of which may be cut to fit


@pytest.fixture(scope="module")
def server(django_db_setup, django_db_blocker, tmp_path_factory):
    """The app as ``make run`` serves it, on the test database."""
    with django_db_blocker.unblock(), gunicorn(tmp_path_factory.mktemp("reach"), workers=2,
                                               RATELIMIT="false") as served:
        yield served


def url(server: Server, path: str) -> str:
    return f"http://{server.host}:{server.port}{path}"


def with_examples(game: str, players: list[str]) -> Table:
    """A table of ``game`` with the game's example deals recorded."""
    table = services.create_table(game=game, players=players)
    for raw in get_game(game).example_records(services.table_spec(table)):
        services.record_deal(table, raw)
    return table


def every_games_table() -> list[Table]:
    """Every demo table (``manage.py load_demo``), and a table with its example deals for each game that ships
    no demo table."""
    call_command("load_demo", base_url="http://127.0.0.1", stdout=StringIO())
    tables = list(Table.objects.order_by("game", "pk"))
    for game in all_games():
        if not any(table.game == game.slug for table in tables):
            tables.append(with_examples(game.slug, [f"Player {i}" for i in range(1, min(game.player_counts) + 1)]))
    assert {table.game for table in tables} == {game.slug for game in all_games()}
    return tables


def with_a_card_picker() -> list[Table]:
    """A table (with the game's example deals) for each game and player count whose record form asks for cards
    at no demo table, in a card picker (scoring.widgets.CardPicker: every size of a Pablo table) or as the cards
    to tap (scoring.widgets.CardChoices: a 5-player Tarot table's called card)."""
    measured = {(table.game, len(services.table_spec(table).players)) for table in Table.objects.all()}
    tables = []
    for game in all_games():
        for count in game.player_counts:
            if (game.slug, count) in measured:
                continue
            table = with_examples(game.slug, [f"Player {i}" for i in range(1, count + 1)])
            asks = {field.kind for field in game.record_fields(services.table_spec(table))}
            if "data-card-widget" in Client().get(f"/t/{table.edit_token}/").content.decode() or "card" in asks:
                tables.append(table)
            else:
                table.delete()
    return tables


# -- weight ---------------------------------------------------------------------------------------------------

def first_load(browser: Browser, address: str, language: str) -> dict[str, int]:
    """Open ``address`` on a new phone (empty cache) and return the body bytes on the wire of each response."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  locale=language)
    page = context.new_page()
    sizes: dict[str, int] = {}
    page.on("requestfinished", lambda request: sizes.__setitem__(
        request.url, request.sizes()["responseBodySize"]))
    response = page.goto(address, wait_until="load")
    assert response is not None and response.ok, address
    page.wait_for_load_state("networkidle")
    context.close()
    return sizes


def test_the_first_load_of_a_table_page_is_at_most_40_kb_gzipped(server: Server, browser: Browser):
    heavy, report = {}, []
    for table in every_games_table() + with_a_card_picker():
        for language in LANGUAGES:
            sizes = first_load(browser, url(server, f"/t/{table.edit_token}/"), language)
            total = sum(sizes.values())
            report.append(f"{table.game:10} {len(services.table_spec(table).players):2} {language} "
                          f"{total / 1024:5.1f} KB  " + ", ".join(
                f"{re.sub(r'[.][0-9a-f]{12}[.]', '.', u.rsplit('/', 1)[-1]) or 'page'} {s}"
                for u, s in sorted(sizes.items(), key=lambda item: -item[1])))
            if total > FIRST_LOAD_BUDGET:
                heavy[f"{table.name or table.game} ({language})"] = total
    print("\nFirst load, gzipped as served:\n" + "\n".join(report))
    assert not heavy, f"over {FIRST_LOAD_BUDGET} bytes: {heavy}"


# -- reach ----------------------------------------------------------------------------------------------------

AXE_RUN = """async () => {
  const result = await axe.run(document, {
    runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]},
    resultTypes: ["violations"],
  });
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ` + v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | "));
}"""

# The tap targets of the main content smaller than TAP each way, and whether the page scrolls sideways.
# Every <details> is opened first, so that what it hides is measured too. A link inside running text (an
# inline link with words of the sentence around it) is exempt, as WCAG 2.5.8 exempts it.
LAYOUT = """(tap) => {
  document.querySelectorAll("details").forEach((d) => { d.open = true; });
  const main = document.querySelector("main") || document.body;
  const targets = main.querySelectorAll(
    "a[href], button, summary, select, textarea, label.btn, .form-check," +
    "input:not([type=hidden]):not([type=radio]):not([type=checkbox])");
  const inline = (node) => node.nodeType === Node.TEXT_NODE
    || (node.nodeType === Node.ELEMENT_NODE && getComputedStyle(node).display.startsWith("inline"));
  const inRunningText = (el) => {  // words of the same line of text before or after the link
    if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
    const around = [...el.parentElement.childNodes].filter((node) => node !== el && inline(node))
      .map((node) => node.textContent).join(" ");
    return /[\\p{L}\\p{N}]{2}/u.test(around);
  };
  const named = (el) => `${el.tagName.toLowerCase()}.${String(el.className).split(" ").join(".")}`;
  const small = [];
  for (const el of targets) {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === "hidden" || inRunningText(el)) continue;
    if (el.closest(".form-check") && el.matches("label, input")) continue;  // the .form-check row is the target
    if (box.width < tap - 0.5 || box.height < tap - 0.5) {
      const name = (el.innerText || el.value || el.getAttribute("aria-label") || el.name || "").trim().slice(0, 30);
      small.push(`${named(el)} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
  }
  const scroller = document.scrollingElement;
  const wide = scroller.scrollWidth > window.innerWidth
    ? [...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5).slice(-3)
        .map((el) => `${named(el)} right=${Math.round(el.getBoundingClientRect().right)}`)
    : [];
  return {scrollWidth: scroller.scrollWidth, width: window.innerWidth, small, wide};
}"""


# The roles a screen reader announces by their name: a control, or a group of them (a select read as just
# "combobox", a radio group as just "radio group", says nothing of what it asks). Chromium gives a <details> the
# role group without a name: its summary is what is read.
NAMED_ROLES = frozenset({"button", "checkbox", "combobox", "link", "listbox", "radio", "radiogroup", "group",
                         "searchbox", "slider", "spinbutton", "switch", "tablist", "textbox"})


def unnamed(page: Page) -> list[str]:
    """The controls and groups of controls of the page with no name in Chromium's accessibility tree."""
    cdp = page.context.new_cdp_session(page)
    try:
        found = []
        for node in cdp.send("Accessibility.getFullAXTree")["nodes"]:
            role = node.get("role", {}).get("value")
            if node.get("ignored") or role not in NAMED_ROLES or str(node.get("name", {}).get("value", "")).strip():
                continue
            element = cdp.send("DOM.describeNode", {"backendNodeId": node["backendDOMNodeId"]})["node"]
            if element["localName"] == "details":
                continue
            attributes = dict(zip(element["attributes"][::2], element["attributes"][1::2], strict=True))
            found.append(f"{role} <{element['localName']} " + " ".join(
                f'{key}="{attributes[key]}"' for key in ("id", "name", "class") if key in attributes) + ">")
        return found
    finally:
        cdp.detach()


def pages_of(table: Table) -> dict[str, str]:
    token = table.edit_token
    return {"table": f"/t/{token}/", "record form": f"/t/{token}/deal/", "history": f"/t/{token}/history/",
            "settle": f"/t/{token}/settle/", "rules": f"/rules/{table.game}/", "new table": f"/new/{table.game}/",
            "choosing a game": "/new/"}


def test_every_main_page_is_accessible_fits_a_phone_and_has_big_tap_targets(server: Server, browser: Browser):
    tables = {}
    for table in every_games_table():
        tables.setdefault(table.game, table)  # one table per game
    tables["tarot, long names"] = with_examples("tarot", LONG_NAMES)
    tables["pablo, eight long names"] = with_examples("pablo", EIGHT_NAMES)

    problems: list[str] = []
    for language in LANGUAGES:
        context = browser.new_context(viewport={"width": PHONES[0], "height": 800}, is_mobile=True,
                                      has_touch=True, locale=language)
        context.add_init_script(path=str(AXE))  # an init script: the pages' Content-Security-Policy allows it
        page = context.new_page()
        seen = set()
        for name, table in tables.items():
            for what, path in pages_of(table).items():
                if path in seen:
                    continue
                seen.add(path)
                where = f"{name} · {what} · {language}"
                page.set_viewport_size({"width": PHONES[0], "height": 800})
                response = page.goto(url(server, path))
                assert response is not None and response.ok, (where, response and response.status)
                page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
                # axe on the whole page at once: the sticky Save bar would otherwise cover what lies under it
                height = page.evaluate("document.scrollingElement.scrollHeight")
                page.set_viewport_size({"width": PHONES[0], "height": max(800, height)})
                problems += [f"{where}: {v}" for v in page.evaluate(AXE_RUN)]
                problems += [f"{where}: no name: {control}" for control in unnamed(page)]
                for width in PHONES:
                    page.set_viewport_size({"width": width, "height": 800})
                    layout = page.evaluate(LAYOUT, TAP)
                    if layout["scrollWidth"] > layout["width"]:
                        problems.append(f"{where} at {width}px scrolls sideways: {layout['scrollWidth']}px "
                                        f"{layout['wide']}")
                    problems += [f"{where} at {width}px: tap target {s}" for s in layout["small"]]
        context.close()
    assert not problems, "\n".join(dict.fromkeys(problems))
