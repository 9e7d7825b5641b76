"""The lab follows pins (issue #22 item 3, docs/api.md): a run under an edition whose
wording the code was not written for carries the referee's warnings, on its page, in its
JSON and CSV, and in ``playtest --json``."""

import csv
import io
import json
from io import StringIO

import pytest
from django.core.management import call_command

from lab.models import PlaytestRun

from .conftest import DECAY, LIMITS

pytestmark = pytest.mark.django_db

# A draft whose decay rule now spares the Merchants: a change of meaning.
MEANING = ("(o ile go posiadał)", "(o ile go posiadał), z wyjątkiem grupy Kupców")


def playtest(*args):
    out = StringIO()
    call_command("playtest", *args, "--json", stdout=out)
    return json.loads(out.getvalue())


ARGS = ("rada-miasta", "--games", "4", "--players", "2", "--rounds", "4", "--no-cards", "--seed", "3")


def test_the_cli_json_carries_the_referees_warnings_of_the_edition_played(draft, designer, token_api):
    n = draft({DECAY: MEANING})
    body = playtest(*ARGS, "--edition", str(n))
    assert list(body)[:7] == ["game", "games", "players", "edition", "seed", "warnings", "metrics"]
    (warning,) = body["warnings"]
    vote = {
        "seating": ["Ala", "Bartek"],
        "proposer": "Ala",
        "support": {"Ala": {"residents": 2}, "Bartek": {"merchants": 1}},
        "votes": {"Ala": "for", "Bartek": "against"},
        "district": {"type": "residential", "stage": 1},
    }
    api = token_api(designer)
    ruling = api.post(
        "/api/v1/games/rada-miasta/adjudicators/council-vote/", {"inputs": vote, "edition": n}, format="json"
    ).json()
    assert ruling["warnings"] == [warning] and warning["clause"] == DECAY and warning["kind"] == "meaning"
    assert playtest(*ARGS)["warnings"] == []


def test_a_change_of_figures_alone_gives_the_lab_no_warning(draft):
    n = draft({LIMITS: ("przekroczyć 10", "przekroczyć 8")})
    assert playtest(*ARGS, "--edition", str(n))["warnings"] == []


def test_the_run_page_json_and_csv_carry_the_warnings(draft, designer, client):
    n = draft({DECAY: MEANING})
    client.force_login(designer)
    form = {
        "a-edition": str(n),
        "a-variant": "original",
        "a-players": "2",
        "a-games": "4",
        "a-seed": "4",
        "a-rounds": "4",
        "a-plots": "",
        "a-policy-1": "greedy",
        "a-policy-2": "greedy",
    }
    r = client.post("/lab/rada-miasta/", form)
    assert r.status_code == 302, r.content
    run = PlaytestRun.objects.get()
    (warning,) = run.result["warnings"]
    html = client.get(r["Location"]).content.decode()
    assert 'data-testid="warning"' in html and DECAY in html
    assert client.get(f"/lab/runs/{run.pk}/download.json").json()["warnings"] == [warning]
    rows = list(csv.reader(io.StringIO(client.get(f"/lab/runs/{run.pk}/download.csv").content.decode())))
    assert ["warning", "kind", "run", "clause", "code_version", "cited_version", "message"] in rows
    assert [
        "warning",
        "meaning",
        "A",
        DECAY,
        str(warning["code_version"]),
        str(warning["cited_version"]),
        warning["message"],
    ] in rows
