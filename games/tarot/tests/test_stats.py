"""What French Tarot counts of a player for their page (games/tarot/stats.py): contracts taken and made, by
contract, contracts beaten in defence, and at five players the deals a player was called as partner.

A contract is made when the attack's card points reach the target for its bouts (RULINGS.md: 3 bouts 36,
2 → 41, 1 → 51, 0 → 56); "juste fait" (exactly the target) is made.
"""

from __future__ import annotations

from typing import Any

from games.tarot.rules import GAME
from referee.game import Statistic

FOUR = ["N", "S", "E", "W"]
FIVE = ["A", "B", "C", "D", "E"]


def figures(players: list[str], seat: int, deals: list[dict[str, Any]]) -> dict[str, tuple[int, int | None]]:
    """Play ``deals`` from the start, then ask the game what it counts of ``seat``."""
    table = GAME.table(players)
    state, records, outcomes = GAME.initial_state(table), [], []
    for raw in deals:
        record = GAME.complete(table, state, GAME.parse(table, raw))
        state, outcome = GAME.apply(table, state, record)
        records.append(record)
        outcomes.append(outcome)
    found: tuple[Statistic, ...] = GAME.statistics(table, seat, records, outcomes, state)
    return {s.key: (s.value, s.out_of) for s in found}


def deal(taker: str, contract: str, bouts: int, points: Any, **more: Any) -> dict[str, Any]:
    return {"taker": taker, "contract": contract, "bouts": bouts, "points": points, **more}


def test_a_taker_who_made_two_contracts_of_three():
    """E: Garde with 2 bouts and 49 (needs 41: made), Prise with 2 bouts and 34 (fails), Garde sans with 2
    bouts and 45 (made)."""
    found = figures(FOUR, 2, [deal("E", "garde", 2, 49), deal("E", "prise", 2, 34), deal("E", "garde_sans", 2, 45)])
    assert found["taken"] == (3, None)
    assert found["made"] == (2, 3)


def test_contracts_are_counted_by_contract_in_the_order_of_the_contracts():
    found = figures(FOUR, 2, [deal("E", "garde_sans", 2, 45), deal("E", "prise", 2, 34), deal("E", "prise", 1, 51)])
    assert [key for key in found if key.startswith("made.")] == ["made.prise", "made.garde_sans"]
    assert found["made.prise"] == (1, 2)  # 2 bouts 34 < 41 fails; 1 bout 51 = 51 made ("juste fait")
    assert found["made.garde_sans"] == (1, 1)


def test_a_contract_never_taken_is_not_counted():
    found = figures(FOUR, 2, [deal("E", "garde", 2, 49)])
    assert "made.prise" not in found and "made.garde_contre" not in found


def test_a_defender_beats_the_contracts_that_fail():
    """N defends all three deals; one fails (Prise, 2 bouts, 34)."""
    found = figures(FOUR, 0, [deal("E", "garde", 2, 49), deal("E", "prise", 2, 34), deal("W", "garde", 3, 36)])
    assert found["taken"] == (0, None)
    assert found["beaten"] == (1, 3)


def test_points_counted_by_the_defence_are_read_from_the_defence():
    """The defence counted 42 of 91: the attack has 49 with 2 bouts, so the Garde is made."""
    found = figures(FOUR, 2, [deal("E", "garde", 2, 42, points_side="defence")])
    assert found["made"] == (1, 1)


def test_a_void_deal_counts_for_nothing():
    found = figures(FOUR, 2, [{"void": True}, deal("E", "garde", 2, 49)])
    assert found["taken"] == (1, None)
    assert found["beaten"] == (0, 0)


def test_at_five_the_called_partner_is_neither_taker_nor_defender():
    """A takes and calls D (who holds the called King): D was called, B, C and E defended."""
    deals = [deal("A", "garde", 2, 49, partner="D", called_card="KH"),
             deal("A", "prise", 2, 34, partner="A", called_card="KS")]  # A called himself: alone
    assert figures(FIVE, 3, deals)["called"] == (1, None)
    assert figures(FIVE, 3, deals)["beaten"] == (1, 1)  # D defended the second deal, which failed
    assert figures(FIVE, 1, deals)["beaten"] == (1, 2)


def test_only_five_player_tables_count_who_was_called():
    assert "called" not in figures(FOUR, 0, [deal("E", "garde", 2, 49)])
