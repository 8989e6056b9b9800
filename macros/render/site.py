"""Site structure derived from rules data: the navigation."""

from __future__ import annotations

from pathlib import Path

from ..load.rulesdata import RulesData
from .print_pages import print_doc


def build_nav(data: RulesData, docs_dir: Path) -> list[object]:
    """Navigation: home, then each system (overview first, pages in order, then its
    character builder, assumptions, calculators, encounter tracker and print page), then the rest.

    Top-level docs pages other than ``index.md`` come last, sorted by name.
    """
    nav: list[object] = [{"Home": "index.md"}]
    for system in data.systems.values():
        pages: list[object] = [{"Overview": f"{system.id}/index.md"}]
        pages.extend({page.title: page.doc} for page in system.pages)
        if (docs_dir / system.id / "builder.md").is_file():
            pages.append({"Character builder": f"{system.id}/builder.md"})
        if (docs_dir / system.id / "assumptions.md").is_file():
            pages.append({"Assumptions": f"{system.id}/assumptions.md"})
        if (docs_dir / system.id / "calculators.md").is_file():
            pages.append({"Calculators": f"{system.id}/calculators.md"})
        if (docs_dir / system.id / "tracker.md").is_file():
            pages.append({"Encounter tracker": f"{system.id}/tracker.md"})
        pages.append({"Print this rulebook": print_doc(system.id)})  # generated: print_pages.py
        nav.append({system.name: pages})
    extras = sorted(p.name for p in docs_dir.glob("*.md") if p.name != "index.md")
    nav.extend(extras)
    return nav
