"""A Shattered Spirits creature: its numbers checked, the Phase of its Turn, its place in
the Turn order (players and enemies alternating) and its card.
"""

from __future__ import annotations

from typing import Any

from ....errors import InputError
from ....tracker.context import State
from ..rules import GROUPS, PHASES
from ..turns import compute_turn_order
from .declarations import LAST, NAMES, SPEED_HIGH, SPEED_LOW, TOKENS
from .table import health_quarter, speed_beyond


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
                _at(path, pool), f"{pool.capitalize()} cannot be above its full value: give at "
                    "most that."
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
        not isinstance(nxt, int) or isinstance(nxt, bool) or not SPEED_LOW <= nxt <= SPEED_HIGH
    ):
        raise InputError(
            _at(path, "next_phase"), f"Must be a Speed from {SPEED_LOW} to {SPEED_HIGH}."
        )
    for key in creature.get("statuses", {}):
        if key not in NAMES:
            raise InputError(
                _at(path, "statuses"),
                f"Unknown Status {key!r}: correct the file, "
                "or remove it.",
            )


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


def card(creature: dict[str, Any], state: State) -> dict[str, Any]:
    """What the creature's card shows: its pools, Tokens and plans; its conditions."""
    c = creature
    phase = phase_of(c)
    tokens = " · ".join(f"{t.capitalize()} {c[t]}" for t in TOKENS)
    refresh = ", ".join(
        f"{c['refresh_' + t]} {t.capitalize()}" for t in TOKENS if c["refresh_" + t]
    )
    quarter = health_quarter(c["health"], c["health_max"])
    beyond = speed_beyond(c["initiative"])
    numbers = [
        (
            "Phase",
            phase if phase <= PHASES else "not plotted",
            f"Speed {c['initiative']}: {beyond}" if beyond else "Speed plotted",
        ),
        ("Side", "Player" if c["side"] == "players" else "Enemy", ""),
        ("Vigor", c["vigor"], "lost first; does not stack"),
        ("Endurance", f"{c['endurance']} / {c['endurance_max']}", "Winded at 0"),
        ("Health", f"{c['health']} / {c['health_max']}", "Downed at 0"),
        ("Health (open)", f"about {quarter}%", "what the players know: the closest 25%"),
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
        conditions.append(f"Next Round: Phase {min(max(c['next_phase'], 1), PHASES)}")
    return {"numbers": numbers, "conditions": conditions}
