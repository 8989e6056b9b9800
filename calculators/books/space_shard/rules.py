"""Space Shard's rule constants and the assumptions its calculators follow.

Each constant is stated plainly in one sentence of the rulebook. Where the rulebook is
silent, an assumption entry of ``rules_data/space_shard/`` decides; its id is an ``A_``
name here and the readings it allows are a ``*_CHOICES`` tuple.

>>> INITIATIVE_DIE, ROUNDING_CHOICES
(10, ('down', 'up'))
"""

from __future__ import annotations

# -- the rule constants, each stated plainly in one sentence of the rulebook ----------------
INITIATIVE_DIE = 10
"""'This is done by rolling a 1d10+( Character's Initative).'"""
REQUIREMENT_DP_PER_POINT = 2
"""'each point below the required value is "-2DP Machinary Bonus"' (blades); 'for each point
your below your STR, you suffer a "-2 DP Machinary Penalty"' (throwing weapons)."""
DISTANCE_DP_PER_UNIT = 2
"""'For every 1x the weapon's range unit that the target's distance exceeds, the Attack Check
suffers a -2 DP penalty.'"""
BOW_MAX_UNITS = 8
"""'The maximum distance for a bow attack is 8 times the bow's range unit.'"""
GUN_MAX_UNITS = 5
"""'The maximum distance for a gun/crossbow attack is 5 times the gun/crossbow's range unit.'"""
HIGH_SPEED_METERS = 5
"""'If the target being shot at is within 5 meters, they can ignore the "High Speed"
Inscription.'"""
AIM_MAX_UNITS = 3
"""'You can only aim at enemies within a maximum of 3 range units'."""
AIM_MAX_ROUNDS = 5
"""'You may Aim for multiple rounds up to 5 times.'"""
AIM_DP = 1
AIM_MAX_DMG = 1
"""'you gain +1DP Aiming Bonus and 1 point higher on Max DMG'."""
COVER_BASE = 4
COVER_MAX = 8
"""'You are in "Covered defense" equal to (Covering object size - your size + 4) with maximum
of 8.'"""
FULLY_COVERED_FACTOR = 2
"""'If the size of covering object is twice your size, you are considered "Fully Covered".'"""
TRIP_DP_PER_SIZE = 1
"""'for each point of size the target is larger than you, you suffer a 1 DP Unnamed Penalty'
(Tripping, L262)."""
MANEUVERABILITY = ("clumsy", "poor", "average", "good", "perfect")
"""Flying Maneuverability from the lowest ('Clumsy' and 'perfect' are the rulebook's, L261;
the levels between are ``space_shard.tracker_maneuverability_levels``); 'hovering' stands
apart."""
A_MANEUVER = "space_shard.tracker_maneuverability_levels"
TURN_ACTIONS = ("standard", "movement", "swift")
"""'On your turn, you get 1 of each action of the following: a Swift Action, a Movement
Action, a Standard Action, and Unlimited amount of Free Action.' Listed from the highest, as in
'(Whole-Round Actions > Full-turn Actions > Standard Actions > Movement Action > Swift
Action)'."""

# -- assumptions (rules_data/space_shard/) -------------------------------------------------
A_DIE = "space_shard.dp_die"
A_THRESHOLD = "space_shard.dp_success_threshold"
A_EMPTY = "space_shard.dp_empty_pool"
A_CAP = "space_shard.damage_capped_by_max_dmg"
A_EXTRA_HIT = "space_shard.extra_dmg_on_a_hit"
A_ROUND = "space_shard.fractions_round_down"
A_LIMIT = "space_shard.requirement_shortfall_limit"
A_SCOPE = "space_shard.requirement_penalty_scope"
A_REINFORCE = "space_shard.reinforcement_bonus_is_dp"
A_METERS = "space_shard.charge_whole_meters"
A_STEPS = "space_shard.distance_penalty_steps"
A_EXTRA = "space_shard.throwing_extra_distance_penalty_once"
A_SPELL = "space_shard.spell_no_distance_penalty"
A_AIM = "space_shard.aiming_adds_up"
A_COVER_MIN = "space_shard.covered_defense_minimum"
A_TWICE = "space_shard.fully_covered_at_least_twice"
A_ORDER = "space_shard.initiative_highest_first"
A_DOWNGRADE = "space_shard.downgrade_any_lower"
A_SURPRISE = "space_shard.surprise_round_one_action"

ROUNDING_CHOICES = ("down", "up")
SCOPE_CHOICES = ("all weapons", "blades and throwing weapons")
REINFORCE_CHOICES = ("dp", "dp and max dmg")
STEPS_CHOICES = ("any part counts", "whole units only")
SPELL_CHOICES = ("no penalty", "distance penalty")
AIM_CHOICES = ("per round", "once")
TWICE_CHOICES = ("at least twice", "exactly twice")
ORDER_CHOICES = ("highest first", "lowest first")
DOWNGRADE_CHOICES = ("any lower action", "next lower action")
SURPRISE_CHOICES = ("one action", "one of each")
CHARGE_ABILITY_CHOICES = ("none", "strength cap only", "no charge penalty")
"""The two special abilities of 'When Charging' (特殊): a charge limited only by Strength, and
a charge without the charge penalty."""
DEFENSIVE_ACTIONS = ("full defense", "guarding with brawl", "guarding with blade")

# -- reloading (Reloading, L235-L247) ------------------------------------------------------
ACTION_LEVELS = ("whole-round", "full-turn", "standard", "movement", "swift", "free")
"""'(Whole-Round Actions > Full-turn Actions > Standard Actions > Movement Action > Swift
Action)' (L38), and below them the Free Action: 'with minimum being Free Action' (L238)."""
RELOADS: dict[str, tuple[str, str, str, str, str]] = {
    "magazine": ("Replace a magazine (powder or gauss firearm)", "movement", "", "", "L241"),
    "belt": ("Connect an ammunition belt", "movement", "", "", "L242"),
    "battery": ("Replace one battery", "movement", "", "", "L243"),
    "arrow": ("Draw an arrow and nock it", "swift", "", "", "L244"),
    "bolt": ("Install a crossbow bolt", "movement", "", "bolt", "L245"),
    "string": ("String the crossbow", "movement", "bolt", "strung", "L245"),
    "revolver_one": ("Load 1 round into a revolver", "movement", "", "", "L246"),
    "revolver_full": ("Fully load a revolver", "whole-round", "", "", "L246"),
    "speed_loader": ("Load a revolver with a speed loader", "movement", "", "", "L246"),
    "single_shot": ("Fully load a single-shot firearm", "movement", "", "loaded", "L247"),
    "chamber": ("Chamber 1 round (single-shot firearm)", "swift", "loaded", "chambered", "L247"),
}
"""Each reload step: its label, its action, the weapon state it needs and the one it leaves
(``""``: none kept), and its line of the seed."""
WEAPON_STATES = {
    "": "",
    "bolt": "crossbow: bolt installed, not strung",
    "strung": "crossbow: strung",
    "loaded": "single-shot firearm: loaded, no round chambered",
    "chambered": "single-shot firearm: a round chambered",
}
"""Where a crossbow (bolt installed, strung) or a single-shot firearm (loaded, a round
chambered) is in its reload sequence; ``""`` is neither."""
A_IN_HAND = "space_shard.reload_in_hand_one_level"
IN_HAND_CHOICES = ("one level", "to a Free Action")
A_ROUNDS = "space_shard.tracker_rounds_not_counted"


def reload_action(step: str, in_hand: bool, in_hand_rule: str = IN_HAND_CHOICES[0]) -> str:
    """The action a reload step takes: its own, or lower with the ammunition in hand.

    >>> reload_action("string", False), reload_action("string", True)
    ('movement', 'swift')
    >>> reload_action("arrow", True), reload_action("revolver_full", True, "to a Free Action")
    ('free', 'free')
    """
    kind = RELOADS[step][1]
    if not in_hand:
        return kind
    if in_hand_rule == IN_HAND_CHOICES[1]:
        return "free"
    return ACTION_LEVELS[min(ACTION_LEVELS.index(kind) + 1, len(ACTION_LEVELS) - 1)]


# -- several special effects in one damage (Multiple Effects, L82-L83) ----------------------
A_AMMO = "space_shard.tracker_ammunition_effects"
EFFECT_CASES: dict[str, tuple[str, str, str]] = {
    "weapon": (
        "A weapon with several special effects, damage caused once",
        "all",
        "all its special effects can take effect (L82)",
    ),
    "one_plain": (
        "Several pieces of ammunition, one or more without a special effect",
        "none",
        "this damage has no special effects whatsoever (L83)",
    ),
    "all_different": (
        "Several pieces of ammunition, each with a different special effect",
        "choose one",
        "the ST chooses one to take effect (L83)",
    ),
    "all_same": (
        "Several pieces of ammunition, all with the same special effect",
        "that one",
        "that special effect takes effect, once (space_shard.tracker_ammunition_effects)",
    ),
    "mixed": (
        "Several pieces of ammunition, each with a special effect, some alike",
        "choose one",
        "the ST chooses one of them to take effect (space_shard.tracker_ammunition_effects)",
    ),
}
"""Each case of Multiple Effects: its label, which special effects apply, and the sentence."""
DMG_GRADES = ("B", "L", "A")
"""The kinds of DMG the rulebook writes, DMG(B), DMG(L), DMG(A) (L90, L102, L110); what each
does is not in this source (``space_shard.tracker_hp_one_number``)."""
