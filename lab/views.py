"""The playtest lab's pages: /lab/<game>/ (designers of the game: pick the rules, seats and
games of one or two configurations and run them) and /lab/runs/<id>/ (a run's progress and
results, charts as server-rendered SVG, CSV and JSON downloads; the share link).

Access: starting runs is for the game's designers (and superusers), as every designer
tool (``rules.permissions.can_design``); reading a stored run is public, like the rest of
the catalogue (drafts included: the referee rules under them for anyone), so a share link
works for whoever it is sent to. Every page works without JavaScript: a running run's page
refreshes itself (a <meta> refresh inside <noscript>); with htmx only the progress bar is
polled.
"""

from __future__ import annotations

import csv
import io
import json

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from config.numbers import ascii_number
from games import snapshot
from rules import selectors as rule_selectors
from rules.permissions import can_design, game_for

from . import charts as charts_
from . import selectors, services, simulate, stats
from .models import PlaytestRun

PAGE_MAX_GAMES = 100_000
PREFIXES = ("a", "b")
FIELDS = ("edition", "variant", "players", "games", "seed", "rounds", "plots")
MAX_SEATS = 6


def _game_for_designer(request, slug: str):
    return game_for(
        slug,
        may=lambda game: can_design(request.user, game),
        refused=_("Only a designer of this game may run playtests."),
        missing=_("No playtest lab for this game."),
        here=lambda game: simulate.model(slug) is not None,
    )


def _defaults(model: simulate.Model, edition: int) -> dict:
    return {
        "edition": str(edition),
        "variant": "original",
        "players": "4",
        "games": "1000",
        "seed": "1",
        "rounds": "",
        "plots": "",
        "cards": True,
        "policies": [model.default_policy] * MAX_SEATS,
    }


def _preset(model: simulate.Model, edition: int, name: str | None) -> dict:
    """The form's defaults with a model's named configuration (``Model.presets``) filled in;
    an unknown name leaves the defaults."""
    values = _defaults(model, edition)
    preset = model.presets.get(name or "")
    if preset:
        values.update({k: v if isinstance(v, bool) else str(v) for k, v in preset.items()})
    return values


def _posted(post, prefix: str) -> dict:
    values = {name: post.get(f"{prefix}-{name}", "").strip() for name in FIELDS}
    values["cards"] = post.get(f"{prefix}-cards") == "on"
    values["policies"] = [post.get(f"{prefix}-policy-{n}", "") for n in range(1, MAX_SEATS + 1)]
    return values


def _configure(slug: str, values: dict):
    players = values["players"]
    seats = ascii_number(players, max_digits=2) or 0
    specs = [f"{n}={p}" for n, p in enumerate(values["policies"][:seats], start=1) if p]
    return simulate.configure(
        game=slug,
        players=players,
        games=values["games"],
        seed=values["seed"],
        edition=values["edition"],
        variant=values["variant"] or None,
        policies=specs,
        rounds=values["rounds"],
        plots=values["plots"],
        cards=values["cards"],
        max_games=PAGE_MAX_GAMES,
    )


@login_required
@require_http_methods(["GET", "POST"])
def lab(request, slug: str):
    game = _game_for_designer(request, slug)
    model = simulate.model(slug)
    editions = rule_selectors.editions(game)
    current = next((e.number for e in editions if e.is_current), editions[0].number if editions else 1)
    errors: dict[str, list[str]] = {}
    limited = False
    if request.method == "GET":
        values = {"a": _preset(model, current, request.GET.get("preset")), "b": _defaults(model, current)}
        compare = False
    else:
        values = {p: _posted(request.POST, p) for p in PREFIXES}
        compare = request.POST.get("compare") == "on"
        configured = {}
        for prefix in PREFIXES if compare else ("a",):
            try:
                configured[prefix] = _configure(slug, values[prefix])
            except simulate.ConfigError as e:
                errors.update({f"{prefix}-{name}": messages for name, messages in e.errors.items()})
        if not errors:
            try:
                runs = services.runs_start(
                    configured=list(configured.values()), user=request.user, now=timezone.now()
                )
            except services.RunLimit as exc:
                limited = True
                errors["runs"] = [
                    _(
                        "You have %(live)s runs queued or running, and may have %(limit)s at once: "
                        "wait for one to finish."
                    )
                    % {"live": exc.live, "limit": exc.limit}
                ]
            else:
                url = reverse("lab:run", args=[runs[0].pk])
                if len(runs) == 2:
                    url += f"?vs={runs[1].pk}"
                return redirect(url)
    variants = simulate.load_rules(slug, None).variant_slugs
    context = {
        "game": game,
        "editions": editions,
        "variants": variants,
        "policies": model.policies,
        "players": range(model.min_players, model.max_players + 1),
        "configs": [
            {
                "prefix": p,
                "values": values[p],
                "errors": _errors_for(errors, p),
                "seats": [
                    {"n": n, "policy": policy}
                    for n, policy in enumerate(values[p]["policies"][: model.max_players], start=1)
                ],
            }
            for p in PREFIXES
        ],
        "compare": compare,
        "errors": errors,
        "max_games": PAGE_MAX_GAMES,
        "recent": selectors.runs_recent(game),
        "runs_limit": settings.LAB_RUNS_PER_USER,
        "runs_live": selectors.runs_live(request.user),
        "saturation": model.presets.get("saturation"),
        "policy_help": model.policy_help,
        "city": slug == "rada-miasta",  # the city model's own fields: plots, event cards
        # A model whose game ends by its own rulings (Praetor) has no rounds to choose.
        "default_rounds": model.options(model.min_players).get("rounds"),
    }
    return render(request, "lab/lab.html", context, status=429 if limited else 400 if errors else 200)


def _errors_for(errors: dict, prefix: str) -> dict:
    return {name.removeprefix(f"{prefix}-"): m for name, m in errors.items() if name.startswith(f"{prefix}-")}


def _runs(request, run_id) -> list[PlaytestRun]:
    run = selectors.run_get(run_id)
    if run is None:
        raise Http404(_("No such run."))
    runs = [run]
    if request.GET.get("vs"):
        other = selectors.run_get(request.GET["vs"])
        if other is None or other.game_id != run.game_id:
            raise Http404(_("No such run to compare with."))
        runs.append(other)
    return runs


def _percent(kind: str) -> bool:
    return kind in (stats.SHARE, stats.RATIO)


def _shown(m: dict | None) -> str:
    if not m or m["value"] is None:
        return "—"
    if _percent(m["kind"]):
        return f"{m['value'] * 100:.1f}% [{m['ci_low'] * 100:.1f}–{m['ci_high'] * 100:.1f}]"
    return f"{m['value']:.3f} [{m['ci_low']:.3f}–{m['ci_high']:.3f}]"


def comparison(results: list[dict]) -> list[dict]:
    """One row per metric: each configuration's estimate and, for two, the difference."""
    model = simulate.model(results[0]["game"])
    rows = []
    for name, a in results[0]["metrics"].items():
        row = {
            "name": name,
            "label": model.label(name),
            "cells": [_shown(r["metrics"].get(name)) for r in results],
        }
        if len(results) == 2 and name in results[1]["metrics"]:
            d = stats.difference(
                stats.Estimate.from_json(a), stats.Estimate.from_json(results[1]["metrics"][name])
            )
            row["difference"] = d.as_json()
            if d.value is not None:
                row["difference_shown"] = (
                    f"{d.value * 100:+.1f} pp" if _percent(a["kind"]) else f"{d.value:+.3f}"
                )
        rows.append(row)
    return rows


def _warnings(run: PlaytestRun) -> list[dict]:
    """The ruling warnings of the edition the run plays: from its result once finished, read
    from the edition meanwhile (the referee's pins: ``lab.simulate.warnings``)."""
    if run.result and "warnings" in run.result:
        return run.result["warnings"]
    try:
        return simulate.warnings(run.game.slug, simulate.load_rules(run.game.slug, run.config.get("edition")))
    except snapshot.EditionNotFound:
        return []


@require_safe
def run(request, run_id):
    runs = _runs(request, run_id)
    now = timezone.now()
    for r in runs:
        if r.status == PlaytestRun.Status.RUNNING:
            # The page's polling is also the sweep that re-queues a dead worker's shard.
            services.run_sweep(run_id=r.pk, now=now)
            r.refresh_from_db()
    finished = all(r.status == PlaytestRun.Status.FINISHED for r in runs)
    running = any(r.status == PlaytestRun.Status.RUNNING for r in runs)
    labels = ["A", "B"][: len(runs)]
    context = {
        "runs": [
            {
                "run": r,
                "label": label,
                "progress": selectors.progress(r),
                "config": r.config,
                "warnings": _warnings(r),
            }
            for r, label in zip(runs, labels, strict=True)
        ],
        "game": runs[0].game,
        "finished": finished,
        "running": running,
        "vs": runs[1].pk if len(runs) == 2 else None,
        "share": request.build_absolute_uri(request.get_full_path()),
        "query": f"?vs={runs[1].pk}" if len(runs) == 2 else "",
    }
    if finished:
        results = [r.result for r in runs]
        model = simulate.model(runs[0].game.slug)
        context["rows"] = comparison(results)
        # The designer's worries in words (Rada Miasta), for the first configuration.
        if hasattr(model, "worries"):
            context["worries"] = model.worries(results[0])
        context["charts"] = [
            {"chart": c, "svg": charts_.render(c)}
            for c in model.charts(list(zip(labels, results, strict=True)))
        ]
    if request.htmx:
        response = render(request, "lab/run.html#progress", context)
        if not running:
            response["HX-Refresh"] = "true"
        return response
    return render(request, "lab/run.html", context)


@require_safe
def download(request, run_id, fmt: str):
    runs = _runs(request, run_id)
    if any(r.status != PlaytestRun.Status.FINISHED for r in runs):
        return JsonResponse(
            {"errors": {"run": [_("The run has not finished.")]}, "status": [r.status for r in runs]},
            status=409,
        )
    results = [r.result for r in runs]
    name = f"playtest-{runs[0].game.slug}-{runs[0].pk}"
    if fmt == "json":
        body = (
            results[0]
            if len(results) == 1
            else {
                "a": results[0],
                "b": results[1],
                "differences": {row["name"]: row.get("difference") for row in comparison(results)},
            }
        )
        response = HttpResponse(
            json.dumps(body, ensure_ascii=False, indent=1), content_type="application/json"
        )
    else:
        out = io.StringIO()
        writer = csv.writer(out)
        head = ["metric", "kind"]
        for label in ["A", "B"][: len(results)]:
            head += [f"{label}_value", f"{label}_ci_low", f"{label}_ci_high", f"{label}_n"]
        if len(results) == 2:
            head += ["difference", "p", "significant"]
        writer.writerow(head)
        rows = {row["name"]: row for row in comparison(results)}
        for metric, a in results[0]["metrics"].items():
            line = [metric, a["kind"]]
            for r in results:
                m = r["metrics"].get(metric) or {}
                line += [m.get("value"), m.get("ci_low"), m.get("ci_high"), m.get("n")]
            if len(results) == 2:
                d = rows[metric].get("difference") or {}
                line += [d.get("value"), d.get("p"), d.get("significant")]
            writer.writerow(["" if v is None else v for v in line])
        # The ruling warnings of the edition played, after the metrics (docs/api.md).
        warned = [
            (label, w) for label, r in zip(["A", "B"], results, strict=False) for w in r.get("warnings", [])
        ]
        if warned:
            writer.writerow([])
            writer.writerow(["warning", "kind", "run", "clause", "code_version", "cited_version", "message"])
            for label, w in warned:
                writer.writerow(
                    [
                        "warning",
                        w.get("kind", "meaning"),
                        label,
                        w["clause"],
                        w["code_version"],
                        w["cited_version"],
                        w["message"],
                    ]
                )
        response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.{fmt}"'
    return response
