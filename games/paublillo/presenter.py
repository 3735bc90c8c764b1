"""What the Paublillo pages show beyond the generic ones: the teams' stones beside the standings, and a record
form that asks only what the score makes a question (the alver choice, the betting ladder)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scoring import services
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
        """What the form asks, from the game as it stood before the deal (:func:`_shown_before`): who deals, who
        is on alver, and whether the monja would put the dealer's team on alver (a team on 10 dealing, at a table
        that counts the monja point at once). An edit asks what the deal being edited was played under, as the
        form asked it then; nothing is known (every question is offered) only if that state cannot be read."""
        before = _shown_before(form, table, deal, standings)
        if before is None:
            return {"known": False}
        shown, options = before
        alver = list(shown.get("alver", []))
        monja_alver = None
        if len(alver) < 2 and getattr(options, "monja_alver_at_once", True):
            for team in shown.get("teams", []):
                if team["score"] == MONJA_TO_ALVER and shown.get("dealer") in team["members"]:
                    monja_alver = team["side"]
        return {"known": True, "dealer": shown.get("dealer"),
                "game_over": bool(shown.get("game_over")) and not deal,  # a deal already played stays editable
                "alver": alver, "on_alver": len(alver), "alver_side": alver[0] if len(alver) == 1 else None,
                # with a team on alver already, the monja would put both there: no alver question then
                "monja_alver": monja_alver if not alver else None, "monja_both": bool(alver and monja_alver)}


def _shown_before(form: Any, table: Any, deal: Any, standings: Any) -> tuple[Mapping[str, Any], Any] | None:
    """The game's display state before the deal, with the table's options: before ``deal`` when editing it, else
    the standings (the table's now on a page drawn without them: a template passes "" for a missing ``st``);
    None when a stored deal before it cannot be read."""
    if getattr(deal, "number", None) is not None:  # a template passes "" for a missing deal
        game, spec = form.game, form.spec
        try:
            state = services.state_before(table, deal.number, game, spec)
        except services.ChangeRefused:
            return None
        return game.display_state(spec, state), spec.options
    if not hasattr(standings, "extra"):
        standings = services.standings(table)
    return standings.extra, standings.spec.options


PRESENTER = PaublilloPresenter()
