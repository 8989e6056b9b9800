"""What the operators of the language mean: shared by exact evaluation and rolling."""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping

from ..errors import InputError
from .syntax import BinOp, Call, Name, Node

__all__ = ["COMPARE", "bound", "combiner", "is_if", "operands", "operator_of"]

COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge,
    "<=": operator.le,
    ">": operator.gt,
    "<": operator.lt,
    "==": operator.eq,
    "!=": operator.ne,
}
"""Comparison operators: between two expressions (1 or 0) and in success counts."""


def combiner(op: str) -> Callable[[int, int], int]:
    """The function on two outcomes of ``* // min max`` or a comparison (1 when true).

    >>> combiner("//")(7, 2), combiner(">=")(3, 3), combiner("max")(2, 5)
    (3, 1, 5)
    """
    if op in COMPARE:
        compare = COMPARE[op]
        return lambda a, b: int(compare(a, b))
    return {"*": operator.mul, "//": operator.floordiv, "min": min, "max": max}[op]



def is_if(node: Node) -> bool:
    """Whether ``node`` is ``if(condition, a, b)``, which evaluates only the branch taken.

    >>> from calculators.notation.parser import parse_tree
    >>> is_if(parse_tree("if(paid, 0, 6)")), is_if(parse_tree("max(1, 2)"))
    (True, False)
    """
    return isinstance(node, Call) and node.function == "if"


def operands(node: Node) -> tuple[Node, Node]:
    """The two operands of a binary operator or a call.

    >>> from calculators.notation.parser import parse_tree
    >>> [n.text() for n in operands(parse_tree("min(d6, 3)"))]
    ['d6', '3']
    """
    if isinstance(node, BinOp):
        return node.left, node.right
    assert isinstance(node, Call)
    return node.args[0], node.args[1]



def bound(node: Name, names: Mapping[str, int], field: str) -> int:
    """The value bound to a name; an unknown name is an :class:`InputError` at its column.

    >>> bound(Name("goal", 5), {"goal": 12}, "x")
    12
    >>> bound(Name("gaol", 5), {"goal": 12}, "x")
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: x: unknown name 'gaol' at 5 (names here: goal)
    """
    if node.name not in names:
        known = ", ".join(sorted(names)) or "none"
        raise InputError(field, f"unknown name '{node.name}' at {node.at} (names here: {known})")
    return names[node.name]


def operator_of(node: BinOp | Call) -> str:
    """The operator or function name of a node with two operands.

    >>> from calculators.notation.parser import parse_tree
    >>> operator_of(parse_tree("max(1, 2)")), operator_of(parse_tree("1 // 2"))
    ('max', '//')
    """
    return node.op if isinstance(node, BinOp) else node.function
