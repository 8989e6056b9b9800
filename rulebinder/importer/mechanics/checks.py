"""Stats and checks read from a rulebook's words (see :mod:`rulebinder.importer.mechanics`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..ids import Ids, slug
from .keep import PHRASE, roll_of
from .text import _NAME, _NUM, Place, number, paragraphs, sentences, split_list

# -- stats -----------------------------------------------------------------------------------

_STATS_LIST = re.compile(
    rf"\b(?:has|have|are|with)\s+(?P<n>{_NUM})\s+(?P<what>stats|attributes|abilities|traits|"
    r"approaches|skills)\s*[:—–-]\s*(?P<list>[^.;]+)", re.I)
_STATS_HEADING = re.compile(r"^(?:\d+[.)]\s*)?(stats|attributes|abilities|traits|approaches)$",
                            re.I)
_BOLD_ITEM = re.compile(r"^\s*[-*+]\s*\*\*([^*]{1,30})\*\*")
_RANGE = re.compile(
    r"(?:stats?|attributes?|abilit(?:y|ies)|traits?|approach(?:es)?|\beach\b|\bthey\b)"
    r"[^.]*?\bfrom\s+"
    r"(?P<lo>[-−–]?\d+)\s+to\s+(?P<hi>[-−–+]?\d+)", re.I)
_FROM = re.compile("from", re.I)  # in every match of _RANGE: a sentence without it is skipped


def stats_in(entries: list[dict[str, Any]]) -> tuple[list[str], tuple[int, int] | None,
                                                     str | None]:
    """The game's stats, their range and the entry that names them.

    >>> stats_in([{"id": "g.stats", "name": "Stats",
    ...            "text": "You have four stats: Nerve, Edge, Guile and Grit. Each is a "
    ...                    "number from -1 to 3."}])
    (['Nerve', 'Edge', 'Guile', 'Grit'], (-1, 3), 'g.stats')
    """
    names: list[str] = []
    where = None
    bounds = None
    for entry in entries:
        text = entry.get("text") or ""
        for sentence in sentences(text):
            match = _STATS_LIST.search(sentence)
            if match and not names:
                listed = split_list(match.group("list"))
                if all(re.fullmatch(_NAME, n) for n in listed) and len(listed) >= 2:
                    names, where = listed, entry["id"]
            found = _RANGE.search(sentence) if _FROM.search(sentence) else None
            if found and bounds is None:
                low, high = number(found.group("lo")), number(found.group("hi"))
                if low is not None and high is not None and low < high:
                    bounds = (low, high)
        heading = re.sub(r"^\d+[.)]\s*", "", str(entry.get("name", ""))).strip()
        if not names and _STATS_HEADING.match(heading):
            listed = [m.group(1).strip() for line in text.splitlines()
                      if (m := _BOLD_ITEM.match(line))]
            if len(listed) >= 2:
                names, where = listed, entry["id"]
    return names, bounds, where


# -- checks ----------------------------------------------------------------------------------

_ROLL_PLUS = re.compile(
    r"\broll(?:s|ing)?\s+(?P<dice>\d*d\d+)\s*(?:\+|plus|and add)\s*(?P<what>[^.;:,]{1,40})", re.I)
_BAND = re.compile(
    r"(?P<lo>\d+)\s*(?:[-–—]|to)\s*(?P<hi>\d+)(?!\s*\+)|(?P<plus>\d+)\s*\+|(?P<le>\d+)\s*"
    r"(?:-(?!\d)|–(?!\d)|or less|or lower|or under|or below)")
_DC = re.compile(
    r"\broll(?:s)?\s+(?:a\s+)?(?P<dice>1?d20)\s*(?:\+|and add|plus)\s*(?P<what>[^.;,]{1,30})"
    r"[^.]*?(?:meets? or beats?|equals? or exceeds?|equal to or (?:higher|greater) than|"
    r"at least)\s+(?:the\s+)?(?P<target>DC|difficulty(?: class)?|target(?: number)?|TN)", re.I)
_ADVANTAGE = re.compile(
    r"(?P<kind>dis)?advantage[^.]*?roll\s+(?:two|2)\s*d20s?[^.]*?(?P<which>higher|highest|"
    r"lower|lowest|better|worse)", re.I)
_UNDER = re.compile(
    r"\broll(?:s)?\s+(?:a\s+)?(?P<dice>1?d100|d%|1?d20)\b[^.]*?(?:equal to or (?:under|below|"
    r"less than)|at or under|under|below|no higher than|less than or equal to)\s+"
    r"(?:your\s+|the\s+|their\s+)?(?P<what>[A-Za-z][\w ]{0,30}?)(?=[.,;]|\s+(?:to|and|you)\b)",
    re.I)
_POOL = re.compile(
    r"\broll(?:s)?\s+(?:a number of|as many)\s+(?P<s>d\d+)s?\s+(?:equal to|as)\s+(?:your\s+|the\s+"
    r"|their\s+)?(?P<what>[\w ]{1,30}?)[.,;][^.]*?\.?\s*(?:each|every|any)\s+(?:die\s+)?(?:"
    r"showing\s+|that shows\s+|of\s+)?(?P<t>\d)(?:\+|\s+or\s+(?:more|higher|6|above))[^.]*?"
    r"success", re.I)
_NEED = re.compile(rf"(?:at least|need)\s+(?P<k>{_NUM})\s+success", re.I)
_DC_VALUE = re.compile(r"\b(?:DC|Difficulty(?: Class)?)\s+(?P<v>\d+)")
_ROLL = re.compile("roll", re.I)


def _rolled(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """``pattern`` (one of the checks' patterns, each of whose matches says "roll") searched
    in ``text``, if ``text`` says "roll" at all (most of a book does not: a quick no).

    >>> _rolled(_ROLL_PLUS, "Roll 2d6 + Edge.").group("what"), _rolled(_ROLL_PLUS, "Walk on.")
    ('Edge', None)
    """
    return pattern.search(text) if _ROLL.search(text) else None


def _band_name(after: str, fallback: str) -> str:
    """The words that name a band: what follows its numbers, to the end of the clause.

    >>> _band_name(" it is a full success; on 7-9", "10+"), _band_name(", a miss.", "6-")
    ('Full success', 'Miss')
    >>> _band_name(": you do it, but pay", "7–9")
    'You do it'
    """
    text = after.lstrip(" :—–-")
    if text.startswith(","):
        text = text[1:]
    clause = re.split(r"[,;.(]|\bon a\b|\bon\b", text, maxsplit=1)[0].strip()
    clause = re.sub(r"^(?:it is|it's|you get|you have|is|are|gives|means)\s+", "", clause,
                    flags=re.I)
    clause = re.sub(r"^(?:a|an|the)\s+", "", clause, flags=re.I).strip()
    words = clause.split()
    if not words or len(words) > 5:
        return fallback
    return clause[0].upper() + clause[1:]


def bands_in(text: str) -> list[dict[str, Any]] | None:
    """The outcome bands of a "10+ … 7–9 … 6-" passage, top first, or ``None`` when they
    are not two or more bands that leave no gap.

    >>> said = "On 10+ it is a full success; on 7-9 a partial success; on 6 or less, a miss."
    >>> [(b["name"], b.get("when")) for b in bands_in(said)]
    [('Full success', 'total >= 10'), ('Partial success', 'total >= 7'), ('Miss', None)]
    >>> bands_in("On a 6+ you hit; on a 3-4 you miss.") is None
    True
    """
    found: list[tuple[int | None, int | None, str]] = []
    for match in _BAND.finditer(text):
        after = text[match.end():match.end() + 60]
        if match.group("plus"):
            low, high, shown = int(match.group("plus")), None, f"{match.group('plus')}+"
        elif match.group("lo"):
            low, high = int(match.group("lo")), int(match.group("hi"))
            shown = f"{low}–{high}"
        else:
            low, high, shown = None, int(match.group("le")), f"{match.group('le')}-"
        if low is not None and high is not None and low > high:
            continue
        found.append((low, high, _band_name(after, shown)))
    if len(found) < 2 or found[0][0] is None or found[0][1] is not None:
        return None
    bands = [{"name": found[0][2], "when": f"total >= {found[0][0]}"}]
    bottom = found[0][0]
    for low, high, name in found[1:]:
        if high is None or high != bottom - 1:
            return None
        if low is None:
            bands.append({"name": name})
            return _named(bands)
        bands.append({"name": name, "when": f"total >= {low}"})
        bottom = low
    return None  # no band below the last: the book leaves the lowest results unnamed


def unread_bands(text: str) -> bool:
    """Whether a passage rolls dice + something against numbers that look like outcome
    bands but do not read as bands (the importer says so and writes nothing).

    >>> unread_bands("Roll 2d6 + Edge. On a 10+ you win; on a 3-4 you lose.")
    True
    >>> unread_bands("Roll 2d6 + Edge. On 10+ you win; on 7-9 you pay; on 6- you lose.")
    False
    """
    for paragraph in paragraphs(text):
        para = " ".join(sentences(paragraph))
        roll = _rolled(_ROLL_PLUS, para)
        if roll and len(list(_BAND.finditer(para[roll.end():]))) >= 2:
            if bands_in(para[roll.end():]) is None:
                return True
    return False


def _named(bands: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    names = [slug(b["name"]) for b in bands]
    return bands if len(set(names)) == len(names) else None


@dataclass
class CheckFound:
    """A check read from one passage."""

    entry: dict[str, Any]
    place: Place
    inputs: list[dict[str, Any]] = field(default_factory=list)


def _keep_modes(text: str) -> dict[str, str]:
    """Modes stated as "roll 3d6 and keep the highest two", in any wording of
    :data:`.keep.PHRASE` (named by the words before).

    >>> _keep_modes("With an edge, roll 3d6 and keep the highest two; against the odds, "
    ...             "roll 3d6 and keep the lowest two.")
    {'edge': '3d6kh2', 'odds': '3d6kl2'}
    >>> _keep_modes("When favoured, roll three d6, keeping the two best. When hindered, "
    ...             "roll 3d6 and drop the highest die.")
    {'favoured': '3d6kh2', 'hindered': '3d6dh1'}
    """
    modes: dict[str, str] = {}
    for match in PHRASE.finditer(text):
        roll = roll_of(match)
        before = re.sub(r"[,:]?\s*\broll(?:s|ing)?\s*$", "", text[: match.start()], flags=re.I)
        if roll is None or before == text[: match.start()]:  # a roll the text says it rolls
            continue
        keep, which = re.findall(r"([kd])([hl])\d+$", roll)[0]
        high = (keep, which) in (("k", "h"), ("d", "l"))  # the highest dice count
        lead = re.split(r"[.;,]", before)[-1]
        lead = re.sub(r"^(?:with|when|if|against|on|under|in)\s+(?:an?\s+|the\s+|your\s+)?", "",
                      lead.strip(), flags=re.I)
        name = slug(" ".join(lead.split()[-2:])) if lead else ""
        if not name or name in modes or name == "normal":
            name = "advantage" if high else "disadvantage"
        modes[name] = roll
    return modes


def checks_in(entry: dict[str, Any], place: Place, ids: Ids, stats: list[str]) -> list[CheckFound]:
    """The checks a rules entry states (at most one of each family)."""
    text = entry.get("text") or ""
    plain = " ".join(sentences(text))
    found: list[CheckFound] = []
    stat_words = {s.lower() for s in stats}
    for paragraph in paragraphs(text):
        para = " ".join(sentences(paragraph))
        roll = _rolled(_ROLL_PLUS, para)
        if roll:
            bands = bands_in(para[roll.end():])
            if bands:
                what = roll.group("what").strip()
                label = _stat_label(what, stat_words)
                modes = {m: f"{d} + stat" for m, d in _keep_modes(plain).items()}
                check: dict[str, Any] = {
                    "kind": "check", "id": ids.new(f"{entry['name']} check"),
                    "name": _check_name(entry["name"]), "rule": entry["id"],
                    "roll": f"{_dice(roll.group('dice'))} + stat",
                    "stat": {"label": label, "default": 0},
                }
                if modes:
                    check["modes"] = modes
                check["bands"] = bands
                found.append(CheckFound(check, place))
                break
    dc = _rolled(_DC, plain)
    if dc and not found:
        value = _DC_VALUE.search(plain)
        check = {"kind": "check", "id": ids.new(f"{entry['name']} check"),
                 "name": _check_name(entry["name"]), "rule": entry["id"],
                 "roll": f"{_dice(dc.group('dice'))} + stat",
                 "stat": {"label": _stat_label(dc.group("what"), stat_words), "default": 0},
                 "inputs": [{"name": "dc", "kind": "int", "label": dc.group("target").upper()
                             if len(dc.group("target")) <= 3 else dc.group("target").title(),
                             "min": 1, "max": 99}]}
        modes = {}
        for adv in _ADVANTAGE.finditer(plain):
            high = adv.group("which").lower() in ("higher", "highest", "better")
            name = "disadvantage" if adv.group("kind") else "advantage"
            modes[name] = f"2d20k{'h' if high else 'l'}1 + stat"
        if modes:
            check["modes"] = modes
        check["bands"] = [{"name": "Success", "when": "total >= dc"}, {"name": "Failure"}]
        made = CheckFound(check, place)
        if value:
            check["inputs"][0]["default"] = int(value.group("v"))
        else:
            made.inputs.append(check["inputs"][0])
        found.append(made)
    under = _rolled(_UNDER, plain)
    if under and not found:
        target = slug(under.group("what")) or "target"
        label = under.group("what").strip()
        check = {"kind": "check", "id": ids.new(f"{entry['name']} check"),
                 "name": _check_name(entry["name"]), "rule": entry["id"],
                 "roll": _dice(under.group("dice").replace("d%", "d100")),
                 "inputs": [{"name": target, "kind": "int", "label": label[0].upper() + label[1:],
                             "min": 1, "max": 100 if "100" in under.group("dice") or "%" in
                             under.group("dice") else 20}],
                 "bands": [{"name": "Success", "when": f"total <= {target}"},
                           {"name": "Failure"}]}
        made = CheckFound(check, place)
        made.inputs.append(check["inputs"][0])
        found.append(made)
    pool = _rolled(_POOL, plain)
    if pool and not found:
        need = _NEED.search(plain)
        k = number(need.group("k")) if need else 1
        sides = pool.group("s")[1:]
        check = {"kind": "check", "id": ids.new(f"{entry['name']} check"),
                 "name": _check_name(entry["name"]), "rule": entry["id"],
                 "roll": f"(stat)d{sides}cs>={pool.group('t')}",
                 "stat": {"label": _stat_label(pool.group("what"), stat_words), "default": 3,
                          "min": 1},
                 "bands": [{"name": "Success" if k == 1 else f"{k} successes",
                            "when": f"total >= {k}"}, {"name": "Failure"}]}
        made = CheckFound(check, place)
        made.inputs.append({"name": "stat", "label": "the pool's size", "default": 3})
        found.append(made)
    return found


def _dice(text: str) -> str:
    """``d20`` as ``1d20``.

    >>> _dice("d20"), _dice("2d6")
    ('1d20', '2d6')
    """
    return text if text[0].isdigit() else f"1{text}"


def _check_name(heading: str) -> str:
    """A check's name from the heading of its rule.

    >>> _check_name("3. The action roll"), _check_name("Making Checks")
    ('The action roll', 'Making Checks')
    """
    return re.sub(r"^\d+[.)]\s*", "", heading).strip() or "Check"


def _stat_label(what: str, stats: set[str]) -> str:
    """What the roll adds, as the stat's label.

    >>> _stat_label("the stat that fits", set()), _stat_label("your Edge", {"edge"})
    ('Stat', 'Edge')
    >>> _stat_label("your modifier", set())
    'Modifier'
    """
    words = re.sub(r"^(?:your|the|their|a|an|its)\s+", "", what.strip(), flags=re.I).split()
    if not words:
        return "Stat"
    if words[0].lower() in stats:
        return words[0]
    return words[0][0].upper() + words[0][1:] if len(words) == 1 else (
        words[0][0].upper() + words[0][1:] if words[0].lower() in ("stat", "modifier", "skill",
                                                                    "attribute", "bonus")
        else "Stat")


