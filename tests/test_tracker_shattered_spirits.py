"""Shattered Spirits' encounter tracker: each rule it applies, exercised through the engine."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import calculators.books.shattered_spirits.tracker as M
from calculators.books.shattered_spirits.rules import A_POOLS
from calculators.books.shattered_spirits.tracker import creatures, declarations
from calculators.errors import InputError
from calculators.tracker import encounter
from macros.load.loader import load_rules

ROOT = Path(__file__).resolve().parent.parent

EVENTS: list[dict[str, Any]] = []


def run(state: dict[str, Any], action: dict[str, Any]) -> tuple[dict[str, Any], list]:
    """One action; the new state must validate; its events are kept for the coverage test."""
    new, events = encounter.act(M, state, action)
    encounter.validate(M, new)
    EVENTS.extend(events)
    return new, events


def refused(state: dict[str, Any], action: dict[str, Any], field: str) -> str:
    with pytest.raises(InputError) as info:
        encounter.act(M, state, action)
    assert info.value.field == field
    return str(info.value)


def said(events: list, rule: str) -> list[str]:
    return [e["text"] for e in events if e["rule"] == rule]


def roster(*creatures: dict[str, Any], phases: tuple[int, ...] = ()) -> dict[str, Any]:
    state = encounter.blank(M)
    for creature in creatures:
        state, _ = run(state, {"op": "add", "creature": creature})
    for i, phase in enumerate(phases, start=1):
        state, _ = run(state, {"op": "plot", "id": f"c{i}", "phase": phase})
    return state


def c(state: dict[str, Any], cid: str) -> dict[str, Any]:
    return state["creatures"][cid]


def now(state: dict[str, Any]) -> str:
    return state["order"][state["turn"]]


def test_sources_and_settings_are_entries() -> None:
    entries = load_rules(ROOT / "rules_data").entries
    for rule in M.RULES:
        assert rule.source in entries, rule
    for field in M.SETTINGS:
        assert entries[field.name].kind == "assumption"
    d = declarations
    for assumption in (d.A_ONE_TURN, d.A_REFRESH_WINDOW, d.A_PURGE_WINDOW, d.A_DOWNED_ONCE):
        assert entries[assumption].kind == "assumption"
    assert {a.rule for a in M.ACTIONS} <= {r.id for r in M.RULES}


def test_phases_and_alternation_across_rounds() -> None:
    p = {"side": "players"}
    e = {"side": "enemies"}
    state = roster(
        {"name": "P1", **p},
        {"name": "E1", **e},
        {"name": "P2", **p},
        {"name": "P3", **p},
        {"name": "E2", **e},
        phases=(2, 2, 2, 3, 3),
    )
    state, events = run(state, {"op": "start"})
    assert state["order"] == ["c1", "c2", "c3", "c5", "c4"]
    assert said(events, "shattered_spirits.alternate")[-1] == (
        "Phase 2 begins; the players open it (the players act first in the first Phase of combat)."
    )
    assert said(events, "shattered_spirits.phases") == ["Phase 2: P1's Turn."]
    for _ in range(3):
        state, events = run(state, {"op": "next"})
    assert now(state) == "c5"
    assert said(events, "shattered_spirits.alternate") == [
        "Phase 3 begins; the enemies open it (the players finished Phase 2)."
    ]
    state, _ = run(state, {"op": "next"})
    state, events = run(state, {"op": "next"})
    assert state["round"] == 2
    # P3 (players) finished Round 1, so the enemies open Round 2; P2 is left over.
    assert state["order"] == ["c2", "c1", "c3", "c5", "c4"]
    assert said(events, "shattered_spirits.alternate")[-1] == (
        "Phase 2 begins; the enemies open it (the group opposite to the one that finished "
        "the last Round opens)."
    )
    assert "Round 2 begins." in said(events, "shattered_spirits.round")


def test_speed_beyond_the_phases_counts_as_phase_1_or_6() -> None:
    state = roster({"name": "A"}, {"name": "B"}, {"name": "C"})
    for cid, value in (("c1", 9), ("c2", 0), ("c3", 6)):
        state, _ = run(state, {"op": "initiative", "id": cid, "value": value})
    assert [creatures.phase_of(c(state, x)) for x in ("c1", "c2", "c3")] == [6, 1, 6]
    state, _ = run(state, {"op": "start"})
    assert state["order"] == ["c2", "c1", "c3"]


def test_plotting_during_the_round() -> None:
    state = roster({"name": "A"}, {"name": "B", "side": "enemies"}, {"name": "C"}, phases=(2, 3, 5))
    state, _ = run(state, {"op": "start"})
    state, _ = run(state, {"op": "next"})  # B's Turn, Phase 3
    # A has had its Turn: the Speed is for the next Round.
    state, events = run(state, {"op": "plot", "id": "c1", "phase": 6})
    assert c(state, "c1")["initiative"] == 2 and c(state, "c1")["next_phase"] == 6
    assert said(events, "shattered_spirits.phases") == [
        "A plots Speed 6 for the next Round: their Turn will be in Phase 6."
    ]
    # C has not: only a Phase after the current one.
    message = refused(state, {"op": "plot", "id": "c3", "phase": 3}, "phase")
    assert "Phase 3 is under way" in message
    state, _ = run(state, {"op": "plot", "id": "c3", "phase": 4})
    assert state["order"] == ["c1", "c2", "c3"] and now(state) == "c2"
    state, _ = run(state, {"op": "next"})
    state, events = run(state, {"op": "next"})
    assert state["round"] == 2
    assert c(state, "c1")["initiative"] == 6 and c(state, "c1")["next_phase"] is None
    assert state["order"] == ["c2", "c3", "c1"]


def test_refresh_gains_each_round() -> None:
    state = roster({"name": "Kira", "refresh_momentum": 1, "refresh_grit": 2}, phases=(3,))
    state, events = run(state, {"op": "start"})
    assert (c(state, "c1")["momentum"], c(state, "c1")["grit"]) == (1, 2)
    assert said(events, "shattered_spirits.refresh")[1] == (
        "Refresh: Kira gains the resources of their Stance and Style: Momentum 0 → 1, Grit 0 → 2."
    )
    state, events = run(state, {"op": "next"})
    assert (c(state, "c1")["momentum"], c(state, "c1")["grit"]) == (2, 4)
    assert said(events, "shattered_spirits.refresh")[0].startswith("Refresh of Round 2:")


def test_stance_and_style_change_once_each_refresh() -> None:
    state = roster({"name": "Kira", "focus": 1}, {"name": "Bo"}, phases=(1, 2))
    refused(state, {"op": "form", "id": "c1", "stance": "Boulder"}, "stance")  # not started
    state, _ = run(state, {"op": "start"})
    refused(state, {"op": "form", "id": "c1"}, "stance")  # nothing named
    state, events = run(
        state, {"op": "form", "id": "c1", "stance": "Boulder", "style": "Iron", "pay": "focus"}
    )
    assert said(events, "shattered_spirits.form_change") == [
        "Refresh: Kira changes Stance (none) → Boulder and Style (none) → Iron, Focus 1 → 0."
    ]
    assert (c(state, "c1")["stance"], c(state, "c1")["style"], c(state, "c1")["focus"]) == (
        "Boulder",
        "Iron",
        0,
    )
    message = refused(state, {"op": "form", "id": "c1", "stance": "Wind"}, "stance")
    assert "already" in message
    # Both at once costs 1 Focus or Momentum: Bo has neither.
    refused(state, {"op": "form", "id": "c2", "stance": "A", "style": "B"}, "pay")
    state, events = run(state, {"op": "form", "id": "c2", "style": "Wind"})
    assert c(state, "c2")["momentum"] == 0 and c(state, "c2")["focus"] == 0
    # Staggered: no change.
    state, _ = run(state, {"op": "afflict", "id": "c2", "name": "staggered", "x": None})
    state, _ = run(state, {"op": "next"})
    state, _ = run(state, {"op": "next"})
    assert state["round"] == 2 and state["turn"] == 0
    message = refused(state, {"op": "form", "id": "c2", "stance": "Iron"}, "stance")
    assert "Staggered" in message
    state, _ = run(state, {"op": "form", "id": "c1", "stance": "Wind"})
    # After the first Turn of the Round ends, Refresh is over.
    state, _ = run(state, {"op": "next"})
    message = refused(state, {"op": "clear", "id": "c2", "name": "prone"}, "name")
    state, _ = run(state, {"op": "clear", "id": "c2", "name": "staggered"})
    message = refused(state, {"op": "form", "id": "c2", "stance": "Iron"}, "stance")
    assert "before the first Turn" in message


def test_wielding_at_refresh() -> None:
    state = roster({"name": "Kira", "reflex": 1}, phases=(1,))
    state, _ = run(state, {"op": "start"})
    state, events = run(state, {"op": "wield", "id": "c1", "how": "all", "pay": "reflex"})
    assert c(state, "c1")["reflex"] == 0
    assert said(events, "shattered_spirits.wield") == [
        "Refresh: Kira changes what they Wield (stow all, Wield up to two (pays 1)): Reflex 1 → 0."
    ]
    refused(state, {"op": "wield", "id": "c1", "how": "swap"}, "how")  # once a Refresh
    state, _ = run(state, {"op": "afflict", "id": "c1", "name": "disarmed", "x": None})
    state, _ = run(state, {"op": "next"})
    message = refused(state, {"op": "wield", "id": "c1", "how": "swap"}, "how")
    assert "Disarmed" in message
    state, _ = run(state, {"op": "clear", "id": "c1", "name": "disarmed"})
    refused(state, {"op": "wield", "id": "c1", "how": "all", "pay": "momentum"}, "pay")
    state, _ = run(state, {"op": "wield", "id": "c1", "how": "swap"})


def test_action_points_a_round() -> None:
    state = roster({"name": "Kira"}, phases=(2,))
    state, _ = run(state, {"op": "start"})
    state, events = run(state, {"op": "technique", "id": "c1", "cost": 2})
    assert c(state, "c1")["ap_left"] == 1
    assert said(events, "shattered_spirits.ap") == [
        "Kira plays a Technique for 2 AP: Action Points 3 → 1 this Round."
    ]
    message = refused(state, {"op": "technique", "id": "c1", "cost": 2}, "cost")
    assert "1 Action Points left" in message
    state, _ = run(state, {"op": "technique", "id": "c1", "cost": 1})
    assert c(state, "c1")["ap_left"] == 0
    state, events = run(state, {"op": "next"})
    assert c(state, "c1")["ap_left"] == 3
    assert said(events, "shattered_spirits.ap") == [
        "Plotting: Kira has 3 Action Points again (0 → 3)."
    ]
    state, _ = run(state, {"op": "set", "id": "c1", "field": "ap", "value": 2})
    assert c(state, "c1")["ap_left"] == 2


def test_improvise_costs_two_momentum() -> None:
    state = roster({"name": "Kira", "momentum": 1})
    refused(state, {"op": "improvise", "id": "c1"}, "op")
    state, _ = run(state, {"op": "gain", "id": "c1", "token": "momentum", "amount": 1})
    state, events = run(state, {"op": "improvise", "id": "c1"})
    assert c(state, "c1")["momentum"] == 0
    assert said(events, "shattered_spirits.improvise") == [
        "Kira Improvises a Technique (same AP, Speed no slower): Momentum 2 → 0."
    ]


def test_end_phase_after_the_last_turn_only() -> None:
    state = roster({"name": "A"}, {"name": "B", "side": "enemies"}, phases=(1, 4))
    state, _ = run(state, {"op": "start"})
    state, events = run(state, {"op": "next"})
    assert said(events, "shattered_spirits.end_phase") == []
    state, events = run(state, {"op": "next"})
    assert said(events, "shattered_spirits.end_phase") == [
        "End Phase of Round 1: Techniques and Hazard effects that resolve in the End Phase "
        "resolve now."
    ]
    texts = [e["text"] for e in events]
    assert texts.index(said(events, "shattered_spirits.end_phase")[0]) < texts.index(
        "Round 2 begins."
    )


def test_purge_after_the_turn() -> None:
    state = roster({"name": "A", "focus": 2}, {"name": "B", "side": "enemies"}, phases=(1, 2))
    state, _ = run(state, {"op": "afflict", "id": "c1", "name": "exposed", "x": 2})
    state, _ = run(state, {"op": "afflict", "id": "c1", "name": "slowed", "x": None})
    state, _ = run(state, {"op": "start"})
    purge = {"op": "purge", "id": "c1", "token": "focus", "amount": 1, "name": "exposed"}
    message = refused(state, purge, "name")
    assert "only after their own Turn" in message
    state, events = run(state, {"op": "next"})
    assert said(events, "shattered_spirits.purge") == [
        "A may Purge: pay Tokens, then remove Afflictions."
    ]
    refused(state, {**purge, "amount": 3}, "amount")
    refused(state, {**purge, "name": "prone"}, "name")
    state, events = run(state, purge)
    assert c(state, "c1")["statuses"] == {"slowed": None} and c(state, "c1")["focus"] == 1
    assert said(events, "shattered_spirits.purge") == [
        "A Purges Exposed, paying 1 Focus (Focus 2 → 1)."
    ]
    refused(state, {**purge, "name": "slowed"}, "name")  # once after a Turn
    state, _ = run(state, {"op": "next"})
    assert not c(state, "c1")["may_purge"] and c(state, "c2")["may_purge"]


def test_tokens_never_below_zero() -> None:
    state = roster({"name": "Kira"})
    state, events = run(state, {"op": "gain", "id": "c1", "token": "grit", "amount": 2})
    assert said(events, "shattered_spirits.tokens") == ["Kira gains 2 Grit: 0 → 2."]
    message = refused(state, {"op": "spend", "id": "c1", "token": "grit", "amount": 3}, "amount")
    assert "has 2 Grit" in message
    state, events = run(state, {"op": "spend", "id": "c1", "token": "grit", "amount": 2})
    assert c(state, "c1")["grit"] == 0
    assert said(events, "shattered_spirits.tokens") == ["Kira spends 2 Grit: Grit 2 → 0."]


def test_vigor_does_not_stack() -> None:
    state = roster({"name": "Kira"})
    state, events = run(state, {"op": "vigor", "id": "c1", "amount": 3})
    assert c(state, "c1")["vigor"] == 3
    assert said(events, "shattered_spirits.vigor") == ["Kira gains Vigor: Vigor 0 → 3."]
    state, events = run(state, {"op": "vigor", "id": "c1", "amount": 5, "keep": "keep"})
    assert c(state, "c1")["vigor"] == 3
    assert said(events, "shattered_spirits.vigor") == [
        "Kira keeps their Vigor 3 instead of 5 (Vigor does not stack)."
    ]
    state, events = run(state, {"op": "vigor", "id": "c1", "amount": 2, "keep": "replace"})
    assert c(state, "c1")["vigor"] == 2  # replaced, never 5
    assert "replaces, never adds" in said(events, "shattered_spirits.vigor")[0]


def test_damage_order_and_the_carry_over_setting() -> None:
    state = roster({"name": "Kira", "vigor": 3, "endurance": 5, "endurance_max": 5})
    after, events = run(state, {"op": "damage", "id": "c1", "amount": 10})
    assert (c(after, "c1")["vigor"], c(after, "c1")["endurance"], c(after, "c1")["health"]) == (
        0,
        0,
        8,
    )
    assert said(events, "shattered_spirits.damage") == [
        "Kira takes 10 Damage: Vigor 3 → 0, Endurance 5 → 0, Health 10 → 8."
    ]
    state, events = run(state, {"op": "setting", "key": A_POOLS, "value": False})
    after, _ = run(state, {"op": "damage", "id": "c1", "amount": 10})
    assert c(after, "c1")["health"] == 10 and c(after, "c1")["endurance"] == 0


def test_winded_exactly_at_no_endurance() -> None:
    state = roster({"name": "Kira", "vigor": 2, "endurance": 5, "endurance_max": 5})
    one_short, events = run(state, {"op": "damage", "id": "c1", "amount": 6})
    assert c(one_short, "c1")["endurance"] == 1
    assert said(events, "shattered_spirits.winded") == []
    assert "Winded" not in M.card(c(one_short, "c1"), one_short)["conditions"]
    at, events = run(state, {"op": "damage", "id": "c1", "amount": 7})
    assert c(at, "c1")["endurance"] == 0 and c(at, "c1")["health"] == 10
    assert said(events, "shattered_spirits.winded") == ["Kira has no Endurance: Winded."]
    assert "Winded" in M.card(c(at, "c1"), at)["conditions"]
    _, events = run(at, {"op": "damage", "id": "c1", "amount": 1})
    assert said(events, "shattered_spirits.winded") == []  # already Winded


def test_downed_loses_one_condition() -> None:
    state = roster({"name": "Kira", "endurance": 0, "health": 4, "conditions": 2})
    one_short, events = run(state, {"op": "damage", "id": "c1", "amount": 3})
    assert c(one_short, "c1")["health"] == 1 and c(one_short, "c1")["conditions"] == 2
    assert said(events, "shattered_spirits.downed") == []
    at, events = run(state, {"op": "damage", "id": "c1", "amount": 4})
    assert c(at, "c1")["health"] == 0 and c(at, "c1")["conditions"] == 1
    assert said(events, "shattered_spirits.downed") == [
        "Kira has no Health: Downed, and immediately loses one Condition (Conditions 2 → 1)."
    ]
    assert "Downed" in M.card(c(at, "c1"), at)["conditions"]
    again, events = run(at, {"op": "damage", "id": "c1", "amount": 5})
    assert c(again, "c1")["conditions"] == 1 and said(events, "shattered_spirits.downed") == []


def test_statuses_on_the_card() -> None:
    state = roster({"name": "Kira"})
    state, events = run(state, {"op": "afflict", "id": "c1", "name": "exposed", "x": 2})
    assert said(events, "shattered_spirits.statuses") == ["Kira suffers Exposed 2."]
    assert "Exposed 2" in M.card(c(state, "c1"), state)["conditions"]
    state, events = run(state, {"op": "clear", "id": "c1", "name": "exposed"})
    assert c(state, "c1")["statuses"] == {}
    refused(state, {"op": "clear", "id": "c1", "name": "exposed"}, "name")


def test_stored_creatures_are_checked() -> None:
    state = roster({"name": "Kira"})
    refused(
        encounter.blank(M),
        {"op": "add", "creature": {"name": "X", "endurance": 5, "endurance_max": 4}},
        "endurance",
    )
    bad = {**state, "creatures": {"c1": {**c(state, "c1"), "refreshed": ["dance"]}}}
    with pytest.raises(InputError):
        encounter.validate(M, bad)
    bad = {**state, "creatures": {"c1": {**c(state, "c1"), "statuses": {"hexed": None}}}}
    with pytest.raises(InputError):
        encounter.validate(M, bad)


def test_every_rule_is_applied_by_an_event() -> None:
    for name, function in list(globals().items()):
        if name.startswith("test_") and name != "test_every_rule_is_applied_by_an_event":
            function()
    applied = {e["rule"] for e in EVENTS}
    missing = {r.id for r in M.RULES} - applied
    assert not missing


# --- issue #21 item 4: the mechanics at the table -------------------------------------


def test_a_speed_below_1_or_above_6_is_plotted_with_priority_or_stall() -> None:
    """L35: 'less than 1, instead add Priority ... greater than 6, instead add Stall'."""
    state = roster({"name": "A"}, {"name": "B", "side": "enemies"})
    state, events = run(state, {"op": "plot", "id": "c1", "phase": 0})
    assert events[0]["text"] == (
        "A plots Speed 0: their Turn is in Phase 1 (Speed 0 is below 1: Phase 1, and Priority 1)."
    )
    assert "shattered_spirits.tracker_speed_beyond_phases" in events[0]["assumptions"]
    state, events = run(state, {"op": "plot", "id": "c2", "phase": 8})
    assert "Phase 6 (Speed 8 is above 6: Phase 6, and Stall 2)" in events[0]["text"]
    notes = {n[0]: n[2] for n in M.card(c(state, "c1"), state)["numbers"]}
    assert notes["Phase"] == "Speed 0: Priority 1"
    state, _ = run(state, {"op": "start"})
    assert state["order"] == ["c1", "c2"]
    state, _ = run(state, {"op": "next"})
    state, events = run(state, {"op": "plot", "id": "c1", "phase": -2})  # the next Round
    assert c(state, "c1")["next_phase"] == -2 and "Priority 3" in events[0]["text"]


def test_start_before_plotting_says_to_plot_first() -> None:
    state = roster({"name": "Kira"}, {"name": "Ash", "side": "enemies"}, phases=(2,))
    message = refused(state, {"op": "start"}, "op")
    assert message == (
        "op: Plot the Speed of Ash first (Plot the Speed, on their card): it sets the Phase "
        "of their Turn."
    )


def test_improvise_keeps_the_ap_and_no_slower_speed() -> None:
    """L33: 'same AP cost and a Speed that is less than or equal to the replaced'."""
    state = roster({"name": "Kira", "momentum": 4}, phases=(3,))
    base = {"op": "improvise", "id": "c1", "replaced_ap": 2, "replaced_speed": 3}
    assert "same AP cost" in refused(state, {**base, "ap": 1, "speed": 3}, "ap")
    assert "Speed 3 or faster" in refused(state, {**base, "ap": 2, "speed": 4}, "speed")
    state, events = run(state, {**base, "ap": 2, "speed": 2})
    assert events[0]["text"] == (
        "Kira Improvises a Technique (AP 2, as the replaced; Speed 2, no slower than 3): "
        "Momentum 4 → 2."
    )
    assert events[0]["changes"] == [
        {"creature": "c1", "field": "momentum", "before": 4, "after": 2}
    ]


def test_a_slashed_cost_is_split_across_its_tokens() -> None:
    """L4: '2 Grit/Momentum would give either 2 Grit, 2 Momentum, or 1 Grit and 1 Momentum'."""
    state = roster({"name": "Kira", "grit": 1, "momentum": 3})
    pay = {"op": "pay", "id": "c1", "amount": 2, "token": "grit", "other": "momentum"}
    assert "Grit; the cost needs 2" in refused(state, {**pay, "with_other": 0}, "amount")
    state, events = run(state, {**pay, "with_other": 1, "what": "Block"})
    assert events[0]["text"] == ("Kira pays 2 Grit/Momentum for Block: Grit 1 → 0, Momentum 3 → 2.")
    assert refused(state, {**pay, "with_other": 3}, "with_other").startswith(
        "with_other: The cost is 2"
    )


def test_negate_costs_one_more_above_12_and_one_less_in_both_hands() -> None:
    """L63 (+1 above 12) and L70 (Disarmed of Equipment: 1 on a Hit, 2 on a Crit, 1 less
    Wielded in both hands)."""
    state = roster({"name": "Kira", "grit": 1, "reflex": 2})
    state, _ = run(state, {"op": "afflict", "id": "c1", "name": "disarmed"})
    negate = {"op": "negate", "id": "c1", "name": "disarmed", "token": "grit"}
    state, events = run(state, {**negate, "amount": 2, "both_hands": True})
    assert events[0]["text"] == (
        "Kira Negates Disarmed for 1 (2, −1, Wielded in both hands): Grit 1 → 0; Disarmed "
        "is removed."
    )
    assert "disarmed" not in c(state, "c1")["statuses"]
    more = {**negate, "token": "reflex", "amount": 1, "above_12": True, "name": "prone"}
    state, events = run(state, more)
    assert events[0]["text"].startswith("Kira Negates Prone for 2 (1, +1, the Attack Roll")


def test_attacks_on_armor_equipment_parts_and_obstacles() -> None:
    """L69-72: Durability, Shred 1 and the Glancing follow-up, Damaged and Disarmed."""
    state = roster({"name": "Kira"}, {"name": "Ash", "side": "enemies"}, phases=(1, 2))
    armor = {"op": "attack_object", "id": "c2", "target": "armor", "durability": 4}
    state, events = run(state, {**armor, "damage": 5})
    assert "inflicts Shred 1 (Shred 0 → 1)" in events[0]["text"]
    assert "Glancing Attack against Ash at Disadvantage" in events[0]["text"]
    assert "shattered_spirits.tracker_shred_adds" in events[0]["assumptions"]
    state, _ = run(state, {**armor, "damage": 4})
    assert c(state, "c2")["statuses"]["shred"] == 2  # the setting: Shred adds up
    state, _ = run(
        state, {"op": "setting", "key": "shattered_spirits.tracker_shred_adds", "value": False}
    )
    state, _ = run(state, {**armor, "damage": 9})
    assert c(state, "c2")["statuses"]["shred"] == 2
    state, events = run(state, {**armor, "damage": 3})
    assert "inflicts no Shred" in events[0]["text"]
    gear = {"op": "attack_object", "id": "c1", "target": "equipment", "durability": 6}
    state, events = run(state, {**gear, "damage": 2, "hit": True})
    assert (
        "the Equipment is not Damaged; on a Hit or better Kira is Disarmed" in (events[0]["text"])
    )
    assert "disarmed" in c(state, "c1")["statuses"]
    state, events = run(state, {"op": "attack_object", "id": "c1", "target": "part", "damage": 3})
    assert "resolve the Attack as Glancing against Kira" in events[0]["text"]
    state, _ = run(state, {"op": "start"})
    state, events = run(state, {"op": "attack_obstacle", "damage": 5, "durability": 5})
    assert "it is Destroyed" in events[0]["text"]
    state, events = run(state, {"op": "attack_obstacle", "damage": 4, "durability": 5})
    assert "nothing happens" in events[0]["text"]


def test_health_is_open_information_to_the_closest_quarter() -> None:
    """L128: 'An approximation of a creature's Health to the closest 25%'."""
    state = roster({"name": "Kira", "endurance": 0, "health": 8, "health_max": 8})
    state, events = run(state, {"op": "damage", "id": "c1", "amount": 3})
    assert said(events, "shattered_spirits.open_health") == [
        "Kira's Health as the players know it: about 75% (was about 100%)."
    ]
    shown = {n[0]: n[1] for n in M.card(c(state, "c1"), state)["numbers"]}
    assert shown["Health (open)"] == "about 75%"
    state, events = run(state, {"op": "damage", "id": "c1", "amount": 1})
    assert said(events, "shattered_spirits.open_health") == [
        "Kira's Health as the players know it: about 50% (was about 75%)."
    ]


# -- squares (issue #21 item 3): positions, Move, an Attack's reach ------------------------
def test_move_and_an_attacks_reach_on_squares() -> None:
    state = roster(
        {"name": "Kira", "x": 0, "y": 0},
        {"name": "Wolf", "side": "enemies", "x": 1, "y": 1},
        {"name": "Ash", "side": "enemies", "x": 5, "y": -2},
        {"name": "Bo"},  # no square: never measured
    )
    assert M.card(c(state, "c1"), state) and c(state, "c4")["x"] is None
    # Ranged, within Range 5 (the greater difference, L79); Wolf adjacent: -1 (L80).
    state, events = run(state, {"op": "reach", "id": "c1", "target": "ash",
                                "range_kind": "ranged", "max_range": 5})
    data = events[0]["reach"]
    assert (data["distance"], data["attack_modifier"], data["focus_to_negate"]) == (5, -1, 1)
    assert events[0]["rule"] == "shattered_spirits.tracker_ranged_penalty"
    assert "shattered_spirits.adjacent_spaces" in events[0]["assumptions"]
    message = refused(state, {"op": "reach", "id": "c1", "target": "Ash",
                              "range_kind": "ranged", "max_range": 3}, "range")
    assert "Ash is 5 squares from Kira; the range of the Attack is 3: move closer" in message
    assert "move closer" in refused(state, {"op": "reach", "id": "c1", "target": "Ash"}, "range")
    state, events = run(state, {"op": "reach", "id": "c1", "target": "Wolf"})
    assert events[0]["reach"]["distance"] == 1 and "adjacent_hostiles" not in events[0]["reach"]
    state, events = run(state, {"op": "move", "id": "c2", "x": 3, "y": 3})
    assert events[0]["text"] == "Wolf moves to (3, 3) from (1, 1)."
    assert {(ch["field"], ch["after"]) for ch in events[0]["changes"]} == {("x", 3), ("y", 3)}
    state, events = run(state, {"op": "reach", "id": "c1", "target": "Ash",
                                "range_kind": "ranged", "max_range": 5})
    assert events[0]["reach"]["attack_modifier"] == 0
    assert events[0]["rule"] == "shattered_spirits.tracker_reach"
    state, events = run(state, {"op": "reach", "id": "c1", "target": "Bo"})
    assert "not measured" in events[0]["text"] and "reach" not in events[0]
    assert "No creature is called" in refused(state, {"op": "reach", "id": "c1",
                                                      "target": "Nobody"}, "target")


def test_an_encounter_saved_before_positions_loads_and_plays() -> None:
    state = roster({"name": "Kira"}, {"name": "Wolf", "side": "enemies"})
    for creature in state["creatures"].values():
        del creature["x"], creature["y"]
    encounter.validate(M, state)
    state, events = run(state, {"op": "reach", "id": "c1", "target": "Wolf"})
    assert "not measured" in events[0]["text"]
    state, _ = run(state, {"op": "move", "id": "c1", "x": 2, "y": 0})
    assert (c(state, "c1")["x"], c(state, "c1")["y"]) == (2, 0)


def test_the_card_shows_the_square_only_where_there_is_one() -> None:
    from calculators.tracker import handle

    doc = handle({"op": "new", "system": "shattered_spirits"})["doc"]
    for creature in ({"name": "Kira", "x": 2, "y": -1}, {"name": "Bo"}):
        doc = handle({"op": "act", "system": "shattered_spirits", "doc": doc,
                      "action": {"op": "add", "creature": creature}})["doc"]
    cards = handle({"op": "load", "system": "shattered_spirits", "doc": doc})["html"]["cards"]
    kira, bo = cards.split("id='card-c2'")
    assert "<dt>Square</dt><dd>(2, −1)" in kira and "<dt>Square</dt>" not in bo


# -- areas (issue #21 item 3): who is in an Arc, a Blast, a Burst, a Cone, a Line ----------
def _gm(doc: dict[str, Any], action: dict[str, Any]) -> dict[str, Any]:
    """One action through ``calculators.tracker.handle``, as the page sends it."""
    from calculators.tracker import handle

    answer = handle({"op": "act", "system": "shattered_spirits", "doc": doc, "action": action})
    EVENTS.extend(answer.get("events", []))
    return answer


def _area_doc() -> dict[str, Any]:
    from calculators.tracker import handle

    doc = handle({"op": "new", "system": "shattered_spirits"})["doc"]
    for creature in (
        {"name": "Kira", "x": 0, "y": 0},
        {"name": "Wolf", "side": "enemies", "x": 4, "y": 2},
        {"name": "Ash", "side": "enemies", "x": 3, "y": 1},
        {"name": "Bo", "side": "enemies", "x": 5, "y": 0},
        {"name": "Cy"},  # no square: never in an Area
    ):
        doc = _gm(doc, {"op": "add", "creature": creature})["doc"]
    return doc


def _in(answer: dict[str, Any]) -> list[str]:
    assert answer["ok"], answer
    return [c["name"] for c in answer["events"][-1]["area"]["creatures"]]


def test_who_is_in_each_area_shape() -> None:
    doc = _area_doc()
    aim = {"op": "area", "id": "c1", "x": 3, "y": 1, "range_kind": "ranged", "max_range": 5}
    blast = _gm(doc, {**aim, "shape": "blast", "size": 1})
    reach, area = blast["events"]
    assert reach["rule"] == "shattered_spirits.tracker_area"
    assert reach["reach"]["distance"] == 3 and reach["reach"]["range"] == 5
    assert "shattered_spirits.adjacent_spaces" in reach["assumptions"]
    assert area["rule"] == "shattered_spirits.tracker_area_blast"
    assert area["area"]["shape"] == "Blast" and len(area["area"]["squares"]) == 9
    assert {"x": 3, "y": 1} in area["area"]["squares"]
    assert area["assumptions"] == ["shattered_spirits.area_measure"]
    assert _in(blast) == ["Wolf", "Ash"] and "One Attack Roll" in area["text"]
    # A Burst leaves out the aimed space (L86): Ash stands on it.
    assert _in(_gm(doc, {**aim, "shape": "burst", "size": 1})) == ["Wolf"]
    # A Line from the aimed space (shattered_spirits.line_start): (3,1), (4,1), (5,1).
    line = _gm(doc, {**aim, "shape": "line", "size": 3, "direction": "E"})
    assert _in(line) == ["Ash"] and line["events"][-1]["area"]["direction"] == "E"
    assert line["events"][-1]["assumptions"] == ["shattered_spirits.line_start"]
    # A Cone 3 pointing E from (3, 1): 5 spaces by their centres.
    cone = _gm(doc, {**aim, "shape": "cone", "size": 3, "direction": "E"})
    assert len(cone["events"][-1]["area"]["squares"]) == 5 and _in(cone) == ["Ash", "Bo"]
    assert cone["events"][-1]["assumptions"] == ["shattered_spirits.cone_directions",
                                                 "shattered_spirits.cone_spaces"]
    # An Arc: the aimed space and 3 adjacent to it (shattered_spirits.arc_spaces).
    arc = _gm(doc, {**aim, "shape": "arc", "arc": "NE, E, SE"})
    assert _in(arc) == ["Wolf", "Ash"] and len(arc["events"][-1]["area"]["squares"]) == 4
    empty = _gm(doc, {**aim, "x": -3, "y": -3, "shape": "blast", "size": 0})
    assert _in(empty) == [] and "no creature" in empty["events"][-1]["text"]
    # Melee: an adjacent space only; Self: one's own space (a Burst around the attacker).
    near = _gm(doc, {**aim, "x": 1, "y": 0, "range_kind": "melee", "shape": "blast"})
    assert near["ok"] and near["events"][0]["reach"]["range"] == "melee"
    around = _gm(doc, {**aim, "x": 0, "y": 0, "range_kind": "self", "shape": "burst", "size": 3})
    assert _in(around) == ["Ash"]


def test_an_area_out_of_range_is_refused_saying_what_to_do() -> None:
    doc = _area_doc()
    aim = {"op": "area", "id": "c1", "shape": "blast", "size": 1, "range_kind": "ranged"}
    far = _gm(doc, {**aim, "x": 6, "y": 2, "max_range": 5})
    assert not far["ok"] and far["error"]["field"] == "x"
    assert far["error"]["message"] == (
        "(6, 2) is 6 squares from Kira, out of reach (Range 5: the spaces at most 5 away): "
        "aim at a space within reach, or move Kira first."
    )
    melee = _gm(doc, {**aim, "x": 2, "y": 0, "range_kind": "melee"})
    assert not melee["ok"] and "aim at a space within reach" in melee["error"]["message"]
    unplaced = _gm(doc, {**aim, "id": "c5", "x": 0, "y": 0})
    assert unplaced["error"]["field"] == "id" and "Move Cy onto a square first" in (
        unplaced["error"]["message"])
    bad_arc = _gm(doc, {**aim, "shape": "arc", "x": 1, "y": 1, "arc": "N, N, E"})
    assert bad_arc["error"]["field"] == "arc"
    # Moving closer makes it reachable.
    doc = _gm(doc, {"op": "move", "id": "c1", "x": 1, "y": 0})["doc"]
    assert _gm(doc, {**aim, "x": 6, "y": 2, "max_range": 5})["ok"]


# -- the grid readings as settings (issue #21): each assumption a GM may change ------------
GRID_SETTINGS = (
    "shattered_spirits.adjacent_spaces",
    "shattered_spirits.area_measure",
    "shattered_spirits.arc_spaces",
    "shattered_spirits.line_start",
    "shattered_spirits.cone_directions",
    "shattered_spirits.cone_spaces",
)


def _set(doc: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
    answer = _gm(doc, {"op": "setting", "key": key, "value": value})
    assert answer["ok"], answer
    return answer["doc"]


def test_the_grid_readings_are_settings_with_the_assumptions_defaults() -> None:
    names = [f.name for f in M.SETTINGS]
    assert all(key in names and key in M.ADDED_SETTINGS for key in GRID_SETTINGS)
    assert not set(GRID_SETTINGS) & set(M.ASSUMPTIONS)
    settings = encounter.blank(M)["settings"]
    assert [settings[key] for key in GRID_SETTINGS] == [True, "greater", True, True, "eight",
                                                        "centre"]


def test_adjacent_spaces_without_diagonals_changes_the_reach() -> None:
    doc = _area_doc()
    doc = _gm(doc, {"op": "move", "id": "c2", "x": 1, "y": 1})["doc"]  # Wolf: diagonal
    melee = {"op": "reach", "id": "c1", "target": "Wolf", "range_kind": "melee"}
    assert _gm(doc, melee)["ok"]
    ranged = _gm(doc, {**melee, "target": "Bo", "range_kind": "ranged", "max_range": 5})
    assert ranged["events"][0]["reach"]["adjacent_hostiles"] == 1
    doc = _set(doc, "shattered_spirits.adjacent_spaces", False)
    refused_melee = _gm(doc, melee)
    assert not refused_melee["ok"] and "only spaces sharing a side" in (
        refused_melee["error"]["message"])
    ranged = _gm(doc, {**melee, "target": "Bo", "range_kind": "ranged", "max_range": 5})
    assert ranged["events"][0]["reach"]["adjacent_hostiles"] == 0
    assert "shattered_spirits.adjacent_spaces" in ranged["events"][0]["assumptions"]
    # The Area's aim and an Arc's spaces follow it too.
    aim = {"op": "area", "id": "c1", "range_kind": "melee", "shape": "blast", "size": 0}
    diagonal = _gm(doc, {**aim, "x": 1, "y": 1})
    assert not diagonal["ok"] and "one of the four sharing a side" in (
        diagonal["error"]["message"])
    assert _gm(doc, {**aim, "x": 1, "y": 0})["ok"]
    arc = _gm(doc, {**aim, "x": 1, "y": 0, "shape": "arc", "arc": "N, NE, E"})
    assert not arc["ok"] and arc["error"]["field"] == "arc"


def test_the_area_settings_change_the_squares() -> None:
    doc = _area_doc()
    aim = {"op": "area", "id": "c1", "x": 3, "y": 1, "range_kind": "ranged", "max_range": 5}

    def squares(d: dict[str, Any], **more: Any) -> int:
        answer = _gm(d, {**aim, **more})
        assert answer["ok"], answer
        return len(answer["events"][-1]["area"]["squares"])

    cone = {"shape": "cone", "size": 3, "direction": "E"}
    assert squares(doc, **cone) == 5
    touched = _set(doc, "shattered_spirits.cone_spaces", "touch")
    assert squares(touched, **cone) == 10
    answer = _gm(touched, {**aim, **cone})
    assert "shattered_spirits.cone_spaces" in answer["events"][-1]["assumptions"]
    assert squares(doc, **{**cone, "direction": "NE"}) > 0
    four = _set(doc, "shattered_spirits.cone_directions", "four")
    assert _gm(four, {**aim, **cone, "direction": "NE"})["error"]["field"] == "direction"
    assert squares(doc, shape="blast", size=1) == 9
    assert squares(_set(doc, "shattered_spirits.area_measure", "orthogonal"), shape="blast",
                   size=1) == 5
    arc = {"shape": "arc", "arc": "N, E, S"}
    assert squares(doc, **arc) == 4
    assert squares(_set(doc, "shattered_spirits.arc_spaces", False), **arc) == 3
    line = {"shape": "line", "size": 3, "direction": "E"}
    after = _gm(_set(doc, "shattered_spirits.line_start", False), {**aim, **line})
    assert [s["x"] for s in after["events"][-1]["area"]["squares"]] == [4, 5, 6]
    assert _in(after) == []  # Ash stands on the picked space, now not one of the X
    assert not _gm(doc, {"op": "setting", "key": "shattered_spirits.cone_spaces",
                         "value": "edge"})["ok"]


def test_a_save_from_before_the_grid_settings_loads_with_the_defaults() -> None:
    from calculators.tracker import handle

    doc = _area_doc()
    for key in GRID_SETTINGS:
        del doc["state"]["settings"][key]
    loaded = handle({"op": "load", "system": "shattered_spirits", "doc": doc})
    assert loaded["ok"], loaded
    state = encounter.validate(M, doc["state"])
    assert state["settings"]["shattered_spirits.cone_spaces"] == "centre"
    assert state["settings"]["shattered_spirits.adjacent_spaces"] is True
    answer = _gm(doc, {"op": "area", "id": "c1", "x": 3, "y": 1, "range_kind": "ranged",
                       "max_range": 5, "shape": "cone", "size": 3, "direction": "E"})
    assert answer["ok"] and len(answer["events"][-1]["area"]["squares"]) == 5
