"""Who pays whom: net balances in integer minor units, settled in the fewest transfers (DESIGN.md).

"'Who pays whom': net balances in integer minor units, summing to zero, then the fewest transfers (exact for
up to 10 players, greedy beyond), in a stable order."
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.settlement import EXACT_LIMIT, _greedy, fewest_transfers, to_minor_units


def settle(balances: dict[str, int], transfers: list[tuple[str, str, int]]) -> dict[str, int]:
    left = Counter(balances)
    for payer, payee, amount in transfers:
        assert amount > 0 and payer != payee
        left[payer] += amount
        left[payee] -= amount
    return {name: amount for name, amount in left.items() if amount}


def brute_force_fewest(amounts: list[int]) -> int:
    """n − the most zero-sum groups, by trying every set partition (small n only)."""
    def most_groups(items: list[int]) -> int:
        if not items:
            return 0
        first, rest = items[0], items[1:]
        best = 0
        for mask in range(1 << len(rest)):
            chosen = [rest[i] for i in range(len(rest)) if mask >> i & 1]
            if first + sum(chosen) == 0:
                others = [rest[i] for i in range(len(rest)) if not mask >> i & 1]
                best = max(best, 1 + most_groups(others))
        return best

    nonzero = [a for a in amounts if a]
    return len(nonzero) - most_groups(nonzero)


def test_three_players() -> None:
    assert fewest_transfers({"Ana": 30, "Bea": -10, "Carl": -20}) == [("Bea", "Ana", 10), ("Carl", "Ana", 20)]


def test_nothing_to_settle() -> None:
    assert fewest_transfers({}) == []
    assert fewest_transfers({"Ana": 0, "Bea": 0}) == []


def test_balances_must_sum_to_zero() -> None:
    with pytest.raises(ValueError, match="sum to zero"):
        fewest_transfers({"Ana": 10, "Bea": -9})


def test_amounts_must_be_integers() -> None:
    with pytest.raises(TypeError):
        fewest_transfers({"Ana": 1.5, "Bea": -1.5})  # type: ignore[dict-item]


def test_exact_beats_greedy() -> None:
    """Greedy (largest debtor pays largest creditor) takes 4 transfers here; pairing A with D takes 3."""
    balances = {"A": 8, "B": -2, "C": -7, "D": -8, "E": 9}
    assert len(_greedy(balances)) == 4
    transfers = fewest_transfers(balances)
    assert transfers == [("B", "E", 2), ("C", "E", 7), ("D", "A", 8)]
    assert settle(balances, transfers) == {}


def test_fft_sheet_in_cents() -> None:
    """The FFT sheet's totals at 5 cents a point."""
    balances = {p: to_minor_units(v, 5) for p, v in {"N": -446, "S": 1346, "E": -390, "W": -510}.items()}
    assert fewest_transfers(balances) == [("E", "S", 1950), ("N", "S", 2230), ("W", "S", 2550)]


def test_twelve_players_settle_greedily() -> None:
    """Beyond 10 players the greedy rule: largest debtor pays largest creditor, ties by name."""
    balances = {f"P{i:02d}": amount for i, amount in
                enumerate([50, 40, 30, 20, 10, 5, -5, -10, -20, -30, -40, -50])}
    transfers = fewest_transfers(balances)
    assert settle(balances, transfers) == {}
    assert len(transfers) <= 11
    assert ("P11", "P00", 50) in transfers  # the largest debtor paid the largest creditor first


def test_order_is_stable_and_by_name() -> None:
    balances = {"Zoe": -5, "Al": 5, "Mo": -3, "Bo": 3}
    assert fewest_transfers(balances) == [("Mo", "Bo", 3), ("Zoe", "Al", 5)]
    assert fewest_transfers(dict(reversed(list(balances.items())))) == fewest_transfers(balances)


def test_to_minor_units() -> None:
    assert to_minor_units(-446, 10) == -4460
    with pytest.raises(TypeError):
        to_minor_units(1.5, 10)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        to_minor_units(3, -1)


balances_strategy = st.lists(st.integers(-10_000, 10_000), min_size=1, max_size=14).map(
    lambda xs: {f"p{i}": x for i, x in enumerate(xs)} | {"zz": -sum(xs)})


@given(balances_strategy)
@settings(max_examples=150, deadline=None)
def test_transfers_settle_every_balance_exactly(balances: dict[str, int]) -> None:
    transfers = fewest_transfers(balances)
    assert settle(balances, transfers) == {}
    nonzero = sum(1 for v in balances.values() if v)
    assert len(transfers) <= max(nonzero - 1, 0)
    assert transfers == sorted(transfers)


@given(st.lists(st.integers(-6, 6), min_size=1, max_size=6))
@settings(max_examples=150, deadline=None)
def test_exact_is_the_true_minimum(amounts: list[int]) -> None:
    amounts = [*amounts, -sum(amounts)]
    balances = {f"p{i}": a for i, a in enumerate(amounts)}
    assert len(balances) <= EXACT_LIMIT
    assert len(fewest_transfers(balances)) == brute_force_fewest(amounts)


@given(st.lists(st.integers(-500, 500), min_size=2, max_size=8), st.integers(0, 1000), st.booleans())
def test_shared_units_become_money_that_still_sums_to_zero_within_a_cent_of_exact(totals, stake, lower_wins) -> None:
    """Tied winners share what each loser pays, so a balance may be a fraction of a unit: as money, each is
    within one minor unit of exact, and the whole still sums to zero."""
    from fractions import Fraction

    from referee.settlement import by_rank, to_money

    balances = by_rank(totals, lower_wins=lower_wins)
    assert sum(balances.values()) == 0
    money = to_money(balances, stake)
    assert sum(money.values()) == 0
    assert all(abs(money[seat] - Fraction(units) * stake) < 1 for seat, units in balances.items())
