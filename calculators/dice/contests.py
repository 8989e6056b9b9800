"""Contests and goals: one total against another, or against a fixed number.

Look-alikes: :func:`contest` compares two totals where ties go to the *defender*
(Attributes & Arts); :func:`p_initiator_wins` compares two pools where ties go to the
*initiator* (Glittershard's End); :func:`p_meets` compares one total with a static goal.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from .checks import _check_int, fraction_str
from .dist import Dist, _check_dist
from .weights import CACHE_SIZE

__all__ = ["ContestOdds", "contest", "margin", "p_initiator_wins", "p_meets"]


def margin(attacker: Dist, defender: Dist) -> Dist:
    """Distribution of ``attacker - defender`` for independent totals (cached).

    Args:
        attacker: Total of the active side.
        defender: Total of the reactive side.

    Returns:
        The margin; positive means the attacker rolled higher.

    >>> two_d6 = Dist.die(6) + Dist.die(6)
    >>> margin(two_d6 + 2, two_d6).mean()
    Fraction(2, 1)
    """
    return _margin(_check_dist("attacker", attacker), _check_dist("defender", defender))


@lru_cache(maxsize=CACHE_SIZE)
def _margin(attacker: Dist, defender: Dist) -> Dist:
    """Cached :func:`margin` (arguments already validated)."""
    return attacker - defender


@dataclass(frozen=True, slots=True)
class ContestOdds:
    """Exact odds of an opposed roll where ties go to the defender.

    Attributes:
        p_success: Attacker total strictly greater than the defender's.
        p_tie: Both totals equal (the defender wins a tie).
        p_critical: Attacker exceeds the defender by ``critical_margin`` or
            more; a part of ``p_success``.
        p_failure: The attack does not succeed: ``1 - p_success``, ties
            included.

    >>> two_d6 = Dist.die(6) + Dist.die(6)
    >>> odds = contest(two_d6, two_d6)
    >>> odds.p_success + odds.p_failure
    Fraction(1, 1)
    """

    p_success: Fraction
    p_tie: Fraction
    p_critical: Fraction
    p_failure: Fraction

    def to_dict(self) -> dict[str, str]:
        """JSON form: each probability as an ``"n/d"`` string.

        >>> contest(Dist.constant(3), Dist.constant(3)).to_dict()
        {'p_success': '0/1', 'p_tie': '1/1', 'p_critical': '0/1', 'p_failure': '1/1'}
        """
        return {
            "p_success": fraction_str(self.p_success),
            "p_tie": fraction_str(self.p_tie),
            "p_critical": fraction_str(self.p_critical),
            "p_failure": fraction_str(self.p_failure),
        }


def contest(attacker: Dist, defender: Dist, critical_margin: int = 5) -> ContestOdds:
    """Odds of an Attributes & Arts contest: ties go to the defender (cached).

    Contrast :func:`p_initiator_wins`, where ties go to the one who rolls
    first.

    Args:
        attacker: Total of the active side, e.g. ``boons_banes(1, 0) + 3``.
        defender: Total of the reactive side.
        critical_margin: How far above the defender's total the attacker
            must roll for a critical, at least 1 (the rulebook says 5).

    Returns:
        A :class:`ContestOdds` of exact fractions.

    >>> two_d6 = Dist.die(6) + Dist.die(6)
    >>> odds = contest(two_d6 + 5, two_d6 + 3)
    >>> odds.p_success, odds.p_tie, odds.p_critical
    (Fraction(287, 432), Fraction(125, 1296), Fraction(155, 648))
    """
    _check_dist("attacker", attacker)
    _check_dist("defender", defender)
    _check_int("critical_margin", critical_margin, 1)
    return _contest(attacker, defender, critical_margin)


@lru_cache(maxsize=CACHE_SIZE)
def _contest(attacker: Dist, defender: Dist, critical_margin: int) -> ContestOdds:
    """Cached :func:`contest` (arguments already validated)."""
    m = _margin(attacker, defender)
    p_success = m.p_gt(0)
    return ContestOdds(
        p_success=p_success,
        p_tie=m.p_eq(0),
        p_critical=m.p_ge(critical_margin),
        p_failure=1 - p_success,
    )


def p_meets(dist: Dist, goal: int) -> Fraction:
    """P(total >= goal): a roll against a static goal, meeting it is enough.

    Args:
        dist: The roll's total.
        goal: The value to meet or beat.

    >>> p_meets(Dist.die(6) + Dist.die(6) + Dist.die(6), 11)
    Fraction(1, 2)
    """
    _check_int("goal", goal)
    return _check_dist("dist", dist).p_ge(goal)


def p_initiator_wins(initiator: Dist, receiver: Dist) -> Fraction:
    """P(initiator >= receiver): pool against pool, ties go to the initiator.

    This is the Glittershard's End rule; contrast :func:`contest`, where ties
    go to the defender.

    Args:
        initiator: Total of the side that acts.
        receiver: Total of the side that resists.

    >>> p_initiator_wins(Dist.die(6), Dist.die(6))
    Fraction(7, 12)
    """
    _check_dist("initiator", initiator)
    _check_dist("receiver", receiver)
    return _margin(initiator, receiver).p_ge(0)
