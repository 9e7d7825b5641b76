import json

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _

register = template.Library()


@register.filter
def as_json(value) -> str:
    """Render a value compactly, keeping non-ASCII names readable."""
    return json.dumps(value, ensure_ascii=False)


def _scalar(value) -> str:
    if value is None:
        return "—"
    if value is True:
        return _("yes")
    if value is False:
        return _("no")
    if isinstance(value, (list, tuple)) and all(not isinstance(v, (dict, list)) for v in value):
        return ", ".join(_scalar(v) for v in value) if value else "—"
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


@register.filter
def outcome_value(value):
    """Render one outcome value for people: a table for per-player or per-group figures."""
    if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
        columns: list[str] = []
        for row in value.values():
            columns.extend(k for k in row if k not in columns)
        head = format_html_join("", "<th>{}</th>", ((c,) for c in columns))
        body = format_html_join(
            "",
            "<tr><th>{}</th>{}</tr>",
            (
                (name, format_html_join("", "<td>{}</td>", ((_scalar(row.get(c)),) for c in columns)))
                for name, row in value.items()
            ),
        )
        return format_html('<table class="rows"><tr><th></th>{}</tr>{}</table>', head, body)
    if isinstance(value, dict):
        if not value:
            return "—"
        return format_html_join(" · ", "{}: <b>{}</b>", ((k, _scalar(v)) for k, v in value.items()))
    return _scalar(value)


@register.filter
def words(name: str) -> str:
    """'support_after' → 'support after'."""
    return str(name).replace("_", " ")
