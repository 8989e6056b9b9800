"""What Space Shard's tracker follows: its terms, ``RULES``, assumptions, the add form
(``CREATURE``, ``STORED``), settings, examples, ``LIMITS`` and ``ACTIONS``.
"""

from __future__ import annotations

from ....tracker.spec import Action, Field, Limit, Rule, citing
from ..rules import (
    A_AIM,
    A_AMMO,
    A_CAP,
    A_DOWNGRADE,
    A_EXTRA_HIT,
    A_IN_HAND,
    A_MANEUVER,
    A_ORDER,
    A_REINFORCE,
    A_ROUND,
    A_ROUNDS,
    A_SURPRISE,
    AIM_CHOICES,
    DMG_GRADES,
    DOWNGRADE_CHOICES,
    EFFECT_CASES,
    IN_HAND_CHOICES,
    MANEUVERABILITY,
    ORDER_CHOICES,
    REINFORCE_CHOICES,
    RELOADS,
    ROUNDING_CHOICES,
    SURPRISE_CHOICES,
)

SYSTEM = "space_shard"
TITLE = "Space Shard"

A_DURATION = "space_shard.tracker_one_round"
A_WHOLE = "space_shard.tracker_full_turn_alone"
DURATION_CHOICES = ("until their next turn", "until the end of the round")
STANDARD_KINDS = ("standard", "attack")
"""Kinds of action that take the turn's Standard Action (an attack is one)."""
KINDS = (
    ("attack", "Standard Action: an attack"),
    ("standard", "Standard Action (not an attack)"),
    ("movement", "Movement Action"),
    ("swift", "Swift Action"),
    ("free", "Free Action"),
    ("full-turn", "Full-Turn Action"),
    ("whole-round", "Whole-Round Action"),
)
KIND_NAMES = dict(KINDS)

RULES = (
    Rule(
        "space_shard.initiative",
        "Initiative",
        "space_shard.initiative_roll",
        "Everyone who has not rolled initiative rolls 1d10 + Initiative (not a check); "
        "the order follows the rolls (highest first by default); a tie is left to the GM.",
    ),
    Rule(
        "space_shard.rounds",
        "Turns in order",
        "space_shard.its_my_turn",
        "Each round everyone takes a turn in the order of initiative.",
    ),
    Rule(
        "space_shard.surprise",
        "Surprise Round",
        "space_shard.surprise_round_assualt_round",
        "If anyone is in the Surprise Round, round 1 is the Surprise Round: only they act, "
        "with 1 Standard, Swift or Movement Action (or a Charging Attack) and Free Actions; "
        "everyone else is Surprised until it ends.",
    ),
    Rule(
        "space_shard.actions",
        "Actions of a turn",
        "space_shard.its_my_turn",
        "A turn holds 1 Standard, 1 Movement and 1 Swift Action and any Free Actions; an "
        "action may be downgraded to a lower one; an action beyond that is refused.",
    ),
    Rule(
        "space_shard.full_force",
        "Full-Force Attack",
        "space_shard.full_force_attack",
        "A Standard Action once per round: Reinforcement Bonus STR/2, at most the Base "
        "Defense, which loses as much for 1 round.",
    ),
    Rule(
        "space_shard.charge",
        "Charge Attack",
        "space_shard.charge_bonus",
        "A Full-Turn Action: +1 DP per meter moved, at most STR and the Base Defense, which "
        "loses as much; at most Speed meters.",
    ),
    Rule(
        "space_shard.guarding",
        "Guarding",
        "space_shard.guarding_with_brawl",
        "A Movement Action: the Guarding Bonus (Brawl or Blade, plus the size with a "
        "Guarding Inscription) until the creature's next turn.",
    ),
    Rule(
        "space_shard.full_defense",
        "Full Defense",
        "space_shard.full_defense",
        "A Standard Action: an Evade Bonus equal to the Basic Defense while kept; the "
        "guns and crossbows of enemies the creature sees lose their High Speed Inscription.",
    ),
    Rule(
        "space_shard.aiming",
        "Aiming",
        "space_shard.aiming",
        "A Whole-Round Action, up to 5 times: the next attack gets +1 DP and +1 Max DMG a "
        "round aimed; another Standard or Movement Action first, or a melee hit, loses it.",
    ),
    Rule(
        "space_shard.overflow",
        "DMG overflow",
        "space_shard.dmg_exceeds_overflow",
        "Damage beyond the HP left is not calculated: HP stops at 0 and the overflow is noted.",
    ),
    Rule(
        "space_shard.extra_dmg",
        "Max DMG and Extra DMG",
        "space_shard.max_dmg_rules",
        "The successes' DMG is capped at the attack's Max DMG; Extra DMG is added after the "
        "cap, not counted against it (L86).",
    ),
    Rule(
        "space_shard.multiple_effects",
        "Multiple Effects",
        "space_shard.multiple_effects",
        "Damage caused once by a weapon with several special effects: all take effect; by "
        "several pieces of ammunition: none if one piece has none, else the ST chooses one "
        "when they are all different (L82-L83).",
    ),
    Rule(
        "space_shard.maneuverability",
        "A flying target tripped",
        "space_shard.tripping",
        "A flying target that loses a trip: Maneuverability one level lower for 1 round; "
        "from Clumsy it falls immediately; Perfect or Hovering are not affected (L261).",
    ),
    Rule(
        "space_shard.reload",
        "Reloading",
        "space_shard.reloading",
        "Each reload step is the action the rulebook gives it, one lower (at least a Free "
        "Action) with the ammunition in hand (L238); a crossbow is strung after its bolt is "
        "installed (L245), a single-shot firearm's round chambered after it is loaded (L247), "
        "before the attack that fires it.",
    ),
    Rule(
        "space_shard.prone",
        "Prone",
        "space_shard.proning",
        "Proning makes the creature Prone; getting up is a Movement Action.",
    ),
    Rule(
        "space_shard.stagger",
        "Stagger from Tripping",
        "space_shard.tripping",
        "A won trip: the target falls prone and gains Stagger points equal to the "
        "difference of the checks, for 1 round.",
    ),
)
RULES = citing(
    RULES,
    {
        "space_shard.initiative": (A_ORDER,),
        "space_shard.surprise": (A_SURPRISE,),
        "space_shard.actions": (A_DOWNGRADE, A_SURPRISE, A_WHOLE),
        "space_shard.full_force": (A_ROUND, A_REINFORCE),
        "space_shard.charge": (A_ROUND, A_DURATION),
        "space_shard.aiming": (A_AIM,),
        "space_shard.guarding": (A_DURATION,),
        "space_shard.full_defense": ("space_shard.tracker_full_defense_kept",),
        "space_shard.overflow": ("space_shard.tracker_hp_one_number",),
        "space_shard.extra_dmg": (A_CAP, A_EXTRA_HIT),
        "space_shard.reload": (A_IN_HAND, A_ROUNDS),
        "space_shard.maneuverability": (A_MANEUVER, A_DURATION),
        "space_shard.multiple_effects": (A_AMMO,),
        "space_shard.stagger": (A_DURATION,),
        "space_shard.prone": (A_DURATION,),
    },
)
"""Each rule with the assumptions its events follow (and cite)."""
INITIATIVE_RULE = "space_shard.initiative"
ORDER_RULE = "space_shard.rounds"

CREATURE = (
    Field(
        "init",
        "Initiative",
        "int",
        0,
        low=-20,
        high=50,
        help="The character's Initiative, added to 1d10.",
    ),
    Field("hp_max", "HP (full)", "int", 10, low=0, high=999),
    Field("hp", "HP", "int", 10, low=0, high=999),
    Field("str", "STR", "int", 4, low=0, high=30),
    Field("base_defense", "Base Defense", "int", 2, low=0, high=30),
    Field("brawl", "Brawl", "int", 0, low=0, high=30),
    Field("blade", "Blade", "int", 0, low=0, high=30),
    Field("speed", "Speed (m)", "int", 6, low=0, high=99),
    Field("surprise", "In the Surprise Round", "flag", False),
)
STORED = (*(f.name for f in CREATURE), "spent", "effects", "aim", "overflow", "weapon")
ADDED = {"weapon": ""}
"""Creature fields a save from before them lacks, with the value they start at."""

ASSUMPTIONS = (
    "space_shard.tracker_full_turn_alone",
    "space_shard.tracker_full_defense_kept",
    "space_shard.tracker_hp_one_number",
    A_ROUNDS,
    A_MANEUVER,
    A_AMMO,
)
"""Followed without a setting: the tracker implements this one reading of each."""

SETTINGS = (
    Field(
        A_ORDER, "Initiative order", "choice", None, choices=tuple((c, c) for c in ORDER_CHOICES)
    ),
    Field(
        A_DOWNGRADE,
        "Downgrading an action",
        "choice",
        None,
        choices=tuple((c, c) for c in DOWNGRADE_CHOICES),
    ),
    Field(
        A_SURPRISE,
        "Actions in the Surprise Round",
        "choice",
        None,
        choices=tuple((c, c) for c in SURPRISE_CHOICES),
    ),
    Field(
        A_ROUND,
        "Divisions (STR/2)",
        "choice",
        None,
        choices=tuple((c, c) for c in ROUNDING_CHOICES),
    ),
    Field(
        A_REINFORCE,
        "The Reinforcement Bonus adds to",
        "choice",
        None,
        choices=tuple((c, c) for c in REINFORCE_CHOICES),
    ),
    Field(A_AIM, "Aiming bonus", "choice", None, choices=tuple((c, c) for c in AIM_CHOICES)),
    Field(A_CAP, "Max DMG caps the DMG of the successes", "flag", None),
    Field(A_EXTRA_HIT, "Extra DMG only when the attack deals damage", "flag", None),
    Field(
        A_IN_HAND,
        "A reload with the ammunition in hand",
        "choice",
        None,
        choices=tuple((c, c) for c in IN_HAND_CHOICES),
    ),
    Field(
        A_DURATION,
        "An effect of 1 round lasts",
        "choice",
        None,
        choices=tuple((c, c) for c in DURATION_CHOICES),
    ),
)

ADDED_SETTINGS = (A_CAP, A_EXTRA_HIT, A_IN_HAND)
"""Settings a save from before them lacks: their defaults fill in."""

EXAMPLES = (
    {"name": "Rex", "init": 3, "hp": 8, "hp_max": 8, "str": 6, "base_defense": 2, "blade": 2},
    {"name": "Drone", "init": 1, "hp": 5, "hp_max": 5, "str": 2, "base_defense": 1},
)
"""Creatures for the examples and the property tests."""

LIMITS = (Limit("full_force", "a Full-Force Attack", "round", "space_shard.full_force"),)

ACTIONS = (
    Action(
        "roll_initiative",
        "Roll initiative for everyone who has not",
        "encounter",
        (),
        "space_shard.initiative",
        rolls=True,
    ),
    Action(
        "act",
        "Take the action",
        "creature",
        (
            Field("kind", "Action", "choice", "attack", choices=KINDS),
            Field(
                "fires",
                "Fires the strung crossbow or the chambered round",
                "flag",
                False,
                help="The attack needs it ready (Reload).",
            ),
        ),
        "space_shard.actions",
        common=True,
    ),
    Action(
        "damage",
        "Take DMG",
        "creature",
        (
            Field("amount", "DMG", "int", 1, low=0, high=999, help="The successes' DMG."),
            Field(
                "max_dmg",
                "Max DMG",
                "int",
                None,
                low=0,
                high=999,
                optional=True,
                help="The attack's Max DMG; empty if the DMG is already capped.",
            ),
            Field(
                "extra",
                "Extra DMG",
                "int",
                0,
                low=0,
                high=999,
                help="DMG a resource calls Extra DMG: not capped by Max DMG.",
            ),
            Field("melee", "From a melee attack", "flag", False),
            Field(
                "grade",
                "Kind of DMG",
                "choice",
                "",
                choices=(("", "Not stated"), *((g, f"DMG({g})") for g in DMG_GRADES)),
                help="Noted on the event; what each kind does is not in this source.",
            ),
            Field(
                "effects",
                "Special effects",
                "choice",
                "",
                choices=(("", "One source of special effects, or none"),)
                + tuple((k, v[0]) for k, v in EFFECT_CASES.items()),
            ),
        ),
        "space_shard.overflow",
        common=True,
    ),
    Action(
        "charge",
        "Charge Attack",
        "creature",
        (Field("distance", "Meters moved", "text", "3"),),
        "space_shard.charge",
    ),
    Action(
        "guard",
        "Guard",
        "creature",
        (
            Field(
                "with", "With", "choice", "brawl", choices=(("brawl", "Brawl"), ("blade", "Blade"))
            ),
            Field(
                "shield",
                "Size added (Guarding Inscription)",
                "int",
                0,
                low=0,
                high=30,
                help="0 without a Guarding Inscription.",
            ),
        ),
        "space_shard.guarding",
    ),
    Action(
        "reload",
        "Reload",
        "creature",
        (
            Field(
                "step",
                "Reload step",
                "choice",
                "magazine",
                choices=tuple((k, r[0]) for k, r in RELOADS.items()),
                help="Ammunition in storage is taken out first (Take out an item).",
            ),
            Field("in_hand", "Ammunition already in hand", "flag", False),
        ),
        "space_shard.reload",
    ),
    Action("full_defense", "Full Defense", "creature", (), "space_shard.full_defense"),
    Action("aim", "Aim", "creature", (), "space_shard.aiming"),
    Action("prone", "Drop prone", "creature", (), "space_shard.prone"),
    Action("get_up", "Get up", "creature", (), "space_shard.prone"),
    Action(
        "stagger",
        "Tripped",
        "creature",
        (
            Field("points", "Difference of the checks", "int", 1, low=0, high=99),
            Field(
                "flying",
                "Flying, with Maneuverability",
                "choice",
                "no",
                choices=(
                    ("no", "Not flying"),
                    *((m, m.capitalize()) for m in MANEUVERABILITY),
                    ("hovering", "Hovering"),
                ),
            ),
        ),
        "space_shard.stagger",
    ),
)
