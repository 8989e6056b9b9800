"""Initiative order: highest Initiative first, then higher Spirit, then rock-paper-scissors."""

from __future__ import annotations

import itertools
import re
from typing import Any

from ...errors import InputError
from ...format import MINUS
from ...inputs import split_items

_ENTRY = re.compile(r"^(?:(?P<name>.*\S)\s+)?(?P<init>[+-]?\d{1,6})\s+(?P<spirit>[+-]?\d{1,6})$")


def parse_participants(text: str) -> list[tuple[str, int, int]]:
    """Participants from ``"Name Initiative Spirit; …"`` (``;``, ``,`` or new lines between).

    >>> parse_participants("Arthur 15 4; Morgan le Fay 15 5, 12 3")
    [('Arthur', 15, 4), ('Morgan le Fay', 15, 5), ('Participant 3', 12, 3)]
    >>> parse_participants("Arthur 15")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: participants: Write each participant as a name, ...
    """
    out = []
    for part in split_items(text.replace(MINUS, "-")):
        match = _ENTRY.match(part)
        if not match:
            raise InputError(
                "participants",
                "Write each participant as a name, the Initiative result and the Spirit score, "
                f'e.g. "Arthur 15 4"; could not read {part!r}.',
            )
        name = match["name"] or f"Participant {len(out) + 1}"
        out.append((name, int(match["init"]), int(match["spirit"])))
    if not out:
        raise InputError("participants", 'List at least one participant, e.g. "Arthur 15 4".')
    return out


def _names(group: list[tuple[str, int, int]]) -> str:
    names = [name for name, _, _ in group]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def compute_initiative(participants: str) -> dict[str, Any]:
    """Turn order: highest Initiative first, then higher Spirit, then rock-paper-scissors.

    >>> r = compute_initiative("Arthur 15 4; Morgan 15 5; Gawain 12 3; Bandit 12 3")
    >>> r["order"][:2]
    ['1. Morgan (Initiative 15, Spirit 5)', '2. Arthur (Initiative 15, Spirit 4)']
    >>> r["ties"]  # doctest: +ELLIPSIS
    ['Gawain and Bandit: tied on Initiative 12 and Spirit 3; play rock-paper-scissors, ...']
    """
    people = parse_participants(participants)
    ranked = sorted(people, key=lambda p: (-p[1], -p[2]))
    groups = [list(g) for _, g in itertools.groupby(ranked, key=lambda p: (p[1], p[2]))]
    order, ties, breakdown = [], [], []
    position = 1
    for index, group in enumerate(groups):
        _, init, spirit = group[0]
        last = position + len(group) - 1
        place = f"{position}" if last == position else f"{position}–{last}"
        tie = " — tied, rock-paper-scissors decides" if len(group) > 1 else ""
        order.append(f"{place}. {_names(group)} (Initiative {init}, Spirit {spirit}){tie}")
        if len(group) > 1:
            ties.append(
                f"{_names(group)}: tied on Initiative {init} and Spirit {spirit}; play "
                "rock-paper-scissors, the winner acts first."
            )
        if index:
            before = groups[index - 1][0]
            if before[1] > init:
                why = f"higher Initiative ({before[1]} against {init})"
            else:
                why = f"same Initiative {init}, higher Spirit ({before[2]} against {spirit})"
            breakdown.append(f"{_names(groups[index - 1])} before {_names(group)}: {why}")
        position = last + 1
    return {
        "order": order,
        "ties": ties,
        "first": _names(groups[0]),
        "breakdown": breakdown or ["One participant acts alone."],
    }
