"""Serve a built site on 127.0.0.1 and drive Debian's Chromium with Playwright.

Shared by the browser tests (``tests/browser/conftest.py``) and the benchmark
(``scripts/bench_browser.py``):

* :class:`SiteServer` — a threaded static server for one folder (plus extra
  folders mounted under URL prefixes), with the MIME types WebAssembly and
  module scripts need, a chosen ``Cache-Control`` policy, and a log of every
  request it answered with the bytes it sent.
* :func:`launch_chromium` — Chromium from ``/usr/bin/chromium`` (never a
  browser downloaded by Playwright), offline: every host but 127.0.0.1 fails
  to resolve.
* :class:`PageLog` — every request URL and console error of a browser context
  (pages and their workers), so tests can assert that nothing leaves the
  machine and nothing fails.
* :func:`write_boot_page` — a bare page that only boots Pyodide from the site
  (in a module worker, like the calculators) and runs one calculator.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
HOST = "127.0.0.1"

#: Cache-Control policies the server can apply to every response.
CACHE_POLICIES: dict[str, str | None] = {
    # Python's default: Last-Modified only; browsers apply heuristic freshness.
    "default": None,
    # No validators and no freshness: every load downloads everything again.
    "none": "no-store",
    # Revalidate every time (304 Not Modified when unchanged), like many static hosts.
    "revalidate": "no-cache",
    # Fresh for ten minutes, like GitHub Pages.
    "max-age": "max-age=600",
}


@dataclass(frozen=True)
class Served:
    """One request the server answered."""

    path: str
    status: int
    bytes: int
    content_type: str


#: The content types a site needs that Python's guesses lack or get wrong (WebAssembly
#: must be ``application/wasm`` to stream; module scripts need a JavaScript type).
CONTENT_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
}


class _CountingWriter:
    """Wraps a socket file and counts what is written to it."""

    def __init__(self, raw: BinaryIO) -> None:
        self.raw = raw
        self.count = 0

    def write(self, data: bytes) -> int:
        self.count += len(data)
        return self.raw.write(data)

    def flush(self) -> None:
        self.raw.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


class _Handler(SimpleHTTPRequestHandler):
    """Static files from the site folder and mounted folders, logged and counted."""

    protocol_version = "HTTP/1.1"
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}

    def __init__(self, *args: Any, site: SiteServer, **kwargs: Any) -> None:
        self.site = site
        super().__init__(*args, directory=str(site.root), **kwargs)

    def setup(self) -> None:
        super().setup()
        self.wfile = _CountingWriter(self.wfile)  # type: ignore[assignment]
        self.site.opened(self.connection)

    def finish(self) -> None:
        super().finish()
        self.site.closed(self.connection)

    def translate_path(self, path: str) -> str:
        for prefix, folder in self.site.mounts.items():
            if path.startswith(prefix):
                served = Path(super().translate_path("/" + path[len(prefix) :]))
                return str(folder / served.relative_to(self.site.root))
        return super().translate_path(path)

    def guess_type(self, path: Any) -> str:
        guessed = super().guess_type(path)
        if str(path).endswith(".wasm"):
            return self.site.wasm_type
        return guessed

    def end_headers(self) -> None:
        policy = CACHE_POLICIES[self.site.cache]
        if policy is not None:
            self.send_header("Cache-Control", policy)
        super().end_headers()

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "last-modified" and self.site.cache == "none":
            return
        if keyword.lower() == "content-type":
            self._content_type = value
        super().send_header(keyword, value)

    def handle_one_request(self) -> None:
        writer = self.wfile
        start = writer.count if isinstance(writer, _CountingWriter) else 0
        self._content_type = ""
        self.requestline = ""
        super().handle_one_request()
        if not self.requestline:
            return
        sent = writer.count - start if isinstance(writer, _CountingWriter) else 0
        status = int(getattr(self, "_status", 0))
        self.site.record(Served(self.path, status, sent, self._content_type))

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - base signature
        return


class SiteServer:
    """A static HTTP server on 127.0.0.1 (a free port), in a daemon thread.

    Args:
        root: the folder served at ``/``.
        mounts: extra folders served under URL prefixes (``{"/__test__/": folder}``).
        wasm_type: the Content-Type of ``.wasm`` files.
        cache: a key of :data:`CACHE_POLICIES`.
        port: the port on 127.0.0.1 (0: any free port).
    """

    def __init__(
        self,
        root: Path,
        mounts: dict[str, Path] | None = None,
        *,
        wasm_type: str = "application/wasm",
        cache: str = "default",
        port: int = 0,
    ) -> None:
        if cache not in CACHE_POLICIES:
            raise ValueError(f"cache: one of {sorted(CACHE_POLICIES)}; got {cache!r}")
        self.root = root.resolve()
        self.mounts = {prefix: folder.resolve() for prefix, folder in (mounts or {}).items()}
        self.wasm_type = wasm_type
        self.cache = cache
        self.log: list[Served] = []
        self._lock = threading.Lock()
        self._connections: set[socket.socket] = set()
        self._httpd = ThreadingHTTPServer((HOST, port), partial(_Handler, site=self))
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        """The base URL, ending in ``/``."""
        return f"http://{HOST}:{self._httpd.server_address[1]}/"

    def record(self, served: Served) -> None:
        with self._lock:
            self.log.append(served)

    def take_log(self) -> list[Served]:
        """The requests answered since the last call."""
        with self._lock:
            log, self.log = self.log, []
        return log

    def opened(self, connection: socket.socket) -> None:
        with self._lock:
            self._connections.add(connection)

    def closed(self, connection: socket.socket) -> None:
        with self._lock:
            self._connections.discard(connection)

    def start(self) -> SiteServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop listening and cut the open (keep-alive) connections: the server is gone."""
        self._httpd.shutdown()
        self._httpd.server_close()
        with self._lock:
            connections, self._connections = self._connections, set()
        for connection in connections:
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self._thread.join(timeout=5)

    def __enter__(self) -> SiteServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def chromium_missing_message() -> str:
    return (
        f"{CHROMIUM} is missing: install Debian's Chromium (as root: "
        "`apt-get update && apt-get install -y chromium`); `make setup` does this when run as root"
    )


@contextmanager
def launch_chromium(**launch: Any) -> Iterator[Any]:
    """A Playwright ``Browser`` on Debian's Chromium, headless and offline but for 127.0.0.1."""
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():
        raise FileNotFoundError(chromium_missing_message())
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True, **launch
        )
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def launch_persistent_chromium(profile: Path, **options: Any) -> Iterator[Any]:
    """A Playwright ``BrowserContext`` with an on-disk profile (disk cache, V8 code cache),
    like a returning visitor's browser; same executable and flags as :func:`launch_chromium`."""
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():
        raise FileNotFoundError(chromium_missing_message())
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile),
            executable_path=str(CHROMIUM),
            args=CHROMIUM_ARGS,
            headless=True,
            **options,
        )
        try:
            yield context
        finally:
            context.close()


@dataclass
class PageLog:
    """Every request URL and console error seen in one browser context.

    ``requests`` are the pages' and their workers' own; what the site's service
    worker fetches (its precache, the runtime it keeps for offline use) goes to
    ``service_worker_requests``, so a count of the page's requests is not raced by it.
    """

    requests: list[str] = field(default_factory=list)
    service_worker_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    bad_responses: list[str] = field(default_factory=list)

    def attach(self, context: Any) -> PageLog:
        """Record from every page (and its workers) of a Playwright ``BrowserContext``."""
        context.on("request", self._request)
        context.on(
            "requestfailed",
            lambda request: self.failed.append(f"{request.url}: {request.failure}"),
        )
        context.on("response", self._response)
        context.on("console", self._console)
        context.on("weberror", lambda error: self.page_errors.append(str(error.error)))
        return self

    def _request(self, request: Any) -> None:
        mine = request.service_worker is None
        (self.requests if mine else self.service_worker_requests).append(request.url)

    def _response(self, response: Any) -> None:
        if response.status >= 400:
            self.bad_responses.append(f"{response.url}: HTTP {response.status}")

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.console_errors.append(f"{message.text} ({message.location.get('url', '')})")

    def external(self, base_url: str) -> list[str]:
        """Requests that went anywhere but ``base_url`` (data: and blob: URLs stay local)."""
        return [
            url
            for url in [*self.requests, *self.service_worker_requests]
            if not url.startswith(base_url) and not url.startswith(("data:", "blob:"))
        ]

    def errors(self) -> list[str]:
        """Console errors, uncaught page errors, failed requests and HTTP errors together."""
        return [*self.console_errors, *self.page_errors, *self.failed, *self.bad_responses]


BOOT_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pyodide boot</title>
<link rel="icon" href="data:,"></head>
<body data-state="loading">
<pre id="out"></pre>
<script type="module">
// A bare page that boots the site's Pyodide in a module worker and runs one calculator.
// ?calc=<id>&inputs=<json>; ?how=loadPackage|unpackArchive; ?wheel=<url> overrides the manifest.
const params = new URLSearchParams(location.search);
const t0 = performance.now();
const worker = new Worker(new URL("boot-worker.mjs", import.meta.url), { type: "module" });
worker.onmessage = ({ data }) => {
  window.bootResult = { ...data, pageMs: performance.now() - t0 };
  document.getElementById("out").textContent = JSON.stringify(window.bootResult, null, 1);
  document.body.dataset.state = data.ok ? "live" : "failed";
};
worker.onerror = (event) => {
  window.bootResult = { ok: false, error: String(event.message) };
  document.body.dataset.state = "failed";
};
worker.postMessage(Object.fromEntries(params));
</script>
</body></html>
"""

BOOT_WORKER = """// Boots Pyodide from /pyodide/ and runs calculators.run; reports timings in ms.
// Options (the page's query): how=loadPackage (default) | unpackArchive | none (boot only);
// wheel=<url>; calc=<id>; inputs=<json>; all=1 runs every calculator with its defaults;
// modules=1 also answers the files of every module Python imported; snapshot=<url> boots
// from a memory snapshot (files are not in it: the wheel is still unpacked after).
const base = new URL("/pyodide/", self.location.href);
const RUN = `
import json, sys, calculators
ids = [c["id"] for c in calculators.catalog()] if run_all else [calc_id]
results = [calculators.run(i, json.loads(calc_inputs) if i == calc_id else {}) for i in ids]
files = sorted({getattr(m, "__file__", None) or "" for m in list(sys.modules.values())})
json.dumps({"result": results[0], "count": len(results), "files": files if want_files else None})
`;
self.onmessage = async ({ data }) => {
  const t = { start: performance.now() };
  let loaded = null;
  try {
    const { loadPyodide } = await import(new URL("pyodide.mjs", base).href);
    t.imported = performance.now();
    const manifest = fetch(new URL("manifest.json", base), { cache: "no-cache" }).then((r) =>
      r.json(),
    );
    const options = { indexURL: base.href };
    if (data.snapshot) {
      // Experimental (Pyodide's private API): restore a memory snapshot made at build time.
      options._loadSnapshot = fetch(new URL(data.snapshot, base)).then((r) => r.arrayBuffer());
    }
    const py = await loadPyodide(options);
    t.booted = performance.now();
    const ms = { import: t.imported - t.start, boot: t.booted - t.imported };
    if (data.how === "none") {
      ms.total = t.booted - t.start;
      self.postMessage({ ok: true, ms, manifest: await manifest });
      return;
    }
    const wheelURL = new URL(data.wheel || (await manifest).wheel, base).href;
    if (data.how === "unpackArchive") {
      const response = await fetch(wheelURL);
      if (!response.ok) throw new Error(`${wheelURL}: HTTP ${response.status}`);
      py.unpackArchive(await response.arrayBuffer(), "wheel");
      loaded = "unpacked";
    } else {
      const messages = [];
      loaded = await py.loadPackage(wheelURL, {
        messageCallback: (m) => messages.push(m),
        errorCallback: (m) => messages.push("error: " + m),
      });
      loaded = { returned: loaded, messages };
    }
    t.loaded = performance.now();
    py.globals.set("calc_id", data.calc || "arts.incapacity");
    py.globals.set("calc_inputs", data.inputs || JSON.stringify({ load: "3", tolerance: "10" }));
    py.globals.set("run_all", data.all === "1");
    py.globals.set("want_files", data.modules === "1");
    const answer = JSON.parse(py.runPython(RUN));
    t.computed = performance.now();
    Object.assign(ms, {
      wheel: t.loaded - t.booted, first_run: t.computed - t.loaded, total: t.computed - t.start,
    });
    self.postMessage({ ok: true, ...answer, loaded, manifest: await manifest, ms });
  } catch (error) {
    self.postMessage({ ok: false, loaded, error: String((error && error.stack) || error) });
  }
};
"""


#: The theme is up and follows links (instant navigation): its page events exist and the
#: sitemap it checks links against has arrived. On every page the theme starts
#: on the reader's first touch, key, scroll or mouse move (``macros/theme/main.html``).
THEME_READY = """() => window.document$ !== undefined && performance
  .getEntriesByType("resource").some((e) => e.name.endsWith("/sitemap.xml") && e.responseEnd > 0)"""
#: The theme's search has built its index: it says "Initializing search" until then.
SEARCH_READY = """() => {
  const meta = document.querySelector(".md-search-result__meta");
  return meta && meta.textContent.trim() !== "" && !/initializing/i.test(meta.textContent);
}"""


def start_theme(page: Any) -> None:
    """Move the mouse, as a reader does: the theme starts (on every page it waits for the
    reader's first touch, key, scroll or mouse move); wait until it is up."""
    page.mouse.move(20, 300)
    page.wait_for_function(THEME_READY)


def write_boot_page(folder: Path) -> Path:
    """Write ``boot.html`` and ``boot-worker.mjs`` into ``folder``; the page's path."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "boot-worker.mjs").write_text(BOOT_WORKER, encoding="utf-8")
    page = folder / "boot.html"
    page.write_text(BOOT_PAGE, encoding="utf-8")
    return page


def wait_until(check: Callable[[], bool], timeout: float = 30.0, step: float = 0.01) -> bool:
    """Poll ``check`` until it is true or ``timeout`` seconds passed."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(step)
    return check()
