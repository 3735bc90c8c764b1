"""The referee on the lulo list: which lulo is paid first this deal, who may pay it, and what a lulo committed this
deal then costs.

A lulo question (``question: "lulos"``), as the referee page and the API send it: who deals, each player's open
lulos as the paper list has them (the seat's number from 0 in the field's name, as a night under way is entered:
:mod:`games.toruro.carry`), the chips already in the pots, and who wants to pay::

    {
      "question": "lulos",
      "dealer": "Ana",
      "lulos_2": "3", "lulos_3": "3", "lulos_1": "6",   # Pepe owes 3, Marta 3, Luis 6
      "cabeza": 0, "barriga": 0, "cola": 2,              # chips left in the pots (a deal nobody went to)
      "payer": "Pepe"                                     # optional: may Pepe pay now?
    }

It is answered by the code the record form and the ledger use: the night is built as a night under way
(:func:`games.toruro.carry.under_way`), the lulos that may be paid are :func:`games.toruro.lulos.payable`'s (the
record form offers those, lowest first, then from the dealer round the table) and the pots when play starts
:func:`games.toruro.pots.at_start`'s (what a lulo committed costs). Seed 002: "Any player, starting with the
dealer, who owes one of the least-valued lulos can choose to pay it (and no other player can pay it this
round...)"; "This player now owes the total amount of money available for this round"; RULINGS.md, Toruro.

>>> from games.toruro.rules import GAME
>>> table = GAME.table(["Ana", "Luis", "Pepe", "Marta", "Juan"])
>>> print(lulo_ruling(table, {"dealer": "Ana", "lulos_2": "3", "lulos_3": "3", "lulos_1": "6"}).explanation)
Lulos are paid lowest first: the lowest open lulos are 3 chips, owed by Pepe and Marta.
They are asked in this order, starting with the dealer (Ana): Pepe, Marta. The first who chooses to pay one pays it, \
and nobody else pays this deal.
Dearer lulos wait for later deals: Luis 6.
Paid, it brings the pots to 6 chips when play starts (3 from the dealer, 3 paid in): whoever commits a lulo this \
deal owes 6.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee import parse
from referee.game import MAX_CARRIED, Errors, Field, InvalidRecord, Ruling, TableSpec
from referee.text import Text, _, and_join, join, ngettext

from . import carry, lulos
from .lulos import PayableLulo
from .options import ToruroOptions
from .pots import ANTE, POTS, at_start, share_equally
from .record import Payment
from .state import ToruroState, initial
from .words import POT_NAMES, RULE

Table = TableSpec[ToruroOptions]
QUESTION = "lulos"
MOST_PLAYERS = 10

DEALER = Field("dealer", _("Who deals this deal"), "player", required=False, questions=(QUESTION,),
               help=_("Among lulos of the same amount, the dealer is asked first, then round the table."))
PAYER = Field("payer", _("Who wants to pay a lulo now"), "player", required=False, questions=(QUESTION,),
              help=_("To see whether they may. Blank: the referee says who may."))
OWED_HELP = _("The chips of each lulo still owed, separated by spaces: 3 6. Blank: none.")
POTS_HELP = _("Before the dealer's chips: what a deal nobody went to left. Blank: 0.")


def owed_field(name: str | Text, seat: int) -> Field:
    """A player's open lulos, as a night under way on paper is entered (the same label)."""
    return Field(f"lulos_{seat}", _("%(name)s: open lulos", name=name), "text", required=False, default="",
                 questions=(QUESTION,), help=OWED_HELP if seat == 0 else None)


def lulo_fields(names: Sequence[str | Text]) -> tuple[Field, ...]:
    """The lulo question's fields for these players: who deals, each one's open lulos, who wants to pay, then the
    chips already in the pots."""
    pots = tuple(Field(pot, _("Chips now in the %(pot)s", pot=POT_NAMES[pot]), "int", required=False,
                       minimum=0, questions=(QUESTION,), help=POTS_HELP if pot == POTS[0] else None)
                 for pot in POTS)
    return (DEALER, *(owed_field(name, seat) for seat, name in enumerate(names)), PAYER, *pots)


# Every seat of the largest table, for the API's description of the referee's fields.
DESCRIBED = lulo_fields([_("Player %(n)s", n=seat + 1) for seat in range(MOST_PLAYERS)])


def read_night(table: Table, raw: Mapping[str, Any]) -> ToruroState:
    """The night as the question gives it, a night under way (:func:`games.toruro.carry.under_way`): who deals,
    the open lulos, the chips in the pots. :class:`~referee.parse.InvalidRecord` with a message per field."""
    errors = Errors()
    dealer = parse.seat(table.players, raw.get("dealer"), "dealer", errors, blank=_("Who deals this deal?"))
    owed = {seat: carry.open_lulos(raw.get(f"lulos_{seat}"), f"lulos_{seat}", errors) for seat in range(table.size)}
    pots = {pot: parse.whole_number(raw.get(pot), pot, errors, minimum=0, maximum=MAX_CARRIED) or 0
            for pot in POTS}
    errors.raise_if_any()
    assert dealer is not None
    order = [table.after(dealer.index, k) for k in range(1, table.size + 1)]
    shares = share_equally(sum(pots.values()), order)  # the chips in the pots are everyone's alike
    nets = tuple(-shares[seat] for seat in range(table.size))
    counts = [len(owed[seat]) for seat in range(table.size)]
    return carry.under_way(table, initial(table.size, dealer.index), nets, pots, owed, counts)


def lulo_ruling(table: Table, raw: Mapping[str, Any]) -> Ruling:
    """Which lulos may be paid this deal, in which order, what a lulo committed this deal then costs, and, with a
    ``payer``, whether that player may pay now; each citing the paragraph it rests on."""
    errors = Errors()
    payer = parse.seat(table.players, raw.get("payer"), "payer", errors)
    try:
        state = read_night(table, raw)
    except InvalidRecord as exc:
        errors.add_all(exc)
    errors.raise_if_any()
    names = table.players
    payable = lulos.payable(table, state)
    if not payable:
        return _nobody_owes(table, state, None if payer is None else payer.name)
    per_deal = table.options.lulos_per_deal
    lowest = payable[0].amount
    lines: list[Text] = []
    owners = list(dict.fromkeys(lulo.player for lulo in payable if lulo.amount == lowest))  # from the dealer
    if per_deal > 1:  # the order is said with the lulos
        rule = RULE["lulos_per_deal"]
        lines.append(_("This table pays up to %(n)s lulos a deal (house rule 4): lowest first and, among lulos of "
                       "the same amount, starting with the dealer (%(dealer)s): %(which)s.", n=per_deal,
                       dealer=names[state.dealer], which=_said(payable)))
    elif len(owners) == 1:
        rule = RULE["lowest_first"]
        lines.append(_("Lulos are paid lowest first: the lowest open lulo is %(n)s chips, owed by %(who)s.", n=lowest,
                       who=owners[0]))
        lines.append(_("%(name)s may pay it this deal, split over the three pots as they like; nobody else pays a "
                       "lulo this deal.", name=owners[0]))
    else:
        rule = RULE["lowest_first"]
        lines.append(_("Lulos are paid lowest first: the lowest open lulos are %(n)s chips, owed by %(who)s.",
                       n=lowest, who=and_join(owners)))
        lines.append(_("They are asked in this order, starting with the dealer (%(dealer)s): %(order)s. The first "
                       "who chooses to pay one pays it, and nobody else pays this deal.", dealer=names[state.dealer],
                       order=join(owners, ", ")))
    waiting = [debt for debt in state.ledger.open_debts() if debt.id not in {lulo.id for lulo in payable}]
    if waiting:
        lines.append(_("Dearer lulos wait for later deals: %(later)s.", later=join(
            [f"{names[debt.debtor]} {debt.amount}" for debt in sorted(waiting, key=lambda d: d.amount)], ", ")))
    lines.append(_cost(state, payable[:per_deal]))
    legal: bool | None = None
    if payer is not None:
        legal, verdict = _may_pay(state, payable, payer.index, names)
        lines.insert(0, verdict)
        if not legal:
            rule = RULE["lowest_first"]
    return Ruling(legal, rule, join(lines, "\n"))


def _said(payable: Sequence[PayableLulo]) -> Text:
    return join([f"{lulo.player} {lulo.amount}" for lulo in payable], ", ")


def _cost(state: ToruroState, paid: Sequence[PayableLulo]) -> Text:
    """What lies in the pots when play starts once ``paid`` are paid in, which is what a lulo committed costs."""
    start = at_start(state, [Payment(lulo.id, cabeza=lulo.amount) for lulo in paid])  # the split: the payer's
    carried = state.ledger.pots_total()
    dealer, paid_in = ANTE * len(POTS), sum(lulo.amount for lulo in paid)
    if carried:
        return ngettext("Paid, it brings the pots to %(total)s chips when play starts (%(carried)s left in them, "
                        "%(dealer)s from the dealer, %(paid)s paid in): whoever commits a lulo this deal owes "
                        "%(total)s.",
                        "Paid, they bring the pots to %(total)s chips when play starts (%(carried)s left in them, "
                        "%(dealer)s from the dealer, %(paid)s paid in): whoever commits a lulo this deal owes "
                        "%(total)s.", len(paid), total=start["total"], carried=carried, dealer=dealer, paid=paid_in)
    return ngettext("Paid, it brings the pots to %(total)s chips when play starts (%(dealer)s from the dealer, "
                    "%(paid)s paid in): whoever commits a lulo this deal owes %(total)s.",
                    "Paid, they bring the pots to %(total)s chips when play starts (%(dealer)s from the dealer, "
                    "%(paid)s paid in): whoever commits a lulo this deal owes %(total)s.", len(paid),
                    total=start["total"], dealer=dealer, paid=paid_in)


def _may_pay(state: ToruroState, payable: Sequence[PayableLulo], seat: int,
             names: Sequence[str]) -> tuple[bool, Text]:
    """Whether the player at ``seat`` may pay a lulo this deal, and why."""
    name = names[seat]
    theirs = [debt for debt in state.ledger.open_debts() if debt.debtor == seat]
    if not theirs:
        return False, _("%(name)s owes no lulo: there is nothing for them to pay.", name=name)
    mine = next((lulo for lulo in payable if lulo.player == name), None)
    if mine is None:
        lowest = payable[0].amount
        return False, _("%(name)s may not pay now: their lowest lulo is %(amount)s chips, and %(lowest)s-chip lulos "
                        "are still open.", name=name, amount=min(debt.amount for debt in theirs), lowest=lowest)
    before = list(dict.fromkeys(lulo.player for lulo in payable
                                if lulo.amount == mine.amount and lulo.from_dealer < mine.from_dealer))
    if before:
        return True, ngettext("%(name)s may pay their %(amount)s-chip lulo this deal, if %(before)s, asked before "
                              "them, does not pay first.",
                              "%(name)s may pay their %(amount)s-chip lulo this deal, if %(before)s, asked before "
                              "them, do not pay first.", len(before), name=name, amount=mine.amount,
                              before=and_join(before))
    return True, _("%(name)s may pay their %(amount)s-chip lulo this deal.", name=name, amount=mine.amount)


def _nobody_owes(table: Table, state: ToruroState, payer: str | None) -> Ruling:
    """No open lulo: the night is over, or (house rule) goes on for the chips left in the pots."""
    in_pots = state.ledger.pots_total()
    legal = None if payer is None else False
    if table.options.play_out_pots and in_pots:
        return Ruling(legal, RULE["pots_left"], _(
            "Nobody owes a lulo, but the pots still hold %(n)s chips: this table plays them out (house rule), so "
            "the night goes on until someone wins them.", n=in_pots))
    if in_pots:
        return Ruling(legal, RULE["night_over"], _(
            "Nobody owes a lulo: the night is over, since it ends when nobody owes anything. The %(n)s chips left "
            "in the pots go back to who put them.", n=in_pots))
    return Ruling(legal, RULE["night_over"], _(
        "Nobody owes a lulo: the night is over, since it ends when nobody owes anything."))
