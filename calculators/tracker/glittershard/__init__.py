"""Glittershard's End's encounter rules, turn by turn and rest by rest.

Turn order (Nimbleness + 1d10, ties to the higher Nimbleness, then a secondary d10),
rounds of ten seconds, the Offensive, Movement and Trivial actions of a turn and their
trades, defensive postures, magical health drained first, unconsciousness at 0 health
and death at the negative of the max health, magical healing and its recovery points,
mundane healing that waits for a medium rest, the three rests, magical stamina,
exhaustion (Tired after 14 hours awake, Dead Tired, Exhausted ... Death), hunger,
hypothermia, burning, poison, Bound, Frozen, Paralyzed, Fear and falls. Where the
rulebook is silent the ``glittershard.tracker_*`` assumptions decide.

>>> from calculators.tracker import encounter
>>> import calculators.tracker.glittershard as g
>>> s = encounter.blank(g)
>>> kira = {"name": "Kira", "max_health": 10, "health": 10, "magical_health": 3}
>>> s, _ = encounter.act(g, s, {"op": "add", "creature": kira})
>>> s, events = encounter.act(g, s, {"op": "damage", "id": "c1", "amount": 5})
>>> events[0]["text"]
'Kira takes 5 damage: magical health 3 → 0, health 10 → 8.'
>>> s, events = encounter.act(g, s, {"op": "damage", "id": "c1", "amount": 8})
>>> [e["text"] for e in events][1]
'Kira is reduced to 0 health and loses consciousness.'
>>> s["creatures"]["c1"]["posture"], s["creatures"]["c1"]["prone"]
('unguarded', True)
"""

from __future__ import annotations

import sys
from typing import Any

from ...builders import glittershard as builder
from ...data import assumption_default, table
from ...errors import InputError
from ...glittershard.checks import pool_size
from ...glittershard.healing import compute_healing, compute_natural_healing
from ...glittershard.rules import (
    A_HEAL_CAP,
    A_HEAL_NO_POINTS,
    A_MIN_POOL,
    A_NATURAL_ROUNDING,
    A_STAT_DICE,
    A_TURN_TIES,
    OFFENSIVE_TRADE_UNITS,
    TRIVIAL_TRADE_UNITS,
    TURN_ORDER_DIE,
)
from ...glittershard.tables import movement_costs
from ...rounding import rounding_text
from ..context import Ctx, State
from ..encounter import sort_order
from ..spec import Limit
from .declarations import (
    ACTIONS,
    ASSUMPTIONS,
    CREATURE,
    EXAMPLES,
    KINDS,
    LIMITS,
    MOVES,
    SETTINGS,
    STORED,
)
from .rulebook import INITIATIVE_RULE, ORDER_RULE, RULES, SYSTEM, TITLE
from .terms import (
    A_BURNING,
    A_EXHAUSTION,
    A_EXHAUSTION_REST,
    A_FEAR,
    A_HALVES,
    A_HUNGER,
    A_POISON,
    A_SPELL,
    A_WAKING,
    AWAKE_MINUTES,
    BOUND_PENALTY,
    COLD_DICE,
    COLD_MINUTES,
    HEALTH_LOW,
    HUNGER_STAGES,
    LEFT,
    MAX_ROLL_DICE,
    NO_ACTIONS,
    POSTURES,
    RECOVERY_PER_REST,
    REST_CHOICES,
    REST_MINUTES,
    ROUND_SECONDS,
    SHORT_RESTS,
    STATUSES,
    assumed,
)

__all__ = [
    "SYSTEM",
    "TITLE",
    "A_BURNING",
    "A_EXHAUSTION_REST",
    "A_EXHAUSTION",
    "A_HALVES",
    "A_FEAR",
    "A_HUNGER",
    "A_WAKING",
    "A_SPELL",
    "A_POISON",
    "ROUND_SECONDS",
    "AWAKE_MINUTES",
    "COLD_MINUTES",
    "COLD_DICE",
    "REST_MINUTES",
    "SHORT_RESTS",
    "RECOVERY_PER_REST",
    "HUNGER_STAGES",
    "BOUND_PENALTY",
    "HEALTH_LOW",
    "MAX_ROLL_DICE",
    "RULES",
    "INITIATIVE_RULE",
    "ORDER_RULE",
    "CREATURE",
    "STORED",
    "POSTURES",
    "STATUSES",
    "LEFT",
    "NO_ACTIONS",
    "REST_CHOICES",
    "ASSUMPTIONS",
    "SETTINGS",
    "EXAMPLES",
    "LIMITS",
    "KINDS",
    "MOVES",
    "ACTIONS",
    "assumed",
    "exhaustion_names",
    "hunger_stage",
    "effective",
    "goal",
    "new_creature",
    "validate_creature",
    "order_key",
    "round_start",
    "turn_start",
    "turn_end",
    "check_use",
    "after_set",
    "resolve",
    "card",
    "from_character",
    "HANDLERS",
]


def exhaustion_names() -> dict[int, str]:
    """Each exhaustion level's name, from the rulebook's table.

    >>> exhaustion_names()[2], exhaustion_names()[6]
    ('Dead Tired', 'Death')
    """
    return {
        int(r["Exhaustion level"]): str(r["Name"]) for r in table("glittershard.exhaustion_table")
    }


def hunger_stage(minutes: int | None) -> int:
    """The stage of hunger after ``minutes`` without a meal (0: not hungry; 4: starved).

    Between 16 and 48 hours the second stage goes on (``glittershard.tracker_hunger_stages``).

    >>> [hunger_stage(m) for m in (None, 0, 239, 240, 959, 2879, 2880, 11519, 11520)]
    [0, 1, 1, 2, 2, 2, 3, 3, 4]
    """
    if minutes is None:
        return 0
    bounds = (HUNGER_STAGES[0], HUNGER_STAGES[1], HUNGER_STAGES[3], HUNGER_STAGES[4])
    return sum(1 for low in bounds if minutes >= low)


def effective(c: dict[str, Any]) -> dict[str, Any]:
    """The numbers the conditions change: Nimbleness, Brawn, armor value, dodge, speed.

    Tired lowers every stat by 1 (so speed by 1, dodge by 2 for its Nim × 2, armor value
    by 2 for its Hea + Bwn); hunger's second stage Brawn by 1 more; Dead Tired halves
    the speed, rounded down; Tormented cannot move.

    >>> e = effective({"nim": 2, "bwn": 1, "armor": 14, "dodge": 16, "speed": 7,
    ...                "exhaustion": 2, "hungry": 300})
    >>> e["nim"], e["bwn"], e["armor"], e["dodge"], e["speed"]
    (1, -1, 11, 14, 2)
    """
    tired = 1 if c["exhaustion"] >= 1 else 0
    stage = hunger_stage(c["hungry"])
    hungry_bwn = 1 if stage >= 2 else 0
    speed = max(0, c["speed"] - tired - (1 if stage >= 1 else 0))
    notes = []
    if tired:
        notes.append("Tired −1")
    if stage >= 1:
        notes.append("hungry −1")
    if c["exhaustion"] >= 2:
        speed //= 2
        notes.append("Dead Tired: halved")
    if c["exhaustion"] >= 5:
        speed = 0
        notes.append("Tormented: cannot move")
    return {
        "nim": c["nim"] - tired,
        "bwn": c["bwn"] - tired - hungry_bwn,
        "armor": c["armor"] - 2 * tired - hungry_bwn,
        "dodge": c["dodge"] - 2 * tired,
        "speed": speed,
        "speed_note": ", ".join(notes),
    }


def goal(c: dict[str, Any]) -> tuple[int, int]:
    """The armor value and dodge attacks meet in the creature's posture.

    >>> goal({"nim": 0, "bwn": 0, "armor": 15, "dodge": 16, "speed": 6, "exhaustion": 0,
    ...       "hungry": None, "posture": "dodgy"})
    (7, 16)
    """
    e = effective(c)
    if c["posture"] == "steady":
        return e["armor"], e["dodge"]
    return e["armor"] // 2, 0 if c["posture"] == "unguarded" else e["dodge"]


def new_creature(values: dict[str, Any]) -> dict[str, Any]:
    """A creature's own numbers, checked; unconscious at 0 health, dead at −max health."""
    c = {
        **values,
        "unconscious": False,
        "dead": False,
        "posture": "steady",
        "prone": False,
        "left": dict(NO_ACTIONS),
        "seconds": 0,
        "mundane": 0,
        "battle_used": [],
        "poison_dc": None,
        "poison_damage": None,
    }
    validate_creature(c, "")
    if c["health"] <= -c["max_health"] or c["exhaustion"] >= 6 or hunger_stage(c["hungry"]) >= 4:
        c["dead"] = True
    elif c["health"] <= 0:
        c.update(unconscious=True, posture="unguarded", prone=True)
    return c


def _at(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def validate_creature(creature: dict[str, Any], path: str) -> None:
    """The rules a stored creature keeps (the fields themselves are already checked)."""
    c = creature
    for current, most, label in (
        ("health", "max_health", "max health"),
        ("recovery", "max_recovery", "maximum magical recovery points"),
        ("stamina", "max_stamina", "maximum magic stamina"),
    ):
        if c[current] > c[most]:
            raise InputError(_at(path, current), f"Must not be above the {label} ({c[most]}).")
    for key in ("unconscious", "dead", "prone"):
        if not isinstance(c[key], bool):
            raise InputError(_at(path, key), "Must be true or false.")
    if c["posture"] not in POSTURES:
        raise InputError(_at(path, "posture"), "Must be steady, dodgy or unguarded.")
    left = c["left"]
    if not isinstance(left, dict) or sorted(left) != sorted(LEFT):
        raise InputError(_at(path, "left"), "Must count the offensive, units and trivial left.")
    for key in LEFT:
        _whole(left[key], _at(path, f"left.{key}"), 0, 999)
    _whole(c["seconds"], _at(path, "seconds"), 0, 59)
    _whole(c["mundane"], _at(path, "mundane"), 0, 9999)
    used = c["battle_used"]
    if not isinstance(used, list) or any(not isinstance(u, str) for u in used):
        raise InputError(_at(path, "battle_used"), "Must list the skills used this battle.")
    for key in ("poison_dc", "poison_damage"):
        if c[key] is not None:
            _whole(c[key], _at(path, key), 0, 999)
    for key in c.get("statuses", {}):
        if key not in STATUSES:
            raise InputError(_at(path, f"statuses.{key}"), f"Unknown status {key!r}.")


def _whole(raw: Any, path: str, low: int, high: int) -> None:
    if not isinstance(raw, int) or isinstance(raw, bool) or not low <= raw <= high:
        raise InputError(path, f"Must be a whole number from {low} to {high}.")


def order_key(creature: dict[str, Any], state: State) -> tuple[int, ...]:
    """Turn order score, then Nimbleness, then the secondary d10: higher acts first."""
    return (creature["initiative"] or 0, effective(creature)["nim"], creature["tiebreak"])


def round_start(ctx: Ctx) -> None:
    """Round 1 names the ties a secondary d10 must settle; each later round is 10 seconds."""
    state = ctx.state
    if state["round"] == 1:
        groups: dict[tuple[int, ...], list[str]] = {}
        for cid in state["order"]:
            groups.setdefault(order_key(state["creatures"][cid], state), []).append(cid)
        for tied in groups.values():
            if len(tied) > 1:
                names = " and ".join(ctx.name(c) for c in tied)
                ctx.say(
                    f"{names} tie on turn order and Nimbleness: each rolls a d10 (again "
                    "while equal); set the secondary d10s.",
                    "glittershard.turn_order",
                )
        return
    ctx.say(
        f"{ROUND_SECONDS} seconds have passed since round {state['round'] - 1}.",
        "glittershard.rounds",
    )
    for cid in list(state["order"]):
        c = state["creatures"][cid]
        if c["dead"]:
            continue
        c["seconds"] += ROUND_SECONDS
        if c["seconds"] >= 60:
            c["seconds"] -= 60
            _advance(ctx, cid, 1, awake=True)


def turn_start(ctx: Ctx, cid: str) -> None:
    """Burning and poison (at the start by default); then the actions the turn provides."""
    c = ctx.state["creatures"][cid]
    c["left"] = dict(NO_ACTIONS)
    if ctx.setting(A_BURNING) == "start":
        _over_time(ctx, cid)
    if c["dead"]:
        ctx.say(f"{c['name']} is dead and takes no actions.", "glittershard.death", cid)
        return
    if c["unconscious"]:
        ctx.say(
            f"{c['name']} is unconscious and takes no actions.", "glittershard.unconscious", cid
        )
        return
    statuses = c["statuses"]
    if "paralyzed" in statuses:
        ctx.say(
            f"{c['name']} is paralyzed: no movement and no actions this turn.",
            "glittershard.paralyzed",
            cid,
        )
        return
    e = effective(c)
    left = {"offensive": 1, "units": e["speed"], "trivial": 1}
    note = f" (speed {c['speed']}: {e['speed_note']})" if e["speed_note"] else ""
    for key, rule, why in (
        ("frozen", "glittershard.frozen", "is frozen and so bound"),
        ("bound", "glittershard.bound", "is bound"),
    ):
        if key in statuses:
            left.update(units=0, trivial=0)
            ctx.say(
                f"{c['name']} {why}: only the Offensive action this turn, no Movement or "
                "Trivial actions.",
                rule,
                cid,
            )
            break
    if "fear" in statuses:
        left["offensive"] = 0
        statuses["fear"] = 1
        ctx.say(
            f"{c['name']} is afraid and loses the Offensive action of this turn.",
            "glittershard.fear",
            cid,
        )
    c["left"] = left
    ctx.say(
        f"{c['name']} has {left['offensive']} Offensive, {left['units']} units of movement"
        f"{note} and {left['trivial']} Trivial action this turn.",
        "glittershard.actions",
        cid,
    )
    if c["exhaustion"] >= 4:
        ctx.say(
            f"{c['name']} is {exhaustion_names()[c['exhaustion']]}: they fall unconscious "
            "unless kept awake (Falls asleep).",
            "glittershard.exhaustion",
            cid,
        )
    if "charmed" in statuses:
        ctx.say(
            f"{c['name']} is charmed: the charmer chooses their actions.",
            "glittershard.charmed",
            cid,
        )


def turn_end(ctx: Ctx, cid: str) -> None:
    """Burning and poison (if at the end), fear ends, the defensive posture is picked."""
    c = ctx.state["creatures"][cid]
    if ctx.setting(A_BURNING) == "end":
        _over_time(ctx, cid)
    c["left"] = dict(NO_ACTIONS)
    if c["statuses"].get("fear") == 1:
        del c["statuses"]["fear"]
        ctx.say(f"Fear on {c['name']} ends with their turn.", "glittershard.fear", cid)
    if not c["dead"] and not c["unconscious"]:
        armor, dodge = goal(c)
        ctx.say(
            f"{c['name']} ends their turn {POSTURES[c['posture']]}: attacks meet armor value "
            f"{armor}" + (f" or dodge {dodge}" if c["posture"] == "dodgy" else "") + ".",
            "glittershard.posture",
            cid,
        )


def check_use(ctx: Ctx, cid: str, limit: Limit) -> None:
    """No limited uses in this rulebook (``LIMITS`` is empty)."""


def after_set(ctx: Ctx, cid: str, field: str) -> None:
    """A corrected number must still obey the rules; it may knock out, wake or kill."""
    c = ctx.state["creatures"][cid]
    try:
        validate_creature(c, "")
    except InputError as error:
        raise InputError("value", error.message) from None
    if field in ("health", "max_health"):
        _thresholds(ctx, cid)
        _wake_if_healed(ctx, cid)
    if field == "exhaustion":
        _exhaustion_death(ctx, cid)
    if field == "hungry":
        _starved(ctx, cid)


def resolve(ctx: Ctx, cid: str, check: dict[str, Any], success: bool, total: int) -> None:
    """The outcome of a check or of a damage roll the creature waited for."""
    c = ctx.state["creatures"][cid]
    kind = check["check"]
    if kind in ("burning", "poison", "fall"):
        _damage(ctx, cid, max(0, total), check["label"].split(":")[0].lower(), check["rule"])
    elif kind == "hypothermia":
        _lose(ctx, cid, max(0, total), "to the cold", "glittershard.hypothermia")
    elif kind == "break_free" and success:
        c["statuses"].pop("bound", None)
        ctx.say(f"{c['name']} breaks free and is no longer bound.", "glittershard.bound", cid)
    elif kind == "poison_heal" and success:
        _cure_poison(c)
        ctx.say(f"The poison leaves {c['name']}.", "glittershard.poisoned", cid)


def _damage(ctx: Ctx, cid: str, amount: int, what: str, rule: str) -> None:
    """Damage: magical health drains first, then health; then the thresholds."""
    c = ctx.state["creatures"][cid]
    if c["dead"]:
        return
    magic, health = c["magical_health"], c["health"]
    absorbed = min(magic, amount)
    c["magical_health"] = magic - absorbed
    c["health"] = max(HEALTH_LOW, health - (amount - absorbed))
    parts = f"health {health} → {c['health']}"
    if magic:
        parts = f"magical health {magic} → {c['magical_health']}, " + parts
    word = "damage" if what == "damage" else f"{what} damage"
    ctx.say(f"{c['name']} takes {amount} {word}: {parts}.", rule, cid)
    if absorbed:
        ctx.say(
            f"Magical health takes {absorbed} of it first; {amount - absorbed} reaches health.",
            "glittershard.magical_health",
            cid,
        )
    _thresholds(ctx, cid)


def _lose(ctx: Ctx, cid: str, amount: int, why: str, rule: str) -> None:
    """Health lost that the rulebook does not call damage: magical health does not take it."""
    c = ctx.state["creatures"][cid]
    if c["dead"]:
        return
    before = c["health"]
    c["health"] = max(HEALTH_LOW, before - amount)
    ctx.say(f"{c['name']} loses {amount} health {why}: {before} → {c['health']}.", rule, cid)
    _thresholds(ctx, cid)


def _thresholds(ctx: Ctx, cid: str) -> None:
    c = ctx.state["creatures"][cid]
    if c["dead"]:
        return
    if c["health"] <= -c["max_health"]:
        _die(
            ctx,
            cid,
            f"dies: health {c['health']} has reached −{c['max_health']}, the negative of "
            "their max health",
            "glittershard.death",
        )
    elif c["health"] <= 0 and not c["unconscious"]:
        _knock_out(ctx, cid, f"is reduced to {c['health']} health and loses consciousness")


def _knock_out(ctx: Ctx, cid: str, how: str) -> None:
    c = ctx.state["creatures"][cid]
    c.update(unconscious=True, posture="unguarded", prone=True, left=dict(NO_ACTIONS))
    ctx.say(f"{c['name']} {how}.", "glittershard.unconscious", cid)
    armor, _ = goal(c)
    ctx.say(
        f"{c['name']} falls Unguarded: armor value {armor} (halved), dodge 0, prone.",
        "glittershard.unguarded",
        cid,
    )


def _die(ctx: Ctx, cid: str, how: str, rule: str) -> None:
    c = ctx.state["creatures"][cid]
    c.update(dead=True, unconscious=False, left=dict(NO_ACTIONS), pending=[])
    ctx.say(f"{c['name']} {how}.", rule, cid)


def _wake_if_healed(ctx: Ctx, cid: str) -> None:
    c = ctx.state["creatures"][cid]
    if c["unconscious"] and not c["dead"] and c["health"] > 0:
        c["unconscious"] = False
        ctx.say(
            f"{c['name']} is back above 0 health ({c['health']}) and regains consciousness "
            "(still Unguarded and prone until they pick a posture and stand up).",
            "glittershard.unconscious",
            cid,
        )


def _exhaustion_death(ctx: Ctx, cid: str) -> None:
    c = ctx.state["creatures"][cid]
    if c["exhaustion"] >= 6 and not c["dead"]:
        _die(ctx, cid, "dies of exhaustion (level 6, Death)", "glittershard.exhaustion")


def _starved(ctx: Ctx, cid: str) -> None:
    c = ctx.state["creatures"][cid]
    if hunger_stage(c["hungry"]) >= 4 and not c["dead"]:
        _die(ctx, cid, "starves to death after 192 hours without a meal", "glittershard.hunger")


def _alive(ctx: Ctx, cid: str, field: str) -> dict[str, Any]:
    c = ctx.state["creatures"][cid]
    if c["dead"]:
        raise InputError(field, f"{c['name']} is dead.")
    return c


def _conscious(ctx: Ctx, cid: str, field: str) -> dict[str, Any]:
    c = _alive(ctx, cid, field)
    if c["unconscious"]:
        raise InputError(field, f"{c['name']} is unconscious and cannot act.")
    return c


def _roll_damage(ctx: Ctx, cid: str, kind: str, dice: int, label: str, rule: str) -> None:
    """Roll ``dice`` d6 now (the action has a seed) or ask for them as a pending roll."""
    c = ctx.state["creatures"][cid]
    while dice > 0:
        part = min(dice, MAX_ROLL_DICE)
        dice -= part
        expression = f"{part}d6"
        if ctx.seed is None:
            c["pending"].append(
                {
                    "check": kind,
                    "label": f"{label}: {expression}",
                    "expression": expression,
                    "names": {},
                    "op": ">=",
                    "target": part,
                    "rule": rule,
                }
            )
            ctx.say(f"{c['name']}: roll {expression} for {label.lower()}.", rule, cid)
            continue
        total = ctx.roll(expression, {}, f"{c['name']}'s {label.lower()}", rule, cid)
        if kind == "hypothermia":
            _lose(ctx, cid, total, "to the cold", rule)
        else:
            _damage(ctx, cid, total, label.split(":")[0].lower(), rule)


def _over_time(ctx: Ctx, cid: str) -> None:
    """Burning's 1d6 and the poison's damage of this turn."""
    c = ctx.state["creatures"][cid]
    if c["dead"]:
        return
    if "burning" in c["statuses"]:
        ctx.say(
            f"{c['name']} is burning: 1d6 fire damage, armor does not reduce it.",
            "glittershard.burning",
            cid,
        )
        _roll_damage(ctx, cid, "burning", 1, "Fire", "glittershard.burning")
    if "poisoned" in c["statuses"] and c["poison_damage"] and not c["dead"]:
        _damage(ctx, cid, c["poison_damage"], "poison", "glittershard.poisoned")


def _advance(ctx: Ctx, cid: str, minutes: int, *, awake: bool) -> None:
    """``minutes`` pass for a creature: hunger, hours awake and the cold."""
    c = ctx.state["creatures"][cid]
    if c["dead"]:
        return
    if c["hungry"] is not None:
        before = hunger_stage(c["hungry"])
        c["hungry"] = min(20000, c["hungry"] + minutes)
        after = hunger_stage(c["hungry"])
        if after != before and after < 4:
            texts = {
                2: "also −1 Bwn",
                3: "health no longer comes back after a long rest",
            }
            ctx.say(
                f"{c['name']} has gone {c['hungry'] // 60} hours without a meal: "
                f"{texts.get(after, '−1 move speed')}.",
                "glittershard.hunger",
                cid,
            )
        _starved(ctx, cid)
        if c["dead"]:
            return
    if awake:
        before_awake = c["awake"]
        c["awake"] = min(20000, c["awake"] + minutes)
        if before_awake < AWAKE_MINUTES <= c["awake"] and c["exhaustion"] == 0:
            c["exhaustion"] = 1
            ctx.say(
                f"{c['name']} has been awake 14 hours since their last long rest and becomes "
                "Tired (exhaustion 1: stats −1).",
                "glittershard.tired",
                cid,
            )
    cold = c["statuses"].get("hypothermia")
    if cold is not None:
        total = cold + minutes
        blocks, c["statuses"]["hypothermia"] = divmod(total, COLD_MINUTES)
        if blocks:
            ctx.say(
                f"{c['name']} completes {blocks} more span{'s' if blocks > 1 else ''} of "
                f"{COLD_MINUTES} minutes in the cold: {blocks} × {COLD_DICE}d6 health lost.",
                "glittershard.hypothermia",
                cid,
            )
            _roll_damage(
                ctx,
                cid,
                "hypothermia",
                blocks * COLD_DICE,
                "Hypothermia",
                "glittershard.hypothermia",
            )


def _pass_time(ctx: Ctx, values: dict[str, Any]) -> None:
    minutes = values["minutes"]
    ctx.say(f"{minutes} minutes pass.", "glittershard.rounds")
    for cid in list(ctx.state["order"]):
        _advance(ctx, cid, minutes, awake=True)


def _rest_one(ctx: Ctx, cid: str, kind: str) -> None:
    c = ctx.state["creatures"][cid]
    if c["dead"]:
        return
    name = c["name"]
    _advance(ctx, cid, REST_MINUTES[kind], awake=kind != "long")
    if c["dead"]:
        return
    shorts = SHORT_RESTS[kind]
    rule = f"glittershard.{kind}_rest"
    gains = []
    if c["magical_health"]:
        gains.append(f"magical health {c['magical_health']} wears off")
        c["magical_health"] = 0
    if c["battle_used"]:
        gains.append(f"once-per-battle skills refreshed ({', '.join(c['battle_used'])})")
        c["battle_used"] = []
    stamina = min(c["max_stamina"], c["stamina"] + shorts)
    if stamina != c["stamina"]:
        gains.append(f"magic stamina {c['stamina']} → {stamina}")
        c["stamina"] = stamina
    ctx.say(
        f"{name} takes a {kind} rest ({REST_MINUTES[kind]} minutes"
        + (f", {shorts} short rests" if shorts > 1 else "")
        + "): "
        + ("; ".join(gains) if gains else "nothing to restore from a short rest")
        + ".",
        rule,
        cid,
    )
    if kind != "short":
        points = min(c["max_recovery"], c["recovery"] + RECOVERY_PER_REST[kind])
        ctx.say(
            f"{name} recovers magical recovery points: {c['recovery']} → {points} "
            f"(+{RECOVERY_PER_REST[kind]} a {kind} rest, at most {c['max_recovery']}).",
            "glittershard.recovery_points",
            cid,
        )
        c["recovery"] = points
        if c["mundane"]:
            before = c["health"]
            c["health"] = min(c["max_health"], before + c["mundane"])
            ctx.say(
                f"Mundane healing takes effect on {name}: {c['mundane']} health, {before} → "
                f"{c['health']} (at most {c['max_health']}).",
                "glittershard.mundane_healing",
                cid,
            )
            c["mundane"] = 0
    if kind == "long":
        if hunger_stage(c["hungry"]) >= 3:
            ctx.say(
                f"{name} has gone 48 hours or more without a meal: health does not come back "
                "after this long rest.",
                "glittershard.hunger",
                cid,
            )
        else:
            rounding = ctx.setting(A_NATURAL_ROUNDING)
            health = min(c["health"], c["max_health"])
            r = compute_natural_healing(health, c["max_health"], 1, rounding)
            ctx.say(
                f"{name} heals naturally: {c['health']} → {r['health_after']} (25% of "
                f"{c['max_health']} is {r['per_rest']}, {rounding_text(rounding)}).",
                "glittershard.natural_healing",
                cid,
            )
            c["health"] = r["health_after"]
        c["awake"] = 0
        ctx.say(
            f"{name} slept: 14 hours from now before getting tired again.",
            "glittershard.long_rest",
            cid,
        )
    order = [k for k, _ in REST_CHOICES]
    clears = ctx.setting(A_EXHAUSTION_REST)
    if c["exhaustion"] and order.index(kind) >= order.index(clears):
        ctx.say(
            f"Resting removes {name}'s exhaustion: {c['exhaustion']} → 0.",
            "glittershard.exhaustion_rest",
            cid,
        )
        c["exhaustion"] = 0
    _thresholds(ctx, cid)
    _wake_if_healed(ctx, cid)


def _rest(ctx: Ctx, values: dict[str, Any]) -> None:
    _alive(ctx, values["id"], "kind")
    _rest_one(ctx, values["id"], values["kind"])


def _rest_all(ctx: Ctx, values: dict[str, Any]) -> None:
    living = [cid for cid in ctx.state["order"] if not ctx.state["creatures"][cid]["dead"]]
    if not living:
        raise InputError("kind", "No living creature to rest.")
    for cid in living:
        _rest_one(ctx, cid, values["kind"])


def _roll_initiative(ctx: Ctx, values: dict[str, Any]) -> None:
    state = ctx.state
    started = bool(state["round"])
    ids = [
        cid
        for cid in state["order"]
        if not started or state["creatures"][cid]["initiative"] is None
    ]
    if not ids:
        raise InputError("op", "Everyone already has a turn order score.")
    for cid in ids:
        c = state["creatures"][cid]
        nim = effective(c)["nim"]
        c["initiative"] = ctx.roll(
            f"1d{TURN_ORDER_DIE} + nim",
            {"nim": nim},
            f"{c['name']}'s turn order (Nimbleness {nim:+d} + 1d{TURN_ORDER_DIE})",
            "glittershard.turn_order",
            cid,
        )
        c["tiebreak"] = 0
    groups: dict[tuple[int, int], list[str]] = {}
    for cid in state["order"]:
        c = state["creatures"][cid]
        if c["initiative"] is not None:
            groups.setdefault((c["initiative"], effective(c)["nim"]), []).append(cid)
    for (score, nim), tied in groups.items():
        if len(tied) < 2 or not any(cid in ids for cid in tied):
            continue
        names = " and ".join(ctx.name(cid) for cid in tied)
        ctx.say(
            f"{names} tie at {score} with Nimbleness {nim:+d}: a secondary d10 each, "
            f"rolled again while equal ({assumed(A_TURN_TIES)}).",
            "glittershard.turn_order",
        )
        for _ in range(100):
            rolls = [
                ctx.roll(
                    f"1d{TURN_ORDER_DIE}",
                    {},
                    f"{ctx.name(cid)}'s secondary d10",
                    "glittershard.turn_order",
                    cid,
                )
                for cid in tied
            ]
            if len(set(rolls)) == len(rolls):
                break
        for cid, roll in zip(tied, rolls, strict=True):
            state["creatures"][cid]["tiebreak"] = roll
    if started:
        sort_order(sys.modules[__name__], state)


def _damage_action(ctx: Ctx, values: dict[str, Any]) -> None:
    _alive(ctx, values["id"], "amount")
    _damage(ctx, values["id"], values["amount"], "damage", "glittershard.health")


def _own_turn(ctx: Ctx, cid: str, field: str) -> dict[str, Any]:
    c = _conscious(ctx, cid, field)
    state = ctx.state
    if state["round"] == 0 or state["order"][state["turn"]] != cid:
        raise InputError(field, f"{c['name']} acts during their own turn.")
    if "paralyzed" in c["statuses"]:
        raise InputError(field, f"{c['name']} is paralyzed and cannot take actions.")
    return c


def _act(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _own_turn(ctx, cid, "kind")
    left = c["left"]
    kind = values["kind"]
    name = c["name"]
    if kind in ("offensive", "trade_offensive") and left["offensive"] < 1:
        raise InputError("kind", f"{name} has no Offensive action left this turn.")
    if kind == "offensive":
        if values["slow"] > left["units"]:
            raise InputError(
                "slow",
                f"The slow action needs {values['slow']} units of movement; {name} has "
                f"{left['units']} left.",
            )
        left["offensive"] -= 1
        left["units"] -= values["slow"]
        slow = f" (slow: {values['slow']} units)" if values["slow"] else ""
        ctx.say(
            f"{name} takes the Offensive action{slow}; left: {_left(left)}.",
            "glittershard.actions" if not values["slow"] else "glittershard.trades",
            cid,
        )
    elif kind == "trivial":
        if left["trivial"] < 1:
            raise InputError("kind", f"{name} has no Trivial action left this turn.")
        left["trivial"] -= 1
        ctx.say(f"{name} takes a Trivial action; left: {_left(left)}.", "glittershard.actions", cid)
    elif kind == "movement":
        costs = {n: (label, cost) for n, label, cost in movement_costs()}
        label, cost = costs[values["move"]]
        moves = values["move"] not in ("going_prone", "standing_up")
        if moves and ("bound" in c["statuses"] or "frozen" in c["statuses"]):
            raise InputError("move", f"{name} is bound and cannot move.")
        units = cost * values["count"]
        if units > left["units"]:
            raise InputError(
                "count",
                f"{label} × {values['count']} costs {units} units of movement; {name} has "
                f"{left['units']} left.",
            )
        left["units"] -= units
        if values["move"] == "going_prone":
            c["prone"] = True
        elif values["move"] == "standing_up":
            c["prone"] = False
        ctx.say(
            f"{name}: {label} × {values['count']} for {units} units ({cost} each); left: "
            f"{_left(left)}.",
            "glittershard.actions",
            cid,
        )
    elif kind == "trade_offensive":
        left["offensive"] -= 1
        left["units"] += OFFENSIVE_TRADE_UNITS
        ctx.say(
            f"{name} trades the Offensive action for {OFFENSIVE_TRADE_UNITS} more units of "
            f"movement; left: {_left(left)}.",
            "glittershard.trades",
            cid,
        )
    else:
        if left["units"] < TRIVIAL_TRADE_UNITS:
            raise InputError(
                "kind",
                f"A Trivial action costs {TRIVIAL_TRADE_UNITS} units of movement; {name} has "
                f"{left['units']} left.",
            )
        left["units"] -= TRIVIAL_TRADE_UNITS
        left["trivial"] += 1
        ctx.say(
            f"{name} trades {TRIVIAL_TRADE_UNITS} units of movement for a Trivial action; "
            f"left: {_left(left)}.",
            "glittershard.trades",
            cid,
        )


def _left(left: dict[str, int]) -> str:
    return f"{left['offensive']} Offensive, {left['units']} units, {left['trivial']} Trivial"


def _posture(ctx: Ctx, values: dict[str, Any]) -> None:
    c = _conscious(ctx, values["id"], "posture")
    c["posture"] = values["posture"]
    armor, dodge = goal(c)
    extra = f", dodge {dodge}" if values["posture"] == "dodgy" else ""
    ctx.say(
        f"{c['name']} takes a {POSTURES[values['posture']]} posture (a free action): armor "
        f"value {armor}{extra}.",
        "glittershard.posture",
        values["id"],
    )


def _heal(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _alive(ctx, cid, "amount")
    r = compute_healing(
        c["health"], c["max_health"], values["amount"], c["recovery"], values["effect"]
    )
    magic = c["magical_health"] + r["magical_health"]
    if magic > 999:
        raise InputError("amount", f"{c['name']} would have more than 999 magical health.")
    if c["recovery"]:
        ctx.say(
            f"Magical healing burns one of {c['name']}'s magical recovery points: "
            f"{c['recovery']} → {r['recovery_points_after']}.",
            "glittershard.recovery_points",
            cid,
        )
    else:
        ctx.say(
            f"{c['name']} is out of magical recovery points: half of {values['amount']} "
            f"healing, {r['health_lost']}, is subtracted first ({assumed(A_HEAL_NO_POINTS)}).",
            "glittershard.recovery_points",
            cid,
        )
    before = (c["health"], c["magical_health"])
    c["recovery"] = r["recovery_points_after"]
    c["health"] = r["health_after"]
    c["magical_health"] = magic
    if values["effect"] == "magical_health":
        ctx.say(
            f"{c['name']} gains {values['amount']} magical health: {before[1]} → {magic} "
            f"(health {before[0]} → {c['health']}); it is drained first and wears off after a "
            "short rest.",
            "glittershard.magical_health",
            cid,
        )
    else:
        ctx.say(
            f"{c['name']} heals: health {before[0]} → {c['health']} (at most "
            f"{c['max_health']}, {assumed(A_HEAL_CAP)}).",
            "glittershard.recovery_points",
            cid,
        )
    _thresholds(ctx, cid)
    _wake_if_healed(ctx, cid)


def _treat(ctx: Ctx, values: dict[str, Any]) -> None:
    c = _alive(ctx, values["id"], "amount")
    total = c["mundane"] + values["amount"]
    if total > 9999:
        raise InputError("amount", "That is more mundane healing than the tracker keeps.")
    c["mundane"] = total
    ctx.say(
        f"{c['name']} is treated for {values['amount']} health: it takes effect after a "
        f"medium rest ({total} waiting).",
        "glittershard.mundane_healing",
        values["id"],
    )


def _cast(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _conscious(ctx, cid, "tier")
    tier = values["tier"]
    if values["pay"] == "component":
        ctx.say(
            f"{c['name']} casts a tier {tier} spell with magical components instead of "
            "stamina; the components are consumed.",
            "glittershard.magical_stamina",
            cid,
        )
    elif c["stamina"] >= tier:
        before = c["stamina"]
        c["stamina"] -= tier
        ctx.say(
            f"{c['name']} casts a tier {tier} spell: magic stamina {before} → {c['stamina']}.",
            "glittershard.magical_stamina",
            cid,
        )
    else:
        ctx.say(
            f"{c['name']} has {c['stamina']} magic stamina, less than the spell's tier {tier}: "
            f"the spell takes {tier} hit points instead ({assumed(A_SPELL)}).",
            "glittershard.magical_stamina",
            cid,
        )
        _lose(ctx, cid, tier, "casting without stamina", "glittershard.magical_stamina")


def _apply(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _alive(ctx, cid, "status")
    key = values["status"]
    label, rule = STATUSES[key]
    statuses = c["statuses"]
    if key in statuses:
        raise InputError("status", f"{c['name']} is already {label.lower()}.")
    own_turn = ctx.state["round"] and ctx.state["order"][ctx.state["turn"]] == cid
    if key == "poisoned":
        level = values["level"]
        rolled = ctx.roll(
            f"{level} + 1d10", {}, f"{c['name']}'s poison heal check number", rule, cid
        )
        statuses[key] = level
        c["poison_dc"] = rolled
        c["poison_damage"] = values["per_turn"]
        ctx.say(
            f"{c['name']} is poisoned (level {level}, {values['per_turn']} damage each turn): "
            f"a heal check of {rolled} or more removes it ({assumed(A_POISON)}).",
            rule,
            cid,
        )
        return
    statuses[key] = 0 if key == "hypothermia" else None
    text = {
        "bound": "cannot move and gets only the Offensive action of a turn",
        "frozen": "is bound and in the cold (at risk of hypothermia)",
        "paralyzed": "cannot move or take actions",
        "fear": "loses the Offensive action of their next turn",
        "burning": "takes 1d6 fire damage each turn",
        "hypothermia": "loses 2d6 health for every 15 minutes in the cold",
        "charmed": "is controlled by the charmer",
        "invisible": "cannot be seen",
    }[key]
    ctx.say(f"{c['name']} is {label.lower()}: {text}.", rule, cid)
    if key == "frozen" and "hypothermia" not in statuses:
        statuses["hypothermia"] = 0
        ctx.say(
            f"{c['name']} is in the cold: 2d6 health lost every 15 minutes.",
            "glittershard.hypothermia",
            cid,
        )
    if own_turn:
        left = c["left"]
        if key in ("bound", "frozen"):
            left.update(units=0, trivial=0)
        elif key == "paralyzed":
            c["left"] = dict(NO_ACTIONS)
        elif key == "fear":
            left["offensive"] = 0
            statuses["fear"] = 1


def _cure_poison(c: dict[str, Any]) -> None:
    c["statuses"].pop("poisoned", None)
    c["poison_dc"] = None
    c["poison_damage"] = None
    c["pending"] = [p for p in c["pending"] if p["check"] != "poison_heal"]


def _remove_status(ctx: Ctx, values: dict[str, Any]) -> None:
    c = ctx.state["creatures"][values["id"]]
    key = values["status"]
    label, rule = STATUSES[key]
    if key not in c["statuses"]:
        raise InputError("status", f"{c['name']} is not {label.lower()}.")
    if key == "poisoned":
        _cure_poison(c)
    else:
        del c["statuses"][key]
    ctx.say(f"{c['name']} is no longer {label.lower()}.", rule, values["id"])


def _break_free(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _own_turn(ctx, cid, "against")
    if "bound" not in c["statuses"]:
        raise InputError("against", f"{c['name']} is not bound.")
    if c["left"]["offensive"] < 1:
        raise InputError("against", f"{c['name']} has no Offensive action left to break free.")
    c["left"]["offensive"] -= 1
    bwn = effective(c)["bwn"]
    dice, how = pool_size(
        bwn,
        False,
        0,
        -BOUND_PENALTY,
        assumption_default(A_STAT_DICE),
        assumption_default(A_MIN_POOL),
    )
    if c["exhaustion"] >= 3:
        dice = max(1, dice // 2)
        how += f"; Exhausted: half as many d6, {dice}d6 ({assumed(A_HALVES)})"
    c["pending"].append(
        {
            "check": "break_free",
            "label": f"Bwn d6 check to break free ({how})",
            "expression": f"{dice}d6",
            "names": {},
            "op": ">=",
            "target": values["against"],
            "rule": "glittershard.bound",
        }
    )
    ctx.say(
        f"{c['name']} spends the Offensive action to break free: {dice}d6 against the "
        f"holder's {values['against']}, ties to {c['name']}.",
        "glittershard.bound",
        cid,
    )


def _treat_poison(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _alive(ctx, cid, "id")
    if "poisoned" not in c["statuses"] or c["poison_dc"] is None:
        raise InputError("id", f"{c['name']} is not poisoned.")
    if any(p["check"] == "poison_heal" for p in c["pending"]):
        raise InputError("id", f"A heal check against {c['name']}'s poison is already waiting.")
    c["pending"].append(
        {
            "check": "poison_heal",
            "label": "Heal check against the poison",
            "expression": "",
            "names": {},
            "op": ">=",
            "target": c["poison_dc"],
            "rule": "glittershard.poisoned",
        }
    )
    ctx.say(
        f"A heal check against {c['name']}'s poison needs {c['poison_dc']} or more.",
        "glittershard.poisoned",
        cid,
    )


def _fall(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _alive(ctx, cid, "units")
    units = values["units"]
    ctx.say(f"{c['name']} falls {units} units: {units}d6 damage.", "glittershard.fall", cid)
    _roll_damage(ctx, cid, "fall", units, "Fall", "glittershard.fall")


def _exhaust(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _alive(ctx, cid, "change")
    after = min(6, max(0, c["exhaustion"] + values["change"]))
    if after == c["exhaustion"]:
        raise InputError("change", f"{c['name']}'s exhaustion stays at {after}.")
    names = exhaustion_names()
    ctx.say(
        f"{c['name']}'s exhaustion: {c['exhaustion']} ({names[c['exhaustion']]}) → {after} "
        f"({names[after]}).",
        "glittershard.exhaustion",
        cid,
    )
    c["exhaustion"] = after
    _exhaustion_death(ctx, cid)


def _miss_meal(ctx: Ctx, values: dict[str, Any]) -> None:
    c = _alive(ctx, values["id"], "id")
    if c["hungry"] is not None:
        raise InputError("id", f"{c['name']} is already hungry.")
    c["hungry"] = 0
    ctx.say(
        f"{c['name']} misses a meal and becomes hungry: −1 move speed.",
        "glittershard.hunger",
        values["id"],
    )


def _eat(ctx: Ctx, values: dict[str, Any]) -> None:
    c = _alive(ctx, values["id"], "id")
    if c["hungry"] is None:
        raise InputError("id", f"{c['name']} is not hungry.")
    c["hungry"] = None
    ctx.say(f"{c['name']} eats and is no longer hungry.", "glittershard.hunger", values["id"])


def _battle_skill(ctx: Ctx, values: dict[str, Any]) -> None:
    c = _conscious(ctx, values["id"], "name")
    name = values["name"].strip()
    if not name:
        raise InputError("name", "Name the skill.")
    if name in c["battle_used"]:
        raise InputError("name", f"{c['name']} has already used {name}: a short rest refreshes it.")
    if len(c["battle_used"]) >= 40:
        raise InputError("name", "That is more once-per-battle skills than the tracker keeps.")
    c["battle_used"].append(name)
    ctx.say(
        f"{c['name']} uses {name}, once per battle: again after a short rest.",
        "glittershard.once_per_battle",
        values["id"],
    )


def _doze(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _conscious(ctx, cid, "id")
    if c["exhaustion"] < 4:
        raise InputError(
            "id", f"Only a Shattered creature falls asleep on its own; {c['name']} is not."
        )
    _knock_out(ctx, cid, f"is {exhaustion_names()[c['exhaustion']]} and falls unconscious")


def _wake(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _alive(ctx, cid, "id")
    if not c["unconscious"]:
        raise InputError("id", f"{c['name']} is not unconscious.")
    if c["health"] <= 0:
        raise InputError("id", f"{c['name']} is at {c['health']} health and cannot wake.")
    c["unconscious"] = False
    ctx.say(f"{c['name']} is woken up.", "glittershard.unconscious", cid)


def card(creature: dict[str, Any], state: State) -> dict[str, Any]:
    """What the creature's card shows: its numbers with their meaning, its conditions."""
    c = creature
    e = effective(c)
    armor, dodge = goal(c)
    numbers: list[tuple[str, Any, str]] = [
        (
            "Health",
            f"{c['health']} / {c['max_health']}",
            f"unconscious at 0, dies at −{c['max_health']}",
        ),
        ("Magical health", c["magical_health"], "drained first; wears off after a short rest"),
        ("Recovery points", f"{c['recovery']} / {c['max_recovery']}", "1 a medium rest"),
        ("Magic stamina", f"{c['stamina']} / {c['max_stamina']}", "1 a short rest"),
        (
            "Posture",
            POSTURES[c["posture"]],
            f"armor value {armor}" + (f", dodge {dodge}" if c["posture"] != "steady" else ""),
        ),
        ("Speed", e["speed"], e["speed_note"]),
        ("Nimbleness", e["nim"], "turn order"),
    ]
    if c["exhaustion"]:
        numbers.append(("Exhaustion", c["exhaustion"], exhaustion_names()[c["exhaustion"]]))
    if c["hungry"] is not None:
        numbers.append(
            ("Hungry", f"{c['hungry'] // 60} h {c['hungry'] % 60} min", "starves at 192 h")
        )
    numbers.append(("Awake", f"{c['awake'] // 60} h {c['awake'] % 60} min", "Tired at 14 h"))
    if c["mundane"]:
        numbers.append(("Mundane healing", c["mundane"], "after a medium rest"))
    if c["poison_dc"] is not None:
        numbers.append(("Poison heal check", c["poison_dc"], "or more removes it"))
    current = state["turn"] is not None and state["order"][state["turn"]] == c["id"]
    if current:
        numbers.append(("This turn", _left(c["left"]), "left"))
    conditions = []
    if c["dead"]:
        conditions.append("Dead")
    elif c["unconscious"]:
        conditions.append("Unconscious")
    if c["prone"]:
        conditions.append("Prone")
    for key, x in c["statuses"].items():
        label = STATUSES[key][0]
        conditions.append(f"{label} (level {x})" if key == "poisoned" else label)
    if c["battle_used"]:
        conditions.append(f"Used this battle: {', '.join(c['battle_used'])}")
    return {"numbers": numbers, "conditions": conditions}


def from_character(character: Any) -> dict[str, Any]:
    """The add form's values for a character of the Glittershard's End builder.

    Health, recovery points, magic stamina, armor value, dodge and speed are the sheet's
    (:func:`calculators.builders.glittershard.evaluate`), each at its maximum.

    >>> values = from_character(builder.example())
    >>> values["name"], values["max_health"], values["health"], values["speed"]
    ('Mara Quickfoot', 11, 11, 12)
    """
    sheet = builder.evaluate(character)
    shown = {v["label"]: v["value"] for v in sheet["values"]}
    stats = builder._stat_labels()
    c = sheet["state"]
    return {
        "name": c["name"] or "Unnamed character",
        "nim": int(shown[stats["nim"]]),
        "bwn": int(shown[stats["bwn"]]),
        "max_health": max(1, int(shown["Max health"])),
        "health": max(1, int(shown["Max health"])),
        "magical_health": 0,
        "max_recovery": max(0, int(shown["Magical recovery points"])),
        "recovery": max(0, int(shown["Magical recovery points"])),
        "max_stamina": max(0, int(shown["Magic stamina"])),
        "stamina": max(0, int(shown["Magic stamina"])),
        "armor": max(0, int(shown["Armor value"])),
        "dodge": int(shown["Dodge"]),
        "speed": max(0, int(shown["Speed"])),
        "exhaustion": 0,
        "hungry": None,
        "awake": 0,
        "tiebreak": 0,
    }


HANDLERS = {
    "roll_initiative": _roll_initiative,
    "pass_time": _pass_time,
    "rest_all": _rest_all,
    "damage": _damage_action,
    "act": _act,
    "posture": _posture,
    "heal": _heal,
    "treat": _treat,
    "cast": _cast,
    "apply": _apply,
    "remove_status": _remove_status,
    "break_free": _break_free,
    "treat_poison": _treat_poison,
    "fall": _fall,
    "rest": _rest,
    "exhaust": _exhaust,
    "miss_meal": _miss_meal,
    "eat": _eat,
    "battle_skill": _battle_skill,
    "doze": _doze,
    "wake": _wake,
}
