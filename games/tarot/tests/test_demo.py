"""load_demo: the FFT's five worked deals, recorded through the services, once."""

from io import StringIO

import pytest
from django.core.management import call_command

from games.tarot.demo import SEATS, TAROT_NAME
from scoring import services
from scoring.models import Deal, Table

pytestmark = pytest.mark.django_db

# RULINGS.md: "The sheet of those five deals totals N −446, S +1346, E −390, W −510."
FFT_SHEET = {"N": -446, "S": 1346, "E": -390, "W": -510}


def load() -> str:
    out = StringIO()
    call_command("load_demo", base_url="http://127.0.0.1:8000", stdout=out, stderr=StringIO())
    return out.getvalue()


def test_the_demo_totals_are_the_ffts():
    output = load()

    table = Table.objects.get(name=TAROT_NAME)
    standings = services.standings(table)
    assert standings.totals == {SEATS[seat]: total for seat, total in FFT_SHEET.items()}
    assert standings.deal_count == 5
    assert (table.game, table.stake_minor, table.currency) == ("tarot", 10, "EUR")
    assert f"http://127.0.0.1:8000/t/{table.edit_token}/" in output
    assert f"http://127.0.0.1:8000/t/{table.view_token}/" in output


def test_each_deal_scores_as_in_the_rulebook():
    load()
    table = Table.objects.get(name=TAROT_NAME)
    n, s, e, w = (SEATS[k] for k in "NSEW")
    expected = [
        {n: -106, s: -106, e: 318, w: -106},
        {n: -76, s: -76, e: -76, w: 228},
        {n: 42, s: -126, e: 42, w: 42},
        {n: 276, s: -92, e: -92, w: -92},
        {n: -582, s: 1746, e: -582, w: -582},
    ]
    game, spec = services.get_game(table.game), services.table_spec(table)
    assert [services.side_scores(game, spec, d.outcome) for d in table.deals.order_by("number")] == expected


def test_load_demo_is_idempotent():
    load()
    every_demo_deal = Deal.objects.count()
    output = load()

    assert Table.objects.filter(name=TAROT_NAME).count() == 1
    assert Deal.objects.filter(table__name=TAROT_NAME).count() == 5
    assert Deal.objects.count() == every_demo_deal  # no game's demo loaded twice
    assert "already there" in output
