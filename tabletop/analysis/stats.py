"""The statistics of `tabletop simulate`: intervals for rates and means, quantiles of counts.

Pure functions of whole-number tallies, so the same games give the same figures in any order.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from statistics import NormalDist

LEVEL = 0.95


def z_for(level: float = LEVEL, tests: int = 1) -> float:
    """The normal quantile of a two-sided interval at ``level``; with ``tests`` > 1, of each
    of ``tests`` simultaneous intervals (Bonferroni: all of them hold with ``level``)."""
    alpha = (1.0 - level) / max(1, tests)
    return NormalDist().inv_cdf(1.0 - alpha / 2.0)


Z95 = z_for()


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a rate of ``k`` successes in ``n`` trials."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    lo = 0.0 if k <= 0 else max(0.0, centre - half)  # exact at the ends, not 1e-17
    hi = 1.0 if k >= n else min(1.0, centre + half)
    return lo, hi


def rate_difference(k1: int, n1: int, k2: int, n2: int, z: float = Z95
                    ) -> tuple[float, float, float]:
    """The difference of two rates, k2/n2 - k1/n1, with Newcombe's interval (his method 10,
    built from the two Wilson intervals): (difference, low, high)."""
    p1 = k1 / n1 if n1 else 0.0
    p2 = k2 / n2 if n2 else 0.0
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    d = p2 - p1
    low = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return d, max(-1.0, low), min(1.0, high)


def mean_sd(counts: Mapping[int, int]) -> tuple[float, float]:
    """Mean and sample standard deviation of values given as {value: how many times}."""
    n = sum(counts.values())
    if n == 0:
        return 0.0, 0.0
    total = sum(v * c for v, c in counts.items())
    mean = total / n
    if n == 1:
        return mean, 0.0
    squares = sum(v * v * c for v, c in counts.items())
    var = max(0.0, (squares - total * total / n) / (n - 1))
    return mean, math.sqrt(var)


def mean_difference(a: Mapping[int, int], b: Mapping[int, int], z: float = Z95
                    ) -> tuple[float, float, float]:
    """mean(b) - mean(a) with a normal (Welch) interval: (difference, low, high)."""
    na, nb = sum(a.values()), sum(b.values())
    ma, sa = mean_sd(a)
    mb, sb = mean_sd(b)
    d = mb - ma
    se = math.sqrt((sa * sa / na if na else 0.0) + (sb * sb / nb if nb else 0.0))
    return d, d - z * se, d + z * se


def quantile(counts: Mapping[int, int], q: float) -> int:
    """The nearest-rank ``q`` quantile of values given as {value: how many times}: the
    smallest value with at least a ``q`` share of the values at or below it."""
    n = sum(counts.values())
    if n == 0:
        return 0
    rank = max(1, math.ceil(q * n))
    seen = 0
    for v in sorted(counts):
        seen += counts[v]
        if seen >= rank:
            return v
    return max(counts)


def coverage(n: int, p: float, z: float = Z95) -> float:
    """The exact probability that Wilson's interval from ``n`` trials of true rate ``p``
    holds ``p`` (a sum over the binomial distribution)."""
    total = 0.0
    for k in range(n + 1):
        lo, hi = wilson(k, n, z)
        if lo <= p <= hi:
            total += _binomial(n, k, p)
    return total


def _binomial(n: int, k: int, p: float) -> float:
    if p <= 0.0 or p >= 1.0:
        return 1.0 if k == (n if p >= 1.0 else 0) else 0.0
    log = (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
           + k * math.log(p) + (n - k) * math.log1p(-p))
    return math.exp(log)
