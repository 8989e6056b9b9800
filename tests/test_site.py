"""The built site: strict build, link and anchor validation, cross-links with hover text."""

from __future__ import annotations

import re
from pathlib import Path

from tests.sitebuild import copy_project, mkdocs_build

ROOT = Path(__file__).resolve().parents[1]


def test_a_broken_anchor_fails_the_strict_build(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    page = project / "docs" / "arts" / "index.md"
    page.write_text(page.read_text() + "\nSee [nothing](glossary.md#no-such-anchor).\n")
    result = mkdocs_build(project, tmp_path / "out")
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
    result = mkdocs_build(ROOT, tmp_path / "out")
    assert result.returncode == 0
    assert "MkDocs 2.0" not in result.stdout + result.stderr
