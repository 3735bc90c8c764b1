"""A property of what a refused record form says (hypothesis): when a field could not be read (left empty, a
count out of range, a word where a number goes), a message the rules give beside another field is said only if
it holds whatever the unread field holds. Random Tarot deals at four and five players, one field blanked: every
message the form adds of the rest is said, or the deal refused for the field itself, with each value the field
may be given (found by a reviewer: "at least 13 points, not 10" with the contract left empty, which a garde
contre takes). The same of a list: random L'Ombre deals, one player's tricks unreadable, every message said of
the rest is said, or the deal refused for the tricks, with each count that player may be given (or none)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.game import Field, Game, TableSpec, get_game
from referee.parse import InvalidRecord
from scoring.forms import RecordForm
from scoring.services import field_errors

GAME = get_game("tarot")
TABLES = {4: GAME.table(["N", "S", "E", "W"]), 5: GAME.table(["N", "S", "E", "W", "O"])}
FIELDS = {n: {field.name: field for field in GAME.record_fields(spec)} for n, spec in TABLES.items()}
ASKED = ("taker", "contract", "partner", "bouts", "points", "points_side", "petit_au_bout", "chelem")
UNREADABLE = {"bouts": ("4", "?"), "points": ("92", "-1", "lots")}  # besides "" and a choice nobody offers


def values(spec: TableSpec[Any], field: Field) -> list[str]:
    """Every value ``field`` may be given on the form, as posted: each choice or player, each number from its
    least to its most by its step, and "" where it may be left empty."""
    if field.kind in ("int", "decimal"):
        assert field.minimum is not None and field.maximum is not None and field.step
        low, high, step = (Decimal(str(x)) for x in (field.minimum, field.maximum, field.step))
        posted = [str(low + i * step) for i in range(int((high - low) / step) + 1)]
    else:
        posted = [str(value) for value, _label in field.choices] or list(spec.players)
    return posted if field.required else [*posted, ""]


def said(spec: TableSpec[Any], data: dict[str, Any], *, the_rest: bool = True,
         game: Game[Any, Any, Any] = GAME) -> dict[str, list[str]] | None:
    """The messages a save of ``data`` says beside each field, as the record view does (a deal the form reads
    and the rules refuse: their messages, then what they say of the rest); None when the deal is recorded.
    ``the_rest``: with what the rules say of the rest against the table."""
    state = game.initial_state(spec)
    form = RecordForm(game, spec, data)
    record = form.complete_record(before=(lambda: state) if the_rest else None)
    if record is not None:
        try:
            game.apply(spec, state, record)
        except InvalidRecord as exc:
            form.add_rule_errors(field_errors(exc))
            if the_rest:
                form.mark_rules_the_rest_breaks(state)
        else:
            return None
    return {name: list(messages) for name, messages in form.errors.items()}


@st.composite
def forms_with_a_field_blanked(draw: st.DrawFn) -> tuple[int, dict[str, str], str]:
    n = draw(st.sampled_from(sorted(TABLES)))
    fields = FIELDS[n]
    asked = [name for name in ASKED if name in fields]
    data = {name: draw(st.sampled_from(values(TABLES[n], fields[name]))) for name in asked}
    blanked = draw(st.sampled_from(asked))
    data[blanked] = draw(st.sampled_from(["", "nobody's", *UNREADABLE.get(blanked, ())]))
    return n, data, blanked


@given(forms_with_a_field_blanked())
@settings(max_examples=300, deadline=None)
def test_a_message_said_of_the_rest_holds_whatever_the_unread_field_holds(case: tuple[int, dict[str, str], str]):
    n, data, blanked = case
    spec = TABLES[n]
    with_the_rest, without = said(spec, data), said(spec, data, the_rest=False)
    extra = {(name, message) for name, messages in (with_the_rest or {}).items() for message in messages}
    extra -= {(name, message) for name, messages in (without or {}).items() for message in messages}
    if not extra:
        return
    for value in values(spec, FIELDS[n][blanked]):
        outcome = said(spec, {**data, blanked: value}, the_rest=False)
        for name, message in extra:
            assert outcome is not None, f"{blanked}={value!r} is recorded, yet beside {name}: {message}"
            assert message in outcome.get(name, []) or blanked in outcome, (
                f"{blanked}={value!r}: not said beside {name}: {message}")


OMBRE = get_game("ombre")
OMBRE_TABLE = OMBRE.table(["Ana", "Bea", "Carl"])  # Ana deals: Bea speaks first
COUNTS = [*(str(n) for n in range(10)), ""]  # a player's tricks as the form may be given them ("": worked out)


@st.composite
def ombre_forms_with_a_trick_count_unread(draw: st.DrawFn) -> tuple[dict[str, Any], str]:
    players = OMBRE_TABLE.players
    data: dict[str, Any] = {
        "hombre": draw(st.sampled_from(players)), "passed": draw(st.lists(st.sampled_from(players), unique=True)),
        "taken_in": draw(st.sampled_from(COUNTS[:-1])), "matadors": draw(st.sampled_from(["0", "3", "4", ""])),
        "first_five": draw(st.sampled_from([*players, ""])), "voll": draw(st.sampled_from(["on", ""]))}
    for row, name in enumerate(draw(st.permutations(players))):
        data[f"tricks__{row}__player"] = name
        data[f"tricks__{row}__tricks"] = draw(st.sampled_from(COUNTS))
    unread = f"tricks__{draw(st.integers(0, 2))}__tricks"
    data[unread] = draw(st.sampled_from(["12", "-1", "x", "4.5"]))
    return data, unread


@given(ombre_forms_with_a_trick_count_unread())
@settings(max_examples=200, deadline=None)
def test_a_message_said_of_the_rest_holds_whatever_the_unread_trick_count_holds(case: tuple[dict[str, Any], str]):
    data, unread = case
    with_the_rest = said(OMBRE_TABLE, data, game=OMBRE)
    without = said(OMBRE_TABLE, data, the_rest=False, game=OMBRE)
    extra = {(name, message) for name, messages in (with_the_rest or {}).items() for message in messages}
    extra -= {(name, message) for name, messages in (without or {}).items() for message in messages}
    for count in COUNTS if extra else ():
        outcome = said(OMBRE_TABLE, {**data, unread: count}, the_rest=False, game=OMBRE)
        for name, message in extra:
            assert outcome is not None, f"{unread}={count!r} is recorded, yet beside {name}: {message}"
            assert message in outcome.get(name, []) or "tricks" in outcome, (
                f"{unread}={count!r}: not said beside {name}: {message}")
