"""load_demo: the demo Burro table, recorded through the services like any other table, once."""

from io import StringIO

import pytest
from django.core.management import call_command

from games.burro.demo import BURRO_NAME
from scoring import services
from scoring.models import Table

pytestmark = pytest.mark.django_db


def load() -> str:
    out = StringIO()
    call_command("load_demo", base_url="http://127.0.0.1:8000", stdout=out, stderr=StringIO())
    return out.getvalue()


def test_the_demo_ends_with_a_decider_that_lucia_wins():
    output = load()
    table = Table.objects.get(name=BURRO_NAME)
    standings = services.standings(table)
    # Mateo 5 letters, Carmen 2 + the decider's 1, Diego 3, Lucía 2.
    assert standings.totals == {"Lucía": 2, "Mateo": 5, "Carmen": 3, "Diego": 3}
    assert standings.deal_count == 14 and standings.game_over and standings.winners == ["Lucía"]
    assert [standings.total_text(seat) for seat in range(4)] == ["B-U", "B-U-R-R-O", "B-U-R", "B-U-R"]
    assert (table.game, table.stake_minor, table.currency) == ("burro", 50, "EUR")
    assert f"http://127.0.0.1:8000/t/{table.edit_token}/" in output


def test_the_demo_settles_at_fifty_cents_a_letter(client):
    load()
    table = Table.objects.get(name=BURRO_NAME)
    result = client.get(f"/t/{table.view_token}/settle/").context["result"]
    # Carmen 3 − 2 = 1 letter, Diego 1, Mateo 3: 0.50, 0.50 and 1.50 to Lucía.
    assert result["transfers"] == [("Carmen", "Lucía", 50), ("Diego", "Lucía", 50), ("Mateo", "Lucía", 150)]


def test_load_demo_is_idempotent():
    load()
    output = load()
    assert Table.objects.filter(name=BURRO_NAME).count() == 1
    assert "already there" in output
