"""Glittershard's End's ten calculators, declared: d6 checks, tasks, damage, the character,
turn order, movement, healing, natural healing, speech checks and falls.

Inputs carrying an assumption form the shared assumptions group; importing this module
registers the calculators.
"""

from __future__ import annotations

from .. import data
from ..declare import (
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
from ..registry import REGISTRY
from .character import compute_character
from .checks import compute_d6_check
from .conversation import compute_conversation
from .damage import compute_damage
from .healing import compute_healing, compute_natural_healing
from .rules import (
    A_ALLOTMENT,
    A_BAGS,
    A_BANDS,
    A_HEAL_CAP,
    A_HEAL_NO_POINTS,
    A_HEALTH_HISTORY,
    A_HEALTH_LEVEL,
    A_MIN_DAMAGE,
    A_MIN_POOL,
    A_NATURAL_ROUNDING,
    A_NIM_BONUS,
    A_NORMAL_HASTE,
    A_PERCENTILE,
    A_PROFICIENCY,
    A_RECOVERY_LEVELS,
    A_RESIST,
    A_ROLLED_HIGH,
    A_ROLLED_LOW,
    A_SIZE_DODGE,
    A_SIZE_SPEED,
    A_SKILL_RANGE,
    A_SKILL_ROUNDING,
    A_STAT_DICE,
    A_TALK_MODIFIERS,
    A_TALK_TIES,
    A_TASK_ROLLS,
    A_TASK_SCORE,
    A_TURN_TIES,
    A_WEAPON_BONUS,
    A_WEIGHT_ROUNDING,
    HASTE_CHOICES,
    HEAL_EFFECT_CHOICES,
    HEALTH_LEVEL_CHOICES,
    HOSTILE_BONUS,
    OFFENSIVE_TRADE_UNITS,
    RESIST_CHOICES,
    SCORE_ROUNDING_CHOICES,
    SKILL_ROUNDING_CHOICES,
    STAT_ROUNDING_CHOICES,
    TALK_TIE_CHOICES,
    TRIVIAL_TRADE_UNITS,
    rule_id,
)
from .tables import STAT_KEYS, difficulties, max_level, movement_costs, sizes, stats
from .tasks import compute_task
from .turns import compute_movement, compute_turn_order


def stat_rounding_input() -> Input:
    """The input for assumption ``glittershard.stat_dice_rounding``.

    >>> stat_rounding_input().default
    'toward_zero'
    """
    return assumption_input(
        "stat_rounding",
        "Dice from a stat",
        A_STAT_DICE,
        STAT_ROUNDING_CHOICES,
        help="toward_zero: one die per full +2 (−1 takes none away); down: −1 takes a die away.",
    )


_STAT_GROUP = "Stats as generated (before racial, class and level bonuses)"


_METHODS = tuple(
    dict.fromkeys(
        str(r["Calculator method"]) for r in data.table(rule_id("stat_generation_methods"))
    )
)


_CHARACTER_DEFAULTS = dict(zip(STAT_KEYS, (4, 2, 3, 1, 0, 2, 1, -1), strict=True))
"""A valid Standard Array assignment, so the default character has no problems."""


REGISTRY.add(
    Calculator(
        rule_id("d6_check"),
        "d6 check",
        inputs=(
            int_input("stat", "Relevant stat", 0, -10, 20, help="One d6 for every +2."),
            bool_input("trained", "Trained in the task", False, help="Adds 2d6."),
            int_input("item_dice", "Item dice", 0, 0, 20, help="Dice from item bonuses."),
            int_input(
                "circumstance_dice",
                "Circumstance dice",
                0,
                -20,
                20,
                help="Circumstantial bonuses (+) or penalties (−), e.g. −2 past a weapon's range.",
            ),
            int_input("goal", "Goal", 10, 0, 300, help="The static goal to meet or beat."),
            choice_input(
                "difficulty",
                "Skill challenge difficulty",
                "custom",
                ("custom", *difficulties()),
                help="custom uses the Goal above; the others take the goal of the chart.",
            ),
            int_input(
                "opposing_dice",
                "Receiver's dice",
                None,
                1,
                60,
                help="Leave empty for a static goal; give the receiver's d6 pool for a contest.",
                optional=True,
            ),
            dice_input(
                "rolls",
                "Initiator's dice rolled",
                6,
                help="Faces rolled, e.g. 2,5,6; leave empty for the exact odds.",
            ),
            dice_input(
                "opposing_rolls", "Receiver's dice rolled", 6, help="Faces the receiver rolled."
            ),
            stat_rounding_input(),
            assumption_input("min_dice", "Smallest pool", A_MIN_POOL, low=1, high=10),
        ),
        outputs=(
            Output("dice", "Dice rolled", "int", unit="d6"),
            Output("p_success", "Success (meets or beats)", "fraction"),
            Output("p_critical_failure", "Critical failure", "fraction"),
            Output("distribution", "Margin (total − goal or receiver's total)", "distribution"),
            Output("result", "Result of the dice rolled", "map"),
        ),
        compute=compute_d6_check,
        rule=rule_id("d6s"),
        assumptions=(A_STAT_DICE, A_MIN_POOL),
        rolls=True,
        help="3d6, one more per +2 in the stat, 2 more if trained, plus items and "
        "circumstances, against a goal or the receiver's pool; ties go to the initiator.",
    )
)


REGISTRY.add(
    Calculator(
        rule_id("task"),
        "Task quality",
        inputs=(
            int_input(
                "skill", "Skill value", 2, -10, 20, help="2 is Average, 0 Beginner, 6+ Master."
            ),
            bool_input("trained", "Trained", False, help="Adds a skill level."),
            int_input(
                "minutes",
                "Time",
                120,
                1,
                6000,
                help="How long the task takes; separate items (like four bolts) are separate "
                "tasks.",
            ),
            choice_input("haste", "Haste", "normal", HASTE_CHOICES),
            dice_input(
                "rolls",
                "d100 rolls",
                100,
                help="One d100 roll (1–100, a double zero is 100) per hour, e.g. 60,71; leave "
                "empty for the exact odds.",
            ),
            assumption_input(
                "band_rounding",
                "Scores between bands",
                A_BANDS,
                SCORE_ROUNDING_CHOICES,
                help="floor: 10.5 is still Unacceptable.",
            ),
        ),
        outputs=(
            Output("modifier", "Skill modifier", "int"),
            Output("rolls_needed", "Rolls needed", "int"),
            Output("time_minutes", "Actual time", "number", unit="minutes"),
            Output("score", "Final score", "number"),
            Output("quality", "Quality", "text"),
            Output("quality_odds", "Chance of each quality", "map"),
            Output("distribution", "Final score (whole number)", "distribution"),
        ),
        compute=compute_task,
        rule=rule_id("tasks"),
        assumptions=(
            A_SKILL_RANGE,
            A_PERCENTILE,
            A_NORMAL_HASTE,
            A_TASK_SCORE,
            A_TASK_ROLLS,
            A_BANDS,
        ),
        rolls=True,
        help="One d100 roll per hour plus the skill modifier; the average times the haste "
        "modifier is the final score, read on the quality table.",
    )
)


REGISTRY.add(
    Calculator(
        rule_id("damage"),
        "Damage dealt",
        inputs=(
            int_input(
                "attack_roll",
                "Attack roll",
                18,
                0,
                500,
                help="The total rolled on the attack dice.",
            ),
            assumption_input(
                "weapon_bonus", "Weapon damage bonus", A_WEAPON_BONUS, low=-100, high=100
            ),
            int_input(
                "goal",
                "Goal",
                12,
                0,
                500,
                help="Armor value, dodge or the goal that was rolled against.",
            ),
            int_input("resistances", "Resistances", 0, 0, 100),
            int_input("weaknesses", "Weaknesses", 0, 0, 100),
            bool_input("immune", "Immune", False, help="A resistance of infinity."),
            choice_input("mode", "Way of calculating", "simple", ("simple", "complex")),
            int_input(
                "percentile",
                "Percentile roll",
                None,
                1,
                100,
                help="Complex only: the d100 (a double zero is 100); leave empty for the exact "
                "odds.",
                optional=True,
            ),
            assumption_input("resist", "Resistances", A_RESIST, RESIST_CHOICES),
            assumption_input("min_damage", "Least damage", A_MIN_DAMAGE, low=-1000, high=0),
        ),
        outputs=(
            Output("damage", "Damage", "int"),
            Output("simple", "Simple damage", "int"),
            Output("distribution", "Damage", "distribution"),
        ),
        compute=compute_damage,
        rule=rule_id("d10_damage"),
        assumptions=(A_RESIST, A_WEAPON_BONUS, A_MIN_DAMAGE, A_PERCENTILE),
        rolls=True,
        help="Simple: attack roll + weapon bonus − goal − resistances + weaknesses. Complex: "
        "that × 2 × percentile/100, rounded up.",
    )
)


REGISTRY.add(
    Calculator(
        rule_id("character"),
        "Character",
        inputs=(
            *(
                int_input(
                    key, f"{full} ({abbr})", _CHARACTER_DEFAULTS[key], -10, 20, group=_STAT_GROUP
                )
                for key, abbr, full in stats()
            ),
            choice_input(
                "method",
                "Stat method",
                "array",
                tuple(sorted(_METHODS)),
                help="array: Standard Array; allotment: Standard Allotment; rolled: either "
                "dice method.",
                group=_STAT_GROUP,
            ),
            text_input(
                "bonuses",
                "Stat bonuses",
                "",
                help="Racial, class and level bonuses, e.g. 'Nim +1, Wit +1'.",
            ),
            int_input("level", "Level", 1, 1, max_level()),
            int_input(
                "race_health",
                "Race base health",
                10,
                0,
                500,
                help="From the race (not in this rulebook).",
            ),
            choice_input("size", "Size", "medium", tuple(sizes())),
            int_input("racial_speed_bonus", "Racial speed bonus", 0, -20, 20),
            int_input("armor_bonus", "Armor bonus", 0, -50, 100),
            int_input("shield_bonus", "Shield bonus", 0, -50, 100),
            int_input("armor_penalty", "Armor penalty", 0, 0, 100, help="Subtracted from dodge."),
            int_input("carried_weight", "Carried weight", 0, 0, 2000, help="In kg."),
            assumption_input(
                "bag_capacity",
                "Bag carrying caps",
                A_BAGS,
                low=0,
                high=2000,
                help="Sum of the carrying caps of the bags carried, in kg.",
            ),
            text_input(
                "trained_skills",
                "Trained skills",
                "",
                help="Skills trained in, e.g. 'Stealth, Search'.",
            ),
            stat_rounding_input(),
            assumption_input(
                "skill_rounding",
                "Two-stat skills",
                A_SKILL_ROUNDING,
                SKILL_ROUNDING_CHOICES,
            ),
            assumption_input(
                "health_level",
                "Level in the health gain",
                A_HEALTH_LEVEL,
                HEALTH_LEVEL_CHOICES,
            ),
            assumption_input(
                "recovery_first_level",
                "First level with an extra recovery point",
                A_RECOVERY_LEVELS,
                low=1,
                high=max_level(),
            ),
            assumption_input(
                "proficiency",
                "Proficiency (trained attack dice)",
                A_PROFICIENCY,
                low=0,
                high=10,
            ),
            assumption_input(
                "allotment_total",
                "Standard Allotment total",
                A_ALLOTMENT,
                low=0,
                high=40,
            ),
            assumption_input(
                "rolled_low",
                "Rolled stats too low below",
                A_ROLLED_LOW,
                low=-20,
                high=40,
            ),
            assumption_input(
                "rolled_high",
                "Rolled stats too high above",
                A_ROLLED_HIGH,
                low=-20,
                high=60,
            ),
        ),
        outputs=(
            Output("max_health", "Maximum health", "int"),
            Output("armor_value", "Armor value", "int"),
            Output("dodge", "Dodge", "int"),
            Output("speed", "Speed", "int", unit="units"),
            Output("magic_stamina", "Magic stamina", "int"),
            Output("max_carry_weight", "Maximum carry weight", "int", unit="kg"),
            Output("weight_penalty", "Weight penalty", "int"),
            Output("magical_recovery_points", "Magical recovery points", "int"),
            Output("stats", "Stats with bonuses", "map"),
            Output("skills", "Skill values", "map"),
            Output("skill_modifiers", "Task modifiers (d100)", "map"),
            Output("attack_dice", "Attack dice (before the weapon's bonus)", "map"),
            Output("level_perks", "Gained by this level", "map"),
            Output("problems", "Problems", "list"),
        ),
        compute=compute_character,
        rule=rule_id("character_creation"),
        assumptions=(
            A_STAT_DICE,
            A_SKILL_RANGE,
            A_SKILL_ROUNDING,
            A_PROFICIENCY,
            A_NIM_BONUS,
            A_SIZE_DODGE,
            A_SIZE_SPEED,
            A_HEALTH_LEVEL,
            A_HEALTH_HISTORY,
            A_BAGS,
            A_RECOVERY_LEVELS,
            A_WEIGHT_ROUNDING,
            A_ALLOTMENT,
            A_ROLLED_LOW,
            A_ROLLED_HIGH,
        ),
        help="Maximum health, armor value, dodge, speed, magic stamina, carrying, recovery "
        "points and skills from the stats; problems list what breaks the stat method's rules.",
    )
)


REGISTRY.add(
    Calculator(
        rule_id("turn_order"),
        "Turn order",
        inputs=(
            text_input(
                "participants",
                "Participants",
                "Aria 3; Bandit 1; Cat 3",
                help="Name and Nimbleness for each, optionally the d10 rolled, separated by "
                "';' (e.g. 'Aria 3 7; Bandit 1').",
            ),
        ),
        outputs=(
            Output("p_first", "Chance to act first", "map"),
            Output("order", "Turn order", "list"),
            Output("ties", "Ties left to a d10 each", "list"),
        ),
        compute=compute_turn_order,
        rule=rule_id("turn_order_formula"),
        assumptions=(A_TURN_TIES,),
        rolls=True,
        help="Nimbleness + 1d10, highest first; ties go to the higher Nimbleness, then to a "
        "d10 each.",
    )
)


REGISTRY.add(
    Calculator(
        rule_id("movement"),
        "Movement in a turn",
        inputs=(
            int_input(
                "speed",
                "Speed",
                6,
                0,
                60,
                help="Units of movement per turn (6 for a medium creature).",
            ),
            bool_input(
                "trade_offensive",
                "Trade the Offensive action",
                False,
                help=f"For {OFFENSIVE_TRADE_UNITS} more units of movement.",
            ),
            int_input(
                "extra_trivial",
                "Extra Trivial actions",
                0,
                0,
                20,
                help=f"Each costs {TRIVIAL_TRADE_UNITS} units of movement.",
            ),
            int_input("slow_action_units", "Units a slow Offensive action uses", 0, 0, 60),
            *(
                int_input(
                    name,
                    action,
                    3 if name == "walking" else 0,
                    0,
                    60,
                    help=f"{cost} unit{'s' if cost != 1 else ''} per space, or per time for an "
                    "action that doesn't move you.",
                    group="Movement actions",
                )
                for name, action, cost in movement_costs()
            ),
        ),
        outputs=(
            Output("units", "Units available", "int"),
            Output("units_used", "Units used", "int"),
            Output("units_left", "Units left", "int"),
            Output("offensive_actions", "Offensive actions", "int"),
            Output("trivial_actions", "Trivial actions", "int"),
            Output("allowed", "Allowed", "bool"),
            Output("problems", "Problems", "list"),
        ),
        compute=compute_movement,
        rule=rule_id("movement_actions"),
        help="Speed in units per turn; an Offensive action trades for 6 more units, 3 units "
        "trade for a Trivial action; each movement action costs the units of the table.",
    )
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


REGISTRY.add(
    Calculator(
        rule_id("conversation"),
        "Speech check",
        inputs=(
            int_input(
                "skill", "Speaker's speech skill", 2, -10, 20, help="Speechcraft, for instance."
            ),
            bool_input("trained", "Speaker trained", False),
            int_input("judgement", "Listener's Judgement", 0, -10, 20),
            bool_input("target_trained", "Listener trained", False),
            choice_input(
                "attitude",
                "Listener is",
                "neutral",
                ("friendly", "neutral", "hostile"),
                help=f"A hostile listener adds {HOSTILE_BONUS}.",
            ),
            int_input(
                "roll",
                "Speaker's d100",
                None,
                1,
                100,
                help="Leave empty for the exact odds.",
                optional=True,
            ),
            int_input("target_roll", "Listener's d100", None, 1, 100, optional=True),
            assumption_input("ties", "Equal totals go to", A_TALK_TIES, TALK_TIE_CHOICES),
        ),
        outputs=(
            Output("p_success", "Listener convinced", "fraction"),
            Output("modifier", "Speaker's modifier", "int"),
            Output("target_modifier", "Listener's modifier", "int"),
            Output("distribution", "Margin (speaker − listener)", "distribution"),
            Output("result", "Result of the rolls", "map"),
        ),
        compute=compute_conversation,
        rule=rule_id("conversations"),
        assumptions=(A_TALK_MODIFIERS, A_TALK_TIES, A_SKILL_RANGE, A_PERCENTILE),
        rolls=True,
        help="Speech skill d100 against the listener's Judgement d100; a hostile listener "
        "gets +15.",
    )
)


