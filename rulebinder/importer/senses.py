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
_SUBJECT = (
    r"you|we|they|he|she|it|i|who|can|cannot|can't|may|must|might|should|shall|will|"
    r"would|could|don't|doesn't|didn't|never|always"
)


@cache
def common_verbs() -> frozenset[str]:
    """The shipped list of common English verbs.

    >>> {"mark", "take", "score"} <= common_verbs(), "action" in common_verbs()
    (True, False)
    """
    lines = _VERBS.read_text(encoding="utf-8").splitlines()
    return frozenset(w.strip() for w in lines if w.strip() and not w.startswith("#"))


def verb_uses(word: str, text: str) -> int:
    """How often ``text`` uses the lower-case ``word`` as a verb: right after a subject
    pronoun or a modal (its ``-s`` form after he, she, it or who).

    >>> verb_uses("mark", "You **mark** 1 Stress. The mark sleeps. She marks a box.")
    2
    >>> verb_uses("action", "You can take an action.")
    0
    """
    text = re.sub(r"[*_`]", "", text)  # "you **mark** 1 Stress" is "you mark 1 Stress"
    base = re.compile(rf"\b(?i:{_SUBJECT})\s+{re.escape(word)}\b")
    third = re.compile(rf"\b(?i:he|she|it|who)\s+{re.escape(word)}e?s\b")
    return len(base.findall(text)) + len(third.findall(text))


def verb_sense(name: str, text: str) -> bool:
    """Whether the term ``name``'s lower-case form is, in this book, a verb of another
    sense: a one-word name, a common verb, used as one in ``text``.

    >>> book = "When you push yourself, you mark 1 Stress. Pick a Mark for the job."
    >>> verb_sense("Mark", book), verb_sense("Stress", book), verb_sense("Push Roll", book)
    (True, False, False)
    """
    word = name.lower()
    return " " not in name.strip() and word in common_verbs() and verb_uses(word, text) > 0
