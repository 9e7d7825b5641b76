"""OpenAPI additions generated from the adjudicators' declarations (never hand-written)."""

from __future__ import annotations

from config.languages import LANG_MAX, LANG_RE

from . import engine

LANG_PATTERN = LANG_RE.pattern

ADJUDICATE_PATH = "/api/v1/games/{slug}/adjudicators/{name}/"


def _component(adj: engine.Adjudicator) -> str:
    words = f"{adj.game}-{adj.name}".replace("_", "-").split("-")
    return "".join(w.capitalize() for w in words) + "Inputs"


def add_adjudication_request(result, generator, request, public):
    """drf-spectacular post-processing hook: document the ruling request body.

    Each adjudicator's input declaration becomes a component schema; the
    request body's ``inputs`` is one of them (which one is chosen by the
    path's ``slug`` and ``name``).
    """
    components = result.setdefault("components", {}).setdefault("schemas", {})
    refs = []
    for adj in engine.all_adjudicators():
        name = _component(adj)
        # The document is the same for every edition: bounds that are parameters of the
        # rules are named (x-parameter-maximum), their figures are per edition.
        schema = adj.schema(None)
        schema["title"] = f"{adj.game} / {adj.name}"
        components[name] = schema
        refs.append({"$ref": f"#/components/schemas/{name}"})
    components["AdjudicationRequest"] = {
        "type": "object",
        "required": ["inputs"],
        "properties": {
            "inputs": {"oneOf": refs, "description": "The situation, as the adjudicator's inputs_schema."},
            "variant": {
                "type": "string",
                "default": "original",
                "description": "A variant slug of the game (see the game's `variants`).",
            },
            "edition": {
                "type": "integer",
                "minimum": 1,
                "description": "Rule under this edition of the game, drafts included (default: the "
                "latest published one).",
            },
            "lang": {
                "type": "string",
                "default": "en",
                "pattern": LANG_PATTERN,
                "maxLength": LANG_MAX,
                "description": "BCP 47 code for translations.",
            },
        },
    }
    operation = result.get("paths", {}).get(ADJUDICATE_PATH, {}).get("post")
    if operation is not None:
        operation["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/AdjudicationRequest"}}},
        }
    return result
