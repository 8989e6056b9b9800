"""Whole weights: the integer arithmetic under :class:`~calculators.dice.dist.Dist`.

A distribution is kept as its outcomes, ascending, a positive whole weight for each, and
the sum of the weights (its *total*); an outcome's probability is its weight over the
total. The functions here work on those numbers only, never on fractions, so adding two
rolls is integer arithmetic. Whatever they return is in normal form: no zero weight,
outcomes ascending, weights divided by their greatest common divisor.

>>> convolve((1, 2), (1, 1), (1, 2), (1, 1))
((2, 3, 4), (1, 2, 1), 4)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from operator import mul

#: Outcomes ascending, their whole weights, the sum of the weights.
Weights = tuple[tuple[int, ...], tuple[int, ...], int]

#: How many results each of the engine's caches keeps.
CACHE_SIZE = 1024


def normalise(counts: Mapping[int, int]) -> Weights:
    """``{outcome: weight}`` in normal form (zeros dropped, sorted, divided by the gcd).

    >>> normalise({3: 2, 1: 4, 2: 0})
    ((1, 3), (2, 1), 3)
    """
    keys = sorted(o for o, w in counts.items() if w)
    weights = [counts[o] for o in keys]
    g = math.gcd(*weights)
    if g > 1:
        weights = [w // g for w in weights]
    return tuple(keys), tuple(weights), sum(weights)


def normalise_dense(offset: int, weights: Sequence[int]) -> Weights:
    """Weights of the consecutive outcomes ``offset, offset + 1, ...`` in normal form.

    >>> normalise_dense(5, [2, 0, 4])
    ((5, 7), (1, 2), 3)
    """
    if all(weights):
        outcomes = tuple(range(offset, offset + len(weights)))
        ws = list(weights)
    else:
        outcomes = tuple(offset + i for i, w in enumerate(weights) if w)
        ws = [w for w in weights if w]
    g = math.gcd(*ws)
    if g > 1:
        ws = [w // g for w in ws]
    return outcomes, tuple(ws), sum(ws)


def dense(outcomes: tuple[int, ...], weights: tuple[int, ...]) -> list[int] | None:
    """The weights on every integer from the smallest outcome to the largest.

    None when the outcomes are too sparse for that to pay off.

    >>> dense((1, 3), (1, 1))
    [1, 0, 1]
    >>> dense((0, 1000), (1, 1)) is None
    True
    """
    lo = outcomes[0]
    span = outcomes[-1] - lo + 1
    if span == len(outcomes):
        return list(weights)
    if span > 4 * len(outcomes) + 16:
        return None
    filled = [0] * span
    for o, w in zip(outcomes, weights, strict=True):
        filled[o - lo] = w
    return filled


def convolve(
    a_outcomes: tuple[int, ...],
    a_weights: tuple[int, ...],
    b_outcomes: tuple[int, ...],
    b_weights: tuple[int, ...],
) -> Weights:
    """The weights of the sum of two independent rolls, each given by its weights.

    >>> convolve((0, 10), (1, 1), (0, 1), (1, 3))
    ((0, 1, 10, 11), (1, 3, 1, 3), 8)
    """
    da = dense(a_outcomes, a_weights)
    db = dense(b_outcomes, b_weights)
    if da is not None and db is not None:
        # Each output is one dot product done in C: sum(map(mul, ...)).
        n, m = len(da), len(db)
        rb = db[::-1]
        out = []
        for k in range(n + m - 1):
            i_lo = k - m + 1 if k >= m else 0
            i_hi = k + 1 if k < n else n
            j0 = m - 1 - k
            out.append(sum(map(mul, da[i_lo:i_hi], rb[j0 + i_lo : j0 + i_hi])))
        return normalise_dense(a_outcomes[0] + b_outcomes[0], out)
    counts: dict[int, int] = {}
    get = counts.get
    for x, wx in zip(a_outcomes, a_weights, strict=True):
        for y, wy in zip(b_outcomes, b_weights, strict=True):
            s = x + y
            counts[s] = get(s, 0) + wx * wy
    return normalise(counts)


def mapped(outcomes: tuple[int, ...], weights: tuple[int, ...], f: Callable[[int], int]) -> Weights:
    """The weights of ``f(x)``: outcomes that ``f`` maps together add their weights.

    >>> mapped((1, 2, 3), (1, 1, 1), lambda x: min(x, 2))
    ((1, 2), (1, 2), 3)
    """
    counts: dict[int, int] = {}
    for o, w in zip(outcomes, weights, strict=True):
        y = f(o)
        if not isinstance(y, int) or isinstance(y, bool):
            raise ValueError(f"map function must return whole numbers, got {y!r} for {o}.")
        counts[y] = counts.get(y, 0) + w
    return normalise(counts)


def combined(
    a_outcomes: tuple[int, ...],
    a_weights: tuple[int, ...],
    b_outcomes: tuple[int, ...],
    b_weights: tuple[int, ...],
    f: Callable[[int, int], int],
) -> Weights:
    """The weights of ``f(x, y)`` for independent ``x`` and ``y``, each given by its weights.

    >>> combined((1, 2), (1, 1), (1, 2), (1, 1), max)
    ((1, 2), (1, 3), 4)
    """
    counts: dict[int, int] = {}
    for x, wx in zip(a_outcomes, a_weights, strict=True):
        for y, wy in zip(b_outcomes, b_weights, strict=True):
            z = f(x, y)
            if not isinstance(z, int) or isinstance(z, bool):
                raise ValueError(
                    f"combine function must return whole numbers, got {z!r} for {x}, {y}."
                )
            counts[z] = counts.get(z, 0) + wx * wy
    return normalise(counts)


@lru_cache(maxsize=CACHE_SIZE)
def binomial_row(n: int) -> tuple[int, ...]:
    """``(C(n, 0), ..., C(n, n))``.

    >>> binomial_row(4)
    (1, 4, 6, 4, 1)
    """
    row = [1]
    for j in range(n):
        row.append(row[-1] * (n - j) // (j + 1))
    return tuple(row)
