"""Tables: columns and rows as data; a die in the first header makes a roll table."""

from __future__ import annotations

import re
from typing import Any

from macros.rolltable import problems as roll_problems

from .blocks import Block
from .ids import Ids
from .problems import Problem
from .read import Source

_DIE = re.compile(r"^\s*(\d*\s*[dD]\s*(?:\d+|%))\s*$")


def _cells_in(line: str) -> int:
    r"""How many cells a GFM table row has (escaped pipes do not split).

    >>> _cells_in(r"| a | b \| c |"), _cells_in("a | b")
    (2, 2)
    """
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return len(re.split(r"(?<!\\)\|", inner))


def die_of(header: str) -> str | None:
    """The die a first column header names, normalised (``D6`` -> ``d6``).

    >>> die_of("d6"), die_of(" 1D100 "), die_of("Roll")
    ('d6', '1d100', None)
    """
    match = _DIE.match(header)
    return re.sub(r"\s+", "", match.group(1)).lower() if match else None


def table_entry(
    block: Block, name: str, ids: Ids, source: Source, where: dict[str, str]
) -> tuple[dict[str, Any] | None, list[Problem]]:
    """The table entry of a GFM table block, or the problems that stop it."""
    lines = block.markdown.splitlines()
    header = _cells_in(lines[0]) if lines else 0
    problems = [
        Problem(
            source.name,
            block.start + 1 + number,
            f"a table row with {_cells_in(line)} cells; the header has {header}",
        )
        for number, line in enumerate(lines)
        if number != 1 and line.strip() and _cells_in(line) != header
    ]
    if problems or not block.cells:
        return None, problems
    columns, rows = block.cells[0], [row for row in block.cells[1:]]
    entry: dict[str, Any] = {
        "kind": "table",
        "id": ids.new(name),
        "name": name,
        "columns": columns,
        "rows": rows,
    }
    die = die_of(columns[0]) if columns else None
    if die and rows and not roll_problems(die, rows):
        entry["roll"] = die
    entry["source"] = where
    return entry, []
