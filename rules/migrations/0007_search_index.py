"""The search index (rules.search): one row per searchable text of the current published
editions, and the stamp each game's rows were built from.

On SQLite, an FTS5 table over the rows' ``body`` (external content, so the words are stored
once), kept in step by triggers: inserts, deletes and ``manage.py flush`` (which DELETEs)
reach it without any code remembering to. SQLite drops a table's triggers when a migration
rebuilds it: a test (tests/rules/test_search.py) fails until a migration creates them again.
On PostgreSQL, a GIN index over the ``tsvector`` the search computes, with the same
expression. Both backends get the words already folded and split by ``rules.search``; the
database only matches and ranks them.
"""

import django.db.models.deletion
from django.db import migrations, models


FTS = "rules_searchentry_fts"

SQLITE = [
    f"""CREATE VIRTUAL TABLE "{FTS}" USING fts5(
        body, content='rules_searchentry', content_rowid='id',
        tokenize='unicode61 remove_diacritics 2')""",
    f"""CREATE TRIGGER "{FTS}_insert" AFTER INSERT ON rules_searchentry BEGIN
        INSERT INTO "{FTS}"(rowid, body) VALUES (new.id, new.body); END""",
    f"""CREATE TRIGGER "{FTS}_delete" AFTER DELETE ON rules_searchentry BEGIN
        INSERT INTO "{FTS}"("{FTS}", rowid, body) VALUES ('delete', old.id, old.body); END""",
    f"""CREATE TRIGGER "{FTS}_update" AFTER UPDATE ON rules_searchentry BEGIN
        INSERT INTO "{FTS}"("{FTS}", rowid, body) VALUES ('delete', old.id, old.body);
        INSERT INTO "{FTS}"(rowid, body) VALUES (new.id, new.body); END""",
]
SQLITE_REVERSE = [
    f'DROP TRIGGER IF EXISTS "{FTS}_insert"',
    f'DROP TRIGGER IF EXISTS "{FTS}_delete"',
    f'DROP TRIGGER IF EXISTS "{FTS}_update"',
    f'DROP TABLE IF EXISTS "{FTS}"',
]
# The expression must be the one rules.search queries with, or the planner ignores the index.
POSTGRESQL = [
    "CREATE INDEX rules_searchentry_tsv ON rules_searchentry "
    "USING gin (to_tsvector('simple'::regconfig, body))",
]
POSTGRESQL_REVERSE = ["DROP INDEX IF EXISTS rules_searchentry_tsv"]


def _run(statements):
    def run(apps, schema_editor):
        vendor = schema_editor.connection.vendor
        for sql in statements.get(vendor, []):
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):

    dependencies = [
        ('rules', '0006_roles'),
    ]

    operations = [
        migrations.CreateModel(
            name='SearchIndexStamp',
            fields=[
                ('game', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='+', serialize=False, to='rules.game')),
                ('stamp', models.UUIDField(null=True)),
            ],
        ),
        migrations.CreateModel(
            name='SearchEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('lang', models.CharField(max_length=20)),
                ('position', models.PositiveIntegerField()),
                ('body', models.TextField()),
                ('clause', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='rules.clause')),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='rules.game')),
                ('translation', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='rules.translation')),
                ('version', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='rules.clauseversion')),
            ],
            options={
                'indexes': [models.Index(fields=['clause', 'lang'], name='rules_searc_clause__389403_idx')],
            },
        ),
        migrations.RunPython(
            _run({"sqlite": SQLITE, "postgresql": POSTGRESQL}),
            _run({"sqlite": SQLITE_REVERSE, "postgresql": POSTGRESQL_REVERSE}),
        ),
    ]
