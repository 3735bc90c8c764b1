"""The demo table `make run` creates: five friends play Toruro, the lulo list with two lulos still owed
(``load_demo`` reads :data:`DEMO_TABLES`), recorded like any other table.

Deal 1 (the first deal, everyone goes): Beto takes the cabeza, Carla the barriga and the cola; Dani, Eva and
Ana went and took no trick: lulos #1–#3, 3 chips each. Deal 2: Dani pays lulo #1 into the three pots; Ana
takes cabeza and barriga, Dani the cola. Deal 3: Eva pays lulo #2 into the cola and takes it; Carla went
without a trick: lulo #4, 6 chips. Deal 4 (a King turned: the 7 of espadas plays as the King): Ana pays lulo
#3 into the cabeza, Carla takes all three pots, Ana goes lulo again (#5). Deal 5: Carla pays lulo #4; Beto,
Dani and Eva go, Eva without a trick (#6): Eva antes 3 and Carla pays 6, so the pots hold 1 + 4 + 4 = 9,
Beto takes 8 and Dani 1. Lulos #5 and #6 are still owed.

>>> from games.toruro.rules import GAME
>>> demo = DEMO_TABLES[0]
>>> table = GAME.table(demo["players"], demo["options"])
>>> state = list(GAME.replay(table, demo["records"]))[-1][0]
>>> state.totals, [(lulo.id, demo["players"][lulo.debtor]) for lulo in state.ledger.open_debts()]
((-2, 7, -1, -3, -1), [(5, 'Ana'), (6, 'Eva')])
"""

from __future__ import annotations

from typing import Any

NAME = "Demo — Toruro"
PLAYERS: tuple[str, ...] = ("Ana", "Beto", "Carla", "Dani", "Eva")

DEMO_TABLES: tuple[dict[str, Any], ...] = (
    {"name": NAME, "players": list(PLAYERS), "options": {}, "stake_minor": 50_000, "currency": "COP",  # 500 COP a chip
     "records": [
         {"turned_card": "4O", "went": list(PLAYERS), "tricks": ["Beto", "Carla", "Carla"]},
         {"turned_card": "7C", "payments": [{"lulo": 1, "cabeza": 1, "barriga": 1, "cola": 1}],
          "went": ["Dani", "Ana"], "tricks": ["Ana", "Ana", "Dani"]},
         {"turned_card": "5B", "payments": [{"lulo": 2, "cola": 3}],
          "went": ["Eva", "Beto", "Carla"], "tricks": ["Eva", "Beto", "Eva"]},
         {"turned_card": "12E", "payments": [{"lulo": 3, "cabeza": 3}],
          "went": ["Ana", "Carla"], "tricks": ["Carla", "Carla", "Carla"]},
         {"turned_card": "3C", "payments": [{"lulo": 4, "barriga": 3, "cola": 3}],
          "went": ["Beto", "Dani", "Eva"], "tricks": ["Dani", "Beto", "Beto"]},
     ]},
)
