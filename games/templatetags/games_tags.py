import functools
import html
import json
from dataclasses import dataclass
from typing import Any

from django import template
from django.utils.html import format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from config.htmx import meta_config
from games import labels
from rules import corpus, tables

register = template.Library()

# A value longer than this (as text) takes the outcome grid's whole width.
WIDE_TEXT = 16


@register.simple_tag
def referee_htmx_config() -> SafeString:
    """The referee form's htmx-config: htmx swaps the 400 and 429 answers too (the form with
    its message)."""
    return meta_config({"code": "400", "swap": True}, {"code": "429", "swap": True})


@register.filter
def as_json(value) -> str:
    """Render a value compactly, keeping non-ASCII names readable."""
    return json.dumps(value, ensure_ascii=False)


@dataclass(frozen=True)
class Field:
    """One outcome field as the ruling shows it."""

    key: str
    label: str
    value: SafeString | str
    wide: bool


class _Say:
    """Say the values of one outcome field in words, through its game's labels."""

    def __init__(self, game: str, name: str):
        self.game, self.name = game, name
        out = labels.field_of(game, name)
        self.coords = bool(out and out.coords)

    def key(self, key: Any) -> str:
        return labels.key_label(self.game, self.name, key)

    def scalar(self, value: Any) -> str:
        """A value in a line of text (a table cell, a list item)."""
        if value is None:
            return "—"
        if value is True:
            return _("yes")
        if value is False:
            return _("no")
        if self.coords and _is_coord(value):
            return f"({value[0]}, {value[1]})"
        if isinstance(value, (list, tuple)):
            sep = "; " if any(isinstance(v, (list, dict)) for v in value) else ", "
            return sep.join(self.scalar(v) for v in value) if value else "—"
        if isinstance(value, dict):
            return ", ".join(f"{self.key(k)}: {self.scalar(v)}" for k, v in value.items()) or "—"
        return str(labels.value_label(self.game, self.name, value))

    def cell(self, value: Any) -> str:
        """A table cell (escaped); figures align right."""
        if isinstance(value, int) and not isinstance(value, bool):
            return f'<td class="num">{_esc(value)}</td>'
        return f"<td>{_esc(self.scalar(value))}</td>"

    def table(self, rows: list[tuple[str | None, dict]]) -> SafeString:
        """A table of per-player, per-group or per-item figures, columns in first-seen order.
        Joined as text, each value escaped once: format_html per cell cost more than the
        rest of the ruling's fragment."""
        columns: list[str] = []
        for _name, row in rows:
            columns.extend(k for k in row if k not in columns)
        named = any(name is not None for name, _row in rows)
        corner = "<td></td>" if named else ""
        head = "".join(f'<th scope="col">{_esc(self.key(c))}</th>' for c in columns)
        body = "".join(
            "<tr>"
            + (f'<th scope="row">{_esc(self.key(name))}</th>' if named else "")
            + "".join(self.cell(row.get(c)) for c in columns)
            + "</tr>"
            for name, row in rows
        )
        return mark_safe(f'<table class="rows"><tr>{corner}{head}</tr>{body}</table>')

    def value(self, value: Any) -> tuple[SafeString | str, bool]:
        """The value rendered for people, and whether it needs the grid's whole width:
        a table for per-player or per-group figures, 'key: value' pairs for a flat map."""
        if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
            return self.table(list(value.items())), True
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            return self.table([(None, v) for v in value]), True
        if isinstance(value, dict):
            if not value:
                return "—", False
            pairs = [(self.key(k), self.scalar(v)) for k, v in value.items()]
            html = format_html_join(" · ", '<span class="pair">{}: <b>{}</b></span>', pairs)
            return html, sum(len(k) + len(v) + 3 for k, v in pairs) > WIDE_TEXT
        text = self.scalar(value)
        return text, len(text) > WIDE_TEXT


def _esc(value: Any) -> str:
    """``conditional_escape`` without its lazy-text wrapper (the values here are plain)."""
    return value.__html__() if hasattr(value, "__html__") else html.escape(str(value))


def _is_coord(value: Any) -> bool:
    """A board coordinate [x, y] (docs/api.md), in a field whose label says it holds them."""
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(c, int) and not isinstance(c, bool) for c in value)
    )


@register.filter
def outcome_fields(ruling) -> list[Field]:
    """The ruling's outcome as labelled fields, in the order the adjudicator gave them."""
    return labelled_fields(ruling.game, ruling.outcome)


@register.simple_tag
def labelled_fields(game: str, outcome: dict[str, Any]) -> list[Field]:
    """Some outcome fields of ``game`` (a ruling's, or the ones a dispute is about), labelled."""
    fields = []
    for key, value in outcome.items():
        shown, wide = _Say(game, key).value(value)
        fields.append(Field(key, labels.field_label(game, key), shown, wide))
    return fields


@functools.cache
def _table_rows(slug: str) -> dict[str, tuple[dict, dict, str]]:
    """Clause key of a table row → (its table's layout, the row, the header's words), as shipped."""
    try:
        data = corpus.game(slug)
    except (OSError, KeyError, ValueError):
        return {}
    texts = {c.key: c.text for c in data.clauses}
    out = {}
    for spec in data.tables.get("tables", []):
        header = texts.get(spec.get("header", ""), "")
        for row in spec.get("rows", []):
            out[row["clause"]] = (spec, row, header)
    return out


@dataclass
class RowCells:
    original: list[tuple[str, str]]
    translation: list[tuple[str, str]] | None


@register.simple_tag
def table_row(game: str, step, lang: str | None) -> RowCells | None:
    """A step quoting a table row: the row as "column: value" pairs named by the table's
    header, in the original and (where the header's translation is written cell by cell) in
    the translation; None for any other step."""
    found = _table_rows(game).get(step.clause)
    if found is None:
        return None
    spec, row, header = found
    original = tables.named_cells(spec, header, step.original, row)
    if original is None:
        return None
    translation = None
    layout = tables.header_rows(spec, header)
    header_tr = corpus.game(game).translations_of(lang).get(spec.get("header", "")) if lang else None
    names = tables.translated_column_names(layout, header_tr) if layout and header_tr else None
    if names and step.translation:
        translation = tables.named_translated_cells(spec, header, step.original, row, names, step.translation)
    return RowCells(original, translation)


# What {% memo %} blocks have drawn, per process: (the block, the language, the URL prefix,
# autoescape, its key's values) → the HTML. Emptied when full, so it holds what the current
# editions' rulings quote (a few thousand entries at most), never grows without bound.
_MEMO: dict[tuple, SafeString] = {}
MEMO_ENTRIES = 8192


def _step_quote(ruling, step) -> tuple:
    """What a step's quote shows (its version, its translation, their marks and link)."""
    return (
        ruling.game,
        ruling.lang,
        ruling.game_language,
        step.clause,
        step.version,
        step.status,
        step.kind,
        step.original,
        step.translation,
        step.translation_state,
        step.translation_stale,
        step.newer_version,
    )


# The keys {% memo %} knows: name → the values (of the block's arguments) the block shows.
MEMO_KEYS = {"step_quote": _step_quote}


class MemoNode(template.Node):
    """``{% memo name a b … %}…{% endmemo %}``: the block drawn once per process for each
    value of its key (``MEMO_KEYS[name](a, b, …)``, with the active language, the URL prefix
    and autoescaping), then given as drawn. The key names everything the block shows:
    per-edition work (a cited version's quote, its table row, its link and marks) is done
    once, not once per ruling. Drawn afresh with DEBUG on, where templates are edited while
    the server runs."""

    def __init__(self, nodelist: template.NodeList, name: str, args: list[template.base.FilterExpression]):
        self.nodelist, self.keyer, self.args = nodelist, MEMO_KEYS[name], args

    def render(self, context) -> SafeString:
        from django.conf import settings
        from django.urls import get_script_prefix
        from django.utils.translation import get_language

        if settings.DEBUG:
            return self._draw(context)
        key = (
            self.origin.name,
            self.token.position,
            get_language(),
            get_script_prefix(),
            context.autoescape,
            self.keyer(*(a.resolve(context) for a in self.args)),
        )
        html = _MEMO.get(key)
        if html is None:
            html = self._draw(context)
            if len(_MEMO) >= MEMO_ENTRIES:
                _MEMO.clear()
            _MEMO[key] = html
        return html

    def _draw(self, context) -> SafeString:
        with context.push():  # what the block sets (``as row``) stays inside it, drawn or not
            return mark_safe(self.nodelist.render(context))


@register.tag
def memo(parser, token) -> MemoNode:
    bits = token.split_contents()[1:]
    if not bits or bits[0] not in MEMO_KEYS:
        raise template.TemplateSyntaxError(f"{{% memo %}} needs a key, one of {sorted(MEMO_KEYS)}")
    nodelist = parser.parse(("endmemo",))
    parser.delete_first_token()
    return MemoNode(nodelist, bits[0], [parser.compile_filter(bit) for bit in bits[1:]])
