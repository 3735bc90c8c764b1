"""Paublillo entered card by card: the contract said before the first card, each card as played (face down where
it may be, the vuelta), the record the cards make, kept with them; the page, the API and a stored deal's cards.

"The turned up trump card [...] is not used during the play." "If the turned up card is the top trump - the four
or monja - the dealer's team immediately scores 1 point." "The player who played the face down (vuelta) card
acquires the right to lead to the third trick, irrespective of whether the face down card won the second trick
or not." (seed 000) "Refusing a raise ends the deal: the raising team scores the stake that stood before that
raise." (RULINGS.md)

Ana and Luis are team A, Bea and Eva team B, in the order of play. Eva deals, so Ana leads the first trick. The
deals are games/paublillo/tests/test_cards.py's, worked out there by hand; a card written ``6C*`` is played
face down.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pytest

from games.paublillo.record import PaublilloPlays, Tricks
from games.paublillo.rules import GAME
from games.paublillo.tests.test_cards import DEAL_V, card
from referee.parse import InvalidRecord
from referee.played import FlagKind, PlayedDeal
from scoring import services
from scoring.models import Deal, Table

FOUR = GAME.table(["Ana", "Bea", "Luis", "Eva"], first_dealer=3)
ANA, BEA, LUIS, EVA = FOUR.seats()
# Deal V: the 6 of oros turned (oros are trumps); B raised envido, A accepted: the deal is worth 3.
ENVIDO_BY_B = {"turned": "6O", "bets": [{"team": "B", "stake": "3"}]}
CODES_V = [c for trick in DEAL_V for c in trick.split()]  # the 8th card, Ana's 6C*, is the vuelta
VUELTA = CODES_V.index("6C*")
# A revoke: Ana leads the 7 of oros; Bea throws the 3 of copas, then plays the 2 of oros in trick 2.
# Trick 1: 7O the only trump, A. Trick 2: Bea's 2O the only trump, B; she leads the third. Trick 3: Bea leads
# the 5 of bastos, Eva's 3 is lower (King, Horse, Jack, Ace, 7, 6, 5, 4, 3, 2), nobody trumps: B. Tricks ABB.
REVOKE = ("7O 3C 2E 1C", "4E 2O 12B 12E", "5B 11C 3B 6C")


def played(deal: PlayedDeal, codes: Sequence[str]) -> PlayedDeal:
    for code in codes:
        deal = deal.add(card(code), face_down=code.endswith("*"))
    return deal


def start(contract: dict[str, Any], leader=ANA) -> PlayedDeal:
    return GAME.played_deal(FOUR, contract, leader)


def refusal(contract: dict[str, Any], *fields: str) -> dict[str, str]:
    with pytest.raises(InvalidRecord) as refused:
        start(contract)
    errors = {k: str(v) for k, v in refused.value.errors.items()}
    assert set(fields) <= set(errors), errors
    return errors


# -- the contract -------------------------------------------------------------------------------------------

def test_the_contract_is_what_is_said_before_the_first_card() -> None:
    """The turned card, then (only if said) who really dealt, the alver choice, the raises and a refusal; the
    tricks and the monja are the cards' to say, and a void deal has no cards."""
    names = [f.name for f in GAME.play_fields(FOUR)]
    assert names == ["turned", "dealer", "alver", "bets", "refused"]
    turned = GAME.play_fields(FOUR)[0]
    assert turned.kind == "card" and turned.required


def test_the_turned_card_makes_trumps_and_is_asked_first() -> None:
    assert start(ENVIDO_BY_B).context.trump == "O"
    assert "Its suit is trumps" in refusal({}, "turned")["turned"]
    assert "not a card" in refusal({"turned": "13O"}, "turned")["turned"]


def test_a_contract_that_does_not_read_answers_a_message_per_field() -> None:
    errors = refusal({"turned": "6O", "bets": [{"team": "C", "stake": "7"}], "dealer": "Zed"},
                     "bets.0.team", "bets.0.stake", "dealer")
    assert "A or B" in errors["bets.0.team"] and "envido (3)" in errors["bets.0.stake"]


def test_the_dealer_corrected_moves_the_first_lead_to_the_player_after_them() -> None:
    """The table thought Eva dealt (Ana leads); Ana really dealt, so Bea leads."""
    assert start({"turned": "6O", "dealer": "Ana"}).first_leader == BEA
    assert start({"turned": "6O"}).first_leader == ANA


def test_a_void_deal_has_no_cards_to_enter() -> None:
    assert "no cards" in refusal({"turned": "6O", "void": True}, "void")["void"]


def test_a_team_giving_up_on_alver_throws_its_cards_in_so_there_are_none_to_enter() -> None:
    assert "throws its cards in" in refusal({"turned": "6O", "alver": "give_up"}, "alver")["alver"]


def test_the_monja_is_the_turned_cards_to_say() -> None:
    assert "turned card says" in refusal({"turned": "6O", "monja": True}, "monja")["monja"]
    assert start({"turned": "4O", "monja": True}).context.turned == card("4O")


# -- the record the cards make ------------------------------------------------------------------------------

def test_the_record_is_derived_from_the_cards_with_the_vuelta() -> None:
    """Deal V: B takes trick 1 with the 2 of oros; Ana's 6 of copas face down is the vuelta, Luis's Horse takes
    trick 2 and Ana leads the third, taken by her 7 of oros, the only trump: B, A, A. The envido (3) to A."""
    record, lines = GAME.record_from_plays(FOUR, ENVIDO_BY_B, played(start(ENVIDO_BY_B), CODES_V))
    assert record.tricks is Tricks.BAA and not record.monja
    assert record.plays == PaublilloPlays(ANA, card("6O"), tuple(card(c) for c in CODES_V), (VUELTA,))
    said = [str(line) for line in lines]
    assert said == [
        "Turned up: 6 of oros: oros are trumps.",
        "Trick 1: Bea (team B) takes it with 2 of oros.",
        "Trick 2: Ana's vuelta, face down: 6 of copas. Luis (team A) takes the trick with Horse (caballo) of "
        "copas, and Ana leads the third.",
        "Trick 3: Ana (team A) takes it with 7 of oros.",
        "Team A takes two tricks: B A A.",
    ]
    state, outcome = GAME.apply(FOUR, GAME.initial_state(FOUR), record)
    assert outcome.scores == (3, 0) and state.totals == (3, 0)


def test_the_paublillo_played_as_the_vuelta_is_said_without_brackets_inside_brackets() -> None:
    """Deal V with Ana's vuelta the 3 of oros, the paublillo (oros are trumps): counted face up it takes the second
    trick. Its name has its nickname in brackets, so the line does not put the card in brackets (a tester: "(3 de
    espadas (paublillo))")."""
    codes = [c if c != "6C*" else "3O*" for c in CODES_V]
    _record, lines = GAME.record_from_plays(FOUR, ENVIDO_BY_B, played(start(ENVIDO_BY_B), codes))
    vuelta = str(lines[2])
    assert vuelta == ("Trick 2: Ana's vuelta, face down: 3 of oros (paublillo). Ana (team A) takes the trick with "
                      "3 of oros (paublillo), and Ana leads the third.")
    assert not re.search(r"\([^()]*\(", vuelta)


def test_the_turned_four_is_the_monja_and_scores_for_the_dealers_team() -> None:
    """Deal V with the 4 of oros turned: the same tricks (oros still trumps), and Eva's team B scores 1 for the
    monja: A 3, B 1."""
    contract = {**ENVIDO_BY_B, "turned": "4O"}
    record, _lines = GAME.record_from_plays(FOUR, contract, played(start(contract), CODES_V))
    assert record.monja and record.tricks is Tricks.BAA
    _state, outcome = GAME.apply(FOUR, GAME.initial_state(FOUR), record)
    assert outcome.scores == (3, 1)


def test_other_face_down_cards_are_said_as_unable_to_win() -> None:
    """Bea's 2 of oros face down to Ana's espadas lead counts for nothing: Eva's King of espadas takes trick 1
    (B). Trick 2, Eva leads the 1 of copas, Ana the 6, Bea the 3, Luis the Horse: A. Trick 3, Luis leads the 2
    of espadas... Ana's 7 of oros is the only trump: A. Tricks B, A, A."""
    codes = ["4E", "2O*", "2E", "12E", "1C", "6C", "3C", "11C", "12B", "3B", "7O", "5B"]
    deal = played(start({"turned": "6O"}), codes)
    assert deal.flags == ()
    record, lines = GAME.record_from_plays(FOUR, {"turned": "6O"}, deal)
    assert record.tricks is Tricks.BAA and record.plays is not None and record.plays.face_down == (1,)
    assert "Played face down, so they could not win: 2 of oros (Bea)." in [str(line) for line in lines]


def test_the_deal_ends_when_a_team_has_two_tricks() -> None:
    """Ana's paublillo (3 of oros) takes trick 1, her King of copas trick 2: A has two, no third trick."""
    deal = played(start({"turned": "6O"}), "3O 2O 2E 5O 12C 7C 11C 1C".split())
    record, lines = GAME.record_from_plays(FOUR, {"turned": "6O"}, deal)
    assert record.tricks is Tricks.AA and str(lines[-1]) == "Team A takes two tricks: A A."


def test_a_refused_raise_ends_the_deal_and_the_cards_played_do_not_count() -> None:
    """B raised envido, A seis, B refused during trick 1: A scores the envido that stood (3)."""
    contract = {"turned": "6O", "bets": [{"team": "B", "stake": 3}, {"team": "A", "stake": 6}], "refused": True}
    record, lines = GAME.record_from_plays(FOUR, contract, played(start(contract), ["4E", "2O"]))
    assert record.tricks is None and record.refused and record.plays is not None
    assert [str(line) for line in lines[-2:]] == ["The last raise was refused: the deal ended there.",
                                                  "The cards played before it ended (2) do not count."]
    _state, outcome = GAME.apply(FOUR, GAME.initial_state(FOUR), record)
    assert outcome.scores == (3, 0)


def test_a_refused_raise_ends_the_deal_so_no_card_more_is_asked() -> None:
    """"'No accepta' (fold) [...] The play ends" (seed 000): the deal is over before its tricks, nobody is to play,
    and its record says nothing of cards when none was played."""
    contract = {"turned": "6O", "bets": [{"team": "B", "stake": 3}], "refused": True}
    deal = start(contract)
    assert deal.ended and deal.over and deal.next_seat is None and not start(ENVIDO_BY_B).ended
    _record, lines = GAME.record_from_plays(FOUR, contract, deal)
    assert str(lines[-1]) == "The last raise was refused: the deal ended there."


def test_a_deal_not_over_makes_no_record() -> None:
    with pytest.raises(InvalidRecord) as refused:
        GAME.record_from_plays(FOUR, ENVIDO_BY_B, played(start(ENVIDO_BY_B), CODES_V[:6]))
    assert "not over" in str(refused.value.errors["plays"])


# -- kept with the record -----------------------------------------------------------------------------------

def test_the_cards_are_kept_in_the_record_and_read_back() -> None:
    record, _lines = GAME.record_from_plays(FOUR, ENVIDO_BY_B, played(start(ENVIDO_BY_B), CODES_V))
    stored = record.to_json()
    assert stored["plays"] == {"leader": {"seat": 0, "name": "Ana"}, "turned": "6O",
                               "cards": [c.rstrip("*") for c in CODES_V], "face_down": [VUELTA]}
    assert GAME.parse(FOUR, stored) == record


def test_a_deal_entered_as_numbers_keeps_its_json_and_has_no_cards() -> None:
    record = GAME.parse(FOUR, {"bets": [{"team": "B", "stake": 3}], "tricks": "BAA"})
    assert "plays" not in record.to_json()
    assert GAME.plays_of(FOUR, record.to_json()) is None


def test_a_stored_deals_cards_give_back_its_contract_leader_and_plays() -> None:
    """Deal V entered after Ana corrected who dealt (she did: Bea leads), re-played from what plays_of gives,
    makes the same record."""
    contract = {**ENVIDO_BY_B, "dealer": "Ana"}
    # Bea leads: her 3 of copas, Luis's Horse, Eva's Ace, Ana's 6 of copas... a deal of its own: Luis takes
    # trick 1 (Horse of copas); Luis leads the 2 of espadas, Eva the King, Ana the 4, Bea the 2 of oros: B;
    # Bea leads the 5 of bastos, Luis the King of bastos, Eva the 3, Ana the 7 of oros: A. Tricks A, B, A.
    codes = ["3C", "11C", "1C", "6C*", "2E", "12E", "4E", "2O", "5B", "12B", "3B", "7O"]
    record, _lines = GAME.record_from_plays(FOUR, contract, played(start(contract), codes))
    assert record.tricks is Tricks.ABA and record.plays is not None and record.plays.leader == BEA
    given = GAME.plays_of(FOUR, record.to_json())
    assert given is not None
    again, leader, plays = given
    assert again == {"turned": "6O", "dealer": "Ana", "bets": [{"team": "B", "stake": 3}]} and leader == BEA
    assert [(p.card.code, p.face_down) for p in plays][:4] == [("3C", False), ("11C", False), ("1C", False),
                                                               ("6C", True)]
    deal = GAME.played_deal(FOUR, again, leader)
    for play in plays:
        deal = deal.add(play.card, face_down=play.face_down)
    assert GAME.record_from_plays(FOUR, again, deal)[0] == record


# -- flags --------------------------------------------------------------------------------------------------

def test_a_face_down_card_to_a_trump_lead_is_flagged_at_once_with_its_rule() -> None:
    deal = played(start({"turned": "6O"}), ["7O", "2O", "2E*"])
    (flag,) = deal.flags
    assert (flag.kind, flag.index, str(flag.rule)) == (FlagKind.FACE_DOWN, 2, "Face-down cards")


def test_a_revoke_is_flagged_when_a_later_card_proves_it_naming_both_tricks() -> None:
    deal = played(start({"turned": "6O"}), REVOKE[0].split())
    assert deal.flags == ()
    deal = played(deal, REVOKE[1].split()[:2])
    (flag,) = deal.flags
    assert (flag.kind, flag.trick, flag.proven_by) == (FlagKind.REVOKE, 1, 2)
    assert "Bea played 3 of copas in trick 1, but played 2 of oros in trick 2" in str(flag.explanation)


# -- the API ------------------------------------------------------------------------------------------------

def post(api, path: str, sent: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    response = api.post(path, sent)
    return response.status_code, response.json()


def body(plays: list[Any], contract: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"players": ["Ana", "Bea", "Luis", "Eva"], "first_dealer": 3,
            "contract": ENVIDO_BY_B if contract is None else contract, "plays": plays}


def test_the_score_endpoint_takes_face_down_cards_and_answers_the_record(api, db) -> None:
    plays: list[Any] = [c.rstrip("*") for c in CODES_V]
    plays[VUELTA] = {"seat": "Ana", "card": "6C", "face_down": True}
    status, answer = post(api, "/api/games/paublillo/score/plays", body(plays))
    assert status == 200, answer
    assert answer["record"]["tricks"] == "BAA" and answer["record"]["plays"]["face_down"] == [VUELTA]
    assert answer["winners"] == ["Bea", "Luis", "Ana"] and answer["flags"] == []
    assert answer["outcome"]["scores"] == {"A": 3, "B": 0}
    assert any("vuelta" in line for line in answer["lines"])


def test_a_face_down_card_may_be_given_with_a_star(api, db) -> None:
    status, answer = post(api, "/api/games/paublillo/score/plays", body(CODES_V))
    assert status == 200 and answer["record"]["plays"]["face_down"] == [VUELTA], answer


def test_the_ruling_endpoint_answers_the_first_illegal_play_and_the_revoke(api, db) -> None:
    plays = [c for trick in REVOKE for c in trick.split()]
    status, answer = post(api, "/api/games/paublillo/ruling/plays", body(plays, {"turned": "6O"}))
    assert status == 200, answer
    assert answer["legal"] is False and answer["first_illegal"]["card"] == "3C"
    assert [(r["trick"], r["proven_by"], r["seat"]) for r in answer["revokes"]] == [(1, 2, "Bea")]
    assert answer["winners"] == ["Ana", "Bea", "Bea"]
    status, answer = post(api, "/api/games/paublillo/ruling/plays", body(["7O", "2O", "2E*"], {"turned": "6O"}))
    assert status == 200 and answer["first_illegal"]["kind"] == "face_down"
    assert answer["first_illegal"]["face_down"] is True


@pytest.mark.parametrize(("plays", "contract", "field"), [
    (CODES_V, {"bets": [{"team": "B", "stake": 3}]}, "contract.turned"),
    (CODES_V, {"turned": "6O", "alver": "give_up"}, "contract.alver"),
    (["4E", {"card": "2O", "face_down": "perhaps"}], None, "plays.1.face_down"),
    (["4E", "ZZ*"], None, "plays.1"),
    (CODES_V[:6], None, "plays"),
])
def test_bad_plays_are_a_4xx_with_a_message_per_field(api, db, plays, contract, field) -> None:
    status, answer = post(api, "/api/games/paublillo/score/plays", body(plays, contract))
    assert 400 <= status < 500 and field in answer["errors"], answer


# -- the page -----------------------------------------------------------------------------------------------

@pytest.fixture
def table(db) -> Table:
    return services.create_table(game="paublillo", players=["Ana", "Bea", "Luis", "Eva"], first_dealer=3)


def url(table: Table, part: str = "") -> str:
    return f"/t/{table.edit_token}/play/{part}"


def page(client, table: Table, query: str = "") -> str:
    response = client.get(url(table) + query)
    assert response.status_code == 200
    return response.content.decode()


def start_page(client, table: Table, **contract: str) -> None:
    response = client.post(url(table), {"turned": "6O", "bets__0__team": "B", "bets__0__stake": "3", **contract})
    assert response.status_code == 302, response.content.decode()[:3000]


def play_cards(client, table: Table, codes: Sequence[str]) -> None:
    for code in codes:
        sent = {"card": code.rstrip("*")} | ({"face_down": "1"} if code.endswith("*") else {})
        assert client.post(url(table, "card/"), sent).status_code == 302


def test_the_table_page_offers_card_by_card_entry(client, table) -> None:
    html = client.get(f"/t/{table.edit_token}/").content.decode()
    assert 'id="card-by-card"' in html and f'href="{url(table)}"' in html


def test_the_contract_asks_the_turned_card_with_the_card_picker(client, table) -> None:
    html = page(client, table)
    assert 'id="contract"' in html and 'name="turned"' in html and "data-card-widget" in html
    assert 'name="tricks"' not in html and 'name="monja"' not in html


def test_a_contract_that_does_not_read_is_a_message_beside_the_field(client, table) -> None:
    response = client.post(url(table), {"turned": "13O"})
    html = response.content.decode()
    assert response.status_code == 200 and "field field-turned has-error" in html


def test_the_face_down_toggle_is_offered_beside_the_picker(client, table) -> None:
    start_page(client, table)
    html = page(client, table)
    assert 'name="face_down" value="1" id="face-down"' in html and "Ana to play" in html


def test_a_whole_deal_entered_on_the_page_is_saved_with_its_cards(client, table) -> None:
    start_page(client, table)
    play_cards(client, table, CODES_V)
    html = page(client, table)
    assert "Ana&#x27;s vuelta, face down: 6 of copas." in html and 'id="save-cards"' in html
    assert html.count('class="fd"') == 1 and "data-face-down" in html
    response = client.post(url(table, "save/"))
    assert response.status_code == 302 and response["Location"] == f"/t/{table.edit_token}/"
    deal = Deal.objects.get(table=table)
    assert deal.record["tricks"] == "BAA" and deal.record["bets"] == [{"team": "B", "stake": 3}]
    assert deal.record["plays"]["cards"] == [c.rstrip("*") for c in CODES_V]
    assert deal.record["plays"]["face_down"] == [VUELTA] and deal.record["plays"]["turned"] == "6O"
    assert deal.outcome["scores"] == [3, 0]
    cards = client.get(f"/t/{table.view_token}/deal/1/cards/").content.decode()
    assert cards.count("takes it") == 3 and '<span class="fd">vuelta</span>' in cards


@pytest.mark.parametrize(("language", "face_down"), [("en", "face down"), ("es", "boca abajo"),
                                                      ("fr", "face cachée")])
def test_the_trick_list_calls_the_vuelta_the_vuelta(client, table, language, face_down) -> None:
    """Seed, "Vuelta": the last card of the second trick played face down "is known as a vuelta (turn)". The trick
    list says so, on the card-by-card page and on the deal's cards, in every language (a tester saw only "boca
    abajo"); Luis's 2 of espadas face down to the espadas lead of trick 1 is only face down."""
    client.cookies["django_language"] = language
    start_page(client, table)
    play_cards(client, table, ["4E", "2O", "2E*", "12E", *CODES_V[4:]])
    marks = re.compile(r'aria-label="[^"]*\(([^)"]*)\)"[^>]*data-face-down>.*?<span class="fd">([^<]*)</span>')
    assert marks.findall(page(client, table)) == [(face_down, face_down), ("vuelta", "vuelta")]
    assert client.post(url(table, "save/")).status_code == 302
    cards = client.get(f"/t/{table.view_token}/deal/1/cards/").content.decode()
    assert marks.findall(cards) == [(face_down, face_down), ("vuelta", "vuelta")]


def test_the_referee_is_asked_with_the_trump_the_trick_number_and_the_face_down_card(client, table) -> None:
    start_page(client, table)
    play_cards(client, table, CODES_V)
    client.post(url(table, "save/"))
    cards = client.get(f"/t/{table.view_token}/deal/1/cards/").content.decode()
    link = next(p for p in cards.split('href="')[1:] if "card=6C" in p).split('"')[0].replace("&amp;", "&")
    assert "trump=O" in link and "trick_number=2" in link and "face_down=on" in link
    answer = client.get(link).content.decode()
    assert "vuelta" in answer.lower()


def test_the_deal_may_be_saved_once_a_team_has_two_tricks(client, table) -> None:
    start_page(client, table, bets__0__team="", bets__0__stake="")
    play_cards(client, table, "3O 2O 2E 5O 12C 7C 11C 1C".split())
    html = page(client, table)
    assert "Team A takes two tricks: A A." in html and 'id="may-end"' in html and 'id="picker"' in html
    assert client.post(url(table, "save/")).status_code == 302
    assert Deal.objects.get(table=table).record["tricks"] == "AA"


def test_a_refused_raise_may_be_saved_whatever_the_cards_played(client, table) -> None:
    """A seis said by A during trick 1 and refused by B: the contract is changed, the card played before is kept
    (it does not count), and the page asks no more cards but to save."""
    start_page(client, table, bets__1__team="A", bets__1__stake="6")
    play_cards(client, table, ["4E"])
    response = client.post(url(table), {"turned": "6O", "bets__0__team": "B", "bets__0__stake": "3",
                                        "bets__1__team": "A", "bets__1__stake": "6", "refused": "on", "keep": "1"})
    assert response.status_code == 302
    html = page(client, table)
    assert "The cards played before it ended (1) do not count." in html
    assert 'id="deal-ended"' in html and 'id="picker"' not in html and 'id="may-end"' not in html
    assert client.post(url(table, "save/")).status_code == 302
    record = Deal.objects.get(table=table).record
    assert record["refused"] is True and record.get("tricks") is None and record["plays"]["cards"] == ["4E"]


def test_a_raise_refused_before_the_first_card_asks_no_card_and_offers_to_save(client, table) -> None:
    """"The play ends, the team that bet scores 1 point, and the cards are thrown in" (seed 000): the page stops
    asking for cards; a card sent from a page from before is refused, saying why, and not kept."""
    start_page(client, table, refused="on")
    html = page(client, table)
    assert 'id="deal-ended"' in html and 'id="picker"' not in html and 'id="save-cards"' in html
    assert not re.search(r"\d+ of \d+ cards", html)  # nothing played, nothing to count ("0 of 12 cards")
    response = client.post(url(table, "card/"), {"card": "4E"}, headers={"HX-Request": "true"})
    assert response.status_code == 400 and "no more cards to enter" in response.content.decode()
    assert client.post(url(table, "save/")).status_code == 302
    record = Deal.objects.get(table=table).record
    assert record["refused"] is True and record["plays"]["cards"] == [] and record.get("tricks") is None


def test_the_contract_can_be_changed_and_the_cards_are_kept(client, table) -> None:
    """A seis said by A during trick 2: the contract is changed, the four cards played stay."""
    start_page(client, table)
    play_cards(client, table, CODES_V[:4])
    html = page(client, table, "?contract=1")
    assert "the 4 cards played are kept" in html and 'name="keep" value="1"' in html
    response = client.post(url(table), {"turned": "6O", "bets__0__team": "B", "bets__0__stake": "3",
                                        "bets__1__team": "A", "bets__1__stake": "6", "keep": "1"})
    assert response.status_code == 302
    play_cards(client, table, CODES_V[4:])
    client.post(url(table, "save/"))
    deal = Deal.objects.get(table=table)
    assert len(deal.record["bets"]) == 2 and deal.outcome["scores"] == [6, 0]


def test_correcting_a_card_can_turn_it_face_down(client, table) -> None:
    start_page(client, table)
    play_cards(client, table, [c.rstrip("*") for c in CODES_V])  # the vuelta entered face up
    html = page(client, table, f"?correct={VUELTA}")
    assert "Correct Ana's 6 of copas: tap the card played instead" in html
    client.post(url(table, "correct/"), {"index": str(VUELTA), "card": "6C", "face_down": "1"})
    html = page(client, table, f"?correct={VUELTA}")
    assert "Correct Ana's 6 of copas (face down): tap the card played instead" in html
    assert html.split('id="face-down"')[1].split(">")[0].split() == ["autocomplete=\"off\"", "data-play-face-down",
                                                                     "checked"]
    assert "Ana&#x27;s vuelta, face down" in page(client, table)


def test_a_draft_from_before_face_down_plays_still_reads(client, table) -> None:
    start_page(client, table)
    session = client.session
    drafts = session["card_drafts"]
    drafts[str(table.pk)]["cards"] = ["4E", "2O"]  # codes without a star, as every draft had them
    session["card_drafts"] = drafts
    session.save()
    assert "2 of 12 cards" in page(client, table)


@pytest.mark.parametrize(("language", "monja", "paublillo"), [
    ("en", "4 of oros (monja)", "3 of espadas (paublillo)"),
    ("es", "4 de oros (monja)", "3 de espadas (paublillo)"),
    ("fr", "4 de deniers (oros) – monja", "3 d’épées (espadas) – paublillo"),  # not "(oros) (monja)"
])
def test_the_monja_and_the_paublillo_are_named_with_their_nickname(language, monja, paublillo) -> None:
    from django.utils import translation

    from games.paublillo.play import card_name
    from referee.cards import Card

    with translation.override(language):
        assert services.translate(card_name(Card("O", "4"), "O")) == monja
        assert services.translate(card_name(Card("E", "3"), "E")) == paublillo


def test_with_a_team_on_alver_its_choice_is_asked_before_the_first_card_and_no_raise(client, table) -> None:
    """Seed 000: a team on alver (11) looks at its cards and chooses to play for 3 or give up, before play,
    and nobody bets. Entered card by card, the choice is asked up front, not behind "More"."""
    services.carry_over(table, {"total_0": 11, "total_1": 5})  # A (Ana, Luis) on alver
    html = page(client, table)
    main, _sep, more = html.partition('class="more')
    assert 'name="alver"' in main and 'name="bets__0__team"' not in html
    response = client.post(url(table), {"turned": "6O"})
    assert response.status_code == 200 and "field field-alver has-error" in response.content.decode()


def test_when_the_monja_may_yet_put_the_dealers_team_on_alver_everything_stays_asked(client, table) -> None:
    """B on 10 and Eva (B) dealing: the monja turned up would bring B to 11 for this deal (house rule
    monja_alver_at_once), so the alver choice and the raises stay offered until the turned card says."""
    services.carry_over(table, {"total_0": 5, "total_1": 10})
    html = page(client, table)
    assert 'name="alver"' in html and 'name="bets__0__team"' in html


def test_a_misspelt_key_of_a_deal_given_as_its_plays_is_refused_beside_it(api, db) -> None:
    """`leadr` for `leader`, in a deal of `score` or the deal `ruling` judges: heard, not dropped."""
    plays: list[Any] = [c.rstrip("*") for c in CODES_V]
    deal = {"contract": ENVIDO_BY_B, "plays": plays, "leadr": "Ana"}
    status, answer = post(api, "/api/games/paublillo/score", {"players": ["Ana", "Bea", "Luis", "Eva"],
                                                              "first_dealer": 3, "deals": [deal]})
    assert status == 422 and answer["errors"] == {"deals.0.leadr": "Unknown field: check its spelling."}
    status, answer = post(api, "/api/games/paublillo/ruling", {"players": ["Ana", "Bea", "Luis", "Eva"],
                                                               "deal": deal})
    assert status == 422 and answer["errors"] == {"deal.leadr": "Unknown field: check its spelling."}


def test_the_monja_putting_the_dealers_team_on_alver_is_checked_before_the_first_card(client, table) -> None:
    """B on 10, Eva (B) deals and turns the monja: B is on alver for this deal (house rule monja_alver_at_once).
    A raise is refused, and the choice asked, when the cards start, not once they are all in."""
    services.carry_over(table, {"total_0": 5, "total_1": 10})
    response = client.post(url(table), {"turned": "4O", "bets__0__team": "A", "bets__0__stake": "3"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "B is on alver (11): record whether they play for 3 or give up." in html
    assert "No betting while a team is on alver: B is on 11." in html
    assert client.post(url(table), {"turned": "4O", "alver": "play"}).status_code == 302


def test_an_alver_choice_left_out_is_said_beside_it_and_nothing_else(client, table) -> None:
    services.carry_over(table, {"total_0": 11, "total_1": 5})
    html = client.post(url(table), {"turned": "7C"}).content.decode()
    assert "field field-alver has-error" in html
    assert "field field-turned has-error" not in html and "Unknown field" not in html
