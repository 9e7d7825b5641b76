"""A 400 lists at most MAX_ERRORS messages (issue 31 item 2): a wind body with every field off
the board answered 13,000 messages (853 KB); the rest are counted in one last entry."""

import pytest

from games import engine
from games.engine import Invalid
from games.engine.declare import MAX_ERRORS, Int, List, Object
from games.snapshot import from_corpus


def test_every_error_is_counted_and_the_first_hundred_said():
    decl = Object(n=List(Int(0, 1), max_length=500))
    with pytest.raises(Invalid) as exc:
        decl.validate({"n": [5] * 300}, "inputs")
    errors = exc.value.errors
    assert sum(len(m) for m in errors.values()) == MAX_ERRORS + 1
    assert errors["inputs.n.0"] == ["Ensure this value is less than or equal to 1."]
    assert "inputs.n.100" not in errors
    assert errors["inputs"] == ["…and 200 more errors."]


def test_a_hundred_errors_are_all_said_with_no_count():
    decl = Object(n=List(Int(0, 1), max_length=500))
    with pytest.raises(Invalid) as exc:
        decl.validate({"n": [5] * MAX_ERRORS}, "inputs")
    assert len(exc.value.errors) == MAX_ERRORS and "inputs" not in exc.value.errors


def test_one_more_is_said_in_the_singular():
    decl = Object(n=List(Int(0, 1), max_length=500))
    with pytest.raises(Invalid) as exc:
        decl.validate({"n": [5] * (MAX_ERRORS + 1)}, "inputs")
    assert exc.value.errors["inputs"] == ["…and 1 more error."]


@pytest.mark.django_db
def test_a_wind_body_with_every_field_off_the_board_is_a_short_400(api, corpus):
    adj = engine.get("dolores", "wind")
    fields = [[x, y] for x in range(100) for y in range(100)]
    body = {
        "inputs": {
            "direction_roll": 3,
            "strength_roll": 2,
            "width": 1,
            "height": 1,
            "pollution": fields[:1000],
            "radioactive": fields[:1000],
            "fires": fields[:1000],
            "burnable": fields,
        }
    }
    with pytest.raises(Invalid) as exc:
        adj.validate(body["inputs"], rules=from_corpus("dolores"))
    assert sum(len(m) for m in exc.value.errors.values()) == MAX_ERRORS + 1
    r = api.post("/api/v1/games/dolores/adjudicators/wind/", body, format="json")
    assert r.status_code == 400 and len(r.content) < 20_000
    errors = r.json()["errors"]
    assert sum(len(m) for m in errors.values()) == MAX_ERRORS + 1
    assert errors["inputs"][-1].startswith("…and ") and errors["inputs"][-1].endswith(" more errors.")
