"""Append-only in the database, not only in the ORM: triggers refuse UPDATE and DELETE of
clause versions, translation revisions, rulings and their citations, on SQLite and on
PostgreSQL, whatever client writes (a raw query, ``_base_manager.update``, another program).

The one deletion allowed is emptying the tables in ``manage.py flush`` (the test runner's
reset between transactional tests): on PostgreSQL it TRUNCATEs, which row triggers do not
see; on SQLite it DELETEs, so the triggers ask ``append_only_allows_delete()``, a function
each connection of this project registers (``RulesConfig.ready``) and that answers 1 only
inside ``flush`` (``rules/management/commands/flush.py``). A client without the function
cannot delete at all.

SQLite drops a table's triggers when a migration rebuilds the table: a test
(tests/rules/test_append_only.py) fails until a migration creates them again.
"""

from __future__ import annotations

import contextlib
import contextvars

TABLES = ("rules_clauseversion", "rules_translationrevision", "games_ruling", "games_rulingcitation")

_allow_delete: contextvars.ContextVar[bool] = contextvars.ContextVar(
    "append_only_allow_delete", default=False
)


@contextlib.contextmanager
def deletions_allowed():
    """Let ``flush`` empty the append-only tables (SQLite)."""
    token = _allow_delete.set(True)
    try:
        yield
    finally:
        _allow_delete.reset(token)


def register_sqlite_function(sender, connection, **kwargs) -> None:
    """``connection_created`` receiver: give every SQLite connection the triggers' question."""
    if connection.vendor == "sqlite":
        connection.connection.create_function(
            "append_only_allows_delete", 0, lambda: 1 if _allow_delete.get() else 0, deterministic=False
        )


# "%%": the statement goes through the driver with parameters, where a lone % is a placeholder.
_PG_FUNCTION = """
CREATE OR REPLACE FUNCTION append_only_refuse() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION '%% rows are append-only: %% refused', TG_TABLE_NAME, TG_OP;
END
$$ LANGUAGE plpgsql
"""


def create(tables, schema_editor) -> None:
    """Create the refusing triggers on ``tables`` (idempotent)."""
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(_PG_FUNCTION)
    for table in tables:
        if vendor == "postgresql":
            schema_editor.execute(f'DROP TRIGGER IF EXISTS append_only_guard ON "{table}"')
            schema_editor.execute(
                f'CREATE TRIGGER append_only_guard BEFORE UPDATE OR DELETE ON "{table}" '
                "FOR EACH ROW EXECUTE FUNCTION append_only_refuse()"
            )
        elif vendor == "sqlite":
            schema_editor.execute(f'DROP TRIGGER IF EXISTS "append_only_{table}_update"')
            schema_editor.execute(f'DROP TRIGGER IF EXISTS "append_only_{table}_delete"')
            schema_editor.execute(
                f'CREATE TRIGGER "append_only_{table}_update" BEFORE UPDATE ON "{table}" '
                f"BEGIN SELECT RAISE(ABORT, '{table} rows are append-only: UPDATE refused'); END"
            )
            schema_editor.execute(
                f'CREATE TRIGGER "append_only_{table}_delete" BEFORE DELETE ON "{table}" '
                "WHEN append_only_allows_delete() = 0 "
                f"BEGIN SELECT RAISE(ABORT, '{table} rows are append-only: DELETE refused'); END"
            )


def drop(tables, schema_editor) -> None:
    vendor = schema_editor.connection.vendor
    for table in tables:
        if vendor == "postgresql":
            schema_editor.execute(f'DROP TRIGGER IF EXISTS append_only_guard ON "{table}"')
        elif vendor == "sqlite":
            schema_editor.execute(f'DROP TRIGGER IF EXISTS "append_only_{table}_update"')
            schema_editor.execute(f'DROP TRIGGER IF EXISTS "append_only_{table}_delete"')


# A published edition and its entries never change (the model says so; the designer API used to
# rewrite one whose status the admin had set back to draft). An edition is written while it is
# a draft; publishing it (draft → published) is its last change, except ``is_current``, which
# moves to the next edition published. Entries of a published edition are neither repointed
# nor removed. Inserts are not refused: an edition is created with its status and then given its
# entries (``rules.services``).
PUBLISHED = ("rules_edition", "rules_editionentry")

_SQLITE_EDITION_COLUMNS = (
    "id",
    "game_id",
    "number",
    "name",
    "created_at",
    "status",
    "based_on_id",
    "opened_by",
    "published_at",
    "conflicts",
)

_PG_PUBLISHED_FUNCTION = """
CREATE OR REPLACE FUNCTION published_edition_refuse() RETURNS trigger AS $$
BEGIN
    IF TG_TABLE_NAME = 'rules_edition' THEN
        IF OLD.status = 'published' AND (
            TG_OP = 'DELETE' OR (to_jsonb(NEW) - 'is_current') IS DISTINCT FROM (to_jsonb(OLD) - 'is_current')
        ) THEN
            RAISE EXCEPTION 'rules_edition: a published edition is immutable: %% refused', TG_OP;
        END IF;
    ELSIF TG_OP = 'DELETE' THEN
        IF EXISTS (SELECT 1 FROM rules_edition WHERE id = OLD.edition_id AND status = 'published') THEN
            RAISE EXCEPTION 'rules_editionentry: a published edition is immutable: DELETE refused';
        END IF;
    ELSIF EXISTS (
        SELECT 1 FROM rules_edition WHERE id IN (OLD.edition_id, NEW.edition_id) AND status = 'published'
    ) THEN
        RAISE EXCEPTION 'rules_editionentry: a published edition is immutable: UPDATE refused';
    END IF;
    IF TG_OP = 'DELETE' THEN
        RETURN OLD;
    END IF;
    RETURN NEW;
END
$$ LANGUAGE plpgsql
"""


def create_published(schema_editor) -> None:
    """Create the triggers that keep published editions and their entries as they are."""
    vendor = schema_editor.connection.vendor
    drop_published(schema_editor)
    if vendor == "postgresql":
        schema_editor.execute(_PG_PUBLISHED_FUNCTION)
        for table in PUBLISHED:
            schema_editor.execute(
                f'CREATE TRIGGER published_edition_guard BEFORE UPDATE OR DELETE ON "{table}" '
                "FOR EACH ROW EXECUTE FUNCTION published_edition_refuse()"
            )
    elif vendor == "sqlite":
        changed = " OR ".join(f"NEW.{c} IS NOT OLD.{c}" for c in _SQLITE_EDITION_COLUMNS)
        refuse = "BEGIN SELECT RAISE(ABORT, '{t}: a published edition is immutable: {op} refused'); END"
        status = "(SELECT status FROM rules_edition WHERE id = {side}.edition_id) = 'published'"
        schema_editor.execute(
            'CREATE TRIGGER "published_rules_edition_update" BEFORE UPDATE ON "rules_edition" '
            f"WHEN OLD.status = 'published' AND ({changed}) " + refuse.format(t="rules_edition", op="UPDATE")
        )
        schema_editor.execute(
            'CREATE TRIGGER "published_rules_edition_delete" BEFORE DELETE ON "rules_edition" '
            "WHEN OLD.status = 'published' AND append_only_allows_delete() = 0 "
            + refuse.format(t="rules_edition", op="DELETE")
        )
        schema_editor.execute(
            'CREATE TRIGGER "published_rules_editionentry_update" BEFORE UPDATE ON "rules_editionentry" '
            f"WHEN {status.format(side='OLD')} OR {status.format(side='NEW')} "
            + refuse.format(t="rules_editionentry", op="UPDATE")
        )
        schema_editor.execute(
            'CREATE TRIGGER "published_rules_editionentry_delete" BEFORE DELETE ON "rules_editionentry" '
            f"WHEN {status.format(side='OLD')} AND append_only_allows_delete() = 0 "
            + refuse.format(t="rules_editionentry", op="DELETE")
        )


def drop_published(schema_editor) -> None:
    vendor = schema_editor.connection.vendor
    for table in PUBLISHED:
        if vendor == "postgresql":
            schema_editor.execute(f'DROP TRIGGER IF EXISTS published_edition_guard ON "{table}"')
        elif vendor == "sqlite":
            schema_editor.execute(f'DROP TRIGGER IF EXISTS "published_{table}_update"')
            schema_editor.execute(f'DROP TRIGGER IF EXISTS "published_{table}_delete"')
