"""The data migration that stores the deals recorded before the typed interface as their rules read them."""

from importlib import import_module

import pytest
from django.apps import apps

from games.toruro.lulos import lulo_list
from scoring import services
from scoring.models import Deal, DealRevision, Table

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
    assert "Deal 1 cannot be read" in page.content.decode()  # said on the page, not only in the log
    assert Deal.objects.get().state_after is None  # a view writes nothing
    refused = client.post(f"/t/{tarot4.edit_token}/deal/", {**plain_deal(), "deal_number": "2"})
    assert "Deal 1 cannot be read" in refused.content.decode() and Deal.objects.count() == 1


def test_a_deal_changed_by_hand_is_read_afresh_when_the_night_is_replayed(tarot4):
    services.record_deal(tarot4, plain_deal())
    services.record_deal(tarot4, plain_deal(taker="N"))
    Deal.objects.filter(number=2).update(record={**Deal.objects.get(number=2).record, "taker": {"seat": 9}})

    with pytest.raises(services.ChangeRefused) as refused:  # not an IndexError: a message, never a 500
        services.edit_deal(Deal.objects.get(number=1), plain_deal(points=56))
    assert "deal 2" in str(refused.value).lower()


def test_a_table_whose_cache_was_emptied_keeps_counting_from_its_deals(tarot4):
    services.record_deal(tarot4, plain_deal())
    services.record_deal(tarot4, plain_deal(taker="N"))
    before = services.standings(tarot4).totals
    Deal.objects.update(state_after=None, outcome=None)

    assert services.standings(tarot4).totals == before  # derived in memory on a view
    services.record_deal(tarot4, plain_deal(taker="S"))  # the write fills the cache first
    assert services.standings(tarot4).totals == {"N": 198 - 66 - 66, "S": -66 - 66 + 198, "E": 198 - 66 - 66,
                                                 "W": -66 * 3}


def test_an_old_five_player_deal_with_a_blank_partner_was_the_taker_alone(tarot5):
    """Before RULINGS.md settled it, a blank partner at five players meant the taker played alone."""
    services.record_deal(tarot5, plain_deal(taker="E", partner="E"))
    alone = services.standings(tarot5).totals
    Deal.objects.update(record={"taker": "E", "contract": "garde", "bouts": 2, "points": 49})  # no partner

    normalise(apps, None)

    deal = Deal.objects.get()
    assert deal.record["partner"] == {"seat": 2, "name": "E"}
    assert services.standings(tarot5).totals == alone  # E +264 alone against four: (25 + 8) × 2 × 4
    assert alone["E"] == 264


def test_a_stored_outcome_keeps_only_the_lulos_its_deal_added_or_paid(db):
    """Outcomes stored before carried the whole lulo list after each deal (and the lulos payable next): each now
    keeps the lines of its own deal, as a deal recorded today does, and the pages and totals do not change."""
    own_lines_only = import_module("scoring.migrations.0011_outcome_lulos_of_the_deal").own_lines_only
    table = services.create_table(game="toruro", players=["Ana", "Luis", "Pepe", "Marta", "Juan"])
    first = {"turned_card": "4O", "went": ["Ana", "Luis", "Pepe", "Marta", "Juan"], "tricks": ["Luis", "Pepe", "Pepe"]}
    services.record_deal(table, first)  # lulos #1-#3: Marta, Juan, Ana
    services.record_deal(table, {"turned_card": "5B", "went": [],
                                 "payments": [{"lulo": 1, "cabeza": 1, "barriga": 1, "cola": 1}]})  # #1 paid
    today = {deal.number: deal.outcome["details"]["lulos"] for deal in Deal.objects.filter(table=table)}
    for deal in Deal.objects.filter(table=table):  # as the outcomes were stored before
        details = {k: v for k, v in deal.outcome["details"].items() if k != "lulos"}
        state = services.state_of(services.get_game("toruro"), services.table_spec(table), deal.state_after)
        details["lulo_list"] = [line.to_json() for line in lulo_list(state, services.table_spec(table).players)]
        details["payable"] = []
        Deal.objects.filter(pk=deal.pk).update(outcome={**deal.outcome, "details": details})
    before = services.standings(table).totals

    own_lines_only(apps, None)

    stored = {deal.number: deal.outcome["details"] for deal in Deal.objects.filter(table=table)}
    assert {n: d["lulos"] for n, d in stored.items()} == today
    assert [line["id"] for line in stored[1]["lulos"]] == [1, 2, 3]
    assert [(line["id"], line["status"]) for line in stored[2]["lulos"]] == [(1, "paid")]
    assert all("lulo_list" not in d and "payable" not in d for d in stored.values())
    assert services.standings(table).totals == before


def test_a_tresillo_table_from_before_the_matador_option_keeps_the_reading_it_was_played_with(db):
    """Before the house rule existed, a lower matador led never forced a higher one out (the only reading then);
    the default is now seed 003's "by the other Matadors". A table that stored no value keeps "only a higher",
    written down; a table that chose, and a table of another game, are left as they are."""
    keep = import_module("scoring.migrations.0012_matadors_forced_kept_for_old_tables").keep_the_reading_played
    old = services.create_table(game="tresillo", players=["Ana", "Bea", "Carl"])
    chose = services.create_table(game="ombre", players=["Ana", "Bea", "Carl"], options={"matadors_forced": "any"})
    tarot = services.create_table(game="tarot", players=["N", "S", "E", "W"])
    Table.objects.filter(pk=old.pk).update(options={k: v for k, v in old.options.items() if k != "matadors_forced"})
    before = Table.objects.get(pk=tarot.pk).options

    keep(apps, None)

    assert Table.objects.get(pk=old.pk).options["matadors_forced"] == "higher"
    assert Table.objects.get(pk=chose.pk).options["matadors_forced"] == "any"
    assert Table.objects.get(pk=tarot.pk).options == before
    situation = {"trump": "C", "trick": "1B", "hand": "7C 12O 4E", "card": "12O"}  # the lower Basto led
    assert services.get_game("tresillo").ruling(services.table_spec(Table.objects.get(pk=old.pk)), situation).legal


def test_a_rematch_started_before_the_link_was_kept_is_linked_to_the_game_its_change_names(db):
    """A rematch's ``rematch`` change (on the finished game) names the new table's view link: the migration links
    that table back to the finished game. A table no change names, and a change naming no table (a file
    imported keeps no link), are left as they are."""
    link = import_module("scoring.migrations.0014_table_rematch_of").link_rematches
    first = services.create_table(game="burro", players=["Raj", "Jess"])
    rematch = services.rematch(first)
    alone = services.create_table(game="burro", players=["Raj", "Jess"])
    imported = services.create_table(game="burro", players=["Raj", "Jess"])
    imported.changes.create(kind="rematch", details={})
    Table.objects.update(rematch_of=None)

    link(apps, None)

    assert Table.objects.get(pk=rematch.pk).rematch_of_id == first.pk
    assert not Table.objects.filter(pk__in=[first.pk, alone.pk, imported.pk], rematch_of__isnull=False).exists()
