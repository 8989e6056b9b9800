"""Inline dice in Chromium: a click rolls into the log (seeded), hover and focus show the odds.

Pages used: ``glittershard/requirements/`` has inline dice and no calculator;
``arts/abilities/`` has the contests of ability cards; ``arts/dice/`` has both
inline dice and a calculator (the engine is already starting from ``<head>``).
"""

from __future__ import annotations

import time
from typing import Any

import calculators
from tests.browser.test_calculators import wait_live

PLAIN = "glittershard/requirements/"
LOG = ".rb-roll-log"


def roll_button(web: Any, expression: str) -> Any:
    return web.page.locator(f"button[data-dice='{expression}']").first


def odds_of(button: Any) -> Any:
    """The popover beside a roll (the element its ``aria-describedby`` names)."""
    return button.page.locator(f"#{button.get_attribute('aria-describedby')}")


def last_roll(web: Any, state: str = "done") -> Any:
    """The newest entry of the roll log once it reaches ``state``."""
    item = web.page.locator(f"{LOG} li").first
    web.page.wait_for_selector(f"{LOG} li:first-child[data-state={state}]")
    return item


def test_a_plain_page_loads_no_pyodide_until_a_roll_is_clicked(web: Any) -> None:
    web.goto(PLAIN)
    web.page.wait_for_load_state("networkidle")
    time.sleep(0.5)  # anything started at load has had its chance to ask
    assert web.page.locator("button[data-dice]").count() >= 3
    assert web.pyodide_requests() == []
    roll_button(web, "1d6").click()
    last_roll(web)
    assert web.pyodide_requests() != []
    assert web.log.errors() == []


def test_clicking_an_inline_roll_logs_a_seeded_result(web: Any) -> None:
    web.goto(PLAIN)
    button = roll_button(web, "d100")  # the rulebook's words are "2d10", read as d100
    assert button.inner_text() == "2d10"
    button.click()
    loading = web.page.locator(f"{LOG} li").first
    # While the engine starts the entry says which stage it is at; it may be done already.
    assert loading.get_attribute("data-state") in ("loading", "done")
    item = last_roll(web)
    seed = int(item.get_attribute("data-seed"))
    want = calculators.run("dice.roll", {"expression": "d100", "seed": seed})["roll"]
    assert item.get_attribute("data-total") == str(want["total"])
    text = item.inner_text()
    assert want["shown"] in text and f"seed {seed}" in text and text.startswith("2d10 (d100)")
    replay = item.locator("a").get_attribute("href")
    assert replay.endswith(f"/dice/?calc=dice.roll&expression=d100&seed={seed}")
    assert web.page.locator(LOG).get_attribute("aria-label") == "Roll log"
    assert web.page.locator(f"{LOG} ol").get_attribute("aria-live") == "polite"
    web.page.click(f"{LOG} [data-log=clear]")
    assert web.page.locator(f"{LOG} li").count() == 0
    assert web.log.errors() == []


def test_hovering_or_focusing_a_roll_shows_its_exact_odds(web: Any) -> None:
    web.goto(PLAIN)
    button = roll_button(web, "1d6")
    odds = odds_of(button)
    assert not odds.is_visible()
    button.hover()
    odds.wait_for(state="visible")
    text = odds.inner_text()
    assert "1d6: mean 3.5 (7/2), 1–6" in text and "Click to roll it" in text
    assert odds.locator(".rb-spark > span").count() == 6  # one bar per outcome
    web.page.mouse.move(0, 0)
    odds.wait_for(state="hidden")
    button.focus()
    odds.wait_for(state="visible")
    web.page.keyboard.press("Escape")  # dismissable without moving focus
    odds.wait_for(state="hidden")
    assert web.pyodide_requests() == []  # the odds are the build's, no engine needed


def test_without_javascript_focus_shows_the_build_time_odds(new_web: Any) -> None:
    web = new_web(java_script_enabled=False)
    web.goto("shattered_spirits/attacks/")
    button = roll_button(web, "3d6kh2")
    assert button.inner_text() == "the highest two rolls"
    button.focus()
    odds = odds_of(button)
    odds.wait_for(state="visible")
    assert "3d6kh2: mean 8.46 (203/24), 2–12" in odds.inner_text()
    assert "Click to roll" not in odds.inner_text()  # only true with the script
    assert web.pyodide_requests() == []


def test_a_contest_in_an_ability_card_rolls_arts_contest(web: Any) -> None:
    web.goto("arts/abilities/")
    button = web.page.locator("button[data-contest='MIG:END']")
    button.focus()
    odds = odds_of(button)
    odds.wait_for(state="visible")
    want = calculators.run("arts.contest", {})
    assert f"({want['p_success']})" in odds.inner_text()
    assert "no character is known" in odds.inner_text()
    link = odds.locator("a")
    assert link.get_attribute("href").endswith("arts/dice/?calc=arts.contest#calc-arts-contest")
    button.click()
    item = last_roll(web)
    seed = int(item.get_attribute("data-seed"))
    result = calculators.run("arts.contest", {"seed": seed})
    rolled = result["rolled"]
    text = item.inner_text()
    assert text.startswith("contested by (MIG against END)")
    assert f"MIG [{', '.join(map(str, rolled['attacker']))}]" in text
    assert f"END [{', '.join(map(str, rolled['defender']))}]" in text
    assert result["result"]["outcome"] in text
    assert web.log.errors() == []


def test_the_roll_log_stays_across_instant_navigation(web: Any) -> None:
    web.goto(PLAIN)
    roll_button(web, "1d6").click()
    first = last_roll(web).inner_text()
    web.page.evaluate("window.rbSamePage = true")
    web.page.click("a.md-nav__link[href$='how_to_play/']")
    web.page.wait_for_url("**/glittershard/how_to_play/")
    web.page.wait_for_selector("button[data-dice='3d6']")
    assert web.page.evaluate("window.rbSamePage === true"), "the page was reloaded"
    assert web.page.locator(f"{LOG} li").first.inner_text() == first
    roll_button(web, "3d6").click()  # rolls on the new page go to the same log
    web.page.wait_for_function(
        "document.querySelectorAll('.rb-roll-log li[data-state=done]').length === 2"
    )
    assert web.log.errors() == []


def test_on_a_calculator_page_a_roll_uses_the_page_s_engine(web: Any) -> None:
    web.goto("arts/dice/")
    wait_live(web, "arts.contest")
    roll_button(web, "2d6").click()
    last_roll(web)
    # The page's own requests (the service worker's, keeping files offline, are apart).
    workers = [url for url in web.log.requests if url.endswith("/assets/calc-worker.js")]
    runtimes = [url for url in web.pyodide_requests() if url.endswith("pyodide.asm.wasm")]
    assert len(workers) == 1 and len(runtimes) == 1, (workers, runtimes)


def test_when_the_engine_cannot_start_the_log_says_so(web: Any) -> None:
    web.context.route("**/pyodide/**", lambda route: route.abort())
    web.goto(PLAIN)
    roll_button(web, "1d6").click()
    item = last_roll(web, "failed")
    assert "could not roll it" in item.inner_text()
    assert "computed when the site was built" in item.inner_text()
