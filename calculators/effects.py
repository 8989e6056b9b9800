"""Ability effects declared in rules data, applied once for every reader of a character.

An ability entry may list ``effects``: each ``changes`` one derived number of a character
(a name the system's core uses, such as ``fatigue_tolerance``) by ``base + per_tier × Tier``.
The character's core computation adds them, so the builder's sheet, the tracker's creature
and the calculators read the same number with the same breakdown.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Bonus:
    """What one chosen ability adds to one derived number, and how it is worked out."""

    changes: str
    amount: int
    ability: str
    working: str

    def term(self) -> str:
        """The bonus as a term of a breakdown.

        >>> Bonus("speed", 2, "Fleet Footed", "Tier 2").term()
        '2 Fleet Footed (Tier 2)'
        """
        return f"{self.amount} {self.ability} ({self.working})"


def bonus_of(effect: Mapping[str, Any], ability: str, tier: int) -> Bonus:
    """The bonus one declared effect gives at ``tier``.

    >>> bonus_of({"changes": "fatigue_tolerance", "base": 1, "per_tier": 1}, "Indefatigable", 2)
    Bonus(changes='fatigue_tolerance', amount=3, ability='Indefatigable', working='1 + Tier 2')
    >>> bonus_of({"changes": "speed", "per_tier": 1}, "Fleet Footed", 3).working
    'Tier 3'
    """
    base = int(effect.get("base", 0))
    per_tier = int(effect.get("per_tier", 0))
    parts = [str(base)] if base else []
    if per_tier:
        parts.append(f"Tier {tier}" if per_tier == 1 else f"{per_tier} × Tier {tier}")
    return Bonus(
        effect["changes"], base + per_tier * tier, ability, " + ".join(parts) or "fixed"
    )


def bonuses(
    entries: Mapping[str, Mapping[str, Any]], chosen: Iterable[Mapping[str, Any]]
) -> dict[str, list[Bonus]]:
    """The bonuses of the chosen abilities (``id`` and ``tier`` each), by derived number:
    the effects that change a number and apply always (no ``when``).

    >>> entries = {"x.swift": {"name": "Swift", "effects": [{"changes": "speed", "per_tier": 1}]},
    ...            "x.plain": {"name": "Plain"}}
    >>> bonuses(entries, [{"id": "x.swift", "tier": 2}, {"id": "x.plain", "tier": 1}])
    {'speed': [Bonus(changes='speed', amount=2, ability='Swift', working='Tier 2')]}
    """
    out: dict[str, list[Bonus]] = {}
    for pick in chosen:
        entry = entries[pick["id"]]
        for effect in entry.get("effects", ()):
            if "changes" not in effect or "when" in effect:
                continue  # an action's effect: the tracker applies it when used
            bonus = bonus_of(effect, entry["name"], int(pick["tier"]))
            out.setdefault(bonus.changes, []).append(bonus)
    return out


def apply(base: int, start: str, found: Iterable[Bonus]) -> tuple[int, str]:
    """``base`` plus the bonuses, and the right-hand side of its breakdown after ``start``.

    >>> apply(11, "10 + END 1", [Bonus("fatigue_tolerance", 2, "Indefatigable", "1 + Tier 1")])
    (13, '10 + END 1 + 2 Indefatigable (1 + Tier 1)')
    >>> apply(4, "4 base", [])
    (4, '4 base')
    """
    found = list(found)
    return base + sum(b.amount for b in found), " + ".join([start, *(b.term() for b in found)])
