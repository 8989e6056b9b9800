"""Building the :class:`~calculators.declare.Calculator` a declaration describes, and
computing its outputs: names bound from the inputs, the roll known or not, exact odds,
the breakdown's lines.
"""

from __future__ import annotations

import importlib
import random
import string
from collections.abc import Callable, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from .. import books
from ..declare import ASSUMPTION_GROUP, Calculator, Input, Output
from ..dice import Dist, fraction_str
from ..errors import InputError
from ..format import json_number, signed
from ..notation import Expression, parse
from ..notation.exact import dice_shape
from ..notation.rolling import roll_tree
from ..notation.syntax import BinOp, Call, Dice, Name, Neg, Node
from .spec import FIXED_KINDS, ROLL, _dice_terms, named_rolls


def build(entry: Mapping[str, Any], defaults: Callable[[str], Any] | None = None) -> Calculator:
    """The :class:`Calculator` an exported calculator entry declares.

    ``defaults`` gives an assumption's default by id (default: the exported data's).

    >>> from calculators.declared import EXAMPLE
    >>> calc = build(EXAMPLE)
    >>> calc.id, calc.rolls, [i.name for i in calc.inputs]
    ('demo.incapacity', True, ['load', 'tolerance'])
    >>> calc.compute(load=3, tolerance=10, seed=None)["incapacitated"] is None
    True
    """
    if defaults is None:
        from ..data import assumption_default

        defaults = assumption_default
    inputs = tuple(_input(spec, defaults) for spec in entry["inputs"])
    outputs = tuple(
        Output(o["name"], o["label"], o["kind"], o.get("unit", ""), o.get("help", ""))
        for o in entry["outputs"]
    )
    compute: Callable[..., dict[str, Any]]
    if entry.get("compute") is not None:
        compute = resolve(entry["id"].partition(".")[0], entry["compute"])
        rolls = bool(entry.get("rolls"))
    else:
        compute = _Compute(entry, inputs)
        rolls = entry.get("roll") is not None
    return Calculator(
        entry["id"],
        entry["name"],
        inputs,
        outputs,
        compute,
        rule=entry.get("rule"),
        assumptions=tuple(entry.get("assumptions") or ()),
        help=entry.get("help", ""),
        rolls=rolls,
        extra={"declared": True},
    )


def locate(book: str, path: str) -> None:
    """Check, without importing anything, that ``path`` (``module.function``) names a
    function of ``book``'s package: the build runs this before the data the book's modules
    read is exported. :class:`LookupError` says what is missing.

    >>> locate("pendragon", "turn.compute_turn")
    >>> locate("pendragon", "turn.nowhere")
    Traceback (most recent call last):
    ...
    LookupError: the module calculators.books.pendragon.turn has no function 'nowhere'
    """
    import ast  # the build's only: the browser never checks a declaration

    module_path, _, function = path.rpartition(".")
    if not module_path or not all(part.isidentifier() for part in path.split(".")):
        raise LookupError(
            f"write 'module.function', a function of a module of the book's package; got {path!r}"
        )
    origin = books.module_file(book, module_path)
    if origin is None or not origin.endswith(".py"):
        where = f"calculators/books/{book}/{module_path.replace('.', '/')}.py"
        raise LookupError(f"the book {book!r} has no module {module_path!r} ({where})")
    with open(origin, encoding="utf-8") as handle:
        tree = ast.parse(handle.read(), origin)
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.ImportFrom | ast.Import):
            names.update(alias.asname or alias.name for alias in node.names)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    if function not in names:
        raise LookupError(f"the module {books.module_name(book, module_path)} has no function "
                          f"{function!r}")


def resolve(book: str, path: str) -> Callable[..., dict[str, Any]]:
    """The function ``path`` (``module.function``) of ``book``'s package, which a
    calculator's ``compute`` names; :class:`LookupError` saying what is missing.

    >>> resolve("pendragon", "turn.compute_turn").__name__
    'compute_turn'
    >>> resolve("pendragon", "nowhere.compute")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    LookupError: the book 'pendragon' has no module 'nowhere' (calculators/books/.../nowhere.py)
    """
    module_path, _, function = path.rpartition(".")
    if not module_path or not all(part.isidentifier() for part in path.split(".")):
        raise LookupError(
            f"write 'module.function', a function of a module of the book's package; got {path!r}"
        )
    name = books.module_name(book, module_path)
    if name is None:
        where = f"calculators/books/{book}/{module_path.replace('.', '/')}.py"
        raise LookupError(f"the book {book!r} has no module {module_path!r} ({where})")
    found = getattr(importlib.import_module(name), function, None)
    if not callable(found):
        raise LookupError(f"the module {name} has no function {function!r}")
    return found


def _input(spec: Mapping[str, Any], defaults: Callable[[str], Any]) -> Input:
    assumption = spec.get("assumption")
    default = defaults(assumption) if assumption else spec.get("default")
    group = spec.get("group") or (ASSUMPTION_GROUP if assumption else "")
    return Input(
        spec["name"],
        spec["kind"],
        spec["label"],
        default,
        unit=spec.get("unit", ""),
        min=spec.get("min"),
        max=spec.get("max"),
        choices=tuple(spec.get("choices") or ()),
        help=spec.get("help", ""),
        optional=bool(spec.get("optional")) or spec["kind"] == "dice",
        assumption=assumption,
        group=group,
    )


class _Given(random.Random):
    """Stands in for the random source to roll the faces a player gave, in order."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = iter(faces)

    def randint(self, a: int, b: int) -> int:  # noqa: D102 - random.Random's
        return next(self.faces)


class _Compute:
    """The compute function of one declared calculator (keyword arguments in, JSON out)."""

    def __init__(self, entry: Mapping[str, Any], inputs: tuple[Input, ...]) -> None:
        self.entry = entry
        self.inputs = inputs
        self.values = {i["name"]: i.get("values") for i in entry["inputs"] if "values" in i}
        self.roll = parse(entry["roll"], "roll") if entry.get("roll") is not None else None
        self.dice = next((i for i in inputs if i.kind == "dice"), None)
        lets = entry.get("let") or {}
        self.let = {name: parse(text, f"let.{name}") for name, text in lets.items()}
        self.named = named_rolls(lets)
        self.outputs = [(o, parse(o["value"], o["name"])) for o in entry["outputs"]]
        self.breakdown = [
            (line, None)
            if isinstance(line, str)
            else (line["text"], parse(line["when"], "breakdown") if line.get("when") else None)
            for line in entry.get("breakdown") or []
        ]

    def __call__(self, **values: Any) -> dict[str, Any]:
        names = self.bind(values)
        for name, expression in self.let.items():
            if name not in self.named:
                names[name] = _fixed(expression, names)
        total, rolled = self.rolled(values, names)
        result: dict[str, Any] = {}
        shown: dict[str, Any] = {**names, **values}
        if total is not None:
            names[ROLL] = shown[ROLL] = total
        random_names = self.settle(names)
        for name in self.named:
            shown[name] = names.get(name)
        for spec, expression in self.outputs:
            if expression.names & random_names:
                value = self.joint_output(spec, expression, names, random_names)
            else:
                value = self.output(spec, expression, names)
            result[spec["name"]] = shown[spec["name"]] = value
        if self.roll is not None:
            result["rolled"] = shown["rolled"] = rolled
        result["breakdown"] = self.lines(shown, names)
        return result

    def bind(self, values: Mapping[str, Any]) -> dict[str, int]:
        """The input names an expression sees, as whole numbers."""
        names: dict[str, int] = {}
        for spec in self.inputs:
            value = values.get(spec.name)
            if spec.kind == "int" and value is not None:
                names[spec.name] = value
            elif spec.kind == "bool":
                names[spec.name] = int(bool(value))
            elif spec.kind == "choice":
                names[spec.name] = self.values[spec.name][value]
        return names

    def rolled(self, values: Mapping[str, Any], names: dict[str, int]) -> tuple[int | None, Any]:
        """The roll's total when it is known, and the faces rolled with the seed (or None)."""
        if self.roll is None:
            return None, None
        faces = values.get(self.dice.name) if self.dice is not None else None
        if faces is not None:
            assert self.dice is not None
            needed = sum(dice_shape(t, names, "roll")[0] * t.digits  # a d66 is two dice
                         for t in _dice_terms(self.roll.tree))
            if len(faces) != needed:
                raise InputError(
                    self.dice.name,
                    f"{self.dice.label}: the roll needs {needed} "
                    f"{'die' if needed == 1 else 'dice'}; got {len(faces)}.",
                )
            return roll_tree(self.roll.tree, names, _Given(faces), self.dice.name).total, None
        if values.get("seed") is None:
            return None, None
        rolled = self.roll.roll(random.Random(values["seed"]), names)
        return rolled.total, [face for term in rolled.dice for face in term.faces]

    def settle(self, names: dict[str, int]) -> frozenset[str]:
        """Bind each named roll that is one number now (it reads only a known ``roll`` and
        fixed names); the names still random: the named rolls left and an unknown ``roll``."""
        random_names = set() if ROLL in names or self.roll is None else {ROLL}
        for name in self.named:
            expression = self.let[name]
            if expression.names & random_names or _dice_terms(expression.tree):
                random_names.add(name)
            else:
                names[name] = _fixed(expression, names)
        return frozenset(random_names)

    def joint(
        self, wanted: frozenset[str], names: Mapping[str, int], random_names: frozenset[str]
    ) -> list[tuple[dict[str, int], Fraction]]:
        """The exact joint odds of the random names ``wanted`` (and those they read): each
        named roll rolled once, whatever reads it, as ``(values, chance)`` pairs."""
        steps: list[tuple[str, Expression]] = []
        if ROLL in random_names:
            assert self.roll is not None
            steps.append((ROLL, self.roll))
        steps += [(name, self.let[name]) for name in self.named if name in random_names]
        needed = set(wanted)
        for name, expression in reversed(steps):
            if name in needed:
                needed |= expression.names & random_names
        steps = [(name, expression) for name, expression in steps if name in needed]
        states: dict[tuple[tuple[str, int], ...], Fraction] = {(): Fraction(1)}
        for index, (name, expression) in enumerate(steps):
            later = set(wanted).union(*(e.names for _, e in steps[index + 1 :]))
            merged: dict[tuple[tuple[str, int], ...], Fraction] = {}
            for state, chance in states.items():
                bound = dict(state)
                dist = expression.distribution({**names, **bound})
                for outcome, p in dist.items():
                    key = tuple(sorted((k, v) for k, v in {**bound, name: outcome}.items()
                                       if k in later))
                    merged[key] = merged.get(key, Fraction(0)) + chance * p
            states = merged
        return [(dict(state), chance) for state, chance in states.items()]

    def joint_output(
        self,
        spec: Mapping[str, Any],
        expression: Expression,
        names: Mapping[str, int],
        random_names: frozenset[str],
    ) -> Any:
        """An output that reads named rolls: its odds over their joint odds; a fixed kind
        waits (``None``) while a roll it reads is unknown."""
        kind = spec["kind"]
        if kind in FIXED_KINDS or (kind in ("number", "text") and not spec.get("stat")):
            return None
        mixed: dict[int, Fraction] = {}
        for state, chance in self.joint(expression.names & random_names, names, random_names):
            for outcome, p in expression.distribution({**names, **state}).items():
                mixed[outcome] = mixed.get(outcome, Fraction(0)) + chance * p
        dist = Dist(mixed)
        if kind == "fraction":
            return fraction_str(dist.p_ne(0))
        if kind == "distribution":
            return dist.to_pairs()
        mean = dist.mean()
        return json_number(mean) if kind == "number" else _mean_text(mean)

    def output(self, spec: Mapping[str, Any], expression: Expression, names: dict[str, int]) -> Any:
        """One output's value, by its kind."""
        tree = expression.tree
        kind = spec["kind"]
        if ROLL in expression.names and ROLL not in names:
            if kind in FIXED_KINDS or (kind in ("number", "text") and not spec.get("stat")):
                return None  # one number: it waits for the roll
            assert self.roll is not None
            tree = _substitute(tree, ROLL, self.roll.tree)
        dist = _distribution(tree, names, spec["name"])
        if kind == "fraction":
            return fraction_str(dist.p_ne(0))
        if kind == "distribution":
            return dist.to_pairs()
        if spec.get("stat") == "mean":
            mean = dist.mean()
            return json_number(mean) if kind == "number" else _mean_text(mean)
        value = dist.min_outcome()
        return value != 0 if kind == "bool" else value

    def lines(self, shown: Mapping[str, Any], names: dict[str, int]) -> list[str]:
        """The breakdown: each line whose ``when`` holds and whose names all have a value."""
        out = []
        words = {name: _word(value) for name, value in shown.items()}
        for text, when in self.breakdown:
            needed = {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}
            if any(words.get(name) is None for name in needed):
                continue
            if when is not None and (not when.names <= set(names) or not _fixed(when, names)):
                continue
            out.append(text.format_map({name: words[name] for name in needed}))
        return out


def _fixed(expression: Expression, names: Mapping[str, int]) -> int:
    return expression.distribution(names).min_outcome()


def _distribution(tree: Node, names: Mapping[str, int], field: str) -> Dist:
    return Expression(tree.text(), tree, field).distribution(names)


def _substitute(node: Node, name: str, by: Node) -> Node:
    """``node`` with every ``Name(name)`` replaced by ``by``."""
    if isinstance(node, Name):
        return by if node.name == name else node
    if isinstance(node, Dice):
        return replace(
            node, count=_substitute(node.count, name, by), sides=_substitute(node.sides, name, by)
        )
    if isinstance(node, Neg):
        return replace(node, operand=_substitute(node.operand, name, by))
    if isinstance(node, BinOp):
        return replace(
            node, left=_substitute(node.left, name, by), right=_substitute(node.right, name, by)
        )
    if isinstance(node, Call):
        return replace(node, args=tuple(_substitute(a, name, by) for a in node.args))
    return node


def _mean_text(mean: Fraction) -> str:
    """A mean as ``"n/d (decimal)"``.

    >>> _mean_text(Fraction(11, 2))
    '11/2 (5.5)'
    """
    return f"{fraction_str(mean)} ({float(mean):.3g})"


def _word(value: Any) -> str | None:
    """A value as a breakdown writes it: a typographic minus, yes/no, faces joined.

    >>> _word(-3), _word(True), _word([2, 5]), _word(None) is None, _word("up")
    ('−3', 'yes', '2, 5', True, 'up')
    """
    if value is None:
        return None
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return signed(value)
    if isinstance(value, list):
        return ", ".join(_word(v) or "" for v in value)
    return str(value)
