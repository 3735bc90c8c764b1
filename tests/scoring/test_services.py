"""Services: every write goes through them. Deals are facts with revisions; standings are derived."""

import uuid

import pytest

from referee.game import InvalidRecord, get_game
from scoring import services
from scoring.models import Deal, DealRevision, Seat, Table

from .conftest import add_deals, plain_deal


def totals(table):
    return services.standings(table).totals


def test_recording_a_deal_stores_the_fact_its_outcome_and_bumps_the_version(tarot4):
    version = tarot4.version
    deal = services.record_deal(tarot4, plain_deal(), expected_number=1, author="#abc")

    assert (deal.number, deal.revision, deal.withdrawn) == (1, 1, False)
    assert deal.outcome["scores"] == [-66, -66, 198, -66]  # N, S, E, W
    assert totals(tarot4) == {"N": -66, "S": -66, "E": 198, "W": -66}
    assert tarot4.version == version + 1
    assert list(deal.revisions.values_list("action", "author")) == [("record", "#abc")]


def test_an_invalid_record_stores_nothing(tarot4):
    with pytest.raises(InvalidRecord) as exc:
        services.record_deal(tarot4, plain_deal(points=4))
    assert "points" in exc.value.errors
    assert not Deal.objects.exists()


def test_the_second_phone_to_record_deal_1_gets_a_conflict_and_nothing_is_lost(tarot4):
    services.record_deal(tarot4, plain_deal(), expected_number=1)

    with pytest.raises(services.DealConflict) as exc:
        services.record_deal(tarot4, plain_deal(taker="N"), expected_number=1)

    assert exc.value.number == 1
    assert "Deal 1 was just recorded by another phone" in str(exc.value)
    assert list(tarot4.deals.values_list("number", "record__taker__name")) == [(1, "E")]


def test_editing_a_deal_recomputes_every_later_deal(tarot4):
    add_deals(tarot4, 3)  # N, S, E take a Garde, 2 bouts, 49
    first = tarot4.deals.get(number=1)

    services.edit_deal(first, plain_deal(taker="N", contract="prise"))

    game, spec = get_game("tarot"), services.table_spec(tarot4)
    records = [game.record_from_json(r) for r in tarot4.deals.order_by("number").values_list("record", flat=True)]
    expected = [list(state.totals) for state, _outcome in game.replay(spec, records)]
    stored = [d.state_after["totals"] for d in tarot4.deals.order_by("number")]
    assert stored == expected
    assert first.revision == 2
    assert list(first.revisions.order_by("revision").values_list("action", flat=True)) == ["record", "edit"]


def test_undo_withdraws_the_last_deal_and_restore_brings_it_back(tarot4):
    add_deals(tarot4, 2)
    before = totals(tarot4)

    undone = services.undo_last(tarot4)
    assert (undone.number, undone.withdrawn) == (2, True)
    assert services.standings(tarot4).deal_count == 1

    services.set_withdrawn(undone, False)
    assert totals(tarot4) == before
    assert list(undone.revisions.order_by("revision").values_list("action", flat=True)) == [
        "record", "undo", "restore"]


def test_undo_with_no_deals_does_nothing(tarot4):
    assert services.undo_last(tarot4) is None


def test_revert_brings_back_an_old_revision_as_a_new_one(tarot4):
    add_deals(tarot4, 1)
    deal = tarot4.deals.get()
    original = deal.revisions.get(revision=1)
    services.edit_deal(deal, plain_deal(contract="prise"))

    services.revert_to(original)

    deal.refresh_from_db()
    assert deal.record["contract"] == "garde" and deal.revision == 3
    assert DealRevision.objects.filter(deal=deal).count() == 3
    assert totals(tarot4)["N"] == 198  # add_deals: N took the first deal


def test_a_change_that_breaks_a_later_deal_is_refused_and_changes_nothing(pool):
    services.record_deal(pool, {"player": "Ana", "points": 5})
    services.record_deal(pool, {"player": "Bea", "points": 10})
    services.record_deal(pool, {"player": "Ana", "points": 5})  # the pool of 20 is now empty
    first = pool.deals.get(number=1)
    pool.refresh_from_db()
    version = pool.version

    with pytest.raises(services.ChangeRefused) as exc:
        services.edit_deal(first, {"player": "Ana", "points": 10})  # deal 3 would take from an empty pool
    assert "deal 3 impossible" in str(exc.value)

    first.refresh_from_db()
    assert first.record["points"] == 5 and first.revision == 1
    assert first.revisions.count() == 1
    pool.refresh_from_db()
    assert pool.version == version
    assert totals(pool) == {"Ana": 10, "Bea": 10}


def test_restoring_a_deal_that_no_longer_fits_is_refused(pool):
    services.record_deal(pool, {"player": "Ana", "points": 10})
    services.record_deal(pool, {"player": "Ana", "points": 1})
    services.record_deal(pool, {"player": "Bea", "points": 9})
    services.undo_last(pool)
    services.undo_last(pool)
    services.record_deal(pool, {"player": "Bea", "points": 10})  # deal 2 again: 20 taken, deal 3 cannot come back

    with pytest.raises(services.ChangeRefused):
        services.set_withdrawn(pool.deals.get(number=3), False)
    assert pool.deals.get(number=3).withdrawn
    assert totals(pool) == {"Ana": 10, "Bea": 10}


@pytest.mark.parametrize("deals", [10, 60])
def test_the_table_page_costs_the_same_queries_at_10_and_60_deals(client, tarot4, edit_url, deals,
                                                                  django_assert_max_num_queries):
    add_deals(tarot4, deals)
    client.get(edit_url)  # the session exists and remembers the table
    with django_assert_max_num_queries(9):
        response = client.get(edit_url)
    assert response.status_code == 200
    assert response.content.count(b'class="rank"') == 4


def test_renaming_a_player_never_orphans_a_record(tarot4):
    """Records name seats (with the name the seat had): a new name takes over the seat's deals."""
    services.record_deal(tarot4, plain_deal())  # E takes a Garde, 2 bouts, 49: +198
    player = tarot4.seats.get(position=2).player
    player.name = "Élodie"
    player.save()
    table = type(tarot4).objects.get(pk=tarot4.pk)  # as the next request sees it

    services.edit_deal(table.deals.get(), plain_deal(taker="Élodie", points=56))  # recomputed from deal 1
    services.record_deal(table, plain_deal(taker="N"))

    # Deal 1 now made by 15: (25 + 15) × 2 = 80 from each defender, +240; deal 2, N's Garde: −66. 240 − 66 = 174.
    assert totals(table) == {"N": -80 + 198, "S": -80 - 66, "Élodie": 174, "W": -80 - 66}
    first = table.deals.get(number=1)
    assert first.record["taker"] == {"seat": 2, "name": "Élodie"}
    assert first.revisions.get(revision=1).record["taker"] == {"seat": 2, "name": "E"}  # the name it had then


def test_a_table_keeps_a_bounded_number_of_deals(tarot4, monkeypatch):
    monkeypatch.setattr(services, "MAX_DEALS", 2)
    add_deals(tarot4, 2)
    with pytest.raises(InvalidRecord) as refused:
        services.record_deal(tarot4, plain_deal())
    assert "at most 2 deals" in str(refused.value.errors["__all__"])
    assert tarot4.deals.count() == 2


def test_a_table_started_again_under_its_client_id_is_the_table_already_started_as_it_was(db):
    """A retry starts nothing: what it sends (changed or not) is the first start's, already stored."""
    start = uuid.uuid4()
    table = services.create_table(game="tarot", players=["N", "S", "E", "W"], client_id=start)

    again = services.create_table(game="burro", players=["Ana", "Bea"], name="Other", client_id=start)

    assert again.pk == table.pk and again.repeated and not getattr(table, "repeated", False)
    assert (again.game, again.name, Table.objects.count(), Seat.objects.count()) == ("tarot", "", 1, 4)


def test_tables_started_without_a_client_id_are_each_a_table(db):
    services.create_table(game="tarot", players=["N", "S", "E", "W"])
    services.create_table(game="tarot", players=["N", "S", "E", "W"])
    assert Table.objects.count() == 2


def test_french_elides_de_and_que_before_a_name_put_in_a_sentence():
    """"Les cartes de Ana" is not French: a name starting with a vowel takes "d’"; other languages are left be."""
    from django.utils import translation

    from referee.text import _

    asked = _("Tap %(name)s's cards or type their points.", name="Ana")
    with translation.override("fr"):
        assert services.translate(asked) == "Touchez les cartes d’Ana ou saisissez ses points."
        assert services.translate(_("Tap %(name)s's cards or type their points.", name="Bea")) == (
            "Touchez les cartes de Bea ou saisissez ses points.")
    with translation.override("es"):
        assert "de Ana" in services.translate(asked)


def test_french_elision_leaves_a_names_own_words_and_a_consonant_y_alone():
    from django.utils import translation

    from referee.text import _

    with translation.override("fr"):
        for name in ("Maria de Oliveira", "Yolanda", "Hugo"):
            assert services.translate(_("Tap %(name)s's cards or type their points.", name=name)) == (
                f"Touchez les cartes de {name} ou saisissez ses points.")
        assert services.translate(_("Tap %(name)s's cards or type their points.", name="Élise")) == (
            "Touchez les cartes d’Élise ou saisissez ses points.")


def test_names_are_listed_with_and_and_spanish_says_e_before_an_i_sound():
    from django.utils import translation

    from referee.text import and_join

    with translation.override("es"):
        assert services.translate(and_join(["Ana", "Bea", "Cy"])) == "Ana, Bea y Cy"
        assert services.translate(and_join(["Ana", "Inés"])) == "Ana e Inés"
        assert services.translate(and_join(["Ana", "Hilda"])) == "Ana e Hilda"
        assert services.translate(and_join(["Ana", "Iago"])) == "Ana y Iago"
    with translation.override("fr"):
        assert services.translate(and_join(["Ana", "Inés"])) == "Ana et Inés"
    assert str(and_join(["Ana", "Inés"])) == "Ana and Inés"


def test_suits_listed_after_of_french_says_de_before_each_and_spanish_and_english_once():
    """"les Rois de pique, de cœur et de trèfle", as French says it (a tester read "de pique, cœur et trèfle"),
    "d’épées" before a vowel; "los Reyes de picas, corazones y tréboles", "the Kings of spades, hearts and clubs"."""
    from django.utils import translation

    from referee.cards import SUIT_NAMES
    from referee.text import _, and_join_of

    kings = _("the Kings of %(suits)s", suits=and_join_of([SUIT_NAMES["french"][suit] for suit in "SHC"]))
    spanish = and_join_of([SUIT_NAMES["spanish"][suit] for suit in "OEB"])
    with translation.override("fr"):
        assert services.translate(kings) == "les Rois de pique, de cœur et de trèfle"
        assert services.translate(spanish) == "deniers (oros), d’épées (espadas) et de bâtons (bastos)"
        assert services.translate(and_join_of([SUIT_NAMES["french"]["H"]])) == "cœur"
    with translation.override("es"):
        assert services.translate(kings) == "los Reyes de picas, corazones y tréboles"
        assert services.translate(spanish) == "oros, espadas y bastos"
    assert str(kings) == "the Kings of spades, hearts and clubs"
