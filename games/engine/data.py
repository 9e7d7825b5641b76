"""What a game says that is not computed, kept as data files beside its package and loaded
once, when the package registers its adjudicators (``load(GAME, Path(__file__).parent)`` at
the end of its ``__init__``). A game package is code — the rules' logic, the input
declarations, the messages it computes (in gettext) — plus this data, with its translations:

- ``adjudicators.toml``: one ``[[adjudicator]]`` table per adjudicator the code declares
  (``@adjudicator("name", inputs=…, summary=…)``), in the order the referee page and the API
  list them: ``name``, ``title`` (the question a referee picks) and ``clauses`` (every clause
  key its function may cite; a test checks the code cites each one). Loading fails on an
  entry the code does not declare, a declared adjudicator with no entry, a malformed clause
  key, a missing or unknown language, an unknown field.
- ``examples.json``: each adjudicator's worked examples, keyed by its name, in any order —
  valid input bodies exactly as the API takes them. JSON rather than TOML because a body
  may hold ``null``, which TOML cannot say.
- ``refused.json``: each adjudicator's worked examples of situations the rule text rules out
  (a count past what the game has, a piece where the text forbids it, a state its order of play
  cannot leave), keyed by its name: a list of ``{"id", "inputs", "clauses"}`` — ``id`` a slug
  unique for the adjudicator, ``inputs`` the body as the API takes it, ``clauses`` the clause
  keys that rule it out by field path (``{"inputs.tiles": ["pr.components.city-tiles"]}``),
  exactly what the 400 names (CONTRACT.md §1; a test posts every one).
- ``disputes.toml``: the known disputed points (``core.Dispute``), one ``[[dispute]]`` table
  each, in the order the disputes page lists them: ``key``, ``clauses``, and either a worked
  example (``adjudicator``, ``at_stake``, ``[dispute.inputs]``, optionally ``agree``) or an
  open point (``open_question``, ``wording``); every dispute has a ``title`` and a
  ``question``.
- ``gaps.toml``: the game's known gaps (``core.KnownGap``): where its wording is silent and
  what a ruling assumes there, one ``[[gap]]`` table each: ``id`` (a slug, unique in the game,
  the name the code records it by: ``r.gap("itf.rebellion.remove-needs",
  "coins-on-removed-needs", coins=i.coins)``), ``clause`` (the clause it is about, one that an
  adjudicator of the game cites, and the one the code names beside the id), ``question`` and
  ``assumed``. Their texts may quote the ruling's figures, ``%(name)s`` as in gettext, with the
  same names in every language (a literal ``%`` is written ``%%``); the code gives them as
  keyword arguments. A text with a count is said in plural forms: ``count`` names the figure
  that picks the form, and each language lists its forms (``question.count = "coins"``,
  ``question.en = ["… %(coins)s coin …", "… %(coins)s coins …"]``). The number of forms and the
  form a count takes are gettext's for that language: the ``Plural-Forms`` header of the
  interface's catalogue of that language (``LOCALE_PATHS``), which ``gettext.GNUTranslations``
  compiles into the ``plural`` rule its ``ngettext`` uses, so a gap picks the form the
  catalogue's own messages would (Polish: ``nplurals=4``, as Django's Polish catalogue); the
  source language, English, has no catalogue and takes gettext's rule for an untranslated
  message: two forms, the first for 1. Loading fails on a missing or unknown field or
  language, an id given twice, a clause no adjudicator of the game cites, a wrong number of
  forms, or translations that take different figures.
- ``labels.toml``: the outcome fields as people read them, and the game's vocabulary (the
  names of what it counts, ``[maps]``), which its code reads too, when its ``common`` module
  is imported (``games.labels``, format and loading order in its docstring).

These texts are the game's content, like the clauses — its questions, its disputed points
quoting the source documents, where its wording is silent, the names of what it counts — not
interface strings, so they carry their translations with them rather than living in the
gettext catalogue: ``title.en = "…"``, ``title.pl = "…"``, one for every interface language
(``settings.LANGUAGES``) and no other; loading refuses a text that lacks one. A text several
disputes share is written once in the file's ``[texts]`` table and named by its key
(``agree = "optional-rule-aside"``). Each text is lazy, like ``gettext_lazy``: it says itself
in the language active when it is shown, English where it has no such language (a gap's
texts, when a ruling records it, with its figures).
"""

from __future__ import annotations

import functools
import gettext
import json
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.functional import lazy

from .core import (
    CLAUSE_KEY,
    KnownGap,
    Refused,
    add_examples,
    add_gaps,
    add_refused,
    declared,
    dispute,
    for_game,
    register,
)

FALLBACK = "en"
TEXTS = ("title", "question", "agree", "open_question", "wording")


def _language(texts: Mapping[str, Any]) -> str:
    """The active interface language among ``texts``' (``pl``, or ``pl`` for ``pl-pl``), else English."""
    lang = translation.get_language()
    if lang:
        for code in (lang, lang.split("-")[0]):
            if code in texts:
                return code
    return FALLBACK


def _in_active_language(texts: Mapping[str, str]) -> str:
    """The text in the active interface language, else English."""
    return texts[_language(texts)]


translated = lazy(_in_active_language, str)


def text(value: Any, shared: Mapping[str, Any], where: str) -> Any:
    """One translatable text of a data file: a table of translations, one for each interface
    language, or the key of a shared one."""
    if isinstance(value, str):
        if value not in shared:
            raise ValueError(f"{where}: no shared text {value!r}")
        value = shared[value]
        if not isinstance(value, Mapping):  # an interface word the code gives (gettext_lazy)
            return value
    if not isinstance(value, Mapping) or set(value) != _languages():
        raise ValueError(
            f"{where}: a text is a table of translations, one for each of {sorted(_languages())}"
        )
    _check_written(value.values(), where)
    return translated(dict(value))


def _languages() -> set[str]:
    """The interface languages' codes: every translatable text has one translation for each."""
    return {code for code, _name in settings.LANGUAGES}


def _check_written(translations: Iterable[Any], where: str) -> None:
    """Each of ``translations`` is a non-empty string with no space around it."""
    if not all(isinstance(t, str) and t.strip() == t and t for t in translations):
        raise ValueError(f"{where}: a translation is a non-empty string with no space around it")


def translations(value: Any, shared: Mapping[str, Mapping[str, str]]) -> dict[str, str]:
    """The translations of one text as written in the file (for the test of completeness)."""
    return dict(shared[value] if isinstance(value, str) else value)


def read(path: Path) -> dict[str, Any]:
    """A parsed TOML data file of a game package (empty when it has none)."""
    if not path.exists():
        return {}
    with path.open("rb") as fh:
        return tomllib.load(fh)


def read_disputes(folder: Path) -> dict[str, Any]:
    """The parsed ``disputes.toml`` of a game package (empty when it has none)."""
    return read(folder / "disputes.toml")


ADJUDICATOR_FIELDS = {"name", "title", "clauses"}


def load_adjudicators(game: str, path: Path) -> None:
    """Register the adjudicators ``game``'s code declares, completed and ordered by ``path``.

    Every entry is checked before any is registered, so a bad file registers nothing."""
    entries = read(path).get("adjudicator", [])
    names = [entry.get("name") for entry in entries]
    wanted = set(declared(game))
    checked = []
    for entry in entries:
        where = f"{path.parent.name}/{path.name} {entry.get('name')}"
        if set(entry) != ADJUDICATOR_FIELDS:
            raise ValueError(f"{where}: an adjudicator has exactly {sorted(ADJUDICATOR_FIELDS)}")
        if entry["name"] not in wanted or names.count(entry["name"]) > 1:
            raise ValueError(f"{where}: not an adjudicator the code declares, or listed twice")
        clauses = entry["clauses"]
        if not isinstance(clauses, list):
            raise ValueError(f"{where}: clauses is a list of clause keys")
        bad = [k for k in clauses if not isinstance(k, str) or not CLAUSE_KEY.match(k)]
        if bad:
            raise ValueError(f"{where}: malformed clause key(s) {bad}")
        checked.append((entry["name"], text(entry["title"], {}, f"{where} title"), clauses))
    missing = wanted - set(names)
    if missing:
        raise ValueError(f"{path.parent.name}/{path.name}: no entry for the adjudicators {sorted(missing)}")
    for name, title, clauses in checked:
        register(game, name, title=title, clauses=clauses)


@functools.cache
def plural_forms(code: str) -> tuple[int, Callable[[int], int]]:
    """How many plural forms language ``code`` has, and the rule that gives a count's form: the
    ``Plural-Forms`` header of the interface's catalogue of that language, as gettext reads
    it; gettext's rule for an untranslated message (two forms) where there is none."""
    for folder in settings.LOCALE_PATHS:
        catalogue = gettext.translation("django", folder, [code], fallback=True)
        if isinstance(catalogue, gettext.GNUTranslations):
            found = re.search(r"nplurals\s*=\s*(\d+)", catalogue.info().get("plural-forms", ""))
            return (int(found.group(1)) if found else 2), catalogue.plural
    return 2, lambda n: int(n != 1)


PARAMETER = re.compile(r"%\((\w+)\)s")


@dataclass(frozen=True)
class GapText:
    """The question or the assumption of a known gap: a ``%(name)s`` template in each language,
    or, with a ``count``, each language's plural forms; called with a ruling's figures, it says
    itself in the active language (see the module's docstring)."""

    translations: Mapping[str, str | tuple[str, ...]]
    count: str | None = None

    def __call__(self, params: Mapping[str, Any]) -> str:
        code = _language(self.translations)
        template = self.translations[code]
        if self.count is not None:
            template = template[plural_forms(code)[1](params[self.count])]
        return template % params


def gap_text(value: Any, where: str) -> GapText:
    """One text of a gap as written in ``gaps.toml``, checked."""
    languages = _languages()
    if not isinstance(value, Mapping) or set(value) - {"count"} != languages:
        raise ValueError(
            f"{where}: a text is a table of translations, one for each of {sorted(languages)}, "
            "and its count where it has plural forms"
        )
    count = value.get("count")
    translations: dict[str, str | tuple[str, ...]] = {}
    figures = {}
    for code in sorted(languages):
        forms = value[code]
        if count is None:
            translations[code] = forms
            forms = [forms]
        else:
            number = plural_forms(code)[0]
            if not isinstance(forms, list) or len(forms) != number:
                raise ValueError(f"{where}: {code} has {number} plural forms, a list of them")
            translations[code] = tuple(forms)
        _check_written(forms, where)
        names = {name for form in forms for name in PARAMETER.findall(form)}
        for form in forms:
            try:
                form % dict.fromkeys(names, "")
            except (TypeError, ValueError):
                raise ValueError(f"{where}: {form!r} takes figures only as %(name)s (a % is %%)") from None
        figures[code] = names
    if len({frozenset(names) for names in figures.values()}) > 1:
        raise ValueError(f"{where}: the translations take different figures: {figures}")
    if count is not None and count not in figures[FALLBACK]:
        raise ValueError(f"{where}: the count {count!r} is not one of the figures it takes")
    return GapText(translations, count)


GAP_FIELDS = {"id", "clause", "question", "assumed"}
GAP_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def load_gaps(game: str, path: Path) -> None:
    """Give ``game`` the known gaps ``path`` declares, checked: its adjudicators are registered
    (they say which clauses the game's code cites). Every entry is checked before any is given."""
    raw = read(path)
    if set(raw) - {"gap"}:
        raise ValueError(
            f"{path.parent.name}/{path.name}: a file of [[gap]] tables, no {sorted(set(raw) - {'gap'})}"
        )
    cited = {key for adj in for_game(game) for key in adj.clauses}
    gaps: dict[str, KnownGap] = {}
    for entry in raw.get("gap", []):
        where = f"{path.parent.name}/{path.name} {entry.get('id')}"
        if set(entry) != GAP_FIELDS:
            raise ValueError(f"{where}: a gap has exactly {sorted(GAP_FIELDS)}")
        if not isinstance(entry["id"], str) or not GAP_ID.match(entry["id"]) or entry["id"] in gaps:
            raise ValueError(f"{where}: an id is a slug (lowercase words and hyphens), once in a game")
        if entry["clause"] not in cited:
            raise ValueError(f"{where}: {entry['clause']!r} is no clause an adjudicator of {game} cites")
        question = gap_text(entry["question"], f"{where} question")
        assumed = gap_text(entry["assumed"], f"{where} assumed")
        gaps[entry["id"]] = KnownGap(entry["clause"], question, assumed)
    add_gaps(game, gaps)


def load(game: str, folder: Path) -> None:
    """Register ``game``'s adjudicators, examples, disputes and known gaps from the data files in
    ``folder``."""
    load_adjudicators(game, folder / "adjudicators.toml")
    load_gaps(game, folder / "gaps.toml")
    path = folder / "examples.json"
    if path.exists():
        for name, bodies in json.loads(path.read_text(encoding="utf-8")).items():
            add_examples(game, name, bodies)
    path = folder / "refused.json"
    if path.exists():
        for name, entries in json.loads(path.read_text(encoding="utf-8")).items():
            add_refused(game, name, read_refused(entries, f"{folder.name}/refused.json {name}"))
    data = read_disputes(folder)
    shared = data.get("texts", {})
    for entry in data.get("dispute", []):
        fields = dict(entry)
        where = f"{folder.name}/disputes.toml {fields.get('key')}"
        for name in TEXTS:
            if name in fields:
                fields[name] = text(fields[name], shared, f"{where} {name}")
        dispute(game=game, **fields)


REFUSED_FIELDS = {"id", "inputs", "clauses"}


def read_refused(entries: Any, where: str) -> list[Refused]:
    """The refused worked examples of one adjudicator, checked (``refused.json``)."""
    if not isinstance(entries, list):
        raise ValueError(f"{where}: a list of refused examples")
    out: list[Refused] = []
    for entry in entries:
        if not isinstance(entry, dict) or set(entry) != REFUSED_FIELDS:
            raise ValueError(f"{where}: a refused example has exactly {sorted(REFUSED_FIELDS)}")
        ident, inputs, clauses = entry["id"], entry["inputs"], entry["clauses"]
        if not isinstance(ident, str) or not GAP_ID.match(ident) or any(r.id == ident for r in out):
            raise ValueError(f"{where}: an id is a slug (lowercase words and hyphens), once per adjudicator")
        if not isinstance(inputs, dict):
            raise ValueError(f"{where} {ident}: inputs is an object")
        if not isinstance(clauses, dict) or not clauses:
            raise ValueError(f"{where} {ident}: clauses names the clauses that rule it out, by field path")
        for path, keys in clauses.items():
            if not path.startswith("inputs") or not isinstance(keys, list) or not keys:
                raise ValueError(
                    f"{where} {ident}: {path!r} is a field path under inputs with its clause keys"
                )
            if not all(isinstance(k, str) and CLAUSE_KEY.match(k) for k in keys):
                raise ValueError(f"{where} {ident}: {keys!r} are not clause keys")
        out.append(Refused(ident, inputs, {path: tuple(keys) for path, keys in clauses.items()}))
    return out
