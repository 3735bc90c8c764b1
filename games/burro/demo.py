"""The demo Burro table `make run` creates: a Spanish game with the 48-card deck, four players, thirteen hands
(one of them a misdeal), a tie for the fewest letters and the decider that breaks it.

Mateo spells BURRO at hand 13; Carmen and Lucía are tied with B-U, Diego has B-U-R. In the decider, hand 14 (only
Carmen and Lucía play), Carmen is left holding cards: Lucía wins with B-U. At 0.50 EUR a letter, Carmen pays 1 × 0.50,
Diego 1 × 0.50 and Mateo 3 × 0.50: Lucía takes 2.50.

>>> from games.burro.rules import GAME
>>> demo = DEMO_TABLES[0]
>>> table = GAME.table(demo["players"], demo["options"])
>>> state, outcome = list(GAME.replay(table, demo["records"]))[-1]
>>> dict(zip(table.players, (GAME.show_total(table, state, s).template for s in range(4))))
{'Lucía': 'B-U', 'Mateo': 'B-U-R-R-O', 'Carmen': 'B-U-R', 'Diego': 'B-U-R'}
>>> [table.players[s] for s in outcome.winners], GAME.balances(table, state)
(['Lucía'], {0: 5, 1: -3, 2: -1, 3: -1})
"""

from __future__ import annotations

from typing import Any

BURRO_NAME = "Demo — Burro"
PLAYERS: tuple[str, ...] = ("Lucía", "Mateo", "Carmen", "Diego")
STAKE_MINOR = 50  # 0.50 EUR a letter
CURRENCY = "EUR"

# Who was left holding cards, hand by hand (a misdeal at hand 6), then the decider between Carmen and Lucía.
LOSERS: tuple[str | None, ...] = ("Mateo", "Carmen", "Diego", "Lucía", "Mateo", None, "Diego", "Carmen", "Mateo",
                                  "Lucía", "Diego", "Mateo", "Mateo")
DECIDER_LOSER = "Carmen"


def burro_records() -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = [{"void": True} if loser is None else {"loser": loser} for loser in LOSERS]
    records.append({"loser": DECIDER_LOSER, "decider": True})
    return records


DEMO_TABLES: tuple[dict[str, Any], ...] = (
    {"name": BURRO_NAME, "players": list(PLAYERS), "options": {"variant": "spanish48"}, "stake_minor": STAKE_MINOR,
     "currency": CURRENCY, "records": burro_records()},
)
