"""The JSON API at ``/api/`` (OpenAPI schema at ``/api/openapi.json``, docs at ``/api/docs``).

- ``GET /api/games``, ``GET /api/games/{game}``: the games, their options, record fields and referee fields.
- ``POST /api/games/{game}/score``: a stateless calculator (players, options, deal records in; outcomes out).
- ``POST /api/games/{game}/ruling``: a situation in, the referee's ruling out.
- ``/api/tables``: create a table; read it with either link token; record, edit, undo and restore deals, and
  save its stake with its settle-up choices, with the edit token.

Everything here is generic over games: it talks to the registry and the :class:`Game` interface only.
Errors are JSON: ``{"detail": "...", "errors": {"path.in.body": "message"}}``, 422 for input that is not
right (one message per field), 400 for input that cannot be read, 403/404/409 for tables. Never 500 for
anything a client sends. Messages speak the request's language (``Accept-Language``).

The API authenticates tables by the token in the path, not by cookies, so it is exempt from CSRF: scripts can
POST without a CSRF cookie.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.db import DatabaseError
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from ninja import NinjaAPI, Status
from ninja.errors import HttpError, ValidationError
from ninja.parser import Parser

from referee.game import Field as RecordField
from referee.game import Game, InvalidRecord, Option, Outcome, State, TableSpec, all_games, get_game
from referee.text import PLURAL, Text, is_i18n, plural_count
from scoring import services
from scoring.access import CLOSED, Access, resolve
from scoring.api_schemas import (
    ChangedOut,
    ConflictOut,
    DealOut,
    EditedOut,
    EditIn,
    ErrorOut,
    GameOut,
    RecordIn,
    RulingIn,
    RulingOut,
    ScoreIn,
    ScoreOut,
    TableCreated,
    TableIn,
    TableOut,
)
from scoring.forms import CURRENCY_MESSAGE, currency_name
from scoring.limits import message as limit_message
from scoring.limits import over_limit, retry_later
from scoring.models import Deal, Table
from scoring.stand_ins import what_the_rest_breaks
from scoring.storable import ESCAPED_UNSTORABLE, unstorable_path

logger = logging.getLogger(__name__)

AUTHOR = "api"


class StrictJSONParser(Parser):
    """JSON as the RFC has it: ``NaN`` and ``Infinity`` are refused (no database stores them), and so are the
    NUL character ``\\u0000`` and a lone surrogate (``\\ud800``: half of a UTF-16 pair, not a character) in any
    text (PostgreSQL stores neither), with the path of the text that has it."""

    def parse_body(self, request: HttpRequest) -> dict[str, Any]:
        def refuse(constant: str) -> Any:
            raise ValueError(f"{constant} is not JSON")

        data = json.loads(request.body, parse_constant=refuse)
        if ESCAPED_UNSTORABLE.search(request.body):  # only then look for where
            where = unstorable_path(data)
            if where is not None:
                raise invalid({where or "body": _("Text cannot contain the NUL character (\\u0000) or half of a "
                                                  "UTF-16 surrogate pair (\\ud800–\\udfff).")})
        return data


api = NinjaAPI(
    title="Tapete API",
    version="1",
    description=(
        "Scorekeeper and referee for card games played with real cards.\n\n"
        "Deal records and referee situations are JSON objects whose fields depend on the game: "
        "`GET /api/games` describes them. Invalid input answers 422 (400 when it cannot be read) with "
        "`{\"detail\": ..., \"errors\": {field path: message}}`.\n\n"
        "Tables are reached through their link tokens: the view token reads, the edit token also writes."
    ),
    parser=StrictJSONParser(),
    urls_namespace="api",
)

# -- errors --------------------------------------------------------------------------------------------------


class ApiError(Exception):
    """An answer other than success: a status, a sentence, messages per field and any extra JSON."""

    def __init__(self, status: int, detail: str, errors: Mapping[str, str] | None = None, **extra: Any):
        self.status = status
        self.detail = detail
        self.errors = dict(errors or {})
        self.extra = extra
        super().__init__(detail)

    def body(self) -> dict[str, Any]:
        return {"detail": self.detail, "errors": self.errors, **self.extra}


def invalid(errors: Mapping[str, str], status: int = 422) -> ApiError:
    """A per-field error; ``detail`` repeats the first message so a client showing only it still helps."""
    first_key, first = next(iter(errors.items()))
    detail = first if first_key == "__all__" else f"{first_key}: {first}"
    return ApiError(status, detail, errors)


@api.exception_handler(ApiError)
def _api_error(request: HttpRequest, exc: ApiError) -> HttpResponse:
    response = api.create_response(request, exc.body(), status=exc.status)
    return retry_later(response) if exc.status == 429 else response


@api.exception_handler(HttpError)
def _http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    if isinstance(exc.__cause__, ApiError):  # raised by our parser, wrapped by Ninja: answer it as it is
        return _api_error(request, exc.__cause__)
    # Ninja's own: chiefly "Cannot parse request body" for malformed JSON.
    message = _("The request body is not valid JSON.") if exc.status_code == 400 else str(exc)
    body = {"detail": message, "errors": {"body": message}}
    return api.create_response(request, body, status=exc.status_code)


@api.exception_handler(RequestDataTooBig)
def _too_big(request: HttpRequest, exc: RequestDataTooBig) -> HttpResponse:
    message = _("The request body is too large.")
    return api.create_response(request, {"detail": message, "errors": {"body": message}}, status=413)


@api.exception_handler(Http404)
def _not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
    return api.create_response(request, {"detail": str(exc) or _("Not found."), "errors": {}}, status=404)


@api.exception_handler(ValidationError)
def _validation_error(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    errors = schema_errors(exc.errors)
    if request.body:
        try:
            is_object = isinstance(json.loads(request.body), dict)
        except Exception:  # not reached: the parser has read it already
            is_object = True
        if not is_object:  # a JSON array or number: say so rather than "players: required"
            errors = {"body": _("Send a JSON object.")}
    return _api_error(request, invalid(errors))


def _union_member(part: Any) -> bool:
    """Pydantic names the member of a union it tried (``str``, ``dict[str,any]``) in an error's path: not a
    field of the body."""
    return isinstance(part, str) and (part in ("str", "int", "float", "bool", "none") or "[" in part)


def schema_errors(errors: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """Pydantic's errors as ``{path: message}``; of the deals, only the first bad one (as the games do)."""
    out: dict[str, str] = {}
    for error in errors:
        parts = error.get("loc", ())
        loc = [str(part) for part in parts if not _union_member(part)]
        tried_a_union = len(loc) < len(parts)
        if loc and loc[0] == "body":
            loc = loc[2:]  # ("body", <parameter name>, field...)
        elif loc and loc[0] in ("path", "query"):
            loc = loc[1:]
        message = (_("Give a card code such as \"KS\", or an object such as {\"seat\": \"S\", \"card\": \"KS\"}.")
                   if tried_a_union and loc[:1] == ["plays"] else schema_message(error))
        out.setdefault(".".join(loc) or "body", message)
    deal_keys = [k for k in out if k.startswith("deals.") and k.split(".")[1].isascii() and k.split(".")[1].isdigit()]
    if deal_keys:
        first = min(int(k.split(".")[1]) for k in deal_keys)
        out = {k: v for k, v in out.items() if k not in deal_keys or int(k.split(".")[1]) == first}
    return out


def schema_message(error: Mapping[str, Any]) -> str:
    kind = error.get("type", "")
    ctx = error.get("ctx") or {}
    if kind == "missing":
        return _("This field is required.")
    if kind == "extra_forbidden":
        return _("Unknown field: check its spelling.")
    if kind in ("dict_type", "model_type", "model_attributes_type", "mapping_type"):
        return _("Must be a JSON object.")
    if kind in ("list_type", "tuple_type"):
        return _("Must be a list.")
    if kind == "string_type":
        return _("Must be text.")
    if kind in ("int_type", "int_parsing", "int_from_float", "int_parsing_size"):
        return _("Enter a whole number.")
    if kind in ("bool_type", "bool_parsing"):
        return _("Must be true or false.")
    if kind == "too_long":
        return _("At most %(n)s items.") % {"n": ctx.get("max_length", "?")}
    if kind == "string_too_long":
        return _("At most %(n)s characters.") % {"n": ctx.get("max_length", "?")}
    if kind == "string_too_short":
        return _("At least %(n)s characters.") % {"n": ctx.get("min_length", "?")}
    if kind in ("uuid_type", "uuid_parsing", "uuid_version"):
        return _("Must be a UUID, like 0b6a7c1e-2f7d-4c55-8a7e-3c2d1e0f9a8b.")
    if kind in ("float_type", "float_parsing", "finite_number"):
        return _("Enter a number.")
    if kind in ("literal_error", "enum"):
        return _("Not one of the choices.")
    if kind == "greater_than_equal":
        return _("Must be at least %(n)s.") % {"n": ctx.get("ge", "?")}
    if kind == "less_than_equal":
        return _("Must be at most %(n)s.") % {"n": ctx.get("le", "?")}
    return str(error.get("msg", _("Not valid.")))


def _prefixed(prefix: str, errors: Mapping[str, str]) -> dict[str, str]:
    if not prefix:
        return dict(errors)
    return {prefix if key == "__all__" else f"{prefix}.{key}": message for key, message in errors.items()}


@contextmanager
def guard(prefix: str = "") -> Iterator[None]:
    """Run game code on client input: field errors become 422 under ``prefix``; a crash on odd input, 400.

    Whatever a game raises on strange JSON (a ``TypeError`` on a list where a number belongs...) is the
    client's input failing to read, not a server fault; it is logged so the game can learn a kinder message.
    """
    try:
        yield
    except InvalidRecord as exc:
        errors = _prefixed(prefix, services.field_errors(exc)) or {prefix or "__all__": _("Not valid.")}
        raise invalid(errors) from None
    except (ApiError, services.DealConflict, services.NotTheNextNumber, services.Conflict, services.NoSuchDeal,
            services.ChangeRefused, DatabaseError):
        raise  # answered by their callers; a database failure is the server's, not the input's
    except Exception as exc:  # any game failure on client input is a 400, never a 500
        logger.warning("Game code failed on client input at %r: %r", prefix or "(table)", exc, exc_info=True)
        raise invalid({prefix or "__all__": _("This could not be read: check the values and their types.")},
                      status=400) from None


def limit(request: HttpRequest, group: str) -> None:
    """429 with a message when this client is over its rate for ``group`` (see ``settings.RATE_LIMITS``)."""
    if over_limit(request, group):
        raise ApiError(429, limit_message(group))


def game_or_404(slug: str) -> Game:
    try:
        return get_game(slug)
    except KeyError:
        raise ApiError(404, _("There is no game called %(game)s.") % {"game": slug}) from None


def build_table(rules: Game, players: Sequence[str], options: Mapping[str, Any],
                teams: Sequence[Sequence[str]] = (), first_dealer: int = 0) -> TableSpec:
    with guard():
        return rules.table(players, options, teams, first_dealer)


def seat_name(spec: TableSpec, seat: Any) -> str:
    try:
        return spec.players[int(seat)]
    except (IndexError, TypeError, ValueError):
        return ""


# -- games ---------------------------------------------------------------------------------------------------

def field_json(field: RecordField) -> dict[str, Any]:
    """``Field.to_json()`` with its texts in the request's language."""
    data = field.to_json()
    data["label"] = services.translate(field.label)
    if field.help:
        data["help"] = services.translate(field.help)
    if field.choices:
        data["choices"] = [{"value": v, "label": services.translate(lbl)} for v, lbl in field.choices]
    if field.fields:
        data["fields"] = [field_json(f) for f in field.fields]
    return data


def option_json(option: Option, described: dict[str, Any]) -> dict[str, Any]:
    data = dict(described)
    data["label"] = services.translate(option.label)
    data["choices"] = [{"value": v, "label": services.translate(lbl)} for v, lbl in option.choices]
    data["help"] = services.translate(option.help) if option.help else ""
    return data


def sample_table(rules: Game, size: int, options: Mapping[str, Any] | None = None) -> TableSpec | None:
    """A table of ``size`` players named P1, P2... with default (or given) options; None if it cannot be."""
    try:
        return rules.table([f"P{i}" for i in range(1, size + 1)], options or {})
    except Exception:  # a game that needs more (teams...) simply has no sample at that size
        return None


def game_json(rules: Game) -> dict[str, Any]:
    data = rules.describe()
    data["options"] = [option_json(o, d) for o, d in zip(rules.options, data["options"], strict=True)]
    by_count: dict[str, list[dict[str, Any]]] = {}
    for size in rules.player_counts:
        spec = sample_table(rules, size)
        if spec is not None:
            by_count[str(size)] = [field_json(f) for f in rules.record_fields(spec)]
    data["record_fields"] = by_count
    data["record_schema"] = next(iter(by_count.values()), [])
    by_option: dict[str, list[dict[str, Any]]] = {}
    smallest = min(rules.player_counts, default=0)
    base = sample_table(rules, smallest)
    if base is not None:
        names = {f.name for f in rules.record_fields(base)}
        for option in rules.options:
            if option.kind == "bool" and not option.default:
                spec = sample_table(rules, smallest, {option.key: True})
                if spec is not None:
                    extra = [field_json(f) for f in rules.record_fields(spec) if f.name not in names]
                    if extra:
                        by_option[option.key] = extra
    data["record_fields_by_option"] = by_option
    data["record_fields_by_choice"] = record_fields_by_choice(rules, by_count)
    data["ruling_fields"] = [field_json(f) for f in rules.ruling_fields]
    play_fields = getattr(rules, "play_fields", None)  # a game entered card by card: its contract's fields
    data["play_fields"] = {size: [field_json(f) for f in play_fields(spec)]
                           for size in by_count if (spec := sample_table(rules, int(size))) is not None} \
        if getattr(rules, "card_by_card", False) and callable(play_fields) else {}
    data["stake_unit"] = services.translate(rules.stake_unit)
    data["settle_options"] = [option_json(o, {"key": o.key, "label": str(o.label), "kind": o.kind,
                                              "default": o.default}) for o in rules.settle_options]
    return data


def record_fields_by_choice(rules: Game, by_count: Mapping[str, list[dict[str, Any]]]
                            ) -> dict[str, dict[str, dict[str, list[dict[str, Any]]]]]:
    """For a choice (a variant) whose other values change the record's fields (a variant whose hands count
    below 0, say): by option key, value and player count, the fields where they differ from the default
    options' (``by_count``)."""
    found: dict[str, dict[str, dict[str, list[dict[str, Any]]]]] = {}
    for option in rules.options:
        if option.kind != "choice":
            continue
        for value, _label in option.choices:
            if value == option.default:
                continue
            counts = {}
            for size in rules.player_counts:
                spec = sample_table(rules, size, {option.key: value})
                fields = [field_json(f) for f in rules.record_fields(spec)] if spec is not None else None
                if fields is not None and fields != by_count.get(str(size)):
                    counts[str(size)] = fields
            if counts:
                found.setdefault(option.key, {})[value] = counts
    return found


@api.get("/games", response=list[GameOut], tags=["games"], summary="The games")
def list_games(request: HttpRequest) -> list[dict[str, Any]]:
    """Every game: its player counts, options (variants and house rules), deal record fields and referee
    fields. Use them to build deal records for `score` and `tables/{token}/deals`."""
    return [game_json(g) for g in all_games()]


@api.get("/games/{game}", response={200: GameOut, 404: ErrorOut}, tags=["games"], summary="One game")
def game_detail(request: HttpRequest, game: str) -> dict[str, Any]:
    return game_json(game_or_404(game))


# -- the stateless calculator --------------------------------------------------------------------------------

class Translator:
    """:func:`services.translate`, remembering each template's translation for one request: a long sheet says
    the same breakdown lines in every deal, and gettext is the slow part of answering it."""

    def __init__(self) -> None:
        self.templates: dict[str, str] = {}

    def __call__(self, text: Text | str | Sequence[Any]) -> str:
        if isinstance(text, Text):
            template, params = text.template, text.params
        elif is_i18n(text):
            template, params = text  # the stored form, ``[template, params]``, read as it is (nested texts too)
        else:
            return str(text) if isinstance(text, list | tuple) else services.translate(text)
        key = template if PLURAL not in template else f"{template}{PLURAL}{plural_count(params)}"  # by its n
        translated = self.templates.get(key)
        if translated is None:
            translated = self.templates[key] = services.gettext_of(template, params)
        try:
            return services.filled(translated, params, self)
        except (KeyError, TypeError, ValueError):
            return str(text if isinstance(text, Text) else Text.from_i18n(text))

    def within(self, value: Any) -> Any:
        """``value`` (a game's display state, an outcome's extra) with every text in it translated."""
        if isinstance(value, Text):
            return self(value)
        if isinstance(value, dict):
            return {k: self.within(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self.within(v) for v in value]
        return value


def outcome_json(rules: Game[Any, Any, Any], spec: TableSpec[Any], number: int, stored: Mapping[str, Any],
                 totals: Mapping[str, int], tr: Translator) -> dict[str, Any]:
    """A deal's outcome (as stored) for the API: sides by label, seats by name, texts in the asker's language."""
    view = services.outcome_view(rules, spec, stored)
    return {
        "number": number,
        "scores": view["scores"],
        "breakdown": [tr(line) for line in stored.get("breakdown", [])],
        "money": [{**m, "reason": tr(m["reason"])} for m in view["money"]],
        "dealer": seat_name(spec, stored.get("dealer", 0)),
        "next_dealer": seat_name(spec, stored.get("next_dealer", 0)),
        "void": bool(stored.get("void")),
        "game_over": bool(stored.get("game_over")),
        "winners": view["winners"],
        "totals": dict(totals),
        "extra": tr.within(view["details"]),
    }


@api.post("/games/{game}/score", response={200: ScoreOut, 400: ErrorOut, 404: ErrorOut, 422: ErrorOut},
          tags=["games"], summary="Score deals (stateless calculator)")
def score(request: HttpRequest, game: str, payload: ScoreIn) -> HttpResponse:
    """Players, options and deal records in; each deal's outcome, the running totals, game over and the
    winners out. Nothing is stored.

    Records are validated one by one against the state before them; the first invalid one answers 422 with
    its messages under `deals.<index>.` (0-based), e.g. `deals.2.points`. At most 20,000 deals.

    In a trick game a deal may be given as its plays, `{"contract": {...}, "plays": [...], "leader": name}`
    (as `POST /api/games/{game}/score/plays` takes them; the leader by default the one the deal before says):
    its answer then also holds the record the cards make, the lines that say how, and every flagged play."""
    from scoring.api_play import MAX_PLAYED_DEALS, is_given_as_plays, record_of_plays  # registered after this

    limit(request, "score")
    if sum(1 for raw in payload.deals if is_given_as_plays(raw)) > MAX_PLAYED_DEALS:  # ~7 ms each: bounded work
        raise invalid({"deals": _("At most %(n)s deals given as their plays in one request.") % {
            "n": MAX_PLAYED_DEALS}})
    rules = game_or_404(game)
    spec = build_table(rules, payload.players, payload.options, payload.teams or (), payload.first_dealer)
    with guard():
        state = rules.initial_state(spec)
    sides = rules.sides(spec)
    deals: list[dict[str, Any]] = []
    last: Outcome | None = None
    tr = Translator()
    for index, record in enumerate(payload.deals):
        played: dict[str, Any] = {}
        if is_given_as_plays(record):  # the cards in the order played: the record they make, and every flag
            record, lines, flags = record_of_plays(rules, spec, state, record, f"deals.{index}")
            played = {"record": record.to_json(), "lines": lines, "flags": flags}
        with guard(f"deals.{index}"):
            state, last = rules.apply(spec, state, record)
            deals.append({**outcome_json(rules, spec, index + 1, last.to_json(), dict(zip(sides, state.totals,
                                                                                        strict=False)), tr),
                          **played})
    with guard():
        answer = {
            "deals": deals,
            "totals": dict(zip(sides, state.totals, strict=False)),
            "standings": services.standings_of(rules, spec, state),
            "dealer": seat_name(spec, rules.dealer(spec, state)),
            "game_over": bool(last and last.game_over),
            "winners": [sides[i] for i in last.winners] if last else [],
            "state": tr.within(rules.display_state(spec, state)),
        }
    # Built to ScoreOut's shape above; answered directly, as re-validating 20,000 deals would double the time.
    return api.create_response(request, answer, status=200)


# -- the referee ---------------------------------------------------------------------------------------------

@api.post("/games/{game}/ruling", response={200: RulingOut, 400: ErrorOut, 404: ErrorOut, 422: ErrorOut},
          tags=["games"], summary="Ask the referee", exclude_unset=True)  # a situation's answer: as it always was
def ruling(request: HttpRequest, game: str, payload: RulingIn) -> dict[str, Any]:
    """Is this play legal here, and who takes the trick? The answer cites the rule it rests on.

    Without `players`, the table is the game's smallest, with players named P1, P2... In a trick game a whole
    deal may be asked about instead of one situation (`deal`): the first illegal play and every proven revoke."""
    from scoring.api_play import judge_deal  # registered after this module

    limit(request, "score")
    rules = game_or_404(game)
    players = payload.players
    if players is None:
        players = [f"P{i}" for i in range(1, min(rules.player_counts, default=0) + 1)]
    spec = build_table(rules, players, payload.options, payload.teams or ())
    if payload.deal is not None:
        return judge_deal(rules, spec, payload.deal)
    if payload.situation is None:
        raise invalid({"situation": _("Say the situation to rule on (or the whole deal, as `deal`).")})
    with guard("situation"):
        answer = rules.ruling(spec, payload.situation)
        winner = answer.winner_seat.name if answer.winner_seat else answer.winner.code if answer.winner else None
        return {
            "legal": answer.legal,
            "rule": services.translate(answer.rule),
            "explanation": services.translate(answer.explanation),
            "legal_cards": [card.code for card in answer.legal_cards],
            "reasons": {card.code: services.translate(why) for card, why in answer.reasons.items()},
            "winner": winner,
            **({"also": [{"rule": services.translate(rule), "rule_key": rule.key} for rule in answer.also]}
               if answer.also else {}),
        }


# -- tables --------------------------------------------------------------------------------------------------

def access_or_error(token: str, *, edit: bool = False) -> Access:
    try:
        access = resolve(token)
    except Http404:
        raise ApiError(404, _("No table behind this link.")) from None
    if edit and not access.can_edit:
        raise ApiError(403, _(CLOSED if access.table.closed else "This is the view link: it cannot change the table."))
    return access


def deal_or_404(table: Table, number: int) -> Deal:
    deal = table.deals.filter(number=number).first()
    if deal is None:
        raise ApiError(404, _("There is no deal %(n)s at this table.") % {"n": number})
    return deal


def deal_json(deal: Deal, spec: TableSpec[Any], tr: Translator | None = None) -> dict[str, Any]:
    """A stored deal with its cached outcome, the breakdown in the request's language."""
    tr = tr or Translator()
    rules = get_game(deal.table.game)
    outcome = deal.outcome or {}
    view = services.outcome_view(rules, spec, outcome)
    data = {
        "number": deal.number,
        "revision": deal.revision,
        "withdrawn": deal.withdrawn,
        "record": deal.record,
        "scores": view["scores"],
        "breakdown": [tr(line) for line in outcome.get("breakdown", [])],
        "money": [{**m, "reason": tr(m["reason"])} for m in view["money"]],
        "dealer": seat_name(spec, outcome["dealer"]) if "dealer" in outcome else None,
        "next_dealer": seat_name(spec, outcome["next_dealer"]) if "next_dealer" in outcome else None,
        "void": bool(outcome.get("void", False)),
        "extra": tr.within(view["details"]),
    }
    if deal.state_after and not deal.withdrawn:
        data["totals"] = dict(zip(rules.sides(spec), deal.state_after.get("totals") or [], strict=False))
    return data


def settle_choices(table: Table, rules: Game[Any, Any, Any]) -> dict[str, Any]:
    """Each settle-up choice ``rules`` offer, as saved with the table's stake, else its default."""
    return {option.key: option.default for option in rules.settle_options} | services.saved_settle_choices(
        table, rules)


def table_json(access: Access) -> dict[str, Any]:
    table = access.table
    tr = Translator()
    now = services.standings(table)
    seats = services.seats_of(table)
    deals = list(table.deals.order_by("number"))
    return {
        "game": table.game,
        "game_name": now.game.name,
        "name": table.name,
        "players": [{"seat": s.position, "name": s.player.name, "team": s.team} for s in seats],
        "options": table.options,
        "stake_minor": table.stake_minor,
        "currency": table.currency,
        "settle_choices": settle_choices(table, now.game),
        "version": table.version,
        "totals": now.totals,
        "standings": now.standings,
        "dealer": now.dealer,
        "leader": now.leader,
        "game_over": now.game_over,
        "winners": now.winners,
        "display_state": tr.within(now.extra),
        "deal_count": now.deal_count,
        "next_number": max((d.number for d in deals if not d.withdrawn), default=0) + 1,  # an undone deal's
        # number is taken again by the next deal recorded (services.next_number)
        "deals": [deal_json(d, now.spec, tr) for d in deals if not d.withdrawn],
        "withdrawn_deals": [{"number": d.number, "revision": d.revision, "record": d.record}
                            for d in deals if d.withdrawn],
        "can_edit": access.can_edit,
        "view_token": table.view_token,
    }


def table_urls(request: HttpRequest, table: Table) -> dict[str, str]:
    def page(token: str) -> str:
        return request.build_absolute_uri(reverse("table", args=[token]))

    def endpoint(token: str) -> str:
        return request.build_absolute_uri(reverse("api:table", kwargs={"token": token}))

    return {"view": page(table.view_token), "edit": page(table.edit_token),
            "api_view": endpoint(table.view_token), "api_edit": endpoint(table.edit_token)}


@api.post("/tables", response={200: TableCreated, 201: TableCreated, 400: ErrorOut, 422: ErrorOut},
          tags=["tables"], summary="Start a table")
def create_table(request: HttpRequest, payload: TableIn) -> Status:
    """Start a table. The answer holds its two link tokens: the view token reads, the edit token also
    records deals. Keep the edit token to the scorekeepers. With `client_id`, a repeat answers 200 with the
    table already started."""
    limit(request, "new_table")
    currency = currency_name(payload.currency)
    if not currency:
        raise invalid({"currency": str(CURRENCY_MESSAGE)})
    with guard():
        table = services.create_table(
            game=payload.game, players=payload.players, options=payload.options, teams=payload.teams,
            stake_minor=payload.stake_minor, currency=currency, name=payload.name,
            first_dealer=payload.first_dealer, client_id=payload.client_id)
    return Status(200 if getattr(table, "repeated", False) else 201,
                  {"view_token": table.view_token, "edit_token": table.edit_token, "urls": table_urls(request, table)})


@api.get("/tables/{token}", response={200: TableOut, 404: ErrorOut}, tags=["tables"], url_name="table",
         summary="Read a table")
def read_table(request: HttpRequest, token: str) -> dict[str, Any]:
    """The table now: players, totals, who deals and leads, the deals with their breakdowns. Either token."""
    return table_json(access_or_error(token))


def refused_with_the_rest(refused: InvalidRecord, table: Table, record: Mapping[str, Any],
                          before: Callable[[], State]) -> ApiError:
    """A deal refused by its rules (422, messages under ``record.``), with what they find wrong with the rest
    when they could not read it whole, as the record form says it (:func:`scoring.stand_ins.what_the_rest_breaks`):
    "Must be between 0 and 9." for the count out of range, and "A pass after the bid" for who passed, in one
    answer. ``before``: the state the deal follows, asked for only then."""
    errors = services.field_errors(refused)
    unread = {path.split(".")[0] for path in errors} - {"__all__"}
    if unread:
        rules, spec = get_game(table.game), services.table_spec(table)
        the_rest = what_the_rest_breaks(rules, spec, rules.record_fields(spec), before, record, unread)
        errors |= {path: message for path, message in the_rest.items() if path not in errors}
    if not errors:
        raise refused  # answered by the guard
    return invalid(_prefixed("record", errors))


def conflict(table: Table, exc: services.DealConflict) -> ApiError:
    latest = table.deals.filter(number=exc.number).first()
    spec = services.table_spec(table)
    return ApiError(409, str(exc), deal_count=services.active_deals(table).count(),
                    next_number=services.next_number(table),
                    deal=deal_json(latest, spec) if latest else None)


@api.post("/tables/{token}/deals", response={200: DealOut, 201: DealOut, 400: ErrorOut, 403: ErrorOut, 404: ErrorOut,
                                             409: ConflictOut, 422: ErrorOut},
          tags=["tables"], summary="Record a deal")
def record_deal(request: HttpRequest, token: str, payload: RecordIn) -> HttpResponse:
    """Record the next deal (edit token). With `expected_number`, a deal another phone recorded first answers
    409 with that deal; nothing is stored. With `client_id`, a repeat answers 200 with the deal already stored.
    Field errors come under `record.`."""
    limit(request, "write")
    table = access_or_error(token, edit=True).table
    try:
        with guard("record"):
            try:
                deal = services.record_deal(table, payload.record, expected_number=payload.expected_number,
                                            author=AUTHOR, client_id=payload.client_id)
            except InvalidRecord as refused:
                raise refused_with_the_rest(refused, table, payload.record,
                                            lambda: services.standings(table).state) from None
    except services.DealConflict as exc:
        raise conflict(table, exc) from None
    except services.NotTheNextNumber as exc:
        raise invalid({"expected_number": str(exc)}) from None
    except (services.ChangeRefused, services.DealReplaced) as exc:
        raise ApiError(409, str(exc)) from None
    # Built to DealOut's shape and answered directly, as the score endpoint does: validating the answer again
    # cost a tenth of recording a deal (tests/bench/test_record_path.py holds the answer to DealOut).
    answer = deal_json(deal, services.table_spec(deal.table))  # a retry may answer the game closed before
    answer.setdefault("totals", None)  # as DealOut has it for a deal without running totals (an undone one)
    return api.create_response(request, answer, status=200 if getattr(deal, "repeated", False) else 201)


@api.put("/tables/{token}/deals/{number}", response={200: EditedOut, 400: ErrorOut, 403: ErrorOut,
                                                     404: ErrorOut, 409: ChangedOut, 422: ErrorOut},
         tags=["tables"], summary="Edit a deal")
def edit_deal(request: HttpRequest, token: str, number: int, payload: EditIn) -> dict[str, Any]:
    """Replace a deal's record (a new revision; the old one stays in the history). 409 when a later deal
    would no longer be possible, or when another phone changed the deal since the `revision` given (with the
    deal as it is now). A record that leaves the deal as it is stores nothing: `unchanged`.

    A deal entered card by card keeps its cards under `record.plays`. A record sent with `plays` is stored with
    those (`"plays": null`: without cards). A record sent without the key keeps the deal's cards when they make
    that same record, played again by the game's rules (a record read back from this table and sent again, or
    changed only where the cards decide nothing); when they say otherwise (another count, another trick's
    taker, a void deal), the record is stored as sent, without them, and the answer says so: `cards_dropped`,
    with `cards_said`. To keep the cards, correct them instead (the deal's cards page), or send the record the
    cards make."""
    limit(request, "write")
    table = access_or_error(token, edit=True).table
    deal = deal_or_404(table, number)
    try:
        with guard("record"):
            try:
                services.edit_deal(deal, payload.record, author=AUTHOR, expected_revision=payload.revision,
                                   drop_cards=True)
            except InvalidRecord as refused:
                raise refused_with_the_rest(refused, table, payload.record, lambda: services.state_before(
                    table, number, get_game(table.game), services.table_spec(table))) from None
    except services.DealChanged:
        deal.refresh_from_db()
        raise ApiError(409, _("Deal %(n)s was changed on another phone since revision %(r)s: nothing was saved. "
                              "It is as `deal` shows; send its revision to replace it.")
                       % {"n": number, "r": payload.revision},
                       deal=deal_json(deal, services.table_spec(table))) from None
    except (services.ChangeRefused, services.Conflict) as exc:
        raise ApiError(409, str(exc)) from None
    dropped = getattr(deal, "cards_dropped", None)
    unchanged = getattr(deal, "unchanged", False)
    deal.refresh_from_db()
    answer = deal_json(deal, services.table_spec(table))
    answer["unchanged"] = unchanged
    if dropped is not None:
        answer["cards_dropped"] = True
        answer["cards_said"] = {**dropped.said, **{key: services.translate(why) for key, why in dropped.why.items()}}
    return answer


@api.post("/tables/{token}/undo", response={200: DealOut, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut},
          tags=["tables"], summary="Undo the latest deal")
def undo(request: HttpRequest, token: str, number: int | None = None) -> dict[str, Any]:
    """Withdraw the latest active deal. It stays in the history and `restore` brings it back. With `?number=`,
    the deal the client saw as the last: 409 if another phone undid it first or recorded another deal since
    (nothing is undone), 404 if the table has no such deal."""
    limit(request, "write")
    table = access_or_error(token, edit=True).table
    try:
        deal = services.undo_last(table, author=AUTHOR, number=number)
    except services.NoSuchDeal as exc:
        raise ApiError(404, str(exc)) from None
    except (services.ChangeRefused, services.Conflict) as exc:
        raise ApiError(409, str(exc)) from None
    if deal is None:
        raise ApiError(409, _("There is no deal to undo."))
    deal.refresh_from_db()
    return deal_json(deal, services.table_spec(table))


@api.post("/tables/{token}/deals/{number}/restore",
          response={200: DealOut, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut},
          tags=["tables"], summary="Restore an undone deal")
def restore(request: HttpRequest, token: str, number: int) -> dict[str, Any]:
    limit(request, "write")
    table = access_or_error(token, edit=True).table
    deal = deal_or_404(table, number)
    if not deal.withdrawn:
        raise ApiError(409, _("Deal %(n)s is not undone.") % {"n": number})
    try:
        services.set_withdrawn(deal, False, author=AUTHOR)
    except services.DealRestored:
        raise ApiError(409, _("Deal %(n)s is not undone.") % {"n": number}) from None
    except (services.ChangeRefused, services.Conflict) as exc:
        raise ApiError(409, str(exc)) from None
    deal.refresh_from_db()
    return deal_json(deal, services.table_spec(table))


from scoring import (  # noqa: E402
    api_play,  # noqa: F401  (registers the endpoints for a deal given as its plays)
    api_stake,  # noqa: F401  (registers the stake's endpoint on this api)
    api_transfer,  # noqa: F401  (registers the table-file endpoints on this api)
)
