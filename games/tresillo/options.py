"""The options of a Tresillo or L'Ombre table: the house rules where the texts leave a choice open, and how the
night may be settled before it ends.

>>> TresilloOptions().equal_debts, TresilloOptions().sitting_out, OmbreOptions().sitting_out
('oldest', 'apart', 'apart')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.game import Option, Options, option
from referee.text import _

EQUAL_DEBTS = (
    ("oldest", _("The one written first")),
    ("own", _("The Hombre's own, if one of them is")),
)


APART, SHARES = "apart", "shares"
SITTING_OUT = (
    (APART, _("Pays and collects nothing")),
    (SHARES, _("Pays and collects like an opponent")),
)
SITTING_OUT_LABEL = _("At a table of four, the player sitting out")

HOMBRE_LEADS, ELDEST_LEADS = "hombre", "eldest"
FIRST_LEAD = (
    (HOMBRE_LEADS, _("The Hombre")),
    (ELDEST_LEADS, _("The eldest (the player after the dealer)")),
)
FIRST_LEAD_LABEL = _("Who leads the first trick")
FIRST_LEAD_HELP = _("Seed 003: “The Hombre leads a card to the first trick.” Many tables have the eldest lead "
                    "it instead. It matters only when the deal is entered card by card.")


HIGHER_MATADOR, ANY_MATADOR = "higher", "any"
MATADORS_FORCED = (
    (ANY_MATADOR, _("By any other matador led")),
    (HIGHER_MATADOR, _("Only by a higher matador led")),
)


def matadors_forced_option() -> Any:
    """Seed 003: "the three Matador cards can only be forced out by the other Matadors": by default, as it says,
    any other matador led forces one out (RULINGS.md is silent). The traditional reading, that only a higher one
    does, is the house rule."""
    return option(ANY_MATADOR, _("A player whose only trumps are matadors must play one when a trump is led"),
                  choices=MATADORS_FORCED, house_rule=True,
                  help=_("Seed 003: “Leading trumps or Matadors forces other players to use any trumps in their "
                         "hand, although the three Matador cards can only be forced out by the other Matadors.” "
                         "Tapete reads it as written: any other matador led. The traditional reading, at Spanish "
                         "and French tables and in most L'Ombre rules, is that only a higher matador does: the "
                         "Spadillo is never forced out, the Manilla only by the Spadillo, the Basto by either."))


def first_lead_option() -> Any:
    """The same option for both games (a dataclass field each)."""
    return option(HOMBRE_LEADS, FIRST_LEAD_LABEL, choices=FIRST_LEAD, house_rule=True, help=FIRST_LEAD_HELP)


@dataclass(frozen=True)
class TresilloOptions(Options):
    equal_debts: str = option(
        "oldest", _("Two open reserved puestas equally the highest: which one a sacado collects"),
        choices=EQUAL_DEBTS, house_rule=True,
        help=_("The rules say “the highest debt” and do not say which of two equal ones."))
    sitting_out: str = option(
        APART, SITTING_OUT_LABEL, choices=SITTING_OUT, house_rule=True,
        help=_("The rules do not say. Tapete: the dealer who sits out pays only the tanto to the "
               "plato. Many Spanish tables have the dealer pay and collect like an opponent: the tanto of a sacado and "
               "the bonuses."))
    first_lead: str = first_lead_option()
    matadors_forced: str = matadors_forced_option()


@dataclass(frozen=True)
class OmbreOptions(Options):
    sitting_out: str = option(
        APART, SITTING_OUT_LABEL, choices=SITTING_OUT, house_rule=True,
        help=_("The rules do not say. Tapete: the dealer who sits out pays and collects nothing. A "
               "table may have him pay and collect like an opponent: a sacado's lesser counter, matadors, "
               "playing without taking in, the first five tricks and the voll."))
    first_lead: str = first_lead_option()
    matadors_forced: str = matadors_forced_option()


TRESILLO_SETTLE: tuple[Option, ...] = (
    Option("include_open_puestas", _("Count the open reserved puestas"), "bool", False,
           help=_("Yes: each debt still open on the Reserved Puesta sheet is paid into the plato now, and the "
                  "plato and the middle pool are shared equally. No: the sheet is torn up, and the plato and "
                  "the middle pool are shared equally.")),
)
