"""The lab pages of the whole-game models (Praetor, Imperial Tax Farmer, Mega Civilization):
a designer starts a run from the form as the page gives it, the run's page shows charts and
every metric in words — English and Polish, never a metric's key — and the CSV and JSON
downloads hold the result (issue #23)."""

import csv
import html as html_
import io
import re

import pytest
from django.utils import translation

from lab import simulate
from lab.models import PlaytestRun
from lab.views import MAX_SEATS

pytestmark = pytest.mark.django_db

WHOLE_GAMES = ("praetor", "imperial-tax-farmer", "mega-civilization")


def _visible(page: str) -> str:
    """The page's text as a reader sees it: no tags, attributes or scripts."""
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return html_.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


def _attr(tag: str, name: str) -> str | None:
    found = re.search(rf'\b{name}="([^"]*)"', tag)
    return found and found.group(1)


def _form(page: str) -> dict[str, str]:
    """Configuration A as the form gives it: each input's value, each select's selected option
    (read tag by tag, however the template breaks its lines)."""
    body = {}
    for tag in re.findall(r"<input\b[^>]*>", page):
        name = _attr(tag, "name")
        if name and name.startswith("a-") and _attr(tag, "type") == "number":
            body[name] = _attr(tag, "value") or ""
    for tag, options in re.findall(r"(<select\b[^>]*>)(.*?)</select>", page, re.S):
        name = _attr(tag, "name")
        if name and name.startswith("a-"):
            chosen = [o for o in re.findall(r"<option\b[^>]*>", options) if re.search(r"\sselected\b", o)]
            body[name] = _attr((chosen or re.findall(r"<option\b[^>]*>", options))[0], "value")
    return body


@pytest.mark.parametrize("slug", WHOLE_GAMES)
def test_a_designer_runs_the_game_and_reads_it_in_english_and_polish(client, make_user, corpus, slug):
    client.force_login(make_user("des", kind="designer", game=slug))
    form = client.get(f"/lab/{slug}/")
    assert form.status_code == 200
    assert str(simulate.model(slug).policy_help) in _visible(form.content.decode())
    # A seat's policy for each seat the game can have, none past it.
    most = min(simulate.model(slug).max_players, MAX_SEATS)
    assert f'name="a-policy-{most}"' in form.content.decode()
    assert f'name="a-policy-{most + 1}"' not in form.content.decode()
    seats = str(max(3, simulate.model(slug).min_players))  # Mega Civilization: 5 at least
    body = _form(form.content.decode()) | {"a-games": "12", "a-players": seats}
    r = client.post(f"/lab/{slug}/", body)
    assert r.status_code == 302, r.content.decode()
    run = PlaytestRun.objects.get()
    assert (run.status, run.result["games"], r["Location"]) == ("finished", 12, f"/lab/runs/{run.pk}/")
    keys = set(run.result["metrics"])
    assert {"first_player_win_share", "rounds_mean"} <= keys

    page = client.get(r["Location"]).content.decode()
    text = _visible(page)
    assert page.count('<svg class="chart"') >= 2 and 'id="chart-disputes"' in page
    assert "Round 1's first player wins" in text and "Rounds per game" in text
    # The rules' figures (dozens for these games) folded, so the results come first at 390 px.
    figures = len(run.result["parameters"])
    assert f"<summary>{figures} figures read from the text</summary>" in re.sub(r"\s+", " ", page)
    assert "How often each known dispute arises" in text
    assert [k for k in keys if k in text] == []  # no metric is shown by its key
    # The model's length in words: its rounds, or the game's own end (not "None rounds").
    assert ("12 rounds" if slug == "mega-civilization" else "until the rules end the game") in text
    assert "None" not in text

    polish = _visible(client.get(r["Location"], HTTP_ACCEPT_LANGUAGE="pl").content.decode())
    assert "Wygrywa gracz pierwszy w 1. rundzie" in polish and "Rundy na grę" in polish
    assert "Jak często zdarza się każdy znany spór" in polish
    assert "Round 1's first player wins" not in polish and "Every metric" not in polish
    assert [k for k in keys if k in polish] == []

    # The downloads, for anyone with the link.
    client.logout()
    data = client.get(f"/lab/runs/{run.pk}/download.json")
    assert data.status_code == 200 and data["Content-Type"] == "application/json"
    assert data.json() == run.result
    assert data["Content-Disposition"] == f'attachment; filename="playtest-{slug}-{run.pk}.json"'
    sheet = client.get(f"/lab/runs/{run.pk}/download.csv")
    assert sheet.status_code == 200 and sheet["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(sheet.content.decode())))
    assert rows[0] == ["metric", "kind", "A_value", "A_ci_low", "A_ci_high", "A_n"]
    assert [row[0] for row in rows[1 : len(keys) + 1]] == list(run.result["metrics"])
    assert float(rows[1][2]) == run.result["metrics"][rows[1][0]]["value"]


def test_two_praetor_configurations_compared_draw_both_series(client, make_user, corpus):
    client.force_login(make_user("des", kind="designer", game="praetor"))
    body = _form(client.get("/lab/praetor/").content.decode()) | {"a-games": "8", "a-players": "3"}
    body |= {k.replace("a-", "b-"): v for k, v in body.items()} | {"b-seed": "2", "compare": "on"}
    r = client.post("/lab/praetor/", body)
    assert r.status_code == 302
    page = client.get(r["Location"]).content.decode()
    assert "A − B" in page and 'class="bar s1"' in page
    assert "Seat 3 wins" in _visible(page) and "win_share_seat_3" not in _visible(page)


@pytest.mark.parametrize("slug", sorted(simulate.models()))
def test_every_metric_of_every_model_has_a_label_in_english_and_polish(corpus, slug):
    model = simulate.model(slug)
    config, rules = simulate.configure(game=slug, players=model.min_players + 1, games=2, seed=3)
    result = simulate.summarize(config, rules, simulate.run_range(config, rules, 0, 2))
    for name in result["metrics"]:
        with translation.override("en"):
            english = model.label(name)
        with translation.override("pl"):
            polish = model.label(name)
        assert english != name, (slug, name)
        assert polish != english, (slug, name, english)
