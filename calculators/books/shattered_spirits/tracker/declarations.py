"""What Shattered Spirits' tracker follows: its terms, ``RULES``, assumptions, the add form
(``CREATURE``, ``STORED``), settings, examples and ``ACTIONS`` with their fields.
"""

from __future__ import annotations

from ....tracker import positions
from ....tracker.spec import Action, Field, Limit, Rule, citing
from ..rules import A_POOLS, PHASES

SYSTEM = "shattered_spirits"
TITLE = "Shattered Spirits"

A_ONE_TURN = "shattered_spirits.tracker_one_turn"
A_REFRESH_WINDOW = "shattered_spirits.tracker_refresh_window"
A_PURGE_WINDOW = "shattered_spirits.tracker_purge_window"
A_DOWNED_ONCE = "shattered_spirits.tracker_downed_condition"
A_SPEED = "shattered_spirits.tracker_speed_beyond_phases"
SPEED_LOW, SPEED_HIGH = -9, 15
"""The Speeds a Technique may be plotted at once modified (beyond 1-6: Phase 1 or 6)."""

TOKENS = ("momentum", "focus", "grit", "reflex")
"""The four Tokens (Tokens)."""
TOKEN_CHOICES = tuple((t, t.capitalize()) for t in TOKENS)
IMPROVISE_COST = 2
"""'they may choose to Improvise a Technique and pay 2 Momentum' (Rounds)."""
REFRESH_COST = 1
"""'pays 1 Focus/Momentum and changes both their Stance/Style'; 'pays 1 Reflex/Momentum and
stops Wielding all Equipment' (Refresh)."""
AFFLICTIONS = (
    ("staggered", "Staggered"),
    ("disarmed", "Disarmed"),
    ("exposed", "Exposed"),
    ("prone", "Prone"),
    ("slowed", "Slowed"),
    ("hobbled", "Hobbled"),
    ("burn", "Burn"),
    ("shred", "Shred"),
    ("impaired", "Impaired"),
    ("vulnerable", "Vulnerable"),
    ("fear", "Fear"),
    ("grief", "Grief"),
    ("shock", "Shock"),
)
"""The Statuses and Afflictions the chapter names (it defines none of them)."""
NAMES = dict(AFFLICTIONS)
LAST = PHASES + 1
"""Where a creature with no Phase yet goes: after Phase 6."""

RULES = (
    Rule(
        "shattered_spirits.phases",
        "Plotting and Phases",
        "shattered_spirits.plotting",
        "While Plotting each creature picks the Speed of its Technique; it takes its Turn "
        "in the Phase of that Speed, Phases 1 to 6 in order (a Speed below 1 or above 6 "
        "counts as Phase 1 or 6).",
    ),
    Rule(
        "shattered_spirits.alternate",
        "Players and enemies alternate",
        "shattered_spirits.rounds",
        "Within a Phase players and enemies alternate Turns; players act first in the "
        "first Phase, and each later Phase opens with the group opposite to the one that "
        "finished the last.",
    ),
    Rule(
        "shattered_spirits.round",
        "Rounds",
        "shattered_spirits.round",
        "A Round is Refresh, Plotting, Phases 1-6 and the End Phase; then the next Round.",
    ),
    Rule(
        "shattered_spirits.refresh",
        "Refresh",
        "shattered_spirits.refresh",
        "At the start of each Round every creature gains the resources its Stance and "
        "Style list as Refresh.",
    ),
    Rule(
        "shattered_spirits.form_change",
        "Stance and Style change",
        "shattered_spirits.refresh",
        "Once each Refresh a creature that is not Staggered changes one of its Stance or "
        "Style, or pays 1 Focus or Momentum to change both.",
    ),
    Rule(
        "shattered_spirits.wield",
        "Wielding at Refresh",
        "shattered_spirits.refresh",
        "Once each Refresh a creature that is not Disarmed may change what it Wields; "
        "stowing all Equipment and Wielding up to two pieces costs 1 Reflex or Momentum.",
    ),
    Rule(
        "shattered_spirits.ap",
        "Action Points",
        "shattered_spirits.ap",
        "Each Round a creature divides its Action Points (3 for a Player) among its "
        "Techniques; a Technique beyond the AP left is refused.",
    ),
    Rule(
        "shattered_spirits.improvise",
        "Improvise",
        "shattered_spirits.improvise",
        "Replacing a plotted Technique costs 2 Momentum; without them it is refused.",
    ),
    Rule(
        "shattered_spirits.end_phase",
        "End Phase",
        "shattered_spirits.end_phase",
        "After the last Turn of a Round, the End Phase: Techniques and Hazards that "
        "resolve there resolve.",
    ),
    Rule(
        "shattered_spirits.purge",
        "Purge",
        "shattered_spirits.purge",
        "After its Turn a creature may Purge: pay Tokens, then remove an Affliction.",
    ),
    Rule(
        "shattered_spirits.tokens",
        "Tokens",
        "shattered_spirits.tokens_section",
        "Momentum, Focus, Grit and Reflex are gained and spent; no Token goes below 0.",
    ),
    Rule(
        "shattered_spirits.vigor",
        "Vigor does not stack",
        "shattered_spirits.vigor",
        "A creature gaining Vigor while it has Vigor keeps its current amount or replaces "
        "it with the new one; it never adds them.",
    ),
    Rule(
        "shattered_spirits.damage",
        "Vigor, Endurance, Health",
        "shattered_spirits.damage_pool_order",
        "Damage is lost from Vigor first, then Endurance, then Health (what carries on "
        "is the setting).",
    ),
    Rule(
        "shattered_spirits.winded",
        "Winded",
        "shattered_spirits.endurance",
        "A creature with no Endurance is Winded.",
    ),
    Rule(
        "shattered_spirits.downed",
        "Downed",
        "shattered_spirits.health",
        "A creature with no Health is Downed and immediately loses one Condition.",
    ),
    Rule(
        "shattered_spirits.statuses",
        "Statuses and Afflictions",
        "shattered_spirits.open_and_hidden_information",
        "The Statuses and Afflictions a creature suffers are shown on its card (open information).",
    ),
)
RULES = citing(
    RULES,
    {
        "shattered_spirits.phases": (A_ONE_TURN, A_SPEED),
        "shattered_spirits.alternate": (
            "shattered_spirits.turn_order_first_phase",
            "shattered_spirits.turn_order_leftover",
        ),
        "shattered_spirits.form_change": (A_REFRESH_WINDOW,),
        "shattered_spirits.wield": (A_REFRESH_WINDOW,),
        "shattered_spirits.purge": (A_PURGE_WINDOW,),
        "shattered_spirits.damage": (A_POOLS,),
        "shattered_spirits.downed": (A_DOWNED_ONCE,),
    },
)
"""Each rule with the assumptions its events follow (and cite)."""
INITIATIVE_RULE = "shattered_spirits.phases"
START_HINT = (
    "Plot the Speed of {names} first (Plot the Speed, on their card): it sets the Phase "
    "of their Turn."
)
"""What the engine says when the encounter starts before everyone has plotted."""
ORDER_RULE = "shattered_spirits.round"

CREATURE = (
    Field(
        "side", "Side", "choice", "players", choices=(("players", "Player"), ("enemies", "Enemy"))
    ),
    Field("endurance_max", "Endurance (full)", "int", 10, low=0, high=999),
    Field("endurance", "Endurance", "int", 10, low=0, high=999),
    Field("health_max", "Health (full)", "int", 10, low=0, high=999),
    Field("health", "Health", "int", 10, low=0, high=999),
    Field("vigor", "Vigor", "int", 0, low=0, high=999),
    Field(
        "conditions",
        "Conditions",
        "int",
        1,
        low=0,
        high=99,
        help="As many as the character has; one is lost on becoming Downed.",
    ),
    Field("ap", "Action Points a Round", "int", 3, low=0, high=99, help="A Player has 3."),
    *(Field(t, t.capitalize(), "int", 0, low=0, high=99) for t in TOKENS),
    *(
        Field(
            f"refresh_{t}",
            f"{t.capitalize()} gained at Refresh",
            "int",
            0,
            low=0,
            high=99,
            help="Listed as Refresh by the Stance and Style.",
        )
        for t in TOKENS
    ),
    Field("stance", "Stance", "text", ""),
    Field("style", "Style", "text", ""),
    *positions.FIELDS,
)
STORED = (
    *(f.name for f in CREATURE),
    "ap_left",
    "refreshed",
    "may_purge",
    "acted",
    "next_phase",
)

ASSUMPTIONS = (
    "shattered_spirits.tracker_one_turn",
    "shattered_spirits.tracker_refresh_window",
    "shattered_spirits.tracker_purge_window",
    "shattered_spirits.tracker_downed_condition",
    "shattered_spirits.turn_order_first_phase",
    "shattered_spirits.turn_order_leftover",
    A_SPEED,
)
"""Followed without a setting: the tracker implements this one reading of each."""

SETTINGS = (Field(A_POOLS, "Damage left over after Endurance goes on to Health", "flag", None),)

EXAMPLES = (
    {"name": "Kira", "side": "players", "vigor": 2, "momentum": 2, "refresh_momentum": 1},
    {"name": "Ashwolf", "side": "enemies", "endurance_max": 6, "endurance": 6, "health": 8},
)
"""Creatures for the examples and the property tests."""

LIMITS: tuple[Limit, ...] = ()

PHASE_FIELD = Field(
    "phase",
    "Speed (the Phase of the Turn)",
    "int",
    3,
    low=SPEED_LOW,
    high=SPEED_HIGH,
    help="As modified: below 1 is Phase 1 with Priority, above 6 Phase 6 with Stall.",
)
ACTIONS = (
    Action(
        "plot",
        "Plot the Speed",
        "creature",
        (PHASE_FIELD,),
        "shattered_spirits.phases",
        common=True,
        help="Before its Turn: the Phase of this Round's Turn; after it: of the next Round's.",
    ),
    Action(
        "technique",
        "Play a Technique",
        "creature",
        (Field("cost", "AP cost", "int", 1, low=0, high=99),),
        "shattered_spirits.ap",
    ),
    Action(
        "improvise",
        "Improvise (2 Momentum)",
        "creature",
        (
            Field(
                "replaced_ap",
                "AP of the plotted Technique",
                "int",
                1,
                low=0,
                high=99,
                optional=True,
            ),
            Field("ap", "AP of the new Technique", "int", 1, low=0, high=99, optional=True),
            Field(
                "replaced_speed",
                "Speed of the plotted Technique",
                "int",
                3,
                low=SPEED_LOW,
                high=SPEED_HIGH,
                optional=True,
            ),
            Field(
                "speed",
                "Speed of the new Technique",
                "int",
                3,
                low=SPEED_LOW,
                high=SPEED_HIGH,
                optional=True,
            ),
        ),
        "shattered_spirits.improvise",
        help="The new Technique has the same AP and a Speed no slower (left empty: not checked).",
    ),
    Action(
        "damage",
        "Take Damage",
        "creature",
        (Field("amount", "Damage", "int", 1, low=0, high=999),),
        "shattered_spirits.damage",
        common=True,
    ),
    Action(
        "vigor",
        "Gain Vigor",
        "creature",
        (
            Field("amount", "Vigor", "int", 1, low=0, high=999),
            Field(
                "keep",
                "If it has Vigor already",
                "choice",
                "replace",
                choices=(("replace", "replace it"), ("keep", "keep the current Vigor")),
            ),
        ),
        "shattered_spirits.vigor",
    ),
    Action(
        "gain",
        "Gain Tokens",
        "creature",
        (
            Field("token", "Token", "choice", "momentum", choices=TOKEN_CHOICES),
            Field("amount", "Tokens", "int", 1, low=0, high=99),
        ),
        "shattered_spirits.tokens",
    ),
    Action(
        "spend",
        "Spend Tokens",
        "creature",
        (
            Field("token", "Token", "choice", "momentum", choices=TOKEN_CHOICES),
            Field("amount", "Tokens", "int", 1, low=0, high=99),
        ),
        "shattered_spirits.tokens",
    ),
    Action(
        "form",
        "Change Stance or Style (Refresh)",
        "creature",
        (
            Field("stance", "New Stance", "text", "", optional=True),
            Field("style", "New Style", "text", "", optional=True),
            Field(
                "pay",
                "Pay for changing both",
                "choice",
                "focus",
                choices=(("focus", "Focus"), ("momentum", "Momentum")),
            ),
        ),
        "shattered_spirits.form_change",
    ),
    Action(
        "wield",
        "Change Wielded Equipment (Refresh)",
        "creature",
        (
            Field(
                "how",
                "How",
                "choice",
                "swap",
                choices=(
                    ("swap", "drop Equipment, Wield other"),
                    ("one-handed", "stow a One-Handed piece, Wield another"),
                    ("all", "stow all, Wield up to two (pays 1)"),
                ),
            ),
            Field(
                "pay",
                "Pay with",
                "choice",
                "reflex",
                choices=(("reflex", "Reflex"), ("momentum", "Momentum")),
            ),
        ),
        "shattered_spirits.wield",
    ),
    Action(
        "afflict",
        "Add a Status or Affliction",
        "creature",
        (
            Field("name", "Status", "choice", "staggered", choices=AFFLICTIONS),
            Field("x", "Value (if it has one)", "int", 1, low=0, high=99, optional=True),
        ),
        "shattered_spirits.statuses",
    ),
    Action(
        "clear",
        "Remove a Status or Affliction",
        "creature",
        (Field("name", "Status", "choice", "staggered", choices=AFFLICTIONS),),
        "shattered_spirits.statuses",
    ),
    Action(
        "purge",
        "Purge after the Turn",
        "creature",
        (
            Field("token", "Token paid", "choice", "focus", choices=TOKEN_CHOICES),
            Field("amount", "Tokens paid", "int", 1, low=0, high=99),
            Field("name", "Affliction removed", "choice", "staggered", choices=AFFLICTIONS),
        ),
        "shattered_spirits.purge",
    ),
)
