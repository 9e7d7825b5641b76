from django.db import migrations, models

from rules import append_only


def triggers(apps, schema_editor):
    # 0009 added a column to the clause versions: SQLite rebuilt that table, dropping its
    # append-only triggers; create them again (idempotent).
    append_only.create(["rules_clauseversion"], schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0009_clauseversion_wording_only"),
        ("games", "0006_append_only_triggers"),
    ]

    operations = [
        migrations.AddField(
            model_name="edition",
            name="conflicts",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.RunPython(triggers, migrations.RunPython.noop),
    ]
