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
form in the target language is not in the translation is a warning. Both sides are found
inflection-aware by stems (``translators.glossary`` says how, and what that misses).
"""

from __future__ import annotations

import threading
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
    terms: list[tuple[str, dict[str, str]]] = (),
) -> list[Failure]:
    """Every check ``target`` (a translation of ``source``) fails; ``terms``: the glossary, as
    (key, forms by language)."""
    table = _AS_ENGLISH.get(glossary.primary(source_lang))
    unit = TranslationUnit(source.translate(table) if table else source)
    unit.target = target
    found = [
        Failure(name, str(message))
        for name, message in _checker(source_lang, target_lang).run_filters(unit).items()
    ]
    if target.strip():
        found += glossary_failures(
            source, target, source_lang=source_lang, target_lang=target_lang, terms=terms
        )
    return found


def glossary_failures(
    source: str, target: str, *, source_lang: str, target_lang: str, terms: list[tuple[str, dict[str, str]]]
) -> list[Failure]:
    """A term found in the source whose target-language form is missing from the translation."""
    with_target = [(key, forms) for key, forms in terms if forms.get(source_lang) and forms.get(target_lang)]
    in_source = {
        m.key for m in glossary.find(source, source_lang, [(k, f[source_lang]) for k, f in with_target])
    }
    out = []
    for key, forms in with_target:
        if key in in_source and not glossary.contains(target, target_lang, forms[target_lang]):
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
