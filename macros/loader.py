"""Load ``rules_data/`` into validated, cross-referenced entries.

Every problem in every file is collected before anything fails, so one run
lists them all as ``file:line: field: message``.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from . import rolltable
from .errors import Problem, RulesDataError
from .headings import part_names, words
from .sanitize import clean_tree
from .schema import (
    COMMON,
    ID_PATTERN,
    KINDS,
    LINKABLE_KINDS,
    PAGE_FIELDS,
    RULEBOOK_FIELDS,
    SOURCES_DIR,
    SUMMARY_FIELDS,
    SYSTEM_FIELDS,
    SYSTEM_ID_PATTERN,
    Field,
)
from .yamlload import LineDict, load_yaml

_TYPE_NAMES = {
    "str": "a string",
    "text": "Markdown text",
    "int": "a whole number",
    "bool": "true or false",
    "level": "a heading level from 2 to 6",
    "scalar": "a string, number or boolean",
    "strs": "a list of strings",
    "ref": "an entry id",
    "refs": "a list of entry ids",
    "source": "a mapping with 'file' and 'heading'",
    "rows": "a list of rows, each a list of cells",
    "pairs": "a list of one-key mappings (label: text)",
    "mapping": "a mapping",
    "page": "a page name",
    "mappings": "a list of mappings",
    "lines": "a list of lines (text, or a mapping with 'text')",
    "intmap": "a mapping of names to whole numbers",
    "strmap": "a mapping of names to one line of text",
    "files": "a file name or a list of file names",
}

_LOG = logging.getLogger("mkdocs.plugins.rulebinder")


@dataclass
class Entry:
    """One validated rules entry and where it came from."""

    id: str
    kind: str
    name: str
    system: str
    page: str
    file: str
    line: int
    index: int
    data: dict[str, Any]

    def get(self, key: str, default: Any = None) -> Any:
        """Value of a field, or ``default`` when the entry does not set it."""
        return self.data.get(key, default)

    def pairs(self, key: str) -> list[tuple[str, str]]:
        """A ``pairs`` field as ``(label, text)`` tuples, in order."""
        return [(str(k), str(v)) for item in self.data.get(key) or [] for k, v in item.items()]


@dataclass
class Page:
    """One data file: a page of the site, with its entries in order."""

    system: str
    name: str
    title: str
    text: str
    file: str
    entries: list[Entry] = field(default_factory=list)

    @property
    def doc(self) -> str:
        """The docs path of this page, e.g. ``arts/combat.md``."""
        return f"{self.system}/{self.name}.md"


@dataclass(frozen=True)
class Summary:
    """A system's card on the front page (``system.summary``); ``start`` and
    ``creation_page`` are page names of the system."""

    game: str
    dice: str
    damage: str
    creation: str
    start: str
    creation_page: str | None = None


@dataclass(frozen=True)
class Rulebook:
    """The source file as the Sources page describes it (``system.rulebook``)."""

    lines: int
    holds: str
    title: str | None = None


@dataclass
class System:
    """A game system: its metadata and its pages in reading order.

    ``seeds`` are its source files in ``sources/``, chapters in order (``system.yml``'s
    ``seed``: one name or a list); ``seed`` is the first.
    """

    id: str
    name: str
    seeds: tuple[str, ...]
    text: str
    note: str
    file: str
    summary: Summary
    rulebook: Rulebook
    repairs: tuple[str, ...] = ()
    pages: list[Page] = field(default_factory=list)

    @property
    def seed(self) -> str:
        """The first (often the only) source file."""
        return self.seeds[0]

    def page(self, name: str) -> Page:
        """The page called ``name`` (e.g. ``combat``); ``KeyError`` if the system has none."""
        for candidate in self.pages:
            if candidate.name == name:
                return candidate
        raise KeyError(f"system {self.id!r} has no page {name!r}")


@dataclass
class RulesData:
    """All systems, pages and entries, indexed by id."""

    systems: dict[str, System] = field(default_factory=dict)
    entries: dict[str, Entry] = field(default_factory=dict)
    calculators: dict[str, Entry] = field(default_factory=dict)
    """Calculator entries by calculator id: their ids are not entry ids (the calculator
    ``space_shard.reach`` computes the formula ``space_shard.reach``), and no page shows them
    where they stand."""

    def entry(self, entry_id: str) -> Entry:
        """The entry with ``entry_id``; ``KeyError`` with a clear message if absent."""
        try:
            return self.entries[entry_id]
        except KeyError:
            raise KeyError(f"no rules entry with id {entry_id!r}") from None

    def of_kind(self, kind: str, system: str | None = None) -> Iterator[Entry]:
        """Entries of one kind, in file order, optionally of one system."""
        for item in self.entries.values():
            if item.kind == kind and (system is None or item.system == system):
                yield item

    def page(self, doc: str) -> Page:
        """The page whose docs path is ``doc`` (``arts/combat.md`` or ``arts/combat``)."""
        system_id, _, name = doc.removesuffix(".md").partition("/")
        for candidate in self.systems[system_id].pages:
            if candidate.name == name:
                return candidate
        raise KeyError(f"no rules data page {doc!r}")


class _Collector:
    """Gathers problems while the data is read."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.problems: list[Problem] = []

    def add(self, path: Path, line: int, field_name: str, message: str) -> None:
        self.problems.append(Problem(self.rel(path), line, field_name, message))

    def rel(self, path: Path) -> str:
        try:
            return str(path.relative_to(self.root.parent))
        except ValueError:
            return str(path)


def _type_ok(value: Any, spec: Field) -> bool:
    kind = spec.type
    if kind == "files":
        names = value if isinstance(value, list) else [value]
        return bool(names) and all(isinstance(n, str) and n and "\n" not in n for n in names)
    if kind == "mapping":
        return isinstance(value, dict)
    if kind == "mappings":
        return isinstance(value, list) and all(isinstance(v, dict) for v in value)
    if kind == "lines":
        return isinstance(value, list) and all(isinstance(v, str | dict) for v in value)
    if kind in ("intmap", "strmap"):
        wanted = str if kind == "strmap" else int
        return isinstance(value, dict) and all(
            isinstance(k, str) and isinstance(v, wanted) and not isinstance(v, bool)
            for k, v in value.items()
        )
    if kind in ("str", "text", "ref", "page"):
        return isinstance(value, str) and (kind == "text" or "\n" not in value.strip())
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "level":
        return isinstance(value, int) and not isinstance(value, bool) and 2 <= value <= 6
    if kind == "scalar":
        return isinstance(value, str | int | float | bool)
    if kind in ("strs", "refs"):
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if kind == "source":
        return (
            isinstance(value, dict)
            and isinstance(value.get("file"), str)
            and isinstance(value.get("heading"), str)
        )
    if kind == "rows":
        return isinstance(value, list) and all(
            isinstance(row, list) and all(isinstance(c, str | int | float) for c in row)
            for row in value
        )
    if kind == "pairs":
        return isinstance(value, list) and all(
            isinstance(p, dict)
            and len(p) == 1
            and all(isinstance(k, str) and isinstance(v, str | int) for k, v in p.items())
            for p in value
        )
    return True


def _describe(value: Any) -> str:
    if value is None:
        return "nothing"
    return {
        bool: "a boolean",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "a list",
    }.get(type(value), "a mapping" if isinstance(value, dict) else "a value")


def _check_fields(
    out: _Collector, path: Path, mapping: LineDict, specs: tuple[Field, ...], prefix: str
) -> None:
    known = {spec.name for spec in specs}
    for spec in specs:
        where = f"{prefix}{spec.name}"
        if spec.name not in mapping or mapping[spec.name] is None:
            if spec.required:
                out.add(path, mapping.line, where, "required field is missing")
            continue
        value = mapping[spec.name]
        line = mapping.line_of(spec.name)
        if not _type_ok(value, spec):
            expected = _TYPE_NAMES.get(spec.type, spec.type)
            out.add(path, line, where, f"expected {expected}, got {_describe(value)}")
        elif spec.choices and any(
            v not in spec.choices for v in (value if isinstance(value, list) else [value])
        ):
            out.add(path, line, where, f"must be one of {', '.join(spec.choices)}; got {value!r}")
        elif spec.items:
            for index, item in enumerate(value):
                if isinstance(item, LineDict):
                    _check_fields(out, path, item, spec.items, f"{where}[{index}].")
    for key in mapping:
        if key not in known:
            out.add(path, mapping.line_of(str(key)), f"{prefix}{key}", "unknown field")


def _read(out: _Collector, path: Path) -> Any:
    try:
        return load_yaml(path)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else 1
        out.add(path, line, "yaml", f"{error.problem or error.context}")
    except yaml.YAMLError as error:
        out.add(path, 1, "yaml", str(error))
    return None


def _check_source(
    out: _Collector, path: Path, source: LineDict, system: System, prefix: str
) -> None:
    """``source`` holds ``file`` and ``heading`` only (a comma in an unquoted flow mapping
    splits a heading into stray keys), and its heading's last part is a part of the book."""
    for key in source:
        if key not in ("file", "heading"):
            out.add(path, source.line_of(str(key)), f"{prefix}source.{key}",
                    "unknown field (a heading with a comma needs quotes)")
    seed = out.root.parent / SOURCES_DIR / str(source["file"])
    last = str(source["heading"]).split(" > ")[-1]
    if seed.is_file() and words(last) not in part_names(seed, system.repairs):
        out.add(path, source.line_of("heading"), f"{prefix}source.heading",
                f"{last!r} is not a heading (or label) of {source['file']}")


def _sanitize(out: _Collector, path: Path, raw: LineDict, prefix: str) -> None:
    """Unsafe HTML in an entry's text is dropped, with a warning at its field (which fails a
    ``--strict`` build): a book may come from anyone."""
    for key in list(raw):
        if key == "source":
            continue
        value, dropped = clean_tree(copy.deepcopy(raw[key]))
        if dropped:
            raw[key] = value
            _LOG.warning(
                "%s:%s: %s%s: unsafe HTML dropped: %s",
                out.rel(path), raw.line_of(str(key)), prefix, key, ", ".join(dropped),
            )


def _refine(out: _Collector, path: Path, meta: LineDict) -> None:
    """An author's ``refine.yml`` beside an imported system (the importer never writes it):
    ``pages`` are added after the system's own, and ``system`` fields replace its own
    (``summary`` and ``rulebook`` field by field)."""
    if not path.is_file():
        return
    doc = _read(out, path)
    if doc is None:
        return
    if not isinstance(doc, dict):
        out.add(path, 1, "refine", "expected a mapping with 'pages' and/or 'system'")
        return
    for key in doc:
        if key not in ("pages", "system"):
            out.add(path, doc.line_of(str(key)), str(key), "unknown field (pages, system)")
    pages = doc.get("pages") or []
    if not isinstance(pages, list) or not all(isinstance(p, str) for p in pages):
        out.add(path, doc.line_of("pages"), "pages", "must be a list of page names")
    elif isinstance(meta.get("pages"), list):
        meta["pages"] = [*meta["pages"], *pages]
    changes = doc.get("system") or {}
    if not isinstance(changes, dict):
        out.add(path, doc.line_of("system"), "system", "must be a mapping of system fields")
        return
    for key, value in changes.items():
        if key in ("summary", "rulebook") and isinstance(value, dict) and isinstance(
            meta.get(key), dict
        ):
            meta[key].update(value)
        elif key in ("id", "seed", "pages"):
            out.add(path, changes.line_of(str(key)), f"system.{key}", "is the importer's")
        else:
            meta[key] = value


def _load_system(out: _Collector, data: RulesData, folder: Path) -> None:
    system_path = folder / "system.yml"
    if not system_path.is_file():
        out.add(system_path, 1, "system", "every system folder needs a system.yml")
        return
    doc = _read(out, system_path)
    if doc is None:
        return
    if not isinstance(doc, LineDict) or not isinstance(doc.get("system"), LineDict):
        out.add(system_path, getattr(doc, "line", 1), "system", "expected a 'system' mapping")
        return
    meta = doc["system"]
    before = len(out.problems)
    _refine(out, folder / "refine.yml", meta)
    _check_fields(out, system_path, meta, SYSTEM_FIELDS, "system.")
    nested = {"summary": SUMMARY_FIELDS, "rulebook": RULEBOOK_FIELDS}
    for name, specs in nested.items():
        if isinstance(meta.get(name), LineDict):
            _check_fields(out, system_path, meta[name], specs, f"system.{name}.")
    if len(out.problems) > before:
        return
    _check_page_names(out, system_path, meta, nested)
    if meta["id"] != folder.name or not SYSTEM_ID_PATTERN.match(meta["id"]):
        out.add(
            system_path,
            meta.line_of("id"),
            "system.id",
            f"must equal the folder name {folder.name!r} (lower-case letters, digits, _)",
        )
        return
    summary, rulebook = meta["summary"], meta["rulebook"]
    _sanitize(out, system_path, meta, "system.")
    system = System(
        meta["id"],
        meta["name"],
        tuple(meta["seed"]) if isinstance(meta["seed"], list) else (meta["seed"],),
        meta["text"],
        meta.get("note") or "",
        out.rel(system_path),
        Summary(**{k: v for k, v in summary.items() if v is not None}),
        Rulebook(**{k: v for k, v in rulebook.items() if v is not None}),
        tuple(meta.get("repairs") or ()),
    )
    data.systems[system.id] = system
    missing = [s for s in system.seeds if not (out.root.parent / SOURCES_DIR / s).is_file()]
    for seed in missing:
        out.add(
            system_path,
            meta.line_of("seed"),
            "system.seed",
            f"no file {SOURCES_DIR}/{seed} (the rulebook this system is built from)",
        )
    if missing:
        return  # every entry would name a missing source: this one message says it
    lines = sum(
        len((out.root.parent / SOURCES_DIR / s).read_text(encoding="utf-8").splitlines())
        for s in system.seeds
    )
    if system.rulebook.lines != lines:
        out.add(
            system_path,
            meta["rulebook"].line_of("lines"),
            "system.rulebook.lines",
            f"is {system.rulebook.lines}, but {', '.join(system.seeds)} "
            f"{'has' if len(system.seeds) == 1 else 'have'} {lines} lines",
        )
    listed = set(meta["pages"])
    for name in meta["pages"]:
        page_path = folder / f"{name}.yml"
        if not page_path.is_file():
            out.add(system_path, meta.line_of("pages"), "system.pages", f"no file {name}.yml")
            continue
        _load_page(out, data, system, page_path)
    for extra in sorted(folder.glob("*.yml")):
        if extra.stem not in ("system", "import", "refine") and extra.stem not in listed:
            out.add(extra, 1, "page", f"file is not listed in {system.id}/system.yml pages")


def _check_page_names(
    out: _Collector, path: Path, meta: LineDict, nested: dict[str, tuple[Field, ...]]
) -> None:
    """Every ``page`` field of the nested mappings names one of the system's pages."""
    for name, specs in nested.items():
        mapping = meta[name]
        for spec in specs:
            value = mapping.get(spec.name)
            if spec.type == "page" and value is not None and value not in meta["pages"]:
                out.add(
                    path,
                    mapping.line_of(spec.name),
                    f"system.{name}.{spec.name}",
                    f"must be one of this system's pages ({', '.join(meta['pages'])}); "
                    f"got {value!r}",
                )


def _load_page(out: _Collector, data: RulesData, system: System, path: Path) -> None:
    doc = _read(out, path)
    if doc is None:
        return
    if not isinstance(doc, LineDict) or not isinstance(doc.get("page"), LineDict):
        out.add(path, getattr(doc, "line", 1), "page", "expected a 'page' mapping")
        return
    _check_fields(out, path, doc["page"], PAGE_FIELDS, "page.")
    if isinstance(doc["page"], LineDict):
        _sanitize(out, path, doc["page"], "page.")
    for key in doc:
        if key not in ("page", "entries"):
            out.add(path, doc.line_of(str(key)), str(key), "unknown top-level key")
    page = Page(
        system.id,
        path.stem,
        str(doc["page"].get("title", path.stem)),
        doc["page"].get("text") or "",
        out.rel(path),
    )
    system.pages.append(page)
    entries = doc.get("entries")
    if not isinstance(entries, list):
        out.add(path, doc.line_of("entries"), "entries", "expected a list of entries")
        return
    for index, raw in enumerate(entries):
        _load_entry(out, data, system, page, path, index, raw)


def _load_entry(
    out: _Collector, data: RulesData, system: System, page: Page, path: Path, index: int, raw: Any
) -> None:
    prefix = f"entries[{index}]."
    if not isinstance(raw, LineDict):
        out.add(path, doc_line(raw), prefix.rstrip("."), "expected a mapping")
        return
    kind = raw.get("kind")
    if kind not in KINDS:
        out.add(
            path,
            raw.line_of("kind"),
            prefix + "kind",
            f"must be one of {', '.join(sorted(KINDS))}; got {kind!r}",
        )
        return
    before = len(out.problems)
    _check_fields(out, path, raw, COMMON + KINDS[kind], prefix)
    entry_id = raw.get("id")
    if isinstance(entry_id, str):
        if not ID_PATTERN.match(entry_id) or not entry_id.startswith(system.id + "."):
            out.add(
                path,
                raw.line_of("id"),
                prefix + "id",
                f"must look like '{system.id}.some_name' (lower case); got {entry_id!r}",
            )
        elif entry_id in (known := data.calculators if kind == "calculator" else data.entries):
            first = known[entry_id]
            out.add(
                path,
                raw.line_of("id"),
                prefix + "id",
                f"duplicate id {entry_id!r} (first defined at {first.file}:{first.line})",
            )
            return
    source = raw.get("source")
    if isinstance(source, LineDict) and source.get("file") not in system.seeds:
        out.add(
            path,
            source.line_of("file"),
            prefix + "source.file",
            f"must name one of this system's seeds: {', '.join(system.seeds)}",
        )
    elif isinstance(source, LineDict):
        _check_source(out, path, source, system, prefix)
    if kind == "table" and raw.get("roll") and len(out.problems) == before:
        for message in rolltable.problems(raw["roll"], raw["rows"]):
            out.add(path, raw.line_of("rows"), prefix + "rows", message)
    if len(out.problems) > before:
        return
    _sanitize(out, path, raw, prefix)
    entry = Entry(
        entry_id, kind, raw["name"], system.id, page.name, out.rel(path), raw.line, index, dict(raw)
    )
    entry.data["_key_lines"] = raw.key_lines
    if kind == "calculator":  # ids of their own; the form follows the rule, not this place
        data.calculators[entry_id] = entry
        return
    data.entries[entry_id] = entry
    page.entries.append(entry)


def doc_line(value: Any) -> int:
    """Line of a parsed YAML value if it is a mapping, else 1."""
    return getattr(value, "line", 1)


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

    >>> from macros.yamlload import LineDict
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
    from calculators.declared import problems

    def assumption(ref: str) -> dict[str, Any] | None:
        found = data.entries.get(ref)
        return found.data if found is not None and found.kind == "assumption" else None

    for entry in data.calculators.values():
        raw = LineDict(entry.data)
        raw.line, raw.key_lines = entry.line, entry.data["_key_lines"]
        for field_path, message in problems(raw, assumption):
            line = _line_at(raw, field_path)
            out.add(root.parent / entry.file, line, f"entries[{entry.index}].{field_path}", message)


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


def load_rules(root: Path) -> RulesData:
    """Load and validate every system under ``root`` (the ``rules_data`` folder).

    Raises :class:`RulesDataError` listing every problem when anything is wrong.
    """
    out = _Collector(root)
    data = RulesData()
    if not root.is_dir():
        raise RulesDataError([Problem(str(root), 1, "rules_data", "folder not found")])
    for folder in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
        _load_system(out, data, folder)
    _check_references(out, data, root)
    _check_names(out, data)
    _check_calculators(out, data, root)
    if out.problems:
        raise RulesDataError(out.problems)
    return data
