"""Quality checks of a translation, shown on save and in the list: warnings, never a block.

The checks are translate-toolkit's (``translate.filters.checks.StandardChecker``: numbers,
brackets, punctuation at the start and end and its spacing, double spaces, leading and
trailing whitespace, new lines, doubled words, unchanged, untranslated, URLs, e-mails,
capitalisation at the start), not written again here. The toolkit assumes an English
source and converts punctuation for the target language itself; so a Chinese or Greek
source's own punctuation (。，：；？！（） and the Greek question mark ;) is first written as
its English equivalent, and capitalisation is not compared when either side is Chinese or
Japanese (they have none).

Added here: **glossary consistency**. A term of the game's glossary found in the source whose
form in the target language is not in the translation is a warning. Both sides are found by
whole words and stems, or by the glossary's own pattern (``translators.glossary`` says how,
and what that misses).
"""

from __future__ import annotations

import re
import threading
from collections import Counter
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _
from translate.filters import checks as tt_checks
from translate.lang import factory as tt_lang
from translate.storage.base import TranslationUnit

from . import glossary

TOOLKIT_CHECKS = {
    "numbers": _("Numbers"),
    "brackets": _("Brackets"),
    "endpunc": _("Punctuation at the end"),
    "startpunc": _("Punctuation at the start"),
    "puncspacing": _("Spacing around punctuation"),
    "doublespacing": _("Double spaces"),
    "startwhitespace": _("Whitespace at the start"),
    "endwhitespace": _("Whitespace at the end"),
    "newlines": _("New lines"),
    "doublewords": _("Doubled word"),
    "unchanged": _("Unchanged"),
    "untranslated": _("Untranslated"),
    "urls": _("URLs"),
    "emails": _("E-mail addresses"),
    "startcaps": _("Capital letter at the start"),
}
GLOSSARY = "glossary"
NAMES = {**TOOLKIT_CHECKS, GLOSSARY: _("Glossary")}

# A Chinese, Japanese or Greek source's punctuation, as the English the toolkit expects.
_AS_ENGLISH = {
    "zh": str.maketrans("。，、：；？！（）「」『』", '.,,:;?!()""""'),
    "ja": str.maketrans("。、：；？！（）「」『』", '.,:;?!()""""'),
    "el": str.maketrans({"\u037e": "?", ";": "?", "\u0387": ";"}),
}

_local = threading.local()


@dataclass(frozen=True)
class Failure:
    check: str
    message: str

    @property
    def name(self) -> str:
        return str(NAMES.get(self.check, self.check))


def _checker(source_lang: str, target_lang: str) -> tt_checks.StandardChecker:
    """One checker per language pair and thread (the toolkit's checkers keep state per run)."""
    cache = _local.__dict__.setdefault("checkers", {})
    key = (glossary.primary(source_lang), target_lang)
    if key not in cache:
        wanted = dict(TOOLKIT_CHECKS)
        if (
            glossary.primary(source_lang) in glossary.UNSPACED
            or glossary.primary(target_lang) in glossary.UNSPACED
        ):
            wanted.pop("startcaps")
        config = tt_checks.CheckerConfig(targetlanguage=target_lang.replace("-", "_"))
        config.sourcelang = tt_lang.getlanguage("en")
        cache[key] = tt_checks.StandardChecker(config, limitfilters=list(wanted))
    return cache[key]


def run(
    source: str,
    target: str,
    *,
    source_lang: str,
    target_lang: str,
    terms=(),
) -> list[Failure]:
    """Every check ``target`` (a translation of ``source``) fails; ``terms``: the glossary, as
    (key, forms by language)."""
    table = _AS_ENGLISH.get(glossary.primary(source_lang))
    unit = TranslationUnit(source.translate(table) if table else source)
    unit.target = target
    found = [
        Failure(name, _numbers_message(source, target) if name == "numbers" else str(message))
        for name, message in _checker(source_lang, target_lang).run_filters(unit).items()
    ]
    if target.strip():
        found += glossary_failures(
            source, target, source_lang=source_lang, target_lang=target_lang, terms=terms
        )
    return found


_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def _numbers_message(source: str, target: str) -> str:
    """The toolkit's "Different numbers", saying which: those only in the original, those only
    in the translation (each as often as it is missing)."""
    a, b = Counter(_NUMBER.findall(source)), Counter(_NUMBER.findall(target))
    only_source = ", ".join(sorted((a - b).elements(), key=_number_order)) or "—"
    only_target = ", ".join(sorted((b - a).elements(), key=_number_order)) or "—"
    return str(
        _("Different numbers: %(source)s in the original only, %(target)s in the translation only.")
        % {"source": only_source, "target": only_target}
    )


def _number_order(n: str) -> tuple[int, str]:
    return (len(n), n)


def glossary_failures(
    source: str, target: str, *, source_lang: str, target_lang: str, terms
) -> list[Failure]:
    """A term found in the source whose target-language form is missing from the translation;
    ``terms``: (key, forms by language) or (key, forms, the glossary's own patterns by language)."""
    both = [t for t in terms if t[1].get(source_lang) and t[1].get(target_lang)]
    in_source = {m.key for m in glossary.find(source, source_lang, glossary.term_entries(both, source_lang))}
    out = []
    for key, form, pattern in glossary.term_entries(both, target_lang):
        if key in in_source and not glossary.contains(target, target_lang, form, pattern):
            forms = next(t[1] for t in both if t[0] == key)
            out.append(
                Failure(
                    GLOSSARY,
                    str(
                        _(
                            "“%(source)s” is in the original; the glossary’s “%(target)s” is not in the translation."
                        )
                        % {"source": forms[source_lang], "target": forms[target_lang]}
                    ),
                )
            )
    return out
