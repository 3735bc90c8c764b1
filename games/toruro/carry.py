"""A Toruro night under way on paper (RULINGS, General): each player's net so far, the chips in the three
pots, the lulos still open (who owes what) and, for the free tenth lulo, how many each player has committed.

Everything is in whole chips. Every chip a player is down lies in a pot or with another player, so the nets
and the pots add up to 0 (the ledger's own check). A night under way has open lulos (it ends when nobody owes
anything; with ``play_out_pots``, chips left in the pots keep it going too). Open lulos are written as their
amounts per player (``"3 6"``); their order on the paper list does not matter, since the lowest is paid
first and, among equal ones, the first from the dealer.

Tapete's readings for what paper does not keep: the carried lulos are numbered from the player after the
dealer round the table, from deal 0 (before the first deal here); the chips carried in the pots count as put
there by everyone alike (shared out from the player after the dealer, as when settling), which matters only
if the night is settled before the pots are next won; the night is under way, so its first deal here is not
"the first deal" (house rule 3).

>>> from games.toruro.rules import GAME
>>> table = GAME.table(["Ana", "Luis", "Pepe", "Marta", "Juan"])
>>> state = GAME.carry_over(table, {"total_0": "-3", "total_1": "1", "total_2": "2", "lulos_3": "3",
...                                 "lulos_4": "3", "lulos_0": "3"})
>>> [(d.id, d.debtor, d.amount) for d in state.ledger.debts], state.lulo_counts
([(1, 3, 3), (2, 4, 3), (3, 0, 3)], (1, 0, 0, 1, 1))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from referee import parse
from referee.game import MAX_CARRIED, Errors, Field, TableSpec
from referee.ledger import Ledger
from referee.text import Text, _, signed

from .lulos import CARRIED
from .options import ToruroOptions
from .pots import POTS, share_equally
from .words import POT_NAMES

if TYPE_CHECKING:
    from .state import ToruroState

Table = TableSpec[ToruroOptions]
MAX_LULOS = 50  # open lulos a player may owe on the paper list


def carried_fields(table: Table) -> tuple[Field, ...]:
    """Nets per player, the three pots, then each player's open lulos (and lulos committed, for the tenth)."""
    nets = tuple(Field(f"total_{seat}", _("%(name)s: chips won (+) or lost (−) so far", name=name), "int",
                       required=False, default=0, minimum=-MAX_CARRIED, maximum=MAX_CARRIED)
                 for seat, name in enumerate(table.players))
    pots = tuple(Field(pot, _("Chips now in the %(pot)s", pot=POT_NAMES[pot]), "int", required=False, default=0,
                       minimum=0, maximum=MAX_CARRIED) for pot in POTS)
    owed = tuple(Field(f"lulos_{seat}", _("%(name)s: open lulos", name=name), "text", required=False, default="",
                       help=_("The chips of each lulo still owed, separated by spaces: 3 6. Blank: none."))
                 for seat, name in enumerate(table.players))
    if not table.options.free_tenth:
        return (*nets, *pots, *owed)
    return (*nets, *pots, *owed, *count_fields(table.players))


COUNT_HELP = _("Open, paid and free, towards every tenth lulo being free. Blank: the open ones.")


def count_fields(names: Sequence[str | Text], *, questions: tuple[str, ...] = (), help: Text = COUNT_HELP,
                 help_once: bool = False) -> tuple[Field, ...]:
    """Each player's lulos committed so far, towards the free tenth (house rule 1), under their name; ``help``
    under each, or (``help_once``) under the first only."""
    return tuple(Field(f"count_{seat}", _("%(name)s: lulos committed so far", name=name), "int", required=False,
                       minimum=0, maximum=MAX_CARRIED, questions=questions,
                       help=help if seat == 0 or not help_once else None)
                 for seat, name in enumerate(names))


def committed(table: Table, raw: Mapping[str, Any], owed: Mapping[int, tuple[int, ...]],
              errors: Errors) -> list[int]:
    """Each player's lulos committed so far, as given (house rule 1, the free tenth), else their open ones:
    never fewer than those."""
    counts = [len(owed.get(seat, ())) for seat in range(table.size)]
    if not table.options.free_tenth:
        return counts
    for seat in range(table.size):
        name = f"count_{seat}"
        count = parse.whole_number(raw.get(name), name, errors, minimum=0, maximum=MAX_CARRIED)
        if count is not None and name not in errors:
            if count < counts[seat]:
                errors.add(name, _("%(name)s owes %(n)s open lulos: at least %(n)s committed.",
                                   name=table.players[seat], n=counts[seat]))
            counts[seat] = count
    return counts


def open_lulos(value: Any, field: str, errors: Errors) -> tuple[int, ...]:
    """``"3 6"`` → ``(3, 6)``: whole numbers of chips, at least 1 each."""
    if parse.is_blank(value):
        return ()
    wrong = _("Write the chips of each open lulo, separated by spaces: 3 6.")
    amounts = []
    for word in str(value).replace(",", " ").replace(";", " ").split():
        amount = parse.whole_number(word, field, errors, minimum=1, maximum=MAX_CARRIED, wrong=wrong)
        if amount is None:
            return ()
        amounts.append(amount)
    if len(amounts) > MAX_LULOS:
        errors.add(field, _("At most %(n)s open lulos per player.", n=MAX_LULOS))
        return ()
    return tuple(amounts)


def carry_over(table: Table, raw: Mapping[str, Any], start: ToruroState) -> ToruroState:
    """The ledger as the paper has it (nets, pots, open lulos), the lulos committed, the night under way."""
    errors = Errors()
    seats = range(table.size)
    nets = tuple(parse.whole_number(raw.get(f"total_{seat}"), f"total_{seat}", errors, minimum=-MAX_CARRIED,
                                    maximum=MAX_CARRIED) or 0 for seat in seats)
    pots = {pot: parse.whole_number(raw.get(pot), pot, errors, minimum=0, maximum=MAX_CARRIED) or 0
            for pot in POTS}
    owed = {seat: open_lulos(raw.get(f"lulos_{seat}"), f"lulos_{seat}", errors) for seat in seats}
    counts = committed(table, raw, owed, errors)
    errors.raise_if_any()
    on_table: int = sum(pots.values())
    total = sum(nets) + on_table
    if total:
        errors.add(f"total_{table.size - 1}", _(
            "The nets and the pots add up to %(sum)s: every chip a player is down lies in a pot or with another "
            "player, so they add up to 0. Check the figures copied.", sum=signed(total)))
    if not any(owed.values()) and not (table.options.play_out_pots and on_table):
        errors.add("lulos_0", _("Nobody owes a lulo: that night is over (it ends when nobody owes anything). "
                                "Enter the open lulos, or start a new night."))
    errors.raise_if_any()
    return under_way(table, start, nets, pots, owed, counts)


def under_way(table: Table, start: ToruroState, nets: tuple[int, ...], pots: Mapping[str, int],
              owed: Mapping[int, tuple[int, ...]], counts: Sequence[int]) -> ToruroState:
    """The night under way from ``start`` (who deals): the nets, the chips in the pots (as put there by everyone
    alike, shared out from the player after the dealer), the open lulos (numbered from the player after the dealer
    round the table), the lulos committed; not its first deal. The nets and the pots add up to 0."""
    order = [table.after(start.dealer, k) for k in range(1, table.size + 1)]
    ledger = Ledger(nets, dict(pots))
    for seat in order:
        for amount in owed.get(seat, ()):
            ledger, _debt = ledger.owe(seat, amount, _("carried over from paper"), deal=0, detail=CARRIED)
    shares = share_equally(sum(pots.values()), order)
    return dataclasses.replace(start, totals=nets, ledger=ledger, played=1, lulo_counts=tuple(counts),
                               pot_shares=tuple(shares[seat] for seat in range(table.size)))
