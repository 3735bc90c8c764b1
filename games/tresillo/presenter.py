"""What the Tresillo and L'Ombre pages show beyond the generic ones: beside the standings, this deal (who deals
and sits out, the situation and the amount in play, or the stakes), the Reserved Puesta sheet and the ledger
with its check; and the record form in a few taps (the Hombre, the bid or the passes and cards taken in, three
trick steppers, the extras), each input with the generic form's name and its messages beside it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext, ngettext

from games.tresillo.family import HombreGame
from games.tresillo.ombre import STAKES
from games.tresillo.options import SITTING_OUT
from games.tresillo.record import BIDS, PASS
from games.tresillo.tresillo import (
    MIDDLE,
    PIECE,
    PLATO,
    RESERVED,
    SAID_WORDS,
    SITUATION_WORDS,
    highest_debt,
    sheet,
    situation_of,
)
from referee.text import _
from scoring import services
from scoring.on_table import left_on_table
from scoring.presenters import Presenter
from scoring.templatetags.ledger import chips_money

if TYPE_CHECKING:
    from scoring.services import Standings


def _value(form: Any, name: str) -> Any:
    bound = form.bound_field(name)
    if bound is None:
        return ""
    value = bound.value()
    return "" if value is None else value


def _errors(form: Any, name: str) -> list[str]:
    bound = form.bound_field(name)
    return list(bound.errors) if bound is not None else []


BID_ROWS = 6  # rows for the bidding on the phone form (more come back if more were posted)


def collect_notes(ledger: Any, names: tuple[str, ...], equal_debts: str) -> dict[int, dict[str, str]]:
    """What the sheet says beside the open debt a sacado collects, by line: ``collects`` (the highest; the
    first written of equal ones), or under the house rule ``own``, with equal highest debts of several players,
    ``unless`` beside the first (another player's sacado collects it) and ``own`` beside the first of each
    other player's (his own sacado crosses that one out instead).

    >>> from referee.ledger import Ledger
    >>> from referee.text import _
    >>> ledger, _d = Ledger.open(3).owe(2, 21, _("r"), deal=1)
    >>> ledger, _d = ledger.owe(1, 21, _("r"), deal=2)
    >>> collect_notes(ledger, ("Ana", "Bea", "Carl"), "oldest")
    {1: {'note': 'collects'}}
    >>> collect_notes(ledger, ("Ana", "Bea", "Carl"), "own")
    {1: {'note': 'unless'}, 2: {'note': 'own', 'player': 'Bea'}}
    """
    debts = ledger.open_debts()
    if not debts:
        return {}
    first = highest_debt(ledger, -1, equal_debts)
    notes: dict[int, dict[str, str]] = {first.id: {"note": "collects"}}
    if equal_debts == "own":
        seen = {first.debtor}
        for debt in debts:
            if debt.amount == first.amount and debt.debtor not in seen:
                seen.add(debt.debtor)
                notes[debt.id] = {"note": "own", "player": names[debt.debtor]}
        if len(seen) > 1:
            notes[first.id] = {"note": "unless"}
    return notes


def next_amount(state: Any) -> dict[str, int | str]:
    """The plato after the next top-up and the amount in play (Tresillo), as the next deal will find them."""
    ledger = state.ledger
    situation = situation_of(ledger)
    plato = ledger.pots[PLATO] + (PIECE + 1 if ledger.pots[PLATO] == 0 else 1)
    if situation == RESERVED:
        top = max(d.amount for d in ledger.open_debts())
        return {"plato": plato, "amount": top + plato, "situation": situation, "debt": top}
    return {"plato": plato, "amount": plato + 4, "situation": situation, "debt": 0}


class HombrePresenter(Presenter):
    record_template = "tresillo/record.html"
    state_template = "tresillo/state.html"
    stylesheet = "tresillo/tresillo.min.css"
    says_who_deals = True  # this deal's box: who deals, who speaks first, who sits out

    def __init__(self, slug: str):
        self.slug = slug
        self.pot_names = ({PLATO: _("Plato"), MIDDLE: _("Middle pool")} if slug == "tresillo"
                          else {STAKES: _("Stakes")})
        # what the history's check says the tantos lie in: a Tresillo table says plato and middle, not pots
        self.money_place = _("The plato and the middle pool") if slug == "tresillo" else _("The stakes")

    def money_check(self, outcome: Mapping[str, Any], paid_in: int, taken_out: int) -> Mapping[str, Any] | None:
        """The deal's tantos (counters): what lay in the plato and the middle pool (the stakes) before it, plus
        what was paid in, equals what was taken out plus what lies there after it. (Deals recorded before the
        outcome said what lay there before have no check.)"""
        details = outcome.get("details") or {}
        before = details.get("pots_before")
        after = [details.get(pot) for pot in self.pot_names]
        if not isinstance(before, int) or not all(isinstance(value, int) for value in after):
            return None
        return {"before": before, "after": sum(after), "ok": before + paid_in == taken_out + sum(after),
                "where": services.translate(self.money_place)}

    def void_said(self, record: Mapping[str, Any]) -> str:
        """A Tresillo deal all three passed (its bidding passes only) is written so, not as a bare "void"."""
        bids = record.get("bids") or []
        if bids and all(isinstance(row, Mapping) and row.get("bid") == PASS for row in bids):
            return gettext("all passed")
        return ""

    def closing_notes(self, standings: Standings) -> Sequence[str]:
        """What the game leaves on the table when the players change (:mod:`scoring.seating`): the open reserved
        puestas (Tresillo) stay with it, left out of its settle-up unless counted there, and what lies in the
        plato and the middle pool, or in the stakes, is shared out by its settle-up as it says (the new game
        starts with an empty table)."""
        game, spec, state = standings.game, standings.spec, standings.state
        assert isinstance(game, HombreGame)
        notes = []
        owed = [debt.amount for debt in state.ledger.open_debts()]  # type: ignore[attr-defined]
        if owed:
            notes.append(ngettext(
                "%(n)s reserved puesta is still open (%(tantos)s tantos): it is not carried into the new game. "
                "Settling this game up leaves it out, unless you choose there to count the open reserved puestas.",
                "%(n)s reserved puestas are still open (%(tantos)s tantos): they are not carried into the new game. "
                "Settling this game up leaves them out, unless you choose there to count the open reserved puestas.",
                len(owed)) % {"n": len(owed), "tantos": sum(owed)})
        for note in game.settle_notes(spec, state):
            notes.append(gettext("The new game starts with an empty table; settling this game up shares out what "
                                 "lies on it. %(note)s") % {"note": services.translate(note)})
        return notes

    def board(self, standings: Standings) -> Mapping[str, Any]:
        st = standings
        table, spec, game = st.table, st.spec, st.game
        assert isinstance(game, HombreGame)
        state: Any = st.state
        ledger = state.ledger
        names = spec.players
        active = game.active_players(spec, state)
        players = [{"name": name, "net": ledger.players[seat], "money": chips_money(ledger.players[seat], table,
                                                                                    signed=True),
                    "owes": sum(d.amount for d in ledger.open_debts() if d.debtor == seat)}
                   for seat, name in enumerate(names)]
        board: dict[str, Any] = {
            "game": self.slug,
            "dealer": names[state.dealer],
            "eldest": names[game.speaking_order(spec, state)[0]],
            "sits_out": [names[s] for s in range(spec.size) if s not in active],
            "players": players,
            "sitting_out_rule": (services.translate(dict(SITTING_OUT)[spec.options.sitting_out])
                                 if spec.size == 4 else None),
            "players_sum": sum(ledger.players),
            "conserved": ledger.conserved and state.totals == ledger.players,
            "unit": chips_money(1, table),
            "on_table": left_on_table(st),  # what the nets leave out, and how settling up now shares it
        }
        if self.slug == "tresillo":
            coming = next_amount(state)
            notes = collect_notes(ledger, names, spec.options.equal_debts)
            lines = [{**line.to_json(), "note": notes.get(line.id)} for line in sheet(state, names)]
            board.update({
                "situation": services.translate(SITUATION_WORDS[str(coming["situation"])]),
                "reserved": coming["situation"] == RESERVED,
                "coming": coming,
                "plato": ledger.pots[PLATO], "middle": ledger.pots[MIDDLE],
                "funding": ledger.pots[PLATO] == 0 and ledger.pots[MIDDLE] < PIECE,  # 5 each before the top-up
                "sheet": lines, "open_count": sum(1 for line in lines if line["crossed"] is None),
                "open_total": sum(d.amount for d in ledger.open_debts()),
                "open_money": chips_money(sum(d.amount for d in ledger.open_debts()), table),
            })

        else:
            stakes = ledger.pots[STAKES]
            board.update({"stakes": stakes, "stakes_money": chips_money(stakes, table)})
        return board

    def record(self, form: Any, table: Any, deal: Any = None,
               standings: Standings | None = None) -> Mapping[str, Any]:
        spec, game = form.spec, form.game
        assert isinstance(game, HombreGame)
        state: Any
        if getattr(deal, "number", None) is not None:
            state = services.state_before(table, deal.number, game, spec)
        elif getattr(standings, "state", None) is not None:
            state = standings.state  # type: ignore[union-attr]
        else:
            state = services.standings(table).state
        names = spec.players
        order = [names[s] for s in game.speaking_order(spec, state)]
        posted: dict[str, str] = {}
        for i in range(form.row_counts.get("tricks", 0)):
            who = str(_value(form, f"tricks__{i}__player"))
            if who:
                posted[who] = str(_value(form, f"tricks__{i}__tricks"))
        row_errors = [e for i in range(form.row_counts.get("tricks", 0))
                      for e in _errors(form, f"tricks__{i}__tricks") + _errors(form, f"tricks__{i}__player")]
        tricks = [{"index": i, "player": name, "value": posted.get(name, ""), "eid": f"id_tricks__{i}__tricks"}
                  for i, name in enumerate(order)]
        passed = [str(v) for v in (_value(form, "passed") or [])]
        bid_rows = max(BID_ROWS, form.row_counts.get("bids", 0))
        bids = [{"index": i, "player": str(_value(form, f"bids__{i}__player")),
                 "bid": str(_value(form, f"bids__{i}__bid"))} for i in range(bid_rows)]
        bids_errors = _errors(form, "bids") + [e for i in range(form.row_counts.get("bids", 0))
                                               for e in _errors(form, f"bids__{i}__player") +
                                               _errors(form, f"bids__{i}__bid")]
        context: dict[str, Any] = {
            "game": self.slug,
            "dealer": names[state.dealer],
            "order": order,
            "sits_out": [n for n in names if n not in order],
            "hombre": str(_value(form, "hombre")),
            "bid": str(_value(form, "bid") or "juego"),
            "tricks": tricks,
            "tricks_errors": _errors(form, "tricks") + row_errors,
            "passed": passed,
            "taken_in": str(_value(form, "taken_in")),
            "matadors": str(_value(form, "matadors") or "0"),
            "first_five": str(_value(form, "first_five")),
            "matador_choices": ["0", "3", "4", "5", "6", "7", "8", "9"],
            "bids": bids,
            "bids_errors": bids_errors,
            "bids_given": any(row["bid"] or row["player"] for row in bids),
            "bid_choices": [(value, services.translate(SAID_WORDS[value])) for value in (*BIDS, PASS)],
        }
        for name in ("hombre", "bid", "passed", "taken_in", "matadors", "first_five", "voll", "estuche",
                     "primeras", "bola", "void", "dealer"):
            context[f"{name}_errors"] = _errors(form, name)
        for name in ("voll", "estuche", "primeras", "bola", "void"):
            context[name] = bool(_value(form, name))
        if self.slug == "tresillo":
            context["coming"] = next_amount(state)
            context["situation"] = services.translate(SITUATION_WORDS[str(context["coming"]["situation"])])
        else:
            context["stakes"] = state.ledger.pots[STAKES]
        return context


PRESENTERS = {"tresillo": HombrePresenter("tresillo"), "ombre": HombrePresenter("ombre")}
