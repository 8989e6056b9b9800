"""Checks declared in rules data: a core roll, the stat added, its modes and outcome bands.

A ``check`` entry says how a game resolves an action, the way its rulebook states it
("roll 2d6 + Edge; 10+ full success, 7–9 partial, 6- miss"):

* ``roll``: the dice expression (:mod:`calculators.notation`) over ``stat`` and the
  check's other ``inputs`` (``2d6 + stat``, ``1d20 + stat``, ``(stat)d6cs>=5`` for a pool
  counting successes, ``1d100`` for a roll under a skill);
* ``stat``: the number added or rolled (its ``label``, ``min``, ``max``, ``default``);
* ``modes``: other ways to roll it, each an expression in place of ``roll``
  (``advantage: 3d6kh2 + stat``);
* ``bands``: the outcomes, in order; each ``when`` is an expression over ``total`` (the
  roll's result), ``stat`` and the inputs; the first band whose ``when`` holds is the
  outcome, and the last band may have no ``when`` (everything else).

From it: the exact chance of every band for each stat value and mode (:func:`odds`, the
table on the check's page), a calculator (:func:`build_check`, the check's id) that gives
them and, rolled, names the band, and :func:`band_of` for a roll made elsewhere (the
tracker's roll log).

>>> odds(EXAMPLE, stat=1)
[Fraction(5, 18), Fraction(4, 9), Fraction(5, 18)]
>>> odds(EXAMPLE, stat=1, mode="advantage")[0]
Fraction(113, 216)
>>> calc = build_check(EXAMPLE)
>>> answer = calc.compute(stat=1, mode="normal", seed=3)
>>> answer["total"], answer["outcome"], answer["rolled"]
(8, 'Partial success', [2, 5])
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from ..declare import Calculator, Input, Output
from ..dice import Dist, fraction_str
from ..errors import InputError
from ..format import signed
from ..notation import Expression, parse
from .spec import RESERVED

NORMAL = "normal"
"""The mode that rolls the check's own ``roll``."""
TOTAL = "total"
"""The name of the roll's result in a band's ``when``."""
STAT = "stat"
"""The name of the stat in the expressions."""

EXAMPLE: dict[str, Any] = {
    "id": "demo.action",
    "kind": "check",
    "name": "Action roll",
    "roll": "2d6 + stat",
    "stat": {"label": "Stat", "min": -1, "max": 3, "default": 0},
    "modes": {"advantage": "3d6kh2 + stat", "disadvantage": "3d6kl2 + stat"},
    "bands": [
        {"name": "Full success", "when": "total >= 10"},
        {"name": "Partial success", "when": "total >= 7"},
        {"name": "Miss"},
    ],
}
"""A 2d6 + stat move with three bands and two modes."""


def slug(name: str) -> str:
    """A band's name as a snake_case output name.

    >>> slug("Partial success"), slug("6- miss"), slug("Full")
    ('partial_success', 'n6_miss', 'full')
    """
    words = re.sub(r"[^a-z0-9]+", "_", name.casefold()).strip("_") or "band"
    return f"n{words}" if words[0].isdigit() else words


def band_outputs(entry: Mapping[str, Any]) -> list[str]:
    """The output name of each band's chance: ``p_`` and the band's :func:`slug`.

    >>> band_outputs(EXAMPLE)
    ['p_full_success', 'p_partial_success', 'p_miss']
    """
    return [f"p_{slug(band['name'])}" for band in entry["bands"]]


def modes(entry: Mapping[str, Any]) -> list[str]:
    """The check's modes, ``normal`` first.

    >>> modes(EXAMPLE)
    ['normal', 'advantage', 'disadvantage']
    """
    return [NORMAL, *(entry.get("modes") or {})]


def stat_range(entry: Mapping[str, Any]) -> list[int]:
    """The stat values the odds table shows: ``min`` to ``max`` (at most 21 of them, around
    the default where the range is wider; from 3 below the default to 5 above where the book
    gives no bound).

    >>> stat_range(EXAMPLE)
    [-1, 0, 1, 2, 3]
    >>> stat_range({"stat": {"label": "Skill", "default": 50, "min": 1, "max": 100}})[:3]
    [40, 41, 42]
    """
    stat = entry.get("stat")
    if not stat:
        return []
    default = int(stat.get("default", 0))
    low = stat.get("min", default - 3)
    high = stat.get("max", default + 5)
    if high - low > 20:
        low, high = max(low, default - 10), min(high, default + 10)
    return list(range(low, high + 1))


def roll_of(entry: Mapping[str, Any], mode: str) -> Expression:
    """The expression a mode rolls."""
    text = entry["roll"] if mode == NORMAL else (entry.get("modes") or {})[mode]
    return parse(text, "roll" if mode == NORMAL else f"modes.{mode}")


def band_of(entry: Mapping[str, Any], total: int, names: Mapping[str, int]) -> int:
    """The index of the band a roll's ``total`` falls in (the first whose ``when`` holds).

    >>> [EXAMPLE["bands"][band_of(EXAMPLE, t, {"stat": 0})]["name"] for t in (12, 7, 6)]
    ['Full success', 'Partial success', 'Miss']
    """
    bound = {**names, TOTAL: total}
    bands = entry["bands"]
    for index, band in enumerate(bands):
        when = band.get("when")
        if when is None or parse(when, "when").distribution(bound).min_outcome() != 0:
            return index
    return len(bands) - 1


def distribution(entry: Mapping[str, Any], mode: str, names: Mapping[str, int]) -> Dist:
    """The exact odds of the roll's result in ``mode``."""
    return roll_of(entry, mode).distribution(names)


def odds(
    entry: Mapping[str, Any],
    stat: int | None = None,
    mode: str = NORMAL,
    names: Mapping[str, int] | None = None,
) -> list[Fraction]:
    """The exact chance of each band for one stat value and mode (the inputs at ``names``).

    >>> sum(odds(EXAMPLE, stat=3, mode="disadvantage"))
    Fraction(1, 1)
    """
    bound = dict(names or {})
    if stat is not None:
        bound[STAT] = stat
    chances = [Fraction(0)] * len(entry["bands"])
    for total, p in distribution(entry, mode, bound).items():
        chances[band_of(entry, total, bound)] += p
    return chances


def inputs_of(entry: Mapping[str, Any]) -> tuple[Input, ...]:
    """The calculator's inputs: the stat, the check's own inputs, then the mode."""
    from .compute import _input

    found: list[Input] = []
    stat = entry.get("stat")
    if stat:
        found.append(
            Input(STAT, "int", stat["label"], stat.get("default", 0), min=stat.get("min"),
                  max=stat.get("max"), help=stat.get("help", ""))
        )
    found += [_input(spec, _default) for spec in entry.get("inputs") or []]
    if entry.get("modes"):
        found.append(Input("mode", "choice", "Mode", NORMAL, choices=tuple(modes(entry))))
    return tuple(found)


def _default(assumption: str) -> Any:
    from ..data import assumption_default

    return assumption_default(assumption)


def build_check(entry: Mapping[str, Any]) -> Calculator:
    """The calculator of a check: each band's chance, the roll's odds, and with a ``seed``
    the roll, its total and its band.

    >>> [o.name for o in build_check(EXAMPLE).outputs][:2]
    ['p_full_success', 'p_partial_success']
    """
    inputs = inputs_of(entry)
    outputs = [
        Output(name, band["name"], "fraction")
        for name, band in zip(band_outputs(entry), entry["bands"], strict=True)
    ]
    outputs += [
        Output("distribution", "Result", "distribution"),
        Output("total", "Rolled", "int", help="With a roll: its result."),
        Output("outcome", "Outcome", "text", help="With a roll: the band it falls in."),
    ]
    return Calculator(
        entry["id"],
        entry["name"],
        inputs,
        tuple(outputs),
        _CheckCompute(entry, inputs),
        rule=entry["id"],
        assumptions=tuple(entry.get("assumptions") or ()),
        help=entry.get("help", ""),
        rolls=True,
        extra={"declared": True, "check": True},
    )


class _CheckCompute:
    """The compute function of one check's calculator."""

    def __init__(self, entry: Mapping[str, Any], inputs: tuple[Input, ...]) -> None:
        self.entry = entry
        self.inputs = inputs
        self.values = {i["name"]: i.get("values") for i in entry.get("inputs") or []
                       if "values" in i}

    def names(self, values: Mapping[str, Any]) -> dict[str, int]:
        """The inputs as the expressions see them (whole numbers)."""
        names: dict[str, int] = {}
        for spec in self.inputs:
            value = values.get(spec.name)
            if spec.name == "mode" or value is None:
                continue
            if spec.kind == "bool":
                names[spec.name] = int(bool(value))
            elif spec.kind == "choice":
                names[spec.name] = self.values[spec.name][value]
            elif spec.kind == "int":
                names[spec.name] = value
        return names

    def __call__(self, **values: Any) -> dict[str, Any]:
        entry = self.entry
        mode = values.get("mode") or NORMAL
        names = self.names(values)
        expression = roll_of(entry, mode)
        try:
            dist = expression.distribution(names)
        except InputError as error:
            raise InputError(STAT if STAT in names else "mode", error.message) from None
        chances = [Fraction(0)] * len(entry["bands"])
        for total, p in dist.items():
            chances[band_of(entry, total, names)] += p
        result: dict[str, Any] = {
            name: fraction_str(p) for name, p in zip(band_outputs(entry), chances, strict=True)
        }
        result["distribution"] = dist.to_pairs()
        result["total"] = result["outcome"] = result["rolled"] = None
        said = ", ".join(
            f"{band['name']} {fraction_str(p)}" for band, p in zip(entry["bands"], chances,
                                                                    strict=True)
        )
        stat = f" with {entry['stat']['label']} {signed(names[STAT])}" if STAT in names else ""
        lines = [f"{entry['name']}: {expression.text()}{stat}" + (
            f" ({mode})" if mode != NORMAL else "") + f": {said}"]
        if values.get("seed") is not None:
            rolled = expression.roll(random.Random(values["seed"]), names)
            band = entry["bands"][band_of(entry, rolled.total, names)]["name"]
            result["total"] = rolled.total
            result["outcome"] = band
            result["rolled"] = [face for term in rolled.dice for face in term.faces]
            lines.append(f"Rolled {rolled.shown()}: {band}")
        result["breakdown"] = lines
        return result


def problems(
    entry: Mapping[str, Any],
    assumption: Callable[[str], Mapping[str, Any] | None] = lambda _: None,
) -> list[tuple[str, str]]:
    """Every problem of a check entry whose fields have the right types already
    (``assumption`` looks up an assumption entry by id, for its inputs).

    >>> problems(EXAMPLE)
    []
    >>> bad = {**EXAMPLE, "roll": "2d6 + stta", "bands": [{"name": "Hit"}, {"name": "Miss"}]}
    >>> for where, message in problems(bad): print(where, "|", message)
    roll | unknown name 'stta' at 7 (names here: stat)
    bands[0].when | only the last band may go without 'when' (it takes what the others leave)
    """
    from .checks import _expression_problems, _input_problems

    found: list[tuple[str, str]] = []
    names = {STAT} if entry.get("stat") else set()
    for index, spec in enumerate(entry.get("inputs") or []):
        where = f"inputs[{index}]"
        found += [(f"{where}.{f}", m) for f, m in _input_problems(spec, assumption)]
        if spec.get("name") in names | {TOTAL, "mode"} or spec.get("kind") in ("dice", "text"):
            found.append((f"{where}.name", "a check's input is a new int, bool or choice"))
        names.add(spec.get("name"))
    stat = entry.get("stat") or {}
    low, high, default = stat.get("min"), stat.get("max"), stat.get("default", 0)
    if stat and ((low is not None and default < low) or (high is not None and default > high)):
        found.append(("stat.default", f"{default} is outside {low} to {high}"))
    for where, text in [("roll", entry.get("roll")),
                        *((f"modes.{m}", t) for m, t in (entry.get("modes") or {}).items())]:
        if where.startswith("modes.") and (where[6:] in (NORMAL, *RESERVED)):
            found.append((where, f"'{where[6:]}' names the check's own roll: name the mode"))
        found += [(where, m) for m in _expression_problems(text, names, where, fixed=False)]
    bands = entry.get("bands") or []
    if len(bands) < 2:
        found.append(("bands", "a check has two outcomes at least"))
    seen: set[str] = set()
    for index, band in enumerate(bands):
        where = f"bands[{index}]"
        if slug(band.get("name", "")) in seen:
            found.append((f"{where}.name", "a second band of that name"))
        seen.add(slug(band.get("name", "")))
        when = band.get("when")
        if when is None and index < len(bands) - 1:
            found.append((f"{where}.when", "only the last band may go without 'when' (it takes "
                                           "what the others leave)"))
        elif when is not None:
            found += [(f"{where}.when", m)
                      for m in _expression_problems(when, names | {TOTAL}, f"{where}.when",
                                                    fixed=True)]
    return found
