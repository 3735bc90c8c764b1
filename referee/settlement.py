"""Who pays whom: settle net balances (integer minor units) in the fewest transfers.

Balances sum to zero: positive is owed money (a creditor), negative owes money (a debtor). A group of ``k``
players whose balances sum to zero settles in ``k − 1`` transfers, so the fewest transfers for everyone is
``n − g`` where ``g`` is the largest number of zero-sum groups the ``n`` players with a non-zero balance split
into. That is found exactly for up to :data:`EXACT_LIMIT` players (dynamic programming over subsets), and
greedily beyond (largest debtor pays largest creditor).

The result is deterministic: players are taken in name order, ties are broken by name, and the transfers
come sorted by payer then payee, so paying one transfer does not reshuffle the others.

>>> fewest_transfers({"Ana": 30, "Bea": -10, "Carl": -20})
[('Bea', 'Ana', 10), ('Carl', 'Ana', 20)]
>>> to_minor_units(-446, 5)
-2230
>>> by_rank((12, 30, 7), lower_wins=True)
{0: -5, 1: -23, 2: 28}
>>> by_rank((12, 30, 7), lower_wins=True, per_point=False)
{0: -1, 1: -1, 2: 2}

Tied winners share the win: each loser pays what he owes once, split between them.

>>> by_rank((7, 30, 7), lower_wins=True)
{0: Fraction(23, 2), 1: -23, 2: Fraction(23, 2)}
>>> to_money({"Ana": Fraction(23, 2), "Bea": -23, "Carl": Fraction(23, 2)}, 5)
{'Ana': 58, 'Bea': -115, 'Carl': 57}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TypeVar

K = TypeVar("K")
Units = int | Fraction
"""A balance in stake units: whole, or a share of one (tied winners share what a loser pays)."""

EXACT_LIMIT = 10
"""Up to this many players with a non-zero balance the number of transfers is the true minimum."""

Transfer = tuple[str, str, int]


def to_minor_units(points: int, stake_minor: int) -> int:
    """Points × stake per point, both integers (the stake in minor units: cents, chips)."""
    for value, name in ((points, "points"), (stake_minor, "stake_minor")):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an integer, not {type(value).__name__}")
    if stake_minor < 0:
        raise ValueError("the stake cannot be negative")
    return points * stake_minor


def _check(balances: Mapping[str, int]) -> None:
    for name, amount in balances.items():
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise TypeError(f"balance of {name!r} must be an integer (minor units), not "
                            f"{type(amount).__name__}")
    total = sum(balances.values())
    if total != 0:
        raise ValueError(f"balances must sum to zero, not {total}")


def _greedy(balances: Mapping[str, int]) -> list[Transfer]:
    """Largest debtor pays largest creditor (ties by name) until everyone is settled."""
    left = {name: amount for name, amount in balances.items() if amount}
    transfers: list[Transfer] = []
    while left:
        debtor = min(left, key=lambda name: (left[name], name))  # most negative first
        creditor = min(left, key=lambda name: (-left[name], name))  # most positive first
        amount = min(-left[debtor], left[creditor])
        transfers.append((debtor, creditor, amount))
        for name, change in ((debtor, amount), (creditor, -amount)):
            left[name] += change
            if not left[name]:
                del left[name]
    return transfers


def _zero_sum_groups(names: Sequence[str], amounts: Sequence[int]) -> list[list[str]]:
    """Split the players into the most groups that each sum to zero (exact, ``2**n`` subsets)."""
    n = len(names)
    full = (1 << n) - 1
    sums = [0] * (1 << n)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + amounts[low]
    # best[mask]: the most zero-sum groups the players of ``mask`` can be laid out in, one player at a time,
    # closing a group whenever the players laid so far sum to zero.
    best = [0] * (1 << n)
    for mask in range(1, full + 1):
        top = 0
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            top = max(top, best[mask ^ bit])
        best[mask] = top + (1 if sums[mask] == 0 else 0)
    # Walk back from everyone, taking out the first player (by name) that keeps the best count.
    groups: list[list[str]] = []
    current: list[str] = []
    mask = full
    while mask:
        closes = 1 if sums[mask] == 0 else 0
        for index in range(n):
            bit = 1 << index
            if mask & bit and best[mask ^ bit] + closes == best[mask]:
                break
        if closes and current:
            groups.append(current)
            current = []
        current.append(names[index])
        mask ^= bit
    if current:
        groups.append(current)
    return groups


def fewest_transfers(balances: Mapping[str, int]) -> list[Transfer]:
    """Transfers ``(payer, payee, amount)`` that settle ``balances`` exactly, as few as possible.

    ``ValueError`` if the balances do not sum to zero; ``TypeError`` if an amount is not an integer.
    Exact minimum for up to :data:`EXACT_LIMIT` players with a non-zero balance, greedy beyond.
    """
    _check(balances)
    names = sorted(name for name, amount in balances.items() if amount)
    if len(names) > EXACT_LIMIT:
        transfers = _greedy({name: balances[name] for name in names})
    else:
        transfers = []
        for group in _zero_sum_groups(names, [balances[name] for name in names]):
            transfers += _greedy({name: balances[name] for name in group})
    return sorted(transfers)


def by_rank(totals: Sequence[int], *, lower_wins: bool = False, per_point: bool = True) -> dict[int, Units]:
    """Settle by rank: every other player pays the winner the difference in points (``per_point``) or one
    stake per game lost. Tied winners share the win: what each loser pays is split between them (so a share
    may be a fraction of a unit). Seats by index; the balances sum to zero."""
    if not totals:
        return {}
    best = min(totals) if lower_wins else max(totals)
    winners = [seat for seat, total in enumerate(totals) if total == best]
    balances: dict[int, Fraction] = dict.fromkeys(range(len(totals)), Fraction(0))
    for seat, total in enumerate(totals):
        if seat in winners:
            continue
        owed = abs(total - best) if per_point else 1
        balances[seat] -= owed
        for winner in winners:
            balances[winner] += Fraction(owed, len(winners))
    return {seat: int(units) if units.denominator == 1 else units for seat, units in balances.items()}


def to_money(balances: Mapping[K, Units], stake_minor: int) -> dict[K, int]:
    """Balances in stake units as money (minor units), still summing to zero. Whole units are exact; a shared
    unit that does not divide into whole cents is rounded, the odd cent going to the largest remainders (then
    in the order given)."""
    if stake_minor < 0:
        raise ValueError("the stake cannot be negative")
    exact = {key: Fraction(units) * stake_minor for key, units in balances.items()}
    if sum(exact.values()) != 0:
        raise ValueError("balances must sum to zero")
    money = {key: int(amount.__floor__()) for key, amount in exact.items()}
    short = -sum(money.values())
    by_remainder = sorted(exact, key=lambda key: -(exact[key] - money[key]))
    for key in by_remainder[:short]:
        money[key] += 1
    return money


def is_whole(balances: Mapping[K, Units], stake_minor: int) -> bool:
    """Whether every balance is a whole number of minor units at this stake (nothing was rounded)."""
    return all((Fraction(units) * stake_minor).denominator == 1 for units in balances.values())
