"""Server-rendered SVG charts: no script, no CDN, no inline style (the CSP allows none).

A chart is drawn from a spec: categories on the x axis and one or two series (configuration
A and B) of values with optional 95 % intervals, drawn as bars with whiskers. Colours and
type come from classes in app.css; sizes are SVG attributes, and the viewBox scales the
chart to any width.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape

from django.utils.safestring import SafeString, mark_safe

WIDTH, HEIGHT = 640, 260
LEFT, RIGHT, TOP, BOTTOM = 66, 12, 16, 56


@dataclass(frozen=True)
class Series:
    name: str
    values: Sequence[float | None]
    low: Sequence[float | None] = ()
    high: Sequence[float | None] = ()
    notes: Sequence[str] = ()  # a tooltip per bar (e.g. "12 votes")


@dataclass(frozen=True)
class Chart:
    key: str
    title: str
    categories: Sequence[str]
    series: Sequence[Series]
    percent: bool = True
    y_label: str = ""
    caption: str = ""
    y_max: float | None = None
    lines: Sequence[float] = field(default_factory=tuple)  # reference lines (e.g. 1/n)


def _fmt(v: float, percent: bool) -> str:
    return f"{v * 100:.3g}%" if percent else f"{v:g}"


# Axis tops whose quarters are round figures.
PERCENT_TOPS = (0.04, 0.08, 0.2, 0.4, 0.6, 0.8, 1.0)


def _nice_max(top: float, percent: bool) -> float:
    if percent:
        return next((t for t in PERCENT_TOPS if top <= t), 1.0)
    if top <= 0:
        return 1.0
    magnitude = 10 ** (len(str(int(top))) - 1)
    return (int(top / magnitude) + 1) * magnitude


# The width of a category's letter at the narrow screens' font size (app.css: 19 units, which
# the viewBox scales to about 11 px at 390 px; measured: about 8 units a letter), with a margin:
# longer labels wrap onto a second line.
CHAR_WIDTH = 9.0


def _category_lines(category: str, width: float) -> list[str]:
    """``category`` in at most two lines of about ``width`` units, broken between words."""
    fits = max(1, int(width // CHAR_WIDTH))
    if len(category) <= fits or " " not in category:
        return [category]
    words = category.split()
    first = words.pop(0)
    while words and len(first) + 1 + len(words[0]) <= fits:
        first += " " + words.pop(0)
    return [first, " ".join(words)] if words else [first]


def _category(category: str, cx: float, y: float, width: float) -> str:
    lines = _category_lines(category, width)
    if len(lines) == 1:
        return f'<text class="cat" x="{cx:.1f}" y="{y}" text-anchor="middle">{escape(category)}</text>'
    spans = "".join(
        f'<tspan x="{cx:.1f}" dy="{"0" if n == 0 else "1.1em"}">{escape(line)}</tspan>'
        for n, line in enumerate(lines)
    )
    return f'<text class="cat" x="{cx:.1f}" y="{y}" text-anchor="middle">{spans}</text>'


def render(chart: Chart) -> SafeString:
    """The chart as an <svg> element (a figure title and a text alternative included)."""
    values = [v for s in chart.series for v in list(s.values) + list(s.high) if v is not None]
    y_max = chart.y_max or _nice_max(max(values, default=0.0), chart.percent)
    if y_max <= 0:
        y_max = 1.0
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def y(v: float) -> float:
        return TOP + plot_h * (1 - min(max(v, 0.0), y_max) / y_max)

    out = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{chart.key}-t" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{chart.key}-t">{escape(chart.title)}</title>',
    ]
    for n in range(5):
        v = y_max * n / 4
        yy = y(v)
        out.append(f'<line class="grid" x1="{LEFT}" y1="{yy:.1f}" x2="{WIDTH - RIGHT}" y2="{yy:.1f}"/>')
        out.append(
            f'<text class="tick" x="{LEFT - 6}" y="{yy + 4:.1f}" text-anchor="end">{_fmt(v, chart.percent)}</text>'
        )
    for ref in chart.lines:
        yy = y(ref)
        out.append(f'<line class="ref" x1="{LEFT}" y1="{yy:.1f}" x2="{WIDTH - RIGHT}" y2="{yy:.1f}"/>')
    groups = max(1, len(chart.categories))
    group_w = plot_w / groups
    k = max(1, len(chart.series))
    bar_w = min(48.0, group_w * 0.8 / k)
    for g, category in enumerate(chart.categories):
        x0 = LEFT + g * group_w + (group_w - bar_w * k) / 2
        for s_n, s in enumerate(chart.series):
            v = s.values[g] if g < len(s.values) else None
            if v is None:
                continue
            x = x0 + s_n * bar_w
            note = s.notes[g] if g < len(s.notes) else ""
            label = f"{s.name} · {category}: {_fmt(v, chart.percent) if chart.percent else f'{v:.3g}'}"
            lo = s.low[g] if g < len(s.low) else None
            hi = s.high[g] if g < len(s.high) else None
            if lo is not None and hi is not None:
                label += f" (95% CI {_fmt(lo, chart.percent) if chart.percent else f'{lo:.3g}'}–"
                label += f"{_fmt(hi, chart.percent) if chart.percent else f'{hi:.3g}'})"
            if note:
                label += f", {note}"
            top = y(v)
            out.append(
                f'<rect class="bar s{s_n}" x="{x + 1:.1f}" y="{top:.1f}" width="{bar_w - 2:.1f}" '
                f'height="{TOP + plot_h - top:.1f}"><title>{escape(label)}</title></rect>'
            )
            if lo is not None and hi is not None:
                cx = x + bar_w / 2
                out.append(
                    f'<path class="whisker" d="M{cx:.1f} {y(lo):.1f}V{y(hi):.1f}'
                    f'M{cx - 4:.1f} {y(lo):.1f}h8M{cx - 4:.1f} {y(hi):.1f}h8"/>'
                )
        cx = LEFT + g * group_w + group_w / 2
        out.append(_category(category, cx, TOP + plot_h + 16, group_w))
    out.append(
        f'<line class="axis" x1="{LEFT}" y1="{TOP + plot_h}" x2="{WIDTH - RIGHT}" y2="{TOP + plot_h}"/>'
    )
    legend_y = HEIGHT - 12
    for s_n, s in enumerate(chart.series if len(chart.series) > 1 else ()):
        lx = LEFT + s_n * 160
        out.append(f'<rect class="bar s{s_n}" x="{lx}" y="{legend_y - 10}" width="12" height="12"/>')
        out.append(f'<text class="legend" x="{lx + 16}" y="{legend_y}">{escape(s.name)}</text>')
    if chart.y_label:
        out.append(
            f'<text class="legend" x="{WIDTH - RIGHT}" y="{legend_y}" text-anchor="end">{escape(chart.y_label)}</text>'
        )
    out.append("</svg>")
    return mark_safe("".join(out))
