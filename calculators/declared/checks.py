"""Checking a declaration (the build runs this): every problem of its inputs, ``let``
names, roll, output expressions and breakdown, each with the field it is at.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from typing import Any

from ..errors import InputError
from ..notation import parse
from ..notation.syntax import COMPARISONS, BinOp, Call, Name, Node, walk
from .spec import FIXED_KINDS, PYTHON_KINDS, RESERVED, ROLL, _dice_terms, named_rolls

Problem = tuple[str, str]
"""A problem found in a declaration: the field (``outputs[1].value``) and what is wrong."""


def problems(
    entry: Mapping[str, Any], assumption: Callable[[str], Mapping[str, Any] | None]
) -> list[Problem]:
    """Every problem of a calculator entry whose fields have the right types already.

    ``assumption`` looks up an assumption entry by id (``None`` if there is none).

    >>> from calculators.declared import EXAMPLE
    >>> problems(EXAMPLE, lambda _: None)
    []
    >>> typo = {**EXAMPLE["outputs"][0], "value": "2d6 + lode"}
    >>> problems({**EXAMPLE, "outputs": [typo, *EXAMPLE["outputs"][1:]]}, lambda _: None)
    [('outputs[0].value', "unknown name 'lode' at 7 (names here: load, needed, roll, tolerance)")]
    """
    if entry.get("compute") is not None:
        return _compute_problems(entry, assumption)
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
    lets = entry.get("let") or {}
    rolls = named_rolls(lets)
    own_dice: set[str] = set()
    for name, text in lets.items():
        where = f"let.{name}"
        if not _is_name(name) or name in names or name in RESERVED:
            found.append((where, f"{name!r} must be a new snake_case name"))
        found += [(where, m) for m in _expression_problems(text, names, where, fixed=False)]
        if name in rolls and not found and _dice_terms(parse(text, where).tree):
            own_dice.add(name)
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
        reads = _names_of(spec["value"]) if _parses(spec.get("value")) else frozenset()
        if fixed and reads & own_dice:
            name = sorted(reads & own_dice)[0]
            found.append((value, f"this value is one number, but {name!r} rolls its own dice: "
                                 "ask for its odds (fraction, distribution or a mean)"))
        if spec.get("kind") in PYTHON_KINDS:
            found.append((f"{where}.kind", f"only a 'compute' function gives a {spec['kind']!r}"))
        elif spec.get("value") is None:
            found.append((value, "give the output's expression (or name a 'compute' function)"))
        else:
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


def warnings(entry: Mapping[str, Any]) -> list[Problem]:
    """Formulas that roll one dice term twice where one roll is likely meant: the same term
    in a comparison or an ``if()``, each a roll of its own (the build warns at the line).

    >>> band = "if(2d6 + edge >= 10, 0, 2d6 + edge >= 7)"
    >>> warnings({"outputs": [{"name": "partial", "value": band}]})
    ... # doctest: +NORMALIZE_WHITESPACE
    [('outputs[0].value', "'2d6' is rolled 2 times here, each time a roll of its own; to read
      one roll several times, name it in 'let' (total: 2d6 + edge) and compare the name")]
    >>> warnings({"outputs": [{"name": "both", "value": "1d6 + 1d6"}]})
    []
    """
    places = [("roll", entry.get("roll"))]
    places += [(f"let.{name}", text) for name, text in (entry.get("let") or {}).items()]
    places += [
        (f"outputs[{index}].value", spec.get("value"))
        for index, spec in enumerate(entry.get("outputs") or [])
    ]
    found: list[Problem] = []
    for where, text in places:
        if not _parses(text):
            continue
        tree = parse(text, where).tree
        if not any(
            (isinstance(n, BinOp) and n.op in COMPARISONS)
            or (isinstance(n, Call) and n.function == "if")
            for n in walk(tree)
        ):
            continue
        counts: dict[str, int] = {}
        for term in _dice_terms(tree):
            counts[term.text()] = counts.get(term.text(), 0) + 1
        for term, count in counts.items():
            if count > 1:
                found.append((where, f"{term!r} is rolled {count} times here, each time a roll of "
                                     f"its own; to read one roll several times, name it in 'let' "
                                     f"(total: {term} + edge) and compare the name"))
    return found


def _compute_problems(
    entry: Mapping[str, Any], assumption: Callable[[str], Mapping[str, Any] | None]
) -> list[Problem]:
    """The problems of a calculator whose outputs a Python function gives (``compute``).

    >>> turn = {"id": "pendragon.turn", "compute": "turn.compute_turn",
    ...         "inputs": [{"name": "minor", "kind": "int", "label": "Minor", "default": 1}],
    ...         "outputs": [{"name": "problems", "label": "Problems", "kind": "list"}]}
    >>> problems(turn, lambda _: None)
    []
    >>> problems({**turn, "compute": "turn.nowhere", "let": {"a": "1"}}, lambda _: None)
    ... # doctest: +NORMALIZE_WHITESPACE
    [('compute', "the module calculators.books.pendragon.turn has no function 'nowhere'"),
     ('let', "a calculator with 'compute' has no 'let': its function works it out")]
    """
    from .compute import locate

    found: list[Problem] = []
    try:
        locate(str(entry.get("id", "")).partition(".")[0], entry["compute"])
    except LookupError as error:
        found.append(("compute", str(error.args[0])))
    for field in ("roll", "let", "breakdown"):
        if entry.get(field) is not None:
            found.append((field, f"a calculator with 'compute' has no {field!r}: its function "
                                 "works it out"))
    names: set[str] = set()
    for index, spec in enumerate(entry.get("inputs") or []):
        where = f"inputs[{index}]"
        found += [(f"{where}.{f}", m) for f, m in _input_problems(spec, assumption, python=True)]
        if spec.get("name") in names:
            found.append((f"{where}.name", f"a second input called {spec.get('name')!r}"))
        names.add(spec.get("name"))
    outputs: set[str] = set()
    for index, spec in enumerate(entry.get("outputs") or []):
        where = f"outputs[{index}]"
        if not _is_name(spec.get("name")) or spec.get("name") in outputs | {"breakdown"}:
            found.append((f"{where}.name", f"{spec.get('name')!r} must be a new snake_case name"))
        outputs.add(spec.get("name"))
        for field in ("value", "stat"):
            if spec.get(field) is not None:
                found.append((f"{where}.{field}", f"the 'compute' function gives this output: "
                                                  f"no {field!r}"))
    return found


def _is_name(name: Any) -> bool:
    return isinstance(name, str) and name.isidentifier() and name.islower() and name.isascii()


def _input_problems(
    spec: Mapping[str, Any],
    assumption: Callable[[str], Mapping[str, Any] | None],
    python: bool = False,
) -> list[Problem]:
    """One input's problems; ``python``: a ``compute`` function reads it (any snake_case
    name, no ``values``, any input may be left empty)."""
    found: list[Problem] = []
    name, kind = spec.get("name"), spec.get("kind")
    if not _is_name(name) or (name in RESERVED and not python):
        found.append(
            ("name", f"an input name is snake_case and not one of the language's; got {name!r}")
        )
    choices = spec.get("choices") or []
    if python and kind == "choice":
        if not choices:
            found.append(("choices", "a choice input lists its choices"))
        if spec.get("values") is not None:
            found.append(("values", "the 'compute' function reads the choice itself: no values"))
    elif kind == "choice":
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
    if spec.get("optional") and kind not in ("dice", "text") and not python:
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
    elif kind in ("int", "bool", "choice") and not (python and spec.get("optional")):
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


def _has_if(node: Node) -> bool:
    return any(isinstance(n, Call) and n.function == "if" for n in walk(node))


def _count(node: Node, name: str) -> int:
    return sum(1 for n in walk(node) if isinstance(n, Name) and n.name == name)


def _first_at(node: Node, name: str) -> int:
    return min(n.at for n in walk(node) if isinstance(n, Name) and n.name == name)


def _names_of(text: str) -> frozenset[str]:
    return parse(text, "let").names


def _parses(text: Any) -> bool:
    if not isinstance(text, str):
        return False
    try:
        parse(text, "value")
    except InputError:
        return False
    return True
