"""Loose input to values, once for every game: yes/no, whole numbers, numbers, choices, seats, cards.

What a person or a client sends (``" e "``, ``"49,5"``, ``"on"``, ``"KH, 10S"``) is read here into typed values;
the rules only ever see the values. Each reader returns ``None`` (or a default) for what it cannot read and
puts one message on the field in an :class:`Errors`; the game's ``parse`` raises them together.

>>> errors = Errors()
>>> whole_number(" 3 ", "bouts", errors), yes_no("on", "void", errors), number("40,5", "points", errors)
(3, True, Decimal('40.5'))
>>> whole_number("²", "bouts", errors), errors.errors["bouts"].template
(None, 'Enter a whole number.')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any, TypeVar

from referee.cards import DECK_HINTS, Card, CardError, DeckKind, card_codes, card_name, meant_by
from referee.text import Text, _, join
from referee.values import Seat

YES = frozenset({"1", "true", "on", "yes", "y", "sí", "si", "oui"})
NO = frozenset({"", "0", "false", "off", "no", "n", "non"})
MAX_DIGITS = 30  # a number's digits before or after the point: far beyond any score, and int() stays cheap

E = TypeVar("E")


class InvalidRecord(Exception):
    """A record (or a situation, or options) that cannot be: one message per field; ``"__all__"`` for the whole.

    ``rules`` names, per field, the rule a record breaks (set by a game's ``check``, not by ``parse``)."""

    def __init__(self, errors: Mapping[str, Text | str], rules: Mapping[str, Any] | None = None):
        self.errors: dict[str, Text] = {k: v if isinstance(v, Text) else Text(v) for k, v in errors.items()}
        self.rules: dict[str, Any] = dict(rules or {})
        super().__init__("; ".join(f"{k}: {v}" for k, v in self.errors.items()))


class Errors:
    """Collects one message per field while reading; :meth:`raise_if_any` at the end."""

    def __init__(self) -> None:
        self.errors: dict[str, Text] = {}
        self.rules: dict[str, Any] = {}

    def add(self, name: str, message: Text, rule: Any = None) -> None:
        if name not in self.errors:
            self.errors[name] = message
            if rule is not None:
                self.rules[name] = rule

    def add_all(self, refused: InvalidRecord) -> None:
        """Every message of a record refused while reading this one (its rules kept), as :meth:`add` takes them."""
        for name, message in refused.errors.items():
            self.add(name, message, refused.rules.get(name))

    def __contains__(self, name: str) -> bool:
        return name in self.errors

    def __bool__(self) -> bool:
        return bool(self.errors)

    def raise_if_any(self) -> None:
        if self.errors:
            raise InvalidRecord(self.errors, self.rules)


def is_blank(value: Any) -> bool:
    """Nothing given: ``None``, ``""`` or spaces."""
    return value is None or (isinstance(value, str) and not value.strip())


def question_of(situation: Any) -> str:
    """The question a referee situation as sent asks (``"question"``, case and spaces aside); ``""`` if none.

    >>> question_of({"question": " Betting "}), question_of({}), question_of("play")
    ('betting', '', '')
    """
    return str(situation.get("question") or "").strip().lower() if isinstance(situation, Mapping) else ""


def unknown_fields(raw: Mapping[str, Any], known: Iterable[str], errors: Errors, game_name: Text | str) -> None:
    """A message on every key of ``raw`` that is not a field of the record."""
    names = frozenset(known)
    for key in raw:
        if key not in names:
            errors.add(str(key)[:60], _("Unknown field for %(game)s.",  # the name as the reader says it
                                        game=_(game_name) if isinstance(game_name, str) else game_name))


def yes_no(value: Any, field: str, errors: Errors) -> bool:
    """``True``/``False``, ``1``/``0``, ``"on"``, ``"yes"``...; blank is no."""
    if value is None or isinstance(value, bool):
        return bool(value)
    if type(value) is int and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        word = value.strip().lower()
        if word in YES:
            return True
        if word in NO:
            return False
    errors.add(field, _("Answer yes or no."))
    return False


def whole_number(value: Any, field: str, errors: Errors, *, minimum: int | None = None,
                 maximum: int | None = None, blank: Text | None = None, wrong: Text | None = None) -> int | None:
    """A whole number from an int or its digits (``" 3 "``, ``"-2"``, ``"3.0"``), within the bounds.

    ``blank`` is the message when nothing is given (none: blank is ``None`` without a message); ``wrong`` the
    message for anything else (default: "Enter a whole number." or the bounds)."""
    if is_blank(value):
        if blank is not None:
            errors.add(field, blank)
        return None
    result: int | None = None
    if type(value) is int:
        result = value
    elif isinstance(value, str):
        text = value.strip()
        digits = text[1:] if text[:1] in "-+" else text
        if digits.isascii() and digits.isdigit() and len(digits) <= MAX_DIGITS:  # not "²": int() misreads it
            result = int(text)
    if result is None and not isinstance(value, bool):
        decimal = _decimal(value)
        if decimal is not None and decimal == decimal.to_integral_value():
            result = int(decimal)
    if result is None:
        errors.add(field, wrong or _("Enter a whole number."))
        return None
    if (minimum is not None and result < minimum) or (maximum is not None and result > maximum):
        if wrong is not None:
            errors.add(field, wrong)
        elif minimum is not None and maximum is not None:
            errors.add(field, _("Must be between %(lo)s and %(hi)s.", lo=minimum, hi=maximum))
        elif minimum is not None:
            errors.add(field, _("Must be at least %(lo)s.", lo=minimum))
        else:
            errors.add(field, _("Must be at most %(hi)s.", hi=maximum))
        return None
    return result


def _decimal(value: Any) -> Decimal | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | Decimal):
        number = Decimal(value)
    elif isinstance(value, float):
        number = Decimal(str(value))
    elif isinstance(value, str):
        raw = value.strip().replace(",", ".").replace(" ", "").replace("\u202f", "").replace("\u00a0", "")
        if raw.endswith("½"):
            raw = (raw[:-1] or "0") + ".5"
        if not raw.isascii():
            return None
        try:
            number = Decimal(raw)
        except InvalidOperation:
            return None
    else:
        return None
    # 1e9999999 is finite, but int() of it would take minutes: no score is that large or that fine.
    return number if number.is_finite() and abs(number.adjusted()) <= MAX_DIGITS else None


def number(value: Any, field: str, errors: Errors, *, blank: Text | None = None,
           wrong: Text | None = None) -> Decimal | None:
    """A number as typed on a phone: ``49``, ``"40,5"``, ``"40.5"``, ``"40½"``."""
    if is_blank(value):
        if blank is not None:
            errors.add(field, blank)
        return None
    result = _decimal(value)
    if result is None:
        errors.add(field, wrong or _("Enter a number, like 49 or 40.5."))
    return result


def choice(value: Any, choices: Sequence[E] | Mapping[str, E], field: str, errors: Errors, *,
           default: E | None = None, aliases: Mapping[str, str] | None = None, blank: Text | None = None,
           wrong: Text | None = None) -> E | None:
    """One of ``choices`` (strings, or a ``StrEnum``'s members): as given, or trimmed, lower case, spaces and
    dashes as ``_``, through ``aliases``. Blank is ``default`` (or a ``blank`` message)."""
    table: dict[str, E] = dict(choices) if isinstance(choices, Mapping) else {str(c): c for c in choices}
    if isinstance(value, str) and value in table:
        return table[value]
    if is_blank(value):
        if default is None and blank is not None:
            errors.add(field, blank)
        return default
    word = str(value).strip().lower().replace(" ", "_").replace("-", "_")
    word = (aliases or {}).get(word, word)
    for key, item in table.items():
        if key.lower() == word:
            return item
    errors.add(field, wrong or _("Not one of the choices."))
    return None


def seat(players: Sequence[str], value: Any, field: str, errors: Errors, *, blank: Text | None = None) -> Seat | None:
    """A player of the table by name (exact, else ignoring case and spaces), by seat number (0-based int, as
    forms send it) or as a stored seat ``{"seat": 1, "name": "Bea"}``."""
    if is_blank(value):
        if blank is not None:
            errors.add(field, blank)
        return None
    found = find_seat(players, value)
    if found is None and (isinstance(value, bool) or not isinstance(value, (str, int, Mapping, Seat))):
        errors.add(field, _("Name one player of the table."))  # a list, a number with a point...: no name
    elif found is None:
        errors.add(field, _("%(name)s is not playing at this table.", name=_shown(value)))
    return found


def find_seat(players: Sequence[str], value: Any) -> Seat | None:
    if isinstance(value, Seat):
        return Seat(value.index, players[value.index]) if 0 <= value.index < len(players) else None
    if isinstance(value, Mapping) and "seat" in value:
        index = value.get("seat")
        if type(index) is int and 0 <= index < len(players):
            return Seat(index, players[index])
        return None
    if type(value) is int:
        return Seat(value, players[value]) if 0 <= value < len(players) else None
    if not isinstance(value, str):
        return None
    if value in players:
        return Seat(players.index(value), value)
    wanted = value.strip().casefold()
    for index, name in enumerate(players):
        if name.casefold() == wanted:
            return Seat(index, name)
    text = value.strip()
    if text.startswith("#") and text[1:].isascii() and text[1:].isdigit():  # "#2": the second seat
        index = int(text[1:]) - 1
        if 0 <= index < len(players):
            return Seat(index, players[index])
    return None


def seats(players: Sequence[str], value: Any, field: str, errors: Errors, *, unique: bool = True) -> tuple[Seat, ...]:
    """Several players: a list, or one string separated by commas. Each once (unless ``unique`` is off)."""
    if is_blank(value):
        return ()
    items: list[Any]
    if isinstance(value, str):
        items = [part for part in value.split(",") if part.strip()]
    elif isinstance(value, list | tuple):
        items = list(value)
    else:
        errors.add(field, _("Give a list of players."))
        return ()
    found: list[Seat] = []
    for item in items:
        one = seat(players, item, field, errors)
        if one is None:
            return ()
        if unique and one in found:
            errors.add(field, _("%(name)s is named twice.", name=one.name))
            return ()
        found.append(one)
    return tuple(found)


def card(value: Any, deck: DeckKind, field: str, errors: Errors, *, blank: Text | None = None,
         wrong: Text | None = None) -> Card | None:
    """One card of ``deck`` by its code (``"KH"``, ``"T21"``, ``"12E"``, ``"K♥"``)."""
    if is_blank(value):
        if blank is not None:
            errors.add(field, blank)
        return None
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        errors.add(field, wrong or _("%(code)s is not a card of this game.", code=_shown(value)))
        return None
    try:
        return Card.parse(value, deck)
    except CardError:  # with how the codes go (their letters are English: a French "RH" is "KH")
        errors.add(field, join([wrong or _("%(code)s is not a card of this game.", code=_shown(value)),
                                did_you_mean(value, deck) or DECK_HINTS[deck]], " "))
        return None


def did_you_mean(code: str, deck: DeckKind) -> Text | None:
    """The card a refused code means with a digit 0 read as the letter O (:func:`~referee.cards.meant_by`), as
    a question naming it; ``None`` where it means none, or several.

    >>> str(did_you_mean("30", DeckKind.SPANISH40)), did_you_mean("3X", DeckKind.SPANISH40)
    ('Did you mean 3O (3 of oros)?', None)
    """
    meant = meant_by(code, deck)
    if meant is None:
        return None
    return _("Did you mean %(code)s (%(name)s)?", code=meant.code, name=card_name(meant, deck))


def cards(value: Any, deck: DeckKind, field: str, errors: Errors, *, wrong: Text | None = None,
          unique: bool = True) -> tuple[Card, ...]:
    """Cards of ``deck``: a list of codes, or one string separated by spaces or commas; each card once."""
    codes = card_codes(value)
    if codes is None:
        errors.add(field, _("Give a list of cards, like %(example)s.", example=_example(deck)))
        return ()
    found: list[Card] = []
    for code in codes:
        one = card(code, deck, field, errors, wrong=wrong)
        if one is None:
            return ()
        if unique and one in found:
            errors.add(field, _("%(code)s is given twice: there is one of each card.", code=card_name(one, deck)))
            return ()
        found.append(one)
    return tuple(found)


def _example(deck: DeckKind) -> str:
    return {DeckKind.TAROT: "KH 10S T21 EX", DeckKind.FRENCH52: "KH 10S AC"}.get(deck, "1O 12C 7E")


def _shown(value: Any) -> str:
    """A value as the message quotes it: short, so a huge field never comes back in full."""
    text = str(value.get("seat")) if isinstance(value, Mapping) else str(value)
    return text if len(text) <= 40 else text[:39] + "…"
