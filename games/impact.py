"""The impact of a draft edition against the latest published one, before publishing it.

What changes if the draft is published: the figures the rules read from the text
(parameters), the clauses whose wording goes beyond what the code was written for (pins),
the outcome of every canonical example — each adjudicator's examples, every dispute's
worked example and the stored rulings a designer marked as reference rulings — the
translations that go stale, and the stored rulings the draft would overturn.

A constant number of queries whatever the number of examples or rulings: both editions'
snapshots (``games.snapshot``), the translations of the revised clauses, the reference
rulings and the newest stored rulings (at most ``MAX_RULINGS``). The rest is pure
computation (every example run under both editions), timed by bench/impact.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules import tables
from rules.models import Translation

from . import engine
from .engine import Invalid
from .models import ReferenceRuling, Ruling
from .pins import pins
from .ruling import Document
from .snapshot import Snapshot

MAX_RULINGS = 500


@dataclass
class Example:
    adjudicator: str
    example: str  # "example 1", "dispute <key>", "ruling <id>"
    inputs: dict[str, Any]
    variant: str = "original"


@dataclass
class Impact(Document):
    published: int
    draft: int
    revised: list[str]
    parameters_changed: list[dict[str, Any]] = field(default_factory=list)
    pins_out_of_date: list[dict[str, Any]] = field(default_factory=list)
    changed_examples: list[dict[str, Any]] = field(default_factory=list)
    examples_run: int = 0
    stale_translations: list[dict[str, Any]] = field(default_factory=list)
    overturned_rulings: list[dict[str, Any]] = field(default_factory=list)
    rulings_checked: int = 0


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


def impact(game: str, *, published: Snapshot, draft: Snapshot) -> Impact:
    """The impact report of ``draft`` against ``published`` (see the module docstring)."""
    revised = [k for k, c in draft.clauses.items() if published.clauses.get(k, c).version_id != c.version_id]
    report = Impact(published.rules.edition, draft.rules.edition, revised)
    report.parameters_changed = _parameters(published, draft) + _table_cells(published, draft)
    report.pins_out_of_date = _pins(game, published, draft)

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

    revised_versions = [published.clauses[k].version_id for k in revised if k in published.clauses]
    for clause_key, lang, state in (
        Translation.objects.filter(based_on_id__in=revised_versions)
        .order_by("clause__position", "lang")
        .values_list("clause__key", "lang", "state")
    ):
        report.stale_translations.append({"clause": clause_key, "lang": lang, "state": state})

    rulings = list(
        Ruling.objects.filter(game_id=published.game_id, draft=False)
        .order_by("-created_at")
        .values_list("id", "adjudicator", "variant", "inputs", "outcome")[:MAX_RULINGS]
    )
    report.rulings_checked = len(rulings)
    for ruling_id, name, variant, inputs, outcome in rulings:
        adj = engine.get(game, name)
        if adj is None:
            continue
        after = _outcome(adj, inputs, variant, draft)
        if after != outcome:
            report.overturned_rulings.append(
                {
                    "ruling": str(ruling_id),
                    "adjudicator": name,
                    "variant": variant,
                    "published": outcome,
                    "draft": after,
                }
            )
    return report
