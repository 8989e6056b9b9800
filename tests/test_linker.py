"""The term linker's one-pass regex links exactly what a word-by-word walk links."""

from __future__ import annotations

import random
import re

import pytest

from macros.render import linker
from macros.render.linker import Linker, Target, href

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9-]*")
_GAP = re.compile(r"[ \t]+|[ \t]*\n[ \t]*")


def _walk(names: dict[str, Target], text: str, doc: str, skip: str | None) -> str:
    """The linker before its regex (0.4.0): at each word, the name of the most words that
    starts there, its words apart by a gap; the entry's own name left plain, whole."""
    by_words: dict[tuple[str, ...], Target] = {}
    for name, target in names.items():
        words = tuple(_WORD.findall(name))
        if words and " ".join(words) == " ".join(name.split()):
            by_words.setdefault(words, target)
    found = list(_WORD.finditer(text))
    out, position, index = [], 0, 0
    while index < len(found):
        match = None
        for count in range(len(found) - index, 0, -1):
            run = found[index : index + count]
            gaps = (text[a.end() : b.start()] for a, b in zip(run, run[1:], strict=False))
            words = tuple(word.group(0) for word in run)
            if words in by_words and all(_GAP.fullmatch(gap) for gap in gaps):
                match = count, by_words[words]
                break
        if match is None:
            index += 1
            continue
        count, target = match
        if target.entry_id != skip:
            start, end = found[index].start(), found[index + count - 1].end()
            url = href(target.doc, target.anchor, doc)
            out += [text[position:start], f'[{text[start:end]}]({url} "{target.title}")']
            position = end
        index += count
    return "".join([*out, text[position:]])


WORDS = ["Cover", "Covered", "cover", "Full", "Hit", "Points", "d20", "Quark1", "Quark10",
         "B-2", "x-Ray", "Ray", "a"]
GAPS = [" ", "  ", "\t", "\n", " \n ", "\n\n", "-", "9", "_", ".", ", ", "1-", "é", "'", "(x)"]


def test_the_regex_links_what_the_word_walk_links() -> None:
    _compare(random.Random(37), 4000)


def test_names_too_nested_for_a_trie_make_a_flat_regex(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the trie nests too deep for ``re`` (hundreds of names, each a prefix of the
    next), the names are one flat alternation that links the same."""
    names = {"Q" + "x" * i: Target(str(i), "a.md", str(i), "t") for i in range(1, 1500)}
    text = "Q" + "x" * 700 + " Qxx, Qxxx-y and Q" + "x" * 1500
    assert Linker(names).link(text, "b.md") == _walk(names, text, "b.md", None)

    def too_deep(names: object) -> str:
        raise RecursionError

    linker._compiled.cache_clear()
    monkeypatch.setattr(linker, "names_pattern", too_deep)
    try:
        _compare(random.Random(38), 1000)
    finally:
        linker._compiled.cache_clear()


def _compare(rng: random.Random, cases: int) -> None:
    for _ in range(cases):
        names: dict[str, Target] = {}
        for i in range(rng.randint(0, 8)):
            name = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3)))
            name += rng.choice(["", "", "", " (x)", "-"])
            names[name] = Target(f"e{i}", rng.choice(["a/g.md", "b.md"]), f"n{i}", f"T{i}")
        text = "".join(rng.choice(WORDS) + rng.choice(GAPS) for _ in range(rng.randint(0, 20)))
        skip = rng.choice([None, "e0", "e1"])
        doc = rng.choice(["a/g.md", "b.md", "c/d/e.md"])
        expected = _walk(names, text, doc, skip)
        assert Linker(names).link(text, doc, skip) == expected, (names, text, skip)


def test_protected_parts_and_wiki_links() -> None:
    linker = Linker({"Hit Points": Target("a.hp", "a/p.md", "hp", "HP"),
                     "Points": Target("a.p", "a/p.md", "p", "P")})
    text = "Hit Points, `Points`, [Points](x.md), <b title='Points'>, [[Hit Points|hp]], [[No]]"
    assert linker.link(text, "a/q.md") == (
        '[Hit Points](p.md#hp "HP"), `Points`, [Points](x.md), <b title=\'Points\'>, '
        '[hp](p.md#hp "HP"), <span class="rb-unwritten" title="The rulebook links to a page '
        'it never wrote: No">No</span>'
    )
    assert Linker({}).link("Points", "a.md") == "Points"
