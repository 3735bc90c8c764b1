"""Casita Robada (seed 003, RULINGS.md "Casita Robada"): a fishing game for 2–4 players where a card matching
the top of another player's pile steals it.

Each deal is recorded as every player's count of captured cards (:mod:`games.casita.record`), adding up to the
deck (40, 48 or 52 by the table's option). The most cards wins the deal, ties sharing it: a deal's score is 1
for each of its winners, so the totals are deals won. The match is a number of deals or first to N deals won
(:mod:`games.casita.match`); no deal is recorded after it is over. Settling up is by rank: each loser pays each
winner the difference in deals won (or one stake). The referee is :mod:`games.casita.play`; the rules page
:mod:`games.casita.rules_text`.

House rules (RULINGS.md is silent; shown on the table's page when changed): a card matching the top of several
other players' piles steals one of them, the player's choice, or all of them (``several_piles``); when nobody
captured all deal the deal is void, or the dealer takes the centre (``no_capture``).

>>> table = GAME.table(["Ana", "Bea"], {"target": 3})
>>> state, outcome = GAME.apply(table, GAME.initial_state(table), {"captured": {"Ana": 22, "Bea": 18}})
>>> outcome.scores, state.totals, [str(line) for line in outcome.breakdown]
((1, 0), (1, 0), ['Ana 22 · Bea 18: 40 cards', 'Ana wins the deal with 22 cards.', 'Deals won: Ana 1, Bea 0.'])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.casita import carry
from games.casita.match import FIRST_TO, deal_winners, deals_left, match_winners
from games.casita.options import SETTLE_OPTIONS, CasitaOptions
from games.casita.play import EXAMPLES, RULING_FIELDS, answer
from games.casita.record import CasitaRecord, counts_line, deck_size, parse_record, record_fields
from games.casita.rules_text import RULE_COUNTING, RULE_MATCH, RULES
from referee.cards import DeckKind
from referee.game import Errors, Field, Game, Outcome, Ruling, Settlement, State, TableSpec
from referee.text import Text, _, and_join, join
from referee.values import Seat, Values


@dataclass(frozen=True, kw_only=True)
class CasitaState(State):
    """Deals won per player (the totals), who deals next, and how many deals were played (void ones not)."""

    played: int = 0


@dataclass(frozen=True)
class CasitaDetails(Values):
    """What a deal did beyond the scores: the counts by player, the deck, and who won the deal."""

    captured: Mapping[str, int]
    deck: int
    deal_winners: tuple[Seat, ...]


class CasitaRobada(Game[CasitaOptions, CasitaRecord, CasitaState]):
    """Casita Robada for 2, 3 or 4 players; the deck is the table's option."""

    leader_label = _("Starts:")  # no trick is led: who plays first
    leader_tag = _("starts next")
    slug = "casita"
    name = "Casita Robada"
    player_counts = (2, 3, 4)
    deck = DeckKind.SPANISH40
    settlement = Settlement.RANK
    signed_totals = False  # deals won, toward the match: nobody's total is a loss nor, until it wins, a gain
    stake_unit = _("deal won")
    stake_units = _("Deals won")
    options_type = CasitaOptions
    record_type = CasitaRecord
    state_type = CasitaState
    rules = RULES
    examples = EXAMPLES
    ruling_fields = RULING_FIELDS
    settle_options = SETTLE_OPTIONS

    def deck_for(self, table: TableSpec[CasitaOptions]) -> DeckKind:
        return DeckKind(table.options.deck)

    # -- the record -----------------------------------------------------------------------------------------
    def record_fields(self, table: TableSpec[CasitaOptions]) -> tuple[Field, ...]:
        return record_fields(table)

    def parse(self, table: TableSpec[CasitaOptions], raw: Mapping[str, Any]) -> CasitaRecord:
        return parse_record(table, raw)

    def example_records(self, table: TableSpec[CasitaOptions]) -> tuple[Mapping[str, Any], ...]:
        """Deals as a phone sends them, as many as the match allows (one deal by default): the first player
        takes the most cards (22 to 18 at two with 40 cards); a misdeal; the first two tie for the most, the
        last count left out; the second player wins, their blank count worked out from the others'."""
        deck, n, players = deck_size(table), table.size, table.players
        most = deck // n + 2
        share, extra = divmod(deck - most, n - 1)
        first = [most] + [share] * (n - 2) + [share + extra]
        half = (deck - 2 * (n - 2)) // 2  # decks are even: two equal counts, and 2 each for the others
        tie = [half, half] + [2] * (n - 2)
        second: list[int | None] = [4, None] + [2] * (n - 2)
        deals: list[Mapping[str, Any]] = [
            {"captured": [{"player": p, "cards": c} for p, c in zip(players, first, strict=True)]},
            {"void": True},
            {"captured": dict(zip(players[:-1], tie[:-1], strict=True))},
            {"captured": second},
        ]
        state, kept = self.initial_state(table), []
        for deal in deals:
            if self.winners(table, state):
                break
            state, _outcome = self.apply(table, state, deal)
            kept.append(deal)
        return tuple(kept)

    def check(self, table: TableSpec[CasitaOptions], state: CasitaState, record: CasitaRecord) -> None:
        """No deal once the match is over; the counts add up to the deck (a pile of exactly one card is refused
        by :func:`~games.casita.record.parse_record`, beside the count that says it)."""
        errors = Errors()
        won = self.winners(table, state)
        if won:
            names = and_join([table.players[seat] for seat in won])
            errors.add("__all__", _("The match is over: %(names)s won it. Start a new table for another match.",
                                    names=names) if len(won) == 1 else
                       _("The match is over: %(names)s share the win. Start a new table for another match.",
                         names=names), rule=RULE_MATCH)
            errors.raise_if_any()
        if record.void:
            return
        deck = deck_size(table)
        total = sum(record.counts)
        if total < deck:
            errors.add("captured", _("These counts add up to %(sum)s: %(short)s fewer than the %(deck)s cards of the "
                                     "deck.", sum=total, short=deck - total, deck=deck), rule=RULE_COUNTING)
        elif total > deck:
            errors.add("captured", _("These counts add up to %(sum)s: %(over)s more than the %(deck)s cards of the "
                                     "deck.", sum=total, over=total - deck, deck=deck), rule=RULE_COUNTING)
        errors.raise_if_any()

    # -- a match under way on paper ------------------------------------------------------------------------
    def carried_fields(self, table: TableSpec[CasitaOptions]) -> tuple[Field, ...]:
        return carry.carried_fields(table)

    def carry_over(self, table: TableSpec[CasitaOptions], raw: Mapping[str, Any]) -> CasitaState:
        """The deals won per player and the deals played, in a match not yet over (:mod:`.carry`)."""
        return carry.carry_over(table, raw, self.initial_state(table))

    # -- the score ------------------------------------------------------------------------------------------
    def score(self, table: TableSpec[CasitaOptions], state: CasitaState,
              record: CasitaRecord) -> tuple[CasitaState, Outcome]:
        counts = record.counts
        winners = deal_winners(counts)
        scores = table.per_seat(dict.fromkeys(winners, 1))
        after = CasitaState(totals=tuple(t + s for t, s in zip(state.totals, scores, strict=True)),
                            dealer=state.dealer, deals=state.deals, played=state.played + 1)
        lines: list[Text] = [_("%(counts)s: %(deck)s cards", counts=counts_line(table, counts), deck=sum(counts))]
        names = and_join([table.players[seat] for seat in winners])
        if len(winners) == 1:
            lines.append(_("%(names)s wins the deal with %(n)s cards.", names=names, n=counts[winners[0]]))
        else:
            lines.append(_("%(names)s tie for the most, %(n)s cards: each wins the deal.", names=names,
                           n=counts[winners[0]]))
        lines.append(self.wins_line(table, after))
        won = self.winners(table, after)
        if won:
            names = and_join([table.players[s] for s in won])
            lines.append(_("The match is over: %(names)s won it.", names=names) if len(won) == 1 else
                         _("The match is over: %(names)s share the win.", names=names))
        details = CasitaDetails({table.players[seat]: n for seat, n in enumerate(counts)}, sum(counts),
                                tuple(table.seat(seat) for seat in winners))
        return after, Outcome(scores=scores, breakdown=tuple(lines), details=details)

    def score_void(self, table: TableSpec[CasitaOptions], state: CasitaState,
                   record: CasitaRecord) -> tuple[CasitaState, Outcome]:
        return state, Outcome(scores=(0,) * table.size, void=True,
                              breakdown=(_("Void deal: nobody wins it, and it does not count towards the match."),))

    @staticmethod
    def wins_line(table: TableSpec[CasitaOptions], state: CasitaState) -> Text:
        return _("Deals won: %(wins)s.", wins=join([Text(f"%(p)s {n}", {"p": table.players[seat]})
                                                    for seat, n in enumerate(state.totals)]))

    # -- the match ------------------------------------------------------------------------------------------
    def winners(self, table: TableSpec[CasitaOptions], state: CasitaState) -> tuple[int, ...]:
        """The match's winners once it is over: most deals won after N deals, or all who reached N first."""
        return match_winners(table.options.match, table.options.target, played=state.played, wins=state.totals)

    def show_total(self, table: TableSpec[CasitaOptions], state: CasitaState, side: int) -> Text:
        """Deals won, as a plain number (never a sign: nobody loses deals); the table page says what it counts."""
        return Text(str(state.totals[side]))

    def match_text(self, table: TableSpec[CasitaOptions], state: CasitaState) -> Text:
        """The match as the table says it: its kind and where it stands."""
        options = table.options
        if options.match == FIRST_TO:
            if options.target == 1:
                return _("The first to win a deal wins the match.")
            return _("First to %(n)s deals won wins the match.", n=options.target)
        if options.target == 1:
            return _("A match of one deal.")
        left = deals_left(options.match, options.target, played=state.played)
        if left == 0:
            return _("A match of %(n)s deals, won by the most deals won: all played.", n=options.target)
        if left == 1:
            return _("A match of %(n)s deals, won by the most deals won: %(played)s played, the last one to go.",
                     n=options.target, played=state.played)
        return _("A match of %(n)s deals, won by the most deals won: %(played)s played, %(left)s to go.",
                 n=options.target, played=state.played, left=left)

    def display_state(self, table: TableSpec[CasitaOptions], state: CasitaState) -> Mapping[str, Any]:
        """The match (its kind, N, deals played and left, where it stands in words), the deck, the winners."""
        options = table.options
        won = self.winners(table, state)
        return {
            "match": options.match,
            "target": options.target,
            "deals_played": state.played,
            "deals_left": deals_left(options.match, options.target, played=state.played),
            "deck": deck_size(table),
            "match_text": self.match_text(table, state),
            "match_over": bool(won),
            "winners": [table.players[seat] for seat in won],
        }

    # -- the referee ----------------------------------------------------------------------------------------
    def ruling(self, table: TableSpec[CasitaOptions], situation: Mapping[str, Any]) -> Ruling:
        """What a card takes (by rank, or a pile stolen instead), and who gets the cards left at the end."""
        return answer(table, situation)


GAME = CasitaRobada()
