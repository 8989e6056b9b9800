"""Benchmark: calculators and the Pyodide boot in real Chromium, on the built site.

In one Chromium run, on the site served on 127.0.0.1 (``tests/browser/harness.py``):

0. the first visit (also with ``--quick``, which measures only this): the calculator
   page (``--page``, default ``glittershard/calculators/``, the heaviest) opened cold
   with a calculator's inputs in its URL (``--inputs``), from navigation to the first
   live result, against a cold bare Pyodide boot, on a laptop (this machine) and on a
   phone-class CPU (DevTools' ``Emulation.setCPUThrottlingRate`` 4x and a 390x844
   viewport; Chromium throttles only the page's main thread, not its workers: "only
   supported for pages, not workers"); every lever of the shipped site undone in copies
   of it (each lever alone, none, all) and, with ``--before REF``, the site built from
   git REF, all in the same interleaved rounds; with the bytes the server sent until
   the first result (and until ``load`` for a page without calculator, ``--plain``,
   with what of it was Pyodide's: none), then while the service worker installs;
1. a calculator page: time from navigation to the first live result
   (``.rb-calc[data-state=live]``), cold (empty HTTP cache) and warm (same
   browser context, second visit); the median recompute after an input change
   (``data-ms``, the compute time the page reports; ``data-wall``, request to
   answer; and from the ``input`` event to the updated DOM); bytes transferred
   for a page without a calculator and for one with;
2. the baseline: a bare page that only boots the same Pyodide in a module
   worker (cold and warm), and the same page also loading the rules-core wheel
   and running one calculator; then, for the calculator page, when the engine
   starts (from <head>, at the end of the page, when the browser is idle) and
   what holding the theme's search index until the first answer buys, with the
   page's first contentful paint;
3. what each boot step buys, on the bare page: precompiled bytecode (none, the
   wheel only, wheel and standard library), a standard library cut to the
   modules actually imported, a memory snapshot made with Node at build time
   (Pyodide's private ``_loadSnapshot``), the HTTP caching policy, and wasm
   served as ``application/octet-stream`` instead of ``application/wasm``;
4. a returning visitor: an on-disk Chromium profile (disk cache and V8's code
   cache for the compiled WebAssembly), first visit and later visits;
5. a returning reader: an on-disk profile where the
   service worker has cached the site and the runtime ("Make available
   offline"), then new loads of a calculator page, against a cold bare Pyodide
   boot measured in the same rounds (target: at most half of it).

Every number is the median of ``--runs`` loads, after one discarded warm-up
load; the configurations are measured in interleaved rounds, so that a change in
the machine's load hits all alike. Cold = a new (in-memory) browser context;
warm = a new page in the same context after a pause.
Bytes are what the server sent (uncompressed; a host that gzips sends less).

Usage: .venv/bin/python scripts/bench_browser.py [--site DIR] [--runs N] [--page PATH] [--quick]
       [--inputs QUERY] [--before REF] [--reader-page PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

from macros.publish.runtime import find_toolchain, publish_runtime  # noqa: E402
from scripts.report import print_table  # noqa: E402
from tests.browser.harness import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    SiteServer,
    launch_chromium,
    launch_persistent_chromium,
    write_boot_page,
)

TIMEOUT_MS = 90_000
#: A cold boot takes a few seconds; a page with no live result by then has failed.
LIVE_TIMEOUT_MS = 25_000
WARM_PAUSE_S = 1.5
#: The bare page that only boots Pyodide, and the same page running one calculator.
BOOT_ONLY = "__test__/boot.html?how=none"
BOOT_CALC = "__test__/boot.html?how=unpackArchive"
#: Records when a live result (or a failure) first appears, relative to navigation start.
READY_SCRIPT = """
(() => {
  const check = () => {
    if (!window.__rbReadyAt &&
        document.querySelector(".rb-calc[data-state=live], body[data-state=live]")) {
      window.__rbReadyAt = performance.now();
    }
    if (!window.__rbFailedAt &&
        document.querySelector(".rb-calc[data-state=failed], body[data-state=failed]")) {
      window.__rbFailedAt = performance.now();
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["data-state"],
  });
})();
"""
#: First contentful paint of the page, in ms from navigation start (None: not painted).
FCP_SCRIPT = """
() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return paint ? paint.startTime : null;
}
"""
#: Changes one number field of every calculator ``n`` times; the timings of each change.
RECOMPUTE_SCRIPT = """
async (n) => {
  const out = [];
  for (const el of document.querySelectorAll(".rb-calc")) {
    const input = [...el.querySelectorAll("input[type=number]")].find((i) => i.value !== "");
    if (!input) continue;
    const start = Number(input.value);
    const up = input.max === "" || start + 1 <= Number(input.max);
    const other = String(up ? start + 1 : start - 1);
    for (let i = 0; i < n; i++) {
      const answered = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          observer.disconnect();
          resolve(performance.now());
        });
        observer.observe(el, { attributes: true, attributeFilter: ["data-wall"] });
      });
      const t0 = performance.now();
      input.value = i % 2 ? String(start) : other;
      input.dispatchEvent(new Event("input", { bubbles: true }));
      const t1 = await Promise.race([answered, new Promise((r) => setTimeout(() => r(NaN), 5000))]);
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      out.push({
        calc: el.dataset.calc, state: el.dataset.state, ms: Number(el.dataset.ms),
        wall: Number(el.dataset.wall), dom: t1 - t0, painted: performance.now() - t0,
      });
    }
  }
  return out;
}
"""


#: Node script: boot Pyodide from a ``pyodide/`` folder, import the core, save a memory snapshot.
SNAPSHOT_SCRIPT = """
import { readFileSync, writeFileSync } from "node:fs";
const folder = process.argv[2];
const { loadPyodide } = await import(`${folder}/pyodide.mjs`);
const manifest = JSON.parse(readFileSync(`${folder}/manifest.json`));
const py = await loadPyodide({ indexURL: `${folder}/`, _makeSnapshot: true });
py.unpackArchive(new Uint8Array(readFileSync(`${folder}/${manifest.wheel}`)), "wheel");
py.runPython("import calculators, calculators.bridge, json");
writeFileSync(`${folder}/snapshot.bin`, py.makeMemorySnapshot());
"""


def make_snapshot(folder: Path) -> int | None:
    """Write ``folder/snapshot.bin`` with Node; its size, or None if Node cannot."""
    script = folder.parent / "make-snapshot.mjs"
    script.write_text(SNAPSHOT_SCRIPT, encoding="utf-8")
    node = shutil.which("node")
    if node is None:
        return None
    done = subprocess.run([node, str(script), str(folder)], capture_output=True, check=False)
    snapshot = folder / "snapshot.bin"
    return snapshot.stat().st_size if done.returncode == 0 and snapshot.is_file() else None


@dataclass
class Load:
    """One page load: ms from navigation start to live (None: failed), what was served."""

    ms: float | None
    total_bytes: int
    pyodide_bytes: int
    requests: int
    detail: dict[str, Any] = field(default_factory=dict)


def median(values: list[float | None]) -> float | None:
    got = [v for v in values if v is not None]
    return statistics.median(got) if got and len(got) == len(values) else None


def fmt_ms(value: float | None) -> str:
    return "failed" if value is None else f"{value:,.0f} ms"


def fmt_bytes(value: float) -> str:
    return f"{value / 1e6:.2f} MB" if value >= 1e5 else f"{value / 1e3:.1f} kB"


class Bench:
    """One Chromium, many servers (one per configuration), all on 127.0.0.1."""

    def __init__(self, browser: Any, site: Path, pages: Path) -> None:
        self.browser = browser
        self.site = site
        self.pages = pages
        self.servers: list[SiteServer] = []
        self.notes: list[str] = []

    def server(
        self, pyodide: Path | None = None, site: Path | None = None, **options: Any
    ) -> SiteServer:
        """Serve ``site`` (default: the built site), with another ``pyodide/`` if given."""
        mounts = {"/__test__/": self.pages}
        if pyodide is not None:
            mounts["/pyodide/"] = pyodide
        server = SiteServer(site or self.site, mounts, **options).start()
        self.servers.append(server)
        return server

    def close(self) -> None:
        for server in self.servers:
            server.stop()

    def once(self, server: SiteServer, path: str) -> Load:
        """One cold load that waits for a live result, in its own context."""
        context = self.context()
        try:
            return self.visit(context, server, path, True)
        finally:
            context.close()

    def context(self) -> Any:
        """A new browser context (empty cache) that records when a result goes live."""
        context = self.browser.new_context()
        context.add_init_script(READY_SCRIPT)
        return context

    def visit(self, context: Any, server: SiteServer, path: str, wait_live: bool) -> Load:
        server.take_log()
        page = context.new_page()
        try:
            page.goto(server.url + path, wait_until="load", timeout=TIMEOUT_MS)
            detail: dict[str, Any] = {}
            ms: float | None = None
            if wait_live:
                try:
                    page.wait_for_function(
                        "window.__rbReadyAt || window.__rbFailedAt", timeout=LIVE_TIMEOUT_MS
                    )
                except PlaywrightTimeout:
                    detail = {"ok": False, "error": "no live result (timeout)"}
                else:
                    ms = page.evaluate("window.__rbReadyAt || null")
                    detail = page.evaluate("window.bootResult || {}")
            detail["fcp"] = page.evaluate(FCP_SCRIPT)
            try:
                page.wait_for_load_state("networkidle", timeout=LIVE_TIMEOUT_MS)
            except PlaywrightTimeout:
                pass
        finally:
            page.close()
        log = server.take_log()
        return Load(
            ms=ms,
            total_bytes=sum(s.bytes for s in log),
            pyodide_bytes=sum(s.bytes for s in log if s.path.startswith("/pyodide/")),
            requests=len(log),
            detail=detail,
        )

    def cold_warm(
        self, server: SiteServer, path: str, runs: int, wait_live: bool = True
    ) -> tuple[list[Load], list[Load]]:
        """``runs`` cold loads (new context each) and, after each, one warm load."""
        cold: list[Load] = []
        warm: list[Load] = []
        for _ in range(runs):
            context = self.context()
            try:
                cold.append(self.visit(context, server, path, wait_live))
                time.sleep(WARM_PAUSE_S)
                warm.append(self.visit(context, server, path, wait_live))
            finally:
                context.close()
        return cold, warm

    def recompute(self, server: SiteServer, path: str, changes: int) -> list[dict[str, Any]]:
        context = self.context()
        try:
            page = context.new_page()
            page.goto(server.url + path, wait_until="load", timeout=TIMEOUT_MS)
            page.wait_for_function("window.__rbReadyAt || window.__rbFailedAt", timeout=TIMEOUT_MS)
            page.wait_for_timeout(500)
            return list(page.evaluate(RECOMPUTE_SCRIPT, changes))
        finally:
            context.close()


def build_site(out: Path) -> Path:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)]
    subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)
    return out


def minimal_stdlib(source: Path, files: list[str], target: Path) -> int:
    """``python_stdlib.zip`` cut to the imported ``files`` (and package ``__init__``); its size."""
    wanted: set[str] = set()
    for name in files:
        if ".zip/" in name:
            member = name.split(".zip/", 1)[1]
            wanted.add(member)
            parts = member.split("/")
            for depth in range(1, len(parts)):
                for init in ("__init__.py", "__init__.pyc"):
                    wanted.add("/".join([*parts[:depth], init]))
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for info in zin.infolist():
            if info.filename in wanted or info.filename.startswith("_sysconfigdata"):
                out.writestr(info, zin.read(info))
    return target.stat().st_size


def variant(folder: Path, make: Callable[[Path], Any]) -> Path:
    """A ``pyodide/`` folder written by ``make(site_dir)``."""
    make(folder)
    return folder / "pyodide"


@dataclass
class Case:
    """One configuration measured ``runs`` times: a page on a server."""

    label: str
    server: SiteServer
    path: str
    wait_live: bool = True
    cold: list[Load] = field(default_factory=list)
    warm: list[Load] = field(default_factory=list)

    def row(self, bytes_label: Callable[[Load], str]) -> tuple[str, str, str, str]:
        cold = median([x.ms for x in self.cold]) if self.wait_live else None
        warm = median([x.ms for x in self.warm]) if self.wait_live else None
        return (
            self.label,
            fmt_ms(cold) if self.wait_live else "",
            fmt_ms(warm) if self.wait_live else "",
            bytes_label(self.cold[0]),
        )


def run_cases(bench: Bench, cases: list[Case], runs: int) -> None:
    """Measure every case ``runs`` times, interleaved (rotating the order each round),
    so that a change in the machine's load hits every case alike."""
    for round_ in range(runs):
        shift = round_ % len(cases)
        for case in cases[shift:] + cases[:shift]:
            cold, warm = bench.cold_warm(case.server, case.path, 1, case.wait_live)
            case.cold += cold
            case.warm += warm
        print(f"round {round_ + 1}/{runs} done", file=sys.stderr, flush=True)


def site_bytes(load: Load) -> str:
    return f"{fmt_bytes(load.total_bytes)} ({fmt_bytes(load.pyodide_bytes)} under /pyodide/)"


def boot_detail(case: Case) -> Callable[[Load], str]:
    def label(load: Load) -> str:
        boot = [x.detail.get("ms", {}).get("boot") for x in case.cold]
        start = median(boot) if None not in boot else None
        text = f"{fmt_bytes(load.pyodide_bytes)} under /pyodide/"
        return text + (f"; Python start {fmt_ms(start)} cold" if start is not None else "")

    return label


Row = tuple[str, str, str, str]


def has_calculator(site: Path, page: str) -> bool:
    """Whether the built ``page`` of ``site`` has a calculator form."""
    html = site / page / "index.html"
    return html.is_file() and "rb-calc" in html.read_text(encoding="utf-8")


def page_vs_boot(bench: Bench, shipped: SiteServer, args: argparse.Namespace) -> list[Row]:
    """Sections 1 and 2: the calculator page against the bare boot, interleaved."""
    rows: list[Row] = []
    has_calcs = has_calculator(bench.site, args.page)
    cases = [
        Case("bare page: Pyodide boot only (baseline)", shipped, BOOT_ONLY),
        Case("bare page: boot + core wheel + one calculator", shipped, BOOT_CALC),
    ]
    if has_calcs:
        cases.append(Case(f"calculator page /{args.page}: first live", shipped, args.page))
    else:
        bench.notes.append(f"/{args.page} has no calculator: calculator-page rows skipped")
    cases.append(Case(f"page without calculator /{args.plain}", shipped, args.plain, False))
    run_cases(bench, cases, args.runs)
    rows += [case.row(site_bytes) for case in cases]
    if not has_calcs:
        return rows
    base, page = cases[0], cases[2]
    gaps = []
    for what in ("cold", "warm"):
        mine = median([x.ms for x in getattr(page, what)])
        bare = median([x.ms for x in getattr(base, what)])
        gaps.append(f"{what} {mine - bare:+,.0f} ms" if mine and bare else f"{what} ?")
    bench.notes.append(
        "first live result after the bare boot: " + ", ".join(gaps) + " (target: <= +500 ms)"
    )
    timings = bench.recompute(shipped, args.page, args.changes)
    good = [t for t in timings if t["state"] == "live" and t["dom"] == t["dom"]]
    if good:
        calcs = len({t["calc"] for t in good})
        rows.append(
            (
                f"recompute after an input change ({len(good)} changes, "
                f"{calcs} calculators), median",
                f"compute {statistics.median(t['ms'] for t in good):.1f} ms",
                f"request→answer {statistics.median(t['wall'] for t in good):.1f} ms",
                f"input→DOM {statistics.median(t['dom'] for t in good):.1f} ms, "
                f"→painted {statistics.median(t['painted'] for t in good):.1f} ms",
            )
        )
        slowest = max(good, key=lambda t: t["wall"])
        bench.notes.append(
            f"slowest recompute: {slowest['calc']} {slowest['ms']:.1f} ms compute, "
            f"{slowest['wall']:.1f} ms request→answer"
        )
    if len(good) != len(timings):
        bench.notes.append(f"{len(timings) - len(good)} input changes gave no live result")
    return rows


#: In a calculator page's <head>: the script that starts the engine, and within it the
#: part that holds the theme's search index (``macros/theme/main.html``).
HEAD_START = re.compile(r"<script>\s*\(function \(\) \{\s*if \(!window\.Worker\).*?</script>", re.S)
SEARCH_HOLD = re.compile(r"\n *// The theme fetches.*?setTimeout\(release, 20000\);", re.S)
#: In calculator.js: the two places that start the engine at once on a calculator page.
START_AT_ONCE = (
    'if (document.querySelector(".rb-calc")) startWorker();',
    "    startWorker();\n  }",
)


def start_variants(site: Path, page: str, tmp: Path) -> dict[str, Path]:
    """Copies of the built site that start the engine differently on ``page``.

    ``no-hold``: started from <head>, search index not held; ``end``: started by
    calculator.js at the end of the page; ``idle``: started when the browser is idle
    (``requestIdleCallback``). The last two do not hold the search index either.
    """
    html = (site / page / "index.html").read_text(encoding="utf-8")
    script = (site / "assets" / "calculator.js").read_text(encoding="utf-8")
    if not (HEAD_START.search(html) and SEARCH_HOLD.search(html)):
        return {}
    if not all(marker in script for marker in START_AT_ONCE):
        return {}
    idle_script = script.replace(
        START_AT_ONCE[0],
        "if (document.querySelector('.rb-calc')) requestIdleCallback(startWorker);",
    ).replace(START_AT_ONCE[1], "    requestIdleCallback(() => startWorker());\n  }")
    changes = {
        "no-hold": (SEARCH_HOLD.sub("", html, count=1), script),
        "end": (HEAD_START.sub("", html, count=1), script),
        "idle": (HEAD_START.sub("", html, count=1), idle_script),
    }
    out: dict[str, Path] = {}
    for name, (page_html, calc_js) in changes.items():
        copy = tmp / f"start-{name}"
        shutil.copytree(site, copy, symlinks=True)
        (copy / page / "index.html").write_text(page_html, encoding="utf-8")
        (copy / "assets" / "calculator.js").write_text(calc_js, encoding="utf-8")
        out[name] = copy
    return out


def engine_start(
    bench: Bench, shipped: SiteServer, tmp: Path, args: argparse.Namespace
) -> list[Row]:
    """Section 1b: when the engine starts, and what holding the search index buys."""
    variants = start_variants(bench.site, args.page, tmp)
    if not variants:
        bench.notes.append(f"/{args.page}: engine-start variants skipped (markers not found)")
        return []
    labels = {
        "no-hold": "started from <head>, search index not held",
        "end": "started by calculator.js at the end of the page, index not held",
        "idle": "started at idle (requestIdleCallback), index not held",
    }
    cases = [Case("shipped: started from <head>, search index held", shipped, args.page)]
    for name, label in labels.items():
        cases.append(Case(label, bench.server(site=variants[name], cache="revalidate"), args.page))
    run_cases(bench, cases, args.runs)
    return [case.row(paint_detail(case)) for case in cases]


def paint_detail(case: Case) -> Callable[[Load], str]:
    def label(load: Load) -> str:
        cold = median([x.detail.get("fcp") for x in case.cold])
        warm = median([x.detail.get("fcp") for x in case.warm])
        return f"first paint {fmt_ms(cold)} cold, {fmt_ms(warm)} warm"

    return label


def boot_steps(bench: Bench, shipped: SiteServer, tmp: Path, runs: int) -> list[Row]:
    """Section 3: what each boot step buys, on the bare page (boot + wheel + one calculator)."""
    manifest = json.loads((bench.site / "pyodide" / "manifest.json").read_text())
    toolchain = find_toolchain(ROOT, manifest["python"])
    variants: dict[str, Path] = {
        "plain": variant(tmp / "plain", lambda d: publish_runtime(d, ROOT, precompile=False)),
    }
    if toolchain is not None:
        variants["wheel-pyc"] = variant(
            tmp / "wheel-pyc",
            lambda d: publish_runtime(d, ROOT, precompile=True, precompile_stdlib=False),
        )
        variants["all-pyc"] = variant(
            tmp / "all-pyc",
            lambda d: publish_runtime(d, ROOT, precompile=True, precompile_stdlib=True),
        )
    shipped_label = "shipped: wheel+stdlib .pyc, application/wasm, no-cache (304)"
    cases = [Case(shipped_label, shipped, BOOT_CALC)]
    labels = {
        "plain": "no bytecode (plain .py wheel and stdlib)",
        "wheel-pyc": "wheel precompiled, stdlib .py",
    }
    for name, label in labels.items():
        if name in variants:
            cases.append(Case(label, bench.server(variants[name], cache="revalidate"), BOOT_CALC))
    if "all-pyc" in variants:
        cases += smaller_boots(bench, variants["all-pyc"], tmp)
    for policy, label in (
        ("none", "HTTP cache: no-store"),
        ("default", "HTTP cache: Last-Modified only (heuristic)"),
        ("max-age", "HTTP cache: max-age=600"),
    ):
        cases.append(Case(label, bench.server(cache=policy), BOOT_CALC))
    run_cases(bench, cases, runs)
    steps = [case.row(boot_detail(case)) for case in cases]

    octet = bench.server(cache="revalidate", wasm_type="application/octet-stream")
    failed = bench.once(octet, BOOT_CALC)
    steps.append(
        (
            "wasm as application/octet-stream (no streaming compile)",
            fmt_ms(failed.ms),
            "",
            f"{fmt_bytes(failed.pyodide_bytes)} under /pyodide/",
        )
    )
    if failed.ms is None:
        bench.notes.append(
            f"wasm as application/octet-stream: Pyodide {manifest['pyodide']} never starts "
            "(instantiateStreaming fails, it only console.warns, loadPyodide never settles)"
        )
    return steps


def smaller_boots(bench: Bench, all_pyc: Path, tmp: Path) -> list[Case]:
    """The standard library cut to the imported modules, and a Node-made memory snapshot."""
    listing = bench.server(all_pyc, cache="revalidate")
    probe = bench.once(listing, BOOT_CALC + "&all=1&modules=1")
    files = probe.detail.get("files") or []
    cut = tmp / "min-stdlib"
    shutil.copytree(all_pyc, cut)
    size = minimal_stdlib(all_pyc / "python_stdlib.zip", files, cut / "python_stdlib.zip")
    cut_server = bench.server(cut, cache="revalidate")
    check = bench.once(cut_server, BOOT_CALC + "&all=1")
    bench.notes.append(
        f"stdlib cut to the {len(files)} modules imported: every calculator runs: "
        + ("yes" if check.detail.get("ok") and check.detail.get("count") else "NO")
    )
    cases = [Case(f"stdlib cut to the imported modules ({fmt_bytes(size)})", cut_server, BOOT_CALC)]
    snap = tmp / "snapshot" / "pyodide"
    shutil.copytree(all_pyc, snap)
    snap_size = make_snapshot(snap)
    if snap_size is None:
        bench.notes.append("memory snapshot: could not be made with Node")
    else:
        cases.append(
            Case(
                f"+ memory snapshot ({fmt_bytes(snap_size)}; private API)",
                bench.server(snap, cache="revalidate"),
                BOOT_CALC + "&snapshot=snapshot.bin",
            )
        )
    return cases


def returning_visitor(site: Path, pages: Path, tmp: Path, args: argparse.Namespace) -> list[Row]:
    """Section 4: an on-disk profile keeps the HTTP cache and V8's code cache."""
    rows: list[Row] = []
    targets = [("bare page: boot + core wheel + one calculator", BOOT_CALC)]
    if has_calculator(site, args.page):
        targets.append((f"calculator page /{args.page}: first live", args.page))
    with launch_persistent_chromium(tmp / "profile") as context:
        context.add_init_script(READY_SCRIPT)
        bench = Bench(context, site, pages)
        server = bench.server(cache="revalidate")
        for label, path in targets:
            first = bench.visit(context, server, path, True)
            again: list[Load] = []
            for _ in range(args.runs):
                time.sleep(WARM_PAUSE_S)
                again.append(bench.visit(context, server, path, True))
            rows.append(
                (
                    label,
                    fmt_ms(first.ms),
                    fmt_ms(median([x.ms for x in again])),
                    f"{fmt_bytes(first.total_bytes)} first, "
                    f"{fmt_bytes(statistics.median(x.total_bytes for x in again))} again",
                )
            )
        bench.close()
    return rows


#: Resolves when a service worker controls the page with its precache complete.
SW_READY = "navigator.serviceWorker.ready.then((r) => !!r.active)"
#: "Make available offline", as the reader's button does it; resolves when done.
MAKE_AVAILABLE = """async () => {
  await window.rulebinderOffline.makeAvailable();
  return window.rulebinderOffline.control.state;
}"""


def returning_reader(
    bench: Bench, shipped: SiteServer, tmp: Path, args: argparse.Namespace
) -> tuple[list[Row], list[str]]:
    """Section 5: a calculator page for a reader whose service worker has everything.

    One on-disk profile: a first visit to ``--reader-page`` (engine live), the
    service worker ready, "Make available offline" done, one discarded load; then
    ``runs`` rounds of one cold bare boot (a new context of ``bench``'s browser),
    one new page of the calculator page in the profile, from navigation to the
    first live result, and the bare boot in the profile (the same runtime from the
    worker's cache, without the page around it).
    """
    path = args.reader_page
    if not has_calculator(bench.site, path):
        return [], [f"/{path} has no calculator: returning-reader row skipped"]
    bare: list[Load] = []
    again: list[Load] = []
    bare_sw: list[Load] = []  # the bare page in the reader's profile: runtime from the worker
    # The same Playwright instance as ``bench``'s browser (a second one cannot start).
    context = bench.browser.browser_type.launch_persistent_context(
        str(tmp / "reader-profile"),
        executable_path=str(CHROMIUM),
        args=CHROMIUM_ARGS,
        headless=True,
    )
    try:
        context.add_init_script(READY_SCRIPT)
        context.set_default_timeout(TIMEOUT_MS)
        reader = Bench(context, bench.site, bench.pages)
        server = reader.server(cache="revalidate")
        page = context.new_page()
        page.goto(server.url + path, wait_until="load")
        page.wait_for_function("window.__rbReadyAt || window.__rbFailedAt")
        page.evaluate(SW_READY)
        state = page.evaluate(MAKE_AVAILABLE)
        page.close()
        if state != "done":
            reader.close()
            return [], [f"returning reader: Make available offline ended in {state!r}"]
        reader.visit(context, server, path, True)  # discarded: the first load from the caches
        for round_ in range(args.runs):
            bare.append(bench.once(shipped, BOOT_ONLY))
            time.sleep(WARM_PAUSE_S)
            again.append(reader.visit(context, server, path, True))
            time.sleep(WARM_PAUSE_S)
            bare_sw.append(reader.visit(context, server, BOOT_ONLY, True))
            print(f"returning reader: round {round_ + 1}/{args.runs}", file=sys.stderr)
        reader.close()
    finally:
        context.close()
    bare_ms = median([x.ms for x in bare])
    reader_ms = median([x.ms for x in again])
    rows: list[Row] = [
        (
            "bare page: Pyodide boot only, cold (same rounds)",
            fmt_ms(bare_ms),
            "",
            site_bytes(bare[0]),
        ),
        (
            f"returning reader /{path}: first live, runtime in the service worker's cache",
            fmt_ms(reader_ms),
            "",
            f"{fmt_bytes(statistics.median(x.total_bytes for x in again))} from the server "
            f"({statistics.median(x.requests for x in again):.0f} requests)",
        ),
    ]
    rows.append(
        (
            "bare page: Pyodide boot only, runtime in the service worker's cache",
            fmt_ms(median([x.ms for x in bare_sw])),
            "",
            f"{fmt_bytes(statistics.median(x.pyodide_bytes for x in bare_sw))} under /pyodide/",
        )
    )
    notes = []
    if bare_ms and reader_ms:
        notes.append(
            f"returning reader / cold bare boot: {reader_ms / bare_ms:.2f} (target: <= 0.50); "
            f"loads {', '.join(fmt_ms(x.ms) for x in again)}; "
            f"bare boots {', '.join(fmt_ms(x.ms) for x in bare)}"
        )
    return rows, notes


# -- first visit: the main rows ------------------------------------------------

#: A phone-class CPU: DevTools' CPU throttling (Chromium applies it to the page's main
#: thread only: "Operation is only supported for pages, not workers") and a phone's viewport.
PHONE_THROTTLE = 4
PHONE_VIEWPORT = {"width": 390, "height": 844}


def lever_snapshot_off(site: Path) -> bool:
    """The build without its memory snapshot: the manifest names none (the worker boots
    Python normally, as when the build could not make one)."""
    path = site / "pyodide" / "manifest.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    name = manifest.pop("snapshot", None)
    if name is None:
        return False
    for key in ("snapshot_bytes", "snapshot_magic"):
        manifest.pop(key, None)
    (site / "pyodide" / name).unlink()
    path.write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    worker = site / "assets" / "calc-worker.js"  # the same manifest, written in by the build
    script = worker.read_text(encoding="utf-8")
    built = f"const BUILT_MANIFEST = {json.dumps(manifest, separators=(',', ':'))};"
    worker.write_text(BUILT_MANIFEST.sub(lambda _: built, script, count=1), encoding="utf-8")
    return True


def lever_late_files_off(site: Path) -> bool:
    """After a snapshot, the core's files unpacked before the first answer, not after."""
    path = site / "assets" / "calc-worker.js"
    script = path.read_text(encoding="utf-8")
    if LATE_FILES not in script:
        return False
    path.write_text(script.replace(LATE_FILES, "installFiles();", 1), encoding="utf-8")
    return True


def lever_setup_off(site: Path) -> bool:
    """Calculators set up at the theme's first page event (after the theme set the page
    up), not when calculator.js runs at the end of the page."""
    path = site / "assets" / "calculator.js"
    script = path.read_text(encoding="utf-8")
    if SETUP_AT_ONCE not in script:
        return False
    path.write_text(script.replace(SETUP_AT_ONCE, SETUP_LATER, 1), encoding="utf-8")
    return True


def lever_early_off(site: Path) -> bool:
    """The worker fetches manifest.json first and leaves Pyodide's runtime script to
    loadPyodide(), as before: no manifest written into it, no early import."""
    path = site / "assets" / "calc-worker.js"
    script = path.read_text(encoding="utf-8")
    if not (BUILT_MANIFEST.search(script) and EARLY_IMPORT in script):
        return False
    script = BUILT_MANIFEST.sub("const BUILT_MANIFEST = null;", script, count=1)
    path.write_text(script.replace(EARLY_IMPORT, "", 1), encoding="utf-8")
    return True


#: In the shipped calc-worker.js: the manifest the build wrote in, and the early import.
BUILT_MANIFEST = re.compile(r"const BUILT_MANIFEST = \{.*?\};")
EARLY_IMPORT = 'import(new URL("pyodide.asm.js", base).href).catch(() => {});'


def lever_theme_off(site: Path) -> bool:
    """The theme's bundle runs as the page loads on calculator pages too."""
    found = False
    for page in site.rglob("index.html"):
        html = page.read_text(encoding="utf-8")
        if THEME_LATER in html:
            page.write_text(html.replace(THEME_LATER, "<script src=", 1), encoding="utf-8")
            found = True
    return found


#: In the shipped calculator pages: the theme's bundle, held until the first answer.
THEME_LATER = '<script type="text/x-rulebinder-later" data-src='
#: In the shipped calculator.js: set up at once; and as before, only the engine started.
SETUP_AT_ONCE = 'if (document.querySelector(".rb-calc")) init();'
SETUP_LATER = 'if (document.querySelector(".rb-calc")) startWorker();'
#: In the shipped calc-worker.js: the wheel is unpacked at boot only without a snapshot.
LATE_FILES = "if (!snapshot) installFiles();"
#: The levers of the shipped site, each with what undoes it in a copy of the built site.
#: A lever that only works with another (:data:`NEEDS`) is measured with it.
LEVERS: dict[str, tuple[str, Callable[[Path], bool]]] = {
    "snapshot": ("memory snapshot made by the build", lever_snapshot_off),
    "late-files": (
        "after a snapshot, core files unpacked after the first answer",
        lever_late_files_off,
    ),
    "setup": ("calculators set up when calculator.js runs", lever_setup_off),
    "early": ("manifest built into the worker, runtime script imported at once", lever_early_off),
    "theme": ("theme's bundle run after the first answer", lever_theme_off),
}


NEEDS = {"late-files": "snapshot"}


def lever_sites(site: Path, tmp: Path, notes: list[str]) -> dict[str, Path]:
    """Copies of the built ``site``: ``none`` (every lever undone), ``only <lever>`` (the
    others undone) and ``all`` (the site as built). A lever the site lacks is skipped."""
    present = []
    for name, (_, undo) in LEVERS.items():
        probe = tmp / f"probe-{name}"
        shutil.copytree(site, probe, symlinks=True)
        if undo(probe):
            present.append(name)
        else:
            notes.append(f"lever {name!r}: not found in the built site (skipped)")
        shutil.rmtree(probe)
    plans: dict[str, list[str]] = {"none": present}
    if len(present) > 1:
        for name in present:
            keep = {name, NEEDS.get(name, name)}
            plans[f"only {name}"] = [x for x in present if x not in keep]
    out: dict[str, Path] = {}
    for label, undo_these in plans.items():
        copy = tmp / f"levers-{len(out)}"
        shutil.copytree(site, copy, symlinks=True)
        for name in undo_these:
            LEVERS[name][1](copy)
        out[label] = copy
    out["all"] = site
    return out


def build_ref(ref: str, out: Path, tmp: Path) -> Path:
    """Build the site as it was at git ``ref`` (a detached worktree sharing node_modules)."""
    src = tmp / "before-src"
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(src), ref],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    try:
        for shared in ("node_modules", ".venv-py313"):
            if (ROOT / shared).exists():
                (src / shared).symlink_to(ROOT / shared)
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
        command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)]
        subprocess.run(command, cwd=src, env=env, check=True, capture_output=True)
    finally:
        subprocess.run(
            ["git", "worktree", "remove", "--force", str(src)],
            cwd=ROOT,
            check=False,
            capture_output=True,
        )
    return out


#: Resolves when the service worker is active (its precache done), or after 20 s.
SW_SETTLED = """() => Promise.race([
  navigator.serviceWorker ? navigator.serviceWorker.ready.then(() => true) : false,
  new Promise((resolve) => setTimeout(() => resolve(false), 20000)),
])"""


@dataclass
class Visit:
    """One cold first visit: ms to the first live result; bytes until then and after."""

    ms: float | None
    bytes_live: int
    pyodide_live: int
    bytes_after: int
    pyodide_after: int


def first_visit_load(browser: Any, server: SiteServer, path: str, phone: bool) -> Visit:
    """A new context (empty cache), optionally phone-class; open ``path``, wait for a live
    result (or, for a page without calculators, the load event), then (laptop only) for
    the service worker to install and the network to settle: bytes until, and after."""
    options: dict[str, Any] = {"viewport": PHONE_VIEWPORT} if phone else {}
    context = browser.new_context(**options)
    context.add_init_script(READY_SCRIPT)
    server.take_log()
    try:
        page = context.new_page()
        if phone:
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_THROTTLE})
        ms: float | None = None
        calc = has_calculator_path(path)
        page.goto(server.url + path, wait_until="commit" if calc else "load", timeout=TIMEOUT_MS)
        if calc:
            try:
                page.wait_for_function(
                    "window.__rbReadyAt || window.__rbFailedAt", timeout=LIVE_TIMEOUT_MS
                )
                ms = page.evaluate("window.__rbReadyAt || null")
            except PlaywrightTimeout:
                ms = None
        live = server.take_log()
        if not phone:  # what follows the first result: the service worker's install
            page.evaluate(SW_SETTLED)
            try:
                page.wait_for_load_state("networkidle", timeout=LIVE_TIMEOUT_MS)
            except PlaywrightTimeout:
                pass
        after = server.take_log()
    finally:
        context.close()

    def pyodide(log: list[Any]) -> int:
        return sum(s.bytes for s in log if s.path.startswith("/pyodide/"))

    return Visit(
        ms=ms,
        bytes_live=sum(s.bytes for s in live),
        pyodide_live=pyodide(live),
        bytes_after=sum(s.bytes for s in after),
        pyodide_after=pyodide(after),
    )


def has_calculator_path(path: str) -> bool:
    """Whether a benchmark path waits for a live result (calculator pages, the boot page)."""
    return "calculators/" in path or path.startswith("__test__/boot.html")


def first_visit(
    bench: Bench, sites: dict[str, Path], args: argparse.Namespace
) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    """Section 0: the calculator page opened cold with its inputs in the URL, on a laptop
    and on a phone-class CPU, against a bare Pyodide boot, every site in the same rounds."""
    page = f"{args.page}?{args.inputs}" if args.inputs else args.page
    servers = {label: bench.server(site=site, cache="revalidate") for label, site in sites.items()}
    shipped = servers["all"]
    cases: list[tuple[str, SiteServer, str]] = [("bare", shipped, BOOT_ONLY)]
    cases += [(label, server, page) for label, server in servers.items()]
    cases.append(("plain", shipped, args.plain))
    if "before" in servers:
        cases.append(("plain before", servers["before"], args.plain))
    got: dict[tuple[str, bool], list[Visit]] = {}
    for round_ in range(args.runs):
        shift = round_ % len(cases)
        for label, server, path in cases[shift:] + cases[:shift]:
            for phone in (False, True):
                got.setdefault((label, phone), []).append(
                    first_visit_load(bench.browser, server, path, phone)
                )
        print(f"first visit: round {round_ + 1}/{args.runs} done", file=sys.stderr, flush=True)

    def med(label: str, phone: bool) -> float | None:
        return median([v.ms for v in got[(label, phone)]])

    names = {
        "bare": "bare page: Pyodide boot only (baseline)",
        "before": f"/{page} before (--before {args.before})",
        "none": f"/{page}: no lever",
        "plain": f"/{args.plain} (no calculator)",
        "plain before": f"/{args.plain} (no calculator), before",
        "all": f"/{page}: every lever (shipped)",
    }
    for lever, (what, _) in LEVERS.items():
        with_ = f" (with the {LEVERS[NEEDS[lever]][0]})" if lever in NEEDS else ""
        names[f"only {lever}"] = f"/{page}: only {what}{with_}"
    timing: list[tuple[str, ...]] = []
    for label, _, _ in cases:
        if label.startswith("plain"):
            continue
        row: list[str] = [names.get(label, label)]
        for phone in (False, True):
            mine, bare = med(label, phone), med("bare", phone)
            ratio = f" ({mine / bare:.2f}x)" if mine and bare and label != "bare" else ""
            row.append(fmt_ms(mine) + ratio)
        row.append(", ".join(fmt_ms(v.ms) for v in got[(label, False)]))
        timing.append(tuple(row))
    sizes: list[tuple[str, ...]] = []
    for label, _, path in cases:
        if label == "bare":
            continue
        visits = got[(label, False)]
        live = statistics.median(v.bytes_live for v in visits)
        py = statistics.median(v.pyodide_live for v in visits)
        after = statistics.median(v.bytes_after for v in visits)
        py_after = statistics.median(v.pyodide_after for v in visits)
        what = "until live" if has_calculator_path(path) else "until load"
        sizes.append(
            (
                names.get(label, f"/{path} ({label.removeprefix('plain').strip() or 'shipped'})"),
                f"{fmt_bytes(live)} {what} ({fmt_bytes(py)} under /pyodide/)",
                f"{fmt_bytes(after)} ({fmt_bytes(py_after)} under /pyodide/)",
            )
        )
    return timing, sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one now)")
    parser.add_argument("--runs", type=int, default=3, help="loads per number (median)")
    parser.add_argument(
        "--page", default="glittershard/calculators/", help="a page with calculators"
    )
    parser.add_argument(
        "--inputs",
        default="calc=glittershard.character&bwn=5&level=3",
        help="the query of the first-visit rows: a calculator's inputs in the URL",
    )
    parser.add_argument(
        "--before", metavar="REF", help="also measure the site built from git REF (e.g. main)"
    )
    parser.add_argument("--plain", default="arts/glossary/", help="a page without a calculator")
    parser.add_argument("--changes", type=int, default=10, help="input changes per calculator")
    parser.add_argument(
        "--reader-page",
        default="glittershard/calculators/",
        help="the calculator page of the returning-reader row",
    )
    parser.add_argument(
        "--quick", action="store_true", help="only section 0 (first visit, each lever)"
    )
    args = parser.parse_args()
    args.runs = max(1, args.runs)

    tmp = Path(tempfile.mkdtemp(prefix="rb-bench-"))
    rows: list[Row] = []
    starts: list[Row] = []
    steps: list[Row] = []
    visitor: list[Row] = []
    reader: list[Row] = []
    notes: list[str] = []
    visits: list[tuple[str, ...]] = []
    sizes: list[tuple[str, ...]] = []
    try:
        started = time.perf_counter()
        site = args.site or build_site(tmp / "site")
        print(f"site: {site} ({time.perf_counter() - started:.1f} s)", file=sys.stderr)
        pages = tmp / "pages"
        write_boot_page(pages)
        lever_notes: list[str] = []
        sites = lever_sites(site, tmp, lever_notes)
        if args.before:
            sites["before"] = build_ref(args.before, tmp / "before-site", tmp)
        with launch_chromium() as browser:
            bench = Bench(browser, site, pages)
            bench.notes += lever_notes
            shipped = bench.server(cache="revalidate")
            bench.cold_warm(shipped, BOOT_ONLY, 1)  # warm-up: processes, disk cache
            visits, sizes = first_visit(bench, sites, args)
            if not args.quick:
                rows = page_vs_boot(bench, shipped, args)
                reader, reader_notes = returning_reader(bench, shipped, tmp, args)
                bench.notes += reader_notes
                starts = engine_start(bench, shipped, tmp, args)
                steps = boot_steps(bench, shipped, tmp, args.runs)
            notes = bench.notes
            bench.close()
        if not args.quick:
            visitor = returning_visitor(site, pages, tmp, args)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    print(f"\nChromium, median of {args.runs} load(s) per number, site served on 127.0.0.1\n")
    phone = f"phone-class: {PHONE_THROTTLE}x CPU, {PHONE_VIEWPORT['width']} px"
    print_table(("first visit, cold: first live result", "laptop", phone, "laptop loads"), visits)
    print()
    print_table(
        (
            "first visit, cold: bytes sent by the server (laptop loads)",
            "to the first result",
            "then: service worker install (offline copy)",
        ),
        sizes,
    )
    if rows:
        print()
        print_table(("", "cold", "warm", "transferred (cold)"), rows)
    if reader:
        print()
        print_table(("returning reader (service worker, on-disk profile)", "live", "", ""), reader)
    if starts:
        print()
        print_table((f"engine start on /{args.page}: first live", "cold", "warm", ""), starts)
    if steps:
        print()
        print_table(
            ("boot step (bare page: boot + wheel + one calculator)", "cold", "warm", ""), steps
        )
    if visitor:
        print()
        print_table(
            ("returning visitor (on-disk profile), no-cache (304)", "first visit", "again", ""),
            visitor,
        )
    print()
    for note in notes:
        print(f"- {note}")


if __name__ == "__main__":
    main()
