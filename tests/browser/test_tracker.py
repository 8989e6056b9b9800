"""The encounter trackers in Chromium (issue #11): a three-round encounter with a reload,
export and re-import, undo twice; refused actions at their field; every system's tracker
live; a 390 px screen; the keyboard alone; offline from a shared link.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from calculators.books import installed
from calculators.tracker import engine, handle, has_tracker
from tests.browser.conftest import Reader, Web
from tests.browser.test_builders import FOCUSED
from tests.browser.test_offline import DONE, READY

ROOT = ".rb-tracker"
#: The books with a tracker, found as the engine finds them (their packages).
SYSTEMS = [s for s in installed() if has_tracker(s)]


def errors(web: Web) -> list[str]:
    """The page's errors; a request the browser aborted because the test navigated away
    (the theme's favicon or search worker files) is not one."""
    return [e for e in web.log.errors() if not e.endswith("net::ERR_ABORTED")]


def settle(page: Any) -> None:
    """Wait until every action sent has been answered and drawn."""
    page.wait_for_function("s => document.querySelector(s).dataset.busy === 'false'", arg=ROOT)


def open_tracker(web: Web | Reader, system: str, query: str = "") -> None:
    web.goto(f"{system}/tracker/{query}")
    web.page.wait_for_selector(f"{ROOT}[data-state=live]")
    settle(web.page)


def submit(web: Web | Reader, form: str, **fields: Any) -> None:
    """Fill a form's fields (by name), press its button and wait for the answer."""
    page = web.page
    for name, value in fields.items():
        control = page.locator(f"#{form} [name='{name}']")
        if control.evaluate("e => e.tagName") == "SELECT":
            control.select_option(str(value))
        else:
            control.fill(str(value))
    page.click(f"#{form} button[type=submit]")
    settle(page)


def where(web: Web | Reader) -> str:
    return web.page.inner_text(".rb-tr-where")


def log_texts(web: Web | Reader) -> list[str]:
    return web.page.locator(".rb-tr-log li").all_inner_texts()


def stored(web: Web | Reader, system: str) -> dict[str, Any]:
    """The encounter on screen as the reader's library (IndexedDB) holds it."""
    return web.page.evaluate(
        """async (s) => {
            const id = document.querySelector('.rb-tracker').dataset.entry;
            return (await rbLibrary.shelf('encounter', s).get(id)).doc;
        }""",
        system,
    )


def link_of(doc: dict[str, Any]) -> str:
    """The ``?e=`` value tracker.js writes: base64url JSON of the state and log."""
    raw = json.dumps({"state": doc["state"], "log": doc["log"]}).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def test_three_rounds_with_reload_export_import_and_undo(web: Web, tmp_path: Path) -> None:
    """Pendragon, two creatures, three rounds; the core's rules show in the page's log."""
    page = web.page
    open_tracker(web, "pendragon")
    submit(web, "act-add", name="Kira", initiative=15, hp=5, spirit=3)
    submit(web, "act-add", name="Orc", initiative=9, hp=8, spirit=1, body=1)
    assert page.locator(".rb-tr-card").count() == 2
    submit(web, "act-all-start")
    assert where(web) == "Round 1 · Kira's turn"

    # Kira acts: a standard action, then a full-round action is refused at its field.
    submit(web, "act-c1-act", kind="standard")
    submit(web, "act-c1-act", kind="full-round")
    error = page.locator("#act-c1-act .rb-error")
    assert "A Turn cannot hold standard, full-round" in error.inner_text()
    assert page.get_attribute("#act-c1-act-kind", "aria-invalid") == "true"

    # Kira hits the Orc for 9: 8 Damage Tokens, 1 Wound, a Spirit check against 19 (+1).
    submit(web, "act-c2-damage", amount=9)
    card = page.locator("#card-c2")
    assert "Spirit check to stay conscious (Difficulty 19, +1 for the wound penalty)" in (
        card.inner_text()
    )
    submit(web, "act-c2-enter-0", result=12)
    assert "Unconscious" in card.locator(".rb-tr-conditions").inner_text()
    submit(web, "act-all-next")
    assert where(web) == "Round 1 · Orc's turn"
    assert "Orc is unconscious and may attempt to rally once this round." in log_texts(web)[0]
    submit(web, "act-all-next")
    assert where(web) == "Round 2 · Kira's turn"

    # Reload in the middle: the encounter, its log and its undo steps are all back.
    before = (where(web), log_texts(web))
    undo_steps = len(stored(web, "pendragon")["undo"])
    page.reload()
    page.wait_for_selector(f"{ROOT}[data-state=live]")
    settle(page)
    assert (where(web), log_texts(web)) == before
    assert len(stored(web, "pendragon")["undo"]) == undo_steps
    assert page.is_enabled(f"{ROOT} button[data-action=undo]")

    submit(web, "act-all-next")  # the Orc's turn in round 2: it rallies on a 10
    submit(web, "act-c2-enter-0", result=11)
    assert "Orc rallies and may act as normal during subsequent turns." in " ".join(log_texts(web))
    submit(web, "act-all-next")
    assert where(web) == "Round 3 · Kira's turn"

    # Export, start a new encounter, import: round 3 is back.
    with page.expect_download() as download:
        page.click(f"{ROOT} button[data-action=export]")
    path = tmp_path / "encounter.json"
    download.value.save_as(path)
    exported = json.loads(path.read_text())
    assert exported["state"]["round"] == 3
    page.click(f"{ROOT} button[data-action=new]")
    settle(page)
    assert page.locator(".rb-tr-card").count() == 0
    page.set_input_files(f"{ROOT} input[data-action=import]", str(path))
    page.wait_for_function(
        "() => document.querySelector('.rb-tr-where').innerText.includes('Round 3')"
    )
    settle(page)
    assert where(web) == "Round 3 · Kira's turn"
    assert page.locator(".rb-tr-card").count() == 2

    # A damaged file is refused with its field named; the encounter stays.
    broken = json.loads(path.read_text())
    broken["state"]["creatures"]["c2"]["damage"] = 99
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken))
    page.set_input_files(f"{ROOT} input[data-action=import]", str(bad))
    page.wait_for_function("() => document.querySelector('.rb-tracker').dataset.rejected")
    status = page.inner_text(".rb-tr-status")
    assert "field “state.creatures.c2.damage”" in status, status
    assert where(web) == "Round 3 · Kira's turn"

    # Undo twice: back to the Orc's turn before its last turn ended, exactly.
    undo_target = exported["undo"][-2]["state"]
    page.click(f"{ROOT} button[data-action=undo]")
    settle(page)
    page.click(f"{ROOT} button[data-action=undo]")
    settle(page)
    now = stored(web, "pendragon")
    assert now["state"] == undo_target
    assert where(web) == "Round 2 · Orc's turn"
    page.click(f"{ROOT} button[data-action=redo]")
    settle(page)
    assert stored(web, "pendragon")["state"] == exported["undo"][-1]["state"]
    assert errors(web) == []


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_tracker_runs_a_round(web: Web, system: str) -> None:
    """Each system: two example creatures, a start and two turns, as the core says."""
    module = engine(system)
    open_tracker(web, system)
    for i, creature in enumerate(module.EXAMPLES[:2]):
        fields = {k: v for k, v in creature.items() if not isinstance(v, bool)}
        submit(web, "act-add", initiative=20 - i, **fields)
    submit(web, "act-all-start")
    submit(web, "act-all-next")
    assert where(web).startswith("Round 1 ·")
    # The page shows exactly what the core makes of the same actions.
    doc = stored(web, system)
    assert handle({"op": "load", "system": system, "doc": doc})["ok"]
    assert web.page.locator(".rb-tr-card").count() == 2
    assert web.page.locator(".rb-tr-rules tbody tr").count() >= len(module.RULES)
    assert errors(web) == []


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_first_answer_leaves_the_encounter_the_page_was_built_with(
    new_web: Callable[..., Web], system: str
) -> None:
    """The page is built with the empty encounter; the engine's first answer (the same
    encounter) rewrites none of the tracker's drawn parts, so nothing is laid out again.
    The next answers are drawn."""
    web = new_web()
    web.context.add_init_script(
        """document.addEventListener("DOMContentLoaded", () => {
          const el = document.querySelector(".rb-tracker");
          window.rbWrites = 0;
          const count = new MutationObserver((seen) => { window.rbWrites += seen.length; });
          el.querySelectorAll(".rb-tr-toolbar, .rb-tr-cards, .rb-tr-log-body, "
            + ".rb-tr-settings-body").forEach((part) =>
            count.observe(part, { childList: true, subtree: true, characterData: true }));
        });"""
    )
    open_tracker(web, system)
    assert web.page.evaluate("() => window.rbWrites") == 0
    creature = engine(system).EXAMPLES[0]
    submit(
        web,
        "act-add",
        initiative=12,
        **{k: v for k, v in creature.items() if k != "initiative" and not isinstance(v, bool)},
    )
    assert web.page.locator(".rb-tr-card").count() == 1
    assert web.page.evaluate("() => window.rbWrites") > 0
    assert errors(web) == []


def test_tracker_pages_without_javascript_list_their_rules(new_web: Callable[..., Web]) -> None:
    web = new_web(java_script_enabled=False)
    for system in SYSTEMS:
        web.goto(f"{system}/tracker/")
        rows = web.page.locator(".rb-tr-rules tbody tr")
        assert rows.count() >= len(engine(system).RULES)
        assert "Turn on JavaScript" in web.page.inner_text(".rb-tr-status")
    assert web.pyodide_requests() == []


#: Every control of the tracker a finger can reach, with its height and its text size.
CONTROLS = """() => [...document.querySelectorAll(
    '.rb-tracker button, .rb-tracker input:not([type=file]):not([type=checkbox]),'
    + ' .rb-tracker select, .rb-tracker summary')]
  .filter((e) => e.offsetParent !== null)
  .map((e) => ({ what: e.outerHTML.slice(0, 80), height: e.getBoundingClientRect().height,
                 font: parseFloat(getComputedStyle(e).fontSize), tag: e.tagName }))"""


@pytest.mark.parametrize("width", [390, 1280])
def test_tracker_on_a_phone_and_a_desktop(
    new_web: Callable[..., Web], width: int, tmp_path: Path
) -> None:
    """At 390 px the creature whose turn it is comes first and the encounter tools take two
    rows; everywhere: 44 px tap targets, 16 px inputs (no zoom on iOS), no sideways scroll.
    The screenshots are kept with the test's files."""
    phone = width == 390
    web = new_web(
        viewport={"width": width, "height": 844 if phone else 900},
        has_touch=phone,
        is_mobile=phone,
    )
    page = web.page
    open_tracker(web, "pendragon")
    submit(web, "act-add", name="Kira", initiative=12)
    submit(web, "act-add", name="Orc", initiative=8)
    submit(web, "act-all-start")
    submit(web, "act-all-next")  # the Orc's turn: the second card in the turn order
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for control in page.evaluate(CONTROLS):
        assert control["height"] >= 44 - 0.5, control
        if control["tag"] in ("INPUT", "SELECT"):
            assert control["font"] >= 16, control
    cards = page.locator(".rb-tr-card")
    first, second = (cards.nth(i).bounding_box() for i in range(2))
    assert first and second
    orc_top = second["y"] if phone else first["y"]
    if phone:
        assert second["y"] < first["y"], "the Orc, whose turn it is, comes first on a phone"
        tools = page.locator(".rb-tr-controls").bounding_box()
        assert tools and tools["height"] <= 2 * 44 + 20, tools
    else:
        assert first["y"] <= second["y"]
    # From the top of the tracker, the current creature is on the first screen (on a
    # phone, with its damage form).
    page.locator(".rb-tracker").evaluate("e => window.scrollTo(0, e.offsetTop - 60)")
    shown = page.locator("#act-c2-damage button" if phone else "#card-c2 h3").bounding_box()
    assert shown and shown["y"] + shown["height"] <= page.viewport_size["height"], shown
    assert orc_top > 0
    page.screenshot(path=str(tmp_path / f"tracker-{width}.png"))
    assert (tmp_path / f"tracker-{width}.png").stat().st_size > 10_000
    assert errors(web) == []


def test_tracker_with_the_keyboard_alone(web: Web) -> None:
    """Tab, typing and Enter only: add two creatures, start, damage, end a turn, undo."""
    page = web.page
    open_tracker(web, "pendragon")

    def tab_to(selector: str, limit: int = 400) -> None:
        for _ in range(limit):
            page.keyboard.press("Tab")
            focused = page.evaluate(FOCUSED.replace(".rb-builder", ".rb-tracker"))
            if focused["inBuilder"]:
                assert focused["ring"], f"no visible focus indicator: {focused}"
            if page.evaluate("s => document.activeElement.matches(s)", selector):
                return
        raise AssertionError(f"Tab never reached {selector}")

    def type_in(text: str) -> None:
        page.keyboard.press("Control+A")
        page.keyboard.type(text)

    for name, initiative in (("Kira", "14"), ("Orc", "7")):
        tab_to("#act-add-name")
        type_in(name)
        page.keyboard.press("Tab")
        type_in(initiative)
        page.keyboard.press("Enter")
        settle(page)
    assert page.locator(".rb-tr-card").count() == 2
    tab_to("#act-all-start button")
    page.keyboard.press("Enter")
    settle(page)
    assert where(web) == "Round 1 · Kira's turn"
    tab_to("#act-c2-damage-amount")
    type_in("3")
    page.keyboard.press("Enter")
    settle(page)
    assert "Orc takes 3 damage" in page.inner_text(".rb-tr-status")
    tab_to("#act-all-next button")
    page.keyboard.press("Enter")
    settle(page)
    assert where(web) == "Round 1 · Orc's turn"
    # After the action, the focus stays on the same button for the next turn.
    assert page.evaluate("document.activeElement.closest('form').id") == "act-all-next"
    tab_to(f"{ROOT} button[data-action=undo]")
    page.keyboard.press("Enter")
    settle(page)
    assert where(web) == "Round 1 · Kira's turn"


def test_tracker_opens_offline_from_a_shared_link(reader: Reader) -> None:
    """After one visit and "Make available offline": a tracker link works with no server."""
    module = engine("pendragon")
    doc = handle({"op": "new", "system": "pendragon"})["doc"]
    for i, creature in enumerate(module.EXAMPLES[:2]):
        action = {"op": "add", "creature": {**creature, "initiative": 10 - i}}
        doc = handle({"op": "act", "system": "pendragon", "doc": doc, "action": action})["doc"]
    reader.goto("pendragon/glossary/")
    assert reader.page.evaluate(READY)
    reader.page.get_by_role("button", name="Make available offline").press("Enter")
    reader.page.wait_for_selector(DONE)
    reader.server.stop()
    open_tracker(reader, "pendragon", f"?e={link_of(doc)}")
    assert "Encounter loaded from the link." in reader.page.inner_text(".rb-tr-status")
    submit(reader, "act-all-start")
    assert where(reader) == "Round 1 · Kira's turn"
    assert reader.errors == []


@pytest.mark.parametrize("system", ["arts", "glittershard"])
def test_a_character_from_the_builder_joins_the_encounter(
    web: Web, system: str, tmp_path: Path
) -> None:
    """The builder's character in this browser, then the same character as a file."""
    from calculators.builders import builder

    page = web.page
    web.goto(f"{system}/builder/")
    page.wait_for_selector(".rb-builder[data-state=live]")
    page.click(".rb-builder button[data-action=example]")
    name = builder(system).example()["name"]
    page.wait_for_function(
        "() => { const el = document.querySelector('.rb-builder');"
        " return el.dataset.busy === 'false' && el.dataset.entry; }"
    )
    saved = page.evaluate("s => rbLibrary.shelf('character', s).list()", system)
    assert [entry["doc"]["name"] for entry in saved] == [name]
    open_tracker(web, system)
    page.click(f"{ROOT} button[data-action=builder]")
    settle(page)
    assert page.locator(".rb-tr-card").count() == 1, page.inner_text(".rb-tr-status")
    assert name in page.inner_text(".rb-tr-card h3")
    path = tmp_path / "character.json"
    path.write_text(json.dumps(builder(system).example()))
    page.set_input_files(f"{ROOT} input[data-action=character-file]", str(path))
    page.wait_for_function("() => document.querySelectorAll('.rb-tr-card').length === 2")
    assert f"Added from {path.name}." in page.inner_text(".rb-tr-status")
    assert errors(web) == []
