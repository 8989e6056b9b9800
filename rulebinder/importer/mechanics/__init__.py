"""A game's mechanics read from its own words: the declarations of its table tools.

Where a rulebook states a mechanic plainly, the importer writes the declaration the five
books use (``docs/guide/authoring.md``), citing the entry and source line it came from:

* **checks** (:func:`checks_in`): "roll 2d6 + Edge; 10+ full success, 7–9 partial, 6- a
  miss" (dice + stat against bands, with "roll 3d6 and keep the highest two" as a mode);
  "roll a d20 and add your modifier; meet or beat the DC" (with advantage: two d20, the
  higher); "roll d100 equal to or under your skill"; "roll a number of d6 equal to your
  stat; each 5 or 6 is a success";
* **stats** (:func:`stats_in`): "four stats: Nerve, Edge, Guile and Grit", or a bold list
  under a Stats heading, and their range ("a number from -1 to 3");
* **tracks** (:func:`tracks_in`): "a Stress track of 6 boxes", "Harm has three steps:
  Bruised, Hurt (-1 on every action roll) and Out";
* **keep phrases** (:func:`~.keep.keep_marks`): "roll 3d6 and keep the highest two" is a
  live roll of ``3d6kh2`` where it is written;
* **initiative**: "rolls 1d6 + Nerve for initiative", "a tie goes to the higher Nerve";
* **conditions** (:func:`conditions_in`): the entries of a Conditions or Statuses section
  (headings, bold or plain ``Name:`` run-ins, list items) become statuses; what they do,
  where it is plain ("mark 1 Stress at the end of each round", "-1 on action rolls",
  "until the end of the scene", "for 2 rounds"), becomes their tracker behaviour;
* **character creation** (:func:`builder_in`): "every stat starts at 0", "you have 6
  points to spend", "raising it from 2 to 3 costs 2 more", "one stat may be lowered to
  -1", "pick a Trade: Burglar, Face or Fixer".

What is not plain stays text; what is ambiguous is reported and nothing is written for it.
No value the book does not state is invented: a calculator input the book gives no value
for gets an assumption entry, shown to the reader.
"""

from __future__ import annotations

import re
from itertools import islice
from typing import Any

from ..ids import Ids, slug
from .checks import _check_name, _dice, checks_in, stats_in, unread_bands
from .keep import keep_marks
from .table import (
    _INITIATIVE,
    _TIES,
    CONDITIONS_HEADING,
    builder_in,
    condition_paragraphs,
    status_behaviour,
    tracks_in,
)
from .text import Found, Place, forget_sentences, sentences

__all__ = ["Found", "apply", "read_mechanics"]
_INITIATIVE_WORD = re.compile("initiative", re.I)  # in every match of _INITIATIVE

def _place(entry: dict[str, Any]) -> Place:
    source = dict(entry["source"])
    return Place(entry["id"], str(source.get("file", "")), int(entry.get("_line") or 0), source)


def read_mechanics(pages: list[Any], ids: Ids) -> Found:
    """Everything of the mechanics the book states plainly (``pages``: the importer's
    :class:`~.structure.PageData`, before the glossary is made)."""
    try:
        return _read(pages, ids)
    finally:
        forget_sentences()


def _read(pages: list[Any], ids: Ids) -> Found:
    found = Found()
    entries = [e for page in pages for e in page.entries]
    stats, bounds, stats_at = stats_in(entries)
    by_id = {e["id"]: e for e in entries}
    # Checks: the first found is the core check the tracker rolls.
    rolls: dict[tuple[Any, ...], dict[str, Any]] = {}  # checks by how they roll: _same_roll
    for entry in entries:
        if entry["kind"] not in ("section", "prose", "term", "sidebar"):
            continue
        made_here = checks_in(entry, _place(entry), ids, stats)
        if not made_here and unread_bands(entry.get("text") or ""):
            found.notes.append(
                f"not read: a roll at {_place(entry).cite()} names outcomes that are not "
                "bands without gaps (or one band only): nothing written; declare its check "
                "in a page of your own if you want one")
        for made in made_here:
            check = made.entry
            same = rolls.get(_roll_key(check)) if not check.get("inputs") else None
            if same is not None:  # a move that repeats the core roll: it rolls that check
                found.notes.append(f"move at {made.place.cite()} rolls check {same['id']}")
                continue
            if stats and bounds and check.get("stat") and "max" not in check["stat"]:
                check["stat"].update(min=max(bounds[0], check["stat"].get("min", bounds[0])),
                                     max=bounds[1])
            wrong = check_problem(check)
            if wrong:
                found.notes.append(f"not read: the check at {made.place.cite()}: {wrong}; "
                                   "nothing written")
                continue
            for spec in made.inputs:
                _assume(found, ids, check, spec)
            check["source"] = made.place.source
            found.checks.append(check)
            if not check.get("inputs"):
                rolls.setdefault(_roll_key(check), check)
            found.placed[check["id"]] = entry["id"]
            found.notes.append(f"check {check['id']} from {made.place.cite()}")
    _mark_moves(entries, found.checks, stats)
    for entry in entries:  # "roll 3d6 and keep the highest two": the roll of the dice kept
        if isinstance(entry.get("text"), str):
            entry["text"], kept = keep_marks(entry["text"])
            found.notes += [f"dice {roll} from {_place(entry).cite()}: {words!r}"
                            for words, roll in kept]
    check_words = {}
    for check in found.checks:
        for word in re.findall(r"[a-z]+", check["name"].lower()):
            if word not in ("the", "a", "an", "roll", "rolls", "check", "checks", "making", "of"):
                check_words.setdefault(word, check["id"])
    # Tracks and initiative.
    tracks: dict[str, dict[str, Any]] = {}
    initiative: dict[str, Any] | None = None
    for entry in entries:
        text = entry.get("text") or ""
        for track in tracks_in(text):
            if track["name"] not in tracks:
                track["rule"] = entry["id"]
                tracks[track["name"]] = track
                found.notes.append(f"track {track['label']} from {_place(entry).cite()}")
        plain = " ".join(sentences(text))
        match = _INITIATIVE.search(plain) if _INITIATIVE_WORD.search(plain) else None
        if match and initiative is None:
            dice = _dice(match.group("dice") or match.group("dice2"))
            stat = match.group("stat") or match.group("stat2")
            if stat and stat.lower() not in {s.lower() for s in stats}:
                found.notes.append(f"initiative at {_place(entry).cite()} adds {stat!r}, not a "
                                   "stat the book lists: left as text")
                continue
            initiative = {"roll": f"{dice} + {slug(stat)}" if stat else dice,
                          "rule": entry["id"]}
            tie = _TIES.search(plain)
            if tie and tie.group("stat").lower() in {s.lower() for s in stats}:
                initiative["ties"] = [slug(tie.group("stat"))]
            found.notes.append(f"initiative {initiative['roll']} from {_place(entry).cite()}")
    # Conditions.
    track_names = {t["label"].lower(): name for name, t in tracks.items()}
    taken: frozenset[str] | None = None  # (statuses made here keep their names and kinds)
    for page in pages:
        for index, entry in enumerate(page.entries):
            heading = str(entry.get("name", ""))
            if entry["kind"] != "section" or not CONDITIONS_HEADING.match(heading.strip()):
                continue
            if taken is None:
                taken = frozenset(e["name"].lower() for e in entries if e["kind"] in (
                    "term", "status", "attribute", "ability", "art"))
            kept, listed = condition_paragraphs(entry.get("text") or "", taken)
            made_here = []
            for name, text in listed:
                status = {"kind": "status", "id": ids.new(name), "name": name,
                          "group": "status", "text": text, "source": entry["source"]}
                made_here.append(status)
            if listed:
                if kept:
                    entry["text"] = "\n\n".join(kept)
                else:
                    entry.pop("text", None)
            for later in islice(page.entries, index + 1, None):
                if later["kind"] == "section":
                    break
                if later["kind"] == "term" and later.get("text"):
                    later["kind"] = "status"
                    later["group"] = "status"
                    later.pop("tag", None)
                    made_here.append(later)
            for status in made_here:
                behaviour = status_behaviour(status["text"], track_names, check_words)
                if behaviour:
                    status["tracker"] = behaviour
                found.notes.append(f"status {status['id']} from {_place(entry).cite()}"
                                   + (" (with its tracker behaviour)" if behaviour else ""))
            on_page = {id(e) for e in page.entries}
            found.statuses += [(entry["id"], s) for s in made_here if id(s) not in on_page]
    # Stats as terms, linked where mentioned (their names only: "an edge" is no stat).
    if stats and stats_at:
        names = {e["name"].lower() for e in entries}
        at = by_id[stats_at]
        for name in stats:
            if name.lower() not in names:
                sentence = next((s for s in sentences(at.get("text") or "") if name in s),
                                at["name"])
                found.stat_terms.append({"kind": "term", "id": ids.new(name), "name": name,
                                         "tag": "Stat", "text": sentence,
                                         "source": at["source"], "_no_aliases": True})
        found.notes.append(f"stats {', '.join(stats)} from {_place(at).cite()}")
    # Character creation.
    for entry in entries:
        made = builder_in(entry.get("text") or "", stats, bounds)
        if made:
            builder = {"kind": "builder", "id": ids.new("character builder"),
                       "name": _check_name(entry["name"]), "rule": entry["id"], **made,
                       "source": entry["source"]}
            stat_ids = {t["name"]: t["id"] for t in found.stat_terms}
            for attribute in builder["attributes"]:
                if attribute["label"] in stat_ids:
                    attribute["entry"] = stat_ids[attribute["label"]]
            from calculators.builders.declared import problems as builder_problems

            wrong = builder_problems(builder)
            if wrong:
                found.notes.append(f"not read: the creation rule at {_place(entry).cite()}: "
                                   f"{wrong[0][0]}: {wrong[0][1]}; nothing written")
                break
            found.builder = builder
            found.placed[builder["id"]] = entry["id"]
            found.notes.append(f"builder {builder['id']} from {_place(entry).cite()}")
            break
    # The tracker: a book with statuses or tracks.
    statuses = [s for _, s in found.statuses] + [
        e for e in entries if e["kind"] == "status"]
    if tracks or statuses:
        rule = (initiative or {}).get("rule") or next(iter(tracks.values()), {}).get("rule") or (
            found.statuses[0][0] if found.statuses else entries[0]["id"])
        tracker: dict[str, Any] = {"kind": "tracker", "id": ids.new("encounter tracker"),
                                   "name": "Encounter tracker", "rule": rule}
        if stats:
            stat_ids = {t["name"]: t["id"] for t in found.stat_terms}
            tracker["stats"] = [
                {"name": slug(s), "label": s,
                 **({"min": bounds[0], "max": bounds[1]} if bounds else {}),
                 **({"entry": stat_ids[s]} if s in stat_ids else {})}
                for s in stats]
        if tracks:
            tracker["tracks"] = list(tracks.values())
        if initiative:
            tracker["initiative"] = initiative
        if found.checks and stats:
            tracker["checks"] = [found.checks[0]["id"]]
        tracker["source"] = by_id[rule]["source"] if rule in by_id else entries[0]["source"]
        from calculators.tracker.checks import problems as tracker_problems
        from calculators.tracker.checks import status_problems

        wrong = tracker_problems(tracker)
        if wrong:
            found.notes.append(f"not read: the tracker: {wrong[0][0]}: {wrong[0][1]}; "
                               "nothing written")
            for status in statuses:
                status.pop("tracker", None)
            return found
        for status in statuses:
            block = status.get("tracker")
            if block and status_problems(block, set(tracks), True):
                status.pop("tracker")
                found.notes.append(f"not read: what {status['name']} does in the tracker")
        found.tracker = tracker
        found.placed[tracker["id"]] = rule
        found.notes.append(f"tracker {tracker['id']}: {len(stats)} stats, {len(tracks)} tracks, "
                           f"{len(statuses)} statuses"
                           + (f", initiative {initiative['roll']}" if initiative else ""))
    return found


def check_problem(check: dict[str, Any]) -> str:
    """What would stop the build in a check read from a book ("" if nothing): the build's
    own checks, then its odds for every stat and mode (a roll past the dice language's
    limits).

    >>> check_problem({"id": "g.c", "roll": "2d6 + stat", "stat": {"label": "Stat"},
    ...                "bands": [{"name": "Hit", "when": "total >= 7"}, {"name": "Miss"}]})
    ''
    >>> check_problem({"id": "g.c", "roll": "900d900 + stat", "stat": {"label": "Stat"},
    ...                "bands": [{"name": "Hit", "when": "total >= 7"}, {"name": "Miss"}]})
    ... # doctest: +ELLIPSIS
    'roll: ...'
    """
    from calculators.declared import check as core
    from calculators.errors import InputError

    trial = {**check, "inputs": [{**i, "default": i.get("default", 10)}
                                 for i in check.get("inputs") or []]}
    found = core.problems(trial)
    if found:
        return f"{found[0][0]}: {found[0][1]}"
    names = {i["name"]: i["default"] for i in trial["inputs"]}
    try:
        for mode in core.modes(trial):
            for stat in core.stat_range(trial) or [None]:
                core.odds(trial, stat, mode, names)
    except (InputError, ValueError, ZeroDivisionError) as error:
        where = getattr(error, "field", "roll")
        return f"{where}: {getattr(error, 'message', error)}"
    return ""


def _roll_key(check: dict[str, Any]) -> tuple[Any, ...]:
    """What two checks that roll alike share (with no inputs): the same dice and the same
    band thresholds.

    >>> _roll_key({"roll": "2d6 + stat", "bands": [{"when": "total >= 7"}, {"name": "Miss"}]})
    ('2d6 + stat', 'total >= 7', None)
    """
    return (check["roll"], *(band.get("when") for band in check["bands"]))


_MOVE = re.compile(r"\broll(?:s)?\s+(?P<dice>\d*d\d+)\s*\+\s*(?P<what>(?:your\s+|their\s+|the\s+)?"
                   r"[A-Za-z][\w-]*(?:\s+that\s+fits)?)")


def _mark_moves(entries: list[dict[str, Any]], checks: list[dict[str, Any]],
                stats: list[str]) -> None:
    """Where the text says a check's roll ("roll 2d6 + Guile"), its words become a mark
    that rolls the check (``[roll 2d6 + Guile]{check=ID}``): the words stay as written.

    A text is marked for one check: the first (in ``checks``) whose roll it says; once
    marked, it is left alone. One pass over the entries, however many checks there are.

    >>> checks = [{"id": "g.a", "roll": "2d6 + stat"}, {"id": "g.b", "roll": "d20 + stat"},
    ...           {"id": "g.c", "roll": "2d6 + stat"}]
    >>> entries = [{"text": "Roll 1d20 + Edge, or roll 2d6 + your Edge."},
    ...            {"text": "Roll 1d20 + Luck."}, {"text": "Roll 2d6 + stat, `code`."}]
    >>> _mark_moves(entries, checks, ["Edge"])
    >>> [e["text"] for e in entries]  # doctest: +NORMALIZE_WHITESPACE
    ['Roll 1d20 + Edge, or [roll 2d6 + your Edge]{check=g.a}.', 'Roll 1d20 + Luck.',
     'Roll 2d6 + stat, `code`.']
    """
    by_dice: dict[str, dict[str, Any]] = {}  # the first check of each dice: it marks first
    for check in checks:
        if not check.get("inputs") and check["roll"].endswith(" + stat"):
            by_dice.setdefault(check["roll"].removesuffix(" + stat"), check)
    if not by_dice:
        return
    order = {id(check): number for number, check in enumerate(checks)}
    stat_words = {s.lower() for s in stats} | {"stat"}

    def says(match: re.Match[str]) -> dict[str, Any] | None:
        """The check whose roll ``match`` says, if any."""
        words = match.group("what").split()
        named = words[-1].lower() if words[-1] != "fits" else "stat"
        if named not in stat_words and "stat" not in match.group("what").lower():
            return None
        return by_dice.get(_dice(match.group("dice")))

    for entry in entries:
        text = entry.get("text")
        if not isinstance(text, str) or "]{" in text or "](" in text or "`" in text:
            continue
        said = [check for match in _MOVE.finditer(text) if (check := says(match))]
        if not said:
            continue
        first = min(said, key=lambda check: order[id(check)])

        def mark(match: re.Match[str], first: dict[str, Any] = first) -> str:
            if says(match) is not first:
                return match.group(0)
            return f"[{match.group(0)}]{{check={first['id']}}}"

        entry["text"] = _MOVE.sub(mark, text)


def _assume(found: Found, ids: Ids, check: dict[str, Any], spec: dict[str, Any]) -> None:
    """An input whose value the book does not state: an assumption entry says what the
    calculator starts with, shown to the reader, and the input takes it."""
    defaults = {"dc": 10, "stat": 3}
    value = defaults.get(spec["name"], 50)
    label = spec.get("label", spec["name"])
    assumption = {
        "kind": "assumption", "id": ids.new(f"assume {check['name']} {spec['name']}"),
        "name": f"{check['name']}: the {label} the calculator starts with",
        "text": f"The calculator of {check['name']} starts with {label} {value}; change it "
                "to the value of the roll at hand.",
        "reason": "The rulebook states the rule but gives no typical value for it, and a "
                  "calculator needs one to start with.",
        "default": value, "applies_to": [check["rule"]], "source": check.get("source")
        or {},
    }
    found.assumptions.append(assumption)
    found.placed[assumption["id"]] = check["rule"]
    if spec["name"] == "stat" and check.get("stat"):
        check["stat"]["default"] = value
        found.notes.append(f"assumption {assumption['id']}: the pool's size starts at {value}")
        return
    spec.pop("default", None)
    spec["assumption"] = assumption["id"]
    check.setdefault("assumptions", []).append(assumption["id"])
    found.notes.append(f"assumption {assumption['id']}: {label} starts at {value}")


def apply(pages: list[Any], found: Found) -> list[str]:
    """Put what was found into the pages (each declaration after the entry it follows);
    the tool pages the book now has (``calculators``, ``tracker``, ``builder``)."""
    after: dict[str, list[dict[str, Any]]] = {}
    for follows, status in found.statuses:
        after.setdefault(follows, []).append(status)
    stats_after = found.stat_terms
    for declaration in [*found.checks, *found.assumptions, found.tracker, found.builder]:
        if declaration is not None:
            if declaration["kind"] == "assumption":
                declaration["source"] = next(
                    (e["source"] for p in pages for e in p.entries
                     if e["id"] == found.placed[declaration["id"]]), declaration["source"])
            after.setdefault(found.placed[declaration["id"]], []).append(declaration)
    for page in pages:
        out: list[dict[str, Any]] = []
        for entry in page.entries:
            out.append(entry)
            if stats_after and any(t["source"] == entry["source"] and entry["kind"] == "section"
                                   for t in stats_after[:1]):
                out += stats_after
                stats_after = []
            out += after.pop(entry["id"], [])
        page.entries[:] = out
    tools = []
    if found.checks:
        tools.append("calculators")
    if found.tracker:
        tools.append("tracker")
    if found.builder:
        tools.append("builder")
    return tools
