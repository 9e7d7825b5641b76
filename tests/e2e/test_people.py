"""A superuser gives a role on a phone (390×844): every choice of the form can be read in
full, and the role given is listed."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

# The widest option of each select, in the select's own font, against the room the select
# leaves for its text (its inner width less the padding and the arrow).
OPTIONS_FIT = """() => [...document.querySelectorAll('main select')].map(s => {
    const ctx = document.createElement('canvas').getContext('2d');
    const style = getComputedStyle(s);
    ctx.font = style.font;
    const widest = Math.max(...[...s.options].map(o => ctx.measureText(o.text).width));
    const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
    return {name: s.name, widest: Math.ceil(widest), room: Math.floor(room)};
})"""


@pytest.mark.parametrize("language", ["en", "pl"])
def test_a_superuser_gives_a_role_on_a_phone(site, page, shot, language):
    user = get_user_model()
    user.objects.create_superuser("root", password="pw-root")
    user.objects.create_user("ola", password="pw-ola")
    page.context.add_cookies([{"name": "django_language", "value": language, "url": site}])
    page.goto(site + "/accounts/login/?next=/translate/people/")
    page.fill("#id_username", "root")
    page.fill("#id_password", "pw-root")
    page.press("#id_password", "Enter")
    expect(page.locator("#r-game")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for select in page.evaluate(OPTIONS_FIT):
        assert select["widest"] <= select["room"], select
    shot(page, f"people-{language}-390")
    page.fill("#r-user", "ola")
    page.select_option("#r-kind", "translator")
    page.select_option("#r-game", "")
    page.fill("#r-lang", "el")
    page.locator("button[value=give]").click()
    expect(page.get_by_test_id("role")).to_have_count(1)
