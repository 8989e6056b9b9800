"""The worked examples of ``docs/authoring.md`` are the test book's own declarations
(``tests/data/books/heist/``), so they load, build and cannot go stale."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from tests.declaredbook import BOOK

DOC = Path(__file__).parents[1] / "docs" / "authoring.md"


def blocks() -> list[dict[str, object]]:
    """Every YAML entry shown in the authoring page."""
    found = re.findall(r"```yaml\n(- kind: .*?)```", DOC.read_text("utf-8"), re.S)
    return [entry for block in found for entry in yaml.safe_load(block)]


def book_entries() -> dict[str, dict[str, object]]:
    entries: dict[str, dict[str, object]] = {}
    for path in (BOOK / "rules_data" / "heist").glob("*.yml"):
        data = yaml.safe_load(path.read_text("utf-8"))
        for entry in data.get("entries") or []:
            entries[entry["id"]] = entry
    return entries


def test_each_worked_example_is_the_test_books_declaration() -> None:
    shown = blocks()
    assert {e["kind"] for e in shown} == {"check", "tracker", "builder", "status"}
    book = book_entries()
    for entry in shown:
        assert entry == book[str(entry["id"])], entry["id"]
