"""A static host as a reader meets it: compressed, cached, over a shaped link.

Used by the network benchmark (``scripts/bench_network.py``) and the tests of the
levers' fallbacks. :class:`Host` serves a folder on 127.0.0.1 the way a real static
host does:

* **compression:** a file's precompressed sibling (``x.js.br``, ``x.js.gz``) when the
  browser accepts that encoding and the site ships one, else gzip made on the fly for
  text, JSON and WebAssembly (what GitHub Pages, Netlify or nginx with ``gzip_types``
  do); archives (zip, wheel, gz) go as they are;
* **cache headers:** ``Cache-Control`` by a policy (``revalidate``: ``no-cache`` with
  ``ETag``/``304``, as most hosts; ``max-age``: fresh ten minutes, as GitHub Pages);
* **a shaped link** (:class:`Link`): one bandwidth shared by every response, and a
  delay before each response starts (the round trip), shaped here on the server side,
  so it holds for pages and workers alike, unlike DevTools' throttling.

Every response is logged with the bytes that went on the wire and when.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import socket
import threading
import time
from dataclasses import dataclass, field
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

from macros.publish.compress import COMPRESSIBLE  # what the build precompresses, a host gzips
from tests.browser.harness import CONTENT_TYPES

HOST = "127.0.0.1"
#: Precompressed siblings, best first, with the Content-Encoding each is served as.
PRECOMPRESSED = (("br", ".br"), ("gzip", ".gz"))
#: Content types beyond Python's guesses: the browser tests' server's, the web app
#: manifest's and a gzip file's.
TYPES = {
    **CONTENT_TYPES,
    ".webmanifest": "application/manifest+json",
    ".gz": "application/gzip",
}
CACHE_POLICIES = {"revalidate": "no-cache", "max-age": "max-age=600", "none": "no-store"}
CHUNK = 16 * 1024


@dataclass(frozen=True)
class Profile:
    """A link: shared bandwidth (bits per second; 0 = unlimited) and delay per response."""

    name: str
    bits_per_s: float
    delay_s: float


#: The links of the issue's measurements (Lighthouse's and WebPageTest's 4G presets).
PROFILES = {
    "localhost": Profile("localhost", 0, 0.0),
    "4g": Profile("4G (9 Mbit/s, 170 ms)", 9e6, 0.170),
    "slow-4g": Profile("slow 4G (1.6 Mbit/s, 150 ms)", 1.6e6, 0.150),
}


class Link:
    """One bandwidth shared by every response: each chunk waits its turn on the wire.

    >>> link = Link(Profile("test", 8e6, 0.0))   # 1 MB/s
    >>> round(link.reserve(500_000) - time.monotonic(), 1)   # half a second of wire
    0.5
    """

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self._free_at = 0.0
        self._lock = threading.Lock()
        #: (monotonic time, bytes) of every chunk written, headers aside.
        self.sent: list[tuple[float, int]] = []

    def reserve(self, size: int) -> float:
        """Book ``size`` bytes on the wire; the monotonic time their last byte leaves."""
        if not self.profile.bits_per_s:
            return time.monotonic()
        with self._lock:
            start = max(time.monotonic(), self._free_at)
            self._free_at = start + size * 8 / self.profile.bits_per_s
            return self._free_at

    def send(self, out: socket.socket | object, data: bytes) -> None:
        """Write ``data`` to ``out`` (a ``write``-able) at the link's pace."""
        for offset in range(0, len(data), CHUNK):
            chunk = data[offset : offset + CHUNK]
            done = self.reserve(len(chunk))
            pause = done - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            out.write(chunk)  # type: ignore[attr-defined]
            with self._lock:
                self.sent.append((time.monotonic(), len(chunk)))


@dataclass(frozen=True)
class Served:
    """One response: path, status, bytes on the wire (body), encoding, when it ended."""

    path: str
    status: int
    bytes: int
    encoding: str
    at: float


@dataclass
class Host:
    """A compressing static host for ``root`` (plus ``mounts`` under URL prefixes).

    Args:
        root: the folder served at ``/``.
        profile: the link (:data:`PROFILES`).
        cache: a key of :data:`CACHE_POLICIES`.
        mounts: extra folders under URL prefixes (``{"/__stock__/": folder}``).
        encodings: the encodings this host may answer with (``br``, ``gzip``).
    """

    root: Path
    profile: Profile = PROFILES["localhost"]
    cache: str = "revalidate"
    mounts: dict[str, Path] = field(default_factory=dict)
    encodings: tuple[str, ...] = ("br", "gzip")
    log: list[Served] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.link = Link(self.profile)
        self._lock = threading.Lock()
        self._gzipped: dict[tuple[Path, float], bytes] = {}
        self._httpd = ThreadingHTTPServer((HOST, 0), partial(_Handler, host=self))
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        """The base URL, ending in ``/``."""
        return f"http://{HOST}:{self._httpd.server_address[1]}/"

    def start(self) -> Host:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> Host:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def record(self, served: Served) -> None:
        with self._lock:
            self.log.append(served)

    def take_log(self) -> list[Served]:
        """The responses since the last call."""
        with self._lock:
            log, self.log = self.log, []
        return log

    def prepare(self) -> Host:
        """Compress every compressible file now, as a CDN's cache holds them: the first
        load then pays no compression time."""
        for folder in [self.root, *self.mounts.values()]:
            for path in folder.rglob("*"):
                if path.suffix in COMPRESSIBLE and path.is_file():
                    self.body(path, {"gzip"})
        return self

    def take_sent(self) -> list[tuple[float, int]]:
        """The chunks the link carried since the last call: (monotonic time, bytes)."""
        with self.link._lock:
            sent, self.link.sent = self.link.sent, []
        return sent

    def resolve(self, url_path: str) -> Path | None:
        """The file a URL path names (``index.html`` for a folder), or None."""
        for prefix, folder in sorted(self.mounts.items(), key=lambda kv: -len(kv[0])):
            if url_path.startswith(prefix):
                base, rest = folder, url_path[len(prefix) :]
                break
        else:
            base, rest = self.root, url_path.lstrip("/")
        target = (base / rest).resolve()
        if base.resolve() not in (target, *target.parents):
            return None
        if target.is_dir():
            target = target / "index.html"
        return target if target.is_file() else None

    def body(self, path: Path, accepted: set[str]) -> tuple[bytes, str]:
        """The bytes sent for ``path`` and their Content-Encoding ('' for none)."""
        for encoding, suffix in PRECOMPRESSED:
            sibling = path.with_name(path.name + suffix)
            if encoding in accepted and encoding in self.encodings and sibling.is_file():
                return sibling.read_bytes(), encoding
        if "gzip" in accepted and "gzip" in self.encodings and path.suffix in COMPRESSIBLE:
            key = (path, path.stat().st_mtime)
            with self._lock:
                packed = self._gzipped.get(key)
            if packed is None:
                packed = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
                with self._lock:
                    self._gzipped[key] = packed
            return packed, "gzip"
        return path.read_bytes(), ""


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def __init__(self, *args: object, host: Host, **kwargs: object) -> None:
        self.host = host
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass

    def do_GET(self) -> None:  # noqa: N802
        self._answer(head=False)

    def do_HEAD(self) -> None:  # noqa: N802
        self._answer(head=True)

    def _answer(self, head: bool) -> None:
        url_path = unquote(urlsplit(self.path).path)
        if self.host.profile.delay_s:
            time.sleep(self.host.profile.delay_s)
        path = self.host.resolve(url_path)
        if path is None:
            self._plain(404, b"Not found\n", url_path)
            return
        accepted = {
            part.split(";")[0].strip()
            for part in self.headers.get("Accept-Encoding", "").split(",")
        }
        body, encoding = self.host.body(path, accepted)
        etag = '"' + hashlib.sha1(body).hexdigest()[:16] + '"'
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Content-Length", "0")
            self.end_headers()
            self.host.record(Served(url_path, 304, 0, encoding, time.monotonic()))
            return
        self.send_response(200)
        kind = TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0]
        self.send_header("Content-Type", kind or "application/octet-stream")
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", etag)
        self.send_header("Cache-Control", CACHE_POLICIES[self.host.cache])
        self.end_headers()
        if not head:
            try:
                self.host.link.send(self.wfile, body)
            except (BrokenPipeError, ConnectionResetError):
                pass
        self.host.record(
            Served(url_path, 200, 0 if head else len(body), encoding, time.monotonic())
        )

    def _plain(self, status: int, body: bytes, url_path: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        self.host.record(Served(url_path, status, len(body), "", time.monotonic()))
