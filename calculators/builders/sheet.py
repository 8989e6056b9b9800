"""The pieces of a builder's answer: problems, steps and the sheet.

A step says what the rule allows, what is left, and every rule the character breaks
there; a problem carries the rule's entry id (the page links it) and the rulebook's
words. A sheet is *ready* when every step is done.
"""

from __future__ import annotations

from typing import Any

from .. import data

Problem = dict[str, str]
Step = dict[str, Any]


def quote(entry_id: str, words: str) -> str:
    """``words``, checked to be the rulebook's own in entry ``entry_id`` (text or note).

    >>> quote("arts.speed_section", "All characters start with a Speed of 4")
    'All characters start with a Speed of 4'
    >>> quote("arts.speed_section", "Speed 5")
    Traceback (most recent call last):
    ...
    ValueError: arts.speed_section does not say 'Speed 5'
    """
    found = data.entry(entry_id)
    said = " ".join(
        " ".join(str(found.get(key, "")).split())
        for key in ("text", "expression", "unfinished", "name")
    )
    if " ".join(words.split()) not in said:
        raise ValueError(f"{entry_id} does not say {words!r}")
    return words


def problem(message: str, rule: str, words: str) -> Problem:
    """A broken rule: what is wrong, the rule's entry id and its words.

    >>> problem("Too many.", "arts.speed_section", "All characters start with a Speed of 4")
    ... # doctest: +NORMALIZE_WHITESPACE
    {'message': 'Too many.', 'rule': 'arts.speed_section',
     'quote': 'All characters start with a Speed of 4'}
    """
    return {"message": message, "rule": rule, "quote": quote(rule, words)}


def step(
    step_id: str,
    title: str,
    rule: str,
    allowed: str,
    left: int,
    problems: list[Problem],
    notes: tuple[str, ...] | list[str] = (),
    *,
    left_text: str | None = None,
) -> Step:
    """One step: ``done`` when nothing is left and no rule is broken, else ``open``/``problem``.

    >>> step("general", "General points", "arts.character_creation", "1 point", 1, [])["status"]
    'open'
    >>> step("general", "General points", "arts.character_creation", "1 point", 0, [])["status"]
    'done'
    """
    status = "problem" if problems else "open" if left > 0 else "done"
    return {
        "id": step_id,
        "title": title,
        "rule": rule,
        "allowed": allowed,
        "left": left,
        "left_text": left_text
        if left_text is not None
        else (f"{left} left" if left else "nothing left"),
        "status": status,
        "problems": problems,
        "notes": list(notes),
    }


def assemble(
    system: str,
    state: dict[str, Any],
    steps: list[Step],
    values: list[dict[str, Any]],
    **extra: Any,
) -> dict[str, Any]:
    """The whole sheet: the character, its steps, its derived values, and whether it is ready.

    >>> s = assemble("arts", {"level": 1}, [step("a", "A", "arts.character_creation", "", 0, [])],
    ...              [])
    >>> s["ready"], s["unresolved"]
    (True, [])
    """
    unresolved = [s["title"] for s in steps if s["status"] != "done"]
    return {
        "system": system,
        "state": state,
        "ready": not unresolved,
        "unresolved": unresolved,
        "steps": steps,
        "values": values,
        **extra,
    }


def value(label: str, shown: Any, breakdown: str) -> dict[str, Any]:
    """A derived value of the sheet with how it was worked out.

    >>> value("Speed", 4, "Speed 4 = base 4")["label"]
    'Speed'
    """
    return {"label": label, "value": shown, "breakdown": breakdown}
