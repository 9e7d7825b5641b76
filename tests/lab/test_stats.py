"""The intervals and tests of lab.stats against figures worked out by hand."""

import math

import pytest

from lab import stats


def test_wilson_of_0_in_10_and_5_in_10():
    # z = 1.96: the textbook values (e.g. Newcombe 1998, Table I).
    assert stats.wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert stats.wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)


def test_share_estimate_from_per_game_observations():
    sums = stats.Sums()
    for success in (1, 0, 1, 1):
        sums.add("x", stats.share_obs(success))
    e = stats.estimate(stats.SHARE, sums["x"])
    assert (e.value, e.n) == (0.75, 4)
    assert (e.ci_low, e.ci_high) == pytest.approx(stats.wilson(3, 4))


def test_ratio_is_pooled_and_its_interval_widens_when_games_differ():
    alike, unlike = stats.Sums(), stats.Sums()
    for _ in range(10):
        alike.add("r", stats.ratio_obs(5, 10))  # every game 5 of 10
    for y in (0, 10) * 5:
        unlike.add("r", stats.ratio_obs(y, 10))  # games all or nothing
    a, u = stats.estimate(stats.RATIO, alike["r"]), stats.estimate(stats.RATIO, unlike["r"])
    assert a.value == u.value == 0.5
    # Identical games: no between-game spread, the plain Wilson interval of 50 in 100.
    assert (a.ci_low, a.ci_high) == pytest.approx(stats.wilson(50, 100))
    # All-or-nothing games: 100 trials are worth 10, the number of games.
    assert u.se == pytest.approx(math.sqrt(0.25 / 10) * math.sqrt(10 / 9))
    assert u.ci_high - u.ci_low > a.ci_high - a.ci_low


def test_mean_estimate():
    sums = stats.Sums()
    for v in (1, -1, 0, 0):
        sums.add("m", stats.mean_obs(v))
    e = stats.estimate(stats.MEAN, sums["m"])
    sd = math.sqrt(2 / 3)
    assert e.value == 0
    assert (e.ci_low, e.ci_high) == pytest.approx((-stats.Z95 * sd / 2, stats.Z95 * sd / 2))


def test_no_observation_gives_no_value():
    assert stats.estimate(stats.RATIO, None).as_json()["value"] is None
    assert stats.estimate(stats.SHARE, [0, 0]).value is None


def test_difference_of_two_shares_uses_the_pooled_two_proportion_test():
    a = stats.estimate(stats.SHARE, [60, 100])
    b = stats.estimate(stats.SHARE, [40, 100])
    d = stats.difference(a, b)
    assert d.value == pytest.approx(0.2)
    assert d.z == pytest.approx(0.2 / math.sqrt(0.25 * 0.02))
    assert d.significant and d.test == "two-proportion z-test"
    same = stats.difference(a, stats.estimate(stats.SHARE, [58, 100]))
    assert not same.significant


def test_sums_add_up_whatever_the_order():
    one, two = stats.Sums(), stats.Sums()
    parts = [{"a": [1, 2], "b": [3]}, {"a": [4, 5, 6]}, {"b": [7, 8]}]
    for p in parts:
        one.merge(p)
    for p in reversed(parts):
        two.merge(p)
    assert one == two == {"a": [5, 7, 6], "b": [10, 8]}
