"""The open data of each book: its entries and calculators as one documented, versioned JSON
file (``<book>/data.json``) beside a JSON Schema (``schema/book-1.json``), the same
rules data the pages and the core are made from, so a virtual tabletop's importer or a
bot reads the book without scraping it.

Each entry keeps every field of its rules data (``text`` in Markdown, ``source`` as the
file and heading of the rulebook it comes from) and gains ``url``, its place in the book
relative to the site's root.

>>> from macros.load.rulesdata import Entry
>>> e = Entry("demo.fatigue", "term", "Fatigue", "demo", "glossary", "rules_data/demo/x.yml",
...           3, 0, {"id": "demo.fatigue", "kind": "term", "name": "Fatigue", "text": "Tired.",
...                  "source": {"file": "demo.md", "heading": "Glossary"},
...                  "_key_lines": {"id": 3}})
>>> record(e, "demo/glossary.md", "demo-fatigue")["url"]
'demo/glossary/#demo-fatigue'
>>> sorted(record(e, "demo/glossary.md", "demo-fatigue"))
['fields', 'id', 'kind', 'name', 'source', 'url']
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..load.rulesdata import Entry, RulesData
from ..render.share import SHARED_KINDS
from ..render.urls import anchor, dom_id, page_url, share_path

FORMAT = "rulebinder-book"
FORMAT_VERSION = 1
SCHEMA_FILE = Path(__file__).with_name("book.schema.json")
SCHEMA_URI = f"schema/book-{FORMAT_VERSION}.json"
"""Where the schema is published, relative to the site's root."""
OPEN_DATA_GLOBS = ("*/data.json", "schema/**")
"""The open data's files, as the service worker's globs: left out of its precache (a tool
fetches them; a reader's first visit does not)."""


def record(entry: Entry, home: str, fragment: str, share: str | None = None) -> dict[str, Any]:
    """One entry as published: id, kind, name, url (and ``share_url``, its own page, where
    it has one), source and its other fields."""
    fields = {k: v for k, v in entry.data.items()
              if k not in ("id", "kind", "name", "source", "_key_lines")}
    found: dict[str, Any] = {
        "id": entry.id,
        "kind": entry.kind,
        "name": entry.name,
        "url": f"{page_url(home)}#{fragment}",
    }
    if share:
        found["share_url"] = share
    return {**found, "source": dict(entry.data.get("source") or {}), "fields": fields}



def book_document(data: RulesData, system_id: str, generator: str) -> dict[str, Any]:
    """The open data of one book."""
    system = data.systems[system_id]
    mine = [e for e in data.entries.values() if e.system == system_id]
    calculators = [c for c in data.calculators.values() if c.system == system_id]
    return {
        "$schema": f"../{SCHEMA_URI}",
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "generator": generator,
        "book": {
            "id": system.id,
            "name": system.name,
            "url": f"{system.id}/",
            "about": system.text,
            "sources": list(system.seeds),
            "license": system.license.fields(),
            "pages": [{"name": p.name, "title": p.title, "url": page_url(p.doc)}
                      for p in system.pages],
        },
        "entries": [record(e, e.doc, anchor(e.id),
                           share_path(e.id, "rule") if e.kind in SHARED_KINDS else None)
                    for e in mine],
        "calculators": [record(c, data.calculator_place(c).doc, dom_id(c.id),
                               share_path(c.id, "calc")) for c in calculators],
    }




def publish_open_data(site_dir: Path, data: RulesData, generator: str) -> str:
    """Write every book's ``data.json`` and the schema; what was written, for the log."""
    schema = site_dir / SCHEMA_URI
    schema.parent.mkdir(parents=True, exist_ok=True)
    schema.write_text(SCHEMA_FILE.read_text("utf-8"), "utf-8")
    for system_id in data.systems:
        out = site_dir / system_id / "data.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        document = book_document(data, system_id, generator)
        out.write_text(json.dumps(document, ensure_ascii=False, separators=(",", ":")), "utf-8")
    return (f"open data: {len(data.systems)} books as <book>/data.json, "
            f"schema {SCHEMA_URI}")
