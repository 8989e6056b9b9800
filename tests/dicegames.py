"""Two small games written for the tests of dice read from a book's words (issue #36),
imported as an author imports a book (``rulebinder new``, ``rulebinder import``):

* ``omens.md`` (Omens of the Road): ``d66`` roll tables ("the first die is tens, the second
  is units"), one of six rows of six results, one of uneven ranges; a ``d666`` mention;
* ``rolls.md`` (Crowns and Knives): keep phrases in several wordings ("roll 3d6 and keep the
  highest two", "4d6, dropping the lowest die", "2d20 and takes the higher") and rolls
  multiplied by a number ("2d6 × 10 crowns", "1d6x100", "3d6*2").

:func:`brute_counts` counts a table's die face by face, without the dice library.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from itertools import product
from pathlib import Path

from rulebinder.importer.command import Options, run
from rulebinder.new import create
from tests.declaredbook import FAST

GAMES = Path(__file__).parent / "data" / "import" / "dice"
BOOKS = ("omens", "rolls")


def import_dice_game(
    book: str, target: Path, path: Path | None = None
) -> tuple[Path, list[str]]:
    """An author's project at ``target`` with ``book`` imported (from ``path``, by default
    the game of that name); what the import said."""
    create(target, say=lambda _: None)
    source = target / f"{book}.md"
    shutil.copy(path or GAMES / f"{book}.md", source)
    said: list[str] = []
    system = book.replace("_book", "")
    assert run(Options([source], system, root=target), said.append) == 0, said
    source.unlink()
    config = target / "mkdocs.yml"
    config.write_text(config.read_text("utf-8").replace("  - rulebinder\n", FAST), "utf-8")
    return target, said


def brute_counts(roll: str) -> Counter[int]:
    """How many ways each total of a table's die comes up, every face of every die counted:
    ``NdX`` (``d%`` is ``d100``); ``d66``/``d666`` are dice read as digits (tens, units).

    >>> brute_counts("d66")[34], brute_counts("d66")[17], sum(brute_counts("2d6").values())
    (1, 0, 36)
    """
    match = re.fullmatch(r"(\d*)d(\d+|%)", roll.strip().lower())
    assert match, roll
    count, written = int(match.group(1) or 1), match.group(2).replace("%", "100")
    if len(written) in (2, 3) and len(set(written)) == 1 and written[0] in "23456789":
        digits = product(range(1, int(written[0]) + 1), repeat=len(written))
        one = [int("".join(map(str, faces))) for faces in digits]
    else:
        one = list(range(1, int(written) + 1))
    return Counter(sum(faces) for faces in product(one, repeat=count))
