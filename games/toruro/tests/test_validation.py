"""Toruro deal records that cannot happen are refused, with a message on the field at fault: first what cannot
be read at all (``parse``), then what the rules forbid after the night so far (``check``, citing the rule).

Five players in the order of play: Ana, Luis, Pepe, Marta, Juan. ``after_two()`` is the state after two deals:
deal 1 (Ana deals, all go) leaves lulos #1 Marta, #2 Juan, #3 Ana at 3 chips; in deal 2 (Luis deals) Marta
pays #1 and Pepe goes without a trick: #4 Pepe, 6 chips. Pepe deals next.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.toruro.record import Misplay, Payment, Taken, ToruroRecord
from games.toruro.rules import GAME
from games.toruro.state import ToruroState
from referee.cards import Card
from referee.game import InvalidRecord, Rule, Seat, TableSpec

from .helpers import with_counts

P5 = ("Ana", "Luis", "Pepe", "Marta", "Juan")
FIRST = {"turned_card": "4O", "went": list(P5), "tricks": ["Luis", "Pepe", "Pepe"]}
SECOND = {"turned_card": "5B", "payments": [{"lulo": 1, "cabeza": 1, "barriga": 1, "cola": 1}],
          "went": ["Pepe", "Juan"], "tricks": ["Juan", "Juan", "Juan"]}


def after_two(**options: Any) -> tuple[TableSpec[Any], ToruroState]:
    tbl = GAME.table(P5, options)
    state = GAME.initial_state(tbl)
    for record in (FIRST, SECOND):
        state, _ = GAME.apply(tbl, state, record)
    return tbl, state


def refused(record: dict[str, Any], field: str, words: str, **options: Any) -> None:
    tbl, state = after_two(**options)
    before = state.to_json()
    with pytest.raises(InvalidRecord) as err:
        GAME.apply(tbl, state, record)
    assert field in err.value.errors, err.value.errors
    assert words in str(err.value.errors[field]), str(err.value.errors[field])
    assert state.to_json() == before


def pay(lulo: Any, cabeza: Any = 0, barriga: Any = 0, cola: Any = 0) -> dict[str, Any]:
    return {"lulo": lulo, "cabeza": cabeza, "barriga": barriga, "cola": cola}


NOBODY = {"turned_card": "5B", "went": []}


def seat(name: str) -> Seat:
    return Seat(P5.index(name), name)


def clean(tbl: TableSpec[Any], state: ToruroState, raw: dict[str, Any]) -> ToruroRecord:
    """The record as stored: read, then completed from the state before it."""
    return GAME.complete(tbl, state, GAME.parse(tbl, raw))


def test_a_good_record_is_normalised() -> None:
    """Names in any case, ``went`` in any order: stored with the table's spelling in the order of play, each
    payment with who owed the lulo. Stored and read back, it is the same record."""
    tbl, state = after_two()
    record = clean(tbl, state, {"turned_card": "5b", "payments": [pay("2", "3")],
                                "went": ["ana", "MARTA"],
                                "tricks": [{"player": "Ana"}, "marta", "Ana"],
                                "misplays": [{"player": "marta", "rule": "follow_suit"}]})
    assert record == ToruroRecord(
        turned_card=Card("B", "5"), payments=(Payment(2, seat("Juan"), cabeza=3),),
        went=(seat("Marta"), seat("Ana")), tricks=(Taken(seat("Ana")), Taken(seat("Marta")), Taken(seat("Ana"))),
        misplays=(Misplay(seat("Marta"), "follow_suit"),))  # type: ignore[arg-type]
    assert [s.name for s in record.went] == ["Marta", "Ana"]
    assert GAME.parse(tbl, record.to_json()) == record
    assert GAME.record_from_json(record.to_json()) == record


def test_refuses_unknown_fields() -> None:
    """Only the record's fields are read and stored: anything else is refused, not kept (an API client once
    stored 4.5 MB in a field nobody reads)."""
    tbl, state = after_two()
    with pytest.raises(InvalidRecord) as err:
        GAME.apply(tbl, state, {**NOBODY, "notes": "x" * 4_500_000})
    assert list(err.value.errors) == ["notes"]
    assert str(err.value.errors["notes"]) == "Unknown field for Toruro."


def test_a_broken_rule_is_cited() -> None:
    """A record that breaks a rule says which, by its section of the rules page."""
    tbl, state = after_two()
    with pytest.raises(InvalidRecord) as err:
        GAME.apply(tbl, state, {**NOBODY, "payments": [pay(4, 6)]})
    rule = err.value.rules["payments"]
    assert isinstance(rule, Rule) and (rule.key, str(rule)) == ("paying-lulos", "Paying lulos")
    assert rule.key in {section.key for section in GAME.rules}


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
    refused({**NOBODY, "payments": [pay(2, 3), pay(3, 3)]}, "payments", "One lulo at most may be paid in a deal")
    refused({**NOBODY, "payments": [pay(2, 3), pay(3, 3), pay(4, 6)]}, "payments", "At most 2 lulos may be paid",
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
    state = with_counts(tbl, GAME.initial_state(tbl), Marta=9)
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
    record = clean(tbl, state, {**NOBODY, "payments": [{"lulo": 2, "cola": "3", "barriga": ""}]})
    assert record.payments == (Payment(2, seat("Juan"), 0, 0, 3),)


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
    ({"turned_card": "5B", "went": [7], "tricks": ["Ana"] * 3}, "went"),  # seat 7 of five
])
def test_refuses_unknown_players(record: dict[str, Any], field: str) -> None:
    refused(record, field, "is not playing at this table")


def test_refuses_a_player_listed_twice_as_going() -> None:
    refused({"turned_card": "5B", "went": ["Ana", "ana"], "tricks": ["Ana"] * 3}, "went",
            "Ana is named twice.")


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
    # Ana leads trick 1, takes it and the second: she led all three tricks and followed in none (a tester read
    # "Beto solo asistió en 0 baza(s)… como mucho 0 vez/veces").
    refused({"turned_card": "5B", "went": ["Ana", "Luis"], "tricks": ["Ana", "Ana", "Luis"],
             "misplays": [{"player": "Ana", "rule": "trump_when_void"}]}, "misplays",
            "Ana led all three tricks, so followed in none: no following rule can be broken.")


def test_following_misplays_are_counted_against_the_tricks_followed_each_count_in_its_own_words() -> None:
    """A player follows in every trick someone else leads; each following misplay is one card of theirs, so
    there are at most as many as tricks followed. Luis took the first two tricks: he led the second and the
    third, so followed in one (the first, Ana's lead); following Ana in all three, three can be, four cannot."""
    refused({"turned_card": "5B", "went": ["Ana", "Luis"], "tricks": ["Luis", "Luis", "Ana"],
             "misplays": [{"player": "Luis", "rule": "follow_suit"}] * 2}, "misplays",
            "Luis followed in 1 trick only, so broke a following rule at most once.")
    three = [{"player": "Luis", "rule": "follow_suit"}] * 3
    tbl, state = after_two()
    GAME.apply(tbl, state, {"turned_card": "5B", "went": ["Ana", "Luis"], "tricks": ["Ana"] * 3,
                            "misplays": three})
    refused({"turned_card": "5B", "went": ["Ana", "Luis"], "tricks": ["Ana"] * 3,
             "misplays": [*three, {"player": "Luis", "rule": "play_higher_to_trump_lead"}]}, "misplays",
            "Luis followed in 3 tricks only, so broke a following rule at most 3 times.")


@pytest.mark.parametrize(("card", "words"), [(None, "Which card was turned?"), ("", "Which card was turned?"),
                                             ("8O", "not a card of the Spanish 40-card deck"),
                                             ("KS", "not a card of the Spanish 40-card deck")])
def test_refuses_a_missing_or_impossible_turned_card(card: Any, words: str) -> None:
    refused({**NOBODY, "turned_card": card}, "turned_card", words)


def test_refuses_payments_in_a_void_deal() -> None:
    refused({"void": True, "payments": [pay(2, 3)]}, "payments", "A void deal moves no chips")


@pytest.mark.parametrize(("record", "field"), [
    ({**NOBODY, "went": {"Ana": True}}, "went"),
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
        GAME.apply(tbl, state, ["5B"])  # type: ignore[arg-type]
    assert "__all__" in err.value.errors


def test_reports_every_field_at_fault_at_once() -> None:
    """What cannot be read, every field at once; then what breaks a rule, every field at once."""
    tbl, state = after_two()
    with pytest.raises(InvalidRecord) as err:
        GAME.apply(tbl, state, {"turned_card": "9O", "payments": [pay("two", 6)], "went": ["Nobody"],
                                "misplays": [{"player": "Ana", "rule": "nope"}]})
    assert set(err.value.errors) == {"turned_card", "payments", "went", "misplays"}
    with pytest.raises(InvalidRecord) as err:
        GAME.apply(tbl, state, {"turned_card": "1O", "payments": [pay(4, 6)], "went": ["Ana"],
                                "tricks": ["Ana"] * 3, "misplays": [{"player": "Luis", "rule": "follow_suit"}]})
    assert set(err.value.errors) == {"payments", "went", "misplays"}


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
