"""The two teams: partners sit alternately, team A first.

Players are entered in the order of play (anticlockwise). With no teams given, even seats are team A and odd
seats team B; given teams are checked (two teams of half the players each, partners never side by side) and
the first team given is A. Two players are two teams of one. The sides that score are A and B, in that order.

>>> from referee.game import Options, TableSpec
>>> table = TableSpec(("Ana", "Bea", "Luis", "Eva"), Options())
>>> members(table), team_of(table, 2), label(table, Team.B)
(((0, 2), (1, 3)), <Team.A: 'A'>, 'Bea & Eva')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from referee.game import Errors, TableSpec
from referee.text import _


class Team(StrEnum):
    """A team, by the letter the table calls it; its side (the index of its scores and totals) is 0 or 1."""

    A = "A"
    B = "B"

    @property
    def side(self) -> int:
        return 0 if self is Team.A else 1

    @property
    def other(self) -> Team:
        return Team.B if self is Team.A else Team.A

    @classmethod
    def of_side(cls, side: int) -> Team:
        return cls.A if side == 0 else cls.B


SIDES = (Team.A.value, Team.B.value)


def members(table: TableSpec[Any]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats of team A and of team B."""
    if len(table.teams) == 2:
        return table.teams[0], table.teams[1]
    return tuple(range(0, table.size, 2)), tuple(range(1, table.size, 2))


def team_of(table: TableSpec[Any], seat: int) -> Team:
    for team, seats in zip(Team, members(table), strict=True):
        if seat in seats:
            return team
    return Team.of_side(seat % 2)


def names(table: TableSpec[Any], team: Team) -> tuple[str, ...]:
    return tuple(table.players[seat] for seat in members(table)[team.side])


def label(table: TableSpec[Any], team: Team) -> str:
    """The team as the page names it: "Ana & Luis", "Ana, Luis & Pau"."""
    return join_names(names(table, team))


def join_names(found: Sequence[str]) -> str:
    if len(found) <= 1:
        return "".join(found)
    return str(_("%(names)s & %(last)s", names=", ".join(found[:-1]), last=found[-1]))


def seat_teams(table: TableSpec[Any]) -> TableSpec[Any]:
    """The table with its two teams as seats: derived from the seating, or the given ones checked."""
    n = table.size
    if not table.teams:
        return dataclasses.replace(table, teams=(tuple(range(0, n, 2)), tuple(range(1, n, 2))))
    errors = Errors()
    if len(table.teams) != 2:
        errors.add("teams", _("Paublillo is played by two teams."))
        errors.raise_if_any()
    seat_team: dict[int, int] = {}
    for t, team in enumerate(table.teams):
        for seat in team:
            if seat in seat_team:
                errors.add("teams", _("%(name)s is in a team twice.", name=table.players[seat]))
            else:
                seat_team[seat] = t
    errors.raise_if_any()
    if len(seat_team) != n:
        missing = [p for i, p in enumerate(table.players) if i not in seat_team]
        errors.add("teams", _("Every player is in a team: %(names)s is not.", names=", ".join(missing)))
    elif any(len(team) != n // 2 for team in table.teams):
        errors.add("teams", _("The two teams have the same number of players: %(half)s each.", half=n // 2))
    else:
        for seat in range(n):
            nxt = table.after(seat)
            if nxt != seat and seat_team[seat] == seat_team[nxt]:
                errors.add("teams", _(
                    "Partners never sit next to each other: %(a)s and %(b)s are partners but sit side by "
                    "side. Enter the players in the order of play, the teams alternating.",
                    a=table.players[seat], b=table.players[nxt]))
                break
    errors.raise_if_any()
    teams = tuple(tuple(i for i in range(n) if seat_team[i] == t) for t in range(2))
    return dataclasses.replace(table, teams=teams)
