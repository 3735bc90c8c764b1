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
import logging
import math
from collections.abc import Callable, Collection, Mapping, Sequence
from decimal import Decimal
from typing import Any

from referee import parse
from referee.game import Field, Game, State, TableSpec
from scoring.services import ChangeRefused, checked_record, field_errors

logger = logging.getLogger(__name__)

LEFT_OUT = object()  # a stand-in for a value left empty: the record leaves it out
UNREAD = object()  # a list's value the form could not read: stood in for, never taken as given
MAX_STAND_INS = 300  # rule checks at most for what a refused deal says of the rest (~0.2 ms each: ~60 ms)
BLANK = (None, "")


def scalar_list(spec: Field) -> bool:
    """A list of plain values (not of dicts): one subfield named "value", or no subfields at all."""
    return not spec.fields or (len(spec.fields) == 1 and spec.fields[0].name == "value")


def item_field(spec: Field) -> Field:
    """What one item of a scalar list is."""
    if spec.fields:
        return spec.fields[0]
    return Field("value", spec.label, "choice" if spec.choices else "text", required=False,
                 choices=spec.choices)


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


def _element_stand_ins(spec: Field, players: Sequence[str]) -> list[Any] | None:
    """Every value one element of a list (a row's value, or an item of a list of plain values) may hold: the
    form asks none of them (a row's count left empty is the rules' to work out or refuse), so empty is one."""
    if spec.kind == "bool":
        return [LEFT_OUT, True]  # a row's switch off is left out of the row, as the form reads it
    values = stand_ins(spec, players)
    return None if values is None else [v for v in values if v is not LEFT_OUT] + [LEFT_OUT]


def _given(value: Any) -> Any:
    return LEFT_OUT if value in BLANK else value


def _one_of(value: Any, values: Sequence[Any]) -> bool:
    """``value`` is one of ``values`` as the form writes them (5 is not "5", nor True 1: a value written
    otherwise is stood in for, never taken as read)."""
    return any(value is v if v is LEFT_OUT else type(value) is type(v) and value == v for v in values)


def list_stand_ins(spec: Field, players: Sequence[str], given: Any) -> list[list[Any]] | None:
    """Every value a list field the rules could not read may hold, the elements they can read kept as given:
    each element that is not one of the values it may hold (a count of 12 where 0 to 9 go, or :data:`UNREAD`,
    a value the form could not read) is stood in for by each of them (:func:`_element_stand_ins`), every
    combination of them; an element stood in for by "empty" is left out, and so is a row left empty (as the
    form reads a list). None when the list cannot be stood in for so: not a list of the field's rows, no
    element found that the rules could not read (two rows for one player: the list as a whole is wrong), an
    element that cannot be listed (cards, text, a number without bounds) and is not empty, or more than
    :data:`MAX_STAND_INS` combinations.

    >>> tricks = Field("tricks", "Tricks", "list", fields=(Field("player", "Player", "player"),
    ...                                                    Field("tricks", "Tricks", "int", minimum=0, maximum=9)))
    >>> ana = {"player": "Ana", "tricks": 5}
    >>> lists = list_stand_ins(tricks, ["Ana", "Bea"], [ana, {"player": "Bea", "tricks": 12}])
    >>> len(lists), lists[0][1], lists[9][1], lists[10][1]
    (11, {'player': 'Bea', 'tricks': 0}, {'player': 'Bea', 'tricks': 9}, {'player': 'Bea'})
    >>> list_stand_ins(tricks, ["Ana", "Bea"], [ana, {"player": "Ana", "tricks": 4}]) is None  # the list is wrong
    True
    """
    if not isinstance(given, list | tuple):
        return None
    scalar = scalar_list(spec)
    subs = (item_field(spec),) if scalar else spec.fields
    rows: list[dict[str, Any]] = []
    for item in given:
        if scalar and not isinstance(item, Mapping):
            rows.append({subs[0].name: _given(item)})
        elif not scalar and isinstance(item, Mapping) and set(item) <= {sub.name for sub in subs}:
            rows.append({sub.name: _given(item.get(sub.name)) for sub in subs})
        else:
            return None
    unread: list[tuple[int, str]] = []
    choices: list[list[Any]] = []
    possible = {sub.name: _element_stand_ins(sub, players) for sub in subs}
    for index, row in enumerate(rows):
        for sub in subs:
            values = possible[sub.name]
            if values is None:
                if row[sub.name] is not LEFT_OUT:
                    return None  # whether the rules read it cannot be told
            elif not _one_of(row[sub.name], values):
                unread.append((index, sub.name))
                choices.append(values)
    if not unread or math.prod(len(values) for values in choices) > MAX_STAND_INS:
        return None
    lists: list[list[Any]] = []
    for combination in itertools.product(*choices):
        stood_in = [dict(row) for row in rows]
        for (index, name), value in zip(unread, combination, strict=True):
            stood_in[index][name] = value
        items = [{name: value for name, value in row.items() if value is not LEFT_OUT} for row in stood_in]
        if scalar:
            lists.append([row[subs[0].name] for row in items if row])
        else:
            lists.append([row for row in items if row])
    return lists


def what_the_rest_breaks(game: Game[Any, Any, Any], table: TableSpec[Any], fields: Sequence[Field],
                         before: Callable[[], State], record: Mapping[str, Any],
                         unread: Collection[str]) -> dict[str, str]:
    """What the rules say of the rest of ``record``, a deal refused for the ``unread`` fields (their names: the
    rules could not read them), against the state the deal follows (``before()``, asked for only if needed):
    ``{path: message}``, each a rule another field breaks whatever the unread fields hold. ``fields``: the
    record's fields as the form or the API asks them. The rules check the deal with every value each unread
    field may hold (:func:`stand_ins`; for a list, :func:`list_stand_ins`), every combination of them, and only
    a message every one gives alike, about another field, is kept (a bound on the points that one contract sets
    and another does not is not said while the contract is left empty). Nothing is said when the rules read the
    record whole (they checked it all), when a field's values cannot be listed, or when their combinations are
    more than :data:`MAX_STAND_INS`. In ``record``, a list's element the form could not read is
    :data:`UNREAD`. Never raises: what the rules say of values nobody sent is a help, not a check, so a state
    that cannot be worked out, or game code failing on a stand-in, says no more (logged)."""
    try:
        return _the_rest(game, table, fields, before, record, unread)
    except ChangeRefused:  # a stored deal before it the rules cannot read
        return {}
    except Exception as exc:  # game code on values the client did not send: its own messages are still said
        logger.warning("What the rules say of the rest of a refused deal failed: %r", exc, exc_info=True)
        return {}


def _the_rest(game: Game[Any, Any, Any], table: TableSpec[Any], fields: Sequence[Field],
              before: Callable[[], State], record: Mapping[str, Any], unread: Collection[str]) -> dict[str, str]:
    specs = {spec.name: spec for spec in fields}
    unread = set(unread)
    if not unread or not unread <= set(specs) or not isinstance(record, Mapping):
        return {}
    if not _has_unread(record):  # (a value the form could not read is not one the rules read as left empty)
        try:
            game.parse(table, record)
        except parse.InvalidRecord:
            pass
        else:
            return {}  # the rules read it all, so they checked it all: their messages are said already
    values_of: dict[str, Sequence[Any]] = {}
    for name in sorted(unread):
        spec = specs[name]
        values = (list_stand_ins(spec, table.players, record.get(name)) if spec.kind == "list"
                  else stand_ins(spec, table.players))
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


def _has_unread(record: Mapping[str, Any]) -> bool:
    """Some value in ``record``, or a list's, is :data:`UNREAD` (the form could not read it)."""
    return any(value is UNREAD or isinstance(value, list) and any(
        v is UNREAD or isinstance(v, Mapping) and UNREAD in v.values() for v in value) for value in record.values())
