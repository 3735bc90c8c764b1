"""The Django admin works for every model: list, search, and change page, with a real table in it."""

import pytest
from django.contrib import admin
from django.urls import reverse

from scoring import services
from scoring.models import Deal, DealRevision, Player, Seat, Table


@pytest.fixture
def recorded_table(db):
    table = services.create_table(game="tarot", players=["N", "S", "E", "W"], name="Admin check")
    services.record_deal(table, {"taker": "E", "contract": "garde", "bouts": 2, "points": 49})
    return table


@pytest.mark.parametrize("model", [Table, Player, Seat, Deal, DealRevision])
def test_every_model_has_a_working_admin(admin_client, recorded_table, model):
    assert model in admin.site._registry
    prefix = f"admin:{model._meta.app_label}_{model._meta.model_name}"
    listing = admin_client.get(reverse(f"{prefix}_changelist"), {"q": "N"})
    assert listing.status_code == 200
    obj = model.objects.first()
    change = admin_client.get(reverse(f"{prefix}_change", args=[obj.pk]))
    assert change.status_code == 200
    assert admin_client.get(reverse(f"{prefix}_add")).status_code == 200
