"""Space Shard's calculators that need Python, declared: the attack dice pool, who acts
first, cover, charge, defensive actions and the turn. The initiative roll, full force, reach
and born weapon sizes are formulas, declared in ``rules_data/space_shard/``
(:mod:`calculators.declared`).

Where the rulebook is silent the inputs fall in the shared assumptions group;
importing this module registers the calculators.
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
from .attacks import ATTACKS, _compute_attack
from .defense import COVER_CHOICES, COVER_FIRE_CHOICES, cover_defense, defensive_bonus
from .initiative import initiative_order
from .melee import _compute_charge
from .rules import (
    A_AIM,
    A_CAP,
    A_COVER_MIN,
    A_DIE,
    A_DOWNGRADE,
    A_EMPTY,
    A_EXTRA,
    A_EXTRA_HIT,
    A_LIMIT,
    A_METERS,
    A_ORDER,
    A_ROUND,
    A_SCOPE,
    A_SPELL,
    A_STEPS,
    A_SURPRISE,
    A_THRESHOLD,
    A_TWICE,
    AIM_CHOICES,
    AIM_MAX_ROUNDS,
    CHARGE_ABILITY_CHOICES,
    COVER_MAX,
    DEFENSIVE_ACTIONS,
    DOWNGRADE_CHOICES,
    INITIATIVE_DIE,
    ORDER_CHOICES,
    ROUNDING_CHOICES,
    SCOPE_CHOICES,
    SPELL_CHOICES,
    STEPS_CHOICES,
    SURPRISE_CHOICES,
    TWICE_CHOICES,
)
from .turn import turn_plan


def rounding_input() -> Input:
    """The input for assumption ``space_shard.fractions_round_down``.

    >>> rounding_input().choices
    ('down', 'up')
    """
    return assumption_input(
        "rounding",
        "Round divisions",
        A_ROUND,
        ROUNDING_CHOICES,
        help="The rulebook divides without saying how to round.",
    )


REGISTRY.add(
    Calculator(
        "space_shard.attack",
        "Attack: dice pool and damage",
        inputs=(
            choice_input(
                "attack",
                "Attack",
                "bladed",
                tuple(ATTACKS),
                help="heavy throwing uses STR for the DP; spell uses INT, Occult and spell power.",
            ),
            int_input("str", "STR", 3, 0, 30),
            int_input("dex", "DEX", 3, 0, 30),
            int_input("int", "INT", 3, 0, 30),
            int_input(
                "skill",
                "Skill",
                2,
                0,
                30,
                help="Brawl (barehand), Blade (bladed), Athletics (throwing, bow), Firearms "
                "(gun), Occult (spell).",
            ),
            int_input(
                "weapon_damage",
                "Weapon damage (spell power for spells)",
                2,
                0,
                30,
                help="Born Weapon Damage for a barehand attack.",
            ),
            int_input("target_defense", "Target Defense", 2, 0, 50),
            bool_input(
                "single_target",
                "Single target",
                True,
                help="'Target: Single' deducts Target Defense; an area effect does not. For a "
                "spell: an attack spell against one target.",
            ),
            int_input("distance", "Distance to the target", 5, 0, 10_000, unit="m"),
            int_input(
                "range_unit",
                "Range unit",
                10,
                1,
                1_000,
                help="The ranged weapon's range unit.",
                unit="m",
            ),
            int_input(
                "shortfall",
                "Points below the weapon's requirement",
                0,
                0,
                30,
                help="Stat or Skill requirement not met (for throwing weapons: STR).",
            ),
            int_input("bow_str_requirement", "Bow's STR requirement", 0, 0, 30, help="Bows only."),
            int_input("modifier", "Other modifiers", 0, -50, 50, help="± DP."),
            int_input(
                "extra_dmg",
                "Extra DMG",
                0,
                0,
                99,
                help="DMG a resource calls Extra DMG: added after the Max DMG cap.",
            ),
            int_input(
                "trip_size_over",
                "Tripping: the target's size above yours",
                0,
                0,
                99,
                help="−1 DP Unnamed Penalty a point; 0 for an attack that is not a trip.",
            ),
            int_input(
                "aim_rounds",
                "Rounds aimed",
                0,
                0,
                AIM_MAX_ROUNDS,
                help="Aiming: +1 DP and +1 Max DMG (target within 3 range units).",
            ),
            choice_input(
                "firing_from_cover",
                "Attacking from behind",
                "none",
                COVER_FIRE_CHOICES,
                help="Fire from Concealment: ranged attacks from behind cover.",
            ),
            dice_input(
                "dice",
                "Dice rolled",
                100,
                help="Faces of the pool, e.g. 8,3,10; leave empty for the exact odds.",
            ),
            assumption_input(
                "dp_die",
                "Die of a dice pool",
                A_DIE,
                low=2,
                high=100,
                help="Sides of each die of the pool.",
            ),
            assumption_input(
                "dp_success_threshold",
                "A die succeeds on",
                A_THRESHOLD,
                low=1,
                high=100,
                help="Lowest face that counts as a success.",
            ),
            assumption_input(
                "empty_pool_dice",
                "Dice rolled when the DP is 0 or less",
                A_EMPTY,
                low=0,
                high=5,
            ),
            assumption_input("cap_damage", "Max DMG caps the damage", A_CAP),
            assumption_input(
                "extra_on_a_hit", "Extra DMG only when the attack deals damage", A_EXTRA_HIT
            ),
            assumption_input(
                "unusable_shortfall",
                "Weapon unusable when missing its requirement by",
                A_LIMIT,
                low=1,
                high=30,
                help="points or more.",
            ),
            assumption_input(
                "requirement_scope",
                "Requirement penalty applies to",
                A_SCOPE,
                SCOPE_CHOICES,
                help="Never to spellcasting.",
            ),
            assumption_input(
                "distance_rule",
                "Counting range units for the Distance Penalty",
                A_STEPS,
                STEPS_CHOICES,
                help="Whether a part of a range unit beyond the first counts.",
            ),
            assumption_input(
                "extra_throwing_penalty",
                "Extra throwing distance penalty",
                A_EXTRA,
                low=0,
                high=10,
                help="DP per range unit exceeded, on top of the Distance Penalty (2 doubles it).",
            ),
            assumption_input(
                "spell_distance",
                "Spells and distance",
                A_SPELL,
                SPELL_CHOICES,
                help="distance penalty: counts the spell's range as the range unit.",
            ),
            assumption_input(
                "aiming",
                "Aiming several rounds",
                A_AIM,
                AIM_CHOICES,
                help="per round: each round aimed adds +1 DP and +1 Max DMG.",
            ),
        ),
        outputs=(
            Output("dp", "DP (dice pool)", "int"),
            Output("dice", "Dice rolled", "int"),
            Output("max_dmg", "Max DMG", "int"),
            Output("usable", "Attack possible", "bool"),
            Output("distance_penalty", "Distance Penalty", "int", unit="DP"),
            Output("max_distance", "Maximum distance", "int", unit="m"),
            Output("p_damage", "Deals damage", "fraction"),
            Output("mean_damage", "Average damage", "text"),
            Output("distribution", "Damage", "distribution"),
            Output("successes_distribution", "Successes", "distribution"),
            Output("successes", "Successes of the dice rolled", "int"),
            Output("damage", "Damage of the dice rolled", "int"),
            Output("problems", "Why the attack is not possible", "list"),
        ),
        compute=_compute_attack,
        rule="space_shard.types_of_attacks",
        assumptions=(
            A_DIE,
            A_THRESHOLD,
            A_EMPTY,
            A_CAP,
            A_EXTRA_HIT,
            A_LIMIT,
            A_SCOPE,
            A_STEPS,
            A_EXTRA,
            A_SPELL,
            A_AIM,
        ),
        rolls=True,
        help="Roll a pool of dice; each success causes 1 point of damage, up to the Max DMG.",
    )
)


REGISTRY.add(
    Calculator(
        "space_shard.initiative_order",
        "Who acts first",
        inputs=(
            int_input("initiative", "Your Initiative", 0, -20, 50),
            int_input("opponent_initiative", "Opponent's Initiative", 0, -20, 50),
            dice_input(
                "dice", "d10s rolled", INITIATIVE_DIE, help="Yours, then the opponent's, e.g. 7,3."
            ),
            assumption_input(
                "order",
                "Order",
                A_ORDER,
                ORDER_CHOICES,
                help="Who acts first.",
            ),
        ),
        outputs=(
            Output("p_first", "You act first", "fraction"),
            Output("p_tie", "Tie", "fraction"),
            Output("p_second", "The opponent acts first", "fraction"),
            Output("distribution", "Your roll − the opponent's", "distribution"),
            Output("result", "Result of the dice", "map"),
        ),
        compute=initiative_order,
        rule="space_shard.initiative_roll",
        assumptions=(A_ORDER,),
        rolls=True,
        help="Both roll 1d10 + Initiative; the rulebook does not say how ties are broken.",
    )
)


REGISTRY.add(
    Calculator(
        "space_shard.cover",
        "Covered defense",
        inputs=(
            choice_input(
                "coverage",
                "Cover",
                "by size",
                COVER_CHOICES,
                help="by size: from the sizes below; or a row of the amount-of-coverage table.",
            ),
            int_input("object_size", "Covering object size", 6, 0, 1_000),
            int_input("your_size", "Your size", 4, 1, 1_000),
            assumption_input(
                "minimum",
                "Lowest Covered defense",
                A_COVER_MIN,
                low=-1_000,
                high=COVER_MAX,
                help="The rulebook gives no minimum; lower this to let a small object count "
                "against you.",
            ),
            assumption_input(
                "fully_when",
                "Fully Covered when the object is",
                A_TWICE,
                TWICE_CHOICES,
                help="your size.",
            ),
        ),
        outputs=(
            Output("covered_defense", "Covered defense", "int"),
            Output("fully_covered", "Fully Covered", "bool"),
        ),
        compute=cover_defense,
        rule="space_shard.finding_cover",
        assumptions=(A_COVER_MIN, A_TWICE),
    )
)


REGISTRY.add(
    Calculator(
        "space_shard.charge",
        "Charge Attack bonus",
        inputs=(
            int_input("str", "STR", 4, 0, 30),
            int_input("base_defense", "Base Defense", 3, 0, 30),
            text_input(
                "distance",
                "Distance moved to the enemy",
                "3",
                help="Meters, e.g. 4 or 4.5; at most your Speed.",
                unit="m",
            ),
            int_input("speed", "Speed", 6, 0, 200, unit="m"),
            choice_input(
                "ability",
                "Special ability",
                "none",
                CHARGE_ABILITY_CHOICES,
                help="strength cap only: the charge ignores the Base Defense cap; no charge "
                "penalty: Base Defense is not lost.",
            ),
            assumption_input(
                "meters_rounding",
                "Part of a meter",
                A_METERS,
                ROUNDING_CHOICES,
                help="down: only whole meters count; up: a part of a meter counts as one.",
            ),
        ),
        outputs=(
            Output("bonus", "Enhancement Bonus", "int", unit="DP"),
            Output("base_defense_after", "Base Defense after the charge", "int"),
            Output("defense_penalty", "Unnamed Defense penalty", "int"),
        ),
        compute=_compute_charge,
        rule="space_shard.charge_bonus",
        assumptions=(A_METERS,),
    )
)


REGISTRY.add(
    Calculator(
        "space_shard.defense_bonus",
        "Full Defense and Guarding",
        inputs=(
            choice_input("action", "Action", "guarding with blade", DEFENSIVE_ACTIONS),
            int_input("base_defense", "Basic Defense", 2, 0, 30, help="Full Defense."),
            int_input("skill", "Brawl or Blade skill", 2, 0, 30, help="Guarding."),
            bool_input(
                "guarding_inscription",
                "Weapon has the Guarding Inscription",
                False,
                help="Shielding: add its size.",
            ),
            int_input("weapon_size", "Weapon size", 0, 0, 200),
        ),
        outputs=(
            Output("bonus", "Defense bonus", "int"),
            Output("bonus_name", "Bonus", "text"),
            Output("area_save_dp_bonus", "DP on Saving Throws against area damage", "int"),
        ),
        compute=defensive_bonus,
        rule="space_shard.guarding_with_blade",
    )
)


REGISTRY.add(
    Calculator(
        "space_shard.turn",
        "Actions in a turn",
        inputs=(
            int_input("standard", "Standard Actions", 1, 0, 5),
            int_input("movement", "Movement Actions", 1, 0, 5),
            int_input("swift", "Swift Actions", 1, 0, 5),
            int_input("speed", "Speed", 6, 0, 200, unit="m"),
            bool_input("surprise_round", "Surprise Round", False),
            assumption_input(
                "downgrade",
                "An action can be downgraded to",
                A_DOWNGRADE,
                DOWNGRADE_CHOICES,
                help="next lower action: one step only.",
            ),
            assumption_input(
                "surprise",
                "In the Surprise Round",
                A_SURPRISE,
                SURPRISE_CHOICES,
                help="one action: a Standard, Swift or Movement Action.",
            ),
        ),
        outputs=(
            Output("allowed", "Allowed", "bool"),
            Output("plan", "How the turn is filled", "map"),
            Output("max_move", "Movement", "int", unit="m"),
            Output("problems", "Problems", "list"),
        ),
        compute=turn_plan,
        rule="space_shard.its_my_turn",
        assumptions=(A_DOWNGRADE, A_SURPRISE),
        help="Free Actions are unlimited and not counted.",
    )
)
