"""The table page: standings, who deals and leads, the last deal's breakdown, the chart, the record form
(edit link only), links to the other pages; and the standalone chart image."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from referee.game import all_games, get_game
from scoring import chart, services

from .conftest import add_deals, plain_deal


def test_a_new_table_shows_everyone_at_zero_and_who_deals_first(client, tarot4, edit_url):
    html = client.get(edit_url).content.decode()

    assert "Friday" in html and "French Tarot" in html and "N → S → E → W" in html
    assert html.count('class="score zero">0<') == 4
    assert re.search(r"Deals next: <strong>N</strong>.*Leads: <strong>S</strong>", html, re.S)
    assert 'id="no-deals"' in html and 'id="chart"' not in html


def test_the_page_comes_without_the_templates_indentation(client, tarot4, edit_url):
    """The cached page drops each line's leading blanks (a twentieth of its gzipped bytes); every other test of
    this page reads it so, and finds what it says unchanged."""
    services.record_deal(tarot4, plain_deal())
    html = client.get(edit_url).content.decode()
    assert 'id="table-body"' in html and not re.search(r"\n[ \t]", html)


def test_the_stake_agreed_is_in_sight_beside_settle_up(client, tarot4, edit_url):
    """A tester: the stake (1.000 COP a chip) appeared nowhere on the table page, only once settling up."""
    assert re.search(r'/settle/">Settle up</a>', client.get(edit_url).content.decode())
    tarot4.stake_minor, tarot4.currency = 100_000, "COP"
    tarot4.save()
    html = client.get(edit_url, headers={"Accept-Language": "es"}).content.decode()
    assert re.search(r'/settle/">Ajustar cuentas ·&nbsp;1\.000 COP</a>', html)


def test_standings_are_ranked_with_signed_totals_and_the_dealer_moves_on(client, tarot4, edit_url):
    services.record_deal(tarot4, plain_deal())

    html = client.get(edit_url).content.decode()
    names = re.findall(r'<td class="name">(\w+)', html)
    assert names[0] == "E"
    assert '<td class="score pos">+198</td>' in html and html.count('<td class="score neg">−66</td>') == 3
    assert re.search(r"Deals next: <strong>S</strong>.*Leads: <strong>E</strong>", html, re.S)


def test_the_last_deal_is_broken_down_line_by_line(client, tarot4, edit_url):
    services.record_deal(tarot4, plain_deal(petit_au_bout="attack"))

    html = client.get(edit_url).content.decode()
    breakdown = re.search(r'<ul class="breakdown" id="breakdown">(.*?)</ul>', html, re.S).group(1)
    lines = re.findall(r"<li><span>(.*?)</span></li>", breakdown)
    assert len(lines) >= 2
    assert any("49" in line for line in lines)
    assert "Deal 1" in html


def test_the_breakdown_is_translated(client, tarot4, edit_url):
    services.record_deal(tarot4, plain_deal())
    english = client.get(edit_url).content.decode()
    french = client.get(edit_url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'lang="fr"' in french
    assert re.search(r'id="breakdown"', english) and re.search(r'id="breakdown"', french)


def test_a_table_named_by_its_players_keeps_its_name_in_every_language(client, tarot4, edit_url):
    """A name is the players' own words: "Saturday" is not Django's "sábado" or "samedi"."""
    tarot4.name = "Saturday"
    tarot4.save(update_fields=["name"])
    token = tarot4.edit_token
    for language in ("es", "fr"):
        for path in ("", "sheet/", "settle/", "history/"):
            html = client.get(f"/t/{token}/{path}", HTTP_ACCEPT_LANGUAGE=language).content.decode()
            assert "Saturday" in html and "sábado" not in html.lower() and "samedi" not in html.lower(), path


def test_a_flash_message_is_for_the_phone_it_was_left_for_never_served_to_another(tarot4, edit_url):
    """Ana undoes a deal without htmx ("Deal 2 undone." waits for her next page), and her next page comes through
    htmx: it says it to her, and is not kept for Bea, whose page through htmx says nothing of it."""
    add_deals(tarot4, 2)
    ana, bea = Client(), Client()
    assert ana.post(f"{edit_url}undo/", {"number": 2}).status_code == 302
    assert "Deal 2 undone." in ana.get(edit_url, HTTP_HX_REQUEST="true").content.decode()
    assert "Deal 2 undone." not in bea.get(edit_url, HTTP_HX_REQUEST="true").content.decode()


def test_the_chart_is_drawn_in_place_when_scrolled_to_with_a_line_per_side(client, tarot4, edit_url):
    add_deals(tarot4, 3)
    html = client.get(edit_url).content.decode()
    slot = re.search(r'<figure class="chart mb-3" id="chart"><svg class="score-chart" viewBox="([^"]+)" '
                     r'hx-get="([^"]+)" hx-trigger="revealed"', html)
    assert slot is not None and "<polyline" not in html  # the first load does not carry it
    assert f'href="/t/{tarot4.edit_token}/chart.svg"' in html  # without JavaScript: the image

    svg = client.get(slot.group(2).replace("&amp;", "&"), HTTP_HX_REQUEST="true").content.decode()
    assert svg.startswith('<svg class="score-chart"') and svg.count("<polyline") == 4
    # its place is kept before it is drawn: the empty box has the drawn chart's proportions
    assert f'viewBox="{slot.group(1)}"' in svg


def test_the_chart_image_is_standalone_svg(client, tarot4, view_url):
    add_deals(tarot4, 2)
    response = client.get(view_url + "chart.svg")
    assert response.status_code == 200 and response["Content-Type"].startswith("image/svg+xml")
    assert response.content.startswith(b'<svg xmlns="http://www.w3.org/2000/svg"')


def test_the_charts_lines_are_never_the_colours_of_a_score_and_ten_players_have_ten():
    """A player's line in the green a leading score is written in read as the leader's (a tester: the last player's
    line was green); ten players, ten colours."""
    css = (Path(settings.BASE_DIR) / "static" / "app" / "app.css").read_text()
    score_colours = set(re.findall(r"--tp-(?:pos|neg):\s*(#[0-9a-fA-F]{6})", css))
    assert len(score_colours) >= 2 and score_colours.isdisjoint(chart.COLOURS)
    assert len(set(chart.COLOURS)) == len(chart.COLOURS) >= 10


def test_the_chart_axis_writes_a_negative_with_a_real_minus_as_the_standings_do(tarot4, db):
    """A helper saw "-50" on the chart's axis under standings that say "−5": the axis speaks as the page does."""
    add_deals(tarot4, 2)
    svg = chart.render_svg(services.standings(tarot4))
    axis = re.findall(r'text-anchor="end" fill="currentColor" fill-opacity="0.7">([^<]+)</text>', svg)
    assert any(label.startswith("\u2212") for label in axis), axis
    assert not any(label.startswith("-") for label in axis), axis


def legend_rows(svg: str) -> list[str]:
    """The y of each legend marker, in order (two entries on a row share one)."""
    return re.findall(r'<rect x="\d+" y="(\d+)" width="12" height="4"', svg)


def test_the_chart_legend_puts_short_entries_side_by_side_and_long_ones_on_their_own_row(tarot4, db):
    """Four Tarot players ("N +66") fit two to a row; a Paublillo team that has won ("Ana & Carla 13 points:
    game", some thirty characters) would run into its neighbour's marker, so each gets its own row."""
    add_deals(tarot4, 2)
    rows = legend_rows(chart.render_svg(services.standings(tarot4)))
    assert len(rows) == 4 and len(set(rows)) == 2

    night = services.create_table(game="paublillo", players=["Ana", "Beto", "Carla", "Dani"])
    for _ in range(11):  # a point a deal to team A, then on alver at 11 it plays for 3 and wins: 14, the game
        services.record_deal(night, {"tricks": "AA"})
    services.record_deal(night, {"alver": "play", "tricks": "AA"})
    standings = services.standings(night)
    assert standings.game_over and len(standings.total_text(0)) > 12
    rows = legend_rows(chart.render_svg(standings, labels={"A": "Ana & Carla", "B": "Beto & Dani"}))
    assert len(rows) == 2 and rows[0] != rows[1]


def test_the_chart_samples_at_most_max_points_and_ends_on_the_totals(tarot4):
    add_deals(tarot4, 12)
    services.undo_last(tarot4)  # 11 active deals
    st = services.standings(tarot4)

    points = chart.sample(st, max_points=5)

    assert len(points) <= 5
    assert points[0] == (0, {"N": 0, "S": 0, "E": 0, "W": 0})
    assert points[-1] == (11, st.totals)
    assert [n for n, _totals in points] == sorted(n for n, _totals in points)


def test_the_edit_link_shows_the_record_form_with_defaults_and_the_next_number(client, tarot4, edit_url):
    add_deals(tarot4, 2)
    html = client.get(edit_url).content.decode()

    assert '<form id="record"' in html and "Record deal 3" in html
    assert 'name="deal_number" value="3"' in html
    assert re.search(r'name="points_side" value="attack"[^>]*checked', html)
    assert re.search(r'name="petit_au_bout" value="none"[^>]*checked', html)
    assert re.search(r'name="chelem" value="none"[^>]*checked', html)
    assert not re.search(r'name="taker" value="\w+"[^>]*checked', html)
    assert 'inputmode="decimal"' in html
    assert "Undo deal 2" in html and f'action="/t/{tarot4.edit_token}/undo/"' in html


def test_a_plain_deal_takes_six_taps_and_keystrokes(client, tarot4, edit_url):
    """Tap taker, tap contract, tap bouts, type "49", tap Save: everything else is preselected."""
    html = client.get(edit_url).content.decode()
    segmented = {name for name in ("taker", "contract", "bouts")
                 if re.search(rf'type="radio" name="{name}"[^>]*class="btn-check"', html)}
    assert segmented == {"taker", "contract", "bouts"}
    assert re.search(r'<button class="btn btn-primary btn-lg" type="submit">Save</button>', html)


def test_the_view_link_shows_the_same_table_without_the_form_or_edit_actions(client, tarot4, view_url):
    add_deals(tarot4, 1)
    html = client.get(view_url).content.decode()

    assert "view only" in html and 'class="score' in html and 'id="breakdown"' in html
    assert '<form id="record"' not in html and "/undo/" not in html
    assert f'hx-get="/t/{tarot4.view_token}/live/?v=' in html


def test_five_players_get_the_partner_question_in_view(client, tarot5):
    html = client.get(f"/t/{tarot5.edit_token}/").content.decode()
    more = html.index('<details class="more')
    assert html.index('name="partner"') < more


def test_links_to_history_share_settle_rules_and_referee(client, tarot4, edit_url):
    html = client.get(edit_url).content.decode()
    for href in (f"/t/{tarot4.edit_token}/history/", f"/t/{tarot4.edit_token}/share/",
                 f"/t/{tarot4.edit_token}/settle/", "/rules/tarot/", f"/referee/tarot/?table={tarot4.edit_token}"):
        assert f'href="{href}"' in html


def test_a_games_state_is_shown_generically(client, pool):
    services.record_deal(pool, {"player": "Ana", "points": 4})
    html = client.get(f"/t/{pool.view_token}/").content.decode()
    assert "<dt>Left in pool</dt>" in html and "<dd>16" in html
    assert "<dt>Main</dt><dd>16</dd>" in html


def test_game_over_is_announced_with_the_winners(client, db):
    table = services.create_table(game="tarot", players=["N", "S", "E", "W"], options={"rounds": 1})
    services.record_deal(table, plain_deal())
    html = client.get(f"/t/{table.view_token}/").content.decode()
    assert 'id="game-over"' in html and "Winner: E" in html


def test_unknown_token_is_404(client, db):
    assert client.get("/t/nope/").status_code == 404
    assert client.get("/t/nope/chart.svg").status_code == 404


@pytest.mark.parametrize("slug", [g.slug for g in all_games()])
def test_every_game_gets_a_new_table_form_a_table_page_and_a_record_form(client, db, slug):
    game = get_game(slug)
    assert client.get(f"/new/{slug}/").status_code == 200
    players = [f"P{i}" for i in range(1, min(game.player_counts) + 1)]
    table = services.create_table(game=slug, players=players)

    html = client.get(f"/t/{table.edit_token}/").content.decode()
    assert '<form id="record"' in html
    assert client.get(f"/t/{table.edit_token}/deal/").status_code == 200
    assert client.get(f"/t/{table.edit_token}/history/").status_code == 200
    # an empty form: messages, never a 500
    assert client.post(f"/t/{table.edit_token}/deal/", {}).status_code == 200


def test_team_games_name_their_sides_by_the_games_labels_or_members(client, db):
    team_game = next((g for g in all_games() if g.team_game), None)
    if team_game is None:
        pytest.skip("no team game installed")
    players = ["Ana", "Bea", "Cy", "Dan"] if 4 in team_game.player_counts else None
    if players is None:
        pytest.skip("no 4-player team game")
    table = services.create_table(game=team_game.slug, players=players)
    html = client.get(f"/t/{table.view_token}/").content.decode()
    names = re.findall(r'<td class="name">([^<]+)', html)
    assert len(names) == len(team_game.sides(services.table_spec(table)))
    assert all("Ana" in n or "Bea" in n or "Cy" in n or "Dan" in n for n in names)


def test_players_level_share_their_place_in_the_standings(client, db):
    """Players on the same total share their place, and the next one counts them (1, 2, 2, 2; 1, 1, 3)."""
    import re

    from scoring import services

    table = services.create_table(game="tarot", players=["N", "S", "E", "W"])
    services.record_deal(table, {"taker": "E", "contract": "garde", "bouts": 2, "points": 41})  # made by 0:
    # E +150, each defender −50: N, S and W level second
    html = client.get(f"/t/{table.view_token}/").content.decode()
    assert re.findall(r'<td class="rank">(\d+)</td>', html) == ["1", "2", "2", "2"]


def test_the_referee_is_at_the_top_of_the_table_before_anything_else(client, tarot4, edit_url, view_url):
    """A dispute starts at the table: "Ask the referee" sat under the record form and the recent deals, 1,500 to
    3,850 px down (a tester); it is in the page's header, with the table's players, on every link."""
    for url in (edit_url, view_url):
        html = client.get(url, HTTP_ACCEPT_LANGUAGE="es").content.decode()
        nav, main = html.split("<main", 1)
        assert re.search(r'<a [^>]*href="/referee/tarot/\?table=[^"]+"[^>]*aria-label="Preguntar al árbitro"', nav)
        assert "/referee/tarot/" not in main
