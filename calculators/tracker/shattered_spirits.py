"""Shattered Spirits' encounter rules, Round by Round (the combat chapter).

A Round is Refresh (Stance and Style changes, wielding, the Refresh resources), Plotting
(the Action Points divided among Techniques, the Speed each is played at), Phases 1-6 in
which players and enemies alternate Turns, and the End Phase. After a Turn a creature may
Purge. Damage is lost from Vigor first, then Endurance, then Health; no Endurance is
Winded, no Health is Downed and costs a Condition. Vigor does not stack. Each creature
takes one Turn a Round, in the Phase of the Speed it plotted
(``shattered_spirits.tracker_one_turn``).

>>> from calculators.tracker import encounter
>>> import calculators.tracker.shattered_spirits as s
>>> st = encounter.blank(s)
>>> st, _ = encounter.act(s, st, {"op": "add", "creature": {"name": "Kira", "vigor": 3}})
>>> st, events = encounter.act(s, st, {"op": "damage", "id": "c1", "amount": 15})
>>> events[0]["text"]
'Kira takes 15 Damage: Vigor 3 → 0, Endurance 10 → 0, Health 10 → 8.'
>>> events[1]["text"]
'Kira has no Endurance: Winded.'
"""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..shattered_spirits.health import compute_health
from ..shattered_spirits.rules import A_POOLS, GROUPS, PHASES
from ..shattered_spirits.turns import compute_turn_order
from .context import Ctx, State
from .encounter import current_id
from .spec import Action, Field, Limit, Rule

SYSTEM = "shattered_spirits"
TITLE = "Shattered Spirits"

A_ONE_TURN = "shattered_spirits.tracker_one_turn"
A_REFRESH_WINDOW = "shattered_spirits.tracker_refresh_window"
A_PURGE_WINDOW = "shattered_spirits.tracker_purge_window"
A_DOWNED_ONCE = "shattered_spirits.tracker_downed_condition"

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
INITIATIVE_RULE = "shattered_spirits.phases"
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
)
"""Followed without a setting: the tracker implements this one reading of each."""

SETTINGS = (Field(A_POOLS, "Damage left over after Endurance goes on to Health", "flag", None),)

EXAMPLES = (
    {"name": "Kira", "side": "players", "vigor": 2, "momentum": 2, "refresh_momentum": 1},
    {"name": "Ashwolf", "side": "enemies", "endurance_max": 6, "endurance": 6, "health": 8},
)
"""Creatures for the examples and the property tests."""

LIMITS: tuple[Limit, ...] = ()

PHASE_FIELD = Field("phase", "Speed (the Phase of the Turn)", "int", 3, low=1, high=PHASES)
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
    Action("improvise", "Improvise (2 Momentum)", "creature", (), "shattered_spirits.improvise"),
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


# --- creatures ------------------------------------------------------------------------


def new_creature(values: dict[str, Any]) -> dict[str, Any]:
    """A creature's own numbers, checked; it starts with its full AP and no Phase yet."""
    creature = {
        **values,
        "ap_left": values["ap"],
        "refreshed": [],
        "may_purge": False,
        "acted": False,
        "next_phase": None,
    }
    validate_creature(creature, "")
    return creature


def _at(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def validate_creature(creature: dict[str, Any], path: str) -> None:
    """The rules a stored creature keeps (the fields themselves are already checked)."""
    for pool in ("endurance", "health"):
        if creature[pool] > creature[f"{pool}_max"]:
            raise InputError(
                _at(path, pool), f"{pool.capitalize()} cannot be above its full value."
            )
    left = creature["ap_left"]
    if not isinstance(left, int) or isinstance(left, bool) or not 0 <= left <= 99:
        raise InputError(_at(path, "ap_left"), "Must be the Action Points left, 0 to 99.")
    refreshed = creature["refreshed"]
    if not isinstance(refreshed, list) or any(r not in ("form", "wield") for r in refreshed):
        raise InputError(_at(path, "refreshed"), "Must list the Refresh choices made.")
    for key in ("may_purge", "acted"):
        if not isinstance(creature[key], bool):
            raise InputError(_at(path, key), "Must be true or false.")
    nxt = creature["next_phase"]
    if nxt is not None and (
        not isinstance(nxt, int) or isinstance(nxt, bool) or not 1 <= nxt <= PHASES
    ):
        raise InputError(_at(path, "next_phase"), f"Must be a Phase from 1 to {PHASES}.")
    for key in creature.get("statuses", {}):
        if key not in NAMES:
            raise InputError(_at(path, "statuses"), f"Unknown Status {key!r}.")


def phase_of(creature: dict[str, Any]) -> int:
    """The Phase of the creature's Turn: its plotted Speed, kept within 1-6.

    >>> phase_of({"initiative": 0}), phase_of({"initiative": 4}), phase_of({"initiative": 9})
    (1, 4, 6)
    >>> phase_of({"initiative": None})
    7
    """
    speed = creature["initiative"]
    if speed is None:
        return LAST
    return min(max(speed, 1), PHASES)


def sequence(state: State, lead: str | None = None) -> list[str]:
    """Every creature in Turn order: by Phase, players and enemies alternating.

    ``lead`` is the group due to open the Round's first Phase: the players in Round 1,
    then the group opposite to the one that finished the last Round. Left out, it is
    read back from the order (its first creature's group, which opens whenever both
    groups act in the first Phase with Turns, the only case where the lead matters).

    >>> cs = {"c1": {"side": "players", "initiative": 2}, "c2": {"side": "enemies",
    ...       "initiative": 2}, "c3": {"side": "players", "initiative": 2},
    ...       "c4": {"side": "players", "initiative": 3}, "c5": {"side": "enemies",
    ...       "initiative": 3}}
    >>> sequence({"creatures": cs, "round": 0, "order": []})
    ['c1', 'c2', 'c3', 'c5', 'c4']
    >>> sequence({"creatures": cs, "round": 0, "order": []}, "enemies")
    ['c2', 'c1', 'c3', 'c5', 'c4']
    """
    creatures = state["creatures"]
    if lead is None:
        first = state["order"][0] if state["round"] and state["order"] else None
        lead = creatures[first]["side"] if first in creatures else GROUPS[0]
    ids = sorted(creatures, key=lambda cid: int(cid[1:]) if cid[1:].isdigit() else 0)
    queues: dict[tuple[int, str], list[str]] = {}
    for cid in ids:
        creature = creatures[cid]
        queues.setdefault((phase_of(creature), creature["side"]), []).append(cid)
    counts = {
        f"{group}_{phase}": len(queues.get((phase, group), []))
        for phase in range(1, PHASES + 1)
        for group in GROUPS
    }
    order = compute_turn_order(lead, **counts)["order"]
    label = {"Player": "players", "Enemy": "enemies"}
    result: list[str] = []
    for phase in range(1, PHASES + 1):
        text = order[f"Phase {phase}"]
        if text == "no Turns":
            continue
        taken = {group: 0 for group in GROUPS}
        for word in text.split(", "):
            group = label[word]
            result.append(queues[(phase, group)][taken[group]])
            taken[group] += 1
    for group in GROUPS:
        result.extend(queues.get((LAST, group), []))
    return result


def order_key(creature: dict[str, Any], state: State) -> tuple[int, ...]:
    """The place in :func:`sequence`, the earlier the higher."""
    return (-sequence(state).index(creature["id"]),)


# --- the Round ------------------------------------------------------------------------


def round_start(ctx: Ctx) -> None:
    """Refresh: Phases plotted for this Round, AP back, the Refresh resources gained."""
    state = ctx.state
    ctx.say(
        f"Refresh of Round {state['round']}: each creature not Staggered may change its "
        "Stance or Style, and each not Disarmed may change what it Wields.",
        "shattered_spirits.refresh",
    )
    for cid in state["order"]:
        c = state["creatures"][cid]
        c["acted"] = False
        c["refreshed"] = []
        if c["next_phase"] is not None:
            c["initiative"] = c["next_phase"]
            c["next_phase"] = None
        gained = []
        for token in TOKENS:
            amount = c[f"refresh_{token}"]
            if amount:
                before = c[token]
                c[token] = min(before + amount, 99)
                gained.append(f"{token.capitalize()} {before} → {c[token]}")
        if gained:
            ctx.say(
                f"Refresh: {c['name']} gains the resources of their Stance and Style: "
                f"{', '.join(gained)}.",
                "shattered_spirits.refresh",
                cid,
            )
        if c["ap_left"] != c["ap"]:
            ctx.say(
                f"Plotting: {c['name']} has {c['ap']} Action Points again "
                f"({c['ap_left']} → {c['ap']}).",
                "shattered_spirits.ap",
                cid,
            )
            c["ap_left"] = c["ap"]
    last = state["creatures"][state["order"][-1]]["side"] if state["round"] > 1 else None
    lead = GROUPS[0] if last is None else GROUPS[1 - GROUPS.index(last)]
    state["order"] = sequence(state, lead)
    state["turn"] = 0
    order = ", ".join(
        f"{ctx.name(cid)} (Phase {phase_of(state['creatures'][cid])})" for cid in state["order"]
    )
    ctx.say(f"Turn order of Round {state['round']}: {order}.", "shattered_spirits.alternate")


def turn_start(ctx: Ctx, cid: str) -> None:
    """A new Phase opens when this Turn's Phase differs from the last Turn's."""
    state = ctx.state
    c = state["creatures"][cid]
    c["acted"] = True
    phase = phase_of(c)
    turn = state["turn"]
    before = state["creatures"][state["order"][turn - 1]] if turn else None
    if before is None or phase_of(before) != phase:
        where = f"Phase {phase}" if phase <= PHASES else "After Phase 6 (no Speed plotted)"
        if before is not None:
            why = f"the {before['side']} finished Phase {phase_of(before)}"
        elif state["round"] == 1:
            why = "the players act first in the first Phase of combat"
        else:
            why = "the group opposite to the one that finished the last Round opens"
        ctx.say(
            f"{where} begins; the {c['side']} open it ({why}).",
            "shattered_spirits.alternate",
            cid,
        )
    ctx.say(f"Phase {min(phase, LAST)}: {c['name']}'s Turn.", "shattered_spirits.phases", cid)


def turn_end(ctx: Ctx, cid: str) -> None:
    """After a Turn the creature may Purge; after the last Turn comes the End Phase."""
    state = ctx.state
    for creature in state["creatures"].values():
        creature["may_purge"] = False
    c = state["creatures"][cid]
    c["may_purge"] = True
    ctx.say(
        f"{c['name']} may Purge: pay Tokens, then remove Afflictions.",
        "shattered_spirits.purge",
        cid,
    )
    if state["turn"] == len(state["order"]) - 1:
        ctx.say(
            f"End Phase of Round {state['round']}: Techniques and Hazard effects that "
            "resolve in the End Phase resolve now.",
            "shattered_spirits.end_phase",
        )


def check_use(ctx: Ctx, cid: str, limit: Limit) -> None:
    """No action of this rulebook is limited by the generic once-a-round uses."""


def resolve(ctx: Ctx, cid: str, check: dict[str, Any], success: bool, total: int) -> None:
    """No check of this chapter is left pending."""


def after_set(ctx: Ctx, cid: str, field: str) -> None:
    """A corrected number must still obey the rules; the AP left never exceed the AP."""
    c = ctx.state["creatures"][cid]
    if field == "ap":
        c["ap_left"] = min(c["ap_left"], c["ap"])
    validate_creature(c, "value")


# --- the actions ----------------------------------------------------------------------


def _plot(ctx: Ctx, values: dict[str, Any]) -> None:
    state = ctx.state
    cid = values["id"]
    c = state["creatures"][cid]
    phase = values["phase"]
    if state["round"] and c["acted"]:
        c["next_phase"] = phase
        ctx.say(
            f"{c['name']} plots Speed {phase} for the next Round: their Turn will be in "
            f"Phase {phase}.",
            "shattered_spirits.phases",
            cid,
        )
        return
    if state["round"]:
        now = current_id(state)
        current = phase_of(state["creatures"][now]) if now else 1
        if phase <= current:
            raise InputError(
                "phase",
                f"Phase {current} is under way: {c['name']}'s Turn this Round can only be "
                f"in a later Phase.",
            )
    c["initiative"] = phase
    if state["round"]:
        now = current_id(state)
        state["order"] = sequence(state)
        state["turn"] = state["order"].index(now) if now else 0
    ctx.say(
        f"{c['name']} plots Speed {phase}: their Turn is in Phase {phase}.",
        "shattered_spirits.phases",
        cid,
    )


def _technique(ctx: Ctx, values: dict[str, Any]) -> None:
    c = ctx.state["creatures"][values["id"]]
    cost = values["cost"]
    if cost > c["ap_left"]:
        raise InputError(
            "cost",
            f"{c['name']} has {c['ap_left']} Action Points left this Round; the Technique "
            f"costs {cost}.",
        )
    before = c["ap_left"]
    c["ap_left"] -= cost
    ctx.say(
        f"{c['name']} plays a Technique for {cost} AP: Action Points {before} → "
        f"{c['ap_left']} this Round.",
        "shattered_spirits.ap",
        values["id"],
    )


def _improvise(ctx: Ctx, values: dict[str, Any]) -> None:
    c = ctx.state["creatures"][values["id"]]
    if c["momentum"] < IMPROVISE_COST:
        raise InputError(
            "op",
            f"Improvising costs {IMPROVISE_COST} Momentum; {c['name']} has {c['momentum']}.",
        )
    before = c["momentum"]
    c["momentum"] -= IMPROVISE_COST
    ctx.say(
        f"{c['name']} Improvises a Technique (same AP, Speed no slower): Momentum {before} → "
        f"{c['momentum']}.",
        "shattered_spirits.improvise",
        values["id"],
    )


def _damage(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    r = compute_health(
        c["vigor"], c["endurance"], c["health"], values["amount"], bool(ctx.setting(A_POOLS))
    )
    before = (c["vigor"], c["endurance"], c["health"])
    c["vigor"], c["endurance"], c["health"] = (
        r["vigor_after"],
        r["endurance_after"],
        r["health_after"],
    )
    ctx.say(
        f"{c['name']} takes {values['amount']} Damage: Vigor {before[0]} → {c['vigor']}, "
        f"Endurance {before[1]} → {c['endurance']}, Health {before[2]} → {c['health']}.",
        "shattered_spirits.damage",
        cid,
    )
    if c["endurance"] == 0 and before[1] > 0:
        ctx.say(f"{c['name']} has no Endurance: Winded.", "shattered_spirits.winded", cid)
    if c["health"] == 0 and before[2] > 0:
        lost = min(c["conditions"], 1)
        after = c["conditions"] - lost
        ctx.say(
            f"{c['name']} has no Health: Downed, and immediately loses one Condition "
            f"(Conditions {c['conditions']} → {after}).",
            "shattered_spirits.downed",
            cid,
        )
        c["conditions"] = after


def _vigor(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    before, amount = c["vigor"], values["amount"]
    if before and values["keep"] == "keep":
        text = f"keeps their Vigor {before} instead of {amount} (Vigor does not stack)"
    else:
        c["vigor"] = amount
        how = " (Vigor does not stack: it replaces, never adds)" if before else ""
        text = f"gains Vigor: Vigor {before} → {amount}{how}"
    ctx.say(f"{c['name']} {text}.", "shattered_spirits.vigor", cid)


def _gain(ctx: Ctx, values: dict[str, Any]) -> None:
    c = ctx.state["creatures"][values["id"]]
    token = values["token"]
    before = c[token]
    c[token] = min(before + values["amount"], 99)
    ctx.say(
        f"{c['name']} gains {values['amount']} {token.capitalize()}: {before} → {c[token]}.",
        "shattered_spirits.tokens",
        values["id"],
    )


def _pay(ctx: Ctx, cid: str, token: str, amount: int, field: str, why: str) -> str:
    c = ctx.state["creatures"][cid]
    if c[token] < amount:
        raise InputError(
            field,
            f"{c['name']} has {c[token]} {token.capitalize()}; {why} needs {amount}.",
        )
    before = c[token]
    c[token] -= amount
    return f"{token.capitalize()} {before} → {c[token]}"


def _spend(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    paid = _pay(ctx, cid, values["token"], values["amount"], "amount", "spending")
    ctx.say(
        f"{ctx.name(cid)} spends {values['amount']} {values['token'].capitalize()}: {paid}.",
        "shattered_spirits.tokens",
        cid,
    )


def _refresh_window(ctx: Ctx, cid: str, what: str, field: str) -> None:
    state = ctx.state
    c = state["creatures"][cid]
    if state["round"] == 0 or state["turn"] != 0:
        raise InputError(
            field,
            "Refresh is the start of the Round: its choices are made before the first Turn "
            "of the Round ends.",
        )
    if what in c["refreshed"]:
        raise InputError(field, f"{c['name']} has already made this choice this Refresh.")


def _form(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    _refresh_window(ctx, cid, "form", "stance")
    if "staggered" in c["statuses"]:
        raise InputError("stance", f"{c['name']} is Staggered and cannot change Stance or Style.")
    stance = (values["stance"] or "").strip()
    style = (values["style"] or "").strip()
    if not stance and not style:
        raise InputError("stance", "Name the new Stance or the new Style.")
    paid = ""
    if stance and style:
        paid = ", " + _pay(ctx, cid, values["pay"], REFRESH_COST, "pay", "changing both")
    changes = []
    for key, new in (("stance", stance), ("style", style)):
        if new:
            changes.append(f"{key.capitalize()} {c[key] or '(none)'} → {new}")
            c[key] = new
    c["refreshed"].append("form")
    ctx.say(
        f"Refresh: {c['name']} changes {' and '.join(changes)}{paid}.",
        "shattered_spirits.form_change",
        cid,
    )


def _wield(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    _refresh_window(ctx, cid, "wield", "how")
    if "disarmed" in c["statuses"]:
        raise InputError("how", f"{c['name']} is Disarmed and cannot change what they Wield.")
    paid = ""
    if values["how"] == "all":
        paid = ": " + _pay(ctx, cid, values["pay"], REFRESH_COST, "pay", "stowing all")
    c["refreshed"].append("wield")
    text = dict(next(f for f in ACTIONS if f.op == "wield").fields[0].choices)[values["how"]]
    ctx.say(
        f"Refresh: {c['name']} changes what they Wield ({text}){paid}.",
        "shattered_spirits.wield",
        cid,
    )


def _afflict(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    name, x = values["name"], values["x"]
    c["statuses"][name] = x
    shown = NAMES[name] + (f" {x}" if x is not None else "")
    ctx.say(f"{c['name']} suffers {shown}.", "shattered_spirits.statuses", cid)


def _clear(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if values["name"] not in c["statuses"]:
        raise InputError("name", f"{c['name']} is not {NAMES[values['name']]}.")
    del c["statuses"][values["name"]]
    ctx.say(f"{c['name']} is no longer {NAMES[values['name']]}.", "shattered_spirits.statuses", cid)


def _purge(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if not c["may_purge"]:
        raise InputError("name", f"{c['name']} may Purge only after their own Turn.")
    name = values["name"]
    if name not in c["statuses"]:
        raise InputError("name", f"{c['name']} is not {NAMES[name]}.")
    paid = _pay(ctx, cid, values["token"], values["amount"], "amount", "this Purge")
    del c["statuses"][name]
    c["may_purge"] = False
    ctx.say(
        f"{c['name']} Purges {NAMES[name]}, paying {values['amount']} "
        f"{values['token'].capitalize()} ({paid}).",
        "shattered_spirits.purge",
        cid,
    )


HANDLERS = {
    "plot": _plot,
    "technique": _technique,
    "improvise": _improvise,
    "damage": _damage,
    "vigor": _vigor,
    "gain": _gain,
    "spend": _spend,
    "form": _form,
    "wield": _wield,
    "afflict": _afflict,
    "clear": _clear,
    "purge": _purge,
}


def card(creature: dict[str, Any], state: State) -> dict[str, Any]:
    """What the creature's card shows: its pools, Tokens and plans; its conditions."""
    c = creature
    phase = phase_of(c)
    tokens = " · ".join(f"{t.capitalize()} {c[t]}" for t in TOKENS)
    refresh = ", ".join(
        f"{c['refresh_' + t]} {t.capitalize()}" for t in TOKENS if c["refresh_" + t]
    )
    numbers = [
        ("Phase", phase if phase <= PHASES else "not plotted", "Speed plotted"),
        ("Side", "Player" if c["side"] == "players" else "Enemy", ""),
        ("Vigor", c["vigor"], "lost first; does not stack"),
        ("Endurance", f"{c['endurance']} / {c['endurance_max']}", "Winded at 0"),
        ("Health", f"{c['health']} / {c['health_max']}", "Downed at 0"),
        ("Conditions", c["conditions"], ""),
        ("Action Points", f"{c['ap_left']} / {c['ap']}", "left this Round"),
        ("Tokens", tokens, ""),
    ]
    if c["stance"] or c["style"]:
        numbers.append(("Stance / Style", f"{c['stance'] or '—'} / {c['style'] or '—'}", ""))
    if refresh:
        numbers.append(("At Refresh", refresh, "Stance and Style"))
    conditions = []
    if c["endurance"] == 0:
        conditions.append("Winded")
    if c["health"] == 0:
        conditions.append("Downed")
    for key, x in c["statuses"].items():
        conditions.append(NAMES.get(key, key) + (f" {x}" if x is not None else ""))
    if c["may_purge"]:
        conditions.append("May Purge")
    if c["next_phase"] is not None:
        conditions.append(f"Next Round: Phase {c['next_phase']}")
    return {"numbers": numbers, "conditions": conditions}
