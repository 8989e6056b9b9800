"""Folded forms and outputs in Chromium: what waits in a template comes when it is needed.

A calculator's form is in a ``<template>`` (macros/render/forms.py): the one a link names
(else a page's only one) is put in place while the page is parsed; the others when the
reader scrolls towards them (before they are on screen) or presses "Change the inputs".
Long outputs open on request and stay open across answers (calculators/present.py).
"""

from __future__ import annotations

from typing import Any

import pytest

import calculators
from macros.render.forms import dom_id
from tests.browser.harness import THEME_READY, start_theme
from tests.browser.test_calculators import answers, expected, shown, wait_for_answer, wait_live

PHONE = {"viewport": {"width": 412, "height": 823}, "is_mobile": True, "has_touch": True}
#: Layout shifts of the page's content that the reader did not cause, summed (the Layout
#: Instability API; the theme's header, which starts at the reader's first move, is not
#: what is tested here).
SHIFTS = """
window.rbShifts = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const content = (entry.sources || []).some((s) => s.node && s.node.closest?.(".md-content"));
    if (!entry.hadRecentInput && content) window.rbShifts += entry.value;
  }
}).observe({ type: "layout-shift", buffered: true });
"""


def has_form(web: Any, calc_id: str) -> bool:
    return web.page.locator(f"#{dom_id(calc_id)} form.rb-calc-form").count() == 1


def button(web: Any, calc_id: str) -> Any:
    return web.page.locator(f"#{dom_id(calc_id)} .rb-open-form")


def test_the_linked_calculator_has_its_form_and_the_others_wait_folded(web: Any) -> None:
    web.goto("glittershard/calculators/?calc=glittershard.damage&attack_roll=14")
    wait_live(web, "glittershard.damage")
    uid = dom_id("glittershard.damage")
    assert web.page.input_value(f"#{uid}-attack_roll") == "14"
    assert button(web, "glittershard.damage").count() == 0
    want = expected("glittershard.damage", {"attack_roll": 14})
    for output, text in want.items():
        assert shown(web, "glittershard.damage", output) == text
    for other in ("glittershard.character", "glittershard.fall", "dice.roll"):
        assert not has_form(web, other), other
        assert button(web, other).get_attribute("hidden") is None, other
        assert "Worked out for the default inputs" in web.page.inner_text(f"#{dom_id(other)}")
    assert web.log.errors() == []


def test_change_the_inputs_puts_the_form_in_place_and_it_answers(web: Any) -> None:
    web.goto("glittershard/calculators/")
    assert not has_form(web, "glittershard.character")  # the first of twelve: folded too
    assert button(web, "glittershard.character").is_visible()
    calc = "glittershard.fall"
    wait_live(web, calc)
    assert not has_form(web, calc)
    button(web, calc).click()
    assert has_form(web, calc)
    first = calculators.get(calc).inputs[0].name
    assert web.page.evaluate("document.activeElement.id") == f"{dom_id(calc)}-{first}"
    assert button(web, calc).count() == 0  # the folded part is gone
    name = next(s.name for s in calculators.get(calc).inputs if s.kind == "int")
    value = str(calculators.get(calc).input(name).default + 1)
    before = answers(web, calc)
    web.page.fill(f"#{dom_id(calc)}-{name}", value)
    wait_for_answer(web, calc, before)
    for output, text in expected(calc, {name: value}).items():
        assert shown(web, calc, output) == text
    assert f"calc={calc}" in web.page.url and f"{name}={value}" in web.page.url
    assert web.log.errors() == []


def test_forms_come_before_the_reader_scrolls_to_them_and_nothing_moves(new_web: Any) -> None:
    web = new_web(**PHONE)
    web.page.add_init_script(SHIFTS)
    web.goto("glittershard/how_to_play/")
    calcs = web.page.eval_on_selector_all(".rb-calc", "(els) => els.map((el) => el.dataset.calc)")
    assert len(calcs) > 1 and not any(has_form(web, c) for c in calcs)
    web.page.wait_for_timeout(500)
    assert not any(has_form(web, c) for c in calcs)  # nothing until the reader moves
    seen = set()
    for _ in range(400):
        web.page.mouse.wheel(0, 400)
        web.page.wait_for_timeout(30)
        on_screen = web.page.evaluate(
            """() => [...document.querySelectorAll('.rb-calc')]
                 .filter((el) => el.querySelector('.rb-calc-inputs')
                                   .getBoundingClientRect().top < innerHeight)
                 .map((el) => [el.dataset.calc, Boolean(el.querySelector('form'))])"""
        )
        for calc, formed in on_screen:
            if calc not in seen:
                assert formed, f"{calc}: its inputs came on screen folded"
                seen.add(calc)
        if len(seen) == len(calcs):
            break
    assert seen == set(calcs)
    assert web.page.evaluate("window.rbShifts") == 0
    assert web.log.errors() == []


@pytest.mark.parametrize("fragment", ["calc-glittershard-fall", "calc-glittershard-fall-title"])
def test_the_browsers_jump_to_a_fragment_is_not_the_readers_move(
    new_web: Any, fragment: str
) -> None:
    # A link to a calculator far down the page: the browser scrolls to it while the page
    # loads. That scroll starts neither the theme nor the other forms; the reader's does.
    web = new_web(**PHONE)
    web.goto(f"glittershard/calculators/?calc=glittershard.fall#{fragment}")
    wait_live(web, "glittershard.fall")
    web.page.wait_for_timeout(500)  # the jump's scroll events have come by now
    assert web.page.evaluate("scrollY") > 2000  # the jump was made
    assert has_form(web, "glittershard.fall")
    assert web.page.locator("form.rb-calc-form").count() == 1  # the others wait
    assert web.page.evaluate("window.document$") is None  # the theme waits
    web.page.mouse.wheel(0, -300)
    web.page.wait_for_function(THEME_READY)
    assert web.log.errors() == []


def test_without_its_script_calculator_js_folds_as_the_script_would(web: Any) -> None:
    # A page shown by the theme's instant navigation may not run the calculators' scripts.
    web.page.add_init_script(
        "Object.defineProperty(window, 'rbCalcInputs', {get: () => undefined, set: () => {}})"
    )
    web.goto("glittershard/calculators/?calc=glittershard.fall&units=5")
    wait_live(web, "glittershard.fall")
    assert has_form(web, "glittershard.fall")
    assert web.page.input_value(f"#{dom_id('glittershard.fall')}-units") == "5"
    assert not has_form(web, "glittershard.character")
    assert button(web, "glittershard.character").is_visible()
    web.goto("dice/")  # a page's only calculator
    assert has_form(web, "dice.roll")
    assert button(web, "dice.roll").count() == 0
    wait_live(web, "dice.roll")
    # A link to a calculator's title (the table of contents' link) names it, as it does
    # for the script: one rule for both (rbCalcMine, macros/theme/main.html).
    web.goto(f"glittershard/calculators/#{dom_id('glittershard.fall')}-title")
    wait_live(web, "glittershard.fall")
    assert has_form(web, "glittershard.fall")
    assert not has_form(web, "glittershard.damage")
    assert web.log.errors() == []


def test_a_page_shown_by_instant_navigation_folds_by_its_own_count(web: Any) -> None:
    # The script's rule counts the calculators of the page shown, not of the first page.
    web.goto("arts/combat/")  # several calculators, none linked: all folded
    assert not has_form(web, "arts.incapacity")
    start_theme(web.page)  # the theme starts on the reader's first move
    web.page.evaluate("window.__samePage = true")
    # The site's top-level dice roller, from the navigation (in a folded section).
    web.page.evaluate(
        "[...document.querySelectorAll('a.md-nav__link')]"
        ".find((a) => a.href === new URL('../../dice/', location.href).href).click()"
    )
    web.page.wait_for_url("**/dice/")
    wait_live(web, "dice.roll")
    assert web.page.evaluate("window.__samePage") is True  # no reload: instant navigation
    assert has_form(web, "dice.roll")
    assert not button(web, "dice.roll").is_visible()
    assert web.log.errors() == []


def test_a_long_output_opens_on_request_and_stays_open_across_answers(web: Any) -> None:
    calc = "glittershard.character"
    web.goto(f"glittershard/calculators/#{dom_id(calc)}")  # a link to it: its form is there
    wait_live(web, calc)
    uid = dom_id(calc)
    rows = web.page.locator(f"#{uid} [data-output='skills'] table tr")
    assert rows.count() == 0
    web.page.click(f"#{uid} [data-output='skills'] summary")
    skills = calculators.run(calc, {})["skills"]
    rows.first.wait_for()
    assert rows.count() == len(skills)
    inputs = calculators.get(calc).inputs
    name = next(s for s in inputs if s.kind == "int" and s.default is not None)
    changed = str(name.default + 1)
    before = answers(web, calc)
    web.page.fill(f"#{uid}-{name.name}", changed)
    wait_for_answer(web, calc, before)
    assert web.page.locator(f"#{uid} [data-output='skills'] details[open]").count() == 1
    rows.first.wait_for()
    assert rows.count() == len(calculators.run(calc, {name.name: changed})["skills"])
    assert web.log.errors() == []


def test_without_javascript_the_inputs_used_are_shown_and_no_dead_button(new_web: Any) -> None:
    web = new_web(java_script_enabled=False)
    web.goto("glittershard/calculators/")
    for calc_id in ("glittershard.character", "glittershard.damage"):
        text = web.page.inner_text(f"#{dom_id(calc_id)}")
        assert "Worked out for the default inputs" in text
        assert not button(web, calc_id).is_visible()
        assert not has_form(web, calc_id)
