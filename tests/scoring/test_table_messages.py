"""A message says what the last action did, and goes when the next action's answer is drawn. On the table page it
is drawn inside the table's body, the part that a deal saved with the form (or an undo, a restore) draws again
whole, never above it, where the next answer would leave it standing above its own. A tester: "Donne 7
enregistrée." (saved card by card) stayed above "Donne 8 enregistrée." and the deals after it; "Deal 4 changed." in
Burro through deals 5 to 9; "Se ha traído la partida en papel." after the first deal."""

import re

from games.tarot.tests.test_cards import CHIEN_A, DEAL_A, ECART_A
from scoring import services
from scoring.models import Table

from .conftest import plain_deal
from .test_record import post

CARDS_A = [c for trick in DEAL_A for c in trick.split()]


def said(html: str) -> list[str]:
    """The messages in ``html`` (the alerts of #messages: a conflict or a problem has an id of its own)."""
    return re.findall(r'class="alert alert-\w+ py-2" role="alert">([^<]*)</div>', html)


def the_body(html: str) -> str:
    """The table's body: what a save with the record form answers, and replaces whole."""
    return html[html.index('<div id="table-body">'):html.index('<nav class="table-links')]


def next_deal_after(client, table: Table, page: str, number: int) -> str:
    """The page drawn after an action, then the next deal saved with its record form, as htmx sends it: the
    page's message lies inside the body that answer replaces; the answer carries the new message alone."""
    assert said(page) and said(page) == said(the_body(page)), "a message above what the next save redraws"
    form = re.search(r'<form id="record"[^>]*>', page).group(0)
    assert 'hx-target="#table-body"' in form and 'hx-swap="outerHTML' in form
    answer = post(client, table, number=number, htmx=True)
    assert answer.status_code == 200
    html = answer.content.decode()
    assert html.lstrip().startswith('<div id="table-body">')
    return html


def test_after_a_deal_saved_card_by_card_the_next_deal_says_only_that_it_was_saved(client, db):
    # Deal A: W deals (the fourth seat here is W), S takes a Garde.
    table = services.create_table(game="tarot", players=["N", "E", "S", "W"], first_dealer=3)
    play = f"/t/{table.edit_token}/play/"
    assert client.post(play, {"taker": "S", "contract": "garde", "chien": CHIEN_A, "ecart": ECART_A}).status_code == 302
    for card in CARDS_A:
        client.post(play + "card/", {"card": card})
    page = client.post(play + "save/", follow=True).content.decode()
    assert said(page) == ["Deal 1 saved."]

    assert said(next_deal_after(client, table, page, 2)) == ["Deal 2 saved."]


def test_after_a_deal_edited_the_next_deal_says_only_that_it_was_saved(client, tarot4):
    services.record_deal(tarot4, plain_deal())
    edit = {"taker": "E", "contract": "garde", "bouts": "2", "points": "51", "points_side": "attack",
            "petit_au_bout": "none", "chelem": "none", "revision": "1"}
    page = client.post(f"/t/{tarot4.edit_token}/deal/1/edit/", edit, follow=True).content.decode()
    assert said(page) == ["Deal 1 changed."]

    assert said(next_deal_after(client, tarot4, page, 2)) == ["Deal 2 saved."]


def test_after_a_game_carried_over_from_paper_the_first_deal_says_only_that_it_was_saved(client, tarot4):
    totals = {"total_0": "120", "total_1": "-40", "total_2": "-40", "total_3": "-40"}
    page = client.post(f"/t/{tarot4.edit_token}/carry-over/", totals, follow=True).content.decode()
    assert said(page) == ["The game from paper is carried over."]

    assert said(next_deal_after(client, tarot4, page, 1)) == ["Deal 1 saved."]


def test_a_refused_save_draws_no_message_so_the_one_before_goes(client, tarot4):
    """A save refused (the points beside their field) is the next action too: its answer replaces the body with
    no message in it, and "Deal 1 saved." is not left to read as if this deal were."""
    page = client.post(f"/t/{tarot4.edit_token}/deal/", {**{k: str(v) for k, v in plain_deal().items()},
                                                         "points_side": "attack", "petit_au_bout": "none",
                                                         "chelem": "none", "deal_number": "1"},
                       follow=True).content.decode()
    assert said(page) == ["Deal 1 saved."] and said(page) == said(the_body(page))
    answer = post(client, tarot4, number=2, htmx=True, points="4").content.decode()
    assert answer.lstrip().startswith('<div id="table-body">') and "at least 13 points" in answer
    assert said(answer) == []
