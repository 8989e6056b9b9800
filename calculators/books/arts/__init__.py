"""Attributes & Arts (seed ``004_…``): contests, incapacity and character creation.

One module a topic: :mod:`.contest`, :mod:`.creation` (attributes, point pools, the level
table's allowances), :mod:`.abilities` and :mod:`.character`. The calculators are declared
in ``rules_data/arts/`` (``compute:`` names their functions). The package re-exports the
public names of each."""

from __future__ import annotations

from .abilities import (
    NO_UTILITY_ABILITIES,
    TIER_MARK,
    ability_cards,
    ability_rule_problems,
    parse_abilities,
    picks_used,
)
from .character import (
    compute_character,
)
from .contest import (
    CRITICAL_MARGIN,
    compute_contest,
    roll_text,
    side_total,
)
from .creation import (
    ATTRIBUTES,
    BASE_SPEED,
    BASE_TOLERANCE,
    CREATION_POINTS,
    GAINS,
    GENERALS,
    allowances,
    arts_of,
)

__all__ = [
    "ATTRIBUTES",
    "BASE_SPEED",
    "BASE_TOLERANCE",
    "CREATION_POINTS",
    "CRITICAL_MARGIN",
    "GAINS",
    "GENERALS",
    "NO_UTILITY_ABILITIES",
    "TIER_MARK",
    "ability_cards",
    "ability_rule_problems",
    "allowances",
    "arts_of",
    "compute_character",
    "compute_contest",
    "parse_abilities",
    "picks_used",
    "roll_text",
    "side_total",
]
