"""The test book with no Python, ``tests/data/books/heist/`` ("Night Shift"): its project,
made as an author makes one (``rulebinder new``, then the book's files), and built."""

from __future__ import annotations

import shutil
from pathlib import Path

from rulebinder.new import create
from tests.sitebuild import mkdocs_build

BOOK = Path(__file__).parent / "data" / "books" / "heist"
"""The book's files: its source, its rules data (declarations included) and its pages."""
FAST = """  - rulebinder:
      snapshot: false
      precompress: false
"""


def make_project(target: Path) -> Path:
    """An author's project at ``target`` holding the test book (no Python anywhere)."""
    create(target, "Night Shift", say=lambda _: None)
    shutil.copytree(BOOK, target, dirs_exist_ok=True)
    config = target / "mkdocs.yml"
    config.write_text(config.read_text("utf-8").replace("  - rulebinder\n", FAST), "utf-8")
    return target


def build_project(project: Path, out: Path, site_url: str | None = None) -> Path:
    """``mkdocs build --strict`` of the project; the site's folder (fails loudly)."""
    result = mkdocs_build(project, out, site_url)
    assert result.returncode == 0, result.stdout + result.stderr
    return out
