"""Going (ir): who must go this deal and who may stay out, for the record's check and for the referee.

Seed 002, "Deciding Whether to Go": each player, from the dealer's left, decides whether to go; whoever goes
plays and risks the lulo list, whoever does not sits the deal out. Its house rules 2 ("If the trump card is an
Ace, everyone must go") and 3 ("On the very first round, everyone must go"), options of the table, on by default
(RULINGS.md, Toruro). Andres' rule 5 ("If the trump is cups, I'll always go") is his own, not the table's.

:func:`everyone_must_go` is the one place that says it: the record's check refuses a deal where someone stayed
out when everyone had to go, and the referee's going question (``question: "going"``) answers with it::

    {"question": "going", "turned_card": "1O", "first_deal": false, "stayed_out": ["Pepe"]}

>>> from games.toruro.rules import GAME
>>> table = GAME.table(["Ana", "Luis", "Pepe", "Marta", "Juan"])
>>> ruling = going_ruling(table, {"turned_card": "1O", "stayed_out": ["Pepe"]})
>>> ruling.legal, str(ruling.explanation)
(False, 'The turned card is an Ace (Ace of oros): everyone must go this deal (house rule 2, played at this table). \
Pepe may not stay out.')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee import parse
from referee.cards import Card, DeckKind, spanish_card_name
from referee.game import Errors, Field, Ruling, TableSpec
from referee.text import Text, _, and_join, join, ngettext
from referee.values import Seat

from .options import ToruroOptions
from .words import RULE, SUIT_WORDS

Table = TableSpec[ToruroOptions]
QUESTION = "going"
FIRST_DEAL = "first_deal"  # house rule 3
TRUMP_ACE = "trump_ace"  # house rule 2
COPAS = "C"  # Andres always goes when they are trumps: his rule, not the table's


def everyone_must_go(table: Table, first_deal: bool, turned: Card | None) -> str | None:
    """Why everyone must go this deal at ``table``: :data:`FIRST_DEAL` (house rule 3, the night's first deal),
    :data:`TRUMP_ACE` (house rule 2, an Ace turned), or ``None`` (each player chooses).

    >>> from games.toruro.rules import GAME
    >>> table = GAME.table(["Ana", "Luis", "Pepe", "Marta", "Juan"], {"trump_ace_all_go": False})
    >>> everyone_must_go(table, True, Card("O", "1")), everyone_must_go(table, False, Card("O", "1"))
    ('first_deal', None)
    """
    if table.options.first_deal_all_go and first_deal:
        return FIRST_DEAL
    if table.options.trump_ace_all_go and turned is not None and turned.rank == "1":
        return TRUMP_ACE
    return None


FIRST_DEAL_NOTE = _("First deal: everyone goes (house rule 3).")


def everyone_goes_from_the_start(table: Table, first_deal: bool) -> bool:
    """Whether a form asking who went starts with everyone going: when everyone must go whatever card is turned
    (house rule 3, the night's first deal). An Ace turned (house rule 2) is known only once the card is.

    >>> from games.toruro.rules import GAME
    >>> table = GAME.table(["Ana", "Luis", "Pepe", "Marta", "Juan"])
    >>> everyone_goes_from_the_start(table, True), everyone_goes_from_the_start(table, False)
    (True, False)
    """
    return everyone_must_go(table, first_deal, None) is not None


def must_go_message(why: str, names: str) -> Text:
    """The record's refusal when ``names`` stayed out of a deal everyone had to go to."""
    if why == FIRST_DEAL:
        return _("On the first deal everyone must go (house rule 3); %(names)s did not.", names=names)
    return _("The turned card is an Ace: everyone must go (house rule 2); %(names)s did not.", names=names)


# -- the referee's question -------------------------------------------------------------------------------------

def going_fields() -> tuple[Field, ...]:
    """The going question's own fields (the turned card is the play question's too)."""
    return (
        Field(FIRST_DEAL, _("The first deal of the night"), "bool", required=False, default=False,
              questions=(QUESTION,)),
        Field("stayed_out", _("Who wants to stay out (or stayed out)"), "players", required=False,
              questions=(QUESTION,), unordered=True,
              help=_("Blank: the referee says who must go and who may choose.")),
    )


def going_ruling(table: Table, raw: Mapping[str, Any]) -> Ruling:
    """Who must go this deal and who may stay out, citing the house rule or the paragraph on going; with
    ``stayed_out``, whether those players may. :class:`~referee.parse.InvalidRecord` with a message per field."""
    errors = Errors()
    first_deal = parse.yes_no(raw.get(FIRST_DEAL), FIRST_DEAL, errors)
    turned = parse.card(raw.get("turned_card"), DeckKind.SPANISH40, "turned_card", errors)
    out = parse.seats(table.players, raw.get("stayed_out"), "stayed_out", errors)
    why = everyone_must_go(table, first_deal, turned)
    if why is None and turned is None and table.options.trump_ace_all_go and "turned_card" not in errors:
        errors.add("turned_card", _("Which card was turned? If it is an Ace, everyone must go (house rule 2)."))
    errors.raise_if_any()
    if why is not None:
        return _everyone_goes(why, turned, out)
    return _each_chooses(table, turned, out)


def _everyone_goes(why: str, turned: Card | None, out: Sequence[Seat]) -> Ruling:
    if why == FIRST_DEAL:
        rule = RULE["first_deal_all_go"]
        main = _("This is the first deal of the night: everyone must go (house rule 3, played at this table), so "
                 "that there are lulos to pay.")
    else:
        assert turned is not None
        rule = RULE["trump_ace_all_go"]
        main = _("The turned card is an Ace (%(card)s): everyone must go this deal (house rule 2, played at this "
                 "table).", card=spanish_card_name(turned))
    if not out:
        return Ruling(None, rule, join([main, _("Nobody may stay out.")], " "))
    note = ngettext("%(names)s may not stay out.", "%(names)s may not stay out.", len(out),  # es/fr: plural verb
                    names=and_join([seat.name for seat in out]))
    return Ruling(False, rule, join([main, note], " "))


def _each_chooses(table: Table, turned: Card | None, out: Sequence[Seat]) -> Ruling:
    parts: list[Text] = []
    rule = RULE["going_choice"]
    if turned is not None and turned.rank == "1":  # an Ace, at a table without house rule 2
        parts.append(_("The turned card is an Ace, but this table does not play house rule 2 (everyone goes on an "
                       "Ace): each player chooses."))
    else:
        parts.append(_("Nobody has to go this deal: each player chooses, starting with the player after the "
                       "dealer."))
    if turned is not None and turned.suit == COPAS:
        parts.append(_("%(suit)s being trumps obliges nobody: always going then is Andres' own rule, not the "
                       "table's.", suit=SUIT_WORDS[COPAS]))
    going = table.size - len(out)
    if out and going == 0:
        rule = RULE["nobody_goes"]
        parts.append(_("If nobody goes, nothing is played and the pots stay on the table for the next deal."))
    elif out and going == 1:
        rule = RULE["going_alone"]
        alone = next(seat for seat in table.players if seat not in {s.name for s in out})
        parts.append(_("Only %(name)s goes: they play the three tricks alone and take all three pots.",
                       name=alone))
    elif out:
        parts.append(ngettext("%(names)s may stay out of this deal.",
                              "%(names)s may stay out of this deal.", len(out),
                              names=and_join([s.name for s in out])))
    if going > 1 or not out:
        parts.append(_("Whoever goes plays the three tricks, and commits lulo without taking one."))
    return Ruling(True if out else None, rule, join(parts, " "))
