"""docs/api.md is written from the code and kept current."""

from pathlib import Path

from django.conf import settings

from games import engine
from games.apidoc import _type, render

DOC = Path(settings.BASE_DIR) / "docs" / "api.md"


def test_docs_api_md_is_current():
    assert DOC.read_text(encoding="utf-8") == render(), "run `python manage.py apidoc`"


def test_every_adjudicator_and_endpoint_is_documented():
    text = render()
    for adj in engine.all_adjudicators():
        assert f"`POST /api/v1/games/{adj.game}/adjudicators/{adj.name}/`" in text
    assert "| POST | `/api/v1/games/{slug}/adjudicators/{name}/` | Rule on a situation |" in text


def test_a_schema_is_said_in_a_few_words():
    assert _type({"type": "integer", "minimum": 0, "maximum": 10}) == "integer 0–10"
    assert _type({"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 6}) == (
        "list of string (1–6)"
    )
    assert _type({"type": "object", "additionalProperties": {"type": "boolean"}}) == "{key: boolean}"
    assert _type({"enum": ["for", "against"]}) == "`for` / `against`"
    assert _type({"type": "object", "properties": {"a": {"type": "integer"}}, "required": []}) == (
        "{a?: integer}"
    )
