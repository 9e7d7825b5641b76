"""python manage.py playtest <game> --games N --players P [--edition E] [--variant V]
[--policy SEAT=POLICY …] [--seed S] [--json] (docs/api.md).

Plays the games in this process (``--jobs`` spreads the shards over local processes; the
result is the same whatever the split). The same seed gives the same output.
"""

from __future__ import annotations

import json
import multiprocessing
import sys
from concurrent.futures import ProcessPoolExecutor

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from lab import simulate, stats

# Set before the pool forks: the children read the run and its rules from here (a Rules
# snapshot holds read-only mappings, which do not pickle). The children never touch the
# database, so the parent's connection they inherit stays unused.
_RUN = None


def _shard(bounds):
    config, rules = _RUN
    return dict(simulate.run_range(config, rules, *bounds))


class Command(BaseCommand):
    help = "Play many games of a game's subsystem through its adjudicators and print the metrics."

    def add_arguments(self, parser):
        parser.add_argument("game", help=", ".join(simulate.models()))
        parser.add_argument("--games", default=1000, help="games to play (default 1000)")
        parser.add_argument("--players", default=4, help="players per game (default 4)")
        parser.add_argument("--edition", default=None, help="edition or draft number (default: current)")
        parser.add_argument("--variant", default=None, help="variant slug (default: original)")
        parser.add_argument(
            "--policy",
            action="append",
            default=[],
            metavar="SEAT=POLICY",
            help="a seat's policy (SEAT 1…P, P1…Pn or all); repeatable",
        )
        parser.add_argument("--seed", default=1, help="the run's seed (default 1)")
        parser.add_argument("--rounds", default=None, help="rounds per game (model default)")
        parser.add_argument("--plots", default=None, help="Rada Miasta: plots in the city (model default)")
        parser.add_argument("--no-cards", action="store_true", help="Rada Miasta: play without event cards")
        parser.add_argument("--jobs", type=int, default=1, help="local processes (default 1)")
        parser.add_argument("--json", action="store_true", help="print the JSON document")

    def handle(self, *args, **o):
        try:
            config, rules = simulate.configure(
                game=o["game"],
                players=o["players"],
                games=o["games"],
                seed=o["seed"],
                edition=o["edition"],
                variant=o["variant"],
                policies=o["policy"],
                rounds=o["rounds"],
                plots=o["plots"],
                cards=not o["no_cards"],
            )
        except simulate.ConfigError as e:
            raise CommandError("; ".join(f"--{k}: {' '.join(v)}" for k, v in e.errors.items())) from None
        except DatabaseError as e:  # no tables yet: a database never migrated
            raise CommandError(
                f"The database is not ready ({e}): run manage.py migrate and manage.py loadcorpus "
                "(make run does both)."
            ) from None
        jobs = max(1, o["jobs"])
        if jobs == 1:
            sums = simulate.run_range(config, rules, 0, config.games)
        else:
            global _RUN
            _RUN = (config, rules)
            sums = stats.Sums()
            with ProcessPoolExecutor(
                max_workers=jobs, mp_context=multiprocessing.get_context("fork")
            ) as pool:
                for part in pool.map(_shard, simulate.shard_bounds(config.games, jobs * 4)):
                    sums.merge(part)
        result = simulate.summarize(config, rules, sums)
        if o["json"]:
            self.stdout.write(json.dumps(result, ensure_ascii=False))
            return
        self._table(result)

    def _table(self, result):
        w = self.stdout.write
        w(
            f"{result['game']}: {result['games']} games, {result['players']} players, "
            f"edition {result['edition']}{' (draft)' if result['draft'] else ''}, "
            f"variant {result['variant']}, seed {result['seed']}, policies {' '.join(result['policies'])}"
        )
        width = max(len(n) for n in result["metrics"])
        for name, m in result["metrics"].items():
            if m["value"] is None:
                w(f"  {name:<{width}}  —")
            else:
                w(f"  {name:<{width}}  {m['value']:>10.4f}   95% CI {m['ci_low']:.4f} … {m['ci_high']:.4f}")
        sys.stdout.flush()
