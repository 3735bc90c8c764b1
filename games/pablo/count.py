"""Counting a Pablo round, per variant, and who deals and starts the next one (pure).

French (seed 001, RULINGS.md): everyone scores their cards; a caller with strictly the fewest points scores −5
instead, otherwise their cards + 10. English (seed 004): everyone scores their cards; the caller adds 10 if
someone has fewer, 5 if someone has as few; a total of exactly 50 goes back to 0; the round's winner starts the
next round and its loser deals.

>>> from games.pablo.rules import GAME
>>> table = GAME.table(["Ana", "Bea", "Carl"], {"variant": "english"})
>>> state = GAME.initial_state(table)
>>> record = GAME.parse(table, {"caller": "Ana", "hands": [{"points": 4}, {"points": 4}, {"points": 20}]})
>>> result = play_round(table, state, record)
>>> result.scores, result.starter, result.dealer  # Ana ties Bea: +5; Bea's total is lower, she starts
((9, 4, 20), 1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.game import State, TableSpec
from referee.text import Text, _, and_join

from .options import PabloOptions, Variant
from .record import Hand, PabloRecord
from .values import cards_text, number_text

FRENCH_END = 100  # the game ends when someone reaches or passes it
ENGLISH_END = 50  # the game ends once someone passes it; exactly it goes back to 0
FRENCH_BONUS = -5  # a good Pablo, instead of the cards
FRENCH_PENALTY = 10  # a bad Pablo, on top of the cards
ENGLISH_BEATEN = 10  # the caller, when someone has fewer
ENGLISH_TIED = 5  # the caller, when someone has as few

Table = TableSpec[PabloOptions]


@dataclass(frozen=True)
class RoundResult:
    """What a round does: each seat's card points and score, the totals after (resets done), the seats reset
    to 0, who starts and who deals next (English; ``None`` in French), and the breakdown read aloud, in its
    parts: each player's count, the caller's score, the totals sent back to 0, who starts and deals next, the
    end of the game (the referee says some of them, the score sheet all)."""

    points: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    reset: tuple[int, ...]
    caller_outcome: str  # "fewest" (strictly), "tied" or "beaten"
    starter: int | None
    dealer: int | None
    counted: tuple[Text, ...]
    called: Text
    reset_lines: tuple[Text, ...] = ()
    next_lines: tuple[Text, ...] = ()
    end_lines: tuple[Text, ...] = ()

    @property
    def lines(self) -> tuple[Text, ...]:
        """The breakdown as the score sheet reads it aloud."""
        return (*self.counted, self.called, *self.reset_lines, *self.next_lines, *self.end_lines)


def hand_line(hand: Hand) -> Text:
    if hand.cards is None:
        return _("%(p)s: %(n)s (typed)", p=hand.player.name, n=number_text(hand.points))
    if not hand.cards:
        return _("%(p)s: no cards, 0", p=hand.player.name)
    return _("%(p)s: %(cards)s = %(n)s", p=hand.player.name, cards=cards_text(hand.cards), n=number_text(hand.points))


def _names(table: Table, seats: Sequence[int]) -> Text:
    return and_join([table.players[s] for s in seats])


def play_round(table: Table, state: State, record: PabloRecord) -> RoundResult:
    """Count ``record`` (a checked, non-void round) after ``state``."""
    assert record.caller is not None
    variant = table.options.kind
    points = tuple(hand.points for hand in record.hands)
    caller = record.caller.index
    others = [s for s in range(table.size) if s != caller]
    best_other = min(points[s] for s in others)
    mine = points[caller]
    counted = tuple(hand_line(hand) for hand in record.hands)
    outcome = "fewest" if mine < best_other else "tied" if mine == best_other else "beaten"
    scores = list(points)
    name = record.caller.name
    best = [s for s in others if points[s] == best_other]
    one = len(best) == 1  # one rival or several: "Carl has", "Carl, Dani have"
    said = {"p": name, "n": number_text(mine), "who": _names(table, best), "m": number_text(best_other)}
    if variant is Variant.FRENCH:
        if outcome == "fewest":
            scores[caller] = FRENCH_BONUS
            called = _("%(p)s called Pablo with %(n)s, strictly the fewest: −5 instead of the cards.", **said)
        else:
            scores[caller] = mine + FRENCH_PENALTY
            called = (_("%(p)s called Pablo with %(n)s, but %(who)s has %(m)s: %(n)s + 10 = %(s)s.",
                        s=number_text(scores[caller]), **said) if one else
                      _("%(p)s called Pablo with %(n)s, but %(who)s have %(m)s: %(n)s + 10 = %(s)s.",
                        s=number_text(scores[caller]), **said))
    elif outcome == "fewest":
        called = _("%(p)s called Pablo with %(n)s, the lowest: no penalty.", **said)
    elif outcome == "tied":
        scores[caller] = mine + ENGLISH_TIED
        called = (_("%(p)s called Pablo with %(n)s, and %(who)s ties: %(n)s + 5 = %(s)s.",
                    s=number_text(scores[caller]), **said) if one else
                  _("%(p)s called Pablo with %(n)s, and %(who)s tie: %(n)s + 5 = %(s)s.",
                    s=number_text(scores[caller]), **said))
    else:
        scores[caller] = mine + ENGLISH_BEATEN
        called = (_("%(p)s called Pablo with %(n)s, but %(who)s has fewer (%(m)s): %(n)s + 10 = %(s)s.",
                    s=number_text(scores[caller]), **said) if one else
                  _("%(p)s called Pablo with %(n)s, but %(who)s have fewer (%(m)s): %(n)s + 10 = %(s)s.",
                    s=number_text(scores[caller]), **said))

    totals = [t + s for t, s in zip(state.totals, scores, strict=True)]
    reset: list[int] = []
    reset_lines: list[Text] = []
    if variant is Variant.ENGLISH:
        for seat, total in enumerate(totals):
            if total == ENGLISH_END:
                totals[seat] = 0
                reset.append(seat)
                reset_lines.append(_("%(p)s has exactly 50: back to 0!", p=table.players[seat]))

    starter = dealer = None
    ended = end_lines(table, totals)
    next_lines: tuple[Text, ...] = ()
    if variant is Variant.ENGLISH:
        starter, dealer, next_lines = next_round(table, state.dealer, ranked(table, points, scores), totals)
        if ended:  # no next round once the game is over: nobody starts or deals it
            next_lines = ()
    return RoundResult(points, tuple(scores), tuple(totals), tuple(reset), outcome, starter, dealer, counted, called,
                       tuple(reset_lines), next_lines, ended)


def _first_in_turn(table: Table, after: int, seats: Sequence[int]) -> int:
    """Of ``seats``, the first in the order of play after seat ``after``."""
    return next(table.after(after, k) for k in range(1, table.size + 1) if table.after(after, k) in seats)


def ranked(table: Table, points: Sequence[int], scores: Sequence[int]) -> Sequence[int]:
    """English: what the round's winner and loser go by: the cards' points, or the round's scores (the caller's
    penalty included) with the house rule ``round_by_score``."""
    return scores if table.options.round_by_score else points


def winners_and_losers(points: Sequence[int]) -> tuple[list[int], list[int]]:
    """The seats with the fewest ``points`` (the round's winners) and those with the most (its losers).

    >>> winners_and_losers([2, 9, 9])
    ([0], [1, 2])
    """
    low, high = min(points), max(points)
    return ([s for s, p in enumerate(points) if p == low], [s for s, p in enumerate(points) if p == high])


def next_round(table: Table, dealer: int, points: Sequence[int],
               totals: Sequence[int]) -> tuple[int, int, tuple[Text, ...]]:
    """English: who starts the next round (the round's winner) and who deals it (its loser), on ``points`` (the
    cards' points, or the round's scores with the house rule), by the seed's tie rules: a winning tie goes to the
    lowest total, a losing tie to the highest (totals after the round). Still tied: the first in turn after the
    round's dealer starts, the first after the new starter deals."""
    low, high = min(points), max(points)
    winners, losers = winners_and_losers(points)
    lines: list[Text] = []
    if len(winners) == 1:
        starter = winners[0]
        lines.append(_("%(p)s won the round (%(n)s) and starts the next one.", p=table.players[starter],
                       n=number_text(low)))
    else:
        best = min(totals[s] for s in winners)
        tied = [s for s in winners if totals[s] == best]
        starter = _first_in_turn(table, dealer, tied)
        if len(tied) == 1:
            lines.append(_("%(who)s tied for the win: %(p)s, with the lowest total (%(t)s), starts the next "
                           "round.", who=_names(table, winners), p=table.players[starter], t=number_text(best)))
        else:
            lines.append(_("%(who)s tied for the win and on total: %(p)s, first in turn, starts the next round.",
                           who=_names(table, winners), p=table.players[starter]))
    if len(losers) == 1:
        loser = losers[0]
        lines.append(_("%(p)s lost the round (%(n)s) and deals the next one.", p=table.players[loser],
                       n=number_text(high)))
    else:
        worst = max(totals[s] for s in losers)
        tied = [s for s in losers if totals[s] == worst]
        loser = _first_in_turn(table, starter, tied)
        if len(tied) == 1:
            lines.append(_("%(who)s tied for the loss: %(p)s, with the highest total (%(t)s), deals the next "
                           "round.", who=_names(table, losers), p=table.players[loser], t=number_text(worst)))
        else:
            lines.append(_("%(who)s tied for the loss and on total: %(p)s, first in turn, deals the next round.",
                           who=_names(table, losers), p=table.players[loser]))
    return starter, loser, tuple(lines)


def game_winners(table: Table, totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the lowest total once the game is over (French: someone at 100 or more; English:
    someone past 50), else ``()``."""
    if not totals:
        return ()
    over = (max(totals) >= FRENCH_END if table.options.kind is Variant.FRENCH else max(totals) > ENGLISH_END)
    if not over:
        return ()
    best = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def end_lines(table: Table, totals: Sequence[int]) -> tuple[Text, ...]:
    won = game_winners(table, totals)
    if not won:
        return ()
    low = number_text(totals[won[0]])
    best = _("Lowest total, %(n)s: %(who)s wins.", n=low, who=_names(table, won)) if len(won) == 1 \
        else _("Lowest total, %(n)s: %(who)s share the win.", n=low, who=_names(table, won))
    return end_line(table, totals), best


def end_line(table: Table, totals: Sequence[int]) -> Text:
    """Who ended the game: every player at 100 or more (French) or past 50 (English), each with their total unless
    they all have the same one.

    >>> from games.pablo.rules import GAME
    >>> english = GAME.table(["Ana", "Bea", "Cara", "Dan"], {"variant": "english"})
    >>> str(end_line(english, [12, 40, 53, 51])), str(end_line(english, [12, 40, 53, 53]))
    ('Cara (53) and Dan (51) passed 50: the game is over.', 'Cara and Dan have passed 50 (53): the game is over.')
    >>> french = GAME.table(["Ana", "Bea", "Cara", "Dan"], {"variant": "french"})
    >>> str(end_line(french, [12, 104, 99, 100]))
    'Bea (104) and Dan (100) have reached 100: the game is over.'
    """
    french = table.options.kind is Variant.FRENCH
    ended = [s for s, t in enumerate(totals) if (t >= FRENCH_END if french else t > ENGLISH_END)]
    top = max(totals[s] for s in ended)
    if any(totals[s] != top for s in ended):
        who = and_join([Text("%(name)s (%(n)s)", {"name": table.players[s], "n": totals[s]}) for s in ended])
        return (_("%(who)s have reached %(n)s: the game is over.", who=who, n=FRENCH_END) if french
                else _("%(who)s passed 50: the game is over.", who=who))
    who = _names(table, ended)
    if french:
        return (_("%(who)s reached %(n)s: the game is over.", who=who, n=top) if len(ended) == 1
                else _("%(who)s have reached %(n)s: the game is over.", who=who, n=top))
    return (_("%(who)s passed 50 (%(n)s): the game is over.", who=who, n=top) if len(ended) == 1
            else _("%(who)s have passed 50 (%(n)s): the game is over.", who=who, n=top))
