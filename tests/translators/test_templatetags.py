"""The workspace's template filters."""

from django.template import Context, Template

from translators.views import STATUS_LABELS


def _render(source: str, **context) -> str:
    return Template("{% load translators_tags %}" + source).render(Context(context))


def test_label_of_gives_the_label_of_a_value_and_nothing_for_an_unknown_one():
    source = "[{{ labels|label_of:state }}]"
    assert _render(source, labels=STATUS_LABELS, state="needs-review") == "[Needs review]"
    assert _render(source, labels=STATUS_LABELS, state="no-such-state") == "[]"


def test_label_of_escapes_the_label_as_the_page_escapes_any_text():
    assert _render("{{ labels|label_of:'x' }}", labels={"x": "<b>&"}) == "&lt;b&gt;&amp;"
