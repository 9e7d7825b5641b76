"""A translator's journey in Debian's Chromium, on a phone (390×844) and on a desktop: find
the stale clauses of a game, fix one with a memory suggestion, export XLIFF 2.0, change two
units in the file (as a translator's own tool would, through translate-toolkit), import it
(2 applied, 0 lost), and align a pasted translation of part of another game's rules. Every
interactive element on the way is at least 44 × 44 CSS px."""

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect
from translate.storage import xliff2

from rules import corpus
from rules.models import Clause, Role, Translation
from tests.translators.conftest import make_decay_stale
from translators.models import Suggestion

DECAY = "rm.vote.decay"
EXCERPT = Path(__file__).parents[1] / "translators" / "fixtures" / "praetor-pl-excerpt.md"

# The measurement of tests/e2e (referee-ux): a control inside a label is measured by its label;
# what is not rendered is not measured.
MEASURE_JS = """(min) => {
  const seen = new Set(), small = [];
  const focusable = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
  for (const el of document.querySelectorAll(focusable)) {
    const target = el.matches('input, select, textarea') && el.closest('label') || el;
    if (seen.has(target) || !target.closest('main')) continue;
    seen.add(target);
    if (!target.checkVisibility({visibilityProperty: true})) continue;
    const r = target.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.width + 0.01 < min || r.height + 0.01 < min) {
      small.push(`${target.tagName.toLowerCase()} "${(target.innerText || target.value || '').trim().slice(0, 30)}" ${r.width.toFixed(1)}×${r.height.toFixed(1)}`);
    }
  }
  return small;
}"""


@pytest.fixture
def translator_site(site):
    user = get_user_model().objects.create_user("tina", password="pw-tina")
    Role.objects.create(user=user, kind="translator", lang="en")
    Role.objects.create(user=user, kind="translator", lang="pl")
    make_decay_stale()
    return site


def _targets_ok(page):
    small = page.evaluate(MEASURE_JS, 44)
    assert not small, small


@pytest.mark.parametrize("width, height", [(390, 844), (1280, 900)], ids=["phone", "desktop"])
def test_a_translators_journey(translator_site, page, shot, tmp_path, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(translator_site + "/translate/")
    page.get_by_label("User name").fill("tina")
    page.get_by_label("Password").fill("pw-tina")
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("#cell-rada-miasta-en")).to_contain_text("Stale")
    _targets_ok(page)
    shot(page, f"translator-home-{width}")

    # Find the stale clauses of the game.
    page.get_by_role("link", name="Rada Miasta → English").click()
    page.locator(".chips label", has_text="Stale").click()
    page.get_by_role("button", name="Filter").click()
    expect(page.get_by_test_id("count")).to_have_text("1 of 53 clauses")
    row = page.locator("#c-rm_vote_decay")
    expect(row.get_by_test_id("status")).to_have_text("Stale")
    _targets_ok(page)

    # Fix it with a memory suggestion: the old version's translation, edited to the new wording.
    page.wait_for_load_state("load")
    row.get_by_role("link", name="Edit").click()
    editor = page.locator("article.editing#c-rm_vote_decay")
    expect(editor.locator(".diff ins")).to_contain_text("2 punkty")
    suggestion = editor.get_by_test_id("memory").first
    expect(suggestion).to_contain_text("memory")
    _targets_ok(page)
    shot(page, f"translator-editor-{width}")
    with page.expect_response(lambda r: r.request.method == "POST" and DECAY in r.url):
        suggestion.get_by_role("button", name="Use this").click()
    box = page.locator("article.editing#c-rm_vote_decay textarea")
    expect(box).to_have_value(re.compile("1 support point is removed"))
    box.fill(box.input_value().replace("1 support point is removed", "2 support points are removed"))
    page.locator("article.editing#c-rm_vote_decay").get_by_role("button", name="Save", exact=True).click()
    saved = page.locator("article.tu#c-rm_vote_decay")
    expect(saved.get_by_test_id("status")).to_have_text("Translated")
    expect(saved).to_contain_text("2 support points are removed")
    current = Clause.objects.get(key=DECAY).versions.order_by("-number").first()
    fixed = Translation.objects.get(based_on=current, lang="en")
    assert fixed.state == "translated" and "2 support points are removed" in fixed.text
    shot(page, f"translator-saved-{width}")

    # Export XLIFF 2.0, change two units in the file, import it.
    with page.expect_download() as download:
        page.get_by_role("link", name="Export XLIFF 2.0").click()
    exported = tmp_path / "rada-miasta.en.xlf"
    download.value.save_as(exported)
    store = xliff2.Xliff2File.parsestring(exported.read_bytes())
    changed = {"rm.vote.won-gain": "Changed in my tool (1).", "rm.order.clockwise": "Changed in my tool (2)."}
    for unit in store.unit_iter():
        if unit.getid() in changed:
            unit.target = changed[unit.getid()]
    edited = tmp_path / "edited.xlf"
    edited.write_bytes(bytes(store))
    page.get_by_role("link", name="Import a file").click()
    page.set_input_files("#id_file", str(edited))
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_test_id("report")).to_have_text(
        "2 applied, 51 unchanged, 0 in conflict (kept as suggestions), 0 rejected."
    )
    for key, text in changed.items():
        assert Translation.objects.filter(clause__key=key, lang="en", text=text).exists()
    _targets_ok(page)
    shot(page, f"translator-import-{width}")

    # Align a pasted translation: Praetor's first sections in Polish, from the Chinese.
    page.goto(translator_site + "/translate/praetor/pl/align/")
    page.fill("#id_document", EXCERPT.read_text(encoding="utf-8"))
    page.get_by_role("button", name="Align").click()
    # The excerpt covers Praetor's title, background and goal sections (13 clauses).
    total = sum(1 for c in corpus.game("praetor").clauses if c.kind != "furniture")
    expect(page.locator("main")).to_contain_text(f"A text was found for 13 of {total} clauses")
    expect(page.locator("#al-c-pr_background_wall")).to_have_value(re.compile("^W 122 roku n.e. Hadrian"))
    _targets_ok(page)
    shot(page, f"translator-align-{width}")
    # What the aligner is sure enough of is ticked; the rest (here short headings) is left to look at.
    ticked = page.locator("input[name^=accept-]:checked").count()
    assert ticked >= 8
    polish = Translation.objects.filter(clause__game__slug="praetor", lang="pl")
    shipped = {t.pk: (t.text, t.revision) for t in polish}
    page.get_by_role("button", name="Save the ticked ones").first.click()
    # Praetor ships a complete Polish translation (rules/corpus/praetor/translations/pl.toml), so
    # every aligned text is kept as a suggestion beside it and no shipped text is overwritten.
    expect(page.get_by_test_id("aligned")).to_contain_text(
        f"0 clauses saved as needing review. {ticked} kept as suggestions"
    )
    assert {t.pk: (t.text, t.revision) for t in polish.all()} == shipped
    kept = Suggestion.objects.filter(clause__game__slug="praetor", lang="pl", origin="alignment")
    assert kept.count() == ticked
    assert kept.get(clause__key="pr.background.wall").text.startswith("W 122 roku n.e. Hadrian")
