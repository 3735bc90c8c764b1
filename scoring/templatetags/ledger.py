"""Template helpers for money and chips: the chips moved in a deal (any game's ``outcome.money``), and Toruro's
board (lulo list, ledger, conservation check) and record form, worked out here so the templates only draw.

Nothing here changes a table: it reads the standings (``services.standings``) or a stored outcome.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django import template
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from referee.games.toruro import ANTE, POTS, display_state, order_from
from referee.games.toruro_play import MISPLAY_RULES, RANK_NAMES, RULE_NAMES, SEVEN_STANDS_IN_FOR, SUIT_WORDS
from scoring import services

register = template.Library()

POT_PREFIX = "pot:"


def _money(minor: int, currency: str) -> str:
    text = number_format(Decimal(abs(minor)) / 100, decimal_pos=2, use_l10n=True)
    sign = "−" if minor < 0 else ""
    return f"{sign}{text} {currency}".strip()


def chips_money(chips: int, table: Any, signed: bool = False) -> str:
    """``chips`` × the table's chip value, as money ("1.50 EUR"); "" when the table plays for honour."""
    stake = int(getattr(table, "stake_minor", 0) or 0)
    if not stake:
        return ""
    minor = int(chips) * stake
    text = _money(minor, getattr(table, "currency", ""))
    return f"+{text}" if signed and minor > 0 else text


@register.filter(name="chips_money")
def chips_money_filter(chips: Any, table: Any) -> str:
    try:
        return chips_money(int(chips), table)
    except (TypeError, ValueError):
        return ""


def account_label(account: str) -> str:
    """A money account as people say it: a player's name, or a pot ("pot:cabeza" -> "Cabeza")."""
    if account.startswith(POT_PREFIX):
        return account[len(POT_PREFIX):].capitalize()
    return account


@register.filter
def money_moves(outcome: Any) -> dict[str, Any] | None:
    """Every chip (or point) moved in a deal, from any game's stored outcome, with the deal's own check.

    ``paid_in`` (players into pots), ``taken_out`` (pots to players), ``between`` (player to player). When the
    outcome says what was in play and what is left (Toruro's ``extra.pots_at_start`` and ``extra.pots``), the
    check is: pots before + paid in = taken out + pots after.
    """
    if not isinstance(outcome, Mapping):
        return None
    moves = [m for m in outcome.get("money") or [] if isinstance(m, Mapping)]
    if not moves:
        return None
    rows = []
    paid_in = taken_out = between = 0
    for m in moves:
        payer, payee, amount = str(m.get("payer", "")), str(m.get("payee", "")), int(m.get("amount", 0))
        if payee.startswith(POT_PREFIX) and not payer.startswith(POT_PREFIX):
            paid_in += amount
            kind = "in"
        elif payer.startswith(POT_PREFIX) and not payee.startswith(POT_PREFIX):
            taken_out += amount
            kind = "out"
        else:
            between += amount
            kind = "between"
        reason = m.get("reason_i18n") or m.get("reason") or ""
        rows.append({"payer": account_label(payer), "payee": account_label(payee), "amount": amount,
                     "reason": services.translate(reason) if reason else "", "kind": kind})
    result: dict[str, Any] = {"rows": rows, "paid_in": paid_in, "taken_out": taken_out, "between": between,
                              "check": None}
    extra = outcome.get("extra") or {}
    at_start, pots = extra.get("pots_at_start"), extra.get("pots")
    if isinstance(at_start, int) and isinstance(pots, Mapping):
        after = sum(int(v) for v in pots.values())
        before = at_start - paid_in
        result["check"] = {"before": before, "after": after,
                           "ok": before >= 0 and before + paid_in == taken_out + after}
    return result


# -- Toruro: the board on the table page ----------------------------------------------------------------------

def _reason(lulo: Mapping[str, Any]) -> str:
    rule = lulo.get("misplay")
    if lulo.get("reason") == "misplay":
        return services.translate(RULE_NAMES[rule]) if rule in RULE_NAMES else _("broke a play rule")
    if rule in RULE_NAMES:  # one lulo for both offences (house rule one_lulo_per_deal): say both
        return _("went, took no trick, and broke “%(rule)s”") % {"rule": services.translate(RULE_NAMES[rule])}
    return _("went, took no trick")


def _lulo_row(lulo: Mapping[str, Any], table: Any) -> dict[str, Any]:
    return {**lulo, "money": chips_money(int(lulo.get("amount", 0)), table),
            "worth_money": chips_money(int(lulo.get("worth", 0)), table), "why": _reason(lulo)}


SHOW_CLOSED = 4  # paid and free lulos shown in a long list; older ones wait behind "earlier"
LONG_LIST = 10


def payable_groups(payable: list[dict[str, Any]], table: Any) -> list[dict[str, Any]]:
    """The payable lulos by player and amount, in the order they may be paid (lowest first, then from the
    dealer round the table): paying any of one player's equal lulos is the same, so each is one choice."""
    groups: dict[tuple[str, int], dict[str, Any]] = {}
    for lulo in payable:
        key = (lulo["player"], int(lulo["amount"]))
        if key not in groups:
            groups[key] = {"player": lulo["player"], "amount": int(lulo["amount"]), "ids": [],
                           "money": chips_money(int(lulo["amount"]), table)}
        groups[key]["ids"].append(int(lulo["id"]))
    return list(groups.values())


@register.simple_tag
def toruro_board(st: Any) -> dict[str, Any]:
    """What the Toruro table page draws from the standings: this deal (dealer, pots, payable lulos), the lulo
    list, the counts towards the free tenth, the per-player ledger and the night's conservation check.

    The check is worked out from three things kept apart in the state: the chips paid in (the dealers' antes,
    one per pot per deal played, plus every lulo marked paid), the players' nets (their sum is what the pots
    paid out minus what was paid in) and the chips lying in the pots.
    """
    table, ds, state = st.table, st.extra, st.state
    players = list(st.spec.players)
    lulos = [_lulo_row(lulo, table) for lulo in ds.get("lulo_list", [])]
    if len(lulos) > LONG_LIST:
        closed = [row for row in lulos if row["status"] != "open"]
        keep = {row["id"] for row in closed[-SHOW_CLOSED:]}
        shown = [row for row in lulos if row["status"] == "open" or row["id"] in keep]
        earlier = [row for row in closed if row["id"] not in keep]
    else:
        shown, earlier = lulos, []

    played = int(state.get("played", 0))
    antes = ANTE * len(POTS) * played
    lulos_paid = sum(int(row["amount"]) for row in lulos if row["status"] == "paid")
    paid_in = antes + lulos_paid
    nets = {p: int(ds["nets"].get(p, 0)) for p in players}
    in_pots = int(ds.get("pots_total", 0))
    # Three counts kept apart, so that the check can fail: paid in from the antes and the lulo list, taken out
    # from the chips the deals moved out of the pots, and the players' nets.
    moved = ds["chips_moved"]
    taken_out = int(moved["taken_out"])
    balanced = (paid_in == int(moved["paid_in"]) == taken_out + in_pots and taken_out >= 0
                and sum(nets.values()) == taken_out - paid_in)
    shares = state.get("pot_shares", {})
    counts = ds.get("lulo_counts", {})

    rows = []
    for p in players:
        count = counts.get(p, {}).get("count", 0)
        next_free = counts.get(p, {}).get("next_free")
        owes = int(ds["owed"].get(p, 0))
        rows.append({
            "player": p, "net": nets[p], "net_money": chips_money(nets[p], table, signed=True),
            "owes": owes, "owes_money": chips_money(owes, table), "in_pots": int(shares.get(p, 0)),
            "count": count, "next_free": next_free,
            "next_is_free": next_free is not None and count + 1 == next_free,
        })

    at_start = ds.get("pots_at_start") or {}
    payable = payable_groups(list(ds.get("payable", [])), table)
    return {
        "over": bool(ds.get("game_over")),
        "dealer": ds.get("next_dealer"),
        "first_to_speak": ds.get("first_to_speak"),
        "first_deal": bool(ds.get("first_deal")),
        "at_start": [(pot, int(at_start.get(pot, 0))) for pot in POTS] if at_start else [],
        "at_start_total": int(at_start.get("total", 0)) if at_start else 0,
        "carried": in_pots,
        "pots": [(pot, int(ds["pots"].get(pot, 0))) for pot in POTS],
        "payable": payable,
        "per_deal": int(ds.get("lulos_per_deal", 1)),
        "lulos": shown,
        "earlier": earlier,
        "lulo_total": len(lulos),
        "open_count": sum(1 for row in lulos if row["status"] == "open"),
        "open_total": int(ds.get("open_total", 0)),
        "open_money": chips_money(int(ds.get("open_total", 0)), table),
        "players": rows,
        "free_tenth": bool(st.spec.options.get("free_tenth", True)),
        "antes": antes,
        "played": played,
        "lulos_paid": lulos_paid,
        "paid_in": paid_in,
        "taken_out": taken_out,
        "in_pots": in_pots,
        "in_pots_money": chips_money(in_pots, table),
        "balanced": balanced,
        "chip": chips_money(1, table),
    }


# -- Toruro: the record form --------------------------------------------------------------------------------

def _value(form: Any, name: str) -> Any:
    if name not in form.fields:
        return None
    value = form[name].value()
    return "" if value is None else value


def _errors(form: Any, name: str) -> list[str]:
    return list(form[name].errors) if name in form.fields else []


@register.simple_tag
def toruro_record(form: Any, table: Any, deal: Any = None, st: Any = None) -> dict[str, Any]:
    """The Toruro record form's pieces, in the order things happen at the table, each with the generic form's
    input names (``payments__0__lulo``, ``went``, ``tricks__1__player``, ``misplays__0__rule``...) and the
    value and messages the form has for it, so nothing typed is lost when the server refuses a deal.

    The payable lulos, the pots and who must go come from the state before this deal: the table's now, or
    the state before ``deal`` when editing it.
    """
    spec, game = form.spec, form.game
    if getattr(deal, "number", None) is not None:
        state = services.state_before(table, deal.number, game, spec)
    elif getattr(st, "state", None) is not None:
        state = st.state
    else:
        state = services.standings(table).state
    ds = display_state(spec, state)
    options = spec.options
    speaking = order_from(spec, state.get("dealer", spec.first_dealer), include_seat=False)
    dealer = spec.players[state.get("dealer", spec.first_dealer)]

    groups = payable_groups(list(ds.get("payable", [])), table)
    per_deal = int(options.get("lulos_per_deal", 1))
    ids = {str(i) for group in groups for i in group["ids"]}
    payments = []
    rows_posted = form.row_counts.get("payments", 0)
    for i in range(rows_posted):
        value = str(_value(form, f"payments__{i}__lulo") or "").strip()
        split = [(pot, _value(form, f"payments__{i}__{pot}"), _errors(form, f"payments__{i}__{pot}"))
                 for pot in POTS]
        entered = bool(value) or any(v not in ("", None) for _p, v, _e in split)
        if (i >= per_deal or not groups) and not entered:
            continue  # rows beyond the house rule, or with nothing to pay, only when something was entered
        stray = value and value not in ids
        # One choice per player and amount: row i offers that player's i-th lulo (two rows may pay two of
        # one player's lulos), or the one already chosen.
        choices = []
        for group in groups:
            chosen = value.isascii() and value.isdigit() and int(value) in group["ids"]  # not "²"
            lulo_id = int(value) if chosen else group["ids"][min(i, len(group["ids"]) - 1)]
            choices.append({**group, "id": lulo_id, "more": len(group["ids"]) - 1})
        payments.append({
            "index": i, "value": value, "stray": value if stray else "", "eid": f"id_payments__{i}__lulo",
            "lulo_errors": _errors(form, f"payments__{i}__lulo"), "split": split, "choices": choices,
        })
    pots = ds.get("pots_at_start") or {pot: 0 for pot in POTS}

    went_value = [str(v) for v in (_value(form, "went") or [])]
    forced_first = bool(ds.get("first_deal")) and bool(options.get("first_deal_all_go", True))
    if forced_first and not form.is_bound and not went_value:
        went_value = list(spec.players)

    tricks = []
    for i, pot in enumerate(POTS):
        tricks.append({"index": i, "pot": pot, "chips": int(pots.get(pot, 0)), "eid": f"id_tricks__{i}",
                       "value": str(_value(form, f"tricks__{i}__player") or ""),
                       "errors": _errors(form, f"tricks__{i}__player")})

    misplays = []
    rows = form.row_counts.get("misplays", 0)
    for i in range(rows):
        misplays.append({"index": i, "eid": f"id_misplays__{i}",
                         "player": str(_value(form, f"misplays__{i}__player") or ""),
                         "rule": str(_value(form, f"misplays__{i}__rule") or ""),
                         "errors": _errors(form, f"misplays__{i}__player") + _errors(form, f"misplays__{i}__rule")})
    misplays_open = any(m["player"] or m["rule"] or m["errors"] for m in misplays) or bool(_errors(form, "misplays"))

    turned = str(_value(form, "turned_card") or "").strip().upper()
    return {
        "over": bool(ds.get("game_over")) and getattr(deal, "number", None) is None,
        "dealer": dealer,
        "speaking": speaking,
        "payable": groups,
        "per_deal": per_deal,
        "payments": payments,
        "payments_errors": _errors(form, "payments"),
        "pots": [(pot, int(pots.get(pot, 0))) for pot in POTS],
        "pots_total": int(pots.get("total", 0)),
        "turned": turned,
        "turned_errors": _errors(form, "turned_card"),
        "suits": [(s, services.translate(SUIT_WORDS[s])) for s in ("O", "C", "E", "B")],
        "ranks": [(r, services.translate(RANK_NAMES[r])) for r in ("1", "3", "12", "11", "10", "7", "6", "5",
                                                                   "4", "2")],
        "seven_ranks": " ".join(sorted(SEVEN_STANDS_IN_FOR)),
        "went": went_value,
        "went_errors": _errors(form, "went"),
        "forced_first": forced_first,
        "ace_all_go": bool(options.get("trump_ace_all_go", True)),
        "tricks": tricks,
        "tricks_errors": _errors(form, "tricks"),
        "misplays": misplays,
        "misplays_errors": _errors(form, "misplays"),
        "misplays_open": misplays_open,
        "rules": [(key, services.translate(RULE_NAMES[key])) for key in MISPLAY_RULES],
        "void": bool(_value(form, "void")),
        "void_errors": _errors(form, "void"),
        "chip": chips_money(1, table),
    }
