"""Section 0, the first visit: the calculator page opened cold with its inputs in the URL,
on a laptop and on a phone-class CPU, against a bare Pyodide boot, with the bytes sent
until the first result and then while the service worker installs."""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.harness import SiteServer

from .levers import LEVERS, NEEDS
from .measure import (
    BOOT_ONLY,
    LIVE_TIMEOUT_MS,
    READY_SCRIPT,
    TIMEOUT_MS,
    Bench,
    fmt_bytes,
    fmt_ms,
    median,
)

# -- first visit: the main rows ------------------------------------------------

#: A phone-class CPU: DevTools' CPU throttling (Chromium applies it to the page's main
#: thread only: "Operation is only supported for pages, not workers") and a phone's viewport.
PHONE_THROTTLE = 4
PHONE_VIEWPORT = {"width": 390, "height": 844}


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
