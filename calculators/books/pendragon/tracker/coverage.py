"""The rules of Pendragon that are not the source of a tracker rule, and what the tracker
does with each (see
:mod:`calculators.books.arts.tracker.coverage`)."""

from __future__ import annotations

OTHER: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "The quick reference leaves this section blank.",
        ("pendragon.attacking_the_enemy",),
    ),
    (
        "An attack of opportunity is an Instant action: Use an Instant action records it "
        "(once until the creature's next turn); who may take one is the GM's call.",
        ("pendragon.attacks_of_opportunity",),
    ),
    (
        "Applied under the rule it comes from: Unconsciousness (a failed check) and Death "
        "(wounds over 6 + Body) set these conditions on the card.",
        ("pendragon.unconscious", "pendragon.dead"),
    ),
)
"""What the tracker does with each (applied elsewhere, or not applied and why), with the
entry ids it covers."""
