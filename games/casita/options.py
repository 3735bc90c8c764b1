"""A Casita Robada table's options: the deck, the match, and two house rules for what the texts leave open.

>>> CasitaOptions()
CasitaOptions(deck='spanish40', match='deals', target=1, several_piles='one', no_capture='void')
>>> CasitaOptions(deck="french52", match="first_to", target=3).to_json()["target"]
3
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.game import Option, Options, option
from referee.text import _

DECK_CHOICES = (
    ("spanish40", _("Spanish, 40 cards")),
    ("spanish48", _("Spanish, 48 cards")),
    ("french52", _("French, 52 cards")),
)
MATCH_CHOICES = (
    ("deals", _("A number of deals: most deals won wins")),
    ("first_to", _("First to N deals won")),
)
SEVERAL_PILES_CHOICES = (
    ("one", _("Steal one of them (the player's choice)")),
    ("all", _("Steal all of them")),
)
NO_CAPTURE_CHOICES = (
    ("void", _("The deal is void: deal again")),
    ("dealer", _("The dealer takes them")),
)
TARGET_MAX = 99


@dataclass(frozen=True)
class CasitaOptions(Options):
    deck: str = option("spanish40", _("Deck"), choices=DECK_CHOICES,
                       help=_("Any deck will do: only the ranks matter. The counts of a deal add up to it."))
    match: str = option("deals", _("Match"), choices=MATCH_CHOICES,
                        help=_("A set number of deals (N below; one by default), or first to N deals won."))
    target: int = option(1, _("N: deals in the match, or deals won to win it"), minimum=1, maximum=TARGET_MAX)
    several_piles: str = option(
        "one", _("A card matching the top of several other players' piles"), choices=SEVERAL_PILES_CHOICES,
        house_rule=True,
        help=_("Three or four players: the texts say only that a matching card steals “the” pile."))
    no_capture: str = option(
        "void", _("Cards left in the centre when nobody captured all deal"), choices=NO_CAPTURE_CHOICES,
        house_rule=True,
        help=_("They go to the last player who captured; the texts do not say what happens when there is none."))


# How a table settles up: a keyword of ``Game.balances`` (settlement by rank).
SETTLE_OPTIONS: tuple[Option, ...] = (
    Option("per_point", _("Pay the difference in deals won"), "bool", True,
           help=_("Yes: each loser pays the winner the stake × the difference in deals won. No: each loser "
                  "pays one stake. Tied winners share what each loser pays.")),
)
