"""A ``d66`` roll table at the table in Chromium (issue #36): the imported game
``tests/data/import/dice/omens.md`` is built and served; rolling its table's ``roll d66``
names the row the total falls in, in the roll log, and highlights that row on the page."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from itertools import product
from typing import Any

import pytest

from macros.load.loader import load_rules
from macros.load.rolltable import row_range, row_words
from macros.load.rulesdata import Entry
from tests.browser.conftest import TIMEOUT_MS, Web
from tests.browser.harness import PageLog, SiteServer
from tests.declaredbook import build_project
from tests.dicegames import import_dice_game

D66 = {10 * a + b for a, b in product(range(1, 7), repeat=2)}


@pytest.fixture(scope="module")
def omens(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[SiteServer, Entry]]:
    """The game imported, built for its origin and served on 127.0.0.1; its first table."""
    work = tmp_path_factory.mktemp("omens-site")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    project, _ = import_dice_game("omens", work / "omens")
    site = build_project(project, work / "site", f"http://127.0.0.1:{port}/")
    data = load_rules(project / "rules_data")
    table = next(e for e in data.entries.values() if e.kind == "table" and e.get("roll"))
    server = SiteServer(site, port=port).start()
    try:
        yield server, table
    finally:
        server.stop()


def open_web(browser: Any, server: SiteServer) -> Web:
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT_MS)
    log = PageLog().attach(context)
    return Web(page=context.new_page(), context=context, log=log, server=server)


def test_rolling_a_d66_table_names_and_highlights_its_row(
    browser: Any, omens: tuple[SiteServer, Entry]
) -> None:
    server, table = omens
    web = open_web(browser, server)
    try:
        web.goto(f"omens/{table.page}/")
        button = web.page.locator("button[data-rows]").first
        assert button.inner_text() == "roll d66"
        button.focus()
        odds = web.page.locator(f"#{button.get_attribute('aria-describedby')}")
        odds.wait_for(state="visible")
        assert "d66: mean 38.5 (77/2), 11–66" in odds.inner_text()
        for count in (1, 2, 3):
            button.click()
            item = web.page.locator(".rb-roll-log li[data-state=done]")
            item.nth(count - 1).wait_for()
            text = item.first.inner_text()
            total = int(item.first.get_attribute("data-total") or 0)
            assert total in D66, text  # never 17 or 40
            (row,) = [r for r in table.get("rows") if row_range(r[0], 66)[0] <= total  # type: ignore[index]
                      <= row_range(r[0], 66)[1]]  # type: ignore[index]
            low, high = row_range(row[0], 66)  # type: ignore[misc]
            assert text.startswith(f"{table.name}: roll d66"), text
            assert f"→ row {low}–{high}: {row_words(row)}" in text, text
            rolled = web.page.locator("tr[data-rolled]")
            assert rolled.count() == 1, count  # the last roll's row only
            assert row_words(row) in rolled.inner_text()
            assert rolled.locator("td").first.inner_text().strip() == str(row[0])
        assert web.log.errors() == []
        assert web.log.external(web.base_url) == []
    finally:
        web.context.close()
