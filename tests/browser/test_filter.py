"""Filtering and sorting a page's lists in real Chromium (macros/assets/filter.js).

Typing into a glossary's box shows only the entries holding the words (case and
accents aside), says how many in a live status and keeps the words in the URL, which
brings them back on load; the sort reorders the entries; Escape clears; a list of
abilities hides the headings left without one; a table of skills filters by row.
Without JavaScript the controls stay hidden and every entry shows; so in print.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

from macros.render.filtering import ITEM_KINDS
from tests.browser.conftest import Web
from tests.browser.harness import SEARCH_READY, start_theme
from tests.test_filter import DATA

ITEMS = "[data-rb-filter-item]"
GLOSSARY = [e.name for e in DATA.page("arts/glossary.md").entries if e.kind in ITEM_KINDS]
ABILITIES = [e.name for e in DATA.page("arts/abilities.md").entries if e.kind == "ability"]


def ability_groups() -> list[list[str]]:
    """The abilities under each heading of the ability list, in the data's order."""
    groups: list[list[str]] = [[]]
    for entry in DATA.page("arts/abilities.md").entries:
        if entry.kind == "section":
            groups.append([])
        elif entry.kind == "ability":
            groups[-1].append(entry.name)
    return [group for group in groups if group]


ABILITY_GROUPS = ability_groups()


def query(web: Web) -> dict[str, list[str]]:
    """The parameters of the page's URL."""
    return parse_qs(urlsplit(web.page.url).query)


def shown(web: Web) -> list[str]:
    """The names of the visible entries, in the page's order."""
    return web.page.locator(f"{ITEMS}:visible").evaluate_all(
        "els => els.map((el) => el.dataset.name)"
    )


def texts(web: Web, visible: bool) -> list[str]:
    """The text of the visible (or hidden) entries."""
    return web.page.locator(ITEMS).evaluate_all(
        "(els, visible) => els.filter((el) => !el.hidden === visible).map((el) => el.textContent)",
        visible,
    )


def reload(web: Web) -> None:
    """Load the page again, once the theme has its search files (else they are cut off).

    The theme starts at the reader's first touch or key (typing in the filter started it)."""
    if web.page.evaluate("window.document$ !== undefined"):
        web.page.wait_for_function(SEARCH_READY)
    web.page.wait_for_load_state("networkidle")
    web.page.reload()


def status(web: Web) -> str:
    return web.page.locator("[data-rb-filter-status]").first.text_content() or ""


def test_typing_filters_the_glossary_and_the_url_keeps_it(web: Web) -> None:
    web.goto("arts/glossary/")
    box = web.page.get_by_label("Filter terms")
    assert box.get_attribute("type") == "search"
    assert box.evaluate("el => getComputedStyle(el).fontSize") == "16px"
    assert box.bounding_box()["height"] >= 44
    assert status(web) == f"{len(GLOSSARY)} terms"
    box.press_sequentially("TOLÉRANCE")  # case and accents aside
    found = shown(web)
    assert {"Fatigue Tolerance", "Stress Tolerance"} <= set(found)
    assert all("tolerance" in text.lower() for text in texts(web, visible=True))
    assert not any("tolerance" in text.lower() for text in texts(web, visible=False))
    assert status(web) == f"{len(found)} of {len(GLOSSARY)} terms"
    live = web.page.locator("[data-rb-filter-status]").first
    assert live.get_attribute("aria-live") == "polite"
    assert query(web) == {"filter": ["TOLÉRANCE"]}

    reload(web)
    assert web.page.get_by_label("Filter terms").input_value() == "TOLÉRANCE"
    assert shown(web) == found
    assert status(web) == f"{len(found)} of {len(GLOSSARY)} terms"

    web.page.get_by_label("Filter terms").press("Escape")
    assert web.page.get_by_label("Filter terms").input_value() == ""
    assert shown(web) == GLOSSARY
    assert query(web) == {}
    assert web.log.errors() == []


def test_the_sort_reorders_the_glossary_and_goes_back(web: Web) -> None:
    web.goto("arts/glossary/")
    sort = web.page.get_by_label("Sort")
    sort.select_option("za")
    assert shown(web) == sorted(GLOSSARY, key=str.casefold, reverse=True)
    assert query(web) == {"sort": ["za"]}
    sort.select_option("az")
    assert shown(web) == sorted(GLOSSARY, key=str.casefold)
    reload(web)
    assert web.page.get_by_label("Sort").input_value() == "az"
    assert shown(web) == sorted(GLOSSARY, key=str.casefold)
    web.page.get_by_label("Sort").select_option("page")
    assert shown(web) == GLOSSARY
    assert query(web) == {}
    assert web.log.errors() == []


def test_a_list_of_abilities_hides_headings_left_empty(web: Web) -> None:
    web.goto("arts/abilities/?filter=shot&sort=za")
    box = web.page.get_by_label("Filter abilities")
    assert box.input_value() == "shot"
    # The theme's search box stays shut (it opens for a ?q=, which the filter leaves alone).
    assert web.page.locator("[data-md-toggle=search]").is_checked() is False
    found = shown(web)
    assert found and all("shot" in text.lower() for text in texts(web, visible=True))
    assert status(web) == f"{len(found)} of {len(ABILITIES)} abilities"
    groups = web.page.locator("[data-rb-filter-group]")
    headings = groups.locator("h3:visible").evaluate_all("els => els.map((el) => el.id)")
    assert headings == ["arts-abilities_archery"]
    assert found == sorted(found, key=str.casefold, reverse=True)  # Z–A under its heading
    box.press("Escape")
    assert shown(web) == [
        name for group in ABILITY_GROUPS for name in sorted(group, key=str.casefold, reverse=True)
    ]  # under each heading
    assert web.log.errors() == []


def test_a_table_of_skills_filters_by_row(web: Web) -> None:
    web.goto("glittershard/skills/")
    web.page.get_by_label("Filter skills").press_sequentially("animal")
    rows = web.page.locator("tbody tr:visible")
    assert rows.count() >= 1
    assert all("animal" in text.lower() for text in rows.all_text_contents())
    assert status(web).endswith(" of 31 skills")
    assert query(web) == {"filter": ["animal"]}
    assert web.log.errors() == []


def test_instant_navigation_sets_up_the_next_page(web: Web) -> None:
    web.goto("arts/glossary/")
    start_theme(web.page)  # instant navigation is the theme's: up at the reader's first move
    web.page.evaluate("window.__samePage = true")
    web.page.locator(".md-nav__link", has_text="Ability List").first.click()
    web.page.wait_for_url("**/arts/abilities/")
    assert web.page.evaluate("window.__samePage") is True  # no reload: instant navigation
    web.page.get_by_label("Filter abilities").press_sequentially("shot")
    assert status(web).endswith(f" of {len(ABILITIES)} abilities")
    assert query(web) == {"filter": ["shot"]}
    assert web.log.errors() == []


def test_without_javascript_every_entry_shows(new_web: Any) -> None:
    web = new_web(java_script_enabled=False)
    web.goto("arts/glossary/?filter=tolerance")
    assert not web.page.locator(".rb-filter-controls").is_visible()
    assert len(shown(web)) == len(GLOSSARY)


def test_print_shows_every_entry_without_the_controls(web: Web) -> None:
    web.goto("arts/glossary/?filter=tolerance")
    assert len(shown(web)) < len(GLOSSARY)
    web.page.emulate_media(media="print")
    assert not web.page.locator(".rb-filter-controls").is_visible()
    assert len(shown(web)) == len(GLOSSARY)
