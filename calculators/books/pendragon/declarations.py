"""Pendragon's four calculators, declared: damage and wounds, checks, initiative, the Turn.

Each declaration lists the inputs (the quick reference's gaps as assumption inputs) and the
outputs of one function of the topic modules; importing this module registers them.
"""

from __future__ import annotations

from ...declare import Calculator, Input, Output, assumption_input, int_input, text_input
from ...registry import REGISTRY
from .damage import compute_damage
from .initiative import compute_initiative
from .rules import (
    A_CHECK_DICE,
    A_CHECK_WOUNDS,
    A_COUNTS,
    A_DEAD,
    A_DIRECT,
    A_MEET,
    A_SUBSTITUTIONS,
    A_TAKEN,
    A_TOTAL,
    A_TOTAL_DAMAGE,
    CHECK_WOUNDS_CHOICES,
    MEET_CHOICES,
    SUBSTITUTION_CHOICES,
    TAKEN_CHOICES,
    TOTAL_CHOICES,
)
from .turn import compute_turn


def meet_input() -> Input:
    """The input for assumption ``pendragon.assume_meet_difficulty``.

    >>> meet_input().default
    'equal or higher'
    """
    return assumption_input(
        "meet",
        "A check succeeds on a result",
        A_MEET,
        MEET_CHOICES,
        help="equal to or higher than the Difficulty, or only higher.",
    )


REGISTRY.add(
    Calculator(
        "pendragon.damage",
        "Damage, wounds and unconsciousness",
        inputs=(
            int_input("hit_points", "Hit points", 10, 0),
            int_input(
                "damage",
                "Damage Tokens already on the creature",
                8,
                0,
                help="At most its hit points.",
            ),
            int_input("wounds", "Wounds already on the creature", 0, 0),
            int_input(
                "incoming", "Damage taken now", 5, 0, help="The damage of the effect, in tokens."
            ),
            int_input("body", "Body score", 0, 0),
            int_input(
                "direct_wounds",
                "Wounds applied directly",
                0,
                0,
                help="Wounds the same effect applies directly ('some effects can also apply wounds "
                "directly').",
            ),
            assumption_input(
                "direct_check",
                "Direct wounds count as damage taken",
                A_DIRECT,
                help="Yes: wounds applied directly call for the unconsciousness check and add "
                "to its Difficulty.",
            ),
            assumption_input(
                "total_when",
                "Damage and wounds counted",
                A_TOTAL,
                TOTAL_CHOICES,
                help="after or before this damage is placed, when compared with the hit points.",
            ),
            assumption_input(
                "just_taken",
                "Damage just taken means",
                A_TAKEN,
                TAKEN_CHOICES,
                help="incoming: the whole damage; wounds: only the part converted to Wounds.",
            ),
            assumption_input(
                "check_wounds",
                "Wounds subtracted from the unconsciousness check",
                A_CHECK_WOUNDS,
                CHECK_WOUNDS_CHOICES,
                help="wounds after: including this damage's wounds; wounds: only earlier ones.",
            ),
            meet_input(),
            assumption_input(
                "dead_no_check", "No unconsciousness check when the damage kills", A_DEAD
            ),
            assumption_input(
                "revive_wounds",
                "Wounds count in the revive Difficulty",
                A_TOTAL_DAMAGE,
                help="No: 'total damage' is the Damage Tokens only.",
            ),
        ),
        outputs=(
            Output("damage_after", "Damage Tokens", "int"),
            Output("wounds_after", "Wounds", "int"),
            Output("check_penalty", "Penalty to all checks", "int"),
            Output(
                "unconscious_check_dc",
                "Unconsciousness check Difficulty (Spirit)",
                "int",
                help="None when no check is called for.",
            ),
            Output("unconscious_check_penalty", "Wounds subtracted from that check", "int"),
            Output(
                "unconscious_check_needs",
                "Spirit check result needed to stay conscious",
                "int",
                help="Before subtracting wounds.",
            ),
            Output("rally_dc", "Rally Difficulty (Spirit)", "int"),
            Output("rally_needs", "Spirit check result needed to rally", "int"),
            Output("revive_dc", "Revive Difficulty (an ally's Heal check)", "int"),
            Output("dead", "Dead", "bool"),
            Output("death_threshold", "Dies when wounds exceed", "int"),
            Output("wounds_to_death", "Further wounds that would kill", "int"),
        ),
        compute=compute_damage,
        rule="pendragon.hit_points_damage_and_wounds",
        assumptions=(
            A_COUNTS,
            A_CHECK_DICE,
            A_DIRECT,
            A_TOTAL,
            A_TAKEN,
            A_CHECK_WOUNDS,
            A_MEET,
            A_DEAD,
            A_TOTAL_DAMAGE,
        ),
        help="Damage fills Damage Tokens up to the hit points; the rest becomes Wounds.",
    )
)


REGISTRY.add(
    Calculator(
        "pendragon.initiative",
        "Initiative order",
        inputs=(
            text_input(
                "participants",
                "Participants",
                "Arthur 15 4; Morgan 15 5; Gawain 12 3; Bandit 12 3",
                help="Name, Initiative check result and Spirit score for each, separated by ';'.",
            ),
        ),
        outputs=(
            Output("order", "Order of Turns", "list"),
            Output("ties", "Ties left to rock-paper-scissors", "list"),
            Output("first", "Acts first", "text"),
        ),
        compute=compute_initiative,
        rule="pendragon.getting_started",
        assumptions=(A_CHECK_DICE,),
        help="Highest Initiative acts first; ties go to the higher Spirit score, then to "
        "rock-paper-scissors.",
    )
)


REGISTRY.add(
    Calculator(
        "pendragon.turn",
        "Actions in a Turn",
        inputs=(
            int_input("full_round", "Full-round actions", 0, 0, 5),
            int_input("standard", "Standard actions", 1, 0, 5),
            int_input("move", "Move actions", 1, 0, 5),
            int_input("minor", "Minor actions", 1, 0, 5),
            int_input(
                "instant",
                "Instant actions this round",
                0,
                0,
                5,
                help="Out of turn, e.g. an attack of opportunity.",
            ),
            assumption_input(
                "substitutions",
                "Substitutions",
                A_SUBSTITUTIONS,
                SUBSTITUTION_CHOICES,
                help="both: each substitution once; either: only one; chain: a standard action "
                "may also become a minor action.",
            ),
        ),
        outputs=(
            Output("allowed", "Allowed", "bool"),
            Output("plan", "How the Turn is filled", "map"),
            Output("problems", "Problems", "list"),
            Output("options", "Whole Turns allowed", "list"),
        ),
        compute=compute_turn,
        rule="pendragon.instant_actions",
        assumptions=(A_SUBSTITUTIONS,),
        help="A full-round action, or a standard, a move and a minor action (with "
        "substitutions), plus at most one instant action each round.",
    )
)
