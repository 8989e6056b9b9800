"""The rules of Attributes & Arts that are not the source of a tracker rule, and what the
tracker does with each: applied with another rule, or not applied, with the reason.

Every section and status of the book is either the source of one of the tracker's
``RULES`` or listed here (``tests/test_tracker_coverage.py``); the tracker page shows
this list under the rules it applies.
"""

from __future__ import annotations

from .... import data


def _unapplied() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each ability whose ``unapplied`` says what of it the tracker does not apply, and why
    (the rules data states it beside the ability's text)."""
    return tuple(
        (" ".join(str(e["unapplied"]).split()), (e["id"],))
        for e in data.system_data("arts").values()
        if e["kind"] == "ability" and e.get("unapplied")
    )


OTHER: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "A heading: the rules are in the entries under it, each listed on its own.",
        (
            "arts.abilities_unarmed",
            "arts.abilities_bladecraft",
            "arts.abilities_archery",
            "arts.abilities_ninjutsu",
            "arts.abilities_kineticism",
            "arts.abilities_mesmerism",
            "arts.abilities_elementalism",
            "arts.abilities_infusion",
            "arts.combat_arts",
            "arts.defenses",
            "arts.utility_arts",
            "arts.combat",
            "arts.statuses_buffs_and_other_conditions",
            "arts.buffs",
        ),
    ),
    (
        "Making and levelling a character: the character builder applies it; a character "
        "joins the tracker with the builder's numbers.",
        (
            "arts.attributes_and_arts",
            "arts.character_attributes",
            "arts.character_creation",
            "arts.allocating_general_attributes",
            "arts.allocating_specific_attributes",
            "arts.allocating_arts_points",
            "arts.defensive_modifiers_and_tolerance",
            "arts.speed_section",
            "arts.ability_selection",
            "arts.leveling_up",
        ),
    ),
    (
        "Minions are creatures the GM adds to the encounter like any other; their "
        "abilities' own rules are on their cards, which the tracker does not read.",
        ("arts.abilities_animism",),
    ),
    (
        "The basic abilities are actions the GM takes at the table; the tracker records "
        "their results (Fatigue, Stress, statuses), not their choice.",
        ("arts.basic_abilities",),
    ),
    (
        "Squares and distances: the grid calculators on the calculators page apply them "
        "(areas, pushes, movement through terrain); in the tracker a creature may stand on "
        "a square and Use an ability checks its Range, but Movement costs and areas are "
        "the GM's.",
        (
            "arts.the_grid_movement_and_targeting",
            "arts.movement",
            "arts.areas_of_effect",
        ),
    ),
    (
        "The contest between two rolls: Use an ability takes its two totals (or its "
        "outcome) and the Opposed roll calculator computes the odds; the choice of "
        "defence is the defender's at the table.",
        (
            "arts.physical_and_mental_attacks",
            "arts.standard_defensive_rolls",
            "arts.evasion_roll",
            "arts.resolve_roll",
            "arts.the_fundamental_dice_mechanic",
            "arts.criticals",
            "arts.banes_and_boons",
        ),
    ),
    (
        "A Trigger names when an ability's effect happens; the GM uses the ability then.",
        ("arts.triggered_effects",),
    ),
    (
        "Shown on the card as a status, added and removed by the GM; its Bane on "
        "defensive rolls is counted by the GM in the contest, which the tracker does not "
        "roll.",
        ("arts.dazed",),
    ),
    (
        "Shown on the card as a status; Use an ability halves the Range for a Blinded "
        "user when both creatures stand on squares (Range on squares), as the Target in "
        "range calculator does.",
        ("arts.blinded",),
    ),
    *_unapplied(),
)
"""What the tracker does with each (applied elsewhere, or not applied and why), with the
entry ids it covers."""
