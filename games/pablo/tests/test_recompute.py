"""A game that ended before the game-over line named every player past the limit (59df897) keeps the line it was
stored with: `manage.py recompute_outcomes --game pablo` derives it again as the rules now say it."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command

from scoring import services
from scoring.models import Table

# The game-over line as the rules stored it before 59df897: only the players at the highest total (Cara, 53).
OLD_END_LINE = ["%(who)s passed 50 (%(n)s): the game is over.", {"who": ["%(item0)s", {"item0": "Cara"}], "n": 53}]


@pytest.fixture
def ended(db) -> Table:
    """Seed 004, "Once a player exceeds 50 points" the game ends: Ana calls with the fewest twice, 2 + 1 = 3; Bea
    10 + 9 = 19; Cara 40 + 13 = 53; Dan 30 + 21 = 51 (the tester's deal, as games/pablo/tests/test_scoring.py
    has it), its end line stored as the old rules said it."""
    table = services.create_table(game="pablo", players=["Ana", "Bea", "Cara", "Dan"],
                                  options={"variant": "english"})
    for points in ((2, 10, 40, 30), (1, 9, 13, 21)):
        services.record_deal(table, {"caller": "Ana", "hands": [{"points": p} for p in points]})
    last = table.deals.get(number=2)
    breakdown = last.outcome["breakdown"]
    assert breakdown[-2] != OLD_END_LINE
    last.outcome = {**last.outcome, "breakdown": [*breakdown[:-2], OLD_END_LINE, breakdown[-1]]}
    last.save(update_fields=["outcome"])
    return table


def deal_page(client, table: Table) -> str:
    html = client.get(f"/t/{table.view_token}/deal/2/").content.decode()
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_game_over_line_stored_before_the_change_names_every_player_past_50_once_derived_again(client, ended):
    assert "Cara passed 50 (53): the game is over." in deal_page(client, ended)

    call_command("recompute_outcomes", "--game", "pablo", stdout=io.StringIO())

    end_line = services.translate(ended.deals.get(number=2).outcome["breakdown"][-2])
    assert end_line == "Cara (53) and Dan (51) passed 50: the game is over."
    assert end_line in deal_page(client, ended)
