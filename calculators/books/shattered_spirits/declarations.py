"""Shattered Spirits' nine calculators, declared: the Attack Roll and its modifiers, damage,
range, climbing, falling, movement, turn order and health.

Inputs that carry an assumption form the shared assumptions group; importing
this module registers the calculators.
"""

from __future__ import annotations

from ...declare import (
    Calculator,
    Input,
    Output,
    assumption_input,
    bool_input,
    choice_input,
    dice_input,
    int_input,
    text_input,
)
from ...registry import REGISTRY
from .attack import attack_modes, compute_attack
from .damage import compute_damage
from .health import compute_health
from .modifiers import compute_attack_modifiers
from .movement import compute_movement
from .rules import (
    A_EXTREME,
    A_FALL_DIRECTION,
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
    GROUPS,
    MODIFIERS_TABLE,
    PHASES,
)
from .turns import compute_turn_order


def _turn_inputs() -> tuple[Input, ...]:
    defaults = {"players_2": 2, "enemies_2": 1, "players_3": 1, "enemies_3": 1}
    return tuple(
        int_input(
            f"{group}_{phase}",
            f"{group.capitalize()}' Turns",
            defaults.get(f"{group}_{phase}", 0),
            0,
            20,
            group=f"Phase {phase}",
        )
        for phase in range(1, PHASES + 1)
        for group in GROUPS
    )


REGISTRY.add(
    Calculator(
        "shattered_spirits.attack",
        "Attack Roll",
        inputs=(
            choice_input(
                "mode",
                "Mode",
                "normal",
                (*attack_modes(), "both"),
                "Advantage keeps the highest two of 3d6, Disadvantage the lowest two; "
                "both: the Attack has Advantage and Disadvantage.",
            ),
            assumption_input(
                "both_mode",
                "With both, roll as",
                A_ONE_MODE,
                attack_modes(),
                help="Only for mode both.",
            ),
            int_input(
                "modifier",
                "Attack Roll modifier",
                0,
                -20,
                20,
                "Net change to the Attack Roll (Deflect, High Ground, Cover, Reactions...).",
            ),
            dice_input(
                "dice",
                "Dice rolled",
                6,
                "Faces rolled, e.g. 3,5 (or 2,5,6 with Advantage); empty for the exact odds.",
            ),
            text_input(
                "profile",
                "Profile Damage column",
                None,
                help="Optional: the Damage of rows 2 to 12, e.g. 1,2,3,4,5,6,7,8,9,10,11.",
                optional=True,
            ),
        ),
        outputs=(
            Output("roll", "Attack Roll", "int"),
            Output("row", "Profile row", "int", help="None on a miss."),
            Output("miss", "Misses", "bool"),
            Output("extra_damage", "Additional Damage", "int"),
            Output("negate_cost_increase", "Cost to Negate increases by", "int"),
            Output("p_miss", "Chance to miss (below 2)", "fraction"),
            Output("p_extreme", "Chance of above 12", "fraction"),
            Output("distribution", "Profile row", "distribution"),
            Output("damage", "Damage (before Glancing, Vulnerable, Guard)", "int"),
            Output("damage_distribution", "Damage from the Profile", "distribution"),
            Output("mean_damage", "Average Damage", "text"),
        ),
        compute=compute_attack,
        rule="shattered_spirits.making_attacks",
        assumptions=(A_MODIFIERS_TOTAL, A_ONE_MODE, A_EXTREME),
        rolls=True,
        help="Roll 2d6 (3d6 keeping two with Advantage or Disadvantage), add the modifiers "
        "and read the Profile row; below 2 misses, above 12 uses row 12 with extra effects.",
    )
)


REGISTRY.add(
    Calculator(
        "shattered_spirits.damage",
        "Calculating Damage",
        inputs=(
            int_input(
                "base", "Base Damage", 7, 0, 500, "From the Profile row, Technique or Effect."
            ),
            assumption_input(
                "modifier",
                "Modifiers",
                A_NET,
                low=-500,
                high=500,
                help="Net modifiers from the Technique, Enhancements or Afflictions (step 2).",
            ),
            bool_input("glancing", "Glancing", False),
            bool_input("vulnerable", "Vulnerable", False),
            int_input("guard", "Guard", 0, 0, 500),
            bool_input(
                "extreme",
                "Attack Roll above 12",
                False,
                "Deal an additional 2 Damage (if any).",
            ),
            assumption_input(
                "glancing_divisor",
                "Glancing divides by",
                A_GLANCING,
                low=1,
                high=10,
                help="Rounded up.",
            ),
            assumption_input(
                "vulnerable_factor",
                "Vulnerable multiplies by",
                A_VULNERABLE,
                low=1,
                high=10,
            ),
            assumption_input(
                "guard_minimum",
                "Guard lowers damage to no less than",
                A_GUARD,
                low=0,
                high=10,
            ),
            assumption_input(
                "extreme_step",
                "Extra 2 Damage above 12 is added",
                A_EXTREME,
                ("step_2", "after_guard"),
                help="step 2: with the modifiers; after guard: to the final result.",
            ),
        ),
        outputs=(
            Output("damage", "Damage dealt", "int"),
            Output("steps", "Steps", "list"),
        ),
        compute=compute_damage,
        rule="shattered_spirits.damage_order_table",
        assumptions=(A_NET, A_GLANCING, A_VULNERABLE, A_GUARD, A_EXTREME),
    )
)


REGISTRY.add(
    Calculator(
        "shattered_spirits.attack_modifiers",
        "Attack Roll modifiers",
        inputs=(
            choice_input("attack_range", "Attack", "melee", ("melee", "ranged")),
            int_input("deflect", "Deflects used against it", 0, 0, 10),
            int_input("adjacent_hostiles", "Hostile creatures adjacent to the attacker", 0, 0, 8),
            int_input("focus_paid", "Focus paid to negate that penalty", 0, 0, 8, "Ranged only."),
            choice_input(
                "elevation",
                "Target's Elevation",
                "same",
                ("same", "target_lower", "target_higher"),
                "target lower: and within the attacker's Reach (Melee only).",
            ),
            bool_input("cover", "Target in Cover", False),
            bool_input("already_glancing", "Already Glancing", False, "For another reason."),
            bool_input("attacker_swimming", "Attacker Swimming", False),
            bool_input("target_swimming", "Target Swimming", False),
            bool_input("reaction", "Used through a Reaction", False, group="Reaction"),
            int_input("technique_speed", "Technique's Speed", 3, 1, PHASES, group="Reaction"),
            int_input("phase", "Current Phase", 3, 1, PHASES, group="Reaction"),
            assumption_input(
                "reaction_direction",
                "Penalty counts",
                A_REACTION,
                ("absolute", "early_only"),
                help="absolute: either way; early only: only in a Phase before its Speed.",
                group="Reaction",
            ),
            int_input("other", "Other modifiers", 0, -20, 20),
        ),
        outputs=(
            Output("modifier", "Net Attack Roll modifier", "int"),
            Output("mode", "Mode", "text"),
            Output("glancing", "Glancing", "bool"),
            Output("auto_miss", "Automatically misses", "bool"),
            Output("focus_cost", "Focus paid", "int"),
        ),
        compute=compute_attack_modifiers,
        rule=MODIFIERS_TABLE,
        assumptions=(A_MODIFIERS_TOTAL, A_REACTION),
        help="Add up the Attack Roll modifiers of the chapter; use the result as the "
        "Attack Roll calculator's modifier and mode.",
    )
)


REGISTRY.add(
    Calculator(
        "shattered_spirits.movement",
        "Movement budget",
        inputs=(
            int_input("movement", "Movement", 4, 0, 100, unit="spaces"),
            int_input("spaces", "Ordinary spaces entered", 2, 0, 100),
            int_input(
                "swim_spaces", "Spaces of deep water entered", 1, 0, 100, "Cost twice as much."
            ),
            text_input(
                "climbs",
                "Climbs (Elevation of each)",
                None,
                help="e.g. 1,2 for a climb of 1 and one of 2; empty for none.",
                optional=True,
            ),
        ),
        outputs=(
            Output("cost", "Movement spent", "int", unit="spaces"),
            Output("remaining", "Movement left", "int", unit="spaces"),
            Output("enough", "Enough Movement", "bool"),
        ),
        compute=compute_movement,
        rule="shattered_spirits.movement_section",
        assumptions=(A_FALL_DIRECTION,),
    )
)


REGISTRY.add(
    Calculator(
        "shattered_spirits.turn_order",
        "Turn order in the Phases",
        inputs=(
            choice_input(
                "first",
                "First to act",
                "players",
                GROUPS,
                help="In the first Phase with Turns; players in the first Round of combat.",
            ),
            *_turn_inputs(),
        ),
        outputs=(
            Output("order", "Turns in each Phase", "map"),
            Output("last", "Last to act", "text"),
        ),
        compute=compute_turn_order,
        rule="shattered_spirits.rounds",
        assumptions=(A_TURN_FIRST, A_TURN_LEFTOVER),
    )
)


REGISTRY.add(
    Calculator(
        "shattered_spirits.health",
        "Losing Vigor, Endurance and Health",
        inputs=(
            int_input("vigor", "Vigor", 0, 0, 1000),
            int_input("endurance", "Endurance", 10, 0, 1000),
            int_input("health", "Health", 10, 0, 1000),
            int_input("damage", "Damage taken", 4, 0, 1000),
            assumption_input(
                "carry_over", "Damage left over after Endurance goes on to Health", A_POOLS
            ),
        ),
        outputs=(
            Output("vigor_after", "Vigor", "int"),
            Output("endurance_after", "Endurance", "int"),
            Output("health_after", "Health", "int"),
            Output("winded", "Winded", "bool"),
            Output("downed", "Downed", "bool"),
        ),
        compute=compute_health,
        rule="shattered_spirits.vigor",
        assumptions=(A_POOLS,),
    )
)
