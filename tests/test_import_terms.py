"""Terms by their sense (issue #36, part 3), each measured failure on a small book written
for it (``tests/data/import/terms/``), imported as an author imports a book and built:

* a glossary chapter whose entries are ``####`` headings under ``### A`` letter groups made
  sections, not terms, so its words were not linked (``letters.md``); a definition-list
  glossary under a numbered heading (``deflist.md``);
* numbered headings ("2. Glossary", "8.2 Conditions", "II. Terms") were not read as what
  they are, and the nav showed two glossaries (``numbered.md``, ``twoparts.md``);
* lower-case aliases linked verbs to nouns: "you mark 1 Stress" to *Mark*, the heist's
  target (``verbs.md``);
* tables inside lists and block quotes were not published as tables (``tables.md``);
* each condition's "Effects" and "Ending" sub-headings were terms, two of one name
  (``subheadings.md``).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from macros.render.urls import anchor
from rulebinder.importer.book import make_book
from rulebinder.importer.command import Options, run
from rulebinder.importer.read import read_source
from rulebinder.new import create
from tests.declaredbook import FAST
from tests.sitebuild import mkdocs_build

TERMS = Path(__file__).parent / "data" / "import" / "terms"
BOOKS = {"letters": "letters", "deflist": "salt", "numbered": "ember", "twoparts": "hollow",
         "verbs": "raid", "tables": "shapes"}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, str]]:
    """An author's project with the six books imported, each a system; its built site and
    what each import said."""
    root = tmp_path_factory.mktemp("terms") / "project"
    create(root, say=lambda _: None)
    said: dict[str, str] = {}
    for book, system in BOOKS.items():
        source = root / f"{book}.md"
        shutil.copy(TERMS / f"{book}.md", source)
        lines: list[str] = []
        assert run(Options([source], system, root=root), lines.append) == 0, lines
        said[system] = "\n".join(lines)
        source.unlink()
    config = root / "mkdocs.yml"
    config.write_text(config.read_text("utf-8").replace("  - rulebinder\n", FAST), "utf-8")
    site = tmp_path_factory.mktemp("terms-site")
    result = mkdocs_build(root, site)
    assert result.returncode == 0, result.stdout + result.stderr
    return root, site, said


def entries(root: Path, system: str) -> dict[str, dict[str, Any]]:
    """The imported system's entries by id."""
    out = {}
    for path in sorted((root / "rules_data" / system).glob("*.yml")):
        for entry in (yaml.safe_load(path.read_text("utf-8")) or {}).get("entries") or []:
            out[entry["id"]] = {**entry, "_page": path.stem}
    return out


def pages(root: Path, system: str) -> list[str]:
    meta = yaml.safe_load((root / "rules_data" / system / "system.yml").read_text("utf-8"))
    return list(meta["system"]["pages"])


def page_html(site: Path, system: str, page: str) -> str:
    return (site / system / page / "index.html").read_text(encoding="utf-8")


def linked(html: str, entry_id: str) -> bool:
    """Whether the page links to the entry's definition."""
    return bool(re.search(rf'href="[^"]*#{re.escape(anchor(entry_id))}"', html))


def terms_of(found: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {e["name"]: e for e in found.values() if e["kind"] == "term"}


# -- glossary chapters ---------------------------------------------------------------------

def test_a_heading_glossary_with_letter_groups_gives_terms_linked_where_mentioned(
    project: tuple[Path, Path, dict[str, str]],
) -> None:
    root, site, _ = project
    terms = terms_of(entries(root, "letters"))
    assert sorted(terms) == ["Ally", "Armor Class", "Bane", "Bloodied", "Boon"]
    assert terms["Bane"]["text"] == "A d4 rolled and taken from a roll."
    # The labelled paragraphs of a term are its definition, not terms of their own.
    assert "***Ending.*** Healing above half" in terms["Bloodied"]["text"]
    groups = [e for e in entries(root, "letters").values() if e["name"] in ("A", "B")]
    assert [e["kind"] for e in groups] == ["section", "section"]
    playing = page_html(site, "letters", "playing_the_game")
    for name in terms:
        assert linked(playing, terms[name]["id"]), name
    assert pages(root, "letters") == ["playing_the_game", "rules_glossary"]


def test_a_definition_list_glossary_under_a_numbered_heading(
    project: tuple[Path, Path, dict[str, str]],
) -> None:
    root, site, _ = project
    terms = terms_of(entries(root, "salt"))
    assert {n: t["text"] for n, t in terms.items()} == {
        "Ballast": "Stones in the hold that keep a ship upright.",
        "Knot": "One step of a ship's speed.",
        "Wind Gauge": "The upwind place of two ships, which moves first.",
    }
    sailing = page_html(site, "salt", "sailing")
    assert all(linked(sailing, t["id"]) for t in terms.values())


def test_numbered_headings_are_read_by_their_words_and_the_book_has_one_glossary(
    project: tuple[Path, Path, dict[str, str]],
) -> None:
    root, site, _ = project
    found = entries(root, "ember")
    terms = terms_of(found)
    assert sorted(terms) == ["Blinded", "Camp", "Ember", "Exhausted", "Momentum", "Watch"]
    # "2. Glossary" is the glossary: the run-in term goes there, no second Glossary page.
    glossary = [p for p in pages(root, "ember") if "glossary" in p]
    assert glossary == ["chapter_2_glossary"], pages(root, "ember")
    assert terms["Momentum"]["_page"] == "chapter_2_glossary"
    assert terms["Exhausted"]["_page"] == "chapter_8_2_conditions"
    playing = page_html(site, "ember", "chapter_1_playing")
    assert all(linked(playing, t["id"]) for t in terms.values())
    assert [p.name for p in (site / "ember").glob("*glossary*")] == ["chapter_2_glossary"]


def test_two_glossary_parts_are_one_glossary_page(
    project: tuple[Path, Path, dict[str, str]],
) -> None:
    root, site, said = project
    assert pages(root, "hollow") == ["glossary", "delving"]
    terms = terms_of(entries(root, "hollow"))
    assert {t["_page"] for t in terms.values()} == {"glossary"} and len(terms) == 3
    assert "glossary pages merged into Glossary: Appendix B: Glossary" in said["hollow"]
    delving = page_html(site, "hollow", "delving")
    assert all(linked(delving, t["id"]) for t in terms.values())
    assert "Fifty feet of line." in page_html(site, "hollow", "glossary")


# -- a verb is not the term ----------------------------------------------------------------

def test_a_verb_of_the_book_is_not_linked_as_the_term_of_that_word(
    project: tuple[Path, Path, dict[str, str]],
) -> None:
    root, site, said = project
    terms = terms_of(entries(root, "raid"))
    assert terms["Mark"]["aliases"] == ["Marks"] and terms["Take"]["aliases"] == ["Takes"]
    assert "stress" in terms["Stress"]["aliases"]  # a noun here: its lower case still links
    job = page_html(site, "raid", "the_job")
    for verb in ("mark", "take", "score"):
        assert not re.search(rf">{verb}</a>", job), verb
    assert re.search(r">Mark</a>", job) and re.search(r">Take</a>", job)
    assert re.search(r">stress</a>", job)
    assert re.search(r"aliases left out, a verb in this book .*mark, marks \(Mark\)",
                     said["raid"])
    assert "take, takes (Take)" in said["raid"]


def test_a_common_verb_the_book_uses_only_as_a_noun_keeps_its_aliases(tmp_path: Path) -> None:
    source = tmp_path / "loot.md"
    source.write_text("# Loot\n\n## Heists\n\nThe take is split evenly, and the mark never "
                      "knows.\n\n## Glossary\n\n* **Take:** The loot.\n* **Mark:** The "
                      "target.\n", encoding="utf-8")
    book = make_book([read_source(source, None)], "loot", None)
    terms = {e["name"]: e for e in book.entries() if e["kind"] == "term"}
    assert terms["Take"]["aliases"] == ["Takes", "take", "takes"]
    assert terms["Mark"]["aliases"] == ["Marks", "mark", "marks"]
    assert not any("aliases left out" in note for note in book.notes)


# -- every table is published --------------------------------------------------------------

def test_every_table_shape_is_published_as_a_table(
    project: tuple[Path, Path, dict[str, str]],
) -> None:
    root, site, _ = project
    published = [e for e in entries(root, "shapes").values() if e["kind"] == "table"]
    tables = {e["name"]: e for e in published}
    source = (TERMS / "tables.md").read_text("utf-8")
    separators = re.findall(r"^[ >]*\|? *:?-{2,}:? *\|", source, re.MULTILINE)
    assert len(published) == len(separators) == 9, sorted(tables)
    rows = {str(row[0]) for t in published for row in t["rows"]}
    assert {"Axe", "Leather", "5", "x | y", "Candle", "Fast", "1-2", "Rope", "Crow"} <= rows
    aligned = next(t for t in published if t["columns"] == ["Level", "Bonus", "Title"])
    assert aligned["rows"] == [["1", "+2", "Novice"], ["5", "+3", "Adept"]]
    assert "Table 7: Travel Pace" in tables and "Lights of the Deep" in tables
    assert tables["Quick Reference"]["columns"] == ["Item", "Cost"]
    nested = page_html(site, "shapes", "nested_tables")
    for cell in ("Rain", "Sun", "1 gp", "Peace"):
        assert f"<td>{cell}</td>" in nested, cell
    assert "Then carry on." in nested and "The costs at a glance:" in nested
    assert "|---" not in nested  # no table left as text


def test_a_glossary_terms_own_sub_headings_are_not_terms() -> None:
    """Each condition's "Ending" sub-heading: two terms of one name stopped the import."""
    book = make_book([read_source(TERMS / "subheadings.md", None)], "grey", None)
    kinds = {(e["kind"], e["name"]) for e in book.entries()}
    assert {("term", "Charmed"), ("section", "Ending")} <= kinds
    assert ("term", "Blinded") in kinds or ("status", "Blinded") in kinds  # a condition read
    assert ("term", "Ending") not in kinds


def test_labelled_terms_grouped_under_headings_are_the_terms() -> None:
    """Attributes & Arts' "Statuses, Buffs and Other Conditions": its "Statuses" and "Buffs"
    headings group ``**Burning:**`` labels, which are the terms (a glossary's finest grain);
    a condition heading's own few ``***Label.***`` paragraphs stay its definition."""
    book = make_book([read_source(TERMS / "groups.md", None)], "cinder", None)
    kinds = {e["name"]: e["kind"] for e in book.entries()}
    for name in ("Smouldering X", "Pinned", "Dazzled X", "Shaken", "Choking", "Kindled"):
        assert kinds.get(name) in ("term", "status"), (name, kinds)
    assert kinds["Statuses"] == kinds["Boons"] == "section"
    assert kinds.get("Oathbroken") in ("term", "status") and "No Aid" not in kinds, kinds
