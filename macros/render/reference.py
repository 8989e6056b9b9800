"""The authoring reference: every entry kind and its fields, drawn from the schema itself
(:mod:`macros.load.schema`) so the page cannot drift from what the build checks."""

from __future__ import annotations

from ..load.fields import _TYPE_NAMES
from ..load.schema import (
    BREAKDOWN_FIELDS,
    BUILDER_ATTRIBUTE_FIELDS,
    BUILDER_PICK_FIELDS,
    BUILDER_VALUE_FIELDS,
    CALCULATOR_INPUT_FIELDS,
    CALCULATOR_OUTPUT_FIELDS,
    CHECK_BAND_FIELDS,
    CHECK_STAT_FIELDS,
    COMMON,
    EFFECT_FIELDS,
    INITIATIVE_FIELDS,
    KINDS,
    PAGE_FIELDS,
    RULEBOOK_FIELDS,
    STATUS_TRACKER_FIELDS,
    SUMMARY_FIELDS,
    SYSTEM_FIELDS,
    TIMED_EFFECT_FIELDS,
    TRACK_FIELDS,
    TRACK_STEP_FIELDS,
    TRACKER_STAT_FIELDS,
    Field,
)

KIND_TEXT: dict[str, str] = {
    "section": "A heading and the rulebook's text under it (Markdown).",
    "prose": "Text between other entries, under the heading before it (no heading of its "
    "own); the importer writes it after a table or a sidebar.",
    "sidebar": "A titled box beside the rules: a block quote with a bold title in the source.",
    "term": "A word the rulebook defines. Every mention of its name or aliases in the same "
    "system links to it and shows it on hover; `tag` is the kind the rulebook gives it "
    "(`Blinded [Condition]`), listed on the Glossary by kind.",
    "attribute": "A character attribute with its abbreviation (linked like a term).",
    "art": "A skill-like trait with the attributes it draws on.",
    "ability": "An ability card: its fields in the rulebook's order; `effects` declare what "
    "it does as data (the builders, trackers and calculators apply them); `unapplied` says "
    "why the tracker cannot apply what the effects do not say (a choice at the table, the "
    "map), shown on the tracker page.",
    "status": "A condition, with a parameter X where it stacks.",
    "table": "Columns and rows as data. With `roll` (a die such as `d6`), a roll table: its "
    "first column holds results or ranges and each row shows its exact chance.",
    "formula": "A named formula of the rulebook, with its expression where it has one.",
    "assumption": "What Rulebinder assumes where the rulebook is silent: shown beside the "
    "rules it fills (`applies_to`) and on the system's Assumptions page; a calculator input "
    "may take its `default`.",
    "check": "A core roll as the rulebook states it: `roll` (dice over `stat` and the "
    "`inputs`), other `modes` of rolling it (advantage), and the outcome `bands` in order "
    "(`when: total >= 10`; the last may have no `when`). Its page shows each band's exact "
    "chance for each stat value and mode, and its calculator, which names the band rolled.",
    "tracker": "The book's encounter tracker, declared: the creature's `stats` and `tracks` "
    "(boxes, or named steps with a modifier), `initiative` (its roll over the stats and "
    "tie-breakers), the `checks` a creature rolls, and `rule`, the rule of turns and rounds. "
    "Each status's `tracker` block says when it ends and what it does (marks a track at a "
    "turn's or round's end, a modifier on checks). No Python: the engine applies it. A "
    "book whose tracker has Python declares here what that Python applies: its `rules`, the "
    "add form's `fields`, `settings`, `limits`, `actions` (one handler per `op`), `examples` "
    "and `other` (what it does with each rule it does not cite).",
    "builder": "The book's character builder, declared: a point-buy over `attributes` "
    "(`start`, `min`, `max`, a `budget`, `costs` by value, else 1 a step, and how many may go "
    "`below` the start), `picks` from lists (`from`, `count`) and derived `values` (formulas "
    "over the attributes). The sheet, saved library, share link and print come with it.",
    "calculator": "A calculator declared in YAML: inputs, `let`s (whole numbers, or named "
    "rolls read by several outputs with exact joint odds), outputs in the dice notation and a "
    "breakdown; or, where a formula cannot say the rule, `compute: module.function` naming "
    "the book's Python. Its form follows its `rule` entry.",
}
"""One sentence a kind; a test checks that every kind of the schema has one."""


def _row(field: Field) -> str:
    kind = _TYPE_NAMES.get(field.type, field.type)
    if field.choices:
        kind += ": " + ", ".join(f"`{c}`" for c in field.choices)
    if field.ref_kinds:
        kind += " (" + ", ".join(field.ref_kinds) + ")"
    return f"| `{field.name}` | {'yes' if field.required else ''} | {kind} |"


def field_table(fields: tuple[Field, ...]) -> str:
    """A Markdown table of fields: name, whether required, what it holds.

    >>> print(field_table((Field("id", "str", required=True),)))
    | Field | Required | Holds |
    |---|---|---|
    | `id` | yes | a string |
    """
    return "\n".join(["| Field | Required | Holds |", "|---|---|---|", *map(_row, fields)])


def reference() -> str:
    """The whole reference as Markdown."""
    parts = [
        "## Every entry",
        "Every entry of a page file (`rules_data/<system>/<page>.yml`, under `entries:`) has "
        "these fields, then those of its kind.",
        field_table(COMMON),
    ]
    for kind, fields in KINDS.items():
        parts += [f"## `{kind}`", KIND_TEXT[kind], field_table(fields)]
    parts += [
        "## Calculator inputs, outputs and breakdown lines",
        field_table(CALCULATOR_INPUT_FIELDS),
        field_table(CALCULATOR_OUTPUT_FIELDS),
        field_table(BREAKDOWN_FIELDS),
        "## Ability effects",
        field_table(EFFECT_FIELDS),
        "## The parts of a check",
        "`stat`:",
        field_table(CHECK_STAT_FIELDS),
        "Each of `bands` (the first whose `when` holds is the outcome):",
        field_table(CHECK_BAND_FIELDS),
        "## The parts of a tracker",
        "Each of `stats`:",
        field_table(TRACKER_STAT_FIELDS),
        "Each of `tracks` (`boxes` or `steps`):",
        field_table(TRACK_FIELDS),
        "Each of a track's `steps`:",
        field_table(TRACK_STEP_FIELDS),
        "`initiative`:",
        field_table(INITIATIVE_FIELDS),
        "A status's `tracker`:",
        field_table(STATUS_TRACKER_FIELDS),
        "Its `turn_start`, `turn_end` and `round_end`:",
        field_table(TIMED_EFFECT_FIELDS),
        "## The parts of a builder",
        "Each of `attributes`:",
        field_table(BUILDER_ATTRIBUTE_FIELDS),
        "Each of `picks`:",
        field_table(BUILDER_PICK_FIELDS),
        "Each of `values`:",
        field_table(BUILDER_VALUE_FIELDS),
        "## `system.yml`",
        "One `system:` mapping a system, with a `summary` (its front page card) and a "
        "`rulebook` (its source on the Sources page).",
        field_table(SYSTEM_FIELDS),
        "`summary`:",
        field_table(SUMMARY_FIELDS),
        "`rulebook`:",
        field_table(RULEBOOK_FIELDS),
        "## A page file's `page:`",
        field_table(PAGE_FIELDS),
    ]
    return "\n\n".join(parts) + "\n"
