"""The alignment review page in Debian's Chromium (issue #20 item 2): after Split, Merge or a
shift, each clause's tick and confidence stay with its text, so a saved text lands under the
clause it was reviewed for."""

import pytest
from django.contrib.auth import get_user_model

from rules.models import Role, Translation
from tests.translators import alignment_fixtures

ROWS_JS = """() => [...document.querySelectorAll('article.al')].map(a => ({
  key: a.querySelector('code.key').textContent,
  text: a.querySelector('textarea').value,
  confidence: a.querySelector('[data-testid=confidence]').textContent.trim(),
  ticked: a.querySelector('input[name^=accept-]').checked,
}))"""


@pytest.fixture
def german_site(site):
    user = get_user_model().objects.create_user("ola", password="pw-ola")
    Role.objects.create(user=user, kind="translator", lang="de")
    return site


def _login(page, site):
    page.goto(site + "/accounts/login/?next=/translate/dolores/de/align/")
    page.fill("#id_username", "ola")
    page.fill("#id_password", "pw-ola")
    page.get_by_role("button", name="Sign in").click()


def _by_key(rows):
    return {r["key"]: r for r in rows}


def test_split_merge_and_shift_move_ticks_and_confidences_with_the_texts(german_site, page):
    page.set_viewport_size({"width": 1280, "height": 900})
    _login(page, german_site)
    # Dolores's English as if it were a German document: what matters here is the review.
    text, _expected = alignment_fixtures.plain("dolores", "en")
    page.fill("#id_document", text)
    page.get_by_role("button", name="Align").click()
    page.wait_for_selector("article.al")
    keys = [r["key"] for r in page.evaluate(ROWS_JS)]
    i = keys.index("dl.starting-routes")
    # Untick one clause after it, so the ticks are not all alike.
    page.locator(f"input[name='accept-{keys[i + 3]}']").uncheck()
    before = page.evaluate(ROWS_JS)
    assert before[i + 3]["ticked"] is False and before[i + 2]["ticked"] is True

    page.locator(f"button[value='split:{keys[i]}']").click()
    page.wait_for_selector(f"article.moved#a-c-{keys[i].replace('.', '_')}")
    after = page.evaluate(ROWS_JS)
    # The second half is the next clause's text; every row after it moved down one, with its
    # tick and confidence (dl.resource-field-3 holds field 2's text, ticked as field 2 was).
    assert after[i + 1]["text"] and after[i]["text"] + " " + after[i + 1]["text"] == before[i]["text"]
    for j in range(i + 1, i + 8):
        moved = {k: after[j + 1][k] for k in ("text", "confidence", "ticked")}
        assert moved == {k: before[j][k] for k in ("text", "confidence", "ticked")}, keys[j + 1]
    assert (
        after[keys.index("dl.resource-field-3")]["text"] == before[keys.index("dl.resource-field-2")]["text"]
    )

    # Merge it back: the rows move up again, ticks and confidences with them.
    page.locator(f"button[value='merge:{keys[i]}']").click()
    page.wait_for_selector(f"article.moved#a-c-{keys[i].replace('.', '_')}")
    merged = page.evaluate(ROWS_JS)
    for j in range(i + 1, i + 8):
        assert {k: merged[j][k] for k in ("text", "confidence", "ticked")} == {
            k: before[j][k] for k in ("text", "confidence", "ticked")
        }, keys[j]

    # A shift moves a sentence, not the rows: ticks stay where they were.
    page.locator(f"button[value='down:{keys[i]}']").click()
    page.wait_for_selector(f"article.moved#a-c-{keys[i].replace('.', '_')}")
    shifted = page.evaluate(ROWS_JS)
    assert [r["ticked"] for r in shifted[i : i + 8]] == [r["ticked"] for r in merged[i : i + 8]]
    assert shifted[i + 1]["text"].endswith(merged[i + 1]["text"])

    # Saving puts each ticked text under the clause it was reviewed beside.
    page.get_by_role("button", name="Save the ticked ones").first.click()
    page.wait_for_selector("[data-testid=aligned]")
    saved = dict(Translation.objects.filter(lang="de").values_list("clause__key", "text"))
    expected = {r["key"]: r["text"] for r in shifted if r["ticked"] and r["text"].strip()}
    assert saved == expected
    assert keys[i + 3] not in saved
