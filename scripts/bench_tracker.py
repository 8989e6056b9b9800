"""Benchmark: a tracker's first answer and a tracker action, the site now beside the site of
a git ref, in one Chromium, interleaved rounds.

For each tracker page (``--pages``): a cold visit (new browser context, empty cache) from
navigation to the live tracker (the engine's first answer drawn: ``data-state=live``), then
the first action (add a creature) from the click to its answer drawn, and a second one (set
its initiative); each on the phone-class CPU too (DevTools' 4x throttling). Medians of
``--runs``; the bytes the server sent until live.

    .venv/bin/python scripts/bench_tracker.py --before 4472d2d [--runs 5]
        [--pages pendragon/tracker/,arts/tracker/] [--site DIR] [--before-site DIR]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.bench.sites import build_ref, build_site  # noqa: E402
from tests.browser.harness import SiteServer, launch_chromium  # noqa: E402

TIMEOUT_MS = 120_000


def settle(page: Any) -> None:
    page.wait_for_function("document.querySelector('.rb-tracker').dataset.busy === 'false'",
                           timeout=TIMEOUT_MS)


def visit(browser: Any, server: SiteServer, path: str, phone: bool) -> dict[str, float]:
    """One cold visit: seconds to live, to the first action's answer, to the second's."""
    context = browser.new_context()
    try:
        page = context.new_page()
        if phone:
            session = context.new_cdp_session(page)
            session.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        server.take_log()
        started = time.perf_counter()
        page.goto(server.url + path, wait_until="commit", timeout=TIMEOUT_MS)
        page.wait_for_selector(".rb-tracker[data-state=live]", timeout=TIMEOUT_MS)
        settle(page)
        live = time.perf_counter() - started
        sent = sum(s.bytes for s in server.take_log())
        page.fill("#act-add [name=name]", "Bench")
        clicked = time.perf_counter()
        page.click("#act-add button[type=submit]")
        page.wait_for_selector("#card-c1", timeout=TIMEOUT_MS)
        settle(page)
        first = time.perf_counter() - clicked
        clicked = time.perf_counter()
        page.click("#act-c1-initiative button[type=submit]")  # set its initiative
        settle(page)
        second = time.perf_counter() - clicked
        return {"live": live, "first": first, "second": second, "bytes": sent}
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", metavar="REF", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--pages", default="pendragon/tracker/,arts/tracker/")
    parser.add_argument("--site", type=Path)
    parser.add_argument("--before-site", type=Path)
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="rb-bench-tracker-"))
    sites = {
        "now": args.site or build_site(tmp / "site"),
        f"before ({args.before})": args.before_site or build_ref(args.before, tmp / "before",
                                                                 tmp),
    }
    results: dict[tuple[str, str, bool], list[dict[str, float]]] = {}
    with launch_chromium() as browser:
        servers = {name: SiteServer(site).start() for name, site in sites.items()}
        try:
            for page in args.pages.split(","):
                for phone in (False, True):
                    visit(browser, servers["now"], page, phone)  # warm-up: processes, disk
                    for _ in range(args.runs):
                        for name, server in servers.items():
                            results.setdefault((page, name, phone), []).append(
                                visit(browser, server, page, phone))
        finally:
            for server in servers.values():
                server.stop()
    print("| page | site | CPU | live (s) | first action (s) | second action (s) | "
          "bytes until live | runs |")
    print("|---|---|---|---|---|---|---|---|")
    for (page, name, phone), runs in results.items():
        med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        print(f"| /{page} | {name} | {'4x' if phone else '1x'} | {med['live']:.2f} | "
              f"{med['first']:.3f} | {med['second']:.3f} | {med['bytes'] / 1e6:.2f} MB | "
              f"{len(runs)} |")


if __name__ == "__main__":
    main()
