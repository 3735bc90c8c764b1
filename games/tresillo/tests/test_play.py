"""Tresillo and L'Ombre entered card by card: the contract said before the first card (the Hombre, the bid or the
passes and cards taken in, the trump suit), then each card as played; the record derived from the cards (each
player's tricks, estuche, primeras and bola, the matadors and the first five), kept with its cards and read back;
flagged plays and a revoke proven later; the API's ``score/plays`` and ``ruling/plays``; the pages.

The deals are games/tresillo/tests/test_cards.py's, played there by hand (oros trumps: Spadillo 1E, Manilla 7O,
Basto 1B, Punto 1O). Ana, Bea and Carl in the order of play; Carl deals, so Ana is the eldest and leads:

- Deal E: Ana, the Hombre, holds the three matadors and takes all nine tricks;
- Deal B: deal E with Ana's Basto and Carl's 4 of oros swapped: Ana 8, Bea 1, Carl 0, no matador run;
- Deal P: Ana wins the first five tricks with Basto and Punto still unplayed, and stops.

"Primeras = the Hombre stopped after winning the first five tricks (record him with 5, the 4 unplayed tricks
split between the opponents so tricks sum to 9) [...] bola = all 9 tricks" (RULINGS.md, Tresillo). "Matadors:
the three matadors plus the unbroken trumps below them (3 to 9) [...] First five tricks (any player): a lesser
from each other player at once, or a voll declared instead" (RULINGS.md, L'Ombre).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.utils import translation

from games.tresillo.ombre import OMBRE
from games.tresillo.record import HombrePlays
from games.tresillo.rules_text import P_FOLLOW
from games.tresillo.tests.test_cards import DEAL_B, DEAL_E, DEAL_P, played
from games.tresillo.tresillo import TRESILLO
from referee.cards import Card
from referee.parse import InvalidRecord
from referee.played import FlagKind, PlayedDeal
from scoring import services
from scoring.models import Deal, Table
from tests.said import bracket_in_a_bracket, said_in
from tests.scoring.drawn_form import as_drawn

PLAYERS = ["Ana", "Bea", "Carl"]
THREE = TRESILLO.table(PLAYERS, first_dealer=2)
OMBRE_THREE = OMBRE.table(PLAYERS, first_dealer=2)
ANA, BEA, CARL = THREE.seats()
JUEGO_BY_ANA = {"hombre": "Ana", "bid": "juego", "trump": "O"}
ANA_TAKES_IN_2 = {"hombre": "Ana", "taken_in": 2, "trump": "O"}
REVOKED = (*DEAL_E[:5], "12C 11E 3C", DEAL_E[6], "12E 10C 7E", DEAL_E[8])  # Bea's two revokes, below


def codes(tricks: Any) -> list[str]:
    return [c for trick in tricks for c in trick.split()]


def tresillo_deal(tricks: Any, contract: dict[str, Any] = JUEGO_BY_ANA, table: Any = THREE) -> PlayedDeal:
    return played(TRESILLO.played_deal(table, contract, table.seat(0)), tricks)


def ombre_deal(tricks: Any, contract: dict[str, Any] = ANA_TAKES_IN_2, table: Any = OMBRE_THREE) -> PlayedDeal:
    return played(OMBRE.played_deal(table, contract, table.seat(0)), tricks)


def score(game: Any, table: Any, record: Any) -> tuple[int, ...]:
    _state, outcome = game.apply(table, game.initial_state(table), record.to_json())
    return tuple(outcome.scores)


def said(lines: Any) -> list[str]:
    return [str(line) for line in lines]


# -- the contract -------------------------------------------------------------------------------------------

def test_tresillo_asks_the_hombre_the_bid_and_the_trump_before_the_first_card() -> None:
    """The tricks, primeras and bola are the cards' to say; the estuche only where cards stay unplayed."""
    names = [f.name for f in TRESILLO.play_fields(THREE)]
    assert names == ["hombre", "bid", "trump", "estuche", "bids"]
    trump = next(f for f in TRESILLO.play_fields(THREE) if f.name == "trump")
    assert [value for value, _label in trump.choices] == ["O", "C", "E", "B"] and trump.required


def test_ombre_asks_the_hombre_the_trump_the_passes_and_the_cards_taken_in() -> None:
    names = [f.name for f in OMBRE.play_fields(OMBRE_THREE)]
    assert names == ["hombre", "trump", "passed", "taken_in", "voll", "matadors"]


def test_the_eldest_leads_and_three_play_to_each_trick() -> None:
    deal = TRESILLO.played_deal(THREE, JUEGO_BY_ANA, ANA)
    assert deal.next_seat == ANA and deal.tricks_in_deal == 9 and deal.context.trump == "O"


def test_a_contract_without_trump_or_hombre_is_refused_with_a_message_per_field() -> None:
    with pytest.raises(InvalidRecord) as refused:
        TRESILLO.played_deal(THREE, {"bid": "juego"}, ANA)
    assert set(refused.value.errors) == {"trump", "hombre"}
    with pytest.raises(InvalidRecord) as refused:
        OMBRE.played_deal(OMBRE_THREE, {"hombre": "Ana", "trump": "X"}, ANA)
    assert "oros (O)" in str(refused.value.errors["trump"]) and "taken_in" in refused.value.errors


def test_the_bidding_given_before_the_cards_is_checked_then() -> None:
    """Ana (the eldest) bids juego, Carl speaks before Bea: refused beside the bidding."""
    bids = [{"player": "Ana", "bid": "juego"}, {"player": "Carl", "bid": "pass"}]
    with pytest.raises(InvalidRecord) as refused:
        TRESILLO.played_deal(THREE, {"bids": bids, "trump": "O"}, ANA)
    assert "Bea speaks here, not Carl" in str(refused.value.errors["bids"])


def test_ombre_passes_are_checked_before_the_cards() -> None:
    """Carl is the Hombre: Ana and Bea spoke before him, so passed."""
    with pytest.raises(InvalidRecord) as refused:
        OMBRE.played_deal(OMBRE_THREE, {"hombre": "Carl", "trump": "O", "taken_in": 1, "passed": ["Ana"]}, ANA)
    assert "tick Bea" in str(refused.value.errors["passed"])


def test_at_four_the_hombre_who_deals_and_sits_out_is_refused() -> None:
    four = TRESILLO.table(["Ana", "Bea", "Carl", "Dani"], first_dealer=3)  # Dani deals: Ana leads
    with pytest.raises(InvalidRecord) as refused:
        TRESILLO.played_deal(four, {"hombre": "Dani", "bid": "juego", "trump": "O"}, four.seat(0))
    assert "Dani deals this deal and sits it out" in str(refused.value.errors["hombre"])


def test_a_void_deal_has_no_cards_to_enter() -> None:
    with pytest.raises(InvalidRecord) as refused:
        TRESILLO.played_deal(THREE, {"void": True, "trump": "O"}, ANA)
    assert "void" in refused.value.errors


def test_a_bidding_all_three_passed_has_no_cards_to_enter() -> None:
    passes = [{"player": who, "bid": "pass"} for who in ("Ana", "Bea", "Carl")]  # Carl deals
    with pytest.raises(InvalidRecord) as refused:
        TRESILLO.played_deal(THREE, {"bids": passes, "trump": "O"}, ANA)
    assert {field: str(message) for field, message in refused.value.errors.items()} == {
        "bids": "A void deal has no cards to enter: record it from the table page."}


# -- Tresillo: the record from the cards ----------------------------------------------------------------------

def test_tresillo_a_whole_deal_gives_each_players_tricks_estuche_and_bola() -> None:
    """Deal E: Ana 9, Bea 0, Carl 0; she played the three matadors. A first puesta: each puts 5 in the middle,
    Carl (dealing) moves a 5 into the plato and adds 1 (plato 6). Ana's sacado takes the plato (6) and 1 from
    each, and the bonuses estuche 1 + bola 8 from each: Ana −5 + 6 + 2 + 18 = +21, Bea −5 − 1 − 9 = −15,
    Carl −6 − 1 − 9 = −16."""
    record, lines = TRESILLO.record_from_plays(THREE, JUEGO_BY_ANA, tresillo_deal(DEAL_E))
    assert record.counts(3) == (9, 0, 0) and (record.estuche, record.primeras, record.bola) == (True, False, True)
    assert record.plays == HombrePlays(ANA, "O", tuple(Card.parse(c, "spanish40") for c in codes(DEAL_E)))
    assert said(lines) == ["Tricks taken: Ana 9, Bea 0, Carl 0.",
                           "Estuche: Ana played the three matadors (Spadillo, Manilla, Basto).",
                           "Bola: Ana took all nine tricks."]
    assert score(TRESILLO, THREE, record) == (21, -15, -16)


def test_tresillo_primeras_when_the_hombre_stops_after_the_first_five() -> None:
    """Deal E's first five tricks, then Ana stops: she is recorded with 5, the four unplayed tricks two and two
    to Bea and Carl. Sacado with estuche 1 and primeras 1: Ana −5 + 6 + 2 + 4 = +7, Bea −5 − 1 − 2 = −8,
    Carl −6 − 1 − 2 = −9."""
    record, lines = TRESILLO.record_from_plays(THREE, JUEGO_BY_ANA, tresillo_deal(DEAL_E[:5]))
    assert record.counts(3) == (5, 2, 2) and (record.estuche, record.primeras, record.bola) == (True, True, False)
    assert len(record.plays.cards) == 15
    assert "Primeras: Ana won the first five tricks and stopped; the four tricks not played go two and two to " \
           "Bea, Carl." in said(lines)
    assert score(TRESILLO, THREE, record) == (7, -8, -9)


def test_tresillo_no_estuche_without_the_three_matadors() -> None:
    """Deal B: Carl plays Basto, so Ana's estuche claimed is not one. Ana 8, Bea 1: sacado, 1 from each:
    Ana −5 + 6 + 2 = +3, Bea −6, Carl −7."""
    contract = {**JUEGO_BY_ANA, "estuche": True}
    record, lines = TRESILLO.record_from_plays(THREE, contract, tresillo_deal(DEAL_B))
    assert record.counts(3) == (8, 1, 0) and not record.estuche and not record.bola
    assert "No estuche: Ana did not play the three matadors." in said(lines)
    assert score(TRESILLO, THREE, record) == (3, -6, -7)


def test_tresillo_an_estuche_left_unplayed_stands_as_given() -> None:
    """Deal P: Ana stops after five tricks with Basto unplayed; the estuche given stands (nobody else played a
    matador): 3 from each as in deal E's primeras, +7, −8, −9."""
    record, lines = TRESILLO.record_from_plays(THREE, {**JUEGO_BY_ANA, "estuche": True}, tresillo_deal(DEAL_P))
    assert (record.estuche, record.primeras) == (True, True)
    assert "Estuche as given: Ana stopped before playing every matador, and nobody else played one." in said(lines)
    assert score(TRESILLO, THREE, record) == (7, -8, -9)


def test_tresillo_a_deal_not_over_is_not_a_record() -> None:
    with pytest.raises(InvalidRecord) as refused:
        TRESILLO.record_from_plays(THREE, JUEGO_BY_ANA, tresillo_deal(DEAL_E[:3]))
    assert "3 of the 9 tricks have been played" in str(refused.value.errors["plays"])


# -- L'Ombre: the record from the cards ----------------------------------------------------------------------

def test_ombre_a_whole_deal_gives_the_tricks_the_first_five_and_the_matadors() -> None:
    """Deal E: Ana counts Spadillo, Manilla, Basto (Punto is Bea's) and won the first five. A first deal: a
    greater from each opens the stakes (15); Ana takes in 2 (17). Sacado: the stakes and a lesser from each;
    three matadors, 15 from each; the first five, a lesser from each: Ana −5 − 2 + 17 + 2 + 30 + 2 = +44,
    Bea and Carl −5 − 1 − 15 − 1 = −22."""
    record, lines = OMBRE.record_from_plays(OMBRE_THREE, ANA_TAKES_IN_2, ombre_deal(DEAL_E))
    assert record.counts(3) == (9, 0, 0) and record.matadors == 3 and record.first_five == ANA
    assert said(lines) == ["Tricks taken: Ana 9, Bea 0, Carl 0.", "First five tricks: Ana.",
                           "Ana played 3 matadors: Spadillo, Manilla, Basto."]
    assert score(OMBRE, OMBRE_THREE, record) == (44, -22, -22)


def test_ombre_a_deal_stopped_after_the_first_five() -> None:
    """Deal E's first five tricks: Ana 5, Bea 2, Carl 2; the same payments as the whole deal (+44, −22, −22)."""
    record, lines = OMBRE.record_from_plays(OMBRE_THREE, ANA_TAKES_IN_2, ombre_deal(DEAL_E[:5]))
    assert record.counts(3) == (5, 2, 2) and record.first_five == ANA and record.matadors == 3
    assert "Ana won the first five tricks and stopped there; the four tricks not played go two and two to Bea, " \
           "Carl." in said(lines)
    assert score(OMBRE, OMBRE_THREE, record) == (44, -22, -22)


def test_ombre_matadors_left_unplayed_stand_as_given() -> None:
    """Deal P, Ana without taking in, four matadors given (Basto and Punto unplayed, nobody else played a trump
    of the run). Stakes 15; each opponent pays her a greater at once (10); the first five, a lesser from each
    (2); sacado, the stakes and a lesser from each (17); four matadors, 15 + 1 from each (32):
    Ana −5 + 10 + 2 + 17 + 32 = +56, Bea and Carl −5 − 5 − 1 − 1 − 16 = −28."""
    contract = {"hombre": "Ana", "taken_in": 0, "trump": "O", "matadors": 4}
    record, lines = OMBRE.record_from_plays(OMBRE_THREE, contract, ombre_deal(DEAL_P, contract))
    assert record.matadors == 4 and record.counts(3) == (5, 2, 2)
    assert "Matadors as given, 4: Ana stopped before playing them all, and nobody else played a trump of the " \
           "run." in said(lines)
    assert score(OMBRE, OMBRE_THREE, record) == (56, -28, -28)


def test_ombre_no_matadors_without_the_three() -> None:
    """Deal B, Ana taking in 1, three matadors claimed: Carl played Basto. Stakes 15 + 1 = 16; sacado: the stakes
    and a lesser from each: Ana −5 − 1 + 16 + 2 = +12, Bea and Carl −6."""
    contract = {"hombre": "Ana", "taken_in": 1, "trump": "O", "matadors": 3}
    record, lines = OMBRE.record_from_plays(OMBRE_THREE, contract, ombre_deal(DEAL_B, contract))
    assert record.matadors == 0 and record.first_five is None and record.counts(3) == (8, 1, 0)
    assert "No matadors: Ana did not play the three." in said(lines)
    assert score(OMBRE, OMBRE_THREE, record) == (12, -6, -6)


# -- the cards kept and read back ---------------------------------------------------------------------------

@pytest.mark.parametrize(("contract", "tricks"), [(JUEGO_BY_ANA, DEAL_E), ({**JUEGO_BY_ANA, "estuche": True}, DEAL_P),
                                                  ({**JUEGO_BY_ANA, "bid": "solo"}, DEAL_B)])
def test_tresillo_the_cards_kept_read_back_to_the_same_record(contract, tricks) -> None:
    record, _lines = TRESILLO.record_from_plays(THREE, contract, tresillo_deal(tricks, contract))
    assert TRESILLO.parse(THREE, record.to_json()) == record
    again, leader, cards = TRESILLO.plays_of(THREE, record.to_json())
    assert leader == ANA and [c.code for c in cards] == codes(tricks)
    assert TRESILLO.record_from_plays(THREE, again, tresillo_deal(tricks, again))[0] == record


@pytest.mark.parametrize(("contract", "tricks"), [
    (ANA_TAKES_IN_2, DEAL_E), ({"hombre": "Ana", "taken_in": 0, "trump": "O", "matadors": 4}, DEAL_P),
    ({"hombre": "Ana", "taken_in": 2, "trump": "O", "voll": True}, DEAL_E)])
def test_ombre_the_cards_kept_read_back_to_the_same_record(contract, tricks) -> None:
    record, _lines = OMBRE.record_from_plays(OMBRE_THREE, contract, ombre_deal(tricks, contract))
    assert OMBRE.parse(OMBRE_THREE, record.to_json()) == record
    again, leader, cards = OMBRE.plays_of(OMBRE_THREE, record.to_json())
    assert leader == ANA and [c.code for c in cards] == codes(tricks)
    assert OMBRE.record_from_plays(OMBRE_THREE, again, ombre_deal(tricks, again))[0] == record


def test_a_deal_entered_as_numbers_has_no_cards_and_stores_what_it_always_stored() -> None:
    raw = {"hombre": "Ana", "bid": "juego", "tricks": {"Ana": 5, "Bea": 2, "Carl": 2}}
    stored = TRESILLO.parse(THREE, raw).to_json()
    assert "plays" not in stored and TRESILLO.plays_of(THREE, stored) is None
    assert "plays" not in OMBRE.parse(OMBRE_THREE, {"hombre": "Ana", "taken_in": 1, "tricks": [5, 2, 2]}).to_json()


def test_cards_stored_in_a_bad_shape_are_refused_with_a_message() -> None:
    raw = {"hombre": "Ana", "bid": "juego", "tricks": {"Ana": 9, "Bea": 0}}
    with pytest.raises(InvalidRecord) as refused:
        TRESILLO.parse(THREE, {**raw, "plays": {"leader": "Ana", "trump": "O", "cards": ["1E"] * 28}})
    assert "27 cards" in str(refused.value.errors["plays"])
    with pytest.raises(InvalidRecord) as refused:
        TRESILLO.parse(THREE, {**raw, "plays": {"leader": "Ana", "cards": ["1E"]}})
    assert "trumps" in str(refused.value.errors["plays"])


# -- flags ---------------------------------------------------------------------------------------------------

def test_a_card_played_twice_is_flagged_at_once_with_its_rule() -> None:
    deal = tresillo_deal(["1E 3O 4O", "7O 2O 4O"])
    (flag,) = deal.flags
    assert (flag.kind, flag.index, flag.trick) == (FlagKind.PLAYED, 5, 2)
    assert str(flag.rule) == "One of each card" and "4 of oros was already played in trick 1" in str(flag.explanation)


def test_a_revoke_is_flagged_when_a_later_card_proves_it_naming_both_tricks() -> None:
    """Deal E with Bea throwing the Knight of espadas on Ana's King of copas in trick 6 and the 10 of copas on
    the King of espadas in trick 8: her Ace of copas in trick 7 proves she held copas in trick 6, her 10 of
    espadas in trick 9 that she held espadas in trick 8. The record stands: Ana still takes all nine."""
    assert tresillo_deal(REVOKED[:6]).flags == ()
    deal = tresillo_deal(REVOKED)
    first, second = deal.flags
    assert (first.kind, first.trick, first.proven_by) == (FlagKind.REVOKE, 6, 7)
    assert str(first.explanation).startswith("Bea played Horse (caballo) of espadas in trick 6, but played Ace of "
                                             "copas in trick 7, so held it then")
    assert (second.kind, second.trick, second.proven_by) == (FlagKind.REVOKE, 8, 9)
    record, _lines = TRESILLO.record_from_plays(THREE, JUEGO_BY_ANA, deal)
    assert record.counts(3) == (9, 0, 0)


def test_a_revoke_is_said_of_the_player_who_made_it_in_every_language() -> None:
    """Follow suit (RULINGS.md, Tresillo): Bea's Ace of copas in trick 7 proves she held copas when she threw
    the Horse of espadas on Ana's King of copas in trick 6. The proof is about Bea, so it says "Bea held some:
    Bea had to follow suit", not "you hold some: you must follow suit" (a tester: "you" is unclear in a
    dispute)."""
    first, _second = tresillo_deal(REVOKED).flags
    assert str(first.explanation) == ("Bea played Horse (caballo) of espadas in trick 6, but played Ace of copas in "
                                      "trick 7, so held it then. Copas were led and Bea held some: Bea had to follow "
                                      "suit.")
    for language, rule in (("es", "Bea debía asistir."), ("fr", "Bea devait fournir.")):
        with translation.override(language):
            said = services.translate(first.explanation)
        assert said.endswith(rule) and not re.search(r"\b(you|tienes|debes|vous)\b", said, re.IGNORECASE), said


@pytest.mark.parametrize(("language", "name"), [("en", "Follow suit"), ("es", "Asistir al palo"), ("fr", "Fournir")])
@pytest.mark.parametrize(("game", "contract"), [("tresillo", JUEGO_BY_ANA), ("ombre", ANA_TAKES_IN_2)])
def test_a_card_that_did_not_follow_suit_is_flagged_under_follow_suit(client, db, game, contract, language,
                                                                      name) -> None:
    """"Players are required to follow suit. There is no requirement to trump if you are out of the led suit"
    (seed 003, L'Ombre; Tresillo's "deal and tricks are played the same"): Bea's Horse of espadas on Ana's King of
    copas in trick 6, proven a revoke by her Ace of copas in trick 7, is flagged under that rule, the paragraph of
    "The play" its ruling quotes, not under the whole section (which French calls "Le jeu de la carte")."""
    first, _second = tresillo_deal(REVOKED).flags
    section = next(s for s in TRESILLO.rules if s.key == first.rule.key)
    assert section.paragraphs[first.rule.paragraph] == P_FOLLOW
    table = new_table(game)
    enter(client, table, contract, REVOKED[:7])
    html = client.get(url(table), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    line = re.search(r'data-flag="revoke">\s*(.*?)\.', html)
    assert line and line[1].endswith(f" — {name}"), line and line[1]


# -- the API -------------------------------------------------------------------------------------------------

def api_post(client, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    response = client.post(path, json.dumps(body), content_type="application/json")
    return response.status_code, response.json()


def body(contract: dict[str, Any], tricks: Any, **more: Any) -> dict[str, Any]:
    return {"players": PLAYERS, "first_dealer": 2, "contract": contract, "plays": codes(tricks), **more}


def test_api_tresillo_score_plays_answers_the_record_its_score_and_the_winners(client, db) -> None:
    """Deal E as above: +21, −15, −16."""
    status, answer = api_post(client, "/api/games/tresillo/score/plays", body(JUEGO_BY_ANA, DEAL_E))
    assert status == 200, answer
    assert answer["record"]["bola"] is True and answer["record"]["estuche"] is True
    assert answer["record"]["plays"]["trump"] == "O" and answer["record"]["plays"]["cards"] == codes(DEAL_E)
    assert answer["outcome"]["scores"] == {"Ana": 21, "Bea": -15, "Carl": -16}
    assert answer["winners"] == ["Ana"] * 9 and answer["flags"] == []
    assert "Bola: Ana took all nine tricks." in answer["lines"]


def test_api_tresillo_primeras_from_the_first_five_tricks(client, db) -> None:
    """Deal E's first five tricks, Ana stops: +7, −8, −9 as above."""
    status, answer = api_post(client, "/api/games/tresillo/score/plays", body(JUEGO_BY_ANA, DEAL_E[:5]))
    assert status == 200, answer
    assert answer["record"]["primeras"] is True and answer["outcome"]["scores"] == {"Ana": 7, "Bea": -8, "Carl": -9}


def test_api_ombre_score_plays(client, db) -> None:
    """Deal E in L'Ombre, Ana taking in 2: +44, −22, −22 as above."""
    status, answer = api_post(client, "/api/games/ombre/score/plays", body(ANA_TAKES_IN_2, DEAL_E))
    assert status == 200, answer
    assert answer["record"]["matadors"] == 3 and answer["record"]["first_five"]["name"] == "Ana"
    assert answer["outcome"]["scores"] == {"Ana": 44, "Bea": -22, "Carl": -22}


def test_api_score_plays_answers_every_revoke_among_the_flags(client, db) -> None:
    """The revoked deal above: still +21, −15, −16."""
    status, answer = api_post(client, "/api/games/tresillo/score/plays", body(JUEGO_BY_ANA, REVOKED))
    assert status == 200, answer
    assert [(f["kind"], f["trick"], f["proven_by"], f["seat"], f["card"]) for f in answer["flags"]] == [
        ("revoke", 6, 7, "Bea", "11E"), ("revoke", 8, 9, "Bea", "10C")]
    assert answer["outcome"]["scores"] == {"Ana": 21, "Bea": -15, "Carl": -16}


@pytest.mark.parametrize("game", ["tresillo", "ombre"])
def test_api_ruling_plays_answers_the_first_illegal_play_and_every_revoke(client, db, game) -> None:
    contract = JUEGO_BY_ANA if game == "tresillo" else ANA_TAKES_IN_2
    status, answer = api_post(client, f"/api/games/{game}/ruling/plays", body(contract, REVOKED))
    assert status == 200, answer
    assert answer["legal"] is False and answer["first_illegal"]["card"] == "11E"
    assert [(r["trick"], r["proven_by"]) for r in answer["revokes"]] == [(6, 7), (8, 9)]
    status, answer = api_post(client, f"/api/games/{game}/ruling/plays", body(contract, DEAL_E))
    assert status == 200 and answer["legal"] is True and answer["first_illegal"] is None
    assert answer["winners"] == ["Ana"] * 9


def test_api_ruling_plays_flags_a_play_out_of_turn(client, db) -> None:
    plays = [{"seat": "Bea", "card": "2O"}]
    status, answer = api_post(client, "/api/games/tresillo/ruling/plays",
                              {**body(JUEGO_BY_ANA, []), "plays": plays})
    assert status == 200 and answer["first_illegal"]["kind"] == "out_of_turn"
    assert "It was Ana's turn to play, not Bea's." in answer["first_illegal"]["explanation"]


@pytest.mark.parametrize(("game", "contract", "field"), [
    ("tresillo", {"hombre": "Ana", "bid": "juego"}, "contract.trump"),
    ("tresillo", {"bid": "juego", "trump": "O"}, "contract.hombre"),
    ("tresillo", {"hombre": "Zed", "bid": "juego", "trump": "O"}, "contract.hombre"),
    ("ombre", {"hombre": "Ana", "trump": "O"}, "contract.taken_in"),
    ("ombre", {"hombre": "Ana", "taken_in": 1, "trump": "oros!"}, "contract.trump"),
    ("ombre", "not a contract", "contract"),
])
def test_api_a_contract_that_does_not_read_is_a_4xx_with_a_message_per_field(client, db, game, contract,
                                                                               field) -> None:
    status, answer = api_post(client, f"/api/games/{game}/score/plays", body(contract, DEAL_E))
    assert 400 <= status < 500 and any(key.startswith(field) for key in answer["errors"]), answer


def test_api_a_deal_not_over_is_a_422_under_plays(client, db) -> None:
    status, answer = api_post(client, "/api/games/ombre/score/plays", body(ANA_TAKES_IN_2, DEAL_E[:3]))
    assert status == 422 and "plays" in answer["errors"]


# -- the pages -----------------------------------------------------------------------------------------------

def new_table(game: str, players: list[str] = PLAYERS, first_dealer: int = 2, **options: str) -> Table:
    return services.create_table(game=game, players=players, first_dealer=first_dealer, options=options)


def url(table: Table, part: str = "") -> str:
    return f"/t/{table.edit_token}/play/{part}"


def enter(client, table: Table, contract: dict[str, Any], tricks: Any) -> None:
    response = client.post(url(table), contract)
    assert response.status_code == 302, response.content.decode()[:3000]
    for card in codes(tricks):
        assert client.post(url(table, "card/"), {"card": card}).status_code == 302


# -- who leads the first trick --------------------------------------------------------------------------------

def test_the_hombre_leads_the_first_trick_and_the_deal_reads_back_the_same() -> None:
    """Seed 003: "The Hombre leads a card to the first trick" (Tresillo's "deal and tricks are played the same").
    At four, Dani deals and sits out; Ana, the eldest, speaks first; Carl, the Hombre, leads. Deal E's cards in
    that order make Carl take all nine tricks. The record keeps the dealer, so the cards read back to the same
    deal, led by Carl with Dani sitting out."""
    four = TRESILLO.table(["Ana", "Bea", "Carl", "Dani"], first_dealer=3)
    state = TRESILLO.initial_state(four)
    contract, leader = TRESILLO.first_lead(four, state, {"hombre": "Carl", "bid": "juego", "trump": "O"})
    assert (four.players[leader], contract["dealer"]) == ("Carl", "Dani")
    deal = played(TRESILLO.played_deal(four, contract, four.seat(leader)), DEAL_E)
    assert [s.name for s in deal.seats] == ["Ana", "Bea", "Carl"] and deal.first_leader.name == "Carl"
    record, lines = TRESILLO.record_from_plays(four, contract, deal)
    assert record.counts(4) == (0, 0, 9, None) and record.bola and record.dealer.name == "Dani"
    again, led, cards = TRESILLO.plays_of(four, record.to_json())
    assert led.name == "Carl" and again["dealer"] == "Dani"
    replayed = played(TRESILLO.played_deal(four, again, led), DEAL_E)
    assert TRESILLO.record_from_plays(four, again, replayed)[0] == record


def test_house_rule_the_eldest_leads_the_first_trick() -> None:
    house = OMBRE.table(PLAYERS, {"first_lead": "eldest"}, first_dealer=2)  # Carl deals: Ana is the eldest
    contract = {"hombre": "Bea", "passed": ["Ana"], "taken_in": 1, "trump": "O"}
    assert house.players[OMBRE.first_lead(house, OMBRE.initial_state(house), contract)[1]] == "Ana"
    assert OMBRE_THREE.players[OMBRE.first_lead(OMBRE_THREE, OMBRE.initial_state(OMBRE_THREE), contract)[1]] == "Bea"


def test_a_stored_deal_keeps_who_led_it() -> None:
    """A deal stored before the Hombre led (no dealer kept, the eldest leading) reads back led by the eldest."""
    contract = {"hombre": "Bea", "bid": "juego", "trump": "O"}
    record, _lines = TRESILLO.record_from_plays(THREE, contract, tresillo_deal(DEAL_E, contract))
    stored = record.to_json()
    assert stored["dealer"] is None and stored["plays"]["leader"]["name"] == "Ana"
    again, led, _cards = TRESILLO.plays_of(THREE, stored)
    assert led == ANA and TRESILLO.played_deal(THREE, again, led).first_leader == ANA


def test_on_the_page_the_hombre_is_the_first_to_play(client, db) -> None:
    table = new_table("ombre", first_dealer=0)  # Ana deals: Bea is the eldest and passes; Carl is the Hombre
    html = client.get(url(table)).content.decode()
    assert "Bea, the eldest, speaks first; the Hombre leads the first trick." in html
    response = client.post(url(table), {"hombre": "Carl", "passed": ["Bea"], "taken_in": "3", "trump": "E"})
    assert response.status_code == 302, response.content.decode()[:3000]
    assert "Carl to play" in client.get(url(table)).content.decode()


@pytest.mark.parametrize("game", ["tresillo", "ombre"])
def test_the_table_page_offers_card_by_card_entry(client, db, game) -> None:
    table = new_table(game)
    html = client.get(f"/t/{table.edit_token}/").content.decode()
    assert f'href="{url(table)}"' in html and 'id="card-by-card"' in html


def test_the_contract_page_asks_the_trump_and_says_who_leads(client, db) -> None:
    table = new_table("tresillo")
    html = client.get(url(table)).content.decode()
    assert 'name="hombre"' in html and 'name="trump"' in html and 'name="bid"' in html
    assert 'name="tricks' not in html and 'name="bola"' not in html  # the cards will say them
    assert "Ana, the eldest, speaks first; the Hombre leads the first trick." in html


def test_a_contract_without_trump_is_answered_beside_the_field_never_a_500(client, db) -> None:
    table = new_table("ombre")
    response = client.post(url(table), {"hombre": "Ana", "taken_in": "1"})
    html = response.content.decode()
    assert response.status_code == 200 and "field field-trump has-error" in html and 'id="contract"' in html


def test_a_tresillo_deal_entered_card_by_card_is_saved_with_its_cards(client, db) -> None:
    """Deal E on the page: the record the cards make (+21, −15, −16 as above), saved with its cards."""
    table = new_table("tresillo")
    enter(client, table, JUEGO_BY_ANA, DEAL_E)
    html = client.get(url(table)).content.decode()
    assert "Tricks taken: Ana 9, Bea 0, Carl 0." in html and "Bola: Ana took all nine tricks." in html
    assert "+21" in html and html.count("Ana takes it") == 9
    assert client.post(url(table, "save/")).status_code == 302
    deal = Deal.objects.get(table=table)
    assert deal.record["bola"] is True and deal.record["estuche"] is True
    assert [t["tricks"] for t in deal.record["tricks"]] == [9, 0, 0]
    assert deal.record["plays"]["cards"] == codes(DEAL_E) and deal.record["plays"]["trump"] == "O"
    assert deal.outcome["scores"] == [21, -15, -16]


def test_an_ombre_deal_entered_card_by_card_is_saved_with_its_cards(client, db) -> None:
    """Deal B in L'Ombre, Ana taking in 1: +12, −6, −6 as above."""
    table = new_table("ombre")
    enter(client, table, {"hombre": "Ana", "trump": "O", "taken_in": "1"}, DEAL_B)
    assert client.post(url(table, "save/")).status_code == 302
    deal = Deal.objects.get(table=table)
    assert [t["tricks"] for t in deal.record["tricks"]] == [8, 1, 0] and deal.record["matadors"] == 0
    assert deal.record["plays"]["cards"] == codes(DEAL_B)
    assert deal.outcome["scores"] == [12, -6, -6]


def test_at_four_the_dealer_sits_out_of_the_cards(client, db) -> None:
    """Dani deals and sits out: Ana, Bea and Carl play deal E; Ana's solo with estuche and bola. Four players
    fund the middle (20); Dani finds the plato empty, moves a 5 into it and adds 1 (plato 6). Sacado: the plato
    and 1 from each opponent (Bea, Carl: Dani sits apart), bonuses solo 2 + estuche 1 + bola 8 = 11 from each:
    Ana −5 + 6 + 2 + 22 = +25, Bea and Carl −5 − 1 − 11 = −17, Dani −6."""
    table = new_table("tresillo", ["Ana", "Bea", "Carl", "Dani"], first_dealer=3)
    enter(client, table, {**JUEGO_BY_ANA, "bid": "solo"}, DEAL_E)
    assert client.post(url(table, "save/")).status_code == 302
    deal = Deal.objects.get(table=table)
    assert {t["player"]["name"]: t["tricks"] for t in deal.record["tricks"]} == {"Ana": 9, "Bea": 0, "Carl": 0}
    assert deal.outcome["scores"] == [25, -17, -17, -6]


def test_correcting_a_stored_deals_card_derives_its_record_again(client, db) -> None:
    """Deal E stored; Carl's last card was the 6 of oros, not the 6 of espadas: he trumps Ana's King of bastos
    and takes trick 9. Ana 8, Carl 1: no bola (and Carl's trumps kept back from the trumps led are revokes).
    Sacado with estuche: Ana −5 + 6 + 2 + 2 = +5, Bea −5 − 1 − 1 = −7, Carl −6 − 1 − 1 = −8."""
    table = new_table("tresillo")
    enter(client, table, JUEGO_BY_ANA, DEAL_E)
    client.post(url(table, "save/"))
    cards = client.get(f"/t/{table.view_token}/deal/1/cards/?part=1").content.decode()
    assert cards.count("takes it") == 9
    assert client.post(f"/t/{table.edit_token}/deal/1/cards/").status_code == 302
    assert client.post(url(table, "correct/"), {"index": "26", "card": "6O"}).status_code == 302
    html = client.get(url(table)).content.decode()
    assert "Tricks taken: Ana 8, Bea 0, Carl 1." in html
    response = client.post(url(table, "save/"))
    assert response.status_code == 302 and response["Location"] == f"/t/{table.edit_token}/deal/1/"
    deal = Deal.objects.get(table=table)
    assert deal.revision == 2 and deal.record["bola"] is False and deal.record["plays"]["cards"][26] == "6O"
    assert deal.outcome["scores"] == [5, -7, -8]


def test_an_edit_saved_untouched_keeps_the_cards_of_a_deal_the_hombre_led_at_four(client, db) -> None:
    """At four Dani deals and sits out; Carl, the Hombre, leads Deal E and takes all nine tricks. The record form
    shows the dealer and never asks him, so it sends the record without him: read with the dealer in turn, the
    cards are the same deal (not one Bea deals, Carl leading as the eldest), kept, and nothing changes."""
    table = new_table("tresillo", ["Ana", "Bea", "Carl", "Dani"], first_dealer=3)
    enter(client, table, {"hombre": "Carl", "bid": "juego", "trump": "O"}, DEAL_E)
    assert client.post(url(table, "save/")).status_code == 302
    edit = f"/t/{table.edit_token}/deal/1/edit/"
    sent = as_drawn(client.get(edit).content.decode())
    assert "dealer" not in sent
    response = client.post(edit, sent, follow=True)
    assert [str(m) for m in response.context["messages"]][-1] == "Deal 1: nothing changed."
    deal = Deal.objects.get(table=table)
    assert deal.revision == 1 and deal.record["dealer"]["name"] == "Dani"
    assert deal.record["plays"]["cards"] == codes(DEAL_E)


def test_cards_saved_after_another_phones_deal_are_the_next_deal_dealt_by_its_dealer(client, db) -> None:
    """Another phone records deal 1 (Bea's juego, entered late) while deal E is entered here: the second Save
    records the cards as deal 2, which Ana deals ("the deal passes in the order of play"), not Carl, who dealt
    deal 1. At three the Hombre leads either way and the same three play, so the cards stay as entered."""
    table = new_table("tresillo")  # Carl deals deal 1, Ana deal 2
    enter(client, table, JUEGO_BY_ANA, DEAL_E)
    services.record_deal(table, {"hombre": "Bea", "bid": "juego", "tricks": [5, 2, 2]})  # another phone
    response = client.post(url(table, "save/"))
    assert response.status_code == 409 and ("Nothing was saved: save again to record these cards as deal 2, or "
                                            "throw them away.</div>") in response.content.decode()
    assert client.post(url(table, "save/")).status_code == 302
    deal = Deal.objects.get(table=table, number=2)
    assert deal.record["dealer"]["name"] == "Ana" and deal.record["plays"]["leader"]["name"] == "Ana"
    assert deal.record["plays"]["cards"] == codes(DEAL_E)


def test_at_four_cards_whose_hombre_sits_out_the_next_deal_are_kept_and_not_saved_as_it(client, db) -> None:
    """Dani deals deal 1 and sits out; Ana, the eldest, plays deal E as the Hombre. Another phone records deal 1
    meanwhile: deal 2 is Ana's to deal, so she sits it out and cannot be its Hombre. Save says so, however often,
    and records nothing; the cards are kept as entered and saved as deal 1 once the other phone undoes its deal
    (Ana +25, Bea and Carl −17, Dani −6, as test_at_four_the_dealer_sits_out_of_the_cards counts it)."""
    table = new_table("tresillo", ["Ana", "Bea", "Carl", "Dani"], first_dealer=3)
    enter(client, table, {**JUEGO_BY_ANA, "bid": "solo"}, DEAL_E)
    services.record_deal(table, {"hombre": "Bea", "bid": "juego", "tricks": [2, 5, 2, 0]})  # another phone
    for _twice in range(2):
        response = client.post(url(table, "save/"))
        assert response.status_code == 409
        assert ("Deal 1 was just recorded by another phone, perhaps this same deal. Nothing was saved. These cards "
                "cannot be recorded as deal 2: Ana deals this deal and sits it out: the Hombre is one of Bea, Carl, "
                "Dani. They are kept here as entered: save them again if the table goes back to deal 1, or throw "
                "them away.") in response.content.decode()
    assert Deal.objects.filter(table=table).count() == 1 and "27 of 27 cards" in client.get(url(table)).content.decode()
    services.undo_last(table, author="another phone")
    assert client.post(url(table, "save/")).status_code == 302
    deal = Deal.objects.get(table=table, withdrawn=False)
    assert deal.number == 1 and deal.record["plays"]["cards"] == codes(DEAL_E)
    assert deal.outcome["scores"] == [25, -17, -17, -6]


def test_primeras_the_hombre_stops_after_five_tricks_and_the_deal_is_saved(client, db) -> None:
    """Deal E's first five tricks on the page: the record may be saved there (primeras, +7, −8, −9 as above) or
    the play go on."""
    table = new_table("tresillo")
    enter(client, table, JUEGO_BY_ANA, DEAL_E[:5])
    html = client.get(url(table)).content.decode()
    assert "Primeras: Ana won the first five tricks and stopped" in html and 'id="save-cards"' in html
    assert client.post(url(table, "save/")).status_code == 302
    deal = Deal.objects.get(table=table)
    assert deal.record["primeras"] is True and len(deal.record["plays"]["cards"]) == 15
    assert [t["tricks"] for t in deal.record["tricks"]] == [5, 2, 2] and deal.outcome["scores"] == [7, -8, -9]


def test_an_opponents_first_five_do_not_stop_a_tresillo_deal_on_the_page(client, db) -> None:
    """Bea is the Hombre: Ana's first five tricks of deal E are no primeras; nothing to save yet. (Ana leads
    deal E: the table has the eldest lead, by the house rule.)"""
    table = new_table("tresillo", first_lead="eldest")
    enter(client, table, {**JUEGO_BY_ANA, "hombre": "Bea"}, DEAL_E[:5])
    html = client.get(url(table)).content.decode()
    assert 'id="save-cards"' not in html and "15 of 27 cards" in html


def test_at_four_was_this_legal_tells_the_referee_who_dealt_and_sits_out(client, db) -> None:
    """Deal E stored at four (Dani deals and sits out): each card's "was this legal?" link names Dani as the
    dealer, and the referee answers it (Ana's first card, a lead, is legal)."""
    import html as html_text
    import re

    table = new_table("tresillo", ["Ana", "Bea", "Carl", "Dani"], first_dealer=3)
    enter(client, table, {**JUEGO_BY_ANA, "bid": "solo"}, DEAL_E)
    client.post(url(table, "save/"))
    cards = client.get(f"/t/{table.view_token}/deal/1/cards/?part=1").content.decode()
    links = [html_text.unescape(link) for link in re.findall(r'href="(/referee/tresillo/\?[^"]+)"', cards)]
    assert links and all("dealer=Dani" in link for link in links)

    first_card = next(link for link in links if "&card=" in link)
    answer = client.get(first_card).context["answer"]
    assert answer is not None and answer["legal"] is True


def test_the_contract_above_the_cards_is_said_in_words(client, db) -> None:
    """Not "trump: C", nor the dealer the page keeps for the deal: the labels and choices the form asked."""
    table = new_table("tresillo")
    assert client.post(url(table), {"hombre": "Ana", "bid": "juego", "trump": "C"}).status_code == 302
    html = client.get(url(table)).content.decode()
    said = html[html.index('id="contract-said"'):html.index("</p>", html.index('id="contract-said"'))]
    assert "Trumps: <strong>copas</strong>" in said and "trump:" not in said and "dealer" not in said


def test_api_the_hombre_leads_and_the_passes_are_read_from_the_dealer() -> None:
    """Ana deals (first_dealer 0): Bea, the eldest, passes; Carl is the Hombre and leads deal E's cards, so takes
    all nine. The record keeps Ana as the dealer, alone and among the score endpoint's deals."""
    from django.test import Client

    client = Client()
    contract = {"hombre": "Carl", "passed": ["Bea"], "taken_in": 3, "trump": "O"}
    status, answer = api_post(client, "/api/games/ombre/score/plays", body(contract, DEAL_E, first_dealer=0))
    assert status == 200, answer
    assert answer["record"]["dealer"]["name"] == "Ana"
    assert [(row["player"]["name"], row["tricks"]) for row in answer["record"]["tricks"]] == [
        ("Ana", 0), ("Bea", 0), ("Carl", 9)]
    status, answer = api_post(client, "/api/games/ombre/score", {
        "players": PLAYERS, "first_dealer": 0, "deals": [{"contract": contract, "plays": codes(DEAL_E)}]})
    assert status == 200, answer


def test_changing_the_hombre_before_any_card_changes_who_leads(client, db) -> None:
    table = new_table("tresillo", ["Ana", "Bea", "Carl", "Dani"], first_dealer=3)  # Dani deals and sits out
    assert client.post(url(table), {"hombre": "Bea", "bid": "juego", "trump": "O"}).status_code == 302
    assert "Bea to play" in client.get(url(table)).content.decode()
    response = client.post(url(table), {"hombre": "Carl", "bid": "juego", "trump": "O", "keep": "1"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert "Carl to play" in client.get(url(table)).content.decode()


# Ana holds the run of oros from Spadillo to the Jack and takes every trick: seven matadors, four with a name of
# their own and three court cards.
SEVEN_MATADORS = ("1E 2O 5O", "7O 3O 6O", "1B 4O 2C", "1O 10E 7E", "12O 11E 6E", "11O 10B 7B", "10O 11B 6B",
                  "12C 10C 3C", "11C 1C 5C")


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_the_matadors_played_are_listed_without_a_bracket_in_a_bracket(language: str) -> None:
    """Past the named matadors come court cards, which English and French name with their Spanish name in
    brackets ("King (rey) of oros", "Roi (rey) de deniers (oros)"): "played 7 (Spadillo, …, King (rey) of oros)"
    put a bracket in a bracket. The list comes after a colon."""

    record, lines = OMBRE.record_from_plays(OMBRE_THREE, ANA_TAKES_IN_2, ombre_deal(SEVEN_MATADORS))
    assert record.matadors == 7
    said = [said_in(language, line) for line in lines]
    assert [line for line in said if bracket_in_a_bracket(line)] == []
    if language == "en":
        assert said[-1] == ("Ana played 7 matadors: Spadillo, Manilla, Basto, Punto, King (rey) of oros, Horse "
                            "(caballo) of oros, Jack (sota) of oros.")
