"""What the tarot pages show beyond the generic ones: the generic record form, with the card points box
focused once the bouts are tapped (``tarot/record.html``), with the rounds option the deals scored of them
(``tarot/state.html``), and on the score sheet and the big screen who took each deal and which contract, as a
Tarot player's paper sheet has it ("G" by the taker's score; "Taker: Mathieu, Garde")."""

from collections.abc import Mapping
from typing import Any

from games.tarot.numbers import CONTRACT_NAMES
from referee.game import TableSpec
from referee.text import Text, _
from referee.values import Seat
from scoring.presenters import DealMark, Presenter

# The contracts as a paper sheet writes them beside the taker's score: French letters in every language, as the
# contracts' names are French everywhere (numbers.CONTRACT_NAMES).
CONTRACT_MARKS: dict[str, str] = {"prise": "P", "garde": "G", "garde_sans": "GS", "garde_contre": "GC"}
TAKER_SAID = _("Taker: %(taker)s, %(contract)s")
MARKS_LEGEND = _("By the taker's score, the contract: %(marks)s.")


class TarotPresenter(Presenter):
    record_template = "tarot/record.html"
    state_template = "tarot/state.html"

    def deal_mark(self, spec: TableSpec[Any], record: Mapping[str, Any], outcome: Mapping[str, Any]) -> DealMark | None:
        """Who took the deal and which contract, from its stored record: the taker as the table names them now.

        >>> from games.tarot.rules import GAME
        >>> spec = GAME.table(["Mathieu", "Stéphanie", "Jean-Baptiste", "Bérangère", "Guillaume"])
        >>> PRESENTER.deal_mark(spec, {"taker": {"seat": 4, "name": "Guille"}, "contract": "garde_contre"}, {})
        DealMark(side=4, mark='GC', said='Taker: Guillaume, Garde contre')
        >>> PRESENTER.deal_mark(spec, {"void": True}, {"void": True}) is None
        True
        """
        from scoring.services import translate  # services imports the models: not before the apps are loaded

        contract = record.get("contract")
        try:
            seat = Seat.from_json(record["taker"]).index
        except (KeyError, TypeError, ValueError):
            return None
        if record.get("void") or contract not in CONTRACT_MARKS or not 0 <= seat < spec.size:
            return None
        said = Text(TAKER_SAID.template, {"taker": spec.players[seat], "contract": CONTRACT_NAMES[contract]})
        return DealMark(seat, CONTRACT_MARKS[contract], translate(said))

    def marks_legend(self) -> str:
        r"""What the letters stand for, each with its contract on one line ("GC Garde contre", never "GC" ending
        one line and "Garde contre" starting the next).

        >>> PRESENTER.marks_legend()
        "By the taker's score, the contract: P\xa0Prise, G\xa0Garde, GS\xa0Garde sans, GC\xa0Garde contre."
        """
        from scoring.services import translate

        marks = ", ".join(f"{mark}\N{NO-BREAK SPACE}{CONTRACT_NAMES[contract]}"
                          for contract, mark in CONTRACT_MARKS.items())
        return translate(Text(MARKS_LEGEND.template, {"marks": marks}))


PRESENTER = TarotPresenter()
