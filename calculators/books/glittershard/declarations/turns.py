"""Glittershard's End's turn order and movement calculators, declared."""

from __future__ import annotations

from ....declare import Calculator, Output, bool_input, int_input, text_input
from ....registry import REGISTRY
from ..rules import A_TURN_TIES, OFFENSIVE_TRADE_UNITS, TRIVIAL_TRADE_UNITS, rule_id
from ..tables import movement_costs
from ..turns import compute_movement, compute_turn_order

REGISTRY.add(
    Calculator(
        rule_id("turn_order"),
        "Turn order",
        inputs=(
            text_input(
                "participants",
                "Participants",
                "Aria 3; Bandit 1; Cat 3",
                help="Name and Nimbleness for each, optionally the d10 rolled, separated by "
                "';' (e.g. 'Aria 3 7; Bandit 1').",
            ),
        ),
        outputs=(
            Output("p_first", "Chance to act first", "map"),
            Output("order", "Turn order", "list"),
            Output("ties", "Ties left to a d10 each", "list"),
        ),
        compute=compute_turn_order,
        rule=rule_id("turn_order_formula"),
        assumptions=(A_TURN_TIES,),
        rolls=True,
        help="Nimbleness + 1d10, highest first; ties go to the higher Nimbleness, then to a "
        "d10 each.",
    )
)


REGISTRY.add(
    Calculator(
        rule_id("movement"),
        "Movement in a turn",
        inputs=(
            int_input(
                "speed",
                "Speed",
                6,
                0,
                60,
                help="Units of movement per turn (6 for a medium creature).",
            ),
            bool_input(
                "trade_offensive",
                "Trade the Offensive action",
                False,
                help=f"For {OFFENSIVE_TRADE_UNITS} more units of movement.",
            ),
            int_input(
                "extra_trivial",
                "Extra Trivial actions",
                0,
                0,
                20,
                help=f"Each costs {TRIVIAL_TRADE_UNITS} units of movement.",
            ),
            int_input("slow_action_units", "Units a slow Offensive action uses", 0, 0, 60),
            *(
                int_input(
                    name,
                    action,
                    3 if name == "walking" else 0,
                    0,
                    60,
                    help=f"{cost} unit{'s' if cost != 1 else ''} per space, or per time for an "
                    "action that doesn't move you.",
                    group="Movement actions",
                )
                for name, action, cost in movement_costs()
            ),
        ),
        outputs=(
            Output("units", "Units available", "int"),
            Output("units_used", "Units used", "int"),
            Output("units_left", "Units left", "int"),
            Output("offensive_actions", "Offensive actions", "int"),
            Output("trivial_actions", "Trivial actions", "int"),
            Output("allowed", "Allowed", "bool"),
            Output("problems", "Problems", "list"),
        ),
        compute=compute_movement,
        rule=rule_id("movement_actions"),
        help="Speed in units per turn; an Offensive action trades for 6 more units, 3 units "
        "trade for a Trivial action; each movement action costs the units of the table.",
    )
)
