"""The browser's runtime made while the pages are (``macros/publish/ahead.py``): the same
``pyodide/`` as made after them, nothing left behind by a build that fails, and a runtime
that cannot be published stops the build as before."""

from __future__ import annotations

import filecmp
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from macros.publish.shared import CACHE_ENV
from tests.sitebuild import author_project

ROOT = Path(__file__).resolve().parents[1]
AHEAD = "publish step waiting for the runtime made ahead"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return author_project(tmp_path_factory.mktemp("ahead") / "book", "lanterns")


def build(book: Path, out: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``rulebinder build -v`` of ``book`` into ``out`` (no offline copy or precompressed
    copies: they are not this module's), with the project's user cache."""
    variables = {key: value for key, value in os.environ.items() if key != "RULEBINDER_AHEAD"}
    variables.update(
        PYTHONPATH=str(ROOT), NO_MKDOCS_2_WARNING="1", RULEBINDER_PRECOMPRESS="0",
        RULEBINDER_OFFLINE="0", **{CACHE_ENV: str(book.parent / "user-cache")}, **env,
    )
    return subprocess.run(
        [sys.executable, "-m", "rulebinder", "build", "-v", "-d", str(out)],
        cwd=book, env=variables, capture_output=True, text=True, check=False,
    )


def stages(book: Path) -> list[Path]:
    """The folders the process made its runtime in, still there."""
    return list((book / ".cache").rglob(".ahead-*"))


def files(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def test_the_runtime_made_ahead_is_the_one_made_after_the_pages(
    project: Path, tmp_path: Path
) -> None:
    ahead = build(project, tmp_path / "ahead")
    assert ahead.returncode == 0, ahead.stderr[-3000:]
    assert AHEAD in ahead.stderr and "memory snapshot: pyodide/core/" in ahead.stderr
    here = build(project, tmp_path / "here", RULEBINDER_AHEAD="0")
    assert here.returncode == 0, here.stderr[-3000:]
    assert AHEAD not in here.stderr
    one, other = tmp_path / "ahead" / "pyodide", tmp_path / "here" / "pyodide"
    assert files(one) == files(other) and "manifest.json" in files(one)
    # The snapshot of the second build is the first's, from the user's cache: every byte
    # is the same.
    _, differ, errors = filecmp.cmpfiles(one, other, files(one), shallow=False)
    assert (differ, errors) == ([], [])
    manifest = json.loads((one / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["snapshot"] and manifest["stdlib"]
    assert stages(project) == []


def test_a_build_that_fails_leaves_no_runtime_behind(project: Path, tmp_path: Path) -> None:
    page = project / "docs" / "broken.md"
    page.write_text("# Broken\n\n{{ no_such_macro() }}\n", encoding="utf-8")
    try:
        done = build(project, tmp_path / "site")
    finally:
        page.unlink()
    assert done.returncode != 0 and "no_such_macro" in done.stderr, done.stderr[-3000:]
    assert stages(project) == []
    assert not (tmp_path / "site" / "pyodide").exists()


def test_a_runtime_that_cannot_be_published_stops_the_build(
    project: Path, tmp_path: Path
) -> None:
    empty = tmp_path / "no-pyodide"
    empty.mkdir()
    config = project / "mkdocs.yml"
    original = config.read_text(encoding="utf-8")
    config.write_text(
        original.replace("  - rulebinder", f"  - rulebinder:\n      pyodide_dir: {empty}", 1),
        encoding="utf-8",
    )
    try:
        done = build(project, tmp_path / "site")
    finally:
        config.write_text(original, encoding="utf-8")
    assert done.returncode != 0
    assert "Pyodide runtime missing" in done.stderr, done.stderr[-3000:]
    assert stages(project) == []
