"""Glittershard's End: rules-data ids, rule constants and the readings of its assumptions.

Each constant is stated plainly in one sentence of the rulebook. Where the rulebook is
silent, an assumption entry of ``rules_data/glittershard/`` decides; its id is an ``A_``
name here and the readings it allows a ``*_CHOICES`` tuple.

>>> rule_id("tasks"), CRITICAL_BELOW
('glittershard.tasks', 5)
"""

from __future__ import annotations

SYSTEM = "glittershard"


def rule_id(name: str) -> str:
    """The id of the rules-data entry ``name`` of this system.

    >>> rule_id("d6s")
    'glittershard.d6s'
    """
    return f"{SYSTEM}.{name}"


# -- rule constants, each stated plainly in one sentence of the rulebook -------------------
CRITICAL_BELOW = 5
"""'If an initiator rolls below five (5), the roll is a critical failure unless the goal
value is met or exceeded.' (How To Play > D6s)"""
TURN_ORDER_DIE = 10
"""'Turn order is determined by taking the Nimbleness score and adding 1d10 to that
score.' (Combat > Turn Order)"""
OFFENSIVE_TRADE_UNITS = 6
"""'One Offensive action can be traded for six more units of movement' (Actions)."""
TRIVIAL_TRADE_UNITS = 3
"""'three units of movement can be traded for one Trivial action' (Actions)."""
HOSTILE_BONUS = 15
"""'If they are hostile, they get an additional level (+15) to resist your
charm/intimidation/knowledge/lies.' (Conversations)"""
NATURAL_HEALING_PERCENT = 25
"""'Naturally, a creature heals up at 25% of their max health value each long rest.'"""
STAT_ALIASES = {"str": "bwn", "dex": "nim"}
"""The Math section writes 'Str' and the skills table 'Dex': '“Str” means Brawn (Bwn): the
rulebook has no stat called Strength' and '“Dex” in this table means Nimbleness (Nim)'
(the notes of ``glittershard.armor_value_formula`` and ``glittershard.skills_table``)."""

# -- assumption ids (rules_data/glittershard/) -------------------------------------------------
A_STAT_DICE = "glittershard.stat_dice_rounding"
A_MIN_POOL = "glittershard.minimum_d6_pool"
A_SKILL_RANGE = "glittershard.skill_value_range"
A_PERCENTILE = "glittershard.percentile_range"
A_NORMAL_HASTE = "glittershard.normal_haste"
A_TASK_SCORE = "glittershard.task_score"
A_TASK_ROLLS = "glittershard.task_rolls"
A_BANDS = "glittershard.quality_band_lookup"
A_RESIST = "glittershard.damage_resistances"
A_WEAPON_BONUS = "glittershard.damage_weapon_bonus"
A_MIN_DAMAGE = "glittershard.minimum_damage"
A_ALLOTMENT = "glittershard.allotment_total"
A_ROLLED_LOW = "glittershard.rolled_total_low"
A_ROLLED_HIGH = "glittershard.rolled_total_high"
A_SIZE_DODGE = "glittershard.size_dodge_penalty"
A_SIZE_SPEED = "glittershard.size_speed_adjustment"
A_SKILL_ROUNDING = "glittershard.skill_average_rounding"
A_PROFICIENCY = "glittershard.proficiency"
A_NIM_BONUS = "glittershard.nim_bonus"
A_HEALTH_LEVEL = "glittershard.max_health_level"
A_HEALTH_HISTORY = "glittershard.max_health_history"
A_BAGS = "glittershard.bag_capacity"
A_RECOVERY_LEVELS = "glittershard.recovery_points_levels"
A_WEIGHT_ROUNDING = "glittershard.weight_penalty_rounding"
A_TURN_TIES = "glittershard.turn_order_ties"
A_HALVES = "glittershard.tracker_halves"
A_EXHAUSTION_EFFECTS = "glittershard.tracker_exhaustion_effects"
TIRED_LEVEL, EXHAUSTED_LEVEL = 1, 3
"""'1 | Tired | Stats are temporarily reduced by 1'; '3 | Exhausted | any d6 roll uses half
as many d6' (the exhaustion table, source 002 L441-443)."""
A_HEAL_NO_POINTS = "glittershard.healing_without_points"
A_HEAL_CAP = "glittershard.healing_cap"
A_NATURAL_ROUNDING = "glittershard.natural_healing_rounding"
A_TALK_MODIFIERS = "glittershard.conversation_modifiers"
A_TALK_TIES = "glittershard.conversation_ties"

STAT_ROUNDING_CHOICES = ("toward_zero", "down")
"""How a stat becomes dice: one per full +2 rounded toward zero (−3 → −1 die), or down
(−1 → −1 die)."""
SCORE_ROUNDING_CHOICES = ("floor", "nearest", "up")
"""How a fractional score or amount becomes a whole number: down, to the nearest (halves
up), or up."""
SKILL_ROUNDING_CHOICES = ("floor", "toward_zero", "up")
"""How the average of two stats becomes a whole skill value."""
RESIST_CHOICES = ("subtract", "add")
"""Resistances are subtracted (the Math formulas) or added (the Damage paragraph)."""
HEALTH_LEVEL_CHOICES = ("new level", "previous level")
"""Which level the health gain of a level-up counts."""
TALK_TIE_CHOICES = ("listener", "speaker")
"""Who wins a speech check on equal totals."""
HASTE_CHOICES = ("normal", "rushed", "methodical")
HEAL_EFFECT_CHOICES = ("magical_health", "health")
"""What a magical healing spell gives: a buffer of magical health, or health back."""
