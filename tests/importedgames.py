"""Three small games written for the tests, one of each family of core roll, imported as an
author imports a book (``rulebinder new``, ``rulebinder import``): no Python, no YAML by hand.

* ``heist.md`` (Night Shift): 2d6 + stat against bands, keep-highest and keep-lowest modes,
  conditions as plain ``Name:`` lines, a track of boxes and one of named steps, a point-buy
  with a cost table and a pick;
* ``lantern.md`` (Sword and Lantern): d20 + ability against a DC, advantage and
  disadvantage, conditions as headings, initiative with ties, a point-buy and two picks;
* ``ashes.md`` (Ashes): a d6 pool counting 5s and 6s, conditions as bold run-ins, a track of
  steps with penalties, a point-buy with a dearer last step and a pick.
"""

from __future__ import annotations

import itertools
import shutil
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from rulebinder.importer.command import Options, run
from rulebinder.new import create
from tests.declaredbook import FAST

GAMES = Path(__file__).parent / "data" / "import" / "mechanics"
BOOKS = ("heist", "lantern", "ashes")


def import_game(book: str, target: Path) -> tuple[Path, list[str]]:
    """An author's project at ``target`` with ``book`` imported; what the import said."""
    create(target, say=lambda _: None)
    source = target / f"{book}.md"
    shutil.copy(GAMES / f"{book}.md", source)
    said: list[str] = []
    assert run(Options([source], book, root=target), said.append) == 0, said
    source.unlink()
    config = target / "mkdocs.yml"
    config.write_text(config.read_text("utf-8").replace("  - rulebinder\n", FAST), "utf-8")
    return target, said


def _faces(dice: int, sides: int) -> Any:
    return itertools.product(range(1, sides + 1), repeat=dice)


def brute_bands(book: str, mode: str, stat: int, dc: int = 10) -> list[Fraction]:
    """Each band's chance by counting every face of every die (the books' own words)."""
    if book == "heist":  # 2d6 + stat: 10+, 7-9, 6-; modes keep 2 of 3d6
        dice, keep = (2, None) if mode == "normal" else (3, "h" if mode == "edge" else "l")
        counts = [0, 0, 0]
        for faces in _faces(dice, 6):
            kept = sorted(faces)
            kept = kept if keep is None else kept[1:] if keep == "h" else kept[:2]
            total = sum(kept) + stat
            counts[0 if total >= 10 else 1 if total >= 7 else 2] += 1
        return [Fraction(c, 6**dice) for c in counts]
    if book == "lantern":  # d20 + ability meets or beats the DC; advantage: two d20
        dice = 1 if mode == "normal" else 2
        wins = 0
        for faces in _faces(dice, 20):
            roll = faces[0] if dice == 1 else max(faces) if mode == "advantage" else min(faces)
            wins += roll + stat >= dc
        p = Fraction(wins, 20**dice)
        return [p, 1 - p]
    # ashes: stat d6, each 5 or 6 a success, at least one needed
    hits = sum(1 for faces in _faces(stat, 6) if any(f >= 5 for f in faces))
    p = Fraction(hits, 6**stat)
    return [p, 1 - p]


Brute = Callable[[str, str, int], list[Fraction]]
