from django import template

from config.languages import language_name

from ..views import dom_id as _dom_id

register = template.Library()


@register.filter
def dom_id(key: str) -> str:
    return _dom_id(key)


@register.filter
def language(code: str) -> str:
    """The name of a language code in the interface's language ("el" → "Greek"): pages show
    names, codes stay in URLs."""
    return language_name(code)
