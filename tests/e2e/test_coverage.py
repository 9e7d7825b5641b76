"""The coverage page on a phone (390×844): every section with its bar, nothing wider than the screen."""

from games import coverage
from tests.e2e.conftest import ARTIFACTS


def test_the_coverage_page_fits_a_phone(site, page):
    page.goto(f"{site}/g/dolores/coverage/")
    sections = coverage.of_corpus("dolores").by_section()
    assert page.locator("section.coverage-section").count() == len(sections)
    assert page.locator("svg.bar").count() == len(sections) + 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(ARTIFACTS / "coverage-dolores-390.png"))
