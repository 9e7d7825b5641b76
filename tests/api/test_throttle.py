"""The ruling API is rate limited per client with a clear 429."""


def test_too_many_rulings_get_a_429_with_retry_after(corpus, api, settings):
    settings.RULING_RATE = "3/min"
    body = {"inputs": {"roll": 5}}
    codes = [
        api.post("/api/v1/games/dolores/adjudicators/interception/", body, format="json").status_code
        for _ in range(4)
    ]
    assert codes == [200, 200, 200, 429]
    r = api.post("/api/v1/games/dolores/adjudicators/interception/", body, format="json")
    assert r.status_code == 429
    assert "errors" in r.json() and int(r["Retry-After"]) > 0


def test_a_forged_forwarded_for_header_does_not_escape_the_throttle(corpus, api, settings):
    settings.RULING_RATE = "2/min"
    body = {"inputs": {"roll": 5}}
    codes = [
        api.post(
            "/api/v1/games/dolores/adjudicators/interception/",
            body,
            format="json",
            HTTP_X_FORWARDED_FOR=f"10.0.0.{n}",
        ).status_code
        for n in range(4)
    ]
    assert codes == [200, 200, 429, 429]


def test_the_throttle_counts_in_the_shared_cache_not_per_process():
    from django.core.cache import caches
    from django.core.cache.backends.locmem import LocMemCache

    from games.api import RulingThrottle

    assert RulingThrottle.cache is caches["shared"]
    assert not isinstance(caches["shared"], LocMemCache)


def test_the_referee_form_is_throttled_like_the_api(corpus, client, settings):
    settings.RULING_RATE = "2/min"
    form = {"roll": "5"}
    codes = [client.post("/referee/dolores/interception/", form).status_code for _ in range(3)]
    assert codes == [200, 200, 429]
    page = client.post("/referee/dolores/interception/", form)
    assert page.status_code == 429 and int(page["Retry-After"]) > 0
    assert "Too many rulings from this device" in page.content.decode()
    # The API shares the count: the same client is over its limit there too.
    assert (
        client.post(
            "/api/v1/games/dolores/adjudicators/interception/",
            {"inputs": {"roll": 5}},
            content_type="application/json",
        ).status_code
        == 429
    )


def test_repeated_failed_logins_lock_the_user_out(corpus, client, db, settings):
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_user("dana", password="right-one")
    codes = [
        client.post("/accounts/login/", {"username": "dana", "password": "wrong"}).status_code
        for _ in range(settings.AXES_FAILURE_LIMIT)
    ]
    # The form again with its error, until the last allowed failure locks the client out.
    assert codes == [200] * (settings.AXES_FAILURE_LIMIT - 1) + [429]
    r = client.post("/accounts/login/", {"username": "dana", "password": "right-one"})
    assert r.status_code == 429
    assert "_auth_user_id" not in client.session
