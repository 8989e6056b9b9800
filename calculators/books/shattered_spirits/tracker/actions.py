"""What the GM does on a Shattered Spirits Turn: plot, play a Technique or Improvise, take
Damage, gain Vigor and Tokens, spend them, change Form or what is Wielded, Afflict,
clear and Purge; ``HANDLERS`` maps each action of ``ACTIONS`` to its function.
"""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ....tracker.context import Ctx
from ....tracker.encounter import current_id
from ..health import compute_health
from ..rules import A_POOLS
from .creatures import phase_of, sequence
from .declarations import A_SPEED, ACTIONS, IMPROVISE_COST, NAMES, REFRESH_COST
from .table import health_quarter


def _beyond(speed: int) -> str:
    """' (Speed 0 is below 1: Phase 1, and Priority 1)', or nothing within 1-6."""
    if 1 <= speed <= 6:
        return ""
    if speed < 1:
        return f" (Speed {speed} is below 1: Phase 1, and Priority {1 - speed})"
    return f" (Speed {speed} is above 6: Phase 6, and Stall {speed - 6})"


def _plot(ctx: Ctx, values: dict[str, Any]) -> None:
    state = ctx.state
    cid = values["id"]
    c = state["creatures"][cid]
    speed = values["phase"]
    phase = min(max(speed, 1), 6)
    beyond = _beyond(speed)
    cited = (A_SPEED,) if beyond else ()
    if state["round"] and c["acted"]:
        c["next_phase"] = speed
        ctx.say(
            f"{c['name']} plots Speed {speed} for the next Round: their Turn will be in "
            f"Phase {phase}{beyond}.",
            "shattered_spirits.phases",
            cid,
            cited,
        )
        return
    if state["round"]:
        now = current_id(state)
        current = phase_of(state["creatures"][now]) if now else 1
        if phase <= current:
            raise InputError(
                "phase",
                f"Phase {current} is under way: {c['name']}'s Turn this Round can only be "
                f"in a later Phase; plot a Speed above {current}.",
            )
    c["initiative"] = speed
    if state["round"]:
        now = current_id(state)
        state["order"] = sequence(state)
        state["turn"] = state["order"].index(now) if now else 0
    ctx.say(
        f"{c['name']} plots Speed {speed}: their Turn is in Phase {phase}{beyond}.",
        "shattered_spirits.phases",
        cid,
        cited,
    )


def _technique(ctx: Ctx, values: dict[str, Any]) -> None:
    c = ctx.state["creatures"][values["id"]]
    cost = values["cost"]
    if cost > c["ap_left"]:
        raise InputError(
            "cost",
            f"{c['name']} has {c['ap_left']} Action Points left this Round; the Technique "
            f"costs {cost}: play a cheaper one, or wait for the next Round's Plotting.",
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
            f"Improvising costs {IMPROVISE_COST} Momentum; {c['name']} has {c['momentum']}: "
            "play the plotted Technique, or gain Momentum first.",
        )
    old_ap, new_ap = values["replaced_ap"], values["ap"]
    if old_ap is not None and new_ap is not None and old_ap != new_ap:
        raise InputError(
            "ap",
            f"The new Technique must have the same AP cost as the one it replaces ({old_ap}): "
            "pick one that costs the same.",
        )
    old, new = values["replaced_speed"], values["speed"]
    if old is not None and new is not None and new > old:
        raise InputError(
            "speed",
            f"The new Technique's Speed must be less than or equal to the replaced one's "
            f"({old}): pick one at Speed {old} or faster.",
        )
    checked = []
    if old_ap is not None and new_ap is not None:
        checked.append(f"AP {new_ap}, as the replaced")
    if old is not None and new is not None:
        checked.append(f"Speed {new}, no slower than {old}")
    how = "; ".join(checked) or "same AP, Speed no slower"
    before = c["momentum"]
    c["momentum"] -= IMPROVISE_COST
    ctx.say(
        f"{c['name']} Improvises a Technique ({how}): Momentum {before} → {c['momentum']}.",
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
        had = c["conditions"]
        c["conditions"] = had - min(had, 1)
        ctx.say(
            f"{c['name']} has no Health: Downed, and immediately loses one Condition "
            f"(Conditions {had} → {c['conditions']}).",
            "shattered_spirits.downed",
            cid,
        )
    seen, now = (health_quarter(h, c["health_max"]) for h in (before[2], c["health"]))
    if seen != now:
        ctx.say(
            f"{c['name']}'s Health as the players know it: about {now}% (was about {seen}%).",
            "shattered_spirits.open_health",
            cid,
        )


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
            f"{c['name']} has {c[token]} {token.capitalize()}; {why} needs {amount}: gain "
            f"{token.capitalize()} first, or pay with another Token where the cost allows.",
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
            "of the Round ends; make this one at the next Round's Refresh.",
        )
    if what in c["refreshed"]:
        raise InputError(
            field,
            f"{c['name']} has already made this choice this Refresh: make the next at the next "
            "Round's Refresh.",
        )


def _form(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    _refresh_window(ctx, cid, "form", "stance")
    if "staggered" in c["statuses"]:
        raise InputError(
            "stance",
            f"{c['name']} is Staggered and cannot change Stance or Style: remove Staggered "
            "first (Purge after their Turn).",
        )
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
        raise InputError(
            "how",
            f"{c['name']} is Disarmed and cannot change what they Wield: remove Disarmed "
            "first (Purge after their Turn).",
        )
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
        raise InputError(
            "name",
            f"{c['name']} is not {NAMES[values['name']]}: choose a creature "
            "that is, or add the "
            "status first.",
        )
    del c["statuses"][values["name"]]
    ctx.say(f"{c['name']} is no longer {NAMES[values['name']]}.", "shattered_spirits.statuses", cid)


def _purge(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    if not c["may_purge"]:
        raise InputError(
            "name",
            f"{c['name']} may Purge only after their own Turn: end their Turn (End the turn), "
            "then Purge.",
        )
    name = values["name"]
    if name not in c["statuses"]:
        raise InputError(
            "name",
            f"{c['name']} is not {NAMES[name]}: choose a creature that is, "
            "or add the status "
            "first.",
        )
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
