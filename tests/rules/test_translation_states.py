"""Translation states as translators know them: the migration from the old ones, the shipped
English, and who may save what (rules.permissions)."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from rules.models import Game, Role, Translation
from rules.permissions import can_work_on, may_save_translation

BEFORE = [("rules", "0007_search_index")]
AFTER = [("rules", "0008_translation_states_as_translators_know_them")]


@pytest.mark.django_db(transaction=True)
def test_the_migration_maps_old_states_by_a_new_revision_each():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    game = apps.get_model("rules", "Game").objects.create(slug="g", title="G", language="pl")
    doc = apps.get_model("rules", "Document").objects.create(game=game, name="d", language="pl", text="x")
    section = apps.get_model("rules", "Section").objects.create(document=doc, key="s", title="S", position=1)
    Clause = apps.get_model("rules", "Clause")
    Version = apps.get_model("rules", "ClauseVersion")
    T = apps.get_model("rules", "Translation")
    R = apps.get_model("rules", "TranslationRevision")
    made = {}
    for n, (state, author) in enumerate(
        [("draft", "ola"), ("needs-review", "corpus"), ("needs-review", "ola"), ("approved", "ewa")], start=1
    ):
        clause = Clause.objects.create(game=game, section=section, key=f"g.c{n}", position=n)
        v = Version.objects.create(clause=clause, number=1, text=f"tekst {n}", created_at="2026-01-01T00:00Z")
        t = T.objects.create(
            based_on=v,
            clause=clause,
            lang="en",
            text=f"text {n}",
            state=state,
            revision=1,
            updated_at="2026-01-01T00:00Z",
        )
        rev = R.objects.create(
            translation=t, revision=1, text=t.text, state=state, author=author, created_at="2026-01-01T00:00Z"
        )
        T.objects.filter(pk=t.pk).update(current_revision=rev)
        made[(state, author)] = t.pk
    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    executor.loader.build_graph()
    expect = {
        ("draft", "ola"): ("needs-review", 2),
        ("needs-review", "corpus"): ("translated", 2),
        ("needs-review", "ola"): ("needs-review", 1),
        ("approved", "ewa"): ("approved", 1),
    }
    for key, pk in made.items():
        t = Translation.objects.get(pk=pk)
        assert (t.state, t.revision) == expect[key], key
        revisions = list(t.revisions.order_by("revision").values_list("state", "author"))
        # The old revision keeps the state it was written with; the new one says today's.
        assert revisions[0] == key
        assert t.current_revision.state == t.state
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db
def test_the_shipped_english_is_translated_not_approved(corpus):
    states = set(Translation.objects.filter(lang="en").values_list("state", flat=True))
    assert states == {"translated"}


def _user(name, *roles):
    user = get_user_model().objects.create_user(name)
    for kind, game, lang in roles:
        Role.objects.create(
            user=user, kind=kind, game=Game.objects.get(slug=game) if game else None, lang=lang
        )
    return user


@pytest.mark.django_db
@pytest.mark.parametrize(
    "roles, game, lang, state, works_on, may_save",
    [
        ([("translator", None, "pl")], "praetor", "pl", "translated", True, True),
        ([("translator", None, "pl")], "praetor", "el", "translated", False, False),
        ([("translator", None, "pl")], "praetor", "pl", "approved", True, False),
        ([("translator", "praetor", "pl")], "praetor", "pl", "needs-review", True, True),
        ([("translator", "praetor", "pl")], "dolores", "pl", "needs-review", False, False),
        ([("reviewer", None, "pl")], "praetor", "pl", "approved", True, True),
        ([("reviewer", "praetor", "pl")], "praetor", "pl", "translated", True, True),
        ([("designer", "praetor", "")], "praetor", "pl", "translated", False, False),
        ([], "praetor", "pl", "translated", False, False),
    ],
)
def test_who_may_save_a_translation(corpus, roles, game, lang, state, works_on, may_save):
    user = _user("u", *roles)
    g = Game.objects.get(slug=game)
    assert can_work_on(user, g, lang) is works_on
    assert may_save_translation(user, g, lang, state) is may_save
