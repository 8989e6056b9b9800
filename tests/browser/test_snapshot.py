"""The memory snapshot: made by the build, used on a first visit, never trusted blindly.

A calculator page restores Python from the snapshot the build made (with the
core imported and every calculator run once) and answers as CPython does. Without
a usable snapshot (none named, missing, damaged, or made for another build) the
worker starts Python normally, with the same answers. A changed core gets a
snapshot of its own: an old one is never reused.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import re
import shutil
import zipfile
from collections.abc import Callable, Iterator
from html import unescape
from pathlib import Path
from typing import Any

import pytest

import calculators
from calculators.builders import handle
from calculators.present import render_result
from macros.publish.snapshot import publish_snapshot, snapshot_key
from macros.render.forms import dom_id
from tests.browser.conftest import TIMEOUT_MS
from tests.browser.harness import PageLog, SiteServer

PAGE = "glittershard/calculators/"
ENGINE = "window.rbEngineInfo || null"


def manifest_of(pyodide: Path) -> dict[str, Any]:
    return json.loads((pyodide / "manifest.json").read_text(encoding="utf-8"))


def test_the_build_puts_a_checked_snapshot_beside_the_wheel(built_site: Path) -> None:
    pyodide = built_site / "pyodide"
    found = manifest_of(pyodide)
    assert Path(found["snapshot"]).parent == Path(found["wheel"]).parent
    assert Path(found["snapshot"]).name == f"snapshot-{snapshot_key(pyodide, found)}.bin.gz"
    raw = gzip.decompress((pyodide / found["snapshot"]).read_bytes())
    assert len(raw) == found["snapshot_bytes"]
    assert int.from_bytes(raw[:4], "little") == found["snapshot_magic"]


def test_another_pyodide_version_gets_no_snapshot_and_says_why(tmp_path: Path) -> None:
    folder = tmp_path / "pyodide"
    folder.mkdir()
    (folder / "manifest.json").write_text(json.dumps({"pyodide": "0.30.0", "wheel": "w.whl"}))
    said = publish_snapshot(tmp_path)
    assert said.startswith("no memory snapshot: Pyodide 0.30.0 is not one of 0.29.5")
    assert "readers boot Python normally" in said
    assert "snapshot" not in manifest_of(folder)


def test_rulebinder_snapshot_0_makes_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "pyodide"
    (folder / "core" / "ab").mkdir(parents=True)
    stale = folder / "core" / "ab" / "snapshot-old.bin.gz"
    stale.write_bytes(b"old")
    (folder / "manifest.json").write_text(
        json.dumps({"pyodide": "0.29.5", "wheel": "core/ab/w.whl"})
    )
    monkeypatch.setenv("RULEBINDER_SNAPSHOT", "0")
    assert "RULEBINDER_SNAPSHOT is off" in publish_snapshot(tmp_path)
    assert "snapshot" not in manifest_of(folder)
    assert not stale.exists()


def test_a_changed_core_gets_a_new_snapshot_never_the_stale_one(
    built_site: Path, tmp_path: Path
) -> None:
    """Another wheel (the core changed): another key, so the build makes a new snapshot
    (in a cache of its own here) in the new wheel's folder, under another name."""
    site = tmp_path / "site"
    shutil.copytree(built_site / "pyodide", site / "pyodide")
    pyodide = site / "pyodide"
    old = manifest_of(pyodide)
    wheel = pyodide / old["wheel"]
    changed = io.BytesIO()
    with zipfile.ZipFile(wheel) as zin, zipfile.ZipFile(changed, "w") as zout:
        for info in zin.infolist():
            zout.writestr(info, zin.read(info))
        zout.writestr("calculators/changed.txt", "a changed core")
    digest = hashlib.sha256(changed.getvalue()).hexdigest()
    new_wheel = pyodide / "core" / digest[:16] / wheel.name
    new_wheel.parent.mkdir()
    new_wheel.write_bytes(changed.getvalue())
    stdlib = new_wheel.parent / Path(old["stdlib"]).name  # the build puts it beside the wheel
    shutil.move(pyodide / old["stdlib"], stdlib)
    shutil.rmtree(wheel.parent)
    manifest = {
        **old,
        "wheel": new_wheel.relative_to(pyodide).as_posix(),
        "sha256": digest,
        "stdlib": stdlib.relative_to(pyodide).as_posix(),
    }
    for key in ("snapshot", "snapshot_bytes", "snapshot_magic"):
        manifest.pop(key)
    (pyodide / "manifest.json").write_text(json.dumps(manifest))

    said = publish_snapshot(site, tmp_path / "shared")
    assert said.startswith("memory snapshot:"), said
    new = manifest_of(pyodide)
    assert Path(new["snapshot"]).parent == Path(new["wheel"]).parent
    assert Path(new["snapshot"]).name != Path(old["snapshot"]).name
    assert list((tmp_path / "shared").rglob("snapshot-*.bin.gz")), "made anew, not reused"


# -- in Chromium -----------------------------------------------------------------------------


def bare(html_or_text: str) -> str:
    """Text without tags or any white space (the browser's textContent and Python's HTML).

    A ``<template>``'s rows (a long folded table, put in place when it is opened) are not
    in the page's text until then, so they are left out of the HTML's too.
    """
    shown = re.sub(r"<template[^>]*>.*?</template>", "", html_or_text, flags=re.S)
    return re.sub(r"\s+", "", unescape(re.sub(r"<[a-z/][^>]*>", "", shown)))


def open_page(browser: Any, server: SiteServer) -> tuple[Any, Any, PageLog]:
    """A fresh context on ``server`` with the calculator page open and its engine ready."""
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT_MS)
    log = PageLog().attach(context)
    page = context.new_page()
    page.goto(server.url + PAGE, wait_until="load")
    page.wait_for_function(ENGINE)
    return context, page, log


def check_every_calculator(page: Any) -> None:
    """Every calculator of the page goes live with CPython's result for its defaults."""
    ids = page.eval_on_selector_all(".rb-calc[data-calc]", "els => els.map(e => e.dataset.calc)")
    assert len(ids) >= 10
    for calc_id in ids:
        uid = dom_id(calc_id)
        page.wait_for_selector(f"#{uid}[data-state=live]")
        want = render_result(calculators.get(calc_id), calculators.run(calc_id, {}), uid)
        assert bare(page.text_content(f"#{uid} .rb-result") or "") == bare(want), calc_id


def test_a_first_visit_restores_python_from_the_snapshot_with_cpythons_results(
    browser: Any, built_site: Path
) -> None:
    manifest = manifest_of(built_site / "pyodide")
    with SiteServer(built_site) as server:
        context, page, log = open_page(browser, server)
        try:
            assert page.evaluate(ENGINE)["snapshot"] is True
            check_every_calculator(page)
            page.wait_for_timeout(300)  # the wheel's files, unpacked after the first answers
            # The builders read their data files: they are there, the answers are CPython's.
            request = {"op": "form", "system": "glittershard", "form": {}}
            answer = page.evaluate(
                "(r) => rbEngine.request({type: 'builder', request: r})", request
            )
            want = json.loads(json.dumps(handle(request)))  # as JSON: lists, string keys
            assert {k: v for k, v in answer.items() if k not in ("type", "req", "ms")} == want
            assert any(url.endswith(manifest["snapshot"]) for url in log.requests)
            assert log.errors() == []
        finally:
            context.close()


@pytest.fixture
def variant(built_site: Path, tmp_path: Path) -> Iterator[Callable[[str], SiteServer]]:
    """A server of the built site whose ``pyodide/`` lacks a usable snapshot: ``none``
    (the manifest names none, as a build without one), ``missing`` (404), ``size`` (not
    this build's size) or ``build`` (same size and magic number, another build id: only
    Pyodide can tell)."""
    servers: list[SiteServer] = []

    def make(kind: str) -> SiteServer:
        source = built_site / "pyodide"
        folder = tmp_path / kind
        shutil.copytree(source, folder, copy_function=os_link)
        manifest = manifest_of(folder)
        snapshot = folder / manifest["snapshot"]
        raw = bytearray(gzip.decompress(snapshot.read_bytes()))
        snapshot.unlink()
        if kind == "none":
            for key in ("snapshot", "snapshot_bytes", "snapshot_magic"):
                manifest.pop(key)
            (folder / "manifest.json").unlink()
            (folder / "manifest.json").write_text(json.dumps(manifest))
        elif kind == "size":
            snapshot.write_bytes(gzip.compress(bytes(raw[:4] + bytes(1000))))
        elif kind == "build":
            raw[16:48] = bytes(32)
            snapshot.write_bytes(gzip.compress(bytes(raw), 1))
        server = SiteServer(built_site, {"/pyodide/": folder}).start()
        servers.append(server)
        return server

    try:
        yield make
    finally:
        for server in servers:
            server.stop()


def os_link(source: str, target: str) -> None:
    """Copy by hard link (the runtime is 13 MB), falling back to a copy."""
    try:
        Path(target).hardlink_to(source)
    except OSError:
        shutil.copy2(source, target)


@pytest.mark.parametrize("kind", ["none", "missing", "size", "build"])
def test_without_a_usable_snapshot_python_starts_normally_with_the_same_results(
    browser: Any, variant: Callable[[str], SiteServer], kind: str
) -> None:
    server = variant(kind)
    context, page, log = open_page(browser, server)
    try:
        assert page.evaluate(ENGINE)["snapshot"] is False
        check_every_calculator(page)
        assert log.page_errors == []
    finally:
        context.close()
