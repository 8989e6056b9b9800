"""The rules of Glittershard's End that are not the source of a tracker rule, and what the
tracker does with each (see :mod:`calculators.books.arts.tracker.coverage`)."""

from __future__ import annotations

OTHER: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "A heading: the rules are in the entries under it, each listed on its own.",
        (
            "glittershard.turn_order",
            "glittershard.definitions",
            "glittershard.critical_failure_heading",
            "glittershard.game_master_heading",
            "glittershard.resistances_weaknesses_heading",
            "glittershard.training_heading",
            "glittershard.unit_heading",
            "glittershard.math",
            "glittershard.health",
            "glittershard.stats_and_other_values",
            "glittershard.status_effects",
            "glittershard.bound_heading",
            "glittershard.burning_heading",
            "glittershard.charm_heading",
            "glittershard.fear_heading",
            "glittershard.frozen_heading",
            "glittershard.invisible_heading",
            "glittershard.paralyzed_heading",
            "glittershard.poisoned_heading",
            "glittershard.summoned_heading",
            "glittershard.maladies",
            "glittershard.requirements",
        ),
    ),
    (
        "What is needed to play (dice, paper, a grid): not a rule of play.",
        (
            "glittershard.requirements_minimum",
            "glittershard.requirements_minimum_gm",
            "glittershard.requirements_recommended",
        ),
    ),
    (
        "Making and levelling a character and its derived numbers: the character builder "
        "and the Character calculator apply them; a character joins the tracker with "
        "their results.",
        (
            "glittershard.character_creation",
            "glittershard.leveling",
            "glittershard.skills",
            "glittershard.stats",
            "glittershard.stats_continued",
            "glittershard.size",
            "glittershard.carry_weight",
            "glittershard.math_armor_value",
            "glittershard.math_dodge",
            "glittershard.math_magic_stamina",
            "glittershard.math_maximum_health",
            "glittershard.math_maximum_carry_weight",
            "glittershard.math_magical_recovery_points",
            "glittershard.math_skill_values",
            "glittershard.math_stat_rolls",
            "glittershard.math_speed",
            "glittershard.math_weight_penalty",
        ),
    ),
    (
        "Rolls the GM makes at the table: the calculators (d6 check, Damage dealt, Task "
        "quality, Speech check) compute them; the tracker records their results (damage "
        "taken, statuses), not the rolls.",
        (
            "glittershard.how_to_play",
            "glittershard.d6s",
            "glittershard.d10s",
            "glittershard.tasks",
            "glittershard.conversations",
            "glittershard.d10_damage",
            "glittershard.math_attack_roll",
            "glittershard.math_damage_complex",
            "glittershard.math_damage_simple",
            "glittershard.math_quality_of_task",
            "glittershard.offensive_actions",
        ),
    ),
    (
        "Outside combat: skill challenges are played between the GM and the players; the "
        "tracker runs fights.",
        (
            "glittershard.skill_challenges",
            "glittershard.skill_challenge_setup",
            "glittershard.skill_challenge_setup_continued",
            "glittershard.and_thats_it",
        ),
    ),
    (
        "Applied with Actions: a creature's Movement and Trivial actions are counted and "
        "spent each turn (the Movement in a turn calculator counts units).",
        ("glittershard.movement_actions", "glittershard.trivial_actions"),
    ),
    (
        "Shapes: shaped attacks are not drawn on the tracker's tiles; the GM decides who "
        "is caught in one and applies its damage.",
        ("glittershard.shaped_attacks",),
    ),
    (
        "Attitudes are the GM's to play; the tracker does not keep them.",
        ("glittershard.friendly_neutral_hostile",),
    ),
    (
        "Resistances and weaknesses change damage before it is taken: the Damage dealt "
        "calculator applies them; the tracker takes the damage that results.",
        ("glittershard.damage_types",),
    ),
    (
        "Applied with the rests: short, medium and long rests and exhaustion are actions "
        "of the tracker.",
        ("glittershard.resting_and_exhaustion",),
    ),
    (
        "Applied with Magical health and Recovery points: healing by magic is an action "
        "of the tracker, in battle too.",
        ("glittershard.magical_healing",),
    ),
    (
        "Not applied: the tracker keeps no food or items (what a meal weighs and how long "
        "it keeps a creature fed, bags and rings are the GM's and the players' to keep); "
        "hunger is applied with Hunger, and what food costs is spent from the purse (Gold).",
        ("glittershard.food", "glittershard.equipment"),
    ),
    (
        "Not applied: a summoned creature is added as a creature of its own; sharing its "
        "controller's actions is the GM's to count (the tracker gives it its own turn).",
        ("glittershard.summoned",),
    ),
    (
        "The schools of magic name what a spell may do; casting costs magic stamina, "
        "which the tracker spends (Magical stamina).",
        (
            "glittershard.schools_of_magic",
            "glittershard.light_magic",
            "glittershard.dark_magic",
            "glittershard.book_magic",
        ),
    ),
)
"""What the tracker does with each (applied elsewhere, or not applied and why), with the
entry ids it covers."""
