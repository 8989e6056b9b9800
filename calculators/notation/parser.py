"""Parse dice notation into a syntax tree; every error names the field and the column.

The grammar, loosest first (no parser library: Pyodide loads nothing extra)::

    expression := sum (comparison sum)?
    sum        := product (("+" | "-") product)*
    product    := unary (("*" | "//") unary)*
    unary      := "-" unary | atom
    atom       := dice | number dice? | "(" expression ")" dice? | name | call
    dice       := "d" (number | "%" | "(" expression ")") modifier?
                  (a number of two or three of one digit, 2 to 9, is digit dice:
                  ``d66`` is two d6 read as tens and units; they take no modifier)
    modifier   := ("kh" | "kl" | "dh" | "dl") number? | "cs" comparison? number
    call       := ("min" | "max") "(" expression "," expression ")"
                | "if" "(" expression "," expression "," expression ")"

A dice term is written without spaces (``4d6kh3``); a count or a number of
sides that is not a plain number goes in parentheses (``(level)d6``).
"""

from __future__ import annotations

from ..dice.digits import is_digit_die
from ..errors import InputError
from .limits import MAX_DEPTH, MAX_DICE, MAX_LENGTH, MAX_NUMBER, MAX_SIDES
from .syntax import (
    ARITY,
    COMPARISONS,
    FUNCTIONS,
    KEEP_MODES,
    BinOp,
    Call,
    Dice,
    Name,
    Neg,
    Node,
    Num,
)

__all__ = ["parse_tree"]

_DIGITS = "0123456789"


def parse_tree(text: str, field: str = "expression") -> Node:
    """The syntax tree of ``text``; an :class:`InputError` on ``field`` says what and where.

    >>> parse_tree("4d6kh3 + 2").text()
    '4d6kh3 + 2'
    >>> parse_tree("D66").digits, parse_tree("d666").text(), parse_tree("d100").digits
    (2, 'd666', 1)
    >>> parse_tree("2d")
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: expression: expected a number after 'd' at 3
    >>> parse_tree("2d6 +", field="damage")
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: damage: expected a number, a name, dice or '(' at 6
    """
    return _Parser(text, field).parse()


class _Parser:
    """Recursive descent over the characters of one expression."""

    def __init__(self, text: str, field: str) -> None:
        self.text = text
        self.field = field
        self.pos = 0
        self.depth = 0

    # -- helpers -------------------------------------------------------------

    def fail(self, message: str, pos: int | None = None) -> InputError:
        """An error at ``pos`` (default: here), as a 1-based column."""
        column = (self.pos if pos is None else pos) + 1
        return InputError(self.field, f"{message} at {column}")

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self, token: str) -> bool:
        """Whether ``token`` stands here (after spaces), without taking it."""
        self.skip_space()
        return self.text.startswith(token, self.pos)

    def take(self, token: str) -> bool:
        """Take ``token`` if it stands here (after spaces)."""
        if self.peek(token):
            self.pos += len(token)
            return True
        return False

    def expect(self, token: str, after: str) -> None:
        if not self.take(token):
            raise self.fail(f"expected '{token}' {after}")

    def number(self, maximum: int, what: str) -> int | None:
        """A run of digits here (no spaces skipped), or None."""
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in _DIGITS:
            self.pos += 1
        if self.pos == start:
            return None
        if self.pos - start > len(str(maximum)) or int(self.text[start : self.pos]) > maximum:
            raise self.fail(f"{what} can be at most {maximum:,}", start)
        return int(self.text[start : self.pos])

    def word(self) -> str:
        start = self.pos
        while self.pos < len(self.text) and (
            self.text[self.pos].isascii()
            and (self.text[self.pos].isalnum() or self.text[self.pos] == "_")
        ):
            self.pos += 1
        return self.text[start : self.pos]

    def at_dice(self) -> bool:
        """A ``d`` (or ``D``) followed by a number, ``%`` or ``(`` stands here."""
        rest = self.text[self.pos : self.pos + 2]
        return len(rest) == 2 and rest[0] in "dD" and rest[1] in _DIGITS + "%("

    def after_count(self) -> bool:
        """A ``d`` right after a dice count: a dice term, whatever follows it."""
        return self.text[self.pos : self.pos + 1] in ("d", "D")

    # -- grammar -------------------------------------------------------------

    def parse(self) -> Node:
        if len(self.text) > MAX_LENGTH:
            raise InputError(
                self.field, f"an expression can be at most {MAX_LENGTH} characters long"
            )
        if not self.text.strip():
            raise InputError(self.field, "write a dice expression, such as 2d6+3")
        tree = self.expression()
        self.skip_space()
        if self.pos < len(self.text):
            raise self.fail(f"unexpected '{self.text[self.pos]}'")
        return tree

    def expression(self) -> Node:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.fail(f"expressions can nest at most {MAX_DEPTH} deep")
        left = self.sum()
        self.skip_space()
        at = self.pos
        for op in COMPARISONS:
            if self.take(op):
                left = BinOp(op, left, self.sum(), at + 1)
                if any(self.peek(other) for other in COMPARISONS):
                    raise self.fail("compare two expressions at most once; use parentheses")
                break
        self.depth -= 1
        return left

    def sum(self) -> Node:
        left = self.product()
        while True:
            self.skip_space()
            at = self.pos
            if self.take("+"):
                left = BinOp("+", left, self.product(), at + 1)
            elif self.take("-"):
                left = BinOp("-", left, self.product(), at + 1)
            else:
                return left

    def product(self) -> Node:
        left = self.unary()
        while True:
            self.skip_space()
            at = self.pos
            if self.take("//"):
                left = BinOp("//", left, self.unary(), at + 1)
            elif self.take("*"):
                left = BinOp("*", left, self.unary(), at + 1)
            elif self.peek("/"):
                raise self.fail("division is written '//' (rounding down)")
            else:
                return left

    def unary(self) -> Node:
        self.skip_space()
        at = self.pos
        if self.take("-"):
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise self.fail(f"expressions can nest at most {MAX_DEPTH} deep")
            node = Neg(self.unary(), at + 1)
            self.depth -= 1
            return node
        return self.atom()

    def atom(self) -> Node:
        self.skip_space()
        at = self.pos
        if self.pos < len(self.text) and self.text[self.pos] in _DIGITS:
            count = Num(self.number(MAX_NUMBER, "a number") or 0, at + 1)
            return self.dice(count, at, implicit=False) if self.after_count() else count
        if self.take("("):
            inner = self.expression()
            self.expect(")", "to close the '(' at " + str(at + 1))
            return self.dice(inner, at, implicit=False) if self.after_count() else inner
        if self.at_dice():
            return self.dice(Num(1, at + 1), at, implicit=True)
        char = self.text[self.pos : self.pos + 1]
        if char.isalpha() or char == "_":
            name = self.word()
            if not name:
                raise self.fail(f"unexpected '{char}'")
            if name in FUNCTIONS and self.peek("("):
                return self.call(name, at)
            return Name(name, at + 1)
        raise self.fail("expected a number, a name, dice or '('")

    def dice(self, count: Node, at: int, implicit: bool) -> Dice:
        """The rest of a dice term, from its ``d``."""
        if isinstance(count, Num) and count.value > MAX_DICE:
            raise self.fail(f"roll at most {MAX_DICE} dice at once", at)
        self.pos += 1  # the 'd'
        sides_at = self.pos
        percent = False
        if self.text.startswith("%", self.pos):
            self.pos += 1
            sides: Node = Num(100, sides_at + 1)
            percent = True
        elif self.text.startswith("(", self.pos):
            self.pos += 1
            sides = self.expression()
            self.expect(")", f"to close the '(' at {sides_at + 1}")
        else:
            faces = self.number(MAX_SIDES, "a die's number of sides")
            if faces is None:
                raise self.fail("expected a number after 'd'")
            if faces == 0:
                raise self.fail("a die needs at least 1 side", sides_at)
            written = self.text[sides_at : self.pos]
            if is_digit_die(written):
                digits = len(written)
                sides = Num(int(written[0]), sides_at + 1)
                if self.text[self.pos : self.pos + 2].lower() in (*KEEP_MODES, "cs"):
                    raise self.fail(f"a digit die (d{written}) takes no keep, drop or count")
                return Dice(count, sides, at + 1, None, None, False, implicit, digits)
            sides = Num(faces, sides_at + 1)
        keep, success = self.modifier()
        return Dice(count, sides, at + 1, keep, success, percent, implicit)

    def modifier(self) -> tuple[tuple[str, int] | None, tuple[str, int] | None]:
        """An optional keep/drop (``kh3``) or success count (``cs>=5``) right after the sides."""
        code = self.text[self.pos : self.pos + 2].lower()
        if code in KEEP_MODES:
            self.pos += 2
            how_many = self.number(MAX_DICE, "the number of dice kept or dropped")
            keep = (code, 1 if how_many is None else how_many)
            if self.text[self.pos : self.pos + 2].lower() in (*KEEP_MODES, "cs"):
                raise self.fail("a dice term takes one modifier (keep, drop or count successes)")
            return keep, None
        if code == "cs":
            self.pos += 2
            op = next((c for c in COMPARISONS if self.text.startswith(c, self.pos)), None)
            if op is None and self.text.startswith("=", self.pos):
                op = "=="
                self.pos += 1
            elif op is None:
                op = "=="
            else:
                self.pos += len(op)
            face = self.number(MAX_SIDES, "a face")
            if face is None:
                raise self.fail(f"expected a face after 'cs{'' if op == '==' else op}'")
            return None, (op, face)
        if self.pos < len(self.text) and self.text[self.pos].isalpha():
            word_at = self.pos
            word = self.word()
            raise self.fail(
                f"unknown dice modifier '{word}' (use kh, kl, dh, dl or cs)", word_at
            )
        return None, None

    def call(self, function: str, at: int) -> Call:
        self.expect("(", f"after '{function}'")
        arity = ARITY[function]
        between = "the two expressions" if arity == 2 else "the three expressions"
        args = [self.expression()]
        for _ in range(arity - 1):
            self.expect(",", f"between {between} of {function}()")
            args.append(self.expression())
        self.expect(")", f"to close {function}(")
        return Call(function, tuple(args), at + 1)
