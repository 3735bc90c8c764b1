"""The API for a deal given as its plays (registered on :data:`scoring.api.api`), for a game that is entered card
by card (:mod:`scoring.play_drafts`):

- ``POST /api/games/{game}/score/plays``: the contract and the cards in the order played in; the record the cards
  make, its score and every flagged play out;
- ``POST /api/games/{game}/ruling/plays``: a whole deal (or the part played so far) in; the first illegal play
  and every revoke proven out.

A play is a card code (played by whoever's turn it is) or ``{"seat": name, "card": code}``. Errors as
everywhere in the API: 422 with a message per field (``contract.taker``, ``leader``, ``plays.3``), 404 for a
game that is not entered card by card. Nothing is stored.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja import Field, Schema

from referee.cards import Card, CardError
from referee.game import Game, TableSpec
from referee.played import Flag, FlagKind, PlayedDeal
from referee.values import Seat
from scoring import play_drafts, services
from scoring.api import ApiError, Translator, api, build_table, game_or_404, guard, invalid, limit, outcome_json
from scoring.api_schemas import ErrorOut

MAX_PLAYS = 200  # beyond any deck dealt out


class PlaysIn(Schema):
    players: list[str] = Field(..., max_length=10, description="Names in the order of play.",
                               examples=[["N", "E", "S", "W"]])
    options: dict[str, Any] = Field(default_factory=dict, description="The game's options, as for `score`.")
    first_dealer: int = Field(0, description="Seat index (0-based) of the dealer: the next player leads.")
    leader: str | None = Field(None, description="Who led the first trick (default: the player after the dealer).")
    contract: dict[str, Any] = Field(
        default_factory=dict, description="What was said before the first card, as the game's `play_fields` ask "
                                          "it (for example taker, contract, called_card, poignees, "
                                          "chelem_announced, chien, ecart).")
    plays: list[str | dict[str, str]] = Field(
        ..., max_length=MAX_PLAYS, description="The cards in the order played: a code (by whoever's turn it was) "
                                               "or {\"seat\": name, \"card\": code}.",
        examples=[["5S", "6S", {"seat": "S", "card": "KS"}, "7S"]])


class FlagOut(Schema):
    index: int = Field(description="The play's position in the deal (0-based).")
    trick: int
    seat: str
    card: str
    kind: str = Field(description="played, not_in_deck, out_of_turn, face_down, illegal or revoke.")
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


def _deal(rules: Game[Any, Any, Any], spec: TableSpec[Any], payload: PlaysIn) -> PlayedDeal:
    """The deal as given: 422 with a message per field for a bad contract, leader or play."""
    leader: Seat | None
    if payload.leader is None:
        leader = spec.seat(rules.leader(spec, rules.initial_state(spec)))
    else:
        leader = next((s for s in spec.seats() if s.name.casefold() == payload.leader.strip().casefold()), None)
        if leader is None:
            raise invalid({"leader": _("%(name)s is not at this table.") % {"name": payload.leader[:40]}})
    with guard("contract"):
        deal: PlayedDeal = rules.played_deal(spec, payload.contract, leader)  # type: ignore[attr-defined]
    total = deal.tricks_in_deal * len(deal.seats)
    if len(payload.plays) > total:
        raise invalid({"plays": _("A deal has %(n)s cards played, not %(m)s.") % {"n": total,
                                                                                   "m": len(payload.plays)}})
    deck = rules.deck_for(spec)
    for index, given in enumerate(payload.plays):
        code, seat = (given, None) if isinstance(given, str) else (given.get("card", ""), given.get("seat"))
        try:
            card = Card.parse(code, deck)
        except (CardError, ValueError, IndexError):
            raise invalid({f"plays.{index}": _("%(code)s is not a card of this game.") % {"code": code[:10]}}) \
                from None
        who = None
        if seat is not None:
            who = next((s for s in spec.seats() if s.name.casefold() == str(seat).strip().casefold()), None)
            if who is None:
                raise invalid({f"plays.{index}": _("%(name)s is not at this table.") % {"name": str(seat)[:40]}})
        with guard(f"plays.{index}"):
            deal = deal.add(card, seat=who)
    return deal


def _flags(deal: PlayedDeal) -> list[dict[str, Any]]:
    seated = deal.seated
    return [_flag(flag, seated[flag.index].seat, seated[flag.index].card) for flag in deal.flags]


def _flag(flag: Flag, seat: Seat | None, card: Card) -> dict[str, Any]:
    return {"index": flag.index, "trick": flag.trick, "seat": seat.name if seat else "", "card": card.code,
            "kind": flag.kind.value, "rule": services.translate(flag.rule),
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
    deal = _deal(rules, spec, payload)
    tr = Translator()
    with guard():
        record, lines = rules.record_from_plays(spec, payload.contract, deal)  # type: ignore[attr-defined]
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
    deal = _deal(rules, spec, payload)
    with guard():
        flags = _flags(deal)
        return {
            "legal": not flags, "first_illegal": flags[0] if flags else None,
            "revokes": [f for f in flags if f["kind"] == FlagKind.REVOKE.value], "flags": flags,
            "winners": [t.winner.name if t.winner else None for t in deal.tricks],
        }
