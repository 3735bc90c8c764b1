"""The demo tables `make run` creates: a Tresillo night of three with a reserved puesta open on the sheet
(``load_demo`` reads :data:`DEMO_TABLES`); and a L'Ombre night of four with the dealer sitting out in turn.

Tresillo (Lucía deals first; the eldest is Mateo): deal 1 Mateo's juego, a repuesto in the first puesta (10 into
the plato); deal 2 Sofía's vuelta, a codillo in the plato (21 to Lucía, 21 on the sheet, vuelta 1 to each);
deal 3 Lucía's solo with estuche, a sacado in the reserved puesta that collects Sofía's 21; deal 4 Mateo's
repuesto in a first puesta again (10 into the plato); deal 5 Sofía's repuesto in the plato: 21 on the sheet.

>>> from games.tresillo.rules import GAMES
>>> tables = {game.slug: game for game in GAMES}
>>> for demo in DEMO_TABLES:
...     game = tables[demo["game"]]
...     table = game.table(demo["players"], demo["options"])
...     state = list(game.replay(table, demo["records"]))[-1][0]
...     print(demo["game"], state.totals, state.ledger.conserved, len(state.ledger.open_debts()))
tresillo (60, -29, -53) True 1
ombre (-21, -23, -15, 59) True 0
"""

from __future__ import annotations

from typing import Any

DEMO_TABLES: tuple[dict[str, Any], ...] = (
    {"name": "Demo — Tresillo", "game": "tresillo", "players": ["Lucía", "Mateo", "Sofía"], "options": {},
     "stake_minor": 10, "currency": "EUR",
     "records": [
         {"hombre": "Mateo", "bid": "juego", "tricks": {"Mateo": 4, "Sofía": 4, "Lucía": 1}},
         {"hombre": "Sofía", "bid": "vuelta", "tricks": {"Sofía": 3, "Lucía": 5, "Mateo": 1}},
         {"hombre": "Lucía", "bid": "solo", "estuche": True, "tricks": {"Lucía": 6, "Mateo": 2, "Sofía": 1}},
         {"hombre": "Mateo", "bid": "juego", "tricks": {"Mateo": 3, "Sofía": 3, "Lucía": 3}},
         {"hombre": "Sofía", "bid": "juego", "tricks": {"Sofía": 4, "Mateo": 4, "Lucía": 1}},
     ]},
    {"name": "Demo — L'Ombre", "game": "ombre", "players": ["Lucía", "Mateo", "Sofía", "Hugo"], "options": {},
     "stake_minor": 5, "currency": "EUR",
     "records": [
         {"hombre": "Sofía", "passed": ["Mateo"], "taken_in": 3, "tricks": {"Sofía": 5, "Mateo": 2, "Hugo": 2}},
         {"hombre": "Sofía", "taken_in": 4, "tricks": {"Sofía": 3, "Hugo": 3, "Lucía": 3}},
         {"hombre": "Hugo", "taken_in": 2, "matadors": 3, "tricks": {"Hugo": 5, "Lucía": 2, "Mateo": 2}},
     ]},
)
