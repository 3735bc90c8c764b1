"""The demo table `make run` creates: three friends play Casita Robada, first to 3 deals won, recorded like any
other table (``load_demo`` reads :data:`DEMO_TABLES`).

Deal 1: Lucía 18, Mateo 14, Sofía 8 → Lucía. Deal 2: a misdeal (void). Deal 3: Lucía 10, Mateo 16, Sofía
left blank (40 − 26 = 14) → Mateo. Deal 4: Lucía 16, Mateo 16, Sofía 8 → a tie: both win it. Lucía 2, Mateo
2, Sofía 0: the next deal can end the match.

>>> from games.casita.rules import GAME
>>> demo = DEMO_TABLES[0]
>>> table = GAME.table(demo["players"], demo["options"])
>>> state = list(GAME.replay(table, demo["records"]))[-1][0]
>>> state.totals, state.played, GAME.winners(table, state)
((2, 2, 0), 3, ())
"""

from __future__ import annotations

from typing import Any

NAME = "Demo — Casita Robada"
PLAYERS: tuple[str, ...] = ("Lucía", "Mateo", "Sofía")

DEMO_TABLES: tuple[dict[str, Any], ...] = (
    {"name": NAME, "players": list(PLAYERS), "options": {"deck": "spanish40", "match": "first_to", "target": 3},
     "stake_minor": 100, "currency": "EUR",
     "records": [
         {"captured": [{"player": "Lucía", "cards": 18}, {"player": "Mateo", "cards": 14},
                       {"player": "Sofía", "cards": 8}]},
         {"void": True},
         {"captured": [{"player": "Lucía", "cards": 10}, {"player": "Mateo", "cards": 16}, {"player": "Sofía"}]},
         {"captured": [{"player": "Lucía", "cards": 16}, {"player": "Mateo", "cards": 16},
                       {"player": "Sofía", "cards": 8}]},
     ]},
)
