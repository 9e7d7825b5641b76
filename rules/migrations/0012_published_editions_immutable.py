"""Triggers that keep a published edition and its entries as they are, on SQLite and PostgreSQL
(rules/append_only.py, PUBLISHED)."""

from django.db import migrations

from rules import append_only


def create(apps, schema_editor):
    append_only.create_published(schema_editor)


def drop(apps, schema_editor):
    append_only.drop_published(schema_editor)


class Migration(migrations.Migration):
    dependencies = [("rules", "0011_term_matches")]

    operations = [migrations.RunPython(create, drop)]
