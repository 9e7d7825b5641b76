"""Triggers that refuse UPDATE and DELETE of clause versions, translation revisions, rulings
and citations (rules/append_only.py)."""

from django.db import migrations

from rules import append_only


def create(apps, schema_editor):
    append_only.create(append_only.TABLES, schema_editor)


def drop(apps, schema_editor):
    append_only.drop(append_only.TABLES, schema_editor)


class Migration(migrations.Migration):
    dependencies = [("games", "0005_shared_cache_table"), ("rules", "0006_roles")]

    operations = [migrations.RunPython(create, drop)]
