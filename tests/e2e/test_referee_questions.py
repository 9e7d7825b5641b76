"""The referee's question list on a phone (390×844): grouped by section, filtered as you type,
the last five questions used on top."""

import pytest
from playwright.sync_api import expect

from games import engine
from tests.e2e.conftest import ARTIFACTS


@pytest.mark.parametrize("game", ["dolores", "praetor"])
def test_the_question_list_filters_as_you_type_and_keeps_the_last_five_on_top(site, page, game):
    page.goto(f"{site}/referee/?game={game}")
    cards = page.locator("[data-group]:not(#recent) li[data-text]")
    expect(cards).to_have_count(len(engine.for_game(game)))
    assert page.locator("[data-group]:not(#recent) h2").count() > 1  # grouped by section
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(ARTIFACTS / f"questions-{game}-390.png"), full_page=True)

    first = engine.for_game(game)[-1]
    words = str(first.title).split()[:3]
    page.get_by_label("Find among").fill(" ".join(words).upper())
    visible = page.locator("[data-group]:not(#recent) li[data-text]:visible")
    assert 1 <= visible.count() < len(engine.for_game(game))
    expect(page.locator(f'a[data-question="{first.name}"]').first).to_be_visible()
    page.get_by_label("Find among").fill("zzzz-no-such-question")
    expect(page.locator("[data-none]")).to_be_visible()
    page.get_by_label("Find among").fill("")

    used = [a.name for a in engine.for_game(game)[:6]]
    for name in used:
        page.locator(f'[data-group]:not(#recent) a[data-question="{name}"]').click()
        page.goto(f"{site}/referee/?game={game}")
    recent = page.locator("#recent a[data-question]")
    expect(page.locator("#recent")).to_be_visible()
    assert [recent.nth(i).get_attribute("data-question") for i in range(recent.count())] == used[::-1][:5]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(ARTIFACTS / f"questions-{game}-recent-390.png"))
