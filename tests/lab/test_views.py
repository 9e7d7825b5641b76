"""The lab's pages: who may run, form errors, a run with the immediate backend, the SVG
charts, the downloads and the share link."""

import csv
import io
import re

import pytest

from lab.models import PlaytestRun

pytestmark = pytest.mark.django_db

URL = "/lab/rada-miasta/"


def _form(**values):
    body = {
        "a-edition": "1",
        "a-variant": "original",
        "a-players": "3",
        "a-games": "6",
        "a-seed": "4",
        "a-rounds": "4",
        "a-plots": "",
        "a-cards": "on",
        "a-policy-1": "greedy",
        "a-policy-2": "spoiler",
        "a-policy-3": "random",
    }
    body.update(values)
    return body


def _flat(html: str) -> str:
    """The page with each run of whitespace as one space: the templates break long lines."""
    return re.sub(r"\s+", " ", html)


@pytest.fixture
def signed_in(client, designer):
    client.force_login(designer)
    return client


def test_anonymous_visitors_are_sent_to_sign_in_and_others_get_403(client, make_user, corpus):
    r = client.get(URL)
    assert r.status_code == 302 and "/accounts/login/" in r["Location"]
    client.force_login(make_user("sam", staff=True))
    assert client.get(URL).status_code == 403
    assert client.post(URL, _form()).status_code == 403
    client.force_login(make_user("dora", kind="designer", game="dolores"))
    assert client.get(URL).status_code == 403
    # Every game has a lab now (its designers only); an unknown game has none.
    assert client.get("/lab/praetor/").status_code == 403
    assert client.get("/lab/monopoly/").status_code == 404
    client.force_login(make_user("piotr", kind="designer", game="praetor"))
    assert client.get("/lab/praetor/").status_code == 200


def test_the_designer_sees_the_form(signed_in):
    r = signed_in.get(URL)
    assert r.status_code == 200
    html = r.content.decode()
    for field in ("a-edition", "a-players", "a-games", "a-seed", "a-policy-1", "b-edition", 'name="compare"'):
        assert field in html


def test_bad_fields_give_400_naming_each_field(signed_in):
    r = signed_in.post(
        URL, _form(**{"a-players": "9", "a-games": "0", "a-edition": "77", "a-policy-2": "cheat"})
    )
    assert r.status_code == 400
    errors = r.context["errors"]
    assert set(errors) == {"a-players", "a-games", "a-edition"}
    assert errors["a-games"] == ["Must be between 1 and 100000."]
    r = signed_in.post(URL, _form(**{"a-policy-2": "cheat"}))
    assert r.status_code == 400 and list(r.context["errors"]) == ["a-policy"]
    r = signed_in.post(URL, _form(compare="on", **{"b-players": "x"}))
    assert r.status_code == 400 and "b-players" in r.context["errors"]
    assert not PlaytestRun.objects.exists()


def test_a_run_plays_and_shows_charts_and_downloads(signed_in, client):
    r = signed_in.post(URL, _form())
    assert r.status_code == 302
    run = PlaytestRun.objects.get()
    assert r["Location"] == f"/lab/runs/{run.pk}/"
    assert run.status == "finished" and run.result["games"] == 6
    page = signed_in.get(r["Location"])
    html = _flat(page.content.decode())
    assert html.count("<svg") == 4 and 'class="chart"' in html
    assert 'id="m-first_player_stays_first"' in html and 'id="m-drain_vote_payoff"' in html
    # Four worry cards: the designer's sentence, the metric in a line, a verdict in words.
    assert html.count('class="card worry"') == 4 and "najpoważniejsza" not in html
    assert "kosztem zakończenia tury" in html and "No game reached that state" in html
    # The model's options in words, not as Python values ("cards True").
    assert "<dd>4 rounds · 6 city plots · event cards</dd>" in html and "True" not in html
    # The share link works for anyone, signed in or not.
    client.logout()
    assert client.get(f"/lab/runs/{run.pk}/").status_code == 200
    data = client.get(f"/lab/runs/{run.pk}/download.json")
    assert data["Content-Type"] == "application/json"
    assert data.json() == run.result
    rows = list(csv.reader(io.StringIO(client.get(f"/lab/runs/{run.pk}/download.csv").content.decode())))
    assert rows[0] == ["metric", "kind", "A_value", "A_ci_low", "A_ci_high", "A_n"]
    assert {row[0] for row in rows[1:]} == set(run.result["metrics"])
    assert client.get("/lab/runs/not-a-run/").status_code == 404


def test_two_configurations_side_by_side_with_the_difference(signed_in):
    r = signed_in.post(
        URL,
        _form(
            compare="on",
            **{k.replace("a-", "b-"): v for k, v in _form(**{"a-seed": "5", "a-cards": ""}).items()},
        ),
    )
    assert r.status_code == 302
    a, b = PlaytestRun.objects.order_by("created_at", "config__seed")
    page = signed_in.get(r["Location"])
    assert page.status_code == 200
    rows = {row["name"]: row for row in page.context["rows"]}
    assert set(rows["votes_passed_share"]["difference"]) == {"value", "z", "p", "significant", "test"}
    html = _flat(page.content.decode())
    assert "A − B" in html and html.count("<svg") == 4
    assert "· event cards</dd>" in html and "· no event cards</dd>" in html
    data = signed_in.get(r["Location"].replace("/?vs=", "/download.json?vs=")).json()
    assert set(data) == {"a", "b", "differences"}
    csv_head = (
        signed_in.get(r["Location"].replace("/?vs=", "/download.csv?vs=")).content.decode().splitlines()[0]
    )
    assert csv_head.endswith("difference,p,significant")


def test_a_running_run_shows_its_progress_and_polls(signed_in, settings):
    from .conftest import DUMMY

    settings.TASKS = DUMMY
    signed_in.post(URL, _form())
    run = PlaytestRun.objects.get()
    page = signed_in.get(f"/lab/runs/{run.pk}/")
    html = page.content.decode()
    assert '<progress id="progress-a" value="0" max="1">' in html
    assert 'http-equiv="refresh"' in html and 'hx-trigger="every 2s"' in html
    assert signed_in.get(f"/lab/runs/{run.pk}/download.csv").status_code == 409
    fragment = signed_in.get(f"/lab/runs/{run.pk}/", HTTP_HX_REQUEST="true")
    assert fragment.content.decode().lstrip().startswith('<div id="progress"')


def test_a_dolores_designer_runs_the_doubts(client, make_user, corpus):
    client.force_login(make_user("dora", kind="designer", game="dolores"))
    page = client.get("/lab/dolores/").content.decode()
    assert "a-plots" not in page and "a-cards" not in page  # the city model's fields only
    body = {
        "a-edition": "1",
        "a-variant": "original",
        "a-players": "4",
        "a-games": "3",
        "a-seed": "1",
        "a-rounds": "",
    }
    r = client.post("/lab/dolores/", body)
    assert r.status_code == 302
    html = client.get(r["Location"]).content.decode()
    assert html.count("<svg") == 2 and 'id="m-doubt_6_variants_differ_share"' in html


def test_the_saturation_preset_opens_the_form_filled_in(signed_in):
    html = signed_in.get(URL).content.decode()
    assert 'href="?preset=saturation"' in html
    r = signed_in.get(URL + "?preset=saturation")
    values = r.context["configs"][0]["values"]
    assert (values["players"], values["rounds"], values["plots"], values["cards"]) == ("2", "30", "50", False)
    # Configuration B and an unknown preset keep the defaults.
    assert r.context["configs"][1]["values"]["players"] == "4"
    assert signed_in.get(URL + "?preset=nope").context["configs"][0]["values"]["rounds"] == ""
    html = _flat(r.content.decode())
    assert '<option value="2" selected>' in html and 'name="a-plots" value="50"' in html
    assert 'id="a-cards" name="a-cards" value="on">' in html  # unchecked


def test_the_worry_3_card_links_to_the_preset_when_no_game_reaches_the_state(signed_in):
    r = signed_in.post(URL, _form())
    html = signed_in.get(r["Location"]).content.decode()
    assert 'data-testid="preset" href="/lab/rada-miasta/?preset=saturation"' in html
