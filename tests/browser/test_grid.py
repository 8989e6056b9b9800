"""The grid calculators in Chromium: the picture of the squares is drawn by the engine in
the page as the inputs change (every grid calculator's numbers are checked with the others
in test_calculators.py, from the contract)."""

from __future__ import annotations

from typing import Any

import calculators
from calculators.grid.picture import picture_text
from macros.render.forms import dom_id
from tests.browser.test_calculators import answers, wait_for_answer, wait_live


def test_the_picture_follows_the_inputs(web: Any) -> None:
    calc = "arts.area"
    web.goto(f"arts/combat/#{dom_id(calc)}")  # linked: the engine starts at once
    wait_live(web, calc)
    shaded = web.page.locator(f"#{dom_id(calc)} .rb-result td.rb-grid-in")
    assert shaded.count() == 4  # the default Area 2
    before = answers(web, calc)
    web.page.locator(f"#{dom_id(calc)}-shape").select_option("aura")
    wait_for_answer(web, calc, before)
    assert shaded.count() == 25  # Aura 2: 5 by 5
    rows = web.page.locator(f"#{dom_id(calc)} .rb-result .rb-grid-table tbody tr")
    want = picture_text(calculators.run(calc, {"shape": "aura"})["grid"]).splitlines()
    assert rows.count() == len(want)
    assert web.log.errors() == []
