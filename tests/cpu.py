"""Measuring a piece of work's CPU time, for tests that hold it to a bound or a growth rate."""

import time


def best_cpu(work, runs: int = 3) -> float:
    """The least CPU time (``time.process_time``) ``work()`` took in ``runs`` runs."""
    best = float("inf")
    for _ in range(runs):
        started = time.process_time()
        work()
        best = min(best, time.process_time() - started)
    return best


def repeated(pattern: str, n: int) -> str:
    """``pattern`` repeated to exactly ``n`` characters."""
    return (pattern * (n // len(pattern) + 1))[:n]
