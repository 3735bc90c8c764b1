"""Toruro's table options: the four house rules of the seed, and two readings the texts leave open.

>>> ToruroOptions().lulos_per_deal, ToruroOptions(play_out_pots=True).to_json()["play_out_pots"]
(1, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.game import Option, Options, option
from referee.text import _


@dataclass(frozen=True)
class ToruroOptions(Options):
    free_tenth: bool = option(True, _("Every tenth lulo is free"), house_rule=True,
                              help=_("A player's 10th, 20th, 30th... lulo (paid or not) costs nothing."))
    trump_ace_all_go: bool = option(True, _("Ace turned: everyone goes"), house_rule=True)
    first_deal_all_go: bool = option(True, _("First deal: everyone goes"), house_rule=True)
    lulos_per_deal: int = option(1, _("Lulos paid per deal"), minimum=1, maximum=3, house_rule=True,
                                 help=_("Pay 2 or 3 lulos per deal when the night drags."))
    one_lulo_per_deal: bool = option(
        True, _("At most one lulo per player per deal"), house_rule=True,
        help=_("A player who took no trick and also broke a play rule (or broke two) commits one lulo. Off: "
               "each offence is its own lulo."))
    play_out_pots: bool = option(
        False, _("Play out the pots before the night ends"), house_rule=True,
        help=_("When the last lulo is paid in a deal nobody went, the pots still hold chips: play on until "
               "someone wins them. Off: the night ends and the chips go back to who put them."))


# How a night may be settled before it ends: a keyword of ``Toruro.balances``.
SETTLE_OPTIONS: tuple[Option, ...] = (
    Option("include_open_lulos", _("Count the lulos still owed (open lulos)"), "bool", False,
           help=_("Yes: every open lulo is paid now, and the chips on the table are shared equally, as if "
                  "played out (chips that do not share evenly go one each from the player after the dealer). "
                  "No: open lulos are let off, and the chips in the pots go back to who put them.")),
)
