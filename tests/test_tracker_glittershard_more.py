"""Glittershard's End's tracker, hunger from 16 to 48 hours as the GM sets it, and the
purse; driven through the engine as a GM would."""

from __future__ import annotations

import calculators.books.glittershard.tracker as g
from calculators.books.glittershard.tracker import terms
from calculators.tracker import encounter
from tests.test_tracker_glittershard import act, c1, kira, new, refused, said


def test_hunger_from_16_to_48_hours_follows_the_setting() -> None:
    # The default: the second stage goes on until 48 hours.
    state = new(kira(hungry=959))
    state, events = act(state, {"op": "pass_time", "minutes": 1})
    assert [e["text"] for e in events if e["rule"] == "glittershard.hunger"] == []
    state, _ = act(state, {"op": "set", "id": "c1", "field": "health", "value": 2})
    state, events = act(state, {"op": "rest", "id": "c1", "kind": "long"})
    assert c1(state)["health"] > 2
    # The GM who reads the gap as the third stage: it begins at 16 hours.
    state = new(kira(hungry=959), **{terms.A_HUNGER_GAP: "third stage"})
    state, events = act(state, {"op": "pass_time", "minutes": 1})
    event = said(
        events,
        "Kira has gone 16 hours without a meal: health no longer comes back after a long rest.",
        "glittershard.hunger",
    )
    assert terms.A_HUNGER_GAP in event["assumptions"]
    state, _ = act(state, {"op": "set", "id": "c1", "field": "health", "value": 2})
    state, events = act(state, {"op": "rest", "id": "c1", "kind": "long"})
    assert c1(state)["health"] == 2
    said(
        events,
        "Kira has gone 16 hours or more without a meal: health does not come back after this "
        "long rest.",
        "glittershard.hunger",
    )


def test_an_old_save_without_the_hunger_setting_still_loads() -> None:
    state = new(kira())
    kept = {k: v for k, v in state["settings"].items() if k != terms.A_HUNGER_GAP}
    old = {**state, "settings": kept}
    assert encounter.validate(g, old)["settings"][terms.A_HUNGER_GAP] == "second stage"


def test_the_purse_gains_and_spends_gold_and_pennies() -> None:
    state = new(kira(gold=5))
    assert ("Purse", "5 gold", "1 gold = 100 pennies") in g.card(c1(state), state)["numbers"]
    state, events = act(state, {"op": "spend", "id": "c1", "gold": 2, "what": "satiating food"})
    event = said(
        events,
        "Kira spends 2 gold (satiating food): purse 5 gold → 3 gold (1 gold = 100 pennies).",
        "glittershard.purse",
    )
    assert event["purse"] == {"pennies": -200, "what": "satiating food"}
    assert {"creature": "c1", "field": "gold", "before": 5, "after": 3} in event["changes"]
    # Change is made at 100 pennies to the gold.
    state, events = act(state, {"op": "spend", "id": "c1", "pennies": 50})
    assert (c1(state)["gold"], c1(state)["pennies"]) == (2, 50)
    state, events = act(state, {"op": "gain", "id": "c1", "gold": 1, "pennies": 75})
    assert (c1(state)["gold"], c1(state)["pennies"]) == (4, 25)
    said(
        events,
        "Kira gains 1 gold 75 pennies: purse 2 gold 50 pennies → 4 gold 25 pennies (1 gold = "
        "100 pennies).",
        "glittershard.purse",
    )
    message = refused(state, {"op": "spend", "id": "c1", "gold": 5}, "gold")
    assert "has only 4 gold 25 pennies" in message
    refused(state, {"op": "gain", "id": "c1"}, "gold")


def test_an_old_save_without_the_purse_still_loads() -> None:
    state = new(kira())
    creature = {k: v for k, v in c1(state).items() if k not in ("gold", "pennies")}
    loaded = encounter.validate(g, {**state, "creatures": {"c1": creature}})
    assert (loaded["creatures"]["c1"]["gold"], loaded["creatures"]["c1"]["pennies"]) == (0, 0)
