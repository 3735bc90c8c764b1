"""A deal entered card by card keeps its cards in its record, under ``plays`` (:mod:`scoring.play_drafts`): its page
shows them trick by trick, each card asking the referee whether it was legal. An edit that sends the record
without them (the record form asks the record's fields, not the cards; an API client may send the record alone)
says nothing about the cards, so an edit is not where they are lost:

- they are kept when they still make the record sent: the record with the cards put back, read again by the
  game's own card-by-card answers (``plays_of``, ``played_deal``, ``record_from_plays``), is that same record as
  stored (a ``players`` field, a set of players that a form gives in its own order, compared as a set). An edit
  that leaves the deal as the cards made it changes nothing, and one of what the cards do not decide (what was
  said before the first card, when the same cards still make the rest) keeps them;
- otherwise the cards say otherwise (:class:`CardsSayOtherwise`: what they make of each field the record
  contradicts, or why they cannot be played under it), and nothing is stored unless dropping them was asked for:
  the record form says so first, with a way to correct the deal card by card instead; the API drops them and
  its answer says so.

Nothing here names a game: the games answer through the questions card-by-card entry already asks them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _

from referee.game import Game, InvalidRecord, TableSpec
from scoring.play_drafts import Draft, entered_by_cards, played_code

PLAYS = "plays"  # where a deal entered card by card keeps its cards


class CardsSayOtherwise(Exception):
    """The record sent without its deal's cards is not the record they make. ``said``: each field the record
    sent says otherwise, with what the cards make of it (as a record stores it); ``why``: the game's messages
    when the cards cannot be played under the record sent at all (another taker, other players going, a void
    deal)."""

    def __init__(self, said: Mapping[str, Any] | None = None, why: Mapping[str, Any] | None = None):
        self.said = dict(said or {})
        self.why = dict(why or {})
        super().__init__(f"the cards say otherwise: {sorted(self.said) or sorted(self.why)}")


def has_cards(game: Game[Any, Any, Any], record: Any) -> bool:
    """Whether a stored record kept the cards of a deal entered card by card, in a game that shows them."""
    return entered_by_cards(game) and isinstance(record, Mapping) and bool(record.get(PLAYS))


def with_kept_cards(game: Game[Any, Any, Any], spec: TableSpec[Any], stored: Mapping[str, Any], record: Any,
                    stored_as: Callable[[Any], dict[str, Any]]) -> Any:
    """``record`` sent to replace the deal stored as ``stored``: the record its cards make, with them, when it
    leaves them out and they make it; ``record`` as sent when it gives its own (``plays``, even empty) or the deal
    kept none. ``stored_as``: a record as the deal would store it (read and completed against the deals before;
    ``InvalidRecord`` if it cannot be). :class:`CardsSayOtherwise` when the cards make another record, or none."""
    if not isinstance(record, Mapping) or PLAYS in record or not has_cards(game, stored):
        return record
    try:
        wanted = stored_as({**record, PLAYS: stored[PLAYS]})  # the record sent with the cards, as it would be stored
        entered = game.plays_of(spec, wanted)  # type: ignore[attr-defined]
        if entered is None:  # the record sent keeps no cards (a void deal)
            raise CardsSayOtherwise(why={PLAYS: _("A deal recorded like this keeps no cards.")})
        contract, leader, cards = entered
        draft = Draft(contract=contract, leader=leader.index, cards=[played_code(c) for c in cards])
        made, _lines = game.record_from_plays(spec, contract, draft.deal(game, spec))  # type: ignore[attr-defined]
        got = stored_as(made)
    except InvalidRecord as exc:  # the cards cannot be played under the record sent
        raise CardsSayOtherwise(why=exc.errors) from None
    sets = {f.name for f in game.record_fields(spec) if f.kind == "players"}
    said = {key: got.get(key) for key in [*got, *(k for k in wanted if k not in got)]
            if key != PLAYS and _compared(key, got.get(key), sets) != _compared(key, wanted.get(key), sets)}
    if said:
        raise CardsSayOtherwise(said=said)
    return made


def _compared(key: str, value: Any, sets: set[str]) -> Any:
    """A stored value as compared: a set of players in any order, anything else as it is."""
    if key in sets and isinstance(value, list):
        return sorted(json.dumps(v, sort_keys=True) for v in value)
    return value
