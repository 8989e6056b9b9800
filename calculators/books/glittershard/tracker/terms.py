"""The Glittershard's End tracker's terms: the ``glittershard.tracker_*`` assumptions it
names, the rulebook's numbers it counts with, the postures, statuses and rests."""

from __future__ import annotations

from ....data import entry

A_BURNING = "glittershard.tracker_damage_timing"
A_EXHAUSTION_REST = "glittershard.tracker_exhaustion_rest"
A_EXHAUSTION = "glittershard.tracker_exhaustion_effects"
A_HALVES = "glittershard.tracker_halves"
A_FEAR = "glittershard.tracker_fear_duration"
A_HUNGER = "glittershard.tracker_hunger_stages"
A_HUNGER_GAP = "glittershard.tracker_hunger_16_to_48_hours"
HUNGER_GAP_CHOICES = ("second stage", "third stage")
"""Between 16 and 48 hours without a meal: the second stage goes on, or the third begins."""
A_WAKING = "glittershard.tracker_consciousness"
A_SPELL = "glittershard.tracker_spell_cost"
A_POISON = "glittershard.tracker_poison"

ROUND_SECONDS = 10
"""'Each round of combat lasts ten seconds in universe' (Combat)."""
AWAKE_MINUTES = 14 * 60
"""'Once taken a long rest, it takes 14 hours before a creature gets tired again through
normal means.' (Long rest)"""
COLD_MINUTES = 15
"""'For every fifteen minutes in the cold, lose 2d6 health' (Maladies: Hypothermia)."""
COLD_DICE = 2
REST_MINUTES = {"short": 30, "medium": 180, "long": 360}
"""'Short rest: About half an hour', 'Medium rest: About three hours', 'Long rest: Six
hours of sleep' (Resting & exhaustion)."""
SHORT_RESTS = {"short": 1, "medium": 6, "long": 12}
"""Short rests a rest holds: 'You take around six short rests during a medium rest', and a
long rest holds 'the two contained medium rests'."""
RECOVERY_PER_REST = {"short": 0, "medium": 1, "long": 2}
"""'Magical recovery points are restored 1 per Medium rest or 2 per Long rest.'"""
HUNGER_STAGES = (0, 4 * 60, 16 * 60, 48 * 60, 192 * 60)
"""Lower bounds (minutes) of the hunger stages '0-4 hours', '4-16 hours', the gap, '48-192
hours' and '192+ hours' (Hunger)."""
BOUND_PENALTY = 2
"""'Person trying to escape has a 2d6 penalty for being bound.' (Bound)"""
HEALTH_LOW = -2000
MAX_ROLL_DICE = 100

POSTURES = {"steady": "Steady", "dodgy": "Dodgy", "unguarded": "Unguarded"}
STATUSES = {
    "bound": ("Bound", "glittershard.bound"),
    "frozen": ("Frozen", "glittershard.frozen"),
    "paralyzed": ("Paralyzed", "glittershard.paralyzed"),
    "fear": ("Fear", "glittershard.fear"),
    "burning": ("Burning", "glittershard.burning"),
    "poisoned": ("Poisoned", "glittershard.poisoned"),
    "hypothermia": ("In the cold", "glittershard.hypothermia"),
    "charmed": ("Charmed", "glittershard.charmed"),
    "invisible": ("Invisible", "glittershard.invisible"),
}
"""The statuses a creature can have, with the rule each follows. The parameter of
``poisoned`` is the poison level, of ``hypothermia`` the minutes in the cold since the
last 2d6, of ``fear`` 1 once the turn it spoils has begun."""
LEFT = ("offensive", "units", "trivial")
NO_ACTIONS = dict.fromkeys(LEFT, 0)
REST_CHOICES = (("short", "Short rest"), ("medium", "Medium rest"), ("long", "Long rest"))


def assumed(assumption: str) -> str:
    """An assumption named in an event, by its entry's name.

    >>> assumed("glittershard.tracker_halves")
    'assumption: Halves round down'
    """
    return f"assumption: {entry(assumption)['name']}"
