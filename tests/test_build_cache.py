"""What a build keeps and reuses: the user's shared cache (compressed copies, the trimmed
standard library, memory snapshots), what an edit of the rules data remakes, and the
lighter rebuilds under ``rulebinder serve``."""

from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import brotli
import pytest

from macros.load.export import export_core_data
from macros.load.loader import load_rules
from macros.publish import compress, snapshot, stdlib
from macros.publish.shared import CACHE_ENV, user_cache
from rulebinder.importer.command import Options, run
from rulebinder.runtime_cache import PYODIDE_VERSION
from tests.sitebuild import author_project

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "data" / "import" / "fixture_book.md"
WORDS = "lantern deep gutters remembers crew Grit Momentum tide reef salt drowned bell".split()
#: Text brotli packs better than gzip (a copy no smaller is not written).
TEXT = "".join(
    f"<p>{WORDS[n * 7 % 12]} {n} {WORDS[n * n % 12]} {WORDS[(n * 5 + 3) % 12]}.</p>\n"
    for n in range(400)
)


def site_with(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return folder


# -- compressed copies -------------------------------------------------------------------


def test_a_second_project_takes_the_compressed_copies_from_the_shared_cache(
    tmp_path: Path,
) -> None:
    cache = tmp_path / "user" / "compressed"
    first = site_with(tmp_path / "a", {"runtime.js": TEXT, "page.html": TEXT + "A"})
    said = compress.precompress(first, cache)
    assert "4 copies made, 0 from the cache" in said, said
    assert brotli.decompress((first / "runtime.js.br").read_bytes()).decode() == TEXT
    assert gzip.decompress((first / "page.html.gz").read_bytes()).decode() == TEXT + "A"
    # Another project: the same runtime file, another page.
    second = site_with(tmp_path / "b", {"runtime.js": TEXT, "page.html": TEXT + "B"})
    said = compress.precompress(second, cache)
    assert "2 copies made, 2 from the cache" in said, said
    assert (second / "runtime.js.br").read_bytes() == (first / "runtime.js.br").read_bytes()
    assert gzip.decompress((second / "page.html.gz").read_bytes()).decode() == TEXT + "B"


def test_a_copy_pruned_by_another_build_meanwhile_is_made_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another build sharing the cache may prune a copy after this one found it."""
    cache = tmp_path / "compressed"
    site = site_with(tmp_path / "site", {"runtime.js": TEXT})
    compress.precompress(site, cache)
    for slot in cache.iterdir():
        slot.unlink()
    monkeypatch.setattr(compress, "used", lambda slot: True)  # found, then pruned
    compress.precompress(site, cache)
    assert brotli.decompress((site / "runtime.js.br").read_bytes()).decode() == TEXT


def test_the_shared_cache_is_the_users_or_rulebinder_cache() -> None:
    assert user_cache({CACHE_ENV: "/somewhere/else"}) == Path("/somewhere/else")
    assert user_cache({}).name == "rulebinder"


# -- the trimmed standard library ---------------------------------------------------------


def fake_runtime(pyodide: Path, wheel_members: dict[str, str]) -> dict[str, str]:
    """A published runtime's files (fake bytes) and a wheel; its manifest."""
    (pyodide / "core" / "ab").mkdir(parents=True, exist_ok=True)
    for name in ("pyodide.asm.wasm", "python_stdlib.zip"):
        (pyodide / name).write_bytes(b"runtime " + name.encode())
    wheel = pyodide / "core" / "ab" / "rulebinder-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for member, text in wheel_members.items():
            archive.writestr(member, text)
    digest = __import__("hashlib").sha256(wheel.read_bytes()).hexdigest()
    manifest = {"pyodide": PYODIDE_VERSION, "wheel": "core/ab/" + wheel.name, "sha256": digest}
    (pyodide / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return manifest


def test_the_trimmed_librarys_key_leaves_out_the_rules_data(tmp_path: Path) -> None:
    """Two books on the same engine share one trimmed library; other code gets another."""
    code = {"calculators/__init__.py": "import json\n"}
    keys = []
    for n, members in enumerate((
        {**code, "calculators/data/one.json": '{"a": 1}'},
        {**code, "calculators/data/two.json": '{"b": 2}'},
        {"calculators/__init__.py": "import json, fractions\n"},
    )):
        pyodide = tmp_path / str(n) / "pyodide"
        manifest = fake_runtime(pyodide, members)
        keys.append(stdlib._key(pyodide, manifest, ["json"]))
    assert keys[0] == keys[1]
    assert keys[2] != keys[0]


# -- the memory snapshot ------------------------------------------------------------------


def test_a_snapshot_in_the_shared_cache_is_taken_and_another_core_makes_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shared = tmp_path / "shared"
    made: list[Path] = []

    def make(node: str, pyodide: Path, target: Path) -> None:
        made.append(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(gzip.compress(b"\x01\x02\x03\x04 made", mtime=0))

    monkeypatch.setattr(snapshot, "_make", make)
    monkeypatch.setattr(snapshot.shutil, "which", lambda name: "/usr/bin/node")
    monkeypatch.delenv("RULEBINDER_SNAPSHOT", raising=False)
    site = tmp_path / "project-a" / "site"
    manifest = fake_runtime(site / "pyodide", {"calculators/__init__.py": ""})
    key = snapshot.snapshot_key(site / "pyodide", manifest)
    cached = shared / f"snapshot-{key}.bin.gz"
    shared.mkdir()
    cached.write_bytes(gzip.compress(b"\x05\x06\x07\x08 cached", mtime=0))
    said = snapshot.publish_snapshot(site, shared)
    assert said.startswith("memory snapshot:") and made == [], said
    published = json.loads((site / "pyodide" / "manifest.json").read_text())
    assert published["snapshot_magic"] == int.from_bytes(b"\x05\x06\x07\x08", "little")
    # Another project whose core differs: its own snapshot, made once.
    other = tmp_path / "project-b" / "site"
    fake_runtime(other / "pyodide", {"calculators/__init__.py": "X = 1\n"})
    snapshot.publish_snapshot(other, shared)
    assert len(made) == 1 and made[0].parent == shared and made[0] != cached


def test_a_new_books_snapshot_restores_python_from_the_base_snapshot_made_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first snapshot on a machine starts Python and keeps a base snapshot (Python
    just started) by the runtime and standard library; the next book's run restores it."""
    runs: list[list[str]] = []
    fail_restore = []

    def run(node: str, pyodide: Path, raw: Path, *base: Path) -> str | None:
        runs.append([path.name for path in base])
        if len(base) == 1 and fail_restore:
            return "node snapshot.mjs failed (exit 7): RuntimeError: bad snapshot"
        raw.write_bytes(b"\x01\x02\x03\x04 memory")
        if len(base) == 2:
            base[1].write_bytes(gzip.compress(b"base", mtime=0))
        return None

    monkeypatch.setattr(snapshot, "_run", run)
    shared = tmp_path / "snapshot"
    books = []
    for name in ("a", "b", "c"):
        pyodide = tmp_path / name / "pyodide"
        fake_runtime(pyodide, {"calculators/__init__.py": f"BOOK = {name!r}\n"})
        books.append(pyodide)
    manifest = json.loads((books[0] / "manifest.json").read_text())
    base = shared / f"base-{snapshot.base_key(books[0], manifest)}.bin.gz"
    assert snapshot._make("node", books[0], shared / "one.bin.gz") is None
    assert runs == [[base.name, "base.bin.gz"]] and base.is_file()
    assert snapshot._make("node", books[1], shared / "two.bin.gz") is None
    assert runs[1] == [base.name]  # restored: no Python start
    assert gzip.decompress((shared / "two.bin.gz").read_bytes()) == b"\x01\x02\x03\x04 memory"
    # A base that does not restore: Python starts, and a new base replaces it.
    fail_restore.append(True)
    assert snapshot._make("node", books[2], shared / "three.bin.gz") is None
    assert runs[2:] == [[base.name], [base.name, "base.bin.gz"]]
    assert sorted(p.name for p in shared.iterdir()) == sorted(
        [base.name, "one.bin.gz", "two.bin.gz", "three.bin.gz"]
    )


def test_another_standard_library_has_another_base_snapshot(tmp_path: Path) -> None:
    pyodide = tmp_path / "pyodide"
    manifest = fake_runtime(pyodide, {"calculators/__init__.py": ""})
    key = snapshot.base_key(pyodide, manifest)
    assert key == snapshot.base_key(pyodide, {**manifest, "sha256": "another book"})
    with_stdlib = {**manifest, "stdlib": "core/ab/stdlib-1.zip"}
    assert key != snapshot.base_key(pyodide, with_stdlib)
    # The same library beside another book's wheel (in that wheel's folder): the same base.
    assert snapshot.base_key(pyodide, with_stdlib) == snapshot.base_key(
        pyodide, {**with_stdlib, "stdlib": "core/cd/stdlib-1.zip", "sha256": "cd"}
    )
    (pyodide / "pyodide.asm.wasm").write_bytes(b"another runtime")
    assert key != snapshot.base_key(pyodide, manifest)


def test_a_terms_text_is_not_in_the_core_data_a_sections_is(tmp_path: Path) -> None:
    """The snapshot holds the core and its exported data: an edit of a term (not exported)
    leaves the wheel, so the snapshot, as it was; an edit of a section remakes them."""
    assert run(Options([FIXTURE], "lanterns", root=tmp_path), lambda line: None) == 0
    rules = tmp_path / "rules_data"

    def exported() -> dict[str, bytes]:
        package = Path(tempfile.mkdtemp(dir=tmp_path))
        export_core_data(load_rules(rules), package)
        return {p.name: p.read_bytes() for p in sorted((package / "data").iterdir())}

    def edit(page: str, old: str, new: str) -> None:
        path = rules / "lanterns" / page
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    before = exported()
    edit("glossary.yml", "cannot see and fails", "cannot see at all and fails")
    assert exported() == before
    edit("core_rules.yml", "Roll 2d6 and add your Grit.", "Roll 2d6 and add your Grit now.")
    assert exported() != before


# -- under rulebinder serve ----------------------------------------------------------------


def test_a_serve_build_publishes_the_runtime_only(tmp_path: Path) -> None:
    """Under ``mkdocs serve`` (its site in a ``mkdocs_*`` folder of the temporary
    directory) no trimmed library, snapshot or compressed copies are made."""
    project = author_project(tmp_path / "book", "lanterns")
    cache = tmp_path / "user-cache"
    env = dict(os.environ, PYTHONPATH=str(ROOT), **{CACHE_ENV: str(cache)})
    site = Path(tempfile.mkdtemp(prefix="mkdocs_"))
    try:
        done = subprocess.run(
            [sys.executable, "-m", "rulebinder", "build", "-d", str(site)],
            cwd=project, env=env, capture_output=True, text=True, check=False,
        )
        assert done.returncode == 0, done.stderr
        manifest = json.loads((site / "pyodide" / "manifest.json").read_text())
        assert "wheel" in manifest and (site / "pyodide" / manifest["wheel"]).is_file()
        assert "snapshot" not in manifest and "stdlib" not in manifest
        assert not list(site.rglob("*.br")) and not list(site.rglob("snapshot-*"))
        # The app icons (drawn once per machine) are the only thing kept.
        assert sorted(p.name for p in cache.iterdir()) == ["icons", "pyodide"]
    finally:
        shutil.rmtree(site)
