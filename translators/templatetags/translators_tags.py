from django import template
from django.utils.safestring import SafeString

from config.htmx import meta_config
from config.languages import language_name

from ..views import dom_id as _dom_id

register = template.Library()


@register.simple_tag
def workspace_htmx_config() -> SafeString:
    """The workspace's htmx-config: htmx swaps the editor's 400 and 409 answers too (they carry
    the translator's text and the message)."""
    return meta_config({"code": "40[09]", "swap": True, "error": False})


@register.filter
def dom_id(key: str) -> str:
    return _dom_id(key)


@register.filter
def label_of(labels: dict, value: str) -> str:
    """The label that *labels* gives *value*, or "" when it gives none."""
    return labels.get(value, "")


@register.filter
def language(code: str) -> str:
    """The name of a language code in the interface's language ("el" → "Greek"): pages show
    names, codes stay in URLs."""
    return language_name(code)
