"""Glittershard's End's tracker, hunger from 16 to 48 hours as the GM sets it, and the
purse; driven through the engine as a GM would."""

from __future__ import annotations

import calculators.books.glittershard.tracker as g
from calculators.tracker import encounter
from tests.test_tracker_glittershard import act, c1, kira, new, said


def test_hunger_from_16_to_48_hours_follows_the_setting() -> None:
    # The default: the second stage goes on until 48 hours.
    state = new(kira(hungry=959))
    state, events = act(state, {"op": "pass_time", "minutes": 1})
    assert [e["text"] for e in events if e["rule"] == "glittershard.hunger"] == []
    state, _ = act(state, {"op": "set", "id": "c1", "field": "health", "value": 2})
    state, events = act(state, {"op": "rest", "id": "c1", "kind": "long"})
    assert c1(state)["health"] > 2
    # The GM who reads the gap as the third stage: it begins at 16 hours.
    state = new(kira(hungry=959), **{g.A_HUNGER_GAP: "third stage"})
    state, events = act(state, {"op": "pass_time", "minutes": 1})
    event = said(
        events,
        "Kira has gone 16 hours without a meal: health no longer comes back after a long rest.",
        "glittershard.hunger",
    )
    assert g.A_HUNGER_GAP in event["assumptions"]
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
    old = {**state, "settings": {k: v for k, v in state["settings"].items() if k != g.A_HUNGER_GAP}}
    assert encounter.validate(g, old)["settings"][g.A_HUNGER_GAP] == "second stage"
