"""Issue #21 item 5: every tracker says what it does with each rule of its book, cites the
assumptions it follows in the events that follow them, and its events carry their data
(dice faces, the fields changed) besides the sentence."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from calculators.books import installed
from calculators.tracker import assumptions_of, engine, has_tracker, history, other_rules
from macros.load.loader import load_rules

#: The books with an encounter tracker.
SYSTEMS = [s for s in installed() if has_tracker(s)]

DATA = load_rules(Path(__file__).resolve().parents[1] / "rules_data")
RULE_KINDS = ("section", "status")


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_rule_of_the_book_is_applied_or_says_why_not(system: str) -> None:
    module = engine(system)
    rules = {e.id for e in DATA.entries.values() if e.system == system and e.kind in RULE_KINDS}
    applied = {r.source for r in module.RULES}
    listed: list[str] = []
    for how, ids in other_rules(system):
        assert len(how.split()) >= 6, how  # a reason, not a word
        listed.extend(ids)
    assert len(listed) == len(set(listed)), "an entry is listed twice"
    abilities = {e.id for e in DATA.entries.values() if e.system == system and e.kind == "ability"}
    assert set(listed) <= rules | abilities, set(listed) - rules  # only rules of this book
    # An ability may be both: a rule applies part of it, its ``unapplied`` says what is not.
    assert not (set(listed) & applied) - abilities, set(listed) & applied
    assert rules - applied - set(listed) == set(), "rules the page says nothing about"


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_assumption_followed_is_listed_and_cited_by_a_rule(system: str) -> None:
    module = engine(system)
    followed = {a for r in module.RULES for a in r.follows}
    assert followed == set(assumptions_of(system))
    for name in followed:
        assert DATA.entries[name].kind == "assumption", name


def test_the_pendragon_revive_difficulty_cites_its_assumption() -> None:
    """The revive Difficulty counts the Damage Tokens only: pendragon.assume_total_damage,
    listed on the page and cited in the event that used it."""
    module = engine("pendragon")
    assert "pendragon.assume_total_damage" in assumptions_of("pendragon")
    doc = history.new(module)
    for action in (
        {"op": "add", "creature": {"name": "Kira", "hp": 5, "body": 1, "spirit": 0}},
        {"op": "damage", "id": "c1", "amount": 7},
        {"op": "resolve", "id": "c1", "index": 0, "result": 1},
        {"op": "revive", "id": "c1", "heal": 2},
    ):
        doc, events = history.apply(module, doc, action)
    revive = events[-1]
    assert "Heal check against 10 + 5 total damage = 15" in revive["text"]
    assert "pendragon.assume_total_damage" in revive["assumptions"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_change_carries_its_before_and_after(system: str) -> None:
    module = engine(system)
    doc = history.new(module)
    for example in module.EXAMPLES[:2]:
        doc, _ = history.apply(module, doc, {"op": "add", "creature": dict(example)})
    doc, events = history.apply(module, doc, {"op": "initiative", "id": "c1", "value": 7})
    change = {"creature": "c1", "field": "initiative", "before": None, "after": 7}
    assert change in events[0]["changes"]


def test_a_roll_event_holds_each_die_and_face() -> None:
    module = engine("space_shard")
    doc = history.new(module)
    for example in module.EXAMPLES[:2]:
        doc, _ = history.apply(module, doc, {"op": "add", "creature": dict(example)})
    doc, events = history.apply(module, doc, {"op": "roll_initiative", "seed": 5})
    rolled = [e["roll"] for e in events if "roll" in e]
    assert len(rolled) == 2
    for roll, event in zip(rolled, [e for e in events if "roll" in e], strict=True):
        (die,) = roll["dice"]
        assert die["dice"] == "1d10" and len(die["faces"]) == 1 and 1 <= die["faces"][0] <= 10
        assert roll["total"] == die["total"] + roll["names"]["init"]
        assert f"[{die['faces'][0]}]" in event["text"]  # the sentence says the same
        change = {"creature": event["creature"], "field": "initiative", "before": None}
        assert {**change, "after": roll["total"]} in event["changes"]  # the roll's own event


def test_arts_events_name_the_tolerance_left_as_the_sentence_does() -> None:
    """Arts keeps the Tolerance score and what was lost; the event's data and the card
    give the Tolerance now, as the sentence does ("Fatigue Tolerance 10 → 9")."""
    module = engine("arts")
    doc = history.new(module)
    add = {"op": "add", "creature": {"name": "Kira", "fatigue_tolerance": 10, "initiative": 5}}
    doc, _ = history.apply(module, doc, add)
    doc, _ = history.apply(module, doc, {"op": "start"})
    doc, _ = history.apply(
        module, doc, {"op": "harm", "id": "c1", "kind": "fatigue", "amount": 11, "seed": 3}
    )
    doc, _ = history.apply(module, doc, {"op": "resolve", "id": "c1", "index": 0, "result": 20})
    found = [
        (e["text"], c)
        for e in doc["log"]
        for c in e.get("changes", [])
        if c["field"] == "fatigue_tolerance_now"
    ]
    assert found, [e["text"] for e in doc["log"]]
    text, change = found[0]
    assert f"Fatigue Tolerance {change['before']} → {change['after']}" in text
    state = doc["state"]["creatures"]["c1"]
    card = module.card(state, doc["state"])
    shown = dict((label, value) for label, value, _ in card["numbers"])
    assert shown["Fatigue Tolerance"] == change["after"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_page_lists_the_other_rules_and_the_assumptions(built_site: Path, system: str) -> None:
    from tests.test_front import content, html_of

    page = content(html_of(built_site, f"{system}/tracker/"))
    other = page[page.index("<table class='rb-tr-other'>") :]
    rows = re.findall(r"<tr><th scope='row'><a href='[^']*'>(.*?)</a></th><td>(.*?)</td>", other)
    expected = [DATA.entries[i].name for _, ids in other_rules(system) for i in ids]
    assert [unescape(name) for name, _ in rows] == expected
    rules = page[
        page.index("<table class='rb-tr-rules'>") : page.index("<table class='rb-tr-other'>")
    ]
    for name in assumptions_of(system):
        assert unescape(rules).count(DATA.entries[name].name) >= 1, name
