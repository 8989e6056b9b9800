"""What the Glittershard's End tracker declares to the page: the add form's fields, the keys
it keeps on a creature, its settings and fixed assumptions, example creatures, and its
actions with their fields."""

from __future__ import annotations

from ....tracker import positions
from ....tracker.spec import Action, Field, Limit
from ..rules import A_NATURAL_ROUNDING, SCORE_ROUNDING_CHOICES
from ..tables import movement_costs
from .terms import (
    A_BURNING,
    A_EXHAUSTION_REST,
    A_HUNGER_GAP,
    HEALTH_LOW,
    HUNGER_GAP_CHOICES,
    REST_CHOICES,
    STATUSES,
)

CREATURE = (
    Field("nim", "Nimbleness", "int", 0, low=-20, high=99),
    Field("bwn", "Brawn", "int", 0, low=-20, high=99),
    Field("max_health", "Max health", "int", 10, low=1, high=999),
    Field("health", "Health", "int", 10, low=HEALTH_LOW, high=999),
    Field("magical_health", "Magical health", "int", 0, low=0, high=999),
    Field("max_recovery", "Magical recovery points (max)", "int", 2, low=0, high=99),
    Field("recovery", "Magical recovery points left", "int", 2, low=0, high=99),
    Field("max_stamina", "Magic stamina (max)", "int", 0, low=0, high=999),
    Field("stamina", "Magic stamina left", "int", 0, low=0, high=999),
    Field("armor", "Armor value", "int", 10, low=0, high=999),
    Field("dodge", "Dodge", "int", 16, low=-99, high=999),
    Field("speed", "Speed (units)", "int", 6, low=0, high=99),
    Field("exhaustion", "Exhaustion level", "int", 0, low=0, high=6),
    Field(
        "hungry",
        "Minutes since a missed meal",
        "int",
        None,
        low=0,
        high=20000,
        optional=True,
        help="Empty: not hungry.",
    ),
    Field(
        "awake",
        "Minutes awake since the last long rest",
        "int",
        0,
        low=0,
        high=20000,
        help="Tired after 14 hours (840 minutes).",
    ),
    Field(
        "gold",
        "Gold",
        "int",
        0,
        low=0,
        high=999_999,
        help="The purse's whole gold; 1 gold = 100 pennies.",
    ),
    Field(
        "tiebreak",
        "Secondary d10 (turn order ties)",
        "int",
        0,
        low=0,
        high=99,
        help="Only for equal turn order and Nimbleness: the higher goes first.",
    ),
    *positions.FIELDS,
)
STORED = (
    *(f.name for f in CREATURE),
    "unconscious",
    "dead",
    "posture",
    "prone",
    "left",
    "seconds",
    "mundane",
    "battle_used",
    "poison_dc",
    "poison_damage",
    "pennies",
)
ADDED = {"gold": 0, "pennies": 0}
"""Creature fields a save from before them lacks, with the value they start at."""

ASSUMPTIONS = (
    "glittershard.tracker_halves",
    "glittershard.tracker_exhaustion_effects",
    "glittershard.tracker_spell_cost",
    "glittershard.tracker_consciousness",
    "glittershard.tracker_fear_duration",
    "glittershard.tracker_hunger_stages",
    "glittershard.tracker_poison",
    "glittershard.turn_order_ties",
    "glittershard.healing_without_points",
    "glittershard.healing_cap",
    "glittershard.stat_dice_rounding",
    "glittershard.minimum_d6_pool",
)
"""Followed without a setting: the tracker implements this one reading of each."""

SETTINGS = (
    Field(
        A_BURNING,
        "Burning and poison damage comes at the",
        "choice",
        None,
        choices=(("start", "start of the turn"), ("end", "end of the turn")),
    ),
    Field(
        A_EXHAUSTION_REST,
        "All exhaustion is removed by a",
        "choice",
        None,
        choices=REST_CHOICES,
    ),
    Field(
        A_NATURAL_ROUNDING,
        "25% of the max health is rounded",
        "choice",
        None,
        choices=tuple((c, c) for c in SCORE_ROUNDING_CHOICES),
    ),
    Field(
        A_HUNGER_GAP,
        "From 16 to 48 hours without a meal",
        "choice",
        None,
        choices=(
            (HUNGER_GAP_CHOICES[0], "the second stage goes on"),
            (HUNGER_GAP_CHOICES[1], "the third stage begins"),
        ),
    ),
)
ADDED_SETTINGS = (A_HUNGER_GAP,)
"""Settings a save from before them lacks: their defaults fill in."""

EXAMPLES = (
    {"name": "Mara", "nim": 5, "bwn": 2, "max_health": 14, "health": 14, "speed": 7},
    {"name": "Bandit", "nim": 1, "bwn": 3, "max_health": 12, "health": 12, "armor": 14},
)
"""Creatures for the examples and the property tests."""

LIMITS: tuple[Limit, ...] = ()
"""No action of the rulebook is once a round; a turn's actions are counted in ``left``."""

KINDS = (
    ("offensive", "Offensive action"),
    ("movement", "Movement"),
    ("trivial", "Trivial action"),
    ("trade_offensive", "Trade the Offensive action for 6 units"),
    ("trade_units", "Trade 3 units for a Trivial action"),
)
MOVES = tuple((name, label) for name, label, _ in movement_costs())

ACTIONS = (
    Action(
        "roll_initiative",
        "Roll turn order",
        "encounter",
        (),
        "glittershard.turn_order",
        rolls=True,
        help="Before the start: everyone. After it: those without a turn order score.",
    ),
    Action(
        "pass_time",
        "Let time pass",
        "encounter",
        (Field("minutes", "Minutes", "int", 15, low=1, high=1440),),
        "glittershard.rounds",
        rolls=True,
    ),
    Action(
        "rest_all",
        "Everyone rests",
        "encounter",
        (Field("kind", "Rest", "choice", "short", choices=REST_CHOICES),),
        "glittershard.short_rest",
        rolls=True,
    ),
    Action(
        "damage",
        "Take damage",
        "creature",
        (Field("amount", "Damage", "int", 1, low=0, high=999),),
        "glittershard.health",
        common=True,
    ),
    Action(
        "act",
        "Take the action",
        "creature",
        (
            Field("kind", "Action", "choice", "offensive", choices=KINDS),
            Field("move", "Movement", "choice", "walking", choices=MOVES),
            Field("count", "Spaces (movement)", "int", 1, low=1, high=99),
            Field(
                "slow",
                "Units a slow Offensive action spends",
                "int",
                0,
                low=0,
                high=99,
            ),
        ),
        "glittershard.actions",
        common=True,
    ),
    Action(
        "posture",
        "Pick the posture",
        "creature",
        (
            Field(
                "posture",
                "Defensive posture",
                "choice",
                "steady",
                choices=(("steady", "Steady"), ("dodgy", "Dodgy")),
            ),
        ),
        "glittershard.posture",
        common=True,
    ),
    Action(
        "heal",
        "Magical healing",
        "creature",
        (
            Field("amount", "Healing", "int", 5, low=0, high=999),
            Field(
                "effect",
                "The spell gives",
                "choice",
                "magical_health",
                choices=(("magical_health", "magical health"), ("health", "health back")),
            ),
        ),
        "glittershard.recovery_points",
    ),
    Action(
        "treat",
        "Mundane treatment",
        "creature",
        (Field("amount", "Health it restores", "int", 5, low=1, high=999),),
        "glittershard.mundane_healing",
    ),
    Action(
        "cast",
        "Cast a spell",
        "creature",
        (
            Field("tier", "Tier", "int", 1, low=1, high=10),
            Field(
                "pay",
                "Paid with",
                "choice",
                "stamina",
                choices=(("stamina", "magical stamina"), ("component", "magical components")),
            ),
        ),
        "glittershard.magical_stamina",
    ),
    Action(
        "apply",
        "Apply the status",
        "creature",
        (
            Field(
                "status",
                "Status",
                "choice",
                "burning",
                choices=tuple((k, v[0]) for k, v in STATUSES.items()),
            ),
            Field("level", "Poison level", "int", 1, low=0, high=99),
            Field("per_turn", "Poison damage each turn", "int", 0, low=0, high=99),
        ),
        "glittershard.burning",
        rolls=True,
        help="A poison rolls its heal check number (level + 1d10) when applied.",
    ),
    Action(
        "remove_status",
        "Remove the status",
        "creature",
        (
            Field(
                "status",
                "Status",
                "choice",
                "burning",
                choices=tuple((k, v[0]) for k, v in STATUSES.items()),
            ),
        ),
        "glittershard.burning",
    ),
    Action(
        "break_free",
        "Try to break free",
        "creature",
        (Field("against", "The holder's Bwn d6 total", "int", 10, low=0, high=999),),
        "glittershard.bound",
    ),
    Action(
        "treat_poison", "Heal check against the poison", "creature", (), "glittershard.poisoned"
    ),
    Action(
        "fall",
        "Fall",
        "creature",
        (Field("units", "Units fallen", "int", 1, low=1, high=60),),
        "glittershard.fall",
        rolls=True,
    ),
    Action(
        "rest",
        "Rest",
        "creature",
        (Field("kind", "Rest", "choice", "short", choices=REST_CHOICES),),
        "glittershard.short_rest",
        rolls=True,
    ),
    Action(
        "exhaust",
        "Change exhaustion",
        "creature",
        (Field("change", "Levels (+ or −)", "int", 1, low=-6, high=6),),
        "glittershard.exhaustion",
    ),
    Action("miss_meal", "Misses a meal", "creature", (), "glittershard.hunger"),
    Action("eat", "Eats", "creature", (), "glittershard.hunger"),
    Action(
        "gain",
        "Gains gold",
        "creature",
        (
            Field("gold", "Gold", "int", 0, low=0, high=999_999),
            Field("pennies", "Pennies", "int", 0, low=0, high=99_999),
            Field("what", "For", "text", "", help="Optional: what for."),
        ),
        "glittershard.purse",
    ),
    Action(
        "spend",
        "Spends gold",
        "creature",
        (
            Field("gold", "Gold", "int", 0, low=0, high=999_999),
            Field("pennies", "Pennies", "int", 0, low=0, high=99_999),
            Field(
                "what",
                "For",
                "text",
                "",
                help="Optional: what is bought (prices are in gold unless stated).",
            ),
        ),
        "glittershard.purse",
    ),
    Action(
        "battle_skill",
        "Use a once-per-battle skill",
        "creature",
        (Field("name", "Skill", "text", ""),),
        "glittershard.once_per_battle",
    ),
    Action(
        "doze",
        "Falls asleep (Shattered)",
        "creature",
        (),
        "glittershard.exhaustion",
    ),
    Action("wake", "Wakes up", "creature", (), "glittershard.unconscious"),
)
