"""Site structure derived from rules data: the navigation."""

from __future__ import annotations

import re
from pathlib import Path

from ..load.rulesdata import RulesData
from .print_pages import print_doc


def build_nav(data: RulesData, docs_dir: Path) -> list[object]:
    """Navigation: home, then each system (overview first, pages in order, then its
    character builder, assumptions, calculators, encounter tracker and print page), then the rest.

    Top-level docs pages other than ``index.md`` come after the books, sorted by name; then
    the documentation section, ``guide/`` (see :func:`guide_nav`), where there is one.
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
    nav.extend(guide_nav(docs_dir))
    return nav


#: The documentation section: one folder of ``docs/``, its ``index.md`` first.
GUIDE = "guide"


def guide_nav(docs_dir: Path) -> list[object]:
    """The ``Guide`` section: ``guide/index.md``, then its pages in the order its index
    links them, then any page it does not link, by name; none without an index."""
    folder = docs_dir / GUIDE
    index = folder / "index.md"
    if not index.is_file():
        return []
    linked = re.findall(r"\]\(([\w-]+\.md)\)", index.read_text(encoding="utf-8"))
    names = [name for name in dict.fromkeys(linked) if (folder / name).is_file()]
    names += sorted(p.name for p in folder.glob("*.md") if p.name not in {"index.md", *names})
    return [{"Guide": [f"{GUIDE}/index.md", *(f"{GUIDE}/{name}" for name in names)]}]
