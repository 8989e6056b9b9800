"""Glittershard's End's healing and natural healing calculators, declared."""

from __future__ import annotations

from ....declare import Calculator, Output, assumption_input, choice_input, int_input
from ....registry import REGISTRY
from ..healing import compute_healing, compute_natural_healing
from ..rules import (
    A_HEAL_CAP,
    A_HEAL_NO_POINTS,
    A_NATURAL_ROUNDING,
    HEAL_EFFECT_CHOICES,
    SCORE_ROUNDING_CHOICES,
    rule_id,
)

REGISTRY.add(
    Calculator(
        rule_id("healing"),
        "Magical healing",
        inputs=(
            int_input("health", "Current health", 10, -1000, 1000),
            int_input("max_health", "Maximum health", 20, 1, 1000),
            int_input("healing", "Healing", 15, 0, 1000),
            int_input("recovery_points", "Magical recovery points left", 0, 0, 100),
            choice_input(
                "effect",
                "The spell gives",
                "magical_health",
                HEAL_EFFECT_CHOICES,
                help="magical_health: a buffer on top of health; health: health back.",
            ),
        ),
        outputs=(
            Output("health_lost", "Health lost", "int"),
            Output("health_after", "Health after", "int"),
            Output("magical_health", "Magical health gained", "int"),
            Output("recovery_points_after", "Magical recovery points after", "int"),
            Output("unconscious", "Unconscious (0 health or less)", "bool"),
            Output("dead", "Dead (at minus the maximum health)", "bool"),
        ),
        compute=compute_healing,
        rule=rule_id("magical_recovery_point"),
        assumptions=(A_HEAL_NO_POINTS, A_HEAL_CAP),
        help="Magical healing burns a recovery point; without one, half the healing is "
        "subtracted from the target's health.",
    )
)


REGISTRY.add(
    Calculator(
        rule_id("natural_healing"),
        "Natural healing",
        inputs=(
            int_input("health", "Current health", 5, -1000, 1000),
            int_input("max_health", "Maximum health", 20, 1, 1000),
            int_input("long_rests", "Long rests", 1, 0, 100),
            assumption_input(
                "rounding",
                "25% of the maximum",
                A_NATURAL_ROUNDING,
                SCORE_ROUNDING_CHOICES,
            ),
        ),
        outputs=(
            Output("health_after", "Health after", "int"),
            Output("per_rest", "Healed per long rest", "int"),
            Output("healed", "Healed in all", "int"),
        ),
        compute=compute_natural_healing,
        rule=rule_id("mundane_healing"),
        assumptions=(A_NATURAL_ROUNDING, A_HEAL_CAP),
        help="A creature heals 25% of its maximum health each long rest.",
    )
)
