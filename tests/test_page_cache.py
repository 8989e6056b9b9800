"""The pages a build converted and their search records, kept for the next
(``rulebinder/pagecache.py``), and the share pages' bodies
(:class:`macros.publish.share.HtmlMemo`): a warm build converts nothing and writes the same
site as a build without the cache; an edit converts again what it changes."""

from __future__ import annotations

import filecmp
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from macros.publish.searchsplit import read_index
from macros.publish.shared import CACHE_ENV
from tests.sitebuild import author_project

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "data" / "import" / "fixture_book.md"
COUNTS = re.compile(r"converted pages: (\d+) from the cache, (\d+) converted")
RECORDS = re.compile(r"search records: (\d+) pages from the cache, (\d+) indexed")
#: Each build's log (``-v``), in order.
LOGS: list[str] = []


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return author_project(tmp_path_factory.mktemp("pagecache") / "book", "lanterns")


def build(book: Path, out: Path, cached: bool = True, tool: str = "rulebinder") -> tuple[int, int]:
    """``rulebinder build -v`` (or ``mkdocs build -v``, not strict) into ``out``; the pages
    taken from the cache and converted."""
    env = dict(
        os.environ, PYTHONPATH=str(ROOT), NO_MKDOCS_2_WARNING="1",
        RULEBINDER_SNAPSHOT="0", RULEBINDER_PRECOMPRESS="0", RULEBINDER_OFFLINE="0",
        RULEBINDER_PAGE_CACHE="1" if cached else "0",
        **{CACHE_ENV: str(book.parent / "user-cache")},
    )
    done = subprocess.run(
        [sys.executable, "-m", tool, "build", "-v", "-d", str(out)],
        cwd=book, env=env, capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    LOGS.append(done.stderr)
    found = COUNTS.search(done.stderr)
    if not cached:
        assert found is None, "the cache was used though switched off"
        return 0, 0
    assert found, done.stderr[-3000:]
    return int(found.group(1)), int(found.group(2))


def pages(site: Path) -> dict[str, Path]:
    return {p.relative_to(site).as_posix(): p for p in site.rglob("*.html")}


def same_pages(one: Path, other: Path) -> list[str]:
    """The HTML pages that differ between two built sites (or are in only one)."""
    a, b = pages(one), pages(other)
    differ = sorted(set(a) ^ set(b))
    differ += [name for name in sorted(set(a) & set(b))
               if not filecmp.cmp(a[name], b[name], shallow=False)]
    return differ


def test_a_warm_build_converts_nothing_and_writes_the_same_site(
    project: Path, tmp_path: Path
) -> None:
    hits, misses = build(project, tmp_path / "first")
    assert misses > 1
    hits, again = build(project, tmp_path / "warm")
    assert again == 0 and hits == misses
    assert RECORDS.findall(LOGS[-1]) == [(str(hits), "0")]  # every page's search records kept
    build(project, tmp_path / "plain", cached=False)
    assert same_pages(tmp_path / "warm", tmp_path / "plain") == []
    assert same_pages(tmp_path / "first", tmp_path / "plain") == []
    assert read_index(tmp_path / "warm") == read_index(tmp_path / "plain")


def test_an_edited_entry_converts_its_pages_again(project: Path, tmp_path: Path) -> None:
    build(project, tmp_path / "before")
    data = next(p for p in sorted((project / "rules_data" / "lanterns").glob("*.yml"))
                if "text:" in p.read_text(encoding="utf-8") and p.name != "system.yml")
    text = data.read_text(encoding="utf-8")
    data.write_text(re.sub(r"(text: [|>]-?\n\s+)", r"\1Cachebuster words here. ", text, count=1)
                    if re.search(r"text: [|>]", text)
                    else re.sub(r"(text: )", r"\1Cachebuster words here. ", text, count=1),
                    encoding="utf-8")
    try:
        hits, misses = build(project, tmp_path / "after")
        assert misses >= 1 and hits >= 1
        assert any("Cachebuster words here." in p.read_text(encoding="utf-8")
                   for p in pages(tmp_path / "after").values())
        build(project, tmp_path / "plain", cached=False)
        assert same_pages(tmp_path / "after", tmp_path / "plain") == []
    finally:
        data.write_text(text, encoding="utf-8")


def test_a_page_whose_conversion_warned_is_not_kept(project: Path, tmp_path: Path) -> None:
    """A broken link's warning comes back on every build (``mkdocs build``, not strict)."""
    home = project / "docs" / "index.md"
    home.write_text("# A book\n\nSee [the missing page](nowhere.md).\n", encoding="utf-8")
    try:
        build(project, tmp_path / "one", tool="mkdocs")
        hits, misses = build(project, tmp_path / "two", tool="mkdocs")
        assert misses == 1 and hits >= 1
    finally:
        home.write_text("# A book\n", encoding="utf-8")
