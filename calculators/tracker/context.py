"""What an action's handler works with: the state it may change, its events and its dice.

A handler gets a :class:`Ctx` over a private copy of the encounter's state. It changes
the state in place and says what happened with :meth:`Ctx.say`, naming the rule; rolls
go through :meth:`Ctx.roll`, seeded by the action, logged with the dice and the odds.
Each event also carries its data (:mod:`.eventdata`): the dice and their faces, the
fields it changed (what changed since the previous event of the action) and the
assumptions it followed.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from ..errors import InputError
from ..notation import parse
from .eventdata import Effective, changes, dice_of, view

Event = dict[str, Any]
State = dict[str, Any]

COMPARE = {">=": "at least", ">": "more than", "<=": "at most", "<": "less than"}
"""How a check's total is compared with its target, in words."""


def passes(total: int, op: str, target: int) -> bool:
    """Whether ``total`` meets ``target`` under ``op``.

    >>> passes(10, ">=", 10), passes(10, ">", 10), passes(3, "<=", 4)
    (True, False, True)
    """
    return {
        ">=": total >= target,
        ">": total > target,
        "<=": total <= target,
        "<": total < target,
    }[op]


def chance(expression: str, names: dict[str, int], op: str, target: int) -> Fraction:
    """The exact chance that ``expression`` meets ``target`` under ``op``.

    >>> chance("1d20", {}, ">=", 15), chance("2d6 + bonus", {"bonus": 1}, "<=", 3)
    (Fraction(3, 10), Fraction(1, 36))
    """
    dist = parse(expression, "expression").distribution(names)
    return dist.prob(lambda value: passes(value, op, target))


class Ctx:
    """One action being applied: the state copy, the events said, the seeded dice."""

    def __init__(
        self,
        state: State,
        seed: int | None,
        follows: dict[str, tuple[str, ...]] | None = None,
        effective: Effective | None = None,
    ) -> None:
        self.state = state
        self.events: list[Event] = []
        self.seed = seed
        self._rng = random.Random(seed) if seed is not None else None
        self._follows = follows or {}
        self._effective = effective
        self._seen = view(state, effective)

    def creature(self, cid: Any, field: str = "id") -> dict[str, Any]:
        """The creature ``cid``; an :class:`InputError` on ``field`` if there is none."""
        creatures = self.state["creatures"]
        if not isinstance(cid, str) or cid not in creatures:
            raise InputError(
                field,
                f"There is no creature {cid!r} in this encounter: choose one "
                "on a card.",
            )
        return creatures[cid]

    def name(self, cid: str) -> str:
        """The creature's name, for events."""
        return str(self.state["creatures"][cid]["name"])

    def setting(self, key: str) -> Any:
        """The encounter's value for a setting (an assumption the GM may change)."""
        return self.state["settings"][key]

    def say(
        self,
        text: str,
        rule: str,
        creature: str = "",
        assumptions: tuple[str, ...] = (),
        **extra: Any,
    ) -> Event:
        """Record an event: what changed, under which rule, for whom, in which round; with
        the fields changed since the last event and the assumptions followed (the rule's
        own and ``assumptions``)."""
        event: Event = {
            "text": text,
            "rule": rule,
            "creature": creature,
            "round": self.state["round"],
            **extra,
        }
        changed = self._changed()
        if changed:
            event["changes"] = changed
        named = extra.get("assumption")
        cited = sorted({*self._follows.get(rule, ()), *assumptions, *([named] if named else [])})
        if cited:
            event["assumptions"] = cited
        self.events.append(event)
        return event

    def _changed(self) -> list[dict[str, Any]]:
        now = view(self.state, self._effective)
        out = changes(self._seen, now)
        self._seen = now
        return out

    def finish(self) -> None:
        """The changes made after the action's last event go with that event."""
        changed = self._changed()
        if changed and self.events:
            self.events[-1].setdefault("changes", []).extend(changed)

    def roll(
        self,
        expression: str,
        names: dict[str, int],
        what: str,
        rule: str,
        creature: str = "",
        into: str = "",
    ) -> int:
        """Roll ``expression`` with the action's seed and log the dice; the total (also
        stored in the creature's field ``into``, if named, so the event holds the change)."""
        if self._rng is None:
            raise InputError(
                "seed",
                f"{what} needs a roll, and the action has no seed: give it "
                "one.",
            )
        rolled = parse(expression, "expression").roll(self._rng, names)
        if into:
            self.state["creatures"][creature][into] = rolled.total
        self.say(
            f"{what}: {rolled.shown()}.",
            rule,
            creature,
            roll={
                "expression": expression,
                "names": names,
                "dice": dice_of(rolled),
                "total": rolled.total,
                "seed": self.seed,
            },
        )
        return rolled.total
