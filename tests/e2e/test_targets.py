"""Tap targets at 390×844: every interactive element of the referee, ruling, reader, disputes
and search pages is at least 44 × 44 CSS px (WCAG 2.5.5), and whole cards are tappable.

Measured: every visible ``a[href]``, ``button``, ``input`` (not hidden), ``select``,
``textarea`` and ``summary``, and anything else in the tab order. A control inside a
``<label>`` is measured by its label, which is what the finger hits (the dice, the toggles).
Not measured: what is not rendered (display none, a closed ``<details>``'s content, zero size).

The one exception (WCAG 2.5.8 "inline"): a link that is part of running text, i.e. a link
with ``display: inline`` inside a clause's wording (``.clause .orig``, ``.clause .tr``) or a
block marked ``.prose``. Any other link, in a paragraph or not, must be 44 × 44.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games import engine, forms

MIN = 44
GAMES = ["rada-miasta", "praetor", "imperial-tax-farmer", "mega-civilization", "dolores"]
# A word of each game's text (and one of the interface's), so search lists hits in every game.
SEARCH = ["podatek", "tax", "πόλεις", "城市", "rada"]

MEASURE_JS = """(min) => {
  const seen = new Set(), small = [];
  const focusable = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
  const prose = '.clause .orig, .clause .tr, .prose';
  for (const el of document.querySelectorAll(focusable)) {
    const target = el.matches('input, select, textarea') && el.closest('label') || el;
    if (seen.has(target)) continue;
    seen.add(target);
    if (!target.checkVisibility({visibilityProperty: true})) continue;
    const r = target.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (el.matches('a') && getComputedStyle(el).display === 'inline' && el.closest(prose)) continue;
    if (r.width + 0.01 < min || r.height + 0.01 < min) {
      const text = (target.innerText || target.value || target.getAttribute('aria-label') || '').trim();
      small.push(`${target.tagName.toLowerCase()}${target.id ? '#' + target.id : ''}` +
                 `${target.className ? '.' + String(target.className).trim().split(/\\s+/).join('.') : ''}` +
                 ` "${text.slice(0, 30)}" ${r.width.toFixed(1)}×${r.height.toFixed(1)}`);
    }
  }
  return {count: seen.size, small};
}"""

# Each card's title link covers the card: a tap near its bottom-right corner lands on it.
CARDS_JS = """() => [...document.querySelectorAll('.card')].filter(c => c.querySelector('a.big')).map(c => {
  c.scrollIntoView({block: 'center'});
  const r = c.getBoundingClientRect();
  const hit = document.elementFromPoint(r.right - 6, r.bottom - 6);
  return {card: c.innerText.trim().slice(0, 30), ok: !!hit && hit.closest('a.big') === c.querySelector('a.big')};
})"""


def _check(page, url: str, offenders: dict[str, list[str]]) -> int:
    """Measure the page now shown; record what is too small under ``url``; return the count."""
    found = page.evaluate(MEASURE_JS, MIN)
    if found["small"]:
        offenders[url] = found["small"]
    return found["count"]


def _visit(page, site: str, path: str, offenders: dict[str, list[str]]) -> int:
    response = page.goto(site + path)
    assert response.ok, f"{path}: {response.status}"
    return _check(page, path, offenders)


def _report(offenders: dict[str, list[str]]) -> str:
    return "\n".join(f"{url}:\n  " + "\n  ".join(items) for url, items in offenders.items())


def test_the_referee_game_list_and_search_have_44px_targets_and_tappable_cards(site, page, shot):
    offenders: dict[str, list[str]] = {}
    measured = _visit(page, site, "/referee/", offenders)
    cards = page.evaluate(CARDS_JS)
    assert len(cards) == len(GAMES) and all(c["ok"] for c in cards), cards
    shot(page, "targets-referee-games")
    for q in SEARCH:
        measured += _visit(page, site, f"/search/?q={q}", offenders)
        assert page.locator("#results .hit").count() > 0, q
    shot(page, "targets-search")
    assert measured > 20
    assert offenders == {}, _report(offenders)


@pytest.mark.parametrize("game", GAMES)
def test_every_referee_reader_ruling_and_disputes_page_of_a_game_has_44px_targets(site, page, shot, game):
    offenders: dict[str, list[str]] = {}
    measured = _visit(page, site, f"/referee/?game={game}", offenders)
    cards = page.evaluate(CARDS_JS)
    assert cards and all(c["ok"] for c in cards), cards
    # Tapping a card away from its title opens the question.
    first = page.locator(".card").first
    first.scroll_into_view_if_needed()
    box = first.bounding_box()
    page.mouse.click(box["x"] + box["width"] - 8, box["y"] + box["height"] - 6)
    expect(page).to_have_url(re.compile(r"[?&]q="))

    # The players' names, asked once before the first question that needs them.
    needs_names = [a for a in engine.for_game(game) if forms.mentions_players(a.inputs)]
    if needs_names:
        measured += _visit(page, site, f"/referee/?game={game}&q={needs_names[0].name}", offenders)
        expect(page.get_by_label("Who is at the table?")).to_be_visible()

    # Every question's form, filled with its worked example ("Fill in the example").
    for adj in engine.for_game(game):
        measured += _visit(page, site, f"/referee/?game={game}&q={adj.name}&example=1", offenders)

    # The first question ruled (the ruling under the form), then its stored page.
    adj = engine.for_game(game)[0]
    path = f"/referee/?game={game}&q={adj.name}&example=1"
    page.goto(site + path)
    page.get_by_test_id("rule").click()
    expect(page.locator("#ruling")).to_be_visible()
    measured += _check(page, path + " (ruled)", offenders)
    page.get_by_test_id("permalink").click()
    expect(page).to_have_url(re.compile(r"/rulings/[0-9a-f-]+/$"))
    page.locator("details summary").first.click()  # the situation, opened
    measured += _check(page, f"/rulings/… ({game})", offenders)
    shot(page, f"targets-ruling-{game}")

    measured += _visit(page, site, f"/g/{game}/", offenders)
    shot(page, f"targets-reader-{game}")
    measured += _visit(page, site, f"/g/{game}/disputes/", offenders)
    assert measured > 50
    assert offenders == {}, _report(offenders)
