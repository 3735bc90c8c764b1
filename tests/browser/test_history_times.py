"""When each change was made, as the phones at the table read the time.

The server keeps and writes times in UTC (settings.TIME_ZONE): a table in Bogotá that recorded a deal at 15:42
read "20:42" in its history, five hours off, while the page's own offline notice ("Offline — last updated at …")
said the phone's time (found by a tester). The history and a deal's page show each time in the phone's time
zone, and so do settle-up and the share page when they say when an earlier game of the night started, and a
player's page the day each table was played; without JavaScript, the server's UTC time stays."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from playwright.sync_api import expect

from scoring import seating, services
from scoring.models import DealRevision, Table


def a_phone_in_bogota_reads(live_server, browser, browser_context_args, moment, pages: dict[str, str]) -> None:
    """Each page (its path, and where its first time stands) says ``moment`` in Bogotá's time (UTC − 5, no
    summer time), and nowhere the server's UTC."""
    bogota = moment.astimezone(ZoneInfo("America/Bogota")).strftime("%d/%m/%Y %H:%M")
    utc = moment.strftime("%d/%m/%Y %H:%M")
    assert bogota != utc
    context = browser.new_context(**browser_context_args, locale="fr-FR", timezone_id="America/Bogota")
    page = context.new_page()
    for path, where in pages.items():
        page.goto(f"{live_server.url}{path}")
        expect(page.locator(where).first).to_have_text(bogota)
        assert utc not in page.locator("main").inner_text()
    context.close()


def test_the_history_and_a_deals_page_say_when_in_the_phones_own_time(live_server, browser, browser_context_args):
    table = services.create_table(game="tarot", players=["Ana", "Bruno", "Chloé", "Didier"])
    services.record_deal(table, {"taker": "Bruno", "contract": "garde", "bouts": 2, "points": 45})
    created = DealRevision.objects.get(deal__table=table).created
    a_phone_in_bogota_reads(live_server, browser, browser_context_args, created, {
        f"/t/{table.view_token}/{path}": "#changes time, .revision time" for path in ("history/", "deal/1/")})


def test_an_earlier_game_of_the_night_started_at_the_phones_own_time(live_server, browser, browser_context_args):
    """"Game 1: 1 deal, started …" on settle-up and the share page, once the players changed."""
    table = services.create_table(game="tarot", players=["Ana", "Bruno", "Chloé", "Didier"])
    services.record_deal(table, {"taker": "Bruno", "contract": "garde", "bouts": 2, "points": 45})
    assert seating.change_seats(table, ["Ana", "Bruno", "Chloé", "Didier", "Emma"]) is not None
    a_phone_in_bogota_reads(live_server, browser, browser_context_args, table.created, {
        f"/t/{table.edit_token}/{path}": "main time" for path in ("settle/", "share/")})


def test_a_players_tables_say_the_day_they_were_played_at_the_phone(live_server, browser, browser_context_args):
    """A table started at 21:00 in Bogotá is the next day in UTC: the player's page said the day after."""
    context = browser.new_context(**browser_context_args, locale="fr-FR", timezone_id="America/Bogota")
    page = context.new_page()
    page.goto(f"{live_server.url}/new/tarot/")
    for seat, name in enumerate(["Ana", "Bruno", "Chloé", "Didier"]):
        page.locator(f'input[name="player_{seat}"]').fill(name)
    page.get_by_role("button", name="Commencer la table").click()
    page.wait_for_url("**/t/*/")
    Table.objects.update(created=datetime(2026, 11, 25, 2, 0, tzinfo=UTC))  # 24/11 at 21:00 in Bogotá
    page.goto(f"{live_server.url}/players/")
    page.get_by_role("link", name="Bruno").click()
    expect(page.locator("main time").first).to_have_text("24/11/2026")
    assert "25/11/2026" not in page.locator("main").inner_text()
    context.close()


def test_an_english_page_names_the_month_so_no_phone_reads_the_day_as_the_month(live_server, browser,
                                                                                   browser_context_args):
    """A British phone read "started 11/26/26, 11:04 AM" on the English share page, the American way (a
    tester): English times name their month, in the order the phone's own region writes them."""
    table = services.create_table(game="tarot", players=["Ana", "Bruno", "Chloé", "Didier"])
    services.record_deal(table, {"taker": "Bruno", "contract": "garde", "bouts": 2, "points": 45})
    DealRevision.objects.update(created=datetime(2026, 11, 5, 21, 4, tzinfo=UTC))
    for locale, said in (("en-GB", "5 Nov 2026, 21:04"), ("en-US", "Nov 5, 2026, 9:04")):
        context = browser.new_context(**browser_context_args, locale=locale, timezone_id="Europe/London",
                                      extra_http_headers={"Accept-Language": locale})
        page = context.new_page()
        page.goto(f"{live_server.url}/t/{table.view_token}/history/")
        expect(page.locator("#changes time, .revision time").first).to_contain_text(said)
        assert "11/5/26" not in page.locator("main").inner_text()
        context.close()
