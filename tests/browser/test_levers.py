"""What the site sends before the first answer, and each lever's fallback, in Chromium.

The built site served as a real host serves it (``host.py``: precompressed brotli,
ETags, a shaped link where a test says so):

* the trimmed standard library is what Python boots with, and a module it lacks is
  fetched from the whole library instead of failing;
* the memory snapshot is taken on a fast link and left alone on a slow one;
* the precompressed copies decode to the files themselves.
"""

from __future__ import annotations

import gzip
import io
import json
import re
import shutil
import zipfile
from pathlib import Path
from typing import Any

import brotli
import pytest

from macros.publish.compress import COMPRESSIBLE
from tests.browser.host import PROFILES, Host

LINKED = "glittershard/calculators/?calc=glittershard.damage&attack_roll=14&weapon_bonus=3&goal=9"
LIVE = "#calc-glittershard-damage[data-state=live]"
TIMEOUT_MS = 120_000


def manifest(site: Path) -> dict[str, Any]:
    return json.loads((site / "pyodide" / "manifest.json").read_text(encoding="utf-8"))


def open_linked(browser: Any, host: Host) -> tuple[dict[str, Any], str]:
    """Open the linked calculator cold; the engine's report and the answer's text."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(host.url + LINKED, wait_until="commit")
        page.wait_for_selector(LIVE, timeout=TIMEOUT_MS)
        info = page.evaluate("window.rbEngineInfo")
        return info, page.inner_text("#calc-glittershard-damage .rb-result")
    finally:
        context.close()


def test_the_build_trims_the_standard_library_to_what_the_core_imports(built_site: Path) -> None:
    found = manifest(built_site)
    trimmed = zipfile.ZipFile(built_site / "pyodide" / found["stdlib"])
    whole = zipfile.ZipFile(built_site / "pyodide" / "python_stdlib.zip")
    names = set(trimmed.namelist())
    assert names < set(whole.namelist())
    assert {"fractions.pyc", "json/__init__.pyc", "dataclasses.pyc"} <= names
    assert (built_site / "pyodide" / found["stdlib"]).stat().st_size < 0.4 * (
        built_site / "pyodide" / "python_stdlib.zip"
    ).stat().st_size
    assert "email" in found["stdlib_rest"] and "json" not in found["stdlib_rest"]


def test_precompressed_copies_hold_the_files_themselves(built_site: Path) -> None:
    copies = list(built_site.rglob("*.br"))
    assert any(path.name == "pyodide.asm.wasm.br" for path in copies)
    for br in copies[:40] + [built_site / "pyodide" / "pyodide.asm.js.br"]:
        plain = br.with_suffix("")
        assert plain.suffix in COMPRESSIBLE, br
        assert brotli.decompress(br.read_bytes()) == plain.read_bytes(), br
        gz = br.with_name(plain.name + ".gz")
        assert gzip.decompress(gz.read_bytes()) == plain.read_bytes(), gz


def test_on_localhost_the_snapshot_and_brotli_are_used(browser: Any, built_site: Path) -> None:
    with Host(built_site) as host:
        info, text = open_linked(browser, host)
        log = host.take_log()
    assert info["snapshot"] is True
    assert "Simple damage 8 = 14 attack roll + 3 weapon bonus" in text
    sent = {entry.path: entry for entry in log}
    assert sent["/pyodide/pyodide.asm.wasm"].encoding == "br"
    assert not [path for path in sent if path.endswith("/python_stdlib.zip")]


def test_on_a_slow_link_python_starts_without_the_snapshot(browser: Any, built_site: Path) -> None:
    with Host(built_site, profile=PROFILES["4g"]) as host:
        info, text = open_linked(browser, host)
        log = host.take_log()
    assert info["snapshot"] is False
    assert "Simple damage 8" in text
    assert not [entry.path for entry in log if "/snapshot-" in entry.path]


@pytest.fixture
def lacking_site(built_site: Path, tmp_path: Path) -> Path:
    """The built site as if the build had not seen the core import ``fractions``: its
    trimmed library lacks it (and lists it among the left-out names), and its worker is
    told there is no snapshot (which would hold it imported)."""
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    found = manifest(built_site)
    source = zipfile.ZipFile(built_site / "pyodide" / found["stdlib"])
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            if info.filename != "fractions.pyc":
                target.writestr(info, source.read(info))
    lacking = site / "pyodide" / found["stdlib"]
    lacking.write_bytes(out.getvalue())
    for copy in lacking.parent.glob(lacking.name + ".*"):
        copy.unlink()
    worker = site / "assets" / "calc-worker.js"
    text = re.sub(r'"snapshot":"[^"]*",', "", worker.read_text(encoding="utf-8"), count=1)
    text = text.replace('"stdlib_rest":[', '"stdlib_rest":["fractions",', 1)
    worker.write_text(text, encoding="utf-8")
    for copy in worker.parent.glob("calc-worker.js.*"):
        copy.unlink()
    return site


def test_a_module_the_trimmed_library_lacks_comes_from_the_whole_one(
    browser: Any, lacking_site: Path
) -> None:
    with Host(lacking_site) as host:
        info, text = open_linked(browser, host)
        log = host.take_log()
    assert info["snapshot"] is False
    assert "Simple damage 8" in text
    assert [entry.path for entry in log if entry.path == "/pyodide/python_stdlib.zip"]


def test_a_long_distribution_joins_the_page_when_its_table_is_opened(
    browser: Any, built_site: Path
) -> None:
    with Host(built_site) as host:
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(host.url + "glittershard/calculators/?calc=glittershard.conversation")
            calc = "#calc-glittershard-conversation"
            page.wait_for_selector(f"{calc}[data-state=live]", timeout=TIMEOUT_MS)
            # 598 outcomes: one path, not 598 bars with their labels.
            assert page.locator(f"{calc} .rb-chart--dense path").count() >= 1
            assert page.locator(f"{calc} .rb-bar").count() == 0
            table = page.locator(f"{calc} details.rb-dist-table").first
            assert page.locator(f"{calc} details.rb-dist-table tbody tr").count() == 0
            count = page.evaluate(
                "(s) => document.querySelector(s + ' template.rb-rows').content.children.length",
                calc,
            )
            assert count > 30
            table.locator("summary").click()
            page.wait_for_function(
                "(s) => document.querySelectorAll(s + ' details.rb-dist-table tbody tr').length",
                arg=calc,
            )
            rows = page.locator(f"{calc} details.rb-dist-table tbody tr")
            assert rows.count() == count
            assert "%" in rows.first.inner_text()
        finally:
            context.close()
