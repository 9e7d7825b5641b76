"""The impact of a draft edition against the edition it replaces, before publishing it.

What changes if the draft is published: the figures the rules read from the text
(parameters), the clauses whose wording goes beyond what the code was written for (pins),
the outcome of every canonical example — each adjudicator's examples, every dispute's
worked example and the stored rulings a designer marked as reference rulings — the
translations that go stale, and the stored rulings the draft would overturn.

**Overturned** means: a stored ruling made under the edition the draft replaces (not a
draft's, not an older edition's) whose outcome under the draft differs from its outcome
under that edition. Every such ruling is looked at, not the newest few: those that cite a
revised clause, and every ruling of an adjudicator whose code cites a revised clause or
reads a changed figure (a lower cap overturns rulings that never reached the old one).
They are read grouped by (adjudicator, inputs, variant) — one row per distinct situation
with its number of rulings — so a flood of identical rulings costs one re-ruling, and the
work grows with the distinct situations, not with the rulings stored. A draft that
changes only whitespace or commentary changes no outcome, so it overturns nothing.

Up to ``SYNC_SITUATIONS`` distinct situations are re-ruled while the designer waits; more
are re-ruled by a background task (``games.tasks.impact_run``) whose progress the page
shows (``games.services.impact_run_start``). Both use ``overturned``.

The report keeps the raw outcomes (the contract's keys, docs/api.md) and says each changed example and
overturned ruling in words too — the situation with the input declaration's labels
(``games.situation``, as the disputes page does) and each outcome's one-sentence summary —
in the active language (``say``).
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import CharField, Count, Max, Q
from django.db.models.functions import Cast
from django.utils.translation import gettext as _

from rules import tables
from rules.models import Translation

from . import coverage, engine, situation
from .engine import Invalid, citations
from .engine.readers import parameter_readers
from .models import ReferenceRuling, Ruling, RulingCitation
from .pins import pins
from .ruling import WrittenDoc, about
from .snapshot import Snapshot

# Distinct situations re-ruled within the request; above this, a background run.
SYNC_SITUATIONS = 400


@dataclass
class Example:
    adjudicator: str
    example: str  # "example 1", "dispute <key>", "ruling <id>"
    inputs: dict[str, Any]
    variant: str = "original"


@dataclass
class Impact(WrittenDoc):
    published: int
    draft: int
    revised: list[str]
    parameters_changed: list[dict[str, Any]] = field(default_factory=list)
    pins_out_of_date: list[dict[str, Any]] = field(default_factory=list)
    changed_examples: list[dict[str, Any]] = field(default_factory=list)
    examples_run: int = 0
    stale_translations: list[dict[str, Any]] = field(default_factory=list)
    overturned_rulings: list[dict[str, Any]] = field(default_factory=list)
    # Revised clauses declared not executable: no ruling follows what they now say.
    not_executable_revised: list[dict[str, Any]] = about(
        "Revised clauses declared not executable: {clause, reason, message}.", default_factory=list
    )
    unbound_parameters: list[dict[str, Any]] = about(
        "Figures the code reads that the draft's text no longer states: {name, clause, version, "
        "words, value, readers}. Rulings under the draft read the last stated figure (value, stated "
        "by those words of that version) with a gap; publishing needs confirm_unbound naming them.",
        default_factory=list,
    )
    # Stored rulings of the replaced edition looked at, and the distinct situations among them.
    rulings_checked: int = about("Stored rulings of the replaced edition re-ruled.", default=0)
    situations_checked: int = about(
        "The distinct situations (adjudicator, inputs, variant) among them.", default=0
    )
    # "done", or "running" / "failed" while a background run re-rules the stored rulings
    # ("overturned_rulings" is then empty): progress {"done", "total"} in situations.
    rulings_status: str = about(
        "running: a background run is re-ruling them (overturned_rulings empty until done); ask again.",
        choices=("done", "running", "failed"),
        default="done",
    )
    rulings_progress: dict[str, int] = about("{done, total} distinct situations.", default_factory=dict)


def _outcome(adj: engine.Adjudicator, inputs: dict[str, Any], variant: str, snap: Snapshot) -> dict[str, Any]:
    """The outcome under one edition, or what the edition refuses in the inputs."""
    if variant not in snap.rules.variant_slugs:
        return {"refused": {"variant": ["Not a variant of this edition."]}}
    try:
        parsed = adj.validate(inputs, "inputs", rules=snap.rules)
    except Invalid as exc:
        return {"refused": exc.errors}
    return adj(parsed, variant=variant, rules=snap.rules).outcome


def examples_of(game: str, references: list[Ruling]) -> list[Example]:
    """Every canonical example of a game: adjudicator examples, disputes, reference rulings."""
    out = []
    for adj in engine.for_game(game):
        for n, example in enumerate(adj.examples, start=1):
            out.append(Example(adj.name, f"example {n}", example))
    for d in engine.disputes_for(game):
        if d.ruled:  # a point no adjudicator rules yet has no example to re-run
            out.append(Example(d.adjudicator, f"dispute {d.key}", d.inputs))
    for r in references:
        out.append(Example(r.adjudicator, f"ruling {r.id}", r.inputs, r.variant))
    return out


def revised_keys(published: Snapshot, draft: Snapshot) -> list[str]:
    """The clauses whose wording or status the draft changes, in document order: a version
    that restores the published wording (v3 = v1) is no revision."""
    out = []
    for key, c in draft.clauses.items():
        before = published.clauses.get(key)
        if before is None or (
            before.version_id != c.version_id and (before.text, before.status) != (c.text, c.status)
        ):
            out.append(key)
    return out


def _parameters(published: Snapshot, draft: Snapshot) -> list[dict[str, Any]]:
    out = []
    old, new = published.rules.params, draft.rules.params
    for name in sorted(old.keys() | new.keys()):
        a, b = old.get(name), new.get(name)
        if a is not None and b is not None and a.value == b.value:
            continue
        out.append(
            {
                "name": name,
                "clause": (b or a).clause,
                "published": None if a is None else a.value,
                "draft": None if b is None else b.value,
                "published_words": None if a is None else a.words,
                "draft_words": None if b is None else b.words,
            }
        )
    return out


def _table_cells(published: Snapshot, draft: Snapshot) -> list[dict[str, Any]]:
    """Table cells whose figure the draft's wording of their row changes (rules.tables)."""
    out = []
    for key, rows in draft.rules.tables.items():
        before = {r["clause"]: r for r in published.rules.tables.get(key, ())}
        for row in rows:
            old = before.get(row["clause"])
            if old is None:
                continue
            for path in tables.paths_of(row):
                for cell in path.split("|") if path != "-" else ():
                    a, b = tables.cell(old, cell), tables.cell(row, cell)
                    if a != b:
                        out.append(
                            {
                                "name": f"{key}:{row.get('item', row['clause'])}:{cell}",
                                "clause": row["clause"],
                                "published": a,
                                "draft": b,
                                "published_words": None,
                                "draft_words": None,
                            }
                        )
    return out


def _pins(game: str, published: Snapshot, draft: Snapshot) -> list[dict[str, Any]]:
    out = []
    for key, pin in sorted(pins().get(game, {}).items()):
        if draft.rules.wordings.get(key) == pin.wording:
            continue
        if published.rules.wordings.get(key) != pin.wording:
            continue  # already out of date: not this draft's doing
        out.append(
            {"clause": key, "code_version": pin.version, "draft_version": draft.rules.versions.get(key)}
        )
    return out


def changed_parameters(published: Snapshot, draft: Snapshot) -> list[str]:
    """The names of the parameters whose value the draft changes (or adds or removes)."""
    return [p["name"] for p in _parameters(published, draft)]


# An impact run's key: the drafts' state (``fingerprint``), then the stored rulings it counts.
STATE_CHARS = 48


def fingerprint(published: Snapshot, draft: Snapshot) -> str:
    """What an impact run was computed from: both editions' clause versions and rules."""
    state = repr(
        (
            sorted((k, c.version_id) for k, c in published.clauses.items()),
            sorted((k, c.version_id) for k, c in draft.clauses.items()),
            published.rules.variants,
            {k: [dict(r) for r in rows] for k, rows in draft.rules.tables.items()},
        )
    )
    return hashlib.sha256(state.encode()).hexdigest()[:STATE_CHARS]


def run_key(published: Snapshot, draft: Snapshot) -> str:
    """The key of the background run for this draft as it is and the rulings stored now: how
    many the published edition has and when the newest was stored (1 query), so a ruling
    stored after a run began makes a new run, and the report and the publish confirmation
    count it."""
    stored = Ruling.objects.filter(
        game_id=published.game_id, draft=False, edition=published.rules.edition
    ).aggregate(n=Count("id"), newest=Max("created_at"))
    rulings = hashlib.sha256(f"{stored['n']}|{stored['newest']}".encode()).hexdigest()
    return fingerprint(published, draft) + rulings[: 64 - STATE_CHARS]


def draft_report(slug: str, *, based_on: int, draft: int, now) -> Impact:
    """The impact report of draft ``draft`` (opened from edition ``based_on``), in words: the
    stored rulings re-ruled now when they are at most ``SYNC_SITUATIONS`` distinct situations,
    else from the background run for the draft as it is (started if need be), with its
    progress until it is done."""
    from . import services
    from .snapshot import load

    published, drafted = load(slug, edition=based_on), load(slug, edition=draft)
    report = impact(slug, published=published, draft=drafted, rulings=False)
    rows = situations(slug, published, drafted, report.revised, changed_parameters(published, drafted))
    first = list(rows[: SYNC_SITUATIONS + 1])
    if len(first) <= SYNC_SITUATIONS:
        report.overturned_rulings, report.rulings_checked, report.situations_checked = overturned(
            slug, first, published=published, draft=drafted
        )
    else:
        run = services.impact_run_start(
            game_id=published.game_id,
            edition=draft,
            fingerprint=run_key(published, drafted),
            total=rows.count(),
            now=now,
        )
        report.rulings_status = run.status
        report.rulings_progress = {"done": run.done, "total": run.total}
        if run.status == run.Status.DONE:
            report.overturned_rulings = run.result["overturned"]
            report.rulings_checked = run.result["rulings"]
            report.situations_checked = run.result["situations"]
    return say(report, slug, published=published, draft=drafted)


def situations(
    game: str, published: Snapshot, draft: Snapshot, revised: list[str], changed_params: Iterable[str]
):
    """The stored rulings the draft may overturn, one row per distinct (adjudicator, variant,
    inputs) with ``rulings`` (how many) and ``example`` (the id of one of them, as text): one
    query, grouped by the database. Empty when nothing is revised."""
    changed_params = list(changed_params)
    if not revised and not changed_params:
        return Ruling.objects.none().values("adjudicator")
    keys = set(revised)
    names = {a.name for a in engine.for_game(game) if citations.reached_by(game, a.name) & keys}
    for name in changed_params:
        names.update(parameter_readers(game, name))
    cited = RulingCitation.objects.filter(
        version_id__in=[published.clauses[k].version_id for k in revised if k in published.clauses]
    ).values("ruling_id")
    return (
        Ruling.objects.filter(game_id=published.game_id, draft=False, edition=published.rules.edition)
        .filter(Q(adjudicator__in=names) | Q(id__in=cited))
        .values("adjudicator", "variant", "inputs", "outcome")
        .annotate(rulings=Count("id"), example=Max(Cast("id", output_field=CharField())))
        .order_by()
    )


def overturned(
    game: str,
    rows: Iterable[dict[str, Any]],
    *,
    published: Snapshot,
    draft: Snapshot,
    progress: Callable[[int], None] | None = None,
) -> tuple[list[dict[str, Any]], int, int]:
    """Re-rule each distinct situation under the draft (and, where its outcome differs from
    the stored one, under the published edition, so a change of code since is not blamed on
    the draft). Returns (the overturned ones, rulings looked at, situations looked at);
    ``progress`` is called with the situations done so far every 100."""
    out: list[dict[str, Any]] = []
    rulings = done = 0
    for row in rows:
        done += 1
        rulings += row["rulings"]
        if progress is not None and done % 100 == 0:
            progress(done)
        adj = engine.get(game, row["adjudicator"])
        if adj is None:
            continue
        after = _outcome(adj, row["inputs"], row["variant"], draft)
        if after == row["outcome"]:
            continue
        before = _outcome(adj, row["inputs"], row["variant"], published)
        if before == after:
            continue
        out.append(
            {
                "ruling": _uuid(row["example"]),
                "rulings": row["rulings"],
                "adjudicator": row["adjudicator"],
                "variant": row["variant"],
                "inputs": row["inputs"],
                "published": before,
                "draft": after,
            }
        )
    out.sort(key=lambda e: (e["adjudicator"], -e["rulings"], e["ruling"]))
    return out, rulings, done


def _uuid(text: str) -> str:
    """A ruling id as the API writes it (SQLite stores UUIDs as 32 hex digits)."""
    return str(uuid.UUID(text))


def impact(game: str, *, published: Snapshot, draft: Snapshot, rulings: bool = True) -> Impact:
    """The impact report of ``draft`` against ``published`` (see the module docstring). With
    ``rulings`` False the stored rulings are left to a background run (the caller's)."""
    revised = revised_keys(published, draft)
    report = Impact(published.rules.edition, draft.rules.edition, revised)
    report.parameters_changed = _parameters(published, draft) + _table_cells(published, draft)
    report.pins_out_of_date = _pins(game, published, draft)
    report.not_executable_revised = not_executable_revised(game, published, draft, revised)
    report.unbound_parameters = [
        {
            "name": name,
            "clause": p.clause,
            "version": p.version,
            "words": p.words,
            "value": p.value,
            "readers": parameter_readers(game, name),
        }
        for name, p in sorted(draft.rules.unbound.items())
    ]

    references = [
        m.ruling
        for m in ReferenceRuling.objects.filter(ruling__game_id=published.game_id).select_related("ruling")
    ]
    for ex in examples_of(game, references):
        adj = engine.get(game, ex.adjudicator)
        if adj is None:
            continue
        before, after = (
            _outcome(adj, ex.inputs, ex.variant, published),
            _outcome(adj, ex.inputs, ex.variant, draft),
        )
        report.examples_run += 1
        if before != after:
            report.changed_examples.append(
                {
                    "adjudicator": ex.adjudicator,
                    "example": ex.example,
                    "variant": ex.variant,
                    "inputs": ex.inputs,
                    "published": before,
                    "draft": after,
                }
            )

    report.stale_translations = _stale(published, draft, revised)
    if rulings:
        rows = situations(game, published, draft, revised, changed_parameters(published, draft))
        report.overturned_rulings, report.rulings_checked, report.situations_checked = overturned(
            game, rows, published=published, draft=draft
        )
    return report


def not_executable_revised(
    game: str, published: Snapshot, draft: Snapshot, revised: list[str]
) -> list[dict[str, Any]]:
    """The draft's revisions of clauses declared not executable (``games.coverage``): no
    ruling depends on them, so referees cannot rule on what they now say. A status change
    alone (the same text) is no revision of what they say."""
    declared = coverage.declarations(game)
    return [
        {
            "clause": key,
            "reason": declared[key]["reason"],
            "message": str(_("no ruling depends on this clause — referees cannot rule on what it now says")),
        }
        for key in revised
        if key in declared
        and key in published.clauses
        and key in draft.clauses
        and published.clauses[key].text != draft.clauses[key].text
    ]


def _stale(published: Snapshot, draft: Snapshot, revised: list[str]) -> list[dict[str, Any]]:
    """The translations of the replaced edition's wording that the draft's wording leaves
    stale: none where the draft's text is the same (a status change, a restored wording)."""
    changed = [
        published.clauses[k].version_id
        for k in revised
        if k in published.clauses and published.clauses[k].text != draft.clauses[k].text
    ]
    return [
        {"clause": key, "lang": lang, "state": state}
        for key, lang, state in Translation.objects.filter(based_on_id__in=changed)
        .order_by("clause__position", "lang")
        .values_list("clause__key", "lang", "state")
    ]


def say(report: Impact, game: str, *, published: Snapshot, draft: Snapshot) -> Impact:
    """Add the words to each changed example and overturned ruling: ``situation`` (labelled
    lines, as the disputes page says a situation), ``published_summary`` and
    ``draft_summary`` (each outcome in one sentence), ``published_fields`` and
    ``draft_fields`` (the outcome fields that differ), ``title`` (the question). In the active language; the raw outcomes stay as they were."""
    for entry in [*report.changed_examples, *report.overturned_rulings]:
        adj = engine.get(game, entry["adjudicator"])
        if adj is None:
            continue
        try:
            # A stored ruling keeps every field, the optional ones left empty as null: say only
            # what was given, as the disputes page says a situation.
            given = {k: v for k, v in entry["inputs"].items() if v is not None}
            lines = situation.describe(adj.inputs, given, rules=published.rules)
        except (TypeError, ValueError, KeyError, AttributeError):
            lines = []  # inputs the declaration no longer describes: the JSON is still there
        entry["situation"] = [_line_json(line) for line in lines]
        entry["published_summary"] = _summary(adj, entry["published"], published)
        entry["draft_summary"] = _summary(adj, entry["draft"], draft)
        entry["title"] = str(adj.title)
        before, after = entry["published"], entry["draft"]
        # The outcome fields that differ, each side's value, for the page to label; none when
        # one side is a refusal (its summary says why).
        keys = (
            []
            if "refused" in before or "refused" in after
            else [k for k in after if before.get(k) != after.get(k)]
        )
        entry["published_fields"] = {k: before.get(k) for k in keys}
        entry["draft_fields"] = {k: after.get(k) for k in keys}
    return report


def _summary(adj: engine.Adjudicator, outcome: dict[str, Any], snap: Snapshot) -> str:
    if "refused" in outcome and len(outcome) == 1:
        reasons = "; ".join(
            f"{path}: {' '.join(map(str, msgs))}" for path, msgs in outcome["refused"].items()
        )
        return _("Refused under this edition: %(reasons)s") % {"reasons": reasons}
    return adj.describe(outcome, rules=snap.rules)


def _line_json(line: situation.Line) -> dict[str, Any]:
    return {
        "label": line.label,
        "lead": line.lead,
        "text": line.text,
        "items": [_line_json(i) for i in line.items],
    }
