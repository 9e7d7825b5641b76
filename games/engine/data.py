"""Declarations that are data, kept beside each game package and loaded once, when the
package registers its adjudicators (``load(GAME, Path(__file__).parent)`` at the end of its
``__init__``):

- ``examples.json``: each adjudicator's worked examples, keyed by its name, in any order —
  valid input bodies exactly as the API takes them. JSON rather than TOML because a body
  may hold ``null``, which TOML cannot say.
- ``disputes.toml``: the known disputed points (``core.Dispute``), one ``[[dispute]]`` table
  each, in the order the disputes page lists them: ``key``, ``clauses``, and either a worked
  example (``adjudicator``, ``at_stake``, ``[dispute.inputs]``, optionally ``agree``) or an
  open point (``open_question``, ``wording``); every dispute has a ``title`` and a
  ``question``.

A dispute's texts quote the source documents (GNIAZDO's doubts, the designer's asides): they
are content, like the clauses, not interface strings, so they carry their translations with
them rather than living in the gettext catalogue: ``title.en = "…"``, ``title.pl = "…"`` —
one for every interface language (``settings.LANGUAGES``; a test checks). A text several
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

from django.utils import translation
from django.utils.functional import lazy

from .core import add_examples, dispute

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


def text(value: Any, shared: Mapping[str, Mapping[str, str]], where: str) -> Any:
    """One translatable text of a data file: a table of translations, or the key of a shared one."""
    if isinstance(value, str):
        if value not in shared:
            raise ValueError(f"{where}: no shared text {value!r} in [texts]")
        value = shared[value]
    if not isinstance(value, Mapping) or FALLBACK not in value:
        raise ValueError(f"{where}: a text is a table of translations with {FALLBACK!r}")
    return translated(dict(value))


def translations(value: Any, shared: Mapping[str, Mapping[str, str]]) -> dict[str, str]:
    """The translations of one text as written in the file (for the test of completeness)."""
    return dict(shared[value] if isinstance(value, str) else value)


def read_disputes(folder: Path) -> dict[str, Any]:
    """The parsed ``disputes.toml`` of a game package (empty when it has none)."""
    path = folder / "disputes.toml"
    if not path.exists():
        return {}
    with path.open("rb") as fh:
        return tomllib.load(fh)


def load(game: str, folder: Path) -> None:
    """Register ``game``'s examples and disputes from the data files in ``folder``."""
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
