"""Confidence intervals and tests of difference for the playtest metrics.

Every metric is computed from integer sums over games (``Sums``), never from floats added
up shard by shard, so a run split into any number of shards aggregates to the same bytes.

Four kinds of metric, each with its 95 % interval:

- ``share`` — one yes/no per game (the seat-3 player leads at the end): the Wilson score
  interval over the games, which are independent.
- ``ratio`` — successes over trials pooled from many observations per game (votes that
  passed over votes held): the observations of one game are not independent, so the
  interval is Wilson's on the *effective* sample size n_eff = p(1-p)/SE², SE being the
  cluster-robust (per-game, delta-method) standard error of the ratio; n_eff never
  exceeds the number of trials.
  When every observation agrees (a ratio of 0 or 1) the clustered standard error is 0 and
  says nothing; the interval is then Wilson's over the games, one observation per game,
  never over the pooled observations (0 of 40,000 votes in 2,000 games is [0 %, 0.19 %],
  not [0 %, 0.0044 %]).
- ``ratio_mean`` — a pooled mean that is not a share (mean support level over every
  observation): the same cluster-robust SE, normal interval.
- ``mean`` — one number per game (votes per game): normal interval, mean ± 1.96 · s/√n.
- ``paired`` — one paired difference of two yes/no outcomes per game, −1, 0 or +1 (the drain
  seat leads, the same seat playing greedily does not): kept as a ``mean``'s sums (Σd = b − c,
  Σd² = b + c over the b games at +1 and the c at −1), its interval Agresti and Min's (2005)
  adjusted Wald for paired proportions, half a game added to each of the four cells, so it
  does not collapse to [0, 0] when most pairs are equal.

``difference`` compares one metric under two configurations: the two-proportion z-test
(pooled) for shares, Welch's z for the others; significant when the two-sided p < 0.05.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

Z95 = 1.959963984540054
DIGITS = 6

SHARE, RATIO, RATIO_MEAN, MEAN, PAIRED = "share", "ratio", "ratio_mean", "mean", "paired"


class Sums(dict):
    """Named lists of integers that add up element by element (exact, order-free)."""

    def add(self, name: str, values: list[int] | tuple[int, ...]) -> None:
        mine = self.get(name)
        if mine is None:
            self[name] = list(values)
            return
        if len(mine) < len(values):
            mine.extend([0] * (len(values) - len(mine)))
        for n, v in enumerate(values):
            mine[n] += v

    def merge(self, other: Mapping[str, list[int]]) -> Sums:
        for name in sorted(other):
            self.add(name, other[name])
        return self


def share_obs(success: bool | int) -> list[int]:
    """One game's observation for a ``share`` metric: [successes, games]."""
    return [int(bool(success)), 1]


def ratio_obs(y: int, x: int) -> list[int]:
    """One game's y successes (or total) over x trials: [Σy, Σx, Σy², Σx², Σxy, games]."""
    return [y, x, y * y, x * x, x * y, 1]


def mean_obs(v: int) -> list[int]:
    """One game's value for a ``mean`` metric: [Σv, Σv², games]."""
    return [v, v * v, 1]


class _Reported:
    """A computed figure whose JSON lists ``JSON`` in that order, floats to ``DIGITS`` places
    (the stored results and the downloads keep that order)."""

    JSON: ClassVar[tuple[str, ...]] = ()

    def as_json(self) -> dict:
        values = {name: getattr(self, name) for name in self.JSON}
        return {name: _round(v) if isinstance(v, float) else v for name, v in values.items()}


@dataclass(frozen=True)
class Estimate(_Reported):
    kind: str
    value: float | None
    ci_low: float | None
    ci_high: float | None
    se: float | None
    n: int
    trials: int

    JSON = ("value", "ci_low", "ci_high", "n", "kind", "se")

    @classmethod
    def from_json(cls, data: Mapping) -> Estimate:
        return cls(
            data["kind"], data["value"], data["ci_low"], data["ci_high"], data.get("se"), data["n"], data["n"]
        )


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, DIGITS)


def wilson(k: float, n: float) -> tuple[float, float]:
    """The 95 % Wilson score interval of k successes in n trials (n may be fractional)."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def estimate(kind: str, sums: list[int] | None, scale: float = 1.0) -> Estimate:
    """The value, 95 % interval and standard error of one metric from its sums.

    ``scale`` divides a ``ratio``/``ratio_mean``/``mean`` value (a share of a cap, say)."""
    if kind == SHARE:
        k, n = (sums or [0, 0])[:2]
        if n == 0:
            return Estimate(kind, None, None, None, None, 0, 0)
        p = k / n
        lo, hi = wilson(k, n)
        return Estimate(kind, p, lo, hi, math.sqrt(p * (1 - p) / n), n, n)
    if kind == PAIRED:
        return _paired(sums)
    if kind == MEAN:
        s, s2, n = (sums or [0, 0, 0])[:3]
        if n == 0:
            return Estimate(kind, None, None, None, None, 0, 0)
        mean = s / n
        var = (s2 - n * mean * mean) / (n - 1) if n > 1 else 0.0
        se = math.sqrt(max(var, 0.0) / n) / scale
        mean /= scale
        return Estimate(kind, mean, mean - Z95 * se, mean + Z95 * se, se, n, n)
    sy, sx, syy, sxx, sxy, n = (sums or [0] * 6)[:6]
    if sx == 0:
        return Estimate(kind, None, None, None, None, n, 0)
    r = sy / sx
    xbar = sx / n
    # Cluster-robust (delta-method) variance of a ratio of sums over n independent games.
    resid = syy - 2 * r * sxy + r * r * sxx
    se = math.sqrt(max(resid, 0.0) / (n - 1) / n) / xbar if n > 1 else 0.0
    if kind == RATIO:
        # Every observation agreeing (r = 0 or 1) gives no clustered SE: one per game then.
        if 0 < r < 1:
            n_eff = min(sx, r * (1 - r) / (se * se)) if se > 0 else sx
        else:
            n_eff = min(sx, n)
        lo, hi = wilson(r * n_eff, n_eff)
        return Estimate(kind, r, lo, hi, se, n, sx)
    r /= scale
    se /= scale
    return Estimate(kind, r, r - Z95 * se, r + Z95 * se, se, n, sx)


def paired_obs(d: int) -> list[int]:
    """One game's paired difference of two yes/no outcomes (−1, 0 or +1), as a ``mean``'s sums."""
    if d not in (-1, 0, 1):
        raise ValueError(f"a paired difference of two yes/no outcomes is -1, 0 or 1, not {d}")
    return mean_obs(d)


def _paired(sums: list[int] | None) -> Estimate:
    """Agresti-Min adjusted Wald interval of a mean paired difference of yes/no outcomes."""
    s, s2, n = (sums or [0, 0, 0])[:3]
    if n == 0:
        return Estimate(PAIRED, None, None, None, None, 0, 0)
    b, c = (s2 + s) / 2, (s2 - s) / 2  # games at +1 and at -1
    value = s / n
    m = n + 2
    centre = (b - c) / m
    se = math.sqrt(max((b + 0.5 + c + 0.5) - (b - c) ** 2 / m, 0.0)) / m
    lo, hi = max(-1.0, centre - Z95 * se), min(1.0, centre + Z95 * se)
    return Estimate(PAIRED, value, lo, hi, se, n, n)


@dataclass(frozen=True)
class Difference(_Reported):
    value: float | None
    z: float | None
    p: float | None
    significant: bool
    test: str

    JSON = ("value", "z", "p", "significant", "test")


def difference(a: Estimate, b: Estimate) -> Difference:
    """a − b, with its two-sided test at the 5 % level."""
    if a.value is None or b.value is None:
        return Difference(None, None, None, False, "")
    d = a.value - b.value
    if a.kind == SHARE and b.kind == SHARE:
        test = "two-proportion z-test"
        pooled = (a.value * a.n + b.value * b.n) / (a.n + b.n)
        se = math.sqrt(pooled * (1 - pooled) * (1 / a.n + 1 / b.n))
    else:
        test = "Welch z-test"
        se = math.sqrt((a.se or 0.0) ** 2 + (b.se or 0.0) ** 2)
    if se == 0:
        return Difference(d, None, None if d == 0 else 0.0, d != 0, test)
    z = d / se
    p = math.erfc(abs(z) / math.sqrt(2))
    return Difference(d, z, p, p < 0.05, test)
