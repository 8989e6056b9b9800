"""Space Shard (seed ``001_…``): dice-pool attacks, initiative, cover, charge and more.

An attack rolls a dice pool (DP) whose size the attack's formula gives; each
success causes 1 point of damage, up to the attack's Max DMG. The rulebook
never says which die a pool uses or what counts as a success, so both are
assumptions (``space_shard.dp_die``, ``space_shard.dp_success_threshold``)
exposed as inputs, like every other gap the rules leave. The formulas are
implemented here, never evaluated from the data's ``expression`` text; the
tables (cover, fire from concealment) and assumption defaults are read from
``rules_data/space_shard/`` through :mod:`calculators.data`.

One module a topic: :mod:`.rules` (constants and assumptions), :mod:`.pool` (the dice pool),
:mod:`.attacks`, :mod:`.initiative`, :mod:`.defense` (cover, Full Defense, Guarding),
:mod:`.melee` (charge) and :mod:`.turn`. The calculators are declared in
``rules_data/space_shard/`` (``compute:`` names their functions). The package re-exports
each calculator's function and the readings of the assumptions.

>>> attack_odds("bladed", strength=3, skill=2, weapon_damage=2, target_defense=2)["dp"]
5
"""

from __future__ import annotations

from .attacks import attack_odds, distance_steps
from .defense import cover_defense, defensive_bonus
from .initiative import initiative_order
from .melee import charge_bonus
from .rules import (
    AIM_CHOICES,
    CHARGE_ABILITY_CHOICES,
    DOWNGRADE_CHOICES,
    ORDER_CHOICES,
    REINFORCE_CHOICES,
    ROUNDING_CHOICES,
    SCOPE_CHOICES,
    SPELL_CHOICES,
    STEPS_CHOICES,
    SURPRISE_CHOICES,
    TWICE_CHOICES,
)
from .turn import turn_plan

__all__ = [
    "AIM_CHOICES",
    "CHARGE_ABILITY_CHOICES",
    "DOWNGRADE_CHOICES",
    "ORDER_CHOICES",
    "REINFORCE_CHOICES",
    "ROUNDING_CHOICES",
    "SCOPE_CHOICES",
    "SPELL_CHOICES",
    "STEPS_CHOICES",
    "SURPRISE_CHOICES",
    "TWICE_CHOICES",
    "attack_odds",
    "charge_bonus",
    "cover_defense",
    "defensive_bonus",
    "distance_steps",
    "initiative_order",
    "turn_plan",
]
