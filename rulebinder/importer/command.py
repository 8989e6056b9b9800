"""``rulebinder import``: read, check, compare, then write (or say why not).

Exit status: 0 when written or unchanged; 1 when a re-import with changes was refused
(``--force`` writes it); 2 when the input is bad (nothing is written). A dry run writes
nothing and ends with the status the real run would have.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from calculators.books import built_in
from macros.load.errors import console_lines
from macros.load.schema import SYSTEM_ID_PATTERN

from .book import Book, make_book
from .ids import taken_system
from .licence import stated_licence
from .problems import ImportFailed, Problem
from .read import Source, read_source
from .write import (
    RECORD,
    REFINE,
    REFINE_TEMPLATE,
    Change,
    compare,
    plan,
    record,
    sha,
    write_all,
)


@dataclass(frozen=True)
class Options:
    """What the command was asked."""

    sources: list[Path]
    system: str
    title: str | None = None
    format: str | None = None
    dry_run: bool = False
    force: bool = False
    root: Path = Path(".")
    license: str | None = None
    """The SPDX id of the book's licence (``--license``), where the book states none."""
    attribution: str | None = None
    license_url: str | None = None


def _read_all(options: Options, say: Callable[[str], None]) -> list[Source]:
    problems: list[Problem] = []
    if not SYSTEM_ID_PATTERN.match(options.system):
        problems.append(Problem("--system", 0, f"{options.system!r} is not a valid system id "
                                "(lower-case letters, digits and _, starting with a letter)"))
    elif why := taken_system(options.system, options.root, built_in()):
        problems.append(Problem("--system", 0, f"{options.system!r} {why}; choose another id "
                                f"(e.g. --system my_{options.system})"))
    sources = []
    for path in options.sources:
        try:
            sources.append(read_source(path, options.format))
            say(f"read {path} ({sources[-1].format})")
        except ImportFailed as failed:
            problems += failed.problems
    names = Counter(s.name for s in sources)
    problems += [Problem(n, 0, "is given twice (sources are chapters, each once)")
                 for n, count in names.items() if count > 1]
    if problems:
        raise ImportFailed(problems)
    return sources


def _entries_by_id(paths: list[Path]) -> dict[str, str]:
    out = {}
    for path in paths:
        if path.suffix == ".yml" and path.exists() and path.name not in ("system.yml", RECORD):
            doc = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
            for entry in doc.get("entries") or []:
                out[entry["id"]] = yaml.safe_dump(entry, sort_keys=True)
    return out


def _entry_changes(old_files: list[Path], new: dict[Path, bytes]) -> list[str]:
    before = _entries_by_id(old_files)
    after = {}
    for path, data in new.items():
        if path.suffix == ".yml" and path.name not in ("system.yml", RECORD):
            for entry in (yaml.safe_load(data) or {}).get("entries") or []:
                after[entry["id"]] = yaml.safe_dump(entry, sort_keys=True)
    lines = [f"  new      {i}" for i in after if i not in before]
    lines += [f"  changed  {i}" for i in after if i in before and before[i] != after[i]]
    lines += [f"  removed  {i}" for i in before if i not in after]
    return lines


def _guard(
    options: Options, sources: list[Source], files: dict[Path, bytes]
) -> tuple[list[Path], list[Path]]:
    """What stands in the way (raised); the generated files of the last import that this
    one does not make, and those edited by hand since (kept as backups under ``--force``)."""
    root = options.root
    data_dir = root / "rules_data" / options.system
    old_record = data_dir / RECORD
    previous: dict[str, object] = {}
    if old_record.exists():
        previous = yaml.safe_load(old_record.read_text(encoding="utf-8")) or {}
    elif data_dir.exists() and any(data_dir.iterdir()):
        raise ImportFailed([Problem(str(data_dir), 0, "holds a system that rulebinder import did "
                                    "not make; choose another --system")])
    problems = []
    ours = set(previous.get("sources") or {})  # type: ignore[union-attr]
    for source in sources:
        kept = root / "sources" / source.name
        if kept.exists() and kept.read_bytes() != source.path.read_bytes() and (
            source.name not in ours
        ):
            problems.append(Problem(str(kept), 0, f"a different file named {source.name} is "
                                    "already in sources/; rename the new one"))
    old_files = [root / p for p in (previous.get("files") or {})]  # type: ignore[union-attr]
    edited = []
    for name, digest in (previous.get("files") or {}).items():  # type: ignore[union-attr]
        path = root / name
        if path.exists() and sha(path.read_bytes()) != digest:
            edited.append(path)
            if not options.force:
                problems.append(Problem(name, 0, "was edited by hand since the last import "
                                        "(--force writes over it, keeping your edit as a "
                                        "backup; keep edits in refine.yml or your own pages)"))
    if problems:
        raise ImportFailed(problems)
    return [p for p in old_files if p not in files], edited


def _backups(edited: list[Path], root: Path, system: str) -> dict[Path, bytes]:
    """Each hand-edited file, as it is now, at a new place under ``rules_data/<id>/.backup/``
    (``<its path>.edited-<n>``, the first ``n`` free), which no build reads."""
    out = {}
    for path in edited:
        base = root / "rules_data" / system / ".backup" / path.relative_to(root)
        number = 1
        while base.with_name(f"{base.name}.edited-{number}").exists():
            number += 1
        out[base.with_name(f"{base.name}.edited-{number}")] = path.read_bytes()
    return out


def entry_lines(book: Book) -> list[str]:
    """The entries the import makes, page by page: kind, id and name, one a line."""
    lines = []
    for page in book.pages:
        lines.append(f"page {page.name} ({page.title}): {len(page.entries)} entries")
        lines += [f"  {e['kind']:9} {e['id']}  {e['name']}" for e in page.entries]
    return lines


def summary(book: Book, seconds: float) -> list[str]:
    """The closing lines: pages, entries by kind, terms, dice, tables, time."""
    entries = book.entries()
    kinds = Counter(e["kind"] for e in entries)
    rolls = sum(1 for e in entries if e["kind"] == "table" and e.get("roll"))
    terms = [e for e in entries if e["kind"] == "term"]
    aliases = sum(len(e.get("aliases", [])) + 1 for e in terms)
    by_kind = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
    return [
        f"pages: {len(book.pages)}; entries: {len(entries)} ({by_kind})",
        f"sections: {kinds['section']}; tables: {kinds['table']} ({rolls} roll tables); "
        f"terms: {len(terms)} (linked by {aliases} names and forms)",
        f"dice: {book.system['summary']['dice']}",
        *book.notes,
        f"time: {seconds:.2f} s",
    ]


def _license(system: dict[str, Any], sources: list[Source], options: Options,
             say: Callable[[str], None]) -> None:
    """``system.license``: ``--license`` if given, else what the book states, else
    ``NOASSERTION`` with a line asking for ``--license``."""
    stated = stated_licence("\n\n".join(s.markdown for s in sources))
    if options.license:
        terms = {"spdx": options.license,
                 "attribution": options.attribution or (stated.attribution if stated else
                                                        str(system["name"])),
                 "url": options.license_url or (stated.url if stated else None)}
    elif stated:
        terms = {"spdx": stated.spdx, "attribution": options.attribution or stated.attribution,
                 "url": options.license_url or stated.url}
        say(f"licence: {stated.spdx}, as the book states it")
    else:
        terms = {"spdx": "NOASSERTION",
                 "attribution": options.attribution or str(system["name"])}
        say("licence: the book states none; its pages say so. If you know it, import again "
            "with --license SPDX-ID (e.g. CC-BY-4.0) and --attribution TEXT")
    terms = {k: v for k, v in terms.items() if v}
    items = list(system.items())
    at = next(i for i, (key, _) in enumerate(items) if key == "seed") + 1
    system.clear()
    system.update(items[:at] + [("license", terms)] + items[at:])


def run(options: Options, say: Callable[[str], None] = print) -> int:
    """Import as ``options`` say; every message goes to ``say``."""
    started = time.perf_counter()
    try:
        sources = _read_all(options, say)
        book = make_book(sources, options.system, options.title)
        _license(book.system, sources, options, say)
        say(f"structured {len(book.pages)} pages")
        files = plan(book, options.root)
        stale, edited = _guard(options, sources, files)
    except ImportFailed as failed:
        lines = [str(problem) for problem in failed.problems]
        for line in console_lines(lines, "rulebinder-import-errors", "error: "):
            say(line)
        say("a real run would write nothing" if options.dry_run else "nothing was written")
        return 2
    root = options.root
    copies = {root / "sources" / s.name: s.path.read_bytes() for s in sources}
    files_with_record = {**files, root / "rules_data" / options.system / RECORD:
                         record(files, sources, root)}
    everything = {**files_with_record, **copies}
    refine = root / "rules_data" / options.system / REFINE
    if not refine.exists():
        everything[refine] = REFINE_TEMPLATE.encode()
    changes = compare(everything, stale)
    changed = [c for c in changes if c.status != "unchanged"]
    backups = _backups(edited, root, options.system)
    if options.dry_run:
        for change in changes:
            say(f"would be {change.status:9} {change.path.relative_to(root)}")
        for line in entry_lines(book):
            say(line)
    if not changed:
        say(f"unchanged: the import of {', '.join(s.name for s in sources)} is up to date; "
            "nothing written")
        for line in summary(book, time.perf_counter() - started) if options.dry_run else []:
            say(line)
        return 0
    reimport = (root / "rules_data" / options.system / RECORD).exists()
    if reimport and not options.force:
        say("the sources changed since the last import; entries:")
        for line in _entry_changes(list(stale) + list(files), files) or ["  (none)"]:
            say(line)
        for change in changed:
            say(f"  {change.status:9} {change.path.relative_to(root)}")
        say("a real run would write nothing: run it with --force to write it (exit status 1)"
            if options.dry_run else "nothing was written: run again with --force to write it")
        return 1
    verb = "would keep" if options.dry_run else "kept"
    for path, backup in zip(edited, backups, strict=True):
        say(f"{verb} your edit of {path.relative_to(root)} as {backup.relative_to(root)}")
    if options.dry_run:
        for line in summary(book, time.perf_counter() - started):
            say(line)
        return 0
    write_all({**everything, **backups}, [c.path for c in changes if c.status == "removed"],
              root)
    _report(changes, say, root)
    for line in summary(book, time.perf_counter() - started):
        say(line)
    return 0


def _report(changes: list[Change], say: Callable[[str], None], root: Path) -> None:
    counts = Counter(c.status for c in changes)
    say("wrote " + ", ".join(f"{n} {s}" for s, n in sorted(counts.items())) + " files")
