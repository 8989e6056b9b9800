"""The rules Glittershard's End's tracker applies, declared in its ``tracker`` entry in
``rules_data/glittershard/combat.yml`` (:mod:`calculators.tracker.declaration`), with the
add form, settings, examples and actions (:mod:`.declarations`).

>>> INITIATIVE_RULE, ORDER_RULE
('glittershard.turn_order', 'glittershard.rounds')
"""

from __future__ import annotations

from ....tracker.declaration import declaration

SYSTEM = "glittershard"
DECLARED = declaration(SYSTEM)
TITLE = DECLARED.title
RULES = DECLARED.rules
INITIATIVE_RULE = DECLARED.initiative_rule
ORDER_RULE = DECLARED.order_rule
