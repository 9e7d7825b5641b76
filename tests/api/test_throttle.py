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
