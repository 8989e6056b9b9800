"""Calculator pages in real Chromium: live results, shared links, bad input, offline, no JS."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest

import calculators
from calculators.present import render_output
from macros.render.forms import dom_id
from tests.browser.harness import start_theme
from tests.test_calculators import REQUIRED

ROOT = Path(__file__).resolve().parents[2]
SCALARS = ("int", "number", "fraction", "bool", "text")


def text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def changed_value(calc_id: str) -> tuple[str, str]:
    """One input of the calculator and a valid value other than its default."""
    calc = calculators.get(calc_id)
    for spec in calc.inputs:
        if spec.kind == "int" and spec.default is not None:
            value = spec.default + 1
            if spec.max is not None and value > spec.max:
                value = spec.default - 1
            try:
                calculators.run(calc_id, {spec.name: value})
            except calculators.InputError:
                continue
            return spec.name, str(value)
    for spec in calc.inputs:
        if spec.kind == "bool":
            return spec.name, "false" if spec.default else "true"
    raise AssertionError(f"{calc_id}: no input to change")


def wait_for_answer(web: Any, calc_id: str, before: int) -> None:
    selector = f"#{dom_id(calc_id)}"
    web.page.wait_for_function(
        "([sel, n]) => Number(document.querySelector(sel).dataset.answers || 0) > n",
        arg=[selector, before],
    )


def answers(web: Any, calc_id: str) -> int:
    value = web.page.get_attribute(f"#{dom_id(calc_id)}", "data-answers")
    return int(value or 0)


def shown(web: Any, calc_id: str, output: str) -> str:
    cell = web.page.locator(f"#{dom_id(calc_id)} .rb-result [data-output='{output}'] dd")
    return " ".join(cell.inner_text().split())


def expected(calc_id: str, inputs: dict[str, Any]) -> dict[str, str]:
    calc = calculators.get(calc_id)
    result = calculators.run(calc_id, inputs)
    return {
        o.name: text_of(re.search(r"<dd>(.*)</dd>", render_output(o, result[o.name], "x")).group(1))
        for o in calc.outputs
        if o.kind in SCALARS and result.get(o.name) is not None
    }


def wait_live(web: Any, calc_id: str) -> None:
    web.page.wait_for_selector(f"#{dom_id(calc_id)}[data-state=live]")


def open_form(web: Any, calc_id: str) -> None:
    """Put the calculator's form in place as a reader does, if it is still folded."""
    folded = web.page.locator(f"#{dom_id(calc_id)} .rb-open-form")
    if folded.count() and folded.is_visible():
        folded.click()
    web.page.wait_for_selector(f"#{dom_id(calc_id)} form.rb-calc-form")


#: Systems with a calculators page (the dice roller of any system has test_roller.py).
SYSTEMS = sorted({calc_id.partition(".")[0] for calc_id, _, _ in REQUIRED} - {"dice"})


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_required_calculator_computes_a_changed_input(web: Any, system: str) -> None:
    web.goto(f"{system}/calculators/")
    for calc_id in [c for c, _, _ in REQUIRED if c.startswith(system + ".")]:
        wait_live(web, calc_id)
        open_form(web, calc_id)
        name, value = changed_value(calc_id)
        before = answers(web, calc_id)
        field = web.page.locator(f"#{dom_id(calc_id)}-{name}")
        if name in [s.name for s in calculators.get(calc_id).inputs if s.kind == "bool"]:
            field.set_checked(value == "true")
        else:
            field.fill(value)
        wait_for_answer(web, calc_id, before)
        want = expected(calc_id, {name: value})
        assert want, f"{calc_id} has no scalar output to compare"
        for output, text in want.items():
            assert shown(web, calc_id, output) == text, (calc_id, name, value, output)
    assert web.log.external(web.base_url) == []
    assert web.log.errors() == []


def test_a_shared_link_restores_its_inputs(web: Any) -> None:
    web.goto("arts/dice/?calc=arts.contest&attacker=3&boons=1&defender_banes=2")
    wait_live(web, "arts.contest")
    uid = dom_id("arts.contest")
    assert web.page.input_value(f"#{uid}-attacker") == "3"
    assert web.page.input_value(f"#{uid}-boons") == "1"
    want = expected("arts.contest", {"attacker": 3, "boons": 1, "defender_banes": 2})
    for output, text in want.items():
        assert shown(web, "arts.contest", output) == text


def test_changing_an_input_updates_the_link(web: Any) -> None:
    web.goto("arts/combat/#calc-arts-incapacity")  # a link to it
    wait_live(web, "arts.incapacity")
    before = answers(web, "arts.incapacity")
    web.page.fill(f"#{dom_id('arts.incapacity')}-load", "4")
    wait_for_answer(web, "arts.incapacity", before)
    assert "calc=arts.incapacity" in web.page.url and "load=4" in web.page.url


def test_a_bad_parameter_gets_a_message_at_its_field(web: Any) -> None:
    web.goto("arts/dice/?calc=arts.contest&attacker=abc")
    uid = dom_id("arts.contest")
    error = web.page.locator(f"#{uid}-attacker-error")
    error.wait_for(state="visible")
    with pytest.raises(calculators.InputError) as caught:
        calculators.run("arts.contest", {"attacker": "abc"})
    assert error.inner_text() == caught.value.message
    assert web.page.get_attribute(f"#{uid}-attacker", "aria-invalid") == "true"
    assert web.page.locator(f"#{uid} .rb-result .rb-out").count() > 0
    assert web.log.errors() == []


@pytest.mark.parametrize(
    "payload",
    [
        "<img src=x onerror=window.__pwned=1>",
        "<script>window.__pwned=1</script>",
        '"><svg onload=window.__pwned=1>',
    ],
)
def test_markup_in_a_parameter_is_text_and_never_runs(web: Any, payload: str) -> None:
    from urllib.parse import quote

    web.goto(f"arts/dice/?calc=arts.contest&attacker_dice={quote(payload)}")
    uid = dom_id("arts.contest")
    error = web.page.locator(f"#{uid}-attacker_dice-error")
    error.wait_for(state="visible")
    assert "must be a whole number" in error.inner_text()
    assert web.page.input_value(f"#{uid}-attacker_dice") == payload
    assert web.page.evaluate("window.__pwned") is None
    assert (
        web.page.locator(f"#{uid} img, #{uid} svg[onload], #{uid} .rb-result script").count() == 0
    )
    assert not any(url.endswith("/x") for url in web.log.requests)


def test_a_page_without_calculator_loads_no_pyodide(web: Any) -> None:
    web.goto("arts/glossary/")
    web.page.wait_for_timeout(1500)
    assert web.pyodide_requests() == []
    assert web.log.errors() == []


#: Whether the theme's bundle had run when the first calculator went live.
THEME_AT_FIRST_ANSWER = """
new MutationObserver((_, observer) => {
  if (document.querySelector(".rb-calc[data-state=live]")) {
    window.rbThemeAtFirstAnswer = Boolean(window.document$);
    observer.disconnect();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
"""


def test_on_a_calculator_page_the_theme_starts_when_the_reader_first_acts(web: Any) -> None:
    web.context.add_init_script(THEME_AT_FIRST_ANSWER)
    web.goto("glittershard/calculators/?calc=glittershard.character&bwn=5")
    web.page.wait_for_function("window.rbThemeAtFirstAnswer !== undefined")
    assert web.page.evaluate("window.rbThemeAtFirstAnswer") is False
    web.page.wait_for_timeout(1500)  # the answer shown, the reader reads: still no theme
    assert web.page.evaluate("Boolean(window.document$)") is False
    start_theme(web.page)  # the reader's first move starts it; then the theme is up:
    web.page.evaluate("window.rbSamePage = true")
    # Instant navigation (the theme makes the links absolute): no new page.
    web.page.locator("a.md-nav__link[href$='/glittershard/combat/']").first.click()
    web.page.wait_for_url("**/glittershard/combat/")
    assert web.page.evaluate("window.rbSamePage") is True
    web.page.wait_for_selector(".rb-calc[data-state=live]")
    assert web.log.errors() == []


#: The calculators that showed the engine's progress (``data-state=loading``) while it booted.
LOADING_SEEN = """
window.rbLoadingSeen = [];
new MutationObserver((records) => {
  for (const { target } of records) {
    const id = target.dataset.calc;
    if (target.dataset.state === "loading" && !window.rbLoadingSeen.includes(id)) {
      window.rbLoadingSeen.push(id);
    }
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
"""


def test_while_the_engine_boots_only_the_linked_calculator_shows_progress(web: Any) -> None:
    """The others keep the build's result and their place: no progress bar, no relayout."""
    web.context.add_init_script(LOADING_SEEN)
    web.goto("glittershard/calculators/?calc=glittershard.damage&attack_roll=14")
    ids = web.page.eval_on_selector_all(".rb-calc", "els => els.map((el) => el.dataset.calc)")
    assert len(ids) > 5
    for calc_id in ids:
        wait_live(web, calc_id)
    assert set(web.page.evaluate("window.rbLoadingSeen")) <= {"glittershard.damage"}
    statuses = web.page.eval_on_selector_all(
        ".rb-calc .rb-status", "els => els.map((e) => e.textContent)"
    )
    assert statuses == ["Live result for the inputs above."] * len(ids)
    assert web.log.errors() == []


def test_a_calculator_the_reader_touches_while_the_engine_boots_shows_progress(web: Any) -> None:
    web.context.add_init_script(LOADING_SEEN)
    web.goto("glittershard/how_to_play/")
    web.page.wait_for_timeout(500)
    assert web.pyodide_requests() == []  # no calculator near the screen: no engine yet
    # A keyboard reader reaches its folded form's button: that starts the engine.
    web.page.focus(f"#{dom_id('glittershard.task')} .rb-open-form")
    for calc_id in ("glittershard.d6_check", "glittershard.task"):
        wait_live(web, calc_id)
    assert web.page.evaluate("window.rbLoadingSeen") == ["glittershard.task"]
    assert web.log.errors() == []


def test_a_page_without_calculator_starts_the_theme_at_the_readers_first_move(
    web: Any,
) -> None:
    web.goto("arts/glossary/")
    web.page.wait_for_timeout(1000)  # the reader reads: the theme is fetched, not run
    no_js = "document.documentElement.classList.contains('no-js')"
    assert web.page.evaluate("Boolean(window.document$)") is False
    assert web.page.evaluate(no_js) is True
    start_theme(web.page)
    assert web.page.evaluate(no_js) is False
    assert web.log.errors() == []


def test_instant_navigation_between_calculator_pages_reuses_the_worker(web: Any) -> None:
    web.goto("arts/dice/")
    wait_live(web, "arts.contest")
    start_theme(web.page)  # the theme starts on the reader's first move
    web.page.click("a.md-nav__link[href$='combat/']")
    web.page.wait_for_url("**/arts/combat/")
    wait_live(web, "arts.incapacity")
    open_form(web, "arts.incapacity")  # not the page's first: its form is folded
    before = answers(web, "arts.incapacity")
    web.page.fill(f"#{dom_id('arts.incapacity')}-tolerance", "8")
    wait_for_answer(web, "arts.incapacity", before)
    want = expected("arts.incapacity", {"tolerance": 8})
    assert shown(web, "arts.incapacity", "p_incapacitated") == want["p_incapacitated"]
    wasm = [u for u in web.pyodide_requests() if u.endswith("pyodide.asm.wasm")]
    assert len(wasm) == 1, wasm
    assert web.log.errors() == []


def test_the_roll_button_rolls_with_a_shown_seed_and_logs_it(web: Any) -> None:
    web.goto("arts/dice/")
    wait_live(web, "arts.contest")
    uid = dom_id("arts.contest")
    before = answers(web, "arts.contest")
    web.page.click(f"#{uid} [data-action=roll]")
    wait_for_answer(web, "arts.contest", before)
    seed = web.page.input_value(f"#{uid}-seed")
    assert seed.isdigit()
    assert f"seed={seed}" in web.page.url
    result = calculators.run("arts.contest", {"seed": seed})
    outcome = result["result"]["outcome"]
    assert outcome in web.page.locator(f"#{uid} .rb-result").inner_text()
    assert web.page.locator(f"#{uid} .rb-log li").first.inner_text().startswith(f"Seed {seed}")


def test_without_javascript_the_prerendered_result_is_there(new_web: Any) -> None:
    web = new_web(java_script_enabled=False)
    web.goto("arts/dice/")
    want = expected("arts.contest", {})
    for output, text in want.items():
        assert shown(web, "arts.contest", output) == text
    assert web.pyodide_requests() == []


def test_when_pyodide_cannot_load_the_form_says_so(web: Any) -> None:
    web.context.route("**/pyodide/**", lambda route: route.abort())
    web.goto("arts/combat/#calc-arts-incapacity")  # a link to it
    calc = f"#{dom_id('arts.incapacity')}"
    web.page.wait_for_selector(f"{calc}[data-state=failed]")
    assert "unavailable" in web.page.inner_text(f"{calc} .rb-status")
    want = expected("arts.incapacity", {})
    assert shown(web, "arts.incapacity", "p_incapacitated") == want["p_incapacitated"]
