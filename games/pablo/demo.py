"""The demo tables `make run` creates: a French Pablo table and an English one, a few rounds each, recorded like
any other table (``load_demo`` reads :data:`DEMO_TABLES`).

French: a good Pablo (−5), a Pablo tied (cards + 10), a Pablo beaten by a player with no cards left (0).
English: a good Pablo, a Pablo tied (+5), and a Pablo beaten (+10) that brings Dev to exactly 50: back to 0.

>>> from games.pablo.rules import GAME
>>> totals = {}
>>> for demo in DEMO_TABLES:
...     table = GAME.table(demo["players"], demo["options"])
...     state = list(GAME.replay(table, demo["records"]))[-1][0]
...     totals[demo["options"]["variant"]] = dict(zip(table.players, state.totals))
>>> totals["french"], totals["english"]
({'Amélie': 15, 'Bruno': 48, 'Chloé': 42, 'David': 46}, {'Alice': 15, 'Ben': 37, 'Cara': 45, 'Dev': 0})
"""

from __future__ import annotations

from typing import Any

STAKE_MINOR = 10  # 0.10 EUR a point
CURRENCY = "EUR"

FRENCH_PLAYERS = ["Amélie", "Bruno", "Chloé", "David"]
FRENCH_ROUNDS: tuple[dict[str, Any], ...] = (
    # Amélie K♦ A♠ 2♣ = 3, strictly the fewest: −5. Bruno 4♥ 3♠ 8♣ = 15 (the French text's hand after its
    # pair of 5s went), Chloé 22 typed, David Q♠ 7♦ 9♥ = 26.
    {"caller": "Amélie", "hands": [{"player": "Amélie", "cards": ["KD", "AS", "2C"]},
                                   {"player": "Bruno", "cards": ["4H", "3S", "8C"]},
                                   {"player": "Chloé", "points": 22},
                                   {"player": "David", "cards": ["QS", "7D", "9H"]}]},
    # Bruno 6 and Chloé 6: not strictly the fewest, 6 + 10 = 16.
    {"caller": "Bruno", "hands": [{"player": "Amélie", "points": 11}, {"player": "Bruno", "points": 6},
                                  {"player": "Chloé", "points": 6}, {"player": "David", "points": 20}]},
    # Chloé A♥ A♦ 2♠ = 4, but David has no cards left (0): 4 + 10 = 14.
    {"caller": "Chloé", "hands": [{"player": "Amélie", "points": 9}, {"player": "Bruno", "points": 17},
                                  {"player": "Chloé", "cards": ["AH", "AD", "2S"]},
                                  {"player": "David", "cards": []}]},
)

ENGLISH_PLAYERS = ["Alice", "Ben", "Cara", "Dev"]
ENGLISH_ROUNDS: tuple[dict[str, Any], ...] = (
    # Alice A♠ 2♥ K♦ 3♣ = −1 + 2 + 0 + 3 = 4, the lowest: no penalty. Alice starts next, Cara (25) deals.
    {"caller": "Alice", "hands": [{"player": "Alice", "cards": ["AS", "2H", "KD", "3C"]},
                                  {"player": "Ben", "points": 12},
                                  {"player": "Cara", "cards": ["10S", "JD", "5C"]},
                                  {"player": "Dev", "points": 18}]},
    # Ben 6 ties Alice's 6: 6 + 5 = 11. Alice (total 10) starts rather than Ben (23); Cara deals.
    {"caller": "Ben", "hands": [{"player": "Alice", "points": 6}, {"player": "Ben", "points": 6},
                                {"player": "Cara", "points": 12}, {"player": "Dev", "points": 9}]},
    # Dev K♠ 3♥ = 13 but Alice has 5: 13 + 10 = 23, and 27 + 23 = 50 exactly: back to 0.
    {"caller": "Dev", "hands": [{"player": "Alice", "points": 5}, {"player": "Ben", "points": 14},
                                {"player": "Cara", "points": 8}, {"player": "Dev", "cards": ["KS", "3H"]}]},
)

DEMO_TABLES: tuple[dict[str, Any], ...] = (
    {"name": "Demo — Pablo (French)", "players": FRENCH_PLAYERS, "options": {"variant": "french"},
     "stake_minor": STAKE_MINOR, "currency": CURRENCY, "records": list(FRENCH_ROUNDS)},
    {"name": "Demo — Pablo (English)", "players": ENGLISH_PLAYERS, "options": {"variant": "english"},
     "stake_minor": STAKE_MINOR, "currency": CURRENCY, "records": list(ENGLISH_ROUNDS)},
)
