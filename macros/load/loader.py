"""Load ``rules_data/`` into validated, cross-referenced entries.

Every problem in every file is collected before anything fails, so one run
lists them all as ``file:line: field: message``. The loaded data's types are in
:mod:`macros.load.rulesdata`, the field checks in :mod:`macros.load.fields` and the checks
across files in :mod:`macros.load.crosscheck`; the types are importable from here too.
"""

from __future__ import annotations

import copy
import logging
import re
from pathlib import Path
from typing import Any

import yaml

from . import refine, rolltable
from .crosscheck import (
    _check_builders,
    _check_calculators,
    _check_checks,
    _check_names,
    _check_references,
    _check_trackers,
)
from .errors import Problem, RulesDataError
from .fields import _check_fields, _Collector
from .headings import part_names, words
from .rulesdata import Entry, License, Page, Rulebook, RulesData, Summary, System
from .sanitize import clean_tree
from .schema import (
    COMMON,
    ID_PATTERN,
    KINDS,
    PAGE_FIELDS,
    RULEBOOK_FIELDS,
    SOURCES_DIR,
    SUMMARY_FIELDS,
    SYSTEM_FIELDS,
    SYSTEM_ID_PATTERN,
    Field,
)
from .yamlload import LineDict, load_yaml

__all__ = ["Entry", "Page", "Rulebook", "RulesData", "Summary", "System", "doc_line", "load_rules"]


_LOG = logging.getLogger("mkdocs.plugins.rulebinder")


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
            out.add(
                path,
                source.line_of(str(key)),
                f"{prefix}source.{key}",
                "unknown field (a heading with a comma needs quotes)",
            )
    seed = out.root.parent / SOURCES_DIR / str(source["file"])
    last = str(source["heading"]).split(" > ")[-1]
    if seed.is_file() and words(last) not in part_names(seed, system.repairs):
        out.add(
            path,
            source.line_of("heading"),
            f"{prefix}source.heading",
            f"{last!r} is not a heading (or label) of {source['file']}",
        )


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
                out.rel(path),
                raw.line_of(str(key)),
                prefix,
                key,
                ", ".join(dropped),
            )


DROPPABLE_KINDS = frozenset({"check", "tracker", "builder", "calculator", "assumption"})
"""The kinds of entry ``refine.yml``'s ``drop`` may switch off: declarations, never the
rulebook's text."""


def _refine(out: _Collector, path: Path, meta: LineDict) -> tuple[dict[str, int], LineDict]:
    """An author's ``refine.yml`` beside an imported system (the importer never writes it):
    ``pages`` are added after the system's own, ``system`` fields replace its own
    (``summary`` and ``rulebook`` field by field), and ``drop`` lists declarations the
    importer inferred that the author switches off (their ids, with the line of each); the
    document is returned for the entries' refinements (:mod:`macros.load.refine`)."""
    doc = _read(out, path) if path.is_file() else None
    if not isinstance(doc, LineDict):
        if doc is not None:
            out.add(path, 1, "refine", "expected a mapping with 'pages', 'system' or 'drop'")
        return {}, LineDict()
    known = ("pages", "system", "drop", *refine.KEYS)
    for key in doc:
        if key not in known:
            out.add(path, doc.line_of(str(key)), str(key), f"unknown field ({', '.join(known)})")
    drops = doc.get("drop") or []
    if not isinstance(drops, list) or not all(isinstance(d, str) for d in drops):
        out.add(path, doc.line_of("drop"), "drop", "must be a list of entry ids")
        drops = []
    pages = doc.get("pages") or []
    if not isinstance(pages, list) or not all(isinstance(p, str) for p in pages):
        out.add(path, doc.line_of("pages"), "pages", "must be a list of page names")
    elif isinstance(meta.get("pages"), list):
        meta["pages"] = [*meta["pages"], *pages]
    changes = doc.get("system") or {}
    if not isinstance(changes, dict):
        out.add(path, doc.line_of("system"), "system", "must be a mapping of system fields")
        return {}, doc
    for key, value in changes.items():
        if (
            key in ("summary", "rulebook")
            and isinstance(value, dict)
            and isinstance(meta.get(key), dict)
        ):
            meta[key].update(value)
        elif key in ("id", "seed", "pages"):
            out.add(path, changes.line_of(str(key)), f"system.{key}", "is the importer's")
        else:
            meta[key] = value
    return {name: doc.line_of("drop") for name in drops}, doc


SPDX_ID = re.compile(r"^(NOASSERTION|NONE|LicenseRef-[A-Za-z0-9.-]+|[A-Za-z0-9][A-Za-z0-9.+-]*)$")
"""An SPDX licence identifier (``CC-BY-4.0``, ``OGL-1.0a``, ``LicenseRef-...``)."""


def _license_ok(out: _Collector, path: Path, terms: LineDict, where: str) -> bool:
    """Whether a ``license`` mapping names its terms well (each problem at its line)."""
    ok = True
    if not SPDX_ID.match(str(terms["spdx"])):
        out.add(path, terms.line_of("spdx"), f"{where}spdx",
                f"{terms['spdx']!r} is not an SPDX identifier (e.g. CC-BY-4.0, OGL-1.0a, "
                "NOASSERTION when the rulebook states none)")
        ok = False
    url = terms.get("url")
    if url is not None and not str(url).startswith(("https://", "http://")):
        out.add(path, terms.line_of("url"), f"{where}url", "must be an http(s) URL")
        ok = False
    return ok


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
    drops, refinements = _refine(out, folder / "refine.yml", meta)
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
    terms = meta.get("license")
    if terms and _license_ok(out, system_path, terms, "system.license."):
        system.license = License.of(terms)
    else:
        system.license = License("NOASSERTION", f"{system.name} ({', '.join(system.seeds)})")
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
        _load_page(out, data, system, page_path, drops)
    refine.apply(out, data, system, folder / "refine.yml", refinements)
    for name, line in drops.items():
        out.add(folder / "refine.yml", line, "drop",
                f"no declaration {name!r} to drop (one of: {', '.join(sorted(DROPPABLE_KINDS))})")
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


def _load_page(
    out: _Collector, data: RulesData, system: System, path: Path, drops: dict[str, int]
) -> None:
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
        if isinstance(raw, LineDict) and raw.get("kind") in DROPPABLE_KINDS and (
            drops.pop(str(raw.get("id")), None) is not None
        ):
            continue  # switched off in refine.yml
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
    if isinstance(raw.get("license"), LineDict) and len(out.problems) == before:
        _license_ok(out, path, raw["license"], prefix + "license.")
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
    _check_checks(out, data, root)
    _check_trackers(out, data, root)
    _check_builders(out, data, root)
    if out.problems:
        raise RulesDataError(out.problems)
    return data
