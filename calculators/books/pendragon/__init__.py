"""Pendragon quick reference (seed ``003_…``): damage and wounds, checks, initiative, turns.

The quick reference gives Difficulties, penalties and thresholds but never the
dice of a check (assumption ``pendragon.assume_check_dice``), so these
calculators report Difficulties and the check results they need, not chances.
Nothing here rolls.

One module a topic: :mod:`.rules` (constants and assumptions), :mod:`.checks`,
:mod:`.damage`, :mod:`.initiative` and :mod:`.turn`. The calculators are declared in
``rules_data/pendragon/`` (``compute:`` names their functions). The package re-exports each
calculator's function and the readings of the assumptions.

>>> compute_damage(10, 8, 0, 5, 0)["wounds_after"]
3
"""

from __future__ import annotations

from .checks import wound_penalty
from .damage import compute_damage
from .initiative import compute_initiative
from .rules import (
    CHECK_WOUNDS_CHOICES,
    MEET_CHOICES,
    SUBSTITUTION_CHOICES,
    TAKEN_CHOICES,
    TOTAL_CHOICES,
)
from .turn import compute_turn

__all__ = [
    "CHECK_WOUNDS_CHOICES",
    "MEET_CHOICES",
    "SUBSTITUTION_CHOICES",
    "TAKEN_CHOICES",
    "TOTAL_CHOICES",
    "compute_damage",
    "compute_initiative",
    "compute_turn",
    "wound_penalty",
]
