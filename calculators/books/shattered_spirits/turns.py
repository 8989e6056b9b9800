"""Turn order in the Phases of a Round: players and enemies alternate."""

from __future__ import annotations

from typing import Any

from .rules import GROUPS, PHASES


def _other(group: str) -> str:
    return GROUPS[1 - GROUPS.index(group)]


def compute_turn_order(first: str, **turns: int) -> dict[str, Any]:
    """Who acts when in Phases 1-6: groups alternate, the next Phase starts with the other.

    ``turns`` holds ``players_<n>`` and ``enemies_<n>``: the Turns each group takes
    in Phase n (missing ones are 0). The rulebook's example: a player acts last in
    Phase 2, so an enemy acts first in Phase 3.

    >>> r = compute_turn_order("players", players_2=2, enemies_2=1, players_3=1, enemies_3=1)
    >>> r["order"]["Phase 2"], r["order"]["Phase 3"], r["last"]
    ('Player, Enemy, Player', 'Enemy, Player', 'players')
    """
    label = {"players": "Player", "enemies": "Enemy"}
    lead = first
    order: dict[str, str] = {}
    breakdown = []
    last = None
    for phase in range(1, PHASES + 1):
        left = {g: turns.get(f"{g}_{phase}", 0) for g in GROUPS}
        name = f"Phase {phase}"
        if not sum(left.values()):
            order[name] = "no Turns"
            continue
        sequence = []
        current = lead
        while sum(left.values()):
            if not left[current]:
                current = _other(current)
            sequence.append(current)
            left[current] -= 1
            current = _other(current)
        order[name] = ", ".join(label[g] for g in sequence)
        why = (
            "the first Phase with Turns"
            if last is None
            else f"the {last} finished the last Phase with Turns"
        )
        opened = f"{name}: the {lead} are due to act first ({why})"
        if sequence[0] != lead:
            opened += f", but have no Turn, so the {sequence[0]} start"
        breakdown.append(opened + f"; the {sequence[-1]} act last")
        last = sequence[-1]
        lead = _other(last)
    return {"order": order, "last": last, "breakdown": breakdown}
