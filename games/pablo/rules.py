"""Pablo, both variants (seeds 001 and 004; RULINGS.md, "Pablo — two variants"): one game, the variant a table
option, the table saying which one it plays.

A round's record is who called Pablo and each player's cards (tapped, as card codes) or points (typed)
(:mod:`games.pablo.record`); it is counted per variant (:mod:`games.pablo.count`); the referee is
:mod:`games.pablo.play`, the rules page :mod:`games.pablo.rules_text`.

>>> table = GAME.table(["Ana", "Bea", "Carl"])
>>> record = {"caller": "Ana", "hands": [{"cards": ["4H", "3S", "8C"]}, {"points": 21}, {"cards": "KD QS 2C"}]}
>>> state, outcome = GAME.apply(table, GAME.initial_state(table), record)
>>> outcome.scores, str(outcome.breakdown[3])
((25, 21, 12), 'Ana called Pablo with 15, but Carl has 12: 15 + 10 = 25.')

Readings where neither text nor RULINGS.md decides (also on the rules page, "Where the texts are silent"):

- English: the round's winner and loser are counted on the cards' points (penalties aside); a tie is broken
  on the totals after the round; still tied, the first of them in turn after the round's dealer starts, and
  the first loser after the new starter deals.
- A void round (misdeal) scores nothing and the deal passes to the next player (RULINGS.md, General); in the
  English variant the last round's winner still starts (unless now dealing: then the player after the dealer).
- * ``round_by_score`` (a house-rule option, off): the English round's winner and loser go by the round's
  score with the caller's penalty instead of the cards.
- Pablo is called once a round; the French text does not protect the caller from the 8's swap.
- English: the caller is protected "from any swapping abilities"; a King may still look at one of the caller's
  cards, without swapping. * ``king_spares_caller`` (a house-rule option, off): no King on the caller at all.
- French: 3 to 6 players with one deck; 7 or 8 shuffle in a second deck, so a card may be in two hands.
- The English text's advanced rules (and the house rule above) are options of an English table only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.cards import DeckKind
from referee.game import Field, Game, InvalidRecord, Option, Options, Outcome, Ruling, Settlement, State, TableSpec
from referee.parse import Errors
from referee.text import Text, _
from referee.values import Seat, Values

from . import carry, count, play
from .options import SETTLE_OPTIONS, VARIANT_NAMES, VARIANT_SUMMARIES, PabloOptions, Variant
from .record import PabloRecord, decks, parse_record, record_fields
from .rules_text import RULE_END, RULES
from .values import number_text

Table = TableSpec[PabloOptions]
# options of an English table only
ENGLISH_ONLY = ("one_hand", "empty_field_discards", "round_by_score", "king_spares_caller")


@dataclass(frozen=True, kw_only=True)
class PabloState(State):
    """The totals, who starts the next round when it is not the player after the dealer (English: the last
    round's winner), and how many rounds were scored."""

    starter: int | None = None
    rounds: int = 0


@dataclass(frozen=True)
class PabloDetails(Values):
    """What a round did beyond the scores: each player's card points, who called and how it went ("fewest",
    "tied", "beaten"), the players sent back to 0 (English), who starts and who deals next (English)."""

    points: tuple[int, ...]
    caller: Seat
    caller_outcome: str
    reset: tuple[Seat, ...] = ()
    starts_next: Seat | None = None
    deals_next: Seat | None = None


class Pablo(Game[PabloOptions, PabloRecord, PabloState]):
    """Pablo, French (to 100) or English (past 50), 3 to 8 players; the lowest total wins."""

    leader_label = _("Starts:")  # no trick is led: who plays first
    leader_tag = _("starts next")
    slug = "pablo"
    name = "Pablo"
    player_counts = (3, 4, 5, 6, 7, 8)
    deck = DeckKind.FRENCH52
    lower_wins = True
    signed_totals = False  # points toward 50, the winner's too: every total in red read as every player losing
    settlement = Settlement.RANK
    options_type = PabloOptions
    record_type = PabloRecord
    state_type = PabloState
    rules = RULES
    examples = play.EXAMPLES
    ruling_fields = play.RULING_FIELDS
    settle_options: tuple[Option, ...] = SETTLE_OPTIONS

    # -- the table ------------------------------------------------------------------------------------------
    def table(self, players: Sequence[str], options: Mapping[str, Any] | Options | None = None,
              teams: Sequence[Sequence[Any]] = (), first_dealer: int = 0) -> Table:
        """A checked table; the English text's advanced rules only at an English table."""
        spec = super().table(players, options, teams, first_dealer)
        if spec.options.kind is Variant.FRENCH:
            errors = Errors()
            for key in ENGLISH_ONLY:
                if getattr(spec.options, key):
                    errors.add(f"options.{key}", _("A rule of the English variant: choose the English variant to "
                                                   "play it."))
            errors.raise_if_any()
        return spec

    def record_fields(self, table: Table) -> tuple[Field, ...]:
        return record_fields(table)

    def example_records(self, table: Table) -> tuple[Mapping[str, Any], ...]:
        """Rounds as a phone sends them: cards tapped for some players, points typed for others; a misdeal; a
        player with no cards left. French: a good Pablo (−5), then a bad one (+10). English: a Pablo tied (+5),
        then one beaten (+10)."""
        p = table.players
        rest = [{"player": name, "points": 7 + i} for i, name in enumerate(p[3:])]
        first = [{"player": p[0], "cards": ["KD", "2S", "AH"]}, {"player": p[1], "cards": ["9C", "QH"]},
                 {"player": p[2], "points": 12}, *rest]
        second = [{"player": p[0], "points": 4}, {"player": p[1], "cards": []}, {"player": p[2], "cards": "5H 6S"},
                  *rest]
        return (
            {"caller": p[0], "hands": first},
            {"void": True},
            {"caller": p[0], "hands": second},
        )

    def parse(self, table: Table, raw: Mapping[str, Any]) -> PabloRecord:
        return parse_record(table, raw)

    def check(self, table: Table, state: PabloState, record: PabloRecord) -> None:
        if self.winners(table, state):
            raise InvalidRecord({"__all__": _("The game is over: no round can follow. Undo or correct a round, or "
                                              "start a new table.")}, {"__all__": RULE_END})

    # -- a game under way on paper -------------------------------------------------------------------------
    def carried_fields(self, table: Table) -> tuple[Field, ...]:
        return carry.carried_fields(table)

    def carry_over(self, table: Table, raw: Mapping[str, Any]) -> PabloState:
        """The points of a game not yet over, and who starts the next round (English) (:mod:`.carry`)."""
        return carry.carry_over(table, raw, self.initial_state(table))

    # -- the score ------------------------------------------------------------------------------------------
    def score(self, table: Table, state: PabloState, record: PabloRecord) -> tuple[PabloState, Outcome]:
        result = count.play_round(table, state, record)
        assert record.caller is not None
        details = PabloDetails(
            points=result.points, caller=record.caller, caller_outcome=result.caller_outcome,
            reset=tuple(table.seat(s) for s in result.reset),
            starts_next=None if result.starter is None else table.seat(result.starter),
            deals_next=None if result.dealer is None else table.seat(result.dealer))
        after = PabloState(totals=result.totals, dealer=state.dealer, deals=state.deals, starter=result.starter,
                           rounds=state.rounds + 1)
        return after, Outcome(scores=result.scores, breakdown=result.lines, details=details)

    def score_void(self, table: Table, state: PabloState, record: PabloRecord) -> tuple[PabloState, Outcome]:
        """A misdeal: nobody scores, the deal passes on (RULINGS.md, General). English: the last round's winner
        still starts, unless they now deal."""
        after = state
        if state.starter is not None and state.starter == table.after(state.dealer):
            after = dataclasses.replace(state, starter=None)
        line = _("Misdeal: nobody scores; the deal passes on.")
        return after, Outcome(scores=(0,) * table.size, breakdown=(line,), void=True)

    def next_dealer(self, table: Table, state: PabloState, record: PabloRecord) -> int:
        """French, and after a misdeal: the next player in turn. English: the round's loser."""
        if table.options.kind is Variant.FRENCH or record.void:
            return table.after(state.dealer)
        dealer = count.play_round(table, state, record).dealer
        assert dealer is not None
        return dealer

    def leader(self, table: Table, state: PabloState) -> int:
        """Who starts the next round: the last round's winner (English), else the player after the dealer."""
        return state.starter if state.starter is not None else super().leader(table, state)

    def winners(self, table: Table, state: PabloState) -> tuple[int, ...]:
        return count.game_winners(table, state.totals)

    # -- showing --------------------------------------------------------------------------------------------
    def show_total(self, table: Table, state: PabloState, side: int) -> Text:
        """Points as the sheet has them: 12, 0, −5 (no plus sign: every point is a point against)."""
        return Text(number_text(state.totals[side]))

    def total_note(self, table: Table, state: PabloState, side: int, outcome: Mapping[str, Any]) -> Text | None:
        """English variant: a total of exactly 50 went back to 0 in this round, written "50 → 0" under its 0 on the
        sheet (the total itself is :meth:`show_total`'s 0, so that a column of totals stays a column of numbers)."""
        reset = (outcome.get("details") or {}).get("reset") or ()
        if any(isinstance(seat, Mapping) and seat.get("seat") == side for seat in reset):
            return _("%(end)s → 0", end=count.ENGLISH_END)
        return None

    def variant_name(self, table: Table) -> Text:
        return VARIANT_NAMES[table.options.kind]

    def display_state(self, table: Table, state: PabloState) -> Mapping[str, Any]:
        variant = table.options.kind
        end = count.FRENCH_END if variant is Variant.FRENCH else count.ENGLISH_END
        shown: dict[str, Any] = {
            "variant": variant.value,
            "variant_name": VARIANT_NAMES[variant],
            "variant_rules": VARIANT_SUMMARIES[variant],
            "game_ends": end,
            "decks": decks(table),
            "rounds": state.rounds,
            "starts_next": table.players[self.leader(table, state)],
        }
        if variant is Variant.ENGLISH:
            shown["advanced_rules"] = [key for key in ENGLISH_ONLY if getattr(table.options, key)]
        return shown

    # -- the referee ----------------------------------------------------------------------------------------
    def referee_fields(self, table: Table) -> tuple[Field, ...]:
        """The referee's fields, the scoring question's under each player's name (:func:`.play.referee_fields`)."""
        return play.referee_fields(table)

    def referee_initial(self, table: Table, state: PabloState) -> Mapping[str, Any]:
        """Asked from a table, the scoring question starts from each player's total so far."""
        return {f"total_{seat}": str(total) for seat, total in enumerate(state.totals)}

    def ruling(self, table: Table, situation: Mapping[str, Any]) -> Ruling:
        return play.ruling(table, situation)


GAME = Pablo()
