"""Attributes & Arts (seed ``004_…``): contests, incapacity and character creation."""

from __future__ import annotations

import random
from typing import Any

from . import data
from .declare import Calculator, Input, Output, dice_input, int_input
from .dice import Dist, boons_banes, contest, resolve_boons_banes
from .registry import REGISTRY
from .rolls import faces_or_roll, rng_from_seed

CRITICAL_MARGIN = 5
"""'rolls 5 or more above the opposing roll' (Criticals)."""


def roll_text(boons: int, banes: int) -> str:
    """How a side's dice are rolled, in the rulebook's terms.

    >>> roll_text(2, 1)
    '3d6, drop the lowest (1 net Boon)'
    >>> roll_text(0, 0)
    '2d6'
    """
    net = boons - banes
    if net == 0:
        return "2d6"
    word = "Boon" if net > 0 else "Bane"
    drop = "lowest" if net > 0 else "highest"
    extra = abs(net)
    plural = "s" if extra > 1 else ""
    return (
        f"{2 + extra}d6, drop the {drop}{' ' + str(extra) if extra > 1 else ''} ("
        f"{extra} net {word}{plural})"
    )


def side_total(
    name: str, faces: list[int] | None, boons: int, banes: int, rng: random.Random | None
) -> tuple[Dist, list[int] | None]:
    """One side's 2d6 roll as a distribution: exact, or fixed by given/rolled faces.

    >>> side_total("attacker_dice", [3, 4, 6], 2, 1, None)[0]
    Dist({10: '1/1'})
    """
    faces = faces_or_roll(name, faces, 2 + abs(boons - banes), 6, rng, roll_text(boons, banes))
    if faces is None:
        return boons_banes(boons, banes), None
    return Dist.constant(resolve_boons_banes(faces, boons, banes)), faces


def compute_contest(
    attacker: int,
    defender: int,
    boons: int,
    banes: int,
    defender_boons: int,
    defender_banes: int,
    attacker_dice: list[int] | None,
    defender_dice: list[int] | None,
    seed: int | None,
) -> dict[str, Any]:
    """Opposed 2d6 + modifier rolls: ties to the defender, critical at 5 or more.

    >>> r = compute_contest(2, 0, 0, 0, 0, 0, None, None, None)
    >>> r["p_success"], r["p_critical"], r["p_tie"]
    ('287/432', '155/648', '125/1296')
    >>> compute_contest(0, 0, 2, 1, 0, 0, [3, 4, 6], [2, 2], None)["result"]["outcome"]
    'critical'
    """
    rng = rng_from_seed(seed)
    a_dist, a_faces = side_total("attacker_dice", attacker_dice, boons, banes, rng)
    d_dist, d_faces = side_total(
        "defender_dice", defender_dice, defender_boons, defender_banes, rng
    )
    a_dist, d_dist = a_dist + attacker, d_dist + defender
    odds = contest(a_dist, d_dist, CRITICAL_MARGIN)
    result = None
    if a_faces is not None and d_faces is not None:
        a_total, d_total = a_dist.min_outcome(), d_dist.min_outcome()
        diff = a_total - d_total
        outcome = (
            "critical"
            if diff >= CRITICAL_MARGIN
            else "success"
            if diff > 0
            else "tie (defender wins)"
            if diff == 0
            else "failure"
        )
        result = {
            "attacker_total": a_total,
            "defender_total": d_total,
            "margin": diff,
            "outcome": outcome,
        }
    return {
        **odds.to_dict(),
        "distribution": (a_dist - d_dist).to_pairs(),
        "result": result,
        "rolled": {"attacker": a_faces, "defender": d_faces} if seed is not None else None,
        "breakdown": [
            f"Attacker: {roll_text(boons, banes)} {attacker:+d}",
            f"Defender: {roll_text(defender_boons, defender_banes)} {defender:+d}",
            "Success: attacker total above defender total (ties go to the defender)",
            f"Critical: attacker total {CRITICAL_MARGIN} or more above the defender's",
        ],
    }


# -- character creation ------------------------------------------------------------
ATTRIBUTES = ("mig", "end", "fin", "ref", "rea", "foc")
GENERALS = ("phy", "sen", "cog")
CREATION_POINTS = {"general": 1, "specific": 2, "combat": 3, "utility": 3}
"""'a pool of 1 General Attribute points, 2 Specific Atribute points, 3 Combat Arts
points and 3 Utility Arts points' (Character Creation)."""
GAINS = {
    "+1 to an Art": ("combat", "utility"),
    "+1 to a Specific Attribute": ("specific",),
    "+1 to a General Attribute": ("general",),
}
"""How each 'Gained' entry of the level table adds to the point pools; 'whenever the
table indicates +1 to an Art, both a Combat Art and a Utility Art are raised'."""
BASE_TOLERANCE = 10
BASE_SPEED = 4


def arts_of(group: str) -> list[dict[str, Any]]:
    """The art entries of one group (``combat`` or ``utility``), in rulebook order.

    >>> [a["id"] for a in arts_of("combat")][:2]
    ['arts.unarmed', 'arts.bladecraft']
    """
    return [
        e for e in data.system_data("arts").values() if e["kind"] == "art" and e["group"] == group
    ]


def allowances(level: int) -> dict[str, Any]:
    """Point pools and ability picks a character of ``level`` has, from the level table.

    >>> allowances(5)
    {'general': 2, 'specific': 3, 'combat': 5, 'utility': 5, 'ability_picks': 5}
    """
    pools = dict(CREATION_POINTS)
    picks = None
    for row in data.table("arts.level_table"):
        if row["Level"] > level:
            break
        for pool in GAINS.get(row["Gained"], ()):
            pools[pool] += 1
        picks = row["Cumulative Ability Picks (Each Type)"]
    return {**pools, "ability_picks": picks}


def compute_character(level: int, **points: int) -> dict[str, Any]:
    """Every derived value of an Attributes & Arts character, with its breakdown.

    The rulebook's example: +1 PHY, +1 MIG, +1 REF, +1 Bladecraft, +2 Kineticism.

    >>> c = compute_character(1, phy=1, mig=1, ref=1, bladecraft=1, kineticism=2)
    >>> c["attributes"]["MIG"], c["attributes"]["END"], c["attributes"]["REF"]
    (2, 1, 1)
    >>> c["combat_arts"]["Bladecraft"], c["combat_arts"]["Kineticism"], c["combat_arts"]["Unarmed"]
    (3, 2, 2)
    """
    entries = data.system_data("arts")
    mods: dict[str, int] = {}
    breakdown: dict[str, str] = {}
    for key in ATTRIBUTES:
        attribute = entries[f"arts.{key}"]
        parent = entries[attribute["parent"]]
        parent_key = parent["id"].partition(".")[2]
        mods[key] = points.get(parent_key, 0) + points.get(key, 0)
        breakdown[attribute["abbr"]] = (
            f"{attribute['abbr']} {mods[key]} = {points.get(parent_key, 0)} "
            f"{parent['abbr']} + {points.get(key, 0)} direct"
        )
    result: dict[str, Any] = {
        "attributes": {entries[f"arts.{k}"]["abbr"]: mods[k] for k in ATTRIBUTES}
    }
    for group in ("combat", "utility"):
        values = {}
        for art in arts_of(group):
            key = art["id"].partition(".")[2]
            primary, secondary = (a.partition(".")[2] for a in art["attributes"])
            direct = points.get(key, 0)
            value = direct + mods[primary] + mods[secondary] // 2
            values[art["name"]] = value
            breakdown[art["name"]] = (
                f"{art['name']} {value} = {direct} points + {mods[primary]} "
                f"{primary.upper()} + {mods[secondary] // 2} (half of {secondary.upper()} "
                f"{mods[secondary]}, rounded down)"
            )
        result[f"{group}_arts"] = values
    allowed = allowances(level)
    spent = {
        "general": sum(points.get(k, 0) for k in GENERALS),
        "specific": sum(points.get(k, 0) for k in ATTRIBUTES),
        "combat": sum(points.get(a["id"].partition(".")[2], 0) for a in arts_of("combat")),
        "utility": sum(points.get(a["id"].partition(".")[2], 0) for a in arts_of("utility")),
    }
    names = {
        "general": "General Attribute",
        "specific": "Specific Attribute",
        "combat": "Combat Arts",
        "utility": "Utility Arts",
    }
    problems = [
        f"{spent[p]} {names[p]} points spent, but level {level} allows {allowed[p]}."
        for p in names
        if spent[p] > allowed[p]
    ]
    result.update(
        resilience=mods["end"],
        evasion=mods["ref"],
        resolve=mods["foc"],
        fatigue_tolerance=BASE_TOLERANCE + mods["end"],
        stress_tolerance=BASE_TOLERANCE + mods["foc"],
        speed=BASE_SPEED,
        ability_picks=allowed["ability_picks"],
        problems=problems,
        points={p: {"spent": spent[p], "allowed": allowed[p]} for p in names},
    )
    breakdown.update(
        Resilience=f"Resilience {mods['end']} = END {mods['end']}",
        Evasion=f"Evasion {mods['ref']} = REF {mods['ref']}",
        Resolve=f"Resolve {mods['foc']} = FOC {mods['foc']}",
        **{
            "Fatigue Tolerance": f"Fatigue Tolerance {10 + mods['end']} = 10 + END {mods['end']}",
            "Stress Tolerance": f"Stress Tolerance {10 + mods['foc']} = 10 + FOC {mods['foc']}",
        },
    )
    result["breakdown"] = breakdown
    return result


# -- declarations -------------------------------------------------------------------
def _mod(name: str, label: str, help_: str = "") -> Input:
    return int_input(name, label, 0, -20, 20, help_)


def _count(name: str, label: str) -> Input:
    return int_input(name, label, 0, 0, 10)


REGISTRY.add(
    Calculator(
        "arts.contest",
        "Opposed roll",
        inputs=(
            _mod(
                "attacker", "Attacker modifier", "The active roller's modifier (art or attribute)."
            ),
            _mod("defender", "Defender modifier", "The reactive roller's modifier."),
            _count("boons", "Attacker Boons"),
            _count("banes", "Attacker Banes"),
            _count("defender_boons", "Defender Boons"),
            _count("defender_banes", "Defender Banes"),
            dice_input(
                "attacker_dice",
                "Attacker dice",
                6,
                "Faces rolled, e.g. 3,4,6; leave empty for the exact odds.",
            ),
            dice_input(
                "defender_dice", "Defender dice", 6, "Faces rolled by the defender, e.g. 2,5."
            ),
        ),
        outputs=(
            Output("p_success", "Attacker succeeds", "fraction"),
            Output("p_critical", "Critical", "fraction"),
            Output("p_tie", "Tie (defender wins)", "fraction"),
            Output("distribution", "Margin (attacker − defender)", "distribution"),
            Output("result", "Result of the given dice", "map"),
        ),
        compute=compute_contest,
        rule="arts.the_fundamental_dice_mechanic",
        rolls=True,
        help="Each side rolls 2d6 plus a modifier; Boons and Banes add a die and drop one.",
    )
)

_POINT_INPUTS = (
    *(int_input(k, k.upper(), 0, 0, 12, group="General attribute points") for k in GENERALS),
    *(int_input(k, k.upper(), 0, 0, 12, group="Specific attribute points") for k in ATTRIBUTES),
)


def _art_inputs() -> tuple[Input, ...]:
    return tuple(
        int_input(
            a["id"].partition(".")[2], a["name"], 0, 0, 12, group=f"{group.capitalize()} art points"
        )
        for group in ("combat", "utility")
        for a in arts_of(group)
    )


REGISTRY.add(
    Calculator(
        "arts.character",
        "Character creation and levels",
        inputs=(int_input("level", "Level", 1, 1, 12), *_POINT_INPUTS, *_art_inputs()),
        outputs=(
            Output("attributes", "Attributes", "map"),
            Output("combat_arts", "Combat arts", "map"),
            Output("utility_arts", "Utility arts", "map"),
            Output("resilience", "Resilience", "int"),
            Output("evasion", "Evasion", "int"),
            Output("resolve", "Resolve", "int"),
            Output("fatigue_tolerance", "Fatigue Tolerance", "int"),
            Output("stress_tolerance", "Stress Tolerance", "int"),
            Output("speed", "Speed", "int"),
            Output("ability_picks", "Ability picks (each type)", "int"),
            Output("problems", "Problems", "list"),
        ),
        compute=compute_character,
        rule="arts.character_creation",
    )
)
