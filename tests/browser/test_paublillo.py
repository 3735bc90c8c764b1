"""Paublillo end to end on a phone: six players start a table, record a game to 12 and see the winners.

Deals pass to the right (the order of play): Ana (A), Bea (B), Luis (A), Eva (B), Juan (A), Sol (B), Ana...
Teams from the seating: A = Ana, Luis, Juan; B = Bea, Eva, Sol.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from scoring import services

PLAYERS = ["Ana", "Bea", "Luis", "Eva", "Juan", "Sol"]


def tap(page: Page, selector: str) -> None:
    page.locator(selector).click()


def raise_by(page: Page, row: int, team: str) -> None:
    """Tap the team that made raise ``row`` (0 envido, 1 seis, 2 nueve, 3 doce)."""
    page.locator(f'#field-bets .raise[data-raise="{row}"] label', has_text=f"{team}:").click()


def trick(page: Page, sequence: str) -> None:
    page.locator(f'#field-tricks input[value="{sequence}"] + label').click()


def save(page: Page, number: int) -> None:
    page.locator("#record button[type=submit]").click()
    expect(page.locator("#messages")).to_contain_text(f"Deal {number} saved")


def expect_team(page: Page, side: str, score: int, text: str, plain: int, special: int) -> None:
    team = page.locator(f'#paublillo-state .team[data-team="{side}"]')
    expect(team).to_have_attribute("data-score", str(score))
    expect(team.locator(".score-text")).to_have_text(text)
    expect(team.locator(".stone:not(.special)")).to_have_count(plain)
    expect(team.locator(".stone.special")).to_have_count(special)


def test_six_players_record_a_game_to_twelve(live_server, page: Page, screenshot):
    page.goto(f"{live_server.url}/new/paublillo/")
    for i, name in enumerate(PLAYERS):
        page.fill(f"#id_player_{i}", name)
    page.locator("#new-table button[type=submit]").click()
    expect(page.locator("#paublillo-state")).to_be_visible()
    expect(page.locator('.team[data-team="A"] .members')).to_contain_text("Ana · Luis · Juan")
    expect(page.locator('.team[data-team="B"] .members')).to_contain_text("Bea · Eva · Sol")
    expect(page.locator("#paublillo-turn")).to_contain_text("Ana deals; Bea, on the dealer's right")
    expect(page.locator("#stone-supply .stone")).to_have_count(12)

    # 1. Ana deals. Envido by A, accepted; tricks A B A: A scores 3.
    raise_by(page, 0, "A")
    trick(page, "ABA")
    save(page, 1)
    expect_team(page, "A", 3, "3 malas", 3, 0)
    expect(page.locator("#paublillo-turn")).to_contain_text("Bea deals; Luis")

    # 2. Bea deals. Envido by A, seis by B, refused by A: B scores 3, the stake before the seis.
    raise_by(page, 0, "A")
    raise_by(page, 1, "B")
    tap(page, "label[for=id_refused_yes]")
    page.locator("#field-bets").scroll_into_view_if_needed()
    screenshot("refusal", full_page=False)
    save(page, 2)
    expect_team(page, "B", 3, "3 malas", 3, 0)
    expect(page.locator("#breakdown")).to_contain_text("Seis by B refused")

    # 3. Luis deals. Envido by B, seis by A, nueve by A again: refused beside that raise, nothing lost.
    raise_by(page, 0, "B")
    raise_by(page, 1, "A")
    raise_by(page, 2, "A")
    trick(page, "BAA")
    page.locator("#record button[type=submit]").click()
    error = page.locator('#field-bets .raise[data-raise="2"] .field-error')
    expect(error).to_contain_text("A cannot raise twice in a row")
    expect(page.locator('#field-bets .raise[data-raise="1"] input[value="A"]')).to_be_checked()
    expect(page.locator('#field-tricks input[value="BAA"]')).to_be_checked()
    expect(page.locator('.team[data-team="A"]')).to_have_attribute("data-score", "3")
    # There was no nueve after all: the seis, accepted, goes to A with two tricks.
    tap(page, '#field-bets .raise[data-raise="2"] input[value=""] + label')
    save(page, 3)
    expect_team(page, "A", 9, "3 buenas", 2, 1)
    expect_team(page, "B", 3, "3 malas", 3, 0)

    # 4. Eva deals and turns up the monja: B scores 1; no raise, A takes two tricks.
    tap(page, "label[for=id_monja]")
    trick(page, "AA")
    save(page, 4)
    expect_team(page, "A", 10, "4 buenas", 3, 1)
    expect_team(page, "B", 4, "4 malas", 4, 0)

    # 5. Juan deals (A on 10: the alver question shows only if the monja is turned up). A takes two: 11.
    expect(page.locator("#field-alver")).to_be_hidden()
    tap(page, "label[for=id_monja]")
    expect(page.locator("#field-alver")).to_be_visible()
    expect(page.locator("#field-bets")).to_be_hidden()
    tap(page, "label[for=id_monja]")
    expect(page.locator("#field-bets")).to_be_visible()
    trick(page, "ABA")
    save(page, 5)
    expect_team(page, "A", 11, "5 buenas", 4, 1)
    expect(page.locator("#alver-notice")).to_contain_text("Team A is on alver")
    expect(page.locator("#alver-notice")).to_contain_text("no betting")
    expect(page.locator("#stone-supply .stone")).to_have_count(3)
    page.reload()  # the picture for the docs, without the "saved" message
    expect(page.locator("#alver-notice")).to_be_visible()
    screenshot("alver", full_page=False)  # test-results/screenshots/; docs/screenshots/paublillo.png is one of these

    # 6. Sol deals. A on alver gives up: B scores 1. No betting is offered.
    expect(page.locator("#no-betting")).to_be_visible()
    tap(page, '#field-alver input[value="give_up"] + label')
    save(page, 6)
    expect_team(page, "B", 5, "5 malas", 5, 0)

    # 7. Ana deals. A plays for 3 and takes two tricks: 14, the game.
    tap(page, '#field-alver input[value="play"] + label')
    trick(page, "BAA")
    save(page, 7)
    winner = page.locator("#game-over")  # the page's banner; beside the standings the team is only marked
    expect(winner).to_contain_text("Winners: Ana, Luis & Juan")
    expect(page.locator('#paublillo-state .team.won[data-team="A"]')).to_be_visible()
    expect(page.locator("#paublillo-state .alert")).to_have_count(0)
    expect_team(page, "A", 14, "6 buenas: game", 5, 1)
    lead = page.locator("table.standings tr.lead .score")  # as the board says it, the figure over what it means
    expect(lead).to_have_text("6 buenas game")
    expect(lead.locator(".total-note")).to_have_text("game")
    expect(page.locator("#stone-supply .stone")).to_have_count(1)
    screenshot("game-over")

    # Settle up: each losing player pays one stake to a winner.
    page.locator("a", has_text="Settle up").click()
    page.fill("#id_stake", "2")
    page.locator("#settle-body button[type=submit]").click()
    expect(page.locator("#settle-result li")).to_have_count(3)
    screenshot("settle")


def test_a_language_chosen_mid_deal_keeps_the_raises_and_the_deal_saves(live_server, page: Page):
    """The entries come back after the page reloads in the new language; a raise's stake goes with its team (it
    stayed unsent, and Save refused every raise, until a team was tapped again)."""
    from scoring import services
    from scoring.models import Deal

    table = services.create_table(game="paublillo", players=PLAYERS[:4])
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    raise_by(page, 0, "A")
    raise_by(page, 1, "B")
    trick(page, "BAA")
    page.get_by_role("button", name="ES", exact=True).click()
    expect(page.get_by_role("heading", name="Anotar la mano 1")).to_be_visible()
    expect(page.locator('#field-bets .raise[data-raise="1"] input[value="B"]')).to_be_checked()
    page.locator("#record button[type=submit]").click()
    expect(page.locator("#messages")).to_contain_text("Mano 1 guardada")
    assert [(b["team"], b["stake"]) for b in Deal.objects.get(table=table).record["bets"]] == [("A", 3), ("B", 6)]


def test_a_monja_that_puts_both_teams_on_alver_hides_the_question_and_the_deal_saves(live_server, page: Page):
    """A on alver (11), B on 10 and a B player dealing. An answer given to "Team A is on alver: play for 3?",
    then the monja turned up: both teams are on alver, played for 1, so the question goes and its answer is not
    sent (a tester's was refused)."""
    from games.paublillo.tests.test_pages import SIX, to
    from scoring import services
    table = services.create_table(game="paublillo", players=SIX)
    to(table, 11, 10)  # 21 deals: Sol (B) deals the 22nd
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    expect(page.locator("#field-alver")).to_contain_text("Team A is on alver")
    tap(page, '#field-alver input[value="play"] + label')
    tap(page, "label[for=id_monja]")
    expect(page.locator("#field-alver")).to_be_hidden()
    trick(page, "ABA")
    save(page, 22)
    assert services.standings(table).totals == {"A": 12, "B": 11}


# -- a refused raise ends the deal: no trick is offered --------------------------------------------------------

def test_a_refused_raise_ends_the_deal_so_no_trick_is_offered(live_server, page: Page):
    """Rules page, Betting: "refuse (the deal ends and the raisers score what the deal was worth before the
    raise)". Once "Refused: the deal ends" is tapped, the tricks are no longer asked (a tester picked one anyway
    and Save refused it); a trick picked before the refusal is not sent, and is still picked if the refusal is
    taken back (it was cleared: the tricks had to be tapped again)."""
    table = services.create_table(game="paublillo", players=["Ana", "Bea", "Luis", "Eva"])
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    tricks = page.locator("#field-tricks")
    trick(page, "ABA")  # picked first, then the envido is refused
    raise_by(page, 0, "A")
    expect(tricks).to_be_visible()
    tap(page, "label[for=id_refused_yes]")
    expect(tricks).to_be_hidden()
    expect(page.locator('#field-tricks input[value="ABA"]')).to_be_disabled()
    tap(page, "label[for=id_refused_no]")  # accepted after all: the tricks are asked again, as picked
    expect(tricks).to_be_visible()
    expect(page.locator('#field-tricks input[value="ABA"]')).to_be_enabled()
    expect(page.locator('#field-tricks input[value="ABA"]')).to_be_checked()
    tap(page, "label[for=id_refused_yes]")
    save(page, 1)
    expect(page.locator("#breakdown")).to_contain_text("Envido by A refused")
    expect_team(page, "A", 1, "1 mala", 1, 0)

    # A refusal left behind when the envido is taken back is not sent either: the deal is played out.
    raise_by(page, 0, "B")
    tap(page, "label[for=id_refused_yes]")
    expect(tricks).to_be_hidden()
    tap(page, '#field-bets .raise[data-raise="0"] input[value=""] + label')
    expect(tricks).to_be_visible()
    trick(page, "BB")
    save(page, 2)
    expect_team(page, "B", 1, "1 mala", 1, 0)


def test_without_javascript_a_refusal_hides_the_tricks_and_the_server_still_refuses_one(live_server, browser):
    """The same form with no script: the stylesheet hides the tricks once the refusal is tapped; a trick picked
    before it is still sent, and refused with its message beside the tricks, which show again."""
    table = services.create_table(game="paublillo", players=["Ana", "Bea", "Luis", "Eva"])
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    tricks = page.locator("#field-tricks")
    trick(page, "ABA")
    raise_by(page, 0, "A")
    tap(page, "label[for=id_refused_yes]")
    expect(tricks).to_be_hidden()
    page.locator("#record button[type=submit]").click()  # without the script, the envido's stake comes back first
    expect(page.locator('#field-bets .raise[data-raise="0"] .field-error')).to_contain_text("The stake is envido")
    expect(tricks).to_be_hidden()
    page.locator("#record button[type=submit]").click()
    expect(tricks).to_be_visible()
    expect(tricks.locator(".field-error")).to_contain_text("A refused raise ends the deal")
    assert not table.deals.exists()
    page.locator('#field-tricks input[value=""] + label').click()
    page.locator("#record button[type=submit]").click()
    expect(page.locator(".alert", has_text="Deal 1 saved")).to_be_visible()
    assert services.standings(table).totals == {"A": 1, "B": 0}
    context.close()


def test_without_javascript_a_give_up_hides_the_tricks_only_where_the_monja_leaves_the_question(live_server,
                                                                                               browser):
    """A reviewer: without the script, giving up on alver after the monja put the dealer's team on 10 onto alver
    left the tricks asked; and a give-up the monja made moot (both teams on alver, played for 1) still hid them.
    A on 10 and Juan (A) dealing: the question comes with the monja, and a give-up there ends the deal. A on 11,
    B on 10 and Sol (B) dealing: the monja settles it, so the tricks are asked whatever was answered before."""
    from games.paublillo.tests.test_pages import SIX, to
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    on_ten = services.create_table(game="paublillo", players=SIX)
    to(on_ten, 10, 0)  # ten deals: Juan (A) deals the eleventh
    page.goto(f"{live_server.url}/t/{on_ten.edit_token}/")
    tricks = page.locator("#field-tricks")
    tap(page, "label[for=id_monja]")
    tap(page, '#field-alver input[value="give_up"] + label')
    expect(tricks).to_be_hidden()
    both = services.create_table(game="paublillo", players=SIX)
    to(both, 11, 10)  # 21 deals: Sol (B) deals the 22nd
    page.goto(f"{live_server.url}/t/{both.edit_token}/")
    tap(page, '#field-alver input[value="give_up"] + label')
    expect(tricks).to_be_hidden()
    tap(page, "label[for=id_monja]")
    expect(tricks).to_be_visible()
    context.close()
