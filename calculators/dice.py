"""Exact dice engine of the rules core.

Every roll the rulebooks use becomes a :class:`Dist`: an immutable, exact
probability distribution over integers. Probabilities are
:class:`fractions.Fraction` values, never floats, so the doctest, the unit
test, the build-time prerendered result and the in-browser result agree to
the last digit.

The module uses the standard library only (it also runs in Pyodide), keeps
its imports light, and caches the common distributions with
:func:`functools.lru_cache`, so asking twice for ``3d6 keep highest 2`` costs
a dictionary look-up.

Look-alike functions, side by side:

* :func:`sum_dice` adds *all* of ``n`` dice; :func:`keep_highest` and
  :func:`keep_lowest` add only ``k`` of them.
* :func:`boons_banes` is the Attributes & Arts rule built from those two:
  net boons keep the highest, net banes keep the lowest.
* :func:`count_at_least` does not add faces at all: it counts the dice that
  show at least a threshold (success counting).
* :func:`contest` compares two totals where ties go to the *defender*
  (Attributes & Arts); :func:`p_initiator_wins` compares two pools where ties
  go to the *initiator* (Glittershard's End); :func:`p_meets` compares one
  total with a static goal.
* :func:`roll_dice`, :func:`resolve_keep` and :func:`resolve_boons_banes`
  work on explicit faces instead of distributions. Randomness always enters
  as a :class:`random.Random` argument.

Bad arguments raise :class:`ValueError` with a sentence that says what is
wrong:

>>> sum_dice(2, 0)
Traceback (most recent call last):
...
ValueError: sides must be at least 1, got 0.
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from operator import mul

__all__ = [
    "ContestOdds",
    "Dist",
    "boons_banes",
    "contest",
    "count_at_least",
    "d100",
    "fraction_str",
    "keep_highest",
    "keep_lowest",
    "margin",
    "p_initiator_wins",
    "p_meets",
    "resolve_boons_banes",
    "resolve_keep",
    "roll_dice",
    "sum_dice",
]

_CACHE_SIZE = 1024


# ---------------------------------------------------------------------------
# Argument checks
# ---------------------------------------------------------------------------


def _check_int(name: str, value: object, minimum: int | None = None) -> int:
    """Return ``value`` if it is a whole number at least ``minimum``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{name} must be a whole number, got {value!r}.")
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}.")
    return value


def _check_dist(name: str, value: object) -> Dist:
    """Return ``value`` if it is a :class:`Dist`."""
    if not isinstance(value, Dist):
        raise ValueError(f"{name} must be a Dist, got {type(value).__name__}.")
    return value


def _check_rng(rng: object) -> random.Random:
    """Return ``rng`` if it is a :class:`random.Random` instance."""
    if not isinstance(rng, random.Random):
        raise ValueError(
            f"rng must be a random.Random instance (e.g. random.Random(seed)), "
            f"got {type(rng).__name__}."
        )
    return rng


def _plural(count: int, word: str) -> str:
    """``1 boon``, ``2 boons``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def fraction_str(p: Fraction | int) -> str:
    """Format an exact probability as ``"n/d"``, the JSON form of the core.

    Certainty is ``"1/1"`` and impossibility ``"0/1"``: the denominator is
    always written, so every probability has the same shape.

    Args:
        p: The probability (any rational number is accepted).

    Returns:
        The reduced fraction as ``"numerator/denominator"``.

    >>> fraction_str(Fraction(6, 36))
    '1/6'
    >>> fraction_str(Fraction(1)), fraction_str(0)
    ('1/1', '0/1')
    """
    return f"{p.numerator}/{p.denominator}"


def _parse_probability(outcome: int, value: object) -> Fraction:
    """Turn one probability given to :class:`Dist` into a Fraction."""
    if isinstance(value, Fraction):
        p = value
    elif isinstance(value, int) and not isinstance(value, bool):
        p = Fraction(value)
    elif isinstance(value, str):
        try:
            p = Fraction(value)
        except ValueError:
            raise ValueError(
                f"probability of outcome {outcome} must be a fraction like '1/6', got {value!r}."
            ) from None
    else:
        raise ValueError(
            f"probability of outcome {outcome} must be an exact Fraction, int or "
            f"'n/d' string, got {value!r} ({type(value).__name__}); floats are "
            f"not exact."
        )
    if p < 0:
        raise ValueError(f"probability of outcome {outcome} must not be negative, got {p}.")
    return p


# ---------------------------------------------------------------------------
# The distribution type
# ---------------------------------------------------------------------------


class Dist:
    """An immutable, exact probability distribution over integers.

    Outcomes are kept sorted, probabilities are :class:`~fractions.Fraction`
    values that sum to exactly 1, and outcomes of probability 0 are dropped.
    Internally a distribution is a tuple of outcomes with integer weights, so
    arithmetic on it is integer arithmetic; fractions are made only when you
    ask for a probability.

    ``+`` and ``-`` with another :class:`Dist` add or subtract independent
    rolls (convolution); with an ``int`` they shift every outcome.

    Args:
        probabilities: Mapping of outcome to probability. Probabilities may be
            ``Fraction``, ``int`` or ``"n/d"`` strings (not floats), must not be
            negative, and must sum to exactly 1.

    Raises:
        ValueError: If an outcome is not an integer, a probability is
            negative or inexact, or the probabilities do not sum to 1.

    >>> coin = Dist({0: Fraction(1, 2), 1: Fraction(1, 2)})
    >>> coin + coin
    Dist({0: '1/4', 1: '1/2', 2: '1/4'})
    >>> Dist.die(6).mean()
    Fraction(7, 2)
    >>> Dist({1: Fraction(1, 2)})
    Traceback (most recent call last):
    ...
    ValueError: probabilities must sum to exactly 1, got 1/2.
    """

    __slots__ = ("_outcomes", "_weights", "_total", "_hash")

    _outcomes: tuple[int, ...]
    _weights: tuple[int, ...]
    _total: int
    _hash: int | None

    def __init__(self, probabilities: Mapping[int, Fraction | int | str]) -> None:
        """Build a distribution from ``{outcome: probability}``, validating it.

        >>> Dist({3: "1/4", 1: "3/4"}).outcomes()
        (1, 3)
        """
        if not isinstance(probabilities, Mapping):
            raise ValueError(
                "probabilities must be a mapping of outcome to probability, "
                f"got {type(probabilities).__name__}."
            )
        if not probabilities:
            raise ValueError("a distribution needs at least one outcome.")
        parsed: dict[int, Fraction] = {}
        for outcome, value in probabilities.items():
            _check_int("every outcome", outcome)
            parsed[outcome] = _parse_probability(outcome, value)
        total = sum(parsed.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"probabilities must sum to exactly 1, got {total}.")
        common = math.lcm(*(p.denominator for p in parsed.values()))
        weights = {o: p.numerator * (common // p.denominator) for o, p in parsed.items()}
        other = _from_counts(weights)
        self._set(other._outcomes, other._weights, other._total)

    # -- construction -------------------------------------------------------

    def _set(self, outcomes: tuple[int, ...], weights: tuple[int, ...], total: int) -> None:
        """Fill the slots (the only place that writes to a Dist)."""
        object.__setattr__(self, "_outcomes", outcomes)
        object.__setattr__(self, "_weights", weights)
        object.__setattr__(self, "_total", total)
        object.__setattr__(self, "_hash", None)

    @classmethod
    def _raw(cls, outcomes: tuple[int, ...], weights: tuple[int, ...], total: int) -> Dist:
        """Wrap already normalised data without any check (internal)."""
        self = object.__new__(cls)
        self._set(outcomes, weights, total)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        """Refuse to change a distribution: it is immutable.

        >>> Dist.die(6)._total = 3
        Traceback (most recent call last):
        ...
        AttributeError: Dist is immutable.
        """
        raise AttributeError("Dist is immutable.")

    def __delattr__(self, name: str) -> None:
        """Refuse to change a distribution: it is immutable.

        >>> del Dist.die(6)._total
        Traceback (most recent call last):
        ...
        AttributeError: Dist is immutable.
        """
        raise AttributeError("Dist is immutable.")

    @classmethod
    def die(cls, sides: int) -> Dist:
        """A fair die numbered 1 to ``sides`` (cached).

        Args:
            sides: Number of faces, at least 1.

        >>> Dist.die(4)
        Dist({1: '1/4', 2: '1/4', 3: '1/4', 4: '1/4'})
        """
        return _die(_check_int("sides", sides, 1))

    @classmethod
    def constant(cls, n: int) -> Dist:
        """The certain outcome ``n``.

        >>> Dist.constant(3).to_pairs()
        [[3, '1/1']]
        """
        _check_int("n", n)
        return cls._raw((n,), (1,), 1)

    @classmethod
    def uniform(cls, outcomes: Iterable[int]) -> Dist:
        """Each listed value equally likely; repeated values count repeatedly.

        This is a custom die given by its faces, e.g. ``[1, 1, 2]`` is a d3
        with two faces marked 1.

        Args:
            outcomes: The faces, at least one.

        >>> Dist.uniform([1, 1, 2])
        Dist({1: '2/3', 2: '1/3'})
        """
        counts: dict[int, int] = {}
        for outcome in outcomes:
            _check_int("every outcome", outcome)
            counts[outcome] = counts.get(outcome, 0) + 1
        if not counts:
            raise ValueError("a uniform distribution needs at least one outcome.")
        return _from_counts(counts)

    @classmethod
    def from_weights(cls, weights: Mapping[int, int]) -> Dist:
        """A distribution proportional to integer weights (need not sum to 1).

        Args:
            weights: Mapping of outcome to a non-negative whole weight; at
                least one weight must be positive.

        >>> Dist.from_weights({0: 3, 1: 1})
        Dist({0: '3/4', 1: '1/4'})
        """
        if not isinstance(weights, Mapping):
            raise ValueError(f"weights must be a mapping, got {type(weights).__name__}.")
        for outcome, weight in weights.items():
            _check_int("every outcome", outcome)
            _check_int(f"the weight of outcome {outcome}", weight, 0)
        if not any(weights.values()):
            raise ValueError("at least one weight must be positive.")
        return _from_counts(dict(weights))

    @classmethod
    def from_pairs(cls, pairs: Iterable[Sequence[int | str]]) -> Dist:
        """Rebuild a distribution from :meth:`to_pairs` output (its JSON form).

        >>> d = Dist.die(3) + 1
        >>> Dist.from_pairs(d.to_pairs()) == d
        True
        """
        mapping: dict[int, Fraction | int | str] = {}
        for pair in pairs:
            if len(pair) != 2:
                raise ValueError(f"each pair must be [outcome, 'n/d'], got {pair!r}.")
            outcome, p = pair
            if not isinstance(outcome, int) or isinstance(outcome, bool):
                raise ValueError(f"each outcome must be a whole number, got {outcome!r}.")
            if outcome in mapping:
                raise ValueError(f"outcome {outcome} is listed twice.")
            mapping[outcome] = p
        return cls(mapping)

    # -- views ----------------------------------------------------------------

    def outcomes(self) -> tuple[int, ...]:
        """The possible outcomes, ascending.

        >>> (Dist.die(2) + Dist.die(2)).outcomes()
        (2, 3, 4)
        """
        return self._outcomes

    def items(self) -> list[tuple[int, Fraction]]:
        """``(outcome, probability)`` pairs in outcome order.

        >>> Dist.uniform([0, 1, 1]).items()
        [(0, Fraction(1, 3)), (1, Fraction(2, 3))]
        """
        total = self._total
        return [(o, Fraction(w, total)) for o, w in zip(self._outcomes, self._weights, strict=True)]

    def to_pairs(self) -> list[list[int | str]]:
        """JSON form: ``[[outcome, "n/d"], ...]`` in outcome order.

        >>> Dist.die(2).to_pairs()
        [[1, '1/2'], [2, '1/2']]
        """
        return [[o, fraction_str(p)] for o, p in self.items()]

    def min_outcome(self) -> int:
        """The smallest possible outcome.

        >>> (Dist.die(6) + 2).min_outcome()
        3
        """
        return self._outcomes[0]

    def max_outcome(self) -> int:
        """The largest possible outcome.

        >>> (Dist.die(6) + 2).max_outcome()
        8
        """
        return self._outcomes[-1]

    # -- probabilities -------------------------------------------------------

    def prob(self, predicate: Callable[[int], bool]) -> Fraction:
        """Probability that ``predicate(outcome)`` is true.

        >>> Dist.die(6).prob(lambda x: x % 2 == 0)
        Fraction(1, 2)
        """
        hit = sum(w for o, w in zip(self._outcomes, self._weights, strict=True) if predicate(o))
        return Fraction(hit, self._total)

    def _p_from(self, start: int) -> Fraction:
        """Probability of the outcomes at index ``start`` and after."""
        return Fraction(sum(self._weights[start:]), self._total)

    def _p_before(self, stop: int) -> Fraction:
        """Probability of the outcomes before index ``stop``."""
        return Fraction(sum(self._weights[:stop]), self._total)

    def p_eq(self, x: int) -> Fraction:
        """P(outcome == x).

        >>> sum_dice(2, 6).p_eq(7)
        Fraction(1, 6)
        """
        i = bisect.bisect_left(self._outcomes, x)
        if i < len(self._outcomes) and self._outcomes[i] == x:
            return Fraction(self._weights[i], self._total)
        return Fraction(0)

    def p_ne(self, x: int) -> Fraction:
        """P(outcome != x).

        >>> sum_dice(2, 6).p_ne(7)
        Fraction(5, 6)
        """
        return 1 - self.p_eq(x)

    def p_ge(self, x: int) -> Fraction:
        """P(outcome >= x).

        >>> sum_dice(2, 6).p_ge(10)
        Fraction(1, 6)
        """
        return self._p_from(bisect.bisect_left(self._outcomes, x))

    def p_gt(self, x: int) -> Fraction:
        """P(outcome > x).

        >>> sum_dice(2, 6).p_gt(10)
        Fraction(1, 12)
        """
        return self._p_from(bisect.bisect_right(self._outcomes, x))

    def p_le(self, x: int) -> Fraction:
        """P(outcome <= x).

        >>> sum_dice(2, 6).p_le(4)
        Fraction(1, 6)
        """
        return self._p_before(bisect.bisect_right(self._outcomes, x))

    def p_lt(self, x: int) -> Fraction:
        """P(outcome < x).

        >>> sum_dice(2, 6).p_lt(4)
        Fraction(1, 12)
        """
        return self._p_before(bisect.bisect_left(self._outcomes, x))

    def mean(self) -> Fraction:
        """The exact expected value.

        >>> sum_dice(3, 6).mean()
        Fraction(21, 2)
        """
        return Fraction(sum(map(mul, self._outcomes, self._weights)), self._total)

    def variance(self) -> Fraction:
        """The exact variance.

        >>> Dist.die(6).variance()
        Fraction(35, 12)
        """
        m = self.mean()
        second = Fraction(
            sum(o * o * w for o, w in zip(self._outcomes, self._weights, strict=True)), self._total
        )
        return second - m * m

    # -- arithmetic -----------------------------------------------------------

    def __add__(self, other: Dist | int) -> Dist:
        """Add an independent roll (convolution) or a constant (shift).

        >>> (Dist.die(2) + Dist.die(2)).to_pairs()
        [[2, '1/4'], [3, '1/2'], [4, '1/4']]
        >>> (Dist.die(2) + 10).outcomes()
        (11, 12)
        """
        if isinstance(other, Dist):
            return _convolve(self, other)
        if isinstance(other, int):
            if other == 0:
                return self
            return Dist._raw(tuple(o + other for o in self._outcomes), self._weights, self._total)
        return NotImplemented

    def __radd__(self, other: int) -> Dist:
        """``int + Dist`` shifts the outcomes.

        >>> (5 + Dist.die(2)).outcomes()
        (6, 7)
        """
        if isinstance(other, int):
            return self + other
        return NotImplemented

    def __neg__(self) -> Dist:
        """Negate every outcome.

        >>> (-Dist.die(3)).outcomes()
        (-3, -2, -1)
        """
        return Dist._raw(
            tuple(-o for o in reversed(self._outcomes)), self._weights[::-1], self._total
        )

    def __sub__(self, other: Dist | int) -> Dist:
        """Subtract an independent roll or a constant.

        >>> (Dist.die(2) - Dist.die(2)).to_pairs()
        [[-1, '1/4'], [0, '1/2'], [1, '1/4']]
        >>> (Dist.die(2) - 1).outcomes()
        (0, 1)
        """
        if isinstance(other, Dist):
            return _convolve(self, -other)
        if isinstance(other, int):
            return self + (-other)
        return NotImplemented

    def __rsub__(self, other: int) -> Dist:
        """``int - Dist``.

        >>> (7 - Dist.die(6)).outcomes()
        (1, 2, 3, 4, 5, 6)
        """
        if isinstance(other, int):
            return (-self) + other
        return NotImplemented

    def map(self, f: Callable[[int], int]) -> Dist:
        """Apply ``f`` to every outcome, merging outcomes that coincide.

        Args:
            f: Function from outcome to a new integer outcome.

        >>> Dist.die(6).map(lambda x: min(x, 3))
        Dist({1: '1/6', 2: '1/6', 3: '2/3'})
        """
        counts: dict[int, int] = {}
        for o, w in zip(self._outcomes, self._weights, strict=True):
            y = f(o)
            if not isinstance(y, int) or isinstance(y, bool):
                raise ValueError(f"map function must return whole numbers, got {y!r} for {o}.")
            counts[y] = counts.get(y, 0) + w
        return _from_counts(counts)

    def combine(self, other: Dist, f: Callable[[int, int], int]) -> Dist:
        """Joint map of two independent distributions: the law of ``f(x, y)``.

        ``a + b`` is ``a.combine(b, operator.add)``, only faster.

        Args:
            other: The other, independent distribution.
            f: Function of one outcome of each to an integer outcome.

        >>> Dist.die(6).combine(Dist.die(6), max).p_eq(6)
        Fraction(11, 36)
        """
        _check_dist("other", other)
        counts: dict[int, int] = {}
        for x, wx in zip(self._outcomes, self._weights, strict=True):
            for y, wy in zip(other._outcomes, other._weights, strict=True):
                z = f(x, y)
                if not isinstance(z, int) or isinstance(z, bool):
                    raise ValueError(
                        f"combine function must return whole numbers, got {z!r} for {x}, {y}."
                    )
                counts[z] = counts.get(z, 0) + wx * wy
        return _from_counts(counts)

    # -- sampling ------------------------------------------------------------

    def sample(self, rng: random.Random) -> int:
        """Draw one outcome with exactly these probabilities.

        Args:
            rng: The source of randomness, e.g. ``random.Random(seed)``.

        >>> d = sum_dice(2, 6)
        >>> first = [d.sample(random.Random(7)) for _ in range(3)]
        >>> first == [d.sample(random.Random(7)) for _ in range(3)]
        True
        >>> Dist.constant(4).sample(random.Random(1))
        4
        """
        r = _check_rng(rng).randrange(self._total)
        return self._outcomes[bisect.bisect_right(list(accumulate(self._weights)), r)]

    # -- dunder protocol -----------------------------------------------------

    def __eq__(self, other: object) -> bool:
        """Equal when outcomes and probabilities are identical.

        >>> Dist.die(6) == Dist.uniform(range(1, 7))
        True
        >>> Dist.die(6) == Dist.die(4)
        False
        """
        if not isinstance(other, Dist):
            return NotImplemented
        return (
            self is other or self._outcomes == other._outcomes and self._weights == other._weights
        )

    def __hash__(self) -> int:
        """Hashable, so distributions can be cache keys.

        >>> hash(Dist.die(6)) == hash(Dist.uniform(range(1, 7)))
        True
        """
        h = self._hash
        if h is None:
            h = hash((self._outcomes, self._weights))
            object.__setattr__(self, "_hash", h)
        return h

    def __reduce__(self) -> tuple[Callable[..., Dist], tuple[object, ...]]:
        """Pickle and copy support (rebuilds from the normalised weights).

        >>> import copy, pickle
        >>> pickle.loads(pickle.dumps(Dist.die(6))) == Dist.die(6)
        True
        >>> copy.deepcopy(Dist.die(6)) == Dist.die(6)
        True
        """
        return (_rebuild, (self._outcomes, self._weights, self._total))

    def __repr__(self) -> str:
        """``Dist({outcome: 'n/d', ...})``, which :class:`Dist` accepts back.

        >>> Dist.die(2)
        Dist({1: '1/2', 2: '1/2'})
        """
        body = ", ".join(f"{o}: '{fraction_str(p)}'" for o, p in self.items())
        return f"Dist({{{body}}})"


# ---------------------------------------------------------------------------
# Internal builders
# ---------------------------------------------------------------------------


def _rebuild(outcomes: tuple[int, ...], weights: tuple[int, ...], total: int) -> Dist:
    """Unpickle a :class:`Dist`."""
    return Dist._raw(tuple(outcomes), tuple(weights), total)


def _from_counts(counts: Mapping[int, int]) -> Dist:
    """Normalise ``{outcome: weight}`` (drop zeros, sort, divide by the gcd)."""
    keys = sorted(o for o, w in counts.items() if w)
    weights = [counts[o] for o in keys]
    g = math.gcd(*weights)
    if g > 1:
        weights = [w // g for w in weights]
    return Dist._raw(tuple(keys), tuple(weights), sum(weights))


def _from_dense(offset: int, weights: Sequence[int]) -> Dist:
    """Normalise weights of the consecutive outcomes ``offset, offset + 1, ...``."""
    if all(weights):
        outcomes = tuple(range(offset, offset + len(weights)))
        ws = list(weights)
    else:
        outcomes = tuple(offset + i for i, w in enumerate(weights) if w)
        ws = [w for w in weights if w]
    g = math.gcd(*ws)
    if g > 1:
        ws = [w // g for w in ws]
    return Dist._raw(outcomes, tuple(ws), sum(ws))


def _dense(d: Dist) -> list[int] | None:
    """Weights of ``d`` on every integer from its minimum to its maximum.

    Returns None when the support is too sparse for that to pay off.
    """
    outcomes = d._outcomes
    lo = outcomes[0]
    span = outcomes[-1] - lo + 1
    if span == len(outcomes):
        return list(d._weights)
    if span > 4 * len(outcomes) + 16:
        return None
    dense = [0] * span
    for o, w in zip(outcomes, d._weights, strict=True):
        dense[o - lo] = w
    return dense


def _convolve(a: Dist, b: Dist) -> Dist:
    """Distribution of the sum of independent ``a`` and ``b``."""
    if len(a._outcomes) == 1:
        return b + a._outcomes[0]
    if len(b._outcomes) == 1:
        return a + b._outcomes[0]
    da = _dense(a)
    db = _dense(b)
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
        return _from_dense(a._outcomes[0] + b._outcomes[0], out)
    counts: dict[int, int] = {}
    get = counts.get
    for x, wx in zip(a._outcomes, a._weights, strict=True):
        for y, wy in zip(b._outcomes, b._weights, strict=True):
            s = x + y
            counts[s] = get(s, 0) + wx * wy
    return _from_counts(counts)


@lru_cache(maxsize=_CACHE_SIZE)
def _die(sides: int) -> Dist:
    """Cached fair die (``sides`` already validated)."""
    return Dist._raw(tuple(range(1, sides + 1)), (1,) * sides, sides)


@lru_cache(maxsize=_CACHE_SIZE)
def _binomial_row(n: int) -> tuple[int, ...]:
    """``(C(n, 0), ..., C(n, n))``."""
    row = [1]
    for j in range(n):
        row.append(row[-1] * (n - j) // (j + 1))
    return tuple(row)


# ---------------------------------------------------------------------------
# Dice pools
# ---------------------------------------------------------------------------


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


@lru_cache(maxsize=_CACHE_SIZE)
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
    return _from_dense(n, counts)


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
            row = _binomial_row(r)
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


@lru_cache(maxsize=_CACHE_SIZE)
def _keep_highest(n: int, sides: int, k: int) -> Dist:
    """Cached :func:`keep_highest` (arguments already validated)."""
    if k == n:
        return _sum_dice(n, sides)
    return _from_counts(_keep_highest_counts(n, sides, k))


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


@lru_cache(maxsize=_CACHE_SIZE)
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


@lru_cache(maxsize=_CACHE_SIZE)
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
    row = _binomial_row(n)
    hit_powers = [1]
    miss_powers = [1]
    for _ in range(n):
        hit_powers.append(hit_powers[-1] * hits)
        miss_powers.append(miss_powers[-1] * misses)
    weights = [row[j] * hit_powers[j] * miss_powers[n - j] for j in range(n + 1)]
    return _from_dense(0, weights)


def d100() -> Dist:
    """Percentile roll, 1 to 100 (cached). Add a modifier with ``d100() + m``.

    >>> d100().p_le(25)
    Fraction(1, 4)
    >>> (d100() + 10).p_ge(100)
    Fraction(11, 100)
    """
    return _die(100)


# ---------------------------------------------------------------------------
# Contests and goals
# ---------------------------------------------------------------------------


def margin(attacker: Dist, defender: Dist) -> Dist:
    """Distribution of ``attacker - defender`` for independent totals (cached).

    Args:
        attacker: Total of the active side.
        defender: Total of the reactive side.

    Returns:
        The margin; positive means the attacker rolled higher.

    >>> margin(sum_dice(2, 6) + 2, sum_dice(2, 6)).mean()
    Fraction(2, 1)
    """
    return _margin(_check_dist("attacker", attacker), _check_dist("defender", defender))


@lru_cache(maxsize=_CACHE_SIZE)
def _margin(attacker: Dist, defender: Dist) -> Dist:
    """Cached :func:`margin` (arguments already validated)."""
    return attacker - defender


@dataclass(frozen=True, slots=True)
class ContestOdds:
    """Exact odds of an opposed roll where ties go to the defender.

    Attributes:
        p_success: Attacker total strictly greater than the defender's.
        p_tie: Both totals equal (the defender wins a tie).
        p_critical: Attacker exceeds the defender by ``critical_margin`` or
            more; a part of ``p_success``.
        p_failure: The attack does not succeed: ``1 - p_success``, ties
            included.

    >>> odds = contest(sum_dice(2, 6), sum_dice(2, 6))
    >>> odds.p_success + odds.p_failure
    Fraction(1, 1)
    """

    p_success: Fraction
    p_tie: Fraction
    p_critical: Fraction
    p_failure: Fraction

    def to_dict(self) -> dict[str, str]:
        """JSON form: each probability as an ``"n/d"`` string.

        >>> contest(Dist.constant(3), Dist.constant(3)).to_dict()
        {'p_success': '0/1', 'p_tie': '1/1', 'p_critical': '0/1', 'p_failure': '1/1'}
        """
        return {
            "p_success": fraction_str(self.p_success),
            "p_tie": fraction_str(self.p_tie),
            "p_critical": fraction_str(self.p_critical),
            "p_failure": fraction_str(self.p_failure),
        }


def contest(attacker: Dist, defender: Dist, critical_margin: int = 5) -> ContestOdds:
    """Odds of an Attributes & Arts contest: ties go to the defender (cached).

    Contrast :func:`p_initiator_wins`, where ties go to the one who rolls
    first.

    Args:
        attacker: Total of the active side, e.g. ``boons_banes(1, 0) + 3``.
        defender: Total of the reactive side.
        critical_margin: How far above the defender's total the attacker
            must roll for a critical, at least 1 (the rulebook says 5).

    Returns:
        A :class:`ContestOdds` of exact fractions.

    >>> odds = contest(sum_dice(2, 6) + 5, sum_dice(2, 6) + 3)
    >>> odds.p_success, odds.p_tie, odds.p_critical
    (Fraction(287, 432), Fraction(125, 1296), Fraction(155, 648))
    """
    _check_dist("attacker", attacker)
    _check_dist("defender", defender)
    _check_int("critical_margin", critical_margin, 1)
    return _contest(attacker, defender, critical_margin)


@lru_cache(maxsize=_CACHE_SIZE)
def _contest(attacker: Dist, defender: Dist, critical_margin: int) -> ContestOdds:
    """Cached :func:`contest` (arguments already validated)."""
    m = _margin(attacker, defender)
    p_success = m.p_gt(0)
    return ContestOdds(
        p_success=p_success,
        p_tie=m.p_eq(0),
        p_critical=m.p_ge(critical_margin),
        p_failure=1 - p_success,
    )


def p_meets(dist: Dist, goal: int) -> Fraction:
    """P(total >= goal): a roll against a static goal, meeting it is enough.

    Args:
        dist: The roll's total.
        goal: The value to meet or beat.

    >>> p_meets(sum_dice(3, 6), 11)
    Fraction(1, 2)
    """
    _check_int("goal", goal)
    return _check_dist("dist", dist).p_ge(goal)


def p_initiator_wins(initiator: Dist, receiver: Dist) -> Fraction:
    """P(initiator >= receiver): pool against pool, ties go to the initiator.

    This is the Glittershard's End rule; contrast :func:`contest`, where ties
    go to the defender.

    Args:
        initiator: Total of the side that acts.
        receiver: Total of the side that resists.

    >>> p_initiator_wins(Dist.die(6), Dist.die(6))
    Fraction(7, 12)
    """
    _check_dist("initiator", initiator)
    _check_dist("receiver", receiver)
    return _margin(initiator, receiver).p_ge(0)


# ---------------------------------------------------------------------------
# Explicit rolls
# ---------------------------------------------------------------------------


def roll_dice(n: int, sides: int, rng: random.Random) -> list[int]:
    """Roll ``n`` fair dice with ``rng``; the same seed gives the same faces.

    Args:
        n: Number of dice, at least 0.
        sides: Faces per die, at least 1.
        rng: The source of randomness, e.g. ``random.Random(seed)``.

    Returns:
        The faces in the order rolled.

    >>> roll_dice(3, 6, random.Random(42))
    [6, 1, 1]
    >>> roll_dice(3, 6, random.Random(42)) == roll_dice(3, 6, random.Random(42))
    True
    >>> all(1 <= face <= 6 for face in roll_dice(10, 6, random.Random(0)))
    True
    """
    _check_int("n", n, 0)
    _check_int("sides", sides, 1)
    randint = _check_rng(rng).randint
    return [randint(1, sides) for _ in range(n)]


def _check_faces(faces: Sequence[int], sides: int | None = None) -> list[int]:
    """Validate explicit dice faces."""
    if isinstance(faces, str | bytes) or not isinstance(faces, Iterable):
        raise ValueError(f"faces must be a list of whole numbers, got {faces!r}.")
    checked = list(faces)
    for face in checked:
        if not isinstance(face, int) or isinstance(face, bool):
            raise ValueError(f"every face must be a whole number, got {face!r}.")
        if sides is not None and not 1 <= face <= sides:
            raise ValueError(f"every face must be between 1 and {sides}, got {face}.")
    return checked


def resolve_keep(faces: Sequence[int], k: int, highest: bool = True) -> int:
    """Total of the ``k`` highest (or lowest) of explicit faces.

    Args:
        faces: The faces rolled.
        k: How many to keep, from 0 to ``len(faces)``.
        highest: Keep the highest faces if true, else the lowest.

    >>> resolve_keep([3, 4, 6], 2)
    10
    >>> resolve_keep([3, 4, 6], 2, highest=False)
    7
    """
    checked = _check_faces(faces)
    _check_int("k", k)
    if not 0 <= k <= len(checked):
        raise ValueError(
            f"k (dice kept) must be between 0 and the {len(checked)} faces given, got {k}."
        )
    ordered = sorted(checked, reverse=highest)
    return sum(ordered[:k])


def resolve_boons_banes(
    faces: Sequence[int], boons: int, banes: int, base: int = 2, sides: int = 6
) -> int:
    """Total of an explicit Attributes & Arts roll with boons and banes.

    The roll must have ``base + |boons - banes|`` dice; net boons keep the
    ``base`` highest, net banes the ``base`` lowest. Matches
    :func:`boons_banes` for every possible roll.

    Args:
        faces: The faces rolled.
        boons: Number of boons, at least 0.
        banes: Number of banes, at least 0.
        base: Dice that count, 2 in Attributes & Arts.
        sides: Faces per die; every face must be between 1 and ``sides``.

    Returns:
        The dice total (before modifiers).

    The rulebook's example: two boons and one bane, faces 3, 4, 6:

    >>> resolve_boons_banes([3, 4, 6], boons=2, banes=1)
    10
    >>> resolve_boons_banes([3, 4], boons=2, banes=0)
    Traceback (most recent call last):
    ...
    ValueError: 2 boons and 0 banes leave 2 net boons, so the roll needs 4 dice, but 2 were given.
    """
    checked = _check_faces(faces, _check_int("sides", sides, 1))
    _check_int("boons", boons, 0)
    _check_int("banes", banes, 0)
    _check_int("base", base, 1)
    net = boons - banes
    needed = base + abs(net)
    if len(checked) != needed:
        if net > 0:
            left = f"leave {_plural(net, 'net boon')}"
        elif net < 0:
            left = f"leave {_plural(-net, 'net bane')}"
        else:
            left = "cancel out"
        raise ValueError(
            f"{_plural(boons, 'boon')} and {_plural(banes, 'bane')} {left}, so the roll "
            f"needs {needed} dice, but {len(checked)} were given."
        )
    return resolve_keep(checked, base, highest=net >= 0)
