"""The data migration that stores the deals recorded before the typed interface as their rules read them."""

from importlib import import_module

from django.apps import apps

from scoring import services
from scoring.models import Deal, DealRevision

from .conftest import plain_deal

normalise = import_module("scoring.migrations.0002_normalise_records").normalise


def test_raw_deals_are_stored_as_the_rules_read_them_and_the_cache_derived_again(tarot4):
    services.record_deal(tarot4, plain_deal())
    services.record_deal(tarot4, plain_deal(taker="N"))
    raw = {"taker": " e ", "contract": "Garde", "bouts": "2", "points": "49,0"}  # as an old API client sent it
    Deal.objects.filter(number=1).update(record=raw, outcome={"scores": {"E": 198}}, state_after={"totals": {}})
    DealRevision.objects.filter(deal__number=1).update(record=raw)

    normalise(apps, None)

    first = Deal.objects.get(number=1)
    assert first.record["taker"] == {"seat": 2, "name": "E"}
    assert (first.record["contract"], first.record["points"]) == ("garde", "49")
    assert first.outcome["scores"] == [-66, -66, 198, -66]
    assert DealRevision.objects.get(deal=first).record == first.record
    assert services.standings(tarot4).totals == {"N": 132, "S": -132, "E": 132, "W": -132}


def test_a_record_the_rules_cannot_read_is_kept_and_its_table_derived_again_on_view(tarot4, client):
    services.record_deal(tarot4, plain_deal())
    Deal.objects.update(record={"taker": "Nobody", "contract": "garde"})

    normalise(apps, None)

    deal = Deal.objects.get()
    assert deal.record == {"taker": "Nobody", "contract": "garde"} and deal.state_after is None
    page = client.get(f"/t/{tarot4.edit_token}/")
    assert page.status_code == 200 and page.context["st"].totals == {"N": 0, "S": 0, "E": 0, "W": 0}
