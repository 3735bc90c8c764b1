"""The demo table `make run` creates: the FFT's five worked French Tarot deals, recorded like any other table.

``load_demo`` reads :data:`DEMO_TABLES`; the sheet of those five deals totals N −446, S +1346, E −390,
W −510 (RULINGS.md, French Tarot, "the golden cases").

>>> from games.tarot.rules import GAME
>>> demo = DEMO_TABLES[0]
>>> table = GAME.table(demo["players"], demo["options"])
>>> state = list(GAME.replay(table, demo["records"]))[-1][0]
>>> dict(zip(table.players, state.totals)) == {SEATS[seat]: total for seat, total in FFT_TOTALS.items()}
True
"""

from __future__ import annotations

from typing import Any

TAROT_NAME = "Demo — French Tarot"
STAKE_MINOR = 10  # 0.10 EUR a point
CURRENCY = "EUR"

# The FFT rulebook seats its examples N, S, E, W. Friendly names that keep the seat's letter, in the order
# of play (anticlockwise, as in official Tarot): North, West, South, East.
SEATS: dict[str, str] = {"N": "Nadia", "W": "Wassim", "S": "Simon", "E": "Élodie"}
PLAYERS: tuple[str, ...] = tuple(SEATS.values())


def _poignee(side: str) -> list[dict[str, str]]:
    return [{"side": side, "size": "simple"}]


# The five worked deals of the FFT's rules (RULINGS.md, French Tarot, "the golden cases"), seat letters as
# in the rulebook. The sheet totals N −446, S +1346, E −390, W −510.
FFT_DEALS: tuple[dict[str, Any], ...] = (
    # 1. E, Garde, simple poignée and petit au bout by the attack, 2 bouts, 49: E +318, others −106.
    {"taker": "E", "contract": "garde", "bouts": 2, "points": 49, "points_side": "attack",
     "poignees": _poignee("attack"), "petit_au_bout": "attack", "chelem": "none"},
    # 2. W, Garde sans, 2 bouts, 45, petit au bout to the defence: W +228, others −76.
    {"taker": "W", "contract": "garde_sans", "bouts": 2, "points": 45, "points_side": "attack",
     "poignees": [], "petit_au_bout": "defence", "chelem": "none"},
    # 3. S, Prise, 2 bouts, 34 (falls by 7), simple poignée by the attack, petit au bout attack: S −126.
    {"taker": "S", "contract": "prise", "bouts": 2, "points": 34, "points_side": "attack",
     "poignees": _poignee("attack"), "petit_au_bout": "attack", "chelem": "none"},
    # 4. N, Garde, 2 bouts, 52, simple poignée by the defence: N +276, others −92.
    {"taker": "N", "contract": "garde", "bouts": 2, "points": 52, "points_side": "attack",
     "poignees": _poignee("defence"), "petit_au_bout": "none", "chelem": "none"},
    # 5. S, Garde, chelem announced and made, simple poignée and petit au bout by the attack, the defence kept
    #    its Excuse: 2 bouts, 87: S +1746, others −582.
    {"taker": "S", "contract": "garde", "bouts": 2, "points": 87, "points_side": "attack",
     "poignees": _poignee("attack"), "petit_au_bout": "attack", "chelem": "announced_made"},
)
FFT_TOTALS: dict[str, int] = {"N": -446, "S": 1346, "E": -390, "W": -510}


def tarot_records() -> list[dict[str, Any]]:
    """The FFT deals with the seat letters replaced by the demo's names."""
    return [{**deal, "taker": SEATS[deal["taker"]]} for deal in FFT_DEALS]


DEMO_TABLES: tuple[dict[str, Any], ...] = (
    {"name": TAROT_NAME, "players": list(PLAYERS), "options": {}, "stake_minor": STAKE_MINOR,
     "currency": CURRENCY, "records": tarot_records()},
)
