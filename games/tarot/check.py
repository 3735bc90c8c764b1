"""What a French Tarot record cannot be, field against field, each refusal citing its rule.

Only what truly cannot happen is refused:

- the attack's points (:func:`~games.tarot.numbers.attack_bounds`): at least 4½ a bout it holds with the other
  cards of the trick that took it, and its écart (or the chien in a garde sans); at most 91 less the same for
  the bouts the defence holds, and the chien's in a garde contre. A side's Excuse may count only 4, since its
  owner gives a ½ card for it even with no trick to give it from (RULINGS.md);
- poignées: at most one per player (the attack is one player, or two at five with a partner; the defence the
  rest), and at most 22 trumps shown in all (21 trumps and the Excuse);
- petit au bout to the attack needs a bout; to the defence leaves the attack at most 2 bouts;
- a chelem by the attack: 91 points and 3 bouts, or 86½–87 and 2 bouts (the defence kept its Excuse); in a
  garde contre at least 91 less the chien's most less the Excuse's 4; never with the petit au bout to the
  defence;
- a chelem by the defence: the attack took no trick, so it holds only the écart (no King, no bout: at most 19
  points, 10½ at five), the chien in a garde sans, or nothing in a garde contre, and perhaps its own Excuse
  (4, owing ½): bouts and points accordingly; never with the petit au bout to it;
- no chelem (or a failed one) with all 91 points: that is every trick.

>>> from games.tarot.rules import GAME
>>> table = GAME.table(["N", "S", "E", "W"])
>>> record = GAME.parse(table, {"taker": "N", "contract": "garde_contre", "bouts": 1, "points": 3})
>>> try:
...     check_record(table, record)
... except InvalidRecord as refused:
...     print(refused.errors["points"], "/", refused.rules["points"].key)  # doctest: +NORMALIZE_WHITESPACE
With 1 bout, the attack has at least 4 points, not 3: 4½ a bout with the other cards of the
trick that took it (the Excuse 4 alone, to a side that took no trick). / cards
"""

from __future__ import annotations

from games.tarot.numbers import (
    ATTACK_BOUNDS,
    CHIEN_SIZE,
    EXCUSE_HALVES,
    POIGNEE_TRUMPS,
    TOTAL_HALVES,
    TRUMPS_AND_EXCUSE,
    chien_max_halves,
    ecart_max_halves,
    format_halves,
)
from games.tarot.options import TarotOptions
from games.tarot.record import Chelem, Contract, PetitAuBout, Side, TarotRecord
from games.tarot.rules_text import RULE_CARD_POINTS, RULE_CHELEM, RULE_CHIEN, RULE_PETIT_AU_BOUT, RULE_POIGNEE
from referee.game import TableSpec
from referee.parse import Errors, InvalidRecord
from referee.text import Text, _

SIDES = tuple(Side)

# The bouts the attack holds, as a refusal says them: "with the three bouts", not "with 3 of the three bouts" (a
# sentence that opens with it gives it its capital).
WITH_BOUTS: dict[int, Text] = {
    0: _("with no bout"),
    1: _("with 1 bout"),
    2: _("with 2 bouts"),
    3: _("with the three bouts"),
}

__all__ = ["InvalidRecord", "check_record"]


def check_record(table: TableSpec[TarotOptions], record: TarotRecord) -> None:
    """Raise :class:`InvalidRecord` (a message and the rule per field) if the record cannot be."""
    if record.void:
        return
    errors = Errors()
    points_ok = _check_points(table.size, record, errors)
    _check_poignees(table.size, record, errors)
    _check_petit_au_bout(record, errors)
    if points_ok:
        _check_chelem(table.size, record, errors)
    errors.raise_if_any()


def _check_points(n: int, record: TarotRecord, errors: Errors) -> bool:
    attack, bouts, contract, chien = record.attack_halves, record.bouts, record.contract, CHIEN_SIZE[n]
    assert contract is not None  # every record but a void deal's names it
    least, most = ATTACK_BOUNDS[n, contract, bouts]
    numbers = {"bouts": WITH_BOUTS[bouts], "points": format_halves(attack), "least": format_halves(least),
               "most": format_halves(most), "cards": chien}
    if attack < least:
        if contract is Contract.GARDE_SANS:
            errors.add("points", _("%(bouts)s, the attack has at least %(least)s points, not %(points)s: the "
                                   "chien's %(cards)s cards count for it, ½ at least each and 4½ a bout (its own "
                                   "Excuse 4 if it took no trick).", **numbers),
                       rule=RULE_CHIEN)
        elif contract is Contract.GARDE_CONTRE:
            errors.add("points", _("%(bouts)s, the attack has at least %(least)s points, not %(points)s: 4½ a "
                                   "bout with the other cards of the trick that took it (the Excuse 4 alone, to a "
                                   "side that took no trick).", **numbers),
                       rule=RULE_CARD_POINTS)
        else:
            errors.add("points", _("%(bouts)s, the attack has at least %(least)s points, not %(points)s: 4½ a "
                                   "bout with the other cards of the trick that took it (the Excuse 4 alone, to a "
                                   "side that took no trick), and ½ at least for each of the écart's %(cards)s "
                                   "cards.", **numbers), rule=RULE_CARD_POINTS)
        return False
    if attack > most:
        if contract is Contract.GARDE_CONTRE:
            errors.add("points", _("In a garde contre the chien's %(cards)s cards count for the defence, ½ at "
                                   "least each and 4½ a bout (its own Excuse 4 if it took no trick): "
                                   "%(bouts)s, the attack has %(most)s points at most, not %(points)s.",
                                   **numbers), rule=RULE_CHIEN)
        else:
            errors.add("points", _("%(bouts)s, the attack cannot have %(points)s points: the defence's bouts, "
                                   "4½ each with the other cards of the trick that took them (the Excuse 4 "
                                   "alone), leave it %(most)s at most.", **numbers),
                       rule=RULE_CARD_POINTS)
        return False
    return True


def _check_poignees(n: int, record: TarotRecord, errors: Errors) -> None:
    if not record.poignees:
        return
    attack_players = 1 if record.alone else 2
    shown = {side: sum(p.side is side for p in record.poignees) for side in SIDES}
    trumps = sum(POIGNEE_TRUMPS[n][p.size] for p in record.poignees)
    if shown[Side.ATTACK] > attack_players:
        errors.add("poignees", _("The taker plays alone here and may show one poignée, not %(shown)s.",
                                 shown=shown[Side.ATTACK]) if attack_players == 1 else
                   _("The attack is two players here and each may show one poignée, not %(shown)s.",
                     shown=shown[Side.ATTACK]), rule=RULE_POIGNEE)
    elif shown[Side.DEFENCE] > n - attack_players:
        errors.add("poignees", _("The defence is %(players)s players here and each may show one poignée, not "
                                 "%(shown)s.", players=n - attack_players, shown=shown[Side.DEFENCE]),
                   rule=RULE_POIGNEE)
    elif trumps > TRUMPS_AND_EXCUSE:
        errors.add("poignees", _("These poignées show %(trumps)s trumps in all, but there are only 21 trumps "
                                 "and the Excuse.", trumps=trumps), rule=RULE_POIGNEE)


def _check_petit_au_bout(record: TarotRecord, errors: Errors) -> None:
    if record.petit_au_bout is PetitAuBout.ATTACK and record.bouts < 1:
        errors.add("petit_au_bout", _("The attack took the Petit in the last trick, so it holds at least one "
                                      "bout: the Petit itself."), rule=RULE_PETIT_AU_BOUT)
    elif record.petit_au_bout is PetitAuBout.DEFENCE and record.bouts > 2:
        errors.add("petit_au_bout", _("The defence took the Petit in the last trick, so the attack cannot hold "
                                      "all three bouts."), rule=RULE_PETIT_AU_BOUT)


def _check_chelem(n: int, record: TarotRecord, errors: Errors) -> None:
    attack, bouts, chelem, petit = record.attack_halves, record.bouts, record.chelem, record.petit_au_bout
    if chelem.by_attack:
        if petit is PetitAuBout.DEFENCE:
            errors.add("petit_au_bout", _("The attack took every trick, so the defence cannot have taken the "
                                          "petit au bout."), rule=RULE_CHELEM)
        if record.contract is Contract.GARDE_CONTRE:
            least = TOTAL_HALVES - chien_max_halves(n) - EXCUSE_HALVES
            if attack < least:
                errors.add("chelem", _("A chelem by the attack takes every trick: even with the chien against "
                                       "it (%(chien)s cards) and the defence keeping its Excuse, that is at "
                                       "least %(least)s points, not %(points)s.", chien=CHIEN_SIZE[n],
                                       least=format_halves(least), points=format_halves(attack)),
                           rule=RULE_CHELEM)
        elif not ((bouts == 3 and attack == TOTAL_HALVES)
                  or (bouts == 2 and TOTAL_HALVES - EXCUSE_HALVES - 1 <= attack <= TOTAL_HALVES - EXCUSE_HALVES)):
            errors.add("chelem", _("A chelem by the attack means every card point: 91 with the three bouts, or "
                                   "87 with two when the defence kept its Excuse (not %(points)s %(bouts)s).",
                                   points=format_halves(attack), bouts=WITH_BOUTS[bouts]),
                       rule=RULE_CHELEM)
    elif chelem is Chelem.DEFENCE:
        if petit is PetitAuBout.ATTACK:
            errors.add("petit_au_bout", _("The defence took every trick, so the attack cannot have taken the "
                                          "petit au bout."), rule=RULE_CHELEM)
        if record.contract is Contract.GARDE_SANS:
            kept_halves, most_bouts = chien_max_halves(n), 3
        elif record.contract is Contract.GARDE_CONTRE:
            kept_halves, most_bouts = 0, 1
        else:
            kept_halves, most_bouts = ecart_max_halves(n), 1
        most = kept_halves + EXCUSE_HALVES
        if n == 4:  # whole points at four: give the benefit of the doubt to the half
            most += most % 2
        if attack > most or bouts > most_bouts:
            errors.add("chelem", _("A chelem by the defence means the attack took no trick: it keeps only the "
                                   "écart (or the chien in a garde sans) and perhaps its Excuse, so at most "
                                   "%(most)s points and %(most_bouts)s of the bouts here, not %(points)s and "
                                   "%(bouts)s.", most=format_halves(most), most_bouts=most_bouts,
                                   points=format_halves(attack), bouts=bouts), rule=RULE_CHELEM)
    elif attack == TOTAL_HALVES:
        errors.add("chelem", _("91 points means the attack took every card: record the chelem it made."),
                   rule=RULE_CHELEM)
