"""The demo table loads (``load_demo``) and ends with a reserved puesta open on the sheet."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from scoring import services
from scoring.models import Table


@pytest.mark.django_db
def test_the_demo_tresillo_table_is_created_with_its_deals_and_an_open_reserved_puesta():
    call_command("load_demo", verbosity=0)
    table = Table.objects.get(name="Demo — Tresillo")
    assert table.game == "tresillo" and table.deals.count() == 5
    state = services.standings(table).state
    assert [(d.debtor, d.amount) for d in state.ledger.open_debts()] == [(2, 21)]
