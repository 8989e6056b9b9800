"""Pages for readers: the front page's system cards, the Sources page and each
system's Assumptions page, checked in the built site against rules_data and the
calculator catalog."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest

import calculators
from macros.load.loader import RulesData, load_rules
from macros.render.forms import dom_id
from macros.render.front import tracker_assumptions
from macros.render.render import anchor
from macros.render.site import build_nav
from tests.seedtext import SEEDS, normalise

ROOT = Path(__file__).resolve().parents[1]
DATA: RulesData = load_rules(ROOT / "rules_data")
SYSTEMS = sorted(DATA.systems)


def html_of(site: Path, url: str) -> str:
    """The HTML of the page at a site URL such as ``arts/assumptions/``."""
    return (site / url / "index.html").read_text(encoding="utf-8")


def content(html: str) -> str:
    """The article of a Material page, without header, navigation and footer."""
    start = html.index('<article class="md-content__inner')
    return html[start : html.index("</article>", start)]


def text(html: str) -> str:
    """Visible text of an HTML fragment, normalised like the seed coverage test."""
    return normalise(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def card(site: Path, system_id: str) -> str:
    """The front page card of one system: from its heading to the end of its item."""
    home = content(html_of(site, ""))
    match = re.search(rf'<h3 id="[^"]*"><a href="{system_id}/">.*?</li>', home, re.S)
    assert match, f"no card for {system_id} on the front page"
    return match.group(0)


def section(html: str, element_id: str) -> str:
    """An assumption on its Assumptions page: from its heading to the next heading."""
    start = html.index(f'<h3 id="{element_id}"')
    end = re.compile(r"<h[23] ").search(html, start + 1)
    return html[start : end.start() if end else len(html)]


def target_exists(site: Path, page_url: str, link: str) -> bool:
    """Whether a relative ``link`` from the page at ``page_url`` reaches an existing id."""
    path, _, fragment = link.partition("#")
    target = posixpath.normpath(posixpath.join(page_url, path))
    file = site / target / "index.html"
    if not file.is_file():
        return False
    return (
        re.search(rf"""\bid=["']{re.escape(fragment)}["']""", file.read_text("utf-8")) is not None
    )


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_front_page_card_of_each_system(built_site: Path, system_id: str) -> None:
    system = DATA.systems[system_id]
    summary = system.summary
    found = card(built_site, system_id)
    assert system.name.replace("&", "&amp;") in found
    for field in (summary.game, summary.dice, summary.damage, summary.creation):
        assert normalise(" ".join(field.split())) in text(found)
    assert f'<a href="{system_id}/{summary.start}/">{system.page(summary.start).title}</a>' in found
    count = sum(1 for c in calculators.catalog() if c["system"] == system_id)
    page = built_site / system_id / "calculators" / "index.html"
    if (ROOT / "docs" / system_id / "calculators.md").is_file():
        assert f'<a href="{system_id}/calculators/">{count} calculator' in found
        assert count and page.is_file()
    else:  # a book without a calculators page (an imported one) links none
        assert f'href="{system_id}/calculators/"' not in found and not page.is_file()
    if summary.creation_page:
        assert f'href="{system_id}/{summary.creation_page}/"' in found
    tracker = f'<a href="{system_id}/tracker/">encounter tracker</a>'
    assert (tracker in found) == (ROOT / "docs" / system_id / "tracker.md").is_file()
    has_builder = (ROOT / "docs" / system_id / "builder.md").is_file()
    assert (f'<a href="{system_id}/builder/">character builder</a>' in found) == has_builder


def test_the_front_page_names_no_seed_file(built_site: Path) -> None:
    home = html_of(built_site, "")
    for system in DATA.systems.values():
        assert system.seed not in home
        assert system.seed.split("_")[1].removesuffix(".txt") not in home
    assert 'href="sources/"' in content(home)


def test_the_sources_page_describes_every_source_file(built_site: Path) -> None:
    page = content(html_of(built_site, "sources/"))
    assert "<h1" in page and ">Sources<" in page
    for system in DATA.systems.values():
        book = system.rulebook
        part = page[page.index(f'id="{system.id}"') :]
        part = part[: part.find("<h2", 1) if "<h2" in part[1:] else len(part)]
        assert f"sources/{system.seed}" in part
        assert f"{book.lines} lines" in part
        assert normalise(" ".join(book.holds.split())) in text(part)
        if book.title:
            assert normalise(book.title) in text(part)
        for repair in system.repairs:
            assert f'href="#{repair}"' in part and f'id="{repair}"' in page


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_rulebook_length_is_the_seed_files(system_id: str) -> None:
    system = DATA.systems[system_id]
    seed = (SEEDS / system.seed).read_text(encoding="utf-8")
    assert len(seed.splitlines()) == system.rulebook.lines


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_the_assumptions_page_lists_every_assumption_once(built_site: Path, system_id: str) -> None:
    url = f"{system_id}/assumptions/"
    page = content(html_of(built_site, url))
    entries = list(DATA.of_kind("assumption", system_id))
    assert len(re.findall(r"<h3 ", page)) == len(entries)
    using = {
        a: [c for c in calculators.catalog() if a in c["assumptions"]]
        for a in (e.id for e in entries)
    }
    for entry in entries:
        element_id = anchor(entry.id)
        assert page.count(f'id="{element_id}"') == 1, entry.id
        part = section(page, element_id)
        rule_link = f"../{entry.page}/#{element_id}"
        assert f'href="{rule_link}"' in part, entry.id
        assert target_exists(built_site, url, rule_link), rule_link
        for rule in entry.get("applies_to"):
            target = DATA.entry(rule)
            assert f'href="../{target.page}/#{anchor(rule)}"' in part, (entry.id, rule)
        tracked = entry.id in tracker_assumptions(system_id)
        assert using[entry.id] or tracked, f"{entry.id} is used by no calculator or tracker"
        if tracked:
            assert 'href="../tracker/"' in part, entry.id
        for calc in using[entry.id]:
            link = f"../calculators/#{dom_id(calc['id'])}"
            assert f'href="{link}"' in part, (entry.id, calc["id"])
            assert target_exists(built_site, url, link), link


def test_an_assumption_links_the_calculators_that_use_it(built_site: Path) -> None:
    part = section(
        content(html_of(built_site, "space_shard/assumptions/")),
        "space_shard-fractions_round_down",
    )
    for calc in ("reach", "born-weapon-size", "full-force"):
        assert f'href="../calculators/#calc-space-shard-{calc}"' in part
    assert 'href="../melee/#space_shard-fractions_round_down"' in part
    assert 'href="../melee/#space_shard-reach"' in part


def test_the_nav_lists_assumptions_calculators_trackers_and_sources() -> None:
    nav = build_nav(DATA, ROOT / "docs")
    assert "sources.md" in nav
    for system in DATA.systems.values():
        (pages,) = [
            item[system.name] for item in nav if isinstance(item, dict) and system.name in item
        ]
        expected = [
            {label: f"{system.id}/{name}.md"}
            for label, name in (
                ("Assumptions", "assumptions"),
                ("Calculators", "calculators"),
                ("Encounter tracker", "tracker"),
            )
            if (ROOT / "docs" / system.id / f"{name}.md").is_file()
        ]
        expected.append({"Print this rulebook": f"{system.id}/print.md"})
        assert pages[-len(expected) :] == expected


def test_the_guide_is_one_section_of_the_nav_in_its_indexs_order() -> None:
    """The documentation is the ``Guide`` section, last: its index, then its pages in the
    order the index links them, every page of ``docs/guide/`` once."""
    nav = build_nav(DATA, ROOT / "docs")
    assert isinstance(nav[-1], dict) and list(nav[-1]) == ["Guide"]
    pages = nav[-1]["Guide"]
    on_disk = sorted(f"guide/{p.name}" for p in (ROOT / "docs" / "guide").glob("*.md"))
    assert pages[0] == "guide/index.md" and sorted(pages) == on_disk
    index = (ROOT / "docs" / "guide" / "index.md").read_text(encoding="utf-8")
    places = [index.index(f"]({page.removeprefix('guide/')})") for page in pages[1:]]
    assert places == sorted(places)
    assert not [p for p in nav if isinstance(p, str) and p.startswith("guide/")]
