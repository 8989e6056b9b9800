"""Benchmark: MkDocs build time of the real site and of synthetic systems.

Generates a synthetic system with 1,000, 5,000 and 10,000 entries (terms,
abilities, tables and sections whose text mentions other terms, so the
cross-linker works on every entry) in a temporary copy of the project and
times ``mkdocs build`` for each. Growth should be close to linear.

Usage: .venv/bin/python scripts/bench_build.py [sizes...]
"""

from __future__ import annotations

import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.sitebuild import copy_project, mkdocs_build  # noqa: E402

SEED = "004_d50dc5f42222ed7e.txt"
PER_PAGE = 100


def synthetic_system(folder: Path, docs: Path, size: int, rng: random.Random) -> None:
    """Write a system 'synth' with ``size`` entries, ``PER_PAGE`` per page."""
    folder.mkdir(parents=True)
    docs.mkdir(parents=True)
    terms = [f"Quark{i}" for i in range(size)]
    pages = []
    lines: list[str] = []
    for i in range(size):
        if i % PER_PAGE == 0:
            if lines:
                (folder / f"{pages[-1]}.yml").write_text("\n".join(lines) + "\n")
            pages.append(f"p{i // PER_PAGE:04d}")
            lines = [f"page: {{title: Page {i // PER_PAGE}}}", "entries:"]
        mentions = " and ".join(rng.choice(terms) for _ in range(5))
        text = f"The rule of {mentions} applies when a Quark{i} Field is in play."
        src = f"    source: {{file: {SEED}, heading: Synthetic}}"
        kind = ("term", "ability", "table", "section")[i % 4]
        lines += [f"  - kind: {kind}", f"    id: synth.e{i}", f"    name: Quark{i}"]
        if kind == "term":
            lines += [f"    text: {text}", "    aliases: [Quark" + str(i) + " Field]"]
        elif kind == "ability":
            lines += [
                "    group: synth.e3",
                "    level: 4",
                "    fields:",
                "      - Type: Action",
                "      - Range: '3'",
                f"      - Effect: {text}",
            ]
        elif kind == "table":
            lines += ["    columns: [Roll, Result]", "    rows:"]
            lines += [f"      - [{r}, {rng.choice(terms)} {r}]" for r in range(2, 13)]
        else:
            lines[-1] = f"    name: Section {i}"
            lines += ["    level: 3", f"    text: {text}"]
        lines.append(src)
    (folder / f"{pages[-1]}.yml").write_text("\n".join(lines) + "\n")
    system = [
        "system:",
        "  id: synth",
        "  name: Synthetic",
        f"  seed: {SEED}",
        "  text: A generated system for the build benchmark.",
        "  pages:",
    ] + [f"    - {p}" for p in pages]
    (folder / "system.yml").write_text("\n".join(system) + "\n")
    (docs / "index.md").write_text("# Synthetic\n")
    for page in pages:
        (docs / f"{page}.md").write_text("{{ rules_page() }}\n")


def build_seconds(project: Path) -> float:
    """Wall time of one ``mkdocs build --strict`` of ``project``."""
    start = time.perf_counter()
    result = mkdocs_build(project, project / "out", None, "-q")
    elapsed = time.perf_counter() - start
    if result.returncode:
        raise SystemExit(result.stdout + result.stderr)
    return elapsed


def main(sizes: list[int]) -> None:
    """Print a table of build times."""
    with tempfile.TemporaryDirectory() as tmp:
        base = copy_project(Path(tmp) / "base")
        rows = [
            ("real site", sum(1 for _ in (base / "rules_data").rglob("*.yml")), build_seconds(base))
        ]
        for size in sizes:
            project = Path(tmp) / f"p{size}"
            shutil.copytree(base, project, symlinks=True)
            synthetic_system(
                project / "rules_data" / "synth",
                project / "docs" / "synth",
                size,
                random.Random(size),
            )
            rows.append((f"synthetic {size:,} entries", size, build_seconds(project)))
    print(f"{'build':<28}{'seconds':>9}{'ms/entry':>10}")
    for label, count, seconds in rows:
        per = f"{seconds * 1000 / count:.2f}" if label.startswith("synthetic") else "-"
        print(f"{label:<28}{seconds:>9.2f}{per:>10}")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1000, 5000, 10000])
