"""A book is one unit (issue #18, item 1): the engine names no book, and a book's Python
lives in its own package, found from the book itself.

The engine (``calculators/`` outside ``calculators/books/<id>/``, ``macros/``,
``rulebinder/``, the site's scripts, stylesheet and theme) names none of the five books,
outside docstrings, comments and tests. A sixth book with a Python calculator is added to a
copy of the project by creating files in its own places only (``rules_data/<id>/``,
``docs/<id>/``, ``sources/`` for its rulebook, ``calculators/books/<id>/``), and a real
``mkdocs build --strict`` shows its calculator, prerendered, and ships it to the browser; a
book without Python builds beside it with every page it can have and no tracker or builder.
"""

from __future__ import annotations

import ast
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from calculators.books import has_part, installed, module_name
from calculators.builders import has_builder
from calculators.tracker import has_tracker
from rulebinder.importer.command import Options, run
from tests.bookpackage import glow_package
from tests.sitebuild import copy_project, mkdocs_build

ROOT = Path(__file__).resolve().parents[1]
BOOKS = ("arts", "glittershard", "pendragon", "shattered_spirits", "space_shard")
#: A book's id in a string or a name, also as a part of one (``arts.contest``,
#: ``render_arts``, ``calc-arts-x``), not inside a longer word (``artsy``, ``parts``).
NAMED = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(BOOKS) + r")(?![A-Za-z0-9])")
#: Words that look like a book's id and are not one, where they are: (file, text, why).
NOT_A_BOOK = {
    ("macros/render/filtering.py", "arts"): "the plural of the entry kind art",
    ("macros/assets/rulebinder.css", ".rb-arts-grid"): "the grid of .rb-art fieldsets",
}
FIXTURE = ROOT / "tests" / "data" / "import" / "fixture_book.md"


def engine_modules() -> Iterator[Path]:
    """Every Python module of the engine: the three packages, but the books' packages."""
    for package in ("calculators", "macros", "rulebinder"):
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if "__pycache__" in relative.parts or relative.parts[:2] == ("calculators", "data"):
                continue
            if relative.parts[:2] == ("calculators", "books") and len(relative.parts) > 3:
                continue  # calculators/books/<id>/...: a book's own package
            yield path


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstrings' nodes: of a module, its classes and functions, and those
    of its constants (a string standing alone as a statement documents; it is not code)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


def named_books(source: str) -> list[tuple[int, str]]:
    """Where a module names a book in code: string literals (docstrings aside) and the names
    it imports or defines, as (line, text). Comments are not code.

    >>> named_books("'Like arts.contest.'\\nX = 'arts.contest'  # arts\\nimport calculators.x")
    [(2, 'arts.contest')]
    >>> named_books("from calculators.books import pendragon\\nY = 'artsy'")
    [(1, 'pendragon')]
    """
    tree = ast.parse(source)
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        texts: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            texts.append(node.value)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            texts += [getattr(node, "module", None) or "", *(a.name for a in node.names)]
        elif isinstance(node, ast.Name | ast.Attribute):
            texts.append(node.id if isinstance(node, ast.Name) else node.attr)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef):
            texts.append(node.name)
        found += [(getattr(node, "lineno", 0), t) for t in texts if NAMED.search(t)]
    return sorted(set(found))


def test_the_engine_names_no_book() -> None:
    """No system id in the engine's code: not in Python (outside docstrings and comments),
    not in the scripts, stylesheet, theme and service worker the site ships."""
    problems = []
    for path in engine_modules():
        relative = path.relative_to(ROOT).as_posix()
        for line, text in named_books(path.read_text(encoding="utf-8")):
            if (relative, text) not in NOT_A_BOOK:
                problems.append(f"{relative}:{line}: {text!r}")
    assets = [
        p
        for folder in ("macros/assets", "macros/theme", "macros/serviceworker")
        for p in sorted((ROOT / folder).rglob("*"))
        if p.suffix in (".js", ".mjs", ".css", ".html")
    ]
    for path in [*assets, *sorted((ROOT / "macros").glob("*.mjs"))]:
        relative = path.relative_to(ROOT).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            words = {m.group(0) for m in re.finditer(r"[\w.-]+", line) if NAMED.search(m.group(0))}
            problems += [
                f"{relative}:{number}: {w!r}" for w in words if (relative, w) not in NOT_A_BOOK
            ]
    assert not problems, "the engine names a book:\n" + "\n".join(problems)
    assert len(list(engine_modules())) > 100  # the scan saw the engine


def test_the_scan_sees_a_book_named_in_code() -> None:
    """What the scan must catch: an id as a string, in an f-string, imported, as a name."""
    source = (
        "from calculators.books import arts\n"
        "CALC = 'arts.contest'\n"
        "def f(system):\n"
        "    return f'{system}' if system != 'space_shard' else glittershard\n"
    )
    assert [line for line, _ in named_books(source)] == [1, 2, 4, 4]


def test_each_book_has_its_python_in_one_package() -> None:
    """The five books' packages, and their parts, found by id; none anywhere else."""
    assert installed() == sorted(BOOKS)
    assert [b for b in BOOKS if has_tracker(b)] == list(BOOKS)
    assert [b for b in BOOKS if has_builder(b)] == ["arts", "glittershard"]
    assert all(has_part(b, "builder.layout") for b in ("arts", "glittershard"))
    assert module_name("arts", "grid") and module_name("glittershard", "grid")
    for book in BOOKS:
        elsewhere = [
            p.relative_to(ROOT).as_posix()
            for p in (ROOT / "calculators").rglob(f"{book}*")
            if "books" not in p.relative_to(ROOT).parts and "data" not in p.parts
        ]
        elsewhere += [p.name for p in (ROOT / "macros").rglob(f"*{book}*")]
        assert elsewhere == [], elsewhere


# -- a sixth book, with a Python calculator, and a seventh without Python ---------------

EMBER_PY = glow_package(
    "ember", "Ember, a book of the tests: one calculator in Python, registered when imported."
)

CALCULATORS_MD = """\
---
title: Calculators
---

# Ember calculators

{{ calculators_for("ember") }}
"""


def import_book(root: Path, system: str) -> None:
    said: list[str] = []
    assert run(Options([FIXTURE], system, root=root), said.append) == 0, "\n".join(said)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project with two more books: ``ember`` with a Python package,
    ``plainbook`` without (both the importer's fixture; its rulebook goes to sources/)."""
    root = copy_project(tmp_path_factory.mktemp("unit") / "project")
    before = {p for p in root.rglob("*") if p.is_file()}
    import_book(root, "ember")
    import_book(root, "plainbook")
    package = root / "calculators" / "books" / "ember"
    package.mkdir()
    (package / "__init__.py").write_text(EMBER_PY, encoding="utf-8")
    (root / "docs" / "ember" / "calculators.md").write_text(CALCULATORS_MD, encoding="utf-8")
    added = sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    places = ("rules_data/ember/", "rules_data/plainbook/", "docs/ember/", "docs/plainbook/")
    new = [p for p in added if root / p not in before]
    assert all(p.startswith((*places, "calculators/books/ember/", "sources/")) for p in new), new
    assert "calculators/books/ember/__init__.py" in new
    return root


@pytest.fixture(scope="module")
def site(project: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("unit-site")
    result = mkdocs_build(project, out)
    assert result.returncode == 0, result.stdout + result.stderr
    return out


def card(site: Path, book: str) -> str:
    """The front page's card of ``book``: from its title's link to the next card."""
    front = (site / "index.html").read_text(encoding="utf-8")
    start = front.index(f'<a href="{book}/">')
    return front[start : front.find("<h3", start)]


def test_a_new_books_python_calculator_is_on_its_pages(site: Path) -> None:
    """Found from the book's folder alone: the form beside its rule, prerendered."""
    for page in ("ember/core_rules/index.html", "ember/calculators/index.html"):
        html = (site / page).read_text(encoding="utf-8")
        form = html[html.index("id='calc-ember-glow' data-calc='ember.glow'") :]
        assert "Lantern glow" in form[:3000] and "Flasks of oil" in form
        assert "<dt>Hours of light</dt><dd><strong>15</strong></dd>" in form, page
    # Its card on the front page counts it with the calculator its rules data declares.
    assert "2 calculators" in card(site, "ember")


def test_the_browsers_core_holds_the_new_book(site: Path) -> None:
    (wheel,) = site.glob("pyodide/core/*/*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "calculators/books/ember/__init__.py" in names
    assert "calculators/books/pendragon/tracker/__init__.py" in names
    assert not [n for n in names if n.startswith("calculators/books/plainbook")]


def test_a_book_without_python_has_its_pages_and_no_tracker_or_builder(site: Path) -> None:
    pages = sorted(p.parent.name for p in (site / "plainbook").glob("*/index.html"))
    assert {"assumptions", "glossary", "core_rules", "weapons"} <= set(pages)
    assert "tracker" not in pages and "builder" not in pages
    html = (site / "plainbook" / "weapons" / "index.html").read_text(encoding="utf-8")
    assert "data-calc='plainbook.weapons_damage'" in html  # declared in its rules data
    assert "encounter tracker" not in card(site, "plainbook")
    assert "character builder" not in card(site, "plainbook")
    assert '"../tracker/"' not in html and '"../builder/"' not in html  # nor in the nav


def test_a_tracker_page_for_a_book_without_one_is_a_clear_error(
    project: Path, site: Path, tmp_path: Path
) -> None:
    """Asking for what needs a book's Python that it lacks fails the build, naming both."""
    page = project / "docs" / "plainbook" / "tracker.md"
    page.write_text('{{ encounter_tracker("plainbook") }}\n', encoding="utf-8")
    try:
        result = mkdocs_build(project, tmp_path / "out")
    finally:
        page.unlink()
    assert result.returncode != 0
    said = result.stdout + result.stderr
    assert "plainbook/tracker.md" in said
    assert "the book 'plainbook' has no encounter tracker" in said
