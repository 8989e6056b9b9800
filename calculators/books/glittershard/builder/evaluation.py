"""The sheet: the book's ten creation steps, then the level-ups, with the derived values
(:func:`calculators.books.glittershard.character.compute_character`) and readiness.
"""

from __future__ import annotations

from typing import Any

from .... import data
from ....builders.sheet import assemble, problem, step, value
from ..character import compute_character, parse_trained_skills
from ..checks import stat_dice
from ..tables import STAT_KEYS, level_rows, max_level, pool_rules, sizes
from .character import _stat_labels, validate
from .declarations import HAND_NOTE, METHODS, REQUIRED_GAINS, ROLLED, SYSTEM, schools
from .stats import _stats_step


def evaluate(raw: Any) -> dict[str, Any]:
    """The sheet: the book's ten steps, then level-ups, with derived values and readiness.

    >>> from calculators.books.glittershard.builder import blank
    >>> sheet = evaluate(blank())
    >>> [(s["id"], s["status"]) for s in sheet["steps"]]  # doctest: +NORMALIZE_WHITESPACE
    [('stats', 'problem'), ('race', 'open'), ('class', 'open'), ('training', 'open'),
     ('derived', 'done'), ('gear', 'done'), ('armor', 'done'), ('weapons', 'done'),
     ('spells', 'done'), ('levels', 'done')]
    """
    c = validate(raw)
    labels = _stat_labels()
    level_stats = [a.get("stat", "") for a in c["advances"].values() if a.get("stat")]
    bonuses = ", ".join(
        part
        for part in (
            c["race"]["bonuses"],
            c["class"]["bonuses"],
            *(f"{labels[k]} +1" for k in level_stats),
        )
        if part
    )
    level_training = [a["training"] for a in c["advances"].values() if a.get("training")]
    trained = list(
        dict.fromkeys(
            [*c["training"], *parse_trained_skills(c["class"]["training"]), *level_training]
        )
    )
    result = compute_character(
        **c["stats"],
        method="rolled" if c["method"] in ROLLED else c["method"],
        bonuses=bonuses,
        level=c["level"],
        race_health=c["race"]["base_health"],
        size=c["race"]["size"],
        armor_bonus=c["armor"]["armor_bonus"],
        shield_bonus=c["armor"]["shield_bonus"],
        armor_penalty=c["armor"]["armor_penalty"],
        racial_speed_bonus=c["race"]["speed_bonus"],
        carried_weight=c["gear"]["carried_weight"],
        bag_capacity=c["gear"]["bag_capacity"],
        trained_skills=", ".join(trained),
    )
    creation = "glittershard.character_creation"
    stats_step, _ = _stats_step(c, result)
    steps = [stats_step]
    steps.append(
        step(
            "race",
            "Race (entered by hand)",
            creation,
            "racial bonuses, base health, speed, size, traits from the race page",
            0 if c["race"]["name"] else 1,
            [],
            [HAND_NOTE],
            left_text="" if c["race"]["name"] else "name the race",
        )
    )
    steps.append(
        step(
            "class",
            "Class (entered by hand)",
            creation,
            "perks, equipment, gold and training from the class page",
            0 if c["class"]["name"] else 1,
            [],
            [HAND_NOTE],
            left_text="" if c["class"]["name"] else "name the class",
        )
    )
    chosen = len(c["training"])
    training_problems = []
    if chosen > 2:
        training_problems.append(
            problem(
                f"{chosen} trainings chosen at creation; the rulebook gives the last two.",
                creation,
                "choose the last two items you would like to train in",
            )
        )
    steps.append(
        step(
            "training",
            "Training",
            creation,
            "2 trainings of your choice at level 1 (besides the class's own)",
            max(0, 2 - chosen),
            training_problems,
            [f"Trained: {', '.join(trained) or 'nothing yet'}."],
            left_text=f"{max(0, 2 - chosen)} of 2 left",
        )
    )
    steps.append(
        step(
            "derived",
            "Health, magic stamina, recovery, carry weight",
            "glittershard.math",
            "",
            0,
            [],
            [],
            left_text="",
        )
    )
    gear_problems = []
    if c["gear"]["carried_weight"] > result["max_carry_weight"]:
        gear_problems.append(
            problem(
                f"{c['gear']['carried_weight']} kg carried, above the maximum carry weight of "
                f"{result['max_carry_weight']} kg.",
                "glittershard.max_carry_weight_formula",
                "(base weight (30) + (10 * Brawn)) or 5 + sum of bag carrying caps, whichever is "
                "lower.",
            )
        )
    steps.append(
        step(
            "gear",
            "Gear",
            creation,
            f"up to {result['max_carry_weight']} kg carried",
            0,
            gear_problems,
            [],
            left_text="",
        )
    )
    steps.append(step("armor", "Armor, dodge and speed", creation, "", 0, [], [], left_text=""))
    base_dice = pool_rules()[0]
    proficiency = data.assumption_default("glittershard.proficiency")
    weapon_lines = []
    values = []
    for w in c["weapons"]:
        stat = result["stats"][labels[w["stat"]]]
        dice = base_dice + w["attack_bonus"] + (proficiency if w["trained"] else 0)
        dice += stat_dice(stat)
        how = (
            f"{dice}d6 = {base_dice} + {w['attack_bonus']} weapon attack bonus + "
            f"{proficiency if w['trained'] else 0} proficiency "
            f"({'trained' if w['trained'] else 'not trained'}) + {stat_dice(stat)} "
            f"({labels[w['stat']]} {stat}/2, toward zero)"
        )
        weapon_lines.append(f"{w['name'] or 'Unnamed weapon'}: {dice}d6")
        values.append(value(f"Attack: {w['name'] or 'weapon'}", f"{dice}d6", how))
    steps.append(
        step(
            "weapons",
            "Weapon dice",
            "glittershard.attack_roll_formula",
            "",
            0,
            [],
            ["Dice thrown with no circumstantial bonus, for quick reference."],
            left_text="",
        )
    )
    steps.append(
        step(
            "spells",
            "Spells by school",
            creation,
            "spells as granted by perks",
            0,
            [],
            [
                "The rulebook names the schools of magic but lists no spells: "
                "write down those your class perks grant."
            ],
            left_text="",
        )
    )
    open_choices = [
        f"level {lvl}: {gain.replace('_', ' ')}"
        for lvl, choices in c["advances"].items()
        for gain, chosen_value in choices.items()
        if gain in REQUIRED_GAINS and not chosen_value
    ]
    next_level = c["level"] + 1 if c["level"] < max_level() else None
    steps.append(
        step(
            "levels",
            "Level-ups",
            "glittershard.level_table",
            f"level {c['level']} of {max_level()}",
            len(open_choices),
            [],
            ([f"Still to choose: {'; '.join(open_choices)}."] if open_choices else [])
            + [
                f"Next: level {next_level}, {dict(level_rows())[next_level]}."
                if next_level
                else "Level 20 is the last row of the level table.",
                "The rulebook never says what a skill point buys: it is only noted.",
            ],
            left_text=f"{len(open_choices)} choices left" if open_choices else "",
        )
    )
    breakdown = result["breakdown"]
    derived = [
        value("Max health", result["max_health"], breakdown["Max health"]),
        value("Magic stamina", result["magic_stamina"], breakdown["Magic stamina"]),
        value(
            "Magical recovery points",
            result["magical_recovery_points"],
            breakdown["Magical recovery points"],
        ),
        value(
            "Max carry weight", f"{result['max_carry_weight']} kg", breakdown["Max carry weight"]
        ),
        value("Weight penalty", result["weight_penalty"], breakdown["Weight penalty"]),
        value("Armor value", result["armor_value"], breakdown["Armor value"]),
        value("Dodge", result["dodge"], breakdown["Dodge"]),
        value("Speed", result["speed"], breakdown["Speed"]),
    ]
    stats_values = [
        value(
            labels[k],
            v,
            f"{labels[k]} {v} = {c['stats'][k]} ({METHODS[c['method']]})"
            + (f" {v - c['stats'][k]:+d} bonuses" if v != c["stats"][k] else ""),
        )
        for k, v in zip(STAT_KEYS, result["stats"].values(), strict=True)
    ]
    skills = [
        value(f"{name}", f"{v} {result['skill_modifiers'][name]}", breakdown[f"Skill: {name}"])
        for name, v in result["skills"].items()
    ]
    return assemble(
        SYSTEM,
        c,
        steps,
        stats_values + derived + values + skills,
        title=c["name"] or "Unnamed character",
        level=c["level"],
        lists=[
            (
                "Race and class",
                [
                    f"Race: {c['race']['name'] or '—'} ({sizes()[c['race']['size']][0]}"
                    f"); traits: {c['race']['traits'] or '—'}",
                    f"Class: {c['class']['name'] or '—'}; perks: {c['class']['perks'] or '—'}",
                ],
            ),
            ("Trained", trained),
            ("Gear", [x for x in (c["class"]["equipment"], c["gear"]["items"]) if x]),
            ("Weapons", weapon_lines),
            (
                "Spells",
                [f"{s['name']} ({s['school']}, {schools()[s['school']]})" for s in c["spells"]],
            ),
            (
                "Level-ups",
                [
                    f"Level {lvl}: "
                    + "; ".join(
                        f"{g.replace('_', ' ')} {v or '(to choose)'}" for g, v in ch.items()
                    )
                    for lvl, ch in c["advances"].items()
                ],
            ),
        ],
    )
