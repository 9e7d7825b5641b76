"""The ruling API is rate limited per client with a clear 429."""

import threading

import pytest

from games.throttle import RulingThrottle


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


def test_the_throttle_counts_in_redis_or_the_database_never_per_process(db, rf, settings):
    from django.core.cache import caches
    from django.core.cache.backends.redis import RedisCache

    from games import throttle
    from games.models import ThrottleCount

    settings.RULING_RATE = "5/min"
    assert RulingThrottle().allow_request(rf.post("/", REMOTE_ADDR="10.1.2.3"), None)
    if isinstance(caches["shared"], RedisCache):  # REDIS_URL
        assert isinstance(throttle.windows(), throttle.RedisWindows)
        assert not ThrottleCount.objects.exists()
    else:
        assert isinstance(throttle.windows(), throttle.DatabaseWindows)
        row = ThrottleCount.objects.get()
        assert (row.key, row.hits, row.previous) == ("throttle:rulings:60:10.1.2.3", 1, 0)


@pytest.mark.django_db(transaction=True)
def test_racing_requests_get_exactly_the_limit_through(settings):
    """16 threads at once, each request counted by one atomic round trip to the store: no two
    read the same count, so exactly the limit is allowed, whatever the interleaving."""
    from django.db import connection
    from django.test import RequestFactory

    settings.RULING_RATE = "5/h"
    threads, start, allowed = 16, threading.Barrier(16), []
    request = RequestFactory().post("/", REMOTE_ADDR="10.9.9.9")

    def run():
        try:
            start.wait()
            allowed.append(RulingThrottle().allow_request(request, None))
        finally:
            connection.close()

    workers = [threading.Thread(target=run) for _ in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
    assert (allowed.count(True), allowed.count(False)) == (5, threads - 5)
    # The refused requests took their hits back: after the window, the client starts afresh.
    assert not RulingThrottle().allow_request(request, None)


class Clock:
    def __init__(self, now: float):
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_the_previous_windows_requests_count_by_their_share_of_the_window(db, rf, settings, monkeypatch):
    settings.RULING_RATE = "10/min"
    clock = Clock(60 * 1000 + 50)  # 50 s into a minute
    monkeypatch.setattr(RulingThrottle, "timer", clock)
    request = rf.post("/", REMOTE_ADDR="10.0.0.7")

    def ask() -> tuple[bool, float | None]:
        t = RulingThrottle()
        ok = t.allow_request(request, None)
        return ok, None if ok else t.wait()

    assert [ask() for _ in range(10)] == [(True, None)] * 10
    # Over the limit in this window: the wait reaches into the next, until the 10 rulings'
    # share of it (⌈10 × the fraction left⌉) leaves room for one more.
    refused, wait = ask()
    assert not refused and wait == pytest.approx(10 + 6)
    clock.now += 15.9
    assert not ask()[0]
    clock.now += 0.1  # 6 s into the next minute: ⌈10 × 54/60⌉ = 9 counted
    assert ask() == (True, None)
    assert not ask()[0]
    # Half way through the minute, half the previous minute's rulings still count.
    clock.now = 60 * 1001 + 30
    # 1 already in this minute, ⌈10 × 0.5⌉ = 5 from the last: 4 more, to 5 + 5 = 10.
    assert [ask()[0] for _ in range(5)] == [True] * 4 + [False]
    refused, wait = ask()
    assert not refused and wait == pytest.approx(6)  # until ⌈10 × 0.4⌉ = 4 leaves room
    # Two minutes on, nothing from before counts any more.
    clock.now = 60 * 1003 + 1
    assert [ask()[0] for _ in range(11)] == [True] * 10 + [False]


def test_finished_windows_are_deleted_from_the_database(db, rf, settings, monkeypatch):
    from games import throttle
    from games.models import ThrottleCount

    if not isinstance(throttle.windows(), throttle.DatabaseWindows):
        pytest.skip("the counts are in Redis, which expires them itself")
    settings.RULING_RATE = "3/min"
    clock = Clock(60 * 2000 + 1)
    monkeypatch.setattr(RulingThrottle, "timer", clock)
    monkeypatch.setattr(throttle.DatabaseWindows, "_next_purge", 0.0)
    for n in range(3):
        RulingThrottle().allow_request(rf.post("/", REMOTE_ADDR=f"10.0.1.{n}"), None)
    assert ThrottleCount.objects.count() == 3
    clock.now += 118  # the next minute: the first minute's counts still matter
    RulingThrottle().allow_request(rf.post("/", REMOTE_ADDR="10.0.1.0"), None)  # a purge is due
    assert ThrottleCount.objects.count() == 3
    clock.now = 60 * 2003 + 1  # over: the first minute's counts, and 10.0.1.0's of the second
    RulingThrottle().allow_request(rf.post("/", REMOTE_ADDR="10.0.1.9"), None)
    assert sorted(ThrottleCount.objects.values_list("key", flat=True)) == ["throttle:rulings:60:10.0.1.9"]


def test_an_odd_client_address_is_counted_by_its_hash(corpus, api, settings):
    """Behind a misconfigured proxy count the client may choose its identity: whatever it
    sends (NUL, 2,000 characters) is counted, never a 500."""
    settings.RULING_RATE = "1/min"
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    body = {"inputs": {"roll": 5}}
    for forwarded in ("a\x00b", "x" * 2000, "żółw"):
        codes = [
            api.post(
                "/api/v1/games/dolores/adjudicators/interception/",
                body,
                format="json",
                HTTP_X_FORWARDED_FOR=forwarded,
            ).status_code
            for _ in range(2)
        ]
        assert codes == [200, 429], forwarded


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
