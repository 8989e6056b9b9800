"""Pendragon's encounter rules through the engine: each rule of the quick reference, at its
thresholds, with the event that names it."""

from __future__ import annotations

from typing import Any

import pytest

import calculators.books.pendragon.tracker as p
from calculators.books.pendragon.rules import A_SUBSTITUTIONS
from calculators.books.pendragon.tracker import declarations
from calculators.errors import InputError
from calculators.tracker import encounter

EVENTS: list[dict[str, Any]] = []
"""Every event the tests below produce (the last test checks each rule was applied)."""


def act(state: dict[str, Any], **action: Any) -> tuple[dict[str, Any], list[str]]:
    state, events = encounter.act(p, state, action)
    EVENTS.extend(events)
    return state, [e["text"] for e in events]


def fight(*creatures: dict[str, Any], dice: str = "") -> dict[str, Any]:
    state = encounter.blank(p)
    if dice:
        state, _ = act(state, op="setting", key=declarations.A_DICE, value=dice)
    for creature in creatures:
        state, _ = act(state, op="add", creature=creature)
    return state


def started(*creatures: dict[str, Any], dice: str = "") -> dict[str, Any]:
    state, _ = act(fight(*creatures, dice=dice), op="start")
    return state


KIRA = {"name": "Kira", "initiative": 15, "hp": 5, "spirit": 3, "body": 1}
ORC = {"name": "Orc", "initiative": 9, "hp": 8, "spirit": 1, "body": 0}


def test_initiative_orders_highest_first_then_spirit_then_rock_paper_scissors() -> None:
    a = {"name": "A", "initiative": 10, "spirit": 1}
    b = {"name": "B", "initiative": 10, "spirit": 2}
    c = {"name": "C", "initiative": 12}
    d = {"name": "D", "initiative": 10, "spirit": 1, "tiebreak": 1}
    state, texts = act(fight(a, b, c, d), op="start")
    assert [state["creatures"][cid]["name"] for cid in state["order"]] == ["C", "B", "D", "A"]
    assert "Round 1 begins. Turn order: C, B, D, A." in texts
    # A tie on Initiative and Spirit with no winner yet is named for the table to settle.
    state, texts = act(fight(a, {**a, "name": "E"}), op="start")
    assert "A and E tie on Initiative and Spirit: play rock-paper-scissors" in " ".join(texts)


def test_initiative_rolled_with_the_named_dice_is_seeded_and_logged() -> None:
    state = fight({**KIRA, "initiative": None}, {**ORC, "initiative": None}, dice="1d20 + bonus")
    one, texts = act(state, op="roll_initiative", seed=7)
    two, _ = act(state, op="roll_initiative", seed=7)
    assert one == two
    kira = one["creatures"]["c1"]
    assert "Kira's Initiative check (bonus +3" in texts[0]
    assert 4 <= kira["initiative"] <= 23
    with pytest.raises(InputError, match="Name the dice") as error:
        act(fight(KIRA), op="roll_initiative", seed=1)
    assert error.value.field == "pendragon.assume_tracker_check_dice"  # the setting to fill


def test_each_participant_acts_once_a_round_in_order() -> None:
    state = started(KIRA, ORC)
    assert encounter.current_id(state) == "c1"
    state, texts = act(state, op="next")
    assert texts[:2] == ["Kira's turn ends.", "Orc's turn begins."]
    state, texts = act(state, op="next")
    assert "Round 2 begins." in texts and state["round"] == 2
    assert encounter.current_id(state) == "c1"


def test_an_effect_of_rounds_ends_at_the_start_of_the_creatures_turn_in_its_final_round() -> None:
    state = started(KIRA, ORC)
    state, texts = act(state, op="effect", id="c2", name="Bless", rounds=2)
    assert texts == ["Bless on Orc for 2 Rounds: ends at the beginning of their turn in round 2."]
    state, texts = act(state, op="next")  # the Orc's turn in round 1: still blessed
    assert "Bless" in state["creatures"]["c2"]["effects"]
    state, _ = act(state, op="next")  # round 2, Kira
    state, texts = act(state, op="next")  # round 2, the Orc: ends before the Orc acts
    assert texts[-2:] == [
        "Orc's turn begins.",
        "Bless on Orc ends at the beginning of their turn in round 2, its final round.",
    ]
    assert state["creatures"]["c2"]["effects"] == {}
    with pytest.raises(InputError):
        act(state, op="end_effect", id="c2", name="Bless")


def test_a_turn_holds_a_full_round_action_or_standard_move_minor() -> None:
    state = started(KIRA, ORC)
    state, _ = act(state, op="act", id="c1", kind="move")
    state, _ = act(state, op="act", id="c1", kind="move")  # the standard became a move
    state, texts = act(state, op="act", id="c1", kind="minor")
    assert texts == ["Kira takes a minor action (this Turn: move, move, minor)."]
    with pytest.raises(InputError) as error:
        act(state, op="act", id="c1", kind="minor")
    assert error.value.field == "kind"
    with pytest.raises(InputError, match="during their own Turn"):
        act(state, op="act", id="c2", kind="standard")
    full = started(KIRA, ORC)
    full, _ = act(full, op="act", id="c1", kind="full-round")
    with pytest.raises(InputError):
        act(full, op="act", id="c1", kind="minor")
    # A move and two minor actions take both substitutions: allowed by default ("both"),
    # refused under the "either" reading, which allows one substitution a Turn.
    for reading, allowed in (("both", True), ("either", False)):
        turn, _ = act(fight(KIRA, ORC), op="setting", key=A_SUBSTITUTIONS, value=reading)
        turn, _ = act(turn, op="start")
        turn, _ = act(turn, op="act", id="c1", kind="move")
        turn, _ = act(turn, op="act", id="c1", kind="minor")
        if allowed:
            act(turn, op="act", id="c1", kind="minor")
        else:
            with pytest.raises(InputError):
                act(turn, op="act", id="c1", kind="minor")


def test_one_instant_action_until_the_creatures_next_turn() -> None:
    state = started(KIRA, ORC)
    state, texts = act(state, op="use", id="c2", what="instant")
    assert texts == ["Orc uses an Instant action; not again until their next turn."]
    with pytest.raises(InputError, match="already used an Instant action") as error:
        act(state, op="use", id="c2", what="instant")
    assert error.value.field == "what"
    state, texts = act(state, op="next")  # the Orc's own turn gives it back
    assert "Orc may use an Instant action again." in texts
    state, _ = act(state, op="use", id="c2", what="instant")


def test_damage_fills_tokens_to_the_hit_points_then_becomes_wounds_with_their_penalty() -> None:
    state = started(KIRA, ORC)
    state, texts = act(state, op="damage", id="c2", amount=8)  # exactly the hit points
    orc = state["creatures"]["c2"]
    assert (orc["damage"], orc["wounds"], orc["pending"]) == (8, 0, [])
    assert texts == ["Orc takes 8 damage: Damage Tokens 0 → 8, Wounds 0 → 0."]
    state, texts = act(state, op="damage", id="c2", amount=2)  # two past: wounds, a check
    orc = state["creatures"]["c2"]
    assert (orc["damage"], orc["wounds"]) == (8, 2)
    assert "Orc: check penalty -2." in texts
    check = orc["pending"][0]
    # 'a Difficulty of 10 + the amount of damage just taken', wounds subtracted from the roll
    assert (check["check"], check["op"], check["target"]) == ("unconscious", ">=", 14)
    assert "exceed their 8 hit points: an immediate Spirit check against 12." in texts[-1]


def test_a_failed_unconsciousness_check_knocks_out_and_a_met_one_does_not() -> None:
    state = started(KIRA, ORC)
    state, _ = act(state, op="damage", id="c2", amount=10)  # target 20 + 2 wounds = 22
    kept, texts = act(state, op="resolve", id="c2", result=22)
    assert not kept["creatures"]["c2"]["unconscious"]
    assert "succeeds: 22 against at least 22" in texts[1]
    out, texts = act(state, op="resolve", id="c2", result=21)
    assert out["creatures"]["c2"]["unconscious"]
    assert texts[-1] == "Orc falls unconscious and cannot take any actions."
    with pytest.raises(InputError, match="unconscious"):
        act(out, op="use", id="c2", what="instant")


def test_the_check_is_rolled_with_exact_odds_when_the_dice_are_named() -> None:
    state = started(KIRA, ORC, dice="1d20 + bonus")
    state, _ = act(state, op="damage", id="c2", amount=10)
    check = state["creatures"]["c2"]["pending"][0]
    assert check["expression"] == "1d20 + bonus" and check["names"] == {"bonus": 1}
    from calculators.tracker.context import chance

    assert str(chance(check["expression"], check["names"], check["op"], check["target"])) == "0"
    rolled, texts = act(state, op="resolve", id="c2", seed=3)
    assert texts[0].startswith("Spirit check to stay conscious (Difficulty 20, +2 for the wound ")
    assert "1d20 [" in texts[0]


def test_an_unconscious_creature_may_rally_once_at_its_turn() -> None:
    state = started(KIRA, ORC)
    state, _ = act(state, op="damage", id="c2", amount=10)
    state, _ = act(state, op="resolve", id="c2", result=1)
    state, texts = act(state, op="next")
    assert "Orc is unconscious and may attempt to rally once this round." in texts
    rally = state["creatures"]["c2"]["pending"][0]
    assert (rally["check"], rally["target"]) == ("rally", 12)  # Difficulty 10 + 2 wounds
    missed, texts = act(state, op="next")
    assert "Orc did not rally this turn." in texts
    assert missed["creatures"]["c2"]["pending"] == []
    state, texts = act(state, op="resolve", id="c2", result=12)
    assert texts[-1] == "Orc rallies and may act as normal during subsequent turns."
    assert not state["creatures"]["c2"]["unconscious"]


def test_an_ally_revives_with_a_heal_check_against_10_plus_total_damage() -> None:
    state = started(KIRA, ORC)
    state, _ = act(state, op="damage", id="c2", amount=10)
    state, _ = act(state, op="resolve", id="c2", result=1)
    state, texts = act(state, op="revive", id="c2", heal=2)
    assert "Heal check against 10 + 8 total damage = 18." in texts[0]
    assert state["creatures"]["c2"]["pending"][0]["target"] == 18
    fail, _ = act(state, op="resolve", id="c2", result=17)
    assert fail["creatures"]["c2"]["unconscious"]
    state, texts = act(state, op="resolve", id="c2", result=18)
    assert texts[-1] == "Orc is revived and may act as normal during subsequent turns."
    with pytest.raises(InputError, match="not unconscious"):
        act(state, op="revive", id="c2", heal=0)
    effect = started(KIRA, ORC)
    effect, _ = act(effect, op="damage", id="c2", amount=10)
    effect, _ = act(effect, op="resolve", id="c2", result=1)
    effect, texts = act(effect, op="revived", id="c2")
    assert not effect["creatures"]["c2"]["unconscious"]


def test_wounds_beyond_6_plus_body_kill() -> None:
    state = started(KIRA, ORC)
    at, _ = act(state, op="damage", id="c1", amount=5 + 7)  # 7 wounds = 6 + Body 1: alive
    assert not at["creatures"]["c1"]["dead"]
    dead, texts = act(at, op="damage", id="c1", amount=1)
    assert dead["creatures"]["c1"]["dead"]
    assert "Kira dies: 8 Wounds exceed 6 + Body 1 = 7." in texts
    assert dead["creatures"]["c1"]["pending"] == []  # no check for the dead
    with pytest.raises(InputError, match="dead"):
        act(dead, op="act", id="c1", kind="standard")
    with pytest.raises(InputError, match="dead"):
        act(dead, op="revive", id="c1", heal=5)
    dead, texts = act(dead, op="next")
    dead, texts = act(dead, op="next")
    assert "Kira is dead and cannot take any actions." in texts


def test_the_gm_corrects_numbers_within_the_rules() -> None:
    state = started(KIRA, ORC)
    state, texts = act(state, op="set", id="c2", field="wounds", value=7)
    assert texts == ["Orc dies: 7 Wounds exceed 6 + Body 0 = 6.", "The GM sets Orc's Wounds to 7."]
    with pytest.raises(InputError, match="never carries more Damage Tokens"):
        act(state, op="set", id="c2", field="damage", value=9)


def test_every_rule_was_applied_by_an_event() -> None:
    applied = {e["rule"] for e in EVENTS}
    assert {r.id for r in p.RULES} <= applied, {r.id for r in p.RULES} - applied
