"""Checking a tracker declaration and a status's ``tracker`` block (the build runs these),
each problem with the field it is at; :mod:`.declared` says what the fields mean."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import InputError
from ..notation import parse
from .encounter import GENERIC_RULE

Problem = tuple[str, str]


def _snake(name: Any) -> bool:
    return isinstance(name, str) and name.isidentifier() and name.islower() and name.isascii()


def problems(entry: Mapping[str, Any]) -> list[Problem]:
    """Every problem of a ``tracker`` entry whose fields have the right types already.

    >>> from calculators.tracker.declared import EXAMPLE
    >>> problems(EXAMPLE)
    []
    >>> bad = {**EXAMPLE, "initiative": {"roll": "1d6 + nerv", "rule": "demo.turns",
    ...                                  "ties": ["edge", "luck"]}}
    >>> for where, message in problems(bad): print(where, "|", message)
    initiative.roll | unknown name 'nerv' (the stats: edge, nerve)
    initiative.ties | 'luck' is not a stat of the tracker
    """
    found: list[Problem] = []
    names: set[str] = set()
    for group in ("stats", "tracks"):
        for index, item in enumerate(entry.get(group) or []):
            where = f"{group}[{index}]"
            name = item.get("name")
            if not _snake(name) or name in names or name in _TAKEN:
                found.append((f"{where}.name", f"{name!r} must be a new snake_case name"))
            names.add(name)
            if group == "tracks":
                if bool(item.get("boxes")) == bool(item.get("steps")):
                    found.append((where, "give a track its 'boxes' (a number) or its named "
                                         "'steps', one of the two"))
                elif item.get("boxes") is not None and not 1 <= item["boxes"] <= 99:
                    found.append((f"{where}.boxes", "a track has 1 to 99 boxes"))
            elif item.get("min") is not None and item.get("max") is not None and (
                    item["min"] > item["max"]):
                found.append((f"{where}.min", "min is above max"))
    stats = sorted(s.get("name") for s in entry.get("stats") or [])
    initiative = entry.get("initiative") or {}
    if initiative.get("roll"):
        try:
            unknown = sorted(parse(initiative["roll"], "roll").names - set(stats))
        except InputError as error:
            found.append(("initiative.roll", error.message))
        else:
            if unknown:
                found.append(("initiative.roll", f"unknown name {unknown[0]!r} (the stats: "
                                                 f"{', '.join(stats) or 'none'})"))
    for tie in initiative.get("ties") or []:
        if tie not in stats:
            found.append(("initiative.ties", f"{tie!r} is not a stat of the tracker"))
    return found + _python_problems(entry)


def _python_problems(entry: Mapping[str, Any]) -> list[Problem]:
    """The declared parts of a tracker with Python: rule ids named once, and every rule an
    action, a limit or the order names declared among the ``rules``.

    >>> entry = {"rules": [{"id": "a.x"}, {"id": "a.x"}], "order_rule": "a.y",
    ...          "actions": [{"op": "hit", "rule": "a.z"}, {"op": "hit", "rule": "tracker"}]}
    >>> for where, message in _python_problems(entry): print(where, "|", message)
    rules[1].id | 'a.x' names two rules: give each rule its own id
    order_rule | 'a.y' is not among the tracker's rules (a.x)
    actions[0].rule | 'a.z' is not among the tracker's rules (a.x)
    actions[1].op | two actions do 'hit': give each action its own op
    """
    found: list[Problem] = []
    ids: list[str] = []
    for index, rule in enumerate(entry.get("rules") or []):
        if rule.get("id") in ids:
            found.append((f"rules[{index}].id", f"{rule.get('id')!r} names two rules: give "
                                                 "each rule its own id"))
        ids.append(rule.get("id"))
    known = sorted(set(ids))

    def unknown(where: str, rule: Any) -> None:
        if rule is not None and rule not in ids and rule != GENERIC_RULE:
            found.append((where, f"{rule!r} is not among the tracker's rules "
                                 f"({', '.join(known) or 'none'})"))

    if entry.get("rules"):
        unknown("initiative_rule", entry.get("initiative_rule"))
        unknown("order_rule", entry.get("order_rule"))
    ops: set[str] = set()
    for group in ("limits", "actions"):
        for index, item in enumerate(entry.get(group) or []):
            unknown(f"{group}[{index}].rule", item.get("rule"))
            if group != "actions":
                continue
            if item.get("op") in ops:
                found.append((f"actions[{index}].op", f"two actions do {item.get('op')!r}: "
                                                      "give each action its own op"))
            ops.add(item.get("op"))
    return found


_TAKEN = frozenset({"id", "name", "initiative", "statuses", "used", "pending", "x", "y"})
"""Keys a creature holds already (:mod:`.encounter`, :mod:`.positions`)."""


def status_problems(
    block: Mapping[str, Any], tracks: set[str], declared: bool
) -> list[Problem]:
    """Every problem of a status's ``tracker`` block (``tracks``: the tracker's track names).

    >>> status_problems({"round_end": {"mark": "stres"}, "ends": "scene", "rounds": 2},
    ...                 {"stress"}, True)
    ... # doctest: +NORMALIZE_WHITESPACE
    [('rounds', "give 'ends' or 'rounds', not both"),
     ('round_end.mark', "'stres' is not a track of the tracker (its tracks: stress)")]
    """
    found: list[Problem] = []
    if not declared:
        return [("", "the book declares no tracker: add a 'tracker' entry first")]
    if block.get("ends") is not None and block.get("rounds") is not None:
        found.append(("rounds", "give 'ends' or 'rounds', not both"))
    if block.get("rounds") is not None and not 1 <= block["rounds"] <= 999:
        found.append(("rounds", "a status lasts 1 to 999 rounds"))
    for when in ("turn_start", "turn_end", "round_end"):
        effect = block.get(when)
        if effect and effect.get("mark") not in tracks:
            found.append((f"{when}.mark", f"{effect.get('mark')!r} is not a track of the "
                                          f"tracker (its tracks: {', '.join(sorted(tracks))})"))
        if effect and effect.get("by") is not None and not 1 <= effect["by"] <= 99:
            found.append((f"{when}.by", "mark 1 to 99 boxes"))
    return found
