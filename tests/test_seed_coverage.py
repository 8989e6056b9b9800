"""Nothing lost: every sentence, list item and table row of every seed is on the site.

The seeds come from each system's ``system.yml`` (``seed``), repaired by the
named ``repairs`` it lists (mojibake, HAML markup) before comparison.
"""

from __future__ import annotations

from functools import reduce
from pathlib import Path

import pytest
import yaml

from macros.load.repairs import REPAIRS
from tests.seedtext import SEEDS, missing_units

RULES = Path(__file__).resolve().parents[1] / "rules_data"
SYSTEMS = sorted(p.parent.name for p in RULES.glob("*/system.yml"))


def _system(name: str) -> dict:
    return yaml.safe_load((RULES / name / "system.yml").read_text(encoding="utf-8"))["system"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_unit_of_the_seed_is_on_the_site(system: str, built_site: Path) -> None:
    meta = _system(system)
    repairs = [REPAIRS[name] for name in meta.get("repairs", [])]
    seeds = meta["seed"] if isinstance(meta["seed"], list) else [meta["seed"]]
    for seed in seeds:
        missing = missing_units(
            SEEDS / seed,
            built_site,
            lambda text: reduce(lambda acc, fix: fix(acc), repairs, text),
        )
        assert not missing, f"{len(missing)} units of {seed} missing:\n" + "\n".join(missing)


def test_every_seed_has_a_system() -> None:
    seeds: set[str] = set()
    for name in SYSTEMS:
        seed = _system(name)["seed"]
        seeds.update(seed if isinstance(seed, list) else [seed])
    assert "004_d50dc5f42222ed7e.txt" in seeds
