"""The worked examples of ``docs/guide/authoring.md`` are the test book's own declarations
(``tests/data/books/heist/``), so they load, build and cannot go stale."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from tests.declaredbook import BOOK

DOC = Path(__file__).parents[1] / "docs" / "guide" / "authoring.md"


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
    shown = [e for e in blocks() if str(e["id"]).startswith("heist.")]
    assert {e["kind"] for e in shown} == {"check", "tracker", "builder", "status"}
    book = book_entries()
    for entry in shown:
        assert entry == book[str(entry["id"])], entry["id"]


def test_an_excerpt_of_a_built_in_book_is_taken_from_its_rules_data() -> None:
    """An excerpt shows some items of each list of the real entry, the rest as it is."""
    excerpts = [e for e in blocks() if not str(e["id"]).startswith("heist.")]
    assert [e["id"] for e in excerpts] == ["pendragon.tracker"]
    real: dict[str, dict[str, object]] = {}
    for path in (DOC.parents[2] / "rules_data" / "pendragon").glob("*.yml"):
        for entry in yaml.safe_load(path.read_text("utf-8")).get("entries") or []:
            real[entry["id"]] = entry
    for excerpt in excerpts:
        whole = real[str(excerpt["id"])]
        for key, value in excerpt.items():
            if isinstance(value, list):
                missing = [item for item in value if item not in whole[key]]  # type: ignore[operator]
                assert not missing, (key, missing)
            else:
                assert value == whole[key], key
