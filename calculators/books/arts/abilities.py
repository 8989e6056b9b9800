"""The abilities a character picks: their cards from the rules data, the text a form
gives them in, the rules a pick must follow and the picks each type uses.
"""

from __future__ import annotations

from typing import Any

from ... import data
from ...errors import InputError
from ...inputs import split_items
from .creation import allowances

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
