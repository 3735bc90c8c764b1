"""What the Burro pages show beyond the generic ones: the variant and the deal beside the standings, the
players tied for a decider, and a record form that asks one thing (who was left holding cards), offering only
the tied players in a decider and nothing once the game is won; a hand saved without a loser is asked for one in
the game's own words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from games.burro.record import NO_LOSER
from scoring import services
from scoring.presenters import Presenter

if TYPE_CHECKING:
    from scoring.services import Standings


def ask_for_the_loser(form: Any) -> None:
    """A hand saved without a loser: the generic form says only "This field is required."; Burro says what it
    asks, in the words it uses everywhere else (the API's message too): "Who was left holding cards? Tap their
    name." Any other message on the field is left as it is."""
    errors = form.errors.get("loser") if form is not None and form.is_bound else None
    generic = form.missing({}).get("loser") if errors else None  # the form's own words for a field left empty
    if errors and generic in errors:
        asked = services.translate(NO_LOSER)
        form.errors["loser"] = form.error_class([asked if error == generic else error for error in errors],
                                                renderer=form.renderer)


class BurroPresenter(Presenter):
    record_template = "burro/record.html"
    state_template = "burro/state.html"
    stylesheet = "burro/burro.min.css"

    def board(self, standings: Standings) -> Mapping[str, Any]:
        """The game's display state (variant, cards each, stock, dealer, leader, winners or tied players)."""
        return dict(standings.extra)

    def record(self, form: Any, table: Any, deal: Any = None,
               standings: Standings | None = None) -> Mapping[str, Any]:
        """What the form asks, from the standings before a new hand: who may lose it (everyone, or the tied
        players in a decider), and whether the game is won (no form then). Editing a hand, nothing is known:
        every player is offered."""
        ask_for_the_loser(form)
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
