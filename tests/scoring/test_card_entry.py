"""Card-by-card entry of a Tarot deal, through the views and the API: the contract, each card as played, a flag
shown at once with its rule, a revoke shown when a later card proves it (naming both tricks), undo and
correction, the record derived from the cards with its score, the stored deal keeping its cards, and "was
this legal?" from a recorded trick.

The deals are games/tarot/tests/test_cards.py's, counted there by hand: Deal A is S's Garde with 2 bouts and
53 points, the petit au bout to the attack and E's Excuse exchanged (S +282, the others −94 each)."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlparse

import pytest

from games.tarot.tests.test_cards import CHIEN_A, DEAL_A, ECART_A, WINNERS_A
from scoring import services
from scoring.models import Deal, Table

SEATS = ["N", "E", "S", "W"]  # W deals, so N leads the first trick (as in Deal A)
CARDS_A = [c for trick in DEAL_A for c in trick.split()]
GARDE_BY_S = {"taker": "S", "contract": "garde", "chien": CHIEN_A, "ecart": ECART_A}


@pytest.fixture
def table(db) -> Table:
    return services.create_table(game="tarot", players=SEATS, first_dealer=3)


def url(table: Table, part: str = "") -> str:
    return f"/t/{table.edit_token}/play/{part}"


def start(client, table: Table, **contract) -> None:
    response = client.post(url(table), {**GARDE_BY_S, **contract})
    assert response.status_code == 302, response.content.decode()[:2000]


def play(client, table: Table, cards, htmx: bool = False):
    response = None
    for card in cards:
        headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
        response = client.post(url(table, "card/"), {"card": card}, **headers)
        assert response.status_code in (200, 302)
    return response


def page(client, table: Table, query: str = "") -> str:
    response = client.get(url(table) + query)
    assert response.status_code == 200
    return response.content.decode()


# -- the contract -------------------------------------------------------------------------------------------

def test_the_table_page_offers_card_by_card_entry(client, table):
    html = client.get(f"/t/{table.edit_token}/").content.decode()
    assert f'href="{url(table)}"' in html and 'id="card-by-card"' in html


def test_the_contract_comes_first_and_says_who_leads(client, table):
    html = page(client, table)
    assert 'id="contract"' in html and 'name="taker"' in html and 'name="contract"' in html
    assert 'name="bouts"' not in html and 'name="points"' not in html  # the cards will say them
    assert "N leads the first trick" in html


def test_a_contract_without_a_taker_is_refused_beside_the_field(client, table):
    response = client.post(url(table), {"contract": "garde"})
    html = response.content.decode()
    assert response.status_code == 200 and "field field-taker has-error" in html
    assert 'id="contract"' in html
    assert "How many bouts" not in html and html.count("field-error") == 1  # the cards will say the rest


def test_the_contract_stays_in_view_while_the_cards_are_tapped(client, table):
    start(client, table)
    play(client, table, CARDS_A[:1])
    said = re.search(r'<p class="small mb-1" id="contract-said">(.*?)</p>', page(client, table))
    assert said and re.sub(r"<[^>]+>", "", said[1]).startswith("Taker: S ·&nbsp;Contract: Garde")


def test_the_view_link_cannot_enter_cards(client, table):
    assert client.get(f"/t/{table.view_token}/play/").status_code == 403


# -- the cards ----------------------------------------------------------------------------------------------

def test_the_picker_names_whose_turn_it_is_and_greys_the_cards_played(client, table):
    start(client, table)
    assert "N to play" in page(client, table)
    play(client, table, ["5S"])
    html = page(client, table)
    assert "E to play" in html and "1 of 72 cards" in html
    assert 'value="5S" class="cardpick-card played" aria-label="5 of spades" disabled' in html
    assert 'value="6S" class="cardpick-card" aria-label="6 of spades">' in html


def test_a_taker_who_announces_the_chelem_plays_first(client, table):
    """Seed 003: the side that announces the chelem "leads to the first trick" (S took, W dealt)."""
    start(client, table, chelem_announced="on")
    assert "S to play" in page(client, table)


def test_the_deal_in_progress_survives_a_reload(client, table):
    start(client, table)
    play(client, table, CARDS_A[:9])
    assert "9 of 72 cards" in page(client, table) and "9 of 72 cards" in page(client, table)


def test_every_server_process_sees_the_same_deal_in_progress(client, table):
    """`make run` serves with several processes, each with its own memory: the cards tapped so far must not be
    kept where another process would read its own older copy."""
    from django.core.cache import caches

    memory = caches["default"]  # this process's own
    start(client, table)
    play(client, table, CARDS_A[:1])
    another_process = {name: dict(store) for name, store in vars(memory).items() if isinstance(store, dict)}
    assert another_process
    play(client, table, CARDS_A[1:3])
    for name, store in another_process.items():  # the next tap reaches a process that last saw one card
        getattr(memory, name).clear()
        getattr(memory, name).update(store)
    assert "3 of 72 cards" in page(client, table)


def test_a_card_played_twice_is_flagged_at_once_with_the_rule_and_kept(client, table):
    start(client, table)
    response = play(client, table, ["5S", "5S"], htmx=True)
    html = response.content.decode()
    assert 'data-flag="played"' in html and "One of each card" in html
    assert "5 of spades was already played in trick 1" in html and "2 of 72 cards" in html


def test_a_card_of_the_ecart_played_is_flagged_at_once(client, table):
    """The écart said before the first card is out of play: a card of it tapped is a mistake (a 2♠ for a 2♣)."""
    start(client, table)
    put_down = ECART_A.split()[0]
    html = play(client, table, [put_down], htmx=True).content.decode()
    assert 'data-flag="aside"' in html and "was put aside before play: it cannot be played in this deal" in html


def test_a_revoke_is_shown_when_a_later_card_proves_it_naming_both_tricks(client, table):
    """Deal A with E throwing the 9♣ on N's Queen of hearts in trick 5: E's Jack of hearts in trick 6 proves E
    still held hearts (games/tarot/tests/test_cards.py)."""
    tricks = list(DEAL_A)
    tricks[4] = "QH 9C 5H CH"
    start(client, table)
    html = play(client, table, [c for t in tricks[:5] for c in t.split()], htmx=True).content.decode()
    assert "Illegal play in trick" not in html and 'data-flag="revoke"' not in html  # nothing proves it yet
    html = play(client, table, tricks[5].split()[:2], htmx=True).content.decode()
    assert "Illegal play in trick 5, proven by trick 6" in html and "Follow suit" in html
    assert "E played 9 of clubs in trick 5, but played Jack of hearts in trick 6, so held it then" in html


def test_a_flagged_play_under_its_trick_names_the_player_the_card_and_the_rule_as_a_title(client, table):
    """Under each trick, a flagged play: who, which card, the rule (its title, capital and all, after a dash, as
    the alert above says it) and why; in French no colon left without its no-break space, nor a capital after
    one (a tester read "Bea, 3 de cœur: Entame…")."""
    tricks = list(DEAL_A)
    tricks[4] = "QH 9C 5H CH"
    start(client, table)
    play(client, table, [c for t in tricks[:6] for c in t.split()])
    line = re.search(r'class="small play-flag-line[^>]*>\s*(.*?)<', page(client, table), re.S).group(1)
    assert line.strip() == ("⚠ E, 9 of clubs — Follow suit. E played 9 of clubs in trick 5, but played Jack of "
                            "hearts in trick 6, so held it then. ♥ was led and E held ♥: E had to play one (or "
                            "the Excuse).")
    french = client.get(url(table), headers={"Accept-Language": "fr"}).content.decode()
    line = re.search(r'class="small play-flag-line[^>]*>\s*(.*?)<', french, re.S).group(1)
    assert line.startswith("⚠ E, 9 de trèfle — Fournir. E a joué "), line


def test_undo_takes_the_last_card_back(client, table):
    start(client, table)
    play(client, table, CARDS_A[:3])
    client.post(url(table, "undo/"))
    html = page(client, table)
    assert "2 of 72 cards" in html and "S to play" in html
    assert 'value="KS" class="cardpick-card" aria-label="King of spades">' in html


def test_any_card_can_be_corrected_and_what_follows_is_derived_again(client, table):
    start(client, table)
    play(client, table, ["5S", "KC"])  # E's 6♠ entered as the King of clubs
    html = page(client, table, "?correct=1")
    assert "Correct E's King of clubs: tap the card played instead" in html and 'name="index" value="1"' in html
    client.post(url(table, "correct/"), {"index": "1", "card": "6S"})
    html = page(client, table)
    assert 'value="6S" class="cardpick-card played"' in html and 'value="KC" class="cardpick-card"' in html


def test_a_card_not_of_the_deck_or_a_bad_index_is_a_message_never_a_500(client, table):
    start(client, table)
    response = client.post(url(table, "card/"), {"card": "ZZ"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 400 and "Tap a card of the deck." in response.content.decode()
    response = client.post(url(table, "correct/"), {"index": "99999999", "card": "KH"})
    assert response.status_code == 400
    assert client.post(url(table, "card/"), {}).status_code == 400


# -- the end: the record the cards make ---------------------------------------------------------------------

def test_the_whole_deal_shows_the_record_the_cards_make_with_its_score(client, table):
    start(client, table)
    play(client, table, CARDS_A)
    html = page(client, table)
    assert "The attack (S): 53 points and 2 bouts; the defence: 38 points." in html
    assert "Petit au bout: to the attack." in html
    assert "The Excuse, played by E to trick 17 taken by S, stays with E&#x27;s side" in html
    assert "+282" in html and "−94" in html
    winners = WINNERS_A.split()
    assert all(html.count(f"{name} takes it") == winners.count(name) for name in SEATS)


def test_save_stores_the_derived_record_with_its_cards(client, table):
    start(client, table)
    play(client, table, CARDS_A)
    response = client.post(url(table, "save/"))
    assert response.status_code == 302 and response["Location"] == f"/t/{table.edit_token}/"
    deal = Deal.objects.get(table=table)
    record = deal.record
    assert (record["bouts"], record["points"], record["petit_au_bout"]) == (2, "53", "attack")
    assert record["plays"]["cards"] == CARDS_A and record["plays"]["leader"]["name"] == "N"
    assert record["plays"]["ecart"] == ECART_A.split()
    assert deal.outcome["scores"] == [-94, -94, 282, -94]
    assert 'id="contract"' in page(client, table)  # the draft is gone: the next deal starts afresh


def test_saving_twice_records_the_deal_once(client, table):
    start(client, table)
    play(client, table, CARDS_A)
    client.post(url(table, "save/"))
    client.post(url(table, "save/"))  # the draft is gone: back to the contract
    assert Deal.objects.filter(table=table).count() == 1


def test_a_second_save_sent_before_the_first_answered_is_said_already_saved(client, table):
    """Two taps of Save: the second request read the draft before the first dropped it. The deal is stored
    once (its client id), and the second's message says it was already saved, not "Deal 1 saved" again."""
    from scoring import play_drafts

    start(client, table)
    play(client, table, CARDS_A)
    session = client.session
    draft = play_drafts.load(session, table)
    client.post(url(table, "save/"))
    session = client.session
    play_drafts.store(session, table, draft)  # as the second request found it
    session.save()
    response = client.post(url(table, "save/"), follow=True)
    assert Deal.objects.filter(table=table).count() == 1
    said = [str(m) for m in response.context["messages"]]
    assert said[-1] == "Deal 1 was already saved.", said


def test_a_deal_another_phone_recorded_meanwhile_is_said_at_save_then_saved_knowingly(client, table):
    """A draft lives in one phone's session: another phone with the edit link sees none, and may record a deal from
    the record form meanwhile (the deal before, entered late). Save then records nothing and says so, the cards
    kept; a second Save records them as the next deal. W dealt deal 1, so N led it; N deals deal 2 and E leads it:
    the cards, entered from N on, are played from E on as deal 2, which Save says and the page shows before the
    second Save records them so. (Without the chien and the écart, which would have to be in the taker's hand.)"""
    start(client, table, chien="", ecart="")
    play(client, table, CARDS_A)
    services.record_deal(table, {"taker": "N", "contract": "prise", "bouts": 1, "points": "50"})  # another phone
    response = client.post(url(table, "save/"))
    assert response.status_code == 409
    assert ("Deal 1 was just recorded by another phone, perhaps this same deal. Nothing was saved: save again to "
            "record these cards as deal 2, or throw them away. In deal 2 the cards go round E, S, W, N, E leading "
            "the first trick; they were entered round N, E, S, W. They are now shown that way: check who played "
            "each card before you save.") in response.content.decode()
    html = page(client, table)
    assert Deal.objects.filter(table=table).count() == 1 and "72 of 72 cards" in html
    assert re.findall(r'<span class="seat">(\w+)</span>', html)[:4] == ["E", "S", "W", "N"]  # trick 1 from E on
    assert client.post(url(table, "save/")).status_code == 302
    deal = Deal.objects.get(table=table, number=2)
    assert deal.record["plays"]["cards"] == CARDS_A and deal.record["plays"]["leader"]["name"] == "E"


def test_cards_that_cannot_be_the_next_deal_are_refused_and_kept_as_entered(client, table):
    """The same deal recorded from the record form meanwhile ("perhaps this same deal"): played from E on as
    deal 2, the cards give the chien's K♦ and Q♣, which S took, to other players. Save says so and records
    nothing, however often; the cards stay as entered, and are saved as deal 1 once the other phone undoes its
    deal."""
    start(client, table)
    play(client, table, CARDS_A)
    services.record_deal(table, {"taker": "S", "contract": "garde", "bouts": 2, "points": "53"})  # another phone
    for _twice in range(2):
        response = client.post(url(table, "save/"))
        assert response.status_code == 409
        assert ("Deal 1 was just recorded by another phone, perhaps this same deal. Nothing was saved. In deal 2 the "
                "cards go round E, S, W, N, E leading the first trick; they were entered round N, E, S, W. These "
                "cards cannot be recorded as deal 2: K♦ Q♣ went to another player: the chien goes to the "
                "taker&#x27;s hand. They are kept here as entered: save them again if the table goes back to deal 1, "
                "or throw them away.") in response.content.decode()
    assert Deal.objects.filter(table=table).count() == 1 and "72 of 72 cards" in page(client, table)
    services.undo_last(table, author="another phone")
    assert client.post(url(table, "save/")).status_code == 302
    deal = Deal.objects.get(table=table, withdrawn=False)
    assert deal.number == 1 and deal.record["plays"]["cards"] == CARDS_A
    assert deal.record["plays"]["leader"]["name"] == "N" and deal.outcome["scores"] == [-94, -94, 282, -94]


def test_deals_another_phone_undid_meanwhile_are_said_at_save_then_the_cards_take_the_next_number(client, db):
    """The other way round: the cards were begun as deal 2 (W deals it, as deal A), and another phone undid deal 1
    meanwhile. Save records nothing and says the next deal is deal 1, which S deals and W leads; a second Save
    records the cards as deal 1, in the undone deal's place, played from W on. (Untested with the change; added
    by the reviewer. Without the chien and the écart, which would have to be in the taker's hand.)"""
    table = services.create_table(game="tarot", players=SEATS, first_dealer=2)
    services.record_deal(table, {"taker": "N", "contract": "prise", "bouts": 1, "points": "50"})
    start(client, table, chien="", ecart="")
    play(client, table, CARDS_A)
    services.undo_last(table, author="another phone")
    response = client.post(url(table, "save/"))
    assert response.status_code == 409
    assert ("Another phone undid deals meanwhile: the next deal is deal 1. Nothing was recorded. In deal 1 the cards "
            "go round W, N, E, S, W leading the first trick; they were entered round N, E, S, W.") in (
        response.content.decode())
    assert not Deal.objects.filter(table=table, withdrawn=False).exists() and "72 of 72 cards" in page(client, table)
    assert client.post(url(table, "save/")).status_code == 302
    deal = Deal.objects.get(table=table)
    assert (deal.number, deal.withdrawn, deal.record["plays"]["cards"]) == (1, False, CARDS_A)
    assert deal.record["plays"]["leader"]["name"] == "W"


def test_a_deal_not_over_is_not_saved(client, table):
    start(client, table)
    play(client, table, CARDS_A[:10])
    response = client.post(url(table, "save/"))
    assert response.status_code == 400 and "10 of the 72 cards have been played" in response.content.decode()
    assert not Deal.objects.exists()


# -- a stored deal's cards ----------------------------------------------------------------------------------

def saved_deal_a(client, table) -> Deal:
    start(client, table)
    play(client, table, CARDS_A)
    client.post(url(table, "save/"))
    return Deal.objects.get(table=table)


def test_the_deal_page_links_to_its_cards_and_each_trick_to_the_referee(client, table):
    saved_deal_a(client, table)
    html = client.get(f"/t/{table.edit_token}/deal/1/").content.decode()
    assert f"/t/{table.edit_token}/deal/1/cards/" in html and ">plays<" not in html
    cards = client.get(f"/t/{table.edit_token}/deal/1/cards/?part=1").content.decode()
    assert cards.count("takes it") == 18 and "/referee/tarot/?" in cards


def test_was_this_legal_asks_the_referee_the_situation_of_the_trick(client, table):
    """Trick 12: W leads the Jack of diamonds, N and E follow, S (void in diamonds) trumps with the 16: S's hand
    then is every card S plays from trick 12 on."""
    saved_deal_a(client, table)
    cards = client.get(f"/t/{table.view_token}/deal/1/cards/").content.decode()
    link = next(part for part in cards.split('href="')[1:] if "card=T16" in part).split('"')[0]
    query = parse_qs(urlparse(link.replace("&amp;", "&")).query)
    assert query["trick"] == ["JD 6D 7D"] and query["leader"] == ["W"] and query["card"] == ["T16"]
    assert query["hand"] == ["T16 T21 T20 T19 T18 T17 T1"]
    answer = client.get(link.replace("&amp;", "&")).content.decode()
    assert "Trump 16: may be played" in answer


def test_correcting_a_stored_deals_card_derives_its_record_again(client, table):
    """Deal A with the écart left out: correct trick 18's 8♦ (N) ... to the same card: the record is derived
    again and stored as a new revision, its cards kept."""
    deal = saved_deal_a(client, table)
    response = client.post(f"/t/{table.edit_token}/deal/1/cards/")
    assert response.status_code == 302 and response["Location"] == url(table)
    html = page(client, table)
    assert "Deal 1: its cards" in html and "72 of 72 cards" in html
    index = CARDS_A.index("EX")  # E's Excuse in trick 17 entered as E's 9♣ of the last trick, and back
    nine = CARDS_A.index("9C")
    client.post(url(table, "correct/"), {"index": str(index), "card": "9C"})
    client.post(url(table, "correct/"), {"index": str(nine), "card": "EX"})
    assert "The Excuse, played by E to the last trick, goes to S&#x27;s side." in page(client, table)
    response = client.post(url(table, "save/"))
    assert response.status_code == 302 and response["Location"] == f"/t/{table.edit_token}/deal/1/"
    deal.refresh_from_db()
    assert deal.revision == 2 and deal.record["bouts"] == 3 and deal.record["points"] == "57"
    assert deal.record["plays"]["cards"][index] == "9C"


def test_a_correction_by_cards_saved_after_another_phone_changed_the_deal_is_refused_then_saved_knowingly(
        client, table):
    """The cards of deal 1 are being corrected on this phone while another phone edits the deal: Save does not
    silently put the cards' record back over that edit; it says so, keeps the cards, and a second Save does."""
    deal = saved_deal_a(client, table)
    client.post(f"/t/{table.edit_token}/deal/1/cards/")  # the correction begins at revision 1
    index, nine = CARDS_A.index("EX"), CARDS_A.index("9C")  # E's Excuse and 9♣ swapped: another record
    client.post(url(table, "correct/"), {"index": str(index), "card": "9C"})
    client.post(url(table, "correct/"), {"index": str(nine), "card": "EX"})
    services.set_withdrawn(deal, True)  # meanwhile another phone undoes the deal: revision 2
    response = client.post(url(table, "save/"))
    assert response.status_code == 409
    assert "Deal 1 was just changed on another phone. Nothing was saved" in response.content.decode()
    deal.refresh_from_db()
    assert deal.revision == 2 and deal.withdrawn
    assert "72 of 72 cards" in page(client, table)  # the cards are kept
    again = client.post(url(table, "save/"))
    assert again.status_code == 302
    deal.refresh_from_db()
    assert deal.revision == 3


# -- the API ------------------------------------------------------------------------------------------------

def api_post(client, path: str, body) -> tuple[int, dict]:
    response = client.post(path, json.dumps(body), content_type="application/json")
    return response.status_code, response.json()


def test_the_score_endpoint_takes_a_deal_as_its_plays(client, db):
    body = {"players": SEATS, "contract": GARDE_BY_S, "leader": "N", "plays": CARDS_A}
    status, answer = api_post(client, "/api/games/tarot/score/plays", body)
    assert status == 200, answer
    assert answer["record"]["points"] == "53" and answer["record"]["bouts"] == 2
    assert answer["outcome"]["scores"] == {"N": -94, "E": -94, "S": 282, "W": -94} and answer["flags"] == []
    assert answer["winners"] == WINNERS_A.split()


def test_the_score_endpoint_answers_every_flagged_play(client, db):
    tricks = list(DEAL_A)
    tricks[4], tricks[17] = "QH 9C 5H CH", "T1 1S 8D 4H"
    body = {"players": SEATS, "contract": GARDE_BY_S, "leader": "N", "plays": " ".join(tricks).split()}
    status, answer = api_post(client, "/api/games/tarot/score/plays", body)
    assert status == 200, answer
    (flag,) = answer["flags"]
    assert (flag["kind"], flag["trick"], flag["proven_by"], flag["seat"], flag["card"]) == ("revoke", 5, 6, "E", "9C")


def test_the_score_endpoint_refuses_a_poignee_the_cards_disprove(client, db):
    """"Triple Poignée: 40 points (3-18/4-15/5-13)" (seed 003): S took a Garde and the contract says the attack
    showed a triple poignée, but S played 7 trumps and nothing else was S's but the écart (a tester: the 40 were
    scored). A 422 under the contract's poignées, citing the rule, as for an impossible chien or écart."""
    contract = {**GARDE_BY_S, "poignees": [{"side": "attack", "size": "triple"}]}
    body = {"players": SEATS, "contract": contract, "leader": "N", "plays": CARDS_A}
    status, answer = api_post(client, "/api/games/tarot/score/plays", body)
    assert status == 422, answer
    assert answer["errors"]["poignees"].startswith("The attack showed a triple poignée (15 trumps at 4 players), but "
                                                   "S, alone in the attack, held only 7 trumps")


def test_the_score_endpoint_takes_a_deal_given_as_its_plays_among_its_deals(client, db):
    """Deal A given as its plays after a numbers deal (E's Garde made, E +198, the others −66; W dealt it, N
    deals the next, so E leads deal 2's first trick: a leader is given since Deal A was led by N): the record
    the cards make, its score on top (S −66 + 282 = 216; E 198 − 94 = 104; N and W −66 − 94 = −160)."""
    played = {"contract": GARDE_BY_S, "leader": "N", "plays": CARDS_A}
    body = {"players": SEATS, "first_dealer": 3, "deals": [
        {"taker": "E", "contract": "garde", "bouts": 2, "points": 49}, played]}
    status, answer = api_post(client, "/api/games/tarot/score", body)
    assert status == 200, answer
    second = answer["deals"][1]
    assert second["record"]["points"] == "53" and second["record"]["bouts"] == 2 and second["flags"] == []
    assert any("53" in line for line in second["lines"])
    assert answer["totals"] == {"N": -160, "E": 104, "S": 216, "W": -160}
    assert "record" not in answer["deals"][0]  # a deal given as its record is answered as before


def test_the_deals_given_as_their_plays_in_one_request_are_bounded(client, db):
    from scoring.api_play import MAX_PLAYED_DEALS

    played = {"contract": GARDE_BY_S, "leader": "N", "plays": CARDS_A}
    status, answer = api_post(client, "/api/games/tarot/score",
                              {"players": SEATS, "deals": [played] * (MAX_PLAYED_DEALS + 1)})
    assert status == 422 and "deals" in answer["errors"], answer


def test_a_bad_card_in_a_deal_given_as_its_plays_is_named_by_its_place(client, db):
    body = {"players": SEATS, "deals": [{"contract": GARDE_BY_S, "leader": "N", "plays": ["5S", "ZZ"]}]}
    status, answer = api_post(client, "/api/games/tarot/score", body)
    assert status == 422 and "deals.0.plays.1" in answer["errors"], answer


def test_the_ruling_endpoint_answers_the_first_illegal_play_and_every_revoke(client, db):
    tricks = list(DEAL_A)
    tricks[4], tricks[17] = "QH 9C 5H CH", "T1 1S 8D 4H"
    body = {"players": SEATS, "contract": {"taker": "S", "contract": "garde"}, "leader": "N",
            "plays": " ".join(tricks).split()}
    status, answer = api_post(client, "/api/games/tarot/ruling/plays", body)
    assert status == 200, answer
    assert answer["first_illegal"]["trick"] == 5 and answer["first_illegal"]["card"] == "9C"
    assert [r["trick"] for r in answer["revokes"]] == [5] and answer["legal"] is False
    status, answer = api_post(client, "/api/games/tarot/ruling/plays", {**body, "plays": CARDS_A})
    assert status == 200 and answer["first_illegal"] is None and answer["revokes"] == [] and answer["legal"]


def test_the_ruling_endpoint_takes_a_whole_deal_too(client, db):
    """Deal A with E's revoke (a club in trick 5 to a heart lead; E plays a heart in trick 6): the first illegal
    play, the revoke naming both tricks, the ruling's rule the first flag's."""
    tricks = list(DEAL_A)
    tricks[4], tricks[17] = "QH 9C 5H CH", "T1 1S 8D 4H"
    deal = {"contract": {"taker": "S", "contract": "garde"}, "leader": "N", "plays": " ".join(tricks).split()}
    status, answer = api_post(client, "/api/games/tarot/ruling", {"players": SEATS, "deal": deal})
    assert status == 200, answer
    assert answer["legal"] is False and answer["first_illegal"]["card"] == "9C"
    assert answer["rule"] == answer["first_illegal"]["rule"]
    assert [(r["trick"], r["proven_by"]) for r in answer["revokes"]] == [(5, 6)]
    status, answer = api_post(client, "/api/games/tarot/ruling", {"players": SEATS, "deal": {**deal,
                                                                                             "plays": CARDS_A}})
    assert status == 200 and answer["legal"] is True and answer["revokes"] == [] and len(answer["winners"]) == 18


def test_the_ruling_endpoint_asks_for_a_situation_or_a_deal(client, db):
    status, answer = api_post(client, "/api/games/tarot/ruling", {"players": SEATS})
    assert status == 422 and "situation" in answer["errors"]
    status, answer = api_post(client, "/api/games/tarot/ruling", {"players": SEATS, "deal": {"plays": ["ZZ"]}})
    assert status == 422 and any(key.startswith("deal.") for key in answer["errors"]), answer


@pytest.mark.parametrize(("body", "field"), [
    ({"players": SEATS, "contract": {"contract": "garde"}, "leader": "N", "plays": CARDS_A}, "contract.taker"),
    ({"players": SEATS, "contract": GARDE_BY_S, "leader": "Zed", "plays": CARDS_A}, "leader"),
    ({"players": SEATS, "contract": GARDE_BY_S, "leader": "N", "plays": ["5S", "ZZ"]}, "plays.1"),
    ({"players": SEATS, "contract": GARDE_BY_S, "leader": "N", "plays": CARDS_A[:10]}, "plays"),
    ({"players": SEATS, "contract": GARDE_BY_S, "leader": "N", "plays": CARDS_A * 2}, "plays"),
    ({"players": ["A"], "contract": GARDE_BY_S, "leader": "N", "plays": CARDS_A}, "players"),
])
def test_bad_plays_are_a_4xx_with_a_message_per_field(client, db, body, field):
    status, answer = api_post(client, "/api/games/tarot/score/plays", body)
    assert 400 <= status < 500 and field in answer["errors"], answer


def test_a_play_that_is_neither_a_code_nor_an_object_says_both_forms(client, db):
    body = {"players": SEATS, "contract": GARDE_BY_S, "leader": "N", "plays": [5, *CARDS_A[1:]]}
    status, answer = api_post(client, "/api/games/tarot/score/plays", body)
    assert status == 422
    assert answer["errors"] == {
        "plays.0": 'Give a card code such as "KS", or an object such as {"seat": "S", "card": "KS"}.'}


def test_a_game_without_card_entry_is_a_404_not_a_500(client, db):
    status, answer = api_post(client, "/api/games/nosuchgame/score/plays",
                              {"players": SEATS, "contract": {}, "leader": "N", "plays": []})
    assert status == 404


def test_throwing_the_deal_away_is_asked_twice_and_records_nothing(client, table):
    start(client, table)
    play(client, table, CARDS_A[:3])
    html = page(client, table)
    assert re.search(r'<details class="discard[^"]*">\s*<summary[^>]*>Throw this deal away…</summary>', html)
    response = client.post(url(table, "discard/"))
    assert response.status_code == 302 and not table.deals.exists()
    assert 'id="contract"' in page(client, table)  # the draft is gone


def test_a_deal_under_way_when_a_player_leaves_is_dropped_with_why_not_a_500(client, db):
    """Five players, the deal begun on this phone (S's contract), then O leaves on another phone: the page
    says the table changed and asks for the contract again; the referee opens without the deal."""
    from scoring import seating

    five = services.create_table(game="tarot", players=[*SEATS, "O"], first_dealer=4)
    assert client.post(url(five), {"taker": "S", "contract": "garde", "called_card": "KH"}).status_code == 302
    assert client.post(url(five, "card/"), {"card": "5S"}).status_code == 302
    seating.change_seats(five, SEATS)

    for path in ("", "card/"):
        response = client.post(url(five, path), {"card": "6S"}) if path else client.get(url(five))
        assert response.status_code in (200, 302)
    html = page(client, five)
    assert 'id="contract"' in html
    assert client.get(f"/referee/tarot/?table={five.edit_token}").status_code == 200
