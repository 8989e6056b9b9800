"""``rulebinder import``: any author's rulebook becomes a published system.

The proof: each of the five rulebooks in ``sources/`` imported from scratch into a new
system id, built with ``mkdocs build --strict``, and every sentence, list item and table
row of each found on that system's pages; a fixture rulebook using every construct the
importer reads, imported and built; and the command's safety (dry run, re-imports, hand
edits, refusals with ``file:line``, atomic writes).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from functools import reduce
from pathlib import Path

import pytest
import yaml

from macros.load.repairs import REPAIRS
from macros.publish.searchsplit import read_index
from rulebinder.importer import write as write_module
from rulebinder.importer.command import Options, run
from tests.seedtext import SEEDS, missing_units, normalise
from tests.sitebuild import copy_project, mkdocs_build

FIXTURE = Path(__file__).parent / "data" / "import" / "fixture_book.md"
FIVE = sorted(p.name for p in SEEDS.glob("*.txt"))


def imported(root: Path, *sources: Path, system: str, **options: object) -> tuple[int, str]:
    """Run the import in ``root``; its exit status and everything it said."""
    said: list[str] = []
    status = run(Options(list(sources), system, root=root, **options), said.append)  # type: ignore[arg-type]
    return status, "\n".join(said)


def files_of(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` (but ``site``), by relative path."""
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and "site" not in p.relative_to(root).parts[:1]
    }


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A copy of the project with the five rulebooks and the fixture imported, built."""
    root = copy_project(tmp_path_factory.mktemp("import") / "project")
    for number, name in enumerate(FIVE):
        status, said = imported(root, root / "sources" / name, system=f"imported_{number}")
        assert status == 0, said
    status, said = imported(root, FIXTURE, system="lanterns")
    assert status == 0, said
    refine_lanterns(root)
    site = tmp_path_factory.mktemp("import-site")
    result = mkdocs_build(root, site)
    assert result.returncode == 0, result.stdout + result.stderr
    return root, site


HOUSE_RULES = """\
page:
  title: House Rules
entries:
- kind: assumption
  id: lanterns.assume_soaked_lasts
  name: Soaked lasts a scene
  text: A Soaked creature dries off at the end of the scene.
  reason: The rulebook says "until it dries off" without saying when that is.
  applies_to: [lanterns.soaked]
  source: {file: fixture_book.md, heading: "Lanterns of the Deep > Glossary > Soaked [Condition]"}
"""


def refine_lanterns(root: Path) -> None:
    """An author's refinements, in files the importer does not own."""
    folder = root / "rules_data" / "lanterns"
    refine = folder / "refine.yml"
    assert "never changes it" in refine.read_text()  # the importer's template
    refine.write_text(
        "pages: [house_rules]\nsystem:\n  summary:\n    damage: Damage is rolled on the "
        "weapon's die.\n"
    )
    (folder / "house_rules.yml").write_text(HOUSE_RULES)
    (root / "docs" / "lanterns" / "house_rules.md").write_text("{{ rules_page() }}\n")
    status, said = imported(root, FIXTURE, system="lanterns")  # a re-import keeps them
    assert status == 0 and "up to date" in said, said
    assert (folder / "house_rules.yml").read_text() == HOUSE_RULES


def test_refinements_live_beside_the_import(built: tuple[Path, Path]) -> None:
    _, site = built
    house = _page(site, "lanterns/house_rules")
    assert "Soaked lasts a scene" in house
    assert "Soaked lasts a scene" in _page(site, "lanterns/assumptions")
    assert "Damage is rolled on the weapon" in (site / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("number", range(len(FIVE)))
def test_each_rulebook_imports_with_every_unit_on_its_pages(
    built: tuple[Path, Path], number: int
) -> None:
    root, site = built
    system = f"imported_{number}"
    meta = yaml.safe_load((root / "rules_data" / system / "system.yml").read_text())["system"]
    repairs = [REPAIRS[name] for name in meta.get("repairs", [])]
    missing = missing_units(
        root / "sources" / meta["seed"],
        site / system,  # the imported system's pages only, not the hand-made book's
        lambda text: reduce(lambda acc, fix: fix(acc), repairs, text),
    )
    assert not missing, f"{len(missing)} units missing:\n" + "\n".join(missing)


def test_damaged_sources_are_repaired_and_say_so(tmp_path: Path) -> None:
    glittershard, pendragon = SEEDS / "002_bcc942466b68b8b3.txt", SEEDS / "003_21dcbe496008b3b2.txt"
    status, said = imported(tmp_path, glittershard, system="g", dry_run=True)
    assert status == 0 and "mojibake" in said
    status, said = imported(tmp_path, pendragon, system="p", dry_run=True)
    assert status == 0 and "read as HAML" in said


def _page(site: Path, path: str) -> str:
    return (site / path / "index.html").read_text(encoding="utf-8")


def test_the_fixture_book_is_published_with_links_dice_tables_and_terms(
    built: tuple[Path, Path],
) -> None:
    root, site = built
    core = _page(site, "lanterns/core_rules")
    # Inline dice are live rolls with their exact odds.
    for dice in ("2d6", "1d20", "d8", "4d6kh3"):
        assert f'data-dice="{dice}' in core, dice
    # The roll table: each row's exact chance, and its die a live roll in the caption.
    assert "1/3 (33.3%)" in core and "1/6 (16.7%)" in core and 'data-dice="d6"' in core
    # The sidebar is a titled box; the nested list is nested.
    assert "The Deep Remembers" in core and 'class="admonition note"' in core
    assert re.search(r"<li>Then roll:\s*<ul>", core)
    # Terms: run-in terms are linked where they are mentioned, with their definition.
    assert re.search(r'<a href="../glossary/#lanterns-momentum" title="Momentum: A pool', core)
    glossary = _page(site, "lanterns/glossary")
    assert "Blinded [Condition]" in glossary and "Condition:</strong>" in glossary
    assert 'id="lanterns-depth_band"' in glossary  # a definition list's term
    # [[links]]: to the entry when there is one; shown as unwritten otherwise.
    weapons = _page(site, "lanterns/weapons")
    assert "rb-unwritten" in weapons and "the Momentum pool</a>" in weapons
    # The weapons table's Damage column gets a calculator with the exact distribution.
    assert re.search(r"data-calc=.lanterns\.weapons_damage.", weapons)
    # HTML entities and inline HTML are kept.
    intro = _page(site, "lanterns/lanterns_of_the_deep")
    assert "<ins>inserted words</ins>" in intro and "<u>underlined words</u>" in intro
    # The front page, search and print have the book.
    assert "Lanterns of the Deep" in (site / "index.html").read_text(encoding="utf-8")
    index = read_index(site)
    assert any(d["location"].startswith("lanterns/glossary/") for d in index["docs"])
    printed = normalise(_page(site, "lanterns/print"))
    assert "A Soaked creature has a bane on every roll until it dries off." in printed
    # Nothing meant for the author shows to readers (issue #36: how it was imported).
    for path in ("", "lanterns", "lanterns/assumptions", "lanterns/print"):
        shown = normalise(_page(site, path) if path else (site / "index.html").read_text())
        assert "rulebinder import" not in shown and "Not summarised" not in shown, path
        assert "add them as" not in shown and "imported from" not in shown, path


def test_import_is_deterministic_and_an_unchanged_reimport_writes_nothing(
    tmp_path: Path,
) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    for root in (one, two):
        root.mkdir()
        assert imported(root, FIXTURE, system="lanterns")[0] == 0
    assert files_of(one) == files_of(two)
    before = files_of(one)
    status, said = imported(one, FIXTURE, system="lanterns")
    assert status == 0 and "up to date; nothing written" in said
    assert files_of(one) == before


def test_a_dry_run_says_what_it_would_write_and_writes_nothing(tmp_path: Path) -> None:
    status, said = imported(tmp_path, FIXTURE, system="lanterns", dry_run=True)
    assert status == 0
    assert "would be new       rules_data/lanterns/system.yml" in said
    assert "pages: 4;" in said and "roll tables" in said and "time:" in said
    assert files_of(tmp_path) == {}


def test_a_changed_source_lists_its_changes_and_needs_force(tmp_path: Path) -> None:
    book = tmp_path / "book.md"
    book.write_text(FIXTURE.read_text(encoding="utf-8"), encoding="utf-8")
    root = tmp_path / "project"
    root.mkdir()
    assert imported(root, book, system="lanterns")[0] == 0
    before = files_of(root)
    text = book.read_text(encoding="utf-8")
    text = text.replace("### Ballast [Item]\n\nWeight", "### Anchor [Item]\n\nWeight")
    book.write_text(text.replace("A Soaked creature", "A Soaked character"), encoding="utf-8")
    status, said = imported(root, book, system="lanterns")
    assert status == 1
    assert "new      lanterns.anchor" in said and "removed  lanterns.ballast" in said
    assert "changed  lanterns.soaked" in said and "nothing was written" in said
    assert files_of(root) == before
    assert imported(root, book, system="lanterns", force=True)[0] == 0
    assert "Anchor" in (root / "rules_data" / "lanterns" / "glossary.yml").read_text()
    assert (root / "sources" / "book.md").read_text(encoding="utf-8") == text.replace(
        "A Soaked creature", "A Soaked character"
    )


def test_hand_edits_of_generated_files_are_not_overwritten_without_force(tmp_path: Path) -> None:
    assert imported(tmp_path, FIXTURE, system="lanterns")[0] == 0
    system = tmp_path / "rules_data" / "lanterns" / "system.yml"
    system.write_text(system.read_text() + "# my note\n")
    status, said = imported(tmp_path, FIXTURE, system="lanterns")
    assert status == 2 and "rules_data/lanterns/system.yml: was edited by hand" in said
    assert system.read_text().endswith("# my note\n")


def test_a_hand_made_system_and_a_different_source_of_the_same_name_are_refused(
    tmp_path: Path,
) -> None:
    (tmp_path / "rules_data" / "mine").mkdir(parents=True)
    (tmp_path / "rules_data" / "mine" / "system.yml").write_text("system: {}\n")
    status, said = imported(tmp_path, FIXTURE, system="mine")
    assert status == 2 and "not make" in said
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / FIXTURE.name).write_text("# Another book\n")
    status, said = imported(tmp_path, FIXTURE, system="lanterns")
    assert status == 2 and "a different file named fixture_book.md" in said
    assert not (tmp_path / "rules_data" / "lanterns").exists()


BAD = [
    ("not_utf8.md", b"# Book\n\nIt costs 5\xa3.\n", "not_utf8.md:3: is not UTF-8 text"),
    ("binary.md", b"# Book\n\x00\x01\x02", "binary.md:2: is binary"),
    ("empty.md", b"  \n\n", "empty.md: is empty"),
    ("ragged.md", b"# Book\n\n| a | b |\n|---|---|\n| 1 | 2 | 3 |\n",
     "ragged.md:5: a table row with 3 cells; the header has 2"),
    ("heading.md", b"# Book\n\n##\n\nText.\n", "heading.md:3: a heading with no text"),
    ("terms.md", b"# Book\n\n## Glossary\n\n### Prone\n\nDown.\n\n### prone\n\nAgain.\n",
     "terms.md:9: two terms named 'prone' (the first at terms.md:5)"),
]


@pytest.mark.parametrize(("name", "content", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_gets_file_and_line_and_nothing_is_written(
    tmp_path: Path, name: str, content: bytes, message: str
) -> None:
    source = tmp_path / name
    source.write_bytes(content)
    root = tmp_path / "project"
    root.mkdir()
    status, said = imported(root, source, system="book")
    assert status == 2, said
    assert message in said and "nothing was written" in said
    assert files_of(root) == {}


def test_a_bad_system_id_a_missing_source_and_a_folder_are_refused(tmp_path: Path) -> None:
    status, said = imported(tmp_path, FIXTURE, system="My Book")
    assert status == 2 and "'My Book' is not a valid system id" in said
    status, said = imported(tmp_path, tmp_path / "nowhere.md", system="book")
    assert status == 2 and "nowhere.md: no such file" in said
    status, said = imported(tmp_path, tmp_path, system="book")
    assert status == 2 and "is a folder" in said
    assert files_of(tmp_path) == {}


def test_a_failed_write_leaves_every_earlier_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "project"
    root.mkdir()
    assert imported(root, FIXTURE, system="lanterns")[0] == 0
    before = files_of(root)
    changed = tmp_path / "fixture_book.md"
    changed.write_text(FIXTURE.read_text(encoding="utf-8") + "\nOne more line.\n")
    real_replace, calls = os.replace, []

    def failing(src: object, dst: object) -> None:
        calls.append(dst)
        if len(calls) == 12:
            raise OSError("disk full")
        real_replace(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(write_module.os, "replace", failing)
    with pytest.raises(OSError, match="disk full"):
        imported(root, changed, system="lanterns", force=True)
    monkeypatch.undo()
    assert len(calls) > 12  # it failed midway, then put back what it had moved
    assert files_of(root) == before


def test_the_command_line_and_python_m(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=str(root))
    result = subprocess.run(
        [sys.executable, "-m", "rulebinder", "import", str(FIXTURE), "--system", "lanterns",
         "--title", "Lanterns", "--dry-run"],
        cwd=tmp_path, env=env, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "read " in result.stdout and "would be new" in result.stdout
    result = subprocess.run(
        [sys.executable, "-m", "rulebinder", "import", str(FIXTURE), "--system", "x",
         "--format", "text"],
        cwd=tmp_path, env=env, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    system = yaml.safe_load((tmp_path / "rules_data" / "x" / "system.yml").read_text())
    assert system["system"]["name"] == "Lanterns of the Deep"


def test_the_authoring_reference_lists_every_kind_and_field(built_site: Path) -> None:
    from macros.load.schema import COMMON, KINDS
    from macros.render.reference import KIND_TEXT

    assert set(KIND_TEXT) == set(KINDS)
    page = (built_site / "guide" / "authoring" / "index.html").read_text(encoding="utf-8")
    for kind, fields in KINDS.items():
        assert f'<h2 id="{kind}"><code>{kind}</code>' in page, kind
        for field in (*COMMON, *fields):
            assert f"<code>{field.name}</code>" in page, (kind, field.name)


def test_unsafe_html_in_a_source_is_dropped_and_reported(tmp_path: Path) -> None:
    source = tmp_path / "evil.md"
    source.write_text(
        "# Evil\n\nRoll <ins>2d6</ins>.<script>steal()</script>\n\n"
        '<img src=x onerror="steal()"> A [link](javascript:steal()).\n'
    )
    root = tmp_path / "project"
    root.mkdir()
    status, said = imported(root, source, system="evil")
    assert status == 0, said
    assert "evil.md:3: unsafe HTML dropped: <script>" in said
    assert "evil.md:5: unsafe HTML dropped: <img>, javascript: link" in said
    written = "".join(p.read_text() for p in (root / "rules_data" / "evil").glob("*.yml"))
    assert "steal" not in written and "<ins>2d6</ins>" in written
