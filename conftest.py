"""Before any test or doctest imports the core, export its data from rules_data/."""

from __future__ import annotations

from pathlib import Path

from macros.load.export import export_core_data
from macros.load.loader import load_rules

ROOT = Path(__file__).resolve().parent
export_core_data(load_rules(ROOT / "rules_data"), ROOT / "calculators")
