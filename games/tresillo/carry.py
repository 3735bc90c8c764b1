"""Tresillo and L'Ombre under way on paper (RULINGS, General): each player's net so far and what lies on the
table; in Tresillo the plato, the middle pool and the open lines of the Reserved Puesta sheet, in L'Ombre the
stakes.

Money only moves, so the nets and what lies on the table add up to 0 (the ledger's own check): a sheet that
does not is refused, a figure copied wrong. The middle pool holds 5-tanto pieces. The sheet's open lines are
written in the order they were written (of two equal debts a sacado collects the one written first):
``"Ana 7, Bea 12"``. Carried lines are dated deal 0, before the first deal here. Who deals next is the
table's first dealer.

>>> from games.tresillo.rules import GAMES
>>> tresillo = next(game for game in GAMES if game.slug == "tresillo")
>>> table = tresillo.table(["Ana", "Bea", "Carl"])
>>> state = tresillo.carry_over(table, {"total_0": "-7", "total_1": "3", "total_2": "-6", "middle": "10",
...                                     "sheet": "Carl 6"})
>>> state.totals, dict(state.ledger.pots), [(d.debtor, d.amount) for d in state.ledger.open_debts()]
((-7, 3, -6), {'plato': 0, 'middle': 10}, [(2, 6)])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from referee import parse
from referee.game import MAX_CARRIED, Errors, Field, TableSpec
from referee.ledger import Ledger
from referee.text import Text, _, signed

from .ombre import STAKES, OmbreState
from .tresillo import MIDDLE, PIECE, PLATO, TresilloState

CARRIED = "carried"  # a sheet line's detail: carried over from paper
MAX_LINES = 50  # open lines on the paper sheet
POT_LABELS: dict[str, Text] = {PLATO: _("Tantos now in the plato"), MIDDLE: _("Tantos now in the middle pool"),
                               STAKES: _("Counters now in the stakes")}


def nets(table: TableSpec[Any]) -> tuple[Field, ...]:
    return tuple(Field(f"total_{seat}", _("%(name)s: won (+) or lost (−) so far", name=name), "int", required=False,
                       default=0, minimum=-MAX_CARRIED, maximum=MAX_CARRIED)
                 for seat, name in enumerate(table.players))


def pot(name: str) -> Field:
    return Field(name, POT_LABELS[name], "int", required=False, default=0, minimum=0, maximum=MAX_CARRIED,
                 help=_("In 5-tanto pieces: a multiple of 5.") if name == MIDDLE else None)


SHEET = Field("sheet", _("Reserved Puesta sheet: the open lines"), "text", required=False, default="",
              help=_("Who owes how much, in the order written, separated by commas: Ana 7, Bea 12. Lines crossed "
                     "out are left out. Blank: none."))


def tresillo_fields(table: TableSpec[Any]) -> tuple[Field, ...]:
    return (*nets(table), pot(PLATO), pot(MIDDLE), SHEET)


def ombre_fields(table: TableSpec[Any]) -> tuple[Field, ...]:
    return (*nets(table), pot(STAKES))


def _ledger(table: TableSpec[Any], raw: Mapping[str, Any], pots: Sequence[str], errors: Errors) -> Ledger:
    """The nets and the pots as given, checked to add up to 0 (after the fields themselves)."""
    totals = tuple(parse.whole_number(raw.get(f"total_{seat}"), f"total_{seat}", errors, minimum=-MAX_CARRIED,
                                      maximum=MAX_CARRIED) or 0 for seat in range(table.size))
    amounts = {name: parse.whole_number(raw.get(name), name, errors, minimum=0, maximum=MAX_CARRIED) or 0
               for name in pots}
    if MIDDLE in amounts and MIDDLE not in errors and amounts[MIDDLE] % PIECE:
        errors.add(MIDDLE, _("The middle pool holds 5-tanto pieces: %(n)s is not a multiple of 5.",
                             n=amounts[MIDDLE]))
    if not errors and sum(totals) + sum(amounts.values()):
        errors.add(f"total_{table.size - 1}", _(
            "The nets and what lies on the table add up to %(sum)s: money only changes hands, so they add up "
            "to 0. Check the figures copied.", sum=signed(sum(totals) + sum(amounts.values()))))
    return Ledger(totals, amounts)


def sheet_lines(table: TableSpec[Any], value: Any, errors: Errors) -> tuple[tuple[int, int], ...]:
    """``"Ana 7, Bea 12"`` → ``((0, 7), (1, 12))``: (seat, amount) in the order written."""
    if parse.is_blank(value):
        return ()
    wrong = _("Write each open line as a name and an amount, separated by commas: Ana 7, Bea 12.")
    lines = []
    for entry in str(value).replace(";", ",").split(","):
        if not entry.strip():
            continue
        name, _sep, amount_text = entry.strip().rpartition(" ")
        seat = parse.find_seat(table.players, name) if name.strip() else None
        if not name.strip():
            errors.add("sheet", wrong)
            return ()
        if seat is None:
            errors.add("sheet", _("%(name)s is not playing at this table.", name=name.strip()))
            return ()
        amount = parse.whole_number(amount_text, "sheet", errors, minimum=1, maximum=MAX_CARRIED, wrong=wrong)
        if amount is None:
            return ()
        lines.append((seat.index, amount))
    if len(lines) > MAX_LINES:
        errors.add("sheet", _("At most %(n)s open lines.", n=MAX_LINES))
        return ()
    return tuple(lines)


def tresillo_carry(table: TableSpec[Any], raw: Mapping[str, Any], start: TresilloState) -> TresilloState:
    """The nets, plato and middle pool (adding up to 0), and the sheet's open lines; the night under way."""
    errors = Errors()
    ledger = _ledger(table, raw, (PLATO, MIDDLE), errors)
    lines = sheet_lines(table, raw.get("sheet"), errors)
    errors.raise_if_any()
    for seat, amount in lines:
        ledger, _debt = ledger.owe(seat, amount, _("Reserved puesta carried over from paper"), deal=0,
                                   detail=CARRIED)
    return dataclasses.replace(start, totals=ledger.players, ledger=ledger, played=1)


def ombre_carry(table: TableSpec[Any], raw: Mapping[str, Any], start: OmbreState) -> OmbreState:
    """The nets and the stakes (adding up to 0); the night under way."""
    errors = Errors()
    ledger = _ledger(table, raw, (STAKES,), errors)
    errors.raise_if_any()
    return dataclasses.replace(start, totals=ledger.players, ledger=ledger, played=1)
