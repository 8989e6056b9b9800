"""The Glittershard's End builder page: the book's ten creation steps, then level-ups."""

from __future__ import annotations

import re
from html import escape
from types import ModuleType
from typing import Any

from ....builders.page import BuilderPage as Page
from ..tables import level_rows, sizes, skills, stats


def render_page(
    page: Page, module: ModuleType, blank: dict[str, Any], html: dict[str, Any]
) -> str:
    """The builder: one fieldset per creation step, each with its rule and live status."""
    status = html["steps"]
    creation = page.plain(str(page.data.entry("glittershard.character_creation").data["text"]))
    numbered = [m.group(1) for m in re.finditer(r"^\d+\. (.*)$", creation, re.M)]

    def book(*numbers: int) -> str:
        words = " ".join(f"{n}. {numbered[n - 1]}" for n in numbers)
        return page.rule("glittershard.character_creation", words)

    def box(name: str, label: str, **kw: Any) -> str:
        return page.field(name, label, **kw)

    stat_fields = "".join(box(f"stats.{k}", escape(abbr), low=-9, high=9) for k, abbr, _ in stats())
    methods = tuple(module.METHODS.items())
    steps = [
        page.step(
            "identity",
            "",
            "Character",
            "<div class='rb-fields'>"
            + box("name", "Name", control="text")
            + box(
                "level",
                "Level",
                low=1,
                high=20,
                help_text="Level up applies the next row of the level table.",
            )
            + "</div>",
            "",
        )
    ]
    steps.append(
        page.step(
            "stats",
            "Steps 1–2:",
            "Stats",
            "<div class='rb-fields'>"
            + box("method", "Method", control="select", choices=methods)
            + box(
                "seed",
                "Seed of the roll",
                control="text",
                help_text="Filled in by Roll stats; the same seed replays the same roll.",
            )
            + "</div><p><button type='button' class='md-button' data-action='roll' disabled>"
            "Roll stats</button></p>"
            f"<div class='rb-fields'>{stat_fields}</div>",
            status["stats"],
            rule=book(1, 2) + page.rule("glittershard.stats_continued", ""),
        )
    )
    hand = (
        "<div class='admonition note'><p class='admonition-title'>No race or class pages"
        "</p><p>"
        + escape(
            page.plain(str(page.data.entry("glittershard.character_creation").data.get("note", "")))
        )
        + " Enter the values by hand.</p></div>"
    )
    size_choices = tuple((k, v[0]) for k, v in sizes().items())
    steps.append(
        page.step(
            "race",
            "Step 3:",
            "Race (entered by hand)",
            hand
            + "<div class='rb-fields'>"
            + box("race.name", "Race", control="text")
            + box(
                "race.bonuses",
                "Racial bonuses",
                control="text",
                help_text="Stats and signed numbers, e.g. Nim +1, Wit +2.",
            )
            + box("race.base_health", "Base health", low=0, high=200)
            + box("race.speed_bonus", "Racial speed bonus", low=-20, high=20)
            + box("race.size", "Size", control="select", choices=size_choices)
            + box("race.traits", "Traits", control="text")
            + "</div>",
            status["race"],
            rule=book(3),
        )
    )
    steps.append(
        page.step(
            "class",
            "Step 4:",
            "Class (entered by hand)",
            "<div class='rb-fields'>"
            + box("class.name", "Class", control="text")
            + box(
                "class.bonuses",
                "Class stat bonuses",
                control="text",
                help_text="e.g. Bwn +1; leave empty if none.",
            )
            + box("class.perks", "Perks", control="text", wide=True)
            + box(
                "class.training",
                "Training from the class",
                control="text",
                help_text="Skill names, comma-separated, e.g. Stealth, Book - Force.",
            )
            + box("class.equipment", "Equipment and gold", control="text", wide=True)
            + "</div>",
            status["class"],
            rule=book(4),
        )
    )
    skill_boxes = "".join(
        f"<li>{box(f'training.{name}', escape(name), control='checkbox')}</li>"
        for name, _, _ in skills()
    )
    steps.append(
        page.step(
            "training",
            "Step 5:",
            "Training",
            f"<ul class='rb-abilities rb-skill-list'>{skill_boxes}</ul>"
            "<p>The calculated skills are on the sheet below.</p>",
            status["training"],
            rule=book(5),
        )
    )
    steps.append(
        page.step(
            "derived",
            "Step 6:",
            "Health, magic stamina, recovery, carry weight",
            "<p>Worked out on the sheet from the Math formulas.</p>",
            status["derived"],
            rule=book(6),
        )
    )
    steps.append(
        page.step(
            "gear",
            "Step 7:",
            "Gear",
            "<div class='rb-fields'>"
            + box("gear.items", "Gear bought", control="text", wide=True)
            + box("gear.carried_weight", "Carried weight (kg)", low=0, high=1000)
            + box("gear.bag_capacity", "Sum of bag carrying caps (kg)", low=0, high=1000)
            + "</div>",
            status["gear"],
            rule=book(7),
        )
    )
    steps.append(
        page.step(
            "armor",
            "Step 8:",
            "Armor, dodge and speed",
            "<div class='rb-fields'>"
            + box("armor.armor_bonus", "Armor bonus", low=-20, high=20)
            + box("armor.shield_bonus", "Shield bonus", low=-20, high=20)
            + box("armor.armor_penalty", "Armor penalty (to dodge)", low=-20, high=20)
            + "</div>",
            status["armor"],
            rule=book(8),
        )
    )
    stat_choices = tuple((k, a) for k, a, _ in stats() if k in module.ATTACK_STATS)
    weapons = "".join(
        f"<fieldset class='rb-art'><legend>Weapon {i + 1}</legend><div class='rb-fields'>"
        + box(f"weapons.{i}.name", "Name", control="text")
        + box(f"weapons.{i}.stat", "Stat", control="select", choices=stat_choices)
        + box(f"weapons.{i}.attack_bonus", "Attack bonus", low=-10, high=10)
        + box(f"weapons.{i}.trained", "Trained", control="checkbox")
        + "</div></fieldset>"
        for i in range(module.MAX_WEAPONS)
    )
    steps.append(
        page.step(
            "weapons",
            "Step 9:",
            "Weapon dice",
            f"<div class='rb-arts-grid'>{weapons}</div>",
            status["weapons"],
            rule=book(9) + page.rule("glittershard.attack_roll_formula"),
        )
    )
    school_choices = (("", "—"),) + tuple((m, f"{m} ({s})") for m, s in module.schools().items())
    spells = "".join(
        "<div class='rb-fields'>"
        + box(f"spells.{i}.name", f"Spell {i + 1}", control="text")
        + box(f"spells.{i}.school", "School", control="select", choices=school_choices)
        + "</div>"
        for i in range(module.MAX_SPELLS)
    )
    steps.append(
        page.step(
            "spells",
            "Step 10:",
            "Spells by school",
            "",
            status["spells"],
            rule=book(10),
            later=spells,
        )
    )
    stat_pick = (("", "—"),) + tuple((k, a) for k, a, _ in stats())
    rows = []
    for level, perks in level_rows():
        if level < 2:
            continue
        fields = []
        for gain in module.level_gains(level):
            name = f"advances.{level}.{gain}"
            if gain == "stat":
                fields.append(box(name, "+1 to", control="select", choices=stat_pick))
            elif gain == "perk":
                fields.append(box(name, "New class perk", control="text"))
            elif gain == "training":
                fields.append(box(name, "Training (a skill)", control="text"))
            else:
                fields.append(
                    box(
                        name,
                        "Skill point (note)",
                        control="text",
                        help_text="The rulebook never says what it buys.",
                    )
                )
        rows.append(
            f"<fieldset class='rb-art' data-level='{level}' hidden><legend>Level {level}: "
            f"{escape(perks)}</legend><div class='rb-fields'>{''.join(fields)}</div></fieldset>"
        )
    steps.append(
        page.step(
            "levels",
            "Level-ups:",
            "to level 20",
            "<p>Each level up opens the choices of its row of the level table.</p>",
            status["levels"],
            rule=page.rule("glittershard.leveling"),
            later="".join(rows),
        )
    )
    intro = (
        "<p class='rb-builder-intro'>Build a Glittershard's End character through the "
        "rulebook's ten creation steps, then level it up to 20. Each step shows what the rules "
        "allow and what is left; a choice that breaks a rule is flagged at its step with the "
        "rule quoted. The character is kept in this page's link and in this browser, and can be "
        "exported as a JSON file.</p>"
    )
    return page.wrap(intro, "".join(steps), html["sheet"], blank)
