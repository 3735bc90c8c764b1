"""L'Ombre (seed 003, "You Da Man!", the 1657 rules; RULINGS.md "L'Ombre"): counters, the stakes, passes and
cards taken in, playing without taking in, matadors, the first five tricks and the voll.

Counters are counted in lesser counters (1; a greater is 5). Every counter moves through the ledger (the
players and the ``stakes``), which checks after each move that players + stakes = 0.

>>> table = OMBRE.table(["Ana", "Bea", "Carl"])   # Ana deals: Bea is the eldest, then Carl
>>> state, outcome = OMBRE.apply(table, OMBRE.initial_state(table),
...                              {"hombre": "Carl", "taken_in": 3, "tricks": {"Carl": 5, "Ana": 2}})
Traceback (most recent call last):
...
referee.parse.InvalidRecord: passed: Bea spoke before Carl and did not bid game, so passed: tick Bea.
>>> state, outcome = OMBRE.apply(table, OMBRE.initial_state(table),
...                              {"hombre": "Carl", "passed": ["Bea"], "taken_in": 3, "tricks": {"Carl": 5, "Ana": 2}})
>>> outcome.scores, state.ledger.pots["stakes"]   # 15 + 1 + 3 = 19 to Carl, and 1 from each
((-6, -7, 13), 0)

Readings where the seed and RULINGS.md leave a choice (the house rule is an option, marked *; the others are
stated on the rules page, "Tapete's readings"):

- At a table of four the greater counters that open empty stakes come from the three players dealt in ("a
  greater from each (15)").
- * ``sitting_out``: at a table of four the dealer who sits out pays and collects nothing that deal (or, if
  the table chooses, pays and collects like an opponent what each opponent, or each other player, pays or
  collects: a sacado's lesser counter, matadors, playing without taking in, the first five tricks, the voll).
- At settling up, what lies in the stakes is shared equally among all the players (odd counters one each from
  the player after the dealer).
- A void deal (misdeal) moves nothing; the stakes stay; the deal passes on.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.game import Field, Outcome, Ruling, State, TableSpec
from referee.ledger import Books, Ledger
from referee.parse import Errors
from referee.played import PlayedDeal
from referee.text import Text, _, join, signed
from referee.values import Seat, Values

from .bid_referee import OMBRE_EXAMPLES, OMBRE_RULING_FIELDS, ombre_bidding_ruling
from .bidding import check_passes
from .family import CODILLO, SACADO, HombreGame, result
from .options import OmbreOptions
from .play import EXAMPLES
from .record import MOST_CARDS, HombrePlays, OmbreRecord, parse_ombre
from .rules_text import OMBRE_RULES, RULE_FIRST_FIVE, RULE_MATADORS

Table = TableSpec[OmbreOptions]
STAKES = "stakes"
LESSER, GREATER = 1, 5


@dataclass(frozen=True, kw_only=True)
class OmbreState(State):
    """``totals`` are the players' nets (the ledger's balances); ``played`` counts deals played (not void)."""

    ledger: Ledger
    played: int = 0


@dataclass(frozen=True)
class OmbreDetails(Values):
    """What a deal did beyond the nets: the result, who won the stakes (or paid them in), the stakes at the end
    of play (what was won or doubled) and after the deal, and before it (the deal's own check in the history)."""

    result: str
    stakes_in_play: int
    stakes: int
    winner: str | None = None
    pots_before: int | None = None


class Ombre(HombreGame[OmbreOptions, OmbreRecord, OmbreState]):
    slug = "ombre"
    name = "L'Ombre"
    stake_unit = _("lesser counter")
    stake_units = _("Lesser counters")
    options_type = OmbreOptions
    record_type = OmbreRecord
    state_type = OmbreState
    rules = OMBRE_RULES
    card_by_card = True  # a deal may be entered card by card (play_fields, played_deal, record_from_plays)
    ruling_fields = OMBRE_RULING_FIELDS
    examples = (*EXAMPLES, *OMBRE_EXAMPLES)

    def bidding_ruling(self, table: Table, situation: Mapping[str, Any]) -> Ruling:
        """May this player bid game (or pass) now, who is the Hombre, who pays to pass (:mod:`.bid_referee`)."""
        return ombre_bidding_ruling(self, table, situation)

    def record_fields(self, table: Table) -> tuple[Field, ...]:
        players = tuple((p, Text(p)) for p in table.players)
        return (
            Field("hombre", _("Hombre"), "player", choices=players),
            Field("passed", _("Who passed before the Hombre bid (each pays a lesser)"), "players", required=False,
                  default=[], choices=players, help=_("All three passed: tick all three; the eldest plays.")),
            Field("taken_in", _("Cards the Hombre took in"), "int", minimum=0, maximum=9,
                  help=_("0: the Hombre played without taking in.")),
            Field("tricks", _("Tricks"), "list", help=_("Nine in all: leave one blank and it is worked out."),
                  fields=(Field("player", _("Player"), "player", choices=players),
                          Field("tricks", _("Tricks"), "int", minimum=0, maximum=9))),
            Field("matadors", _("Matadors counted by the Hombre (0, or 3 to 9)"), "int", minimum=0, maximum=9,
                  required=False, default=0),
            Field("first_five", _("Who won the first five tricks"), "player", required=False, choices=players),
            Field("voll", _("Played for the voll (all nine)"), "bool", required=False, default=False),
            Field("dealer", _("Dealer"), "player", required=False, choices=players,
                  help=_("Tapete knows who deals: give it only to check it.")),
            Field("void", _("Void deal (misdeal): nothing is paid"), "bool", required=False, default=False),
        )

    def example_records(self, table: Table) -> tuple[Mapping[str, Any], ...]:
        """The first deals of a night (players dealt in from the eldest: a, b, c): the eldest bids and takes in
        3, sacado; the second bids after a pass, takes in 2, repuesto (the stakes carry over); all three pass,
        the eldest plays without taking in and loses to a codillo; the Hombre counts four matadors on a sacado
        with the first five tricks; a misdeal."""
        state = self.initial_state(table)
        deals: list[Mapping[str, Any]] = []
        plans = (
            lambda a, b, c: {"hombre": a, "taken_in": 3, "tricks": {a: 5, b: 2}},
            lambda a, b, c: {"hombre": b, "passed": [a], "taken_in": 2, "tricks": {a: 3, b: 3, c: 3}},
            lambda a, b, c: {"hombre": a, "passed": [a, b, c], "taken_in": 0, "tricks": {a: 2, b: 4, c: 3}},
            lambda a, b, c: {"hombre": c, "passed": [a, b], "taken_in": 1, "tricks": {a: 1, b: 1, c: 7},
                             "matadors": 4, "first_five": c},
            lambda a, b, c: {"void": True},
        )
        for plan in plans:
            a, b, c = (table.players[s] for s in self.speaking_order(table, state))
            raw = plan(a, b, c)
            deals.append(raw)
            state, _outcome = self.apply(table, state, raw)
        return tuple(deals)

    def record_from_tricks(self, table: Table, contract: Mapping[str, Any], deal: PlayedDeal) -> OmbreRecord:
        """A deal played card by card as its record: the contract as sent, the rest from the cards
        (:mod:`games.tresillo.cards`); :class:`~referee.parse.InvalidRecord` with a message per field."""
        from .cards import derive_ombre, ombre_contract

        return derive_ombre(table, ombre_contract(table, contract), deal).record

    # -- a deal entered card by card (the app's card-by-card entry and the API) ---------------------------------
    def play_fields(self, table: Table) -> tuple[Field, ...]:
        """What is said before the first card: the Hombre, the trump suit, who passed, the cards taken in, a voll
        declared, and the matadors only for a deal stopped after five tricks before the Hombre played them
        (else the cards say them). The tricks and who won the first five are the cards'."""
        from .cards import TRUMP_FIELD

        fields = {f.name: f for f in self.record_fields(table)}
        matadors = Field("matadors", _("Matadors, if the deal stops after five tricks before the Hombre plays them"),
                         "int", minimum=0, maximum=9, required=False, default=0,
                         help=_("Otherwise the cards say them."))
        return fields["hombre"], TRUMP_FIELD, fields["passed"], fields["taken_in"], fields["voll"], matadors

    def played_deal(self, table: Table, contract: Mapping[str, Any], first_leader: Seat) -> PlayedDeal:
        """A deal about to be played card by card under ``contract`` (as :meth:`play_fields` ask it), the passes
        checked: :class:`~referee.parse.InvalidRecord` with a message per field.

        >>> table = OMBRE.table(["Ana", "Bea", "Carl"])   # Ana deals: Bea is the eldest and leads
        >>> OMBRE.played_deal(table, {"hombre": "Carl", "taken_in": 3, "trump": "B"}, table.seat(1))
        Traceback (most recent call last):
        ...
        referee.parse.InvalidRecord: passed: Bea spoke before Carl and did not bid game, so passed: tick Bea.
        """
        return self._deal(table, contract, first_leader)[1]

    def _deal(self, table: Table, contract: Mapping[str, Any],
              first_leader: Seat) -> tuple[OmbreRecord, PlayedDeal, str]:
        from .cards import contract_deal, ombre_contract, read_contract

        record, trump = read_contract(ombre_contract, table, contract)
        deal = contract_deal(table, record, trump, first_leader, ombre=True)
        errors = Errors()
        assert record.hombre is not None
        order = tuple(seat.index for seat in deal.seats)
        check_passes(table.players, order, record.hombre.index, [seat.index for seat in record.passed], errors)
        errors.raise_if_any()
        return record, deal, trump

    def _derived(self, table: Table, record: OmbreRecord, deal: PlayedDeal,
                 trump: str) -> tuple[OmbreRecord, tuple[Text, ...]]:
        """Each player's tricks, the first five and the matadors, from the cards."""
        from .cards import derive_ombre, ombre_lines

        found = derive_ombre(table, record, deal)
        return found.record, ombre_lines(record, found, trump)

    def _contract_of(self, table: Table, record: OmbreRecord, plays: HombrePlays) -> dict[str, Any]:
        assert record.hombre is not None
        names = table.players
        contract: dict[str, Any] = {"hombre": names[record.hombre.index], "trump": plays.trump,
                                    "taken_in": record.taken_in}
        if record.passed:
            contract["passed"] = [names[seat.index] for seat in record.passed]
        if record.voll:
            contract["voll"] = True
        if record.matadors and len(plays.cards) < MOST_CARDS:  # the cards did not all say them
            contract["matadors"] = record.matadors
        return contract

    def parse(self, table: Table, raw: Mapping[str, Any]) -> OmbreRecord:
        return parse_ombre(table.players, raw)

    def complete(self, table: Table, state: OmbreState, record: OmbreRecord) -> OmbreRecord:
        """The tricks completed (see the family's), and who passed in the order they spoke."""
        record = super().complete(table, state, record)
        order = {seat: k for k, seat in enumerate(table.after(state.dealer, k) for k in range(1, table.size + 1))}
        passed = tuple(sorted(record.passed, key=lambda seat: order[seat.index]))
        return dataclasses.replace(record, passed=passed) if passed != record.passed else record

    def initial_state(self, table: Table) -> OmbreState:
        return OmbreState(totals=(0,) * table.size, dealer=table.first_dealer,
                          ledger=Ledger.open(table.size, (STAKES,)))

    def carried_fields(self, table: Table) -> tuple[Field, ...]:
        from .carry import ombre_fields  # carry reads this module's pots

        return ombre_fields(table)

    def carry_over(self, table: Table, raw: Mapping[str, Any]) -> OmbreState:
        """The nets and the stakes of a night under way (:mod:`.carry`)."""
        from .carry import ombre_carry

        return ombre_carry(table, raw, self.initial_state(table))

    # -- the rules a record may break -------------------------------------------------------------------------
    def check(self, table: Table, state: OmbreState, record: OmbreRecord) -> None:
        errors = Errors()
        self.check_common(table, state, record, errors)
        if record.void or record.hombre is None:
            errors.raise_if_any()
            return
        order = self.speaking_order(table, state)
        hombre = record.hombre.index
        passed = [seat.index for seat in record.passed]
        if "hombre" not in errors:
            check_passes(table.players, order, hombre, passed, errors)
        if "tricks" in errors:
            errors.raise_if_any()
            return
        tricks = self.tricks_of(table, state, record)
        if record.matadors in (1, 2):
            errors.add("matadors", _("Matadors count from the three: 0, or 3 to 9 (not %(n)s).", n=record.matadors),
                       rule=RULE_MATADORS)
        elif record.matadors > tricks.get(hombre, 0):
            errors.add("matadors", _("%(n)s matadors, but the Hombre took %(won)s tricks: each matador wins a "
                                     "trick.", n=record.matadors, won=tricks.get(hombre, 0)), rule=RULE_MATADORS)
        five = record.first_five
        if five is not None:
            if five.index not in tricks:
                errors.add("first_five", _("%(name)s sits this deal out.", name=five.name), rule=RULE_FIRST_FIVE)
            elif tricks[five.index] < 5:
                errors.add("first_five", _("%(name)s took %(n)s tricks, so cannot have won the first five.",
                                           name=five.name, n=tricks[five.index]), rule=RULE_FIRST_FIVE)
        elif record.voll:
            errors.add("voll", _("Only a player who won the first five tricks may play for the voll: name them."),
                       rule=RULE_FIRST_FIVE)
        errors.raise_if_any()

    # -- scoring ----------------------------------------------------------------------------------------------
    def score(self, table: Table, state: OmbreState, record: OmbreRecord) -> tuple[OmbreState, Outcome]:
        assert record.hombre is not None
        names = table.players
        deal_no = state.deals + 1
        hombre = record.hombre.index
        hombre_name = names[hombre]
        order = self.speaking_order(table, state)
        eldest = order[0]
        books = Books(state.ledger)
        tricks = self.tricks_of(table, state, record)
        opponents = [seat for seat in order if seat != hombre]
        each = self.each_opponent(table, state, hombre)
        lines: list[Text] = [_("Deal %(n)s, dealt by %(dealer)s.", n=deal_no, dealer=names[state.dealer])]
        lines += self.sharing_line(table, state)

        carried = state.ledger.pots[STAKES]
        if carried == 0:
            for seat in order:
                books.move(seat, STAKES, GREATER, _("A greater counter to open the stakes"))
            lines.append(_("The stakes are empty: each player dealt in puts in a greater counter (15)."))
        else:
            books.move(eldest, STAKES, LESSER, _("The eldest's lesser counter"))
            lines.append(_("Stakes carried over, %(n)s: the eldest, %(name)s, adds a lesser counter.", n=carried,
                           name=names[eldest]))
        for passer in record.passed:
            books.move(passer.index, STAKES, LESSER, _("A pass"))
        if record.passed:
            lines.append(_("Passed, a lesser counter each: %(names)s.",
                           names=join([passer.name for passer in record.passed])))
        if len(record.passed) == 3:
            lines.append(_("All three passed: the eldest, %(name)s, is the Hombre.", name=hombre_name))
        if record.taken_in:
            books.move(hombre, STAKES, record.taken_in * LESSER, _("Cards taken in"))
            lines.append(_("%(hombre)s takes in one card: one lesser counter to the stakes.", hombre=hombre_name)
                         if record.taken_in == 1 else
                         _("%(hombre)s takes in %(n)s cards: %(n)s lesser counters to the stakes.",
                           hombre=hombre_name, n=record.taken_in))
        else:
            for seat in each:
                books.move(seat, hombre, GREATER, _("Playing without taking in"))
            lines.append(_("%(hombre)s plays without taking in: each opponent pays %(hombre)s a greater counter "
                           "at once.",
                           hombre=hombre_name))
        five = record.first_five.index if record.first_five is not None else None
        others = self.each_opponent(table, state, five) if five is not None else ()
        if five is not None and not record.voll:
            for seat in others:
                if seat != five:
                    books.move(seat, five, LESSER, _("The first five tricks"))
            lines.append(_("%(name)s won the first five tricks: a lesser counter from each other player.",
                           name=names[five]))

        stakes = books.ledger.pots[STAKES]
        outcome, winner = result(tricks[hombre], {seat: tricks[seat] for seat in opponents})
        lines.append(self.tricks_line(table, tricks, hombre))
        if outcome == SACADO:
            books.move(STAKES, hombre, stakes, _("The stakes"))
            for seat in each:
                books.move(seat, hombre, LESSER, _("A lesser counter from each opponent"))
            lines.append(_("Sacado: %(hombre)s takes the stakes, %(n)s, and a lesser counter from each opponent.",
                           hombre=hombre_name, n=stakes))
            if record.matadors >= 3:
                apiece = 3 * GREATER + (record.matadors - 3) * LESSER
                for seat in each:
                    books.move(seat, hombre, apiece, _("Matadors"))
                if record.matadors == 3:  # the three alone: no "15 + 0" to read aloud
                    lines.append(_("3 matadors: each opponent pays 3 greater counters = %(each)s.", each=apiece))
                else:
                    lines.append(_("%(m)s matadors: each opponent pays 15 + %(more)s = %(each)s.", m=record.matadors,
                                   more=record.matadors - 3, each=apiece))
        elif outcome == CODILLO:
            assert winner is not None
            books.move(STAKES, winner, stakes, _("The stakes"))
            books.move(hombre, winner, stakes, _("Codillo"))
            lines.append(_("Codillo: %(winner)s takes the stakes, %(n)s, and as much again from %(hombre)s.",
                           winner=names[winner], n=stakes, hombre=hombre_name))
        else:
            books.move(hombre, STAKES, stakes, _("Repuesto"))
            lines.append(_("Repuesto: %(hombre)s pays the stakes' total, %(n)s, in: %(double)s carried over.",
                           hombre=hombre_name, n=stakes, double=2 * stakes))
        if record.matadors >= 3 and outcome != SACADO:
            lines.append(_("%(m)s matadors, not paid: matadors are paid only on the Hombre's sacado.",
                           m=record.matadors))
        if record.taken_in == 0 and outcome != SACADO:
            for seat in each:
                books.move(hombre, seat, 2 * GREATER, _("Playing without taking in, failed"))
            lines.append(_("Without taking in, and no sacado: %(hombre)s returns the greater counter and pays "
                           "another to each opponent (10 each).", hombre=hombre_name))
        if five is not None and record.voll:
            if tricks[five] == 9:
                for seat in others:
                    if seat != five:
                        books.move(seat, five, GREATER, _("The voll"))
                lines.append(_("%(name)s played for the voll and made it: a greater counter from each other "
                               "player.", name=names[five]))
            else:
                lines.append(_("%(name)s played for the voll and failed: nothing, not even the lesser.",
                               name=names[five]))

        scores = books.nets(table.size)
        ledger = books.ledger
        lines.append(_("Net this deal: %(net)s.", net=", ".join(
            f"{names[s]} {signed(n)}" for s, n in enumerate(scores) if n) or "0"))
        lines.append(_("Players %(players)s + stakes %(stakes)s = 0.", players=signed(sum(ledger.players)),
                       stakes=ledger.pots[STAKES]))
        after: OmbreState = dataclasses.replace(state.scored(scores), ledger=ledger, played=state.played + 1)
        assert after.totals == ledger.players and ledger.conserved
        details = OmbreDetails(outcome, stakes, ledger.pots[STAKES], names[winner] if winner is not None else None,
                               state.ledger.pots_total())
        return after, Outcome(scores=scores, breakdown=tuple(lines), moves=tuple(books.moves), details=details)

    def score_void(self, table: Table, state: OmbreState, record: OmbreRecord) -> tuple[OmbreState, Outcome]:
        """A misdeal: nothing is paid, the stakes stay; said under who dealt it, as a deal played is."""
        dealt = _("Deal %(n)s, dealt by %(dealer)s.", n=state.deals + 1, dealer=table.players[state.dealer])
        return state, Outcome(scores=(0,) * table.size, void=True,
                              breakdown=(dealt, _("Void deal (misdeal): nothing is paid; the stakes stay.")))

    # -- showing and settling ---------------------------------------------------------------------------------
    def balances(self, table: Table, state: OmbreState, **choices: Any) -> dict[int, int]:
        """Each seat's net in lesser counters if the night stopped now, the stakes shared equally."""
        shares = self.share(table, state, state.ledger.pots[STAKES])
        return {seat: state.ledger.players[seat] + shares[seat] for seat in range(table.size)}

    def on_table(self, table: Table, state: OmbreState, **choices: Any) -> tuple[int, Text]:
        return state.ledger.pots[STAKES], _("The stakes")

    def display_state(self, table: Table, state: OmbreState) -> Mapping[str, Any]:
        names = table.players
        ledger = state.ledger
        active = self.active_players(table, state)
        stakes = ledger.pots[STAKES]
        return {
            "dealer": names[state.dealer],
            "eldest": names[self.speaking_order(table, state)[0]],
            "dealt_in": [names[s] for s in active],
            "sits_out": [names[s] for s in range(table.size) if s not in active],
            "stakes": stakes,
            "opening": "lesser" if stakes else "greater",
            "nets": {names[s]: n for s, n in enumerate(ledger.players)},
            "conserved": ledger.conserved,
        }


OMBRE = Ombre()
