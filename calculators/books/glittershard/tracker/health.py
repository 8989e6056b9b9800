"""Health and magical health: damage and health lost, unconsciousness at 0 and death at
the negative of the max health (or of exhaustion and hunger), the checks that a creature
is alive or conscious, and the damage rolls that wait for a seed."""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ....tracker.context import Ctx
from .reading import goal, hunger_stage
from .terms import HEALTH_LOW, MAX_ROLL_DICE, NO_ACTIONS

# --- health ---------------------------------------------------------------------------


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
        raise InputError(field, f"{c['name']} is dead: choose a living creature.")
    return c


def _conscious(ctx: Ctx, cid: str, field: str) -> dict[str, Any]:
    c = _alive(ctx, cid, field)
    if c["unconscious"]:
        raise InputError(field, f"{c['name']} is unconscious and cannot act: wake them first.")
    return c


# --- rolls that wait for a seed -------------------------------------------------------


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
