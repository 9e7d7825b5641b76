"""The shipped corpus: readable TOML files, one folder per game.

Each ``rules/corpus/<slug>/`` folder holds:

- ``source.txt``: the original document, byte for byte as received;
- ``game.toml``: title, language, origin and the variants;
- ``clauses.toml``: the sections and clauses in document order, each clause
  with its wording ``text`` (verbatim from the source, unless the clause also
  carries the verbatim ``source`` wording it was revised from) and its English
  translation ``en``;
- ``glossary.toml``: the game's terms in the original, in English and in each
  shipped translation's language;
- ``tables.toml`` (Dolores only): Tables 1 and 2 as structured rows;
- ``translations/<lang>.toml``: complete translations into other languages.

This module only reads, checks and rewrites those files (no database); the
``loadcorpus`` command stores them and ``dumpcorpus`` writes the database's
current edition back through ``rewrite_clauses``. See ``rules/corpus/FORMAT.md``.
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules import code_side, params, tables
from rules.params import normalise
from rules.variants import VariantRule

ROOT = Path(__file__).resolve().parent

# Contract order of the games (docs/api.md).
GAME_SLUGS = ("rada-miasta", "praetor", "imperial-tax-farmer", "mega-civilization", "dolores")

KINDS = (
    "heading",
    "rule",
    "table",
    "commentary",
    "example",
    "clarification",
    "furniture",
)
STATUSES = ("published", "uncertain")
# The kinds of clause that say what players may or must do: each is implemented by an
# adjudicator or declared not executable (``not_executable``; games/coverage.py counts them).
RULE_KINDS = ("rule", "table", "clarification")
# Why a rule clause may be left to no adjudicator, and nothing else (FORMAT.md "Coverage"):
# an inventory of the box; a restatement of another clause (named, and implemented); a
# procedure no ruling can depend on (say why).
NOT_EXECUTABLE_REASONS = ("components", "restates", "table-talk")


@dataclass(frozen=True)
class SectionData:
    key: str
    title: str
    en: str


@dataclass(frozen=True)
class ClauseData:
    key: str
    section: str
    kind: str
    text: str
    en: str | None
    status: str = "published"
    note: str = ""
    # parameter name → binding template (rules/params.py): the figures code reads from the text.
    params: dict[str, str] = field(default_factory=dict)
    # The verbatim wording of source.txt when ``text`` is a later revision of it (None: ``text``
    # is the source wording). It is the clause's version 1 in a fresh database.
    source: str | None = None
    # Why no adjudicator implements this rule clause: {"reason": "components"},
    # {"reason": "restates", "clause": key} or {"reason": "table-talk", "why": "..."}; None when
    # it is (or must be) implemented.
    not_executable: dict[str, str] | None = None

    @property
    def source_wording(self) -> str:
        """The clause's part of source.txt."""
        return self.text if self.source is None else self.source


@dataclass(frozen=True)
class VariantData(VariantRule):
    """A variant as ``game.toml`` states it: the ``VariantRule`` rulings read (its clauses in the
    file's order; ``games.snapshot`` sorts them into document order) and the description the
    catalogue shows."""

    description: str = ""


@dataclass(frozen=True)
class TermData:
    key: str
    original: str
    en: str
    note: str = ""
    # Language code → the term's form in a translation's language (``pl = "…"`` in glossary.toml).
    forms: dict[str, str] = field(default_factory=dict)
    # Regular expressions that find the term: "" → in the original, a language code → in a
    # translation (``match`` and ``<lang>_match`` in glossary.toml; see term_patterns).
    matches: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class TranslationData:
    """One shipped translation of a game's clauses (``translations/<lang>.toml``)."""

    lang: str
    source_lang: str
    state: str
    translator: str
    reviewer: str
    note: str
    sections: dict[str, str]
    clauses: dict[str, str]


@dataclass(frozen=True)
class GameData:
    slug: str
    title: str
    language: str
    origin: str
    description: str
    source_name: str
    source: str
    sections: tuple[SectionData, ...]
    clauses: tuple[ClauseData, ...]
    variants: tuple[VariantData, ...]
    terms: tuple[TermData, ...]
    tables: dict[str, Any] = field(default_factory=dict)
    # Language code → the shipped translation into it (English lives in clauses.toml).
    translations: dict[str, TranslationData] = field(default_factory=dict)

    @property
    def folder(self) -> Path:
        return ROOT / self.slug

    def translations_of(self, lang: str) -> dict[str, str]:
        """The shipped ``lang`` translation, clause key → text (English from clauses.toml)."""
        if lang == "en":
            return {c.key: c.en for c in self.clauses if c.en}
        shipped = self.translations.get(lang)
        return dict(shipped.clauses) if shipped else {}

    @property
    def translation_languages(self) -> list[str]:
        return ["en", *sorted(self.translations)]


class CorpusError(ValueError):
    """A corpus file breaks one of the corpus rules."""


def _read_toml(path: Path) -> dict[str, Any]:
    with path.open("rb") as fh:
        return tomllib.load(fh)


def read_game(slug: str, root: Path = ROOT) -> GameData:
    """Read and check one game's folder."""
    folder = root / slug
    meta = _read_toml(folder / "game.toml")
    body = _read_toml(folder / "clauses.toml")
    glossary = _read_toml(folder / "glossary.toml") if (folder / "glossary.toml").exists() else {}
    tables = _read_toml(folder / "tables.toml") if (folder / "tables.toml").exists() else {}
    game = GameData(
        slug=meta["slug"],
        title=meta["title"],
        language=meta["language"],
        origin=meta.get("origin", ""),
        description=meta.get("description", ""),
        source_name=meta.get("source_name", ""),
        source=(folder / "source.txt").read_text(encoding="utf-8"),
        sections=tuple(SectionData(s["key"], s["title"], s.get("en", "")) for s in body.get("sections", [])),
        clauses=parse_clauses(body),
        variants=tuple(
            VariantData(
                slug=v["slug"],
                title=v["title"],
                description=v.get("description", ""),
                activates=tuple(v.get("activates", ())),
                overrides=tuple(v.get("overrides", ())),
            )
            for v in meta.get("variants", [])
        ),
        terms=tuple(_term(t) for t in glossary.get("terms", [])),
        tables=tables,
        translations={t.lang: t for t in map(_translation, sorted((folder / "translations").glob("*.toml")))},
    )
    problems = check_game(game)
    if not problems:
        # A restated clause must be implemented: only the code can say whether it is.
        problems = code_side.check_declarations(game)
    if problems:
        raise CorpusError(f"{slug}: " + "; ".join(problems))
    return game


_TERM_FIELDS = {"key", "original", "en", "note", "match"}


def _term(t: dict[str, Any]) -> TermData:
    """One glossary entry: any other key is a language code (its form) or ``<lang>_match``."""
    forms = {k: v for k, v in t.items() if k not in _TERM_FIELDS and not k.endswith("_match")}
    matches = {k.removesuffix("_match"): v for k, v in t.items() if k.endswith("_match")}
    if "match" in t:
        matches[""] = t["match"]
    return TermData(t["key"], t["original"], t["en"], t.get("note", ""), forms=forms, matches=matches)


def _translation(path: Path) -> TranslationData:
    data = _read_toml(path)
    if data.get("lang") != path.stem:
        raise CorpusError(f"translations/{path.name}: lang is {data.get('lang')!r}, not {path.stem!r}")
    return TranslationData(
        lang=data["lang"],
        source_lang=data.get("source_lang", ""),
        state=data.get("state", ""),
        translator=data.get("translator", ""),
        reviewer=data.get("reviewer", ""),
        note=data.get("note", ""),
        sections={k: str(v) for k, v in data.get("sections", {}).items()},
        clauses={k: str(v).strip("\n") for k, v in data.get("clauses", {}).items()},
    )


def parse_clauses(body: dict[str, Any]) -> tuple[ClauseData, ...]:
    """The clauses of a parsed ``clauses.toml``."""
    return tuple(
        ClauseData(
            key=c["key"],
            section=c["section"],
            kind=c.get("kind", "rule"),
            text=c["text"].strip("\n"),
            en=(c.get("en") or "").strip("\n") or None,
            status=c.get("status", "published"),
            note=c.get("note", ""),
            params=dict(c.get("params", {})),
            source=c["source"].strip("\n") if "source" in c else None,
            not_executable=dict(c["not_executable"]) if "not_executable" in c else None,
        )
        for c in body.get("clauses", [])
    )


def check_game(game: GameData) -> list[str]:
    """Return every broken corpus rule of ``game`` (empty when all is well)."""
    problems: list[str] = []
    section_keys = {s.key for s in game.sections}
    seen: set[str] = set()
    param_names: dict[str, str] = {}
    for c in game.clauses:
        if c.key in seen:
            problems.append(f"clause key {c.key} used twice")
        seen.add(c.key)
        if c.section not in section_keys:
            problems.append(f"{c.key}: unknown section {c.section}")
        if c.kind not in KINDS:
            problems.append(f"{c.key}: unknown kind {c.kind}")
        if c.status not in STATUSES:
            problems.append(f"{c.key}: unknown status {c.status}")
        if c.kind != "furniture" and not c.en:
            problems.append(f"{c.key}: no English translation")
        if not c.text.strip():
            problems.append(f"{c.key}: empty text")
        if c.source is not None and not c.source.strip():
            problems.append(f"{c.key}: empty source")
        for name, template in c.params.items():
            if name in param_names:
                problems.append(f"{c.key}: parameter {name} already bound in {param_names[name]}")
            param_names[name] = c.key
            try:
                params.read(name, template, normalise(c.text))
            except params.BindingError as exc:
                problems.append(f"{c.key}: parameter {exc}")
    problems += check_not_executable(game)
    # The source wording, not a later revision of it, is what source.txt holds.
    joined = join_wordings([c.source_wording for c in game.clauses], normalise(game.source))
    if joined != normalise(game.source):
        problems.append(
            "the clauses do not reproduce source.txt: " + _first_difference(joined, normalise(game.source))
        )
    slugs = [v.slug for v in game.variants]
    if not slugs or slugs[0] != "original":
        problems.append("the first variant must be 'original'")
    for v in game.variants:
        for key in (*v.activates, *v.overrides):
            if key not in seen:
                problems.append(f"variant {v.slug} names unknown clause {key}")
    for translation in game.translations.values():
        problems += check_translation(game, translation)
    texts = {c.key: normalise(c.text) for c in game.clauses}
    for table in game.tables.get("tables", []):
        for row in table.get("rows", []):
            if row.get("clause") not in texts:
                problems.append(f"{table['key']}: a row names unknown clause {row.get('clause')}")
            elif (why := tables.check_row(row, texts[row["clause"]])) is not None:
                problems.append(f"{table['key']} row {row['clause']}: {why}")
    return problems


def check_not_executable(game: GameData) -> list[str]:
    """The broken ``not_executable`` declarations of ``game``, read alone (whether a restated
    clause is implemented is the code's business: ``games.coverage.check_declarations``)."""
    problems: list[str] = []
    kinds = {c.key: c.kind for c in game.clauses}
    declared = {c.key: c.not_executable for c in game.clauses if c.not_executable is not None}
    for key, decl in declared.items():
        where = f"{key}: not_executable"
        if kinds[key] not in RULE_KINDS:
            problems.append(f"{where} is only for clauses of kind {', '.join(RULE_KINDS)}, not {kinds[key]}")
            continue
        reason = decl.get("reason")
        allowed = {"reason", "clause"} if reason == "restates" else {"reason", "why"}
        if reason not in NOT_EXECUTABLE_REASONS:
            problems.append(f"{where}: reason {reason!r} is not one of {', '.join(NOT_EXECUTABLE_REASONS)}")
            continue
        if reason == "components":
            allowed = {"reason"}
        extra = sorted(set(decl) - allowed)
        if extra:
            problems.append(f"{where}: {', '.join(extra)} is not said with reason {reason!r}")
        if reason == "restates":
            target = decl.get("clause")
            if not target:
                problems.append(f"{where}: restates names no clause")
            elif target not in kinds:
                problems.append(f"{where}: restates unknown clause {target}")
            elif target == key:
                problems.append(f"{where}: a clause cannot restate itself")
            elif kinds[target] not in RULE_KINDS or target in declared:
                problems.append(f"{where}: restates {target}, which is not a rule clause to implement")
        elif reason == "table-talk" and not str(decl.get("why", "")).strip():
            problems.append(f"{where}: table-talk must say why no ruling can depend on it")
    return problems


# Where Chinese text may end a clause with no whitespace before the next: after a full stop,
# question or exclamation mark or semicolon, and after a comma between two Chinese characters.
CJK_STOPS = "。！？；"
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def _cjk_boundary(before: str, after: str) -> bool:
    if before[-1:] in CJK_STOPS:
        return True
    return before[-1:] in ",，" and bool(_CJK.match(before[-2:-1])) and bool(_CJK.match(after[:1]))


def join_wordings(wordings: list[str], source: str) -> str:
    """The clauses' wordings joined as the (normalised) ``source`` joins them.

    Clauses are joined with one space, except where Chinese text runs on without whitespace:
    after 。！？； (or a comma between Chinese characters) a clause may end where the source
    has no space, so the next one is joined without one.
    """
    out = ""
    for wording in wordings:
        wording = normalise(wording)
        if out and not (_cjk_boundary(out, wording) and source[len(out) : len(out) + 1] != " "):
            out += " "
        out += wording
    return out


# A shipped translation's states: "translated" is a finished translation no reviewer has
# approved yet; "approved" needs a reviewer's name in the file's ``reviewer``.
TRANSLATION_STATES = ("translated", "approved")
_BCP47 = re.compile(r"[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?")


def check_translation(game: GameData, t: TranslationData) -> list[str]:
    """Every broken rule of one shipped translation: complete, nothing unknown, the glossary kept."""
    where = f"translations/{t.lang}.toml"
    problems = []
    if not _BCP47.fullmatch(t.lang) or t.lang in ("en", game.language):
        problems.append(
            f"{where}: {t.lang!r} is not a BCP 47 code of a language other than en and the original"
        )
    if t.source_lang != game.language:
        problems.append(f"{where}: source_lang is {t.source_lang!r}, the original is {game.language!r}")
    if t.state not in TRANSLATION_STATES:
        problems.append(f"{where}: state {t.state!r} is not one of {', '.join(TRANSLATION_STATES)}")
    if not t.translator.strip():
        problems.append(f"{where}: no translator")
    if t.state == "approved" and not t.reviewer.strip():
        problems.append(f"{where}: approved, but no reviewer")
    titled = {s.key for s in game.sections if s.title}
    for key in sorted(titled - set(t.sections)):
        problems.append(f"{where}: section {key} is not translated")
    for key in sorted(set(t.sections) - titled):
        problems.append(f"{where}: unknown section {key}")
    wanted = {c.key for c in game.clauses if c.kind != "furniture"}
    missing = [c.key for c in game.clauses if c.key in wanted and not t.clauses.get(c.key, "").strip()]
    if missing:
        problems.append(f"{where}: {len(missing)} clause(s) not translated: {', '.join(missing[:10])}")
    for key in sorted(set(t.clauses) - wanted):
        problems.append(f"{where}: unknown or furniture clause {key}")
    for c in game.clauses:
        if c.key in wanted and c.key in t.clauses:
            for term in glossary_misses(game.terms, c.text, t.clauses[c.key], t.lang):
                problems.append(f"{where}: {c.key} has {term.original!r} but not {term.forms[t.lang]!r}")
    return problems


_CJK_TEXT = re.compile(r"[\u3400-\u9fff]")


def _alternatives(form: str) -> list[str]:
    """The forms "a / b (note)" stands for: a and b, without the parenthesised note."""
    return [a.strip() for a in re.sub(r"\s*\([^)]*\)", "", form).split(" / ") if a.strip()]


def _pattern(form: str, *, stems: bool) -> str:
    """A pattern finding ``form``: Chinese as written; other text at a word start, each word of
    a translation's form by its stem (all but its last two letters) so inflected forms match,
    and an all-capitals word of an original as a whole word."""
    if _CJK_TEXT.search(form):
        return re.escape(form)
    words = []
    for word in form.split():
        if stems and len(word) > 3:
            words.append(re.escape(word[: max(3, len(word) - 2)]) + r"\w*")
        elif not stems and word.isupper():
            words.append(f"(?-i:{re.escape(word)})" + r"\b")
        else:
            words.append(re.escape(word) + (r"\w*" if stems else ""))
    return r"(?<!\w)" + r"\s+".join(words)


def term_patterns(term: TermData, lang: str) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    """(finds the term in the original, finds its ``lang`` form in a translation), or None when
    the glossary gives no ``lang`` form."""
    if lang not in term.forms:
        return None
    original = term.matches.get("") or "|".join(
        _pattern(a, stems=False) for a in _alternatives(term.original)
    )
    target = term.matches.get(lang) or "|".join(
        _pattern(a, stems=True) for a in _alternatives(term.forms[lang])
    )
    return re.compile(original, re.IGNORECASE), re.compile(target, re.IGNORECASE)


def glossary_misses(
    terms: tuple[TermData, ...], original: str, translation: str, lang: str
) -> list[TermData]:
    """The terms ``original`` uses whose ``lang`` form ``translation`` lacks."""
    misses = []
    for term in terms:
        patterns = term_patterns(term, lang)
        if patterns and patterns[0].search(original) and not patterns[1].search(translation):
            misses.append(term)
    return misses


def _first_difference(a: str, b: str) -> str:
    n = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return f"at character {n}: clauses have {a[n : n + 60]!r}, source has {b[n : n + 60]!r}"


@functools.cache
def game(slug: str) -> GameData:
    """Return the shipped corpus of one game (read once per process)."""
    return read_game(slug)


def all_games() -> list[GameData]:
    """Return the five shipped games in contract order."""
    return [game(slug) for slug in GAME_SLUGS]


# ---------------------------------------------------------------- writing clauses.toml back


@dataclass(frozen=True)
class ClauseWording:
    """One clause as the database's current edition has it, to be written into clauses.toml."""

    text: str
    status: str
    note: str = ""
    params: dict[str, str] = field(default_factory=dict)
    en: str | None = None  # None: keep the file's English


@dataclass
class _Item:
    """One piece of a TOML file: a blank or comment line, a table header, or one key = value."""

    kind: str  # "raw" | "header" | "kv"
    text: str
    name: str = ""
    value: Any = None


# Where a field the clause did not have is written: status after its kind, the others before
# its wording (``source`` right before ``text``, so the original reads first).
_FIELDS = ("status", "note", "params", "source", "text", "en")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def rewrite_clauses(document: str, wordings: dict[str, ClauseWording]) -> str:
    """Return ``document`` (a clauses.toml) with the given clauses' fields set to ``wordings``.

    Only the fields that differ are rewritten, each in the quoting style the file already
    uses for it; comments, order and every other byte stay as they are. The source wording
    stays in the file: a clause whose ``text`` no longer is its source wording keeps that
    wording as ``source``.
    """
    items = _items(document)
    blocks = _clause_blocks(items)
    unknown = sorted(set(wordings) - set(blocks))
    if unknown:
        raise CorpusError("not in clauses.toml: " + ", ".join(unknown))
    wanted: dict[str, dict[str, Any]] = {}
    for key, wording in wordings.items():
        wanted[key] = _rewrite_block(items, blocks[key], wording)
    result = "".join(item.text for item in items)
    _check_rewrite(document, result, wanted)
    return result


def _items(document: str) -> list[_Item]:
    lines = document.splitlines(keepends=True)
    items: list[_Item] = []
    i = 0
    while i < len(lines):
        stripped = lines[i].strip()
        if not stripped or stripped.startswith("#"):
            items.append(_Item("raw", lines[i]))
            i += 1
            continue
        if stripped.startswith("["):
            items.append(_Item("header", lines[i], name=stripped.split("#")[0].strip()))
            i += 1
            continue
        # A key = value ends on the first line that closes it (a multi-line string spans lines).
        for j in range(i + 1, len(lines) + 1):
            try:
                parsed = tomllib.loads("".join(lines[i:j]))
            except tomllib.TOMLDecodeError:
                continue
            break
        else:
            raise CorpusError(f"clauses.toml line {i + 1}: cannot read {stripped[:60]!r}")
        ((name, value),) = parsed.items()
        items.append(_Item("kv", "".join(lines[i:j]), name=name, value=value))
        i = j
    return items


def _clause_blocks(items: list[_Item]) -> dict[str, dict[str, int]]:
    """Clause key → {field name → index of its item}."""
    blocks: list[dict[str, int]] = []
    in_clause = False
    for n, item in enumerate(items):
        if item.kind == "header":
            in_clause = item.name == "[[clauses]]"
            if in_clause:
                blocks.append({})
        elif item.kind == "kv" and in_clause:
            blocks[-1][item.name] = n
    return {items[b["key"]].value: b for b in blocks if "key" in b}


def _same(name: str, old: Any, new: Any) -> bool:
    if name == "status":
        return (old or "published") == new
    if name == "params":
        return dict(old or {}) == dict(new or {})
    if name == "note":
        return (old or "") == (new or "")
    return (None if old is None else old.strip("\n")) == new


def _rewrite_block(items: list[_Item], block: dict[str, int], wording: ClauseWording) -> dict[str, Any]:
    old = {name: items[n].value for name, n in block.items()}
    source_wording = (old.get("source") or old["text"]).strip("\n")
    want: dict[str, Any] = {
        "status": wording.status,
        "note": wording.note or None,
        "params": _ordered(wording.params, old.get("params") or {}) or None,
        "source": source_wording if wording.text != source_wording else None,
        "text": wording.text,
        "en": wording.en if wording.en is not None else (old.get("en") or "").strip("\n") or None,
    }
    prefixes: dict[int, str] = {}
    for name in _FIELDS:
        new, n = want[name], block.get(name)
        if _same(name, old.get(name), new):
            continue
        if n is not None and new is None:
            items[n].text = ""  # the field went back to its default
        elif n is not None:
            items[n].text = _kv(name, new, like=items[n].text)
        elif name == "status":
            anchor = block.get("kind", block.get("section", block["key"]))
            items[anchor].text += _kv(name, new, like=None)
        else:
            anchor = block["text"] if name == "source" or "source" not in block else block["source"]
            prefixes[anchor] = prefixes.get(anchor, "") + _kv(name, new, like=items[block["text"]].text)
    for n, prefix in prefixes.items():
        items[n].text = prefix + items[n].text
    return want


def _ordered(params: dict[str, str], old: dict[str, str]) -> dict[str, str]:
    """The bindings in the file's order (a JSON column need not keep it), new names last."""
    names = [n for n in old if n in params] + sorted(n for n in params if n not in old)
    return {n: params[n] for n in names}


def _check_rewrite(before: str, after: str, wanted: dict[str, dict[str, Any]]) -> None:
    """The rewritten file holds exactly the wanted clauses and everything else unchanged."""
    old, new = tomllib.loads(before), tomllib.loads(after)
    problems = []
    if {k: v for k, v in old.items() if k != "clauses"} != {k: v for k, v in new.items() if k != "clauses"}:
        problems.append("the sections changed")
    if [c["key"] for c in old.get("clauses", [])] != [c["key"] for c in new.get("clauses", [])]:
        problems.append("the clauses moved")
    for was, now in zip(old.get("clauses", []), new.get("clauses", []), strict=False):
        if was["key"] not in wanted:
            if was != now:
                problems.append(f"{was['key']} changed")
            continue
        for name, value in wanted[was["key"]].items():
            if not _same(name, now.get(name), value):
                problems.append(f"{was['key']}: {name} was not written")
    if problems:
        raise CorpusError("rewriting clauses.toml went wrong: " + "; ".join(problems))


def _kv(name: str, value: Any, *, like: str | None) -> str:
    if name == "params":
        pairs = ", ".join(f"{_key(k)} = {_basic(v)}" for k, v in value.items())
        return f"params = {{ {pairs} }}\n"
    if name in ("status", "note"):
        return f"{name} = {_basic(value)}\n"
    return f"{name} = {_multiline(value, like=like)}\n"


def _key(name: str) -> str:
    return name if _BARE_KEY.fullmatch(name) else _basic(name)


def _control(ch: str) -> bool:
    return (ord(ch) < 0x20 and ch not in "\n\t") or ord(ch) == 0x7F


def _basic(value: str) -> str:
    escapes = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t"}
    out = (escapes.get(ch) or (f"\\u{ord(ch):04x}" if _control(ch) else ch) for ch in value)
    return '"' + "".join(out) + '"'


def _multiline(value: str, *, like: str | None) -> str:
    """A multi-line string laid out like ``like`` (``'''`` or ``\"\"\"``, a line break after the
    opening and before the closing quotes or not)."""
    raw = (like or "").partition("=")[2].strip()
    quotes = raw[:3] if raw[:3] in ("'''", '"""') else '"""'
    lead = "\n" if raw[3:4] == "\n" or value.startswith("\n") else ""
    trail = "\n" if raw[:-3].endswith("\n") else ""
    literal_ok = "'''" not in value and not value.endswith("'") and not any(_control(ch) for ch in value)
    if quotes == "'''" and literal_ok:
        return f"'''{lead}{value}{trail}'''"
    out = []
    for i, ch in enumerate(value):
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"' and (i == len(value) - 1 or '"' in (value[i - 1 : i], value[i + 1 : i + 2])):
            out.append('\\"')  # never three quotes in a row, never one against the closing ones
        elif _control(ch):
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return f'"""{lead}{"".join(out)}{trail}"""'
