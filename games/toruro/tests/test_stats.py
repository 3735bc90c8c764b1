"""What Toruro counts of a player for their page (games/toruro/stats.py): the deals they went (out of the
deals played), the pots they won, and their lulos: committed, free (every tenth, house rule 1) and paid
(seed 002; RULINGS.md, "Toruro").
"""

from __future__ import annotations

from typing import Any

from games.toruro.rules import GAME

PLAYERS = ["Ana", "Luis", "Pepe", "Marta", "Juan"]
ANA, LUIS, PEPE, MARTA, JUAN = range(5)


def figures(seat: int, deals: list[dict[str, Any]], **options: Any) -> dict[str, tuple[int, int | None]]:
    table = GAME.table(PLAYERS, options)
    state, records, outcomes = GAME.initial_state(table), [], []
    for raw in deals:
        record = GAME.complete(table, state, GAME.parse(table, raw))
        state, outcome = GAME.apply(table, state, record)
        records.append(record)
        outcomes.append(outcome)
    return {s.key: (s.value, s.out_of) for s in GAME.statistics(table, seat, records, outcomes, state)}


# Ana deals first; Luis speaks first. Everyone must go on the first deal (house rule 3).
FIRST = {"turned_card": "4O", "went": PLAYERS, "tricks": ["Luis", "Pepe", "Pepe"]}  # lulos: Marta #1, Juan #2, Ana #3
PAY_ONE = {"turned_card": "5B", "payments": [{"lulo": 1, "cabeza": 1, "barriga": 1, "cola": 1}], "went": []}
MISPLAY = {"turned_card": "3C", "payments": [{"lulo": 2, "cola": 3}], "went": ["Juan", "Marta"],
           "tricks": ["Marta", "Juan", "Marta"], "misplays": [{"player": "Juan", "rule": "follow_suit"}]}


def test_a_player_who_goes_and_takes_no_trick_commits_a_lulo():
    found = figures(MARTA, [FIRST])
    assert found["lulos"] == (1, None)
    assert figures(LUIS, [FIRST])["lulos"] == (0, None)


def test_a_broken_play_rule_is_a_lulo_even_with_a_pot_won():
    """Juan takes the barriga but broke "follow suit": his second lulo of the night."""
    found = figures(JUAN, [FIRST, PAY_ONE, MISPLAY])
    assert found["lulos"] == (2, None)
    assert found["pots_won"] == (1, None)


def test_going_is_counted_out_of_the_deals_played():
    """Everyone went on the first deal, nobody on the second, Juan and Marta on the third; a misdeal is no
    deal played."""
    deals = [FIRST, PAY_ONE, MISPLAY, {"void": True}]
    assert figures(MARTA, deals)["went"] == (2, 3)
    assert figures(PEPE, deals)["went"] == (1, 3)


def test_each_trick_taken_wins_its_pot():
    assert figures(PEPE, [FIRST])["pots_won"] == (2, None)  # barriga and cola
    assert figures(MARTA, [FIRST, PAY_ONE, MISPLAY])["pots_won"] == (2, None)  # cabeza and cola


def test_a_lulo_paid_into_the_pots_is_counted_paid():
    assert figures(MARTA, [FIRST, PAY_ONE])["lulos_paid"] == (1, None)
    assert figures(JUAN, [FIRST, PAY_ONE])["lulos_paid"] == (0, None)


def test_every_tenth_lulo_is_free():
    """Marta takes no trick on the first deal, then goes with Luis nine times and Luis takes every trick: her
    10th lulo is free."""
    deals = [FIRST] + [{"turned_card": "5B", "went": ["Marta", "Luis"], "tricks": ["Luis", "Luis", "Luis"]}] * 9
    found = figures(MARTA, deals)
    assert found["lulos"] == (10, None)
    assert found["lulos_free"] == (1, None)
    assert figures(MARTA, deals, free_tenth=False)["lulos_free"] == (0, None)
