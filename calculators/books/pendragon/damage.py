"""Damage and wounds: Damage Tokens, Wounds, unconsciousness, rally, revive and death."""

from __future__ import annotations

from typing import Any

from ...errors import InputError
from ...format import MINUS, plural, signed
from .checks import result_needed, wound_penalty
from .rules import (
    DEATH_BASE,
    RALLY_DC,
    REVIVE_BASE,
    UNCONSCIOUS_BASE,
    WOUND_PENALTY,
)


def place_damage(hit_points: int, damage: int, incoming: int) -> tuple[int, int]:
    """Damage Tokens after taking ``incoming`` damage, and the remainder that becomes Wounds.

    'place the appropriate number of Damage Tokens on that creature, up to a total number
    of damage tokens equal to the creature's hit points. Any remaining damage is instead
    converted to Wounds' (formulas ``pendragon.damage_after`` and ``pendragon.wounds_after``).

    >>> place_damage(10, 8, 5)
    (10, 3)
    >>> place_damage(10, 2, 5)
    (7, 0)
    """
    damage_after = min(hit_points, damage + incoming)
    return damage_after, damage + incoming - damage_after


def death_threshold(body: int) -> int:
    """The most wounds a creature survives: dies when its wounds exceed ``6 + Body``.

    >>> death_threshold(3)
    9
    """
    return DEATH_BASE + body


def is_dead(wounds: int, body: int) -> bool:
    """Whether ``wounds`` kill a creature of Body ``body`` (``pendragon.death_threshold``).

    >>> is_dead(9, 3), is_dead(10, 3)
    (False, True)
    """
    return wounds > death_threshold(body)


def compute_damage(
    hit_points: int,
    damage: int,
    wounds: int,
    incoming: int,
    body: int,
    direct_wounds: int = 0,
    direct_check: bool = False,
    total_when: str = "after",
    just_taken: str = "incoming",
    check_wounds: str = "wounds_after",
    meet: str = "equal or higher",
    dead_no_check: bool = True,
    revive_wounds: bool = False,
) -> dict[str, Any]:
    """A creature takes damage: tokens, wounds, penalty, unconsciousness check, revive, death.

    The keyword inputs after ``direct_wounds`` carry the assumptions of
    ``rules_data/pendragon/damage.yml``; their defaults are the assumptions' defaults.

    10 hit points, 8 Damage Tokens, no wounds, Body 0; an effect deals 5 damage:

    >>> r = compute_damage(10, 8, 0, 5, 0)
    >>> r["damage_after"], r["wounds_after"], r["check_penalty"]
    (10, 3, -3)
    >>> r["unconscious_check_dc"], r["unconscious_check_needs"], r["revive_dc"], r["dead"]
    (15, 18, 20, False)

    Damage that does not push the total over the hit points calls for no check:

    >>> compute_damage(10, 0, 0, 4, 0)["unconscious_check_dc"] is None
    True

    Seven wounds exceed 6 + Body 0: the creature dies, cannot rally or be revived.

    >>> r = compute_damage(10, 10, 0, 7, 0)
    >>> r["dead"], r["unconscious_check_dc"], r["rally_dc"], r["revive_dc"]
    (True, None, None, None)
    """
    if damage > hit_points:
        raise InputError(
            "damage",
            f"A creature never carries more Damage Tokens than its hit points ({hit_points}); "
            f"got {damage}.",
        )
    damage_after, overflow = place_damage(hit_points, damage, incoming)
    wounds_after = wounds + overflow + direct_wounds
    penalty = wound_penalty(wounds_after)
    threshold = death_threshold(body)
    dead = is_dead(wounds_after, body)
    breakdown = [
        f"Damage Tokens {damage_after} = {damage} + {incoming} damage, at most "
        f"{plural(hit_points, 'hit point')}",
        f"Wounds {wounds_after} = {wounds} + {overflow} remaining damage "
        f"({damage} + {incoming} {MINUS} {damage_after} Damage Tokens) + {direct_wounds} "
        "applied directly",
        f"Check penalty {signed(penalty)} = {signed(WOUND_PENALTY)} × "
        f"{plural(wounds_after, 'wound')}, on all checks",
    ]

    # Unconsciousness: 'When a creature takes damage, if the total of its damage and wounds
    # exceeds its hit points, it must make an immediate Spirit check ...'
    direct_counts = direct_check and direct_wounds > 0
    taken = (incoming if just_taken == "incoming" else overflow) + (
        direct_wounds if direct_check else 0
    )
    took_damage = incoming > 0 or direct_counts
    if total_when == "after":
        total, total_text = damage_after + wounds_after, "after this damage"
    else:
        total, total_text = damage + wounds, "before this damage"
    dc: int | None = None
    check_pen = penalty if check_wounds == "wounds_after" else wound_penalty(wounds)
    if not took_damage:
        breakdown.append("Unconsciousness check: none, the creature took no damage")
    elif total <= hit_points:
        breakdown.append(
            f"Unconsciousness check: none, damage and wounds {total_text} total {total}, "
            f"which does not exceed {plural(hit_points, 'hit point')}"
        )
    elif dead and dead_no_check:
        breakdown.append("Unconsciousness check: none, the creature is dead")
    else:
        dc = UNCONSCIOUS_BASE + taken
        taken_text = "damage just taken" if just_taken == "incoming" else "damage turned to Wounds"
        direct_text = f" + {direct_wounds} wounds applied directly" if direct_check else ""
        shown = incoming if just_taken == "incoming" else overflow
        breakdown.append(
            f"Unconsciousness check: damage and wounds {total_text} total {total} > "
            f"{plural(hit_points, 'hit point')}, so a Spirit check against Difficulty {dc} = "
            f"{UNCONSCIOUS_BASE} + {shown} {taken_text}{direct_text}; with the wound penalty "
            f"{signed(check_pen)} it needs a result of {result_needed(dc, check_pen, meet)} "
            f"or more"
        )
    rally_dc = None if dead else RALLY_DC
    total_damage = damage_after + (wounds_after if revive_wounds else 0)
    revive_dc = None if dead else REVIVE_BASE + total_damage
    if dead:
        breakdown.append("Rally and revive: impossible, dead creatures cannot rally or be revived")
    else:
        breakdown.append(
            f"Rally: Spirit check against Difficulty {RALLY_DC} once per round while "
            f"unconscious; with the wound penalty {signed(penalty)} it needs "
            f"{result_needed(RALLY_DC, penalty, meet)} or more"
        )
        wounds_text = f" + {wounds_after} wounds" if revive_wounds else ""
        breakdown.append(
            f"Revive: an adjacent ally's Heal check against Difficulty {revive_dc} = "
            f"{REVIVE_BASE} + {damage_after} Damage Tokens{wounds_text}"
        )
    if dead:
        breakdown.append(
            f"Death: {plural(wounds_after, 'wound')} exceed {DEATH_BASE} + {body} Body = "
            f"{threshold}; the creature dies"
            + (" (it was already dead before this damage)" if is_dead(wounds, body) else "")
        )
    else:
        breakdown.append(
            f"Death: {plural(wounds_after, 'wound')} do not exceed {DEATH_BASE} + {body} Body = "
            f"{threshold}; {plural(threshold + 1 - wounds_after, 'more wound')} would kill"
        )
    return {
        "damage_after": damage_after,
        "wounds_after": wounds_after,
        "check_penalty": penalty,
        "unconscious_check_dc": dc,
        "unconscious_check_penalty": check_pen if dc is not None else None,
        "unconscious_check_needs": result_needed(dc, check_pen, meet) if dc is not None else None,
        "rally_dc": rally_dc,
        "rally_needs": None if dead else result_needed(RALLY_DC, penalty, meet),
        "revive_dc": revive_dc,
        "dead": dead,
        "death_threshold": threshold,
        "wounds_to_death": None if dead else threshold + 1 - wounds_after,
        "breakdown": breakdown,
    }
