"""Sections 1 to 5 of the benchmark: the calculator page against the bare boot and the
recompute time, when the engine starts, what each boot step buys, a returning visitor
and a returning reader (``scripts/bench_browser.py`` says what each measures)."""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from macros.publish.runtime import find_toolchain, publish_runtime
from tests.browser.harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    SiteServer,
    launch_persistent_chromium,
)

from . import ROOT
from .measure import (
    BOOT_CALC,
    BOOT_ONLY,
    READY_SCRIPT,
    TIMEOUT_MS,
    WARM_PAUSE_S,
    Bench,
    Case,
    Load,
    Row,
    fmt_bytes,
    fmt_ms,
    has_calculator,
    median,
    run_cases,
    site_bytes,
)
from .sites import make_snapshot, minimal_stdlib, start_variants, variant


def boot_detail(case: Case) -> Callable[[Load], str]:
    def label(load: Load) -> str:
        boot = [x.detail.get("ms", {}).get("boot") for x in case.cold]
        start = median(boot) if None not in boot else None
        text = f"{fmt_bytes(load.pyodide_bytes)} under /pyodide/"
        return text + (f"; Python start {fmt_ms(start)} cold" if start is not None else "")

    return label


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
