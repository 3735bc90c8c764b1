"""What Tresillo and L'Ombre share as games: three players dealt in (a fourth sits out while dealing), the
Hombre against two, nine tricks and the three results, the money kept in a ledger, the referee.

>>> result(5, {1: 4, 2: 0}), result(3, {1: 4, 2: 2}), result(1, {1: 4, 2: 4}), result(3, {1: 3, 2: 3})
(('sacado', None), ('codillo', 1), ('repuesto', None), ('repuesto', None))
"""

from __future__ import annotations

import dataclasses
from abc import abstractmethod
from collections.abc import Mapping
from typing import Any, Generic, TypeVar

from referee.cards import Card, DeckKind
from referee.game import Field, Game, Options, Ruling, Settlement, State, TableSpec
from referee.parse import Errors, InvalidRecord
from referee.played import PlayedDeal
from referee.text import Text, _, and_join, join
from referee.values import Seat

from .bid_referee import asks_bidding
from .options import APART, HOMBRE_LEADS, SHARES
from .play import DEALER_FIELD, REFEREE, ruling
from .record import HandRecord, HombrePlays, Taken
from .rules_text import RULE_PLAYERS, RULE_RECORD, RULE_RESULT

SACADO, CODILLO, REPUESTO = "sacado", "codillo", "repuesto"
TRICKS = 9
RESULT_WORDS: dict[str, Text] = {SACADO: _("sacado"), CODILLO: _("codillo"), REPUESTO: _("repuesto")}


def result(hombre: int, opponents: Mapping[int, int]) -> tuple[str, int | None]:
    """Sacado (more tricks than each opponent), codillo (an opponent with more than the Hombre and than the
    other opponent: the winner, returned) or repuesto (a tie for most, or 1-4-4)."""
    if all(hombre > n for n in opponents.values()):
        return SACADO, None
    best = max(opponents.values())
    leaders = [seat for seat, n in opponents.items() if n == best]
    if best > hombre and len(leaders) == 1:
        return CODILLO, leaders[0]
    return REPUESTO, None


O = TypeVar("O", bound=Options)  # noqa: E741
R = TypeVar("R", bound=HandRecord)
S = TypeVar("S", bound=State)


class HombreGame(Game[O, R, S], Generic[O, R, S]):
    """The shared part of Tresillo and L'Ombre."""

    player_counts = (3, 4)
    leader_label = _("Speaks first:")  # the eldest; the Hombre leads the first trick
    leader_tag = _("speaks first")
    usual_players = 3  # seed 003: "L’Ombre (or Hombre) is a three-player game"; four is the variant
    deck = DeckKind.SPANISH40
    settlement = Settlement.LEDGER
    trick_rules = REFEREE

    # -- who plays -----------------------------------------------------------------------------------------
    def active_players(self, table: TableSpec[O], state: S) -> tuple[int, ...]:
        """Three are dealt in: at a table of four the dealer sits the deal out."""
        if table.size == 3:
            return (0, 1, 2)
        return tuple(seat for seat in range(table.size) if seat != state.dealer)

    def speaking_order(self, table: TableSpec[O], state: S) -> tuple[int, ...]:
        """The three dealt in, from the eldest (the first after the dealer)."""
        active = self.active_players(table, state)
        return tuple(seat for seat in (table.after(state.dealer, k) for k in range(1, table.size + 1))
                     if seat in active)

    # -- the record ----------------------------------------------------------------------------------------
    def complete(self, table: TableSpec[O], state: S, record: R) -> R:
        """The tricks of the three dealt in, the one left blank worked out (nine in all); blank rows of the
        player sitting out dropped. A deal that kept its cards keeps who dealt it, since who led (the Hombre) no
        longer says it: a record sent without the dealer (the record form shows him, never asks him) is read
        with the dealer in turn, so that its cards read back to the same deal."""
        if record.void:
            return record
        if record.plays is not None and record.dealer is None:
            record = dataclasses.replace(record, dealer=table.seat(state.dealer))
        active = self.active_players(table, state)
        kept = [t for t in record.tricks if t.player.index in active or t.tricks is not None]
        given = {t.player.index: t.tricks for t in kept}
        blank = [seat for seat in active if given.get(seat) is None]
        if len(blank) == 1 and all(given.get(seat) is not None for seat in active if seat != blank[0]):
            rest = TRICKS - sum(given[seat] or 0 for seat in active if seat != blank[0])
            if 0 <= rest <= TRICKS:
                given[blank[0]] = rest
                kept = [t for t in kept if t.player.index != blank[0]] + [Taken(table.seat(blank[0]), rest)]
        tricks = tuple(sorted(kept, key=lambda t: t.player.index))
        return dataclasses.replace(record, tricks=tricks) if tricks != record.tricks else record

    def check_common(self, table: TableSpec[O], state: S, record: R, errors: Errors) -> None:
        """The dealer in turn, a Hombre dealt in, the tricks of the three dealt in adding up to nine."""
        if record.dealer is not None and record.dealer.index != state.dealer:
            errors.add("dealer", _("%(dealer)s deals this deal (the deal passes in the order of play), not "
                                   "%(given)s.", dealer=table.players[state.dealer], given=record.dealer.name),
                       rule=RULE_PLAYERS)
        if record.void:
            return
        active = self.active_players(table, state)
        names = join([table.players[s] for s in active])
        if record.hombre is None:
            if "bids" not in errors:
                errors.add("hombre", _("Who is the Hombre? Tap a name."), rule=RULE_RECORD)
        elif record.hombre.index not in active:
            errors.add("hombre", _("%(name)s deals this deal and sits it out: the Hombre is one of %(names)s.",
                                   name=record.hombre.name, names=names), rule=RULE_PLAYERS)
        counts = record.counts(table.size)
        out = [seat for seat in range(table.size) if seat not in active and counts[seat]]
        given = sum(counts[seat] or 0 for seat in active)
        if out:
            errors.add("tricks", _("%(name)s sits this deal out and takes no trick.", name=table.players[out[0]]),
                       rule=RULE_PLAYERS)
        elif given > TRICKS:
            errors.add("tricks", _("These tricks add up to %(sum)s: %(over)s more than 9.", sum=given,
                                   over=given - TRICKS), rule=RULE_RESULT)
        elif any(counts[seat] is None for seat in active):
            errors.add("tricks", _("Give the tricks of %(names)s (leave one blank: it is worked out).",
                                   names=names), rule=RULE_RECORD)
        elif given != TRICKS:
            errors.add("tricks", _("These tricks add up to %(sum)s: nine tricks are played.", sum=given),
                       rule=RULE_RESULT)

    # -- who pays ------------------------------------------------------------------------------------------
    def sits_out(self, table: TableSpec[O], state: S) -> int | None:
        """The player sitting this deal out (the dealer at four), or ``None`` at three."""
        out = [seat for seat in range(table.size) if seat not in self.active_players(table, state)]
        return out[0] if out else None

    def shares(self, table: TableSpec[O], state: S) -> int | None:
        """The player sitting out if, by the house rule ``sitting_out``, he pays and collects like an opponent."""
        return self.sits_out(table, state) if getattr(table.options, "sitting_out", APART) == SHARES else None

    def each_opponent(self, table: TableSpec[O], state: S, hombre: int) -> tuple[int, ...]:
        """Who pays or collects "each opponent"'s share: the two opponents, and the player sitting out when he
        shares (house rule), in the order of play from the eldest."""
        sharing = self.shares(table, state)
        return tuple(seat for seat in (table.after(state.dealer, k) for k in range(1, table.size + 1))
                     if seat != hombre and (seat in self.active_players(table, state) or seat == sharing))

    def sharing_line(self, table: TableSpec[O], state: S) -> list[Text]:
        sharing = self.shares(table, state)
        if sharing is None:
            return []
        return [_("%(name)s sits out and, by the house rule, pays and collects like an opponent.",
                  name=table.players[sharing])]

    # -- the result ----------------------------------------------------------------------------------------
    def tricks_of(self, table: TableSpec[O], state: S, record: R) -> dict[int, int]:
        counts = record.counts(table.size)
        return {seat: counts[seat] or 0 for seat in self.active_players(table, state)}

    def tricks_line(self, table: TableSpec[O], tricks: Mapping[int, int], hombre: int) -> Text:
        parts = [Text("%(p)s %(n)s", {"p": table.players[s], "n": n}) for s, n in tricks.items()]
        return _("Tricks: %(tricks)s (Hombre %(hombre)s).", tricks=join(parts), hombre=table.players[hombre])

    # -- a deal entered card by card -----------------------------------------------------------------------
    def first_lead(self, table: TableSpec[O], state: S, contract: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
        """The Hombre leads the first trick (seed 003), or the eldest by the house rule ``first_lead``; the
        contract carries the dealer, since who deals no longer follows from who leads.

        >>> from games.tresillo.ombre import OMBRE
        >>> table = OMBRE.table(["Ana", "Beto", "Cris"])  # Ana deals: Beto is the eldest
        >>> contract = {"hombre": "Cris", "passed": ["Beto"], "taken_in": 3, "trump": "E"}
        >>> OMBRE.first_lead(table, OMBRE.initial_state(table), contract)[1]  # Cris, the Hombre
        2
        >>> house = OMBRE.table(["Ana", "Beto", "Cris"], {"first_lead": "eldest"})
        >>> OMBRE.first_lead(house, OMBRE.initial_state(house), contract)[1]
        1
        """
        eldest = self.leader(table, state)
        said = dict(contract)
        if said.get("void"):
            return said, eldest
        said.setdefault("dealer", table.players[state.dealer])
        if getattr(table.options, "first_lead", HOMBRE_LEADS) != HOMBRE_LEADS:
            return said, eldest
        try:
            record, _deal, _trump = self._deal(table, said, table.seat(eldest))
        except InvalidRecord:
            return said, eldest  # starting the deal says what is wrong with the contract
        return said, record.hombre.index if record.hombre is not None else eldest

    def first_lead_note(self, table: TableSpec[O], eldest: str) -> Text:
        """What the card-by-card page says before the contract is given."""
        if getattr(table.options, "first_lead", HOMBRE_LEADS) != HOMBRE_LEADS:
            return _("%(name)s, the eldest, leads the first trick (house rule).", name=eldest)
        return _("%(name)s, the eldest, speaks first; the Hombre leads the first trick.", name=eldest)

    def record_from_plays(self, table: TableSpec[O], contract: Mapping[str, Any],
                          deal: PlayedDeal) -> tuple[R, tuple[Text, ...]]:
        """The record a deal played to its end (or stopped early, as the game allows) makes, keeping its cards,
        and what the cards said to make it (:meth:`_derived`), to show before saving."""
        from .cards import too_many

        record, _deal, trump = self._deal(table, contract, deal.first_leader)
        too_many(deal)
        derived, lines = self._derived(table, record, deal, trump)
        plays = HombrePlays(deal.first_leader, trump, tuple(p.card for p in deal.plays))
        return dataclasses.replace(derived, plays=plays), lines

    def plays_of(self, table: TableSpec[O],
                 stored: Mapping[str, Any]) -> tuple[dict[str, Any], Seat, tuple[Card, ...]] | None:
        """A stored deal entered card by card as it was entered: its contract (as :meth:`play_fields` ask it),
        who led and the cards in order; ``None`` for a deal entered as numbers."""
        record = self.parse(table, stored)
        if record.void or record.plays is None or record.hombre is None:
            return None
        contract = self._contract_of(table, record, record.plays)
        if record.dealer is not None:
            contract["dealer"] = table.players[record.dealer.index]
        return contract, table.seat(record.plays.leader.index), record.plays.cards

    @abstractmethod
    def _deal(self, table: TableSpec[O], contract: Mapping[str, Any],
              first_leader: Seat) -> tuple[R, PlayedDeal, str]:
        """The contract read and checked, the deal about to be played under it, and its trump suit."""

    @abstractmethod
    def _derived(self, table: TableSpec[O], record: R, deal: PlayedDeal, trump: str) -> tuple[R, tuple[Text, ...]]:
        """The record the cards of ``deal`` make under the contract ``record``, and the lines saying why."""

    @abstractmethod
    def _contract_of(self, table: TableSpec[O], record: R, plays: HombrePlays) -> dict[str, Any]:
        """What was said before the first card of a stored deal, as :meth:`play_fields` ask it (not the dealer)."""

    # -- settling ------------------------------------------------------------------------------------------
    def share(self, table: TableSpec[O], state: S, amount: int) -> dict[int, int]:
        """``amount`` shared equally among all the players, odd ones one each from the player after the dealer."""
        each, odd = divmod(amount, table.size)
        shares = dict.fromkeys(range(table.size), each)
        for k in range(odd):
            shares[table.after(state.dealer, k + 1)] += 1
        return shares

    @abstractmethod
    def on_table(self, table: TableSpec[O], state: S, **choices: Any) -> tuple[int, Text]:
        """What is shared out at the settling, and where it lies, as the table says it."""

    def settle_notes(self, table: TableSpec[O], state: S, **choices: Any) -> tuple[Text, ...]:
        """How what lies on the table was shared out, the odd ones too, so an uneven split is not a surprise.

        >>> from games.tresillo.tresillo import TRESILLO
        >>> table = TRESILLO.table(["Ana", "Beto", "Carla"])
        >>> state = TRESILLO.initial_state(table)
        >>> [str(note) for note in TRESILLO.settle_notes(table, state)]
        []
        """
        amount, where = self.on_table(table, state, **choices)
        if amount <= 0:
            return ()
        each, odd = divmod(amount, table.size)
        if not odd:
            return (_("%(where)s: %(n)s, %(each)s to each player.", where=where, n=amount, each=each),)
        shares = self.share(table, state, amount)
        extra = [table.players[seat] for seat in (table.after(state.dealer, k + 1) for k in range(table.size))
                 if shares[seat] > each]
        dealer = table.players[state.dealer]  # who deals next: the odd ones go round from the player after them
        if odd == 1:
            return (_("%(where)s: %(n)s, %(each)s to each player and the one left over to %(who)s, the player after "
                      "%(dealer)s, who deals next.", where=where, n=amount, each=each, who=extra[0], dealer=dealer),)
        return (_("%(where)s: %(n)s, %(each)s to each player and the %(odd)s left over one each to %(who)s, from "
                  "the player after %(dealer)s, who deals next.", where=where, n=amount, each=each, odd=odd,
                  who=and_join(extra), dealer=dealer),)

    def referee_fields(self, table: TableSpec[O]) -> tuple[Field, ...]:
        """At a table of four the dealer sits the deal out and plays no card to a trick: the form's dealer is
        one who plays no card (:attr:`Field.in_trick`), so the card picker's "X to play" goes round the three
        dealt in, as the ruling does (:func:`games.tresillo.play.ruling`). At three the dealer plays."""
        if table.size == 3:
            return self.ruling_fields
        return tuple(dataclasses.replace(f, in_trick="out") if f.name == DEALER_FIELD.name else f
                     for f in self.ruling_fields)

    def ruling(self, table: TableSpec[O], situation: Mapping[str, Any]) -> Ruling:
        """A play or a trick (``question: "play"``, the default) is answered by the shared trick referee
        (:func:`games.tresillo.play.ruling`); the bidding (``question: "bidding"``) by the game's own
        :meth:`bidding_ruling`."""
        if asks_bidding(situation):
            return self.bidding_ruling(table, situation)
        return ruling(table, situation)

    @abstractmethod
    def bidding_ruling(self, table: TableSpec[O], situation: Mapping[str, Any]) -> Ruling:
        """The answer to a bidding question (:mod:`games.tresillo.bid_referee`)."""
