"""What the Attributes & Arts tracker declares: its terms, the rules it applies, its
assumptions, settings, example creatures and limits."""

from __future__ import annotations

import sys
from typing import Any

from .... import data
from ....tracker.spec import Field, Limit, Rule, citing

SYSTEM = "arts"
TITLE = "Attributes & Arts"

A_BLEED = "arts.assume_bleed_roll"
A_TIES = "arts.assume_initiative_ties"
A_INCAPACITY = "arts.assume_incapacity_reading"
A_RESILIENCE = "arts.assume_resilience_load"
A_NEGATIVE = "arts.assume_negative_statuses"
A_DELAY = "arts.assume_delay_start_of_turn"
A_END = "arts.assume_end_of_combat"
A_BURNING = "arts.assume_burning_fatigue"

LOADS = {"fatigue": "Fatigue", "stress": "Stress"}
"""The two loads a character carries instead of hit points."""
LOAD_MAX = 999
"""The most Fatigue or Stress the tracker keeps (far above any Tolerance)."""
INCAPACITY_ROLL = data.declared("arts").get("arts.incapacity", {}).get("roll", "2d6")
"""The GM's roll against a Tolerance ('the GM rolls 2d6'), from the Incapacity calculator."""


def _status_entries() -> dict[str, dict[str, Any]]:
    return {
        e["id"].partition(".")[2]: e
        for e in data.system_data(SYSTEM).values()
        if e["kind"] == "status"
    }


STATUS_ENTRIES = _status_entries()
MARK = "mark"
"""Mark: counted as a status's stacks, but not one of the Statuses list (``A_MARK``)."""
A_MARK = "arts.assume_mark_lasts"
NEGATIVE = tuple(k for k, e in STATUS_ENTRIES.items() if e.get("group") == "status" and k != MARK)
"""The statuses of the Statuses list, in the rulebook's order (Resuscitate clears them)."""
PARAMETER = frozenset(k for k, e in STATUS_ENTRIES.items() if e.get("parameter"))
"""The statuses with a parameter X, which stack and count down."""
CONDITIONS = (*NEGATIVE, "hidden", MARK)
"""What the tracker keeps in a creature's ``statuses``: the statuses, Hidden and Mark."""
WARDABLE = ("burning", "slowed", "blinded", "dazed")
"""Selective Ward's statuses."""
BUFFS: tuple[tuple[str, str], ...] = (
    ("hastened", "Hastened (Accelerate)"),
    ("spirit_armor", "Spirit Armor"),
    *((f"ward_{s}", f"Selective Ward: {STATUS_ENTRIES[s]['name']}") for s in WARDABLE),
    ("ward_terrain", "Selective Ward: terrain"),
)
"""The effects of the abilities tagged Buff; a target benefits from one at a time."""
BUFF_NAMES = dict(BUFFS)
STEPS = ("move", "act", "stance", "forgo", "free_move", "moved_after")
"""What a creature did this turn (``free_move``: its action lets it move afterwards)."""
RECOVER_CHOICES = (
    ("fatigue", "Fatigue −1"),
    ("stress", "Stress −1"),
    ("fatigue2", "Fatigue −2 (Enhanced Recovery)"),
    ("stress2", "Stress −2 (Enhanced Recovery)"),
    ("both", "Fatigue and Stress −1 (Enhanced Recovery)"),
)
DEFENSES = (
    ("none", "No roll that changes it (no defense, or Evasion or Resolve failed)"),
    ("resilience_success", "Resilience succeeded"),
    ("resilience_failure", "Resilience failed"),
    ("resilience_failure_critical", "Resilience failed against a Critical"),
)


RULES = (
    Rule(
        "arts.initiative",
        "Initiative",
        "arts.rounds_turns_and_actions",
        "A combatant entering the fight makes a REF roll, 2d6 + REF (a Hastened one with "
        "+1 Boon: 3d6, drop the lowest), rolled for everyone without an Initiative; ties "
        "go to the higher REF, then to the GM's tie-break.",
    ),
    Rule(
        "arts.rounds",
        "Rounds and Turns",
        "arts.rounds_turns_and_actions",
        "Each round every combatant takes a turn, in descending order of Initiative; the "
        "order stays the same round after round.",
    ),
    Rule(
        "arts.round_zero",
        "Round Zero",
        "arts.rounds_turns_and_actions",
        "The tracker's first round is Round Zero: no actions, only positioning (a Move) "
        "and entering a Stance.",
    ),
    Rule(
        "arts.delay",
        "Delay",
        "arts.rounds_turns_and_actions",
        "At its turn a creature may delay until after one still to act; its turns stay at "
        "that later position for the rest of the combat; once a round.",
    ),
    Rule(
        "arts.action_economy",
        "Action Economy",
        "arts.action_economy",
        "A turn holds a Move, an Act and a Stance, in that order; no moving after the Act "
        "unless the action allows it.",
    ),
    Rule(
        "arts.fatigue_stress",
        "Fatigue and Stress",
        "arts.incapacity_and_death",
        "No hit points: a hit adds Fatigue or Stress; effects and Recover reduce them.",
    ),
    Rule(
        "arts.incapacity",
        "Incapacity",
        "arts.incapacity_and_death",
        "Whenever Fatigue or Stress is added the GM rolls 2d6 + the load carried; a total "
        "above the matching Tolerance (not a tie) incapacitates: no moving, acting or "
        "stances.",
    ),
    Rule(
        "arts.resilience",
        "Resilience",
        "arts.resilience_roll",
        "A Resilience success takes at most one point and skips the roll; a failure delays "
        "the roll to the end of the creature's next turn unless the attack was a Critical.",
    ),
    Rule(
        "arts.incapacity_decline",
        "Tolerance lost while Incapacitated",
        "arts.incapacity_and_death",
        "Upon becoming Incapacitated and at the end of each of its turns while "
        "Incapacitated, the matching Tolerance and load each drop by 1.",
    ),
    Rule(
        "arts.incapacity_end",
        "End of Incapacity",
        "arts.incapacity_and_death",
        "Incapacity ends when its load reaches zero, at the end of combat, by Resuscitate or "
        "by an ability that ends it.",
    ),
    Rule(
        "arts.death",
        "Death",
        "arts.incapacity_and_death",
        "A creature whose Fatigue or Stress Tolerance reaches zero dies.",
    ),
    Rule(
        "arts.convalescence",
        "Convalescence",
        "arts.incapacity_and_death",
        "Diminished Tolerances are restored only by an extended convalescence (outside "
        "combat) or powerful magic.",
    ),
    Rule(
        "arts.statuses",
        "Statuses",
        "arts.statuses",
        "A status with a parameter X drops by 1 at the end of each of its creature's turns, "
        "after every other end-of-turn effect; at 0 it ends.",
    ),
    Rule(
        "arts.stacking",
        "Stacks add together",
        "arts.resonance",
        "A status with a parameter applied again adds its stacks to those it has.",
    ),
    Rule(
        "arts.bleed",
        "Bleed",
        "arts.bleed",
        "At the start of its turn a Bleeding creature rolls against its Fatigue Tolerance "
        "as if taking damage; a failure incapacitates.",
    ),
    Rule(
        "arts.burning",
        "Burning",
        "arts.burning",
        "A Burning creature takes Fatigue at the end of its turn; forgoing its Move or "
        "taking Recover ends Burning.",
    ),
    Rule(
        "arts.stunned",
        "Stunned",
        "arts.stunned",
        "A Stunned creature may Move or Act, not both; Stunned ends at the end of its turn.",
    ),
    Rule("arts.slowed", "Slowed", "arts.slowed", "−2 Speed; a Slowed creature takes no stances."),
    Rule(
        "arts.immobilized",
        "Immobilized",
        "arts.immobilized",
        "An Immobilized creature cannot Move (only teleport or be moved).",
    ),
    Rule(
        "arts.disoriented",
        "Disoriented",
        "arts.disoriented",
        "Each step: 2d6; a 7 moves as intended and ends Disoriented, more turns the step "
        "clockwise, less counterclockwise, by the difference.",
    ),
    Rule(
        "arts.hidden",
        "Hidden",
        "arts.hidden",
        "Hidden ends when the creature targets an enemy with any ability.",
    ),
    Rule(
        "arts.buffs",
        "Buffs",
        "arts.terrain_effects_and_buffs",
        "A target benefits from one Buff at a time: a new one replaces the old or is "
        "declined; Buffs last until the end of combat.",
    ),
    Rule(
        "arts.hastened",
        "Hastened",
        "arts.hastened",
        "+2 Speed and +1 Boon on REF rolls (the Initiative roll).",
    ),
    Rule(
        "arts.spirit_armor",
        "Spirit Armor",
        "arts.spirit_armor",
        "A failed roll to avoid being Incapacitated is rerolled; then the Buff ends.",
    ),
    Rule(
        "arts.selective_ward",
        "Selective Ward",
        "arts.selective_ward",
        "Immune to the chosen status, which gets no more stacks; those it has count down.",
    ),
    Rule(
        "arts.recover",
        "Recover",
        "arts.recover",
        "The Act: Fatigue or Stress −1 (Enhanced Recovery: −2, or both −1); ends Burning.",
    ),
    Rule(
        "arts.resuscitate",
        "Resuscitate",
        "arts.resuscitate",
        "An ally's Act: Incapacity ends, Fatigue and Stress are halved (round down), "
        "negative statuses clear.",
    ),
    Rule(
        "arts.coup_de_grace",
        "Coup de Grace",
        "arts.coup_de_grace",
        "An Act against an Incapacitated enemy removes it from combat.",
    ),
    Rule(
        "arts.adrenaline",
        "Adrenaline",
        "arts.adrenaline",
        "Once per round, Stress dealt to the creature may be taken as Fatigue instead.",
    ),
    Rule(
        "arts.ability_effects",
        "Ability effects",
        "arts.ability_list",
        "Use an ability: what its card declares (Fatigue or Stress dealt, statuses and their "
        "stacks per Tier, Mark, effects on the user, the number of targets) is applied to each "
        "target on a success or a Critical, from the two totals rolled (ties go to the "
        "defender; a Critical is 5 or more above) or the outcome given; Resilience grades it.",
    ),
    Rule(
        "arts.mark",
        "Mark",
        "arts.mark",
        "Mark's stacks are counted on the card; they stay until an ability changes them.",
    ),
    Rule(
        "arts.end_of_combat",
        "End of combat",
        "arts.incapacity_and_death",
        "At the end of combat Incapacity and Buffs end; the next fight rolls Initiative anew.",
    ),
)
RULES = citing(
    RULES,
    {
        "arts.initiative": ("arts.assume_initiative_ties",),
        "arts.delay": ("arts.assume_delay_start_of_turn",),
        "arts.incapacity": ("arts.assume_incapacity_reading",),
        "arts.end_of_combat": ("arts.assume_end_of_combat",),
        "arts.resilience": ("arts.assume_resilience_load",),
        "arts.burning": ("arts.assume_burning_fatigue",),
        "arts.resuscitate": ("arts.assume_negative_statuses",),
        "arts.mark": ("arts.assume_mark_lasts",),
        "arts.bleed": ("arts.assume_bleed_roll",),
        "arts.ability_effects": (
            "arts.assume_ability_points",
            "arts.assume_resilience_success_effects",
        ),
    },
)
"""Each rule with the assumptions its events follow (and cite)."""
INITIATIVE_RULE = "arts.initiative"
ORDER_RULE = "arts.rounds"


ASSUMPTIONS = (
    "arts.assume_initiative_ties",
    "arts.assume_delay_start_of_turn",
    "arts.assume_incapacity_reading",
    "arts.assume_end_of_combat",
    "arts.assume_resilience_load",
    "arts.assume_burning_fatigue",
    "arts.assume_negative_statuses",
    "arts.assume_mark_lasts",
    "arts.assume_ability_points",
    "arts.assume_resilience_success_effects",
)
"""Followed without a setting: the tracker implements this one reading of each."""

SETTINGS = (Field(A_BLEED, "Bleed adds a point of Fatigue before its roll", "flag", None),)

EXAMPLES = (
    {"name": "Kira", "ref": 2, "fatigue_tolerance": 11, "stress_tolerance": 10},
    {"name": "Ogre", "ref": 0, "fatigue_tolerance": 12, "stress_tolerance": 9},
)
"""Creatures for the examples and the property tests."""

LIMITS = (Limit("adrenaline", "Adrenaline (Stress as Fatigue)", "round", "arts.adrenaline"),)


def _module() -> Any:
    """The package: the system module the engine's functions take."""
    return sys.modules[__name__.rpartition(".")[0]]
