"""Toruro deal records that cannot happen are refused, with a message on the field at fault.

Five players in the order of play: Ana, Luis, Pepe, Marta, Juan. ``after_two()`` is the state after two deals:
deal 1 (Ana deals, all go) leaves lulos #1 Marta, #2 Juan, #3 Ana at 3 chips; in deal 2 (Luis deals) Marta
pays #1 and Pepe goes without a trick: #4 Pepe, 6 chips. Pepe deals next.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from referee.games.base import InvalidRecord, TableSpec
from referee.games.toruro import GAME

P5 = ("Ana", "Luis", "Pepe", "Marta", "Juan")
FIRST = {"turned_card": "4O", "went": list(P5), "tricks": ["Luis", "Pepe", "Pepe"]}
SECOND = {"turned_card": "5B", "payments": [{"lulo": 1, "cabeza": 1, "barriga": 1, "cola": 1}],
          "went": ["Pepe", "Juan"], "tricks": ["Juan", "Juan", "Juan"]}


def after_two(**options: Any) -> tuple[TableSpec, dict[str, Any]]:
    tbl = GAME.table(P5, options)
    state = GAME.initial_state(tbl)
    for record in (FIRST, SECOND):
        state, _ = GAME.apply(tbl, state, record)
    return tbl, state


def refused(record: dict[str, Any], field: str, words: str, **options: Any) -> None:
    tbl, state = after_two(**options)
    before = copy.deepcopy(state)
    with pytest.raises(InvalidRecord) as err:
        GAME.apply(tbl, state, record)
    assert field in err.value.errors, err.value.errors
    assert words in str(err.value.errors[field]), str(err.value.errors[field])
    assert state == before


def pay(lulo: Any, cabeza: Any = 0, barriga: Any = 0, cola: Any = 0) -> dict[str, Any]:
    return {"lulo": lulo, "cabeza": cabeza, "barriga": barriga, "cola": cola}


NOBODY = {"turned_card": "5B", "went": []}


def test_a_good_record_is_normalised() -> None:
    """Names in any case, ``went`` in any order: stored with the table's spelling in the order of play."""
    tbl, state = after_two()
    clean = GAME.validate(tbl, state, {"turned_card": "5b", "payments": [pay("2", "3")],
                                       "went": ["ana", "MARTA"],
                                       "tricks": [{"player": "Ana"}, "marta", "Ana"],
                                       "misplays": [{"player": "marta", "rule": "follow_suit"}]})
    assert clean == {"void": False, "turned_card": "5B", "payments": [pay(2, 3, 0, 0)],
                     "went": ["Marta", "Ana"], "tricks": ["Ana", "Marta", "Ana"],
                     "misplays": [{"player": "Marta", "rule": "follow_suit"}]}


def test_refuses_a_trick_taken_by_someone_who_did_not_go() -> None:
    refused({"turned_card": "5B", "went": ["Ana", "Luis"], "tricks": ["Ana", "Pepe", "Ana"]}, "tricks",
            "Pepe did not go")


def test_refuses_a_lulo_that_is_not_among_the_lowest_open() -> None:
    refused({**NOBODY, "payments": [pay(4, 6)]}, "payments", "Lulos are paid lowest first")


def test_refuses_lulos_paid_out_of_order() -> None:
    """With two per deal: the second payment must be the lowest left once the first is paid."""
    refused({**NOBODY, "payments": [pay(4, 6), pay(2, 3)]}, "payments", "lowest first", lulos_per_deal=2)
    refused({**NOBODY, "payments": [pay(2, 3), pay(4, 6)]}, "payments",
            "3-chip lulos are still open (#3 Ana)", lulos_per_deal=2)
    tbl, state = after_two(lulos_per_deal=2)
    GAME.apply(tbl, state, {**NOBODY, "payments": [pay(3, 3), pay(2, 3)]})
    tbl, state = after_two(lulos_per_deal=3)
    GAME.apply(tbl, state, {**NOBODY, "payments": [pay(3, 3), pay(2, 3), pay(4, 2, 2, 2)]})


def test_refuses_more_lulos_than_the_table_pays_per_deal() -> None:
    refused({**NOBODY, "payments": [pay(2, 3), pay(3, 3)]}, "payments", "At most 1 lulo(s)")
    refused({**NOBODY, "payments": [pay(2, 3), pay(3, 3), pay(4, 6)]}, "payments", "At most 2 lulo(s)",
            lulos_per_deal=2)


def test_refuses_a_lulo_already_paid() -> None:
    refused({**NOBODY, "payments": [pay(1, 3)]}, "payments", "Lulo #1 was already paid, in deal 2.")


def test_refuses_an_unknown_lulo() -> None:
    refused({**NOBODY, "payments": [pay(99, 3)]}, "payments", "There is no lulo #99")
    refused({**NOBODY, "payments": [pay(None, 3)]}, "payments", "Which lulo is paid?")
    refused({**NOBODY, "payments": [pay("two", 3)]}, "payments", "Which lulo is paid?")


def test_refuses_a_lulo_paid_twice_in_one_deal() -> None:
    refused({**NOBODY, "payments": [pay(2, 3), pay(2, 3)]}, "payments", "Lulo #2 is paid twice.",
            lulos_per_deal=2)


def test_refuses_paying_a_free_lulo() -> None:
    tbl = GAME.table(P5)
    state = GAME.initial_state(tbl)
    state["lulo_counts"]["Marta"] = 9
    state, _ = GAME.apply(tbl, state, FIRST)
    with pytest.raises(InvalidRecord) as err:
        GAME.apply(tbl, state, {**NOBODY, "payments": [pay(1, 0)]})
    assert str(err.value.errors["payments"]) == "Lulo #1 was free: there is nothing to pay."


@pytest.mark.parametrize(("split", "words"), [
    ((1, 1, 0), "adds up to 2"),
    ((2, 1, 1), "adds up to 4"),
    ((4, -1, 0), "a whole number of chips, 0 or more"),
    (("1.5", "1.5", 0), "a whole number of chips"),
    ((1.5, 1.5, 0), "a whole number of chips"),
    ((True, 2, 0), "a whole number of chips"),
    (("x", 3, 0), "a whole number of chips"),
])
def test_refuses_a_split_that_does_not_add_up_or_is_not_whole_chips(split: tuple[Any, Any, Any],
                                                                     words: str) -> None:
    refused({**NOBODY, "payments": [pay(2, *split)]}, "payments", words)


def test_a_split_may_leave_pots_out_or_give_them_as_text() -> None:
    tbl, state = after_two()
    clean = GAME.validate(tbl, state, {**NOBODY, "payments": [{"lulo": 2, "cola": "3", "barriga": ""}]})
    assert clean["payments"] == [pay(2, 0, 0, 3)]


def test_refuses_someone_staying_out_when_the_ace_is_turned() -> None:
    refused({"turned_card": "1O", "went": ["Ana"], "tricks": ["Ana"] * 3}, "went",
            "everyone must go (house rule 2); Marta, Juan, Luis, Pepe did not")


def test_refuses_someone_staying_out_on_the_first_deal() -> None:
    tbl = GAME.table(P5)
    with pytest.raises(InvalidRecord) as err:
        GAME.apply(tbl, GAME.initial_state(tbl), {**FIRST, "went": P5[1:], "tricks": ["Luis"] * 3})
    assert "On the first deal everyone must go (house rule 3); Ana did not." == str(err.value.errors["went"])


def test_refuses_tricks_when_nobody_went() -> None:
    refused({**NOBODY, "tricks": ["Ana", "Ana", "Ana"]}, "tricks", "Nobody went, so nobody took a trick")


@pytest.mark.parametrize("tricks", [[], ["Ana"], ["Ana", "Luis"], ["Ana", "Luis", "Ana", "Luis"]])
def test_refuses_anything_but_three_tricks_when_someone_went(tricks: list[str]) -> None:
    refused({"turned_card": "5B", "went": ["Ana", "Luis"], "tricks": tricks}, "tricks",
            "Three tricks are played")


@pytest.mark.parametrize(("record", "field"), [
    ({"turned_card": "5B", "went": ["Ana", "Nobody"], "tricks": ["Ana"] * 3}, "went"),
    ({"turned_card": "5B", "went": ["Ana"], "tricks": ["Ana", "Ana", "Nobody"]}, "tricks"),
    ({"turned_card": "5B", "went": ["Ana"], "tricks": ["Ana"] * 3,
      "misplays": [{"player": "Nobody", "rule": "lead_ace"}]}, "misplays"),
    ({"turned_card": "5B", "went": [7], "tricks": ["Ana"] * 3}, "went"),
])
def test_refuses_unknown_players(record: dict[str, Any], field: str) -> None:
    refused(record, field, "is not a player at this table")


def test_refuses_a_player_listed_twice_as_going() -> None:
    refused({"turned_card": "5B", "went": ["Ana", "ana"], "tricks": ["Ana"] * 3}, "went",
            "Ana is listed twice.")


def test_refuses_a_misplay_by_a_player_who_did_not_go() -> None:
    refused({"turned_card": "5B", "went": ["Ana", "Luis"], "tricks": ["Ana"] * 3,
             "misplays": [{"player": "Pepe", "rule": "follow_suit"}]}, "misplays",
            "Pepe did not go, so cannot have broken a play rule.")


def test_refuses_an_unknown_rule() -> None:
    refused({"turned_card": "5B", "went": ["Ana", "Luis"], "tricks": ["Ana"] * 3,
             "misplays": [{"player": "Ana", "rule": "cheating"}]}, "misplays",
            "cheating is not a Toruro play rule")


def test_refuses_a_first_lead_misplay_by_someone_who_did_not_lead_the_first_trick() -> None:
    """Play starts "with the first player on the dealer's left who is going": Pepe deals, so of Ana and Luis,
    Ana leads."""
    record = {"turned_card": "5B", "went": ["Ana", "Luis"], "tricks": ["Luis"] * 3}
    refused({**record, "misplays": [{"player": "Luis", "rule": "lead_ace"}]}, "misplays",
            "Ana led the first trick (the first player after the dealer who went), not Luis.")
    refused({**record, "misplays": [{"player": "Ana", "rule": "lead_ace"},
                                    {"player": "Ana", "rule": "lead_three_or_king"}]}, "misplays",
            "at most one first-lead misplay")
    tbl, state = after_two()
    GAME.apply(tbl, state, {**record, "misplays": [{"player": "Ana", "rule": "lead_three_or_king"}]})


def test_refuses_a_second_lead_misplay_by_someone_who_did_not_take_the_first_trick() -> None:
    record = {"turned_card": "5B", "went": ["Ana", "Luis"], "tricks": ["Luis", "Ana", "Ana"]}
    refused({**record, "misplays": [{"player": "Ana", "rule": "lead_highest_trump_second"}]}, "misplays",
            "Luis took the first trick and led the second, not Ana.")
    refused({**record, "misplays": [{"player": "Luis", "rule": "lead_highest_trump_second"}] * 2}, "misplays",
            "at most one second-lead misplay")


def test_refuses_following_misplays_by_someone_who_never_followed() -> None:
    refused({"turned_card": "5B", "went": ["Ana"], "tricks": ["Ana"] * 3,
             "misplays": [{"player": "Ana", "rule": "follow_suit"}]}, "misplays", "Ana went alone")
    # Ana leads trick 1, takes it and the second: she led all three tricks and followed in none.
    refused({"turned_card": "5B", "went": ["Ana", "Luis"], "tricks": ["Ana", "Ana", "Luis"],
             "misplays": [{"player": "Ana", "rule": "trump_when_void"}]}, "misplays",
            "Ana followed in 0 trick(s) only")
    # Luis followed in all three tricks: three following misplays can be; four cannot.
    three = [{"player": "Luis", "rule": "follow_suit"}] * 3
    tbl, state = after_two()
    GAME.apply(tbl, state, {"turned_card": "5B", "went": ["Ana", "Luis"], "tricks": ["Ana"] * 3,
                            "misplays": three})
    refused({"turned_card": "5B", "went": ["Ana", "Luis"], "tricks": ["Ana"] * 3,
             "misplays": [*three, {"player": "Luis", "rule": "play_higher_to_trump_lead"}]}, "misplays",
            "Luis followed in 3 trick(s) only")


@pytest.mark.parametrize(("card", "words"), [(None, "Which card was turned?"), ("", "Which card was turned?"),
                                             ("8O", "not a card of the Spanish 40-card deck"),
                                             ("KS", "not a card of the Spanish 40-card deck")])
def test_refuses_a_missing_or_impossible_turned_card(card: Any, words: str) -> None:
    refused({**NOBODY, "turned_card": card}, "turned_card", words)


def test_refuses_payments_in_a_void_deal() -> None:
    refused({"void": True, "payments": [pay(2, 3)]}, "payments", "A void deal moves no chips")


@pytest.mark.parametrize(("record", "field"), [
    ({**NOBODY, "went": "Ana"}, "went"),
    ({**NOBODY, "payments": "2"}, "payments"),
    ({**NOBODY, "payments": ["2"]}, "payments"),
    ({"turned_card": "5B", "went": ["Ana"], "tricks": ["Ana"] * 3, "misplays": "Ana"}, "misplays"),
    ({"turned_card": "5B", "went": ["Ana"], "tricks": ["Ana"] * 3, "misplays": ["Ana"]}, "misplays"),
    ({"turned_card": "5B", "went": ["Ana"], "tricks": "Ana"}, "tricks"),
])
def test_refuses_fields_of_the_wrong_shape(record: dict[str, Any], field: str) -> None:
    tbl, state = after_two()
    with pytest.raises(InvalidRecord) as err:
        GAME.apply(tbl, state, record)
    assert field in err.value.errors


def test_refuses_a_record_that_is_not_a_mapping() -> None:
    tbl, state = after_two()
    with pytest.raises(InvalidRecord) as err:
        GAME.validate(tbl, state, ["5B"])  # type: ignore[arg-type]
    assert "__all__" in err.value.errors


def test_reports_every_field_at_fault_at_once() -> None:
    tbl, state = after_two()
    with pytest.raises(InvalidRecord) as err:
        GAME.apply(tbl, state, {"turned_card": "9O", "payments": [pay(4, 6)], "went": ["Nobody"],
                                "misplays": [{"player": "Ana", "rule": "nope"}]})
    assert set(err.value.errors) == {"turned_card", "payments", "went", "misplays"}


def test_refuses_any_deal_once_the_night_is_over() -> None:
    """"The game only ends whenever all players are free from debt and owe nothing."""
    tbl = GAME.table(P5, {"first_deal_all_go": False})
    record = {"turned_card": "5B", "went": ["Ana", "Luis", "Pepe"], "tricks": ["Ana", "Luis", "Pepe"]}
    state, out = GAME.apply(tbl, GAME.initial_state(tbl), record)
    assert out.game_over
    for record in (NOBODY, {"void": True}):
        with pytest.raises(InvalidRecord) as err:
            GAME.apply(tbl, state, record)
        assert "__all__" in err.value.errors
