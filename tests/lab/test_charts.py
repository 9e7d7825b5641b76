"""Server-rendered SVG: escaped text, one bar per value, whiskers for intervals, round axes."""

from lab.charts import Chart, Series, render


def test_bars_whiskers_and_escaping():
    chart = Chart(
        key="k",
        title="<script>alert(1)</script>",
        categories=["a", "b<", "c"],
        series=[
            Series("A", [0.5, None, 0.25], [0.4, None, 0.2], [0.6, None, 0.3]),
            Series("B", [0.1, 0.2, 0.3]),
        ],
    )
    svg = str(render(chart))
    assert svg.startswith('<svg class="chart" viewBox="0 0 640 260" role="img"')
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "b&lt;" in svg
    assert svg.count('<rect class="bar s0"') == 2 + 1  # two bars and the legend's swatch
    assert svg.count('<rect class="bar s1"') == 3 + 1
    assert svg.count('class="whisker"') == 2
    assert "style=" not in svg  # the CSP allows no inline style


def test_percent_axes_end_on_round_figures():
    svg = str(render(Chart(key="k", title="t", categories=["x"], series=[Series("A", [0.43])])))
    ticks = [part.split(">")[1].split("<")[0] for part in svg.split('class="tick"')[1:]]
    assert ticks == ["0%", "15%", "30%", "45%", "60%"]


def test_a_long_category_wraps_onto_a_second_line_between_words():
    from lab.charts import _category_lines

    four = [f"c{n}" for n in range(3)] + ["zakończone przez zasady"]
    svg = str(render(Chart(key="k", title="t", categories=four, series=[Series("A", [0.1, 0.2, 0.3, 0.9])])))
    assert '<tspan x="' in svg and ">zakończone</tspan>" in svg and ">przez zasady</tspan>" in svg
    # Short ones stay one line; a single long word is not cut.
    assert ">c0</text>" in svg
    assert _category_lines("gracz pierwszy", 140) == ["gracz pierwszy"]
    assert _category_lines("wspólne zwycięstwo", 140) == ["wspólne", "zwycięstwo"]
    assert _category_lines("Überschreitungsgrenze", 40) == ["Überschreitungsgrenze"]
