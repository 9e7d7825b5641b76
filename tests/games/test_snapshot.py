"""The rules a ruling is given under come from the database, one source for every reader:
an admin edit of a table row or a variant moves the game's stamps, and the very next
ruling (and the reader) sees it."""

import json

import pytest
from django.urls import reverse

from games import snapshot
from rules.models import Game, TableRow, Variant

pytestmark = pytest.mark.django_db


def _stamps(slug):
    return Game.objects.filter(slug=slug).values_list("catalogue_stamp", "rules_stamp").get()


def _table_2_row(districts):
    for row in TableRow.objects.filter(game__slug="dolores", table="table-2"):
        low, high = row.data["districts"]
        if low <= districts <= high:
            return row
    raise AssertionError(districts)


def test_a_table_row_saved_in_the_admin_changes_the_next_ruling(admin_client, api, corpus):
    """The row's figures are the numbers its clause states (rules.tables); what the admin
    edits is the reading of them: here, which cell each number fills."""
    row = _table_2_row(7)  # "7 lub 8 8 4 8 3": first city 8 food 4 energy, later 8 food 3 energy
    body = {"inputs": {"districts": 7, "first_city": False}}
    url = "/api/v1/games/dolores/adjudicators/city-tax/"
    assert api.post(url, body, format="json").json()["outcome"] == {"food": 8, "energy": 3}
    stamps = _stamps("dolores")
    data = dict(row.data)
    data["numbers"] = [
        "districts.0",
        "districts.1",
        "first.food",
        "later.energy",
        "later.food",
        "first.energy",
    ]
    response = admin_client.post(
        reverse("admin:rules_tablerow_change", args=[row.pk]),
        {
            "game": row.game_id,
            "table": row.table,
            "position": row.position,
            "clause": row.clause_id,
            "data": json.dumps(data),
            "columns": json.dumps(row.columns),
            "reading": row.reading,
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    after_stamps = _stamps("dolores")
    assert after_stamps[0] != stamps[0] and after_stamps[1] != stamps[1]
    assert api.post(url, body, format="json").json()["outcome"] == {"food": 8, "energy": 4}
    assert snapshot.rules_for("dolores").table("table-2")[row.position - 1]["later"]["energy"] == 4


def test_a_table_rows_figures_follow_a_revision_of_its_clause(corpus):
    from django.utils import timezone

    from rules import params, services
    from rules.models import Clause

    clause = Clause.objects.get(key="dl.t1.coal")  # "węgiel 5 25 N/D": sale 5, purchase 25
    game = Game.objects.get(slug="dolores")
    draft = services.draft_open(game=game, author="d", now=timezone.now())

    def revise(text, version):
        services.clause_revise(
            clause=clause,
            text=text,
            status="draft",
            expected_version=version,
            now=timezone.now(),
            draft=draft,
        )

    revise("węgiel 5 30 N/D", 1)
    coal = next(
        r for r in snapshot.rules_for("dolores", draft.number).table("table-1") if r["item"] == "coal"
    )
    assert (coal["sale"], coal["purchase"]) == (5, 30)
    published = next(r for r in snapshot.rules_for("dolores").table("table-1") if r["item"] == "coal")
    assert published["purchase"] == 25
    with pytest.raises(params.BindingsBroken) as exc:
        revise("węgiel pięć N/D", 2)
    assert list(exc.value.errors) == ["table"]


def test_a_variant_saved_in_the_admin_is_what_rulings_offer(admin_client, api, corpus):
    variant = Variant.objects.get(game__slug="dolores", slug="gniazdo")
    stamps = _stamps("dolores")
    response = admin_client.post(
        reverse("admin:rules_variant_change", args=[variant.pk]),
        {
            "game": variant.game_id,
            "slug": variant.slug,
            "title": "GNIAZDO's three proposals",
            "description": variant.description,
            "position": variant.position,
            "activates": list(variant.activates.values_list("pk", flat=True)),
            "overrides": list(variant.overrides.values_list("pk", flat=True)[:1]),
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert _stamps("dolores")[1] != stamps[1]
    rules = snapshot.rules_for("dolores")
    assert rules.variant("gniazdo").title == "GNIAZDO's three proposals"
    assert len(rules.variant("gniazdo").overrides) == 1
    body = {"inputs": {"districts": 3, "first_city": False}}
    ruling = api.post("/api/v1/games/dolores/adjudicators/city-tax/", body, format="json").json()
    assert ruling["alternatives"][0]["title"] == "GNIAZDO's three proposals"


def test_loading_the_unchanged_corpus_again_moves_no_stamp(corpus):
    from django.core.management import call_command

    stamps = {g.slug: _stamps(g.slug) for g in corpus}
    call_command("loadcorpus", verbosity=0)
    assert {g.slug: _stamps(g.slug) for g in corpus} == stamps


def test_the_snapshot_is_the_corpus_as_loaded(corpus):
    """The database's rules equal the shipped corpus's, figure for figure."""
    for game in corpus:
        loaded, shipped = snapshot.rules_for(game.slug), snapshot.from_corpus(game.slug)
        assert loaded.variants == shipped.variants
        assert {k: v.value for k, v in loaded.params.items()} == {
            k: v.value for k, v in shipped.params.items()
        }
        assert {k: [dict(r) for r in rows] for k, rows in loaded.tables.items()} == {
            k: [dict(r) for r in rows] for k, rows in shipped.tables.items()
        }
        assert loaded.wordings == shipped.wordings


def test_the_caches_are_bounded(corpus):
    snapshot.clear()
    for n in range(snapshot.MAX_ENTRIES + 10):
        snapshot.load("praetor", lang=f"x-{n}")
    assert len(snapshot._snapshots._data) == snapshot.MAX_ENTRIES
