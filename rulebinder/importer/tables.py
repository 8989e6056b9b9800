"""Tables: columns and rows as data; a die in the first header makes a roll table."""

from __future__ import annotations

import re
from typing import Any

from calculators.notation import parse
from macros.load.rolltable import problems as roll_problems

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


def lift_tables(block: Block, lines: list[str]) -> tuple[Block | None, list[Block]]:
    r"""The tables inside a list or a block quote, as table blocks of their own (without
    the ``>`` marks and the indent), and the block without them (``None`` when nothing is
    left): every source table becomes table data.

    >>> from rulebinder.importer.blocks import parse_blocks
    >>> md = "> Costs:\n>\n> | a | b |\n> |---|---|\n> | 1 | 2 |"
    >>> rest, tables = lift_tables(parse_blocks(md)[0], md.splitlines())
    >>> rest.markdown, tables[0].markdown, tables[0].cells
    ('> Costs:\n>', '| a | b |\n|---|---|\n| 1 | 2 |', [['a', 'b'], ['1', '2']])
    """
    if not block.nested:
        return block, []
    inside = {line for start, end, _ in block.nested for line in range(start, end)}
    own = block.markdown.split("\n")
    kept = [text for offset, text in enumerate(own) if block.start + offset not in inside]
    tables = [
        Block("table", start, end,
              "\n".join(re.sub(r"^\s*(?:>\s?)*\s*", "", line) for line in lines[start:end]),
              cells=cells)
        for start, end, cells in block.nested
    ]
    if not "".join(kept).replace(">", "").strip():
        return None, tables
    rest = Block(block.kind, block.start, block.end, "\n".join(kept).rstrip(), block.level,
                 block.inline)
    return rest, tables


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


def _is_dice(cell: object) -> bool:
    text = str(cell).strip()
    if not re.search(r"\d*[dD]\d", text):
        return False
    try:
        parse(text.lower(), "cell").distribution()
    except Exception:  # noqa: BLE001 - not a dice expression of the notation
        return False
    return True


def dice_calculator(table: dict[str, Any], ids: Ids) -> dict[str, Any] | None:
    """A calculator for a table with a column of dice (a weapons table's Damage): pick a
    row and a modifier, see the exact distribution, roll it. ``None`` without such a column.

    >>> t = {"id": "b.weapons", "name": "Weapons", "columns": ["Weapon", "Damage"],
    ...      "rows": [["Axe", "1d8"], ["Club", "1d6 + 1"]], "source": {}}
    >>> calc = dice_calculator(t, Ids("b"))
    >>> calc["outputs"][0]["value"]
    'if(row == 0, 1d8, 1d6 + 1) + modifier'
    >>> calc["inputs"][0]["values"]
    {'Axe': 0, 'Club': 1}
    """
    columns, rows = table["columns"], table["rows"]
    if len(columns) < 2 or len(rows) < 1:
        return None
    column = next(
        (i for i in range(1, len(columns)) if all(_is_dice(row[i]) for row in rows)), None
    )
    names = [str(row[0]).strip() for row in rows]
    if column is None or len(set(names)) < len(names) or any(not n for n in names):
        return None
    dice = [str(row[column]).strip().lower() for row in rows]
    expression = dice[-1]
    for index in range(len(dice) - 2, -1, -1):
        expression = f"if(row == {index}, {dice[index]}, {expression})"
    value = f"{expression} + modifier"
    label = str(columns[column])
    return {
        "kind": "calculator",
        "id": ids.new(f"{table['name']} {label}"),
        "name": f"{table['name']}: {label}",
        "source": dict(table["source"]),
        "rule": table["id"],
        "inputs": [
            {"name": "row", "kind": "choice", "label": str(columns[0]), "default": names[0],
             "choices": names, "values": {n: i for i, n in enumerate(names)}},
            {"name": "modifier", "kind": "int", "label": "Modifier", "default": 0,
             "min": -50, "max": 50},
        ],
        "outputs": [
            {"name": "distribution", "label": label, "kind": "distribution", "value": value},
            {"name": "average", "label": f"Average {label.lower()}", "kind": "number",
             "stat": "mean", "value": value},
        ],
        "breakdown": [
            f"{label} of the chosen row of {table['name']} (each is rollable in the table), "
            "plus {modifier}",
        ],
    }
