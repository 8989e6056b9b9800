"""A Glittershard's End creature's purse: gold and pennies, gained and spent, change made
at 100 pennies to the gold (Gold, L496).
"""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ....tracker.context import Ctx

PENNIES_PER_GOLD = 100
"""'1 gold is equal 100 pennies for change.' (Gold, L496)"""
MAX_GOLD = 999_999


def purse_text(gold: int, pennies: int) -> str:
    """A purse as the card and the events say it.

    >>> purse_text(5, 30), purse_text(0, 0), purse_text(2, 0)
    ('5 gold 30 pennies', '0 gold', '2 gold')
    """
    return f"{gold} gold" + (f" {pennies} pennies" if pennies else "")


def _amount(values: dict[str, Any]) -> int:
    total = values["gold"] * PENNIES_PER_GOLD + values["pennies"]
    if total == 0:
        raise InputError("gold", "Enter the gold or the pennies.")
    return total


def _move(ctx: Ctx, values: dict[str, Any], sign: int) -> None:
    cid = values["id"]
    c = ctx.state["creatures"][cid]
    amount = _amount(values)
    before = c["gold"] * PENNIES_PER_GOLD + c["pennies"]
    after = before + sign * amount
    if after < 0:
        raise InputError(
            "gold",
            f"{c['name']} has only {purse_text(c['gold'], c['pennies'])}: they cannot spend "
            f"{purse_text(*divmod(amount, PENNIES_PER_GOLD))}: enter a smaller amount.",
        )
    if after > MAX_GOLD * PENNIES_PER_GOLD:
        raise InputError(
            "gold", f"A purse holds at most {MAX_GOLD} gold in the tracker: enter a smaller amount."
        )
    was = purse_text(c["gold"], c["pennies"])
    c["gold"], c["pennies"] = divmod(after, PENNIES_PER_GOLD)
    verb = "gains" if sign > 0 else "spends"
    what = f" ({values['what']})" if values["what"] else ""
    ctx.say(
        f"{c['name']} {verb} {purse_text(*divmod(amount, PENNIES_PER_GOLD))}{what}: purse "
        f"{was} → {purse_text(c['gold'], c['pennies'])} (1 gold = 100 pennies).",
        "glittershard.purse",
        cid,
        purse={"pennies": sign * amount, "what": values["what"]},
    )


def _gain(ctx: Ctx, values: dict[str, Any]) -> None:
    _move(ctx, values, 1)


def _spend(ctx: Ctx, values: dict[str, Any]) -> None:
    _move(ctx, values, -1)
