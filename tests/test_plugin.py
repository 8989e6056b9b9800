"""The parts of ``pip install rulebinder`` that need no install: the MkDocs plugin's options
and checks, ``rulebinder new``, the author's engine folder, the runtime fetched once, the
service worker written without Node, and a site holding only its own books.

``tests/test_install.py`` installs the wheel into a fresh virtualenv and builds a book
with it.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path

import pytest
import yaml
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.utils import yaml_load

import rulebinder
from calculators.books import BOOKS_ENV
from calculators.data import DATA_ENV
from macros.publish import offline
from macros.publish.precache import write_service_worker
from macros.publish.shared import CACHE_ENV
from macros.publish.snapshot import SNAPSHOT_VERSIONS
from rulebinder import books as author_books
from rulebinder import runtime_cache
from rulebinder.cli import main
from rulebinder.engine import (
    Engine,
    book_module,
    core_source,
    link_runtime,
    locate,
    prepare_core,
)
from rulebinder.new import FILES, NotEmpty, create
from rulebinder.plugin import RulebinderPlugin
from rulebinder.runtime_cache import RuntimeFetchError, integrity_of, pinned_runtime
from tests.bookpackage import glow_package

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "data" / "import" / "fixture_book.md"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


# -- packaging ---------------------------------------------------------------------------


def test_the_plugin_is_registered_and_the_site_needs_no_extra() -> None:
    project = PYPROJECT["project"]
    for group in ("mkdocs.plugins", "properdocs.plugins"):  # MkDocs 1.6 and ProperDocs 1.6
        entry = project["entry-points"][group]["rulebinder"]
        assert entry == "rulebinder.plugin:RulebinderPlugin"
    assert project["scripts"]["rulebinder"] == "rulebinder.cli:main"
    needed = {"mkdocs", "mkdocs-material", "mkdocs-macros-plugin", "PyYAML", "Brotli"}
    assert needed <= {dep.split(">")[0].split("=")[0] for dep in project["dependencies"]}
    assert "site" not in project.get("optional-dependencies", {})


def test_package_data_holds_the_engines_files_and_no_book() -> None:
    data = PYPROJECT["tool"]["setuptools"]["package-data"]
    assert {"theme/**/*", "assets/*"} <= set(data["macros"])
    assert {"serviceworker/*", "*.mjs"} <= set(data["macros.publish"])
    excluded = PYPROJECT["tool"]["setuptools"]["exclude-package-data"]["calculators"]
    assert excluded == ["data/*"]  # what the build exports from this repository's books


def test_one_version_in_the_package_and_the_changelog() -> None:
    version = PYPROJECT["project"]["version"]
    assert rulebinder.__version__ == version
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    latest = re.search(r"^## \[([^\]]+)\]", changelog, re.MULTILINE)
    assert latest is not None and latest.group(1) == version


def test_the_repositorys_own_site_is_built_with_the_plugin() -> None:
    config = yaml_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    names = [next(iter(p)) if isinstance(p, dict) else p for p in config["plugins"]]
    assert names == ["search", "rulebinder"]
    assert "hooks" not in config and "custom_dir" not in config["theme"]
    assert "extra_javascript" not in config and "extra_css" not in config


# -- the plugin's options and checks -----------------------------------------------------


def test_options_are_checked_like_materials(tmp_path: Path) -> None:
    config_file = str(tmp_path / "mkdocs.yml")
    errors, warnings = RulebinderPlugin().load_config({"offline": "yes", "colour": 1}, config_file)
    assert [key for key, _ in errors] == ["offline"] and "bool" in str(errors[0][1])
    assert [key for key, _ in warnings] == ["colour"]
    errors, _ = RulebinderPlugin().load_config({"pyodide_dir": str(tmp_path / "no")}, config_file)
    assert [key for key, _ in errors] == ["pyodide_dir"] and "isn't an existing" in str(errors)
    plugin = RulebinderPlugin()
    errors, warnings = plugin.load_config({}, str(tmp_path / "mkdocs.yml"))
    assert errors == [] and warnings == []
    assert plugin.config.offline and plugin.config.snapshot and plugin.config.precompress
    assert plugin.config.cache_dir == ".cache/plugin/rulebinder"


def mkdocs_config(project: Path, **settings: object) -> MkDocsConfig:
    """A validated MkDocs configuration of ``project`` (the rulebinder plugin not listed)."""
    (project / "docs").mkdir(parents=True, exist_ok=True)
    config = MkDocsConfig(config_file_path=str(project / "mkdocs.yml"))
    config.load_dict({"site_name": "Book", "theme": {"name": "material"}, **settings})
    errors, _ = config.validate()
    assert errors == []
    return config


def started(project: Path) -> RulebinderPlugin:
    plugin = RulebinderPlugin()
    plugin.load_config({}, str(project / "mkdocs.yml"))
    return plugin


def test_the_plugin_needs_material_and_runs_mkdocs_macros_itself(tmp_path: Path) -> None:
    config = mkdocs_config(tmp_path, theme={"name": "mkdocs"})
    with pytest.raises(PluginError, match="needs Material for MkDocs"):
        started(tmp_path).on_config(config)
    config = mkdocs_config(tmp_path, plugins=["search", "macros"])
    with pytest.raises(PluginError, match="remove `macros`"):
        started(tmp_path).on_config(config)


def test_an_authors_book_may_not_take_a_built_in_books_id(tmp_path: Path) -> None:
    (tmp_path / "rules_data" / "pendragon").mkdir(parents=True)
    (tmp_path / "rules_data" / "pendragon" / "system.yml").write_text("system: {}\n")
    plugin = started(tmp_path)
    plugin.engine = locate(tmp_path, ".cache/plugin/rulebinder")
    with pytest.raises(PluginError, match=r"pendragon.*taken.*--system my_pendragon"):
        plugin._check_ids(tmp_path)


#: An author's book's own Python: ``books/lanterns/__init__.py`` of a project that imported
#: the fixture book as ``lanterns`` (the example the guide and the scaffold's README give).
LANTERNS_PY = glow_package(
    "lanterns",
    "Lanterns of the Deep: its rules in Python, registered when the package is imported.",
)


def test_an_authors_book_package_is_one_of_its_books_and_not_a_built_in_one(
    tmp_path: Path,
) -> None:
    (tmp_path / "rules_data" / "lanterns").mkdir(parents=True)
    (tmp_path / "rules_data" / "lanterns" / "system.yml").write_text("system: {}\n")
    plugin = started(tmp_path)
    plugin.engine = locate(tmp_path, ".cache/plugin/rulebinder")
    package = tmp_path / "books" / "lanterns"
    package.mkdir(parents=True)
    with pytest.raises(PluginError, match=r"books/lanterns: .*add books/lanterns/__init__.py"):
        plugin._check_ids(tmp_path)
    (package / "__init__.py").write_text(LANTERNS_PY)
    (tmp_path / "books" / "notes.md").write_text("not a book")
    plugin._check_ids(tmp_path)  # a book's package, found by its id
    (tmp_path / "books" / "ember").mkdir()
    with pytest.raises(
        PluginError,
        match=r"books/ember: no book has the id 'ember'.*add rules_data/ember/system.yml",
    ):
        plugin._check_ids(tmp_path)
    (tmp_path / "books" / "ember").rename(tmp_path / "books" / "pendragon")
    with pytest.raises(PluginError, match=r"books/pendragon: the id 'pendragon' is taken"):
        plugin._check_ids(tmp_path)
    (tmp_path / "books" / "pendragon").rename(tmp_path / "books" / "my-book")
    with pytest.raises(PluginError, match=r"books/my-book: 'my-book' cannot name a Python"):
        plugin._check_ids(tmp_path)


# -- rulebinder new ----------------------------------------------------------------------


def test_new_makes_a_project_with_the_plugin_and_a_pages_workflow(tmp_path: Path) -> None:
    title = 'Lanterns: of the "Deep"'
    written = create(tmp_path / "book", title, say=lambda line: None)
    project = tmp_path / "book"
    assert sorted(p.relative_to(project).as_posix() for p in written) == sorted(FILES)
    config = yaml_load((project / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["site_name"] == title
    assert config["theme"]["name"] == "material"
    names = [next(iter(p)) if isinstance(p, dict) else p for p in config["plugins"]]
    assert names == ["search", "rulebinder"]
    assert (project / "rules_data").is_dir()
    assert "{{ systems_overview() }}" in (project / "docs" / "index.md").read_text()
    ignored = (project / ".gitignore").read_text().splitlines()
    assert {"site/", ".cache/"} <= set(ignored)
    assert title in (project / "README.md").read_text()
    assert (project / "requirements.txt").read_text().strip().splitlines()[-1].startswith(
        "rulebinder"
    )
    workflow = yaml.safe_load((project / ".github" / "workflows" / "deploy.yml").read_text())
    steps = [s for job in workflow["jobs"].values() for s in job["steps"]]
    used = {s["uses"].split("@")[0] for s in steps if "uses" in s}
    assert {
        "actions/checkout",
        "actions/setup-python",
        "actions/upload-pages-artifact",
        "actions/deploy-pages",
    } <= used
    runs = [s["run"] for s in steps if "run" in s]
    assert "pip install -r requirements.txt" in runs and "rulebinder build" in runs
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}


def test_new_says_what_to_change_when_the_workflow_cannot_install_this_rulebinder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Installed from a local folder, the pinned requirement is one no index serves: the
    author is told, on the console and in the file, what to change before pushing."""
    import rulebinder.new as new

    local = new.Installed("0.4.0", "file:///home/me/rulebinder")
    monkeypatch.setattr(new, "installed", lambda: local)
    said: list[str] = []
    create(tmp_path / "local", "Local", say=said.append)
    assert said[-1].startswith("requirements.txt: this Rulebinder was installed from file:///")
    assert "# rulebinder @ git+https://" in (tmp_path / "local" / "requirements.txt").read_text()
    monkeypatch.setattr(new, "installed", lambda: new.Installed("0.4.0"))
    said.clear()
    create(tmp_path / "indexed", "Indexed", say=said.append)
    assert all(line.startswith("wrote ") for line in said), said


def test_new_refuses_a_folder_that_is_not_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = tmp_path / "book"
    project.mkdir()
    (project / "notes.txt").write_text("mine")
    with pytest.raises(NotEmpty, match=r"not empty \(it holds notes.txt\).*--force"):
        create(project, say=lambda line: None)
    assert sorted(p.name for p in project.iterdir()) == ["notes.txt"]
    assert main(["new", str(project)]) == 2
    assert "--force" in capsys.readouterr().err
    assert main(["new", str(project), "--force", "--title", "Mine"]) == 0
    assert (project / "notes.txt").read_text() == "mine"
    assert yaml_load((project / "mkdocs.yml").read_text())["site_name"] == "Mine"
    (tmp_path / "file").write_text("")
    with pytest.raises(NotADirectoryError):
        create(tmp_path / "file", say=lambda line: None)


def test_build_and_serve_run_mkdocs_and_give_its_exit_status(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """MkDocs runs in the ``rulebinder`` process (so stopping it stops the server)."""
    monkeypatch.chdir(tmp_path)
    assert main(["build"]) == 1
    assert "Config file 'mkdocs.yml' does not exist" in capsys.readouterr().err
    assert main(["serve", "--no-such-option"]) == 2
    assert "Usage: rulebinder serve" in capsys.readouterr().err


# -- the author's engine folder ----------------------------------------------------------


def test_the_engine_folder_holds_the_engine_and_not_the_built_in_books(tmp_path: Path) -> None:
    assert locate(ROOT, ".cache/x").own
    engine = locate(tmp_path / "book", ".cache/plugin/rulebinder")
    assert not engine.own
    assert engine.root == tmp_path / "book" / ".cache" / "plugin" / "rulebinder" / "engine"
    (engine.core / "stale").mkdir(parents=True)
    (engine.core / "stale" / "gone.py").write_text("")
    assert prepare_core(engine, "9.8.7", "Core.") > 20
    modules = {p.relative_to(engine.core).as_posix() for p in engine.core.rglob("*.py")}
    assert {"__init__.py", "bridge.py", "registry.py", "notation/parser.py"} <= modules
    assert "stale/gone.py" not in modules
    assert not [m for m in modules if book_module(Path(m))]
    # The engine's finder of books is copied; no book's package is, nor anything naming one.
    assert "books/__init__.py" in modules
    assert not [m for m in modules if m.startswith("books/") and m != "books/__init__.py"]
    assert "tracker/encounter.py" in modules and "builders/page.py" in modules
    source = {p.relative_to(core_source()).as_posix() for p in core_source().rglob("*.py")}
    assert {"books/pendragon/tracker/__init__.py", "books/arts/builder/layout.py"} <= source
    assert engine.data.is_dir()
    assert 'version = "9.8.7"' in (engine.root / "pyproject.toml").read_text()
    assert prepare_core(engine, "9.8.7", "Core.") == 0  # nothing changed
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    link_runtime(engine, runtime)
    link_runtime(engine, runtime)
    assert engine.pyodide.resolve() == runtime.resolve()
    assert prepare_core(Engine(ROOT, own=True), "0", "") == 0  # the repository: untouched


def test_the_engine_folder_holds_the_authors_own_books_packages(tmp_path: Path) -> None:
    project = tmp_path / "book"
    package = project / "books" / "lanterns"
    (package / "tracker").mkdir(parents=True)
    (package / "__init__.py").write_text(LANTERNS_PY)
    (package / "tracker" / "__init__.py").write_text("")
    (package / "__pycache__").mkdir()
    (package / "__pycache__" / "x.py").write_text("")
    engine = locate(project, ".cache/plugin/rulebinder")
    assert prepare_core(engine, "9.8.7", "Core.", author_books.modules(project)) > 20
    books = sorted(
        p.relative_to(engine.core).as_posix() for p in (engine.core / "books").rglob("*.py")
    )
    assert books == [
        "books/__init__.py",
        "books/lanterns/__init__.py",
        "books/lanterns/tracker/__init__.py",
    ]
    assert (engine.core / "books" / "lanterns" / "__init__.py").read_text() == LANTERNS_PY
    (package / "tracker" / "__init__.py").unlink()
    assert prepare_core(engine, "9.8.7", "Core.", author_books.modules(project)) == 0
    assert not (engine.core / "books" / "lanterns" / "tracker" / "__init__.py").exists()


def test_a_site_holds_only_the_books_of_its_own_rules_data(tmp_path: Path) -> None:
    """The core with an author's exported data registers that book's calculators and the
    dice roller, none of the five books'."""
    from macros.load.export import export_core_data
    from macros.load.loader import load_rules
    from rulebinder.importer.command import Options, run

    assert run(Options([FIXTURE], "lanterns", root=tmp_path), lambda line: None) == 0
    (tmp_path / "core").mkdir()
    export_core_data(load_rules(tmp_path / "rules_data"), tmp_path / "core")
    script = (
        "import json, calculators; "
        "print(json.dumps(sorted({(c['system'], c['id']) for c in calculators.catalog()})))"
    )
    env = dict(os.environ, **{DATA_ENV: str(tmp_path / "core" / "data")})
    env.pop(BOOKS_ENV, None)

    def catalog() -> list[list[str]]:
        done = subprocess.run(
            [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    assert {system for system, _ in catalog()} == {"dice", "lanterns"}
    assert ["lanterns", "lanterns.glow"] not in catalog()
    # The book's own package, in the project's books/, named in the variable the plugin sets.
    (tmp_path / "books" / "lanterns").mkdir(parents=True)
    (tmp_path / "books" / "lanterns" / "__init__.py").write_text(LANTERNS_PY)
    env[BOOKS_ENV] = str(tmp_path / "books")
    found = catalog()
    assert ["lanterns", "lanterns.glow"] in found
    assert {system for system, _ in found} == {"dice", "lanterns"}


# -- the runtime, fetched once ------------------------------------------------------------


def test_the_fetched_runtime_is_the_one_package_lock_pins() -> None:
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    pinned = lock["packages"]["node_modules/pyodide"]
    assert runtime_cache.PYODIDE_VERSION == pinned["version"]
    assert runtime_cache.PYODIDE_INTEGRITY == pinned["integrity"]
    assert runtime_cache.PYODIDE_VERSION in SNAPSHOT_VERSIONS


def fake_package(folder: Path, version: str = "9.9.9") -> tuple[str, str]:
    """A tarball shaped like npm's Pyodide package; its file: URL and its integrity."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name in runtime_cache.FILES:
            data = json.dumps({"version": version}).encode() if name == "package.json" else (
                name.encode()
            )
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    tarball = folder / f"pyodide-{version}.tgz"
    tarball.write_bytes(buffer.getvalue())
    return tarball.as_uri(), integrity_of(buffer.getvalue())


def test_the_runtime_is_fetched_once_checked_and_kept(tmp_path: Path) -> None:
    url, integrity = fake_package(tmp_path)
    said: list[str] = []
    cache = tmp_path / "cache"
    options = {"version": "9.9.9", "integrity": integrity, "url": url}
    folder = pinned_runtime(cache, say=said.append, **options)  # type: ignore[arg-type]
    assert folder == cache / "pyodide" / "9.9.9"
    assert sorted(p.name for p in folder.iterdir()) == sorted(runtime_cache.FILES)
    assert (folder / "pyodide.asm.wasm").read_bytes() == b"pyodide.asm.wasm"
    assert len(said) == 1 and "once" in said[0]
    Path(url.removeprefix("file://")).unlink()  # a second build reads the cache only
    assert pinned_runtime(cache, say=said.append, **options) == folder  # type: ignore[arg-type]
    assert len(said) == 1


def test_a_runtime_that_is_not_the_pinned_one_is_refused(tmp_path: Path) -> None:
    url, _ = fake_package(tmp_path)
    wrong = integrity_of(b"another package")
    with pytest.raises(RuntimeFetchError, match="not Pyodide 9.9.9 as pinned"):
        pinned_runtime(tmp_path / "cache", version="9.9.9", integrity=wrong, url=url)
    assert not (tmp_path / "cache" / "pyodide" / "9.9.9").exists()
    with pytest.raises(RuntimeFetchError, match=r"could not be downloaded.*pyodide_dir"):
        pinned_runtime(tmp_path / "cache", version="9.9.9", url=(tmp_path / "no.tgz").as_uri())


# -- the service worker without Node -----------------------------------------------------


def small_site(site: Path) -> Path:
    """A site with pages, assets, a runtime, a source map, a hidden file and a left-out file."""
    files = {
        "index.html": "<p>home</p>",
        "book/index.html": "<p>a page</p>",
        "assets/app.js": "x" * 3000,
        "assets/app.js.map": "{}",
        "assets/javascripts/lunr/min/lunr.de.min.js": "de",
        "search/search_index.json": "{}",
        ".hidden": "no",
        "pyodide/pyodide.asm.wasm": "w" * 5000,
        "pyodide/python_stdlib.zip": "z",
        "pyodide/core/abc/rulebinder-0.2.0-py3-none-any.whl": "wheel",
        "pyodide/core/abc/snapshot-0f3c.bin.gz": "memory",
        "sw.js": "old",
    }
    for name, text in files.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text)
    return site


def lists(site: Path) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    text = (site / "sw.js").read_text(encoding="utf-8")
    found = []
    for name in ("PRECACHE_ENTRIES", "RUNTIME_ENTRIES"):
        start = text.index(f"const {name} = ") + len(f"const {name} = ")
        found.append(json.loads(text[start : text.index(";\n", start)]))
    return found[0], found[1]


def test_the_python_lists_are_workboxs(tmp_path: Path) -> None:
    leave = {"leave_out": ["assets/javascripts/lunr/min/lunr.de.min.js"],
             "runtime_leave_out": ["pyodide/python_stdlib.zip"]}
    python = small_site(tmp_path / "python")
    report = write_service_worker(python, offline.SW_FOLDER / "sw.js", 10**6, **leave)
    precache, runtime = lists(python)
    assert {e["url"] for e in precache} == {
        "index.html", "book/index.html", "assets/app.js", "search/search_index.json"
    }
    assert [e["url"] for e in runtime] == [
        "pyodide/core/abc/rulebinder-0.2.0-py3-none-any.whl",
        "pyodide/core/abc/snapshot-0f3c.bin.gz",
        "pyodide/pyodide.asm.wasm",
    ]
    # The snapshot's revision is the key of its inputs, in its name: a build from the same
    # inputs makes other bytes, and a returning reader keeps the snapshot they have.
    assert runtime[1]["revision"] == "0f3c" and len(str(runtime[0]["revision"])) == 32
    assert report["precache"]["count"] == 4 and report["warnings"] == []
    assert write_service_worker(python, offline.SW_FOLDER / "sw.js", 4000, **leave)["warnings"]
    if shutil.which("node") is None or not (ROOT / "node_modules" / "workbox-build").is_dir():
        pytest.skip("Node.js and workbox-build compare the lists")
    node = small_site(tmp_path / "workbox")
    offline.build_service_worker(node, ROOT, max_bytes=10**6, **leave)  # type: ignore[arg-type]
    by_url = lambda entries: {e["url"]: e for e in entries}  # noqa: E731
    assert by_url(lists(node)[0]) == by_url(precache)
    assert by_url(lists(node)[1]) == by_url(runtime)


def test_without_workbox_the_offline_shell_is_written_in_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = small_site(tmp_path / "site")
    monkeypatch.setattr(offline.shutil, "which", lambda name: None)
    report = offline.publish_offline(site, tmp_path, {"site_name": "Lanterns"})
    assert report is not None and report["runtime"]["count"] == 4
    assert (site / "manifest.webmanifest").is_file()
    assert "self.__WB_MANIFEST" not in (site / "sw.js").read_text()


def test_the_same_files_take_their_service_worker_from_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A warm build whose files and revisions are those of an earlier one copies the worker
    workbox made then; a changed file runs workbox again."""
    if shutil.which("node") is None or not (ROOT / "node_modules" / "workbox-build").is_dir():
        pytest.skip("Node.js and workbox-build make the worker kept")
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    first = offline.publish_offline(small_site(tmp_path / "one"), ROOT, {"site_name": "L"})
    made = (tmp_path / "one" / "sw.js").read_text(encoding="utf-8")

    def no_workbox(*args: object, **kwargs: object) -> None:
        raise AssertionError("workbox ran")

    monkeypatch.setattr(offline.subprocess, "run", no_workbox)
    again = small_site(tmp_path / "two")
    assert offline.publish_offline(again, ROOT, {"site_name": "L"}) == first
    assert (again / "sw.js").read_text(encoding="utf-8") == made
    (again / "book" / "index.html").write_text("<p>changed</p>", encoding="utf-8")
    with pytest.raises(AssertionError, match="workbox ran"):
        offline.publish_offline(again, ROOT, {"site_name": "L"})


def test_the_authors_readmes_show_the_book_package_the_tests_build() -> None:
    """The example of ``books/<id>/`` in the guide's page on a book's own Python and in
    ``rulebinder new``'s README is the package ``tests/test_install.py`` builds with the
    installed tool."""
    guide = ROOT / "docs" / "guide" / "python.md"
    for readme in (guide, ROOT / "rulebinder" / "scaffold" / "README.md"):
        text = readme.read_text(encoding="utf-8")
        assert f"```python\n{LANTERNS_PY}```\n" in text, readme
        assert "books/<id>/" in text and 'calculators_for("lanterns")' in text, readme


def test_an_edited_book_package_is_imported_afresh(tmp_path: Path) -> None:
    """Under ``mkdocs serve`` each rebuild runs ``on_config``: after an edit of ``books/``
    the core and the book's modules are imported again (in a process of their own here)."""
    package = tmp_path / "books" / "lanterns"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(LANTERNS_PY)
    script = f"""
import importlib, json, pathlib, sys
from rulebinder import books
project = pathlib.Path({str(tmp_path)!r})
answers = [books.use(project)]
def hours():
    return importlib.import_module("calculators.registry").REGISTRY.find(
        "lanterns.glow").compute(flasks=2)["hours"]
answers.append(hours())
answers.append(books.use(project))
init = project / "books" / "lanterns" / "__init__.py"
init.write_text(init.read_text().replace("3 * flasks", "(4 * flasks)"))
answers += [books.use(project), hours()]
print(json.dumps(answers))
"""
    env = {k: v for k, v in os.environ.items() if k not in (BOOKS_ENV, DATA_ENV)}
    done = subprocess.run(
        [sys.executable, "-B", "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [False, 6, False, True, 8]
