"""Paublillo's table options: one house rule and one habit of the scorers.

>>> PaublilloOptions()
PaublilloOptions(monja_alver_at_once=True, keep_six_stones=True)
>>> PaublilloOptions(monja_alver_at_once=False).to_json()
{'monja_alver_at_once': False, 'keep_six_stones': True}
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.game import Options, option
from referee.text import _


@dataclass(frozen=True)
class PaublilloOptions(Options):
    monja_alver_at_once: bool = option(
        True, _("A monja point that brings the dealer's team to 11 puts them on alver in that same deal"),
        house_rule=True,
        help=_("The monja point is scored as soon as the trump is turned, before play starts, so a team it "
               "takes to 11 is on alver for that deal: no betting, play for 3 or give up. Off: their alver "
               "starts with the next deal and this one is played and bet as usual."))
    keep_six_stones: bool = option(
        True, _("Keep the six plain stones at fuera de malas"),
        help=_("At 6 the scorer may keep the six plain stones as a reminder to take a special stone next (they "
               "go back when the other team needs them, as at 6–5), or return them at once."))
