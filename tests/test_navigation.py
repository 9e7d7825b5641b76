"""Getting around (issue #22 item 7): a sign-in lands in the workspace the user's roles give;
the header shows Design, Translate and Sign out to those who have them and Sign in to others;
403 and 404 pages are in the site's layout with the reason and a way back."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("roles", "lands"),
    [
        ({"kind": "designer", "game": "rada-miasta"}, "/design/"),
        ({"kind": "translator", "lang": "en"}, "/translate/"),
        ({}, "/"),
    ],
)
def test_signing_in_lands_in_the_users_workspace(client, make_user, corpus, roles, lands):
    make_user("ula", **roles)
    r = client.post("/accounts/login/", {"username": "ula", "password": "pw-ula"})
    assert r.status_code == 302
    landed = client.get(r["Location"])
    assert landed.status_code == 302 and landed["Location"] == lands
    assert client.get(lands).status_code == 200
    # Django's own landing is no longer a 404.
    assert client.get("/accounts/profile/")["Location"] == lands


def test_the_header_shows_each_user_their_ways_in(client, make_user, corpus):
    page = client.get("/").content.decode()
    assert 'href="/accounts/login/' in page and "Sign out" not in page and 'href="/design/"' not in page
    client.force_login(make_user("dana", kind="designer", game="rada-miasta"))
    page = client.get("/").content.decode()
    assert 'href="/design/"' in page and "Sign out" in page and 'href="/translate/"' not in page
    client.force_login(make_user("tom", kind="translator", lang="en"))
    page = client.get("/").content.decode()
    assert 'href="/translate/"' in page and 'href="/design/"' not in page
    client.cookies["django_language"] = "pl"
    page = client.get("/").content.decode()
    assert "Tłumacz" in page and "Wyloguj" in page


def test_signing_out_returns_to_the_games(client, make_user, corpus):
    client.force_login(make_user("dana", kind="designer", game="rada-miasta"))
    r = client.post("/accounts/logout/")
    assert r.status_code == 302 and r["Location"] == "/"


def test_a_refusal_is_a_page_of_the_site_with_the_reason_and_a_way_back(client, make_user, corpus):
    client.force_login(make_user("tom", kind="translator", lang="en"))
    r = client.get("/design/rada-miasta/")
    assert r.status_code == 403
    page = r.content.decode()
    assert '<header class="top">' in page and "Only a designer of this game may edit its rules." in page
    assert 'href="/"' in page and 'href="/workspace/"' in page
    missing = client.get("/no/such/page/")
    assert missing.status_code == 404
    page = missing.content.decode()
    assert '<header class="top">' in page and "There is no such page." in page and "Resolver404" not in page
    client.cookies["django_language"] = "pl"
    assert "Nie ma takiej strony." in client.get("/no/such/page/").content.decode()


def test_the_editions_page_shows_figure_changes_and_publish_times(make_user, corpus, api, client):
    from rest_framework.authtoken.models import Token

    from rules.models import ClauseVersion, Edition

    token, _ = Token.objects.get_or_create(user=make_user("dana", kind="designer", game="rada-miasta"))
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    n = api.post("/api/v1/games/rada-miasta/drafts/", format="json").json()["edition"]
    key = "rm.support.limits"
    latest = ClauseVersion.objects.filter(clause__key=key).order_by("-number").first()
    body = {
        "text": latest.text.replace("przekroczyć 10", "przekroczyć 8"),
        "based_on": latest.number,
        "status": "draft",
    }
    assert (
        api.post(f"/api/v1/games/rada-miasta/drafts/{n}/clauses/{key}/", body, format="json").status_code
        == 201
    )
    assert (
        api.post(
            f"/api/v1/games/rada-miasta/drafts/{n}/publish/", {"confirm": True}, format="json"
        ).status_code
        == 200
    )
    published = Edition.objects.get(game__slug="rada-miasta", number=n)
    page = client.get("/g/rada-miasta/editions/").content.decode()
    assert f'data-testid="figures-{key}"' in page and "max_support</code> 10 → <strong>8</strong>" in page
    assert published.published_at.strftime("%Y-%m-%d %H:%M") in page and "published" in page
