"""Toruro: three pots, three tricks and the lulo list (seed 002; RULINGS.md, "Toruro").

Everything is counted in whole **chips** (the app multiplies by the table's chip value). A night is a run of
deals; what outlives a deal is the ledger (the players' nets, the three pots, the lulo list as its debts) in
the :class:`~games.toruro.state.ToruroState`. Every chip moves through the ledger, which checks after each
move that the players' nets and the pots still sum to zero; the deal's outcome lists those moves.

>>> table = GAME.table(["Ana", "Luis", "Pepe", "Marta", "Juan"])
>>> state, outcome = GAME.apply(table, GAME.initial_state(table),
...                             {"turned_card": "4O", "went": ["Ana", "Luis", "Pepe", "Marta", "Juan"],
...                              "tricks": ["Luis", "Pepe", "Pepe"]})
>>> outcome.scores, state.ledger.pots["cabeza"], [(d.id, d.debtor, d.amount) for d in state.ledger.debts]
((-3, 1, 2, 0, 0), 0, [(1, 3, 3), (2, 4, 3), (3, 0, 3)])
>>> GAME.balances(table, state), GAME.balances(table, state, include_open_lulos=True)
({0: -3, 1: 1, 2: 2, 3: 0, 4: 0}, {0: -4, 1: 2, 2: 4, 3: -1, 4: -1})

Readings where neither the seed nor RULINGS.md decides (house-rule options, on by default, are marked *):

- If only one player goes, they play the three tricks alone and take all three pots.
- * ``one_lulo_per_deal``: a player who took no trick and broke a rule (or broke two) commits one lulo.
- ``play_out_pots`` (off by default, as RULINGS.md ends the night "when, after at least one deal, nobody owes
  anything"): on, the night ends only when nobody owes AND the pots are empty (chips left after a deal nobody
  went are played for); off, it ends as soon as nobody owes and the chips go back to who put them.
- The 7 of trumps standing in for the turned card counts as that card for the lead rules too ("is considered
  as this face-up card"): with the Ace turned, a first leader holding the 7 of trumps must lead it.
- The turned card lies by the pots: nobody holds or plays it.
- A void deal (misdeal) moves nothing (no ante, no payment), does not count as "the first deal", and the deal
  passes on as after any deal.
- Among several lulos of the lowest amount, any one may be paid (the first in turn from the dealer may
  decline); a deal may pay none.
- Winners: the players with the best net when the night ends.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee import parse
from referee.cards import SPANISH_SUITS, Card, DeckKind, card_name
from referee.game import Field, Game, InvalidRecord, Option, Outcome, Ruling, Settlement, Statistic, TableSpec
from referee.ledger import Books, Move
from referee.parse import Errors
from referee.played import PlayedDeal
from referee.text import Text, _, and_join, join, ngettext, signed
from referee.tricks import LEADER_FIELD
from referee.values import Seat, Values

from . import cards, carry, going, lulo_referee, lulos, play, stats
from .lulos import MISPLAY, NO_TRICK, LuloLine
from .options import SETTLE_OPTIONS, ToruroOptions
from .play import FIRST_LEAD_RULES, FOLLOW_RULES, MISPLAY_RULES, REFEREE, seven_stands_in_for
from .pots import ANTE, POTS, at_start, share_equally
from .record import Payment, PlayedCards, ToruroRecord, parse_record
from .state import Chips, ToruroState, initial
from .words import EXAMPLES, POT_NAMES, RANK_NAMES, RULE, RULE_NAMES, RULES, SUIT_WORDS

Table = TableSpec[ToruroOptions]


@dataclass(frozen=True)
class ToruroDetails(Values):
    """What a deal leaves to show beside its scores (the API's ``extra``): the lulos it added or paid, as the
    list has them after it (the whole list and the lulos payable next are the state's: a night's list grows
    with every deal, and each deal carrying all of it made a long night's answer grow with its square), the
    ids of those it added, the pots after it and the chips in play (what a lulo cost), trumps and the rank
    the 7 of trumps played as. A void deal has no trumps nor chips in play."""

    lulos: tuple[LuloLine, ...]
    new_lulos: tuple[int, ...]
    pots: Mapping[str, int]
    pots_at_start: int | None = None
    trump: str | None = None
    seven_as_turned: str | None = None

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        if self.trump is None:  # a misdeal: nothing was played
            for key in ("pots_at_start", "trump", "seven_as_turned"):
                del data[key]
        return data


class _Books(Books):
    """The deal's chips as they move (the shared books), and what they add to the night's counts."""

    def chips(self, before: Chips) -> Chips:
        return Chips(before.paid_in + sum(m.amount for m in self.moves if isinstance(m.payee, str)),
                     before.taken_out + sum(m.amount for m in self.moves if isinstance(m.payer, str)))


QUESTION = Field("question", _("Question"), "choice", required=False, default="play", choices=(
    ("play", _("May this card be played? / Who takes the trick?")),
    (going.QUESTION, _("Going: who must go?")),
    (lulo_referee.QUESTION, _("The lulo list: who pays first?")),
    (lulo_referee.POTS_QUESTION, _("The pots: who collects, who owes?")),
))
# Who played each card of the trick, named in order: the API's way to name the winner before who led was asked.
PLAYED_BY = Field("players", _("Who played each card of the trick (for the winner)"), "players", required=False,
                  questions=("play",))
# The play question's fields (the turned card is the going question's too).
PLAY_FIELDS: tuple[Field, ...] = (
    Field("turned_card", _("Turned card"), "card", required=False, questions=("play", going.QUESTION),
          help=_("Its suit is trumps; sota or higher, the 7 of trumps plays as it.")),
    Field("trump", _("Trumps (if the turned card is not given)"), "choice", required=False, questions=("play",),
          choices=tuple((s, SUIT_WORDS[s]) for s in SPANISH_SUITS)),
    Field("trick_number", _("Trick"), "int", required=False, minimum=1, maximum=3, default=1, questions=("play",)),
    Field("went", _("Who went (a card from each makes the trick)"), "players", required=False, questions=("play",),
          unordered=True, in_trick="in",
          help=_("The trick goes round them from who led: the referee then names who takes it, also when the card "
                 "asked about ends it.")),
    dataclasses.replace(LEADER_FIELD, questions=("play",)),
    Field("trick", _("Cards played to this trick, in order"), "cards", required=False, questions=("play",)),
    Field("hand", _("The hand of the player to play"), "cards", required=False, questions=("play",)),
    Field("card", _("The card played"), "card", required=False, questions=("play",)),
    PLAYED_BY,
)


def referee_fields(names: Sequence[str], free_tenth: bool = True) -> tuple[Field, ...]:
    """The referee form for these players: the question, then each question's own fields (the page shows those of
    the question asked), the lulo and pots questions' per seat. Who played each card is the API's (the page asks
    who led: the trick goes round those who went from them)."""
    return (QUESTION, *(f for f in PLAY_FIELDS if f is not PLAYED_BY), *going.going_fields(),
            *lulo_referee.lulo_fields(names, free_tenth))


RULING_FIELDS: tuple[Field, ...] = (QUESTION, *PLAY_FIELDS, *going.going_fields(), *lulo_referee.DESCRIBED)


class Toruro(Game[ToruroOptions, ToruroRecord, ToruroState]):
    leader_label = _("Speaks first:")  # the first of those who go leads
    leader_tag = _("speaks first")
    slug = "toruro"
    name = "Toruro"
    player_counts = (5, 6, 7, 8, 9, 10)
    deck = DeckKind.SPANISH40
    settlement = Settlement.LEDGER
    stake_unit = _("chip")
    stake_units = _("Chips")
    options_type = ToruroOptions
    record_type = ToruroRecord
    state_type = ToruroState
    rules = RULES
    examples = EXAMPLES
    trick_rules = REFEREE
    card_by_card = True  # a deal may be entered card by card (play_fields, played_deal, record_from_plays)
    settle_options: tuple[Option, ...] = SETTLE_OPTIONS
    ruling_fields = RULING_FIELDS  # every seat of the largest table (the API); a table's: referee_fields

    # -- the record ---------------------------------------------------------------------------------------------
    def record_fields(self, table: Table) -> tuple[Field, ...]:
        players = tuple((p, Text(p)) for p in table.players)
        rules = tuple((key, RULE_NAMES[key]) for key in MISPLAY_RULES)
        return (
            Field("turned_card", _("Turned card (trumps)"), "card",
                  help=_("Sota or higher: the 7 of trumps plays as it.")),
            Field("payments", _("Lulos paid"), "list", required=False, default=[],
                  help=_("Lowest first; split each over the pots as the payer likes."),
                  fields=(
                      Field("lulo", _("Lulo #"), "int", minimum=1),
                      Field("cabeza", _("Cabeza"), "int", minimum=0, default=0),
                      Field("barriga", _("Barriga"), "int", minimum=0, default=0),
                      Field("cola", _("Cola"), "int", minimum=0, default=0),
                  )),
            Field("went", _("Who went"), "players", required=False, default=[], choices=players,
                  help=_("Nobody: the pots stay for the next deal.")),
            Field("tricks", _("Who took tricks 1, 2 and 3 (cabeza, barriga, cola)"), "list", required=False,
                  default=[], fields=(Field("player", _("Player"), "player", choices=players),)),
            Field("misplays", _("Play rules broken (each is a lulo)"), "list", required=False, default=[],
                  maximum=3 * table.size,  # one entry per card played, at most
                  fields=(Field("player", _("Player"), "player", choices=players),
                          Field("rule", _("Rule"), "choice", choices=rules))),
            Field("void", _("Void deal (misdeal): nothing moves"), "bool", required=False, default=False,
                  help=_("If nobody goes, do not void the deal: record it with nobody going, the pots carry "
                         "over.")),
        )

    def example_records(self, table: Table) -> tuple[Mapping[str, Any], ...]:
        """A night's first deals as a phone sends them, at any table: everyone goes on the first deal (the
        second and third players take the tricks, the rest commit lulos of 3); the first lulo is paid a chip a
        pot and nobody goes (the pots carry over); the second is paid on the cola with the 3 of copas turned,
        two go and one breaks a play rule; then a misdeal."""
        p = table.players
        return (
            {"turned_card": "4O", "went": list(p), "tricks": [p[1], p[2], p[2]]},
            {"turned_card": "5B", "payments": [{"lulo": 1, "cabeza": 1, "barriga": 1, "cola": 1}], "went": []},
            {"turned_card": "3C", "payments": [{"lulo": 2, "cola": 3}], "went": [p[4], p[3]],
             "tricks": [p[3], p[4], p[3]], "misplays": [{"player": p[4], "rule": "follow_suit"}]},
            {"void": True},
        )

    def record_from_tricks(self, table: Table, contract: Mapping[str, Any], deal: PlayedDeal | None) -> ToruroRecord:
        """A deal played card by card as its record: the contract as sent, who took each pot and the misplays
        (each a lulo) from the cards (:mod:`games.toruro.cards`); ``InvalidRecord`` with a message per field."""
        return cards.derive(table, cards.contract_record(table, contract), deal).record

    # -- a deal entered card by card (the app's card-by-card entry and the API) ---------------------------------
    def first_lead_note(self, table: Table, speaker: str) -> Text:
        """Who leads the first trick is known once who went is said: the card-by-card page says so.

        >>> str(GAME.first_lead_note(GAME.table(["Ana", "Luis", "Pepe", "Marta", "Juan"]), "Luis"))
        'Luis speaks first; the first player after the dealer who goes leads the first trick.'
        """
        return _("%(name)s speaks first; the first player after the dealer who goes leads the first trick.",
                 name=speaker)

    def play_fields(self, table: Table) -> tuple[Field, ...]:
        """What is said before the first card: the turned card, the lulos paid into the pots and who went. The
        cards say the rest (who took each pot, the misplays); a misdeal has no cards.

        >>> [f.name for f in GAME.play_fields(GAME.table(["Ana", "Luis", "Pepe", "Marta", "Juan"]))]
        ['turned_card', 'payments', 'went']
        """
        asked = [f for f in self.record_fields(table) if f.name not in (*cards.CARD_FIELDS, "void")]
        return tuple(dataclasses.replace(f, required=True, help=_("The first of them after the dealer leads."))
                     if f.name == "went" else f for f in asked)

    def contract_fields(self, table: Table, state: ToruroState) -> tuple[Field, ...]:
        """:meth:`play_fields` as the night stands before the deal: the lulo paid is one of those that may be
        paid now, tapped as the record form offers them (equal lulos of one player are one choice); with none
        to pay, no payment is asked. On the night's first deal everyone goes (house rule 3): who went starts
        with everyone, as the record form's does.

        >>> table = GAME.table(["Ana", "Luis", "Pepe", "Marta", "Juan"])
        >>> [f.name for f in GAME.contract_fields(table, GAME.initial_state(table))]
        ['turned_card', 'went']
        >>> state, _out = GAME.apply(table, GAME.initial_state(table), {"turned_card": "5B",  # everyone goes
        ...                          "went": list(table.players), "tricks": ["Luis", "Luis", "Luis"]})
        >>> [(value, str(label)) for value, label in GAME.contract_fields(table, state)[1].fields[0].choices][:2]
        [('1', '#1 Pepe · 3 chips'), ('2', '#2 Marta · 3 chips')]
        >>> [f.default for f in GAME.contract_fields(table, GAME.initial_state(table)) if f.name == "went"]
        [['Ana', 'Luis', 'Pepe', 'Marta', 'Juan']]
        """
        everyone = going.everyone_goes_from_the_start(table, state.played == 0)
        choices = tuple((str(first.id), _("#%(id)s %(player)s · %(n)s chips", id=first.id, player=first.player,
                                          n=first.amount))
                        for first, *_same in lulos.by_kind(lulos.payable(table, state)))
        asked = []
        for field in self.play_fields(table):
            if field.name == "payments":
                if not choices:
                    continue
                field = dataclasses.replace(field, fields=tuple(
                    dataclasses.replace(sub, kind="choice", choices=choices, minimum=None)
                    if sub.name == "lulo" else sub for sub in field.fields))
            elif field.name == "went" and everyone:
                field = dataclasses.replace(field, default=list(table.players),
                                            help=join([going.FIRST_DEAL_NOTE, field.help or ""], " "))
            asked.append(field)
        return tuple(asked)

    def record_words(self, table: Table, state: ToruroState, record: Mapping[str, Any]) -> dict[str, Text]:
        """The lulos paid said as the deal's breakdown says them (whose lulo, what it costs, into which pots), not
        as "6, barriga 3, cola 3" (a tester read the lulo's number as its chips)."""
        paid = lulos.paid_words(table, state, record.get("payments"))
        return {"payments": paid} if paid is not None else {}

    def played_deal(self, table: Table, contract: Mapping[str, Any], first_leader: Seat) -> PlayedDeal:
        """A deal about to be played card by card under ``contract`` (as :meth:`play_fields` ask it), by those
        who went: the first of them from ``first_leader`` round the table leads (``first_leader`` being the
        player after the dealer, as the table page has it, or the one who led). :class:`InvalidRecord` with a
        message per field.

        >>> table = GAME.table(["Ana", "Luis", "Pepe", "Marta", "Juan"])
        >>> deal = GAME.played_deal(table, {"turned_card": "5B", "went": ["Juan", "Pepe"]}, table.seat(1))
        >>> deal.first_leader.name, [s.name for s in deal.seats], deal.tricks_in_deal
        ('Pepe', ['Pepe', 'Juan'], 3)
        """
        record = self._contract(table, contract)
        assert record.turned_card is not None
        dealer = table.seat(table.after(first_leader.index, -1))
        return cards.new_deal(table, record.turned_card, dealer, record.went)

    def record_from_plays(self, table: Table, contract: Mapping[str, Any],
                          deal: PlayedDeal) -> tuple[ToruroRecord, tuple[Text, ...]]:
        """The record a complete deal makes, keeping its cards, and what the cards said to make it (who took
        each pot, who took no trick, each misplay turned into its lulo), to show before saving."""
        found = cards.derive(table, self._contract(table, contract), deal)
        plays = PlayedCards(deal.first_leader, tuple(p.card for p in deal.plays))
        record = dataclasses.replace(found.record, went=deal.seats, plays=plays)  # who went, in the order of play
        return record, cards.said(table, deal, found)

    def plays_of(self, table: Table, stored: Mapping[str, Any]) -> tuple[dict[str, Any], Seat, tuple[Card, ...]] | None:
        """A stored deal entered card by card as it was entered: its contract (as :meth:`play_fields` ask it),
        who led and the cards in order; ``None`` for a deal entered as numbers."""
        record = parse_record(table.players, stored)
        if record.plays is None or record.turned_card is None or record.void:
            return None
        contract: dict[str, Any] = {"turned_card": record.turned_card.code,
                                    "went": [table.players[s.index] for s in record.went]}
        if record.payments:
            contract["payments"] = [pay.to_json() for pay in record.payments]
        return contract, table.seat(record.plays.leader.index), record.plays.cards

    def check_contract(self, table: Table, state: ToruroState, contract: Mapping[str, Any]) -> None:
        """What a contract entered card by card breaks given the night so far, said before the first card: the
        lulos paid (which may be paid now, how many a deal may pay), and on the first deal everyone goes (house
        rule 3)."""
        errors = Errors()
        record = self._contract(table, contract)
        self._check_payments(table, state, record.payments, errors)
        self._check_went(table, state, record, errors)
        errors.raise_if_any()

    def _contract(self, table: Table, raw: Mapping[str, Any]) -> ToruroRecord:
        """The contract read: a message per field, and one on ``went`` when nobody went (no card is played: such
        a deal is recorded from the table page) or, the Ace turned, not everyone went (house rule 2)."""
        errors = Errors()
        if not isinstance(raw, Mapping):
            raise InvalidRecord({"__all__": _("A deal record is a set of fields.")})
        if parse.yes_no(raw.get("void"), "void", errors):
            errors.add("void", _("A void deal has no cards to enter: record it from the table page."))
        record = None
        try:
            record = cards.contract_record(table, {k: v for k, v in raw.items() if k != "void"})
        except InvalidRecord as exc:
            errors.add_all(exc)
        if record is not None and not record.went:
            errors.add("went", _("Nobody went, so no card is played: record this deal from the table page."),
                       rule=RULE["going"])
        turned = record.turned_card if record is not None else None
        if (record is not None and going.everyone_must_go(table, False, turned) is not None
                and len(record.went) < table.size):
            missing = ", ".join(s.name for s in table.seats() if s not in record.went)
            errors.add("went", going.must_go_message(going.TRUMP_ACE, missing), rule=RULE["house_rules"])
        errors.raise_if_any()
        assert record is not None
        return record

    def parse(self, table: Table, raw: Mapping[str, Any]) -> ToruroRecord:
        return parse_record(table.players, raw)

    def complete(self, table: Table, state: ToruroState, record: ToruroRecord) -> ToruroRecord:
        """The record with each payment naming who owed the lulo (the list is renumbered when an earlier deal
        is corrected, and then the payment must not pass silently to whoever owns that number now), and who
        went in the order of play from the dealer's left."""
        debts = state.ledger.debts
        payments = tuple(
            dataclasses.replace(pay, player=table.seat(debts[pay.lulo - 1].debtor))
            if pay.player is None and 1 <= pay.lulo <= len(debts) else pay
            for pay in record.payments)
        order = {table.after(state.dealer, k): k for k in range(1, table.size + 1)}
        went = tuple(sorted(record.went, key=lambda seat: order[seat.index]))
        return dataclasses.replace(record, payments=payments, went=went)

    # -- the rules a record may break ---------------------------------------------------------------------------
    def check(self, table: Table, state: ToruroState, record: ToruroRecord) -> None:
        if lulos.night_over(table, state):
            raise InvalidRecord({"__all__": _("The night is over: nobody owes anything.")},
                                {"__all__": RULE["end"]})
        errors = Errors()
        if record.void:
            if record.payments:
                errors.add("payments", _("A void deal moves no chips: no lulo is paid in it."), rule=RULE["void"])
            errors.raise_if_any()
            return
        self._check_payments(table, state, record.payments, errors)
        self._check_went(table, state, record, errors)
        self.check_play(record, errors)
        cards.check_plays(table, table.seat(state.dealer), record, errors)
        errors.raise_if_any()

    def check_play(self, record: ToruroRecord, errors: Errors) -> None:
        """Who took the tricks and the play rules broken, against who went: part of :meth:`check`, which the
        referee's pots question also asks of a deal it knows without the night around it."""
        self._check_tricks(record, errors)
        self._check_misplays(record, errors)

    @staticmethod
    def _check_payments(table: Table, state: ToruroState, payments: tuple[Payment, ...], errors: Errors) -> None:
        per_deal = table.options.lulos_per_deal
        rule = RULE["paying"]
        if len(payments) > per_deal:
            errors.add("payments", _("One lulo at most may be paid in a deal (%(given)s given).", given=len(payments))
                       if per_deal == 1 else _("At most %(n)s lulos may be paid in a deal (%(given)s given).",
                                               n=per_deal, given=len(payments)), rule=RULE["house_rules"])
            return
        if not payments:
            return
        debts = state.ledger.debts
        remaining = {debt.id: debt for debt in state.ledger.open_debts()}
        seen: set[int] = set()
        for pay in payments:
            if not 1 <= pay.lulo <= len(debts):
                errors.add("payments", _("There is no lulo #%(id)s on the list.", id=pay.lulo), rule=rule)
                return
            debt = debts[pay.lulo - 1]
            owner = table.players[debt.debtor]
            if pay.player is not None and pay.player.index != debt.debtor:
                # A stored payment names its debtor: correcting an earlier deal may renumber the list.
                errors.add("payments", _("Lulo #%(id)s is %(owner)s's, not %(name)s's.", id=pay.lulo, owner=owner,
                                         name=pay.player.name), rule=rule)
                return
            if pay.lulo in seen:
                errors.add("payments", _("Lulo #%(id)s is paid twice.", id=pay.lulo), rule=rule)
                return
            seen.add(pay.lulo)
            if debt.free:
                errors.add("payments", _("Lulo #%(id)s was free: there is nothing to pay.", id=pay.lulo),
                           rule=RULE["house_rules"])
                return
            if debt.paid_deal is not None:
                errors.add("payments", _("Lulo #%(id)s was already paid, in deal %(deal)s.", id=pay.lulo,
                                         deal=debt.paid_deal), rule=rule)
                return
            lowest = min(d.amount for d in remaining.values())
            if debt.amount > lowest:
                owers = ", ".join(f"#{d.id} {table.players[d.debtor]}" for d in sorted(
                    remaining.values(), key=lambda d: d.id) if d.amount == lowest)
                errors.add("payments", _("Lulos are paid lowest first: lulo #%(id)s is %(amount)s chips, but "
                                         "%(lowest)s-chip lulos are still open (%(owers)s).", id=pay.lulo,
                                         amount=debt.amount, lowest=lowest, owers=owers), rule=rule)
                return
            if pay.total != debt.amount:
                errors.add("payments", _("Lulo #%(id)s is %(amount)s chips, but the split (cabeza %(c)s, "
                                         "barriga %(b)s, cola %(k)s) adds up to %(sum)s.", id=pay.lulo,
                                         amount=debt.amount, c=pay.cabeza, b=pay.barriga, k=pay.cola,
                                         sum=pay.total), rule=rule)
                return
            del remaining[pay.lulo]

    @staticmethod
    def _check_went(table: Table, state: ToruroState, record: ToruroRecord, errors: Errors) -> None:
        went = {seat.index for seat in record.went}
        missing = ", ".join(table.players[table.after(state.dealer, k)] for k in range(1, table.size + 1)
                            if table.after(state.dealer, k) not in went)
        if not missing:
            return
        why = going.everyone_must_go(table, state.played == 0, record.turned_card)
        if why is not None:
            errors.add("went", going.must_go_message(why, missing), rule=RULE["house_rules"])

    @staticmethod
    def _check_tricks(record: ToruroRecord, errors: Errors) -> None:
        if "went" in errors:
            return
        takers, rule = record.takers, RULE["pots"]
        if not record.went:
            if takers:
                errors.add("tricks", _("Nobody went, so nobody took a trick: leave the tricks empty."), rule=rule)
            return
        if len(takers) != len(POTS):
            errors.add("tricks", _("Three tricks are played: name who took each of them (%(n)s given).",
                                   n=len(takers)), rule=rule)
            return
        for seat in takers:
            if seat not in record.went:
                errors.add("tricks", _("%(name)s did not go, so cannot have taken a trick.", name=seat.name),
                           rule=RULE["going"])
                return

    @staticmethod
    def _check_misplays(record: ToruroRecord, errors: Errors) -> None:
        misplays = record.misplays
        for m in misplays:
            if m.player not in record.went:
                errors.add("misplays", _("%(name)s did not go, so cannot have broken a play rule.",
                                         name=m.player.name), rule=RULE["going"])
                return
        if not misplays or "went" in errors or "tricks" in errors:
            return
        first_leader, takers = record.went[0], record.takers
        first_leads = [m for m in misplays if m.rule in FIRST_LEAD_RULES]
        if len(first_leads) > 1:
            errors.add("misplays", _("One card leads the first trick: at most one first-lead misplay."),
                       rule=RULE["lead_ace"])
        elif first_leads and first_leads[0].player != first_leader:
            errors.add("misplays", _("%(leader)s led the first trick (the first player after the dealer who "
                                     "went), not %(name)s.", leader=first_leader.name,
                                     name=first_leads[0].player.name), rule=RULE["going"])
        second = [m for m in misplays if m.rule == "lead_highest_trump_second"]
        if len(second) > 1:
            errors.add("misplays", _("One card leads the second trick: at most one second-lead misplay."),
                       rule=RULE["lead_highest_trump_second"])
        elif second and second[0].player != takers[0]:
            errors.add("misplays", _("%(leader)s took the first trick and led the second, not %(name)s.",
                                     leader=takers[0].name, name=second[0].player.name),
                       rule=RULE["lead_highest_trump_second"])
        leaders = [first_leader, takers[0], takers[1]]
        for seat in dict.fromkeys(m.player for m in misplays):
            follows = sum(1 for m in misplays if m.player == seat and m.rule in FOLLOW_RULES)
            could = sum(1 for leader in leaders if leader != seat)
            if follows > could:
                if len(record.went) == 1:
                    errors.add("misplays", _("%(name)s went alone: nobody follows, so no following rule can "
                                             "be broken.", name=seat.name), rule=RULE["follow_suit"])
                elif not could:  # said apart: "0 tricks" reads as a count, and French counts 0 as one
                    errors.add("misplays", _("%(name)s led all three tricks, so followed in none: no following "
                                             "rule can be broken.", name=seat.name), rule=RULE["follow_suit"])
                else:
                    errors.add("misplays", ngettext(
                        "%(name)s followed in %(n)s trick only, so broke a following rule at most once.",
                        "%(name)s followed in %(n)s tricks only, so broke a following rule at most %(n)s times.",
                        could, name=seat.name), rule=RULE["follow_suit"])

    # -- scoring ------------------------------------------------------------------------------------------------
    def initial_state(self, table: Table) -> ToruroState:
        return initial(table.size, table.first_dealer)

    def carried_fields(self, table: Table) -> tuple[Field, ...]:
        return carry.carried_fields(table)

    def carry_over(self, table: Table, raw: Mapping[str, Any]) -> ToruroState:
        """Nets, pots, the open lulos and the lulos committed, of a night under way (:mod:`.carry`)."""
        return carry.carry_over(table, raw, self.initial_state(table))

    def score(self, table: Table, state: ToruroState, record: ToruroRecord) -> tuple[ToruroState, Outcome]:
        assert record.turned_card is not None
        deal_no = state.deals + 1
        names = table.players
        lines: list[Text] = []
        turned = record.turned_card
        trump = turned.suit
        seven_as = seven_stands_in_for(turned)
        lines.append(_("Deal %(n)s, dealt by %(dealer)s. Turned card %(card)s: %(suit)s are trumps.",
                       n=deal_no, dealer=names[state.dealer], card=card_name(turned, self.deck),
                       suit=SUIT_WORDS[trump]))
        if seven_as is not None:
            lines.append(_("The turned card is a sota or higher: the 7 of %(suit)s plays as the %(rank)s.",
                           suit=SUIT_WORDS[trump], rank=RANK_NAMES[seven_as]))
        return self.deal_chips(table, state, record, lines)

    def deal_chips(self, table: Table, state: ToruroState, record: ToruroRecord,
                   lines: list[Text] | None = None) -> tuple[ToruroState, Outcome]:
        """Every chip of a checked deal, after the ``lines`` already said: the dealer's chips, the lulos paid in,
        the pots won, the lulos committed (:meth:`score`'s, and the referee's when asked who collects and who owes:
        :mod:`games.toruro.lulo_referee`, which knows no turned card)."""
        deal_no = state.deals + 1
        names = table.players
        dealer = state.dealer
        books = _Books(state.ledger)
        shares = list(state.pot_shares)
        lines = [] if lines is None else lines

        # The dealer's chips.
        for pot in POTS:
            books.move(dealer, pot, ANTE, _("Dealer's chip in the %(pot)s", pot=POT_NAMES[pot]))
            shares[dealer] += ANTE
        lines.append(_("Dealer %(dealer)s antes %(ante)s chip in each pot (%(total)s chips).",
                       dealer=names[dealer], ante=ANTE, total=ANTE * len(POTS)))

        # Lulos paid into the pots.
        for pay in record.payments:
            debt = books.ledger.debt(pay.lulo)
            payer = debt.debtor
            for pot, chips in pay.split.items():
                if chips:
                    books.move(payer, pot, chips, _("Lulo #%(id)s into the %(pot)s", id=debt.id,
                                                    pot=POT_NAMES[pot]))
                    shares[payer] += chips
            books.ledger = books.ledger.paid(debt.id, deal=deal_no)
            lines.append(lulos.paid_line(names[payer], debt, pay))

        pots = dict(books.ledger.pots)
        in_play = sum(pots.values())
        lines.append(_("In play: cabeza %(c)s, barriga %(b)s, cola %(k)s = %(total)s chips; a lulo this "
                       "deal costs %(total)s.", c=pots["cabeza"], b=pots["barriga"], k=pots["cola"],
                       total=in_play))

        counts = list(state.lulo_counts)
        new_lulos: list[int] = []
        night_over = not record.went and not (books.ledger.any_open() or table.options.play_out_pots)
        if not record.went and not night_over:
            lines.append(_("Nobody went: the pots (%(total)s chips) stay for the next deal.", total=in_play))
        elif night_over:  # the last lulo was paid in: there is no next deal
            back = [f"{names[seat]} {shares[seat]}" for seat in
                    (table.after(dealer, k) for k in range(1, table.size + 1)) if shares[seat]]
            lines.append(_("Nobody went, and nobody owes a lulo any more: the night is over. The pots (%(total)s "
                           "chips) go back to who put them: %(who)s.", total=in_play, who=and_join(back)))
        else:
            lines.append(_("Went: %(names)s.", names=", ".join(seat.name for seat in record.went)))
            for pot, taker in zip(POTS, record.takers, strict=True):
                amount = books.ledger.pots[pot]
                books.move(pot, taker.index, amount, _("%(pot)s won", pot=POT_NAMES[pot]))
                if amount == 1:
                    lines.append(_("%(pot)s (1 chip) to %(player)s.", pot=POT_NAMES[pot], player=taker.name))
                else:
                    lines.append(_("%(pot)s (%(amount)s chips) to %(player)s.", pot=POT_NAMES[pot],
                                   amount=amount, player=taker.name))
            shares = [0] * table.size
            new_lulos = self._commit_lulos(table, books, record, counts, in_play, deal_no, lines)

        scores = books.nets(table.size)
        net = ", ".join(f"{names[seat]} {signed(score)}" for seat, score in enumerate(scores) if score)
        if night_over:  # what this deal paid in, the chips coming back counted apart (the standings say so)
            lines.append(_("Net this deal, before the pots go back: %(net)s.", net=net or "0"))
        else:
            lines.append(_("Net this deal: %(net)s.", net=net or "0"))
        after: ToruroState = dataclasses.replace(
            state.scored(scores), ledger=books.ledger, played=state.played + 1, pot_shares=tuple(shares),
            lulo_counts=tuple(counts), chips=books.chips(state.chips))
        assert after.totals == after.ledger.players and after.ledger.conserved
        paid = tuple(pay.lulo for pay in record.payments)  # a void deal is score_void's
        details = self._details(table, after, record, paid, tuple(new_lulos), in_play)
        return after, Outcome(scores=scores, breakdown=tuple(lines), moves=tuple(books.moves), details=details)

    @staticmethod
    def _commit_lulos(table: Table, books: _Books, record: ToruroRecord, counts: list[int], in_play: int,
                      deal_no: int, lines: list[Text]) -> list[int]:
        """Add this deal's lulos to the list, in the order of play from the dealer's left; their ids."""
        options = table.options
        added: list[int] = []
        for seat in record.went:  # already in the order of play from the dealer's left
            offences: list[tuple[str, str | None]] = []
            if seat not in record.takers:
                offences.append((NO_TRICK, None))
                lines.append(_("%(player)s went and took no trick: lulo.", player=seat.name))
            for m in record.misplays:
                if m.player == seat:
                    offences.append((MISPLAY, m.rule.value))
                    lines.append(_("%(player)s broke the rule “%(rule)s”: lulo (any pot won is kept).",
                                   player=seat.name, rule=RULE_NAMES[m.rule.value]))
            if not offences:
                continue
            if options.one_lulo_per_deal:
                reason = offences[0][0]
                rule = next((r for _kind, r in offences if r is not None), None)
                offences = [(reason, rule)]
            for reason, rule in offences:
                counts[seat.index] += 1
                count = counts[seat.index]
                free = options.free_tenth and count % 10 == 0
                books.ledger, debt = books.ledger.owe(seat.index, in_play, lulos.debt_reason(reason, rule),
                                                      deal=deal_no, free=free, detail=lulos.detail(reason, rule))
                added.append(debt.id)
                if free:
                    lines.append(_("Lulo #%(id)s is %(player)s's lulo number %(count)s: free (every tenth "
                                   "lulo is free).", id=debt.id, player=seat.name, count=count))
                else:
                    lines.append(_("Lulo #%(id)s: %(player)s owes %(amount)s chips.", id=debt.id,
                                   player=seat.name, amount=in_play))
        return added

    @staticmethod
    def _details(table: Table, after: ToruroState, record: ToruroRecord, paid: tuple[int, ...],
                 new_lulos: tuple[int, ...], in_play: int | None) -> ToruroDetails:
        turned = record.turned_card
        return ToruroDetails(
            lulos=lulos.lines_of(after, table.players, (*paid, *new_lulos)), new_lulos=new_lulos,
            pots=dict(after.ledger.pots), pots_at_start=in_play,
            trump=turned.suit if turned is not None else None,
            seven_as_turned=seven_stands_in_for(turned) if turned is not None else None)

    def score_void(self, table: Table, state: ToruroState, record: ToruroRecord) -> tuple[ToruroState, Outcome]:
        """A misdeal: no ante, no payment, no lulo; the pots and the lulo list stay as they were."""
        line = _("Void deal (misdeal): no chip moves; the pots and the lulo list stay as they were.")
        details = self._details(table, state, record, (), (), None)
        return state, Outcome(scores=(0,) * table.size, breakdown=(line,), void=True, details=details)

    # -- the end, settling up, what the table shows -------------------------------------------------------------
    def standing(self, table: Table, state: ToruroState, side: int) -> int:
        """A player's net; once the night is over, with their chips still in the pots back to them, as settling
        up and the winner count them."""
        back = state.pot_shares[side] if lulos.night_over(table, state) else 0
        return state.totals[side] + back

    def show_total(self, table: Table, state: ToruroState, side: int) -> Text:
        """The net, and once the night is over what came back from the pots: "+3 (0, 3 back from the pots)"."""
        net, standing = state.totals[side], self.standing(table, state, side)
        if standing == net:
            return Text(signed(net))
        return _("%(total)s (%(net)s, %(back)s back from the pots)", total=signed(standing), net=signed(net),
                 back=standing - net)

    def winners(self, table: Table, state: ToruroState) -> tuple[int, ...]:
        """When the night is over: the players with the best net (ties share the win)."""
        if not lulos.night_over(table, state):
            return ()
        nets = [self.standing(table, state, seat) for seat in range(table.size)]
        return tuple(seat for seat, net in enumerate(nets) if net == max(nets))

    def settling_moves(self, table: Table, state: ToruroState, include_open_lulos: bool = False,
                       **choices: Any) -> tuple[Move, ...]:
        """With ``include_open_lulos``, each debtor's open lulos paid in now: one move per debtor, in the order the
        lulo list first names them, into the cabeza; nothing otherwise (nor once the night is over: nobody owes).

        The seed has the payer "place the full debt divided in the three pots any way he/she likes"; settling
        up shares the three pots out together, so the split decides nothing there, and all of it goes where the
        seed's first example puts it ("all the chips on the cabeza").

        >>> table = GAME.table(["Ana", "Bo", "Cy", "Di", "Ed"])
        >>> ledger, _d = initial(5, 0).ledger.owe(2, 3, _("r"), deal=1)
        >>> ledger, _d = ledger.owe(0, 3, _("r"), deal=1)
        >>> ledger, _d = ledger.owe(2, 6, _("r"), deal=2)
        >>> state = dataclasses.replace(initial(5, 0), ledger=ledger, played=2)
        >>> [(m.payer, m.payee, m.amount, str(m.reason))
        ...  for m in GAME.settling_moves(table, state, include_open_lulos=True)]
        [(2, 'cabeza', 9, '2 open lulos (3 + 6), paid into the cabeza'), (0, 'cabeza', 3, 'open lulo, paid into \
the cabeza')]
        >>> GAME.settling_moves(table, state)
        ()
        """
        if not include_open_lulos:
            return ()
        return tuple(Move(seat, POTS[0], sum(amounts), ngettext(
            "open lulo, paid into the cabeza", "%(n)s open lulos (%(amounts)s), paid into the cabeza", len(amounts),
            amounts=" + ".join(str(a) for a in amounts))) for seat, amounts in state.ledger.open_by_debtor().items())

    def balances(self, table: Table, state: ToruroState, include_open_lulos: bool = False,
                 **choices: Any) -> dict[int, int]:
        """Each seat's net in chips if the night stopped now; always sums to zero.

        - Default (``include_open_lulos=False``): open lulos are let off, and the chips lying in the pots go
          back to whoever put them there (``pot_shares``: the dealers' antes and lulo money since the pots were
          last won). Each player gets their net over the night plus their own chips still on the table.
        - ``include_open_lulos=True``: every open lulo is paid now (:meth:`settling_moves`), and the chips on the
          table (the pots plus those payments) are shared equally among all the players, as if played out, where
          each player has the same chance at them; odd chips go one each in the order of play from the player
          after the dealer.

        Once the night is over (nobody owes, after a deal), there is nothing to count: the chips left in the pots
        go back to who put them, whatever the choice (the deal's breakdown and the standings say so)."""
        if not include_open_lulos or lulos.night_over(table, state):
            return {seat: state.ledger.players[seat] + state.pot_shares[seat] for seat in range(table.size)}
        ledger = state.ledger.moved(self.settling_moves(table, state, include_open_lulos))
        shares = share_equally(ledger.pots_total(), [table.after(state.dealer, k) for k in range(1, table.size + 1)])
        return {seat: ledger.players[seat] + shares[seat] for seat in range(table.size)}

    def settle_notes(self, table: Table, state: ToruroState, include_open_lulos: bool = False,
                     **choices: Any) -> tuple[Text, ...]:
        """How the chips still on the table (and the open lulos) were counted in the balances, so that a night
        stopped before it ends can be checked by hand; nothing once the pots are empty and nobody owes. Counted,
        the open lulos are each debtor's payment in (:meth:`settling_moves`, as the balances count them).

        >>> table = GAME.table(["Ana", "Bo", "Cy", "Di", "Ed"])
        >>> state, _outcome = GAME.apply(table, GAME.initial_state(table), {"turned_card": "5O",
        ...     "went": ["Ana", "Bo", "Cy", "Di", "Ed"], "tricks": ["Bo", "Cy", "Bo"]})
        >>> [str(note) for note in GAME.settle_notes(table, state)]
        ['Open lulos let off: Di 3, Ed 3 and Ana 3.']
        >>> [str(note) for note in GAME.settle_notes(table, state, include_open_lulos=True)]
        ['Open lulos paid now: Di 3, Ed 3 and Ana 3.', 'On the table: 9 chips, 1 to each player and the 4 left \
over one each to Cy, Di, Ed and Ana, from the player after Bo, who deals next.']
        """
        names = table.players
        order = [table.after(state.dealer, k) for k in range(1, table.size + 1)]
        in_pots = state.ledger.pots_total()
        notes: list[Text] = []
        if not include_open_lulos or lulos.night_over(table, state):  # as balances() counts
            owed = [f"{names[debt.debtor]} {debt.amount}" for debt in state.ledger.open_debts()]  # the list's order
            if owed:
                notes.append(_("Open lulos let off: %(lulos)s.", lulos=and_join(owed)))
            if in_pots:
                since = [table.after(state.dealer, k) for k in range(table.size)]  # as the last deal's lines list them
                back = [f"{names[seat]} {state.pot_shares[seat]}" for seat in since if state.pot_shares[seat]]
                notes.append(_("The pots: %(n)s chips, back to who put them: %(who)s.", n=in_pots,
                               who=and_join(back)))
            return tuple(notes)
        moves = self.settling_moves(table, state, include_open_lulos)
        if moves:
            notes.append(_("Open lulos paid now: %(lulos)s.",
                           lulos=and_join([f"{names[move.payer]} {move.amount}" for move in moves
                                           if isinstance(move.payer, int)])))
        on_table = state.ledger.moved(moves).pots_total()
        if not on_table:
            return tuple(notes)
        each, odd = divmod(on_table, table.size)
        if not odd:
            notes.append(_("On the table: %(n)s chips, %(each)s to each player.", n=on_table, each=each))
        elif odd == 1:
            notes.append(_("On the table: %(n)s chips, %(each)s to each player and the one left over to %(who)s, "
                           "the player after %(dealer)s, who deals next.", n=on_table, each=each,
                           who=names[order[0]], dealer=names[state.dealer]))
        else:
            extra = and_join([names[seat] for seat in order[:odd]])
            notes.append(_("On the table: %(n)s chips, %(each)s to each player and the %(odd)s left over one each "
                           "to %(who)s, from the player after %(dealer)s, who deals next.", n=on_table, each=each,
                           odd=odd, who=extra, dealer=names[state.dealer]))
        return tuple(notes)

    def display_state(self, table: Table, state: ToruroState) -> dict[str, Any]:
        """What the table page and the API show: the lulo list, counts towards the free tenth, pots, dealer,
        nets, the lulos payable now and the pots when play starts (players by name)."""
        names = table.players
        ledger = state.ledger
        free_tenth = table.options.free_tenth
        owed = ledger.owed(table.size)
        pots = {pot: ledger.pots[pot] for pot in POTS}
        over = lulos.night_over(table, state)
        return {
            "lulo_list": [line.to_json() for line in lulos.lulo_list(state, names)],
            "owed": {names[seat]: owed[seat] for seat in range(table.size)},
            "open_total": sum(owed.values()),
            "lulo_counts": {names[seat]: {"count": n, "next_free": (n // 10 + 1) * 10 if free_tenth else None}
                            for seat, n in enumerate(state.lulo_counts)},
            "pots": pots,
            "pots_total": sum(pots.values()),
            "next_dealer": names[state.dealer],
            "first_to_speak": names[table.after(state.dealer)],
            "nets": {names[seat]: net for seat, net in enumerate(ledger.players)},
            "payable": [lulo.to_json() for lulo in lulos.payable(table, state)],
            "lulos_per_deal": table.options.lulos_per_deal,
            "pots_at_start": None if over else at_start(state),
            "first_deal": state.played == 0,
            "game_over": over,
            "chips_moved": state.chips.to_json(),
        }

    def statistics(self, table: Table, seat: int, records: Sequence[ToruroRecord], outcomes: Sequence[Outcome],
                   state: ToruroState) -> tuple[Statistic, ...]:
        """Deals gone, pots won, and lulos committed, free and paid (:mod:`.stats`)."""
        return stats.statistics(table, seat, records, state)

    # -- the referee --------------------------------------------------------------------------------------------
    def referee_fields(self, table: Table) -> tuple[Field, ...]:
        """The referee's fields, the lulo question's under each player's name."""
        return referee_fields(table.players, table.options.free_tenth)

    def referee_initial(self, table: Table, state: ToruroState) -> Mapping[str, Any]:
        """Asked from a table, the going, lulo and pots questions start from the night as it stands: who deals
        next, each player's open lulos and lulos committed so far, the chips in the pots, and whether the next
        deal is the night's first."""
        owed: dict[int, list[str]] = {}
        for debt in state.ledger.open_debts():
            owed.setdefault(debt.debtor, []).append(str(debt.amount))
        return {"dealer": table.players[state.dealer], going.FIRST_DEAL: state.played == 0,
                **{f"lulos_{seat}": " ".join(amounts) for seat, amounts in owed.items()},
                **{f"count_{seat}": str(count) for seat, count in enumerate(state.lulo_counts)},
                **{pot: str(chips) for pot, chips in state.ledger.pots.items()}}

    def ruling(self, table: Table, situation: Mapping[str, Any]) -> Ruling:
        """Toruro's referee: a play or a trick (``question: "play"``, the default) is answered by
        :func:`games.toruro.play.ruling` (its tricks are as short as who went); going (``"going"``) by
        :func:`games.toruro.going.going_ruling`; the lulo list (``"lulos"``) and who collects and owes (``"pots"``)
        by :func:`games.toruro.lulo_referee.lulo_ruling` and :func:`~games.toruro.lulo_referee.pots_ruling`."""
        asked = parse.question_of(situation)
        if asked == going.QUESTION:
            return going.going_ruling(table, situation)
        if asked == lulo_referee.QUESTION:
            return lulo_referee.lulo_ruling(table, situation)
        if asked == lulo_referee.POTS_QUESTION:
            return lulo_referee.pots_ruling(table, situation)
        return play.ruling(table, situation)


GAME = Toruro()
