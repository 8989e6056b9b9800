"""What Pendragon's tracker follows, read from its ``tracker`` entry in
``rules_data/pendragon/combat.yml`` (:mod:`calculators.tracker.declaration`): its rules,
the add form (``CREATURE``, ``STORED``), settings, examples, assumptions, ``LIMITS`` and
``ACTIONS``. Only the words the logic itself needs are named here.

>>> [rule.id for rule in RULES][:2]
['pendragon.initiative', 'pendragon.rounds']
"""

from __future__ import annotations

from ....tracker.declaration import declaration

SYSTEM = "pendragon"
A_DICE = "pendragon.assume_tracker_check_dice"
_DECLARED = declaration(SYSTEM)
(TITLE, RULES, INITIATIVE_RULE, ORDER_RULE, CREATURE, STORED, SETTINGS, LIMITS, ACTIONS,
 EXAMPLES, ASSUMPTIONS, OTHER) = _DECLARED
"""What the book's ``tracker`` entry declares (:class:`.declaration.Declaration`);
``OTHER``: the rules it does not cite, under what it does with them."""
KINDS = tuple(value for value, _ in _DECLARED.action_field("act", "kind").choices)
"""The kinds of action a Turn holds (``pendragon.combat_actions``): the ``act`` action's."""
