"""Clauses declared not executable (``not_executable`` in clauses.toml) and what a revision adds.

No adjudicator reads such a clause, so whatever a revision makes it say, no ruling follows it.
A revision that adds a figure (digits, or a number word of the originals' languages:
``rules.params``) or a rule word (must, may, may not … in Polish, Greek, Chinese or English)
to one is a rule no referee can rule on: the designer confirms it
(``confirm_not_executable``), and the draft's impact report says it
(``games.impact``: "no ruling depends on this clause").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping

from django.utils.translation import gettext as _

from . import corpus, params

# Words that make a sentence a rule (an obligation, a permission, a prohibition, a limit).
RULE_WORDS = {
    "pl": "musi muszą musisz należy trzeba wolno może mogą możesz nie powinien powinna powinno powinni "
    "przekroczyć przekracza maksymalnie minimalnie najwyżej co najmniej zabronione zakaz",
    "el": "πρέπει μπορεί μπορούν δεν απαγορεύεται επιτρέπεται υποχρεωτικά μέγιστο ελάχιστο τουλάχιστον "
    "το πολύ",
    "zh": "必须 必需 可以 不能 不得 不可 禁止 应 须 最多 至少 不超过",
    "en": "must may cannot not should shall exceed maximum minimum least most forbidden only",
}
_WORDS = {lang: set(words.split()) for lang, words in RULE_WORDS.items()}
_NUMBER = re.compile(params._NUM)
_WORD = re.compile(r"\w+")


def declaration(slug: str, key: str) -> Mapping[str, str] | None:
    """The shipped ``not_executable`` declaration of clause ``key`` (None: none, or no such game)."""
    try:
        data = corpus.game(slug)
    except (FileNotFoundError, corpus.CorpusError):
        return None
    return next((c.not_executable for c in data.clauses if c.key == key), None)


def _figures(text: str) -> Counter:
    return Counter(m.group(0) for m in _NUMBER.finditer(corpus.normalise(text)))


def _rule_words(text: str, lang: str) -> Counter:
    words = _WORDS.get(lang.split("-")[0], set())
    if lang.startswith("zh"):
        return Counter(w for w in words for _ in range(text.count(w)))
    return Counter(w for w in _WORD.findall(text.lower()) if w in words)


def added(before: str, after: str, lang: str) -> list[str]:
    """The figures and rule words ``after`` holds more often than ``before``, in that order."""
    figures = _figures(after) - _figures(before)
    rules = _rule_words(after, lang) - _rule_words(before, lang)
    return sorted(figures.elements()) + sorted(rules.elements())


def refusal(exc) -> str:
    """Why a revision of a clause declared not executable needs the designer's confirmation
    (``rules.services.NotExecutableRevision``), for every write path's 400."""
    return _(
        "%(key)s is declared not executable (%(reason)s): no ruling depends on it, so referees cannot "
        "rule on what it says. This revision adds %(added)s. Confirm it (confirm_not_executable), or ask "
        "a developer to implement the clause first."
    ) % {"key": exc.key, "reason": exc.reason, "added": ", ".join(f"“{w}”" for w in exc.added)}
