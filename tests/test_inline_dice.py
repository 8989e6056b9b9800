"""Inline dice: every dice mention of the rulebooks is a live roll on the site.

A mention is what :data:`MENTION` finds in a seed (``2d6``, ``d6``, ``D10``, ``3 d6``,
``2d10s``, ``d6s``) and, in the arts rulebook, ``contested by`` in a phrase that rolls
one named thing against another (:data:`CONTEST`). A mention is live when the sentence
(list item, table row) holding it is on the site with the mention inside an element
carrying ``data-dice`` or ``data-contest`` (``macros/render/dice.py``). :data:`NOT_LIVE` lists,
with the reason, each mention deliberately left as plain words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import reduce
from pathlib import Path

import pytest
import yaml

from macros import RulesData, load_rules
from macros.load.loader import Entry
from macros.load.repairs import REPAIRS
from macros.publish.searchsplit import read_index
from macros.render.dice import check_marks
from tests.seedtext import SEEDS, _TextOfArticle, normalise, seed_units

RULES = Path(__file__).resolve().parents[1] / "rules_data"
#: A dice mention: an optional count (maybe one space before the ``d``), ``d`` or ``D``,
#: the sides, an optional plural ``s``; not inside a word.
MENTION = re.compile(r"(?<![\w.])(?:\d+ ?)?[dD](?:\d+|%)s?(?![\w])")
#: An opposed roll named in an ability: "rolling MIG contested by", "an Infusion roll
#: contested by"; group ``by`` is the mention.
CONTEST = re.compile(r"\b(?:roll(?:ing)? [A-Z]\w*|[A-Z]\w* roll) (?P<by>contested by)\b")
OPEN, CLOSE = "\ue000", "\ue001"  # private-use characters marking a live element's text


@dataclass(frozen=True)
class NotLive:
    """A mention left as plain words on purpose: in ``seed``, inside ``context``."""

    seed: str
    context: str
    mention: str
    reason: str


_PLURAL = "the plural names a kind of die (as in 'more d6s are used'), it is not a roll"
NOT_LIVE: tuple[NotLive, ...] = (
    NotLive(
        "000_d5674467426760d8.txt",
        "An Attack with either rolls 3d6 instead of the normal 2d6",
        "3d6",
        "the three dice are not added up: the same sentence's 'the highest two rolls' "
        "(3d6kh2) and 'the lowest two rolls' (3d6kl2) are the live rolls",
    ),
    NotLive("002_bcc942466b68b8b3.txt", "10 or more d6s", "d6s", _PLURAL),
    NotLive("002_bcc942466b68b8b3.txt", "D6s", "D6s", _PLURAL + " (also a heading)"),
    NotLive("002_bcc942466b68b8b3.txt", "a cliff, d6s are used", "d6s", _PLURAL),
    NotLive("002_bcc942466b68b8b3.txt", "more d6s are used", "d6s", _PLURAL),
    NotLive("002_bcc942466b68b8b3.txt", "quantity of d6s rolled", "d6s", _PLURAL),
    NotLive("002_bcc942466b68b8b3.txt", "D10s", "D10s", _PLURAL + " (also a heading)"),
    NotLive("002_bcc942466b68b8b3.txt", "anything that uses d6s", "d6s", _PLURAL),
)


def _system(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))["system"]


IMPORTED = {p.parent.name for p in RULES.glob("*/import.yml")}
"""Systems written by ``rulebinder import``: this test holds the hand-structured books to
their marks and NOT_LIVE readings; ``tests/test_import.py`` checks an imported book's dice."""

SEED_FILES = {
    seed: meta.get("repairs", [])
    for meta in map(_system, RULES.glob("*/system.yml"))
    if meta["id"] not in IMPORTED
    for seed in (meta["seed"] if isinstance(meta["seed"], list) else [meta["seed"]])
}


def mentions(unit: str) -> Iterator[tuple[int, int]]:
    """Where the dice and contest mentions of a (normalised) seed unit are.

    >>> unit = "Roll 2d6, or 3 d6s; roll MIG contested by END."
    >>> [unit[a:b] for a, b in mentions(unit)]
    ['2d6', '3 d6s', 'contested by']
    """
    for match in MENTION.finditer(unit):
        yield match.span()
    for match in CONTEST.finditer(unit):
        yield match.span("by")


def not_live(seed: str, unit: str, start: int, end: int) -> NotLive | None:
    """The :data:`NOT_LIVE` entry covering the mention at ``start:end`` of ``unit``."""
    for item in NOT_LIVE:
        if item.seed != seed or unit[start:end] != item.mention:
            continue
        for found in re.finditer(re.escape(item.context), unit):
            if found.start() <= start and end <= found.end():
                return item
    return None


class _MarkedText(_TextOfArticle):
    """An article's text with each live roll's words between :data:`OPEN` and :data:`CLOSE`."""

    def __init__(self) -> None:
        super().__init__()
        self.live: list[str] = []  # tag names of the open live elements

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        if self.depth and not self.skip and ("data-dice" in names or "data-contest" in names):
            self.live.append(tag)
            self.parts.append(OPEN)
        super().handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        super().handle_endtag(tag)
        if self.live and self.live[-1] == tag:
            self.live.pop()
            self.parts.append(CLOSE)


@dataclass(frozen=True)
class Page:
    """A page's article text (marks removed) and, per character, whether it is in a live roll."""

    text: str
    live: tuple[bool, ...]


def read_page(html: str) -> Page:
    """Parse one built page.

    >>> page = read_page('<article><p>Roll <button data-dice="2d6">2d6</button>.</p></article>')
    >>> page.text, "".join("^" if x else " " for x in page.live)
    ('Roll 2d6.', '     ^^^ ')
    """
    parser = _MarkedText()
    parser.feed(html)
    text, live, depth = [], [], 0
    for char in normalise("".join(parser.parts)):
        if char in (OPEN, CLOSE):
            depth += 1 if char == OPEN else -1
            continue
        text.append(char)
        live.append(depth > 0)
    return Page("".join(text), tuple(live))


@pytest.fixture(scope="module")
def pages(built_site: Path) -> list[Page]:
    """Every built page but the print pages (where rolls are plain words on purpose)."""
    return [
        read_page(path.read_text(encoding="utf-8"))
        for path in sorted(built_site.rglob("*.html"))
        if path.parent.name != "print" and path.relative_to(built_site).parts[0] not in IMPORTED
    ]


def dead_mentions(seed: str, pages: list[Page]) -> tuple[list[str], set[NotLive]]:
    """Mentions of ``seed`` that are nowhere live, and the :data:`NOT_LIVE` entries used.

    A mention counts as live when some page holds its whole unit with the mention's
    characters inside a live element; a :data:`NOT_LIVE` mention must be live nowhere.
    """
    text = reduce(
        lambda acc, name: REPAIRS[name](acc),
        SEED_FILES[seed],
        (SEEDS / seed).read_text(encoding="utf-8"),
    )
    dead: list[str] = []
    used: set[NotLive] = set()
    for unit in seed_units(text):
        for start, end in mentions(unit):
            states = [
                all(page.live[at + start : at + end])
                for page in pages
                for at in _occurrences(page.text, unit)
            ]
            allowed = not_live(seed, unit, start, end)
            if allowed:
                used.add(allowed)
                if any(states):
                    dead.append(f"{unit[start:end]!r} is live though NOT_LIVE lists it: {unit}")
            elif not any(states):
                where = "not on the site" if not states else "not live"
                dead.append(f"{unit[start:end]!r} {where}: {unit}")
    return dead, used


def _occurrences(text: str, unit: str) -> Iterator[int]:
    at = text.find(unit)
    while at >= 0:
        yield at
        at = text.find(unit, at + 1)


@pytest.mark.parametrize("seed", sorted(SEED_FILES))
def test_every_dice_mention_of_the_seed_is_live(seed: str, pages: list[Page]) -> None:
    dead, _ = dead_mentions(seed, pages)
    assert not dead, f"{len(dead)} dice mentions of {seed} are not live:\n" + "\n".join(dead)


def test_every_not_live_entry_is_needed(pages: list[Page]) -> None:
    used: set[NotLive] = set()
    for seed in SEED_FILES:
        used |= dead_mentions(seed, pages)[1]
    stale = [item for item in NOT_LIVE if item not in used]
    assert not stale, f"NOT_LIVE entries that match no mention: {stale}"


def test_the_odds_are_not_in_the_search_index(built_site: Path) -> None:
    index = read_index(built_site)
    texts = [doc["text"] for doc in index["docs"]]
    assert any("the highest two rolls" in text for text in texts)
    leaked = [text[:80] for text in texts if "Click to roll" in text or "2d6: mean 7" in text]
    assert not leaked, f"{len(leaked)} search entries hold a roll's odds: {leaked[:3]}"


def test_a_mark_that_cannot_work_is_named_with_its_file_and_line() -> None:
    def entry(system: str, text: str) -> Entry:
        return Entry(
            f"{system}.x",
            "section",
            "X",
            system,
            "p",
            f"{system}/p.yml",
            7,
            0,
            {"text": text, "_key_lines": {"text": 9}},
        )

    data = RulesData(
        entries={
            "arts.x": entry("arts", "roll [2d]{dice=2d} or [it]{contest=MIG} or [ok]{dice=none}"),
            "glittershard.x": entry("glittershard", "[contested by]{contest=A:B}"),
        }
    )
    problems = check_marks(data)
    assert problems == [
        "arts/p.yml:9: text: [2d]{dice=2d}: not a dice expression "
        "(expression: expected a number after 'd' at 3)",
        "arts/p.yml:9: text: [it]{contest=MIG}: a contest is written contest=ROLLER:DEFENDER",
        "glittershard/p.yml:9: text: [contested by]{contest=A:B}: a contest is rolled by the "
        "calculator glittershard.contest, which the book 'glittershard' does not have",
    ]
    assert check_marks(load_rules(RULES)) == []
