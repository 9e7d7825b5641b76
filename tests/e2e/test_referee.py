"""A referee at the table, on a phone (390×844), in Debian's Chromium."""

import re

from playwright.sync_api import expect


def test_council_vote_on_the_polish_draft(site, page, shot):
    page.goto(site + "/referee/")
    page.get_by_role("link", name="Rada Miasta").click()
    page.get_by_role("link", name=re.compile("council vote pass", re.I)).click()
    page.get_by_label("Who is at the table?").fill("Ola, Piotr, Zosia")
    page.get_by_role("button", name="Next").click()

    page.select_option("#f-proposer", "Piotr")
    support = {
        "Ola": (3, 0, 4),
        "Piotr": (1, 5, 0),
        "Zosia": (2, 2, 2),
    }
    for player, (res, ent, mer) in support.items():
        page.fill(f"#f-support_{player}_residents", str(res))
        page.fill(f"#f-support_{player}_entrepreneurs", str(ent))
        page.fill(f"#f-support_{player}_merchants", str(mer))
    page.select_option("#f-votes_Ola", "against")
    page.select_option("#f-votes_Piotr", "for")
    page.select_option("#f-votes_Zosia", "for")
    page.select_option("#f-district_type", "industrial")
    page.fill("#f-district_stage", "2")
    page.get_by_test_id("rule").click()

    ruling = page.locator("#ruling")
    expect(ruling).to_be_visible()
    # Voting starts left of the proposer and ends with the proposer (rm.vote.order).
    expect(ruling.locator('[data-field="voting_order"]')).to_have_text("Zosia, Ola, Piotr")
    # Residents 3 for / 3 against: a tie gives nothing; entrepreneurs 7:0 and merchants 2:4.
    tallies = ruling.locator('[data-field="tallies"]')
    expect(tallies).to_contain_text("residents")
    expect(tallies.locator("tr", has_text="residents")).to_have_text(re.compile(r"residents\s*3\s*3"))
    expect(tallies.locator("tr", has_text="entrepreneurs")).to_have_text(re.compile(r"entrepreneurs\s*7\s*0"))
    expect(tallies.locator("tr", has_text="merchants")).to_have_text(re.compile(r"merchants\s*2\s*4"))
    expect(ruling.locator('[data-field="council_votes"]')).to_have_text("1")
    expect(ruling.locator('[data-field="passed"]')).to_have_text("no")
    expect(ruling.get_by_test_id("summary")).to_contain_text("1")
    # After the vote everyone loses one point per group (the uncertain red rule).
    after = ruling.locator('[data-field="support_after"]')
    expect(after.locator("tr", has_text="Ola")).to_have_text(re.compile(r"Ola\s*2\s*0\s*3"))
    expect(after.locator("tr", has_text="Piotr")).to_have_text(re.compile(r"Piotr\s*0\s*4\s*0"))
    expect(ruling).to_contain_text("uncertain in the source")
    expect(ruling).to_contain_text("Po zakończonym głosowaniu usuwa się")
    expect(ruling.get_by_test_id("permalink")).to_be_visible()
    shot(page, "referee-council-vote")

    page.get_by_test_id("permalink").click()
    expect(page.locator("h1")).to_contain_text(re.compile("council vote", re.I))
    expect(page.locator("#ruling")).to_contain_text("Zosia, Ola, Piotr")
    shot(page, "referee-council-vote-permalink")


def test_dolores_unpaid_taxes_original_against_gniazdo(site, page, shot):
    page.goto(site + "/referee/")
    page.get_by_role("link", name="Dolores").click()
    page.get_by_role("link", name=re.compile("facilities produce", re.I)).click()
    # The form opens on a worked situation: the robot factory's tax is unpaid.
    expect(page.locator("#f-all_taxes_paid")).not_to_be_checked()
    expect(page.locator("#f-cities_0_facilities_1_tax_paid")).not_to_be_checked()
    # The referee adds that the Harbour's city tax was not paid either.
    page.locator("#f-cities_1_tax_paid").uncheck()
    page.get_by_test_id("rule").click()

    ruling = page.locator("#ruling")
    expect(ruling.get_by_test_id("summary")).to_contain_text("Profit phase skipped")
    expect(ruling.locator('[data-field="profit_phase"]')).to_have_text("skipped")
    # The original clause, verbatim, with its translation.
    expect(ruling).to_contain_text("omija go najbliższy etap zysków")
    gniazdo = ruling.locator('.alt[data-variant="gniazdo"]')
    expect(gniazdo).to_contain_text("Only paid factories in paid, connected cities produce: coal mine")
    expect(gniazdo).not_to_contain_text("power plant")
    # GNIAZDO's proposal, in Polish, as published.
    expect(gniazdo).to_contain_text(
        "podczas fazy zysku działają tylko te fabryki, za które gracz zapłaci podatek"
    )
    shot(page, "referee-dolores-unpaid-taxes")
