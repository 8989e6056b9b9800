"""The actions the GM takes on the page and their handlers."""

from __future__ import annotations

from .abilities import _use_ability, with_abilities
from .declarations import DECLARED_ACTIONS
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

ACTIONS = tuple(with_abilities(a) if a.op == "use_ability" else a for a in DECLARED_ACTIONS)
"""The declared actions (``rules_data/arts/combat.yml``), the ability picker filled with
every ability whose effects the tracker applies."""

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
