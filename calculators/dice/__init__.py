"""Exact dice engine of the rules core.

Every roll the rulebooks use becomes a :class:`Dist`: an immutable, exact
probability distribution over integers. Probabilities are
:class:`fractions.Fraction` values, never floats, so the doctest, the unit
test, the build-time prerendered result and the in-browser result agree to
the last digit.

The package uses the standard library only (it also runs in Pyodide), keeps
its imports light, and caches the common distributions with
:func:`functools.lru_cache`, so asking twice for ``3d6 keep highest 2`` costs
a dictionary look-up. Its modules, from the bottom up: :mod:`~.checks` (what a
caller gives), :mod:`~.weights` (the integer arithmetic), :mod:`~.dist` (the
:class:`Dist` type), :mod:`~.pools`, :mod:`~.digits` (``d66``), :mod:`~.contests` and :mod:`~.faces`
(explicit rolls); everything public is imported from here.

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

from .checks import fraction_str
from .contests import ContestOdds, contest, margin, p_initiator_wins, p_meets
from .digits import digit_dice, digit_value, is_digit_die
from .dist import Dist
from .faces import resolve_boons_banes, resolve_keep, roll_dice
from .pools import boons_banes, count_at_least, d100, keep_highest, keep_lowest, sum_dice

__all__ = [
    "ContestOdds",
    "Dist",
    "boons_banes",
    "contest",
    "count_at_least",
    "d100",
    "digit_dice",
    "digit_value",
    "fraction_str",
    "is_digit_die",
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
