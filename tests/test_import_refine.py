"""Refinements that survive a re-import (issue #36, part 4): ``refine.yml`` renames, re-kinds,
merges and splits entries, adds and drops aliases and unlinks names, applied by the build;
``--force`` keeps hand edits as backups; ``--dry-run`` lists the entries and ends as the real
run would; a built-in id is refused with nothing written; long error lists are capped.

Each refinement has its own small book in ``tests/data/import/refine/``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from macros.load.errors import RulesDataError
from macros.load.loader import load_rules
from macros.load.rulesdata import RulesData
from macros.render.render import Renderer
from rulebinder.importer.command import Options, run
from rulebinder.importer.write import REFINE_TEMPLATE
from tests.test_guide import fenced

BOOKS = Path(__file__).parent / "data" / "import" / "refine"
AT = REFINE_TEMPLATE.count("\n") + 2
"""The line of the first refinement the tests add after the importer's template."""


def imported(root: Path, source: Path, system: str, **options: object) -> tuple[int, str]:
    """Run the import in ``root``; its exit status and everything it said."""
    said: list[str] = []
    status = run(Options([source], system, root=root, **options), said.append)  # type: ignore[arg-type]
    return status, "\n".join(said)


def files_of(root: Path) -> dict[str, bytes]:
    """Every file under ``root``, by relative path."""
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


def refined(root: Path, book: str, refine: str, source: Path | None = None) -> RulesData:
    """``book``'s import (from ``source``, else the test book) into ``root`` as the system
    ``book``, with ``refine`` after the importer's ``refine.yml`` template, loaded as the build
    loads it."""
    status, said = imported(root, source or BOOKS / f"{book}.md", book)
    assert status == 0, said
    path = root / "rules_data" / book / "refine.yml"
    path.write_text(path.read_text(encoding="utf-8") + refine, encoding="utf-8")
    return load_rules(root / "rules_data")


def page(data: RulesData, doc: str) -> str:
    """The Markdown the build renders for a page (``system/page``)."""
    return Renderer(data).page(data.page(doc), f"{doc}.md")


def problems(root: Path) -> list[str]:
    with pytest.raises(RulesDataError) as caught:
        load_rules(root / "rules_data")
    return [str(p) for p in caught.value.problems]


def test_rename_keeps_the_id_and_survives_a_reimport(tmp_path: Path) -> None:
    source = tmp_path / "mine" / "rename.md"
    source.parent.mkdir()
    source.write_text((BOOKS / "rename.md").read_text())
    root = tmp_path / "project"
    root.mkdir()
    data = refined(root, "rename", "rename:\n  rename.heave: Haul\n", source)
    entry = data.entry("rename.heave")
    assert entry.name == "Haul"
    glossary = page(data, "rename/glossary")
    assert '<span class="rb-anchor" id="rename-heave"' in glossary and "**Haul:**" in glossary
    assert "**Heave:**" not in glossary
    source.write_text(source.read_text().replace("drifts", "drifts away"))  # the book changes
    assert imported(root, source, "rename")[0] == 1
    status, said = imported(root, source, "rename", force=True)
    assert status == 0, said
    assert "Haul" in (root / "rules_data" / "rename" / "refine.yml").read_text()
    again = load_rules(root / "rules_data")
    assert again.entry("rename.heave").name == "Haul"
    assert "drifts away" in str(again.entry("rename.sailing").get("text"))


def test_rekind_makes_a_term_a_status(tmp_path: Path) -> None:
    data = refined(tmp_path, "rekind", "kind:\n  rekind.frozen: status\n")
    entry = data.entry("rekind.frozen")
    assert (entry.kind, entry.get("group")) == ("status", "status")
    assert [e.id for e in data.of_kind("status")] == ["rekind.frozen"]
    assert [e.id for e in data.of_kind("term")] == []


def test_rekind_to_a_kind_the_entry_does_not_fit_is_refused_at_its_line(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError):
        refined(tmp_path, "rekind", "kind:\n  rekind.frozen: art\n")
    found = problems(tmp_path)
    assert f"rules_data/rekind/refine.yml:{AT}: kind.rekind.frozen: as kind art, attributes: " \
        "required field is missing" in found, found
    assert all(p.startswith(f"rules_data/rekind/refine.yml:{AT}: ") for p in found)


def test_aliases_are_added_and_dropped(tmp_path: Path) -> None:
    data = refined(tmp_path, "aliases",
                   "aliases:\n  aliases.hold: {add: [grapple], drop: [holds, Holds]}\n")
    assert data.entry("aliases.hold").get("aliases") == ["hold", "grapple"]
    fighting = page(data, "aliases/fighting")
    assert re.search(r"may \[grapple\]\(glossary\.md#aliases-hold ", fighting), fighting


def test_dropping_an_alias_the_entry_lacks_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError):
        refined(tmp_path, "aliases", "aliases:\n  aliases.hold: {drop: [Clinch]}\n")
    assert problems(tmp_path) == [
        f"rules_data/aliases/refine.yml:{AT}: aliases.aliases.hold.drop: 'Clinch' is not an alias "
        "of aliases.hold (its aliases: Holds, hold, holds)"
    ]


def test_merge_absorbs_the_text_and_names_and_the_id_resolves(tmp_path: Path) -> None:
    data = refined(tmp_path, "merge", "merge:\n  merge.cover: [merge.shelter]\n")
    assert "merge.shelter" not in data.entries
    cover = data.entry("merge.shelter")
    assert cover.id == "merge.cover"
    assert str(cover.get("text")).endswith("\n\nA scout behind a wall or a tree is sheltered "
                                           "from arrows.")
    assert {"Shelter", "shelter"} <= set(cover.get("aliases"))
    assert [e.id for e in data.page("merge/glossary").entries] == ["merge.cover"]
    terrain = page(data, "merge/terrain")
    assert re.search(r"in \[Shelter\]\(glossary\.md#merge-cover ", terrain), terrain


def test_split_makes_a_new_entry_from_a_paragraph_on(tmp_path: Path) -> None:
    data = refined(tmp_path, "split",
                   "split:\n  split.travel: {at: 3, id: split.camping, name: Camping}\n")
    travel, camping = data.page("split/travel").entries
    assert (camping.id, camping.kind, camping.name) == ("split.camping", "section", "Camping")
    assert str(travel.get("text")).endswith("checks its axle.")
    assert str(camping.get("text")).startswith("At night the caravan camps.")
    assert str(camping.get("text")).endswith("always at dusk.")
    assert "\n## Camping { #split-camping }\n" in page(data, "split/travel")


def test_a_split_at_a_paragraph_the_text_lacks_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError):
        refined(tmp_path, "split", "split:\n  split.travel: {at: 9, id: split.x, name: X}\n")
    assert problems(tmp_path) == [
        f"rules_data/split/refine.yml:{AT}: split.split.travel.at: must be a paragraph from 2 to 4 "
        "of split.travel's text (blocks apart by a blank line); got 9"
    ]


HAGGLE = "[Haggle](trading.md#unlink-haggle "


@pytest.mark.parametrize(("where", "linked"), [
    ("[unlink.stalls]", {"trading": True, "stalls": False, "rumours": True}),
    ("[rumours]", {"trading": True, "stalls": True, "rumours": False}),
    ("true", {"trading": False, "stalls": False, "rumours": False}),
])
def test_unlink_in_an_entry_on_a_page_or_everywhere(
    tmp_path: Path, where: str, linked: dict[str, bool]
) -> None:
    data = refined(tmp_path, "unlink", f"unlink:\n  unlink.haggle: {where}\n")
    for name, expected in linked.items():
        shown = page(data, f"unlink/{name}").replace("glossary.md#", "trading.md#")
        assert ("[Haggle](" in shown) is expected, (name, shown)


def test_unlinking_where_the_book_has_no_such_place_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError):
        refined(tmp_path, "unlink", "unlink:\n  unlink.haggle: [bazaar]\n")
    assert problems(tmp_path) == [
        f"rules_data/unlink/refine.yml:{AT}: unlink.unlink.haggle: no entry or page 'bazaar' in "
        "unlink (pages: trading, stalls, rumours, glossary)"
    ]


def test_a_refinement_naming_no_entry_is_refused_at_its_line(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError):
        refined(tmp_path, "rename", "rename:\n  rename.heave: Haul\n  rename.nope: Nope\n")
    assert problems(tmp_path) == [
        f"rules_data/rename/refine.yml:{AT + 1}: rename.rename.nope: no entry 'rename.nope' in "
        "rename"
    ]


def test_force_keeps_each_hand_edited_file_as_a_backup_named_in_the_output(
    tmp_path: Path,
) -> None:
    assert imported(tmp_path, BOOKS / "rename.md", "rename")[0] == 0
    edited = tmp_path / "docs" / "rename" / "sailing.md"
    edited.write_text(edited.read_text() + "My own note.\n")
    status, said = imported(tmp_path, BOOKS / "rename.md", "rename")
    assert status == 2 and "docs/rename/sailing.md: was edited by hand" in said
    status, said = imported(tmp_path, BOOKS / "rename.md", "rename", force=True)
    backup = "rules_data/rename/.backup/docs/rename/sailing.md.edited-1"
    assert status == 0 and f"kept your edit of docs/rename/sailing.md as {backup}" in said
    assert (tmp_path / backup).read_text().endswith("My own note.\n")
    assert "My own note." not in edited.read_text()
    edited.write_text(edited.read_text() + "Another note.\n")
    status, said = imported(tmp_path, BOOKS / "rename.md", "rename", force=True)
    assert status == 0 and backup.replace("-1", "-2") in said
    load_rules(tmp_path / "rules_data")  # the backups are not rules data


def test_a_dry_run_lists_the_entries_and_writes_nothing(tmp_path: Path) -> None:
    status, said = imported(tmp_path, BOOKS / "unlink.md", "unlink", dry_run=True)
    assert status == 0
    assert "page stalls (Stalls): 1 entries" in said
    assert "  term      unlink.haggle  Haggle" in said
    assert files_of(tmp_path) == {}


def test_a_dry_run_ends_with_the_real_runs_refusal_and_status(tmp_path: Path) -> None:
    source = tmp_path / "book.md"
    source.write_text((BOOKS / "split.md").read_text())
    root = tmp_path / "project"
    root.mkdir()
    assert imported(root, source, "split")[0] == 0
    source.write_text(source.read_text().replace("twenty miles", "thirty miles"))
    before = files_of(root)
    status, said = imported(root, source, "split", dry_run=True)
    assert status == 1, said
    assert "changed  split.travel" in said and "a real run would write nothing" in said
    assert imported(root, source, "split")[0] == 1
    edited = root / "rules_data" / "split" / "travel.yml"
    edited.write_text(edited.read_text() + "# mine\n")
    before = files_of(root)
    status, said = imported(root, source, "split", dry_run=True)
    assert status == 2 and "rules_data/split/travel.yml: was edited by hand" in said
    assert imported(root, source, "split")[0] == 2
    status, said = imported(root, source, "split", dry_run=True, force=True)
    assert status == 0 and "would keep your edit of rules_data/split/travel.yml" in said
    assert files_of(root) == before


@pytest.mark.parametrize("system", ["arts", "pendragon", "assets"])
def test_a_built_in_or_reserved_id_is_refused_with_nothing_written(
    tmp_path: Path, system: str
) -> None:
    status, said = imported(tmp_path, BOOKS / "rename.md", system)
    assert status == 2 and f"error: --system: {system!r} is " in said, said
    assert "nothing was written" in said
    assert files_of(tmp_path) == {}


def test_an_id_taken_by_a_page_of_the_project_is_refused(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "rules.md").write_text("# Rules\n")
    status, said = imported(tmp_path, BOOKS / "rename.md", "rules")
    assert status == 2 and "'rules' is taken by docs/rules of this project" in said


def test_a_duplicate_heavy_books_errors_are_capped_with_a_count(tmp_path: Path) -> None:
    status, said = imported(tmp_path, BOOKS / "duplicates.md", "grove")
    assert status == 2
    errors = [line for line in said.splitlines() if line.startswith("error: ")]
    assert len(errors) == 20
    more = re.search(r"^\.\.\. and 5 more \(5 of: two terms named '…' \(the first at "
                     r"duplicates\.md:…\)\); every one is in (\S+)$", said, re.MULTILINE)
    assert more, said
    kept = Path(more.group(1)).read_text(encoding="utf-8").splitlines()
    assert len(kept) == 25 and kept[-1].startswith("duplicates.md:203: two terms named 'Laurel'")
    Path(more.group(1)).unlink()


def test_the_builds_problem_list_is_capped_with_a_count(tmp_path: Path) -> None:
    renames = "".join(f"  rename.missing_{n}: Name {n}\n" for n in range(30))
    with pytest.raises(RulesDataError) as caught:
        refined(tmp_path, "rename", "rename:\n" + renames)
    shown = caught.value.shown().splitlines()
    assert shown[0] == "rules data has 30 problems:" and len(shown) == 22
    assert shown[-1].startswith("... and 10 more (10 of: rename.rename.missing_…: no entry '…' "
                                "in rename); every one is in ")
    kept = Path(shown[-1].rsplit(" ", 1)[1])
    assert len(kept.read_text(encoding="utf-8").splitlines()) == 30
    kept.unlink()


def test_the_guides_refine_example_does_what_it_says(tmp_path: Path) -> None:
    """``importing.md``'s ``refine.yml`` example, as written, on ``guide.md`` imported as
    ``mybook``; the template the importer writes shows the same keys."""
    (block,) = fenced("importing.md", "yaml")
    source = tmp_path / "guide.md"
    source.write_text((BOOKS / "guide.md").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "project").mkdir()
    data = refined(tmp_path / "project", "mybook", block, source)
    cover = data.entry("mybook.shelter")
    assert cover.id == "mybook.cover" and "Shelter" in cover.get("aliases")
    assert data.entry("mybook.camping").get("text").startswith("At night")
    assert data.entry("mybook.heave").name == "Haul"
    assert data.entry("mybook.frozen").kind == "status"
    hold = data.entry("mybook.hold").get("aliases")
    assert "grapple" in hold and "holds" not in hold
    assert "[Haggle](" not in page(data, "mybook/market")
    for key in yaml.safe_load(block):
        assert f"# {key}: {{mybook." in REFINE_TEMPLATE, key


def test_rekind_makes_a_status_a_term_without_its_group(tmp_path: Path) -> None:
    """A status of the author's own page (``pages``) re-kinded: its status group goes."""
    assert imported(tmp_path, BOOKS / "rekind.md", "rekind")[0] == 0
    folder = tmp_path / "rules_data" / "rekind"
    (folder / "own.yml").write_text(
        "page: {title: Own}\nentries:\n- kind: status\n  id: rekind.numb\n  name: Numb\n"
        "  group: status\n  text: A Numb warden feels no cold.\n"
        "  source: {file: rekind.md, heading: Frost Wardens > Hazards}\n")
    (folder / "refine.yml").write_text("pages: [own]\nkind:\n  rekind.numb: term\n")
    numb = load_rules(tmp_path / "rules_data").entry("rekind.numb")
    assert numb.kind == "term" and "group" not in numb.data


def test_refinements_reach_the_built_pages(tmp_path: Path) -> None:
    """A real ``mkdocs build`` of an author's project with refinements: the renamed, merged
    and re-kinded entries and the unlinked name are so on the HTML a reader gets."""
    from rulebinder.new import create
    from tests.declaredbook import FAST, build_project

    project = tmp_path / "project"
    create(project, "Reed Scouts", say=lambda _: None)
    config = project / "mkdocs.yml"
    config.write_text(config.read_text("utf-8").replace("  - rulebinder\n", FAST), "utf-8")
    refined(project, "merge", "merge:\n  merge.cover: [merge.shelter]\n"
            "rename:\n  merge.cover: Hard Cover\nkind:\n  merge.cover: status\n")
    site = build_project(project, tmp_path / "site")
    glossary = (site / "merge" / "glossary" / "index.html").read_text(encoding="utf-8")
    assert 'id="merge-cover"' in glossary and "Hard Cover" in glossary
    assert "sheltered from arrows" in glossary  # the merged entry's text
    assert 'id="merge-shelter"' in glossary  # a link to the merged entry still lands on it
    terrain = (site / "merge" / "terrain" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a href="../glossary/#merge-cover"[^>]*>Shelter</a>', terrain), terrain
