"""The importer reads the licence a rulebook states (the SRD 5.2's "licensed under the
Creative Commons Attribution 4.0 International License"), asks for ``--license`` where the
book states none, and writes it as ``system.license``, which the loader accepts."""

from __future__ import annotations

from pathlib import Path

import yaml

from macros.load.loader import load_rules
from tests.test_import import imported

LEGAL = """# Rules Glossary

## Legal Information

This work includes material from the System Reference Document 5.2 ("SRD 5.2") by Wizards
of the Coast LLC, available at https://www.dndbeyond.com/srd. The SRD 5.2 is licensed under
the Creative Commons Attribution 4.0 International License, available at
https://creativecommons.org/licenses/by/4.0/legalcode.

## Advantage

If you have Advantage on a D20 Test, roll two d20s and use the higher roll.
"""
PLAIN = """# Night Rules

## Sneaking

Roll 2d6 to sneak past a guard.
"""


def _system(root: Path, system: str) -> dict:
    return yaml.safe_load((root / "rules_data" / system / "system.yml").read_text("utf-8"))[
        "system"]


def test_a_licence_the_book_states_is_read(tmp_path: Path) -> None:
    source = tmp_path / "glossary.md"
    source.write_text(LEGAL, "utf-8")
    status, said = imported(tmp_path, source, system="srd")
    assert status == 0, said
    terms = _system(tmp_path, "srd")["license"]
    assert terms["spdx"] == "CC-BY-4.0"
    assert terms["url"] == "https://creativecommons.org/licenses/by/4.0/legalcode"
    assert terms["attribution"].startswith("This work includes material from the System "
                                           "Reference Document 5.2")
    assert "licence: CC-BY-4.0, as the book states it" in said
    assert load_rules(tmp_path / "rules_data").systems["srd"].license.spdx == "CC-BY-4.0"


def test_a_book_that_states_none_asks_for_license(tmp_path: Path) -> None:
    source = tmp_path / "night.md"
    source.write_text(PLAIN, "utf-8")
    status, said = imported(tmp_path, source, system="night")
    assert status == 0, said
    assert _system(tmp_path, "night")["license"]["spdx"] == "NOASSERTION"
    assert "import again with --license SPDX-ID" in said


def test_license_on_the_command_line(tmp_path: Path) -> None:
    source = tmp_path / "night.md"
    source.write_text(PLAIN, "utf-8")
    status, said = imported(tmp_path, source, system="night", license="CC-BY-SA-4.0",
                            attribution="Night Rules by A. Author",
                            license_url="https://creativecommons.org/licenses/by-sa/4.0/")
    assert status == 0, said
    terms = load_rules(tmp_path / "rules_data").systems["night"].license
    assert (terms.spdx, terms.attribution) == ("CC-BY-SA-4.0", "Night Rules by A. Author")
