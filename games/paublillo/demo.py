"""The demo table `make run` creates: four friends play Paublillo, team A (Ana and Carla) against team B (Beto
and Dani), recorded like any other table (``load_demo`` reads :data:`DEMO_TABLES`).

Deal 1: A's envido accepted, tricks A, B, A: A 3. Deal 2: no raise, B takes two tricks: B 1. Deal 3: B's
envido, A's seis, both accepted, A takes two tricks: A 3 + 6 = 9. Deal 4: B's envido refused: B scores the
stake before the raise, 1 (B 2). Deal 5: no raise, tricks B, A, B: B 1 more. A leads 9 to 3.

>>> from games.paublillo.rules import GAME
>>> demo = DEMO_TABLES[0]
>>> table = GAME.table(demo["players"], demo["options"])
>>> list(GAME.replay(table, demo["records"]))[-1][0].totals
(9, 3)
"""

from __future__ import annotations

from typing import Any

NAME = "Demo — Paublillo"
STAKE_MINOR = 100_000  # 1.000 COP a point
PLAYERS: tuple[str, ...] = ("Ana", "Beto", "Carla", "Dani")

DEMO_TABLES: tuple[dict[str, Any], ...] = (
    {"name": NAME, "players": list(PLAYERS), "options": {}, "stake_minor": STAKE_MINOR, "currency": "COP",
     "records": [
         {"bets": [{"team": "A", "stake": "envido"}], "tricks": "ABA"},
         {"tricks": "BB"},
         {"bets": [{"team": "B", "stake": "envido"}, {"team": "A", "stake": "seis"}], "tricks": "AA"},
         {"bets": [{"team": "B", "stake": 3}], "refused": True},
         {"tricks": "BAB"},
     ]},
)
