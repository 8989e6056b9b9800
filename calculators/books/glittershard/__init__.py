"""Glittershard's End (seed ``002_…``): d6 pools, d100 tasks, damage, characters and more.

Every table and formula number is read from ``rules_data/glittershard/`` through
:mod:`calculators.data`; the cells the rulebook prints as text (``"+15"``,
``"6+"``, ``"0 - 10"``, ``"141+"``, ``"* 0.75"``, ``"2 units per"``) go through
the small parsers at the top of this module. Where the rulebook is silent the
calculators follow an ``assumption`` entry, and expose it as an input where
another reading would change the numbers.

Look-alike calculators, side by side:

* ``glittershard.d6_check`` is a quick action: a pool of d6s against a static
  goal or against the receiver's own pool, ties to the initiator.
* ``glittershard.task`` is a long action: one d100 roll per hour plus a skill
  modifier, averaged, times the haste modifier, read on the quality table.
* ``glittershard.conversation`` is d100 against d100 (speech against
  Judgement), where the speaker has to *beat* the listener.

One module a topic: :mod:`.rules` (ids, constants, assumptions), :mod:`.tables` (the
rulebook's tables and formula numbers), :mod:`.checks`, :mod:`.tasks`, :mod:`.damage`
(damage dealt, falls), :mod:`.character`, :mod:`.turns` (turn order, movement),
:mod:`.healing` and :mod:`.conversation`. The calculators are declared in
``rules_data/glittershard/`` (``compute:`` names their functions). The package re-exports
each calculator's function, the stats and formula numbers, and the readings of the
assumptions.

>>> compute_d6_check(goal=11)["p_success"]
'1/2'
"""

from __future__ import annotations

from .character import compute_character
from .checks import compute_d6_check
from .conversation import compute_conversation
from .damage import compute_damage
from .healing import compute_healing, compute_natural_healing
from .rules import (
    HASTE_CHOICES,
    HEAL_EFFECT_CHOICES,
    HEALTH_LEVEL_CHOICES,
    RESIST_CHOICES,
    SCORE_ROUNDING_CHOICES,
    SKILL_ROUNDING_CHOICES,
    STAT_ROUNDING_CHOICES,
    TALK_TIE_CHOICES,
)
from .tables import STAT_KEYS, constant, stat_key
from .tasks import compute_task
from .turns import compute_movement, compute_turn_order

__all__ = [
    "HASTE_CHOICES",
    "HEALTH_LEVEL_CHOICES",
    "HEAL_EFFECT_CHOICES",
    "RESIST_CHOICES",
    "SCORE_ROUNDING_CHOICES",
    "SKILL_ROUNDING_CHOICES",
    "STAT_KEYS",
    "STAT_ROUNDING_CHOICES",
    "TALK_TIE_CHOICES",
    "compute_character",
    "compute_conversation",
    "compute_d6_check",
    "compute_damage",
    "compute_healing",
    "compute_movement",
    "compute_natural_healing",
    "compute_task",
    "compute_turn_order",
    "constant",
    "stat_key",
]
