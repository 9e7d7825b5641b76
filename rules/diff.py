"""Word-level diff between two wordings of a clause.

Latin, Greek and other space-separated scripts are compared word by word;
Chinese, Japanese and Korean characters are compared one by one, because those
scripts do not separate words with spaces (a whole Chinese sentence would
otherwise be one "word"). Whitespace is carried with the word before it, so the
pieces of the result join back into the texts they came from.
"""

from __future__ import annotations

import difflib
import re
from typing import Literal

Op = Literal["equal", "insert", "delete"]

# Han (with extensions and compatibility ideographs), kana, Hangul, and the CJK
# and full-width punctuation that sits between them without spaces.
_CJK = (
    "\u2e80-\u2fdf"  # CJK radicals, Kangxi radicals
    "\u3000-\u303f"  # CJK symbols and punctuation
    "\u3040-\u30ff"  # hiragana, katakana
    "\u3100-\u312f\u31a0-\u31bf"  # bopomofo
    "\u3400-\u4dbf"  # extension A
    "\u4e00-\u9fff"  # unified ideographs
    "\uac00-\ud7af"  # Hangul syllables
    "\uf900-\ufaff"  # compatibility ideographs
    "\ufe30-\ufe4f"  # CJK compatibility forms
    "\uff00-\uffef"  # half-width and full-width forms
    "\U00020000-\U0003134f"  # extensions B-G
)
# One CJK character, or one run of other non-space characters, each with the
# whitespace after it; leading whitespace is a token of its own.
_TOKEN = re.compile(rf"[{_CJK}]\s*|[^\s{_CJK}]+\s*|\s+")


def tokens(text: str) -> list[str]:
    """Split ``text`` into diff tokens (words, or single CJK characters) with their trailing whitespace."""
    return _TOKEN.findall(text)


def word_diff(old: str, new: str) -> list[tuple[Op, str]]:
    """Return the pieces that turn ``old`` into ``new``: ("equal" | "delete" | "insert", text).

    Joining the "equal" and "insert" pieces gives ``new``; joining the "equal"
    and "delete" pieces gives the words of ``old`` (equal pieces carry the new
    text's whitespace, so re-wrapping alone is no change). Adjacent pieces
    never share an op and none is empty.
    """
    a, b = tokens(old), tokens(new)
    # Compare words without their whitespace: a re-wrapped line is not a change.
    matcher = difflib.SequenceMatcher(None, [t.strip() for t in a], [t.strip() for t in b], autojunk=False)
    out: list[tuple[Op, str]] = []

    def emit(op: Op, text: str) -> None:
        if not text:
            return
        if out and out[-1][0] == op:
            out[-1] = (op, out[-1][1] + text)
        else:
            out.append((op, text))

    gap = ""  # whitespace the old text had after an equal run and the new text lacks
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            emit("equal", "".join(b[j1:j2]))
            old_space, new_space = _trailing_space(a[i2 - 1]), _trailing_space(b[j2 - 1])
            gap = old_space if old_space and not new_space else ""
        else:
            # Keep the old words apart: the whitespace the old text had after the equal run
            # goes to the deleted side ("a b" → "a" is "a", " b"; "a a" → "a。a" deletes " ").
            emit("delete", gap + "".join(a[i1:i2]))
            emit("insert", "".join(b[j1:j2]))
            gap = ""
    return out


def _trailing_space(token: str) -> str:
    return token[len(token.rstrip()) :]
