"""The disputed points of Dolores on a phone (390×844), in Debian's Chromium: the list on top
leads to each point, every situation is said in words, and every tap target is large enough."""

import pytest

from games import engine


def _boxes(locator):
    return [(locator.nth(i).inner_text()[:40], locator.nth(i).bounding_box()) for i in range(locator.count())]


def test_the_list_on_top_leads_to_each_disputed_point(site, page, shot):
    page.goto(site + "/g/dolores/disputes/")
    links = page.locator("[data-testid=toc] a")
    keys = [d.key for d in engine.disputes_for("dolores")]
    assert links.count() == len(keys) == 11
    assert [links.nth(i).get_attribute("href") for i in range(len(keys))] == [f"#{k}" for k in keys]
    shot(page, "disputes-dolores-390")

    page.locator('[data-testid=toc] a[href="#doubt-6"]').click()
    assert page.url.endswith("#doubt-6")
    article = page.locator("#doubt-6")
    box = article.bounding_box()
    # Scrolled to the point, below the sticky header.
    header = page.locator("header.top").bounding_box()
    assert header["height"] - 1 <= box["y"] <= 844 / 2
    original = article.locator('[data-variant="original"] [data-testid=undecided]')
    assert original.inner_text().startswith("The original wording does not decide this:")
    assert "may do this in one round" in article.locator('[data-variant="gniazdo"]').inner_text()
    shot(page, "disputes-dolores-390-doubt-6")


def test_no_situation_is_raw_json_until_asked(site, page):
    page.goto(site + "/g/dolores/disputes/")
    ruled = [d for d in engine.disputes_for("dolores") if d.ruled]
    assert page.locator("[data-testid=situation] > ul.situation").count() == len(ruled)
    raw = page.locator("pre.json")
    assert raw.count() == len(ruled)
    assert not any(raw.nth(i).is_visible() for i in range(raw.count()))
    page.locator("#doubt-1 details.json summary").click()
    assert page.locator("#doubt-1 pre.json").is_visible()
    assert '"all_taxes_paid": false' in page.locator("#doubt-1 pre.json").inner_text()


@pytest.mark.parametrize("width", [390, 1280])
def test_every_tap_target_on_the_page_is_at_least_44_px(site, page, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(site + "/g/dolores/disputes/")
    targets = page.locator(".disputes a, .disputes summary, .disputes button")
    small = [(text, b) for text, b in _boxes(targets) if b is None or b["height"] < 44 or b["width"] < 44]
    assert targets.count() > 40 and small == []


@pytest.mark.parametrize(
    "game", ["rada-miasta", "praetor", "imperial-tax-farmer", "mega-civilization", "dolores"]
)
def test_nothing_overflows_the_phone_screen(site, page, game):
    page.goto(site + f"/g/{game}/disputes/")
    assert page.locator("h1").inner_text() == "Known disputed points"
    assert page.locator("[data-testid=toc] a").count() == len(engine.disputes_for(game))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
