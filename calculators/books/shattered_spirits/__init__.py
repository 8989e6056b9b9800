"""Shattered Spirits (seed ``000_…``): Attack Rolls, damage, range, movement, turns, health.

Every table these calculators use is read from ``rules_data/shattered_spirits/``
through :mod:`calculators.data` (the Attack Roll dice per mode, the Attack Roll
to Profile row table with its Extreme Rolls, the damage order and the Attack
Roll modifiers). Where the rulebook is silent, the calculator takes the
reading of an ``assumption`` entry as an input whose default is that entry's
default. Basic rule 1, "Always round up", is :func:`round_up`.

One module a topic: :mod:`.rules` (ids, constants, assumption defaults), :mod:`.profile`
(the Attack Roll to Profile row table), :mod:`.attack`, :mod:`.damage`, :mod:`.modifiers`,
:mod:`.movement`, :mod:`.turns` and :mod:`.health`. The calculators are declared in
``rules_data/shattered_spirits/`` (``compute:`` names their functions). The package re-
exports each calculator's function and the rule constants and table helpers used outside it.

>>> compute_damage(7, 0, False, False, 0)["damage"]
7
"""

from __future__ import annotations

from .attack import attack_dice, compute_attack, kept_faces
from .damage import compute_damage
from .health import compute_health
from .modifiers import compute_attack_modifiers, modifier_row
from .movement import compute_movement
from .profile import parse_profile, profile_damage, profile_result
from .rules import (
    CLIMB_BASE,
    CLIMB_PER_ELEVATION,
    CRUSH_PER_ELEVATION,
    DAMAGE_ORDER_TABLE,
    FALL_REFLEX_LESS,
    FOCUS_PER_HOSTILE,
    MODIFIERS_TABLE,
    PRONE_DAMAGE,
    round_up,
)
from .turns import compute_turn_order

__all__ = [
    "CLIMB_BASE",
    "CLIMB_PER_ELEVATION",
    "CRUSH_PER_ELEVATION",
    "DAMAGE_ORDER_TABLE",
    "FALL_REFLEX_LESS",
    "FOCUS_PER_HOSTILE",
    "MODIFIERS_TABLE",
    "PRONE_DAMAGE",
    "attack_dice",
    "compute_attack",
    "compute_attack_modifiers",
    "compute_damage",
    "compute_health",
    "compute_movement",
    "compute_turn_order",
    "kept_faces",
    "modifier_row",
    "parse_profile",
    "profile_damage",
    "profile_result",
    "round_up",
]
