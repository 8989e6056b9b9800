"""Exact distributions of dice expressions, after a cost check of the whole tree.

:func:`check` walks the tree once without computing anything: it binds the
names, fixes every dice count and number of sides, and estimates the steps
each operation will take from the range of its operands. Only an expression
within :mod:`.limits` is then evaluated by :func:`distribution`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from ..dice import Dist, digit_dice, keep_highest, keep_lowest, sum_dice
from ..dice.pools import keep_steps
from ..errors import InputError
from .limits import MAX_DICE, MAX_SIDES, MAX_STEPS
from .semantics import COMPARE, bound, combiner, is_if, operands, operator_of
from .syntax import Call, Dice, Name, Neg, Node, Num

__all__ = ["Span", "check", "distribution", "dice_shape", "face_matches"]

@dataclass(frozen=True)
class Span:
    """What a node can give: its lowest and highest outcome and how many outcomes at most.

    >>> Span(2, 12, 11).width
    11
    """

    low: int
    high: int
    size: int

    @property
    def width(self) -> int:
        """Integers from ``low`` to ``high``."""
        return self.high - self.low + 1


def face_matches(op: str, face: int, sides: int) -> int:
    """How many faces of a ``sides``-sided die satisfy ``face <op> target``.

    >>> face_matches(">=", 5, 6), face_matches("==", 6, 6), face_matches("<", 1, 6)
    (2, 1, 0)
    """
    return sum(1 for f in range(1, sides + 1) if COMPARE[op](f, face))


def dice_shape(node: Dice, names: Mapping[str, int], field: str) -> tuple[int, int, int]:
    """``(count, sides, kept)`` of a dice term, checked against the limits.

    >>> from calculators.notation.parser import parse_tree
    >>> dice_shape(parse_tree("4d6dl1"), {}, "x")
    (4, 6, 3)
    >>> dice_shape(parse_tree("(n)d6"), {"n": 200}, "x")
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: x: roll at most 100 dice at once (200 at 1)
    """
    count = _fixed(node.count, names, field, "the number of dice")
    sides = _fixed(node.sides, names, field, "the number of sides")
    if not 0 <= count <= MAX_DICE:
        raise InputError(field, f"roll at most {MAX_DICE} dice at once ({count} at {node.at})")
    if not 1 <= sides <= MAX_SIDES:
        raise InputError(
            field, f"a die has 1 to {MAX_SIDES} sides ({sides} at {node.sides.at})"
        )
    kept = count
    if node.keep:
        mode, n = node.keep
        if n > count:
            raise InputError(
                field, f"'{mode}{n}' keeps or drops more than the {count} dice rolled at {node.at}"
            )
        kept = n if mode in ("kh", "kl") else count - n
    return count, sides, kept


def check(tree: Node, names: Mapping[str, int], field: str) -> Span:
    """The span of ``tree``; an :class:`InputError` if it is over a limit or names an unknown.

    >>> from calculators.notation.parser import parse_tree
    >>> check(parse_tree("2d6 + bonus"), {"bonus": 3}, "x")
    Span(low=5, high=15, size=11)
    >>> check(parse_tree("50d100 * 50d100"), {}, "x")
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: x: too much work for one expression
    (about 98,544,704 steps; the limit is 2,000,000): make the dice pools smaller
    """
    budget = _Budget(field)
    span = budget.walk(tree, names)
    return span


class _Budget:
    """One walk of the tree, adding up the dice and the estimated steps."""

    def __init__(self, field: str) -> None:
        self.field = field
        self.dice = 0
        self.steps = 0

    def spend(self, steps: int) -> None:
        self.steps += steps
        if self.steps > MAX_STEPS:
            raise InputError(
                self.field,
                f"too much work for one expression (about {self.steps:,} steps; "
                f"the limit is {MAX_STEPS:,}): make the dice pools smaller",
            )

    def walk(self, node: Node, names: Mapping[str, int]) -> Span:
        if isinstance(node, Num):
            return Span(node.value, node.value, 1)
        if isinstance(node, Name):
            value = bound(node, names, self.field)
            return Span(value, value, 1)
        if isinstance(node, Dice):
            return self.dice_span(node, names)
        if isinstance(node, Neg):
            inner = self.walk(node.operand, names)
            return Span(-inner.high, -inner.low, inner.size)
        if is_if(node):
            return self.if_span(node, names)
        left, right = (self.walk(arg, names) for arg in operands(node))
        pairs = left.size * right.size
        op = operator_of(node)
        if op in COMPARE:
            span = Span(0, 1, 2)
        else:
            corners = _corners(op, left, right)
            if not corners:
                raise InputError(self.field, f"division by zero at {node.at}")
            low, high = min(corners), max(corners)
            span = Span(low, high, min(high - low + 1, pairs))
        # Every pair of outcomes is visited, then every outcome of the result is kept.
        # A sum is a convolution done in C; any other operator calls Python for each
        # pair (measured about three times slower per pair, scripts/bench_dice.py).
        per_pair = 1 if op in ("+", "-") else 3
        self.spend(per_pair * pairs + span.size if min(left.size, right.size) > 1 else span.size)
        return span

    def if_span(self, node: Call, names: Mapping[str, int]) -> Span:
        """``if(condition, a, b)``: only the branch taken when the condition is fixed."""
        condition, then, otherwise = node.args
        test = self.walk(condition, names)
        if test.low == test.high:
            return self.walk(then if test.low else otherwise, names)
        a, b = self.walk(then, names), self.walk(otherwise, names)
        low, high = min(a.low, b.low), max(a.high, b.high)
        span = Span(low, high, min(high - low + 1, a.size + b.size))
        self.spend(a.size + b.size + span.size)
        return span

    def dice_span(self, node: Dice, names: Mapping[str, int]) -> Span:
        count, sides, kept = dice_shape(node, names, self.field)
        self.dice += count
        if self.dice > MAX_DICE:
            raise InputError(
                self.field, f"roll at most {MAX_DICE} dice in one expression (at {node.at})"
            )
        if node.digits > 1:
            one_low, one_high = int("1" * node.digits), int(str(sides) * node.digits)
            width = count * (one_high - one_low) + 1
            self.spend(sides**node.digits + count * width * sides**node.digits)
            return Span(count * one_low, count * one_high, min(width, sides ** (node.digits *
                                                                                   count)))
        if node.success:
            self.spend(count + 1)
            return Span(0, count, count + 1)
        if kept < count:
            # Each step adds products of integers as wide as sides ** count to a dict:
            # measured about twice a convolution step (0.2 to 0.45 microseconds).
            self.spend(2 * keep_steps(sides, kept) + count)
        else:
            self.spend(count * (count * (sides - 1) + 1))
        return Span(kept, kept * sides, kept * (sides - 1) + 1)


def distribution(tree: Node, names: Mapping[str, int], field: str) -> Dist:
    """The exact distribution of ``tree``, which :func:`check` has accepted.

    >>> from calculators.notation.parser import parse_tree
    >>> distribution(parse_tree("d4 >= 3"), {}, "x")
    Dist({0: '1/2', 1: '1/2'})
    >>> distribution(parse_tree("2d6cs>=5"), {}, "x")
    Dist({0: '4/9', 1: '4/9', 2: '1/9'})
    >>> distribution(parse_tree("if(d4 >= 4, 10, d2)"), {}, "x")
    Dist({1: '3/8', 2: '3/8', 10: '1/4'})
    >>> distribution(parse_tree("d22"), {}, "x")
    Dist({11: '1/4', 12: '1/4', 21: '1/4', 22: '1/4'})
    """
    if isinstance(tree, Num):
        return Dist.constant(tree.value)
    if isinstance(tree, Name):
        return Dist.constant(bound(tree, names, field))
    if isinstance(tree, Dice):
        return _dice(tree, names, field)
    if isinstance(tree, Neg):
        return -distribution(tree.operand, names, field)
    if is_if(tree):
        return _if(tree, names, field)
    left, right = (distribution(arg, names, field) for arg in operands(tree))
    op = operator_of(tree)
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    if op == "//" and right.p_eq(0):
        raise InputError(field, f"the divisor can be 0 at {tree.at}")
    return left.combine(right, combiner(op))


def _if(node: Call, names: Mapping[str, int], field: str) -> Dist:
    """``if(condition, a, b)``: ``a`` where the condition is not 0, else ``b`` (a mixture)."""
    condition, then, otherwise = node.args
    p = distribution(condition, names, field).p_ne(0)
    if p == 1:
        return distribution(then, names, field)
    if p == 0:
        return distribution(otherwise, names, field)
    a, b = distribution(then, names, field), distribution(otherwise, names, field)
    mixed: dict[int, Fraction] = {}
    for dist, weight in ((a, p), (b, 1 - p)):
        for outcome, q in dist.items():
            mixed[outcome] = mixed.get(outcome, Fraction(0)) + weight * q
    return Dist(mixed)


def _dice(node: Dice, names: Mapping[str, int], field: str) -> Dist:
    count, sides, kept = dice_shape(node, names, field)
    if node.digits > 1:
        return digit_dice(count, sides, node.digits)
    if node.success:
        op, face = node.success
        hits = face_matches(op, face, sides)
        return Dist.from_weights(
            {k: comb(count, k) * hits**k * (sides - hits) ** (count - k) for k in range(count + 1)}
        )
    if kept == count:
        return sum_dice(count, sides)
    mode = node.keep[0] if node.keep else "kh"
    highest = mode in ("kh", "dl")
    return keep_highest(count, sides, kept) if highest else keep_lowest(count, sides, kept)


def _corners(op: str, left: Span, right: Span) -> list[int]:
    """Extreme outcomes of ``left op right`` (monotone in each operand on each sign)."""
    xs = (left.low, left.high)
    if op == "+":
        return [left.low + right.low, left.high + right.high]
    if op == "-":
        return [left.low - right.high, left.high - right.low]
    if op in ("min", "max"):
        f = min if op == "min" else max
        return [f(left.low, right.low), f(left.high, right.high)]
    if op == "*":
        return [x * y for x in xs for y in (right.low, right.high)]
    divisors = {y for y in (right.low, right.high, -1, 1) if right.low <= y <= right.high and y}
    return [x // y for x in xs for y in divisors]


def _fixed(node: Node, names: Mapping[str, int], field: str, what: str) -> int:
    """The one value a dice count or number of sides takes."""
    span = _Budget(field).walk(node, names)
    if span.low != span.high:
        raise InputError(field, f"{what} must be a fixed number, not a roll (at {node.at})")
    return span.low
