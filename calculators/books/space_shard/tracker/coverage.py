"""The rules of Space Shard that are not the source of a tracker rule, and what the tracker
does with each (see :mod:`calculators.books.arts.tracker.coverage`)."""

from __future__ import annotations

OTHER: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "A heading: the rules are in the entries under it, each listed on its own.",
        ("space_shard.other_rules",),
    ),
    (
        "Applied with Actions: each is an action of the kind it names (Movement, Swift, "
        "Free, Standard), which the tracker counts in the turn.",
        (
            "space_shard.take_out_an_item",
            "space_shard.get_up_from_proning",
            "space_shard.free_actions_examples",
            "space_shard.swift_actions_examples",
            "space_shard.movement_actions_examples",
            "space_shard.standard_actions_examples",
        ),
    ),
    (
        "Applied with Initiative and the Surprise Round: the GM starts the encounter; "
        "everyone who has not rolled initiative rolls it.",
        (
            "space_shard.start_of_the_battle",
            "space_shard.initiative_in_surprise_round",
            "space_shard.initiative_rules",
        ),
    ),
    (
        "The attack's dice pool and damage: the Attack calculator applies them; the "
        "tracker takes the damage that results (with the overflow).",
        (
            "space_shard.attack_check_rules",
            "space_shard.types_of_attacks",
            "space_shard.attack_types_zh",
            "space_shard.area_effect",
        ),
    ),
    (
        "Applied with Guarding: a blade guards like a brawl, with the blade's bonus.",
        ("space_shard.guarding_with_blade",),
    ),
    (
        "Cover: the Covered defense calculator applies it; creatures in the tracker have "
        "no position.",
        (
            "space_shard.finding_cover",
            "space_shard.cover_special_cases",
            "space_shard.covered",
            "space_shard.fully_covered",
        ),
    ),
    (
        "Applied with the Surprise Round: a creature not in it is Surprised and does not "
        "act in it.",
        ("space_shard.surprised",),
    ),
    (
        "Applied with Proning and Tripping: Prone and Stagger are set and end on the card.",
        ("space_shard.prone", "space_shard.stagger"),
    ),
    (
        "Applied with Charge: the Charge Attack's bonus; the straight, clean path is the "
        "GM's to judge (no positions in the tracker).",
        ("space_shard.when_charging",),
    ),
    (
        "Not applied: each special attack replaces the attack action; the tracker counts "
        "it as the Standard Action it is, and its effect is the GM's.",
        ("space_shard.special_attack_actions",),
    ),
)
"""What the tracker does with each (applied elsewhere, or not applied and why), with the
entry ids it covers."""
