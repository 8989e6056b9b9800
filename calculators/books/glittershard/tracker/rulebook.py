"""The rules the Glittershard's End tracker applies, each with the entry it comes from."""

from __future__ import annotations

from ....tracker.spec import Rule, citing

SYSTEM = "glittershard"
TITLE = "Glittershard's End"

RULES = (
    Rule(
        "glittershard.turn_order",
        "Turn Order",
        "glittershard.turn_order_formula",
        "Each creature's turn order score is Nimbleness + 1d10, highest first; equal scores "
        "go to the higher Nimbleness, then to a secondary d10 each, rolled again while equal.",
    ),
    Rule(
        "glittershard.rounds",
        "Rounds of ten seconds",
        "glittershard.combat",
        "Each round every creature takes its turn in order; a round is ten seconds, which "
        "the tracker adds to every creature's clocks (hunger, hours awake, cold).",
    ),
    Rule(
        "glittershard.actions",
        "Actions of a turn",
        "glittershard.actions",
        "At the start of its turn a creature gets one Offensive action, its speed in units of "
        "movement and one Trivial action; movement costs the units of the table; an action "
        "beyond them is refused.",
    ),
    Rule(
        "glittershard.trades",
        "Trading actions down",
        "glittershard.free_actions",
        "An Offensive action can be traded for six units of movement and three units for a "
        "Trivial action, never up; a slow Offensive action also spends units.",
    ),
    Rule(
        "glittershard.posture",
        "Defensive postures",
        "glittershard.defensive_postures",
        "At the end of its turn a creature picks Steady (attacks hit against its armor value) "
        "or Dodgy (armor value halved, attacks contested against its dodge); changing it is "
        "a free action.",
    ),
    Rule(
        "glittershard.unguarded",
        "Unguarded",
        "glittershard.unguarded",
        "An unconscious creature falls Unguarded: armor value halved, dodge 0, prone.",
    ),
    Rule(
        "glittershard.health",
        "Health",
        "glittershard.max_health",
        "Damage the GM enters comes off the creature's health (after its magical health).",
    ),
    Rule(
        "glittershard.magical_health",
        "Magical health",
        "glittershard.magical_health",
        "Damage drains magical health first, then health; magical health from several "
        "spells adds up.",
    ),
    Rule(
        "glittershard.unconscious",
        "Unconsciousness",
        "glittershard.max_health",
        "At 0 health a creature loses consciousness; healed above 0 it wakes.",
    ),
    Rule(
        "glittershard.death",
        "Death",
        "glittershard.max_health",
        "A creature dies once its health reaches the negative of its max health.",
    ),
    Rule(
        "glittershard.recovery_points",
        "Magical recovery points",
        "glittershard.magical_recovery_point",
        "Magical healing burns a recovery point; without one, half the healing (rounded "
        "down) is first taken from health. Points come back 1 a medium rest, 2 a long rest.",
    ),
    Rule(
        "glittershard.mundane_healing",
        "Mundane healing",
        "glittershard.mundane_healing",
        "Medicine, tourniquets and splints take effect after a medium rest (or a long one), "
        "never above the max health.",
    ),
    Rule(
        "glittershard.natural_healing",
        "Natural healing",
        "glittershard.mundane_healing",
        "Each long rest heals 25% of the max health, up to the max health.",
    ),
    Rule(
        "glittershard.short_rest",
        "Short rest",
        "glittershard.short_rest",
        "Half an hour: magical health wears off, once-per-battle combat skills are "
        "refreshed and a point of magical stamina comes back.",
    ),
    Rule(
        "glittershard.medium_rest",
        "Medium rest",
        "glittershard.medium_rest",
        "Three hours, six short rests: a magical recovery point comes back and mundane "
        "healing takes effect.",
    ),
    Rule(
        "glittershard.long_rest",
        "Long rest",
        "glittershard.long_rest",
        "Six hours of sleep, two medium rests: two recovery points come back and the hours "
        "awake start again from 0.",
    ),
    Rule(
        "glittershard.magical_stamina",
        "Magical stamina",
        "glittershard.magical_stamina",
        "A spell costs a point of magical stamina per tier; with too little stamina it costs "
        "a hit point per tier instead, or magical components; stamina comes back 1 a short "
        "rest.",
    ),
    Rule(
        "glittershard.once_per_battle",
        "Once-per-battle skills",
        "glittershard.short_rest",
        "A once-per-battle combat skill is refused again until a short rest refreshes it.",
    ),
    Rule(
        "glittershard.tired",
        "Getting tired",
        "glittershard.long_rest",
        "14 hours after its last long rest an awake creature becomes Tired (exhaustion 1).",
    ),
    Rule(
        "glittershard.exhaustion",
        "Exhaustion",
        "glittershard.exhaustion_table",
        "Tired: stats −1; Dead Tired: speed halved; Exhausted: half the d6s; Shattered: "
        "falls unconscious unless kept awake; Tormented: cannot move; 6: dies. Each level "
        "keeps the lower levels' penalties.",
    ),
    Rule(
        "glittershard.exhaustion_rest",
        "Resting removes exhaustion",
        "glittershard.exhaustion",
        "A rest (a long one unless the GM says otherwise) removes all exhaustion.",
    ),
    Rule(
        "glittershard.hunger",
        "Hunger",
        "glittershard.hunger",
        "From a missed meal: 0–4 hours −1 move speed, 4–16 hours also −1 Bwn, 48–192 hours "
        "health does not come back on a long rest, 192 hours starves to death.",
    ),
    Rule(
        "glittershard.purse",
        "Gold",
        "glittershard.gold_heading",
        "A creature's purse holds gold and pennies, gained and spent; 1 gold is 100 pennies "
        "for change; prices are in gold unless stated (L496).",
    ),
    Rule(
        "glittershard.hypothermia",
        "Hypothermia",
        "glittershard.maladies_table",
        "For every fifteen minutes in the cold a creature loses 2d6 health.",
    ),
    Rule(
        "glittershard.burning",
        "Burning",
        "glittershard.burning",
        "A burning creature takes 1d6 fire damage each turn, which armor does not reduce.",
    ),
    Rule(
        "glittershard.poisoned",
        "Poisoned",
        "glittershard.poisoned",
        "On applying a poison its heal check is set to poison level + 1d10; the poison "
        "deals its damage each turn until a heal check at or above that number removes it.",
    ),
    Rule(
        "glittershard.bound",
        "Bound",
        "glittershard.bound",
        "A bound creature cannot move and gets only its Offensive action at the start of its "
        "turn; breaking free is a Bwn d6 check against the holder's, with 2d6 fewer dice.",
    ),
    Rule(
        "glittershard.frozen",
        "Frozen",
        "glittershard.frozen",
        "A frozen creature is bound and in the cold (at risk of hypothermia).",
    ),
    Rule(
        "glittershard.paralyzed",
        "Paralyzed",
        "glittershard.paralyzed",
        "A paralyzed creature cannot move or take actions.",
    ),
    Rule(
        "glittershard.fear",
        "Fear",
        "glittershard.fear",
        "A frightened creature loses the Offensive action of its next turn; the fear ends "
        "at the end of that turn.",
    ),
    Rule(
        "glittershard.charmed",
        "Charmed",
        "glittershard.charmed",
        "A charmed creature's actions are the charmer's to choose.",
    ),
    Rule(
        "glittershard.invisible",
        "Invisible",
        "glittershard.invisible",
        "An invisible creature cannot be seen (only creatures with enhanced senses attack it).",
    ),
    Rule(
        "glittershard.fall",
        "Fall damage",
        "glittershard.fall_damage",
        "A fall deals 1d6 damage per unit fallen.",
    ),
)
RULES = citing(
    RULES,
    {
        "glittershard.turn_order": ("glittershard.turn_order_ties",),
        "glittershard.burning": ("glittershard.tracker_damage_timing",),
        "glittershard.poisoned": (
            "glittershard.tracker_damage_timing",
            "glittershard.tracker_poison",
        ),
        "glittershard.exhaustion": (
            "glittershard.tracker_exhaustion_effects",
            "glittershard.tracker_halves",
        ),
        "glittershard.exhaustion_rest": ("glittershard.tracker_exhaustion_rest",),
        "glittershard.natural_healing": ("glittershard.natural_healing_rounding",),
        "glittershard.fear": ("glittershard.tracker_fear_duration",),
        "glittershard.hunger": (
            "glittershard.tracker_hunger_stages",
            "glittershard.tracker_hunger_16_to_48_hours",
        ),
        "glittershard.unconscious": ("glittershard.tracker_consciousness",),
        "glittershard.magical_stamina": ("glittershard.tracker_spell_cost",),
        "glittershard.recovery_points": (
            "glittershard.healing_without_points",
            "glittershard.healing_cap",
        ),
        "glittershard.bound": (
            "glittershard.stat_dice_rounding",
            "glittershard.minimum_d6_pool",
            "glittershard.tracker_halves",
        ),
    },
)
"""Each rule with the assumptions its events follow (and cite)."""
INITIATIVE_RULE = "glittershard.turn_order"
ORDER_RULE = "glittershard.rounds"
