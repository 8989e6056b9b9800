"""Attributes & Arts calculators against the rulebook's own examples and brute force."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

import calculators
from calculators import InputError


def test_boons_example_3_4_6_is_10() -> None:
    # "if a roll has two Boons and one Bane ... if the outcomes were 3,4,6, the 3 would be
    # dropped and the 4 and 6 added, leaving a total (before the modifier) of 10."
    result = calculators.run(
        "arts.contest", {"boons": 2, "banes": 1, "attacker_dice": "3,4,6", "defender_dice": "1,1"}
    )
    assert result["result"]["attacker_total"] == 10


def test_example_character() -> None:
    # "having assigned +1 to PHY ... and to MIG and REF here would result in a +2 modifier for
    # MIG ..., +1 for REF ... and END ... and +0 to FIN"; "+1 to Bladecraft and +2 to
    # Kineticism ... Bladecraft modifier of +3 ... Kineticism modifier would be +2 ...
    # +2 modifier for Unarmed and Animism"
    c = calculators.run(
        "arts.character", {"phy": 1, "mig": 1, "ref": 1, "bladecraft": 1, "kineticism": 2}
    )
    assert c["attributes"] == {"MIG": 2, "END": 1, "FIN": 0, "REF": 1, "REA": 0, "FOC": 0}
    arts = c["combat_arts"]
    assert (arts["Bladecraft"], arts["Kineticism"], arts["Unarmed"], arts["Animism"]) == (
        3,
        2,
        2,
        2,
    )
    assert c["fatigue_tolerance"] == 11 and c["stress_tolerance"] == 10 and c["speed"] == 4
    assert c["problems"] == []


@pytest.mark.parametrize(
    ("level", "general", "specific", "arts", "picks"),
    [
        (1, 1, 2, 3, 3),
        (2, 1, 2, 4, 4),
        (3, 1, 3, 4, 4),
        (4, 1, 3, 5, 5),
        (5, 2, 3, 5, 5),
        (6, 2, 3, 6, 6),
        (7, 2, 4, 6, 6),
        (8, 2, 4, 7, 7),
        (9, 3, 4, 7, 7),
        (10, 3, 4, 8, 8),
        (11, 3, 5, 8, 8),
        (12, 3, 5, 9, 9),
    ],
)
def test_level_table_allowances(
    level: int, general: int, specific: int, arts: int, picks: int
) -> None:
    c = calculators.run("arts.character", {"level": level})
    assert c["points"]["general"]["allowed"] == general
    assert c["points"]["specific"]["allowed"] == specific
    assert c["points"]["combat"]["allowed"] == arts == c["points"]["utility"]["allowed"]
    assert c["ability_picks"] == picks


def test_overspending_is_a_problem_not_a_crash() -> None:
    c = calculators.run("arts.character", {"phy": 2, "unarmed": 4})
    assert c["problems"] == [
        "2 General Attribute points spent, but level 1 allows 1.",
        "4 Combat Arts points spent, but level 1 allows 3.",
    ]


@pytest.mark.parametrize(
    ("attacker", "defender", "boons", "banes"),
    [
        (0, 0, 0, 0),
        (2, 0, 0, 0),
        (0, 3, 1, 0),
        (1, 1, 0, 2),
        (4, 0, 2, 1),
    ],
)
def test_contest_matches_brute_force(attacker: int, defender: int, boons: int, banes: int) -> None:
    net = boons - banes
    wins = crit = ties = total = 0
    for a in product(range(1, 7), repeat=2 + abs(net)):
        kept = sorted(a, reverse=net >= 0)[:2]
        for d in product(range(1, 7), repeat=2):
            margin = sum(kept) + attacker - (sum(d) + defender)
            total += 1
            wins += margin > 0
            crit += margin >= 5
            ties += margin == 0
    r = calculators.run(
        "arts.contest", {"attacker": attacker, "defender": defender, "boons": boons, "banes": banes}
    )
    assert Fraction(r["p_success"]) == Fraction(wins, total)
    assert Fraction(r["p_critical"]) == Fraction(crit, total)
    assert Fraction(r["p_tie"]) == Fraction(ties, total)


@pytest.mark.parametrize(("load", "tolerance"), [(1, 10), (3, 10), (0, 0), (12, 10), (5, 20)])
def test_incapacity_matches_brute_force(load: int, tolerance: int) -> None:
    # "If the total exceeds (not ties) the character's corresponding Tolerance"
    hits = sum(a + b + load > tolerance for a in range(1, 7) for b in range(1, 7))
    r = calculators.run("arts.incapacity", {"load": load, "tolerance": tolerance})
    assert Fraction(r["p_incapacitated"]) == Fraction(hits, 36)


def test_wrong_number_of_dice_is_reported_at_the_field() -> None:
    with pytest.raises(InputError) as caught:
        calculators.run("arts.contest", {"boons": 1, "attacker_dice": "3,4"})
    assert caught.value.field == "attacker_dice"
    assert "needs 3 dice" in caught.value.message


# -- ability picks (issue #10) ---------------------------------------------------------
EXAMPLE = {"phy": 1, "mig": 1, "ref": 1, "bladecraft": 1, "kineticism": 2}


@pytest.mark.parametrize(
    "abilities",
    ["Hack and Slash, Bash, Accelerate", "Hack and Slash:2, Accelerate", "Vector Field:3"],
)
def test_example_character_three_picks_split_between_its_arts(abilities: str) -> None:
    # "the example character who put +1 in Bladecraft and +2 in Kineticism would choose
    # three abilities split any way they choose between Bladecraft and Kineticism"
    c = calculators.run("arts.character", {**EXAMPLE, "abilities": abilities})
    assert c["problems"] == []
    assert c["picks_used"] == {"combat": 3, "utility": 0}
    assert {a["art"] for a in c["abilities"]} <= {"Bladecraft", "Kineticism"}


def test_abilities_list_name_art_type_and_tier() -> None:
    c = calculators.run("arts.character", {**EXAMPLE, "abilities": "hack AND slash:2, Accelerate"})
    assert c["abilities"] == [
        {"name": "Hack and Slash", "art": "Bladecraft", "type": "combat", "tier": 2},
        {"name": "Accelerate", "art": "Kineticism", "type": "combat", "tier": 1},
    ]


def test_ability_of_an_art_without_direct_points_is_a_problem() -> None:
    c = calculators.run("arts.character", {**EXAMPLE, "abilities": "Chokehold"})
    assert c["problems"] == [
        "Chokehold is an ability of Unarmed, but Unarmed has no direct points."
    ]
    # Unarmed is +2 through MIG, but only direct points open its abilities.
    assert c["combat_arts"]["Unarmed"] == 2
    assert c["rule_problems"][0]["rule"] == "arts.ability_selection"


def test_more_picks_than_the_level_allows_is_a_problem() -> None:
    four = "Hack and Slash, Bash, Accelerate, Relay"
    c = calculators.run("arts.character", {**EXAMPLE, "abilities": four})
    assert c["problems"] == ["4 combat ability picks and upgrades used, but level 1 allows 3."]
    # level 2 gives 4 picks of each type (level table)
    assert (
        calculators.run("arts.character", {**EXAMPLE, "level": 2, "abilities": four})["problems"]
        == []
    )


def test_upgrades_count_against_the_picks() -> None:
    c = calculators.run("arts.character", {**EXAMPLE, "abilities": "Hack and Slash:3, Bash"})
    assert c["picks_used"]["combat"] == 4
    assert c["problems"] == ["4 combat ability picks and upgrades used, but level 1 allows 3."]


def test_tier_above_one_needs_tier_on_the_card() -> None:
    c = calculators.run("arts.character", {**EXAMPLE, "abilities": "Riposte:2"})
    assert c["problems"] == [
        "Riposte has no [Tier] on its card, so it cannot be upgraded to tier 2."
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Fireball", "'Fireball' is not an ability of the Ability List."),
        ("Bash:0", "The tier of Bash must be a whole number of 1 or more; got '0'."),
        ("Bash:two", "The tier of Bash must be a whole number of 1 or more; got 'two'."),
        ("Bash, bash", "Bash is listed twice; raise its tier instead (':2')."),
        ("Dash", "'Dash' is not an ability of the Ability List."),  # a basic ability
    ],
)
def test_bad_ability_text_is_an_input_error_on_abilities(text: str, message: str) -> None:
    with pytest.raises(InputError) as error:
        calculators.run("arts.character", {**EXAMPLE, "abilities": text})
    assert (error.value.field, error.value.message) == ("abilities", message)


def test_every_listed_ability_belongs_to_a_combat_art() -> None:
    # The assumption arts.assume_no_utility_abilities rests on this.
    from calculators.books.arts import ability_cards

    cards = ability_cards()
    assert len(cards) == 63
    assert {c["type"] for c in cards.values()} == {"combat"}
    assert "arts.assume_no_utility_abilities" in calculators.get("arts.character").assumptions
