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
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.bench.first_visit import PHONE_THROTTLE, PHONE_VIEWPORT, first_visit  # noqa: E402
from scripts.bench.levers import lever_sites  # noqa: E402
from scripts.bench.measure import BOOT_ONLY, Bench, Row  # noqa: E402
from scripts.bench.sections import (  # noqa: E402
    boot_steps,
    engine_start,
    page_vs_boot,
    returning_reader,
    returning_visitor,
)
from scripts.bench.sites import build_ref, build_site  # noqa: E402
from scripts.report import print_table  # noqa: E402
from tests.browser.harness import launch_chromium, write_boot_page  # noqa: E402


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
