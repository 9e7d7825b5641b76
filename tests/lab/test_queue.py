"""The lab's queue (issue 31 item 3): a designer's runs are capped (a few queued or running at
once, said on the page), the disputes pages' reference runs are played first, and a killed
worker's shards are queued again without anyone opening the run's page."""

import datetime as dt
import io

import pytest
from django.core.management import call_command
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from lab import selectors, services
from lab.models import PlaytestRun, PlaytestShard
from rules.models import Game
from tests.lab.test_views import URL, _form

pytestmark = pytest.mark.django_db

DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


@pytest.fixture
def workers(settings):
    """Tasks queued in the database for the workers, as in production (none runs here)."""
    settings.TASKS = DATABASE_TASKS
    settings.LAB_RUNS_PER_USER = 3


def test_a_designers_runs_are_capped_and_the_page_says_so(client, designer, workers):
    client.force_login(designer)
    assert "Your runs queued or running: 0 of the 3" in client.get(URL).content.decode()
    assert [client.post(URL, _form()).status_code for _ in range(3)] == [302, 302, 302]
    r = client.post(URL, _form())
    assert r.status_code == 429
    page = r.content.decode()
    assert "You have 3 runs queued or running, and may have 3 at once: wait for one to finish." in page
    assert "Your runs queued or running: 3 of the 3" in page
    assert PlaytestRun.objects.filter(created_by=designer).count() == 3
    # One finishing makes room for one more.
    PlaytestRun.objects.filter(pk=PlaytestRun.objects.first().pk).update(status=PlaytestRun.Status.FINISHED)
    assert client.post(URL, _form()).status_code == 302


def test_a_comparison_counts_two(client, designer, workers):
    client.force_login(designer)
    client.post(URL, _form())
    client.post(URL, _form())
    compare = _form(compare="on", **{k.replace("a-", "b-"): v for k, v in _form().items()})
    assert client.post(URL, compare).status_code == 429
    assert PlaytestRun.objects.filter(created_by=designer).count() == 2


def test_the_reference_runs_are_played_first(corpus, designer, workers, monkeypatch):
    monkeypatch.setattr(services, "FIGURES_GAMES", 500)
    from lab import simulate

    config, rules = simulate.configure(game="rada-miasta", players=3, games=500, seed=1)
    services.run_create(config=config, rules=rules, user=designer, now=timezone.now())
    figures = services.figures_start(game="praetor", now=timezone.now())
    queued = list(DBTaskResult.objects.ready().values_list("priority", "args_kwargs"))
    figure_shards = set(figures.shards.values_list("pk", flat=True))
    assert {p for p, a in queued if a["args"][0] in figure_shards} == {services.FIGURES_PRIORITY}
    assert {p for p, a in queued if a["args"][0] not in figure_shards} == {0}
    # The worker's order (the model's): every reference shard before the designer's.
    order = [a["args"][0] in figure_shards for _p, a in queued]
    assert order == sorted(order, reverse=True)


def test_a_killed_workers_shard_is_queued_again_and_the_figures_finish(corpus, workers, monkeypatch):
    from lab import simulate

    monkeypatch.setattr(services, "FIGURES_GAMES", 40)
    run = services.figures_start(game="rada-miasta", now=timezone.now())
    game = Game.objects.get(slug="rada-miasta")
    rules = simulate.load_rules("rada-miasta", None)
    assert selectors.dispute_figures(game, rules).state == "computing"
    # A worker claimed the shard's task and was killed: both rows stay RUNNING, silent.
    long_ago = timezone.now() - dt.timedelta(minutes=10)
    shard = run.shards.get()
    DBTaskResult.objects.update(status="RUNNING", started_at=long_ago, worker_ids=["killed"])
    PlaytestShard.objects.filter(pk=shard.pk).update(
        status=PlaytestShard.Status.RUNNING, claim="x", claimed_at=long_ago, heartbeat_at=long_ago, attempts=1
    )
    out = io.StringIO()
    call_command("recover_tasks", stdout=out)
    assert "1 task(s) of dead workers marked failed" in out.getvalue()
    assert "1 playtest shard(s) of dead workers queued again" in out.getvalue()
    shard.refresh_from_db()
    assert shard.status == PlaytestShard.Status.PENDING
    (task,) = DBTaskResult.objects.ready()
    assert task.args_kwargs["args"] == [shard.pk] and task.priority == services.FIGURES_PRIORITY
    # The next worker plays it; the disputes page has its figures.
    assert services.shard_play(shard_id=shard.pk) == "done"
    assert selectors.dispute_figures(game, rules).state == "finished"
