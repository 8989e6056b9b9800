"""What Pendragon's tracker follows: its terms, ``RULES``, the add form (``CREATURE``,
``STORED``), settings, examples, assumptions, ``LIMITS`` and ``ACTIONS``.
"""

from __future__ import annotations

from ....tracker.spec import Action, Field, Limit, Rule, citing
from ..rules import A_DIRECT, A_MEET, A_SUBSTITUTIONS, MEET_CHOICES, SUBSTITUTION_CHOICES

SYSTEM = "pendragon"
TITLE = "Pendragon"
A_DICE = "pendragon.assume_tracker_check_dice"

RULES = (
    Rule(
        "pendragon.initiative",
        "Initiative",
        "pendragon.getting_started",
        "Each participant's Initiative check (a Spirit check plus bonuses, rolled or entered) "
        "sets the order, highest first; a tie goes to the higher Spirit, then to the winner "
        "of rock-paper-scissors (the tie-break field).",
    ),
    Rule(
        "pendragon.rounds",
        "Rounds and Turns",
        "pendragon.combat_rounds_and_turns",
        "Each round every participant acts once, in order of Initiative.",
    ),
    Rule(
        "pendragon.durations",
        "Effects that last Rounds",
        "pendragon.combat_rounds_and_turns",
        "An effect of N Rounds ends at the beginning of its creature's turn in the effect's "
        "final round.",
    ),
    Rule(
        "pendragon.actions",
        "Combat Actions",
        "pendragon.combat_actions",
        "A Turn holds a full-round action, or a standard, a move and a minor action with "
        "the substitutions allowed; an action beyond that is refused.",
    ),
    Rule(
        "pendragon.instant",
        "Instant Actions",
        "pendragon.instant_actions",
        "One Instant action (an attack of opportunity is one) until the creature's next Turn.",
    ),
    Rule(
        "pendragon.damage",
        "Damage Tokens and Wounds",
        "pendragon.hit_points_damage_and_wounds",
        "Damage fills Damage Tokens up to the hit points; the rest becomes Wounds.",
    ),
    Rule(
        "pendragon.wound_penalty",
        "Wound penalty",
        "pendragon.hit_points_damage_and_wounds",
        "Each Wound is −1 on every check the tracker asks for.",
    ),
    Rule(
        "pendragon.unconsciousness",
        "Unconsciousness",
        "pendragon.unconsciousness",
        "When damage and wounds exceed the hit points, a Spirit check against 10 + the "
        "damage just taken; a failure knocks the creature unconscious.",
    ),
    Rule(
        "pendragon.rally",
        "Rally",
        "pendragon.unconsciousness",
        "Once per round, at its turn, an unconscious creature may rally: Spirit check, "
        "Difficulty 10.",
    ),
    Rule(
        "pendragon.revive",
        "Revive",
        "pendragon.unconsciousness",
        "An adjacent ally's Heal check against 10 + the creature's total damage revives it; "
        "some effects revive at once.",
    ),
    Rule(
        "pendragon.death",
        "Death and Dying",
        "pendragon.death_and_dying",
        "Wounds above 6 + Body kill; the dead cannot act, rally or be revived.",
    ),
)
RULES = citing(
    RULES,
    {
        "pendragon.initiative": ("pendragon.assume_tracker_check_dice",),
        "pendragon.actions": ("pendragon.assume_substitutions",),
        "pendragon.durations": ("pendragon.assume_effect_owner",),
        "pendragon.damage": (
            "pendragon.assume_counts",
            "pendragon.assume_direct_wounds",
            "pendragon.assume_total_after_damage",
        ),
        "pendragon.unconsciousness": (
            "pendragon.assume_damage_just_taken",
            "pendragon.assume_check_wounds",
            "pendragon.assume_dead_no_check",
            "pendragon.assume_meet_difficulty",
            "pendragon.assume_tracker_check_dice",
        ),
        "pendragon.rally": (
            "pendragon.assume_meet_difficulty",
            "pendragon.assume_tracker_check_dice",
        ),
        "pendragon.revive": ("pendragon.assume_total_damage", "pendragon.assume_meet_difficulty"),
    },
)
"""Each rule with the assumptions its events follow (and cite)."""
INITIATIVE_RULE = "pendragon.initiative"
ORDER_RULE = "pendragon.rounds"

CREATURE = (
    Field("hp", "Hit points", "int", 10, low=0, high=999),
    Field("body", "Body", "int", 0, low=-20, high=99),
    Field("spirit", "Spirit", "int", 0, low=-20, high=99),
    Field(
        "init_bonus",
        "Initiative bonuses",
        "int",
        0,
        low=-99,
        high=99,
        help="Added to the Spirit check for Initiative.",
    ),
    Field(
        "tiebreak",
        "Rock-paper-scissors wins",
        "int",
        0,
        low=0,
        high=99,
        help="Only for a tie on Initiative and Spirit: more wins acts first.",
    ),
    Field("damage", "Damage Tokens", "int", 0, low=0, high=999),
    Field("wounds", "Wounds", "int", 0, low=0, high=999),
)
STORED = (*(f.name for f in CREATURE), "unconscious", "dead", "spent", "effects")

SETTINGS = (
    Field(
        A_DICE,
        "Dice of a check (empty: enter results)",
        "text",
        None,
        help="For example 1d20 + bonus; bonus is the score the check uses.",
    ),
    Field(
        A_SUBSTITUTIONS,
        "Action substitutions",
        "choice",
        None,
        choices=tuple((c, c) for c in SUBSTITUTION_CHOICES),
    ),
    Field(
        A_MEET,
        "A check succeeds on a result",
        "choice",
        None,
        choices=tuple((c, c) for c in MEET_CHOICES),
    ),
    Field(A_DIRECT, "Direct wounds call for the unconsciousness check", "flag", None),
)

EXAMPLES = (
    {"name": "Kira", "hp": 5, "body": 1, "spirit": 3, "init_bonus": 1},
    {"name": "Orc", "hp": 8, "body": 2, "spirit": 1},
)
"""Creatures for the examples and the property tests."""

ASSUMPTIONS = (
    "pendragon.assume_effect_owner",
    "pendragon.assume_counts",
    "pendragon.assume_total_after_damage",
    "pendragon.assume_damage_just_taken",
    "pendragon.assume_check_wounds",
    "pendragon.assume_dead_no_check",
    "pendragon.assume_total_damage",
)
"""Followed without a setting: the tracker implements this one reading of each (the damage
rules' through :func:`calculators.pendragon.damage.compute_damage` with its defaults; the
revive Difficulty counts the Damage Tokens alone, ``pendragon.assume_total_damage``)."""

LIMITS = (Limit("instant", "an Instant action", "turn", "pendragon.instant"),)

KINDS = ("full-round", "standard", "move", "minor")

ACTIONS = (
    Action(
        "roll_initiative",
        "Roll Initiative for everyone",
        "encounter",
        (),
        "pendragon.initiative",
        rolls=True,
        help="Needs the dice of a check in the settings.",
        when="setup",
    ),
    Action(
        "damage",
        "Take damage",
        "creature",
        (
            Field("amount", "Damage", "int", 1, low=0, high=999),
            Field("direct", "Wounds applied directly", "int", 0, low=0, high=99),
        ),
        "pendragon.damage",
        common=True,
    ),
    Action(
        "act",
        "Take the action",
        "creature",
        (
            Field(
                "kind",
                "Action",
                "choice",
                "standard",
                choices=tuple((k, f"{k} action") for k in KINDS),
            ),
        ),
        "pendragon.actions",
        common=True,
    ),
    Action(
        "effect",
        "Add the effect",
        "creature",
        (
            Field("name", "Effect", "text", "Effect"),
            Field("rounds", "Lasts (Rounds)", "int", 1, low=1, high=999),
        ),
        "pendragon.durations",
    ),
    Action(
        "end_effect",
        "End the effect",
        "creature",
        (Field("name", "Effect", "text", ""),),
        "pendragon.durations",
    ),
    Action(
        "revive",
        "An ally tries to revive",
        "creature",
        (Field("heal", "The ally's Heal bonus", "int", 0, low=-99, high=99),),
        "pendragon.revive",
    ),
    Action("revived", "Revived by an effect", "creature", (), "pendragon.revive"),
)
