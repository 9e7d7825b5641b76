"""A referee rules on Dolores's wind on a phone (390×844) and sees where the clouds went.

The pictures must fit the phone (stacked), sit side by side on a desktop, draw under the CSP
without a console error, and come back the same on the stored ruling's page.
"""

import re

from playwright.sync_api import expect

from tests.e2e.conftest import ARTIFACTS


def _boxes(page):
    return [page.locator(".board-panel").nth(i).bounding_box() for i in range(2)]


def _watch(page):
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def test_the_wind_is_drawn_before_and_after_on_a_phone(site, page, shot):
    errors = _watch(page)
    page.goto(site + "/referee/?game=dolores&q=wind&example=1")
    # The worked example ("Fill in the example"): east (3), strength 4, on a 12 × 10 board.
    page.get_by_test_id("rule").click()
    ruling = page.locator("#ruling")
    board = ruling.get_by_test_id("board")
    expect(board).to_be_visible()
    expect(ruling.locator('[data-field="pollution"]')).to_have_text("(6, 3)")
    expect(board.locator("figcaption")).to_have_text(
        ["Before the wind", "After: the wind blew east, strength 4"]
    )
    after = board.get_by_role("img", name="After: the wind blew east, strength 4")
    expect(after).to_be_visible()
    expect(after.locator("desc")).to_have_text(re.compile(r"blown off the board from: pollution \[9, 5\]"))

    before_box, after_box = _boxes(page)
    # On a phone the two pictures are stacked, each within the 390 px screen.
    assert after_box["y"] >= before_box["y"] + before_box["height"]
    for box in (before_box, after_box):
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        assert box["width"] >= 300, box  # drawn large enough to read, not shrunk to a stamp
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    board.locator("summary").click()
    expect(board.locator(".board-words dd").nth(0)).to_contain_text("pollution: [2, 3], [9, 5]")
    summary = board.locator("summary").bounding_box()
    assert summary["height"] >= 44 and summary["width"] >= 44, summary
    shot(page, "board-wind-phone")
    # What the referee sees on the screen: the board scrolled to just under the sticky header.
    board.evaluate("e => { e.scrollIntoView(); window.scrollBy(0, -60); }")
    page.screenshot(path=str(ARTIFACTS / "board-wind-phone-screen.png"))

    # The stored ruling draws the same pictures from its own inputs and outcome.
    page.get_by_test_id("permalink").click()
    expect(page.locator("h1")).to_contain_text(re.compile("wind", re.I))
    stored = page.get_by_test_id("board")
    expect(stored.locator("figcaption")).to_have_text(
        ["Before the wind", "After: the wind blew east, strength 4"]
    )
    expect(stored.get_by_role("img", name="Before the wind").locator("desc")).to_have_text(
        "pollution: [2, 3], [9, 5]; radioactive cloud: [6, 6]; fire: [4, 4]; "
        "forest, farm field or city: [5, 4], [6, 4]."
    )
    shot(page, "board-wind-stored-phone")
    assert errors == []


def test_on_a_desktop_before_and_after_sit_side_by_side(site, page, shot):
    errors = _watch(page)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site + "/referee/?game=dolores&q=wind&example=1")
    page.get_by_test_id("rule").click()
    expect(page.get_by_test_id("board")).to_be_visible()
    before_box, after_box = _boxes(page)
    assert abs(before_box["y"] - after_box["y"]) < 1
    assert after_box["x"] >= before_box["x"] + before_box["width"]
    page.get_by_test_id("board").screenshot(path=str(ARTIFACTS / "board-wind-desktop.png"))
    assert errors == []
