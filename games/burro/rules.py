"""Burro (seed 003, RULINGS.md "Burro"): 2 to 8 players shed their cards by following suit; the last one still
holding cards takes the next letter of B-U-R-R-O. The fifth letter ends the game at once and the fewest letters
win; players tied for the fewest share the win, or play deciders among themselves.

Where the seed and RULINGS.md are silent, Tapete reads (said on the rules page as its readings): a Portuguese
player may keep drawing once drawing, not draw while holding the suit led (the house rule ``draw_at_will`` lets
them); when the last two players play their last cards to the same trick, the later one takes the letter (the
record names the loser, so a table reading it otherwise simply names the other); the deal keeps turning through a
decider, whose first tied player after the dealer leads (the house rule ``decider_dealer`` has the first tied
player from the dealer in turn deal it instead).

A hand is recorded as :class:`~games.burro.record.BurroRecord` (who was left holding cards); the totals are the
letters each player has. The variants (Spanish with 48 or 40 cards, Portuguese, Burro em pé) are the table's
options (:mod:`games.burro.options`); the referee is :mod:`games.burro.play`, the rules page
:mod:`games.burro.rules_text`.

>>> table = GAME.table(["Ana", "Bea", "Carl"])
>>> state = GAME.initial_state(table)
>>> for loser in ("Bea", "Bea", "Carl", "Bea"):
...     state, outcome = GAME.apply(table, state, {"loser": loser})
>>> state.totals, str(GAME.show_total(table, state, 1)), str(outcome.breakdown[0])
((0, 3, 1), 'B-U-R', 'Bea was left holding cards and takes a letter, now B-U-R.')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.burro import carry
from games.burro.options import DECIDER_BY_TIED, BurroOptions, deck_of, hand_size, variant_label
from games.burro.play import EXAMPLES, PLAYED_BY, RULING_FIELDS, answer
from games.burro.record import BurroRecord, parse_record, record_fields
from games.burro.rules_text import RULE_DECIDER, RULE_DRAW, RULE_EM_PE, RULE_END, RULES
from referee.cards import DeckKind, full_deck
from referee.game import Errors, Field, Game, Option, Outcome, Ruling, Settlement, State, TableSpec
from referee.text import Text, _, join
from referee.values import Seat, Values

WORD = "BURRO"
LETTERS = len(WORD)  # the fifth letter ends the game
# The loser's lines deals were stored with before they said "now" (a new user read "takes a letter: B-U" as if
# "B-U" were the letter taken): kept in the catalogue, as those deals' breakdowns still read them.
STORED_LINES: tuple[Text, ...] = (
    _("%(player)s was left holding cards and takes a letter: %(letters)s."),
    _("Decider between %(players)s: %(player)s lost it and takes a letter: %(letters)s."),
)
Table = TableSpec[BurroOptions]

SETTLE_OPTIONS: tuple[Option, ...] = (
    Option("per_point", _("Pay for every letter"), "bool", True,
           help=_("Yes: every other player pays the winner the stake once for each letter they have more. No: "
                  "one stake each for the lost game. Tied winners share what each pays.")),
)


def letters(count: int) -> str:
    """A number of letters as the table says it: ``B-U-R``; no letter yet is ``—``.

    >>> letters(0), letters(1), letters(5)
    ('—', 'B', 'B-U-R-R-O')
    """
    return "-".join(WORD[:count]) or "—"


@dataclass(frozen=True, kw_only=True)
class BurroState(State):
    """The letters per player (``totals``), who deals next, and how many deciders were played."""

    deciders: int = 0


@dataclass(frozen=True)
class BurroDetails(Values):
    """What a hand did beyond the letters: who lost it, their letters after it, whether it was a decider, who
    played it (the tied players in a decider), and every player's letters after it, as the table says them."""

    loser: Seat | None
    letters: str
    decider: bool
    players: tuple[Seat, ...]
    sheet: Mapping[str, str]


def said(count: int) -> Text:
    """Letters as a breakdown line says them: "B-U", or "no letter"."""
    return Text(letters(count)) if count else _("no letter")


def names(table: Table, seats: Sequence[int]) -> Text:
    """Players named one after another: "Ana", "Ana and Bea", "Ana, Bea and Carl"."""
    said_names = [table.players[seat] for seat in seats]
    if len(said_names) < 2:
        return Text("".join(said_names))
    return _("%(others)s and %(last)s", others=join(said_names[:-1]), last=said_names[-1])


class Burro(Game[BurroOptions, BurroRecord, BurroState]):
    """Burro, Spanish or Portuguese (RULINGS.md, "Burro")."""

    slug = "burro"
    name = "Burro"
    player_counts = (2, 3, 4, 5, 6, 7, 8)
    deck = DeckKind.SPANISH48
    lower_wins = True
    signed_totals = False  # letters toward B-U-R-R-O: nobody's count is a gain
    settlement = Settlement.RANK
    stake_unit = _("letter")
    stake_units = _("Letters")
    options_type = BurroOptions
    record_type = BurroRecord
    state_type = BurroState
    rules = RULES
    examples = EXAMPLES
    ruling_fields = RULING_FIELDS
    settle_options = SETTLE_OPTIONS

    # -- the table ------------------------------------------------------------------------------------------
    def parse_options(self, raw: Mapping[str, Any], errors: Errors) -> BurroOptions:
        """The options; Burro em pé and the drawing house rule only in the Portuguese game."""
        options = super().parse_options(raw, errors)
        if options.em_pe and not options.portuguese:
            errors.add("options.em_pe", _("Burro em pé is a Portuguese game: choose the Portuguese variant for it."),
                       rule=RULE_EM_PE)
        if options.draw_at_will and not options.portuguese:
            errors.add("options.draw_at_will", _("In the Spanish game a player who can follow suit never draws: "
                                                 "this house rule is for the Portuguese game."), rule=RULE_DRAW)
        return options

    def deck_for(self, table: Table) -> DeckKind:
        """48 cards for the usual Spanish game, 40 for the other variants."""
        return deck_of(table.options)

    # -- the record -----------------------------------------------------------------------------------------
    def record_fields(self, table: Table) -> tuple[Field, ...]:
        return record_fields(table)

    def parse(self, table: Table, raw: Mapping[str, Any]) -> BurroRecord:
        return parse_record(table, raw)

    def example_records(self, table: Table) -> tuple[Mapping[str, Any], ...]:
        """A whole game as a phone sends it: the second player loses the first hand, a misdeal, then the
        first player loses five hands and spells BURRO. At three players the third, with no letter, wins; from
        four on, the players with no letter are tied and play deciders until one is left."""
        players = table.players
        first, second = players[0], players[1]
        hands: list[dict[str, Any]] = [{"loser": second}, {"void": True}]
        hands += [{"loser": first}] * LETTERS
        hands += [{"loser": name, "decider": True} for name in players[3:]]
        return tuple(hands)

    def complete(self, table: Table, state: BurroState, record: BurroRecord) -> BurroRecord:
        """Once the game is over with a tie for the fewest letters, the next hand is a decider: stored as one,
        with the players it was played between, so that correcting an earlier hand cannot quietly turn it into
        an ordinary hand, or into a decider between other players. A misdeal is no hand
        played: it stays a plain misdeal, which any correction leaves valid."""
        won = self.winners(table, state)
        if not record.void and len(won) > 1 and not (record.decider and record.between):
            return dataclasses.replace(record, decider=True, between=tuple(table.seat(s) for s in won))
        return record

    def check(self, table: Table, state: BurroState, record: BurroRecord) -> None:
        """No hand after the game is won; a decider only between tied leaders once the game is over, lost by
        one of them."""
        errors = Errors()
        won = self.winners(table, state)
        if len(won) == 1:
            winner = table.players[won[0]]
            message = _("The game is over: %(winner)s won with the fewest letters (%(letters)s). There is no tie "
                        "to decide; start a new game.", winner=winner, letters=said(state.totals[won[0]]))
            errors.add("decider" if record.decider else "__all__", message,
                       rule=RULE_DECIDER if record.decider else RULE_END)
        elif not won and record.decider:
            errors.add("decider", _("A decider is played only once the game is over, between the players tied for "
                                    "the fewest letters: nobody has five letters yet."), rule=RULE_DECIDER)
        elif record.decider and record.between and {seat.index for seat in record.between} != set(won):
            errors.add("decider", _("This decider was played between %(played)s, but the letters now leave %(tied)s "
                                    "tied for the fewest: undo the decider, or correct the hands before it "
                                    "otherwise.", played=names(table, [seat.index for seat in record.between]),
                                    tied=names(table, won)), rule=RULE_DECIDER)
        elif won and record.loser is not None and record.loser.index not in won:
            errors.add("loser", _("Only %(tied)s play the decider: %(player)s was not tied for the fewest "
                                  "letters.", tied=names(table, won), player=record.loser.name), rule=RULE_DECIDER)
        errors.raise_if_any()

    # -- a game under way on paper -------------------------------------------------------------------------
    def carried_fields(self, table: Table) -> tuple[Field, ...]:
        return carry.carried_fields(table)

    def carry_over(self, table: Table, raw: Mapping[str, Any]) -> BurroState:
        """Each player's letters so far, 0 to 4 (:mod:`.carry`)."""
        return carry.carry_over(table, raw, self.initial_state(table))

    # -- the score ------------------------------------------------------------------------------------------
    def score(self, table: Table, state: BurroState, record: BurroRecord) -> tuple[BurroState, Outcome]:
        loser = record.loser
        assert loser is not None  # parse: only a misdeal has no loser
        playing = self.active_players(table, state)
        scores = table.per_seat({loser.index: 1})
        after: BurroState = state.scored(scores)
        if record.decider:
            after = after.replace(deciders=state.deciders + 1)
        count = after.totals[loser.index]
        if record.decider:
            lines: list[Text] = [_("Decider between %(players)s: %(player)s lost it and takes a letter, now "
                                   "%(letters)s.", players=names(table, playing), player=loser.name,
                                   letters=letters(count))]
        else:
            lines = [_("%(player)s was left holding cards and takes a letter, now %(letters)s.", player=loser.name,
                       letters=letters(count))]
        if count == LETTERS and not record.decider:
            lines.append(_("%(player)s has spelled BURRO: the game is over.", player=loser.name))
        won = self.winners(table, after)
        if len(won) == 1:
            lines.append(_("%(winner)s wins with the fewest letters (%(letters)s).", winner=table.players[won[0]],
                           letters=said(after.totals[won[0]])))
        elif won:
            lines.append(_("%(players)s are tied for the fewest letters (%(letters)s): they share the win, or play "
                           "a decider.", players=names(table, won), letters=said(after.totals[won[0]])))
        sheet = {name: letters(total) for name, total in zip(table.players, after.totals, strict=True)}
        details = BurroDetails(loser, letters(count), record.decider, tuple(table.seat(s) for s in playing), sheet)
        return after, Outcome(scores=scores, breakdown=tuple(lines), details=details)

    def score_void(self, table: Table, state: BurroState, record: BurroRecord) -> tuple[BurroState, Outcome]:
        lines = (_("Misdeal: nobody takes a letter."),)
        return state, Outcome(scores=(0,) * table.size, breakdown=lines, void=True)

    # -- the end, and who plays ---------------------------------------------------------------------------------
    def winners(self, table: Table, state: BurroState) -> tuple[int, ...]:
        """Once someone has five letters: the players with the fewest (several when tied)."""
        totals = state.totals
        if max(totals) < LETTERS:
            return ()
        fewest = min(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == fewest)

    def plays_on(self, table: Table, state: BurroState) -> bool:
        """A tie for the fewest letters is played off: the decider follows the game's end."""
        return len(self.winners(table, state)) > 1

    def active_players(self, table: Table, state: BurroState) -> tuple[int, ...]:
        """Everyone; in a decider, only the players tied for the fewest letters."""
        won = self.winners(table, state)
        return won if len(won) > 1 else tuple(range(table.size))

    def dealer(self, table: Table, state: BurroState) -> int:
        """The dealer in turn; in a decider, with the house rule ``decider_dealer`` = ``tied``, the first tied
        player from the dealer in turn (the deal then passes on from them)."""
        playing = self.active_players(table, state)
        if table.options.decider_dealer == DECIDER_BY_TIED and len(playing) < table.size:
            return next(seat for seat in (table.after(state.dealer, step) for step in range(table.size))
                        if seat in playing)
        return state.dealer

    def dealer_of(self, table: Table, state: BurroState, record: BurroRecord) -> int:
        return self.dealer(table, state)

    def leader(self, table: Table, state: BurroState) -> int:
        """The first player dealt in after the dealer: in a decider, the first tied player after them."""
        playing = self.active_players(table, state)
        dealer = self.dealer(table, state)
        return next(seat for seat in (table.after(dealer, step) for step in range(1, table.size + 1))
                    if seat in playing)

    # -- showing --------------------------------------------------------------------------------------------
    def show_total(self, table: Table, state: BurroState, side: int) -> Text:
        """The letters, as the table says them: "B-U-R"."""
        return Text(letters(state.totals[side]))

    def display_state(self, table: Table, state: BurroState) -> Mapping[str, Any]:
        """The variant and the deal (cards each, cards left in the stock), each player's letters, who deals and
        leads, and, once the game is over, the winners or the players tied for a decider."""
        won = self.winners(table, state)
        playing = self.active_players(table, state)
        cards = hand_size(table.options)
        stock = len(full_deck(table.deck)) - cards * len(playing)
        return {
            "variant": variant_label(table.options),
            "cards_each": cards,
            "stock": stock,
            "letters": {name: letters(total) for name, total in zip(table.players, state.totals, strict=True)},
            "dealer": table.players[self.dealer(table, state)],
            "leader": table.players[self.leader(table, state)],
            "game_over": bool(won),
            "winners": [table.players[seat] for seat in won] if len(won) == 1 else [],
            "tied": [table.players[seat] for seat in won] if len(won) > 1 else [],
            "tied_text": names(table, won) if len(won) > 1 else "",
            "deciders": state.deciders,
        }

    # -- the referee ----------------------------------------------------------------------------------------
    def referee_fields(self, table: Table) -> tuple[Field, ...]:
        """The referee page's fields: who played each card is the API's (the page asks who led, and the cards go
        round from them)."""
        return tuple(f for f in self.ruling_fields if f is not PLAYED_BY)

    def ruling(self, table: Table, situation: Mapping[str, Any]) -> Ruling:
        """Answered by :func:`games.burro.play.answer`: following suit, drawing, passing, the trick's winner."""
        return answer(table, situation)


GAME = Burro()
