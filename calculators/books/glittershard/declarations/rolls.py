"""Glittershard's End's rolls, declared: the d6 check (a quick action), the task (a long
action on d100), speech against Judgement, and damage; and the stat-rounding input they
share with the character.
"""

from __future__ import annotations

from ....declare import (
    Calculator,
    Input,
    Output,
    assumption_input,
    bool_input,
    choice_input,
    dice_input,
    int_input,
)
from ....registry import REGISTRY
from ..checks import compute_d6_check
from ..conversation import compute_conversation
from ..damage import compute_damage
from ..rules import (
    A_BANDS,
    A_EXHAUSTION_EFFECTS,
    A_HALVES,
    A_MIN_DAMAGE,
    A_MIN_POOL,
    A_NORMAL_HASTE,
    A_PERCENTILE,
    A_RESIST,
    A_SKILL_RANGE,
    A_STAT_DICE,
    A_TALK_MODIFIERS,
    A_TALK_TIES,
    A_TASK_ROLLS,
    A_TASK_SCORE,
    A_WEAPON_BONUS,
    HASTE_CHOICES,
    HOSTILE_BONUS,
    RESIST_CHOICES,
    SCORE_ROUNDING_CHOICES,
    STAT_ROUNDING_CHOICES,
    TALK_TIE_CHOICES,
    rule_id,
)
from ..tables import difficulties
from ..tasks import compute_task


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
            int_input(
                "exhaustion",
                "Initiator's exhaustion level",
                0,
                0,
                5,
                help="1 Tired: the stat −1; 3 Exhausted: any d6 roll uses half as many d6.",
            ),
            int_input(
                "opposing_exhaustion",
                "Receiver's exhaustion level",
                0,
                0,
                5,
                help="3 Exhausted or more: the receiver's pool is halved (rounded down).",
            ),
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
        assumptions=(A_STAT_DICE, A_MIN_POOL, A_HALVES, A_EXHAUSTION_EFFECTS),
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
