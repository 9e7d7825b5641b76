#!/usr/bin/env python
"""Every adjudicator at the maximum bounds of its input declaration, timed.

    .venv/bin/python bench/max_bounds.py [--budget 0.2] [--label ...]

The inputs are generated from each declaration (``games.engine.declare``), never written by
hand, so a new adjudicator or a new bound is covered without a change here: every list and
free-keyed map as long as it may be, every integer at its bound, every string as long as it
may be (40-character player names), every optional field present. Cross-field rules (a die
per player, a map with an entry for every seated player, the A.S.T. order listing exactly the
players) are met by drawing every name from one pool, in one order, and by trying a few
shapes — integers at their maximum, their minimum or spread over their range; names per list
position or unique across the body; each size from the largest down — and keeping the
largest body that validates. Then each top-level choice and flag is tried in turn and the
slowest kept.

Timed: what a ruling costs besides the database — validate the body, run the adjudicator
under every variant of the game and say each outcome in a sentence — in one process and
one thread, best of three runs of at least ``--budget`` s. The target (issue #12): under
50 ms each. Writes bench/results/<date>-max-bounds.{md,json}.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.adjudicators import rate, setup_django_without_db
from bench.common import heading, machine, machine_section, table, today, write_results

MAX_MS = 50.0
# Caps tried on every list's and free-keyed map's length, largest first (10,000: each at its
# own bound, which no declaration sets higher).
SIZES = (10_000, 1000, 200, 150, 100, 64, 50, 40, 30, 20, 18, 16, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)


class Shape:
    """How one candidate body is drawn from a declaration."""

    def __init__(self, size: int, ints: str, names: str, flags: dict[str, Any] | None = None):
        self.size, self.ints, self.names = size, ints, names
        self.flags = flags or {}  # top-level choice/flag → value
        self._unique = 0
        self._singles = 0

    def __repr__(self) -> str:
        return f"size ≤ {self.size}, integers {self.ints}, names {self.names}"


def pool(i: int) -> str:
    """The i-th name: 40 characters, as long as a player's name may be."""
    return f"P{i:03d}".ljust(40, "x")


def draw(field, shape: Shape, root, path: tuple[int, ...] = (), name: str | None = None) -> Any:
    """The largest value of ``field`` this shape allows (``path``: its positions in the
    enclosing lists, outermost first; ``name``: the top-level field's name)."""
    from games.engine import declare as d

    if name in shape.flags:
        return shape.flags[name]
    if isinstance(field, d.Int):
        lo, hi = field.min, field.max
        if shape.ints == "max" or (shape.ints == "spread" and not path):
            return hi
        if shape.ints == "min":
            return lo
        # spread: distinct values down a list; in a list of pairs ([x, y] squares), the pair's
        # number in base (hi - lo + 1), so that up to that many squared pairs all differ.
        number, digit = (path[-2], path[-1]) if len(path) > 1 else (path[-1], 0)
        return hi - (number // (hi - lo + 1) ** digit) % (hi - lo + 1)
    if isinstance(field, d.Bool):
        return True
    if isinstance(field, d.Choice):
        return field.options[0]
    if isinstance(field, d.Player):
        if field.among:  # one of the named list's players, a different one each time
            players = _length(root.fields[field.among], shape)
            shape._singles += 1
            return pool((shape._singles - 1) % max(players, 1))
        shape._singles += 1
        return pool(shape._singles - 1)
    if isinstance(field, d.Str):
        if shape.names == "unique" or not path:
            shape._unique += 1
            return f"U{shape._unique:04d}".ljust(40, "x")[: field.max_length]
        return pool(path[-1])[: field.max_length]
    if isinstance(field, d.List):
        n = _length(field, shape)
        if isinstance(field.item, d.Str):
            return [pool(i)[: field.item.max_length] for i in range(n)]
        return [draw(field.item, shape, root, (*path, i)) for i in range(n)]
    if isinstance(field, d.Map):
        if isinstance(field.keys, d.Choice):
            keys = [str(o) for o in field.keys.options]
        elif isinstance(field.keys, d.Player) and field.keys.among:
            keys = [pool(i) for i in range(_length(root.fields[field.keys.among], shape))]
        else:
            keys = [pool(i) for i in range(min(shape.size, field.max_size))]
        return {k: draw(field.values, shape, root, (*path, i)) for i, k in enumerate(keys)}
    if isinstance(field, d.Object):
        return {k: draw(f, shape, root, path, k if field is root else None) for k, f in field.fields.items()}
    raise TypeError(f"no drawing for {type(field).__name__}")


def _length(field, shape: Shape) -> int:
    from games.engine.rules import resolve

    lo, hi = resolve(field.min_length) or 0, resolve(field.max_length)
    return max(lo, min(shape.size, hi))


def max_body() -> int:
    from config.parsers import MAX_BODY

    return MAX_BODY


def size_of(body: Any) -> int:
    return len(json.dumps(body))


def _at(value: Any, keys: list[str]) -> Any:
    """The value at ``keys`` (a list index past the end: the last item), or None."""
    for key in keys:
        if isinstance(value, list) and key.isdigit() and value:
            value = value[min(int(key), len(value) - 1)]
        elif isinstance(value, dict) and key in value:
            value = value[key]
        else:
            return None
    return value


def repair(body: dict, example: dict, errors: dict[str, list[str]], attempts: dict[str, int]) -> bool:
    """Undo, at each path a cross-field rule refused, the least of the drawn value: flip a
    flag, drop an optional entry, take the example's value, shorten a list or map to the
    example's length. One more alternative per path each time it is refused again; False
    when no path has one left."""
    changed = False
    for path in errors:
        keys = path.split(".")[1:]  # "inputs.cities.1.first_city" → ["cities", "1", "first_city"]
        parent = _at(body, keys[:-1]) if keys else None
        if not keys or parent is None:
            continue
        key = int(keys[-1]) if isinstance(parent, list) and keys[-1].isdigit() else keys[-1]
        model = _at(example, keys)
        if isinstance(parent, dict) and key not in parent:
            # Dropped, and now required by another rule: the example's value is one that holds.
            if model is not None and attempts.get(path + "#restored", 0) == 0:
                attempts[path + "#restored"] = 1
                parent[key] = copy.deepcopy(model)
                changed = True
            continue
        if isinstance(parent, list) and not 0 <= key < len(parent):
            continue
        current = parent[key]
        options: list[Any] = []
        if isinstance(current, bool):
            options.append(not current)
        if isinstance(parent, dict):
            options.append(DROP)
        if model is not None and not isinstance(current, list | dict):
            options.append(model)
        if isinstance(current, list | dict):
            if isinstance(model, list | dict):
                options.append(copy.deepcopy(model))  # the example's own, before any cut
            for n in (len(model) if isinstance(model, list | dict) else 2, 1, 0):
                options.append(current[:n] if isinstance(current, list) else dict(list(current.items())[:n]))
        elif isinstance(current, int) and not isinstance(current, bool):
            options += [1, 0]
        tried = attempts.get(path, 0)
        if tried >= len(options):
            continue
        attempts[path] = tried + 1
        if options[tried] is DROP:
            del parent[key]
        else:
            parent[key] = options[tried]
        changed = True
    return changed


DROP = object()


def largest(adj, rules) -> tuple[dict, Shape | None]:
    """The largest body the declaration accepts, over the shapes tried (each repaired where a
    cross-field rule refuses it); the first example when none validates (said in the results)."""
    from games.engine.rules import using

    best, best_shape = adj.examples[0], None
    for ints in ("max", "spread", "min"):
        for names in ("position", "unique"):
            for size in SIZES:
                shape = Shape(size, ints, names)
                with using(rules):  # the edition's figures bound the fields
                    body = draw(adj.inputs, shape, adj.inputs)
                if size_of(body) > max_body() or not valid(adj, body, rules, adj.examples[0]):
                    continue  # (a body over MAX_BODY gets a 413 before any validation)
                if best_shape is None or size_of(body) > size_of(best):
                    best, best_shape = body, shape
                break  # the largest size that validates for this shape
    return best, best_shape


def valid(adj, body: dict, rules, example: dict, rounds: int = 40) -> bool:
    """Whether ``body`` validates, once repaired (in place) where it must be."""
    from games.engine import Invalid

    attempts: dict[str, int] = {}
    for _ in range(rounds):
        try:
            adj.validate(body, rules=rules)
            return True
        except Invalid as exc:
            if not repair(body, example, exc.errors, attempts):
                return False
    return False


def choices(adj, rules) -> dict[str, list]:
    """The top-level choices, flags and small numbers (a die, a stage), with every value each
    may take: one of them may send the adjudicator down a costlier path."""
    from games.engine import declare as d
    from games.engine.rules import using

    out = {}
    with using(rules):
        for name, field in adj.inputs.fields.items():
            if isinstance(field, d.Choice):
                out[name] = list(field.options)
            elif isinstance(field, d.Bool):
                out[name] = [True, False]
            elif isinstance(field, d.Int) and field.max - field.min < 12:
                out[name] = list(range(field.min, field.max + 1))
    return out


def ruling(adj, body, rules):
    """What a ruling costs besides the database: validate, every variant, its sentence."""
    from config.languages import language

    def run():
        inputs = adj.validate(body, rules=rules)
        with language("en"):
            for v in rules.variants:
                adj.describe(adj(inputs, variant=v.slug, rules=rules).outcome, rules=rules)

    return run


def measure(adj, budget: float) -> dict:
    from games.engine.rules import using
    from games.snapshot import from_corpus

    rules = from_corpus(adj.game)
    body, shape = largest(adj, rules)
    runs = [(body, {})]
    if shape is not None:
        for name, values in choices(adj, rules).items():
            for value in values:
                flags = {name: value}
                with using(rules):
                    other = draw(adj.inputs, Shape(shape.size, shape.ints, shape.names, flags), adj.inputs)
                if valid(adj, other, rules, adj.examples[0]) and other != body:
                    runs.append((other, flags))
    timed = []
    for candidate, flags in runs:
        fn = ruling(adj, candidate, rules)
        fn()
        per_s, _ = rate(fn, budget / 4, clock=time.thread_time)
        timed.append((1000 / per_s, candidate, flags))
    cpu_ms, slowest, flags = max(timed, key=lambda t: t[0])
    fn = ruling(adj, slowest, rules)
    wall_per_s, _ = rate(fn, budget / 4)
    validate_per_s, _ = rate(lambda: adj.validate(slowest, rules=rules), budget / 4, clock=time.thread_time)
    return {
        "game": adj.game,
        "adjudicator": adj.name,
        "shape": repr(shape) if shape else "no drawn body validates: the first example",
        "flags": flags,
        "variants": len(rules.variants),
        "body_bytes": size_of(slowest),
        "longest_list": _longest(slowest),
        "bodies_tried": len(runs),
        "validate_ms": round(1000 / validate_per_s, 3),
        "ruling_ms": round(cpu_ms, 3),
        "wall_ms": round(1000 / wall_per_s, 3),
        "pass": cpu_ms < MAX_MS,
        "body": slowest,
    }


def _longest(value: Any) -> int:
    if isinstance(value, list | dict):
        items = value if isinstance(value, list) else list(value.values())
        return max([len(value), *(_longest(v) for v in items)])
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--budget", type=float, default=0.2, help="seconds per timing run (best of 3)")
    p.add_argument("--label", default="", help="suffix of the results files")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-bounds-") as tmpdir:
        setup_django_without_db(tmpdir)
        from games import engine

        started = time.time()
        loadavg = os.getloadavg()
        rows = [measure(adj, args.budget) for adj in engine.all_adjudicators()]
    info = machine()
    info["loadavg_at_start"] = [round(x, 2) for x in loadavg]
    slowest = max(rows, key=lambda r: r["ruling_ms"])
    failing = [r for r in rows if not r["pass"]]
    text = "\n".join(
        [
            *heading("Adjudicators at their maximum bounds", "bench/max_bounds.py", argv),
            "Each adjudicator on the largest body its declaration accepts (generated from the "
            "declaration: see the script's docstring), then on each value of its top-level choices "
            "and flags; the slowest is shown. *ruling ms*: validate the body, run the adjudicator "
            "under every variant and write each outcome's sentence — a ruling's whole cost besides "
            "the database — in CPU time of the one thread doing it (best of 3), which other work on "
            "the machine does not lengthen; *wall ms*: the same in elapsed time, which it does. "
            f"Target: < {MAX_MS:g} ms of CPU each. Bodies over {max_body() // 1024} KB are never "
            "tried: they get a 413 before any validation.",
            "",
            f"**Slowest: {slowest['game']}/{slowest['adjudicator']}, {slowest['ruling_ms']:.2f} ms of CPU** "
            f"({slowest['body_bytes']:,} bytes of inputs). "
            + (
                f"Over {MAX_MS:g} ms: {', '.join(r['game'] + '/' + r['adjudicator'] for r in failing)}."
                if failing
                else f"Every adjudicator under {MAX_MS:g} ms."
            ),
            "",
            table(
                [
                    "game",
                    "adjudicator",
                    "shape",
                    "slowest choice",
                    "inputs (bytes)",
                    "longest list",
                    "validate ms",
                    "ruling ms",
                    "wall ms",
                    "verdict",
                ],
                [
                    [
                        r["game"],
                        r["adjudicator"],
                        r["shape"],
                        ", ".join(f"{k}={v}" for k, v in r["flags"].items()) or "—",
                        f"{r['body_bytes']:,}",
                        r["longest_list"],
                        f"{r['validate_ms']:.3f}",
                        f"{r['ruling_ms']:.3f}",
                        f"{r['wall_ms']:.3f}",
                        "pass" if r["pass"] else "**FAIL**",
                    ]
                    for r in rows
                ],
            ),
            "",
            f"The bodies are in the .json next to this file. Ran for {time.time() - started:.0f} s; "
            f"1-min load average {info['loadavg_at_start'][0]} at the start (2 cores shared with other work).",
            "",
            *machine_section(info),
        ]
    )
    print(text)
    stem = f"{today()}-max-bounds" + (f"-{args.label}" if args.label else "")
    write_results(stem, text, {"date": today(), "machine": info, "max_ms": MAX_MS, "rows": rows})
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
