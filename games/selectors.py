"""Reads of stored rulings, each in a constant number of queries."""

from __future__ import annotations

import unicodedata
import uuid
from dataclasses import dataclass, field
from typing import Any

from django.db import connection
from django.db.models import Max
from django.utils.translation import gettext as _

from config.answers import Question
from rules import corpus, params
from rules import selectors as rule_selectors
from rules.models import Clause, ClauseVersion, Game, Variant, revision_state

from . import coverage, engine, services, situation, snapshot
from .engine import citations
from .models import ReferenceRuling, Ruling, RulingCitation
from .pins import Pin, pins, wording
from .ruling import RulingDoc, StepDoc


def variant_titles(game_id: int) -> dict[str, str]:
    """A game's variant titles by slug (one query)."""
    return dict(Variant.objects.filter(game_id=game_id).values_list("slug", "title"))


def ruling_stamp(ruling_id: str) -> tuple[str, str] | None:
    """A stored ruling's id and what its document depends on besides its row, which never
    changes: its game's catalogue stamp (newer versions of the clauses it cites, variant
    titles) and whether it is a reference ruling; None for an unknown ruling (1 query)."""
    try:
        pk = uuid.UUID(str(ruling_id))
    except ValueError:
        return None
    # Plain SQL: the stored-ruling API runs it on every request, and building it with the
    # ORM costs more than running it.
    qn = connection.ops.quote_name
    ruling, game, reference = Ruling._meta, Game._meta, ReferenceRuling._meta
    sql = (
        f"SELECT g.{qn(game.get_field('catalogue_stamp').column)}, ref.{qn(reference.pk.column)}"
        f" FROM {qn(ruling.db_table)} r"
        f" INNER JOIN {qn(game.db_table)} g ON g.{qn(game.pk.column)} = r.{qn(ruling.get_field('game').column)}"
        f" LEFT OUTER JOIN {qn(reference.db_table)} ref"
        f" ON ref.{qn(reference.get_field('ruling').column)} = r.{qn(ruling.pk.column)}"
        f" WHERE r.{qn(ruling.pk.column)} = %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [ruling.pk.get_db_prep_value(pk, connection)])
        row = cursor.fetchone()
    if row is None:
        return None
    return str(pk), f"{row[0]}:{'reference' if row[1] is not None else ''}"


def ruling_answers(ruling_id: str, *, game: str, adjudicator: str) -> bool:
    """Whether the stored ruling ``ruling_id`` answers ``game``'s ``adjudicator`` (1 query)."""
    return Ruling.objects.filter(pk=ruling_id, game__slug=game, adjudicator=adjudicator).exists()


def ruling_get(ruling_id: str) -> RulingDoc | None:
    """Return a stored ruling exactly as it was given, pinned to the versions it cited,
    noting where a cited clause has a newer version since (4 queries)."""
    try:
        pk = uuid.UUID(str(ruling_id))
    except ValueError:
        return None
    ruling = Ruling.objects.select_related("game", "reference").filter(pk=pk).first()
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

    def step(raw: dict) -> StepDoc:
        c = cited[(raw["clause"], raw["version"])]
        tr = c.translation
        newest = latest.get(raw["clause"], raw["version"])
        return StepDoc(
            clause=raw["clause"],
            version=raw["version"],
            status=c.version.status,
            kind=c.version.clause.kind,
            original=c.version.text,
            translation=tr.text if tr else None,
            translation_stale=bool(tr and tr.translation.is_stale(c.version_id)),
            translation_state=revision_state(tr.state) if tr else None,
            explanation=raw["explanation"],
            newer_version=newest if newest > raw["version"] else None,
        )

    adj = engine.get(ruling.game.slug, ruling.adjudicator)
    return RulingDoc.from_row(
        ruling,
        step=step,
        titles=variant_titles(ruling.game_id),
        title=str(adj.title) if adj else ruling.adjudicator,
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
    number), the page of rulings, the variants' titles; and the count only when the page is
    full."""
    clause = (
        Clause.objects.select_related("game")
        .filter(game__slug=slug, key=key)
        .annotate(latest=Max("versions__number"))
        .first()
    )
    if clause is None:
        return None
    citations = RulingCitation.objects.filter(version__clause=clause)
    rows = list(
        citations.order_by("-ruling__created_at").values_list(
            "ruling_id",
            "ruling__adjudicator",
            "ruling__variant",
            "ruling__summary",
            "ruling__alternatives",
            "ruling__created_at",
            "version__number",
        )[:limit]
    )
    total = len(rows) if len(rows) < limit else citations.count()
    titles = variant_titles(clause.game_id)
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


# How often the lab's model meets each dispute in play (``lab.selectors.dispute_figures``):
# the lab builds on this app, so it answers when it starts (lab.apps.LabConfig.ready).
dispute_figures = Question("games.selectors.dispute_figures", answered_by="the lab app (LabConfig.ready)")


def disputes_run(slug: str, *, lang: str) -> dict[str, Any] | None:
    """A game's known disputed points, each with its wording (translated into ``lang``), its
    situation in words and its worked example run live under every variant of the current
    edition, in the active interface language; a point no adjudicator rules yet comes with
    what each variant activates on it; beside each, how often the lab's model meets it in
    play (``lab.selectors.dispute_figures``) (5 queries while the catalogue is unchanged)."""
    game = rule_selectors.game_get(slug)
    if game is None:
        return None
    snap = snapshot.load(slug)
    variants = snap.rules.variants
    items = engine.disputes_for(slug)
    keys = {k for d in items for k in d.clauses}
    clauses = {v.clause.key: v for v in rule_selectors.clauses_by_key(game, keys, lang)}
    figures = dispute_figures(game, snap.rules)
    rows = []
    for d in items:
        row: dict[str, Any] = {"dispute": d, "clauses": [clauses[k] for k in d.clauses if k in clauses]}
        row["in_play"] = figures.rows.get(d.key)
        if not d.ruled:
            # No ruling to run: each variant's stance is the clarifications it brings to this point.
            row["stances"] = [
                {"variant": v, "clarifications": [k for k in v.activates if k in d.clauses]} for v in variants
            ]
            rows.append(row)
            continue
        adj = engine.get(slug, d.adjudicator)
        inputs = adj.validate(d.inputs, "inputs", rules=snap.rules)
        verdicts: dict[str, dict[str, Any]] = {}
        for v in variants:
            result, summary = services.adjudicate(adj, inputs, variant=v.slug, snapshot=snap)
            stake = {k: result.outcome.get(k) for k in d.at_stake}
            # Variants that rule alike are shown once, under all their names.
            same = verdicts.setdefault(
                repr((stake, summary, result.steps, result.gaps)),
                {
                    "variants": [],
                    "result": result,
                    "summary": summary,
                    "at_stake": stake,
                    # The ruling gives no answer on the point: the wording leaves it open.
                    "undecided": all(value is None for value in stake.values()),
                },
            )
            same["variants"].append(v)
        row.update(
            adj=adj,
            verdicts=list(verdicts.values()),
            differs=len({repr(x["at_stake"]) for x in verdicts.values()}) > 1,
            situation=situation.describe(adj.inputs, d.inputs, rules=snap.rules),
            inputs=d.inputs,
        )
        rows.append(row)
    return {"game": game, "rows": rows, "single_variant": len(variants) == 1, "figures": figures}


@dataclass
class ClauseCode:
    """What the code does with one clause: who cites it, which disputes argue over it, the
    wording it was written for, and the figures it reads from the text."""

    citers: list[citations.Citer]
    disputes: list[engine.Dispute]
    pin: Pin | None
    pin_out_of_date: bool
    parameters: list[params.Reading]
    parameter_errors: dict[str, str]


def clause_code(slug: str, key: str, version: ClauseVersion | None) -> ClauseCode:
    """The code side of clause ``key`` of ``slug``, for the clause page (no query)."""
    pin = pins().get(slug, {}).get(key)
    readings, errors = (
        params.read_all(version.bindings, corpus.normalise(version.text)) if version else ({}, {})
    )
    return ClauseCode(
        citers=citations.implemented_by(slug, key),
        disputes=citations.disputes_citing(slug, key),
        pin=pin,
        pin_out_of_date=bool(pin and version and wording(version.text, version.bindings) != pin.wording),
        parameters=list(readings.values()),
        parameter_errors=errors,
    )


@dataclass
class PinState:
    clause: str
    code_version: int
    text_version: int | None
    out_of_date: bool
    # The designer recorded the rewording as leaving the meaning unchanged: for a developer to
    # accept (``pins --update``), not a warning.
    note: Any = None


def pin_states(slug: str) -> list[PinState]:
    """Every pin of a game against its current edition, out-of-date ones first (1 query)."""
    rules = snapshot.rules_for(slug)
    out = [
        PinState(
            key,
            pin.version,
            rules.versions.get(key),
            rules.wordings.get(key) != pin.wording,
            rules.wording_notes.get(key),
        )
        for key, pin in sorted(pins().get(slug, {}).items())
    ]
    return sorted(out, key=lambda p: not p.out_of_date)


def coverage_of(slug: str, *, edition: int | None = None) -> coverage.Coverage:
    """Which rule clauses of the edition the adjudicators implement, and why the others need
    none (``games.coverage``): the snapshot (1 query when cached) and the clauses' sections (1).
    Raises ``snapshot.EditionNotFound``."""
    snap = snapshot.load(slug, edition=edition)
    rules = snap.rules
    rows = list(
        Clause.objects.filter(game_id=snap.game_id, key__in=list(snap.clauses), kind__in=corpus.RULE_KINDS)
        .order_by("position")
        .values_list("key", "kind", "section__key", "section__title", "section__title_en")
    )
    sections = list(dict.fromkeys((sec, en or title) for _k, _kind, sec, title, en in rows))
    return coverage.compute(
        slug,
        clauses=[(key, kind, sec) for key, kind, sec, _t, _e in rows],
        param_clauses={name: p.clause for name, p in rules.params.items()},
        table_rows={key: [r["clause"] for r in table] for key, table in rules.tables.items()},
        sections=sections,
    )


def clause_coverage(
    slug: str, clause: Clause, version: ClauseVersion | None
) -> coverage.ClauseCoverage | None:
    """The coverage of one clause at ``version`` (None: not a rule clause), for the clause page
    (no query: the parameters it binds are the version's, its table rows the shipped tables')."""
    if clause.kind not in corpus.RULE_KINDS:
        return None
    bound = {name: clause.key for name in (version.bindings if version else {}) or {}}
    found = coverage.compute(
        slug,
        clauses=[(clause.key, clause.kind, clause.section.key)],
        param_clauses=bound,
        table_rows=coverage.shipped_table_rows(slug),
    )
    return found.clauses[0]


@dataclass
class Question:
    """One referee question: its adjudicator, title and the words the filter matches."""

    name: str
    title: str
    search: str


@dataclass
class QuestionGroup:
    key: str
    title: str
    questions: list[Question]


def question_groups(slug: str, *, lang: str, find: str = "") -> list[QuestionGroup]:
    """The game's questions grouped by the titled section of the rules holding the first clause
    each rules on (an untitled opening, such as Rada Miasta's introduction, is passed over),
    groups in the order the text gives its sections — the order of play where the text numbers
    its stages or phases — and "Other questions" last; each question whose title, name or
    section holds ``find`` (case and accents folded). No query: the sections are the shipped
    corpus's (a designer's edit never moves a clause)."""
    try:
        data = corpus.game(slug)
    except FileNotFoundError:
        data = None
    section_of = {c.key: c.section for c in data.clauses} if data else {}
    titles = {
        s.key: _section_title(
            s.title if lang.split("-")[0] == data.language.split("-")[0] else s.en or s.title
        )
        for s in (data.sections if data else ())
    }
    place = {key: n for n, key in enumerate(titles)}
    wanted = fold(find)
    groups: dict[str, QuestionGroup] = {}
    for adj in engine.for_game(slug):
        key = next((section_of[k] for k in adj.clauses if titles.get(section_of.get(k, ""))), "")
        group = groups.setdefault(key, QuestionGroup(key, titles.get(key) or str(_("Other questions")), []))
        title = str(adj.title)
        words = fold(" ".join((title, adj.name.replace("-", " "), group.title)))
        if wanted and wanted not in words:
            continue
        group.questions.append(Question(adj.name, title, words))
    ordered = sorted(groups.values(), key=lambda g: place.get(g.key, len(place)))
    return [g for g in ordered if g.questions]


def _section_title(title: str) -> str:
    """A section's title as a heading: without the source's markup ("#Final scoring") or its
    closing colon."""
    return title.strip().lstrip("#").strip().rstrip(":")


def fold(text: str) -> str:
    """Lower case without accents or extra spaces: what the question filter compares
    (static/js/referee.js folds the same way)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().replace("ł", "l"))
    return " ".join("".join(ch for ch in decomposed if not unicodedata.combining(ch)).split())
