"""The dice roller in Chromium: live odds, a link restores it, a mistake named at its field."""

from __future__ import annotations

from typing import Any

import calculators
from macros.render.forms import dom_id
from tests.browser.test_calculators import (
    answers,
    expected,
    open_form,
    shown,
    wait_for_answer,
    wait_live,
)

UID = dom_id("dice.roll")


def test_a_roller_link_restores_its_expression_and_seeded_roll(web: Any) -> None:
    web.goto("dice/?calc=dice.roll&expression=4d6kh3%2B2&seed=7")
    wait_live(web, "dice.roll")
    assert web.page.input_value(f"#{UID}-expression") == "4d6kh3+2"
    web.page.wait_for_function(
        "uid => document.querySelector('#' + uid + ' [data-output=roll]')", arg=UID
    )
    want = calculators.run("dice.roll", {"expression": "4d6kh3+2", "seed": 7})
    assert want["roll"]["shown"] in web.page.inner_text(f"#{UID} [data-output=roll]")
    for output, text in expected("dice.roll", {"expression": "4d6kh3+2"}).items():
        assert shown(web, "dice.roll", output) == text
    assert web.log.errors() == []


def test_typing_an_expression_shows_its_exact_odds(web: Any) -> None:
    web.goto("space_shard/calculators/")
    wait_live(web, "dice.roll")
    open_form(web, "dice.roll")  # the last of the page: its form is folded
    before = answers(web, "dice.roll")
    web.page.fill(f"#{UID}-expression", "2d6+5 >= 12")
    wait_for_answer(web, "dice.roll", before)
    assert shown(web, "dice.roll", "mean") == "7/12"
    assert "expression=2d6" in web.page.url


def test_a_broken_expression_is_named_at_its_field(web: Any) -> None:
    web.goto("dice/")
    wait_live(web, "dice.roll")
    web.page.fill(f"#{UID}-expression", "2d")
    error = web.page.locator(f"#{UID}-expression-error")
    error.wait_for(state="visible")
    assert error.inner_text() == "expected a number after 'd' at 3"
    assert web.log.errors() == []
