"""Embeds in a real browser: a page on another local origin holds a rule's page and a live
calculator in ``<iframe>``s; the reader hovers a roll's odds, rolls it and gets a
calculator's answer there, with no site chrome and no request to another host. A rule's
page copies the rule with its licence's attribution, the print view shows the licence, and
the Owlbear Rodeo panel leads to the dice roller in the panel."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from macros.render.urls import dom_id
from tests.browser.conftest import TIMEOUT_MS, Reader, Web
from tests.browser.harness import SiteServer
from tests.browser.test_offline import DONE, READY

CALC = "glittershard.damage"
RULE = "glittershard/rule/burning/"


@pytest.fixture
def host(tmp_path: Path, site_server: SiteServer) -> Iterator[SiteServer]:
    """Another origin (its own port) whose page embeds the book's rule and calculator."""
    base = site_server.url
    (tmp_path / "index.html").write_text(
        "<!doctype html><html lang='en'><head><title>A virtual tabletop</title></head><body>"
        "<h1>A virtual tabletop</h1>"
        f"<iframe id='rule' title='Burning' src='{base}{RULE}?embed=1&theme=dark'"
        " width='420' height='300'></iframe>"
        f"<iframe id='term' title='Bound' src='{base}glittershard/rule/bound/?embed=1'"
        " width='420' height='300'></iframe>"
        f"<iframe id='calc' title='Damage' src='{base}glittershard/how_to_play/?embed=1&"
        f"calc={CALC}#{dom_id(CALC)}' width='420' height='700'></iframe>"
        "</body></html>", "utf-8")
    with SiteServer(tmp_path) as server:
        yield server


def test_an_embedded_rule_rolls_and_shows_its_odds(web: Web, host: SiteServer) -> None:
    web.page.goto(host.url)
    frame = web.page.frame_locator("#rule")
    roll = frame.locator(".rb-dice-roll").first
    roll.hover()
    odds = frame.locator(".rb-dice-odds").first
    odds.wait_for(state="visible")
    assert "1d6: mean 3.5 (7/2), 1–6" in odds.inner_text()
    # The host's dark theme, and every link opens the whole book in a new tab.
    assert frame.locator("body").get_attribute("data-md-color-scheme") == "slate"
    assert frame.locator("a[href]").evaluate_all(
        "links => links.every(a => a.target === '_blank')")
    roll.click()
    # Progress while the engine starts, then the roll with its dice and seed.
    frame.locator(".rb-roll-log li", has_text="seed").first.wait_for(timeout=TIMEOUT_MS)
    assert "1d6 [" in frame.locator(".rb-roll-log li").first.inner_text()
    # A linked term keeps its definition on hover, and leads to its place in the book.
    term = web.page.frame_locator("#term").get_by_role("link", name="Bwn").first
    assert term.get_attribute("title").startswith("Brawn: A value of how much muscle")
    assert term.get_attribute("href") == "../../stats/#glittershard-brawn"
    # Both local origins are this test's own; nothing goes to another host.
    assert web.log.external("http://127.0.0.1:") == []


def test_an_embedded_calculator_answers_with_no_chrome(web: Web, host: SiteServer) -> None:
    web.page.goto(host.url)
    frame = web.page.frame_locator("#calc")
    calc = frame.locator(f"#{dom_id(CALC)}")
    calc.locator("form.rb-calc-form").wait_for(timeout=TIMEOUT_MS)
    frame.locator(f"#{dom_id(CALC)}[data-state=live]").wait_for(timeout=TIMEOUT_MS)
    assert not frame.locator(".md-header").is_visible()
    assert not frame.locator(".md-sidebar--primary").is_visible()
    # Only the calculator is shown of its page.
    assert frame.locator("article h1").is_hidden()
    frame.locator(f"#{dom_id(CALC)}-attack_roll").fill("20")
    calc.locator(".rb-result", has_text="Simple damage 8 = 20 attack roll").wait_for(
        timeout=TIMEOUT_MS)


def test_copy_with_attribution_copies_the_rule_and_its_licence(new_web: Any) -> None:
    web = new_web(permissions=["clipboard-read", "clipboard-write"])
    web.goto(RULE)
    web.page.get_by_role("button", name="Copy with attribution").click()
    web.page.get_by_text("copied").wait_for()
    copied = web.page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith("Burning: When burning, take 1d6 fire damage per turn")
    assert f"— {web.url(RULE)}" in copied
    assert copied.endswith("The rulebook states no licence: ask its author before reusing "
                           "its text.")
    web.page.get_by_role("button", name="Copy embed code").click()
    web.page.get_by_text("The embed code copied").wait_for()
    snippet = web.page.evaluate("navigator.clipboard.readText()")
    assert snippet.startswith(f'<iframe src="{web.url(RULE)}?embed=1"')


def test_the_print_view_shows_the_licence(web: Web) -> None:
    web.goto("arts/print/")
    web.page.emulate_media(media="print")
    licence = web.page.locator(".rb-license")
    assert licence.is_visible()
    assert "Attributes & Arts, a homebrew rulebook" in licence.inner_text()


def test_the_owlbear_panel_leads_to_the_dice_roller(web: Web) -> None:
    web.goto("arts/tracker/?embed=1&panel=arts")
    bar = web.page.locator(".rb-panel-bar")
    bar.wait_for()
    assert web.page.locator(".md-search").count() == 1
    bar.get_by_role("link", name="Dice roller").click()
    web.page.wait_for_url("**/dice/?embed=1&panel=arts")
    assert web.page.locator(".rb-panel-bar [aria-current]").inner_text() == "Dice roller"


def test_an_entry_on_its_book_page_links_to_its_own_page(web: Web) -> None:
    web.goto("glittershard/status_effects/")
    link = web.page.get_by_role("link", name="Share or embed: Burning", exact=True)
    link.click()
    web.page.wait_for_url(f"**/{RULE}")
    assert web.page.locator("h1").inner_text() == "Burning"



def test_a_calculators_own_page_sends_a_reader_on_with_the_links_inputs(web: Web) -> None:
    web.goto("glittershard/calc/damage/?attack_roll=20")
    web.page.wait_for_url("**/glittershard/how_to_play/?calc=glittershard.damage&attack_roll=20"
                          "#calc-glittershard-damage")
    calc = web.page.locator(f"#{dom_id(CALC)}")
    calc.locator(".rb-result", has_text="Simple damage 8 = 20 attack roll").wait_for(
        timeout=TIMEOUT_MS)


def test_a_rule_page_and_an_embed_work_offline_after_a_visit(reader: Reader) -> None:
    embed = f"glittershard/how_to_play/?embed=1&calc={CALC}#{dom_id(CALC)}"
    reader.goto(embed)
    reader.page.wait_for_selector(f"#{dom_id(CALC)}[data-state=live]", timeout=TIMEOUT_MS)
    assert reader.page.evaluate(READY)
    # The runtime kept for offline use (its status is in the footer, hidden in an embed).
    reader.page.wait_for_selector(DONE, state="attached", timeout=TIMEOUT_MS)
    reader.page.wait_for_function("!!navigator.serviceWorker.controller")
    reader.goto(RULE)  # the visit: the worker keeps the rule's page
    assert reader.page.locator("h1").inner_text() == "Burning"
    reader.context.set_offline(True)
    reader.goto(RULE)
    assert reader.page.locator("h1").inner_text() == "Burning"
    assert reader.page.locator(".rb-license").is_visible()
    reader.goto(embed)
    calc = reader.page.locator(f"#{dom_id(CALC)}")
    reader.page.wait_for_selector(f"#{dom_id(CALC)}[data-state=live]", timeout=TIMEOUT_MS)
    assert not reader.page.locator(".md-header").is_visible()
    reader.page.fill(f"#{dom_id(CALC)}-attack_roll", "20")
    calc.locator(".rb-result", has_text="Simple damage 8 = 20 attack roll").wait_for(
        timeout=TIMEOUT_MS)
    assert reader.errors == []
