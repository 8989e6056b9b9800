"""Turn raw input (form strings, URL parameters, JSON values) into typed arguments."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .declare import Calculator, Input
from .errors import InputError

TRUE = frozenset({"true", "1", "yes", "on"})
FALSE = frozenset({"false", "0", "no", "off"})
SEED_INPUT = Input(
    "seed",
    "int",
    "Seed",
    None,
    min=0,
    max=2**53 - 1,
    optional=True,
    help="Roll with this seed; the same seed replays the same roll.",
)


def parse_int(spec: Input, raw: Any) -> int:
    """A whole number within the input's bounds.

    >>> parse_int(Input("goal", "int", "Goal", 12, min=1, max=40), " 18 ")
    18
    >>> parse_int(Input("goal", "int", "Goal", 12, min=1), "0")
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: goal: Goal must be at least 1.
    """
    value: int
    if isinstance(raw, bool):
        raise InputError(spec.name, f"{spec.label} must be a whole number, not true/false.")
    if isinstance(raw, int):
        value = raw
    elif isinstance(raw, float) and raw.is_integer():
        value = int(raw)
    elif isinstance(raw, str):
        text = raw.strip().replace("\u2212", "-")
        try:
            value = int(text)
        except ValueError:
            raise InputError(
                spec.name, f"{spec.label} must be a whole number; got {raw!r}."
            ) from None
    else:
        raise InputError(spec.name, f"{spec.label} must be a whole number.")
    if spec.min is not None and value < spec.min:
        raise InputError(spec.name, f"{spec.label} must be at least {spec.min}.")
    if spec.max is not None and value > spec.max:
        raise InputError(spec.name, f"{spec.label} must be at most {spec.max}.")
    return value


def parse_bool(spec: Input, raw: Any) -> bool:
    """A boolean from true/false, 1/0, yes/no or on/off.

    >>> parse_bool(Input("trained", "bool", "Trained", False), "Yes")
    True
    """
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, int) and raw in (0, 1):
        return bool(raw)
    text = str(raw).strip().lower()
    if text in TRUE:
        return True
    if text in FALSE:
        return False
    raise InputError(spec.name, f"{spec.label} must be yes or no (true/false, 1/0, on/off).")


def parse_choice(spec: Input, raw: Any) -> str:
    """One of the declared choices (case-insensitive).

    >>> parse_choice(Input("mode", "choice", "Mode", "normal", choices=("normal", "advantage")),
    ...              "Advantage")
    'advantage'
    >>> parse_choice(Input("row", "choice", "Weapon", "Axe", choices=("Axe", "Long Sword")),
    ...              "long sword")
    'Long Sword'
    """
    text = str(raw).strip().lower()
    for choice in spec.choices:
        if choice.lower() == text:
            return choice
    raise InputError(spec.name, f"{spec.label} must be one of: {', '.join(spec.choices)}.")


def parse_dice(spec: Input, raw: Any) -> list[int]:
    """Die faces from ``"2,5,6"`` (or a list), each from 1 to the input's ``max``.

    >>> parse_dice(Input("dice", "dice", "Dice", None, max=6, optional=True), "2, 5,6")
    [2, 5, 6]
    >>> parse_dice(Input("dice", "dice", "Dice", None, max=6, optional=True), "2,7")
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: dice: Each die must be a whole number from 1 to 6; got '7'.
    """
    items = raw if isinstance(raw, list | tuple) else str(raw).replace(" ", ",").split(",")
    faces = []
    top = spec.max or 6
    for item in items:
        text = str(item).strip()
        if not text:
            continue
        if not text.isdigit() or not 1 <= int(text) <= top:
            raise InputError(
                spec.name, f"Each die must be a whole number from 1 to {top}; got {text!r}."
            )
        faces.append(int(text))
    if not faces:
        raise InputError(spec.name, f"{spec.label}: give the faces rolled, separated by commas.")
    return faces


def parse_text(spec: Input, raw: Any) -> str:
    """A short line of text.

    >>> parse_text(Input("name", "text", "Name", ""), "  Bob ")
    'Bob'
    """
    text = str(raw).strip()
    if len(text) > 200:
        raise InputError(spec.name, f"{spec.label} must be at most 200 characters.")
    return text


def split_items(text: str, separators: str = ",;\n") -> list[str]:
    """The items of a list typed as text: split at any of ``separators``, stripped, none empty.

    >>> split_items(" Nim +1, wit +2;; LM -1 ")
    ['Nim +1', 'wit +2', 'LM -1']
    >>> split_items("1 2,3", ", ")
    ['1', '2', '3']
    """
    parts = re.split(f"[{re.escape(separators)}]", text)
    return [part.strip() for part in parts if part.strip()]


_PARSERS = {
    "int": parse_int,
    "bool": parse_bool,
    "choice": parse_choice,
    "dice": parse_dice,
    "text": parse_text,
}


def is_blank(raw: Any) -> bool:
    """Whether a raw value means "not given" (``None`` or an empty string).

    >>> is_blank(""), is_blank(" "), is_blank(0)
    (True, True, False)
    """
    return raw is None or (isinstance(raw, str) and not raw.strip())


def parse_inputs(calc: Calculator, raw: Mapping[str, Any]) -> dict[str, Any]:
    """Validate every raw input of ``calc``; omitted ones take their default.

    >>> from calculators.declare import CALC
    >>> parse_inputs(CALC, {"n": "4"})
    {'n': 4}
    >>> parse_inputs(CALC, {"m": "4"})
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: m: demo.double has no input called 'm'.
    """
    if not isinstance(raw, Mapping):
        raise InputError("inputs", "Inputs must be a mapping of names to values.")
    specs = {spec.name: spec for spec in calc.inputs}
    if calc.rolls:
        specs.setdefault("seed", SEED_INPUT)
    for name in raw:
        if name not in specs:
            raise InputError(str(name), f"{calc.id} has no input called {name!r}.")
    values: dict[str, Any] = {}
    for name, spec in specs.items():
        given = raw.get(name)
        if is_blank(given):
            if spec.default is None and not spec.optional:
                raise InputError(name, f"{spec.label} is required.")
            values[name] = spec.default
        else:
            values[name] = _PARSERS[spec.kind](spec, given)
    return values
