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
EXCUSE_HALVES = 8  # the Excuse kept by its owner is worth 4: it is exchanged for a ½ card

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


def trick_halves_least(bouts: int, players: int) -> int:
    """The least a side holding ``bouts`` of the bouts has from its tricks alone, in half points. A bout comes
    in a trick with the other ``players`` − 1 cards of it, ½ at least each; the Petit and the 21 may share one.
    The Excuse stays with its owner, who gives ½ for it even with no trick to give it from (RULINGS.md: 87 when
    the defence kept its Excuse against a chelem): 4 alone.

    >>> [trick_halves_least(bouts, 3) for bouts in range(4)]  # 0; the Excuse 4; 4½ + 4½ + ½; 4½ + 4½ + ½ + 4
    [0, 8, 19, 27]
    """
    return (0, EXCUSE_HALVES, 2 * BOUT_HALVES + players - 2, 2 * BOUT_HALVES + players - 2 + EXCUSE_HALVES)[bouts]


def attack_bounds(players: int, contract: str, bouts: int) -> tuple[int, int]:
    """The attack's least and most card points holding ``bouts`` in ``contract``, in half points: its tricks'
    least (:func:`trick_halves_least`), with the écart's cards in a prise or a garde (½ at least each, never a
    bout) or the chien's in a garde sans (½ at least, a bout 4½, its Excuse still 4 if played); and 182 less
    the same for the defence's bouts, with the chien counting for the defence in a garde contre. Whole points
    at four players.

    >>> attack_bounds(4, "prise", 1), attack_bounds(4, "garde_contre", 1), attack_bounds(3, "garde_sans", 3)
    ((14, 162), (8, 160), (30, 182))
    """
    chien, defence_bouts = CHIEN_SIZE[players], 3 - bouts
    if contract == "garde_sans":
        least = chien + EXCUSE_HALVES * bouts
    else:
        least = trick_halves_least(bouts, players) + (0 if contract == "garde_contre" else chien)
    if contract == "garde_contre":
        most = TOTAL_HALVES - chien - EXCUSE_HALVES * defence_bouts
    else:
        most = TOTAL_HALVES - trick_halves_least(defence_bouts, players)
    if players == 4:
        least += least % 2
        most -= most % 2
    return least, most


ATTACK_BOUNDS: dict[tuple[int, str, int], tuple[int, int]] = {
    (players, contract, bouts): attack_bounds(players, contract, bouts)
    for players in (3, 4, 5) for contract in MULTIPLIERS for bouts in range(4)
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
