"""The built site: strict build, link and anchor validation, cross-links with hover text."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build(project: Path, out: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
    )


def copy_project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    shutil.copytree(
        ROOT,
        project,
        ignore=shutil.ignore_patterns(
            ".venv*", "site", "site.tmp", "node_modules", ".git", "__pycache__"
        ),
    )
    if (ROOT / "node_modules").exists():
        (project / "node_modules").symlink_to(ROOT / "node_modules")
    return project


def test_a_broken_anchor_fails_the_strict_build(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    page = project / "docs" / "arts" / "index.md"
    page.write_text(page.read_text() + "\nSee [nothing](glossary.md#no-such-anchor).\n")
    result = build(project, tmp_path / "out")
    assert result.returncode != 0
    assert "no-such-anchor" in result.stdout + result.stderr


def test_mentions_link_to_definitions_with_hover_text(built_site: Path) -> None:
    html = (built_site / "arts" / "abilities" / "index.html").read_text(encoding="utf-8")
    link = re.search(r'<a href="([^"]+)" title="([^"]+)">Fatigue</a>', html)
    assert link, "Fatigue is not linked on the ability list"
    assert link.group(1) == "../glossary/#arts-fatigue"
    assert link.group(2).startswith("Fatigue: When a foe is successful")


def test_every_ability_and_status_has_an_anchor(built_site: Path) -> None:
    import yaml

    for name in ("abilities", "basic_abilities", "statuses"):
        data = yaml.safe_load((ROOT / "rules_data" / "arts" / f"{name}.yml").read_text())
        html = (built_site / "arts" / name / "index.html").read_text(encoding="utf-8")
        for entry in data["entries"]:
            assert f'id="{entry["id"].replace(".", "-")}"' in html, entry["id"]


def test_no_mkdocs_2_banner_in_the_build_output(tmp_path: Path) -> None:
    result = build(ROOT, tmp_path / "out")
    assert result.returncode == 0
    assert "MkDocs 2.0" not in result.stdout + result.stderr
