"""No page writes an error to the browser console (a CSP violation, a failed script)."""

import pytest


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/g/dolores/",
        "/g/dolores/?lang=en",
        "/search/?q=podatek",
        "/g/rada-miasta/c/rm.support.limits/",
        "/g/dolores/disputes/",
        "/referee/?game=rada-miasta&q=support-gain",
        "/g/rada-miasta/editions/",
        "/g/rada-miasta/pins/",
        "/accounts/login/",
    ],
)
def test_no_console_errors(site, page, path):
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site + path)
    page.wait_for_load_state("load")
    assert errors == []
