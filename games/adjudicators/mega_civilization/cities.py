"""Mega Civilization, section "cities" (5. city construction, surplus removal, support).

- ``city-construction``: ``mc.cities.construction`` (``city_site_tokens`` on a city site,
  ``city_other_tokens`` elsewhere), ``mc.cities.surplus-removal``.
- ``city-support``: ``mc.cities.support`` (``support_per_city``), ``mc.cities.reduction``,
  ``mc.cities.reduced-tokens-count``.
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import attrgetter
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import Reasoning, Result, Rules, names, repeated
from games.engine.declare import Bool, Int, List, Object, Str

from .common import MAX_CITIES, MAX_LIMIT, MAX_TOKENS, adjudicator

# ---------------------------------------------------------------------------
# city-construction

CITY_CONSTRUCTION_INPUTS = Object(
    tokens=Int(0, MAX_TOKENS, label=gettext_lazy("Population tokens in the area")),
    city_site=Bool(label=gettext_lazy("The area has the square (city site) symbol")),
)


def _cities(n: int) -> str:
    return ngettext("%(n)s city", "%(n)s cities", n) % {"n": n}


def _tokens(n: int) -> str:
    return ngettext("%(n)s token", "%(n)s tokens", n) % {"n": n}


def _tokens_needed(city_site: bool, rules: Rules) -> int:
    """mc.cities.construction: "6 tokens ... για περιοχή που έχει σύμβολο τετράγωνο και 12 tokens
    ... για οποιαδήποτε περιοχή" ("any area" read as any other area)."""
    return rules.param("city_site_tokens") if city_site else rules.param("city_other_tokens")


def _city_construction_summary(o: dict[str, Any]) -> str:
    if not o["built"]:
        return _("The city cannot be built: %(n)s tokens are needed.") % {"n": o["required"]}
    n = o["surplus_removed"]
    return ngettext(
        "The city is built; %(n)s surplus token is removed.",
        "The city is built; %(n)s surplus tokens are removed.",
        n,
    ) % {"n": n}


@adjudicator("city-construction", inputs=CITY_CONSTRUCTION_INPUTS, summary=_city_construction_summary)
def city_construction(i: Any, *, variant: str, rules: Rules) -> Result:
    """Need the city site's or the other area's tokens; remove the rest after building."""
    r = Reasoning()
    required = _tokens_needed(i.city_site, rules)
    built = i.tokens >= required
    where = _("an area with the square symbol") if i.city_site else _("an area without the square symbol")
    r.step(
        "mc.cities.construction",
        (
            _("A city in %(w)s needs %(q)s tokens; there are %(n)s, so it is built.")
            if built
            else _("A city in %(w)s needs %(q)s tokens; there are %(n)s, so it cannot be built.")
        )
        % {"w": where, "q": required, "n": i.tokens},
    )
    # mc.cities.surplus-removal: "όποιο token πληθυσμού υπάρχει ακόμη, αφαιρείται".
    surplus = i.tokens - required if built else 0
    if built:
        r.step(
            "mc.cities.surplus-removal",
            ngettext(
                "After building, the %(n)s token still in the area is removed.",
                "After building, the %(n)s tokens still in the area are removed.",
                surplus,
            )
            % {"n": surplus},
        )
    return r.result({"built": built, "required": required, "surplus_removed": surplus})


# ---------------------------------------------------------------------------
# city-support


def _unique_cities(i: Any) -> Iterator[tuple[str, str]]:
    for n, city in repeated(i.cities, attrgetter("id")):
        yield f"cities.{n}.id", _("Duplicate city: %(c)s.") % {"c": city}


CITY_SUPPORT_INPUTS = Object(
    cities=List(
        Object(
            id=Str(1, 40, label=gettext_lazy("City")),
            limit=Int(0, MAX_LIMIT, label=gettext_lazy("Population limit of its area")),
        ),
        max_length=MAX_CITIES,
        label=gettext_lazy("Cities, the one to give up first last"),
    ),
    tokens=Int(0, MAX_TOKENS, label=gettext_lazy("Population tokens on the map")),
    checks=[_unique_cities],
)


def _reduce(cities: list[Any], tokens: int, per_city: int) -> tuple[list[Any], list[Any], int]:
    """mc.cities.reduction + mc.cities.reduced-tokens-count: while the cities lack their
    support, the owner's next city (from the end of their list) becomes as many tokens as
    its area's limit, and those tokens count toward the support of the rest.

    Returns the cities kept, the cities reduced (in order) and the tokens after.
    """
    kept, reduced = list(cities), []
    while kept and tokens < per_city * len(kept):
        city = kept.pop()
        tokens += city.limit
        reduced.append(city)
    return kept, reduced, tokens


def _city_support_summary(o: dict[str, Any]) -> str:
    if not o["reduced"]:
        return _("Every city is supported.")
    return _("Reduced: %(c)s; %(cities)s and %(tokens)s remain.") % {
        "c": names(o["reduced"]),
        "cities": _cities(o["cities_after"]),
        "tokens": _tokens(o["tokens_after"]),
    }


@adjudicator("city-support", inputs=CITY_SUPPORT_INPUTS, summary=_city_support_summary)
def city_support(i: Any, *, variant: str, rules: Rules) -> Result:
    """Reduce cities (last listed first) until each one left has its supporting tokens."""
    r = Reasoning()
    # mc.cities.support: "Κάθε πόλη ... θα πρέπει να υποστηρίζεται από δύο tokens πληθυσμού".
    per_city = rules.param("support_per_city")
    r.step(
        "mc.cities.support",
        ngettext(
            "%(c)s city needs %(n)s supporting tokens; there are %(t)s.",
            "%(c)s cities need %(n)s supporting tokens; there are %(t)s.",
            len(i.cities),
        )
        % {"c": len(i.cities), "n": per_city * len(i.cities), "t": i.tokens},
    )
    kept, reduced, tokens_after = _reduce(list(i.cities), i.tokens, per_city)
    tokens, left = i.tokens, len(i.cities)
    for city in reduced:
        tokens, left = tokens + city.limit, left - 1
        r.step(
            "mc.cities.reduction",
            _(
                "Short of support: %(c)s is replaced by as many tokens as its area's population limit "
                "(%(l)s); now %(tokens)s for %(cities)s."
            )
            % {"c": city.id, "l": city.limit, "tokens": _tokens(tokens), "cities": _cities(left)},
        )
    if reduced:
        r.step(
            "mc.cities.reduced-tokens-count",
            _("The new tokens count toward support: %(tokens)s for the remaining %(cities)s.")
            % {"tokens": _tokens(tokens_after), "cities": _cities(len(kept))},
        )
        if len(i.cities) > 1:
            r.gap("mc.cities.reduction", "which-city-is-reduced")
    return r.result(
        {"reduced": [c.id for c in reduced], "cities_after": len(kept), "tokens_after": tokens_after}
    )
