"""Burro's table options: the variant (Spanish with 48 or 40 cards, or Portuguese) and Burro em pé; two house
rules (drawing at will, who deals a decider).

The seed plays the Spanish game "usually with a 48-card deck (which includes the 8 and 9 of each suit),
although the more common 40-card deck can be used", dealing 4 cards; "in Portugal, the 40-card deck is used"
and the deal is 5 cards. Burro em pé (the stock standing in two piles) is a Portuguese game.

>>> BurroOptions()
BurroOptions(variant='spanish48', em_pe=False, draw_at_will=False, decider_dealer='turn')
>>> options = BurroOptions(variant=Variant.PORTUGUESE, em_pe=True)
>>> options.to_json(), hand_size(options), deck_of(options).value, options.portuguese
({'variant': 'portuguese', 'em_pe': True, 'draw_at_will': False, 'decider_dealer': 'turn'}, 5, 'spanish40', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from referee.cards import DeckKind
from referee.game import Options, option
from referee.text import Text, _


class Variant(StrEnum):
    SPANISH48 = "spanish48"
    SPANISH40 = "spanish40"
    PORTUGUESE = "portuguese"


VARIANT_LABELS: dict[str, Text] = {
    Variant.SPANISH48: _("Spanish, 48 cards: deal 4, draw until you can follow"),
    Variant.SPANISH40: _("Spanish, 40 cards: deal 4, draw until you can follow"),
    Variant.PORTUGUESE: _("Portuguese, 40 cards: deal 5, you may keep drawing"),
}
DECIDER_IN_TURN, DECIDER_BY_TIED = "turn", "tied"
DECIDER_DEALER_CHOICES = (
    (DECIDER_IN_TURN, _("The dealer in turn, even when not in it")),
    (DECIDER_BY_TIED, _("The first tied player from the dealer in turn")),
)
HAND_SIZE = {Variant.SPANISH48: 4, Variant.SPANISH40: 4, Variant.PORTUGUESE: 5}
DECK = {Variant.SPANISH48: DeckKind.SPANISH48, Variant.SPANISH40: DeckKind.SPANISH40,
        Variant.PORTUGUESE: DeckKind.SPANISH40}


@dataclass(frozen=True)
class BurroOptions(Options):
    variant: str = option(
        Variant.SPANISH48.value, _("Variant"),
        choices=tuple((v.value, VARIANT_LABELS[v]) for v in Variant),
        help=_("The Spanish game is usually played with the 48-card deck (with the 8s and 9s), or with the 40-card "
               "deck; the Portuguese game uses the 40-card deck, deals 5 cards, and a player who had to draw may "
               "go on drawing after finding the suit led."))
    em_pe: bool = option(
        False, _("Burro em pé (Portuguese): the stock stands in two piles"),
        help=_("The stock is split in two piles leaned against each other like an A. A player who knocks it over "
               "while drawing takes the whole stock into their hand."),
        shown_with=("variant", Variant.PORTUGUESE.value))
    draw_at_will: bool = option(
        False, _("Portuguese: a player may draw even while holding the suit led"), house_rule=True,
        help=_("The rules let a Portuguese player who had to draw go on drawing after finding the suit led. Tapete "
               "reads it so: a player holding the suit led from the start must play it. Some tables let anyone draw "
               "instead of following; turn this on for that."),
        shown_with=("variant", Variant.PORTUGUESE.value))

    decider_dealer: str = option(
        DECIDER_IN_TURN, _("Who deals a decider"), choices=DECIDER_DEALER_CHOICES, house_rule=True,
        help=_("The texts do not say. Tapete keeps the deal turning: the dealer in turn deals the decider even "
               "when not in it, and the first tied player after them leads. Some tables have a tied player deal "
               "it instead: the first one from the dealer in turn, and the next tied player after them leads."))

    @property
    def portuguese(self) -> bool:
        return self.variant == Variant.PORTUGUESE


def hand_size(options: BurroOptions) -> int:
    """Cards dealt to each player: 4 in the Spanish game, 5 in the Portuguese."""
    return HAND_SIZE[Variant(options.variant)]


def deck_of(options: BurroOptions) -> DeckKind:
    return DECK[Variant(options.variant)]


def variant_label(options: BurroOptions) -> Text:
    label = VARIANT_LABELS[Variant(options.variant)]
    if options.em_pe:
        return _("%(variant)s; Burro em pé", variant=label)
    return label
