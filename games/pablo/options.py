"""A Pablo table's options: which of the two games called Pablo it plays, the English text's advanced rules, and
two house rules where the English text is silent.

>>> PabloOptions().variant, PabloOptions(variant="english", one_hand=True).one_hand
('french', True)
>>> [key for key, on in PabloOptions().to_json().items() if on is False]
['one_hand', 'empty_field_discards', 'round_by_score', 'king_spares_caller']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from referee.cards import RANK_LETTERS, Card, card_letters
from referee.game import Option, Options, option
from referee.text import Text, _, join


class Variant(StrEnum):
    FRENCH = "french"  # seed 001: to 100, K♦ 0, −5 for a good Pablo
    ENGLISH = "english"  # seed 004: past 50, aces −1, red Kings 0, exactly 50 back to 0


VARIANT_NAMES: dict[Variant, Text] = {
    Variant.FRENCH: _("French variant"),
    Variant.ENGLISH: _("English variant"),
}

# Cards named in the reader's letters, as the card picker and the form's hint show them (R♦ in Spanish and French).
FACE_LETTERS = join([RANK_LETTERS[rank] for rank in "JQK"], " ")
JACK_QUEEN = join([RANK_LETTERS[rank] for rank in "JQ"], " ")
KING_OF_DIAMONDS = card_letters(Card("D", "K"))

VARIANT_SUMMARIES: dict[Variant, Text] = {
    Variant.FRENCH: _("Game to 100. Ace 1, %(faces)s 10, %(king)s 0. A Pablo with strictly the fewest points "
                      "scores −5; otherwise, even tied, cards + 10.", faces=FACE_LETTERS, king=KING_OF_DIAMONDS),
    Variant.ENGLISH: _("Game ends past 50; exactly 50 goes back to 0. Ace −1, red Kings 0, %(jack_queen)s and "
                       "black Kings 10. A Pablo beaten costs 10 more, tied 5.", jack_queen=JACK_QUEEN),
}


@dataclass(frozen=True)
class PabloOptions(Options):
    variant: str = option(
        Variant.FRENCH.value, _("Variant"),
        choices=((Variant.FRENCH.value, _("French: to 100, %(king)s 0, −5 for a good Pablo",
                                                     king=KING_OF_DIAMONDS)),
                 (Variant.ENGLISH.value, _("English: past 50, aces −1, red Kings 0, exactly 50 → 0"))),
        help=_("Two different games share the name; the table shows which one it plays."))
    one_hand: bool = option(
        False, _("Advanced rule (English): play with one hand only"),
        help=_("From the English text's advanced rules. Shown on the table; nothing to score."),
        shown_with=("variant", "english"))
    empty_field_discards: bool = option(
        False, _("Advanced rule (English): with no cards left, discard every card drawn"),
        help=_("A player with no cards in their field must discard what they draw; a Queen discarded so "
               "makes them draw one more card."), shown_with=("variant", "english"))
    round_by_score: bool = option(
        False, _("English: the round's winner and loser go by their score with the caller's penalty"),
        house_rule=True,
        help=_("The English text counts the cards to find who won the round (who starts next) and who lost it "
               "(who deals); on, the caller's penalty counts too."), shown_with=("variant", "english"))
    king_spares_caller: bool = option(
        False, _("English: after Pablo, no King on the caller at all, not even to look"), house_rule=True,
        help=_("The English text protects the caller “from any swapping abilities” without saying whether the "
               "King's look is part of its swap. Off: the King may look at one of the caller's cards but not swap "
               "it, since a look is not a swap, changes nothing in front of the caller, and a Jack may look "
               "anyway. On: the King is a swap card and is not used on the caller at all."),
        shown_with=("variant", "english"))

    @property
    def kind(self) -> Variant:
        return Variant(self.variant)


# How a finished (or stopped) game is settled: a keyword of ``Game.balances`` (by rank).
SETTLE_OPTIONS: tuple[Option, ...] = (
    Option("per_point", _("Each loser pays the difference in points"), "bool", True,
           help=_("Yes: each loser pays the winner (lowest total) their difference in points × the stake. "
                  "No: each loser pays one stake, whatever the points. Tied winners share what each pays.")),
)
