"""Incremental rebuilds under ``serve`` (issue #37): an edit renders again only the pages it
changes, and the site written is byte for byte the one a full build of the edited project
writes (every page and the search records)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction
from pathlib import Path

import pytest

from macros.load.sanitize import clean
from macros.publish.shared import CACHE_ENV
from macros.render import odds
from tests.sitebuild import author_project

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "data" / "import" / "fixture_book.md"
#: The fixture's pages: 7 of the book's own (with its print page) and the home page.
PAGES = 8
GRIT = """\
- kind: term
  id: fixt.grit
  name: Grit
  text: How long a diver holds on below.
  source:
    file: fixture_book.md
    heading: Lanterns of the Deep > Glossary
"""


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The importer's fixture as an author's project (built in each test's copy)."""
    project = author_project(
        tmp_path_factory.mktemp("book") / "book", "fixt",
        "# A book\n\nThe rules, cross-linked.\n\n{{ systems_overview() }}\n",
    )
    return project


def builds(
    project: Path, out: Path, command: str, steps: list[list[list[str]]], **more: str
) -> list[dict]:
    """``tests.servebuild``'s builds of ``project`` (a site like serve's, in its own process;
    ``more``: environment variables)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_MKDOCS_2_WARNING="1",
               **{CACHE_ENV: str(project.parent / "user-cache")}, **more)
    site = Path(tempfile.mkdtemp(prefix="mkdocs_"))
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tests.servebuild", str(project), str(site), str(out),
             command, json.dumps(steps)],
            cwd=ROOT, env=env, capture_output=True, text=True, check=False,
        )
    finally:
        shutil.rmtree(site, ignore_errors=True)
    assert done.returncode == 0, done.stderr[-3000:]
    return list(json.loads((out / "steps.json").read_text(encoding="utf-8")))


def served_then_fresh(
    book: Path, tmp_path: Path, steps: list[list[list[str]]], **more: str
) -> dict:
    """Serve's builds of a copy of ``book`` with ``steps``; each rebuild's counts, and its
    pages checked against a full build of the edited project."""
    project = shutil.copytree(book, tmp_path / "project", symlinks=True)
    (tmp_path / "user-cache").symlink_to(book.parent / "user-cache")  # Pyodide, fetched once
    served = builds(project, tmp_path / "served", "serve", steps, **more)
    fresh = builds(project, tmp_path / "fresh", "build", [])[0]
    assert fresh["counts"] == {}  # a build keeps nothing
    last = served[-1]["pages"]
    assert sorted(last) == sorted(fresh["pages"])
    stale = [name for name in last if last[name] != fresh["pages"][name]]
    assert not stale, f"pages unlike a full build's: {stale}"
    assert served[0]["counts"]["markdown converted"] == PAGES  # the first build: every page
    return {"counts": served[-1]["counts"], "step": tmp_path / "served" / f"step-{len(steps)}",
            "served": served[-1], "fresh": fresh["pages"]}


def test_an_edited_entry_renders_its_pages_again_and_no_other(book: Path, tmp_path: Path) -> None:
    """A term's text: its glossary page, the print page and the hover definitions of the
    pages linking it change; the others are written from what was kept."""
    edit = ["rules_data/fixt/glossary.yml", "cannot see and fails", "cannot see at all and fails"]
    done = served_then_fresh(book, tmp_path, [[edit]])
    counts = done["counts"]
    assert counts["markdown converted"] + counts["markdown kept"] == PAGES
    assert 1 <= counts["markdown converted"] <= 4 and counts["markdown kept"] >= 4
    assert counts["theme rendered"] == counts["markdown converted"]
    assert counts["search indexed"] == counts["markdown converted"]
    assert counts["search kept"] == counts["markdown kept"]
    assert "cannot see at all and fails" in (done["step"] / "fixt/glossary/index.html").read_text()


def test_a_long_print_page_is_remade_in_a_rebuild_of_its_own(
    book: Path, tmp_path: Path
) -> None:
    """Past DEFER_BYTES (here 0) the print page waits for the next rebuild, which the
    plugin starts: meanwhile it says so, never showing the old text; every other page is
    already the full build's; after that rebuild, the whole site is."""
    edit = ["rules_data/fixt/glossary.yml", "cannot see and fails", "cannot see at all and fails"]
    done = served_then_fresh(book, tmp_path, [[edit]], DEFER_BYTES="0")
    served, fresh = done["served"], done["fresh"]
    assert served["counts"]["markdown deferred"] == 1
    assert served["follow_up"]["markdown converted"] == 1  # the print page alone
    assert served["follow_up"]["markdown kept"] == PAGES - 1
    early = served["deferred"]
    assert [name for name in early if early[name] != fresh[name]] == ["fixt/print/index.html"]
    waiting = (tmp_path / "served/step-1-deferred/fixt/print/index.html").read_text("utf-8")
    assert "Being remade" in waiting and "cannot see" not in waiting


def test_an_edited_docs_page_renders_that_page_again(book: Path, tmp_path: Path) -> None:
    edit = ["docs/index.md", "The rules, cross-linked.", "The rules, cross-linked and served."]
    counts = served_then_fresh(book, tmp_path, [[edit]])["counts"]
    assert counts["markdown converted"] == 1 and counts["theme rendered"] == 1
    assert counts["search indexed"] == 1 and counts["search kept"] == PAGES - 1


def test_a_new_term_links_the_pages_that_name_it(book: Path, tmp_path: Path) -> None:
    """A new term changes the linking of every page naming it: those pages (and the new
    entry's own) are rendered again, the rest kept."""
    done = served_then_fresh(book, tmp_path, [[["rules_data/fixt/glossary.yml", "", GRIT]]])
    core = (done["step"] / "fixt/core_rules/index.html").read_text(encoding="utf-8")
    assert "#fixt-grit" in core
    assert 0 < done["counts"]["markdown converted"] < PAGES


def test_a_new_title_renders_every_pages_navigation(book: Path, tmp_path: Path) -> None:
    """A data page's title is in every page's navigation: the theme runs for every page
    again."""
    edit = ["rules_data/fixt/glossary.yml", "  title: Glossary", "  title: Words of the Deep"]
    counts = served_then_fresh(book, tmp_path, [[edit]])["counts"]
    assert counts["theme rendered"] == PAGES and counts.get("theme kept", 0) == 0


def test_an_edit_of_mkdocs_yml_rebuilds_everything(book: Path, tmp_path: Path) -> None:
    edit = ["mkdocs.yml", "site_description: ", "site_description: Edited. "]
    counts = served_then_fresh(book, tmp_path, [[edit]])["counts"]
    assert counts["markdown converted"] == PAGES and counts["theme rendered"] == PAGES
    assert counts["search indexed"] == PAGES


# -- what is kept for the process's life, by its inputs ---------------------------------


def test_a_checks_odds_are_kept_by_its_data() -> None:
    """An edited check (another band) is computed afresh, not taken from the kept odds."""
    check = {"roll": "2d6", "bands": [{"name": "Hit", "when": "total >= 10"}, {"name": "Miss"}]}
    first = odds.of(check, None, "normal", {})
    first.append("changed by a caller")
    assert odds.of(check, None, "normal", {}) == [Fraction(1, 6), Fraction(5, 6)]
    check["bands"][0]["when"] = "total >= 7"
    assert odds.of(check, None, "normal", {}) == [Fraction(7, 12), Fraction(5, 12)]


def test_a_text_cleaned_twice_gives_the_same_and_its_own_list() -> None:
    text, dropped = clean("Hi<script>x</script>")
    dropped.append("changed by a caller")
    assert clean("Hi<script>x</script>") == (text, ["<script>"])
