"""The dice pool (DP): dice rolled, successes, damage, and the faces given or rolled."""

from __future__ import annotations

from ...dice import Dist, fraction_str
from ...errors import InputError
from ...format import plural
from ...rolls import faces_or_roll, rng_from_seed


def mean_text(dist: Dist) -> str:
    """The mean of ``dist`` as ``"n/d"`` with a decimal, e.g. ``"21/10 (2.1)"``.

    >>> mean_text(Dist.die(4))
    '5/2 (2.5)'
    """
    mean = dist.mean()
    return f"{fraction_str(mean)} ({float(mean):.3g})"


def pool_dice(dp: int, empty_pool_dice: int) -> int:
    """Dice rolled for a DP: the DP itself, or ``empty_pool_dice`` when it is 0 or less.

    ``empty_pool_dice`` carries assumption ``space_shard.dp_empty_pool`` (default 0: a DP of
    0 or less rolls no dice).

    >>> pool_dice(5, 0), pool_dice(-2, 0), pool_dice(0, 1)
    (5, 0, 1)
    """
    return dp if dp > 0 else empty_pool_dice


def damage_dist(successes: Dist, max_dmg: int, cap: bool = True) -> Dist:
    """Damage from a number of successes: 1 point each, at most ``max_dmg`` when ``cap``.

    ``cap`` carries assumption ``space_shard.damage_capped_by_max_dmg``.

    >>> from calculators.dice import count_at_least
    >>> damage_dist(count_at_least(3, 10, 8), 1).to_pairs()
    [[0, '343/1000'], [1, '657/1000']]
    >>> damage_dist(count_at_least(2, 10, 8), 1, cap=False) == count_at_least(2, 10, 8)
    True
    """
    if not cap:
        return successes
    top = max(max_dmg, 0)
    return successes.map(lambda s: min(s, top))


def count_successes(faces: list[int], threshold: int) -> int:
    """How many of the given faces show ``threshold`` or more.

    >>> count_successes([3, 8, 10, 7], 8)
    2
    """
    return sum(1 for face in faces if face >= threshold)


def check_pool_die(die: int, threshold: int) -> None:
    """Refuse a success threshold no die of the pool can reach.

    >>> check_pool_die(10, 11)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: dp_success_threshold: The success threshold (11) must be ...
    """
    if threshold > die:
        raise InputError(
            "dp_success_threshold",
            f"The success threshold ({threshold}) must be at most the number of sides of the "
            f"pool's die ({die}).",
        )


def resolve_pool(
    n: int, die: int, dice: list[int] | None, seed: int | None
) -> tuple[list[int] | None, bool]:
    """The faces of the pool: the given ``dice`` (checked), a seeded roll, or ``None``.

    Returns the faces and whether they were rolled here.

    >>> resolve_pool(3, 10, [8, 2, 10], None)
    ([8, 2, 10], False)
    >>> faces, rolled = resolve_pool(4, 10, None, 7)
    >>> len(faces), rolled
    (4, True)
    >>> resolve_pool(2, 10, [1, 2, 3], None)
    Traceback (most recent call last):
    ...
    calculators.errors.InputError: dice: This pool rolls 2 dice; 3 were given.
    """
    rolls = "no dice" if n == 0 else plural(n, "die", "dice")
    faces = faces_or_roll(
        "dice",
        dice,
        n,
        die,
        rng_from_seed(seed),
        wrong_count=lambda given: (
            f"This pool rolls {rolls}; {given} {'was' if given == 1 else 'were'} given."
        ),
    )
    for face in dice or ():
        if face > die:
            raise InputError(
                "dice", f"Each die must be from 1 to {die} (the pool's die); got {face}."
            )
    return faces, dice is None and faces is not None
