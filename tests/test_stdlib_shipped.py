"""The standard-library listing shipped for an author's engine (``macros/publish/stdlib.py``,
``stdlib-shipped.json``): it is this release's, and a machine's first build of an imported
book takes it instead of starting Node to list what the core needs."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from macros.publish import stdlib
from macros.publish.shared import CACHE_ENV
from tests.sitebuild import author_project

ROOT = Path(__file__).resolve().parents[1]
REFRESH = "the engine's Python changed: run .venv/bin/python scripts/ship_stdlib.py"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """An imported book built with a user cache holding only Pyodide: its project, its log."""
    project = author_project(tmp_path_factory.mktemp("shipped") / "book", "lanterns")
    env = dict(
        os.environ, PYTHONPATH=str(ROOT), NO_MKDOCS_2_WARNING="1",
        RULEBINDER_SNAPSHOT="0", RULEBINDER_PRECOMPRESS="0", RULEBINDER_OFFLINE="0",
        **{CACHE_ENV: str(project.parent / "user-cache")},
    )
    env.pop("RULEBINDER_STDLIB", None)
    done = subprocess.run(
        [sys.executable, "-m", "rulebinder", "build", "-v"],
        cwd=project, env=env, capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return project, done.stderr


def test_an_imported_book_takes_the_shipped_listing(built: tuple[Path, str]) -> None:
    project, log = built
    manifest = json.loads((project / "site" / "pyodide" / "manifest.json").read_text())
    key = Path(manifest["stdlib"]).stem.removeprefix("stdlib-")
    assert stdlib.shipped(key) is not None, REFRESH
    assert "the listing shipped with Rulebinder" in log, log[-3000:]


@pytest.mark.skipif(shutil.which("node") is None, reason="Node lists what the core needs")
def test_the_shipped_listing_is_what_node_lists(built: tuple[Path, str]) -> None:
    project, _ = built
    pyodide = project / "site" / "pyodide"
    manifest = json.loads((pyodide / "manifest.json").read_text())
    core = project / ".cache" / "plugin" / "rulebinder" / "engine" / "calculators"
    named = stdlib.core_imports(core)
    key = stdlib._key(pyodide, manifest, named)
    assert Path(manifest["stdlib"]).stem == f"stdlib-{key}"
    listed = stdlib._listed(shutil.which("node") or "node", pyodide, named)
    assert listed == stdlib.shipped(key), REFRESH


def test_another_key_finds_no_listing() -> None:
    listing = json.loads(stdlib.SHIPPED.read_text(encoding="utf-8"))
    assert listing["files"] == sorted(listing["files"]) and len(listing["files"]) > 50
    assert stdlib.shipped("0" * 20) is None
