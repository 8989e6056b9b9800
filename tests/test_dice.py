"""Tests of the exact dice engine (calculators/dice/).

Three oracles: brute-force enumeration of every roll (itertools.product) for
small cases, icepool (a test-only dependency) for larger ones, and
hypothesis properties that must hold for any input.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators.dice import (
    ContestOdds,
    Dist,
    boons_banes,
    contest,
    count_at_least,
    d100,
    fraction_str,
    keep_highest,
    keep_lowest,
    margin,
    p_initiator_wins,
    p_meets,
    resolve_boons_banes,
    resolve_keep,
    roll_dice,
    sum_dice,
)

# ---------------------------------------------------------------------------
# Oracles
# ---------------------------------------------------------------------------


def brute(n: int, sides: int, f: Callable[[tuple[int, ...]], int]) -> Dist:
    """Distribution of f(roll) over every ordered roll of n dice."""
    counts = Counter(f(roll) for roll in itertools.product(range(1, sides + 1), repeat=n))
    return Dist.from_weights(counts)


def brute_pair(a: Dist, b: Dist, f: Callable[[int, int], int]) -> Dist:
    """Distribution of f(x, y) for independent a, b, by enumeration with Fractions."""
    acc: dict[int, Fraction] = {}
    for (x, px), (y, py) in itertools.product(a.items(), b.items()):
        z = f(x, y)
        acc[z] = acc.get(z, Fraction(0)) + px * py
    return Dist({z: p for z, p in acc.items() if p})


def from_icepool(die: icepool.Die) -> Dist:
    """Our Dist with icepool's exact probabilities."""
    return Dist({int(o): Fraction(q, die.denominator()) for o, q in die.items()})


def top(roll: tuple[int, ...], k: int) -> int:
    return sum(sorted(roll, reverse=True)[:k])


def bottom(roll: tuple[int, ...], k: int) -> int:
    return sum(sorted(roll)[:k])


# ---------------------------------------------------------------------------
# Brute force, one case per row
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "sides"),
    [(0, 6), (1, 6), (2, 6), (3, 6), (4, 4), (3, 10), (6, 2), (3, 1), (2, 20)],
)
def test_sum_dice_matches_brute_force(n, sides):
    assert sum_dice(n, sides) == brute(n, sides, sum)


KEEP_CASES = [
    (3, 6, 2),  # Shattered Spirits advantage / disadvantage
    (3, 6, 1),
    (3, 6, 0),
    (3, 6, 3),
    (2, 6, 2),
    (4, 6, 2),
    (4, 6, 3),
    (5, 6, 2),
    (6, 6, 2),
    (1, 6, 1),
    (4, 4, 1),
    (5, 3, 2),
    (4, 1, 2),
    (3, 10, 2),
    (0, 6, 0),
]


@pytest.mark.parametrize(("n", "sides", "k"), KEEP_CASES)
def test_keep_highest_matches_brute_force(n, sides, k):
    assert keep_highest(n, sides, k) == brute(n, sides, lambda r: top(r, k))


@pytest.mark.parametrize(("n", "sides", "k"), KEEP_CASES)
def test_keep_lowest_matches_brute_force(n, sides, k):
    assert keep_lowest(n, sides, k) == brute(n, sides, lambda r: bottom(r, k))


@pytest.mark.parametrize(
    ("boons", "banes", "base"),
    [
        (0, 0, 2),
        (1, 0, 2),
        (0, 1, 2),
        (2, 1, 2),  # rulebook example: one net boon
        (1, 2, 2),
        (2, 2, 2),
        (3, 0, 2),
        (0, 3, 2),
        (4, 1, 2),
        (1, 0, 1),
        (0, 2, 3),
    ],
)
def test_boons_banes_matches_brute_force(boons, banes, base):
    net = boons - banes
    dice = base + abs(net)
    keep = top if net >= 0 else bottom
    expected = brute(dice, 6, lambda r: keep(r, base))
    assert boons_banes(boons, banes, base) == expected


@pytest.mark.parametrize(
    ("n", "sides", "threshold"),
    [(3, 6, 5), (4, 6, 6), (4, 6, 1), (4, 6, -3), (4, 6, 7), (5, 10, 8), (0, 6, 4), (6, 2, 2)],
)
def test_count_at_least_matches_brute_force(n, sides, threshold):
    expected = brute(n, sides, lambda r: sum(face >= threshold for face in r))
    assert count_at_least(n, sides, threshold) == expected


CONTESTS = [
    # (attacker, defender) as distributions
    (sum_dice(2, 6) + 5, sum_dice(2, 6) + 3),
    (sum_dice(2, 6), sum_dice(2, 6)),
    (boons_banes(2, 1) + 1, boons_banes(0, 1) + 2),
    (Dist.die(6), Dist.die(20)),
    (Dist.uniform([0, 0, 10]), Dist.die(4) - 3),
]


@pytest.mark.parametrize(("attacker", "defender"), CONTESTS)
def test_margin_matches_brute_force(attacker, defender):
    assert margin(attacker, defender) == brute_pair(attacker, defender, lambda x, y: x - y)


@pytest.mark.parametrize(("attacker", "defender"), CONTESTS)
@pytest.mark.parametrize("critical_margin", [1, 3, 5])
def test_contest_matches_brute_force(attacker, defender, critical_margin):
    pairs = [
        (x - y, px * py)
        for (x, px), (y, py) in itertools.product(attacker.items(), defender.items())
    ]
    success = sum((p for d, p in pairs if d > 0), Fraction(0))
    odds = contest(attacker, defender, critical_margin)
    assert odds == ContestOdds(
        p_success=success,
        p_tie=sum((p for d, p in pairs if d == 0), Fraction(0)),
        p_critical=sum((p for d, p in pairs if d >= critical_margin), Fraction(0)),
        p_failure=1 - success,
    )
    assert odds.p_critical <= odds.p_success
    assert odds.p_tie <= odds.p_failure


@pytest.mark.parametrize(("initiator", "receiver"), CONTESTS)
def test_p_initiator_wins_matches_brute_force(initiator, receiver):
    expected = sum(
        (
            px * py
            for (x, px), (y, py) in itertools.product(initiator.items(), receiver.items())
            if x >= y
        ),
        Fraction(0),
    )
    assert p_initiator_wins(initiator, receiver) == expected


def test_ties_go_to_the_defender_in_contests_and_to_the_initiator_in_pools():
    a, b = sum_dice(2, 6), sum_dice(2, 6)
    odds = contest(a, b)
    assert p_initiator_wins(a, b) == odds.p_success + odds.p_tie


@pytest.mark.parametrize(("n", "goal"), [(1, 4), (2, 7), (3, 11), (3, 19), (3, 0), (4, 20)])
def test_p_meets_matches_brute_force(n, goal):
    rolls = list(itertools.product(range(1, 7), repeat=n))
    expected = Fraction(sum(sum(r) >= goal for r in rolls), len(rolls))
    assert p_meets(sum_dice(n, 6), goal) == expected


# ---------------------------------------------------------------------------
# icepool for larger cases (icepool is a test-only dependency)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "sides", "k"),
    [(8, 6, 2), (10, 6, 3), (12, 6, 4), (6, 20, 3), (20, 6, 5), (15, 10, 14), (9, 8, 1)],
)
def test_keep_highest_matches_icepool(n, sides, k):
    assert keep_highest(n, sides, k) == from_icepool(icepool.d(sides).highest(n, k))


@pytest.mark.parametrize(
    ("n", "sides", "k"),
    [(8, 6, 2), (10, 6, 3), (12, 6, 4), (6, 20, 3), (20, 6, 5), (15, 10, 14), (9, 8, 1)],
)
def test_keep_lowest_matches_icepool(n, sides, k):
    assert keep_lowest(n, sides, k) == from_icepool(icepool.d(sides).lowest(n, k))


@pytest.mark.parametrize(("n", "sides"), [(10, 6), (20, 6), (5, 100), (30, 10), (50, 4)])
def test_sum_dice_matches_icepool(n, sides):
    assert sum_dice(n, sides) == from_icepool(n @ icepool.d(sides))


@pytest.mark.parametrize(("n", "sides", "threshold"), [(20, 6, 5), (30, 10, 8), (12, 6, 4)])
def test_count_at_least_matches_icepool(n, sides, threshold):
    ice = icepool.d(sides).count(n, range(threshold, sides + 1))
    assert count_at_least(n, sides, threshold) == from_icepool(ice)


@pytest.mark.parametrize(("boons", "banes"), [(5, 1), (1, 5), (6, 0), (0, 6)])
def test_boons_banes_matches_icepool(boons, banes):
    net = boons - banes
    ice = icepool.d6.highest(2 + net, 2) if net > 0 else icepool.d6.lowest(2 - net, 2)
    assert boons_banes(boons, banes) == from_icepool(ice)


@pytest.mark.parametrize(
    ("attacker_mod", "defender_mod", "boons", "banes"),
    [(5, 3, 0, 0), (0, 0, 0, 0), (2, 4, 3, 0), (1, 1, 0, 2)],
)
def test_contest_matches_icepool(attacker_mod, defender_mod, boons, banes):
    net = boons - banes
    if net > 0:
        ice_attack = icepool.d6.highest(2 + net, 2) + attacker_mod
    elif net < 0:
        ice_attack = icepool.d6.lowest(2 - net, 2) + attacker_mod
    else:
        ice_attack = 2 @ icepool.d6 + attacker_mod
    ice_defend = 2 @ icepool.d6 + defender_mod
    odds = contest(boons_banes(boons, banes) + attacker_mod, sum_dice(2, 6) + defender_mod)
    ice_margin = ice_attack - ice_defend
    assert odds.p_success == (ice_attack > ice_defend).probability(True)
    assert odds.p_tie == ice_margin.probability(0)
    assert odds.p_critical == ice_margin.probability(">=", 5)
    assert margin(boons_banes(boons, banes) + attacker_mod, sum_dice(2, 6) + defender_mod) == (
        from_icepool(ice_margin)
    )


# ---------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------

small_n = st.integers(min_value=0, max_value=8)
small_sides = st.integers(min_value=1, max_value=12)
weights = st.dictionaries(
    st.integers(min_value=-20, max_value=20),
    st.integers(min_value=0, max_value=50),
    min_size=1,
    max_size=8,
).filter(lambda w: any(w.values()))
dists = weights.map(Dist.from_weights)


def total_probability(d: Dist) -> Fraction:
    return sum((p for _, p in d.items()), Fraction(0))


@given(n=small_n, sides=small_sides, data=st.data())
def test_engine_distributions_sum_to_exactly_one(n, sides, data):
    k = data.draw(st.integers(min_value=0, max_value=n))
    threshold = data.draw(st.integers(min_value=-2, max_value=sides + 2))
    for d in (
        sum_dice(n, sides),
        keep_highest(n, sides, k),
        keep_lowest(n, sides, k),
        count_at_least(n, sides, threshold),
    ):
        assert total_probability(d) == 1
        assert all(p > 0 for _, p in d.items())
        assert list(d.outcomes()) == sorted(set(d.outcomes()))


@settings(max_examples=60)
@given(
    n=st.integers(min_value=0, max_value=5),
    sides=st.integers(min_value=1, max_value=6),
    data=st.data(),
)
def test_keep_matches_brute_force_for_any_small_pool(n, sides, data):
    k = data.draw(st.integers(min_value=0, max_value=n))
    assert keep_highest(n, sides, k) == brute(n, sides, lambda r: top(r, k))
    assert keep_lowest(n, sides, k) == brute(n, sides, lambda r: bottom(r, k))


@given(a=dists, b=dists)
def test_arithmetic_is_exact(a, b):
    assert total_probability(a + b) == 1
    assert total_probability(a - b) == 1
    assert (a + b).mean() == a.mean() + b.mean()
    assert (a - b).mean() == a.mean() - b.mean()
    assert a + b == b + a
    assert a + b == brute_pair(a, b, lambda x, y: x + y)
    assert a - b == a.combine(b, lambda x, y: x - y)
    negated = -a
    assert -negated == a
    assert (a + 3) - 3 == a
    assert 10 - a == (-a) + 10


@given(a=dists)
def test_round_trips(a):
    assert Dist.from_pairs(a.to_pairs()) == a
    assert eval(repr(a), {"Dist": Dist}) == a  # noqa: S307 - the repr is the Dist literal
    assert Dist(dict(a.items())) == a
    assert a.map(lambda x: x) == a
    assert hash(Dist(dict(a.items()))) == hash(a)


@given(a=dists, x=st.integers(min_value=-25, max_value=25))
def test_comparison_probabilities_agree_with_prob(a, x):
    assert a.p_eq(x) == a.prob(lambda o: o == x)
    assert a.p_ne(x) == a.prob(lambda o: o != x)
    assert a.p_ge(x) == a.prob(lambda o: o >= x)
    assert a.p_gt(x) == a.prob(lambda o: o > x)
    assert a.p_le(x) == a.prob(lambda o: o <= x)
    assert a.p_lt(x) == a.prob(lambda o: o < x)
    assert a.p_lt(x) + a.p_ge(x) == 1


@given(
    boons=st.integers(min_value=0, max_value=6),
    banes=st.integers(min_value=0, max_value=6),
)
def test_more_boons_never_lower_the_mean(boons, banes):
    assert boons_banes(boons + 1, banes).mean() >= boons_banes(boons, banes).mean()
    assert boons_banes(boons, banes + 1).mean() <= boons_banes(boons, banes).mean()


@given(
    boons=st.integers(min_value=0, max_value=5),
    banes=st.integers(min_value=0, max_value=5),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_explicit_roll_agrees_with_the_distribution_support(boons, banes, seed):
    dice = 2 + abs(boons - banes)
    faces = roll_dice(dice, 6, random.Random(seed))
    total = resolve_boons_banes(faces, boons, banes)
    assert boons_banes(boons, banes).p_eq(total) > 0


@pytest.mark.parametrize(("boons", "banes"), [(2, 1), (1, 2), (0, 0), (3, 1)])
def test_resolve_boons_banes_over_every_roll_is_the_distribution(boons, banes):
    dice = 2 + abs(boons - banes)
    expected = brute(dice, 6, lambda r: resolve_boons_banes(r, boons, banes))
    assert boons_banes(boons, banes) == expected


# ---------------------------------------------------------------------------
# Rulebook examples and explicit rolls
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("faces", list(itertools.permutations([3, 4, 6])))
def test_rulebook_example_two_boons_one_bane(faces):
    """Attributes & Arts: 2 boons, 1 bane -> 3d6 drop lowest; 3, 4, 6 -> 10."""
    assert resolve_boons_banes(list(faces), boons=2, banes=1) == 10


def test_shattered_spirits_advantage_and_disadvantage():
    assert keep_highest(3, 6, 2) == from_icepool(icepool.d6.highest(3, 2))
    assert keep_lowest(3, 6, 2) == from_icepool(icepool.d6.lowest(3, 2))
    assert keep_highest(3, 6, 2).p_eq(12) == Fraction(16, 216)


def test_resolve_keep():
    assert resolve_keep([1, 6, 3, 6], 2) == 12
    assert resolve_keep([1, 6, 3, 6], 2, highest=False) == 4
    assert resolve_keep([], 0) == 0
    assert resolve_keep((5,), 1) == 5


@pytest.mark.parametrize("seed", [0, 1, 42, 2**40])
def test_seeded_rolls_are_reproducible(seed):
    assert roll_dice(10, 6, random.Random(seed)) == roll_dice(10, 6, random.Random(seed))
    d = keep_highest(3, 6, 2)
    rng1, rng2 = random.Random(seed), random.Random(seed)
    assert [d.sample(rng1) for _ in range(20)] == [d.sample(rng2) for _ in range(20)]


def test_rolls_do_not_touch_the_global_random_state():
    random.seed(123)
    expected = random.random()
    random.seed(123)
    roll_dice(5, 6, random.Random(9))
    Dist.die(6).sample(random.Random(9))
    assert random.random() == expected


def test_roll_dice_faces_are_in_range():
    faces = roll_dice(200, 6, random.Random(5))
    assert len(faces) == 200
    assert set(faces) == set(range(1, 7))
    assert roll_dice(0, 6, random.Random(5)) == []


class FixedRandom(random.Random):
    """A Random whose randrange returns a chosen value, to test sample exactly."""

    def __init__(self, value: int) -> None:
        super().__init__(0)
        self.value = value

    def randrange(self, *args, **kwargs) -> int:  # type: ignore[override]
        return self.value


@pytest.mark.parametrize(
    "dist", [Dist.die(6), keep_highest(3, 6, 2), Dist.uniform([1, 1, 5]), count_at_least(4, 6, 5)]
)
def test_sample_hits_each_outcome_exactly_its_weight_share(dist):
    # Outcome drawn for every value randrange can return, over the weights' total.
    weights_total = dist._total
    drawn = Counter(dist.sample(FixedRandom(r)) for r in range(weights_total))
    assert {o: Fraction(c, weights_total) for o, c in drawn.items()} == dict(dist.items())


# ---------------------------------------------------------------------------
# The Dist type
# ---------------------------------------------------------------------------


def test_construction_forms_agree():
    expected = Dist({1: Fraction(1, 4), 2: Fraction(1, 2), 3: Fraction(1, 4)})
    assert Dist({1: "1/4", 2: "1/2", 3: "1/4"}) == expected
    assert Dist.from_weights({1: 1, 2: 2, 3: 1}) == expected
    assert Dist.uniform([1, 2, 2, 3]) == expected
    assert Dist.from_pairs([[1, "1/4"], [2, "1/2"], [3, "1/4"]]) == expected
    assert Dist.die(2) + Dist.die(2) - 1 == expected
    assert Dist.constant(5) == Dist({5: 1})


def test_zero_probability_outcomes_are_dropped_and_outcomes_sorted():
    d = Dist({9: Fraction(1, 2), 0: Fraction(0), -4: Fraction(1, 2)})
    assert d.outcomes() == (-4, 9)
    assert d.to_pairs() == [[-4, "1/2"], [9, "1/2"]]


def test_views():
    d = sum_dice(2, 6)
    assert d.min_outcome() == 2
    assert d.max_outcome() == 12
    assert d.mean() == 7
    assert d.variance() == Fraction(35, 6)
    assert d.items()[0] == (2, Fraction(1, 36))
    assert d.to_pairs()[5] == [7, "1/6"]
    assert Dist.constant(3).to_pairs() == [[3, "1/1"]]
    assert d100().outcomes() == tuple(range(1, 101))
    assert (d100() + 15).p_ge(100) == Fraction(16, 100)


def test_fraction_str():
    assert fraction_str(Fraction(7, 36)) == "7/36"
    assert fraction_str(Fraction(2, 4)) == "1/2"
    assert fraction_str(Fraction(1)) == "1/1"
    assert fraction_str(Fraction(0)) == "0/1"


def test_contest_odds_to_dict():
    odds = contest(sum_dice(2, 6) + 5, sum_dice(2, 6) + 3)
    as_dict = odds.to_dict()
    assert as_dict["p_success"] == "287/432"
    assert {k: Fraction(v) for k, v in as_dict.items()} == {
        "p_success": odds.p_success,
        "p_tie": odds.p_tie,
        "p_critical": odds.p_critical,
        "p_failure": odds.p_failure,
    }


def test_dist_is_immutable_and_hashable():
    d = Dist.die(6)
    with pytest.raises(AttributeError):
        d._total = 2  # type: ignore[misc]
    with pytest.raises(AttributeError):
        d.anything = 2  # type: ignore[attr-defined]
    assert {d: 1}[Dist.uniform(range(1, 7))] == 1
    odds = contest(d, d)
    with pytest.raises(AttributeError):
        odds.p_success = Fraction(1)  # type: ignore[misc]


def test_pickle_and_copy_round_trip():
    import copy
    import pickle

    d = keep_highest(3, 6, 2)
    assert pickle.loads(pickle.dumps(d)) == d
    assert copy.deepcopy(d) == d
    odds = contest(d, sum_dice(2, 6))
    assert pickle.loads(pickle.dumps(odds)) == odds


def test_cached_results_are_reused():
    assert sum_dice(3, 6) is sum_dice(3, 6)
    assert keep_highest(8, 6, 2) is keep_highest(8, 6, 2)
    assert d100() is d100()


def test_operators_reject_other_types():
    with pytest.raises(TypeError):
        Dist.die(6) + 1.5  # type: ignore[operator]
    assert Dist.die(6) != "d6"


# ---------------------------------------------------------------------------
# Validation: every bad argument says what is wrong
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: sum_dice(2, 0), "sides must be at least 1, got 0"),
        (lambda: sum_dice(-1, 6), "n must be at least 0, got -1"),
        (lambda: sum_dice(2.0, 6), "n must be a whole number, got 2.0"),
        (lambda: sum_dice(True, 6), "n must be a whole number, got True"),
        (lambda: sum_dice([2], 6), "n must be a whole number, got [2]"),
        (lambda: keep_highest(2, 6, 3), "k (dice kept) must be between 0 and n = 2, got 3"),
        (lambda: keep_lowest(3, 6, -1), "k (dice kept) must be between 0 and n = 3, got -1"),
        (lambda: keep_highest(3, 0, 2), "sides must be at least 1, got 0"),
        (lambda: boons_banes(-1, 0), "boons must be at least 0, got -1"),
        (lambda: boons_banes(0, -2), "banes must be at least 0, got -2"),
        (lambda: boons_banes(0, 0, base=0), "base must be at least 1, got 0"),
        (lambda: count_at_least(-3, 6, 5), "n must be at least 0, got -3"),
        (lambda: count_at_least(3, 6, "5"), "threshold must be a whole number, got '5'"),
        (lambda: Dist.die(0), "sides must be at least 1, got 0"),
        (lambda: Dist({}), "a distribution needs at least one outcome"),
        (lambda: Dist({1: 0.5, 2: 0.5}), "floats are not exact"),
        (lambda: Dist({1: Fraction(1, 2)}), "probabilities must sum to exactly 1, got 1/2"),
        (lambda: Dist({1: Fraction(3, 2), 2: Fraction(-1, 2)}), "must not be negative"),
        (lambda: Dist({1.5: 1}), "every outcome must be a whole number, got 1.5"),
        (lambda: Dist({1: "half"}), "must be a fraction like '1/6', got 'half'"),
        (lambda: Dist([1, 2]), "probabilities must be a mapping"),
        (lambda: Dist.uniform([]), "needs at least one outcome"),
        (lambda: Dist.from_weights({1: 0}), "at least one weight must be positive"),
        (lambda: Dist.from_weights({1: -1, 2: 3}), "weight of outcome 1 must be at least 0"),
        (lambda: Dist.from_pairs([[1, "1/2", 3]]), "each pair must be [outcome, 'n/d']"),
        (lambda: Dist.from_pairs([[1, "1/2"], [1, "1/2"]]), "outcome 1 is listed twice"),
        (lambda: Dist.die(6).map(lambda x: x / 2), "map function must return whole numbers"),
        (lambda: Dist.die(2).combine(Dist.die(2), lambda x, y: x / y), "combine function"),
        (lambda: Dist.die(2).combine(3, max), "other must be a Dist, got int"),
        (lambda: contest(Dist.die(6), Dist.die(6), 0), "critical_margin must be at least 1"),
        (lambda: margin(Dist.die(6), 3), "defender must be a Dist, got int"),
        (lambda: p_meets(Dist.die(6), "4"), "goal must be a whole number"),
        (lambda: p_initiator_wins(7, Dist.die(6)), "initiator must be a Dist, got int"),
        (lambda: roll_dice(2, 6, None), "rng must be a random.Random instance"),
        (lambda: roll_dice(2, 6, random), "rng must be a random.Random instance"),
        (lambda: Dist.die(6).sample(42), "rng must be a random.Random instance"),
        (lambda: resolve_keep([1, 2], 3), "between 0 and the 2 faces given, got 3"),
        (lambda: resolve_keep([1, 2.5], 1), "every face must be a whole number, got 2.5"),
        (lambda: resolve_keep("12", 1), "faces must be a list of whole numbers"),
        (
            lambda: resolve_boons_banes([3, 4], 2, 1),
            "2 boons and 1 bane leave 1 net boon, so the roll needs 3 dice, but 2 were given",
        ),
        (
            lambda: resolve_boons_banes([3, 4, 5], 1, 1),
            "1 boon and 1 bane cancel out, so the roll needs 2 dice, but 3 were given",
        ),
        (
            lambda: resolve_boons_banes([3, 4], 0, 2),
            "0 boons and 2 banes leave 2 net banes, so the roll needs 4 dice",
        ),
        (lambda: resolve_boons_banes([3, 7], 0, 0), "every face must be between 1 and 6, got 7"),
    ],
)
def test_bad_arguments_raise_value_error_with_a_clear_message(call, message):
    with pytest.raises(ValueError) as excinfo:
        call()
    assert message in str(excinfo.value)
    assert str(excinfo.value).endswith(".")


@settings(max_examples=50)
@given(n=st.integers(max_value=-1), sides=st.integers(max_value=0))
def test_negative_arguments_always_raise(n, sides):
    with pytest.raises(ValueError):
        sum_dice(n, 6)
    with pytest.raises(ValueError):
        sum_dice(2, sides)
