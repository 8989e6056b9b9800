"""The Pyodide runtime the site ships: published by the build, booted in real Chromium.

The bare boot page (``/__test__/boot.html``, see ``harness.py``) starts Pyodide
from the site's own ``/pyodide/`` in a module worker, loads the rules-core wheel
named by ``manifest.json`` and runs a calculator: the same path the calculator
pages take, without their form.
"""

from __future__ import annotations

import hashlib
import io
import json
import time
import zipfile
from pathlib import Path
from typing import Any

import pytest

from macros.publish.runtime import (
    RUNTIME_FILES,
    _py_compile,
    build_wheel,
    find_toolchain,
    publish_runtime,
)

ROOT = Path(__file__).resolve().parents[2]


def _boot(web: Any, query: str = "") -> dict[str, Any]:
    web.goto("__test__/boot.html" + query)
    web.page.wait_for_selector("body:not([data-state=loading])", state="attached")
    return web.page.evaluate("window.bootResult")


# -- the build's output ------------------------------------------------------------------


def test_the_build_publishes_the_runtime_and_a_manifest(built_site: Path) -> None:
    folder = built_site / "pyodide"
    for name in RUNTIME_FILES:
        assert (folder / name).stat().st_size > 0, name
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["pyodide"].startswith("0.29.")
    assert manifest["python"].startswith("3.13.")
    wheel = folder / manifest["wheel"]
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == manifest["sha256"]
    assert manifest["sha256"][:16] in manifest["wheel"]
    names = zipfile.ZipFile(wheel).namelist()
    suffix = ".pyc" if manifest["precompiled"] else ".py"
    assert "calculators/__init__" + suffix in names
    assert any(name.startswith("calculators/data/") and name.endswith(".json") for name in names)
    assert any(name.endswith(".dist-info/RECORD") for name in names)


def test_the_plain_wheel_is_reproducible_and_complete(tmp_path: Path) -> None:
    first = build_wheel(ROOT, tmp_path / "a")
    second = build_wheel(ROOT, tmp_path / "b")
    assert first.name == second.name
    assert first.name.endswith("-py3-none-any.whl")
    assert first.read_bytes() == second.read_bytes()
    names = set(zipfile.ZipFile(first).namelist())
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "calculators").glob("**/*.py")}
    assert sources - names == set()
    record = zipfile.ZipFile(first).read(first.name.split("-py3")[0] + ".dist-info/RECORD")
    assert len(record.decode().splitlines()) == len(names)


def test_the_compiled_wheel_is_the_same_when_compiled_again_later(tmp_path: Path) -> None:
    """A site built from a fresh checkout (a CI deploy) names its wheel, standard library
    and snapshot as the last one did: returning readers keep what they have."""
    toolchain = find_toolchain(ROOT, "3.13")
    if toolchain is None:
        pytest.skip("no .venv-py313 with pyodide-build (make setup)")
    wheel = build_wheel(ROOT, tmp_path / "src")
    first = _py_compile(wheel, toolchain, tmp_path / "cache-a", "wheel").read_bytes()
    time.sleep(2.1)  # past the zip format's two-second dates and the .pyc's seconds
    second = _py_compile(wheel, toolchain, tmp_path / "cache-b", "wheel").read_bytes()
    assert first == second
    assert any(name.endswith(".pyc") for name in zipfile.ZipFile(io.BytesIO(first)).namelist())


def test_without_precompiling_the_runtime_ships_sources(tmp_path: Path) -> None:
    manifest = publish_runtime(tmp_path, ROOT, precompile=False)
    assert manifest["precompiled"] is False
    assert manifest["stdlib_precompiled"] is False
    assert manifest["wheel"].endswith("-py3-none-any.whl")
    original = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    assert (tmp_path / "pyodide" / "python_stdlib.zip").read_bytes() == original.read_bytes()


# -- in Chromium ---------------------------------------------------------------------


def test_pyodide_boots_from_the_site_and_runs_the_core(web: Any, built_site: Path) -> None:
    answer = _boot(web)
    assert answer["ok"], answer.get("error")
    assert answer["result"]["p_incapacitated"] == "5/12"
    manifest = json.loads((built_site / "pyodide" / "manifest.json").read_text())
    assert answer["manifest"] == manifest
    assert [p["name"] for p in answer["loaded"]["returned"]] == ["rulebinder"]
    assert web.log.external(web.base_url) == []
    assert web.log.errors() == []
    served = {entry.path: entry.content_type for entry in web.server.take_log()}
    assert served["/pyodide/pyodide.asm.wasm"] == "application/wasm"
    assert served["/pyodide/pyodide.mjs"] == "text/javascript"


def test_the_wheel_can_also_be_fetched_and_unpacked(web: Any) -> None:
    answer = _boot(web, "?how=unpackArchive")
    assert answer["ok"], answer.get("error")
    assert answer["result"]["p_incapacitated"] == "5/12"
    assert web.log.errors() == []


def test_load_package_resolves_quietly_on_a_missing_wheel(web: Any) -> None:
    """Pyodide's ``loadPackage(url)`` does not reject on a 404: it resolves to ``[]``.

    The failure only reaches ``errorCallback`` (by default ``console.error``), so a
    worker must check the returned list, or fetch the wheel itself.
    """
    answer = _boot(web, "?wheel=/pyodide/missing-1.0-py3-none-any.whl")
    assert answer["loaded"]["returned"] == []
    assert any("Failed to load" in message for message in answer["loaded"]["messages"])
    assert "No module named 'calculators'" in answer["error"]
    assert web.log.errors() == [web.url("pyodide/missing-1.0-py3-none-any.whl") + ": HTTP 404"]


@pytest.mark.parametrize("path", ["", "arts/glossary/"])
def test_a_page_without_a_calculator_loads_no_pyodide(web: Any, path: str) -> None:
    web.goto(path, wait_until="networkidle")
    assert web.pyodide_requests() == []
    assert web.log.external(web.base_url) == []
    assert web.log.errors() == []


def test_a_rules_page_starts_no_engine_until_a_calculator_is_near(web: Any) -> None:
    """A rules page read for its rules (calculators far down): no Pyodide byte, and the
    theme and search run at once; scrolled to a calculator, the engine starts and every
    calculator of the page goes live."""
    web.goto("glittershard/how_to_play/")
    web.page.wait_for_timeout(2000)
    assert web.pyodide_requests() == []
    states = web.page.eval_on_selector_all(".rb-calc", "cs => cs.map((c) => c.dataset.state)")
    assert states and set(states) == {"static"}
    web.page.locator(".rb-calc").first.scroll_into_view_if_needed()
    web.page.wait_for_function(
        "() => [...document.querySelectorAll('.rb-calc')].every((c) => c.dataset.state === 'live')"
    )
    assert web.pyodide_requests()
    assert web.log.errors() == []


@pytest.mark.parametrize(
    "link",
    ["#calc-glittershard-damage", "?calc=glittershard.damage", "?calc=glittershard.damage&goal=5"],
)
def test_a_calculator_named_in_the_url_starts_at_once_and_answers_first(
    web: Any, link: str
) -> None:
    web.goto("glittershard/how_to_play/" + link)
    web.page.wait_for_function(
        "() => [...document.querySelectorAll('.rb-calc')].every((c) => c.dataset.state === 'live')"
    )
    # No scrolling was needed. Only a calculator whose inputs came with the link was
    # computed; the others (and the named one without inputs) are live with the result the
    # build computed for their defaults.
    computed = web.page.evaluate(
        """() => [...document.querySelectorAll('.rb-calc')]
            .filter((c) => c.dataset.answers).map((c) => c.id)"""
    )
    assert computed == (["calc-glittershard-damage"] if "goal=" in link else []), computed
    assert web.log.errors() == []
