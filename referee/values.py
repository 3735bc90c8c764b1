"""Immutable values that go to JSON and back: seats, and a codec for frozen dataclasses.

Records, states, options and outcome details are frozen dataclasses deriving from :class:`Values`. Their
``to_json`` and ``from_json`` follow the field types, so a game writes none of it:

- ``int``, ``str``, ``bool``, ``None`` as themselves; ``StrEnum`` by value; ``Card`` by its code;
- :class:`Seat` as ``{"seat": 2, "name": "Ana"}``: the seat, and the name it had at the table;
- ``tuple[X, ...]`` as a list; ``Mapping[str, X]`` as an object; a nested :class:`Values` as an object;
- :class:`~referee.text.Text` as ``[template, params]``.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Take(Values):
...     player: Seat
...     points: tuple[int, ...] = ()
>>> Take(Seat(1, "Bea"), (3, 4)).to_json()
{'player': {'seat': 1, 'name': 'Bea'}, 'points': [3, 4]}
>>> Take.from_json({"player": {"seat": 1, "name": "Bea"}, "points": [3, 4]})
Take(player=Seat(index=1, name='Bea'), points=(3, 4))
"""

from __future__ import annotations

import dataclasses
import enum
import sys
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Self, TypeVar, Union

from referee.cards import Card
from referee.text import Text


@dataclass(frozen=True, order=True)
class Seat:
    """A seat at the table (0 is the first in the order of play), with the name its player had when the value
    was made. Seats compare by index only, so a renamed player is still the same seat.

    >>> Seat(2, "Eva") == Seat(2, "Eve")
    True
    """

    index: int
    name: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.name or f"#{self.index + 1}"

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.index, "name": self.name}

    @classmethod
    def from_json(cls, data: Any) -> Seat:
        if isinstance(data, Mapping):
            return cls(int(data["seat"]), str(data.get("name", "")))
        return cls(int(data))


def card_from_code(code: str) -> Card:
    """A card from a code this module wrote (no deck needed: ``"T21"``, ``"EX"``, ``"KH"``, ``"12E"``)."""
    if code == "EX":
        return Card("EX", "0")
    if code.startswith("T") and code[1:].isdigit():
        return Card("T", code[1:])
    return Card(code[-1:], code[:-1])


V = TypeVar("V", bound="Values")


class Values:
    """Base of the frozen dataclasses that the rules pass around and the app stores as JSON."""

    def to_json(self) -> dict[str, Any]:
        return {name: encode(getattr(self, name)) for name in _field_names(typing.cast(type, type(self)))}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """The value back from :meth:`to_json`; keys it does not know are ignored, missing ones defaulted."""
        return cls(**{name: read(data[name]) for name, read in _field_readers(cls) if name in data})  # type: ignore[arg-type]

    def replace(self, **changes: Any) -> Self:
        return dataclasses.replace(self, **changes)  # type: ignore[type-var]


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, vars(sys.modules[cls.__module__]))


_PLAIN = frozenset({type(None), bool, int, str, float})  # exactly these: an enum of ints or strings is not plain
_SEQUENCES = frozenset({tuple, list, frozenset})


def encode(value: Any) -> Any:
    """``value`` as JSON holds it. The plain types are told by their exact type first: a record, an outcome and
    a state are encoded at every deal, and a night's replay encodes thousands."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind in _SEQUENCES:
        return [encode(v) for v in value]
    if kind is dict:
        return {str(encode(k)): encode(v) for k, v in value.items()}
    return _encode_other(value)


def _encode_other(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | str | float):
        return value.value if isinstance(value, enum.Enum) else value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Seat | Values):
        return value.to_json()
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Text):
        return value.to_i18n()
    if isinstance(value, Mapping):
        return {str(encode(k)): encode(v) for k, v in value.items()}
    if isinstance(value, tuple | list | frozenset):
        return [encode(v) for v in value]
    raise TypeError(f"cannot store {type(value).__name__} as JSON")


def decode(kind: Any, data: Any) -> Any:
    """``data`` (as :func:`encode` wrote it) back as a value of type ``kind``."""
    return _reader(kind)(data)


@cache
def _field_readers(cls: type) -> tuple[tuple[str, Callable[[Any], Any]], ...]:
    """Each field of a Values class with the function that reads it back: worked out once per class."""
    hints = _hints(cls)
    return tuple((f.name, _reader(hints[f.name])) for f in dataclasses.fields(cls))


def _identity(data: Any) -> Any:
    return data


@cache
def _reader(kind: Any) -> Callable[[Any], Any]:
    """The function that reads JSON back as ``kind``, built once per type (replaying a long night reads
    thousands of records)."""
    origin = typing.get_origin(kind)
    if kind is Any or origin is typing.Literal:
        return _identity
    if origin in (Union, types.UnionType):
        options = [option for option in typing.get_args(kind) if option is not type(None)]
        optional = len(options) < len(typing.get_args(kind))
        readers = [_reader(option) for option in options]

        def read_union(data: Any) -> Any:
            if data is None and optional:
                return None
            for read in readers:
                try:
                    return read(data)
                except (TypeError, ValueError, KeyError, AttributeError):
                    continue
            raise ValueError(f"{data!r} is none of {kind}")
        return read_union
    if origin in (tuple, typing.Tuple):  # noqa: UP006
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _reader(args[0])
            return lambda data: tuple(item(value) for value in data)
        items = [_reader(arg) for arg in args]
        return lambda data: tuple(read(value) for read, value in zip(items, data, strict=True))
    if origin in (frozenset, set):
        (arg,) = typing.get_args(kind)
        item = _reader(arg)
        return lambda data: frozenset(item(value) for value in data)
    if origin in (dict, Mapping, typing.Mapping, collections_abc_mapping()):
        key_kind, value_kind = typing.get_args(kind)
        read_key, read_value = _reader(key_kind), _reader(value_kind)
        return lambda data: {read_key(k): read_value(v) for k, v in data.items()}
    if isinstance(kind, type):
        if issubclass(kind, Values) or kind is Seat:
            return kind.from_json
        if kind is Card:
            return card_from_code
        if kind is Text:
            return Text.from_i18n
        if issubclass(kind, enum.Enum):
            return kind
        if kind in (bool, int, str):
            return kind
    return _identity


def collections_abc_mapping() -> Any:
    import collections.abc

    return collections.abc.Mapping
