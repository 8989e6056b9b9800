"""The repository stands alone: what a clone holds is all the project reads.

The rulebooks are in ``sources/`` and the calculator contract in
``calculators/README.md``; nothing reads a folder beside the repository.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: A folder beside the repository that the project must never read (the team's own notes).
BESIDE = "/".join(("..", "shared"))


def tracked_files() -> list[str]:
    """Every file git tracks, as a clone would have it."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return [name for name in listed.split("\0") if name]


def lone_clone(target: Path) -> Path:
    """A copy of every tracked file at ``target`` (work-tree contents), nothing beside it.

    Like ``git clone`` of the work tree: an edit not yet committed is copied, a
    file never added to git is not (so a test that needs it fails here too).
    """
    for name in tracked_files():
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    return target


def test_a_lone_clone_collects_the_whole_test_suite(tmp_path: Path) -> None:
    clone = lone_clone(tmp_path / "alone" / "rulebinder")
    assert sorted(p.name for p in clone.parent.iterdir()) == ["rulebinder"]
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q"],
        cwd=clone,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    collected = re.search(r"(\d+) tests? collected", result.stdout)
    assert collected and int(collected.group(1)) > 1000, result.stdout[-2000:]
    assert "error" not in result.stdout.lower().split("collected")[-1]


def test_the_contract_and_the_rulebooks_are_read_from_a_lone_clone(tmp_path: Path) -> None:
    clone = lone_clone(tmp_path / "alone" / "rulebinder")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "tests/test_calculators.py::test_contract_is_parsed",
            "tests/test_seed_coverage.py::test_every_seed_has_a_system",
            "tests/test_loader.py::test_good_data_loads",
        ],
        cwd=clone,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "3 passed" in result.stdout


def test_no_tracked_file_reads_beside_the_repository() -> None:
    readers = [
        name
        for name in tracked_files()
        if not name.endswith((".md", ".txt", ".yml", ".png"))
        and (ROOT / name).is_file()
        and BESIDE in (ROOT / name).read_text(encoding="utf-8", errors="replace")
    ]
    assert readers == []


def test_the_rulebooks_are_kept_unchanged() -> None:
    """Each system's seed is in sources/ with the seed's own name and text (not repaired)."""
    names = sorted(p.name for p in (ROOT / "sources").iterdir())
    assert names == [
        "000_d5674467426760d8.txt",
        "001_5793a0311d94abe5.txt",
        "002_bcc942466b68b8b3.txt",
        "003_21dcbe496008b3b2.txt",
        "004_d50dc5f42222ed7e.txt",
    ]
    glittershard = (ROOT / "sources" / "002_bcc942466b68b8b3.txt").read_text(encoding="utf-8")
    assert "\u00e2\u20ac\u2122" in glittershard  # the mojibake is the source's own
