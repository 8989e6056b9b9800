"""One number for a character everywhere (Attributes & Arts): the builder's sheet, the
tracker's creature and the character calculator read one computation, which counts every
passive's declared effect (``effects`` on its ability entry in ``rules_data/arts``)."""

from __future__ import annotations

import pytest

from calculators import run
from calculators.books.arts import ability_cards
from calculators.books.arts import builder as builder
from calculators.books.arts.tracker import card
from calculators.tracker import handle
from macros.load.loader import load_rules
from tests.seedtext import SEEDS

ARTS_SEED = SEEDS / "004_d50dc5f42222ed7e.txt"
NUMBERS = {"fatigue_tolerance": "Fatigue Tolerance", "stress_tolerance": "Stress Tolerance",
           "speed": "Speed"}


def _passives() -> list[str]:
    """Every ability of the Ability List whose card says it is Passive."""
    entries = load_rules(SEEDS.parent / "rules_data").entries
    return sorted(
        e.data["name"]
        for e in entries.values()
        if e.kind == "ability"
        and e.data["name"].lower() in ability_cards()
        and {"Type": "Passive"} in e.data["fields"]
    )


PASSIVES = _passives()


def _character(picks: list[tuple[str, int]], **points: int) -> dict:
    character = builder.blank()
    character["name"] = "Probe"
    character["level"] = 12
    character["points"].update(points)
    character["abilities"] = [{"name": n, "tier": t} for n, t in picks]
    return character


def _three_ways(character: dict, calculator: bool = True) -> tuple[dict, dict, dict]:
    """The same numbers read by the builder's sheet, the tracker and the calculator."""
    sheet = {v["label"]: v["value"] for v in builder.evaluate(character)["values"]}
    from_sheet = {k: sheet[label] for k, label in NUMBERS.items()}

    doc = handle({"op": "new", "system": "arts"})["doc"]
    answer = handle({"op": "character", "system": "arts", "doc": doc, "character": character})
    assert answer["ok"], answer
    creature = answer["doc"]["state"]["creatures"]["c1"]
    shown = {label: value for label, value, _ in card(creature, answer["doc"]["state"])["numbers"]}
    from_tracker = {k: shown[label] for k, label in NUMBERS.items()}

    if not calculator:
        return from_sheet, from_tracker, {}
    inputs = {k: str(v) for k, v in character["points"].items() if v}
    inputs["level"] = str(character["level"])
    inputs["abilities"] = ", ".join(f"{a['name']}:{a['tier']}" for a in character["abilities"])
    result = run("arts.character", inputs)
    from_calculator = {k: result[k] for k in NUMBERS}
    return from_sheet, from_tracker, from_calculator


def test_the_ability_list_has_passives() -> None:
    assert len(PASSIVES) >= 15
    assert {"Indefatigable", "Composed", "Fleet Footed"} <= set(PASSIVES)


@pytest.mark.parametrize("tier", [1, 2, 3])
@pytest.mark.parametrize("passive", PASSIVES)
def test_every_passive_gives_one_number_everywhere(passive: str, tier: int) -> None:
    character = _character([(passive, tier)], phy=1, end=1, cog=1, foc=2)
    sheet, tracker, calculator = _three_ways(character)
    assert sheet == tracker == calculator


def test_all_passives_together_give_one_number_everywhere() -> None:
    character = _character([(p, 2) for p in PASSIVES], end=2, foc=1)
    sheet, tracker, _ = _three_ways(character, calculator=False)
    assert sheet == tracker
    # 10 + END 2 + Indefatigable (1 + 2); 10 + FOC 1 + Composed (1 + 2); 4 + Fleet Footed 2.
    assert sheet == {"fatigue_tolerance": 15, "stress_tolerance": 14, "speed": 6}
    # The calculator's Abilities field takes 200 characters: the three that change a number
    # and some others.
    some = ["Indefatigable", "Composed", "Fleet Footed", "Adrenaline", "Sniper", "Long Reach"]
    character = _character([(p, 2) for p in some], end=2, foc=1)
    sheet, tracker, calculator = _three_ways(character)
    assert sheet == tracker == calculator == {
        "fatigue_tolerance": 15, "stress_tolerance": 14, "speed": 6
    }


def test_the_issue_s_character_reads_as_the_seed_says() -> None:
    """END 1, FOC 0, Indefatigable Tier 1 and Composed Tier 2: the seed's +1+[Tier] each
    (its lines 438 and 680) gives 13 and 13; Fleet Footed Tier 2 (+[Tier], line 585) Speed 6."""
    seed = ARTS_SEED.read_text(encoding="utf-8").splitlines()
    assert "Increase your maximum **Fatigue Tolerance** by 1+[Tier]" in seed[437]
    assert "Increase your maximum **Stress Tolerance** by 1+[Tier]" in seed[679]
    assert "Increase your Speed by [Tier]" in seed[584]
    character = _character(
        [("Indefatigable", 1), ("Composed", 2), ("Fleet Footed", 2)], end=1
    )
    sheet, tracker, calculator = _three_ways(character)
    assert sheet == tracker == calculator == {
        "fatigue_tolerance": 13,
        "stress_tolerance": 13,
        "speed": 6,
    }
    values = {v["label"]: v for v in builder.evaluate(character)["values"]}
    assert "2 Indefatigable (1 + Tier 1)" in str(values["Fatigue Tolerance"])
    assert "2 Fleet Footed (Tier 2)" in str(values["Speed"])
