"""The checks across files, once every system is loaded: references name entries of the
right kind, linkable names are unique within a system, and every calculator entry's
inputs and expressions are sound (:func:`calculators.declared.problems`).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from .fields import _Collector
from .rulesdata import Entry, RulesData
from .schema import KINDS, LINKABLE_KINDS
from .yamlload import LineDict

_LOG = logging.getLogger("mkdocs.plugins.rulebinder")


def _check_references(out: _Collector, data: RulesData, root: Path) -> None:
    for entry in [*data.entries.values(), *data.calculators.values()]:
        path = root.parent / entry.file
        raw = LineDict(entry.data)
        raw.line, raw.key_lines = entry.line, entry.data["_key_lines"]
        for where, target, kinds in _references(entry.data, KINDS[entry.kind], ""):
            line = _line_at(raw, where)
            found = data.entries.get(data.merged.get(target, target))
            at = f"entries[{entry.index}].{where}"
            if found is None:
                out.add(path, line, at, f"no entry with id {target!r}")
            elif kinds and found.kind not in kinds:
                out.add(path, line, at, f"{target!r} is a {found.kind}, expected a "
                                        f"{' or '.join(kinds)}")


def _references(
    mapping: Any, specs: tuple[Any, ...], prefix: str
) -> list[tuple[str, str, tuple[str, ...]]]:
    """Every entry id ``mapping`` names in its ``ref``/``refs`` fields, nested ones too:
    (where, id, the kinds it may be)."""
    found: list[tuple[str, str, tuple[str, ...]]] = []
    for spec in specs:
        value = mapping.get(spec.name) if isinstance(mapping, dict) else None
        where = f"{prefix}{spec.name}"
        if value is None:
            continue
        if spec.type == "ref" and isinstance(value, str):
            found.append((where, value, spec.ref_kinds))
        elif spec.type == "refs" and isinstance(value, list):
            found += [(where, v, spec.ref_kinds) for v in value if isinstance(v, str)]
        elif spec.items and spec.type == "mapping":
            found += _references(value, spec.items, f"{where}.")
        elif spec.items and isinstance(value, list):
            for index, item in enumerate(value):
                found += _references(item, spec.items, f"{where}[{index}].")
    return found


def _line_at(mapping: LineDict, field_path: str) -> int:
    """The line of ``field_path`` (``outputs[1].value``) inside ``mapping``, or the nearest.

    >>> from macros.load.yamlload import LineDict
    >>> inner = LineDict(value="x"); inner.line, inner.key_lines = 7, {"value": 8}
    >>> outer = LineDict(outputs=[inner]); outer.line, outer.key_lines = 1, {"outputs": 5}
    >>> _line_at(outer, "outputs[0].value"), _line_at(outer, "outputs"), _line_at(outer, "x.y")
    (8, 5, 1)
    """
    line = mapping.line
    node: Any = mapping
    for part in field_path.split("."):
        key, _, index = part.partition("[")
        if not isinstance(node, LineDict) or key not in node:
            break
        line = node.line_of(key)
        node = node[key]
        if index:
            position = int(index.rstrip("]"))
            if not isinstance(node, list) or position >= len(node):
                break
            node = node[position]
            line = getattr(node, "line", line)
    return line


def _report(
    out: _Collector, root: Path, entry: Entry, found: list[tuple[str, str]], prefix: str = ""
) -> None:
    """Each problem of ``entry`` (a field path below ``prefix`` and a message) at its line."""
    raw = LineDict(entry.data)
    raw.line, raw.key_lines = entry.line, entry.data["_key_lines"]
    for field_path, message in found:
        where = f"{prefix}.{field_path}" if prefix and field_path else prefix or field_path
        out.add(root.parent / entry.file, _line_at(raw, where),
                f"entries[{entry.index}].{where}", message)


def _check_calculators(out: _Collector, data: RulesData, root: Path) -> None:
    """Every calculator entry's inputs, expressions and breakdown (``calculators.declared``)."""
    from calculators.declared import problems, warnings

    def assumption(ref: str) -> dict[str, Any] | None:
        found = data.entries.get(ref)
        return found.data if found is not None and found.kind == "assumption" else None

    for entry in data.calculators.values():
        raw = LineDict(entry.data)
        raw.line, raw.key_lines = entry.line, entry.data["_key_lines"]
        _report(out, root, entry, problems(raw, assumption))
        for field_path, message in warnings(raw):
            line = _line_at(raw, field_path)
            _LOG.warning("%s:%s: entries[%s].%s: %s", entry.file, line, entry.index, field_path,
                         message)


def _check_checks(out: _Collector, data: RulesData, root: Path) -> None:
    """Every check entry's roll, modes and bands (``calculators.declared.check``)."""
    from calculators.declared.check import problems

    def assumption(ref: str) -> dict[str, Any] | None:
        found = data.entries.get(ref)
        return found.data if found is not None and found.kind == "assumption" else None

    for entry in data.entries.values():
        if entry.kind == "check":
            _report(out, root, entry, problems(entry.data, assumption))


def _only_one(
    out: _Collector, data: RulesData, root: Path, system: str, kind: str
) -> list[Entry]:
    """A book's entries of ``kind``, each after the first refused (a book has one)."""
    found = [e for e in data.entries.values() if e.system == system and e.kind == kind]
    for extra in found[1:]:
        out.add(root.parent / extra.file, extra.line, f"entries[{extra.index}].kind",
                f"a book has one {kind}; {found[0].id} is declared at "
                f"{found[0].file}:{found[0].line}")
    return found


def _check_trackers(out: _Collector, data: RulesData, root: Path) -> None:
    """A book's tracker declaration (one at most) and its statuses' ``tracker`` blocks:
    tracks and stats named once, each the right shape, the initiative roll over the stats,
    every track a status marks declared (:func:`calculators.tracker.checks.problems`)."""
    from calculators.tracker.checks import problems, status_problems

    for system in data.systems:
        trackers = _only_one(out, data, root, system, "tracker")
        tracks = set()
        for entry in trackers[:1]:
            tracks = {t.get("name") for t in entry.get("tracks") or []}
            _report(out, root, entry, problems(entry.data))
        for entry in data.entries.values():
            if entry.system == system and entry.kind == "status" and entry.get("tracker"):
                found = status_problems(entry.data["tracker"], tracks, bool(trackers))
                _report(out, root, entry, found, "tracker")


def _check_builders(out: _Collector, data: RulesData, root: Path) -> None:
    """A book's builder declaration (one at most): its point-buy, picks, values and example
    (:func:`calculators.builders.declared.problems`)."""
    from calculators.builders.declared import problems

    for system in data.systems:
        for entry in _only_one(out, data, root, system, "builder")[:1]:
            plain = json.loads(json.dumps({k: v for k, v in entry.data.items()
                                           if k != "_key_lines"}))
            _report(out, root, entry, problems(plain))


def _check_names(out: _Collector, data: RulesData) -> None:
    """Two linkable entries of one system with one name (or alias or abbreviation) would
    send every mention to the first: refused, naming both."""
    seen: dict[tuple[str, str], Entry] = {}
    for entry in data.entries.values():
        if entry.kind not in LINKABLE_KINDS:
            continue
        names = [entry.name, entry.get("abbr"), *(entry.get("aliases") or [])]
        for name in dict.fromkeys(n for n in names if n):
            first = seen.setdefault((entry.system, name), entry)
            if first is not entry:
                out.add(
                    out.root.parent / entry.file,
                    entry.line,
                    "name" if name == entry.name else "aliases",
                    f"{name!r} also names {first.id} ({first.file}:{first.line}): every "
                    "mention would link to that one",
                )
