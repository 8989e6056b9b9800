"""What a caller gives the dice engine, checked: whole numbers, probabilities, weights.

Every check raises :class:`ValueError` with a sentence that says what is wrong, and
returns the value in the form the engine computes with (probabilities as whole weights
over one common denominator). Also the exact ``"n/d"`` form of a probability
(:func:`fraction_str`), which those sentences and the core's JSON use.

>>> _check_int("sides", 0, 1)
Traceback (most recent call last):
...
ValueError: sides must be at least 1, got 0.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction


def _check_int(name: str, value: object, minimum: int | None = None) -> int:
    """Return ``value`` if it is a whole number at least ``minimum``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{name} must be a whole number, got {value!r}.")
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}.")
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


def _probability_weights(probabilities: object) -> dict[int, int]:
    """``{outcome: probability}`` checked (exact, not negative, summing to 1) as whole
    weights over the probabilities' common denominator.

    >>> _probability_weights({1: "1/4", 3: Fraction(3, 4)})
    {1: 1, 3: 3}
    >>> _probability_weights({1: 0.5, 2: 0.5})
    Traceback (most recent call last):
    ...
    ValueError: probability of outcome 1 must be an exact Fraction, int or 'n/d' string, \
got 0.5 (float); floats are not exact.
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
    return {o: p.numerator * (common // p.denominator) for o, p in parsed.items()}


def _face_counts(outcomes: Iterable[int]) -> dict[int, int]:
    """How many times each face is listed; at least one face.

    >>> _face_counts([1, 1, 2])
    {1: 2, 2: 1}
    """
    counts: dict[int, int] = {}
    for outcome in outcomes:
        _check_int("every outcome", outcome)
        counts[outcome] = counts.get(outcome, 0) + 1
    if not counts:
        raise ValueError("a uniform distribution needs at least one outcome.")
    return counts


def _checked_weights(weights: object) -> dict[int, int]:
    """``{outcome: whole weight}`` checked: weights not negative, at least one positive.

    >>> _checked_weights({0: 3, 1: -1})
    Traceback (most recent call last):
    ...
    ValueError: the weight of outcome 1 must be at least 0, got -1.
    """
    if not isinstance(weights, Mapping):
        raise ValueError(f"weights must be a mapping, got {type(weights).__name__}.")
    for outcome, weight in weights.items():
        _check_int("every outcome", outcome)
        _check_int(f"the weight of outcome {outcome}", weight, 0)
    if not any(weights.values()):
        raise ValueError("at least one weight must be positive.")
    return dict(weights)


def _pairs_mapping(pairs: Iterable[Sequence[int | str]]) -> dict[int, Fraction | int | str]:
    """``[[outcome, "n/d"], ...]`` (a distribution's JSON form) as ``{outcome: "n/d"}``,
    each outcome a whole number listed once (the probabilities are checked by
    :func:`_probability_weights`).

    >>> _pairs_mapping([[1, "1/2"], [2, "1/2"]])
    {1: '1/2', 2: '1/2'}
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
    return mapping
