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
