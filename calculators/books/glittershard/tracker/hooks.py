"""The hooks the engine calls: a new or stored creature checked, the turn order key, the
start of a round, the start and end of a turn, a corrected number and a resolved check."""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ....tracker.context import Ctx, State
from ....tracker.spec import Limit
from .health import (
    _damage,
    _exhaustion_death,
    _lose,
    _over_time,
    _starved,
    _thresholds,
    _wake_if_healed,
)
from .reading import effective, exhaustion_names, goal, hunger_stage
from .rests import _advance
from .statuses import _cure_poison
from .terms import A_BURNING, LEFT, NO_ACTIONS, POSTURES, ROUND_SECONDS, STATUSES


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
        "pennies": 0,
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
    _whole(c["pennies"], _at(path, "pennies"), 0, 99)
    for key in ("poison_dc", "poison_damage"):
        if c[key] is not None:
            _whole(c[key], _at(path, key), 0, 999)
    for key in c.get("statuses", {}):
        if key not in STATUSES:
            raise InputError(
                _at(path, f"statuses.{key}"),
                f"Unknown status {key!r}: correct the "
                "file, or remove it.",
            )


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
