"""Tresillo (seed 003, "Game Evolution – Tresillo"; RULINGS.md "Tresillo"): tantos, the plato and the middle
pool, the three situations, and the Reserved Puesta sheet, kept to the last tanto.

Every tanto moves through the ledger (:class:`referee.ledger.Ledger`: the players, the ``plato`` and the
``middle`` pool), which checks after each move that players + plato + middle = 0. The Reserved Puesta sheet is
the ledger's debts: written at a deal, crossed out (``paid_deal``) when a sacado collects it.

>>> table = TRESILLO.table(["Ana", "Bea", "Carl"])
>>> state, outcome = TRESILLO.apply(table, TRESILLO.initial_state(table),
...                                 {"hombre": "Bea", "bid": "juego", "tricks": {"Ana": 2, "Bea": 5}})
>>> outcome.scores, dict(state.ledger.pots)   # first puesta: plato 5 + 1 = 6 to Bea, 1 from each
((-7, 3, -6), {'plato': 0, 'middle': 10})

Readings where the seed and RULINGS.md leave a choice (house rules are options, marked *; the others are
stated on the rules page, "Tapete's readings"):

- * ``equal_debts``: of two open debts equally the highest, a sacado collects the one written first (or the
  Hombre's own, if the table chooses).
- * ``sitting_out``: at a table of four the dealer who sits out pays and collects nothing but his tanto to the
  plato (or, if the table chooses, pays and collects like an opponent: a sacado's tanto and the bonuses).
- At a table of four, "each player" who funds the middle pool is every player at the table, the one sitting
  out included; the dealer who sits out still tops up the plato.
- A void deal (a misdeal, or a bidding all three passed) moves nothing: no top-up, no payment; the deal
  passes on.
- Settling up shares the plato and the middle pool equally among all the players (odd tantos one each from the
  player after the dealer), with or without the open reserved puestas paid into the plato first.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.game import Field, Option, Outcome, Ruling, State, TableSpec
from referee.ledger import Books, Debt, Ledger, Move
from referee.parse import Errors
from referee.played import PlayedDeal
from referee.text import Text, _, join, ngettext, signed
from referee.values import Seat, Values

from .bid_referee import TRESILLO_EXAMPLES, TRESILLO_RULING_FIELDS, tresillo_bidding_ruling
from .bidding import BID_WORDS, SAID_WORDS, check_bidding, hombre_of_bids
from .family import CODILLO, SACADO, HombreGame, result
from .options import TRESILLO_SETTLE, TresilloOptions
from .play import EXAMPLES
from .record import BIDS, MOST_CARDS, PASS, HombrePlays, TresilloRecord, parse_tresillo
from .rules_text import RULE_BIDS, RULE_BONUSES, TRESILLO_RULES

Table = TableSpec[TresilloOptions]
PLATO, MIDDLE = "plato", "middle"
PIECE = 5  # the 5-tanto piece each player puts in the middle
TRICKS_ALL = 9
FIRST, IN_PLATO, RESERVED = "first", "plato", "reserved"
SITUATION_WORDS: dict[str, Text] = {FIRST: _("first puesta"), IN_PLATO: _("puesta in the plato"),
                                    RESERVED: _("reserved puesta")}
BID_BONUS = {"juego": 0, "vuelta": 1, "solo": 2}
BONUS = {"estuche": 1, "primeras": 1, "bola": 8}
BONUS_WORDS: dict[str, Text] = {"vuelta": _("vuelta"), "solo": _("solo"), "estuche": _("estuche"),
                                "primeras": _("primeras"), "bola": _("bola")}


@dataclass(frozen=True, kw_only=True)
class TresilloState(State):
    """``totals`` are the players' nets (the ledger's balances); ``played`` counts deals played (not void)."""

    ledger: Ledger
    played: int = 0


@dataclass(frozen=True)
class SheetLine(Values):
    """A line of the Reserved Puesta sheet: who, how much, written at which deal, crossed out at which."""

    id: int
    player: str
    amount: int
    deal: int
    crossed: int | None = None

    @property
    def open(self) -> bool:
        return self.crossed is None


def sheet(state: TresilloState, players: tuple[str, ...]) -> tuple[SheetLine, ...]:
    return tuple(SheetLine(d.id, players[d.debtor], d.amount, d.deal, d.paid_deal) for d in state.ledger.debts)


@dataclass(frozen=True)
class TresilloDetails(Values):
    """What a deal did beyond the nets: the situation, the result, the amount in play, the winning opponent
    (codillo), the bonuses, the plato, middle pool and sheet after it, and the plato and middle before it (the
    deal's own check in the history)."""

    situation: str
    result: str
    amount_in_play: int
    plato: int
    middle: int
    sheet: tuple[SheetLine, ...]
    winner: str | None = None
    bonus: int = 0
    pots_before: int | None = None


def situation_of(ledger: Ledger) -> str:
    """Judged before the dealer's top-up: an open debt, else an empty plato, else tantos in it."""
    if ledger.open_debts():
        return RESERVED
    return FIRST if ledger.pots[PLATO] == 0 else IN_PLATO


def highest_debt(ledger: Ledger, hombre: int, equal_debts: str) -> Debt:
    debts = ledger.open_debts()
    top = max(d.amount for d in debts)
    equal = [d for d in debts if d.amount == top]
    if equal_debts == "own":
        own = [d for d in equal if d.debtor == hombre]
        if own:
            return own[0]
    return equal[0]


class Tresillo(HombreGame[TresilloOptions, TresilloRecord, TresilloState]):
    slug = "tresillo"
    name = "Tresillo"
    stake_unit = _("tanto")
    stake_units = _("Tantos")
    options_type = TresilloOptions
    record_type = TresilloRecord
    state_type = TresilloState
    rules = TRESILLO_RULES
    settle_options: tuple[Option, ...] = TRESILLO_SETTLE
    card_by_card = True  # a deal may be entered card by card (play_fields, played_deal, record_from_plays)
    ruling_fields = TRESILLO_RULING_FIELDS
    examples = (*EXAMPLES, *TRESILLO_EXAMPLES)

    def bidding_ruling(self, table: Table, situation: Mapping[str, Any]) -> Ruling:
        """May this player bid this (or pass) now, who speaks, who is the Hombre (:mod:`.bid_referee`)."""
        return tresillo_bidding_ruling(self, table, situation)

    def record_fields(self, table: Table) -> tuple[Field, ...]:
        players = tuple((p, Text(p)) for p in table.players)
        return (
            Field("hombre", _("Hombre"), "player", required=False, choices=players,
                  help=_("Or give the bidding: it makes the Hombre.")),
            Field("bid", _("Bid"), "choice", required=False, choices=tuple((b, BID_WORDS[b]) for b in BIDS),
                  default="juego", help=_("Or give the bidding: it makes the bid.")),
            Field("tricks", _("Tricks"), "list", help=_("Nine in all: leave one blank and it is worked out."),
                  fields=(Field("player", _("Player"), "player", choices=players),
                          Field("tricks", _("Tricks"), "int", minimum=0, maximum=9))),
            Field("estuche", _("Estuche (the three matadors)"), "bool", required=False, default=False),
            Field("primeras", _("Primeras (first five tricks, then stopped)"), "bool", required=False,
                  default=False),
            Field("bola", _("Bola (all nine tricks)"), "bool", required=False, default=False),
            Field("bids", _("The bidding, in the order of speaking (optional)"), "list", required=False,
                  help=_("Each player's bid or pass from the eldest round the table: it makes (or checks) the "
                         "Hombre and the bid. The highest bid wins; of equal bids, the last to give it."),
                  fields=(Field("player", _("Player"), "player", choices=players),
                          Field("bid", _("Bid or pass"), "choice",
                                choices=tuple((b, SAID_WORDS[b]) for b in (*BIDS, PASS))))),
            Field("dealer", _("Dealer"), "player", required=False, choices=players,
                  help=_("Tapete knows who deals: give it only to check it.")),
            Field("void", _("Void deal (misdeal): nothing is paid"), "bool", required=False, default=False),
        )

    def example_records(self, table: Table) -> tuple[Mapping[str, Any], ...]:
        """A night's first deals from the start, as a phone sends them (the players dealt in from the eldest:
        a, b, c): a first puesta won (sacado); a vuelta lost to a codillo in a first puesta (paid into the
        plato); a repuesto with tantos in the plato (a debt on the sheet); a solo sacado with estuche in the
        reserved puesta, which collects that debt, its bidding given (two solos: the last to give it wins); a
        misdeal."""
        state = self.initial_state(table)
        deals: list[Mapping[str, Any]] = []
        plans = (
            lambda a, b, c: {"hombre": a, "bid": "juego", "tricks": [{"player": a, "tricks": 5},
                                                                     {"player": b, "tricks": 2},
                                                                     {"player": c}]},
            lambda a, b, c: {"hombre": b, "bid": "vuelta", "tricks": {a: 5, b: 3, c: 1}},
            lambda a, b, c: {"hombre": c, "bid": "juego", "tricks": {a: 4, b: 1, c: 4}, "dealer": None},
            lambda a, b, c: {"bids": [{"player": a, "bid": "juego"}, {"player": b, "bid": "solo"},
                                      {"player": c, "bid": "pass"}, {"player": a, "bid": "solo"},
                                      {"player": b, "bid": "pass"}],
                             "tricks": {a: 6, b: 2, c: 1}, "estuche": True},
            lambda a, b, c: {"void": True},
        )
        for plan in plans:
            a, b, c = (table.players[s] for s in self.speaking_order(table, state))
            raw = {k: v for k, v in plan(a, b, c).items() if v is not None}
            deals.append(raw)
            state, _outcome = self.apply(table, state, raw)
        return tuple(deals)

    def record_from_tricks(self, table: Table, contract: Mapping[str, Any], deal: PlayedDeal) -> TresilloRecord:
        """A deal played card by card as its record: the contract as sent, the rest from the cards
        (:mod:`games.tresillo.cards`); :class:`~referee.parse.InvalidRecord` with a message per field."""
        from .cards import derive_tresillo, tresillo_contract

        return derive_tresillo(table, tresillo_contract(table, contract), deal).record

    # -- a deal entered card by card (the app's card-by-card entry and the API) ---------------------------------
    def play_fields(self, table: Table) -> tuple[Field, ...]:
        """What is said before the first card: the Hombre and the bid (or the bidding), the trump suit, and the
        estuche only for a deal stopped after five tricks with a matador left unplayed (else the cards say it).
        The tricks, primeras and bola are the cards'."""
        from .cards import TRUMP_FIELD

        fields = {f.name: f for f in self.record_fields(table)}
        estuche = Field("estuche", _("Estuche, if the Hombre stops after five tricks with a matador not played"),
                        "bool", required=False, default=False, help=_("Otherwise the cards say it."))
        return fields["hombre"], fields["bid"], TRUMP_FIELD, estuche, fields["bids"]

    def played_deal(self, table: Table, contract: Mapping[str, Any], first_leader: Seat) -> PlayedDeal:
        """A deal about to be played card by card under ``contract`` (as :meth:`play_fields` ask it), the
        bidding checked if given: :class:`~referee.parse.InvalidRecord` with a message per field.

        >>> table = TRESILLO.table(["Ana", "Bea", "Carl"], first_dealer=2)
        >>> deal = TRESILLO.played_deal(table, {"hombre": "Bea", "bid": "juego", "trump": "O"}, table.seat(0))
        >>> deal.next_seat.name, deal.context.trump, deal.tricks_in_deal
        ('Ana', 'O', 9)
        """
        return self._deal(table, contract, first_leader)[1]

    def _deal(self, table: Table, contract: Mapping[str, Any],
              first_leader: Seat) -> tuple[TresilloRecord, PlayedDeal, str]:
        from .cards import contract_deal, read_contract, tresillo_contract

        record, trump = read_contract(tresillo_contract, table, contract)
        deal = contract_deal(table, record, trump, first_leader, ombre=False)
        errors = Errors()
        dealer = table.after(deal.seats[0].index, -1)
        self._check_bids(table, dataclasses.replace(self.initial_state(table), dealer=dealer), record, errors)
        errors.raise_if_any()
        return record, deal, trump

    def _derived(self, table: Table, record: TresilloRecord, deal: PlayedDeal,
                 trump: str) -> tuple[TresilloRecord, tuple[Text, ...]]:
        """Each player's tricks, primeras, estuche and bola, from the cards."""
        from .cards import derive_tresillo, tresillo_lines

        found = derive_tresillo(table, record, deal)
        return found.record, tresillo_lines(record, found, trump)

    def _contract_of(self, table: Table, record: TresilloRecord, plays: HombrePlays) -> dict[str, Any]:
        assert record.hombre is not None
        names = table.players
        contract: dict[str, Any] = {"hombre": names[record.hombre.index], "bid": record.bid, "trump": plays.trump}
        if record.bids:
            contract["bids"] = [{"player": names[b.player.index], "bid": b.bid} for b in record.bids]
        if record.estuche and len(plays.cards) < MOST_CARDS:  # the cards did not all say it
            contract["estuche"] = True
        return contract

    def parse(self, table: Table, raw: Mapping[str, Any]) -> TresilloRecord:
        return parse_tresillo(table.players, raw)

    def initial_state(self, table: Table) -> TresilloState:
        return TresilloState(totals=(0,) * table.size, dealer=table.first_dealer,
                             ledger=Ledger.open(table.size, (PLATO, MIDDLE)))

    def carried_fields(self, table: Table) -> tuple[Field, ...]:
        from .carry import tresillo_fields  # carry reads this module's pots

        return tresillo_fields(table)

    def carry_over(self, table: Table, raw: Mapping[str, Any]) -> TresilloState:
        """The nets, plato, middle pool and open sheet lines of a night under way (:mod:`.carry`)."""
        from .carry import tresillo_carry

        return tresillo_carry(table, raw, self.initial_state(table))

    def complete(self, table: Table, state: TresilloState, record: TresilloRecord) -> TresilloRecord:
        """The tricks completed (see the family's); the Hombre and the bid worked out from the bidding when
        left out; bola (all nine tricks) ticked when the Hombre took nine."""
        record = super().complete(table, state, record)
        if record.void:
            return record
        won = hombre_of_bids(record.bids)
        if won is not None:
            seat, bid = won
            if record.hombre is None:
                record = dataclasses.replace(record, hombre=table.seat(seat))
            if not record.bid:
                record = dataclasses.replace(record, bid=bid)
        if record.hombre is not None and not record.bola and not record.primeras:
            if record.counts(table.size)[record.hombre.index] == TRICKS_ALL:
                record = dataclasses.replace(record, bola=True)
        return record

    # -- the rules a record may break -------------------------------------------------------------------------
    def check(self, table: Table, state: TresilloState, record: TresilloRecord) -> None:
        errors = Errors()
        self._check_bids(table, state, record, errors)
        self.check_common(table, state, record, errors)
        if record.void:
            errors.raise_if_any()
            return
        if "tricks" not in errors and record.hombre is not None:
            won = self.tricks_of(table, state, record).get(record.hombre.index, 0)
            if record.primeras and record.bola:
                errors.add("bola", _("Primeras (the Hombre stopped after five) and bola (all nine) cannot both be."),
                           rule=RULE_BONUSES)
            elif record.primeras and won != 5:
                errors.add("primeras", _("Primeras: the Hombre won the first five tricks and stopped, so is "
                                         "recorded with 5 (not %(n)s); the four unplayed go to the opponents.",
                                         n=won), rule=RULE_BONUSES)
            elif record.bola and won != 9:
                errors.add("bola", _("Bola is all nine tricks: the Hombre has %(n)s.", n=won), rule=RULE_BONUSES)
            if record.estuche and won < 3:
                errors.add("estuche", _("Estuche needs at least three tricks for the Hombre (each matador wins "
                                        "its own): he has %(n)s.", n=won), rule=RULE_BONUSES)
        errors.raise_if_any()

    def _check_bids(self, table: Table, state: TresilloState, record: TresilloRecord, errors: Errors) -> None:
        """The bidding, if given, as :func:`~games.tresillo.bidding.check_bidding` reads it (from the eldest round
        the table, a player who passed speaks no more, no bid below the highest so far, over when a bid is made
        and two have passed); it must agree with the Hombre and the bid recorded."""
        if not record.bids:
            return
        names = table.players
        auction = check_bidding(names, self.speaking_order(table, state), record.bids, errors)
        won = auction.hombre if auction is not None else None
        if won is None:
            return
        seat, bid = won
        if record.hombre is not None and record.hombre.index != seat:
            errors.add("hombre", _("The bidding makes %(name)s the Hombre (the highest bid, %(bid)s; of equal bids "
                                   "the last to give it), not %(given)s.", name=names[seat], bid=BID_WORDS[bid],
                                   given=record.hombre.name), rule=RULE_BIDS)
        elif record.bid != bid:
            errors.add("bid", _("The bidding ends at %(bid)s, not %(given)s.", bid=BID_WORDS[bid],
                                given=BID_WORDS.get(record.bid, record.bid)), rule=RULE_BIDS)

    # -- scoring ----------------------------------------------------------------------------------------------
    def score(self, table: Table, state: TresilloState,
              record: TresilloRecord) -> tuple[TresilloState, Outcome]:
        assert record.hombre is not None
        names = table.players
        deal_no = state.deals + 1
        dealer = state.dealer
        hombre = record.hombre.index
        books = Books(state.ledger)
        tricks = self.tricks_of(table, state, record)
        opponents = {seat: n for seat, n in tricks.items() if seat != hombre}
        each = self.each_opponent(table, state, hombre)
        lines: list[Text] = []

        situation = situation_of(state.ledger)
        lines.append(_("Deal %(n)s, dealt by %(dealer)s: %(situation)s.", n=deal_no, dealer=names[dealer],
                       situation=SITUATION_WORDS[situation]))
        if record.bids:
            said = join([Text("%(p)s %(b)s", {"p": bid.player.name, "b": SAID_WORDS[bid.bid]})
                         for bid in record.bids])
            lines.append(_("Bidding: %(said)s. %(hombre)s is the Hombre at %(bid)s (the highest bid; of equal "
                           "bids, the last to give it).", said=said, hombre=names[hombre],
                           bid=BID_WORDS[record.bid]))
        lines += self.sharing_line(table, state)
        # The dealer's top-up.
        if books.ledger.pots[PLATO] == 0:
            if books.ledger.pots[MIDDLE] < PIECE:
                for seat in range(table.size):
                    books.move(seat, MIDDLE, PIECE, _("A 5 into the middle pool"))
                lines.append(_("Before the first deal each player puts a 5 into the middle pool.")
                             if state.played == 0 and not state.ledger.pots[MIDDLE] else
                             _("The middle pool is empty: each player puts another 5 into it."))
            books.move(MIDDLE, PLATO, PIECE, _("A 5 from the middle into the plato"))
            books.move(dealer, PLATO, 1, _("The dealer's tanto"))
            lines.append(_("The plato is empty: %(dealer)s moves a 5 from the middle and adds 1.",
                           dealer=names[dealer]))
        else:
            books.move(dealer, PLATO, 1, _("The dealer's tanto"))
            lines.append(_("%(dealer)s adds 1 to the plato.", dealer=names[dealer]))
        plato = books.ledger.pots[PLATO]

        debt: Debt | None = None
        if situation == RESERVED:
            debt = highest_debt(books.ledger, hombre, table.options.equal_debts)
            amount = debt.amount + plato
            lines.append(_("Amount in play: the highest debt on the sheet (%(debt)s, %(owner)s's) + the plato "
                           "%(plato)s = %(amount)s.", debt=debt.amount, owner=names[debt.debtor], plato=plato,
                           amount=amount))
        else:
            amount = plato + 4
            lines.append(_("Amount in play: the plato %(plato)s + 4 = %(amount)s.", plato=plato, amount=amount))

        outcome, winner = result(tricks[hombre], opponents)
        lines.append(self.tricks_line(table, tricks, hombre))
        hombre_name = names[hombre]
        if outcome == SACADO:
            lines.append(_("Sacado: %(hombre)s takes the plato, %(plato)s.", hombre=hombre_name, plato=plato))
            books.move(PLATO, hombre, plato, _("The plato"))
            if debt is not None:
                if debt.debtor == hombre:
                    lines.append(_("The highest debt, %(amount)s, is %(hombre)s's own: crossed out, nothing paid.",
                                   amount=debt.amount, hombre=hombre_name))
                else:
                    books.move(debt.debtor, hombre, debt.amount, _("Reserved puesta collected"))
                    lines.append(_("%(owner)s pays the highest debt, %(amount)s, to %(hombre)s: crossed out.",
                                   owner=names[debt.debtor], amount=debt.amount, hombre=hombre_name))
                books.ledger = books.ledger.paid(debt.id, deal=deal_no)
            else:
                for seat in each:
                    books.move(seat, hombre, 1, _("1 from each opponent"))
                lines.append(_("Each opponent pays 1 to %(hombre)s.", hombre=hombre_name))
        else:
            if outcome == CODILLO:
                assert winner is not None
                books.move(hombre, winner, amount, _("Codillo"))
                lines.append(_("Codillo: %(hombre)s pays the amount in play, %(amount)s, to %(winner)s.",
                               hombre=hombre_name, amount=amount, winner=names[winner]))
            else:
                lines.append(_("Repuesto: %(hombre)s ties for the most tricks.", hombre=hombre_name)
                             if tricks[hombre] == max(tricks.values()) else
                             _("Repuesto: 1-4-4, no single opponent beat %(hombre)s.", hombre=hombre_name))
            if situation == FIRST:
                books.move(hombre, PLATO, amount, _("Puesta into the plato"))
                lines.append(_("%(hombre)s pays %(amount)s into the plato.", hombre=hombre_name, amount=amount))
            else:
                books.ledger, _debt = books.ledger.owe(hombre, amount, _("Reserved puesta"), deal=deal_no,
                                                       detail=outcome)
                lines.append(_("%(amount)s is written on the Reserved Puesta sheet under %(hombre)s's name.",
                               amount=amount, hombre=hombre_name))

        if record.bola:
            lines.append(_("Bola: %(hombre)s took all nine tricks.", hombre=hombre_name))
        bonus_names: list[str] = [name for name in ("vuelta", "solo") if record.bid == name]
        bonus_names += [name for name in ("estuche", "primeras", "bola") if getattr(record, name)]
        bonus = BID_BONUS[record.bid] + sum(BONUS[name] for name in bonus_names if name in BONUS)
        if bonus:
            said = join([BONUS_WORDS[name] for name in bonus_names])
            for seat in each:
                if outcome == SACADO:
                    books.move(seat, hombre, bonus, _("Bonuses"))
                else:
                    books.move(hombre, seat, bonus, _("Bonuses"))
            if outcome == SACADO:
                lines.append(_("Bonuses (%(names)s) %(n)s: each opponent pays %(n)s to %(hombre)s.", names=said,
                               n=bonus, hombre=hombre_name))
            else:
                lines.append(_("Bonuses (%(names)s) %(n)s: %(hombre)s pays %(n)s to each opponent.", names=said,
                               n=bonus, hombre=hombre_name))

        scores = books.nets(table.size)
        ledger = books.ledger
        lines.append(_("Net this deal: %(net)s.", net=", ".join(
            f"{names[s]} {signed(n)}" for s, n in enumerate(scores) if n) or "0"))
        lines.append(_("Players %(players)s + plato %(plato)s + middle %(middle)s = 0.",
                       players=signed(sum(ledger.players)), plato=ledger.pots[PLATO], middle=ledger.pots[MIDDLE]))
        after: TresilloState = dataclasses.replace(state.scored(scores), ledger=ledger, played=state.played + 1)
        assert after.totals == ledger.players and ledger.conserved
        details = TresilloDetails(situation, outcome, amount, ledger.pots[PLATO], ledger.pots[MIDDLE],
                                  sheet(after, names), names[winner] if winner is not None else None, bonus,
                                  state.ledger.pots_total())
        return after, Outcome(scores=scores, breakdown=tuple(lines), moves=tuple(books.moves), details=details)

    def score_void(self, table: Table, state: TresilloState,
                   record: TresilloRecord) -> tuple[TresilloState, Outcome]:
        """A misdeal, or a deal all three passed (RULINGS.md, General: void, "all passed"): nothing moves, not
        even the dealer's tanto; the deal passes on."""
        dealt = _("Deal %(n)s, dealt by %(dealer)s.", n=state.deals + 1, dealer=table.players[state.dealer])
        said = (_("All three passed: the deal is not played; nothing is paid and the deal passes on.")
                if record.all_passed else _("Void deal (misdeal): nothing is paid; the deal passes on."))
        return state, Outcome(scores=(0,) * table.size, void=True, breakdown=(dealt, said))

    # -- showing and settling ---------------------------------------------------------------------------------
    def settling_moves(self, table: Table, state: TresilloState, include_open_puestas: bool = False,
                       **choices: Any) -> tuple[Move, ...]:
        """With ``include_open_puestas``, each debtor's open debts on the Reserved Puesta sheet paid into the
        plato, one move per debtor in the order the sheet first names them; nothing otherwise.

        >>> table = TRESILLO.table(["Ana", "Bea", "Carl"])
        >>> ledger, _d = Ledger.open(3, (PLATO, MIDDLE)).owe(2, 21, _("r"), deal=2)
        >>> ledger, _d = ledger.owe(2, 8, _("r"), deal=3)
        >>> state = TresilloState(totals=(0, 0, 0), dealer=0, ledger=ledger)
        >>> [(m.payer, m.payee, m.amount, str(m.reason))
        ...  for m in TRESILLO.settling_moves(table, state, include_open_puestas=True)]
        [(2, 'plato', 29, '2 open reserved puestas (21 + 8), paid into the plato')]
        """
        if not include_open_puestas:
            return ()
        return tuple(Move(seat, PLATO, sum(amounts), ngettext(
            "open reserved puesta, paid into the plato", "%(n)s open reserved puestas (%(amounts)s), paid into "
            "the plato", len(amounts), amounts=" + ".join(str(a) for a in amounts)))
            for seat, amounts in state.ledger.open_by_debtor().items())

    def balances(self, table: Table, state: TresilloState, include_open_puestas: bool = False,
                 **choices: Any) -> dict[int, int]:
        """Each seat's net in tantos if the night stopped now (sums to zero): the plato and the middle pool
        shared equally; with ``include_open_puestas`` each open debt is first paid into the plato
        (:meth:`settling_moves`)."""
        ledger = state.ledger.moved(self.settling_moves(table, state, include_open_puestas))
        shares = self.share(table, state, ledger.pots_total())
        return {seat: ledger.players[seat] + shares[seat] for seat in range(table.size)}

    def on_table(self, table: Table, state: TresilloState, include_open_puestas: bool = False,
                 **choices: Any) -> tuple[int, Text]:
        """The plato and the middle pool, with the open reserved puestas paid in first if asked."""
        paid_in = sum(move.amount for move in self.settling_moves(table, state, include_open_puestas))
        if paid_in:
            return state.ledger.pots_total() + paid_in, _("The plato and the middle pool, with the open puestas "
                                                          "paid in")
        return state.ledger.pots_total(), _("The plato and the middle pool")

    def display_state(self, table: Table, state: TresilloState) -> Mapping[str, Any]:
        names = table.players
        ledger = state.ledger
        active = self.active_players(table, state)
        return {
            "dealer": names[state.dealer],
            "eldest": names[self.speaking_order(table, state)[0]],
            "dealt_in": [names[s] for s in active],
            "sits_out": [names[s] for s in range(table.size) if s not in active],
            "situation": situation_of(ledger),
            "situation_text": SITUATION_WORDS[situation_of(ledger)],
            "plato": ledger.pots[PLATO],
            "middle": ledger.pots[MIDDLE],
            "sheet": [line.to_json() for line in sheet(state, names)],
            "open_debts": sum(d.amount for d in ledger.open_debts()),
            "nets": {names[s]: n for s, n in enumerate(ledger.players)},
            "conserved": ledger.conserved,
        }


TRESILLO = Tresillo()
