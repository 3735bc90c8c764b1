"""The referee asked about a deal entered card by card: the referee form's fields filled in from the cards, so
that "was this legal?" on a recorded card, and "Ask the referee" from a table with a deal under way, open the
referee on that very situation (the table's players, trump or turned card, who led, the trick so far).

The names are the game's ``ruling_fields``; only the fields a game asks are filled, each as its form reads it
(cards as codes, a face-down card with ``*``, a player by name, players tapped on as a list of names, a yes/no as
``on``). What a game's course knows
beyond the situation (who sits out at a table of four) comes from :meth:`referee.played.Course.referee_fields`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.game import Game
from referee.played import PlayedDeal
from referee.tricks import Play, Trick
from referee.values import Seat
from scoring.play_drafts import code_of


def situation_fields(game: Game[Any, Any, Any], deal: PlayedDeal, number: int, leader: Seat,
                     before: Sequence[Play], play: Play | None = None) -> dict[str, str | list[str]]:
    """Trick ``number`` led by ``leader`` with ``before`` played so far; with ``play``, the question whether that
    card may be played next (its player's hand being what he played from this trick on)."""
    asked = {f.name for f in game.ruling_fields}
    context = deal.course.situation(deal, number, leader, Trick(tuple(before)), deal.tricks[:number - 1])
    fields: dict[str, str | list[str]] = {}
    if "trick" in asked:
        fields["trick"] = " ".join(code_of(p.card, p.face_down) for p in before)
    if "players" in asked:  # who played each card of the trick, in order
        fields["players"] = ", ".join(p.seat.name for p in before if p.seat is not None)
    if play is not None:
        if "hand" in asked:
            fields["hand"] = " ".join(p.card.code for t in deal.tricks[number - 1:] for p in t.trick.plays
                                      if p.seat == play.seat)
        if "card" in asked:
            fields["card"] = play.card.code
        if "face_down" in asked and play.face_down:
            fields["face_down"] = "on"
    if "leader" in asked:
        fields["leader"] = leader.name
    if "trump" in asked and context.trump:
        fields["trump"] = context.trump
    if "turned_card" in asked and context.turned is not None:
        fields["turned_card"] = context.turned.code
    if "trick_number" in asked:
        fields["trick_number"] = str(number)
    if "called_card" in asked and context.called is not None:
        fields["called_card"] = context.called.code
    for name, value in context.flags.items():
        if name in asked and value is True:
            fields[name] = "on"
    fields.update({k: v for k, v in deal.course.referee_fields(deal).items() if k in asked})
    return fields


def current_fields(game: Game[Any, Any, Any], deal: PlayedDeal) -> dict[str, str | list[str]]:
    """The trick under way (or the next one, about to be led) of a deal being entered card by card; once no card
    more is to be played (every trick played, or what was said ended the deal), its last trick."""
    tricks = deal.tricks
    if tricks and (not tricks[-1].complete or deal.complete or deal.ended):
        done = tricks[-1]
        return situation_fields(game, deal, done.number, done.leader, done.trick.plays)
    leader = deal.next_seat or deal.first_leader
    return situation_fields(game, deal, len(tricks) + 1, leader, ())
