"""Paublillo's pages: starting a table (teams seated alternately), the table page (teams, malas and buenas,
stones, dealer and leader, alver, the winning team) and recording deals through its phone form."""

from __future__ import annotations

import re
from typing import Any

import pytest

from scoring import services
from scoring.models import Table

SIX = ["Ana", "Bea", "Luis", "Eva", "Juan", "Sol"]  # A: Ana, Luis, Juan; B: Bea, Eva, Sol


@pytest.fixture
def paublillo6(db) -> Table:
    return services.create_table(game="paublillo", players=SIX)


def deals(table: Table, *records: dict[str, Any]) -> None:
    for record in records:
        services.record_deal(table, record)


def to(table: Table, a: int, b: int) -> None:
    """Bring the scores to A ``a``, B ``b`` with deals worth 1: B's first, then A's (B on alver gives up)."""
    for _i in range(b):
        services.record_deal(table, {"tricks": "BB"})
    for _i in range(a):
        services.record_deal(table, {"alver": "give_up"} if b == 11 else {"tricks": "AA"})


def page(client, table: Table) -> str:
    response = client.get(f"/t/{table.edit_token}/")
    assert response.status_code == 200
    return response.content.decode()


def element(html: str, element_id: str) -> str:
    """The markup from the element with ``element_id`` to the end of its tag's closing (same-name nesting)."""
    start = html.index(f'id="{element_id}"')
    start = html.rindex("<", 0, start)
    tag = re.match(r"<(\w+)", html[start:]).group(1)
    depth, pos = 0, start
    for match in re.finditer(rf"<(/?){tag}\b", html[start:]):
        depth += -1 if match.group(1) else 1
        if depth == 0:
            pos = start + match.end()
            break
    return html[start:html.index(">", pos) + 1]


def team(html: str, side: str) -> str:
    start = html.index(f'data-team="{side}" data-score=')
    return html[html.rindex("<li", 0, start):html.index("</li>", start)]


def post(client, table: Table, **data: Any):
    return client.post(f"/t/{table.edit_token}/deal/", {"deal_number": services.next_number(table), **data})


# -- starting a table ---------------------------------------------------------------------------------------


def test_new_table_with_alternating_teams(client, db):
    data = {f"player_{i}": name for i, name in enumerate(["Ana", "Bea", "Luis", "Eva"])}
    data |= {"team_0": "A", "team_1": "B", "team_2": "A", "team_3": "B", "first_dealer": "0",
             "currency": "EUR", "stake": "0", "opt_monja_alver_at_once": "on", "opt_keep_six_stones": "on"}
    response = client.post("/new/paublillo/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    table = Table.objects.get()
    html = client.get(response["Location"]).content.decode()
    assert "Ana ·\xa0Luis" in team(html, "A") and "Bea ·\xa0Eva" in team(html, "B")  # each "·" with who follows
    assert [(s.player.name, s.team) for s in table.seats.order_by("position")] == [
        ("Ana", "A"), ("Bea", "B"), ("Luis", "A"), ("Eva", "B")]


def test_new_table_with_partners_side_by_side_says_so_beside_the_players(client, db):
    data = {f"player_{i}": name for i, name in enumerate(["Ana", "Bea", "Luis", "Eva"])}
    data |= {"team_0": "A", "team_1": "A", "team_2": "B", "team_3": "B", "first_dealer": "0", "stake": "0",
             "currency": "EUR"}
    response = client.post("/new/paublillo/", data)
    assert response.status_code == 200
    html = response.content.decode()
    players = element(html, "field-players")
    assert "Partners never sit next to each other" in players
    assert "Ana and Bea are partners" in players
    assert 'value="Luis"' in players  # the names typed are still there
    assert not Table.objects.exists()


def test_new_table_with_three_players_is_refused(client, db):
    data = {"player_0": "Ana", "player_1": "Bea", "player_2": "Luis", "first_dealer": "0", "stake": "0"}
    response = client.post("/new/paublillo/", data)
    assert response.status_code == 200
    assert "Paublillo is played by 2, 4, 6 or 8 players, not 3." in element(response.content.decode(),
                                                                          "field-players")


def test_two_players_are_two_teams_of_one(client, db):
    table = services.create_table(game="paublillo", players=["Ana", "Bea"])
    html = page(client, table)
    assert "Ana" in team(html, "A") and "Bea" not in team(html, "A")
    assert "Bea" in team(html, "B") and "Ana" not in team(html, "B")


# -- the table page -----------------------------------------------------------------------------------------


def test_table_page_shows_teams_stones_and_whose_deal(client, paublillo6):
    html = page(client, paublillo6)
    state = element(html, "paublillo-state")
    assert "Ana ·\xa0Luis ·\xa0Juan" in team(html, "A") and "Bea ·\xa0Eva ·\xa0Sol" in team(html, "B")
    assert state.count('<i class="stone') == 12  # all twelve in the middle
    assert "<strong>Ana</strong> deals; <strong>Bea</strong>, on the dealer&#x27;s right" in state \
        or "<strong>Ana</strong> deals; <strong>Bea</strong>, on the dealer's right" in state
    assert "The deal passes to the right (anticlockwise)." in state
    assert 'id="alver-notice"' not in html


@pytest.mark.parametrize(("a", "b", "a_text", "a_stones", "b_text", "b_stones", "supply"), [
    (4, 0, "4 malas", (4, 0), "0", (0, 0), (6, 2)),
    (1, 3, "1 mala", (1, 0), "3 malas", (3, 0), (6, 2)),
    (6, 4, "6 malas (fuera de malas)", (6, 0), "4 malas", (4, 0), (0, 2)),
    (6, 5, "6 malas (fuera de malas)", (0, 0), "5 malas", (5, 0), (5, 2)),  # the six go back at 6–5
    (7, 2, "1 buena", (0, 1), "2 malas", (2, 0), (8, 1)),
    (9, 8, "3 buenas", (2, 1), "2 buenas", (1, 1), (7, 0)),
])
def test_score_as_malas_buenas_and_stones(client, paublillo6, a, b, a_text, a_stones, b_text, b_stones, supply):
    to(paublillo6, a, b)
    html = page(client, paublillo6)
    for side, text, (plain, special) in (("A", a_text, a_stones), ("B", b_text, b_stones)):
        row = team(html, side)
        assert f'<span class="score-text">{text}</span>' in row
        assert f'data-plain="{plain}" data-special="{special}"' in row
        assert row.count('class="stone"') == plain and row.count('class="stone special"') == special
        said = (f"{plain} plain stone{'' if plain == 1 else 's'}, "
                f"{special} special stone{'' if special == 1 else 's'}")
        assert f"Stones: {said}" in row  # the picture's text alternative
    middle = element(html, "stone-supply")
    assert middle.count('class="stone"') == supply[0] and middle.count('class="stone special"') == supply[1]


def test_stones_handed_back_at_six_five_are_said(client, paublillo6):
    to(paublillo6, 6, 5)
    assert "stones handed back" in team(page(client, paublillo6), "A")


def test_alver_notice_says_what_it_means(client, paublillo6):
    to(paublillo6, 11, 3)
    html = page(client, paublillo6)
    notice = element(html, "alver-notice")
    assert "Team A is on alver" in notice and "Ana, Luis, Juan" in notice
    assert "no betting" in notice and "play for 3 or give up 1" in notice
    assert "on-alver" in team(html, "A") and "on-alver" not in team(html, "B")
    assert "5 buenas" in team(html, "A")
    # The form asks the alver question and offers no betting.
    form = element(html, "record")
    assert "Team A is on alver: they play for 3, or give up 1?" in form
    assert 'id="no-betting"' in form and "bets__0__team" not in form


def test_both_teams_on_alver(client, paublillo6):
    to(paublillo6, 11, 11)
    html = page(client, paublillo6)
    assert "Both teams are on alver (11)." in element(html, "alver-notice")
    form = element(html, "record")
    assert 'id="field-alver"' not in form and 'id="no-betting"' in form


def test_a_team_on_ten_dealing_is_asked_about_alver_only_with_the_monja(client, db):
    table = services.create_table(game="paublillo", players=SIX)
    to(table, 10, 2)  # 12 deals: Ana (A) deals the 13th
    form = element(page(client, table), "record")
    assert 'class="mb-3 field field-alver if-monja"' in form
    assert "The monja puts team A on alver (11)" in form
    assert "bets__0__team" in form  # betting stays (hidden by CSS only when the monja is switched on)


def test_a_monja_that_puts_both_teams_on_alver_takes_the_alver_question_away(client, db):
    """A on 11 (alver), B on 10 and Sol (B) deals: turned up, the monja puts B on 11 too, so the deal is played
    for 1 and nobody chooses (a tester saw the question stay, and answering it was refused)."""
    table = services.create_table(game="paublillo", players=SIX)
    to(table, 11, 10)  # 21 deals: Sol (B) deals the 22nd
    form = element(page(client, table), "record")
    assert 'class="mb-3 field field-alver unless-monja"' in form and "Team A is on alver" in form
    response = client.post(f"/t/{table.edit_token}/deal/", {"deal_number": "22", "monja": "on", "alver": "",
                                                             "tricks": "ABA"})
    assert response.status_code == 302, response.content.decode()[:3000]
    assert services.standings(table).totals == {"A": 12, "B": 11}


def test_game_over_names_the_winning_team_as_the_players_who_won(client, paublillo6):
    """Three players won, not one: "Winners", in every language that agrees with the number."""
    to(paublillo6, 0, 9)
    deals(paublillo6, {"bets": [{"team": "B", "stake": "envido"}], "tricks": "BAB"})
    html = page(client, paublillo6)
    banner = element(html, "game-over")
    assert "Winners: Bea, Eva &amp; Sol" in banner
    assert "6 buenas" in team(html, "B") and " won" in team(html, "B")
    assert 'id="paublillo-turn"' not in html
    assert 'id="record"' not in html and 'id="rematch"' in html  # no form for a 13th point: a rematch


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_a_won_game_is_announced_once_on_the_table_page_and_the_big_screen(client, paublillo6, language):
    """The page's own banner names the winners ("Game over — Winners: …"); beside the standings the winning team
    is only marked, not announced a second time (a tester read both, one under the other)."""
    to(paublillo6, 0, 9)
    deals(paublillo6, {"bets": [{"team": "B", "stake": "envido"}], "tricks": "BAB"})
    client.cookies["django_language"] = language
    for address in (f"/t/{paublillo6.edit_token}/", f"/t/{paublillo6.view_token}/", f"/t/{paublillo6.edit_token}/big/"):
        html = client.get(address).content.decode()
        assert "Bea, Eva &amp; Sol" in element(html, "game-over"), address  # the banner names the winners
        state = element(html, "paublillo-state")
        assert " won" in team(state, "B"), address  # their team is marked beside the standings, not announced
        assert 'role="status"' not in state and "alert" not in state and "12 points" not in state, address


def test_the_losing_teams_buenas_are_not_coloured_as_a_winners_total(client, paublillo6):
    """Malas and buenas count toward 12 for both teams: B's "2 buenas" at the end is no gain, so neither the score
    sheet's totals nor the standings colour it as one; the winners' total on the sheet is (a tester: both green
    after a 14-point finish)."""
    to(paublillo6, 8, 9)
    deals(paublillo6, {"bets": [{"team": "B", "stake": "envido"}], "tricks": "BAB"})  # A 8, B 12
    sheet = client.get(f"/t/{paublillo6.edit_token}/sheet/").content.decode()
    totals = re.findall(r'<td class="num total ([^"]*)">([^<]+)</td>', sheet)
    assert [(shown, classes.split()) for classes, shown in totals] == [("2 buenas", []),
                                                                      ("6 buenas", ["pos", "best"])]
    standings = element(page(client, paublillo6), "live")
    assert re.findall(r'<td class="score ([^"]*)">', standings) == ["", ""]


def test_the_preview_of_the_last_deal_says_the_winning_players_won(client, paublillo6):
    to(paublillo6, 0, 9)
    response = client.post(f"/t/{paublillo6.edit_token}/preview/", {
        "deal_number": services.next_number(paublillo6), "bets__0__team": "B", "bets__0__stake": "envido",
        "tricks": "BAB"}, HTTP_HX_REQUEST="true")
    assert "This deal ends the game: Bea, Eva &amp; Sol win." in response.content.decode()


def test_view_link_shows_the_state_without_a_form(client, paublillo6):
    to(paublillo6, 3, 1)
    html = client.get(f"/t/{paublillo6.view_token}/").content.decode()
    assert "3 malas" in team(html, "A") and 'id="record"' not in html


def test_live_region_carries_the_stones(client, paublillo6):
    to(paublillo6, 2, 0)
    html = client.get(f"/t/{paublillo6.view_token}/live/").content.decode()
    assert "2 malas" in team(html, "A")


# -- recording through the form -----------------------------------------------------------------------------


def test_form_offers_the_raises_in_order_and_the_six_trick_outcomes(client, paublillo6):
    form = element(page(client, paublillo6), "record")
    for i, label in enumerate(["Envido (3) by", "Seis (6) by", "Nueve (9) by", "Doce (12) by"]):
        assert label in form
        assert f'name="bets__{i}__stake" value="{3 * (i + 1)}" disabled' in form
        assert f'for="id_bets__{i}__team_0">Nobody</label>' in form  # "Envido (3) by: Nobody", not "No"
    for sequence in ("AA", "ABA", "BAA", "BB", "BAB", "ABB"):
        assert f'name="tricks" value="{sequence}"' in form
    assert "Dealer: <strong>Ana</strong>" in form
    assert 'id="field-alver"' not in form  # nobody near 11


def test_record_an_accepted_envido(client, paublillo6):
    response = post(client, paublillo6, bets__0__team="A", bets__0__stake="3", refused="false", tricks="ABA")
    assert response.status_code == 302
    st = services.standings(paublillo6)
    assert st.totals == {"A": 3, "B": 0}


def test_record_a_refused_seis(client, paublillo6):
    response = post(client, paublillo6, bets__0__team="A", bets__0__stake="3", bets__1__team="B",
                    bets__1__stake="6", refused="true", tricks="")
    assert response.status_code == 302
    deal = paublillo6.deals.get()
    assert [b["team"] for b in deal.record["bets"]] == ["A", "B"]
    assert deal.record["refused"] is True
    assert services.standings(paublillo6).totals == {"A": 0, "B": 3}
    html = page(client, paublillo6)
    assert "Seis by B refused" in html and "3 malas" in team(html, "B")


def test_record_an_alver_decision(client, paublillo6):
    to(paublillo6, 11, 2)
    response = post(client, paublillo6, alver="give_up")
    assert response.status_code == 302
    assert services.standings(paublillo6).totals == {"A": 11, "B": 3}
    response = post(client, paublillo6, alver="play", tricks="BAA")
    assert response.status_code == 302
    assert services.standings(paublillo6).totals == {"A": 14, "B": 3}
    assert "Winners: Ana, Luis &amp; Juan" in element(page(client, paublillo6), "game-over")


def test_alver_not_chosen_is_asked_beside_the_question(client, paublillo6):
    to(paublillo6, 11, 2)
    response = post(client, paublillo6, tricks="AA")
    html = response.content.decode()
    assert "A is on alver (11): record whether they play for 3 or give up." in element(html, "field-alver")
    assert paublillo6.deals.count() == 13


def test_same_team_raising_twice_is_refused_beside_the_raise_and_nothing_is_lost(client, paublillo6):
    response = post(client, paublillo6, bets__0__team="A", bets__0__stake="3", bets__1__team="B",
                    bets__1__stake="6", bets__2__team="B", bets__2__stake="9", refused="false", tricks="BAB",
                    monja="on")
    assert response.status_code == 200
    html = response.content.decode()
    row = html[html.index('data-raise="2"'):]
    row = row[:row.index('data-raise="3"')]
    assert "B cannot raise twice in a row: only the team that accepted the latest raise (A) may raise next." in row
    form = element(html, "record")
    for i, side in enumerate("ABB"):
        assert re.search(rf'name="bets__{i}__team" id="[^"]+" value="{side}" autocomplete="off" checked', form)
        assert f'name="bets__{i}__stake" value="{3 * (i + 1)}">' in form  # enabled again: the team is kept
    assert re.search(r'value="BAB"[^>]*checked', form)
    assert re.search(r'name="monja"[^>]*checked', form)
    assert not paublillo6.deals.exists()


def test_first_raise_skipped_is_said_beside_the_row_tapped(client, paublillo6):
    response = post(client, paublillo6, bets__1__team="B", bets__1__stake="6", tricks="BB")
    html = response.content.decode()
    row = html[html.index('data-raise="1"'):]
    assert "The first raise is the envido, from 1 to 3; 6 is not." in row[:row.index('data-raise="2"')]


def test_betting_on_alver_is_refused_beside_the_betting(client, paublillo6):
    to(paublillo6, 11, 0)
    response = post(client, paublillo6, alver="play", bets__0__team="B", bets__0__stake="3", tricks="AA")
    html = response.content.decode()
    assert "No betting while a team is on alver: A is on 11." in element(html, "field-bets")
    assert paublillo6.deals.count() == 11


def test_a_raise_past_twelve_is_refused_beside_it(client, paublillo6):
    """The form has no row past doce; a crafted post is refused beside that raise with the rule itself."""
    data = {}
    for i, side in enumerate("ABABA"):
        data |= {f"bets__{i}__team": side, f"bets__{i}__stake": str(3 * (i + 1))}
    response = post(client, paublillo6, tricks="AA", **data)
    html = response.content.decode()
    row = html[html.index('data-raise="4"'):]
    assert "A raise to 15 by" in row
    assert 'class="raise mb-2 has-error" data-raise="4"' in html
    assert "Doce (12) is the highest stake: nobody can raise past 12." in row[:row.index("</fieldset>")]
    assert not paublillo6.deals.exists()


def test_without_the_script_a_raise_comes_back_ready_to_save(client, paublillo6):
    """The stake goes with a raise by a small script; without it the row asks again, with the stake set."""
    response = post(client, paublillo6, bets__0__team="A", tricks="AA")
    html = response.content.decode()
    row = html[html.index('data-raise="0"'):]
    row = row[:row.index('data-raise="1"')]
    assert "The stake is envido (3)" in row and 'name="bets__0__stake" value="3">' in row


def test_edit_page_uses_the_paublillo_form(client, paublillo6):
    deals(paublillo6, {"bets": [{"team": "B", "stake": 3}], "refused": True, "dealer": "Bea"})
    html = client.get(f"/t/{paublillo6.edit_token}/deal/1/edit/").content.decode()
    form = element(html, "record")
    assert "Edit deal 1" in form and "Envido (3) by" in form
    assert re.search(r'name="bets__0__team" id="[^"]+" value="B" autocomplete="off" checked', form)
    assert 'id="id_refused_yes" value="true" autocomplete="off" checked' in form
    response = client.post(f"/t/{paublillo6.edit_token}/deal/1/edit/", {
        "dealer": "Bea", "bets__0__team": "B", "bets__0__stake": "3", "refused": "false", "tricks": "BB"})
    assert response.status_code == 302
    assert services.standings(paublillo6).totals == {"A": 0, "B": 3}


def edit_form(client, table: Table, number: int) -> str:
    response = client.get(f"/t/{table.edit_token}/deal/{number}/edit/")
    assert response.status_code == 200
    return element(response.content.decode(), "record")


def test_editing_a_deal_with_nobody_on_11_does_not_ask_about_alver(client, paublillo6):
    """A deal played with nobody on alver is corrected on the form it was recorded on: no alver question, the
    betting offered (testers were confused by the alver choice on an ordinary deal's edit page)."""
    to(paublillo6, 3, 2)
    form = edit_form(client, paublillo6, 4)
    assert 'id="field-alver"' not in form
    assert "bets__0__team" in form and 'id="no-betting"' not in form


def test_editing_a_deal_played_on_alver_asks_the_alver_choice_as_it_was_made(client, paublillo6):
    """A on 11 before deal 14: its edit asks A's choice (play for 3 or give up), with no betting, as the record
    form did; the deal after it, still with A on 11, too."""
    to(paublillo6, 11, 2)
    deals(paublillo6, {"alver": "give_up"}, {"alver": "play", "tricks": "BB"})
    for number, choice in ((14, "give_up"), (15, "play")):
        form = edit_form(client, paublillo6, number)
        assert "Team A is on alver: they play for 3, or give up 1?" in form
        assert re.search(rf'value="{choice}"[^>]*checked', form)
        assert 'id="no-betting"' in form and "bets__0__team" not in form


def test_editing_the_deal_that_put_a_team_on_11_does_not_ask_about_alver(client, paublillo6):
    """The alver question belongs to the deals after a team reaches 11, not to the deal that brought it there
    (deal 14, dealt by Bea for B: A's point there made 11)."""
    to(paublillo6, 11, 3)
    assert 'id="field-alver"' not in edit_form(client, paublillo6, 14)


def test_editing_a_deal_that_holds_an_alver_choice_shows_it_whatever_the_score(client, paublillo6):
    """A record holding an alver choice keeps it in sight on its edit page, so it can be seen and taken out."""
    deals(paublillo6, {"tricks": "AA"})
    deal = paublillo6.deals.get(number=1)
    deal.record = {**deal.record, "alver": "play"}  # as a record changed by hand, or by older rules, may hold it
    deal.save(update_fields=["record"])
    form = edit_form(client, paublillo6, 1)
    assert 'id="field-alver"' in form and re.search(r'value="play"[^>]*checked', form)


def test_editing_a_deal_by_a_team_on_ten_asks_about_alver_only_with_the_monja(client, db):
    """Ana (A, on 10) deals deal 13: its edit asks about alver only if the monja was turned, as its record form."""
    table = services.create_table(game="paublillo", players=SIX)
    to(table, 10, 2)
    deals(table, {"tricks": "BB"})
    assert 'class="mb-3 field field-alver if-monja"' in edit_form(client, table, 13)


def test_the_record_page_of_its_own_asks_what_the_score_asks(client, paublillo6):
    """The record form at its own address (opened directly, or without JavaScript) asks as the table page does."""
    to(paublillo6, 3, 2)
    html = client.get(f"/t/{paublillo6.edit_token}/deal/").content.decode()
    assert 'id="field-alver"' not in element(html, "record")


@pytest.mark.django_db
def test_at_eight_players_who_dealt_is_a_dropdown_that_corrects_the_dealer(client):
    """Eight players and "in turn" are nine choices, past what a row of buttons holds, so the form's field is a
    dropdown: it is drawn as one, named, with the dealer in turn first (found while checking the record forms'
    names: its options were drawn as buttons with no input, so nobody could correct the dealer at eight)."""
    eight = services.create_table(game="paublillo", players=SIX + ["Teo", "Uma"])
    deals(eight, {"tricks": "AA"})
    field = element(client.get(f"/t/{eight.edit_token}/").content.decode(), "field-dealer")
    select = element(field, "id_dealer")
    assert select.startswith('<select class="form-select" name="dealer" id="id_dealer" aria-label="Dealer">')
    assert re.findall(r"<option [^>]*>([^<]*)</option>", select) == ["Bea (in turn)", *SIX, "Teo", "Uma"]
    assert field.count("<option") == 9 and 'for="None"' not in field
    response = post(client, eight, dealer="Uma", tricks="BB")
    assert response.status_code == 302
    assert eight.deals.last().record["dealer"] == {"seat": 7, "name": "Uma"}
    assert "<strong>Ana</strong> deals" in page(client, eight)  # the deal passes on from Uma


def test_misdeal(client, paublillo6):
    response = post(client, paublillo6, void="on")
    assert response.status_code == 302
    html = page(client, paublillo6)
    assert "<strong>Bea</strong> deals" in html  # the deal passes on


def test_spanish_page_renders(client, paublillo6):
    to(paublillo6, 4, 8)
    client.cookies["django_language"] = "es"
    html = client.get(f"/t/{paublillo6.edit_token}/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert 'id="paublillo-state"' in html and 'id="record"' in html
    state = element(html, "paublillo-state")
    assert "Equipo A" in state and "a la derecha del repartidor" in state  # said in Spanish
    assert "Team A" not in state and "deals next" not in state



def test_the_board_says_the_score_in_the_readers_language(client, paublillo6):
    """The team board reads the same score text as the standings, translated (a tester saw "6 buenas: game" on
    the Spanish and French boards): B 10, then an envido won, 13."""
    to(paublillo6, 0, 10)
    deals(paublillo6, {"bets": [{"team": "B", "stake": "envido"}], "tricks": "BAB"})
    client.cookies["django_language"] = "es"
    boards = re.findall(r'<span class="score-text">([^<]*)</span>', page(client, paublillo6))
    assert "6 buenas: partida" in boards and "6 buenas: game" not in boards


@pytest.mark.django_db
def test_the_referee_page_shows_the_betting_question_with_its_own_fields(client) -> None:
    """Seed 000, "Betting (envidar)": "There can be a series of reenvidar by alternate teams". Asked on the
    referee page, the betting question shows its own fields (the latest raise, who made it, the refusal, the team
    that wants to raise, the scores), not the trick's; a trick field still filled in is not part of the question."""
    response = client.get("/referee/paublillo/", {"ask": "1", "question": "betting", "raised_to": "seis",
                                                  "raised_by": "A", "raise_by": "A", "trump": "Z"})
    page = response.content.decode()
    answer = response.context["answer"]
    assert answer is not None and answer["legal"] is False and answer["rule"] == "Who may raise"
    for name in ("raised_to", "raised_by", "refused", "raise_by", "score_a"):
        assert re.search(rf'id="field-{name}" data-questions="betting">', page), name
    for name in ("trump", "trick", "hand", "card"):
        assert re.search(rf'id="field-{name}" data-questions="play" hidden>', page), name
    played = client.get("/referee/paublillo/").content.decode()  # the trick question first, as always
    assert re.search(r'id="field-trick" data-questions="play">', played)
    assert re.search(r'id="field-raised_to" data-questions="betting" hidden>', played)


def test_the_referee_asked_from_a_table_starts_the_betting_question_from_the_tables_score(client, paublillo6):
    """Found by a tester: from a table at A 11 (alver) – B 6, "can they bet?" was judged at 0–0 unless someone
    typed the score. Asked from the table, the betting question's points so far are the table's: 11 and 6."""
    to(paublillo6, 11, 6)
    html = client.get("/referee/paublillo/", {"table": paublillo6.view_token}).content.decode()
    assert re.search(r'<input[^>]*name="score_a"[^>]*value="11"', html)
    assert re.search(r'<input[^>]*name="score_b"[^>]*value="6"', html)
