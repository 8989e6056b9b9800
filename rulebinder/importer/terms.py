"""Terms: where a rulebook defines its words, and the forms a mention of one may take.

Terms come from ``Name [Tag]`` headings, headings under a glossary-style heading
(Glossary, Definitions, Conditions, ...), definition lists, and bold run-in terms
(``**Term.** text``). A term's mentions elsewhere are linked by the build's linker, which
matches names and aliases exactly, so each term gets its case and plural variants.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

from .blocks import Block, plain
from .read import Source

TAGGED = re.compile(r"^(.+?)\s*\[([^\]]+)\]\s*$")
"""A ``Name [Tag]`` heading: the tag is the term's kind."""
GLOSSARY_HEADING = re.compile(
    r"^(glossary|definitions?|conditions|terms|key\s*terms|keywords|status(es| effects)?)\b",
    re.IGNORECASE,
)
"""A heading that starts with a glossary word (read by its words: :func:`heading_words`)."""
_GLOSSARY_END = re.compile(
    r"\b(glossary|definitions|terms|terminology|keywords)$", re.IGNORECASE
)
_NUMBERING = re.compile(
    r"^(?:(?i:chapter|part|appendix|annex|section|book)(?:\s+(?:\d+(?:\.\d+)*|[IVXLCDM]+|[A-Z]))?"
    r"\s*[.:)\-–—]?\s+|\d+(?:\.\d+)*[.:)]?\s+|[IVXLCDM]+[.:)]\s+|[A-Z][.:)]\s+)"
)
_LETTERS = re.compile(r"^[A-Z](\s*[-–—]\s*[A-Z])?$")
_RUN_IN = re.compile(r"^(\*\*\*?|__)([^*_\n]{1,40}?)\.(\*\*\*?|__)\s+(\S.*)", re.DOTALL)
_DEFINED_LABEL = re.compile(r"^\s*[-*+]?\s*(\*\*\*?)([^*\n]{1,40}?)[:.]?\1[:.]?\s+(\S.*)", re.S)


@dataclass(frozen=True)
class RunIn:
    """A term defined in running text: its name, definition, where, and its section."""

    name: str
    text: str
    file: str
    line: int
    see: str | None
    kind: str


def aliases(name: str) -> list[str]:
    """Other forms a mention of ``name`` may take: lower case and plurals.

    >>> aliases("Damage Token")
    ['Damage Tokens', 'damage token', 'damage tokens']
    >>> aliases("Ability"), aliases("HP")
    (['Abilities', 'ability', 'abilities'], ['HPs'])
    """
    forms = [name, name.lower()] if not name.isupper() else [name]
    out: list[str] = []
    for form in forms:
        if form.endswith("y") and len(form) > 2 and form[-2].lower() not in "aeiou":
            plural = form[:-1] + "ies"
        elif form.endswith(("s", "x", "ch", "sh")):
            plural = form + "es"
        else:
            plural = form + "s"
        out += [form, plural]
    seen: list[str] = []
    for form in out:
        if form != name and form not in seen:
            seen.append(form)
    return seen


def heading_words(name: str) -> str:
    """A heading read by its words: without the numbering before them.

    >>> [heading_words(h) for h in ("2. Glossary", "8.2 Conditions", "II. Terms",
    ...                             "Chapter 3: Glossary", "Appendix C - Key Terms")]
    ['Glossary', 'Conditions', 'Terms', 'Glossary', 'Key Terms']
    >>> heading_words("A Dark Night"), heading_words("3 Wishes"), heading_words("Appendix")
    ('A Dark Night', 'Wishes', 'Appendix')
    """
    words = _NUMBERING.sub("", name.strip(), count=1).strip()
    return words or name.strip()


def is_glossary(name: str) -> bool:
    """Whether a heading names a glossary part: it starts with a glossary word
    (Glossary, Definitions, Conditions, Terms, Keywords, Statuses), or is a short heading
    ending in one (Rules Glossary, Game Terms), numbering aside.

    >>> [is_glossary(h) for h in ("Rules Glossary", "8. Conditions", "Victory Conditions",
    ...                           "Terms of Play", "Combat")]
    [True, True, False, True, False]
    """
    words = heading_words(name)
    return bool(GLOSSARY_HEADING.match(words)) or (
        len(words.split()) <= 4 and bool(_GLOSSARY_END.search(words))
    )


def is_letter_group(name: str) -> bool:
    """A glossary's letter heading (``A``, ``B–C``): a group of terms, never a term.

    >>> is_letter_group("A"), is_letter_group("B–C"), is_letter_group("Ally")
    (True, True, False)
    """
    return bool(_LETTERS.match(name.strip()))


def term_level(levels: list[int], names: list[str] | None = None) -> int:
    """The heading level of a glossary part's terms, from the levels (and names) of the
    headings under the glossary heading: the most common level (letter groups and
    groupings are fewer), the shallower of equals (a term's own sub-headings are not terms),
    among the levels whose names are all different when there is one (each term's
    "Effects" sub-heading is not a term).

    >>> term_level([3, 4, 4, 4, 3, 4, 4]), term_level([3, 4, 3, 4]), term_level([])
    (4, 3, 0)
    >>> term_level([3, 4, 4, 3, 4, 4], ["Blinded", "Effects", "Ending", "Charmed",
    ...                                 "Effects", "Ending"])
    3
    """
    if not levels:
        return 0
    names = names or [str(i) for i in range(len(levels))]
    distinct = [
        level for level in set(levels)
        if len({n.lower() for n, at in zip(names, levels, strict=True) if at == level})
        == levels.count(level)
    ]
    return min(distinct or set(levels), key=lambda level: (-levels.count(level), level))


def _section_at(line: int, sections: list[tuple[int, str]]) -> str | None:
    """The id of the last section starting at or before ``line`` (``sections`` in order of
    their lines): a binary search, as a book has thousands.

    >>> sections = [(1, "b.a"), (5, "b.b"), (9, "b.c")]
    >>> _section_at(0, sections), _section_at(5, sections), _section_at(8, sections)
    (None, 'b.b', 'b.b')
    """
    at = bisect_right(sections, line, key=lambda section: section[0])
    return sections[at - 1][1] if at else None


def run_in_terms(
    source: Source, blocks: list[Block], sections: list[tuple[int, str]]
) -> list[RunIn]:
    """Bold run-in terms of paragraphs (``**Term.** text``)."""
    found: list[RunIn] = []
    for block in blocks:
        line = block.start + 1
        if block.kind == "paragraph":
            match = _RUN_IN.match(block.inline.strip())
            if match and len(match.group(2).split()) <= 5:
                found.append(RunIn(plain(match.group(2)), match.group(4).strip(), source.name,
                                   line, _section_at(line, sections), "run-in"))
    return found


def definition_list(source: Source, block: Block, see: str | None) -> list[RunIn]:
    """The terms of a definition list (``Term`` then ``: definition`` lines)."""
    out: list[RunIn] = []
    term: tuple[str, int] | None = None
    parts: list[str] = []

    def close() -> None:
        if term and parts:
            out.append(RunIn(term[0], " ".join(parts), source.name, term[1], see, "definition"))

    for number, raw in enumerate(block.markdown.splitlines()):
        text = raw.strip()
        if not text:
            continue
        if text.startswith(":"):
            parts.append(text[1:].strip())
        elif raw.startswith((" ", "\t")) and parts:
            parts[-1] += " " + text
        else:
            close()
            term, parts = (plain(text), block.start + 1 + number), []
    close()
    return out


def glossary_label(markdown: str) -> tuple[str, str] | None:
    """A ``**Term:** definition`` list item or paragraph of a glossary part.

    >>> glossary_label("* **Prone:** you lie on the ground.")
    ('Prone', 'you lie on the ground.')
    """
    match = _DEFINED_LABEL.match(markdown)
    return (plain(match.group(2)), match.group(3).strip()) if match else None
