"""The rules of Shattered Spirits that are not the source of a tracker rule, and what the
tracker does with each (see :mod:`calculators.books.arts.tracker.coverage`)."""

from __future__ import annotations

OTHER: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "A heading: the rules are in the entries under it, each listed on its own.",
        (
            "shattered_spirits.advantage_section",
            "shattered_spirits.range_section",
            "shattered_spirits.areas_section",
            "shattered_spirits.elevation_section",
            "shattered_spirits.cover_section",
            "shattered_spirits.health_and_healing",
        ),
    ),
    (
        "The Attack Roll and its Damage: the Attack Roll, Attack Roll modifiers and "
        "Calculating Damage calculators apply them; the tracker takes the Damage that "
        "results (Take Damage).",
        (
            "shattered_spirits.making_attacks",
            "shattered_spirits.calculating_damage",
            "shattered_spirits.attack_roll_modifiers",
        ),
    ),
    (
        "Squares: the grid calculators (Target in range, Blast, Burst, Arc, Cone, Line, "
        "Movement budget, Climbing cost, Falling) apply them; in the tracker a creature may "
        "stand on a square (Move), an Attack's reach is checked and an Area names the "
        "creatures in it (Who is in this Area), but Movement costs are the GM's: "
        "Move places the creature without counting them.",
        ("shattered_spirits.movement_section",),
    ),
    (
        "Not applied: a Reaction's trigger and effect are on its card, which the tracker "
        "does not read; the GM applies what it does (Damage, Tokens, Statuses) with the "
        "tracker's actions.",
        ("shattered_spirits.reactions",),
    ),
)
"""What the tracker does with each (applied elsewhere, or not applied and why), with the
entry ids it covers."""
