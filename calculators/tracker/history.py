"""An encounter with its log and its undo and redo stacks: what the page keeps and shares.

A document is ``{"state": ..., "log": [events], "undo": [...], "redo": [...]}``. Each
undo entry holds the state before an action and how many events the action logged; each
redo entry the state an undone action had made and the events it had logged. Undoing
restores the previous state and log exactly; any number of steps can be undone and redone.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from ..builders import state as check
from ..errors import InputError
from . import encounter
from .context import Event, State

Doc = dict[str, Any]

KEYS = ("state", "log", "undo", "redo")


def new(system: ModuleType) -> Doc:
    """A document with an empty encounter and nothing to undo."""
    return {"state": encounter.blank(system), "log": [], "undo": [], "redo": []}


def apply(system: ModuleType, doc: Doc, action: Any) -> tuple[Doc, list[Event]]:
    """Apply ``action``; the previous state goes on the undo stack and redo is cleared."""
    state, events = encounter.act(system, doc["state"], action)
    step = {"state": doc["state"], "events": len(events)}
    return {
        "state": state,
        "log": [*doc["log"], *events],
        "undo": [*doc["undo"], step],
        "redo": [],
    }, events


def undo(doc: Doc) -> Doc:
    """The document before its last action (an :class:`InputError` if there is none)."""
    if not doc["undo"]:
        raise InputError("undo", "There is nothing to undo: act first.")
    step = doc["undo"][-1]
    cut = len(doc["log"]) - step["events"]
    redo = {"state": doc["state"], "events": doc["log"][cut:]}
    return {
        "state": step["state"],
        "log": doc["log"][:cut],
        "undo": doc["undo"][:-1],
        "redo": [*doc["redo"], redo],
    }


def redo(doc: Doc) -> Doc:
    """The document with its last undone action made again."""
    if not doc["redo"]:
        raise InputError("redo", "There is nothing to redo: undo first.")
    step = doc["redo"][-1]
    back = {"state": doc["state"], "events": len(step["events"])}
    return {
        "state": step["state"],
        "log": [*doc["log"], *step["events"]],
        "undo": [*doc["undo"], back],
        "redo": doc["redo"][:-1],
    }


def validate(system: ModuleType, raw: Any) -> Doc:
    """A document read back from storage, a link or a file: every state and event checked.

    A link carries only ``state`` and ``log``; the stacks default to empty.
    """
    if not isinstance(raw, dict):
        raise InputError(
            "encounter",
            "This is not a saved encounter: load a file the tracker "
            "saved.",
        )
    doc = check.record(raw, "", KEYS, "saved encounter")
    if "state" not in doc:
        raise InputError("state", "The encounter is missing: load a file the tracker saved.")
    state = encounter.validate(system, doc["state"], "state")
    log = _events(doc.get("log", []), "log")
    undo_steps = _steps(system, doc.get("undo", []), "undo", len(log), count=True)
    redo_steps = _steps(system, doc.get("redo", []), "redo", 0, count=False)
    return {"state": state, "log": log, "undo": undo_steps, "redo": redo_steps}


def _events(raw: Any, path: str) -> list[Event]:
    if not isinstance(raw, list):
        raise InputError(path, "Must be a list of events.")
    for i, event in enumerate(raw):
        where = check.join(path, i)
        if not isinstance(event, dict) or not isinstance(event.get("text"), str):
            raise InputError(where, "An event must have a text: correct the file.")
        check.text(event["text"], check.join(where, "text"), "Event")
    return list(raw)


def _steps(
    system: ModuleType, raw: Any, path: str, log_length: int, *, count: bool
) -> list[dict[str, Any]]:
    if not isinstance(raw, list):
        raise InputError(path, "Must be a list of steps.")
    steps = []
    total = 0
    for i, step in enumerate(raw):
        where = check.join(path, i)
        step = check.record(step, where, ("state", "events"), "step")
        state: State = encounter.validate(system, step.get("state"), check.join(where, "state"))
        if count:
            events = check.whole(
                step.get("events"), check.join(where, "events"), "Events", 0, 10**6
            )
            total += events
        else:
            events = _events(step.get("events"), check.join(where, "events"))
        steps.append({"state": state, "events": events})
    if count and total > log_length:
        raise InputError(
            path,
            "The undo steps remove more events than the log holds: correct "
            "the file.",
        )
    return steps
