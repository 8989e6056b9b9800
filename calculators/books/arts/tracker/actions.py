"""The actions the GM takes on the page and their handlers."""

from __future__ import annotations

from ....tracker.spec import Action, Field
from .abilities import USE_ABILITY, _use_ability
from .declarations import (
    BUFFS,
    CONDITIONS,
    DEFENSES,
    LOADS,
    NEGATIVE,
    RECOVER_CHOICES,
    STATUS_ENTRIES,
)
from .harm import (
    _convalesce,
    _coup_de_grace,
    _end_incapacity_action,
    _harm,
    _recover,
    _relieve,
    _resuscitate,
)
from .order import _delay, _end_combat, _roll_initiative
from .statuses import _buff, _disoriented, _end_buff, _end_status, _status
from .steps import _act, _forgo_move, _move, _stance

_KIND = Field("kind", "Fatigue or Stress", "choice", "fatigue", choices=tuple(LOADS.items()))
_STATUS = Field(
    "status",
    "Status",
    "choice",
    NEGATIVE[0],
    choices=tuple((s, STATUS_ENTRIES[s]["name"]) for s in CONDITIONS),
)

ACTIONS = (
    Action(
        "roll_initiative",
        "Roll Initiative (2d6 + REF) for everyone without one",
        "encounter",
        (),
        "arts.initiative",
        rolls=True,
        common=True,
    ),
    Action(
        "harm",
        "Take Fatigue or Stress",
        "creature",
        (
            _KIND,
            Field("amount", "Points", "int", 1, low=1, high=99),
            Field("defense", "Defense", "choice", "none", choices=DEFENSES),
            Field("adrenaline", "Adrenaline: take Stress as Fatigue", "flag", False),
        ),
        "arts.fatigue_stress",
        common=True,
    ),
    Action("move", "Move", "creature", (), "arts.action_economy", common=True),
    Action(
        "act",
        "Act",
        "creature",
        (
            Field("targets_enemy", "It targets an enemy", "flag", False),
            Field("moves_after", "It lets them move afterwards", "flag", False),
        ),
        "arts.action_economy",
        common=True,
    ),
    Action(
        "stance",
        "Take a Stance",
        "creature",
        (Field("name", "Stance", "text", "Brace"),),
        "arts.action_economy",
        common=True,
    ),
    Action(
        "status",
        "Apply a status",
        "creature",
        (_STATUS, Field("amount", "Stacks (X)", "int", 1, low=1, high=99)),
        "arts.statuses",
    ),
    Action("end_status", "End a status", "creature", (_STATUS,), "arts.statuses"),
    Action(
        "buff",
        "Apply a Buff",
        "creature",
        (
            Field("buff", "Buff", "choice", BUFFS[0][0], choices=BUFFS),
            Field("replace", "End the Buff it has to take this one", "flag", False),
        ),
        "arts.buffs",
    ),
    Action("end_buff", "End the Buff", "creature", (), "arts.buffs"),
    Action(
        "recover",
        "Recover (the Act)",
        "creature",
        (Field("how", "Reduce", "choice", "fatigue", choices=RECOVER_CHOICES),),
        "arts.recover",
    ),
    Action(
        "relieve",
        "Reduce Fatigue or Stress (an ability)",
        "creature",
        (_KIND, Field("amount", "Points", "int", 1, low=1, high=99)),
        "arts.fatigue_stress",
    ),
    Action("forgo_move", "Forgo the Move to end Burning", "creature", (), "arts.burning"),
    Action(
        "disoriented",
        "Try to step while Disoriented",
        "creature",
        (),
        "arts.disoriented",
        rolls=True,
    ),
    Action(
        "delay",
        "Delay until after",
        "creature",
        (Field("after", "Creature (name)", "text", ""),),
        "arts.delay",
    ),
    Action(
        "resuscitate",
        "Resuscitated (the current creature's Act)",
        "creature",
        (),
        "arts.resuscitate",
    ),
    Action(
        "coup_de_grace",
        "Coup de Grace (the current creature's Act)",
        "creature",
        (),
        "arts.coup_de_grace",
    ),
    Action("end_incapacity", "An ability ends Incapacity", "creature", (), "arts.incapacity_end"),
    Action("convalesce", "Convalesce (restore Tolerances)", "creature", (), "arts.convalescence"),
    USE_ABILITY,
    Action("end_combat", "End the combat", "encounter", (), "arts.end_of_combat"),
)


HANDLERS = {
    "roll_initiative": _roll_initiative,
    "harm": _harm,
    "move": _move,
    "act": _act,
    "stance": _stance,
    "status": _status,
    "end_status": _end_status,
    "buff": _buff,
    "end_buff": _end_buff,
    "recover": _recover,
    "relieve": _relieve,
    "forgo_move": _forgo_move,
    "disoriented": _disoriented,
    "delay": _delay,
    "resuscitate": _resuscitate,
    "coup_de_grace": _coup_de_grace,
    "end_incapacity": _end_incapacity_action,
    "convalesce": _convalesce,
    "use_ability": _use_ability,
    "end_combat": _end_combat,
}
