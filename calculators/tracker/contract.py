"""What a tracker is, written down and checked: the names the engine reads of a book's
tracker module (or of the one :mod:`.declared` builds from rules data).

:class:`Tracker` states them as a typed :class:`~typing.Protocol`; :func:`missing` lists
what a module lacks, so a book's tracker that forgets a hook fails when it is loaded,
naming the hook and its signature, not later in a distant action.

>>> from calculators.tracker import engine
>>> missing(engine("pendragon"))
[]
>>> import types
>>> missing(types.SimpleNamespace(SYSTEM="x"))[:2]
["TITLE (the tracker's title)", 'RULES (every rule it applies: spec.Rule)']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from .context import Ctx
from .spec import Action, Field, Limit, Rule


class Tracker(Protocol):
    """A book's encounter tracker, as the engine (:mod:`.encounter`) reads it."""

    SYSTEM: str
    TITLE: str
    RULES: tuple[Rule, ...]
    INITIATIVE_RULE: str
    ORDER_RULE: str
    CREATURE: tuple[Field, ...]
    STORED: tuple[str, ...]
    SETTINGS: tuple[Field, ...]
    LIMITS: tuple[Limit, ...]
    ACTIONS: tuple[Action, ...]
    HANDLERS: Mapping[str, Callable[[Ctx, dict[str, Any]], None]]

    def new_creature(self, values: dict[str, Any]) -> dict[str, Any]: ...
    def validate_creature(self, creature: dict[str, Any], path: str) -> None: ...
    def order_key(self, creature: dict[str, Any], state: dict[str, Any]) -> Any: ...
    def round_start(self, ctx: Ctx) -> None: ...
    def turn_start(self, ctx: Ctx, cid: str) -> None: ...
    def turn_end(self, ctx: Ctx, cid: str) -> None: ...
    def check_use(self, ctx: Ctx, cid: str, limit: Limit) -> None: ...
    def resolve(
        self, ctx: Ctx, cid: str, check: dict[str, Any], success: bool, total: int
    ) -> None: ...
    def after_set(self, ctx: Ctx, cid: str, field: str) -> None: ...
    def card(self, creature: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]: ...


REQUIRED: dict[str, str] = {
    "SYSTEM": "the book's id",
    "TITLE": "the tracker's title",
    "RULES": "every rule it applies: spec.Rule",
    "INITIATIVE_RULE": "the rule id of initiative",
    "ORDER_RULE": "the rule id of the turn order",
    "CREATURE": "the add form's fields: spec.Field",
    "STORED": "every key kept on a creature",
    "SETTINGS": "assumptions the GM may change: spec.Field",
    "LIMITS": "once-a-round or once-a-turn uses: spec.Limit",
    "ACTIONS": "the book's actions: spec.Action",
    "HANDLERS": "op -> handler(ctx, values)",
    "new_creature": "new_creature(values) -> creature fields",
    "validate_creature": "validate_creature(creature, path)",
    "order_key": "order_key(creature, state) -> sort key",
    "round_start": "round_start(ctx)",
    "turn_start": "turn_start(ctx, cid)",
    "turn_end": "turn_end(ctx, cid)",
    "check_use": "check_use(ctx, cid, limit)",
    "resolve": "resolve(ctx, cid, check, success, total)",
    "after_set": "after_set(ctx, cid, field)",
    "card": "card(creature, state) -> {numbers, conditions}",
}
"""Every name :class:`Tracker` states, with what it is (the engine reads each)."""

OPTIONAL = ("ASSUMPTIONS", "EXAMPLES", "ADDED", "ADDED_SETTINGS", "START_HINT", "OTHER",
            "effective", "check_setting", "from_character")
"""Names the engine reads where a tracker has them."""


def missing(module: Any) -> list[str]:
    """What ``module`` lacks of :data:`REQUIRED` (or has but cannot call), each with what
    it should be."""
    found = []
    for name, what in REQUIRED.items():
        value = getattr(module, name, None)
        if value is None or (name[0].islower() and not callable(value)):
            found.append(f"{name} ({what})")
    for action in getattr(module, "ACTIONS", ()) or ():
        if action.op not in (getattr(module, "HANDLERS", None) or {}):
            found.append(f"HANDLERS[{action.op!r}] (the handler of the action {action.label!r})")
    return found
