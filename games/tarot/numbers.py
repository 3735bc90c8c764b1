"""The numbers of French Tarot (RULINGS.md, French Tarot): hands, chien, targets, multipliers, bonuses.

Card points are counted in half points (ints) throughout, so 40½ is exact: the 91 points are 182 halves.

>>> TARGETS[2], MULTIPLIERS["garde"], POIGNEE_TRUMPS[5]["simple"], format_halves(81), points_of(81)
(41, 2, 8, '40½', '40.5')
"""

from __future__ import annotations

HAND_SIZE: dict[int, int] = {3: 24, 4: 18, 5: 15}
CHIEN_SIZE: dict[int, int] = {3: 6, 4: 6, 5: 3}

TOTAL_HALVES = 182
BOUT_HALVES = 9  # a bout (or a King) is worth 4½
EXCUSE_HALVES = 8  # the Excuse kept by the defence is worth 4: it is exchanged for a ½ card

MULTIPLIERS: dict[str, int] = {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
CONTRACT_NAMES: dict[str, str] = {  # French terms, kept in French in every language
    "prise": "Prise", "garde": "Garde", "garde_sans": "Garde sans", "garde_contre": "Garde contre",
}
TARGETS: dict[int, int] = {3: 36, 2: 41, 1: 51, 0: 56}
"""Card points the attack needs, by the number of bouts it holds at the end."""

POIGNEE_TRUMPS: dict[int, dict[str, int]] = {
    3: {"simple": 13, "double": 15, "triple": 18},
    4: {"simple": 10, "double": 13, "triple": 15},
    5: {"simple": 8, "double": 10, "triple": 13},
}
POIGNEE_BONUS: dict[str, int] = {"simple": 20, "double": 30, "triple": 40}
TRUMPS_AND_EXCUSE = 22

PETIT_AU_BOUT_SIGN: dict[str, int] = {"none": 0, "attack": 1, "defence": -1}
PETIT_AU_BOUT_BASE = 10
CHELEM_BONUS: dict[str, int] = {"none": 0, "announced_made": 400, "unannounced_made": 200,
                                "announced_failed": -200, "defence": -200}
MISERE_BONUS = 10
CALLABLE_RANKS = ("K", "Q", "C", "J")


def chien_max_halves(players: int) -> int:
    """The most the chien can be worth, in half points: every card a bout or a King (4½)."""
    return CHIEN_SIZE[players] * BOUT_HALVES


def ecart_max_halves(players: int) -> int:
    """The most an écart can be worth, in half points: no King and no bout, so Queens then Knights."""
    values = [7] * 4 + [5] * 4  # four Queens (3½), four Knights (2½)
    return sum(values[: CHIEN_SIZE[players]])


def attack_bounds(players: int, bouts: int) -> tuple[int, int]:
    """The attack's least and most card points holding ``bouts``, in half points: 4½ a bout it holds, and 91
    less the bouts the defence holds (4½ each). A side that took no trick holds its Excuse for 4, as it still
    owes the ½ point it gives for it (RULINGS.md: the defence against a chelem); so does an attack whose one
    bout is the Excuse (with two bouts or more and no trick, the others came in the chien with at least ½
    more). Whole points at four players.

    >>> attack_bounds(4, 1), attack_bounds(3, 1), attack_bounds(3, 3)
    ((8, 164), (8, 165), (27, 182))
    """
    least = BOUT_HALVES * bouts - (bouts == 1)
    most = TOTAL_HALVES if bouts == 3 else TOTAL_HALVES - BOUT_HALVES * (3 - bouts) + 1
    if players == 4:
        least += least % 2
        most -= most % 2
    return least, most


ATTACK_BOUNDS: dict[tuple[int, int], tuple[int, int]] = {
    (players, bouts): attack_bounds(players, bouts) for players in (3, 4, 5) for bouts in range(4)
}

CANONICAL_POINTS: tuple[str, ...] = tuple(f"{h // 2}.5" if h % 2 else str(h // 2) for h in range(TOTAL_HALVES + 1))
"""Card points as the record keeps them, by half points: ``CANONICAL_POINTS[81] == "40.5"``."""
HALVES_BY_POINTS: dict[str, int] = {points: halves for halves, points in enumerate(CANONICAL_POINTS)}


def points_of(halves: int) -> str:
    """Half points as a record keeps them: ``"49"``, ``"40.5"``."""
    return CANONICAL_POINTS[halves]


def halves_of(points: str) -> int:
    """Card points as a record keeps them (``"49"``, ``"40.5"``) in half points."""
    return HALVES_BY_POINTS[points]


def format_halves(halves: int) -> str:
    """Half points as a player says them: ``49``, ``40½``, ``½``."""
    whole, half = divmod(halves, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"




def number(value: int) -> str:
    """``8``, ``−7`` (a real minus sign)."""
    return f"−{-value}" if value < 0 else str(value)
