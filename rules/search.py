"""Full-text search over the current published editions, originals and translations alike.

What a query matches
- **Words, not fragments.** A query word matches a word of the text that *starts* with it:
  ``rakiet`` finds "rakieta", "rakiety", "rakietowy", never "superrakieta"; ``φόρων`` finds
  "φόροι" and "φόρος", never "συμφορών" (calamities).
- **Accents and case do not matter**, on both sides: ``search_form`` (case folding, NFKD
  without combining marks, "ł" → "l" …) folds the stored texts and the query alike, in
  Python, so "podatkow" finds "podatków" and "ΦΌΡΟΣ" finds "φόρος" (casefold maps the final
  sigma to σ, which PostgreSQL's ``lower`` and ``unaccent`` do not: folding in the database
  would make the two spellings miss each other). Both databases therefore receive words
  already folded and split, and only match and rank them.
- **Word forms, lightly.** Neither database ships a Polish stemmer, SQLite none for Greek,
  and two stemmers would give two different answers. Instead each query word also matches
  the words starting with its *stem*: the word less one common inflection ending of its
  script (Polish or Greek; a few English plural endings for Latin script), keeping at least
  three letters. ``rakieta`` → ``rakiet*``, so "rakieta" and "rakiet" find the same clauses;
  ``φόρων`` → ``φορ*``. It widens a search, never narrows it; ranking puts the closer forms
  first.
- **Chinese** writes no spaces and no bundled tokenizer segments it: every CJK character is
  indexed as a word of its own and a run of them in the query is a phrase, so ``执政官``
  matches exactly where those characters stand together (substring search, by index).
- Every query word must match (AND), in the original or in one translation of a clause.

Ranking: clauses holding every query word whole come first; then the database's relevance
(bm25 on SQLite, ``ts_rank`` on PostgreSQL), in which a word found as itself also counts as
a word start and as a stem match, so whole words outrank word starts, which outrank stems.

The index (``SearchEntry``) holds one row per clause of each game's current *published*
edition and per language: the clause's wording, and in each language the translation the
reader shows beside it (``rules.models.quoted_translations``: never one of a draft's
wording, nor one that needs review over a translated or approved one). It is
derived data, rebuilt for a game whenever the game's catalogue stamp has changed since
(``index_refresh``: one query when nothing changed). SQLite matches through an FTS5 table
(``unicode61 remove_diacritics 2``, prefix queries, bm25), PostgreSQL through
``to_tsvector('simple', body)`` with a GIN index (``'word':*`` prefix queries, ts_rank);
migration 0007 creates both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.db import connection, transaction
from django.db.models import OuterRef, Subquery
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from .models import (
    EditionEntry,
    Game,
    SearchEntry,
    SearchIndexStamp,
    Translation,
    quoted_translations,
    search_form,
)

MAX_TERMS = 12  # words of a query; more are ignored (a query is at most 200 characters)
MIN_STEM = 3
# Han ideographs (with extensions and compatibility forms), kana and CJK symbols' letters.
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ebef\U00030000-\U0003134f"
# One CJK character, or a run of other letters and digits.
_TOKEN = re.compile(rf"([{_CJK}])|((?:(?![{_CJK}])[^\W_])+)")
_GREEK = re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]")

# Inflection endings, as ``search_form`` folds them (no accents, σ for ς), longest first.
_ENDINGS = {
    # Polish nouns and adjectives (ów → ow, ą → a, ę → e), infinitives, and English plurals.
    "latin": sorted(
        (
            "ami iami ach iach om iom ow iow owi owie ego emu ej iej ych ich ymi imi ym im "
            "ie ia iu ii em a e i o u y ac ic yc ies es s"
        ).split(),
        key=len,
        reverse=True,
    ),
    "greek": sorted(
        ("ουμε ονται εται ιων ιεσ ουσ οισ εισ ουν ων ου οσ οι ασ εσ ησ ισ υσ ει ια α ε η ι ο υ ω").split(),
        key=len,
        reverse=True,
    ),
}


def words(folded: str) -> list[str]:
    """Split folded text into the words the index holds: letter-and-digit runs, and each CJK character."""
    return [m.group(0) for m in _TOKEN.finditer(folded)]


def body(text: str) -> str:
    """The indexed form of ``text``: its folded words, one space apart."""
    return " ".join(words(search_form(text)))


_ENDINGS_OF = {script: {"", *endings} for script, endings in _ENDINGS.items()}


def _script(word: str) -> str | None:
    return "greek" if _GREEK.match(word) else "latin" if word[:1].isascii() and word[:1].isalpha() else None


def stem(word: str) -> str:
    """Strip one common inflection ending of the word's script, keeping at least MIN_STEM letters."""
    for ending in _ENDINGS.get(_script(word), ()):
        if word.endswith(ending) and len(word) - len(ending) >= MIN_STEM:
            return word[: -len(ending)]
    return word


@dataclass(frozen=True)
class QueryWord:
    """One word of a query (or one run of CJK characters, matched as a phrase)."""

    word: str
    stem: str
    cjk: bool = False

    @property
    def prefix(self) -> bool:
        """Whether the word also matches as a word start (not for one letter: it would match nearly all)."""
        return not self.cjk and len(self.word) > 1

    def tier(self, text_words: list[str], joined: str) -> int | None:
        """How the text holds the word: 0 whole; 1 in another inflection (its stem and one
        ending); 2 as the start of a longer word; 3 as a word starting with its stem; None not."""
        if self.cjk:
            return 0 if " ".join(self.word) in joined else None
        if self.word in text_words:
            return 0
        if not self.prefix:
            return None
        best = None
        for w in text_words:
            if not w.startswith(self.stem):
                continue
            if w[len(self.stem) :] in _ENDINGS_OF.get(_script(w), ()):
                return 1
            best = min(best or 3, 2 if w.startswith(self.word) else 3)
        return best

    def marks(self, word: str) -> bool:
        """Whether a (folded) word of a text is one this term matches, for highlighting."""
        return word == self.word or (self.prefix and word.startswith(self.stem))


def parse(query: str) -> list[QueryWord]:
    """Turn a query into its terms: folded words (CJK runs as phrases), at most MAX_TERMS, no repeats."""
    terms: list[QueryWord] = []
    for chunk in search_form(query).split():
        run: list[str] = []
        for token in words(chunk):
            if _is_cjk(token):
                run.append(token)
                continue
            if run:
                terms.append(QueryWord("".join(run), "".join(run), cjk=True))
                run = []
            terms.append(QueryWord(token, stem(token)))
        if run:
            terms.append(QueryWord("".join(run), "".join(run), cjk=True))
    unique = list(dict.fromkeys(terms))
    return unique[:MAX_TERMS]


def _is_cjk(token: str) -> bool:
    return len(token) == 1 and bool(re.match(rf"[{_CJK}]", token))


def tier(terms: list[QueryWord], text_body: str) -> int | None:
    """How closely an indexed body matches every term (lower is closer), or None if one is absent."""
    text_words = text_body.split()
    total = 0
    for term in terms:
        t = term.tier(text_words, text_body)
        if t is None:
            return None
        total += t
    return total


# ---------------------------------------------------------------- highlighting


def _folded_with_positions(text: str) -> tuple[str, list[int]]:
    """Fold ``text`` like ``search_form`` and map each folded character to its index in ``text``."""
    chars: list[str] = []
    origin: list[int] = []
    in_space = True  # drop leading whitespace, collapse runs, like str.split()
    for i, ch in enumerate(text):
        if ch.isspace():
            if not in_space:
                chars.append(" ")
                origin.append(i)
            in_space = True
            continue
        in_space = False
        for folded in search_form(ch):
            chars.append(folded)
            origin.append(i)
    return "".join(chars), origin


def highlight(text: str, terms: list[QueryWord]) -> SafeString:
    """Escape ``text`` and wrap in <mark> each word the terms match (and each CJK phrase)."""
    folded, origin = _folded_with_positions(text)
    spans: list[tuple[int, int]] = []
    for m in _TOKEN.finditer(folded):
        if any(not t.cjk and t.marks(m.group(0)) for t in terms):
            spans.append((m.start(), m.end()))
    for t in terms:
        if t.cjk:
            start = folded.find(t.word)
            while start != -1:
                spans.append((start, start + len(t.word)))
                start = folded.find(t.word, start + len(t.word))
    pieces: list[str] = []
    done = 0  # index in ``text`` up to which pieces are written
    for start, end in sorted(spans):
        # A span may start or end inside one character's folding ("ß" → "ss"): mark whole
        # characters, and never the same one twice.
        a, b = max(origin[start], done), origin[end - 1] + 1
        if a < b:
            pieces.append(escape(text[done:a]))
            pieces.append(f"<mark>{escape(text[a:b])}</mark>")
            done = b
    pieces.append(escape(text[done:]))
    # Safe: every piece of ``text`` went through escape above.
    return mark_safe("".join(pieces))


# ---------------------------------------------------------------- the index


def index_refresh() -> None:
    """Rebuild the index of each game whose catalogue changed since it was indexed (one query if none did)."""
    indexed = SearchIndexStamp.objects.filter(game_id=OuterRef("pk")).values("stamp")
    for game_id, stamp, built in Game.objects.values_list("id", "catalogue_stamp", Subquery(indexed)):
        if built != stamp:
            index_game(game_id)


@transaction.atomic
def index_game(game_id: int) -> None:
    """Replace a game's index rows with its current published edition and its translations."""
    SearchIndexStamp.objects.get_or_create(game_id=game_id)
    # Concurrent rebuilds of one game queue here (PostgreSQL; SQLite writes one at a time).
    state = SearchIndexStamp.objects.select_for_update().get(game_id=game_id)
    # The stamp before the content: a write committed in between leaves the older stamp
    # recorded, so the next search rebuilds again; never newer content marked as older.
    game = Game.objects.get(pk=game_id)
    if state.stamp == game.catalogue_stamp:
        return  # another request has just rebuilt it
    # Per language, the translation the reader shows beside each clause (``quoted_translations``).
    langs = (
        Translation.objects.filter(clause__game_id=game_id)
        .exclude(lang=game.language)
        .order_by("lang")
        .values_list("lang", flat=True)
        .distinct()
    )
    quoted = {f"t{n}": Subquery(quoted_translations(lang).values("id")[:1]) for n, lang in enumerate(langs)}
    entries = list(
        EditionEntry.objects.filter(
            edition__game_id=game_id, edition__is_current=True, edition__status="published"
        )
        .select_related("version")
        .annotate(**quoted)
    )
    ids = {e.id: [i for i in (getattr(e, name) for name in quoted) if i] for e in entries}
    shown = Translation.objects.in_bulk([i for found in ids.values() for i in found])
    rows = [
        SearchEntry(
            game_id=game_id,
            clause_id=e.clause_id,
            version=e.version,
            translation=t,
            lang=t.lang if t else game.language,
            position=e.position,
            body=body(t.text if t else e.version.text),
        )
        for e in entries
        for t in [None, *(shown[i] for i in ids[e.id])]
    ]
    SearchEntry.objects.filter(game_id=game_id).delete()
    SearchEntry.objects.bulk_create(rows, batch_size=500)
    state.stamp = game.catalogue_stamp
    state.save(update_fields=["stamp"])


# ---------------------------------------------------------------- matching


@dataclass(frozen=True)
class SearchHit:
    """A clause the full-text index finds for a query."""

    clause_id: int
    total: int  # clauses matching in all, beyond the limit too


def fts5_query(terms: list[QueryWord], *, exact: bool = False) -> str:
    """The FTS5 MATCH expression: every term, as itself, a word start or a stem (``exact``: whole words only).

    Words are quoted, so no character of a query (quotes, ``*``, ``NEAR``, parentheses) is FTS5 syntax.
    """
    parts = []
    for t in terms:
        if t.cjk:
            parts.append('"{}"'.format(" ".join(t.word)))
        elif exact or not t.prefix:
            parts.append(f'"{t.word}"')
        else:
            parts.append(f'("{t.word}" OR "{t.word}"* OR "{t.stem}"*)')
    return " AND ".join(parts)


def tsquery(terms: list[QueryWord], *, exact: bool = False) -> str:
    """The PostgreSQL ``to_tsquery('simple', …)`` text with the same meaning as ``fts5_query``."""
    parts = []
    for t in terms:
        if t.cjk:
            parts.append("(" + " <-> ".join(f"'{ch}'" for ch in t.word) + ")")
        elif exact or not t.prefix:
            parts.append(f"'{t.word}'")
        else:
            parts.append(f"('{t.word}' | '{t.word}':* | '{t.stem}':*)")
    return " & ".join(parts)


# MATERIALIZED: bm25() only works in the full-text query itself, which SQLite would
# otherwise flatten into the aggregate.
_SQLITE = """
WITH m AS MATERIALIZED (
    SELECT rowid AS id, bm25(rules_searchentry_fts) AS score
    FROM rules_searchentry_fts WHERE rules_searchentry_fts MATCH %s
)
SELECT e.clause_id,
       MIN(CASE WHEN e.id IN (SELECT rowid FROM rules_searchentry_fts WHERE rules_searchentry_fts MATCH %s)
           THEN 0 ELSE 1 END) AS loose,
       MIN(m.score) AS score,
       COUNT(*) OVER () AS total
FROM m
JOIN rules_searchentry e ON e.id = m.id
JOIN rules_game g ON g.id = e.game_id
GROUP BY e.clause_id
ORDER BY loose, score, MIN(g.position), MIN(e.position)
LIMIT %s OFFSET %s
"""

# The tsvector expression is the GIN index's (migration 0007), so the planner can use it.
_POSTGRESQL = """
SELECT e.clause_id,
       MIN(CASE WHEN to_tsvector('simple'::regconfig, e.body) @@ to_tsquery('simple'::regconfig, %s)
           THEN 0 ELSE 1 END) AS loose,
       MAX(ts_rank(to_tsvector('simple'::regconfig, e.body), to_tsquery('simple'::regconfig, %s))) AS score,
       COUNT(*) OVER () AS total
FROM rules_searchentry e
JOIN rules_game g ON g.id = e.game_id
WHERE to_tsvector('simple'::regconfig, e.body) @@ to_tsquery('simple'::regconfig, %s)
GROUP BY e.clause_id
ORDER BY loose, score DESC, MIN(g.position), MIN(e.position)
LIMIT %s OFFSET %s
"""


def match(terms: list[QueryWord], *, limit: int, offset: int = 0) -> list[SearchHit]:
    """The clauses matching every term, best first, at most ``limit`` after the first ``offset``
    (one query)."""
    if not terms:
        return []
    if connection.vendor == "postgresql":
        sql, params = _POSTGRESQL, [tsquery(terms, exact=True), tsquery(terms), tsquery(terms), limit, offset]
    elif connection.vendor == "sqlite":
        sql, params = _SQLITE, [fts5_query(terms), fts5_query(terms, exact=True), limit, offset]
    else:
        raise NotImplementedError(f"search needs SQLite or PostgreSQL, not {connection.vendor}")
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return [SearchHit(clause_id, total) for clause_id, _loose, _score, total in cursor.fetchall()]
