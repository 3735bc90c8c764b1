"""What the Toruro pages show beyond the generic ones: the board beside the standings (this deal, the lulo
list, the ledger and its check) and the record form's pieces, worked out here so the templates only draw.

Both read the typed state: the night's ledger (players' nets, the three pots, the lulo list as its debts). The
conservation line on the table page is the ledger's own: players + pots = 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.toruro import going, lulos
from games.toruro.lulos import PayableLulo
from games.toruro.play import MISPLAY_RULES, SEVEN_STANDS_IN_FOR
from games.toruro.pots import ANTE, POTS, at_start
from games.toruro.state import ToruroState
from games.toruro.words import RULE_NAMES
from scoring import services
from scoring.forms import message_ids
from scoring.on_table import left_on_table
from scoring.presenters import Presenter
from scoring.templatetags.ledger import chips_money
from scoring.widgets import CardPicker

if TYPE_CHECKING:
    from scoring.services import Standings

SHOW_CLOSED = 4  # paid and free lulos shown in a long list; older ones wait behind "earlier"
LONG_LIST = 10
SPARE_MISPLAYS = 2  # empty rows of play rules broken drawn (without JavaScript, as many more per Save)


def payable_groups(payable: Sequence[PayableLulo], table: Any) -> list[dict[str, Any]]:
    """The payable lulos by player and amount (:func:`lulos.by_kind`), in the order they may be paid (lowest
    first, then from the dealer round the table), each one choice."""
    return [{"player": kind[0].player, "amount": kind[0].amount, "ids": [lulo.id for lulo in kind],
             "money": chips_money(kind[0].amount, table)} for kind in lulos.by_kind(payable)]


def _lulo_row(line: lulos.LuloLine, table: Any) -> dict[str, Any]:
    return {**line.to_json(), "money": chips_money(line.amount, table),
            "worth_money": chips_money(line.worth, table),
            "why": services.translate(lulos.why(line.reason, line.misplay))}


def stray_lulo(value: str, state: ToruroState, players: Sequence[str]) -> tuple[str, str]:
    """A lulo chosen that the form no longer offers (the entries of a deal kept from another phone's, whose deal
    paid it), as its button says whose it is and as the form says why beside it: ``(player, message)``.

    >>> from games.toruro.rules import GAME
    >>> table = GAME.table(["Ana", "Beto", "Carla", "Diego", "Elena"])
    >>> stray_lulo("7", GAME.initial_state(table), table.players)
    ('', 'There is no lulo #7 on the list: choose another.')
    >>> stray_lulo("²", GAME.initial_state(table), table.players)[0]
    ''
    """
    debts = state.ledger.debts
    number = int(value) if value.isascii() and value.isdigit() and len(value) < 7 else 0  # not "²", nor 5,000 digits
    if not 1 <= number <= len(debts):
        return "", _("There is no lulo #%(id)s on the list: choose another.") % {"id": value}
    debt = debts[number - 1]
    player = players[debt.debtor]
    if debt.paid_deal is not None:
        return player, _("Lulo #%(id)s was paid in deal %(deal)s: choose another.") % {
            "id": number, "deal": debt.paid_deal}
    if debt.free:
        return player, _("Lulo #%(id)s was free: choose another.") % {"id": number}
    return player, _("Lulo #%(id)s cannot be paid this deal (lowest first): choose another.") % {"id": number}


def _value(form: Any, name: str) -> Any:
    bound = form.bound_field(name)
    if bound is None:
        return None
    value = bound.value()
    return "" if value is None else value


def _errors(form: Any, name: str) -> list[str]:
    bound = form.bound_field(name)
    return list(bound.errors) if bound is not None else []



def turned_picker(form: Any, turned: str, errors: list[str]) -> str:
    """The turned card's box as the card picker every card field uses (one card, the deck's suits × ranks)."""
    attrs = {"class": "form-control" + (" is-invalid" if errors else ""), "placeholder": _("e.g. 3C"),
             "aria-describedby": " ".join([*message_ids("id_turned_card", errors), "turned-hint"])}
    if errors:
        attrs["aria-invalid"] = "true"
    picker = CardPicker(form.game.deck_for(form.spec), attrs=attrs)
    return str(picker.render("turned_card", turned, {"id": "id_turned_card"}))

class ToruroPresenter(Presenter):
    record_template = "toruro/record.html"
    state_template = "toruro/state.html"
    stylesheet = "toruro/toruro.min.css"
    form_pays_debts = True  # the lulos paid before the deal
    folds = {"ledger": "toruro/state.html#ledger-body"}  # the ledger's players, drawn when it is opened

    def money_check(self, outcome: Mapping[str, Any], paid_in: int, taken_out: int) -> Mapping[str, Any] | None:
        """The deal's chips: what was in the pots when play started (the antes and lulos paid in included) less
        what was paid in, plus what was paid in, equals what was taken out plus what is left in the pots."""
        details = outcome.get("details") or {}
        at_start, pots = details.get("pots_at_start"), details.get("pots")
        if not isinstance(at_start, int) or not isinstance(pots, Mapping):
            return None
        after = sum(int(v) for v in pots.values())
        before = at_start - paid_in
        return {"before": before, "after": after, "ok": before >= 0 and before + paid_in == taken_out + after}

    def board(self, standings: Standings) -> Mapping[str, Any]:
        """What the table page draws: this deal (dealer, pots, payable lulos), the lulo list, the counts
        towards the free tenth, the per-player ledger and the night's conservation check, and, where the table's
        saved settle-up choice counts the open lulos, what settling up now pays in (a row per debtor) and the pots
        it then shares (``settling``, :mod:`scoring.on_table`: the score sheet's and the settle-up's figures).

        The check is the ledger's: the players' nets and the pots sum to zero. Beside it the page says it in
        chips moved: paid in (the dealers' antes, one per pot per deal played, and every lulo paid) = taken
        out (the pots won, counted from the deals' moves) + what lies in the pots."""
        st = standings
        table, spec = st.table, st.spec
        state: ToruroState = st.state  # type: ignore[assignment]
        ledger = state.ledger
        players = spec.players
        rows_all = [_lulo_row(line, table) for line in lulos.lulo_list(state, players)]
        if len(rows_all) > LONG_LIST:
            closed = [row for row in rows_all if row["status"] != "open"]
            keep = {row["id"] for row in closed[-SHOW_CLOSED:]}
            shown = [row for row in rows_all if row["status"] == "open" or row["id"] in keep]
            earlier = [row for row in closed if row["id"] not in keep]
        else:
            shown, earlier = rows_all, []

        # A night carried over from paper starts "under way" (one deal counted as played, so that its first
        # deal here is not "the first deal") with the chips then in the pots: neither was anted or paid here.
        paper = cast("ToruroState", st.game.state_from_json(table.carried)) if table.carried else None
        played = state.played - (paper.played if paper is not None else 0)
        from_paper = paper.ledger.pots_total() if paper is not None else 0
        antes = ANTE * len(POTS) * played
        lulos_paid = sum(debt.amount for debt in ledger.debts if debt.paid_deal is not None)
        paid_in = antes + lulos_paid + from_paper
        in_pots = ledger.pots_total()
        taken_out = state.chips.taken_out
        balanced = (ledger.conserved and state.totals == ledger.players
                    and paid_in == state.chips.paid_in + from_paper == taken_out + in_pots)
        owed = ledger.owed(spec.size)
        free_tenth = spec.options.free_tenth

        rows = []
        for seat, name in enumerate(players):
            count = state.lulo_counts[seat]
            next_free = (count // 10 + 1) * 10 if free_tenth else None
            net = ledger.players[seat]
            rows.append({
                "player": name, "net": net, "net_money": chips_money(net, table, signed=True),
                "owes": owed[seat], "owes_money": chips_money(owed[seat], table), "in_pots": state.pot_shares[seat],
                "count": count, "next_free": next_free,
                "next_is_free": next_free is not None and count + 1 == next_free,
            })

        over = lulos.night_over(spec, state)
        starting = {} if over else at_start(state)
        open_total = sum(owed.values())
        on_table = left_on_table(st)
        return {
            "over": over,
            "dealer": players[state.dealer],
            "first_to_speak": players[spec.after(state.dealer)],
            "first_deal": state.played == 0,
            "at_start": [(pot, starting[pot]) for pot in POTS] if starting else [],
            "at_start_total": starting.get("total", 0),
            "carried": in_pots,
            "pots": [(pot, ledger.pots[pot]) for pot in POTS],
            "payable": payable_groups(lulos.payable(spec, state), table),
            "per_deal": spec.options.lulos_per_deal,
            "lulos": shown,
            "earlier": earlier,
            "lulo_total": len(rows_all),
            "open_count": len(ledger.open_debts()),
            "open_total": open_total,
            "open_money": chips_money(open_total, table),
            "players": rows,
            "free_tenth": free_tenth,
            "antes": antes,
            "played": played,
            "from_paper": from_paper,
            "lulos_paid": lulos_paid,
            "paid_in": paid_in,
            "taken_out": taken_out,
            "in_pots": in_pots,
            "in_pots_money": chips_money(in_pots, table),
            "balanced": balanced,
            "ledger_line": services.translate(ledger.check_line()),
            "chip": chips_money(1, table),
            "settling": on_table if on_table is not None and on_table.paid_in else None,
        }

    def record(self, form: Any, table: Any, deal: Any = None,
               standings: Standings | None = None) -> Mapping[str, Any]:
        """The record form's pieces, in the order things happen at the table, each with the generic form's
        input names (``payments__0__lulo``, ``went``, ``tricks__1__player``, ``misplays__0__rule``...) and the
        value and messages the form has for it, so nothing typed is lost when the server refuses a deal.

        The payable lulos, the pots and who must go come from the state before this deal: the table's now, or
        the state before ``deal`` when editing it."""
        spec, game = form.spec, form.game
        state: ToruroState
        if getattr(deal, "number", None) is not None:
            state = services.state_before(table, deal.number, game, spec)  # type: ignore[assignment]
        elif getattr(standings, "state", None) is not None:  # a template passes "" for a missing st
            state = standings.state  # type: ignore[union-attr]
        else:
            state = services.standings(table).state  # type: ignore[assignment]
        options = spec.options
        speaking = [spec.players[spec.after(state.dealer, k)] for k in range(1, spec.size + 1)]
        over = lulos.night_over(spec, state)

        groups = payable_groups(lulos.payable(spec, state), table)
        per_deal = options.lulos_per_deal
        ids = {str(i) for group in groups for i in group["ids"]}
        payments = []
        rows_posted = form.row_counts.get("payments", 0)
        for i in range(rows_posted):
            value = str(_value(form, f"payments__{i}__lulo") or "").strip()
            split = [(pot, _value(form, f"payments__{i}__{pot}"), _errors(form, f"payments__{i}__{pot}"),
                      f"id_payments__{i}__{pot}") for pot in POTS]
            entered = bool(value) or any(v not in ("", None) for _p, v, _e, _id in split)
            if (i >= per_deal or not groups) and not entered:
                continue  # rows beyond the house rule, or with nothing to pay, only when something was entered
            stray = value and value not in ids
            # One choice per player and amount: row i offers that player's i-th lulo (two rows may pay two of
            # one player's lulos), or the one already chosen.
            choices = []
            for group in groups:
                chosen = value in map(str, group["ids"])  # as the buttons send it (never int() of 5,000 digits)
                lulo_id = int(value) if chosen else group["ids"][min(i, len(group["ids"]) - 1)]
                choices.append({**group, "id": lulo_id, "more": len(group["ids"]) - 1})
            # A lulo no longer offered, kept: whose it is, and why it cannot be paid beside it (unless the form's
            # own check says it already).
            lulo_errors = _errors(form, f"payments__{i}__lulo")
            stray_player, why = stray_lulo(value, state, spec.players) if stray else ("", "")
            if why and not lulo_errors and not _errors(form, "payments"):
                lulo_errors = [why]
            payments.append({
                "index": i, "value": value, "stray": value if stray else "", "stray_player": stray_player,
                "eid": f"id_payments__{i}__lulo", "lulo_errors": lulo_errors, "split": split, "choices": choices,
            })
        pots = dict.fromkeys((*POTS, "total"), 0) if over else at_start(state)

        went_value = [str(v) for v in (_value(form, "went") or [])]
        forced_first = going.everyone_goes_from_the_start(spec, state.played == 0)  # as the card-by-card form
        if forced_first and not form.is_bound and not went_value:
            went_value = list(spec.players)

        tricks = []
        for i, pot in enumerate(POTS):
            tricks.append({"index": i, "pot": pot, "chips": pots[pot], "eid": f"id_tricks__{i}",
                           "value": str(_value(form, f"tricks__{i}__player") or ""),
                           "errors": _errors(form, f"tricks__{i}__player")})

        misplays: list[dict[str, Any]] = []
        for i in range(form.row_counts.get("misplays", 0)):
            misplays.append({"index": i, "eid": f"id_misplays__{i}",
                             "player": str(_value(form, f"misplays__{i}__player") or ""),
                             "rule": str(_value(form, f"misplays__{i}__rule") or ""),
                             "errors": _errors(form, f"misplays__{i}__player")
                             + _errors(form, f"misplays__{i}__rule")})
        # The rows up to the last one filled in, and SPARE_MISPLAYS empty ones (toruro.js adds more as they fill).
        misplays_max = len(misplays)
        last = max((m["index"] for m in misplays if m["player"] or m["rule"] or m["errors"]), default=-1)
        misplays = misplays[:last + 1 + SPARE_MISPLAYS]
        misplays_open = any(m["player"] or m["rule"] or m["errors"] for m in misplays) or bool(
            _errors(form, "misplays"))

        turned = str(_value(form, "turned_card") or "").strip().upper()
        return {
            "over": over and getattr(deal, "number", None) is None,
            "dealer": spec.players[state.dealer],
            "speaking": speaking,
            "payable": groups,
            "per_deal": per_deal,
            "payments": payments,
            "payments_errors": _errors(form, "payments"),
            "pots": [(pot, pots[pot]) for pot in POTS],
            "pots_total": pots["total"],
            "turned": turned,
            "turned_picker": turned_picker(form, turned, _errors(form, "turned_card")),
            "turned_errors": _errors(form, "turned_card"),
            "seven_ranks": " ".join(sorted(SEVEN_STANDS_IN_FOR)),
            "went": went_value,
            "went_errors": _errors(form, "went"),
            "forced_first": forced_first,
            "ace_all_go": options.trump_ace_all_go,
            "tricks": tricks,
            "tricks_errors": _errors(form, "tricks"),
            "misplays": misplays,
            "misplays_errors": _errors(form, "misplays"),
            "misplays_open": misplays_open,
            "misplays_max": misplays_max,
            "rules": [(key, services.translate(RULE_NAMES[key])) for key in MISPLAY_RULES],
            "void": bool(_value(form, "void")),
            "void_errors": _errors(form, "void"),
            "chip": chips_money(1, table),
        }

    def closing_notes(self, standings: Standings) -> tuple[str, ...]:
        """What becomes of the open lulos and of the chips in the pots when the night closes on ``standings``
        (someone joins or leaves, :mod:`scoring.seating`): the closed night keeps them, as it stands — no deal is
        played in it again — and the new one starts with empty pots and no lulo; settling the closed night up (on
        its own, :meth:`games.toruro.rules.Toruro.balances`) lets the open lulos off and gives the chips in the
        pots back to who put them, unless its settle-up counts the lulos still owed: then every open lulo is
        paid and all the chips on the table are shared equally."""
        state: ToruroState = standings.state  # type: ignore[assignment]
        ledger = state.ledger
        owed = [debt.amount for debt in ledger.open_debts()]
        in_pots = ledger.pots_total()
        notes = []
        if owed:
            notes.append(ngettext(
                "%(n)s lulo is still owed (%(chips)s chips): it is not carried into the new game. Settling this "
                "game up lets it off, unless you choose there to count the lulos still owed: then it is paid and "
                "the chips on the table are shared equally.",
                "%(n)s lulos are still owed (%(chips)s chips): they are not carried into the new game. Settling "
                "this game up lets them off, unless you choose there to count the lulos still owed: then they are "
                "paid and the chips on the table are shared equally.", len(owed)) % {"n": len(owed),
                                                                                   "chips": sum(owed)})
        if in_pots:
            notes.append(ngettext(
                "%(n)s chip lies in the pots: the new game starts with empty pots. Settling this game up gives it "
                "back to whoever put it there (shared equally if you count the lulos still owed).",
                "%(n)s chips lie in the pots: the new game starts with empty pots. Settling this game up gives "
                "them back to whoever put them there (shared equally if you count the lulos still owed).",
                in_pots) % {"n": in_pots})
        return tuple(notes)


PRESENTER = ToruroPresenter()
