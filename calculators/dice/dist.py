"""The exact distribution type of the dice engine, :class:`Dist`, and its own caches.

Every roll the rulebooks use becomes a :class:`Dist`: immutable, exact, over integers.
Its arithmetic is on whole weights (:mod:`calculators.dice.weights`); what a caller
gives it is checked by :mod:`calculators.dice.checks`.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from operator import mul

from .checks import (
    _check_int,
    _check_rng,
    _checked_weights,
    _face_counts,
    _pairs_mapping,
    _probability_weights,
    fraction_str,
)
from .weights import CACHE_SIZE, combined, convolve, mapped, normalise

__all__ = ["Dist"]


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
        self._set(*normalise(_probability_weights(probabilities)))

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
        return cls._raw(*normalise(_face_counts(outcomes)))

    @classmethod
    def from_weights(cls, weights: Mapping[int, int]) -> Dist:
        """A distribution proportional to integer weights (need not sum to 1).

        Args:
            weights: Mapping of outcome to a non-negative whole weight; at
                least one weight must be positive.

        >>> Dist.from_weights({0: 3, 1: 1})
        Dist({0: '3/4', 1: '1/4'})
        """
        return cls._raw(*normalise(_checked_weights(weights)))

    @classmethod
    def from_pairs(cls, pairs: Iterable[Sequence[int | str]]) -> Dist:
        """Rebuild a distribution from :meth:`to_pairs` output (its JSON form).

        >>> d = Dist.die(3) + 1
        >>> Dist.from_pairs(d.to_pairs()) == d
        True
        """
        return cls(_pairs_mapping(pairs))

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

        >>> (Dist.die(6) + Dist.die(6)).p_eq(7)
        Fraction(1, 6)
        """
        i = bisect.bisect_left(self._outcomes, x)
        if i < len(self._outcomes) and self._outcomes[i] == x:
            return Fraction(self._weights[i], self._total)
        return Fraction(0)

    def p_ne(self, x: int) -> Fraction:
        """P(outcome != x).

        >>> (Dist.die(6) + Dist.die(6)).p_ne(7)
        Fraction(5, 6)
        """
        return 1 - self.p_eq(x)

    def p_ge(self, x: int) -> Fraction:
        """P(outcome >= x).

        >>> (Dist.die(6) + Dist.die(6)).p_ge(10)
        Fraction(1, 6)
        """
        return self._p_from(bisect.bisect_left(self._outcomes, x))

    def p_gt(self, x: int) -> Fraction:
        """P(outcome > x).

        >>> (Dist.die(6) + Dist.die(6)).p_gt(10)
        Fraction(1, 12)
        """
        return self._p_from(bisect.bisect_right(self._outcomes, x))

    def p_le(self, x: int) -> Fraction:
        """P(outcome <= x).

        >>> (Dist.die(6) + Dist.die(6)).p_le(4)
        Fraction(1, 6)
        """
        return self._p_before(bisect.bisect_right(self._outcomes, x))

    def p_lt(self, x: int) -> Fraction:
        """P(outcome < x).

        >>> (Dist.die(6) + Dist.die(6)).p_lt(4)
        Fraction(1, 12)
        """
        return self._p_before(bisect.bisect_left(self._outcomes, x))

    def mean(self) -> Fraction:
        """The exact expected value.

        >>> (Dist.die(6) + Dist.die(6) + Dist.die(6)).mean()
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
        return Dist._raw(*mapped(self._outcomes, self._weights, f))

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
        return Dist._raw(
            *combined(self._outcomes, self._weights, other._outcomes, other._weights, f)
        )

    # -- sampling ------------------------------------------------------------

    def sample(self, rng: random.Random) -> int:
        """Draw one outcome with exactly these probabilities.

        Args:
            rng: The source of randomness, e.g. ``random.Random(seed)``.

        >>> d = (Dist.die(6) + Dist.die(6))
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


def _check_dist(name: str, value: object) -> Dist:
    """Return ``value`` if it is a :class:`Dist`."""
    if not isinstance(value, Dist):
        raise ValueError(f"{name} must be a Dist, got {type(value).__name__}.")
    return value


# -- internal builders ----------------------------------------------------------


def _rebuild(outcomes: tuple[int, ...], weights: tuple[int, ...], total: int) -> Dist:
    """Unpickle a :class:`Dist`."""
    return Dist._raw(tuple(outcomes), tuple(weights), total)


def _convolve(a: Dist, b: Dist) -> Dist:
    """Distribution of the sum of independent ``a`` and ``b``."""
    if len(a._outcomes) == 1:
        return b + a._outcomes[0]
    if len(b._outcomes) == 1:
        return a + b._outcomes[0]
    return Dist._raw(*convolve(a._outcomes, a._weights, b._outcomes, b._weights))


@lru_cache(maxsize=CACHE_SIZE)
def _die(sides: int) -> Dist:
    """Cached fair die (``sides`` already validated)."""
    return Dist._raw(tuple(range(1, sides + 1)), (1,) * sides, sides)
