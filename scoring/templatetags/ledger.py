"""Template helpers for money and chips: the chips moved in a deal (any game's ``outcome.moves``), and a count
of chips as money at the table's stake.

Nothing here changes a table: it reads a stored outcome.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template

from scoring import services
from scoring.money import money_text
from scoring.presenters import presenter_for

register = template.Library()

def chips_money(chips: int, table: Any, signed: bool = False) -> str:
    """``chips`` × the table's chip value, as money ("1.50 EUR"); "" when the table plays for honour."""
    stake = int(getattr(table, "stake_minor", 0) or 0)
    if not stake:
        return ""
    return money_text(int(chips) * stake, getattr(table, "currency", ""), signed=signed)


@register.filter(name="chips_money")
def chips_money_filter(chips: Any, table: Any) -> str:
    try:
        return chips_money(int(chips), table)
    except (TypeError, ValueError):
        return ""


@register.filter
def money_moves(outcome: Any, table: Any = None) -> dict[str, Any] | None:
    """Every chip (or point) moved in a deal, from any game's stored outcome, with the deal's own check.

    ``paid_in`` (players into pots), ``taken_out`` (pots to players), ``between`` (player to player); the
    deal's own check (pots before + paid in = taken out + pots after) comes from the game's presenter.
    """
    if not isinstance(outcome, Mapping):
        return None
    moves = [m for m in outcome.get("moves") or [] if isinstance(m, Mapping)]
    if not moves:
        return None
    spec = services.table_spec(table) if table is not None else None
    rows = []
    paid_in = taken_out = between = 0
    for m in moves:
        payer, payee, amount = m.get("payer"), m.get("payee"), int(m.get("amount", 0))
        to_pot, from_pot = isinstance(payee, str), isinstance(payer, str)
        if to_pot and not from_pot:
            paid_in += amount
            kind = "in"
        elif from_pot and not to_pot:
            taken_out += amount
            kind = "out"
        else:
            between += amount
            kind = "between"
        reason = m.get("reason") or ""
        rows.append({"payer": _account(table, spec, payer), "payee": _account(table, spec, payee), "amount": amount,
                     "reason": services.translate(reason) if reason else "", "kind": kind})
    check = presenter_for(table.game).money_check(outcome, paid_in, taken_out) if table is not None else None
    return {"rows": rows, "paid_in": paid_in, "taken_out": taken_out, "between": between, "check": check}


def _account(table: Any, spec: Any, account: Any) -> str:
    """A seat by its player's name, a pot by its name as people say it (the game's presenter names it)."""
    if isinstance(account, str):
        return presenter_for(getattr(table, "game", "")).pot_name(account)
    if spec is not None:
        return services.account_name(spec, account)
    return str(account)
