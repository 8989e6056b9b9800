"""Glittershard's End's encounter tracker: every rule it applies, through the engine."""

from __future__ import annotations

import inspect
import sys
from pathlib import Path
from typing import Any

import pytest

from calculators.books.glittershard import builder as builder
from calculators.books.glittershard import tracker as g
from calculators.books.glittershard.tracker import reading, terms
from calculators.errors import InputError
from calculators.tracker import encounter, handle
from macros.load.loader import load_rules

ROOT = Path(__file__).resolve().parents[1]
EVENTS: list[dict[str, Any]] = []
"""Every event the tests below produce (the last test checks each rule appears)."""

State = dict[str, Any]


def act(state: State, action: dict[str, Any]) -> tuple[State, list[dict[str, Any]]]:
    """One action through the engine; the new state must pass the engine's validation."""
    new, events = encounter.act(g, state, action)
    encounter.validate(g, new)
    EVENTS.extend(events)
    return new, events


def refused(state: State, action: dict[str, Any], field: str) -> str:
    """The action is refused with an InputError on ``field``; its message."""
    with pytest.raises(InputError) as caught:
        encounter.act(g, state, action)
    assert caught.value.field == field, caught.value
    return str(caught.value)


def texts(events: list[dict[str, Any]]) -> list[str]:
    return [e["text"] for e in events]


def said(events: list[dict[str, Any]], text: str, rule: str) -> dict[str, Any]:
    """The event whose text is ``text``, checked to name ``rule``."""
    found = [e for e in events if e["text"] == text]
    assert found, f"{text!r} not in {texts(events)}"
    assert found[0]["rule"] == rule, found[0]
    return found[0]


def new(*creatures: dict[str, Any], **settings: Any) -> State:
    state = encounter.blank(g)
    for creature in creatures:
        state, _ = act(state, {"op": "add", "creature": creature})
    for key, value in settings.items():
        state, _ = act(state, {"op": "setting", "key": key, "value": value})
    return state


def begin(state: State, *scores: int) -> tuple[State, list[dict[str, Any]]]:
    """Set the turn order scores of c1, c2, ... and start; the start's events."""
    for i, score in enumerate(scores, 1):
        state, _ = act(state, {"op": "initiative", "id": f"c{i}", "value": score})
    return act(state, {"op": "start"})


def kira(**extra: Any) -> dict[str, Any]:
    return {"name": "Kira", "max_health": 10, "health": 10, **extra}


def c1(state: State) -> dict[str, Any]:
    return state["creatures"]["c1"]


# --- declarations ---------------------------------------------------------------------


def test_every_rule_source_is_an_entry_of_the_rules_data() -> None:
    entries = load_rules(ROOT / "rules_data").entries
    ids = [r.id for r in g.RULES]
    assert len(ids) == len(set(ids))
    for rule in g.RULES:
        assert rule.source in entries, rule
        assert entries[rule.source].system == "glittershard"
    for field in g.SETTINGS:
        assert entries[field.name].kind == "assumption"
    assumptions = [getattr(g, n) for n in dir(g) if n.startswith("A_")]
    assert all(entries[a].kind == "assumption" for a in assumptions)
    assert {g.INITIATIVE_RULE, g.ORDER_RULE} <= set(ids)
    assert {a.rule for a in g.ACTIONS} <= set(ids)
    assert {rule for _, rule in terms.STATUSES.values()} <= set(ids)


def test_settings_default_to_their_assumptions() -> None:
    settings = encounter.blank(g)["settings"]
    assert settings == {
        terms.A_BURNING: "start",
        terms.A_EXHAUSTION_REST: "long",
        "glittershard.natural_healing_rounding": "floor",
        terms.A_HUNGER_GAP: "second stage",
    }


# --- turn order and rounds ------------------------------------------------------------


def test_turn_order_is_nimbleness_plus_a_d10() -> None:
    state = new(*g.EXAMPLES)
    state, events = act(state, {"op": "roll_initiative", "seed": 7})
    rolls = [e for e in events if "roll" in e]
    assert [e["rule"] for e in rolls] == ["glittershard.turn_order"] * 2
    assert rolls[0]["text"].startswith("Mara's turn order (Nimbleness +5 + 1d10): ")
    assert rolls[0]["roll"]["names"] == {"nim": 5}
    for creature, event in zip(state["creatures"].values(), rolls, strict=False):
        assert creature["initiative"] == event["roll"]["total"]
        assert creature["nim"] + 1 <= creature["initiative"] <= creature["nim"] + 10
    state, _ = act(state, {"op": "start"})
    refused(state, {"op": "roll_initiative", "seed": 1}, "op")


def test_turn_order_ties_go_to_nimbleness_then_a_secondary_d10() -> None:
    state = new(kira(nim=2), {"name": "Lio", "nim": 3}, {"name": "Mo", "nim": 2})
    state, events = begin(state, 12, 12, 12)
    # Lio has the higher Nimbleness; Kira and Mo tie on both and must roll a secondary d10.
    assert state["order"][0] == "c2"
    said(
        events,
        "Kira and Mo tie on turn order and Nimbleness: each rolls a d10 (again while equal); "
        "set the secondary d10s.",
        "glittershard.turn_order",
    )
    state, _ = act(state, {"op": "set", "id": "c3", "field": "tiebreak", "value": 9})
    state, _ = act(state, {"op": "initiative", "id": "c3", "value": 12})
    assert state["order"] == ["c2", "c3", "c1"]
    # Rolled ties: the secondary d10s are rolled again while equal, and differ.
    for seed in range(200):
        state = new(kira(nim=2), {"name": "Mo", "nim": 2})
        state, events = act(state, {"op": "roll_initiative", "seed": seed})
        a, b = state["creatures"]["c1"], state["creatures"]["c2"]
        if a["initiative"] == b["initiative"]:
            break
    else:
        pytest.fail("no seed gave a tie")
    assert a["tiebreak"] != b["tiebreak"] and 1 <= a["tiebreak"] <= 10
    assert any("secondary d10" in t for t in texts(events))
    state, _ = act(state, {"op": "start"})
    winner = "c1" if a["tiebreak"] > b["tiebreak"] else "c2"
    assert state["order"][0] == winner


def test_each_round_is_ten_seconds_and_six_make_a_minute() -> None:
    state = new(kira(hungry=239))
    state, _ = begin(state, 5)
    state, events = act(state, {"op": "next"})
    said(events, "10 seconds have passed since round 1.", "glittershard.rounds")
    assert c1(state)["seconds"] == 10
    for _ in range(4):
        state, events = act(state, {"op": "next"})
    assert c1(state)["seconds"] == 50 and c1(state)["hungry"] == 239
    state, events = act(state, {"op": "next"})
    assert state["round"] == 7 and c1(state)["seconds"] == 0 and c1(state)["hungry"] == 240
    said(
        events,
        "Kira has gone 4 hours without a meal: also −1 Bwn.",
        "glittershard.hunger",
    )


# --- the actions of a turn ------------------------------------------------------------


def test_a_turn_provides_one_of_each_action() -> None:
    state = new(kira(speed=7), {"name": "Orc"})
    state, events = begin(state, 9, 3)
    said(
        events,
        "Kira has 1 Offensive, 7 units of movement and 1 Trivial action this turn.",
        "glittershard.actions",
    )
    state, events = act(state, {"op": "act", "id": "c1", "kind": "offensive"})
    assert c1(state)["left"] == {"offensive": 0, "units": 7, "trivial": 1}
    message = refused(state, {"op": "act", "id": "c1", "kind": "offensive"}, "kind")
    assert "no Offensive action left" in message
    refused(state, {"op": "act", "id": "c1", "kind": "trade_offensive"}, "kind")
    state, events = act(
        state, {"op": "act", "id": "c1", "kind": "movement", "move": "climbing", "count": 3}
    )
    said(
        events,
        "Kira: Climbing × 3 for 6 units (2 each); left: 0 Offensive, 1 units, 1 Trivial.",
        "glittershard.actions",
    )
    refused(
        state, {"op": "act", "id": "c1", "kind": "movement", "move": "walking", "count": 2}, "count"
    )
    refused(state, {"op": "act", "id": "c1", "kind": "trade_units"}, "kind")
    state, _ = act(state, {"op": "act", "id": "c1", "kind": "trivial"})
    refused(state, {"op": "act", "id": "c1", "kind": "trivial"}, "kind")
    # Only during one's own turn.
    refused(state, {"op": "act", "id": "c2", "kind": "offensive"}, "kind")
    state, events = act(state, {"op": "next"})
    assert c1(state)["left"] == {"offensive": 0, "units": 0, "trivial": 0}


def test_actions_trade_down_never_up() -> None:
    state = new(kira())
    state, _ = begin(state, 5)
    state, events = act(state, {"op": "act", "id": "c1", "kind": "trade_offensive"})
    said(
        events,
        "Kira trades the Offensive action for 6 more units of movement; left: 0 Offensive, "
        "12 units, 1 Trivial.",
        "glittershard.trades",
    )
    state, events = act(state, {"op": "act", "id": "c1", "kind": "trade_units"})
    assert c1(state)["left"] == {"offensive": 0, "units": 9, "trivial": 2}
    assert events[0]["rule"] == "glittershard.trades"
    # A slow Offensive action spends units too.
    state = new(kira())
    state, _ = begin(state, 5)
    refused(state, {"op": "act", "id": "c1", "kind": "offensive", "slow": 7}, "slow")
    state, events = act(state, {"op": "act", "id": "c1", "kind": "offensive", "slow": 2})
    said(
        events,
        "Kira takes the Offensive action (slow: 2 units); left: 0 Offensive, 4 units, 1 Trivial.",
        "glittershard.trades",
    )


def test_going_prone_and_standing_up() -> None:
    state = new(kira())
    state, _ = begin(state, 5)
    state, _ = act(state, {"op": "act", "id": "c1", "kind": "movement", "move": "going_prone"})
    assert c1(state)["prone"] is True
    state, _ = act(state, {"op": "act", "id": "c1", "kind": "movement", "move": "standing_up"})
    assert c1(state)["prone"] is False and c1(state)["left"]["units"] == 2


# --- postures -------------------------------------------------------------------------


def test_a_posture_is_picked_at_the_end_of_the_turn() -> None:
    state = new(kira(armor=15, dodge=16))
    state, _ = begin(state, 5)
    state, events = act(state, {"op": "next"})
    said(
        events,
        "Kira ends their turn Steady: attacks meet armor value 15.",
        "glittershard.posture",
    )
    state, events = act(state, {"op": "posture", "id": "c1", "posture": "dodgy"})
    said(
        events,
        "Kira takes a Dodgy posture (a free action): armor value 7, dodge 16.",
        "glittershard.posture",
    )
    assert reading.goal(c1(state)) == (7, 16)


# --- health ---------------------------------------------------------------------------


def test_magical_health_drains_first() -> None:
    state = new(kira(magical_health=4))
    state, events = act(state, {"op": "damage", "id": "c1", "amount": 6})
    said(
        events,
        "Kira takes 6 damage: magical health 4 → 0, health 10 → 8.",
        "glittershard.health",
    )
    said(
        events,
        "Magical health takes 4 of it first; 2 reaches health.",
        "glittershard.magical_health",
    )
    state, events = act(state, {"op": "damage", "id": "c1", "amount": 3})
    assert texts(events) == ["Kira takes 3 damage: health 8 → 5."]


def test_unconscious_exactly_at_zero_health() -> None:
    state = new(kira(armor=13))
    state, events = act(state, {"op": "damage", "id": "c1", "amount": 9})
    assert not c1(state)["unconscious"] and len(events) == 1
    state, events = act(state, {"op": "damage", "id": "c1", "amount": 1})
    said(events, "Kira is reduced to 0 health and loses consciousness.", "glittershard.unconscious")
    said(
        events,
        "Kira falls Unguarded: armor value 6 (halved), dodge 0, prone.",
        "glittershard.unguarded",
    )
    assert c1(state)["posture"] == "unguarded" and c1(state)["prone"]
    assert reading.goal(c1(state)) == (6, 0)
    refused(state, {"op": "posture", "id": "c1", "posture": "steady"}, "posture")


def test_death_exactly_at_the_negative_of_max_health() -> None:
    state = new(kira(health=0))
    assert c1(state)["unconscious"]
    state, events = act(state, {"op": "damage", "id": "c1", "amount": 9})
    assert c1(state)["health"] == -9 and not c1(state)["dead"]
    state, events = act(state, {"op": "damage", "id": "c1", "amount": 1})
    said(
        events,
        "Kira dies: health -10 has reached −10, the negative of their max health.",
        "glittershard.death",
    )
    assert c1(state)["dead"] and not c1(state)["unconscious"]
    refused(state, {"op": "damage", "id": "c1", "amount": 1}, "amount")
    state, events = begin(state, 5)
    said(events, "Kira is dead and takes no actions.", "glittershard.death")
    assert new(kira(health=-10))["creatures"]["c1"]["dead"]


def test_unconscious_creatures_take_no_actions() -> None:
    state = new(kira(health=0))
    state, events = begin(state, 5)
    said(events, "Kira is unconscious and takes no actions.", "glittershard.unconscious")
    refused(state, {"op": "act", "id": "c1", "kind": "offensive"}, "kind")


def test_magical_healing_burns_a_recovery_point() -> None:
    state = new(kira(health=4, recovery=2, max_recovery=3))
    state, events = act(state, {"op": "heal", "id": "c1", "amount": 5, "effect": "health"})
    said(
        events,
        "Magical healing burns one of Kira's magical recovery points: 2 → 1.",
        "glittershard.recovery_points",
    )
    assert (c1(state)["health"], c1(state)["recovery"]) == (9, 1)
    state, _ = act(state, {"op": "heal", "id": "c1", "amount": 5, "effect": "health"})
    assert c1(state)["health"] == 10  # never above the max health


def test_magical_healing_without_points_costs_half() -> None:
    # The rulebook's example: 15 healing without points loses 7 health, gains 15 magical.
    state = new({"name": "Kira", "max_health": 20, "health": 10, "recovery": 0})
    state, events = act(state, {"op": "heal", "id": "c1", "amount": 15})
    assert (c1(state)["health"], c1(state)["magical_health"]) == (3, 15)
    said(
        events,
        "Kira is out of magical recovery points: half of 15 healing, 7, is subtracted first "
        "(assumption: Magical healing without a recovery point).",
        "glittershard.recovery_points",
    )
    said(
        events,
        "Kira gains 15 magical health: 0 → 15 (health 10 → 3); it is drained first and wears "
        "off after a short rest.",
        "glittershard.magical_health",
    )
    # Half the healing can knock a creature out: magical health does not keep it awake.
    state = new(kira(health=3, recovery=0))
    state, events = act(state, {"op": "heal", "id": "c1", "amount": 7})
    assert c1(state)["health"] == 0 and c1(state)["unconscious"]
    assert c1(state)["magical_health"] == 7


def test_healed_above_zero_a_creature_wakes() -> None:
    state = new(kira(health=-2, recovery=1))
    state, events = act(state, {"op": "heal", "id": "c1", "amount": 2, "effect": "health"})
    assert c1(state)["health"] == 0 and c1(state)["unconscious"]
    state = new(kira(health=-2, recovery=1))
    state, events = act(state, {"op": "heal", "id": "c1", "amount": 3, "effect": "health"})
    said(
        events,
        "Kira is back above 0 health (1) and regains consciousness (still Unguarded and prone "
        "until they pick a posture and stand up).",
        "glittershard.unconscious",
    )
    assert not c1(state)["unconscious"] and c1(state)["posture"] == "unguarded"


def test_mundane_healing_waits_for_a_medium_rest() -> None:
    state = new(kira(health=2))
    state, events = act(state, {"op": "treat", "id": "c1", "amount": 5})
    said(
        events,
        "Kira is treated for 5 health: it takes effect after a medium rest (5 waiting).",
        "glittershard.mundane_healing",
    )
    state, _ = act(state, {"op": "rest", "id": "c1", "kind": "short"})
    assert c1(state)["health"] == 2 and c1(state)["mundane"] == 5
    state, _ = act(state, {"op": "treat", "id": "c1", "amount": 5})
    state, events = act(state, {"op": "rest", "id": "c1", "kind": "medium"})
    said(
        events,
        "Mundane healing takes effect on Kira: 10 health, 2 → 10 (at most 10).",
        "glittershard.mundane_healing",
    )
    assert c1(state)["mundane"] == 0


# --- rests ----------------------------------------------------------------------------


def test_short_rest() -> None:
    state = new(kira(magical_health=5, max_stamina=9, stamina=2))
    state, _ = act(state, {"op": "battle_skill", "id": "c1", "name": "Whirlwind"})
    message = refused(state, {"op": "battle_skill", "id": "c1", "name": "Whirlwind"}, "name")
    assert "a short rest refreshes it" in message
    state, events = act(state, {"op": "rest", "id": "c1", "kind": "short"})
    said(
        events,
        "Kira takes a short rest (30 minutes): magical health 5 wears off; once-per-battle "
        "skills refreshed (Whirlwind); magic stamina 2 → 3.",
        "glittershard.short_rest",
    )
    state, events = act(state, {"op": "battle_skill", "id": "c1", "name": "Whirlwind"})
    assert events[0]["rule"] == "glittershard.once_per_battle"
    assert c1(state)["awake"] == 30


def test_medium_rest_holds_six_short_rests() -> None:
    state = new(kira(max_stamina=9, stamina=2, max_recovery=3, recovery=0))
    state, events = act(state, {"op": "rest", "id": "c1", "kind": "medium"})
    said(
        events,
        "Kira takes a medium rest (180 minutes, 6 short rests): magic stamina 2 → 8.",
        "glittershard.medium_rest",
    )
    said(
        events,
        "Kira recovers magical recovery points: 0 → 1 (+1 a medium rest, at most 3).",
        "glittershard.recovery_points",
    )


def test_long_rest() -> None:
    creature = {"name": "Kira", "max_health": 22, "health": 3, "awake": 700}
    state = new({**creature, "max_recovery": 3, "recovery": 2, "exhaustion": 2})
    state, events = act(state, {"op": "rest", "id": "c1", "kind": "long"})
    said(
        events,
        "Kira recovers magical recovery points: 2 → 3 (+2 a long rest, at most 3).",
        "glittershard.recovery_points",
    )
    said(
        events,
        "Kira heals naturally: 3 → 8 (25% of 22 is 5, rounded down).",
        "glittershard.natural_healing",
    )
    said(
        events,
        "Kira slept: 14 hours from now before getting tired again.",
        "glittershard.long_rest",
    )
    said(events, "Resting removes Kira's exhaustion: 2 → 0.", "glittershard.exhaustion_rest")
    assert c1(state)["awake"] == 0 and c1(state)["exhaustion"] == 0
    state = new(creature, **{"glittershard.natural_healing_rounding": "up"})
    state, _ = act(state, {"op": "rest", "id": "c1", "kind": "long"})
    assert c1(state)["health"] == 9


def test_which_rest_removes_exhaustion_is_a_setting() -> None:
    state = new(kira(exhaustion=3))
    state, _ = act(state, {"op": "rest", "id": "c1", "kind": "medium"})
    assert c1(state)["exhaustion"] == 3
    state = new(kira(exhaustion=3), **{terms.A_EXHAUSTION_REST: "medium"})
    state, events = act(state, {"op": "rest", "id": "c1", "kind": "medium"})
    assert c1(state)["exhaustion"] == 0
    said(events, "Resting removes Kira's exhaustion: 3 → 0.", "glittershard.exhaustion_rest")


def test_everyone_rests_but_the_dead() -> None:
    state = new(kira(magical_health=2), {"name": "Orc", "max_health": 5, "health": -5})
    state, events = act(state, {"op": "rest_all", "kind": "short"})
    assert c1(state)["magical_health"] == 0
    assert all(e["creature"] == "c1" for e in events)


# --- magical stamina ------------------------------------------------------------------


def test_spells_cost_stamina_per_tier_then_health() -> None:
    state = new(kira(max_stamina=6, stamina=3))
    state, events = act(state, {"op": "cast", "id": "c1", "tier": 2})
    said(
        events,
        "Kira casts a tier 2 spell: magic stamina 3 → 1.",
        "glittershard.magical_stamina",
    )
    state, events = act(state, {"op": "cast", "id": "c1", "tier": 2})
    said(
        events,
        "Kira loses 2 health casting without stamina: 10 → 8.",
        "glittershard.magical_stamina",
    )
    assert c1(state)["stamina"] == 1
    state, events = act(state, {"op": "cast", "id": "c1", "tier": 3, "pay": "component"})
    assert (c1(state)["stamina"], c1(state)["health"]) == (1, 8)
    state, _ = act(state, {"op": "rest", "id": "c1", "kind": "short"})
    assert c1(state)["stamina"] == 2


# --- exhaustion -----------------------------------------------------------------------


def test_tired_fourteen_hours_after_a_long_rest() -> None:
    state = new(kira(awake=838))
    state, events = act(state, {"op": "pass_time", "minutes": 1})
    assert c1(state)["exhaustion"] == 0
    state, events = act(state, {"op": "pass_time", "minutes": 1})
    said(
        events,
        "Kira has been awake 14 hours since their last long rest and becomes Tired "
        "(exhaustion 1: stats −1).",
        "glittershard.tired",
    )
    assert c1(state)["exhaustion"] == 1


def test_exhaustion_levels_add_up() -> None:
    state = new(kira(nim=2, bwn=1, armor=14, dodge=16, speed=7, exhaustion=1))
    e = g.effective(c1(state))
    assert (e["nim"], e["bwn"], e["armor"], e["dodge"], e["speed"]) == (1, 0, 12, 14, 6)
    state, events = act(state, {"op": "exhaust", "id": "c1", "change": 1})
    said(events, "Kira's exhaustion: 1 (Tired) → 2 (Dead Tired).", "glittershard.exhaustion")
    assert g.effective(c1(state))["speed"] == 3  # (7 − 1) halved
    state, events = begin(state, 5)
    said(
        events,
        "Kira has 1 Offensive, 3 units of movement (speed 7: Tired −1, Dead Tired: halved) "
        "and 1 Trivial action this turn.",
        "glittershard.actions",
    )
    refused(state, {"op": "exhaust", "id": "c1", "change": 0}, "change")
    state, _ = act(state, {"op": "exhaust", "id": "c1", "change": 3})
    assert g.effective(c1(state))["speed"] == 0
    state, events = act(state, {"op": "exhaust", "id": "c1", "change": 1})
    said(events, "Kira dies of exhaustion (level 6, Death).", "glittershard.exhaustion")


def test_shattered_creatures_fall_asleep_unless_kept_awake() -> None:
    state = new(kira(exhaustion=3))
    refused(state, {"op": "doze", "id": "c1"}, "id")
    state = new(kira(exhaustion=4))
    state, events = begin(state, 5)
    said(
        events,
        "Kira is Shattered: they fall unconscious unless kept awake (Falls asleep).",
        "glittershard.exhaustion",
    )
    state, events = act(state, {"op": "doze", "id": "c1"})
    said(events, "Kira is Shattered and falls unconscious.", "glittershard.unconscious")
    state, events = act(state, {"op": "wake", "id": "c1"})
    said(events, "Kira is woken up.", "glittershard.unconscious")
    refused(state, {"op": "wake", "id": "c1"}, "id")


# --- hunger ---------------------------------------------------------------------------


def test_hunger_stages() -> None:
    state = new(kira(speed=6))
    state, events = act(state, {"op": "miss_meal", "id": "c1"})
    said(events, "Kira misses a meal and becomes hungry: −1 move speed.", "glittershard.hunger")
    assert g.effective(c1(state))["speed"] == 5
    state, _ = act(state, {"op": "pass_time", "minutes": 239})
    assert reading.hunger_stage(c1(state)["hungry"]) == 1
    state, events = act(state, {"op": "pass_time", "minutes": 1})
    said(events, "Kira has gone 4 hours without a meal: also −1 Bwn.", "glittershard.hunger")
    assert g.effective(c1(state))["bwn"] == -1
    state, _ = act(state, {"op": "set", "id": "c1", "field": "hungry", "value": 2879})
    state, events = act(state, {"op": "pass_time", "minutes": 1})
    said(
        events,
        "Kira has gone 48 hours without a meal: health no longer comes back after a long rest.",
        "glittershard.hunger",
    )
    state, _ = act(state, {"op": "set", "id": "c1", "field": "health", "value": 2})
    state, events = act(state, {"op": "rest", "id": "c1", "kind": "long"})
    assert c1(state)["health"] == 2
    said(
        events,
        "Kira has gone 48 hours or more without a meal: health does not come back after this "
        "long rest.",
        "glittershard.hunger",
    )
    state, events = act(state, {"op": "eat", "id": "c1"})
    assert c1(state)["hungry"] is None
    refused(state, {"op": "eat", "id": "c1"}, "id")


def test_starving_at_192_hours() -> None:
    state = new(kira(hungry=11518))
    state, _ = act(state, {"op": "pass_time", "minutes": 1})
    assert not c1(state)["dead"]
    state, events = act(state, {"op": "pass_time", "minutes": 1})
    said(events, "Kira starves to death after 192 hours without a meal.", "glittershard.hunger")


# --- the cold, burning, poison, falls -------------------------------------------------


def test_hypothermia_every_fifteen_minutes() -> None:
    state = new(kira(max_health=40, health=40, magical_health=5))
    state, events = act(state, {"op": "apply", "id": "c1", "status": "hypothermia"})
    state, _ = act(state, {"op": "pass_time", "minutes": 14, "seed": 3})
    assert c1(state)["health"] == 40 and c1(state)["statuses"]["hypothermia"] == 14
    state, events = act(state, {"op": "pass_time", "minutes": 16, "seed": 3})
    said(
        events,
        "Kira completes 2 more spans of 15 minutes in the cold: 2 × 2d6 health lost.",
        "glittershard.hypothermia",
    )
    roll = next(e for e in events if "roll" in e)
    assert roll["roll"]["expression"] == "4d6"
    assert c1(state)["health"] == 40 - roll["roll"]["total"]
    assert c1(state)["magical_health"] == 5  # health lost, not damage
    assert c1(state)["statuses"]["hypothermia"] == 0


def test_hypothermia_in_rounds_asks_for_the_roll() -> None:
    state = new(kira(hungry=None))
    state, _ = act(state, {"op": "apply", "id": "c1", "status": "frozen"})
    assert c1(state)["statuses"] == {"frozen": None, "hypothermia": 0}
    state, _ = act(state, {"op": "pass_time", "minutes": 14, "seed": 1})
    state, _ = begin(state, 5)
    for _ in range(6):
        state, events = act(state, {"op": "next"})
    pending = c1(state)["pending"]
    assert [p["label"] for p in pending] == ["Hypothermia: 2d6"]
    state, events = act(state, {"op": "resolve", "id": "c1", "result": 7})
    said(events, "Kira loses 7 health to the cold: 10 → 3.", "glittershard.hypothermia")


def test_frozen_and_bound_creatures_cannot_move() -> None:
    state = new(kira(bwn=2))
    state, events = act(state, {"op": "apply", "id": "c1", "status": "bound"})
    said(
        events,
        "Kira is bound: cannot move and gets only the Offensive action of a turn.",
        "glittershard.bound",
    )
    state, events = begin(state, 5)
    said(
        events,
        "Kira is bound: only the Offensive action this turn, no Movement or Trivial actions.",
        "glittershard.bound",
    )
    assert c1(state)["left"] == {"offensive": 1, "units": 0, "trivial": 0}
    state, events = act(state, {"op": "break_free", "id": "c1", "against": 9})
    pending = c1(state)["pending"][0]
    # 3 base + 1 (Bwn +2) − 2 for being bound.
    assert (pending["expression"], pending["target"], pending["op"]) == ("2d6", 9, ">=")
    refused(state, {"op": "break_free", "id": "c1", "against": 9}, "against")
    state, events = act(state, {"op": "resolve", "id": "c1", "result": 8})
    assert "bound" in c1(state)["statuses"]
    state, events = act(state, {"op": "next"})
    state, _ = act(state, {"op": "break_free", "id": "c1", "against": 9})
    state, events = act(state, {"op": "resolve", "id": "c1", "result": 9})  # ties to the bound
    said(events, "Kira breaks free and is no longer bound.", "glittershard.bound")
    state = new(kira())
    state, _ = act(state, {"op": "apply", "id": "c1", "status": "frozen"})
    state, events = begin(state, 5)
    said(
        events,
        "Kira is frozen and so bound: only the Offensive action this turn, no Movement or "
        "Trivial actions.",
        "glittershard.frozen",
    )
    state, _ = act(state, {"op": "act", "id": "c1", "kind": "trade_offensive"})
    refused(state, {"op": "act", "id": "c1", "kind": "movement", "move": "walking"}, "move")


def test_paralyzed_creatures_take_no_actions() -> None:
    state = new(kira())
    state, _ = act(state, {"op": "apply", "id": "c1", "status": "paralyzed"})
    state, events = begin(state, 5)
    said(
        events,
        "Kira is paralyzed: no movement and no actions this turn.",
        "glittershard.paralyzed",
    )
    refused(state, {"op": "act", "id": "c1", "kind": "trivial"}, "kind")


def test_fear_takes_the_offensive_action_of_the_next_turn() -> None:
    state = new(kira(), {"name": "Orc"})
    state, _ = begin(state, 9, 3)
    state, _ = act(state, {"op": "apply", "id": "c2", "status": "fear"})
    state, events = act(state, {"op": "next"})
    said(
        events,
        "Orc is afraid and loses the Offensive action of this turn.",
        "glittershard.fear",
    )
    assert state["creatures"]["c2"]["left"]["offensive"] == 0
    state, events = act(state, {"op": "next"})
    said(events, "Fear on Orc ends with their turn.", "glittershard.fear")
    state, _ = act(state, {"op": "next"})
    assert state["creatures"]["c2"]["left"]["offensive"] == 1
    # Frightened during its own turn: loses this turn's Offensive action.
    state, _ = act(state, {"op": "apply", "id": "c2", "status": "fear"})
    assert state["creatures"]["c2"]["left"]["offensive"] == 0
    state, events = act(state, {"op": "next"})
    said(events, "Fear on Orc ends with their turn.", "glittershard.fear")


def test_burning_at_the_start_of_each_turn() -> None:
    state = new(kira(magical_health=1))
    state, events = act(state, {"op": "apply", "id": "c1", "status": "burning"})
    said(events, "Kira is burning: takes 1d6 fire damage each turn.", "glittershard.burning")
    state, events = begin(state, 5)
    said(
        events,
        "Kira is burning: 1d6 fire damage, armor does not reduce it.",
        "glittershard.burning",
    )
    assert [p["label"] for p in c1(state)["pending"]] == ["Fire: 1d6"]
    state, events = act(state, {"op": "resolve", "id": "c1", "result": 4})
    said(
        events,
        "Kira takes 4 fire damage: magical health 1 → 0, health 10 → 7.",
        "glittershard.burning",
    )
    # With a seed the die is rolled at once.
    state, events = act(state, {"op": "next", "seed": 5})
    roll = next(e for e in events if "roll" in e)
    assert c1(state)["health"] == 7 - roll["roll"]["total"]
    state, _ = act(state, {"op": "remove_status", "id": "c1", "status": "burning"})
    state, events = act(state, {"op": "next", "seed": 5})
    assert not any("roll" in e for e in events)


def test_burning_at_the_end_of_the_turn_when_set() -> None:
    state = new(kira(), **{terms.A_BURNING: "end"})
    state, _ = act(state, {"op": "apply", "id": "c1", "status": "burning"})
    state, events = begin(state, 5)
    assert c1(state)["pending"] == []
    state, events = act(state, {"op": "next"})
    start = texts(events).index("Kira's turn ends.")
    assert texts(events)[0] == "Kira is burning: 1d6 fire damage, armor does not reduce it."
    assert start > 0 and len(c1(state)["pending"]) == 1


def test_poison() -> None:
    state = new(kira())
    refused(state, {"op": "apply", "id": "c1", "status": "poisoned", "level": 3}, "seed")
    action = {"op": "apply", "id": "c1", "status": "poisoned", "level": 3, "per_turn": 2}
    state, events = act(state, {**action, "seed": 11})
    roll = events[0]["roll"]
    dc = c1(state)["poison_dc"]
    assert roll["expression"] == "3 + 1d10" and dc == roll["total"] and 4 <= dc <= 13
    said(
        events,
        f"Kira is poisoned (level 3, 2 damage each turn): a heal check of {dc} or more "
        "removes it (assumption: Poison in the encounter tracker).",
        "glittershard.poisoned",
    )
    state, events = begin(state, 5)
    said(events, "Kira takes 2 poison damage: health 10 → 8.", "glittershard.poisoned")
    state, events = act(state, {"op": "treat_poison", "id": "c1"})
    assert c1(state)["pending"][0]["target"] == dc
    refused(state, {"op": "treat_poison", "id": "c1"}, "id")
    state, events = act(state, {"op": "resolve", "id": "c1", "result": dc - 1})
    assert "poisoned" in c1(state)["statuses"]
    state, _ = act(state, {"op": "treat_poison", "id": "c1"})
    state, events = act(state, {"op": "resolve", "id": "c1", "result": dc})
    said(events, "The poison leaves Kira.", "glittershard.poisoned")
    assert c1(state)["poison_dc"] is None and "poisoned" not in c1(state)["statuses"]


def test_charmed_and_invisible() -> None:
    state = new(kira())
    state, events = act(state, {"op": "apply", "id": "c1", "status": "invisible"})
    said(events, "Kira is invisible: cannot be seen.", "glittershard.invisible")
    state, _ = act(state, {"op": "apply", "id": "c1", "status": "charmed"})
    refused(state, {"op": "apply", "id": "c1", "status": "charmed"}, "status")
    state, events = begin(state, 5)
    said(events, "Kira is charmed: the charmer chooses their actions.", "glittershard.charmed")
    state, events = act(state, {"op": "remove_status", "id": "c1", "status": "charmed"})
    said(events, "Kira is no longer charmed.", "glittershard.charmed")
    refused(state, {"op": "remove_status", "id": "c1", "status": "charmed"}, "status")


def test_falls_deal_a_d6_per_unit() -> None:
    state = new(kira(max_health=50, health=50))
    state, events = act(state, {"op": "fall", "id": "c1", "units": 3, "seed": 2})
    said(events, "Kira falls 3 units: 3d6 damage.", "glittershard.fall")
    roll = next(e for e in events if "roll" in e)
    assert roll["roll"]["expression"] == "3d6"
    assert c1(state)["health"] == 50 - roll["roll"]["total"]
    assert events[-1]["text"].startswith(f"Kira takes {roll['roll']['total']} fall damage")


# --- the GM's corrections, the builder, the page --------------------------------------


def test_corrections_keep_the_rules() -> None:
    state = new(kira())
    refused(state, {"op": "set", "id": "c1", "field": "health", "value": 11}, "value")
    refused(state, {"op": "set", "id": "c1", "field": "max_health", "value": 9}, "value")
    state, events = act(state, {"op": "set", "id": "c1", "field": "health", "value": 0})
    assert c1(state)["unconscious"]
    state, events = act(state, {"op": "set", "id": "c1", "field": "exhaustion", "value": 6})
    assert c1(state)["dead"]


def test_a_builder_character_joins_the_encounter() -> None:
    character = builder.example()
    sheet = {v["label"]: v["value"] for v in builder.evaluate(character)["values"]}
    doc = handle({"op": "new", "system": "glittershard"})["doc"]
    answer = handle(
        {"op": "character", "system": "glittershard", "doc": doc, "character": character}
    )
    assert answer["ok"], answer
    creature = answer["doc"]["state"]["creatures"]["c1"]
    assert creature["name"] == "Mara Quickfoot"
    assert creature["max_health"] == creature["health"] == sheet["Max health"]
    assert creature["recovery"] == sheet["Magical recovery points"]
    assert creature["stamina"] == sheet["Magic stamina"]
    assert (creature["armor"], creature["dodge"], creature["speed"]) == (
        sheet["Armor value"],
        sheet["Dodge"],
        sheet["Speed"],
    )
    assert creature["nim"] == sheet["Nim"]
    bad = handle({"op": "character", "system": "glittershard", "doc": doc, "character": {}})
    assert not bad["ok"]


def test_the_page_draws_cards_and_odds() -> None:
    doc = handle({"op": "new", "system": "glittershard"})["doc"]
    for creature in g.EXAMPLES:
        doc = handle(
            {
                "op": "act",
                "system": "glittershard",
                "doc": doc,
                "action": {"op": "add", "creature": creature},
            }
        )["doc"]
    for action in (
        {"op": "apply", "id": "c1", "status": "burning"},
        {"op": "roll_initiative", "seed": 4},
        {"op": "start"},
    ):
        answer = handle({"op": "act", "system": "glittershard", "doc": doc, "action": action})
        assert answer["ok"], answer
        doc = answer["doc"]
    html = answer["html"]["cards"]
    assert "Fire: 1d6" in html and "chance 1/1 (100%)" in html
    assert "Magical health" in html and "Burning" in html
    undone = handle({"op": "undo", "system": "glittershard", "doc": doc})
    assert undone["ok"] and undone["doc"]["state"]["round"] == 0


def test_item_ranges_on_tiles() -> None:
    """L415: melee on an adjacent tile, reach across a one tile gap, ranged past its maximum
    range at a 2 die penalty; measured only where both creatures stand on tiles."""
    state = new({"name": "Kira", "x": 0, "y": 0}, {"name": "Wolf", "x": 2, "y": 1},
                {"name": "Imp"})
    base = {"op": "item_reach", "id": "c1", "target": "Wolf"}
    message = refused(state, {**base, "weapon": "melee"}, "target")
    assert "Wolf is 2 tiles from Kira; a melee weapon is used on an adjacent tile" in message
    state, events = act(state, {**base, "weapon": "reach"})
    event = said(events, "Kira uses a melee weapon with reach on Wolf, 2 tiles away: in reach.",
                 "glittershard.tracker_item_range")
    assert event["reach"]["distance"] == 2
    assert "glittershard.grid_distance" in event["assumptions"]
    state, events = act(state, {"op": "move", "id": "c2", "x": 9, "y": 0})
    assert events[0]["text"] == "Wolf moves to (9, 0) from (2, 1)."
    state, events = act(state, {**base, "weapon": "ranged", "max_range": 6})
    assert events[0]["reach"]["penalty_dice"] == 2 and not events[0]["reach"]["in_range"]
    state, events = act(state, {**base, "target": "Imp"})
    assert "not measured" in events[0]["text"] and "reach" not in events[0]


def test_an_encounter_saved_before_tiles_loads() -> None:
    state = new({"name": "Kira"})
    del state["creatures"]["c1"]["x"], state["creatures"]["c1"]["y"]
    encounter.validate(g, state)
    state, _ = act(state, {"op": "move", "id": "c1", "x": 1, "y": 2})
    assert (state["creatures"]["c1"]["x"], state["creatures"]["c1"]["y"]) == (1, 2)


def test_every_action_with_its_defaults_is_refused_or_valid() -> None:
    state = new(*g.EXAMPLES)
    state, _ = act(state, {"op": "roll_initiative", "seed": 1})
    state, _ = act(state, {"op": "start"})
    for action in g.ACTIONS:
        for target in ("c1", "c2"):
            raw = {"op": action.op, "seed": 3}
            if action.scope == "creature":
                raw["id"] = target
            try:
                state, _ = act(state, raw)
            except InputError:
                pass


# --- every rule is applied somewhere above --------------------------------------------


def test_every_rule_appears_in_an_event() -> None:
    from tests import test_tracker_glittershard_more as more

    for module in (sys.modules[__name__], more):
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if name.startswith("test_") and name != "test_every_rule_appears_in_an_event":
                function()
    seen = {e["rule"] for e in EVENTS}
    missing = [r.id for r in g.RULES if r.id not in seen]
    assert not missing, missing
