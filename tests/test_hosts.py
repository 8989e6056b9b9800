"""A lasting platform (issue 37, part 3): the site builds with ProperDocs as with MkDocs 1.6,
page for page, and the book model imports neither.

ProperDocs is the maintained continuation of MkDocs 1.x: it reads the same ``mkdocs.yml``,
finds plugins under the ``mkdocs.plugins`` entry points (and its own ``properdocs.plugins``)
and themes under ``mkdocs.themes``, and answers every ``import mkdocs.*`` with its own
module, so the ``rulebinder`` plugin, mkdocs-macros and Material run on it unchanged. The
build test below holds it to that: the repository's five books built by each host, every
page's HTML compared.

**What is normalised, and why.** One thing only: the ``<meta name="generator">`` tag, where
Material names the host that built the page (``mkdocs-1.6.1, ...`` against
``mkdocs-ProperDocs 1.6.7, ...``). The test checks each build's tag names its own host
(so the ProperDocs build did run on ProperDocs) and then sets both to one placeholder.
(The pages of each rule and calculator to share are written by Rulebinder itself and have
no such tag.) Nothing else differs. The service worker (``sw.js``) lists each page with a
hash of its bytes, so it differs by that tag alone; it is no page and is not compared.
"""

from __future__ import annotations

import difflib
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.sitebuild import HOSTS, ROOT, build_command, copy_project, mkdocs_build

#: The repository's five books: the folders of the site compared page for page.
BOOKS = tuple(sorted(p.parent.name for p in (ROOT / "rules_data").glob("*/system.yml")))
#: The build without its two slow, host-independent steps (as ``tests/declaredbook.py``).
FAST = "  - rulebinder:\n      snapshot: false\n      precompress: false\n"
GENERATOR = re.compile(r'<meta name="generator" content="([^"]*)">')
#: What the generator tag of each host's pages begins with.
NAMED = {"mkdocs": "mkdocs-1.6.", "properdocs": "mkdocs-ProperDocs 1.6."}


def test_the_book_model_imports_no_mkdocs() -> None:
    """Loading, linking, rendering entries and calculator pages, publishing: every module of
    :mod:`macros` imports in a fresh interpreter without MkDocs (nor ProperDocs,
    mkdocs-macros or Material): only ``rulebinder/plugin.py`` and the hooks of
    ``macros/__init__.py``, when they run, speak to the host."""
    script = """
import importlib, pkgutil, sys
import macros, macros.reload
for stage in ("macros.load", "macros.render", "macros.publish"):
    package = importlib.import_module(stage)
    for module in pkgutil.iter_modules(package.__path__, stage + "."):
        importlib.import_module(module.name)
hosts = ("mkdocs", "properdocs", "mkdocs_macros", "material")
print(sorted(name for name in sys.modules if name.split(".")[0] in hosts))
"""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]", done.stdout


def test_the_guide_and_the_readme_show_the_properdocs_build_this_test_runs() -> None:
    shown = " ".join(build_command("properdocs"))
    for page in (ROOT / "docs" / "guide" / "architecture.md", ROOT / "README.md"):
        assert f"`{shown}`" in " ".join(page.read_text(encoding="utf-8").split()), page


def _normalised(page: Path, host: str) -> str:
    """The page's HTML with its generator tag checked to name ``host``, then set aside.

    The pages the host renders through Material's template have the tag; the pages of each
    rule and calculator to share, which Rulebinder writes itself, have none.
    """
    html = page.read_text(encoding="utf-8")
    tags = GENERATOR.findall(html)
    assert all(tag.startswith(NAMED[host]) for tag in tags) and len(tags) <= 1, (page, tags)
    assert tags or "/rule/" in page.as_posix() or "/calc/" in page.as_posix(), page
    return GENERATOR.sub('<meta name="generator" content="HOST">', html)


def _pages(site: Path) -> list[str]:
    """Every HTML page of the five books' folders, as paths in the site."""
    return sorted(
        p.relative_to(site).as_posix() for book in BOOKS for p in (site / book).rglob("*.html")
    )


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The repository's site built by each host, from one copy of the project."""
    assert importlib.util.find_spec("properdocs"), (
        "ProperDocs is not installed: pip install -r requirements.lock"
    )
    root = tmp_path_factory.mktemp("hosts")
    project = copy_project(root / "project")
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    assert "  - rulebinder:\n" in text
    config.write_text(text.replace("  - rulebinder:\n", FAST, 1), encoding="utf-8")
    built = {}
    for host in HOSTS:
        out = root / host
        result = mkdocs_build(project, out, None, host=host)
        log = result.stdout + result.stderr
        assert result.returncode == 0, log
        # --strict fails on a logged warning; nothing else may print one either.
        assert "WARNING" not in log, (host, log)
        # Nor mkdocs-macros' set-up traces, which read as alarms (issue #36).
        assert "[macros]" not in log, (host, log)
        built[host] = out
    return built


def test_both_hosts_build_the_same_files(sites: dict[str, Path]) -> None:
    """The same files, page or not, in both sites."""
    listed = {
        host: sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
        for host, site in sites.items()
    }
    assert listed["properdocs"] == listed["mkdocs"]


def test_both_hosts_build_the_same_pages(sites: dict[str, Path]) -> None:
    """Every page of the five books (the rules pages, print pages, calculators, builders,
    trackers and each rule's and calculator's own page) is the same HTML from both hosts,
    but for the generator tag; so is the search index."""
    mkdocs, properdocs = sites["mkdocs"], sites["properdocs"]
    pages = _pages(mkdocs)
    assert {page.split("/")[0] for page in pages} == set(BOOKS)
    assert len(pages) > 400, len(pages)  # each entry's and calculator's page among them
    assert _pages(properdocs) == pages
    differ = [
        page for page in pages
        if _normalised(mkdocs / page, "mkdocs") != _normalised(properdocs / page, "properdocs")
    ]
    if differ:
        diff = difflib.unified_diff(
            _normalised(mkdocs / differ[0], "mkdocs").splitlines(),
            _normalised(properdocs / differ[0], "properdocs").splitlines(),
            "mkdocs", "properdocs", lineterm="",
        )
        first = "\n".join(list(diff)[:40])
        pytest.fail(f"{len(differ)} of {len(pages)} pages differ; the first, {differ[0]}:\n{first}")
    index = "search/search_index.json"
    assert (properdocs / index).read_bytes() == (mkdocs / index).read_bytes()
