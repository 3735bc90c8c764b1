"""A table to a file and back: lossless JSON (every deal with every revision) and CSV for spreadsheets.

The JSON file holds what a table *is*: its game, options, stake, seats, and every deal with every revision
(record, action, author, time), with the deals' client ids, and the table's own change log (players changed, a
game carried over from paper). It never holds the link tokens (a file gets shared), nor the id the table was
started under (the start's: a copy imported is a new start, which a second import must not take for a repeat),
nor what is derived (outcomes, states): importing a file makes a new table with new tokens and derives those
again by replaying its deals through the game, which checks every one of them on the way.

Reading a file is done at the edge, once: :func:`read` turns bytes into a typed :class:`TableFile` (or
:class:`ImportRefused` with a message per problem, keyed by where it is in the file, like
``deals.2.record.points``); :func:`plan` replays it through the game, before any write; :func:`import_table`
writes the planned table in one transaction, so a refused file leaves nothing behind.
A key the format does not have is refused beside it (``deals.0.qqq``), as the API refuses one in a request body.
Each deal is as its history left it (:func:`_check_history`): its record and withdrawn state its last
revision's, each revision doing what its action says; a file changed in one place and not the other is refused,
naming the deal.

A new field on :class:`~scoring.models.Table` is one line in :data:`TABLE_FIELDS` (how the file's value is
read back); it is exported, and imported with the model's default when an older file does not have it.

>>> sorted(TABLE_FIELDS)
['carried', 'currency', 'first_dealer', 'name', 'options', 'settle_choices', 'stake_minor']
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import logging
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from functools import partial
from typing import Any

from django.db import DatabaseError, connections, router, transaction
from django.db.models import Model
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.formats import get_format
from django.utils.text import slugify
from django.utils.translation import gettext as _

from referee.game import Game, InvalidRecord, State, TableSpec, get_game
from scoring import services
from scoring.models import Deal, DealRevision, Player, Seat, Table, TableChange
from scoring.presenters import presenter_for
from scoring.storable import ESCAPED_UNSTORABLE, unstorable_path

logger = logging.getLogger(__name__)

FORMAT = "tapete-table"
FORMAT_VERSION = 1
MAX_FILE_BYTES = 32 * 1024 * 1024  # a 20,000-deal night is about 14 MB, and more with its corrections
MAX_SEATS = 16  # more than any game seats: the game refuses a wrong count with its own message
MAX_PROBLEMS = 20  # said at once; a file with more is wrong throughout
MAX_INT = 2**31 - 1  # what every database stores in a positive integer column

# -- reading a file, at the edge ------------------------------------------------------------------------------


class ImportRefused(Exception):
    """A file that cannot become a table: a message per problem, keyed by where it is in the file."""

    def __init__(self, errors: Mapping[str, str], *, unreadable: bool = False):
        self.errors = dict(errors)
        self.unreadable = unreadable  # not even JSON (the API answers 400, else 422)
        super().__init__("; ".join(self.errors.values()))


class Problems:
    """The problems found in a file so far (at most :data:`MAX_PROBLEMS`; the first one at a place wins)."""

    def __init__(self) -> None:
        self.errors: dict[str, str] = {}

    def add(self, where: str, message: str) -> None:
        if len(self.errors) < MAX_PROBLEMS:
            self.errors.setdefault(where or "file", message)

    def raise_if_any(self) -> None:
        if self.errors:
            raise ImportRefused(self.errors)


Reader = Callable[[Any, str, Problems], Any]


def _max_length(model: type[Model], name: str) -> int:
    length = model._meta.get_field(name).max_length  # type: ignore[union-attr]
    assert length is not None
    return int(length)


def read_text(value: Any, where: str, problems: Problems, max_length: int, required: bool = False) -> str | None:
    if not isinstance(value, str):
        problems.add(where, _("Must be text."))
        return None
    if required and not value.strip():
        problems.add(where, _("This field is required."))
        return None
    if len(value) > max_length:
        problems.add(where, _("At most %(n)s characters.") % {"n": max_length})
        return None
    return value


def read_whole(value: Any, where: str, problems: Problems, minimum: int = 0, maximum: int = MAX_INT) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int):
        problems.add(where, _("Enter a whole number."))
        return None
    if not minimum <= value <= maximum:
        problems.add(where, _("Must be between %(low)s and %(high)s.") % {"low": minimum, "high": maximum})
        return None
    return value


def read_flag(value: Any, where: str, problems: Problems) -> bool | None:
    if not isinstance(value, bool):
        problems.add(where, _("Must be true or false."))
        return None
    return value


def read_object(value: Any, where: str, problems: Problems) -> dict[str, Any] | None:
    if not isinstance(value, dict):
        problems.add(where, _("Must be a JSON object."))
        return None
    return value


def refuse_unknown_keys(item: Mapping[str, Any], known: frozenset[str], where: str, problems: Problems) -> None:
    """A problem beside each key of one of the file's own objects that the file format does not have (a misspelt
    or made-up key would otherwise be dropped without a word), as the API's request bodies refuse them. What the
    game reads (records, options, a game carried over) and a change's details are not the format's: the game
    says what it does not know there."""
    for key in item:
        if key not in known:
            place = f"{where}.{str(key)[:40]}" if where else str(key)[:40]
            problems.add(place, _("Unknown field: check its spelling."))


def read_optional_object(value: Any, where: str, problems: Problems) -> dict[str, Any] | None:
    return None if value is None else read_object(value, where, problems)


def read_list(value: Any, where: str, problems: Problems, maximum: int) -> list[Any] | None:
    if not isinstance(value, list):
        problems.add(where, _("Must be a list."))
        return None
    if len(value) > maximum:
        problems.add(where, _("At most %(n)s items.") % {"n": maximum})
        return None
    return value


def read_moment(value: Any, where: str, problems: Problems) -> datetime | None:
    """A time as the file writes it (ISO 8601 with its offset); ``None`` (missing) is now."""
    if value is None:
        return timezone.now()
    try:
        moment = parse_datetime(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None or timezone.is_naive(moment):
        problems.add(where, _("Must be a date and time with its offset, like 2026-05-01T21:30:00+02:00."))
        return None
    return moment


def read_client_id(value: Any, where: str, problems: Problems) -> uuid.UUID | None:
    if value is None:
        return None
    try:
        if isinstance(value, str):
            return uuid.UUID(value)
    except ValueError:
        pass
    problems.add(where, _("Must be a UUID or null."))
    return None


# The table's own fields in the file, each with how it is read back into the model's value. A new Table field
# is one line here; an older file without it imports with the model's default. Those create_table takes are
# passed to it (CREATED_WITH), the others are stored right after, in the same transaction.
TABLE_FIELDS: dict[str, Reader] = {
    "name": partial(read_text, max_length=_max_length(Table, "name")),
    "options": read_object,
    "stake_minor": read_whole,
    "currency": partial(read_text, max_length=_max_length(Table, "currency"), required=True),
    "first_dealer": partial(read_whole, maximum=MAX_SEATS - 1),
    "carried": read_optional_object,  # a game carried over from paper: checked as the game's state in plan()
    "settle_choices": read_object,  # saved with the stake: read by its game's settle-up as any page's choice
}
CREATED_WITH = ("name", "options", "stake_minor", "currency", "first_dealer")

# The keys of the file's own objects, as export() writes them: any other key is refused beside it.
FILE_KEYS = frozenset({"format", "version", "exported", "table", "seats", "deals", "changes"})
TABLE_KEYS = frozenset({"game", "created", *TABLE_FIELDS})
SEAT_KEYS = frozenset({"name", "team"})
DEAL_KEYS = frozenset({"number", "record", "withdrawn", "revision", "client_id", "created", "revisions"})
REVISION_KEYS = frozenset({"revision", "action", "record", "withdrawn", "author", "client_id", "created"})
CHANGE_KEYS = frozenset({"kind", "after_deals", "details", "author", "created"})


@dataclass(frozen=True)
class SeatIn:
    name: str
    team: str


@dataclass(frozen=True)
class RevisionIn:
    revision: int
    action: str
    record: dict[str, Any]
    withdrawn: bool
    author: str
    client_id: uuid.UUID | None  # the phone's id for the deal a "record" revision recorded
    created: datetime


@dataclass(frozen=True)
class DealIn:
    number: int
    record: dict[str, Any]
    withdrawn: bool
    revision: int
    client_id: uuid.UUID | None
    created: datetime
    revisions: tuple[RevisionIn, ...]


@dataclass(frozen=True)
class ChangeIn:
    """A change to the table itself (players, a game carried over from paper), from its change log."""

    kind: str
    after_deals: int
    details: dict[str, Any]
    author: str
    created: datetime


@dataclass(frozen=True)
class TableFile:
    """A table file as read: typed values, not yet checked by the game."""

    game: str
    fields: Mapping[str, Any]  # by TABLE_FIELDS' names
    created: datetime
    seats: tuple[SeatIn, ...]
    deals: tuple[DealIn, ...]
    changes: tuple[ChangeIn, ...] = ()




def decode(data: bytes) -> Any:
    """The file's JSON (strict: no ``NaN``, no NUL in a text). :class:`ImportRefused` if it is not."""
    if len(data) > MAX_FILE_BYTES:
        raise ImportRefused({"file": too_big_message()})

    def refuse(constant: str) -> Any:
        raise ValueError(constant)

    not_a_file = _("This file is not a table exported from Tapete: it is not JSON.")
    try:
        parsed = json.loads(data.decode("utf-8-sig"), parse_constant=refuse)
    except UnicodeDecodeError:
        raise ImportRefused({"file": not_a_file}, unreadable=True) from None
    except json.JSONDecodeError as exc:
        where = _("line %(line)s, column %(column)s") % {"line": exc.lineno, "column": exc.colno}
        raise ImportRefused({"file": f"{not_a_file} ({where})"}, unreadable=True) from None
    except (ValueError, RecursionError):  # NaN or Infinity; nested too deep
        raise ImportRefused({"file": not_a_file}, unreadable=True) from None
    where = unstorable_path(parsed) if ESCAPED_UNSTORABLE.search(data) else None  # only then look for where
    if where is not None:
        raise ImportRefused({where: _("Text cannot contain the NUL character (\\u0000) or half of a UTF-16 "
                                      "surrogate pair (\\ud800–\\udfff).")})
    return parsed


def too_big_message() -> str:
    return _("The file is too large: at most %(n)s MB.") % {"n": MAX_FILE_BYTES // (1024 * 1024)}


def read(data: bytes) -> TableFile:
    """A file's bytes as a typed :class:`TableFile`; :class:`ImportRefused` with every problem found."""
    document = decode(data)
    problems = Problems()
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ImportRefused({"format": _("This file is not a table exported from Tapete.")})
    version = document.get("version")
    if version != FORMAT_VERSION:
        raise ImportRefused({"version": _("This file is in format version %(found)s; this Tapete reads version "
                                          "%(known)s.") % {"found": str(version)[:20], "known": FORMAT_VERSION}})
    refuse_unknown_keys(document, FILE_KEYS, "", problems)
    if not isinstance(document.get("table"), dict):  # nothing more can be read (the file's own keys are said)
        problems.add("table", _("This file is not a table exported from Tapete.") if "table" not in document
                     else _("Must be a JSON object."))
        problems.raise_if_any()
    table = document["table"]
    refuse_unknown_keys(table, TABLE_KEYS, "table", problems)
    game = table.get("game")
    try:
        get_game(game if isinstance(game, str) else "")
    except KeyError:
        problems.add("table.game", _("This field is required.") if game is None
                     else _("There is no game called %(game)s.") % {"game": str(game)[:40]})
        problems.raise_if_any()
    fields: dict[str, Any] = {}
    for name, reader in TABLE_FIELDS.items():
        if name in table:
            fields[name] = reader(table[name], f"table.{name}", problems)
        else:
            fields[name] = Table._meta.get_field(name).get_default()
    created = read_moment(table.get("created"), "table.created", problems)
    seats = tuple(_read_seats(document.get("seats"), problems))
    deals = tuple(_read_deals(document.get("deals"), problems))
    changes = tuple(_read_changes(document.get("changes", []), problems))
    problems.raise_if_any()
    assert created is not None
    return TableFile(game, fields, created, seats, deals, changes)


def _read_changes(value: Any, problems: Problems) -> Iterator[ChangeIn]:
    kinds = set(TableChange.Kind.values)
    for index, item in enumerate(read_list(value, "changes", problems, MAX_INT) or ()):
        where = f"changes.{index}"
        if read_object(item, where, problems) is None:
            continue
        refuse_unknown_keys(item, CHANGE_KEYS, where, problems)
        kind = item.get("kind")
        if kind not in kinds:
            problems.add(f"{where}.kind", _("Must be one of: %(choices)s.") % {"choices": ", ".join(sorted(kinds))})
        after_deals = read_whole(item.get("after_deals", 0), f"{where}.after_deals", problems, 0, services.MAX_DEALS)
        details = read_object(item.get("details"), f"{where}.details", problems)
        author = read_text(item.get("author", ""), f"{where}.author", problems, _max_length(TableChange, "author"))
        created = read_moment(item.get("created"), f"{where}.created", problems)
        if (kind in kinds and after_deals is not None and details is not None and author is not None
                and created is not None):
            yield ChangeIn(str(kind), after_deals, _without_links(details), author, created)


def _read_seats(value: Any, problems: Problems) -> Iterator[SeatIn]:
    for index, seat in enumerate(read_list(value, "seats", problems, MAX_SEATS) or ()):
        where = f"seats.{index}"
        if read_object(seat, where, problems) is None:
            continue
        refuse_unknown_keys(seat, SEAT_KEYS, where, problems)
        name = read_text(seat.get("name"), f"{where}.name", problems, _max_length(Player, "name"), required=True)
        team = read_text(seat.get("team", ""), f"{where}.team", problems, _max_length(Seat, "team"))
        if name is not None and team is not None:
            yield SeatIn(name.strip(), team)


def _read_deals(value: Any, problems: Problems) -> Iterator[DealIn]:
    client_ids: set[uuid.UUID] = set()
    for index, deal in enumerate(read_list(value, "deals", problems, services.MAX_DEALS) or ()):
        where = f"deals.{index}"
        if read_object(deal, where, problems) is None:
            continue
        refuse_unknown_keys(deal, DEAL_KEYS, where, problems)
        number = read_whole(deal.get("number"), f"{where}.number", problems, 1, services.MAX_DEALS)
        if number is not None and number != index + 1:
            problems.add(f"{where}.number", _("Deals are numbered 1, 2, 3… in order: this one should be %(n)s.")
                         % {"n": index + 1})
        record = read_object(deal.get("record"), f"{where}.record", problems)
        withdrawn = read_flag(deal.get("withdrawn"), f"{where}.withdrawn", problems)
        revision = read_whole(deal.get("revision"), f"{where}.revision", problems, 1)
        client_id = read_client_id(deal.get("client_id"), f"{where}.client_id", problems)
        if client_id is not None:
            if client_id in client_ids:
                problems.add(f"{where}.client_id", _("Two deals have the same client id."))
            client_ids.add(client_id)
        created = read_moment(deal.get("created"), f"{where}.created", problems)
        listed = deal.get("revisions")
        revisions = tuple(_read_revisions(listed, where, problems))
        if (number is not None and record is not None and withdrawn is not None and revision is not None
                and created is not None and revisions):
            read_in = DealIn(number, record, withdrawn, revision, client_id, created, revisions)
            if isinstance(listed, list) and len(revisions) == len(listed):  # every revision read
                try:
                    _check_history(read_in, where, problems)
                except RecursionError:  # records nested too deep to compare: the game could not read them either
                    problems.add(f"{where}.record", _("%(place)s: this record could not be read: check its values "
                                                      "and their types.") % {"place": _("Deal %(n)s") % {"n": number}})
            yield read_in


def _check_history(deal: DealIn, where: str, problems: Problems) -> None:
    """The deal's revisions as :mod:`scoring.services` writes them, and the deal as its last revision left it:
    numbered 1, 2, 3… in order, the first recording the deal; each action doing what it says to the revision
    before (an undo withdraws the deal and keeps its record, a revert brings back an earlier revision...); a
    client id only on the revisions that record the deal, the deal's being the last of them; the deal's record,
    withdrawn state and revision those of its last revision. Otherwise the table would score a deal its history
    never said (a record changed in the file but not in its history)."""
    def problem(at: str, why: str, revision: int | None = None) -> None:
        place = (_("Deal %(n)s") % {"n": deal.number} if revision is None
                 else _("Deal %(n)s, revision %(r)s") % {"n": deal.number, "r": revision})
        problems.add(at, _("%(place)s: %(why)s") % {"place": place, "why": why})

    revisions = deal.revisions
    for index, revision in enumerate(revisions):
        if revision.revision != index + 1:
            problem(f"{where}.revisions.{index}.revision", _("Its revisions are numbered 1, 2, 3… in order: this "
                                                             "one should be %(r)s.") % {"r": index + 1})
            return  # what follows would be said of the wrong revisions
    action = DealRevision.Action
    first = revisions[0]
    if first.action != action.RECORD or first.withdrawn:
        problem(f"{where}.revisions.0", _("The first revision records the deal (“record”), in play (not "
                                          "withdrawn)."), first.revision)
    seen: set[tuple[str, bool]] | None = None  # what the revisions so far left, once a revert needs it
    for index, (before, revision) in enumerate(zip(revisions, revisions[1:], strict=False), start=1):
        if revision.action == action.REVERT and seen is None:
            seen = {_as_it_was(earlier) for earlier in revisions[:index]}
        kept = revision.record == before.record
        if revision.action == action.RECORD and not (before.withdrawn and not revision.withdrawn):
            why = _("“record” takes the place of a deal undone: the revision before has it withdrawn, and this one "
                    "in play.")
        elif revision.action == action.UNDO and not (not before.withdrawn and revision.withdrawn and kept):
            why = _("“undo” withdraws a deal in play and keeps its record.")
        elif revision.action == action.RESTORE and not (before.withdrawn and not revision.withdrawn and kept):
            why = _("“restore” puts a withdrawn deal back in play and keeps its record.")
        elif revision.action == action.EDIT and revision.withdrawn != before.withdrawn:
            why = _("“edit” changes the record, not whether the deal is withdrawn.")
        elif revision.action == action.REVERT and seen is not None and _as_it_was(revision) not in seen:
            why = _("“revert” brings back the record and the withdrawn state of an earlier revision.")
        else:
            why = ""
        if why:
            problem(f"{where}.revisions.{index}", why, revision.revision)
        if seen is not None:
            seen.add(_as_it_was(revision))
    for index, revision in enumerate(revisions):
        if revision.client_id is not None and revision.action != action.RECORD:
            problem(f"{where}.revisions.{index}.client_id", _("Only a revision that records the deal has a client "
                                                              "id."), revision.revision)
    recorded = [revision for revision in revisions if revision.action == action.RECORD]
    if recorded and deal.client_id != recorded[-1].client_id:
        problem(f"{where}.client_id", _("Its client id is the one of the last revision that recorded it "
                                        "(revision %(r)s).") % {"r": recorded[-1].revision})
    last = revisions[-1]
    if deal.revision != last.revision:
        problem(f"{where}.revision", _("Its revision is the number of its last revision, %(r)s.")
                % {"r": last.revision})
    if deal.record != last.record:
        problem(f"{where}.record", _("Its record is not the one its last revision (revision %(r)s) holds: a deal "
                                     "is as its latest change left it.") % {"r": last.revision})
    if deal.withdrawn != last.withdrawn:
        problem(f"{where}.withdrawn", (_("Its last revision (revision %(r)s) has it withdrawn.") if last.withdrawn
                                       else _("Its last revision (revision %(r)s) has it in play."))
                % {"r": last.revision})


def _as_it_was(revision: RevisionIn) -> tuple[str, bool]:
    """What a revision left the deal as, comparable at once (a revert brings back one of them)."""
    return json.dumps(revision.record, sort_keys=True), revision.withdrawn


def _read_revisions(value: Any, deal_where: str, problems: Problems) -> Iterator[RevisionIn]:
    actions = set(DealRevision.Action.values)
    found = read_list(value, f"{deal_where}.revisions", problems, MAX_INT)
    if found is not None and not found:
        problems.add(f"{deal_where}.revisions", _("Every deal has at least the revision that recorded it."))
    for index, item in enumerate(found or ()):
        where = f"{deal_where}.revisions.{index}"
        if read_object(item, where, problems) is None:
            continue
        refuse_unknown_keys(item, REVISION_KEYS, where, problems)
        revision = read_whole(item.get("revision"), f"{where}.revision", problems, 1)
        action = item.get("action")
        action = action if isinstance(action, str) else None  # a list or an object is no action (nor hashable)
        if action not in actions:
            problems.add(f"{where}.action", _("Must be one of: %(choices)s.") % {"choices": ", ".join(sorted(actions))})
        record = read_object(item.get("record"), f"{where}.record", problems)
        withdrawn = read_flag(item.get("withdrawn"), f"{where}.withdrawn", problems)
        author = read_text(item.get("author", ""), f"{where}.author", problems, _max_length(DealRevision, "author"))
        client_id = read_client_id(item.get("client_id"), f"{where}.client_id", problems)
        created = read_moment(item.get("created"), f"{where}.created", problems)
        if (revision is not None and action in actions and record is not None and withdrawn is not None
                and author is not None and created is not None):
            yield RevisionIn(revision, str(action), record, withdrawn, author, client_id, created)


# -- checking it with the game, before any write ---------------------------------------------------------------


@dataclass(frozen=True)
class PlannedDeal:
    deal: DealIn
    record: dict[str, Any]  # as the file has it (read and checked): a seat keeps the name it had then
    outcome: dict[str, Any] | None
    state_after: dict[str, Any] | None
    revision_records: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class Plan:
    file: TableFile
    game: Game[Any, Any, Any]
    spec: TableSpec[Any]
    deals: tuple[PlannedDeal, ...]


def table_spec_of(game: Game[Any, Any, Any], file: TableFile) -> TableSpec[Any]:
    """The table as its rules will see it once created (as :func:`services.create_table` builds it)."""
    team_members: dict[str, list[str]] = {}
    for seat in file.seats:
        if seat.team:
            team_members.setdefault(seat.team, []).append(seat.name)
    return game.table([s.name for s in file.seats], file.fields["options"],
                      tuple(tuple(m) for _k, m in sorted(team_members.items())), file.fields["first_dealer"])


def initial_state(game: Game[Any, Any, Any], spec: TableSpec[Any], file: TableFile) -> State:
    """The state before the first deal: the game's start, or the game carried over from paper."""
    carried = file.fields.get("carried")
    if not carried:
        return game.initial_state(spec)
    with refusals("table.carried", _("The game carried over from paper")):
        state = game.state_from_json(carried)
        if len(state.totals) != len(game.sides(spec)):
            raise InvalidRecord({"__all__": _("It has a score for %(n)s sides; this table has %(sides)s.")
                                 % {"n": len(state.totals), "sides": len(game.sides(spec))}})
    return state


TABLE_PLACES = {"players": "seats", "teams": "seats"}


def plan(file: TableFile) -> Plan:
    """Replay the file's deals through its game: every record read and checked against the state before it,
    every revision's record read; the caches (outcome, state after) of the deals in play derived on the way.
    :class:`ImportRefused` naming the first deal the game refuses, and why."""
    game = get_game(file.game)
    try:
        spec = table_spec_of(game, file)
    except InvalidRecord as exc:
        raise ImportRefused({TABLE_PLACES.get(k, f"table.{k}"): m for k, m in services.field_errors(exc).items()}
                            ) from None
    state = initial_state(game, spec, file)
    if file.fields.get("carried"):
        file = dataclasses.replace(file, fields={**file.fields, "carried": state.to_json()})
    planned = []
    for index, deal in enumerate(file.deals):
        where = f"deals.{index}"
        with refusals(f"{where}.record", _("Deal %(n)s") % {"n": deal.number}):
            raw = game.upgrade(spec, deal.record)
            if deal.withdrawn:  # out of play: read, not scored (a restore checks it against its state then)
                game.parse(spec, raw)
                record, outcome, after = dict(raw), None, None
            else:
                fact = services.checked_record(game, spec, state, raw)
                state, scored = game.apply(spec, state, fact)
                record, outcome, after = dict(raw), scored.to_json(), state.to_json()
        revision_records = []
        for r_index, revision in enumerate(deal.revisions):
            if revision.record == deal.record:  # read above (most revisions: recorded, undone, restored)
                revision_records.append(record)
                continue
            with refusals(f"{where}.revisions.{r_index}.record",
                          _("Deal %(n)s, revision %(r)s") % {"n": deal.number, "r": revision.revision}):
                raw = game.upgrade(spec, revision.record)
                game.parse(spec, raw)
                revision_records.append(dict(raw))
        planned.append(PlannedDeal(deal, record, outcome, after, tuple(revision_records)))
    return Plan(file, game, spec, tuple(planned))


@contextmanager
def refusals(where: str, place: str) -> Iterator[None]:
    """Run game code on a file's record: what it refuses becomes :class:`ImportRefused` at ``where``, each
    message after ``place`` ("Deal 3: …"); a crash on odd values says the record cannot be read."""
    try:
        yield
    except InvalidRecord as exc:
        errors = services.field_errors(exc) or {"__all__": _("Not valid.")}
        raise ImportRefused({where if key == "__all__" else f"{where}.{key}":
                             _("%(place)s: %(why)s") % {"place": place, "why": message}
                             for key, message in errors.items()}) from None
    except DatabaseError:
        raise
    except Exception:  # whatever a game raises on strange JSON is the file failing to read, not a server fault
        logger.warning("A file's record could not be read at %s", where, exc_info=True)
        raise ImportRefused({where: _("%(place)s: this record could not be read: check its values and their "
                                      "types.") % {"place": place}}) from None


# -- writing it, in one transaction ----------------------------------------------------------------------------


def import_table(data: bytes, *, device: str = "", user: Any = None) -> Table:
    """A new table (new link tokens) from a file's bytes, with its seats, deals and every revision, the caches
    derived by the game. :class:`ImportRefused` with a message per problem; nothing is written then."""
    planned = plan(read(data))
    file = planned.file
    try:
        with transaction.atomic():
            table = services.create_table(
                game=file.game, players=[s.name for s in file.seats], teams=[s.team for s in file.seats],
                device=device, user=user, **{name: file.fields[name] for name in CREATED_WITH})
            later = {name: file.fields[name] for name in TABLE_FIELDS if name not in CREATED_WITH}
            Table.objects.filter(pk=table.pk).update(created=file.created, **later)
            table.refresh_from_db()
            if services.table_spec(table) != planned.spec:  # not reached: the deals were checked on this table
                raise ImportRefused({"seats": _("The table could not be set up as the file describes it.")})
            _write_deals(table, planned.deals)
            _write_changes(table, file.changes)
    except (InvalidRecord, DatabaseError) as exc:  # checked above; a database refusing a value is said, not a 500
        logger.warning("An import could not be stored", exc_info=True)
        errors = services.field_errors(exc) if isinstance(exc, InvalidRecord) else {}
        raise ImportRefused(errors or {"file": _("This file could not be stored: nothing was imported.")}) from None
    return table


def _write_deals(table: Table, planned: Sequence[PlannedDeal]) -> None:
    """Every deal, then every revision in the order they were made (the history's order for equal times),
    each kind with one statement run for every row: a 20,000-deal file holds the write lock for these alone."""
    _insert_rows(Deal, [
        {"table_id": table.pk, "number": p.deal.number, "record": p.record, "withdrawn": p.deal.withdrawn,
         "revision": p.deal.revision, "client_id": p.deal.client_id, "outcome": p.outcome,
         "state_after": p.state_after, "created": p.deal.created,
         "updated": max(r.created for r in p.deal.revisions)} for p in planned])
    deal_ids = dict(Deal.objects.filter(table=table).values_list("number", "pk"))
    revisions = sorted(((r.created, n, i), {
        "deal_id": deal_ids[p.deal.number], "revision": r.revision, "action": r.action,
        "record": p.revision_records[i], "withdrawn": r.withdrawn, "author": r.author, "client_id": r.client_id,
        "created": r.created}) for n, p in enumerate(planned) for i, r in enumerate(p.deal.revisions))
    _insert_rows(DealRevision, [revision for _order, revision in revisions])


def _write_changes(table: Table, changes: Sequence[ChangeIn]) -> None:
    _insert_rows(TableChange, [{"table_id": table.pk, "kind": c.kind, "after_deals": c.after_deals,
                                "details": c.details, "author": c.author, "created": c.created} for c in changes])


def _insert_rows(model: type[Model], rows: Sequence[Mapping[str, Any]]) -> None:
    """INSERT rows (values by field ``attname``; a field not given takes its default) with one statement run
    for every row (``executemany``): the times the file gives stay (``bulk_create`` would set ``auto_now_add``
    fields to now), and a long night is stored several times faster than by ``bulk_create``."""
    if not rows:
        return
    db = connections[router.db_for_write(model)]
    quote, meta = db.ops.quote_name, model._meta
    fields = [f for f in meta.concrete_fields if not f.primary_key]
    defaults = {f.attname: f.get_default() for f in fields}
    sql = (f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
           f"VALUES ({', '.join(['%s'] * len(fields))})")
    prepared = [[f.get_db_prep_save(row.get(f.attname, defaults[f.attname]), db) for f in fields] for row in rows]
    with db.cursor() as cursor:
        cursor.executemany(sql, prepared)


# -- exporting -------------------------------------------------------------------------------------------------


def _moment(value: datetime) -> str:
    return value.isoformat()


def export(table: Table) -> dict[str, Any]:
    """The table as a file holds it (see the module's docstring): never its link tokens, nor derived caches.
    ``changes`` is the table's own change log (players changed, a game carried over from paper)."""
    revisions: dict[int, list[dict[str, Any]]] = {}
    for rev in (DealRevision.objects.filter(deal__table=table).order_by("deal_id", "revision")
                .values("deal_id", "revision", "action", "record", "withdrawn", "author", "client_id", "created")):
        revisions.setdefault(rev.pop("deal_id"), []).append({
            **rev, "client_id": str(rev["client_id"]) if rev["client_id"] else None,
            "created": _moment(rev["created"])})
    deals = [{"number": d["number"], "record": d["record"], "withdrawn": d["withdrawn"],
              "revision": d["revision"], "client_id": str(d["client_id"]) if d["client_id"] else None,
              "created": _moment(d["created"]), "revisions": revisions.get(d["id"], [])}
             for d in table.deals.order_by("number").values("id", "number", "record", "withdrawn", "revision",
                                                            "client_id", "created")]
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "exported": _moment(timezone.now()),
        "table": {"game": table.game, **{name: getattr(table, name) for name in TABLE_FIELDS},
                  "created": _moment(table.created)},
        "seats": [{"name": seat.player.name, "team": seat.team} for seat in services.seats_of(table)],
        "deals": deals,
        "changes": [{**change, "details": _without_links(change["details"]), "created": _moment(change["created"])}
                    for change in table.changes.order_by("created", "pk").values("kind", "after_deals", "details",
                                                                                 "author", "created")],
    }


def _without_links(details: Any) -> Any:
    """A change's details without the links to the game before or after a player joined or left, to the
    rematch, or to a game of the same night: a file never carries a table's tokens (the other game is exported
    on its own)."""
    if isinstance(details, dict):
        return {key: value for key, value in details.items()
                if key not in ("earlier", "later", "edit", "earlier_edit", "later_edit", "table")}
    return details


def export_json(table: Table) -> bytes:
    return json.dumps(export(table), ensure_ascii=False, separators=(",", ":")).encode()


def file_name(table: Table, extension: str) -> str:
    """An ASCII file name after the table: ``friday-night-2026-05-01.json``."""
    stem = slugify(str(table)) or "table"
    return f"tapete-{stem[:60]}-{timezone.localdate():%Y-%m-%d}.{extension}"


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(text: str) -> str:
    """A name as a spreadsheet cell: one that would start a formula is kept as text."""
    return f"'{text}" if text.startswith(FORMULA_START) else text


def export_csv(table: Table) -> str:
    """One row per deal in play: its number, its dealer, each side's score, then each side's running total (a
    void deal's scores are the word the score sheet writes for it, "void" or the game's own "all passed", not
    zeros that read as a deal played that scored nothing); a header row with the side names, a row for a game
    carried over from paper, where the totals start, and a last row with the final standing when the end of the
    game gives something back (chips left in the pots).
    Starts with a byte-order mark, so spreadsheets read it as UTF-8. In a language that writes a decimal comma
    (Spanish, French) the columns are separated by semicolons, as its spreadsheets expect (a comma-separated
    file opens there in one column), and a number that is not whole is written with its comma."""
    game, spec = get_game(table.game), services.table_spec(table)
    sides = game.sides(spec)
    out = io.StringIO()
    out.write("\ufeff")
    comma = get_format("DECIMAL_SEPARATOR") == ","
    writer = csv.writer(out, lineterminator="\r\n", delimiter=";" if comma else ",")
    if comma:  # 45.5 as the reader writes it: 45,5
        writer = _DecimalCommaWriter(writer)
    writer.writerow([_("Deal"), _("Dealer"), *(_cell(s) for s in sides),
                     *(_cell(_("%(side)s total") % {"side": s}) for s in sides)])
    if table.carried:  # where the running totals start: a game carried over from paper
        writer.writerow([_cell(_("Carried over from paper")), "", *[""] * len(sides),
                         *services.start_state(table, game, spec).totals])
    presenter = presenter_for(table.game)
    for number, record, outcome, totals in scored_deals(table, game, spec):
        dealer = outcome.get("dealer")
        name = spec.players[dealer] if isinstance(dealer, int) and 0 <= dealer < spec.size else ""
        scores: list[Any] = list(outcome.get("scores") or [])
        if outcome.get("void"):  # as the score sheet says it across the scores (found by a tester: a row of zeros)
            scores = [presenter.void_said(record) or _("void")] * len(sides)
        writer.writerow([number, _cell(name), *(scores + [""] * (len(sides) - len(scores)))[:len(sides)],
                         *(list(totals) + [""] * (len(sides) - len(totals)))[:len(sides)]])
    now = services.standings(table)
    if list(now.standings.values()) != list(now.state.totals):  # the end gives something back: as the page says
        writer.writerow([_cell(_("Final standing")), "", *[""] * len(sides), *now.standings.values()])
    return out.getvalue()


class _DecimalCommaWriter:
    """A csv writer whose numbers that are not whole are written with a decimal comma."""

    def __init__(self, writer: Any):
        self.writer = writer

    def writerow(self, row: Sequence[Any]) -> None:  # numbers only: a name such as "1.5" stays as it is
        self.writer.writerow([str(cell).replace(".", ",") if isinstance(cell, float | Decimal) else cell
                              for cell in row])


def scored_deals(table: Table, game: Game[Any, Any, Any], spec: TableSpec[Any]
                 ) -> Iterator[tuple[int, Mapping[str, Any], Mapping[str, Any], Sequence[int]]]:
    """Each deal in play: its number, stored record, outcome and the totals after it, from the caches (derived in
    memory where a cache was emptied; up to a deal its rules cannot read)."""
    state: State | None = None
    for deal in services.active_deals(table).only("table_id", "number", "record", "withdrawn", "outcome",
                                                  "state_after").iterator(chunk_size=2000):
        if deal.outcome is not None and deal.state_after is not None:
            state = None
            yield deal.number, deal.record, deal.outcome, deal.state_after.get("totals") or []
            continue
        try:
            if state is None:
                state = services.state_before(table, deal.number, game, spec)
            state, outcome = services.replay_one(game, spec, state, deal)
        except services.ChangeRefused:
            return
        yield deal.number, deal.record, outcome.to_json(), state.totals
