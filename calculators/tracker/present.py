"""HTML of the tracker: the toolbar, the turn order of creature cards, the event log.

Drawn from the document and the system's declarations, at build time (the empty
encounter) and in the worker after each action; every value is escaped. Actions are
``<form class='rb-act' data-op=...>`` elements whose named fields make up the action, so
the page's script is the same for every system. ``links`` maps rules-data entry ids to
the page's URLs.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from html import escape
from types import ModuleType
from typing import Any

from ..data import entry
from . import positions
from .context import COMPARE, chance
from .encounter import GENERIC, GENERIC_RULE, INITIATIVE_FIELD, current_id
from .spec import Action, Field


@cache
def rule_names(system: ModuleType) -> dict[str, tuple[str, str]]:
    """Each rule id of ``system`` to its name and the entry it links to (made once: the
    log links every event's rule on every answer)."""
    names = {r.id: (r.name, r.source) for r in system.RULES}
    for field in system.SETTINGS:
        names[field.name] = (field.label, field.name)
    return names


def rule_link(system: ModuleType, rule: str, links: dict[str, str]) -> str:
    """The rule an event applied, linked to its page (nothing for the GM's bookkeeping).

    >>> from calculators.tracker import engine
    >>> rule_link(engine("pendragon"), "pendragon.wound_penalty", {})
    ' (Wound penalty)'
    """
    if rule == GENERIC_RULE or not rule:
        return ""
    name, source = rule_names(system).get(rule, (rule, rule))
    href = links.get(source)
    text = f"<a href='{escape(href)}'>{escape(name)}</a>" if href else escape(name)
    return f" ({text})"


def assumption_links(event: dict[str, Any], links: dict[str, str]) -> str:
    """The assumptions an event followed, by their entries' names, linked.

    >>> print(assumption_links({"assumptions": ["pendragon.assume_total_damage"]}, {}))
     <small class='rb-tr-assumed'>Assumes: Wounds count in the revive Difficulty.</small>
    """
    cited = event.get("assumptions") or []
    if not cited:
        return ""
    names = []
    for name in cited:
        text = escape(str(entry(name).get("name", name)))
        href = links.get(name)
        names.append(f"<a href='{escape(href)}'>{text}</a>" if href else text)
    return f" <small class='rb-tr-assumed'>Assumes: {'; '.join(names)}.</small>"


def percent(p: Fraction) -> str:
    """A chance as an exact fraction and a rounded percentage.

    >>> percent(Fraction(11, 20)), percent(Fraction(1, 3000))
    ('11/20 (55%)', '1/3000 (<0.1%)')
    """
    share = float(p * 100)
    shown = "<0.1%" if 0 < share < 0.1 else f"{share:.1f}".removesuffix(".0") + "%"
    return f"{p.numerator}/{p.denominator} ({shown})"


def _field(field: Field, form_id: str, value: Any = None) -> str:
    fid = f"{form_id}-{field.name}"
    current = field.default if value is None else value
    label = f"<label for='{fid}'>{escape(field.label)}</label>"
    hint = f"<small class='rb-hint'>{escape(field.help)}</small>" if field.help else ""
    if field.kind == "int":
        control = (
            f"<input id='{fid}' name='{field.name}' type='number' inputmode='numeric' "
            f"min='{field.low}' max='{field.high}' step='1' "
            + ("" if current is None else f"value='{escape(str(current))}' ")
            + ("" if field.optional else "required")
            + ">"
        )
    elif field.kind == "choice":
        options = "".join(
            f"<option value='{escape(v)}'{' selected' if v == current else ''}>"
            f"{escape(text)}</option>"
            for v, text in field.choices
        )
        control = f"<select id='{fid}' name='{field.name}'>{options}</select>"
    elif field.kind == "flag":
        checked = " checked" if current in (True, "yes") else ""
        control = f"<input id='{fid}' name='{field.name}' type='checkbox' value='yes'{checked}>"
    else:
        text = "" if current is None else escape(str(current), quote=True)
        control = f"<input id='{fid}' name='{field.name}' type='text' value='{text}'>"
    return f"<span class='rb-tr-field'>{label}{control}{hint}</span>"


def action_form(action: Action, cid: str = "", extra: dict[str, str] | None = None) -> str:
    """One action as a form: its fields and a button; the page sends its named values."""
    form_id = f"act-{cid or 'all'}-{action.op}"
    data = {"op": action.op, **({"id": cid} if cid else {}), **(extra or {})}
    attrs = "".join(f" data-{k}='{escape(v, quote=True)}'" for k, v in data.items())
    rolls = " data-rolls='1'" if action.rolls else ""
    big = " rb-big" if action.common else ""
    fields = "".join(_field(f, form_id) for f in action.fields)
    return (
        f"<form class='rb-act{big}' id='{form_id}'{attrs}{rolls}>{fields}"
        f"<button type='submit' class='md-button{' md-button--primary' if action.common else ''}'>"
        f"{escape(action.label)}</button>"
        + (f"<small class='rb-hint'>{escape(action.help)}</small>" if action.help else "")
        + "</form>"
    )


def offered(action: Action, state: dict[str, Any]) -> bool:
    """Whether the page offers ``action`` now (its ``when``: before or after the start).

    >>> offered(Action("x", "X", "encounter", (), "r", when="setup"), {"round": 1})
    False
    """
    if action.when == "setup":
        return state["round"] == 0
    if action.when == "running":
        return state["round"] > 0
    return True


def _numbers(card: dict[str, Any]) -> str:
    rows = "".join(
        f"<div><dt>{escape(label)}</dt><dd>{escape(str(value))}"
        + (f" <small>{escape(note)}</small>" if note else "")
        + "</dd></div>"
        for label, value, note in card["numbers"]
    )
    return f"<dl class='rb-tr-numbers'>{rows}</dl>"


def _pending(system: ModuleType, creature: dict[str, Any], links: dict[str, str]) -> str:
    if not creature["pending"]:
        return ""
    cid = creature["id"]
    items = []
    for i, item in enumerate(creature["pending"]):
        need = f"{COMPARE[item['op']]} {item['target']}"
        if item["expression"]:
            odds = percent(chance(item["expression"], item["names"], item["op"], item["target"]))
            how = f"Roll {escape(item['expression'])}, needing {need}: chance {escape(odds)}."
            roll = (
                f"<form class='rb-act' id='act-{cid}-resolve-{i}' data-op='resolve' "
                f"data-id='{cid}' data-index='{i}' data-rolls='1'>"
                f"<button type='submit' class='md-button md-button--primary'>Roll</button></form>"
            )
        else:
            how = f"Needs {need}; the dice are the table's (enter the result)."
            roll = ""
        enter_id = f"act-{cid}-enter-{i}"
        enter = (
            f"<form class='rb-act' id='{enter_id}' data-op='resolve' data-id='{cid}' "
            f"data-index='{i}'><span class='rb-tr-field'><label for='{enter_id}-result'>"
            f"Result rolled at the table</label><input id='{enter_id}-result' name='result' "
            f"type='number' inputmode='numeric' required></span>"
            f"<button type='submit' class='md-button'>Enter</button></form>"
        )
        items.append(
            f"<li><strong>{escape(item['label'])}</strong>"
            f"{rule_link(system, item['rule'], links)}. {how}{roll}{enter}</li>"
        )
    return f"<ul class='rb-tr-pending' aria-label='Checks to make'>{''.join(items)}</ul>"


def _limits(system: ModuleType, creature: dict[str, Any]) -> str:
    if not system.LIMITS:
        return ""
    cid = creature["id"]
    parts = []
    for use in system.LIMITS:
        used = use.id in creature["used"]
        period = "this round" if use.reset == "round" else "until their next turn"
        state = f"used {period}" if used else "available"
        button = (
            ""
            if used
            else f"<form class='rb-act' id='act-{cid}-use-{use.id}' data-op='use' data-id='{cid}' "
            f"data-what='{use.id}'><button type='submit' class='md-button'>"
            f"Use {escape(use.name)}</button></form>"
        )
        parts.append(
            f"<li data-used='{str(used).lower()}'>{escape(use.name[0].upper() + use.name[1:])}:"
            f" {state}.{button}</li>"
        )
    return f"<ul class='rb-tr-limits'>{''.join(parts)}</ul>"


def _card(system: ModuleType, state: dict[str, Any], cid: str, links: dict[str, str]) -> str:
    creature = state["creatures"][cid]
    card = system.card(creature, state)
    square = positions.card_number(creature)
    if square is not None:
        card = {**card, "numbers": [*card["numbers"], square]}
    current = cid == current_id(state)
    conditions = "".join(
        f"<li class='rb-tr-condition'>{escape(c)}</li>" for c in card["conditions"]
    )
    init = "not set" if creature["initiative"] is None else str(creature["initiative"])
    actions = [
        a for a in (*system.ACTIONS, *GENERIC) if a.scope == "creature" and offered(a, state)
    ]
    setup = state["round"] == 0  # before the start, initiative is the first thing to set
    up_front = [a for a in actions if a.common or (setup and a.op == "initiative")]
    common = "".join(action_form(a, cid) for a in up_front)
    more = "".join(action_form(a, cid) for a in actions if a not in up_front)
    now = "<span class='rb-tr-now'>Their turn</span> " if current else ""
    return (
        f"<li class='rb-tr-card' id='card-{cid}' data-current='{str(current).lower()}'"
        f" aria-current='{'step' if current else 'false'}'>"
        f"<h3 class='rb-tr-name'>{now}{escape(creature['name'])}"
        f" <small>Initiative {escape(init)}</small></h3>"
        + (f"<ul class='rb-tr-conditions'>{conditions}</ul>" if conditions else "")
        + _numbers(card)
        + _pending(system, creature, links)
        + _limits(system, creature)
        + f"<div class='rb-tr-common'>{common}</div>"
        + f"<details class='rb-tr-more'><summary>More actions for "
        f"{escape(creature['name'])}</summary>{more}</details></li>"
    )


def _toolbar(system: ModuleType, state: dict[str, Any]) -> str:
    cid = current_id(state)
    if state["round"] == 0:
        where = "Not started: add creatures, set their initiative, then start."
        main = action_form(GENERIC[0])
    else:
        name = escape(state["creatures"][cid]["name"]) if cid else ""
        where = f"Round {state['round']} · <strong>{name}</strong>'s turn"
        main = action_form(
            GENERIC[1]._replace(label=f"End {state['creatures'][cid]['name']}'s turn")
        )
    extra = "".join(
        action_form(a) for a in system.ACTIONS if a.scope == "encounter" and offered(a, state)
    )
    return (
        f"<div class='rb-tr-bar'><p class='rb-tr-where' aria-live='polite'>{where}</p>"
        f"<div class='rb-tr-main'>{main}</div><div class='rb-tr-encounter'>{extra}</div></div>"
    )


def add_form(system: ModuleType) -> str:
    """The form that adds a creature: its name and the system's fields."""
    name = Field("name", "Name", "text", "")
    fields = "".join(_field(f, "act-add") for f in (name, INITIATIVE_FIELD, *system.CREATURE))
    return (
        f"<form class='rb-act rb-tr-add' id='act-add' data-op='add'>{fields}"
        "<button type='submit' class='md-button md-button--primary'>Add to the encounter"
        "</button></form>"
    )


def settings_form(system: ModuleType, state: dict[str, Any]) -> str:
    """The settings: each an assumption the GM may change, with its current value."""
    forms = []
    for field in system.SETTINGS:
        form_id = f"act-setting-{field.name.replace('.', '-')}"
        forms.append(
            f"<form class='rb-act' id='{form_id}' data-op='setting' data-key='{field.name}'>"
            + _field(field._replace(name="value"), form_id, state["settings"][field.name])
            + "<button type='submit' class='md-button'>Change</button></form>"
        )
    return "".join(forms)


def render_log(system: ModuleType, log: list[dict[str, Any]], links: dict[str, str]) -> str:
    """The event log, newest first, each event with the rule it applied."""
    items = []
    for event in reversed(log):
        when = f"R{event['round']}" if event.get("round") else "Setup"
        items.append(
            f"<li><span class='rb-tr-when'>{when}</span> {escape(event['text'])}"
            f"{rule_link(system, event.get('rule', ''), links)}"
            f"{assumption_links(event, links)}</li>"
        )
    if not items:
        return "<p class='rb-tr-empty'>Nothing has happened yet.</p>"
    return f"<ol class='rb-tr-log' reversed>{''.join(items)}</ol>"


def render(system: ModuleType, doc: dict[str, Any], links: dict[str, str]) -> dict[str, Any]:
    """Every part of the page that changes: toolbar, cards, log, settings, undo counts."""
    state = doc["state"]
    cards = "".join(_card(system, state, cid, links) for cid in state["order"])
    return {
        "toolbar": _toolbar(system, state),
        "cards": f"<ol class='rb-tr-order' aria-label='Turn order'>{cards}</ol>"
        if cards
        else "<p class='rb-tr-empty'>No creatures yet: add them below.</p>",
        "log": render_log(system, doc["log"], links),
        "settings": settings_form(system, state),
        "undo": len(doc["undo"]),
        "redo": len(doc["redo"]),
    }
