"""Benchmark the exact dice engine and the dice notation against icepool (and d20's parser).

A plain script, not a test: ``.venv/bin/python scripts/bench_dice.py``.

For every case and library it reports

* **first**: the time of the computation as the first one in a fresh
  process (one subprocess per case, library and run; the timer wraps the
  computation only, not interpreter start-up or the library import; the
  median over ``--runs`` processes is shown);
* **repeated**: the median time of many repetitions in one process (both
  libraries cache, ours with ``functools.lru_cache``);
* whether both libraries give identical exact probabilities.

The cases named "notation:" parse a dice expression written as the seeds
write them and compute its exact distribution (``calculators.notation``);
icepool computes the same distribution from its own operators. A second table
times parsing alone against d20 (Avrae's parser, which rolls but has no exact
odds), where d20 reads the same expression.

It also measures ``import calculators.dice`` in a fresh process (target:
under 50 ms), with and without a bytecode cache, since this environment may
set ``PYTHONDONTWRITEBYTECODE``. icepool is only a benchmark and test
dependency; the engine itself uses the standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# name -> (our expression, icepool expression). Each is evaluated after
# ``from calculators.dice import *`` or ``import icepool`` respectively.
CASES: dict[str, tuple[str, str]] = {
    "3d6 keep highest 2": (
        "keep_highest(3, 6, 2)",
        "icepool.d6.highest(3, 2)",
    ),
    "10d6 sum": (
        "sum_dice(10, 6)",
        "10 @ icepool.d6",
    ),
    "20d6 count >=5": (
        "count_at_least(20, 6, 5)",
        "icepool.d6.count(20, [5, 6])",
    ),
    "8d6 keep highest 2": (
        "keep_highest(8, 6, 2)",
        "icepool.d6.highest(8, 2)",
    ),
    "2d6+5 vs 2d6+3 P(success)": (
        "contest(sum_dice(2, 6) + 5, sum_dice(2, 6) + 3).p_success",
        "(2 @ icepool.d6 + 5 > 2 @ icepool.d6 + 3).probability(True)",
    ),
    # Expressions as the rulebooks write them ("3d6 and keep the highest two", "1d10
    # initiative", "d100", "8d6", "1d6-2", "2d6 health"), plus the language's own forms.
    "notation: 3d6kh2": ('parse("3d6kh2").distribution()', "icepool.d6.highest(3, 2)"),
    "notation: 1d10": ('parse("1d10").distribution()', "icepool.d10"),
    "notation: d%": ('parse("d%").distribution()', "icepool.d100"),
    "notation: 8d6": ('parse("8d6").distribution()', "8 @ icepool.d6"),
    "notation: 1d6-2": ('parse("1d6-2").distribution()', "icepool.d6 - 2"),
    "notation: 2d6+5 >= 12": (
        'parse("2d6+5 >= 12").distribution()',
        "(2 @ icepool.d6 + 5).map(lambda x: int(x >= 12))",
    ),
    "notation: 6d6cs>=5": ('parse("6d6cs>=5").distribution()', "icepool.d6.count(6, [5, 6])"),
    "notation: 4d6kh3": ('parse("4d6kh3").distribution()', "icepool.d6.highest(4, 3)"),
}
#: Expressions both our parser and d20's read, for the parse-only table.
PARSE_CASES = ("3d6kh2", "1d10", "8d6", "1d6-2", "2d6+5", "4d6kh3", "(1d10+1d10)*2")
LIBRARIES = ("ours", "icepool")


def _exact(result: object) -> object:
    """JSON form of a result of either library: pairs of [outcome, "n/d"] or "n/d"."""
    if isinstance(result, Fraction):
        return f"{result.numerator}/{result.denominator}"
    if hasattr(result, "to_pairs"):  # our Dist
        return result.to_pairs()  # type: ignore[attr-defined]
    denominator = result.denominator()  # type: ignore[attr-defined]
    pairs = []
    for outcome, quantity in result.items():  # type: ignore[attr-defined]
        p = Fraction(quantity, denominator)
        pairs.append([int(outcome), f"{p.numerator}/{p.denominator}"])
    return pairs


def worker(library: str, case: str, repeats: int) -> None:
    """Run one case in this (fresh) process and print a JSON line."""
    ours, theirs = CASES[case]
    namespace: dict[str, object] = {}
    if library == "ours":
        sys.path.insert(0, str(ROOT))
        exec("from calculators.dice import *", namespace)  # noqa: S102
        exec("from calculators.notation import parse", namespace)  # noqa: S102
        expression = ours
    else:
        exec("import icepool", namespace)  # noqa: S102
        expression = theirs
    compute: Callable[[], object] = eval(f"lambda: {expression}", namespace)  # noqa: S307
    start = time.perf_counter()
    result = compute()
    first = time.perf_counter() - start
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        compute()
        times.append(time.perf_counter() - start)
    print(
        json.dumps({"first": first, "repeated": statistics.median(times), "exact": _exact(result)})
    )


def run_worker(library: str, case: str, repeats: int) -> dict[str, object]:
    """Spawn a fresh interpreter for one case and library."""
    completed = subprocess.run(
        [sys.executable, __file__, "--worker", library, case, "--repeats", str(repeats)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return json.loads(completed.stdout.strip().splitlines()[-1])


def parse_worker(library: str, text: str, repeats: int) -> None:
    """Parse ``text`` in this (fresh) process with one library and print a JSON line."""
    if library == "ours":
        sys.path.insert(0, str(ROOT))
        from calculators.notation import parse as parse_text
    else:
        import d20

        parse_text = d20.parse
    start = time.perf_counter()
    parse_text(text)
    first = time.perf_counter() - start
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        parse_text(text)
        times.append(time.perf_counter() - start)
    print(json.dumps({"first": first, "repeated": statistics.median(times)}))


def parse_table(runs: int, repeats: int) -> None:
    """Parsing alone, ours against d20's (fresh process first, then repeated)."""
    print("\nParsing alone (both cache parsed expressions; d20 parses with a lark grammar):")
    header = (
        f"{'expression':<16} {'ours first':>11} {'d20 first':>11} "
        f"{'ours rep.':>11} {'d20 rep.':>11}"
    )
    print(header)
    print("-" * len(header))
    for text in PARSE_CASES:
        firsts: dict[str, list[float]] = {"ours": [], "d20": []}
        repeated: dict[str, list[float]] = {"ours": [], "d20": []}
        for _ in range(runs):
            for lib in firsts:
                completed = subprocess.run(
                    [
                        sys.executable,
                        __file__,
                        "--parse-worker",
                        lib,
                        text,
                        "--repeats",
                        str(repeats),
                    ],
                    capture_output=True,
                    text=True,
                    check=True,
                    cwd=ROOT,
                )
                data = json.loads(completed.stdout.strip().splitlines()[-1])
                firsts[lib].append(data["first"])
                repeated[lib].append(data["repeated"])
        med = {lib: statistics.median(v) for lib, v in firsts.items()}
        rep = {lib: statistics.median(v) for lib, v in repeated.items()}
        print(
            f"{text:<16} {fmt(med['ours']):>11} {fmt(med['d20']):>11} "
            f"{fmt(rep['ours']):>11} {fmt(rep['d20']):>11}"
        )


def import_time(module: str, env: dict[str, str], runs: int) -> float:
    """Median seconds of ``import module`` in a fresh process."""
    code = (
        "import sys, time\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "t = time.perf_counter()\n"
        f"import {module}\n"
        "print(time.perf_counter() - t)\n"
    )
    samples = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env=env,
            cwd=ROOT,
        ).stdout
        samples.append(float(out.strip()))
    return statistics.median(samples)


def import_breakdown(env: dict[str, str]) -> dict[str, int]:
    """Cumulative microseconds per top-level import, from ``python -X importtime``."""
    code = f"import sys; sys.path.insert(0, {str(ROOT)!r}); import calculators.dice"
    err = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=ROOT,
    ).stderr
    result: dict[str, int] = {}
    for line in err.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        _, cumulative, name = line.split("|")
        name = name.rstrip()
        if name.strip() in {
            "calculators",
            "calculators.dice",
            "fractions",
            "dataclasses",
            "random",
        }:
            result[name.strip()] = int(cumulative)
    return result


def fmt(seconds: float) -> str:
    """Human-readable duration."""
    if seconds >= 1e-3:
        return f"{seconds * 1e3:8.2f} ms"
    return f"{seconds * 1e6:8.2f} us"


def main() -> None:
    """Run every case for both libraries and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per case")
    parser.add_argument("--repeats", type=int, default=2000, help="in-process repetitions")
    parser.add_argument("--worker", nargs=2, metavar=("LIBRARY", "CASE"), help=argparse.SUPPRESS)
    parser.add_argument("--parse-worker", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker[0], args.worker[1], args.repeats)
        return
    if args.parse_worker:
        parse_worker(args.parse_worker[0], args.parse_worker[1], args.repeats)
        return

    print(f"Python {sys.version.split()[0]}; {args.runs} fresh processes per case and library;")
    print(f"repeated = median of {args.repeats} in-process calls after the first.\n")
    header = (
        f"{'case':<27} {'ours first':>11} {'icepool first':>13} {'ours repeated':>13} "
        f"{'icepool rep.':>12}  {'identical':<9}"
    )
    print(header)
    print("-" * len(header))
    all_ok = True
    for case in CASES:
        firsts: dict[str, list[float]] = {lib: [] for lib in LIBRARIES}
        repeated: dict[str, list[float]] = {lib: [] for lib in LIBRARIES}
        exact: dict[str, object] = {}
        for _ in range(args.runs):
            for lib in LIBRARIES:
                data = run_worker(lib, case, args.repeats)
                firsts[lib].append(float(data["first"]))  # type: ignore[arg-type]
                repeated[lib].append(float(data["repeated"]))  # type: ignore[arg-type]
                exact[lib] = data["exact"]
        same = exact["ours"] == exact["icepool"]
        med = {lib: statistics.median(firsts[lib]) for lib in LIBRARIES}
        rep = {lib: statistics.median(repeated[lib]) for lib in LIBRARIES}
        ok = med["ours"] <= med["icepool"] and rep["ours"] <= rep["icepool"]
        all_ok = all_ok and ok and same
        print(
            f"{case:<27} {fmt(med['ours']):>11} {fmt(med['icepool']):>13} "
            f"{fmt(rep['ours']):>13} {fmt(rep['icepool']):>12}  "
            f"{'yes' if same else 'NO':<9}{'' if ok else ' (slower!)'}"
        )
        print(
            f"{'':<27} speed-up: first x{med['icepool'] / med['ours']:.1f}, "
            f"repeated x{rep['icepool'] / rep['ours']:.1f}; ",
            end="",
        )
        value = exact["ours"]
        if isinstance(value, str):
            print(f"exact result {value}")
        else:
            print(f"{len(value)} outcomes, e.g. P({value[-1][0]}) = {value[-1][1]}")  # type: ignore[index]

    parse_table(args.runs, args.repeats)

    print("\nimport calculators.dice in a fresh process (median of 7):")
    with tempfile.TemporaryDirectory() as prefix:
        cached_env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        cached_env["PYTHONPYCACHEPREFIX"] = prefix
        import_time("calculators.dice", cached_env, 1)  # warm the bytecode cache
        cached = import_time("calculators.dice", cached_env, 7)
        breakdown = import_breakdown(cached_env)
    plain_env = dict(os.environ)
    uncached = import_time("calculators.dice", plain_env, 7)
    icepool_import = import_time("icepool", plain_env, 3)
    print(
        f"  with bytecode cache:           {fmt(cached)}  (target < 50 ms: "
        f"{'ok' if cached < 0.05 else 'MISSED'})"
    )
    print(
        f"  as this environment runs it:   {fmt(uncached)}  (PYTHONDONTWRITEBYTECODE="
        f"{os.environ.get('PYTHONDONTWRITEBYTECODE', '')!r}, so the module compiles each time)"
    )
    print(
        "  -X importtime cumulative (cached): "
        + ", ".join(f"{name} {us / 1000:.1f} ms" for name, us in breakdown.items())
    )
    print(f"  for reference, import icepool: {fmt(icepool_import)}")
    print(f"\nAll cases identical and ours no slower: {'yes' if all_ok else 'NO'}")


if __name__ == "__main__":
    main()
