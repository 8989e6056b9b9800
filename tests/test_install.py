"""The proof of ``pip install``: an author's book built with the installed tool alone.

The commands of the README's "Publish your own rulebook" are run as they are written, by
bash, in a temporary folder outside the repository (its ``HOME``): a fresh virtualenv,
``pip install ./rulebinder`` of a copy of the tracked files (as a clone holds them; its
dependencies from the package index, pinned by ``requirements.lock`` through
``PIP_CONSTRAINT``), ``rulebinder new``, ``rulebinder import`` of the fixture book (at the
README's ``~/books/lanterns.md``) and ``rulebinder build`` (``mkdocs build --strict``),
with an empty cache, so the in-browser Python is fetched from the npm registry as on a
first build. The built pages are read: cross-links with hover definitions, inline dice with
exact odds, the search index, the print page, the service worker, and none of the five
books of this repository. Before the build the book is given its own Python in the
project's ``books/lanterns/`` (one calculator): it is prerendered on its pages and shipped
in the browser's core; the README's ``rulebinder serve``, live in a copy, shows an edit of
that Python. Select it with ``pytest -m install``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from macros.publish.searchsplit import read_index
from tests.readme import commands, publish_block
from tests.test_plugin import LANTERNS_PY
from tests.test_serve import free_port, served, wait_for
from tests.test_standalone import lone_clone

pytestmark = pytest.mark.install

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "data" / "import" / "fixture_book.md"
FIVE = ("arts", "glittershard", "pendragon", "shattered_spirits", "space_shard")
CALCULATORS_MD = """\
---
title: Calculators
---

# Lanterns calculators

{{ calculators_for("lanterns") }}
"""


@dataclass(frozen=True)
class Book:
    """The author's project after ``rulebinder build``, and what the steps said."""

    project: Path
    site: Path
    venv: Path
    env: dict[str, str]
    log: str
    seconds: dict[str, float]


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run ``command``; its output, or the test fails with it."""
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    said = done.stdout + done.stderr
    assert done.returncode == 0, f"{' '.join(command)}\n{said[-4000:]}"
    return said


#: Run by bash around the README's commands: after ``cd`` into the new project, the files
#: ``rulebinder new`` wrote are listed; before ``rulebinder build`` the book's own Python
#: (prepared in ``extra/``) is copied in.
AFTER_CD = 'find . -type f | sort > "$HOME/after-new.txt"'
BEFORE_BUILD = 'cp -R "$HOME/extra/." .'


def readme_script() -> tuple[str, list[str]]:
    """The README's publishing block as a bash script (``rulebinder serve`` left for the
    serve test, the two hooks above added), and its ``rulebinder serve`` command."""
    script = ["set -eo pipefail"]
    serve: list[str] = []
    for line in publish_block().splitlines():
        words = commands(line)
        if words and words[0][:2] == ["rulebinder", "serve"]:
            serve = words[0]
            continue
        if words and words[0][:2] == ["rulebinder", "build"]:
            script.append(BEFORE_BUILD)
        script.append(line)
        if words and words[-1][0] == "cd":
            script.append(AFTER_CD)
    assert serve and BEFORE_BUILD in script and AFTER_CD in script, script
    return "\n".join(script) + "\n", serve


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Book:
    work = tmp_path_factory.mktemp("install")
    assert ROOT not in work.parents
    seconds: dict[str, float] = {}
    start = time.monotonic()
    lone_clone(work / "rulebinder")  # the README's ./rulebinder
    (work / "books").mkdir()
    shutil.copyfile(FIXTURE, work / "books" / "lanterns.md")  # its ~/books/lanterns.md
    # The book's own Python: one calculator, in the book's package, and a page listing it.
    extra = work / "extra"
    (extra / "books" / "lanterns").mkdir(parents=True)
    (extra / "books" / "lanterns" / "__init__.py").write_text(LANTERNS_PY, encoding="utf-8")
    (extra / "docs" / "lanterns").mkdir(parents=True)
    (extra / "docs" / "lanterns" / "calculators.md").write_text(CALCULATORS_MD, "utf-8")
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTHON", "VIRTUAL_ENV", "RULEBINDER_"))
    }
    env.update(
        HOME=str(work),
        PIP_CACHE_DIR=os.environ.get("PIP_CACHE_DIR", os.path.expanduser("~/.cache/pip")),
        PIP_CONSTRAINT=str(ROOT / "requirements.lock"),
        PIP_QUIET="1",
        PIP_DISABLE_PIP_VERSION_CHECK="1",
        RULEBINDER_CACHE=str(work / "user-cache"),  # empty: the runtime is fetched
    )
    if Path(os.path.expanduser("~/.pyenv")).is_dir():  # its shims find it from HOME
        env.setdefault("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    script, _ = readme_script()
    log = run(["bash", "-c", script], work, env)
    seconds["the README's commands"] = time.monotonic() - start
    (new,) = [words for words in commands(publish_block()) if words[:2] == ["rulebinder", "new"]]
    project = work / new[2]  # rulebinder new DIR
    assert project.is_dir(), project
    venv = work / ".venv"
    assert (venv / "bin" / "rulebinder").is_file()
    listed = (work / "after-new.txt").read_text().splitlines()
    before = {project / line.removeprefix("./") for line in listed}
    added = sorted(
        p.relative_to(project).as_posix()
        for p in project.rglob("*")
        if p.is_file() and p not in before and p.relative_to(project).parts[0] not in (
            "site", ".cache")
    )
    places = ("rules_data/lanterns/", "docs/lanterns/", "books/lanterns/", "sources/")
    assert all(p.startswith(places) for p in added) and "books/lanterns/__init__.py" in added, added
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return Book(project, project / "site", venv, env, log, seconds)


def page(book: Book, path: str) -> str:
    return (book.site / path / "index.html").read_text(encoding="utf-8")


def test_the_tool_is_installed_not_linked_to_the_repository(book: Book) -> None:
    found = run([str(book.venv / "bin" / "python"), "-c",
                 "import calculators, macros, rulebinder; "
                 "print(calculators.__file__, macros.__file__, rulebinder.__file__)"], book.project)
    assert str(ROOT) not in found and found.count("site-packages") == 3
    packages = Path(found.split()[1]).parents[1]
    assert (packages / "macros" / "theme" / "main.html").is_file()
    assert (packages / "macros" / "assets" / "calc-worker.js").is_file()
    publish = packages / "macros" / "publish"
    assert (publish / "serviceworker" / "sw.js").is_file()
    assert (publish / "serviceworker" / "build-sw.mjs").is_file()
    assert (publish / "snapshot.mjs").is_file() and (publish / "stdlib.mjs").is_file()
    for stage in ("load", "render", "publish"):
        assert (packages / "macros" / stage / "__init__.py").is_file()
    assert not list((packages / "calculators").glob("data/*.json"))  # no book's data
    assert not (packages / "rules_data").exists()
    print("seconds:", book.seconds)


def test_the_book_is_published_with_cross_links_and_hover_definitions(book: Book) -> None:
    weapons = page(book, "lanterns/weapons")
    link = re.search(r'<a href="\.\./glossary/#lanterns-momentum" title="([^"]+)"', weapons)
    assert link and "reroll a die" in link.group(1)
    assert (book.site / "lanterns" / "print" / "index.html").is_file()
    assert "Lanterns of the Deep" in (book.site / "index.html").read_text(encoding="utf-8")


def test_inline_dice_have_their_exact_odds_and_the_calculator_its_answer(book: Book) -> None:
    core = page(book, "lanterns/core_rules")
    for dice in ("2d6", "1d20", "d8", "4d6kh3"):
        assert f'data-dice="{dice}' in core, dice
    assert "1/3 (33.3%)" in core  # the roll table's rows, exact
    assert "data-calc=" in page(book, "lanterns/weapons")


def test_the_search_index_holds_the_book(book: Book) -> None:
    index = read_index(book.site)
    text = " ".join(doc["text"] for doc in index["docs"])
    assert "Momentum" in text and "Harpoon" in text
    assert {doc["location"].split("#")[0].split("/")[0] for doc in index["docs"]} <= {
        "",
        "lanterns",
    }


def test_the_runtime_and_the_offline_shell_need_no_node_modules(book: Book) -> None:
    manifest = json.loads((book.site / "pyodide" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["pyodide"] == "0.29.5"
    assert "fetching Pyodide 0.29.5" in book.log
    wheel = zipfile.ZipFile(book.site / "pyodide" / manifest["wheel"])
    names = wheel.namelist()
    assert "calculators/data/lanterns.json" in names and "calculators/bridge.py" in names
    assert not [n for n in names if any(f"/{b}" in n for b in FIVE)], names
    worker = (book.site / "sw.js").read_text(encoding="utf-8")
    assert "written in Python" in book.log  # workbox-build is not installed
    # ... which is the documented fallback, not an error: the log says nothing that reads so.
    assert "ERR_MODULE_NOT_FOUND" not in book.log and "[macros]" not in book.log
    assert '"url":"lanterns/weapons/index.html"' in worker
    assert '"url":"pyodide/pyodide.asm.wasm"' in worker
    assert (book.site / "manifest.webmanifest").is_file()
    if shutil.which("node"):
        assert "snapshot" in manifest and "stdlib" in manifest, book.log[-2000:]
    else:
        assert "node is not installed" in book.log


def test_none_of_the_five_books_is_there(book: Book) -> None:
    for system in FIVE:
        assert not (book.site / system).exists(), system
    pages = [p.read_text(encoding="utf-8") for p in book.site.rglob("*.html")]
    for name in ("Glittershard", "Pendragon", "Shattered Spirits", "Space Shard"):
        assert not [text for text in pages if name in text], name
    # The browser's core is the engine and the author's book: the finder of books and the
    # package of the book's own Python, none of the five's.
    (wheel,) = book.site.glob("pyodide/core/*/*.whl")
    books = [n for n in zipfile.ZipFile(wheel).namelist() if n.startswith("calculators/books/")]
    assert books == ["calculators/books/__init__.py", "calculators/books/lanterns/__init__.py"]


FETCHED = re.compile(
    r"<(?:script|img|iframe|source)\b[^>]*\bsrc=[\"']?(?:https?:)?//"
    r"|<link\b[^>]*\bhref=[\"']?(?:https?:)?//"
    r"|@import\s+(?:url\()?[\"']?(?:https?:)?//|url\([\"']?(?:https?:)?//",
    re.IGNORECASE,
)
"""What makes a browser fetch from another host: a script, image, frame or stylesheet (or a
font or preconnect ``<link>``) by absolute URL. A link a reader clicks is not one."""
NAMES = re.compile(r"""\brel=["']?(?:canonical|alternate|license|author)\b""", re.IGNORECASE)
"""A ``<link>`` that only names a page (the canonical address): nothing is fetched."""


def test_the_authors_pages_request_nothing_from_another_host(book: Book) -> None:
    """Issue #36: the scaffold's site asks no third party (Google Fonts, a CDN) for anything."""
    assert FETCHED.search('<link rel="stylesheet" href="https://fonts.googleapis.com/css">')
    assert not FETCHED.search('<a href="https://example.org/licence">CC BY</a>')
    assert NAMES.search('<link rel="canonical" href="https://example.org/book/')
    found = {}
    for path in [*book.site.rglob("*.html"), *book.site.rglob("*.css")]:
        text = path.read_text(encoding="utf-8", errors="replace")
        hits = [m.group(0) for m in FETCHED.finditer(text) if not NAMES.search(m.group(0))]
        if hits:
            found[path.relative_to(book.site).as_posix()] = hits[:3]
    assert not found, found


def test_the_books_own_python_calculator_is_prerendered_and_in_the_browsers_core(
    book: Book,
) -> None:
    """``books/lanterns/`` of the project, found by the book's id alone: the calculator is on
    the page of the rule it names and on the book's calculators page, with its answer."""
    for path in ("lanterns/core_rules", "lanterns/calculators"):
        html = page(book, path)
        form = html[html.index("id='calc-lanterns-glow' data-calc='lanterns.glow'") :]
        assert "Lantern glow" in form[:3000] and "Flasks of oil" in form
        assert "<dt>Hours of light</dt><dd><strong>15</strong></dd>" in form, path
    (wheel,) = book.site.glob("pyodide/core/*/*.whl")
    module = zipfile.ZipFile(wheel).read("calculators/books/lanterns/__init__.py").decode()
    assert module == LANTERNS_PY
    engine = book.project / ".cache" / "plugin" / "rulebinder" / "engine" / "calculators"
    assert (engine / "books" / "lanterns" / "__init__.py").read_text() == LANTERNS_PY


def test_rulebinder_serve_shows_an_edit_of_the_books_own_python(book: Book) -> None:
    """A live ``rulebinder serve`` in a copy of the author's project: an edit of
    ``books/lanterns/__init__.py`` (its label and its formula) is on the rebuilt page."""
    project = book.project.parent / "serving" / book.project.name
    shutil.copytree(book.project, project, ignore=shutil.ignore_patterns("site"))
    port = free_port()
    url = f"http://127.0.0.1:{port}/lanterns/calculators/"
    env = dict(book.env, NO_MKDOCS_2_WARNING="1", SITE_URL=f"http://127.0.0.1:{port}/")
    before = "<dt>Hours of light</dt><dd><strong>15</strong></dd>"
    after = "<dt>Hours of lantern light</dt><dd><strong>20</strong></dd>"
    _, readme_serve = readme_script()  # the README's `rulebinder serve`, on a free port
    serve = [str(book.venv / "bin" / readme_serve[0]), *readme_serve[1:],
             "--dev-addr", f"127.0.0.1:{port}"]
    with served(serve, project, env):
        assert wait_for(url, before, 180) is not None, "rulebinder serve never served the page"
        module = project / "books" / "lanterns" / "__init__.py"
        edited = LANTERNS_PY.replace('"Hours of light"', '"Hours of lantern light"')
        edited = edited.replace('"hours": 3 * flasks', '"hours": 4 * flasks')
        edited = edited.replace('["hours"]\n    6\n', '["hours"]\n    8\n')
        assert '"Hours of lantern light"' in edited and "4 * flasks" in edited
        module.write_text(edited, encoding="utf-8")
        assert wait_for(url, after, 120) is not None, "the rebuilt page kept the old calculator"
