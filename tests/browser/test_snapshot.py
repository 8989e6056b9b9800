"""The memory snapshot: made by the build, used by a returning reader, never trusted blindly.

A first visit boots Python normally and never downloads the snapshot; once the
runtime is cached (which caches the snapshot with it), the next calculator page
restores Python from it, with the same results as CPython. A cached snapshot
that is not this build's (damaged, or from another Pyodide) is refused or fails
to load, and the page boots normally.
"""

from __future__ import annotations

import base64
import gzip
import json
import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path
from typing import Any

import pytest

import calculators
from calculators.present import render_result
from macros.forms import dom_id
from macros.snapshot import publish_snapshot
from tests.browser.test_offline import DONE, Reader, own_server, reader  # noqa: F401

PAGE = "glittershard/calculators/"
ENGINE = "window.rbEngineInfo || null"
#: Replace the cached snapshot (found by its URL) with these base64 bytes.
REPLACE = """async (data) => {
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (request.url.includes("snapshot.bin.gz")) {
        await cache.put(request, new Response(bytes));
        return request.url;
      }
    }
  }
  return null;
}"""


def manifest(site: Path) -> dict[str, Any]:
    return json.loads((site / "pyodide" / "manifest.json").read_text(encoding="utf-8"))


def test_the_build_puts_a_checked_snapshot_beside_the_wheel(built_site: Path) -> None:
    found = manifest(built_site)
    assert Path(found["snapshot"]).parent == Path(found["wheel"]).parent
    raw = gzip.decompress((built_site / "pyodide" / found["snapshot"]).read_bytes())
    assert len(raw) == found["snapshot_bytes"]
    assert int.from_bytes(raw[:4], "little") == found["snapshot_magic"]


def test_another_pyodide_version_gets_no_snapshot_and_says_why(tmp_path: Path) -> None:
    folder = tmp_path / "pyodide"
    folder.mkdir()
    (folder / "manifest.json").write_text(json.dumps({"pyodide": "0.30.0", "wheel": "w.whl"}))
    said = publish_snapshot(tmp_path, tmp_path)
    assert said.startswith("no memory snapshot: Pyodide 0.30.0 is not one of 0.29.5")
    assert "snapshot" not in json.loads((folder / "manifest.json").read_text())


def live_engine(who: Reader, path: str) -> dict[str, Any]:
    """Open ``path`` in a new page of the reader's browser; the engine's ready report."""
    who.page.close()
    who.page = who.context.new_page()
    who.goto(path)
    who.page.wait_for_function(
        "window.rbEngineInfo && document.querySelector('.rb-calc[data-state=live]')"
    )
    return who.page.evaluate(ENGINE)


def bare(html_or_text: str) -> str:
    """Text without tags or any white space (the browser's textContent and Python's HTML)."""
    return re.sub(r"\s+", "", unescape(re.sub(r"<[a-z/][^>]*>", "", html_or_text)))


def check_every_calculator(who: Reader) -> None:
    """Every calculator of the page goes live with CPython's result for its defaults."""
    ids = who.page.eval_on_selector_all(
        ".rb-calc[data-calc]", "els => els.map(e => e.dataset.calc)"
    )
    assert len(ids) >= 10
    for calc_id in ids:
        uid = dom_id(calc_id)
        who.page.wait_for_selector(f"#{uid}[data-state=live]")
        want = render_result(calculators.get(calc_id), calculators.run(calc_id, {}), uid)
        assert bare(who.page.text_content(f"#{uid} .rb-result") or "") == bare(want), calc_id


@pytest.fixture
def returning(reader: Reader, built_site: Path) -> Iterator[Reader]:  # noqa: F811
    """A reader who used one calculator: the runtime, snapshot included, is cached."""
    reader.server.take_log()
    reader.goto("arts/calculators/")
    reader.page.wait_for_selector(f"#{dom_id('arts.incapacity')}[data-state=live]")
    assert reader.page.evaluate(ENGINE)["snapshot"] is False
    reader.page.wait_for_selector(DONE)
    assert any(s.path.endswith("/snapshot.bin.gz") for s in reader.server.take_log())
    yield reader


def test_a_first_visit_never_downloads_the_snapshot(reader: Reader) -> None:  # noqa: F811
    reader.server.take_log()
    reader.goto(PAGE)
    reader.page.wait_for_selector(".rb-calc[data-state=live]")
    assert reader.page.evaluate(ENGINE)["snapshot"] is False
    requested = [s.path for s in reader.server.take_log()]
    assert any(path.endswith(".whl") for path in requested)
    assert not [path for path in requested if "snapshot" in path]


def test_a_returning_reader_restores_python_from_the_snapshot(returning: Reader) -> None:
    assert live_engine(returning, PAGE)["snapshot"] is True
    check_every_calculator(returning)
    assert returning.errors == []


@pytest.mark.parametrize("damage", ["not this build's size", "another build id"])
def test_a_snapshot_that_is_not_this_builds_boots_python_normally(
    returning: Reader, built_site: Path, damage: str
) -> None:
    raw = bytearray(
        gzip.decompress((built_site / "pyodide" / manifest(built_site)["snapshot"]).read_bytes())
    )
    if damage == "another build id":
        raw[16:48] = bytes(32)  # same size and magic number: only Pyodide can tell
    else:
        raw = raw[:4] + bytes(1000)
    replaced = returning.page.evaluate(
        REPLACE, base64.b64encode(gzip.compress(bytes(raw))).decode()
    )
    assert replaced
    assert live_engine(returning, PAGE)["snapshot"] is False
    check_every_calculator(returning)
    assert returning.errors == []
