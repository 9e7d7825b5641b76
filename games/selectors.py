"""Reads of stored rulings, each in a constant number of queries."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Max

from rules import corpus
from rules.models import Clause, ClauseVersion

from . import engine
from .models import Ruling, RulingCitation
from .services import AlternativeView, RulingView, StepView


def ruling_get(ruling_id: str) -> RulingView | None:
    """Return a stored ruling exactly as it was given, pinned to the versions it cited,
    noting where a cited clause has a newer version since (3 queries)."""
    try:
        pk = uuid.UUID(str(ruling_id))
    except ValueError:
        return None
    ruling = Ruling.objects.select_related("game").filter(pk=pk).first()
    if ruling is None:
        return None
    cited = {}
    for c in ruling.citations.select_related("version__clause", "translation__translation"):
        cited[(c.version.clause.key, c.version.number)] = c
    latest = dict(
        ClauseVersion.objects.filter(clause_id__in={c.version.clause_id for c in cited.values()})
        .values("clause__key")
        .annotate(n=Max("number"))
        .values_list("clause__key", "n")
    )

    def steps_of(raw: list[dict]) -> list[StepView]:
        out = []
        for s in raw:
            c = cited[(s["clause"], s["version"])]
            tr = c.translation
            newest = latest.get(s["clause"], s["version"])
            out.append(
                StepView(
                    clause=s["clause"],
                    version=s["version"],
                    status=c.version.status,
                    kind=c.version.clause.kind,
                    original=c.version.text,
                    translation=tr.text if tr else None,
                    translation_stale=bool(tr and tr.translation.based_on_id != c.version_id),
                    explanation=s["explanation"],
                    newer_version=newest if newest > s["version"] else None,
                )
            )
        return out

    titles = {v.slug: v.title for v in corpus.game(ruling.game.slug).variants}
    adj = engine.get(ruling.game.slug, ruling.adjudicator)
    steps = steps_of(ruling.steps)
    alternatives = [
        AlternativeView(
            variant=a["variant"],
            title=titles.get(a["variant"], a["variant"]),
            outcome=a["outcome"],
            differs=a["differs"],
            summary=a.get("summary", ""),
            steps=steps_of(a.get("steps", [])),
            gaps=a.get("gaps", []),
        )
        for a in ruling.alternatives
    ]
    newer = {s.clause: s.newer_version for s in steps if s.newer_version}
    for a in alternatives:
        newer.update({s.clause: s.newer_version for s in a.steps if s.newer_version})
    return RulingView(
        id=str(ruling.id),
        game=ruling.game.slug,
        game_title=ruling.game.title,
        game_language=ruling.game.language,
        adjudicator=ruling.adjudicator,
        title=str(adj.title) if adj else ruling.adjudicator,
        variant=ruling.variant,
        variant_title=titles.get(ruling.variant, ruling.variant),
        lang=ruling.lang,
        inputs=ruling.inputs,
        outcome=ruling.outcome,
        summary=ruling.summary,
        steps=steps,
        gaps=ruling.gaps,
        alternatives=alternatives,
        created_at=ruling.created_at,
        newer_versions=newer,
    )


@dataclass
class CitingRuling:
    """One stored ruling that cites a clause, as a designer weighing a change sees it."""

    id: str
    title: str
    variant_title: str
    summary: str
    created_at: Any
    cited_version: int
    # (variant title, what the stored ruling says that variant decides) where it differs.
    overturned_under: list[tuple[str, str]]

    @property
    def permalink(self) -> str:
        return f"/rulings/{self.id}/"


@dataclass
class ClauseRulings:
    game: Any
    clause: Any
    latest_version: int
    total: int
    rulings: list[CitingRuling]
    # (variant title, how many of the listed rulings would go the other way under it)
    would_overturn: list[tuple[str, int]] = field(default_factory=list)

    @property
    def on_older_versions(self) -> int:
        return sum(1 for r in self.rulings if r.cited_version < self.latest_version)


def rulings_citing(slug: str, key: str, *, limit: int = 50) -> ClauseRulings | None:
    """The stored rulings that cite any version of clause ``key``, newest first (at most
    ``limit``), each with the version it cited and the variants under which it would have
    gone the other way — what a designer needs before changing or adopting a clause.

    Three queries whatever the number of rulings: the clause (with its newest version
    number), the count, the page of rulings."""
    clause = (
        Clause.objects.select_related("game")
        .filter(game__slug=slug, key=key)
        .annotate(latest=Max("versions__number"))
        .first()
    )
    if clause is None:
        return None
    citations = RulingCitation.objects.filter(version__clause=clause)
    total = citations.count()
    rows = citations.order_by("-ruling__created_at").values_list(
        "ruling_id",
        "ruling__adjudicator",
        "ruling__variant",
        "ruling__summary",
        "ruling__alternatives",
        "ruling__created_at",
        "version__number",
    )[:limit]
    titles = {v.slug: v.title for v in corpus.game(slug).variants} if slug in corpus.GAME_SLUGS else {}
    rulings, overturn_counts = [], {}
    for ruling_id, name, variant, summary, alternatives, created_at, number in rows:
        adj = engine.get(slug, name)
        differing = [a for a in alternatives if a.get("differs")]
        for a in differing:
            overturn_counts[a["variant"]] = overturn_counts.get(a["variant"], 0) + 1
        rulings.append(
            CitingRuling(
                id=str(ruling_id),
                title=str(adj.title) if adj else name,
                variant_title=titles.get(variant, variant),
                summary=summary,
                created_at=created_at,
                cited_version=number,
                overturned_under=[
                    (titles.get(a["variant"], a["variant"]), a.get("summary", "")) for a in differing
                ],
            )
        )
    return ClauseRulings(
        game=clause.game,
        clause=clause,
        latest_version=clause.latest or 0,
        total=total,
        rulings=rulings,
        would_overturn=[(titles.get(s, s), n) for s, n in overturn_counts.items()],
    )
