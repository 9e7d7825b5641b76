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
- ``disputes.toml``: the known disputed points (``core.Dispute``), one ``[[dispute]]`` table
  each, in the order the disputes page lists them: ``key``, ``clauses``, and either a worked
  example (``adjudicator``, ``at_stake``, ``[dispute.inputs]``, optionally ``agree``) or an
  open point (``open_question``, ``wording``); every dispute has a ``title`` and a
  ``question``.
- ``labels.toml``: the outcome fields as people read them, and the game's vocabulary (the
  names of what it counts, ``[maps]``), which its code reads too, when its ``common`` module
  is imported (``games.labels``, format and loading order in its docstring).

These texts are the game's content, like the clauses — its questions, its disputed points
quoting the source documents, the names of what it counts — not interface strings, so they
carry their translations with them rather than living in the gettext catalogue:
``title.en = "…"``, ``title.pl = "…"``, one for every interface language
(``settings.LANGUAGES``) and no other; loading refuses a text that lacks one. A text several
disputes share is written once in the file's ``[texts]`` table and named by its key
(``agree = "optional-rule-aside"``). Each text is lazy, like ``gettext_lazy``: it says itself
in the language active when it is shown, English where it has no such language.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.functional import lazy

from .core import CLAUSE_KEY, add_examples, declared, dispute, register

FALLBACK = "en"
TEXTS = ("title", "question", "agree", "open_question", "wording")


def _in_active_language(texts: Mapping[str, str]) -> str:
    """The text in the active interface language (``pl``, or ``pl`` for ``pl-pl``), else English."""
    lang = translation.get_language()
    if lang:
        for code in (lang, lang.split("-")[0]):
            if code in texts:
                return texts[code]
    return texts[FALLBACK]


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
    languages = {code for code, _name in settings.LANGUAGES}
    if not isinstance(value, Mapping) or set(value) != languages:
        raise ValueError(f"{where}: a text is a table of translations, one for each of {sorted(languages)}")
    if not all(isinstance(t, str) and t.strip() == t and t for t in value.values()):
        raise ValueError(f"{where}: a translation is a non-empty string with no space around it")
    return translated(dict(value))


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


def load(game: str, folder: Path) -> None:
    """Register ``game``'s adjudicators, examples and disputes from the data files in ``folder``."""
    load_adjudicators(game, folder / "adjudicators.toml")
    path = folder / "examples.json"
    if path.exists():
        for name, bodies in json.loads(path.read_text(encoding="utf-8")).items():
            add_examples(game, name, bodies)
    data = read_disputes(folder)
    shared = data.get("texts", {})
    for entry in data.get("dispute", []):
        fields = dict(entry)
        where = f"{folder.name}/disputes.toml {fields.get('key')}"
        for name in TEXTS:
            if name in fields:
                fields[name] = text(fields[name], shared, f"{where} {name}")
        dispute(game=game, **fields)
