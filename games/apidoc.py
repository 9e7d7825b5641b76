"""docs/api.md, written from the code: every API endpoint and every adjudicator.

The endpoints come from the OpenAPI document drf-spectacular generates from the views; each
adjudicator's inputs from its one input declaration (the JSON Schema of the shipped edition),
its outcome keys from running its worked examples under every variant (the keys every
outcome it gives has, then the keys only some have), its variants and clauses from the
registry. ``manage.py apidoc`` writes the file and ``manage.py apidoc --check`` fails while it
is out of date (a test runs the check), so a reader of the repository needs nothing outside it.
"""

from __future__ import annotations

from typing import Any

from django.utils import translation

from rules import corpus

from . import engine, snapshot

HEADER = """\
# The API and the adjudicators

Generated from the code by `python manage.py apidoc`; do not edit by hand
(`tests/games/test_apidoc.py` fails while this file is out of date). The names here are the
public contract: acceptance cases run against them.

Conventions: JSON in and out under `/api/v1/`; every bad request is a 400
`{"errors": {"<dotted field path>": ["message", …]}}`; an unknown game or adjudicator is a
404. The OpenAPI 3 document is served at `/api/v1/schema/`. A ruling body is
`{"inputs": {…}, "variant": "original", "lang": "en", "edition": n}` (all but `inputs`
optional) and its answer carries `game`, `adjudicator`, `variant`, `edition`, `outcome`,
`steps`, `gaps`, `alternatives`, `warnings`, `ruling` and `permalink`.
"""


def _type(schema: dict[str, Any]) -> str:
    """Say a JSON Schema in a few words: `integer 0–10`, `list of string (1–6)`, `{player: integer}`."""
    if "enum" in schema:
        return " / ".join(f"`{v}`" for v in schema["enum"])
    if "anyOf" in schema or "oneOf" in schema:
        return " or ".join(_type(s) for s in schema.get("anyOf") or schema["oneOf"])
    kind = schema.get("type")
    if isinstance(kind, list):
        return " or ".join(_type({**schema, "type": k}) for k in kind)
    if kind == "integer" or kind == "number":
        low, high = schema.get("minimum"), schema.get("maximum")
        if low is not None and high is not None:
            return f"{kind} {low}–{high}"
        if low is not None:
            return f"{kind} ≥ {low}"
        return kind
    if kind == "string":
        low, high = schema.get("minLength"), schema.get("maxLength")
        return f"string ({low}–{high} characters)" if low is not None and high is not None else "string"
    if kind == "array":
        low, high = schema.get("minItems"), schema.get("maxItems")
        items = _type(schema.get("items", {}))
        count = f" ({low}–{high})" if low is not None and high is not None else ""
        return f"list of {items}{count}"
    if kind == "object":
        props = schema.get("properties")
        if props:
            required = set(schema.get("required", ()))
            fields = ", ".join(
                f"{name}{'' if name in required else '?'}: {_type(sub)}" for name, sub in props.items()
            )
            return "{" + fields + "}"
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict):
            key = schema.get("propertyNames", {})
            key_name = "/".join(key["enum"]) if "enum" in key else "key"
            return "{" + f"{key_name}: {_type(extra)}" + "}"
        return "object"
    if kind == "boolean":
        return "boolean"
    if kind == "null":
        return "null"
    return kind or "any"


def _inputs(schema: dict[str, Any]) -> list[str]:
    required = set(schema.get("required", ()))
    rows = []
    for name, sub in schema.get("properties", {}).items():
        note = (sub.get("description") or sub.get("title") or "").replace("\n", " ").replace("|", "\\|")
        need = "yes" if name in required else "no"
        kind = _type(sub).replace("|", "\\|")
        rows.append(f"| `{name}` | {need} | {kind} | {note} |")
    return rows


def outcome_keys(adj: engine.Adjudicator, rules: engine.Rules) -> tuple[list[str], list[str]]:
    """The outcome keys of every worked example under every variant: those all have, those some have."""
    seen: list[str] = []
    always: set[str] | None = None
    for body in adj.examples:
        inputs = adj.validate(body, rules=rules)
        for variant in rules.variants:
            keys = list(adj(inputs, rules=rules, variant=variant.slug).outcome)
            seen += [k for k in keys if k not in seen]
            always = set(keys) if always is None else always & set(keys)
    always = always or set()
    return [k for k in seen if k in always], [k for k in seen if k not in always]


def _endpoints() -> list[str]:
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    lines = ["## Endpoints", "", "| method | path | what | answers |", "|---|---|---|---|"]
    for path, operations in schema["paths"].items():
        for method, op in operations.items():
            codes = ", ".join(sorted(op.get("responses", {})))
            lines.append(f"| {method.upper()} | `{path}` | {op.get('summary', '')} | {codes} |")
    return lines


def _routes(resolver, prefix: str = ""):
    from django.urls import URLResolver

    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern, prefix + str(pattern.pattern))
        else:
            yield prefix + str(pattern.pattern), pattern.callback


def _pages() -> list[str]:
    from django.urls import get_resolver

    lines = ["## Pages", "", "| path | what |", "|---|---|"]
    for path, view in _routes(get_resolver()):
        if path.startswith(("admin/", "api/", "accounts/", "i18n/")):
            continue
        doc = (view.__doc__ or "").strip().split("\n\n")[0]
        where = f"`{view.__module__}.{view.__name__}`"
        lines.append(f"| `/{path}` | {' '.join(doc.split()) or where} |")
    return lines


def _game(slug: str) -> list[str]:
    data = corpus.game(slug)
    rules = snapshot.from_corpus(slug)
    lines = [f"### `{slug}` — {data.title}", ""]
    lines.append("Variants: " + ", ".join(f"`{v.slug}` ({v.title})" for v in data.variants) + ".")
    for adj in engine.for_game(slug):
        lines += ["", f"#### `{adj.name}`", "", f"{adj.title}", ""]
        lines.append(f"Code: `{adj.source[0]}`. `POST /api/v1/games/{slug}/adjudicators/{adj.name}/`")
        lines += ["", "| input | required | type | |", "|---|---|---|---|", *_inputs(adj.schema(rules)), ""]
        always, some = outcome_keys(adj, rules)
        outcome = ", ".join(f"`{k}`" for k in always)
        if some:
            outcome += " (and in some rulings " + ", ".join(f"`{k}`" for k in some) + ")"
        lines.append(f"Outcome keys: {outcome}.")
        lines.append("")
        lines.append("Clauses: " + ", ".join(f"`{k}`" for k in adj.clauses) + ".")
    return lines


def render() -> str:
    """docs/api.md as the code says it now (in English)."""
    with translation.override("en"):
        lines = [HEADER, *_endpoints(), "", *_pages(), "", "## Adjudicators", ""]
        lines.append(
            "Each game's adjudicators in the order the referee lists them, with the inputs "
            "(`?` marks an optional field of a nested object), the outcome keys and the clause keys "
            "the code may cite."
        )
        for slug in corpus.GAME_SLUGS:
            lines += ["", *_game(slug)]
    return "\n".join(lines).rstrip() + "\n"
