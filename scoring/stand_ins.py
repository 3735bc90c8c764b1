"""What the rules find wrong with the rest of a deal they could not read whole, for the record form and the API
alike (one source of truth).

A deal refused for a field the rules cannot read (a count out of range, a required field left empty, a word
where a number goes) is not checked against the table: the rules stop at reading. So that one save (or one
request) still says every message, the rules check the deal again with each value the unread fields may hold
in their place (their *stand-ins*), every combination of them, and a message about another field is said only
if every combination gives it alike: it holds whatever the unread fields hold.

The values are written as :meth:`scoring.forms.RecordForm.record` reads them from the form (a choice's value,
a player's name, a whole number), which the rules read as they read a record sent to the API.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Collection, Mapping, Sequence
from decimal import Decimal
from typing import Any

from referee import parse
from referee.game import Field, Game, State, TableSpec
from scoring.services import checked_record, field_errors

LEFT_OUT = object()  # a stand-in for a value left empty: the record leaves it out
MAX_STAND_INS = 300  # rule checks at most, for what a refused deal says of the rest (a few ms)


def plain_number(number: Decimal) -> int | str:
    """An integral Decimal as an int; otherwise its plain text ("40.5"): JSON-able, never a float."""
    if number == number.to_integral_value():
        return int(number)
    return format(number.normalize(), "f")


def stand_ins(spec: Field, players: Sequence[str]) -> list[Any] | None:
    """Every value a plain record field may hold, as the form reads it: each choice, each player, the switch off
    and on, each number between the field's bounds by its step (the rules refuse a number between two steps),
    and the field left empty where it may be. None when they cannot be listed (a list, cards, text, a number
    without bounds) or are more than :data:`MAX_STAND_INS`.

    >>> stand_ins(Field("bouts", "Bouts", "int", minimum=0, maximum=3), ["N", "S"])
    [0, 1, 2, 3]
    >>> stand_ins(Field("cards", "Cards", "cards"), ["N", "S"]) is None
    True
    """
    values: list[Any]
    if spec.kind == "bool":
        return [False if spec.default else LEFT_OUT, True]
    if spec.kind in ("choice", "player") and (spec.choices or spec.kind == "player"):
        values = [str(value) for value, _label in spec.choices] if spec.choices else list(players)
    elif spec.kind in ("int", "decimal") and spec.minimum is not None and spec.maximum is not None:
        low, step = Decimal(str(spec.minimum)), Decimal(str(spec.step or 1))
        count = int((Decimal(str(spec.maximum)) - low) // step) + 1
        if not 0 < count <= MAX_STAND_INS:
            return None
        numbers = (low + i * step for i in range(count))
        values = [int(n) if spec.kind == "int" else plain_number(n) for n in numbers]
    else:
        return None
    return values if spec.required else [*values, LEFT_OUT]


def what_the_rest_breaks(game: Game[Any, Any, Any], table: TableSpec[Any], fields: Sequence[Field],
                         before: Callable[[], State], record: Mapping[str, Any],
                         unread: Collection[str]) -> dict[str, str]:
    """What the rules say of the rest of ``record``, a deal refused for the ``unread`` fields (their names: the
    rules could not read them), against the state the deal follows (``before()``, asked for only if needed):
    ``{path: message}``, each a rule another field breaks whatever the unread fields hold. ``fields``: the
    record's fields as the form or the API asks them. The rules check the deal with every value each unread
    field may hold (:func:`stand_ins`), every combination of them, and only a message every one gives alike,
    about another field, is kept (a bound on the points that one contract sets and another does not is not said
    while the contract is left empty). Nothing is said when the rules read the record whole (they checked it
    all), when a field's values cannot be listed, or when their combinations are more than
    :data:`MAX_STAND_INS`."""
    specs = {spec.name: spec for spec in fields}
    unread = set(unread)
    if not unread or not unread <= set(specs) or not isinstance(record, Mapping):
        return {}
    try:
        game.parse(table, record)
    except parse.InvalidRecord:
        pass
    else:
        return {}  # the rules read it all, so they checked it all: their messages are said already
    values_of: dict[str, Sequence[Any]] = {}
    for name in sorted(unread):
        spec = specs[name]
        values = stand_ins(spec, table.players)
        if values is None:
            return {}
        values_of[name] = values
    if math.prod(len(values) for values in values_of.values()) > MAX_STAND_INS:
        return {}
    read = {name: value for name, value in record.items() if name not in unread}
    state = before()
    kept: dict[str, str] | None = None
    for combination in itertools.product(*values_of.values()):
        stood_in = {**read, **{name: value for name, value in zip(values_of, combination, strict=True)
                               if value is not LEFT_OUT}}
        try:
            clean = checked_record(game, table, state, stood_in)
            game.check(table, state, clean)
        except parse.InvalidRecord as exc:
            said = field_errors(exc)
        else:
            return {}  # a deal the rules take: nothing they say holds whatever the unread fields hold
        kept = {path: message for path, message in (said if kept is None else kept).items()
                if said.get(path) == message and path.split(".")[0] not in unread}
        if not kept:
            return {}
    return kept or {}

