"""Each of the five rulebooks imported from scratch beside its hand-structured system,
built once, and the two compared: pages, entries, linked terms, inline dice, roll tables,
the checks, statuses, tracker and builder each declares (the importer reads them from the
book's words), and its tool pages (calculators, builder, tracker). Prints a Markdown table
(the one in ``docs/guide/importing.md``).

    .venv/bin/python scripts/compare_import.py
"""

from __future__ import annotations

import sys
import tempfile
from collections import Counter
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rulebinder.importer.command import Options, run  # noqa: E402
from tests.sitebuild import copy_project, mkdocs_build  # noqa: E402

LINKABLE = {"term", "attribute", "art", "ability", "status"}


def figures(root: Path, site: Path, system: str) -> dict[str, object]:
    """What one system has, from its rules data and its built pages."""
    folder = root / "rules_data" / system
    meta = yaml.safe_load((folder / "system.yml").read_text(encoding="utf-8"))["system"]
    kinds: Counter[str] = Counter()
    rolls = 0
    for page in meta["pages"]:
        doc = yaml.safe_load((folder / f"{page}.yml").read_text(encoding="utf-8"))
        for entry in doc.get("entries") or []:
            kinds[entry["kind"]] += 1
            rolls += bool(entry["kind"] == "table" and entry.get("roll"))
    pages = [p for p in (site / system).rglob("index.html") if "print" not in p.parts]
    html = "".join(p.read_text(encoding="utf-8") for p in pages)
    docs = root / "docs" / system
    extras = [name for name, file in (("calculators", "calculators.md"),
                                      ("builder", "builder.md"), ("tracker", "tracker.md"))
              if (docs / file).exists()]
    return {
        "pages": len(meta["pages"]),
        "entries": sum(kinds.values()),
        "linkable": sum(kinds[k] for k in LINKABLE),
        "dice": html.count("data-dice="),
        "rolls": rolls,
        "calculators": kinds["calculator"],
        "read": ", ".join(f"{kinds[k]} {k}{'es' if k == 'status' and kinds[k] != 1 else ''}"
                          f"{'s' if k != 'status' and kinds[k] != 1 else ''}"
                          for k in ("check", "status", "tracker", "builder") if kinds[k]) or "—",
        "extras": ", ".join(extras) or "—",
    }


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = copy_project(Path(tmp) / "project")
        hand = sorted(p.parent.name for p in (root / "rules_data").glob("*/system.yml"))
        pairs = []
        for number, system in enumerate(hand):
            meta = yaml.safe_load((root / "rules_data" / system / "system.yml").read_text())
            seed = meta["system"]["seed"]
            new = f"imported_{number}"
            said: list[str] = []
            status = run(Options([root / "sources" / seed], new, root=root), said.append)
            assert status == 0, "\n".join(said)
            pairs.append((system, new))
        site = Path(tmp) / "site"
        result = mkdocs_build(root, site)
        assert result.returncode == 0, result.stdout + result.stderr
        print("| book | version | pages | entries | terms & other linkable entries | "
              "inline dice | roll tables | calculators in rules data | checks, statuses, "
              "tracker, builder in rules data | tool pages |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for system, new in pairs:
            for label, name in (("hand-structured", system), ("imported", new)):
                f = figures(root, site, name)
                print(f"| {system} | {label} | {f['pages']} | {f['entries']} | {f['linkable']} "
                      f"| {f['dice']} | {f['rolls']} | {f['calculators']} | {f['read']} "
                      f"| {f['extras']} |")


if __name__ == "__main__":
    main()
