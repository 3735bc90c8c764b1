"""Tresillo's and L'Ombre's house rule on forcing matadors out now defaults to seed 003's words ("by the other
Matadors": any other matador led). A table started before the option existed stored no value and was played
with "only a higher matador led", then the only reading: it keeps it, written down, so its rulings and the
card-by-card deals it stored are judged as they were."""

from __future__ import annotations

from django.db import migrations


def keep_the_reading_played(apps, schema_editor):
    Table = apps.get_model("scoring", "Table")
    for table in Table.objects.filter(game__in=("tresillo", "ombre")).exclude(options__has_key="matadors_forced"):
        table.options = {**(table.options or {}), "matadors_forced": "higher"}
        table.save(update_fields=["options"])


class Migration(migrations.Migration):
    dependencies = [("scoring", "0011_outcome_lulos_of_the_deal")]
    operations = [migrations.RunPython(keep_the_reading_played, migrations.RunPython.noop)]
