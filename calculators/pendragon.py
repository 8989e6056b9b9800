"""Pendragon quick reference (seed ``003_…``): damage and wounds, checks, initiative, turns.

The quick reference gives Difficulties, penalties and thresholds but never the
dice of a check (assumption ``pendragon.assume_check_dice``), so these
calculators report Difficulties and the check results they need, not chances.
Nothing here rolls.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from typing import Any

from . import data
from .declare import Calculator, Input, Output
from .errors import InputError
from .registry import REGISTRY

# -- the rule constants, each stated plainly in one sentence of the quick reference -------
WOUND_PENALTY = -1
"""'Each wound token on a creature applies a cumulative -1 penalty to all checks'."""
UNCONSCIOUS_BASE = 10
"""'it must make an immediate Spirit check against a Difficulty of 10 + the amount of
damage just taken'."""
RALLY_DC = 10
"""'an unconscious creature can attempt to rally with a successful Spirit check
(Difficulty 10)'."""
REVIVE_BASE = 10
"""'making a successful Heal check against a Difficulty equal to 10 + the creature's
total damage'."""
DEATH_BASE = 6
"""'If a creature's wounds ever exceed 6 + the creature's Body score, the creature dies.'"""
MINUS = "\u2212"

# -- assumptions (rules_data/pendragon/) ---------------------------------------------------
A_CHECK_DICE = "pendragon.assume_check_dice"
A_COUNTS = "pendragon.assume_counts"
A_DIRECT = "pendragon.assume_direct_wounds"
A_TOTAL = "pendragon.assume_total_after_damage"
A_TAKEN = "pendragon.assume_damage_just_taken"
A_CHECK_WOUNDS = "pendragon.assume_check_wounds"
A_MEET = "pendragon.assume_meet_difficulty"
A_DEAD = "pendragon.assume_dead_no_check"
A_TOTAL_DAMAGE = "pendragon.assume_total_damage"
A_SUBSTITUTIONS = "pendragon.assume_substitutions"

TOTAL_CHOICES = ("after", "before")
"""When the total of damage and wounds is counted: after placing the new tokens, or before."""
TAKEN_CHOICES = ("incoming", "wounds")
"""'The amount of damage just taken': the whole damage, or only the part that became Wounds."""
CHECK_WOUNDS_CHOICES = ("wounds_after", "wounds")
"""Wounds subtracted from the unconsciousness check: after this damage, or from before it."""
MEET_CHOICES = ("equal or higher", "higher")
"""A check succeeds on a result equal to or higher than the Difficulty, or only higher."""
SUBSTITUTION_CHOICES = ("both", "either", "chain")
"""Which of the two action substitutions a Turn may combine."""


def signed(n: int) -> str:
    """``n`` with a typographic minus when negative, as the breakdowns print numbers.

    >>> signed(-3), signed(0), signed(2)
    ('−3', '0', '2')
    """
    return f"{MINUS}{-n}" if n < 0 else str(n)


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and the word, plural when ``n`` is not 1.

    >>> plural(1, "wound"), plural(3, "wound"), plural(2, "Damage Token")
    ('1 wound', '3 wounds', '2 Damage Tokens')
    """
    return f"{n} {word if n == 1 else many or word + 's'}"


# -- damage, wounds, unconsciousness and death ----------------------------------------------
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


def wound_penalty(wounds: int) -> int:
    """The penalty to all checks from ``wounds`` (formula ``pendragon.check_penalty``).

    The quick reference's example: 'a creature that has taken 3 wounds suffers a -3 penalty'.

    >>> wound_penalty(3)
    -3
    >>> wound_penalty(0)
    0
    """
    return WOUND_PENALTY * wounds


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


def result_needed(difficulty: int, penalty: int, meet: str = "equal or higher") -> int:
    """The lowest check result, before the wound penalty, that succeeds against ``difficulty``.

    ``meet`` is the reading of assumption ``pendragon.assume_meet_difficulty``:
    ``"equal or higher"`` (the default) or ``"higher"``.

    >>> result_needed(15, -3)
    18
    >>> result_needed(15, -3, "higher")
    19
    """
    return difficulty - penalty + (1 if meet == "higher" else 0)


def check_succeeds(
    result: int, penalty: int, difficulty: int, meet: str = "equal or higher"
) -> bool:
    """Whether a check ``result`` (before the wound penalty) succeeds against ``difficulty``.

    'Remember to subtract the creature's wounds from the check result' (formula
    ``pendragon.check_result``).

    >>> check_succeeds(12, -2, 10), check_succeeds(12, -2, 10, "higher"), check_succeeds(11, -2, 10)
    (True, False, False)
    """
    return result >= result_needed(difficulty, penalty, meet)


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


def compute_check(
    result: int, wounds: int, difficulty: int, meet: str = "equal or higher"
) -> dict[str, Any]:
    """A check result against a Difficulty, after subtracting the creature's wounds.

    A rally with 3 wounds and a result of 12: 12 − 3 = 9 misses Difficulty 10.

    >>> r = compute_check(12, 3, 10)
    >>> r["total"], r["success"], r["needed"]
    (9, False, 13)
    """
    penalty = wound_penalty(wounds)
    total = result + penalty
    needed = result_needed(difficulty, penalty, meet)
    success = check_succeeds(result, penalty, difficulty, meet)
    compare = "equal to or higher than" if meet == "equal or higher" else "higher than"
    return {
        "total": total,
        "success": success,
        "check_penalty": penalty,
        "needed": needed,
        "breakdown": [
            f"Result after wounds {signed(total)} = check result {signed(result)} {MINUS} "
            f"{plural(wounds, 'wound')} ({signed(WOUND_PENALTY)} each)",
            f"{'Success' if success else 'Failure'}: it must be {compare} the Difficulty "
            f"{difficulty}",
            f"Lowest result before the wound penalty that succeeds: {needed}",
        ],
    }


# -- initiative order ----------------------------------------------------------------------
_ENTRY = re.compile(r"^(?:(?P<name>.*\S)\s+)?(?P<init>[+-]?\d{1,6})\s+(?P<spirit>[+-]?\d{1,6})$")


def parse_participants(text: str) -> list[tuple[str, int, int]]:
    """Participants from ``"Name Initiative Spirit; …"`` (``;``, ``,`` or new lines between).

    >>> parse_participants("Arthur 15 4; Morgan le Fay 15 5, 12 3")
    [('Arthur', 15, 4), ('Morgan le Fay', 15, 5), ('Participant 3', 12, 3)]
    >>> parse_participants("Arthur 15")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: participants: Write each participant as a name, ...
    """
    out = []
    parts = [p.strip() for p in re.split(r"[;,\n]", text.replace(MINUS, "-"))]
    for part in (p for p in parts if p):
        match = _ENTRY.match(part)
        if not match:
            raise InputError(
                "participants",
                "Write each participant as a name, the Initiative result and the Spirit score, "
                f'e.g. "Arthur 15 4"; could not read {part!r}.',
            )
        name = match["name"] or f"Participant {len(out) + 1}"
        out.append((name, int(match["init"]), int(match["spirit"])))
    if not out:
        raise InputError("participants", 'List at least one participant, e.g. "Arthur 15 4".')
    return out


def _names(group: list[tuple[str, int, int]]) -> str:
    names = [name for name, _, _ in group]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def compute_initiative(participants: str) -> dict[str, Any]:
    """Turn order: highest Initiative first, then higher Spirit, then rock-paper-scissors.

    >>> r = compute_initiative("Arthur 15 4; Morgan 15 5; Gawain 12 3; Bandit 12 3")
    >>> r["order"][:2]
    ['1. Morgan (Initiative 15, Spirit 5)', '2. Arthur (Initiative 15, Spirit 4)']
    >>> r["ties"]  # doctest: +ELLIPSIS
    ['Gawain and Bandit: tied on Initiative 12 and Spirit 3; play rock-paper-scissors, ...']
    """
    people = parse_participants(participants)
    ranked = sorted(people, key=lambda p: (-p[1], -p[2]))
    groups = [list(g) for _, g in itertools.groupby(ranked, key=lambda p: (p[1], p[2]))]
    order, ties, breakdown = [], [], []
    position = 1
    for index, group in enumerate(groups):
        _, init, spirit = group[0]
        last = position + len(group) - 1
        place = f"{position}" if last == position else f"{position}–{last}"
        tie = " — tied, rock-paper-scissors decides" if len(group) > 1 else ""
        order.append(f"{place}. {_names(group)} (Initiative {init}, Spirit {spirit}){tie}")
        if len(group) > 1:
            ties.append(
                f"{_names(group)}: tied on Initiative {init} and Spirit {spirit}; play "
                "rock-paper-scissors, the winner acts first."
            )
        if index:
            before = groups[index - 1][0]
            if before[1] > init:
                why = f"higher Initiative ({before[1]} against {init})"
            else:
                why = f"same Initiative {init}, higher Spirit ({before[2]} against {spirit})"
            breakdown.append(f"{_names(groups[index - 1])} before {_names(group)}: {why}")
        position = last + 1
    return {
        "order": order,
        "ties": ties,
        "first": _names(groups[0]),
        "breakdown": breakdown or ["One participant acts alone."],
    }


# -- actions in a turn ---------------------------------------------------------------------
ACTIONS = ("standard", "move", "minor")
SLOTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("standard", ("standard", "move", "minor")),
    ("move", ("move", "minor")),
    ("minor", ("minor",)),
)
"""'a standard action, a move action, and a minor action. The player may substitute a move
action for a standard action, or a minor action for a move action': each slot of a Turn and
what may fill it, cheapest first; a minor action in the standard slot takes two
substitutions (assumption ``pendragon.assume_substitutions``, reading ``chain``)."""
MAX_INSTANT = 1
"""'a creature can only take a single Instant action each round'."""


def allowed_fill(slot: str, action: str, substitutions: str) -> bool:
    """Whether ``action`` may fill the ``slot`` of a Turn under a substitutions reading.

    >>> allowed_fill("standard", "move", "both"), allowed_fill("standard", "minor", "both")
    (True, False)
    >>> allowed_fill("standard", "minor", "chain")
    True
    """
    fills = dict(SLOTS)[slot]
    if action not in fills:
        return False
    return fills.index(action) < 2 or substitutions == "chain"


def turn_plans(substitutions: str) -> list[tuple[str | None, ...]]:
    """Every way to fill the three slots of a Turn (``None`` = slot left unused).

    >>> plans = turn_plans("both")
    >>> ("move", "minor", "minor") in plans, ("minor", "minor", "minor") in plans
    (True, False)
    >>> ("move", "minor", "minor") in turn_plans("either")
    False
    """
    options = [
        [None, *(a for a in fills if allowed_fill(slot, a, substitutions))] for slot, fills in SLOTS
    ]
    plans = []
    for plan in itertools.product(*options):
        if substitutions == "either" and _substitution_count(plan) > 1:
            continue
        plans.append(plan)
    return plans


def _substitution_count(plan: tuple[str | None, ...]) -> int:
    return sum(
        dict(SLOTS)[slot].index(action)
        for (slot, _), action in zip(SLOTS, plan, strict=True)
        if action is not None
    )


def _plan_text(plan: tuple[str | None, ...]) -> str:
    counts = Counter(a for a in plan if a is not None)
    words = [plural(counts[a], f"{a} action") for a in ACTIONS if counts[a]]
    return " + ".join(words) if words else "no action"


def compute_turn(
    full_round: int, standard: int, move: int, minor: int, instant: int, substitutions: str = "both"
) -> dict[str, Any]:
    """Whether the actions planned for a Turn (and instant actions in the round) are allowed.

    >>> compute_turn(0, 0, 2, 1, 0)["allowed"]
    True
    >>> compute_turn(0, 0, 0, 3, 0)["problems"]
    ['3 minor actions do not fit in a Turn: the choices are listed under Whole Turns allowed.']
    >>> compute_turn(0, 0, 0, 3, 0, "chain")["allowed"]
    True
    """
    problems: list[str] = []
    plan: dict[str, str] = {}
    maximal = {_plan_text(p): p for p in turn_plans(substitutions) if all(a is not None for a in p)}
    options = [
        "1 full-round action",
        *sorted(maximal, key=lambda t: _substitution_count(maximal[t])),
    ]
    breakdown = [
        "A Turn is either a single full-round action, or a standard action, a move action "
        "and a minor action",
        {
            "both": "Substitutions (default reading): a move action for the standard action "
            "and/or a minor action for the move action",
            "either": "Substitutions (reading 'either'): a move action for the standard action "
            "or a minor action for the move action, not both",
            "chain": "Substitutions (reading 'chain'): a move or minor action for the standard "
            "action, a minor action for the move action",
        }[substitutions],
    ]
    if full_round:
        if full_round > 1:
            problems.append("Only a single full-round action fits in a Turn.")
        if standard or move or minor:
            problems.append(
                "A full-round action takes the whole Turn: no standard, move or minor action "
                "can go with it."
            )
        if not problems:
            plan["Turn"] = "full-round action"
    else:
        wanted = Counter(standard=standard, move=move, minor=minor)
        fits = [
            p
            for p in turn_plans(substitutions)
            if Counter(a for a in p if a is not None) == +wanted
        ]
        if fits:
            best = min(fits, key=_substitution_count)
            if not any(best):
                plan["Turn"] = "no action (a participant may choose not to act)"
            for (slot, _), action in zip(SLOTS, best, strict=True):
                if action is None:
                    continue
                label = f"{slot.capitalize()} action"
                plan[label] = f"{action} action" if action == slot else f"{action} action (instead)"
            breakdown.append(
                f"Planned: {_plan_text(best)}; "
                + (
                    "no substitution needed"
                    if not _substitution_count(best)
                    else plural(_substitution_count(best), "substitution")
                )
            )
        else:
            asked = tuple(a for a in ACTIONS for _ in range(wanted[a]))
            problems.append(
                f"{_plan_text(asked)} do not fit in a Turn: the choices are listed under "
                "Whole Turns allowed."
            )
    if instant > MAX_INSTANT:
        problems.append(
            f"Only a single Instant action each round; {instant} planned. Once it has used any "
            "Instant action, a creature cannot take another until its next Turn."
        )
    if instant:
        plan["Instant action"] = f"{min(instant, MAX_INSTANT)}, out of turn, once per round"
    breakdown.append(
        f"Instant actions: at most {MAX_INSTANT} each round, in addition to the Turn's actions"
    )
    return {
        "allowed": not problems,
        "plan": plan if not problems else None,
        "options": options,
        "problems": problems,
        "breakdown": breakdown,
    }


# -- declarations --------------------------------------------------------------------------
def _default(assumption: str) -> Any:
    return data.assumption_default(assumption)


def _count(name: str, label: str, default: int, help_: str = "") -> Input:
    return Input(name, "int", label, default, min=0, help=help_)


def _meet_input() -> Input:
    return Input(
        "meet",
        "choice",
        "A check succeeds on a result",
        _default(A_MEET),
        choices=MEET_CHOICES,
        assumption=A_MEET,
        help="equal to or higher than the Difficulty, or only higher.",
    )


REGISTRY.add(
    Calculator(
        "pendragon.damage",
        "Damage, wounds and unconsciousness",
        inputs=(
            _count("hit_points", "Hit points", 10),
            _count("damage", "Damage Tokens already on the creature", 8, "At most its hit points."),
            _count("wounds", "Wounds already on the creature", 0),
            _count("incoming", "Damage taken now", 5, "The damage of the effect, in tokens."),
            _count("body", "Body score", 0),
            _count(
                "direct_wounds",
                "Wounds applied directly",
                0,
                "Wounds the same effect applies directly ('some effects can also apply wounds "
                "directly').",
            ),
            Input(
                "direct_check",
                "bool",
                "Direct wounds count as damage taken",
                _default(A_DIRECT),
                assumption=A_DIRECT,
                help="Yes: wounds applied directly call for the unconsciousness check and add "
                "to its Difficulty.",
            ),
            Input(
                "total_when",
                "choice",
                "Damage and wounds counted",
                _default(A_TOTAL),
                choices=TOTAL_CHOICES,
                assumption=A_TOTAL,
                help="after or before this damage is placed, when compared with the hit points.",
            ),
            Input(
                "just_taken",
                "choice",
                "Damage just taken means",
                _default(A_TAKEN),
                choices=TAKEN_CHOICES,
                assumption=A_TAKEN,
                help="incoming: the whole damage; wounds: only the part converted to Wounds.",
            ),
            Input(
                "check_wounds",
                "choice",
                "Wounds subtracted from the unconsciousness check",
                _default(A_CHECK_WOUNDS),
                choices=CHECK_WOUNDS_CHOICES,
                assumption=A_CHECK_WOUNDS,
                help="wounds after: including this damage's wounds; wounds: only earlier ones.",
            ),
            _meet_input(),
            Input(
                "dead_no_check",
                "bool",
                "No unconsciousness check when the damage kills",
                _default(A_DEAD),
                assumption=A_DEAD,
            ),
            Input(
                "revive_wounds",
                "bool",
                "Wounds count in the revive Difficulty",
                _default(A_TOTAL_DAMAGE),
                assumption=A_TOTAL_DAMAGE,
                help="No: 'total damage' is the Damage Tokens only.",
            ),
        ),
        outputs=(
            Output("damage_after", "Damage Tokens", "int"),
            Output("wounds_after", "Wounds", "int"),
            Output("check_penalty", "Penalty to all checks", "int"),
            Output(
                "unconscious_check_dc",
                "Unconsciousness check Difficulty (Spirit)",
                "int",
                help="None when no check is called for.",
            ),
            Output("unconscious_check_penalty", "Wounds subtracted from that check", "int"),
            Output(
                "unconscious_check_needs",
                "Spirit check result needed to stay conscious",
                "int",
                help="Before subtracting wounds.",
            ),
            Output("rally_dc", "Rally Difficulty (Spirit)", "int"),
            Output("rally_needs", "Spirit check result needed to rally", "int"),
            Output("revive_dc", "Revive Difficulty (an ally's Heal check)", "int"),
            Output("dead", "Dead", "bool"),
            Output("death_threshold", "Dies when wounds exceed", "int"),
            Output("wounds_to_death", "Further wounds that would kill", "int"),
        ),
        compute=compute_damage,
        rule="pendragon.hit_points_damage_and_wounds",
        assumptions=(
            A_COUNTS,
            A_CHECK_DICE,
            A_DIRECT,
            A_TOTAL,
            A_TAKEN,
            A_CHECK_WOUNDS,
            A_MEET,
            A_DEAD,
            A_TOTAL_DAMAGE,
        ),
        help="Damage fills Damage Tokens up to the hit points; the rest becomes Wounds.",
    )
)

REGISTRY.add(
    Calculator(
        "pendragon.check",
        "Check against a Difficulty",
        inputs=(
            Input(
                "result",
                "int",
                "Check result",
                12,
                help="The result before subtracting wounds (e.g. a Spirit check to rally).",
            ),
            _count("wounds", "Wounds on the creature making the check", 0),
            Input("difficulty", "int", "Difficulty", RALLY_DC, help="Rally: 10."),
            _meet_input(),
        ),
        outputs=(
            Output("total", "Result after the wound penalty", "int"),
            Output("success", "Success", "bool"),
            Output("check_penalty", "Wound penalty", "int"),
            Output("needed", "Lowest result that succeeds", "int", help="Before the penalty."),
        ),
        compute=compute_check,
        rule="pendragon.unconsciousness",
        assumptions=(A_CHECK_DICE, A_MEET),
        help="Subtract the creature's wounds from the check result, then compare with the "
        "Difficulty.",
    )
)

REGISTRY.add(
    Calculator(
        "pendragon.initiative",
        "Initiative order",
        inputs=(
            Input(
                "participants",
                "text",
                "Participants",
                "Arthur 15 4; Morgan 15 5; Gawain 12 3; Bandit 12 3",
                help="Name, Initiative check result and Spirit score for each, separated by ';'.",
            ),
        ),
        outputs=(
            Output("order", "Order of Turns", "list"),
            Output("ties", "Ties left to rock-paper-scissors", "list"),
            Output("first", "Acts first", "text"),
        ),
        compute=compute_initiative,
        rule="pendragon.getting_started",
        assumptions=(A_CHECK_DICE,),
        help="Highest Initiative acts first; ties go to the higher Spirit score, then to "
        "rock-paper-scissors.",
    )
)

REGISTRY.add(
    Calculator(
        "pendragon.turn",
        "Actions in a Turn",
        inputs=(
            Input("full_round", "int", "Full-round actions", 0, min=0, max=5),
            Input("standard", "int", "Standard actions", 1, min=0, max=5),
            Input("move", "int", "Move actions", 1, min=0, max=5),
            Input("minor", "int", "Minor actions", 1, min=0, max=5),
            Input(
                "instant",
                "int",
                "Instant actions this round",
                0,
                min=0,
                max=5,
                help="Out of turn, e.g. an attack of opportunity.",
            ),
            Input(
                "substitutions",
                "choice",
                "Substitutions",
                _default(A_SUBSTITUTIONS),
                choices=SUBSTITUTION_CHOICES,
                assumption=A_SUBSTITUTIONS,
                help="both: each substitution once; either: only one; chain: a standard action "
                "may also become a minor action.",
            ),
        ),
        outputs=(
            Output("allowed", "Allowed", "bool"),
            Output("plan", "How the Turn is filled", "map"),
            Output("problems", "Problems", "list"),
            Output("options", "Whole Turns allowed", "list"),
        ),
        compute=compute_turn,
        rule="pendragon.instant_actions",
        assumptions=(A_SUBSTITUTIONS,),
        help="A full-round action, or a standard, a move and a minor action (with "
        "substitutions), plus at most one instant action each round.",
    )
)
