"""The referee from a table, on a phone: a Tarot question asked with taps only, in the card picker.

At Ana's table (Ana, Bea, Cid, Dan; Ana deals, so Bea leads), clubs were led and Cid trumped with the 9;
Dan holds the 5 and 12 of trumps, the King and 3 of spades, and asks whether he may play the 5. He must
overtrump with the 12 (RULINGS.md, French Tarot, Play). Every card costs at most two taps: a suit, a card.

And a question that is not about cards, Tresillo's bidding, asked with taps too: the question shows its own
fields at once, and who deals comes from the table. The picker says who is to play only where a card is played,
and only among those who play the trick.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from scoring import services

pytestmark = pytest.mark.django_db(transaction=True)

WIDTH = 360


class Taps:
    """Every tap the player makes, counted."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, target: Locator) -> None:
        expect(target).to_be_visible()
        box = target.bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44, (target, box)
        target.click()
        self.count += 1


def test_a_tarot_question_asked_with_taps_only(live_server, page: Page, screenshot):
    table = services.create_table(game="tarot", players=["Ana", "Bea", "Cid", "Dan"], first_dealer=0)
    page.set_viewport_size({"width": WIDTH, "height": 780})
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    page.get_by_role("link", name="Ask the referee").click()
    page.wait_for_load_state()  # its stylesheets too: the tabs are measured (a loaded page, as a thumb meets it)
    expect(page.get_by_role("heading", name="Referee: French Tarot")).to_be_visible()
    expect(page.get_by_role("radio", name="Bea", exact=True)).to_be_checked()  # who leads, from the table

    tap = Taps()
    hand, trick, card = (page.locator(f"#field-{name}") for name in ("hand", "trick", "card"))

    # The hand's picker is open: a suit, then its cards.
    tap(hand.get_by_role("tab", name="trumps"))
    tap(hand.get_by_role("button", name="Trump 5", exact=True))
    tap(hand.get_by_role("button", name="Trump 12", exact=True))
    tap(hand.get_by_role("tab", name="spades"))
    tap(hand.get_by_role("button", name="King of spades", exact=True))
    tap(hand.get_by_role("button", name="3 of spades", exact=True))
    expect(hand.locator("[data-chip]")).to_have_text(["Trump 5", "Trump 12", "K♠", "3♠"])

    tap(trick.get_by_role("button", name="Tap the cards"))
    tap(trick.get_by_role("tab", name="clubs"))
    tap(trick.get_by_role("button", name="7 of clubs", exact=True))
    tap(trick.get_by_role("tab", name="trumps"))
    expect(trick.get_by_role("button", name="Trump 5", exact=True)).to_be_disabled()  # in the hand already
    tap(trick.get_by_role("button", name="Trump 9", exact=True))
    expect(trick.locator("[data-chip]")).to_have_text(["7♣", "Trump 9"])
    expect(hand.get_by_text("Dan to play")).to_be_visible()  # Bea led, Cid played: Dan is to play

    tap(card.get_by_role("button", name="Tap the card"))
    tap(card.locator("[data-from]").get_by_role("button", name="Trump 5", exact=True))  # from the hand
    expect(card.locator("[data-chip]")).to_have_text(["Trump 5"])

    cards = 4 + 2 + 1
    assert tap.count <= 2 * cards, f"{tap.count} taps for {cards} cards"

    page.get_by_role("button", name="Ask the referee").click()

    expect(page.locator("#verdict")).to_have_text("NOT LEGAL")
    expect(page.locator("#rule")).to_have_text("Overtrump")
    quote = page.locator("#rule-quote blockquote")
    expect(quote).to_contain_text("you must beat it when you can")
    link = page.locator("#rule-link")
    expect(link).to_have_text("The rules: Play")
    assert link.get_attribute("href").endswith(f"?table={table.edit_token}#play")
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH  # no sideways scrolling

    page.locator("#ruling").scroll_into_view_if_needed()
    screenshot("answer", full_page=False)
    page.locator("#field-hand").get_by_role("button", name="More cards").click()
    page.locator("#field-hand").scroll_into_view_if_needed()
    page.evaluate("document.getElementById('field-hand').scrollIntoView()")
    screenshot("picker", full_page=False)

    # Petit sec asks about a hand as dealt: nobody is to play (it said "Dan to play" above the hand, from the play's
    # hidden fields; "À Émile de jouer" on a tester's French page), and the hand is the player's, not "of the
    # player to play".
    page.locator("#field-question label", has_text="Petit sec").click()
    expect(hand.locator("label.form-label")).to_have_text("The player's hand")
    expect(hand.locator("[data-turn]")).to_be_hidden()
    expect(hand.locator("[data-turn]")).to_have_text("")
    page.evaluate("document.getElementById('field-hand').scrollIntoView()")
    screenshot("petit-sec", full_page=False)
    page.locator("#field-question label", has_text="May this card be played?").click()
    expect(hand.get_by_text("Dan to play")).to_be_visible()  # the play's question says it again

    link.click()
    expect(page.locator("#play")).to_contain_text("you must beat it when you can")


def test_a_tresillo_bidding_question_asked_with_taps_only(live_server, page: Page, screenshot):
    """At Ana's Tresillo table Ana deals, so Bea speaks first: Bea bid vuelta, and Carl wants to bid juego. Seed
    003: the bids are "listed below from lowest to highest in rank" and "you can raise the bid as it goes around
    the table": he may not. Tapping "Bidding" shows the bidding's fields at once (no card picker), with who
    deals from the table; the rest is five taps."""
    table = services.create_table(game="tresillo", players=["Ana", "Bea", "Carl"], first_dealer=0)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    page.get_by_role("link", name="Ask the referee").click()
    page.wait_for_load_state()
    expect(page.get_by_role("heading", name="Referee: Tresillo")).to_be_visible()
    expect(page.locator("#field-highest")).to_be_hidden()  # the trick's question first, as always

    tap = Taps()
    tap(page.locator("#field-question label", has_text="Bidding"))
    expect(page.locator("#field-trick")).to_be_hidden()
    expect(page.locator("#field-dealer").get_by_role("radio", name="Ana")).to_be_checked()  # from the table
    tap(page.locator("#field-highest label", has_text="vuelta"))
    tap(page.locator("#field-highest_by label", has_text="Bea"))
    tap(page.locator("#field-speaker label", has_text="Carl"))
    tap(page.locator("#field-says label", has_text="juego"))
    tap(page.get_by_role("button", name="Ask the referee"))
    assert tap.count == 6

    expect(page.locator("#verdict")).to_have_text("NOT LEGAL")
    expect(page.locator("#ruling")).to_contain_text("Carl bid juego after vuelta: a bid must be at least the "
                                                    "highest so far.")
    expect(page.locator("#rule-quote blockquote")).to_contain_text("The bids, from the lowest: juego")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scrolling
    expect(page.locator("#field-highest")).to_be_visible()  # the answer keeps the question asked
    screenshot("answer", full_page=False)


def test_at_four_the_dealer_who_sits_out_is_never_to_play(live_server, page: Page, screenshot):
    """Tresillo at four: "the dealer sits out" (RULINGS.md, seed 003: "one player sitting out each hand"), so a
    trick goes round the three dealt in. At Ana's table Bea deals: Ana leads the 3 of oros, then Carl and Dani
    play, never Bea (the picker's "X to play" went round the whole table, Bea too, found by a tester), and the
    ruling names the same players: Dani's Spadillo takes the trick."""
    table = services.create_table(game="tresillo", players=["Ana", "Bea", "Carl", "Dani"], first_dealer=1)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    page.get_by_role("link", name="Ask the referee").click()
    page.wait_for_load_state()
    expect(page.locator("#field-dealer").get_by_role("radio", name="Bea")).to_be_checked()  # from the table
    page.locator("#field-trump label", has_text="oros").click()
    page.locator("#field-leader label", has_text="Ana").click()
    trick = page.locator("#field-trick")  # the form's first picker, open by itself
    expect(trick.locator("[data-turn]")).to_have_text("Ana to play")
    trick.locator('[data-tab="O"]').click()
    trick.locator('[data-code="3O"]').click()
    expect(trick.locator("[data-turn]")).to_have_text("Carl to play")  # not Bea, who deals
    trick.locator('[data-code="7O"]').click()
    expect(trick.locator("[data-turn]")).to_have_text("Dani to play")
    trick.locator('[data-tab="E"]').click()
    trick.locator('[data-code="1E"]').click()
    expect(trick.locator("[data-turn]")).to_be_hidden()  # three cards: the trick is complete
    page.evaluate("document.getElementById('field-trick').scrollIntoView()")
    screenshot("trick", full_page=False)

    page.get_by_role("button", name="Ask the referee").click()
    expect(page.locator("#winner")).to_contain_text("Wins the trick: Dani")


def test_a_picker_that_could_not_load_offline_opens_once_the_connection_is_back(live_server, page: Page):
    """The picker's script is fetched the first time a picker is tapped. Tapped without a connection (and no
    service worker keeping it, as under `make run` on plain HTTP), it cannot open; back online, the next tap
    opens it, without reloading the page (it stayed shut until a reload; found by a tester)."""
    table = services.create_table(game="toruro", players=["Ana", "Bea", "Cid", "Dan", "Eva"])
    page.goto(f"{live_server.url}/t/{table.edit_token}/")
    page.wait_for_load_state()
    turned = page.locator("#field-turned_card")
    page.route("**/cards.min*.js", lambda route: route.abort("internetdisconnected"))
    turned.get_by_role("button", name="Tap the card").click()
    page.wait_for_timeout(500)
    expect(turned.get_by_role("tab", name="oros")).to_have_count(0)
    page.unroute("**/cards.min*.js")
    turned.get_by_role("button", name="Tap the card").click()
    expect(turned.get_by_role("tab", name="oros")).to_be_visible()


def test_ask_the_referee_is_always_under_the_thumb(live_server, page: Page):
    """A dispute asked one-handed, without a table: home → "A dispute? Ask the referee" → the game, two taps; and
    "Ask the referee" stays at the foot of the screen, wherever the form is scrolled to (it was at the end of a
    three-screen form: a tester, one-handed at a Tarot table)."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="A dispute? Ask the referee").click()
    page.get_by_role("link", name="French Tarot", exact=True).click()
    expect(page.get_by_role("heading", name="Referee: French Tarot")).to_be_visible()

    ask = page.get_by_role("button", name="Ask the referee")
    for field in ("hand", "card", "called_card"):
        page.locator(f"#field-{field}").scroll_into_view_if_needed()
        box = ask.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844 and box["y"] >= 844 - 120, (field, box)
