"""A round's record: cards tapped or points typed, normalised as stored, and every bad entry refused beside its
field with a message a player understands."""

from __future__ import annotations

import json

import pytest

from games.pablo.rules import GAME
from referee.game import InvalidRecord

from .helpers import round_, table

FRENCH_HINT = "Rank + suit (S ♠, H ♥, D ♦, C ♣): AS, KH, 10D, 7C."  # after a code no card has



def refused(spec, raw) -> dict[str, str]:
    with pytest.raises(InvalidRecord) as info:
        GAME.apply(spec, GAME.initial_state(spec), raw)
    return {key: str(message) for key, message in info.value.errors.items()}


# -- normalised as stored ------------------------------------------------------------------------------------

def test_the_record_as_stored_has_cards_as_codes_and_points_for_every_seat():
    spec = table()
    record = GAME.parse(spec, {"caller": " bea ", "hands": [
        {"player": "Dani", "points": "7"}, {"player": "ana", "cards": "kd, 10s ah"},
        {"player": "Bea", "cards": ["K♥", "2♠"]}, {"player": "Carl", "cards": []}]})
    assert record.to_json() == {
        "caller": {"seat": 1, "name": "Bea"},
        "hands": [
            {"player": {"seat": 0, "name": "Ana"}, "cards": ["KD", "10S", "AH"], "points": 11},
            {"player": {"seat": 1, "name": "Bea"}, "cards": ["KH", "2S"], "points": 12},
            {"player": {"seat": 2, "name": "Carl"}, "cards": [], "points": 0},
            {"player": {"seat": 3, "name": "Dani"}, "cards": None, "points": 7},
        ],
        "void": False,
    }


def test_entries_without_a_player_are_the_seats_in_order():
    record = GAME.parse(table(), round_("Ana", 1, 2, 3, 4))
    assert [(h.player.name, h.points) for h in record.hands] == [("Ana", 1), ("Bea", 2), ("Carl", 3), ("Dani", 4)]


def test_a_stored_record_reads_back_to_itself():
    spec = table("english")
    record = GAME.parse(spec, round_("Carl", "AS KH", 12, [], "QC 3D"))
    stored = json.loads(json.dumps(record.to_json()))
    assert GAME.parse(spec, stored) == record == GAME.record_from_json(stored)


def test_points_typed_with_the_cards_must_agree_with_them():
    """Both given and equal: fine; different: the points are refused, saying what the cards make."""
    spec = table()
    ok = GAME.parse(spec, {"caller": "Ana", "hands": [{"cards": "KD 5S", "points": 5}, {"points": 1},
                                                     {"points": 2}, {"points": 3}]})
    assert ok.hands[0].points == 5
    errors = refused(spec, {"caller": "Ana", "hands": [{"cards": "KD 5S", "points": 15}, {"points": 1},
                                                       {"points": 2}, {"points": 3}]})
    assert errors == {"hands.0.points": "Ana's cards make 5, not 15."}


def test_a_misdeal_is_the_whole_record():
    assert GAME.parse(table(), {"void": True}).to_json() == {"void": True}
    assert GAME.parse(table(), {"void": "yes", "caller": "Ana"}).to_json() == {"void": True}


def test_a_misdeal_with_a_stray_field_is_refused_for_that_field_only():
    """Nobody scores a misdeal: no caller or hands are asked for, only the unknown field is wrong."""
    assert refused(table(), {"void": True, "bonus": 5}) == {"bonus": "Unknown field for Pablo."}


def test_no_cards_left_as_the_form_sends_it():
    """The record form's "No cards" sends "-": recorded as no cards (0 points), not as 0 typed."""
    record = GAME.parse(table(), {"caller": "Ana", "hands": [{"points": 4}, {"cards": ["-"]}, {"cards": "-"},
                                                             {"points": 3}]})
    assert [(h.cards, h.points) for h in record.hands[1:3]] == [((), 0), ((), 0)]


# -- refused beside the field --------------------------------------------------------------------------------

def test_who_called_pablo_is_required():
    assert refused(table(), {"hands": round_("Ana", 1, 2, 3, 4)["hands"]}) == {"caller": "Who called Pablo?"}


def test_the_caller_must_be_at_the_table():
    errors = refused(table(), round_("Zoe", 1, 2, 3, 4))
    assert errors == {"caller": "Zoe is not playing at this table."}


def test_every_player_needs_cards_or_points():
    errors = refused(table(), {"caller": "Ana", "hands": [{"points": 1}, {}, {"points": 3}, {"points": 4}]})
    assert errors == {"hands.1": "Tap Bea's cards or type their points."}


def test_one_entry_per_player():
    assert refused(table(), round_("Ana", 1, 2, 3)) == {"hands": "Give an entry for each of the 4 players, not 3."}
    assert refused(table(), {"caller": "Ana"}) == {"hands": "Give each player's cards or points."}
    assert refused(table(), {"caller": "Ana", "hands": 7}) == {
        "hands": "Give a list with an entry per player: their cards or their points."}


def test_a_player_named_twice():
    errors = refused(table(), {"caller": "Ana", "hands": [{"player": "Ana", "points": 1}, {"player": "Ana",
                                                                                           "points": 2},
                                                          {"points": 3}, {"points": 4}]})
    assert errors == {"hands.1.player": "Ana has two entries."}


def test_a_card_that_does_not_exist():
    errors = refused(table(), round_("Ana", "KD ZZ", 2, 3, 4))
    assert errors == {"hands.0.cards": "ZZ is not a card of this game. " + FRENCH_HINT}


def test_with_one_deck_a_card_is_in_one_hand_only():
    errors = refused(table(), round_("Ana", "KD 5S", "5S", 3, 4))
    assert errors == {"hands.1.cards": "5♠ is also in Ana's hand: there is one of each card."}
    errors = refused(table(), round_("Ana", "KD KD", 2, 3, 4))
    assert errors == {"hands.0.cards": "K♦ is given twice: there is one of each card."}


def test_an_empty_entry_in_a_list_of_cards_is_not_a_card():
    errors = refused(table(), round_("Ana", ["KD", None], 2, 3, 4))
    assert errors == {"hands.0.cards": "An empty entry is not a card: give card codes such as KD 10S AH."}


def test_with_two_decks_a_card_may_be_in_two_hands():
    """Seed 001: more than six players add a second deck; a third copy is still refused."""
    spec = table("french", [f"P{i}" for i in range(1, 8)])
    record = GAME.parse(spec, round_("P1", "KD 5S", "5S KD", 1, 2, 3, 4, 5))
    assert record.hands[1].points == 5
    errors = refused(spec, round_("P1", "KD 5S", "5S", "5S", 2, 3, 4, 5))
    assert errors == {"hands.2.cards": "5♠ is also in the hands of P1, P2: there are two of each card."}
    errors = refused(spec, round_("P1", "KD 5S", "5S 5S", 1, 2, 3, 4, 5))
    assert errors == {"hands.1.cards": "5♠ is also in P1's hand: there are two of each card."}


def test_typed_points_within_what_a_hand_can_hold():
    """French points are never below 0; English down to −4 (the four aces)."""
    assert refused(table(), round_("Ana", -1, 2, 3, 4)) == {"hands.0.points": "Must be between 0 and 330."}
    GAME.parse(table("english"), round_("Ana", -4, 2, 3, 4))
    assert refused(table("english"), round_("Ana", -5, 2, 3, 4)) == {
        "hands.0.points": "Must be between -4 and 316."}
    raw = round_("Ana", 1, 2, 3, 4)
    raw["hands"][0]["points"] = "x"
    assert refused(table(), raw) == {"hands.0.points": "Enter a whole number."}


def test_the_typed_hands_together_fit_in_the_cards_nobody_tapped():
    """A hand alone may hold up to the whole deck's points, but the hands together share one deck (two past six
    players, French)."""
    # French, one deck: 330 points in all (aces 4, 2 to 10 four times 54 = 216, J Q 80, K♣ K♥ K♠ 30).
    assert refused(table(), round_("Ana", 300, 31, 0, 0)) == {
        "hands": "The typed points add up to 331, but the cards not tapped hold 330 in all."}
    GAME.parse(table(), round_("Ana", 300, 30, 0, 0))
    # Tapped cards leave the rest: with the K♠ tapped (10), the others can hold only 320.
    assert refused(table(), round_("Ana", "KS", 300, 21, 0)) == {
        "hands": "The typed points add up to 321, but the cards not tapped hold 320 in all."}
    # English: the four aces are the only cards below 0, −1 each.
    assert refused(table("english"), round_("Ana", -3, -2, 5, 6)) == {
        "hands": "The hands typed below 0 add up to −5, but the cards not tapped go no lower than −4 (their "
                 "aces)."}
    assert refused(table("english"), round_("Ana", "AS AH", -3, 5, 6)) == {
        "hands": "The hands typed below 0 add up to −3, but the cards not tapped go no lower than −2 (their "
                 "aces)."}
    GAME.parse(table("english"), round_("Ana", "AS AH", -2, 5, 6))


def test_unknown_fields_are_refused():
    errors = refused(table(), {**round_("Ana", 1, 2, 3, 4), "bonus": 5})
    assert errors == {"bonus": "Unknown field for Pablo."}
    raw = round_("Ana", 1, 2, 3, 4)
    raw["hands"][0]["colour"] = "red"
    assert refused(table(), raw) == {"hands.0.colour": "Unknown field for Pablo."}


def test_the_advanced_rules_belong_to_the_english_variant():
    """Seed 004's advanced rules are its own: refused at a French table."""
    with pytest.raises(InvalidRecord) as info:
        GAME.table(["Ana", "Bea", "Carl"], {"one_hand": True})
    assert "options.one_hand" in info.value.errors
    assert GAME.table(["Ana", "Bea", "Carl"], {"variant": "english", "one_hand": True}).options.one_hand


def test_three_to_eight_players():
    """Seed 001: "de 3 à 6" (more with a second deck); Tapete takes 3 to 8 for both variants."""
    for n in (2, 9):
        with pytest.raises(InvalidRecord):
            GAME.table([f"P{i}" for i in range(n)])


def test_the_api_schema_describes_the_record():
    fields = {f.name: f.to_json() for f in GAME.record_fields(table("english"))}
    assert list(fields) == ["caller", "hands", "void"]
    assert fields["caller"]["kind"] == "player" and fields["caller"]["required"]
    hands = fields["hands"]
    assert hands["kind"] == "list" and hands["maximum"] == 4
    assert [(f["name"], f["kind"], f["required"]) for f in hands["fields"]] == [
        ("player", "player", True), ("cards", "cards", False), ("points", "int", False)]
    assert (hands["fields"][2]["minimum"], hands["fields"][2]["maximum"]) == (-4, 316)
    assert "K♥ K♦ = 0" in hands["help"]
