"""Calculators declared in rules data: formulas over the dice language, no Python.

A rules-data entry of kind ``calculator`` (exported to
``calculators/data/<system>.calculators.json``) declares its inputs and outputs like
:class:`~calculators.declare.Calculator` does, and gives each output a ``value``: an
expression of :mod:`calculators.notation` over the input names. This module checks such
an entry (:func:`problems`, which the build runs, so a typo stops it with
``file:line: field: message``) and builds the :class:`Calculator` (:func:`build`), which
the registry adds (:meth:`~calculators.registry.Registry.add_declared`), so the form, the
prerendered result, the URL state and the worker cannot tell it from a Python one.

What the names mean in an expression:

* an ``int`` input is its number, a ``bool`` input 1 or 0, a ``choice`` input the integer
  its ``values`` give the choice (``values: {down: 0, up: 1}``); ``dice`` and ``text``
  inputs are not names;
* ``let`` names (fixed whole numbers, worked out in order) shorten what outputs share;
* ``roll`` is the calculator's ``roll`` (a dice expression such as ``2d6``): the total
  when it is known (rolled with the ``seed``, or from the faces given in the ``dice``
  input), else its dice. An expression uses ``roll`` at most once, so its odds are
  exact either way.

What each output kind gives for its ``value``:

* ``int``: the number, ``bool``: whether it is not 0 (both must be fixed; ``None`` while
  they wait for an unknown ``roll``);
* ``fraction``: the chance that it is not 0 (of a comparison: of success), ``"n/d"``;
* ``distribution``: its exact distribution, ``[[outcome, "n/d"], ...]``;
* ``number`` or ``text`` with ``stat: mean``: its mean, as a number (two decimals at
  most) or as ``"n/d (decimal)"``; without ``stat``, a fixed value like ``int``.

>>> calc = build(EXAMPLE)
>>> calc.compute(**{"load": 3, "tolerance": 10, "seed": None})["p_incapacitated"]
'5/12'
>>> calc.compute(load=3, tolerance=10, seed=1)["rolled"]
[2, 5]
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from .declare import ASSUMPTION_GROUP, Calculator, Input, Output
from .dice import Dist, fraction_str
from .errors import InputError
from .format import json_number, signed
from .notation import Expression, parse
from .notation.exact import dice_shape
from .notation.rolling import roll_tree
from .notation.syntax import FUNCTIONS as _FUNCTIONS
from .notation.syntax import BinOp, Call, Dice, Name, Neg, Node, walk

__all__ = ["EXAMPLE", "build", "problems"]

ROLL = "roll"
"""The name of the calculator's roll in its expressions."""
INPUT_KINDS = ("int", "bool", "choice", "dice", "text")
OUTPUT_KINDS = ("int", "bool", "fraction", "distribution", "number", "text")
FIXED_KINDS = ("int", "bool")
"""Output kinds whose value is one number, never a roll's odds."""
RESERVED = frozenset({ROLL, "seed", "rolled", "breakdown", *_FUNCTIONS})
"""Names an input, a ``let`` or an output may not take."""

EXAMPLE: dict[str, Any] = {
    "id": "demo.incapacity",
    "kind": "calculator",
    "name": "Incapacity check",
    "rule": "demo.incapacity",
    "roll": "2d6",
    "inputs": [
        {"name": "load", "kind": "int", "label": "Load", "default": 1, "min": 0, "max": 40},
        {"name": "tolerance", "kind": "int", "label": "Tolerance", "default": 10, "min": 0},
    ],
    "let": {"needed": "tolerance - load + 1"},
    "outputs": [
        {
            "name": "p_incapacitated",
            "label": "Incapacitated",
            "kind": "fraction",
            "value": "2d6 + load > tolerance",
        },
        {
            "name": "distribution",
            "label": "2d6 + load",
            "kind": "distribution",
            "value": "2d6 + load",
        },
        {
            "name": "incapacitated",
            "label": "Incapacitated by the roll",
            "kind": "bool",
            "value": "roll + load > tolerance",
        },
    ],
    "breakdown": [
        "Incapacitated when 2d6 + {load} exceeds {tolerance}: {needed} or more on 2d6",
        {"text": "Rolled {roll}: incapacitated {incapacitated}", "when": "roll >= 0"},
    ],
}
"""A small declaration, as the exported JSON holds one (the examples use it)."""


# -- checking a declaration (the build runs this) -----------------------------------------
Problem = tuple[str, str]
"""A problem found in a declaration: the field (``outputs[1].value``) and what is wrong."""


def problems(
    entry: Mapping[str, Any], assumption: Callable[[str], Mapping[str, Any] | None]
) -> list[Problem]:
    """Every problem of a calculator entry whose fields have the right types already.

    ``assumption`` looks up an assumption entry by id (``None`` if there is none).

    >>> problems(EXAMPLE, lambda _: None)
    []
    >>> typo = {**EXAMPLE["outputs"][0], "value": "2d6 + lode"}
    >>> problems({**EXAMPLE, "outputs": [typo, *EXAMPLE["outputs"][1:]]}, lambda _: None)
    [('outputs[0].value', "unknown name 'lode' at 7 (names here: load, needed, roll, tolerance)")]
    """
    found: list[Problem] = []
    names: set[str] = set()
    taken_by_roll: set[str] = set()
    inputs = entry.get("inputs") or []
    dice_inputs = [spec for spec in inputs if spec.get("kind") == "dice"]
    for index, spec in enumerate(inputs):
        found += [(f"inputs[{index}].{f}", m) for f, m in _input_problems(spec, assumption)]
        name = spec.get("name")
        if name in names:
            found.append((f"inputs[{index}].name", f"a second input called {name!r}"))
        if spec.get("kind") in ("int", "bool", "choice"):
            names.add(name)
    roll = entry.get("roll")
    if roll is not None:
        found += [("roll", m) for m in _roll_problems(roll, names, dice_inputs)]
        names.add(ROLL)
        taken_by_roll = {"rolled"}
    elif dice_inputs:
        found.append(("inputs", "a 'dice' input gives the faces of the roll: declare a 'roll'"))
    for name, text in (entry.get("let") or {}).items():
        where = f"let.{name}"
        if not _is_name(name) or name in names or name in RESERVED:
            found.append((where, f"{name!r} must be a new snake_case name"))
        found += [(where, m) for m in _expression_problems(text, names, where, fixed=True)]
        if ROLL in _names_of(text):
            found.append((where, "a 'let' is worked out before the roll: it can't use 'roll'"))
        names.add(name)
    outputs = entry.get("outputs") or []
    taken = set(names) | {spec.get("name") for spec in inputs}
    formatted = set(taken) | taken_by_roll
    for index, spec in enumerate(outputs):
        where = f"outputs[{index}]"
        name = spec.get("name")
        if not _is_name(name) or name in taken or name in RESERVED:
            found.append((f"{where}.name", f"{name!r} must be a new snake_case name"))
        taken.add(name)
        formatted.add(name)
        fixed = spec.get("kind") in FIXED_KINDS or (
            spec.get("kind") in ("number", "text") and not spec.get("stat")
        )
        if spec.get("stat") and spec.get("kind") not in ("number", "text"):
            found.append((f"{where}.stat", "a mean is a 'number' or 'text' output"))
        value = f"{where}.value"
        found += [(value, m) for m in _expression_problems(spec["value"], names, value, fixed)]
    for index, line in enumerate(entry.get("breakdown") or []):
        where = f"breakdown[{index}]"
        text = line if isinstance(line, str) else line.get("text", "")
        found += [(where, m) for m in _template_problems(text, formatted)]
        if isinstance(line, Mapping) and line.get("when") is not None:
            found += [
                (f"{where}.when", m)
                for m in _expression_problems(line["when"], names, f"{where}.when", fixed=True)
            ]
    return found


def _is_name(name: Any) -> bool:
    return isinstance(name, str) and name.isidentifier() and name.islower() and name.isascii()


def _input_problems(
    spec: Mapping[str, Any], assumption: Callable[[str], Mapping[str, Any] | None]
) -> list[Problem]:
    found: list[Problem] = []
    name, kind = spec.get("name"), spec.get("kind")
    if not _is_name(name) or name in RESERVED:
        found.append(
            ("name", f"an input name is snake_case and not one of the language's; got {name!r}")
        )
    choices = spec.get("choices") or []
    if kind == "choice":
        if not choices:
            found.append(("choices", "a choice input lists its choices"))
        values = spec.get("values")
        if values is not None and sorted(values) != sorted(choices):
            found.append(("values", "give exactly one whole number for each choice"))
        elif values is None:
            found.append(("values", "give each choice the whole number it means in expressions"))
    elif choices or spec.get("values") is not None:
        found.append(("choices", "only a choice input has choices and values"))
    if kind == "dice" and not isinstance(spec.get("max"), int):
        found.append(("max", "a dice input gives the dice's number of sides as 'max'"))
    if spec.get("optional") and kind not in ("dice", "text"):
        found.append(("optional", "only dice and text inputs can be left empty"))
    ref = spec.get("assumption")
    if ref is not None:
        target = assumption(ref)
        if target is None:
            found.append(("assumption", f"no assumption with id {ref!r}"))
        elif "default" in spec:
            found.append(("default", "an assumption input takes the assumption's default"))
        else:
            found += _default_problems(spec, target.get("default"))
    elif kind in ("int", "bool", "choice"):
        found += _default_problems(spec, spec.get("default"))
    return found


def _default_problems(spec: Mapping[str, Any], default: Any) -> list[Problem]:
    kind = spec.get("kind")
    if kind == "int":
        ok = isinstance(default, int) and not isinstance(default, bool)
        low, high = spec.get("min"), spec.get("max")
        ok = ok and (low is None or default >= low) and (high is None or default <= high)
    elif kind == "bool":
        ok = isinstance(default, bool)
    else:
        ok = default in (spec.get("choices") or [])
    return [] if ok else [("default", f"{default!r} is not a {kind} value this input allows")]


def _roll_problems(roll: str, names: set[str], dice_inputs: list[Mapping[str, Any]]) -> list[str]:
    found = _expression_problems(roll, names, "roll", fixed=False)
    if found:
        return found
    tree = parse(roll, "roll").tree
    terms = list(_dice_terms(tree))
    if not terms:
        found.append("a roll rolls dice, such as 2d6")
    if _has_if(tree):
        found.append("a roll is dice and arithmetic, without if()")
    if len(dice_inputs) > 1:
        found.append("one dice input at most gives the faces of the roll")
    for spec in dice_inputs[:1]:
        for term in terms:
            if getattr(term.sides, "value", None) != spec.get("max"):
                found.append(
                    f"'{term.text()}': the dice input {spec.get('name')!r} gives faces 1 to "
                    f"{spec.get('max')}, so every die of the roll has {spec.get('max')} sides"
                )
    return found


def _expression_problems(text: str, names: set[str], where: str, fixed: bool) -> list[str]:
    try:
        expression = parse(text, where)
    except InputError as error:
        return [error.message]
    unknown = sorted(expression.names - names)
    if unknown:
        name = unknown[0]
        at = _first_at(expression.tree, name)
        known = ", ".join(sorted(names)) or "none"
        return [f"unknown name '{name}' at {at} (names here: {known})"]
    if _count(expression.tree, ROLL) > 1:
        return ["use 'roll' once in an expression (each use would be a roll of its own)"]
    if fixed and any(True for _ in _dice_terms(expression.tree)):
        return ["this value is one number: no dice here (use 'roll' for the calculator's roll)"]
    return []


def _template_problems(text: str, names: set[str]) -> list[str]:
    try:
        parts = list(string.Formatter().parse(text))
    except ValueError as error:
        return [f"{error} (write {{{{ and }}}} for a brace)"]
    found = []
    for _, field_name, spec, conversion in parts:
        if field_name is None:
            continue
        if field_name not in names:
            known = ", ".join(sorted(names))
            found.append(f"unknown name {{{field_name}}} (names here: {known})")
        elif spec or conversion:
            found.append(f"write {{{field_name}}} alone, without a format or conversion")
    return found


def _dice_terms(node: Node) -> list[Dice]:
    return [n for n in walk(node) if isinstance(n, Dice)]


def _has_if(node: Node) -> bool:
    return any(isinstance(n, Call) and n.function == "if" for n in walk(node))


def _count(node: Node, name: str) -> int:
    return sum(1 for n in walk(node) if isinstance(n, Name) and n.name == name)


def _first_at(node: Node, name: str) -> int:
    return min(n.at for n in walk(node) if isinstance(n, Name) and n.name == name)


def _names_of(text: str) -> frozenset[str]:
    return parse(text, "let").names


# -- building the calculator ---------------------------------------------------------------
def build(entry: Mapping[str, Any], defaults: Callable[[str], Any] | None = None) -> Calculator:
    """The :class:`Calculator` an exported calculator entry declares.

    ``defaults`` gives an assumption's default by id (default: the exported data's).

    >>> calc = build(EXAMPLE)
    >>> calc.id, calc.rolls, [i.name for i in calc.inputs]
    ('demo.incapacity', True, ['load', 'tolerance'])
    >>> calc.compute(load=3, tolerance=10, seed=None)["incapacitated"] is None
    True
    """
    if defaults is None:
        from .data import assumption_default

        defaults = assumption_default
    inputs = tuple(_input(spec, defaults) for spec in entry["inputs"])
    outputs = tuple(
        Output(o["name"], o["label"], o["kind"], o.get("unit", ""), o.get("help", ""))
        for o in entry["outputs"]
    )
    compute = _Compute(entry, inputs)
    return Calculator(
        entry["id"],
        entry["name"],
        inputs,
        outputs,
        compute,
        rule=entry.get("rule"),
        assumptions=tuple(entry.get("assumptions") or ()),
        help=entry.get("help", ""),
        rolls=entry.get("roll") is not None,
        extra={"declared": True},
    )


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
            names[name] = _fixed(expression, names)
        total, rolled = self.rolled(values, names)
        result: dict[str, Any] = {}
        shown: dict[str, Any] = {**names, **values}
        if total is not None:
            names[ROLL] = shown[ROLL] = total
        for spec, expression in self.outputs:
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
            needed = sum(dice_shape(t, names, "roll")[0] for t in _dice_terms(self.roll.tree))
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
