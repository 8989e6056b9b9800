"""Attributes & Arts (seed ``004_…``): contests, incapacity and character creation."""

from __future__ import annotations

import random
from typing import Any

from . import data, effects
from .declare import Calculator, Input, Output, dice_input, int_input, text_input
from .dice import Dist, boons_banes, contest, resolve_boons_banes
from .errors import InputError
from .inputs import split_items
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


TIER_MARK = "[Tier]"
"""Abilities that can be upgraded 'refer to [Tier] in their description' (Ability Selection)."""
NO_UTILITY_ABILITIES = "arts.assume_no_utility_abilities"
"""The assumption entry: the Ability List has no utility abilities."""


def ability_cards() -> dict[str, dict[str, Any]]:
    """Every ability of the Ability List by lower-case name, with its art and type.

    Each value holds ``name``, ``id``, ``art`` (the art's name), ``art_id``, ``type``
    (``combat`` or ``utility``, the art's group) and ``tiered`` (its card has [Tier]).

    >>> card = ability_cards()["hack and slash"]
    >>> card["art"], card["type"], card["tiered"]
    ('Bladecraft', 'combat', True)
    >>> ability_cards()["adrenaline"]["tiered"]
    False
    """
    entries = data.system_data("arts")
    cards: dict[str, dict[str, Any]] = {}
    for entry in entries.values():
        art = entries.get(entry.get("group", ""), {})
        if entry["kind"] != "ability" or art.get("kind") != "art":
            continue  # the basic abilities belong to no art and are not picked
        text = " ".join(str(v) for field in entry.get("fields", []) for v in field.values())
        cards[entry["name"].lower()] = {
            "name": entry["name"],
            "id": entry["id"],
            "art": art["name"],
            "art_id": art["id"],
            "type": art["group"],
            "tiered": TIER_MARK in text,
        }
    return cards


def parse_abilities(text: str, field: str = "abilities") -> list[dict[str, Any]]:
    """Ability picks from text like ``"Hack and Slash:2, Accelerate"`` (tier 1 when omitted).

    Names are matched without regard to case; an unknown name, a tier that is not a whole
    number of 1 or more, or a name given twice is an :class:`InputError` on ``field``.

    >>> [(a["name"], a["art"], a["tier"]) for a in parse_abilities("hack and slash:2, Accelerate")]
    [('Hack and Slash', 'Bladecraft', 2), ('Accelerate', 'Kineticism', 1)]
    >>> parse_abilities("Fireball")
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: abilities: 'Fireball' is not an ability of the Ability List.
    """
    cards = ability_cards()
    chosen: list[dict[str, Any]] = []
    for item in split_items(text, ",;\n"):
        name, _, tier_text = item.partition(":")
        key = " ".join(name.split()).lower()
        if key not in cards:
            raise InputError(field, f"{name.strip()!r} is not an ability of the Ability List.")
        tier_text = tier_text.strip() or "1"
        if not tier_text.isdigit() or int(tier_text) < 1:
            raise InputError(
                field,
                f"The tier of {cards[key]['name']} must be a whole number of 1 or more; "
                f"got {tier_text!r}.",
            )
        if any(c["id"] == cards[key]["id"] for c in chosen):
            raise InputError(
                field, f"{cards[key]['name']} is listed twice; raise its tier instead (':2')."
            )
        card = cards[key]
        chosen.append(
            {
                "name": card["name"],
                "art": card["art"],
                "type": card["type"],
                "tier": int(tier_text),
                "id": card["id"],
            }
        )
    return chosen


def ability_rule_problems(
    level: int, points: dict[str, int], chosen: list[dict[str, Any]]
) -> list[dict[str, str]]:
    """Every broken rule of the ability picks, each with the rule it breaks.

    Each problem is ``{"message", "rule", "quote"}``: ``rule`` is the entry id, ``quote``
    the rulebook's words. Picks and upgrades are counted per type: a pick is tier 1, each
    upgrade one more ("by foregoing the selection of a different ability").

    >>> ability_rule_problems(1, {"bladecraft": 1, "kineticism": 2},
    ...                       parse_abilities("Hack and Slash:2, Accelerate"))
    []
    >>> ex = parse_abilities("Riposte:2, Accelerate:2")
    >>> [p["message"] for p in ability_rule_problems(1, {"bladecraft": 1}, ex)]
    ... # doctest: +NORMALIZE_WHITESPACE
    ['Riposte has no [Tier] on its card, so it cannot be upgraded to tier 2.',
     'Accelerate is an ability of Kineticism, but Kineticism has no direct points.',
     'Accelerate has no [Tier] on its card, so it cannot be upgraded to tier 2.',
     '4 combat ability picks and upgrades used, but level 1 allows 3.']
    """
    cards = {c["id"]: c for c in ability_cards().values()}
    allowed = allowances(level)["ability_picks"]
    problems: list[dict[str, str]] = []
    selection = "arts.ability_selection"
    for pick in chosen:
        art_key = cards[pick["id"]]["art_id"].partition(".")[2]
        if points.get(art_key, 0) < 1:
            problems.append(
                {
                    "message": f"{pick['name']} is an ability of {pick['art']}, but {pick['art']} "
                    "has no direct points.",
                    "rule": selection,
                    "quote": "These picks can be distributed across any Arts in which at least 1 "
                    "point has been invested.",
                }
            )
        if pick["tier"] > 1 and not cards[pick["id"]]["tiered"]:
            problems.append(
                {
                    "message": f"{pick['name']} has no [Tier] on its card, so it cannot be "
                    f"upgraded to tier {pick['tier']}.",
                    "rule": selection,
                    "quote": "Some abilities can be upgraded by foregoing the selection of a "
                    "different ability in that discipline. These abilities refer to [Tier] in "
                    "their description.",
                }
            )
    for kind, used in picks_used(chosen).items():
        if used > allowed:
            problems.append(
                {
                    "message": f"{used} {kind} ability picks and upgrades used, but level {level} "
                    f"allows {allowed}.",
                    "rule": "arts.leveling_up",
                    "quote": "At any given level a character has an accumulated number of ability "
                    "picks (and/or ability upgrades) for each of combat and utility, as specified "
                    "by the table.",
                }
            )
    return problems


def picks_used(chosen: list[dict[str, Any]]) -> dict[str, int]:
    """Ability picks used per type: each ability counts its tier (a pick and its upgrades).

    >>> picks_used(parse_abilities("Hack and Slash:2, Accelerate"))
    {'combat': 3, 'utility': 0}
    """
    used = {"combat": 0, "utility": 0}
    for pick in chosen:
        used[pick["type"]] += pick["tier"]
    return used


def compute_character(level: int, abilities: str = "", **points: int) -> dict[str, Any]:
    """Every derived value of an Attributes & Arts character, with its breakdown.

    The rulebook's example: +1 PHY, +1 MIG, +1 REF, +1 Bladecraft, +2 Kineticism, and
    "three abilities split any way they choose between Bladecraft and Kineticism".

    >>> c = compute_character(1, "Hack and Slash:2, Accelerate", phy=1, mig=1, ref=1,
    ...                       bladecraft=1, kineticism=2)
    >>> c["attributes"]["MIG"], c["attributes"]["END"], c["attributes"]["REF"]
    (2, 1, 1)
    >>> c["combat_arts"]["Bladecraft"], c["combat_arts"]["Kineticism"], c["combat_arts"]["Unarmed"]
    (3, 2, 2)
    >>> c["picks_used"], c["problems"]
    ({'combat': 3, 'utility': 0}, [])
    """
    chosen = parse_abilities(abilities)
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
    rule_problems = ability_rule_problems(level, points, chosen)
    problems.extend(p["message"] for p in rule_problems)
    used = picks_used(chosen)
    breakdown["Ability picks"] = (
        f"Ability picks {allowed['ability_picks']} of each type at level {level} (level table); "
        f"used: {used['combat']} combat, {used['utility']} utility (a pick counts its tier: "
        "each upgrade forgoes one pick). The rulebook lists no utility abilities."
    )
    result.update(
        abilities=[{k: a[k] for k in ("name", "art", "type", "tier")} for a in chosen],
        picks_used=used,
        rule_problems=rule_problems,
        resilience=mods["end"],
        evasion=mods["ref"],
        resolve=mods["foc"],
        ability_picks=allowed["ability_picks"],
        problems=problems,
        points={p: {"spent": spent[p], "allowed": allowed[p]} for p in names},
    )
    breakdown.update(
        Resilience=f"Resilience {mods['end']} = END {mods['end']}",
        Evasion=f"Evasion {mods['ref']} = REF {mods['ref']}",
        Resolve=f"Resolve {mods['foc']} = FOC {mods['foc']}",
    )
    found = effects.bonuses(entries, chosen)
    for key, label, base, start in (
        ("fatigue_tolerance", "Fatigue Tolerance", BASE_TOLERANCE + mods["end"],
         f"{BASE_TOLERANCE} + END {mods['end']}"),
        ("stress_tolerance", "Stress Tolerance", BASE_TOLERANCE + mods["foc"],
         f"{BASE_TOLERANCE} + FOC {mods['foc']}"),
        ("speed", "Speed", BASE_SPEED, f"{BASE_SPEED} to start with"),
    ):
        result[key], working = effects.apply(base, start, found.pop(key, ()))
        breakdown[label] = f"{label} {result[key]} = {working}"
    if found:  # pragma: no cover - the rules data names a number the core does not have
        raise ValueError(f"ability effects change unknown numbers: {sorted(found)}")
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
        inputs=(
            int_input("level", "Level", 1, 1, 12),
            *_POINT_INPUTS,
            *_art_inputs(),
            text_input(
                "abilities",
                "Abilities",
                "",
                "Ability names from the Ability List, comma-separated, each optionally "
                "followed by :tier, e.g. Hack and Slash:2, Accelerate.",
            ),
        ),
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
            Output("abilities", "Abilities chosen", "list"),
            Output("picks_used", "Ability picks used", "map"),
            Output("problems", "Problems", "list"),
        ),
        compute=compute_character,
        rule="arts.character_creation",
        assumptions=(NO_UTILITY_ABILITIES,),
    )
)
