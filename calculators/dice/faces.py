"""Explicit rolls: faces rolled with a :class:`random.Random`, or given, and their totals.

These work on the faces themselves instead of distributions; :func:`resolve_keep` and
:func:`resolve_boons_banes` agree with :func:`~calculators.dice.keep_highest` and
:func:`~calculators.dice.boons_banes` for every possible roll.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from .checks import _check_int, _check_rng, _plural

__all__ = ["resolve_boons_banes", "resolve_keep", "roll_dice"]


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
