"""The options of a Tresillo or L'Ombre table: the house rules where the texts leave a choice open, and how the
night may be settled before it ends.

>>> TresilloOptions().equal_debts, TresilloOptions().sitting_out, OmbreOptions().sitting_out
('oldest', 'apart', 'apart')
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.game import Option, Options, option
from referee.text import _

EQUAL_DEBTS = (
    ("oldest", _("The one written first")),
    ("own", _("The Hombre's own, if he has one of them")),
)


APART, SHARES = "apart", "shares"
SITTING_OUT = (
    (APART, _("Pays and collects nothing")),
    (SHARES, _("Pays and collects like an opponent")),
)
SITTING_OUT_LABEL = _("At a table of four, the player sitting out")


@dataclass(frozen=True)
class TresilloOptions(Options):
    equal_debts: str = option(
        "oldest", _("Two open reserved puestas equally the highest: which one a sacado collects"),
        choices=EQUAL_DEBTS, house_rule=True,
        help=_("The rules say “the highest debt” and do not say which of two equal ones."))
    sitting_out: str = option(
        APART, SITTING_OUT_LABEL, choices=SITTING_OUT, house_rule=True,
        help=_("The rules do not say. Tapete: the dealer who sits out pays only his tanto to the "
               "plato. Many Spanish tables have him pay and collect like an opponent: the tanto of a sacado and "
               "the bonuses."))


@dataclass(frozen=True)
class OmbreOptions(Options):
    sitting_out: str = option(
        APART, SITTING_OUT_LABEL, choices=SITTING_OUT, house_rule=True,
        help=_("The rules do not say. Tapete: the dealer who sits out pays and collects nothing. A "
               "table may have him pay and collect like an opponent: a sacado's lesser counter, matadors, "
               "playing without taking in, the first five tricks and the voll."))


TRESILLO_SETTLE: tuple[Option, ...] = (
    Option("include_open_puestas", _("Count the open reserved puestas"), "bool", False,
           help=_("Yes: each debt still open on the Reserved Puesta sheet is paid into the plato now, and the "
                  "plato and the middle pool are shared equally. No: the sheet is torn up, and the plato and "
                  "the middle pool are shared equally.")),
)
