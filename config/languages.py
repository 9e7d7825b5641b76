"""Language codes, as every app reads and names them.

``is_language_code``/``parse_lang`` accept the BCP 47 codes translations are stored under
(a 400 naming the field otherwise), ``language_name`` says a code in the active language,
``translation_language_problem`` says why a game cannot be translated into a code (the languages
a role may name), and ``ui_language``/``language`` pick the interface language explanations are
written in.
"""

from __future__ import annotations

import re

from django.conf import settings
from django.conf.locale import LANG_INFO
from django.utils import translation as i18n
from django.utils.translation import get_language_info, gettext
from rest_framework.exceptions import ValidationError

# Matched whole (fullmatch: "$" alone would let "en\n" through), and at most LANG_MAX
# characters, as the columns that store a language are.
LANG_RE = re.compile(r"^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$")
LANG_MAX = 20


def is_language_code(value: str) -> bool:
    """Whether ``value`` is a BCP 47 language code as translations store them: "en", "zh-Hans", "pt-BR"."""
    return bool(LANG_RE.fullmatch(value)) and len(value) <= LANG_MAX


def parse_lang(value: str | None, *, field: str = "lang") -> str | None:
    """Return a BCP 47 language code as given, None when absent, or raise a 400 naming ``field``.

    An empty string is not absent: ``?lang=`` is refused like any other non-code, as the
    schema's pattern says, rather than silently read as "no translation"."""
    if value is None:
        return None
    if not isinstance(value, str) or not is_language_code(value):
        raise ValidationError({field: ["Not a BCP 47 language code (e.g. en, pl, el, zh-Hans)."]})
    return value


def language_name(code: str) -> str:
    """Return the name of a BCP 47 language code in the active language ("zh-Hans" → "Simplified Chinese")."""
    lowered = code.lower()
    base = lowered.split("-")[0]
    candidates = [lowered, base] + (["zh-hans"] if base == "zh" else [])
    for candidate in candidates:
        try:
            return get_language_info(candidate)["name_translated"]
        except KeyError:
            continue
    return code


def canonical_language(code: str) -> str:
    """A BCP 47 code in its usual case, as translations are stored: "zh-hans" → "zh-Hans",
    "PT-br" → "pt-BR"."""
    head, *rest = code.split("-")
    out = [head.lower()]
    for part in rest:
        if len(part) == 4 and part.isalpha():
            out.append(part.title())
        elif len(part) == 2 or (len(part) == 3 and part.isdigit()):
            out.append(part.upper())
        else:
            out.append(part.lower())
    return "-".join(out)


def translation_language_problem(code: str) -> str:
    """Why a game cannot have a translation into ``code`` (empty when it can). A game can be
    translated into any language the site can name — the names the workspace, the reader and
    the language pickers show, Django's language list, by the whole code or its language
    subtag ("pt-BR", "de-AT") — written in its usual case, since pages and files match codes
    exactly; never into its original's (``Role.clean`` says that one)."""
    # Known first: a spelling is suggested only for a code that is then accepted (never
    # "Write it as xx-Nope" for a language no one can name).
    if code.lower() not in LANG_INFO and code.split("-")[0].lower() not in LANG_INFO:
        return gettext(
            "%(code)s is no language this site can name: translations are into known languages (en, pl, el, zh-Hans, pt-BR …)."
        ) % {"code": code}
    if canonical_language(code) != code:
        return gettext("Write it as %(code)s (language in small letters, script and region capitalised).") % {
            "code": canonical_language(code)
        }
    return ""


def same_language(a: str, b: str) -> bool:
    """Whether two codes name one language, one maybe more precisely ("pl" and "pl-PL", "zh" and
    "zh-Hans"; not "zh-Hans" and "zh-Hant"). An underscore separates subtags too, as PO files
    write them ("pl_PL")."""
    x, y = (c.lower().replace("_", "-").split("-") for c in (a, b))
    n = min(len(x), len(y))
    return x[:n] == y[:n]


def ui_language(lang: str) -> str:
    """The language explanations are written in: ``lang`` when the UI has it, else English."""
    codes = {code.lower() for code, _ in settings.LANGUAGES}
    return lang if lang.lower() in codes else "en"


def language(lang: str):
    """Context manager: write explanations in ``lang`` where the UI has it."""
    return i18n.override(ui_language(lang))
