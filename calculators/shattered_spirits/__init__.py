"""Shattered Spirits (seed ``000_…``): Attack Rolls, damage, range, movement, turns, health.

Every table these calculators use is read from ``rules_data/shattered_spirits/``
through :mod:`calculators.data` (the Attack Roll dice per mode, the Attack Roll
to Profile row table with its Extreme Rolls, the damage order and the Attack
Roll modifiers). Where the rulebook is silent, the calculator takes the
reading of an ``assumption`` entry as an input whose default is that entry's
default. Basic rule 1, "Always round up", is :func:`round_up`.

One module a topic, each registering its calculators: :mod:`.rules` (ids, constants,
assumption defaults), :mod:`.profile` (the Attack Roll to Profile row table),
:mod:`.attack`, :mod:`.damage`, :mod:`.modifiers`, :mod:`.movement`, :mod:`.turns` and
:mod:`.health`.

>>> compute_damage(7, 0, False, False, 0)["damage"]
7
"""

from __future__ import annotations

from .attack import attack_dice, attack_modes, compute_attack, dice_text, kept_dist, kept_faces
from .damage import compute_damage
from .health import compute_health
from .modifiers import compute_attack_modifiers, modifier_row, reaction_penalty
from .movement import (
    climb_cost,
    compute_climb,
    compute_fall,
    compute_movement,
    compute_range,
    parse_climbs,
)
from .profile import (
    extreme_high,
    parse_profile,
    profile_damage,
    profile_result,
    profile_rows,
    resolve_text,
    row_distribution,
)
from .rules import (
    A_EXTREME,
    A_FALL_DIRECTION,
    A_FALL_ONE,
    A_FALL_PRONE,
    A_GLANCING,
    A_GUARD,
    A_MODIFIERS_TOTAL,
    A_NET,
    A_ONE_MODE,
    A_POOLS,
    A_REACTION,
    A_TURN_FIRST,
    A_TURN_LEFTOVER,
    A_VULNERABLE,
    CARRY_OVER,
    CLIMB_BASE,
    CLIMB_PER_ELEVATION,
    CRUSH_PER_ELEVATION,
    DAMAGE_ORDER_TABLE,
    DICE_TABLE,
    DIE_SIDES,
    EXTREME_STEP,
    FALL_REFLEX_LESS,
    FOCUS_PER_HOSTILE,
    FREE_ONE_LEVEL,
    GLANCING_DIVISOR,
    GROUPS,
    GUARD_MINIMUM,
    MISS,
    MODIFIERS_TABLE,
    PHASES,
    PROFILE_TABLE,
    PRONE_DAMAGE,
    PRONE_ONLY_UNPAID,
    REACTION_DIRECTION,
    SWIM_FACTOR,
    VULNERABLE_FACTOR,
    round_up,
)
from .turns import compute_turn_order

__all__ = [
    "A_EXTREME",
    "A_FALL_DIRECTION",
    "A_FALL_ONE",
    "A_FALL_PRONE",
    "A_GLANCING",
    "A_GUARD",
    "A_MODIFIERS_TOTAL",
    "A_NET",
    "A_ONE_MODE",
    "A_POOLS",
    "A_REACTION",
    "A_TURN_FIRST",
    "A_TURN_LEFTOVER",
    "A_VULNERABLE",
    "CARRY_OVER",
    "CLIMB_BASE",
    "CLIMB_PER_ELEVATION",
    "CRUSH_PER_ELEVATION",
    "DAMAGE_ORDER_TABLE",
    "DICE_TABLE",
    "DIE_SIDES",
    "EXTREME_STEP",
    "FALL_REFLEX_LESS",
    "FOCUS_PER_HOSTILE",
    "FREE_ONE_LEVEL",
    "GLANCING_DIVISOR",
    "GROUPS",
    "GUARD_MINIMUM",
    "MISS",
    "MODIFIERS_TABLE",
    "PHASES",
    "PROFILE_TABLE",
    "PRONE_DAMAGE",
    "PRONE_ONLY_UNPAID",
    "REACTION_DIRECTION",
    "SWIM_FACTOR",
    "VULNERABLE_FACTOR",
    "attack_dice",
    "attack_modes",
    "climb_cost",
    "compute_attack",
    "compute_attack_modifiers",
    "compute_climb",
    "compute_damage",
    "compute_fall",
    "compute_health",
    "compute_movement",
    "compute_range",
    "compute_turn_order",
    "dice_text",
    "extreme_high",
    "kept_dist",
    "kept_faces",
    "modifier_row",
    "parse_climbs",
    "parse_profile",
    "profile_damage",
    "profile_result",
    "profile_rows",
    "reaction_penalty",
    "resolve_text",
    "round_up",
    "row_distribution",
]
