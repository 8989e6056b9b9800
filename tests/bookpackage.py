"""A book's own Python for the tests: one calculator, the shape an author's package takes."""

from __future__ import annotations

_TEMPLATE = '''\
"""{about}"""

from __future__ import annotations

from typing import Any

from calculators.declare import Calculator, Output, int_input
from calculators.registry import REGISTRY


def compute_glow(flasks: int) -> dict[str, Any]:
    """Hours of lantern light from ``flasks`` of oil.

    >>> compute_glow(2)["hours"]
    6
    """
    return {{"hours": 3 * flasks}}


REGISTRY.add(
    Calculator(
        "{book}.glow",
        "Lantern glow",
        inputs=(int_input("flasks", "Flasks of oil", 5, 0, 9, "Flasks carried."),),
        outputs=(Output("hours", "Hours of light", "int"),),
        compute=compute_glow,
        rule="{book}.rolling_dice",
    )
)
'''


def glow_package(book: str, about: str) -> str:
    """``books/<book>/__init__.py``: the calculator ``<book>.glow`` (3 hours a flask).

    >>> "'ember.glow'" in glow_package("ember", "Ember.").replace('"', "'")
    True
    """
    return _TEMPLATE.format(book=book, about=about)
