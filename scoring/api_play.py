"""The API for a deal given as its plays (registered on :data:`scoring.api.api`), for a game that is entered card
by card (:mod:`scoring.play_drafts`):

- ``POST /api/games/{game}/score/plays``: the contract and the cards in the order played in; the record the cards
  make, its score and every flagged play out;
- ``POST /api/games/{game}/ruling/plays``: a whole deal (or the part played so far) in; the first illegal play
  and every revoke proven out.

A play is a card code (played by whoever's turn it is) or ``{"seat": name, "card": code}``; in a game with
face-down plays, ``{"card": code, "face_down": true}`` or the code with a star (``"6C*"``) is a card
played face down (a game without them flags it: every card face up). Errors as
everywhere in the API: 422 with a message per field (``contract.taker``, ``leader``, ``plays.3``), 404 for a
game that is not entered card by card. Nothing is stored.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja import Field, Schema

from referee import parse
from referee.cards import Card, CardError
from referee.game import Game, TableSpec
from referee.played import Flag, FlagKind, PlayedDeal
from referee.values import Seat
from scoring import play_drafts, services
from scoring.api import ApiError, Translator, api, build_table, game_or_404, guard, invalid, limit, outcome_json
from scoring.api_schemas import Body, ErrorOut
from scoring.play_drafts import read_code

MAX_PLAYS = 200  # beyond any deck dealt out
MAX_PLAYED_DEALS = 100  # deals given as their plays in one score request (each judged card by card: ~7 ms)


class PlaysIn(Body):
    players: list[str] = Field(..., max_length=10, description="Names in the order of play.",
                               examples=[["N", "E", "S", "W"]])
    options: dict[str, Any] = Field(default_factory=dict, description="The game's options, as for `score`.")
    first_dealer: int = Field(0, description="Seat index (0-based) of the dealer: the next player leads.")
    leader: str | None = Field(
        None, description="Who led the first trick (default: the player after the dealer, or whom the game's "
                          "contract makes lead, such as a taker who leads).")
    contract: dict[str, Any] = Field(
        default_factory=dict, description="What was said before the first card: the fields `GET /api/games/{game}` "
                                          "lists as `play_fields` (for example taker, contract, called_card, "
                                          "poignees, chelem_announced, chien, ecart).")
    plays: list[str | dict[str, Any]] = Field(
        ..., max_length=MAX_PLAYS, description="The cards in the order played: a code (by whoever's turn it was) "
                                               "or {\"seat\": name, \"card\": code}; a card played face down "
                                               "(in a game that has them) as {\"card\": code, \"face_down\": "
                                               "true} or its code with a star (\"6C*\").",
        examples=[["5S", "6S", {"seat": "S", "card": "KS"}, "7S"]])


class FlagOut(Schema):
    index: int = Field(description="The play's position in the deal (0-based).")
    trick: int
    seat: str
    card: str
    face_down: bool = Field(False, description="The card was played face down.")
    kind: str = Field(description="played, not_in_deck, aside (a card set aside before play), out_of_turn, "
                                  "face_down, illegal or revoke.")
    rule: str
    explanation: str
    proven_by: int | None = Field(None, description="For a revoke: the trick whose card proves it.")


class PlaysScoreOut(Schema):
    record: dict[str, Any] = Field(description="The record the cards make (its cards kept under `plays`).")
    lines: list[str] = Field(description="What the cards said to make it.")
    winners: list[str] = Field(description="Who took each trick.")
    outcome: dict[str, Any]
    flags: list[FlagOut]


class PlaysRulingOut(Schema):
    legal: bool = Field(description="No play is flagged.")
    first_illegal: FlagOut | None
    revokes: list[FlagOut]
    flags: list[FlagOut]
    winners: list[str | None]


def _entered_by_cards(slug: str) -> Game[Any, Any, Any]:
    rules = game_or_404(slug)
    if not play_drafts.entered_by_cards(rules):
        raise ApiError(404, _("%(game)s is not entered card by card.") % {"game": slug})
    return rules


def _deal(rules: Game[Any, Any, Any], spec: TableSpec[Any], payload: PlaysIn,
          state: Any = None) -> tuple[dict[str, Any], PlayedDeal]:
    """The contract as the game plays it (:meth:`~referee.game.Game.first_lead`: it may add the dealer) and the
    deal as given (its first leader by default the one ``state`` and the contract say, else the first deal's):
    422 with a message per field for a bad contract, leader or play."""
    leader: Seat | None
    with guard("contract"):  # who leads may follow from the contract (the game's first_lead)
        contract, first = rules.first_lead(spec, rules.initial_state(spec) if state is None else state,
                                           payload.contract)
    if payload.leader is None:
        leader = spec.seat(first)
    else:
        leader = next((s for s in spec.seats() if s.name.casefold() == payload.leader.strip().casefold()), None)
        if leader is None:
            raise invalid({"leader": _("%(name)s is not at this table.") % {"name": payload.leader[:40]}})
    with guard("contract"):
        deal: PlayedDeal = rules.played_deal(spec, contract, leader)  # type: ignore[attr-defined]
    total = deal.tricks_in_deal * len(deal.seats)
    if len(payload.plays) > total:
        raise invalid({"plays": _("A deal has %(n)s cards played, not %(m)s.") % {"n": total,
                                                                                   "m": len(payload.plays)}})
    deck = rules.deck_for(spec)
    for index, given in enumerate(payload.plays):
        code, seat = (given, None) if isinstance(given, str) else (given.get("card", ""), given.get("seat"))
        code, face_down = read_code(code) if isinstance(code, str) else ("", False)
        if isinstance(given, dict) and "face_down" in given:
            with guard(f"plays.{index}"):
                errors = parse.Errors()
                face_down = parse.yes_no(given.get("face_down"), "face_down", errors) or face_down
                errors.raise_if_any()
        try:
            card = Card.parse(code, deck)
        except (CardError, ValueError, IndexError):
            refused = _("%(code)s is not a card of this game.") % {"code": code[:10]}
            meant = parse.did_you_mean(code, deck)  # "30": did you mean 3O?
            raise invalid({f"plays.{index}": f"{refused} {services.translate(meant)}" if meant else refused}) \
                from None
        who = None
        if seat is not None:
            who = next((s for s in spec.seats() if s.name.casefold() == str(seat).strip().casefold()), None)
            if who is None:
                raise invalid({f"plays.{index}": _("%(name)s is not at this table.") % {"name": str(seat)[:40]}})
        with guard(f"plays.{index}"):
            deal = deal.add(card, face_down=face_down, seat=who)
    return contract, deal


def _flags(deal: PlayedDeal) -> list[dict[str, Any]]:
    seated = deal.seated
    return [_flag(flag, seated[flag.index].seat, seated[flag.index].card, seated[flag.index].face_down)
            for flag in deal.flags]


def _flag(flag: Flag, seat: Seat | None, card: Card, face_down: bool = False) -> dict[str, Any]:
    return {"index": flag.index, "trick": flag.trick, "seat": seat.name if seat else "", "card": card.code,
            "face_down": face_down, "kind": flag.kind.value, "rule": services.translate(flag.rule),
            "explanation": services.translate(flag.explanation), "proven_by": flag.proven_by}


@api.post("/games/{game}/score/plays",
          response={200: PlaysScoreOut, 400: ErrorOut, 404: ErrorOut, 422: ErrorOut},
          tags=["games"], summary="Score a deal given as its plays")
def score_plays(request: HttpRequest, game: str, payload: PlaysIn) -> dict[str, Any]:
    """The contract and every card in the order played in; the record the cards make (trick winners, points,
    bouts...), its score and every flagged play out. Nothing is stored. A deal not over, or with a card played
    twice, answers 422 under `plays`."""
    limit(request, "score")
    rules = _entered_by_cards(game)
    spec = build_table(rules, payload.players, payload.options, (), payload.first_dealer)
    contract, deal = _deal(rules, spec, payload)
    tr = Translator()
    with guard():
        record, lines = rules.record_from_plays(spec, contract, deal)  # type: ignore[attr-defined]
        state, outcome = rules.apply(spec, rules.initial_state(spec), record)
        sides = rules.sides(spec)
        return {
            "record": record.to_json(), "lines": [tr(line) for line in lines],
            "winners": [t.winner.name if t.winner else "" for t in deal.tricks],
            "outcome": outcome_json(rules, spec, 1, outcome.to_json(), dict(zip(sides, state.totals, strict=False)),
                                    tr),
            "flags": _flags(deal),
        }


@api.post("/games/{game}/ruling/plays",
          response={200: PlaysRulingOut, 400: ErrorOut, 404: ErrorOut, 422: ErrorOut},
          tags=["games"], summary="Judge every play of a deal")
def ruling_plays(request: HttpRequest, game: str, payload: PlaysIn) -> dict[str, Any]:
    """A whole deal (or as much as was played) in; the first play that breaks a rule, every revoke proven by a
    later card (naming the trick that proves it) and every flag out, each citing its rule."""
    limit(request, "score")
    rules = _entered_by_cards(game)
    spec = build_table(rules, payload.players, payload.options, (), payload.first_dealer)
    _contract, deal = _deal(rules, spec, payload)
    with guard():
        flags = _flags(deal)
        return {
            "legal": not flags, "first_illegal": flags[0] if flags else None,
            "revokes": [f for f in flags if f["kind"] == FlagKind.REVOKE.value], "flags": flags,
            "winners": [t.winner.name if t.winner else None for t in deal.tricks],
        }


# -- a deal given as its plays among the deals of `POST /api/games/{game}/score` -------------------------------

def refuse_unknown_keys(raw: dict[str, Any], known: tuple[str, ...], prefix: str) -> None:
    """A 422 beside each key of a deal given as its plays that is none of ``known`` (a misspelt ``leadr`` would
    otherwise be dropped without a word), as the request bodies themselves refuse them."""
    unknown = {f"{prefix}.{str(key)[:40]}": _("Unknown field: check its spelling.") for key in raw if key not in known}
    if unknown:
        raise invalid(unknown)


def is_given_as_plays(raw: Any) -> bool:
    """A deal of the score endpoint given as its plays: ``{"contract": {...}, "plays": [...], "leader": name}``
    (a record names its contract by a word, never by an object)."""
    return isinstance(raw, dict) and isinstance(raw.get("contract"), dict) and isinstance(raw.get("plays"), list)


def record_of_plays(rules: Game[Any, Any, Any], spec: TableSpec[Any], state: Any, raw: dict[str, Any],
                    prefix: str) -> tuple[Any, list[str], list[dict[str, Any]]]:
    """The record a deal given as its plays makes against ``state`` (the deal before it), with the lines that say
    how and every flagged play; its errors 422 under ``prefix`` (``deals.2.plays.5``)."""
    if not play_drafts.entered_by_cards(rules):
        raise invalid({f"{prefix}.plays": _("%(game)s is not entered card by card.") % {"game": rules.slug}})
    refuse_unknown_keys(raw, ("contract", "plays", "leader"), prefix)
    try:
        payload = PlaysIn(players=list(spec.players), contract=raw["contract"], plays=raw["plays"],
                          leader=raw.get("leader"))
    except ValueError:
        raise invalid({f"{prefix}.plays": _("The plays are a list of card codes (at most %(n)s), or of "
                                            "{seat, card}.") % {"n": MAX_PLAYS}}) from None
    try:
        contract, deal = _deal(rules, spec, payload, state)
        with guard():
            record, lines = rules.record_from_plays(spec, contract, deal)  # type: ignore[attr-defined]
    except ApiError as exc:
        raise ApiError(exc.status, f"{prefix}.{exc.detail}", {f"{prefix}.{k}": v for k, v in exc.errors.items()},
                       **exc.extra) from None
    tr = Translator()
    return record, [tr(line) for line in lines], _flags(deal)


def judge_deal(rules: Game[Any, Any, Any], spec: TableSpec[Any], raw: dict[str, Any]) -> dict[str, Any]:
    """`POST /api/games/{game}/ruling` asked about a whole deal (``deal``): as `ruling/plays` answers it, with the
    first illegal play's rule and explanation as the ruling's (422 under ``deal.`` for what does not read)."""
    if not play_drafts.entered_by_cards(rules):
        raise invalid({"deal": _("%(game)s is not entered card by card.") % {"game": rules.slug}})
    refuse_unknown_keys(raw, ("contract", "plays", "leader", "first_dealer"), "deal")
    try:
        payload = PlaysIn(players=list(spec.players), contract=raw.get("contract") or {}, plays=raw.get("plays"),
                          leader=raw.get("leader"), first_dealer=raw.get("first_dealer") or 0)
    except ValueError:
        raise invalid({"deal.plays": _("The plays are a list of card codes (at most %(n)s), or of "
                                       "{seat, card}.") % {"n": MAX_PLAYS}}) from None
    spec = dataclasses.replace(spec, first_dealer=payload.first_dealer % spec.size)
    try:
        _contract, deal = _deal(rules, spec, payload)
    except ApiError as exc:
        raise ApiError(exc.status, f"deal.{exc.detail}", {f"deal.{k}": v for k, v in exc.errors.items()},
                       **exc.extra) from None
    with guard("deal"):
        flags = _flags(deal)
    first = flags[0] if flags else None
    return {"legal": not flags, "rule": first["rule"] if first else "",
            "explanation": first["explanation"] if first else _("No play breaks a rule."),
            "first_illegal": first, "revokes": [f for f in flags if f["kind"] == FlagKind.REVOKE.value],
            "flags": flags, "winners": [t.winner.name if t.winner else None for t in deal.tricks]}
