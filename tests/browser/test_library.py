"""A reader's saved work in Chromium (issue #20, items 1 and 2): any number of encounters
and characters per system; links and files add, never replace; storage an earlier version
wrote is copied, or kept aside when it cannot be read; two tabs never overwrite each other
in silence; storage that refuses a save says so; a file the engine cannot take is refused.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from calculators.builders import builder
from calculators.tracker import engine, handle
from tests.browser.conftest import Web
from tests.browser.test_builders import ARTS, live, share_link
from tests.browser.test_builders import settle as settle_builder
from tests.browser.test_tracker import ROOT, errors, link_of, open_tracker, settle, submit

LIBRARY = f"{ROOT} .rb-library"


def encounter_with(*names: str) -> dict[str, Any]:
    """A Pendragon encounter the core made, with one creature per name."""
    module = engine("pendragon")
    doc = handle({"op": "new", "system": "pendragon"})["doc"]
    for i, name in enumerate(names):
        creature = {**module.EXAMPLES[0], "name": name, "initiative": 10 - i}
        action = {"op": "add", "creature": creature}
        doc = handle({"op": "act", "system": "pendragon", "doc": doc, "action": action})["doc"]
    return doc


def add_example(web: Web, system: str, name: str) -> None:
    """Add the system's first example creature under ``name`` through the page's form."""
    creature = engine(system).EXAMPLES[0]
    fields = {k: v for k, v in creature.items() if not isinstance(v, bool)}
    submit(web, "act-add", **{**fields, "name": name, "initiative": 5})


def shelf(web: Web, kind: str, system: str) -> list[dict[str, Any]]:
    """The library's entries of one kind and system, newest change first."""
    return web.page.evaluate("([k, s]) => rbLibrary.shelf(k, s).list()", [kind, system])


def cards(web: Web) -> list[str]:
    return web.page.locator(f"{ROOT} .rb-tr-card h3").all_inner_texts()


def status(web: Web) -> str:
    return web.page.inner_text(f"{ROOT} .rb-tr-status")


def library_action(web: Web, entry_name: str, action: str) -> None:
    """Press one entry's button (Open, Rename, Duplicate, Export, Delete)."""
    web.page.locator(f"{LIBRARY} summary").first.evaluate("s => { s.parentElement.open = true; }")
    web.page.get_by_role("button", name=f"{action} “{entry_name}”").click()


def test_a_link_adds_to_the_library_and_keeps_what_was_saved(web: Web) -> None:
    """The GM's own encounter, with its undo steps, survives a link another player sent."""
    open_tracker(web, "pendragon")
    submit(web, "act-add", name="Kira", initiative=15, hp=5, spirit=3)
    submit(web, "act-add", name="Brother Tom", initiative=12, hp=5, spirit=3)
    mine = shelf(web, "encounter", "pendragon")
    assert len(mine) == 1 and len(mine[0]["doc"]["undo"]) == 2

    # A link with another encounter: added as a second entry, shown, nothing replaced.
    open_tracker(web, "pendragon", f"?e={link_of(encounter_with('Orc'))}")
    assert "Encounter loaded from the link. Added to your library" in status(web)
    assert [c.split(" ")[0] for c in cards(web)] == ["Orc"]
    entries = shelf(web, "encounter", "pendragon")
    assert len(entries) == 2
    kept = next(e for e in entries if e["id"] == mine[0]["id"])
    assert kept["doc"] == mine[0]["doc"] and kept["rev"] == mine[0]["rev"]

    # The same link again: already there, opened, not added twice.
    open_tracker(web, "pendragon", f"?e={link_of(encounter_with('Orc'))}")
    assert len(shelf(web, "encounter", "pendragon")) == 2
    # Back to the GM's own: both creatures and the undo steps.
    library_action(web, mine[0]["name"], "Open")
    settle(web.page)
    assert any("Kira" in c for c in cards(web)) and any("Tom" in c for c in cards(web))
    assert web.page.is_enabled(f"{ROOT} button[data-action=undo]")
    assert errors(web) == []


def test_a_bad_link_says_so_and_changes_nothing(web: Web) -> None:
    open_tracker(web, "pendragon")
    submit(web, "act-add", name="Kira", initiative=15, hp=5, spirit=3)
    before = shelf(web, "encounter", "pendragon")
    open_tracker(web, "pendragon", "?e=not-an-encounter")
    # The message stays: in the status with what opened instead, and in the library's alert.
    assert "could not be read" in status(web) and "Opened" in status(web)
    assert "could not be read" in web.page.inner_text(f"{LIBRARY} .rb-lib-alert")
    assert any("Kira" in c for c in cards(web))
    assert shelf(web, "encounter", "pendragon") == before
    assert errors(web) == []


def test_a_file_adds_and_one_the_engine_cannot_take_is_refused(web: Web, tmp_path: Path) -> None:
    open_tracker(web, "pendragon")
    submit(web, "act-add", name="Kira", initiative=15, hp=5, spirit=3)
    path = tmp_path / "orcs.json"
    path.write_text(json.dumps(encounter_with("Orc", "Goblin")))
    web.page.set_input_files(f"{ROOT} input[data-action=import]", str(path))
    web.page.wait_for_function(
        "() => document.querySelector('.rb-tr-card h3')"
        " && document.body.innerText.includes('Goblin')"
    )
    settle(web.page)
    assert "Added to your library" in status(web)
    assert len(shelf(web, "encounter", "pendragon")) == 2

    # Nested far deeper than any encounter: refused, and the tracker still works.
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 5000 + "]" * 5000)
    web.page.set_input_files(f"{ROOT} input[data-action=import]", str(deep))
    web.page.wait_for_function("() => document.querySelector('.rb-tracker').dataset.rejected")
    settle(web.page)
    assert "was not loaded" in status(web) and "unchanged" in status(web)
    assert web.page.get_attribute(ROOT, "data-state") == "live"
    submit(web, "act-add", name="Troll", initiative=3, hp=9, spirit=1)
    assert any("Troll" in c for c in cards(web))
    assert len(shelf(web, "encounter", "pendragon")) == 2
    assert errors(web) == []


def test_rename_duplicate_delete_with_undo_and_export_all(
    web: Web, new_web: Callable[..., Web], tmp_path: Path
) -> None:
    open_tracker(web, "pendragon")
    submit(web, "act-add", name="Kira", initiative=15, hp=5, spirit=3)
    (entry,) = shelf(web, "encounter", "pendragon")
    library_action(web, entry["name"], "Rename")
    web.page.fill(f"{LIBRARY} .rb-lib-rename input", "Bridge ambush")
    web.page.click(f"{LIBRARY} .rb-lib-rename button")
    web.page.wait_for_function("() => document.body.innerText.includes('Renamed to')")
    # The encounter on screen keeps saving into the renamed entry.
    submit(web, "act-add", name="Orc", initiative=9, hp=8, spirit=1)
    (renamed,) = shelf(web, "encounter", "pendragon")
    assert renamed["name"] == "Bridge ambush" and len(renamed["doc"]["state"]["order"]) == 2

    library_action(web, "Bridge ambush", "Duplicate")
    web.page.wait_for_function(f"() => document.querySelector('{LIBRARY}').dataset.count === '2'")
    library_action(web, "Bridge ambush (copy)", "Delete")
    web.page.wait_for_function(f"() => document.querySelector('{LIBRARY}').dataset.count === '1'")
    web.page.get_by_role("button", name="Undo delete").click()
    web.page.wait_for_function(f"() => document.querySelector('{LIBRARY}').dataset.count === '2'")
    assert sorted(e["name"] for e in shelf(web, "encounter", "pendragon")) == [
        "Bridge ambush",
        "Bridge ambush (copy)",
    ]

    with web.page.expect_download() as download:
        web.page.get_by_role("button", name="Export all encounters").click()
    path = tmp_path / "all.json"
    download.value.save_as(path)
    saved = json.loads(path.read_text())
    assert saved["system"] == "pendragon" and len(saved["entries"]) == 2
    assert errors(web) == []

    # The backup read back in another browser: both entries, then nothing twice.
    other = new_web()
    open_tracker(other, "pendragon")
    for said in ("Imported 2 encounters", "Imported 0 encounters into your library; 2 already"):
        other.page.set_input_files(f"{ROOT} input[data-action=import]", str(path))
        other.page.wait_for_function(
            "s => document.querySelector('.rb-tr-status').innerText.includes(s)", arg=said
        )
    assert sorted(e["name"] for e in shelf(other, "encounter", "pendragon")) == [
        "Bridge ambush",
        "Bridge ambush (copy)",
    ]


def test_what_an_earlier_version_saved_is_copied_or_kept_aside(web: Web) -> None:
    """localStorage's one slot: a readable encounter joins the library and opens; an
    unreadable one is left as it was and offered for export; an older shape the engine
    refuses stays in the library, untouched."""
    web.goto("dice/")
    doc = encounter_with("Old Knight")
    web.page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)",
        ["rulebinder.tracker.pendragon", json.dumps(doc)],
    )
    open_tracker(web, "pendragon")
    assert any("Old Knight" in c for c in cards(web))
    (entry,) = shelf(web, "encounter", "pendragon")
    assert entry["name"] == "Old Knight (saved before the library)" and entry["doc"] == doc
    open_tracker(web, "pendragon")  # copied once only
    assert len(shelf(web, "encounter", "pendragon")) == 1

    web.page.evaluate("k => localStorage.setItem(k, '{not json')", "rulebinder.tracker.arts")
    open_tracker(web, "arts")
    alert = web.page.inner_text(f"{LIBRARY} .rb-lib-alert")
    assert "cannot be read" in alert and "kept as it was" in alert
    with web.page.expect_download() as download:
        web.page.get_by_role("button", name="Export it").click()
    assert download.value.suggested_filename == "arts-encounter-unreadable.json"
    add_example(web, "arts", "Ada")
    assert web.page.evaluate("k => localStorage.getItem(k)", "rulebinder.tracker.arts") == (
        "{not json"
    )

    older = {"state": {"round": "one"}, "log": [], "undo": [], "redo": []}
    web.page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)",
        ["rulebinder.tracker.space_shard", json.dumps(older)],
    )
    open_tracker(web, "space_shard")
    assert "kept in your library" in web.page.inner_text(f"{LIBRARY} .rb-lib-alert")
    (kept,) = shelf(web, "encounter", "space_shard")
    assert kept["doc"] == older
    add_example(web, "space_shard", "Pilot")
    entries = shelf(web, "encounter", "space_shard")
    assert len(entries) == 2 and any(e["doc"] == older for e in entries)


def test_two_tabs_on_one_encounter_never_overwrite_in_silence(web: Web) -> None:
    open_tracker(web, "pendragon")
    submit(web, "act-add", name="Kira", initiative=15, hp=5, spirit=3)
    other = web.context.new_page()
    other.goto(web.url("pendragon/tracker/"))
    other.wait_for_selector(f"{ROOT}[data-state=live]")
    settle(other)
    assert "Kira" in other.inner_text(f"{ROOT} .rb-tr-cards")

    # A change in one tab shows in the other.
    submit(web, "act-add", name="Orc", initiative=9, hp=8, spirit=1)
    other.wait_for_function(
        "() => document.querySelector('.rb-tr-cards').innerText.includes('Orc')"
    )
    assert "changed in another tab" in other.inner_text(f"{ROOT} .rb-tr-status")

    # A write this tab never heard of (a crash, a tab asleep): this tab's next change
    # becomes a new entry, and the page says so; the other write is kept.
    web.page.evaluate(
        """() => new Promise((resolve) => {
            const id = document.querySelector('.rb-tracker').dataset.entry;
            indexedDB.open('rulebinder').onsuccess = (event) => {
              const store = event.target.result.transaction('entries', 'readwrite')
                .objectStore('entries');
              store.get(id).onsuccess = (got) => {
                const entry = got.target.result;
                entry.rev += 1;
                entry.name = 'Written elsewhere';
                store.put(entry).onsuccess = () => resolve();
              };
            };
        })"""
    )
    submit(web, "act-add", name="Troll", initiative=3, hp=9, spirit=1)
    alert = web.page.inner_text(f"{LIBRARY} .rb-lib-alert")
    assert "changed in another tab" in alert and "(this tab)" in alert
    names = sorted(e["name"] for e in shelf(web, "encounter", "pendragon"))
    assert names[1] == "Written elsewhere" and names[0].endswith("(this tab)")
    other.close()
    assert errors(web) == []


def test_storage_that_refuses_a_save_says_so_and_offers_export(web: Web) -> None:
    open_tracker(web, "pendragon")
    # The browser's answer when its storage is full.
    web.page.evaluate(
        """() => {
            IDBObjectStore.prototype.add = function () {
              throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
            };
        }"""
    )
    submit(web, "act-add", name="Kira", initiative=15, hp=5, spirit=3)
    web.page.wait_for_selector(f"{LIBRARY} .rb-lib-alert p")
    alert = web.page.inner_text(f"{LIBRARY} .rb-lib-alert")
    assert "refused to save" in alert and "quota" in alert
    with web.page.expect_download() as download:
        web.page.get_by_role("button", name="Export it").click()
    assert download.value.suggested_filename == "pendragon-encounter.json"


def test_builder_links_add_characters_and_the_tracker_picks_one(web: Web) -> None:
    """Two characters in the library; a link adds a third; the tracker offers all three."""
    example = builder("arts").example()
    web.goto("arts/builder/")
    live(web, ARTS)
    web.page.click(f"{ARTS} button[data-action=example]")
    settle_builder(web, ARTS)
    web.page.fill(f"{ARTS} [name='name']", "Second Hero")
    web.page.dispatch_event(f"{ARTS} [name='name']", "change")
    settle_builder(web, ARTS)
    # The entry follows the character's name; the example itself stays as it was saved.
    names = [e["name"] for e in shelf(web, "character", "arts")]
    assert names == ["Second Hero"]
    web.page.click(f"{ARTS} button[data-action=example]")
    settle_builder(web, ARTS)
    assert sorted(e["name"] for e in shelf(web, "character", "arts")) == sorted(
        ["Second Hero", example["name"]]
    )

    sent = {**example, "name": "From a friend"}
    web.goto(f"arts/builder/?c={share_link(sent)}")
    live(web, ARTS)
    settle_builder(web, ARTS)
    assert "Character loaded from the link. Added to your library" in web.page.inner_text(
        f"{ARTS}-status"
    )
    assert len(shelf(web, "character", "arts")) == 3

    open_tracker(web, "arts")
    web.page.click(f"{ROOT} button[data-action=builder]")
    web.page.get_by_role("group", name="Add which character?").wait_for()
    web.page.get_by_role("button", name="From a friend", exact=True).click()
    settle(web.page)
    assert any("From a friend" in c for c in cards(web))
    assert errors(web) == []
