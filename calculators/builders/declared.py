"""A book's character builder from its rules data alone: a ``builder`` entry, no Python.

The entry declares the ``attributes`` bought (each ``name``, ``label``, optional
``entry``), where each starts (``start``), their ``min`` and ``max``, the ``budget`` of
points and what a value costs (``costs``: a value's total cost, by value; without it,
each step above the start costs 1 and each step below gives 1 back), how many attributes
may go ``below`` the start, ``picks`` from lists ("pick a Trade", "choose two pieces of
gear": ``from`` entry ids or words, ``count``), and derived ``values`` (formulas over the
attributes' names, shown with their breakdown). ``rule`` is the creation rule, quoted and
linked by each step.

:func:`build` makes the module-like builder :func:`calculators.builders.builder` gives (a
character as JSON, its sheet, the form), and :func:`layout` its page; the saved library,
the share link, print and the tracker's "add my character" come with the engine.

>>> module = build("demo", EXAMPLE, NAMES)
>>> character = module.example()
>>> sheet = module.evaluate(character)
>>> [(s["id"], s["status"], s["left_text"]) for s in sheet["steps"]][1:]
[('attributes', 'done', '0 of 6 points left'), ('pick_trade', 'done', '1 of 1 picked')]
>>> [(v["label"], v["value"], v["breakdown"]) for v in sheet["values"]][-1]
('Stress boxes', 7, 'Stress boxes 7 = 6 + nerve (1)')
>>> bad = module.from_form({**module.to_form(character), "attr.edge": "2", "attr.nerve": "2"})
>>> [p["message"] for p in module.evaluate(bad)["steps"][1]["problems"]]
['7 points spent; the budget is 6.']
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from ..errors import InputError
from ..notation import parse
from ..notation.syntax import Dice, walk
from . import state as check
from .sheet import Problem, Step, assemble, step, value

VERSION = 1

EXAMPLE: dict[str, Any] = {
    "id": "demo.builder",
    "kind": "builder",
    "name": "Crew member",
    "rule": "demo.creation",
    "attributes": [
        {"name": "nerve", "label": "Nerve"}, {"name": "edge", "label": "Edge"},
        {"name": "guile", "label": "Guile"}, {"name": "grit", "label": "Grit"},
    ],
    "start": 0, "min": -1, "max": 3, "budget": 6, "below": 1,
    "costs": {"-1": -1, "0": 0, "1": 1, "2": 2, "3": 4},
    "picks": [{"name": "trade", "label": "Trade", "count": 1, "rule": "demo.trades",
               "from": ["Burglar", "Face", "Fixer"]}],
    "values": [{"label": "Stress boxes", "value": "6 + nerve"}],
    "example": {"name": "Vex", "attributes": {"nerve": 1, "edge": 2, "guile": 3, "grit": -1},
                "picks": {"trade": ["Burglar"]}},
}
"""A point-buy over four stats with a cost table, one pick and one derived value."""
NAMES = {"demo.creation": "Creating a crew member", "demo.trades": "Trades"}


def slug(word: str) -> str:
    """A pick's option as a form field's last part.

    >>> slug("Fixer"), slug("demo.the_fixer"), slug("Silver Tongue!")
    ('fixer', 'demo-the_fixer', 'silver-tongue')
    """
    return re.sub(r"[^a-z0-9_]+", "-", word.casefold()).strip("-")


def build(system: str, declaration: Mapping[str, Any], names: Mapping[str, str]) -> ModuleType:
    """The builder a declaration describes (``names``: entry names by id, for the picks)."""
    attributes = [dict(a) for a in declaration.get("attributes") or []]
    keys = [a["name"] for a in attributes]
    start = int(declaration.get("start", 0))
    low = int(declaration.get("min", start))
    high = int(declaration.get("max", start + 5))
    budget = declaration.get("budget")
    below = declaration.get("below")
    costs = {int(k): v for k, v in (declaration.get("costs") or {}).items()}
    picks = [dict(p) for p in declaration.get("picks") or []]
    derived = [dict(v) for v in declaration.get("values") or []]
    rule = declaration["rule"]
    title = declaration["name"]

    def option_name(option: str) -> str:
        return names.get(option, option)

    def cost(score: int) -> int:
        return costs[score] if score in costs else score - start

    def blank() -> dict[str, Any]:
        return {"system": system, "version": VERSION, "name": "", "level": 1,
                "attributes": {k: start for k in keys}, "picks": {p["name"]: [] for p in picks}}

    def validate(raw: Any) -> dict[str, Any]:
        raw = check.header(raw, system, title, VERSION)
        check.record(raw, "", ("system", "version", "name", "level", "attributes", "picks"),
                     "character")
        out = blank()
        out["name"] = check.text(raw.get("name", ""), "name", "Name", 80)
        out["level"] = check.whole(raw.get("level", 1), "level", "Level", 1, 1)
        given = check.record(raw.get("attributes", {}), "attributes", keys, "set of attributes")
        for attribute in attributes:
            path = check.join("attributes", attribute["name"])
            out["attributes"][attribute["name"]] = check.whole(
                given.get(attribute["name"], start), path, attribute["label"], low, high)
        chosen = check.record(raw.get("picks", {}), "picks", [p["name"] for p in picks],
                              "set of picks")
        for pick in picks:
            path = check.join("picks", pick["name"])
            items = check.items(chosen.get(pick["name"], []), path, pick["label"],
                                len(pick["from"]))
            found = []
            for index, item in enumerate(items):
                option = check.choice(item, check.join(path, index), pick["label"], pick["from"])
                if option in found:
                    raise InputError(check.join(path, index), f"{option_name(option)} is picked "
                                                              "twice: pick another.")
                found.append(option)
            out["picks"][pick["name"]] = [o for o in pick["from"] if o in found]
        return out

    def example() -> dict[str, Any]:
        given = declaration.get("example") or {}
        return validate({**blank(), **given, "system": system, "version": VERSION})

    def evaluate(raw: Any) -> dict[str, Any]:
        character = validate(raw)
        scores = character["attributes"]
        steps: list[Step] = [step("identity", "Character", rule, "", 0 if character["name"]
                                  else 1, [], left_text="" if character["name"] else
                                  "a name is left")]
        problems: list[Problem] = []
        spent = sum(cost(scores[k]) for k in keys)
        if budget is not None and spent > budget:
            problems.append(_problem(f"{spent} points spent; the budget is {budget}.", rule))
        lowered = [a["label"] for a in attributes if scores[a["name"]] < start]
        if below is not None and len(lowered) > below:
            problems.append(_problem(
                f"{len(lowered)} attributes below {start} ({', '.join(lowered)}); at most "
                f"{below} may be.", rule))
        left = max(0, budget - spent) if budget is not None else 0
        steps.append(step(
            "attributes", "Attributes", rule,
            (f"{budget} points" if budget is not None else "") + f", each from {low} to {high}",
            left, problems,
            left_text=f"{left} of {budget} points left" if budget is not None else "",
        ))
        for pick in picks:
            got = character["picks"][pick["name"]]
            count = int(pick.get("count", 1))
            pick_problems = [] if len(got) <= count else [_problem(
                f"{len(got)} picked; pick {count}.", pick.get("rule", rule))]
            steps.append(step(
                f"pick_{pick['name']}", pick["label"], pick.get("rule", rule),
                f"{count} of {len(pick['from'])}", max(0, count - len(got)), pick_problems,
                left_text=f"{len(got)} of {count} picked",
            ))
        values = []
        for attribute in attributes:
            score = scores[attribute["name"]]
            values.append(value(attribute["label"], score,
                                f"{attribute['label']} {score} = start {start} "
                                f"{'+' if score >= start else '−'} {abs(score - start)} "
                                f"(cost {cost(score)})"))
        for item in derived:
            expression = parse(item["value"], "value")
            total = expression.distribution(scores).min_outcome()
            shown = " ".join(
                f"{word} ({scores[word]})" if word in scores else word
                for word in expression.text().split(" ")
            )
            values.append(value(item["label"], total, f"{item['label']} {total} = {shown}"))
        lists = [(pick["label"], [option_name(o) for o in character["picks"][pick["name"]]])
                 for pick in picks]
        return assemble(system, character, steps, values,
                        title=character["name"] or f"A new {title.lower()}",
                        level=character["level"], lists=lists)

    def level_up(raw: Any) -> tuple[dict[str, Any], list[dict[str, str]]]:
        validate(raw)
        raise InputError("level", f"{title} has no levels in the rulebook: there is nothing "
                                  "to level up; change the character's choices instead.")

    def to_form(character: dict[str, Any]) -> dict[str, str]:
        form = {"name": character["name"]}
        form.update({f"attr.{k}": str(v) for k, v in character["attributes"].items()})
        for pick in picks:
            for option in pick["from"]:
                form[f"pick.{pick['name']}.{slug(option)}"] = (
                    "true" if option in character["picks"][pick["name"]] else "false")
        return form

    def from_form(form: dict[str, Any]) -> dict[str, Any]:
        chosen = {}
        for pick in picks:
            chosen[pick["name"]] = [
                option for option in pick["from"]
                if check.flag(form.get(f"pick.{pick['name']}.{slug(option)}", "false"),
                              f"pick.{pick['name']}.{slug(option)}", option_name(option))
            ]
        raw = {"system": system, "version": VERSION, "name": form.get("name", ""), "level": 1,
               "attributes": {k: form.get(f"attr.{k}", start) for k in keys}, "picks": chosen}
        try:
            return validate(raw)
        except InputError as error:
            field = error.field.replace("attributes.", "attr.", 1)
            raise InputError(field, error.message) from None

    module = ModuleType(f"{__name__}.{system}", f"The character builder {system} declares.")
    module.__dict__.update(
        SYSTEM=system, NAME=title, VERSION=VERSION, DECLARATION=dict(declaration), NAMES=names,
        blank=blank, example=example, validate=validate, evaluate=evaluate, level_up=level_up,
        to_form=to_form, from_form=from_form,
    )
    return module


def from_data(system: str, data: Mapping[str, Mapping[str, Any]]) -> ModuleType | None:
    """The builder of a book's exported entries (by id), if it declares one.

    >>> from_data("demo", {"demo.builder": EXAMPLE}).NAME
    'Crew member'
    """
    found = next((e for e in data.values() if e.get("kind") == "builder"), None)
    return None if found is None else build(system, found, found.get("names") or {})


def _problem(message: str, rule: str) -> Problem:
    """A broken rule; the declaration is the rule's words (its entry is linked)."""
    return {"message": message, "rule": rule, "quote": ""}


def render_page(page: Any, module: ModuleType, blank: dict[str, Any],
                html: dict[str, Any]) -> str:
    """The builder page of a declared builder: a name, the attributes, each pick."""
    from html import escape

    declaration = module.DECLARATION
    status = html["steps"]
    rule = declaration["rule"]
    low = int(declaration.get("min", declaration.get("start", 0)))
    high = int(declaration.get("max", declaration.get("start", 0) + 5))
    steps = [page.step("identity", "", "Character",
                       page.field("name", "Name", "text", help_text="It titles the sheet."),
                       status["identity"])]
    fields = "".join(
        page.field(f"attr.{a['name']}",
                   f"<a href='{escape(page.links[a['entry']])}'>{escape(a['label'])}</a>"
                   if a.get("entry") in page.links else escape(a["label"]), low=low, high=high)
        for a in declaration.get("attributes") or []
    )
    steps.append(page.step("attributes", "Step 1:", "Attributes",
                           f"<div class='rb-fields'>{fields}</div>", status["attributes"],
                           rule=page.rule(rule)))
    for number, pick in enumerate(declaration.get("picks") or [], start=2):
        options = "".join(
            page.field(f"pick.{pick['name']}.{slug(option)}",
                       f"<a href='{escape(page.links[option])}'>"
                       f"{escape(module.NAMES.get(option, option))}</a>"
                       if option in page.links else escape(module.NAMES.get(option, option)),
                       "checkbox")
            for option in pick["from"]
        )
        steps.append(page.step(f"pick_{pick['name']}", f"Step {number}:", pick["label"],
                               f"<div class='rb-fields'>{options}</div>",
                               status[f"pick_{pick['name']}"],
                               rule=page.rule(pick.get("rule", rule))))
    intro = (f"<p class='rb-builder-intro'>Make a {escape(module.NAME.lower())} step by step: "
             "each step shows what the rules allow and what is left, and a choice that breaks "
             "a rule is flagged at its step. The character is kept in this page's link and in "
             "this browser, and can be exported as a JSON file or printed.</p>")
    return str(page.wrap(intro, "".join(steps), html["sheet"], blank))


def problems(entry: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Every problem of a ``builder`` entry whose fields have the right types already.

    >>> problems(EXAMPLE)
    []
    >>> bad = {**EXAMPLE, "start": 5, "values": [{"label": "Speed", "value": "1d6 + nerv"}]}
    >>> for where, message in problems(bad): print(where, "|", message)
    start | the start 5 is outside min -1 to max 3
    values[0].value | unknown name 'nerv' (the attributes: edge, grit, guile, nerve)
    """
    found: list[tuple[str, str]] = []
    keys: list[str] = []
    for index, attribute in enumerate(entry.get("attributes") or []):
        name = attribute.get("name")
        if not (isinstance(name, str) and name.isidentifier() and name.islower()) or name in keys:
            found.append((f"attributes[{index}].name", f"{name!r} must be a new snake_case name"))
        keys.append(name)
    start = entry.get("start", 0)
    low, high = entry.get("min", start), entry.get("max", start + 5)
    if not low <= start <= high:
        found.append(("start", f"the start {start} is outside min {low} to max {high}"))
    for key in entry.get("costs") or {}:
        try:
            score = int(key)
        except (TypeError, ValueError):
            found.append(("costs", f"{key!r} is not a whole number: a cost is given by value"))
            continue
        if not low <= score <= high:
            found.append(("costs", f"{score} is outside min {low} to max {high}"))
    picks: list[str] = []
    for index, pick in enumerate(entry.get("picks") or []):
        if pick.get("name") in picks:
            found.append((f"picks[{index}].name", "a second pick of that name"))
        picks.append(pick.get("name"))
        if not 1 <= pick.get("count", 1) <= len(pick.get("from") or []):
            found.append((f"picks[{index}].count", "pick 1 to as many as the list holds"))
    for index, item in enumerate(entry.get("values") or []):
        where = f"values[{index}].value"
        try:
            expression = parse(item.get("value", ""), where)
        except InputError as error:
            found.append((where, error.message))
            continue
        unknown = sorted(expression.names - set(keys))
        if unknown:
            found.append((where, f"unknown name {unknown[0]!r} (the attributes: "
                                 f"{', '.join(sorted(keys))})"))
        elif any(isinstance(node, Dice) for node in walk(expression.tree)):
            found.append((where, "a value of the sheet is one number: no dice here"))
    if not found and entry.get("example") is not None:
        module = build(str(entry.get("id", "x.x")).partition(".")[0], entry, {})
        try:
            module.example()
        except InputError as error:
            found.append((f"example.{error.field}", error.message))
    return found
