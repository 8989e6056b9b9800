"""A calculator as the build renders it: its form folded in a template, long outputs folded.

What a page costs a phone is mostly what it lays out at once: a calculator's form and a
long table or picture wait in a ``<template>`` until needed (the browser side is
tests/browser/test_folded.py).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import calculators
from calculators.builders import builder
from calculators.present import LAZY_ROWS, LAZY_SQUARES, render_result
from macros import RulesData, load_rules
from macros.render.builder import render_builder
from macros.render.forms import dom_id, input_value, render_calculator

ROOT = Path(__file__).resolve().parents[1]
DATA: RulesData = load_rules(ROOT / "rules_data")
CALCS = ["glittershard.damage", "glittershard.character", "arts.contest", "dice.roll"]


def outside_templates(html: str) -> str:
    return re.sub(r"<template.*?</template>", "", html, flags=re.S)


@pytest.mark.parametrize("calc_id", CALCS)
def test_the_form_waits_in_a_template_and_the_inputs_used_are_shown(calc_id: str) -> None:
    html = render_calculator(calc_id, DATA, "x/calculators.md")
    calc = calculators.get(calc_id)
    template = re.search(r"<template class='rb-form'[^>]*>(.*?)</template>", html, re.S)
    assert template, "the form is in a template"
    assert "<template class='rb-form' data-search-exclude>" in html  # not a page's text
    form = template.group(1)
    assert form.startswith("<form class='rb-calc-form'") and form.endswith("</form>")
    for spec in calc.inputs:
        assert f"id='{dom_id(calc_id)}-{spec.name}'" in form
    page = outside_templates(html)
    assert "<input" not in page and "<select" not in page and "<form" not in page
    # Without JavaScript: the inputs the result was worked out for, and no dead button.
    folded = page[page.index("rb-inputs-folded") :]
    for spec in calc.inputs:
        if spec.default is not None:
            assert input_value(spec, spec.default).split()[0] in folded, spec.name
    button = re.search(r"<button[^>]*data-action='open'[^>]*>", page)
    assert button and " hidden" in button.group(0)
    # The script that puts it in place at once when a link names it comes right after it.
    assert "<script>window.rbCalcInputs && rbCalcInputs(document.currentScript)</script>" in page


def test_a_long_map_is_folded_and_a_short_one_is_not() -> None:
    calc = calculators.get("glittershard.character")
    result = calculators.run("glittershard.character", {})
    assert len(result["skills"]) > LAZY_ROWS >= len(result["stats"])
    html = render_result(calc, result, "c")
    skills = re.search(r"data-output='skills'>(.*?)</div>", html, re.S).group(1)
    assert skills.startswith("<dt>Skill values</dt><dd><details class='rb-fold'>")
    assert "<summary>Show: Skill values</summary><template class='rb-rows'><table" in skills
    stats = re.search(r"data-output='stats'>(.*?)</div>", html, re.S).group(1)
    assert "rb-fold" not in stats and "<table class='rb-map'>" in stats
    printed = render_result(calc, result, "c", open_tables=True)
    assert "rb-fold" not in printed and printed.count("<table class='rb-map'>") >= 3


def test_a_big_picture_is_folded_and_a_small_one_is_not() -> None:
    big = calculators.get("glittershard.item_range")
    result = calculators.run("glittershard.item_range", {})
    squares = sum(len(row["cells"]) for row in result["grid"]["rows"])
    assert squares > LAZY_SQUARES
    html = render_result(big, result, "r")
    assert "<details class='rb-fold'><summary>Show: " in html
    assert "<figure class='rb-grid'>" not in outside_templates(html)
    small = calculators.run("arts.area", {})
    assert sum(len(row["cells"]) for row in small["grid"]["rows"]) <= LAZY_SQUARES
    assert "rb-fold" not in render_result(calculators.get("arts.area"), small, "a")


class _Shown(HTMLParser):
    """The value each form control of a page shows as built, by its name."""

    def __init__(self) -> None:
        super().__init__()
        self.shown: dict[str, str] = {}
        self._select = ""
        self._textarea = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        name = a.get("name") or ""
        if tag == "input" and a.get("type") == "checkbox":
            self.shown[name] = "true" if "checked" in a else "false"
        elif tag == "input" and name:
            self.shown[name] = a.get("value") or ""
        elif tag == "select":
            self._select = name
        elif tag == "option" and self._select:
            if self._select not in self.shown or "selected" in a:
                self.shown[self._select] = a.get("value") or ""  # the first, unless one is chosen
        elif tag == "textarea":
            self._textarea = name
            self.shown[name] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = ""
        elif tag == "textarea":
            self._textarea = ""

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self.shown[self._textarea] += data


@pytest.mark.parametrize("system", ["arts", "glittershard"])
def test_a_builder_page_shows_its_blank_characters_form_as_built(system: str) -> None:
    """Before the engine is up (or without JavaScript) the form is the blank character's,
    the same the engine's first answer gives: level 1, not 0 below the field's minimum."""
    module = builder(system)
    expected = module.to_form(module.blank())
    parser = _Shown()
    parser.feed(render_builder(DATA, system, f"{system}/builder.md"))
    shown = {name: value for name, value in parser.shown.items() if name in expected}
    assert shown == {name: expected[name] for name in shown}
    assert len(shown) > 100 if system == "arts" else len(shown) > 50
