"""Shattered Spirits' mechanics at the table beyond the Round: costs read with '/', Negate
costs, Attacks against Obstacles, Equipment, Armor and Creature Parts (Durability, Shred,
the Glancing follow-up), and Health as open information (to the closest 25%).

The lines of the rulebook (``sources/000_d5674467426760d8.txt``) each applies:

- L4, basic rule 2: "When a '/' separates things read it as 'or'. The user may choose any
  of the options listed and in any combination (i.e. 2 Grit/Momentum would give either 2
  Grit, 2 Momentum, or 1 Grit and 1 Momentum)";
- L3, basic rule 1: "Always round up";
- L63: above 12, "increase the cost to Negate by 1";
- L69-72: the valid targets of an Attack (Obstacle, Equipment, Armor or Shield, Creature
  Part) and what Durability does;
- L128: open information, "An approximation of a creature's Health to the closest 25%".
"""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ....tracker.context import Ctx
from .declarations import NAMES, TOKENS

A_SHRED = "shattered_spirits.tracker_shred_adds"


def split(values: dict[str, Any], cost: int) -> list[tuple[str, int]]:
    """How ``cost`` is paid: the second Token pays ``with_other``, the first the rest.

    >>> split({"token": "grit", "other": "momentum", "with_other": 1}, 2)
    [('grit', 1), ('momentum', 1)]
    >>> split({"token": "grit", "other": "", "with_other": 0}, 2)
    [('grit', 2)]
    """
    other, part = values["other"], values["with_other"]
    if not other:
        if part:
            raise InputError("other", "Name the second Token, or pay the whole cost with one.")
        return [(values["token"], cost)]
    if other == values["token"]:
        raise InputError("other", "Name two different Tokens, or leave the second empty.")
    if part > cost:
        raise InputError(
            "with_other", f"The cost is {cost}: give the second Token at most {cost} of it."
        )
    return [(t, n) for t, n in ((values["token"], cost - part), (other, part)) if n]


def _pay(ctx: Ctx, cid: str, parts: list[tuple[str, int]]) -> str:
    c = ctx.state["creatures"][cid]
    for token, amount in parts:
        if c[token] < amount:
            raise InputError(
                "amount",
                f"{c['name']} has {c[token]} {token.capitalize()}; the cost needs {amount}: "
                "pay more with the other Token named, or gain Tokens first.",
            )
    paid = []
    for token, amount in parts:
        before = c[token]
        c[token] -= amount
        paid.append(f"{token.capitalize()} {before} → {c[token]}")
    return ", ".join(paid) or "nothing"


def _paying(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    parts = split(values, values["amount"])
    paid = _pay(ctx, cid, parts)
    names = "/".join(t.capitalize() for t in (values["token"], values["other"]) if t)
    what = f" for {values['what'].strip()}" if (values["what"] or "").strip() else ""
    ctx.say(
        f"{ctx.name(cid)} pays {values['amount']} {names}{what}: {paid}.",
        "shattered_spirits.slashed_cost",
        cid,
    )


def negate_cost(cost: int, above_12: bool, both_hands: bool) -> int:
    """The cost to Negate: +1 after an Attack Roll above 12 (L63), −1 for Disarmed of
    Equipment Wielded in both hands (L70); never below 0.

    >>> negate_cost(2, True, False), negate_cost(1, False, True), negate_cost(2, True, True)
    (3, 0, 2)
    """
    return max(0, cost + int(above_12) - int(both_hands))


def _negate(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    cost = negate_cost(values["amount"], values["above_12"], values["both_hands"])
    paid = _pay(ctx, cid, split(values, cost))
    why = []
    if values["above_12"]:
        why.append("+1, the Attack Roll was above 12")
    if values["both_hands"]:
        why.append("−1, Wielded in both hands")
    how = f" ({values['amount']}, {'; '.join(why)})" if why else ""
    name = values["name"]
    cleared = ""
    if name in c["statuses"]:
        del c["statuses"][name]
        cleared = f"; {NAMES[name]} is removed"
    ctx.say(
        f"{c['name']} Negates {NAMES[name]} for {cost}{how}: {paid}{cleared}.",
        "shattered_spirits.negate",
        cid,
    )


def _shred(ctx: Ctx, cid: str) -> str:
    c = ctx.state["creatures"][cid]
    before = c["statuses"].get("shred")
    adds = bool(ctx.setting(A_SHRED))
    after = 1 if before is None else (before + 1 if adds else before)
    c["statuses"]["shred"] = min(after, 99)
    return f"Shred {before or 0} → {c['statuses']['shred']}"


def _attack_object(ctx: Ctx, values: dict[str, Any]) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    damage, durability, target = values["damage"], values["durability"], values["target"]
    reaches = damage >= durability
    versus = f"{damage} Damage against Durability {durability}"
    if target == "armor":
        shred = f"inflicts Shred 1 ({_shred(ctx, cid)})" if reaches else "inflicts no Shred"
        ctx.say(
            f"An Attack on {c['name']}'s Armor or Shield: {versus} {shred}. Now make a "
            f"Glancing Attack against {c['name']} at Disadvantage (Attack Roll: "
            "disadvantage; Calculating Damage: Glancing).",
            "shattered_spirits.targets",
            cid,
        )
    elif target == "equipment":
        damaged = "the Equipment is Damaged" if reaches else "the Equipment is not Damaged"
        text = f"An Attack on {c['name']}'s Equipment: {versus}: {damaged}"
        if values["hit"]:
            c["statuses"]["disarmed"] = None
            text += (
                f"; on a Hit or better {c['name']} is Disarmed of it (Negate: 1 Grit/Reflex "
                "on a Hit, 2 on a Crit, 1 less if Wielded in both hands)"
            )
        ctx.say(text + ". No other Status is inflicted.", "shattered_spirits.targets", cid)
    else:
        ctx.say(
            f"An Attack on a Part of {c['name']}: the Part takes {damage} Damage; resolve "
            f"the Attack as Glancing against {c['name']} (Calculating Damage: Glancing) "
            "if it was not already.",
            "shattered_spirits.targets",
            cid,
        )


def _attack_obstacle(ctx: Ctx, values: dict[str, Any]) -> None:
    damage, durability = values["damage"], values["durability"]
    outcome = "it is Destroyed" if damage >= durability else "nothing happens"
    ctx.say(
        f"An Attack on an Obstacle: {damage} Damage against Durability {durability}: "
        f"{outcome}; no Status is inflicted unless the Attack says so.",
        "shattered_spirits.targets",
    )


def health_quarter(health: int, full: int) -> int:
    """Health as open information: the closest 25% of the full Health; a half between two
    quarters rounds up (basic rule 1, "Always round up").

    >>> [health_quarter(h, 8) for h in (0, 1, 2, 3, 5, 7, 8)]
    [0, 25, 25, 50, 75, 100, 100]
    >>> health_quarter(0, 0)
    0
    """
    if full <= 0:
        return 0
    quarters = (health * 8 + full) // (2 * full)  # round(4 * health / full), halves up
    return 25 * quarters


def speed_beyond(speed: int | None) -> str:
    """The Priority or Stall a Speed beyond the Phases adds (assumption ``A_SPEED``).

    >>> speed_beyond(0), speed_beyond(-1), speed_beyond(8), speed_beyond(4)
    ('Priority 1', 'Priority 2', 'Stall 2', '')
    """
    if speed is None or 1 <= speed <= 6:
        return ""
    return f"Priority {1 - speed}" if speed < 1 else f"Stall {speed - 6}"


HANDLERS = {
    "pay": _paying,
    "negate": _negate,
    "attack_object": _attack_object,
    "attack_obstacle": _attack_obstacle,
}

__all__ = ["HANDLERS", "TOKENS"]
