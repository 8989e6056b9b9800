"""The print pages: one document per system, built from rules_data (macros/render/printing.py).

Each ``<system>/print/`` holds every entry of every page in reading order, each
calculator of the system as its prerendered result, no form controls, links that
stay within the document, and is kept out of the search index.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import calculators
from macros import RulesData, load_rules
from macros.publish.searchsplit import read_index
from macros.render.forms import dom_id
from macros.render.render import anchor

ROOT = Path(__file__).resolve().parents[1]
DATA: RulesData = load_rules(ROOT / "rules_data")
SYSTEMS = list(DATA.systems)
WITH_CALCULATORS = [s for s in SYSTEMS if any(c["system"] == s for c in calculators.catalog())]
"""The systems that have calculators (an imported book has none until its author adds some)."""
CONTROLS = re.compile(r"<(input|select|textarea|button|form)\b", re.IGNORECASE)


def article(built_site: Path, system: str) -> str:
    """The content of a system's print page (inside ``<article>``, without the theme)."""
    html = (built_site / system / "print" / "index.html").read_text(encoding="utf-8")
    return html[html.index("<article") : html.index("</article>")]


def id_positions(html: str) -> dict[str, list[int]]:
    """Every ``id`` attribute of ``html`` with where it occurs."""
    found: dict[str, list[int]] = {}
    for match in re.finditer(r"""\bid=["']([^"']+)["']""", html):
        found.setdefault(match.group(1), []).append(match.start())
    return found


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_entry_is_printed_once_in_reading_order(system: str, built_site: Path) -> None:
    ids = id_positions(article(built_site, system))
    expected = [anchor(e.id) for page in DATA.systems[system].pages for e in page.entries]
    missing = [a for a in expected if a not in ids]
    assert not missing, f"{len(missing)} entries not printed: {missing[:5]}"
    twice = [a for a in expected if len(ids[a]) > 1]
    assert not twice, f"entries printed more than once: {twice[:5]}"
    positions = [ids[a][0] for a in expected]
    out_of_order = [
        (expected[i], expected[i + 1])
        for i in range(len(positions) - 1)
        if positions[i] > positions[i + 1]
    ]
    assert not out_of_order, f"entries out of reading order: {out_of_order[:3]}"


@pytest.mark.parametrize("system", WITH_CALCULATORS)
def test_each_calculator_is_its_result_without_a_form(system: str, built_site: Path) -> None:
    html = article(built_site, system)
    calcs = [c["id"] for c in calculators.catalog() if c["system"] == system]
    assert calcs, f"{system} has no calculators to print"
    for calc_id in calcs:
        pattern = rf"<section class='rb-calc-print' id='{dom_id(calc_id)}'.*?</section>"
        section = re.search(pattern, html, re.S)
        assert section, f"{calc_id} is not printed"
        assert "<dl class='rb-outputs'><div class='rb-out" in section.group(0), calc_id
        assert "Worked out for the default inputs" in section.group(0), calc_id
    assert not CONTROLS.findall(html), "form controls on the print page"
    # The theme starts the calculator engine on any page with this attribute.
    assert "data-calc=" not in html


@pytest.mark.parametrize("system", SYSTEMS)
def test_links_stay_within_the_printed_document(system: str, built_site: Path) -> None:
    html = article(built_site, system)
    ids = id_positions(html)
    hrefs = re.findall(r"""<a [^>]*href=["']([^"']+)["']""", html)
    assert any(h.startswith("#") and h[1:] in ids for h in hrefs)
    broken = sorted({h for h in hrefs if h.startswith("#") and h[1:] not in ids})
    assert not broken, f"links to anchors not in the document: {broken[:5]}"
    # Only the pointer to the interactive calculators leaves the document.
    leaving = sorted({h for h in hrefs if not h.startswith("#")})
    page = ROOT / "docs" / system / "calculators.md"
    assert leaving == (["../calculators/"] if page.is_file() else []), leaving


def test_print_pages_are_linked_and_kept_out_of_search(built_site: Path) -> None:
    index = read_index(built_site)
    locations = [doc["location"] for doc in index["docs"]]
    assert any(loc.startswith("pendragon/combat/") for loc in locations)
    for system in SYSTEMS:
        assert not [loc for loc in locations if loc.startswith(f"{system}/print/")], system
        overview = (built_site / system / "index.html").read_text(encoding="utf-8")
        assert re.search(r'<a href="print/">Print this rulebook</a>', overview), system


def test_a_hand_written_print_page_stops_the_build(tmp_path: Path) -> None:
    from tests.sitebuild import copy_project, mkdocs_build

    project = copy_project(tmp_path / "project")
    (project / "docs" / "pendragon" / "print.md").write_text("# Pendragon, by hand\n")
    result = mkdocs_build(project, tmp_path / "out")
    assert result.returncode != 0
    assert "docs/pendragon/print.md: the print page of Pendragon is generated" in (
        result.stdout + result.stderr
    )


@pytest.mark.parametrize("system", SYSTEMS)
def test_each_chapter_is_a_section_laid_out_as_the_reader_reaches_it(
    system: str, built_site: Path
) -> None:
    """A long book's print page opens at once: each chapter is a ``<section>`` the browser
    lays out only near the viewport (``content-visibility: auto``), all of it when printed."""
    html = article(built_site, system)
    sections = re.findall(r'<section class="rb-print-chapter">(.*?)</section>', html, re.S)
    assert len(sections) == len(DATA.systems[system].pages)
    for page, section in zip(DATA.systems[system].pages, sections, strict=True):
        assert section.lstrip().startswith("<h2"), page.name
        assert all(anchor(e.id) in section for e in page.entries), page.name
    css = (ROOT / "macros" / "assets" / "rulebinder.css").read_text(encoding="utf-8")
    assert re.search(r"\.rb-print-chapter \{ content-visibility: auto;", css)
    assert re.search(r"@media print \{[^}]*\{[^@]*\.rb-print-chapter \{ content-visibility: "
                     r"visible; \}", css)
