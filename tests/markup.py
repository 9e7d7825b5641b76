"""A page's HTML as the page tests read it: the whitespace inside each tag collapsed.

A template may break a long tag between its attributes (issue #26 point 9); the browser parses the
line break as a space, so a test reading a fragment such as ``'<option value="en" selected>'`` or
``'name="support.Bartek.merchants" value="5"'`` must too. The text between tags is left as it is,
so a test still fails when the page loses the fragment or changes its text.
"""

import re

_TAG = re.compile(r"<[a-zA-Z/!][^<>]*>")
_SPACE = re.compile(r"\s+")
_SPACE_BEFORE_END = re.compile(r"\s+(/?>)$")


def _squashed(tag: str) -> str:
    return _SPACE.sub(" ", _SPACE_BEFORE_END.sub(r"\1", tag))


def tags_squashed(html: str) -> str:
    """*html* with each run of whitespace inside a tag made one space, and dropped right before
    the tag's closing ``>`` or ``/>`` (a template may break a line there, issue #26)."""
    return _TAG.sub(lambda tag: _squashed(tag.group(0)), html)


def page_html(response) -> str:
    """The response's body, decoded, its tags squashed (tags_squashed)."""
    return tags_squashed(response.content.decode())
