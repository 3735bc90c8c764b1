"""The contract every registered game keeps, tested over ``all_games()``: a new game is tested here without
editing a list.

- its options and record schema are described (JSON, in the reader's language);
- its example deals score, and the scores sum as the game's settlement says (to zero by points or rank; the
  ledger conserved);
- records and states go to JSON and back unchanged, and a stored record parses to itself;
- every field's bad input gets a message on that field, an unknown field is refused, and nothing raises
  anything else (so the app never answers 500).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.game import Game, InvalidRecord, Settlement, all_games

GAMES = all_games()
BAD_VALUES: tuple[Any, ...] = ("☃", "²", "1e999999999", 10**40, -(10**40), 2.5, {"x": 1}, [["x"]], [None], True,
                               "\x00", "x" * 5000)


def tables(game: Game[Any, Any, Any]):
    for count in game.player_counts:
        yield game.table([f"Player {i}" for i in range(1, count + 1)])


def played(game: Game[Any, Any, Any], table):
    state = game.initial_state(table)
    outcomes = []
    for raw in game.example_records(table):
        state, outcome = game.apply(table, state, raw)
        outcomes.append(outcome)
    return state, outcomes


@pytest.fixture(params=GAMES, ids=[g.slug for g in GAMES])
def game(request) -> Game[Any, Any, Any]:
    return request.param


def test_a_game_describes_its_options_and_record_schema(game):
    described = json.loads(json.dumps(game.describe()))
    assert described["slug"] == game.slug and described["player_counts"]
    assert [o["key"] for o in described["options"]] == [o.key for o in game.options]
    for table in tables(game):
        fields = [f.to_json() for f in game.record_fields(table)]
        assert fields and json.dumps(fields)
        assert game.initial_state(table).totals == (0,) * len(game.sides(table))


def test_a_game_gives_example_deals_at_every_table_size(game):
    for table in tables(game):
        assert game.example_records(table), f"{game.slug} at {table.size} players has no example deal"


def test_example_deals_score_and_sum_as_the_settlement_says(game):
    for table in tables(game):
        state, outcomes = played(game, table)
        assert all(len(o.scores) == len(game.sides(table)) for o in outcomes)
        assert json.dumps([o.to_json() for o in outcomes])
        balances = game.balances(table, state)
        assert set(balances) == set(range(table.size))
        assert sum(balances.values()) == 0, balances
        if game.settlement is Settlement.LEDGER:
            assert state.ledger.conserved


def test_records_and_states_go_to_json_and_back(game):
    for table in tables(game):
        state = game.initial_state(table)
        for raw in game.example_records(table):
            record = game.complete(table, state, game.parse(table, raw))
            stored = json.loads(json.dumps(record.to_json()))
            assert game.record_from_json(stored) == record
            assert game.complete(table, state, game.parse(table, stored)) == record
            state, _outcome = game.apply(table, state, record)
            assert game.state_from_json(json.loads(json.dumps(state.to_json()))) == state


def test_an_unknown_field_is_refused_with_a_message(game):
    table = next(tables(game))
    raw = {**game.example_records(table)[0], "no_such_field": "x" * 5000}
    with pytest.raises(InvalidRecord) as refused:
        game.apply(table, game.initial_state(table), raw)
    assert "no_such_field" in refused.value.errors


def test_every_fields_bad_input_gets_a_message_on_that_field(game):
    for table in tables(game):
        start = game.initial_state(table)
        example = dict(game.example_records(table)[0])
        for field in game.record_fields(table):
            for bad in BAD_VALUES:
                raw = {**example, field.name: bad}
                try:
                    game.apply(table, start, raw)
                except InvalidRecord as refused:
                    assert refused.errors and all(str(m) for m in refused.errors.values())
                    assert any(key == "__all__" or key.split(".")[0] in {f.name for f in game.record_fields(table)}
                               for key in refused.errors), (field.name, bad, refused.errors)


# -- the never-500 fuzz, in process: random records straight into the rules (the pages keep a small HTTP one) --


WEIRD = ["", " ", "-1", "99999999999999999999999999999999", "1e400", "1E999999999999", "NaN", "inf", "0x10",
         "4.5", "4,5", "१२", "٣", "𝟡", "½", "Ünïcødé ☃", "\x00", "\ud800", "None", "[]", "{}", "true"]
scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(allow_nan=True),
                    st.text(max_size=8), st.sampled_from(WEIRD))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6),
                                                                                             inner, max_size=3),
                      max_leaves=8)


@pytest.mark.parametrize("game", GAMES, ids=[g.slug for g in GAMES])
def test_random_records_are_refused_with_messages_never_an_exception(game):
    table = next(tables(game))
    start = game.initial_state(table)
    example = dict(game.example_records(table)[0])
    names = [f.name for f in game.record_fields(table)]
    keys = st.one_of(st.sampled_from(names), st.text(max_size=6))

    @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(st.dictionaries(keys, values, max_size=6), st.booleans())
    def attack(data, on_a_good_record):
        raw = {**example, **data} if on_a_good_record else data
        try:
            state, outcome = game.apply(table, start, raw)
        except InvalidRecord as refused:
            assert refused.errors and all(str(message) for message in refused.errors.values())
        else:
            json.dumps(outcome.to_json())
            json.dumps(state.to_json())

    attack()
