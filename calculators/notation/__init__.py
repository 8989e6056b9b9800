"""Dice notation: parse an expression once, then get its exact distribution or roll it.

The language (``parser`` has the grammar): ``NdX``, ``dX``, ``d%``; digit dice
(``d66``: two d6 read as tens and units, ``d666``); keep and
drop ``khN klN dhN dlN``; success counting ``csOPn`` (``6d6cs>=5``); ``+ - *``
and ``//`` (rounding down) with integers and parentheses; one comparison of two
whole expressions, 1 when true and 0 otherwise (``2d6+5 >= 12``); ``min`` and
``max`` of two expressions; ``if(condition, a, b)``, ``a`` where the condition
is not 0 and ``b`` otherwise (only the branch taken is rolled); names bound to
integers from a calculator's inputs (``2d6 + modifier >= goal``). Probabilities are exact fractions.

>>> attack = parse("2d6 + modifier >= goal")
>>> attack.distribution({"modifier": 2, "goal": 10}).p_eq(1)
Fraction(5, 12)
>>> sorted(attack.names)
['goal', 'modifier']
>>> parse("4d6kh3").distribution().mean()
Fraction(15869, 1296)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from ..dice import Dist
from .exact import Span, check, distribution
from .parser import parse_tree
from .rolling import DiceRoll, Rolled, roll_tree
from .syntax import Name, Node, walk

__all__ = ["DiceRoll", "Expression", "Rolled", "Span", "parse"]


@dataclass(frozen=True)
class Expression:
    """A parsed dice expression; ``field`` names the input it came from in errors."""

    source: str
    tree: Node
    field: str = "expression"

    @property
    def names(self) -> frozenset[str]:
        """The names the expression needs bound.

        >>> sorted(parse("(level)d6 + bonus").names)
        ['bonus', 'level']
        """
        return frozenset(n.name for n in walk(self.tree) if isinstance(n, Name))

    def text(self) -> str:
        """The expression written back in a standard form.

        >>> parse("4D6KH3+ 2").text()
        '4d6kh3 + 2'
        """
        return self.tree.text()

    def span(self, names: Mapping[str, int] | None = None) -> Span:
        """Lowest and highest outcome; checks every limit without computing anything.

        >>> parse("3d6 - 1").span()
        Span(low=2, high=17, size=16)
        """
        return check(self.tree, names or {}, self.field)

    def distribution(self, names: Mapping[str, int] | None = None) -> Dist:
        """The exact distribution (after the limits are checked).

        >>> parse("d%").distribution().p_eq(100)
        Fraction(1, 100)
        """
        return _exact(self.tree, tuple(sorted((names or {}).items())), self.field)

    def roll(self, rng: random.Random, names: Mapping[str, int] | None = None) -> Rolled:
        """One roll with ``rng``: the total and every die rolled.

        >>> parse("2d6 + 1").roll(random.Random(3)).shown()
        '2d6 [2, 5] = 7; total 8'
        """
        bound = names or {}
        check(self.tree, bound, self.field)
        return roll_tree(self.tree, bound, rng, self.field)


@lru_cache(maxsize=512)
def parse(text: str, field: str = "expression") -> Expression:
    """Parse ``text``; a mistake is an ``InputError`` on ``field`` naming its column (cached).

    >>> parse("3d6 keep")
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: expression: unexpected 'k' at 5
    """
    return Expression(text, parse_tree(text, field), field)


@lru_cache(maxsize=512)
def _exact(tree: Node, names: tuple[tuple[str, int], ...], field: str) -> Dist:
    """Cached exact distribution (trees and bound names are immutable)."""
    bound = dict(names)
    check(tree, bound, field)
    return distribution(tree, bound, field)
