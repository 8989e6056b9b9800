"""The guide's examples (``docs/guide/``) that no other test reads: each is run or held
against the code and data it shows, so none goes stale. (The others: the worked examples
of ``authoring.md``, ``tests/test_authoring_examples.py``; the YAML calculator of
``adding-a-book.md``, ``tests/test_declared.py``; the book's Python of ``python.md``,
``tests/test_plugin.py``; the publishing commands, ``tests/test_readme.py``.)"""

from __future__ import annotations

import re
import textwrap
from fractions import Fraction
from pathlib import Path

import yaml

from calculators import declared

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "guide"


def fenced(page: str, language: str = "") -> list[str]:
    """The fenced blocks of a guide page marked ``language`` (none: unmarked)."""
    blocks: list[tuple[str, str]] = []
    info: str | None = None
    for line in (GUIDE / page).read_text(encoding="utf-8").splitlines(keepends=True):
        if info is None and line.startswith("```"):
            info, body = line[3:].strip(), ""
        elif info is not None and line.startswith("```"):
            blocks.append((info, body))
            info = None
        elif info is not None:
            body += line
    return [body for kind, body in blocks if kind == language]


def test_a_moves_three_bands_are_one_named_roll() -> None:
    """``adding-a-book.md``: the three bands read one roll (44.4% partial at Edge +1);
    the formula written without the name rolls twice (52.2%), as the page says."""
    (block,) = [b for b in fenced("adding-a-book.md", "yaml") if b.startswith("  let:")]
    entry = {
        "kind": "calculator",
        "id": "demo.move",
        "name": "Move",
        "rule": "demo.move",
        "inputs": [{"name": "edge", "kind": "int", "label": "Edge", "default": 1}],
        **yaml.safe_load(textwrap.dedent(block)),
    }
    text = (GUIDE / "adding-a-book.md").read_text(encoding="utf-8")
    twice = re.search(r"Written without the name, `([^`]+)`", text)
    assert twice and "(52.2% instead of 44.4% at Edge +1)" in text
    entry["outputs"].append({"name": "twice", "label": "x", "kind": "fraction",
                             "value": twice.group(1)})
    assert declared.problems(entry, lambda ref: None) == []
    result = declared.build(entry).compute(edge=1, seed=None)
    bands = [Fraction(result[name]) for name in ("full", "partial", "miss")]
    assert sum(bands) == 1 and round(float(bands[1]) * 100, 1) == 44.4
    assert round(float(Fraction(result["twice"])) * 100, 1) == 52.2


def test_the_cores_python_example_answers() -> None:
    """``calculators.md``: ``catalog()`` and ``run()`` as shown, with exact odds."""
    (block,) = fenced("calculators.md", "python")
    found: dict[str, object] = {}
    for line in block.strip().splitlines():
        code = line.split("  #")[0].strip()
        if code.startswith("import "):
            exec(code, found)  # noqa: S102 - the page's own example
        else:
            found[code.split("(")[0]] = eval(code, found)  # noqa: S307
    catalog = found["calculators.catalog"]
    assert isinstance(catalog, list) and "arts.contest" in {c["id"] for c in catalog}
    answer = found["calculators.run"]
    assert isinstance(answer, dict) and re.fullmatch(r"\d+/\d+", answer["p_success"])


def test_the_marked_rolls_shown_are_marks_of_the_books() -> None:
    """``calculators.md``: each ``[words]{mark}`` shown is in a book's rules data as written
    (the five books); a ``check=`` mark, which the importer writes, names the check of the
    test book *Night Shift* and has the words ``tests/test_import_mechanics.py`` finds."""
    (block,) = fenced("calculators.md")
    marks = re.findall(r"\[[^\]]+\]\{[^}]+\}", block)
    assert len(marks) == 5
    data = [p.read_text(encoding="utf-8") for p in (ROOT / "rules_data").rglob("*.yml")]
    checks = [m for m in marks if "{check=" in m]
    missing = [m for m in marks if m not in checks and not any(m in text for text in data)]
    assert not missing, missing
    night_shift = ROOT / "tests" / "data" / "books" / "heist" / "rules_data" / "heist"
    entries = [e for p in night_shift.glob("*.yml")
               for e in yaml.safe_load(p.read_text(encoding="utf-8")).get("entries") or []]
    importer_test = (ROOT / "tests" / "test_import_mechanics.py").read_text(encoding="utf-8")
    for mark in checks:
        parts = re.fullmatch(r"\[([^\]]+)\]\{check=([\w.]+)\}", mark)
        assert parts, mark
        words, check = parts.groups()
        assert [e["kind"] for e in entries if e["id"] == check] == ["check"], check
        assert f'f"[{words}]{{{{check=' in importer_test


def test_the_plugins_options_are_shown_with_their_defaults() -> None:
    """``publishing.md``: every option of the plugin, each with its default."""
    from rulebinder.plugin import RulebinderConfig

    (block,) = [b for b in fenced("publishing.md", "yaml") if "rulebinder:" in b]
    shown = yaml.safe_load(block)["plugins"][1]["rulebinder"]
    defaults = {name: option.default for name, option in RulebinderConfig._schema}
    assert shown == defaults


def test_the_data_layout_names_the_projects_folders() -> None:
    """``architecture.md``: each path of the layout is there (``<system>`` as a book's id,
    ``<page>`` as one of its pages, ``<file>`` as a rulebook)."""
    (block,) = fenced("architecture.md")
    paths = [line.split()[0] for line in block.splitlines() if not line.startswith(" ")]
    assert len(paths) == 8
    filled = {"<system>": "pendragon", "<id>": "pendragon", "<page>": "damage",
              "<file>": "004_d50dc5f42222ed7e.txt"}
    for path in paths:
        for hole, value in filled.items():
            path = path.replace(hole, value)
        assert (ROOT / path).exists(), path


#: Paths the guide names that no checkout holds: the importer writes them into an author's
#: project, or the build makes them (the print pages are virtual files).
NOT_IN_A_CHECKOUT = {
    "rules_data/<id>/import.yml",
    "rules_data/<id>/refine.yml",
    "rules_data/<id>/house_rules.yml",
    "docs/<id>/house_rules.md",
    "docs/<system>/print.md",
}
#: The project's own folders: a path of the guide starting with one of them is a file of it.
TOP = ("calculators/", "macros/", "tests/", "scripts/", "rulebinder/", "docs/", "rules_data/",
       "sources/", ".ci/")


def test_every_path_the_guide_names_is_in_the_project() -> None:
    """A file or folder named in the guide (in backticks, starting at one of the project's
    folders) exists, ``<id>``, ``<system>`` or ``<book>`` as some book's id; nothing is
    left pointing at a moved file (as ``calculators/<id>/`` once was)."""
    books = [p.name for p in (ROOT / "rules_data").iterdir() if (p / "system.yml").is_file()]
    missing = []
    for page in sorted(GUIDE.glob("*.md")):
        for token in re.findall(r"`([^`\s]+)`", page.read_text(encoding="utf-8")):
            path = token.rstrip(".,;:").split("::")[0]
            if not path.startswith(TOP) or "lanterns" in path or path in NOT_IN_A_CHECKOUT:
                continue
            filled = [re.sub(r"<(id|system|book)>", book, path) for book in books]
            if any("<" in p or "*" in p for p in filled):
                continue  # <page>, <file>, <chapter>: any of many
            if not any((ROOT / p).exists() for p in filled):
                missing.append(f"{page.name}: {path}")
    assert not missing, missing
