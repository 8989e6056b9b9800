"""Browser-test fixtures: the built site on 127.0.0.1 and Debian's Chromium, offline.

* ``site_server`` (session) serves the ``built_site`` of ``tests/conftest.py``
  on 127.0.0.1 at ``site_port`` (the origin it was built for) and, under
  ``/__test__/``, a folder of test-only pages (the bare Pyodide boot page).
  It stops at the end of the session.
* ``browser`` (session) is Chromium from ``/usr/bin/chromium`` driven by
  Playwright; every host but 127.0.0.1 fails to resolve.
* ``web`` (per test) is a fresh browser context with a page and a
  :class:`~tests.browser.harness.PageLog` recording every request URL, console
  error, uncaught error and HTTP error of the page and its workers::

      def test_x(web):
          web.goto("arts/glossary/")
          assert web.log.external(web.base_url) == []
          assert web.log.errors() == []

  ``new_web(**context_options)`` makes more (``java_script_enabled=False``, a
  second context to compare caches, ...); all are closed after the test.
* ``reader`` (per test) is a reader's browser (a :class:`Reader`) on a server of
  its own (``own_server``: another port, so its own origin and caches), which a
  test may stop, as the offline tests do.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.browser.harness import (
    CHROMIUM,
    PageLog,
    SiteServer,
    chromium_missing_message,
    launch_chromium,
    write_boot_page,
)

#: Generous: a cold Pyodide boot takes a few seconds on a 2-core machine.
TIMEOUT_MS = 60_000


@pytest.fixture(scope="session")
def test_pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of test-only pages, served under ``/__test__/``."""
    folder = tmp_path_factory.mktemp("test-pages")
    write_boot_page(folder)
    return folder


@pytest.fixture(scope="session")
def site_server(built_site: Path, test_pages: Path, site_port: int) -> Iterator[SiteServer]:
    """The built site over HTTP on 127.0.0.1, for the whole session.

    On ``site_port`` (a free port picked before the build): the site is built for
    that origin, which Material's instant navigation needs.
    """
    with SiteServer(built_site, {"/__test__/": test_pages}, port=site_port) as server:
        yield server


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's headless Chromium (never a Playwright-downloaded browser)."""
    if not CHROMIUM.exists():
        pytest.fail(chromium_missing_message(), pytrace=False)
    with launch_chromium() as chromium:
        yield chromium


@dataclass
class Web:
    """One browser context and page on the test server, with its request/error log."""

    page: Any
    context: Any
    log: PageLog
    server: SiteServer

    @property
    def base_url(self) -> str:
        return self.server.url

    def url(self, path: str) -> str:
        """The absolute URL of a site path (``"arts/glossary/"``)."""
        return self.server.url + path.lstrip("/")

    def goto(self, path: str, wait_until: str = "load") -> Any:
        """Open a site path; the navigation's response."""
        return self.page.goto(self.url(path), wait_until=wait_until)

    def pyodide_requests(self) -> list[str]:
        """Requests for files of the Pyodide runtime (anything under ``/pyodide/``)."""
        prefix = self.url("pyodide/")
        return [url for url in self.log.requests if url.startswith(prefix)]


@pytest.fixture
def new_web(browser: Any, site_server: SiteServer) -> Iterator[Callable[..., Web]]:
    """Fresh contexts with options (``new_web(java_script_enabled=False)``), closed after."""
    contexts: list[Any] = []
    made: list[Web] = []

    def make(**context_options: Any) -> Web:
        context = browser.new_context(**context_options)
        contexts.append(context)
        context.set_default_timeout(TIMEOUT_MS)
        log = PageLog().attach(context)
        made.append(Web(page=context.new_page(), context=context, log=log, server=site_server))
        return made[-1]

    try:
        yield make
    finally:
        for context in contexts:
            context.close()
    # The trimmed standard library (macros/publish/stdlib.py) holds every module these pages'
    # calculators, builders and trackers imported: none needed the whole one.
    # (The bare boot page of /__test__/ boots the whole one on purpose.)
    whole = [
        url
        for web in made
        if not any("/__test__/" in seen for seen in web.log.requests)
        for url in web.log.requests
        if url.endswith("/python_stdlib.zip")
    ]
    assert not whole, f"a module the trimmed standard library lacks was imported: {whole}"


@pytest.fixture
def web(new_web: Callable[..., Web]) -> Web:
    """A fresh context (empty cache, JavaScript on) and page, logging everything."""
    return new_web()


@pytest.fixture
def own_server(built_site: Path) -> Iterator[SiteServer]:
    """The built site on a server of its own (another port: another origin), to stop."""
    server = SiteServer(built_site).start()
    try:
        yield server
    finally:
        server.stop()


class Reader:
    """One browser context on one server: a reader's browser."""

    def __init__(self, browser: Any, server: SiteServer) -> None:
        self.server = server
        self.context = browser.new_context()
        self.context.set_default_timeout(TIMEOUT_MS)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    @property
    def base_url(self) -> str:
        return self.server.url

    def goto(self, path: str) -> None:
        self.page.goto(self.server.url + path, wait_until="load")


@pytest.fixture
def reader(browser: Any, own_server: SiteServer) -> Iterator[Reader]:
    made = Reader(browser, own_server)
    try:
        yield made
    finally:
        made.context.close()
