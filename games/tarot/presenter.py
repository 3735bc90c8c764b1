"""What the tarot pages show beyond the generic ones: the generic record form, with the card points box
focused once the bouts are tapped (``tarot/record.html``), with the rounds option the deals scored of them
(``tarot/state.html``), and on the score sheet and the big screen who took each deal and which contract, as a
Tarot player's paper sheet has it ("G" by the taker's score; "Taker: Mathieu, Garde"), and at five players who was
with the taker ("☆" by the partner's score; "Partner: Bérangère"), or that the taker played alone."""

from collections.abc import Mapping, Sequence
from typing import Any

from games.tarot.numbers import CONTRACT_NAMES
from referee.game import TableSpec
from referee.text import Text, _
from referee.values import Seat
from scoring.presenters import DealMark, Presenter

# The contracts as a paper sheet writes them beside the taker's score: French letters in every language, as the
# contracts' names are French everywhere (numbers.CONTRACT_NAMES).
CONTRACT_MARKS: dict[str, str] = {"prise": "P", "garde": "G", "garde_sans": "GS", "garde_contre": "GC"}
# At five players, by the partner's score (the called card's holder): a sign, the same in every language.
PARTNER_MARK = "\N{WHITE STAR}"
TAKER_SAID = _("Taker: %(taker)s, %(contract)s")
# At five players with no partner: the record names the taker as his own partner (he called himself, or the called
# card was in the chien), and the breakdown says "no partner".
TAKER_ALONE_SAID = _("Taker: %(taker)s, %(contract)s, no partner")
PARTNER_SAID = _("Partner: %(partner)s")
MARKS_LEGEND = _("By the taker's score, the contract: %(marks)s.")
# As the taker's: where it goes, then the sign (never a sign ending a line with its words on the next).
PARTNER_LEGEND = _("By the partner's score (who held the called card): %(mark)s; a deal without %(mark)s was played "
                   "by the taker alone.")


def _seat(spec: TableSpec[Any], stored: Any) -> int | None:
    """A seat of the table from a stored record's ``{"seat": …, "name": …}``; None if it names none."""
    try:
        seat = Seat.from_json(stored).index
    except (KeyError, TypeError, ValueError):
        return None
    return seat if 0 <= seat < spec.size else None


class TarotPresenter(Presenter):
    record_template = "tarot/record.html"
    state_template = "tarot/state.html"

    def deal_marks(self, spec: TableSpec[Any], record: Mapping[str, Any],
                   outcome: Mapping[str, Any]) -> Sequence[DealMark]:
        """Who took the deal and which contract, from its stored record, and at five players who was with the taker:
        the players as the table names them now. A taker who is his own partner plays alone: no partner's mark,
        and the taker's says so.

        >>> from games.tarot.rules import GAME
        >>> spec = GAME.table(["Mathieu", "Stéphanie", "Jean-Baptiste", "Bérangère", "Guillaume"])
        >>> taker, partner = PRESENTER.deal_marks(spec, {"taker": {"seat": 4, "name": "Guille"},
        ...                                              "contract": "garde_contre", "partner": {"seat": 1}}, {})
        >>> taker
        DealMark(side=4, mark='GC', said='Taker: Guillaume, Garde contre')
        >>> partner
        DealMark(side=1, mark='☆', said='Partner: Stéphanie')
        >>> PRESENTER.deal_marks(spec, {"taker": {"seat": 0, "name": "Mathieu"}, "contract": "prise",
        ...                             "partner": {"seat": 0, "name": "Mathieu"}}, {})
        (DealMark(side=0, mark='P', said='Taker: Mathieu, Prise, no partner'),)
        >>> PRESENTER.deal_marks(spec, {"void": True}, {"void": True})
        ()
        """
        from scoring.services import translate  # services imports the models: not before the apps are loaded

        contract = record.get("contract")
        taker = _seat(spec, record.get("taker"))
        if record.get("void") or contract not in CONTRACT_MARKS or taker is None:
            return ()
        said = {"taker": spec.players[taker], "contract": CONTRACT_NAMES[contract]}
        if spec.size != 5:
            return (DealMark(taker, CONTRACT_MARKS[contract], translate(Text(TAKER_SAID.template, said))),)
        partner = _seat(spec, record.get("partner"))
        if partner is None or partner == taker:
            return (DealMark(taker, CONTRACT_MARKS[contract], translate(Text(TAKER_ALONE_SAID.template, said))),)
        return (DealMark(taker, CONTRACT_MARKS[contract], translate(Text(TAKER_SAID.template, said))),
                DealMark(partner, PARTNER_MARK,
                         translate(Text(PARTNER_SAID.template, {"partner": spec.players[partner]}))))

    def marks_legend(self, spec: TableSpec[Any]) -> str:
        r"""What the letters stand for, each with its contract on one line ("GC Garde contre", never "GC" ending
        one line and "Garde contre" starting the next); at five players, the partner's sign too.

        >>> from games.tarot.rules import GAME
        >>> PRESENTER.marks_legend(GAME.table(["N", "S", "E", "W"]))
        "By the taker's score, the contract: P\xa0Prise, G\xa0Garde, GS\xa0Garde sans, GC\xa0Garde contre."
        >>> PRESENTER.marks_legend(GAME.table(["A", "B", "C", "D", "E"])).split(". ")[1]
        "By the partner's score (who held the called card): ☆; a deal without ☆ was played by the taker alone."
        """
        from scoring.services import translate

        marks = ", ".join(f"{mark}\N{NO-BREAK SPACE}{CONTRACT_NAMES[contract]}"
                          for contract, mark in CONTRACT_MARKS.items())
        legend = translate(Text(MARKS_LEGEND.template, {"marks": marks}))
        if spec.size == 5:
            legend += " " + translate(Text(PARTNER_LEGEND.template, {"mark": PARTNER_MARK}))
        return legend


PRESENTER = TarotPresenter()
