"""The referee on the lulo list: which lulo is paid first this deal, who may pay it, and what a lulo committed this
deal then costs; and what each player who went collects and owes (the pots question, below).

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
from referee.ledger import Debt
from referee.text import Text, _, and_join, join, ngettext, signed

from . import carry, lulos
from .lulos import PayableLulo
from .options import ToruroOptions
from .play import MISPLAY_RULES, PlayRule
from .pots import ANTE, POTS, at_start, share_equally
from .record import Misplay, Payment, Taken, ToruroRecord
from .state import ToruroState, initial
from .words import POT_NAMES, RULE, RULE_NAMES

Table = TableSpec[ToruroOptions]
QUESTION = "lulos"
MOST_PLAYERS = 10

POTS_QUESTION = "pots"
DEALER = Field("dealer", _("Who deals this deal"), "player", required=False, questions=(QUESTION, POTS_QUESTION),
               help=_("Among lulos of the same amount, the dealer is asked first, then round the table."))
PAYER = Field("payer", _("Who wants to pay a lulo now"), "player", required=False, questions=(QUESTION,),
              help=_("To see whether they may. Blank: the referee says who may."))
OWED_HELP = _("The chips of each lulo still owed, separated by spaces: 3 6. Blank: none.")
POTS_HELP = _("Chips left in the pots by a deal nobody went to, before this deal's dealer adds theirs. Blank: 0.")


def owed_field(name: str | Text, seat: int) -> Field:
    """A player's open lulos, as a night under way on paper is entered (the same label)."""
    return Field(f"lulos_{seat}", _("%(name)s: open lulos", name=name), "text", required=False, default="",
                 questions=(QUESTION,), help=OWED_HELP if seat == 0 else None)


COUNT_HELP = _("Every lulo committed so far, paid or not: the next one is free if it is their 10th, 20th, 30th…")


def lulo_fields(names: Sequence[str | Text], free_tenth: bool = True) -> tuple[Field, ...]:
    """The lulo question's fields for these players: who deals, each one's open lulos, who wants to pay, then the
    chips already in the pots; the pots question's own, and (house rule 1, the free tenth) each one's lulos
    committed so far, which say whether a lulo committed now is free."""
    pots = tuple(Field(pot, _("Chips now in the %(pot)s", pot=POT_NAMES[pot]), "int", required=False,
                       minimum=0, questions=(QUESTION, POTS_QUESTION), help=POTS_HELP if pot == POTS[0] else None)
                 for pot in POTS)
    counts = carry.count_fields(names, questions=(POTS_QUESTION,), help=COUNT_HELP, help_once=True) \
        if free_tenth else ()
    return (DEALER, *(owed_field(name, seat) for seat, name in enumerate(names)), PAYER, *pots, *POTS_FIELDS,
            *counts)


# The pots question's own fields: the lulo paid in this deal and its split, who took each pot, who went without a
# trick, who broke which play rule (one: a question is about one dispute).
POTS_FIELDS: tuple[Field, ...] = (
    Field("paid_by", _("Who paid a lulo into the pots this deal"), "player", required=False,
          questions=(POTS_QUESTION,)),
    *(Field(f"paid_{pot}", _("Lulo paid into the %(pot)s", pot=POT_NAMES[pot]), "int", required=False, minimum=0,
            questions=(POTS_QUESTION,)) for pot in POTS),
    *(Field(f"{pot}_to", _("Who took the %(pot)s (trick %(n)s)", pot=POT_NAMES[pot], n=n), "player", required=False,
            questions=(POTS_QUESTION,)) for n, pot in enumerate(POTS, start=1)),
    Field("no_trick", _("Who went and took no trick"), "players", required=False, questions=(POTS_QUESTION,),
          unordered=True),
    Field("broke_rule", _("Who broke a play rule"), "player", required=False, questions=(POTS_QUESTION,)),
    Field("rule", _("The rule broken"), "choice", required=False, questions=(POTS_QUESTION,),
          choices=tuple((key, RULE_NAMES[key]) for key in MISPLAY_RULES)),
)

# Every seat of the largest table, for the API's description of the referee's fields.
DESCRIBED = lulo_fields([_("Player %(n)s", n=seat + 1) for seat in range(MOST_PLAYERS)])


def read_night(table: Table, raw: Mapping[str, Any]) -> ToruroState:
    """The night as the question gives it, a night under way (:func:`games.toruro.carry.under_way`): who deals,
    the open lulos, the chips in the pots, the lulos committed so far (the open ones, unless given).
    :class:`~referee.parse.InvalidRecord` with a message per field."""
    errors = Errors()
    dealer = parse.seat(table.players, raw.get("dealer"), "dealer", errors, blank=_("Who deals this deal?"))
    owed = {seat: carry.open_lulos(raw.get(f"lulos_{seat}"), f"lulos_{seat}", errors) for seat in range(table.size)}
    pots = {pot: parse.whole_number(raw.get(pot), pot, errors, minimum=0, maximum=MAX_CARRIED) or 0
            for pot in POTS}
    counts = carry.committed(table, raw, owed, errors)
    errors.raise_if_any()
    assert dealer is not None
    order = [table.after(dealer.index, k) for k in range(1, table.size + 1)]
    shares = share_equally(sum(pots.values()), order)  # the chips in the pots are everyone's alike
    nets = tuple(-shares[seat] for seat in range(table.size))
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
        legal, verdict = _may_pay(state, payable, payer.index, names, per_deal)
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
             names: Sequence[str], per_deal: int) -> tuple[bool, Text]:
    """Whether the player at ``seat`` may pay a lulo this deal, and why (``per_deal``: the lulos a deal pays)."""
    name = names[seat]
    theirs = [debt for debt in state.ledger.open_debts() if debt.debtor == seat]
    if not theirs:
        return False, _("%(name)s owes no lulo: there is nothing for them to pay.", name=name)
    mine = next((lulo for lulo in payable if lulo.player == name), None)
    if mine is None:
        lowest = payable[0].amount
        return False, _("%(name)s may not pay now: their lowest lulo is %(amount)s chips, and %(lowest)s-chip lulos "
                        "are still open.", name=name, amount=min(debt.amount for debt in theirs), lowest=lowest)
    ahead = list(payable[:payable.index(mine)])  # asked before it: the cheaper ones, then from the dealer
    if per_deal > 1:  # house rule 4: paid unless as many as the deal pays are paid before it
        if len(ahead) < per_deal:
            return True, _("%(name)s may pay their %(amount)s-chip lulo this deal.", name=name, amount=mine.amount)
        return True, _("%(name)s may pay their %(amount)s-chip lulo this deal if fewer than %(n)s of the lulos "
                       "asked before it are paid first: %(before)s.", name=name, amount=mine.amount, n=per_deal,
                       before=and_join([f"{lulo.player} {lulo.amount}" for lulo in ahead]))
    before = list(dict.fromkeys(lulo.player for lulo in ahead if lulo.amount == mine.amount))
    if before:
        return True, ngettext("%(name)s may pay their %(amount)s-chip lulo this deal, if %(before)s, asked before "
                              "them, does not pay first.",
                              "%(name)s may pay their %(amount)s-chip lulo this deal, if %(before)s, asked before "
                              "them, do not pay first.", len(before), name=name, amount=mine.amount,
                              before=and_join(before))
    return True, _("%(name)s may pay their %(amount)s-chip lulo this deal.", name=name, amount=mine.amount)


def _nobody_owes(table: Table, state: ToruroState, payer: str | None) -> Ruling:
    """No open lulo: the night is over, or (house rule) goes on for the chips left in the pots, or (nothing in
    them either) it has not begun."""
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
    # nothing owed and nothing in the pots: the night before its first deal, or after its last (a tester)
    return Ruling(legal, RULE["night_over"], _(
        "Nobody owes a lulo. Before the first deal of the night, only the dealer's chips are in play and there is "
        "no lulo to pay; after at least one deal, the night is over, since it ends when nobody owes anything."))


# -- who collects, who owes ---------------------------------------------------------------------------------------
#
# A pots question (``question: "pots"``): who deals, the chips left in the pots, the lulo paid in this deal (who paid,
# and its split), who took each pot, who went without a trick, who broke which play rule:
#
#     {"question": "pots", "dealer": "Ana", "paid_by": "Marta", "paid_cabeza": 3, "cabeza_to": "Pepe",
#      "barriga_to": "Pepe", "cola_to": "Luis", "no_trick": ["Juan"], "broke_rule": "Pepe", "rule": "follow_suit"}
#
# Seed 002: "The first trick taken will win the cabeza, the second, the barriga, and the third the cola"; "Any player
# decided to “go” and did not take any pot OR any player who misplayed a rule ... commits “lulo” ... owes the total
# amount of money available for this round"; RULINGS.md: "A rule-breaker keeps any pot they won."

def pots_ruling(table: Table, raw: Mapping[str, Any]) -> Ruling:
    """What each player who went collects and owes this deal: the pots each trick's taker wins (what lies in them
    when play starts), and the lulo of whoever went without a trick or broke a play rule (the whole money in play,
    the pots won kept). Worked out by :meth:`games.toruro.rules.Toruro.deal_chips`, the score sheet's own code, on
    the deal as the question gives it; :class:`~referee.parse.InvalidRecord` with a message per field."""
    from .rules import GAME  # the rules import this module's questions through the referee

    state, record = read_deal(table, raw)
    after, outcome = GAME.deal_chips(table, state, record)
    names = table.players
    start = at_start(state, record.payments)
    lines: list[Text] = [_("In play: cabeza %(c)s, barriga %(b)s, cola %(k)s = %(total)s chips; a lulo this deal "
                           "costs %(total)s.", c=start["cabeza"], b=start["barriga"], k=start["cola"],
                           total=start["total"])]
    if not record.went:
        lines.append(_("Nobody went: the pots (%(total)s chips) stay for the next deal.", total=start["total"]))
        return Ruling(None, RULE["nobody_goes"], join(lines, "\n"))
    new = after.ledger.debts[len(state.ledger.debts):]
    for seat in record.went:
        won = [(move.payer, move.amount) for move in outcome.moves
               if isinstance(move.payer, str) and move.payee == seat.index]
        owes = [debt for debt in new if debt.debtor == seat.index]
        before = state.lulo_counts[seat.index]
        if won:
            lines.append(ngettext("%(name)s takes %(pots)s: %(n)s chip.", "%(name)s takes %(pots)s: %(n)s chips.",
                                  sum(n for _pot, n in won), name=seat.name, pots=and_join(
                                      [_("the %(pot)s (%(n)s)", pot=POT_NAMES[pot], n=n) for pot, n in won])))
        lines.extend(_owed(seat.name, debt, before + k) for k, debt in enumerate(owes, start=1))
        if won and owes:
            lines.append(_("%(name)s keeps what they won: breaking a rule does not take a pot back.", name=seat.name))
    net = ", ".join(f"{names[seat]} {signed(score)}" for seat, score in enumerate(outcome.scores) if score)
    lines.append(_("Net this deal: %(net)s.", net=net or "0"))
    rule = RULE["lulo_owed"] if new else RULE["pots_won"]
    return Ruling(None, rule, join(lines, "\n"))


def _owed(name: str, debt: Debt, number: int) -> Text:
    """A lulo committed this deal, and why (the ledger's debt, as the score sheet committed it); ``number``: the
    player's how manyth, said when the ledger made it free (house rule 1)."""
    reason, misplay = lulos.reason_of(debt)
    rule = RULE_NAMES.get(misplay or "")
    if debt.free:
        return _free(name, reason, rule, number)
    if reason == lulos.MISPLAY and rule is not None:
        return _("%(name)s broke “%(rule)s”: a lulo, %(n)s chips owed.", name=name, rule=rule, n=debt.amount)
    if rule is not None:  # one lulo for both (house rule one_lulo_per_deal)
        return _("%(name)s took no trick and broke “%(rule)s”: one lulo, %(n)s chips owed.", name=name, rule=rule,
                 n=debt.amount)
    return _("%(name)s went and took no trick: a lulo, %(n)s chips owed.", name=name, n=debt.amount)


def _free(name: str, reason: str, rule: Text | None, number: int) -> Text:
    """A lulo committed this deal that is the player's tenth, twentieth...: free."""
    if reason == lulos.MISPLAY and rule is not None:
        return _("%(name)s broke “%(rule)s”: their lulo number %(n)s, free (every tenth lulo is free).", name=name,
                 rule=rule, n=number)
    if rule is not None:
        return _("%(name)s took no trick and broke “%(rule)s”: one lulo, their number %(n)s, free (every tenth "
                 "lulo is free).", name=name, rule=rule, n=number)
    return _("%(name)s went and took no trick: their lulo number %(n)s, free (every tenth lulo is free).",
             name=name, n=number)


def read_deal(table: Table, raw: Mapping[str, Any]) -> tuple[ToruroState, ToruroRecord]:
    """The night before the deal (who deals, the chips left in the pots, the lulo paid in as the payer's open
    lulo) and the deal's record without its turned card, checked as the record form's is (who took the tricks,
    the play rule broken by whom: :meth:`games.toruro.rules.Toruro.check`'s own checks)."""
    from .rules import GAME  # the rules import this module's questions through the referee

    errors = Errors()
    players = table.players
    paid_by = parse.seat(players, raw.get("paid_by"), "paid_by", errors)
    split = {pot: parse.whole_number(raw.get(f"paid_{pot}"), f"paid_{pot}", errors, minimum=0,
                                     maximum=MAX_CARRIED) or 0 for pot in POTS}
    takers = [parse.seat(players, raw.get(f"{pot}_to"), f"{pot}_to", errors) for pot in POTS]
    no_trick = parse.seats(players, raw.get("no_trick"), "no_trick", errors)
    breaker = parse.seat(players, raw.get("broke_rule"), "broke_rule", errors)
    rule = parse.choice(raw.get("rule"), list(PlayRule), "rule", errors)
    paid = sum(split.values())
    if paid_by is not None and not paid and not any(f"paid_{pot}" in errors for pot in POTS):
        errors.add("paid_cabeza", _("How many chips did %(name)s put in each pot?", name=paid_by.name))
    if paid and paid_by is None and "paid_by" not in errors:
        errors.add("paid_by", _("Who paid these chips in?"))
    if breaker is not None and rule is None and "rule" not in errors:
        errors.add("rule", _("Which rule did %(name)s break?", name=breaker.name))
    if rule is not None and breaker is None and "broke_rule" not in errors:
        errors.add("broke_rule", _("Who broke it?"))
    went = [seat for seat in (*takers, *no_trick, breaker) if seat is not None]
    if went:
        for pot, taker in zip(POTS, takers, strict=True):
            if taker is None and f"{pot}_to" not in errors:
                errors.add(f"{pot}_to", _("Who took the %(pot)s? Whoever goes plays the three tricks.",
                                          pot=POT_NAMES[pot]))
    took = {seat for seat in takers if seat is not None}
    both = [seat for seat in no_trick if seat in took]
    if both:
        errors.add("no_trick", _("%(name)s took a trick.", name=both[0].name))
    night = {"dealer": raw.get("dealer"), **{pot: raw.get(pot) for pot in POTS},
             **{f"count_{seat}": raw.get(f"count_{seat}") for seat in range(table.size)}}
    if paid_by is not None and paid:
        night[f"lulos_{paid_by.index}"] = str(paid)
    try:
        state = read_night(table, night)
    except InvalidRecord as exc:
        errors.add_all(exc)
    errors.raise_if_any()
    payments = (Payment(1, paid_by, **split),) if paid_by is not None else ()  # the only lulo on the list: #1
    misplays = (Misplay(breaker, rule),) if breaker is not None and rule is not None else ()
    record = ToruroRecord(None, payments, tuple(dict.fromkeys(went)),
                          tuple(Taken(seat) for seat in takers if seat is not None), misplays)
    record = GAME.complete(table, state, record)  # who went, in the order of play from the dealer's left
    checked = Errors()
    GAME.check_play(record, checked)
    for key, message in checked.errors.items():
        errors.add({"tricks": "cabeza_to", "misplays": "broke_rule"}.get(key, key), message)
    errors.raise_if_any()
    return state, record
