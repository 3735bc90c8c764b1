"""The database cache table the rate limits count in (settings.CACHES["ratelimit"]): made by ``migrate`` itself,
so a deployment needs no extra step."""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("scoring", "0003_deal_client_id")]
    operations = [migrations.RunPython(create_cache_table, migrations.RunPython.noop)]
