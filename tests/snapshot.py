"""The test database as the session loaded it (migrations and the shipped corpus), kept once and
put back after a test that committed: a transactional test (``transaction=True``, a live
server, threads, a subprocess on the test database) ends with Django's flush, which empties
every table, and loading the corpus again costs 10-15 s where putting the copy back costs
well under one (docs/decisions/test-corpus-snapshot.md).

SQLite: the whole database file copied page by page (sqlite3's backup API) into memory and
back. PostgreSQL: every table Django's flush empties copied out (``COPY … TO STDOUT``) and back
in one transaction (the foreign keys are deferrable, so the order does not matter). On both,
the id counters keep the values the test left them at, as they did before."""

from __future__ import annotations

import sqlite3

from django.db import connection

_copy: sqlite3.Connection | dict[str, bytes] | None = None

# How often the corpus was loaded (loadcorpus) and put back (restore) in this process: the
# terminal summary reports both (tests/conftest.py).
counts = {"loaded": 0, "restored": 0}


def take() -> None:
    """Keep the test database's present contents (call once the corpus is loaded)."""
    global _copy
    connection.ensure_connection()
    if connection.vendor == "sqlite":
        _copy = sqlite3.connect(":memory:", check_same_thread=False)
        connection.connection.backup(_copy)
    elif connection.vendor == "postgresql":
        _copy = {}
        with connection.cursor() as cursor:
            for table in _tables():
                with cursor.cursor.copy(f"COPY {connection.ops.quote_name(table)} TO STDOUT") as copy:
                    _copy[table] = b"".join(bytes(block) for block in copy)
    else:
        _copy = None


def restore() -> bool:
    """Put the kept contents back (outside any transaction); False if none were kept."""
    if _copy is None:
        return False
    assert not connection.in_atomic_block, "restore the corpus outside the test's transaction"
    connection.ensure_connection()
    if isinstance(_copy, sqlite3.Connection):
        _restore_sqlite(_copy)
    else:
        _restore_postgresql(_copy)
    counts["restored"] += 1
    return True


def _tables() -> list[str]:
    return sorted(connection.introspection.django_table_names(only_existing=True, include_views=False))


def _restore_sqlite(copy: sqlite3.Connection) -> None:
    # The ids go on from where the test left them, as they did when the flushed database was
    # loaded again (the flush keeps the counters): a row made after the restore never takes
    # the id of one the test made, which something kept in memory might still name.
    raw = connection.connection
    counters = raw.execute("SELECT name, seq FROM sqlite_sequence").fetchall()
    copy.backup(raw)
    with raw:
        raw.executemany(
            "UPDATE sqlite_sequence SET seq = ? WHERE name = ? AND seq < ?",
            [(seq, name, seq) for name, seq in counters],
        )


def _restore_postgresql(copy: dict[str, bytes]) -> None:
    from django.db import transaction

    qn = connection.ops.quote_name
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")
        # The flush's post_migrate signal made content types and permissions again: they go.
        # Only the tables holding rows are truncated (TRUNCATE costs some 20 ms a table).
        cursor.execute(
            " UNION ALL ".join(f"SELECT %s WHERE EXISTS (SELECT 1 FROM {qn(t)})" for t in copy), list(copy)
        )
        if full := [qn(table) for (table,) in cursor.fetchall()]:
            cursor.execute("TRUNCATE " + ", ".join(full) + " CASCADE")
        for table, data in copy.items():
            if data:
                with cursor.cursor.copy(f"COPY {qn(table)} FROM STDIN") as pipe:
                    pipe.write(data)
        # The sequences are left as they are: the flush and this TRUNCATE keep them (CONTINUE
        # IDENTITY), so the ids go on from where the test left them, past the restored ones.
