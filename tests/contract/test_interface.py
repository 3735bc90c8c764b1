"""The typed game interface covers what the coming games need, each shown on a small made-up game:
lowest total wins (Pablo, Burro), a total said in words ("B-U-R"), a deck chosen per table (Casita), a fourth
player sitting out in turn (Tresillo), a leader who is not the player after the dealer (English Pablo),
totals that a deal may reset (exactly 50 → 0), and settlement by points, by rank or from a ledger."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from referee import parse
from referee.cards import DeckKind
from referee.game import (
    Errors,
    Field,
    Game,
    InvalidRecord,
    Options,
    Outcome,
    Record,
    Seat,
    Settlement,
    State,
    TableSpec,
    option,
)
from referee.ledger import Ledger
from referee.text import Text, _

# -- a made-up game: each deal, every player's points are written down ----------------------------------------

@dataclass(frozen=True)
class Points(Record):
    points: tuple[int, ...]


@dataclass(frozen=True)
class RoundOptions(Options):
    deck: str = option("spanish40", _("Deck"), choices=(("spanish40", _("40 cards")), ("spanish48", _("48 cards")),
                                                        ("french52", _("52 cards"))))
    limit: int = option(50, _("Points to end the game"), minimum=10, maximum=500)


@dataclass(frozen=True, kw_only=True)
class RoundState(State):
    last_winner: int | None = None


class Rounds(Game[RoundOptions, Points, RoundState]):
    """Lowest total wins; exactly the limit resets a total to 0; past it ends the game. The round's winner
    leads the next round and its loser deals (English Pablo's rule)."""

    slug, name, player_counts = "rounds", "Rounds", (2, 3, 4)
    lower_wins = True
    settlement = Settlement.RANK
    options_type = RoundOptions
    record_type = Points
    state_type = RoundState

    def deck_for(self, table: TableSpec[RoundOptions]) -> DeckKind:
        return DeckKind(table.options.deck)

    def record_fields(self, table: TableSpec[RoundOptions]) -> tuple[Field, ...]:
        return (Field("points", _("Points"), "list", fields=(Field("value", _("Points"), "int"),)),)

    def parse(self, table: TableSpec[RoundOptions], raw: Mapping[str, Any]) -> Points:
        errors = Errors()
        parse.unknown_fields(raw, {"points"}, errors, self.name)
        values = raw.get("points")
        if not isinstance(values, list | tuple) or len(values) != table.size:
            errors.add("points", _("One number per player."))
            errors.raise_if_any()
        points = tuple(parse.whole_number(v, f"points.{i}", errors, minimum=-1, maximum=200)
                       for i, v in enumerate(values))
        errors.raise_if_any()
        return Points(tuple(p for p in points if p is not None))

    def score(self, table: TableSpec[RoundOptions], state: RoundState, record: Points) -> tuple[RoundState, Outcome]:
        limit = table.options.limit
        totals = [t + p for t, p in zip(state.totals, record.points, strict=True)]
        lines: list[Text] = []
        for seat, total in enumerate(totals):
            if total == limit:
                totals[seat] = 0
                lines.append(_("%(p)s has exactly %(n)s: back to 0.", p=table.players[seat], n=limit))
        winner = min(range(table.size), key=lambda s: (record.points[s], s))
        after = state.replace(totals=tuple(totals), last_winner=winner)
        return after, Outcome(scores=record.points, breakdown=tuple(lines))

    def next_dealer(self, table: TableSpec[RoundOptions], state: RoundState, record: Points) -> int:
        return max(range(table.size), key=lambda s: (record.points[s], -s))  # the round's loser deals

    def leader(self, table: TableSpec[RoundOptions], state: RoundState) -> int:
        return state.last_winner if state.last_winner is not None else super().leader(table, state)

    def winners(self, table: TableSpec[RoundOptions], state: RoundState) -> tuple[int, ...]:
        if max(state.totals) <= table.options.limit:
            return ()
        best = min(state.totals)
        return tuple(s for s, t in enumerate(state.totals) if t == best)


def test_lowest_total_wins_and_ranks_first():
    game = Rounds()
    table = game.table(["Ana", "Bea", "Carl"])
    state, outcome = game.apply(table, game.initial_state(table), {"points": [30, 10, 40]})
    state, outcome = game.apply(table, state, {"points": [25, 5, 30]})  # 55, 15, 70: past 50, Bea lowest
    assert outcome.game_over and outcome.winners == (1,)
    assert game.ranking(table, state) == (1, 0, 2)


def test_a_total_of_exactly_the_limit_resets_to_zero():
    game = Rounds()
    table = game.table(["Ana", "Bea"])
    state, outcome = game.apply(table, game.initial_state(table), {"points": [20, 4]})
    state, outcome = game.apply(table, state, {"points": [30, 2]})  # Ana 20 + 30 = 50 exactly → 0
    assert state.totals == (0, 6) and not outcome.game_over
    assert "exactly 50" in str(outcome.breakdown[0])


def test_the_rounds_winner_leads_and_its_loser_deals():
    game = Rounds()
    table = game.table(["Ana", "Bea", "Carl"])
    state, _outcome = game.apply(table, game.initial_state(table), {"points": [12, 3, 20]})
    assert game.dealer(table, state) == 2  # Carl lost the round
    assert game.leader(table, state) == 1  # Bea won it: not the player after the dealer (Ana)


def test_the_deck_is_chosen_per_table():
    game = Rounds()
    assert game.table(["Ana", "Bea"]).deck is DeckKind.SPANISH40
    assert game.table(["Ana", "Bea"], {"deck": "french52"}).deck is DeckKind.FRENCH52
    with pytest.raises(InvalidRecord) as refused:
        game.table(["Ana", "Bea"], {"deck": "tarot"})
    assert "options.deck" in refused.value.errors


def test_settlement_by_rank_each_loser_pays_the_winner_the_difference():
    game = Rounds()
    table = game.table(["Ana", "Bea", "Carl"])
    state, _outcome = game.apply(table, game.initial_state(table), {"points": [30, 10, 40]})
    # Bea has the lowest total, 10: Ana pays 30 − 10 = 20, Carl 40 − 10 = 30.
    assert game.balances(table, state) == {0: -20, 1: 50, 2: -30}
    assert game.balances(table, state, per_point=False) == {0: -1, 1: 2, 2: -1}


def test_settlement_by_rank_tied_winners_share_what_each_loser_pays():
    game = Rounds()
    table = game.table(["Ana", "Bea", "Carl"])
    state, _outcome = game.apply(table, game.initial_state(table), {"points": [10, 10, 40]})
    # Ana and Bea tie on 10: Carl pays 40 − 10 = 30 once, 15 to each (not 30 to each).
    assert game.balances(table, state) == {0: 15, 1: 15, 2: -30}
    # One stake for the game Carl lost, shared: half a stake each.
    assert game.balances(table, state, per_point=False) == {0: Fraction(1, 2), 1: Fraction(1, 2), 2: -1}


# -- a made-up game shown in words, with a fourth player sitting out ------------------------------------------

@dataclass(frozen=True)
class Loser(Record):
    loser: Seat


class Letters(Game[Options, Loser, State]):
    """Each hand's loser takes a letter of B-U-R-R-O; at four the dealer sits the hand out."""

    slug, name, player_counts = "letters", "Letters", (3, 4)
    lower_wins = True
    record_type = Loser
    WORD = "BURRO"

    def record_fields(self, table: TableSpec[Options]) -> tuple[Field, ...]:
        return (Field("loser", _("Loser"), "player"),)

    def active_players(self, table: TableSpec[Options], state: State) -> tuple[int, ...]:
        return tuple(s for s in range(table.size) if table.size == 3 or s != state.dealer)

    def parse(self, table: TableSpec[Options], raw: Mapping[str, Any]) -> Loser:
        errors = Errors()
        loser = parse.seat(table.players, raw.get("loser"), "loser", errors, blank=_("Who lost?"))
        errors.raise_if_any()
        assert loser is not None
        return Loser(loser)

    def check(self, table: TableSpec[Options], state: State, record: Loser) -> None:
        if record.loser.index not in self.active_players(table, state):
            errors = Errors()
            errors.add("loser", _("%(p)s sat this hand out.", p=record.loser.name))
            errors.raise_if_any()

    def score(self, table: TableSpec[Options], state: State, record: Loser) -> tuple[State, Outcome]:
        scores = table.per_seat({record.loser.index: 1})
        return state.scored(scores), Outcome(scores=scores)

    def show_total(self, table: TableSpec[Options], state: State, side: int) -> Text:
        return Text("-".join(self.WORD[: state.totals[side]]) or "—")


def test_a_total_is_shown_as_letters():
    game = Letters()
    table = game.table(["Ana", "Bea", "Carl"])
    state = game.initial_state(table)
    for loser in ("Bea", "Bea", "Bea", "Ana"):
        state, _outcome = game.apply(table, state, {"loser": loser})
    assert str(game.show_total(table, state, 1)) == "B-U-R"
    assert str(game.show_total(table, state, 0)) == "B"
    assert str(game.show_total(table, state, 2)) == "—"


def test_at_four_the_dealer_sits_out_in_turn():
    game = Letters()
    table = game.table(["Ana", "Bea", "Carl", "Dani"])
    state = game.initial_state(table)
    assert game.active_players(table, state) == (1, 2, 3)  # Ana deals and sits out
    assert game.leader(table, state) == 1
    with pytest.raises(InvalidRecord) as refused:
        game.apply(table, state, {"loser": "Ana"})
    assert "sat this hand out" in str(refused.value.errors["loser"])
    state, _outcome = game.apply(table, state, {"loser": "Carl"})
    assert game.active_players(table, state) == (0, 2, 3)  # Bea deals now


# -- settlement from a ledger ------------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class PotState(State):
    ledger: Ledger


@dataclass(frozen=True)
class Win(Record):
    winner: Seat


class Pot(Game[Options, Win, PotState]):
    """Each deal the dealer antes 2 into the pot and the winner takes the pot."""

    slug, name, player_counts = "pot", "Pot", (3,)
    settlement = Settlement.LEDGER
    record_type = Win
    state_type = PotState

    def initial_state(self, table: TableSpec[Options]) -> PotState:
        return PotState(totals=(0,) * table.size, dealer=table.first_dealer,
                        ledger=Ledger.open(table.size, ("pot",)))

    def record_fields(self, table: TableSpec[Options]) -> tuple[Field, ...]:
        return (Field("winner", _("Winner"), "player"),)

    def parse(self, table: TableSpec[Options], raw: Mapping[str, Any]) -> Win:
        errors = Errors()
        winner = parse.seat(table.players, raw.get("winner"), "winner", errors, blank=_("Who won?"))
        errors.raise_if_any()
        assert winner is not None
        return Win(winner)

    def score(self, table: TableSpec[Options], state: PotState, record: Win) -> tuple[PotState, Outcome]:
        ledger, ante = state.ledger.move(state.dealer, "pot", 2, _("ante"))
        ledger, won = ledger.move("pot", record.winner.index, 2, _("the pot"))
        return (state.replace(ledger=ledger, totals=ledger.players),
                Outcome(scores=tuple(a - b for a, b in zip(ledger.players, state.ledger.players, strict=True)),
                        moves=(ante, won)))


def test_settlement_from_a_ledger_is_what_the_ledger_kept():
    game = Pot()
    table = game.table(["Ana", "Bea", "Carl"])
    state, outcome = game.apply(table, game.initial_state(table), {"winner": "Carl"})
    assert game.balances(table, state) == {0: -2, 1: 0, 2: 2}
    assert [m.amount for m in outcome.moves] == [2, 2] and state.ledger.conserved
    stored = PotState.from_json(state.to_json())
    assert stored == state  # the ledger goes to JSON and back


def test_settlement_by_points_pays_the_differences_when_totals_do_not_sum_to_zero():
    game = Letters()  # the lowest total wins
    table = game.table(["Ana", "Bea", "Carl"])
    state, _outcome = game.apply(table, game.initial_state(table), {"loser": "Bea"})
    # Bea has 1 letter, the others none: Bea pays each of them the difference, 1.
    assert game.balances(table, state) == {0: 1, 1: -2, 2: 1}


def test_settlement_by_points_is_the_totals_when_they_sum_to_zero():
    game = Pot()
    game.settlement = Settlement.POINTS  # the same deals, settled on the totals the ledger keeps
    table = game.table(["Ana", "Bea", "Carl"])
    state, _outcome = game.apply(table, game.initial_state(table), {"winner": "Carl"})
    assert state.totals == (-2, 0, 2) and game.balances(table, state) == {0: -2, 1: 0, 2: 2}


def test_settlement_from_a_ledger_shares_what_lies_in_the_pots():
    game = Pot()
    table = game.table(["Ana", "Bea", "Carl"])
    ledger, _move = Ledger.open(3, ("pot",)).move(0, "pot", 4, _("ante"))
    state = game.initial_state(table).replace(ledger=ledger)
    assert game.balances(table, state) == {0: -4 + 2, 1: 1, 2: 1}  # 4 in the pot: 1 each and the odd one


def test_records_name_seats_with_the_name_they_had():
    game = Letters()
    table = game.table(["Ana", "Bea", "Carl"])
    record = game.parse(table, {"loser": " bea "})
    assert record.to_json() == {"loser": {"seat": 1, "name": "Bea"}}
    renamed = game.table(["Ana", "Beatriz", "Carl"])
    state, outcome = game.apply(renamed, game.initial_state(renamed), game.record_from_json(record.to_json()))
    assert outcome.scores == (0, 1, 0)  # the seat, whatever its player is called now
