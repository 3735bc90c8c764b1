"""What the tarot pages show beyond the generic ones: the generic record form, with the card points box
focused once the bouts are tapped (``tarot/record.html``), with the rounds option the deals scored of them
(``tarot/state.html``), and on the score sheet, the big screen and the table page's recent deals what a Tarot
player's paper sheet writes beside a deal: who took and which contract ("G" by the taker's score; "Taker: Mathieu,
Garde"), at five players who was with the taker ("☆" by the partner's score; "Partner: Bérangère") or that the
taker played alone, and what players look for when they argue about a past deal: the poignées, the petit au bout,
the chelem and, with the house rule, the misères."""

from collections.abc import Callable, Collection, Mapping, Sequence
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

# What a side showed or made, French letters too, as the words are French in every language. A record keeps which
# side showed a poignée, took the petit au bout or made the chelem, not which of its players: the mark goes by the
# score of each player of that side (the taker, and his partner at five; every defender). A poignée's size as its
# number (1 simple, 2 double, 3 triple): never a bare "P", the prise's; a chelem "Ch", "A" when announced (annoncé),
# "✗" when announced and failed (the only chelem that fails); the petit au bout's three initials, as players
# abbreviate it.
POIGNEE_MARKS: dict[str, str] = {"simple": "P1", "double": "P2", "triple": "P3"}
POIGNEE_NAMES: dict[str, Text] = {
    "simple": _("Simple poignée"), "double": _("Double poignée"), "triple": _("Triple poignée"),
}
POIGNEE_SAID: dict[str, Text] = {
    "attack": _("%(poignee)s shown by the attack"), "defence": _("%(poignee)s shown by the defence"),
}
PETIT_AU_BOUT_MARK = "PAB"
PETIT_AU_BOUT_NAME = "Petit au bout"  # French in every language, as the record form says it
PETIT_AU_BOUT_SAID: dict[str, Text] = {
    "attack": _("Petit au bout to the attack"), "defence": _("Petit au bout to the defence"),
}
CHELEM_MARKS: dict[str, str] = {"announced_made": "ChA", "unannounced_made": "Ch",
                                "announced_failed": "Ch\N{BALLOT X}", "defence": "Ch"}
CHELEM_SAID: dict[str, Text] = {
    "announced_made": _("Chelem announced and made"),
    "unannounced_made": _("Chelem made without announcing it"),
    "announced_failed": _("Chelem announced and failed"),
    "defence": _("Chelem by the defence"),
}
# One letter for both sides' unannounced chelem (seed 003: "If one side wins all the tricks, they score for chelem"),
# so the legend's words say both.
CHELEM_UNANNOUNCED_LEGEND = _("Chelem made without announcing it, by the side that won all the tricks (attack or "
                              "defence)")
# The house rule: by the score of each player who declared it.
MISERE_MARK = "M"
MISERE_NAME = "Misère"  # French in every language, as the record form says it
MISERE_SAID = _("Misère: %(player)s")
SIDES_LEGEND = _("By the scores of the side that showed, took or made it (a deal keeps the side, not which "
                 "player): %(marks)s.")
MISERE_LEGEND = _("By the score of each player who declared it: %(marks)s.")


def _seat(spec: TableSpec[Any], stored: Any) -> int | None:
    """A seat of the table from a stored record's ``{"seat": …, "name": …}``; None if it names none."""
    try:
        seat = Seat.from_json(stored).index
    except (KeyError, TypeError, ValueError):
        return None
    return seat if 0 <= seat < spec.size else None


def _seats(spec: TableSpec[Any], stored: Any) -> list[int]:
    """The seats of the players a stored record's list names, in its order."""
    found = (_seat(spec, item) for item in stored) if isinstance(stored, list | tuple) else ()
    return [seat for seat in found if seat is not None]


def _sides_of(spec: TableSpec[Any], taker: int, partner: int | None) -> dict[str, tuple[int, ...]]:
    """The seats of the attack (the taker, and his partner at five unless alone) and of the defence."""
    attack = (taker,) if partner is None or partner == taker else (taker, partner)
    return {"attack": attack, "defence": tuple(seat for seat in range(spec.size) if seat not in attack)}


def _shared(seats: tuple[int, ...], mark: str, said: Text) -> DealMark:
    from scoring.services import translate  # services imports the models: not before the apps are loaded

    return DealMark(seats[0], mark, translate(said), also=seats[1:])


def _side_marks(spec: TableSpec[Any], record: Mapping[str, Any], sides: dict[str, tuple[int, ...]]) -> list[DealMark]:
    """The poignées, the petit au bout and the chelem, each by the scores of the side that showed, took or made
    it; then each misère by its declarer's score."""
    marks = []
    for poignee in record.get("poignees") or ():
        side, size = (poignee.get("side"), poignee.get("size")) if isinstance(poignee, Mapping) else (None, None)
        if side in sides and size in POIGNEE_MARKS:
            said = Text(POIGNEE_SAID[side].template, {"poignee": POIGNEE_NAMES[size]})
            marks.append(_shared(sides[side], POIGNEE_MARKS[size], said))
    petit = record.get("petit_au_bout")
    if petit in PETIT_AU_BOUT_SAID:
        marks.append(_shared(sides[petit], PETIT_AU_BOUT_MARK, PETIT_AU_BOUT_SAID[petit]))
    chelem = record.get("chelem")
    if chelem in CHELEM_MARKS:
        side = "defence" if chelem == "defence" else "attack"
        marks.append(_shared(sides[side], CHELEM_MARKS[chelem], CHELEM_SAID[chelem]))
    for seat in _seats(spec, record.get("misere")):
        marks.append(_shared((seat,), MISERE_MARK, Text(MISERE_SAID.template, {"player": spec.players[seat]})))
    return marks


class TarotPresenter(Presenter):
    record_template = "tarot/record.html"
    state_template = "tarot/state.html"

    def deal_marks(self, spec: TableSpec[Any], record: Mapping[str, Any],
                   outcome: Mapping[str, Any]) -> Sequence[DealMark]:
        """Who took the deal and which contract, from its stored record, and at five players who was with the taker:
        the players as the table names them now. A taker who is his own partner plays alone: no partner's mark,
        and the taker's says so. Then what the sides showed and made, and who declared a misère.

        >>> from games.tarot.rules import GAME
        >>> spec = GAME.table(["Mathieu", "Stéphanie", "Jean-Baptiste", "Bérangère", "Guillaume"])
        >>> taker, partner = PRESENTER.deal_marks(spec, {"taker": {"seat": 4, "name": "Guille"},
        ...                                              "contract": "garde_contre", "partner": {"seat": 1}}, {})
        >>> taker
        DealMark(side=4, mark='GC', said='Taker: Guillaume, Garde contre', also=())
        >>> partner
        DealMark(side=1, mark='☆', said='Partner: Stéphanie', also=())
        >>> PRESENTER.deal_marks(spec, {"taker": {"seat": 0, "name": "Mathieu"}, "contract": "prise",
        ...                             "partner": {"seat": 0, "name": "Mathieu"}}, {})
        (DealMark(side=0, mark='P', said='Taker: Mathieu, Prise, no partner', also=()),)
        >>> PRESENTER.deal_marks(spec, {"void": True}, {"void": True})
        ()
        """
        from scoring.services import translate  # services imports the models: not before the apps are loaded

        contract = record.get("contract")
        taker = _seat(spec, record.get("taker"))
        if record.get("void") or contract not in CONTRACT_MARKS or taker is None:
            return ()
        said = {"taker": spec.players[taker], "contract": CONTRACT_NAMES[contract]}
        partner = _seat(spec, record.get("partner")) if spec.size == 5 else None
        alone = spec.size == 5 and (partner is None or partner == taker)
        marks = [DealMark(taker, CONTRACT_MARKS[contract],
                          translate(Text((TAKER_ALONE_SAID if alone else TAKER_SAID).template, said)))]
        if partner is not None and partner != taker:
            marks.append(DealMark(partner, PARTNER_MARK,
                                  translate(Text(PARTNER_SAID.template, {"partner": spec.players[partner]}))))
        return (*marks, *_side_marks(spec, record, _sides_of(spec, taker, partner)))

    def marks_legend(self, spec: TableSpec[Any], shown: Collection[str]) -> str:
        r"""What the letters stand for, each with its words on one line ("GC Garde contre", never "GC" ending
        one line and "Garde contre" starting the next): the contracts, at five players the partner's sign too, and
        of the rest those on the sheet (``shown``).

        >>> from games.tarot.rules import GAME
        >>> PRESENTER.marks_legend(GAME.table(["N", "S", "E", "W"]), {"G"})
        "By the taker's score, the contract: P Prise, G Garde, GS Garde sans, GC Garde contre."
        >>> PRESENTER.marks_legend(GAME.table(["A", "B", "C", "D", "E"]), {"P"}).split(". ")[1]
        "By the partner's score (who held the called card): ☆; a deal without ☆ was played by the taker alone."
        """
        from scoring.services import translate

        marks = ", ".join(f"{mark}\N{NO-BREAK SPACE}{CONTRACT_NAMES[contract]}"
                          for contract, mark in CONTRACT_MARKS.items())
        legend = translate(Text(MARKS_LEGEND.template, {"marks": marks}))
        if spec.size == 5:
            legend += " " + translate(Text(PARTNER_LEGEND.template, {"mark": PARTNER_MARK}))
        side_marks = [f"{mark}\N{NO-BREAK SPACE}{name}" for mark, name in _side_names(translate) if mark in shown]
        if side_marks:
            legend += " " + translate(Text(SIDES_LEGEND.template, {"marks": ", ".join(side_marks)}))
        if MISERE_MARK in shown:
            legend += " " + translate(Text(MISERE_LEGEND.template,
                                           {"marks": f"{MISERE_MARK}\N{NO-BREAK SPACE}{MISERE_NAME}"}))
        return legend


def _side_names(translate: Callable[[Text], str]) -> list[tuple[str, str]]:
    """The marks of what a side shows or makes with their words, in the order of the record form."""
    names = [(POIGNEE_MARKS[size], translate(name)) for size, name in POIGNEE_NAMES.items()]
    names.append((PETIT_AU_BOUT_MARK, PETIT_AU_BOUT_NAME))
    legend = {**CHELEM_SAID, "unannounced_made": CHELEM_UNANNOUNCED_LEGEND}
    names += [(CHELEM_MARKS[chelem], translate(legend[chelem]))
              for chelem in ("announced_made", "unannounced_made", "announced_failed")]
    return names


PRESENTER = TarotPresenter()
