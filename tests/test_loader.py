"""The loader rejects broken rules data with every problem as file:line: field: message."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from macros.load.errors import RulesDataError
from macros.load.loader import load_rules
from tests.sitebuild import copy_project, mkdocs_build

ROOT = Path(__file__).resolve().parents[1]
SEED = "004_d50dc5f42222ed7e.txt"
SYSTEM = f"""\
system:
  id: demo
  name: Demo
  seed: {SEED}
  text: A demo system.
  pages: [rules]
  summary:
    game: A demo game.
    dice: Roll 2d6.
    damage: Fatigue.
    creation: None.
    start: rules
  rulebook: {{lines: 3, holds: A demo.}}
"""
GOOD_ENTRY = f"""\
  - kind: term
    id: demo.fatigue
    name: Fatigue
    text: A point of tiredness.
    source: {{file: {SEED}, heading: Combat}}
"""


def write(root: Path, rules: str, system: str = SYSTEM) -> Path:
    folder = root / "rules_data" / "demo"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "system.yml").write_text(system)
    (folder / "rules.yml").write_text(textwrap.dedent(rules))
    (root / "sources").mkdir(exist_ok=True)
    (root / "sources" / SEED).write_text("# Combat\n\n## Combat Arts\n")
    return root / "rules_data"


def problems(root: Path) -> list[str]:
    with pytest.raises(RulesDataError) as caught:
        load_rules(root)
    return [str(p) for p in caught.value.problems]


def test_good_data_loads(tmp_path: Path) -> None:
    data = load_rules(write(tmp_path, "page: {title: Rules}\nentries:\n" + GOOD_ENTRY))
    assert data.entry("demo.fatigue").name == "Fatigue"
    assert data.entry("demo.fatigue").line == 3


def test_missing_source_file(tmp_path: Path) -> None:
    root = write(tmp_path, "page: {title: Rules}\nentries:\n" + GOOD_ENTRY)
    (tmp_path / "sources" / SEED).unlink()
    assert problems(root) == [
        f"rules_data/demo/system.yml:4: system.seed: no file sources/{SEED}"
        " (the rulebook this system is built from)"
    ]


def test_missing_field(tmp_path: Path) -> None:
    rules = f"""\
    page: {{title: Rules}}
    entries:
      - kind: term
        id: demo.stress
        name: Stress
        source: {{file: {SEED}, heading: Combat}}
    """
    assert problems(write(tmp_path, rules)) == [
        "rules_data/demo/rules.yml:3: entries[0].text: required field is missing"
    ]


def test_wrong_type_and_unknown_field(tmp_path: Path) -> None:
    rules = f"""\
    page: {{title: Rules}}
    entries:
      - kind: section
        id: demo.combat
        name: Combat
        level: eleven
        colour: red
        source: {{file: {SEED}, heading: Combat}}
    """
    assert problems(write(tmp_path, rules)) == [
        "rules_data/demo/rules.yml:6: entries[0].level: "
        "expected a heading level from 2 to 6, got a string",
        "rules_data/demo/rules.yml:7: entries[0].colour: unknown field",
    ]


def test_duplicate_id(tmp_path: Path) -> None:
    found = problems(write(tmp_path, "page: {title: Rules}\nentries:\n" + GOOD_ENTRY + GOOD_ENTRY))
    assert found == [
        "rules_data/demo/rules.yml:9: entries[1].id: duplicate id 'demo.fatigue' "
        "(first defined at rules_data/demo/rules.yml:3)"
    ]


def test_dangling_and_wrong_kind_reference(tmp_path: Path) -> None:
    rules = (
        "page: {title: Rules}\nentries:\n"
        + GOOD_ENTRY
        + f"""\
  - kind: term
    id: demo.stress
    name: Stress
    text: Mental strain.
    see: demo.nowhere
    source: {{file: {SEED}, heading: Combat}}
  - kind: art
    id: demo.unarmed
    name: Unarmed
    group: combat
    level: 3
    attributes: [demo.fatigue]
    source: {{file: {SEED}, heading: Combat Arts}}
"""
    )
    assert problems(write(tmp_path, rules)) == [
        "rules_data/demo/rules.yml:12: entries[1].see: no entry with id 'demo.nowhere'",
        "rules_data/demo/rules.yml:19: entries[2].attributes: "
        "'demo.fatigue' is a term, expected a attribute",
    ]


def test_front_page_summary_fields_are_checked(tmp_path: Path) -> None:
    system = (
        SYSTEM.replace("    dice: Roll 2d6.\n", "")
        .replace("damage: Fatigue.", "damage: [Fatigue]")
        .replace("start: rules", "start: combat")
        .replace("rulebook: {lines: 3, holds: A demo.}", "rulebook: {lines: many, holds: A demo.}")
    )
    rules = "page: {title: Rules}\nentries:\n" + GOOD_ENTRY
    assert problems(write(tmp_path, rules, system)) == [
        "rules_data/demo/system.yml:8: system.summary.dice: required field is missing",
        "rules_data/demo/system.yml:9: system.summary.damage: expected Markdown text, got a list",
        "rules_data/demo/system.yml:12: system.rulebook.lines: "
        "expected a whole number, got a string",
    ]
    system = SYSTEM.replace("start: rules", "start: combat").replace(
        "  summary:\n", "  summary:\n    creation_page: x\n"
    )
    assert problems(write(tmp_path, rules, system)) == [
        "rules_data/demo/system.yml:8: system.summary.creation_page: "
        "must be one of this system's pages (rules); got 'x'",
        "rules_data/demo/system.yml:13: system.summary.start: "
        "must be one of this system's pages (rules); got 'combat'",
    ]


def test_a_system_without_summary_or_rulebook(tmp_path: Path) -> None:
    system = SYSTEM.split("  summary:")[0]
    rules = "page: {title: Rules}\nentries:\n" + GOOD_ENTRY
    assert problems(write(tmp_path, rules, system)) == [
        "rules_data/demo/system.yml:2: system.rulebook: required field is missing",
        "rules_data/demo/system.yml:2: system.summary: required field is missing",
    ]


def test_an_assumption_names_the_rule_it_fills(tmp_path: Path) -> None:
    rules = (
        "page: {title: Rules}\nentries:\n"
        + GOOD_ENTRY
        + f"""\
  - kind: assumption
    id: demo.rounding
    name: Rounding
    text: Round down.
    reason: The rulebook does not say.
    source: {{file: {SEED}, heading: Combat}}
"""
    )
    assert problems(write(tmp_path, rules)) == [
        "rules_data/demo/rules.yml:8: entries[1].applies_to: required field is missing"
    ]
    fixed = rules.replace("    reason:", "    applies_to: [demo.fatigue]\n    reason:")
    assert load_rules(write(tmp_path, fixed)).entry("demo.rounding").get("applies_to") == [
        "demo.fatigue"
    ]


def test_bad_yaml(tmp_path: Path) -> None:
    rules = "page: {title: Rules}\nentries:\n  - kind: term\n    name: [unclosed\n"
    found = problems(write(tmp_path, rules))
    assert len(found) == 1 and found[0].startswith("rules_data/demo/rules.yml:5: yaml: ")


def test_every_problem_is_listed_across_files(tmp_path: Path) -> None:
    system = SYSTEM.replace("pages: [rules]", "pages: [rules, missing]")
    rules = """\
    page: {title: Rules}
    entries:
      - kind: spell
        id: demo.x
      - kind: term
        id: Demo.Bad
        name: Bad
        text: x
        source: {file: other.txt, heading: H}
    """
    found = problems(write(tmp_path, rules, system))
    assert found == [
        "rules_data/demo/rules.yml:3: entries[0].kind: must be one of ability, art, assumption, "
        "attribute, builder, calculator, check, formula, prose, section, sidebar, status, table, "
        "term, tracker; got 'spell'",
        "rules_data/demo/rules.yml:6: entries[1].id: "
        "must look like 'demo.some_name' (lower case); got 'Demo.Bad'",
        "rules_data/demo/rules.yml:9: entries[1].source.file: "
        f"must name one of this system's seeds: {SEED}",
        "rules_data/demo/system.yml:6: system.pages: no file missing.yml",
    ]


def test_broken_data_stops_the_build_and_writes_no_site(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    broken = project / "rules_data" / "arts" / "dice.yml"
    broken.write_text(broken.read_text().replace("level: 3", "level: 9", 1))
    (project / "rules_data" / "arts" / "combat.yml").write_text(
        (project / "rules_data" / "arts" / "combat.yml")
        .read_text()
        .replace("kind: section", "kind: chapter", 1)
    )
    out = tmp_path / "out"
    result = mkdocs_build(project, out)
    log = result.stdout + result.stderr
    assert result.returncode != 0
    assert "rules_data/arts/dice.yml:" in log and ": entries[" in log and "level: expected" in log
    assert "rules_data/arts/combat.yml:" in log and "kind: must be one of" in log
    assert "Traceback" not in log
    assert not out.exists()


def test_two_linkable_entries_with_one_name_are_refused_naming_both(tmp_path: Path) -> None:
    second = GOOD_ENTRY.replace("demo.fatigue", "demo.tired").replace(
        "name: Fatigue", "name: Tired\n    aliases: [Fatigue]"
    )
    root = write(tmp_path, "page: {title: Rules}\nentries:\n" + GOOD_ENTRY + second)
    assert problems(root) == [
        "rules_data/demo/rules.yml:8: aliases: 'Fatigue' also names demo.fatigue "
        "(rules_data/demo/rules.yml:3): every mention would link to that one"
    ]


def test_a_wrong_line_count_of_the_rulebook_is_refused(tmp_path: Path) -> None:
    root = write(
        tmp_path,
        "page: {title: Rules}\nentries:\n" + GOOD_ENTRY,
        SYSTEM.replace("lines: 3", "lines: 30"),
    )
    assert problems(root) == [
        f"rules_data/demo/system.yml:13: system.rulebook.lines: is 30, but {SEED} has 3 lines"
    ]


def test_unsafe_html_is_dropped_with_a_warning_and_a_strict_build_fails(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    evil = GOOD_ENTRY.replace(
        "text: A point of tiredness.",
        "text: 'A <ins>point</ins> of <script>alert(1)</script>tiredness <img src=x "
        "onerror=alert(2)> [go](javascript:alert(3)).'",
    )
    root = write(tmp_path, "page: {title: Rules}\nentries:\n" + evil)
    with caplog.at_level("WARNING"):
        data = load_rules(root)
    text = data.entry("demo.fatigue").get("text")
    assert text == "A <ins>point</ins> of tiredness  [go]()."
    assert (
        "rules_data/demo/rules.yml:6: entries[0].text: unsafe HTML dropped: <script>, <img>, "
        "javascript: link"
    ) in caplog.text


def test_unsafe_html_never_reaches_a_built_page(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    page = project / "rules_data" / "pendragon" / "glossary.yml"
    page.write_text(
        page.read_text(encoding="utf-8").replace(
            "text: Each participant rolls an Initiative check",
            "text: <script>alert(1)</script>Each participant rolls an Initiative check",
            1,
        ),
        encoding="utf-8",
    )
    strict = mkdocs_build(project, tmp_path / "strict")
    assert strict.returncode != 0
    assert "glossary.yml:" in strict.stderr and "unsafe HTML dropped: <script>" in strict.stderr
    # `make build` publishes nothing of a failed build (site.tmp is dropped); even the
    # page MkDocs wrote before it gave up has the text without the script.
    written = tmp_path / "strict" / "pendragon" / "glossary" / "index.html"
    assert "alert(1)" not in written.read_text(encoding="utf-8")
    assert "Each participant rolls an Initiative check" in written.read_text(encoding="utf-8")


def test_a_source_heading_the_book_does_not_have_is_refused(tmp_path: Path) -> None:
    wrong = GOOD_ENTRY.replace("heading: Combat}", "heading: Combta}")
    root = write(tmp_path, "page: {title: Rules}\nentries:\n" + wrong)
    assert problems(root) == [
        f"rules_data/demo/rules.yml:7: entries[0].source.heading: 'Combta' is not a heading "
        f"(or label) of {SEED}"
    ]


def test_a_heading_split_by_an_unquoted_comma_is_refused(tmp_path: Path) -> None:
    split = GOOD_ENTRY.replace("heading: Combat}", "heading: Combat, and more}")
    root = write(tmp_path, "page: {title: Rules}\nentries:\n" + split)
    assert problems(root) == [
        "rules_data/demo/rules.yml:7: entries[0].source.and more: unknown field (a heading "
        "with a comma needs quotes)"
    ]
