"""Request and response bodies of the JSON API (``scoring.api``), as Ninja schemas so OpenAPI documents them.

Deal records and referee situations are free-form JSON objects: each game validates its own, field by field.
Their fields are described by ``GET /api/games`` (``record_fields``, ``ruling_fields``).
"""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from ninja import Field, Schema
from pydantic import ConfigDict, StringConstraints

MAX_DEALS = 20_000
"""Deals per stateless ``score`` request."""
MAX_PLAYERS = 32
"""A sanity cap before the game's own player counts are checked."""

PlayerName = Annotated[str, StringConstraints(max_length=40)]

RECORD_HELP = ("A deal record: a JSON object whose fields depend on the game. `GET /api/games/{game}` "
               "lists them (`record_fields`, keyed by player count). Errors come back per field.")
SITUATION_HELP = ("The situation to rule on: a JSON object whose fields depend on the game. "
                  "`GET /api/games/{game}` lists them (`ruling_fields`).")
OPTIONS_HELP = ("Variants and house rules by key (see `options` in `GET /api/games/{game}`); "
                "defaults otherwise.")


# -- errors --------------------------------------------------------------------------------------------------

class Body(Schema):
    """A request's body: a key it does not know is refused (a client that misspells `client_id` must hear it,
    not lose the retry's protection)."""

    model_config = ConfigDict(extra="forbid")


class ErrorOut(Schema):
    detail: str = Field(description="What went wrong, in one sentence.")
    errors: dict[str, str] = Field(
        default_factory=dict,
        description="One message per field, keyed by its path in the request body: `players`, "
                    "`options.misere`, `deals.2.points`, `record.bouts`, `situation.card`; "
                    "`__all__` when no field is to blame.")


# -- games ---------------------------------------------------------------------------------------------------

class GameOut(Schema):
    slug: str
    name: str
    player_counts: list[int]
    deck: str
    teams: bool = Field(description="Whether players score as teams.")
    lower_wins: bool = Field(description="Whether the lowest total wins.")
    settlement: str = Field(description="How settling up works: by points (each pays the difference of totals), "
                                        "by rank (losers pay the winners) or from the game's ledger.")
    stake_unit: str = Field(description="What the table's stake is paid per, in the asker's language.")
    settle_options: list[dict[str, Any]] = Field(
        default_factory=list, description="Choices a person makes when settling up: key, label, kind, default.")
    options: list[dict[str, Any]] = Field(description="Variants and house rules: key, label, kind, default.")
    record_schema: list[dict[str, Any]] = Field(
        description="The fields of a deal record at the smallest player count, with the default options.")
    record_fields: dict[str, list[dict[str, Any]]] = Field(
        description="The fields of a deal record for each player count (keys are counts), default options.")
    record_fields_by_option: dict[str, list[dict[str, Any]]] = Field(
        default_factory=dict,
        description="Extra record fields that a yes/no option adds when it is on, by option key.")
    record_fields_by_choice: dict[str, dict[str, dict[str, list[dict[str, Any]]]]] = Field(
        default_factory=dict,
        description="Where a choice (a variant) other than the default changes the record's fields: by option "
                    "key, then value, then player count, the fields as they are then.")
    ruling_fields: list[dict[str, Any]] = Field(description="The fields of a referee situation.")
    play_fields: dict[str, list[dict[str, Any]]] = Field(
        default_factory=dict,
        description="For a game entered card by card: the fields of the `contract` the plays endpoints take (what "
                    "is said before the first card), for each player count (keys are counts), default options; "
                    "empty for a game without card-by-card entry.")


# -- the stateless calculator --------------------------------------------------------------------------------

class ScoreIn(Body):
    players: list[PlayerName] = Field(..., max_length=MAX_PLAYERS, description="Names in the order of play.",
                                      examples=[["N", "S", "E", "W"]])
    options: dict[str, Any] = Field(default_factory=dict, description=OPTIONS_HELP)
    teams: list[list[PlayerName]] | None = Field(
        None, max_length=MAX_PLAYERS, description="Team games: the players of each team (optional where the "
                                                   "game can seat them itself).")
    first_dealer: int = Field(0, description="Seat index (0-based) of the first deal's dealer.")
    deals: list[dict[str, Any]] = Field(
        default_factory=list, max_length=MAX_DEALS,
        description=f"Deal records in order, at most {MAX_DEALS}. {RECORD_HELP}")


class MoneyOut(Schema):
    payer: str
    payee: str
    amount: int
    reason: str


class DealScoreOut(Schema):
    number: int = Field(description="1-based position of the deal.")
    scores: dict[str, int] = Field(description="Score change per side (player or team).")
    breakdown: list[str] = Field(description="The lines to read aloud to check the score.")
    money: list[MoneyOut] = Field(default_factory=list)
    dealer: str
    next_dealer: str
    void: bool
    game_over: bool = False
    winners: list[str] = Field(default_factory=list)
    totals: dict[str, int] = Field(description="Running totals after this deal.")
    extra: dict[str, Any] = Field(default_factory=dict, description="Game-specific facts about the deal.")
    record: dict[str, Any] | None = Field(None, description="A deal given as its plays: the record they make.")
    lines: list[str] = Field(default_factory=list, description="A deal given as its plays: what the cards said.")
    flags: list[dict[str, Any]] = Field(default_factory=list,
                                        description="A deal given as its plays: every flagged play (as "
                                                    "`score/plays` answers them).")


STANDINGS = ("Each side's standing, as the table page shows and ranks it and settling up counts it: its total, with "
             "what the end of the game gives back (chips still in the pots once the night is over).")


class ScoreOut(Schema):
    deals: list[DealScoreOut]
    totals: dict[str, int]
    standings: dict[str, int] = Field(description=STANDINGS)
    dealer: str = Field(description="Who deals next.")
    game_over: bool
    winners: list[str]
    state: dict[str, Any] = Field(description="Game-specific standings to show beside the totals.")


# -- the referee ---------------------------------------------------------------------------------------------

class RulingIn(Body):
    players: list[PlayerName] | None = Field(
        None, max_length=MAX_PLAYERS,
        description="Names in the order of play; default: the smallest table, named P1, P2...")
    options: dict[str, Any] = Field(default_factory=dict, description=OPTIONS_HELP)
    teams: list[list[PlayerName]] | None = Field(None, max_length=MAX_PLAYERS)
    situation: dict[str, Any] | None = Field(None, description=SITUATION_HELP + " Or, instead, `deal`.")
    deal: dict[str, Any] | None = Field(
        None, description="A whole deal (or as much as was played), in a trick game: `{\"contract\": {...}, "
                          "\"plays\": [...], \"leader\": name, \"first_dealer\": seat}` as "
                          "`POST /api/games/{game}/ruling/plays` takes them. The answer then also names the first "
                          "illegal play and every revoke proven by a later card.")


class RulingOut(Schema):
    legal: bool | None = Field(description="Is the play legal? `null` when only the trick's winner is asked. For "
                                           "a whole deal: no play breaks a rule.")
    rule: str = Field(description="The rule the ruling rests on (for a whole deal: the first illegal play's).")
    explanation: str
    legal_cards: list[str] = Field(default_factory=list, description="Every card the player may play (for an "
                                   "écart: every card that may go in it).")
    reasons: dict[str, str] = Field(default_factory=dict, description="Card code → why it is (not) legal.")
    winner: str | None = Field(None, description="Who takes the trick, when it is complete.")
    first_illegal: dict[str, Any] | None = Field(None, description="A whole deal: its first illegal play.")
    revokes: list[dict[str, Any]] = Field(default_factory=list,
                                          description="A whole deal: every revoke proven by a later card.")
    flags: list[dict[str, Any]] = Field(default_factory=list, description="A whole deal: every flagged play.")
    winners: list[str | None] = Field(default_factory=list, description="A whole deal: who took each trick.")
    also: list[dict[str, Any]] = Field(default_factory=list, description="Further rules the answer rests on "
                                       "(who deals next, after a round's score), each its `rule` and `rule_key`.")


# -- tables --------------------------------------------------------------------------------------------------

STAKE_HELP = "Money per point (or chip), in cents: a whole number."
CURRENCY_HELP = "A code (EUR, USD) or a short word or sign (chips, 🍺)."
SETTLE_CHOICES = ("The game's settle-up choices (its `settle_options` in `GET /api/games/{game}`): each key it offers "
                  "with its value, saved with the stake so every phone settles up alike.")


class TableIn(Body):
    game: str = Field(..., max_length=30, description="A game's slug, as `GET /api/games` lists them.")
    players: list[PlayerName] = Field(..., max_length=MAX_PLAYERS, description="Names in the order of play.")
    options: dict[str, Any] = Field(default_factory=dict, description=OPTIONS_HELP)
    teams: list[Annotated[str, StringConstraints(max_length=8)]] = Field(
        default_factory=list, max_length=MAX_PLAYERS,
        description="Team games: a team letter per seat (`[\"A\", \"B\", \"A\", \"B\"]`), optional.")
    stake_minor: int = Field(0, ge=0, le=1_000_000_000, strict=True, description=STAKE_HELP)
    currency: str = Field("EUR", max_length=8, description=CURRENCY_HELP)
    name: str = Field("", max_length=80)
    first_dealer: int = Field(0, ge=0, le=MAX_PLAYERS, description="Seat (0-based) of the first dealer.")
    client_id: UUID | None = Field(
        None, description="An id the client makes for this table (a UUID). Sending the same start again with the "
                          "same id (a retry after a lost answer) starts nothing and answers 200 with the table "
                          "already started.")


class TableUrls(Schema):
    view: str = Field(description="The read-only page (share it).")
    edit: str = Field(description="The page that can record deals (keep it to the scorekeepers).")
    api_view: str
    api_edit: str


class TableCreated(Schema):
    view_token: str
    edit_token: str
    urls: TableUrls


class SeatOut(Schema):
    seat: int
    name: str
    team: str = ""


class DealOut(Schema):
    number: int
    revision: int
    withdrawn: bool = False
    record: dict[str, Any]
    scores: dict[str, int] = Field(default_factory=dict)
    breakdown: list[str] = Field(default_factory=list)
    money: list[MoneyOut] = Field(default_factory=list)
    dealer: str | None = None
    next_dealer: str | None = None
    void: bool = False
    extra: dict[str, Any] = Field(default_factory=dict)
    totals: dict[str, int] | None = Field(None, description="Running totals after this deal (active deals).")


class WithdrawnDealOut(Schema):
    number: int
    revision: int
    record: dict[str, Any]


class TableOut(Schema):
    game: str
    game_name: str
    name: str
    players: list[SeatOut] = Field(description="Seats in the order of play.")
    options: dict[str, Any]
    stake_minor: int
    currency: str
    settle_choices: dict[str, Any] = Field(
        default_factory=dict, description=SETTLE_CHOICES + " The game's default where none is saved. "
                                          "`PUT /api/tables/{token}/stake` saves them.")
    version: int = Field(description="Bumped at every change: poll it to follow the table.")
    totals: dict[str, int]
    standings: dict[str, int] = Field(description=STANDINGS)
    dealer: str = Field(description="Who deals the next deal.")
    leader: str = Field(description="Who speaks and leads first in the next deal.")
    game_over: bool
    winners: list[str]
    display_state: dict[str, Any]
    deal_count: int
    next_number: int = Field(description="The number the next deal will get (send it as `expected_number`).")
    deals: list[DealOut] = Field(description="The active deals, in order.")
    withdrawn_deals: list[WithdrawnDealOut] = Field(description="Undone deals, which `restore` brings back.")
    can_edit: bool
    view_token: str


class RecordIn(Body):
    record: dict[str, Any] = Field(..., description=RECORD_HELP)
    expected_number: int | None = Field(
        None, ge=1, description="The number this deal should get. If another phone recorded it first, the answer "
                          "is 409 with that deal, and nothing is stored; if another phone undid deals since, 409 "
                          "with the last deal in play. A number the table never reached is a 422.")
    client_id: UUID | None = Field(
        None, description="An id the client makes for this deal (a UUID). Sending the same deal again with the "
                          "same id (a retry after a lost answer) records nothing and answers 200 with the deal "
                          "already stored.")


class EditIn(Body):
    record: dict[str, Any] = Field(..., description=RECORD_HELP)
    revision: int | None = Field(None, ge=1, description="The deal's `revision` the client edited (as read from the "
                                 "table). If another phone changed the deal since, 409 with the deal as it is "
                                 "now, and nothing is stored. Without it, the edit replaces whatever is there.")


class EditedOut(DealOut):
    unchanged: bool = Field(False, description="The record sent is the deal's as it was: nothing was stored, and "
                            "`revision` is the deal's as before.")
    cards_dropped: bool = Field(False, description="The deal had its cards (entered card by card, under "
                                "`record.plays`), the record was sent without them, and they say otherwise: the "
                                "record was stored as sent, without them. Its earlier revisions keep them.")
    cards_said: dict[str, Any] = Field(default_factory=dict, description="With `cards_dropped`: each field of the "
                                       "record sent that the cards say otherwise, with what they make of it (as a "
                                       "record stores it); or `plays`, why they cannot be played under it at all.")


class ChangedOut(ErrorOut):
    deal: DealOut | None = Field(None, description="The deal as another phone left it, when it changed since the "
                                   "`revision` given.")


class ConflictOut(ErrorOut):
    deal_count: int = Field(0, description="Deals now active at the table.")
    next_number: int = Field(0, description="The number the next deal will get (the next `expected_number`).")
    deal: DealOut | None = Field(None, description="The deal recorded by the other phone, if any.")


class StakeIn(Body):
    stake_minor: int = Field(..., ge=0, le=1_000_000_000, strict=True, description=STAKE_HELP)
    currency: str = Field(..., max_length=8, description=CURRENCY_HELP)
    settle_choices: dict[str, Any] = Field(
        default_factory=dict, description=SETTLE_CHOICES + " A choice not sent stays as saved. Each value is of its "
                                          "option's kind (`true`/`false` for a yes-or-no one); a key the game does "
                                          "not offer, or a value of another kind, is refused under "
                                          "`settle_choices.<key>`, and nothing is saved.")


class StakeOut(Schema):
    stake_minor: int
    currency: str
    settle_choices: dict[str, Any] = Field(description=SETTLE_CHOICES + " The game's default where none is saved.")
    version: int = Field(description="The table's version after the change.")
