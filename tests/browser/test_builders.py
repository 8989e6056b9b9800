"""The character builders (issue #10) in Chromium: every step, link, file, level up, print.

Each builder test builds one character through every step with the keyboard and the
mouse, shares it by URL (a fresh browser context opens the link), exports it to a JSON
file and imports it into a blank browser, rejects a corrupted file without losing the
character, levels it up, and prints the sheet to a one-page PDF.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

from tests.browser.conftest import Web

ARTS = "#builder-arts"
GS = "#builder-glittershard"


def live(web: Web, root: str, answers: int = 1) -> None:
    """Wait until the builder has had ``answers`` answers from the engine."""
    web.page.wait_for_function(
        "([root, n]) => { const el = document.querySelector(root);"
        " return el && el.dataset.state !== 'static' && Number(el.dataset.answers || 0) >= n; }",
        arg=[root, answers],
    )


def settle(web: Web, root: str) -> None:
    """Wait until every change of the form has been answered (the sheet follows the form)."""
    web.page.wait_for_function(
        "root => document.querySelector(root).dataset.busy === 'false'", arg=root
    )


def change(web: Web, root: str, name: str, value: str) -> None:
    """Fill a form field and wait for the sheet to follow."""
    web.page.fill(f"{root} [name='{name}']", value)
    web.page.dispatch_event(f"{root} [name='{name}']", "change")
    settle(web, root)


def tick(web: Web, root: str, name: str, on: bool = True) -> None:
    web.page.set_checked(f"{root} [name='{name}']", on)
    settle(web, root)


def step_status(web: Web, root: str, step: str) -> str:
    return str(web.page.get_attribute(f"{root}-step-{step}", "data-status"))


def status_text(web: Web, root: str) -> str:
    return web.page.inner_text(f"{root}-status")


def export(web: Web, root: str, folder: Path) -> Path:
    with web.page.expect_download() as download:
        web.page.click(f"{root} [data-action=export]")
    path = folder / download.value.suggested_filename
    download.value.save_as(path)
    return path


def import_file(web: Web, root: str, path: Path) -> None:
    before = int(web.page.get_attribute(root, "data-answers") or 0)
    rejected = int(web.page.get_attribute(root, "data-rejected") or 0)
    web.page.set_input_files(f"{root} input[data-action=import]", str(path))
    web.page.wait_for_function(
        "([root, n, r]) => { const el = document.querySelector(root);"
        " return Number(el.dataset.answers) > n || Number(el.dataset.rejected || 0) > r; }",
        arg=[root, before, rejected],
    )


def one_page_pdf(web: Web) -> str:
    from pypdf import PdfReader

    web.page.emulate_media(media="print")
    reader = PdfReader(io.BytesIO(web.page.pdf(format="A4")))
    assert len(reader.pages) == 1, f"the sheet prints on {len(reader.pages)} pages"
    letter = PdfReader(io.BytesIO(web.page.pdf(format="Letter")))
    web.page.emulate_media(media="screen")
    assert len(letter.pages) == 1, f"the sheet prints on {len(letter.pages)} Letter pages"
    return " ".join(reader.pages[0].extract_text().split())


def test_arts_builder_end_to_end(web: Web, new_web: Callable[..., Web], tmp_path: Path) -> None:
    web.goto("arts/builder/")
    live(web, ARTS)
    page = web.page
    assert step_status(web, ARTS, "general") == "open"
    assert "Not ready" in page.inner_text(f"{ARTS}-sheet")

    change(web, ARTS, "name", "Ilse")
    # Step 1-2: the book's example, +1 PHY, +1 MIG, +1 REF
    change(web, ARTS, "points.phy", "1")
    assert step_status(web, ARTS, "general") == "done"
    change(web, ARTS, "points.mig", "1")
    change(web, ARTS, "points.ref", "1")
    assert step_status(web, ARTS, "specific") == "done"
    # Step 3: +1 Bladecraft, +2 Kineticism; a fourth point breaks the rule at once
    change(web, ARTS, "points.bladecraft", "1")
    change(web, ARTS, "points.kineticism", "3")
    assert step_status(web, ARTS, "combat") == "problem"
    combat = page.inner_text(f"{ARTS}-combat-status")
    assert "4 Combat Arts points spent, but level 1 allows 3." in combat
    assert "Players begin with a pool of 1 General Attribute points" in combat
    link = page.get_attribute(f"{ARTS}-combat-status a", "href")
    assert link and link.endswith("#arts-character_creation")
    change(web, ARTS, "points.kineticism", "2")
    assert step_status(web, ARTS, "combat") == "done"
    # Step 4: utility points
    change(web, ARTS, "points.athletics", "1")
    change(web, ARTS, "points.stealth", "2")
    assert step_status(web, ARTS, "utility") == "done"
    # Step 5: abilities, with the keyboard: focus a checkbox and press Space
    page.focus(f"{ARTS} [name='pick.arts.hack_and_slash']")
    page.keyboard.press("Space")
    settle(web, ARTS)
    change(web, ARTS, "tier.arts.hack_and_slash", "2")
    tick(web, ARTS, "pick.arts.accelerate")
    # an ability of an art with no direct points is flagged at its step, never accepted
    tick(web, ARTS, "pick.arts.chokehold")
    assert step_status(web, ARTS, "abilities") == "problem"
    abilities = page.inner_text(f"{ARTS}-abilities-status")
    assert "Chokehold is an ability of Unarmed, but Unarmed has no direct points." in abilities
    assert "at least 1 point has been invested" in abilities
    assert page.get_attribute(ARTS, "data-ready") == "false"
    tick(web, ARTS, "pick.arts.chokehold", False)
    # a tier above 1 without [Tier] on the card
    change(web, ARTS, "tier.arts.accelerate", "2")
    assert "Accelerate has no [Tier] on its card" in page.inner_text(f"{ARTS}-abilities-status")
    change(web, ARTS, "tier.arts.accelerate", "1")
    assert step_status(web, ARTS, "abilities") == "done"
    assert page.get_attribute(ARTS, "data-ready") == "true"
    sheet = page.inner_text(f"{ARTS}-sheet")
    assert "Ready" in sheet
    assert "Bladecraft 3 = 1 points + 2 MIG + 0 (half of REF 1, rounded down)" in sheet
    assert "Hack and Slash (Bladecraft, tier 2)" in sheet
    # a bad value in a field is named at the field and the sheet keeps the last character
    change(web, ARTS, "points.sen", "13")
    assert "from 0 to 12" in page.inner_text(f"{ARTS}-points-sen-error")
    assert page.get_attribute(ARTS, "data-ready") == "true"
    change(web, ARTS, "points.sen", "0")

    # Share by URL: a fresh browser opens the same character
    url = page.url
    assert "?c=" in url
    other = new_web()
    other.page.goto(url)
    live(other, ARTS)
    assert other.page.input_value(f"{ARTS} [name='points.kineticism']") == "2"
    assert other.page.is_checked(f"{ARTS} [name='pick.arts.hack_and_slash']")
    assert other.page.get_attribute(ARTS, "data-ready") == "true"

    # Export, then import into a blank browser
    path = export(web, ARTS, tmp_path)
    saved = json.loads(path.read_text())
    assert saved["version"] == 1 and saved["system"] == "arts"
    assert saved["abilities"] == [
        {"name": "Hack and Slash", "tier": 2},
        {"name": "Accelerate", "tier": 1},
    ]
    blank = new_web()
    blank.goto("arts/builder/")
    live(blank, ARTS)
    assert blank.page.input_value(f"{ARTS} [name='points.kineticism']") == "0"
    import_file(blank, ARTS, path)
    assert blank.page.input_value(f"{ARTS} [name='points.kineticism']") == "2"
    assert blank.page.input_value(f"{ARTS} [name='name']") == "Ilse"

    # A corrupted file is rejected, naming the field; the character on screen stays
    bad = dict(saved, abilities=[saved["abilities"][0], {"name": "Accelerate", "tier": 0}])
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text(json.dumps(bad))
    import_file(web, ARTS, corrupt)
    message = status_text(web, ARTS)
    assert "abilities[1].tier" in message and "unchanged" in message
    assert page.input_value(f"{ARTS} [name='points.kineticism']") == "2"
    not_json = tmp_path / "broken.json"
    not_json.write_text('{"system": "arts", "version": 1,')
    import_file(web, ARTS, not_json)
    assert "not a JSON file" in status_text(web, ARTS)
    assert page.get_attribute(ARTS, "data-ready") == "true"

    # Print the sheet: one page, the character and its numbers, no form
    text = one_page_pdf(web)
    assert "Ilse, level 1" in text and "Bladecraft" in text and "Step 1" not in text

    # Level up: the next row of the level table, and the choices it opens
    page.click(f"{ARTS} [data-action=level-up]")
    settle(web, ARTS)
    assert page.input_value(f"{ARTS} [name='level']") == "2"
    assert "Level 2: +1 to an Art" in status_text(web, ARTS)
    assert step_status(web, ARTS, "combat") == "open"
    assert page.get_attribute(f"{ARTS}-step-combat", "data-opened") == "true"
    assert page.get_attribute(ARTS, "data-ready") == "false"
    change(web, ARTS, "points.archery", "1")
    change(web, ARTS, "points.craft", "1")
    tick(web, ARTS, "pick.arts.piercing_shot")
    assert page.get_attribute(ARTS, "data-ready") == "true"
    assert web.log.errors() == []


def test_glittershard_builder_end_to_end(
    web: Web, new_web: Callable[..., Web], tmp_path: Path
) -> None:
    web.goto("glittershard/builder/")
    live(web, GS)
    page = web.page
    assert "are not part of the rulebook" in page.inner_text(f"{GS}-step-race")
    change(web, GS, "name", "Tamsin")
    # Steps 1-2: Restricted Dice, rolled with a shown seed
    page.select_option(f"{GS} [name='method']", "restricted")
    settle(web, GS)
    assert step_status(web, GS, "stats") == "open"
    page.click(f"{GS} [data-action=roll]")
    settle(web, GS)
    seed = page.input_value(f"{GS} [name='seed']")
    assert seed.isdigit()
    assert f"Rolled with seed {seed}" in page.inner_text(f"{GS}-stats-status")
    assert step_status(web, GS, "stats") == "done"
    # changing a rolled stat by more than a tweak breaks the rule at once
    bwn = int(page.input_value(f"{GS} [name='stats.bwn']"))
    change(web, GS, "stats.bwn", str(bwn + 3))
    assert step_status(web, GS, "stats") == "problem"
    assert "One tweak is allowed" in page.inner_text(f"{GS}-stats-status")
    change(web, GS, "stats.bwn", str(bwn))
    # Steps 3-4: race and class by hand
    change(web, GS, "race.name", "Stoneborn")
    change(web, GS, "race.bonuses", "Hea +1")
    change(web, GS, "class.name", "Warden")
    change(web, GS, "class.training", "Search")
    # Step 5: training; a third choice breaks the rule
    tick(web, GS, "training.Stealth")
    tick(web, GS, "training.Wilderness")
    tick(web, GS, "training.Deception")
    assert step_status(web, GS, "training") == "problem", page.inner_text(f"{GS}-training-status")
    assert "choose the last two items you would like to train in" in page.inner_text(
        f"{GS}-training-status"
    )
    tick(web, GS, "training.Deception", False)
    assert step_status(web, GS, "training") == "done"
    # Steps 7-10: gear, armor, a weapon, a spell
    change(web, GS, "gear.bag_capacity", "20")
    change(web, GS, "gear.carried_weight", "40")
    assert step_status(web, GS, "gear") == "problem"
    change(web, GS, "gear.carried_weight", "10")
    change(web, GS, "armor.armor_bonus", "2")
    change(web, GS, "weapons.0.name", "Spear")
    tick(web, GS, "weapons.0.trained")
    page.select_option(f"{GS} [name='spells.0.school']", "Earth")
    change(web, GS, "spells.0.name", "Stone skin")
    assert page.get_attribute(GS, "data-ready") == "true", page.inner_text(f"{GS}-sheet")[:400]
    sheet = page.inner_text(f"{GS}-sheet")
    assert "Armor value" in sheet and "10 base" in sheet
    assert "Spear" in sheet and "proficiency (trained)" in sheet
    assert "Stone skin (Earth, Light magic)" in sheet

    # Share by URL
    other = new_web()
    other.page.goto(page.url)
    live(other, GS)
    assert other.page.input_value(f"{GS} [name='seed']") == seed
    assert other.page.input_value(f"{GS} [name='race.name']") == "Stoneborn"
    assert other.page.get_attribute(GS, "data-ready") == "true"

    # Export and import into a blank browser
    path = export(web, GS, tmp_path)
    saved = json.loads(path.read_text())
    assert saved["version"] == 1 and saved["seed"] == int(seed)
    blank = new_web()
    blank.goto("glittershard/builder/")
    live(blank, GS)
    import_file(blank, GS, path)
    assert blank.page.input_value(f"{GS} [name='weapons.0.name']") == "Spear"

    # A hand-edited file with a bad weapon stat is rejected, naming the field
    bad = json.loads(path.read_text())
    bad["weapons"][0]["stat"] = "luck"
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text(json.dumps(bad))
    import_file(web, GS, corrupt)
    assert "weapons[0].stat" in status_text(web, GS)
    assert page.input_value(f"{GS} [name='weapons.0.name']") == "Spear"
    assert page.get_attribute(GS, "data-ready") == "true"

    # Level up to 2: the row opens a stat choice
    assert not page.is_visible(f"{GS} [data-level='2']")
    page.click(f"{GS} [data-action=level-up]")
    settle(web, GS)
    assert "Level 2: +1 to a stat" in status_text(web, GS)
    assert page.is_visible(f"{GS} [data-level='2']")
    assert page.get_attribute(GS, "data-ready") == "false"
    page.select_option(f"{GS} [name='advances.2.stat']", "nim")
    settle(web, GS)
    assert page.get_attribute(GS, "data-ready") == "true"
    assert "Level 2: stat nim" in page.inner_text(f"{GS}-sheet")

    text = one_page_pdf(web)
    assert "Tamsin, level 2" in text and "Dodge" in text
    assert web.log.errors() == []


def test_builders_without_javascript_show_steps_rules_and_a_sheet(
    new_web: Callable[..., Web],
) -> None:
    web = new_web(java_script_enabled=False)
    for path, root, words in (
        ("arts/builder/", ARTS, "Players begin with a pool of 1 General Attribute points"),
        ("glittershard/builder/", GS, "Write down the stats of your character"),
    ):
        web.goto(path)
        assert words in web.page.inner_text(root)
        assert "Not ready" in web.page.inner_text(f"{root}-sheet")
        assert web.page.query_selector_all(f"{root} fieldset.rb-step legend")


def test_builder_fits_390px_and_starts_under_instant_navigation(
    new_web: Callable[..., Web],
) -> None:
    web = new_web(viewport={"width": 390, "height": 844})
    web.goto("arts/character/")
    web.page.wait_for_function("() => window.document$ !== undefined")
    # instant navigation: the theme swaps the page in without a full load
    web.page.evaluate("() => { window.notReloaded = true; }")
    web.page.evaluate(
        "() => { const a = document.createElement('a'); a.href = '../builder/';"
        " a.textContent = 'go'; document.querySelector('article').append(a); a.click(); }"
    )
    live(web, ARTS)
    assert web.page.evaluate("() => window.notReloaded") is True
    width = web.page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the builder is {width}px wide on a 390px screen"
    assert web.log.errors() == []
