#!/usr/bin/env python
"""Playtest lab speed: games per second per core, the share of time inside adjudicators,
and a run worked by several db_worker processes sharing one database.

    .venv/bin/python bench/playtest.py [--games 400] [--profile-games 150]
        [--model-games 200] [--db sqlite|postgres|none] [--pg-url URL] [--run-games 10000]
        [--workers 2] [--kill-after SECONDS] [--label LABEL]

The full benchmark (issue #23: ≥ 400 games/s on 2 workers on PostgreSQL), in one command
on a quiet machine: ``.venv/bin/python bench/playtest.py --db postgres --run-games 10000
--workers 2 --label quiet-pg``.

1. One process, one core: four-player Rada Miasta games (greedy seats, the model's
   defaults, each game with its drain twin, forked at the turn where it parts) from the
   shipped corpus's rules; games per CPU second and per wall second.
2. cProfile over fewer games: the share of the time spent inside the adjudicators
   (``Adjudicator.__call__``, cumulative), and their calls per game.
3. (--db) A fresh database (SQLite file or a new PostgreSQL database), migrated and
   loaded; a run of --run-games games stored with its shards and tasks exactly as the page
   stores it (the django-tasks database backend), then --workers ``manage.py db_worker``
   processes work it while this script polls it as the page does (which also sweeps dead
   shards). Timed from the run's creation to its result. With --kill-after S one worker is
   killed (SIGKILL, as a crashed machine) S seconds in and a fresh one started: its shard
   is played again after LAB_STALE_AFTER (set to 10 s here). A second, small run is then
   compared with the same games played in this process: the same sums whatever worker
   played which shard. The clock starts when every worker has written its first heartbeat
   (their start is not counted); the workers' CPU time over the run is read from /proc and
   given per game beside one process's (the ratio is what a loaded machine still measures
   fairly), with the shard tasks' busy time, the first claim's delay and the longest gap
   before a claim (where the wall time goes: in the tasks, or between them).
4. (--model-games) Every game model's games per CPU second, one process.

Everything runs with USE_I18N=0 (as `make run` starts its worker; USE_I18N=1 to measure
with the catalogues): a worker renders no page and the rulings' sentences are discarded.

Writes bench/results/<date>-playtest[-label].md and .json.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import DEFAULT_PG_URL, RESULTS, ROOT, fresh_database, machine, today

STALE_AFTER = 10


def setup_django(database_url: str | None) -> dict:
    env = {
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "SECRET_KEY": os.environ.get("SECRET_KEY") or "bench-playtest-" + "x" * 40,
        "LOG_LEVEL": "ERROR",
        "LAB_STALE_AFTER": str(STALE_AFTER),
        # As `make run` starts its worker: a worker renders no page.
        "USE_I18N": os.environ.get("USE_I18N", "0"),
    }
    if database_url:
        env["DATABASE_URL"] = database_url
    os.environ.update(env)
    import django

    django.setup()
    if database_url:
        from django.core.management import call_command

        call_command("migrate", verbosity=0, interactive=False)
        call_command("loadcorpus", "rada-miasta", verbosity=0)
    return env


def config(games: int, seed: int = 1):
    from games.snapshot import from_corpus
    from lab import rada, simulate

    rules = from_corpus("rada-miasta")
    m = rada.RadaMiasta()
    c = simulate.Config(
        game="rada-miasta",
        players=4,
        games=games,
        seed=seed,
        edition=rules.edition,
        variant="original",
        policies=("greedy",) * 4,
        options=m.options(4),
    )
    return c, rules


def speed(games: int) -> dict:
    from lab import simulate

    c, rules = config(games)
    ref = simulate.Referee("rada-miasta", rules, "original")
    simulate.run_range(c, rules, 0, min(20, games), ref=ref)  # warm the caches
    ref.calls.clear()
    wall, cpu = time.perf_counter(), time.process_time()
    simulate.run_range(c, rules, 0, games, ref=ref)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {
        "games": games,
        "wall_s": round(wall, 3),
        "cpu_s": round(cpu, 3),
        "games_per_cpu_second": round(games / cpu, 1),
        "games_per_wall_second": round(games / wall, 1),
        "ms_per_game_cpu": round(1000 * cpu / games, 2),
        "adjudicator_calls_per_game": {k: round(v / games, 1) for k, v in sorted(ref.calls.items())},
    }


def profile(games: int) -> dict:
    from lab import simulate

    c, rules = config(games, seed=2)
    simulate.run_range(c, rules, 0, 5)
    prof = cProfile.Profile()
    prof.enable()
    simulate.run_range(c, rules, 0, games)
    prof.disable()
    st = pstats.Stats(prof)
    total = st.total_tt
    inside = sum(
        v[3] for k, v in st.stats.items() if k[2] == "__call__" and k[0].endswith("games/engine/core.py")
    )
    freezing = sum(
        v[3] for k, v in st.stats.items() if k[2] == "trusted" and k[0].endswith("lab/simulate.py")
    )
    return {
        "games": games,
        "profiled_total_s": round(total, 3),
        "inside_adjudicators_share": round(inside / total, 3),
        "freezing_inputs_share": round(freezing / total, 3),
        "model_and_policies_share": round(1 - (inside + freezing) / total, 3),
    }


def model_speeds(games: int) -> dict:
    """Every game model's games per CPU second: its reference configuration (the disputes
    pages' players, default seats and options) from the shipped corpus's rules, one warm
    Referee, ``games`` games (a tenth of them for Imperial Tax Farmer, which plays each
    game twice, and at least 20)."""
    from games.snapshot import from_corpus
    from lab import services, simulate

    out = {}
    for slug, m in simulate.models().items():
        rules = from_corpus(slug)
        players = services.FIGURES_PLAYERS[slug]
        n = max(20, games // 10 if slug == "imperial-tax-farmer" else games)
        c = simulate.Config(
            game=slug,
            players=players,
            games=n,
            seed=1,
            edition=rules.edition,
            variant="original",
            policies=(m.default_policy,) * players,
            options=m.options(players),
        )
        ref = simulate.Referee(slug, rules, "original")
        simulate.run_range(c, rules, 0, min(10, n), ref=ref)  # warm the caches
        cpu = time.process_time()
        simulate.run_range(c, rules, 0, n, ref=ref)
        cpu = time.process_time() - cpu
        out[slug] = {"players": players, "games": n, "games_per_cpu_second": round(n / cpu, 1)}
    return out


def cpu_seconds(pid: int) -> float:
    """The user + system CPU time a process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def workers_ready(procs: list[subprocess.Popen], timeout: float = 120) -> None:
    """Wait until every worker has written its first heartbeat (it is about to claim tasks):
    their start (imports, connections) is then not counted in the run's time."""
    from workers.models import WorkerBeat

    pids = {p.pid for p in procs}
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if pids <= set(WorkerBeat.objects.values_list("pid", flat=True)):
            return
        time.sleep(0.2)
    raise RuntimeError("The workers did not start.")


def worker(env: dict) -> subprocess.Popen:
    cmd = [sys.executable, "manage.py", "db_worker", "--no-reload", "--no-startup-delay", "--interval", "0.2"]
    return subprocess.Popen(cmd, cwd=ROOT, env={**os.environ, **env}, stdout=subprocess.DEVNULL)


def worked_run(games: int, workers: int, env: dict, kill_after: float | None, timeout: float) -> dict:
    """A run of ``games`` worked by ``workers`` db_worker processes, timed from its creation
    to its result; the workers' CPU time over it (from /proc), per game."""
    from django.utils import timezone

    from lab import selectors, services, simulate
    from lab.models import PlaytestRun

    c, _ = config(games, seed=3)
    rules = simulate.load_rules("rada-miasta", None)
    c = simulate.Config(**{**c.__dict__, "edition": rules.edition})
    procs = [worker(env) for _ in range(workers)]
    killed = None
    try:
        workers_ready(procs)
        cpu = sum(cpu_seconds(p.pid) for p in procs)
        start = time.perf_counter()
        run = services.run_create(config=c, rules=rules, now=timezone.now())
        while True:
            time.sleep(0.5)
            elapsed = time.perf_counter() - start
            if kill_after is not None and killed is None and elapsed >= kill_after:
                victim = procs[0]
                victim.send_signal(signal.SIGKILL)
                victim.wait()
                killed = round(elapsed, 1)
                procs[0] = worker(env)
            services.run_sweep(run_id=run.pk, now=timezone.now())  # what the page's polling does
            run = PlaytestRun.objects.get(pk=run.pk)
            if run.status != PlaytestRun.Status.RUNNING or elapsed > timeout:
                break
        elapsed = time.perf_counter() - start
        # A killed worker's CPU time is lost with it: then not measured.
        cpu = None if killed else sum(cpu_seconds(p.pid) for p in procs) - cpu
        shards = list(run.shards.values_list("attempts", flat=True))
        out = {
            "games": games,
            "workers": workers,
            "shards": run.shards_total,
            "status": run.status,
            "error": run.error,
            "wall_s": round(elapsed, 2),
            "games_per_wall_second": round(games / elapsed, 1),
            "worker_cpu_s": None if cpu is None else round(cpu, 2),
            "worker_ms_per_game_cpu": None if cpu is None else round(1000 * cpu / games, 2),
            **task_times(run),
            "shards_played_more_than_once": sum(1 for a in shards if a > 1),
            "killed_a_worker_at_s": killed,
            "progress": selectors.progress(run),
        }
        out["same_result_as_in_process"] = same_as_in_process(rules)
        return out
    finally:
        for p in procs:
            p.send_signal(signal.SIGTERM)
        for p in procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()


def task_times(run) -> dict:
    """Where the workers' wall time went: the shard tasks' time between their claim and
    their end (summed), the first claim's delay after the run's creation, and the longest
    gap between one task's end and the next claim."""
    from django_tasks_db.models import DBTaskResult

    rows = sorted(
        DBTaskResult.objects.filter(task_path="lab.tasks.play_shard", enqueued_at__gte=run.created_at)
        .exclude(started_at=None)
        .exclude(finished_at=None)
        .values_list("started_at", "finished_at")
    )
    if not rows:
        return {}
    busy = sum((b - a).total_seconds() for a, b in rows)
    ends = sorted(b for _a, b in rows)
    gaps = [(a - max((e for e in ends if e <= a), default=a)).total_seconds() for a, _b in rows]
    return {
        "tasks": len(rows),
        "tasks_busy_s": round(busy, 2),
        "first_claim_after_s": round((rows[0][0] - run.created_at).total_seconds(), 2),
        "longest_gap_before_a_claim_s": round(max(gaps), 2),
    }


def same_as_in_process(rules) -> bool:
    """A small run worked by the workers equals the same games played in this process,
    whoever played which shard."""
    from django.utils import timezone

    from lab import services, simulate
    from lab.models import PlaytestRun

    small, _ = config(300, seed=4)
    small = simulate.Config(**{**small.__dict__, "edition": rules.edition})
    check = services.run_create(config=small, rules=rules, now=timezone.now(), shards=7)
    while check.status == PlaytestRun.Status.RUNNING:
        time.sleep(0.5)
        check = PlaytestRun.objects.get(pk=check.pk)
    here = simulate.summarize(small, rules, simulate.run_range(small, rules, 0, small.games))
    return check.result == here


def render(result: dict) -> str:
    s, p = result["speed"], result["profile"]
    lines = [
        f"# Playtest lab — {result['date']}",
        "",
        "`bench/playtest.py` — four-player Rada Miasta, greedy seats, the model's defaults "
        "(8 rounds, 16 plots, event cards); every game also plays its drain twin (the paired "
        "game of `drain_vote_payoff`) from the turn where the measured seat first acts otherwise "
        "(a copy of the game at that turn), so one game here is up to two simulated games.",
        "",
        "## One process, one core",
        "",
        f"- {s['games']} games: {s['cpu_s']} s CPU, {s['wall_s']} s wall",
        f"- **{s['games_per_cpu_second']} games per CPU second** ({s['ms_per_game_cpu']} ms a game); "
        f"{s['games_per_wall_second']} per wall second",
        f"- adjudicator calls per game: {', '.join(f'{k} {v}' for k, v in s['adjudicator_calls_per_game'].items())}",
        "",
        "## Where the time goes (cProfile)",
        "",
        f"- inside the adjudicators: **{p['inside_adjudicators_share'] * 100:.1f} %** (target ≥ 60 %)",
        f"- freezing the inputs into the declarations' records: {p['freezing_inputs_share'] * 100:.1f} %",
        f"- the game model and the policies: {p['model_and_policies_share'] * 100:.1f} %",
    ]
    if result.get("run"):
        r = result["run"]
        lines += [
            "",
            f"## A run worked by {r['workers']} db_worker processes ({result['db']})",
            "",
            f"- {r['games']} games in {r['shards']} shards: **{r['wall_s']} s** from the run's creation to its "
            f"result ({r['games_per_wall_second']} games/s), status {r['status']} {r['error']}",
            f"- the workers' CPU time over the run: {r['worker_cpu_s']} s, **{r['worker_ms_per_game_cpu']} ms "
            f"a game** against {s['ms_per_game_cpu']} ms in one process (ratio "
            f"{_ratio(r['worker_ms_per_game_cpu'], s['ms_per_game_cpu'])})",
            f"- a worker killed at: {r['killed_a_worker_at_s']} s; shards played more than once: "
            f"{r['shards_played_more_than_once']}",
            f"- a second run (300 games, 7 shards) equals the same games played in one process: "
            f"{r['same_result_as_in_process']}",
        ]
    if result.get("models"):
        lines += ["", "## Every game model, one process, one core", ""]
        lines += [
            f"- {slug}: {m['games_per_cpu_second']} games per CPU second ({m['players']} players, {m['games']} games)"
            for slug, m in result["models"].items()
        ]
    lines += ["", "## Machine", "", "```", json.dumps(result["machine"], indent=1), "```", ""]
    return "\n".join(lines)


def _ratio(a: float | None, b: float) -> str:
    return "—" if a is None else f"{a / b:.2f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--profile-games", type=int, default=150)
    ap.add_argument("--db", choices=["sqlite", "postgres", "none"], default="none")
    ap.add_argument("--pg-url", default=DEFAULT_PG_URL)
    ap.add_argument("--run-games", type=int, default=10_000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--kill-after", type=float, default=None)
    ap.add_argument("--timeout", type=float, default=1800)
    ap.add_argument("--label", default="")
    ap.add_argument("--model-games", type=int, default=200, help="games per model for model speeds (0: skip)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.db == "none":
            setup_django(None)
            result = {"db": "none"}
        else:
            cm = fresh_database(args.db, Path(tmp), args.pg_url)
            url = cm.__enter__()
        try:
            if args.db != "none":
                env = setup_django(url)
                result = {"db": args.db}
            result["date"] = today()
            result["machine"] = machine(args.db if args.db != "none" else None, args.pg_url)
            result["speed"] = speed(args.games)
            print(json.dumps(result["speed"]))
            result["profile"] = profile(args.profile_games)
            print(json.dumps(result["profile"]))
            if args.model_games:
                result["models"] = model_speeds(args.model_games)
                print(json.dumps(result["models"]))
            if args.db != "none":
                result["run"] = worked_run(args.run_games, args.workers, env, args.kill_after, args.timeout)
                print(json.dumps(result["run"]))
            result["machine"]["loadavg_at_end"] = [round(x, 2) for x in os.getloadavg()]
        finally:
            if args.db != "none":
                from django.db import connections

                connections.close_all()
                cm.__exit__(None, None, None)
    RESULTS.mkdir(exist_ok=True)
    name = f"{today()}-playtest{'-' + args.label if args.label else ''}"
    (RESULTS / f"{name}.json").write_text(json.dumps(result, indent=1) + "\n")
    (RESULTS / f"{name}.md").write_text(render(result))
    print(f"wrote bench/results/{name}.md")


if __name__ == "__main__":
    main()
