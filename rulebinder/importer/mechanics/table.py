"""Tracks, initiative, conditions and character creation read from a rulebook's words
(see :mod:`rulebinder.importer.mechanics`)."""

from __future__ import annotations

import re
from typing import Any

from ..ids import slug
from .text import _NAME, _NUM, number, sentences, split_list

# -- tracks and initiative -----------------------------------------------------------------

_BOXES = re.compile(
    rf"(?:an?\s+)?(?P<name>{_NAME})\s+(?:track\s+)?(?:has|of|with)\s+(?P<n>{_NUM})\s+boxes"
    rf"|an?\s+(?P<name2>{_NAME})\s+track\s+of\s+(?P<n2>{_NUM})\s+boxes")
_STEPS = re.compile(
    rf"(?P<name>{_NAME})\s+(?:track\s+)?has\s+(?P<n>{_NUM})\s+(?:steps|levels|stages)\s*:\s*"
    r"(?P<list>.+?)\.(?:\s|$)")
_STEP = re.compile(r"^(?P<name>[^()]+?)\s*(?:\((?P<note>[^)]*)\))?$")
_MODIFIER = re.compile(r"(?P<sign>[-−–+])\s*(?P<n>\d+)\s+(?:on|to)\b")
_FULL = re.compile(r"when the last box is (?:marked|filled|checked),?\s+(?P<full>[^.]+)\.", re.I)
_INITIATIVE = re.compile(
    rf"roll(?:s)?\s+(?P<dice>\d*d\d+)(?:\s*\+\s*(?:their\s+|your\s+|its\s+)?(?P<stat>{_NAME}))?"
    r"\s+for\s+initiative|initiative[^.]*?\broll(?:s)?\s+(?P<dice2>\d*d\d+)(?:\s*\+\s*(?:their\s+"
    rf"|your\s+|its\s+)?(?P<stat2>{_NAME}))?", re.I)
_TIES = re.compile(rf"\bties?\b[^.]*?\b(?:higher|highest|greater)\s+(?P<stat>{_NAME})", re.I)


def tracks_in(text: str) -> list[dict[str, Any]]:
    """Tracks stated in a text: boxes, or named steps with their modifier.

    >>> [(t["label"], t.get("boxes"), [s["name"] for s in t.get("steps", [])])
    ...  for t in tracks_in("Stress has six boxes. Harm has three steps: Bruised, Hurt "
    ...                     "(-1 on every action roll) and Out.")]
    [('Stress', 6, []), ('Harm', None, ['Bruised', 'Hurt', 'Out'])]
    """
    found: list[dict[str, Any]] = []
    plain = " ".join(sentences(text))
    for match in _BOXES.finditer(plain) if "boxes" in plain else ():  # (its every match)
        name = match.group("name") or match.group("name2")
        n = number(match.group("n") or match.group("n2") or "")
        if n and 1 <= n <= 99 and name.lower() not in ("it", "each", "every"):
            track: dict[str, Any] = {"name": slug(name), "label": name, "boxes": n}
            full = _FULL.search(plain[match.end():match.end() + 200])
            if full:
                track["full"] = full.group("full").strip()
            found.append(track)
    for match in _STEPS.finditer(plain):
        names = split_list(match.group("list"))
        n = number(match.group("n"))
        steps = []
        for item in names:
            step = _STEP.match(item)
            if not step:
                break
            made: dict[str, Any] = {"name": step.group("name").strip()}
            modifier = _MODIFIER.search(step.group("note") or "")
            if modifier:
                made["modifier"] = int(modifier.group("n")) * (
                    -1 if modifier.group("sign") in "-−–" else 1)
            steps.append(made)
        if steps and n == len(steps):
            found.append({"name": slug(match.group("name")), "label": match.group("name"),
                          "steps": steps})
    return found


# -- conditions ------------------------------------------------------------------------------

CONDITIONS_HEADING = re.compile(
    r"^(?:\d+[.)]\s*)?(?:conditions?|status(?:es)?|status effects|harms?|afflictions)$", re.I)
_RUN_IN = re.compile(
    rf"^\s*(?:[-*+]\s+)?(?:\*\*\*?|__)?(?P<name>{_NAME})(?:\*\*\*?|__)?\s*[:.]"
    r"(?:\*\*\*?|__)?\s+(?P<text>\S.*)$", re.S)
_MARK = re.compile(
    rf"\bmarks?\s+(?P<n>{_NUM})\s+(?P<track>{_NAME})\s+at\s+the\s+(?P<edge>end|start|beginning)"
    r"\s+of\s+(?:each|every|the|your|their|its)\s+(?:next\s+)?(?P<unit>round|turn)", re.I)
_PENALTY = re.compile(
    r"(?P<sign>[-−–+])\s*(?P<n>\d+)\s+(?:on|to)\s+(?:all\s+|every\s+|your\s+|their\s+)?"
    r"(?P<what>[\w ]{0,30}?)\s*rolls?\b", re.I)
_SCENE = re.compile(r"until the end of the (?:scene|encounter|fight)", re.I)
_ROUNDS = re.compile(rf"\bfor\s+(?P<n>{_NUM})\s+rounds?\b", re.I)
_TURN_END = re.compile(r"until the end of (?:your|their|its) (?:next )?turn", re.I)
_ROUND_END = re.compile(r"until the end of the round", re.I)


def status_behaviour(text: str, tracks: dict[str, str], checks: dict[str, str]) -> dict[str, Any]:
    """What a condition does in the tracker, where its text says it plainly (else nothing).

    ``tracks``: track labels (lower case) to names; ``checks``: words of a check's name to
    its id.

    >>> status_behaviour("You mark 1 Stress at the end of each round, until the end of the "
    ...                  "scene.", {"stress": "stress"}, {})
    {'round_end': {'mark': 'stress', 'by': 1}, 'ends': 'scene'}
    >>> status_behaviour("-1 on action rolls for 2 rounds.", {}, {"action": "g.action"})
    {'modifier': -1, 'checks': ['g.action'], 'rounds': 2}
    """
    block: dict[str, Any] = {}
    mark = _MARK.search(text)
    if mark and mark.group("track").lower() in tracks:
        edge = "end" if mark.group("edge").lower() == "end" else "start"
        unit = mark.group("unit").lower()
        when = "round_end" if unit == "round" else f"turn_{edge}"
        if unit == "round" and edge != "end":
            when = ""
        if when:
            block[when] = {"mark": tracks[mark.group("track").lower()],
                           "by": number(mark.group("n")) or 1}
    penalty = _PENALTY.search(text)
    if penalty:
        value = int(penalty.group("n")) * (-1 if penalty.group("sign") in "-−–" else 1)
        block["modifier"] = value
        what = penalty.group("what").lower().split()
        named = [cid for word, cid in checks.items() if word in what]
        if named:
            block["checks"] = named[:1]
    rounds = _ROUNDS.search(text)
    if rounds and number(rounds.group("n")):
        block["rounds"] = number(rounds.group("n"))
    elif _SCENE.search(text):
        block["ends"] = "scene"
    elif _TURN_END.search(text):
        block["ends"] = "turn_end"
    elif _ROUND_END.search(text):
        block["ends"] = "round_end"
    if set(block) <= {"ends", "rounds"}:
        return {}  # a duration alone: it says when, not what
    return block


def condition_paragraphs(
    text: str, taken: frozenset[str] = frozenset()
) -> tuple[list[str], list[tuple[str, str]]]:
    """A conditions section's text: the paragraphs that stay, and each ``Name: text`` one
    (not one whose name another entry has: ``taken``, lower case).

    >>> condition_paragraphs("Conditions last a while.\\n\\n**Soaked:** you are wet.\\n\\n"
    ...                      "Rattled. You shake.")
    (['Conditions last a while.'], [('Soaked', 'you are wet.'), ('Rattled', 'You shake.')])
    """
    kept: list[str] = []
    found: list[tuple[str, str]] = []
    for block in re.split(r"\n\s*\n", text):
        lines = block.strip().splitlines()
        items = [line for line in lines if line.strip()]
        matches = [_RUN_IN.match(line) for line in items]
        names = {m.group("name").strip().lower() for m in matches if m}
        if items and all(matches) and not names & taken:  # a name taken stays text
            found += [(m.group("name").strip(), " ".join(m.group("text").split()))
                      for m in matches if m]
        else:
            kept.append(block.strip())
    return [k for k in kept if k], found


# -- character creation ----------------------------------------------------------------------

_START = re.compile(rf"(?:every|each|all)\s+(?:\w+\s+)?(?:stats?|attributes?|abilit(?:y|ies)|"
                    rf"traits?|approach(?:es)?)\s+starts?\s+at\s+(?P<v>{_NUM})", re.I)
_BUDGET = re.compile(rf"(?P<n>{_NUM})\s+points?\s+to\s+(?:spend|distribute|assign|divide)", re.I)
_STEP_COST = re.compile(rf"raising\s+(?:a|an|one)\s+\w+\s+by\s+one\s+costs\s+(?P<c>{_NUM})", re.I)
_STEP_MORE = re.compile(rf"from\s+(?P<a>[-−]?\d+)\s+to\s+(?P<b>[-−]?\d+)\s+costs\s+(?P<c>{_NUM})"
                        r"(?:\s+points?)?\s*(?P<more>more|extra|additional)?", re.I)
_LOWER = re.compile(rf"(?P<k>{_NUM})\s+(?:\w+\s+)?(?:stats?|attributes?|abilit(?:y|ies)|traits?)"
                    rf"\s+(?:may|can)\s+(?:be\s+lowered|go\s+down|drop)\s+to\s+(?P<lo>[-−]?\d+)"
                    rf"(?:[^.]*?gives?\s+(?P<back>{_NUM})\s+points?\s+back)?", re.I)
_PICK = re.compile(rf"(?:pick|choose|select)\s+(?P<k>{_NUM})\s+(?P<label>[\w ]{{1,25}}?)s?\s*"
                   r"[:—–]\s*(?P<list>[^.]+)\.", re.I)
#: A word each match of :data:`_START`, :data:`_BUDGET` and :data:`_PICK` holds (with the
#: same flags): a text without it is not searched (they try a number at every position).
_START_WORD, _BUDGET_WORD = re.compile("start", re.I), re.compile("point", re.I)
_PICK_WORD = re.compile("pick|choose|select", re.I)


def builder_in(text: str, stats: list[str], bounds: tuple[int, int] | None
               ) -> dict[str, Any] | None:
    """A point-buy (and picks) stated in a creation rule; ``None`` when none is plain.

    >>> made = builder_in("Every stat starts at 0. You have 6 points to spend: raising a stat "
    ...     "by one costs 1 point, and raising it from 2 to 3 costs 2 more. One stat may be "
    ...     "lowered to -1, which gives 1 point back. Pick a Trade: Burglar, Face or Fixer.",
    ...     ["Nerve", "Edge"], (-1, 3))
    >>> made["budget"], made["costs"], made["below"], made["picks"][0]["from"]
    (6, {'-1': -1, '0': 0, '1': 1, '2': 2, '3': 4}, 1, ['Burglar', 'Face', 'Fixer'])
    """
    plain = " ".join(sentences(text))
    start = _START.search(plain) if _START_WORD.search(plain) else None
    budget = _BUDGET.search(plain) if _BUDGET_WORD.search(plain) else None
    picks = []
    for match in _PICK.finditer(plain) if _PICK_WORD.search(plain) else ():
        options = split_list(match.group("list"))
        count = number(match.group("k"))
        label = match.group("label").strip()
        if count and 2 <= len(options) <= 40 and count <= len(options):
            picks.append({"name": slug(label) or "pick", "label": label[0].upper() + label[1:],
                          "count": count, "from": options})
    if not stats or not (start and budget) and not picks:
        return None
    made: dict[str, Any] = {"attributes": [{"name": slug(s), "label": s} for s in stats]}
    if start and budget:
        first = number(start.group("v")) or 0
        made["start"] = first
        low, high = bounds if bounds else (first, first + 5)
        step = _STEP_COST.search(plain)
        per = number(step.group("c")) if step else 1
        lower = _LOWER.search(plain)
        if lower:
            low = min(low, int(lower.group("lo").replace("−", "-")))
            made["below"] = number(lower.group("k")) or 1
        made["min"], made["max"] = low, high
        made["budget"] = number(budget.group("n"))
        costs = {v: (v - first) * (per or 1) for v in range(low, high + 1)}
        for more in _STEP_MORE.finditer(plain):
            a, b = int(more.group("a").replace("−", "-")), int(more.group("b").replace("−", "-"))
            c = number(more.group("c")) or 0
            if b == a + 1 and a in costs and b in costs:  # the step from a to b costs c
                shift = costs[a] + c - costs[b]
                for v in range(b, high + 1):
                    costs[v] += shift
        if lower and lower.group("back"):
            costs[int(lower.group("lo").replace("−", "-"))] = -(number(lower.group("back")) or 1)
        if any(costs[v] != (v - first) for v in costs):
            made["costs"] = {str(v): c for v, c in sorted(costs.items())}
    if picks:
        made["picks"] = picks
    return made


