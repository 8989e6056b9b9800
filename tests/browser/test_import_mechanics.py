"""Three imported games at the table in Chromium (issue #35): each game's check answers its
exact band odds, its tracker applies a condition's stated effect over rounds, and its
builder flags a spend over the budget; all from the games' own words, no Python, no YAML
written by hand."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from calculators.declared import check
from macros.render.forms import dom_id
from tests.browser.conftest import TIMEOUT_MS, Web
from tests.browser.harness import PageLog, SiteServer
from tests.browser.test_builders import change, live, settle, step_status
from tests.browser.test_tracker import open_tracker, submit
from tests.declaredbook import build_project
from tests.importedgames import BOOKS, brute_bands, import_game
from tests.test_import_mechanics import data_of, of_kind

CONDITION = {"heist": ("heist.soaked", "2 of 6"), "lantern": ("lantern.poisoned", "3 of 4"),
             "ashes": ("ashes.burning", "Bleeding (2 of 4)")}
"""Each game's condition that marks a track, and its track after two rounds."""
LINKED = {"heist": ("edge", 2), "lantern": ("advantage", 3), "ashes": ("normal", 4)}
"""The mode and stat each test's link names."""


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """The three games imported, built for their origins and served on 127.0.0.1."""
    work = tmp_path_factory.mktemp("games-sites")
    servers: dict[str, Any] = {}
    try:
        for book in BOOKS:
            with socket.socket() as probe:
                probe.bind(("127.0.0.1", 0))
                port = int(probe.getsockname()[1])
            project, _ = import_game(book, work / book)
            site = build_project(project, work / f"{book}-site", f"http://127.0.0.1:{port}/")
            servers[book] = (SiteServer(site, port=port).start(), data_of(project, book))
        yield servers
    finally:
        for server, _ in servers.values():
            server.stop()


def open_web(browser: Any, server: SiteServer) -> Web:
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT_MS)
    log = PageLog().attach(context)
    return Web(page=context.new_page(), context=context, log=log, server=server)


@pytest.mark.parametrize("book", BOOKS)
def test_an_imported_game_at_the_table(browser: Any, games: dict[str, Any], book: str) -> None:
    server, data = games[book]
    web = open_web(browser, server)
    try:
        (found,) = of_kind(data, "check")
        mode, stat = LINKED[book]
        calc = f"#{dom_id(found['id'])}"
        web.goto(f"{book}/calculators/?calc={found['id']}&stat={stat}"
                 + (f"&mode={mode}" if mode != "normal" else ""))
        web.page.wait_for_function(
            "sel => Number(document.querySelector(sel).dataset.answers || 0) > 0", arg=calc)
        expected = brute_bands(book, mode, stat)
        for name, p in zip(check.band_outputs(found), expected, strict=True):
            cell = web.page.locator(f"{calc} .rb-result [data-output='{name}'] dd")
            shown = " ".join(cell.inner_text().split())
            assert Fraction(shown.split()[0]) == p, (name, shown)

        status, after = CONDITION[book]
        (track,) = [t for t in of_kind(data, "tracker")[0]["tracks"]
                    if t["name"] == data[status]["tracker"].get(
                        "round_end", data[status]["tracker"].get("turn_start", {})).get("mark")]
        open_tracker(web, book)
        submit(web, "act-add", name="Kit", initiative=5)
        submit(web, "act-c1-status", status=status)
        submit(web, "act-all-start")
        submit(web, "act-all-next")
        submit(web, "act-all-next")
        card = web.page.inner_text("#card-c1")
        assert after in card, (track["label"], card)
        assert data[status]["name"] in card

        builder = f"#builder-{book}"
        web.goto(f"{book}/builder/")
        live(web, builder)
        declared = of_kind(data, "builder")[0]
        for attribute in declared["attributes"]:
            change(web, builder, f"attr.{attribute['name']}", str(declared["max"]))
        settle(web, builder)
        assert step_status(web, builder, "attributes") == "problem"
        assert "the budget is" in web.page.inner_text(f"{builder}-step-attributes")
        assert web.log.external(web.base_url) == []
    finally:
        web.context.close()


def test_a_move_rolls_the_core_check_and_the_log_names_the_band(
    browser: Any, games: dict[str, Any]
) -> None:
    from calculators.declared.check import band_of

    server, data = games["heist"]
    (found,) = of_kind(data, "check")
    web = open_web(browser, server)
    try:
        web.goto("heist/moves/")
        button = web.page.locator(f"button[data-check='{found['id']}']")
        assert button.inner_text() == "roll 2d6 + Guile"
        button.focus()
        odds = web.page.locator(f"#{button.get_attribute('aria-describedby')}")
        odds.wait_for(state="visible")
        assert "Full success 16.7% (1/6)" in odds.inner_text()
        button.click()
        item = web.page.locator(".rb-roll-log li[data-state=done]").first
        item.wait_for()
        text = item.inner_text()
        total = int(text.split("total ")[1].split(":")[0])
        band = found["bands"][band_of(found, total, {"stat": 0})]["name"]
        assert text.startswith(f"roll 2d6 + Guile ({found['name']})") and text.count(band), text
        assert web.log.errors() == []
    finally:
        web.context.close()


def test_the_games_come_from_their_words_only() -> None:
    games = Path(__file__).parents[1] / "data" / "import" / "mechanics"
    assert sorted(p.name for p in games.iterdir()) == sorted(f"{b}.md" for b in BOOKS)
