"""Space Shard's tracker, the mechanics of weapons and attacks: Extra DMG past Max DMG,
reloading, trips against a bigger or a flying target; driven as a GM would."""

from __future__ import annotations

import pytest

import calculators.books.space_shard.tracker as M
from calculators.books.space_shard.rules import A_CAP, A_EXTRA_HIT
from calculators.errors import InputError
from calculators.tracker import encounter
from tests.test_tracker_space_shard import c, refused, run, said, started, to_turn_of


def test_extra_dmg_is_not_capped_by_max_dmg() -> None:
    state = started({"name": "Rex", "hp": 10, "hp_max": 10}, {"name": "Drone"})
    hit, events = run(state, {"op": "damage", "id": "c1", "amount": 6, "max_dmg": 4, "extra": 2})
    assert c(hit, "c1")["hp"] == 4
    assert said(events, "space_shard.extra_dmg") == [
        "Rex's DMG 6: 6 DMG of the successes, capped at Max DMG 4 + 2 Extra DMG, not "
        "counted against Max DMG."
    ]
    first = events[0]
    assert first["dmg"] == {"successes": 6, "max_dmg": 4, "capped": 4, "extra": 2}
    assert first["assumptions"] == [A_CAP, A_EXTRA_HIT]
    assert said(events, "space_shard.overflow") == ["Rex takes 6 DMG: HP 10 → 4."]
    # The GM who reads Max DMG as no cap: every success counts.
    loose = started({"name": "Rex", "hp": 10, "hp_max": 10}, settings={A_CAP: False})
    hit, events = run(loose, {"op": "damage", "id": "c1", "amount": 6, "max_dmg": 4, "extra": 2})
    assert c(hit, "c1")["hp"] == 2
    # No success, no Extra DMG (by default): space_shard.extra_dmg_on_a_hit.
    miss, events = run(state, {"op": "damage", "id": "c1", "amount": 0, "extra": 2})
    assert c(miss, "c1")["hp"] == 10
    assert "no success, so no 2 Extra DMG" in said(events, "space_shard.extra_dmg")[0]
    always = started({"name": "Rex", "hp": 10, "hp_max": 10}, settings={A_EXTRA_HIT: False})
    always, _ = run(always, {"op": "damage", "id": "c1", "amount": 0, "extra": 2})
    assert c(always, "c1")["hp"] == 8
    # Without Max DMG or Extra DMG the DMG is taken as entered, as before.
    plain, events = run(state, {"op": "damage", "id": "c1", "amount": 3})
    assert said(events, "space_shard.extra_dmg") == []
    assert c(plain, "c1")["hp"] == 7


def test_an_old_save_without_the_new_setting_still_loads() -> None:
    state = started({"name": "Rex"})
    old = {**state, "settings": {k: v for k, v in state["settings"].items() if k != A_CAP}}
    loaded = encounter.validate(M, old)
    assert loaded["settings"][A_CAP] is True
    assert A_CAP not in old["settings"]


def test_reloading_a_crossbow_and_a_single_shot_firearm() -> None:
    state = started({"name": "Rex"}, {"name": "Drone"})
    refused(state, {"op": "reload", "id": "c1", "step": "string"}, "step")
    state, events = run(state, {"op": "reload", "id": "c1", "step": "bolt"})
    assert said(events, "space_shard.reload") == [
        "Rex: Install a crossbow bolt (L245), a Movement Action; crossbow: bolt installed, "
        "not strung."
    ]
    assert events[0]["reload"]["action"] == "movement"
    # The bolt took the Movement Action: stringing with a second one needs the Standard
    # Action downgraded, which the default reading allows.
    state, events = run(state, {"op": "reload", "id": "c1", "step": "string"})
    assert c(state, "c1")["weapon"] == "strung"
    assert ("Weapon", "crossbow: strung", "its reload sequence") in M.card(c(state, "c1"), state)[
        "numbers"
    ]
    refused(state, {"op": "act", "id": "c1", "kind": "attack", "fires": True}, "kind")
    state, _ = to_turn_of(state, "c1")
    refused(state, {"op": "act", "id": "c1", "kind": "swift", "fires": True}, "fires")
    state, events = run(state, {"op": "act", "id": "c1", "kind": "attack", "fires": True})
    assert c(state, "c1")["weapon"] == ""
    assert "the crossbow is fired" in said(events, "space_shard.reload")[0]
    assert "space_shard.tracker_rounds_not_counted" in events[0]["assumptions"]
    # A single-shot firearm: loaded, then a round chambered (a Swift Action) before each shot.
    state, _ = to_turn_of(state, "c1")
    state, _ = run(state, {"op": "reload", "id": "c1", "step": "single_shot"})
    refused(state, {"op": "act", "id": "c1", "kind": "attack", "fires": True}, "fires")
    state, events = run(state, {"op": "reload", "id": "c1", "step": "chamber"})
    assert c(state, "c1")["weapon"] == "chambered"
    assert events[0]["reload"]["action"] == "swift"
    state, _ = run(state, {"op": "act", "id": "c1", "kind": "attack", "fires": True})
    assert c(state, "c1")["weapon"] == "loaded"


def test_ammunition_in_hand_downgrades_a_reload() -> None:
    state = started({"name": "Rex"}, {"name": "Drone"})
    state, events = run(state, {"op": "reload", "id": "c1", "step": "magazine", "in_hand": True})
    assert said(events, "space_shard.reload") == [
        "Rex: Replace a magazine (powder or gauss firearm) (L241), a Swift Action (a Movement "
        "Action, one level lower with the ammunition in hand)."
    ]
    assert events[0]["assumptions"] == [
        "space_shard.reload_in_hand_one_level",
        "space_shard.tracker_rounds_not_counted",
    ]
    state, events = run(state, {"op": "reload", "id": "c1", "step": "arrow", "in_hand": True})
    assert events[0]["reload"]["action"] == "free"
    free = started(
        {"name": "Rex"}, settings={"space_shard.reload_in_hand_one_level": "to a Free Action"}
    )
    free, events = run(free, {"op": "reload", "id": "c1", "step": "revolver_full", "in_hand": True})
    assert events[0]["reload"] == {
        "step": "revolver_full",
        "action": "free",
        "own_action": "whole-round",
        "in_hand": True,
    }
    # A reload with a Movement Action loses the aim, as any Movement Action before the attack.
    aimed = started({"name": "Rex"}, {"name": "Drone"})
    aimed, _ = run(aimed, {"op": "aim", "id": "c1"})
    aimed, _ = to_turn_of(aimed, "c1")
    aimed, events = run(aimed, {"op": "reload", "id": "c1", "step": "battery"})
    assert c(aimed, "c1")["aim"] == 0


def test_an_old_save_without_the_weapon_field_still_loads() -> None:
    state = started({"name": "Rex"})
    creature = {k: v for k, v in c(state, "c1").items() if k != "weapon"}
    loaded = encounter.validate(M, {**state, "creatures": {"c1": creature}})
    assert loaded["creatures"]["c1"]["weapon"] == ""


def test_the_attack_calculator_takes_extra_dmg_and_the_trip_size_penalty() -> None:
    import calculators

    base = {"attack": "bladed", "str": 2, "skill": 1, "weapon_damage": 0, "target_defense": 0}
    r = calculators.run("space_shard.attack", {**base, "dice": "9,9,9", "extra_dmg": 2})
    assert (r["max_dmg"], r["successes"], r["damage"]) == (3, 3, 5)
    # Extra DMG adds to each outcome with damage; a miss stays a miss by default.
    odds = calculators.run("space_shard.attack", {**base, "extra_dmg": 2})
    assert [v for v, _ in odds["distribution"]] == [0, 3, 4, 5]
    always = calculators.run(
        "space_shard.attack", {**base, "extra_dmg": 2, "extra_on_a_hit": False}
    )
    assert [v for v, _ in always["distribution"]] == [2, 3, 4, 5]
    trip = calculators.run(
        "space_shard.attack", {**base, "attack": "barehand", "trip_size_over": 2}
    )
    assert trip["dp"] == 1
    assert any("Unnamed Penalty (tripping)" in line for line in trip["breakdown"])
    with pytest.raises(InputError):
        calculators.run("space_shard.attack", {**base, "attack": "bow", "trip_size_over": 1})


def test_a_flying_target_tripped_loses_maneuverability_for_a_round() -> None:
    state = started({"name": "Rex"}, {"name": "Hawk"})
    good, events = run(state, {"op": "stagger", "id": "c2", "points": 2, "flying": "good"})
    assert said(events, "space_shard.maneuverability") == [
        "Hawk is tripped in flight: Maneuverability Good → Average for 1 round."
    ]
    assert said(events, "space_shard.stagger") == [
        "Hawk is tripped, with 2 Stagger points for 1 round."
    ]
    assert "prone" not in c(good, "c2")["statuses"]
    assert "Maneuverability Average (to round 2)" in M.card(c(good, "c2"), good)["conditions"]
    assert "space_shard.tracker_maneuverability_levels" in events[0]["assumptions"]
    good, _ = run(good, {"op": "next"})
    good, events = to_turn_of(good, "c2")
    assert said(events, "space_shard.maneuverability") == [
        "Maneuverability Average on Hawk ends at the start of their turn, after 1 round."
    ]
    _, events = run(state, {"op": "stagger", "id": "c2", "points": 1, "flying": "clumsy"})
    assert "falls immediately" in said(events, "space_shard.maneuverability")[0]
    hover, events = run(state, {"op": "stagger", "id": "c2", "points": 1, "flying": "hovering"})
    assert (
        "Hovering Maneuverability is not affected" in said(events, "space_shard.maneuverability")[0]
    )
    assert c(hover, "c2")["statuses"] == {"stagger": 1}


def test_special_effects_of_several_pieces_of_ammunition() -> None:
    state = started({"name": "Rex", "hp": 10, "hp_max": 10})
    _, events = run(state, {"op": "damage", "id": "c1", "amount": 3, "effects": "one_plain"})
    assert said(events, "space_shard.multiple_effects") == [
        "Rex's damage: several pieces of ammunition, one or more without a special effect: "
        "this damage has no special effects whatsoever (L83)."
    ]
    assert events[-1]["effects"] == {"case": "one_plain", "apply": "none"}
    _, events = run(state, {"op": "damage", "id": "c1", "amount": 3, "effects": "all_different"})
    assert events[-1]["effects"]["apply"] == "choose one"
    _, events = run(state, {"op": "damage", "id": "c1", "amount": 3, "effects": "weapon"})
    assert events[-1]["effects"]["apply"] == "all"
    _, events = run(state, {"op": "damage", "id": "c1", "amount": 3, "effects": "all_same"})
    assert events[-1]["assumptions"] == ["space_shard.tracker_ammunition_effects"]


def test_the_kind_of_dmg_is_noted_not_applied() -> None:
    state = started({"name": "Rex", "hp": 2, "hp_max": 10})
    state, events = run(state, {"op": "damage", "id": "c1", "amount": 5, "grade": "L"})
    assert said(events, "space_shard.overflow") == [
        "Rex takes 5 DMG(L): HP 2 → 0; 3 DMG overflow noted, not calculated; the kind DMG(L) "
        "is noted, not applied."
    ]
    assert events[0]["grade"] == "L"
    assert "space_shard.tracker_hp_one_number" in events[0]["assumptions"]
