"""What the Burro pages show beyond the generic ones: the variant and the deal beside the standings, the
players tied for a decider, and a record form that asks one thing (who was left holding cards), offering only
the tied players in a decider and nothing once the game is won."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scoring.presenters import Presenter

if TYPE_CHECKING:
    from scoring.services import Standings


class BurroPresenter(Presenter):
    record_template = "burro/record.html"
    state_template = "burro/state.html"
    stylesheet = "burro/burro.css"

    def board(self, standings: Standings) -> Mapping[str, Any]:
        """The game's display state (variant, cards each, stock, dealer, leader, winners or tied players)."""
        return dict(standings.extra)

    def record(self, form: Any, table: Any, deal: Any = None,
               standings: Standings | None = None) -> Mapping[str, Any]:
        """What the form asks, from the standings before a new hand: who may lose it (everyone, or the tied
        players in a decider), and whether the game is won (no form then). Editing a hand, nothing is known:
        every player is offered."""
        if not standings or deal:
            return {"known": False, "players": list(form.spec.players)}
        shown = standings.extra
        tied = list(shown.get("tied", []))
        winners = list(shown.get("winners", []))
        return {"known": True, "players": tied or list(form.spec.players), "decider": bool(tied), "tied": tied,
                "tied_text": shown.get("tied_text", ""),
                "won": bool(winners), "winner": winners[0] if winners else "", "dealer": shown.get("dealer"),
                "leader": shown.get("leader"), "cards_each": shown.get("cards_each"), "stock": shown.get("stock")}


PRESENTER = BurroPresenter()
