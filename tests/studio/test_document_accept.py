"""A document accept lands whole or is refused naming why (issue #31 item 1, CONTRACT.md §5):
409 for the clauses revised since the comparison, 400 for a change list that contradicts
itself, and a fixed number of statements whatever the number of new clauses."""

import functools
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from rules import services
from rules.models import ClauseVersion, Edition, EditionEntry
from studio import services as studio_services
from studio import write_request
from tests.conftest import in_threads

pytestmark = pytest.mark.django_db

SOURCE = Path(settings.BASE_DIR) / "rules/corpus/dolores/source.txt"
OLD = "Oddziały wojsk mogą swobodnie przekraczać granice federacji."
MINE = "Oddziały wojsk mogą przekraczać granice federacji tylko raz na rundę."
THEIRS = "Oddziały wojsk nie mogą przekraczać granic federacji."
BASE = "/api/v1/games/dolores/drafts"


@pytest.fixture
def dora(make_user, corpus):
    return make_user("dora", kind="designer", game="dolores")


def _open(api) -> int:
    return api.post(f"{BASE}/", format="json").json()["edition"]


def _compare(api, n, text):
    """The comparison, its changes narrowed to ``dl.cross-borders``'s (the shipped source's
    tables differ from the catalogue's rows: not what these tests are about)."""
    r = api.post(f"{BASE}/{n}/document/", {"text": text}, format="json")
    assert r.status_code == 200, r.content
    body = r.json()
    changed = {c["key"]: c["change"] for c in body["changes"]}
    assert changed["dl.cross-borders"] == "revised"
    return {**body, "changes": [c for c in body["changes"] if c["key"] == "dl.cross-borders"]}


def _entry_text(n, key):
    return EditionEntry.objects.get(
        edition__game__slug="dolores", edition__number=n, clause__key=key
    ).version.text


def test_an_accept_of_a_comparison_older_than_a_revision_is_a_409_and_the_revision_is_kept(dora, token_api):
    api = token_api(dora)
    n = _open(api)
    compared = _compare(api, n, SOURCE.read_text(encoding="utf-8").replace(OLD, MINE))
    assert compared["based_on"]["dl.cross-borders"] == 1
    # B revises the clause after A's comparison.
    r = api.post(
        f"{BASE}/{n}/clauses/dl.cross-borders/",
        {"text": THEIRS, "based_on": 1, "status": "draft"},
        format="json",
    )
    assert r.status_code == 201, r.content
    versions = ClauseVersion.objects.count()
    r = api.post(f"{BASE}/{n}/document/accept/", compared, format="json")
    assert r.status_code == 409, r.content
    assert list(r.json()["errors"]) == ["based_on.dl.cross-borders"]
    assert "version 1, now 2" in r.json()["errors"]["based_on.dl.cross-borders"][0]
    assert r.json()["revised"] == {"dl.cross-borders": 2}
    assert _entry_text(n, "dl.cross-borders") == THEIRS and ClauseVersion.objects.count() == versions
    # Compared again, the accept lands.
    again = _compare(api, n, SOURCE.read_text(encoding="utf-8").replace(OLD, MINE))
    r = api.post(f"{BASE}/{n}/document/accept/", again, format="json")
    assert r.status_code == 200, r.content
    assert _entry_text(n, "dl.cross-borders") == MINE


def test_an_unchanged_clause_revised_meanwhile_does_not_stop_the_accept(dora, token_api):
    """Only what the accept writes is compared: a clause it leaves alone keeps its revision."""
    api = token_api(dora)
    n = _open(api)
    compared = _compare(api, n, SOURCE.read_text(encoding="utf-8").replace(OLD, MINE))
    r = api.post(
        f"{BASE}/{n}/clauses/dl.military-stage/",
        {"text": "W ostatnim etapie rundy gracze walczą.", "based_on": 1, "status": "draft"},
        format="json",
    )
    assert r.status_code == 201
    r = api.post(f"{BASE}/{n}/document/accept/", compared, format="json")
    assert r.status_code == 200, r.content
    assert _entry_text(n, "dl.military-stage") == "W ostatnim etapie rundy gracze walczą."


DELETE = {"key": "dl.cross-borders", "change": "deleted", "text": "", "section": "military"}
REVISE = {"key": "dl.cross-borders", "change": "revised", "text": MINE, "section": "military"}
NEW = {"key": "dl.military.nowa-zasada", "change": "new", "text": "Nowa zasada.", "section": "military"}


@pytest.mark.parametrize(
    ("changes", "path"),
    [
        ([DELETE, DELETE], "changes.1.key"),
        ([DELETE, REVISE], "changes.1.key"),
        ([NEW, NEW], "changes.1.key"),
        ([REVISE, {**REVISE, "text": 7}], "changes.1.text"),
        (["x"], "changes.0"),
        ([{**REVISE, "change": "rewritten"}], "changes.0.change"),
    ],
)
def test_a_change_list_that_contradicts_itself_is_a_400_that_saves_nothing(dora, token_api, changes, path):
    api = token_api(dora)
    n = _open(api)
    versions, entries = ClauseVersion.objects.count(), EditionEntry.objects.count()
    body = {"changes": changes, "based_on": {"dl.cross-borders": 1}}
    r = api.post(f"{BASE}/{n}/document/accept/", body, format="json")
    assert r.status_code == 400, r.content
    assert path in r.json()["errors"], r.json()
    assert (ClauseVersion.objects.count(), EditionEntry.objects.count()) == (versions, entries)


@pytest.mark.parametrize(
    ("based_on", "path"),
    [
        (None, "based_on"),
        ({}, "changes.0.key"),
        ({"dl.cross-borders": "²"}, "based_on.dl.cross-borders"),
        ({"dl.cross-borders": "١"}, "based_on.dl.cross-borders"),
        ({"dl.cross-borders": True}, "based_on.dl.cross-borders"),
    ],
)
def test_an_accept_without_the_versions_compared_is_a_400(dora, token_api, based_on, path):
    api = token_api(dora)
    n = _open(api)
    body = {"changes": [REVISE]} if based_on is None else {"changes": [REVISE], "based_on": based_on}
    r = api.post(f"{BASE}/{n}/document/accept/", body, format="json")
    assert r.status_code == 400 and path in r.json()["errors"], r.content


def test_the_document_page_refuses_a_stale_accept_with_a_409(dora, client, corpus):
    import re

    draft = services.draft_open(game=corpus.get(slug="dolores"), author="dora", now=timezone.now())
    client.force_login(dora)
    url = f"/design/dolores/{draft.number}/document/"
    html = client.post(url, {"text": SOURCE.read_text(encoding="utf-8").replace(OLD, MINE)}).content.decode()
    form = {
        "step": "accept",
        **dict(re.findall(r'name="((?:key|change|section|text)-\d+)" value="([^"]*)"', html)),
    }
    form.update(re.findall(r'name="(text-\d+)"[^>]*>([^<]*)</textarea>', html))
    form["based_on"] = re.search(r'name="based_on" value="([^"]*)"', html).group(1).replace("&quot;", '"')
    n = next(k.split("-")[1] for k, v in form.items() if k.startswith("key-") and v == "dl.cross-borders")
    form["accept"] = [n]
    entry = EditionEntry.objects.get(edition=draft, clause__key="dl.cross-borders")
    services.clause_revise(
        clause=entry.clause, text=THEIRS, status="draft", expected_version=1, now=timezone.now(), draft=draft
    )
    r = client.post(url, form)
    assert r.status_code == 409
    assert "based_on.dl.cross-borders" in r.content.decode()
    assert _entry_text(draft.number, "dl.cross-borders") == THEIRS


@pytest.mark.django_db(transaction=True)
def test_accepts_racing_revisions_of_one_clause_lose_no_revision(dora, token_api):
    """8 accepts of one comparison racing 8 revisions of ``dl.cross-borders``, each based on
    version 1: one writer wins, every other is refused naming the clause, and the draft holds
    the winner's text (in threads: on PostgreSQL each waits on the game's row lock)."""
    api = token_api(dora)
    n = _open(api)
    compared = _compare(api, n, SOURCE.read_text(encoding="utf-8").replace(OLD, MINE))
    draft = Edition.objects.get(game__slug="dolores", number=n)
    clause = EditionEntry.objects.get(edition=draft, clause__key="dl.cross-borders").clause
    versions = ClauseVersion.objects.count()

    def accept(i):
        changes = [
            {**c, "text": f"{MINE} ({i})"} if c["key"] == "dl.cross-borders" else c
            for c in compared["changes"]
        ]
        studio_services.document_accept(
            draft=draft,
            accept=write_request.AcceptRequest(changes, compared["based_on"]),
            author=f"a{i}",
            now=timezone.now(),
        )
        return f"{MINE} ({i})"

    def revise(i):
        services.clause_revise(
            clause=clause,
            text=f"{THEIRS} ({i})",
            status="draft",
            author=f"b{i}",
            expected_version=1,
            now=timezone.now(),
            draft=draft,
        )
        return f"{THEIRS} ({i})"

    calls = [functools.partial(accept, i) for i in range(8)] + [
        functools.partial(revise, i) for i in range(8)
    ]
    results = in_threads(calls, timeout=120)
    won = [r for r in results if isinstance(r, str)]
    refused = [r for r in results if isinstance(r, studio_services.DocumentStale | services.Conflict)]
    assert len(won) == 1 and len(refused) == 15, results
    assert all("dl.cross-borders" in (r.revised if hasattr(r, "revised") else str(r)) for r in refused)
    assert _entry_text(n, "dl.cross-borders") == won[0]
    assert ClauseVersion.objects.count() == versions + 1


def _new_clauses(count):
    return [
        {
            "key": f"dl.military.nowa-{count}-{i}",
            "change": "new",
            "text": f"Nowa zasada numer {i}.",
            "section": "military",
        }
        for i in range(count)
    ]


def _accept_queries(draft, count) -> int:
    with CaptureQueriesContext(connection) as queries:
        studio_services.document_accept(
            draft=draft,
            accept=write_request.AcceptRequest(_new_clauses(count), {}),
            author="dora",
            now=timezone.now(),
        )
    return len(queries)


def test_accepting_many_new_clauses_takes_as_many_statements_as_a_few(dora, corpus):
    """50 or 500 new clauses: one insert of each kind and one renumbering (on SQLite, whose
    statements hold at most 999 values, an insert of many rows is cut into batches)."""
    game = corpus.get(slug="dolores")
    few = services.draft_open(game=game, author="dora", now=timezone.now())
    many = services.draft_open(game=game, author="dora", now=timezone.now())
    small = _accept_queries(few, 50)
    large = _accept_queries(many, 500)
    keys = list(
        EditionEntry.objects.filter(edition=many).order_by("position").values_list("clause__key", "position")
    )
    assert [p for _k, p in keys] == list(range(1, len(keys) + 1))
    assert [k for k, _p in keys][:3] == [
        "dl.military.nowa-500-0",
        "dl.military.nowa-500-1",
        "dl.military.nowa-500-2",
    ]
    if connection.vendor == "postgresql":
        assert large == small
    else:
        # Three inserts (clauses, versions, entries), each in batches of what 999 values hold.
        batches = sum(-(-500 // (999 // f)) - -(-50 // (999 // f)) for f in (7, 9, 4))
        assert large <= small + batches
