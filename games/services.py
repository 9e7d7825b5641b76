"""Adjudicate and store: run the pure adjudicator under every variant of the edition's
rules, resolve the clause keys it cited to that edition's versions and translations, warn
where the code was written for another wording, and store the ruling pinned to those
exact versions.

Whatever the corpus size, creating a ruling costs at most four queries: the game's
stamps and the edition with its translations in the requested language (only the stamps
while nothing changed: ``games.snapshot.load``, which the caller has already done to
validate the inputs), the ruling row and its citations (one insert each in a transaction on
SQLite; one statement on PostgreSQL, where each round trip to the server counts).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import uuid
from dataclasses import dataclass
from typing import Any

from django.db import models, transaction
from django.utils.translation import gettext as _

from config.languages import language

from . import coverage
from .engine import Adjudicator, Result
from .engine.core import Gap
from .engine.declare import to_jsonable
from .engine.readers import parameter_readers
from .models import ImpactRun, ReferenceRuling, Ruling, RulingCitation
from .pins import warnings_for
from .ruling import AlternativeDoc, GapDoc, RulingDoc, StepDoc, WarningDoc, attach_warnings
from .snapshot import Snapshot


class CorpusNotLoaded(Exception):
    """The clauses an adjudicator cites are not in the edition (run loadcorpus)."""


def adjudicate(adj: Adjudicator, inputs: Any, *, variant: str, snapshot: Snapshot) -> tuple[Result, str]:
    """Rule under one variant of the snapshot's rules: the result and its one-sentence summary
    (in the active language)."""
    result = adj(inputs, variant=variant, rules=snapshot.rules)
    if gaps := unbound_gaps(adj, snapshot.rules):
        result = dataclasses.replace(result, gaps=(*result.gaps, *gaps))
    return result, adj.describe(result.outcome, rules=snapshot.rules)


def unbound_gaps(adj: Adjudicator, rules) -> tuple[Gap, ...]:
    """A gap for each figure ``adj`` reads that the edition's text no longer states: the last
    stated figure is read, and the gap quotes the words that stated it (CONTRACT.md §5)."""
    return tuple(
        Gap(
            p.clause,
            _("The text no longer states %(name)s; version %(version)s of %(clause)s said “%(words)s”.")
            % {"name": name, "version": p.version, "clause": p.clause, "words": p.words},
            _("The last stated figure is read: %(value)s.") % {"value": p.value},
        )
        for name, p in sorted(rules.unbound.items())
        if adj.name in parameter_readers(adj.game, name)
    )


def pin_warnings(game: str, snapshot: Snapshot, keys: set[str]) -> list[WarningDoc]:
    """A warning for each cited clause whose wording in the edition is not the one the code
    was written for, beyond the figures it reads as parameters (``games.pins``); a quiet
    note instead where its designer recorded the rewording as leaving the meaning unchanged."""
    return warnings_for(game, snapshot.rules, keys)


def _steps(result: Result, snapshot: Snapshot) -> list[StepDoc]:
    out = []
    for s in result.steps:
        c = snapshot.clauses[s.clause]
        out.append(
            StepDoc(
                clause=s.clause,
                version=c.number,
                status=c.status,
                kind=c.kind,
                original=c.text,
                translation=c.translation,
                translation_stale=c.translation_stale,
                translation_state=c.translation_state,
                explanation=s.explanation,
            )
        )
    return out


def _gaps(result: Result) -> list[GapDoc]:
    return [GapDoc(g.clause, g.question, g.assumed, readings(g)) for g in result.gaps]


def readings(gap) -> list[dict[str, Any]]:
    """A gap's other readings as a ruling writes them: ``{reading, outcome}`` in JSON values."""
    return [{"reading": r.reading, "outcome": to_jsonable(r.outcome)} for r in gap.readings]


def ruling_create(
    *,
    adj: Adjudicator,
    inputs: Any,
    variant: str,
    snapshot: Snapshot,
    now: dt.datetime,
    explain_in: str | None = None,
) -> RulingDoc:
    """Adjudicate ``inputs`` under ``variant`` (and every other variant) of the snapshot's
    edition and store the ruling.

    The snapshot's ``lang`` is the language of the translations quoted beside the original
    clauses; ``explain_in`` the language of the outcome sentence and the step explanations.
    The API writes both in ``lang`` (docs/api.md); the referee page explains in the
    reader's interface language, so a Polish referee reading Praetor's Chinese with the
    English translation still gets the ruling in Polish.

    The reads come first, outside the write transaction, so that on SQLite the write lock
    is held only for the two inserts; the ruling is pinned to the versions that were read,
    which are append-only and cannot change or disappear in between.
    """
    with language(explain_in or snapshot.lang):
        ruled = _rule_every_variant(adj, inputs, variant=variant, snapshot=snapshot)
        title = str(adj.title)
    doc = _ruling_doc(adj, inputs, ruled, title=title, snapshot=snapshot, now=now)
    attach_warnings(doc)
    citations = [
        {
            "ruling": doc.id,
            "version": snapshot.clauses[k].version_id,
            "translation": snapshot.clauses[k].translation_revision_id,
        }
        for k in ruled.keys
    ]
    _insert_together(
        [
            (Ruling, [{"id": doc.id, "game": snapshot.game_id, **doc.stored()}]),
            (RulingCitation, citations),
        ]
    )
    return doc


@dataclass(frozen=True)
class _Ruled:
    """One situation ruled under the asked variant and every other one of the edition."""

    variant: str
    result: Result
    summary: str
    others: list[tuple[str, Result, str]]  # (variant, its result, its summary)
    keys: set[str]  # every clause cited under any variant
    warnings: list[WarningDoc]


def _rule_every_variant(adj: Adjudicator, inputs: Any, *, variant: str, snapshot: Snapshot) -> _Ruled:
    """Rule under ``variant`` and every other variant (in the active language), with the
    clauses cited and the pin warnings of those and of the clauses whose figures the code reads."""
    rules = snapshot.rules
    result, summary = adjudicate(adj, inputs, variant=variant, snapshot=snapshot)
    others = [
        (v.slug, *adjudicate(adj, inputs, variant=v.slug, snapshot=snapshot))
        for v in rules.variants
        if v.slug != variant
    ]
    keys = {s.clause for s in result.steps}
    for _slug, other, _summary in others:
        keys.update(s.clause for s in other.steps)
    missing = keys - set(snapshot.clauses)
    if missing:
        raise CorpusNotLoaded(f"clauses not loaded: {sorted(missing)}")
    # A ruling also depends on the clauses whose figures and table rows its code reads,
    # quoted or not (max_stage of rm.vote.lost-stage-2-3 bounds support-gain's stage).
    warnings = pin_warnings(adj.game, snapshot, keys | coverage.read_clauses(adj.game, adj.name, rules))
    return _Ruled(variant, result, summary, others, keys, warnings)


def _ruling_doc(
    adj: Adjudicator, inputs: Any, ruled: _Ruled, *, title: str, snapshot: Snapshot, now: dt.datetime
) -> RulingDoc:
    """The ruling document of a new ruling (a fresh id), before its warnings are attached."""
    rules = snapshot.rules
    titles = {v.slug: v.title for v in rules.variants}
    result = ruled.result
    return RulingDoc(
        id=str(uuid.uuid4()),
        game=adj.game,
        game_title=snapshot.title,
        game_language=snapshot.language,
        adjudicator=adj.name,
        title=title,
        variant=ruled.variant,
        variant_title=titles[ruled.variant],
        lang=snapshot.lang,
        edition=rules.edition,
        draft=rules.draft,
        inputs=to_jsonable(inputs),
        outcome=result.outcome,
        summary=ruled.summary,
        steps=_steps(result, snapshot),
        gaps=_gaps(result),
        alternatives=[
            AlternativeDoc(
                variant=slug,
                title=titles[slug],
                outcome=other.outcome,
                differs=other.outcome != result.outcome,
                summary=other_summary,
                steps=_steps(other, snapshot),
                gaps=_gaps(other),
            )
            for slug, other, other_summary in ruled.others
        ],
        warnings=ruled.warnings,
        created_at=now,
        game_id=snapshot.game_id,
    )


def _insert_together(inserts: list[tuple[type[models.Model], list[dict[str, Any]]]]) -> None:
    """Insert each model's rows, all or none. On PostgreSQL one statement (the first inserts
    as data-modifying ``WITH`` parts of the last), atomic by itself: no BEGIN and COMMIT round
    trips, and the foreign keys between the rows are checked at its end (Django makes them
    deferrable). SQLite has no such statement: one INSERT each in a transaction, which is
    in-process and cheap there."""
    db = transaction.get_connection()  # the connection itself, not the per-thread proxy, for every value
    statements = [_insert_sql(model, rows, db) for model, rows in inserts if rows]
    if db.vendor == "postgresql":
        *first, (sql, params) = statements
        parts = [f"i{n} AS ({part})" for n, (part, _params) in enumerate(first)]
        with db.cursor() as cursor:
            cursor.execute(
                (f"WITH {', '.join(parts)} " if parts else "") + sql,
                [p for _sql, part_params in first for p in part_params] + params,
            )
        return
    with transaction.atomic(using=db.alias), db.cursor() as cursor:
        for sql, params in statements:
            cursor.execute(sql, params)


def _insert_sql(model: type[models.Model], rows: list[dict[str, Any]], db) -> tuple[str, list[Any]]:
    """One plain INSERT of ``rows`` into ``model``'s table: every column but an automatic id,
    each row naming a value for each (by field name), prepared as the ORM prepares it. On the
    ruling path the ORM's model instances, save machinery and query compiling cost several
    times the inserts themselves (bench/ruling_costs.py)."""
    meta, qn = model._meta, db.ops.quote_name
    columns = [f for f in meta.concrete_fields if f is not meta.auto_field]
    # A value shared by the rows (the ruling's id in each citation) is prepared once.
    prepared: dict[tuple[str, int], Any] = {}
    params = []
    for row in rows:
        for f in columns:
            value = row[f.name]
            key = (f.name, id(value))
            if key not in prepared:
                prepared[key] = f.get_db_prep_save(value, db)
            params.append(prepared[key])
    one = f"({', '.join(['%s'] * len(columns))})"
    sql = f"INSERT INTO {qn(meta.db_table)} ({', '.join(qn(f.column) for f in columns)}) VALUES "
    return sql + ", ".join([one] * len(rows)), params


def ruling_mark_reference(*, ruling_id: str, by: str, now: dt.datetime, note: str = "") -> ReferenceRuling:
    """Mark a stored ruling as a reference ruling (idempotent): every draft's impact report
    runs it again and says whether the draft would rule it differently."""
    mark, _created = ReferenceRuling.objects.get_or_create(
        ruling_id=ruling_id, defaults={"marked_by": by, "marked_at": now, "note": note}
    )
    return mark


# A running impact run whose heartbeat is older than this has lost its worker: start it again.
IMPACT_RUN_STALE = dt.timedelta(minutes=2)


def impact_run_start(
    *, game_id: int, edition: int, fingerprint: str, total: int, now: dt.datetime
) -> ImpactRun:
    """The background run re-ruling the stored rulings for draft ``edition`` as it is now
    (``fingerprint``): the one already started (running or done), else a new one, enqueued.
    A failed run, or a running one whose worker stopped, is started again."""
    with transaction.atomic():
        run, created = ImpactRun.objects.select_for_update().get_or_create(
            game_id=game_id,
            edition=edition,
            fingerprint=fingerprint,
            defaults={"total": total, "created_at": now, "heartbeat_at": now},
        )
        lost = run.status == ImpactRun.Status.RUNNING and run.heartbeat_at < now - IMPACT_RUN_STALE
        if not (created or lost or run.status == ImpactRun.Status.FAILED):
            return run
        if not created:
            run.status, run.done, run.total, run.error, run.heartbeat_at = (
                ImpactRun.Status.RUNNING,
                0,
                total,
                "",
                now,
            )
            run.save(update_fields=["status", "done", "total", "error", "heartbeat_at"])
    from .tasks import impact_run

    # The database backend writes the task in the caller's transaction, so a worker never
    # sees it before the run's row; the immediate backend runs it here and now.
    impact_run.enqueue(str(run.pk))
    run.refresh_from_db()
    return run


def impact_run_work(*, run_id: str) -> str:
    """Re-rule the stored rulings of one impact run, saving its progress as it goes (each
    step commits at once, so the page sees it) and its result at the end; the draft
    changed since the run started → failed, saying so. Returns the run's status."""
    from rules.models import Edition

    from . import impact, snapshot

    run = ImpactRun.objects.select_related("game").filter(pk=run_id).first()
    if run is None or run.status != ImpactRun.Status.RUNNING:
        return run.status if run else "gone"
    slug = run.game.slug

    def fail(message: str) -> str:
        ImpactRun.objects.filter(pk=run.pk).update(
            status=ImpactRun.Status.FAILED, error=message, finished_at=dt.datetime.now(dt.UTC)
        )
        return ImpactRun.Status.FAILED

    def progress(done: int) -> None:
        ImpactRun.objects.filter(pk=run.pk).update(done=done, heartbeat_at=dt.datetime.now(dt.UTC))

    try:
        draft = Edition.objects.select_related("based_on").get(game=run.game, number=run.edition)
        published = snapshot.load(slug, edition=draft.based_on.number)
        drafted = snapshot.load(slug, edition=draft.number)
        # The run's key begins with the draft's state; the rulings it counts follow it.
        if not run.fingerprint.startswith(impact.fingerprint(published, drafted)):
            return fail("The draft changed after this run started; the report starts a new one.")
        rows = impact.situations(
            slug,
            published,
            drafted,
            impact.revised_keys(published, drafted),
            impact.changed_parameters(published, drafted),
        )
        overturned, rulings, situations = impact.overturned(
            slug, rows.iterator(), published=published, draft=drafted, progress=progress
        )
    except Exception as exc:
        return fail(f"{type(exc).__name__}: {exc}")
    ImpactRun.objects.filter(pk=run.pk).update(
        status=ImpactRun.Status.DONE,
        done=situations,
        result={"overturned": overturned, "rulings": rulings, "situations": situations},
        finished_at=dt.datetime.now(dt.UTC),
        heartbeat_at=dt.datetime.now(dt.UTC),
    )
    return ImpactRun.Status.DONE
