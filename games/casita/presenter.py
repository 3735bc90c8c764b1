"""What the Casita Robada pages show beyond the generic ones: the match beside the standings, and a record form
that is a number box per player (one may be left blank: it is the rest of the deck)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from referee.cards import full_deck
from scoring import services
from scoring.presenters import Presenter

if TYPE_CHECKING:
    from scoring.services import Standings


def _bound(form: Any, name: str) -> Any:
    return form.bound_field(name) if form is not None else None


class CasitaPresenter(Presenter):
    record_template = "casita/record.html"
    state_template = "casita/state.html"
    stylesheet = "casita/casita.min.css"

    def board(self, standings: Standings) -> Mapping[str, Any]:
        """The match in words, deals played and left, and the match's winners (the game's display state)."""
        shown = dict(standings.extra)
        return {**shown, "match_text": services.translate(shown.get("match_text", ""))}

    def record(self, form: Any, table: Any, deal: Any = None,
               standings: Standings | None = None) -> Mapping[str, Any]:
        """A row per player in the order of play (name, the count typed, its messages), the deck, the list's
        own messages; and, for a new deal, whether the match is over (then there is no form)."""
        if not hasattr(standings, "spec"):  # a page without standings passes nothing (an empty string)
            standings = None
        spec = standings.spec if standings is not None else services.table_spec(table)
        rows = []
        for seat, name in enumerate(spec.players):
            cards = _bound(form, f"captured__{seat}__cards")
            player = _bound(form, f"captured__{seat}__player")
            value = cards.value() if cards is not None else None
            errors = (list(cards.errors) if cards is not None else []) + (
                list(player.errors) if player is not None else [])
            rows.append({"seat": seat, "name": name, "value": "" if value is None else value, "errors": errors,
                         "id": f"id_captured__{seat}__cards"})
        group = form["captured"] if form is not None and "captured" in form.fields else None
        context: dict[str, Any] = {
            "rows": rows,
            "deck": len(full_deck(spec.deck)),
            "errors": list(group.errors) if group is not None else [],
            "known": standings is not None and not deal,
        }
        if context["known"] and standings is not None:
            context["over"] = bool(standings.extra.get("match_over"))
        return context


PRESENTER = CasitaPresenter()
