"""The referee on petit sec: a player dealt the Petit (trump 1) as their only trump, without the Excuse.

Seed 003: "If, after the deal, a player has only the 1 of trumps and neither the excuse nor any other trump,
they can declare a cancelled hand, and the cards are redealt." RULINGS.md: "Petit sec cancels the deal", and
"Every deal may be recorded as void (misdeal, petit sec, all passed): no score".

Only the player's trumps and Excuse decide it, so the question takes the hand, or just those cards.

>>> from referee.cards import parse_cards
>>> ruling = petit_sec_ruling(4, parse_cards("T1 KH 2S 7D", "tarot"))
>>> ruling.legal, str(ruling.explanation).split(":")[0]
(None, 'Petit sec')
"""

from __future__ import annotations

from collections.abc import Sequence

from games.tarot.numbers import HAND_SIZE
from games.tarot.rules_text import P_PETIT_SEC, SECTIONS
from referee.cards import Card
from referee.game import Ruling
from referee.parse import Errors
from referee.text import _, ngettext

RULE_PETIT_SEC = SECTIONS["chien"].rule(P_PETIT_SEC, _("Petit sec"))


def petit_sec_ruling(players: int, hand: Sequence[Card]) -> Ruling:
    """The petit sec question (``question: "petit_sec"``): is this hand a petit sec, which voids the deal?
    :class:`~referee.parse.InvalidRecord` without a hand, or with more cards than a hand holds."""
    errors = Errors()
    most = HAND_SIZE[players]
    if not hand:
        errors.add("hand", _("Give the player's hand, or at least every trump they hold and the Excuse if they "
                             "have it."))
    elif len(hand) > most:  # as the play question refuses it (referee.tricks.rule_on)
        errors.add("hand", _("A hand has %(cards)s cards at %(n)s players, not %(given)s.", cards=most, n=players,
                             given=len(hand)))
    errors.raise_if_any()
    petit = next((c for c in hand if c.is_trump and c.rank == "1"), None)
    others = [c for c in hand if c.is_trump and c != petit]
    excuse = any(c.is_excuse for c in hand)
    if petit is None:
        explanation = _("Not petit sec: the hand holds no Petit (trump 1), so the deal is played.")
    elif others:
        explanation = ngettext(
            "Not petit sec: the Petit is held with %(n)s other trump, so the deal is played.",
            "Not petit sec: the Petit is held with %(n)s other trumps, so the deal is played.", len(others))
    elif excuse:
        explanation = _("Not petit sec: the Petit is held with the Excuse, so the deal is played.")
    else:
        explanation = _("Petit sec: the Petit is the player's only trump and they have no Excuse. The deal is "
                        "cancelled and the cards are dealt again: record it as a void deal, nobody scores.")
    return Ruling(None, RULE_PETIT_SEC, explanation)
