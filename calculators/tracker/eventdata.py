"""What an event carries besides its sentence, the same shape in every book's tracker.

- ``roll``: the expression, the names bound in it (the bonuses), the ``total``, the
  ``seed`` and ``dice``: each dice term rolled as ``{"dice": "2d6", "faces": [2, 5],
  "counted": [true, true], "total": 7}`` (a face not counted, such as a dropped die,
  has ``false``);
- ``changes``: each number or mark of a creature the event changed, as ``{"creature":
  "c1", "field": "health", "before": 10, "after": 8}``; a field is the creature's stored
  key, or for a value the system derives (a book's ``effective(creature)`` hook, such as
  Attributes & Arts' Fatigue Tolerance after what was lost) the name the events use;
- ``assumptions``: the ids of the assumption entries the step followed (the rule's
  ``follows`` and any the handler names), each listed on the tracker's page.
- ``reach`` (where creatures stand on squares, :mod:`.positions`): the ``distance``
  measured by the book's rule and the ``range`` it was checked against, with what the
  book adds (an Attack Roll modifier, penalty dice); a list, one per target, where an
  action has several;
- ``area`` (an Area aimed on the squares): the ``shape``, its ``value``, the space it is
  ``aimed`` at, the ``squares`` it targets and the ``creatures`` standing on them;
- ``position`` and ``from``: where a creature moved to and from (``{"x": 3, "y": -1}``);
- ``bonuses``: a bonus the step grants for a roll to come, not rolled here, as
  ``{"name": "Reinforcement Bonus", "value": 2, "to": "DP"}`` (Space Shard's Full-Force
  Attack: ``+2 DP`` and the Base Defense it costs).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from ..notation.rolling import Rolled

View = dict[str, dict[str, Any]]
Effective = Callable[[dict[str, Any]], dict[str, Any]]


def dice_of(rolled: Rolled) -> list[dict[str, Any]]:
    """Each dice term of a roll as data.

    >>> import random
    >>> from calculators.notation import parse
    >>> dice_of(parse("2d6 + 1").roll(random.Random(3)))
    [{'dice': '2d6', 'faces': [2, 5], 'counted': [True, True], 'total': 7}]
    """
    return [
        {"dice": d.term, "faces": list(d.faces), "counted": list(d.counted), "total": d.value}
        for d in rolled.dice
    ]


def view(state: dict[str, Any], effective: Effective | None = None) -> View:
    """Each creature's fields as the events name them: stored, then the effective values
    the system derives (which replace a stored key of the same name).

    >>> view({"creatures": {"c1": {"hp": 3}}}, lambda c: {"hp_left": c["hp"] - 1})
    {'c1': {'hp': 3, 'hp_left': 2}}
    """
    out: View = {}
    for cid, creature in state["creatures"].items():
        fields = copy.deepcopy(creature)
        if effective is not None:
            fields.update(effective(creature))
        out[cid] = fields
    return out


SKIPPED = ("id", "name")
"""Keys never reported as changes (a creature's identity)."""


def changes(before: View, after: View) -> list[dict[str, Any]]:
    """Every field of a creature present before and after whose value differs; a creature
    that joined or left is its own event, not a change of fields.

    >>> changes({"c1": {"hp": 3, "statuses": {}}}, {"c1": {"hp": 1, "statuses": {"prone": None}}})
    ... # doctest: +NORMALIZE_WHITESPACE
    [{'creature': 'c1', 'field': 'hp', 'before': 3, 'after': 1},
     {'creature': 'c1', 'field': 'statuses', 'before': {}, 'after': {'prone': None}}]
    """
    out = []
    for cid, now in after.items():
        then = before.get(cid)
        if then is None:
            continue
        for key, value in now.items():
            if key in SKIPPED or then.get(key) == value:
                continue
            out.append(
                {
                    "creature": cid,
                    "field": key,
                    "before": copy.deepcopy(then.get(key)),
                    "after": copy.deepcopy(value),
                }
            )
    return out
