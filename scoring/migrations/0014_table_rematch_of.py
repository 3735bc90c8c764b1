"""Each rematch names the game it was started from (``Table.rematch_of``), an indexed link the night is walked by;
the rematches started before it are linked from their ``rematch`` change, which names the new table's view link."""

import django.db.models.deletion
from django.db import migrations, models


def link_rematches(apps, schema_editor):
    """Each table a ``rematch`` change names (``details["later"]``) is the rematch of the change's table. The
    details are read in Python, as both databases store them (a file imported keeps no link: nothing to do)."""
    Table = apps.get_model("scoring", "Table")
    TableChange = apps.get_model("scoring", "TableChange")
    for origin, details in TableChange.objects.filter(kind="rematch").order_by("pk").values_list("table_id", "details"):
        later = details.get("later") if isinstance(details, dict) else None
        if isinstance(later, str) and later:
            Table.objects.filter(view_token=later, rematch_of__isnull=True).exclude(pk=origin).update(
                rematch_of_id=origin)


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0013_night'),
    ]

    operations = [
        migrations.AddField(
            model_name='table',
            name='rematch_of',
            field=models.ForeignKey(blank=True, help_text='The finished game this table was started as the rematch of.', null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='rematches', to='scoring.table', verbose_name='rematch of'),
        ),
        migrations.RunPython(link_rematches, migrations.RunPython.noop, elidable=True),
    ]
