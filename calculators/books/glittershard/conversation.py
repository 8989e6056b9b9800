"""Conversations: a speech check, d100 against d100, where the speaker has to beat the listener."""

from __future__ import annotations

from typing import Any

from ...dice import Dist, d100, fraction_str
from ...format import term
from ...rolls import rng_from_seed
from .rules import (
    HOSTILE_BONUS,
)
from .tables import skill_modifier


def compute_conversation(
    skill: int = 2,
    trained: bool = False,
    judgement: int = 0,
    target_trained: bool = False,
    attitude: str = "neutral",
    roll: int | None = None,
    target_roll: int | None = None,
    ties: str = "listener",
    seed: int | None = None,
) -> dict[str, Any]:
    """An adversarial speech check: d100 + speech modifier against d100 + Judgement modifier.

    A hostile listener 'get[s] an additional level (+15)'.

    >>> compute_conversation(2, False, 2, False, "neutral")["p_success"]
    '99/200'
    >>> r = compute_conversation(3, False, 0, False, "hostile", roll=50, target_roll=60)
    >>> r["result"]["speaker_total"], r["result"]["listener_total"], r["result"]["convinced"]
    (65, 45, True)
    """
    s_value = skill + (1 if trained else 0)
    t_value = judgement + (1 if target_trained else 0)
    s_label, s_mod = skill_modifier(s_value)
    t_label, t_mod = skill_modifier(t_value)
    hostile = HOSTILE_BONUS if attitude == "hostile" else 0
    rng = rng_from_seed(seed)
    rolled = None
    if rng is not None:
        rolled = {}
        if roll is None:
            roll = rolled["speaker"] = rng.randint(1, 100)
        if target_roll is None:
            target_roll = rolled["listener"] = rng.randint(1, 100)
    speaker = (Dist.constant(roll) if roll is not None else d100()) + s_mod
    listener = (Dist.constant(target_roll) if target_roll is not None else d100()) + t_mod + hostile
    margin = speaker - listener
    p = margin.p_gt(0) if ties == "listener" else margin.p_ge(0)
    result = None
    if roll is not None and target_roll is not None:
        s_total, t_total = roll + s_mod, target_roll + t_mod + hostile
        convinced = s_total > t_total or (ties == "speaker" and s_total == t_total)
        result = {
            "speaker_total": s_total,
            "listener_total": t_total,
            "margin": s_total - t_total,
            "convinced": convinced,
        }
    lines = [
        f"Speaker: d100 {term(s_mod)} (skill {s_value}, {s_label})",
        f"Listener: d100 {term(t_mod)} (Judgement {t_value}, {t_label})"
        + (f" + {HOSTILE_BONUS} hostile" if hostile else ""),
        "The speaker convinces by beating the listener's total"
        + (" (ties: the listener resists)" if ties == "listener" else " (ties: the speaker wins)"),
    ]
    return {
        "p_success": fraction_str(p),
        "modifier": s_mod,
        "target_modifier": t_mod + hostile,
        "distribution": margin.to_pairs(),
        "result": result,
        "rolled": rolled,
        "breakdown": lines,
    }
