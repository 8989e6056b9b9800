"""Dice pools: the totals of fair dice, all of them or the highest or lowest few, and the
number of dice that reach a threshold.

:func:`sum_dice` adds *all* of ``n`` dice; :func:`keep_highest` and :func:`keep_lowest`
add only ``k`` of them; :func:`boons_banes` is the Attributes & Arts rule built from
those; :func:`count_at_least` counts successes instead of adding faces. Each is exact
and cached.

>>> sum_dice(2, 0)
Traceback (most recent call last):
...
ValueError: sides must be at least 1, got 0.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import accumulate

from .checks import _check_int
from .dist import Dist, _die
from .weights import CACHE_SIZE, binomial_row, normalise, normalise_dense

__all__ = [
    "boons_banes",
    "count_at_least",
    "d100",
    "keep_highest",
    "keep_lowest",
    "keep_steps",
    "sum_dice",
]


def sum_dice(n: int, sides: int) -> Dist:
    """Sum of ``n`` fair dice with ``sides`` faces (NdX), cached.

    Each added die is a moving-window sum over the previous counts, so the
    cost is proportional to the number of outcomes, not to ``sides ** n``.

    Args:
        n: Number of dice, at least 0 (0 dice always total 0).
        sides: Faces per die, at least 1.

    Returns:
        The exact distribution of the total.

    >>> sum_dice(2, 6).p_eq(7)
    Fraction(1, 6)
    >>> sum_dice(0, 6)
    Dist({0: '1/1'})
    """
    return _sum_dice(_check_int("n", n, 0), _check_int("sides", sides, 1))


@lru_cache(maxsize=CACHE_SIZE)
def _sum_dice(n: int, sides: int) -> Dist:
    """Cached :func:`sum_dice` (arguments already validated)."""
    counts = [1]
    for _ in range(n):
        prefix = [0, *accumulate(counts)]
        length = len(counts)
        counts = [
            prefix[i + 1 if i < length else length] - prefix[i - sides + 1 if i >= sides else 0]
            for i in range(length + sides - 1)
        ]
    return Dist._raw(*normalise_dense(n, counts))


def _keep_highest_counts(n: int, sides: int, k: int) -> dict[int, int]:
    """Number of ordered rolls of ``n`` dice whose ``k`` highest sum to each total.

    Dynamic programme over the faces from high to low. A state is
    ``(m, s)``: ``m < k`` dice show faces above the current face and their
    sum is ``s`` (all of them are kept). At face ``f`` we choose how many of
    the ``n - m`` other dice show ``f`` (``C(n - m, j)`` ways). Once the
    kept slots are full, the dice left over only have to show less than
    ``f``: ``(f - 1) ** rest`` ways, and the state is finished. Cost is about
    ``sides * k * (k * sides) * n`` steps; the weights sum to ``sides ** n``.
    """
    result: dict[int, int] = {}
    if k == 0:
        result[0] = sides**n
        return result
    states: list[dict[int, int]] = [{} for _ in range(k)]
    states[0][0] = 1
    for f in range(sides, 0, -1):
        below = f - 1
        powers = [below**e for e in range(n + 1)]
        fresh: list[dict[int, int]] = [{} for _ in range(k)]
        for m in range(k):
            current = states[m]
            if not current:
                continue
            r = n - m
            row = binomial_row(r)
            need = k - m  # dice still to keep; j >= need fills the slots
            # Ways for the r dice left when j >= need of them show f and
            # the rest show less than f.
            finish = sum(row[j] * powers[r - j] for j in range(need, r + 1))
            gain = need * f
            for s, w in current.items():
                if finish:
                    t = s + gain
                    result[t] = result.get(t, 0) + w * finish
                for j in range(min(need, r + 1)):
                    target = fresh[m + j]
                    t = s + j * f
                    target[t] = target.get(t, 0) + w * row[j]
        states = fresh
    return result


def keep_steps(sides: int, k: int) -> int:
    """Inner-loop steps of :func:`keep_highest` (and :func:`keep_lowest`) before it runs.

    The programme visits every face; at each, every state ``(m, s)`` (``m < k``
    dice kept so far, whose sum ``s`` takes at most ``m * (sides - 1) + 1``
    values) tries ``k - m`` ways to take more dice and one to finish. The number
    of dice rolled does not change the count (it only widens the integers).

    >>> keep_steps(6, 2)
    90
    >>> keep_steps(1000, 1)
    2000
    >>> keep_steps(1000, 2)
    2003000
    """
    return sides * sum((m * (sides - 1) + 1) * (k - m + 1) for m in range(k))


def keep_highest(n: int, sides: int, k: int) -> Dist:
    """Sum of the ``k`` highest of ``n`` fair dice (roll n, drop the n - k lowest).

    Exact and efficient: a dynamic programme over the faces from high to low
    counts how many dice show each face (binomial counts), never listing the
    ``sides ** n`` rolls. Shattered Spirits *advantage* is
    ``keep_highest(3, 6, 2)``. Contrast :func:`keep_lowest` and
    :func:`sum_dice` (which keeps all).

    Args:
        n: Number of dice rolled, at least 0.
        sides: Faces per die, at least 1.
        k: Number of dice kept, from 0 to ``n``.

    Returns:
        The exact distribution of the kept total.

    >>> keep_highest(3, 6, 2).p_eq(12)
    Fraction(2, 27)
    >>> keep_highest(3, 6, 2).mean() > sum_dice(2, 6).mean()
    True
    >>> keep_highest(2, 6, 3)
    Traceback (most recent call last):
    ...
    ValueError: k (dice kept) must be between 0 and n = 2, got 3.
    """
    _check_keep(n, sides, k)
    return _keep_highest(n, sides, k)


@lru_cache(maxsize=CACHE_SIZE)
def _keep_highest(n: int, sides: int, k: int) -> Dist:
    """Cached :func:`keep_highest` (arguments already validated)."""
    if k == n:
        return _sum_dice(n, sides)
    return Dist._raw(*normalise(_keep_highest_counts(n, sides, k)))


def keep_lowest(n: int, sides: int, k: int) -> Dist:
    """Sum of the ``k`` lowest of ``n`` fair dice (roll n, drop the n - k highest).

    Uses the mirror symmetry ``x -> sides + 1 - x`` of a fair die, which
    swaps highest and lowest, on :func:`keep_highest`. Shattered Spirits
    *disadvantage* is ``keep_lowest(3, 6, 2)``.

    Args:
        n: Number of dice rolled, at least 0.
        sides: Faces per die, at least 1.
        k: Number of dice kept, from 0 to ``n``.

    Returns:
        The exact distribution of the kept total.

    >>> keep_lowest(3, 6, 2).p_eq(2)
    Fraction(2, 27)
    >>> keep_lowest(3, 6, 2) == 14 - keep_highest(3, 6, 2)
    True
    """
    _check_keep(n, sides, k)
    return _keep_lowest(n, sides, k)


@lru_cache(maxsize=CACHE_SIZE)
def _keep_lowest(n: int, sides: int, k: int) -> Dist:
    """Cached :func:`keep_lowest` (arguments already validated)."""
    return k * (sides + 1) - _keep_highest(n, sides, k)


def _check_keep(n: int, sides: int, k: int) -> None:
    """Validate the arguments of the keep functions."""
    _check_int("n", n, 0)
    _check_int("sides", sides, 1)
    _check_int("k", k)
    if not 0 <= k <= n:
        raise ValueError(f"k (dice kept) must be between 0 and n = {n}, got {k}.")


def boons_banes(boons: int, banes: int, base: int = 2, sides: int = 6) -> Dist:
    """Attributes & Arts roll of ``base`` dice with boons and banes (before modifiers).

    Boons and banes cancel one for one. Each net boon adds a die and drops
    the lowest (``keep_highest(base + net, sides, base)``); each net bane adds
    a die and drops the highest (``keep_lowest``). With no net boon or bane
    it is plain ``sum_dice(base, sides)``.

    Args:
        boons: Number of boons, at least 0.
        banes: Number of banes, at least 0.
        base: Dice that count, 2 in Attributes & Arts.
        sides: Faces per die, 6 in Attributes & Arts.

    Returns:
        The exact distribution of the dice total.

    The rulebook's example, two boons and one bane, is 3d6 drop lowest:

    >>> boons_banes(2, 1) == keep_highest(3, 6, 2)
    True
    >>> boons_banes(1, 1) == sum_dice(2, 6)
    True
    """
    _check_int("boons", boons, 0)
    _check_int("banes", banes, 0)
    _check_int("base", base, 1)
    _check_int("sides", sides, 1)
    net = boons - banes
    if net > 0:
        return _keep_highest(base + net, sides, base)
    if net < 0:
        return _keep_lowest(base - net, sides, base)
    return _sum_dice(base, sides)


def count_at_least(n: int, sides: int, threshold: int) -> Dist:
    """Number of ``n`` fair dice showing ``threshold`` or more (success counting).

    A binomial distribution. A threshold of 1 or less makes every die a
    success; a threshold above ``sides`` makes none.

    Args:
        n: Number of dice, at least 0.
        sides: Faces per die, at least 1.
        threshold: Smallest face that counts as a success.

    Returns:
        The exact distribution of the number of successes.

    >>> count_at_least(2, 6, 5)
    Dist({0: '4/9', 1: '4/9', 2: '1/9'})
    >>> count_at_least(20, 6, 5).mean()
    Fraction(20, 3)
    """
    _check_int("n", n, 0)
    _check_int("sides", sides, 1)
    _check_int("threshold", threshold)
    return _count_at_least(n, sides, min(max(threshold, 1), sides + 1))


@lru_cache(maxsize=CACHE_SIZE)
def _count_at_least(n: int, sides: int, threshold: int) -> Dist:
    """Cached :func:`count_at_least` (arguments validated, threshold clamped)."""
    hits = min(max(sides - threshold + 1, 0), sides)
    misses = sides - hits
    if hits == 0:
        return Dist.constant(0)
    if misses == 0:
        return Dist.constant(n)
    g = math.gcd(hits, misses)
    hits //= g
    misses //= g
    row = binomial_row(n)
    hit_powers = [1]
    miss_powers = [1]
    for _ in range(n):
        hit_powers.append(hit_powers[-1] * hits)
        miss_powers.append(miss_powers[-1] * misses)
    weights = [row[j] * hit_powers[j] * miss_powers[n - j] for j in range(n + 1)]
    return Dist._raw(*normalise_dense(0, weights))


def d100() -> Dist:
    """Percentile roll, 1 to 100 (cached). Add a modifier with ``d100() + m``.

    >>> d100().p_le(25)
    Fraction(1, 4)
    >>> (d100() + 10).p_ge(100)
    Fraction(11, 100)
    """
    return _die(100)
