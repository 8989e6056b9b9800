"""Offline use and installing: the service worker, manifest and icons the build writes.

The build's output is checked in Python (what ``sw.js`` lists, the manifest, the
icons, the failures when workbox is missing or would skip a file); then in
Chromium: a reader visits once, the worker precaches the site, one calculator
runs (which keeps the runtime), and with the network off or the server stopped
pages never visited open, search works and another system's calculator goes
live from the inputs in its URL. A rebuild is noticed by an open page.
"""

from __future__ import annotations

import json
import re
import shutil
import struct
from pathlib import Path
from typing import Any

import pytest

from macros.publish import offline
from macros.publish.offline import OfflineError, build_service_worker, publish_offline
from macros.render.forms import dom_id
from tests.browser.conftest import Reader
from tests.browser.harness import SiteServer
from tests.browser.test_calculators import changed_value, expected, shown
from tests.browser.test_search import search_for
from tests.sitebuild import copy_project, mkdocs_build

ROOT = Path(__file__).resolve().parents[2]
REVISION = re.compile(r"^[0-9a-f]{32}$")
#: Resolves once a service worker controls the page and its precache is complete.
READY = "navigator.serviceWorker.ready.then((r) => !!r.active)"
DONE = ".rb-offline[data-state=done]"
FRESH_TEXT = "Freshly rebuilt sentence 7319."


def sw_lists(site: Path) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The precache and runtime lists written into ``site/sw.js``."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    lists = []
    for name in ("PRECACHE_ENTRIES", "RUNTIME_ENTRIES"):
        found = re.search(rf"const {name} = (\[.*?\]);\n", text)
        assert found, f"sw.js: {name} not filled in"
        lists.append(json.loads(found.group(1)))
    return lists[0], lists[1]


def site_files(site: Path, pattern: str = "**/*") -> set[str]:
    """The site's files, without the precompressed copies beside them (``x.js.br``)."""
    return {
        p.relative_to(site).as_posix()
        for p in site.glob(pattern)
        if p.is_file() and not (p.suffix in (".br", ".gz") and p.with_suffix("").is_file())
    }


# -- the build's output ------------------------------------------------------------------


def test_the_precache_lists_every_page_and_asset_with_revisions_but_no_runtime(
    built_site: Path,
) -> None:
    precache, _ = sw_lists(built_site)
    urls = {entry["url"] for entry in precache}
    assert len(urls) == len(precache)
    assert all(REVISION.match(entry["revision"]) for entry in precache), precache[:3]
    # Every page but a rule's or calculator's own page (a reader who follows a shared link
    # fetches that one; the worker keeps it: test_share.py).
    shared = {f for f in site_files(built_site, "**/*.html")
              if f.split("/")[1:2] in (["rule"], ["calc"])}
    pages = site_files(built_site, "**/*.html") - shared
    assert len(pages) > 40 and len(shared) > 300
    assert pages - urls == set()
    assert not shared & urls
    assert {
        "search/search_index.json",
        "sitemap.xml",
        "sitemap.xml.gz",
        "manifest.webmanifest",
        "assets/offline.js",
        "assets/calc-worker.js",
        *(f"assets/icons/{name}" for name in offline.ICONS),
    } <= urls
    everything = site_files(built_site) - {"sw.js"}
    left_out = {f for f in everything - urls if not f.endswith(".map")}
    unused = set(offline.unused_search_files(built_site, ["en", "zh"]))
    assert "assets/javascripts/lunr/min/lunr.de.min.js" in unused
    open_data = {f for f in left_out if f.endswith("/data.json") or f.startswith("schema/")}
    assert {"pendragon/data.json", "schema/book-1.json"} <= open_data  # for tools, not readers
    left = {f for f in left_out if not f.startswith("pyodide/")} - unused - open_data
    assert not {f for f in left if f.split("/")[1:2] not in (["rule"], ["calc"])}, left
    assert not unused & urls
    search = {f"assets/javascripts/lunr/min/lunr.{code}.min.js" for code in ("zh", "multi")}
    assert search <= urls
    assert not [url for url in urls if url.startswith("pyodide/") or url.endswith(".map")]


def test_the_runtime_list_has_every_pyodide_file_with_revision_and_size(built_site: Path) -> None:
    _, runtime = sw_lists(built_site)
    files = {f"pyodide/{name}" for name in site_files(built_site / "pyodide")}
    # The whole standard library is not kept offline where the build trimmed it.
    assert offline.unused_runtime(built_site) == ["pyodide/python_stdlib.zip"]
    assert {entry["url"] for entry in runtime} == files - {"pyodide/python_stdlib.zip"}
    wasm = built_site / "pyodide" / "pyodide.asm.wasm"
    assert wasm.stat().st_size > 2 * 1024 * 1024  # more than workbox's default limit
    keyed = [entry for entry in runtime if "/snapshot-" in entry["url"]]
    assert len(keyed) == 1  # the memory snapshot: its revision is the key in its name
    assert keyed[0]["url"].endswith(f"/snapshot-{keyed[0]['revision']}.bin.gz"), keyed
    for entry in runtime:
        assert entry in keyed or REVISION.match(entry["revision"]), entry
        assert entry["size"] == (built_site / entry["url"]).stat().st_size, entry


def test_a_file_workbox_would_skip_fails_the_build(built_site: Path, tmp_path: Path) -> None:
    """workbox's default limit (2 MB) only warns when it leaves the wasm out: an error here."""
    assert offline.MAX_FILE_BYTES > (built_site / "pyodide" / "pyodide.asm.wasm").stat().st_size
    site = tmp_path / "site"
    shutil.copytree(built_site, site)
    with pytest.raises(OfflineError, match=r"(?s)left files out.*pyodide\.asm\.wasm"):
        build_service_worker(site, ROOT, max_bytes=2 * 1024 * 1024)


def test_without_node_or_workbox_the_build_says_what_to_install(
    built_site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(offline.shutil, "which", lambda name: None)
    with pytest.raises(OfflineError, match=r"node not found.*make setup"):
        build_service_worker(built_site, ROOT)
    monkeypatch.undo()
    alone = tmp_path / "serviceworker"  # the script without a node_modules beside it
    shutil.copytree(offline.SW_FOLDER, alone)
    monkeypatch.setattr(offline, "SW_FOLDER", alone)
    with pytest.raises(OfflineError, match=r"workbox-build is not installed.*make setup"):
        build_service_worker(built_site, ROOT)


def test_with_offline_use_off_the_worker_only_retires_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RULEBINDER_OFFLINE", "0")
    config = {"site_name": "Rulebinder", "site_description": "Rules."}
    assert publish_offline(tmp_path, ROOT, config) is None
    worker = (tmp_path / "sw.js").read_text(encoding="utf-8")
    assert "unregister()" in worker and "__WB_MANIFEST" not in worker
    assert (tmp_path / "manifest.webmanifest").is_file()


def test_pages_link_the_manifest_and_the_manifest_makes_the_site_installable(
    built_site: Path,
) -> None:
    html = (built_site / "arts" / "glossary" / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="../../manifest.webmanifest">' in html
    assert '<meta name="theme-color" content="#3f51b5">' in html
    assert '<link rel="apple-touch-icon" href="../../assets/icons/apple-touch-icon.png">' in html
    assert '<meta name="rulebinder:service-worker" content="../../sw.js">' in html
    manifest = json.loads((built_site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "Rulebinder" and manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == manifest["scope"] == "./"
    assert manifest["theme_color"] == "#3f51b5"
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        data = (built_site / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", data[16:24])
        assert f"{width}x{height}" == icon["sizes"]


# -- in Chromium -------------------------------------------------------------------------


def title_of(site: Path, page: str) -> str:
    html = (site / page / "index.html").read_text(encoding="utf-8")
    found = re.search(r"<title>(.*?)</title>", html)
    assert found
    return found.group(1).replace("&amp;", "&")


def check_offline(reader: Reader, site: Path) -> None:
    """With no network: a page never visited, search, and a calculator from a link."""
    reader.goto("pendragon/")
    assert reader.page.title() == title_of(site, "pendragon")
    results = search_for(reader, "incapacity")
    assert any("ncapacit" in title for title in results), results
    calc_id = "glittershard.task"
    name, value = changed_value(calc_id)
    reader.goto(f"glittershard/calculators/?calc={calc_id}&{name}={value}")
    reader.page.wait_for_selector(f"#{dom_id(calc_id)}[data-state=live]")
    for output, text in expected(calc_id, {name: value}).items():
        assert shown(reader, calc_id, output) == text, output


@pytest.mark.parametrize("cut", ["network off", "server stopped"])
def test_after_one_visit_and_one_calculator_everything_works_offline(
    reader: Reader, built_site: Path, cut: str
) -> None:
    reader.server.take_log()
    reader.goto("arts/calculators/")
    reader.page.wait_for_selector(f"#{dom_id('arts.incapacity')}[data-state=live]")
    assert reader.page.evaluate(READY)
    # The runtime this calculator loaded is kept for offline use without asking.
    reader.page.wait_for_selector(DONE)
    status = reader.page.text_content(".rb-offline [role=status]") or ""
    assert "Available offline" in status
    if cut == "network off":
        reader.context.set_offline(True)
    else:
        reader.server.stop()
    check_offline(reader, built_site)
    assert reader.errors == []


def test_make_available_offline_fetches_the_runtime_from_a_plain_page(
    reader: Reader, built_site: Path
) -> None:
    reader.server.take_log()
    reader.goto("arts/glossary/")
    assert reader.page.evaluate(READY)
    reader.page.wait_for_selector(".rb-offline[data-state=idle]")
    # The install precached the pages but downloaded nothing of the runtime.
    served = reader.server.take_log()
    assert "/search/search_index.json" in {s.path for s in served}
    assert [s.path for s in served if s.path.startswith("/pyodide/")] == []
    button = reader.page.get_by_role("button", name="Make available offline")
    button.focus()
    reader.page.keyboard.press("Enter")
    reader.page.wait_for_selector(DONE)
    runtime = {s.path for s in reader.server.take_log() if s.path.startswith("/pyodide/")}
    assert "/pyodide/pyodide.asm.wasm" in runtime
    manifest = json.loads((built_site / "pyodide" / "manifest.json").read_text())
    assert {f"/pyodide/{manifest['stdlib']}", f"/pyodide/{manifest['snapshot']}"} <= runtime
    assert "/pyodide/python_stdlib.zip" not in runtime  # the trimmed one stands in for it
    reader.context.set_offline(True)
    check_offline(reader, built_site)
    assert reader.errors == []


def test_a_rebuild_is_noticed_by_an_open_page(
    browser: Any, built_site: Path, tmp_path: Path
) -> None:
    served = tmp_path / "served"
    shutil.copytree(built_site, served)
    with SiteServer(served) as server:
        reader = Reader(browser, server)
        try:
            reader.goto("")
            assert reader.page.evaluate(READY)
            reader.page.wait_for_function("!!navigator.serviceWorker.controller")
            assert FRESH_TEXT not in reader.page.content()
            # Rebuild with one page changed, into the folder being served.
            project = copy_project(tmp_path / "project")
            index = project / "docs" / "index.md"
            index.write_text(index.read_text(encoding="utf-8") + f"\n{FRESH_TEXT}\n")
            rebuilt = tmp_path / "rebuilt"
            result = mkdocs_build(project, rebuilt, server.url)
            assert result.returncode == 0, result.stdout + result.stderr
            shutil.rmtree(served)
            shutil.copytree(rebuilt, served)
            reader.page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
            notice = reader.page.locator(".rb-update[role=status]")
            notice.get_by_text("A new version of this rulebook is ready").wait_for()
            with reader.page.expect_navigation():
                notice.get_by_role("button", name="Reload").click()
            reader.page.get_by_text(FRESH_TEXT).wait_for()
            # The old version's stale entries are gone from the precache.
            left = reader.page.evaluate(
                """async () => {
                  const cache = await caches.open("rulebinder-precache-v1");
                  return (await cache.keys()).length;
                }"""
            )
            precache, _ = sw_lists(served)
            assert left == len(precache)
        finally:
            reader.context.close()


#: What Chromium reports for a reader who turned on Save-Data (navigator.connection).
SAVE_DATA = """Object.defineProperty(navigator, "connection", { configurable: true,
  value: { saveData: true, effectiveType: "4g", addEventListener() {} } });"""


def test_on_save_data_nothing_is_copied_until_the_reader_asks(
    browser: Any, own_server: SiteServer
) -> None:
    """A plain page on a connection that saves data: no service worker, no other page
    fetched, even after a calculator ran; "Make available offline" still makes the copy."""
    reader = Reader(browser, own_server)
    try:
        reader.context.add_init_script(SAVE_DATA)
        reader.server.take_log()
        reader.goto("arts/glossary/")
        reader.page.wait_for_function(
            "() => document.querySelector('.rb-offline__status')?.textContent"
            ".includes('saves data')"
        )
        reader.goto("dice/")
        reader.page.wait_for_selector(".rb-calc[data-state=live]")
        reader.page.wait_for_timeout(1500)
        assert (
            reader.page.evaluate(
                "() => navigator.serviceWorker.getRegistrations().then((r) => r.length)"
            )
            == 0
        )
        served = {s.path for s in reader.server.take_log()}
        assert "/pendragon/glossary/index.html" not in served and "/sw.js" not in served, served
        button = reader.page.get_by_role("button", name="Make available offline")
        button.click()
        reader.page.wait_for_selector(DONE)
        served = {s.path for s in reader.server.take_log()}
        assert "/pendragon/glossary/index.html" in served and "/pyodide/pyodide.asm.wasm" in served
        assert reader.errors == []
    finally:
        reader.context.close()


def test_the_offline_copy_waits_for_an_engine_still_booting(
    browser: Any, own_server: SiteServer
) -> None:
    """On a link slower than the engine's 20 s, the copy of the pages would share the link
    with the runtime: while the engine boots it is not started, once it answers it is."""
    reader = Reader(browser, own_server)
    held: list[Any] = []
    released: list[bool] = []

    def hold(route: Any) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    try:
        reader.page.clock.install()
        reader.context.route("**/pyodide.asm.wasm", hold)
        reader.goto("glittershard/calculators/?calc=glittershard.damage&goal=5")
        reader.page.wait_for_function("() => document.readyState === 'complete'")
        reader.page.wait_for_function("() => window.rbEngine.state === 'booting'")
        reader.page.clock.run_for(60_000)  # the page's timers: a minute on a slow link
        registrations = "() => navigator.serviceWorker.getRegistrations().then((r) => r.length)"
        assert reader.page.evaluate(registrations) == 0
        assert reader.page.evaluate("() => window.rbEngine.state") == "booting"
        released.append(True)
        for route in held:
            route.continue_()
        reader.page.wait_for_selector("#calc-glittershard-damage[data-state=live]")
        reader.page.clock.run_for(1_000)  # the idle callback's fallback, where there is one
        reader.page.wait_for_function(f"() => ({registrations})().then((n) => n === 1)")
        assert reader.errors == []
    finally:
        reader.context.close()
