"""Time and rest: minutes passing (hunger, hours awake, the cold), the short, medium and
long rests, and the exhaustion, hunger and sleep the GM changes."""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ....rounding import rounding_text
from ....tracker.context import Ctx
from ..healing import compute_natural_healing
from ..rules import A_NATURAL_ROUNDING
from .health import (
    _alive,
    _conscious,
    _exhaustion_death,
    _knock_out,
    _roll_damage,
    _starved,
    _thresholds,
    _wake_if_healed,
)
from .reading import exhaustion_names, hunger_stage, third_stage_hours
from .terms import (
    A_EXHAUSTION_REST,
    A_HUNGER_GAP,
    AWAKE_MINUTES,
    COLD_DICE,
    COLD_MINUTES,
    RECOVERY_PER_REST,
    REST_CHOICES,
    REST_MINUTES,
    SHORT_RESTS,
)

# --- time -----------------------------------------------------------------------------


def _advance(ctx: Ctx, cid: str, minutes: int, *, awake: bool) -> None:
    """``minutes`` pass for a creature: hunger, hours awake and the cold."""
    c = ctx.state["creatures"][cid]
    if c["dead"]:
        return
    if c["hungry"] is not None:
        gap = ctx.setting(A_HUNGER_GAP)
        before = hunger_stage(c["hungry"], gap)
        c["hungry"] = min(20000, c["hungry"] + minutes)
        after = hunger_stage(c["hungry"], gap)
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


# --- rests ----------------------------------------------------------------------------


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
        gap = ctx.setting(A_HUNGER_GAP)
        if hunger_stage(c["hungry"], gap) >= 3:
            ctx.say(
                f"{name} has gone {third_stage_hours(gap)} hours or more without a meal: "
                "health does not come back after this long rest.",
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
        raise InputError("kind", "No living creature to rest: add one first.")
    for cid in living:
        _rest_one(ctx, cid, values["kind"])


# --- exhaustion, hunger and sleep -----------------------------------------------------


def _exhaust(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _alive(ctx, cid, "change")
    after = min(6, max(0, c["exhaustion"] + values["change"]))
    if after == c["exhaustion"]:
        raise InputError("change", f"{c['name']}'s exhaustion stays at {after}: rest longer first.")
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
        raise InputError("id", f"{c['name']} is already hungry: let them eat first.")
    c["hungry"] = 0
    ctx.say(
        f"{c['name']} misses a meal and becomes hungry: −1 move speed.",
        "glittershard.hunger",
        values["id"],
    )


def _eat(ctx: Ctx, values: dict[str, Any]) -> None:
    c = _alive(ctx, values["id"], "id")
    if c["hungry"] is None:
        raise InputError("id", f"{c['name']} is not hungry: choose a hungry creature.")
    c["hungry"] = None
    ctx.say(f"{c['name']} eats and is no longer hungry.", "glittershard.hunger", values["id"])


def _doze(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _conscious(ctx, cid, "id")
    if c["exhaustion"] < 4:
        raise InputError(
            "id", f"Only a Shattered creature falls asleep on its own; {c['name']} is not: "
            "choose a Shattered creature."
        )
    _knock_out(ctx, cid, f"is {exhaustion_names()[c['exhaustion']]} and falls unconscious")


def _wake(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = _alive(ctx, cid, "id")
    if not c["unconscious"]:
        raise InputError("id", f"{c['name']} is not unconscious: choose an unconscious creature.")
    if c["health"] <= 0:
        raise InputError(
            "id",
            f"{c['name']} is at {c['health']} health and cannot wake: heal "
            "them first.",
        )
    c["unconscious"] = False
    ctx.say(f"{c['name']} is woken up.", "glittershard.unconscious", cid)
