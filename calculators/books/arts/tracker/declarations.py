"""What the Attributes & Arts tracker declares: its terms, the rules it applies, its
assumptions, settings, example creatures and limits."""

from __future__ import annotations

import sys
from typing import Any

from .... import data
from ....tracker.declaration import declaration

SYSTEM = "arts"

A_BLEED = "arts.assume_bleed_roll"
A_TIES = "arts.assume_initiative_ties"
A_INCAPACITY = "arts.assume_incapacity_reading"
A_RESILIENCE = "arts.assume_resilience_load"
A_NEGATIVE = "arts.assume_negative_statuses"
A_DELAY = "arts.assume_delay_start_of_turn"
A_END = "arts.assume_end_of_combat"
A_BURNING = "arts.assume_burning_fatigue"

LOADS = {"fatigue": "Fatigue", "stress": "Stress"}
"""The two loads a character carries instead of hit points."""
LOAD_MAX = 999
"""The most Fatigue or Stress the tracker keeps (far above any Tolerance)."""
INCAPACITY_ROLL = data.declared("arts").get("arts.incapacity", {}).get("roll", "2d6")
"""The GM's roll against a Tolerance ('the GM rolls 2d6'), from the Incapacity calculator."""


def _status_entries() -> dict[str, dict[str, Any]]:
    return {
        e["id"].partition(".")[2]: e
        for e in data.system_data(SYSTEM).values()
        if e["kind"] == "status"
    }


STATUS_ENTRIES = _status_entries()
MARK = "mark"
"""Mark: counted as a status's stacks, but not one of the Statuses list (``A_MARK``)."""
A_MARK = "arts.assume_mark_lasts"
NEGATIVE = tuple(k for k, e in STATUS_ENTRIES.items() if e.get("group") == "status" and k != MARK)
"""The statuses of the Statuses list, in the rulebook's order (Resuscitate clears them)."""
PARAMETER = frozenset(k for k, e in STATUS_ENTRIES.items() if e.get("parameter"))
"""The statuses with a parameter X, which stack and count down."""
CONDITIONS = (*NEGATIVE, "hidden", MARK)
"""What the tracker keeps in a creature's ``statuses``: the statuses, Hidden and Mark."""
WARDABLE = ("burning", "slowed", "blinded", "dazed")
"""Selective Ward's statuses."""
BUFFS: tuple[tuple[str, str], ...] = (
    ("hastened", "Hastened (Accelerate)"),
    ("spirit_armor", "Spirit Armor"),
    *((f"ward_{s}", f"Selective Ward: {STATUS_ENTRIES[s]['name']}") for s in WARDABLE),
    ("ward_terrain", "Selective Ward: terrain"),
)
"""The effects of the abilities tagged Buff; a target benefits from one at a time."""
BUFF_NAMES = dict(BUFFS)
STEPS = ("move", "act", "stance", "forgo", "free_move", "moved_after")
"""What a creature did this turn (``free_move``: its action lets it move afterwards)."""
RECOVER_CHOICES = (
    ("fatigue", "Fatigue −1"),
    ("stress", "Stress −1"),
    ("fatigue2", "Fatigue −2 (Enhanced Recovery)"),
    ("stress2", "Stress −2 (Enhanced Recovery)"),
    ("both", "Fatigue and Stress −1 (Enhanced Recovery)"),
)
DEFENSES = (
    ("none", "No roll that changes it (no defense, or Evasion or Resolve failed)"),
    ("resilience_success", "Resilience succeeded"),
    ("resilience_failure", "Resilience failed"),
    ("resilience_failure_critical", "Resilience failed against a Critical"),
)


(TITLE, RULES, INITIATIVE_RULE, ORDER_RULE, DECLARED_CREATURE, DECLARED_STORED, SETTINGS,
 LIMITS, DECLARED_ACTIONS, EXAMPLES, ASSUMPTIONS, _OTHER) = declaration(SYSTEM)
"""What the ``tracker`` entry in ``rules_data/arts/combat.yml`` declares: the rules (with
Range on squares, :mod:`.squares`), the add form and the actions (:mod:`.creature` and
:mod:`.actions` complete them), the settings, limits, examples and assumptions."""


def _unapplied() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each ability whose ``unapplied`` says what of it the tracker does not apply, and why
    (the rules data states it beside the ability's text)."""
    return tuple(
        (" ".join(str(e["unapplied"]).split()), (e["id"],))
        for e in data.system_data("arts").values()
        if e["kind"] == "ability" and e.get("unapplied")
    )


OTHER = (*_OTHER, *_unapplied())
"""The book's rules that are not the source of a tracker rule, under what the tracker does
with them: as declared, then each ability whose ``unapplied`` says what of it is left."""


def _module() -> Any:
    """The package: the system module the engine's functions take."""
    return sys.modules[__name__.rpartition(".")[0]]
