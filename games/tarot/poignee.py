"""The referee on a poignée: which one a hand may show, and whether the trumps shown make one (seed 003's
thresholds; RULINGS.md: the Excuse stands for a missing trump only if the player has no other trump beyond
those shown).

>>> from referee.cards import Card
>>> trumps = [Card.parse(f"T{n}", "tarot") for n in range(1, 10)]
>>> ruling = poignee_ruling(4, (), trumps + [Card.parse("EX", "tarot")])
>>> ruling.legal, str(ruling.explanation).split(". ")[0]
(True, 'A simple poignée: 9 trumps and the Excuse shown at four players (10 needed)')
"""

from __future__ import annotations

from collections.abc import Sequence

from games.tarot.numbers import HAND_SIZE, POIGNEE_BONUS, POIGNEE_TRUMPS
from games.tarot.rules_text import P_POIGNEE_SHOWN, P_POIGNEE_TRUMPS, SECTIONS
from referee.cards import Card, DeckKind, card_name
from referee.game import Ruling
from referee.parse import Errors
from referee.text import Text, _, join, ngettext

_POIGNEE = SECTIONS["poignee"]
RULE_POIGNEE_SHOWN = _POIGNEE.rule(P_POIGNEE_SHOWN, _("Showing a poignée"))
RULE_POIGNEE_TRUMPS = _POIGNEE.rule(P_POIGNEE_TRUMPS, _("Trumps a poignée needs"))
MAY_BE_SHOWN = _("Cards that may be shown:")

SIZES = ("simple", "double", "triple")
SIZE_SAID: dict[str, Text] = {
    "simple": _("A simple poignée"),
    "double": _("A double poignée"),
    "triple": _("A triple poignée"),
}
PLAYERS_SAID: dict[int, Text] = {3: _("at three players"), 4: _("at four players"), 5: _("at five players")}


def size_for(players: int, count: int) -> str | None:
    """The largest poignée ``count`` cards shown make at ``players``, or None below a simple one.

    >>> size_for(5, 8), size_for(5, 12), size_for(3, 18), size_for(4, 9)
    ('simple', 'double', 'triple', None)
    """
    reached = [size for size in SIZES if count >= POIGNEE_TRUMPS[players][size]]
    return reached[-1] if reached else None


def poignee_ruling(players: int, hand: Sequence[Card], shown: Sequence[Card]) -> Ruling:
    """The poignée question (``question: "poignee"``): with the cards ``shown``, whether they make a poignée
    and which (checked against ``hand`` when it is given); with the ``hand`` alone, the largest poignée it may
    show. :class:`~referee.parse.InvalidRecord` when neither is given or a card shown is not in the hand."""
    errors = Errors()
    most = HAND_SIZE[players]
    if len(hand) > most:  # as the play question refuses it (referee.tricks.rule_on)
        errors.add("hand", _("A hand has %(cards)s cards at %(n)s players, not %(given)s.", cards=most, n=players,
                             given=len(hand)))
    if len(shown) > most:
        errors.add("poignee", _("A poignée is shown from a hand of %(cards)s cards at %(n)s players: not %(given)s "
                                "cards.", cards=most, n=players, given=len(shown)))
    if not shown and not hand:
        errors.add("poignee", _("Give the cards shown as the poignée, or the hand, to see which poignée it "
                                "may show."))
    missing = [c for c in shown if hand and c not in hand]
    if missing:
        errors.add("poignee", _("%(code)s is not in the hand.", code=card_name(missing[0], DeckKind.TAROT)))
    errors.raise_if_any()
    if not shown:
        return _what_a_hand_may_show(players, hand)
    return _what_is_shown(players, hand, shown)


def _what_a_hand_may_show(players: int, hand: Sequence[Card]) -> Ruling:
    trumps = [c for c in hand if c.is_trump]
    excuse = [c for c in hand if c.is_excuse]
    held = _held(trumps, excuse)
    size = size_for(players, len(trumps) + len(excuse))
    if size is None:
        explanation = _("No poignée: %(held)s %(players)s (%(simple)s needed for a simple one).", held=held,
                        players=PLAYERS_SAID[players], simple=POIGNEE_TRUMPS[players]["simple"])
        return Ruling(False, RULE_POIGNEE_TRUMPS, explanation)
    needed = POIGNEE_TRUMPS[players][size]
    with_excuse = len(trumps) < needed  # the Excuse is needed, so every trump is shown with it
    explanation = _("%(size)s: %(held)s %(players)s (%(needed)s needed).", size=SIZE_SAID[size], held=held,
                    players=PLAYERS_SAID[players], needed=needed)
    if with_excuse:
        explanation = _("%(main)s %(note)s", main=explanation, note=_(
            "The Excuse stands in for the trump missing: show it with every one of your trumps."))
    return Ruling(True, RULE_POIGNEE_TRUMPS, _bonus(explanation, size),
                  tuple(trumps) + (tuple(excuse) if with_excuse else ()), legal_cards_title=MAY_BE_SHOWN)


def _what_is_shown(players: int, hand: Sequence[Card], shown: Sequence[Card]) -> Ruling:
    trumps = [c for c in shown if c.is_trump]
    excuse = [c for c in shown if c.is_excuse]
    others = [c for c in shown if not c.is_trump and not c.is_excuse]
    left_out = [c for c in hand if c.is_trump and c not in shown]
    reasons: dict[Card, Text] = {}
    for card in shown:
        if card in others:
            reasons[card] = _("Not a trump: a poignée shows trumps only (and the Excuse).")
        elif card.is_excuse and left_out:
            reasons[card] = _("It may not stand in for a trump: a trump is left out.")
        elif card.is_excuse:
            reasons[card] = _("Stands in for a trump.")
    if others:
        explanation = _("Not a poignée: only trumps are shown (and the Excuse), not %(cards)s.",
                        cards=join([card_name(c, DeckKind.TAROT) for c in others]))
        return Ruling(False, RULE_POIGNEE_SHOWN, explanation, tuple(trumps), reasons, legal_cards_title=MAY_BE_SHOWN)
    if excuse and left_out:
        explanation = ngettext(
            "Not a poignée: the Excuse stands in for a trump only when no other trump is left out, and "
            "%(cards)s is.",
            "Not a poignée: the Excuse stands in for a trump only when no other trump is left out, and "
            "%(n)s are (%(cards)s).", len(left_out), cards=join([card_name(c, DeckKind.TAROT) for c in left_out]))
        return Ruling(False, RULE_POIGNEE_SHOWN, explanation, (*trumps, *left_out), reasons,
                      legal_cards_title=MAY_BE_SHOWN)
    size = size_for(players, len(shown))
    said = _shown(trumps, excuse)
    if size is None:
        explanation = _("Not a poignée: %(shown)s %(players)s (%(simple)s needed for a simple one).", shown=said,
                        players=PLAYERS_SAID[players], simple=POIGNEE_TRUMPS[players]["simple"])
        return Ruling(False, RULE_POIGNEE_TRUMPS, explanation, (), reasons)
    explanation = _("%(size)s: %(shown)s %(players)s (%(needed)s needed).", size=SIZE_SAID[size], shown=said,
                    players=PLAYERS_SAID[players], needed=POIGNEE_TRUMPS[players][size])
    if excuse and not hand:
        explanation = _("%(main)s %(note)s", main=explanation, note=_(
            "Showing the Excuse says the player has no other trump: with one left out, it is not a poignée."))
    return Ruling(True, RULE_POIGNEE_TRUMPS, _bonus(explanation, size), tuple(shown), reasons,
                  legal_cards_title=MAY_BE_SHOWN)


def _held(trumps: Sequence[Card], excuse: Sequence[Card]) -> Text:
    if excuse:
        return ngettext("%(n)s trump and the Excuse in the hand", "%(n)s trumps and the Excuse in the hand",
                        len(trumps))
    return ngettext("%(n)s trump in the hand", "%(n)s trumps in the hand", len(trumps))


def _shown(trumps: Sequence[Card], excuse: Sequence[Card]) -> Text:
    if excuse:
        return ngettext("%(n)s trump and the Excuse shown", "%(n)s trumps and the Excuse shown", len(trumps))
    return ngettext("%(n)s trump shown", "%(n)s trumps shown", len(trumps))


def _bonus(explanation: Text, size: str) -> Text:
    return _("%(main)s %(note)s", main=explanation, note=_(
        "It is worth %(bonus)s, not multiplied, to the side that wins the deal, whoever showed it.",
        bonus=POIGNEE_BONUS[size]))
