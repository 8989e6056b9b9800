"""The syntax tree of a dice expression: numbers, names, dice, operators, calls.

Every node keeps ``at``, the 1-based column where it starts in the text, so an
error found after parsing (an unknown name, a pool too large) still says where.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Keep/drop modifiers of a dice term: keep highest, keep lowest, drop highest, drop lowest.
KEEP_MODES = ("kh", "kl", "dh", "dl")
#: Comparisons, both between whole expressions and in a success count (``cs>=5``).
COMPARISONS = (">=", "<=", "==", "!=", ">", "<")
#: Functions and how many expressions each takes: ``if(condition, then, else)`` is the
#: ``then`` expression where the condition is not 0, else the ``else`` expression.
ARITY = {"min": 2, "max": 2, "if": 3}
FUNCTIONS = tuple(ARITY)


@dataclass(frozen=True)
class Num:
    """An integer literal.

    >>> Num(3, at=1).text()
    '3'
    """

    value: int
    at: int

    def text(self) -> str:
        """The node written back as notation."""
        return str(self.value)


@dataclass(frozen=True)
class Name:
    """A name bound to an integer from the calculator's inputs (``modifier``).

    >>> Name("goal", at=9).text()
    'goal'
    """

    name: str
    at: int

    def text(self) -> str:
        """The node written back as notation."""
        return self.name


@dataclass(frozen=True)
class Dice:
    """``count`` dice of ``sides`` faces, summed, or kept/dropped, or counted as successes.

    ``keep`` is a mode of :data:`KEEP_MODES` with how many dice it keeps or
    drops; ``success`` is a comparison of :data:`COMPARISONS` with the face it
    compares against (``cs>=5``: each die showing 5 or more counts 1). ``digits`` above 1
    makes each die a digit die (:mod:`calculators.dice.digits`): ``d66`` is ``sides`` 6,
    ``digits`` 2, two d6 read as tens and units.

    >>> Dice(Num(4, 1), Num(6, 3), keep=("kh", 3), at=1).text()
    '4d6kh3'
    >>> Dice(Num(1, 1), Num(100, 2), at=1, percent=True, implicit_count=True).text()
    'd%'
    >>> Dice(Num(2, 1), Num(6, 3), at=1, digits=2).text()
    '2d66'
    """

    count: Node
    sides: Node
    at: int
    keep: tuple[str, int] | None = None
    success: tuple[str, int] | None = None
    percent: bool = False
    implicit_count: bool = False
    digits: int = 1

    def text(self) -> str:
        """The node written back as notation."""
        count = "" if self.implicit_count else _operand(self.count)
        sides = "%" if self.percent else _operand(self.sides)
        if self.digits > 1:
            sides *= self.digits
        keep = f"{self.keep[0]}{self.keep[1]}" if self.keep else ""
        success = f"cs{self.success[0]}{self.success[1]}" if self.success else ""
        return f"{count}d{sides}{keep}{success}"


@dataclass(frozen=True)
class Neg:
    """Unary minus.

    >>> Neg(Num(2, 2), at=1).text()
    '-2'
    """

    operand: Node
    at: int

    def text(self) -> str:
        """The node written back as notation."""
        return f"-{_operand(self.operand)}"


@dataclass(frozen=True)
class BinOp:
    """``left op right``: ``+ - * //`` or a comparison giving 1 when true, else 0.

    >>> BinOp("+", Num(1, 1), Num(2, 5), at=3).text()
    '1 + 2'
    """

    op: str
    left: Node
    right: Node
    at: int

    def text(self) -> str:
        """The node written back as notation (parenthesised where needed)."""
        return f"{_side(self.left, self.op, False)} {self.op} {_side(self.right, self.op, True)}"


@dataclass(frozen=True)
class Call:
    """``min(a, b)`` or ``max(a, b)`` of two expressions, or ``if(condition, a, b)``.

    >>> Call("max", (Num(1, 5), Num(2, 8)), at=1).text()
    'max(1, 2)'
    >>> Call("if", (Name("paid", 4), Num(0, 10), Num(6, 13)), at=1).text()
    'if(paid, 0, 6)'
    """

    function: str
    args: tuple[Node, ...]
    at: int

    def text(self) -> str:
        """The node written back as notation."""
        return f"{self.function}({', '.join(arg.text() for arg in self.args)})"


Node = Num | Name | Dice | Neg | BinOp | Call
"""Any node of the tree."""



def children(node: Node) -> tuple[Node, ...]:
    """The nodes directly under ``node``: a dice term's count and sides, an operator's
    operands, a call's arguments.

    >>> [child.text() for child in children(BinOp("+", Num(1, 1), Num(2, 5), at=3))]
    ['1', '2']
    """
    if isinstance(node, Dice):
        return (node.count, node.sides)
    if isinstance(node, Neg):
        return (node.operand,)
    if isinstance(node, BinOp):
        return (node.left, node.right)
    if isinstance(node, Call):
        return node.args
    return ()


def walk(node: Node) -> list[Node]:
    """``node`` and every node under it, parents before their children, left to right.

    >>> [n.text() for n in walk(Neg(BinOp("*", Num(2, 3), Name("n", 5), at=4), at=1))]
    ['-(2 * n)', '2 * n', '2', 'n']
    """
    return [node, *(n for child in children(node) for n in walk(child))]


#: Binding strength of each binary operator (higher binds tighter).
PRECEDENCE = {op: 1 for op in COMPARISONS} | {"+": 2, "-": 2, "*": 3, "//": 3}


def _operand(node: Node) -> str:
    """A dice count or sides: bare when a number, else in parentheses (``(level)d6``)."""
    return node.text() if isinstance(node, Num) else f"({node.text()})"


def _side(node: Node, op: str, right: bool) -> str:
    """One side of a binary operator, in parentheses when it binds less tightly."""
    if isinstance(node, BinOp):
        inner, outer = PRECEDENCE[node.op], PRECEDENCE[op]
        if inner < outer or (right and inner == outer):
            return f"({node.text()})"
    return node.text()
