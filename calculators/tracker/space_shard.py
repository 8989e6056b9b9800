"""Space Shard's encounter rules, turn by turn (How a battle goes, Battle Begins!).

The Surprise Round, initiative (1d10 + Initiative, not a check), the actions of a turn
and their downgrades, the once-per-round Full-Force Attack and the Base Defense it costs
for 1 round, the Charge Attack, Guarding and Full Defense until the next turn, Aiming for
up to 5 rounds, Prone, Stagger points for 1 round, and damage whose overflow is noted but
not calculated.

>>> from calculators.tracker import encounter
>>> import calculators.tracker.space_shard as s
>>> st = encounter.blank(s)
>>> st, _ = encounter.act(s, st, {"op": "add", "creature": {"name": "Rex", "hp": 2}})
>>> st, events = encounter.act(s, st, {"op": "damage", "id": "c1", "amount": 5})
>>> events[0]["text"]
'Rex takes 5 DMG: HP 2 → 0; 3 DMG overflow noted, not calculated.'
"""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..rounding import divide
from ..space_shard.defense import defensive_bonus
from ..space_shard.melee import charge_bonus
from ..space_shard.rules import (
    A_AIM,
    A_DOWNGRADE,
    A_ORDER,
    A_REINFORCE,
    A_ROUND,
    A_SURPRISE,
    AIM_CHOICES,
    AIM_DP,
    AIM_MAX_DMG,
    AIM_MAX_ROUNDS,
    DOWNGRADE_CHOICES,
    INITIATIVE_DIE,
    ORDER_CHOICES,
    REINFORCE_CHOICES,
    ROUNDING_CHOICES,
    SURPRISE_CHOICES,
)
from ..space_shard.turn import turn_plan
from .context import Ctx, State
from .encounter import current_id
from .spec import Action, Field, Limit, Rule

SYSTEM = "space_shard"
TITLE = "Space Shard"

A_DURATION = "space_shard.tracker_one_round"
A_WHOLE = "space_shard.tracker_full_turn_alone"
DURATION_CHOICES = ("until their next turn", "until the end of the round")
STANDARD_KINDS = ("standard", "attack")
"""Kinds of action that take the turn's Standard Action (an attack is one)."""
KINDS = (
    ("attack", "Standard Action: an attack"),
    ("standard", "Standard Action (not an attack)"),
    ("movement", "Movement Action"),
    ("swift", "Swift Action"),
    ("free", "Free Action"),
    ("full-turn", "Full-Turn Action"),
    ("whole-round", "Whole-Round Action"),
)
KIND_NAMES = dict(KINDS)

RULES = (
    Rule(
        "space_shard.initiative",
        "Initiative",
        "space_shard.initiative_roll",
        "Everyone who has not rolled initiative rolls 1d10 + Initiative (not a check); "
        "the order follows the rolls (highest first by default); a tie is left to the GM.",
    ),
    Rule(
        "space_shard.rounds",
        "Turns in order",
        "space_shard.its_my_turn",
        "Each round everyone takes a turn in the order of initiative.",
    ),
    Rule(
        "space_shard.surprise",
        "Surprise Round",
        "space_shard.surprise_round_assualt_round",
        "If anyone is in the Surprise Round, round 1 is the Surprise Round: only they act, "
        "with 1 Standard, Swift or Movement Action (or a Charging Attack) and Free Actions; "
        "everyone else is Surprised until it ends.",
    ),
    Rule(
        "space_shard.actions",
        "Actions of a turn",
        "space_shard.its_my_turn",
        "A turn holds 1 Standard, 1 Movement and 1 Swift Action and any Free Actions; an "
        "action may be downgraded to a lower one; an action beyond that is refused.",
    ),
    Rule(
        "space_shard.full_force",
        "Full-Force Attack",
        "space_shard.full_force_attack",
        "A Standard Action once per round: Reinforcement Bonus STR/2, at most the Base "
        "Defense, which loses as much for 1 round.",
    ),
    Rule(
        "space_shard.charge",
        "Charge Attack",
        "space_shard.charge_bonus",
        "A Full-Turn Action: +1 DP per meter moved, at most STR and the Base Defense, which "
        "loses as much; at most Speed meters.",
    ),
    Rule(
        "space_shard.guarding",
        "Guarding",
        "space_shard.guarding_with_brawl",
        "A Movement Action: the Guarding Bonus (Brawl or Blade, plus the size with a "
        "Guarding Inscription) until the creature's next turn.",
    ),
    Rule(
        "space_shard.full_defense",
        "Full Defense",
        "space_shard.full_defense",
        "A Standard Action: an Evade Bonus equal to the Basic Defense while kept.",
    ),
    Rule(
        "space_shard.aiming",
        "Aiming",
        "space_shard.aiming",
        "A Whole-Round Action, up to 5 times: the next attack gets +1 DP and +1 Max DMG a "
        "round aimed; another Standard or Movement Action first, or a melee hit, loses it.",
    ),
    Rule(
        "space_shard.overflow",
        "DMG overflow",
        "space_shard.dmg_exceeds_overflow",
        "Damage beyond the HP left is not calculated: HP stops at 0 and the overflow is noted.",
    ),
    Rule(
        "space_shard.prone",
        "Prone",
        "space_shard.proning",
        "Proning makes the creature Prone; getting up is a Movement Action.",
    ),
    Rule(
        "space_shard.stagger",
        "Stagger from Tripping",
        "space_shard.tripping",
        "A won trip: the target falls prone and gains Stagger points equal to the "
        "difference of the checks, for 1 round.",
    ),
)
INITIATIVE_RULE = "space_shard.initiative"
ORDER_RULE = "space_shard.rounds"

CREATURE = (
    Field(
        "init",
        "Initiative",
        "int",
        0,
        low=-20,
        high=50,
        help="The character's Initiative, added to 1d10.",
    ),
    Field("hp_max", "HP (full)", "int", 10, low=0, high=999),
    Field("hp", "HP", "int", 10, low=0, high=999),
    Field("str", "STR", "int", 4, low=0, high=30),
    Field("base_defense", "Base Defense", "int", 2, low=0, high=30),
    Field("brawl", "Brawl", "int", 0, low=0, high=30),
    Field("blade", "Blade", "int", 0, low=0, high=30),
    Field("speed", "Speed (m)", "int", 6, low=0, high=99),
    Field("surprise", "In the Surprise Round", "flag", False),
)
STORED = (*(f.name for f in CREATURE), "spent", "effects", "aim", "overflow")

ASSUMPTIONS = (
    "space_shard.tracker_full_turn_alone",
    "space_shard.tracker_full_defense_kept",
    "space_shard.tracker_hp_one_number",
)
"""Followed without a setting: the tracker implements this one reading of each."""

SETTINGS = (
    Field(
        A_ORDER, "Initiative order", "choice", None, choices=tuple((c, c) for c in ORDER_CHOICES)
    ),
    Field(
        A_DOWNGRADE,
        "Downgrading an action",
        "choice",
        None,
        choices=tuple((c, c) for c in DOWNGRADE_CHOICES),
    ),
    Field(
        A_SURPRISE,
        "Actions in the Surprise Round",
        "choice",
        None,
        choices=tuple((c, c) for c in SURPRISE_CHOICES),
    ),
    Field(
        A_ROUND,
        "Divisions (STR/2)",
        "choice",
        None,
        choices=tuple((c, c) for c in ROUNDING_CHOICES),
    ),
    Field(
        A_REINFORCE,
        "The Reinforcement Bonus adds to",
        "choice",
        None,
        choices=tuple((c, c) for c in REINFORCE_CHOICES),
    ),
    Field(A_AIM, "Aiming bonus", "choice", None, choices=tuple((c, c) for c in AIM_CHOICES)),
    Field(
        A_DURATION,
        "An effect of 1 round lasts",
        "choice",
        None,
        choices=tuple((c, c) for c in DURATION_CHOICES),
    ),
)

EXAMPLES = (
    {"name": "Rex", "init": 3, "hp": 8, "hp_max": 8, "str": 6, "base_defense": 2, "blade": 2},
    {"name": "Drone", "init": 1, "hp": 5, "hp_max": 5, "str": 2, "base_defense": 1},
)
"""Creatures for the examples and the property tests."""

LIMITS = (Limit("full_force", "a Full-Force Attack", "round", "space_shard.full_force"),)

ACTIONS = (
    Action(
        "roll_initiative",
        "Roll initiative for everyone who has not",
        "encounter",
        (),
        "space_shard.initiative",
        rolls=True,
    ),
    Action(
        "act",
        "Take the action",
        "creature",
        (Field("kind", "Action", "choice", "attack", choices=KINDS),),
        "space_shard.actions",
        common=True,
    ),
    Action(
        "damage",
        "Take DMG",
        "creature",
        (
            Field("amount", "DMG", "int", 1, low=0, high=999),
            Field("melee", "From a melee attack", "flag", False),
        ),
        "space_shard.overflow",
        common=True,
    ),
    Action(
        "charge",
        "Charge Attack",
        "creature",
        (Field("distance", "Meters moved", "text", "3"),),
        "space_shard.charge",
    ),
    Action(
        "guard",
        "Guard",
        "creature",
        (
            Field(
                "with", "With", "choice", "brawl", choices=(("brawl", "Brawl"), ("blade", "Blade"))
            ),
            Field(
                "shield",
                "Size added (Guarding Inscription)",
                "int",
                0,
                low=0,
                high=30,
                help="0 without a Guarding Inscription.",
            ),
        ),
        "space_shard.guarding",
    ),
    Action("full_defense", "Full Defense", "creature", (), "space_shard.full_defense"),
    Action("aim", "Aim", "creature", (), "space_shard.aiming"),
    Action("prone", "Drop prone", "creature", (), "space_shard.prone"),
    Action("get_up", "Get up", "creature", (), "space_shard.prone"),
    Action(
        "stagger",
        "Tripped",
        "creature",
        (Field("points", "Difference of the checks", "int", 1, low=0, high=99),),
        "space_shard.stagger",
    ),
)


# --- creatures ------------------------------------------------------------------------


def new_creature(values: dict[str, Any]) -> dict[str, Any]:
    """A creature's own numbers, checked: HP never above full."""
    creature = {**values, "spent": [], "effects": [], "aim": 0, "overflow": 0}
    validate_creature(creature, "")
    return creature


def _at(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _whole(raw: Any, low: int, high: int) -> bool:
    return isinstance(raw, int) and not isinstance(raw, bool) and low <= raw <= high


EFFECT_KEYS = {"name", "defense", "ends", "fixed", "rule", "status"}


def validate_creature(creature: dict[str, Any], path: str) -> None:
    """The rules a stored creature keeps (the fields themselves are already checked)."""
    if creature["hp"] > creature["hp_max"]:
        raise InputError(_at(path, "hp"), "HP cannot be above full.")
    spent = creature["spent"]
    if not isinstance(spent, list) or any(k not in KIND_NAMES for k in spent):
        raise InputError(_at(path, "spent"), "Must list the actions taken this turn.")
    if not _whole(creature["aim"], 0, AIM_MAX_ROUNDS):
        raise InputError(_at(path, "aim"), f"Must be the rounds aimed, 0 to {AIM_MAX_ROUNDS}.")
    if not _whole(creature["overflow"], 0, 10**6):
        raise InputError(_at(path, "overflow"), "Must be the overflow noted, 0 or more.")
    effects = creature["effects"]
    if not isinstance(effects, list) or len(effects) > 50:
        raise InputError(_at(path, "effects"), "Must list the effects on the creature.")
    for effect in effects:
        if (
            not isinstance(effect, dict)
            or set(effect) != EFFECT_KEYS
            or not isinstance(effect["name"], str)
            or not _whole(effect["defense"], -99, 99)
            or not _whole(effect["ends"], 0, 100001)
            or not isinstance(effect["fixed"], bool)
            or effect["rule"] not in RULE_IDS
            or effect["status"] not in (None, "stagger")
        ):
            raise InputError(_at(path, "effects"), "An effect is not of the tracker's form.")


RULE_IDS = {r.id for r in RULES}


def order_key(creature: dict[str, Any], state: State) -> tuple[int, ...]:
    """The initiative rolled: higher first, or lower first if the setting says so."""
    value = creature["initiative"] or 0
    lowest = state["settings"][A_ORDER] == ORDER_CHOICES[1]
    return (-value if lowest else value,)


def _surprise_round(state: State) -> bool:
    return state["round"] == 1 and any(c["surprise"] for c in state["creatures"].values())


def _base_defense(c: dict[str, Any]) -> int:
    """The Base Defense with its losses, never below 0."""
    loss = sum(-e["defense"] for e in c["effects"] if e["defense"] < 0)
    return max(0, c["base_defense"] - loss)


def _bonus(c: dict[str, Any]) -> int:
    return sum(e["defense"] for e in c["effects"] if e["defense"] > 0)


# --- the round ------------------------------------------------------------------------


def round_start(ctx: Ctx) -> None:
    """Round 1: ties, and the Surprise Round; later: Surprised ends, round effects end."""
    state = ctx.state
    if state["round"] == 1:
        _ties(ctx)
        if _surprise_round(state):
            inside = [c["name"] for c in state["creatures"].values() if c["surprise"]]
            ctx.say(
                f"Round 1 is the Surprise Round: only {', '.join(inside)} take a turn.",
                "space_shard.surprise",
            )
            for cid in state["order"]:
                c = state["creatures"][cid]
                if not c["surprise"]:
                    c["statuses"]["surprised"] = None
                    ctx.say(
                        f"{c['name']} is not in the Surprise Round: Surprised (No Tier).",
                        "space_shard.surprise",
                        cid,
                    )
    else:
        for cid in state["order"]:
            c = state["creatures"][cid]
            if "surprised" in c["statuses"]:
                del c["statuses"]["surprised"]
                ctx.say(
                    f"The Surprise Round is over: {c['name']} is no longer Surprised.",
                    "space_shard.surprise",
                    cid,
                )
        if ctx.setting(A_DURATION) == DURATION_CHOICES[1]:
            for cid in state["order"]:
                _expire(ctx, cid, fixed=False, when="at the end of the round")


def _ties(ctx: Ctx) -> None:
    seen: dict[int, list[str]] = {}
    for cid in ctx.state["order"]:
        seen.setdefault(ctx.state["creatures"][cid]["initiative"] or 0, []).append(cid)
    for value, tied in seen.items():
        if len(tied) > 1:
            names = " and ".join(ctx.name(c) for c in tied)
            ctx.say(
                f"{names} tie at {value}: the rulebook does not say who goes first; the GM "
                "may set their initiative.",
                "space_shard.initiative",
            )


def _expire(ctx: Ctx, cid: str, fixed: bool, when: str) -> None:
    c = ctx.state["creatures"][cid]
    kept = []
    for effect in c["effects"]:
        if effect["fixed"] == fixed and effect["ends"] <= ctx.state["round"]:
            if effect["status"] and effect["status"] in c["statuses"]:
                del c["statuses"][effect["status"]]
            ctx.say(f"{effect['name']} on {c['name']} ends {when}.", effect["rule"], cid)
        else:
            kept.append(effect)
    c["effects"] = kept


def turn_start(ctx: Ctx, cid: str) -> None:
    """Effects until the next turn end; the Surprised do not act in the Surprise Round."""
    c = ctx.state["creatures"][cid]
    c["spent"] = []
    _expire(ctx, cid, fixed=True, when="at the start of their turn")
    if ctx.setting(A_DURATION) == DURATION_CHOICES[0]:
        _expire(ctx, cid, fixed=False, when="at the start of their turn, after 1 round")
    if _surprise_round(ctx.state) and not c["surprise"]:
        ctx.say(
            f"{c['name']} is not in the Surprise Round and does not act in it.",
            "space_shard.surprise",
            cid,
        )


def turn_end(ctx: Ctx, cid: str) -> None:
    """Nothing of this rulebook happens at the end of a turn."""


def check_use(ctx: Ctx, cid: str, limit: Limit) -> None:
    """The Full-Force Attack: a Standard Action of the turn; its bonus and the defense lost."""
    c = ctx.state["creatures"][cid]
    _take(ctx, cid, "attack", "what")
    half = divide(c["str"], 2, ctx.setting(A_ROUND))
    defense = _base_defense(c)
    bonus = min(half, defense)
    adds = f"+{bonus} DP"
    if ctx.setting(A_REINFORCE) == REINFORCE_CHOICES[1]:
        adds += f" and +{bonus} Max DMG"
    _aim_used(ctx, cid)
    c["effects"].append(_effect("Full-Force Attack", -bonus, ctx.state["round"] + 1, False))
    ctx.say(
        f"{c['name']}'s Full-Force Attack: Reinforcement Bonus {bonus} = STR {c['str']} / 2 = "
        f"{half}, at most Base Defense {defense} ({adds}); Base Defense {defense} → "
        f"{defense - bonus} for 1 round.",
        "space_shard.full_force",
        cid,
    )


def _effect(name: str, defense: int, ends: int, fixed: bool, rule: str = "") -> dict[str, Any]:
    rule = rule or {
        "Full-Force Attack": "space_shard.full_force",
        "Charge Attack": "space_shard.charge",
    }.get(name, "space_shard.stagger")
    return {
        "name": name,
        "defense": defense,
        "ends": ends,
        "fixed": fixed,
        "rule": rule,
        "status": "stagger" if rule == "space_shard.stagger" else None,
    }


def resolve(ctx: Ctx, cid: str, check: dict[str, Any], success: bool, total: int) -> None:
    """No check is left pending: initiative is not a check."""


def after_set(ctx: Ctx, cid: str, field: str) -> None:
    """A corrected number must still obey the rules."""
    validate_creature(ctx.state["creatures"][cid], "value")


# --- the actions of a turn ------------------------------------------------------------


def _fits(spent: list[str], ctx: Ctx, charge: bool) -> bool:
    """Whether the actions taken fit the turn (the Surprise Round's one action included)."""
    surprise = _surprise_round(ctx.state)
    whole = [k for k in spent if k in ("full-turn", "whole-round")]
    others = [k for k in spent if k != "free" and k not in ("full-turn", "whole-round")]
    if whole:
        if len(whole) > 1 or others:
            return False
        return not surprise or charge
    plan = turn_plan(
        standard=sum(1 for k in others if k in STANDARD_KINDS),
        movement=others.count("movement"),
        swift=others.count("swift"),
        surprise_round=surprise,
        downgrade=ctx.setting(A_DOWNGRADE),
        surprise=ctx.setting(A_SURPRISE),
    )
    return bool(plan["allowed"])


def _take(ctx: Ctx, cid: str, kind: str, field: str, charge: bool = False) -> None:
    """Spend one action of the creature's turn, or refuse it on ``field``."""
    state = ctx.state
    c = state["creatures"][cid]
    if state["round"] == 0 or current_id(state) != cid:
        raise InputError(field, f"{c['name']} acts on their own turn.")
    if _surprise_round(state) and not c["surprise"]:
        raise InputError(field, f"{c['name']} is not in the Surprise Round.")
    spent = [*c["spent"], kind]
    if not _fits(spent, ctx, charge):
        names = ", ".join(KIND_NAMES[k] for k in spent)
        where = (
            "the Surprise Round allows one Standard, Swift or Movement Action, or a Charge"
            if _surprise_round(state)
            else "a turn has 1 Standard, 1 Movement and 1 Swift Action, downgraded as the "
            "setting allows; a Full-Turn or Whole-Round Action takes the whole turn"
        )
        raise InputError(field, f"{c['name']} cannot take {names} this turn: {where}.")
    c["spent"] = spent


def _aim_used(ctx: Ctx, cid: str) -> None:
    c = ctx.state["creatures"][cid]
    if not c["aim"]:
        return
    times = c["aim"] if ctx.setting(A_AIM) == AIM_CHOICES[0] else 1
    ctx.say(
        f"{c['name']} attacks their aimed enemy: +{AIM_DP * times} DP Aiming Bonus and "
        f"+{AIM_MAX_DMG * times} Max DMG ({c['aim']} rounds aimed, {ctx.setting(A_AIM)}).",
        "space_shard.aiming",
        cid,
    )
    c["aim"] = 0


def _aim_lost(ctx: Ctx, cid: str, why: str) -> None:
    c = ctx.state["creatures"][cid]
    if c["aim"]:
        c["aim"] = 0
        ctx.say(f"{c['name']} {why}: the aiming benefit is lost.", "space_shard.aiming", cid)


def _roll_initiative(ctx: Ctx, values: dict[str, Any]) -> None:
    todo = [cid for cid in ctx.state["order"] if ctx.state["creatures"][cid]["initiative"] is None]
    if not todo:
        raise InputError("op", "Everyone has rolled initiative already.")
    for cid in todo:
        c = ctx.state["creatures"][cid]
        c["initiative"] = ctx.roll(
            f"1d{INITIATIVE_DIE} + init",
            {"init": c["init"]},
            f"{c['name']}'s initiative (1d{INITIATIVE_DIE} + Initiative {c['init']}, not a check)",
            "space_shard.initiative",
            cid,
        )
    if ctx.state["round"]:
        ctx.state["order"].sort(
            key=lambda cid: order_key(ctx.state["creatures"][cid], ctx.state), reverse=True
        )
        now = current_id(ctx.state)
        ctx.state["turn"] = ctx.state["order"].index(now) if now else 0


def _act(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    kind = values["kind"]
    _take(ctx, cid, kind, "kind")
    if kind == "attack":
        _aim_used(ctx, cid)
    elif kind in ("standard", "movement", "full-turn"):
        _aim_lost(ctx, cid, f"takes a {KIND_NAMES[kind]} before attacking")
    ctx.say(
        f"{c['name']} takes a {KIND_NAMES[kind]} (this turn: "
        f"{', '.join(KIND_NAMES[k] for k in c['spent'])}).",
        "space_shard.actions",
        cid,
    )


def _damage(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    amount = values["amount"]
    before = c["hp"]
    c["hp"] = max(0, before - amount)
    over = amount - before if amount > before else 0
    text = f"{c['name']} takes {amount} DMG: HP {before} → {c['hp']}"
    if over:
        c["overflow"] = min(c["overflow"] + over, 10**6)
        text += f"; {over} DMG overflow noted, not calculated"
    ctx.say(text + ".", "space_shard.overflow", cid)
    if values["melee"] and amount:
        _aim_lost(ctx, cid, "is hit by a melee attack")


def _charge(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    defense = _base_defense(c)
    r = charge_bonus(
        strength=c["str"],
        base_defense=defense,
        distance=values["distance"],
        speed=c["speed"],
        meters_rounding=ctx.setting(A_ROUND),
    )
    _take(ctx, cid, "full-turn", "distance", charge=True)
    _aim_lost(ctx, cid, "charges before attacking")
    bonus = r["bonus"]
    if bonus:
        c["effects"].append(_effect("Charge Attack", -bonus, ctx.state["round"] + 1, False))
    ctx.say(
        f"{c['name']} charges {r['meters']} m: +{bonus} DP Enhancement Bonus (at most STR "
        f"{c['str']} and Base Defense {defense}); Base Defense {defense} → "
        f"{r['base_defense_after']} for 1 round.",
        "space_shard.charge",
        cid,
    )


def _guard(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    _take(ctx, cid, "movement", "with")
    _aim_lost(ctx, cid, "guards before attacking")
    skill = c[values["with"]]
    action = "guarding with " + values["with"]
    r = defensive_bonus(action, c["base_defense"], skill, values["shield"] > 0, values["shield"])
    c["effects"] = [e for e in c["effects"] if e["name"] != "Guarding Bonus"]
    c["effects"].append(
        _effect("Guarding Bonus", r["bonus"], ctx.state["round"] + 1, True, "space_shard.guarding")
    )
    ctx.say(
        f"{c['name']} guards: {r['breakdown'][0]}, until their next turn.",
        "space_shard.guarding",
        cid,
    )


def _full_defense(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    _take(ctx, cid, "standard", "id")
    _aim_lost(ctx, cid, "takes Full Defense before attacking")
    r = defensive_bonus("full defense", c["base_defense"])
    c["effects"] = [e for e in c["effects"] if e["name"] != "Evade Bonus"]
    c["effects"].append(
        _effect("Evade Bonus", r["bonus"], ctx.state["round"] + 1, True, "space_shard.full_defense")
    )
    ctx.say(
        f"{c['name']} takes Full Defense: Defense +{r['bonus']} Evade Bonus (Basic Defense "
        f"{c['base_defense']}) and +{r['area_save_dp_bonus']} DP on Saving Throws against "
        "area damage, kept until their next turn.",
        "space_shard.full_defense",
        cid,
    )


def _aim(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if c["aim"] >= AIM_MAX_ROUNDS:
        raise InputError("id", f"{c['name']} has aimed {AIM_MAX_ROUNDS} times, the most.")
    _take(ctx, cid, "whole-round", "id")
    c["aim"] += 1
    ctx.say(
        f"{c['name']} aims (Whole-Round Action): {c['aim']} of at most {AIM_MAX_ROUNDS} "
        "rounds aimed.",
        "space_shard.aiming",
        cid,
    )


def _prone(ctx: Ctx, values: dict[str, Any]) -> None:
    c = ctx.state["creatures"][values["id"]]
    if "prone" in c["statuses"]:
        raise InputError("id", f"{c['name']} is already Prone.")
    c["statuses"]["prone"] = None
    ctx.say(f"{c['name']} drops prone (a Reflex Action): Prone.", "space_shard.prone", values["id"])


def _get_up(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if "prone" not in c["statuses"]:
        raise InputError("id", f"{c['name']} is not Prone.")
    _take(ctx, cid, "movement", "id")
    _aim_lost(ctx, cid, "gets up before attacking")
    del c["statuses"]["prone"]
    ctx.say(f"{c['name']} gets up (a Movement Action).", "space_shard.prone", cid)


def _stagger(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    points = values["points"]
    c["statuses"]["prone"] = None
    c["effects"] = [e for e in c["effects"] if e["status"] != "stagger"]
    text = f"{c['name']} is tripped and falls prone"
    if points:
        c["statuses"]["stagger"] = points
        c["effects"].append(_effect(f"Stagger {points}", 0, ctx.state["round"] + 1, False))
        text += f", with {points} Stagger points for 1 round"
    ctx.say(text + ".", "space_shard.stagger", cid)


HANDLERS = {
    "roll_initiative": _roll_initiative,
    "act": _act,
    "damage": _damage,
    "charge": _charge,
    "guard": _guard,
    "full_defense": _full_defense,
    "aim": _aim,
    "prone": _prone,
    "get_up": _get_up,
    "stagger": _stagger,
}


def card(creature: dict[str, Any], state: State) -> dict[str, Any]:
    """What the creature's card shows: HP, Defense and its changes; its conditions."""
    c = creature
    defense = _base_defense(c)
    lost = f"of {c['base_defense']}" if defense != c["base_defense"] else ""
    numbers: list[tuple[str, Any, str]] = [
        ("HP", f"{c['hp']} / {c['hp_max']}", ""),
        ("Base Defense", defense, lost),
        ("Initiative", c["init"], "added to 1d10"),
        ("STR", c["str"], ""),
    ]
    if _bonus(c):
        numbers.insert(2, ("Defense bonuses", f"+{_bonus(c)}", "Guarding or Evade Bonus"))
    if c["overflow"]:
        numbers.append(("Overflow noted", c["overflow"], "DMG not calculated"))
    if c["aim"]:
        numbers.append(("Aimed", c["aim"], f"rounds, at most {AIM_MAX_ROUNDS}"))
    if c["spent"]:
        numbers.append(("This turn", ", ".join(KIND_NAMES[k] for k in c["spent"]), ""))
    conditions = []
    for key, x in c["statuses"].items():
        conditions.append(key.capitalize() + (f" {x}" if x is not None else ""))
    for e in c["effects"]:
        change = f" {e['defense']:+d} Defense" if e["defense"] else ""
        conditions.append(f"{e['name']}{change} (to round {e['ends']})")
    if c["hp"] == 0:
        conditions.append("HP 0")
    return {"numbers": numbers, "conditions": conditions}
