"""What a book's Python tracker applies, read from its ``tracker`` entry in rules data: the
rules it cites, the add form, the keys kept on a creature, the settings, limits, actions
and examples. The book's Python keeps only the logic (the handlers and hooks); the names
and words a GM reads live in ``rules_data`` beside the rules they come from.

>>> d = declaration("pendragon")
>>> d.title, d.initiative_rule, d.order_rule
('Pendragon', 'pendragon.initiative', 'pendragon.rounds')
>>> d.creature[0]
Field(name='hp', label='Hit points', kind='int', default=10, low=0, high=999, choices=(), \
optional=False, help='')
>>> [a.op for a in d.actions][:3]
['roll_initiative', 'damage', 'act']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ..data import system_data
from .spec import Action, Field, Limit, Rule


class Declaration(NamedTuple):
    """A book's tracker as its rules data declares it (the names :mod:`.contract` reads)."""

    title: str
    rules: tuple[Rule, ...]
    initiative_rule: str
    order_rule: str
    creature: tuple[Field, ...]
    stored: tuple[str, ...]
    settings: tuple[Field, ...]
    limits: tuple[Limit, ...]
    actions: tuple[Action, ...]
    examples: tuple[dict[str, Any], ...]
    assumptions: tuple[str, ...]
    other: tuple[tuple[str, tuple[str, ...]], ...]

    def action_field(self, op: str, name: str) -> Field:
        """The field ``name`` of the action ``op``, as declared (its choices, its range).

        >>> [value for value, _ in declaration("pendragon").action_field("act", "kind").choices]
        ['full-round', 'standard', 'move', 'minor']
        """
        return next(f for a in self.actions if a.op == op for f in a.fields if f.name == name)

    def setting(self, name: str) -> Field:
        """The setting of the assumption ``name``, as declared."""
        return next(f for f in self.settings if f.name == name)


def form_field(item: Mapping[str, Any]) -> Field:
    """A form field of the data (``min``/``max``, ``choices`` as value: label).

    >>> form_field({"name": "kind", "label": "Action", "kind": "choice",
    ...             "default": "move", "choices": {"move": "move action"}}).choices
    (('move', 'move action'),)
    """
    return Field(
        str(item["name"]),
        str(item["label"]),
        str(item["kind"]),
        item.get("default"),
        low=int(item.get("min", 0)),
        high=int(item.get("max", 999)),
        choices=tuple((str(k), str(v)) for k, v in (item.get("choices") or {}).items()),
        optional=bool(item.get("optional", False)),
        help=str(item.get("help", "")),
    )


def _rule(item: Mapping[str, Any]) -> Rule:
    return Rule(str(item["id"]), str(item["name"]), str(item["entry"]), str(item["does"]),
                tuple(item.get("follows") or ()))


def _action(item: Mapping[str, Any]) -> Action:
    return Action(
        str(item["op"]),
        str(item["label"]),
        str(item["scope"]),
        tuple(form_field(f) for f in item.get("fields") or ()),
        str(item["rule"]),
        rolls=bool(item.get("rolls", False)),
        common=bool(item.get("common", False)),
        help=str(item.get("help", "")),
        when=str(item.get("when", "")),
    )


def from_entry(entry: Mapping[str, Any]) -> Declaration:
    """The declaration of one exported ``tracker`` entry."""
    return Declaration(
        title=str(entry["name"]),
        rules=tuple(_rule(r) for r in entry.get("rules") or ()),
        initiative_rule=str(entry.get("initiative_rule", "")),
        order_rule=str(entry.get("order_rule", "")),
        creature=tuple(form_field(f) for f in entry.get("fields") or ()),
        stored=tuple(entry.get("stored") or ()),
        settings=tuple(form_field(f) for f in entry.get("settings") or ()),
        limits=tuple(Limit(str(x["id"]), str(x["name"]), str(x["reset"]), str(x["rule"]))
                     for x in entry.get("limits") or ()),
        actions=tuple(_action(a) for a in entry.get("actions") or ()),
        examples=tuple(dict(e) for e in entry.get("examples") or ()),
        assumptions=tuple(entry.get("assumptions") or ()),
        other=other_of(entry),
    )


def other_of(entry: Mapping[str, Any]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """A tracker entry's ``other``: what it does with each rule it does not cite, with the
    entries it covers.

    >>> other_of({"other": [{"does": "Left to the GM.", "entries": ["a.b"]}]})
    (('Left to the GM.', ('a.b',)),)
    """
    return tuple((" ".join(str(o["does"]).split()), tuple(str(e) for e in o["entries"]))
                 for o in entry.get("other") or ())


def declaration(system: str) -> Declaration:
    """The tracker ``system`` declares in its rules data; :class:`LookupError` if none."""
    found = next((e for e in system_data(system).values() if e.get("kind") == "tracker"), None)
    if found is None:
        raise LookupError(f"the book {system!r} declares no 'tracker' entry in rules_data")
    return from_entry(found)
