"""A draft's figures whose words are gone (CONTRACT.md §5: marked unbound in the draft). A
nullable column, so no table is rebuilt; the published-edition triggers are made again after
all the same (SQLite drops them with a rebuilt table)."""

from django.db import migrations, models

from rules import append_only


def triggers(apps, schema_editor):
    append_only.create_published(schema_editor)


class Migration(migrations.Migration):
    dependencies = [("rules", "0014_edition_positions_unique")]

    operations = [
        migrations.AddField(
            model_name="edition",
            name="unbound",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.RunPython(triggers, migrations.RunPython.noop),
    ]
