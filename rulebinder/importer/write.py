"""The files of an import: planned as bytes, compared with what is there, written at once.

The importer owns ``rules_data/<id>/system.yml``, one ``<page>.yml`` a page,
``docs/<id>/index.md``, ``docs/<id>/assumptions.md`` and one ``docs/<id>/<page>.md`` a
page, and records them with their SHA-256 in ``rules_data/<id>/import.yml``; the sources
are copied unchanged into ``sources/``. Writing is atomic: every file is written beside
its place first and the old ones are kept until every new one is in; a failure puts the
old ones back.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from .book import Book
from .read import Source

RECORD = "import.yml"
REFINE = "refine.yml"
REFINE_TEMPLATE = """\
# Your refinements of this imported book. `rulebinder import` writes this file once, when it
# is missing, and never changes it; the build reads it after system.yml.
#
# pages: your own pages after the imported ones, each a rules_data/<id>/<page>.yml (a `page:`
#   and its `entries:`: assumptions, calculators, terms the importer missed...) and a
#   docs/<id>/<page>.md holding {{ rules_page() }}.
# system: fields of system.yml to replace: its name, text, or its front page card, e.g.
#   system: {name: My Book, summary: {damage: Damage is dealt in hit points.}}
# drop: the ids of declarations the importer read from the book (checks, the tracker, the
#   builder, assumptions; the import summary lists each with its source line) to switch
#   off, e.g. drop: [mybook.character_builder]; put a corrected one in a page of your own.
#
# The imported entries, each by its id (which stays, so links to it hold), in this order:
# merge: {mybook.cover: [mybook.shelter]}: the first takes each other's text and names; the
#   other's id leads to it.
# split: {mybook.travel: {at: 3, id: mybook.camping, name: Camping}}: the text from its 3rd
#   paragraph (blocks apart by a blank line) on becomes a new entry of the same kind.
# rename: {mybook.heave: Haul}: the name shown and linked.
# kind: {mybook.frozen: status}: another kind.
# aliases: {mybook.hold: {add: [grapple], drop: [holds]}}: names it is linked by too.
# unlink: {mybook.haggle: [mybook.market, glossary]}: its names not linked in those entries
#   and pages; {mybook.haggle: true}: nowhere.
pages: []
system: {}
"""


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """YAML as the hand-structured books are written: block style, text as literal blocks,
    no anchors or aliases (libyaml's emitter where PyYAML has it: several times faster)."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)


def dump(data: Any) -> str:
    """Deterministic YAML: keys in the order given, Unicode kept, long lines allowed.

    >>> print(dump({"page": {"title": "Combat"}, "text": "a\\nb"}), end="")
    page:
      title: Combat
    text: |-
      a
      b
    """
    return yaml.dump(
        data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100,
        default_flow_style=False,
    )


def sha(data: bytes) -> str:
    """The SHA-256 of some bytes, as hex."""
    return hashlib.sha256(data).hexdigest()


def _page_md(title: str) -> str:
    front = yaml.safe_dump({"title": title}, allow_unicode=True, width=1000)
    return f"---\n{front}---\n\n{{{{ rules_page() }}}}\n"


def _index_md(system_id: str) -> str:
    return (
        f'# {{{{ rules.systems["{system_id}"].name }}}}\n\n'
        f'{{{{ rules.systems["{system_id}"].text }}}}\n\n'
        f"## Contents\n\n{{{{ system_contents(\"{system_id}\") }}}}\n"
    )


_ASSUMPTIONS_MD = (
    "---\ntitle: Assumptions\n---\n\n# Assumptions\n\n"
    "Where the rulebook leaves open something a calculator needs, an assumption says what\n"
    "is assumed.\n\n"
    "{{ assumptions_page() }}\n"
)


def plan(book: Book, root: Path) -> dict[Path, bytes]:
    """Every file the book writes (the record too), by path under ``root``."""
    system_id = book.system["id"]
    data_dir, docs_dir = root / "rules_data" / system_id, root / "docs" / system_id
    files: dict[Path, bytes] = {
        data_dir / "system.yml": dump({"system": book.system}).encode(),
        docs_dir / "index.md": _index_md(system_id).encode(),
        docs_dir / "assumptions.md": _ASSUMPTIONS_MD.encode(),
    }
    for page in book.pages:
        files[data_dir / f"{page.name}.yml"] = dump(
            {"page": {"title": page.title}, "entries": page.entries}
        ).encode()
        files[docs_dir / f"{page.name}.md"] = _page_md(page.title).encode()
    for tool in book.tools:
        files[docs_dir / f"{tool}.md"] = _TOOL_MD[tool].format(id=system_id).encode()
    return files


_TOOL_MD = {
    "calculators": "---\nengine: eager\ntitle: Calculators\n---\n\n# Calculators\n\n"
    "Every calculator of this book, each also beside the rule it computes.\n\n"
    '{{{{ calculators_for("{id}") }}}}\n',
    "tracker": "---\ntitle: Encounter tracker\n---\n\n# Encounter tracker\n\n"
    "Run a scene turn by turn: the tracker keeps the order, each character's numbers, tracks "
    "and conditions, and applies the rules the book states plainly, saying which rule changed "
    "what. Every step can be undone.\n\n"
    '{{{{ encounter_tracker("{id}") }}}}\n',
    "builder": "---\ntitle: Character builder\n---\n\n# Character builder\n\n"
    '{{{{ character_builder("{id}") }}}}\n',
}
"""The tool pages an imported book gets from its declarations."""


def record(files: dict[Path, bytes], sources: list[Source], root: Path) -> bytes:
    """``import.yml``: the sources and the generated files with their SHA-256."""
    return dump(
        {
            "generated_by": "rulebinder import",
            "sources": {s.name: sha(s.path.read_bytes()) for s in sources},
            "files": {str(p.relative_to(root)): sha(b) for p, b in sorted(files.items())},
        }
    ).encode()


@dataclass(frozen=True)
class Change:
    """One file of the plan: ``new``, ``changed``, ``unchanged`` or ``removed``."""

    path: Path
    status: str


def compare(files: dict[Path, bytes], stale: list[Path]) -> list[Change]:
    """How each planned file differs from what is on disk."""
    out = []
    for path, data in sorted(files.items()):
        if not path.exists():
            out.append(Change(path, "new"))
        else:
            out.append(Change(path, "unchanged" if path.read_bytes() == data else "changed"))
    out += [Change(path, "removed") for path in stale if path.exists()]
    return out


def write_all(files: dict[Path, bytes], remove: list[Path], root: Path) -> None:
    """Write ``files`` and remove ``remove`` all at once, or leave everything as it was."""
    stage = Path(tempfile.mkdtemp(prefix=".rulebinder-import-", dir=root))
    moved: list[tuple[Path, Path]] = []  # (original place, where it is kept meanwhile)
    placed: list[Path] = []
    try:
        staged = {}
        for number, (path, data) in enumerate(sorted(files.items())):
            staged[path] = stage / f"new-{number}"
            staged[path].write_bytes(data)
        for number, path in enumerate(sorted(set(files) | set(remove))):
            if path.exists():
                kept = stage / f"old-{number}"
                os.replace(path, kept)
                moved.append((path, kept))
        for path, new in staged.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            os.replace(new, path)
            placed.append(path)
    except BaseException:
        for path in placed:
            path.unlink(missing_ok=True)
        for path, kept in moved:
            os.replace(kept, path)
        raise
    finally:
        shutil.rmtree(stage, ignore_errors=True)
