"""Pendragon quick reference (seed ``003_…``): damage and wounds, checks, initiative, turns.

The quick reference gives Difficulties, penalties and thresholds but never the
dice of a check (assumption ``pendragon.assume_check_dice``), so these
calculators report Difficulties and the check results they need, not chances.
Nothing here rolls.

One module a topic, each registering its calculators: :mod:`.rules` (constants and
assumptions), :mod:`.checks`, :mod:`.damage`, :mod:`.initiative` and :mod:`.turn`.

>>> compute_damage(10, 8, 0, 5, 0)["wounds_after"]
3
"""

from __future__ import annotations

from .checks import check_succeeds, compute_check, meet_input, result_needed, wound_penalty
from .damage import compute_damage, death_threshold, is_dead, place_damage
from .initiative import compute_initiative, parse_participants
from .rules import (
    A_CHECK_DICE,
    A_CHECK_WOUNDS,
    A_COUNTS,
    A_DEAD,
    A_DIRECT,
    A_MEET,
    A_SUBSTITUTIONS,
    A_TAKEN,
    A_TOTAL,
    A_TOTAL_DAMAGE,
    CHECK_WOUNDS_CHOICES,
    DEATH_BASE,
    MEET_CHOICES,
    RALLY_DC,
    REVIVE_BASE,
    SUBSTITUTION_CHOICES,
    TAKEN_CHOICES,
    TOTAL_CHOICES,
    UNCONSCIOUS_BASE,
    WOUND_PENALTY,
)
from .turn import ACTIONS, MAX_INSTANT, SLOTS, allowed_fill, compute_turn, turn_plans

__all__ = [
    "ACTIONS",
    "A_CHECK_DICE",
    "A_CHECK_WOUNDS",
    "A_COUNTS",
    "A_DEAD",
    "A_DIRECT",
    "A_MEET",
    "A_SUBSTITUTIONS",
    "A_TAKEN",
    "A_TOTAL",
    "A_TOTAL_DAMAGE",
    "CHECK_WOUNDS_CHOICES",
    "DEATH_BASE",
    "MAX_INSTANT",
    "MEET_CHOICES",
    "RALLY_DC",
    "REVIVE_BASE",
    "SLOTS",
    "SUBSTITUTION_CHOICES",
    "TAKEN_CHOICES",
    "TOTAL_CHOICES",
    "UNCONSCIOUS_BASE",
    "WOUND_PENALTY",
    "allowed_fill",
    "check_succeeds",
    "compute_check",
    "compute_damage",
    "compute_initiative",
    "compute_turn",
    "death_threshold",
    "is_dead",
    "meet_input",
    "parse_participants",
    "place_damage",
    "result_needed",
    "turn_plans",
    "wound_penalty",
]
