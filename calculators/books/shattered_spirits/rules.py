"""Shattered Spirits' rules-data ids, rule constants and assumption defaults.

The tables are entries of ``rules_data/shattered_spirits/``; each constant is stated
in one sentence of the rulebook; where the rulebook is silent, an assumption entry
decides and its default is the default of the functions that follow it.

>>> PHASES, GROUPS, GLANCING_DIVISOR
(6, ('players', 'enemies'), 2)
"""

from __future__ import annotations

from ...data import assumption_default
from ...rounding import divide

# -- rules data ids ------------------------------------------------------------------------
DICE_TABLE = "shattered_spirits.attack_dice_table"
PROFILE_TABLE = "shattered_spirits.attack_profile_table"
DAMAGE_ORDER_TABLE = "shattered_spirits.damage_order_table"
MODIFIERS_TABLE = "shattered_spirits.attack_roll_modifiers_table"

A_MODIFIERS_TOTAL = "shattered_spirits.attack_modifiers_apply_to_total"
A_ONE_MODE = "shattered_spirits.one_attack_mode"
A_NET = "shattered_spirits.damage_modifiers_net"
A_GLANCING = "shattered_spirits.glancing_effect"
A_VULNERABLE = "shattered_spirits.vulnerable_effect"
A_GUARD = "shattered_spirits.guard_effect"
A_EXTREME = "shattered_spirits.extreme_high_damage"
A_REACTION = "shattered_spirits.reaction_penalty_direction"
A_FALL_DIRECTION = "shattered_spirits.falling_direction"
A_FALL_ONE = "shattered_spirits.falling_one_level"
A_FALL_PRONE = "shattered_spirits.falling_prone_unpaid"
A_TURN_FIRST = "shattered_spirits.turn_order_first_phase"
A_TURN_LEFTOVER = "shattered_spirits.turn_order_leftover"
A_POOLS = "shattered_spirits.damage_pool_order"

# -- rule constants stated in one sentence each -------------------------------------------
CLIMB_BASE = 1
CLIMB_PER_ELEVATION = 2
"""'the total Movement expended is equal to 1 + twice the Elevation change' (Climbing;
formula ``shattered_spirits.climb_movement``)."""
FALL_REFLEX_LESS = 1
"""'they must pay Reflex equal to one less than the total Elevation change' (Falling;
formula ``shattered_spirits.fall_reflex_cost``)."""
CRUSH_PER_ELEVATION = 2
"""'or else take Crush Damage equal to twice the Elevation Change' (Falling; formula
``shattered_spirits.fall_crush_damage``)."""
PRONE_DAMAGE = 6
"""'If a creature would take at least 6 Damage in this way they also fall Prone.'
(Falling; formula ``shattered_spirits.fall_prone``)."""
SWIM_FACTOR = 2
"""'while moving through water that a character cannot stand in each space costs twice
as much to enter' (Swimming)."""
FOCUS_PER_HOSTILE = 1
"""'An attacker may negate this by paying 1 Focus per adjacent hostile creature.'
(Ranged Attacks; formula ``shattered_spirits.ranged_adjacency_penalty``)."""
PHASES = 6
"""'Phase 1-6: ... Phases are resolved in order, 1-6' (Rounds in Shattered Spirits)."""
GROUPS = ("players", "enemies")
"""'Within a Phase, players and enemies will alternate who acts.'"""
DIE_SIDES = 6
"""'Roll 2d6 and reference the Profile in the Attack' (Making Attacks)."""
MISS = "miss"

# -- defaults of the functions below, read from the assumption entries ---------------------
GLANCING_DIVISOR: int = assumption_default(A_GLANCING)
VULNERABLE_FACTOR: int = assumption_default(A_VULNERABLE)
GUARD_MINIMUM: int = assumption_default(A_GUARD)
EXTREME_STEP: str = assumption_default(A_EXTREME)
REACTION_DIRECTION: str = assumption_default(A_REACTION)
CARRY_OVER: bool = assumption_default(A_POOLS)


def round_up(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` rounded up: basic rule 1, "Always round up".

    Formula ``shattered_spirits.round_up`` (``ceil``), in whole numbers.

    >>> round_up(7, 2), round_up(8, 2), round_up(-3, 2)
    (4, 4, -1)
    """
    return divide(numerator, denominator, "up")
