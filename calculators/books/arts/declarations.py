"""Attributes & Arts' calculators, declared: the contest and the character (the
incapacity check is declared in the rules data). Importing this module registers them.
"""

from __future__ import annotations

from ...declare import Calculator, Input, Output, dice_input, int_input, text_input
from ...registry import REGISTRY
from .abilities import NO_UTILITY_ABILITIES
from .character import compute_character
from .contest import compute_contest
from .creation import ATTRIBUTES, GENERALS, arts_of


def _mod(name: str, label: str, help_: str = "") -> Input:
    return int_input(name, label, 0, -20, 20, help_)


def _count(name: str, label: str) -> Input:
    return int_input(name, label, 0, 0, 10)


REGISTRY.add(
    Calculator(
        "arts.contest",
        "Opposed roll",
        inputs=(
            _mod(
                "attacker", "Attacker modifier", "The active roller's modifier (art or attribute)."
            ),
            _mod("defender", "Defender modifier", "The reactive roller's modifier."),
            _count("boons", "Attacker Boons"),
            _count("banes", "Attacker Banes"),
            _count("defender_boons", "Defender Boons"),
            _count("defender_banes", "Defender Banes"),
            dice_input(
                "attacker_dice",
                "Attacker dice",
                6,
                "Faces rolled, e.g. 3,4,6; leave empty for the exact odds.",
            ),
            dice_input(
                "defender_dice", "Defender dice", 6, "Faces rolled by the defender, e.g. 2,5."
            ),
        ),
        outputs=(
            Output("p_success", "Attacker succeeds", "fraction"),
            Output("p_critical", "Critical", "fraction"),
            Output("p_tie", "Tie (defender wins)", "fraction"),
            Output("distribution", "Margin (attacker − defender)", "distribution"),
            Output("result", "Result of the given dice", "map"),
        ),
        compute=compute_contest,
        rule="arts.the_fundamental_dice_mechanic",
        rolls=True,
        help="Each side rolls 2d6 plus a modifier; Boons and Banes add a die and drop one.",
    )
)

_POINT_INPUTS = (
    *(int_input(k, k.upper(), 0, 0, 12, group="General attribute points") for k in GENERALS),
    *(int_input(k, k.upper(), 0, 0, 12, group="Specific attribute points") for k in ATTRIBUTES),
)


def _art_inputs() -> tuple[Input, ...]:
    return tuple(
        int_input(
            a["id"].partition(".")[2], a["name"], 0, 0, 12, group=f"{group.capitalize()} art points"
        )
        for group in ("combat", "utility")
        for a in arts_of(group)
    )


REGISTRY.add(
    Calculator(
        "arts.character",
        "Character creation and levels",
        inputs=(
            int_input("level", "Level", 1, 1, 12),
            *_POINT_INPUTS,
            *_art_inputs(),
            text_input(
                "abilities",
                "Abilities",
                "",
                "Ability names from the Ability List, comma-separated, each optionally "
                "followed by :tier, e.g. Hack and Slash:2, Accelerate.",
            ),
        ),
        outputs=(
            Output("attributes", "Attributes", "map"),
            Output("combat_arts", "Combat arts", "map"),
            Output("utility_arts", "Utility arts", "map"),
            Output("resilience", "Resilience", "int"),
            Output("evasion", "Evasion", "int"),
            Output("resolve", "Resolve", "int"),
            Output("fatigue_tolerance", "Fatigue Tolerance", "int"),
            Output("stress_tolerance", "Stress Tolerance", "int"),
            Output("speed", "Speed", "int"),
            Output("ability_picks", "Ability picks (each type)", "int"),
            Output("abilities", "Abilities chosen", "list"),
            Output("picks_used", "Ability picks used", "map"),
            Output("problems", "Problems", "list"),
        ),
        compute=compute_character,
        rule="arts.character_creation",
        assumptions=(NO_UTILITY_ABILITIES,),
    )
)
