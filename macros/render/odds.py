"""A check's exact odds, computed once per check, value and mode while the process lives.

Rendering a check (``macros/render/render.py``) computes the chance of each of its bands
for each stat value and mode: the site's most costly arithmetic, the same in every build
of an unchanged check. Kept by the check's data, so an edited check is computed afresh;
under ``rulebinder serve`` a rebuild computes only the checks an edit changed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

__all__ = ["of"]

#: Chances by (the check's data as JSON, stat value, mode, other inputs).
_KEPT: dict[tuple[str, int | None, str, tuple[tuple[str, int], ...]], list[Fraction]] = {}
#: Past this many, the kept odds are dropped (a long serve of many edited checks).
LIMIT = 100_000


def of(
    data: Mapping[str, Any], value: int | None, mode: str, names: Mapping[str, int]
) -> list[Fraction]:
    """``calculators.declared.check.odds(data, value, mode, names)``, computed once.

    >>> check = {"roll": "2d6 + stat", "stat": {"label": "Skill", "default": 0},
    ...          "bands": [{"name": "Hit", "when": "total >= 10"}, {"name": "Miss"}]}
    >>> of(check, 1, "normal", {})
    [Fraction(5, 18), Fraction(13, 18)]
    >>> of(check, 1, "normal", {}) is of(check, 1, "normal", {})  # a copy each time
    False
    """
    from calculators.declared import check as core

    key = (json.dumps(data, sort_keys=True, default=repr), value, mode,
           tuple(sorted(names.items())))
    if key not in _KEPT:
        if len(_KEPT) >= LIMIT:
            _KEPT.clear()
        _KEPT[key] = core.odds(data, value, mode, names)
    return list(_KEPT[key])
