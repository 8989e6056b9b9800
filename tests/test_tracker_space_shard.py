"""Space Shard's encounter tracker: each rule it applies, exercised through the engine."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import calculators.books.space_shard.tracker as M
from calculators.books.space_shard import rules
from calculators.books.space_shard.tracker import declarations
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


def started(*creatures: dict[str, Any], settings: dict[str, Any] | None = None) -> dict:
    """An encounter of ``creatures`` begun, their initiative in the order given."""
    state = encounter.blank(M)
    for key, value in (settings or {}).items():
        state, _ = run(state, {"op": "setting", "key": key, "value": value})
    for i, creature in enumerate(creatures, start=1):
        state, _ = run(state, {"op": "add", "creature": creature})
        state, _ = run(state, {"op": "initiative", "id": f"c{i}", "value": 20 - i})
    state, _ = run(state, {"op": "start"})
    return state


def c(state: dict[str, Any], cid: str) -> dict[str, Any]:
    return state["creatures"][cid]


def now(state: dict[str, Any]) -> str:
    return state["order"][state["turn"]]


def to_turn_of(state: dict[str, Any], cid: str) -> tuple[dict[str, Any], list]:
    events: list = []
    state, step = run(state, {"op": "next"})
    events += step
    while now(state) != cid:
        state, step = run(state, {"op": "next"})
        events += step
    return state, events


def test_sources_and_settings_are_entries() -> None:
    entries = load_rules(ROOT / "rules_data").entries
    for rule in M.RULES:
        assert rule.source in entries, rule
    for field in M.SETTINGS:
        assert entries[field.name].kind == "assumption"
    kept = "space_shard.tracker_full_defense_kept"
    for assumption in (declarations.A_DURATION, declarations.A_WHOLE, kept):
        assert entries[assumption].kind == "assumption"
    assert entries["space_shard.tracker_hp_one_number"].kind == "assumption"
    assert {a.rule for a in M.ACTIONS} | {u.rule for u in M.LIMITS} <= {r.id for r in M.RULES}


def test_initiative_is_1d10_plus_initiative_for_whoever_has_not_rolled() -> None:
    state = encounter.blank(M)
    for creature in M.EXAMPLES:
        state, _ = run(state, {"op": "add", "creature": creature})
    state, _ = run(state, {"op": "initiative", "id": "c2", "value": 4})
    before = state
    state, events = run(state, {"op": "roll_initiative", "seed": 7})
    rolled = [e for e in events if e.get("roll")]
    assert len(rolled) == 1 and rolled[0]["creature"] == "c1"  # c2 had rolled
    assert rolled[0]["roll"]["expression"] == "1d10 + init"
    assert rolled[0]["roll"]["names"] == {"init": 3}
    assert 4 <= c(state, "c1")["initiative"] <= 13
    assert rolled[0]["text"].startswith("Rex's initiative (1d10 + Initiative 3, not a check)")
    again, _ = run(before, {"op": "roll_initiative", "seed": 7})
    assert c(again, "c1")["initiative"] == c(state, "c1")["initiative"]  # seeded
    refused(state, {"op": "roll_initiative", "seed": 1}, "op")


def test_highest_first_or_lowest_first_and_ties() -> None:
    state = encounter.blank(M)
    for name, value in (("A", 5), ("B", 9), ("C", 5)):
        state, _ = run(state, {"op": "add", "creature": {"name": name}})
        state, _ = run(state, {"op": "initiative", "id": f"c{len(state['order'])}", "value": value})
    first, events = run(state, {"op": "start"})
    assert first["order"] == ["c2", "c1", "c3"]
    assert said(events, "space_shard.initiative") == [
        "A and C tie at 5: the rulebook does not say who goes first; the GM may set their "
        "initiative."
    ]
    state, _ = run(state, {"op": "setting", "key": rules.A_ORDER, "value": "lowest first"})
    low, _ = run(state, {"op": "start"})
    assert low["order"] == ["c1", "c3", "c2"]
    assert said(events, "space_shard.rounds")[0] == "Round 1 begins. Turn order: B, A, C."


def test_surprise_round() -> None:
    state = started({"name": "Ambusher", "surprise": True}, {"name": "Guard"}, {"name": "Dog"})
    assert c(state, "c2")["statuses"] == {"surprised": None}
    assert "surprised" not in c(state, "c1")["statuses"]
    state, events = run(state, {"op": "act", "id": "c1", "kind": "attack"})
    message = refused(state, {"op": "act", "id": "c1", "kind": "swift"}, "kind")
    assert "Surprise Round allows one" in message
    state, _ = run(state, {"op": "act", "id": "c1", "kind": "free"})  # unlimited Free Actions
    state, events = run(state, {"op": "next"})
    assert said(events, "space_shard.surprise") == [
        "Guard is not in the Surprise Round and does not act in it."
    ]
    assert "not in the Surprise Round" in refused(
        state, {"op": "act", "id": "c2", "kind": "swift"}, "kind"
    )
    state, events = to_turn_of(state, "c1")
    assert state["round"] == 2
    assert "The Surprise Round is over: Guard is no longer Surprised." in said(
        events, "space_shard.surprise"
    )
    assert c(state, "c2")["statuses"] == {}
    state, _ = run(state, {"op": "act", "id": "c1", "kind": "attack"})
    state, _ = run(state, {"op": "act", "id": "c1", "kind": "swift"})  # a normal turn now


def test_surprise_round_one_of_each_and_charging() -> None:
    state = started(
        {"name": "Ambusher", "surprise": True},
        {"name": "Guard"},
        settings={rules.A_SURPRISE: "one of each"},
    )
    state, _ = run(state, {"op": "act", "id": "c1", "kind": "attack"})
    state, _ = run(state, {"op": "act", "id": "c1", "kind": "swift"})
    state = started({"name": "Ambusher", "surprise": True, "str": 4, "base_defense": 3})
    refused(state, {"op": "act", "id": "c1", "kind": "full-turn"}, "kind")
    state, events = run(state, {"op": "charge", "id": "c1", "distance": "2"})
    assert said(events, "space_shard.charge")


def test_actions_of_a_turn_and_downgrades() -> None:
    state = started({"name": "Rex"}, {"name": "Drone"})
    turn = state
    for kind in ("attack", "movement", "swift", "free", "free"):
        turn, events = run(turn, {"op": "act", "id": "c1", "kind": kind})
    assert said(events, "space_shard.actions") == [
        "Rex takes a Free Action (this turn: Standard Action: an attack, Movement Action, "
        "Swift Action, Free Action, Free Action)."
    ]
    message = refused(turn, {"op": "act", "id": "c1", "kind": "standard"}, "kind")
    assert "1 Standard, 1 Movement and 1 Swift Action" in message
    # The rulebook's example: the Standard Action downgraded to a second Movement Action.
    turn = state
    for kind in ("movement", "movement", "swift"):
        turn, _ = run(turn, {"op": "act", "id": "c1", "kind": kind})
    refused(turn, {"op": "act", "id": "c1", "kind": "movement"}, "kind")
    # Three Swift Actions: Standard and Movement both downgraded (any lower action).
    turn = state
    for kind in ("swift", "swift", "swift"):
        turn, _ = run(turn, {"op": "act", "id": "c1", "kind": kind})
    lower = {"op": "setting", "key": rules.A_DOWNGRADE, "value": "next lower action"}
    strict, _ = run(state, lower)
    strict, _ = run(strict, {"op": "act", "id": "c1", "kind": "swift"})
    strict, _ = run(strict, {"op": "act", "id": "c1", "kind": "swift"})
    refused(strict, {"op": "act", "id": "c1", "kind": "swift"}, "kind")
    # A Full-Turn Action is the whole turn.
    turn, _ = run(state, {"op": "act", "id": "c1", "kind": "full-turn"})
    refused(turn, {"op": "act", "id": "c1", "kind": "swift"}, "kind")
    turn, _ = run(state, {"op": "act", "id": "c1", "kind": "swift"})
    refused(turn, {"op": "act", "id": "c1", "kind": "whole-round"}, "kind")
    # Only on one's own turn; a new turn has all its actions again.
    assert "own turn" in refused(state, {"op": "act", "id": "c2", "kind": "swift"}, "kind")
    turn, _ = run(state, {"op": "act", "id": "c1", "kind": "attack"})
    turn, _ = to_turn_of(turn, "c1")
    assert c(turn, "c1")["spent"] == []


def test_full_force_once_a_round_and_its_base_defense() -> None:
    state = started({"name": "Rex", "str": 6, "base_defense": 2}, {"name": "Drone"})
    use = {"op": "use", "id": "c1", "what": "full_force"}
    state, events = run(state, use)
    assert said(events, "space_shard.full_force") == [
        "Rex's Full-Force Attack: Reinforcement Bonus 2 = STR 6 / 2 = 3, at most Base Defense 2 "
        "(+2 DP); Base Defense 2 → 0 for 1 round.",
        "Rex uses a Full-Force Attack; not again this round.",
    ]
    assert M.card(c(state, "c1"), state)["numbers"][1] == ("Base Defense", 0, "of 2")
    assert c(state, "c1")["spent"] == ["attack"]
    # The bonus is data, not only words (issue #21 item 5).
    assert events[0]["bonuses"] == [
        {"name": "Reinforcement Bonus", "value": 2, "to": "DP"},
        {"name": "Full-Force Attack", "value": -2, "to": "Base Defense"},
    ]
    message = refused(state, use, "what")
    assert "already used a Full-Force Attack this round" in message
    # Another Standard Action is refused too (the turn's Standard Action is spent).
    refused(state, {"op": "act", "id": "c1", "kind": "standard"}, "kind")
    state, events = to_turn_of(state, "c1")
    assert said(events, "space_shard.full_force") == [
        "Full-Force Attack on Rex ends at the start of their turn, after 1 round."
    ]
    assert M.card(c(state, "c1"), state)["numbers"][1] == ("Base Defense", 2, "")
    state, _ = run(state, use)  # a new round: allowed again
    # Not on another's turn.
    assert "own turn" in refused(state, {**use, "id": "c2"}, "what")


def test_full_force_rounding_and_the_round_setting() -> None:
    odd = {"name": "Rex", "str": 5, "base_defense": 5}
    state = started(odd, {"name": "Drone"})
    state, events = run(state, {"op": "use", "id": "c1", "what": "full_force"})
    assert "Reinforcement Bonus 2 = STR 5 / 2 = 2" in said(events, "space_shard.full_force")[0]
    state = started(
        odd,
        {"name": "Drone"},
        settings={
            rules.A_ROUND: "up",
            declarations.A_DURATION: "until the end of the round",
            rules.A_REINFORCE: "dp and max dmg",
        },
    )
    state, events = run(state, {"op": "use", "id": "c1", "what": "full_force"})
    text = said(events, "space_shard.full_force")[0]
    assert "Reinforcement Bonus 3 = STR 5 / 2 = 3" in text and "+3 DP and +3 Max DMG" in text
    state, events = run(state, {"op": "next"})
    assert said(events, "space_shard.full_force") == []
    state, events = run(state, {"op": "next"})  # the round ends
    assert said(events, "space_shard.full_force") == [
        "Full-Force Attack on Rex ends at the end of the round."
    ]
    assert M.card(c(state, "c1"), state)["numbers"][1] == ("Base Defense", 5, "")


def test_charge_attack() -> None:
    state = started({"name": "Rex", "str": 4, "base_defense": 3, "speed": 6}, {"name": "Drone"})
    message = refused(state, {"op": "charge", "id": "c1", "distance": "7"}, "distance")
    assert "at most 6 m" in message
    refused(state, {"op": "charge", "id": "c1", "distance": "far"}, "distance")
    state, events = run(state, {"op": "charge", "id": "c1", "distance": "5"})
    assert said(events, "space_shard.charge") == [
        "Rex charges 5 m: +3 DP Enhancement Bonus (at most STR 4 and Base Defense 3); Base "
        "Defense 3 → 0 for 1 round."
    ]
    assert c(state, "c1")["spent"] == ["full-turn"]
    refused(state, {"op": "act", "id": "c1", "kind": "swift"}, "kind")
    state, events = to_turn_of(state, "c1")
    assert said(events, "space_shard.charge") == [
        "Charge Attack on Rex ends at the start of their turn, after 1 round."
    ]


def test_guarding_until_the_next_turn() -> None:
    state = started({"name": "Rex", "brawl": 2}, {"name": "Drone"})
    state, events = run(state, {"op": "guard", "id": "c1", "with": "brawl", "shield": 2})
    assert said(events, "space_shard.guarding") == [
        "Rex guards: Guarding Bonus 4 = Brawl 2 + 2 size (Shielding: Guarding Inscription), "
        "until their next turn."
    ]
    assert ("Defense bonuses", "+4", "Guarding or Evade Bonus") in M.card(c(state, "c1"), state)[
        "numbers"
    ]
    # A second guard (the Standard Action downgraded) replaces the Guarding Bonus.
    again, _ = run(state, {"op": "guard", "id": "c1", "with": "blade"})
    assert [e["defense"] for e in c(again, "c1")["effects"]] == [0]
    refused(again, {"op": "guard", "id": "c1", "with": "blade"}, "with")  # no third
    state, events = run(state, {"op": "next"})
    assert said(events, "space_shard.guarding") == []  # lasts through others' turns
    state, events = run(state, {"op": "next"})
    assert said(events, "space_shard.guarding") == [
        "Guarding Bonus on Rex ends at the start of their turn."
    ]
    assert c(state, "c1")["effects"] == []


def test_full_defense() -> None:
    state = started({"name": "Rex", "base_defense": 3}, {"name": "Drone"})
    state, events = run(state, {"op": "full_defense", "id": "c1"})
    assert said(events, "space_shard.full_defense") == [
        "Rex takes Full Defense: Defense +3 Evade Bonus (Basic Defense 3) and +3 DP on Saving "
        "Throws against area damage, kept until their next turn; the guns and crossbows of "
        "enemies they can see lose their High Speed Inscription (L184)."
    ]
    refused(state, {"op": "full_defense", "id": "c1"}, "id")  # the Standard Action is spent
    state, events = to_turn_of(state, "c1")
    assert said(events, "space_shard.full_defense") == [
        "Evade Bonus on Rex ends at the start of their turn."
    ]


def test_aiming_up_to_five_rounds() -> None:
    state = started({"name": "Rex"})
    for n in range(1, 6):
        state, events = run(state, {"op": "aim", "id": "c1"})
        assert c(state, "c1")["aim"] == n
        refused(state, {"op": "act", "id": "c1", "kind": "swift"}, "kind")  # whole round
        state, _ = run(state, {"op": "next"})
    assert said(events, "space_shard.aiming") == [
        "Rex aims (Whole-Round Action): 5 of at most 5 rounds aimed."
    ]
    message = refused(state, {"op": "aim", "id": "c1"}, "id")
    assert "aimed 5 times" in message
    attacked, events = run(state, {"op": "act", "id": "c1", "kind": "attack"})
    assert said(events, "space_shard.aiming") == [
        "Rex attacks their aimed enemy: +5 DP Aiming Bonus and +5 Max DMG (5 rounds aimed, "
        "per round)."
    ]
    assert c(attacked, "c1")["aim"] == 0
    once, _ = run(state, {"op": "setting", "key": rules.A_AIM, "value": "once"})
    _, events = run(once, {"op": "act", "id": "c1", "kind": "attack"})
    assert "+1 DP Aiming Bonus and +1 Max DMG" in said(events, "space_shard.aiming")[0]
    moved, events = run(state, {"op": "act", "id": "c1", "kind": "movement"})
    assert c(moved, "c1")["aim"] == 0
    assert said(events, "space_shard.aiming") == [
        "Rex takes a Movement Action before attacking: the aiming benefit is lost."
    ]
    swift, _ = run(state, {"op": "act", "id": "c1", "kind": "swift"})
    assert c(swift, "c1")["aim"] == 5  # a Swift Action keeps it
    hit, events = run(state, {"op": "damage", "id": "c1", "amount": 1, "melee": True})
    assert c(hit, "c1")["aim"] == 0
    assert "is hit by a melee attack" in said(events, "space_shard.aiming")[0]
    shot, _ = run(state, {"op": "damage", "id": "c1", "amount": 1})
    assert c(shot, "c1")["aim"] == 5


def test_damage_overflow_is_noted_not_calculated() -> None:
    state = encounter.blank(M)
    state, _ = run(state, {"op": "add", "creature": {"name": "Rex", "hp": 2}})
    exact, events = run(state, {"op": "damage", "id": "c1", "amount": 2})
    assert (c(exact, "c1")["hp"], c(exact, "c1")["overflow"]) == (0, 0)
    assert said(events, "space_shard.overflow") == ["Rex takes 2 DMG: HP 2 → 0."]
    over, events = run(state, {"op": "damage", "id": "c1", "amount": 3})
    assert (c(over, "c1")["hp"], c(over, "c1")["overflow"]) == (0, 1)
    assert said(events, "space_shard.overflow") == [
        "Rex takes 3 DMG: HP 2 → 0; 1 DMG overflow noted, not calculated."
    ]
    assert ("Overflow noted", 1, "DMG not calculated") in M.card(c(over, "c1"), over)["numbers"]
    more, _ = run(over, {"op": "damage", "id": "c1", "amount": 4})
    assert (c(more, "c1")["hp"], c(more, "c1")["overflow"]) == (0, 5)
    refused(state, {"op": "add", "creature": {"name": "X", "hp": 3, "hp_max": 2}}, "hp")


def test_prone_and_getting_up() -> None:
    state = started({"name": "Rex"}, {"name": "Drone"})
    state, events = run(state, {"op": "prone", "id": "c1"})
    assert said(events, "space_shard.prone") == ["Rex drops prone (a Reflex Action): Prone."]
    refused(state, {"op": "prone", "id": "c1"}, "id")
    for kind in ("attack", "movement", "swift"):
        state, _ = run(state, {"op": "act", "id": "c1", "kind": kind})
    refused(state, {"op": "get_up", "id": "c1"}, "id")  # no Movement Action left
    state, _ = to_turn_of(state, "c1")
    state, events = run(state, {"op": "get_up", "id": "c1"})
    assert said(events, "space_shard.prone") == ["Rex gets up (a Movement Action)."]
    assert c(state, "c1")["statuses"] == {} and c(state, "c1")["spent"] == ["movement"]
    refused(state, {"op": "get_up", "id": "c1"}, "id")


def test_stagger_lasts_one_round() -> None:
    state = started({"name": "Rex"}, {"name": "Drone"})
    state, events = run(state, {"op": "stagger", "id": "c2", "points": 2})
    assert c(state, "c2")["statuses"] == {"prone": None, "stagger": 2}
    assert said(events, "space_shard.stagger") == [
        "Drone is tripped and falls prone, with 2 Stagger points for 1 round."
    ]
    state, events = run(state, {"op": "next"})
    assert said(events, "space_shard.stagger") == []
    state, events = to_turn_of(state, "c2")
    assert said(events, "space_shard.stagger") == [
        "Stagger 2 on Drone ends at the start of their turn, after 1 round."
    ]
    assert c(state, "c2")["statuses"] == {"prone": None}


def test_stored_creatures_are_checked() -> None:
    state = started({"name": "Rex"})
    for key, bad in (("aim", 6), ("spent", ["dance"]), ("effects", [{"name": "x"}])):
        broken = {**state, "creatures": {"c1": {**c(state, "c1"), key: bad}}}
        with pytest.raises(InputError):
            encounter.validate(M, broken)


def test_every_rule_is_applied_by_an_event() -> None:
    from tests import test_tracker_space_shard_gear as gear

    tests = [*globals().items(), *vars(gear).items()]
    for name, function in tests:
        if name.startswith("test_") and name != "test_every_rule_is_applied_by_an_event":
            function()
    applied = {e["rule"] for e in EVENTS}
    missing = {r.id for r in M.RULES} - applied
    assert not missing
