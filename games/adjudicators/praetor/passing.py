"""Section "actions" (行动阶段): taking turns, and passing (pr.actions.one-at-a-time, must-pass,
passed-final, early-pass)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.engine import Reasoning, Result, Rules, names, unique_names
from games.engine.declare import Bool, Int, Object, Player

from .common import MAX_WORKERS, adjudicator, players


def _pass_checks(i):
    yield from unique_names("players")(i)
    if i.last is not None and i.last not in {p.name for p in i.players}:
        yield "last", _("Unknown player: %(p)s.") % {"p": i.last}


PASS_INPUTS = Object(
    players=players(
        workers=Int(0, MAX_WORKERS, label=gettext_lazy("Active workers not yet placed")),
        passed=Bool(default=False, label=gettext_lazy("Has passed this round?")),
    ),
    last=Player(
        nullable=True, default=None, label=gettext_lazy("Who took the last turn (empty: the phase begins)")
    ),
    checks=[_pass_checks],
)


def _pass_summary(o: dict[str, Any]) -> str:
    if o["phase_over"]:
        return _("Everyone has passed: the action phase is over.")
    if o["next_must_pass"]:
        return _("%(p)s is next and must pass.") % {"p": o["next"]}
    return _("%(p)s is next: one action, or pass.") % {"p": o["next"]}


def _next(r: Reasoning, i: Any) -> Any:
    """pr.actions.one-at-a-time: the next player in turn order who has not passed (or None)."""
    order = list(i.players)
    start = 0 if i.last is None else [p.name for p in order].index(i.last) + 1
    for k in range(len(order)):
        p = order[(start + k) % len(order)]
        if not p.passed:
            if start + k >= len(order):
                r.gap("pr.actions.one-at-a-time", "turns-go-round")
            return p
    return None


@adjudicator("pass", inputs=PASS_INPUTS, summary=_pass_summary)
def pass_(i: Any, *, variant: str, rules: Rules) -> Result:
    """Rule whose turn it is in the action phase, and whether that player must pass."""
    r = Reasoning()
    r.step(
        "pr.order.fixed-for-round",
        _("The turn order decided for this round does not change until the round ends: %(order)s.")
        % {"order": names(p.name for p in i.players)},
    )
    gone = [p.name for p in i.players if p.passed]
    if gone:
        r.step(
            "pr.actions.passed-final",
            ngettext(
                "%(list)s has passed and can no longer place workers: that turn is skipped.",
                "%(list)s have passed and can no longer place workers: their turns are skipped.",
                len(gone),
            )
            % {"list": names(gone)},
        )
    nxt = _next(r, i)
    if nxt is None:
        r.step("pr.actions.one-at-a-time", _("Every player has passed: nobody acts any more this phase."))
        return r.result({"next": None, "next_must_pass": False, "phase_over": True})
    r.step(
        "pr.actions.one-at-a-time",
        _("Players act one after another in turn order, one action or a pass each: %(p)s is next.")
        % {"p": nxt.name},
    )
    if nxt.workers == 0:
        r.step(
            "pr.actions.must-pass",
            _("%(p)s has placed every active worker, so must pass.") % {"p": nxt.name},
        )
        r.gap("pr.actions.must-pass", "special-tile-after-last-worker")
    else:
        r.step(
            "pr.actions.early-pass",
            ngettext(
                "%(p)s still has %(n)s active worker to place: one action, or pass now if they choose.",
                "%(p)s still has %(n)s active workers to place: one action, or pass now if they choose.",
                nxt.workers,
            )
            % {"p": nxt.name, "n": nxt.workers},
        )
    return r.result({"next": nxt.name, "next_must_pass": nxt.workers == 0, "phase_over": False})
