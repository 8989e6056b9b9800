"""A term's words in another sense: which lower-case aliases the import leaves out.

A one-word term is linked by its lower-case form too ("Stress" by "stress"). When that word
is a common English verb (``verbs.txt``) and the book uses it as a verb, after a subject
or a modal ("you **mark** 1 Stress", "they take damage", "you can score"), the lower-case
form is mostly that verb, not the term ("Mark", the heist's target): its lower-case aliases
are left out, and the import's summary says which and why. The capitalised name and plural
still link. An author who wants them back adds them in ``refine.yml``.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

_VERBS = Path(__file__).with_name("verbs.txt")
_SUBJECTS = frozenset(
    "you we they he she it i who can cannot can't may must might should shall will would "
    "could don't doesn't didn't never always".split()
)
_THIRD = frozenset(("he", "she", "it", "who"))


@cache
def common_verbs() -> frozenset[str]:
    """The shipped list of common English verbs.

    >>> {"mark", "take", "score"} <= common_verbs(), "action" in common_verbs()
    (True, False)
    """
    lines = _VERBS.read_text(encoding="utf-8").splitlines()
    return frozenset(w.strip() for w in lines if w.strip() and not w.startswith("#"))


def verbs_used(text: str) -> frozenset[str]:
    """The lower-case words ``text`` uses as verbs: right after a subject pronoun or a
    modal ("you mark", "can score"), or in their ``-s`` form after he, she, it or who.

    >>> used = verbs_used("You **mark** 1 Stress. The take is yours. She scores twice.")
    >>> "mark" in used, "score" in used, "take" in used
    (True, True, False)
    >>> "take" in verbs_used("You can take an action.")
    True
    """
    words = re.findall(r"[a-z']+", re.sub(r"[*_`]", "", text).lower())
    used: set[str] = set()
    for before, word in zip(words, words[1:], strict=False):
        if before in _SUBJECTS:
            used.add(word)
        if before in _THIRD and word.endswith("s"):
            used.update({word[:-1], word[:-2]})
    return frozenset(used)


def verb_sense(name: str, used: frozenset[str]) -> bool:
    """Whether the term ``name``'s lower-case form is, in this book, a verb of another
    sense: a one-word name, a common verb, and among the book's ``used`` verbs
    (:func:`verbs_used`).

    >>> used = verbs_used("When you push yourself, you mark 1 Stress. Pick a Mark.")
    >>> verb_sense("Mark", used), verb_sense("Stress", used), verb_sense("Push Roll", used)
    (True, False, False)
    """
    word = name.strip().lower()
    return " " not in word and word in common_verbs() and word in used
