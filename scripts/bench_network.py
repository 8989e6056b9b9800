"""Benchmark: a linked calculator as a player meets it, against a stock Pyodide boot.

The built site and, beside it, the stock Pyodide from npm (``node_modules/pyodide``,
the runtime files as the package ships them) are served by one compressing static host
(``tests/browser/host.py``: precompressed ``.br``/``.gz`` when the site ships them,
else gzip on the fly for HTML, JS, JSON and wasm; archives as they are; ``no-cache``
with ETags) over a link shaped on the server side (one shared bandwidth, a delay before
each response): localhost, 4G (9 Mbit/s, 170 ms) and slow 4G (1.6 Mbit/s, 150 ms).

Each load is cold (a new browser context: empty cache, no service worker). Per link,
in interleaved rounds:

* **stock**: a bare page booting the stock Pyodide in a module worker and running
  ``1+1`` (the anchor);
* **linked**: the page of ``--link`` (a calculator named in the URL with its inputs):
  when the named calculator is live, with its value (checked against the same
  calculator run here in CPython), when every calculator of the page is live, the
  bytes the host sent until the named one was live and in the ``--after`` seconds
  after it;
* **plain**: a page without calculators (``--plain``): bytes until ``load`` and in all
  (``load`` plus ``--after`` seconds: background work included), with and without
  ``Save-Data``.

Every figure is the median of ``--runs`` loads. Prints a Markdown table.

Usage: .venv/bin/python scripts/bench_network.py [--site DIR] [--runs 3]
       [--links localhost,4g,slow-4g] [--link URL-PATH] [--plain PATH] [--after S]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

from macros.publish.runtime import RUNTIME_FILES  # noqa: E402
from scripts.report import print_table  # noqa: E402
from tests.browser.harness import launch_chromium  # noqa: E402
from tests.browser.host import PROFILES, Host  # noqa: E402

LINK = (
    "glittershard/calculators/?calc=glittershard.damage"
    "&attack_roll=14&weapon_bonus=3&goal=9&mode=simple"
)
PLAIN = "arts/glossary/"
LIVE_TIMEOUT_MS = 300_000

STOCK_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Stock Pyodide</title>
<link rel="icon" href="data:,"></head>
<body data-state="loading"><pre id="out"></pre>
<script type="module">
const worker = new Worker(new URL("worker.mjs", import.meta.url), { type: "module" });
worker.onmessage = ({ data }) => {
  document.getElementById("out").textContent = JSON.stringify(data);
  document.body.dataset.state = data.ok ? "live" : "failed";
};
</script></body></html>
"""
STOCK_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
try {
  const py = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
  postMessage({ ok: true, value: py.runPython("1+1") });
} catch (error) {
  postMessage({ ok: false, error: String(error) });
}
"""
#: Marks, in page time, when the named calculator and every calculator went live.
WATCH = """
(() => {
  const named = new URLSearchParams(location.search).get("calc");
  const check = () => {
    const now = performance.now();
    if (document.body?.dataset.state === "live") window.__stockAt ??= now;
    const calcs = [...document.querySelectorAll(".rb-calc")];
    const mine = calcs.find((el) => el.dataset.calc === named);
    if (mine?.dataset.state === "live" && !window.__namedAt) {
      window.__namedAt = now;
      window.__namedText = mine.querySelector(".rb-result")?.textContent ?? "";
    }
    if (mine?.dataset.state === "failed") window.__failedAt ??= now;
    if (calcs.length && calcs.every((el) => el.dataset.state === "live")) window.__allAt ??= now;
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true, attributeFilter: ["data-state"],
  });
})();
"""


@dataclass(frozen=True)
class Load:
    """One cold load: ms to live (page time), ms to all live, bytes until and after."""

    live_ms: float | None
    all_ms: float | None
    bytes_live: int
    bytes_after: int
    text: str = ""
    connection: str = ""


def wire_bytes(sent: list[tuple[float, int]], until: float, since: float = 0.0) -> int:
    """Bytes that left the host in ``(since, until]`` (monotonic seconds)."""
    return sum(n for at, n in sent if since < at <= until)


def load(browser: Any, host: Host, path: str, after_s: float, *, save_data: bool = False) -> Load:
    """Open ``path`` cold; wait for the stock boot, the named calculator or ``load``."""
    headers = {"Save-Data": "on"} if save_data else {}
    context = browser.new_context(extra_http_headers=headers)
    context.add_init_script(WATCH)
    if save_data:
        context.add_init_script(
            "Object.defineProperty(navigator, 'connection', {value: "
            "{saveData: true, effectiveType: '4g', addEventListener() {}}})"
        )
    host.take_sent()
    page = context.new_page()
    started = time.monotonic()
    waits = {"stock": "window.__stockAt", "calc": "window.__namedAt || window.__failedAt"}
    kind = "stock" if "__stock__" in path else "calc" if "calc=" in path else "plain"
    try:
        page.goto(
            host.url + path,
            wait_until="commit" if kind != "plain" else "load",
            timeout=LIVE_TIMEOUT_MS,
        )
        live_ms: float | None = None
        if kind == "plain":
            live_ms = page.evaluate("performance.now()")
        else:
            try:
                page.wait_for_function(waits[kind], timeout=LIVE_TIMEOUT_MS, polling=50)
                live_ms = page.evaluate("window.__stockAt || window.__namedAt || null")
            except PlaywrightTimeout:
                live_ms = None
        live_at = started + (live_ms or 0) / 1000
        time.sleep(after_s)
        all_ms = page.evaluate("window.__allAt || null")
        text = page.evaluate("window.__namedText || ''")
        connection = page.evaluate(
            "(c => c ? `${c.effectiveType} ${c.downlink} Mbit/s ${c.rtt} ms` : '')"
            "(navigator.connection)"
        )
    finally:
        context.close()
    sent = host.take_sent()
    return Load(
        live_ms=live_ms,
        all_ms=all_ms,
        bytes_live=wire_bytes(sent, until=live_at),
        bytes_after=wire_bytes(sent, since=live_at, until=live_at + after_s),
        text=text,
        connection=connection,
    )


def returning(browser: Any, host: Host, path: str, runs: int) -> list[float | None]:
    """A returning reader: the offline copy made ("Make available offline") in one
    context, then ``runs`` new loads of ``path`` in it; ms to the named calculator live."""
    context = browser.new_context()
    context.add_init_script(WATCH)
    times: list[float | None] = []
    try:
        page = context.new_page()
        page.goto(host.url + path, wait_until="commit", timeout=LIVE_TIMEOUT_MS)
        page.wait_for_function("window.__namedAt", timeout=LIVE_TIMEOUT_MS)
        page.wait_for_selector(
            ".rb-offline[data-state=idle], .rb-offline[data-state=done]", timeout=LIVE_TIMEOUT_MS
        )
        page.click(".rb-offline__button")
        page.wait_for_selector(".rb-offline[data-state=done]", timeout=LIVE_TIMEOUT_MS)
        page.close()
        for _ in range(runs):
            time.sleep(1)
            page = context.new_page()
            page.goto(host.url + path, wait_until="commit", timeout=LIVE_TIMEOUT_MS)
            try:
                page.wait_for_function("window.__namedAt", timeout=LIVE_TIMEOUT_MS, polling=50)
                times.append(page.evaluate("window.__namedAt"))
            except PlaywrightTimeout:
                times.append(None)
            page.close()
    finally:
        context.close()
    return times


def stock_folder(out: Path) -> Path:
    """The stock runtime from npm, as shipped, and a page that boots it (``1+1``)."""
    runtime = out / "pyodide"
    runtime.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copyfile(ROOT / "node_modules" / "pyodide" / name, runtime / name)
    (out / "index.html").write_text(STOCK_PAGE, encoding="utf-8")
    (out / "worker.mjs").write_text(STOCK_WORKER, encoding="utf-8")
    return out


def expected_text(link: str) -> str:
    """The named calculator's answer in CPython, as the page shows its first output."""
    query = dict(parse_qsl(urlsplit(link).query))
    calc = query.pop("calc")
    import calculators

    result = calculators.run(calc, query)
    breakdown = result.get("breakdown") or [str(next(iter(result.values())))]
    return str(breakdown[0])


def median(values: list[float | None]) -> float | None:
    got = [v for v in values if v is not None]
    return statistics.median(got) if got else None


def fmt_s(ms: float | None) -> str:
    return "—" if ms is None else f"{ms / 1000:.2f} s"


def fmt_mb(n: float) -> str:
    return f"{n / 1e6:.2f} MB"


def build_site(out: Path) -> Path:
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    return out


def bench_link(
    browser: Any, site: Path, stock: Path, key: str, args: argparse.Namespace
) -> dict[str, list[Load]]:
    """Interleaved rounds on one shaped link: stock, linked and plain pages."""
    cases = {
        "stock": "__stock__/index.html",
        "linked": args.link,
        "plain": args.plain,
        "plain, Save-Data": args.plain,
    }
    got: dict[str, list[Load]] = {name: [] for name in cases}
    with Host(site, profile=PROFILES[key], mounts={"/__stock__/": stock}) as host:
        host.prepare()
        for round_ in range(args.runs):
            order = list(cases.items())
            order = order[round_ % len(order) :] + order[: round_ % len(order)]
            for name, path in order:
                got[name].append(
                    load(browser, host, path, args.after, save_data=name.endswith("Save-Data"))
                )
            print(f"{key}: round {round_ + 1}/{args.runs}", file=sys.stderr, flush=True)
        if key in args.returning.split(","):
            got["returning"] = [
                Load(ms, None, 0, 0) for ms in returning(browser, host, args.link, args.runs)
            ]
    return got


def report(key: str, got: dict[str, list[Load]], want: str) -> list[tuple[str, ...]]:
    """Table rows for one link."""
    stock = median([x.live_ms for x in got["stock"]])
    linked = got["linked"]
    live = median([x.live_ms for x in linked])
    ratio = f"{live / stock:.2f}×" if live and stock else "—"
    right = sum(want in x.text for x in linked)
    gap = median([(x.all_ms - x.live_ms) if x.all_ms and x.live_ms else None for x in linked])
    back = median([x.live_ms for x in got.get("returning", [])])
    plain = got["plain"]
    thrifty = got["plain, Save-Data"]
    return [
        (
            PROFILES[key].name,
            f"{fmt_s(live)} ({', '.join(fmt_s(x.live_ms) for x in linked)})",
            f"{fmt_s(stock)} ({', '.join(fmt_s(x.live_ms) for x in got['stock'])})",
            ratio,
            f"+{gap:.0f} ms" if gap is not None else "—",
            fmt_mb(statistics.median(x.bytes_live for x in linked))
            + f" (+{fmt_mb(statistics.median(x.bytes_after for x in linked))})",
            fmt_mb(statistics.median(x.bytes_live for x in got["stock"])),
            f"{fmt_mb(statistics.median(x.bytes_live for x in plain))} / "
            f"{fmt_mb(statistics.median(x.bytes_live + x.bytes_after for x in plain))}",
            fmt_mb(statistics.median(x.bytes_live + x.bytes_after for x in thrifty)),
            f"{fmt_s(back)} ({back / stock:.2f}×)" if back and stock else "—",
            f"{right}/{len(linked)}",
            linked[-1].connection,
        )
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one now)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--links", default="localhost,4g,slow-4g")
    parser.add_argument("--link", default=LINK, help="the page with a calculator named in it")
    parser.add_argument("--plain", default=PLAIN, help="a page without calculators")
    parser.add_argument("--after", type=float, default=10.0, help="seconds watched after live")
    parser.add_argument(
        "--returning", default="localhost,4g", help="links with a returning-reader row"
    )
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="rb-net-"))
    try:
        site = args.site or build_site(tmp / "site")
        stock = stock_folder(tmp / "stock")
        want = expected_text(args.link)
        rows: list[tuple[str, ...]] = []
        with launch_chromium() as browser:
            for key in args.links.split(","):
                got = bench_link(browser, site, stock, key, args)
                print(
                    json.dumps({key: {k: [vars(x) for x in v] for k, v in got.items()}}),
                    file=sys.stderr,
                    flush=True,
                )
                rows += report(key, got, want)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(
        f"\n/{args.link}: named calculator live, cold, median of {args.runs} "
        f"(each run in brackets); expected value {want!r}\n"
    )
    header = (
        "link",
        "named calculator live",
        "stock Pyodide boot",
        "ratio",
        "all live after it",
        f"sent until live (+{args.after:.0f} s after)",
        "stock sent",
        f"/{args.plain}: until load / in all",
        "same, Save-Data, in all",
        "returning reader (offline copy)",
        "right value",
        "navigator.connection",
    )
    print_table(header, rows)


if __name__ == "__main__":
    main()
