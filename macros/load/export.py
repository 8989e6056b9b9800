"""Export the rules data the core needs to JSON inside the ``calculators`` package.

The core reads only the standard library, in CPython and in Pyodide, so at
build time the entries it computes with are written as
``calculators/data/<system>.json``: tables, formulas, assumptions,
attributes, arts, statuses, abilities and sections (the builders quote them),
each with every field but its source; and the calculators a system declares as
``calculators/data/<system>.calculators.json``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .rulesdata import Entry, RulesData

EXPORTED_KINDS = frozenset(
    {"table", "formula", "assumption", "attribute", "art", "status", "ability", "section",
     "check", "tracker", "builder"}
)


def core_data(data: RulesData, system: str) -> dict[str, dict[str, Any]]:
    """The exported entries of one system, by id, in file order."""
    names = {e.id: e.name for e in data.entries.values() if e.system == system}
    return _fields(
        [e for e in data.entries.values() if e.kind in EXPORTED_KINDS], system, names
    )


def calculator_data(data: RulesData, system: str) -> dict[str, dict[str, Any]]:
    """The calculators one system declares, by calculator id, in file order."""
    return _fields(list(data.calculators.values()), system)


def _fields(
    entries: list[Entry], system: str, names: dict[str, str] | None = None
) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for entry in entries:
        if entry.system != system:
            continue
        fields = {k: v for k, v in entry.data.items() if k not in ("source", "_key_lines")}
        if entry.kind in NAMED_KINDS and names is not None:
            fields["names"] = {ref: names[ref] for ref in _refs(fields) if ref in names}
        out[entry.id] = json.loads(json.dumps(fields))
    return out


NAMED_KINDS = frozenset({"tracker", "builder"})
"""Kinds exported with ``names``: the name of every entry they cite, by id, so the core
names the rules it applies as the book does, without exporting those entries."""


def _refs(value: Any) -> list[str]:
    """Every string inside ``value`` (the entry ids among them are looked up)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [ref for item in value.values() for ref in _refs(item)]
    if isinstance(value, list):
        return [ref for item in value for ref in _refs(item)]
    return []


def export_core_data(data: RulesData, package: Path) -> list[Path]:
    """Write ``<package>/data/<system>.json`` for every system; return changed files."""
    folder = package / "data"
    folder.mkdir(exist_ok=True)
    changed = []
    for system in data.systems:
        for name, content in (
            (f"{system}.json", core_data(data, system)),
            (f"{system}.calculators.json", calculator_data(data, system)),
        ):
            path = folder / name
            text = json.dumps(content, indent=1, ensure_ascii=False) + "\n"
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
                changed.append(path)
    return changed


def main() -> None:
    """Command line: export from the ``rules_data/`` of the project this package is in."""
    from .loader import load_rules

    root = Path(__file__).resolve().parents[2]
    export_core_data(load_rules(root / "rules_data"), root / "calculators")


if __name__ == "__main__":
    main()
