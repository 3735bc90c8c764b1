"""What the Paublillo pages show beyond the generic ones: the teams' stones beside the standings, and a record
form that asks only what the score makes a question (the alver choice, the betting ladder)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scoring.presenters import Presenter

if TYPE_CHECKING:
    from scoring.services import Standings

MONJA_TO_ALVER = 10  # a team on 10 dealing is put on alver by the monja point


class PaublilloPresenter(Presenter):
    record_template = "paublillo/record.html"
    state_template = "paublillo/state.html"
    stylesheet = "paublillo/paublillo.min.css"

    def board(self, standings: Standings) -> Mapping[str, Any]:
        """The teams (members, score, stones, alver), who deals and leads, and the winning team (the game's
        display state), with the stones in front of the scorers counted (the rest are in the middle)."""
        shown = dict(standings.extra)
        teams = shown.get("teams", [])
        plain = sum(team["stones"]["plain"] for team in teams)
        special = sum(team["stones"]["special"] for team in teams)
        return {**shown, "used_plain": plain, "used_special": special}

    def record(self, form: Any, table: Any, deal: Any = None,
               standings: Standings | None = None) -> Mapping[str, Any]:
        """What the form asks, from the standings before the deal: nothing is known when editing (every
        question is offered), else who deals, who is on alver, and whether the monja would put the dealer's
        team on alver (a team on 10 dealing, at a table that counts the monja point at once)."""
        if not standings or deal:
            return {"known": False}
        shown = standings.extra
        alver = list(shown.get("alver", []))
        monja_alver = None
        if len(alver) < 2 and getattr(standings.spec.options, "monja_alver_at_once", True):
            for team in shown.get("teams", []):
                if team["score"] == MONJA_TO_ALVER and shown.get("dealer") in team["members"]:
                    monja_alver = team["side"]
        return {"known": True, "dealer": shown.get("dealer"), "game_over": bool(shown.get("game_over")),
                "alver": alver, "on_alver": len(alver), "alver_side": alver[0] if len(alver) == 1 else None,
                # with a team on alver already, the monja would put both there: no alver question then
                "monja_alver": monja_alver if not alver else None, "monja_both": bool(alver and monja_alver)}


PRESENTER = PaublilloPresenter()
