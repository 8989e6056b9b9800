"""Every URL of the site before the books were rearranged (issue #18) still answers.

``tests/data/site_paths_9f94596.txt`` lists every file a ``mkdocs build`` of commit
``9f94596`` published (pages, assets, the runtime's files, the service worker), but the
rules core's wheel, whose folder is named by its content. The site built now must hold
each of them.
"""

from __future__ import annotations

from pathlib import Path

LISTED = Path(__file__).parent / "data" / "site_paths_9f94596.txt"


def kept_paths() -> list[str]:
    """The listed paths, comments and blank lines aside."""
    lines = LISTED.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


def test_the_list_holds_the_pages_of_the_five_books() -> None:
    paths = kept_paths()
    assert len(paths) > 100
    for book in ("arts", "glittershard", "pendragon", "shattered_spirits", "space_shard"):
        assert f"{book}/index.html" in paths and f"{book}/calculators/index.html" in paths


def test_every_url_of_the_site_before_the_rearrangement_still_answers(built_site: Path) -> None:
    missing = [path for path in kept_paths() if not (built_site / path).is_file()]
    assert not missing, missing
