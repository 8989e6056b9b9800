"""Issue #21 item 5: every tracker's errors say what to do next (the convention of
:mod:`calculators.tracker`, checked by :func:`calculators.tracker.says_next_step`)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from calculators.tracker import handle, says_next_step

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted(
    [*(ROOT / "calculators/tracker").glob("*.py"),
     *(ROOT / "calculators/books").glob("*/tracker/*.py")]
)


def _text(node: ast.expr) -> str | None:
    """The message a literal or an f-string spells, each value shown as ``X``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "X" for v in node.values)
    if isinstance(node, ast.IfExp):  # each branch says the step; the first is read
        return _text(node.body)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _text(node.left), _text(node.right)
        return None if left is None else left + (right or "X")
    return None


def messages() -> list[tuple[str, str]]:
    """Every ``InputError`` message written in the trackers' code, with where it is."""
    found = []
    for path in FILES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "InputError"
                    and len(node.args) >= 2):
                text = _text(node.args[1])
                if text is not None:
                    found.append((f"{path.relative_to(ROOT)}:{node.lineno}", text))
    return found


def test_every_message_in_the_code_says_what_to_do_next() -> None:
    found = messages()
    assert len(found) > 150
    bad = [f"{where}: {text}" for where, text in found if not says_next_step(text)]
    assert not bad, "\n".join(bad)


def _doc(system: str, *actions: dict[str, Any]) -> dict[str, Any]:
    doc = handle({"op": "new", "system": system})["doc"]
    for action in actions:
        answer = handle({"op": "act", "system": system, "doc": doc, "action": action})
        assert answer["ok"], answer
        doc = answer["doc"]
    return doc


SAMPLES: dict[str, tuple[tuple[dict[str, Any], ...], tuple[dict[str, Any], ...]]] = {
    "shattered_spirits": (
        ({"op": "add", "creature": {"name": "Kira", "x": 0, "y": 0}},
         {"op": "add", "creature": {"name": "Wolf", "side": "enemies", "x": 6, "y": 0}}),
        ({"op": "start"}, {"op": "purge", "id": "c1", "name": "staggered"},
         {"op": "reach", "id": "c1", "target": "Wolf"},
         {"op": "area", "id": "c1", "x": 9, "y": 0},
         {"op": "area", "id": "c1", "shape": "arc", "x": 1, "y": 0, "arc": "Q, N, E"},
         {"op": "nothing"}),
    ),
    "pendragon": (
        ({"op": "add", "creature": {"name": "Kira", "hp": 6, "body": 2, "spirit": 3}},),
        ({"op": "next"}, {"op": "revive", "id": "c1", "heal": 1}, {"op": "nothing"}),
    ),
    "arts": (
        ({"op": "add", "creature": {"name": "Kira"}},),
        ({"op": "next"}, {"op": "use", "id": "c1", "what": "nothing"}),
    ),
    "glittershard": (
        ({"op": "add", "creature": {"name": "Kira"}},),
        ({"op": "next"}, {"op": "cure_poison", "id": "c1"}, {"op": "wake", "id": "c1"}),
    ),
    "space_shard": (
        ({"op": "add", "creature": {"name": "Kira"}},),
        ({"op": "next"}, {"op": "stand", "id": "c1"}, {"op": "set", "id": "c1"}),
    ),
}


@pytest.mark.parametrize("system", sorted(SAMPLES))
def test_each_trackers_errors_say_what_to_do_next(system: str) -> None:
    setup, wrong = SAMPLES[system]
    doc = _doc(system, *setup)
    for action in wrong:
        answer = handle({"op": "act", "system": system, "doc": doc, "action": action})
        assert not answer["ok"], action
        assert says_next_step(answer["error"]["message"]), answer["error"]
    for request in ({"op": "undo"}, {"op": "redo"}, {"op": "load", "doc": {"state": 1}}):
        answer = handle({"system": system, "doc": doc, **request}) if "doc" not in request \
            else handle({"system": system, **request})
        if not answer["ok"]:
            assert says_next_step(answer["error"]["message"]), answer["error"]
