from django import template

from ..views import dom_id as _dom_id

register = template.Library()


@register.filter
def dom_id(key: str) -> str:
    return _dom_id(key)
