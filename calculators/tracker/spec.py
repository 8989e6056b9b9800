"""What a system's tracker declares: its rules, the fields of a creature and its actions.

One declaration drives three things: the engine checks an action's fields with it, the
page draws its forms from it, and the property tests draw random actions from it.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Rule(NamedTuple):
    """A state-over-time rule the engine applies, named in the events it produces.

    ``source`` is the rules-data entry it comes from (the page links it); ``does`` says
    in a sentence what the engine does with it; ``follows`` names the assumption entries
    its events follow (cited in each event, listed on the page).

    >>> Rule("pendragon.death", "Death and Dying", "pendragon.death_and_dying", "Dies.").name
    'Death and Dying'
    """

    id: str
    name: str
    source: str
    does: str
    follows: tuple[str, ...] = ()


class Field(NamedTuple):
    """One field of an action or of a new creature.

    ``kind`` is ``int`` (from ``low`` to ``high``), ``text``, ``choice`` (one of
    ``choices``, pairs of value and label) or ``flag`` (yes or no). ``default`` fills the
    form. An ``optional`` field may be left empty (``None``).

    >>> Field("amount", "Damage", "int", 1, low=0, high=999).high
    999
    """

    name: str
    label: str
    kind: str
    default: Any
    low: int = 0
    high: int = 999
    choices: tuple[tuple[str, str], ...] = ()
    optional: bool = False
    help: str = ""


class Action(NamedTuple):
    """An action a system's tracker offers.

    ``scope`` is ``creature`` (on a creature's card; the action gets its ``id``) or
    ``encounter`` (on the toolbar). ``rolls`` actions take a ``seed``. ``common`` actions
    get big buttons. ``rule`` is the rule (a :class:`Rule` id) it applies. ``when`` limits
    where the page offers it: ``setup`` (before round 1), ``running`` (from round 1) or
    ``""`` (always); the engine still decides whether it is allowed.

    >>> Action("damage", "Take damage", "creature", (), "pendragon.damage").scope
    'creature'
    """

    op: str
    label: str
    scope: str
    fields: tuple[Field, ...]
    rule: str
    rolls: bool = False
    common: bool = False
    help: str = ""
    when: str = ""


def field_json(field: Field) -> dict[str, Any]:
    """A field as JSON for the page.

    >>> field_json(Field("x", "X", "int", 2, low=1, high=9))["high"]
    9
    """
    return {
        "name": field.name,
        "label": field.label,
        "kind": field.kind,
        "default": field.default,
        "low": field.low,
        "high": field.high,
        "choices": [list(c) for c in field.choices],
        "optional": field.optional,
        "help": field.help,
    }


class Limit(NamedTuple):
    """An action a creature may take only once a round (``reset`` ``round``) or once until
    its next turn (``reset`` ``turn``).

    >>> Limit("instant", "an Instant action", "turn", "pendragon.instant").reset
    'turn'
    """

    id: str
    name: str
    reset: str
    rule: str


def citing(rules: tuple[Rule, ...], follows: dict[str, tuple[str, ...]]) -> tuple[Rule, ...]:
    """``rules`` with the assumptions each follows (by rule id); an unknown id is a bug.

    >>> r = citing((Rule("a.x", "X", "a.x", "Does."),), {"a.x": ("a.assume_y",)})
    >>> r[0].follows
    ('a.assume_y',)
    """
    ids = {rule.id for rule in rules}
    unknown = set(follows) - ids
    if unknown:
        raise ValueError(f"no such rules: {sorted(unknown)}")
    return tuple(rule._replace(follows=follows.get(rule.id, rule.follows)) for rule in rules)
