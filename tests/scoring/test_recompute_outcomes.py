"""`manage.py recompute_outcomes`: after an upgrade changed what a game says of a deal, the deals stored before it
say what the rules now say (services.rederive), table by table under its lock, only where something changed.
A stored outcome "from before the upgrade" is made here by writing other words into it, as an older version of
the game's rules would have stored them. (A game's own case: games/pablo/tests/test_recompute.py.)"""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from scoring import services
from scoring.models import Deal, Table
from tests.scoring.conftest import plain_deal

pytestmark = pytest.mark.django_db

OLD_WORDS = ["Words an older version of the rules stored.", {}]


def tarot_night() -> Table:
    """Three plain deals: E, then S, then N take a Garde with 2 bouts and 49 points."""
    table = services.create_table(game="tarot", players=["N", "S", "E", "W"])
    for taker in "ESN":
        services.record_deal(table, plain_deal(taker=taker))
    return table


def cached(table: Table) -> list[tuple[Any, Any]]:
    return list(table.deals.order_by("number").values_list("outcome", "state_after"))


def stored_before_the_upgrade(table: Table, number: int) -> None:
    deal = table.deals.get(number=number)
    deal.outcome = {**deal.outcome, "breakdown": [OLD_WORDS]}
    deal.save(update_fields=["outcome"])


def version(table: Table) -> int:
    return Table.objects.values_list("version", flat=True).get(pk=table.pk)


def recompute(*args: str) -> str:
    out = io.StringIO()
    call_command("recompute_outcomes", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_a_deal_stored_before_the_rules_changed_says_what_they_say_now():
    table = tarot_night()
    now, before = cached(table), version(table)
    stored_before_the_upgrade(table, 2)

    said = recompute()

    assert cached(table) == now
    assert version(table) == before + 1  # every page and phone reads the table afresh
    assert f"Table {table.pk} ({table}): 1 deal derived again." in said


def test_a_table_nothing_changed_in_is_left_alone_and_a_second_run_changes_nothing():
    table = tarot_night()
    stored_before_the_upgrade(table, 1)
    recompute()
    after_first = version(table)

    said = recompute()

    assert version(table) == after_first
    assert "1 table read: 0 with outcomes the rules now say otherwise (0 deals written)." in said


def test_caches_a_migration_emptied_are_derived_again():
    table = tarot_night()
    now = cached(table)
    Deal.objects.filter(table=table, number__gte=2).update(outcome=None, state_after=None)

    recompute()

    assert cached(table) == now


def test_an_undone_deal_keeps_no_outcome():
    table = tarot_night()
    services.undo_last(table)
    stored_before_the_upgrade(table, 1)

    recompute()

    assert cached(table)[-1] == (None, None)
    assert cached(table)[0][0]["breakdown"] != [OLD_WORDS]


def test_only_the_games_named_are_derived_again():
    tarot = tarot_night()
    burro = services.create_table(game="burro", players=["Ana", "Bea", "Carl"])
    services.record_deal(burro, {"loser": "Bea"})
    stored_before_the_upgrade(tarot, 1)
    stored_before_the_upgrade(burro, 1)

    recompute("--game", "burro")

    assert cached(tarot)[0][0]["breakdown"] == [OLD_WORDS]
    assert cached(burro)[0][0]["breakdown"] != [OLD_WORDS]


def test_an_unknown_game_is_refused_naming_the_games():
    with pytest.raises(CommandError, match="Unknown game chess: one of burro, casita, "):
        recompute("--game", "chess")


def test_a_table_with_a_deal_its_rules_no_longer_take_keeps_its_outcomes_and_is_named():
    """The other tables are done; the command ends in an error naming the table by its number and name (never
    its links), its outcomes left as they were."""
    broken, mended = tarot_night(), tarot_night()
    broken.name = "Friday"
    broken.save(update_fields=["name"])
    Deal.objects.filter(table=broken, number=2).update(record={"taker": "Zoe", "contract": "garde", "bouts": 2,
                                                                "points": 49})
    stored_before_the_upgrade(broken, 1)
    stored_before_the_upgrade(mended, 1)
    kept, before = cached(broken), version(broken)
    errors = io.StringIO()

    with pytest.raises(CommandError, match="1 table with a deal its rules no longer take"):
        call_command("recompute_outcomes", stdout=io.StringIO(), stderr=errors)

    assert cached(broken) == kept and version(broken) == before
    assert f"Table {broken.pk} (Friday): Deal 2 cannot be read" in errors.getvalue()
    assert broken.edit_token not in errors.getvalue() and broken.view_token not in errors.getvalue()
    assert cached(mended)[0][0]["breakdown"] != [OLD_WORDS]


def test_a_table_whose_rules_fail_on_it_is_named_and_the_tables_after_it_are_still_done(monkeypatch):
    """A game's code raising on an old record (not a refusal) stops only that table, as a refusal does."""
    failing, after = tarot_night(), tarot_night()
    stored_before_the_upgrade(failing, 1)
    stored_before_the_upgrade(after, 1)
    rederive = services.rederive

    def failing_on_the_first(table: Table) -> int:
        if table.pk == failing.pk:
            raise KeyError("a field an older record lacks")
        return rederive(table)

    monkeypatch.setattr(services, "rederive", failing_on_the_first)
    errors = io.StringIO()
    with pytest.raises(CommandError, match="1 table with a deal its rules no longer take"):
        call_command("recompute_outcomes", stdout=io.StringIO(), stderr=errors)
    assert f"Table {failing.pk} (" in errors.getvalue() and "its rules failed on it (KeyError)" in errors.getvalue()
    assert cached(failing)[0][0]["breakdown"] == [OLD_WORDS]
    assert cached(after)[0][0]["breakdown"] != [OLD_WORDS]


def test_a_phone_writing_meanwhile_is_not_lost(monkeypatch):
    """Worked out before the lock: a deal recorded meanwhile moves the table's version, so the work is done again
    on the table as that phone left it, and both the new deal and the words derived again are kept."""
    table = tarot_night()
    stored_before_the_upgrade(table, 1)
    derive, calls = services._derive, []

    def with_a_phone_recording_meanwhile(*args: Any, **kwargs: Any) -> services.Caches:
        caches = derive(*args, **kwargs)
        if not calls:
            services.record_deal(Table.objects.get(pk=table.pk), plain_deal(taker="W"))
        calls.append(1)
        return caches

    monkeypatch.setattr(services, "_derive", with_a_phone_recording_meanwhile)
    assert services.rederive(table) == 1
    assert len(calls) == 2 and table.deals.count() == 4
    assert cached(table)[0][0]["breakdown"] != [OLD_WORDS] and cached(table)[3][0] is not None
