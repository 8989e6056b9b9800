"""Space Shard's tracker, the mechanics of weapons and attacks: Extra DMG past Max DMG,
reloading, trips against a bigger or a flying target; driven as a GM would."""

from __future__ import annotations

import calculators.books.space_shard.tracker as M
from calculators.books.space_shard.rules import A_CAP
from calculators.tracker import encounter
from tests.test_tracker_space_shard import c, run, said, started


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
    assert first["assumptions"] == [A_CAP]
    assert said(events, "space_shard.overflow") == ["Rex takes 6 DMG: HP 10 → 4."]
    # The GM who reads Max DMG as no cap: every success counts.
    loose = started({"name": "Rex", "hp": 10, "hp_max": 10}, settings={A_CAP: False})
    hit, events = run(loose, {"op": "damage", "id": "c1", "amount": 6, "max_dmg": 4, "extra": 2})
    assert c(hit, "c1")["hp"] == 2
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
