"""Numbers read from a query string or a form: ASCII digits only.

``str.isdigit()`` is true of "²", "①", "٣", "１" and "𝟙" too; ``int()`` then fails on the
first two (a 500 where a 400 was due) and quietly reads the others as 3, 1 and 1. Every view,
form and API that reads a number from text asks this module, so that anything but the digits
0–9 is the caller's 400 (a page's 404), never a 500 and never another number.
"""

from __future__ import annotations

from typing import Any


def is_ascii_digits(text: Any) -> bool:
    """Whether ``text`` is a non-empty string of the ASCII digits 0–9 and nothing else."""
    return isinstance(text, str) and text.isascii() and text.isdigit()


def ascii_number(text: Any, *, max_digits: int = 10) -> int | None:
    """The whole number ``text`` writes in at most ``max_digits`` ASCII digits, else None."""
    return int(text) if is_ascii_digits(text) and len(text) <= max_digits else None


def signed_number(text: Any, *, max_digits: int = 10) -> int | None:
    """As ``ascii_number``, with an optional leading minus sign ("-3")."""
    if isinstance(text, str) and text.startswith("-"):
        n = ascii_number(text[1:], max_digits=max_digits)
        return None if n is None else -n
    return ascii_number(text, max_digits=max_digits)
