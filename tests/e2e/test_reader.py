"""A translator reading Mega Civilization on a phone (390×844), in Debian's Chromium."""

from playwright.sync_api import expect


def test_mega_civilization_reader_switches_to_english(site, page, shot):
    page.goto(site + "/g/mega-civilization/?lang=original")
    clause = page.locator('article[id="mc.beneficiary.most-cities"]')
    greek = (
        'Ο "Δικαιούχος" ορίζεται ως εξής: Ο παίκτης που έχει τις περισσότερες πόλεις στον αποθεματικό του.'
    )
    english = 'The "Beneficiary" is defined as follows: the player who has the most cities in his stock.'
    expect(clause.locator('.orig[lang="el"]')).to_have_text(greek)
    expect(clause.locator(".tr")).to_have_count(0)

    page.locator(".lang-switch").get_by_role("link", name="English").click()
    clause = page.locator('article[id="mc.beneficiary.most-cities"]')
    expect(clause.locator('.orig[lang="el"]')).to_have_text(greek)
    expect(clause.locator('.tr[lang="en"]')).to_have_text(english)
    expect(page).to_have_url(f"{site}/g/mega-civilization/?lang=en")
    # Side by side is for wide screens; at 390 px the translation sits under the original.
    orig_box = clause.locator(".orig").bounding_box()
    tr_box = clause.locator(".tr").bounding_box()
    assert tr_box["y"] >= orig_box["y"] + orig_box["height"] - 1
    assert orig_box["x"] + orig_box["width"] <= 390
    clause.scroll_into_view_if_needed()
    shot(page, "reader-mega-civilization-en")


def _tap_targets_at_least_44(locator) -> None:
    for i in range(locator.count()):
        box = locator.nth(i).bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44, (locator.nth(i).inner_text(), box)


def _viewport_shot(page, name: str) -> None:
    from tests.e2e.conftest import ARTIFACTS

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def test_dolores_reader_contents_jump_and_back_at_390(site, page):
    page.goto(site + "/g/dolores/?lang=en")
    toc = page.locator("details.toc")
    summary = toc.locator("summary")
    # Folded to one line on a phone: the document starts right under it.
    expect(summary).to_contain_text("Contents · 18 sections")
    expect(toc).not_to_have_attribute("open", "")
    assert summary.bounding_box()["height"] >= 44
    summary.click()
    links = toc.locator("#contents a")
    expect(links).to_have_count(18)
    _tap_targets_at_least_44(links)
    taxes = links.filter(has_text="3. Etap podatków")
    expect(taxes).to_contain_text("3. Tax stage")
    expect(taxes).to_contain_text("clauses")
    _viewport_shot(page, "reader-dolores-contents-390")

    taxes.click()
    expect(page).to_have_url(f"{site}/g/dolores/?lang=en#section-taxes")
    section = page.locator("#section-taxes")
    # The section's heading sits just below the sticky header, not under it.
    header = page.locator("header.top").bounding_box()
    top = section.bounding_box()["y"]
    assert header["height"] - 1 <= top <= header["height"] + 80, (top, header)
    _viewport_shot(page, "reader-dolores-section-390")

    back = section.locator(".to-contents a")
    _tap_targets_at_least_44(back)
    # Closed again, the contents reopen when a "back to contents" link targets them.
    page.evaluate("document.querySelector('details.toc').open = false")
    back.click()
    expect(page).to_have_url(f"{site}/g/dolores/?lang=en#contents")
    expect(toc).to_have_attribute("open", "")
    expect(links.first).to_be_in_viewport()


def test_reader_contents_are_open_on_a_wide_screen(site, page):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site + "/g/praetor/")
    expect(page.locator("details.toc")).to_have_attribute("open", "")
    # And still after htmx swaps in another translation.
    page.locator(".lang-switch").get_by_role("link", name="Original only").click()
    expect(page).to_have_url(f"{site}/g/praetor/?lang=original")
    expect(page.locator("details.toc")).to_have_attribute("open", "")
    expect(page.locator("details.toc #contents a").first).to_be_visible()


def test_search_shows_word_matches_beside_their_translation_at_390(site, page, shot):
    page.goto(site + "/search/")
    page.locator("#q").fill("rakieta")
    page.locator("#q").press("Enter")
    expect(page).to_have_url(f"{site}/search/?q=rakieta")
    hit = page.locator("li.hit").first
    expect(hit.locator(".orig mark").first).to_have_text("Rakiety")
    expect(hit.locator('.tr[lang="en"]')).to_be_visible()
    # A phone stacks the translation under the original.
    orig, tr = hit.locator(".orig").bounding_box(), hit.locator(".tr").bounding_box()
    assert tr["y"] >= orig["y"] + orig["height"] - 1 and orig["x"] + orig["width"] <= 390
    _tap_targets_at_least_44(page.locator("#results a"))
    # Greek: "φόρων" finds the taxes, never "συμφορών" (calamities) inside a word.
    page.locator("#q").fill("φόρων")
    page.locator("#q").press("Enter")
    expect(page.locator("li.hit").first.locator(".orig mark").first).to_have_text("Φόρων")
    expect(page.locator("mark", has_text="συμφορών")).to_have_count(0)
    shot(page, "search-phoron-390")
    page.locator("#results .lang-switch").get_by_role("link", name="Original only").click()
    expect(page).to_have_url(f"{site}/search/?q=%CF%86%CF%8C%CF%81%CF%89%CE%BD&lang=original")
    expect(page.locator("li.hit .tr")).to_have_count(0)


def test_a_clause_page_with_figures_fits_390(site, page, shot):
    # dl.missile-effect: a long parameter name ("missile_district_step") in the figures table.
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(site + "/g/dolores/c/dl.missile-effect/")
    expect(page.locator("table.params")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "clause-missile-effect-390")
    assert errors == []
