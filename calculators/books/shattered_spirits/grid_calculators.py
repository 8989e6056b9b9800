"""Shattered Spirits' grid calculators, declared: a target in reach with the Ranged Attack
penalty, and the Arc, Blast, Burst, Cone and Line. Importing this module registers them (the
book's package imports it).
"""

from __future__ import annotations

from ...declare import (
    Calculator,
    Input,
    Output,
    assumption_input,
    choice_input,
    int_input,
    text_input,
)
from ...grid.geometry import DIRECTION
from ...grid.inputs import REACH
from ...registry import REGISTRY
from .grid import (
    A_ADJACENT,
    A_ARC,
    A_AREA_MEASURE,
    A_CONE_DIRECTIONS,
    A_CONE_SPACES,
    A_LINE,
    RANGE_KINDS,
    compute_arc,
    compute_blast,
    compute_burst,
    compute_cone,
    compute_line,
    compute_target,
)

PLACE = "Picked space"


def _reach_inputs(dx: int, dy: int, group: str) -> tuple[Input, ...]:
    return (
        choice_input(
            "range_kind",
            "Range",
            "ranged",
            RANGE_KINDS,
            "Self: your own space; Melee: an adjacent space; Ranged: within the Technique's "
            "Range.",
        ),
        int_input("max_range", "Technique's Range", 5, 1, 30, "Ranged only.", unit="spaces"),
        int_input("dx", "East of you", dx, -REACH, REACH, "Negative: west.", unit="spaces",
                  group=group),
        int_input("dy", "North of you", dy, -REACH, REACH, "Negative: south.", unit="spaces",
                  group=group),
    )


CREATURES = text_input(
    "creatures",
    "Creatures",
    "Bandit 4,2; Wolf 6,1; Ally 1,0",
    "Each a name and its square x,y (east, north of you), separated by semicolons.",
)
ADJACENT = assumption_input("diagonal_adjacent", "Diagonal spaces are adjacent", A_ADJACENT)
MEASURE_INPUT = assumption_input(
    "measure",
    'Count "within X" by',
    A_AREA_MEASURE,
    ("greater", "orthogonal"),
    help="greater: the greater difference, as range (a square); orthogonal: steps sharing a "
    "side (a diamond).",
)
AREA_OUTPUTS = (
    Output("in_range", "Picked space in reach", "bool"),
    Output("spaces", "Spaces targeted", "int", "spaces"),
    Output("targets", "Creatures targeted", "list"),
    Output("grid", "The area", "grid"),
)


def _size(label: str) -> Input:
    return int_input("size", label, 1, 1, 10, unit="spaces")


REGISTRY.add(
    Calculator(
        "shattered_spirits.target",
        "Target in range",
        inputs=(
            *_reach_inputs(3, 1, "Target"),
            text_input(
                "hostiles",
                "Hostile creatures",
                "Bandit 1,1; Wolf -2,0",
                "Each a name and its square x,y (east, north of you), separated by semicolons.",
            ),
            int_input("focus_paid", "Focus paid to negate the penalty", 0, 0, 20, "Ranged only."),
            ADJACENT,
        ),
        outputs=(
            Output("distance", "Distance", "int", "spaces"),
            Output("in_range", "In reach", "bool"),
            Output("adjacent_hostiles", "Hostile creatures adjacent to you", "int"),
            Output("attack_modifier", "Attack Roll modifier", "int"),
            Output("focus_to_negate", "Focus that would negate it all", "int"),
            Output("grid", "Reach", "grid"),
        ),
        compute=compute_target,
        rule="shattered_spirits.ranged_adjacency_penalty",
        help="Place the target and the hostile creatures around you: is the target in reach, "
        "and what do adjacent foes cost a Ranged Attack?",
    )
)

REGISTRY.add(
    Calculator(
        "shattered_spirits.blast",
        "Blast",
        inputs=(*_reach_inputs(3, 1, PLACE), _size("Blast value (X)"), CREATURES, MEASURE_INPUT,
                ADJACENT),
        outputs=AREA_OUTPUTS,
        compute=compute_blast,
        rule="shattered_spirits.blast",
        help="Who is in a Blast placed on a space within Range.",
    )
)

REGISTRY.add(
    Calculator(
        "shattered_spirits.burst",
        "Burst",
        inputs=(*_reach_inputs(3, 1, PLACE), _size("Burst value (X)"), CREATURES, MEASURE_INPUT,
                ADJACENT),
        outputs=AREA_OUTPUTS,
        compute=compute_burst,
        rule="shattered_spirits.burst",
        help="Who is in a Burst placed on a space within Range (not the picked space).",
    )
)

REGISTRY.add(
    Calculator(
        "shattered_spirits.arc",
        "Arc",
        inputs=(
            *_reach_inputs(4, 1, PLACE),
            text_input(
                "arc",
                "The 3 adjacent spaces",
                "N, E, S",
                f"Three directions from the picked space: {', '.join(DIRECTION)}.",
            ),
            CREATURES,
            assumption_input("with_picked", "The picked space is targeted too", A_ARC),
            ADJACENT,
        ),
        outputs=AREA_OUTPUTS,
        compute=compute_arc,
        rule="shattered_spirits.arc",
        help="Who is in an Arc: a space within Range and 3 spaces adjacent to it.",
    )
)

REGISTRY.add(
    Calculator(
        "shattered_spirits.line",
        "Line",
        inputs=(
            *_reach_inputs(2, 1, PLACE),
            int_input("size", "Line value (X)", 5, 1, 20, unit="spaces"),
            choice_input("direction", "Direction", "E", tuple(DIRECTION)),
            CREATURES,
            assumption_input("from_picked", "The picked space is the first of the X", A_LINE),
            ADJACENT,
        ),
        outputs=AREA_OUTPUTS,
        compute=compute_line,
        rule="shattered_spirits.line",
        help="Who is in a Line drawn straight from a space within Range.",
    )
)

REGISTRY.add(
    Calculator(
        "shattered_spirits.cone",
        "Cone",
        inputs=(
            *_reach_inputs(1, 0, PLACE),
            int_input("size", "Cone value (X)", 3, 1, 10, unit="spaces"),
            choice_input("direction", "Pointing", "E", tuple(DIRECTION),
                         "The way the triangle points from the picked space."),
            CREATURES,
            assumption_input("directions", "The Cone may point", A_CONE_DIRECTIONS,
                             ("eight", "four"),
                             help="eight: any of the eight directions of a step; four: N, E, "
                             "S or W only."),
            assumption_input("spaces", "Spaces targeted", A_CONE_SPACES, ("centre", "touch"),
                             help="centre: those whose centre is inside the triangle; touch: "
                             "any part of which is inside it."),
            ADJACENT,
        ),
        outputs=AREA_OUTPUTS,
        compute=compute_cone,
        rule="shattered_spirits.cone",
        help="Who is in a Cone: a triangle each side X long, drawn from a space within Range.",
    )
)
