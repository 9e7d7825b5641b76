"""The shared cache's table (settings.CACHES["shared"] without REDIS_URL): the throttles count
there, across workers and machines. ``createcachetable`` is idempotent, and a no-op when the
shared cache is Redis."""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("games", "0004_reference_rulings")]

    operations = [migrations.RunPython(create_cache_table, migrations.RunPython.noop)]
