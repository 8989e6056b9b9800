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
        for spec in KINDS[entry.kind]:
            if spec.type not in ("ref", "refs") or entry.get(spec.name) is None:
                continue
            targets = entry.get(spec.name)
            for target in [targets] if spec.type == "ref" else targets:
                line = entry.data["_key_lines"].get(spec.name, entry.line)
                path = root.parent / entry.file
                found = data.entries.get(target)
                where = f"entries[{entry.index}].{spec.name}"
                if found is None:
                    out.add(path, line, where, f"no entry with id {target!r}")
                elif spec.ref_kinds and found.kind not in spec.ref_kinds:
                    kinds = " or ".join(spec.ref_kinds)
                    out.add(path, line, where, f"{target!r} is a {found.kind}, expected a {kinds}")


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


def _check_calculators(out: _Collector, data: RulesData, root: Path) -> None:
    """Every calculator entry's inputs, expressions and breakdown (``calculators.declared``)."""
    from calculators.declared import problems, warnings

    def assumption(ref: str) -> dict[str, Any] | None:
        found = data.entries.get(ref)
        return found.data if found is not None and found.kind == "assumption" else None

    for entry in data.calculators.values():
        raw = LineDict(entry.data)
        raw.line, raw.key_lines = entry.line, entry.data["_key_lines"]
        for field_path, message in problems(raw, assumption):
            line = _line_at(raw, field_path)
            out.add(root.parent / entry.file, line, f"entries[{entry.index}].{field_path}", message)
        for field_path, message in warnings(raw):
            line = _line_at(raw, field_path)
            _LOG.warning("%s:%s: entries[%s].%s: %s", entry.file, line, entry.index, field_path,
                         message)


def _check_checks(out: _Collector, data: RulesData, root: Path) -> None:
    """Every check entry's roll, modes and bands (``calculators.declared.check``)."""
    from calculators.declared.check import problems

    for entry in data.entries.values():
        if entry.kind != "check":
            continue
        raw = LineDict(entry.data)
        raw.line, raw.key_lines = entry.line, entry.data["_key_lines"]
        for field_path, message in problems(raw):
            line = _line_at(raw, field_path)
            out.add(root.parent / entry.file, line, f"entries[{entry.index}].{field_path}", message)


def _check_trackers(out: _Collector, data: RulesData, root: Path) -> None:
    """A book's tracker declaration (one at most) and its statuses' ``tracker`` blocks:
    tracks and stats named once, each the right shape, the initiative roll over the stats,
    every track a status marks declared (:func:`calculators.tracker.checks.problems`)."""
    from calculators.tracker.checks import problems, status_problems

    for system in data.systems:
        trackers = [e for e in data.entries.values()
                    if e.system == system and e.kind == "tracker"]
        for extra in trackers[1:]:
            out.add(root.parent / extra.file, extra.line, f"entries[{extra.index}].kind",
                    f"a book has one tracker; {trackers[0].id} is declared at "
                    f"{trackers[0].file}:{trackers[0].line}")
        tracks = set()
        for entry in trackers[:1]:
            raw = LineDict(entry.data)
            raw.line, raw.key_lines = entry.line, entry.data["_key_lines"]
            tracks = {t.get("name") for t in entry.get("tracks") or []}
            for field_path, message in problems(raw):
                line = _line_at(raw, field_path)
                out.add(root.parent / entry.file, line, f"entries[{entry.index}].{field_path}",
                        message)
        for entry in data.entries.values():
            if entry.system != system or entry.kind != "status" or not entry.get("tracker"):
                continue
            raw = LineDict(entry.data)
            raw.line, raw.key_lines = entry.line, entry.data["_key_lines"]
            for field_path, message in status_problems(entry.data["tracker"], tracks,
                                                       bool(trackers)):
                where = f"tracker.{field_path}" if field_path else "tracker"
                out.add(root.parent / entry.file, _line_at(raw, where),
                        f"entries[{entry.index}].{where}", message)


def _check_builders(out: _Collector, data: RulesData, root: Path) -> None:
    """A book's builder declaration (one at most): its point-buy, picks, values and example
    (:func:`calculators.builders.declared.problems`)."""
    from calculators.builders.declared import problems

    for system in data.systems:
        builders = [e for e in data.entries.values()
                    if e.system == system and e.kind == "builder"]
        for extra in builders[1:]:
            out.add(root.parent / extra.file, extra.line, f"entries[{extra.index}].kind",
                    f"a book has one builder; {builders[0].id} is declared at "
                    f"{builders[0].file}:{builders[0].line}")
        for entry in builders[:1]:
            raw = LineDict(entry.data)
            raw.line, raw.key_lines = entry.line, entry.data["_key_lines"]
            plain = json.loads(json.dumps({k: v for k, v in entry.data.items()
                                           if k != "_key_lines"}))
            for field_path, message in problems(plain):
                out.add(root.parent / entry.file, _line_at(raw, field_path),
                        f"entries[{entry.index}].{field_path}", message)


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
