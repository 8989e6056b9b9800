"""Attributes & Arts' grid calculators, declared: Range (with Blinded and Hidden), Area and
Aura, a push, Movement through terrain, a Disoriented step. Importing this module registers
them (the book's package imports it).
"""

from __future__ import annotations

from ...declare import (
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
from ...grid.geometry import DIRECTION
from ...grid.inputs import REACH
from ...registry import REGISTRY
from .creation import BASE_SPEED
from .grid import (
    A_DISORIENTED,
    A_HALVED_TWICE,
    compute_area,
    compute_disoriented,
    compute_movement,
    compute_push,
    compute_range_check,
)


def _square(prefix: str, dx: int, dy: int, group: str) -> tuple[Input, Input]:
    """A square's two inputs, ``<prefix>dx`` and ``<prefix>dy``, east and north of you."""
    return (
        int_input(f"{prefix}dx", "East of you", dx, -REACH, REACH, "Negative: west.",
                  unit="squares", group=group),
        int_input(f"{prefix}dy", "North of you", dy, -REACH, REACH, "Negative: south.",
                  unit="squares", group=group),
    )


BLINDED = bool_input("blinded", "You are Blinded", False, "Range halved, rounded up.")

REGISTRY.add(
    Calculator(
        "arts.range_check",
        "Target in range",
        inputs=(
            int_input("range", "Range (X)", 8, 0, 40, unit="squares"),
            *_square("", -7, 4, "Target"),
            BLINDED,
            bool_input("hidden", "The target is Hidden", False, "Range halved, rounded up."),
            bool_input("attack", "An attack on an enemy", True,
                       "Blinded's +1 Bane counts for attacks on enemies only."),
            assumption_input("halving", "Blinded and Hidden halve the range", A_HALVED_TWICE,
                             ("twice", "once")),
        ),
        outputs=(
            Output("distance", "Distance", "int", "squares"),
            Output("effective_range", "Range after Blinded and Hidden", "int", "squares"),
            Output("in_range", "Valid target", "bool"),
            Output("adjacent", "Adjacent", "bool"),
            Output("banes", "Banes from Blinded and Hidden", "int"),
            Output("grid", "Range", "grid"),
        ),
        compute=compute_range_check,
        rule="arts.range",
        help="Is a target valid for an ability with Range X, and what do Blinded and Hidden "
        "change?",
    )
)

REGISTRY.add(
    Calculator(
        "arts.area",
        "Area or Aura",
        inputs=(
            choice_input("shape", "Area of effect", "area", ("area", "aura")),
            int_input("size", "X", 2, 1, 10, unit="squares"),
            int_input("range", "Range of the ability", 4, 0, 40, "Area only.", unit="squares"),
            *_square("", 3, 1, "South-west square (Area only)"),
            BLINDED,
            text_input(
                "creatures",
                "Creatures",
                "Ally 0,1; Foe 3,2; Foe 2 5,5",
                "Each a name and its square x,y (east, north of you), separated by semicolons "
                "(none: no creature).",
            ),
        ),
        outputs=(
            Output("squares", "Squares covered", "int", "squares"),
            Output("placeable", "Can be placed", "bool"),
            Output("nearest", "Nearest square", "int", "squares away"),
            Output("targets", "In the area", "list"),
            Output("grid", "The area", "grid"),
        ),
        compute=compute_area,
        rule="arts.areas_of_effect",
        help="Which squares an Area X or an Aura X covers, and who of the creatures listed is in "
        "it.",
    )
)

REGISTRY.add(
    Calculator(
        "arts.push",
        "Push",
        inputs=(
            *_square("", 2, 1, "Target"),
            choice_input("direction", "Direction", "E", tuple(DIRECTION)),
            int_input("spaces", "Squares pushed", 2, 1, 20, unit="squares"),
            bool_input(
                "away",
                "Each square takes the target further from you",
                True,
                "As Propulsive Shot and Force Armor; off: Command Aggressor's 'any direction'.",
            ),
        ),
        outputs=(
            Output("allowed", "Allowed", "bool"),
            Output("end", "Ends on", "text"),
            Output("distance_before", "Distance before", "int", "squares"),
            Output("distance_after", "Distance after", "int", "squares"),
            Output("away_directions", "Directions away from you", "list"),
            Output("grid", "The push", "grid"),
        ),
        compute=compute_push,
        rule="arts.movement",
        help="Where a push leaves its target, and which directions take it further from you.",
    )
)

REGISTRY.add(
    Calculator(
        "arts.movement",
        "Movement through terrain",
        inputs=(
            *_square("", 4, 0, "Destination"),
            int_input("speed", "Speed", BASE_SPEED, 0, 40, unit="squares"),
            int_input("terrain_size", "Terrain Effect: Area X", 3, 0, 10,
                      "0: no terrain. Entering a square of it costs +1 (as Blizzard).",
                      unit="squares", group="Terrain Effect"),
            *_square("terrain_", 1, -1, "Terrain Effect's south-west square"),
            bool_input("drag", "Dragging an Immobilized target", False,
                       "+1 square per square moved (Chokehold)."),
        ),
        outputs=(
            Output("cost", "Movement needed", "int", "squares"),
            Output("distance", "Distance", "int", "squares"),
            Output("enough", "Within your Speed", "bool"),
            Output("remaining", "Movement left", "int", "squares"),
            Output("path", "Cheapest route", "list"),
            Output("grid", "The route", "grid"),
        ),
        compute=compute_movement,
        rule="arts.terrain_effects_and_buffs",
        help="The least Movement to reach a square, around or through a Terrain Effect.",
    )
)

REGISTRY.add(
    Calculator(
        "arts.disoriented",
        "Disoriented step",
        inputs=(
            int_input("dx", "East of you", 0, -1, 1, "−1, 0 or 1.", unit="squares",
                      group="Intended square"),
            int_input("dy", "North of you", 1, -1, 1, "−1, 0 or 1.", unit="squares",
                      group="Intended square"),
            dice_input("dice", "Dice rolled (2d6)", 6, "Faces rolled, e.g. 3,5; empty: the odds."),
            assumption_input("count", "Count from", A_DISORIENTED, ("next", "intended"),
                             help="next: the square after the intended one is the first; "
                             "intended: the intended square is the first."),
        ),
        outputs=(
            Output("distribution", "Where the step lands", "distribution"),
            Output("p_as_intended", "Lands as intended", "fraction"),
            Output("landing", "Lands on", "text"),
            Output("ends", "Disoriented ends", "bool"),
            Output("grid", "The squares round you", "grid"),
        ),
        compute=compute_disoriented,
        rule="arts.disoriented",
        rolls=True,
        help="Where a Disoriented character's step lands on 2d6.",
    )
)
