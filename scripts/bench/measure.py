"""Driving Chromium: page loads timed to the first live result, with the bytes served.

A load counts from navigation start to the first ``.rb-calc[data-state=live]`` (or the
bare boot page's ``body[data-state=live]``); cold is a new in-memory browser context,
warm a new page in the same context after a pause. Configurations are measured in
interleaved rounds (:func:`run_cases`).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.harness import SiteServer

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


Row = tuple[str, str, str, str]


def has_calculator(site: Path, page: str) -> bool:
    """Whether the built ``page`` of ``site`` has a calculator form."""
    html = site / page / "index.html"
    return html.is_file() and "rb-calc" in html.read_text(encoding="utf-8")
