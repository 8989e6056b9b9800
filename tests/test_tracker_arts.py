"""Attributes & Arts' encounter tracker: every rule it applies, through the engine.

Each test drives :func:`calculators.tracker.encounter.act` and checks the exact numbers
of the state and the text and rule of the events. Every event is collected: the last
test checks that every rule of ``RULES`` produced one.
"""

from __future__ import annotations

from typing import Any

import pytest

import calculators.books.arts.tracker as a
from calculators import data
from calculators.books.arts import builder as builder
from calculators.books.arts.tracker import creature as numbers
from calculators.books.arts.tracker import declarations
from calculators.errors import InputError
from calculators.tracker import encounter, handle

SEEN: list[dict[str, Any]] = []


def act(state: dict[str, Any], **action: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """One action; the new state is checked as storage would check it."""
    state, events = encounter.act(a, state, action)
    encounter.validate(a, state)
    SEEN.extend(events)
    return state, events


def texts(events: list[dict[str, Any]]) -> list[str]:
    return [e["text"] for e in events]


def rules_of(events: list[dict[str, Any]]) -> set[str]:
    return {e["rule"] for e in events}


def refused(state: dict[str, Any], where: str, **action: Any) -> str:
    """The action is refused with an InputError on the field ``where``; its message."""
    with pytest.raises(InputError) as error:
        encounter.act(a, state, action)
    assert error.value.field == where, error.value
    return error.value.message


def fresh(*creatures: dict[str, Any]) -> dict[str, Any]:
    state = encounter.blank(a)
    for creature in creatures:
        state, _ = act(state, op="add", creature=creature)
    return state


def started(*creatures: dict[str, Any], normal: bool = True) -> dict[str, Any]:
    """An encounter of creatures with the given initiatives, started; past Round Zero."""
    state = fresh(*creatures)
    state, _ = act(state, op="start")
    if normal:
        for _ in creatures:
            state, _ = act(state, op="next")
        assert state["round"] == 2
    return state


def c(state: dict[str, Any], cid: str = "c1") -> dict[str, Any]:
    return state["creatures"][cid]


KIRA = {"name": "Kira", "ref": 2, "fatigue_tolerance": 10, "stress_tolerance": 10}
OGRE = {"name": "Ogre", "ref": 0, "fatigue_tolerance": 12, "stress_tolerance": 9}


def duel() -> dict[str, Any]:
    state = fresh(KIRA, OGRE)
    state, _ = act(state, op="initiative", id="c1", value=12)
    state, _ = act(state, op="initiative", id="c2", value=8)
    state, _ = act(state, op="start")
    state, _ = act(state, op="next")
    state, _ = act(state, op="next")
    assert state["round"] == 2 and encounter.current_id(state) == "c1"
    return state


# --- the declarations ----------------------------------------------------------------


def test_every_rule_source_is_an_entry_of_the_rules_data() -> None:
    entries = data.system_data("arts")
    for rule in a.RULES:
        assert rule.source in entries, rule
    for field in a.SETTINGS:
        assert entries[field.name]["kind"] == "assumption"
    for name in dir(a):
        if name.startswith("A_"):
            assert entries[getattr(a, name)]["kind"] == "assumption", name
    ids = {r.id for r in a.RULES}
    assert a.INITIATIVE_RULE in ids and a.ORDER_RULE in ids
    assert {act.rule for act in a.ACTIONS} <= ids
    assert {limit.rule for limit in a.LIMITS} <= ids


def test_the_statuses_come_from_the_rules_data() -> None:
    assert declarations.NEGATIVE == (
        "immobilized",
        "slowed",
        "bleed",
        "dazed",
        "burning",
        "blinded",
        "disoriented",
        "stunned",
    )
    assert declarations.PARAMETER == {"slowed", "bleed", "dazed", "blinded", "mark"}


def test_examples_join_and_the_settings_default_from_the_assumption() -> None:
    state = fresh(*a.EXAMPLES)
    assert state["settings"] == {declarations.A_BLEED: False}
    assert [c(state, k)["name"] for k in state["order"]] == ["Kira", "Ogre"]


# --- initiative, rounds, Round Zero, Delay ---------------------------------------------


def test_initiative_is_a_ref_roll_and_orders_highest_first() -> None:
    state = fresh(KIRA, OGRE)
    state, events = act(state, op="roll_initiative", seed=7)
    rolls = [e for e in events if "roll" in e]
    assert [r["roll"]["expression"] for r in rolls] == ["2d6 + ref", "2d6 + ref"]
    assert rolls[0]["roll"]["names"] == {"ref": 2}
    assert rolls[0]["rule"] == "arts.initiative"
    assert "REF roll: 2d6 + REF +2" in rolls[0]["text"]
    assert c(state)["initiative"] == rolls[0]["roll"]["total"]
    refused(state, "op", op="roll_initiative", seed=1)  # everyone has one
    state, events = act(state, op="start")
    first = max(state["order"], key=lambda k: (c(state, k)["initiative"], c(state, k)["ref"]))
    assert state["order"][0] == first
    assert events[0]["rule"] == "arts.rounds"


def test_hastened_gives_the_initiative_roll_a_boon() -> None:
    state = fresh(KIRA)
    state, events = act(state, op="buff", id="c1", buff="hastened")
    assert "arts.hastened" in rules_of(events)
    assert "Speed is 6 (+2)" in texts(events)[-1]
    state, events = act(state, op="roll_initiative", seed=3)
    assert events[0]["roll"]["expression"] == "3d6dl1 + ref"
    assert "3d6, drop the lowest (1 net Boon)" in events[0]["text"]


def test_initiative_ties_go_to_ref_then_the_tie_break() -> None:
    state = fresh({**KIRA, "ref": 1}, {**OGRE, "ref": 3}, {**OGRE, "name": "Imp", "ref": 3})
    for cid in ("c1", "c2", "c3"):
        state, _ = act(state, op="initiative", id=cid, value=10)
    state, events = act(state, op="start")
    assert state["order"][2] == "c1"  # lower REF
    assert "Ogre and Imp tie on Initiative and REF: the GM sets the tie-break." in texts(events)
    state, _ = act(state, op="set", id="c3", field="tiebreak", value=1)
    assert state["order"][:2] == ["c3", "c2"]


def test_round_one_is_round_zero_with_no_actions() -> None:
    state = fresh(KIRA)
    state, _ = act(state, op="initiative", id="c1", value=9)
    state, events = act(state, op="start")
    zero = [e for e in events if e["rule"] == "arts.round_zero"]
    assert zero and zero[0]["text"].startswith("Round 1 is Round Zero")
    assert "takes no actions in Round Zero" in refused(state, "targets_enemy", op="act", id="c1")
    state, events = act(state, op="move", id="c1")  # positioning
    state, events = act(state, op="stance", id="c1", name="Brace")
    assert c(state)["stance"] == "Brace"
    state, events = act(state, op="next")
    assert "Round 2 is the first normal round: Move, Act, Stance." in texts(events)
    state, _ = act(state, op="act", id="c1")


def test_a_creature_joining_mid_fight_rolls_initiative_and_takes_its_place() -> None:
    state = duel()
    state, _ = act(state, op="add", creature={"name": "Imp", "ref": 1})
    assert state["order"][-1] == "c3" and c(state, "c3")["initiative"] is None
    state, events = act(state, op="roll_initiative", seed=11)
    assert len([e for e in events if "roll" in e]) == 1
    assert encounter.current_id(state) == "c1"


def test_delay_moves_the_turn_for_the_rest_of_the_combat_once_a_round() -> None:
    bob = {"name": "Bob", "ref": 0}
    alice = {"name": "Alice", "ref": 0}
    carl = {"name": "Carl", "ref": 0}
    state = fresh(bob, alice, carl)
    for cid, value in (("c1", 15), ("c2", 12), ("c3", 5)):
        state, _ = act(state, op="initiative", id=cid, value=value)
    state, _ = act(state, op="start")
    for _ in range(3):
        state, _ = act(state, op="next")
    assert state["round"] == 2 and encounter.current_id(state) == "c1"
    state, events = act(state, op="delay", id="c1", after="alice")
    assert events[0]["rule"] == "arts.delay"
    assert events[0]["text"].startswith("Bob delays until after Alice")
    assert state["order"] == ["c2", "c1", "c3"]
    assert encounter.current_id(state) == "c2"
    # Alice delays until after Bob; Bob must then act: he cannot delay again.
    state, _ = act(state, op="delay", id="c2", after="Bob")
    assert state["order"] == ["c1", "c2", "c3"] and encounter.current_id(state) == "c1"
    assert "already delayed this round" in refused(
        state, "after", op="delay", id="c1", after="Carl"
    )
    state, events = act(state, op="next")
    assert encounter.current_id(state) == "c2"
    # the order stays for the rest of the combat, and a new round allows a new Delay
    state, _ = act(state, op="next")
    state, _ = act(state, op="next")
    assert state["round"] == 3 and state["order"] == ["c1", "c2", "c3"]
    # a re-sort (someone joins) keeps the delayed places
    state, _ = act(state, op="add", creature={"name": "Dee", "ref": 0})
    state, _ = act(state, op="initiative", id="c4", value=13)
    assert state["order"] == ["c4", "c1", "c2", "c3"]  # 13 before the places at 12
    state, _ = act(state, op="delay", id="c1", after="c3")
    assert state["order"][-1] == "c1"


def test_delay_is_refused_out_of_turn_backwards_or_after_acting() -> None:
    state = duel()
    refused(state, "after", op="delay", id="c2", after="Kira")
    refused(state, "after", op="delay", id="c1", after="Nobody")
    refused(state, "after", op="delay", id="c1", after="Kira")
    state, _ = act(state, op="move", id="c1")
    assert "begun their turn" in refused(state, "after", op="delay", id="c1", after="Ogre")
    state, _ = act(state, op="next")
    assert "already had their turn" in refused(state, "after", op="delay", id="c2", after="Kira")


def test_delay_does_not_repeat_start_of_turn_effects() -> None:
    state = duel()
    state, _ = act(state, op="status", id="c1", status="bleed", amount=2)
    state, _ = act(state, op="next")
    state, _ = act(state, op="next")  # Kira's turn: the Bleed roll
    assert len(c(state)["pending"]) == 1
    state, events = act(state, op="delay", id="c1", after="Ogre")
    state, events = act(state, op="next")
    assert encounter.current_id(state) == "c1"
    assert "Kira's start-of-turn effects were applied before the Delay." in texts(events)
    assert len(c(state)["pending"]) == 1


# --- the action economy ----------------------------------------------------------------


def test_a_turn_is_move_act_stance_in_that_order() -> None:
    state = duel()
    refused(state, "id", op="move", id="c2")  # not Ogre's turn
    state, events = act(state, op="move", id="c1")
    assert texts(events) == ["Kira moves (Speed 4)."]
    assert "already moved" in refused(state, "id", op="move", id="c1")
    state, events = act(state, op="act", id="c1")
    assert events[0]["rule"] == "arts.action_economy"
    assert "cannot move again" in refused(state, "id", op="move", id="c1")
    assert "already acted" in refused(state, "targets_enemy", op="act", id="c1")
    state, _ = act(state, op="stance", id="c1", name="Dodge")
    refused(state, "targets_enemy", op="act", id="c1")
    refused(state, "name", op="stance", id="c1", name="Brace")
    assert c(state)["steps"] == ["move", "act", "stance"]
    state, _ = act(state, op="next")
    assert c(state)["steps"] == [] and c(state)["stance"] == "Dodge"


def test_an_action_that_allows_it_lets_them_move_afterwards() -> None:
    state = duel()
    state, _ = act(state, op="move", id="c1")
    state, events = act(state, op="act", id="c1", moves_after=True)
    assert "Their action lets them move afterwards." in texts(events)[0]
    state, _ = act(state, op="move", id="c1")
    refused(state, "id", op="move", id="c1")


def test_stunned_moves_or_acts_and_ends_at_the_end_of_the_turn() -> None:
    state = duel()
    state, events = act(state, op="status", id="c2", status="stunned")
    state, _ = act(state, op="next")
    state, events = act(state, op="next")
    state, _ = act(state, op="next")  # Ogre's turn again
    state = duel()
    state, _ = act(state, op="status", id="c1", status="stunned")
    state, _ = act(state, op="move", id="c1")
    assert "Stunned and has moved" in refused(state, "targets_enemy", op="act", id="c1")
    state, events = act(state, op="next")
    assert "Stunned ends at the end of Kira's turn." in texts(events)
    assert "stunned" not in c(state)["statuses"]
    state = duel()
    state, _ = act(state, op="status", id="c2", status="stunned")
    state, events = act(state, op="next")
    assert "Ogre is Stunned: Move or Act this turn, not both." in texts(events)
    state, _ = act(state, op="act", id="c2", moves_after=True)
    assert "Stunned and has acted" in refused(state, "id", op="move", id="c2")


def test_slowed_takes_no_stances_and_loses_speed() -> None:
    state = duel()
    state, _ = act(state, op="status", id="c1", status="slowed", amount=1)
    assert numbers.speed(c(state)) == 2
    assert "Slowed and cannot take stances" in refused(
        state, "name", op="stance", id="c1", name="Brace"
    )
    assert ("Speed", 2, "base 4") in a.card(c(state), state)["numbers"]
    state, events = act(state, op="move", id="c1")
    assert texts(events) == ["Kira moves (Speed 2)."]


def test_immobilized_cannot_move() -> None:
    state = duel()
    state, _ = act(state, op="status", id="c1", status="immobilized")
    assert "Immobilized and cannot move" in refused(state, "id", op="move", id="c1")
    state, events = act(state, op="status", id="c2", status="immobilized")
    assert texts(events)[-1] == (
        "Immobilized: Ogre cannot move except by teleportation or by another effect."
    )
    assert events[-1]["rule"] == "arts.immobilized"


def test_hidden_ends_when_it_targets_an_enemy() -> None:
    state = duel()
    state, events = act(state, op="status", id="c1", status="hidden")
    assert texts(events) == ["Kira is now Hidden."] and events[0]["rule"] == "arts.hidden"
    state, events = act(state, op="act", id="c1", targets_enemy=False)
    assert "hidden" in c(state)["statuses"]
    state = duel()
    state, _ = act(state, op="status", id="c1", status="hidden")
    state, events = act(state, op="act", id="c1", targets_enemy=True)
    assert texts(events)[-1] == "Kira targets an enemy: Hidden ends."
    assert "hidden" not in c(state)["statuses"]


# --- Fatigue, Stress and Incapacity ------------------------------------------------------


def test_fatigue_calls_for_a_roll_against_the_tolerance_with_exact_target() -> None:
    state = fresh({**KIRA, "fatigue": 2})
    state, events = act(state, op="harm", id="c1", kind="fatigue", amount=1)
    assert texts(events)[0] == "Kira takes 1 Fatigue: Fatigue 2 → 3."
    assert events[0]["rule"] == "arts.fatigue_stress"
    check = c(state)["pending"][0]
    assert check["expression"] == "2d6 + load" and check["names"] == {"load": 3}
    assert (check["op"], check["target"]) == ("<=", 10)
    assert check["rule"] == "arts.incapacity"
    html = handle({"op": "load", "system": "arts", "doc": doc_of(state)})["html"]["cards"]
    assert "chance 7/12 (58.3%)" in html  # 2d6 + 3 <= 10: 2d6 <= 7


def doc_of(state: dict[str, Any]) -> dict[str, Any]:
    return {"state": state, "log": [], "undo": [], "redo": []}


@pytest.mark.parametrize(("total", "incapacitated"), [(10, False), (11, True)])
def test_the_roll_must_exceed_the_tolerance_not_tie(total: int, incapacitated: bool) -> None:
    state = fresh({**KIRA, "fatigue": 3})
    state, _ = act(state, op="harm", id="c1", kind="fatigue")
    state, events = act(state, op="resolve", id="c1", result=total)
    assert (c(state)["incapacitated"] == ["fatigue"]) is incapacitated
    if incapacitated:
        assert texts(events)[-2:] == [
            "Kira is Incapacitated (Fatigue) and cannot move, act, or take stances.",
            "Kira upon becoming Incapacitated: Fatigue Tolerance 10 → 9, Fatigue 4 → 3.",
        ]
        assert (c(state)["fatigue_lost"], c(state)["fatigue"]) == (1, 3)
        assert events[-1]["rule"] == "arts.incapacity_decline"
    else:
        assert (c(state)["fatigue_lost"], c(state)["fatigue"]) == (0, 4)


def test_the_roll_is_rolled_with_the_seed_and_logged() -> None:
    state = fresh(KIRA)
    state, _ = act(state, op="harm", id="c1", kind="stress", amount=2)
    state, events = act(state, op="resolve", id="c1", seed=5)
    roll = events[0]["roll"]
    assert roll["expression"] == "2d6 + load" and roll["names"] == {"load": 2}
    assert roll["seed"] == 5
    again, _ = encounter.act(
        a,
        encounter.act(a, fresh(KIRA), {"op": "harm", "id": "c1", "kind": "stress", "amount": 2})[0],
        {"op": "resolve", "id": "c1", "seed": 5},
    )
    assert again == state


def test_incapacitated_cannot_move_act_or_take_stances_and_loses_each_turn() -> None:
    state = duel()
    state, _ = act(state, op="harm", id="c1", kind="fatigue", amount=3)
    state, _ = act(state, op="resolve", id="c1", result=13)
    assert c(state)["incapacitated"] == ["fatigue"]
    assert (c(state)["fatigue"], numbers.tolerance(c(state), "fatigue")) == (2, 9)
    for op in ("move", "act", "stance"):
        with pytest.raises(InputError, match="Incapacitated"):
            encounter.act(a, state, {"op": op, "id": "c1", "name": "Brace"})
    state, events = act(state, op="next")
    assert (
        "Kira is Incapacitated at the end of their turn: Fatigue Tolerance 9 → 8, Fatigue 2 → 1."
        in texts(events)
    )
    state, events = act(state, op="next")
    assert "Kira is Incapacitated (Fatigue) and cannot move, act, or take stances." in texts(events)
    state, events = act(state, op="next")
    assert texts(events)[:2] == [
        "Kira is Incapacitated at the end of their turn: Fatigue Tolerance 8 → 7, Fatigue 1 → 0.",
        "Kira is no longer Incapacitated (Fatigue): their Fatigue is reduced to zero.",
    ]
    assert events[1]["rule"] == "arts.incapacity_end"
    assert c(state)["incapacitated"] == [] and c(state)["fatigue_lost"] == 3


def test_a_load_already_incapacitating_calls_for_no_roll_but_the_other_does() -> None:
    state = fresh({**KIRA, "fatigue": 5})
    state, _ = act(state, op="harm", id="c1", kind="fatigue")
    state, _ = act(state, op="resolve", id="c1", result=12)
    state, events = act(state, op="harm", id="c1", kind="fatigue")
    assert texts(events)[-1] == "Kira is already Incapacitated (Fatigue): no roll."
    assert c(state)["pending"] == []
    state, _ = act(state, op="harm", id="c1", kind="stress")
    state, _ = act(state, op="resolve", id="c1", result=11)
    assert c(state)["incapacitated"] == ["fatigue"]  # Stress 1 -> 0 ends it at once
    assert c(state)["stress_lost"] == 1


@pytest.mark.parametrize(("lost", "dies"), [(8, False), (9, True)])
def test_death_when_a_tolerance_reaches_zero(lost: int, dies: bool) -> None:
    state = fresh({**KIRA, "stress": 4, "stress_lost": lost})
    state, _ = act(state, op="harm", id="c1", kind="stress")
    state, events = act(state, op="resolve", id="c1", result=99)
    assert c(state)["dead"] is dies
    if dies:
        assert "Kira dies: their Stress Tolerance has reached 0." in texts(events)
        assert events[-1]["rule"] == "arts.death" or "arts.death" in rules_of(events)
        assert c(state)["incapacitated"] == [] and c(state)["pending"] == []
        refused(state, "amount", op="harm", id="c1", kind="stress")
    else:
        assert numbers.tolerance(c(state), "stress") == 1


def test_death_at_the_end_of_an_incapacitated_turn_and_by_a_correction() -> None:
    state = duel()
    state, _ = act(state, op="set", id="c1", field="fatigue_lost", value=8)
    state, _ = act(state, op="harm", id="c1", kind="fatigue", amount=4)
    state, _ = act(state, op="resolve", id="c1", result=12)
    assert numbers.tolerance(c(state), "fatigue") == 1 and not c(state)["dead"]
    state, events = act(state, op="next")
    assert "Kira dies: their Fatigue Tolerance has reached 0." in texts(events)
    state, events = act(state, op="next")
    assert "Kira is dead." in texts(events)
    state = fresh(KIRA)
    state, events = act(state, op="set", id="c1", field="stress_lost", value=10)
    assert c(state)["dead"]
    refused(state, "value", op="set", id="c1", field="stress_lost", value=11)


def test_resilience_success_takes_one_point_and_skips_the_roll() -> None:
    state = fresh(KIRA)
    state, events = act(state, op="harm", id="c1", amount=2, defense="resilience_success")
    assert c(state)["fatigue"] == 1 and c(state)["pending"] == []
    assert texts(events)[0] == "Resilience succeeded: Kira takes no more than one point of 2."
    assert events[-1]["rule"] == "arts.resilience"


def test_resilience_failure_delays_the_roll_to_the_end_of_the_next_turn() -> None:
    state = duel()
    state, _ = act(state, op="next")  # Ogre's turn
    state, events = act(state, op="harm", id="c1", defense="resilience_failure")
    assert c(state)["pending"] == [] and c(state)["delayed"] == [{"kind": "fatigue", "skip": False}]
    state, events = act(state, op="next")  # Kira's turn begins
    assert c(state)["pending"] == []
    state, events = act(state, op="next")  # the end of Kira's next turn
    assert c(state)["pending"][0]["label"].startswith("Delayed roll (Resilience)")
    assert c(state)["delayed"] == []


def test_resilience_failure_during_their_own_turn_waits_for_the_next_one() -> None:
    state = duel()
    state, _ = act(state, op="harm", id="c1", defense="resilience_failure")
    assert c(state)["delayed"] == [{"kind": "fatigue", "skip": True}]
    state, _ = act(state, op="next")
    assert c(state)["pending"] == [] and c(state)["delayed"][0]["skip"] is False
    state, _ = act(state, op="next")
    state, _ = act(state, op="next")
    assert len(c(state)["pending"]) == 1


def test_resilience_failure_against_a_critical_rolls_at_once() -> None:
    state = fresh(KIRA)
    state, events = act(state, op="harm", id="c1", defense="resilience_failure_critical")
    assert "Resilience failed against a Critical: the roll is not delayed." in texts(events)
    assert len(c(state)["pending"]) == 1 and c(state)["delayed"] == []


def test_adrenaline_is_once_per_round() -> None:
    state = duel()
    state, events = act(state, op="harm", id="c1", kind="stress", adrenaline=True)
    assert c(state)["fatigue"] == 1 and c(state)["stress"] == 0
    assert events[0]["rule"] == "arts.adrenaline"
    assert "already used Adrenaline" in refused(
        state, "adrenaline", op="harm", id="c1", kind="stress", adrenaline=True
    )
    refused(state, "what", op="use", id="c1", what="adrenaline")
    refused(state, "adrenaline", op="harm", id="c2", kind="fatigue", adrenaline=True)
    state, _ = act(state, op="next")
    state, _ = act(state, op="next")  # a new round
    state, _ = act(state, op="harm", id="c1", kind="stress", adrenaline=True)
    assert c(state)["fatigue"] == 2


# --- statuses ----------------------------------------------------------------------------


def test_statuses_stack_and_count_down_at_the_end_of_the_turn() -> None:
    state = duel()
    state, events = act(state, op="status", id="c1", status="slowed", amount=1)
    assert texts(events) == [
        "Kira gains Slowed 1.",
        "Slowed: Kira's Speed is 2 (−2) and they cannot take stances.",
    ]
    assert events[1]["rule"] == "arts.slowed"
    state, events = act(state, op="status", id="c1", status="slowed", amount=2)
    assert texts(events)[0] == "Kira gains +2 Slowed: Slowed 1 → 3."
    assert events[0]["rule"] == "arts.stacking"
    state, events = act(state, op="status", id="c1", status="dazed", amount=1)
    state, events = act(state, op="next")
    assert texts(events)[:2] == [
        "Slowed 3 → 2 at the end of Kira's turn.",
        "Dazed 1 → 0 at the end of Kira's turn: it ends.",
    ]
    assert c(state)["statuses"] == {"slowed": 2}
    state, _ = act(state, op="next")  # Ogre's turn end: Kira's statuses do not move
    assert c(state)["statuses"] == {"slowed": 2}


def test_statuses_without_parameter_do_not_count_down_or_stack() -> None:
    state = duel()
    state, _ = act(state, op="status", id="c1", status="immobilized")
    state, events = act(state, op="status", id="c1", status="immobilized")
    assert texts(events) == ["Kira is already Immobilized."]
    state, _ = act(state, op="act", id="c1")
    state, _ = act(state, op="next")
    assert c(state)["statuses"] == {"immobilized": None}
    state, events = act(state, op="end_status", id="c1", status="immobilized")
    assert texts(events) == ["Immobilized on Kira ends."]
    refused(state, "status", op="end_status", id="c1", status="immobilized")


def test_end_of_turn_order_burning_then_incapacity_then_countdown() -> None:
    state = duel()
    state, _ = act(state, op="harm", id="c1", kind="fatigue", amount=3)
    state, _ = act(state, op="resolve", id="c1", result=12)  # Fatigue 3 -> 2, Tolerance 9
    state, _ = act(state, op="status", id="c1", status="burning")
    state, _ = act(state, op="status", id="c1", status="bleed", amount=1)
    state, events = act(state, op="next")
    mine = [e["text"] for e in events if e["creature"] == "c1"]
    assert mine == [
        "Kira is Burning at the end of their turn: 1 Fatigue: Fatigue 2 → 3.",
        "Kira is already Incapacitated (Fatigue): no roll.",
        "Kira is Incapacitated at the end of their turn: Fatigue Tolerance 9 → 8, Fatigue 3 → 2.",
        "Bleed 1 → 0 at the end of Kira's turn: it ends.",
        "Kira's turn ends.",
    ]
    assert events[0]["rule"] == "arts.burning"


def test_burning_deals_fatigue_and_ends_by_forgoing_the_move_or_recover() -> None:
    state = duel()
    state, _ = act(state, op="status", id="c1", status="burning")
    state, events = act(state, op="next")
    assert c(state)["fatigue"] == 1 and len(c(state)["pending"]) == 1
    assert c(state)["pending"][0]["rule"] == "arts.burning"
    state, _ = act(state, op="resolve", id="c1", result=2)
    state, _ = act(state, op="next")  # Kira's turn
    state, events = act(state, op="forgo_move", id="c1")
    assert texts(events) == ["Kira forgoes their Move: Burning ends."]
    refused(state, "id", op="move", id="c1")
    state, _ = act(state, op="act", id="c1")
    refused(state, "id", op="forgo_move", id="c1")  # no longer Burning
    state = duel()
    state, _ = act(state, op="status", id="c1", status="burning")
    state, _ = act(state, op="move", id="c1")
    assert "not yet begun" in refused(state, "id", op="forgo_move", id="c1")
    state, events = act(state, op="recover", id="c1", how="stress")
    assert texts(events)[-1] == "Kira took the Recover action: Burning ends."
    assert "burning" not in c(state)["statuses"]


def test_bleed_rolls_at_the_start_of_the_turn() -> None:
    state = duel()
    state, _ = act(state, op="set", id="c1", field="fatigue", value=4)
    state, _ = act(state, op="status", id="c1", status="bleed", amount=2)
    state, _ = act(state, op="next")
    state, events = act(state, op="next")
    bleed = [e for e in events if e["rule"] == "arts.bleed"]
    assert bleed[0]["text"] == (
        "Kira Bleeds (1): at the start of their turn they roll 2d6 + 4 Fatigue against "
        "Fatigue Tolerance 10; a failure incapacitates."
    )
    check = c(state)["pending"][0]
    assert (check["names"], check["target"], check["rule"]) == ({"load": 4}, 10, "arts.bleed")
    assert c(state)["fatigue"] == 4  # no Fatigue added by default
    state, events = act(state, op="resolve", id="c1", result=11)
    assert c(state)["incapacitated"] == ["fatigue"]


def test_bleed_adds_fatigue_when_the_gm_reads_it_so() -> None:
    state = duel()
    state, events = act(state, op="setting", key=declarations.A_BLEED, value=True)
    assert events[0]["rule"] == declarations.A_BLEED
    state, _ = act(state, op="status", id="c1", status="bleed", amount=2)
    state, _ = act(state, op="next")
    state, events = act(state, op="next")
    assert c(state)["fatigue"] == 1 and c(state)["pending"][0]["names"] == {"load": 1}


def test_disoriented_steps_and_ends_on_a_seven() -> None:
    state = duel()
    state, _ = act(state, op="status", id="c1", status="disoriented")
    seen = set()
    for seed in range(40):
        after, events = encounter.act(a, state, {"op": "disoriented", "id": "c1", "seed": seed})
        SEEN.extend(events)
        total = events[0]["roll"]["total"]
        seen.add(total == 7)
        if total == 7:
            assert "disoriented" not in c(after)["statuses"]
            assert texts(events)[-1] == "Kira steps as intended: Disoriented ends."
        else:
            way = "clockwise" if total > 7 else "counterclockwise"
            assert f"the square {abs(total - 7)} {way} from the intended one" in texts(events)[-1]
            assert "disoriented" in c(after)["statuses"]
    assert seen == {True, False}
    refused(state, "seed", op="disoriented", id="c1")
    refused(state, "id", op="disoriented", id="c2")


# --- Buffs ---------------------------------------------------------------------------------


def test_one_buff_at_a_time_replaced_or_declined() -> None:
    state = fresh(KIRA)
    state, _ = act(state, op="buff", id="c1", buff="hastened")
    state, events = act(state, op="buff", id="c1", buff="spirit_armor")
    assert texts(events) == [
        "Kira already benefits from Hastened (Accelerate) and declines Spirit Armor: one Buff "
        "at a time."
    ]
    assert c(state)["buff"] == "hastened"
    state, events = act(state, op="buff", id="c1", buff="spirit_armor", replace=True)
    assert c(state)["buff"] == "spirit_armor"
    assert texts(events)[0].startswith("Kira ends Hastened (Accelerate) to take Spirit Armor")
    refused(state, "buff", op="buff", id="c1", buff="spirit_armor")
    state, _ = act(state, op="end_buff", id="c1")
    refused(state, "id", op="end_buff", id="c1")


def test_spirit_armor_rerolls_a_failed_roll_then_ends() -> None:
    state = fresh({**KIRA, "fatigue": 3})
    state, _ = act(state, op="buff", id="c1", buff="spirit_armor")
    state, _ = act(state, op="harm", id="c1")
    state, events = act(state, op="resolve", id="c1", result=11)
    assert c(state)["incapacitated"] == [] and c(state)["buff"] is None
    assert texts(events)[-1] == "Kira's Spirit Armor: the failed roll is rerolled; the Buff ends."
    assert c(state)["pending"][0]["label"].startswith("Spirit Armor reroll")
    state, _ = act(state, op="resolve", id="c1", result=11)
    assert c(state)["incapacitated"] == ["fatigue"]


def test_selective_ward_blocks_new_stacks_and_lets_old_ones_count_down() -> None:
    state = duel()
    state, _ = act(state, op="status", id="c1", status="slowed", amount=2)
    state, events = act(state, op="buff", id="c1", buff="ward_slowed")
    assert "stays and counts down as normal" in texts(events)[-1]
    state, events = act(state, op="status", id="c1", status="slowed", amount=3)
    assert events[0]["rule"] == "arts.selective_ward" and c(state)["statuses"] == {"slowed": 2}
    state, _ = act(state, op="next")
    assert c(state)["statuses"] == {"slowed": 1}


# --- the ways back -------------------------------------------------------------------------


def test_recover_is_the_act_and_reduces_by_one_or_with_enhanced_recovery() -> None:
    state = duel()
    state, _ = act(state, op="set", id="c1", field="fatigue", value=3)
    state, _ = act(state, op="set", id="c1", field="stress", value=3)
    state, events = act(state, op="recover", id="c1", how="fatigue")
    assert texts(events) == ["Kira takes the Recover action: Fatigue 3 → 2."]
    assert events[0]["rule"] == "arts.recover"
    assert "already acted" in refused(state, "how", op="recover", id="c1", how="stress")
    refused(state, "how", op="recover", id="c2", how="stress")
    state = duel()
    state, _ = act(state, op="set", id="c1", field="stress", value=3)
    state, events = act(state, op="recover", id="c1", how="stress2")
    assert c(state)["stress"] == 1
    state = duel()
    state, _ = act(state, op="set", id="c1", field="fatigue", value=1)
    state, _ = act(state, op="recover", id="c1", how="both")
    assert (c(state)["fatigue"], c(state)["stress"]) == (0, 0)


def test_an_ability_reducing_the_load_to_zero_ends_incapacity() -> None:
    state = fresh({**KIRA, "stress": 3})
    state, _ = act(state, op="harm", id="c1", kind="stress")
    state, _ = act(state, op="resolve", id="c1", result=11)
    assert c(state)["incapacitated"] == ["stress"] and c(state)["stress"] == 3
    state, events = act(state, op="relieve", id="c1", kind="stress", amount=2)
    assert c(state)["incapacitated"] == ["stress"]
    state, events = act(state, op="relieve", id="c1", kind="stress", amount=1)
    assert texts(events) == [
        "Kira is relieved by an ability: Stress 1 → 0.",
        "Kira is no longer Incapacitated (Stress): their Stress is reduced to zero.",
    ]


def incapacitated_kira() -> dict[str, Any]:
    state = duel()
    state, _ = act(state, op="set", id="c1", field="fatigue", value=6)
    state, _ = act(state, op="set", id="c1", field="stress", value=5)
    state, _ = act(state, op="harm", id="c1", kind="fatigue")
    state, _ = act(state, op="resolve", id="c1", result=12)
    for status, x in (("slowed", 2), ("burning", None), ("hidden", None)):
        state, _ = act(state, op="status", id="c1", status=status, amount=x or 1)
    state, _ = act(state, op="buff", id="c1", buff="hastened")
    state, _ = act(state, op="next")  # Ogre's turn: Fatigue 7 -> 6 -> 5 (Burning +1, -1)
    return state


def test_resuscitate_halves_the_loads_and_clears_negative_statuses() -> None:
    state = incapacitated_kira()
    assert c(state)["incapacitated"] == ["fatigue"]
    fatigue = c(state)["fatigue"]
    state, events = act(state, op="resuscitate", id="c1")
    assert texts(events) == [
        f"Kira is Resuscitated by Ogre and no longer Incapacitated: Fatigue {fatigue} → "
        f"{fatigue // 2}, Stress 5 → 2 (halved, round down); statuses cleared: Slowed, Burning."
    ]
    assert c(state)["statuses"] == {"hidden": None} and c(state)["buff"] == "hastened"
    assert c(state, "c2")["steps"] == ["act"]
    refused(state, "id", op="resuscitate", id="c1")


def test_coup_de_grace_removes_an_incapacitated_enemy() -> None:
    state = incapacitated_kira()
    state, events = act(state, op="coup_de_grace", id="c1")
    assert texts(events)[0] == "Ogre's Coup de Grace: Kira is removed from combat."
    assert "c1" not in state["creatures"] and encounter.current_id(state) == "c2"
    state = duel()
    refused(state, "id", op="coup_de_grace", id="c2")  # not Incapacitated


def test_an_ability_ends_incapacity() -> None:
    state = incapacitated_kira()
    state, events = act(state, op="end_incapacity", id="c1")
    assert texts(events) == ["Kira is no longer Incapacitated (Fatigue): an ability ends it."]
    refused(state, "id", op="end_incapacity", id="c1")


def test_the_end_of_combat_ends_incapacity_and_buffs() -> None:
    state = incapacitated_kira()
    refused(fresh(KIRA), "op", op="end_combat")
    state, _ = act(state, op="harm", id="c2")
    assert "Resolve the rolls of Ogre first" in refused(state, "op", op="end_combat")
    state, _ = act(state, op="resolve", id="c2", result=2)
    state, _ = act(state, op="harm", id="c2", defense="resilience_failure")
    state, events = act(state, op="end_combat")
    assert "Kira is no longer Incapacitated (Fatigue): the combat has ended." in texts(events)
    assert "Hastened (Accelerate) on Kira ends with the combat." in texts(events)
    assert "Ogre's delayed roll lapses: the combat ended before their next turn." in texts(events)
    assert state["round"] == 0 and state["turn"] is None
    assert all(x["initiative"] is None for x in state["creatures"].values())
    assert c(state)["statuses"] == {"slowed": 1, "burning": None, "hidden": None}


def test_convalescence_restores_tolerances_only_outside_combat() -> None:
    state = incapacitated_kira()
    assert "end the combat first" in refused(state, "id", op="convalesce", id="c1")
    state, _ = act(state, op="end_combat")
    lost = c(state)["fatigue_lost"]
    state, events = act(state, op="convalesce", id="c1")
    assert texts(events) == [
        f"Kira convalesces: Fatigue Tolerance {10 - lost} → 10, Stress Tolerance 10 → 10."
    ]
    assert c(state)["fatigue_lost"] == 0
    refused(state, "id", op="convalesce", id="c1")


# --- abilities: their declared effects, from the two rolls ---------------------------------


def use(state: dict[str, Any], **values: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Kira (c1) uses an ability on the Ogre (c2) unless told otherwise."""
    action = {"op": "use_ability", "id": "c1", "tier": 1, "targets": "Ogre", "outcome": "rolls",
              "attack": None, "defense_roll": None, "defense": "evasion", "points": 1}
    return act(state, **{**action, **values})


def test_every_declared_effect_names_a_status_or_a_load_the_tracker_has() -> None:
    from calculators.books.arts.tracker.abilities import USABLE, _kind

    assert len(USABLE) >= 20
    for key, entry in USABLE.items():
        for effect in entry["effects"]:
            kind, what = _kind(effect)
            for status in effect.get("of", [what]) if kind == "status" else ():
                assert status.partition(".")[2] in declarations.STATUS_ENTRIES, (key, status)
            if "plus" in effect:
                assert effect["plus"].partition(".")[2] in declarations.STATUS_ENTRIES, key


def test_hack_and_slash_deals_fatigue_and_bleed_per_tier_from_the_two_rolls() -> None:
    state, events = use(duel(), ability="hack_and_slash", tier=2, attack=10, defense_roll=8)
    assert texts(events)[0] == "Kira uses Hack and Slash (Tier 2) on Ogre: success (10 against 8)."
    assert c(state, "c2")["fatigue"] == 1 and c(state, "c2")["statuses"]["bleed"] == 2
    assert "arts.ability_effects" in rules_of(events)
    # A Critical (5 or more above) gives +2[Tier] Bleed instead, not both.
    state, _ = use(duel(), ability="hack_and_slash", tier=2, attack=13, defense_roll=8)
    assert c(state, "c2")["statuses"]["bleed"] == 4


def test_a_tie_goes_to_the_defender_and_nothing_is_applied() -> None:
    state, events = use(duel(), ability="bash", attack=8, defense_roll=8)
    assert "failure (8 against 8)" in texts(events)[0]
    assert c(state, "c2")["fatigue"] == 0 and c(state, "c2")["statuses"] == {}


def test_the_outcome_can_be_given_and_both_totals_are_needed_otherwise() -> None:
    refused(duel(), "defense_roll", op="use_ability", id="c1", ability="bash", tier=1,
            targets="Ogre", outcome="rolls", attack=9, defense_roll=None, defense="evasion",
            points=1)
    state, _ = use(duel(), ability="bash", tier=3, outcome="critical")
    assert c(state, "c2")["statuses"] == {"dazed": 3, "blinded": 1}


def test_resilience_grades_an_ability() -> None:
    # The defender's Critical avoids it all.
    state, events = use(duel(), ability="hack_and_slash", defense="resilience", attack=3,
                        defense_roll=9)
    assert c(state, "c2")["fatigue"] == 0 and "avoided" in " ".join(texts(events))
    # The defender's success: only the Fatigue, at most one point, no roll; no Bleed.
    state, events = use(duel(), ability="hack_and_slash", defense="resilience", attack=7,
                        defense_roll=8, points=3)
    assert c(state, "c2")["fatigue"] == 1 and c(state, "c2")["statuses"] == {}
    assert any(e.get("assumption") == "arts.assume_resilience_success_effects" for e in events)
    # The defender's failure: everything, the incapacity roll delayed.
    state, _ = use(duel(), ability="hack_and_slash", defense="resilience", attack=9,
                   defense_roll=8)
    assert c(state, "c2")["statuses"] == {"bleed": 1} and c(state, "c2")["delayed"]


def test_the_number_of_targets_grows_with_the_tier() -> None:
    third = {"name": "Imp", "ref": 0, "fatigue_tolerance": 10, "stress_tolerance": 10}
    state = fresh(KIRA, OGRE, third)
    message = refused(state, "targets", op="use_ability", id="c1", ability="sweeping_attack",
                      tier=1, targets="Ogre, Imp, Kira", outcome="success", attack=None,
                      defense_roll=None, defense="evasion", points=1)
    assert "up to 2 targets" in message
    state, events = use(state, ability="sweeping_attack", tier=1, targets="Ogre, Imp",
                        outcome="success")
    assert c(state, "c2")["fatigue"] == 1 and c(state, "c3")["fatigue"] == 1
    assert "No creature is called 'Bob': give a name on a card." == refused(
        state, "targets", op="use_ability", id="c1", ability="bash", tier=1, targets="Bob",
        outcome="success", attack=None, defense_roll=None, defense="evasion", points=1)


def test_study_marks_and_hides_then_assassinate_deals_one_plus_the_marks() -> None:
    state, events = use(duel(), ability="study")
    assert c(state, "c2")["statuses"] == {"mark": 1} and "hidden" in c(state, "c1")["statuses"]
    assert "arts.mark" in rules_of(events)
    state, _ = use(state, ability="study")
    assert c(state, "c2")["statuses"]["mark"] == 2
    # Mark does not count down at the end of the turn (arts.assume_mark_lasts).
    state, _ = act(state, op="next")
    assert c(state, "c2")["statuses"]["mark"] == 2
    state, events = use(state, id="c1", ability="assassinate", outcome="success")
    assert "Mark on Ogre: 1 + 2 stacks." in texts(events)
    assert c(state, "c2")["fatigue"] == 3


def test_costs_to_the_user_scale_with_the_targets_beyond_the_first() -> None:
    third = {"name": "Imp", "ref": 0, "fatigue_tolerance": 10, "stress_tolerance": 10}
    state = fresh(KIRA, OGRE, third)
    state, events = use(state, ability="fire_burst", targets="Ogre, Imp", outcome="success")
    assert c(state, "c1")["stress"] == 1  # 1 Stress for the one character beyond the first
    assert c(state, "c2")["fatigue"] == 1 and "burning" in c(state, "c3")["statuses"]
    state, _ = use(fresh(KIRA, OGRE), ability="blizzard", targets="", outcome="success")
    assert c(state, "c1")["stress"] == 1  # 'Take Stress': the assumed one point


def test_pushes_and_other_numbers_are_reported_for_the_gm() -> None:
    state, events = use(duel(), ability="propulsive_shot", tier=2, outcome="critical")
    assert "Propulsive Shot: push 5 (the GM applies it)." in texts(events)
    assert not any("push 3" in t for t in texts(events))


# --- the builder, the card, the page -----------------------------------------------------


def test_from_character_uses_the_builders_sheet() -> None:
    character = builder.example()
    character["points"].update(cog=0, foc=0)
    character["abilities"] += [{"name": "Composed", "tier": 1}, {"name": "Fleet Footed", "tier": 2}]
    values = a.from_character(character)
    sheet = {v["label"]: v["value"] for v in builder.evaluate(character)["values"]}
    assert values == {
        "name": "The rulebook's example",
        "ref": sheet["REF"],
        "fatigue_tolerance": sheet["Fatigue Tolerance"],
        "stress_tolerance": sheet["Stress Tolerance"],
        "speed": sheet["Speed"],
    }
    doc = handle({"op": "new", "system": "arts"})["doc"]
    answer = handle({"op": "character", "system": "arts", "doc": doc, "character": character})
    assert answer["ok"], answer
    added = answer["doc"]["state"]["creatures"]["c1"]
    assert (added["ref"], added["stress_tolerance"], added["speed"]) == (1, 12, 6)
    bad = handle({"op": "character", "system": "arts", "doc": doc, "character": {"x": 1}})
    assert not bad["ok"]


def test_the_card_and_the_page() -> None:
    state = incapacitated_kira()
    card = a.card(c(state), state)
    assert "Incapacitated (Fatigue)" in card["conditions"]
    assert "Slowed 1" in card["conditions"] and "Buff: Hastened (Accelerate)" in card["conditions"]
    labels = [n[0] for n in card["numbers"]]
    assert labels[:4] == ["Fatigue", "Fatigue Tolerance", "Stress", "Stress Tolerance"]
    answer = handle({"op": "load", "system": "arts", "doc": doc_of(state)})
    assert answer["ok"], answer


def test_stored_creatures_are_checked() -> None:
    state = duel()
    bad = {**state, "creatures": {**state["creatures"], "c1": {**c(state), "buff": "x"}}}
    with pytest.raises(InputError, match="Unknown Buff"):
        encounter.validate(a, bad)
    bad["creatures"]["c1"] = {**c(state), "statuses": {"slowed": None}}
    with pytest.raises(InputError):
        encounter.validate(a, bad)
    bad["creatures"]["c1"] = {**c(state), "statuses": {"luck": None}}
    with pytest.raises(InputError):
        encounter.validate(a, bad)
    bad["creatures"]["c1"] = {**c(state), "delayed": [{"kind": "fatigue"}]}
    with pytest.raises(InputError):
        encounter.validate(a, bad)
    with pytest.raises(InputError):
        encounter.act(a, fresh(), {"op": "add", "creature": {"name": "X", "fatigue_lost": 11}})


def test_use_an_ability_checks_its_range_on_squares() -> None:
    """L178: 'A target is valid for an ability with Range X if the distance between them is X
    or less'; halved for a Blinded user; Long Reach (L489); without squares, not measured."""
    state = fresh({"name": "Kira", "x": 0, "y": 0}, {"name": "Ogre", "x": 4, "y": -2},
                  {"name": "Imp"})
    base = {"op": "use_ability", "id": "c1", "tier": 1, "outcome": "failure"}
    message = refused(state, "targets", **base, ability="bull_rush", targets="Ogre")
    assert "Ogre is 4 squares from Kira; the range of Bull Rush is 3: move closer" in message
    state, events = act(state, op="place", id="c2", x=2, y=-3)
    assert events[0]["rule"] == "arts.tracker_range"
    assert events[0]["text"] == "Ogre moves to (2, −3) from (4, −2)."
    state, events = act(state, **base, ability="bull_rush", targets="Ogre")
    assert events[0]["reach"] == [{"target": "c2", "distance": 3, "range": 3,
                                   "measure": "greater", "cite": "004_d50dc5f42222ed7e.txt, "
                                   "line 178", "card_range": 3}]
    state, _ = act(state, op="status", id="c1", status="blinded", amount=1)
    assert "halved" in refused(state, "targets", **base, ability="bull_rush", targets="Ogre")
    state, _ = act(state, op="place", id="c2", x=1, y=1)
    state, events = act(state, **base, ability="bash", targets="Imp")
    assert "reach" not in events[0]  # Imp has no square
    far = fresh({"name": "Kira", "x": 0, "y": 0}, {"name": "Ogre", "x": 2, "y": 0})
    refused(far, "targets", **base, ability="bash", targets="Ogre")
    far, events = act(far, **base, ability="bash", targets="Ogre", long_reach=True)
    assert events[0]["reach"][0]["range"] == 2
    # An Area's Range reaches its square, not each creature in it: not measured per target.
    far, _ = act(far, op="place", id="c2", x=20, y=0)
    far, events = act(far, **base, ability="fire_burst", targets="Ogre")
    assert "reach" not in events[0]


def test_every_rule_is_named_by_an_event() -> None:
    """Run last: every rule of RULES appeared in an event of the tests above."""
    assert SEEN, "run the whole module"
    missing = {r.id for r in a.RULES} - {e["rule"] for e in SEEN}
    assert not missing, missing


def test_every_ability_has_effects_or_says_why_the_tracker_does_not_apply_it() -> None:
    """Issue #21 item 2: each ability declares its effects, or why the tracker cannot apply
    them (``unapplied``), and the tracker page lists each such ability with its reason. The
    basic abilities are listed together, under their section (the tracker entry's ``other``)."""
    from calculators import data
    from calculators.tracker import other_rules

    listed = {i: how for how, ids in other_rules("arts") for i in ids}
    for entry in data.system_data("arts").values():
        if entry["kind"] != "ability" or entry["group"] == "arts.basic_abilities":
            continue
        assert entry.get("effects") or entry.get("unapplied"), entry["id"]
        if entry.get("unapplied"):
            assert len(entry["unapplied"].split()) >= 6, entry["id"]
            assert listed[entry["id"]] == " ".join(entry["unapplied"].split())


def test_vector_field_reports_its_area_per_tier_without_a_roll() -> None:
    state, events = use(duel(), ability="vector_field", tier=2, targets="", outcome="rolls")
    assert texts(events) == [
        "Kira uses Vector Field (Tier 2) on no one: used (no roll: its effect needs none).",
        "Vector Field: area 5 (the GM applies it).",
    ]
    assert all(e["rule"] == "arts.ability_effects" for e in events)
    state, events = use(state, ability="homing_beacon", tier=2, targets="", outcome="rolls")
    assert texts(events)[-1] == "Homing Beacon: area 3 (the GM applies it)."


def test_the_newly_declared_statuses_and_loads_are_applied_through_use_an_ability() -> None:
    # Cryomancer: +1 Slowed when its Elementalism beats the target's Resilience.
    state, events = use(duel(), ability="cryomancer", tier=2, attack=9, defense_roll=7,
                        defense="resilience")
    assert "success (9 against 7)" in texts(events)[0]
    assert c(state, "c2")["statuses"] == {"slowed": 1}
    state, _ = use(duel(), ability="cryomancer", attack=7, defense_roll=9, defense="resilience")
    assert c(state, "c2")["statuses"] == {}
    # Disappearing Act: the user becomes Hidden, no target and no roll.
    state, events = use(duel(), ability="disappearing_act", targets="")
    assert "used (no roll: its effect needs none)" in texts(events)[0]
    assert "hidden" in c(state, "c1")["statuses"] and c(state, "c2")["statuses"] == {}
    # Pyromancer: Burning on the character chosen.
    state, _ = use(duel(), ability="pyromancer", tier=3)
    assert "burning" in c(state, "c2")["statuses"]
    # Riposte: its attack deals Fatigue on a success.
    state, _ = use(duel(), ability="riposte", attack=10, defense_roll=6)
    assert c(state, "c2")["fatigue"] == 1


def test_the_newly_declared_numbers_are_reported_per_tier() -> None:
    state, events = use(duel(), ability="force_armor", tier=2, targets="", outcome="critical")
    assert texts(events)[1:] == [
        "Force Armor: push 3 (the GM applies it).",
        "Force Armor: push 2 (the GM applies it).",
    ]
    _, events = use(state, ability="force_armor", tier=2, targets="", outcome="success")
    assert texts(events)[1:] == ["Force Armor: push 3 (the GM applies it)."]
    _, events = use(state, ability="sniper", tier=3, targets="")
    assert texts(events)[1:] == ["Sniper: boons 3 (the GM applies it)."]
    _, events = use(state, ability="newtonian_mechanics", tier=2, targets="")
    assert texts(events)[1:] == ["Newtonian Mechanics: move 2 (the GM applies it)."]
    for name in ("press_advantage", "seize_the_opportunity"):
        _, events = use(state, ability=name, targets="")
        assert texts(events)[1].endswith(": boons 1 (the GM applies it).")


def test_an_ability_card_shows_what_is_left_to_the_table() -> None:
    from pathlib import Path

    from macros import load_rules
    from macros.render.render import Renderer

    rules = load_rules(Path(__file__).resolve().parents[1] / "rules_data")
    page = next(p for p in rules.systems["arts"].pages if p.doc == "arts/abilities.md")
    text = Renderer(rules).page(page, page.doc)
    assert text.count("*Left to the table:*") == sum(
        1 for e in rules.entries.values() if e.system == "arts" and e.get("unapplied")
    )


def test_magnetic_armor_reports_the_movement_spent_a_critical_replacing_a_success() -> None:
    _, events = use(duel(), ability="magnetic_armor", attack=9, defense_roll=8,
                    defense="resilience")
    assert texts(events)[1:] == ["Magnetic Armor: movement_spent 2 (the GM applies it)."]
    _, events = use(duel(), ability="magnetic_armor", attack=13, defense_roll=8)
    assert texts(events)[1:] == ["Magnetic Armor: movement_spent 4 (the GM applies it)."]


def test_ameliorate_reduces_the_load_the_user_chooses_by_one() -> None:
    state, _ = act(duel(), op="harm", id="c2", kind="stress", amount=2, defense="none",
                   adrenaline=False)
    state, _ = act(state, op="harm", id="c2", kind="fatigue", amount=1, defense="none",
                   adrenaline=False)
    state, events = use(state, ability="ameliorate", tier=2, relieve="stress")
    assert texts(events)[1] == "Ogre is relieved by an ability: Stress 2 → 1."
    assert c(state, "c2")["stress"] == 1 and c(state, "c2")["fatigue"] == 1
    state, events = use(state, ability="ameliorate", tier=2)  # Fatigue by default
    assert c(state, "c2")["fatigue"] == 0
    assert {"creature": "c2", "field": "fatigue", "before": 1, "after": 0} in [
        change for event in events for change in event.get("changes", [])
    ]


def test_infuse_weapon_applies_fatigue_and_the_status_chosen_from_its_list() -> None:
    state, events = use(duel(), ability="infuse_weapon", attack=10, defense_roll=7,
                        status="slowed")
    assert c(state, "c2")["fatigue"] == 1 and c(state, "c2")["statuses"] == {"slowed": 1}
    state, _ = use(state, ability="infuse_weapon", attack=10, defense_roll=7, status="slowed")
    assert c(state, "c2")["statuses"] == {"slowed": 2}
    message = refused(duel(), "status", op="use_ability", id="c1", ability="infuse_weapon",
                      tier=1, targets="Ogre", outcome="success", attack=None,
                      defense_roll=None, defense="evasion", points=1, status="hidden")
    assert "Choose one of: Burning, Slowed, Blinded, Dazed." in message


def test_resonance_adds_one_stack_of_the_status_chosen_without_a_roll() -> None:
    state, _ = use(duel(), ability="sockem", attack=10, defense_roll=7)
    state, events = use(state, ability="resonance", status="slowed")
    assert "used (no roll: its effect needs none)" in texts(events)[0]
    assert c(state, "c2")["statuses"]["slowed"] == 2
