"""A book with no Python at the table, in Chromium (issue #34): the test book "Night Shift"
(``tests/data/books/heist/``), built as an author's project, gets a check calculator with
exact band odds per stat and mode, an encounter tracker (its conditions over rounds, two
tracks, initiative, undo, the saved library) and a point-buy builder with a printable sheet.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from calculators.declared import check
from macros.render.forms import dom_id
from tests.browser.conftest import TIMEOUT_MS, Web
from tests.browser.harness import PageLog, SiteServer
from tests.browser.test_builders import change, live, one_page_pdf, settle, step_status
from tests.browser.test_tracker import log_texts, open_tracker, submit
from tests.declaredbook import build_project, make_project
from tests.test_declared_book import brute, exported

BUILDER = "#builder-heist"


@pytest.fixture(scope="module")
def heist_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    """The test book's site, built for its origin and served on 127.0.0.1."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    work = tmp_path_factory.mktemp("heist")
    project = make_project(work / "project")
    site = build_project(project, work / "site", f"http://127.0.0.1:{port}/")
    with SiteServer(site, port=port) as server:
        yield server


@pytest.fixture
def heist(browser: Any, heist_server: SiteServer) -> Iterator[Web]:
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT_MS)
    log = PageLog().attach(context)
    try:
        yield Web(page=context.new_page(), context=context, log=log, server=heist_server)
    finally:
        context.close()


def shown(web: Web, calc_id: str, output: str) -> str:
    cell = web.page.locator(f"#{dom_id(calc_id)} .rb-result [data-output='{output}'] dd")
    return " ".join(cell.inner_text().split())


def test_a_linked_check_answers_each_bands_exact_odds(heist: Web) -> None:
    calc = "heist.action"
    heist.goto("heist/mechanics/?calc=heist.action&stat=2&mode=edge")
    heist.page.wait_for_function(
        "sel => Number(document.querySelector(sel).dataset.answers || 0) > 0",
        arg=f"#{dom_id(calc)}",
    )
    entry = exported()["heist.action"]
    for name, p in zip(check.band_outputs(entry), brute("edge", 2), strict=True):
        assert shown(heist, calc, name).startswith(str(p)), name
    # The page's own odds table, built with the site, says the same.
    table = heist.page.locator(".rb-check-odds table").nth(1).inner_text()
    assert "49/72 (68.1%)" in table and str(brute("edge", 2)[0]) == "49/72"
    heist.page.click(f"#{dom_id(calc)} [data-action=roll]")
    heist.page.wait_for_function(
        "sel => document.querySelector(sel + ' [data-output=outcome] dd')"
        "?.innerText.trim().length > 0",
        arg=f"#{dom_id(calc)} .rb-result",
    )
    total = int(shown(heist, calc, "total"))
    band = "Full success" if total >= 10 else "Partial success" if total >= 7 else "Miss"
    assert shown(heist, calc, "outcome") == band
    assert heist.log.external(heist.base_url) == []
    assert Fraction(sum(brute("edge", 2))) == 1


def test_the_tracker_runs_a_condition_over_rounds_with_undo_and_the_library(
    heist: Web,
) -> None:
    open_tracker(heist, "heist")
    submit(heist, "act-add", name="Vex", nerve=2, initiative=5)
    submit(heist, "act-add", name="Moth", nerve=1, initiative=3)
    submit(heist, "act-c1-status", status="heist.soaked")
    submit(heist, "act-all-start")
    for _ in range(2):  # Vex's turn, then Moth's: round 1 ends
        submit(heist, "act-all-next")
    card = heist.page.inner_text("#card-c1")
    assert "1 of 6" in card and "Soaked" in card
    assert any("Soaked: at the end of the round, Vex marks 1 Stress (1 of 6)." in t
               for t in log_texts(heist))
    submit(heist, "act-c2-mark", track="harm", amount=2)
    assert "Hurt (2 of 3)" in heist.page.inner_text("#card-c2")
    submit(heist, "act-c2-roll", check="heist.action", stat="nerve", mode="edge")
    rolled = log_texts(heist)[:2]
    assert "Moth rolls Action roll (edge), Nerve +1, Hurt -1: 3d6kh2" in rolled[1]
    assert rolled[0].startswith("R2 Action roll: ")
    heist.page.click(".rb-tracker [data-action=undo]")
    heist.page.wait_for_function(
        "() => !document.querySelector('.rb-tr-log').innerText.includes('rolls Action roll')")
    # The encounter is in the reader's library: a reload brings it back.
    heist.page.reload()
    open_tracker(heist, "heist")
    assert "1 of 6" in heist.page.inner_text("#card-c1")
    assert "Hurt (2 of 3)" in heist.page.inner_text("#card-c2")
    assert heist.log.external(heist.base_url) == []


def test_the_builder_enforces_the_budget_and_prints_a_one_page_sheet(heist: Web) -> None:
    heist.goto("heist/builder/")
    live(heist, BUILDER)
    heist.page.click(f"{BUILDER} [data-action=example]")
    settle(heist, BUILDER)
    assert step_status(heist, BUILDER, "attributes") == "done"
    assert "Ready" in heist.page.inner_text(f"{BUILDER} .rb-sheet-body")
    change(heist, BUILDER, "attr.nerve", "3")
    assert step_status(heist, BUILDER, "attributes") == "problem"
    assert "9 points spent; the budget is 6." in heist.page.inner_text(
        f"{BUILDER}-step-attributes")
    change(heist, BUILDER, "attr.nerve", "1")
    assert step_status(heist, BUILDER, "attributes") == "done"
    text = one_page_pdf(heist)
    assert "Vex" in text and "Stress boxes" in text and "Burglar" in text
    assert heist.log.external(heist.base_url) == []


def test_the_books_pages_are_in_its_navigation(heist: Web) -> None:
    heist.goto("heist/")
    nav = heist.page.inner_text(".md-nav--primary")
    for title in ("Mechanics", "Character builder", "Calculators", "Encounter tracker"):
        assert title in nav
