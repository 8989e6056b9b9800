"""Each book's open data: ``<book>/data.json`` in the built site, valid against the published
JSON Schema, holding every entry and calculator of its rules data with a URL that leads to
the entry on its page."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import jsonschema
import pytest

from macros.load.loader import load_rules
from macros.load.rulesdata import RulesData
from macros.load.schema import KINDS
from macros.publish.opendata import SCHEMA_FILE, SCHEMA_URI

ROOT = Path(__file__).resolve().parents[1]
BOOKS = ("arts", "glittershard", "pendragon", "shattered_spirits", "space_shard")


@functools.cache
def rules() -> RulesData:
    return load_rules(ROOT / "rules_data")


def test_the_schema_names_every_kind_of_entry() -> None:
    schema = json.loads(SCHEMA_FILE.read_text("utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    assert set(schema["$defs"]["record"]["properties"]["kind"]["enum"]) == set(KINDS)


@pytest.mark.parametrize("book", BOOKS)
def test_each_book_publishes_its_entries_as_valid_json(built_site: Path, book: str) -> None:
    schema = json.loads((built_site / SCHEMA_URI).read_text("utf-8"))
    document = json.loads((built_site / book / "data.json").read_text("utf-8"))
    jsonschema.validate(document, schema)
    assert document["book"]["id"] == book
    data = rules()
    assert [e["id"] for e in document["entries"]] == [
        e.id for e in data.entries.values() if e.system == book]
    assert [c["id"] for c in document["calculators"]] == [
        c.id for c in data.calculators.values() if c.system == book]
    for record in document["entries"][:40] + document["calculators"]:
        page, _, fragment = record["url"].partition("#")
        html = (built_site / page / "index.html").read_text("utf-8")
        assert f'id="{fragment}"' in html or f"id='{fragment}'" in html, record["id"]


def test_a_record_keeps_the_rules_text_and_its_source(built_site: Path) -> None:
    document = json.loads((built_site / "pendragon" / "data.json").read_text("utf-8"))
    by_id = {e["id"]: e for e in document["entries"]}
    tracker = by_id["pendragon.tracker"]
    assert tracker["kind"] == "tracker"
    assert tracker["source"]["file"] == "003_21dcbe496008b3b2.txt"
    assert any(r["id"] == "pendragon.damage" for r in tracker["fields"]["rules"])
    assert document["generator"].startswith("Rulebinder ")


def test_a_readers_first_visit_does_not_download_the_open_data(built_site: Path) -> None:
    worker = (built_site / "sw.js").read_text("utf-8")
    assert "pendragon/index.html" in worker or "pendragon/" in worker
    assert "data.json" not in worker and SCHEMA_URI not in worker
