"""Reader pages: the game list, the document reader, clause permalinks, search and glossaries.

Every page is a plain GET that works without JavaScript; with htmx, the reader's
language switch and the search form swap in a fragment of the same template.
Each page runs a fixed number of queries whatever the size of the corpus.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.cache import cache
from django.http import Http404
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from config.http import stamped_page
from config.languages import is_language_code, language_name
from config.numbers import ascii_number

from . import code_side, corpus, params, selectors, tables
from . import search as search_engine
from .diff import word_diff
from .models import Clause, ClauseVersion, Game, Section, TableRow, Translation, Variant

DEFAULT_LANG = "en"
# ``?lang=original`` shows the original only; so do an empty value (the referee
# page's spelling) and the game's own language.
ORIGINAL_ONLY = "original"
MAX_QUERY_LENGTH = 200

# The reader and the clause pages get ETag and 304, and their anonymous body kept per
# process, both following the game's catalogue stamp (config.http; applied in rules/urls.py).
catalogue_page = stamped_page(selectors.catalogue_stamp)


def _game_or_404(slug: str) -> Game:
    game = selectors.game_get(slug)
    if game is None:
        raise Http404(_("Unknown game."))
    return game


def _render_page(request, template: str, fragment: str, context: dict, status: int = 200):
    """Render the page, or only its ``fragment`` when htmx swaps it in (not for boosted or history loads)."""
    htmx = getattr(request, "htmx", None)
    if htmx and not htmx.boosted and not htmx.history_restore_request:
        template = f"{template}#{fragment}"
    response = render(request, template, context, status=status)
    # The same URL answers with a page or a fragment: caches must tell them apart.
    patch_vary_headers(response, ["HX-Request"])
    return response


def _languages(game: Game, codes) -> list[tuple[str, str]]:
    """Order translation languages for display: English first, then by code; never the original."""
    ordered = sorted(set(codes) - {game.language}, key=lambda c: (c != DEFAULT_LANG, c))
    return [(code, language_name(code)) for code in ordered]


# ---------------------------------------------------------------- game list


@dataclass
class GameCard:
    summary: selectors.GameSummary
    language: str
    coverage: list[tuple[str, str, int]]


@require_safe
def game_list(request):
    """List the games with their clause counts, translation coverage and variants."""
    cards = []
    for s in selectors.game_summaries():
        coverage = [(code, name, s.coverage_percent(code)) for code, name in _languages(s.game, s.coverage)]
        cards.append(GameCard(s, language_name(s.game.language), coverage))
    return render(request, "rules/game_list.html", {"cards": cards})


# ---------------------------------------------------------------- reader


@dataclass
class RowTable:
    """The structured cells of a clause's table rows, as one small table."""

    columns: list[str]
    rows: list[tuple[TableRow, list[str]]]

    @property
    def pairs(self) -> list[tuple[str, str]]:
        """The only row's (column, cell) pairs: one row reads best as a two-column table on a phone."""
        return list(zip(self.columns, self.rows[0][1], strict=True))


# A corpus row lists in ``nd`` the columns the source marks "N/D" (TOML has no null).
NOT_APPLICABLE_KEY = "nd"


def _cells(data) -> dict:
    cells = dict(data) if isinstance(data, dict) else {}
    missing = cells.pop(NOT_APPLICABLE_KEY, None)
    if isinstance(missing, list):
        for column in missing:
            cells.setdefault(str(column), None)
    return cells


def _cell(value) -> str:
    if value is None:
        return _("n/a")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list):
        return ", ".join(_cell(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_cell(v)}" for k, v in value.items())
    return str(value)


def row_table(rows: list[TableRow]) -> RowTable | None:
    """Lay out the rows' JSON cells under the union of their keys, in first-seen order."""
    if not rows:
        return None
    cells = [_cells(row.data) for row in rows]
    columns: list[str] = []
    for row, data in zip(rows, cells, strict=True):
        # The stored column order first (jsonb keeps none), then any other key.
        ordered = [k for k in row.columns if k in data] + [k for k in data if k not in row.columns]
        columns.extend(k for k in ordered if k not in columns)
    return RowTable(
        columns=columns,
        rows=[
            (row, [_cell(data[c]) if c in data else "" for c in columns])
            for row, data in zip(rows, cells, strict=True)
        ],
    )


@dataclass
class ReaderClause:
    view: selectors.ClauseView
    table: RowTable | None = None
    activated_by: list[Variant] = field(default_factory=list)
    overridden_by: list[Variant] = field(default_factory=list)

    @property
    def uncertain(self) -> bool:
        return self.view.version.status == ClauseVersion.Status.UNCERTAIN

    @property
    def clarification(self) -> bool:
        return self.view.clause.kind == Clause.Kind.CLARIFICATION


@require_safe
def reader(request, slug: str):
    """Show the current edition of a game, original and translation side by side.

    The clauses are the bulk of the page and change only when the game's catalogue does:
    they are rendered once per process for each (game, catalogue stamp, UI language,
    translation) and reused, so a warm reader costs one query (the game and its stamp).
    """
    game = _game_or_404(slug)
    stamp = f"{slug}:{game.catalogue_stamp}"
    available = cache.get_or_set(
        f"reader-languages:{stamp}",
        lambda: _languages(game, selectors.translation_languages(game)),
        timeout=None,
    )
    requested = request.GET.get("lang", DEFAULT_LANG).strip()
    codes = {code.lower(): code for code, _name in available}  # BCP 47 tags are case-insensitive
    missing = None
    if requested.lower() in ("", ORIGINAL_ONLY, game.language.lower()):
        lang = None
    elif requested.lower() in codes:
        lang = codes[requested.lower()]
    else:
        # A language nobody has translated into yet: say so and show the original.
        lang = None
        if "lang" in request.GET:
            missing = language_name(requested)
    context = {
        "game": game,
        "language": language_name(game.language),
        "lang": lang,
        "lang_name": language_name(lang) if lang else "",
        "languages": available,
        "original_only": ORIGINAL_ONLY,
        "missing": missing,
    }
    context["clauses_html"] = cache.get_or_set(
        f"reader-clauses:{stamp}:{get_language()}:{lang or ''}",
        lambda: _render_clauses(context, _reader_clauses(game, lang)),
        timeout=None,
    )
    return _render_page(request, "rules/reader.html", "document", context)


@dataclass
class ContentsEntry:
    """One line of the reader's table of contents: a section and how many clauses it holds,
    its title in the translation shown (where the game's translation gives one), and for a
    stretch the document gives no heading, the words it opens with."""

    section: Section
    count: int
    translated: str = ""
    opening: str = ""

    @property
    def untitled(self) -> bool:
        return not self.section.title


def contents(clauses: list[ReaderClause]) -> list[ContentsEntry]:
    """The sections in document order, each with its clauses other than its heading."""
    entries: dict[int, ContentsEntry] = {}
    for item in clauses:
        section = item.view.clause.section
        entry = entries.setdefault(section.id, ContentsEntry(section, 0))
        if isinstance(item, ReaderTable):
            entry.count += item.count
        elif item.view.clause.kind != Clause.Kind.HEADING:
            entry.count += 1
    return list(entries.values())


def _render_clauses(context: dict, clauses: list[ReaderClause | ReaderTable]) -> str:
    """The table of contents and the clauses, as the reader caches them."""
    entries = contents(clauses)
    lang = context.get("lang")
    titles = _section_titles(context["game"], lang) if lang else {}
    first: dict[int, str] = {}
    for item in clauses:
        first.setdefault(item.view.clause.section_id, item.view.version.text)
    for entry in entries:
        entry.translated = titles.get(entry.section.key, "")
        if not entry.section.title:
            words = " ".join(first.get(entry.section.id, "").split())
            entry.opening = words if len(words) <= 60 else words[:57].rsplit(" ", 1)[0] + "…"
    return render_to_string("rules/reader.html#clauses", {**context, "clauses": clauses, "contents": entries})


def _section_titles(game: Game, lang: str) -> dict[str, str]:
    """Section key → its title in ``lang``: English from the corpus's sections, another
    language from the game's shipped translation into it (none for a language added in the site)."""
    try:
        data = corpus.game(game.slug)
    except (OSError, KeyError, ValueError):
        return {}
    if lang == "en":
        return {s.key: s.en for s in data.sections if s.en}
    shipped = data.translations.get(lang)
    return dict(shipped.sections) if shipped else {}


def _reader_clauses(game: Game, lang: str | None) -> list[ReaderClause | ReaderTable]:
    views = selectors.current_clauses(game, lang, with_tables=True)
    activated, overridden = selectors.variant_marks(game)
    items = [
        ReaderClause(
            v,
            table=row_table(v.table_rows),
            activated_by=activated.get(v.clause.id, []),
            overridden_by=overridden.get(v.clause.id, []),
        )
        for v in views
    ]
    return _as_tables(game, items)


@dataclass
class TableLine:
    """One line of a rule table as the reader draws it: a row of cells (the source's words),
    or a line that spans the table (a group's name), with the clause it comes from."""

    item: ReaderClause
    cells: list[tuple[str, int]] | None  # None: the clause's text across the whole table
    reading: str = ""  # the reading taken where the source's cells are ambiguous

    @property
    def translated(self) -> list[tuple[str, int, str]] | None:
        """Each cell (words, columns, translation) where the translation gives the row cell
        by cell ("armored unit | 100 | 500 | 1x food…"); None where it does not."""
        tr = self.item.view.translation
        if not self.cells or tr is None:
            return None
        parts = [p.strip() for p in tr.text.split("|")]
        if len(parts) != len(self.cells):
            return None
        return [(words, cols, part) for (words, cols), part in zip(self.cells, parts, strict=True)]


@dataclass
class ReaderTable:
    """A rule table of the source drawn as a table: its header clause cut into header cells,
    then its rows, each cut into the source's cells; the header's translation above them."""

    key: str
    header: ReaderClause
    header_rows: list[list[tuple[str, int, int]]] | None
    translated_header: list[tuple[str, int]] | None  # (words, columns spanned)
    width: int
    lines: list[TableLine]
    structured: list[tuple[str, str]]  # (row label, its cells as the rules read them, in words)

    @property
    def view(self) -> selectors.ClauseView:
        """The header's clause view: the table sits in its section."""
        return self.header.view

    @property
    def count(self) -> int:
        """The clauses it draws, headings (a group's name) aside, as the contents count them."""
        items = [self.header, *(line.item for line in self.lines)]
        return sum(1 for i in items if i.view.clause.kind != Clause.Kind.HEADING)


def _as_tables(game: Game, items: list[ReaderClause]) -> list[ReaderClause | ReaderTable]:
    """Draw each shipped rule table with a layout (tables.toml) as one table: from its header
    clause to its last row, the clauses between (group names) as lines across it."""
    try:
        specs = corpus.game(game.slug).tables.get("tables", [])
    except (OSError, KeyError, ValueError):
        return list(items)
    at = {item.view.clause.key: n for n, item in enumerate(items)}
    out: list[ReaderClause | ReaderTable] = list(items)
    for spec in reversed(specs):
        rows = [r for r in spec.get("rows", []) if r["clause"] in at]
        if spec.get("header") not in at or not rows or not spec.get("row_cells"):
            continue
        start, end = at[spec["header"]], max(at[r["clause"]] for r in rows)
        header = items[start]
        layout = tables.header_rows(spec, header.view.version.text)
        width = sum(cols for _words, cols, _rows in layout[0]) if layout else len(spec["row_cells"])
        lines, structured = [], []
        for item in items[start + 1 : end + 1]:
            stored = item.view.table_rows
            if not stored:
                lines.append(TableLine(item, None))
                continue
            data = stored[0].data
            cells = tables.row_cells(spec, item.view.version.text, data)
            if cells is not None and sum(c for _w, c in cells) != width:
                cells = None
            lines.append(TableLine(item, cells, stored[0].reading if stored[0].flagged else ""))
            table = row_table(stored)
            structured.append((str(data.get("label") or item.view.clause.key), _in_words(table)))
        translated = None
        if layout and header.view.translation is not None:
            parts = [p.strip() for p in header.view.translation.text.split("|")]
            if len(parts) == len(layout[0]):
                translated = [(part, cols) for part, (_w, cols, _r) in zip(parts, layout[0], strict=True)]
        table = ReaderTable(spec["key"], header, layout, translated, width, lines, structured)
        out[start : end + 1] = [table]
    return out


def _in_words(table: RowTable | None) -> str:
    """A row's cells as the rules read them: "sale: 100; purchase: 500; tax: food: 1"."""
    if table is None:
        return ""
    return "; ".join(
        f"{column}: {cell}" for column, cell in table.pairs if column not in ("label", "numbers")
    )


# ---------------------------------------------------------------- clause permalink


@dataclass
class TranslationItem:
    translation: Translation
    name: str
    stale: bool
    since: list[tuple[str, str]] | None  # the diff from the translated wording to the current one


@dataclass
class VersionItem:
    version: ClauseVersion
    editions: list
    is_current: bool
    diff: list[tuple[str, str]] | None
    translations: list[TranslationItem]


@require_safe
def clause(request, slug: str, key: str):
    """Show every version of a clause with its editions, translations and the diff between versions."""
    history = selectors.clause_history(key)
    if history is None or history[0].game.slug != slug:
        raise Http404(_("Unknown clause."))
    clause, versions, current = history
    texts = {vv.version.id: vv.version.text for vv in versions}
    items = []
    for vv in versions:
        translations = []
        for t in vv.translations:
            stale = t.is_stale(current)
            since = word_diff(texts[t.based_on_id], current.text) if stale else None
            translations.append(TranslationItem(t, language_name(t.lang), stale, since))
        items.append(
            VersionItem(
                version=vv.version,
                editions=vv.editions,
                is_current=current is not None and vv.version.id == current.id,
                diff=word_diff(vv.previous.text, vv.version.text) if vv.previous else None,
                translations=translations,
            )
        )
    # The code side (adjudicators, disputes, pins, parameters) lives in the games app, which
    # builds on this one: it answers through rules.code_side.
    context = {
        "game": clause.game,
        "clause": clause,
        "versions": items,
        "current": current,
        "language": language_name(clause.game.language),
        "code": code_side.clause_code(slug, key, current),
        "coverage": code_side.clause_coverage(slug, clause, current),
    }
    return render(request, "rules/clause.html", context)


# ---------------------------------------------------------------- search


@dataclass
class SearchGroup:
    game: Game
    hits: list[dict] = field(default_factory=list)


# Hits on one page of search results; the pages after it follow with ?page=.
SEARCH_PAGE = 50


@require_safe
def search(request):
    """Search the current editions by whole words and word starts, in the original and every
    translation; each hit shows the original beside its translation (``?lang=``, English by default)."""
    raw = request.GET.get("q", "")
    query = " ".join(raw.split())
    requested = request.GET.get("lang", DEFAULT_LANG).strip()
    lang = None if requested.lower() in ("", ORIGINAL_ONLY) else requested
    context = {
        "q": query,
        "lang": lang or ORIGINAL_ONLY,
        "default_lang": DEFAULT_LANG,
        "groups": [],
        "count": 0,
    }
    if len(raw) > MAX_QUERY_LENGTH:
        context["error"] = _("q: at most %(n)d characters, please.") % {"n": MAX_QUERY_LENGTH}
        context["q"] = query[:MAX_QUERY_LENGTH]
        return _render_page(request, "rules/search.html", "results", context, status=400)
    if lang and not is_language_code(lang):
        context["error"] = _("lang: not a language code.")
        context["lang"] = ORIGINAL_ONLY
        return _render_page(request, "rules/search.html", "results", context, status=400)
    page = request.GET.get("page", "1")
    page = ascii_number(page, max_digits=4) or 1
    offset = (page - 1) * SEARCH_PAGE
    results = selectors.search(query, lang=lang, limit=SEARCH_PAGE, offset=offset) if query else None
    groups: dict[int, SearchGroup] = {}
    for hit in results.hits if results else []:
        game = hit.clause.game
        group = groups.setdefault(game.id, SearchGroup(game))
        group.hits.append(
            {
                "hit": hit,
                "original": search_engine.highlight(hit.version.text, results.terms),
                "translation": (
                    search_engine.highlight(hit.translation.text, results.terms) if hit.translation else None
                ),
                "language": language_name(hit.lang) if hit.lang else "",
                "stale": hit.translation is not None and hit.translation.is_stale(hit.version),
            }
        )
    codes = results.languages if results else set()
    if lang:
        # Tags are case-insensitive: "?lang=EN" is English, marked as the one shown.
        lang = next((code for code in codes if code.lower() == lang.lower()), lang)
        codes = codes | {lang}
    context.update(
        lang=lang or ORIGINAL_ONLY,
        groups=list(groups.values()),
        count=results.total if results else 0,
        shown=len(results.hits) if results else 0,
        first=offset + 1,
        last=offset + (len(results.hits) if results else 0),
        previous_page=page - 1 if page > 1 else None,
        next_page=page + 1 if results and offset + len(results.hits) < results.total else None,
        languages=[
            (code, language_name(code)) for code in sorted(codes, key=lambda c: (c != DEFAULT_LANG, c))
        ],
        original_only=ORIGINAL_ONLY,
    )
    return _render_page(request, "rules/search.html", "results", context)


# ---------------------------------------------------------------- glossary


@require_safe
def glossary(request, slug: str):
    """List a game's terms with their form in the original and each translation language: the
    form in effect, which a reviewer of the language may have approved in place of the corpus's
    (2 queries)."""
    game = _game_or_404(slug)
    terms = selectors.glossary(game)
    codes = [game.language] + [c for c, _name in _languages(game, {k for t in terms for k in t.forms})]
    entries = [
        {
            "term": t,
            "forms": [
                (code, language_name(code), t.forms[code], code in t.approved)
                for code in codes
                if t.forms.get(code)
            ],
        }
        for t in terms
    ]
    context = {"game": game, "language": language_name(game.language), "entries": entries}
    return render(request, "rules/glossary.html", context)


# ---------------------------------------------------------------- editions


def _edition_number(
    raw: str | None, default: int | None, numbers: set[int], field: str, errors: dict
) -> int | None:
    """The edition number asked for in ``field`` (or ``default``); a bad one goes into ``errors``."""
    if raw in (None, ""):
        return default
    number = ascii_number(raw)
    if number not in numbers:
        errors[field] = _("Not an edition of this game: %(value)s") % {"value": raw}
        return None
    return number


def _figures_changed(old, new) -> list[tuple[str, object, object]]:
    """(parameter, old value, new value) of each figure two versions of a clause state
    differently, a re-binding included (None where a version states no such figure)."""
    before, _e = params.read_all(old.bindings or {}, corpus.normalise(old.text))
    after, _e = params.read_all(new.bindings or {}, corpus.normalise(new.text))
    out = []
    for name in sorted(set(before) | set(after)):
        a = before[name].value if name in before else None
        b = after[name].value if name in after else None
        if a != b or (name in before) != (name in after):
            out.append((name, a, b))
    return out


@require_safe
def editions(request, slug: str):
    """A game's editions, and what changed between two of them (by default the last two)."""
    game = _game_or_404(slug)
    all_editions = selectors.editions(game, clause_counts=True)[::-1]  # oldest first
    numbers = {e.number for e in all_editions}
    current = next((e.number for e in all_editions if e.is_current), max(numbers, default=None))
    previous = max((n for n in numbers if current is not None and n < current), default=current)
    errors: dict[str, str] = {}
    new = _edition_number(request.GET.get("to"), current, numbers, "to", errors)
    old = _edition_number(request.GET.get("from"), previous, numbers, "from", errors)
    diff = None
    if not errors and old is not None and new is not None:
        diff = selectors.edition_diff(old, new, all_editions)
    changes = [
        (
            c,
            word_diff(c.old.text, c.new.text) if c.kind == "changed" else None,
            _figures_changed(c.old, c.new) if c.kind == "changed" else [],
        )
        for c in (diff.changes if diff else [])
    ]
    context = {
        "game": game,
        "language": language_name(game.language),
        "editions": all_editions,
        "diff": diff,
        "changes": changes,
        "counts": {
            k: sum(1 for c, _d, _f in changes if c.kind == k) for k in ("changed", "added", "removed")
        },
        "errors": errors,
        "from_number": old,
        "to_number": new,
    }
    return render(request, "rules/editions.html", context, status=400 if errors else 200)
