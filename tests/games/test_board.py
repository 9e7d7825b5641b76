"""The board pictures beside a ruling's coordinates (games/board.py, games/_board.html).

Each picture is read back as a referee would: a token's field is found from the column and
row numbers drawn in the same SVG, so a token drawn one field off fails here whatever the
drawing code computes. The rulings are given by the adjudicators themselves (no database),
except in the page tests at the end.
"""

import re
import xml.etree.ElementTree as ET

import pytest

from games import board, engine
from games.board import CAP, board_for
from games.engine.declare import to_jsonable
from tests.games.referee import Referee

GAME = "dolores"
SVG = "{http://www.w3.org/2000/svg}"
# The adjudicator's own first example, the one the referee's form opens on: east (3) by 4 on a
# 12 × 10 board, pollution [2, 3] and [9, 5], a radioactive cloud [6, 6], a fire [4, 4] with
# forest east of it, [5, 4] and [6, 4].
EXAMPLE = engine.get(GAME, "wind").examples[0]
# The blue of the wind's arrows and the clouds' trails (the compass is drawn in black).
WIND_BLUE = "#0b5cad"


def rule(name, raw, referee=None):
    """The ruling's inputs (as stored) and outcome, given by the adjudicator itself."""
    referee = referee or Referee(GAME)
    adj = referee.adj(name)
    inputs = adj.validate(raw, rules=referee.rules)
    return to_jsonable(inputs), referee.rule(name, raw).outcome


def draw(raw, **kw):
    inputs, outcome = rule("wind", {**EXAMPLE, **kw} if raw is None else raw)
    drawn = board_for(GAME, "wind", inputs, outcome, uid="r1")
    assert drawn is not None
    return drawn, outcome


def parse(svg) -> ET.Element:
    """The SVG is well-formed XML (any unescaped text would break it)."""
    return ET.fromstring(str(svg))


def _labels(root):
    """Column numbers (by x) and row numbers (by y) drawn at the board's edges."""
    cols, rows = {}, {}
    for t in root.iter(SVG + "text"):
        if t.text and t.text.isdigit():
            if t.get("text-anchor") == "middle" and float(t.get("y")) < 18:
                cols[int(t.text)] = float(t.get("x"))
            elif t.get("text-anchor") == "end":
                rows[int(t.text)] = float(t.get("y")) - 3
    return cols, rows


def _field(cols, rows, x, y):
    """The field under (x, y), counted from the drawn numbers (past the last one: off the board)."""
    xs, ys = sorted(cols.items()), sorted(rows.items())
    pitch = xs[1][1] - xs[0][1] if len(xs) > 1 else board.CELL
    return (
        xs[0][0] + round((x - xs[0][1]) / pitch),
        ys[0][0] + round((y - ys[0][1]) / pitch),
    )


def tokens(svg) -> dict[str, list]:
    """Each token's symbol → the fields it is drawn on (with "gone" for faded ones), sorted."""
    root = parse(svg)
    cols, rows = _labels(root)
    found: dict[str, list] = {}
    for t in root.iter(SVG + "text"):
        if t.get("font-weight") != "700" or not t.text or t.text in ("N",):
            continue
        # A token's letter sits a little below its centre (the baseline).
        size = float(t.get("font-size"))
        x, y = float(t.get("x")), float(t.get("y")) - size * 0.36
        field = _field(cols, rows, x, y)
        entry = (*field, "gone") if t.get("opacity") else field
        found.setdefault(t.text, []).append(entry)
    return {k: sorted(v) for k, v in found.items()}


def wind_angles(svg) -> set[float]:
    return {
        float(a)
        for a in re.findall(r'transform="rotate\((-?[\d.]+) [\d.]+ [\d.]+\)" stroke="#0b5cad"', str(svg))
    }


# ================================================================= the wind


def test_before_shows_the_situation_and_after_the_adjudicators_outcome():
    drawn, outcome = draw(None)
    before, after = (p.svg for p in drawn.panels)
    assert tokens(before) == {"P": [(2, 3), (9, 5)], "R": [(6, 6)], "F": [(4, 4)]}
    # East by 4: the outcome, [[6, 3]] and [[10, 6]]; [9, 5] left across the east edge (x = 12).
    assert outcome["pollution"] == [[6, 3]] and outcome["radioactive"] == [[10, 6]]
    assert tokens(after) == {
        "P": [(6, 3), (12, 5, "gone")],
        "R": [(10, 6)],
        "F": [(4, 4)],
        "F+": [(5, 4)],
    }
    assert [p.caption for p in drawn.panels] == ["Before the wind", "After: the wind blew east, strength 4"]


def test_a_field_holding_several_kinds_shows_each():
    drawn, _ = draw(None, pollution=[[3, 3], [3, 3]], radioactive=[[3, 3]], fires=[[7, 3]], strength_roll=4)
    before, after = (p.svg for p in drawn.panels)
    # Two pollution tokens stacked on [3, 3] with a radioactive cloud; both kinds read as that field.
    assert tokens(before) == {"P2": [(3, 3)], "R": [(3, 3)], "F": [(7, 3)]}
    assert tokens(after) == {"P2": [(7, 3)], "R": [(7, 3)], "F": [(7, 3)]}


def test_what_blew_off_the_board_is_listed_and_drawn_past_the_edge():
    drawn, outcome = draw(
        None, direction_roll=4, strength_roll=2, pollution=[[0, 1], [5, 5]], radioactive=[[3, 0]]
    )
    assert outcome["removed_off_board"] == [
        {"kind": "pollution", "from": [0, 1]},
        {"kind": "radioactive", "from": [3, 0]},
    ]
    after = drawn.panels[1]
    # North is up: tokens blown north leave across the top edge, row −1.
    assert tokens(after.svg) == {"F": [(4, 4)], "P": [(0, -1, "gone"), (5, 3)], "R": [(3, -1, "gone")]}
    words = drawn.listing[1].text
    assert "blown off the board from: pollution [0, 1], radioactive cloud [3, 0]." in words
    assert words in str(after.svg)  # the same words are the picture's description


@pytest.mark.parametrize(
    "roll, direction, angle, upwind",
    [
        (2, "south", 90, "top"),  # dl.wind-direction: 2 - południe
        (3, "east", 0, "left"),  # 3 - wschód
        (4, "north", -90, "bottom"),  # 4 - północ
        (5, "west", 180, "right"),  # 5 - zachód
    ],
)
def test_the_wind_arrow_points_the_way_of_each_roll(roll, direction, angle, upwind):
    drawn, outcome = draw(None, direction_roll=roll, strength_roll=1)
    assert outcome["direction"] == direction
    root = parse(drawn.panels[0].svg)
    cols, rows = _labels(root)
    for svg in (p.svg for p in drawn.panels):
        assert wind_angles(svg) == {angle}
    # The arrows stand just off the upwind edge, blowing onto the board.
    centres = [
        _field(cols, rows, float(x), float(y))
        for x, y in re.findall(
            r'rotate\(-?[\d.]+ ([\d.]+) ([\d.]+)\)" stroke="#0b5cad"', str(drawn.panels[0].svg)
        )
    ]
    side = {
        "top": lambda c: c[1] == -1,
        "bottom": lambda c: c[1] == EXAMPLE["height"],
        "left": lambda c: c[0] == -1,
        "right": lambda c: c[0] == EXAMPLE["width"],
    }[upwind]
    assert centres and all(side(c) for c in centres), centres


@pytest.mark.parametrize("roll", [1, 6])
def test_no_wind_draws_no_arrow_and_moves_nothing(roll):
    drawn, outcome = draw(None, direction_roll=roll)
    assert outcome["direction"] is None
    before, after = (p.svg for p in drawn.panels)
    assert wind_angles(before) == wind_angles(after) == set()
    assert 'stroke-dasharray="3 2"' not in str(after)  # no trail
    assert tokens(after) == tokens(before)
    assert drawn.panels[1].caption == "After: no wind, nothing moved"


def test_a_large_board_is_drawn_around_its_tokens_and_says_so():
    drawn, outcome = draw(
        None,
        width=400,
        height=300,
        pollution=[[150, 40], [152, 41], [3, 290]],
        radioactive=[],
        strength_roll=3,
        fires=[],
        burnable=[],
    )
    before, after = (p.svg for p in drawn.panels)
    cols, rows = _labels(parse(before))
    assert len(cols) == CAP and len(rows) == CAP
    assert tokens(before) == {"P": [(150, 40), (152, 41)]}
    assert tokens(after) == {"P": [(153, 40), (155, 41)]}
    assert drawn.note.startswith("The board is 400 × 300 fields: drawn are columns")
    assert "2 fields with tokens lie outside them" in drawn.note
    assert "[3, 290]" in drawn.listing[0].text


def test_the_largest_situation_stays_small():
    big = {
        **EXAMPLE,
        "width": 1000,
        "height": 1000,
        "pollution": [[i % 999, (i * 7) % 999] for i in range(1000)],
        "radioactive": [[(i * 3) % 999, i % 999] for i in range(1000)],
        "fires": [[i, 999 - i] for i in range(1000)],
        "burnable": [[i % 100, i // 100] for i in range(10000)],
    }
    drawn, _ = draw(big)
    for p in drawn.panels:
        root = parse(p.svg)
        assert float(root.get("width")) <= 390
        assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
        assert len(str(p.svg)) < 60_000
    # The words list at most LIST_CAP fields per kind, then say how many more.
    assert re.search(
        r"pollution: (\[\d+, \d+\]( ×\d+)?, ){29}\[\d+, \d+\]( ×\d+)? and \d+ more fields;",
        drawn.listing[0].text,
    )


def test_every_picture_is_accessible_and_has_no_inline_style():
    drawn, _ = draw(None)
    for p, name in zip(drawn.panels, ("before", "after"), strict=True):
        root = parse(p.svg)
        assert root.get("role") == "img"
        assert root.get("aria-labelledby") == f"board-r1-{name}-t"
        assert root.find(SVG + "title").get("id") == f"board-r1-{name}-t"
        assert root.find(SVG + "title").text == p.caption
        assert root.find(SVG + "desc").text.startswith("pollution: ")
        assert "style" not in str(p.svg)
    for symbol, meaning in drawn.key:
        assert 'aria-hidden="true"' in symbol and meaning


def test_text_is_escaped(monkeypatch):
    monkeypatch.setitem(board.TOKEN_NAMES, "pollution", '<script>alert("x")</script> & co')
    drawn, _ = draw(None)
    svg = str(drawn.panels[0].svg)
    parse(svg)
    assert "<script>" not in svg
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co: [2, 3], [9, 5]" in svg


def test_an_id_cannot_break_out_of_its_attribute():
    inputs, outcome = rule("wind", EXAMPLE)
    drawn = board_for(GAME, "wind", inputs, outcome, uid='x" onload="alert(1)')
    assert 'id="board-xonloadalert1-before-t"' in str(drawn.panels[0].svg)


@pytest.mark.parametrize(
    "inputs, outcome",
    [
        ({**EXAMPLE, "width": "12"}, None),
        ({**EXAMPLE, "pollution": [[1, "<b>"]]}, None),
        (EXAMPLE, {"direction": "up"}),
        (EXAMPLE, {"removed_off_board": [{"kind": "<script>", "from": [1, 1]}]}),
        ({"width": 12}, None),
    ],
    ids=["width-text", "cell-text", "direction", "removed-kind", "missing"],
)
def test_a_ruling_that_does_not_read_as_a_board_shows_no_picture(inputs, outcome):
    _, good = rule("wind", EXAMPLE)
    assert board_for(GAME, "wind", inputs, {**good, **(outcome or {})}) is None


# ============================================================= other rulings


@pytest.mark.parametrize(
    "game, name",
    [("dolores", "move-and-attack"), ("dolores", "city-tax"), ("rada-miasta", "council-vote"), ("x", "wind")],
)
def test_rulings_without_places_draw_nothing(game, name):
    assert board_for(game, name, {"actions": ["move", "attack"]}, {"allowed": None}) is None


def strip_cells(svg):
    root = parse(svg)
    return [t.text for t in root.iter(SVG + "text") if t.get("font-weight") != "700"]


@pytest.mark.parametrize(
    "unit, terrain, fields",
    [
        ("infantry", "open", 2),  # dl.infantry-move: dwa pola
        ("infantry", "forest", 1),  # dl.infantry-forest-route: las … do jednego pola
        ("armored", "route", 5),  # dl.armored-move: wzdłuż lądowego szlaku … o pięć pól
        ("ship", "sea", 5),  # dl.ship-move: pięć pól na rundę
    ],
)
def test_movement_draws_as_many_fields_as_the_unit_may_enter(unit, terrain, fields):
    inputs, outcome = rule("movement", {"unit": unit, "terrain": terrain})
    assert outcome == {"allowed": True, "max_fields": fields}
    drawn = board_for(GAME, "movement", inputs, outcome)
    (panel,) = drawn.panels
    assert strip_cells(panel.svg) == [str(n) for n in range(1, fields + 1)]
    assert panel.caption.endswith(f"up to {fields} field{'s' if fields > 1 else ''} a round")
    assert float(parse(panel.svg).get("width")) <= 390


def test_movement_where_the_unit_may_not_go_crosses_the_field_out():
    inputs, outcome = rule("movement", {"unit": "armored", "terrain": "forest"})
    assert outcome == {"allowed": False, "max_fields": 0}
    (panel,) = board_for(GAME, "movement", inputs, outcome).panels
    assert panel.caption == "Armored unit on forest: may not enter"
    assert strip_cells(panel.svg) == []
    assert str(panel.svg).count("<line") == 2  # the cross, and no arrow


def test_a_draft_that_lets_units_run_far_is_drawn_capped():
    referee = Referee(GAME).with_params(infantry_move=40)
    inputs, outcome = rule("movement", {"unit": "infantry", "terrain": "open"}, referee)
    assert outcome["max_fields"] == 40
    drawn = board_for(GAME, "movement", inputs, outcome)
    assert len(strip_cells(drawn.panels[0].svg)) == CAP
    assert drawn.note == f"Only the first {CAP} of the 40 fields are drawn."
    assert float(parse(drawn.panels[0].svg).get("width")) <= 390


# ====================================================================== pages

WIND_FORM = {
    "direction_roll": "3",
    "strength_roll": "4",
    "width": "12",
    "height": "10",
    "pollution": "2,3; 9,5",
    "radioactive": "6,6",
    "fires": "4,4",
    "burnable": "5,4; 6,4",
    "variant": "original",
    "lang": "en",
}


def _post(api, name, inputs):
    r = api.post(f"/api/v1/games/dolores/adjudicators/{name}/", {"inputs": inputs}, format="json")
    assert r.status_code == 200, r.json()
    return r.json()["permalink"]


def test_the_stored_ruling_page_draws_the_wind(corpus, api, client):
    html = client.get(_post(api, "wind", EXAMPLE)).content.decode()
    assert html.count('<svg xmlns="http://www.w3.org/2000/svg" class="board-svg"') == 2
    assert 'data-testid="board"' in html
    assert "After: the wind blew east, strength 4" in html
    # Beside the coordinates: after the outcome, before the clauses.
    assert (
        html.index('data-testid="outcome"')
        < html.index('data-testid="board"')
        < html.index("Why: the clauses")
    )


@pytest.mark.parametrize(
    "name, inputs",
    [
        ("city-tax", {"districts": 4, "first_city": False}),
        ("move-and-attack", {"actions": ["move", "attack"]}),
    ],
)
def test_rulings_without_places_have_no_picture(corpus, api, client, name, inputs):
    html = client.get(_post(api, name, inputs)).content.decode()
    assert 'data-testid="board"' not in html and "board-svg" not in html


def test_the_live_ruling_fragment_draws_the_wind_too(corpus, client):
    r = client.post("/referee/dolores/wind/", WIND_FORM, HTTP_HX_REQUEST="true")
    assert r.status_code == 200
    html = r.content.decode()
    assert html.lstrip().startswith("<section")
    assert html.count('class="board-svg"') == 2


def test_north_is_up_and_east_is_right():
    # The adjudicator's geometry (games.engine.declare.Coord): x grows east, y grows south.
    drawn, _ = draw(None)
    root = parse(drawn.panels[0].svg)
    cols, rows = _labels(root)
    assert sorted(cols, key=cols.get) == list(range(EXAMPLE["width"]))
    assert sorted(rows, key=rows.get) == list(range(EXAMPLE["height"]))
    compass = re.findall(r'rotate\((-?[\d.]+) [\d.]+ [\d.]+\)" stroke="#1b1f24"', str(drawn.panels[0].svg))
    assert compass == ["-90"]  # north, up


def test_three_digit_row_numbers_fit_left_of_the_board():
    drawn, _ = draw(
        None, width=400, height=300, pollution=[[150, 290]], radioactive=[], fires=[], burnable=[]
    )
    root = parse(drawn.panels[0].svg)
    rows = [t for t in root.iter(SVG + "text") if t.get("text-anchor") == "end"]
    assert rows and all(len(t.text) == 3 for t in rows)
    # A digit of the 9-unit numbers is under 6 units wide: each number starts inside the picture.
    assert all(float(t.get("x")) - 6 * len(t.text) >= 0 for t in rows)
    assert float(root.get("width")) <= 390
    assert tokens(drawn.panels[0].svg) == {"P": [(150, 290)]}


def test_a_newly_burning_field_is_no_longer_drawn_as_forest_after_the_wind():
    # East, strength 4: the fire on (4,4) spreads to (5,4), a forest; (6,4) stays a forest.
    drawn, outcome = draw(
        None,
        direction_roll=3,
        strength_roll=4,
        fires=[[4, 4]],
        burnable=[[5, 4], [6, 4]],
        pollution=[],
        radioactive=[],
    )
    assert outcome["new_fires"] == [[5, 4]]
    tree = 'fill="#2f7d32"'
    before, after = (str(p.svg) for p in drawn.panels)
    # dl.wind-fire-burns: the forest token comes off the newly burning field.
    assert before.count(tree) == 2 and after.count(tree) == 1
