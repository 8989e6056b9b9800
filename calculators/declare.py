"""Calculator declarations: one description of inputs and outputs, four uses.

The same :class:`Calculator` renders the form (``macros/``), validates raw
input (:mod:`calculators.inputs`), answers the browser worker and is called
by tests and doctests.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

INPUT_KINDS = ("int", "bool", "choice", "dice", "text")
OUTPUT_KINDS = ("int", "number", "bool", "fraction", "distribution", "text", "list", "map", "grid")


@dataclass(frozen=True)
class Input:
    """One input of a calculator.

    ``kind`` is ``int`` (whole number within ``min``/``max``), ``bool``,
    ``choice`` (one of ``choices``), ``dice`` (comma-separated die faces,
    1..``max``; optional) or ``text``. ``assumption`` names the rules-data
    assumption whose default this input carries.

    >>> Input("goal", "int", "Goal", 12, min=1).default
    12
    """

    name: str
    kind: str
    label: str
    default: Any
    unit: str = ""
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] = ()
    help: str = ""
    optional: bool = False
    assumption: str | None = None
    group: str = ""

    def to_json(self) -> dict[str, Any]:
        """The declaration as JSON, for the page and the catalog.

        >>> Input("mode", "choice", "Mode", "normal", choices=("normal", "advantage")).to_json()
        ... # doctest: +ELLIPSIS
        {'name': 'mode', 'kind': 'choice', 'label': 'Mode', 'default': 'normal', ...}
        """
        data = {
            "name": self.name,
            "kind": self.kind,
            "label": self.label,
            "default": self.default,
            "unit": self.unit,
            "min": self.min,
            "max": self.max,
            "choices": list(self.choices),
            "help": self.help,
            "optional": self.optional,
            "assumption": self.assumption,
            "group": self.group,
        }
        return data


def int_input(
    name: str,
    label: str,
    default: int | None,
    low: int | None = None,
    high: int | None = None,
    help: str = "",
    *,
    unit: str = "",
    group: str = "",
    optional: bool = False,
    assumption: str | None = None,
) -> Input:
    """A whole-number input from ``low`` to ``high`` (either may be open).

    An ``optional`` input has the default ``None``: left empty, the calculator gets ``None``.

    >>> int_input("goal", "Goal", 12, 1, 40).to_json()["max"]
    40
    >>> int_input("roll", "d100 rolled", None, 1, 100, optional=True).optional
    True
    """
    return Input(
        name,
        "int",
        label,
        default,
        unit=unit,
        min=low,
        max=high,
        help=help,
        optional=optional,
        assumption=assumption,
        group=group,
    )


def bool_input(
    name: str,
    label: str,
    default: bool,
    help: str = "",
    *,
    group: str = "",
    assumption: str | None = None,
) -> Input:
    """A yes/no input.

    >>> bool_input("trained", "Trained", False, "Adds 2d6.").to_json()["help"]
    'Adds 2d6.'
    """
    return Input(name, "bool", label, default, help=help, assumption=assumption, group=group)


def choice_input(
    name: str,
    label: str,
    default: str,
    choices: tuple[str, ...],
    help: str = "",
    *,
    group: str = "",
    assumption: str | None = None,
) -> Input:
    """An input that takes one of ``choices``.

    >>> choice_input("mode", "Mode", "normal", ("normal", "advantage")).choices
    ('normal', 'advantage')
    """
    return Input(
        name,
        "choice",
        label,
        default,
        choices=choices,
        help=help,
        assumption=assumption,
        group=group,
    )


def text_input(
    name: str,
    label: str,
    default: str | None,
    help: str = "",
    *,
    unit: str = "",
    optional: bool = False,
) -> Input:
    """A line of text the calculator parses itself (a list, a distance, names and numbers).

    >>> text_input("participants", "Participants", "Aria 3; Bandit 1").kind
    'text'
    """
    return Input(name, "text", label, default, unit=unit, help=help, optional=optional)


def dice_input(
    name: str,
    label: str,
    sides: int,
    help: str = "",
) -> Input:
    """An optional input of die faces rolled (1 to ``sides`` each); empty means the exact odds.

    >>> spec = dice_input("dice", "Dice rolled", 6, "Faces rolled, e.g. 3,5.")
    >>> spec.kind, spec.default, spec.max, spec.optional
    ('dice', None, 6, True)
    """
    return Input(name, "dice", label, None, max=sides, optional=True, help=help)


ASSUMPTION_GROUP = "Where the rulebook is silent (assumptions)"
"""The form group of every input that carries a rules-data assumption."""


def assumption_input(
    name: str,
    label: str,
    assumption: str,
    choices: tuple[str, ...] = (),
    *,
    low: int | None = None,
    high: int | None = None,
    help: str = "",
    group: str = "",
) -> Input:
    """An input carrying the reading of a rules-data assumption, its default the assumption's.

    The kind follows the default: a ``choice`` among ``choices`` when they are given, a
    ``bool`` for a yes/no default, else an ``int`` from ``low`` to ``high``. Unless told
    otherwise it goes in the form group :data:`ASSUMPTION_GROUP`.

    >>> spec = assumption_input("meet", "A check succeeds on a result",
    ...                         "pendragon.assume_meet_difficulty", ("equal or higher", "higher"))
    >>> spec.kind, spec.default, spec.assumption
    ('choice', 'equal or higher', 'pendragon.assume_meet_difficulty')
    >>> assumption_input("dp_die", "Die", "space_shard.dp_die", low=2, high=100).kind
    'int'
    """
    # Imported here so that ``import calculators`` does not read the rules data.
    from .data import assumption_default

    default = assumption_default(assumption)
    group = group or ASSUMPTION_GROUP
    if choices:
        return choice_input(name, label, default, choices, help, group=group, assumption=assumption)
    if isinstance(default, bool):
        return bool_input(name, label, default, help, group=group, assumption=assumption)
    return int_input(name, label, default, low, high, help, group=group, assumption=assumption)


@dataclass(frozen=True)
class Output:
    """One output of a calculator (``kind`` is one of :data:`OUTPUT_KINDS`).

    >>> Output("damage", "Damage", "int").to_json()["label"]
    'Damage'
    """

    name: str
    label: str
    kind: str
    unit: str = ""
    help: str = ""

    def to_json(self) -> dict[str, Any]:
        """The declaration as JSON.

        >>> Output("p_success", "Chance of success", "fraction").to_json()["kind"]
        'fraction'
        """
        return {
            "name": self.name,
            "label": self.label,
            "kind": self.kind,
            "unit": self.unit,
            "help": self.help,
        }


@dataclass(frozen=True)
class Calculator:
    """A pure function plus its declaration.

    ``compute`` takes the validated inputs as keyword arguments and returns a
    JSON-able dict with at least every declared output. ``rule`` is the rules
    entry the calculator computes (its page is where the form goes);
    ``assumptions`` lists the assumption ids it relies on.
    """

    id: str
    title: str
    inputs: tuple[Input, ...]
    outputs: tuple[Output, ...]
    compute: Callable[..., dict[str, Any]]
    rule: str | None = None
    assumptions: tuple[str, ...] = ()
    help: str = ""
    rolls: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def system(self) -> str:
        """The system id, the part of the id before the dot.

        >>> CALC.system
        'demo'
        """
        return self.id.partition(".")[0]

    def input(self, name: str) -> Input:
        """The input called ``name``.

        >>> CALC.input("n").label
        'N'
        """
        for item in self.inputs:
            if item.name == name:
                return item
        raise KeyError(name)

    def assumptions_used(self) -> list[str]:
        """Every assumption id the calculator relies on: the declared ones, then those
        carried by its inputs, each once.

        >>> CALC.assumptions_used()
        []
        """
        ids = [*self.assumptions, *(i.assumption for i in self.inputs if i.assumption)]
        return list(dict.fromkeys(ids))

    def to_json(self) -> dict[str, Any]:
        """The declaration as JSON (what :func:`calculators.catalog` lists).

        >>> sorted(CALC.to_json())
        ['assumptions', 'help', 'id', 'inputs', 'outputs', 'rolls', 'rule', 'system', 'title']
        """
        return {
            "id": self.id,
            "title": self.title,
            "system": self.system,
            "help": self.help,
            "rule": self.rule,
            "rolls": self.rolls,
            "inputs": [i.to_json() for i in self.inputs],
            "outputs": [o.to_json() for o in self.outputs],
            "assumptions": self.assumptions_used(),
        }


CALC = Calculator(
    "demo.double",
    "Double",
    (Input("n", "int", "N", 1),),
    (Output("double", "Double", "int"),),
    lambda n: {"double": 2 * n},
)
"""A tiny calculator used by the examples above."""
