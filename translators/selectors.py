"""Reads for the translators' workspace, each in a constant number of queries."""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from dataclasses import dataclass, field

from rules.diff import _CJK
from rules.models import (
    QUOTABLE,
    Clause,
    ClauseVersion,
    EditionEntry,
    Game,
    Role,
    Term,
    Translation,
    TranslationRevision,
    revision_state,
    search_form,
)
from rules.permissions import is_original_language, language_roles
from rules.selectors import GlossaryEntry

from . import memory
from .models import Suggestion

# The states of a clause in one language, in the order the progress bars show them. A clause
# is *stale* when it has no translation of its current version but has one of an older version.
STATUSES = ("approved", "translated", "needs-review", "stale", "untranslated")

_WORDS = re.compile(rf"[{_CJK}]|[^\s{_CJK}]+")


def word_count(text: str) -> int:
    """Words of a source text; a Chinese or Japanese character counts as a word (as CAT tools
    count them)."""
    return len(_WORDS.findall(text))


@dataclass
class Unit:
    """One clause of the current edition in one language."""

    clause: Clause
    version: ClauseVersion
    current: Translation | None = None  # the translation of the current version
    latest: Translation | None = None  # the newest translation, of any version
    quoted: Translation | None = None  # what readers quote (rules.selectors)
    words: int = 0

    @property
    def key(self) -> str:
        return self.clause.key

    @property
    def status(self) -> str:
        if self.current is not None:
            return self.current.state
        return "stale" if self.latest is not None else "untranslated"

    @property
    def stale(self) -> bool:
        """As the reader flags it: the translation it shows is of an older version."""
        return self.quoted is not None and self.quoted.is_stale(self.version)

    @property
    def text(self) -> str:
        """The target text to show and to start editing from."""
        shown = self.current or self.latest
        return shown.text if shown is not None else ""

    @property
    def expected_revision(self) -> int:
        return self.current.revision if self.current is not None else 0


def units(game: Game, lang: str) -> list[Unit]:
    """The translatable clauses of ``game``'s current edition with their ``lang`` translations,
    in document order (2 queries)."""
    out = [
        Unit(e.clause, e.version, words=word_count(e.version.text))
        for e in EditionEntry.objects.filter(edition__game=game, edition__is_current=True)
        .exclude(clause__kind=Clause.Kind.FURNITURE)
        .select_related("clause__section", "version")
        .order_by("position")
    ]
    by_clause: dict[int, list[Translation]] = defaultdict(list)
    for t in (
        Translation.objects.filter(clause__game=game, lang=lang)
        .select_related("based_on")
        .order_by("based_on__number")
    ):
        by_clause[t.clause_id].append(t)
    for u in out:
        _attach(u, by_clause.get(u.clause.id, []))
    return out


def _attach(unit: Unit, translations: list[Translation]) -> None:
    for t in translations:  # oldest version first
        if not t.is_stale(unit.version):  # the stale rule, Translation.is_stale
            unit.current = t
        unit.latest = t
        if unit.quoted is None or t.quotable or not unit.quoted.quotable:
            unit.quoted = t


@dataclass
class Progress:
    """Clauses and words per status of one game in one language."""

    game: Game
    lang: str
    kind: str = "translator"
    clauses: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STATUSES, 0))
    words: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STATUSES, 0))

    @property
    def total(self) -> int:
        return sum(self.clauses.values())

    @property
    def total_words(self) -> int:
        return sum(self.words.values())

    @property
    def done_percent(self) -> int:
        done = self.words["translated"] + self.words["approved"]
        return round(100 * done / self.total_words) if self.total_words else 100

    def bars(self) -> list[tuple[str, int, int, float, float]]:
        """(status, clauses, words, share of the words in percent, where its bar starts) for the
        progress bar."""
        total = self.total_words or 1
        out, x = [], 0.0
        for s in STATUSES:
            share = round(100 * self.words[s] / total, 2)
            out.append((s, self.clauses[s], self.words[s], share, round(x, 2)))
            x += share
        return out


def workspace(user) -> list[Progress]:
    """The (game, language) pairs ``user`` translates or reviews, with their progress
    (a superuser: every language any game is translated into). 4 queries."""
    games = list(Game.objects.order_by("position"))
    cells: dict[tuple[int, str], str] = {}
    if getattr(user, "is_superuser", False):
        langs = set(Translation.objects.values_list("lang", flat=True).distinct())
        for g in games:
            for lang in langs:
                cells[(g.id, lang)] = "reviewer"
    for game_id, lang, kind in language_roles(user):
        for g in games:
            if game_id in (None, g.id) and cells.get((g.id, lang)) != "reviewer":
                cells[(g.id, lang)] = kind
    wanted_langs = {lang for _g, lang in cells}
    entries = list(
        EditionEntry.objects.filter(edition__is_current=True)
        .exclude(clause__kind=Clause.Kind.FURNITURE)
        .values_list("clause_id", "clause__game_id", "version_id", "version__text")
    )
    states: dict[tuple[int, str], list[tuple[int, str]]] = defaultdict(list)
    for clause_id, lang, based_on, state in (
        Translation.objects.filter(lang__in=wanted_langs)
        .order_by("based_on__number")
        .values_list("clause_id", "lang", "based_on_id", "state")
    ):
        states[(clause_id, lang)].append((based_on, state))
    out = []
    for g in games:
        for (game_id, lang), kind in sorted(cells.items(), key=lambda c: c[0][1]):
            if game_id != g.id or is_original_language(g, lang):
                continue
            p = Progress(g, lang, kind)
            for clause_id, entry_game, version_id, text in entries:
                if entry_game != g.id:
                    continue
                found = states.get((clause_id, lang), [])
                of_current = [s for b, s in found if not Translation.made_from_other(b, version_id)]
                status = of_current[0] if of_current else ("stale" if found else "untranslated")
                p.clauses[status] += 1
                p.words[status] += word_count(text)
            out.append(p)
    return out


def matches(unit: Unit, *, status: str = "", q: str = "", failing: set[str] | None = None) -> bool:
    """Whether ``unit`` passes the list's filters."""
    if status == "stale":
        if not (unit.stale or unit.status == "stale"):
            return False
    elif status and unit.status != status:
        return False
    if failing is not None and unit.key not in failing:
        return False
    if q:
        needle = search_form(q)
        if needle not in unit.version.search_text and needle not in search_form(unit.text):
            return False
    return True


@dataclass(frozen=True)
class Proposal:
    """A proposed form of a term in one language, with its decision (verdict "" while open)."""

    id: int
    lang: str
    text: str
    author: str
    created_at: dt.datetime
    verdict: str = ""
    decided_by: str = ""
    decided_at: dt.datetime | None = None


@dataclass
class GlossaryTerm:
    """A glossary entry as the workspace uses it: ``forms`` and ``matches`` are the effective
    ones (what highlights, checks, alignment and the TBX read); ``corpus_forms`` what the corpus
    shipped.

    An approved proposal **replaces** the corpus's form in its language (the newest approval
    wins): a reviewer of the language decides its words, and without this a wrong shipped form
    could only be fixed by a corpus edit. The corpus's form stays on record (the glossary page
    shows both) and the corpus's own pattern for that language is dropped, since it was written
    for the form replaced."""

    id: int
    key: str
    note: str
    corpus_forms: dict[str, str]
    corpus_matches: dict[str, str]
    proposals: list[Proposal] = field(default_factory=list)
    forms: dict[str, str] = field(default_factory=dict)
    matches: dict[str, str] = field(default_factory=dict)

    def approved(self, lang: str) -> Proposal | None:
        """The approval in effect in ``lang`` (the newest), or None."""
        done = [p for p in self.proposals if p.lang == lang and p.verdict == "approved"]
        return max(done, key=lambda p: (p.decided_at, p.id)) if done else None

    def open(self, lang: str) -> list[Proposal]:
        return [p for p in self.proposals if p.lang == lang and not p.verdict]

    def decided(self, lang: str) -> list[Proposal]:
        """The decided proposals of ``lang``, newest decision first."""
        done = [p for p in self.proposals if p.lang == lang and p.verdict]
        return sorted(done, key=lambda p: (p.decided_at, p.id), reverse=True)

    def settle(self) -> GlossaryTerm:
        self.forms = dict(self.corpus_forms)
        self.matches = dict(self.corpus_matches)
        for lang in {p.lang for p in self.proposals}:
            approved = self.approved(lang)
            if approved is not None and approved.text != self.corpus_forms.get(lang):
                self.forms[lang] = approved.text
                self.matches.pop(lang, None)
        return self


def terms(game: Game) -> list[GlossaryTerm]:
    """The game's glossary in order, each term with every proposal and decision and its
    effective forms (one query: the terms left-joined to their proposals and decisions)."""
    rows = (
        Term.objects.filter(game=game)
        .order_by("position", "proposals__created_at", "proposals__id")
        .values_list(
            "id",
            "key",
            "note",
            "forms",
            "matches",
            "proposals__id",
            "proposals__lang",
            "proposals__text",
            "proposals__author",
            "proposals__created_at",
            "proposals__decision__verdict",
            "proposals__decision__decided_by",
            "proposals__decision__decided_at",
        )
    )
    out: dict[int, GlossaryTerm] = {}
    for term_id, key, note, forms, matches, pid, lang, text, author, created, *decision in rows:
        term = out.setdefault(term_id, GlossaryTerm(term_id, key, note, forms or {}, matches or {}))
        if pid is not None:
            verdict, by, at = decision
            term.proposals.append(Proposal(pid, lang, text, author, created, verdict or "", by or "", at))
    return [t.settle() for t in out.values()]


def glossary_entries(game: Game) -> list[GlossaryEntry]:
    """The glossary as the reader shows it (``rules.selectors.glossary`` asks): each term's
    forms in effect and the languages where that is an approved proposal (one query)."""
    return [
        GlossaryEntry(
            t.key,
            t.note,
            dict(t.forms),
            frozenset(lang for lang, form in t.forms.items() if form != t.corpus_forms.get(lang)),
        )
        for t in terms(game)
    ]


def history(clause: Clause, lang: str) -> list[TranslationRevision]:
    """Every revision of ``clause``'s ``lang`` translations, of every version, newest first."""
    revisions = list(
        TranslationRevision.objects.filter(translation__clause=clause, translation__lang=lang)
        .select_related("translation__based_on")
        .order_by("-created_at", "-revision")
    )
    for r in revisions:
        r.state_now = revision_state(r.state)
    return revisions


def memory_pairs(game: Game, lang: str, *, exclude: int | None = None) -> list[memory.Pair]:
    """Translated or approved pairs from every game whose original is in ``game``'s language,
    into ``lang`` (one query); ``exclude``: a translation not to offer (the one being edited)."""
    pairs = (
        Translation.objects.filter(lang=lang, state__in=QUOTABLE, clause__game__language=game.language)
        .exclude(pk=exclude)
        .values_list("based_on__text", "text", "clause__key", "based_on__number")
    )
    return [memory.Pair(source, target, key, number) for source, target, key, number in pairs]


def suggestions(clause: Clause, lang: str) -> list[Suggestion]:
    return list(Suggestion.objects.filter(clause=clause, lang=lang).select_related("based_on"))


def people() -> list:
    """Every active user by name, each with ``role_list``: their roles, game and language
    in order (2 queries)."""
    from django.contrib.auth import get_user_model
    from django.db.models import Prefetch

    roles = Role.objects.select_related("game").order_by("kind", "game__position", "lang")
    users = (
        get_user_model()
        .objects.filter(is_active=True)
        .order_by("username")
        .prefetch_related(Prefetch("roles", queryset=roles, to_attr="role_list"))
    )
    return list(users)
