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
