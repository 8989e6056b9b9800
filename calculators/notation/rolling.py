"""One seeded roll of a dice expression, with every die shown.

The tree is walked left to right, so the same seed gives the same faces. Each
dice term reports its faces, which of them count, and its value.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..dice import digit_value, roll_dice
from ..errors import InputError
from .exact import dice_shape
from .semantics import COMPARE, bound, combiner, is_if, operands, operator_of
from .syntax import Dice, Name, Neg, Node, Num

__all__ = ["DiceRoll", "Rolled", "roll_tree"]


@dataclass(frozen=True)
class DiceRoll:
    """The faces of one dice term: which count (kept, or a success) and its value.

    >>> DiceRoll("4d6kh3", (6, 2, 5, 4), (True, False, True, True), 15).shown()
    '4d6kh3 [6, (2), 5, 4] = 15'
    """

    term: str
    faces: tuple[int, ...]
    counted: tuple[bool, ...]
    value: int

    def shown(self) -> str:
        """The term with its faces; faces that do not count in parentheses."""
        pairs = zip(self.faces, self.counted, strict=True)
        faces = ", ".join(str(f) if c else f"({f})" for f, c in pairs)
        return f"{self.term} [{faces}] = {self.value}"

    def to_json(self) -> dict[str, object]:
        """JSON-able form for the browser."""
        return {
            "term": self.term,
            "faces": list(self.faces),
            "counted": list(self.counted),
            "value": self.value,
        }


@dataclass
class Rolled:
    """A whole roll: the total and each dice term in the order rolled."""

    total: int = 0
    dice: list[DiceRoll] = field(default_factory=list)

    def shown(self) -> str:
        """Every dice term, then the total.

        >>> Rolled(7, [DiceRoll("2d6", (3, 4), (True, True), 7)]).shown()
        '2d6 [3, 4] = 7; total 7'
        """
        return "; ".join([*(d.shown() for d in self.dice), f"total {self.total}"])


def roll_tree(tree: Node, names: Mapping[str, int], rng: random.Random, field: str) -> Rolled:
    """Roll ``tree`` once with ``rng`` (checked first with :func:`.exact.check`).

    >>> from calculators.notation.parser import parse_tree
    >>> roll_tree(parse_tree("4d6kh3 + 1"), {}, random.Random(1), "x").shown()
    '4d6kh3 [2, 5, (1), 3] = 10; total 11'
    >>> roll_tree(parse_tree("d66"), {}, random.Random(1), "x").shown()
    'd66 [2, 5] = 25; total 25'
    """
    rolled = Rolled()
    rolled.total = _roll(tree, names, rng, field, rolled)
    return rolled


def _roll(node: Node, names: Mapping[str, int], rng: random.Random, field: str, out: Rolled) -> int:
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Name):
        return bound(node, names, field)
    if isinstance(node, Dice):
        return _roll_dice(node, names, rng, field, out)
    if isinstance(node, Neg):
        return -_roll(node.operand, names, rng, field, out)
    if is_if(node):  # only the branch taken is rolled
        condition, then, otherwise = node.args
        taken = then if _roll(condition, names, rng, field, out) else otherwise
        return _roll(taken, names, rng, field, out)
    left, right = (_roll(arg, names, rng, field, out) for arg in operands(node))
    op = operator_of(node)
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    if op == "//" and right == 0:
        raise InputError(field, f"division by zero at {node.at}")
    return combiner(op)(left, right)


def _roll_dice(
    node: Dice, names: Mapping[str, int], rng: random.Random, field: str, out: Rolled
) -> int:
    count, sides, kept = dice_shape(node, names, field)
    faces = roll_dice(count * node.digits, sides, rng)
    if node.digits > 1:  # each digit die is its dice read in order as one number
        counted = [True] * len(faces)
        at = range(0, len(faces), node.digits)
        value = sum(digit_value(faces[i : i + node.digits]) for i in at)
    elif node.success:
        op, face = node.success
        counted = [COMPARE[op](f, face) for f in faces]
        value = sum(counted)
    else:
        mode = node.keep[0] if node.keep else "kh"
        order = sorted(range(count), key=lambda i: faces[i], reverse=mode in ("kh", "dl"))
        keep = set(order[:kept])
        counted = [i in keep for i in range(count)]
        value = sum(f for f, c in zip(faces, counted, strict=True) if c)
    out.dice.append(DiceRoll(node.text(), tuple(faces), tuple(counted), value))
    return value
